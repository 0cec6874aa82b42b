// hackenbook's player, pieces drawn as thin strokes on a board (`board.js`'s items with
// `data-piece`: Hackenbush's edges): which piece a tap picks, how large the drawing grows on a
// phone, and how a move is told by the piece it takes. Loaded before `board.js` by play.js on
// pages with such a board (with the page where a move exercise's tap needs it); it registers itself as window.hackenbookPlay.pieces (`at`: the piece a tap
// picks, `fit`: the phone's enlargement, `narrowest`: the narrowest target, which the browser
// test reads, `words`: the board's words).
"use strict";
(function () {
  // Pieces drawn as thin strokes (items with `data-piece`, a Hackenbush edge): a tap picks the
  // nearest one standing within REACH pixels, so that each has a target at least 2·REACH pixels
  // wide however thin it is drawn, and where pieces lie close each keeps the points nearer to it
  // than to any other (the nearest wins, never the one drawn last). A tap counts on the drawing
  // or on what holds it (the figure, the exercise's box), so a small drawing's targets reach past
  // its edge. On a phone a drawing whose pieces lie close grows until its narrowest target is
  // TARGET pixels (`fitTargets`).
  var REACH = 40, TARGET = 44, MOST_ZOOM = 4;

  // 33 points along each stroke of an item, in the drawing's units (kept: the drawing does not
  // change), each stroke's points in a list of their own.
  function pointsOf(g) {
    if (g.hbAt) return g.hbAt;
    var back = g.ownerSVGElement.getScreenCTM().inverse();
    g.hbAt = [].slice.call(g.querySelectorAll("path, line, polyline")).map(function (p) {
      var m = back.multiply(p.getScreenCTM()), l = p.getTotalLength(), at = [];
      for (var d = 0, q; d <= 32; d++) {
        q = p.getPointAtLength((l * d) / 32);
        at.push({ x: m.a * q.x + m.c * q.y + m.e, y: m.b * q.x + m.d * q.y + m.f });
      }
      return at;
    });
    return g.hbAt;
  }

  // The pieces standing (shown) in a drawing.
  function standing(svg) {
    return [].slice.call(svg.querySelectorAll("g[data-item][data-piece]")).filter(function (g) {
      return g.getAttribute("display") !== "none";
    });
  }

  // The piece standing nearest a tap at (x, y) on the screen, within REACH pixels, or null.
  function pieceAt(svg, x, y) {
    var under = document.elementFromPoint(x, y), best = null, near = REACH * REACH;
    if (!under || (under !== svg.parentNode && !svg.contains(under))) return null;
    var m = svg.getScreenCTM();
    standing(svg).forEach(function (g) {
      pointsOf(g).forEach(function (line) {
        line.forEach(function (q) {
          var dx = m.a * q.x + m.c * q.y + m.e - x, dy = m.b * q.x + m.d * q.y + m.f - y;
          if (dx * dx + dy * dy < near) (near = dx * dx + dy * dy), (best = g);
        });
      });
    });
    return best;
  }

  // The largest square of points where pick(x, y) gives `k`, in steps: looked for around points
  // along a stroke as drawn (q, its 33 points: the middle first, a curve's bulge, a loop's far
  // side), each square turned to the stroke's direction there and within `band` of that point
  // (where around(point) picks); done once a square of `enough` steps is found. The browser test
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

  // The narrowest target of a drawing's standing pieces, in screen pixels at its present size
  // (TARGET + 4 at most): each piece's largest square where pieceAt's rule (the nearest piece
  // within REACH pixels) picks it, worked out in the drawing's own units, without the screen.
  function narrowest(svg) {
    var pieces = standing(svg), m = svg.getScreenCTM(), s = m ? m.a : 0, pts = [], least = TARGET + 4;
    if (!(s > 0)) return 0;
    // What a tap may land on: the drawing and what holds it, across the width it scrolls over.
    var a = svg.getBoundingClientRect(), b = svg.parentNode.getBoundingClientRect();
    var x0 = (Math.min(a.left, b.left) - m.e) / s, x1 = (Math.max(a.right, b.right) - m.e) / s;
    var y0 = (Math.min(a.top, b.top) - m.f) / s, y1 = (Math.max(a.bottom, b.bottom) - m.f) / s;
    pieces.forEach(function (g, k) {
      pointsOf(g).forEach(function (line) {
        line.forEach(function (q) {
          pts.push([q.x, q.y, k]);
        });
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
    pieces.forEach(function (g, k) {
      pointsOf(g).forEach(function (line) {
        least = Math.min(least, 2 * squareOf(k, line, around, 2 / s, band, least / 2 + 1));
      });
    });
    return least;
  }

  // On a phone (where figures in play are drawn larger: style.css), a drawing whose pieces lie
  // close grows until its narrowest target is TARGET pixels, at most MOST_ZOOM times its size in
  // play; a figure grown wider than the screen scrolls sideways, shown from its middle.
  function fitTargets(svg) {
    if (!window.matchMedia || !window.matchMedia("(max-width: 40rem)").matches) return;
    var size = svg.getBoundingClientRect().width, zoom = 1, box = svg.parentNode;
    for (var round = 0; round < 4 && zoom < MOST_ZOOM; round++) {
      var least = narrowest(svg);
      if (least >= TARGET + 4) break;
      zoom = Math.min(MOST_ZOOM, zoom * Math.min(2, (TARGET + 6) / Math.max(least, 1)));
      // Its width (the height follows), past any width the page gives it.
      svg.style.width = size * zoom + "px";
      svg.style.maxWidth = "none";
    }
    box.scrollLeft = (box.scrollWidth - box.clientWidth) / 2;
  }

  // "a blue edge", "an edge"; "An edge".
  function an(words) {
    return (/^[aeiou]/i.test(words) ? "an " : "a ") + words;
  }
  function capital(x) {
    return x.charAt(0).toUpperCase() + x.slice(1);
  }

  // The rule of a variant that makes a piece standing no move's target, in words.
  var VARIANT_RULE = {
    childish: function (w) {
      return "no " + w.plain + " may make " + w.noun + "s fall";
    },
  };

  // How a board whose moves take pieces words its play: by the figure's verb ("cuts", its plain
  // form "cut") and rule variant, and each piece's words ("blue edge": its colour, then what a
  // piece is called). Null on a board of no pieces. `lib` is player.js's, `table` board.js's.
  function words(lib, svg, table, items) {
    var fig = svg.parentNode, NAME = lib.NAME, pieces = items.map(function (g) {
      return g.getAttribute("data-piece");
    });
    var noun = pieces.filter(Boolean).map(function (p) {
      return p.split(" ").pop();
    })[0];
    if (!noun) return null;
    var says = fig.getAttribute("data-play-verb") || "plays", plain = says.replace(/e?s$/, "");
    var variant = fig.getAttribute("data-play-variant"), rule = variant && VARIANT_RULE[variant];
    // A piece's kind: its words less what a piece is called ("blue").
    function kind(k) {
      return pieces[k] && pieces[k].replace(/ ?[^ ]*$/, "");
    }
    // How many pieces stand in an entry.
    function count(e) {
      return e.shown.filter(function (k) {
        return pieces[k];
      }).length;
    }
    // Who may take each kind of piece ("blue for Left, red for Right, green for either"): the
    // players with a move on a piece of that kind anywhere in the table, in the drawing's order.
    var kinds = [], who = {};
    table.entries.forEach(function (e) {
      e.moves.forEach(function (m) {
        var c = kind(m.item);
        if (!c) return;
        if (!who[c]) (who[c] = { at: m.item }), kinds.push(c);
        who[c][m.player] = true;
        who[c].at = Math.min(who[c].at, m.item);
      });
    });
    var legend = kinds
      .sort(function (a, b) {
        return who[a].at - who[b].at;
      })
      .map(function (c) {
        return c + " for " + (who[c].L && who[c].R ? "either" : who[c].L ? "Left" : "Right");
      })
      .join(", ");
    var w = { noun: noun, says: says, plain: plain, variant: variant };
    w.ask = function (game) {
      return game + " in play: choose " + an(noun) + " to " + plain;
    };
    w.taken = capital(plain) + " taken back";
    w.intro = function () {
      return capital(plain) + " " + an(noun) + (legend ? ": " + legend : "") + (rule ? "; under the " + variant + " rules " + rule(w) : "") + ".";
    };
    // Why piece k, standing in entry i and no move's target, may not be taken; null if it may.
    w.forbidden = function (i, k) {
      return rule && pieces[k] && table.entries[i].shown.indexOf(k) >= 0
        ? "Under the " + variant + " rules this " + noun + " may not be " + plain + ": other " + noun + "s would fall."
        : null;
    };
    // Why piece k is not a move of `you`'s (null if k is no piece).
    w.notYours = function (k, you) {
      return pieces[k] ? "That " + noun + " is " + kind(k) + ": only " + NAME[lib.other(you)] + " may " + plain + " it." : null;
    };
    // Move m from entry i to j, by the piece it takes and how many fall with it ("Left cuts a
    // blue edge; 2 edges fall"); null if it takes no piece.
    w.tell = function (i, j, m, mover, vs) {
      var piece = pieces[m.item];
      if (!piece) return null;
      var fell = count(table.entries[i]) - count(table.entries[j]) - 1;
      return (
        (vs ? (mover === vs.you ? "You " + plain : "The solver " + says) + " " + an(piece)
          : mover ? NAME[mover] + " " + says + " " + an(piece) : capital(an(piece)) + " is " + plain) +
        (fell === 1 ? "; 1 " + noun + " falls" : fell > 1 ? "; " + fell + " " + noun + "s fall" : "")
      );
    };
    return w;
  }

  (window.hackenbookPlay = window.hackenbookPlay || {}).pieces = { at: pieceAt, fit: fitTargets, narrowest: narrowest, words: words };
})();
