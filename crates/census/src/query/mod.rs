//! The census query language: a sentence that reads as prose and parses as a figure.
//!
//! The one idea: a query is an aggregate (`count`, `share`, `all`, `none`, `any`, `smallest`,
//! `min`/`max`/`total … over`) of a *family* (a census name, optionally narrowed by `where`)
//! and of *conditions* on one position (properties, arithmetic, comparisons, logic). Every node
//! keeps the byte span it was read from, so any error — in parsing, in typing, in evaluation —
//! points at the words that caused it.
//!
//! This folder is the query language whole: the parser and type checker (here), the table of
//! [`property`]s a query may ask, the values a row is read into ([`row`]), a query [`eval`]uated on
//! one record, how each figure is [`obtained`] (and which comparisons would check nothing), a
//! figure's [`literal`] in the prose held against it, and figures [`counted`] from value
//! distributions.

pub mod counted;
pub mod eval;
pub mod literal;
pub mod obtained;
pub mod property;
pub mod row;

use hackenbook_games::notation::MAX_NESTING;
use hackenbook_games::Dyadic;
use std::collections::BTreeMap;
use std::ops::Range;

/// A located problem with a query (or a census block, or a literal): `span` is a byte range
/// within the text that was handed in.
pub type QueryError = hackenbook_base::located::Located;

// ---------------------------------------------------------------- tokens

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Word(String),
    Number(String),
    /// Game notation between brackets, `[1*]`, handed to the games engine as written.
    Game(String),
    Sym(&'static str),
}

#[derive(Clone, Debug)]
struct Token {
    tok: Tok,
    span: Range<usize>,
}

const SYMBOLS: [(&str, &str); 16] = [
    ("!=", "!="),
    ("<=", "<="),
    (">=", ">="),
    ("≠", "!="),
    ("≤", "<="),
    ("≥", ">="),
    ("=", "="),
    ("<", "<"),
    (">", ">"),
    ("+", "+"),
    ("-", "-"),
    ("−", "-"),
    ("*", "*"),
    ("/", "/"),
    ("(", "("),
    (")", ")"),
];

fn lex(text: &str) -> Result<Vec<Token>, QueryError> {
    let mut out = Vec::new();
    let mut i = 0;
    let bytes = text.as_bytes();
    'outer: while i < text.len() {
        let rest = &text[i..];
        let c = rest.chars().next().unwrap_or(' ');
        if c.is_whitespace() {
            i += c.len_utf8();
            continue;
        }
        if c.is_ascii_alphabetic() || c == '_' {
            let len = rest
                .find(|ch: char| !(ch.is_ascii_alphanumeric() || ch == '_'))
                .unwrap_or(rest.len());
            out.push(Token {
                tok: Tok::Word(rest[..len].to_string()),
                span: i..i + len,
            });
            i += len;
            continue;
        }
        if c.is_ascii_digit() {
            let mut len = rest
                .find(|ch: char| !ch.is_ascii_digit())
                .unwrap_or(rest.len());
            if bytes.get(i + len) == Some(&b'.')
                && bytes.get(i + len + 1).is_some_and(u8::is_ascii_digit)
            {
                len += 1;
                len += rest[len..]
                    .find(|ch: char| !ch.is_ascii_digit())
                    .unwrap_or(rest.len() - len);
            }
            out.push(Token {
                tok: Tok::Number(rest[..len].to_string()),
                span: i..i + len,
            });
            i += len;
            continue;
        }
        if c == '[' {
            // The matching `]`: a game may hold positions in brackets, `[[LR] + 1]`.
            let mut depth = 0usize;
            let close = rest.char_indices().find_map(|(j, b)| {
                match b {
                    '[' => depth += 1,
                    ']' => depth -= 1,
                    _ => {}
                }
                (depth == 0).then_some(j)
            });
            let Some(close) = close else {
                return Err(QueryError::new(i..i + 1, "this `[` is never closed"));
            };
            out.push(Token {
                tok: Tok::Game(rest[1..close].trim().to_string()),
                span: i..i + close + 1,
            });
            i += close + 1;
            continue;
        }
        for (written, sym) in SYMBOLS {
            if rest.starts_with(written) {
                out.push(Token {
                    tok: Tok::Sym(sym),
                    span: i..i + written.len(),
                });
                i += written.len();
                continue 'outer;
            }
        }
        return Err(QueryError::new(
            i..i + c.len_utf8(),
            format!("unexpected character `{c}` in a query"),
        ));
    }
    Ok(out)
}

