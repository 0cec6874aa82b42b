// Exercises: checks a reader's answer against what the build computed and embedded in
// data-exercise. It solves nothing: it only reads the reader's spelling of a value
// (number, ups, nimber), of a winner or an outcome, of a move's name, or the drawn item (a
// Hackenbush edge, a piece, a place) clicked.
"use strict";
(function () {
  var FRACTIONS = { "½": "1/2", "¼": "1/4", "¾": "3/4", "⅛": "1/8", "⅜": "3/8", "⅝": "5/8", "⅞": "7/8" };

  // "1/2", "0.5", ".5", "½", "1½", "-1/4", "−¼", "^*", "↑", "*1", "1v*3" -> {num, den, ups, nim}
  // (BigInt fraction); null if it is not such a value.
  function parseValue(text) {
    var s = text.trim().toLowerCase()
      .replace(/[−–]/g, "-").replace(/∗/g, "*").replace(/↑/g, "^").replace(/↓/g, "v")
      .replace(/\bup\b/g, "^").replace(/\bdown\b/g, "v").replace(/\bstar\b/g, "*")
      .replace(/(\d)\s*([½¼¾⅛⅜⅝⅞])/g, "$1 $2")
      .replace(/[½¼¾⅛⅜⅝⅞]/g, function (c) { return FRACTIONS[c]; });
    var m = /^([+-]?)\s*(?:(\d+)\s+(\d+)\/(\d+)|(\d+)\s*\/\s*(\d+)|(\d*)\.(\d+)|(\d+))?/.exec(s);
    var num = 0n, den = 1n;
    if (m[2]) { den = BigInt(m[4]); num = BigInt(m[2]) * den + BigInt(m[3]); }
    else if (m[5]) { num = BigInt(m[5]); den = BigInt(m[6]); }
    else if (m[8]) { den = 10n ** BigInt(m[8].length); num = BigInt(m[7] || "0") * den + BigInt(m[8]); }
    else if (m[9]) { num = BigInt(m[9]); }
    if (den === 0n) return null;
    if (m[1] === "-") num = -num;
    var ups = 0, nim = 0, rest = s.slice(m[0].length), any = m[0].replace(/[\s+-]/g, "") !== "";
    while (rest.length) {
      var c = rest[0], star;
      if (c === " " || c === "+") { rest = rest.slice(1); continue; }
      if (c === "^") { ups += 1; rest = rest.slice(1); }
      else if (c === "v") { ups -= 1; rest = rest.slice(1); }
      else if ((star = /^\*\s*(\d*)/.exec(rest))) { nim ^= star[1] ? Number(star[1]) : 1; rest = rest.slice(star[0].length); }
      else return null;
      any = true;
    }
    return any ? { num: num, den: den, ups: ups, nim: nim } : null;
  }

  function sameValue(reader, parts) {
    var v = parseValue(reader);
    if (!v || !parts) return false;
    // parts: [numerator, power of two of the denominator, ups, nimber]
    return v.num * (2n ** BigInt(parts[1])) === BigInt(parts[0]) * v.den &&
      v.ups === parts[2] && v.nim === parts[3];
  }

  function plain(text) {
    return text.toLowerCase().replace(/\s+/g, "").replace(/±/g, "+-").replace(/[−–]/g, "-")
      .replace(/∗/g, "*").replace(/↑/g, "^").replace(/↓/g, "v").replace(/\|/g, "|");
  }

  var WORDS = { left: "L", blue: "L", l: "L", right: "R", red: "R", r: "R",
    first: "N", next: "N", n: "N", starter: "N", second: "P", previous: "P", last: "P", p: "P" };
  // Words that only carry a sentence ("the player who moves second wins, whoever starts").
  var FILLER = /^(the|a|player|players|wins|win|winner|whoever|who|which|one|is|always|starts|start|starting|moves|move|moving|mover|goes|plays|to|with|and|either|way|any|case|of|them)$/;

  // The reader's words for who wins: "Left wins, whoever starts.", "Right (red)", "whoever moves
  // second", "the player who does not start" -> "L", "R", "N" or "P"; "" when no word names one
  // ("whoever starts" alone is the first player); null when a word is neither.
  function outcomeWord(text) {
    var s = text.toLowerCase().replace(/n't\b/g, " not").replace(/[^a-z]+/g, " ")
      .replace(/\b(does|do|did) not (start|move first|go first)\b/g, "second");
    var found = "", words = s.split(/\s+/).filter(Boolean);
    for (var i = 0; i < words.length; i++) {
      var w = WORDS[words[i]];
      if (w) { if (found && found !== w) return null; found = w; }
      else if (!FILLER.test(words[i])) return null;
    }
    return found || (/\bstart|\bmover\b|\bto move\b/.test(s) ? "N" : null);
  }

  var SPELLINGS = {
    value: "write a value such as 3/4, -2, 1½, *, *2, ^, v*, 1 + *.",
    winner: "write Left or Right (blue or red), or the first or second player.",
    outcome: "write Left, Right, the first player (whoever starts) or the second player.",
  };

  function verdict(out, right, text) {
    out.textContent = text;
    out.setAttribute("data-verdict", right === null ? "unread" : right ? "right" : "wrong");
  }

  // Whether a typed answer is right; null if it cannot be read as an answer to the question.
  function checkTyped(data, text) {
    if (data.kind === "value") {
      if (!data.parts) return plain(text) === plain(data.display);
      return parseValue(text) ? sameValue(text, data.parts) : null;
    }
    var w = outcomeWord(text);
    if (!w) return null;
    if (data.kind === "outcome") return w === data.class;
    // Who wins when a given player starts: the first player is the starter.
    var starter = data.starter === "left" ? "L" : "R", other = starter === "L" ? "R" : "L";
    return (w === "N" ? starter : w === "P" ? other : w) === (data.winner === "left" ? "L" : "R");
  }

  // A typed answer's verdict in words.
  function typedVerdict(data, text) {
    var right = checkTyped(data, text);
    return { right: right, text: right === null ? "I can't read that: " + SPELLINGS[data.kind]
      : right ? "Correct." : "Not quite: try again, or open the hint." };
  }

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

  // A move question on any game's board: a drawn item that is the target of one of the mover's
  // moves (a piece to move, a place to play) answers it when clicked, or from the keyboard. On a
  // board of pieces drawn as thin strokes (`data-piece`: Hackenbush's edges) a tap picks the
  // nearest piece standing, as in play (`pieces.js`, loaded before this script by pages with
  // such a board), and each piece the mover may take is a button named by its move ("cut blue
  // edge LR", with the game's verb from data-exercise).
  function setUpNamed(section, data, out, form) {
    var svg = section.querySelector(".exercise-diagram svg"), fig = svg.parentNode;
    var who = data.player === "left" ? "Left" : "Right";
    var pieces = window.hackenbookPlay && window.hackenbookPlay.pieces;
    var says = data.verb || "plays", plain = says.replace(/e?s$/, "");
    var first = svg.querySelector("g[data-piece]"), noun = first && first.getAttribute("data-piece").split(" ").pop();
    svg.classList.add("exercise-clickable");
    section.querySelector(".exercise-screen-only").hidden = false; // "Type the move, or click …"
    // For a screen reader the drawing is a group of buttons, not a picture (whose insides it
    // skips).
    svg.setAttribute("role", "group");
    svg.setAttribute("aria-label", noun ? "Choose the " + noun + " " + who + " " + says : "Choose " + who + "'s move");
    function choose(g) {
      var moves = data.targets[g.getAttribute("data-item")];
      svg.querySelectorAll(".exercise-chosen").forEach(function (c) { c.classList.remove("exercise-chosen"); });
      g.classList.add("exercise-chosen");
      if (!moves) {
        // A piece standing that the mover may not take (the other side's colour, or one the
        // rules forbid).
        verdict(out, false, who + " may not " + plain + " that " + noun + ". Try another.");
        return;
      }
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
    svg.querySelectorAll("g[data-item]").forEach(function (g) {
      var moves = data.targets[g.getAttribute("data-item")], piece = g.getAttribute("data-piece");
      if (!moves) return;
      g.classList.add("exercise-target");
      // A piece without a place of its own, not drawn as a stroke, is a target as large as its
      // square: one unit of the board, around the piece (a disc is smaller than a fingertip on a
      // phone).
      if (!piece && !g.querySelector(".hb-target")) {
        var b = g.getBBox(), r = document.createElementNS("http://www.w3.org/2000/svg", "rect");
        [["x", b.x + b.width / 2 - 0.5], ["y", b.y + b.height / 2 - 0.5], ["width", 1], ["height", 1], ["class", "hb-target"]]
          .forEach(function (a) { r.setAttribute(a[0], a[1]); });
        g.insertBefore(r, g.firstChild);
      }
      g.setAttribute("tabindex", "0");
      g.setAttribute("role", "button");
      g.setAttribute("aria-label", piece ? plain + " " + piece + " " + moves.join(" or ") : moves.join(" or "));
      // A piece is chosen by the tap nearest it (below), not by a click on its stroke.
      if (!piece) g.addEventListener("click", function () { choose(g); });
      g.addEventListener("keydown", function (event) {
        if (event.key === "Enter" || event.key === " ") { event.preventDefault(); choose(g); }
      });
    });
    // A tap on the drawing or beside it (in the figure) picks the nearest piece within reach.
    if (noun && pieces) {
      fig.addEventListener("click", function (event) {
        if (event.target !== fig && !svg.contains(event.target)) return;
        var g = pieces.at(svg, event.clientX, event.clientY);
        if (g) choose(g);
      });
    }
  }

  document.querySelectorAll("section.exercise[data-exercise]").forEach(function (section) {
    var data = JSON.parse(section.getAttribute("data-exercise"));
    var form = section.querySelector(".exercise-try");
    var out = form.querySelector("output");
    form.hidden = false;
    // A move question, on any game's board: its board is set up for choosing a move, and a
    // typed answer is a move's name.
    var named = data.kind === "named";
    if (named) setUpNamed(section, data, out, form);
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var text = form.elements.answer.value;
      if (!text.trim()) return;
      var v = named ? moveVerdict(data, text) : typedVerdict(data, text);
      verdict(out, v.right, v.text);
    });
  });
})();
