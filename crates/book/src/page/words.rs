//! Game values as a reader meets them: typeset in the text face (`−¼`, `∗6`, `↑∗`), said in
//! words for screen readers ("minus one quarter", "star six", "up star"), and as TeX for KaTeX
//! ([`tex`]).
//!
//! The one idea: **one reading of the checker's value text, two ways to show it**. A value is
//! read as number, arrows, star (the form `nus_text` prints); anything else (a game in
//! braces) is shown with its symbols made typographic and spoken symbol by symbol. Its TeX is
//! printed from the value itself, an id of the build's games table as the check returns it.

use crate::check::Obtained;
use hackenbook_census::query::obtained::How;
use hackenbook_games::{GameId, Games};

/// The value `value` as TeX (`\tfrac12`, `{\uparrow}{*}`, `\{0 \mid 1\}`): the one place a
/// value is turned into TeX, from the games table the check valued it in.
pub fn tex(games: &Games, value: GameId) -> String {
    games.latex(value)
}

/// A value read as number (numerator, denominator), ups (negative: downs) and nimber.
struct Nus {
    number: Option<(i64, u64)>,
    ups: i64,
    nim: Option<u64>,
}

fn read(text: &str) -> Option<Nus> {
    let t = text.trim();
    let number_end = t
        .find(|c: char| !(c.is_ascii_digit() || c == '-' || c == '/'))
        .unwrap_or(t.len());
    let (number_text, rest) = t.split_at(number_end);
    let number = if number_text.is_empty() {
        None
    } else {
        let (n, d) = number_text.split_once('/').unwrap_or((number_text, "1"));
        Some((n.parse().ok()?, d.parse().ok()?))
    };
    let mut rest = rest;
    let mut ups = 0i64;
    for (arrow, sign) in [('^', 1), ('v', -1)] {
        let count = rest.chars().take_while(|&c| c == arrow).count();
        if count > 0 {
            rest = &rest[count..];
            let digits = rest.chars().take_while(char::is_ascii_digit).count();
            let times = if count == 1 && digits > 0 {
                rest[..digits].parse().ok()?
            } else {
                count as i64 // the arrows in the text, far below 2^63
            };
            rest = &rest[if count == 1 { digits } else { 0 }..];
            ups = sign * times;
        }
    }
    let nim = match rest.strip_prefix('*') {
        Some("") => Some(1),
        Some(n) => Some(n.parse().ok()?),
        None if rest.is_empty() => None,
        None => return None,
    };
    (number.is_some() || ups != 0 || nim.is_some()).then_some(Nus { number, ups, nim })
}

/// The value as the text face shows it: `−¼`, `1½`, `∗6`, `↑∗`, `⇑`, `↓3`.
pub fn typeset(text: &str) -> String {
    let Some(v) = read(text) else {
        return text
            .replace('-', "\u{2212}")
            .replace('*', "\u{2217}")
            .replace('^', "\u{2191}");
    };
    let mut out = String::new();
    if let Some((n, d)) = v.number {
        if n < 0 {
            out.push('\u{2212}');
        }
        let (whole, part) = (n.unsigned_abs() / d, n.unsigned_abs() % d);
        if part == 0 || whole > 0 {
            out.push_str(&whole.to_string());
        }
        if part != 0 {
            out.push_str(&fraction(part, d));
        }
        // A lone 0 before an infinitesimal is not written.
        if n == 0 && (v.ups != 0 || v.nim.is_some()) {
            out.clear();
        }
    }
    let (single, double) = if v.ups > 0 {
        ('\u{2191}', '\u{21D1}')
    } else {
        ('\u{2193}', '\u{21D3}')
    };
    match v.ups.unsigned_abs() {
        0 => {}
        1 => out.push(single),
        2 => out.push(double),
        n => {
            out.push(single);
            out.push_str(&n.to_string());
        }
    }
    match v.nim {
        None => {}
        Some(1) => out.push('\u{2217}'),
        Some(n) => out.push_str(&format!("\u{2217}{n}")),
    }
    out
}

/// The text typeset as a value when it reads as one (`-2` → `−2`), else `None` (a count,
/// a percentage, a phrase).
pub fn typeset_value(text: &str) -> Option<String> {
    read(text).map(|_| typeset(text))
}

