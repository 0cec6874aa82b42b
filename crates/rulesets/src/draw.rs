//! What a ruleset draws: a picture made of named items, each of which may be the target of moves.
//!
//! The one idea: a drawing is data, not markup — a view box and a list of items, each an SVG
//! fragment painted by the site's stylesheet (classes only) under a name that stays the same
//! across the positions play reaches (the domino on a1–a2, the edge `LR`, the toad on square
//! 3). A page can then draw every item play can show once, and follow a game by showing and
//! hiding items and by clicking the items that are moves' targets.

use hackenbook_games::Player;

/// A drawing of one position.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Drawing {
    /// The SVG view box: x, y, width, height, in units of one em on the page.
    pub view: [f32; 4],
    /// Back to front.
    pub items: Vec<Item>,
    /// The picture in words, for a screen reader ("a board of two rows and three columns, all
    /// free").
    pub description: String,
}

/// One part of a drawing.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Item {
    /// The same part in every position play reaches has the same id (`cell-a1`, `domino-a1-a2`).
    pub id: String,
    /// SVG elements in view-box coordinates, with classes for the stylesheet (no paint
    /// attributes); text in them escaped.
    pub svg: String,
    /// The moves this item is the target of: clicking it makes the mover's move of that name.
    pub moves: Vec<(Player, String)>,
    /// What the item is, in words, for a focused target ("the free square b2").
    pub label: String,
    /// When the item is a piece a move takes that is drawn as a thin stroke (a Hackenbush
    /// edge): the piece in words, without its article, its last word what such a piece is
    /// called (`blue edge`, as [`crate::Taken`] words it). The page picks the nearest such
    /// piece to a tap, however thin it is drawn, and tells a move by the piece it takes
    /// ("Left cuts a blue edge; 2 edges fall").
    pub piece: Option<String>,
}

/// The paint of the drawings' classes, for the head of the site's stylesheet.
pub const STYLE: &str = include_str!("draw.css");

impl Drawing {
    /// The drawing as one inline SVG element at one em per unit (see [`Drawing::to_svg_scaled`]).
    pub fn to_svg(&self) -> String {
        self.to_svg_scaled(1.0)
    }

    /// The drawing as one inline SVG element, `em` ems to a unit of its view box, its items one
    /// after the other (a picture: only [`Drawing::to_svg_playable`] groups them).
    pub fn to_svg_scaled(&self, em: f32) -> String {
        self.to_svg_titled(em, None)
    }

    /// [`Drawing::to_svg_scaled`] with a `<title>` (the accessible name of the image) when one
    /// is given, before its description.
    pub fn to_svg_titled(&self, em: f32, title: Option<&str>) -> String {
        self.write_svg(em, title, Mode::Still)
    }

    /// [`Drawing::to_svg_titled`] for play in the page: every item in a group carrying its id as
    /// `data-item` (the page's script finds items by it, in order); an item not `shown` is written hidden
    /// (`display="none"`, for the page's script to show when play reaches it), every item
    /// with words carries them as `data-label` (the script names a target by them), and a
    /// piece drawn as a stroke ([`Item::piece`]) its words as `data-piece`.
    pub fn to_svg_playable(&self, em: f32, title: Option<&str>, shown: &[bool]) -> String {
        self.write_svg(em, title, Mode::Playable(shown))
    }

    /// [`Drawing::to_svg_titled`] for a question answered by clicking a move's target: each
    /// item that is the target of moves, and each piece drawn as a stroke ([`Item::piece`],
    /// whether or not a move takes it: the nearest piece to a tap is the one chosen), in a group
    /// carrying its id as `data-item` (the page's script finds a target by it and names it by
    /// its moves) and a piece its words as `data-piece`; the rest of the picture written as a
    /// still one is.
    pub fn to_svg_answerable(&self, em: f32, title: Option<&str>) -> String {
        self.write_svg(em, title, Mode::Answerable)
    }

