//! Figures, and whether the words an essay wrote agree with them.
//!
//! The one idea: a literal is checked at the precision it was written with. `10,066` and `3/8`
//! are exact; `88%` and `0.38` name every value that rounds to them (half up at the last
//! written digit); `every time` and `no exceptions` are the word `true` in prose; `LRR` names a
//! position. A literal of the wrong kind for its figure is an error, not a mismatch.

use super::forest::Forest;
use super::query::QueryError;
use crate::games::{Dyadic, GameId, Games};
use crate::hackenbush::canon::exact_code;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};

/// A member picked out by a query: the smallest member, a counterexample, a witness.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Example {
    /// The census it was found in.
    pub census: String,
    pub member: Member,
    /// A position in the `L(L R)` notation of DESIGN.md (what `Position::parse` reads, for
    /// drawing); a game as its options and value, `{0 | ↑} = ⇑∗`.
    pub notation: String,
    /// The value, in CGSuite shorthand.
    pub value: String,
    /// A few properties in words: `3 edges (1 blue, 2 red), value 1/4, reading 1/4`, or
    /// `born on day 3`.
    pub summary: String,
}

/// What an example is: a position, or a game given by its options.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Member {
    Position(Forest),
    /// A picture of a census of graphs: a literal names it up to isomorphism.
    Graph(crate::hackenbush::Position),
    /// A game of a census of games: its value and its options' values. `form` when the census
    /// holds forms as written, so that a literal must name the same options.
    Game {
        value: GameId,
        left: Vec<GameId>,
        right: Vec<GameId>,
        form: bool,
    },
}

/// What a query computes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Figure {
    /// A count.
    Integer(BigInt),
    /// A value or a quantity that is a dyadic number.
    Number(Dyadic),
    /// A quotient that is not dyadic.
    Rational(BigRational),
    /// `part` of `whole`: shown and checked as a percentage.
    Share { part: BigInt, whole: BigInt },
    /// A universal or existential statement. `example` is the smallest counterexample of a
    /// failed `all`/`none`, or the smallest witness of a successful `any`.
    Bool {
        holds: bool,
        example: Option<Example>,
    },
    /// A value that is not a number.
    Game(GameId),
    /// The smallest member of a family.
    Example(Example),
}

impl Figure {
    pub fn truth(holds: bool) -> Figure {
        Figure::Bool {
            holds,
            example: None,
        }
    }

    /// The counterexample or witness a figure carries, if any.
    pub fn example(&self) -> Option<&Example> {
        match self {
            Figure::Bool { example, .. } => example.as_ref(),
            Figure::Example(e) => Some(e),
            _ => None,
        }
    }

    /// The figure as an exact rational, when it is a quantity.
    pub fn to_rational(&self, games: &Games) -> Option<BigRational> {
        match self {
            Figure::Integer(n) => Some(BigRational::from_integer(n.clone())),
            Figure::Number(d) => Some(d.to_rational()),
            Figure::Rational(r) => Some(r.clone()),
            Figure::Share { part, whole } if !whole.is_zero() => {
                Some(BigRational::new(part.clone(), whole.clone()))
            }
            Figure::Game(g) => games.as_number(*g).map(|d| d.to_rational()),
            _ => None,
        }
    }

    fn kind(&self) -> &'static str {
        match self {
            Figure::Integer(_) => "a count",
            Figure::Number(_) => "a number",
            Figure::Rational(_) => "a fraction",
            Figure::Share { .. } => "a share",
            Figure::Bool { .. } => "true or false",
            Figure::Game(_) => "a game value",
            Figure::Example(_) => "a position",
        }
    }
}

/// Phrases that assert the statement holds (compared ignoring case and extra spaces).
pub const AFFIRMATIVE: &[&str] = &[
    "true",
    "yes",
    "holds",
    "always",
    "every",
    "every time",
    "every one",
    "everyone",
    "each",
    "each one",
    "all",
    "all of them",
    "no exceptions",
    "no exception",
    "without exception",
    "none",
    "never",
    "not once",
    "not one",
];

/// Phrases that assert the statement fails.
pub const NEGATIVE: &[&str] = &[
    "false",
    "no",
    "fails",
    "not always",
    "not every",
    "not every time",
    "not all",
    "not each",
    "not none",
    "sometimes",
];

/// Number words up to ninety-nine, for literals such as `three` or `eighty-eight per cent`.
const UNITS: [&str; 20] = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
];
const TENS: [&str; 8] = [
    "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety",
];

