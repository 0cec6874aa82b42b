//! The composing engine: censuses of any colours, and childish censuses, valued forest by forest.
//!
//! The one idea: a forest's options are forests with fewer edges, so its game-tree value — the
//! canonical form of its options — is composed from values already computed, each forest
//! valued once (memoised on the packed forest). Under the normal rules a move cuts any edge and
//! everything above it falls; under the childish rules only an edge with nothing above it may
//! be cut (every other cut would leave edges ungrounded). No theorem decides a value: the tree
//! rule (each trunk's edge `:` the forest it carries, an ordinal sum whose base is a single
//! edge, `1`, `-1` or `*`), the sum of the trees and the one ordinal sum per tree are computed
//! separately, as their own columns, so that a query comparing them with the value checks the
//! theorem rather than its own arithmetic. A census of stalks is valued size by size in arrays
//! indexed by colouring (a stalk's options are its prefixes, so its game tree is its prefix's
//! under its top edge), nothing hashed but the games. The
//! engine is tested record for record against the plain game tree ([`crate::engines::reference`]) and,
//! for the childish rules, against the solver's childish game tree.

use crate::families::forests::{Family, Kind};
use crate::forest::Forest;
use crate::record::{forest_count, order_key, Facts, Groups, Readings, Record, Row, Val};
use hackenbook_games::{GameId, Games};
use hackenbook_rulesets::hackenbush::{Colour, Rules};
use rustc_hash::FxHashMap;

/// How the theorems' columns (the tree rule, the ordinal sum at the ground) value a single
/// edge: `1`, `-1` or `*`. A test swaps it for a wrong one, to show that the game-tree value
/// does not depend on it and that the comparisons catch the wrong rule.
pub type EdgeRule = fn(Colour, &mut Games) -> GameId;

/// Values of packed forests under one set of rules, memoised.
pub struct Composer<'g> {
    games: &'g mut Games,
    rules: Rules,
    /// Game-tree values under the composer's rules.
    values: FxHashMap<Forest, GameId>,
    /// Normal-play values by the tree rule (ordinal sums all the way up).
    normal: FxHashMap<Forest, GameId>,
    /// The edge values the tree rule starts from.
    edge_rule: EdgeRule,
}

impl<'g> Composer<'g> {
    pub fn new(games: &'g mut Games, rules: Rules) -> Composer<'g> {
        Composer {
            games,
            rules,
            values: FxHashMap::default(),
            normal: FxHashMap::default(),
            edge_rule: |colour, games| colour.edge_value(games),
        }
    }

    /// The same composer with the theorems' columns starting from other edge values.
    pub fn with_edge_rule(mut self, edge_rule: EdgeRule) -> Composer<'g> {
        self.edge_rule = edge_rule;
        self
    }

    /// The game-tree value of `f` under the composer's rules: the canonical form of its
    /// options (Left cuts blue or green, Right red or green; under the childish rules only a
    /// top edge), each a smaller forest valued the same way. Recursion depth is the number of
    /// edges, at most [`crate::forest::MAX_EDGES`].
    pub fn value(&mut self, f: Forest) -> GameId {
        if let Some(&v) = self.values.get(&f) {
            return v;
        }
        let (mut left, mut right) = (Vec::new(), Vec::new());
        for e in f.edge_list().iter() {
            if self.rules == Rules::Childish && e.size() != 1 {
                continue;
            }
            let option = self.value(f.without(e));
            let colour = f.colour(e.index);
            if colour != Colour::Red {
                left.push(option);
            }
            if colour != Colour::Blue {
                right.push(option);
            }
        }
        let v = self.games.from_options(&left, &right);
        self.values.insert(f, v);
        v
    }

    /// The normal-play value by the tree rule: each tree its trunk `:` the rule's value of
    /// the forest above, summed. Recursion depth is the forest's height, at most
    /// [`crate::forest::MAX_EDGES`].
    pub fn tree_rule(&mut self, f: Forest) -> GameId {
        if let Some(&v) = self.normal.get(&f) {
            return v;
        }
        let mut total = self.games.zero();
        for t in f.trunks().iter() {
            let above = self.tree_rule(f.above(t));
            let edge = (self.edge_rule)(f.colour(t.index), self.games);
            let tree = self.games.ordinal_sum(edge, above);
            total = self.games.add(total, tree);
        }
        self.normal.insert(f, total);
        total
    }

