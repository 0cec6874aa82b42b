//! How each census figure is obtained: the engine that computed a census, the method behind
//! each value of its members, and the comparisons that would check nothing.
//!
//! The one idea: a member's `value` is its game-tree value in every engine of forests (the
//! canonical form of its options, each a smaller member valued already), and the theorems —
//! the tree rule, the sum of the trees, the ordinal sum at the ground, the leftmost reading —
//! are columns computed another way. So comparing a theorem's column with `value` checks the
//! theorem. Where two columns are one computation (a single tree is its own sum, a stalk its
//! own reading, and a picture's columns are its value), a comparison between them checks
//! nothing, and a query whose comparison does so on every member it is asked about is refused,
//! naming the circularity; where it does so on some members only, the notebook says on how
//! many members the comparison checked something and on how many the two coincide.

use crate::query::eval::{Measures, Subject};
use crate::query::property::Prop;
use crate::query::{Arith, Expr, ExprKind, QueryError};
use crate::record::{Field, Record};
use hackenbook_base::provenance::Method;
use std::fmt;
use std::ops::Range;

use crate::record::method::Columns as _;
pub use crate::record::method::Engine;

/// How a census's cached rows were computed, as its cache file records them: by one run of an
/// engine, or by `hackenbook census merge` from shards computed apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    Ran(Engine),
    Merged { shards: usize },
}

impl Origin {
    /// The origin written as [`Origin`]'s words (`fast engine`, `3 merged shards`); `None` for
    /// any other words.
    pub fn parse(words: &str) -> Option<Origin> {
        if let Some(shards) = words.strip_suffix(" merged shards") {
            return shards.parse().ok().map(|shards| Origin::Merged { shards });
        }
        Engine::ALL
            .into_iter()
            .find(|e| e.name() == words)
            .map(Origin::Ran)
    }
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Origin::Ran(e) => write!(f, "{e}"),
            Origin::Merged { shards } => write!(f, "{shards} merged shards"),
        }
    }
}

/// How one census's rows were obtained.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CensusMethod {
    /// Computed by this run.
    Ran(Engine),
    /// Read back from the census cache, written by a run of this engine.
    Cache(Engine),
    /// Read back from the census cache, where `hackenbook census merge` stored the rows of
    /// `shards` shards computed apart by this engine.
    Merged { engine: Engine, shards: usize },
    /// Taken from another census by a condition (its rows, obtained as that census's were:
    /// by `engine`, read back from the cache if `cached`).
    Narrowed { engine: Engine, cached: bool },
}

impl CensusMethod {
    /// The engine whose rows these are.
    pub fn engine(self) -> Engine {
        match self {
            CensusMethod::Ran(e)
            | CensusMethod::Cache(e)
            | CensusMethod::Merged { engine: e, .. }
            | CensusMethod::Narrowed { engine: e, .. } => e,
        }
    }
}

impl fmt::Display for CensusMethod {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CensusMethod::Ran(e) => write!(f, "{e}"),
            CensusMethod::Cache(e) => write!(f, "cache (rows of the {e})"),
            CensusMethod::Merged { engine, shards } => {
                write!(f, "cache ({shards} merged shards of the {engine})")
            }
            CensusMethod::Narrowed { engine, cached } => write!(
                f,
                "narrowed (rows of the {engine}{})",
                if *cached { ", from the cache" } else { "" }
            ),
        }
    }
}

/// How one figure a query reads was obtained, for the notebook: `value` and "by the game
/// tree: …".
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct How {
    /// What was computed: a census, a property of its members, a property of a position.
    pub what: String,
    /// How, in a reader's words.
    pub words: String,
}

/// Two figures combined by a comparison (`tree_rule = value`) or by a difference or a ratio
/// (`value - tree_rule`): the value properties read on either side, and where it is written.
#[derive(Clone, Debug)]
pub struct Pairing {
    pub span: Range<usize>,
    left: Vec<Prop>,
    right: Vec<Prop>,
}