/// `n` in words, for `n` below a hundred (`88` → `eighty-eight`): the inverse of [`number_word`].
pub fn number_in_words(n: u64) -> Option<String> {
    match n {
        0..=19 => Some(UNITS[n as usize].to_string()),
        20..=99 => {
            let tens = TENS[(n / 10 - 2) as usize];
            Some(match n % 10 {
                0 => tens.to_string(),
                unit => format!("{tens}-{}", UNITS[unit as usize]),
            })
        }
        _ => None,
    }
}

fn number_word(word: &str) -> Option<u32> {
    let word = word.to_lowercase();
    if let Some(n) = UNITS.iter().position(|u| *u == word) {
        return Some(n as u32);
    }
    let (tens, unit) = match word.split_once('-') {
        Some((t, u)) => (t, Some(u)),
        None => (word.as_str(), None),
    };
    let t = TENS.iter().position(|x| *x == tens)? as u32;
    let u = match unit {
        Some(u) => UNITS[1..10].iter().position(|x| *x == u)? as u32 + 1,
        None => 0,
    };
    Some(20 + 10 * t + u)
}

/// A numeric literal as read: its exact value and, for decimals, the digits written after the
/// point (`None` = exact).
#[derive(Clone, Debug, PartialEq)]
struct Quantity {
    value: BigRational,
    decimals: Option<usize>,
}

/// Reads `10,066`, `-3`, `−1/4`, `0.375`, `three`; `None` if it is not a number at all.
fn quantity(text: &str) -> Result<Option<Quantity>, String> {
    let text = text.trim().replace('\u{2212}', "-");
    if let Some(n) = number_word(&text) {
        return Ok(Some(Quantity {
            value: BigRational::from_integer(n.into()),
            decimals: None,
        }));
    }
    let (negative, body) = match text.strip_prefix('-') {
        Some(rest) => (true, rest.trim_start()),
        None => (false, text.as_str()),
    };
    if !body.starts_with(|c: char| c.is_ascii_digit()) {
        return Ok(None);
    }
    let integer = |s: &str| -> Result<BigInt, String> {
        let plain = if s.contains(',') {
            let groups: Vec<&str> = s.split(',').collect();
            let well_grouped = !groups[0].is_empty()
                && groups[0].len() <= 3
                && groups[1..].iter().all(|g| g.len() == 3);
            if !well_grouped {
                return Err(format!(
                    "`{s}` has its thousands separators in the wrong places"
                ));
            }
            groups.concat()
        } else {
            s.to_string()
        };
        if plain.is_empty() || !plain.bytes().all(|b| b.is_ascii_digit()) {
            return Err(format!("`{text}` is not a number"));
        }
        plain.parse::<BigInt>().map_err(|e| e.to_string())
    };
    let (value, decimals) = if let Some((n, d)) = body.split_once('/') {
        let d = integer(d.trim())?;
        if d.is_zero() {
            return Err(format!("`{text}` divides by zero"));
        }
        (BigRational::new(integer(n.trim())?, d), None)
    } else if let Some((i, f)) = body.split_once('.') {
        if f.is_empty() || !f.bytes().all(|b| b.is_ascii_digit()) {
            return Err(format!("`{text}` is not a number"));
        }
        let scale = num_traits::pow(BigInt::from(10), f.len());
        let whole = integer(i)? * &scale + f.parse::<BigInt>().map_err(|e| e.to_string())?;
        (BigRational::new(whole, scale), Some(f.len()))
    } else {
        (BigRational::from_integer(integer(body)?), None)
    };
    Ok(Some(Quantity {
        value: if negative { -value } else { value },
        decimals,
    }))
}

/// Does `x` round to `q` at `q`'s written precision (half away from zero, so that `-0.3`
/// covers `-0.25` just as `0.3` covers `0.25`)? Exact when no decimals were written.
fn agrees(q: &Quantity, x: &BigRational) -> bool {
    match q.decimals {
        None => &q.value == x,
        Some(d) => {
            let scale = BigRational::from_integer(num_traits::pow(BigInt::from(10), d));
            let half = BigRational::new(BigInt::one(), BigInt::from(2));
            let rounded = (x.abs() * &scale + half).floor() / &scale;
            let rounded = if x.is_negative() { -rounded } else { rounded };
            rounded == q.value
        }
    }
}

