// hackenbook's player, the format of a Hackenbush diagram (`v1`, crates/rulesets/src/hackenbush/
// play/compact.rs): per entry its standing edges, value index, legal cuts, winning cuts. Loaded
// before `player.js` by pages with such a diagram or a move exercise; it registers the format
// (window.hackenbookPlay.v1), which `player.js` uses with its one set of controls, and `edgeAt`,
// the edge a tap picks, which play and move exercises (`exercise.js`) share.
"use strict";
(function () {
  var COLOUR = { L: "blue", R: "red", G: "green" };
  var SVGNS = "http://www.w3.org/2000/svg";

  function bitsIn(x) {
    var c = 0;
    for (; x; x &= x - 1) c++;
    return c;
  }

  function decodeEdges(text, ALPHA) {
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

  // The edge a tap at (x, y) on the screen picks in a drawing: the nearest standing edge within
  // REACH pixels, so that each edge has a target at least 2·REACH pixels wide however thin it is
  // drawn, and where edges are close each keeps the points nearer to it than to any other (the
  // nearest wins, never the one drawn last: no edge steals its neighbour's taps). A tap counts
  // on the drawing or on what holds it (the figure, the exercise's box), so a small drawing's
  // targets reach past its edge. Null when no edge is near. Move exercises use it too.
  var REACH = 40;
  // 33 points along an edge, in the drawing's units (kept: the drawing does not change).
  function pointsOf(p) {
    if (!p.hbAt) for (var d = 0, at = (p.hbAt = []); d <= 32; d++) at.push(p.getPointAtLength((p.getTotalLength() * d) / 32));
    return p.hbAt;
  }
  function edgeAt(svg, x, y) {
    var under = document.elementFromPoint(x, y), best = null, near = REACH;
    if (!under || (under !== svg.parentNode && !svg.contains(under))) return null;
    svg.querySelectorAll("path.hb-edge:not(.hb-fallen)").forEach(function (p) {
      var m = p.getScreenCTM(), d;
      pointsOf(p).forEach(function (q) {
        d = Math.hypot(m.a * q.x + m.c * q.y + m.e - x, m.b * q.x + m.d * q.y + m.f - y);
        if (d < near) (near = d), (best = +p.getAttribute("data-edge"));
      });
    });
    return best;
  }

  // The narrowest target of a drawing's standing edges, in screen pixels at its present size:
  // for each edge, the largest square (turned to the edge's direction) of points where edgeAt's
  // rule (the nearest edge within REACH pixels) picks that edge; worked out in the drawing's own
  // units, so that it needs no screen.
  function narrowest(svg) {
    var paths = [].slice.call(svg.querySelectorAll("path.hb-edge:not(.hb-fallen)"));
    var s = svg.getScreenCTM() ? svg.getScreenCTM().a : 0, pts = [], least = Infinity;
    if (!(s > 0)) return least;
    paths.forEach(function (p) {
      pointsOf(p).forEach(function (q) {
        pts.push([q.x, q.y, +p.getAttribute("data-edge")]);
      });
    });
    var reach = REACH / s, step = 2 / s, band = (REACH + 6) / s;
    function pick(x, y) {
      var best = null, near = reach;
      for (var i = 0; i < pts.length; i++) {
        var d = Math.hypot(pts[i][0] - x, pts[i][1] - y);
        if (d < near) (near = d), (best = pts[i][2]);
      }
      return best;
    }
    paths.forEach(function (p) {
      var k = +p.getAttribute("data-edge"), q = pointsOf(p), a = [q[0].x, q[0].y], b = [q[32].x, q[32].y];
      if (Math.hypot(b[0] - a[0], b[1] - a[1]) < 8 / s) {
        // A loop: across its box.
        var r = p.getBBox();
        (a = [r.x, r.y + r.height / 2]), (b = [r.x + r.width, r.y + r.height / 2]);
      }
      var long = Math.hypot(b[0] - a[0], b[1] - a[1]), ux = (b[0] - a[0]) / long, uy = (b[1] - a[1]) / long;
      var cols = Math.ceil((long + 2 * band) / step) + 1, rows = Math.ceil((2 * band) / step) + 1;
      var best = 0, prev = [];
      for (var r0 = 0; r0 < rows; r0++) {
        var row = [], v = -band + r0 * step;
        for (var c = 0; c < cols; c++) {
          var u = -band + c * step;
          row[c] = pick(a[0] + u * ux - v * uy, a[1] + u * uy + v * ux) === k ? 1 + (c > 0 ? Math.min(row[c - 1], prev[c] || 0, prev[c - 1] || 0) : 0) : 0;
          if (row[c] > best) best = row[c];
        }
        prev = row;
      }
      least = Math.min(least, Math.max(0, best - 1) * 2);
    });
    return least;
  }

  // On a phone (where figures in play are drawn larger: style.css), a drawing whose edges lie
  // close grows until its narrowest target is TARGET pixels; its figure scrolls sideways when it
  // gets wider than the screen. At most MOST_ZOOM times its size in play.
  var TARGET = 44, MOST_ZOOM = 4;
  function fitTargets(svg) {
    if (!window.matchMedia || !window.matchMedia("(max-width: 40rem)").matches) return;
    var size = parseFloat(getComputedStyle(svg).fontSize), zoom = 1;
    for (var round = 0; round < 4 && zoom < MOST_ZOOM; round++) {
      var least = narrowest(svg);
      if (least >= TARGET + 2) return;
      zoom = Math.min(MOST_ZOOM, zoom * Math.min(2, (TARGET + 4) / Math.max(least, 1)));
      svg.style.fontSize = size * zoom + "px";
    }
  }

  // The ends of an edge's path, in pixels (its first and last point).
  function ends(path) {
    var nums = (path.getAttribute("d").match(/-?[\d.]+/g) || []).map(Number);
    return [nums.slice(0, 2), nums.slice(-2)];
  }

  // A Hackenbush diagram in play: a move is an edge's index. The table is a decoded play table,
  // or one with its own `after` (the entry a cut leads to) and `view` (an entry's value, shown):
  // the investigate page's, valued in the page as play reaches its entries.
  function edgesGame(lib, svg, table) {
    var all = lib.all, attrs = lib.attrs, NAME = lib.NAME, other = lib.other;
    var hits = [], area = svg.parentNode, tap;
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
      // Hit paths over the edges, in edge order: each is a button (and shows where the pointer
      // is). A tap picks the nearest edge (edgeAt).
      start: function (choose) {
        // Only a tap on the drawing or beside it: not the click on Play (which opened the
        // panel during this very click, and comes here once the button has gone).
        tap = function (ev) {
          var k = ev.target === area || svg.contains(ev.target) ? edgeAt(svg, ev.clientX, ev.clientY) : null;
          if (k !== null) choose(k, false);
        };
        area.addEventListener("click", tap);
        fitTargets(svg);
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
            lib.onKey(hit, function () {
              choose(k, true);
            });
            hits[k] = hit;
            svg.appendChild(hit);
          });
        return hits.filter(Boolean)[0];
      },
      stop: function () {
        area.removeEventListener("click", tap);
        svg.style.fontSize = "";
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

  var formats = (window.hackenbookPlay = window.hackenbookPlay || {});
  formats.v1 = function (lib, svg, text) {
    return edgesGame(lib, svg, decodeEdges(text, lib.ALPHA));
  };
  formats.edges = edgesGame;
  formats.edgeAt = edgeAt;
})();
