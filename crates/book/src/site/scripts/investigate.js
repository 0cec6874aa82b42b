// hackenbook's investigator (investigate.html): the reader draws a Hackenbush picture on a grid
// and sees its value at once, plays it against the solver (player.js's controls, with this
// script's solver behind them) and copies its notation. The one idea: what can be valued exactly
// and fast in the page is valued here, and nothing else. A blue-red forest is a number: a tree's
// value is its trunk's sign prepended to the sign expansion of what the trunk carries (the tree
// rule), and trees standing apart add; a green forest is a nimber by the colon principle; a
// forest whose trees are each the one or the other is their sum, a number plus a nimber. Numbers
// are exact dyadics (a BigInt numerator over a power of two), never floats. Any other picture (a
// cycle, a part standing on the ground twice, green with blue or red in one tree) gets words and
// the `hackenbook eval` command that values it. The solver part runs under node too
// (module.exports), where the test suite compares it with the Rust solver on every forest of up
// to seven edges (crates/book/tests/investigate_solver.rs).
"use strict";
(function () {
  // The most edges a picture may have: play tables index edges by the bits of a 32-bit word.
  var MAX_EDGES = 30;
  var LETTER = { L: "L", R: "R", G: "G", l: "L", r: "R", e: "G" };

  // ---------------------------------------------------------------------------------------------
  // Exact dyadic rationals: { n: BigInt, k: Number } is n / 2^k, with n odd or k = 0.

  function dyadic(n, k) {
    while (k > 0 && n % 2n === 0n) {
      n /= 2n;
      k--;
    }
    return { n: n, k: k };
  }
  var ZERO = dyadic(0n, 0);

  function scaled(a, k) {
    return a.n * 2n ** BigInt(k - a.k);
  }

  function add(a, b) {
    var k = Math.max(a.k, b.k);
    return dyadic(scaled(a, k) + scaled(b, k), k);
  }

  function compare(a, b) {
    var k = Math.max(a.k, b.k), x = scaled(a, k), y = scaled(b, k);
    return x < y ? -1 : x > y ? 1 : 0;
  }

  // The simplest number strictly between lo and hi (null: no bound on that side).
  function simplest(lo, hi) {
    if (lo === null && hi === null) return ZERO;
    // While one side is open the bounds are whole numbers: the next one out.
    if (hi === null) return dyadic(lo.n + 1n, 0);
    if (lo === null) return dyadic(hi.n - 1n, 0);
    var k = Math.max(lo.k, hi.k); // otherwise the midpoint of two neighbouring dyadics
    return dyadic(scaled(lo, k) + scaled(hi, k), k + 1);
  }

  // The number a sign expansion (1 for +, -1 for -) names: each sign moves to the simplest
  // number above (below) the last one, within the bounds set so far.
  function ofSigns(signs) {
    var lo = null, hi = null, v = ZERO;
    signs.forEach(function (s) {
      if (s > 0) lo = v;
      else hi = v;
      v = simplest(lo, hi);
    });
    return v;
  }

  // The sign expansion of x: the walk of ofSigns towards x.
  function signsOf(x) {
    var lo = null, hi = null, v = ZERO, out = [];
    while (compare(v, x) !== 0) {
      if (compare(x, v) > 0) {
        out.push(1);
        lo = v;
      } else {
        out.push(-1);
        hi = v;
      }
      v = simplest(lo, hi);
    }
    return out;
  }

  // ---------------------------------------------------------------------------------------------
  // Pictures: nodes numbered from 0, the ground; edges { a, b, c } with c one of L, R, G.

  // The edges that reach the ground (by index), in a breadth-first walk from it.
  function grounded(nodeCount, edges, standing) {
    var near = [], reached = [true], out = [];
    for (var v = 0; v < nodeCount; v++) near.push([]);
    edges.forEach(function (e, i) {
      if (standing && !standing(i)) return;
      near[e.a].push(i);
      near[e.b].push(i);
    });
    var queue = [0], seen = [];
    while (queue.length) {
      var node = queue.shift();
      near[node].forEach(function (i) {
        if (seen[i]) return;
        seen[i] = true;
        out.push(i);
        var e = edges[i], far = e.a === node ? e.b : e.a;
        if (!reached[far]) {
          reached[far] = true;
          queue.push(far);
        }
      });
    }
    return out.sort(function (x, y) {
      return x - y;
    });
  }

  // The picture made of the edges `which` (all grounded): its trees as nested { c, above }
  // lists, or why it is no forest. Children follow the order of `order` (a node's x on the grid).
  function forestOf(nodeCount, edges, which, order) {
    var near = [];
    for (var v = 0; v < nodeCount; v++) near.push([]);
    var touched = {};
    touched[0] = true;
    which.forEach(function (i) {
      var e = edges[i];
      near[e.a].push(i);
      near[e.b].push(i);
      touched[e.a] = touched[e.b] = true;
    });
    if (which.length > Object.keys(touched).length - 1) {
      // Part of the picture away from the ground with more than one edge to it, or a cycle.
      return { cycle: true, twice: standsTwice(nodeCount, edges, which) };
    }
    var seen = [];
    function trees(node) {
      var kids = near[node].filter(function (i) {
        return !seen[i];
      });
      kids.forEach(function (i) {
        seen[i] = true;
      });
      var built = kids.map(function (i) {
        var e = edges[i], far = e.a === node ? e.b : e.a;
        return { c: e.c, edge: i, top: far, above: trees(far) };
      });
      return order ? built.sort(function (x, y) {
        return order(x.top) - order(y.top);
      }) : built;
    }
    return { trees: trees(0) };
  }

  // Whether some part standing apart from the rest touches the ground with two edges or more.
  function standsTwice(nodeCount, edges, which) {
    var part = [];
    for (var v = 0; v < nodeCount; v++) part.push(v);
    function find(v) {
      while (part[v] !== v) v = part[v] = part[part[v]];
      return v;
    }
    which.forEach(function (i) {
      var e = edges[i];
      if (e.a && e.b) part[find(e.a)] = find(e.b);
    });
    var feet = {};
    return which.some(function (i) {
      var e = edges[i], up = e.a ? e.b ? -1 : e.a : e.b;
      if (up < 0) return false;
      var p = find(up);
      feet[p] = (feet[p] || 0) + 1;
      return feet[p] > 1;
    });
  }

  function colours(tree, into) {
    into[tree.c] = true;
    tree.above.forEach(function (t) {
      colours(t, into);
    });
    return into;
  }

  // A blue-red tree's number: its trunk's sign, then the signs of what it carries.
  function treeNumber(tree) {
    var above = tree.above.reduce(function (sum, t) {
      return add(sum, treeNumber(t));
    }, ZERO);
    return ofSigns([tree.c === "L" ? 1 : -1].concat(signsOf(above)));
  }

  // A green tree's nimber: an edge carrying ∗m is ∗(m+1); branches at a node add as Nim heaps.
  function treeNimber(tree) {
    return (
      tree.above.reduce(function (x, t) {
        return x ^ treeNimber(t);
      }, 0) + 1
    );
  }

  // The value of a forest: { number, nim }, or { beyond } saying in words why it is not valued.
  function valueOf(forest) {
    if (forest.cycle)
      return {
        beyond: forest.twice
          ? "part of it stands on the ground in two places (the ground counts as one node, so that makes a cycle)"
          : "it has a cycle",
      };
    var number = ZERO, nim = 0;
    for (var i = 0; i < forest.trees.length; i++) {
      var t = forest.trees[i], seen = colours(t, {});
      if (seen.G && (seen.L || seen.R)) return { beyond: "one of its trees mixes green edges with blue or red ones" };
      if (seen.G) nim ^= treeNimber(t);
      else number = add(number, treeNumber(t));
    }
    return { number: number, nim: nim };
  }

  // Who wins: L, R (whoever starts), P (the player to move loses), N (the player to move wins).
  function outcome(v) {
    var s = compare(v.number, ZERO);
    return s > 0 ? "L" : s < 0 ? "R" : v.nim ? "N" : "P";
  }

  // The value as `hackenbook eval` prints it (CGSuite's ASCII: 3/8, -1/2, *2, 1*), or with
  // the minus sign and the star a reader sees (−1/2, ∗2, 1∗).
  function show(v, forReader) {
    var x = v.number, text = "";
    if (x.n !== 0n || !v.nim) {
      var whole = x.n < 0n ? -x.n : x.n;
      text = (x.n < 0n ? (forReader ? "\u2212" : "-") : "") + whole + (x.k ? "/" + 2n ** BigInt(x.k) : "");
    }
    if (v.nim) text += (forReader ? "\u2217" : "*") + (v.nim > 1 ? v.nim : "");
    return text;
  }

  function words(v) {
    return show(v, true).replace("\u2212", "minus ").replace("\u2217", " star ").trim();
  }

  // ---------------------------------------------------------------------------------------------
  // Notation (README.md, "Position blocks"): the shorthand for a forest, the graph form otherwise.

  function shorthand(trees) {
    return trees
      .map(function (t) {
        var run = t.c, top = t;
        while (top.above.length === 1) {
          top = top.above[0];
          run += top.c;
        }
        return top.above.length ? run + "(" + shorthand(top.above) + ")" : run;
      })
      .join(" ");
  }

  // The graph form, with each node's place: `g-a@(1,1) L, a-b@(1,2) R`.
  function graphForm(edges, which, place) {
    var names = { 0: "g" }, count = 0;
    function name(v) {
      if (!(v in names)) {
        names[v] = count < 26 ? String.fromCharCode(97 + count) : "n" + count;
        count++;
      }
      var p = place(v);
      return v ? names[v] + "@(" + p.x + "," + p.y + ")" : "g";
    }
    return which
      .map(function (i) {
        var e = edges[i];
        return name(e.a) + "-" + name(e.b) + " " + e.c;
      })
      .join(", ");
  }

  // Reads the shorthand (`L(L R) RL`, CGSuite's `l(l;rl)`): { nodes, edges, depth[] } or
  // { error } in words. The graph form is for pictures with cycles, which the grid draws.
  function parse(text) {
    var edges = [], depth = [0], parent = [-1], nodes = 1, groups = [], base = 0, tip = -1, closed = false;
    if (text.indexOf("-") >= 0)
      return { error: "This box reads the short notation (such as L(L R) RL); draw a picture with a cycle on the grid." };
    for (var at = 0; at < text.length; at++) {
      var ch = text.charAt(at);
      if (" \t\n\r;".indexOf(ch) >= 0) {
        tip = -1;
        closed = false;
      } else if (ch === "(") {
        if (tip < 0) return { error: "A group ( ) must stand on a run of edges, as in L(L R)." };
        groups.push([base, 0]);
        base = tip;
        tip = -1;
      } else if (ch === ")") {
        var g = groups.pop();
        if (!g) return { error: "A ) has no ( before it." };
        if (tip < 0 && !closed && edges.filter(function (e) {
          return e.a === base;
        }).length === 0)
          return { error: "An empty group ( ): put at least one edge inside." };
        base = g[0];
        tip = -1;
        closed = true;
      } else if (LETTER[ch]) {
        if (closed) return { error: "A run cannot continue after a group: put it inside the group." };
        if (edges.length >= MAX_EDGES) return { error: "This page draws at most " + MAX_EDGES + " edges." };
        var below = tip < 0 ? base : tip;
        edges.push({ a: below, b: nodes, c: LETTER[ch] });
        depth.push(depth[below] + 1);
        parent.push(below);
        tip = nodes++;
      } else return { error: "Unexpected \u201c" + ch + "\u201d: the colours are L (blue), R (red) and G (green)." };
    }
    if (groups.length) return { error: "A ( is never closed." };
    return { nodes: nodes, edges: edges, depth: depth };
  }

  // What the test suite and the page share: a picture in, its value and notation out.
  function investigate(nodeCount, edges, order, place) {
    var which = grounded(nodeCount, edges);
    var forest = forestOf(nodeCount, edges, which, order);
    var notation = forest.trees ? shorthand(forest.trees) : graphForm(edges, which, place);
    return { which: which, forest: forest, value: valueOf(forest), notation: notation };
  }

  var solver = {
    dyadic: dyadic,
    signsOf: signsOf,
    ofSigns: ofSigns,
    parse: parse,
    investigate: investigate,
    show: show,
    outcome: outcome,
  };
  if (typeof module !== "undefined" && module.exports) module.exports = solver;
  if (typeof document === "undefined") return;

  // ---------------------------------------------------------------------------------------------
  // The page: a grid of points, the bottom row the ground.

  var SVGNS = "http://www.w3.org/2000/svg";
  var UNIT = 44, MARGIN = 20;
  var COLOUR = { L: "blue", R: "red", G: "green" };
  var OUTCOME = {
    L: "Left wins, whoever starts.",
    R: "Right wins, whoever starts.",
    P: "Whoever moves next loses.",
    N: "Whoever moves next wins.",
  };
  var root = document.getElementById("investigate");
  if (!root) return;
  var grid = { w: 8, h: 6 }; // columns, and rows above the ground
  var lines = []; // { p: [x, y], q: [x, y], c } on the grid
  var picked = null; // the point chosen as the first end of the next edge
  var tool = "L";
  var el = function (id) {
    return root.querySelector("[data-part=" + id + "]");
  };
  var holder = el("figure"), said = el("said"), valueOut = el("value"), beyond = el("beyond");
  var notationOut = el("notation"), typed = el("typed");

  function svgEl(tag, a) {
    var e = document.createElementNS(SVGNS, tag);
    for (var k in a) e.setAttribute(k, a[k]);
    return e;
  }

  function px(p) {
    return [MARGIN + p[0] * UNIT, MARGIN + (grid.h - p[1]) * UNIT];
  }

  function key(p) {
    return p[1] === 0 ? "g" : p[0] + "," + p[1];
  }

  function same(p, q) {
    return p[0] === q[0] && p[1] === q[1];
  }

  // The drawing as a picture: grid points become nodes (the ground row is node 0).
  function picture() {
    var index = { g: 0 }, at = [[0, 0]], edges = [];
    function node(p) {
      var k = key(p);
      if (!(k in index)) {
        index[k] = at.length;
        at.push(p);
      }
      return index[k];
    }
    lines.forEach(function (l) {
      edges.push({ a: node(l.p), b: node(l.q), c: l.c });
    });
    return {
      nodes: at.length,
      edges: edges,
      order: function (v) {
        return at[v][0];
      },
      place: function (v) {
        return { x: at[v][0], y: at[v][1] };
      },
    };
  }

  function say(text) {
    said.textContent = text;
  }

  function where(p) {
    return p[1] === 0 ? "the ground at column " + (p[0] + 1) : "column " + (p[0] + 1) + ", height " + p[1];
  }

  function choosePoint(p) {
    if (holder.querySelector(".play-panel")) return;
    if (!picked) {
      picked = p;
      say("From " + where(p) + ": choose the other end.");
    } else if (same(picked, p)) {
      picked = null;
      say("Nothing chosen.");
    } else if (picked[1] === 0 && p[1] === 0) {
      say("Both ends are on the ground: start an edge on the ground and end it above.");
    } else {
      var from = picked, found = findLine(from, p);
      if (tool === "erase") {
        if (found >= 0) lines.splice(found, 1);
        say(found >= 0 ? "Edge removed." : "No edge joins those points.");
      } else if (found >= 0) {
        lines[found].c = tool;
        say("Edge made " + COLOUR[tool] + ".");
      } else if (lines.length >= MAX_EDGES) {
        say("This page draws at most " + MAX_EDGES + " edges.");
      } else {
        lines.push({ p: from, q: p, c: tool });
        say("A " + COLOUR[tool] + " edge from " + where(from) + " to " + where(p) + ".");
      }
      picked = tool === "erase" ? null : p;
    }
    update();
  }

  function findLine(p, q) {
    for (var i = 0; i < lines.length; i++) {
      var l = lines[i];
      if ((same(l.p, p) && same(l.q, q)) || (same(l.p, q) && same(l.q, p))) return i;
    }
    return -1;
  }

  function chooseLine(i) {
    if (holder.querySelector(".play-panel")) return;
    if (tool === "erase") {
      lines.splice(i, 1);
      say("Edge removed.");
    } else {
      lines[i].c = tool;
      say("Edge made " + COLOUR[tool] + ".");
    }
    picked = null;
    update();
  }

  // Enter or Space acts as a click.
  function pressable(node, act, label, id) {
    node.setAttribute("data-at", id);
    node.setAttribute("tabindex", "0");
    node.setAttribute("role", "button");
    node.setAttribute("aria-label", label);
    node.addEventListener("click", act);
    node.addEventListener("keydown", function (ev) {
      if (ev.key === "Enter" || ev.key === " ") {
        ev.preventDefault();
        act();
        var again = holder.querySelector('[data-at="' + id + '"]');
        if (again) again.focus();
      }
    });
  }

  // What stands on what, edge by edge, as the site's descriptions say it ("blue edge 2 on edge
  // 1"): an edge stands on the ground or on an edge at its end nearer the ground (fewest edges).
  function described(which) {
    var depth = { g: 0 }, queue = ["g"], ends = function (i) {
      return [key(lines[i].p), key(lines[i].q)];
    };
    while (queue.length) {
      var at = queue.shift();
      which.forEach(function (i) {
        var e = ends(i), there = e[0] === at ? e[1] : e[1] === at ? e[0] : null;
        if (there !== null && !(there in depth)) (depth[there] = depth[at] + 1), queue.push(there);
      });
    }
    return which.map(function (i, n) {
      var e = ends(i), low = depth[e[0]] <= depth[e[1]] ? e[0] : e[1];
      var under = which.filter(function (j) {
        var f = ends(j);
        return j !== i && (f[0] === low || f[1] === low) && depth[f[0] === low ? f[1] : f[0]] < depth[low];
      })[0];
      return COLOUR[lines[i].c] + " edge " + (n + 1) + " on " + (low === "g" ? "the ground" : "edge " + (which.indexOf(under) + 1));
    }).join(", ");
  }

  // The diagram, drawn with the site's classes (hb-edge, hb-blue, hb-core, hb-node, hb-ground).
  function draw(pic, result) {
    var w = 2 * MARGIN + (grid.w - 1) * UNIT, h = 2 * MARGIN + grid.h * UNIT + 10;
    var svg = svgEl("svg", { class: "hb-diagram investigate-grid", viewBox: "0 0 " + w + " " + h, role: "img" });
    svg.appendChild(svgEl("title", {})).textContent = "Your picture";
    var y0 = px([0, 0])[1];
    var hatch = "";
    for (var x = MARGIN - 8; x < w - MARGIN + 8; x += 8) hatch += "M" + (x + 8) + " " + y0 + "l-8 8";
    svg.appendChild(svgEl("path", { class: "hb-hatch", d: hatch }));
    var standing = {}, number = {};
    result.which.forEach(function (i, n) {
      standing[i] = true;
      number[i] = n;
    });
    svg.appendChild(svgEl("desc", {})).textContent = described(result.which);
    lines.forEach(function (l, i) {
      var a = px(l.p), b = px(l.q), d = "M" + a[0] + " " + a[1] + "L" + b[0] + " " + b[1];
      var cls = "hb-" + COLOUR[l.c] + (standing[i] ? " hb-edge" : " investigate-floating");
      var attrs = { class: cls, d: d };
      if (standing[i]) attrs["data-edge"] = number[i];
      svg.appendChild(svgEl("path", attrs));
      if (l.c === "R") svg.appendChild(svgEl("path", standing[i] ? { class: "hb-core", d: d, "data-edge": number[i] } : { class: "hb-core investigate-floating", d: d }));
    });
    svg.appendChild(svgEl("line", { class: "hb-ground", x1: MARGIN - 10, y1: y0, x2: w - MARGIN + 10, y2: y0 }));
    var ends = {};
    lines.forEach(function (l, i) {
      if (!standing[i]) return;
      [l.p, l.q].forEach(function (p) {
        if (p[1] > 0) ends[key(p)] = p;
      });
    });
    Object.keys(ends).forEach(function (k) {
      var c = px(ends[k]);
      svg.appendChild(svgEl("circle", { class: "hb-node", cx: c[0], cy: c[1], r: 3.5 }));
    });
    // What the reader edits with: the edges, then the grid's points, each a button.
    lines.forEach(function (l, i) {
      var a = px(l.p), b = px(l.q);
      var hit = svgEl("path", { class: "investigate-edge", d: "M" + a[0] + " " + a[1] + "L" + b[0] + " " + b[1] });
      pressable(hit, function () {
        chooseLine(i);
      }, COLOUR[l.c] + " edge from " + where(l.p) + " to " + where(l.q), "e" + i);
      svg.appendChild(hit);
    });
    for (var gy = grid.h; gy >= 0; gy--)
      for (var gx = 0; gx < grid.w; gx++) {
        var p = [gx, gy], c = px(p), chosen = picked && same(picked, p);
        var point = svgEl("g", { class: "investigate-point" + (chosen ? " investigate-picked" : "") });
        point.appendChild(svgEl("circle", { class: "investigate-target", cx: c[0], cy: c[1], r: 22 }));
        point.appendChild(svgEl("circle", { class: "investigate-dot", cx: c[0], cy: c[1], r: chosen ? 6 : 2.5 }));
        pressable(point, choosePoint.bind(null, p), "point: " + where(p) + (chosen ? " (chosen)" : ""), "p" + gx + "," + gy);
        svg.appendChild(point);
      }
    return svg;
  }

  // A table for player.js's edge game, grown as play reaches positions (each set of standing
  // edges is valued by this script when first reached).
  function playTable(pic, result) {
    var edges = result.which.map(function (i) {
      return pic.edges[i];
    });
    var table = { colours: edges.map(function (e) {
      return e.c;
    }).join(""), childish: false, entries: [] };
    var byset = {};
    function valued(set) {
      var kept = grounded(pic.nodes, edges, function (i) {
        return (set >> i) & 1;
      });
      var v = valueOf(forestOf(pic.nodes, edges, kept, pic.order));
      var bits = 0;
      kept.forEach(function (i) {
        bits |= 1 << i;
      });
      return { set: bits >>> 0, v: v };
    }
    function intern(set) {
      var here = valued(set);
      if (here.set in byset) return byset[here.set];
      var entry = { set: here.set, v: here.v, cuts: [], L: [], R: [] };
      for (var k = 0; k < edges.length; k++) {
        if (!((here.set >> k) & 1)) continue;
        entry.cuts.push(k);
        var o = outcome(valued((here.set & ~(1 << k)) >>> 0).v);
        if (edges[k].c !== "R" && (o === "L" || o === "P")) entry.L.push(k);
        if (edges[k].c !== "L" && (o === "R" || o === "P")) entry.R.push(k);
      }
      table.entries.push(entry);
      byset[here.set] = table.entries.length - 1;
      return byset[here.set];
    }
    intern(((1 << edges.length) - 1) >>> 0);
    table.after = function (i, k) {
      return intern((table.entries[i].set & ~(1 << k)) >>> 0);
    };
    table.view = function (i) {
      var v = table.entries[i].v;
      return { html: show(v, true), words: words(v), data: show(v, false), outcome: outcome(v) };
    };
    return table;
  }

  var current = null; // the play table of the picture shown
  var formats = (window.hackenbookPlay = window.hackenbookPlay || {});
  // The edge game of edges.js (loaded after this script), on the table of the picture shown.
  formats.i1 = function (lib, svg) {
    return formats.edges(lib, svg, current);
  };

  function update() {
    var pic = picture();
    var result = investigate(pic.nodes, pic.edges, pic.order, pic.place);
    var floating = lines.length - result.which.length;
    var figure = document.createElement("figure");
    figure.className = "position investigate-figure";
    figure.id = "investigate-figure";
    figure.appendChild(draw(pic, result));
    var v = result.value;
    current = null;
    if (!v.beyond) {
      current = playTable(pic, result);
      figure.setAttribute("data-play", "i1");
    }
    holder.replaceChildren(figure);
    if (!v.beyond && formats.setup) formats.setup(figure);
    notationOut.value = result.notation;
    valueOut.textContent = v.beyond ? "not valued on this page" : show(v, true) + " \u00b7 " + OUTCOME[outcome(v)];
    if (v.beyond) valueOut.setAttribute("data-value", "");
    else valueOut.setAttribute("data-value", show(v, false));
    beyond.hidden = !v.beyond;
    if (v.beyond) {
      el("why").textContent = "This picture is beyond what this page values: " + v.beyond + ". The command line values it:";
      el("command").textContent = "hackenbook eval '" + result.notation + "'";
    }
    el("floating").textContent = floating
      ? (floating === 1 ? "One edge does not reach the ground" : floating + " edges do not reach the ground") +
        ": drawn faint, they fall at once and count for nothing."
      : "";
  }

  // The typed notation drawn on the grid: each tree's trunk in its own column, a node's first
  // branch straight up, the others to its right.
  function drawTyped() {
    var read = parse(typed.value);
    if (read.error) return say(read.error);
    var width = [], x = [], kids = [];
    for (var v = 0; v < read.nodes; v++) kids.push([]);
    read.edges.forEach(function (e) {
      kids[e.a].push(e.b);
    });
    function span(v) {
      var s = kids[v].reduce(function (t, c) {
        return t + span(c);
      }, 0);
      width[v] = Math.max(1, s);
      return width[v];
    }
    function placeFrom(v, left) {
      x[v] = left;
      kids[v].forEach(function (c) {
        placeFrom(c, left);
        left += width[c];
      });
    }
    var column = 0;
    kids[0].forEach(function (t) {
      span(t);
      placeFrom(t, column);
      column += width[t] + 1;
    });
    grid.w = Math.max(8, column);
    grid.h = Math.max(6, Math.max.apply(null, read.depth));
    lines = read.edges.map(function (e) {
      return { p: e.a ? [x[e.a], read.depth[e.a]] : [x[e.b], 0], q: [x[e.b], read.depth[e.b]], c: e.c };
    });
    picked = null;
    say("Drawn from the notation.");
    update();
  }

  root.querySelectorAll("input[name=tool]").forEach(function (input) {
    input.addEventListener("change", function () {
      tool = input.value;
      say(tool === "erase" ? "Eraser: click an edge, or its two ends, to remove it." : "Drawing " + COLOUR[tool] + " edges.");
    });
  });
  el("clear").addEventListener("click", function () {
    lines = [];
    picked = null;
    grid = { w: 8, h: 6 };
    say("The grid is clear.");
    update();
  });
  el("draw").addEventListener("click", drawTyped);
  el("copy").addEventListener("click", function () {
    notationOut.select();
    var done = function () {
      say("Notation copied.");
    };
    if (navigator.clipboard && navigator.clipboard.writeText)
      navigator.clipboard.writeText(notationOut.value).then(done, function () {
        say("Selected: copy it with Ctrl+C (Cmd+C on a Mac).");
      });
    else say("Selected: copy it with Ctrl+C (Cmd+C on a Mac).");
  });
  root.hidden = false;
  typed.value = "L(L R) RL";
  drawTyped();
  say("Pick a colour, then click two points to join them with an edge.");
})();
