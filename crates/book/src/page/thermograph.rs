//! A thermograph drawn as a self-contained SVG element.
//!
//! The one idea: **draw it the way the books do** — temperature up the page, values along it with
//! Left's side (larger values) on the left, the two walls, the mast rising from the temperature
//! with an arrow, and the mean, the temperature and both stops marked on the axes in the maths
//! face. Coordinates come from the exact walls; only the final pixels are rounded.

use crate::site::escape_html as escape;
use hackenbook_games::thermal::{Thermograph, Trajectory};
use hackenbook_games::Dyadic;

/// Width of the plotting area in pixels; the height follows from the same scale.
const PLOT: f64 = 300.0;
const MARGIN_X: f64 = 36.0;
const MARGIN_TOP: f64 = 18.0;
const MARGIN_BOTTOM: f64 = 34.0;
/// Walls, mast and labels take the text colour, so the drawing follows a dark theme.
const INK: &str = "currentColor";
const AXIS: &str = "#6b6b6b";

/// The SVG of `th`, labelled by `title` (e.g. the game in words or notation).
pub fn svg(th: &Thermograph, title: &str, id: &str) -> String {
    let zero = Dyadic::zero();
    // From temperature 0, or from −1 when the game is a number or colder than 0.
    let bottom = if th.temperature < zero {
        Dyadic::integer(-1)
    } else {
        zero.clone()
    };
    let (lo_v, hi_v) = (th.right.at(&bottom).to_f64(), th.left.at(&bottom).to_f64());
    let tau = th.temperature.to_f64();
    let t0 = bottom.to_f64();
    let span_v = (hi_v - lo_v).max(1.0);
    let top = tau.max(0.0) + (span_v / 2.0).max(1.0);
    let (v_min, v_max) = (lo_v - span_v * 0.25, hi_v + span_v * 0.25);
    let scale = PLOT / (v_max - v_min).max(top - t0);
    let width = (v_max - v_min) * scale + 2.0 * MARGIN_X;
    let height = (top - t0) * scale + MARGIN_TOP + MARGIN_BOTTOM;
    // Larger values to the left.
    let x = |v: f64| MARGIN_X + (v_max - v) * scale;
    let y = |t: f64| MARGIN_TOP + (top - t) * scale;
    let wall = |w: &Trajectory| {
        let mut points = vec![(w.at(&bottom).to_f64(), t0)];
        for p in w.pieces() {
            let from = p.from.to_f64();
            if from > t0 && from < tau {
                points.push((p.value.to_f64(), from));
            }
        }
        points.push((th.mean.to_f64(), tau.max(t0)));
        let d: Vec<String> = points
            .iter()
            .map(|&(v, t)| format!("{} {}", num(x(v)), num(y(t))))
            .collect();
        format!("M{}", d.join("L"))
    };
    let mean = th.mean.to_f64();
    let mut out = format!(
        concat!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" class="thermograph" role="img" "#,
            r#"aria-labelledby="{id}-title" viewBox="0 0 {w} {h}" width="{w}" height="{h}">"#,
            "\n<title id=\"{id}-title\">{title}</title>\n",
            r#"<defs><marker id="{id}-arrow" viewBox="0 0 8 8" refX="4" refY="4" markerWidth="7" "#,
            r#"markerHeight="7" orient="auto"><path d="M0 0L8 4L0 8Z" fill="{ink}"/></marker></defs>"#,
            "\n"
        ),
        id = id,
        w = num(width),
        h = num(height),
        title = escape(title),
        ink = INK,
    );
    // Axes: the value axis at the bottom temperature, the temperature axis at value 0 if shown.
    out.push_str(&format!(
        r#"<line class="thermo-axis" x1="{}" y1="{}" x2="{}" y2="{}" stroke="{AXIS}" stroke-width="1"/>"#,
        num(x(v_max)),
        num(y(t0)),
        num(x(v_min)),
        num(y(t0)),
    ));
    out.push('\n');
    if t0 < 0.0 {
        out.push_str(&format!(
            r#"<line class="thermo-axis" x1="{}" y1="{}" x2="{}" y2="{}" stroke="{AXIS}" stroke-width="0.75" stroke-dasharray="3 3"/>"#,
            num(x(v_max)),
            num(y(0.0)),
            num(x(v_min)),
            num(y(0.0)),
        ));
        out.push('\n');
    }
    // The walls, then the mast with its arrow.
    for w in [&th.left, &th.right] {
        out.push_str(&format!(
            r#"<path class="thermo-wall" d="{}" fill="none" stroke="{INK}" stroke-width="2" stroke-linejoin="round"/>"#,
            wall(w)
        ));
        out.push('\n');
    }
    out.push_str(&format!(
        r#"<line class="thermo-mast" x1="{m}" y1="{}" x2="{m}" y2="{}" stroke="{INK}" stroke-width="2" marker-end="url(#{id}-arrow)"/>"#,
        num(y(tau.max(t0))),
        num(y(top) + 2.0),
        m = num(x(mean)),
    ));
    out.push('\n');
    // The mean, dotted down to the value axis.
    out.push_str(&format!(
        r#"<line class="thermo-mean" x1="{m}" y1="{}" x2="{m}" y2="{}" stroke="{AXIS}" stroke-width="1" stroke-dasharray="2 3"/>"#,
        num(y(tau.max(t0))),
        num(y(t0)),
        m = num(x(mean)),
    ));
    out.push('\n');
    // Labels on the value axis: the stops at the bottom and the mean, without collisions.
    let mut labelled: Vec<f64> = Vec::new();
    let stops = [&th.left.at(&bottom), &th.mean, &th.right.at(&bottom)];
    for v in stops {
        let px = x(v.to_f64());
        if labelled.iter().any(|&q| (q - px).abs() < 24.0) {
            continue;
        }
        labelled.push(px);
        out.push_str(&label(px, y(t0) + 18.0, &numeral(v), "middle"));
    }
    // The temperature, on the left of the mast's foot, when the game is hot.
    if th.temperature > zero {
        out.push_str(&label(
            x(v_max) - 4.0,
            y(tau) + 4.0,
            &format!("t = {}", numeral(&th.temperature)),
            "start",
        ));
        out.push_str(&format!(
            r#"<line class="thermo-axis" x1="{}" y1="{t}" x2="{}" y2="{t}" stroke="{AXIS}" stroke-width="0.75" stroke-dasharray="1 3"/>"#,
            num(x(v_max) + 40.0),
            num(x(mean)),
            t = num(y(tau)),
        ));
        out.push('\n');
    }
    out.push_str("</svg>");
    out
}

