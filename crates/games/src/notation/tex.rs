//! Reading the TeX an author writes in prose maths as game notation.
//!
//! The one idea: a formula such as `\{0, \tfrac12 \mid 2\} = 1` is a game relation in another
//! spelling, so translate it token by token into the notation the game parser already reads
//! (`{ 0 , (1/2) | 2 } = 1`) and let that parser and the engine do the rest — reading what the
//! page prints, no more and no less. Tokens the page sets apart stay apart: every token of the
//! notation is written with a space after it, except where the page prints two side by side and
//! the notation means what a reader sees (`12`, `3/8`, `\ast 2` as ∗2, `\uparrow\uparrow`, `<=`);
//! so `+-` is plus then minus (`\pm` is ±) and `1½` is not 11/2. Spacing (`\quad`, `~`, `\,`)
//! and a space between digits are never read through: two statements side by side, or a number
//! split by spacing, is an error at the spacing. Anything without an exact game meaning — a
//! letter, a superscript, `\cdot`, `\text{…}`, `\phantom`, `\hspace`, a `%` comment, a delimiter
//! such as `\right>` — makes the formula "not a game formula", never a guess. The translation is
//! a single pass without recursion: TeX groups `{…}` are transparent, and the only commands with
//! arguments (`\frac` and its kin, `\operatorname`, the class commands such as `\mathrel`) take
//! an integer, a function's name, or a group read like the rest.

use super::{parse_statement, Statement};
use std::fmt;
use std::ops::Range;

/// Why a formula is not game notation: the byte offset in the TeX and what was found there;
/// `reads_as` is the notation it was translated to, when the translation got that far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TexError {
    pub offset: usize,
    pub message: String,
    pub reads_as: Option<String>,
    /// Whether the formula states relations between games all the same, only not as one
    /// statement: two side by side, or a number split by spacing. Such a formula is a claim to
    /// check (and refuse) wherever relations are checked, hints included.
    pub states_relations: bool,
}

impl fmt::Display for TexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (at byte {})", self.message, self.offset)
    }
}

/// A formula read as one game statement: the notation it translates to, and the statement.
#[derive(Clone, Debug, PartialEq)]
pub struct Reading {
    pub notation: String,
    pub statement: Statement,
}

/// What kind of notation a token is, for deciding whether two tokens printed side by side are
/// one token of the notation ([`joins`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Digit,
    Slash,
    Star,
    Up,
    Down,
    Bar,
    Less,
    Greater,
    Equal,
    Other,
}

/// Whether two tokens printed side by side, nothing between them, make one token of the
/// notation that means what the page shows: the digits of a number and its fraction bar, a star
/// or an arrow and its count (`\ast2` is ∗2), a run of arrows, the two-character relations and
/// runs of bars. Nothing else joins: `+` then `-` is not `±`, a digit then `½` is not a number.
fn joins(before: Kind, after: Kind) -> bool {
    use Kind::*;
    matches!(
        (before, after),
        (Digit, Digit)
            | (Digit, Slash)
            | (Slash, Digit)
            | (Star, Digit)
            | (Up, Digit)
            | (Down, Digit)
            | (Up, Up)
            | (Down, Down)
            | (Less, Equal)
            | (Greater, Equal)
            | (Equal, Equal)
            | (Less, Bar)
            | (Bar, Greater)
            | (Bar, Bar)
    )
}

/// Commands that print space: they separate tokens, and may set statements side by side.
const SPACING: &[&str] = &[
    ",",
    ";",
    ":",
    "!",
    " ",
    "quad",
    "qquad",
    "enspace",
    "thinspace",
    "medspace",
    "thickspace",
];

/// Commands that size the delimiter after them; the delimiter must have a game meaning.
const SIZED: &[&str] = &[
    "left", "right", "middle", "big", "Big", "bigg", "Bigg", "bigl", "bigr", "Bigl", "Bigr",
    "biggl", "biggr", "bigm", "Bigm",
];

/// The delimiters a sized command may take (`.` is the invisible one of `\left.`, `\right.`).
const DELIMITERS: &[&str] = &[
    ".", "(", ")", "|", "\\{", "\\}", "\\lbrace", "\\rbrace", "\\vert", "\\lvert", "\\rvert",
    "\\|", "\\Vert",
];

/// Commands that only set the style: dropped.
const STYLES: &[&str] = &["displaystyle", "textstyle"];

