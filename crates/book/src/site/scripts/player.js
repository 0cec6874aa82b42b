// hackenbook's player: every diagram with a play table (figure[data-play]) can be played in the
// page. The script computes no value and no move: it follows the table the build wrote and shows
// the values the build typeset once for the page (#play-values). Every game's board, Hackenbush's
// too, plays one format, its table of items shown and moves (`g3`,
// crates/rulesets/src/play/compact.rs), read by `board.js`, loaded before this script; the
// investigate page plays the edge game of `edges.js` on the table investigate.js builds. Each
// registers itself in window.hackenbookPlay. Each format is a "game"
// (what stands, which moves there are, what a click means, how a move is told, and its values
// when the page's pool does not show them); the panel, the verdict, undo and reset, the solver's
// replies and the keyboard are shared. A page that draws its figures itself (investigate.js)
// registers its own format and sets each new figure up (window.hackenbookPlay.setup). The Play
// button is play.js's (`bar`), which loads this script on its first press; without them the page
// shows the static diagram.
"use strict";
(function () {
  var ALPHA = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  var NAME = { L: "Left", R: "Right" };
  var OUTCOME = {
    L: "Left wins, whoever starts.",
    R: "Right wins, whoever starts.",
    P: "Whoever moves next loses.",
    N: "Whoever moves next wins.",
  };
  // What a format's script (edges.js, board.js) shares with this one.
  var LIB = { ALPHA: ALPHA, NAME: NAME, other: other, all: all, attrs: attrs, onKey: onKey };

  function other(s) {
    return s === "L" ? "R" : "L";
  }

  function all(root, selector) {
    return Array.prototype.slice.call(root.querySelectorAll(selector));
  }

  // Sets each attribute of `a` on `el` (null removes it); returns `el`.
  function attrs(el, a) {
    for (var k in a) a[k] === null ? el.removeAttribute(k) : el.setAttribute(k, a[k]);
    return el;
  }

  // Enter or Space on `el` acts as a click; returns the listener (to remove it).
  function onKey(el, act) {
    function key(ev) {
      if (ev.key === "Enter" || ev.key === " ") {
        ev.preventDefault();
        act();
      }
    }
    el.addEventListener("keydown", key);
    return key;
  }

  function append(parent, children) {
    children.forEach(function (c) {
      parent.appendChild(c);
    });
    return parent;
  }

  // ---------------------------------------------------------------------------------------------
  // The controls, one for every format.

  function make(tag, cls, text) {
    var el = document.createElement(tag);
    if (cls) el.className = cls;
    if (text) el.textContent = text;
    return el;
  }

  function button(label, onClick) {
    var b = make("button", "play-button", label);
    b.type = "button";
    b.addEventListener("click", onClick);
    return b;
  }

  function select(label, options) {
    var wrap = make("label", "play-choice", label + " ");
    var s = make("select");
    options.forEach(function (o) {
      var opt = make("option", null, o[1]);
      opt.value = o[0];
      s.appendChild(opt);
    });
    wrap.appendChild(s);
    return { label: wrap, select: s };
  }

  function setup(fig) {
    var svg = fig.querySelector("svg.hb-diagram");
    if (!svg) return;
    // The figure's Play button, or its note when it is not played (play.js).
    var formats = window.hackenbookPlay, open = formats.bar(fig);
    if (!open) return;
    var text = fig.getAttribute("data-play"), format = text.split(";", 1)[0];
    if (!formats[format]) return;
    var game = formats[format](LIB, svg, text, fig.getAttribute("data-play-game"), fig.getAttribute("data-play-players"));
    // An entry's value, typeset by the build (the page's pool) unless the game shows its own.
    var view = game.view;
    if (!view) {
      var pool = document.querySelectorAll("#play-values > span");
      var values = fig.getAttribute("data-play-values").split(" ").map(function (i) {
        return pool[+i];
      });
      view = function (i) {
        var v = game.value(i), span = values[v];
        return {
          html: span.innerHTML,
          data: span.getAttribute("data-value"),
          words: span.getAttribute("data-words"),
          outcome: game.outcomes[v],
        };
      };
    }
    open.addEventListener("click", start);

    var panel, live, shown, said, history, vs = null, timer = null, role = svg.getAttribute("role");

    function here() {
      return history[history.length - 1].entry;
    }

    function start() {
      open.hidden = true;
      attrs(svg, { role: "group", "aria-label": game.ask });
      panel = make("div", "play-panel");
      shown = make("p", "play-status");
      said = make("p", "play-said");
      live = attrs(make("p", "visually-hidden"), { "aria-live": "polite" });
      var side = select("You play", [["L", "Left (blue)"], ["R", "Right (red)"]]);
      var starts = select("first move:", [["you", "you"], ["solver", "the solver"]]);
      var setupRow = append(make("div", "play-setup"), [
        side.label,
        starts.label,
        button("Start", function () {
          var you = side.select.value;
          vs = { you: you, first: starts.select.value === "you" ? you : other(you) };
          setupRow.hidden = true;
          reset();
        }),
      ]);
      setupRow.hidden = true;
      var controls = append(make("div", "play-controls"), [
        button("Undo", undo),
        button("Reset", reset),
        button("Against the solver…", function () {
          setupRow.hidden = !setupRow.hidden;
        }),
        button("Close", close),
      ]);
      append(panel, [shown, said, controls, setupRow, live]);
      fig.insertBefore(panel, svg.nextSibling);
      // The game starts once the figure is in play (and drawn at its size in play).
      var first = game.start(choose);
      history = [{ entry: 0 }];
      draw();
      said.textContent = game.intro() + stuck();
      (first || panel).focus();
    }

    function close() {
      clearTimeout(timer);
      vs = null;
      history = [{ entry: 0 }];
      draw();
      game.stop();
      game.show(0);
      panel.remove();
      attrs(svg, { role: role, "aria-label": null });
      open.hidden = false;
      open.focus();
    }

    // Show the current entry, its value and who wins.
    function draw() {
      var i = here(), v = view(i);
      game.show(i);
      if (!shown) return;
      var el = attrs(make("span", "play-value"), { "data-value": v.data });
      el.innerHTML = v.html;
      shown.textContent = "Value ";
      append(shown, [el, document.createTextNode(" · " + OUTCOME[v.outcome])]);
    }

    function announce(text) {
      said.textContent = text;
      live.textContent = text;
    }

    function words(i) {
      return view(i).words;
    }

    // The reader chose a target (by key: focus moves on to the next target).
    function choose(target, byKey) {
      var i = here(), last = history[history.length - 1].mover;
      var chosen = game.pick(i, target, vs ? vs.you : null, last);
      if (!chosen) return;
      if (vs && (timer || vs.toMove !== vs.you || !game.moves(i, vs.you).length))
        return announce(vs.over ? vs.over : "Wait for the solver's move.");
      if (chosen.refuse) return announce(chosen.refuse);
      play(chosen.move, chosen.mover);
      if (byKey) (game.next(here()) || panel.querySelector("button")).focus();
    }

    function play(move, mover) {
      var i = here(), j = game.after(i, move);
      history.push({ entry: j, mover: mover });
      if (vs) vs.toMove = other(mover);
      draw();
      var text = game.tell(i, j, move, mover, vs) + "; the value is " + words(j) + ".";
      announce(text + (vs ? " " + verdict() : stuck()));
    }

    // Against the solver: who has won (the side to move has no move), or whose move it is (the
    // solver's is scheduled).
    function verdict() {
      vs.over = null;
      if (!game.moves(here(), vs.toMove).length)
        vs.over = vs.toMove === vs.you ? "You have no move: the solver wins." : "The solver has no move: you win!";
      else if (vs.toMove !== vs.you) later();
      return vs.over || (vs.toMove === vs.you ? "Your move." : "The solver moves next.");
    }

    // In free play: a side with no move has lost if it is to move (after a move by one side,
    // the other side is).
    function stuck() {
      var last = history[history.length - 1].mover, out = "";
      (last ? [other(last)] : ["L", "R"]).forEach(function (s) {
        if (!game.moves(here(), s).length)
          out += " " + NAME[s] + " has no move: " + NAME[other(s)] + " wins" + (last ? "." : " when " + NAME[s] + " is to move.");
      });
      return out;
    }

    // The solver's reply: a winning move when it has one, else any legal move.
    function later() {
      timer = setTimeout(function () {
        timer = null;
        var i = here(), s = vs.toMove;
        var choice = game.winning(i, s).concat(game.moves(i, s))[0];
        if (choice !== undefined) play(choice, s);
      }, 450);
    }

    function undo() {
      clearTimeout(timer);
      timer = null;
      if (history.length < 2) return;
      var last = history.pop();
      if (vs) {
        // Back to the reader's move: take back the solver's reply and the reader's move.
        while (last.mover !== vs.you && history.length > 1) last = history.pop();
        vs.toMove = last.mover || vs.you;
      }
      draw();
      announce(game.taken + "; the value is " + words(here()) + "." + (vs ? " " + verdict() : stuck()));
    }

    function reset() {
      clearTimeout(timer);
      timer = null;
      history = [{ entry: 0 }];
      draw();
      var text = "Back to the start; the value is " + words(0) + ".";
      if (vs) {
        vs.toMove = vs.first;
        text += " You play " + NAME[vs.you] + " against the solver. " + verdict();
      } else text += stuck();
      announce(text);
    }
  }

  function init() {
    all(document, "figure[data-play], figure[data-play-static]").forEach(setup);
  }
  // A page that draws its figures itself (investigate.js) sets each new one up.
  (window.hackenbookPlay = window.hackenbookPlay || {}).setup = setup;
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
