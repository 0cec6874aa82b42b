//! A plot of shares size by size, drawn as a figure: a legend in HTML (it reflows and keeps the
//! text's size on a phone), an SVG of one line a series over the sizes, each series with its own
//! colour, mark and dash (so colour is never the only difference), and the figures as a table
//! for anyone who cannot see the drawing. Each series takes a colour of the site's diagram
//! palette (`var(--hb-blue)`…), so the dark theme lifts it; axes and labels take the text
//! colour. Its few styles are written on the figure, not in the stylesheet: every page loads the
//! stylesheet, and pages near the 500 KB budget should not pay for plots they do not have.

use super::thermograph::num;
use crate::check::plot::PlotOutcome;
use crate::site::escape_html as escape;

const WIDTH: f64 = 400.0;
const HEIGHT: f64 = 240.0;
const LEFT: f64 = 46.0;
const RIGHT: f64 = 14.0;
const TOP: f64 = 12.0;
const BOTTOM: f64 = 40.0;
/// Grid lines and axes: a grey that reads on either paper.
const AXIS: &str = "#8c8c8c";
/// Each series' dash pattern, in the order of the block (none for the first).
const DASHES: [&str; 6] = ["", "6 3", "2 3", "8 3 2 3", "4 4", "1 2"];
/// Each series' colour, in the order of the block: the site's palette, which the dark theme
/// lifts.
const COLOURS: [&str; 6] = [
    "--hb-blue",
    "--hb-green",
    "--muted",
    "--hb-red",
    "--link",
    "--ink",
];

/// The style attribute that gives series `k` its colour.
fn colour(k: usize) -> String {
    format!(" style=\"color:var({})\"", COLOURS[k % COLOURS.len()])
}

/// The figure for `plot`: legend, drawing and table. `id` is unique in the page.
pub fn figure(plot: &PlotOutcome, id: &str) -> String {
    let shares = percentages(plot);
    let mut out = String::from(concat!(
        "<figure class=\"plot-figure\" style=\"margin:1.5em 0;text-align:center\">\n",
        "<ul class=\"plot-legend\" style=\"list-style:none;margin:0;padding:0;display:flex;",
        "flex-wrap:wrap;justify-content:center;gap:0 1.2em\">"
    ));
    for (k, s) in plot.series.iter().enumerate() {
        out.push_str(&format!(
            "<li class=\"plot-s{n}\"{c}><svg width=\"28\" height=\"12\" viewBox=\"0 0 28 12\" aria-hidden=\"true\" style=\"margin-right:.4em\">\
             <line x1=\"1\" y1=\"6\" x2=\"27\" y2=\"6\" stroke=\"currentColor\" stroke-width=\"2\"{dash}/>{mark}</svg>{label}</li>",
            n = k + 1,
            c = colour(k),
            dash = dash_attr(k),
            mark = mark(k, 14.0, 6.0),
            label = escape(&s.label),
        ));
    }
    out.push_str("</ul>\n");
    out.push_str(&svg(plot, &shares, id));
    let caption = plot
        .caption
        .clone()
        .unwrap_or_else(|| "Shares size by size".to_string());
    out.push_str(&format!(
        "<figcaption style=\"font-size:.9em\">{}</figcaption>\n",
        escape(&caption)
    ));
    out.push_str(&table(plot, &shares, &caption));
    out.push_str("</figure>\n");
    out
}

/// Each series' share at each size as a percentage (`None` where the size has no member).
fn percentages(plot: &PlotOutcome) -> Vec<Vec<Option<f64>>> {
    plot.series
        .iter()
        .map(|s| {
            s.points
                .iter()
                .map(|(part, whole)| percent(part, whole))
                .collect()
        })
        .collect()
}

/// `part / whole` as a percentage, for drawing and printing (the counts themselves are exact).
fn percent(part: &str, whole: &str) -> Option<f64> {
    let (p, w): (f64, f64) = (part.parse().ok()?, whole.parse().ok()?);
    (w > 0.0).then(|| 100.0 * p / w)
}

/// The largest share shown and the step between grid lines, both in per cent.
fn y_scale(shares: &[Vec<Option<f64>>]) -> (f64, f64) {
    let most = shares
        .iter()
        .flatten()
        .flatten()
        .fold(0.0f64, |a, &b| a.max(b));
    let step = [1.0, 2.0, 5.0, 10.0, 20.0, 25.0]
        .into_iter()
        .find(|s| most / s <= 5.0)
        .unwrap_or(25.0);
    let top = ((most / step).ceil() * step).max(step).min(100.0);
    (top, step)
}