/// `p/q` with a vulgar-fraction character when there is one, else with the fraction slash.
fn fraction(p: u64, q: u64) -> String {
    match (p, q) {
        (1, 2) => "½".into(),
        (1, 4) => "¼".into(),
        (3, 4) => "¾".into(),
        (1, 8) => "⅛".into(),
        (3, 8) => "⅜".into(),
        (5, 8) => "⅝".into(),
        (7, 8) => "⅞".into(),
        _ => format!("{p}\u{2044}{q}"),
    }
}

/// The value in words, as a reader (or a screen reader) says it: "minus one quarter", "one and
/// a half", "star six", "up star", "double down", "plus or minus one". A game in braces is said
/// piece by piece, each option in these words: "the game with Left's options one and Right's
/// options zero". The one place a value is put into words for a reader.
pub fn spoken(text: &str) -> String {
    match read(text) {
        Some(v) => nus_words(&v),
        None => game_words(text),
    }
}

/// The value `g` in words ([`spoken`] of its notation): a diagram's title says it.
pub fn spoken_value(games: &Games, g: GameId) -> String {
    spoken(&games.display(g))
}

/// An assertion's key (what part of a value it states) as a reader would say it: `value` as
/// "worth", `left` as "Left's options".
pub fn assertion_key(key: &str) -> &str {
    match key {
        "value" => "worth",
        "left" => "Left's options",
        "right" => "Right's options",
        other => other,
    }
}

/// A number, ups and a nimber in words.
fn nus_words(v: &Nus) -> String {
    let mut parts = Vec::new();
    if let Some((n, d)) = v.number {
        if n != 0 || (v.ups == 0 && v.nim.is_none()) {
            parts.push(number_words(n, d));
        }
    }
    let (one, many) = if v.ups > 0 {
        ("up", "ups")
    } else {
        ("down", "downs")
    };
    match v.ups.unsigned_abs() {
        0 => {}
        1 => parts.push(one.to_string()),
        2 => parts.push(format!("double {one}")),
        n => parts.push(format!("{} {many}", count_words(n))),
    }
    match v.nim {
        None => {}
        Some(1) => parts.push("star".into()),
        Some(n) => parts.push(format!("star {}", count_words(n))),
    }
    parts.join(" ")
}

/// A value that is not a number, ups and a nimber — a game in braces, a switch `+-G` — said
/// piece by piece: braces and bar as words, each option (between them and the commas) as a
/// value. Iterative: the nesting of braces is the author's.
fn game_words(text: &str) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut atom = String::new();
    let flush = |atom: &mut String, out: &mut Vec<String>| {
        if !atom.is_empty() {
            out.push(atom_words(atom));
            atom.clear();
        }
    };
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let word = match c {
            '{' => "the game with Left's options",
            '|' => {
                while chars.next_if_eq(&'|').is_some() {}
                "and Right's options"
            }
            '}' => "",
            '±' => "plus or minus",
            '+' if chars.next_if_eq(&'-').is_some() => "plus or minus",
            ',' => {
                flush(&mut atom, &mut out);
                if let Some(last) = out.last_mut() {
                    last.push(',');
                }
                continue;
            }
            c if c.is_whitespace() => "",
            c => {
                atom.push(c);
                continue;
            }
        };
        flush(&mut atom, &mut out);
        if !word.is_empty() {
            out.push(word.to_string());
        }
    }
    flush(&mut atom, &mut out);
    out.join(" ")
}

