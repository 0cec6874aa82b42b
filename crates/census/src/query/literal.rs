//! Figures, and whether the words an essay wrote agree with them.
//!
//! The one idea: a literal is checked at the precision it was written with. `10,066` and `3/8`
//! are exact; `88%` and `0.38` name every value that rounds to them (half up at the last
//! written digit); `every time` and `no exceptions` are the word `true` in prose; `LRR` names a
//! position. A literal of the wrong kind for its figure is an error, not a mismatch.

use crate::forest::Forest;
use crate::query::QueryError;
use hackenbook_games::{Dyadic, GameId, Games};
use hackenbook_rulesets::hackenbush::canon::exact_code;
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
    Graph(hackenbook_rulesets::hackenbush::Position),
    /// A position of a census of a game's positions: a literal names it in its game's notation,
    /// up to the symmetries that keep its value (its census form).
    GamePosition(hackenbook_rulesets::AnyPosition),
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
        Some(rest) if rest.starts_with(char::is_whitespace) => {
            return Err(format!(
                "`{text}` has a space after its sign: write the sign against the number, `-{}`",
                rest.trim_start()
            ))
        }
        Some(rest) => (true, rest),
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
        if let Some(message) = hackenbook_games::dyadic::leading_zero(s) {
            return Err(message);
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
    if negative && value.is_zero() {
        return Err(format!(
            "`{text}` is zero, which has no sign: write it without the `-`"
        ));
    }
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

/// The exact figure a rounded literal stands for when a reader takes it as an absolute: `0%`,
/// `0.0` (none, zero) and `100%` of any figure, `1.00` of a share (all). At its written precision
/// `0%` would accept 2 members of 64,978; it holds only for exactly none.
fn absolute(q: &Quantity, percent: bool, figure: &Figure) -> Option<BigRational> {
    q.decimals?;
    if q.value.is_zero() {
        return Some(BigRational::zero());
    }
    let whole = BigRational::from_integer(if percent { 100 } else { 1 }.into());
    let all = percent || matches!(figure, Figure::Share { .. });
    (all && q.value == whole).then(BigRational::one)
}

/// A share bounded rather than rounded: `under 0.01%` (some, but fewer than that), `over 99.9%`
/// (more than that, but not all).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bound {
    Under,
    Over,
}

impl Bound {
    /// Whether share `x` is within the bound `b`, compared exactly: `under b` is `0 < x < b`,
    /// `over b` is `b < x < 1`. None and all are excluded, as a reader takes "under 0.01%" to
    /// mean some and "over 99.9%" to mean not all; `0%` and `100%` say those. `Err` for a bound
    /// no share can be within.
    fn holds(self, b: &BigRational, x: &BigRational) -> Result<bool, &'static str> {
        let (zero, one) = (BigRational::zero(), BigRational::one());
        match self {
            Bound::Under if b <= &zero || b > &one => {
                Err("is no bound on a share: `under` takes a bound above 0% and up to 100%")
            }
            Bound::Over if b < &zero || b >= &one => {
                Err("is no bound on a share: `over` takes a bound from 0% and below 100%")
            }
            Bound::Under => Ok(&zero < x && x < b),
            Bound::Over => Ok(b < x && x < &one),
        }
    }
}

/// `under 0.01%`, `Over 99.9 per cent`: the side and the bound as written.
fn bound(literal: &str) -> Option<(Bound, &str)> {
    let t = literal.trim();
    [("under", Bound::Under), ("over", Bound::Over)]
        .into_iter()
        .find_map(|(word, side)| {
            let rest = t
                .get(..word.len())
                .filter(|w| w.eq_ignore_ascii_case(word))
                .and_then(|_| t.get(word.len()..))?;
            rest.starts_with(char::is_whitespace)
                .then(|| (side, rest.trim_start()))
        })
}

/// A bound's exact value as a fraction of the whole: `0.01%` is 1/10,000, `0.001` is 1/1,000.
fn bound_value(written: &str) -> Result<BigRational, String> {
    let (number, whole) = match percentage(written) {
        Some(number) => (number, 100),
        None => (written, 1),
    };
    let q = quantity(number)?.ok_or_else(|| {
        format!("`{written}` is not a share: bound a share as `under 0.01%` or `over 99.9%`")
    })?;
    Ok(q.value / BigRational::from_integer(whole.into()))
}

