//! The notation's syntax: the tree an expression or a statement is parsed into, with the
//! relations a statement may claim. Below the lexer, the parser and the evaluator, which all
//! read it.

use crate::{Nus, Relation};
use std::ops::Range;

/// A located error: `span` is a byte range of the text that was parsed.
pub type ParseError = hackenbook_base::located::Located;

/// A parsed game expression with the byte span it was read from.
#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Range<usize>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    /// A number-up-star literal: `3/8`, `^^*`, `1*`, `v3`, `*2`.
    Value(Nus),
    /// A bare identifier, or a position written in place in brackets (`[LR]`, brackets kept),
    /// resolved by the caller (e.g. a named Hackenbush position).
    Name(String),
    /// `{left | right}`; `bars` is the number of `|` that separated the sides (CGSuite slashes),
    /// `explicit` is false for the inner games that slashes imply (`{a || b | c}`).
    Braces {
        left: Vec<Expr>,
        right: Vec<Expr>,
        bars: u32,
        explicit: bool,
    },
    Neg(Box<Expr>),
    /// `+-G` = `{G | -G}`.
    PlusMinus(Box<Expr>),
    Sum(Box<Expr>, Box<Expr>),
    Difference(Box<Expr>, Box<Expr>),
    /// `a +- b` = `a + {b | -b}`.
    SumPlusMinus(Box<Expr>, Box<Expr>),
    /// The ordinal sum `base : over`.
    Ordinal(Box<Expr>, Box<Expr>),
    Paren(Box<Expr>),
    /// A function of games, `temp(G)`, `cool(G, t)`: see [`Function`].
    Call(Function, Vec<Expr>),
}

/// The functions a game expression may call, by CGSuite's meanings. Each gives a game: a number
/// for the thermal measures and the birthday, a game for cooling.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Function {
    /// `temp(G)`: the temperature (`−1/2ᵏ` for a number of denominator `2ᵏ`).
    Temperature,
    /// `mean(G)`: the mean value, where the thermograph's mast stands.
    Mean,
    /// `leftstop(G)`, `rightstop(G)`: the number play stops at, Left or Right moving first.
    LeftStop,
    RightStop,
    /// `cool(G, t)`: `G` cooled by the number `t ≥ −1`.
    Cool,
    /// `birthday(G)`: the day the value is born.
    Birthday,
    /// `heat(G, t)`: `G` heated by the game `t`, `∫ᵗ G`.
    Heat,
    /// `overheat(G, s, t)`: `G` overheated from `s` to `t`, `∫ₛᵗ G`.
    Overheat,
    /// `aw(G)`: the atomic weight of an all-small `G`.
    AtomicWeight,
    /// `rcf(G)`: the reduced canonical form, the simplest game infinitely close to `G`.
    ReducedCanonicalForm,
    /// `incentives(G)`: the Left incentives `Gᴸ − G` and the Right incentives `G − Gᴿ`. Two
    /// lists of games, not a game: only a whole `hackenbook eval` input may be this call
    /// ([`Expr::incentives_of`]); inside an expression it is an error.
    Incentives,
}

impl Function {
    /// Every function, with the name it is written with.
    pub const ALL: [(Function, &'static str); 11] = [
        (Function::Temperature, "temp"),
        (Function::Mean, "mean"),
        (Function::LeftStop, "leftstop"),
        (Function::RightStop, "rightstop"),
        (Function::Cool, "cool"),
        (Function::Birthday, "birthday"),
        (Function::Heat, "heat"),
        (Function::Overheat, "overheat"),
        (Function::AtomicWeight, "aw"),
        (Function::ReducedCanonicalForm, "rcf"),
        (Function::Incentives, "incentives"),
    ];

    pub fn named(name: &str) -> Option<Function> {
        Function::ALL
            .iter()
            .find(|(_, n)| *n == name)
            .map(|&(f, _)| f)
    }

    pub fn name(self) -> &'static str {
        Function::ALL
            .iter()
            .find(|(f, _)| *f == self)
            .map(|&(_, n)| n)
            .expect("every function is listed")
    }

    /// How many arguments it takes.
    pub fn arity(self) -> usize {
        match self {
            Function::Cool | Function::Heat => 2,
            Function::Overheat => 3,
            _ => 1,
        }
    }
}

/// A chain `e1 REL e2 REL e3 ...`: each adjacent pair must stand in its relation.
#[derive(Clone, Debug, PartialEq)]
pub struct Statement {
    pub terms: Vec<Expr>,
    /// `relations[i]` joins `terms[i]` and `terms[i + 1]`; with the span of the operator.
    pub relations: Vec<(Rel, Range<usize>)>,
}

/// A relation between two games, as written in a statement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rel {
    Eq,
    Lt,
    Gt,
    Le,
    Ge,
    /// `||`: confused with.
    Confused,
    /// `<|`: less than or confused with.
    LessOrConfused,
    /// `|>`: greater than or confused with.
    GreaterOrConfused,
}

impl Rel {
    /// Whether two games related by `actual` satisfy this written relation.
    pub fn holds(self, actual: Relation) -> bool {
        use Relation::*;
        match self {
            Rel::Eq => actual == Equal,
            Rel::Lt => actual == Less,
            Rel::Gt => actual == Greater,
            Rel::Le => matches!(actual, Less | Equal),
            Rel::Ge => matches!(actual, Greater | Equal),
            Rel::Confused => actual == Confused,
            Rel::LessOrConfused => matches!(actual, Less | Confused),
            Rel::GreaterOrConfused => matches!(actual, Greater | Confused),
        }
    }

    /// KaTeX for the relation symbol.
    pub fn latex(self) -> &'static str {
        match self {
            Rel::Eq => "=",
            Rel::Lt => "<",
            Rel::Gt => ">",
            Rel::Le => "\\le",
            Rel::Ge => "\\ge",
            Rel::Confused => "\\parallel",
            Rel::LessOrConfused => "\\mathrel{\\lhd}",
            Rel::GreaterOrConfused => "\\mathrel{\\rhd}",
        }
    }
}

/// The ASCII spelling of a relation.
pub fn rel_text(rel: Rel) -> &'static str {
    match rel {
        Rel::Eq => "=",
        Rel::Lt => "<",
        Rel::Gt => ">",
        Rel::Le => "<=",
        Rel::Ge => ">=",
        Rel::Confused => "||",
        Rel::LessOrConfused => "<|",
        Rel::GreaterOrConfused => "|>",
    }
}
