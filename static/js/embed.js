// Embeds a SwissArbiter widget in a club's page (docs/manual/public-hub.md "Widgets"):
//   <script src="https://SITE/static/js/embed.js" data-tournament="SLUG"
//           data-widget="standings|pairings|current" data-lang="fr" data-theme="dark"
//           data-accent="green" data-rows="10" async></script>
// The iframe goes where the script is, and takes the widget's height.
(function () {
  "use strict";
  var script = document.currentScript;
  if (!script || !script.dataset.tournament) return;
  var kinds = { standings: "standings", pairings: "pairings", current: "current" };
  var kind = kinds[script.dataset.widget] || "standings";
  var url = new URL("../../t/" + encodeURIComponent(script.dataset.tournament) +
    "/widget/" + kind + "/", script.src);
  ["lang", "theme", "accent", "rows", "round"].forEach(function (name) {
    if (script.dataset[name]) url.searchParams.set(name, script.dataset[name]);
  });
  var frame = document.createElement("iframe");
  frame.src = url.toString();
  frame.name = "swissarbiter-" + kind + "-" + Math.random().toString(36).slice(2);
  frame.title = script.dataset.title || "Chess tournament";
  frame.loading = "lazy";
  frame.style.width = "100%";
  frame.style.border = "0";
  frame.style.height = "320px";
  script.parentNode.insertBefore(frame, script.nextSibling);
  window.addEventListener("message", function (event) {
    var data = event.data || {};
    if (event.origin === url.origin && data.swissarbiterWidget === frame.name && data.height) {
      frame.style.height = Math.ceil(data.height) + "px";
    }
  });
})();
