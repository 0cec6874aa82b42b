//! Reading the TeX an author writes in prose maths as game notation.
//!
//! The one idea: a formula such as `\{0, \tfrac12 \mid 2\} = 1` is a game relation in another
//! spelling, so translate it token by token into the notation the game parser already reads
//! (`{0, 1/2 | 2} = 1`) and let that parser and the engine do the rest. Anything that has no
//! game meaning — a letter, a superscript, `\cdot`, `\text{…}` — makes the formula "not a game
//! formula", never a guess. The translation is a single pass without recursion: TeX groups
//! `{…}` are transparent, and the only commands with arguments (`\frac` and its kin) take
//! integers.

use std::fmt;

/// Why a formula is not game notation: the byte offset in the TeX and what was found there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TexError {
    pub offset: usize,
    pub message: String,
}

impl fmt::Display for TexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (at byte {})", self.message, self.offset)
    }
}

/// Commands that only space, size or classify: dropped (their group, if any, is transparent).
const IGNORED: &[&str] = &[
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
    "left",
    "right",
    "middle",
    "big",
    "Big",
    "bigg",
    "Bigg",
    "bigl",
    "bigr",
    "Bigl",
    "Bigr",
    "biggl",
    "biggr",
    "bigm",
    "Bigm",
    "displaystyle",
    "textstyle",
    "mathord",
    "mathrel",
    "mathbin",
    "mathpunct",
    "mathopen",
    "mathclose",
    "mathinner",
];

/// Commands with a game meaning, and their notation.
const SYMBOLS: &[(&str, &str)] = &[
    ("{", "{"),
    ("}", "}"),
    ("lbrace", "{"),
    ("rbrace", "}"),
    ("mid", "|"),
    ("vert", "|"),
    ("lvert", "|"),
    ("rvert", "|"),
    ("|", "||"),
    ("Vert", "||"),
    ("parallel", "||"),
    ("uparrow", "^"),
    ("downarrow", "v"),
    ("Uparrow", "^^"),
    ("Downarrow", "vv"),
    ("ast", "*"),
    ("star", "*"),
    ("pm", "+-"),
    ("colon", ":"),
    ("lt", "<"),
    ("gt", ">"),
    ("le", "<="),
    ("leq", "<="),
    ("leqslant", "<="),
    ("ge", ">="),
    ("geq", ">="),
    ("geqslant", ">="),
    ("lhd", "<|"),
    ("triangleleft", "<|"),
    ("vartriangleleft", "<|"),
    ("rhd", "|>"),
    ("triangleright", "|>"),
    ("vartriangleright", "|>"),
    ("minus", "-"),
];

/// Characters that mean themselves in game notation.
const PLAIN: &str = "0123456789/+-:=<>|,*()";

/// Unicode characters an author may type directly, and their notation.
const UNICODE: &[(char, &str)] = &[
    ('\u{2212}', "-"),
    ('↑', "^"),
    ('↓', "v"),
    ('⇑', "^^"),
    ('⇓', "vv"),
    ('∗', "*"),
    ('±', "+-"),
    ('≤', "<="),
    ('≥', ">="),
    ('‖', "||"),
    ('∥', "||"),
    ('⊲', "<|"),
    ('⊳', "|>"),
    ('½', "1/2"),
    ('¼', "1/4"),
    ('¾', "3/4"),
];