    fn write_svg(&self, em: f32, title: Option<&str>, mode: Mode) -> String {
        let [x, y, w, h] = self.view;
        // Text and double-quoted attribute values: an apostrophe needs no escaping in either.
        let escape = |text: &str| hackenbook_base::escape::escape(text).replace("&#39;", "'");
        // No height: the browser draws the view box's shape at the width given (and the page's
        // figures set `height: auto` to let `max-width` shrink them whole).
        let mut out = format!(
            "<svg class=\"hb-diagram hb-board\" viewBox=\"{} {} {} {}\" width=\"{}em\" \
             role=\"img\">{}<desc>{}</desc>",
            path_num(x),
            path_num(y),
            path_num(w),
            path_num(h),
            num(w * em),
            title.map_or(String::new(), |t| format!("<title>{}</title>", escape(t))),
            escape(&self.description)
        );
        // Items that all sit in one transform (a Hackenbush board's, drawn in its diagram's
        // units) are written inside one group carrying it, not each in its own.
        let shared = shared_transform(&self.items);
        if let Some(open) = shared {
            out.push_str(open);
        }
        let inside = |svg: &str| -> String {
            match shared {
                Some(open) => svg[open.len()..svg.len() - "</g>".len()].to_string(),
                None => svg.to_string(),
            }
        };
        // A picture's items are written one after the other: nothing finds them, so no group
        // around each (smaller pages).
        let mut still = Compact::new(false);
        for (i, item) in self.items.iter().enumerate() {
            let piece = || {
                item.piece.as_ref().map_or(String::new(), |piece| {
                    format!(" data-piece=\"{}\"", escape(piece))
                })
            };
            let svg = inside(&item.svg);
            let attributes = match mode {
                Mode::Still => None,
                Mode::Answerable => (!item.moves.is_empty() || item.piece.is_some()).then(piece),
                Mode::Playable(shown) => Some(format!(
                    "{}{}{}",
                    if item.label.is_empty() {
                        String::new()
                    } else {
                        format!(" data-label=\"{}\"", escape(&item.label))
                    },
                    piece(),
                    if shown.get(i).copied().unwrap_or(true) {
                        ""
                    } else {
                        " display=\"none\""
                    }
                )),
            };
            let Some(attributes) = attributes else {
                still.add(&svg);
                continue;
            };
            out.push_str(&still.take());
            out.push_str(&format!(
                "<g data-item=\"{}\"{attributes}>{}</g>",
                escape(&item.id),
                Compact::one(&svg, true)
            ));
        }
        out.push_str(&still.take());
        if shared.is_some() {
            out.push_str("</g>");
        }
        out.push_str("</svg>");
        out
    }
}

/// The opening tag `<g transform="…">` every item's markup is wrapped in whole, when there is
/// one (the same for all, closed by the item's last `</g>`): written once around them all.
fn shared_transform(items: &[Item]) -> Option<&str> {
    let first = items.first()?;
    let open = &first.svg[..first.svg.find('>')? + 1];
    if !open.starts_with("<g transform=\"") {
        return None;
    }
    let wrapped = |svg: &str| {
        let Some(inner) = svg
            .strip_prefix(open)
            .and_then(|rest| rest.strip_suffix("</g>"))
        else {
            return false;
        };
        // The wrapper closes at the end, not before: every group inside it closes inside it.
        let mut depth = 0i64;
        let mut at = 0;
        while let Some(k) = inner[at..].find('<') {
            let tag = &inner[at + k..];
            if tag.starts_with("</g>") {
                depth -= 1;
                if depth < 0 {
                    return false;
                }
            } else if tag.starts_with("<g ") || tag.starts_with("<g>") {
                let end = tag.find('>').unwrap_or(0);
                if !tag[..end].ends_with('/') {
                    depth += 1;
                }
            }
            at += k + 1;
        }
        depth == 0
    };
    items.iter().all(|i| wrapped(&i.svg)).then_some(open)
}

/// How a drawing is written: which items are groups a script finds.
#[derive(Clone, Copy)]
enum Mode<'a> {
    /// None: a picture.
    Still,
    /// The targets of moves, for a question answered by clicking one.
    Answerable,
    /// Every item, those not shown hidden, for play.
    Playable(&'a [bool]),
}

/// A number of the drawing's units as an attribute writes it: at most three decimals, no
/// trailing zeros (`1.68`, not the `1.6800001` an `f32` sum prints).
pub fn num(x: f32) -> String {
    let rounded = (x * 1000.0).round() / 1000.0;
    // `-0` and `0` are the same point.
    let rounded = if rounded == 0.0 { 0.0 } else { rounded };
    format!("{rounded}")
}

/// The classes the stylesheet shows only in play (`draw.css`: a domino's outline and its
/// target): a still picture leaves their elements out, since nothing would ever show them.
const PLAY_ONLY: [&str; 2] = ["hb-domino", "hb-target"];

/// Markup written compactly with the same look. A run of elements of one class is one group
/// carrying the class (`<g class="hb-square">`) instead of each element repeating it; plain
/// rectangles and lines (their position and size, nothing else) become the segments of one
/// path, a rectangle traced as it traces itself (from its top left corner, clockwise) and a
/// row of touching equal rectangles as its outline and the lines between them, so fill and
/// stroke fall where they fell. In a still picture, elements of play only are left out.
/// Markup it cannot read as simple elements is written as it came.
#[derive(Default)]
struct Compact {
    out: String,
    /// The class of the current run and its elements (class attributes taken off).
    run: Option<(String, Vec<Element>)>,
    /// Keep the elements of play only (a playable drawing, an exercise).
    playable: bool,
}

