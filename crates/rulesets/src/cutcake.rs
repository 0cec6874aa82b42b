//! Cutcake: rectangular cakes scored into squares; Left cuts a piece along a line between two of
//! its columns, Right along a line between two of its rows, and whoever cannot cut loses.
//!
//! The one idea: a cake's value is read off its sides by powers of two. Written as pieces `3x4`
//! — rows × columns, so `3x4` is three rows of four squares, wider than tall — several pieces
//! separated by blanks, commas or `+` (their sum): `3x4 2x2`; `×` and `X` may be written for
//! `x`. Left's cuts are vertical: they split the columns, taking an m × n piece to m × a and
//! m × (n − a); Right's are horizontal and split the rows. This is what CGSuite computes
//! (`game.heap.Cutcake`: `GenCutcake.cgs` gives Left's ruleset the column coordinate, and its
//! test `GameHeapTest.scala` has the cake of 8 rows and 1 column at −7, Right's 7 cuts; the doc
//! comment in `heap/constants.cgs` says the reverse, against the code). A move is named by the
//! piece and the two it leaves, the left or upper one first: `3x4→3x1+3x3` (Left cuts after the
//! first column), `3x4→1x4+2x4` (Right cuts after the first row), with `[k]` for the k-th of
//! several equal pieces (`2x2[2]→1x2+1x2`); `->` may be typed for `→`.
//!
//! **Parts.** Each piece is a part; a single square has no cut and is dropped.
//! **Key.** Turning a piece a quarter turn swaps the players, so an m × n piece is worth the
//! negative of an n × m one, and a square piece is worth 0. A position is filed under its pieces
//! with each square dropped and each piece paired off against a turned copy, as counts of the
//! pieces `a x b` with `a < b` (a turned piece counts −1), the sign chosen so that the first count
//! is positive (negated if that took a flip).
//! **Shortcut.** With `c` columns (Left's side) and `r` rows: if `c ≥ r`, the value is
//! ⌊c / 2ᵏ⌋ − 1 where 2ᵏ is the largest power of two not above `r`; if `r > c`, the negative of
//! the same with the sides exchanged: the rule by powers of two that the issue credits to
//! Winning Ways (not consulted here), as the answer to "Breaking chocolate bars game"
//! (math.stackexchange.com/q/874668) states it with its table of the cakes up to 16 × 16. The
//! tests hold rule and table against the game tree on every one of those cakes.

use super::{Count, Declared, Drawing, Item, Keyed, Level, Move, Ruleset};
use hackenbook_base::located::Located;
use hackenbook_games::{GameId, Games, Player};

/// The rules of Cutcake (no variants).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cutcake;

/// One piece of cake: its rows and columns of squares, each from 1 to [`MAX_SIDE`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cake {
    rows: u32,
    cols: u32,
}

/// The pieces, in the order written (pieces are cut in place, so a piece keeps its place).
pub type Cakes = Vec<Cake>;

/// The longest side a piece may have.
pub const MAX_SIDE: u32 = 10_000;

/// The most pieces a position may have.
pub const MAX_PIECES: usize = 1_000;

impl Cake {
    /// The piece of `rows` rows and `cols` columns, if each is from 1 to [`MAX_SIDE`].
    pub fn new(rows: u32, cols: u32) -> Option<Cake> {
        let side = 1..=MAX_SIDE;
        (side.contains(&rows) && side.contains(&cols)).then_some(Cake { rows, cols })
    }

    pub fn rows(self) -> u32 {
        self.rows
    }

    pub fn cols(self) -> u32 {
        self.cols
    }

    fn name(self) -> String {
        format!("{}x{}", self.rows, self.cols)
    }

    /// Its value by the rule of powers of two (see the module's doc).
    pub fn value(self) -> i64 {
        /// ⌊long / 2ᵏ⌋ − 1, 2ᵏ the largest power of two not above `short`.
        fn side(long: u32, short: u32) -> i64 {
            let power = 1u32 << (31 - short.leading_zeros());
            i64::from(long / power) - 1
        }
        if self.cols >= self.rows {
            side(self.cols, self.rows)
        } else {
            -side(self.rows, self.cols)
        }
    }
}

