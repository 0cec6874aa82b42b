//! Recursive-descent parser from tokens to located expression trees.
//!
//! The one idea: operator precedence is a short ladder — sums and differences bind loosest,
//! then ordinal sums `:`, then the prefixes `-`, `+`, `+-`, then atoms — and inside braces the
//! longest run of bars splits the braces first, which is how CGSuite reads `{a || b | c}`.

use super::lexer::{lex, Tok, Token};
use super::syntax::{rel_text, Expr, ExprKind, Function, ParseError, Rel, Statement};
use crate::Nus;
use std::ops::Range;

/// Deeper nesting than this is refused rather than risking the stack: brackets, prefixes and
/// the operators of a chain (`1 + 1 + 1` is a tree two sums deep) all count, since evaluating,
/// printing and dropping the tree recurse once per level.
pub const MAX_NESTING: usize = 200;

pub fn parse_expr(text: &str) -> Result<Expr, ParseError> {
    let mut p = Parser::new(text)?;
    let expr = p.expr()?;
    p.expect_end()?;
    Ok(expr)
}

pub fn parse_statement(text: &str) -> Result<Statement, ParseError> {
    let mut p = Parser::new(text)?;
    let mut terms = vec![p.expr()?];
    let mut relations = Vec::new();
    while let Some((rel, span)) = p.relation() {
        relations.push((rel, span));
        terms.push(p.expr()?);
    }
    p.expect_end()?;
    if relations.is_empty() {
        let end = text.trim_end().len();
        return Err(ParseError::new(
            end..end,
            "expected a relation (`=`, `<`, `>`, `<=`, `>=`, `||`, `<|` or `|>`) and a second game"
                .to_string(),
        ));
    }
    Ok(Statement { terms, relations })
}

struct Parser {
    tokens: Vec<Token>,
    pos: usize,
    depth: usize,
    /// Byte offset of the end of the text (for "expected ..." at the end).
    end: usize,
}

impl Parser {
    fn new(text: &str) -> Result<Parser, ParseError> {
        Ok(Parser {
            tokens: lex(text)?,
            pos: 0,
            depth: 0,
            end: text.trim_end().len(),
        })
    }

    fn peek(&self) -> Option<&Tok> {
        self.tokens.get(self.pos).map(|t| &t.tok)
    }

    fn peek_at(&self, offset: usize) -> Option<&Tok> {
        self.tokens.get(self.pos + offset).map(|t| &t.tok)
    }

    /// Span of the next token, or an empty span at the end of the text.
    fn here(&self) -> Range<usize> {
        self.tokens
            .get(self.pos)
            .map(|t| t.span.clone())
            .unwrap_or(self.end..self.end)
    }

    fn bump(&mut self) -> Token {
        let t = self.tokens[self.pos].clone();
        self.pos += 1;
        t
    }

    fn last_end(&self) -> usize {
        self.tokens[self.pos - 1].span.end
    }

    fn expect_end(&self) -> Result<(), ParseError> {
        match self.tokens.get(self.pos) {
            None => Ok(()),
            Some(t) => Err(ParseError::new(
                t.span.clone(),
                format!(
                    "expected the end of the expression, found {}",
                    describe(&t.tok)
                ),
            )),
        }
    }

    fn relation(&mut self) -> Option<(Rel, Range<usize>)> {
        let rel = match self.peek()? {
            Tok::Rel(r) => *r,
            Tok::Bars(2) => Rel::Confused,
            _ => return None,
        };
        let span = self.bump().span;
        Some((rel, span))
    }

