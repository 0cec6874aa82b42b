//! What a census enumerates: its family, whatever its members are — Hackenbush forests and
//! pictures, games born by a day, a game's boards, strips, cakes or heaps — said through one
//! trait, [`Family`], and the levels its members come in.
//!
//! The one idea: a family is a sequence of levels — the sizes 1, 2, 3, … ([`Level::Size`];
//! the edges of a forest, the cells of a board, the day games are born by) or the boxes of
//! rows × columns ([`Level::Box`]) — and how many members each level holds is known before it
//! is enumerated ([`Count`]): a closed form the census holds its members against, or a bound
//! that keeps a census within its budget. A family says its key, its members in words, its
//! levels and their counts, the engine that lists and values its members and whether it may
//! run under a budget; the census cache, the size check of a census block, the check of the
//! members counted against the closed forms and the page's description of a census read only
//! this. The census crate implements it for Hackenbush's forests and pictures and for games by
//! birthday, and once for every ruleset's declared families ([`Declared`]).
//!
//! A ruleset declares its families ([`Ruleset::census_families`](super::Ruleset::census_families))
//! and lists each level's members
//! ([`Ruleset::census_members`](super::Ruleset::census_members)) once up to the symmetries that
//! keep a position's value ([`Ruleset::census_form`](super::Ruleset::census_form): a
//! Domineering board and its reflections, Nim's heaps in any order). A symmetry that *negates*
//! the value (a Domineering board turned a quarter, a strip turned round with the pieces'
//! colours exchanged) is not folded: both positions are members, with opposite values, so a
//! census asks `value > 0` and `value < 0` of the same positions. Members come in a defined
//! order — level by level, then the ruleset's order within a level — so that the first member
//! with a property is the simplest one.

use hackenbook_base::provenance::Method;
use std::fmt;

/// A family a census enumerates, whatever its members are: the one interface that the census
/// cache, the size check of a census block, the check of its counts and the page's description
/// of a census read. A new kind of family implements it and has an engine that enumerates and
/// values its members.
pub trait Family: fmt::Display {
    /// A normalised description of the family: its census cache key is built from it.
    fn key(&self) -> String;

    /// The members in a reader's words: "every forest of 1 to 6 edges, blue and red".
    fn in_words(&self) -> String;

    /// Its levels, in census order: its members are listed level by level.
    fn levels(&self) -> Vec<Level>;

    /// How many members `level` holds, known before they are listed: exactly (a closed form or
    /// a published count, which the census is held against), or at most (a bound for its
    /// budget).
    fn count_at(&self, level: Level) -> Count;

    /// How many members it holds, by [`Family::count_at`] over its levels: exact when every
    /// level's count is, else an upper bound (`u128::MAX` past `u128`).
    fn count(&self) -> Count {
        let mut exact = true;
        let mut total = 0u128;
        for level in self.levels() {
            let (n, is_exact) = match self.count_at(level) {
                Count::Exact(n) => (n, true),
                Count::AtMost(n) => (n, false),
            };
            match total.checked_add(n) {
                Some(t) => total = t,
                None => return Count::AtMost(u128::MAX),
            }
            exact &= is_exact;
        }
        match exact {
            true => Count::Exact(total),
            false => Count::AtMost(total),
        }
    }

    /// The members a census counted of each level that disagree with the level's exact count
    /// (a level counted at most is not held), and members counted at a level the family does
    /// not have, in census order: empty when every member was counted once.
    fn miscounted(&self, counted: &[(Level, u128)]) -> Vec<Miscount> {
        let mut by_level: std::collections::BTreeMap<Level, u128> = Default::default();
        for &(level, n) in counted {
            *by_level.entry(level).or_default() += n;
        }
        let mut wrong = Vec::new();
        for level in self.levels() {
            let got = by_level.remove(&level).unwrap_or(0);
            if let Count::Exact(want) = self.count_at(level) {
                if got != want {
                    wrong.push(Miscount {
                        level,
                        got,
                        want: Some(want),
                    });
                }
            }
        }
        wrong.extend(by_level.into_iter().map(|(level, got)| Miscount {
            level,
            got,
            want: None,
        }));
        wrong
    }