/// One simple SVG element: `<tag a="v" …/>` or `<tag a="v" …>text</tag>` (text without `<`).
#[derive(Debug, PartialEq)]
struct Element {
    tag: String,
    attributes: Vec<(String, String)>,
    text: Option<String>,
}

/// What an element becomes in a path.
enum Segment {
    /// x, y, width, height.
    Rectangle([f32; 4]),
    /// A line's two ends.
    Line([f32; 4]),
}

impl Element {
    fn write(&self, class: Option<&str>, out: &mut String) {
        out.push('<');
        out.push_str(&self.tag);
        if let Some(class) = class {
            out.push_str(&format!(" class=\"{class}\""));
        }
        for (name, value) in &self.attributes {
            // A number without its leading zero (`.5`), as in path data.
            let value = match value.parse::<f32>() {
                Ok(x) if x.is_finite() && num(x) == *value => path_num(x),
                _ => value.clone(),
            };
            out.push_str(&format!(" {name}=\"{value}\""));
        }
        match &self.text {
            None => out.push_str("/>"),
            Some(text) => out.push_str(&format!(">{text}</{}>", self.tag)),
        }
    }

    /// The four numbers `names` (and no other attribute), or `None`.
    fn numbers(&self, names: [&str; 4]) -> Option<[f32; 4]> {
        if self.text.is_some() || self.attributes.len() != 4 {
            return None;
        }
        let mut out = [0.0; 4];
        for (slot, name) in out.iter_mut().zip(names) {
            let (_, value) = self.attributes.iter().find(|(n, _)| n == name)?;
            *slot = value.parse().ok().filter(|v: &f32| v.is_finite())?;
        }
        Some(out)
    }

    /// The path segment of a plain rectangle or line, or `None` for anything else.
    fn segment(&self) -> Option<Segment> {
        match self.tag.as_str() {
            "rect" => self
                .numbers(["x", "y", "width", "height"])
                .filter(|[_, _, w, h]| *w >= 0.0 && *h >= 0.0)
                .map(Segment::Rectangle),
            "line" => self.numbers(["x1", "y1", "x2", "y2"]).map(Segment::Line),
            _ => None,
        }
    }
}

/// A number in path data and attributes: [`num`] without a leading zero (`.25`, `-.5`).
fn path_num(x: f32) -> String {
    let n = num(x);
    if let Some(rest) = n.strip_prefix("0.") {
        format!(".{rest}")
    } else if let Some(rest) = n.strip_prefix("-0.") {
        format!("-.{rest}")
    } else {
        n
    }
}

/// The path data of `segments`, in order: touching equal rectangles side by side in a row are
/// traced as one outline with the lines between them.
fn path_data(segments: &[Segment]) -> String {
    let mut d = String::new();
    let mut i = 0;
    while i < segments.len() {
        match segments[i] {
            Segment::Line([x1, y1, x2, y2]) => {
                d.push_str(&format!("M{} {}", path_num(x1), path_num(y1)));
                if x1 == x2 {
                    d.push_str(&format!("V{}", path_num(y2)));
                } else if y1 == y2 {
                    d.push_str(&format!("H{}", path_num(x2)));
                } else {
                    d.push_str(&format!("L{} {}", path_num(x2), path_num(y2)));
                }
                i += 1;
            }
            Segment::Rectangle([x, y, w, h]) => {
                // How many equal rectangles follow this one, each touching the last.
                let mut k = 1;
                while let Some(Segment::Rectangle([nx, ny, nw, nh])) = segments.get(i + k) {
                    if (*ny, *nw, *nh) != (y, w, h) || num(*nx) != num(x + k as f32 * w) {
                        break;
                    }
                    k += 1;
                }
                let width = k as f32 * w;
                d.push_str(&format!(
                    "M{} {}h{}v{}h-{}z",
                    path_num(x),
                    path_num(y),
                    path_num(width),
                    path_num(h),
                    path_num(width)
                ));
                for j in 1..k {
                    d.push_str(&format!(
                        "M{} {}v{}",
                        path_num(x + j as f32 * w),
                        path_num(y),
                        path_num(h)
                    ));
                }
                i += k;
            }
        }
    }
    d
}