/// One option of a game in braces: a value in words, or (when it reads as none) symbol by
/// symbol.
fn atom_words(atom: &str) -> String {
    if let Some(v) = read(atom) {
        return nus_words(&v);
    }
    let mut out = String::new();
    for c in atom.chars() {
        let word = match c {
            '*' => " star ",
            '^' => " up ",
            'v' => " down ",
            '-' => " minus ",
            '+' => " plus ",
            c => {
                out.push(c);
                continue;
            }
        };
        out.push_str(word);
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn number_words(n: i64, d: u64) -> String {
    let sign = if n < 0 { "minus " } else { "" };
    let (whole, part) = (n.unsigned_abs() / d, n.unsigned_abs() % d);
    let fraction = match (part, d) {
        (0, _) => String::new(),
        (1, 2) => "a half".into(),
        (p, 4) => format!("{} quarter{}", count_words(p), plural(p)),
        (p, d) => match ordinal(d) {
            Some(ordinal) => format!("{} {ordinal}{}", count_words(p), plural(p)),
            None => format!("{} over {d}", count_words(p)),
        },
    };
    let fraction = if whole == 0 && part == 1 && d == 2 {
        "one half".into()
    } else {
        fraction
    };
    match (whole, part) {
        (w, 0) => format!("{sign}{}", count_words(w)),
        (0, _) => format!("{sign}{fraction}"),
        (w, _) => format!("{sign}{} and {fraction}", count_words(w)),
    }
}

fn plural(n: u64) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// How a claim's figures were computed, in a reader's words, figure by figure (the notebook's
/// "how" column, and `hackenbook claims --json`'s `how`).
pub fn how(obtained: &Obtained) -> Vec<How> {
    match obtained {
        Obtained::Query(how) => how.clone(),
        Obtained::Relation => vec![How {
            what: "both sides".into(),
            words: "canonical forms (positions by the solver), compared".into(),
        }],
        Obtained::Answer(method) => vec![How {
            what: "answer".into(),
            words: method.words().into(),
        }],
    }
}

/// "zero" to "twenty", then digits.
pub fn count_words(n: u64) -> String {
    match n {
        0..=20 => {
            hackenbook_census::query::literal::number_in_words(n).unwrap_or_else(|| n.to_string())
        }
        _ => n.to_string(),
    }
}

/// The ordinal of a power of two as a denominator, up to "sixty-fourth"; beyond, a fraction
/// is said "77 over 128".
fn ordinal(d: u64) -> Option<&'static str> {
    Some(match d {
        2 => "half",
        8 => "eighth",
        16 => "sixteenth",
        32 => "thirty-second",
        64 => "sixty-fourth",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_typeset_like_the_maths() {
        for (text, shown) in [
            ("-1/4", "−¼"),
            ("3/2", "1½"),
            ("*6", "∗6"),
            ("^*", "↑∗"),
            ("^^", "⇑"),
            ("v3", "↓3"),
            ("1*", "1∗"),
            ("0", "0"),
            ("5/16", "5⁄16"),
            ("{1|0}", "{1|0}"),
            ("{1|-1}", "{1|−1}"),
        ] {
            assert_eq!(typeset(text), shown, "{text}");
        }
    }

    #[test]
    fn only_values_are_retypeset() {
        assert_eq!(typeset_value("-2").as_deref(), Some("−2"));
        assert_eq!(typeset_value("*6").as_deref(), Some("∗6"));
        for text in ["1,234", "12.5%", "no exceptions", "48 of 50"] {
            assert_eq!(typeset_value(text), None, "{text}");
        }
    }

    /// The reader's wording of each kind of value, written out by hand: the one wording the
    /// figure descriptions, the captions and the announcements of play all use.
    #[test]
    fn values_are_spoken_in_words() {
        for (text, words) in [
            // Integers, counted in words up to twenty, then in digits.
            ("0", "zero"),
            ("-2", "minus two"),
            ("20", "twenty"),
            ("21", "21"),
            ("-37", "minus 37"),
            // Dyadic fractions: a half on its own, "and a half" after a whole number.
            ("1/2", "one half"),
            ("-1/4", "minus one quarter"),
            ("3/2", "one and a half"),
            ("-3/2", "minus one and a half"),
            ("3/8", "three eighths"),
            ("11/8", "one and three eighths"),
            ("5/16", "five sixteenths"),
            ("-1/32", "minus one thirty-second"),
            ("3/64", "three sixty-fourths"),
            ("77/128", "77 over 128"),
            ("129/128", "one and one over 128"),
            // Nimbers.
            ("*", "star"),
            ("*2", "star two"),
            ("*6", "star six"),
            ("*23", "star 23"),
            // Ups and downs, alone and with a number or a star.
            ("^", "up"),
            ("^*", "up star"),
            ("vv", "double down"),
            ("^3", "three ups"),
            ("v4*3", "four downs star three"),
            ("1*", "one star"),
            ("1/2*", "one half star"),
            ("-3/4v*", "minus three quarters down star"),
            ("2^", "two up"),
            // Switches and other games, option by option.
            ("+-1", "plus or minus one"),
            ("±1/2", "plus or minus one half"),
            ("+-*", "plus or minus star"),
            (
                "{1|0}",
                "the game with Left's options one and Right's options zero",
            ),
            (
                "{0,v*|0}",
                "the game with Left's options zero, down star and Right's options zero",
            ),
            (
                "{2|{1|-1}}",
                "the game with Left's options two and Right's options the game with Left's \
                 options one and Right's options minus one",
            ),
            (
                "+-{2|1}",
                "plus or minus the game with Left's options two and Right's options one",
            ),
        ] {
            assert_eq!(spoken(text), words, "{text}");
        }
    }
}