/// Commands that give the group after them a TeX class (its spacing): the group is read like the
/// rest of the formula, apart from its neighbours.
const CLASSES: &[&str] = &[
    "mathord",
    "mathrel",
    "mathbin",
    "mathpunct",
    "mathopen",
    "mathclose",
    "mathinner",
];

/// Commands with a game meaning, their notation and kind.
const SYMBOLS: &[(&str, &str, Kind)] = &[
    ("{", "{", Kind::Other),
    ("}", "}", Kind::Other),
    ("lbrace", "{", Kind::Other),
    ("rbrace", "}", Kind::Other),
    ("mid", "|", Kind::Bar),
    ("vert", "|", Kind::Bar),
    ("lvert", "|", Kind::Bar),
    ("rvert", "|", Kind::Bar),
    ("|", "||", Kind::Bar),
    ("Vert", "||", Kind::Bar),
    ("parallel", "||", Kind::Bar),
    ("uparrow", "^", Kind::Up),
    ("downarrow", "v", Kind::Down),
    ("Uparrow", "^^", Kind::Up),
    ("Downarrow", "vv", Kind::Down),
    ("ast", "*", Kind::Star),
    ("star", "*", Kind::Star),
    ("pm", "+-", Kind::Other),
    ("colon", ":", Kind::Other),
    ("lt", "<", Kind::Less),
    ("gt", ">", Kind::Greater),
    ("le", "<=", Kind::Other),
    ("leq", "<=", Kind::Other),
    ("leqslant", "<=", Kind::Other),
    ("ge", ">=", Kind::Other),
    ("geq", ">=", Kind::Other),
    ("geqslant", ">=", Kind::Other),
    ("lhd", "<|", Kind::Other),
    ("triangleleft", "<|", Kind::Other),
    ("vartriangleleft", "<|", Kind::Other),
    ("rhd", "|>", Kind::Other),
    ("triangleright", "|>", Kind::Other),
    ("vartriangleright", "|>", Kind::Other),
    ("minus", "-", Kind::Other),
];

/// Characters that mean themselves in game notation, and their kind.
fn plain(c: char) -> Option<Kind> {
    Some(match c {
        '0'..='9' => Kind::Digit,
        '/' => Kind::Slash,
        '*' => Kind::Star,
        '|' => Kind::Bar,
        '<' => Kind::Less,
        '>' => Kind::Greater,
        '=' => Kind::Equal,
        '+' | '-' | ':' | ',' | '(' | ')' => Kind::Other,
        _ => return None,
    })
}

/// Unicode characters an author may type directly, their notation and kind.
const UNICODE: &[(char, &str, Kind)] = &[
    ('\u{2212}', "-", Kind::Other),
    ('↑', "^", Kind::Up),
    ('↓', "v", Kind::Down),
    ('⇑', "^^", Kind::Up),
    ('⇓', "vv", Kind::Down),
    ('∗', "*", Kind::Star),
    ('±', "+-", Kind::Other),
    ('≤', "<=", Kind::Other),
    ('≥', ">=", Kind::Other),
    ('‖', "||", Kind::Bar),
    ('∥', "||", Kind::Bar),
    ('⊲', "<|", Kind::Other),
    ('⊳', "|>", Kind::Other),
    ('½', "1/2", Kind::Other),
    ('¼', "1/4", Kind::Other),
    ('¾', "3/4", Kind::Other),
];

/// Translates a TeX formula into game notation, or says why it is not one.
pub fn to_notation(tex: &str) -> Result<String, TexError> {
    translate(tex).map(|t| t.text)
}

/// Reads a TeX formula as one game statement, or says where and why it is not one: the
/// notation must parse, and no spacing or comma may set two statements side by side.
pub fn read(tex: &str) -> Result<Reading, TexError> {
    let t = translate(tex)?;
    match parse_statement(&t.text) {
        Ok(statement) => match t.inner_statements(&statement) {
            Some(e) => Err(e),
            None => Ok(Reading {
                notation: super::statement_text(&statement),
                statement,
            }),
        },
        Err(e) => Err(t.side_by_side(e.span.start).unwrap_or_else(|| {
            let (offset, message, states_relations) = match t.split_number {
                Some((at, why)) => (at, why.to_string(), t.has_relation()),
                None => (t.tex_offset(e.span.start), e.message, false),
            };
            TexError {
                offset,
                message,
                reads_as: Some(t.text.clone()),
                states_relations,
            }
        })),
    }
}

