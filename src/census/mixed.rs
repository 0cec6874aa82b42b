//! The composing engine: censuses of any colours, and childish censuses, valued tree by tree.
//!
//! The one idea: a forest's value is composed from the values of smaller forests, each computed
//! once. Under the normal rules a tree is its trunk's edge `:` the forest it carries (cutting
//! the trunk removes everything above, a move above leaves the trunk: the definition of the
//! ordinal sum, whose base here is a single edge, `1`, `-1` or `*`), and a forest is the sum of
//! its trees; so a stalk is `e₁ : (e₂ : (… : eₙ))`, one ordinal sum on top of the value of the
//! stalk above its first edge (a census of stalks is valued size by size in arrays indexed by
//! colouring, nothing hashed but the games). Under the childish rules only an edge with nothing above it may
//! be cut (every other cut would leave edges ungrounded): a forest is still the sum of its
//! trees, and a tree is valued from its options, the trees with one top edge fewer. Every
//! value is memoised on the packed forest, so a census values each shape once. The engine is
//! tested record for record against the plain game tree ([`super::reference`]) and, for the
//! childish rules, against the solver's childish game tree.

use super::family::{Family, Kind};
use super::forest::Forest;
use super::record::{order_key, Groups, Record, Row, Val};
use crate::games::{GameId, Games};
use crate::hackenbush::{Colour, Rules};
use rustc_hash::FxHashMap;

/// Values of packed forests under one set of rules, memoised.
pub struct Composer<'g> {
    games: &'g mut Games,
    rules: Rules,
    values: FxHashMap<Forest, GameId>,
    /// Normal-play values (the tree rule), kept apart for the childish rules' `tree_rule`.
    normal: FxHashMap<Forest, GameId>,
}

