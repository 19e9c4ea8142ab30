/* global document, requestAnimationFrame, Image, MutationObserver */
// Server-rendered pages (decisions 026 and 031): no other script and no style sheet is asked
// for before the largest paint is on screen. Then the page's whole style sheets follow
// its inline critical rules (each right after its own, so the cascade keeps its order), and the
// app's modules and entry are asked for and started. Never later than 3 s, whatever the page
// does.
(function () {
  var script = document.currentScript;
  var entry = script && script.getAttribute('data-entry');
  if (!entry) return;
  var modules = (script.getAttribute('data-modules') || '').split(' ').filter(Boolean);
  var started = false;

  // What a shopper does before the app listens (a slow phone still fetching it) is done again,
  // in order, once the page is the app's (data-hydrated on <html>): the buttons clicked and the
  // fields changed, whose text or choice the page keeps but React would not know of. main.tsx
  // says when the app starts listening ('app:hydrating'); React replays what comes after.
  var early = [];
  function remember(event) {
    var target = event.target;
    if (!target || !target.closest) return;
    if (event.type === 'click') {
      var button = target.closest('button[type="button"]');
      if (button) early.push({ control: button });
      return;
    }
    if (!/^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return;
    // A field's last value, in the place of its last change (a later click may depend on it).
    early = early.filter(function (done) {
      return done.control !== target;
    });
    early.push({ control: target, value: target.value, checked: target.checked });
  }
  var heard = ['click', 'input', 'change'];
  heard.forEach(function (type) {
    document.addEventListener(type, remember, true);
  });
  document.addEventListener(
    'app:hydrating',
    function () {
      heard.forEach(function (type) {
        document.removeEventListener(type, remember, true);
      });
    },
    { once: true },
  );
  // React hears a change only when a field's value differs from the one it last saw: the field
  // is set to something else through the setter React watches, then to what was chosen through
  // the element's own, and the event follows. (A click before it may have drawn it again.)
  function changeAgain(done) {
    var field = done.control;
    if (field.type === 'checkbox' || field.type === 'radio') {
      field.checked = !done.checked;
      field.click();
      return;
    }
    field.value = done.value === '' ? ' ' : '';
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value').set.call(
      field,
      done.value,
    );
    var type = field.tagName === 'SELECT' ? 'change' : 'input';
    field.dispatchEvent(new Event(type, { bubbles: true }));
  }
  // A form sent before the page is hydrated would go the browser's way (its fields in a
  // request React never sees): it is held, React not told, and sent again through React.
  function hold(event) {
    if (!event.target || event.target.tagName !== 'FORM') return;
    event.preventDefault();
    event.stopPropagation();
    early.push({ form: event.target, submitter: event.submitter || null });
  }
  document.addEventListener('submit', hold, true);
  new MutationObserver(function (_, observer) {
    if (document.documentElement.getAttribute('data-hydrated') !== 'true') return;
    observer.disconnect();
    document.removeEventListener('submit', hold, true);
    early.forEach(function (done) {
      if (done.form) {
        if (!done.form.isConnected) return;
        var submitter = done.submitter && done.submitter.isConnected ? done.submitter : null;
        return done.form.requestSubmit(submitter);
      }
      if (!done.control.isConnected) return;
      if (done.control.tagName === 'BUTTON') done.control.click();
      else changeAgain(done);
    });
  }).observe(document.documentElement, { attributes: true, attributeFilter: ['data-hydrated'] });

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
    // Without the app (its script did not load), forms go the browser's way again.
    module.onerror = function () {
      document.removeEventListener('submit', hold, true);
    };
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
