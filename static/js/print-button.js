/* A "Print" button (data-print) opens the browser's print dialog: the print stylesheet keeps
   the page's table only. Written for this project; no dependencies. */
(function () {
  "use strict";
  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("[data-print]") : null;
    if (button) {
      event.preventDefault();
      window.print();
    }
  });
})();
