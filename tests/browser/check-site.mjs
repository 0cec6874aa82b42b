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
  const skip = "code, pre, annotation, annotation-xml, script, style, title, desc";
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const rawTex = [];
  // Dollar-delimited maths or a TeX command left in the prose means a formula was not rendered.
  const texLike = /\$[^$\s][^$]*\$|\\(frac|tfrac|mid|pm|uparrow|downarrow|left|right|[a-zA-Z]{2,})\b/;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.parentElement?.closest(skip)) continue;
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
  const maths = [...document.querySelectorAll("math")].map((m) => ({
    tex: m.querySelector("annotation")?.textContent ?? "",
    display: m.getAttribute("display") === "block",
    font: getComputedStyle(m).fontFamily,
    ...box(m),
  }));
  const diagrams = [...document.querySelectorAll("svg.hb-diagram, figure.position svg")].map((s) => ({
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