/// The notation a formula translates to, with where each part of it came from.
struct Translation<'a> {
    tex: &'a str,
    /// The end of the formula proper: a trailing `.` or `,` belongs to the sentence.
    end: usize,
    text: String,
    /// For each byte of `text`, the TeX offset it was read from.
    origin: Vec<usize>,
    /// Visible spacing between two tokens: the offset in `text` of the space written for it,
    /// and the TeX span of the spacing.
    spacing: Vec<(usize, Range<usize>)>,
    /// The first space or spacing between two digits (`1 0`, `1\,000`): its TeX offset, and
    /// what is wrong with it.
    split_number: Option<(usize, &'static str)>,
}

/// TeX prints `1 0` as 10: read as two numbers it would not be what the page shows, read as
/// one not what the author wrote.
const SPACE_IN_A_NUMBER: &str = "a space between digits: TeX prints `1 0` as the one number \
     10, though it is written as two; write a number's digits together, and two numbers with an \
     operation or a relation between them";

const SPACING_IN_A_NUMBER: &str = "spacing between digits: the page prints the digits set \
     apart, and a checked formula reads no thousands separator; write a number's digits \
     together (`1000`), and two numbers with an operation or a relation between them";

/// How many statements side by side a formula is searched for, to say so (beyond, the error is
/// the parser's own).
const SIDE_BY_SIDE_LIMIT: usize = 16;

/// Writes tokens of the notation, remembering what stood between them in the TeX.
struct Writer<'a> {
    out: Translation<'a>,
    last: Option<Kind>,
    /// Since the last token: the first plain space (TeX prints none), the first spacing the page
    /// shows, and whether a command that keeps tokens apart (`\mathbin{…}`, `\left`) came.
    space: Option<Range<usize>>,
    spacing: Option<Range<usize>>,
    apart: bool,
}

impl Writer<'_> {
    fn token(&mut self, text: &str, kind: Kind, at: Range<usize>) {
        if self.last == Some(Kind::Digit) && kind == Kind::Digit {
            // Spacing may also stand between two statements (`0 < 1 \quad 0 > 1`): which it
            // is, the parse says. A plain space is never printed, so never between statements.
            let split = match (&self.spacing, &self.space) {
                (Some(spacing), _) => Some((spacing.start, SPACING_IN_A_NUMBER)),
                (None, Some(space)) => Some((space.start, SPACE_IN_A_NUMBER)),
                (None, None) => None,
            };
            if let Some(split) = split {
                self.out.split_number.get_or_insert(split);
            }
        }
        let joined = self.space.is_none()
            && self.spacing.is_none()
            && !self.apart
            && self.last.is_some_and(|before| joins(before, kind));
        if self.last.is_some() && !joined {
            if let Some(span) = self.spacing.take() {
                self.out.spacing.push((self.out.text.len(), span));
            }
            self.out.text.push(' ');
            self.out.origin.push(at.start);
        }
        self.out.text.push_str(text);
        self.out
            .origin
            .extend(std::iter::repeat_n(at.start, text.len()));
        self.last = Some(kind);
        self.space = None;
        self.spacing = None;
        self.apart = false;
    }
}

fn error(offset: usize, message: impl Into<String>) -> TexError {
    TexError {
        offset,
        message: message.into(),
        reads_as: None,
        states_relations: false,
    }
}