/// Reads `svg` as simple elements, each with its class; `None` when it is anything else.
fn elements(svg: &str) -> Option<Vec<(Option<String>, Element)>> {
    let mut out = Vec::new();
    let mut rest = svg.trim();
    while !rest.is_empty() {
        rest = rest.strip_prefix('<')?;
        let name_end = rest.find([' ', '/', '>'])?;
        let tag = &rest[..name_end];
        if tag.is_empty() || !tag.bytes().all(|b| b.is_ascii_alphabetic()) {
            return None;
        }
        rest = &rest[name_end..];
        let mut class = None;
        let mut attributes = Vec::new();
        loop {
            rest = rest.trim_start();
            let text = if let Some(after) = rest.strip_prefix("/>") {
                rest = after;
                None
            } else if let Some(after) = rest.strip_prefix('>') {
                let close = format!("</{tag}>");
                let end = after.find(&close)?;
                let text = &after[..end];
                if text.contains('<') {
                    return None;
                }
                rest = &after[end + close.len()..];
                Some(text.to_string())
            } else {
                let eq = rest.find("=\"")?;
                let name = &rest[..eq];
                if name.is_empty() || !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
                {
                    return None;
                }
                let value_and_rest = &rest[eq + 2..];
                let end = value_and_rest.find('"')?;
                let value = &value_and_rest[..end];
                if name == "class" {
                    class = Some(value.to_string());
                } else {
                    attributes.push((name.to_string(), value.to_string()));
                }
                rest = &value_and_rest[end + 1..];
                continue;
            };
            out.push((
                class,
                Element {
                    tag: tag.to_string(),
                    attributes,
                    text,
                },
            ));
            break;
        }
        rest = rest.trim_start();
    }
    Some(out)
}

impl Compact {
    fn new(playable: bool) -> Compact {
        Compact {
            playable,
            ..Compact::default()
        }
    }

    /// `svg` written compactly by itself (an item in its own group).
    fn one(svg: &str, playable: bool) -> String {
        let mut c = Compact::new(playable);
        c.add(svg);
        c.finish()
    }

    fn add(&mut self, svg: &str) {
        let Some(elements) = elements(svg) else {
            self.flush();
            self.out.push_str(svg);
            return;
        };
        for (class, element) in elements {
            let play_only = class
                .as_deref()
                .is_some_and(|c| c.split(' ').any(|c| PLAY_ONLY.contains(&c)));
            if play_only && !self.playable {
                continue;
            }
            match class {
                Some(class) => {
                    if self.run.as_ref().is_some_and(|(c, _)| *c != class) {
                        self.flush();
                    }
                    self.run
                        .get_or_insert_with(|| (class, Vec::new()))
                        .1
                        .push(element);
                }
                None => {
                    self.flush();
                    element.write(None, &mut self.out);
                }
            }
        }
    }

    /// Writes the current run: one element carries its class itself, several share a group.
    fn flush(&mut self) {
        let Some((class, elements)) = self.run.take() else {
            return;
        };
        let mut parts: Vec<Element> = Vec::new();
        let mut segments: Vec<Segment> = Vec::new();
        let end_path = |segments: &mut Vec<Segment>, parts: &mut Vec<Element>| {
            if !segments.is_empty() {
                parts.push(Element {
                    tag: "path".to_string(),
                    attributes: vec![("d".to_string(), path_data(segments))],
                    text: None,
                });
                segments.clear();
            }
        };
        for element in elements {
            match element.segment() {
                Some(segment) => segments.push(segment),
                None => {
                    end_path(&mut segments, &mut parts);
                    parts.push(element);
                }
            }
        }
        end_path(&mut segments, &mut parts);
        // In play a focused item's ring is the stroke of its own shapes (`vector-effect`, which
        // a group would not pass on): there each part keeps its class.
        if parts.len() == 1 || self.playable {
            for part in &parts {
                part.write(Some(&class), &mut self.out);
            }
            return;
        }
        self.out.push_str(&format!("<g class=\"{class}\">"));
        for part in &parts {
            part.write(None, &mut self.out);
        }
        self.out.push_str("</g>");
    }

    fn finish(mut self) -> String {
        self.take()
    }

