/* Push for the public pages (issue 22; docs/public-pages.md): the element with data-events
   listens to the tournament's server-sent events; when the version changes it fires
   "version-changed" on the body, which the polled fragments also refresh on
   (hx-trigger="every 30s, version-changed from:body"). Polling stays the fallback: without
   EventSource, or while the stream is down, the fragments keep asking every 30 s (a 304 when
   nothing changed). Written for this project; no dependencies. */
(function () {
  "use strict";
  var holder = document.querySelector("[data-events]");
  if (!holder || !window.EventSource) {
    return;
  }
  var seen = null;
  var events = new EventSource(holder.getAttribute("data-events"));
  events.addEventListener("version", function (event) {
    if (seen !== null && event.data !== seen) {
      document.body.dispatchEvent(new CustomEvent("version-changed"));
    }
    seen = event.data;
  });
})();
