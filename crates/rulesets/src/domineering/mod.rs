//! Domineering: players take turns placing dominoes on the free squares of a board; Left
//! places them vertically, Right horizontally, and a player who cannot place one loses.
//!
//! The one idea: a board is a bitboard ([`board::Board`], at most 128 squares), and the game's
//! structure does the rest of the work — the free squares split into regions that no domino
//! spans, so a board is the sum of its regions; a region, its mirror images and its half turn
//! share a value, and a quarter turn (or a reflection in a diagonal) swaps the players and
//! negates it, so each region is valued once under the least of its eight images
//! ([`Board::symmetry_key`]). The generic [`Solver`](super::Solver) does the valuing; who wins
//! a board too large for canonical forms is the outcome search's question ([`outcome`]).
//!
//! Notation ([`notation`]): `4x5` is a board of **4 rows and 5 columns** (rows first, as in a
//! matrix), so `2x3` is two rows of three squares, worth {2 | −½}; a board with blocked squares
//! is written as its rows of `.` (free) and `#` (blocked), top row first, separated by `/` or
//! line breaks (`..#/...`). Squares are named as on a chessboard — columns `a, b, c, …` from
//! the left, rows `1, 2, …` from the bottom — and a domino by its two squares: `a1-a2` is
//! Left's vertical domino on a1 and a2, `a1-b1` Right's horizontal one. A board reached by
//! moves remembers the dominoes placed on it, and draws and writes them (`L`, `R`).

pub mod board;
mod draw;
pub mod notation;
pub mod outcome;
pub mod shapes;

#[cfg(test)]
mod tests;

pub use board::{Board, MAX_CELLS};

use super::census::FIXED_POLYOMINOES;
use super::{Count, Declared, Drawing, Keyed, Level, Move, Ruleset};
use hackenbook_base::located::Located;
use hackenbook_games::{GameId, Games, Player};

/// The rules of Domineering (no variants).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Domineering;

impl Domineering {
    /// The moves of `player` as the squares of each domino: `(upper or left square, the other)`,
    /// in the order of [`Ruleset::moves`].
    fn dominoes(p: &Board, player: Player) -> impl Iterator<Item = (u32, u32)> {
        let (mut starts, step) = match player {
            Player::Left => (p.vertical_moves(), p.cols() as u32),
            Player::Right => (p.horizontal_moves(), 1),
        };
        std::iter::from_fn(move || {
            if starts == 0 {
                return None;
            }
            let i = starts.trailing_zeros();
            starts &= starts - 1;
            Some((i, i + step))
        })
    }
}

/// The families a census of Domineering enumerates ([`Ruleset::census_families`]).
const CENSUS_FAMILIES: &[Declared] = &[
    Declared {
        nouns: &["boards", "shapes", "polyominoes"],
        unit: Some("cells"),
        doc: "every board of n free cells that hangs together (a polyomino), once up to \
              its reflections and half turn, which keep its value; a board and its quarter \
              turn, of opposite values, are both members unless a reflection makes them \
              one (1, 2, 3, 9, 21, 68, 208, 730 boards of 1 to 8 cells; the free \
              polyominoes, up to every symmetry of the square, are 1, 1, 2, 5, 12, 35, \
              108, 369, OEIS A000105); by rows, then columns, then the free squares",
        count: |level| match level {
            Level::Size(n) => Count::AtMost(
                n.checked_sub(1)
                    .and_then(|i| FIXED_POLYOMINOES.get(i).copied())
                    .unwrap_or(u128::MAX),
            ),
            Level::Box { .. } => Count::Exact(0),
        },
    },
    Declared {
        nouns: &["rectangles", "boards"],
        unit: None,
        doc: "one empty rectangle of each size up to m rows and n columns (an r × c \
              rectangle and its c × r quarter turn, of opposite values, both), by area, \
              then rows",
        count: |level| match level {
            Level::Box { rows, cols } => {
                Count::Exact(u128::from(Board::rectangle(rows, cols).is_some()))
            }
            Level::Size(_) => Count::Exact(0),
        },
    },
];

impl Ruleset for Domineering {
    type Position = Board;
    /// The least image of a board under the symmetries of the square.
    type Key = Board;