// ---------------------------------------------------------------- syntax tree

pub use property::{property, Prop, Type, PROPERTIES};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Func {
    Sign,
    Abs,
    /// `number(x)`: whether a value is a number.
    Number,
    /// `ordinal(x)`: the ordinal sum `G : x` of the game asked about, on its options as
    /// written, and `x` (games only).
    Ordinal,
}

impl Func {
    /// The words that name functions (each followed by its argument in brackets).
    pub const WORDS: [(&'static str, Func); 4] = [
        ("sign", Func::Sign),
        ("abs", Func::Abs),
        ("number", Func::Number),
        ("ordinal", Func::Ordinal),
    ];
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rel {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arith {
    Add,
    Sub,
    Mul,
    Div,
}

/// A condition or quantity about one position.
#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Range<usize>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    /// A number as written (`3`, `0.5`), read when the query is parsed; fractions are
    /// divisions.
    Number(Dyadic),
    Bool(bool),
    /// Game notation from `[…]`.
    Game(String),
    Prop(Prop),
    Measure(String),
    Call(Func, Box<Expr>),
    Neg(Box<Expr>),
    Arith(Arith, Box<Expr>, Box<Expr>),
    Compare(Rel, Box<Expr>, Box<Expr>),
    Not(Box<Expr>),
    And(Box<Expr>, Box<Expr>),
    Or(Box<Expr>, Box<Expr>),
}

/// A census, optionally narrowed: `trees6 where colon`.
#[derive(Clone, Debug, PartialEq)]
pub struct FamilyRef {
    pub name: String,
    pub name_span: Range<usize>,
    pub filter: Option<Expr>,
}

/// A figure read off the values an expression takes over a family's members.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Extreme {
    Min,
    Max,
    Total,
    /// How many distinct values (a count).
    Distinct,
    /// Whether no two members share a value (true or false, with the smallest member that
    /// shares its value when false).
    Unique,
}

impl Extreme {
    /// The word that starts the query.
    pub fn word(self) -> &'static str {
        match self {
            Extreme::Min => "min",
            Extreme::Max => "max",
            Extreme::Total => "total",
            Extreme::Distinct => "distinct",
            Extreme::Unique => "unique",
        }
    }
}

/// A whole query: what the figure is.
#[derive(Clone, Debug, PartialEq)]
pub struct Query {
    pub kind: QueryKind,
    pub span: Range<usize>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum QueryKind {
    Count(FamilyRef),
    /// The share of the family that has the condition.
    Share(FamilyRef, Expr),
    All(FamilyRef, Expr),
    None(FamilyRef, Expr),
    Any(FamilyRef, Expr),
    /// The smallest member: fewest edges, then enumeration order.
    Smallest(FamilyRef),
    Extreme(Extreme, Expr, FamilyRef),
    /// A property (or any expression) of a named position: `reading of cherry`.
    Of(Expr, String, Range<usize>),
    Number(String),
    Game(String),
    Neg(Box<Query>),
    Arith(Arith, Box<Query>, Box<Query>),
}

/// Words that cannot name a census, a position or a measure.
pub const KEYWORDS: &[&str] = &[
    "count", "share", "all", "none", "any", "smallest", "min", "max", "total", "distinct",
    "unique", "over", "where", "have", "has", "of", "and", "or", "not", "true", "false", "abs",
    "ordinal",
];

// ---------------------------------------------------------------- parser

struct Parser<'a> {
    tokens: Vec<Token>,
    pos: usize,
    text: &'a str,
    /// Levels of the tree being built: brackets, prefixes and the operators of a chain.
    depth: usize,
}

type Parse<T> = Result<T, QueryError>;

