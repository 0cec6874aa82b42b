//! Figures from value distributions: a count, a share, or the least, greatest or total of a
//! quantity over a census counted by value ([`crate::engines::counting`]).
//!
//! The one idea: when every property a query reads is a position's value (or something read
//! off the value alone: its sign, its places, …) or its number of edges, the members of one size
//! with one value are interchangeable; so the query's conditions are asked once of each size and
//! value, and weighted by how many members share it. A comparison of the value with a number is
//! compiled to a comparison of integers (the value's numerator in the distribution), a part that
//! reads only the number of edges is asked once a size, one that reads only the value's binary
//! places once for each number of places, and everything else is asked of each value by the
//! same evaluator as any census's records ([`Test`]); a quantity that reads only the number of
//! edges is asked once a size.

use crate::engines::counting::{self, Distribution};
use crate::query::eval::{holds, reads, Measures, Reads, RowEval, Scalar, Subject};
use crate::query::literal::Figure;
use crate::query::obtained::pairings;
use crate::query::{Expr, ExprKind, Extreme, FamilyRef, QueryError, QueryKind, Rel};
use crate::record::{Facts, Field, Record, Val};
use crate::small::Small;
use hackenbook_games::{Dyadic, Relation};
use num_bigint::BigInt;
use std::cmp::{Ordering, Reverse};
use std::collections::{BinaryHeap, HashSet};