    fn name(&self) -> &'static str {
        "domineering"
    }

    fn players(&self) -> Option<&'static str> {
        Some("Left places vertical dominoes, Right horizontal ones")
    }

    fn move_verb(&self) -> &'static str {
        "places"
    }

    fn parse(&self, text: &str) -> Result<Board, Located> {
        notation::parse_board(text)
    }

    fn print(&self, p: &Board) -> String {
        notation::print_board(p)
    }

    fn size(&self, p: &Board) -> usize {
        p.free_count()
    }

    /// The squares a board may have ([`board::MAX_CELLS`]): its free squares are fewer.
    fn max_size(&self) -> usize {
        board::MAX_CELLS
    }

    fn size_unit(&self) -> &'static str {
        "free squares"
    }

    fn moves(&self, p: &Board, player: Player) -> Vec<Move<Board>> {
        let cols = p.cols();
        Domineering::dominoes(p, player)
            .map(|(i, j)| {
                let (r, c) = (i as usize / cols, i as usize % cols);
                Move {
                    name: notation::domino_name(p, r, c, player == Player::Left),
                    to: p.with_placed(i, j, player),
                }
            })
            .collect()
    }

    fn options(&self, p: &Board, player: Player) -> Vec<Board> {
        Domineering::dominoes(p, player)
            .map(|(i, j)| p.with_blocked(i, j))
            .collect()
    }

    /// The regions of free squares, each on its bounding box; a lone square (where nobody can
    /// move) is left out.
    fn components(&self, p: &Board) -> Vec<Board> {
        p.regions()
            .into_iter()
            .filter(|r| r.count_ones() > 1)
            .map(|r| p.cut(r))
            .collect()
    }

    fn key(&self, p: &Board) -> Keyed<Board> {
        let (key, negated) = p.symmetry_key();
        Keyed { key, negated }
    }

    /// A straight strip of `n` free squares (and nothing else free) is worth `n / 2` moves,
    /// rounded down, to the player whose dominoes fit it: Left's for a column, Right's for a
    /// row. A board with no free pair of squares is 0.
    fn fast_value(&self, p: &Board, games: &mut Games) -> Option<GameId> {
        let (vertical, horizontal) = (p.vertical_moves(), p.horizontal_moves());
        if vertical == 0 && horizontal == 0 {
            return Some(games.zero());
        }
        // n squares joined by n - 1 pairs, all in one direction, are one straight strip.
        let n = p.free().count_ones();
        let half = i64::from(n / 2);
        if vertical == 0 && horizontal.count_ones() + 1 == n {
            return Some(games.integer(-half));
        }
        if horizontal == 0 && vertical.count_ones() + 1 == n {
            return Some(games.integer(half));
        }
        None
    }

    fn census_families(&self) -> &'static [Declared] {
        CENSUS_FAMILIES
    }

    fn census_members(&self, family: usize, level: Level) -> Vec<Board> {
        match (family, level) {
            (0, Level::Size(n)) => shapes::boards(n),
            (1, Level::Box { rows, cols }) => Board::rectangle(rows, cols).into_iter().collect(),
            _ => Vec::new(),
        }
    }

    /// Its free squares on their bounding box, the least of its four images that keep a
    /// domino's direction ([`Board::least_of_four`]).
    fn census_form(&self, p: &Board) -> Board {
        shapes::census_form(p)
    }

    fn draw(&self, p: &Board) -> Drawing {
        draw::draw(p)
    }

    /// A domino named by its two squares in either order (`a2-a1` is `a1-a2`); a wrong
    /// name is told what is wrong with it.
    fn find_move(&self, p: &Board, player: Player, name: &str) -> Result<Move<Board>, String> {
        let squares: Vec<&str> = name.split(['-', '–', '—']).map(str::trim).collect();
        let example = "name a domino by its two squares, such as `a1-a2` (Left's, vertical) or \
                       `a1-b1` (Right's, horizontal)";
        let [a, b] = squares[..] else {
            return Err(format!("`{name}` is not a domino: {example}"));
        };
        let off_board = |s: &str| {
            format!(
                "`{s}` is not a square of this board of {} rows and {} columns (a1 is the \
                 bottom left square)",
                p.rows(),
                p.cols()
            )
        };
        let first = notation::read_square(p, a).ok_or_else(|| off_board(a))?;
        let second = notation::read_square(p, b).ok_or_else(|| off_board(b))?;
        let (upper, lower) = (first.min(second), first.max(second));
        let vertical = upper.1 == lower.1 && lower.0 == upper.0 + 1;
        let horizontal = upper.0 == lower.0 && lower.1 == upper.1 + 1;
        if !vertical && !horizontal {
            return Err(format!(
                "`{a}` and `{b}` are not next to each other: a domino covers two squares side \
                 by side or one above the other"
            ));
        }
        let wanted = match player {
            Player::Left => vertical,
            Player::Right => horizontal,
        };
        if !wanted {
            let (theirs, mine) = match player {
                Player::Left => ("horizontal, Right's", "vertical"),
                Player::Right => ("vertical, Left's", "horizontal"),
            };
            return Err(format!(
                "`{name}` is a {theirs} domino: {player} places {mine} dominoes"
            ));
        }
        for (r, c) in [upper, lower] {
            if !p.is_free(r, c) {
                return Err(format!(
                    "{} is not free: a domino covers two free squares",
                    notation::square_name(p, r, c)
                ));
            }
        }
        Ok(Move {
            name: notation::domino_name(p, upper.0, upper.1, vertical),
            to: p.with_placed(p.bit(upper.0, upper.1), p.bit(lower.0, lower.1), player),
        })
    }
}