    fn enter(&mut self) -> Result<(), ParseError> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return Err(ParseError::new(
                self.here(),
                format!(
                    "expression nested too deep: more than {MAX_NESTING} brackets, signs and \
                     operators"
                ),
            ));
        }
        Ok(())
    }

    /// expr := term (('+' | '-' | '+-') term)*
    fn expr(&mut self) -> Result<Expr, ParseError> {
        self.enter()?;
        let depth = self.depth;
        let mut left = self.term()?;
        loop {
            let make: fn(Box<Expr>, Box<Expr>) -> ExprKind = match self.peek() {
                Some(Tok::Plus) => ExprKind::Sum,
                Some(Tok::Minus) => ExprKind::Difference,
                Some(Tok::PlusMinus) => ExprKind::SumPlusMinus,
                _ => break,
            };
            // Each operator of the chain is one more level of the tree.
            self.enter()?;
            self.bump();
            let right = self.term()?;
            let span = left.span.start..right.span.end;
            left = Expr {
                kind: make(Box::new(left), Box::new(right)),
                span,
            };
        }
        self.depth = depth - 1;
        Ok(left)
    }

    /// term := unary (':' unary)*   (left-associative)
    fn term(&mut self) -> Result<Expr, ParseError> {
        let depth = self.depth;
        let mut left = self.unary()?;
        while self.peek() == Some(&Tok::Colon) {
            self.enter()?;
            self.bump();
            let right = self.unary()?;
            let span = left.span.start..right.span.end;
            left = Expr {
                kind: ExprKind::Ordinal(Box::new(left), Box::new(right)),
                span,
            };
        }
        self.depth = depth;
        Ok(left)
    }

    /// unary := ('-' | '+' | '+-') unary | '-' nus-literal | atom
    fn unary(&mut self) -> Result<Expr, ParseError> {
        // A prefix `+` changes nothing: skipped without a level of recursion.
        while self.peek() == Some(&Tok::Plus) {
            self.bump();
        }
        let start = self.here().start;
        let make: fn(Box<Expr>) -> ExprKind = match self.peek() {
            // `-2^` is the literal -2 + ^ (as CGSuite prints it), not -(2^).
            Some(Tok::Minus) if matches!(self.peek_at(1), Some(Tok::Number(_))) => {
                self.bump();
                let mut literal = self.nus_literal()?;
                if let ExprKind::Value(v) = &mut literal.kind {
                    v.number = -&v.number;
                }
                literal.span.start = start;
                return Ok(literal);
            }
            Some(Tok::Minus) => ExprKind::Neg,
            Some(Tok::PlusMinus) => ExprKind::PlusMinus,
            _ => return self.atom(),
        };
        self.bump();
        self.enter()?;
        let inner = self.unary()?;
        self.depth -= 1;
        let span = start..inner.span.end;
        Ok(Expr {
            kind: make(Box::new(inner)),
            span,
        })
    }

    /// atom := nus-literal | name | '(' expr ')' | '{' braces '}'
    fn atom(&mut self) -> Result<Expr, ParseError> {
        let here = self.here();
        match self.peek() {
            Some(Tok::Number(_)) | Some(Tok::Ups(_)) | Some(Tok::Star(_)) => self.nus_literal(),
            Some(Tok::Name(_)) => {
                let t = self.bump();
                let Tok::Name(name) = t.tok else {
                    unreachable!()
                };
                if self.peek() == Some(&Tok::LParen) {
                    return self.call(name, t.span);
                }
                Ok(Expr {
                    kind: ExprKind::Name(name),
                    span: t.span,
                })
            }
            Some(Tok::LParen) => {
                self.bump();
                let inner = self.expr()?;
                self.close(Tok::RParen, "`)`", here.clone())?;
                Ok(Expr {
                    kind: ExprKind::Paren(Box::new(inner)),
                    span: here.start..self.last_end(),
                })
            }
            Some(Tok::LBrace) => self.braces(),
            Some(other) => Err(ParseError::new(
                here,
                format!("expected a game, found {}", describe(other)),
            )),
            None => Err(ParseError::new(here, "expected a game".to_string())),
        }
    }

    /// call := name '(' expr (',' expr)* ')', for the names of [`Function`].
    fn call(&mut self, name: String, at: Range<usize>) -> Result<Expr, ParseError> {
        let Some(function) = Function::named(&name) else {
            let known: Vec<&str> = Function::ALL.iter().map(|&(_, n)| n).collect();
            return Err(ParseError::new(
                at,
                format!(
                    "`{name}` is not a function; the functions are {}",
                    known.join(", ")
                ),
            ));
        };
        let open = self.here();
        self.bump();
        let mut args = vec![self.expr()?];
        while self.peek() == Some(&Tok::Comma) {
            self.bump();
            args.push(self.expr()?);
        }
        self.close(Tok::RParen, "`)`", open)?;
        let span = at.start..self.last_end();
        if args.len() != function.arity() {
            return Err(ParseError::new(
                span,
                format!(
                    "`{name}` takes {} argument{}, not {}",
                    function.arity(),
                    if function.arity() == 1 { "" } else { "s" },
                    args.len()
                ),
            ));
        }
        Ok(Expr {
            kind: ExprKind::Call(function, args),
            span,
        })
    }

    fn close(&mut self, tok: Tok, name: &str, open: Range<usize>) -> Result<(), ParseError> {
        if self.peek() == Some(&tok) {
            self.bump();
            return Ok(());
        }
        let message = match self.peek() {
            Some(other) => format!("expected {name}, found {}", describe(other)),
            None => format!("expected {name} to close the one opened here"),
        };
        let span = if self.peek().is_some() {
            self.here()
        } else {
            open
        };
        Err(ParseError::new(span, message))
    }

    /// `3/8`, `^^*`, `1v*3`: a number, then ups or downs, then a star, each optional.
    fn nus_literal(&mut self) -> Result<Expr, ParseError> {
        let start = self.here().start;
        let mut value = Nus::zero();
        if let Some(Tok::Number(d)) = self.peek() {
            value.number = d.clone();
            self.bump();
        }
        if let Some(Tok::Ups(n)) = self.peek() {
            value.ups = *n;
            self.bump();
        }
        if let Some(Tok::Star(n)) = self.peek() {
            value.nim = *n;
            self.bump();
        }
        if let Some(Tok::Number(_)) | Some(Tok::Ups(_)) | Some(Tok::Star(_)) = self.peek() {
            return Err(ParseError::new(
                self.here(),
                "write a number, then ups or downs, then a star (as in `1^*`), or join games with `+`"
                    .to_string(),
            ));
        }
        Ok(Expr {
            kind: ExprKind::Value(value),
            span: start..self.last_end(),
        })
    }

    /// `{ L | R }` with CGSuite slashes: the longest run of bars splits first.
    fn braces(&mut self) -> Result<Expr, ParseError> {
        let open = self.bump().span;
        let mut groups: Vec<Option<Vec<Expr>>> = Vec::new();
        let mut separators: Vec<(u32, Range<usize>)> = Vec::new();
        let close = loop {
            let mut group = Vec::new();
            if !matches!(self.peek(), Some(Tok::Bars(_)) | Some(Tok::RBrace) | None) {
                group.push(self.expr()?);
                while self.peek() == Some(&Tok::Comma) {
                    self.bump();
                    group.push(self.expr()?);
                }
            }
            groups.push(Some(group));
            match self.peek() {
                Some(Tok::Bars(n)) => {
                    let n = *n;
                    separators.push((n, self.bump().span));
                }
                Some(Tok::RBrace) => break self.bump().span,
                Some(other) => {
                    return Err(ParseError::new(
                        self.here(),
                        format!("expected `,`, `|` or `}}`, found {}", describe(other)),
                    ))
                }
                None => {
                    return Err(ParseError::new(
                        open,
                        "this `{` is never closed by a `}`".to_string(),
                    ))
                }
            }
        };
        let span = open.start..close.end;
        if separators.len() > MAX_NESTING {
            return Err(ParseError::new(
                separators[MAX_NESTING].1.clone(),
                format!("braces with more than {MAX_NESTING} separators `|`"),
            ));
        }
        if separators.is_empty() {
            return Err(ParseError::new(
                span,
                "a game in braces needs a `|` between Left's and Right's options".to_string(),
            ));
        }
        let (left, right, bars) = split_slashes(&mut groups, &separators, 0, separators.len())?;
        Ok(Expr {
            kind: ExprKind::Braces {
                left,
                right,
                bars,
                explicit: true,
            },
            span,
        })
    }
}

