//! Evaluating conditions and quantities on one position's record.
//!
//! The one idea: numbers stay exact dyadics and everything else stays a canonical game, and
//! the two meet only through the games engine — so `value = [1*]`, `value > 0` and
//! `value = reading` mean the same thing whatever the colours, and a comparison that has no
//! answer (the sign of a fuzzy game) is a located error rather than a guess.

use crate::engines::games::GameMember;
use crate::query::property::Prop;
pub use crate::query::row::Scalar;
use crate::query::row::Values;
use crate::query::{Arith, Expr, ExprKind, Extreme, Func, QueryError, Rel};
use crate::record::Record;
use hackenbook_games::{Dyadic, GameId, Games, Relation};
use hackenbook_rulesets::Solvers;
use num_rational::BigRational;
use std::collections::BTreeMap;

/// What one evaluation is about: a position's record, or a member of a census of games.
#[derive(Clone, Copy)]
pub enum Subject<'a> {
    Position(&'a Record),
    Game(&'a GameMember),
}

/// Named expressions, evaluated on the record they are asked about.
pub type Measures = BTreeMap<String, Expr>;

pub struct RowEval<'a> {
    pub games: &'a mut Games,
    /// The run's solvers: they value the positions written in place in game literals.
    pub solvers: &'a mut Solvers,
    pub measures: &'a Measures,
    /// The game literals (`[[LR] + 1]`) valued so far, by their text: a literal is the same
    /// game on every record, so it is valued once per scan, not once per record.
    literals: BTreeMap<String, GameId>,
}

impl<'a> RowEval<'a> {
    /// Evaluates on records with the run's games table and solvers, and the census's measures.
    pub fn new(games: &'a mut Games, solvers: &'a mut Solvers, measures: &'a Measures) -> Self {
        RowEval {
            games,
            solvers,
            measures,
            literals: BTreeMap::new(),
        }
    }

    /// The game a literal's text stands for (a position may stand in it, in place: `[LR] + 1`).
    fn literal(&mut self, text: &str) -> Result<GameId, String> {
        if let Some(&g) = self.literals.get(text) {
            return Ok(g);
        }
        let g =
            hackenbook_rulesets::in_place::evaluate(text, self.solvers, self.games, &mut |_| None)
                .map_err(|x| format!("in `[{text}]`: {}", x.message))?;
        self.literals.insert(text.to_string(), g);
        Ok(g)
    }

    /// The values of this run, for a property's reader and the value helpers.
    fn values(&mut self) -> Values<'_> {
        Values { games: self.games }
    }
}

impl<'a> RowEval<'a> {
    fn prop(
        &mut self,
        p: Prop,
        r: Subject,
        span: &std::ops::Range<usize>,
    ) -> Result<Scalar, QueryError> {
        let p = p.get();
        let read = match r {
            Subject::Position(record) => p.read.map(|read| read(&mut self.values(), record)),
            Subject::Game(member) => p.read_game.map(|read| read(&mut self.values(), member)),
        };
        // The type check refuses such a property before anything runs.
        let read = read.unwrap_or_else(|| Err(not_asked_of(p, matches!(r, Subject::Game(_)))));
        read.map_err(|message| QueryError::new(span.clone(), message))
    }