/// The translation, token by token, or the first thing that has no exact game meaning.
fn translate(tex: &str) -> Result<Translation<'_>, TexError> {
    let end = tex.trim_end().trim_end_matches(['.', ',']).trim_end().len();
    let mut w = Writer {
        out: Translation {
            tex,
            end,
            text: String::with_capacity(tex.len()),
            origin: Vec::with_capacity(tex.len()),
            spacing: Vec::new(),
            split_number: None,
        },
        last: None,
        space: None,
        spacing: None,
        apart: false,
    };
    // The open TeX groups: `true` for the group of a class command (`\mathrel{…}`).
    let mut groups: Vec<bool> = Vec::new();
    let mut i = 0;
    while i < end {
        let c = tex[i..].chars().next().unwrap_or(' ');
        let here = i..i + c.len_utf8();
        i = here.end;
        if c.is_ascii_whitespace() {
            w.space.get_or_insert(here);
        } else if c.is_whitespace() || c == '~' {
            w.spacing.get_or_insert(here);
        } else if c == '{' {
            groups.push(false);
        } else if c == '}' {
            match groups.pop() {
                None => return Err(error(here.start, "a `}` closes no group")),
                Some(class) => w.apart |= class,
            }
        } else if c == '\\' {
            i = command(&mut w, &mut groups, here.start, end)?;
        } else if c == ',' && alone_in_group(tex, here.start) {
            return Err(error(
                here.start,
                "a comma alone in a group, `{,}`, is printed tight between digits, as a thousands \
                 separator or a decimal comma; options are separated by a plain `,`",
            ));
        } else if let Some(kind) = plain(c) {
            w.token(&tex[here.clone()], kind, here);
        } else if let Some((_, n, kind)) = UNICODE.iter().find(|(u, ..)| *u == c) {
            w.token(n, *kind, here);
        } else if c == '%' {
            return Err(error(
                here.start,
                "`%` starts a TeX comment: the rest of the line is not printed, so it is not read",
            ));
        } else {
            return Err(error(
                here.start,
                format!("`{c}` has no meaning in game notation (only numbers, `\\{{ \\mid \\}}`, `\\uparrow`, `\\ast`, `+`, `-`, `:` and relations do)"),
            ));
        }
    }
    if !groups.is_empty() {
        return Err(error(end, "a `{` is never closed"));
    }
    Ok(w.out)
}

/// Whether the comma at `at` is all of a TeX group, `{,}`.
fn alone_in_group(tex: &str, at: usize) -> bool {
    let before = tex[..at].trim_end();
    before.ends_with('{') && !before.ends_with("\\{") && tex[at + 1..].trim_start().starts_with('}')
}

/// Reads the command whose backslash is at `at`, writes what it means, and returns where
/// reading goes on.
fn command(
    w: &mut Writer,
    groups: &mut Vec<bool>,
    at: usize,
    end: usize,
) -> Result<usize, TexError> {
    let tex = w.out.tex;
    let start = at + 1;
    let mut j = start;
    while j < end && tex.as_bytes()[j].is_ascii_alphabetic() {
        j += 1;
    }
    let word = j > start;
    if !word && j < end {
        j += tex[j..].chars().next().map_or(1, char::len_utf8);
    }
    let name = &tex[start..j];
    let span = at..j;
    // TeX ends a command word at the first other character and skips the spaces after it:
    // `\ast 2` is printed ∗2, as `\ast2` is.
    if word {
        while j < end && tex.as_bytes()[j].is_ascii_whitespace() {
            j += 1;
        }
    }
    if SPACING.contains(&name) {
        w.spacing.get_or_insert(span);
        return Ok(j);
    }
    if STYLES.contains(&name) {
        w.apart = true;
        return Ok(j);
    }
    if SIZED.contains(&name) {
        let rest = &tex[j..end];
        let delimiter = DELIMITERS.iter().find(|d| {
            rest.starts_with(**d)
                && !(d.len() > 2 && rest[d.len()..].starts_with(|c: char| c.is_ascii_alphabetic()))
        });
        w.apart = true;
        return match delimiter {
            Some(&".") if matches!(name, "left" | "right" | "middle") => Ok(j + 1),
            Some(d) if *d != "." => Ok(j),
            _ => Err(error(
                if j < end { j } else { at },
                format!(
                    "`\\{name}` takes a delimiter with a game meaning here: `(`, `)`, `\\{{`, \
                     `\\}}` or a bar{}",
                    if matches!(name, "left" | "right" | "middle") {
                        " (or `.`, none)"
                    } else {
                        ""
                    }
                ),
            )),
        };
    }
    if CLASSES.contains(&name) {
        if !tex[j..end].starts_with('{') {
            return Err(error(
                at,
                format!("`\\{name}` takes its argument in braces here: `\\{name}{{…}}`"),
            ));
        }
        groups.push(true);
        w.apart = true;
        return Ok(j + 1);
    }
    if let Some((_, n, kind)) = SYMBOLS.iter().find(|(s, ..)| *s == name) {
        w.token(n, *kind, span);
        return Ok(j);
    }
    if name == "operatorname" {
        // `\operatorname{temp}` and the other functions of games, by their names.
        let function = tex[j..end].strip_prefix('{').and_then(|r| {
            let close = r.find('}')?;
            Some(&r[..close])
        });
        let Some(function) = function.filter(|f| super::Function::named(f).is_some()) else {
            return Err(error(
                at,
                "`\\operatorname` names no function of games (temp, mean, leftstop, rightstop, \
                 cool, birthday)",
            ));
        };
        w.token(function, Kind::Other, span);
        return Ok(j + function.len() + 2);
    }
    if matches!(name, "frac" | "tfrac" | "dfrac" | "cfrac") {
        let (numerator, after) = integer_argument(tex, j, end)?;
        let (denominator, after) = integer_argument(tex, after, end)?;
        w.token(
            &format!("({numerator}/{denominator})"),
            Kind::Other,
            at..after,
        );
        return Ok(after);
    }
    Err(error(
        at,
        format!("`\\{name}` has no meaning in game notation"),
    ))
}

