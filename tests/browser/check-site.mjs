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
// wins; a game by keyboard alone; screenshots mid-game at desktop and phone width.
//
// Usage: node tests/browser/check-site.mjs SITE_DIR [ARTEFACT_DIR]
//   (after `npm ci --prefix tests/browser`; Chromium from apt: /usr/bin/chromium, or $CHROMIUM)
// Ends with the line "N passed, M failed" and exits non-zero if anything failed.

import { chromium } from "playwright-core";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { execFileSync } from "node:child_process";

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
  const maths = [...document.querySelectorAll("math")].filter((m) => shown(m) && !m.closest("[hidden]")).map((m) => ({
    tex: m.textContent.trim().slice(0, 60),
    display: m.getAttribute("display") === "block",
    font: getComputedStyle(m).fontFamily,
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
    await v.page.keyboard.press("Tab");
    await v.page.keyboard.press("Tab");
    const focused = await v.page.evaluate(() => document.activeElement?.matches("form.site-search input") ?? false);
    check(focused, `search (${label}): the second Tab does not reach the search box`);
    await v.page.keyboard.type(SEARCH.query);
    const first = v.page.locator(".site-search-results a").first();
    await first.waitFor({ state: "visible", timeout: 5000 }).catch(() => {});
    const hrefs = await v.page.$$eval(".site-search-results a", (as) => as.map((a) => a.getAttribute("href")));
    check(hrefs[0] === SEARCH.href, `search (${label}): first result for "${SEARCH.query}" is ${hrefs[0]}, not ${SEARCH.href}`);
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

// Exercises: an answer typed in another spelling of the same game is marked right, a wrong one
// wrong; on a find-a-winning-move exercise, a click on a winning edge is right and on a losing
// edge wrong. The expected answers are the ones the build embedded (data-exercise).
async function checkExercises(context) {
  const answers = [
    // page, exercise, typed answer, right?
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
  ];
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
        return form.querySelector("output").getAttribute("data-verdict");
      },
      [id, typed],
    );
    check(verdict === (right ? "right" : "wrong"), `${name} #${id}: "${typed}" marked ${verdict}, expected ${right ? "right" : "wrong"}`);
  }
  // Every find-a-winning-move exercise: a winning edge and (where the mover has one) a losing one.
  for (const name of ["worksheet-1.html", "worksheet-2.html"]) {
    if (!fs.existsSync(path.join(siteDir, name))) continue;
    const { page } = await open(name);
    const moves = await page.evaluate(() =>
      [...document.querySelectorAll("section.exercise[data-exercise]")]
        .map((s) => ({ id: s.id, data: JSON.parse(s.getAttribute("data-exercise")) }))
        .filter((e) => e.data.kind === "move"),
    );
    check(moves.length > 0, `${name}: no find-a-winning-move exercise`);
    for (const { id, data } of moves) {
      const losing = data.legal.find((e) => !data.winning.includes(e));
      for (const [edge, expected] of [[data.winning[0], "right"], [losing, "wrong"]]) {
        if (edge === undefined) continue;
        const at = await page.evaluate(
          ([id, edge]) => {
            const svg = document.querySelector(`#${id} .exercise-diagram svg`);
            svg.scrollIntoView({ block: "center" });
            const path = svg.querySelector(`.hb-edge[data-edge="${edge}"]`);
            const p = path.getPointAtLength(path.getTotalLength() / 2);
            const screen = new DOMPoint(p.x, p.y).matrixTransform(path.getScreenCTM());
            return { x: screen.x, y: screen.y };
          },
          [id, edge],
        );
        await page.mouse.click(at.x, at.y);
        const verdict = await page.evaluate(
          (id) => document.querySelector(`#${id} .exercise-try output`).getAttribute("data-verdict"),
          id,
        );
        check(verdict === expected, `${name} #${id}: a click on edge ${edge} (${data.names[edge]}) marked ${verdict}, expected ${expected}`);
      }
    }
    // From the keyboard: focus the winning edge and press Enter.
    const first = moves[0];
    await page.focus(`#${first.id} .hb-edge[data-edge="${first.data.winning[0]}"]`);
    await page.keyboard.press("Enter");
    const byKey = await page.evaluate(
      (id) => document.querySelector(`#${id} .exercise-try output`).getAttribute("data-verdict"),
      first.id,
    );
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

// ---- Play in the page ----

// Diagrams from the essays, with the notation they are written in (the test asks the solver for
// the same position and checks that the page's table agrees with it: same colours, same count).
const PLAYED = {
  blueRed: { page: "hackenbush-is-a-numeral.html", id: "position-eight", notation: "LRLRRLLR" },
  green: { page: "green-hackenbush-is-nim.html", id: "position-nim", notation: "GGG GGGGG GGGGGG" },
  childish: { page: "the-mixed-case.html", id: "position-balance_childish", notation: "LR LR R", childish: true },
  cyclic: {
    page: "the-cycle.html",
    id: "position-triangle_bed",
    notation: "g-a L, g-b L, g-e L, a-c R, b-d R, e-f R, c-d R, d-f R, f-c R",
  },
  // Worth 0: whoever starts loses, so the reader starts; every reply of the solver must be exact.
  solverWins: { page: "green-hackenbush-is-nim.html", id: "position-nim", notation: "GGG GGGGG GGGGGG" },
  keyboard: { page: "the-cycle.html", id: "position-bed", notation: "g-a L, g-b L, a-c R, b-d R, c-d R" },
};

// The solver's table of a diagram: `hackenbook play --json`.
function solverTable(d) {
  const args = ["play", d.notation, "--json", ...(d.childish ? ["--childish"] : [])];
  const table = JSON.parse(execFileSync(hackenbook, args, { encoding: "utf8", cwd: repo }));
  const bySet = new Map(table.positions.map((e, i) => [e.set, i]));
  return { ...table, bySet };
}

// What the page shows of a figure in play: the edges standing, the value shown, the words said.
function shownState(id) {
  const fig = document.getElementById(id);
  let set = 0;
  for (const hit of fig.querySelectorAll(".hb-hit")) {
    if (!hit.classList.contains("hb-fallen")) set |= 1 << Number(hit.dataset.edge);
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
    focused: document.activeElement?.closest(`#${CSS.escape(id)}`) ? document.activeElement.dataset.edge ?? document.activeElement.textContent : null,
  };
}

// Clicks the middle of edge k where the reader sees it (a mouse click at that point of the page,
// so the page's own hit-testing decides what is cut).
async function clickEdge(v, d, k) {
  const point = await v.page.evaluate(
    ([id, k]) => {
      const edge = document.querySelector(`#${CSS.escape(id)} path.hb-edge[data-edge="${k}"]`);
      edge.scrollIntoView({ block: "center" });
      const p = edge.getPointAtLength(edge.getTotalLength() / 2);
      const m = edge.getScreenCTM();
      return { x: m.a * p.x + m.c * p.y + m.e, y: m.b * p.x + m.d * p.y + m.f };
    },
    [d.id, k],
  );
  await v.page.mouse.click(point.x, point.y);
}

async function openFigure(context, d, viewport = DESKTOP) {
  const v = await visit(context, d.page, viewport);
  const fig = v.page.locator(`#${d.id}`);
  const table = solverTable(d);
  const pageTable = await fig.getAttribute("data-play");
  const [, colours, , , count] = (pageTable ?? "").split(";");
  check(
    colours === table.edges.map((e) => e.colour).join("") && Number(count) === table.positions.length,
    `${d.page}#${d.id}: the page's table is not the solver's for ${d.notation} (${colours}, ${count} entries)`,
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

async function play(context) {
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
      const stem = name.replace(/\.html$/, "");
      await v.page.screenshot({ path: path.join(artefacts, `${stem}-desktop.png`), fullPage: true });
      await v.page.close();

      const phone = await visit(context, name, PHONE);
      check(
        phone.facts.scrollWidth <= phone.facts.clientWidth,
        `${name}: scrolls sideways on a phone (${phone.facts.scrollWidth} > ${phone.facts.clientWidth})`,
      );
      await phone.page.screenshot({ path: path.join(artefacts, `${stem}-phone.png`), fullPage: true });
      await phone.page.close();
    }
    await checkExercises(context);
    await checkSearch(context);
    await play(context);
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