fn svg(plot: &PlotOutcome, shares: &[Vec<Option<f64>>], id: &str) -> String {
    let (top, step) = y_scale(shares);
    let first = plot.sizes.first().copied().unwrap_or(1) as f64;
    let last = plot.sizes.last().copied().unwrap_or(1) as f64;
    let span = (last - first).max(1.0);
    let x = |n: f64| LEFT + (n - first) / span * (WIDTH - LEFT - RIGHT);
    let y = |p: f64| TOP + (top - p) / top * (HEIGHT - TOP - BOTTOM);
    let summary: Vec<String> = plot.series.iter().map(|s| s.label.clone()).collect();
    let mut out = format!(
        concat!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" class="plot" role="img" aria-labelledby="{id}-title" "#,
            r#"viewBox="0 0 {w} {h}" width="{w}" height="{h}" fill="currentColor" "#,
            r#"style="display:block;width:100%;max-width:30rem;height:auto;margin:0 auto">"#,
            "\n<title id=\"{id}-title\">{title}</title>\n"
        ),
        id = id,
        w = WIDTH,
        h = HEIGHT,
        title = escape(&format!(
            "Share of each size, by number of edges from {} to {}: {} (the figures are in the table below)",
            first,
            last,
            summary.join("; ")
        )),
    );
    // Grid and the share axis. The grid lines are one path and the base line with the size
    // ticks another (a line element each would weigh on the page for nothing).
    let mut grid = String::new();
    let mut axis = format!("M{} {}H{}", num(LEFT), num(y(0.0)), num(WIDTH - RIGHT));
    let mut p = step;
    while p <= top + 1e-9 {
        grid.push_str(&format!(
            "M{} {}H{}",
            num(LEFT),
            num(y(p)),
            num(WIDTH - RIGHT)
        ));
        p += step;
    }
    out.push_str(&format!(
        r#"<path d="{grid}" stroke="{AXIS}" stroke-width="0.5"/>"#
    ));
    let mut p = 0.0;
    while p <= top + 1e-9 {
        out.push_str(&text(
            LEFT - 6.0,
            y(p) + 4.0,
            &format!("{}%", num(p)),
            "end",
        ));
        p += step;
    }
    // The size axis: a tick every one, two, five or ten edges.
    let every = [1usize, 2, 5, 10]
        .into_iter()
        .find(|e| plot.sizes.len() / e <= 10)
        .unwrap_or(10);
    for &n in &plot.sizes {
        // Multiples of the step only: a tick at the first size too would crowd the next.
        if n % every != 0 {
            continue;
        }
        let px = x(n as f64);
        axis.push_str(&format!("M{} {}v4", num(px), num(y(0.0))));
        out.push_str(&text(px, y(0.0) + 17.0, &n.to_string(), "middle"));
    }
    out.push_str(&format!(
        r#"<path d="{axis}" stroke="{AXIS}" stroke-width="1"/>"#
    ));
    out.push_str(&text(
        (LEFT + WIDTH - RIGHT) / 2.0,
        HEIGHT - 4.0,
        "edges",
        "middle",
    ));
    out.push('\n');
    // One line a series, a mark at each point.
    for (k, series) in shares.iter().enumerate() {
        let points: Vec<(f64, f64)> = plot
            .sizes
            .iter()
            .zip(series)
            .filter_map(|(&n, s)| s.map(|s| (x(n as f64), y(s))))
            .collect();
        let d: Vec<String> = points
            .iter()
            .map(|&(a, b)| format!("{},{}", num(a), num(b)))
            .collect();
        // The mark is a marker at every vertex, defined inside the series' group so that it
        // takes the group's colour: one mark in the file a series, not one a point.
        let marker = format!("{id}-m{}", k + 1);
        out.push_str(&format!(
            concat!(
                r#"<g class="plot-s{n}"{c}><marker id="{m}" viewBox="-5 -5 10 10" markerWidth="10" markerHeight="10" "#,
                r#"markerUnits="userSpaceOnUse">{mark}</marker><polyline points="{p}" fill="none" stroke="currentColor" "#,
                r#"stroke-width="2" stroke-linejoin="round"{dash} marker-start="url(#{m})" marker-mid="url(#{m})" marker-end="url(#{m})"/></g>"#,
                "\n"
            ),
            p = d.join(" "),
            n = k + 1,
            c = colour(k),
            m = marker,
            mark = mark(k, 0.0, 0.0),
            dash = dash_attr(k),
        ));
    }
    out.push_str("</svg>\n");
    out
}

