//! The fast census of blue-red forests: every forest evaluated once, by rank, level by level.
//!
//! The one idea: a forest's options are forests with fewer edges, and every forest with fewer
//! edges has already been evaluated and stored at its dense rank — so the game-tree value is
//! `n` array look-ups and the simplicity rule, the tree rule is one ordinal sum on a stored
//! value, and each size is spread over the cores by shape. Nothing here assumes a theorem: the
//! value comes from the game tree, and the theorems are separate columns that queries compare.

use super::family::Family;
use super::forest::{shapes, Forest, Palette};
use super::record::{order_key, Record, Row, Val};
use super::small::Small;
use crate::hackenbush::Colour;
use rayon::prelude::*;
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
    ordinal: HashMap<(i8, Small), Small>,
}

impl Tables {
    fn value(&self, f: Forest) -> Small {
        self.values[f.edges()][self.palette.rank(f) as usize]
    }

    fn rule(&self, f: Forest) -> Small {
        self.rules[f.edges()][self.palette.rank(f) as usize]
    }
}

fn sign(c: Colour) -> i8 {
    if c == Colour::Red {
        -1
    } else {
        1
    }
}

/// The simplicity rule over the options: cut each edge, look the rest up.
fn game_value(f: Forest, t: &Tables) -> Result<Small, EngineError> {
    let (mut best_left, mut best_right): (Option<Small>, Option<Small>) = (None, None);
    for &e in f.edge_list().as_slice() {
        let v = t.value(f.without(e));
        match f.colour(e.index) {
            Colour::Blue => best_left = Some(best_left.map_or(v, |b| b.max(v))),
            Colour::Red => best_right = Some(best_right.map_or(v, |b| b.min(v))),
            Colour::Green => return Err(EngineError::NotANumber(f)),
        }
    }
    Small::simplest_between(best_left, best_right).ok_or(EngineError::NotANumber(f))
}

fn add(a: Small, b: Small, f: Forest) -> Result<Small, EngineError> {
    a.checked_add(b).ok_or(EngineError::Overflow(f))
}

/// The tree rule: a tree is its trunk's sign followed by the sign expansion of what it carries;
/// a forest is the sum of its trees.
fn rule_value(f: Forest, t: &Tables) -> Result<Small, EngineError> {
    let trunks = f.trunks();
    if let [e] = trunks[..] {
        let above = t.rule(f.above(e));
        return Small::colon(sign(f.colour(e.index)), above).ok_or(EngineError::Overflow(f));
    }
    trunks
        .iter()
        .try_fold(Small::ZERO, |acc, &e| add(acc, t.rule(f.tree(e)), f))
}

/// Every property of one forest, given its game-tree and tree-rule values.
fn record(f: Forest, value: Small, rule: Small, t: &Tables) -> Result<Record, EngineError> {
    let trunks = f.trunks();
    let mut sum = Small::ZERO;
    let mut ordinal_sum = Small::ZERO;
    for &e in &trunks {
        let tree = if trunks.len() == 1 {
            value
        } else {
            t.value(f.tree(e))
        };
        sum = add(sum, tree, f)?;
        let key = (sign(f.colour(e.index)), t.value(f.above(e)));
        let ordinal = t
            .ordinal
            .get(&key)
            .copied()
            .ok_or_else(|| EngineError::Ordinal(format!("no ordinal sum for {key:?}")))?;
        ordinal_sum = add(ordinal_sum, ordinal, f)?;
    }
    let spine = f.spine();
    let reading = Small::from_signs(spine.iter().map(|e| sign(f.colour(e.index))))
        .ok_or(EngineError::Overflow(f))?;
    // The ground first: the whole forest against its first tree; then every spine node.
    let ground = trunks.len() <= 1 || value == t.value(f.tree(trunks[0]));
    let colon = ground
        && spine.iter().all(|&e| {
            let above = f.above(e);
            match above.trunks().first() {
                Some(&first) if above.trunks().len() > 1 => {
                    t.value(above) == t.value(above.tree(first))
                }
                _ => true,
            }
        });
    Ok(Record {
        edges: f.edges() as u8,
        blue: f.count(Colour::Blue) as u8,
        red: f.count(Colour::Red) as u8,
        green: f.count(Colour::Green) as u8,
        trunks: trunks.len() as u8,
        height: f.height() as u8,
        spine: spine.len() as u8,
        path: f.is_path(),
        colon,
        value: Val::Num(value),
        reading: Val::Num(reading),
        tree_rule: Val::Num(rule),
        sum: Val::Num(sum),
        ordinal_sum: Val::Num(ordinal_sum),
    })
}

/// Distinct records with their multiplicity and smallest member.
type Groups = HashMap<Record, (u64, u64, Forest)>;