/// What a query asks of a counted census.
#[derive(Clone, Copy)]
pub enum Asked<'e> {
    Count,
    /// The share of the members that have the condition.
    Share(&'e Expr),
    Extreme(Extreme, &'e Expr),
    /// How many distinct values the quantity takes over the members.
    Distinct(&'e Expr),
}

impl<'e> Asked<'e> {
    /// What a query asks of its census, if counting by value can answer it (given that its
    /// conditions read values alone): a count, a share, a `min`, `max` or `total`, a `distinct`;
    /// `None` for `all`, `none`, `any`, `smallest` and `unique`, which name a member.
    pub fn of(kind: &'e QueryKind) -> Option<(&'e FamilyRef, Asked<'e>)> {
        Some(match kind {
            QueryKind::Count(f) => (f, Asked::Count),
            QueryKind::Share(f, c) => (f, Asked::Share(c)),
            QueryKind::Extreme(Extreme::Distinct, e, f) => (f, Asked::Distinct(e)),
            QueryKind::Extreme(which @ (Extreme::Min | Extreme::Max | Extreme::Total), e, f) => {
                (f, Asked::Extreme(*which, e))
            }
            _ => return None,
        })
    }

    /// The condition or quantity asked about each member, if any.
    pub fn expr(self) -> Option<&'e Expr> {
        match self {
            Asked::Count => None,
            Asked::Share(e) | Asked::Extreme(_, e) | Asked::Distinct(e) => Some(e),
        }
    }
}

/// Whether every expression reads values alone: properties read off a position's value, and
/// its number of edges — nothing about its shape, colours or other columns, no comparison of
/// two computed values (those are checks the enumerating engines make, each side computed its
/// own way).
pub fn reads_values_only(exprs: &[Option<&Expr>], measures: &Measures) -> bool {
    exprs.iter().flatten().all(|e| {
        let mut used = Vec::new();
        reads(e, measures, &mut used);
        let value_or_edges = used.iter().all(|(read, _)| match read {
            Reads::Prop(p) => p.get().from == Some(Field::Value) || p.get().name == "edges",
            Reads::Ordinal => false,
        });
        value_or_edges && pairings(e, measures).is_empty()
    })
}

/// The record every member of `edges` edges worth `value` shares, as far as a query that reads
/// values alone can tell (the other columns are never read: see [`reads_values_only`]).
fn record(edges: u32, value: &Dyadic, ev: &mut RowEval) -> Record {
    let value = match Small::from_dyadic(value) {
        Some(x) => Val::Num(x),
        None => Val::Game(ev.games.number(value)),
    };
    Record::valued(
        Facts {
            edges,
            ..Facts::default()
        },
        value,
    )
}

/// The figure `asked` over the members of `family` (counted as `sizes`) that pass its `where`.
pub fn figure(
    sizes: &[(usize, Distribution)],
    family: &FamilyRef,
    asked: Asked,
    ev: &mut RowEval,
) -> Result<Figure, QueryError> {
    if let Asked::Distinct(e) = asked {
        return distinct(sizes, family, e, ev);
    }
    let mut whole = BigInt::from(0);
    let mut part = BigInt::from(0);
    let mut best: Option<Scalar> = None;
    let mut best_value: Option<i64> = None;
    let mut total = Dyadic::zero();
    for (edges, distribution) in sizes {
        let edges = u32::try_from(*edges)
            .map_err(|_| QueryError::new(family.name_span.clone(), "too many edges to count"))?;
        let filter = family.filter.as_ref().map(|f| Test::compile(f, edges, ev));
        if filter.as_ref().is_some_and(Test::fails_all) {
            // No member of this size passes (`where edges = 7`, at another size).
            continue;
        }
        let condition = match asked {
            Asked::Share(c) => Some(Test::compile(c, edges, ev)),
            _ => None,
        };
        // Within one size no sum passes the size's total, which fits (held against its
        // closed form): the counts are added as machine integers (checked all the same), the
        // sizes as big ones.
        // A quantity that reads only the number of edges is the same for every member of the
        // size: asked once, below, if any member passes.
        let once_a_size = match asked {
            Asked::Extreme(_, e) => same_for_a_size(e, ev.measures),
            _ => false,
        };
        let (mut size_whole, mut size_part) = (0u128, 0u128);
        let add = |sum: &mut u128, count: u128| -> Result<(), QueryError> {
            *sum = sum
                .checked_add(count)
                .ok_or_else(|| QueryError::new(family.name_span.clone(), "a count passed 2^128"))?;
            Ok(())
        };
        // With no condition left to ask of each value, a count and a share whose condition
        // compares the value with a number are read off the sorted values.
        if let Some((size_whole, size_part)) =
            Test::read_off(filter.as_ref(), asked, condition.as_ref(), distribution)
        {
            whole += size_whole;
            part += size_part;
            continue;
        }
        for (numerator, count) in distribution.numerators() {
            let mut member = Member::new(edges, numerator);
            if let Some(filter) = &filter {
                if !filter.holds(&mut member, ev)? {
                    continue;
                }
            }
            add(&mut size_whole, count)?;
            match asked {
                // `distinct` is answered above.
                Asked::Count | Asked::Distinct(_) => {}
                Asked::Share(_) => {
                    if condition
                        .as_ref()
                        .map_or(Ok(true), |c| c.holds(&mut member, ev))?
                    {
                        add(&mut size_part, count)?;
                    }
                }
                // The least or greatest value: numerators compare as the values do.
                Asked::Extreme(Extreme::Min | Extreme::Max, e) if reads_the_value(e) => {
                    let better = match (best_value, asked) {
                        (None, _) => true,
                        (Some(b), Asked::Extreme(Extreme::Min, _)) => numerator < b,
                        (Some(b), _) => numerator > b,
                    };
                    if better {
                        best_value = Some(numerator);
                    }
                }
                Asked::Extreme(..) if once_a_size => {}
                Asked::Extreme(which, e) => {
                    let r = member.record(ev);
                    let x = ev.eval(e, Subject::Position(r))?;
                    (total, best) = take_quantity(which, e, x, count, total, best, ev)?;
                }
            }
        }
        if let (true, Asked::Extreme(which, e)) = (once_a_size && size_whole > 0, asked) {
            let r = record(edges, &Dyadic::zero(), ev);
            let x = ev.eval(e, Subject::Position(&r))?;
            (total, best) = take_quantity(which, e, x, size_whole, total, best, ev)?;
        }
        whole += size_whole;
        part += size_part;
    }
    if let Some(b) = best_value {
        best = Some(Scalar::Num(counting::value_of(b)));
    }
    let empty = |what: &str| QueryError::new(family.name_span.clone(), what.to_string());
    Ok(match asked {
        Asked::Count | Asked::Distinct(_) => Figure::Integer(whole),
        Asked::Share(_) if whole == BigInt::from(0) => {
            return Err(empty("a share of an empty family is undefined"))
        }
        Asked::Share(_) => Figure::Share { part, whole },
        Asked::Extreme(_, _) if whole == BigInt::from(0) => {
            return Err(empty("the family is empty"))
        }
        Asked::Extreme(Extreme::Total, _) => Figure::Number(total),
        Asked::Extreme(_, e) => match best {
            Some(Scalar::Num(d)) => Figure::Number(d),
            Some(Scalar::Game(g)) => Figure::Game(g),
            _ => {
                return Err(QueryError::new(
                    e.span.clone(),
                    "`min` and `max` need a value",
                ))
            }
        },
    })
}

/// The running `total` and `best` of a `min`, `max` or `total` of `e` after `members` members
/// whose quantity is `x`.
fn take_quantity(
    which: Extreme,
    e: &Expr,
    x: Scalar,
    members: u128,
    total: Dyadic,
    best: Option<Scalar>,
    ev: &mut RowEval,
) -> Result<(Dyadic, Option<Scalar>), QueryError> {
    if which != Extreme::Total {
        return Ok((total, Some(ev.extreme(which, x, best, e)?)));
    }
    let Scalar::Num(d) = &x else {
        return Err(QueryError::new(
            e.span.clone(),
            "`total` adds numbers; this is a game that is not a number",
        ));
    };
    Ok((&total + &(d * &Dyadic::integer(members)), best))
}

/// `distinct e over family`: how many different values `e` takes over the members that pass
/// the family's `where`. Of the value itself, the sizes' lists of values (each sorted) are
/// merged in order, a value that several sizes take counted once, nothing gathered; of anything
/// else read off the value, `e` is asked once of each size and value and its figures gathered
/// as the enumerating engines gather them (equal games are one value).
fn distinct(
    sizes: &[(usize, Distribution)],
    family: &FamilyRef,
    e: &Expr,
    ev: &mut RowEval,
) -> Result<Figure, QueryError> {
    let mut each = Vec::with_capacity(sizes.len());
    for (edges, distribution) in sizes {
        let edges = u32::try_from(*edges)
            .map_err(|_| QueryError::new(family.name_span.clone(), "too many edges to count"))?;
        let filter = family.filter.as_ref().map(|f| Test::compile(f, edges, ev));
        if filter.as_ref().is_some_and(Test::fails_all) {
            continue;
        }
        each.push((edges, filter, distribution.numerators()));
    }
    /// The next value of a size that passes its filter.
    fn next(
        (edges, filter, values): &mut (u32, Option<Test>, impl Iterator<Item = (i64, u128)>),
        ev: &mut RowEval,
    ) -> Result<Option<Member>, QueryError> {
        for (numerator, _) in values.by_ref() {
            let mut member = Member::new(*edges, numerator);
            if filter
                .as_ref()
                .map_or(Ok(true), |f| f.holds(&mut member, ev))?
            {
                return Ok(Some(member));
            }
        }
        Ok(None)
    }
    if !reads_the_value(e) {
        let mut seen = HashSet::new();
        for size in &mut each {
            while let Some(mut member) = next(size, ev)? {
                let r = member.record(ev);
                seen.insert(ev.eval(e, Subject::Position(r))?);
            }
        }
        return Ok(Figure::Integer(seen.len().into()));
    }
    // The least value not yet merged of each size, least first.
    let mut heads = BinaryHeap::new();
    for (i, size) in each.iter_mut().enumerate() {
        if let Some(member) = next(size, ev)? {
            heads.push(Reverse((member.numerator, i)));
        }
    }
    let (mut found, mut last) = (0u64, None);
    while let Some(Reverse((numerator, i))) = heads.pop() {
        if last != Some(numerator) {
            found += 1;
            last = Some(numerator);
        }
        if let Some(member) = next(&mut each[i], ev)? {
            heads.push(Reverse((member.numerator, i)));
        }
    }
    Ok(Figure::Integer(found.into()))
}

/// Whether `e` is the property `value` itself.
fn reads_the_value(e: &Expr) -> bool {
    matches!(&e.kind, ExprKind::Prop(p) if p.get().name == "value")
}

/// Whether `e` reads nothing but the number of edges: the same for every member of a size.
fn same_for_a_size(e: &Expr, measures: &Measures) -> bool {
    reads_only(e, measures, &["edges"])
}

/// The number of edges and the properties read off a value's binary places alone (`3` for
/// `3/8`): the same for every value of a size with as many places.
const EDGES_AND_PLACES: [&str; 3] = ["edges", "places", "denominator"];

/// Whether `e` reads nothing but the number of edges and the value's binary places.
fn same_for_its_places(e: &Expr, measures: &Measures) -> bool {
    reads_only(e, measures, &EDGES_AND_PLACES)
}

/// Whether every property `e` reads is one of `names`.
fn reads_only(e: &Expr, measures: &Measures, names: &[&str]) -> bool {
    let mut used = Vec::new();
    reads(e, measures, &mut used);
    used.iter()
        .all(|(read, _)| matches!(read, Reads::Prop(p) if names.contains(&p.get().name)))
}

/// One member of a size and value: its value's numerator, and its record, built when a
/// condition the compiled test leaves to the evaluator first needs it.
struct Member {
    edges: u32,
    numerator: i64,
    record: Option<Record>,
}

impl Member {
    fn new(edges: u32, numerator: i64) -> Member {
        Member {
            edges,
            numerator,
            record: None,
        }
    }

    fn record(&mut self, ev: &mut RowEval) -> &Record {
        let (edges, numerator) = (self.edges, self.numerator);
        self.record
            .get_or_insert_with(|| record(edges, &counting::value_of(numerator), ev))
    }
}

/// A condition compiled for the members of one size: a comparison of the value with a number
/// is a comparison of integers (numerators over the distribution's common denominator), a part
/// that reads nothing but the number of edges is asked once by the evaluator, and any other
/// part is asked of each value by the evaluator, on the record every member of that value
/// shares. `and`, `or` and `not` keep the evaluator's order and short cuts, so a part that
/// fails with an error fails for the same members.
enum Test<'e> {
    Known(bool),
    /// `value rel c` (or `c rel value` when `flipped`), `c` a numerator.
    Value {
        rel: Rel,
        c: i64,
        flipped: bool,
    },
    /// Asked once for each number of binary places: whether a value with `p` places passes
    /// is entry `p`.
    ByPlaces(Vec<bool>),
    Not(Box<Test<'e>>),
    And(Box<Test<'e>>, Box<Test<'e>>),
    Or(Box<Test<'e>>, Box<Test<'e>>),
    Asked(&'e Expr),
}

impl<'e> Test<'e> {
    fn compile(e: &'e Expr, edges: u32, ev: &mut RowEval) -> Test<'e> {
        let both = |a, b, ev: &mut RowEval| {
            (
                Box::new(Test::compile(a, edges, ev)),
                Box::new(Test::compile(b, edges, ev)),
            )
        };
        match &e.kind {
            ExprKind::Not(a) => match Test::compile(a, edges, ev) {
                Test::Known(b) => Test::Known(!b),
                a => Test::Not(Box::new(a)),
            },
            // A known left side decides or hands over, as the evaluator's short cut does; a
            // known right side is still asked after the left, which may fail with an error.
            ExprKind::And(a, b) => match both(a, b, ev) {
                (a, _) if matches!(*a, Test::Known(false)) => Test::Known(false),
                (a, b) if matches!(*a, Test::Known(true)) => *b,
                (a, b) => Test::And(a, b),
            },
            ExprKind::Or(a, b) => match both(a, b, ev) {
                (a, _) if matches!(*a, Test::Known(true)) => Test::Known(true),
                (a, b) if matches!(*a, Test::Known(false)) => *b,
                (a, b) => Test::Or(a, b),
            },
            ExprKind::Compare(rel, a, b) => Test::value_against(*rel, a, b, false, edges, ev)
                .or_else(|| Test::value_against(*rel, b, a, true, edges, ev))
                .unwrap_or_else(|| Test::once(e, edges, ev)),
            _ => Test::once(e, edges, ev),
        }
    }

    /// `value rel c` where `c` is the same number for every member of the size and has a
    /// numerator (`c rel value` when `flipped`).
    fn value_against(
        rel: Rel,
        value: &Expr,
        c: &Expr,
        flipped: bool,
        edges: u32,
        ev: &mut RowEval,
    ) -> Option<Test<'e>> {
        if !reads_the_value(value) || !same_for_a_size(c, ev.measures) {
            return None;
        }
        let r = record(edges, &Dyadic::zero(), ev);
        let Ok(Scalar::Num(c)) = ev.eval(c, Subject::Position(&r)) else {
            return None;
        };
        let c = counting::numerator(&c)?;
        Some(Test::Value { rel, c, flipped })
    }

    /// `e` asked once for the size if it reads nothing but the number of edges, once for each
    /// number of binary places if it reads nothing else but the value's places (each asked of
    /// the value `2^-p`, which has `p` places), provided every such question is answered
    /// without an error; else of each value, where an error is the member's.
    fn once(e: &'e Expr, edges: u32, ev: &mut RowEval) -> Test<'e> {
        if same_for_a_size(e, ev.measures) {
            let r = record(edges, &Dyadic::zero(), ev);
            if let Ok(b) = ev.truth(e, Subject::Position(&r)) {
                return Test::Known(b);
            }
        } else if same_for_its_places(e, ev.measures) {
            let mut by_places = Vec::new();
            for (p, numerator) in counting::one_per_places() {
                debug_assert_eq!(p as usize, by_places.len());
                let r = record(edges, &counting::value_of(numerator), ev);
                match ev.truth(e, Subject::Position(&r)) {
                    Ok(b) => by_places.push(b),
                    Err(_) => return Test::Asked(e),
                }
            }
            return Test::ByPlaces(by_places);
        }
        Test::Asked(e)
    }

    /// For a count or a share whose `filter` passes every member of the size, and whose
    /// condition is known or compares the value with a number: the members of the size, and
    /// those that have the condition, read off the sorted values ([`Distribution::split_at`])
    /// rather than asked of each; `None` for any other figure.
    fn read_off(
        filter: Option<&Test>,
        asked: Asked,
        condition: Option<&Test>,
        distribution: &Distribution,
    ) -> Option<(u128, u128)> {
        if !filter.is_none_or(|f| matches!(f, Test::Known(true))) {
            return None;
        }
        let whole = |[below, equal, above]: [u128; 3]| below + equal + above;
        match (asked, condition) {
            (Asked::Count, _) => Some((whole(distribution.split_at(0)), 0)),
            (Asked::Share(_), Some(Test::Known(b))) => {
                let all = whole(distribution.split_at(0));
                Some((all, if *b { all } else { 0 }))
            }
            (Asked::Share(_), Some(Test::Value { rel, c, flipped })) => {
                let split = distribution.split_at(*c);
                let passes = |relation: Relation| {
                    holds(*rel, if *flipped { relation.flip() } else { relation })
                };
                let part = [Relation::Less, Relation::Equal, Relation::Greater]
                    .into_iter()
                    .zip(split)
                    .filter(|&(relation, _)| passes(relation))
                    .map(|(_, n)| n)
                    .sum();
                Some((whole(split), part))
            }
            _ => None,
        }
    }

    /// Whether the test is known, before any value is asked, to fail for every member of the
    /// size: a part that reads only the number of edges, false at this size.
    fn fails_all(&self) -> bool {
        matches!(self, Test::Known(false))
    }

    fn holds(&self, member: &mut Member, ev: &mut RowEval) -> Result<bool, QueryError> {
        Ok(match self {
            Test::Known(b) => *b,
            Test::Value { rel, c, flipped } => {
                let relation = match member.numerator.cmp(c) {
                    Ordering::Less => Relation::Less,
                    Ordering::Equal => Relation::Equal,
                    Ordering::Greater => Relation::Greater,
                };
                holds(*rel, if *flipped { relation.flip() } else { relation })
            }
            Test::ByPlaces(by_places) => by_places[counting::places(member.numerator) as usize],
            Test::Not(a) => !a.holds(member, ev)?,
            Test::And(a, b) => a.holds(member, ev)? && b.holds(member, ev)?,
            Test::Or(a, b) => a.holds(member, ev)? || b.holds(member, ev)?,
            Test::Asked(e) => {
                let r = member.record(ev);
                ev.truth(e, Subject::Position(r))?
            }
        })
    }
}
