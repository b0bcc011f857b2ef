/* The confirmation dialog of risky actions: the server puts it into #dialog-slot (htmx), this
   opens it as a modal, closes it on Cancel or Escape, and once the confirmed action's answer is
   swapped in elsewhere, closes it and gives the focus to what was swapped. Written for this
   project; no dependencies. */
(function () {
  "use strict";
  var refocus = null;

  function slot() {
    return document.getElementById("dialog-slot");
  }

  function clear() {
    var holder = slot();
    if (!holder) {
      return;
    }
    var dialog = holder.querySelector("dialog");
    if (dialog && dialog.open) {
      dialog.close();
    }
    holder.innerHTML = "";
  }

  document.addEventListener("htmx:beforeSwap", function (event) {
    var holder = slot();
    var source = event.detail.requestConfig && event.detail.requestConfig.elt;
    if (holder && source && holder.contains(source) && event.detail.target !== holder) {
      refocus = event.detail.target && event.detail.target.id;
      clear();
    }
  });

  document.addEventListener("htmx:afterSwap", function (event) {
    var holder = slot();
    if (!holder || event.detail.target !== holder) {
      return;
    }
    var dialog = holder.querySelector("dialog");
    if (dialog && !dialog.open) {
      dialog.addEventListener("close", function () {
        if (dialog.parentNode === holder) {
          holder.innerHTML = "";
        }
      });
      dialog.showModal();
    }
  });

  document.addEventListener("htmx:afterSettle", function () {
    if (refocus) {
      var element = document.getElementById(refocus);
      refocus = null;
      if (element && element.tabIndex >= 0) {
        element.focus();
      }
    }
  });

  document.addEventListener("click", function (event) {
    var cancel = event.target.closest ? event.target.closest("[data-dialog-cancel]") : null;
    var holder = slot();
    if (cancel && holder && holder.contains(cancel)) {
      event.preventDefault();
      clear();
    }
  });
})();