/// Every comparison, difference and ratio in `e` between value properties, measures expanded
/// (a pairing inside a measure is placed where the measure is used).
pub fn pairings(e: &Expr, measures: &Measures) -> Vec<Pairing> {
    let mut out = Vec::new();
    collect(e, measures, None, &mut out);
    out
}

fn collect(e: &Expr, measures: &Measures, at: Option<&Range<usize>>, out: &mut Vec<Pairing>) {
    let span = at.unwrap_or(&e.span);
    match &e.kind {
        ExprKind::Measure(name) => {
            if let Some(m) = measures.get(name) {
                collect(m, measures, Some(span), out);
            }
        }
        ExprKind::Compare(_, a, b) | ExprKind::Arith(Arith::Sub | Arith::Div, a, b) => {
            let (left, right) = (valued(a, measures), valued(b, measures));
            if !left.is_empty() && !right.is_empty() {
                out.push(Pairing {
                    span: span.clone(),
                    left,
                    right,
                });
            }
            collect(a, measures, at, out);
            collect(b, measures, at, out);
        }
        ExprKind::Arith(_, a, b) | ExprKind::And(a, b) | ExprKind::Or(a, b) => {
            collect(a, measures, at, out);
            collect(b, measures, at, out);
        }
        ExprKind::Call(_, a) | ExprKind::Neg(a) | ExprKind::Not(a) => collect(a, measures, at, out),
        ExprKind::Prop(_) | ExprKind::Number(_) | ExprKind::Bool(_) | ExprKind::Game(_) => {}
    }
}

/// The computed values `e` reads as they are (`value`, `tree_rule`, …, not a function of one
/// such as `left_stop`), measures expanded: two different functions of one value compare two
/// different things, but a value and another column computed the same way are one figure.
fn valued(e: &Expr, measures: &Measures) -> Vec<Prop> {
    let mut used = Vec::new();
    crate::query::eval::props_used(e, measures, &mut used);
    let mut props: Vec<Prop> = Vec::new();
    for (p, _) in used {
        let column = p.get().from.is_some_and(|f| f.name() == p.get().name);
        if column && !props.contains(&p) {
            props.push(p);
        }
    }
    props
}

/// Two properties obtained the same way on a member: the pair and the method.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SameWay {
    pub left: Prop,
    pub right: Prop,
    pub method: Method,
}

impl Pairing {
    /// A property on either side computed the same way as one on the other, for the member
    /// with record `r` in a census of `engine` (`None`: the two sides are independent there).
    pub fn same_way(&self, engine: Engine, r: &Record) -> Option<SameWay> {
        for &a in &self.left {
            for &b in &self.right {
                let (Some(fa), Some(fb)) = (a.get().from, b.get().from) else {
                    continue;
                };
                let (ma, mb) = (engine.method(fa, r), engine.method(fb, r));
                if ma == mb {
                    return Some(SameWay {
                        left: a,
                        right: b,
                        method: ma,
                    });
                }
            }
        }
        None
    }
}

/// The pairings of one expression, watched over the members it is asked of: a pairing whose
/// two sides were computed the same way on every one of them checks nothing, and one whose
/// sides coincide by definition on some members (a single tree's sum, a stalk's reading) but
/// are computed apart on others checks only those others, which the notebook says.
pub struct Watch {
    pairings: Vec<Pairing>,
    /// Per pairing: the first sameness met, if any member had one.
    same: Vec<Option<SameWay>>,
    /// Per pairing: the members whose sides were computed apart.
    apart: Vec<u64>,
    /// Per pairing: the members whose sides are one computation.
    coincide: Vec<u64>,
}

impl Watch {
    pub fn new(e: Option<&Expr>, measures: &Measures) -> Watch {
        let pairings = e.map_or_else(Vec::new, |e| pairings(e, measures));
        Watch {
            same: vec![None; pairings.len()],
            apart: vec![0; pairings.len()],
            coincide: vec![0; pairings.len()],
            pairings,
        }
    }

