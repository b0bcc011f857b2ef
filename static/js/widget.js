// A widget page (hub/widgets.py) tells the page that frames it how tall it is, so that
// static/js/embed.js sizes the iframe without a scroll bar.
(function () {
  "use strict";
  function tell() {
    if (window.parent === window) return;
    window.parent.postMessage(
      { swissarbiterWidget: window.name, height: document.documentElement.scrollHeight },
      "*"
    );
  }
  window.addEventListener("load", tell);
  window.addEventListener("resize", tell);
})();