/// Splits `groups[from..=to]` (joined by `separators[from..to]`) at its unique longest run of
/// bars, returning the left options, right options and that run's length.
fn split_slashes(
    groups: &mut [Option<Vec<Expr>>],
    separators: &[(u32, Range<usize>)],
    from: usize,
    to: usize,
) -> Result<(Vec<Expr>, Vec<Expr>, u32), ParseError> {
    let longest = separators[from..to]
        .iter()
        .map(|s| s.0)
        .max()
        .expect("non-empty");
    let at: Vec<usize> = (from..to).filter(|&i| separators[i].0 == longest).collect();
    if at.len() > 1 {
        return Err(ParseError::new(
            separators[at[1]].1.clone(),
            format!(
                "ambiguous braces: two separators `{}` at the same level",
                "|".repeat(longest as usize)
            ),
        ));
    }
    let k = at[0];
    let left = side(groups, separators, from, k)?;
    let right = side(groups, separators, k + 1, to)?;
    Ok((left, right, longest))
}

/// One side of a split: a plain comma list, or (if it still has separators) one implicit game.
fn side(
    groups: &mut [Option<Vec<Expr>>],
    separators: &[(u32, Range<usize>)],
    from: usize,
    to: usize,
) -> Result<Vec<Expr>, ParseError> {
    if from == to {
        return Ok(groups[from].take().unwrap_or_default());
    }
    let (left, right, bars) = split_slashes(groups, separators, from, to)?;
    let start = left
        .first()
        .map(|e| e.span.start)
        .unwrap_or(separators[from].1.start);
    let end = right
        .last()
        .map(|e| e.span.end)
        .unwrap_or(separators[to - 1].1.end);
    Ok(vec![Expr {
        kind: ExprKind::Braces {
            left,
            right,
            bars,
            explicit: false,
        },
        span: start..end,
    }])
}

fn describe(tok: &Tok) -> String {
    match tok {
        Tok::Number(d) => format!("the number `{d}`"),
        Tok::Ups(_) | Tok::Star(_) => "an up, down or star".to_string(),
        Tok::Name(n) => format!("the name `{n}`"),
        Tok::LBrace => "`{`".to_string(),
        Tok::RBrace => "`}`".to_string(),
        Tok::LParen => "`(`".to_string(),
        Tok::RParen => "`)`".to_string(),
        Tok::Comma => "`,`".to_string(),
        Tok::Bars(n) => format!("`{}`", "|".repeat(*n as usize)),
        Tok::Plus => "`+`".to_string(),
        Tok::Minus => "`-`".to_string(),
        Tok::PlusMinus => "`+-`".to_string(),
        Tok::Colon => "`:`".to_string(),
        Tok::Rel(r) => format!("`{}`", rel_text(*r)),
    }
}
