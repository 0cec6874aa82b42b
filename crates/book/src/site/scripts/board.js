// hackenbook's player, the format of any game but Hackenbush (`g1`, crates/rulesets/src/play/
// compact.rs): per entry its value index, the items it shows, and its moves (mover, whether it
// wins, item clicked, name, entry reached). Loaded before `player.js` only by pages with such a
// board; it registers the format (window.hackenbookPlay.g1) and `player.js`, which has the one
// set of controls (panel, verdicts, undo and reset, the solver's replies, keyboard), uses it.
"use strict";
(function () {
  function decodeBoard(text, ALPHA) {
    var f = text.split(";");
    if (f.length !== 5 || f[0] !== "g1") throw new Error("player.js: unknown play table");
    var items = +f[1], outcomes = f[2];
    var names = f[3] === "" ? [] : f[3].split(",").map(decodeURIComponent);
    var entries = f[4].split(",").map(function (entry) {
      var parts = entry.split("."), shown = [];
      for (var c = 0; c < parts[1].length; c++) {
        var d = ALPHA.indexOf(parts[1].charAt(c));
        if (d < 0) throw new Error("player.js: bad play table");
        for (var b = 0; b < 6; b++) if ((d >> b) & 1) shown.push(6 * c + b);
      }
      var moves = parts.slice(2).map(function (m) {
        var n = m.slice(1).split(":").map(function (x) {
          return parseInt(x, 36);
        });
        var letter = m.charAt(0);
        return { player: letter.toUpperCase(), wins: letter === letter.toUpperCase(), item: n[0], name: names[n[1]], to: n[2] };
      });
      return { value: parseInt(parts[0], 36), shown: shown, moves: moves };
    });
    return { items: items, outcomes: outcomes, entries: entries };
  }

  // Another game's board in play: a move is one of the entry's moves; the items that are the
  // targets of moves are the buttons.
  var NOT_TARGET = { tabindex: null, role: null, "aria-label": null };

  function boardGame(lib, svg, text, name, players) {
    var NAME = lib.NAME, other = lib.other, attrs = lib.attrs;
    var table = decodeBoard(text, lib.ALPHA), listening = [];
    var items = lib.all(svg, "g[data-item]");
    if (items.length !== table.items) throw new Error("player.js: the drawing and its play table disagree");
    function movesAt(i, k) {
      return table.entries[i].moves.filter(function (m) {
        return m.item === k;
      });
    }
    return {
      outcomes: table.outcomes,
      ask:
        (name ? name.charAt(0).toUpperCase() + name.slice(1) + " in play" : "Position in play") +
        ": choose a move" + (players ? " (" + players + ")" : ""),
      taken: "Move taken back",
      value: function (i) {
        return table.entries[i].value;
      },
      moves: function (i, s) {
        return table.entries[i].moves.filter(function (m) {
          return m.player === s;
        });
      },
      winning: function (i, s) {
        return table.entries[i].moves.filter(function (m) {
          return m.player === s && m.wins;
        });
      },
      after: function (i, m) {
        return m.to;
      },
      intro: function () {
        return "Choose a piece or a place to move" + (players ? ": " + players + "." : ".");
      },
      start: function (choose) {
        svg.classList.add("hb-playing");
        items.forEach(function (g, k) {
          function click() {
            choose(k, false);
          }
          g.addEventListener("click", click);
          listening.push([
            g,
            click,
            lib.onKey(g, function () {
              choose(k, true);
            }),
          ]);
        });
        return this.next(0);
      },
      stop: function () {
        svg.classList.remove("hb-playing");
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
        var moves = movesAt(i, k);
        if (!moves.length) return null;
        if (you) {
          var mine = moves.filter(function (m) {
            return m.player === you;
          })[0];
          return mine ? { move: mine, mover: you } : { refuse: "That is " + NAME[other(you)] + "'s move: you play " + NAME[you] + "." };
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
      tell: function (i, j, m, mover, vs) {
        return (vs ? (mover === vs.you ? "You play " : "The solver plays ") : mover ? NAME[mover] + " plays " : "Played ") + m.name;
      },
      next: function (i) {
        return items.filter(function (g, k) {
          return movesAt(i, k).length > 0;
        })[0];
      },
    };
  }

  (window.hackenbookPlay = window.hackenbookPlay || {}).g1 = boardGame;
})();

// Another game's move exercise (`kind: "named"`, from `exercise.js`): the answer is a move's name,
// typed, or the drawn item that is its target, clicked. Here rather than in `exercise.js` so that
// a page with no other game's board does not load it.
(function () {
  // A move's name as compared: no blanks, "->" read as "→", lower case (as the build compares).
  function moveName(text) {
    return text.replace(/->/g, "→").replace(/\s+/g, "").toLowerCase();
  }

  // What a chosen move (by its name as the game gives it) is worth as an answer, in words;
  // right is true, false, or null for a name that is no move of the mover's.
  function moveVerdict(data, name) {
    var who = data.player === "left" ? "Left" : "Right";
    var wanted = moveName(name), found = null;
    data.legal.forEach(function (m) { if (moveName(m) === wanted) found = m; });
    if (found === null) return { right: false, text: "That is not a move of " + who + "'s here. Try another." };
    var right = data.right.indexOf(found) >= 0;
    if (data.goal === "best") {
      return right ? { right: true, text: "Correct: " + found + " is " + who + "'s best move." }
        : { right: false, text: "Not quite: " + who + " has a better move than " + found + ". Try another." };
    }
    return right ? { right: true, text: "Correct: " + found + " wins for " + who + "." }
      : { right: false, text: "That move loses: the other player can answer it and win. Try another." };
  }

  // Another game's move question: a drawn item that is the target of one of the mover's moves
  // (a piece to move, a place to play) answers it when clicked, or from the keyboard.
  function setUpNamed(section, data, out, form, verdict) {
    var svg = section.querySelector(".exercise-diagram svg");
    svg.classList.add("exercise-clickable");
    section.querySelector(".exercise-screen-only").hidden = false; // "Type the move, or click …"
    svg.querySelectorAll("g[data-item]").forEach(function (g) {
      var moves = data.targets[g.getAttribute("data-item")];
      if (!moves) return;
      g.classList.add("exercise-target");
      // A piece without a place of its own is a target as large as its square: one unit of the
      // board, around the piece (a disc is smaller than a fingertip on a phone).
      if (!g.querySelector(".hb-target")) {
        var b = g.getBBox(), r = document.createElementNS("http://www.w3.org/2000/svg", "rect");
        [["x", b.x + b.width / 2 - 0.5], ["y", b.y + b.height / 2 - 0.5], ["width", 1], ["height", 1], ["class", "hb-target"]]
          .forEach(function (a) { r.setAttribute(a[0], a[1]); });
        g.insertBefore(r, g.firstChild);
      }
      g.setAttribute("tabindex", "0");
      g.setAttribute("role", "button");
      g.setAttribute("aria-label", moves.join(" or "));
      function choose() {
        svg.querySelectorAll(".exercise-chosen").forEach(function (c) { c.classList.remove("exercise-chosen"); });
        g.classList.add("exercise-chosen");
        if (moves.length > 1) {
          // One piece, several moves: the name says which.
          form.elements.answer.value = "";
          verdict(out, null, "That piece has several moves (" + moves.join(", ") + "): type the one you mean.");
          return;
        }
        form.elements.answer.value = moves[0];
        var v = moveVerdict(data, moves[0]);
        verdict(out, v.right, v.text);
      }
      g.addEventListener("click", choose);
      g.addEventListener("keydown", function (event) {
        if (event.key === "Enter" || event.key === " ") { event.preventDefault(); choose(); }
      });
    });
  }

  // `exercise.js` sets up the board and, on submit, has a typed name judged.
  window.hackenbookExercise = { setUp: setUpNamed, judge: moveVerdict };
})();
