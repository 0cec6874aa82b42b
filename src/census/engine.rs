//! The fast census of blue-red forests: every forest evaluated once, by rank, level by level.
//!
//! The one idea: a forest's options are forests with fewer edges, and every forest with fewer
//! edges has already been evaluated and stored at its dense rank — so the game-tree value is
//! `n` array look-ups and the simplicity rule, the tree rule is one ordinal sum on a stored
//! value, and each size is spread over the cores by shape. Nothing here assumes a theorem: the
//! value comes from the game tree, and the theorems are separate columns that queries compare.

use super::family::{Family, Shard};
use super::forest::{shape_index, shape_rank, shapes, Forest, Palette};
use super::record::{order_key, Groups, Record, Row, Val};
use super::small::Small;
use crate::games::signs;
use crate::hackenbush::Colour;
use rayon::prelude::*;
use rustc_hash::FxHashMap;
use std::collections::HashMap;

/// Why the fast engine gave up; the caller falls back to the exact reference engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineError {
    /// The options of this forest do not bracket a number (or it has a green edge).
    NotANumber(Forest),
    /// A value left the fixed-width range.
    Overflow(Forest),
    /// The ordinal sum on canonical forms failed or disagreed with the sign expansion.
    Ordinal(String),
}

/// The ordinal sum `edge : x` of a trunk (sign ±1) with a number, on canonical forms.
pub type OrdinalSum<'a> = dyn FnMut(i8, Small) -> Result<Small, String> + 'a;

/// Values of every forest of each size below the one being censused, by rank.
struct Tables {
    palette: Palette,
    values: Vec<Vec<Small>>,
    rules: Vec<Vec<Small>>,
    ordinal: FxHashMap<(i8, Small), Small>,
    shape_index: Vec<Option<Vec<u32>>>,
    /// Bits per colour digit: 0 for a one-colour palette, 1 for blue and red.
    bits: u32,
    /// The palette's colours by digit.
    colours: Vec<Colour>,
}

fn sign(c: Colour) -> i8 {
    if c == Colour::Red {
        -1
    } else {
        1
    }
}

fn add(a: Small, b: Small) -> Result<Small, EngineError> {
    a.checked_add(b).ok_or(EngineError::Overflow(Forest::EMPTY))
}

/// A contiguous run of edges `first..first + size` that is itself a forest: its value is at
/// `base + (its colour digits)` in the table of its size.
#[derive(Clone, Copy, Debug)]
struct Piece {
    first: usize,
    size: usize,
    base: usize,
}

/// Cutting edge `index` removes `size` edges; the option's shape has rank `base / k^(n-size)`.
#[derive(Clone, Copy, Debug)]
struct Cut {
    index: usize,
    size: usize,
    base: usize,
}

/// A trunk: the tree it roots and the forest it carries.
#[derive(Clone, Copy, Debug)]
struct Trunk {
    index: usize,
    tree: Piece,
    above: Piece,
}

/// A node of the leftmost path: the forest standing there, and its first tree when there is
/// more than one (otherwise the colon condition holds trivially there).
#[derive(Clone, Copy, Debug)]
struct SpineNode {
    index: usize,
    above: Piece,
    first: Option<Piece>,
}

/// Everything about a shape that does not depend on the colours, worked out once for all
/// `k^n` colourings: then each colouring is a handful of divisions and table look-ups.
struct ShapePlan {
    shape: u32,
    n: usize,
    cuts: Vec<Cut>,
    trunks: Vec<Trunk>,
    first_tree: Option<Piece>,
    spine: Vec<SpineNode>,
    height: u8,
    path: bool,
}

impl Tables {
    fn piece(&self, forest: Forest, e_first: usize) -> Piece {
        let size = forest.edges();
        let shape = match self.shape_index.get(size) {
            Some(Some(table)) => table[forest.shape() as usize] as u64,
            _ => shape_rank(forest.shape(), size),
        };
        Piece {
            first: e_first,
            size,
            base: (shape * self.palette.colourings(size)) as usize,
        }
    }

