//! CGSuite-compatible game notation: parse expressions and relations, evaluate and check them.
//!
//! The one idea: an expression is parsed once into a tree that remembers where every part came
//! from, so that evaluation (to a canonical [`GameId`]), checking of relations, printing and
//! KaTeX rendering all work from the same tree and every error can point at its source.
//!
//! Grammar (loosest first): `a + b`, `a - b`, `a +- b` (that is `a + ±b`); ordinal sums `a : b`
//! (left-associative); prefixes `-a`, `+a`, `+-a`/`±a`; atoms: number-up-star literals (`3/8`,
//! `^^*`, `1v*3`, `*2`), braces `{a, b | c}` (with CGSuite slashes `{a || b | c}`), parentheses,
//! and names resolved by the caller. Statements chain expressions with `=`, `<`, `>`, `<=`,
//! `>=`, `||` (confused), `<|` (less or confused), `|>` (greater or confused).

mod lexer;
mod parser;
mod syntax;
pub mod tex;

pub use lexer::qualified_name_len;
pub use parser::{parse_expr, parse_statement, MAX_NESTING};
pub use syntax::{rel_text, Expr, ExprKind, Function, ParseError, Rel, Statement};

use super::display::{number_latex, nus_latex, nus_text};
use super::{Dyadic, GameId, Games, Relation};
use std::fmt;
use std::ops::Range;

impl Expr {
    /// The argument `G` when the whole expression is `incentives(G)` (in parentheses or not).
    pub fn incentives_of(&self) -> Option<&Expr> {
        match &self.kind {
            ExprKind::Paren(inner) => inner.incentives_of(),
            ExprKind::Call(Function::Incentives, args) => args.first(),
            _ => None,
        }
    }

    /// Every name in the expression with its span, in source order.
    pub fn names(&self) -> Vec<(String, Range<usize>)> {
        let mut out = Vec::new();
        self.visit(&mut |e| {
            if let ExprKind::Name(n) = &e.kind {
                out.push((n.clone(), e.span.clone()));
            }
        });
        out
    }

    fn visit(&self, f: &mut dyn FnMut(&Expr)) {
        f(self);
        match &self.kind {
            ExprKind::Value(_) | ExprKind::Name(_) => {}
            ExprKind::Braces { left, right, .. } => {
                left.iter().chain(right).for_each(|e| e.visit(f));
            }
            ExprKind::Neg(a) | ExprKind::PlusMinus(a) | ExprKind::Paren(a) => a.visit(f),
            ExprKind::Call(_, args) => args.iter().for_each(|e| e.visit(f)),
            ExprKind::Sum(a, b)
            | ExprKind::Difference(a, b)
            | ExprKind::SumPlusMinus(a, b)
            | ExprKind::Ordinal(a, b) => {
                a.visit(f);
                b.visit(f);
            }
        }
    }

    /// KaTeX source for the expression as written (not its value); a name in upright type.
    pub fn latex(&self) -> String {
        self.latex_with(&name_latex)
    }

    /// KaTeX source for the expression as written, each name written by `name` (a position
    /// written in place too, brackets and all: [`name_latex`] writes its notation).
    pub fn latex_with(&self, name: &dyn Fn(&str) -> String) -> String {
        let mut out = String::new();
        self.write_latex(&mut out, name);
        out
    }

    fn write_latex(&self, out: &mut String, name: &dyn Fn(&str) -> String) {
        match &self.kind {
            ExprKind::Value(v) => out.push_str(&nus_latex(v)),
            ExprKind::Name(n) => out.push_str(&name(n)),
            ExprKind::Braces {
                left,
                right,
                bars,
                explicit,
            } => {
                if *explicit {
                    out.push_str("\\{");
                }
                latex_list(left, out, name);
                out.push_str(match bars {
                    1 => " \\mid ",
                    2 => " \\parallel ",
                    _ => " \\mathrel{",
                });
                if *bars > 2 {
                    out.push_str(&"|".repeat(*bars as usize));
                    out.push_str("} ");
                }
                latex_list(right, out, name);
                if *explicit {
                    out.push_str("\\}");
                }
            }
            ExprKind::Neg(a) => {
                out.push('-');
                a.write_latex(out, name);
            }
            ExprKind::PlusMinus(a) => {
                out.push_str("\\pm ");
                a.write_latex(out, name);
            }
            ExprKind::Sum(a, b) => binary_latex(a, " + ", b, out, name),
            ExprKind::Difference(a, b) => binary_latex(a, " - ", b, out, name),
            ExprKind::SumPlusMinus(a, b) => binary_latex(a, " \\pm ", b, out, name),
            ExprKind::Ordinal(a, b) => binary_latex(a, " : ", b, out, name),
            ExprKind::Paren(a) => {
                out.push_str("\\left(");
                a.write_latex(out, name);
                out.push_str("\\right)");
            }
            ExprKind::Call(function, args) => {
                out.push_str("\\operatorname{");
                out.push_str(function.name());
                out.push_str("}\\left(");
                latex_list(args, out, name);
                out.push_str("\\right)");
            }
        }
    }
}