    /// Is the forest worth what its first tree is worth? (True for fewer than two trees.)
    fn first_tree_suffices(&mut self, f: Forest) -> bool {
        let trunks = f.trunks();
        match trunks.first() {
            Some(first) if trunks.len() > 1 => self.value(f) == self.value(f.tree(first)),
            _ => true,
        }
    }

    /// Every property of one forest, as [`crate::engines::reference::Reference::record`] computes it
    /// by the game tree (under the childish rules, `tree_rule` is the normal-play value by the
    /// tree rule and `ordinal_sum` puts each trunk under the childish value of the forest it
    /// carries).
    pub fn record(&mut self, f: Forest) -> Record {
        let value = self.value(f);
        let (mut sum, mut ordinal_sum) = (self.games.zero(), self.games.zero());
        for t in f.trunks().iter() {
            let tree = self.value(f.tree(t));
            sum = self.games.add(sum, tree);
            let above = self.value(f.above(t));
            let edge = (self.edge_rule)(f.colour(t.index), self.games);
            let o = self.games.ordinal_sum(edge, above);
            ordinal_sum = self.games.add(ordinal_sum, o);
        }
        let spine = f.spine();
        let mut colon = self.first_tree_suffices(f);
        for e in spine.iter() {
            colon = colon && self.first_tree_suffices(f.above(e));
        }
        // The spine read as a stalk: the first edges of the spine's length in preorder (at
        // most MAX_EDGES of them, so the masks fit the packed form's 32 bits).
        let n = spine.len();
        let stalk = Forest::from_parts(
            (((1u64 << n) - 1) << n) as u32,
            f.colour_bits() & (((1u64 << (2 * n)) - 1) as u32),
            n,
        );
        let reading = self.value(stalk);
        let tree_rule = self.tree_rule(f);
        let facts = Facts {
            colon,
            ..Facts::of_forest(f)
        };
        let readings = Readings {
            value,
            reading,
            tree_rule,
            sum,
            ordinal_sum,
        };
        Record::of_games(facts, readings, self.games)
    }
}

/// Runs a census by composition: every member of `family`, in rank order, grouped by record.
pub fn run(family: &Family, games: &mut Games, progress: &dyn Fn(u64)) -> Vec<Row> {
    run_with(
        family,
        games,
        |colour, games| colour.edge_value(games),
        progress,
    )
}

