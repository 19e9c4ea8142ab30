/* global document, requestAnimationFrame, Image */
// Server-rendered pages (decisions 026 and 031): nothing but the page and its largest image is
// asked for before the largest paint is on screen. Then the page's whole style sheets follow
// its inline critical rules (each right after its own, so the cascade keeps its order), and the
// app's modules and entry are asked for and started. Never later than 3 s, whatever the page
// does.
(function () {
  var script = document.currentScript;
  var entry = script && script.getAttribute('data-entry');
  if (!entry) return;
  var modules = (script.getAttribute('data-modules') || '').split(' ').filter(Boolean);
  var started = false;

  function link(rel, href) {
    var element = document.createElement('link');
    element.rel = rel;
    element.crossOrigin = '';
    element.href = href;
    return element;
  }

  function start() {
    if (started) return;
    started = true;
    var inline = document.querySelectorAll('style[data-href]');
    for (var i = 0; i < inline.length; i++) {
      inline[i].after(link('stylesheet', inline[i].getAttribute('data-href')));
    }
    for (var j = 0; j < modules.length; j++) {
      document.head.appendChild(link('modulepreload', modules[j]));
    }
    var module = document.createElement('script');
    module.type = 'module';
    module.crossOrigin = '';
    module.src = entry;
    document.head.appendChild(module);
  }
  function afterPaint() {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  }
  setTimeout(start, 3000);

  var lead = document.querySelector('link[rel="preload"][as="image"]');
  var observes =
    typeof PerformanceObserver !== 'undefined' &&
    (PerformanceObserver.supportedEntryTypes || []).indexOf('largest-contentful-paint') >= 0;
  if (!lead || typeof Image === 'undefined') {
    if (!observes) return afterPaint();
    // The first largest-paint candidate is the page's first paint of content.
    var first = new PerformanceObserver(function () {
      first.disconnect();
      afterPaint();
    });
    return first.observe({ type: 'largest-contentful-paint', buffered: true });
  }
  // With a largest image: once it is decoded and some content has painted, the next frame
  // shows it (or it was smaller than that content); its own paint, when reported, is enough.
  var decoded = false;
  var painted = !observes;
  function whenBoth() {
    if (decoded && painted) afterPaint();
  }
  if (observes) {
    var observer = new PerformanceObserver(function (list) {
      var entries = list.getEntries();
      painted = true;
      for (var k = 0; k < entries.length; k++) {
        if (entries[k].url === lead.href) {
          observer.disconnect();
          return afterPaint();
        }
      }
      whenBoth();
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
  }
  var image = new Image();
  image.src = lead.href;
  (image.decode ? image.decode() : Promise.resolve()).then(
    function () {
      decoded = true;
      whenBoth();
    },
    function () {
      decoded = true;
      whenBoth();
    },
  );
})();