fn note(groups: &mut Groups, record: Record, order: u64, f: Forest) {
    let entry = groups.entry(record).or_insert((0, order, f));
    entry.0 += 1;
    if order < entry.1 {
        entry.1 = order;
        entry.2 = f;
    }
}

fn merge(mut a: Groups, b: Groups) -> Groups {
    if a.len() < b.len() {
        return merge(b, a);
    }
    for (record, (count, order, f)) in b {
        let entry = a.entry(record).or_insert((0, order, f));
        entry.0 += count;
        if order < entry.1 {
            entry.1 = order;
            entry.2 = f;
        }
    }
    a
}

/// One shape of `n` edges under every colouring: values and rules into the given slices,
/// records (if the family admits the shape) into `groups`.
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
    for c in 0..kn {
        let f = Forest::from_parts(shape, t.palette.colouring(c, n), n);
        let value = game_value(f, t)?;
        let rule = rule_value(f, t)?;
        values[c as usize] = value;
        rules[c as usize] = rule;
        if admitted {
            let order = order_key(n, shape_rank * kn + c);
            note(groups, record(f, value, rule, t)?, order, f);
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
    let mut t = Tables {
        palette: family.palette,
        values: Vec::new(),
        rules: Vec::new(),
        ordinal: HashMap::new(),
    };
    let mut groups = Groups::new();
    for n in 0..=family.max_edges {
        if n > 0 {
            extend_ordinals(&mut t, n - 1, ordinal)?;
        }
        let in_range = n >= family.min_edges;
        let last = n == family.max_edges;
        let level = if last {
            census_level(n, family, &t, progress)?
        } else {
            let (values, rules, level) = store_level(n, in_range.then_some(family), &t, progress)?;
            t.values.push(values);
            t.rules.push(rules);
            level
        };
        groups = merge(groups, level);
    }
    let mut rows: Vec<Row> = groups
        .into_iter()
        .map(|(record, (count, order, first))| Row {
            record,
            count,
            first,
            order,
        })
        .collect();
    rows.sort_by_key(|r| r.order);
    Ok(rows)
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
            let by_signs = Small::colon(s, x).ok_or(EngineError::Overflow(Forest::EMPTY))?;
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
        .try_fold(Groups::new, |mut groups, ((vals, rls), (rank, &shape))| {
            visit_shape(shape, rank as u64, n, t, family, vals, rls, &mut groups)?;
            progress(kn as u64);
            Ok(groups)
        })
        .try_reduce(Groups::new, |a, b| Ok(merge(a, b)))?;
    Ok((values, rules, groups))
}

/// The largest level: only the family's own shapes, nothing stored.
fn census_level(
    n: usize,
    family: &Family,
    t: &Tables,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Groups, EngineError> {
    let all = shapes(n);
    let kn = t.palette.colourings(n) as usize;
    all.par_iter()
        .enumerate()
        .filter(|(_, &shape)| family.kind.admits(shape, n))
        .try_fold(
            || (Groups::new(), vec![Small::ZERO; kn], vec![Small::ZERO; kn]),
            |(mut groups, mut vals, mut rls), (rank, &shape)| {
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
        .try_reduce(Groups::new, |a, b| Ok(merge(a, b)))
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
        }
    }

    fn census(family: &Family) -> Vec<Row> {
        run(
            family,
            &mut |s, x| Small::colon(s, x).ok_or_else(|| "overflow".into()),
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
    fn essay_figures_at_a_glance() {
        let rows = census(&blue_red(Kind::Forests, 6));
        let eq = |a: Val, b: Val| a == b;
        let n = |p: &dyn Fn(&Record) -> bool| count(&rows, p);
        eprintln!("trunks>1 {}", n(&|r| r.trunks > 1));
        eprintln!("reading=value {}", n(&|r| eq(r.reading, r.value)));
        eprintln!("paths reading {}", n(&|r| r.path && eq(r.reading, r.value)));
        eprintln!("trees colon {}", n(&|r| r.trunks == 1 && r.colon));
        eprintln!(
            "trees reading {}",
            n(&|r| r.trunks == 1 && eq(r.reading, r.value))
        );
        eprintln!(
            "colon&!reading {}",
            n(&|r| r.colon && !eq(r.reading, r.value))
        );
        eprintln!("tree_rule!=value {}", n(&|r| !eq(r.tree_rule, r.value)));
        eprintln!("sum!=value {}", n(&|r| !eq(r.sum, r.value)));
        eprintln!("ord!=value {}", n(&|r| !eq(r.ordinal_sum, r.value)));
        eprintln!("forests colon {}", n(&|r| r.colon));
        eprintln!("rows {}", rows.len());
    }
}
