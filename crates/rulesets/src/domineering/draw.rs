//! The drawing of a Domineering board: its squares, their names along the edges, and one
//! target for every domino a player may place.
//!
//! The one idea: a reader plays by clicking where two free squares meet. Each legal domino is
//! an item named after the move (`domino-a1-a2`) holding a small target square centred on the
//! edge its two squares share — targets of different dominoes never overlap, since no two
//! dominoes share that edge — and the outline of the domino it would place (class
//! `hb-domino`, for the page to show while the target is hovered). Squares are 1 unit wide;
//! blocked squares carry the class `hb-blocked` and the id `blocked-b2` (a free square's is
//! `square-b2`), so that an id draws the same in every position play reaches.
//!
//! A domino placed in play (a board reached by moves remembers them) is drawn as a domino in
//! its player's colour, `placed-a1-a2` with the classes `hb-placed hb-left` (vertical, Left's)
//! or `hb-placed hb-right`, filling its two squares (no square is drawn under it), so that a
//! reader tells the dominoes played from the squares the board was written with blocked.

use super::board::Board;
use super::notation::{column_name, domino_name, square_name};
use crate::draw::num;
use crate::{Drawing, Item};
use hackenbook_games::Player;

/// The margin left of the board and below it, for the rows' numbers and the columns' letters.
const MARGIN: f32 = 0.8;
/// The side of a domino's target square, centred on the edge its squares share.
const TARGET: f32 = 0.5;
/// How many blocked squares a description names one by one.
const NAMED_BLOCKED: usize = 6;

pub fn draw(p: &Board) -> Drawing {
    let (rows, cols) = (p.rows(), p.cols());
    let mut items = Vec::new();
    let mut blocked = Vec::new();
    let covered = p.left_covered() | p.right_covered();
    for r in 0..rows {
        for c in 0..cols {
            let name = square_name(p, r, c);
            let (id, class, label) = if p.is_free(r, c) {
                ("square", "", format!("the free square {name}"))
            } else if covered >> p.bit(r, c) & 1 == 1 {
                // The placed domino covers it whole: no square drawn under it (a page carries
                // play's drawing in a budget of bytes).
                continue;
            } else {
                blocked.push(name.clone());
                (
                    "blocked",
                    " hb-blocked",
                    format!("the blocked square {name}"),
                )
            };
            items.push(Item {
                piece: None,
                id: format!("{id}-{name}"),
                svg: format!(
                    "<rect class=\"hb-square{class}\" x=\"{c}\" y=\"{r}\" width=\"1\" height=\"1\"/>"
                ),
                moves: Vec::new(),
                label,
            });
        }
    }
    let placed = placed(p);
    let placed_count = placed.len();
    items.extend(placed);
    for c in 0..cols {
        let letter = column_name(c);
        items.push(coordinate(
            format!("column-{letter}"),
            c as f32 + 0.5,
            rows as f32 + MARGIN * 0.75,
            &letter,
        ));
    }
    for r in 0..rows {
        let number = (rows - r).to_string();
        items.push(coordinate(
            format!("row-{number}"),
            -MARGIN / 2.0,
            r as f32 + 0.68,
            &number,
        ));
    }
    for player in Player::BOTH {
        items.extend(dominoes(p, player));
    }
    Drawing {
        view: [
            -MARGIN,
            -0.1,
            cols as f32 + MARGIN + 0.1,
            rows as f32 + MARGIN + 0.1,
        ],
        items,
        description: describe(p, &blocked, placed_count),
    }
}