/// [`run`], with the theorems' columns starting from the edge values `edge_rule` gives.
pub fn run_with(
    family: &Family,
    games: &mut Games,
    edge_rule: EdgeRule,
    progress: &dyn Fn(u64),
) -> Vec<Row> {
    if family.kind == Kind::Stalks && family.rules == Rules::Normal {
        return stalks(family, games, edge_rule, progress);
    }
    let mut composer = Composer::new(games, family.rules).with_edge_rule(edge_rule);
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

/// One stalk's values: by its game tree, and by the tree rule; and the options of its value
/// that it dominates, which [`stalks`] knows without comparing.
#[derive(Clone, Copy)]
struct Stalk {
    value: GameId,
    tree_rule: GameId,
    /// The left option `<= value`, if any (at most one: see [`stalks`]).
    left_dominated: Option<GameId>,
    /// The right option `>= value`, if any.
    right_dominated: Option<GameId>,
}

impl Stalk {
    /// The stalk of `value`, whose prefix is `prefix` and whose top edge Left may cut
    /// (`left`) or Right (`right`): its dominated options, as [`stalks`] proves them.
    fn over(
        prefix: &Stalk,
        value: GameId,
        tree_rule: GameId,
        (left, right): (bool, bool),
    ) -> Stalk {
        let dominated = |cuts: bool, other_cuts: bool, before: Option<GameId>| match cuts {
            true if other_cuts => None,
            true => Some(prefix.value),
            false => before,
        };
        Stalk {
            value,
            tree_rule,
            left_dominated: dominated(left, right, prefix.left_dominated),
            right_dominated: dominated(right, left, prefix.right_dominated),
        }
    }
}

/// A census of stalks under the normal rules, size by size in arrays. The stalk of `n` edges
/// with colouring index `c` (its colours as base-`k` digits, the ground edge most significant)
/// is its ground edge `e` under the stalk above, whose index is `c mod k^(n-1)` among the
/// stalks of `n - 1` edges, and its prefix (its first `n - 1` edges) is the stalk `c / k`.
///
/// Cutting edge `j` (from the ground, from 0) leaves the first `j` edges: so a stalk's options
/// are its prefixes, and its game tree is the form `F : t`, `F` its prefix's game tree and `t`
/// its top edge (`1`, `-1` or `*`): `F`'s options, and `F` itself for a player who may cut
/// `t`. Its value is `C(F) : t`, `C(F)` the prefix's canonical form (its value, computed
/// already), by induction on the edges: `C(F : t) = C(C(F) : t)` when `C(F)` comes from `F`
/// only by replacing options with equal ones and dropping dominated ones, neither of which
/// changes an ordinal sum over it; and by [`Games::colon_form`]'s facts nothing reverses in
/// `C(F) : t` (its canonical form only drops the prefix's options that the prefix
/// dominates), so the prefix's own canonical form came about the same way. So each stalk is
/// one [`Games::ordinal_sums_under_edges`] of its prefix's value, all the top edges over one
/// prefix at once.
///
/// Which options the prefix dominates is known without comparing. Let `V = P : t` be a
/// stalk's value, `P` its prefix's; its canonical left options are `P`'s, those `<= P`
/// dropped, and `P` itself when Left may cut `t`; otherwise `P`'s. Claim: at most one left
/// option of `V` is `<= V`, namely `P` when `t = 1`, none when `t = *`, and `P`'s own such
/// option when `t = -1`. For `X = P`: `P = P : 0 <= P : t` exactly when `0 <= t` (the order
/// fact of [`hackenbook_games::arith`]), true for `1`, false for `*`. For `X` a left option of
/// `P`: no position of `X` equals `P` (they are born before `P`, a canonical form), so by
/// [`Games::colon_form`]'s lemma `X <= P : t` exactly when `X <= P`; where Left may cut `t`
/// such an `X` was dropped, and where she may not, it is the one `P` had (by induction; the
/// empty stalk, `0`, has no options). Mirror for Right ([`Stalk::over`]).
///
/// No two stalks have the same value, so each is a record of its own. The canonical form of
/// `V = P : t` has `P` among its options (those over `t` are never dropped) and otherwise
/// options of `P`, born before `P`: so `V` is born the day after `P`, a stalk of `n` edges on
/// day `n`, and `P` is the one option of `V` born on day `n - 1`. So `V` names `P`, and `t` by
/// the sides `P` stands on (Left's only: `1`, Right's only: `-1`, both: `*`), and by
/// induction every edge. Separately, the tree rule is `e :` the rule's value of the stalk above,
/// and the one ordinal sum `e :` the game-tree value of the stalk above. A stalk is one tree
/// and its own leftmost reading, with no fork where the colon condition could fail: its `sum`
/// and `reading` are its value.
fn stalks(
    family: &Family,
    games: &mut Games,
    edge_rule: EdgeRule,
    progress: &dyn Fn(u64),
) -> Vec<Row> {
    let palette = &family.palette;
    let colours: Vec<Colour> = palette.colours().collect();
    let k = colours.len() as u64;
    let edge_values: Vec<GameId> = colours.iter().map(|&c| edge_rule(c, games)).collect();
    // Each top edge by who may cut it: Left blue or green, Right red or green.
    let tops: Vec<(bool, bool)> = colours
        .iter()
        .map(|&c| (c != Colour::Red, c != Colour::Blue))
        .collect();
    // The stalks come in order (edges, then colouring index, which is their rank less the
    // first rank of their size), each its own record (its value is no other's): a row each,
    // made in order, room for all of them at once. Whether a value comes twice is held as
    // they come (a bit per game): then the rows are grouped after all.
    let counted: u64 = (family.min_edges..=family.max_edges)
        .map(|n| palette.colourings(n))
        .sum();
    let mut rows: Vec<Row> = Vec::with_capacity(usize::try_from(counted).unwrap_or(0));
    let (mut seen, mut repeated): (Vec<u64>, bool) = (Vec::new(), false);
    // Each stalk's value is a new game (its ordinal sums by the tree rule are the same games
    // where the rule holds): room for all of them at once, so that the tables do not grow
    // again at every size, and no more (the hash tables' pages are all touched as they fill).
    let total: u64 = (1..=family.max_edges).map(|n| palette.colourings(n)).sum();
    games.reserve(usize::try_from(total).unwrap_or(usize::MAX));
    // levels[j][c]: the stalk of j edges with colouring index c (the empty stalk: 0).
    let empty = Stalk {
        value: games.zero(),
        tree_rule: games.zero(),
        left_dominated: None,
        right_dominated: None,
    };
    let mut levels: Vec<Vec<Stalk>> = vec![vec![empty]];
    let mut over_prefix = Vec::with_capacity(colours.len());
    for n in 1..=family.max_edges {
        let shorter = palette.colourings(n - 1);
        let count = palette.colourings(n);
        // A stalk has at most MAX_EDGES (16) edges: its shape fits the 32-bit word.
        let shape = ((1u32 << n) - 1) << n;
        let first_rank = palette.rank(Forest::from_parts(shape, palette.colouring(0, n), n));
        let mut level = Vec::with_capacity(count as usize);
        let below = &levels[n - 1];
        // The stalks `c = p * k + t` for t in 0..k: the prefix `p` with a top edge of each
        // colour, one after another.
        for (p, prefix) in below.iter().enumerate() {
            over_prefix.clear();
            let dominated = [
                prefix.left_dominated.as_slice(),
                prefix.right_dominated.as_slice(),
            ];
            games.ordinal_sums_under_edges(prefix.value, Some(dominated), &tops, &mut over_prefix);
            for (t, &value) in over_prefix.iter().enumerate() {
                let c = p as u64 * k + t as u64;
                let digit = (c / shorter) as usize;
                let tail = below[(c % shorter) as usize];
                let edge = edge_values[digit];
                let tree_rule = games.ordinal_sum(edge, tail.tree_rule);
                let stalk = Stalk::over(prefix, value, tree_rule, tops[t]);
                // The same ordinal sum when the rule's value of the stalk above is its value.
                let ordinal_sum = match tail.tree_rule == tail.value {
                    true => stalk.tree_rule,
                    false => games.ordinal_sum(edge, tail.value),
                };
                level.push(stalk);
                // Interning canonical options does not read the clock: read it here, now and then.
                if c.is_multiple_of(CLOCK_EVERY) {
                    progress(0);
                }
                if n < family.min_edges {
                    continue;
                }
                let f = Forest::from_parts(shape, palette.colouring(c, n), n);
                let v = Val::of_game(stalk.value, games);
                // A stalk: one trunk, its own height, spine and leftmost reading, its own sum.
                let facts = Facts {
                    edges: forest_count(n),
                    blue: forest_count(f.count(Colour::Blue)),
                    red: forest_count(f.count(Colour::Red)),
                    green: forest_count(f.count(Colour::Green)),
                    trunks: 1,
                    height: forest_count(n),
                    spine: forest_count(n),
                    path: true,
                    cycles: 0,
                    colon: true,
                };
                let readings = Readings {
                    value: v,
                    reading: v,
                    tree_rule: Val::of_game(stalk.tree_rule, games),
                    sum: v,
                    ordinal_sum: Val::of_game(ordinal_sum, games),
                };
                let (word, bit) = (stalk.value.index() / 64, 1u64 << (stalk.value.index() % 64));
                if word >= seen.len() {
                    seen.resize(word + 1, 0);
                }
                repeated |= seen[word] & bit != 0;
                seen[word] |= bit;
                rows.push(Row {
                    record: Record::new(facts, readings),
                    count: 1,
                    first: f,
                    order: order_key(n, first_rank + c),
                });
            }
        }
        if n >= family.min_edges {
            progress(count);
        }
        levels.push(level);
    }
    match repeated {
        true => Groups::from_rows(rows).into_rows(),
        false => rows,
    }
}

/// How many stalks [`stalks`] builds between two readings of the census's clock.
const CLOCK_EVERY: u64 = 1 << 14;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::forest::Palette;

    /// A wrong tree rule: a green edge worth `0` instead of `*`.
    fn green_is_zero(colour: Colour, games: &mut Games) -> GameId {
        match colour {
            Colour::Green => games.zero(),
            other => other.edge_value(games),
        }
    }

    /// The value is the game tree, computed without the tree rule: with a wrong rule the values
    /// are unchanged, and the comparisons the essays make (`tree_rule = value`,
    /// `ordinal_sum = value`) catch the wrong rule — so with the right rule they check it.
    #[test]
    fn a_wrong_tree_rule_is_caught_by_the_comparisons() {
        for kind in [Kind::Forests, Kind::Stalks] {
            let family = Family {
                kind,
                min_edges: 1,
                max_edges: 4,
                palette: Palette::new(&[Colour::Blue, Colour::Red, Colour::Green]),
                rules: Rules::Normal,
            };
            let mut games = Games::new();
            let right = run(&family, &mut games, &|_| {});
            let wrong = run_with(&family, &mut games, green_is_zero, &|_| {});
            let count = |rows: &[Row], p: fn(&Record) -> bool| -> u64 {
                rows.iter().filter(|r| p(&r.record)).map(|r| r.count).sum()
            };
            // Every member's value, by the game tree, is the same under either rule.
            let total = |rows: &[Row]| rows.iter().map(|r| r.count).sum::<u64>();
            assert_eq!(total(&right), total(&wrong));
            let by_value = |rows: &[Row]| {
                let mut v: Vec<Val> = rows
                    .iter()
                    .flat_map(|r| std::iter::repeat_n(r.record.value, r.count as usize))
                    .collect();
                v.sort_by_key(|x| format!("{x:?}"));
                v
            };
            assert_eq!(by_value(&right), by_value(&wrong), "{family}");
            // The right rule holds everywhere, the wrong one fails somewhere.
            assert_eq!(count(&right, |r| r.tree_rule != r.value), 0, "{family}");
            assert_eq!(count(&right, |r| r.ordinal_sum != r.value), 0, "{family}");
            assert!(count(&wrong, |r| r.tree_rule != r.value) > 0, "{family}");
            assert!(count(&wrong, |r| r.ordinal_sum != r.value) > 0, "{family}");
        }
    }

    /// A stalk's game tree is the form `F : t`, `F` its prefix's game tree and `t` its top
    /// edge, so its value is `C(F) : t`, `C(F)` the prefix's canonical form: `F = e : R` (`e`
    /// the ground edge), and `e : (R : t) = e : (C(R) : t)` by induction (an ordinal sum
    /// depends only on the value of what it carries), which is the form `(e : C(R)) : t`;
    /// `C(e : C(R))` differs from `e : C(R)` only by options replaced with equal ones and
    /// dominated base options dropped (nothing over a canonical game reverses, and a single
    /// edge's options have no options), and neither changes an ordinal sum over it. Held here
    /// against the plain game tree for every stalk of up to 8 edges in three colours, by
    /// [`Games::ordinal_sum`] and by [`Games::ordinal_sums_under_edges`] (which values the
    /// census's stalks).
    #[test]
    fn a_stalk_is_its_prefixs_canonical_form_under_its_top_edge() {
        let palette = Palette::new(&[Colour::Blue, Colour::Red, Colour::Green]);
        let colours: Vec<Colour> = palette.colours().collect();
        let k = colours.len() as u64;
        let mut games = Games::new();
        let tops: Vec<GameId> = colours.iter().map(|&c| c.edge_value(&mut games)).collect();
        // values[n][c]: the game-tree value of the stalk of n edges with colouring index c.
        let mut values = vec![vec![games.zero()]];
        let mut composer = Composer::new(&mut games, Rules::Normal);
        for n in 1..=8 {
            let shape = ((1u32 << n) - 1) << n;
            let stalk = |c| Forest::from_parts(shape, palette.colouring(c, n), n);
            let count = palette.colourings(n);
            values.push((0..count).map(|c| composer.value(stalk(c))).collect());
        }
        for n in 1..=8 {
            for c in 0..palette.colourings(n) {
                let prefix = values[n - 1][(c / k) as usize];
                let top = tops[(c % k) as usize];
                let by_prefix = games.ordinal_sum(prefix, top);
                assert_eq!(by_prefix, values[n][c as usize], "{n} edges, colouring {c}");
                let colour = colours[(c % k) as usize];
                let mut under = Vec::new();
                let cuts = (colour != Colour::Red, colour != Colour::Blue);
                games.ordinal_sums_under_edges(prefix, None, &[cuts], &mut under);
                assert_eq!(under, [by_prefix], "{n} edges, colouring {c}");
            }
        }
    }

    /// The array path for stalks gives the rows of the plain game tree, for two-colour
    /// palettes, a range that does not start at one edge (the shorter stalks are still
    /// valued, not counted) and every stalk of up to 7 edges in three colours.
    #[test]
    fn stalks_by_arrays_agree_with_the_game_tree() {
        for (colours, min, max) in [
            (&[Colour::Red, Colour::Green][..], 3, 6),
            (&[Colour::Blue, Colour::Green][..], 1, 7),
            (&[Colour::Blue, Colour::Red, Colour::Green][..], 1, 7),
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
            let plain = crate::engines::reference::run(&family, &mut games, &|_| {});
            assert_eq!(fast, plain, "{family}");
            let total: u64 = fast.iter().map(|r| r.count).sum();
            assert_eq!(total as u128, family.size(), "{family}");
            // No two stalks share a value: by the game tree, every record is one stalk's.
            assert!(plain.iter().all(|r| r.count == 1), "{family}");
        }
    }
}
