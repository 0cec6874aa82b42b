//! Tokens of the CGSuite-like game notation, each with its byte span.
//!
//! The one idea: the notation's atoms (`3/8`, `^^`, `v3`, `*2`, names) and operators are all
//! recognisable from one or two characters, so a single left-to-right pass with no backtracking
//! splits the text; everything contextual (is `||` a relation or a brace separator?) is left to
//! the parser.

use super::syntax::{ParseError, Rel};
use crate::Dyadic;
use std::ops::Range;

/// Largest nimber and up-multiple a literal may name: beyond these, sums with other games would
/// expand millions of options (nimbers) or recurse that deep (ups).
pub const NIMBER_LIMIT: u32 = 1 << 20;
pub const UP_LIMIT: u32 = 1000;

#[derive(Clone, Debug, PartialEq)]
pub enum Tok {
    Number(Dyadic),
    /// `^`, `^^`, `^3`, `↑`, `⇑` (and negative for `v`, `vv`, `v3`, `↓`, `⇓`).
    Ups(i64),
    Star(u32),
    Name(String),
    LBrace,
    RBrace,
    LParen,
    RParen,
    Comma,
    /// A run of `|`: one separates options; more are CGSuite slashes, or `||` "confused with".
    Bars(u32),
    Plus,
    Minus,
    /// `+-` or `±`.
    PlusMinus,
    Colon,
    Rel(Rel),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Token {
    pub tok: Tok,
    pub span: Range<usize>,
}

/// The length of a qualified name at the start of `text`, a position of another essay named
/// by that essay's slug: `first-steps/half` (lower-case letters, digits and hyphens, a slash,
/// then a name: letters, digits and `_`, starting with a letter or `_`). Written without
/// spaces; nothing else in a game expression or a query reads this way, since a slash is
/// otherwise only the bar of a fraction between digits.
pub fn qualified_name_len(text: &str) -> Option<usize> {
    let slug = text
        .find(|c: char| !(c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'))
        .unwrap_or(text.len());
    if slug == 0 || text[..slug].starts_with('-') || text.as_bytes().get(slug) != Some(&b'/') {
        return None;
    }
    let rest = &text[slug + 1..];
    if !rest.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') {
        return None;
    }
    let name = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    Some(slug + 1 + name)
}

pub fn lex(text: &str) -> Result<Vec<Token>, ParseError> {
    let mut lexer = Lexer {
        text,
        pos: 0,
        out: Vec::new(),
    };
    lexer.run()?;
    Ok(lexer.out)
}

struct Lexer<'a> {
    text: &'a str,
    pos: usize,
    out: Vec<Token>,
}

impl Lexer<'_> {
    fn peek(&self) -> Option<char> {
        self.text[self.pos..].chars().next()
    }

    fn peek_at(&self, offset: usize) -> Option<char> {
        self.text[self.pos..].chars().nth(offset)
    }

    fn push(&mut self, tok: Tok, start: usize) {
        self.out.push(Token {
            tok,
            span: start..self.pos,
        });
    }

    /// Consumes `c` and pushes `tok`.
    fn single(&mut self, c: char, tok: Tok) {
        let start = self.pos;
        self.pos += c.len_utf8();
        self.push(tok, start);
    }