/// The name of piece `i`: its size, and `[k]` when several pieces have that size.
fn piece_name(p: &[Cake], i: usize) -> String {
    let same = p.iter().filter(|&&c| c == p[i]).count();
    if same == 1 {
        p[i].name()
    } else {
        let k = p[..=i].iter().filter(|&&c| c == p[i]).count();
        format!("{}[{k}]", p[i].name())
    }
}

/// The pieces a cut leaves, left or upper one first, for every cut of `player` in `cake`.
fn cuts(cake: Cake, player: Player) -> Vec<(Cake, Cake)> {
    match player {
        Player::Left => (1..cake.cols)
            .map(|a| {
                (
                    Cake {
                        rows: cake.rows,
                        cols: a,
                    },
                    Cake {
                        rows: cake.rows,
                        cols: cake.cols - a,
                    },
                )
            })
            .collect(),
        Player::Right => (1..cake.rows)
            .map(|a| {
                (
                    Cake {
                        rows: a,
                        cols: cake.cols,
                    },
                    Cake {
                        rows: cake.rows - a,
                        cols: cake.cols,
                    },
                )
            })
            .collect(),
    }
}

fn move_name(p: &[Cake], i: usize, (a, b): (Cake, Cake)) -> String {
    format!("{}→{}+{}", piece_name(p, i), a.name(), b.name())
}

/// Reads one side of a piece: a plain positive number up to [`MAX_SIDE`].
fn side(text: &str, span: std::ops::Range<usize>, which: &str) -> Result<u32, Located> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(Located::new(
            span,
            format!("a piece is written rows x columns, such as 3x4; `{text}` is not its {which}"),
        ));
    }
    if text.len() > 1 && text.starts_with('0') {
        return Err(Located::new(
            span,
            format!("`{text}` has a leading zero: write the {which} as a plain number"),
        ));
    }
    match text.parse::<u32>() {
        Ok(0) => Err(Located::new(
            span,
            format!("a piece has at least one row and one column; this one has no {which}"),
        )),
        Ok(n) if n <= MAX_SIDE => Ok(n),
        _ => Err(Located::new(
            span,
            format!("a piece has at most {MAX_SIDE} rows and {MAX_SIDE} columns"),
        )),
    }
}

/// Reads one piece, `3x4`, found at byte `start` of the text.
fn piece(word: &str, start: usize) -> Result<Cake, Located> {
    let span = start..start + word.len();
    let mut parts = word.match_indices(['x', 'X', '×']);
    let Some((at, sep)) = parts.next() else {
        return Err(Located::new(
            span,
            format!("`{word}` is not a piece: write rows x columns, such as 3x4"),
        ));
    };
    if let Some((again, _)) = parts.next() {
        return Err(Located::new(
            start + again..start + word.len(),
            format!("`{word}` has more than two sides: a piece is rows x columns, such as 3x4"),
        ));
    }
    let rows = &word[..at];
    let cols = &word[at + sep.len()..];
    Ok(Cake {
        rows: side(rows, start..start + at, "rows")?,
        cols: side(cols, start + at + sep.len()..span.end, "columns")?,
    })
}

/// The families a census of Cutcake enumerates ([`Ruleset::census_families`]).
const CENSUS_FAMILIES: &[Declared] = &[
    Declared {
        nouns: &["cakes", "pieces"],
        unit: Some("cells"),
        doc: "every single piece of n cells, rows × columns = n (as many as n has \
              divisors: 1, 2, 2, 3, 2, 4, … for n = 1, 2, 3, …, OEIS A000005), fewest \
              rows first",
        count: |level| match level {
            Level::Size(n) => Count::Exact((1..=n).filter(|r| n % r == 0).count() as u128),
            Level::Box { .. } => Count::Exact(0),
        },
    },
    Declared {
        nouns: &["cakes", "pieces", "rectangles"],
        unit: None,
        doc: "one piece of each size up to m rows and n columns, by area, then rows",
        count: |level| Count::Exact(u128::from(matches!(level, Level::Box { .. }))),
    },
];

