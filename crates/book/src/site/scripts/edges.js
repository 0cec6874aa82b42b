// hackenbook's player, the edge game of the investigate page: a Hackenbush picture the reader
// drew, played on the table `investigate.js` builds and values in the page (its `after`, the
// entry a cut leads to, and `view`, an entry's value shown). Loaded after `investigate.js` and
// before `player.js` by the investigate page only (the essays' Hackenbush diagrams are boards,
// played by `board.js`); it registers the game (window.hackenbookPlay.edges), which
// `investigate.js` hands to `player.js` with its one set of controls, and `edgeAt`, the edge a
// tap picks (the browser test measures targets with it).
"use strict";
(function () {
  var COLOUR = { L: "blue", R: "red", G: "green" };
  var SVGNS = "http://www.w3.org/2000/svg";

  function bitsIn(x) {
    var c = 0;
    for (; x; x &= x - 1) c++;
    return c;
  }

  function mayCut(colour, side) {
    return colour === "G" || colour === side;
  }

  // The edge a tap at (x, y) on the screen picks in a drawing: the nearest standing edge within
  // REACH pixels, so that each edge has a target at least 2·REACH pixels wide however thin it is
  // drawn, and where edges are close each keeps the points nearer to it than to any other (the
  // nearest wins, never the one drawn last: no edge steals its neighbour's taps). A tap counts
  // on the drawing or on what holds it (the figure, the exercise's box), so a small drawing's
  // targets reach past its edge. Null when no edge is near.
  var REACH = 40;
  // 33 points along an edge, in the drawing's units (kept: the drawing does not change).
  function pointsOf(p) {
    if (!p.hbAt) for (var d = 0, at = (p.hbAt = []); d <= 32; d++) at.push(p.getPointAtLength((p.getTotalLength() * d) / 32));
    return p.hbAt;
  }
  function edgeAt(svg, x, y) {
    var under = document.elementFromPoint(x, y), best = null, near = REACH * REACH;
    if (!under || (under !== svg.parentNode && !svg.contains(under))) return null;
    svg.querySelectorAll("path.hb-edge:not(.hb-fallen)").forEach(function (p) {
      var m = p.getScreenCTM(), dx, dy;
      pointsOf(p).forEach(function (q) {
        dx = m.a * q.x + m.c * q.y + m.e - x;
        dy = m.b * q.x + m.d * q.y + m.f - y;
        if (dx * dx + dy * dy < near) (near = dx * dx + dy * dy), (best = +p.getAttribute("data-edge"));
      });
    });
    return best;
  }

  // The largest square of points where pick(x, y) gives edge k, in steps: looked for around
  // points along the edge as drawn (q, its 33 points: the middle first, a curve's bulge, a loop's far side), each
  // square turned to the edge's direction there and within `band` of that point (where
  // around(point) picks); done once a square of `enough` steps is found. The browser test
  // measures targets on the screen this way.
  function squareOf(k, q, around, step, band, enough) {
    var n = Math.ceil((2 * band) / step) + 1, best = 0;
    for (var i = 0, j; i < 7 && best < enough; i++) {
      j = [16, 8, 24, 4, 12, 20, 28][i];
      var dx = q[j + 1].x - q[j - 1].x, dy = q[j + 1].y - q[j - 1].y, l = Math.hypot(dx, dy) || 1;
      var ux = dx / l, uy = dy / l, prev = [], pick = around(q[j]);
      for (var r = 0; r < n; r++) {
        for (var c = 0, row = [], v = r * step - band, u; c < n; c++) {
          u = c * step - band;
          row[c] = pick(q[j].x + u * ux - v * uy, q[j].y + u * uy + v * ux) === k ? 1 + (c && r ? Math.min(row[c - 1], prev[c], prev[c - 1]) : 0) : 0;
          if (row[c] > best) best = row[c];
        }
        prev = row;
      }
    }
    return Math.max(0, best - 1);
  }

  // The narrowest target of a drawing's standing edges, in screen pixels at its present size
  // (TARGET + 4 at most): each edge's largest square where edgeAt's rule (the nearest edge within
  // REACH pixels) picks it, worked out in the drawing's own units, so that it needs no screen.
  function narrowest(svg) {
    var paths = [].slice.call(svg.querySelectorAll("path.hb-edge:not(.hb-fallen)"));
    var m = svg.getScreenCTM(), s = m ? m.a : 0, pts = [], least = TARGET + 4;
    if (!(s > 0)) return 0;
    // What a tap may land on: the drawing and what holds it, across the width it scrolls over.
    var a = svg.getBoundingClientRect(), b = svg.parentNode.getBoundingClientRect();
    var x0 = (Math.min(a.left, b.left) - m.e) / s, x1 = (Math.max(a.right, b.right) - m.e) / s;
    var y0 = (Math.min(a.top, b.top) - m.f) / s, y1 = (Math.max(a.bottom, b.bottom) - m.f) / s;
    paths.forEach(function (p) {
      pointsOf(p).forEach(function (q) {
        pts.push([q.x, q.y, +p.getAttribute("data-edge")]);
      });
    });
    var reach = REACH / s, band = (REACH + 6) / s;
    // The points that may be nearest somewhere within the band around c.
    function around(c) {
      var near = pts.filter(function (t) {
        return Math.hypot(t[0] - c.x, t[1] - c.y) < 1.5 * band + reach;
      });
      return function (x, y) {
        if (x < x0 || x > x1 || y < y0 || y > y1) return null;
        for (var i = 0, best = null, dx, dy, r = reach * reach; i < near.length; i++)
          if ((dx = near[i][0] - x) * dx + (dy = near[i][1] - y) * dy < r) (r = dx * dx + dy * dy), (best = near[i][2]);
        return best;
      };
    }
    paths.forEach(function (p) {
      least = Math.min(least, 2 * squareOf(+p.getAttribute("data-edge"), pointsOf(p), around, 2 / s, band, least / 2 + 1));
    });
    return least;
  }

  // On a phone (where figures in play are drawn larger: style.css), a drawing whose edges lie
  // close grows until its narrowest target is TARGET pixels, at most MOST_ZOOM times its size in
  // play; a figure grown wider than the screen scrolls sideways, shown from its middle.
  var TARGET = 44, MOST_ZOOM = 4;
  function fitTargets(svg) {
    if (!window.matchMedia || !window.matchMedia("(max-width: 40rem)").matches) return;
    var size = svg.getBoundingClientRect().width, zoom = 1, box = svg.parentNode;
    for (var round = 0; round < 4 && zoom < MOST_ZOOM; round++) {
      var least = narrowest(svg);
      if (least >= TARGET + 4) break;
      zoom = Math.min(MOST_ZOOM, zoom * Math.min(2, (TARGET + 6) / Math.max(least, 1)));
      // Its width (the height follows), past any width the page gives it (the investigate page's).
      svg.style.width = size * zoom + "px";
      svg.style.maxWidth = "none";
    }
    box.scrollLeft = (box.scrollWidth - box.clientWidth) / 2;
  }

  // A Hackenbush picture in play: a move is an edge's index. The table is the investigate
  // page's, with its own `after` (the entry a cut leads to) and `view` (an entry's value, shown),
  // valued in the page as play reaches its entries.
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
        return table.after(i, k);
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
        svg.style.width = svg.style.maxWidth = "";
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
          if ((e.set >> +p.getAttribute("data-edge")) & 1) points.push(pointsOf(p)[0], pointsOf(p)[32]);
        });
        nodes.forEach(function (c) {
          var x = +c.getAttribute("cx"), y = +c.getAttribute("cy");
          var touched = points.some(function (p) {
            return Math.abs(p.x - x) < 0.6 && Math.abs(p.y - y) < 0.6;
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
  formats.edges = edgesGame;
  formats.edgeAt = edgeAt;
})();
