// Opens every page of a built hackenbook site in headless Chromium and checks what a reader
// would see: every formula typeset (no raw TeX, no KaTeX error box, every <math> laid out),
// every diagram visible, the fonts loaded from the site's own folder, nothing requested from
// outside the site, no console errors, no broken internal links, no sideways scrolling on a
// phone. Saves a desktop and a phone screenshot of each page as artefacts.
//
// Usage: node tests/browser/check-site.mjs SITE_DIR [ARTEFACT_DIR]
//   (after `npm ci --prefix tests/browser`; Chromium from apt: /usr/bin/chromium, or $CHROMIUM)
// Ends with the line "N passed, M failed" and exits non-zero if anything failed.

import { chromium } from "playwright-core";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const siteDir = path.resolve(process.argv[2] ?? "site");
const artefacts = path.resolve(process.argv[3] ?? path.join(here, "artefacts"));
const executablePath = process.env.CHROMIUM ?? "/usr/bin/chromium";

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
// The faces the stylesheet declares; each page must load the text face and, with maths, the
// maths face.
const TEXT_FONT = "Libertinus Serif";
const MATHS_FONT = "NewCM Math";

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
  const maths = [...document.querySelectorAll("math")].filter(shown).map((m) => ({
    tex: m.querySelector("annotation")?.textContent ?? "",
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
  const problems = { console: [], outside: [], failedRequests: [], fontFiles: [] };
  page.on("console", (msg) => {
    if (msg.type() === "error") problems.console.push(msg.text());
  });
  page.on("pageerror", (err) => problems.console.push(String(err)));
  page.on("requestfailed", (req) => problems.failedRequests.push(req.url()));
  await page.route("**/*", (route) => {
    const url = route.request().url();
    if (isInsideSite(url)) {
      if (/\.(otf|ttf|woff2?)$/.test(url)) problems.fontFiles.push(url);
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

function checkPage(name, { facts, problems }, pageIds) {
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