/// `half` (any case, closing punctuation aside): a share of exactly one half, as a reader takes
/// "half of the forests". Rounded shares are written as percentages.
fn is_half(literal: &str) -> bool {
    normalise_phrase(literal) == "half"
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
            Member::Graph(picture) => match hackenbook_rulesets::hackenbush::Position::parse(literal) {
                Ok(p) => Ok(exact_code(&p) == exact_code(picture)),
                Err(_) => Err(mismatch(
                    "not a picture in the position notation (`L(L R)`, `g-a L, a-b R, b-g L`)",
                )),
            },
            Member::GamePosition(member) => {
                let ruleset = member.ruleset();
                let written = match hackenbook_rulesets::registry::parse_tagged(literal) {
                    Some(tagged) => tagged,
                    None => hackenbook_rulesets::AnyPosition::parse(ruleset, literal),
                };
                match written {
                    Ok(p) => Ok(p.census_form() == member.census_form()),
                    Err(_) => Err(mismatch(&format!("not a position of {}", ruleset.name()))),
                }
            }
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
            if is_half(literal) {
                if !matches!(figure, Figure::Share { .. }) {
                    return Err(mismatch(
                        "a share word (`half` of a `share … have …`; write `1/2` for a number)",
                    ));
                }
                return Ok(x == BigRational::new(BigInt::one(), BigInt::from(2)));
            }
            if let Some((side, written)) = bound(literal) {
                if !matches!(figure, Figure::Share { .. }) {
                    return Err(mismatch(
                        "a bound on a share (`under 1%`, `over 99%` bound a `share … have …`)",
                    ));
                }
                let b = bound_value(written).map_err(bad)?;
                return side
                    .holds(&b, &x)
                    .map_err(|why| bad(format!("`{literal}` {why}")));
            }
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
                if let Some(exactly) = absolute(&q, true, figure) {
                    return Ok(x == exactly);
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
                    if let Some(exactly) = absolute(&q, false, figure) {
                        return Ok(x == exactly);
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
    use hackenbook_games::notation::{self, ExprKind};
    let text = literal.trim().replace('\u{2212}', "-");
    let located = |e: hackenbook_games::ParseError| {
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
        Figure::Share { .. } if is_half(literal) => Some(format!(
            "`{literal}` reads as exactly one half: it holds only when the members that have it \
             are half of the family, not one more or less"
        )),
        Figure::Integer(_) | Figure::Number(_) | Figure::Rational(_) | Figure::Share { .. } => {
            if let Some((side, written)) = bound(literal) {
                let range = match side {
                    Bound::Under => format!("0% < x < {written}"),
                    Bound::Over => format!("{written} < x < 100%"),
                };
                return Some(format!("`{literal}` accepts {range}"));
            }
            let (number, unit) = match percentage(literal) {
                Some(number) => (number, "%"),
                None => (literal, ""),
            };
            let mut q = quantity(number).ok()??;
            if unit == "%" && q.decimals.is_none() && q.value.is_integer() {
                q.decimals = Some(0);
            }
            if let Some(exactly) = absolute(&q, unit == "%", figure) {
                let share = matches!(figure, Figure::Share { .. });
                return Some(match (exactly.is_zero(), share) {
                    (true, true) => format!(
                        "`{literal}` reads as none: it holds only when no member has it, not at \
                         its written precision"
                    ),
                    (false, true) => format!(
                        "`{literal}` reads as all: it holds only when every member has it, not at \
                         its written precision"
                    ),
                    (true, false) => {
                        format!("`{literal}` reads as zero: it holds only for 0 exactly")
                    }
                    (false, false) => {
                        format!("`{literal}` reads as the whole: it holds only for 1 exactly")
                    }
                });
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

/// What to write instead, when a share's literal does not hold because a reader would take it
/// as none or all (`0%`, `100%`, `0.0`) or as some but not all (`under 1%` of none): a bound
/// that holds and the share at the first precision that shows it, or the absolute that holds.
/// `None` for any other literal and figure.
pub fn advice(literal: &str, figure: &Figure) -> Option<String> {
    let Figure::Share { part, whole } = figure else {
        return None;
    };
    if whole.is_zero() {
        return None;
    }
    let x = BigRational::new(part.clone(), whole.clone());
    let hundred = BigRational::from_integer(100.into());
    if is_half(literal) {
        // The share at the first precision that does not round to one half.
        let pct = &x * &hundred;
        let fifty = BigRational::from_integer(50.into());
        if pct == fifty {
            return None;
        }
        let shown = (0..=40)
            .map(|places| decimal(&pct, places))
            .find(|r| quantity(r).ok().flatten().is_some_and(|q| q.value != fifty))?;
        return Some(format!("write the share as it is, `{shown}%`"));
    }
    if let Some((side, _)) = bound(literal) {
        return match side {
            Bound::Under if x.is_zero() => Some("no member has it: write `0%`".to_string()),
            Bound::Over if x.is_one() => Some("every member has it: write `100%`".to_string()),
            _ => None,
        };
    }
    let (number, percent) = match percentage(literal) {
        Some(number) => (number, true),
        None => (literal, false),
    };
    let mut q = quantity(number).ok()??;
    if percent && q.decimals.is_none() {
        q.decimals = Some(0);
    }
    let exactly = absolute(&q, percent, figure)?;
    if x == exactly {
        return None;
    }
    let pct = &x * &hundred;
    let (side, near) = if exactly.is_zero() {
        ("under", pct.clone())
    } else {
        ("over", &hundred - &pct)
    };
    // The smallest power of ten above the share (or above what it lacks of the whole).
    let (step, places) = (0..=40)
        .map(|k| {
            let step = BigRational::new(100.into(), num_traits::pow(BigInt::from(10), k));
            (step, k.saturating_sub(2))
        })
        .take_while(|(step, _)| step > &near)
        .last()?;
    let limit = if exactly.is_zero() {
        step
    } else {
        &hundred - step
    };
    let shown = (0..=40).map(|places| decimal(&pct, places)).find(|r| {
        quantity(r)
            .ok()
            .flatten()
            .is_some_and(|q| !q.value.is_zero() && q.value != hundred)
    })?;
    Some(format!(
        "write `{side} {}%`, which holds, or the share at a precision that shows it, `{shown}%`",
        decimal(&limit, places)
    ))
}

/// A forest with the trees at every node sorted: two forests that differ only in the order of
/// trees have the same key.
fn unordered(forest: Forest) -> String {
    fn key(trees: &[hackenbook_rulesets::hackenbush::Tree]) -> String {
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
    let q = crate::query::parse_query(query).ok()?;
    let (family, is_none) = match &q.kind {
        crate::query::QueryKind::None(f, _) => (f, true),
        crate::query::QueryKind::All(f, _) | crate::query::QueryKind::Any(f, _) => (f, false),
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

pub use hackenbook_games::display::with_separators;

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
    fn a_numeral_is_written_as_a_reader_reads_it() {
        // `0,021` and `021` once read as 21; `- 2` and `-0` are slips of another kind.
        for (literal, figure, said) in [
            ("0,021", int(21), "`0,021` has a leading zero: write `21`"),
            ("021", int(21), "`021` has a leading zero: write `21`"),
            ("00", int(0), "write `0`"),
            ("021/1", int(21), "leading zero"),
            ("21/01", int(21), "leading zero"),
            (
                "00.5",
                Figure::Number("1/2".parse().unwrap()),
                "leading zero",
            ),
            ("05%", share(1, 20), "leading zero"),
            ("- 2", int(-2), "write the sign against the number, `-2`"),
            ("−0", int(0), "no sign"),
            ("-0.0", Figure::Number(Dyadic::zero()), "no sign"),
            ("1,0000", int(10000), "separators"),
            (",100", int(100), "not a number"),
            ("1,000.", int(1000), "not a number"),
            (
                "0.5.0",
                Figure::Number("1/2".parse().unwrap()),
                "not a number",
            ),
        ] {
            let e = literal_holds(literal, &figure, &mut Games::new())
                .expect_err(literal)
                .message;
            assert!(e.contains(said), "{literal}: {e}");
        }
        for (literal, figure) in [
            ("0", int(0)),
            ("0.5", Figure::Number("1/2".parse().unwrap())),
            ("0/4", int(0)),
            ("−2", int(-2)),
            ("1,000", int(1000)),
            ("100", int(100)),
        ] {
            assert!(holds(literal, &figure), "{literal}");
        }
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
    fn a_rounded_literal_that_reads_as_none_or_all_holds_only_exactly() {
        // 2 of 64,978 forests of seven edges have one edge: 0.003%, once "0%".
        let few = share(2, 64_978);
        let most = share(64_976, 64_978);
        for literal in ["0%", "0.0%", "0 per cent", "zero per cent", "0.0", "0.00"] {
            assert!(!holds(literal, &few), "{literal}");
            assert!(holds(literal, &share(0, 64_978)), "{literal}");
        }
        for literal in ["100%", "100.0%", "1.0", "1.00"] {
            assert!(!holds(literal, &most), "{literal}");
            assert!(holds(literal, &share(5, 5)), "{literal}");
        }
        // Precision elsewhere is unchanged: 0.4% still accepts 0.39%, 99.6% accepts 99.61%.
        assert!(holds("0.4%", &share(2, 510)));
        assert!(holds("99.6%", &share(508, 510)));
        // Zero of any figure, and 100% of a ratio, read the same way; `1.0` of a number does not.
        let small = Figure::Number("1/64".parse().unwrap());
        assert!(!holds("0.0", &small));
        assert!(holds("0.02", &small));
        assert!(!holds(
            "100%",
            &Figure::Rational(BigRational::new(998.into(), 999.into()))
        ));
        assert!(holds("1.0", &Figure::Number("63/64".parse().unwrap())));
    }

    #[test]
    fn a_share_under_or_over_a_bound_is_compared_exactly() {
        let few = share(2, 64_978); // 0.00308%
        assert!(holds("under 0.01%", &few));
        assert!(holds("Under 0.0031%", &few));
        assert!(!holds("under 0.003%", &few));
        assert!(holds("under 1/10000", &few));
        assert!(holds("under 0.0001", &few));
        assert!(!holds("over 0.01%", &few));
        // Exactly at the bound is not under it; none is not "under", all is not "over".
        assert!(!holds("under 50%", &share(1, 2)));
        assert!(!holds("over 50%", &share(1, 2)));
        assert!(!holds("under 1%", &share(0, 9)));
        assert!(!holds("over 99%", &share(9, 9)));
        assert!(holds("over 99.99%", &share(64_976, 64_978)));
        assert!(holds("over 0%", &share(1, 9)));
        assert!(holds("under 100%", &share(8, 9)));
        let refused = |literal: &str, figure: &Figure| {
            literal_holds(literal, figure, &mut Games::new())
                .expect_err(literal)
                .message
        };
        for bad in ["under 0%", "over 100%", "under 101%", "over -1%"] {
            assert!(refused(bad, &few).contains("no bound"), "{bad}");
        }
        assert!(refused("under 3", &int(2)).contains("a bound on a share"));
        assert!(refused("under x%", &few).contains("is not a share"));
        let e = refused("underneath 1%", &few);
        assert!(e.contains("is not a percentage"), "{e}");
    }

    #[test]
    fn the_advice_for_none_or_all_holds_when_followed() {
        for (literal, figure, bound, shown) in [
            ("0%", share(2, 64_978), "under 0.01%", "0.003%"),
            ("0.0", share(2, 510), "under 1%", "0.4%"),
            ("0%", share(3, 10), "under 100%", "30%"),
            ("100%", share(64_976, 64_978), "over 99.99%", "99.997%"),
            ("1.00", share(508, 510), "over 99%", "99.6%"),
        ] {
            let advice = advice(literal, &figure).expect(literal);
            assert!(
                advice.contains(&format!("`{bound}`")) && advice.contains(&format!("`{shown}`")),
                "{literal}: {advice}"
            );
            assert!(holds(bound, &figure), "{bound}");
            assert!(holds(shown, &figure), "{shown}");
        }
        assert_eq!(advice("0%", &share(0, 5)), None, "it holds");
        assert_eq!(advice("12%", &share(1, 5)), None, "not an absolute");
        assert_eq!(
            advice("0.0", &Figure::Number("1/64".parse().unwrap())),
            None
        );
        assert!(advice("under 1%", &share(0, 5))
            .unwrap()
            .contains("write `0%`"));
        assert!(advice("over 99%", &share(5, 5))
            .unwrap()
            .contains("write `100%`"));
        assert_eq!(
            reading("0%", &share(2, 510)).as_deref(),
            Some("`0%` reads as none: it holds only when no member has it, not at its written precision")
        );
        assert_eq!(
            reading("under 0.1%", &share(2, 510)).as_deref(),
            Some("`under 0.1%` accepts 0% < x < 0.1%")
        );
    }

    #[test]
    fn half_is_a_share_of_exactly_one_half() {
        assert!(holds("half", &share(5033, 10066)));
        assert!(holds("Half", &share(1, 2)));
        assert!(!holds("half", &share(5034, 10066)), "one member more");
        assert!(!holds("half", &share(0, 2)));
        // A share word, not a number: `1/2` says a number.
        let e = literal_holds(
            "half",
            &Figure::Number("1/2".parse().unwrap()),
            &mut Games::new(),
        )
        .unwrap_err();
        assert!(e.message.contains("a share word"), "{}", e.message);
        assert!(literal_holds("half", &int(1), &mut Games::new()).is_err());
        // The mismatch says how `half` reads and gives the share at a precision that shows it.
        let near = share(5034, 10066);
        assert!(reading("half", &near).unwrap().contains("exactly one half"));
        let fix = advice("half", &near).unwrap();
        assert!(fix.contains("`50.01%`"), "{fix}");
        assert!(holds("50.01%", &near));
        assert_eq!(advice("half", &share(1, 2)), None, "it holds");
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
