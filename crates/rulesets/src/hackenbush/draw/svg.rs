//! Writing a [`Layout`] as an accessible SVG element inside an HTML page (no `xmlns`: the HTML
//! parser gives inline `<svg>` its namespace).
//!
//! The one idea: **colour is never the only signal.** Each Hackenbush colour has its own stroke
//! *pattern* as well as its own hue, so a diagram still reads in grey-scale print and for readers
//! who cannot tell the hues apart:
//!
//! | colour | hue (Okabe–Ito)       | pattern                                         |
//! |--------|-----------------------|-------------------------------------------------|
//! | blue   | `#0072B2` blue        | solid, 3 units                                  |
//! | red    | `#C8102E` red         | double line: 7.5 stroke with a white 2.5 core   |
//! | green  | `#007A5A` bluish green| dashed (7 on, 4 off), 3 units                   |
//!
//! (Blue and green are Okabe–Ito hues, the green darkened for contrast on white; the red is a
//! true red, since Okabe–Ito's vermilion reads as orange beside the text, and the double line
//! tells it from the others for readers who cannot tell the hues apart.) An edge is 34 units
//! long, and the drawing's size is given in `em` ([`EDGE_EM`] per edge), so diagrams grow
//! with the text.
//!
//! The drawing is painted by the site's stylesheet, not by attributes on every element: a page
//! holds hundreds of edges, and the same five attributes on each were a fifth of its weight. The
//! paint of each class is [`STYLE`], which the site writes at the head of its `style.css` (and
//! the mdBook chapters carry in a `<style>`). Classes: `hb-diagram` (the root), `hb-edge` plus one of
//! `hb-blue`/`hb-red`/`hb-green` (one element per edge), `hb-core` (the white core of a red
//! edge); in a whole diagram ([`svg`]) every edge element and core carries `data-edge="N"`, N
//! the edge's index in the position as written (the numbering of play tables), while a board's
//! parts ([`parts_standing`]) leave it to the item that holds each edge (`edge-N`), a dozen
//! bytes an edge; `hb-ground`, `hb-hatch`, `hb-node`. The
//! output is deterministic (no ids), numbers are printed as whole drawing units.

use super::layout::{layout, Layout, NodeSpot};
use super::shapes::{EdgeShape, Path};
use super::{Picture, Point};
use crate::hackenbush::Colour;

/// Drawing units per edge length (the viewBox's scale).
pub const UNIT: f64 = 34.0;
/// How long an edge is drawn, in `em` of the surrounding text.
pub const EDGE_EM: f64 = 1.7;
/// Empty space around the ink, in pixels.
const MARGIN: f64 = 12.0;
/// Depth of the hatching under the ground line, in pixels.
const HATCH: f64 = 7.0;
/// Largest rendered size; bigger drawings keep their viewBox and are scaled down to fit.
const MAX_WIDTH: f64 = 960.0;
const MAX_HEIGHT: f64 = 720.0;

/// The paint of the diagram's classes (`diagram.css`), which the site writes at the head of its
/// stylesheet (the colours are the stylesheet's custom properties, so the dark theme can lift
/// them). Widths are in the viewBox's units.
pub const STYLE: &str = include_str!("diagram.css");

/// How much a drawing of `w` by `h` units is scaled on the page: oversized drawings are scaled
/// down as a whole (the view box keeps the geometry), others drawn at `EDGE_EM` an edge.
pub fn fit(w: f64, h: f64) -> f64 {
    (MAX_WIDTH / w).min(MAX_HEIGHT / h).min(1.0)
}

/// The picture as an inline `<svg>` element, named by `title` and described by `description`
/// (its `<title>` and `<desc>`, which give an `<svg role="img">` its accessible name and
/// description: no ids are needed, so equal inputs give byte-identical output). No `<desc>` when
/// `description` is empty; with no `title`, the drawing is hidden from screen readers (the words
/// beside it say what it shows).
pub fn svg(picture: &Picture, title: &str, description: &str) -> String {
    let layout = layout(picture);
    let body = body(&layout);
    wrap(&layout, &body, title, description)
}

/// One frame of play: the whole picture is laid out, but only the edges marked in `standing`
/// are drawn (with the nodes they touch), in the whole picture's frame. The frames of a line of
/// play thus share one layout and one size: an edge stays where it was while others are cut.
pub fn svg_standing(
    picture: &Picture,
    standing: &[bool],
    title: &str,
    description: &str,
) -> String {
    let layout = layout_standing(picture, standing);
    let body = body(&layout);
    wrap(&layout, &body, title, description)
}