impl Ruleset for Cutcake {
    type Position = Cakes;
    /// Counts of the pieces `a x b`, `a < b`, net of turned copies (see the module's doc).
    type Key = Vec<(u32, u32, i64)>;

    fn name(&self) -> &'static str {
        "cutcake"
    }

    fn players(&self) -> Option<&'static str> {
        Some("Left cuts along the columns, Right along the rows")
    }

    fn move_verb(&self) -> &'static str {
        "cuts"
    }

    fn parse(&self, text: &str) -> Result<Cakes, Located> {
        let separator = |c: char| c.is_whitespace() || c == ',' || c == '+';
        let mut cakes = Vec::new();
        let mut at = 0;
        for word in text.split_inclusive(separator) {
            let start = at;
            at += word.len();
            let word = word.trim_end_matches(separator);
            if word.is_empty() {
                continue;
            }
            if cakes.len() == MAX_PIECES {
                return Err(Located::new(
                    start..start + word.len(),
                    format!("a position has at most {MAX_PIECES} pieces of cake"),
                ));
            }
            cakes.push(piece(word, start)?);
        }
        if cakes.is_empty() {
            return Err(Located::new(
                0..text.len(),
                "no cake: write its pieces as rows x columns, such as `3x4` or `3x4 2x2`",
            ));
        }
        Ok(cakes)
    }

    fn print(&self, p: &Cakes) -> String {
        p.iter().map(|c| c.name()).collect::<Vec<_>>().join(" ")
    }

    fn size(&self, p: &Cakes) -> usize {
        p.iter().fold(0usize, |total, c| {
            let cells = u64::from(c.rows) * u64::from(c.cols);
            total.saturating_add(usize::try_from(cells).unwrap_or(usize::MAX))
        })
    }

    fn size_unit(&self) -> &'static str {
        "squares of cake"
    }

    fn moves(&self, p: &Cakes, player: Player) -> Vec<Move<Cakes>> {
        let mut out = Vec::new();
        for (i, &cake) in p.iter().enumerate() {
            for cut in cuts(cake, player) {
                let mut to = Vec::with_capacity(p.len() + 1);
                to.extend_from_slice(&p[..i]);
                to.extend([cut.0, cut.1]);
                to.extend_from_slice(&p[i + 1..]);
                out.push(Move {
                    name: move_name(p, i, cut),
                    to,
                });
            }
        }
        out
    }

    fn components(&self, p: &Cakes) -> Vec<Cakes> {
        p.iter()
            .filter(|c| c.rows > 1 || c.cols > 1)
            .map(|&c| vec![c])
            .collect()
    }

    fn key(&self, p: &Cakes) -> Keyed<Vec<(u32, u32, i64)>> {
        let mut counts: Vec<(u32, u32, i64)> = Vec::new();
        for &c in p {
            let (a, b, sign) = match c.rows.cmp(&c.cols) {
                std::cmp::Ordering::Equal => continue,
                std::cmp::Ordering::Less => (c.rows, c.cols, 1),
                std::cmp::Ordering::Greater => (c.cols, c.rows, -1),
            };
            match counts.iter_mut().find(|e| (e.0, e.1) == (a, b)) {
                Some(e) => e.2 += sign,
                None => counts.push((a, b, sign)),
            }
        }
        counts.retain(|e| e.2 != 0);
        counts.sort_unstable();
        let negated = counts.first().is_some_and(|e| e.2 < 0);
        if negated {
            for e in &mut counts {
                e.2 = -e.2;
            }
        }
        Keyed {
            key: counts,
            negated,
        }
    }

    fn fast_value(&self, p: &Cakes, games: &mut Games) -> Option<GameId> {
        let total = p.iter().map(|c| c.value()).sum::<i64>();
        Some(games.integer(total))
    }

    fn census_families(&self) -> &'static [Declared] {
        CENSUS_FAMILIES
    }

    fn census_members(&self, family: usize, level: Level) -> Vec<Cakes> {
        let piece = |rows: usize, cols: usize| {
            let side = |n: usize| u32::try_from(n).ok();
            Cake::new(side(rows)?, side(cols)?).map(|c| vec![c])
        };
        match (family, level) {
            (0, Level::Size(n)) => (1..=n)
                .filter(|r| n % r == 0)
                .filter_map(|r| piece(r, n / r))
                .collect(),
            (1, Level::Box { rows, cols }) => piece(rows, cols).into_iter().collect(),
            _ => Vec::new(),
        }
    }

    /// The pieces in order of size (their order changes no value).
    fn census_form(&self, p: &Cakes) -> Cakes {
        let mut pieces = p.clone();
        pieces.sort_unstable();
        pieces
    }

    fn draw(&self, p: &Cakes) -> Drawing {
        /// The space between two pieces, in squares.
        const GAP: f32 = 1.0;
        let tallest = p.iter().map(|c| c.rows).max().unwrap_or(1) as f32;
        let mut items = Vec::new();
        let mut x = 0.0f32;
        for (i, &cake) in p.iter().enumerate() {
            let (w, h) = (cake.cols as f32, cake.rows as f32);
            let number = i + 1;
            items.push(Item {
                piece: None,
                id: format!("cake-{number}"),
                svg: format!(
                    "<rect class=\"hb-cake\" x=\"{x}\" y=\"0\" width=\"{w}\" height=\"{h}\"/>"
                ),
                moves: Vec::new(),
                label: format!(
                    "piece {number}, {} by {} (rows by columns)",
                    cake.rows, cake.cols
                ),
            });
            for player in Player::BOTH {
                for (a, cut) in cuts(cake, player).into_iter().enumerate() {
                    let line = a + 1;
                    let (kind, along, svg) = match player {
                        Player::Left => {
                            let cx = x + line as f32;
                            (
                                "column",
                                "left",
                                format!("x1=\"{cx}\" y1=\"0\" x2=\"{cx}\" y2=\"{h}\""),
                            )
                        }
                        Player::Right => {
                            let cy = line as f32;
                            (
                                "row",
                                "right",
                                format!("x1=\"{x}\" y1=\"{cy}\" x2=\"{}\" y2=\"{cy}\"", x + w),
                            )
                        }
                    };
                    items.push(Item {
                        piece: None,
                        id: format!("cake-{number}-{kind}-{line}"),
                        svg: format!("<line class=\"hb-cut-{along}\" {svg}/>"),
                        moves: vec![(player, move_name(p, i, cut))],
                        label: format!("{player}'s cut of piece {number} after {kind} {line}"),
                    });
                }
            }
            x += w + GAP;
        }
        let sizes: Vec<String> = p
            .iter()
            .map(|c| format!("{} by {}", c.rows, c.cols))
            .collect();
        Drawing {
            view: [-0.125, -0.125, (x - GAP).max(0.0) + 0.25, tallest + 0.25],
            items,
            description: match sizes.split_last() {
                Some((only, [])) => format!("a cake of {only} (rows by columns)"),
                Some((last, rest)) => format!(
                    "{} pieces of cake (rows by columns): {} and {last}",
                    p.len(),
                    rest.join(", ")
                ),
                None => "no cake".to_string(),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::yardstick::{agree_with_plain, reads_back, targets_are_the_moves, Unaided};
    use crate::Solver;
    use hackenbook_games::clock::Running;

    fn cakes(text: &str) -> Cakes {
        reads_back(&Cutcake, text)
    }

    #[test]
    fn notation_reads_back_and_locates_what_is_not_a_piece() {
        assert_eq!(Cutcake.print(&cakes(" 3x4, 2X2 +1×5\r\n")), "3x4 2x2 1x5");
        let e = |text: &str| Cutcake.parse(text).unwrap_err();
        assert_eq!(e("3x4 3").span, 4..5);
        assert_eq!(e("3x4 3x").span, 6..6);
        assert_eq!(e("x4").span, 0..0);
        assert!(e("0x4").message.contains("no rows"), "{}", e("0x4").message);
        assert!(e("3x04").message.contains("leading zero"));
        assert_eq!(e("3x4x5").span, 3..5);
        assert!(e("10001x1").message.contains("at most 10000"));
        assert!(e("99999999999999999999x1").message.contains("at most"));
        // `×` is two bytes: the columns start after it.
        assert_eq!(e("3×a").span, 3..4);
        assert_eq!(e("3x4 3x4ü").span, 6..9);
        assert!(e(" ,+ ").message.starts_with("no cake"));
        let many = "1x2 ".repeat(MAX_PIECES + 1);
        assert_eq!(e(&many).span, 4 * MAX_PIECES..4 * MAX_PIECES + 3);
        assert!(Cutcake.parse(&"1x2 ".repeat(MAX_PIECES)).is_ok());
        // A piece built in code keeps the same bounds, so every value is defined.
        assert_eq!(Cake::new(0, 3), None);
        assert_eq!(Cake::new(3, MAX_SIDE + 1), None);
        assert_eq!(Cake::new(3, 4).map(Cake::value), Some(1));
        assert!(e("").message.starts_with("no cake"));
    }

    #[test]
    fn left_cuts_between_columns_right_between_rows() {
        let names = |text: &str, who: Player| -> Vec<String> {
            Cutcake
                .moves(&cakes(text), who)
                .into_iter()
                .map(|m| m.name)
                .collect()
        };
        assert_eq!(names("2x3", Player::Left), ["2x3→2x1+2x2", "2x3→2x2+2x1"]);
        assert_eq!(names("2x3", Player::Right), ["2x3→1x3+1x3"]);
        assert_eq!(
            names("1x2 1x2", Player::Left),
            ["1x2[1]→1x1+1x1", "1x2[2]→1x1+1x1"]
        );
        assert!(names("3x1", Player::Left).is_empty());
        let m = Cutcake
            .find_move(&cakes("2x2 3x4"), Player::Right, "3x4 -> 1x4 + 2x4")
            .unwrap();
        assert_eq!(Cutcake.print(&m.to), "2x2 1x4 2x4");
    }

    /// Every cake of up to SINGLE squares and every pair of up to PAIR in all (as far as the
    /// plain game tree goes in a quick test: it values the pieces in every order they can lie
    /// in): parts, key and shortcut against it, with and without the shortcut.
    #[test]
    fn the_solver_agrees_with_the_plain_game_tree() {
        const SINGLE: u32 = 12;
        const PAIR: u32 = 8;
        let singles: Vec<Cake> = (1..=SINGLE)
            .flat_map(|rows| (1..=SINGLE).map(move |cols| Cake { rows, cols }))
            .filter(|c| c.rows * c.cols <= SINGLE)
            .collect();
        let mut positions: Vec<Cakes> = singles.iter().map(|&c| vec![c]).collect();
        for &a in &singles {
            for &b in &singles {
                if a.rows * a.cols + b.rows * b.cols <= PAIR {
                    positions.push(vec![a, b]);
                }
            }
        }
        let mut games = Games::new();
        agree_with_plain(&Cutcake, &positions, &mut games);
        agree_with_plain(&Unaided(Cutcake), &positions, &mut games);
    }

    /// The values of the cakes of 1 to 16 rows and columns, as the answer to "Breaking chocolate
    /// bars game" (math.stackexchange.com/q/874668) tabulates them by the rule of Winning Ways:
    /// row `a` is the side Left's cuts split (columns here), column `b` the side Right's split.
    const TABLE: [[i64; 16]; 16] = [
        [
            0, -1, -2, -3, -4, -5, -6, -7, -8, -9, -10, -11, -12, -13, -14, -15,
        ],
        [1, 0, 0, -1, -1, -2, -2, -3, -3, -4, -4, -5, -5, -6, -6, -7],
        [2, 0, 0, -1, -1, -2, -2, -3, -3, -4, -4, -5, -5, -6, -6, -7],
        [3, 1, 1, 0, 0, 0, 0, -1, -1, -1, -1, -2, -2, -2, -2, -3],
        [4, 1, 1, 0, 0, 0, 0, -1, -1, -1, -1, -2, -2, -2, -2, -3],
        [5, 2, 2, 0, 0, 0, 0, -1, -1, -1, -1, -2, -2, -2, -2, -3],
        [6, 2, 2, 0, 0, 0, 0, -1, -1, -1, -1, -2, -2, -2, -2, -3],
        [7, 3, 3, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, -1],
        [8, 3, 3, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, -1],
        [9, 4, 4, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, -1],
        [10, 4, 4, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, -1],
        [11, 5, 5, 2, 2, 2, 2, 0, 0, 0, 0, 0, 0, 0, 0, -1],
        [12, 5, 5, 2, 2, 2, 2, 0, 0, 0, 0, 0, 0, 0, 0, -1],
        [13, 6, 6, 2, 2, 2, 2, 0, 0, 0, 0, 0, 0, 0, 0, -1],
        [14, 6, 6, 2, 2, 2, 2, 0, 0, 0, 0, 0, 0, 0, 0, -1],
        [15, 7, 7, 3, 3, 3, 3, 1, 1, 1, 1, 1, 1, 1, 1, 0],
    ];

    /// Every cake up to 16 × 16: the game tree (pieces valued apart, no shortcut), the published
    /// table and the rule of powers of two agree.
    #[test]
    fn the_table_of_winning_ways_and_the_rule_of_powers_of_two() {
        let mut games = Games::new();
        let mut tree = Solver::new(Unaided(Cutcake));
        for rows in 1..=16u32 {
            for cols in 1..=16u32 {
                let cake = Cake { rows, cols };
                let v = tree
                    .value(&vec![cake], &mut games, &Running::default())
                    .unwrap();
                let published = TABLE[cols as usize - 1][rows as usize - 1];
                assert_eq!(v, games.integer(published), "{rows}x{cols}");
                assert_eq!(cake.value(), published, "{rows}x{cols}");
            }
        }
    }

    /// CGSuite's test suite (lib/core/src/test/scala/org/cgsuite/lang/GameHeapTest.scala):
    /// `[game.heap.Cutcake((8,n)).CanonicalForm for n from 0 to 8]` is
    /// `[-7,-7,-3,-3,-1,-1,-1,-1,0]` — for n ≥ 1, the cakes of 8 rows and n columns (the issue's
    /// −7, −3, −3, −1, −1, −1, −1, 0).
    #[test]
    fn eight_rows_as_cgsuite_gives_them() {
        let mut games = Games::new();
        let mut tree = Solver::new(Unaided(Cutcake));
        let values: Vec<i64> = (1..=8u32)
            .map(|cols| {
                let v = tree
                    .value(
                        &vec![Cake { rows: 8, cols }],
                        &mut games,
                        &Running::default(),
                    )
                    .unwrap();
                games.as_number(v).unwrap().as_small().unwrap().0
            })
            .collect();
        assert_eq!(values, [-7, -3, -3, -1, -1, -1, -1, 0]);
    }

    #[test]
    fn turned_pieces_cancel_and_squares_are_nothing() {
        let k = |text: &str| Cutcake.key(&cakes(text));
        assert_eq!(k("2x3 3x2 4x4").key, vec![]);
        assert_eq!(k("2x3").key, k("3x2").key);
        assert!(!k("2x3").negated);
        assert!(k("3x2").negated);
        // 3x2 + 3x2 + 2x3 + 1x5 = 3x2 + 1x5, the negative of 5x1 + 2x3.
        assert_eq!(k("3x2 3x2 2x3 1x5").key, k("5x1 2x3").key);
        assert!(!k("3x2 3x2 2x3 1x5").negated);
        assert!(k("5x1 2x3").negated);
    }

    #[test]
    fn every_cut_is_a_target() {
        for text in ["3x4", "2x2 1x3 3x1", "1x1", "2x2 2x2"] {
            targets_are_the_moves(&Cutcake, &cakes(text));
        }
        let d = Cutcake.draw(&cakes("2x3 1x1"));
        let cut = d.items.iter().find(|i| i.id == "cake-1-column-1").unwrap();
        assert_eq!(cut.moves, [(Player::Left, "2x3→2x1+2x2".to_string())]);
        assert_eq!(cut.label, "Left's cut of piece 1 after column 1");
        assert_eq!(
            d.description,
            "2 pieces of cake (rows by columns): 2 by 3 and 1 by 1"
        );
    }
}