    /// Evaluates an expression (already type-checked) on one record or game.
    pub fn eval(&mut self, e: &Expr, r: Subject) -> Result<Scalar, QueryError> {
        let err = |m: String| QueryError::new(e.span.clone(), m);
        Ok(match &e.kind {
            ExprKind::Number(x) => Scalar::Num(x.clone()),
            ExprKind::Bool(b) => Scalar::Bool(*b),
            ExprKind::Game(text) => {
                let g = self.literal(text).map_err(err)?;
                self.values().normal(g)
            }
            ExprKind::Prop(p) => self.prop(*p, r, &e.span)?,
            ExprKind::Measure(name) => {
                let m = self
                    .measures
                    .get(name)
                    .ok_or_else(|| err(format!("unknown measure `{name}`")))?;
                let m = m.clone();
                self.eval(&m, r).map_err(|inner| {
                    QueryError::new(
                        e.span.clone(),
                        format!("in measure `{name}`: {}", inner.message),
                    )
                })?
            }
            ExprKind::Call(f, arg) => {
                let a = self.eval(arg, r)?;
                match f {
                    Func::Sign => self
                        .values()
                        .sign(&a)
                        .map_err(|m| QueryError::new(arg.span.clone(), m))?,
                    Func::Abs => match a {
                        Scalar::Num(d) => Scalar::Num(if d.signum() < 0 { -d } else { d }),
                        _ => return Err(err("`abs` needs a number".into())),
                    },
                    Func::Number => Scalar::Bool(matches!(a, Scalar::Num(_))),
                    Func::Ordinal => match r {
                        Subject::Game(m) => {
                            let over = self.values().game(&a);
                            let sum = self.games.ordinal_sum_on_form(&m.left, &m.right, over);
                            self.values().normal(sum)
                        }
                        // The check refuses `ordinal` for positions before anything runs.
                        Subject::Position(_) => {
                            return Err(err(ORDINAL_OF_GAMES.into()));
                        }
                    },
                }
            }
            ExprKind::Neg(inner) => match self.eval(inner, r)? {
                Scalar::Num(d) => Scalar::Num(-d),
                other => {
                    let g = self.values().game(&other);
                    let n = self.games.neg(g);
                    self.values().normal(n)
                }
            },
            ExprKind::Arith(op, a, b) => {
                let (x, y) = (self.eval(a, r)?, self.eval(b, r)?);
                self.arith(*op, x, y, e)?
            }
            ExprKind::Compare(rel, a, b) => {
                let (x, y) = (self.eval(a, r)?, self.eval(b, r)?);
                Scalar::Bool(self.compare(*rel, &x, &y))
            }
            ExprKind::Not(inner) => Scalar::Bool(!self.truth(inner, r)?),
            ExprKind::And(a, b) => Scalar::Bool(self.truth(a, r)? && self.truth(b, r)?),
            ExprKind::Or(a, b) => Scalar::Bool(self.truth(a, r)? || self.truth(b, r)?),
        })
    }

    pub fn truth(&mut self, e: &Expr, r: Subject) -> Result<bool, QueryError> {
        match self.eval(e, r)? {
            Scalar::Bool(b) => Ok(b),
            _ => Err(QueryError::new(
                e.span.clone(),
                "this is a value, not a condition",
            )),
        }
    }

    fn arith(&mut self, op: Arith, x: Scalar, y: Scalar, e: &Expr) -> Result<Scalar, QueryError> {
        if let (Scalar::Num(a), Scalar::Num(b)) = (&x, &y) {
            return Ok(Scalar::Num(match op {
                Arith::Add => a + b,
                Arith::Sub => a - b,
                Arith::Mul => a * b,
                Arith::Div => {
                    if b.is_zero() {
                        return Err(QueryError::new(e.span.clone(), "division by zero"));
                    }
                    let q: BigRational = a.to_rational() / b.to_rational();
                    Dyadic::from_rational(&q).ok_or_else(|| {
                        QueryError::new(
                            e.span.clone(),
                            format!("{a} / {b} is not a dyadic number; per-position arithmetic stays dyadic"),
                        )
                    })?
                }
            }));
        }
        let (a, b) = (self.values().game(&x), self.values().game(&y));
        let g = match op {
            Arith::Add => self.games.add(a, b),
            Arith::Sub => self.games.sub(a, b),
            Arith::Mul | Arith::Div => return Err(QueryError::new(
                e.span.clone(),
                "games that are not numbers can be added and subtracted, not multiplied or divided",
            )),
        };
        Ok(self.values().normal(g))
    }

    fn compare(&mut self, rel: Rel, x: &Scalar, y: &Scalar) -> bool {
        let relation = match (x, y) {
            (Scalar::Bool(a), Scalar::Bool(b)) => {
                return match rel {
                    Rel::Eq => a == b,
                    _ => a != b,
                }
            }
            (Scalar::Num(a), Scalar::Num(b)) => match a.cmp(b) {
                std::cmp::Ordering::Less => Relation::Less,
                std::cmp::Ordering::Equal => Relation::Equal,
                std::cmp::Ordering::Greater => Relation::Greater,
            },
            _ => {
                let (a, b) = (self.values().game(x), self.values().game(y));
                self.games.compare(a, b)
            }
        };
        holds(rel, relation)
    }

