/* The language switcher of every page (_base.html): choosing a language posts the form at once,
   so its button is only needed without JavaScript. Written for this project; no dependencies. */
(function () {
  "use strict";
  document.addEventListener("DOMContentLoaded", function () {
    var form = document.querySelector(".language-form");
    if (!form) {
      return;
    }
    var select = form.querySelector("select");
    var button = form.querySelector("button");
    if (button) {
      button.hidden = true;
    }
    select.addEventListener("change", function () {
      form.submit();
    });
  });
})();