/// Strips a percent sign or `per cent` / `percent`; `Some(number part)` if it was there.
fn percentage(text: &str) -> Option<&str> {
    let t = text.trim();
    for suffix in ["%", "per cent", "percent"] {
        if let Some(rest) = t.strip_suffix(suffix) {
            return Some(rest.trim_end());
        }
    }
    None
}

fn normalise_phrase(text: &str) -> String {
    text.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .trim_end_matches(['.', ',', ';', ':', '!'])
        .to_lowercase()
}

/// Whether the words `literal` agree with `figure`. `Err` when the literal cannot be read, or
/// is of a kind that cannot describe this figure (span within the literal).
pub fn literal_holds(
    literal: &str,
    figure: &Figure,
    games: &mut Games,
) -> Result<bool, QueryError> {
    let whole = 0..literal.len();
    let mismatch = |what: &str| {
        QueryError::new(
            whole.clone(),
            format!(
                "`{literal}` is {what}, but the query gives {}",
                figure.kind()
            ),
        )
    };
    let bad = |message: String| QueryError::new(whole.clone(), message);
    match figure {
        Figure::Bool { holds, .. } => match truth_of(literal) {
            Some(true) => Ok(*holds),
            Some(false) => Ok(!*holds),
            None => Err(bad(format!(
                    "`{literal}` is not a phrase for true or false; the query is a statement, so write one of: {} (or, for false: {})",
                AFFIRMATIVE.join(", "),
                NEGATIVE.join(", ")
            ))),
        },
        Figure::Example(example) => match &example.member {
            Member::Position(forest) => match Forest::parse(literal) {
                Ok(f) => Ok(f == *forest),
                Err(_) => Err(mismatch("not a forest in the position notation (`L(L R)`)")),
            },
            Member::Graph(picture) => match crate::hackenbush::Position::parse(literal) {
                Ok(p) => Ok(exact_code(&p) == exact_code(picture)),
                Err(_) => Err(mismatch(
                    "not a picture in the position notation (`L(L R)`, `g-a L, a-b R, b-g L`)",
                )),
            },
            Member::Game {
                value,
                left,
                right,
                form,
            } => {
                let (v, options) = game_literal(literal, games)?;
                if !*form {
                    return Ok(v == *value);
                }
                let (l, r) = match options {
                    Some(written) => written,
                    None => (games.left_options(v), games.right_options(v)),
                };
                let same = |a: &[GameId], b: &[GameId]| {
                    a.iter().all(|x| b.contains(x)) && b.iter().all(|x| a.contains(x))
                };
                Ok(same(&l, left) && same(&r, right))
            }
        },
        Figure::Game(g) => {
            let text = literal.trim().replace('\u{2212}', "-");
            let parsed = games.eval_str(&text).map_err(|e| {
                QueryError::new(e.span.clone(), format!("`{literal}`: {}", e.message))
            })?;
            Ok(parsed == *g)
        }
        Figure::Number(_) if game_not_a_number(literal, games) => {
            // `1*` for a value that is a number: a claim about values that does not hold,
            // not a literal of the wrong kind.
            Ok(false)
        }
        Figure::Integer(_) | Figure::Number(_) | Figure::Rational(_) | Figure::Share { .. } => {
            let x = figure
                .to_rational(games)
                .ok_or_else(|| mismatch("a number"))?;
            if let Some(number) = percentage(literal) {
                let mut q = quantity(number)
                    .map_err(bad)?
                    .ok_or_else(|| bad(format!("`{literal}` is not a percentage")))?;
                // A whole percentage is a rounded one: `88%` is 88 to the nearest unit.
                if q.decimals.is_none() && q.value.is_integer() {
                    q.decimals = Some(0);
                }
                if matches!(figure, Figure::Integer(_)) {
                    return Err(mismatch("a percentage"));
                }
                return Ok(agrees(&q, &(x * BigRational::from_integer(100.into()))));
            }
            match quantity(literal).map_err(bad)? {
                Some(q) => {
                    if matches!(figure, Figure::Share { .. })
                        && q.decimals.is_none()
                        && q.value.is_integer()
                        && !q.value.is_zero()
                        && q.value != BigRational::one()
                    {
                        return Err(mismatch(
                            "a whole number (write a share as `88%`, `0.88` or `358/406`)",
                        ));
                    }
                    Ok(agrees(&q, &x))
                }
                None => Err(mismatch("not a number")),
            }
        }
    }
}