/// Translates a TeX formula into game notation, or says why it is not one.
pub fn to_notation(tex: &str) -> Result<String, TexError> {
    let bytes = tex.as_bytes();
    let mut out = String::with_capacity(tex.len());
    let mut i = 0;
    let mut groups: usize = 0;
    let err = |offset: usize, message: String| Err(TexError { offset, message });
    // A trailing full stop or comma ends the sentence, not the formula.
    let end = tex.trim_end().trim_end_matches(['.', ',']).trim_end().len();
    while i < end {
        let c = tex[i..].chars().next().unwrap_or(' ');
        let width = c.len_utf8();
        if c.is_whitespace() || c == '~' {
            i += width;
        } else if c == '{' {
            groups += 1;
            i += 1;
        } else if c == '}' {
            if groups == 0 {
                return err(i, "a `}` closes no group".into());
            }
            groups -= 1;
            i += 1;
        } else if c == '\\' {
            let start = i + 1;
            let mut j = start;
            while j < end && bytes[j].is_ascii_alphabetic() {
                j += 1;
            }
            if j == start && j < end {
                j += tex[j..].chars().next().map_or(1, char::len_utf8);
            }
            let name = &tex[start..j];
            i = j;
            if IGNORED.contains(&name) {
                // `\left.` and `\right.` write an invisible delimiter.
                if matches!(name, "left" | "right" | "middle") && tex[i..].starts_with('.') {
                    i += 1;
                }
            } else if let Some((_, n)) = SYMBOLS.iter().find(|(s, _)| *s == name) {
                out.push_str(n);
            } else if name == "operatorname" {
                // `\operatorname{temp}` and the other functions of games, by their names.
                let rest = &tex[i..end];
                let skipped = rest.len() - rest.trim_start().len();
                let word = rest.trim_start().strip_prefix('{').and_then(|r| {
                    let close = r.find('}')?;
                    Some(&r[..close])
                });
                let Some(word) = word.filter(|w| super::Function::named(w).is_some()) else {
                    return err(
                        start - 1,
                        "`\\operatorname` names no function of games (temp, mean, leftstop, \
                         rightstop, cool, birthday)"
                            .into(),
                    );
                };
                out.push_str(word);
                i += skipped + word.len() + 2;
            } else if matches!(name, "frac" | "tfrac" | "dfrac" | "cfrac") {
                let (numerator, after) = integer_argument(tex, i, end)?;
                let (denominator, after) = integer_argument(tex, after, end)?;
                i = after;
                out.push_str(&format!("({numerator}/{denominator})"));
            } else {
                return err(
                    start - 1,
                    format!("`\\{name}` has no meaning in game notation"),
                );
            }
        } else if PLAIN.contains(c) {
            out.push(c);
            i += 1;
        } else if let Some((_, n)) = UNICODE.iter().find(|(u, _)| *u == c) {
            out.push_str(n);
            i += width;
        } else {
            return err(
                i,
                format!("`{c}` has no meaning in game notation (only numbers, `\\{{ \\mid \\}}`, `\\uparrow`, `\\ast`, `+`, `-`, `:` and relations do)"),
            );
        }
    }
    if groups > 0 {
        return err(end, "a `{` is never closed".into());
    }
    Ok(out)
}

/// The argument of `\frac`: one digit, or a group holding an integer (`{12}`, `{-3}`).
fn integer_argument(tex: &str, from: usize, end: usize) -> Result<(String, usize), TexError> {
    let rest = &tex[from..end];
    let skipped = rest.len() - rest.trim_start().len();
    let at = from + skipped;
    let rest = &tex[at..end];
    let fail = || TexError {
        offset: at,
        message: "a fraction in a game formula takes whole numbers, `\\tfrac{3}{8}` or `\\tfrac38`"
            .into(),
    };
    if let Some(group) = rest.strip_prefix('{') {
        let close = group.find('}').ok_or_else(fail)?;
        let inner: String = group[..close].split_whitespace().collect();
        let digits = inner.strip_prefix('-').unwrap_or(&inner);
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(fail());
        }
        Ok((inner, at + 1 + close + 1))
    } else {
        match rest.chars().next() {
            Some(d) if d.is_ascii_digit() => Ok((d.to_string(), at + 1)),
            _ => Err(fail()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::to_notation;

    #[test]
    fn translates_the_usual_spellings() {
        let cases = [
            (r"\{0, \tfrac12 \mid 2\} = 1", "{0,(1/2)|2}=1"),
            (r"\{0 \mid \uparrow\} = \Uparrow\ast", "{0|^}=^^*"),
            (
                r"\left\{ -1 \,\middle|\, 1 \right\} : 1 = \frac{1}{2}",
                "{-1|1}:1=(1/2)",
            ),
            (r"\ast + \ast = 0.", "*+*=0"),
            (r"1\ast \parallel 0", "1*||0"),
            (r"\uparrow \mathrel{\rhd} 0", "^|>0"),
            (r"{\ast}2 \le \pm 1", "*2<=+-1"),
            ("−¼ < ½", "-1/4<1/2"),
            (r"\tfrac{-3}{8} \geq -1", "(-3/8)>=-1"),
            (r"\operatorname{temp}(\pm 1) = 1", "temp(+-1)=1"),
            (
                r"\operatorname{cool}(\{4 \mid -2\}, 3) = 1\ast",
                "cool({4|-2},3)=1*",
            ),
        ];
        for (tex, notation) in cases {
            assert_eq!(to_notation(tex).as_deref(), Ok(notation), "{tex}");
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
            r"{1 = 1",
            r"1 }",
            r"0.011_2 = \tfrac38",
            r"\operatorname{lim} 1 = 1",
        ] {
            assert!(to_notation(tex).is_err(), "{tex} should not translate");
        }
    }

    #[test]
    fn an_error_points_into_the_formula() {
        let e = to_notation(r"\{0 \mid G\}").unwrap_err();
        assert_eq!(e.offset, 9);
        let e = to_notation(r"1 + \cdot").unwrap_err();
        assert_eq!(e.offset, 4);
        assert!(e.message.contains("\\cdot"));
    }
}
