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
        self.write_svg(em, title, None)
    }

    /// [`Drawing::to_svg_titled`] for play in the page: every item in a group carrying its id as
    /// `data-item` (the page's script finds items by it, in order); an item not `shown` is written hidden
    /// (`display="none"`, for the page's script to show when play reaches it), and every item
    /// with words carries them as `data-label` (the script names a target by them).
    pub fn to_svg_playable(&self, em: f32, title: Option<&str>, shown: &[bool]) -> String {
        self.write_svg(em, title, Some(shown))
    }

    fn write_svg(&self, em: f32, title: Option<&str>, shown: Option<&[bool]>) -> String {
        let [x, y, w, h] = self.view;
        let escape = hackenbook_base::escape::escape;
        let mut out = format!(
            "<svg class=\"hb-diagram hb-board\" viewBox=\"{x} {y} {w} {h}\" width=\"{}em\" \
             height=\"{}em\" role=\"img\">{}<desc>{}</desc>",
            w * em,
            h * em,
            title.map_or(String::new(), |t| format!("<title>{}</title>", escape(t))),
            escape(&self.description)
        );
        for (i, item) in self.items.iter().enumerate() {
            let play = match shown {
                // A picture: nothing finds its items, so no group around each (smaller pages).
                None => {
                    out.push_str(&item.svg);
                    continue;
                }
                Some(shown) => format!(
                    "{}{}",
                    if item.label.is_empty() {
                        String::new()
                    } else {
                        format!(" data-label=\"{}\"", escape(&item.label))
                    },
                    if shown.get(i).copied().unwrap_or(true) {
                        ""
                    } else {
                        " display=\"none\""
                    }
                ),
            };
            out.push_str(&format!(
                "<g data-item=\"{}\"{play}>{}</g>",
                escape(&item.id),
                item.svg
            ));
        }
        out.push_str("</svg>");
        out
    }
}