/// A game literal's value and, when it is written in braces, its options' values (a form
/// is named by its options; `*` names the form `{0|0}`).
#[allow(clippy::type_complexity)]
fn game_literal(
    literal: &str,
    games: &mut Games,
) -> Result<(GameId, Option<(Vec<GameId>, Vec<GameId>)>), QueryError> {
    use crate::games::notation::{self, ExprKind};
    let text = literal.trim().replace('\u{2212}', "-");
    let located = |e: crate::games::ParseError| {
        QueryError::new(e.span.clone(), format!("`{literal}`: {}", e.message))
    };
    let expr = notation::parse_expr(&text).map_err(located)?;
    let value = notation::eval(&expr, games, &mut |_| None).map_err(located)?;
    let mut top = &expr;
    while let ExprKind::Paren(inner) = &top.kind {
        top = inner;
    }
    let options = match &top.kind {
        ExprKind::Braces { left, right, .. } => {
            let mut side = |exprs: &[notation::Expr]| {
                exprs
                    .iter()
                    .map(|e| notation::eval(e, games, &mut |_| None))
                    .collect::<Result<Vec<GameId>, _>>()
            };
            let l = side(left).map_err(located)?;
            let r = side(right).map_err(located)?;
            Some((l, r))
        }
        _ => None,
    };
    Ok((value, options))
}

/// Whether `literal` is a game value that is not a number (`1*`, `^`, `{1|-1}`).
fn game_not_a_number(literal: &str, games: &mut Games) -> bool {
    let text = literal.trim().replace('\u{2212}', "-");
    games.eval_str(&text).is_ok_and(|g| !games.is_number(g))
}

/// The truth a phrase stands for: `Some(true)` for one of [`AFFIRMATIVE`], `Some(false)` for
/// one of [`NEGATIVE`].
pub fn truth_of(literal: &str) -> Option<bool> {
    let phrase = normalise_phrase(literal);
    if AFFIRMATIVE.contains(&phrase.as_str()) {
        Some(true)
    } else if NEGATIVE.contains(&phrase.as_str()) {
        Some(false)
    } else {
        None
    }
}

/// How the words of a literal were read, said when they disagree with the figure: the truth a
/// phrase stands for, the figures a rounded literal accepts, a position that differs from the one
/// found only in the order of its trees. `None` for an exact literal (a count, a fraction).
pub fn reading(literal: &str, figure: &Figure) -> Option<String> {
    match figure {
        Figure::Bool { .. } => truth_of(literal).map(|holds| {
            if holds {
                format!("`{literal}` reads as *true*: it claims the query holds")
            } else {
                format!("`{literal}` reads as *false*: it claims the query fails")
            }
        }),
        Figure::Example(example) => {
            let Member::Position(forest) = &example.member else {
                return None;
            };
            let written = Forest::parse(literal).ok()?;
            (unordered(written) == unordered(*forest)).then(|| {
                format!(
                    "`{literal}` is the same position as `{}` up to order; `smallest` names the \
                     first in census order",
                    example.notation
                )
            })
        }
        Figure::Integer(_) | Figure::Number(_) | Figure::Rational(_) | Figure::Share { .. } => {
            let (number, unit) = match percentage(literal) {
                Some(number) => (number, "%"),
                None => (literal, ""),
            };
            let mut q = quantity(number).ok()??;
            if unit == "%" && q.decimals.is_none() && q.value.is_integer() {
                q.decimals = Some(0);
            }
            let places = q.decimals?;
            let half = BigRational::new(
                BigInt::one(),
                BigInt::from(2) * num_traits::pow(BigInt::from(10), places),
            );
            let shown = |r: &BigRational| format!("{}{unit}", decimal(r, places + 1));
            let (low, high) = (&q.value - &half, &q.value + &half);
            // Half away from zero: the bound nearer zero is open on the side of zero.
            let range = if q.value.is_zero() {
                format!("{} < x < {}", shown(&low), shown(&high))
            } else if q.value.is_negative() {
                format!("{} < x ≤ {}", shown(&low), shown(&high))
            } else {
                format!("{} ≤ x < {}", shown(&low), shown(&high))
            };
            Some(format!("`{literal}` accepts {range}"))
        }
        Figure::Game(_) => None,
    }
}

/// A forest with the trees at every node sorted: two forests that differ only in the order of
/// trees have the same key.
fn unordered(forest: Forest) -> String {
    fn key(trees: &[crate::hackenbush::Tree]) -> String {
        let mut parts: Vec<String> = trees
            .iter()
            .map(|t| format!("{}({})", t.colour.letter(), key(&t.above)))
            .collect();
        parts.sort();
        parts.join(" ")
    }
    key(&forest.to_trees())
}

