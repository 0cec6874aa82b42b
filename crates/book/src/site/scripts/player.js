// hackenbook's player: every diagram with a play table (figure[data-play]) can be played in the
// page. The script computes no value and no fall: it follows the table the build wrote (format in
// src/hackenbush/play/compact.rs) and shows the values the build typeset once for the page (#play-values).
// Without this script the page shows the static diagram.
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

  // The compact table: per entry its standing edges, value index, legal cuts, winning cuts.
  function decode(text) {
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

  function bitsIn(x) {
    var c = 0;
    for (; x; x &= x - 1) c++;
    return c;
  }

  // The entry a cut leads to: the one with the most edges within what stood, less the edge cut.
  function after(table, i, k) {
    var within = table.entries[i].set & ~(1 << k), best = -1;
    table.entries.forEach(function (e, j) {
      if ((e.set & ~within) === 0 && (best < 0 || bitsIn(e.set) > bitsIn(table.entries[best].set))) best = j;
    });
    return best;
  }

  function mayCut(colour, side) {
    return colour === "G" || colour === side;
  }

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

  // The ends of an edge's path, in pixels (its first and last point).
  function ends(path) {
    var nums = (path.getAttribute("d").match(/-?[\d.]+/g) || []).map(Number);
    return [nums.slice(0, 2), nums.slice(-2)];
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
    var table = decode(fig.getAttribute("data-play"));
    var pool = document.querySelectorAll("#play-values > span");
    var values = fig.getAttribute("data-play-values").split(" ").map(function (i) {
      return pool[+i];
    });
    var open = button("Play", start);
    open.setAttribute("aria-label", "Play this position");
    bar.appendChild(open);

    var panel, live, shown, said, hits = [], history, vs = null, timer = null, role = svg.getAttribute("role");
    var edges = Array.prototype.slice.call(svg.querySelectorAll("path.hb-edge"));
    var nodes = Array.prototype.slice.call(svg.querySelectorAll("circle.hb-node"));

    function here() {
      return history[history.length - 1].entry;
    }

    function start() {
      open.hidden = true;
      svg.setAttribute("role", "group");
      svg.setAttribute("aria-label", "Position in play: choose an edge to cut");
      edges
        .slice()
        .sort(function (a, b) {
          return a.getAttribute("data-edge") - b.getAttribute("data-edge");
        })
        .forEach(function (path) {
          var k = +path.getAttribute("data-edge");
          var hit = document.createElementNS(SVGNS, "path");
          hit.setAttribute("class", "hb-hit");
          hit.setAttribute("data-edge", k);
          hit.setAttribute("d", path.getAttribute("d"));
          hit.setAttribute("tabindex", "0");
          hit.setAttribute("role", "button");
          hit.setAttribute("aria-label", COLOUR[table.colours[k]] + " edge " + (k + 1));
          hit.addEventListener("click", function () {
            cut(k, false);
          });
          hit.addEventListener("keydown", function (ev) {
            if (ev.key === "Enter" || ev.key === " ") {
              ev.preventDefault();
              cut(k, true);
            }
          });
          hits[k] = hit;
          svg.appendChild(hit);
        });
      panel = make("div", "play-panel");
      shown = make("p", "play-status");
      said = make("p", "play-said");
      live = make("p", "visually-hidden");
      live.setAttribute("aria-live", "polite");
      var side = select("You play", [["L", "Left (blue)"], ["R", "Right (red)"]]);
      var first = select("first move:", [["you", "you"], ["solver", "the solver"]]);
      var setupRow = make("div", "play-setup");
      setupRow.hidden = true;
      setupRow.appendChild(side.label);
      setupRow.appendChild(first.label);
      setupRow.appendChild(
        button("Start", function () {
          var you = side.select.value;
          vs = { you: you, first: first.select.value === "you" ? you : other(you) };
          setupRow.hidden = true;
          reset();
        }),
      );
      var controls = make("div", "play-controls");
      controls.appendChild(button("Undo", undo));
      controls.appendChild(button("Reset", reset));
      controls.appendChild(
        button("Against the solver…", function () {
          setupRow.hidden = !setupRow.hidden;
        }),
      );
      controls.appendChild(button("Close", close));
      [shown, said, controls, setupRow, live].forEach(function (el) {
        panel.appendChild(el);
      });
      fig.insertBefore(panel, svg.nextSibling);
      history = [{ entry: 0 }];
      draw();
      said.textContent = (table.childish
        ? "Cut an edge: blue for Left, red for Right, green for either; under the childish rules no cut may make edges fall."
        : "Cut an edge: blue for Left, red for Right, green for either.") + stuck();
      (hits.filter(Boolean)[0] || panel).focus();
    }

    function close() {
      clearTimeout(timer);
      vs = null;
      history = [{ entry: 0 }];
      draw();
      hits.forEach(function (h) {
        if (h) h.remove();
      });
      hits = [];
      panel.remove();
      svg.setAttribute("role", role);
      svg.removeAttribute("aria-label");
      open.hidden = false;
      open.focus();
    }

    function other(s) {
      return s === "L" ? "R" : "L";
    }

    // Show the edges standing in the current entry, its value and who wins.
    function draw() {
      var e = table.entries[here()], points = [];
      Array.prototype.forEach.call(svg.querySelectorAll("[data-edge]"), function (el) {
        var stands = (e.set >> +el.getAttribute("data-edge")) & 1;
        el.classList.toggle("hb-fallen", !stands);
        if (el.classList.contains("hb-hit")) {
          el.setAttribute("tabindex", stands ? "0" : "-1");
          el.setAttribute("aria-hidden", stands ? "false" : "true");
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
      if (!shown) return;
      shown.innerHTML = "";
      shown.appendChild(document.createTextNode("Value "));
      var v = make("span", "play-value");
      v.innerHTML = values[e.value].innerHTML;
      v.setAttribute("data-value", values[e.value].getAttribute("data-value"));
      shown.appendChild(v);
      shown.appendChild(document.createTextNode(" · " + OUTCOME[table.outcomes[e.value]]));
    }

    function announce(text) {
      said.textContent = text;
      live.textContent = text;
    }

    function words(i) {
      return values[table.entries[i].value].getAttribute("data-words");
    }

    function movesOf(i, s) {
      return table.entries[i].cuts.filter(function (k) {
        return mayCut(table.colours[k], s);
      });
    }

    // The reader cuts edge k (by key: focus moves on to the next edge standing).
    function cut(k, byKey) {
      var i = here(), colour = table.colours[k], e = table.entries[i];
      if (!((e.set >> k) & 1)) return;
      if (vs) {
        if (timer || vs.toMove !== vs.you || !movesOf(i, vs.you).length)
          return announce(vs.over ? vs.over : "Wait for the solver's move.");
        if (!mayCut(colour, vs.you))
          return announce("That edge is " + COLOUR[colour] + ": only " + NAME[other(vs.you)] + " may cut it.");
      }
      if (e.cuts.indexOf(k) < 0) return announce("Under the childish rules this edge may not be cut: other edges would fall.");
      var mover = vs ? vs.you : colour === "G" ? null : colour;
      play(k, mover);
      if (byKey) {
        var next = hits.filter(function (h, x) {
          return h && (table.entries[here()].set >> x) & 1;
        })[0];
        (next || panel.querySelector("button")).focus();
      }
    }

    function play(k, mover) {
      var i = here(), j = after(table, i, k);
      var fell = bitsIn(table.entries[i].set) - bitsIn(table.entries[j].set) - 1;
      history.push({ entry: j, mover: mover });
      if (vs) vs.toMove = other(mover);
      draw();
      var text =
        (vs ? (mover === vs.you ? "You cut a " : "The solver cuts a ") + COLOUR[table.colours[k]] + " edge"
          : mover ? NAME[mover] + " cuts a " + COLOUR[table.colours[k]] + " edge" : "A green edge is cut") +
        (fell === 1 ? "; 1 edge falls" : fell > 1 ? "; " + fell + " edges fall" : "") +
        "; the value is " + words(j) + ".";
      announce(text + (vs ? " " + verdict() : stuck()));
    }

    // Against the solver: who has won (the side to move has no move), or whose move it is (the
    // solver's is scheduled).
    function verdict() {
      vs.over = null;
      if (!movesOf(here(), vs.toMove).length)
        vs.over = vs.toMove === vs.you ? "You have no move: the solver wins." : "The solver has no move: you win!";
      else if (vs.toMove !== vs.you) later();
      return vs.over || (vs.toMove === vs.you ? "Your move." : "The solver moves next.");
    }

    // In free play: a side with no move has lost if it is to move (after a blue or red cut, the
    // other side is).
    function stuck() {
      var last = history[history.length - 1].mover, out = "";
      (last ? [other(last)] : ["L", "R"]).forEach(function (s) {
        if (!movesOf(here(), s).length)
          out += " " + NAME[s] + " has no move: " + NAME[other(s)] + " wins" + (last ? "." : " when " + NAME[s] + " is to move.");
      });
      return out;
    }

    // The solver's reply: a winning cut when it has one, else any legal cut.
    function later() {
      timer = setTimeout(function () {
        timer = null;
        var i = here(), s = vs.toMove;
        var choice = table.entries[i][s].concat(movesOf(i, s))[0];
        if (choice !== undefined) play(choice, s);
      }, 450);
    }

    function undo() {
      clearTimeout(timer);
      timer = null;
      if (history.length < 2) return;
      var last = history.pop();
      if (vs) {
        // Back to the reader's move: take back the solver's reply and the reader's cut.
        while (last.mover !== vs.you && history.length > 1) last = history.pop();
        vs.toMove = last.mover || vs.you;
      }
      draw();
      announce("Cut taken back; the value is " + words(here()) + "." + (vs ? " " + verdict() : stuck()));
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
    Array.prototype.forEach.call(document.querySelectorAll("figure[data-play], figure[data-play-static]"), setup);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