fn label(x: f64, y: f64, text: &str, anchor: &str) -> String {
    format!(
        concat!(
            r#"<text class="thermo-label" x="{}" y="{}" text-anchor="{}" "#,
            r#"font-family="NewCM Math, math, serif" font-size="14" fill="{}">{}</text>"#,
            "\n"
        ),
        num(x),
        num(y),
        anchor,
        INK,
        escape(text)
    )
}

/// A dyadic as a reader writes it: `−3/4`, `2`.
fn numeral(v: &Dyadic) -> String {
    v.to_string().replace('-', "\u{2212}")
}

/// A coordinate to a tenth of a pixel, as the drawings write them.
pub(super) fn num(v: f64) -> String {
    if !v.is_finite() {
        return "0".into();
    }
    let r = (v * 10.0).round() / 10.0;
    if r == 0.0 {
        "0".into()
    } else {
        format!("{r}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hackenbook_games::notation::{eval, parse_expr};
    use hackenbook_games::Games;

    fn drawn(text: &str) -> String {
        let mut games = Games::new();
        let g = eval(&parse_expr(text).unwrap(), &mut games, &mut |_| None).unwrap();
        svg(&games.thermograph(g), text, "t")
    }

    #[test]
    fn a_switch_has_two_straight_walls_meeting_at_the_mast() {
        let s = drawn("{4|-2}");
        // Each wall is one straight stretch from the stops to the mast's foot.
        let walls: Vec<&str> = s.lines().filter(|l| l.contains("thermo-wall")).collect();
        assert_eq!(walls.len(), 2);
        for w in &walls {
            assert_eq!(w.matches('L').count(), 1, "{w}");
        }
        // Stops, mean and temperature are labelled.
        for text in [">4<", ">1<", ">\u{2212}2<", "t = 3"] {
            assert!(s.contains(text), "{text} missing in {s}");
        }
    }

    #[test]
    fn a_wall_with_a_kink_has_a_corner() {
        // {{3|1}|-1}: the left wall is flat at 1 up to t = 1, then falls to the mean 1/2 at 3/2.
        let s = drawn("{{3|1}|-1}");
        let left = s.lines().find(|l| l.contains("thermo-wall")).unwrap();
        assert_eq!(left.matches('L').count(), 2, "{left}");
        assert!(s.contains("t = 3/2"));
    }

    #[test]
    fn a_number_is_a_mast_from_minus_one() {
        let s = drawn("3/4");
        assert!(s.contains(">3/4<"));
        assert!(!s.contains("t = "), "a number is not hot");
    }
}
