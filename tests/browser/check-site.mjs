// Opens every page of a built hackenbook site in headless Chromium and checks what a reader
// would see: every formula typeset (no raw TeX, no KaTeX error box, every <math> laid out),
// every diagram visible, the fonts loaded from the site's own folder, nothing requested from
// outside the site, no console errors, no broken internal links, no sideways scrolling on a
// phone. Saves a desktop and a phone screenshot of each page as artefacts. Searches by keyboard
// (see `checkSearch`).
//
// Then plays diagrams as a reader would (see `play` below): cuts by clicking, checking each value
// shown against the solver's own table (`hackenbook play POSITION --json`, the binary at
// $HACKENBOOK or target/debug/hackenbook); a whole game against the solver from a position it
// wins; a game by keyboard alone; screenshots mid-game at desktop and phone width. A Domineering
// board of an essay likewise (see `playBoard`): its table against `play --game … --json`, a game
// to its end by clicks, one against the solver, moves by keyboard, in light and dark.
//
// Issue 25's reader checks: formulas within their column (desktop and phone), exercises' answers
// in the reader's words, the print palette with a dark theme, focus rings and their contrast,
// targets of 44 px on a phone (`checkTargets`), exercises and descriptions for screen readers
// (`checkScreenReaders`), print, and play that ends when the side to move has no move.
//
// Usage: node tests/browser/check-site.mjs SITE_DIR [ARTEFACT_DIR]
//   (after `npm ci --prefix tests/browser`; Chromium from apt: /usr/bin/chromium, or $CHROMIUM)
// Ends with the line "N passed, M failed" and exits non-zero if anything failed.

import { chromium } from "playwright-core";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { execFileSync } from "node:child_process";
import { checkPrintAndType } from "./print-and-type.mjs";
import { checkPlots } from "./plots.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const siteDir = path.resolve(process.argv[2] ?? "site");
const artefacts = path.resolve(process.argv[3] ?? path.join(here, "artefacts"));
const executablePath = process.env.CHROMIUM ?? "/usr/bin/chromium";
const repo = path.resolve(here, "../..");
const hackenbook = process.env.HACKENBOOK ?? path.join(repo, "target/debug/hackenbook");

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
// The faces the stylesheet declares; each page must load the text face and, with maths, the
// maths face.
const TEXT_FONT = "Libertinus Serif";
const MATHS_FONT = "NewCM Math";
// Issue 9: a page with everything it loads (HTML, stylesheet, scripts, fonts) stays under this.
const PAGE_BUDGET = 500 * 1000;

let passed = 0;
let failed = 0;
function check(ok, what) {
  if (ok) {
    passed += 1;
  } else {
    failed += 1;
    console.log(`  FAIL ${what}`);
  }
}

function pagesOf(dir) {
  if (!fs.existsSync(path.join(dir, "index.html"))) {
    throw new Error(`${dir} has no index.html: build the site first`);
  }
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".html"))
    .sort();
}

// Everything the page asks for must be a file inside the site folder.
function isInsideSite(url) {
  if (!url.startsWith("file://")) return url.startsWith("data:") || url === "about:blank";
  const file = fileURLToPath(url.split("#")[0]);
  return file === siteDir || file.startsWith(siteDir + path.sep);
}

// Runs in the page: facts about formulas, diagrams, fonts, links and layout.
function inspect() {
  // What opens on demand (hints, solutions, census definitions) must render too; the answer
  // key is for print only.
  document.querySelectorAll("details").forEach((d) => (d.open = true));
  const shown = (el) => !el.closest(".answer-key");
  const skip = "code, pre, annotation, annotation-xml, script, style, title, desc";
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const rawTex = [];
  // Dollar-delimited maths or a TeX command left in the prose means a formula was not rendered.
  const texLike = /\$[^$\s][^$]*\$|\\(frac|tfrac|mid|pm|uparrow|downarrow|left|right|[a-zA-Z]{2,})\b/;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.parentElement?.closest(skip) || !shown(node.parentElement)) continue;
    if (texLike.test(node.textContent)) rawTex.push(node.textContent.trim().slice(0, 80));
  }
  const box = (el) => {
    const r = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    return {
      width: r.width,
      height: r.height,
      visible: style.visibility !== "hidden" && style.display !== "none" && Number(style.opacity) > 0,
    };
  };
  // Values kept for the player (#play-values) are hidden until a diagram is played; answers
  // are shown on demand.
  // How far a formula reaches past its column (the text column, inside its padding): a block
  // formula's box is the column, so its content (scrollWidth) is measured too.
  const overflow = (m) => {
    const column = m.closest("article, main") ?? document.body;
    const style = getComputedStyle(column);
    const c = column.getBoundingClientRect();
    const left = c.left + parseFloat(style.paddingLeft);
    const right = c.right - parseFloat(style.paddingRight);
    const r = m.getBoundingClientRect();
    return Math.max(left - r.left, r.right - right, Math.max(r.width, m.scrollWidth) - (right - left), 0);
  };
  const maths = [...document.querySelectorAll("math")].filter((m) => shown(m) && !m.closest("[hidden]")).map((m) => ({
    tex: m.textContent.trim().slice(0, 60),
    display: m.getAttribute("display") === "block",
    font: getComputedStyle(m).fontFamily,
    overflow: overflow(m),
    ...box(m),
  }));
  const diagrams = [...document.querySelectorAll("svg.hb-diagram, figure.position svg")].filter(shown).map((s) => ({
    title: s.querySelector("title")?.textContent ?? "",
    ...box(s),
  }));
  const fonts = [...document.fonts].map((f) => ({
    family: f.family.replace(/"/g, ""),
    weight: f.weight,
    style: f.style,
    status: f.status,
  }));
  const links = [...document.querySelectorAll("a[href]")].map((a) => a.getAttribute("href"));
  const ids = [...document.querySelectorAll("[id]")].map((e) => e.id);
  return {
    katexErrors: document.querySelectorAll(".katex-error").length,
    rawTex,
    maths,
    diagrams,
    fonts,
    links,
    ids,
    bodyFont: getComputedStyle(document.body).fontFamily,
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  };
}

async function visit(context, name, viewport) {
  const page = await context.newPage();
  await page.setViewportSize(viewport);
  const problems = { console: [], outside: [], failedRequests: [], fontFiles: [], loaded: new Set() };
  page.on("console", (msg) => {
    if (msg.type() === "error") problems.console.push(msg.text());
  });
  page.on("pageerror", (err) => problems.console.push(String(err)));
  page.on("requestfailed", (req) => problems.failedRequests.push(req.url()));
  await page.route("**/*", (route) => {
    const url = route.request().url();
    if (isInsideSite(url)) {
      if (/\.(otf|ttf|woff2?)$/.test(url)) problems.fontFiles.push(url);
      if (url.startsWith("file://")) problems.loaded.add(url.split("#")[0]);
      return route.continue();
    }
    problems.outside.push(url);
    return route.abort();
  });
  await page.goto(pathToFileURL(path.join(siteDir, name)).href, { waitUntil: "load" });
  await page.evaluate(() => document.fonts.ready);
  const facts = await page.evaluate(inspect);
  return { page, facts, problems };
}

// The bytes a page loads: every file it requested from the site (a file:// response's body is
// the file), by kind.
function weightOf(problems) {
  const kinds = {};
  let total = 0;
  for (const url of problems.loaded) {
    const size = fs.statSync(fileURLToPath(url)).size;
    const kind = /\.woff2?$/.test(url) ? "fonts" : /\.html$/.test(url) ? "html" : path.extname(url).slice(1);
    kinds[kind] = (kinds[kind] ?? 0) + size;
    total += size;
  }
  return { total, kinds };
}

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;

// Play opens once its scripts have run (play.js loads them on the first press of Play): waits for
// the figure's panel.
const inPlay = (fig) => fig.locator(".play-panel").waitFor();
// Loads the page's play scripts as the first press of Play does, for checks that read a table
// with the page's own reader (board.js) before play.
const loadPlay = (page) => page.evaluate(() => window.hackenbookPlay?.load?.());

// A fresh page's play, opened as a reader opens it: the first Play button pressed loads the
// scripts play needs (after which what the page has loaded is printed),
// and the figure is in play (its panel shown, focus in the figure), a move by keyboard is played
// and told, no figure has a second Play button, and nothing went wrong in the console.
async function checkPlayOpens(context, name) {
  const v = await visit(context, name, DESKTOP);
  const atLoad = weightOf(v.problems);
  const fig = v.page.locator("figure[data-play]:has(> .play-bar > .play-button)").first();
  const id = await fig.getAttribute("id");
  await fig.locator(".play-bar .play-button").press("Enter");
  await inPlay(fig);
  const opened = await v.page.evaluate((id) => {
    const fig = document.getElementById(id);
    const one = [...document.querySelectorAll("figure[data-play], figure[data-play-static]")]
      .every((f) => f.querySelectorAll(".play-bar").length <= 1 && f.querySelectorAll(".play-button[aria-label='Play this position']").length <= 1);
    return { focus: fig.contains(document.activeElement), target: fig.querySelector("svg").contains(document.activeElement), shown: fig.querySelector(".play-panel").getClientRects().length > 0, one };
  }, id);
  check(opened.shown && opened.focus && opened.one, `${name}#${id}: play opened from a fresh page ${JSON.stringify(opened)}`);
  if (opened.target) {
    await v.page.keyboard.press("Enter");
    const said = await fig.locator(".play-said").textContent();
    check(said.includes("the value is"), `${name}#${id}: a move by keyboard on a fresh page is told "${said}"`);
  } else check(false, `${name}#${id}: on a fresh page, Play puts focus on no target`);
  const after = weightOf(v.problems);
  const fetched = [...v.problems.loaded].filter((u) => u.endsWith(".js")).map((u) => path.basename(u)).join(" ");
  console.log(`${name}: after opening play ${kb(after.total)} (+${kb(after.total - atLoad.total)}; scripts: ${fetched})`);
  check(v.problems.console.length === 0 && v.problems.failedRequests.length === 0, `${name}: opening play: console errors ${JSON.stringify(v.problems.console)}, failed requests ${JSON.stringify(v.problems.failedRequests)}`);
  await v.page.close();
}

// Issue 25: no formula reaches past its column (half a pixel of rounding allowed).
function checkMathsFit(name, label, facts) {
  for (const m of facts.maths) {
    check(m.overflow <= 0.5, `${name} (${label}): formula ${m.overflow.toFixed(0)} px wider than its column: ${m.tex}`);
  }
}

function checkPage(name, { facts, problems }, pageIds) {
  const weight = weightOf(problems);
  const parts = Object.entries(weight.kinds).map(([k, b]) => `${k} ${kb(b)}`).join(", ");
  console.log(`${name}: loads ${kb(weight.total)} (${parts})`);
  check(weight.total < PAGE_BUDGET, `${name}: loads ${kb(weight.total)}, over the ${kb(PAGE_BUDGET)} budget (${parts})`);
  check(problems.console.length === 0, `${name}: console errors ${JSON.stringify(problems.console)}`);
  check(problems.outside.length === 0, `${name}: requests outside the site ${JSON.stringify(problems.outside)}`);
  check(problems.failedRequests.length === 0, `${name}: failed requests ${JSON.stringify(problems.failedRequests)}`);
  check(facts.katexErrors === 0, `${name}: ${facts.katexErrors} .katex-error elements`);
  check(facts.rawTex.length === 0, `${name}: raw TeX in the text ${JSON.stringify(facts.rawTex)}`);
  for (const m of facts.maths) {
    check(m.width > 0 && m.height > 0 && m.visible, `${name}: formula not laid out: ${m.tex}`);
    check(m.font.includes(MATHS_FONT), `${name}: formula not in ${MATHS_FONT} (${m.font}): ${m.tex}`);
  }
  checkMathsFit(name, "desktop", facts);
  for (const d of facts.diagrams) {
    check(d.width > 0 && d.height > 0 && d.visible, `${name}: diagram not visible: ${d.title}`);
  }
  // Fonts: none failed, the text face loaded, and the maths face loaded where there is maths;
  // every font file came from the site folder (requests outside it were refused above).
  const failedFonts = facts.fonts.filter((f) => f.status === "error");
  check(failedFonts.length === 0, `${name}: fonts failed to load ${JSON.stringify(failedFonts)}`);
  const loaded = (family) => facts.fonts.some((f) => f.family === family && f.status === "loaded");
  check(facts.bodyFont.includes(TEXT_FONT) && loaded(TEXT_FONT), `${name}: ${TEXT_FONT} not loaded`);
  if (facts.maths.length > 0) check(loaded(MATHS_FONT), `${name}: ${MATHS_FONT} not loaded`);
  check(
    problems.fontFiles.length > 0 && problems.fontFiles.every((u) => u.includes("/fonts/")),
    `${name}: font files not served from fonts/ ${JSON.stringify(problems.fontFiles)}`,
  );
  // Internal links: the page exists and so does the fragment.
  for (const href of facts.links) {
    if (/^[a-z]+:/i.test(href)) {
      check(false, `${name}: link leaves the site: ${href}`);
      continue;
    }
    const [file, fragment] = href.split("#");
    const target = file === "" ? name : file;
    check(fs.existsSync(path.join(siteDir, target)), `${name}: broken link ${href}`);
    if (fragment && pageIds.has(target)) {
      check(pageIds.get(target).includes(fragment), `${name}: no #${fragment} in ${target}`);
    }
  }
}