impl Parser<'_> {
    fn peek(&self) -> Option<&Tok> {
        self.tokens.get(self.pos).map(|t| &t.tok)
    }

    fn span_here(&self) -> Range<usize> {
        match self.tokens.get(self.pos) {
            Some(t) => t.span.clone(),
            None => self.text.len()..self.text.len(),
        }
    }

    fn last_end(&self) -> usize {
        self.pos
            .checked_sub(1)
            .and_then(|p| self.tokens.get(p))
            .map_or(0, |t| t.span.end)
    }

    fn start(&self) -> usize {
        self.span_here().start
    }

    fn is_word(&self, w: &str) -> bool {
        matches!(self.peek(), Some(Tok::Word(x)) if x == w)
    }

    fn is_sym(&self, s: &str) -> bool {
        matches!(self.peek(), Some(Tok::Sym(x)) if *x == s)
    }

    /// One level deeper; refused beyond [`MAX_NESTING`], since checking, evaluating and
    /// dropping the tree recurse once per level.
    fn deeper(&mut self) -> Parse<()> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return Err(QueryError::new(
                self.span_here(),
                format!(
                    "query nested too deep: more than {MAX_NESTING} brackets, signs, `not`s and \
                     operators"
                ),
            ));
        }
        Ok(())
    }

    fn eat_word(&mut self, w: &str) -> bool {
        let yes = self.is_word(w);
        if yes {
            self.pos += 1;
        }
        yes
    }

    /// `next (op next)*`, folded to the left: the one loop behind `+ -` and `* /`, for figures
    /// and for per-position expressions alike.
    fn left_assoc<T>(
        &mut self,
        (symbols, ops): ([&str; 2], [Arith; 2]),
        next: fn(&mut Self) -> Parse<T>,
        join: fn(Arith, T, T, Range<usize>) -> T,
    ) -> Parse<T> {
        let (start, depth) = (self.start(), self.depth);
        let mut left = next(self)?;
        loop {
            let Some(op) = (0..2).find(|&k| self.eat_sym(symbols[k])).map(|k| ops[k]) else {
                self.depth = depth;
                return Ok(left);
            };
            self.deeper()?;
            let right = next(self)?;
            left = join(op, left, right, start..self.last_end());
        }
    }

    fn eat_sym(&mut self, s: &str) -> bool {
        let yes = self.is_sym(s);
        if yes {
            self.pos += 1;
        }
        yes
    }

    fn found(&self) -> String {
        match self.tokens.get(self.pos) {
            Some(t) => format!("`{}`", &self.text[t.span.clone()]),
            None => "the end of the query".into(),
        }
    }

    fn expected(&self, what: &str) -> QueryError {
        QueryError::new(
            self.span_here(),
            format!("expected {what}, found {}", self.found()),
        )
    }

    fn name(&mut self, what: &str) -> Parse<(String, Range<usize>)> {
        match self.tokens.get(self.pos) {
            Some(Token {
                tok: Tok::Word(w),
                span,
            }) if !KEYWORDS.contains(&w.as_str()) => {
                let out = (w.clone(), span.clone());
                self.pos += 1;
                Ok(out)
            }
            _ => Err(self.expected(what)),
        }
    }

    /// A position of another essay, `first-steps/half` (see
    /// [`hackenbook_games::notation::qualified_name_len`]), read over the tokens it spans.
    fn qualified_name(&mut self) -> Option<(String, Range<usize>)> {
        let start = self.tokens.get(self.pos)?.span.start;
        let len = hackenbook_games::notation::qualified_name_len(&self.text[start..])?;
        let end = start + len;
        let next = self.tokens[self.pos..]
            .iter()
            .position(|t| t.span.start >= end)
            .map_or(self.tokens.len(), |k| self.pos + k);
        // The name ends where a token ends (a word cannot run on into it).
        if self.tokens[next - 1].span.end != end {
            return None;
        }
        self.pos = next;
        Some((self.text[start..end].to_string(), start..end))
    }

    // ---- queries

    fn query(&mut self) -> Parse<Query> {
        self.deeper()?;
        let query = self.left_assoc(
            (["+", "-"], [Arith::Add, Arith::Sub]),
            Self::query_term,
            |op, l, r, span| Query {
                kind: QueryKind::Arith(op, Box::new(l), Box::new(r)),
                span,
            },
        )?;
        self.depth -= 1;
        Ok(query)
    }

    fn query_term(&mut self) -> Parse<Query> {
        self.left_assoc(
            (["*", "/"], [Arith::Mul, Arith::Div]),
            Self::query_unary,
            |op, l, r, span| Query {
                kind: QueryKind::Arith(op, Box::new(l), Box::new(r)),
                span,
            },
        )
    }

    fn query_unary(&mut self) -> Parse<Query> {
        let start = self.start();
        if self.eat_sym("-") {
            self.deeper()?;
            let inner = self.query_unary()?;
            self.depth -= 1;
            return Ok(Query {
                kind: QueryKind::Neg(Box::new(inner)),
                span: start..self.last_end(),
            });
        }
        self.query_primary()
    }

    fn query_primary(&mut self) -> Parse<Query> {
        let start = self.start();
        let kind = match self.peek().cloned() {
            Some(Tok::Word(w)) => match w.as_str() {
                "count" => {
                    self.pos += 1;
                    QueryKind::Count(self.family()?)
                }
                "share" | "all" | "none" | "any" => {
                    self.pos += 1;
                    self.eat_word("of");
                    let family = self.family()?;
                    if !(self.eat_word("have") || self.eat_word("has")) {
                        return Err(self.expected(&format!(
                            "`have` and the condition that `{w}` is about"
                        )));
                    }
                    let cond = self.expr()?;
                    match w.as_str() {
                        "share" => QueryKind::Share(family, cond),
                        "all" => QueryKind::All(family, cond),
                        "none" => QueryKind::None(family, cond),
                        _ => QueryKind::Any(family, cond),
                    }
                }
                "smallest" => {
                    self.pos += 1;
                    self.eat_word("of");
                    QueryKind::Smallest(self.family()?)
                }
                "min" | "max" | "total" | "distinct" | "unique" => {
                    self.pos += 1;
                    let which = match w.as_str() {
                        "min" => Extreme::Min,
                        "max" => Extreme::Max,
                        "distinct" => Extreme::Distinct,
                        "unique" => Extreme::Unique,
                        _ => Extreme::Total,
                    };
                    let e = self.expr()?;
                    if !self.eat_word("over") {
                        return Err(self.expected(&format!("`over` and the family for `{w}`")));
                    }
                    QueryKind::Extreme(which, e, self.family()?)
                }
                _ => return self.of_query(),
            },
            Some(Tok::Sym("(")) => {
                // Either a parenthesised query, or a parenthesised expression before `of`.
                let (save, depth) = (self.pos, self.depth);
                if let Ok(q) = self.of_query() {
                    return Ok(q);
                }
                (self.pos, self.depth) = (save + 1, depth);
                let inner = self.query()?;
                if !self.eat_sym(")") {
                    return Err(self.expected("`)`"));
                }
                return Ok(Query {
                    span: start..self.last_end(),
                    ..inner
                });
            }
            Some(Tok::Number(n)) => {
                self.pos += 1;
                QueryKind::Number(n)
            }
            Some(Tok::Game(g)) => {
                self.pos += 1;
                QueryKind::Game(g)
            }
            _ => {
                return Err(self.expected(
                    "a figure: `count`, `share`, `all`, `none`, `any`, `smallest`, `min`, `max`, `total`, `distinct`, `unique`, or `PROPERTY of POSITION`",
                ))
            }
        };
        Ok(Query {
            kind,
            span: start..self.last_end(),
        })
    }

    /// `EXPR of POSITION`, where EXPR is a single property, measure, call or parenthesised
    /// expression.
    fn of_query(&mut self) -> Parse<Query> {
        let start = self.start();
        let e = self.atom()?;
        if !self.eat_word("of") {
            let what = match &e.kind {
                ExprKind::Prop(_) | ExprKind::Measure(_) => "`of` and a position's name",
                _ => {
                    "`of` and a position's name (a figure starts with `count`, `share`, `all`, ...)"
                }
            };
            return Err(QueryError::new(
                self.span_here(),
                format!("expected {what}, found {}", self.found()),
            ));
        }
        let (name, span) = match self.qualified_name() {
            Some(found) => found,
            None => self.name("the name of a position")?,
        };
        Ok(Query {
            kind: QueryKind::Of(e, name, span),
            span: start..self.last_end(),
        })
    }

    fn family(&mut self) -> Parse<FamilyRef> {
        let (mut name, mut name_span) = self.name("the name of a census")?;
        if let Some(end) = self.phrase_end() {
            // A family in words, `domineering boards of up to 6 cells`: its text is its name.
            name_span = name_span.start..self.tokens[end - 1].span.end;
            name = self.text[name_span.clone()].to_string();
            self.pos = end;
        }
        let filter = if self.eat_word("where") {
            Some(self.expr()?)
        } else {
            None
        };
        Ok(FamilyRef {
            name,
            name_span,
            filter,
        })
    }

    /// Where a family written in words ends (the token after it), when the word just read
    /// starts one: words (joined by `-` with no blank, `toads-and-frogs`) up to `up to`, then a
    /// bound (`6`, `4x5`, `4 x 5`) and at most one more word that is not a word of the
    /// language (`cells`). `None` leaves the word a census's name; nothing is consumed.
    fn phrase_end(&self) -> Option<usize> {
        let token = |i: usize| self.tokens.get(i);
        let word = |i: usize| match token(i).map(|t| &t.tok) {
            Some(Tok::Word(w)) => Some(w.as_str()),
            _ => None,
        };
        let glued = |i: usize| {
            i > 0
                && matches!(token(i).map(|t| &t.tok), Some(Tok::Sym("-")))
                && token(i - 1)
                    .zip(token(i))
                    .is_some_and(|(a, b)| a.span.end == b.span.start)
                && token(i)
                    .zip(token(i + 1))
                    .is_some_and(|(a, b)| a.span.end == b.span.start)
        };
        let mut i = self.pos;
        loop {
            match word(i) {
                Some("up") if word(i + 1) == Some("to") => break,
                Some(w) if !["where", "have", "has", "over"].contains(&w) => i += 1,
                _ if glued(i) && word(i + 1).is_some() => i += 2,
                _ => return None,
            }
        }
        i += 2;
        if !matches!(token(i).map(|t| &t.tok), Some(Tok::Number(_))) {
            return None;
        }
        i += 1;
        // `4x5` reads as `4` and `x5`; `4 x 5` as `4`, `x`, `5`.
        let columns = |w: &str| {
            w.len() > 1 && w.starts_with(['x', 'X']) && w[1..].bytes().all(|b| b.is_ascii_digit())
        };
        match word(i) {
            Some(w) if columns(w) => i += 1,
            Some("x" | "X") if matches!(token(i + 1).map(|t| &t.tok), Some(Tok::Number(_))) => {
                i += 2
            }
            _ => {}
        }
        if word(i).is_some_and(|w| !KEYWORDS.contains(&w)) {
            i += 1;
        }
        Some(i)
    }

    // ---- per-position expressions

    fn expr(&mut self) -> Parse<Expr> {
        let (start, depth) = (self.start(), self.depth);
        self.deeper()?;
        let mut left = self.conjunction()?;
        while self.eat_word("or") {
            self.deeper()?;
            let right = self.conjunction()?;
            left = Expr {
                kind: ExprKind::Or(Box::new(left), Box::new(right)),
                span: start..self.last_end(),
            };
        }
        self.depth = depth;
        Ok(left)
    }

    fn conjunction(&mut self) -> Parse<Expr> {
        let (start, depth) = (self.start(), self.depth);
        let mut left = self.negation()?;
        while self.eat_word("and") {
            self.deeper()?;
            let right = self.negation()?;
            left = Expr {
                kind: ExprKind::And(Box::new(left), Box::new(right)),
                span: start..self.last_end(),
            };
        }
        self.depth = depth;
        Ok(left)
    }

    fn negation(&mut self) -> Parse<Expr> {
        let start = self.start();
        if self.eat_word("not") {
            self.deeper()?;
            let inner = self.negation()?;
            self.depth -= 1;
            return Ok(Expr {
                kind: ExprKind::Not(Box::new(inner)),
                span: start..self.last_end(),
            });
        }
        self.comparison()
    }

    fn comparison(&mut self) -> Parse<Expr> {
        let start = self.start();
        let left = self.sum()?;
        let rel = match self.peek() {
            Some(Tok::Sym("=")) => Rel::Eq,
            Some(Tok::Sym("!=")) => Rel::Ne,
            Some(Tok::Sym("<")) => Rel::Lt,
            Some(Tok::Sym("<=")) => Rel::Le,
            Some(Tok::Sym(">")) => Rel::Gt,
            Some(Tok::Sym(">=")) => Rel::Ge,
            _ => return Ok(left),
        };
        self.pos += 1;
        let right = self.sum()?;
        if matches!(
            self.peek(),
            Some(Tok::Sym("=" | "!=" | "<" | "<=" | ">" | ">="))
        ) {
            return Err(QueryError::new(
                self.span_here(),
                "comparisons do not chain: join them with `and`",
            ));
        }
        Ok(Expr {
            kind: ExprKind::Compare(rel, Box::new(left), Box::new(right)),
            span: start..self.last_end(),
        })
    }

    fn sum(&mut self) -> Parse<Expr> {
        self.left_assoc(
            (["+", "-"], [Arith::Add, Arith::Sub]),
            Self::product,
            |op, l, r, span| Expr {
                kind: ExprKind::Arith(op, Box::new(l), Box::new(r)),
                span,
            },
        )
    }

    fn product(&mut self) -> Parse<Expr> {
        self.left_assoc(
            (["*", "/"], [Arith::Mul, Arith::Div]),
            Self::unary,
            |op, l, r, span| Expr {
                kind: ExprKind::Arith(op, Box::new(l), Box::new(r)),
                span,
            },
        )
    }

    fn unary(&mut self) -> Parse<Expr> {
        let start = self.start();
        if self.eat_sym("-") {
            self.deeper()?;
            let inner = self.unary()?;
            self.depth -= 1;
            return Ok(Expr {
                kind: ExprKind::Neg(Box::new(inner)),
                span: start..self.last_end(),
            });
        }
        self.atom()
    }

    fn atom(&mut self) -> Parse<Expr> {
        let start = self.start();
        let kind = match self.peek().cloned() {
            Some(Tok::Number(n)) => {
                let span = self.span_here();
                let x = n
                    .parse::<Dyadic>()
                    .map_err(|x| QueryError::new(span, x.0))?;
                self.pos += 1;
                ExprKind::Number(x)
            }
            Some(Tok::Game(g)) => {
                self.pos += 1;
                ExprKind::Game(g)
            }
            Some(Tok::Sym("(")) => {
                self.pos += 1;
                let inner = self.expr()?;
                if !self.eat_sym(")") {
                    return Err(self.expected("`)`"));
                }
                return Ok(Expr {
                    kind: inner.kind,
                    span: start..self.last_end(),
                });
            }
            Some(Tok::Word(w)) => {
                let func = Func::WORDS
                    .iter()
                    .find(|(word, _)| *word == w)
                    .map(|(_, f)| *f);
                let call = func.filter(|_| {
                    matches!(
                        self.tokens.get(self.pos + 1),
                        Some(Token {
                            tok: Tok::Sym("("),
                            ..
                        })
                    )
                });
                if let Some(func) = call {
                    self.pos += 2;
                    let arg = self.expr()?;
                    if !self.eat_sym(")") {
                        return Err(self.expected("`)`"));
                    }
                    ExprKind::Call(func, Box::new(arg))
                } else {
                    match w.as_str() {
                        "true" => {
                            self.pos += 1;
                            ExprKind::Bool(true)
                        }
                        "false" => {
                            self.pos += 1;
                            ExprKind::Bool(false)
                        }
                        _ if KEYWORDS.contains(&w.as_str()) => {
                            return Err(self.expected("a property, a number or `(`"))
                        }
                        _ => {
                            self.pos += 1;
                            match property(&w) {
                                Some(p) => ExprKind::Prop(p),
                                None => ExprKind::Measure(w),
                            }
                        }
                    }
                }
            }
            _ => return Err(self.expected("a property, a number or `(`")),
        };
        Ok(Expr {
            kind,
            span: start..self.last_end(),
        })
    }

    fn finish(&self) -> Parse<()> {
        if self.pos < self.tokens.len() {
            let hint = if self.is_word("where") || self.is_word("have") {
                " (one `where` and one `have` per family)"
            } else {
                ""
            };
            return Err(QueryError::new(
                self.span_here(),
                format!("unexpected {} after a complete query{hint}", self.found()),
            ));
        }
        Ok(())
    }
}