/// A name in upright type (`\\mathrm{green\\_bunk}`).
/// A name in upright type; a position written in place (`[LR]`), its notation in typewriter
/// letters, in brackets.
///
/// A position of another essay (`first-steps/half`) is shown by its own name, `half`: the slug
/// is for the checker.
pub fn name_latex(n: &str) -> String {
    let Some(inner) = n.strip_prefix('[').and_then(|n| n.strip_suffix(']')) else {
        let own = n.rsplit_once('/').map_or(n, |(_, own)| own);
        return format!("\\mathrm{{{}}}", own.replace('_', "\\_"));
    };
    let mut out = String::from("[\\mathtt{");
    for c in inner.chars() {
        match c {
            ' ' | '\t' | '\n' => out.push_str("\\ "),
            '_' => out.push_str("\\_"),
            // Another game's position (`[domineering: ..#/...]`): the colon without a
            // relation's spacing, the blocked square escaped.
            ':' => out.push_str("{:}"),
            '#' => out.push_str("\\#"),
            '□' => out.push_str("\\square "),
            '×' => out.push_str("\\times "),
            c if c.is_ascii_alphanumeric() || "()-,;@./".contains(c) => out.push(c),
            // Nothing else reads as a position, and the position is read first.
            _ => {}
        }
    }
    out.push_str("}]");
    out
}

fn latex_list(items: &[Expr], out: &mut String, name: &dyn Fn(&str) -> String) {
    for (i, e) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        e.write_latex(out, name);
    }
}

fn binary_latex(a: &Expr, op: &str, b: &Expr, out: &mut String, name: &dyn Fn(&str) -> String) {
    a.write_latex(out, name);
    out.push_str(op);
    b.write_latex(out, name);
}

impl fmt::Display for Expr {
    /// The expression in plain notation, normalised spacing (`{0,1/2|2} + ^`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ExprKind::Value(v) => f.write_str(&nus_text(v)),
            ExprKind::Name(n) => f.write_str(n),
            ExprKind::Braces {
                left,
                right,
                bars,
                explicit,
            } => {
                let list = |items: &[Expr]| {
                    items
                        .iter()
                        .map(|e| e.to_string())
                        .collect::<Vec<_>>()
                        .join(",")
                };
                let (open, close) = if *explicit { ("{", "}") } else { ("", "") };
                write!(
                    f,
                    "{open}{}{}{}{close}",
                    list(left),
                    "|".repeat(*bars as usize),
                    list(right)
                )
            }
            ExprKind::Neg(a) => write!(f, "-{a}"),
            ExprKind::PlusMinus(a) => write!(f, "+-{a}"),
            ExprKind::Sum(a, b) => write!(f, "{a} + {b}"),
            ExprKind::Difference(a, b) => write!(f, "{a} - {b}"),
            ExprKind::SumPlusMinus(a, b) => write!(f, "{a} +- {b}"),
            ExprKind::Ordinal(a, b) => write!(f, "{a} : {b}"),
            ExprKind::Paren(a) => write!(f, "({a})"),
            ExprKind::Call(function, args) => {
                write!(f, "{}(", function.name())?;
                for (i, a) in args.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{a}")?;
                }
                f.write_str(")")
            }
        }
    }
}

/// Ordinal sums over numbers born later than this are refused (each sign costs a construction).
pub const ORDINAL_BIRTHDAY_LIMIT: u64 = 100_000;

/// Games built from notation are at most this many layers deep ([`Games::height`]): the
/// engine's comparisons recurse once per layer, and the canonical form of an ordinal sum over a
/// number born on day `n` has about `n` layers, each compared with the ones before (`^ : 4000`
/// takes a tenth of a second, `^ : 10000` a second and 200 MB).
pub const HEIGHT_LIMIT: u32 = 4_096;

/// Sums and ordinal sums that would meet a nimber above this with a game that is not a
/// number-up-star are refused: `G + *n` has about `n` options at every level of `G`.
pub const NIMBER_MIX_LIMIT: u32 = 64;