// Search: from the index page, by keyboard alone, "cherry" finds the cherry's section of the
// tree essay first, the arrow keys reach the result and Enter lands on its anchor; the index is
// read from the site's own folder (requests outside it are refused and counted by `visit`).
// Screenshots of the results at desktop and phone width, light and dark.
const SEARCH = { query: "cherry", href: "a-tree-is-still-a-number.html#the-cherry-by-hand" };

async function checkSearch(context) {
  for (const [label, viewport, scheme] of [["desktop", DESKTOP, "light"], ["phone", PHONE, "dark"]]) {
    const v = await visit(context, "index.html", viewport);
    await v.page.emulateMedia({ colorScheme: scheme });
    // The skip link comes first, then the site's name, then the search box.
    await v.page.keyboard.press("Tab");
    await v.page.keyboard.press("Tab");
    await v.page.keyboard.press("Tab");
    const focused = await v.page.evaluate(() => document.activeElement?.matches("form.site-search input") ?? false);
    check(focused, `search (${label}): the third Tab does not reach the search box`);
    await v.page.keyboard.type(SEARCH.query);
    const first = v.page.locator(".site-search-results a").first();
    await first.waitFor({ state: "visible", timeout: 5000 }).catch(() => {});
    const hrefs = await v.page.$$eval(".site-search-results a", (as) => as.map((a) => a.getAttribute("href")));
    check(hrefs[0] === SEARCH.href, `search (${label}): first result for "${SEARCH.query}" is ${hrefs[0]}, not ${SEARCH.href}`);
    const snippet = await v.page.locator(".site-search-results li").first().locator(".result-snippet").textContent().catch(() => "");
    check((snippet ?? "").split(" ").length >= 5, `search (${label}): the first result shows no opening words ("${snippet}")`);
    const status = await v.page.textContent(".site-search-status");
    check(/found/.test(status ?? ""), `search (${label}): no status announced (${status})`);
    const box = await v.page.locator(".site-search-results").boundingBox();
    check(box !== null && box.x >= 0 && box.x + box.width <= viewport.width,
      `search (${label}): results overflow the window ${JSON.stringify(box)}`);
    await v.page.screenshot({ path: path.join(artefacts, `search-${label}-${scheme}.png`) });
    await v.page.keyboard.press("ArrowDown");
    const onResult = await v.page.evaluate(() => document.activeElement?.getAttribute("href"));
    check(onResult === SEARCH.href, `search (${label}): ArrowDown focuses ${onResult}`);
    await Promise.all([v.page.waitForURL((u) => u.href.endsWith(SEARCH.href)), v.page.keyboard.press("Enter")]);
    const landed = await v.page.evaluate(() => {
      const target = document.getElementById(location.hash.slice(1));
      return target ? target.textContent : null;
    });
    check(/cherry/i.test(landed ?? ""), `search (${label}): landed on ${landed}`);
    checkQuiet(`search (${label})`, v.problems);
    await v.page.close();
  }
}

