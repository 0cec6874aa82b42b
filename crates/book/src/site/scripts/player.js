// hackenbook's player: every diagram with a play table (figure[data-play]) can be played in the
// page. The script computes no value and no move: it follows the table the build wrote and shows
// the values the build typeset once for the page (#play-values). Two formats, one control: a
// Hackenbush diagram's table of standing edges (`v1`, crates/rulesets/src/hackenbush/play/
// compact.rs), here, and any other game's table of items shown and moves (`g1`, crates/rulesets/
// src/play/compact.rs), in `board.js`, which only pages with such boards load (before this
// script; it registers itself in window.hackenbookPlay). Each format is a "game" (what stands,
// which moves there are, what a click means, how a move is told); the panel, the verdict, undo
// and reset, the solver's replies and the keyboard are shared. Without this script the page shows
// the static diagram.
"use strict";
(function () {
  var ALPHA = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  var COLOUR = { L: "blue", R: "red", G: "green" };
  var NAME = { L: "Left", R: "Right" };
  var OUTCOME = {
    L: "Left wins, whoever starts.",
    R: "Right wins, whoever starts.",
    P: "Whoever moves next loses.",
    N: "Whoever moves next wins.",
  };
  var SVGNS = "http://www.w3.org/2000/svg";
  // What another format's script (board.js) shares with this one.
  // A format whose positions are computed in the page (investigate.js) builds on the edge game.
  var LIB = { ALPHA: ALPHA, NAME: NAME, other: other, all: all, attrs: attrs, onKey: onKey, edgesGame: edgesGame };

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

  function bitsIn(x) {
    var c = 0;
    for (; x; x &= x - 1) c++;
    return c;
  }

  // ---------------------------------------------------------------------------------------------
  // Hackenbush (v1): per entry its standing edges, value index, legal cuts, winning cuts.

  function decodeEdges(text) {
    var f = text.split(";");
    if (f.length !== 6 || f[0] !== "v1") throw new Error("player.js: unknown play table");
    var colours = f[1], childish = f[2] === "c", outcomes = f[3], count = +f[4], bits = f[5];
    var n = colours.length, vb = 0, at = 0, entries = [];
    while (1 << vb < outcomes.length) vb++;
    function take(width) {
      var v = 0;
      for (var b = 0; b < width; b++, at++) {
        var d = ALPHA.indexOf(bits.charAt((at / 6) | 0));
        if (d < 0) throw new Error("player.js: play table ends early");
        v |= ((d >> at % 6) & 1) << b;
      }
      return v >>> 0;
    }
    for (var i = 0; i < count; i++) {
      var e = { set: take(n), value: take(vb), cuts: [], L: [], R: [] };
      for (var k = 0; k < n; k++) {
        if (!(e.set & (1 << k))) continue;
        if (childish && !take(1)) continue;
        e.cuts.push(k);
        if (colours[k] !== "R" && take(1)) e.L.push(k);
        if (colours[k] !== "L" && take(1)) e.R.push(k);
      }
      entries.push(e);
    }
    return { colours: colours, childish: childish, outcomes: outcomes, entries: entries };
  }

  // The entry a cut leads to: the one with the most edges within what stood, less the edge cut.
  function afterCut(table, i, k) {
    var within = table.entries[i].set & ~(1 << k), best = -1;
    table.entries.forEach(function (e, j) {
      if ((e.set & ~within) === 0 && (best < 0 || bitsIn(e.set) > bitsIn(table.entries[best].set))) best = j;
    });
    return best;
  }

  function mayCut(colour, side) {
    return colour === "G" || colour === side;
  }

  // The ends of an edge's path, in pixels (its first and last point).
  function ends(path) {
    var nums = (path.getAttribute("d").match(/-?[\d.]+/g) || []).map(Number);
    return [nums.slice(0, 2), nums.slice(-2)];
  }

  // A Hackenbush diagram in play: a move is an edge's index. The table is a decoded play table,
  // or one with its own `after` (the entry a cut leads to) and `view` (an entry's value, shown).
  function edgesGame(svg, table) {
    var hits = [];
    var edges = all(svg, "path.hb-edge"), nodes = all(svg, "circle.hb-node");
    return {
      outcomes: table.outcomes,
      view: table.view,
      ask: "Position in play: choose an edge to cut",
      taken: "Cut taken back",
      value: function (i) {
        return table.entries[i].value;
      },
      moves: function (i, s) {
        return table.entries[i].cuts.filter(function (k) {
          return mayCut(table.colours[k], s);
        });
      },
      winning: function (i, s) {
        return table.entries[i][s];
      },
      after: function (i, k) {
        return table.after ? table.after(i, k) : afterCut(table, i, k);
      },
      intro: function () {
        return table.childish
          ? "Cut an edge: blue for Left, red for Right, green for either; under the childish rules no cut may make edges fall."
          : "Cut an edge: blue for Left, red for Right, green for either.";
      },
      // Hit paths over the edges, in edge order: each is a button.
      start: function (choose) {
        edges
          .slice()
          .sort(function (a, b) {
            return a.getAttribute("data-edge") - b.getAttribute("data-edge");
          })
          .forEach(function (path) {
            var k = +path.getAttribute("data-edge");
            var hit = attrs(document.createElementNS(SVGNS, "path"), {
              class: "hb-hit",
              "data-edge": k,
              d: path.getAttribute("d"),
              tabindex: 0,
              role: "button",
              "aria-label": COLOUR[table.colours[k]] + " edge " + (k + 1),
            });
            hit.addEventListener("click", function () {
              choose(k, false);
            });
            onKey(hit, function () {
              choose(k, true);
            });
            hits[k] = hit;
            svg.appendChild(hit);
          });
        return hits.filter(Boolean)[0];
      },
      stop: function () {
        hits.forEach(function (h) {
          if (h) h.remove();
        });
        hits = [];
      },
      // Show the edges standing in entry i (and the nodes they touch).
      show: function (i) {
        var e = table.entries[i], points = [];
        all(svg, "[data-edge]").forEach(function (el) {
          var stands = (e.set >> +el.getAttribute("data-edge")) & 1;
          el.classList.toggle("hb-fallen", !stands);
          if (el.classList.contains("hb-hit")) {
            attrs(el, { tabindex: stands ? 0 : -1, "aria-hidden": !stands });
            el.classList.toggle("hb-legal", e.cuts.indexOf(+el.getAttribute("data-edge")) >= 0);
          }
        });
        edges.forEach(function (p) {
          if ((e.set >> +p.getAttribute("data-edge")) & 1) points = points.concat(ends(p));
        });
        nodes.forEach(function (c) {
          var x = +c.getAttribute("cx"), y = +c.getAttribute("cy");
          var touched = points.some(function (p) {
            return Math.abs(p[0] - x) < 0.6 && Math.abs(p[1] - y) < 0.6;
          });
          c.classList.toggle("hb-fallen", !touched);
        });
      },
      // What a click on edge k from entry i means: nothing (the edge is gone), a refusal in
      // words, or a move and its mover (none for a green edge in free play).
      pick: function (i, k, you) {
        var colour = table.colours[k], e = table.entries[i];
        if (!((e.set >> k) & 1)) return null;
        if (you && !mayCut(colour, you))
          return { refuse: "That edge is " + COLOUR[colour] + ": only " + NAME[other(you)] + " may cut it." };
        if (e.cuts.indexOf(k) < 0) return { refuse: "Under the childish rules this edge may not be cut: other edges would fall." };
        return { move: k, mover: you || (colour === "G" ? null : colour) };
      },
      tell: function (i, j, k, mover, vs) {
        var fell = bitsIn(table.entries[i].set) - bitsIn(table.entries[j].set) - 1;
        return (
          (vs ? (mover === vs.you ? "You cut a " : "The solver cuts a ") + COLOUR[table.colours[k]] + " edge"
            : mover ? NAME[mover] + " cuts a " + COLOUR[table.colours[k]] + " edge" : "A green edge is cut") +
          (fell === 1 ? "; 1 edge falls" : fell > 1 ? "; " + fell + " edges fall" : "")
        );
      },
      // After a move by key, focus goes on to the first edge standing.
      next: function (i) {
        return hits.filter(function (h, x) {
          return h && (table.entries[i].set >> x) & 1;
        })[0];
      },
    };
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
    var bar = make("div", "play-bar");
    fig.appendChild(bar);
    var why = fig.getAttribute("data-play-static");
    if (why) {
      bar.appendChild(make("p", "play-note", why));
      return;
    }
    var text = fig.getAttribute("data-play"), format = text.split(";", 1)[0];
    var formats = window.hackenbookPlay || {};
    if (format !== "v1" && !formats[format]) return;
    var game =
      format === "v1"
        ? edgesGame(svg, decodeEdges(text))
        : formats[format](LIB, svg, text, fig.getAttribute("data-play-game"), fig.getAttribute("data-play-players"));
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
    var open = bar.appendChild(attrs(button("Play", start), { "aria-label": "Play this position" }));

    var panel, live, shown, said, history, vs = null, timer = null, role = svg.getAttribute("role");

    function here() {
      return history[history.length - 1].entry;
    }

    function start() {
      open.hidden = true;
      attrs(svg, { role: "group", "aria-label": game.ask });
      var first = game.start(choose);
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
  LIB.setup = setup;
  window.hackenbookPlayer = LIB;
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
