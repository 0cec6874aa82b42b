//! Reproducible random game forms, for property tests, differential tests and benchmarks.
//!
//! The one idea: describe a random game as a plain tree of options (`Form`), independent of any
//! engine, so the very same input can be fed to this engine and to another one and the results
//! compared; a seeded generator makes every failing case replayable.

use super::dyadic::Dyadic;
use super::nus::Nus;
use super::{GameId, Games};

/// A game form: explicit options, or a number-up-star value as a leaf.
#[derive(Clone, Debug, PartialEq)]
pub enum Form {
    Options(Vec<Form>, Vec<Form>),
    Leaf(Nus),
}

impl Form {
    /// Builds the form in `games`, canonicalising at every node.
    pub fn build(&self, games: &mut Games) -> GameId {
        // One of the table's reused lists: building many forms allocates none.
        let mut ids = games.buffer();
        self.build_onto(games, &mut ids);
        let id = ids[0];
        games.give_back(ids);
        id
    }

    /// Pushes the id of the form onto `ids`, the options of every node built onto the same
    /// list above it (one list for the whole form, not two per node).
    fn build_onto(&self, games: &mut Games, ids: &mut Vec<GameId>) {
        let id = match self {
            Form::Leaf(v) => games.nus_ref(v),
            Form::Options(l, r) => {
                let start = ids.len();
                for f in l.iter().chain(r) {
                    f.build_onto(games, ids);
                }
                let middle = start + l.len();
                let id = games.from_options(&ids[start..middle], &ids[middle..]);
                ids.truncate(start);
                id
            }
        };
        ids.push(id);
    }

    /// Height of the form tree (leaves count as 0).
    pub fn depth(&self) -> usize {
        match self {
            Form::Leaf(_) => 0,
            Form::Options(l, r) => 1 + l.iter().chain(r).map(Form::depth).max().unwrap_or(0),
        }
    }
}

/// SplitMix64: tiny, fast, and good enough to pick options.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (n > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }
}

/// Shape of the random forms.
#[derive(Clone, Copy, Debug)]
pub struct Shape {
    /// Nesting depth of option lists.
    pub depth: usize,
    /// Most options per player at each node.
    pub max_options: u64,
    /// Whether leaves may be small numbers, stars and ups rather than only `0`.
    pub nus_leaves: bool,
}

/// A random form of at most `shape.depth` levels of braces.
pub fn random_form(rng: &mut Rng, shape: Shape) -> Form {
    if shape.depth == 0 {
        return random_leaf(rng, shape.nus_leaves);
    }
    let inner = Shape {
        depth: shape.depth - 1,
        ..shape
    };
    let side = |rng: &mut Rng| -> Vec<Form> {
        let n = rng.below(shape.max_options + 1);
        (0..n)
            .map(|_| {
                // Mix depths so that options of different birthdays meet.
                let d = rng.below(inner.depth as u64 + 1) as usize;
                random_form(rng, Shape { depth: d, ..inner })
            })
            .collect()
    };
    let left = side(rng);
    let right = side(rng);
    Form::Options(left, right)
}

fn random_leaf(rng: &mut Rng, nus_leaves: bool) -> Form {
    if !nus_leaves || rng.below(3) == 0 {
        return Form::Leaf(Nus::zero());
    }
    let number = Dyadic::new(rng.below(9) as i64 - 4, rng.below(3) as u32);
    let ups = if rng.below(3) == 0 {
        rng.below(5) as i64 - 2
    } else {
        0
    };
    let nim = if rng.below(3) == 0 {
        rng.below(4) as u32
    } else {
        0
    };
    Form::Leaf(Nus::new(number, ups, nim))
}

/// Random games: each is a random form built in `games`.
pub fn random_games(games: &mut Games, seed: u64, count: usize, shape: Shape) -> Vec<GameId> {
    let mut rng = Rng::new(seed);
    (0..count)
        .map(|_| random_form(&mut rng, shape).build(games))
        .collect()
}

/// Every game born by day `day`, in id order: 1, 4, 22 and 1474 games for days 0 to 3.
///
/// The left options of a canonical form are pairwise incomparable (else one would dominate the
/// other), so the games born by day `n + 1` are the canonical forms `{A | B}` for antichains
/// `A`, `B` of the games born by day `n`. Day 4 is far beyond reach (about 3 * 10^12 games).
pub fn born_by_day(games: &mut Games, day: u32) -> Vec<GameId> {
    let mut born = vec![games.zero()];
    for _ in 0..day {
        let chains = antichains(games, &born);
        let mut next = std::collections::BTreeSet::new();
        for left in &chains {
            for right in &chains {
                next.insert(games.from_options(left, right));
            }
        }
        born = next.into_iter().collect();
    }
    born
}

/// All antichains (sets of pairwise confused games) of `set`.
pub fn antichains(games: &mut Games, set: &[GameId]) -> Vec<Vec<GameId>> {
    let n = set.len();
    let mut confused = vec![vec![false; n]; n];
    for i in 0..n {
        for j in 0..n {
            confused[i][j] = i != j && games.compare(set[i], set[j]) == super::Relation::Confused;
        }
    }
    let mut out = Vec::new();
    let mut current = Vec::new();
    grow(0, &confused, &mut current, &mut out);
    out.into_iter()
        .map(|chain| chain.into_iter().map(|i| set[i]).collect())
        .collect()
}

fn grow(from: usize, confused: &[Vec<bool>], current: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
    out.push(current.clone());
    for k in from..confused.len() {
        if current.iter().all(|&i| confused[i][k]) {
            current.push(k);
            grow(k + 1, confused, current, out);
            current.pop();
        }
    }
}