    fn run(&mut self) -> Result<(), ParseError> {
        while let Some(c) = self.peek() {
            let start = self.pos;
            if let Some(len) = qualified_name_len(&self.text[start..]) {
                self.pos += len;
                self.push(Tok::Name(self.text[start..self.pos].to_string()), start);
                continue;
            }
            match c {
                c if c.is_whitespace() => self.pos += c.len_utf8(),
                '0'..='9' => self.number()?,
                '^' => self.ups('^', 1)?,
                '↑' => self.ups('↑', 1)?,
                '⇑' => self.ups('⇑', 2)?,
                '↓' => self.ups('↓', -1)?,
                '⇓' => self.ups('⇓', -2)?,
                '*' | '∗' => {
                    self.pos += c.len_utf8();
                    let n = self
                        .digits_value(start, NIMBER_LIMIT, "nimber")?
                        .unwrap_or(1);
                    self.push(Tok::Star(n), start);
                }
                c if c.is_ascii_alphabetic() || c == '_' => self.word(),
                '[' => self.in_place()?,
                '{' => self.single(c, Tok::LBrace),
                '}' => self.single(c, Tok::RBrace),
                '(' => self.single(c, Tok::LParen),
                ')' => self.single(c, Tok::RParen),
                ',' => self.single(c, Tok::Comma),
                ':' => self.single(c, Tok::Colon),
                '±' => self.single(c, Tok::PlusMinus),
                '−' => self.single(c, Tok::Minus),
                '-' => self.single(c, Tok::Minus),
                '≤' => self.single(c, Tok::Rel(Rel::Le)),
                '≥' => self.single(c, Tok::Rel(Rel::Ge)),
                '∥' => self.single(c, Tok::Rel(Rel::Confused)),
                '+' => {
                    if self.peek_at(1) == Some('-') {
                        self.pos += 2;
                        self.push(Tok::PlusMinus, start);
                    } else {
                        self.single(c, Tok::Plus);
                    }
                }
                '|' => {
                    if self.peek_at(1) == Some('>') {
                        self.pos += 2;
                        self.push(Tok::Rel(Rel::GreaterOrConfused), start);
                    } else {
                        let mut n = 0;
                        while self.peek() == Some('|') {
                            self.pos += 1;
                            n += 1;
                        }
                        self.push(Tok::Bars(n), start);
                    }
                }
                '<' => {
                    let (rel, len) = match self.peek_at(1) {
                        Some('=') => (Rel::Le, 2),
                        Some('|') => (Rel::LessOrConfused, 2),
                        _ => (Rel::Lt, 1),
                    };
                    self.pos += len;
                    self.push(Tok::Rel(rel), start);
                }
                '>' => {
                    let (rel, len) = match self.peek_at(1) {
                        Some('=') => (Rel::Ge, 2),
                        _ => (Rel::Gt, 1),
                    };
                    self.pos += len;
                    self.push(Tok::Rel(rel), start);
                }
                '=' => {
                    let len = if self.peek_at(1) == Some('=') { 2 } else { 1 };
                    self.pos += len;
                    self.push(Tok::Rel(Rel::Eq), start);
                }
                other => {
                    return Err(ParseError::new(
                        start..start + other.len_utf8(),
                        format!("unexpected character `{other}`"),
                    ))
                }
            }
        }
        Ok(())
    }

    /// A run of ASCII digits at the cursor, if any.
    fn digits(&mut self) -> &str {
        let start = self.pos;
        while matches!(self.peek(), Some('0'..='9')) {
            self.pos += 1;
        }
        &self.text[start..self.pos]
    }

    /// Optional digits right after a symbol, bounded by `limit`.
    fn digits_value(
        &mut self,
        start: usize,
        limit: u32,
        what: &str,
    ) -> Result<Option<u32>, ParseError> {
        let digits = self.digits().to_string();
        if digits.is_empty() {
            return Ok(None);
        }
        if let Some(message) = crate::dyadic::leading_zero(&digits) {
            return Err(ParseError::new(start..self.pos, message));
        }
        match digits.parse::<u32>() {
            Ok(n) if n <= limit => Ok(Some(n)),
            _ => Err(ParseError::new(
                start..self.pos,
                format!("{what} too large (the limit is {limit})"),
            )),
        }
    }

    /// `12`, `3/8`, `0.375`: a dyadic rational.
    fn number(&mut self) -> Result<(), ParseError> {
        let start = self.pos;
        self.digits();
        let next_is_digit = |l: &Self| matches!(l.peek_at(1), Some('0'..='9'));
        if matches!(self.peek(), Some('/') | Some('.')) && next_is_digit(self) {
            self.pos += 1;
            self.digits();
        }
        let literal = &self.text[start..self.pos];
        match literal.parse::<Dyadic>() {
            Ok(d) => {
                self.push(Tok::Number(d), start);
                Ok(())
            }
            Err(e) => Err(ParseError::new(start..self.pos, e.0)),
        }
    }

    /// A run of the same arrow, or one arrow and a count: `^^`, `^3`, `⇑`.
    fn ups(&mut self, arrow: char, each: i64) -> Result<(), ParseError> {
        let start = self.pos;
        let mut count = 0i64;
        while self.peek() == Some(arrow) {
            self.pos += arrow.len_utf8();
            count += 1;
        }
        if count == 1 {
            if let Some(n) = self.digits_value(start, UP_LIMIT, "up-multiple")? {
                count = n as i64;
            }
        }
        if count > UP_LIMIT as i64 {
            return Err(ParseError::new(
                start..self.pos,
                format!("up-multiple too large (the limit is {UP_LIMIT})"),
            ));
        }
        self.push(Tok::Ups(count * each), start);
        Ok(())
    }

