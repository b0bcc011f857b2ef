/* Result entry from the keyboard: on a focused board row, a key picks the result (the row's
   button with that data-key is clicked, htmx posts it) and the focus moves to the next board.
   Arrow keys move between boards. Written for this project; no dependencies. */
(function () {
  "use strict";
  var pending = null;

  function rowOf(element) {
    return element && element.closest ? element.closest("tr.result-row") : null;
  }

  function sibling(row, step) {
    var rows = Array.prototype.slice.call(document.querySelectorAll("tr.result-row"));
    var index = rows.indexOf(row) + step;
    return index >= 0 && index < rows.length ? rows[index] : null;
  }

  document.addEventListener("keydown", function (event) {
    var row = rowOf(event.target);
    if (!row || event.ctrlKey || event.metaKey || event.altKey) {
      return;
    }
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      var target = sibling(row, event.key === "ArrowDown" ? 1 : -1);
      if (target) {
        target.focus();
      }
      event.preventDefault();
      return;
    }
    var buttons = row.querySelectorAll("button[data-key]");
    for (var i = 0; i < buttons.length; i += 1) {
      if (buttons[i].getAttribute("data-key") === event.key) {
        event.preventDefault();
        var next = sibling(row, 1);
        pending = { row: row.id, next: next ? next.id : row.id };
        buttons[i].click();
        return;
      }
    }
  });

  document.addEventListener("htmx:afterSettle", function () {
    if (!pending) {
      return;
    }
    var swapped = document.getElementById(pending.row);
    var focus = swapped && swapped.classList.contains("has-error") ? swapped : document.getElementById(pending.next);
    pending = null;
    if (focus) {
      focus.focus();
    }
  });
})();
