/* The check-in desk at hall speed (issue 32), after the result entry's keys (result-keys.js):
   a key typed on a focused player's row (p present, a absent, w withdraws, Backspace clears),
   or a button tapped on a phone, is queued for that player and the focus moves on at once (a
   key: to the next player; a tap: stays). Each player's keys are sent in order, one request in
   flight per player, whatever the server's speed; a request lost on the network is sent again,
   and every request carries the mark the row showed (compare-and-set), so a repeated key that
   finds its own mark stored counts as saved and a mark changed meanwhile (a phone's check-in)
   is reported, not overwritten. "/" goes to the finder (a pairing number or part of a name;
   "Not checked in only"), Escape comes back. Written for this project. */
(function () {
  "use strict";
  var RETRY_MS = [500, 1000, 2000, 4000];
  var players = {};

  function table() {
    return document.querySelector("table.check-in-list");
  }

  function text(name) {
    var holder = table();
    return (holder && holder.getAttribute("data-" + name)) || "";
  }

  function rowOf(element) {
    return element && element.closest ? element.closest("tr.check-in-row") : null;
  }

  function shownRows() {
    return Array.prototype.slice.call(document.querySelectorAll("tr.check-in-row")).filter(function (row) {
      return !row.hidden;
    });
  }

  function sibling(row, step) {
    var rows = shownRows();
    var index = rows.indexOf(row) + step;
    return index >= 0 && index < rows.length ? rows[index] : null;
  }

  function stateOf(id) {
    if (!players[id]) {
      players[id] = { queue: [], busy: false, state: "", message: "" };
    }
    return players[id];
  }

  function pendingCount() {
    var count = 0;
    Object.keys(players).forEach(function (id) {
      count += players[id].queue.length + (players[id].busy ? 1 : 0);
    });
    return count;
  }

  function render(id) {
    var row = document.getElementById(id);
    var player = players[id];
    if (!row || !player) {
      return;
    }
    row.classList.toggle("is-pending", player.state === "pending" || player.state === "retrying");
    row.classList.toggle("is-saved", player.state === "saved");
    row.classList.toggle("is-refused", player.state === "refused");
    row.setAttribute("data-entry", player.state);
    var status = row.querySelector(".entry-status");
    if (status) {
      status.className = "entry-status entry-status-" + player.state;
      status.textContent = player.message;
    }
    var present = document.getElementById("check-in-present");
    if (present) {
      present.textContent = document.querySelectorAll("tr.check-in-row[data-status=present]").length;
    }
    var total = document.getElementById("entry-pending");
    if (total) {
      var count = pendingCount();
      total.hidden = count === 0;
      total.textContent = count ? text("pending-total").replace("%(count)s", count) : "";
    }
  }

  function enqueue(row, button) {
    var player = stateOf(row.id);
    player.queue.push(button.value);
    player.state = "pending";
    player.message = text("pending");
    var mark = row.querySelector(".check-in-mark");
    if (mark) {
      mark.textContent = button.value ? button.textContent.trim() : "–";
      mark.classList.add("result-pending");
    }
    render(row.id);
    pump(row.id);
  }

  function pump(id) {
    var player = stateOf(id);
    if (player.busy || !player.queue.length) {
      return;
    }
    player.busy = true;
    send(id, player.queue.shift(), 0);
  }

  function finish(id, state, message) {
    var player = stateOf(id);
    player.busy = false;
    if (state === "refused" && player.queue.length) {
      message += " " + text("dropped").replace("%(count)s", player.queue.length);
      player.queue = [];
    }
    if (player.queue.length) {
      state = "pending";
      message = text("pending");
    }
    player.state = state;
    player.message = message;
    render(id);
    pump(id);
  }

  function send(id, status, attempt) {
    var row = document.getElementById(id);
    var form = row && row.querySelector("form");
    if (!form) {
      finish(id, "refused", text("gone"));
      return;
    }
    var data = new FormData();
    data.append("csrfmiddlewaretoken", form.elements.csrfmiddlewaretoken.value);
    data.append("status", status);
    data.append("expected", row.getAttribute("data-status") || "");
    fetch(form.getAttribute("action"), {
      method: "POST",
      body: data,
      credentials: "same-origin",
      headers: { "HX-Request": "true", "HX-Current-URL": window.location.href },
    })
      .then(function (response) {
        if (response.status >= 502 && response.status <= 504) {
          throw new Error("unavailable");
        }
        return response.text().then(function (body) {
          answer(id, status, attempt, response, body);
        });
      })
      .catch(function () {
        var player = stateOf(id);
        player.state = "retrying";
        player.message = text("retrying");
        render(id);
        window.setTimeout(function () {
          send(id, status, attempt + 1);
        }, RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]);
      });
  }

  function answer(id, status, attempt, response, body) {
    if (!response.ok) {
      var reason = response.status === 403 ? text("forbidden") : text("failed");
      finish(id, "refused", reason.replace("%(status)s", response.status));
      return;
    }
    var old = document.getElementById(id);
    var hidden = old.hidden;
    var focused = document.activeElement === old;
    htmx.swap(old, body, { swapStyle: "outerHTML" });
    var row = document.getElementById(id);
    if (row) {
      row.hidden = hidden;
      if (focused) {
        row.focus({ preventScroll: true });
      }
    }
    var error = row && row.querySelector(".field-error");
    if (row && error && attempt > 0 && row.getAttribute("data-status") === status) {
      error.parentNode.removeChild(error); // an earlier attempt was saved, its answer lost
      row.classList.remove("has-error");
      error = null;
    }
    if (error) {
      error.parentNode.removeChild(error);
      finish(id, "refused", error.textContent.trim());
    } else {
      finish(id, "saved", text("saved"));
    }
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
    if (event.key === "/" && field) {
      event.preventDefault();
      field.focus();
      field.select();
      return;
    }
    var buttons = row.querySelectorAll("button[data-key]");
    for (var i = 0; i < buttons.length; i += 1) {
      if (buttons[i].getAttribute("data-key") === event.key) {
        event.preventDefault();
        if (event.repeat) {
          return;
        }
        var next = sibling(row, 1);
        (next || row).focus();
        enqueue(row, buttons[i]);
        return;
      }
    }
  });

  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("tr.check-in-row button[data-key]") : null;
    if (!button) {
      return;
    }
    event.preventDefault();
    var row = rowOf(button);
    row.focus({ preventScroll: true });
    enqueue(row, button);
  });

  window.addEventListener("beforeunload", function (event) {
    if (pendingCount()) {
      event.preventDefault();
      event.returnValue = "";
    }
  });

  /* The finder: a pairing number (Enter goes to that player) or part of a name. */
  var finder = document.getElementById("check-in-finder");
  var field = document.getElementById("check-in-find");
  var missing = document.getElementById("check-in-missing");
  if (!finder || !field || !missing) {
    return;
  }
  finder.hidden = false;

  function fold(value) {
    return value.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().trim();
  }

  function matches(row, query) {
    if (!query) {
      return true;
    }
    if (/^\d+$/.test(query)) {
      return row.getAttribute("data-number") === String(Number(query));
    }
    return fold(row.getAttribute("data-names") || "").indexOf(query) >= 0;
  }

  function apply() {
    var query = fold(field.value);
    var shown = 0;
    Array.prototype.forEach.call(document.querySelectorAll("tr.check-in-row"), function (row) {
      var show = matches(row, query) && !(missing.checked && row.getAttribute("data-status"));
      row.hidden = !show;
      shown += show ? 1 : 0;
    });
    var none = document.getElementById("check-in-none");
    if (none) {
      none.hidden = shown > 0;
    }
  }

  field.addEventListener("input", apply);
  missing.addEventListener("change", apply);
  field.addEventListener("keydown", function (event) {
    if (event.key === "Enter" || event.key === "ArrowDown") {
      event.preventDefault();
      var first = shownRows()[0];
      if (first) {
        first.focus();
      }
    } else if (event.key === "Escape") {
      event.preventDefault();
      var row = shownRows()[0];
      if (row) {
        row.focus();
      }
    }
  });
})();