/// The argument of `\frac`: one digit, or a group holding an integer (`{12}`, `{-3}`), its
/// digits written together.
fn integer_argument(tex: &str, from: usize, end: usize) -> Result<(String, usize), TexError> {
    let rest = &tex[from..end];
    let at = from + (rest.len() - rest.trim_start().len());
    let rest = &tex[at..end];
    let fail = || {
        error(
            at,
            "a fraction in a game formula takes whole numbers, `\\tfrac{3}{8}` or `\\tfrac38`",
        )
    };
    if let Some(group) = rest.strip_prefix('{') {
        let close = group.find('}').ok_or_else(fail)?;
        let inner = group[..close].trim();
        let digits = inner.strip_prefix('-').unwrap_or(inner);
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(fail());
        }
        Ok((inner.to_string(), at + 1 + close + 1))
    } else {
        match rest.chars().next() {
            Some(d) if d.is_ascii_digit() => Ok((d.to_string(), at + 1)),
            _ => Err(fail()),
        }
    }
}

impl Translation<'_> {
    /// The TeX offset a byte of the notation was read from (the end of the formula for the end).
    fn tex_offset(&self, notation: usize) -> usize {
        self.origin.get(notation).copied().unwrap_or(self.end)
    }

    /// The spacing that stands outside every brace and parenthesis, where statements may meet.
    fn top_level_spacing(&self) -> Vec<(usize, Range<usize>)> {
        let mut depth = 0i64;
        let mut points = self.spacing.iter().peekable();
        let mut out = Vec::new();
        for (i, c) in self.text.char_indices() {
            while let Some((p, span)) = points.next_if(|(p, _)| *p <= i) {
                if depth == 0 {
                    out.push((*p, span.clone()));
                }
            }
            match c {
                '{' | '(' => depth += 1,
                '}' | ')' => depth -= 1,
                _ => {}
            }
        }
        out
    }

    /// A statement that parsed, but with spacing inside one of its terms and relations on both
    /// sides: `0 = 1 \quad -1 < 1` reads as `0 = 1 - 1 < 1`, while the page shows two statements.
    fn inner_statements(&self, statement: &Statement) -> Option<TexError> {
        let last = statement.terms.len().checked_sub(1)?;
        self.top_level_spacing().into_iter().find_map(|(p, span)| {
            let k = statement
                .terms
                .iter()
                .position(|t| t.span.start < p && p < t.span.end)?;
            (k > 0 && k < last).then(|| self.two_statements(span))
        })
    }

    /// When the notation fails to parse at `offset` just after top-level spacing or at a
    /// top-level comma, and reads as statements on both sides of it: two statements side by side
    /// (or more, up to [`SIDE_BY_SIDE_LIMIT`]).
    fn side_by_side(&self, offset: usize) -> Option<TexError> {
        let statement = |s: &str| parse_statement(s).is_ok();
        let (p, span) = self.cut_at(offset)?;
        if !statement(&self.text[..p]) {
            return None;
        }
        let mut from = p + 1;
        for _ in 0..SIDE_BY_SIDE_LIMIT {
            match parse_statement(&self.text[from..]) {
                Ok(_) => return Some(self.two_statements(span)),
                Err(e) => {
                    let (q, _) = self.cut_at(from + e.span.start)?;
                    if !statement(&self.text[from..q]) {
                        return None;
                    }
                    from = q + 1;
                }
            }
        }
        None
    }

    /// The top-level comma at `offset`, or the top-level spacing just before it: where two
    /// statements may meet (its offset in the notation and its TeX span).
    fn cut_at(&self, offset: usize) -> Option<(usize, Range<usize>)> {
        if self.text[offset..].starts_with(',') {
            let depth: i64 = self.text[..offset]
                .chars()
                .map(|c| match c {
                    '{' | '(' => 1,
                    '}' | ')' => -1,
                    _ => 0,
                })
                .sum();
            (depth == 0).then(|| (offset, self.origin[offset]..self.origin[offset] + 1))
        } else {
            self.top_level_spacing()
                .into_iter()
                .find(|(p, _)| p + 1 == offset)
        }
    }

    fn two_statements(&self, cut: Range<usize>) -> TexError {
        let left = trim_tex(&self.tex[..cut.start]);
        let right = trim_tex(&self.tex[cut.end..self.end]);
        TexError {
            offset: cut.start,
            message: format!(
                "two statements side by side, `{left}` and `{right}`: a checked formula states \
                 one relation (a chain such as `0 < 1 < 2` is one) and is not read across \
                 spacing or a comma; write each statement in its own `{{$…$}}`"
            ),
            reads_as: Some(self.text.clone()),
            states_relations: true,
        }
    }

    /// Whether the notation holds a relation: `=`, `<`, `>` anywhere (they mean nothing else),
    /// or a double bar outside braces.
    fn has_relation(&self) -> bool {
        let mut depth = 0i64;
        let bytes = self.text.as_bytes();
        bytes.iter().enumerate().any(|(i, &b)| {
            match b {
                b'{' => depth += 1,
                b'}' => depth -= 1,
                _ => {}
            }
            matches!(b, b'=' | b'<' | b'>')
                || (depth == 0 && b == b'|' && bytes.get(i + 1) == Some(&b'|'))
        })
    }
}

