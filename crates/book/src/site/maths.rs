//! TeX to MathML at build time, with KaTeX running inside the build.
//!
//! The one idea: **a formula is rendered once, when the site is built, into MathML that the
//! browser typesets natively**, so readers load no script and no KaTeX fonts, and a TeX error is
//! a build error with a position, not a red box on a published page.
//!
//! KaTeX runs in a QuickJS engine (the `katex` crate). Starting an engine means evaluating all
//! of KaTeX, so the crate keeps one engine per thread (`thread_local!`), created on first use;
//! rayon's worker threads each pay that once. On top of that, results are cached process-wide
//! by `(tex, display)`: essays repeat the same small formulas (`\tfrac12`, `{\uparrow}`) a lot,
//! and the `serve` loop re-renders unchanged essays. Errors are cached too, being as
//! deterministic as successes.
//!
//! KaTeX's MathML first writes each star as the value it is ([`stars_as_values`]), is then
//! passed through [`super::spacing`], which fixes the operator spacing
//! browsers would otherwise get wrong (`1 : -1`, `\pm 1`, `\!`), and cut down to what a page
//! needs ([`presentation_only`]): KaTeX's `<annotation encoding="application/x-tex">` (the TeX
//! source, which no reader sees or hears) and what only held it are left out; they were a sixth
//! of an essay page. The presentation MathML, which screen readers read, stays whole.

use super::mathml::{self, Below, Element, MarkupError, Node};
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

/// A formula KaTeX refused, with KaTeX's own message.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct MathsError {
    /// KaTeX's message without its "KaTeX parse error:" prefix and without the position part,
    /// e.g. `Undefined control sequence: \foo`.
    pub message: String,
    /// Byte offset into the TeX source where KaTeX located the error, when it did (the end of
    /// the source for "at end of input").
    pub offset: Option<usize>,
}

/// Renders `tex` as MathML: a `<span class="katex">` holding a `<math>` element, with
/// `display="block"` when `display` is true; presentation MathML only (see [`presentation_only`]).
pub fn render(tex: &str, display: bool) -> Result<String, MathsError> {
    let key = (tex.to_string(), display);
    if let Some(hit) = lock_cache().get(&key) {
        return hit.clone();
    }
    // Render outside the lock: other threads keep rendering with their own engines meanwhile.
    let result = render_uncached(tex, display);
    lock_cache().insert(key, result.clone());
    result
}

/// Starts this thread's KaTeX engine now rather than inside the first real formula (so that
/// timings of [`render`] measure rendering, and so a parallel build can warm every worker).
pub fn warm_up() {
    let _ = render_uncached("0", false);
}

type Cache = HashMap<(String, bool), Result<String, MathsError>>;

fn lock_cache() -> std::sync::MutexGuard<'static, Cache> {
    static CACHE: OnceLock<Mutex<Cache>> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    // A panic while holding the lock cannot leave the map half-written (insert is atomic for
    // our purposes), so a poisoned cache is still a good cache.
    cache
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn render_uncached(tex: &str, display: bool) -> Result<String, MathsError> {
    let opts = katex::Opts::builder()
        .display_mode(display)
        .output_type(katex::OutputType::Mathml)
        .throw_on_error(true)
        .build()
        .map_err(|e| MathsError {
            message: format!("KaTeX options: {e}"),
            offset: None,
        })?;
    // KaTeX's own output is kept between runs under the TeX and every option it was given
    // ([`super::kept`]); what follows runs every time.
    let options = format!("katex output=mathml throw_on_error=true display={display}");
    let mathml = super::kept::process().katex(&super::kept::katex_key(&options, tex), || {
        katex::render_with_opts(tex, &opts).map_err(|e| from_katex(tex, &e))
    })?;
    stars_as_values(&mathml)
        .and_then(|starred| super::spacing::respace(&starred))
        .and_then(|spaced| presentation_only(&spaced))
        .map_err(|e| MathsError {
            message: format!("KaTeX output could not be re-spaced: {e}"),
            offset: None,
        })
}