/// Evaluates an expression to its canonical form; names go through `resolve`. The engine works
/// under the table's clock ([`Games::timed`]): a run past its time ends in an error here.
pub fn eval(
    expr: &Expr,
    games: &mut Games,
    resolve: &mut dyn FnMut(&str) -> Option<GameId>,
) -> Result<GameId, ParseError> {
    eval_then(expr, games, resolve, |_, g| g)
}

/// Evaluates an expression and works on its value (`then`: its thermograph, its incentives)
/// in one run of the table's clock, so the work done with the value is bounded by the same
/// time limit, cancellation flag and memory budget as the evaluation; a stop is located at
/// the expression.
pub fn eval_then<T>(
    expr: &Expr,
    games: &mut Games,
    resolve: &mut dyn FnMut(&str) -> Option<GameId>,
    then: impl FnOnce(&mut Games, GameId) -> T,
) -> Result<T, ParseError> {
    games
        .timed(|games| eval_untimed(expr, games, resolve).map(|g| then(games, g)))
        .map_err(|stop| stopped(expr.span.clone(), stop))?
}

/// The error of a game expression whose evaluation was stopped.
fn stopped(span: Range<usize>, stop: crate::Stop) -> ParseError {
    ParseError::new(span, format!("the games engine stopped: {stop}"))
}

fn eval_untimed(
    expr: &Expr,
    games: &mut Games,
    resolve: &mut dyn FnMut(&str) -> Option<GameId>,
) -> Result<GameId, ParseError> {
    let mut go = |e: &Expr, games: &mut Games| eval_untimed(e, games, resolve);
    Ok(match &expr.kind {
        ExprKind::Value(v) => games.nus(v.clone()),
        ExprKind::Name(n) => {
            return resolve(n)
                .ok_or_else(|| ParseError::new(expr.span.clone(), format!("unknown name `{n}`")))
        }
        ExprKind::Braces { left, right, .. } => {
            let left = left
                .iter()
                .map(|e| go(e, games))
                .collect::<Result<Vec<_>, _>>()?;
            let right = right
                .iter()
                .map(|e| go(e, games))
                .collect::<Result<Vec<_>, _>>()?;
            games.from_options(&left, &right)
        }
        ExprKind::Neg(a) => {
            let a = go(a, games)?;
            games.neg(a)
        }
        ExprKind::PlusMinus(a) => {
            let a = go(a, games)?;
            games.plus_minus(a)
        }
        ExprKind::Sum(a, b) | ExprKind::Difference(a, b) | ExprKind::SumPlusMinus(a, b) => {
            let (x, y) = (go(a, games)?, go(b, games)?);
            let y = match &expr.kind {
                ExprKind::Difference(..) => games.neg(y),
                ExprKind::SumPlusMinus(..) => games.plus_minus(y),
                _ => y,
            };
            check_nimber_mix(games, (x, a), (y, b))?;
            let layers = games.height(x) as u64 + games.height(y) as u64;
            within_height(layers, expr, "this sum")?;
            games.add(x, y)
        }
        ExprKind::Ordinal(a, b) => {
            let (base, over) = (go(a, games)?, go(b, games)?);
            let (nim, born) = games.extremes(over);
            if born > ORDINAL_BIRTHDAY_LIMIT {
                return Err(ParseError::new(
                    b.span.clone(),
                    format!(
                        "an ordinal sum over a game containing a number born after day \
                         {ORDINAL_BIRTHDAY_LIMIT} is beyond the budget"
                    ),
                ));
            }
            if nim > NIMBER_MIX_LIMIT && !(games.is_number(base) && games.is_nus(over)) {
                return Err(nimber_mix_error(b));
            }
            // Every sign of `over`, and every layer of it, stacks a layer on a base that is not
            // a number.
            if !games.is_number(base) || !games.is_number(over) {
                let layers = (games.height(base) as u64)
                    .saturating_add(games.height(over) as u64)
                    .saturating_add(born)
                    .saturating_add(nim as u64);
                within_height(layers, expr, "this ordinal sum")?;
            }
            // A base written in braces is summed on its written form, not its canonical one.
            match written_options(a) {
                Some((left, right)) => {
                    let left = left
                        .iter()
                        .map(|e| go(e, games))
                        .collect::<Result<Vec<_>, _>>()?;
                    let right = right
                        .iter()
                        .map(|e| go(e, games))
                        .collect::<Result<Vec<_>, _>>()?;
                    games.ordinal_sum_on_form(&left, &right, over)
                }
                None => games.ordinal_sum(base, over),
            }
        }
        ExprKind::Paren(a) => go(a, games)?,
        ExprKind::Call(function, args) => {
            let values = args
                .iter()
                .map(|e| go(e, games))
                .collect::<Result<Vec<_>, _>>()?;
            call(*function, &values, expr, games)?
        }
    })
}