fn parser(text: &str) -> Parse<Parser<'_>> {
    Ok(Parser {
        tokens: lex(text)?,
        pos: 0,
        text,
        depth: 0,
    })
}

/// Parses a whole query.
pub fn parse_query(text: &str) -> Result<Query, QueryError> {
    let mut p = parser(text)?;
    if p.tokens.is_empty() {
        return Err(QueryError::new(0..text.len(), "the query is empty"));
    }
    let q = p.query()?;
    p.finish()?;
    Ok(q)
}

/// Parses a condition or quantity about one position (a measure, a `where`, a position
/// block's key).
pub fn parse_expr(text: &str) -> Result<Expr, QueryError> {
    let mut p = parser(text)?;
    if p.tokens.is_empty() {
        return Err(QueryError::new(0..text.len(), "the expression is empty"));
    }
    let e = p.expr()?;
    p.finish()?;
    Ok(e)
}

// ---------------------------------------------------------------- types

/// What to say about a name that is no property: the nearest of `also` (other names the place
/// takes) and the properties, as rustc would; the list of properties when none is near.
pub fn unknown_name_help(name: &str, also: &[&str]) -> String {
    let properties: Vec<&str> = PROPERTIES.iter().map(|p| p.name).collect();
    let known: Vec<&str> = also.iter().chain(&properties).copied().collect();
    match hackenbook_base::suggest::closest(name, &known) {
        Some(near) => format!("did you mean `{near}`?"),
        None if also.is_empty() => format!("the properties are {}", properties.join(", ")),
        None => format!(
            "write {} or a property ({})",
            also.iter()
                .map(|n| format!("`{n}`"))
                .collect::<Vec<_>>()
                .join(", "),
            properties.join(", ")
        ),
    }
}

