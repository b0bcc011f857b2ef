/* "This is me" (issue 31): a player at the venue marks their own card on their phone; the
   choice stays in this browser (localStorage, per tournament; no login, nothing sent). The
   tournament page then shows that player's board of the round in play first. Written for this
   project; htmx fetches the player's board. */
(function () {
  "use strict";

  function key(slug) {
    return "swissarbiter.me." + slug;
  }

  function stored(slug) {
    try {
      return window.localStorage.getItem(key(slug)) || "";
    } catch (error) {
      return "";
    }
  }

  function remember(slug, player) {
    try {
      if (player) {
        window.localStorage.setItem(key(slug), player);
      } else {
        window.localStorage.removeItem(key(slug));
      }
    } catch (error) {
      // Private browsing without storage: the choice is simply not kept.
    }
  }

  // The player's card: the button, or "this is you" and Forget.
  var mine = document.querySelector(".this-is-me[data-slug]");
  if (mine) {
    var slug = mine.getAttribute("data-slug");
    var player = mine.getAttribute("data-player");
    var show = function () {
      var chosen = stored(slug) === player;
      mine.querySelector("[data-me=set]").hidden = chosen;
      mine.querySelector("[data-me=shown]").hidden = !chosen;
    };
    mine.hidden = false;
    show();
    mine.addEventListener("click", function (event) {
      var action = event.target.getAttribute && event.target.getAttribute("data-me");
      if (action === "set") {
        remember(slug, player);
      } else if (action === "forget") {
        remember(slug, "");
      }
      show();
    });
  }

  // The tournament page: the chosen player's board of the round in play, first.
  var slot = document.querySelector("#player-now[data-url]");
  if (slot && window.htmx) {
    var me = stored(slot.getAttribute("data-slug"));
    if (/^\d+$/.test(me)) {
      window.htmx.ajax("GET", slot.getAttribute("data-url").replace("999999", me), {
        target: "#player-now",
        swap: "outerHTML",
      });
    }
  }
})();