    fn plan(&self, f: Forest) -> ShapePlan {
        let n = f.edges();
        let cuts = f
            .edge_list()
            .iter()
            .map(|e| {
                let option = self.piece(f.without(e), 0);
                Cut {
                    index: e.index,
                    size: e.size(),
                    base: option.base,
                }
            })
            .collect();
        let trunk_list = f.trunks();
        let trunks = trunk_list
            .iter()
            .map(|e| Trunk {
                index: e.index,
                tree: self.piece(f.tree(e), e.index),
                above: self.piece(f.above(e), e.index + 1),
            })
            .collect::<Vec<_>>();
        let first_tree = match trunks.as_slice() {
            [first, _, ..] => Some(first.tree),
            _ => None,
        };
        let spine = f
            .spine()
            .iter()
            .map(|e| {
                let above = f.above(e);
                let carried = above.trunks();
                SpineNode {
                    index: e.index,
                    above: self.piece(above, e.index + 1),
                    first: match carried.first() {
                        Some(t) if carried.len() > 1 => {
                            Some(self.piece(above.tree(t), e.index + 1))
                        }
                        _ => None,
                    },
                }
            })
            .collect();
        ShapePlan {
            shape: f.shape(),
            n,
            cuts,
            trunks,
            first_tree,
            spine,
            height: f.height() as u8,
            path: f.is_path(),
        }
    }
}

/// One colouring of a planned shape: its index `c` read as base-`k` digits, first edge first.
struct Colouring<'a> {
    c: u64,
    plan: &'a ShapePlan,
    t: &'a Tables,
}

impl Colouring<'_> {
    /// The digits of `c` above the lowest `low` ones: `c / k^low`. The fast engine only sees
    /// palettes of one or two colours, so a digit is `bits` (0 or 1) bits wide.
    fn high(&self, low: usize) -> u64 {
        self.c >> (self.t.bits * low as u32)
    }

    /// The lowest `count` digits of `x`: `x mod k^count`.
    fn low(&self, x: u64, count: usize) -> u64 {
        x & ((1u64 << (self.t.bits * count as u32)) - 1)
    }

    fn colour(&self, i: usize) -> Colour {
        let digit = self.low(self.high(self.plan.n - 1 - i), 1);
        self.t.colours[digit as usize]
    }

    /// The value of a piece: its colour digits are a middle stretch of `c`'s.
    fn piece(&self, p: Piece, table: &[Vec<Small>]) -> Small {
        let digits = self.low(self.high(self.plan.n - p.first - p.size), p.size);
        table[p.size][p.base + digits as usize]
    }

    /// The value of an option: `c` with the cut edges' digits taken out.
    fn option(&self, cut: Cut) -> Small {
        let n = self.plan.n;
        let after = n - cut.index - cut.size;
        let digits =
            (self.high(n - cut.index) << (self.t.bits * after as u32)) | self.low(self.c, after);
        self.t.values[n - cut.size][cut.base + digits as usize]
    }

    /// The simplicity rule over the options.
    fn game_value(&self) -> Result<Small, EngineError> {
        let (mut best_left, mut best_right): (Option<Small>, Option<Small>) = (None, None);
        for &cut in &self.plan.cuts {
            let v = self.option(cut);
            match self.colour(cut.index) {
                Colour::Blue => best_left = Some(best_left.map_or(v, |b| b.max(v))),
                Colour::Red => best_right = Some(best_right.map_or(v, |b| b.min(v))),
                Colour::Green => return Err(EngineError::NotANumber(self.forest())),
            }
        }
        Small::simplest_between(best_left, best_right)
            .ok_or_else(|| EngineError::NotANumber(self.forest()))
    }

    /// The tree rule: a trunk's sign, then the sign expansion of what it carries; a forest
    /// is the sum of its trees.
    fn rule_value(&self) -> Result<Small, EngineError> {
        if let [trunk] = self.plan.trunks.as_slice() {
            let above = self.piece(trunk.above, &self.t.rules);
            return signs::colon(self.colour(trunk.index) == Colour::Blue, &above)
                .ok_or_else(|| EngineError::Overflow(self.forest()));
        }
        let mut total = Small::ZERO;
        for trunk in &self.plan.trunks {
            total = add(total, self.piece(trunk.tree, &self.t.rules))?;
        }
        Ok(total)
    }

    fn forest(&self) -> Forest {
        let n = self.plan.n;
        Forest::from_parts(self.plan.shape, self.t.palette.colouring(self.c, n), n)
    }

    /// Every property of the forest, given its game-tree and tree-rule values.
    fn record(&self, value: Small, rule: Small) -> Result<Record, EngineError> {
        let t = self.t;
        let mut sum = Small::ZERO;
        let mut ordinal_sum = Small::ZERO;
        for trunk in &self.plan.trunks {
            let tree = if self.plan.trunks.len() == 1 {
                value
            } else {
                self.piece(trunk.tree, &t.values)
            };
            sum = add(sum, tree)?;
            let key = (
                sign(self.colour(trunk.index)),
                self.piece(trunk.above, &t.values),
            );
            let ordinal = t.ordinal.get(&key).copied().ok_or_else(|| {
                EngineError::Ordinal(format!("no ordinal sum for {} : {}", key.0, key.1))
            })?;
            ordinal_sum = add(ordinal_sum, ordinal)?;
        }
        let spine = &self.plan.spine;
        let reading = signs::from_signs(spine.iter().map(|s| self.colour(s.index) == Colour::Blue))
            .ok_or_else(|| EngineError::Overflow(self.forest()))?;
        // The ground first (the whole forest against its first tree), then every spine node.
        let ground = self
            .plan
            .first_tree
            .is_none_or(|first| self.piece(first, &t.values) == value);
        let colon = ground
            && spine.iter().all(|node| {
                node.first.is_none_or(|first| {
                    self.piece(first, &t.values) == self.piece(node.above, &t.values)
                })
            });
        let n = self.plan.n;
        let (blue, red, green) =
            (0..n).fold((0u8, 0u8, 0u8), |(b, r, g), i| match self.colour(i) {
                Colour::Blue => (b + 1, r, g),
                Colour::Red => (b, r + 1, g),
                Colour::Green => (b, r, g + 1),
            });
        Ok(Record {
            edges: n as u8,
            blue,
            red,
            green,
            trunks: self.plan.trunks.len() as u8,
            height: self.plan.height,
            spine: spine.len() as u8,
            path: self.plan.path,
            colon,
            value: Val::Num(value),
            reading: Val::Num(reading),
            tree_rule: Val::Num(rule),
            sum: Val::Num(sum),
            ordinal_sum: Val::Num(ordinal_sum),
        })
    }
}