    /// `[LR]`, `[g-a L, a-b R, b-g G]`: a position written in place, passed whole (brackets
    /// included) to the caller's resolver as a name, since positions are not this layer's.
    fn in_place(&mut self) -> Result<(), ParseError> {
        let start = self.pos;
        let close = self.text[start..]
            .find(']')
            .ok_or_else(|| ParseError::new(start..start + 1, "this `[` is never closed"))?;
        self.pos = start + close + 1;
        self.push(Tok::Name(self.text[start..self.pos].to_string()), start);
        Ok(())
    }

    /// A name, or `v`, `vv`, `v3` (down).
    fn word(&mut self) {
        let start = self.pos;
        while matches!(self.peek(), Some(c) if c.is_ascii_alphanumeric() || c == '_') {
            self.pos += 1;
        }
        let word = &self.text[start..self.pos];
        let tok = if word.bytes().all(|b| b == b'v') {
            Tok::Ups(-(word.len() as i64))
        } else if word.len() > 1
            && word.starts_with('v')
            && word[1..].bytes().all(|b| b.is_ascii_digit())
        {
            match word[1..].parse::<u32>() {
                Ok(n) if n <= UP_LIMIT => Tok::Ups(-(n as i64)),
                _ => Tok::Name(word.to_string()), // reported as an unknown name
            }
        } else {
            Tok::Name(word.to_string())
        };
        self.push(tok, start);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(s: &str) -> Vec<Tok> {
        lex(s).unwrap().into_iter().map(|t| t.tok).collect()
    }

    #[test]
    fn a_position_of_another_essay_is_one_name() {
        assert_eq!(
            toks("first-steps/half + worksheet-1/_x2 - 3/8"),
            vec![
                Tok::Name("first-steps/half".into()),
                Tok::Plus,
                Tok::Name("worksheet-1/_x2".into()),
                Tok::Minus,
                Tok::Number("3/8".parse().unwrap()),
            ]
        );
        // A difference stays one: the slash must stand between a slug and a name.
        assert_eq!(
            toks("half-1/2"),
            vec![
                Tok::Name("half".into()),
                Tok::Minus,
                Tok::Number("1/2".parse().unwrap())
            ]
        );
        assert_eq!(qualified_name_len("Half/x"), None, "slugs are lower-case");
        assert_eq!(qualified_name_len("-a/x"), None);
        assert_eq!(qualified_name_len("a / x"), None, "written without spaces");
        assert_eq!(qualified_name_len("a-b/x y"), Some(5));
    }

    #[test]
    fn atoms() {
        assert_eq!(
            toks("^^* v3 *12 cherry 3/8"),
            vec![
                Tok::Ups(2),
                Tok::Star(1),
                Tok::Ups(-3),
                Tok::Star(12),
                Tok::Name("cherry".into()),
                Tok::Number("3/8".parse().unwrap())
            ]
        );
        assert_eq!(
            toks("1+-1 ±"),
            vec![
                Tok::Number(1.into()),
                Tok::PlusMinus,
                Tok::Number(1.into()),
                Tok::PlusMinus
            ]
        );
        assert_eq!(
            toks("{0||0|-1} <| |> <= ||"),
            vec![
                Tok::LBrace,
                Tok::Number(0.into()),
                Tok::Bars(2),
                Tok::Number(0.into()),
                Tok::Bars(1),
                Tok::Minus,
                Tok::Number(1.into()),
                Tok::RBrace,
                Tok::Rel(Rel::LessOrConfused),
                Tok::Rel(Rel::GreaterOrConfused),
                Tok::Rel(Rel::Le),
                Tok::Bars(2),
            ]
        );
    }

    #[test]
    fn located_errors() {
        let e = lex("1 + 1/3").unwrap_err();
        assert_eq!(e.span, 4..7);
        let e = lex("^ + $").unwrap_err();
        assert_eq!(e.span, 4..5);
        let e = lex("*99999999999").unwrap_err();
        assert_eq!(e.span, 0..12);
        // A leading zero is a slip, not another spelling: `021` is not read as 21.
        for (text, span) in [
            ("021", 0..3),
            ("1 + *02", 4..7),
            ("^007", 0..4),
            ("3/08", 0..4),
        ] {
            let e = lex(text).unwrap_err();
            assert_eq!(e.span, span, "{text}");
            assert!(e.message.contains("leading zero"), "{text}: {}", e.message);
        }
        assert_eq!(
            toks("0 *0 0/2"),
            vec![Tok::Number(0.into()), Tok::Star(0), Tok::Number(0.into())]
        );
    }
}