/// One item for every domino placed in play: a run of squares under Left's dominoes down a
/// column is those dominoes from the top, two squares each, and a run under Right's along a
/// row from the left (the notation and the moves only ever cover whole dominoes).
fn placed(p: &Board) -> Vec<Item> {
    let (rows, cols) = (p.rows(), p.cols());
    let under = |bits: u128, r: usize, c: usize| bits >> p.bit(r, c) & 1 == 1;
    let mut out = Vec::new();
    let mut push = |r: usize, c: usize, player: Player| {
        let vertical = player == Player::Left;
        let name = domino_name(p, r, c, vertical);
        let (w, h) = if vertical { (1.0, 2.0) } else { (2.0, 1.0) };
        let class = if vertical { "hb-left" } else { "hb-right" };
        let (first, second) = name
            .split_once('-')
            .expect("a domino's name has two squares");
        out.push(Item {
            piece: None,
            id: format!("placed-{name}"),
            svg: format!(
                "<rect class=\"hb-placed {class}\" x=\"{}\" y=\"{}\" width=\"{}\" \
                 height=\"{}\" rx=\"0.15\"/>",
                num(c as f32 + 0.04),
                num(r as f32 + 0.04),
                num(w - 0.08),
                num(h - 0.08),
            ),
            moves: Vec::new(),
            label: format!(
                "{player}'s {} domino placed on {first} and {second}",
                if vertical { "vertical" } else { "horizontal" }
            ),
        });
    };
    for c in 0..cols {
        let mut r = 0;
        while r + 1 < rows {
            if under(p.left_covered(), r, c) && under(p.left_covered(), r + 1, c) {
                push(r, c, Player::Left);
                r += 2;
            } else {
                r += 1;
            }
        }
    }
    for r in 0..rows {
        let mut c = 0;
        while c + 1 < cols {
            if under(p.right_covered(), r, c) && under(p.right_covered(), r, c + 1) {
                push(r, c, Player::Right);
                c += 2;
            } else {
                c += 1;
            }
        }
    }
    out
}

/// A row's number or a column's letter.
fn coordinate(id: String, x: f32, y: f32, text: &str) -> Item {
    Item {
        piece: None,
        id,
        svg: format!(
            "<text class=\"hb-coordinate\" x=\"{}\" y=\"{}\">{text}</text>",
            num(x),
            num(y)
        ),
        moves: Vec::new(),
        label: String::new(),
    }
}

/// One item for every domino `player` may place.
fn dominoes(p: &Board, player: Player) -> Vec<Item> {
    let vertical = player == Player::Left;
    let (starts, class) = match player {
        Player::Left => (p.vertical_moves(), "hb-left"),
        Player::Right => (p.horizontal_moves(), "hb-right"),
    };
    let cols = p.cols();
    let mut out = Vec::new();
    let mut rest = starts;
    while rest != 0 {
        let i = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let (r, c) = (i / cols, i % cols);
        let name = domino_name(p, r, c, vertical);
        let (w, h) = if vertical { (1.0, 2.0) } else { (2.0, 1.0) };
        // The centre of the edge the two squares share.
        let (ex, ey) = if vertical {
            (c as f32 + 0.5, r as f32 + 1.0)
        } else {
            (c as f32 + 1.0, r as f32 + 0.5)
        };
        let half = TARGET / 2.0;
        let (first, second) = name
            .split_once('-')
            .expect("a domino's name has two squares");
        out.push(Item {
            piece: None,
            id: format!("domino-{name}"),
            svg: format!(
                "<rect class=\"hb-domino {class}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" \
                 rx=\"0.15\"/><rect class=\"hb-target {class}\" x=\"{}\" y=\"{}\" \
                 width=\"{TARGET}\" height=\"{TARGET}\"/>",
                num(c as f32 + 0.1),
                num(r as f32 + 0.1),
                num(w - 0.2),
                num(h - 0.2),
                num(ex - half),
                num(ey - half),
            ),
            moves: vec![(player, name.clone())],
            label: format!(
                "{player}'s {} domino on {first} and {second}",
                if vertical { "vertical" } else { "horizontal" }
            ),
        });
    }
    out
}

/// The board in words: its size, which squares are blocked, the dominoes placed, and who
/// places which dominoes.
fn describe(p: &Board, blocked: &[String], placed: usize) -> String {
    let plural = |n: usize, one: &str, many: &str| {
        if n == 1 {
            format!("1 {one}")
        } else {
            format!("{n} {many}")
        }
    };
    let size = format!(
        "a Domineering board of {} and {}",
        plural(p.rows(), "row", "rows"),
        plural(p.cols(), "column", "columns")
    );
    let squares = match blocked.len() {
        0 if placed == 0 => "all free".to_string(),
        0 => "none blocked".to_string(),
        n if n == p.area() => "every square blocked".to_string(),
        n if n <= NAMED_BLOCKED => format!(
            "{} blocked ({})",
            plural(n, "square", "squares"),
            blocked.join(", ")
        ),
        n => format!("{n} of its {} squares blocked", p.area()),
    };
    let placed = match placed {
        0 => String::new(),
        n => format!(", {} placed", plural(n, "domino", "dominoes")),
    };
    format!("{size}, {squares}{placed}; Left places vertical dominoes, Right horizontal ones")
}