    /// `count` members with one record the expression is asked of (a member of a census of
    /// games has no values computed apart from its value, and is not watched).
    pub fn see(&mut self, engine: Engine, subject: Subject, count: u64) {
        let Subject::Position(r) = subject else {
            return;
        };
        for (i, p) in self.pairings.iter().enumerate() {
            match p.same_way(engine, r) {
                Some(same) => {
                    self.same[i].get_or_insert(same);
                    self.coincide[i] = self.coincide[i].saturating_add(count);
                }
                None => self.apart[i] = self.apart[i].saturating_add(count),
            }
        }
    }

    /// Refuses a pairing that checked nothing on every member seen (none seen: nothing to say).
    pub fn verdict(&self, engine: Engine, place: &str) -> Result<(), QueryError> {
        for (i, p) in self.pairings.iter().enumerate() {
            if let (Some(same), 0) = (self.same[i], self.apart[i]) {
                let (message, help) = circularity(same, engine, place);
                return Err(QueryError::new(p.span.clone(), message).with_help(help));
            }
        }
        Ok(())
    }

    /// For the notebook, each pairing that was a check on some members and one computation on
    /// others: on how many it compared figures computed apart, and on how many, and why, the
    /// two coincide by definition.
    pub fn notes(&self, engine: Engine) -> Vec<How> {
        let mut out = Vec::new();
        for (i, same) in self.same.iter().enumerate() {
            let (Some(same), apart, coincide) = (same, self.apart[i], self.coincide[i]) else {
                continue;
            };
            if apart == 0 || coincide == 0 {
                continue;
            }
            let (a, b) = (same.left.get().name, same.right.get().name);
            let members = |n: u64| {
                let unit = if n == 1 { "member" } else { "members" };
                format!("{} {unit}", crate::families::group(n.into()))
            };
            out.push(How {
                what: format!("`{a}` and `{b}`"),
                words: format!(
                    "compared on the {} where they are computed apart; on the other {} they \
                     coincide by definition ({})",
                    members(apart),
                    crate::families::group(coincide.into()),
                    reason(*same, engine)
                ),
            });
        }
        out
    }
}

/// Why two figures are one computation on a member, in a few words: "a single tree is its own
/// sum", "a stalk is its own leftmost reading", "`value` and `value` are the same figure".
fn reason(same: SameWay, engine: Engine) -> String {
    let (a, b) = (same.left.get().name, same.right.get().name);
    let fields = (same.left.get().from, same.right.get().from);
    match fields {
        (Some(x), Some(y)) if x == y => format!("`{a}` and `{b}` are the same figure"),
        (Some(Field::Sum), _) | (_, Some(Field::Sum))
            if engine != Engine::Solver && engine != Engine::Games =>
        {
            "a single tree is its own sum".to_string()
        }
        (Some(Field::Reading), _) | (_, Some(Field::Reading))
            if engine != Engine::Solver && engine != Engine::Games =>
        {
            "a stalk is its own leftmost reading".to_string()
        }
        _ => format!("the {engine} computes both from the value"),
    }
}

