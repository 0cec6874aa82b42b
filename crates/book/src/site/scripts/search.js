// The search box of every page (written for this project). The index is search-index.js, written
// by the build (`site::search`): the elasticlunr tries of the words of every section, exercise
// and claim, and per document [title, essay, href, the opening of its text]. It is loaded by a
// script element the first time a reader uses the box, so that a page opened from file:// needs no fetch and a reader who
// never searches downloads nothing. A query finds the documents holding every one of its words,
// a word matching any indexed word it begins; headings weigh more than text, rare words more
// than common ones.
"use strict";
(function () {
  var form = document.querySelector("form.site-search");
  if (!form) return;
  var input = form.querySelector("input");
  var list = form.querySelector(".site-search-results");
  var status = form.querySelector(".site-search-status");
  var BOOST = { title: 3, text: 1 };
  var SHOWN = 8;
  var requested = false;

  // The index's own way of cutting text into words (site::search::AsWritten): split at white
  // space and hyphens, lower-case, punctuation trimmed from both ends.
  function words(text) {
    return text.toLowerCase().split(/[\s-]+/)
      .map(function (w) { return w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ""); })
      .filter(function (w) { return w.length > 0; });
  }

  // Every (node, letters beyond the word) under the trie node the word leads to.
  function below(root, word) {
    var node = root;
    for (var c of word) {
      node = node[c];
      if (!node) return [];
    }
    var found = [], stack = [[node, 0]];
    while (stack.length) {
      var top = stack.pop();
      found.push(top);
      for (var key in top[0]) {
        if (key !== "docs" && key !== "df") stack.push([top[0][key], top[1] + 1]);
      }
    }
    return found;
  }

  function search(query) {
    var index = window.hackenbookSearch;
    var terms = words(query);
    if (!index || terms.length === 0) return [];
    var total = index.docs.length, scores = new Map(), hits = new Map();
    terms.forEach(function (term, t) {
      for (var field in BOOST) {
        below(index.index[field].root, term).forEach(function (pair) {
          var node = pair[0], extra = pair[1];
          var idf = 1 + Math.log(total / (node.df + 1));
          for (var ref in node.docs) {
            var weight = node.docs[ref].tf * idf * BOOST[field] / (1 + extra);
            scores.set(ref, (scores.get(ref) || 0) + weight);
            var seen = hits.get(ref) || new Set();
            seen.add(t);
            hits.set(ref, seen);
          }
        });
      }
    });
    return [...scores.keys()]
      .filter(function (ref) { return hits.get(ref).size === terms.length; })
      .sort(function (a, b) { return scores.get(b) - scores.get(a) || a - b; })
      .map(function (ref) { return index.docs[Number(ref)]; });
  }

  function show() {
    var query = input.value;
    while (list.firstChild) list.removeChild(list.firstChild);
    if (!window.hackenbookSearch || words(query).length === 0) {
      list.hidden = true;
      status.textContent = "";
      return;
    }
    var found = search(query);
    found.slice(0, SHOWN).forEach(function (doc) {
      var item = document.createElement("li");
      var link = document.createElement("a");
      link.href = doc[2];
      var title = document.createElement("span");
      title.className = "result-title";
      title.textContent = doc[0];
      link.appendChild(title);
      if (doc[0] !== doc[1]) {
        var page = document.createElement("span");
        page.className = "result-page";
        page.textContent = doc[1];
        link.appendChild(page);
      }
      // The opening of the result's text.
      if (doc[3]) {
        var words = document.createElement("span");
        words.className = "result-snippet";
        words.textContent = doc[3];
        link.appendChild(words);
      }
      item.appendChild(link);
      list.appendChild(item);
    });
    list.hidden = found.length === 0;
    status.textContent = found.length === 0 ? "Nothing found"
      : found.length === 1 ? "1 place found"
      : found.length > SHOWN ? found.length + " places found, the first " + SHOWN + " shown"
      : found.length + " places found";
  }

  // The index is a script beside the page: loaded once, on first use.
  function load() {
    if (requested || window.hackenbookSearch) return;
    requested = true;
    var script = document.createElement("script");
    script.src = "search-index.js";
    script.onload = show;
    document.head.appendChild(script);
  }

  function links() { return [...list.querySelectorAll("a")]; }

  form.hidden = false;
  input.addEventListener("focus", load);
  input.addEventListener("input", function () { load(); show(); });
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    var first = links()[0];
    if (first) first.click();
  });
  // Arrow keys walk the results and back to the box; Escape closes them.
  form.addEventListener("keydown", function (event) {
    var all = links(), at = all.indexOf(document.activeElement);
    if (event.key === "ArrowDown" && all.length) {
      all[Math.min(at + 1, all.length - 1)].focus();
    } else if (event.key === "ArrowUp" && at >= 0) {
      (at === 0 ? input : all[at - 1]).focus();
    } else if (event.key === "Escape") {
      list.hidden = true;
      input.focus();
    } else {
      return;
    }
    event.preventDefault();
  });
  // A click elsewhere closes the results; coming back to the box opens them again.
  document.addEventListener("click", function (event) {
    if (!form.contains(event.target)) list.hidden = true;
  });
  input.addEventListener("focus", function () { if (list.firstChild) list.hidden = false; });
})();
