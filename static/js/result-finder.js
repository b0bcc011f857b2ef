/* The result entry's fast paths (issue 31): "Missing results only" shows the boards without a
   result; the finder takes a board number (Enter jumps to that board) or part of a player's
   name (the boards of the players found, accents and case ignored). Board numbers are the hall's
   (data-hall-board: a section's boards may start at 101, issue 32). "/" on a board goes to the finder,
   Escape goes back to the boards. Rows are only hidden when the arbiter asks (a tick, a search),
   never while results come in, so nothing moves under a finger. Written for this project. */
(function () {
  "use strict";
  var finder = document.getElementById("results-finder");
  var field = document.getElementById("results-find");
  var missing = document.getElementById("results-missing");
  if (!finder || !field || !missing) {
    return;
  }
  finder.hidden = false;
  var help = document.querySelector("details.help");
  if (help && window.matchMedia("(max-width: 47.99rem)").matches) {
    help.open = false; // a phone has no keyboard to learn: the boards come first
  }

  function rows() {
    return Array.prototype.slice.call(document.querySelectorAll("tr.result-row"));
  }

  function fold(value) {
    return value.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().trim();
  }

  function matches(row, query) {
    if (!query) {
      return true;
    }
    if (/^\d+$/.test(query)) {
      return row.getAttribute("data-hall-board") === String(Number(query));
    }
    return fold(row.getAttribute("data-names") || "").indexOf(query) >= 0;
  }

  function apply() {
    var query = fold(field.value);
    var shown = 0;
    rows().forEach(function (row) {
      var show = matches(row, query) && !(missing.checked && row.getAttribute("data-result"));
      row.hidden = !show;
      shown += show ? 1 : 0;
    });
    var none = document.getElementById("results-none");
    if (none) {
      none.hidden = shown > 0;
    }
  }

  function firstShown() {
    var query = fold(field.value);
    if (/^\d+$/.test(query)) {
      var board = document.querySelector('tr.result-row[data-hall-board="' + Number(query) + '"]');
      if (board && !board.hidden) {
        return board;
      }
    }
    return rows().filter(function (row) {
      return !row.hidden;
    })[0];
  }

  field.addEventListener("input", apply);
  missing.addEventListener("change", apply);

  field.addEventListener("keydown", function (event) {
    if (event.key === "Enter") {
      event.preventDefault();
      var target = firstShown();
      if (/^\d+$/.test(fold(field.value))) {
        // A board number: jump there, and show every board again for the next one.
        field.value = "";
        apply();
      }
      if (target) {
        target.focus();
        target.scrollIntoView({ block: "nearest" });
      }
    } else if (event.key === "Escape") {
      field.value = "";
      apply();
      var first = firstShown();
      if (first) {
        first.focus();
      }
    }
  });

  document.addEventListener("keydown", function (event) {
    var row = event.target.closest ? event.target.closest("tr.result-row") : null;
    if (row && event.key === "/" && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      field.focus();
      field.select();
    }
  });

  // The rows htmx or the result queue swap in come back hidden or shown as their boards were.
  document.addEventListener("htmx:afterSwap", function (event) {
    var target = event.detail && event.detail.target;
    if (target && target.id && /^board-\d+$/.test(target.id)) {
      var row = document.getElementById(target.id);
      if (row && target !== row) {
        row.hidden = target.hidden;
      }
    }
  });
})();
