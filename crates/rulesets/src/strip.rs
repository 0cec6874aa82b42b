//! Strips of squares, each empty or holding a piece of Left's or of Right's: the board of Toads
//! and Frogs and of Push and Shove, written and read one way.
//!
//! The one idea: a strip game's position is a row of squares written as letters (`TT..FF`,
//! `LR.L`), several strips side by side separated by blanks (their sum), and its squares are
//! numbered 1, 2, 3… from the left across all the strips, so that a move is named by the squares
//! a piece leaves and reaches (`3→4`) whatever the game. Each game supplies its two letters
//! ([`Letters`]); the empty square is `.`, `_` or `□` in every game.

use super::census::{strips_of, Count, Declared, Level};
use super::{Drawing, Item, Keyed, Move};
use hackenbook_base::located::Located;
use hackenbook_games::Player;

/// What a square holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Square {
    Empty,
    /// A piece of Left's (a toad).
    Left,
    /// A piece of Right's (a frog).
    Right,
}

impl Square {
    /// A piece of `player`'s.
    pub fn of(player: Player) -> Square {
        match player {
            Player::Left => Square::Left,
            Player::Right => Square::Right,
        }
    }

    /// The player whose piece the square holds, if any.
    pub fn owner(self) -> Option<Player> {
        match self {
            Square::Empty => None,
            Square::Left => Some(Player::Left),
            Square::Right => Some(Player::Right),
        }
    }

    /// The same square with the colours exchanged: Left's pieces become Right's.
    pub fn swapped(self) -> Square {
        match self {
            Square::Empty => Square::Empty,
            Square::Left => Square::Right,
            Square::Right => Square::Left,
        }
    }
}

/// Strips side by side, each a row of squares read from the left: their sum.
pub type Strips = Vec<Vec<Square>>;

/// The most squares a position may have, over all its strips: far beyond anything the solver
/// values, and small enough that every square number is a plain word.
pub const MAX_SQUARES: usize = 10_000;

/// The letters a game writes its pieces with, and what it calls them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Letters {
    /// Left's piece (`T`); its lower case is read too.
    pub left: char,
    /// Right's piece (`F`); its lower case is read too.
    pub right: char,
    /// One of Left's pieces in words, with its article (`a toad`).
    pub left_one: &'static str,
    /// Left's pieces in words (`toads`).
    pub left_many: &'static str,
    /// One of Right's pieces in words, with its article (`a frog`).
    pub right_one: &'static str,
    /// Right's pieces in words (`frogs`).
    pub right_many: &'static str,
    /// A position to show in messages (`TT..FF`).
    pub example: &'static str,
}

impl Letters {
    fn square_of(&self, c: char) -> Option<Square> {
        match c {
            '.' | '_' | '□' => Some(Square::Empty),
            c if c.eq_ignore_ascii_case(&self.left) => Some(Square::Left),
            c if c.eq_ignore_ascii_case(&self.right) => Some(Square::Right),
            _ => None,
        }
    }

    fn letter(&self, s: Square) -> char {
        match s {
            Square::Empty => '.',
            Square::Left => self.left,
            Square::Right => self.right,
        }
    }
}

/// Reads strips written with `letters`: squares as letters, strips separated by blanks (any
/// white space, so CRLF line ends are blanks too). Every problem is located in `text`.
pub fn parse(text: &str, letters: &Letters) -> Result<Strips, Located> {
    let mut strips: Strips = Vec::new();
    let mut current: Vec<Square> = Vec::new();
    let mut count = 0usize;
    for (at, c) in text.char_indices() {
        if c.is_whitespace() {
            if !current.is_empty() {
                strips.push(std::mem::take(&mut current));
            }
            continue;
        }
        let span = at..at + c.len_utf8();
        let Some(square) = letters.square_of(c) else {
            return Err(Located::new(
                span,
                format!(
                    "`{c}` is not a square: write {} for {}, {} for {} and . (or _ or □) for an \
                     empty square, as in `{}`",
                    letters.left,
                    letters.left_one,
                    letters.right,
                    letters.right_one,
                    letters.example
                ),
            ));
        };
        count += 1;
        if count > MAX_SQUARES {
            return Err(Located::new(
                span,
                format!("a position has at most {MAX_SQUARES} squares"),
            ));
        }
        current.push(square);
    }
    if !current.is_empty() {
        strips.push(current);
    }
    if strips.is_empty() {
        return Err(Located::new(
            0..text.len(),
            format!(
                "no squares: write a strip such as `{}` ({} for {}, {} for {}, . for an empty \
                 square)",
                letters.example, letters.left, letters.left_one, letters.right, letters.right_one
            ),
        ));
    }
    Ok(strips)
}