    /// The greater (`max`) or the lesser (`min`) of `x` and the best so far; an error at `e`
    /// when the two are confused.
    pub fn extreme(
        &mut self,
        which: Extreme,
        x: Scalar,
        best: Option<Scalar>,
        e: &Expr,
    ) -> Result<Scalar, QueryError> {
        let Some(b) = best else {
            return Ok(x);
        };
        let o = self.order(&x, &b).ok_or_else(|| {
            QueryError::new(
                e.span.clone(),
                "these values are confused with each other: they have no min or max",
            )
        })?;
        let better = match which {
            Extreme::Min => o == std::cmp::Ordering::Less,
            _ => o == std::cmp::Ordering::Greater,
        };
        Ok(if better { x } else { b })
    }

    /// Orders two values for `min`/`max`; `None` when they are confused.
    pub fn order(&mut self, x: &Scalar, y: &Scalar) -> Option<std::cmp::Ordering> {
        if let (Scalar::Num(a), Scalar::Num(b)) = (x, y) {
            return Some(a.cmp(b));
        }
        let (a, b) = (self.values().game(x), self.values().game(y));
        match self.games.compare(a, b) {
            Relation::Less => Some(std::cmp::Ordering::Less),
            Relation::Equal => Some(std::cmp::Ordering::Equal),
            Relation::Greater => Some(std::cmp::Ordering::Greater),
            Relation::Confused => None,
        }
    }
}

/// Why property `p` cannot be asked of a game (`game`) or of a position.
pub fn not_asked_of(p: &crate::query::property::Property, game: bool) -> String {
    if game {
        format!(
            "`{}` is a property of positions, not of games (properties of games: {})",
            p.name,
            names_for(true)
        )
    } else {
        format!(
            "`{}` is a property of games, asked of a census of games (`family = \"games\"`), not of positions",
            p.name
        )
    }
}

/// The properties that can be asked of games (`game`) or of positions, by name.
fn names_for(game: bool) -> String {
    crate::query::property::PROPERTIES
        .iter()
        .filter(|p| p.applies_to(game))
        .map(|p| p.name)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Why `ordinal(x)` cannot be asked of a position.
pub const ORDINAL_OF_GAMES: &str =
    "`ordinal(x)` is the ordinal sum of a game as written and `x`: it is asked of a census of games, not of positions";

/// What an expression reads that not every subject has: a property, or a call of `ordinal`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Reads {
    Prop(Prop),
    Ordinal,
}

/// The properties (and `ordinal` calls) an expression reads, measures included, with where
/// each is mentioned (for a measure: where the measure is used).
pub fn reads(e: &Expr, measures: &Measures, out: &mut Vec<(Reads, std::ops::Range<usize>)>) {
    match &e.kind {
        ExprKind::Prop(p) => out.push((Reads::Prop(*p), e.span.clone())),
        ExprKind::Measure(name) => {
            if let Some(m) = measures.get(name) {
                let mut inner = Vec::new();
                reads(m, measures, &mut inner);
                out.extend(inner.into_iter().map(|(p, _)| (p, e.span.clone())));
            }
        }
        ExprKind::Call(f, a) => {
            if *f == Func::Ordinal {
                out.push((Reads::Ordinal, e.span.clone()));
            }
            reads(a, measures, out)
        }
        ExprKind::Neg(a) | ExprKind::Not(a) => reads(a, measures, out),
        ExprKind::Arith(_, a, b)
        | ExprKind::Compare(_, a, b)
        | ExprKind::And(a, b)
        | ExprKind::Or(a, b) => {
            reads(a, measures, out);
            reads(b, measures, out);
        }
        ExprKind::Number(_) | ExprKind::Bool(_) | ExprKind::Game(_) => {}
    }
}

/// Whether `rel` holds between two values in `relation`: `x rel y` for `x` in `relation` to `y`.
pub fn holds(rel: Rel, relation: Relation) -> bool {
    match rel {
        Rel::Eq => relation == Relation::Equal,
        Rel::Ne => relation != Relation::Equal,
        Rel::Lt => relation == Relation::Less,
        Rel::Le => matches!(relation, Relation::Less | Relation::Equal),
        Rel::Gt => relation == Relation::Greater,
        Rel::Ge => matches!(relation, Relation::Greater | Relation::Equal),
    }
}

/// The properties an expression reads, measures included, with where each is mentioned.
pub fn props_used(e: &Expr, measures: &Measures, out: &mut Vec<(Prop, std::ops::Range<usize>)>) {
    let mut all = Vec::new();
    reads(e, measures, &mut all);
    out.extend(all.into_iter().filter_map(|(r, span)| match r {
        Reads::Prop(p) => Some((p, span)),
        Reads::Ordinal => None,
    }));
}
