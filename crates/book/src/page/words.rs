//! Game values as a reader meets them: typeset in the text face (`−¼`, `∗6`, `↑∗`) and said in
//! words for screen readers ("minus one quarter", "star six", "up star").
//!
//! The one idea: **one reading of the checker's value text, two ways to show it**. A value is
//! read as number, arrows, star (the form `nus_text` prints); anything else (a game in
//! braces) is shown with its symbols made typographic and spoken symbol by symbol.

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

/// The value in words: "minus one quarter", "one and a half", "star six", "up star",
/// "double down". A value that is not of this form is spoken symbol by symbol.
pub fn spoken(text: &str) -> String {
    let mut text = text;
    let mut prefix = String::new();
    while let Some(rest) = text.strip_prefix("+-").or_else(|| text.strip_prefix('±')) {
        prefix.push_str("plus or minus ");
        text = rest;
    }
    if !prefix.is_empty() {
        return format!("{prefix}{}", spoken(text));
    }
    let Some(v) = read(text) else {
        let mut out = String::new();
        for c in text.chars() {
            let word = match c {
                '{' => " the game with Left's options ",
                '|' => " and Right's options ",
                '}' => " ",
                '*' => " star",
                '^' => " up",
                '-' => " minus ",
                ',' => ",",
                c => {
                    out.push(c);
                    continue;
                }
            };
            out.push_str(word);
        }
        return out.split_whitespace().collect::<Vec<_>>().join(" ");
    };
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

fn number_words(n: i64, d: u64) -> String {
    let sign = if n < 0 { "minus " } else { "" };
    let (whole, part) = (n.unsigned_abs() / d, n.unsigned_abs() % d);
    let fraction = match (part, d) {
        (0, _) => String::new(),
        (1, 2) => "a half".into(),
        (p, 4) => format!("{} quarter{}", count_words(p), plural(p)),
        (p, d) => format!("{} {}{}", count_words(p), ordinal(d), plural(p)),
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

/// "zero" to "twenty", then digits.
pub fn count_words(n: u64) -> String {
    match n {
        0..=20 => hackenbook_census::literal::number_in_words(n).unwrap_or_else(|| n.to_string()),
        _ => n.to_string(),
    }
}

/// The ordinal of a power of two as a denominator: "eighth", "sixteenth", ...
fn ordinal(d: u64) -> String {
    match d {
        2 => "half".into(),
        8 => "eighth".into(),
        16 => "sixteenth".into(),
        32 => "thirty-second".into(),
        64 => "sixty-fourth".into(),
        d => format!("{d}th"),
    }
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

    #[test]
    fn values_are_spoken_in_words() {
        for (text, words) in [
            ("-1/4", "minus one quarter"),
            ("1/2", "one half"),
            ("3/2", "one and a half"),
            ("3/8", "three eighths"),
            ("*6", "star six"),
            ("^*", "up star"),
            ("vv", "double down"),
            ("1*", "one star"),
            ("0", "zero"),
            ("-2", "minus two"),
            ("^3", "three ups"),
            ("+-1", "plus or minus one"),
            ("±1/2", "plus or minus one half"),
            (
                "{1|0}",
                "the game with Left's options 1 and Right's options 0",
            ),
        ] {
            assert_eq!(spoken(text), words, "{text}");
        }
    }
}
