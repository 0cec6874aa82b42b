// hackenbook's play as a page loads it: a page pays for play only when a reader asks for it. It
// gives each figure with a play table (figure[data-play]) its Play button, and each figure kept
// static (figure[data-play-static]) its note; the first press of any Play button loads the
// scripts play needs, named by this script's data-load ("pieces.js board.js player.js"), one
// after another in that order, by script elements (so a page opened from file:// needs no
// fetch), and then plays the figure pressed as player.js plays it. player.js takes the button
// made here (`bar`) and makes no second one. A page whose play scripts load with it
// (investigate.html: no data-load) uses only `bar`.
"use strict";
(function () {
  var play = (window.hackenbookPlay = window.hackenbookPlay || {}), me = document.currentScript;
  var wanted = (me && me.getAttribute("data-load")) || "", loaded;

  // The figure's bar under its drawing, made once: the Play button (returned), or the note of
  // why the figure is not played (null).
  play.bar = function (fig) {
    var bar = fig.querySelector(".play-bar"), why = fig.getAttribute("data-play-static");
    if (bar) return bar.querySelector(".play-button");
    fig.insertAdjacentHTML("beforeend", '<div class="play-bar">' + (why ? '<p class="play-note"></p>' : '<button type="button" class="play-button" aria-label="Play this position">Play</button>') + "</div>");
    bar = fig.lastChild.firstChild;
    if (why) bar.textContent = why;
    return why ? null : bar;
  };

  // Loads the play scripts once, in order; resolves when the last has run.
  play.load = function () {
    return (loaded = loaded || wanted.split(" ").reduce(function (prev, name) {
      return prev.then(function () {
        return new Promise(function (ran, fail) {
          var s = document.createElement("script");
          s.src = name;
          s.onload = ran;
          s.onerror = fail;
          document.head.appendChild(s);
        });
      });
    }, Promise.resolve()));
  };

  function init() {
    var pressed;
    document.querySelectorAll("figure[data-play],figure[data-play-static]").forEach(function (fig) {
      var open = fig.querySelector("svg.hb-diagram") && play.bar(fig);
      // A press once player.js has run (it registers `setup` and gives every button its press)
      // is player.js's alone. The first press before that loads the scripts, after which the
      // last button pressed meanwhile is pressed again.
      if (open)
        open.addEventListener("click", function () {
          if (!pressed && !play.setup)
            play.load().then(function () {
              pressed.click();
            }, function () {
              loaded = pressed = null;
            });
          pressed = open;
        });
    });
  }
  if (wanted) document.readyState === "loading" ? document.addEventListener("DOMContentLoaded", init) : init();
})();