/// Words that deny in English: a reader takes `{none = …}` or `{no = …}` as "no member has it",
/// whatever the query asks. As literals `none`, `never`, `not one` and `not once` read as *true*
/// (they echo a `none` query: "none have it" holds) and `no` as *false* (it answers an `any`
/// query).
pub const DENIALS: &[&str] = &["none", "never", "not one", "not once", "no"];

/// When a denying word is bound to a query whose sense it turns around — `none`, `never`,
/// `not one`, `not once` to anything but a `none` query, `no` to a `none` query — the advice:
/// the sentence that says how it reads, and the fix. `None` when the word reads as English does.
pub fn denial_advice(literal: &str, query: &str) -> Option<(String, String)> {
    let phrase = normalise_phrase(literal);
    if !DENIALS.contains(&phrase.as_str()) {
        return None;
    }
    let reads_true = truth_of(&phrase)?;
    let q = super::query::parse_query(query).ok()?;
    let (family, is_none) = match &q.kind {
        super::query::QueryKind::None(f, _) => (f, true),
        super::query::QueryKind::All(f, _) | super::query::QueryKind::Any(f, _) => (f, false),
        _ => return None,
    };
    if reads_true != is_none {
        // `none` bound to `all`/`any`, or `no` bound to `none`.
        let rest = query.get(family.name_span.start..)?.trim();
        let sense = if reads_true { "holds" } else { "fails" };
        let plain = if reads_true { "true" } else { "false" };
        return Some((
            format!(
                "`{literal}` reads as *{plain}*: it claims `{query}` {sense}, though a reader \
                 takes `{literal}` as a denial"
            ),
            format!(
                "for 'no member has it' write `{{none = none {rest}}}`; to say that the query \
                 {sense}, write `{{{plain} = {query}}}`"
            ),
        ));
    }
    None
}

pub use crate::games::display::with_separators;

/// A rational to `places` decimals, rounded half up (for display only).
fn decimal(r: &BigRational, places: usize) -> String {
    let scale = num_traits::pow(BigInt::from(10), places);
    let scaled = (r * BigRational::from_integer(scale.clone())
        + BigRational::new(1.into(), 2.into()))
    .floor()
    .to_integer();
    let negative = scaled.is_negative();
    let digits = format!("{:0>width$}", scaled.abs().to_string(), width = places + 1);
    let (i, f) = digits.split_at(digits.len() - places);
    let sign = if negative { "-" } else { "" };
    if places == 0 {
        format!("{sign}{i}")
    } else {
        format!("{sign}{i}.{f}")
    }
}

/// How the notebook shows a figure.
pub fn render_figure(figure: &Figure, games: &Games) -> String {
    match figure {
        Figure::Integer(n) => with_separators(n),
        Figure::Number(d) => d.to_string(),
        Figure::Rational(r) => format!("{r} ≈ {}", decimal(r, 4)),
        Figure::Share { part, whole } => {
            let r = if whole.is_zero() {
                BigRational::zero()
            } else {
                BigRational::new(part.clone(), whole.clone())
            };
            let pct = r * BigRational::from_integer(100.into());
            format!(
                "{}% ({} of {})",
                decimal(&pct, 2),
                with_separators(part),
                with_separators(whole)
            )
        }
        Figure::Bool { holds, example } => match (holds, example) {
            (true, None) => "true".into(),
            (true, Some(e)) => format!("true — for example {} ({})", e.notation, e.summary),
            (false, None) => "false".into(),
            (false, Some(e)) => format!(
                "false — smallest counterexample {} ({})",
                e.notation, e.summary
            ),
        },
        Figure::Game(g) => games.display(*g),
        Figure::Example(e) => format!("{} ({})", e.notation, e.summary),
    }
}

