// Issue 27 §3, plots as a reader sees them (called from check-site.mjs's main): every
// `figure.plot-figure` of every page, at desktop and phone width, light and dark, has its drawing
// visible and within the text column (no sideways scrolling), its axis labels at least 9 px tall
// as drawn, each series' colour at 3:1 contrast or more against the page, a legend entry a
// series and a table a size; a screenshot of each plot in each of the four views is saved.

import path from "node:path";

// What the page holds of its plots, as laid out.
function plotFacts() {
  const rgb = (c) => (c.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
  const luminance = ([r, g, b]) => {
    const f = (v) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const contrast = (a, b) => {
    const [x, y] = [luminance(rgb(a)), luminance(rgb(b))].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05);
  };
  const paper = getComputedStyle(document.body).backgroundColor;
  const column = document.querySelector("article, main") ?? document.body;
  const c = column.getBoundingClientRect();
  return [...document.querySelectorAll("figure.plot-figure")].map((fig) => {
    const svg = fig.querySelector("svg.plot");
    const r = svg.getBoundingClientRect();
    const scale = r.width / svg.viewBox.baseVal.width;
    const labels = [...svg.querySelectorAll("text")].map((t) => parseFloat(t.getAttribute("font-size")) * scale);
    const series = [...svg.querySelectorAll("g[class^=plot-s]")].map((g) => ({
      colour: getComputedStyle(g).color,
      contrast: contrast(getComputedStyle(g).color, paper),
      points: g.querySelectorAll("circle, rect, path").length,
    }));
    return {
      id: svg.id || svg.querySelector("title")?.id,
      visible: r.width > 0 && r.height > 0 && getComputedStyle(svg).visibility !== "hidden",
      left: r.left - c.left,
      right: c.right - r.right,
      width: r.width,
      smallestLabel: Math.min(...labels),
      series,
      legend: fig.querySelectorAll(".plot-legend li").length,
      rows: fig.querySelectorAll(".plot-table tbody tr").length,
      title: svg.querySelector("title")?.textContent ?? "",
    };
  });
}

export async function checkPlots({ context, artefacts, check, visit, DESKTOP, PHONE, names }) {
  let plots = 0;
  for (const name of names) {
    for (const [label, viewport] of [["desktop", DESKTOP], ["phone", PHONE]]) {
      for (const scheme of ["light", "dark"]) {
        const v = await visit(context, name, viewport);
        await v.page.emulateMedia({ colorScheme: scheme });
        const facts = await v.page.evaluate(plotFacts);
        const scroll = await v.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        facts.forEach((p, k) => {
          const where = `${name} plot ${k + 1} (${label}, ${scheme})`;
          check(p.visible, `${where}: not visible`);
          check(p.left >= -0.5 && p.right >= -0.5, `${where}: reaches past the text column (${p.left.toFixed(0)} / ${p.right.toFixed(0)} px)`);
          check(scroll <= 0, `${where}: the page scrolls sideways by ${scroll} px`);
          check(p.smallestLabel >= 9, `${where}: axis labels drawn ${p.smallestLabel.toFixed(1)} px tall, under 9`);
          check(p.series.length > 0 && p.series.length === p.legend, `${where}: ${p.series.length} series, ${p.legend} legend entries`);
          for (const [i, s] of p.series.entries()) {
            check(s.contrast >= 3, `${where}: series ${i + 1} (${s.colour}) has contrast ${s.contrast.toFixed(2)} against the page, under 3:1`);
          }
          check(p.rows > 0 && p.title.includes("table"), `${where}: no table, or a title that does not point to it`);
        });
        for (let k = 0; k < facts.length; k++) {
          const fig = v.page.locator("figure.plot-figure").nth(k);
          await fig.screenshot({ path: path.join(artefacts, `plot-${name.replace(/\.html$/, "")}-${k + 1}-${label}-${scheme}.png`) });
        }
        if (label === "desktop" && scheme === "light") plots += facts.length;
        await v.page.close();
      }
    }
  }
  console.log(`plots: ${plots} checked at desktop and phone width, light and dark`);
}
