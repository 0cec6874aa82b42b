//! Which positions of a game a census enumerates: its families (Domineering's boards of up to n
//! cells, Toads and Frogs' strips of up to n squares, Cutcake's cakes up to m × n), level by
//! level, each position once.
//!
//! The one idea: a family is a sequence of levels — the sizes 1, 2, 3, … ([`Level::Size`]) or
//! the boxes of rows × columns ([`Level::Box`]) — and a ruleset lists each level's members
//! ([`Ruleset::census_members`](super::Ruleset::census_members)) once up to the symmetries that
//! keep a position's value ([`Ruleset::census_form`](super::Ruleset::census_form): a
//! Domineering board and its reflections, Nim's heaps in any order). A symmetry that *negates*
//! the value (a Domineering board turned a quarter, a strip turned round with the pieces'
//! colours exchanged) is not folded: both positions are members, with opposite values, so a
//! census asks `value > 0` and `value < 0` of the same positions. Members come in a defined
//! order — level by level, then the ruleset's order within a level — so that the first member
//! with a property is the simplest one. How many members a level holds is known before it is
//! enumerated ([`Count`]): a closed form the census holds its members against, or a bound that
//! keeps a census within its budget.

use std::fmt;

/// A family of a game's positions that a census enumerates.
#[derive(Clone, Copy, Debug)]
pub struct CensusFamily {
    /// The words an author writes for it, the first its name: `boards`, `strips`, `cakes`.
    pub nouns: &'static [&'static str],
    /// The unit of its size, plural (`cells`, `squares`, `counters`); `None` for a family
    /// bounded by a box of rows × columns.
    pub unit: Option<&'static str>,
    /// What its members are, in a sentence of the README.
    pub doc: &'static str,
    /// How many members a level holds, before they are enumerated.
    pub count: fn(Level) -> Count,
}

impl CensusFamily {
    /// Its name: `boards`.
    pub fn noun(&self) -> &'static str {
        self.nouns[0]
    }

    /// Whether it is bounded by rows × columns rather than by size.
    pub fn boxed(&self) -> bool {
        self.unit.is_none()
    }

    /// Its levels up to `bound`, in census order: the sizes 1 to n, or every box of at most
    /// those rows and columns by area, then rows. Empty when `bound` is of the other kind.
    pub fn levels(&self, bound: Level) -> Vec<Level> {
        match (bound, self.boxed()) {
            (Level::Size(n), false) => (1..=n).map(Level::Size).collect(),
            (Level::Box { rows, cols }, true) => {
                let mut boxes: Vec<(usize, usize)> = (1..=rows)
                    .flat_map(|r| (1..=cols).map(move |c| (r, c)))
                    .collect();
                boxes.sort_by_key(|&(r, c)| (r * c, r));
                boxes
                    .into_iter()
                    .map(|(rows, cols)| Level::Box { rows, cols })
                    .collect()
            }
            _ => Vec::new(),
        }
    }

    /// The members up to `bound`, by [`CensusFamily::count`]: exact when every level's count
    /// is, else an upper bound (`None` past `u128`).
    pub fn count_up_to(&self, bound: Level) -> Option<Count> {
        let mut exact = true;
        let mut total = 0u128;
        for level in self.levels(bound) {
            let (n, is_exact) = match (self.count)(level) {
                Count::Exact(n) => (n, true),
                Count::AtMost(n) => (n, false),
            };
            total = total.checked_add(n)?;
            exact &= is_exact;
        }
        Some(if exact {
            Count::Exact(total)
        } else {
            Count::AtMost(total)
        })
    }
}

/// One level of a family: a size, or a box of rows × columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    Size(usize),
    Box { rows: usize, cols: usize },
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Level::Size(n) => write!(f, "{n}"),
            Level::Box { rows, cols } => write!(f, "{rows}x{cols}"),
        }
    }
}

/// How many members a level holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Count {
    /// Exactly, by a closed form or a published count that the census holds its members
    /// against.
    Exact(u128),
    /// At most: a bound for the census's budget, the members counted in the tests.
    AtMost(u128),
}

impl Count {
    /// The number, exact or a bound.
    pub fn bound(self) -> u128 {
        match self {
            Count::Exact(n) | Count::AtMost(n) => n,
        }
    }
}

/// `3^n` (`None` past `u128`): the strips of `n` squares, each empty or holding a piece of
/// either player.
pub fn strips_of(n: usize) -> Count {
    match u32::try_from(n).ok().and_then(|n| 3u128.checked_pow(n)) {
        Some(k) => Count::Exact(k),
        None => Count::AtMost(u128::MAX),
    }
}

/// The partitions of `n` (OEIS A000041: 1, 1, 2, 3, 5, 7, 11, 15, 22, 30, 42 for n = 0 to 10),
/// by the recurrence over the largest part (`u128::MAX` once past it): Nim's positions of `n`
/// counters, the heaps in any order.
pub fn partitions(n: usize) -> u128 {
    // ways[k]: the partitions of k into parts of at most `part`.
    let mut ways = vec![0u128; n + 1];
    ways[0] = 1;
    for part in 1..=n {
        for k in part..=n {
            ways[k] = ways[k].saturating_add(ways[k - part]);
        }
    }
    ways[n]
}

/// Fixed polyominoes of n cells, n = 1 to 20 (OEIS A001168, "Number of fixed polyominoes with
/// n cells"; Jensen, "Enumerations of lattice animals and trees", J. Stat. Phys. 102, 2001):
/// every connected board of n cells up to translation. The boards of n cells up to their
/// reflections and half turn are at least a quarter of these and at most all of them.
pub const FIXED_POLYOMINOES: [u128; 20] = [
    1,
    2,
    6,
    19,
    63,
    216,
    760,
    2725,
    9910,
    36446,
    135268,
    505861,
    1903890,
    7204874,
    27394666,
    104592937,
    400795844,
    1540820542,
    5940738676,
    22964779660,
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn partitions_follow_the_published_counts() {
        // OEIS A000041.
        let published = [
            1u128, 1, 2, 3, 5, 7, 11, 15, 22, 30, 42, 56, 77, 101, 135, 176,
        ];
        for (n, &p) in published.iter().enumerate() {
            assert_eq!(partitions(n), p, "p({n})");
        }
    }

    #[test]
    fn levels_go_by_size_or_by_area_then_rows() {
        let boxes = CensusFamily {
            nouns: &["cakes"],
            unit: None,
            doc: "",
            count: |_| Count::Exact(1),
        };
        let written: Vec<String> = boxes
            .levels(Level::Box { rows: 2, cols: 3 })
            .iter()
            .map(Level::to_string)
            .collect();
        assert_eq!(written, ["1x1", "1x2", "2x1", "1x3", "2x2", "2x3"]);
        assert!(boxes.levels(Level::Size(3)).is_empty());
        assert_eq!(
            boxes.count_up_to(Level::Box { rows: 2, cols: 3 }),
            Some(Count::Exact(6))
        );
    }
}