/// Why comparing two figures computed the same way checks nothing, for the author: which
/// figures, how both were computed, where (`census hotchpotch4`, `position p`), and the fix.
pub fn circularity(same: SameWay, engine: Engine, place: &str) -> (String, String) {
    let (a, b) = (same.left.get().name, same.right.get().name);
    let why = reason(same, engine);
    let message = format!(
        "`{a}` and `{b}` are both computed {} in {place} ({why}): the comparison checks nothing",
        same.method.words()
    );
    let help = "compare a figure with one computed another way — `value` is the game tree, \
                `tree_rule`, `sum`, `ordinal_sum` and `reading` the theorems — or ask it of \
                members where the two differ (several trees for `sum`, a fork for `reading`)"
        .to_string();
    (message, help)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::query::parse_expr;
    use crate::record::{Facts, Val};
    use crate::small::Small;

    fn record(trunks: u32, path: bool) -> Record {
        let facts = Facts {
            edges: 3,
            blue: 3,
            trunks,
            height: 3,
            spine: 3,
            path,
            colon: true,
            ..Facts::default()
        };
        Record::valued(facts, Val::Num(Small::ZERO))
    }

    fn same(query: &str, engine: Engine, r: &Record) -> Option<Method> {
        let e = parse_expr(query).unwrap();
        let found = pairings(&e, &Measures::new());
        found
            .iter()
            .find_map(|p| p.same_way(engine, r))
            .map(|s| s.method)
    }

    /// Every engine of forests values members by the game tree and the theorems another way:
    /// comparing them is a check, in every engine.
    #[test]
    fn theorems_are_independent_of_the_value() {
        let forest = record(2, false);
        for engine in [Engine::Fast, Engine::Composing, Engine::Reference] {
            assert!(engine.value_method().is_game_tree(), "{engine}");
            for q in [
                "tree_rule = value",
                "ordinal_sum = value",
                "sum = value",
                "reading = value",
                "value - tree_rule = 0",
                "sign = majority",
            ] {
                assert_eq!(same(q, engine, &forest), None, "{q} in the {engine}");
            }
        }
    }

    /// A single tree is its own sum and a stalk its own reading (by the game tree, in the
    /// composing engine; the fast engine reads a stalk by its sign expansion); a picture's
    /// forest columns are its value.
    #[test]
    fn one_computation_twice_is_found() {
        let tree = record(1, false);
        let stalk = record(1, true);
        assert_eq!(
            same("sum = value", Engine::Composing, &tree),
            Some(Method::GameTree)
        );
        assert_eq!(
            same("sum = value", Engine::Fast, &tree),
            Some(Method::SimplicityRule)
        );
        assert_eq!(same("reading = value", Engine::Composing, &tree), None);
        assert_eq!(
            same("not (reading != value)", Engine::Reference, &stalk),
            Some(Method::GameTree)
        );
        assert_eq!(same("reading = value", Engine::Fast, &stalk), None);
        assert_eq!(
            same("number and value >= value", Engine::Fast, &tree),
            Some(Method::SimplicityRule)
        );
        // Two functions of one value are two figures.
        assert_eq!(same("left_stop = right_stop", Engine::Fast, &tree), None);
        assert_eq!(same("places = 1 - integer_part", Engine::Fast, &tree), None);
        assert_eq!(
            same("tree_rule = value", Engine::Solver, &tree),
            Some(Method::Solver)
        );
        assert_eq!(same("value = 0", Engine::Solver, &tree), None);
    }

    #[test]
    fn the_message_names_the_circularity() {
        let tree = record(1, false);
        let e = parse_expr("sum = value").unwrap();
        let same = pairings(&e, &Measures::new())[0]
            .same_way(Engine::Composing, &tree)
            .unwrap();
        let (message, _) = circularity(same, Engine::Composing, "census `trees6`");
        assert_eq!(
            message,
            "`sum` and `value` are both computed by the game tree in census `trees6` (a single tree is its own sum): the comparison checks nothing"
        );
    }

    #[test]
    fn origins_are_read_back_from_their_words() {
        let mut origins: Vec<Origin> = Engine::ALL.into_iter().map(Origin::Ran).collect();
        origins.push(Origin::Merged { shards: 3 });
        for origin in origins {
            assert_eq!(Origin::parse(&origin.to_string()), Some(origin), "{origin}");
        }
        assert_eq!(Origin::Merged { shards: 3 }.to_string(), "3 merged shards");
        assert_eq!(Origin::parse("x merged shards"), None);
        assert_eq!(Origin::parse("another engine"), None);
    }

    #[test]
    fn census_methods_are_displayed_in_words() {
        assert_eq!(CensusMethod::Ran(Engine::Fast).to_string(), "fast engine");
        assert_eq!(
            CensusMethod::Cache(Engine::Composing).to_string(),
            "cache (rows of the composing engine)"
        );
        let narrowed = |cached| CensusMethod::Narrowed {
            engine: Engine::Solver,
            cached,
        };
        assert_eq!(narrowed(false).to_string(), "narrowed (rows of the solver)");
        assert_eq!(
            narrowed(true).to_string(),
            "narrowed (rows of the solver, from the cache)"
        );
    }
}
