/* Result entry at hall speed (issue 31). A key typed on a focused board row, or a button
   tapped on a phone, is queued for that board in the page and the focus moves on at once (a key:
   to the next board; a tap: stays on the board). Each board sends its keys in order, one
   request in flight per board, whatever the server's speed, and tells whether its result is
   pending, saved or refused (with the server's reason). A request lost on the network is sent
   again; a key is never entered twice: every request carries the result the board showed
   (compare-and-set), and a repeated key that finds its own result stored counts as saved.
   A correction (a board that already had a result) is confirmed in the dialog first.
   Arrow keys move between boards. Written for this project; htmx's swap puts the answers in. */
(function () {
  "use strict";
  var RETRY_MS = [500, 1000, 2000, 4000];
  var boards = {};
  var dialogsWaiting = [];
  var awaitingConfirmation = null;

  function table() {
    return document.querySelector("table.results");
  }

  function text(name) {
    var holder = table();
    return (holder && holder.getAttribute("data-" + name)) || "";
  }

  function rowOf(element) {
    return element && element.closest ? element.closest("tr.result-row") : null;
  }

  function shownRows() {
    return Array.prototype.slice.call(document.querySelectorAll("tr.result-row")).filter(function (row) {
      return !row.hidden;
    });
  }

  function sibling(row, step) {
    var rows = shownRows();
    var index = rows.indexOf(row) + step;
    return index >= 0 && index < rows.length ? rows[index] : null;
  }

  function stateOf(id) {
    if (!boards[id]) {
      boards[id] = { queue: [], busy: false, state: "", message: "", shown: "" };
    }
    return boards[id];
  }

  function pendingCount() {
    var count = 0;
    Object.keys(boards).forEach(function (id) {
      count += boards[id].queue.length + (boards[id].busy ? 1 : 0);
    });
    return count;
  }

  /* The board's row shows its state: the result being saved (muted), and a line saying
     pending, saved or why the key was refused. */
  function render(id) {
    var row = document.getElementById(id);
    var board = boards[id];
    if (!row || !board) {
      return;
    }
    var status = row.querySelector(".entry-status");
    row.classList.toggle("is-pending", board.state === "pending" || board.state === "retrying");
    row.classList.toggle("is-saved", board.state === "saved");
    row.classList.toggle("is-refused", board.state === "refused");
    row.setAttribute("data-entry", board.state);
    if (status) {
      status.className = "entry-status entry-status-" + board.state;
      status.textContent = board.message;
    }
    var cell = row.querySelector("td.result strong");
    if (cell && (board.state === "pending" || board.state === "retrying") && board.shown !== "") {
      cell.textContent = board.shown;
      cell.classList.add("result-pending");
    }
    var total = document.getElementById("entry-pending");
    if (total) {
      var count = pendingCount();
      total.hidden = count === 0;
      total.textContent = count ? text("pending-total").replace("%(count)s", count) : "";
    }
  }

  function enqueue(row, button) {
    var board = stateOf(row.id);
    var value = button.value;
    board.queue.push({ result: value, shown: value ? button.textContent.trim() : "–" });
    board.shown = value ? button.textContent.trim() : "–";
    board.state = "pending";
    board.message = text("pending");
    render(row.id);
    pump(row.id);
  }

  function pump(id) {
    var board = stateOf(id);
    if (board.busy || !board.queue.length) {
      return;
    }
    board.busy = true;
    send(id, board.queue.shift(), 0);
  }

  function finish(id, state, message) {
    var board = stateOf(id);
    board.busy = false;
    if (state === "refused" && board.queue.length) {
      message += " " + text("dropped").replace("%(count)s", board.queue.length);
      board.queue = [];
    }
    if (board.queue.length) {
      state = "pending";
      message = text("pending");
    }
    board.state = state;
    board.message = message;
    render(id);
    pump(id);
  }

  function send(id, entry, attempt) {
    var row = document.getElementById(id);
    var form = row && row.querySelector("form");
    if (!form) {
      finish(id, "refused", text("gone"));
      return;
    }
    var data = new FormData();
    data.append("csrfmiddlewaretoken", form.elements.csrfmiddlewaretoken.value);
    data.append("result", entry.result);
    data.append("expected", row.getAttribute("data-result") || "");
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
          answer(id, entry, attempt, response, body);
        });
      })
      .catch(function () {
        var board = stateOf(id);
        board.state = "retrying";
        board.message = text("retrying");
        render(id);
        window.setTimeout(function () {
          send(id, entry, attempt + 1);
        }, RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]);
      });
  }

  function statusVersion(holder) {
    var progress = holder.querySelector("#results-progress");
    return progress ? Number(progress.getAttribute("data-version")) : -1;
  }

  /* Answers to boards entered in parallel arrive in any order: the round's state and its
     count of results, which each answer carries out of band, replace those on the page only
     if they were read later (a larger version). */
  function withoutStaleStatus(body) {
    var holder = document.createElement("template");
    holder.innerHTML = body;
    if (statusVersion(holder.content) >= statusVersion(document)) {
      return body;
    }
    Array.prototype.forEach.call(holder.content.querySelectorAll("[hx-swap-oob]"), function (stale) {
      stale.parentNode.removeChild(stale);
    });
    return holder.innerHTML;
  }

  function answer(id, entry, attempt, response, body) {
    if (!response.ok) {
      var reason = response.status === 403 ? text("forbidden") : text("failed");
      finish(id, "refused", reason.replace("%(status)s", response.status));
      return;
    }
    if (response.headers.get("HX-Retarget")) {
      confirmLater(id, body);
      return;
    }
    stateOf(id).state = ""; // the answer's row shows the stored result until finish() says more
    var hidden = document.getElementById(id).hidden;
    htmx.swap(document.getElementById(id), withoutStaleStatus(body), { swapStyle: "outerHTML" });
    var row = document.getElementById(id);
    if (row) {
      row.hidden = hidden; // the finder's filter stays as the arbiter set it
    }
    var error = row && row.querySelector(".field-error");
    if (row && error && attempt > 0 && row.getAttribute("data-result") === entry.result) {
      // An earlier attempt was saved but its answer was lost on the way.
      error.parentNode.removeChild(error);
      row.classList.remove("has-error");
      error = null;
    }
    if (error) {
      // The reason goes to the board's status line, once.
      error.parentNode.removeChild(error);
      finish(id, "refused", error.textContent.trim());
    } else {
      finish(id, "saved", text("saved"));
    }
  }

  /* A correction: the server answers a confirmation dialog. One dialog at a time; the board
     waits until the arbiter confirms (the dialog's answer replaces the row) or cancels. */
  function confirmLater(id, body) {
    var board = stateOf(id);
    board.state = "pending";
    board.message = text("confirm");
    render(id);
    dialogsWaiting.push({ id: id, body: body });
    showNextDialog();
  }

  function showNextDialog() {
    var slot = document.getElementById("dialog-slot");
    if (awaitingConfirmation || !slot || !dialogsWaiting.length) {
      return;
    }
    var next = dialogsWaiting.shift();
    awaitingConfirmation = next.id;
    htmx.swap(slot, next.body, { swapStyle: "innerHTML" }, { eventInfo: { target: slot } });
  }

  function confirmationEnded(state, message) {
    var id = awaitingConfirmation;
    awaitingConfirmation = null;
    if (id) {
      finish(id, state, message);
    }
    showNextDialog();
  }

  document.addEventListener("htmx:afterSwap", function (event) {
    var target = event.detail && event.detail.target;
    if (awaitingConfirmation && target && target.id === awaitingConfirmation) {
      var row = document.getElementById(awaitingConfirmation);
      var error = row && row.querySelector(".field-error");
      confirmationEnded(error ? "refused" : "saved", error ? error.textContent.trim() : text("saved"));
    }
  });

  // The dialog slot emptied while a board still waits for its confirmation: cancelled (Cancel,
  // Escape). A confirmed correction's answer has replaced the row before the slot empties.
  function watchDialogSlot() {
    var slot = document.getElementById("dialog-slot");
    if (!slot || !window.MutationObserver) {
      return;
    }
    new MutationObserver(function () {
      window.setTimeout(function () {
        if (awaitingConfirmation && !slot.querySelector("dialog[open]")) {
          confirmationEnded("refused", text("cancelled"));
        }
      }, 0);
    }).observe(slot, { childList: true });
  }

  watchDialogSlot();

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

  // A tap on a board's button (the phone): queued the same way; the focus stays on the board.
  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("tr.result-row button[data-key]") : null;
    if (!button) {
      return;
    }
    event.preventDefault();
    var row = rowOf(button);
    var more = button.closest("details");
    if (more) {
      more.open = false;
    }
    row.focus({ preventScroll: true });
    enqueue(row, button);
  });

  // htmx swaps a board's row (the answer of a confirmed correction): its state is shown again.
  document.addEventListener("htmx:afterSettle", function () {
    Object.keys(boards).forEach(render);
  });

  window.addEventListener("beforeunload", function (event) {
    if (pendingCount()) {
      event.preventDefault();
      event.returnValue = "";
    }
  });
})();