/// The figures as a table, folded under the drawing.
fn table(plot: &PlotOutcome, shares: &[Vec<Option<f64>>], caption: &str) -> String {
    let mut out = format!(
        "<details class=\"plot-table\" style=\"font-size:.9em\"><summary>The figures as a table</summary>\n<table style=\"margin:.5em auto\">\n<caption>{}</caption>\n<thead><tr><th scope=\"col\">edges</th>",
        escape(caption)
    );
    for s in &plot.series {
        out.push_str(&format!("<th scope=\"col\">{}</th>", escape(&s.label)));
    }
    out.push_str("</tr></thead>\n<tbody>\n");
    for (i, n) in plot.sizes.iter().enumerate() {
        out.push_str(&format!("<tr><th scope=\"row\">{n}</th>"));
        for series in shares {
            let cell = series[i].map_or("–".to_string(), shown);
            out.push_str(&format!("<td>{cell}</td>"));
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</tbody>\n</table></details>\n");
    out
}

/// A share as the table prints it: three significant figures, `0%` and `100%` only when exact.
fn shown(p: f64) -> String {
    if p == 0.0 || p == 100.0 {
        return format!("{p}%");
    }
    let places = (2 - p.abs().log10().floor() as i32).clamp(0, 6) as usize;
    let mut s = format!("{p:.places$}");
    // Rounding never makes a share none or all.
    if s.trim_start_matches(['0', '.']).is_empty() {
        s = format!("{p:.6}");
    } else if s.starts_with("100") {
        s = "99.9".to_string();
    }
    format!("{s}%")
}

fn dash_attr(k: usize) -> String {
    match DASHES[k % DASHES.len()] {
        "" => String::new(),
        d => format!(" stroke-dasharray=\"{d}\""),
    }
}

/// Series `k`'s mark at `(x, y)`: a circle, square, triangle, diamond, cross or ring.
fn mark(k: usize, x: f64, y: f64) -> String {
    let (a, b) = (num(x), num(y));
    match k % 6 {
        0 => format!(r#"<circle cx="{a}" cy="{b}" r="3" fill="currentColor"/>"#),
        1 => format!(
            r#"<rect x="{}" y="{}" width="6" height="6" fill="currentColor"/>"#,
            num(x - 3.0),
            num(y - 3.0)
        ),
        2 => format!(
            r#"<path d="M{a} {}l3.5 6h-7z" fill="currentColor"/>"#,
            num(y - 3.5)
        ),
        3 => format!(
            r#"<path d="M{a} {}l4 4l-4 4l-4-4z" fill="currentColor"/>"#,
            num(y - 4.0)
        ),
        4 => format!(
            r#"<path d="M{} {}l6 6m0-6l-6 6" stroke="currentColor" stroke-width="1.5"/>"#,
            num(x - 3.0),
            num(y - 3.0)
        ),
        _ => format!(
            r#"<circle cx="{a}" cy="{b}" r="3" fill="none" stroke="currentColor" stroke-width="1.5"/>"#
        ),
    }
}

fn text(x: f64, y: f64, words: &str, anchor: &str) -> String {
    format!(
        r#"<text x="{}" y="{}" text-anchor="{anchor}" font-size="13">{}</text>"#,
        num(x),
        num(y),
        escape(words)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::plot::Series;

    fn plot() -> PlotOutcome {
        PlotOutcome {
            caption: Some("Shares <by> size".into()),
            sizes: vec![1, 2, 3],
            series: vec![
                Series {
                    label: "Left wins".into(),
                    points: vec![
                        ("1".into(), "2".into()),
                        ("3".into(), "8".into()),
                        ("20".into(), "40".into()),
                    ],
                },
                Series {
                    label: "worth 0".into(),
                    points: vec![
                        ("0".into(), "2".into()),
                        ("2".into(), "8".into()),
                        ("0".into(), "0".into()),
                    ],
                },
            ],
        }
    }

    #[test]
    fn each_point_is_drawn_and_tabled_and_an_empty_size_is_left_out() {
        let html = figure(&plot(), "p1");
        // Three points of the first series, two of the second (its third size has no member),
        // each series with its own mark.
        let points = |n: usize| {
            let g = html
                .lines()
                .find(|l| l.contains(&format!("<g class=\"plot-s{n}\" style")))
                .unwrap();
            let p = g
                .split("points=\"")
                .nth(1)
                .unwrap()
                .split('"')
                .next()
                .unwrap();
            (p.split(' ').count(), g.to_string())
        };
        let (first, g1) = points(1);
        let (second, g2) = points(2);
        assert_eq!((first, second), (3, 2), "{g1}\n{g2}");
        assert!(g1.contains("<circle") && g2.contains("<rect"), "{g1}\n{g2}");
        for cell in [
            "<td>50.0%</td>",
            "<td>37.5%</td>",
            "<td>0%</td>",
            "<td>25.0%</td>",
            "<td>–</td>",
        ] {
            assert!(html.contains(cell), "{cell} missing in {html}");
        }
        // The caption is escaped; the legend names both series.
        assert!(html.contains("Shares &lt;by&gt; size"));
        assert!(html.contains("Left wins</li>") && html.contains("worth 0</li>"));
    }

    #[test]
    fn a_tiny_share_is_never_printed_as_none() {
        assert_eq!(shown(0.0004), "0.000400%");
        assert_eq!(shown(0.24), "0.240%");
        assert_eq!(shown(99.9999), "99.9%");
        assert_eq!(shown(45.03), "45.0%");
    }
}
