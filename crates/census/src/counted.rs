//! Figures from value distributions: a count, a share, or the least, greatest or total of a
//! quantity over a census counted by value ([`super::counting`]).
//!
//! The one idea: when every property a query reads is a position's value (or something read
//! off the value alone: its sign, its places, …) or its number of edges, the members of one size
//! with one value are interchangeable; so the query's conditions are asked once of each size and
//! value, by the same evaluator as any census's records, and weighted by how many members share
//! it.

use super::counting::Distribution;
use super::eval::{reads, Measures, Reads, RowEval, Scalar, Subject};
use super::literal::Figure;
use super::obtained::pairings;
use super::query::{Expr, Extreme, FamilyRef, QueryError};
use super::record::{Facts, Field, Record, Val};
use super::small::Small;
use hackenbook_games::Dyadic;
use num_bigint::BigInt;

/// What a query asks of a counted census.
#[derive(Clone, Copy)]
pub enum Asked<'e> {
    Count,
    /// The share of the members that have the condition.
    Share(&'e Expr),
    Extreme(Extreme, &'e Expr),
}

impl<'e> Asked<'e> {
    /// The condition or quantity asked about each member, if any.
    pub fn expr(self) -> Option<&'e Expr> {
        match self {
            Asked::Count => None,
            Asked::Share(e) | Asked::Extreme(_, e) => Some(e),
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
    let mut whole = BigInt::from(0);
    let mut part = BigInt::from(0);
    let mut best: Option<Scalar> = None;
    let mut total = Dyadic::zero();
    for (edges, distribution) in sizes {
        let edges = u32::try_from(*edges)
            .map_err(|_| QueryError::new(family.name_span.clone(), "too many edges to count"))?;
        for (value, count) in distribution.iter() {
            let r = record(edges, &value, ev);
            let subject = Subject::Position(&r);
            if let Some(filter) = &family.filter {
                if !ev.truth(filter, subject)? {
                    continue;
                }
            }
            whole += count;
            match asked {
                Asked::Count => {}
                Asked::Share(c) => {
                    if ev.truth(c, subject)? {
                        part += count;
                    }
                }
                Asked::Extreme(which, e) => {
                    let x = ev.eval(e, subject)?;
                    if which == Extreme::Total {
                        let Scalar::Num(d) = &x else {
                            return Err(QueryError::new(
                                e.span.clone(),
                                "`total` adds numbers; this is a game that is not a number",
                            ));
                        };
                        total = &total + &(d * &Dyadic::integer(count));
                        continue;
                    }
                    best = Some(ev.extreme(which, x, best.take(), e)?);
                }
            }
        }
    }
    let empty = |what: &str| QueryError::new(family.name_span.clone(), what.to_string());
    Ok(match asked {
        Asked::Count => Figure::Integer(whole),
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