    /// What is written so far, the current run ended; the writer is left empty.
    fn take(&mut self) -> String {
        self.flush();
        std::mem::take(&mut self.out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item(svg: &str) -> Item {
        Item {
            id: "x".to_string(),
            svg: svg.to_string(),
            ..Item::default()
        }
    }

    /// Items each wrapped whole in one transform are written in one group carrying it, played
    /// or still; items whose wrappers differ, or whose wrapper closes before their end, keep
    /// their own.
    #[test]
    fn a_transform_every_item_shares_is_written_once() {
        let scale = "<g transform=\"scale(0.05)\">";
        let drawing = |svgs: &[&str]| Drawing {
            view: [0.0, 0.0, 1.0, 1.0],
            items: svgs.iter().map(|s| item(s)).collect(),
            description: String::new(),
        };
        let shared = drawing(&[
            &format!("{scale}<path class=\"a\" d=\"M0 0H9\"/></g>"),
            &format!("{scale}<g class=\"b\"><circle r=\"1\"/></g></g>"),
        ]);
        for svg in [
            shared.to_svg(),
            shared.to_svg_playable(1.0, None, &[true, false]),
        ] {
            assert_eq!(svg.matches("transform").count(), 1, "{svg}");
            assert!(svg.starts_with("<svg"), "{svg}");
            assert!(svg.contains(&format!("<desc></desc>{scale}")), "{svg}");
            assert!(svg.ends_with("</g></svg>"), "{svg}");
            assert!(
                svg.contains("d=\"M0 0H9\"") && svg.contains("<circle r=\"1\"/>"),
                "{svg}"
            );
        }
        let played = shared.to_svg_playable(1.0, None, &[true, false]);
        assert!(
            played.contains("<g data-item=\"x\"><path class=\"a\" d=\"M0 0H9\"/></g>"),
            "{played}"
        );
        let apart = [
            drawing(&[
                &format!("{scale}<path d=\"M0 0H9\"/></g>"),
                "<g transform=\"scale(2)\"><path d=\"M0 0H9\"/></g>",
            ]),
            drawing(&[&format!(
                "{scale}<path d=\"M0 0H9\"/></g><g class=\"c\"><path d=\"M1 1H2\"/></g>"
            )]),
        ];
        for d in apart {
            let svg = d.to_svg();
            assert_eq!(
                svg.matches("transform").count(),
                d.items
                    .iter()
                    .map(|i| i.svg.matches("transform").count())
                    .sum::<usize>(),
                "{svg}"
            );
        }
    }

    #[test]
    fn rectangles_merge_only_when_they_touch_in_a_row() {
        let drawing = Drawing {
            view: [0.0, 0.0, 4.0, 1.0],
            items: vec![
                item("<rect class=\"c\" x=\"0\" y=\"0\" width=\"1\" height=\"1\"/>"),
                item("<rect class=\"c\" x=\"2\" y=\"0\" width=\"1\" height=\"1\"/>"),
                item("<rect class=\"c\" x=\"3\" y=\"0\" width=\"1\" height=\"1\"/>"),
                item("<rect class=\"c\" x=\"3\" y=\"0\" width=\"1\" height=\"1\" rx=\"0.1\"/>"),
                item("<line class=\"c\" x1=\"0\" y1=\"0\" x2=\"0.5\" y2=\"1\"/>"),
                item("<rect class=\"d\" x=\"0\" y=\"0\" width=\"0.25\" height=\"1\"/>"),
            ],
            description: String::new(),
        };
        let svg = drawing.to_svg();
        assert!(
            svg.contains(
                "<g class=\"c\"><path d=\"M0 0h1v1h-1zM2 0h2v1h-2zM3 0v1\"/><rect x=\"3\" y=\"0\" \
                 width=\"1\" height=\"1\" rx=\".1\"/><path d=\"M0 0L.5 1\"/></g><path class=\"d\" \
                 d=\"M0 0h.25v1h-.25z\"/></svg>"
            ),
            "{svg}"
        );
    }

    #[test]
    fn markup_it_cannot_read_is_written_as_it_came() {
        let odd = "<g class=\"c\"><rect x=\"0\" y=\"0\" width=\"1\" height=\"1\"/></g>";
        let drawing = Drawing {
            view: [0.0, 0.0, 1.0, 1.0],
            items: vec![
                item("<rect class=\"c\" x=\"0\" y=\"0\" width=\"1\" height=\"1\"/>"),
                item(odd),
            ],
            description: String::new(),
        };
        let svg = drawing.to_svg();
        assert!(
            svg.contains(&format!(
                "<path class=\"c\" d=\"M0 0h1v1h-1z\"/>{odd}</svg>"
            )),
            "{svg}"
        );
    }

    #[test]
    fn numbers_are_written_short() {
        assert_eq!(num(1.0 + 0.68), "1.68");
        assert_eq!(num(-0.0001), "0");
        assert_eq!(path_num(0.25), ".25");
        assert_eq!(path_num(-0.5), "-.5");
        assert_eq!(path_num(12.0), "12");
    }
}