/// Writes strips back as [`parse`] reads them: `.` for an empty square, strips separated by one
/// blank.
pub fn print(strips: &[Vec<Square>], letters: &Letters) -> String {
    strips
        .iter()
        .map(|strip| strip.iter().map(|&s| letters.letter(s)).collect::<String>())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The number of squares over all strips.
pub fn square_count(strips: &[Vec<Square>]) -> usize {
    strips.iter().map(Vec::len).sum()
}

/// The number the first square of each strip has (numbers start at 1 and run on across strips).
pub fn first_numbers(strips: &[Vec<Square>]) -> Vec<usize> {
    let mut next = 1;
    strips
        .iter()
        .map(|strip| {
            let first = next;
            next += strip.len();
            first
        })
        .collect()
}

/// The name of a move by the squares its piece leaves and reaches (`None`: it leaves the strip):
/// `3→4`, `1→off`.
pub fn move_name(from: usize, to: Option<usize>) -> String {
    match to {
        Some(to) => format!("{from}→{to}"),
        None => format!("{from}→off"),
    }
}

/// Every move of `player` in a game where each piece has at most one move: `step` gives, for
/// the piece at offset `i` of a strip, the strip after its move and the offset the piece reaches
/// (`None` if it leaves the strip), or `None` when it cannot move. Moves are named by
/// [`move_name`].
pub fn moves(
    strips: &[Vec<Square>],
    player: Player,
    step: impl Fn(&[Square], usize) -> Option<(Vec<Square>, Option<usize>)>,
) -> Vec<Move<Strips>> {
    let own = Square::of(player);
    let mut out = Vec::new();
    for (k, (strip, first)) in strips.iter().zip(first_numbers(strips)).enumerate() {
        for i in (0..strip.len()).filter(|&i| strip[i] == own) {
            if let Some((after, to)) = step(strip, i) {
                let mut position = strips.to_vec();
                position[k] = after;
                out.push(Move {
                    name: move_name(first + i, to.map(|j| first + j)),
                    to: position,
                });
            }
        }
    }
    out
}

/// The moves of `moves` (one player's) made by the piece on square `number`, as drawing targets.
pub fn targets(moves: &[Move<Strips>], player: Player, number: usize) -> Vec<(Player, String)> {
    let prefix = format!("{number}→");
    moves
        .iter()
        .filter(|m| m.name.starts_with(&prefix))
        .map(|m| (player, m.name.clone()))
        .collect()
}

/// Numbers in words, for descriptions: `1`, `1 and 2`, `1, 2 and 5`.
pub fn list_in_words(numbers: &[usize]) -> String {
    match numbers {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => format!(
            "{} and {last}",
            rest.iter()
                .map(usize::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// The pieces of a position in words: `toads on squares 1 and 2, a frog on square 5`; `no
/// pieces`.
pub fn pieces_in_words(strips: &[Vec<Square>], letters: &Letters) -> String {
    let mut parts = Vec::new();
    for (kind, one, many) in [
        (Square::Left, letters.left_one, letters.left_many),
        (Square::Right, letters.right_one, letters.right_many),
    ] {
        let on: Vec<usize> = strips
            .iter()
            .flatten()
            .enumerate()
            .filter(|(_, &s)| s == kind)
            .map(|(i, _)| i + 1)
            .collect();
        match on.len() {
            0 => {}
            1 => parts.push(format!("{one} on square {}", on[0])),
            _ => parts.push(format!("{many} on squares {}", list_in_words(&on))),
        }
    }
    if parts.is_empty() {
        "no pieces".to_string()
    } else {
        parts.join(", ")
    }
}

/// A strip of `length` squares in words, with its pieces: the description of a drawing.
pub fn describe(strips: &[Vec<Square>], letters: &Letters) -> String {
    let squares = square_count(strips);
    let plural = if squares == 1 { "" } else { "s" };
    let board = match strips.len() {
        1 => format!("a strip of {squares} square{plural}"),
        n => format!("{n} strips of {squares} square{plural} in all"),
    };
    format!("{board}: {}", pieces_in_words(strips, letters))
}

/// The key of a strip game's position (see [`super::Ruleset::key`]): its `strips`, sorted, or
/// their `counterpart`s (the position of opposite value, strip by strip), sorted, whichever is
/// smaller, negated if the counterparts.
pub fn keyed(
    mut strips: Vec<Vec<Square>>,
    counterpart: impl Fn(&[Square]) -> Vec<Square>,
) -> Keyed<Vec<Vec<Square>>> {
    let mut other: Vec<Vec<Square>> = strips.iter().map(|s| counterpart(s)).collect();
    strips.sort_unstable();
    other.sort_unstable();
    if other < strips {
        Keyed {
            key: other,
            negated: true,
        }
    } else {
        Keyed {
            key: strips,
            negated: false,
        }
    }
}

/// A square as the drawing places it.
pub struct Placed {
    /// Its number (from 1, across strips).
    pub number: usize,
    /// Its offset in its strip (from 0).
    pub offset: usize,
    /// Its left edge, in squares from the drawing's left.
    pub x: f32,
    pub square: Square,
}

/// The drawing of strips: unit squares in a row, half a square between strips, each square an
/// item `square-N`; in front of them the items `front` gives for each square (its piece, with
/// the piece's moves as targets).
pub fn draw(
    strips: &[Vec<Square>],
    letters: &Letters,
    mut front: impl FnMut(&Placed) -> Vec<Item>,
) -> Drawing {
    /// The space between two strips, in squares.
    const GAP: f32 = 0.5;
    let mut squares = Vec::new();
    let mut pieces = Vec::new();
    let mut x = 0.0f32;
    for (k, (strip, first)) in strips.iter().zip(first_numbers(strips)).enumerate() {
        if k > 0 {
            x += GAP;
        }
        for (offset, &square) in strip.iter().enumerate() {
            let number = first + offset;
            squares.push(Item {
                piece: None,
                id: format!("square-{number}"),
                svg: format!(
                    "<rect class=\"hb-square\" x=\"{x}\" y=\"0\" width=\"1\" height=\"1\"/>"
                ),
                moves: Vec::new(),
                label: format!("square {number}"),
            });
            pieces.extend(front(&Placed {
                number,
                offset,
                x,
                square,
            }));
            x += 1.0;
        }
    }
    squares.extend(pieces);
    Drawing {
        view: [-0.125, -0.125, x + 0.25, 1.25],
        items: squares,
        description: describe(strips, letters),
    }
}

/// The census family of a strip game: every strip of `n` squares ([`all_strips`]).
pub const STRIPS: Declared = Declared {
    nouns: &["strips"],
    unit: Some("squares"),
    doc: "every strip of n squares, each square empty or holding a piece of either player \
          (3^n strips), in the order of counting in base three with the empty square first, \
          then Left's piece, then Right's",
    count: |level| match level {
        Level::Size(n) => strips_of(n),
        Level::Box { .. } => Count::Exact(0),
    },
};

/// The members of [`STRIPS`] at `level`: each strip a position of its own.
pub fn census_strips(level: Level) -> Vec<Strips> {
    match level {
        Level::Size(n) => all_strips(n).into_iter().map(|s| vec![s]).collect(),
        Level::Box { .. } => Vec::new(),
    }
}

/// Every strip of `length` squares, in the order of counting in base three (`...`, `..L`, …).
pub fn all_strips(length: usize) -> Vec<Vec<Square>> {
    let mut out = vec![Vec::new()];
    for _ in 0..length {
        out = out
            .into_iter()
            .flat_map(|s| {
                [Square::Empty, Square::Left, Square::Right].map(|q| {
                    let mut t = s.clone();
                    t.push(q);
                    t
                })
            })
            .collect();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The letters the tests write strips in (Toads and Frogs' own: the board knows no game).
    const TF: Letters = Letters {
        left: 'T',
        right: 'F',
        left_one: "a toad",
        left_many: "toads",
        right_one: "a frog",
        right_many: "frogs",
        example: "TT..FF",
    };

    #[test]
    fn strips_read_back_and_every_empty_square_is_the_same() {
        let p = parse("T□_.F  tf\r\n", &TF).unwrap();
        assert_eq!(
            p,
            vec![
                vec![
                    Square::Left,
                    Square::Empty,
                    Square::Empty,
                    Square::Empty,
                    Square::Right
                ],
                vec![Square::Left, Square::Right],
            ]
        );
        assert_eq!(print(&p, &TF), "T...F TF");
        assert_eq!(parse(&print(&p, &TF), &TF).unwrap(), p);
        assert_eq!(first_numbers(&p), vec![1, 6]);
    }

    #[test]
    fn a_square_that_is_no_square_is_located_by_its_bytes() {
        // `□` is three bytes: the error after it starts at byte 4.
        let e = parse("T□Ж.F", &TF).unwrap_err();
        assert_eq!(e.span, 4..6);
        assert!(e.message.contains("`Ж` is not a square"), "{}", e.message);
        let e = parse("TTX", &TF).unwrap_err();
        assert_eq!(e.span, 2..3);
        let e = parse(" \r\n\t", &TF).unwrap_err();
        assert_eq!(e.span, 0..4);
        assert!(e.message.starts_with("no squares"));
        let e = parse("", &TF).unwrap_err();
        assert_eq!(e.span, 0..0);
    }

    #[test]
    fn a_position_beyond_the_square_limit_is_refused_at_the_first_square_too_many() {
        let text = ".".repeat(MAX_SQUARES + 5);
        let e = parse(&text, &TF).unwrap_err();
        assert_eq!(e.span, MAX_SQUARES..MAX_SQUARES + 1);
        assert!(parse(&".".repeat(MAX_SQUARES), &TF).is_ok());
    }

    #[test]
    fn pieces_are_listed_by_square_number() {
        let p = parse("TT..F T", &TF).unwrap();
        assert_eq!(
            describe(&p, &TF),
            "2 strips of 6 squares in all: toads on squares 1, 2 and 6, a frog on square 5"
        );
        assert_eq!(
            describe(&parse("...", &TF).unwrap(), &TF),
            "a strip of 3 squares: no pieces"
        );
        assert_eq!(
            describe(&parse("T", &TF).unwrap(), &TF),
            "a strip of 1 square: a toad on square 1"
        );
    }

    #[test]
    fn all_strips_counts_three_to_the_length() {
        assert_eq!(all_strips(0).len(), 1);
        assert_eq!(all_strips(4).len(), 81);
        let mut seen = all_strips(3);
        seen.sort();
        seen.dedup();
        assert_eq!(seen.len(), 27);
    }
}