/// A function applied to its evaluated arguments (the parser has checked how many); `expr` is
/// the call.
fn call(
    function: Function,
    values: &[GameId],
    expr: &Expr,
    games: &mut Games,
) -> Result<GameId, ParseError> {
    let ExprKind::Call(_, args) = &expr.kind else {
        unreachable!("a function is applied by a call")
    };
    let g = values[0];
    Ok(match function {
        Function::Temperature => {
            let t = games.temperature(g);
            games.number(&t)
        }
        Function::Mean => {
            let m = games.mean(g);
            games.number(&m)
        }
        Function::LeftStop => {
            let (l, _) = games.stops(g);
            games.number(&l)
        }
        Function::RightStop => {
            let (_, r) = games.stops(g);
            games.number(&r)
        }
        Function::Birthday => {
            let day = games.birthday(g);
            games.number(&Dyadic::integer(day))
        }
        Function::Cool => {
            let t = games
                .as_number(values[1])
                .filter(|t| *t >= Dyadic::integer(-1))
                .ok_or_else(|| {
                    ParseError::new(
                        args[1].span.clone(),
                        format!(
                            "a game is cooled by a number of at least -1, not `{}`",
                            games.display(values[1])
                        ),
                    )
                })?;
            games.cool(g, &t)
        }
        Function::Heat | Function::Overheat => {
            let t = *values.last().expect("heating has a temperature");
            // Every layer of `G` adds a copy of `t`; an integer `n` in `G` becomes `n` copies
            // of `s`.
            let mut layers = (games.height(g) as u64).saturating_mul(1 + games.height(t) as u64);
            check_nimber_mix(games, (g, &args[0]), (t, args.last().expect("two or more")))?;
            if function == Function::Overheat {
                let s = values[1];
                check_nimber_mix(games, (g, &args[0]), (s, &args[1]))?;
                if !games.is_number(s) {
                    let (_, born) = games.extremes(g);
                    let per_copy = games.height(s).max(1) as u64;
                    layers = layers.saturating_add(born.saturating_mul(per_copy));
                }
                within_height(layers, expr, "this overheating")?;
                games.overheat(g, s, t)
            } else {
                within_height(layers, expr, "this heating")?;
                games.heat(g, t)
            }
        }
        Function::AtomicWeight => games.atomic_weight(g).ok_or_else(|| {
            ParseError::new(
                args[0].span.clone(),
                format!(
                    "the atomic weight is defined for all-small games (every position with \
                     a move for one player has one for the other), and `{}` is not all-small",
                    games.display(g)
                ),
            )
        })?,
        Function::Incentives => {
            return Err(ParseError::new(
                expr.span.clone(),
                "`incentives(G)` gives two lists of games, not a game: `hackenbook eval` \
                 prints them when it is the whole input, but it cannot stand inside an \
                 expression",
            ))
        }
        Function::ReducedCanonicalForm => {
            // Heating by `*` doubles the layers at most.
            within_height(
                2 * games.height(g) as u64,
                expr,
                "this reduced canonical form",
            )?;
            games.reduced_canonical_form(g)
        }
    })
}

/// Refuses work that would build a game taller than [`HEIGHT_LIMIT`] (`layers` is an upper
/// bound of its height).
fn within_height(layers: u64, expr: &Expr, what: &str) -> Result<(), ParseError> {
    if layers <= HEIGHT_LIMIT as u64 {
        return Ok(());
    }
    Err(ParseError::new(
        expr.span.clone(),
        format!(
            "{what} could build a game up to {} layers deep; the games engine's budget is {} \
             layers",
            thousands(layers),
            thousands(HEIGHT_LIMIT as u64)
        ),
    ))
}

fn thousands(n: u64) -> String {
    super::display::with_separators(&n.into())
}

/// The options of a base written as `{…|…}` (possibly in parentheses).
fn written_options(expr: &Expr) -> Option<(&[Expr], &[Expr])> {
    match &expr.kind {
        ExprKind::Paren(inner) => written_options(inner),
        ExprKind::Braces { left, right, .. } => Some((left, right)),
        _ => None,
    }
}

/// Refuses `G + H` when a big nimber inside one meets a game that is not a nus.
fn check_nimber_mix(
    games: &mut Games,
    (x, a): (GameId, &Expr),
    (y, b): (GameId, &Expr),
) -> Result<(), ParseError> {
    if games.is_nus(x) && games.is_nus(y) {
        return Ok(());
    }
    for (g, e) in [(x, a), (y, b)] {
        if games.extremes(g).0 > NIMBER_MIX_LIMIT {
            return Err(nimber_mix_error(e));
        }
    }
    Ok(())
}