/// Checks an expression's types, looking measures up in `measures` (name and type of each
/// measure defined so far); returns its type.
pub fn type_of(e: &Expr, measures: &BTreeMap<String, Type>) -> Result<Type, QueryError> {
    let want = |inner: &Expr, t: Type, why: &str| -> Result<(), QueryError> {
        let got = type_of(inner, measures)?;
        if got != t {
            return Err(QueryError::new(
                inner.span.clone(),
                format!("{why} needs {}, but this is {}", t.name(), got.name()),
            ));
        }
        Ok(())
    };
    Ok(match &e.kind {
        ExprKind::Number(_) | ExprKind::Game(_) => Type::Value,
        ExprKind::Bool(_) => Type::Bool,
        ExprKind::Prop(p) => p.get().ty,
        ExprKind::Measure(name) => measures.get(name).copied().ok_or_else(|| {
            let defined: Vec<&str> = measures.keys().map(String::as_str).collect();
            QueryError::new(
                e.span.clone(),
                format!("`{name}` is neither a property nor a measure defined so far"),
            )
            .with_help(unknown_name_help(name, &defined))
        })?,
        ExprKind::Call(f, arg) => {
            want(arg, Type::Value, "this function")?;
            match f {
                Func::Number => Type::Bool,
                Func::Sign | Func::Abs | Func::Ordinal => Type::Value,
            }
        }
        ExprKind::Neg(inner) => {
            want(inner, Type::Value, "`-`")?;
            Type::Value
        }
        ExprKind::Arith(_, a, b) => {
            want(a, Type::Value, "arithmetic")?;
            want(b, Type::Value, "arithmetic")?;
            Type::Value
        }
        ExprKind::Compare(rel, a, b) => {
            let ta = type_of(a, measures)?;
            let tb = type_of(b, measures)?;
            if ta != tb {
                return Err(QueryError::new(
                    e.span.clone(),
                    format!("cannot compare {} with {}", ta.name(), tb.name()),
                ));
            }
            if ta == Type::Bool && !matches!(rel, Rel::Eq | Rel::Ne) {
                return Err(QueryError::new(
                    e.span.clone(),
                    "conditions can only be compared with `=` or `!=`",
                ));
            }
            Type::Bool
        }
        ExprKind::Not(inner) => {
            want(inner, Type::Bool, "`not`")?;
            Type::Bool
        }
        ExprKind::And(a, b) | ExprKind::Or(a, b) => {
            want(a, Type::Bool, "`and`/`or`")?;
            want(b, Type::Bool, "`and`/`or`")?;
            Type::Bool
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_family_may_be_written_in_words() {
        for (text, name) in [
            (
                "count domineering boards up to 6 cells where value = 0",
                "domineering boards up to 6 cells",
            ),
            (
                "share of toads-and-frogs strips of length up to 4 have number",
                "toads-and-frogs strips of length up to 4",
            ),
            (
                "smallest cutcake cakes up to 4x4 where not number",
                "cutcake cakes up to 4x4",
            ),
            (
                "count domineering rectangles up to 3 x 4",
                "domineering rectangles up to 3 x 4",
            ),
            (
                "count nim heaps up to 10 - count forests3",
                "nim heaps up to 10",
            ),
            ("count forests6 - count trees6", "forests6"),
        ] {
            let q = parse_query(text).unwrap_or_else(|e| panic!("`{text}`: {e}"));
            let kind = match &q.kind {
                QueryKind::Arith(_, a, _) => &a.kind,
                k => k,
            };
            let (QueryKind::Count(f) | QueryKind::Share(f, _) | QueryKind::Smallest(f)) = kind
            else {
                panic!("{q:?}")
            };
            assert_eq!(f.name, name, "`{text}`");
            assert_eq!(&text[f.name_span.clone()], name);
        }
        // Without `up to` a word stays a census's name, and the rest is read as before.
        assert!(parse_query("count domineering boards").is_err());
    }

    #[test]
    fn parses_the_essay_shapes() {
        for q in [
            "count forests6",
            "count forests6 where reading = value",
            "count forests6 where reading = value and path",
            "share trees6 where reading = value have colon",
            "all trees6 where colon have reading = value",
            "none forests6 where trunks > 1 have value != sum",
            "smallest forests6 where blue != red and sign != majority",
            "min edges over forests6 where sign(value) != sign(blue - red)",
            "reading of cherry",
            "(blue - red) of cherry",
            "(count forests6) - (count trees6)",
            "count forests6 where value = [1*]",
            "count forests6 where value ≥ −1/2",
            "distinct value over forests6 where trunks > 1",
            "unique (blue - red) over stalks6",
        ] {
            parse_query(q).unwrap_or_else(|e| panic!("{q}: {e}"));
        }
    }

    #[test]
    fn a_position_of_another_essay_is_named_by_its_slug() {
        let of = |q: &str| match parse_query(q).map(|q| q.kind) {
            Ok(QueryKind::Of(_, name, span)) => (name, span),
            other => panic!("{q}: {other:?}"),
        };
        assert_eq!(
            of("value of first-steps/half"),
            ("first-steps/half".into(), 9..25)
        );
        assert_eq!(
            of("value of worksheet-1/lrr"),
            ("worksheet-1/lrr".into(), 9..24)
        );
        // Spaced, it is a difference and a quotient, which a name does not end.
        assert!(parse_query("value of first - steps / half").is_err());
        // A name after the query ends it: `(value of a/b) - 1` is arithmetic on the figure.
        assert!(matches!(
            parse_query("value of a/b - 1").map(|q| q.kind),
            Ok(QueryKind::Arith(Arith::Sub, ..))
        ));
    }

    #[test]
    fn errors_point_at_the_words() {
        let e = parse_query("count forests6 where").unwrap_err();
        assert_eq!(e.span, 20..20);
        let e = parse_query("count forests6 wher reading = value").unwrap_err();
        assert_eq!(e.span, 15..19);
        let e = parse_query("all trees6 where colon").unwrap_err();
        assert!(e.message.contains("have"), "{}", e.message);
        let e = parse_query("count forests6 where 1 < edges < 3").unwrap_err();
        assert_eq!(e.span, 31..32);
        let e = parse_query("count forests6 where value ? 1").unwrap_err();
        assert_eq!(e.span, 27..28);
        let e = parse_query("").unwrap_err();
        assert_eq!(e.span, 0..0);
    }

    #[test]
    fn types_are_checked_before_anything_runs() {
        let none = BTreeMap::new();
        let e = parse_expr("value and colon").unwrap();
        let err = type_of(&e, &none).unwrap_err();
        assert_eq!(err.span, 0..5);
        let e = parse_expr("colon = 2").unwrap();
        assert!(type_of(&e, &none).is_err());
        let e = parse_expr("wobbly").unwrap();
        assert_eq!(type_of(&e, &none).unwrap_err().span, 0..6);
        let e = parse_expr("blue != red and sign != majority").unwrap();
        assert_eq!(type_of(&e, &none).unwrap(), Type::Bool);
        // A misspelt measure is answered with the measure, as a misspelt property is.
        let measures = BTreeMap::from([("proper".to_string(), Type::Bool)]);
        let e = parse_expr("propper").unwrap();
        let err = type_of(&e, &measures).unwrap_err();
        assert_eq!(err.help.as_deref(), Some("did you mean `proper`?"));
    }
}