/// One shape of `n` edges under every colouring: values and rules into the given slices,
/// records (if the family admits the shape) into `groups`. Colourings are visited in rank
/// order, so the first forest to reach a record is the smallest one of this batch.
#[allow(clippy::too_many_arguments)]
fn visit_shape(
    shape: u32,
    shape_rank: u64,
    n: usize,
    t: &Tables,
    family: Option<&Family>,
    values: &mut [Small],
    rules: &mut [Small],
    groups: &mut Groups,
) -> Result<(), EngineError> {
    let kn = t.palette.colourings(n);
    let admitted = family.is_some_and(|fam| fam.kind.admits(shape, n));
    let plan = t.plan(Forest::from_parts(shape, 0, n));
    for c in 0..kn {
        let colouring = Colouring { c, plan: &plan, t };
        let value = colouring.game_value()?;
        let rule = colouring.rule_value()?;
        values[c as usize] = value;
        rules[c as usize] = rule;
        if admitted {
            let record = colouring.record(value, rule)?;
            let order = order_key(n, shape_rank * kn + c);
            groups.add(record, 1, order, || colouring.forest());
        }
    }
    Ok(())
}

/// Runs the census of a blue-red family. `ordinal` computes `edge : x` on canonical forms for
/// each distinct pair met (it is checked against the sign-expansion rule here); `progress` is
/// told how many positions each finished batch held.
pub fn run(
    family: &Family,
    ordinal: &mut OrdinalSum,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Vec<Row>, EngineError> {
    run_shard(family, Shard::WHOLE, ordinal, progress)
}

/// One shard of the census of a blue-red family (see [`Shard`]); the shards' rows, combined
/// by [`combine`], are the rows of [`run`].
pub fn run_shard(
    family: &Family,
    shard: Shard,
    ordinal: &mut OrdinalSum,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Vec<Row>, EngineError> {
    // Blue-red under the normal rules only: the childish rules are the composing engine's.
    if family.palette.len() > 2
        || !family.palette.is_blue_red()
        || family.rules != crate::hackenbush::Rules::Normal
    {
        return Err(EngineError::NotANumber(Forest::EMPTY));
    }
    let mut t = Tables {
        palette: family.palette,
        values: Vec::new(),
        rules: Vec::new(),
        ordinal: FxHashMap::default(),
        shape_index: Vec::new(),
        bits: if family.palette.len() == 2 { 1 } else { 0 },
        colours: family.palette.colours().collect(),
    };
    let mut groups = Groups::default();
    for n in 0..=family.max_edges {
        if n > 0 {
            extend_ordinals(&mut t, n - 1, ordinal)?;
        }
        let in_range = n >= family.min_edges && shard.index == 0;
        let last = n == family.max_edges;
        let level = if last {
            census_level(n, family, shard, &t, progress)?
        } else {
            let (values, rules, level) = store_level(n, in_range.then_some(family), &t, progress)?;
            t.values.push(values);
            t.rules.push(rules);
            t.shape_index.push(shape_index(n));
            level
        };
        groups = groups.merge(level);
    }
    Ok(groups.into_rows())
}

/// The rows of a census from the rows of its parts: counts added, the smallest member kept.
pub fn combine(parts: impl IntoIterator<Item = Vec<Row>>) -> Vec<Row> {
    parts
        .into_iter()
        .fold(Groups::default(), |groups, rows| {
            groups.merge(Groups::from_rows(rows))
        })
        .into_rows()
}

/// Computes `edge : x` for every value among forests of `size` edges, checking each against
/// the sign-expansion form of the rule.
fn extend_ordinals(
    t: &mut Tables,
    size: usize,
    ordinal: &mut OrdinalSum,
) -> Result<(), EngineError> {
    let mut distinct: Vec<Small> = t.values[size].clone();
    distinct.sort();
    distinct.dedup();
    for x in distinct {
        for s in [1i8, -1] {
            if t.ordinal.contains_key(&(s, x)) {
                continue;
            }
            let by_forms = ordinal(s, x).map_err(EngineError::Ordinal)?;
            let by_signs = signs::colon(s > 0, &x).ok_or(EngineError::Overflow(Forest::EMPTY))?;
            if by_forms != by_signs {
                return Err(EngineError::Ordinal(format!(
                    "{} : {x} is {by_forms} on canonical forms but {by_signs} by sign expansion",
                    s
                )));
            }
            t.ordinal.insert((s, x), by_forms);
        }
    }
    Ok(())
}

/// A level that later levels need: every forest of `n` edges evaluated and stored.
fn store_level(
    n: usize,
    family: Option<&Family>,
    t: &Tables,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<(Vec<Small>, Vec<Small>, Groups), EngineError> {
    let all = shapes(n);
    let kn = t.palette.colourings(n) as usize;
    let mut values = vec![Small::ZERO; all.len() * kn];
    let mut rules = vec![Small::ZERO; all.len() * kn];
    let groups = values
        .par_chunks_mut(kn)
        .zip(rules.par_chunks_mut(kn))
        .zip(all.par_iter().enumerate())
        .try_fold(
            Groups::default,
            |mut groups, ((vals, rls), (rank, &shape))| {
                visit_shape(shape, rank as u64, n, t, family, vals, rls, &mut groups)?;
                progress(kn as u64);
                Ok(groups)
            },
        )
        .try_reduce(Groups::default, |a, b| Ok(a.merge(b)))?;
    Ok((values, rules, groups))
}

/// The largest level: only the family's own shapes (the shard's run of them), nothing stored.
fn census_level(
    n: usize,
    family: &Family,
    shard: Shard,
    t: &Tables,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Groups, EngineError> {
    let admitted: Vec<(usize, u32)> = shapes(n)
        .into_iter()
        .enumerate()
        .filter(|&(_, shape)| family.kind.admits(shape, n))
        .collect();
    let kn = t.palette.colourings(n) as usize;
    admitted[shard.range(admitted.len())]
        .par_iter()
        .try_fold(
            || {
                (
                    Groups::default(),
                    vec![Small::ZERO; kn],
                    vec![Small::ZERO; kn],
                )
            },
            |(mut groups, mut vals, mut rls), &(rank, shape)| {
                visit_shape(
                    shape,
                    rank as u64,
                    n,
                    t,
                    Some(family),
                    &mut vals,
                    &mut rls,
                    &mut groups,
                )?;
                progress(kn as u64);
                Ok((groups, vals, rls))
            },
        )
        .map(|r| r.map(|(groups, _, _)| groups))
        .try_reduce(Groups::default, |a, b| Ok(a.merge(b)))
}

/// The value of one forest by the same game-tree procedure, without a census around it:
/// every smaller forest it can reach is evaluated on the way and memoised by notation.
pub fn value_of(f: Forest) -> Result<Small, EngineError> {
    fn go(f: Forest, memo: &mut HashMap<Forest, Small>) -> Result<Small, EngineError> {
        if let Some(&v) = memo.get(&f) {
            return Ok(v);
        }
        let (mut lo, mut hi): (Option<Small>, Option<Small>) = (None, None);
        for &e in f.edge_list().as_slice() {
            let v = go(f.without(e), memo)?;
            match f.colour(e.index) {
                Colour::Blue => lo = Some(lo.map_or(v, |b| b.max(v))),
                Colour::Red => hi = Some(hi.map_or(v, |b| b.min(v))),
                Colour::Green => return Err(EngineError::NotANumber(f)),
            }
        }
        let v = Small::simplest_between(lo, hi).ok_or(EngineError::NotANumber(f))?;
        memo.insert(f, v);
        Ok(v)
    }
    go(f, &mut HashMap::new())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::census::family::Kind;

    fn blue_red(kind: Kind, max: usize) -> Family {
        Family {
            kind,
            min_edges: 1,
            max_edges: max,
            palette: Palette::new(&[Colour::Blue, Colour::Red]),
            rules: crate::hackenbush::Rules::Normal,
        }
    }

    fn census(family: &Family) -> Vec<Row> {
        run(
            family,
            &mut |s, x| signs::colon(s > 0, &x).ok_or_else(|| "overflow".into()),
            &|_| {},
        )
        .unwrap()
    }

    fn count(rows: &[Row], p: impl Fn(&Record) -> bool) -> u64 {
        rows.iter().filter(|r| p(&r.record)).map(|r| r.count).sum()
    }

    #[test]
    fn sizes_follow_the_closed_form() {
        for kind in [Kind::Forests, Kind::Trees, Kind::Stalks] {
            let family = blue_red(kind, 6);
            assert_eq!(count(&census(&family), |_| true) as u128, family.size());
        }
        assert_eq!(blue_red(Kind::Forests, 6).size(), 10_066);
    }

    #[test]
    fn known_values() {
        for (text, value) in [
            ("LRRL", "3/8"),
            ("L(L R)", "1"),
            ("R(L L)", "-1/4"),
            ("LRLRRLLR", "77/128"),
            ("L(L RL)", "3/2"),
        ] {
            let v = value_of(Forest::parse(text).unwrap()).unwrap();
            assert_eq!(v.to_string(), value, "{text}");
        }
    }

    #[test]
    fn the_source_figures_and_the_theorems() {
        let rows = census(&blue_red(Kind::Forests, 6));
        let n = |p: &dyn Fn(&Record) -> bool| count(&rows, p);
        assert_eq!(n(&|r| r.trunks > 1), 6828);
        assert_eq!(n(&|r| r.reading == r.value), 762);
        assert_eq!(n(&|r| r.path && r.reading == r.value), 126);
        assert_eq!(n(&|r| r.trunks == 1 && r.colon), 358);
        assert_eq!(n(&|r| r.trunks == 1 && r.reading == r.value), 406);
        assert_eq!(n(&|r| r.colon && r.reading != r.value), 0);
        assert_eq!(n(&|r| r.tree_rule != r.value), 0);
        assert_eq!(n(&|r| r.sum != r.value), 0);
        assert_eq!(n(&|r| r.ordinal_sum != r.value), 0);
    }
}
