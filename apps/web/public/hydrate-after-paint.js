/* global document, requestAnimationFrame, Image */
// Server-rendered pages (decision 026): the app's entry starts once the page's largest paint is
// on screen (its preloaded image decoded, then one frame), so that the scripts' download and
// start-up do not hold the paint back. Never later than 3 s, whatever the image does.
(function () {
  var script = document.currentScript;
  var entry = script && script.getAttribute('data-entry');
  if (!entry) return;
  var started = false;
  function start() {
    if (started) return;
    started = true;
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
  if (!lead || typeof Image === 'undefined') return afterPaint();
  var image = new Image();
  image.src = lead.href;
  (image.decode ? image.decode() : Promise.resolve()).then(afterPaint, afterPaint);
})();