    /// The engine that enumerates and values its members (the one its cached rows are
    /// attributed to).
    fn engine(&self) -> Engine;

    /// `Ok` if the census may run under a budget of `max_positions` members; otherwise what it
    /// would cost and how to confirm it (`how`).
    fn within(&self, max_positions: u128, how: &str) -> Result<(), String>;
}

/// A level whose members were counted otherwise than its exact count says
/// ([`Family::miscounted`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Miscount {
    pub level: Level,
    pub got: u128,
    /// What the closed form gives; `None` for a level outside the family.
    pub want: Option<u128>,
}

/// The engine that computed a census's rows (or a named position's record): how a family's
/// members are listed and valued.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    /// Blue-red forests under normal play, level by level in arrays (the census crate's
    /// enumerating engine).
    Fast,
    /// Forests of any colours, or under the childish rules, each from its options.
    Composing,
    /// The plain game tree on nested lists: named positions.
    Reference,
    /// Each member valued by the solver of its ruleset: Hackenbush's pictures with cycles, a
    /// game's declared families; a named position that is not a forest of at most 16 edges
    /// under normal play.
    Solver,
    /// Games enumerated by birthday.
    Games,
    /// Blue-red forests counted by value, none built: only figures that read values alone.
    Counting,
}

impl Engine {
    pub const ALL: [Engine; 6] = [
        Engine::Fast,
        Engine::Composing,
        Engine::Reference,
        Engine::Solver,
        Engine::Games,
        Engine::Counting,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Engine::Fast => "fast engine",
            Engine::Composing => "composing engine",
            Engine::Reference => "reference engine",
            Engine::Solver => "solver",
            Engine::Games => "games engine",
            Engine::Counting => "counting engine",
        }
    }

    /// How the engine values a member: the game tree for every engine but the solver's.
    pub fn value_method(self) -> Method {
        match self {
            Engine::Fast => Method::SimplicityRule,
            Engine::Composing | Engine::Reference | Engine::Games => Method::GameTree,
            Engine::Solver => Method::Solver,
            Engine::Counting => Method::TreeRule,
        }
    }
}

impl fmt::Display for Engine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a ruleset declares of one of its census families: its nouns, the unit of its levels,
/// and how many members each level holds. The census crate's family of a game's positions is
/// one of these, its ruleset and a bound, and implements [`Family`] by it.
#[derive(Clone, Copy, Debug)]
pub struct Declared {
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

impl Declared {
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

    /// Sizes 1 to 3, two members a size, the last size counted at most.
    struct Pairs;

    impl fmt::Display for Pairs {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("pairs")
        }
    }

    impl Family for Pairs {
        fn key(&self) -> String {
            "pairs".into()
        }
        fn in_words(&self) -> String {
            "every pair".into()
        }
        fn levels(&self) -> Vec<Level> {
            (1..=3).map(Level::Size).collect()
        }
        fn count_at(&self, level: Level) -> Count {
            match level {
                Level::Size(3) => Count::AtMost(2),
                _ => Count::Exact(2),
            }
        }
        fn engine(&self) -> Engine {
            Engine::Solver
        }
        fn within(&self, _: u128, _: &str) -> Result<(), String> {
            Ok(())
        }
    }

    #[test]
    fn a_family_counts_its_levels_and_holds_a_census_to_them() {
        assert_eq!(Pairs.count(), Count::AtMost(6));
        let size = |n, got| (Level::Size(n), got);
        // In any grouping; the level counted at most is not held.
        assert_eq!(
            Pairs.miscounted(&[size(1, 1), size(2, 2), size(1, 1), size(3, 1)]),
            []
        );
        assert_eq!(
            Pairs.miscounted(&[size(2, 3), size(5, 1)]),
            [
                Miscount {
                    level: Level::Size(1),
                    got: 0,
                    want: Some(2)
                },
                Miscount {
                    level: Level::Size(2),
                    got: 3,
                    want: Some(2)
                },
                Miscount {
                    level: Level::Size(5),
                    got: 1,
                    want: None
                },
            ]
        );
    }

    #[test]
    fn levels_go_by_size_or_by_area_then_rows() {
        let boxes = Declared {
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
    }
}
