// hackenbook's player, the format of a board of any game (`g3`, crates/rulesets/src/play/
// compact.rs): per entry the items it shows and its value, then its moves by the item clicked
// (name, and the entry reached unless the page finds it: the entry showing the most items within
// what stood, less the item clicked, with what the move adds). Loaded before `player.js` by
// play.js on the first press of Play; it registers the format (window.hackenbookPlay.g3) and `player.js`,
// which has the one set of controls (panel, verdicts, undo and reset, the solver's replies,
// keyboard), uses it. A board whose moves take pieces drawn as thin strokes (items with
// `data-piece`: Hackenbush's edges) is played by the nearest piece to a tap and grows on a phone
// until each piece is a target of 44 px (`pieces.js`, loaded before this script by pages with
// such a board), and tells a move by the piece it takes ("Left cuts a blue edge; 2 edges fall",
// with the figure's `data-play-verb` and `data-play-variant`).
"use strict";
(function () {
  // The table, read with the drawing's items' words (`labels`, a move's name when the table
  // writes none) and which items it shows before play (`first`, entry 0); an entry's moves are
  // worked out when first asked for (`moves(i)`).
  function decodeBoard(text, ALPHA, labels, first) {
    var f = text.split(";"), n = labels.length, outcomes = f[2], count = f[4] ? +f[4] : -1, at = 0, fixed = {}, slots = [], entries = [];
    if (f.length !== 6 || f[0] !== "g3" || first.length !== n) throw new Error("player.js: unknown play table");
    function num(x) {
      return x ? x.split("+").map(function (d) {
        return parseInt(d, 36);
      }) : [];
    }
    function width(k) {
      for (var w = 0; 1 << w < k; w++);
      return w;
    }
    function take(w) {
      for (var v = 0, b = 0, d; b < w; b++, at++) {
        if ((d = ALPHA.indexOf(f[5].charAt((at / 6) | 0))) < 0) throw new Error("player.js: the play table ends early");
        v |= ((d >> at % 6) & 1) << b;
      }
      return v;
    }
    // `k` always shown, `k=j+j` shown with any of the j, `k=j*c` c items each shown with its j.
    (f[1] ? f[1].split(",") : []).forEach(function (s) {
      s = s.split("=");
      var k = parseInt(s[0], 36), run = s.length > 1 ? s[1].split("*") : [];
      if (run.length > 1) {
        for (var t = 0; t < parseInt(run[1], 36) && t < n; t++) fixed[k + t] = [parseInt(run[0], 36) + t];
      } else fixed[k] = s.length > 1 ? num(s[1]) : null;
    });
    // Groups `ITEM.CODES:NAMES`: a code an item from ITEM on (when not written, the item after the
    // last one, or for the first group the first item with words); without names, an item's one move is named by the last word of its words.
    var next = Math.max(0, labels.findIndex(function (l) {
      return !!l;
    }));
    (f[3] ? f[3].split(",") : []).forEach(function (g) {
      var c = g.indexOf(":"), head = c < 0 ? g : g.slice(0, c), dot = head.indexOf(".");
      var item = dot < 0 ? next : parseInt(head.slice(0, dot), 36), codes = head.slice(dot + 1);
      var names = c < 0 ? null : g.slice(c + 1).split("|").map(function (x) {
        var q = x.split(">"), written = x.slice(-1) === "<";
        return { name: decodeURIComponent(written ? x.slice(0, -1) : q[0]), adds: written ? null : num(q[1]) };
      });
      codes.split("").forEach(function (code, j) {
        var k = item + j, label = labels[k] || "";
        var own = names || [{ name: label.slice(label.lastIndexOf(" ") + 1), adds: [] }];
        if (!(k < n) || !own[0].name || (names && codes.length > 1)) throw new Error("player.js: a bad move in the play table");
        // `b`: one bit says whether both players have their moves here.
        var both = code.toUpperCase() === "B";
        (both ? "LR" : code.toUpperCase()).split("").forEach(function (p) {
          slots.push({ item: k, player: p, implied: code < "a", shares: both && p === "R", names: own });
        });
        next = k + 1;
      });
    });
    // Without a count, as many entries as the bits hold: entry 0, then one more while six bits
    // or more are left.
    if (count < 0 && slots.some(function (s) {
      return s.names.some(function (x) {
        return !x.adds;
      });
    })) throw new Error("player.js: a bad play table");
    for (var i = 0; count < 0 ? i === 0 || f[5].length * 6 - at >= 6 : i < count; i++) {
      var on = [], shown = [], moves = [], k, before = at;
      for (k = 0; k < n; k++) on[k] = !(k in fixed) && (i ? take(1) : first[k]);
      for (k in fixed)
        on[k] = !fixed[k] || fixed[k].some(function (j) {
          return on[j];
        });
      for (k = 0; k < n; k++) if (on[k]) shown.push(k);
      var value = take(width(outcomes.length));
      var had = false;
      slots.forEach(function (s) {
        if (!on[s.item]) return;
        had = s.implied || (s.shares ? had : !!take(1));
        if (!had) return;
        var m = s.names[take(width(s.names.length))];
        moves.push({ player: s.player, item: s.item, name: m.name, adds: m.adds, to: m.adds ? -1 : take(width(count)) });
      });
      if (count < 0 && i > 0 && at - before < 6) throw new Error("player.js: a bad play table");
      entries.push({ shown: shown, value: value, moves: moves });
    }
    count = entries.length;
    // The entry a move reaches when the table does not say: the one showing the most items (the
    // first of equals) among those showing none but what stood, less the item clicked, and what
    // the move adds. A move wins when its mover or the second player wins the entry reached.
    function movesOf(i) {
      return entries[i].moves.map(function (m) {
        var within = {};
        if (m.to < 0) {
          entries[i].shown.forEach(function (k) {
            within[k] = k !== m.item;
          });
          m.adds.forEach(function (k) {
            within[k] = true;
          });
          entries.forEach(function (e, j) {
            if (e.shown.every(function (k) {
              return within[k];
            }) && (m.to < 0 || e.shown.length > entries[m.to].shown.length)) m.to = j;
          });
        }
        m.wins = (m.player + "P").indexOf(outcomes.charAt(entries[m.to].value)) >= 0;
        return m;
      });
    }
    return { items: n, outcomes: outcomes, entries: entries, moves: movesOf };
  }

  // Another game's board in play: a move is one of the entry's moves; the items that are the
  // targets of moves are the buttons.
  var NOT_TARGET = { tabindex: null, role: null, "aria-label": null };

  function boardGame(lib, svg, text, name, players) {
    var NAME = lib.NAME, other = lib.other, attrs = lib.attrs;
    var items = lib.all(svg, "g[data-item]"), listening = [];
    var table = decodeBoard(text, lib.ALPHA, items.map(function (g) {
      return g.getAttribute("data-label");
    }), items.map(function (g) {
      return g.getAttribute("display") !== "none";
    }));
    var area = svg.parentNode, tap = null;
    // On a board of pieces drawn as strokes (a Hackenbush edge), how its play is worded; null
    // elsewhere.
    var pieces = window.hackenbookPlay.pieces, w = pieces ? pieces.words(lib, svg, table, items) : null;
    var game = name ? name.charAt(0).toUpperCase() + name.slice(1) : "Position";
    function movesAt(i, k) {
      return table.moves(i).filter(function (m) {
        return m.item === k;
      });
    }
    return {
      outcomes: table.outcomes,
      ask: w ? w.ask(game) : game + " in play: choose a move" + (players ? " (" + players + ")" : ""),
      taken: w ? w.taken : "Move taken back",
      value: function (i) {
        return table.entries[i].value;
      },
      moves: function (i, s) {
        return table.moves(i).filter(function (m) {
          return m.player === s;
        });
      },
      winning: function (i, s) {
        return table.moves(i).filter(function (m) {
          return m.player === s && m.wins;
        });
      },
      after: function (i, m) {
        return m.to;
      },
      intro: function () {
        if (w) return w.intro();
        return "Choose a piece or a place to move" + (players ? ": " + players + "." : ".");
      },
      start: function (choose) {
        svg.classList.add("hb-playing");
        items.forEach(function (g, k) {
          function click() {
            choose(k, false);
          }
          // A piece is chosen by the tap nearest it (below), not by a click on its stroke.
          if (!g.hasAttribute("data-piece")) g.addEventListener("click", click);
          listening.push([
            g,
            click,
            lib.onKey(g, function () {
              choose(k, true);
            }),
          ]);
        });
        if (w) {
          // Only a tap on the drawing or beside it: not the click on Play (which opened the
          // panel during this very click, and comes here once the button has gone), nor one on
          // another target.
          tap = function (ev) {
            if (ev.target !== area && !svg.contains(ev.target)) return;
            var on = ev.target.closest && ev.target.closest("g[data-item].hb-legal:not([data-piece])");
            var g = on ? null : pieces.at(svg, ev.clientX, ev.clientY);
            if (g) choose(items.indexOf(g), false);
          };
          area.addEventListener("click", tap);
          pieces.fit(svg);
        }
        return this.next(0);
      },
      stop: function () {
        svg.classList.remove("hb-playing");
        if (tap) area.removeEventListener("click", tap);
        tap = null;
        svg.style.width = svg.style.maxWidth = "";
        listening.forEach(function (l) {
          l[0].removeEventListener("click", l[1]);
          l[0].removeEventListener("keydown", l[2]);
          attrs(l[0], NOT_TARGET).classList.remove("hb-legal");
        });
        listening = [];
      },
      // Show entry i's items; those that are the targets of its moves are buttons, named by the
      // item and its moves.
      show: function (i) {
        var e = table.entries[i], playing = svg.classList.contains("hb-playing");
        items.forEach(function (g, k) {
          var on = e.shown.indexOf(k) >= 0, moves = movesAt(i, k);
          var target = playing && on && moves.length > 0;
          attrs(g, { display: on ? null : "none" });
          g.classList.toggle("hb-legal", target);
          attrs(
            g,
            target
              ? {
                  tabindex: 0,
                  role: "button",
                  "aria-label":
                    g.getAttribute("data-label") + ": " + moves.map(function (m) {
                      return NAME[m.player] + " " + m.name;
                    }).join(", "),
                }
              : NOT_TARGET,
          );
        });
      },
      // What a click on item k from entry i means: nothing (no move there), a refusal in words,
      // or a move and its mover (none when either player's move there is the same move).
      pick: function (i, k, you, last) {
        var moves = movesAt(i, k), why;
        // A piece standing that no move takes: the variant's rule forbids it.
        if (!moves.length) return w && (why = w.forbidden(i, k)) ? { refuse: why } : null;
        if (you) {
          var mine = moves.filter(function (m) {
            return m.player === you;
          })[0];
          if (mine) return { move: mine, mover: you };
          return { refuse: (w && w.notYours(k, you)) || "That is " + NAME[other(you)] + "'s move: you play " + NAME[you] + "." };
        }
        var same = moves.every(function (m) {
          return m.to === moves[0].to;
        });
        if (same && moves.length > 1) return { move: moves[0], mover: null };
        var side = moves.length === 1 ? moves[0].player : last ? other(last) : "L";
        return {
          move: moves.filter(function (m) {
            return m.player === side;
          })[0],
          mover: side,
        };
      },
      // A move in words: by its name, or on a board of pieces by the piece it takes and how many
      // fall with it ("Left cuts a blue edge; 2 edges fall").
      tell: function (i, j, m, mover, vs) {
        return (
          (w && w.tell(i, j, m, mover, vs)) ||
          (vs ? (mover === vs.you ? "You play " : "The solver plays ") : mover ? NAME[mover] + " plays " : "Played ") + m.name
        );
      },
      next: function (i) {
        return items.filter(function (g, k) {
          return movesAt(i, k).length > 0;
        })[0];
      },
    };
  }

  var formats = (window.hackenbookPlay = window.hackenbookPlay || {});
  formats.g3 = boardGame;
  // The table as the page reads it (the browser test holds it against `play --json`).
  formats.g3.decode = decodeBoard;
})();