/// The class of a star, in the maths and in the text (`ast`, TeX's name for the glyph): the
/// stylesheet draws it at the size of the text's letters (the font's `∗` is an operator's, half
/// the height of a digit).
pub const STAR_CLASS: &str = "ast";

/// On this site `∗` is always a value (star, `∗3`, `↑∗`), never an operator: KaTeX's
/// `<mo>∗</mo>` (bare, or spaced by KaTeX as in the build's values, `{*}`) becomes
/// `<mi class="ast">∗</mi>`, an ordinary symbol the spacing pass leaves
/// unspaced, drawn by the stylesheet at the text's size.
fn stars_as_values(markup: &str) -> Result<String, MarkupError> {
    let mut nodes = mathml::parse(markup)?;
    mathml::walk_elements(&mut nodes, (), |e, ()| {
        let star = matches!(e.children.as_slice(), [Node::Text(t)] if t.trim() == "∗");
        if e.name == "mo" && star {
            // KaTeX's own spacing of it (none, in a group: `{*}`) goes with the operator.
            *e.name = "mi".into();
            *e.attrs = vec![("class".into(), STAR_CLASS.into())];
            return Below::none();
        }
        Below::all(())
    });
    Ok(mathml::write(&nodes))
}

/// KaTeX's MathML as a page needs it: without the TeX `<annotation>`, without the `<semantics>`
/// element that paired it with the presentation (its one remaining child takes its place),
/// without the `xmlns` declaration (the HTML parser puts `<math>` in the MathML namespace
/// itself), and without an `<mrow>` that is the whole formula (`<math>` is a row already).
fn presentation_only(markup: &str) -> Result<String, MarkupError> {
    let mut nodes = mathml::parse(markup)?;
    mathml::walk_elements(&mut nodes, (), |e, ()| {
        trim(e);
        Below::all(())
    });
    Ok(mathml::write(&nodes))
}

/// One element made as [`presentation_only`] says (its children are trimmed after it).
fn trim(e: Element<'_>) {
    let Element {
        name,
        attrs,
        children,
    } = e;
    let mut kept = Vec::with_capacity(children.len());
    for child in children.drain(..) {
        match child {
            Node::Element { name, children, .. } if name == "semantics" => kept.extend(children),
            other => kept.push(other),
        }
    }
    kept.retain(|c| !matches!(c.name(), Some("annotation" | "annotation-xml")));
    for (key, value) in attrs.iter_mut() {
        if key == "style" {
            *value = halved_lengths(value);
        }
    }
    if *name == "math" {
        attrs.retain(|(key, _)| key != "xmlns");
        if let [Node::Element {
            name: row,
            attrs: row_attrs,
            ..
        }] = kept.as_slice()
        {
            if row == "mrow" && row_attrs.is_empty() {
                if let Some(Node::Element { children, .. }) = kept.pop() {
                    kept = children;
                }
            }
        }
    }
    *children = kept;
}

/// KaTeX pads the cells of `aligned` with `calc(0.25em / 2)`: the same length, worked out
/// (`0.125em`, and `0` for `calc(0em / 2)`).
fn halved_lengths(style: &str) -> String {
    let mut out = String::with_capacity(style.len());
    let mut rest = style;
    while let Some(at) = rest.find("calc(") {
        out.push_str(&rest[..at]);
        let inner = &rest[at + "calc(".len()..];
        let halved = inner.split_once(')').and_then(|(calc, after)| {
            let ems: f64 = calc.strip_suffix("em / 2")?.parse().ok()?;
            Some((ems / 2.0, after))
        });
        match halved {
            Some((ems, after)) => {
                out.push_str(&if ems == 0.0 {
                    "0".to_string()
                } else {
                    format!("{ems}em")
                });
                rest = after;
            }
            None => {
                out.push_str("calc(");
                rest = inner;
            }
        }
    }
    out.push_str(rest);
    out
}