/// A piece of TeX without the spacing, commas and full stops at its ends.
fn trim_tex(mut s: &str) -> &str {
    loop {
        let before = s.len();
        for name in SPACING {
            let command = format!("\\{name}");
            s = s.strip_prefix(command.as_str()).unwrap_or(s);
            s = s.strip_suffix(command.as_str()).unwrap_or(s);
        }
        s = s.trim();
        s = s.strip_prefix(['~', ',']).unwrap_or(s);
        if let Some(rest) = s.strip_suffix(['~', ',', '.']) {
            if !rest.ends_with('\\') {
                s = rest;
            }
        }
        if s.len() == before {
            return s;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{read, to_notation};

    fn reads(tex: &str) -> String {
        read(tex).unwrap_or_else(|e| panic!("{tex}: {e}")).notation
    }

    #[test]
    fn translates_the_usual_spellings() {
        let cases = [
            (r"\{0, \tfrac12 \mid 2\} = 1", "{0,(1/2)|2} = 1"),
            (r"\{0 \mid \uparrow\} = \Uparrow\ast", "{0|^} = ^^*"),
            (
                r"\left\{ -1 \,\middle|\, 1 \right\} : 1 = \frac{1}{2}",
                "{-1|1} : 1 = (1/2)",
            ),
            (r"\ast + \ast = 0.", "* + * = 0"),
            (r"1\ast \parallel 0", "1* || 0"),
            (r"\uparrow \mathrel{\rhd} 0", "^ |> 0"),
            (r"{\ast}2 \le \pm 1", "*2 <= +-1"),
            (r"\ast 2 + \ast2 = 0", "*2 + *2 = 0"),
            (r"\uparrow\uparrow = \Uparrow", "^^ = ^^"),
            (r"\downarrow 3 < 0", "v3 < 0"),
            ("−¼ < ½", "-1/4 < 1/2"),
            (r"\tfrac{-3}{8} \geq -1", "(-3/8) >= -1"),
            (r"\tfrac{ 3 }{8} < 1", "(3/8) < 1"),
            (r"\operatorname{temp}(\pm 1) = 1", "temp(+-1) = 1"),
            (
                r"\operatorname{cool}(\{4 \mid -2\}, 3) = 1\ast",
                "cool({4|-2}, 3) = 1*",
            ),
            (r"12 <= 3/8 || 1", "12 <= 3/8 || 1"),
            // Spacing inside one statement, or beside its relation, is only spacing.
            (r"1 \, + \, 1 = 2", "1 + 1 = 2"),
            (
                r"\{0 \quad \mid 1\} \quad = \quad 1 \qquad < 2",
                "{0|1} = 1 < 2",
            ),
        ];
        for (tex, notation) in cases {
            assert_eq!(reads(tex), notation, "{tex}");
        }
    }

    #[test]
    fn what_the_page_prints_apart_is_read_apart() {
        // Plus then minus is not ±, whatever spaces are written.
        assert_eq!(reads(r"1 + -1 \parallel 0"), "1 + -1 || 0");
        assert_eq!(reads(r"1+-1 = 0"), "1 + -1 = 0");
        assert_eq!(reads(r"1 \pm 1 \parallel 0"), "1 +- 1 || 0");
        assert_eq!(to_notation(r"1+\minus 1").unwrap(), "1 + - 1");
        // A digit then ½ is not a number, nor a star set apart from its count.
        for tex in [
            "1½ > 5",
            r"2\tfrac12 = 1",
            r"\ast\,2 = \ast 2",
            r"{\ast} 2 = 0",
        ] {
            assert!(read(tex).is_err(), "{tex} should not read");
        }
    }

    #[test]
    fn spacing_between_statements_or_digits_is_an_error_at_the_spacing() {
        for (tex, at, said) in [
            (r"0 < 1 \quad 0 > 1", 6, "`0 < 1` and `0 > 1`"),
            (r"0 = 1 \quad -1 < 1", 6, "`0 = 1` and `-1 < 1`"),
            (r"\ast < 1 ~ 0 > 2", 9, r"`\ast < 1` and `0 > 2`"),
            (r"0 < 1, \quad 0 > 1", 5, "`0 < 1` and `0 > 1`"),
            (r"0 < 1\qquad 0 > 1 \quad 1 > 0", 5, "two statements"),
            ("0 < 1\u{a0}0 > 1", 5, "two statements"),
            (r"0 < 1 0 > 1", 5, "a space between digits"),
            (r"1\,000 = 1000", 1, "spacing between digits"),
            (r"1~0 = 10", 1, "spacing between digits"),
        ] {
            let e = read(tex).unwrap_err();
            assert_eq!(e.offset, at, "{tex}: {e}");
            assert!(e.message.contains(said), "{tex}: {e}");
            assert!(
                e.states_relations,
                "{tex}: relations, though not one statement"
            );
        }
        for not_relations in [r"1 + 1", r"1\,000", r"\tfrac12 \tfrac12"] {
            assert!(
                !read(not_relations).unwrap_err().states_relations,
                "{not_relations}"
            );
        }
    }

    #[test]
    fn refuses_what_is_not_a_game() {
        for tex in [
            r"G^L < G",
            r"x = 2",
            r"2^{-(m+1)}",
            r"3 \cdot 4 = 12",
            r"\text{value} = 1",
            r"\frac{n}{2}",
            r"\frac{1 2}{4} = 3",
            r"{1 = 1",
            r"1 }",
            r"0.011_2 = \tfrac38",
            r"\operatorname{lim} 1 = 1",
            r"1 = 1 % + 1",
            r"1 = 1 \\ 2 = 1",
            r"1 & = 1",
            r"1 \phantom{+1} = 1",
            r"1 \hspace{1em} = 1",
            r"\color{red} 1 = 1",
            r"1 \not= 2",
            r"1 \ne 2",
            r"\left. 1 \right> 0",
            r"\left< 1 \right> = 1",
            r"\big< 1",
            r"\mathrel = 1",
            r"\{1{,}000 \mid\} = 2",
            r"1 \mathbin{0} = 10",
            "1 =\u{338} 2",
            "1 = 1\u{200b}0",
        ] {
            assert!(read(tex).is_err(), "{tex} should not read");
        }
    }

    #[test]
    fn an_error_points_into_the_formula() {
        let e = to_notation(r"\{0 \mid G\}").unwrap_err();
        assert_eq!(e.offset, 9);
        let e = to_notation(r"1 + \cdot").unwrap_err();
        assert_eq!(e.offset, 4);
        assert!(e.message.contains("\\cdot"));
        // A notation error is located at the TeX it came from.
        let e = read(r"1 + \tfrac12\ast3 = \ast").unwrap_err();
        assert_eq!(e.offset, 12, "{e}");
        assert!(e.reads_as.is_some());
        let e = read(r"\{1{,}000 \mid\} = 2").unwrap_err();
        assert_eq!(e.offset, 4);
    }
}