fn nimber_mix_error(e: &Expr) -> ParseError {
    ParseError::new(
        e.span.clone(),
        format!(
            "combining a nimber above *{NIMBER_MIX_LIMIT} with a game that is not a \
             number-up-star is beyond the budget"
        ),
    )
}

/// Parses and evaluates `text` in one call.
pub fn evaluate(
    text: &str,
    games: &mut Games,
    resolve: &mut dyn FnMut(&str) -> Option<GameId>,
) -> Result<GameId, ParseError> {
    let expr = parse_expr(text)?;
    eval(&expr, games, resolve)
}

impl Games {
    /// Parses and evaluates a name-free expression: `games.eval_str("^ + ^ + *")`.
    pub fn eval_str(&mut self, text: &str) -> Result<GameId, ParseError> {
        evaluate(text, self, &mut |_| None)
    }

    /// `+-g` = `{g | -g}`.
    pub fn plus_minus(&mut self, g: GameId) -> GameId {
        let minus = self.neg(g);
        self.from_options(&[g], &[minus])
    }
}

/// One relation of a statement that does not hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StatementFailure {
    /// From the start of the left term to the end of the right term.
    pub span: Range<usize>,
    /// The operator's span.
    pub relation_span: Range<usize>,
    pub expected: Rel,
    pub left: GameId,
    pub right: GameId,
    /// How the two values really compare.
    pub actual: Relation,
}

impl StatementFailure {
    /// "claimed `1 = 3/2`, but 1 < 3/2".
    pub fn message(&self, games: &Games) -> String {
        let (l, r) = (games.display(self.left), games.display(self.right));
        format!(
            "claimed {l} {} {r}, but {l} {} {r}",
            rel_text(self.expected),
            self.actual.symbol()
        )
    }
}

/// Evaluates every term and checks every relation; an empty list means the statement holds.
/// Evaluation errors (unknown names, budgets) are returned as `Err`.
pub fn check_statement(
    st: &Statement,
    games: &mut Games,
    resolve: &mut dyn FnMut(&str) -> Option<GameId>,
) -> Result<Vec<StatementFailure>, ParseError> {
    let whole =
        st.terms.first().map_or(0, |t| t.span.start)..st.terms.last().map_or(0, |t| t.span.end);
    games
        .timed(|games| check_statement_untimed(st, games, resolve))
        .map_err(|stop| stopped(whole, stop))?
}

fn check_statement_untimed(
    st: &Statement,
    games: &mut Games,
    resolve: &mut dyn FnMut(&str) -> Option<GameId>,
) -> Result<Vec<StatementFailure>, ParseError> {
    let values = st
        .terms
        .iter()
        .map(|t| eval_untimed(t, games, resolve))
        .collect::<Result<Vec<_>, _>>()?;
    let mut failures = Vec::new();
    for (i, (rel, rel_span)) in st.relations.iter().enumerate() {
        let (left, right) = (values[i], values[i + 1]);
        let actual = games.compare(left, right);
        if !rel.holds(actual) {
            failures.push(StatementFailure {
                span: st.terms[i].span.start..st.terms[i + 1].span.end,
                relation_span: rel_span.clone(),
                expected: *rel,
                left,
                right,
                actual,
            });
        }
    }
    Ok(failures)
}

/// The statement in plain notation, as [`Expr`]'s `Display` prints each term (`{0,1/2|2} = 1`).
pub fn statement_text(st: &Statement) -> String {
    let mut out = st.terms[0].to_string();
    for ((rel, _), term) in st.relations.iter().zip(&st.terms[1..]) {
        out.push_str(&format!(" {} {term}", rel_text(*rel)));
    }
    out
}

/// KaTeX source for the statement as written, for display maths.
pub fn statement_latex(st: &Statement) -> String {
    statement_latex_with(st, &name_latex)
}

/// KaTeX for a statement with each name written by `name`.
pub fn statement_latex_with(st: &Statement, name: &dyn Fn(&str) -> String) -> String {
    let mut out = st.terms[0].latex_with(name);
    for ((rel, _), term) in st.relations.iter().zip(&st.terms[1..]) {
        out.push(' ');
        out.push_str(rel.latex());
        out.push(' ');
        out.push_str(&term.latex_with(name));
    }
    out
}

/// KaTeX for a number (re-exported for callers that typeset figures).
pub fn number_to_latex(x: &crate::Dyadic) -> String {
    number_latex(x)
}

#[cfg(test)]
mod tests;
