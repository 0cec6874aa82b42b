// Issue 25 §3, print and type, as a reader sees it (called from check-site.mjs's main):
// - a star (∗) reads at the text's size, in the maths and in the text, and is never drawn as an
//   operator; the maths stays typeset (check-site checks every formula);
// - a picture's or a move's name in letters (`LRR`, `2→1`) is code wherever a reader meets it
//   in the text, the claims and the lines of play;
// - lines of play never draw the same start twice in a row;
// - the rules page draws a value the text works out only after the text has worked it out;
// - a worksheet prints three exercises a row on at most 6 A4 pages, its answer key in two
//   columns, under its label, each answer under its exercise's.
// Screenshots of a paragraph with stars (desktop and phone, light and dark), of the rules page
// and of a figure of lines from one start.

import fs from "node:fs";
import path from "node:path";

// The star, in maths and in text, at least this many times the size of the text around it.
const STAR_SCALE = 1.3;

// What the page holds of stars, names and lines of play.
function typeFacts() {
  const ratio = (e) => parseFloat(getComputedStyle(e).fontSize) / parseFloat(getComputedStyle(e.parentElement).fontSize);
  const inMaths = [...document.querySelectorAll("math mi.ast")].map(ratio);
  const inText = [...document.querySelectorAll("span.ast")].map(ratio);
  const operators = [...document.querySelectorAll("math mo")].filter((m) => m.textContent.trim() === "∗").length;
  // Text a reader reads (not code, maths, pictures, the notebook or the census list) naming a
  // picture in letters.
  const bare = [];
  const walker = document.createTreeWalker(document.querySelector("article, main"), NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.parentElement.closest("code, pre, math, svg, script, table.claims, .census-list, .notebook, h1, h2, h3")) continue;
    const m = node.textContent.match(/(?<![\w/#.\-[])[LRG]{2,7}(?![\w-])/);
    if (m) bare.push(`${m[0]} in "${node.textContent.trim().slice(0, 60)}"`);
  }
  // Stars in the text (outside the maths) not drawn at the text's size; the notebook's own
  // columns show what the checker compared, as written, and are left out.
  const textStars = [];
  const all = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = all.nextNode(); node; node = all.nextNode()) {
    if (!node.textContent.includes("∗") || node.parentElement.closest("math, script, style, svg, code, pre, table.claims, span.ast")) continue;
    textStars.push(node.textContent.trim().slice(0, 60));
  }
  const moveNames = [...document.querySelectorAll(".play-caption")]
    .filter((c) => /\d→/.test(c.textContent) && !c.querySelector("code")).map((c) => c.textContent);
  // Two lines of play in a row that open on the same drawing and value.
  const first = (f) => f.querySelector(".play-step")?.outerHTML;
  const repeated = [...document.querySelectorAll("figure.line-of-play")]
    .filter((f) => f.nextElementSibling?.matches("figure.line-of-play") && first(f) === first(f.nextElementSibling)).length;
  const starts = [...document.querySelectorAll(".play-caption")].filter((c) => c.textContent === "At the start").length;
  return { inMaths, inText, operators, textStars, bare, moveNames, repeated, starts };
}

export async function checkPrintAndType({ context, siteDir, artefacts, check, visit, DESKTOP, PHONE, names }) {
  let figures = 0;
  for (const name of names) {
    const v = await visit(context, name, DESKTOP);
    const f = await v.page.evaluate(typeFacts);
    for (const [where, ratios] of [["maths", f.inMaths], ["text", f.inText]]) {
      const small = ratios.filter((r) => r < STAR_SCALE).length;
      check(small === 0, `${name}: ${small} of ${ratios.length} stars in the ${where} smaller than ${STAR_SCALE} times the text`);
    }
    check(f.textStars.length === 0, `${name}: stars in the text at the font's small size: ${f.textStars.slice(0, 3).join("; ")}`);
    check(f.operators === 0, `${name}: ${f.operators} stars drawn as operators (small)`);
    check(f.bare.length === 0, `${name}: pictures named in plain text, not code: ${f.bare.slice(0, 5).join("; ")}`);
    check(f.moveNames.length === 0, `${name}: moves named in plain text in lines of play: ${f.moveNames.slice(0, 3).join("; ")}`);
    check(f.repeated === 0, `${name}: ${f.repeated} lines of play open on the start the line before drew`);
    if (f.starts > 0) console.log(`${name}: ${f.starts} starts drawn in lines of play`);
    figures += f.inMaths.length + f.inText.length;
    await v.page.close();
  }
  console.log(`stars checked at text size: ${figures}`);

  // Screenshots of stars in a paragraph, desktop and phone, light and dark.
  const starred = "green-hackenbush-is-nim.html";
  if (fs.existsSync(path.join(siteDir, starred))) {
    for (const [label, viewport] of [["desktop", DESKTOP], ["phone", PHONE]]) {
      for (const scheme of ["light", "dark"]) {
        const v = await visit(context, starred, viewport);
        await v.page.emulateMedia({ colorScheme: scheme });
        const p = v.page.locator("article p:has(mi.ast)").first();
        await p.screenshot({ path: path.join(artefacts, `stars-${label}-${scheme}.png`) });
        await v.page.close();
      }
    }
  }

  // The rules page works a value out before it draws it: the stalk with a red edge on top (½),
  // beside a red edge (−½), two of them beside a red edge (0), and the blue edge with two reds on
  // top balanced (0), each drawn after the sentence that finds its value.
  if (fs.existsSync(path.join(siteDir, "rules.html"))) {
    const v = await visit(context, "rules.html", DESKTOP);
    const order = await v.page.evaluate(() => {
      const sentence = (text) => [...document.querySelectorAll("article p")].find((p) => p.textContent.replace(/\s+/g, " ").includes(text));
      const cases = [
        ["position-lr", "worth exactly ½ to Left"],
        ["position-lr_r", "Right wins whoever starts, so the picture is worth something to Right"],
        ["position-balance", "Whoever starts loses: the picture is worth 0"],
        ["position-two_reds_balance", "a blue edge with two reds on top is worth ¼ to Left"],
      ];
      return cases.map(([id, text]) => {
        const figure = document.getElementById(id);
        const p = sentence(text);
        const after = Boolean(figure && p && p.compareDocumentPosition(figure) & Node.DOCUMENT_POSITION_FOLLOWING);
        return { id, found: Boolean(figure && p), after };
      });
    });
    for (const c of order) {
      check(c.found && c.after, `rules.html: #${c.id} drawn before the text works its value out (${JSON.stringify(c)})`);
    }
    await v.page.screenshot({ path: path.join(artefacts, "rules-desktop-type.png"), fullPage: true });
    const grouped = v.page.locator("figure.from-one-start").first();
    if (await grouped.count()) await grouped.screenshot({ path: path.join(artefacts, "lines-from-one-start-desktop.png") });
    await v.page.close();
    const phone = await visit(context, "rules.html", PHONE);
    const onPhone = phone.page.locator("figure.from-one-start").first();
    if (await onPhone.count()) await onPhone.screenshot({ path: path.join(artefacts, "lines-from-one-start-phone.png") });
    await phone.page.close();
  }

  // A worksheet prints three exercises a row, each picture inside its box, on at most 6 A4
  // pages (8 with two a row, 11 at first); its answer key, in two columns, under its label,
  // each answer under its exercise's label and no formula wider than its column.
  for (const name of ["worksheet-1.html", "worksheet-2.html"]) {
    if (!fs.existsSync(path.join(siteDir, name))) continue;
    const v = await visit(context, name, DESKTOP);
    await v.page.emulateMedia({ media: "print" });
    await v.page.evaluate(() => document.querySelectorAll("details").forEach((d) => (d.open = false)));
    const key = await v.page.evaluate(() => {
      const shown = (e) => e && getComputedStyle(e).display !== "none" && e.getBoundingClientRect().height > 0;
      const items = [...document.querySelectorAll(".answer-key .key-item")];
      const boxes = [...document.querySelectorAll("section.exercise")];
      const outside = boxes.filter((b) => {
        const box = b.getBoundingClientRect();
        return [...b.querySelectorAll(".exercise-diagram svg")].some((svg) => svg.getBoundingClientRect().right > box.right + 0.5);
      }).map((b) => b.id);
      const columnWidth = items.length ? Math.min(...items.map((i) => i.getBoundingClientRect().width)) : 0;
      const wide = [...document.querySelectorAll(".answer-key math")].filter((m) => m.getBoundingClientRect().width > columnWidth + 0.5).length;
      return {
        label: shown(document.querySelector(".answer-key .answer-key-title")) ? document.querySelector(".answer-key-title").textContent : null,
        items: items.length,
        labelled: items.filter((i) => shown(i.querySelector(".exercise-title"))).length,
        exercises: boxes.length,
        rows: new Set(boxes.map((b) => Math.round(b.getBoundingClientRect().top))).size,
        outside,
        columns: getComputedStyle(document.querySelector(".answer-key")).columnCount,
        wide,
      };
    });
    const pdf = await v.page.pdf({ format: "A4" });
    const pages = (pdf.toString("latin1").match(/\/Type\s*\/Page[^s]/g) ?? []).length;
    console.log(`${name}: ${key.exercises} exercises on ${key.rows} rows, ${pages} A4 pages printed`);
    check(pages <= 6, `${name} (print): ${pages} A4 pages, more than 6`);
    check(key.rows <= Math.ceil(key.exercises / 3) + 2, `${name} (print): ${key.exercises} exercises on ${key.rows} rows, not three a row`);
    check(key.outside.length === 0, `${name} (print): pictures wider than their exercise's box: ${key.outside.join(", ")}`);
    check(key.columns === "2", `${name} (print): the answers in ${key.columns} columns, not 2`);
    check(key.wide === 0, `${name} (print): ${key.wide} formulas of the answers wider than their column`);
    check(key.label === "Answers", `${name} (print): the answer key's label is not printed (${key.label})`);
    check(key.items === key.exercises && key.labelled === key.items,
      `${name} (print): ${key.labelled} of ${key.items} answers printed under their exercise's label (${key.exercises} exercises)`);
    await v.page.close();
  }
}