/// The whole picture's layout with only the edges marked in `standing` (and the nodes they
/// touch) kept.
fn layout_standing(picture: &Picture, standing: &[bool]) -> Layout {
    let mut layout = layout(picture);
    let stands = |e: usize| standing.get(e).copied().unwrap_or(false);
    layout.edges.retain(|shape| stands(shape.index));
    let touched = touched(picture, standing);
    layout
        .nodes
        .retain(|spot| touched.get(spot.node).copied().unwrap_or(false));
    layout
}

/// Per node of the picture, whether an edge marked in `standing` touches it: the nodes a frame
/// of play shows.
pub fn touched(picture: &Picture, standing: &[bool]) -> Vec<bool> {
    let mut touched = vec![false; picture.node_count];
    for (e, &(a, b, _)) in picture.edges.iter().enumerate() {
        if standing.get(e).copied().unwrap_or(false) {
            for n in [a, b] {
                if let Some(t) = touched.get_mut(n) {
                    *t = true;
                }
            }
        }
    }
    touched
}

/// A frame of play in parts, each apart (for a drawing whose items play shows and hides): what
/// [`svg_standing`] draws together, in the same layout and frame, in drawing units (an edge is
/// 34 long, [`EDGE_EM`] em on the page). A frame in which only some edges stand shows the same
/// parts, less the edges that fell and the nodes no standing edge touches ([`touched`]).
pub struct Parts {
    /// Width and height of the frame.
    pub size: (f64, f64),
    /// The hatching under the ground (drawn first) and the ground line (over the edges' feet).
    pub hatching: String,
    pub ground: String,
    /// Per edge, its index in the picture and its markup.
    pub edges: Vec<(usize, String)>,
    /// Per node an edge touches, its index and its dot (drawn last).
    pub nodes: Vec<(usize, String)>,
}

/// The parts of the whole picture's frame of play, every edge standing.
pub fn parts(picture: &Picture) -> Parts {
    let layout = layout(picture);
    let frame = Frame {
        min: layout.min,
        max: layout.max,
    };
    let (ground, hatching) = ground(&frame, layout.ground);
    Parts {
        size: (frame.width(), frame.height()),
        hatching,
        ground,
        edges: layout
            .edges
            .iter()
            .map(|edge| (edge.index, edge_markup(&frame, edge, false)))
            .collect(),
        nodes: layout
            .nodes
            .iter()
            .map(|spot| (spot.node, node_markup(&frame, spot)))
            .collect(),
    }
}