/// Turns the crate's error into a message and a position.
///
/// The crate reports a JavaScript exception as the Rust `Debug` form of the thrown value, e.g.
/// `String("ParseError: KaTeX parse error: Undefined control sequence: \\foo at position 7:
/// x^2 + \\\u{332}f…")`, so the string is first un-escaped, then split at KaTeX's
/// ` at position N: ` (N counts UTF-16 units from 1) or ` at end of input: `.
fn from_katex(tex: &str, error: &katex::Error) -> MathsError {
    let raw = match error {
        katex::Error::JsExecError(detail) => detail.clone(),
        other => {
            return MathsError {
                message: format!("KaTeX could not run: {other}"),
                offset: None,
            }
        }
    };
    let text = debug_string_contents(&raw).unwrap_or(raw);
    let text = text.strip_prefix("ParseError: ").unwrap_or(&text);
    let text = text.strip_prefix("KaTeX parse error: ").unwrap_or(text);
    if let Some((message, rest)) = text.split_once(" at position ") {
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        let offset = digits
            .parse::<usize>()
            .ok()
            .and_then(|n| utf16_to_byte_offset(tex, n.saturating_sub(1)));
        return MathsError {
            message: message.to_string(),
            offset,
        };
    }
    if let Some((message, _)) = text.split_once(" at end of input") {
        return MathsError {
            message: message.to_string(),
            offset: Some(tex.len()),
        };
    }
    MathsError {
        message: text.to_string(),
        offset: None,
    }
}

/// The contents of `String("…")` as printed by Rust's `Debug`, un-escaped; `None` if `raw` is
/// not of that shape.
fn debug_string_contents(raw: &str) -> Option<String> {
    let start = raw.find("String(\"")? + "String(\"".len();
    let end = raw.rfind("\")")?;
    let body = raw.get(start..end)?;
    let mut out = String::with_capacity(body.len());
    let mut chars = body.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next()? {
            'n' => out.push('\n'),
            't' => out.push('\t'),
            'r' => out.push('\r'),
            '0' => out.push('\0'),
            'u' => {
                // \u{XXXX}
                let hex: String = chars.by_ref().skip(1).take_while(|&h| h != '}').collect();
                out.push(char::from_u32(u32::from_str_radix(&hex, 16).ok()?)?);
            }
            other => out.push(other), // \\ \" \'
        }
    }
    Some(out)
}