// Exercises: an answer typed in another spelling of the same game (or in a sentence, for who
// wins) is marked right and says "Correct.", a wrong one wrong, and one that cannot be read says
// so with the spellings it reads; on a find-a-winning-move exercise on a Hackenbush board, a click
// on a winning edge (or a tap beside it, or its name typed, or Enter on it) is right and on a
// losing edge, or one the mover may not cut, wrong. The expected answers are the ones the build
// embedded (data-exercise).
async function checkExercises(context) {
  const answers = [
    // page, exercise, typed answer, right? (null: cannot be read)
    ["rules.html", "exercise-1", "¼", true],
    ["rules.html", "exercise-1", "0.5", false],
    ["worksheet-1.html", "exercise-2", "−3", true],
    ["worksheet-1.html", "exercise-3", "the second player", true],
    ["worksheet-1.html", "exercise-5", ".75", true],
    ["worksheet-1.html", "exercise-5", "3/8", false],
    ["worksheet-1.html", "exercise-8", "Right", true],
    ["worksheet-2.html", "exercise-1", "*1", true],
    ["worksheet-2.html", "exercise-1", "0", false],
    ["worksheet-2.html", "exercise-2", "∗2", true],
    ["worksheet-2.html", "exercise-5", "1 + *", true],
    ["worksheet-2.html", "exercise-5", "1", false],
    // Who wins, in the reader's words (issue 25). Worksheet 1 #3 and #9 are second-player wins,
    // #8 "who wins when Right starts" is Right; worksheet 2 #9 is Left whoever starts, #10 "who
    // wins when Left starts" is Right.
    ["worksheet-1.html", "exercise-3", "whoever moves second", true],
    ["worksheet-1.html", "exercise-3", "The player who moves second.", true],
    ["worksheet-1.html", "exercise-3", "the player who doesn't start", true],
    ["worksheet-1.html", "exercise-9", "whoever starts", false],
    ["worksheet-1.html", "exercise-9", "Left wins, whoever starts.", false],
    ["worksheet-1.html", "exercise-8", "Right, whoever starts", true],
    ["worksheet-1.html", "exercise-8", "the first player", true],
    ["worksheet-1.html", "exercise-8", "Left (blue)", false],
    ["worksheet-2.html", "exercise-9", "Left wins, whoever starts.", true],
    ["worksheet-2.html", "exercise-9", "Left (blue)", true],
    ["worksheet-2.html", "exercise-9", "the second player", false],
    ["worksheet-2.html", "exercise-10", "Right (red)", true],
    ["worksheet-2.html", "exercise-10", "the second player", true],
    ["worksheet-2.html", "exercise-10", "whoever starts", false],
    ["worksheet-2.html", "exercise-10", "Left or Right", null],
    // Unreadable answers get "I can't read that", not "Not quite".
    ["worksheet-1.html", "exercise-4", "1 and a half", null],
    ["worksheet-1.html", "exercise-4", "1,5", null],
    ["worksheet-1.html", "exercise-4", "1½", true],
    ["worksheet-1.html", "exercise-3", "nobody knows", null],
  ];
  const said = { true: /^Correct\.$/, false: /^Not quite/, null: /^I can't read that: write /};
  const pages = new Map();
  const open = async (name) => {
    if (!pages.has(name)) {
      const v = await visit(context, name, DESKTOP);
      pages.set(name, v);
    }
    return pages.get(name);
  };
  for (const [name, id, typed, right] of answers) {
    if (!fs.existsSync(path.join(siteDir, name))) continue;
    const { page } = await open(name);
    const verdict = await page.evaluate(
      ([id, typed]) => {
        const form = document.querySelector(`#${id} form.exercise-try`);
        if (!form || form.hidden) return "no answer field";
        form.elements.answer.value = typed;
        form.requestSubmit();
        const out = form.querySelector("output");
        return { mark: out.getAttribute("data-verdict"), text: out.textContent };
      },
      [id, typed],
    );
    const expected = right === null ? "unread" : right ? "right" : "wrong";
    check(verdict.mark === expected && said[right].test(verdict.text),
      `${name} #${id}: "${typed}" marked ${verdict.mark} ("${verdict.text}"), expected ${expected}`);
  }
  // Every find-a-winning-move exercise on a Hackenbush position (a board of pieces drawn as
  // strokes, `data-piece`): a click on a winning edge, and (where the mover has one) on a losing
  // one, and on an edge the mover may not cut; a tap beside a winning edge, not on its stroke;
  // the winning edge's name typed.
  for (const name of ["worksheet-1.html", "worksheet-2.html"]) {
    if (!fs.existsSync(path.join(siteDir, name))) continue;
    const { page } = await open(name);
    const moves = await page.evaluate(() =>
      [...document.querySelectorAll("section.exercise[data-exercise]")]
        .map((s) => ({ id: s.id, data: JSON.parse(s.getAttribute("data-exercise")), pieces: [...s.querySelectorAll(".exercise-diagram svg")[0].querySelectorAll("g[data-item][data-piece]")].map((g) => g.dataset.item) }))
        .filter((e) => e.data.kind === "named" && e.pieces.length > 0),
    );
    check(moves.length > 0, `${name}: no find-a-winning-move exercise on a Hackenbush position`);
    const verdictOf = (id) => page.evaluate((id) => {
      const out = document.querySelector(`#${id} .exercise-try output`);
      return [out.getAttribute("data-verdict"), out.textContent];
    }, id);
    for (const { id, data, pieces } of moves) {
      const items = Object.keys(data.targets);
      const winning = items.find((k) => data.targets[k].some((m) => data.right.includes(m)));
      const losing = items.find((k) => !data.targets[k].some((m) => data.right.includes(m)));
      const barred = pieces.find((k) => !data.targets[k]);
      for (const [item, expected, says] of [[winning, "right", /^Correct: /], [losing, "wrong", /loses|better/], [barred, "wrong", / may not cut that edge\. /]]) {
        if (item === undefined) continue;
        const at = await page.evaluate(
          ([id, item]) => {
            const svg = document.querySelector(`#${id} .exercise-diagram svg`);
            svg.scrollIntoView({ block: "center" });
            const path = svg.querySelector(`g[data-item="${item}"] .hb-edge`);
            const p = path.getPointAtLength(path.getTotalLength() / 2);
            const screen = new DOMPoint(p.x, p.y).matrixTransform(path.getScreenCTM());
            return { x: screen.x, y: screen.y };
          },
          [id, item],
        );
        await page.mouse.click(at.x, at.y);
        const [verdict, text] = await verdictOf(id);
        check(verdict === expected && says.test(text), `${name} #${id}: a click on edge ${item} (${data.targets[item] ?? "no cut"}) marked ${verdict} ("${text}"), expected ${expected}`);
      }
      // A tap 10 px beside the winning edge's stroke picks it (the nearest piece).
      const k = pieces.indexOf(winning);
      const spot = await page.evaluate(besidePiece, [id, k, 10]);
      if (!spot.none) {
        check(!spot.onStroke && spot.inFigure, `${name} #${id}: the tap beside edge ${winning} lands on its stroke or outside the exercise ${JSON.stringify(spot)}`);
        await page.mouse.click(1, 1);
        await page.mouse.click(spot.x, spot.y);
        const [verdict] = await verdictOf(id);
        check(verdict === "right", `${name} #${id}: a tap beside winning edge ${winning} marked ${verdict}`);
      }
      // The winning edge's name, typed.
      const typed = await page.evaluate(([id, move]) => {
        const form = document.querySelector(`#${id} form.exercise-try`);
        form.elements.answer.value = move;
        form.requestSubmit();
        return form.querySelector("output").getAttribute("data-verdict");
      }, [id, data.right[0]]);
      check(typed === "right", `${name} #${id}: the winning edge's name "${data.right[0]}" typed is marked ${typed}`);
    }
    // From the keyboard: focus the winning edge and press Enter.
    const first = moves[0];
    const firstWinning = Object.keys(first.data.targets).find((k) => first.data.targets[k].some((m) => first.data.right.includes(m)));
    await page.evaluate((id) => document.querySelector(`#${id} .exercise-try output`).removeAttribute("data-verdict"), first.id);
    await page.focus(`#${first.id} .exercise-diagram g[data-item="${firstWinning}"]`);
    await page.keyboard.press("Enter");
    const [byKey] = await verdictOf(first.id);
    check(byKey === "right", `${name} #${first.id}: Enter on a winning edge marked ${byKey}`);
    await page.screenshot({ path: path.join(artefacts, `${name.replace(/\.html$/, "")}-answered.png`), fullPage: true });
    await page.emulateMedia({ media: "print" });
    await page.screenshot({ path: path.join(artefacts, `${name.replace(/\.html$/, "")}-print.png`), fullPage: true });
  }
  for (const [name, v] of pages) {
    check(v.problems.console.length === 0, `${name}: console errors while answering ${JSON.stringify(v.problems.console)}`);
    await v.page.close();
  }
}

// Issue 25: printing with a dark system theme prints the light palette (paper is white). The
// palette is the stylesheet's custom properties on :root; printed with a dark theme they must be
// those printed with a light one, and on screen the dark theme must change them (or the
// emulation proved nothing). A print screenshot with the dark theme is saved.
const PALETTE = ["--ink", "--paper", "--link", "--hb-blue", "--hb-red", "--hb-green", "--holds", "--fails"];

async function checkPrintPalette(context) {
  const v = await visit(context, "rules.html", DESKTOP);
  const palette = async (media, colorScheme) => {
    await v.page.emulateMedia({ media, colorScheme });
    return v.page.evaluate((names) => {
      const style = getComputedStyle(document.documentElement);
      return names.map((n) => style.getPropertyValue(n).trim()).join(" ");
    }, PALETTE);
  };
  const printLight = await palette("print", "light");
  const printDark = await palette("print", "dark");
  const screenDark = await palette("screen", "dark");
  check(screenDark !== printLight, `print palette: the dark theme changes nothing on screen (${screenDark})`);
  check(printDark === printLight, `print palette: printed with a dark theme, the palette is ${printDark}, not the light ${printLight}`);
  await v.page.emulateMedia({ media: "print", colorScheme: "dark" });
  await v.page.screenshot({ path: path.join(artefacts, "rules-print-dark-theme.png"), fullPage: true });
  await v.page.close();
}

// WCAG contrast ratio of two computed colours ("rgb(r, g, b)" or "rgba(…)", opaque).
function contrast(a, b) {
  const lum = (c) => {
    const [r, g, bl] = c.match(/[\d.]+/g).slice(0, 3).map((x) => {
      const v = Number(x) / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

// What the focused element shows: its outline, and the background behind it (the nearest
// ancestor with an opaque background).
function focusRing() {
  const el = document.activeElement;
  // A piece drawn as a stroke (a Hackenbush edge on a board) is ringed itself, in its own
  // units; its stroke is its first path's.
  const piece = el.dataset?.piece ? el : null;
  const style = getComputedStyle(el);
  const strokeOf = piece ? getComputedStyle(piece.querySelector("path, line")) : style;
  let back = "rgb(255, 255, 255)";
  for (let a = el.parentElement; a; a = a.parentElement) {
    const bg = getComputedStyle(a).backgroundColor;
    if (!/rgba\(.*, 0\)$/.test(bg) && bg !== "transparent") {
      back = bg;
      break;
    }
  }
  // The width as drawn: computed lengths inside a zoomed element (an exercise's diagram) are in
  // its own, unzoomed pixels.
  let zoom = 1;
  for (let a = el; a; a = a.parentElement) zoom *= Number(getComputedStyle(a).zoom) || 1;
  // A piece's ring is drawn in its own units: its width on the screen is the outline's times
  // the units' scale.
  const scale = piece ? Math.hypot(piece.getScreenCTM().a, piece.getScreenCTM().b) / zoom : 1;
  return {
    edge: el.dataset?.edge ?? el.dataset?.item?.replace(/^edge-/, "") ?? null,
    piece: el.dataset?.piece ?? null,
    cls: el.getAttribute("class") ?? "",
    style: style.outlineStyle,
    width: parseFloat(style.outlineWidth) * scale * zoom,
    colour: style.outlineColor,
    back,
    strokeWidth: strokeOf.strokeWidth,
  };
}

// Issue 25: a focused edge, in play and in a move exercise, in light and dark: from the keyboard
// it has a ring of at least 3:1 contrast against what is behind it (in a move exercise an
// outline at least 2.5 px as drawn, around the stroke at a small distance, which keeps the
// edge's colour in view: in play, where a Hackenbush position is a board, as in exercises); after a
// mouse click it has none (no box hiding the edge's colour), and focus leaves the edge's own
// stroke as it was. Screenshots of each focused edge.
async function checkFocus(context) {
  for (const scheme of ["light", "dark"]) {
    const d = PLAYED.blueRed;
    const v = await visit(context, d.page, DESKTOP);
    await v.page.emulateMedia({ colorScheme: scheme });
    const fig = v.page.locator(`#${d.id}`);
    await fig.locator(".play-bar .play-button").focus();
    await v.page.keyboard.press("Enter");
    await inPlay(fig);
    await v.page.keyboard.press("Tab");
    const ring = await v.page.evaluate(focusRing);
    check(ring.piece && ring.style !== "none" && ring.width >= 2.5,
      `focus (${scheme}): a keyboard-focused edge in play has no ring ${JSON.stringify(ring)}`);
    check(contrast(ring.colour, ring.back) >= 3,
      `focus (${scheme}): the ring of a focused edge in play is ${contrast(ring.colour, ring.back).toFixed(2)}:1 against ${ring.back}`);
    await fig.screenshot({ path: path.join(artefacts, `focus-play-${scheme}.png`) });
    await clickEdge({ page: v.page }, d, Number(ring.edge) + 1);
    const clicked = await v.page.evaluate(focusRing);
    check(clicked.style === "none", `focus (${scheme}): a mouse click leaves a ring on an edge in play ${JSON.stringify(clicked)}`);
    checkQuiet(`focus (${scheme})`, v.problems);
    await v.page.close();

    const w = await visit(context, "worksheet-1.html", DESKTOP);
    await w.page.emulateMedia({ colorScheme: scheme });
    // The first edge of a move exercise with several edges to cut: Tab goes on to the next one.
    const exercise = await w.page.evaluate(() =>
      [...document.querySelectorAll("section.exercise")].find((s) => s.querySelectorAll(".exercise-clickable g.exercise-target[data-piece]").length > 1)?.id);
    const edge = w.page.locator(`#${exercise} .exercise-clickable g.exercise-target[data-piece]`).first();
    await edge.scrollIntoViewIfNeeded();
    const box = await edge.boundingBox();
    await w.page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    const byMouse = await w.page.evaluate(focusRing);
    check(byMouse.piece && byMouse.style === "none", `focus (${scheme}): a mouse click leaves a ring on an exercise edge ${JSON.stringify(byMouse)}`);
    await w.page.keyboard.press("Tab");
    const byKey = await w.page.evaluate(focusRing);
    check(byKey.piece && byKey.style !== "none" && byKey.width >= 2.5,
      `focus (${scheme}): a keyboard-focused exercise edge has no ring ${JSON.stringify(byKey)}`);
    check(contrast(byKey.colour, byKey.back) >= 3,
      `focus (${scheme}): the ring of a focused exercise edge is ${contrast(byKey.colour, byKey.back).toFixed(2)}:1 against ${byKey.back}`);
    await w.page.locator(`#${exercise} .exercise-clickable`).screenshot({ path: path.join(artefacts, `focus-exercise-${scheme}.png`) });
    const unfocused = await w.page.evaluate(() => {
      const e = document.activeElement;
      e.blur();
      return getComputedStyle(e.querySelector("path, line") ?? e).strokeWidth;
    });
    check(unfocused === byKey.strokeWidth, `focus (${scheme}): focus changes an exercise edge's stroke (${unfocused} → ${byKey.strokeWidth})`);
    await w.page.close();
  }
}

// ---- Play in the page ----

// Diagrams from the essays, with the notation they are written in (the test asks the solver for
// the same position and checks that the page's table agrees with it: same colours, same count).
const PLAYED = {
  blueRed: { page: "hackenbush-is-a-numeral.html", id: "position-eight", notation: "LRLRRLLR" },
  green: { page: "green-hackenbush-is-nim.html", id: "position-nim", notation: "GGG GGGGG GGGGGG" },
  childish: { page: "the-mixed-case.html", id: "position-balance_childish", notation: "LR LR R", childish: true },
  // The bed of three top edges: a cycle of red edges on two blue legs.
  cyclic: { page: "the-cycle.html", id: "position-bed3", notation: "g-a L, g-b L, a-c R, b-d R, c-d R, c-d R, c-d R" },
  // Worth 0: whoever starts loses, so the reader starts; every reply of the solver must be exact.
  solverWins: { page: "green-hackenbush-is-nim.html", id: "position-nim", notation: "GGG GGGGG GGGGGG" },
  keyboard: { page: "the-cycle.html", id: "position-bed", notation: "g-a L, g-b L, a-c R, b-d R, c-d R" },
};

// The solver's table of a diagram (`hackenbook play --json`, the table every game has: entries
// by position, cuts by edge name, each saying its edge's colour), seen by edge as the page's v1
// table numbers them. `colours` is the page's, one letter an edge in the edges' order; the names
// in that order come from the position as written under the normal rules, where every edge is
// someone's cut (a blue one Left's, a red one Right's, a green one both's), each player's listed
// in the edges' order. An entry's edges standing: under the normal rules those someone may cut;
// under the childish rules (nothing falls) those of the entry it was reached from, less the one
// cut.
function solverTable(d, colours) {
  const play = (childish) =>
    JSON.parse(execFileSync(hackenbook, ["play", d.notation, "--json", ...(childish ? ["--childish"] : [])], { encoding: "utf8", cwd: repo }));
  const table = play(d.childish);
  const normal = d.childish ? play(false) : table;
  const queue = { L: normal.positions[0].left.slice(), R: normal.positions[0].right.slice() };
  const LETTER = { "blue edge": "L", "red edge": "R", "green edge": "G" };
  const edges = [...colours].map((c) => {
    const m = queue[c === "R" ? "R" : "L"].shift();
    if (c === "G") queue.R.shift();
    return { name: m?.name, colour: LETTER[m?.piece] };
  });
  const index = new Map(edges.map((e, k) => [e.name, k]));
  const bit = (name) => 2 ** index.get(name);
  const sets = table.positions.map(() => undefined);
  sets[0] = 2 ** edges.length - 1;
  const moves = (e) => [...e.left, ...e.right];
  table.positions.forEach((e, i) => {
    if (!d.childish) sets[i] = moves(e).reduce((set, m) => set | bit(m.name), 0);
    for (const m of moves(e)) sets[m.to] ??= sets[i] & ~bit(m.name);
  });
  const positions = table.positions.map((e, i) => {
    const cuts = [];
    for (const m of moves(e)) {
      if (!cuts.some(([k]) => k === index.get(m.name))) cuts.push([index.get(m.name), m.to]);
    }
    cuts.sort((a, b) => a[0] - b[0]);
    const winning = (ms) => ms.filter((m) => m.wins).map((m) => index.get(m.name));
    return { set: sets[i], value: e.value, outcome: e.outcome, cuts, left: winning(e.left), right: winning(e.right) };
  });
  const bySet = new Map(positions.map((e, i) => [e.set, i]));
  return { values: table.values, edges, positions, bySet };
}

// What the page shows of a figure in play: the edges standing (a Hackenbush board's items
// `edge-N` in view, N the edge as written, as the solver numbers it), the value shown, the words
// said, the focused edge (its number) or control (its words).
function shownState(id) {
  const fig = document.getElementById(id);
  let set = 0;
  for (const g of fig.querySelectorAll('svg g[data-item^="edge-"]')) {
    if (g.getAttribute("display") !== "none") set |= 1 << Number(g.dataset.item.slice(5));
  }
  const value = fig.querySelector(".play-value");
  const live = fig.querySelector("[aria-live]");
  return {
    set,
    value: value?.dataset.value ?? null,
    valueMaths: value?.querySelector("math")?.innerHTML ?? null,
    captionMaths: fig.querySelector("figcaption .value math")?.innerHTML ?? null,
    valueVisible: !!value && value.getBoundingClientRect().width > 0,
    said: live?.textContent ?? "",
    status: fig.querySelector(".play-said")?.textContent ?? "",
    focused: document.activeElement?.closest(`#${CSS.escape(id)}`) ? document.activeElement.dataset.item?.replace(/^edge-/, "") ?? document.activeElement.textContent : null,
  };
}

// Clicks the middle of edge k where the reader sees it (a mouse click at that point of the page,
// so the page's own hit-testing decides what is cut).
async function clickEdge(v, d, k) {
  const point = await v.page.evaluate(
    ([id, k]) => {
      // A diagram numbers its edges' paths; a board, the items that hold them.
      const edge = document.querySelector(`#${CSS.escape(id)} path.hb-edge[data-edge="${k}"], #${CSS.escape(id)} g[data-item="edge-${k}"] path.hb-edge`);
      edge.scrollIntoView({ block: "center" });
      const p = edge.getPointAtLength(edge.getTotalLength() / 2);
      const m = edge.getScreenCTM();
      return { x: m.a * p.x + m.c * p.y + m.e, y: m.b * p.x + m.d * p.y + m.f };
    },
    [d.id, k],
  );
  await v.page.mouse.click(point.x, point.y);
}

// The page's table of a Hackenbush board (g3, read by board.js as the page reads it) and the
// solver's (`hackenbook play --json`) compared by what both say: the edges' colours in the order
// written (the items' pieces), and the number of positions play reaches.
async function openFigure(context, d, viewport = DESKTOP) {
  const v = await visit(context, d.page, viewport);
  await loadPlay(v.page);
  const fig = v.page.locator(`#${d.id}`);
  const page = await v.page.evaluate((id) => {
    const fig = document.getElementById(id);
    const edges = [...fig.querySelectorAll('svg g[data-item^="edge-"][data-piece]')];
    const colour = { "blue edge": "L", "red edge": "R", "green edge": "G" };
    const order = edges.map((g) => Number(g.dataset.item.slice(5)));
    const colours = edges.map((g) => colour[g.dataset.piece]).join("");
    return { version: fig.dataset.play?.split(";")[0], order, colours };
  }, d.id);
  const table = solverTable(d, page.colours);
  const { entries } = await v.page.evaluate(pageBoardTable, d.id);
  check(
    page.version === "g3" && page.order.every((e, i) => e === i) &&
      page.colours === table.edges.map((e) => e.colour).join("") && entries.length === table.positions.length,
    `${d.page}#${d.id}: the page's table is not the solver's for ${d.notation} (${JSON.stringify(page)}, ${entries.length} entries)`,
  );
  return { ...v, fig, table };
}

const state = (v, d) => v.page.evaluate(shownState, d.id);

// Clicks edge k and checks the page against the solver: the edges standing are those the table
// reaches by that cut, and the value shown is the solver's value of what is left.
async function clickCut(v, d, from, k) {
  await clickEdge(v, d, k);
  const shown = await state(v, d);
  const [, to] = v.table.positions[from].cuts.find(([e]) => e === k);
  const expected = v.table.positions[to];
  check(shown.set === expected.set, `${d.id}: after cutting edge ${k}, edges ${shown.set} stand, the solver says ${expected.set}`);
  const solverValue = v.table.values[expected.value];
  check(
    shown.value === solverValue && shown.valueVisible,
    `${d.id}: after cutting edge ${k}, the page shows ${shown.value}, the solver's value of what is left is ${solverValue}`,
  );
  check(/cuts a (blue|red|green) edge|green edge is cut/.test(shown.said) && shown.said.includes("the value is"), `${d.id}: cut not announced: ${shown.said}`);
  return v.table.bySet.get(shown.set) ?? to;
}

function checkQuiet(name, problems) {
  check(problems.console.length === 0, `${name}: console errors while playing ${JSON.stringify(problems.console)}`);
  check(problems.outside.length === 0 && problems.failedRequests.length === 0, `${name}: network requests while playing ${JSON.stringify(problems.outside)}`);
}

// Cut by clicking, down to the end, always a different edge; checks every value on the way.
async function playByClicks(context, d, screenshots) {
  const v = await openFigure(context, d);
  await v.fig.locator(".play-bar .play-button").click();
  await inPlay(v.fig);
  let at = 0;
  const start = await state(v, d);
  check(start.value === v.table.values[v.table.positions[0].value], `${d.id}: start value ${start.value}`);
  check(
    start.valueMaths !== null && start.valueMaths === start.captionMaths,
    `${d.id}: the value in play is not typeset as in the caption (${start.valueMaths} vs ${start.captionMaths})`,
  );
  for (let step = 0; v.table.positions[at].cuts.length > 0; step++) {
    const cuts = v.table.positions[at].cuts;
    if (d.childish && step === 0) {
      // An edge standing that is no legal cut: clicking it changes nothing.
      const illegal = [...Array(v.table.edges.length).keys()].find(
        (e) => (v.table.positions[at].set >> e) & 1 && !cuts.some(([c]) => c === e),
      );
      check(illegal !== undefined, `${d.id}: childish diagram has no illegal cut to try`);
      await clickEdge(v, d, illegal);
      const after = await state(v, d);
      check(after.set === v.table.positions[at].set && /childish/.test(after.status), `${d.id}: an illegal childish cut was played (${after.status})`);
    }
    at = await clickCut(v, d, at, cuts[(step * 7) % cuts.length][0]);
    if (screenshots && step === 1) {
      await v.fig.screenshot({ path: path.join(artefacts, `play-${d.id}-desktop.png`) });
      await v.page.setViewportSize(PHONE);
      await v.fig.screenshot({ path: path.join(artefacts, `play-${d.id}-phone.png`) });
      const phone = await v.page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
      check(phone[0] <= phone[1], `${d.id}: in play, the page scrolls sideways on a phone (${phone})`);
      await v.page.setViewportSize(DESKTOP);
    }
  }
  // Undo and reset.
  await v.fig.getByRole("button", { name: "Undo" }).click();
  const undone = await state(v, d);
  check(undone.set !== 0 || v.table.positions[0].set === 0, `${d.id}: undo left ${undone.set}`);
  await v.fig.getByRole("button", { name: "Reset" }).click();
  check((await state(v, d)).set === v.table.positions[0].set, `${d.id}: reset does not restore the position`);
  checkQuiet(d.id, v.problems);
  await v.page.close();
}

// A whole game against the solver from a position it wins: the reader plays the losing side as
// well as it can (a winning cut whenever the solver's table has one, else the first legal cut)
// and must lose; every reply of the solver is a winning cut whenever it has one.
async function loseToTheSolver(context, d, readerSide) {
  const v = await openFigure(context, d);
  const start = v.table.positions[0];
  const solverSide = readerSide === "L" ? "R" : "L";
  check(start.outcome === solverSide || start.outcome === "P", `${d.id}: the solver does not win this position when the reader starts`);
  await v.fig.locator(".play-bar .play-button").click();
  await inPlay(v.fig);
  await v.fig.getByRole("button", { name: "Against the solver…" }).click();
  await v.fig.locator("select").first().selectOption(readerSide);
  await v.fig.locator("select").nth(1).selectOption("you");
  await v.fig.getByRole("button", { name: "Start" }).click();
  const mayCut = (colour, side) => colour === "G" || colour === side;
  let moves = 0;
  for (;;) {
    const shown = await state(v, d);
    const at = v.table.bySet.get(shown.set);
    check(at !== undefined, `${d.id}: the page shows a set the solver never reaches (${shown.set})`);
    if (at === undefined) break;
    const mine = v.table.positions[at].cuts.filter(([e]) => mayCut(v.table.edges[e].colour, readerSide));
    if (mine.length === 0 || moves > 40) break;
    const best = v.table.positions[at][readerSide === "L" ? "left" : "right"];
    const choice = best.length > 0 ? best[0] : mine[0][0];
    const [, reached] = mine.find(([e]) => e === choice);
    await clickEdge(v, d, choice);
    moves += 1;
    // The solver answers after a short pause, or the game is over.
    await v.page.waitForFunction(
      ([id, before]) => {
        const t = document.getElementById(id).querySelector(".play-said").textContent;
        return t !== before && /Your move|wins|you win/.test(t);
      },
      [d.id, ""],
      { timeout: 5000 },
    );
    if (moves === 1) {
      await v.fig.screenshot({ path: path.join(artefacts, `play-against-solver-desktop.png`) });
    }
    // The solver's reply, if it had a move: a winning one when there was one.
    const replied = v.table.bySet.get((await state(v, d)).set);
    const options = v.table.positions[reached];
    if (replied !== reached) {
      const cut = options.cuts.find(([, to]) => to === replied);
      const winning = options[solverSide === "L" ? "left" : "right"];
      check(cut !== undefined && mayCut(v.table.edges[cut[0]].colour, solverSide), `${d.id}: the solver's reply is no legal cut`);
      check(winning.length === 0 || (cut && winning.includes(cut[0])), `${d.id}: the solver did not answer with a winning cut (${cut}, winning ${winning})`);
    }
    if (/wins|you win/.test((await state(v, d)).status)) break;
  }
  const end = await state(v, d);
  check(/the solver wins/.test(end.status), `${d.id}: the reader was not beaten by the solver: "${end.status}"`);
  check(/the solver wins/.test(end.said), `${d.id}: the end of the game is not announced`);
  check(moves > 0, `${d.id}: no move was played`);
  checkQuiet(d.id, v.problems);
  await v.page.close();
}

// Keyboard only: Tab to the diagram's Play button, Enter, Tab through the edges in edge order,
// Enter cuts; the cut and the value are announced; Undo by keyboard.
async function playByKeyboard(context, d) {
  const v = await openFigure(context, d);
  const playButton = async () =>
    v.page.evaluate((id) => document.activeElement === document.querySelector(`#${CSS.escape(id)} .play-bar .play-button`), d.id);
  let tabs = 0;
  while (!(await playButton()) && tabs < 600) {
    await v.page.keyboard.press("Tab");
    tabs += 1;
  }
  check(await playButton(), `${d.id}: the Play button cannot be reached with Tab`);
  await v.page.keyboard.press("Enter");
  await inPlay(v.fig);
  const first = await state(v, d);
  check(first.focused === "0", `${d.id}: after Play, focus is on ${first.focused}, not on edge 0`);
  const order = [first.focused];
  for (let i = 1; i < v.table.edges.length; i++) {
    await v.page.keyboard.press("Tab");
    order.push((await state(v, d)).focused);
  }
  check(order.join() === [...v.table.edges.keys()].join(), `${d.id}: Tab visits the edges in the order ${order}`);
  // Back to edge 0 and cut it with Space, then the next focused edge with Enter.
  for (let i = 1; i < v.table.edges.length; i++) await v.page.keyboard.press("Shift+Tab");
  let at = 0;
  for (const key of ["Space", "Enter"]) {
    const before = await state(v, d);
    const k = Number(before.focused);
    const cut = v.table.positions[at].cuts.find(([e]) => e === k);
    check(cut !== undefined, `${d.id}: focused edge ${before.focused} is no legal cut`);
    if (!cut) break;
    await v.page.keyboard.press(key);
    const after = await state(v, d);
    const expected = v.table.positions[cut[1]];
    check(after.set === expected.set, `${d.id}: ${key} on edge ${k} left edges ${after.set}, the solver says ${expected.set}`);
    check(after.value === v.table.values[expected.value], `${d.id}: ${key}: value ${after.value}, solver ${v.table.values[expected.value]}`);
    check(after.said.includes("cuts a") && after.said.includes("the value is"), `${d.id}: ${key} not announced: ${after.said}`);
    check(after.focused !== null && after.focused !== String(k), `${d.id}: focus lost after the cut (${after.focused})`);
    at = cut[1];
  }
  let guard = 0;
  while ((await state(v, d)).focused !== "Undo" && guard++ < 30) await v.page.keyboard.press("Tab");
  await v.page.keyboard.press("Enter");
  const undone = await state(v, d);
  check(undone.said.startsWith("Cut taken back"), `${d.id}: Undo by keyboard: ${undone.said}`);
  checkQuiet(d.id, v.problems);
  await v.page.close();
}

// Issue 25: figures where a side has no move at the start (a lone red edge; childish stalks
// where every blue cut would make a red edge fall). The game ends in words whenever the side to
// move has no move: in free play at the start, after each blue or red cut and after Undo; against the
// solver at the start whichever side the reader takes and whoever starts, at the end of a whole
// game (no wait that never ends), and after Undo from that end it is the reader's move again.
const NO_MOVE = [
  { page: "rules.html", id: "position-red", notation: "R" },
  { page: "the-mixed-case.html", id: "position-lr_childish", notation: "LR", childish: true },
  { page: "childish-hackenbush-is-hot.html", id: "position-lean_right", notation: "g-a G, a-c L, c-b R", childish: true },
];

async function playWithNoMove(context, d) {
  const NAME = { L: "Left", R: "Right" };
  const other = (side) => (side === "L" ? "R" : "L");
  const mayCut = (colour, side) => colour === "G" || colour === side;
  const v = await openFigure(context, d);
  const t = v.table;
  const movesOf = (at, side) => t.positions[at].cuts.filter(([e]) => mayCut(t.edges[e].colour, side));
  const stuck = ["L", "R"].filter((side) => movesOf(0, side).length === 0);
  check(stuck.length > 0, `${d.id}: both sides have a move at the start, so it tests nothing`);
  if (stuck.length === 0) return v.page.close();
  const loser = stuck[0];
  const status = async () => (await state(v, d)).status;

  // Free play.
  await v.fig.locator(".play-bar .play-button").click();
  await inPlay(v.fig);
  const opening = await status();
  for (const side of stuck) {
    check(opening.includes(`${NAME[side]} has no move: ${NAME[other(side)]} wins when ${NAME[side]} is to move.`),
      `${d.id}: free play does not say that ${NAME[side]} has no move: "${opening}"`);
  }
  // Each position reached and who moved to it (null at the start and after a green cut).
  const reached = [{ at: 0, mover: null }];
  for (let at = 0; t.positions[at].cuts.length > 0; ) {
    const [k, to] = t.positions[at].cuts[0];
    const colour = t.edges[k].colour;
    await clickEdge(v, d, k);
    const said = await status();
    if (colour !== "G" && movesOf(to, other(colour)).length === 0) {
      check(said.includes(`${NAME[other(colour)]} has no move: ${NAME[colour]} wins.`),
        `${d.id}: free play, after ${NAME[colour]} cut edge ${k}, ${NAME[other(colour)]} has no move but the page says "${said}"`);
    }
    at = to;
    reached.push({ at, mover: colour === "G" ? null : colour });
  }
  await v.fig.screenshot({ path: path.join(artefacts, `play-no-move-${d.id}-free.png`) });
  // Undo in free play: back where a side has no move, the page says so again.
  if (reached.length > 1) {
    await v.fig.getByRole("button", { name: "Undo" }).click();
    const { at, mover } = reached[reached.length - 2], said = await status();
    for (const side of mover ? [other(mover)] : ["L", "R"]) {
      if (movesOf(at, side).length > 0) continue;
      const words = `${NAME[side]} has no move: ${NAME[other(side)]} wins${mover ? "." : ` when ${NAME[side]} is to move.`}`;
      check(said.includes(words), `${d.id}: free play, after Undo ${NAME[side]} has no move but the page says "${said}"`);
    }
  }

  // Against the solver.
  const start = async (you, first) => {
    const setup = v.fig.locator(".play-setup");
    if (await setup.isHidden()) await v.fig.getByRole("button", { name: "Against the solver…" }).click();
    await v.fig.locator("select").first().selectOption(you);
    await v.fig.locator("select").nth(1).selectOption(first);
    await v.fig.getByRole("button", { name: "Start" }).click();
  };
  await start(loser, "you");
  check(/You have no move: the solver wins\./.test(await status()), `${d.id}: the reader plays ${NAME[loser]}, who has no move, first: "${await status()}"`);
  await start(loser, "solver");
  // The solver moves (after its pause); then it is the reader's move, or the reader has lost.
  const replied = await v.page.waitForFunction(
    (id) => /Your move|the solver wins|you win/.test(document.getElementById(id).querySelector(".play-said").textContent),
    d.id, { timeout: 5000 },
  ).then(() => true, () => false);
  const afterReply = await state(v, d);
  const readerStuck = movesOf(t.bySet.get(afterReply.set), loser).length === 0;
  check(replied && afterReply.status.endsWith(readerStuck ? "You have no move: the solver wins." : "Your move."),
    `${d.id}: the reader plays ${NAME[loser]} after the solver: "${afterReply.status}"`);
  await start(other(loser), "solver");
  check(/The solver has no move: you win!/.test(await status()), `${d.id}: the solver plays ${NAME[loser]}, who has no move, first: "${await status()}"`);
  await v.fig.screenshot({ path: path.join(artefacts, `play-no-move-${d.id}-solver.png`) });

  // A whole game, the reader moving first with the side that has a move: it ends in words.
  await start(other(loser), "you");
  const you = other(loser);
  let over = "";
  for (let moves = 0; moves < 20 && !over; moves++) {
    const at = t.bySet.get((await state(v, d)).set);
    const mine = movesOf(at, you);
    check(mine.length > 0, `${d.id}: the reader has no move but the game goes on: "${await status()}"`);
    if (mine.length === 0) break;
    await clickEdge(v, d, mine[0][0]);
    const answered = await v.page.waitForFunction(
      (id) => /Your move|the solver wins|you win/.test(document.getElementById(id).querySelector(".play-said").textContent),
      d.id, { timeout: 5000 },
    ).then(() => true, () => false);
    check(answered, `${d.id}: after the reader's cut the game waits for ever: "${await status()}"`);
    if (!answered) break;
    const said = await status();
    if (/the solver wins|you win/.test(said)) over = said;
  }
  check(over !== "", `${d.id}: a game against the solver never ended`);
  await v.fig.getByRole("button", { name: "Undo" }).click();
  const undone = await state(v, d);
  check(undone.status.startsWith("Cut taken back") && undone.status.endsWith("Your move.") &&
    movesOf(t.bySet.get(undone.set), you).length > 0, `${d.id}: after Undo from the end: "${undone.status}"`);
  checkQuiet(d.id, v.problems);
  await v.page.close();
}

// Issue 25 §2: nothing written for the checker reaches a reader. On every page: no title (a
// hover text) holding query syntax or a checker's verdict; no source path or source line; no
// census definition in TOML; no id with a doubled prefix (`position-position-62`); the first Tab
// reaches a skip link that lands on the text; the favicon is inline (no request to fail). On
// a touch screen: no "hover" in the text (details opened), and the checked figures show a faint
// underline (there is no hover to reveal it). In the notebook, at desktop and phone width, no
// query breaks between two letters of a word.
const CHECKER_WORDS = /→|\b(count|share|mean|value of|where|holds|true|false)\b|!=|==|essays\/|\.md\b|\bline \d/;

function readerFacts() {
  document.querySelectorAll("details").forEach((d) => (d.open = true));
  const titles = [...document.querySelectorAll("[title]")].map((e) => e.getAttribute("title"));
  const ids = [...document.querySelectorAll("[id]")].map((e) => e.id);
  // Where each notebook query breaks a line: the two characters either side of each break.
  const breaks = [];
  for (const code of document.querySelectorAll("table.claims td.query code")) {
    const text = code.firstChild;
    if (!text || text.nodeType !== Node.TEXT_NODE) continue;
    const range = document.createRange();
    let top = null;
    for (let i = 0; i < text.length; i++) {
      range.setStart(text, i);
      range.setEnd(text, i + 1);
      const r = range.getClientRects()[0];
      if (!r) continue;
      if (top !== null && r.top > top + 2) breaks.push(text.data.slice(Math.max(0, i - 12), i) + "⏎" + text.data.slice(i, i + 12));
      top = r.top;
    }
  }
  return {
    titles,
    ids,
    text: document.body.innerText,
    censusPre: document.querySelectorAll(".census pre, .census-list pre").length,
    midWord: breaks.filter((b) => /\w⏎\w/.test(b)),
    icon: document.querySelector("link[rel=icon]")?.getAttribute("href") ?? "",
    claimUnderline: [...document.querySelectorAll("a.claim")].slice(0, 1).map((a) => getComputedStyle(a).textDecorationColor),
  };
}

async function checkReaderWords(browser, names) {
  const touch = await browser.newContext({ offline: true, hasTouch: true, isMobile: true, viewport: PHONE });
  const desktop = await browser.newContext({ offline: true, viewport: DESKTOP });
  for (const name of names) {
    for (const [label, context] of [["desktop", desktop], ["touch screen", touch]]) {
      const page = await context.newPage();
      await page.goto(pathToFileURL(path.join(siteDir, name)).href, { waitUntil: "load" });
      await page.evaluate(() => document.fonts.ready);
      const f = await page.evaluate(readerFacts);
      const words = f.titles.filter((t) => CHECKER_WORDS.test(t));
      check(words.length === 0, `${name}: titles in the checker's words ${JSON.stringify(words.slice(0, 3))}`);
      const source = f.text.match(/.{0,30}(essays\/|\.md\b).{0,30}/);
      check(source === null, `${name}: a source path in the text: ${source?.[0]}`);
      check(f.censusPre === 0 && !/^family = "/m.test(f.text), `${name}: a census definition shown as written`);
      const doubled = f.ids.filter((id) => /^([a-z]+)-\1-/.test(id));
      check(doubled.length === 0, `${name}: ids with a doubled prefix ${JSON.stringify(doubled.slice(0, 3))}`);
      check(f.midWord.length === 0, `${name} (${label}): notebook queries broken inside a word ${JSON.stringify(f.midWord.slice(0, 3))}`);
      check(f.icon.startsWith("data:"), `${name}: no inline favicon (${f.icon})`);
      if (label === "touch screen") {
        const hover = f.text.match(/.{0,30}\bhover.{0,30}/i);
        check(hover === null, `${name}: "hover" on a touch screen: ${hover?.[0]}`);
        check(f.claimUnderline.every((c) => !/rgba\(.*, 0\)$/.test(c) && c !== "transparent"),
          `${name}: on a touch screen the checked figures show no underline (${f.claimUnderline})`);
      } else {
        await page.keyboard.press("Tab");
        const skip = await page.evaluate(() => document.activeElement?.matches("a.skip-link") ?? false);
        check(skip, `${name}: the first Tab does not reach the skip link`);
        if (skip) {
          await page.keyboard.press("Enter");
          const landed = await page.evaluate(() => document.activeElement?.id ?? "");
          check(landed === "content", `${name}: the skip link lands on #${landed}, not the text`);
        }
      }
      await page.close();
    }
  }
  await touch.close();
  await desktop.close();
}

// Issue 25 §1 "Phone": on a 390 px screen every Hackenbush figure (and exercise) is drawn at
// least 1.5 px per unit of its drawing (0.9 at the text's size: 56 to 144 px wide) unless it
// fills the column, and none is narrower than 96 px.
async function checkPhoneFigures(context, names) {
  const widths = [];
  for (const name of names) {
    const v = await visit(context, name, PHONE);
    const figures = await v.page.evaluate(() =>
      [...document.querySelectorAll("figure.position svg.hb-diagram:not(.hb-board), section.exercise .exercise-diagram svg")]
        .map((svg) => {
          const r = svg.getBoundingClientRect();
          const column = svg.closest("article, main").getBoundingClientRect().width;
          // A Hackenbush board's view box is in ems, its items scaled into the units of the
          // Hackenbush diagrams: measured in those.
          const inner = svg.querySelector('g[transform^="scale("]');
          const units = svg.viewBox.baseVal.width / (inner ? parseFloat(inner.getAttribute("transform").slice(6)) : 1);
          return { id: svg.closest("[id]")?.id, width: r.width, scale: r.width / units, column };
        })
        .filter((f) => f.width > 0),
    );
    for (const f of figures) {
      widths.push(f.width);
      check((f.scale >= 1.5 || f.width >= f.column - 40) && f.width >= 96,
        `${name} #${f.id}: on a phone the figure is ${f.width.toFixed(0)} px wide (${f.scale.toFixed(2)} px a unit)`);
    }
    await v.page.close();
  }
  widths.sort((a, b) => a - b);
  if (widths.length > 0) {
    const at = (q) => widths[Math.floor(q * (widths.length - 1))].toFixed(0);
    console.log(`figures on a phone: ${widths.length}, ${at(0)} to ${at(1)} px wide (median ${at(0.5)})`);
  }
}

// Issue 25 §1 "Phone": on a 390 px screen every target a reader taps is at least 44 px
// (WCAG 2.5.5). An edge's target is where a tap picks it: for each edge standing in a figure in
// play and each edge of a move exercise, the largest square of points, on a 2 px grid, where the
// page's picking gives that edge (a tap anywhere in it picks the edge, so no neighbour takes
// those taps). Squares are looked for around seven points along the edge as drawn (the middle
// first; a curve's bulge, a loop's far side), each within 46 px of its point and turned to the edge's direction
// there, the point scrolled into view first. The picking is the page's own (`edgeAt`, which the
// tap handlers call; without it, the element under the point). Another game's targets (places to
// play, pieces to move), and the buttons and choices of play and exercises: each one's box, both
// ways.
const TARGET = 44;

function edgeTargets([selector, enough]) {
  const svg = document.querySelector(selector);
  const pick = (x, y) => {
    // On a board of pieces drawn as strokes (`data-piece`), the piece `pieces.js` picks: a
    // Hackenbush edge's item is `edge-N`.
    if (svg.querySelector("g[data-piece]") && window.hackenbookPlay?.pieces) {
      const g = window.hackenbookPlay.pieces.at(svg, x, y);
      if (!g) return null;
      return g.dataset.item?.startsWith("edge-") ? Number(g.dataset.item.slice(5)) : Number(g.querySelector("[data-edge]")?.dataset.edge);
    }
    if (window.hackenbookPlay?.edgeAt) return window.hackenbookPlay.edgeAt(svg, x, y);
    const hit = document.elementFromPoint(x, y)?.closest?.("[data-edge]");
    return hit && svg.contains(hit) ? Number(hit.dataset.edge) : null;
  };
  // What scrolls sideways around the drawing (a figure in play wider than the screen), if any.
  let box = svg.parentElement;
  while (box && box.scrollWidth <= box.clientWidth) box = box.parentElement;
  const STEP = 2, BAND = 46, n = Math.ceil((2 * BAND) / STEP) + 1;
  const out = [];
  for (const p of svg.querySelectorAll("path.hb-edge:not(.hb-fallen)")) {
    if (p.closest('g[display="none"]')) continue;
    const k = Number(p.dataset.edge ?? p.closest('g[data-item^="edge-"]').dataset.item.slice(5));
    p.scrollIntoView({ block: "center", inline: "center" });
    const len = p.getTotalLength();
    const on = (t) => {
      const m = p.getScreenCTM(), q = p.getPointAtLength(Math.min(len, Math.max(0, t)));
      return [m.a * q.x + m.c * q.y + m.e, m.b * q.x + m.d * q.y + m.f];
    };
    let best = 0;
    for (const j of [4, 2, 6, 1, 3, 5, 7]) {
      if ((best - 1) * STEP >= enough) break;
      // The point in view, well inside the screen.
      let c = on((len * j) / 8);
      const dx = c[0] - innerWidth / 2, dy = c[1] - innerHeight / 2;
      if (Math.abs(dx) > innerWidth / 2 - 2 * BAND && box && box !== document.documentElement) box.scrollLeft += dx;
      if (Math.abs(dy) > innerHeight / 2 - 2 * BAND) window.scrollBy(0, dy);
      c = on((len * j) / 8);
      const [a, b] = [on((len * j) / 8 - len / 32), on((len * j) / 8 + len / 32)];
      const l = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
      const [ux, uy] = [(b[0] - a[0]) / l, (b[1] - a[1]) / l];
      let prev = new Array(n).fill(0);
      for (let r = 0; r < n; r++) {
        const row = new Array(n).fill(0), v = -BAND + r * STEP;
        for (let col = 0; col < n; col++) {
          const u = -BAND + col * STEP;
          if (pick(c[0] + u * ux - v * uy, c[1] + u * uy + v * ux) !== k) continue;
          row[col] = 1 + (col > 0 ? Math.min(row[col - 1], prev[col], prev[col - 1]) : 0);
          best = Math.max(best, row[col]);
        }
        prev = row;
      }
    }
    out.push({ edge: k, size: Math.max(0, best - 1) * STEP });
  }
  return out;
}

// The controls of play and exercises: buttons, choices, the Check button.
function controlTargets(selector) {
  return [...document.querySelectorAll(selector)].filter((c) => c.getClientRects().length > 0).map((c) => {
    const r = c.getBoundingClientRect();
    return { edge: `"${c.textContent.trim().slice(0, 20) || c.tagName}"`, size: Math.min(r.width, r.height) };
  });
}

function itemTargets(selector) {
  return [...document.querySelectorAll(selector)].map((g) => {
    g.scrollIntoView({ block: "center" });
    const r = (g.querySelector(".hb-target") ?? g).getBoundingClientRect();
    return { edge: g.dataset.item, size: Math.min(r.width, r.height) };
  });
}

async function checkTargets(context, names) {
  const sizes = [];
  const record = (name, where, targets) => {
    for (const t of targets) {
      sizes.push(t.size);
      check(t.size >= TARGET, `${name} ${where}: on a phone the target of ${t.edge} is ${t.size.toFixed(0)} px, under ${TARGET}`);
    }
  };
  for (const name of names) {
    const v = await visit(context, name, PHONE);
    // The figures a reader sees (the answer key's copies are for print).
    const figures = await v.page.$$eval("figure[data-play]", (fs) =>
      fs.filter((f) => f.getClientRects().length > 0).map((f) => ({ id: f.id, pieces: !!f.querySelector("g[data-piece]") })));
    for (const f of figures) {
      const fig = v.page.locator(`#${f.id}`);
      record(name, `#${f.id}`, await v.page.evaluate(controlTargets, `#${f.id} .play-bar .play-button`));
      await fig.locator(".play-bar .play-button").click();
      await inPlay(fig);
      const opened = await fig.locator(".play-said").textContent();
      check(!/cuts a|is cut|plays /.test(opened), `${name} #${f.id}: on a phone, the tap on Play made a move: "${opened}"`);
      await fig.getByRole("button", { name: "Against the solver…" }).click();
      record(name, `#${f.id} in play`, await v.page.evaluate(controlTargets, `#${f.id} button, #${f.id} select`));
      // A Hackenbush board's edges: the page's nearest-piece tap (pieces.js); other boards'
      // places and pieces: each one's box.
      record(name, `#${f.id} in play`, f.pieces
        ? await v.page.evaluate(edgeTargets, [`#${f.id} svg.hb-diagram`, TARGET])
        : await v.page.evaluate(itemTargets, `#${f.id} g.hb-legal`));
      await fig.getByRole("button", { name: "Close" }).click();
    }
    const exercises = await v.page.$$eval("section.exercise[data-exercise]", (ss) =>
      ss.map((s) => ({ id: s.id, kind: JSON.parse(s.dataset.exercise).kind, pieces: !!s.querySelector(".exercise-diagram svg g[data-piece]") })).filter((e) => e.kind === "named"));
    record(name, "exercises", await v.page.evaluate(controlTargets, ".exercise-try button"));
    for (const e of exercises) {
      record(name, `#${e.id}`, e.pieces
        ? await v.page.evaluate(edgeTargets, [`#${e.id} .exercise-diagram svg`, TARGET])
        : await v.page.evaluate(itemTargets, `#${e.id} .exercise-target`));
    }
    checkQuiet(`${name} (targets)`, v.problems);
    await v.page.close();
  }
  sizes.sort((a, b) => a - b);
  if (sizes.length > 0) {
    const at = (q) => sizes[Math.floor(q * (sizes.length - 1))].toFixed(0);
    console.log(`targets on a phone: ${sizes.length}, ${at(0)} to ${at(1)} px (median ${at(0.5)}; an edge's measured until it reaches ${TARGET}); ${sizes.filter((x) => x < TARGET).length} under ${TARGET}`);
  }
}

// Issue 25 §1 "Screen readers": a move exercise's drawing is a group (not an image, whose
// insides a screen reader skips), and each edge in it the mover may cut a button found by its
// role and named by its colour and its name as the site writes edges (the move's name in
// data-exercise's targets). Every Hackenbush
// figure's description says what stands on what: one item per edge, the ground named.
async function checkScreenReaders(context, names) {
  for (const name of ["worksheet-1.html", "worksheet-2.html"]) {
    if (!fs.existsSync(path.join(siteDir, name))) continue;
    const v = await visit(context, name, DESKTOP);
    const moves = await v.page.evaluate(() =>
      [...document.querySelectorAll("section.exercise[data-exercise]")]
        .map((s) => {
          const svg = s.querySelector(".exercise-diagram svg");
          const data = JSON.parse(s.dataset.exercise);
          // Each edge the mover may cut, by its colour and its name (the move's).
          const edges = [...svg.querySelectorAll("g[data-item][data-piece]")].filter((g) => data.targets?.[g.dataset.item])
            .map((g) => ({ name: data.targets[g.dataset.item][0], colour: g.querySelector(".hb-edge").classList.contains("hb-blue") ? "blue" : g.querySelector(".hb-edge").classList.contains("hb-red") ? "red" : "green" }));
          return { id: s.id, data, role: svg.getAttribute("role"), label: svg.getAttribute("aria-label"), edges };
        })
        .filter((e) => e.data.kind === "named" && e.edges.length > 0),
    );
    check(moves.length > 0, `${name}: no move exercise on a Hackenbush position`);
    for (const e of moves) {
      check(e.role === "group" && /edge/.test(e.label ?? ""), `${name} #${e.id}: the drawing is ${e.role} "${e.label}", not a group of edges`);
      for (const { name: move, colour } of e.edges) {
        const label = `cut ${colour} edge ${move}`;
        const found = await v.page.locator(`#${e.id}`).getByRole("button", { name: label, exact: true }).count();
        check(found === 1, `${name} #${e.id}: no button "${label}" for a screen reader (${found})`);
      }
    }
    await v.page.close();
  }
  for (const name of names) {
    const v = await visit(context, name, DESKTOP);
    const figures = await v.page.evaluate(() =>
      [...document.querySelectorAll("figure.position svg.hb-diagram[role=img], section.exercise svg.hb-diagram[role=img]")].map((svg) => ({
        id: svg.closest("[id]")?.id,
        // An edge's path has the class, or (a picture's) sits in a group of its colour.
        edges: [...svg.querySelectorAll(".hb-edge")].reduce((n, e) => n + (e.tagName === "g" ? e.children.length : 1), 0),
        desc: svg.querySelector("desc")?.textContent ?? "",
      })),
    );
    for (const f of figures) {
      if (f.edges === 0 || f.edges > 24) continue;
      const items = f.desc.split(";")[0].split(", ");
      check(items.length === f.edges && /the ground/.test(f.desc),
        `${name} #${f.id}: the description does not say what stands on what, edge by edge: "${f.desc}"`);
    }
    await v.page.close();
  }
}

// Issue 25 §3: print. On paper nothing is for clicking: no play controls, "checked" notes, check
// marks, links back or underlined figures; figures and exercises are not split across pages; a
// worksheet has a line for a name and the date, its exercises two to a row, and prints on at
// most 8 A4 pages (11 before); screenshots of the print and page counts are saved.
async function checkPrint(context) {
  for (const [name, most] of [["worksheet-1.html", 8], ["the-cycle.html", null], ["a-tree-is-still-a-number.html", null]]) {
    if (!fs.existsSync(path.join(siteDir, name))) continue;
    const v = await visit(context, name, DESKTOP);
    await v.page.emulateMedia({ media: "print" });
    // As a reader prints it: what opens on demand closed (`visit` opened it).
    await v.page.evaluate(() => document.querySelectorAll("details").forEach((d) => (d.open = false)));
    const f = await v.page.evaluate(() => {
      const shown = (sel) => [...document.querySelectorAll(sel)].filter((e) => getComputedStyle(e).display !== "none").length;
      const underlined = [...document.querySelectorAll("a.claim")].filter((a) => getComputedStyle(a).textDecorationLine !== "none").length;
      const split = [...document.querySelectorAll("figure, section.exercise")].filter((e) => getComputedStyle(e).breakInside !== "avoid").length;
      const exercises = [...document.querySelectorAll("section.exercise")].map((e) => e.getBoundingClientRect());
      const rows = new Set(exercises.map((r) => Math.round(r.top))).size;
      return {
        controls: shown(".play-bar, .play-panel, details.checked, .checked-mark, .exercise-try, td.source, .screen-only"),
        underlined,
        split,
        nameLine: shown(".name-line"),
        exercises: exercises.length,
        rows,
      };
    });
    check(f.controls === 0, `${name} (print): ${f.controls} controls or check marks printed`);
    check(f.underlined === 0, `${name} (print): ${f.underlined} figures printed underlined`);
    check(f.split === 0, `${name} (print): ${f.split} figures or exercises may split across pages`);
    const pdf = await v.page.pdf({ format: "A4" });
    const pages = (pdf.toString("latin1").match(/\/Type\s*\/Page[^s]/g) ?? []).length;
    console.log(`${name}: prints on ${pages} A4 pages`);
    if (most !== null) {
      check(f.nameLine === 1, `${name} (print): no line for a name and the date`);
      check(f.rows <= Math.ceil(f.exercises / 2) + 2, `${name} (print): ${f.exercises} exercises on ${f.rows} rows, not two to a row`);
      check(pages <= most, `${name} (print): ${pages} A4 pages, more than ${most}`);
    }
    await v.page.screenshot({ path: path.join(artefacts, `${name.replace(/\.html$/, "")}-print-desktop.png`), fullPage: true });
    await v.page.close();
  }
}

// ---- Play on another game's board ----

// A Domineering board of an essay: 2x2, worth ±1, whoever starts wins.
const BOARD = { page: "nothing-worth-fighting-over.html", id: "position-hot_square", game: "domineering", notation: "2x2" };

// The page's table (`g3`, crates/rulesets/src/play/compact.rs) read in the page by the page's
// own reader (board.js) with the drawing's words and what it shows before play, every move's
// entry reached and whether it wins as the page finds them, with the values the figure shows
// for each value index: what the reader's page holds.
function pageBoardTable(id) {
  const ALPHA = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  const fig = document.getElementById(id);
  const text = fig.getAttribute("data-play");
  const items = [...fig.querySelectorAll("svg g[data-item]")];
  const table = window.hackenbookPlay.g3.decode(
    text,
    ALPHA,
    items.map((g) => g.getAttribute("data-label")),
    items.map((g) => g.getAttribute("display") !== "none"),
  );
  const pool = document.querySelectorAll("#play-values > span");
  const values = fig.getAttribute("data-play-values").split(" ").map((i) => pool[+i].dataset.value);
  return {
    version: text.split(";")[0],
    items: table.items,
    drawn: fig.querySelectorAll("svg g[data-item]").length,
    entries: table.entries.map((e, i) => ({
      value: values[e.value],
      outcome: table.outcomes[e.value],
      shown: e.shown,
      moves: table.moves(i).map(({ player, wins, item, name, to }) => ({ player, wins, item, name, to })),
    })),
  };
}

// What the board shows in play: the items in view, the value, the words said, the focused item.
function boardState(id) {
  const fig = document.getElementById(id);
  const items = [...fig.querySelectorAll("svg g[data-item]")];
  const value = fig.querySelector(".play-value");
  return {
    shown: items.map((g, k) => (g.getAttribute("display") === "none" ? -1 : k)).filter((k) => k >= 0),
    value: value?.dataset.value ?? null,
    status: fig.querySelector(".play-said")?.textContent ?? "",
    said: fig.querySelector("[aria-live]")?.textContent ?? "",
    focused: items.indexOf(document.activeElement),
    label: document.activeElement?.getAttribute("aria-label") ?? null,
    ask: fig.querySelector("svg").getAttribute("aria-label"),
  };
}

// Clicks item k where the reader sees it (its move's target, or the piece itself).
async function clickItem(v, d, k) {
  const point = await v.page.evaluate(
    ([id, k]) => {
      const g = document.querySelectorAll(`#${CSS.escape(id)} svg g[data-item]`)[k];
      g.scrollIntoView({ block: "center" });
      const box = (g.querySelector(".hb-target") ?? g).getBoundingClientRect();
      return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    },
    [d.id, k],
  );
  await v.page.mouse.click(point.x, point.y);
}

async function playBoard(context, d) {
  const v = await visit(context, d.page, DESKTOP);
  const fig = v.page.locator(`#${d.id}`);
  const solver = JSON.parse(execFileSync(hackenbook, ["play", "--game", d.game, d.notation, "--json"], { encoding: "utf8", cwd: repo }));
  await loadPlay(v.page);
  const page = await v.page.evaluate(pageBoardTable, d.id);
  // The page's table is the solver's: every entry's value, outcome and moves, in order.
  check(page.version === "g3" && page.items === page.drawn, `${d.id}: the page's board table (${page.version}, ${page.items} items, ${page.drawn} drawn)`);
  // Moves compared in one order (the page lists them by item, the table in the game's order).
  const sorted = (ms) => ms.slice().sort((a, b) => (a.player + a.name + "\u0000" + a.to < b.player + b.name + "\u0000" + b.to ? -1 : 1));
  const expected = solver.positions.map((e) => ({
    value: solver.values[e.value],
    outcome: e.outcome,
    moves: sorted([["L", e.left], ["R", e.right]].flatMap(([p, ms]) => ms.map((m) => ({ player: p, wins: m.wins, name: m.name, to: m.to })))),
  }));
  const held = page.entries.map((e) => ({ value: e.value, outcome: e.outcome, moves: sorted(e.moves.map(({ player, wins, name, to }) => ({ player, wins, name, to }))) }));
  check(JSON.stringify(held) === JSON.stringify(expected), `${d.id}: the page's table is not \`play --json\`'s: ${JSON.stringify(held)} vs ${JSON.stringify(expected)}`);
  const state = () => v.page.evaluate(boardState, d.id);
  check(JSON.stringify((await state()).shown) === JSON.stringify(page.entries[0].shown), `${d.id}: before play the board does not show the position itself`);

  // Free play to the end, by clicks: Left's first domino, then what follows until a side to move
  // has none. Each step shows the entry's items and value and says the move.
  await fig.locator(".play-bar .play-button").click();
  await inPlay(fig);
  const opening = await state();
  check(/Domineering in play/.test(opening.ask) && /Left places vertical dominoes/.test(opening.ask), `${d.id}: the board in play does not say its game and who moves how: "${opening.ask}"`);
  check(opening.value === expected[0].value, `${d.id}: start value ${opening.value}`);
  let at = 0, last = null;
  for (let steps = 0; steps < 20; steps++) {
    const mover = last === null ? "L" : last === "L" ? "R" : "L";
    const move = page.entries[at].moves.find((m) => m.player === mover);
    if (!move) break;
    await clickItem(v, d, move.item);
    const after = await state();
    check(JSON.stringify(after.shown) === JSON.stringify(page.entries[move.to].shown), `${d.id}: after ${move.name} the board shows items ${after.shown}`);
    check(after.value === expected[move.to].value, `${d.id}: after ${move.name} the value shown is ${after.value}, the solver's ${expected[move.to].value}`);
    check(after.said.includes(`plays ${move.name}`) && after.said.includes("the value is"), `${d.id}: ${move.name} not announced: ${after.said}`);
    if (steps === 0) {
      await fig.screenshot({ path: path.join(artefacts, `play-board-${d.id}-desktop.png`) });
    }
    at = move.to;
    last = mover;
  }
  const end = await state();
  const stuck = last === "L" ? "Right" : "Left";
  check(end.status.includes(`${stuck} has no move: ${last === "L" ? "Left" : "Right"} wins.`), `${d.id}: the end of free play is not said: "${end.status}"`);

  // Against the solver: the reader plays Right and the solver, Left, starts and wins.
  await fig.getByRole("button", { name: "Against the solver…" }).click();
  await fig.locator("select").first().selectOption("R");
  await fig.locator("select").nth(1).selectOption("solver");
  await fig.getByRole("button", { name: "Start" }).click();
  const over = await v.page.waitForFunction(
    (id) => /the solver wins|you win/.test(document.getElementById(id).querySelector(".play-said").textContent),
    d.id, { timeout: 5000 },
  ).then(() => true, () => false);
  const beaten = await state();
  check(over && /The solver plays .*You have no move: the solver wins\./.test(beaten.status), `${d.id}: the solver, starting, does not win: "${beaten.status}"`);
  const replied = page.entries[0].moves.find((m) => m.player === "L" && beaten.status.includes(`plays ${m.name}`));
  check(replied !== undefined && replied.wins, `${d.id}: the solver's move is no winning move of Left's: "${beaten.status}"`);

  checkQuiet(d.id, v.problems);
  await v.page.close();

  // Keyboard, in light and dark: Enter on the Play button puts focus on the first target, Tab
  // goes on to the next, each named and ringed; Enter makes the focused target's move.
  for (const scheme of ["light", "dark"]) {
    const k = await visit(context, d.page, DESKTOP);
    await k.page.emulateMedia({ colorScheme: scheme });
    const f = k.page.locator(`#${d.id}`);
    await f.locator(".play-bar .play-button").focus();
    await k.page.keyboard.press("Enter");
    await inPlay(f);
    const first = await k.page.evaluate(boardState, d.id);
    const targets = page.entries[0].moves.map((m) => m.item);
    check(targets.includes(first.focused), `${d.id} (${scheme}): after Play, focus is not on a target (${first.focused})`);
    check(first.label !== null && /domino on .*: (Left|Right) /.test(first.label), `${d.id} (${scheme}): a focused target has no name: ${first.label}`);
    // The ring is a stroke of the target's shapes that keeps its width on screen; never an
    // outline (an SVG element's outline is drawn in the drawing's units: over a board drawn in
    // units of squares a 3px one is three squares wide and covers the figure), and play by key
    // selects no text.
    const ring = await k.page.evaluate(() => {
      const a = document.activeElement, s = getComputedStyle(a);
      const shapes = [...a.children].filter((c) => !c.classList.contains("hb-domino")).map((c) => getComputedStyle(c));
      return {
        outline: s.outlineStyle,
        strokes: shapes.map((c) => ({ width: parseFloat(c.strokeWidth), scaling: c.vectorEffect, colour: c.stroke })),
        selected: getSelection().isCollapsed ? "" : getSelection().toString(),
      };
    });
    check(ring.outline === "none", `${d.id} (${scheme}): a keyboard-focused target has an outline (drawn in the board's units, it covers the figure) ${JSON.stringify(ring)}`);
    check(ring.strokes.length > 0 && ring.strokes.every((c) => c.width >= 2.5 && c.scaling === "non-scaling-stroke" && c.colour !== "none"),
      `${d.id} (${scheme}): a keyboard-focused target has no ring of at least 2.5 screen pixels ${JSON.stringify(ring)}`);
    check(ring.selected === "", `${d.id} (${scheme}): play by keyboard selected text: "${ring.selected}"`);
    await f.screenshot({ path: path.join(artefacts, `play-board-focus-${scheme}.png`) });
    await k.page.keyboard.press("Tab");
    const second = await k.page.evaluate(boardState, d.id);
    check(targets.includes(second.focused) && second.focused !== first.focused, `${d.id} (${scheme}): Tab does not go on to the next target (${second.focused})`);
    await k.page.keyboard.press("Enter");
    const moved = await k.page.evaluate(boardState, d.id);
    const move = page.entries[0].moves.find((m) => m.item === second.focused);
    check(move !== undefined && JSON.stringify(moved.shown) === JSON.stringify(page.entries[move.to].shown) && moved.said.includes(`plays ${move.name}`),
      `${d.id} (${scheme}): Enter on a focused target does not make its move: "${moved.said}"`);
    await k.page.setViewportSize(PHONE);
    await f.screenshot({ path: path.join(artefacts, `play-board-${scheme}-phone.png`) });
    const phone = await k.page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    check(phone[0] <= phone[1], `${d.id} (${scheme}): in play, the page scrolls sideways on a phone (${phone})`);
    checkQuiet(`${d.id} (${scheme})`, k.problems);
    await k.page.close();
  }
}

async function play(context) {
  for (const d of NO_MOVE) {
    const before = failed;
    await playWithNoMove(context, d);
    console.log(`play with no move (${d.page}#${d.id}): ${failed === before ? "ok" : "FAILED"}`);
  }
  for (const [kind, d] of Object.entries(PLAYED)) {
    if (["blueRed", "green", "childish", "cyclic"].includes(kind)) {
      const before = failed;
      await playByClicks(context, d, kind === "cyclic");
      console.log(`play by clicks, ${kind} (${d.page}#${d.id}): ${failed === before ? "ok" : "FAILED"}`);
    }
  }
  let before = failed;
  await loseToTheSolver(context, PLAYED.solverWins, "R");
  console.log(`a game against the solver (${PLAYED.solverWins.id}): ${failed === before ? "ok" : "FAILED"}`);
  before = failed;
  await playByKeyboard(context, PLAYED.keyboard);
  console.log(`keyboard only (${PLAYED.keyboard.id}): ${failed === before ? "ok" : "FAILED"}`);
  before = failed;
  await playBoard(context, BOARD);
  console.log(`a board of another game (${BOARD.page}#${BOARD.id}): ${failed === before ? "ok" : "FAILED"}`);
}

// The investigate page (investigate.js): a picture drawn by clicks on the grid is valued as
// `hackenbook eval` values its notation; a picture beyond the page's solver (a typed tree mixing
// green with blue and red, a drawn part standing on the ground twice) says so in words and
// gives an eval command that runs; erasing brings the value back;
// a game against the solver from a position Left wins whoever starts, the reader playing Right,
// ends with the solver's win; on a phone, in play, every edge a target of 44 px. Screenshots at
// desktop and phone width, light and dark.
// Its value: the first line `eval` prints (who wins and each move's value follow).
function evalOf(notation) {
  return execFileSync(hackenbook, ["eval", notation], { encoding: "utf8", cwd: repo }).trim().split("\n")[0];
}

async function checkInvestigate(context) {
  const name = "investigate.html";
  const v = await visit(context, name, DESKTOP);
  const page = v.page;
  const shown = () =>
    page.evaluate(() => {
      const part = (p) => document.querySelector(`[data-part=${p}]`);
      return {
        value: part("value").dataset.value,
        notation: part("notation").value,
        beyond: !part("beyond").hidden,
        why: part("why").textContent,
        command: part("command").textContent,
        play: !!document.querySelector(".investigate-figure .play-bar button"),
      };
    });
  const at = (id) => page.locator(`[data-at="${id}"]`).click();
  const tool = (t) => page.locator(`input[name=tool][value=${t}]`).check();
  // The picture drawn at the start.
  let s = await shown();
  check(s.value === evalOf(s.notation), `${name}: the first picture ${s.notation} shows ${s.value}, eval says ${evalOf(s.notation)}`);
  // A tree of blue and green, typed and drawn: beyond too, in other words, with its command.
  await page.locator("[data-part=typed]").fill("L(G R) G");
  await page.locator("[data-part=draw]").click();
  s = await shown();
  check(
    s.beyond && /mixes green/.test(s.why) && s.command === "hackenbook eval 'L(G R) G'" && !s.play,
    `${name}: a tree of blue, red and green is not said beyond with its command (${s.why} ${s.command})`,
  );
  check(/^[-\d/*^v{}|.,+ ]+$/.test(evalOf("L(G R) G")), `${name}: hackenbook eval 'L(G R) G' prints no value`);
  // A stalk of blue and red, and a green stalk of two beside it.
  await page.locator("[data-part=clear]").click();
  await tool("L");
  for (const p of ["p0,0", "p0,1"]) await at(p);
  await tool("R");
  await at("p0,2");
  await at("p0,2"); // the chosen point chosen again: nothing chosen
  await tool("G");
  for (const p of ["p3,0", "p3,1", "p3,2"]) await at(p);
  s = await shown();
  check(s.notation === "LR GG", `${name}: drawn LR and GG, the notation says ${s.notation}`);
  check(s.value === evalOf(s.notation) && s.value === "1/2*2", `${name}: ${s.notation} shows ${s.value}, eval says ${evalOf(s.notation)}`);
  check(!s.beyond && s.play, `${name}: a valued picture offers play, and no "beyond" note`);
  // A blue edge from elsewhere on the ground to the top of the blue one: a cycle through the ground.
  await at("p3,2"); // the last point reached, chosen again: nothing chosen
  await tool("L");
  for (const p of ["p1,0", "p0,1"]) await at(p);
  s = await shown();
  check(s.beyond && /two places/.test(s.why) && !s.play, `${name}: a part standing twice is not said beyond (${s.why})`);
  const command = s.command.match(/^hackenbook eval '([^']+)'$/);
  check(!!command, `${name}: the command is not an eval command: ${s.command}`);
  if (command) {
    let out = "";
    try {
      out = evalOf(command[1]);
    } catch (e) {
      out = `fails: ${e}`;
    }
    check(/^[-\d/*^v{}|.,+ ]+$/.test(out), `${name}: ${s.command} prints ${out}`);
  }
  await page.screenshot({ path: path.join(artefacts, "investigate-beyond-desktop.png"), fullPage: true });
  // The eraser takes the new edge away (the fifth drawn, index 4): the value comes back.
  await tool("erase");
  await at("e4");
  s = await shown();
  check(!s.beyond && s.value === "1/2*2", `${name}: after erasing, the value is ${s.value}`);
  // Against the solver: the reader plays Right and moves first in a position worth 1/2*2 > 0.
  await tool("L");
  const fig = page.locator(".investigate-figure");
  await fig.getByRole("button", { name: "Play this position" }).click();
  await fig.getByRole("button", { name: "Against the solver…" }).click();
  await fig.locator("select").first().selectOption("R");
  await fig.getByRole("button", { name: "Start" }).click();
  let said = "";
  for (let turn = 0; turn < 12; turn++) {
    said = await fig.locator(".play-said").textContent();
    if (/wins|win!/.test(said)) break;
    if (!/Your move/.test(said)) {
      await page.waitForTimeout(300);
      continue;
    }
    // The reader's first legal cut: a red or green edge standing.
    const k = await page.evaluate(() => {
      const hit = [...document.querySelectorAll(".investigate-figure .hb-hit.hb-legal")].find((h) => {
        const edge = document.querySelector(`.investigate-figure path.hb-edge[data-edge="${h.dataset.edge}"]`);
        return !h.classList.contains("hb-fallen") && !edge.classList.contains("hb-blue");
      });
      return hit ? hit.dataset.edge : null;
    });
    if (k === null) break;
    await clickEdge(v, { id: "investigate-figure" }, k);
    await page.waitForTimeout(600);
    if (turn === 0) {
      await page.screenshot({ path: path.join(artefacts, "investigate-play-desktop.png"), fullPage: true });
    }
  }
  check(/You have no move: the solver wins\./.test(said), `${name}: the game against the solver ended "${said}"`);
  // Drawing by keyboard: Enter on two focused points joins them, and focus stays on the point.
  await fig.getByRole("button", { name: "Close" }).click();
  for (const p of ["p6,0", "p6,1"]) {
    await page.locator(`[data-at="${p}"]`).focus();
    await page.keyboard.press("Enter");
  }
  s = await shown();
  const focus = await page.evaluate(() => document.activeElement.dataset.at);
  check(s.notation === "LR GG L" && s.value === evalOf(s.notation) && focus === "p6,1", `${name}: by keyboard, ${s.notation} worth ${s.value}, focus on ${focus}`);
  checkQuiet(name, v.problems);
  await page.close();
  // The page at phone width, light and dark, and at desktop width in dark.
  for (const [label, viewport, scheme] of [
    ["phone", PHONE, "light"],
    ["phone-dark", PHONE, "dark"],
    ["desktop-dark", DESKTOP, "dark"],
  ]) {
    const w = await visit(context, name, viewport);
    await w.page.emulateMedia({ colorScheme: scheme });
    const size = await w.page.evaluate(() => {
      const t = document.querySelector(".investigate-target").getBoundingClientRect();
      return { target: t.width, scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth };
    });
    check(size.target >= 43.5, `${name} (${label}): grid points are ${size.target.toFixed(1)} px across, under 44`);
    check(size.scroll <= size.client, `${name} (${label}): scrolls sideways`);
    if (label === "phone") {
      // In play, each edge of the first picture is a target of 44 px.
      await w.page.locator(".investigate-figure .play-bar .play-button").click();
      for (const t of await w.page.evaluate(edgeTargets, [".investigate-figure svg.hb-diagram", TARGET]))
        check(t.size >= TARGET, `${name} (${label}): in play the target of edge ${t.edge} is ${t.size.toFixed(0)} px, under ${TARGET}`);
    }
    await w.page.screenshot({ path: path.join(artefacts, `investigate-${label}.png`), fullPage: true });
    await w.page.close();
  }
}

// ---- Hackenbush on a board of the generic table (board.js) ----

// Hackenbush positions drawn as boards (page_play.rs's `hackenbush_boards_carry_their_pieces_words`
// renders them, with $BOARDS_SITE naming its folder; run.sh does it): every edge a piece drawn as
// a thin stroke. A tap beside an edge, not on it, cuts it and the fall is told in words; the
// childish rules refuse a cut that drops edges, in words; against the solver a tap on the other
// side's colour is refused; Enter cuts from the keyboard; at phone width the drawing whose edges
// lie close grows until every edge's target is 44 px. Screenshots at desktop and phone width,
// light and dark.
const PIECE_BOARDS = [
  { id: "position-stalks", intro: "Cut an edge: blue for Left, red for Right.", fall: "Left cuts a blue edge; 1 edge falls; the value is" },
  { id: "position-bush", intro: "green for either" },
  { id: "position-childish", intro: "; under the childish rules no cut may make edges fall." },
];

// A screen point `off` pixels beside the edge of piece k's stroke (as wide as it is drawn),
// nearer to that stroke than to any other piece's by 4 px or more, looked for on both sides of
// points along it from the middle; and what is drawn there (not the stroke).
function besidePiece([id, k, off]) {
  const fig = document.getElementById(id);
  // The first drawing's (an exercise's solution has a copy).
  const items = [...fig.querySelector("svg").querySelectorAll("g[data-item]")];
  const stroke = items[k].querySelector("path, line");
  stroke.scrollIntoView({ block: "center", inline: "center" });
  const along = (p) => {
    const m = p.getScreenCTM(), len = p.getTotalLength();
    return (t) => {
      const q = p.getPointAtLength(len * t);
      return [m.a * q.x + m.c * q.y + m.e, m.b * q.x + m.d * q.y + m.f];
    };
  };
  const at = along(stroke), m = stroke.getScreenCTM();
  off += (parseFloat(getComputedStyle(stroke).strokeWidth) * Math.hypot(m.a, m.b)) / 2;
  const sample = (p) => Array.from({ length: 33 }, (_, i) => along(p)(i / 32));
  const others = items
    .filter((g, j) => j !== k && g.dataset.piece && g.getAttribute("display") !== "none")
    .flatMap((g) => [...g.querySelectorAll("path, line")].flatMap(sample));
  const own = sample(stroke);
  const dist = (pts, x, y) => Math.min(...pts.map(([u, v]) => Math.hypot(u - x, v - y)), 1e9);
  for (const t of [0.5, 0.4, 0.6, 0.3, 0.7]) {
    const [a, b, c] = [at(t - 0.05), at(t + 0.05), at(t)];
    const l = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
    const [nx, ny] = [-(b[1] - a[1]) / l, (b[0] - a[0]) / l];
    for (const side of [1, -1]) {
      const [x, y] = [c[0] + side * off * nx, c[1] + side * off * ny];
      if (dist(others, x, y) < dist(own, x, y) + 4) continue;
      const under = document.elementFromPoint(x, y);
      return { x, y, onStroke: under === stroke, inFigure: !!under && fig.contains(under) };
    }
  }
  return { x: 0, y: 0, onStroke: false, inFigure: false, none: true };
}

async function checkPieceBoards(context, dir) {
  const open = async (viewport, scheme) => {
    const page = await context.newPage();
    const errors = [];
    page.on("console", (msg) => msg.type() === "error" && errors.push(msg.text()));
    page.on("pageerror", (err) => errors.push(String(err)));
    await page.setViewportSize(viewport);
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(pathToFileURL(path.join(dir, "hackenbush-boards.html")).href, { waitUntil: "load" });
    return { page, errors };
  };
  const said = (page, id) => page.evaluate((id) => document.getElementById(id).querySelector(".play-said")?.textContent ?? "", id);
  const shown = (page, id) => page.evaluate((id) => [...document.getElementById(id).querySelectorAll("svg g[data-item]")].map((g) => g.getAttribute("display") !== "none"), id);
  // The first piece standing with a move of `player`'s (or, with `none`, with no move at all;
  // with `last`, the last such piece).
  const pieceOf = (page, id, player, none, last) => page.evaluate(([id, player, none, last]) => {
    const fig = document.getElementById(id);
    const items = [...fig.querySelectorAll("svg g[data-item]")];
    const table = window.hackenbookPlay.g3.decode(fig.dataset.play, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_",
      items.map((g) => g.getAttribute("data-label")), items.map((g) => g.getAttribute("display") !== "none"));
    return items[last ? "findLastIndex" : "findIndex"]((g, k) => g.dataset.piece && table.entries[0].shown.includes(k) &&
      (none ? !table.entries[0].moves.some((m) => m.item === k) : table.entries[0].moves.some((m) => m.item === k && m.player === player)));
  }, [id, player, none, last]);
  const tapBeside = async (page, id, k, what) => {
    const spot = await page.evaluate(besidePiece, [id, k, 10]);
    check(!spot.onStroke && spot.inFigure, `${id}: the tap beside ${what} lands on its stroke or outside the figure ${JSON.stringify(spot)}`);
    await page.mouse.click(spot.x, spot.y);
  };

  for (const scheme of ["light", "dark"]) {
    const { page, errors } = await open(DESKTOP, scheme);
    for (const d of PIECE_BOARDS) {
      const fig = page.locator(`#${d.id}`);
      await fig.locator(".play-bar .play-button").click();
      await inPlay(fig);
      const ask = await page.evaluate((id) => document.getElementById(id).querySelector("svg").getAttribute("aria-label"), d.id);
      check(ask === "Hackenbush in play: choose an edge to cut", `${d.id}: asks "${ask}"`);
      const intro = await said(page, d.id);
      check(intro.startsWith("Cut an edge: ") && intro.includes(d.intro), `${d.id}: the intro says "${intro}", not "${d.intro}"`);
      if (d.id === "position-childish") {
        // A cut that would drop edges is refused, in words, and nothing falls.
        const k = await pieceOf(page, d.id, null, true);
        check(k >= 0, `${d.id}: no edge the childish rules forbid`);
        const before = await shown(page, d.id);
        await tapBeside(page, d.id, k, "a forbidden edge");
        const refused = await said(page, d.id);
        check(refused === "Under the childish rules this edge may not be cut: other edges would fall.", `${d.id}: the forbidden cut is answered "${refused}"`);
        check(JSON.stringify(await shown(page, d.id)) === JSON.stringify(before), `${d.id}: a forbidden cut changed the board`);
      }
      // A tap beside a thin edge (10 px off its stroke) cuts it; what falls is said.
      const k = await pieceOf(page, d.id, "L");
      await tapBeside(page, d.id, k, "Left's edge");
      const after = await said(page, d.id), left = await shown(page, d.id);
      check(/^Left cuts a blue edge(; \d+ edges? falls?)?; the value is /.test(after) && (!d.fall || after.startsWith(d.fall)), `${d.id}: the cut beside an edge is told "${after}"`);
      check(!left[k], `${d.id}: the edge tapped beside still stands`);
      if (d.id === "position-stalks") await fig.screenshot({ path: path.join(artefacts, `play-pieces-desktop-${scheme}.png`) });
      // Against the solver, as Left moving first: a red edge is refused in words.
      await fig.getByRole("button", { name: "Against the solver…" }).click();
      await fig.locator("select").first().selectOption("L");
      await fig.locator("select").nth(1).selectOption("you");
      await fig.getByRole("button", { name: "Start" }).click();
      // The last red edge: in the bush, drawn at the diagram's size (a Hackenbush block's), the
      // lone one on the ground, which has room beside it (the bush's are within 10 px of others).
      const red = await pieceOf(page, d.id, "R", false, true);
      const onlyRed = await page.evaluate(([id, red]) => document.getElementById(id).querySelectorAll("svg g[data-item]")[red].dataset.piece, [d.id, red]);
      if (onlyRed === "red edge") {
        await tapBeside(page, d.id, red, "a red edge");
        const no = await said(page, d.id);
        check(no === "That edge is red: only Right may cut it.", `${d.id}: a red edge tapped by Left is answered "${no}"`);
      }
      await fig.getByRole("button", { name: "Close" }).click();
    }
    // From the keyboard: Enter on Play focuses the first edge with a cut, Enter cuts it.
    const d = PIECE_BOARDS[0];
    await page.locator(`#${d.id} .play-bar .play-button`).focus();
    await page.keyboard.press("Enter");
    await inPlay(page.locator(`#${d.id}`));
    const focused = await page.evaluate(() => document.activeElement.dataset.piece ?? null);
    check(focused !== null, `${d.id}: Enter on Play puts focus on no edge`);
    // The focused edge's ring, at 3:1 or more against the page, light and dark.
    const ring = await page.evaluate(focusRing);
    check(ring.piece && ring.style !== "none" && ring.width >= 2.5 && contrast(ring.colour, ring.back) >= 3,
      `${d.id} (${scheme}): a keyboard-focused edge in play has no ring of 3:1 ${JSON.stringify(ring)} (${contrast(ring.colour, ring.back).toFixed(2)}:1)`);
    await page.locator(`#${d.id}`).screenshot({ path: path.join(artefacts, `play-pieces-focus-${scheme}.png`) });
    await page.keyboard.press("Enter");
    const cut = await said(page, d.id);
    check(/^(Left|Right) cuts a (blue|red) edge/.test(cut), `${d.id}: Enter on an edge is told "${cut}"`);
    check(errors.length === 0, `hackenbush boards (${scheme}): console errors ${errors.join(" | ")}`);
    await page.close();

    // At phone width the bush, whose edges lie close, grows until each edge's target is 44 px.
    const phone = await open(PHONE, scheme);
    const bush = phone.page.locator("#position-bush");
    const width = await bush.locator("svg").evaluate((s) => s.getBoundingClientRect().width);
    await bush.locator(".play-bar .play-button").click();
    await inPlay(bush);
    const grown = await bush.locator("svg").evaluate((s) => ({ width: s.getBoundingClientRect().width, least: window.hackenbookPlay.pieces?.narrowest(s) ?? 0 }));
    check(grown.width > width * 1.2 && grown.least >= TARGET, `position-bush (phone, ${scheme}): in play ${width.toFixed(0)} → ${grown.width.toFixed(0)} px wide, narrowest target ${grown.least.toFixed(0)} px`);
    const k = await pieceOf(phone.page, "position-bush", "R");
    await tapBeside(phone.page, "position-bush", k, "a red edge on a phone");
    const told = await said(phone.page, "position-bush");
    check(/^Right cuts a red edge/.test(told), `position-bush (phone, ${scheme}): the tap is told "${told}"`);
    await phone.page.screenshot({ path: path.join(artefacts, `play-pieces-phone-${scheme}.png`), fullPage: true });
    check(phone.errors.length === 0, `hackenbush boards (phone, ${scheme}): console errors ${phone.errors.join(" | ")}`);
    await phone.page.close();
  }
}

async function main() {
  const names = pagesOf(siteDir);
  fs.mkdirSync(artefacts, { recursive: true });
  const browser = await chromium.launch({
    executablePath,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  try {
    const context = await browser.newContext({ offline: true });
    const visits = new Map();
    for (const name of names) {
      const visit_ = await visit(context, name, DESKTOP);
      visits.set(name, visit_);
    }
    const pageIds = new Map([...visits].map(([name, v]) => [name, v.facts.ids]));
    for (const name of names) {
      const v = visits.get(name);
      const { maths, diagrams } = v.facts;
      console.log(`${name}: ${maths.length} formulas, ${diagrams.length} diagrams`);
      checkPage(name, v, pageIds);
      if (await v.page.locator("figure[data-play] > .play-bar > .play-button").count()) {
        await checkPlayOpens(context, name);
      }
      const stem = name.replace(/\.html$/, "");
      await v.page.screenshot({ path: path.join(artefacts, `${stem}-desktop.png`), fullPage: true });
      await v.page.close();

      const phone = await visit(context, name, PHONE);
      check(
        phone.facts.scrollWidth <= phone.facts.clientWidth,
        `${name}: scrolls sideways on a phone (${phone.facts.scrollWidth} > ${phone.facts.clientWidth})`,
      );
      checkMathsFit(name, "phone", phone.facts);
      await phone.page.screenshot({ path: path.join(artefacts, `${stem}-phone.png`), fullPage: true });
      await phone.page.close();
    }
    await checkExercises(context);
    await checkPrintPalette(context);
    await checkFocus(context);
    await checkSearch(context);
    await checkReaderWords(browser, names);
    await checkPhoneFigures(context, names);
    await checkTargets(context, names);
    await checkScreenReaders(context, names);
    await checkPrint(context);
    await checkPrintAndType({ context, siteDir, artefacts, check, visit, DESKTOP, PHONE, names });
    await checkPlots({ context, artefacts, check, visit, DESKTOP, PHONE, names });
    await play(context);
    let before = failed;
    await checkInvestigate(context);
    console.log(`the investigate page: ${before === failed ? "ok" : "FAILED"}`);
    if (process.env.BOARDS_SITE) {
      before = failed;
      await checkPieceBoards(context, process.env.BOARDS_SITE);
      console.log(`Hackenbush boards (${process.env.BOARDS_SITE}): ${before === failed ? "ok" : "FAILED"}`);
    }
  } finally {
    await browser.close();
  }
  console.log(`screenshots in ${artefacts}`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exitCode = failed === 0 ? 0 : 1;
}

main().catch((err) => {
  console.error(err);
  console.log(`${passed} passed, ${failed + 1} failed`);
  process.exit(1);
});