/// A figure as a plain float, for progress messages and sorting only — never for checking.
pub fn approximate(figure: &Figure, games: &Games) -> Option<f64> {
    figure.to_rational(games).and_then(|r| r.to_f64())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn holds(literal: &str, figure: &Figure) -> bool {
        literal_holds(literal, figure, &mut Games::new()).unwrap()
    }

    fn int(n: i64) -> Figure {
        Figure::Integer(n.into())
    }

    fn share(p: i64, w: i64) -> Figure {
        Figure::Share {
            part: p.into(),
            whole: w.into(),
        }
    }

    #[test]
    fn numbers_in_words_read_back() {
        for n in 0..100u64 {
            let words = number_in_words(n).unwrap();
            assert_eq!(number_word(&words), Some(n as u32), "{words}");
        }
        assert_eq!(number_in_words(100), None);
    }

    #[test]
    fn integers_are_exact_with_or_without_separators() {
        assert!(holds("10,066", &int(10066)));
        assert!(holds("10066", &int(10066)));
        assert!(!holds("10,067", &int(10066)));
        assert!(holds("three", &int(3)));
        assert!(holds("−2", &int(-2)));
        let e = literal_holds("10,06", &int(1006), &mut Games::new()).unwrap_err();
        assert!(e.message.contains("separators"));
    }

    #[test]
    fn percentages_round_at_the_written_digit() {
        let f = share(358, 406); // 88.177...%
        assert!(holds("88%", &f));
        assert!(holds("88 per cent", &f));
        assert!(holds("eighty-eight per cent", &f));
        assert!(holds("88.2%", &f));
        assert!(!holds("88.1%", &f));
        assert!(!holds("89%", &f));
        assert!(holds("0.88", &f));
        assert!(holds("179/203", &f));
        assert!(holds("87.5%", &share(7, 8)));
        assert!(holds("88%", &share(7, 8))); // 87.5 rounds half up to 88
        assert!(!holds("87%", &share(7, 8)));
        assert!(literal_holds("88", &f, &mut Games::new()).is_err());
        assert!(literal_holds("88%", &int(88), &mut Games::new()).is_err());
    }

    #[test]
    fn fractions_and_decimals() {
        let f = Figure::Number("-1/4".parse().unwrap());
        assert!(holds("−1/4", &f));
        assert!(holds("-0.25", &f));
        assert!(holds("-0.3", &f));
        assert!(!holds("-1/2", &f));
        assert!(holds("2/8", &Figure::Number("1/4".parse().unwrap())));
    }

    #[test]
    fn a_game_for_a_number_is_a_value_that_differs() {
        let half = Figure::Number("1/2".parse().unwrap());
        for game in ["1*", "^", "{1|-1}", "1/2*"] {
            assert_eq!(
                literal_holds(game, &half, &mut Games::new()),
                Ok(false),
                "{game}"
            );
        }
        assert!(holds("1/2", &half));
    }

    #[test]
    fn truth_phrases() {
        let yes = Figure::truth(true);
        let no = Figure::truth(false);
        assert!(holds("every time", &yes));
        assert!(holds("No exceptions.", &yes));
        assert!(!holds("every time", &no));
        assert!(holds("not always", &no));
        assert!(literal_holds("maybe", &yes, &mut Games::new()).is_err());
    }

    #[test]
    fn how_a_literal_was_read() {
        let share = share(1, 51); // 1.96...%
        assert_eq!(
            reading("1.9%", &share).as_deref(),
            Some("`1.9%` accepts 1.85% ≤ x < 1.95%")
        );
        assert_eq!(
            reading("-0.3", &Figure::Number("-1/4".parse().unwrap())).as_deref(),
            Some("`-0.3` accepts -0.35 < x ≤ -0.25")
        );
        assert_eq!(reading("3/8", &int(3)), None, "exact literals say nothing");
        assert_eq!(
            reading("never", &Figure::truth(false)).as_deref(),
            Some("`never` reads as *true*: it claims the query holds")
        );
    }

    #[test]
    fn denying_words_bound_the_other_way() {
        let (said, fix) = denial_advice("none", "any s4 where edges > 1 have value = 0").unwrap();
        assert!(said.contains("reads as *true*"), "{said}");
        assert!(
            fix.contains("`{none = none s4 where edges > 1 have value = 0}`"),
            "{fix}"
        );
        assert!(denial_advice("no", "none s4 have value = 0").is_some());
        assert!(denial_advice("Not one.", "all s4 have value = 0").is_some());
        // Bound as English reads them: nothing to say.
        assert_eq!(denial_advice("none", "none s4 have value = 0"), None);
        assert_eq!(denial_advice("no", "any s4 have value = 0"), None);
        assert_eq!(denial_advice("false", "none s4 have value = 0"), None);
    }

    #[test]
    fn rendering() {
        let games = Games::new();
        assert_eq!(render_figure(&int(10066), &games), "10,066");
        assert_eq!(
            render_figure(&share(358, 406), &games),
            "88.18% (358 of 406)"
        );
        assert_eq!(render_figure(&int(-1234567), &games), "-1,234,567");
    }
}