impl<'g> Composer<'g> {
    pub fn new(games: &'g mut Games, rules: Rules) -> Composer<'g> {
        Composer {
            games,
            rules,
            values: FxHashMap::default(),
            normal: FxHashMap::default(),
        }
    }

    /// The value of `f` under the composer's rules.
    pub fn value(&mut self, f: Forest) -> GameId {
        match self.rules {
            Rules::Normal => self.tree_rule(f),
            Rules::Childish => self.childish(f),
        }
    }

    /// The normal-play value: each tree its trunk `:` the forest above, summed. Recursion
    /// depth is the forest's height, at most [`super::forest::MAX_EDGES`].
    pub fn tree_rule(&mut self, f: Forest) -> GameId {
        if let Some(&v) = self.normal.get(&f) {
            return v;
        }
        let mut total = self.games.zero();
        for t in f.trunks().iter() {
            let above = self.tree_rule(f.above(t));
            let edge = f.colour(t.index).edge_value(self.games);
            let tree = self.games.ordinal_sum(edge, above);
            total = self.games.add(total, tree);
        }
        self.normal.insert(f, total);
        total
    }

    /// The childish value: a sum of trees, each valued from its cuts of a top edge.
    fn childish(&mut self, f: Forest) -> GameId {
        if let Some(&v) = self.values.get(&f) {
            return v;
        }
        let trunks = f.trunks();
        let v = if trunks.len() == 1 {
            let (mut left, mut right) = (Vec::new(), Vec::new());
            for e in f.edge_list().iter().filter(|e| e.size() == 1) {
                let option = self.childish(f.without(e));
                let colour = f.colour(e.index);
                if colour != Colour::Red {
                    left.push(option);
                }
                if colour != Colour::Blue {
                    right.push(option);
                }
            }
            self.games.from_options(&left, &right)
        } else {
            let mut total = self.games.zero();
            for t in trunks.iter() {
                let tree = self.childish(f.tree(t));
                total = self.games.add(total, tree);
            }
            total
        };
        self.values.insert(f, v);
        v
    }

    /// Is the forest worth what its first tree is worth? (True for fewer than two trees.)
    fn first_tree_suffices(&mut self, f: Forest) -> bool {
        let trunks = f.trunks();
        match trunks.first() {
            Some(first) if trunks.len() > 1 => self.value(f) == self.value(f.tree(first)),
            _ => true,
        }
    }

    /// Every property of one forest, as [`super::reference::Reference::record`] computes it
    /// by the game tree (under the childish rules, `tree_rule` is the normal-play value and
    /// `ordinal_sum` puts each trunk under the childish value of the forest it carries).
    pub fn record(&mut self, f: Forest) -> Record {
        let value = self.value(f);
        let (mut sum, mut ordinal_sum) = (self.games.zero(), self.games.zero());
        for t in f.trunks().iter() {
            let tree = self.value(f.tree(t));
            sum = self.games.add(sum, tree);
            let above = self.value(f.above(t));
            let edge = f.colour(t.index).edge_value(self.games);
            let o = self.games.ordinal_sum(edge, above);
            ordinal_sum = self.games.add(ordinal_sum, o);
        }
        let spine = f.spine();
        let mut colon = self.first_tree_suffices(f);
        for e in spine.iter() {
            colon = colon && self.first_tree_suffices(f.above(e));
        }
        // The spine read as a stalk: the first edges of the spine's length in preorder.
        let n = spine.len();
        let stalk = Forest::from_parts(
            (((1u64 << n) - 1) << n) as u32,
            f.colour_bits() & (((1u64 << (2 * n)) - 1) as u32),
            n,
        );
        let reading = self.value(stalk);
        let tree_rule = self.tree_rule(f);
        let games = &*self.games;
        Record {
            edges: f.edges() as u8,
            blue: f.count(Colour::Blue) as u8,
            red: f.count(Colour::Red) as u8,
            green: f.count(Colour::Green) as u8,
            trunks: f.trunks().len() as u8,
            height: f.height() as u8,
            spine: n as u8,
            path: f.is_path(),
            cycles: 0,
            colon,
            value: Val::of_game(value, games),
            reading: Val::of_game(reading, games),
            tree_rule: Val::of_game(tree_rule, games),
            sum: Val::of_game(sum, games),
            ordinal_sum: Val::of_game(ordinal_sum, games),
        }
    }
}

/// Runs a census by composition: every member of `family`, in rank order, grouped by record.
pub fn run(family: &Family, games: &mut Games, progress: &dyn Fn(u64)) -> Vec<Row> {
    if family.kind == Kind::Stalks && family.rules == Rules::Normal {
        return stalks(family, games, progress);
    }
    let mut composer = Composer::new(games, family.rules);
    let mut groups = Groups::default();
    let palette = &family.palette;
    for n in family.min_edges..=family.max_edges {
        for shape in family.kind.shapes(n) {
            let count = palette.colourings(n);
            for c in 0..count {
                let f = Forest::from_parts(shape, palette.colouring(c, n), n);
                let record = composer.record(f);
                let order = order_key(n, palette.rank(f));
                groups.add(record, 1, order, || f);
            }
            progress(count);
        }
    }
    groups.into_rows()
}

/// One stalk's value, with its canonical options named by the stalk's prefixes.
#[derive(Clone, Copy)]
struct Stalk {
    value: GameId,
    /// Bit `k` set: the stalk's first `k` edges are a canonical left (right) option.
    left: u32,
    right: u32,
    /// `value >= 0` and `value <= 0`.
    nonnegative: bool,
    nonpositive: bool,
}

/// A census of stalks under the normal rules, size by size in arrays. The stalk of `n` edges
/// with colouring index `c` (its colours as base-`k` digits, the ground edge most significant)
/// is its ground edge `e :` the stalk above, whose index is `c mod k^(n-1)` among the stalks of
/// `n - 1` edges, and its first `j` edges are the stalk `c / k^(n-j)` of `j` edges.
///
/// No ordinal sum is computed: by the facts behind [`Games::colon_form`], the canonical
/// options of `e : H` are `e : H^L`, `e : H^R` over the canonical options of `H`, and the
/// edge's own option `0` unless one of those dominates it (`0` has no options, so it never
/// reverses). Over the stalk above, whose canonical options are its prefixes, `e : H^L` is
/// the prefix one edge longer: so every stalk's canonical options are prefixes, kept as bit
/// masks, and `0` is dominated exactly when a left option is `>= 0` (a right option `<= 0`),
/// which each stalk records from its own options. Each value is then interned from its
/// options' ids, read from the arrays.
///
/// Every other value of its record is that value, as [`Composer::record`] finds it: a stalk
/// is one tree, its own leftmost reading, and has no fork where the colon condition could fail.
fn stalks(family: &Family, games: &mut Games, progress: &dyn Fn(u64)) -> Vec<Row> {
    let palette = &family.palette;
    let colours: Vec<Colour> = palette.colours().collect();
    let k = colours.len() as u64;
    let mut groups = Groups::default();
    // levels[j][c]: the stalk of j edges with colouring index c (the empty stalk: 0).
    let empty = Stalk {
        value: games.zero(),
        left: 0,
        right: 0,
        nonnegative: true,
        nonpositive: true,
    };
    let mut levels: Vec<Vec<Stalk>> = vec![vec![empty]];
    let (mut left, mut right) = (Vec::new(), Vec::new());
    for n in 1..=family.max_edges {
        let shorter = palette.colourings(n - 1);
        let count = palette.colourings(n);
        let shape = ((1u32 << n) - 1) << n;
        let first_rank = palette.rank(Forest::from_parts(shape, palette.colouring(0, n), n));
        let mut level = Vec::with_capacity(count as usize);
        if n >= family.min_edges {
            groups.reserve(count);
        }
        for c in 0..count {
            let colour = colours[(c / shorter) as usize];
            let tail = levels[n - 1][(c % shorter) as usize];
            let prefix = |j: u32| levels[j as usize][(c / k.pow(n as u32 - j)) as usize];
            let any = |mask: u32, test: fn(&Stalk) -> bool| bits(mask).any(|j| test(&prefix(j)));
            let (mut l, mut r) = (tail.left << 1, tail.right << 1);
            if colour != Colour::Red && !any(l, |s| s.nonnegative) {
                l |= 1;
            }
            if colour != Colour::Blue && !any(r, |s| s.nonpositive) {
                r |= 1;
            }
            left.clear();
            left.extend(bits(l).map(|j| prefix(j).value));
            right.clear();
            right.extend(bits(r).map(|j| prefix(j).value));
            let stalk = Stalk {
                value: games.from_canonical_options(&mut left, &mut right),
                left: l,
                right: r,
                nonnegative: !any(r, |s| s.nonpositive),
                nonpositive: !any(l, |s| s.nonnegative),
            };
            level.push(stalk);
            // Interning canonical options does not read the clock: read it here, now and then.
            if c % CLOCK_EVERY == 0 {
                progress(0);
            }
            if n < family.min_edges {
                continue;
            }
            let f = Forest::from_parts(shape, palette.colouring(c, n), n);
            let v = Val::of_game(stalk.value, games);
            let record = Record {
                edges: n as u8,
                blue: f.count(Colour::Blue) as u8,
                red: f.count(Colour::Red) as u8,
                green: f.count(Colour::Green) as u8,
                trunks: 1,
                height: n as u8,
                spine: n as u8,
                path: true,
                cycles: 0,
                colon: true,
                value: v,
                reading: v,
                tree_rule: v,
                sum: v,
                ordinal_sum: v,
            };
            groups.add(record, 1, order_key(n, first_rank + c), || f);
        }
        if n >= family.min_edges {
            progress(count);
        }
        levels.push(level);
    }
    groups.into_rows()
}

/// How many stalks [`stalks`] builds between two readings of the census's clock.
const CLOCK_EVERY: u64 = 1 << 14;

/// The positions of the set bits of `mask`, lowest first.
fn bits(mut mask: u32) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let j = mask.trailing_zeros();
            mask &= mask - 1;
            j
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::census::forest::Palette;

    /// The array path for stalks gives the rows of the plain game tree, for two-colour
    /// palettes, a range that does not start at one edge (the shorter stalks are still
    /// valued, not counted) and every stalk of up to 6 edges in three colours (in debug
    /// builds, each stalk's options are also checked canonical by `from_options`).
    #[test]
    fn stalks_by_arrays_agree_with_the_game_tree() {
        for (colours, min, max) in [
            (&[Colour::Red, Colour::Green][..], 3, 6),
            (&[Colour::Blue, Colour::Green][..], 1, 7),
            (&[Colour::Blue, Colour::Red, Colour::Green][..], 1, 6),
        ] {
            let family = Family {
                kind: Kind::Stalks,
                min_edges: min,
                max_edges: max,
                palette: Palette::new(colours),
                rules: Rules::Normal,
            };
            let mut games = Games::new();
            let fast = run(&family, &mut games, &|_| {});
            let plain = super::super::reference::run(&family, &mut games, &|_| {});
            assert_eq!(fast, plain, "{family}");
            let total: u64 = fast.iter().map(|r| r.count).sum();
            assert_eq!(total as u128, family.size(), "{family}");
        }
    }
}