/// A node's dot.
fn node_markup(frame: &Frame, spot: &NodeSpot) -> String {
    format!(
        concat!(r#"<circle class="hb-node" cx="{}" cy="{}" r="3.5"/>"#, "\n"),
        num(frame.x(spot.at.x)),
        num(frame.y(spot.at.y)),
    )
}

/// Maps layout units (y up) to SVG pixels (y down).
struct Frame {
    min: Point,
    max: Point,
}

impl Frame {
    fn x(&self, x: f64) -> f64 {
        MARGIN + (x - self.min.x) * UNIT
    }

    fn y(&self, y: f64) -> f64 {
        MARGIN + (self.max.y - y) * UNIT
    }

    fn width(&self) -> f64 {
        ((self.max.x - self.min.x) * UNIT + 2.0 * MARGIN).ceil()
    }

    /// The hatching under the ground needs room even when nothing is below the ground.
    fn height(&self) -> f64 {
        let below = ((-self.min.y) * UNIT).max(HATCH);
        (self.max.y * UNIT + below + 2.0 * MARGIN).ceil()
    }

    fn point(&self, p: Point) -> String {
        format!("{} {}", num(self.x(p.x)), num(self.y(p.y)))
    }
}

/// The outer element around an already written body.
fn wrap(layout: &Layout, body: &str, title: &str, description: &str) -> String {
    let frame = Frame {
        min: layout.min,
        max: layout.max,
    };
    let (w, h) = (frame.width(), frame.height());
    let fit = fit(w, h);
    let em = |units: f64| format!("{:.2}em", (units * fit / UNIT * EDGE_EM).max(0.01));
    // Named and described, a picture (`role="img"`); with no title, a decoration whose words
    // are written beside it (a frame of a line of play), hidden from screen readers.
    let words = if title.is_empty() {
        r#" aria-hidden="true">"#.to_string()
    } else if description.is_empty() {
        format!(r#" role="img">{}<title>{}</title>"#, "\n", escape(title))
    } else {
        format!(
            r#" role="img">{}<title>{}</title>{}<desc>{}</desc>"#,
            "\n",
            escape(title),
            "\n",
            escape(description)
        )
    };
    // No height: the browser draws the view box's shape at the width given (as a board's).
    format!(
        r#"<svg class="hb-diagram" viewBox="0 0 {w} {h}" width="{sw}"{words}{}{body}</svg>"#,
        "\n",
        w = num(w),
        h = num(h),
        sw = em(w),
    )
}

/// Hatching, edges, the ground line over the edges' feet (so no stroke end pokes below it),
/// then the node dots over the edges' other ends.
fn body(layout: &Layout) -> String {
    let frame = Frame {
        min: layout.min,
        max: layout.max,
    };
    let (line, hatching) = ground(&frame, layout.ground);
    let mut out = hatching;
    for edge in &layout.edges {
        out.push_str(&edge_markup(&frame, edge, true));
    }
    out.push_str(&line);
    for spot in &layout.nodes {
        out.push_str(&node_markup(&frame, spot));
    }
    out
}

/// The ground line and, separately, the hatching below it (the traditional sign for solid
/// earth). The hatching is one dashed line, as deep as the marks, that the stylesheet slants into
/// marks 8 px apart (`diagram.css`: short dashes, sheared): a few bytes whatever the width, where
/// a path of marks was a fortieth of a page. On a very wide drawing (scaled down anyway) the
/// marks are further apart, so that there are at most `MAX_MARKS` of them to draw.
fn ground(frame: &Frame, (from, to): (f64, f64)) -> (String, String) {
    const MAX_MARKS: f64 = 300.0;
    let (x0, x1, y) = (frame.x(from), frame.x(to), frame.y(0.0));
    let line = format!(
        concat!(r#"<path class="hb-ground" d="M{} {}H{}"/>"#, "\n"),
        num(x0),
        num(y),
        num(x1),
    );
    if x1 - x0 <= HATCH || !(x1 - x0).is_finite() {
        return (line, String::new());
    }
    let step = ((x1 - x0) / MAX_MARKS).max(8.0);
    // Wider than the stylesheet's 8 px: the drawing's own spacing.
    let spaced = if step > 8.0 {
        format!(r#" style="stroke-dasharray:1.4 {}""#, num(step - 1.4))
    } else {
        String::new()
    };
    // A mark runs from the ground down and to the left: its middle is half a mark in and half a
    // mark down.
    let hatching = format!(
        concat!(r#"<path class="hb-hatch"{} d="M{} {}.5H{}"/>"#, "\n"),
        spaced,
        num(x0 + HATCH / 2.0),
        num(y.round() + (HATCH / 2.0).floor()),
        num(x1 - HATCH / 2.0),
    );
    (line, hatching)
}

/// One edge: a single path, except red, which is a wide stroke plus a white core (the double
/// line that tells red from blue without colour). Ends are butt: they lie under a node dot or
/// the ground line, and round caps would poke out below the ground. `numbered`: each path
/// carries the edge's index (`data-edge`).
fn edge_markup(frame: &Frame, edge: &EdgeShape, numbered: bool) -> String {
    let d = path_data(frame, &edge.path);
    let n = if numbered {
        format!(" data-edge=\"{}\"", edge.index)
    } else {
        String::new()
    };
    match edge.colour {
        Colour::Blue => format!("<path class=\"hb-edge hb-blue\"{n} d=\"{d}\"/>\n"),
        Colour::Red => format!(
            "<path class=\"hb-edge hb-red\"{n} d=\"{d}\"/>\n\
             <path class=\"hb-core\"{n} d=\"{d}\"/>\n"
        ),
        Colour::Green => format!("<path class=\"hb-edge hb-green\"{n} d=\"{d}\"/>\n"),
    }
}

/// SVG path data in pixels.
fn path_data(frame: &Frame, path: &Path) -> String {
    let p = |q: Point| frame.point(q);
    match *path {
        Path::Line(a, b) => format!("M{}L{}", p(a), p(b)),
        Path::Quad(a, c, b) => format!("M{}Q{} {}", p(a), p(c), p(b)),
        Path::Cubic(a, c, d, b) => format!("M{}C{} {} {}Z", p(a), p(c), p(d), p(b)),
    }
}

/// A whole number of drawing units (an edge is 34, so the rounding moves a point by at most a
/// sixty-eighth of an edge, and every use of one point rounds alike, so edges still meet at their
/// nodes); never `-0`, `NaN` or `inf`.
fn num(v: f64) -> String {
    let whole = v.round();
    if !whole.is_finite() || whole == 0.0 {
        return "0".to_string();
    }
    format!("{whole}")
}

/// Text content escaped for XML (the crate's one escaper).
pub use hackenbook_base::escape::escape;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short_and_clean() {
        assert_eq!(num(3.0), "3");
        assert_eq!(num(2.25), "2");
        assert_eq!(num(32.5), "33");
        assert_eq!(num(-0.4), "0");
        assert_eq!(num(f64::NAN), "0");
        assert_eq!(num(-1.5), "-2");
        assert_eq!(num(1e6), "1000000");
    }

    /// The hatching: one line half a mark under the ground, from half a mark in to half a mark
    /// before the end, and on a very wide ground its own, wider spacing (at most 300 marks).
    #[test]
    fn hatching_is_one_line_under_the_ground() {
        for (width, spacing) in [
            (3.0, None),
            (40.0, None),
            (1234.5, Some("stroke-dasharray:1.4 139")),
        ] {
            let frame = Frame {
                min: Point { x: 0.0, y: 0.0 },
                max: Point { x: width, y: 1.0 },
            };
            let (_, hatching) = ground(&frame, (0.0, width));
            let (x0, x1, y) = (frame.x(0.0), frame.x(width), frame.y(0.0));
            let d = format!(
                "d=\"M{} {}.5H{}\"",
                num(x0 + 3.5),
                y.round() + 3.0,
                num(x1 - 3.5)
            );
            assert!(hatching.contains(&d), "{hatching}");
            let style = hatching
                .split("style=\"")
                .nth(1)
                .and_then(|s| s.split('"').next());
            assert_eq!(style, spacing, "{width}");
        }
        // No wider than a mark: no hatching.
        let frame = Frame {
            min: Point { x: 0.0, y: 0.0 },
            max: Point { x: 0.0, y: 1.0 },
        };
        assert_eq!(ground(&frame, (0.0, 0.1)).1, "");
    }

    /// A board's parts leave each edge's number to the item that holds it (`edge-N`): no path
    /// of theirs carries `data-edge`, while a whole diagram numbers every edge's paths (its red
    /// edge's core too), and the parts draw the same paths otherwise.
    #[test]
    fn a_board_s_parts_number_no_path() {
        let picture = Picture {
            node_count: 3,
            edges: vec![
                (0, 1, Colour::Blue),
                (1, 2, Colour::Red),
                (0, 2, Colour::Green),
            ],
            coords: None,
        };
        let parts = parts(&picture);
        let whole = svg_standing(&picture, &[true; 3], "", "");
        assert_eq!(parts.edges.len(), 3);
        for (i, markup) in &parts.edges {
            assert!(!markup.contains("data-edge"), "{markup}");
            let numbered = markup.replace(" d=", &format!(" data-edge=\"{i}\" d="));
            assert!(whole.contains(&numbered), "{numbered} in {whole}");
        }
        assert_eq!(whole.matches("data-edge=").count(), 4, "{whole}");
    }

    /// A frame in which some edges fell shows the whole frame's parts less those edges and the
    /// nodes no standing edge touches, each part as the whole frame draws it: what
    /// [`svg_standing`] draws, for every set of standing edges of a small picture.
    #[test]
    fn a_frame_of_play_is_the_whole_frame_less_what_fell() {
        let picture = Picture {
            node_count: 5,
            edges: vec![
                (0, 1, Colour::Blue),
                (1, 2, Colour::Red),
                (2, 3, Colour::Green),
                (1, 3, Colour::Blue),
                (0, 4, Colour::Red),
            ],
            coords: None,
        };
        // Only the red edge on the ground stands: its two ends are shown.
        let alone = touched(&picture, &[false, false, false, false, true]);
        assert_eq!(alone, [true, false, false, false, true]);
        let whole = parts(&picture);
        assert_eq!(whole.edges.len(), 5);
        assert_eq!(whole.nodes.len(), 4, "every node but the ground");
        for mask in 0u32..32 {
            let standing: Vec<bool> = (0..5).map(|e| mask & 1 << e != 0).collect();
            let frame = svg_standing(&picture, &standing, "", "");
            let touched = touched(&picture, &standing);
            for (e, markup) in &whole.edges {
                let numbered = markup.replace(" d=", &format!(" data-edge=\"{e}\" d="));
                assert_eq!(
                    frame.contains(&numbered),
                    standing[*e],
                    "edge {e}, {mask:05b}"
                );
            }
            for (n, dot) in &whole.nodes {
                assert_eq!(
                    frame.contains(dot.as_str()),
                    touched[*n],
                    "node {n}, {mask:05b}"
                );
            }
        }
    }

    #[test]
    fn escaping() {
        assert_eq!(
            escape("a<b & \"c\"'\u{1}"),
            "a&lt;b &amp; &quot;c&quot;&#39;"
        );
    }
}