/// The byte offset of the character that starts at UTF-16 index `units` (JavaScript's string
/// indexing), or `None` if that is past the end.
fn utf16_to_byte_offset(text: &str, units: usize) -> Option<usize> {
    let mut seen = 0;
    for (byte, c) in text.char_indices() {
        if seen >= units {
            return Some(byte);
        }
        seen += c.len_utf16();
    }
    (seen >= units).then_some(text.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fraction_renders_as_mathml() {
        let html = render(r"\frac38", false).unwrap();
        assert!(html.contains("<math"), "{html}");
        assert!(
            html.contains("<mfrac><mn>3</mn><mn>8</mn></mfrac>"),
            "{html}"
        );
        assert!(!html.contains("display=\"block\""));
        assert!(
            !html.contains("<annotation"),
            "no TeX source on the page: {html}"
        );
        assert!(
            !html.contains("semantics") && !html.contains("xmlns"),
            "{html}"
        );
        assert!(
            html.starts_with("<span class=\"katex\"><math><mfrac>"),
            "{html}"
        );
        assert!(render(r"\frac38", true)
            .unwrap()
            .contains("display=\"block\""));
    }

    #[test]
    fn aligned_cells_are_padded_by_worked_out_lengths() {
        assert_eq!(
            halved_lengths("text-align:right;padding:calc(0.25em / 2) calc(0em / 2) 0 0"),
            "text-align:right;padding:0.125em 0 0 0"
        );
        assert_eq!(
            halved_lengths("width:calc(100% - 1em)"),
            "width:calc(100% - 1em)"
        );
        let html = render(r"\begin{aligned} a &= b \\ c &= d \end{aligned}", true).unwrap();
        assert!(
            !html.contains("calc(") && html.contains("0.125em"),
            "{html}"
        );
    }

    #[test]
    fn undefined_command_is_an_error_with_a_position() {
        let err = render(r"x^2 + \foo", false).unwrap_err();
        assert_eq!(err.message, r"Undefined control sequence: \foo");
        assert_eq!(err.offset, Some(6));
    }

    #[test]
    fn position_is_a_byte_offset_past_non_ascii_text() {
        // `↑` is 1 UTF-16 unit but 3 bytes; `𝔾` is 2 units and 4 bytes.
        let err = render(r"↑𝔾 + \nope", false).unwrap_err();
        assert_eq!(err.offset, Some("↑𝔾 + ".len()));
    }

    #[test]
    fn unfinished_input_points_at_the_end() {
        let err = render(r"\frac{", false).unwrap_err();
        assert!(err.message.contains("Unexpected end of input"), "{err:?}");
        assert_eq!(err.offset, Some(6));
    }

    #[test]
    fn cached_result_is_identical() {
        let a = render(r"1 : -1 : -1 : 1 = \tfrac38", true).unwrap();
        let b = render(r"1 : -1 : -1 : 1 = \tfrac38", true).unwrap();
        assert_eq!(a, b);
    }

    #[test]
    fn a_star_is_a_value_drawn_at_the_texts_size() {
        // `↑∗ + ∗3 + 1∗`: each star an ordinary symbol of class `ast`, unspaced; each `+` spaced.
        let html = render(r"\uparrow{*} + \ast 3 + 1{*}", false).unwrap();
        assert_eq!(
            html.matches(r#"<mi class="ast">∗</mi>"#).count(),
            3,
            "{html}"
        );
        assert!(!html.contains(">∗</mo>"), "{html}");
        assert!(
            html.contains(r#"<mo lspace="0.2222em" rspace="0.2222em">+</mo>"#),
            "{html}"
        );
    }

    #[test]
    fn output_is_respaced() {
        let html = render(r"\pm 1", false).unwrap();
        assert!(
            html.contains(r#"<mo lspace="0em" rspace="0em">±</mo>"#),
            "{html}"
        );
    }

    #[test]
    fn the_spacing_pass_reads_all_of_katexs_constructions() {
        // Each of these exercises a different MathML shape; a markup error would be an Err.
        let battery = [
            r"\left( \frac{a}{b} \right) \cdot \sqrt[3]{x_1^2}",
            r"\begin{aligned} G &= \{0 \mid 1\} \\ &= \tfrac12 \end{aligned}",
            r"\text{if } x < 0 \text{ and } y \ge 1",
            r"\operatorname{rcf}(G) \ne \mathrm{val}(G)",
            r"\sum_{i=0}^{n} 2^{-i} \quad \overbrace{LRRL}^{4}",
            r"a \mathbin{\&} b \;\; c~d \, e",
            r"\begin{pmatrix} 1 & -1 \\ -1 & 1 \end{pmatrix}",
            r"x \lhd 0 \parallel y \rhd 1 \lessgtr z",
        ];
        for tex in battery {
            for display in [false, true] {
                let html = render(tex, display).unwrap_or_else(|e| panic!("{tex}: {e:?}"));
                assert!(html.starts_with("<span class=\"katex\"><math"), "{html}");
            }
        }
    }

    #[test]
    fn debug_strings_are_unescaped() {
        let raw = r#"String("a \\foo \"q\" \u{332}")"#;
        assert_eq!(debug_string_contents(raw).unwrap(), "a \\foo \"q\" \u{332}");
    }
}
