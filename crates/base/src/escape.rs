//! The one escaper of text for HTML and XML (pages, SVG diagrams, the server's own pages).
//!
//! The one idea: **escape once, for the strictest reader**. `&`, `<`, `>`, `"` and `'` become
//! entities (by `pulldown-cmark-escape`, the escaper of the Markdown renderer), so the result is
//! safe in element content and in quoted attributes alike; characters XML 1.0 forbids (most C0
//! controls) are dropped, so the same text is also safe inside an SVG document.

/// `text` escaped for HTML or XML content and quoted attribute values.
pub fn escape(text: &str) -> String {
    let allowed = |c: char| !forbidden_in_xml(c);
    let mut out = String::with_capacity(text.len() + text.len() / 8);
    let result = if text.chars().all(allowed) {
        pulldown_cmark_escape::escape_html(&mut out, text)
    } else {
        let clean: String = text.chars().filter(|&c| allowed(c)).collect();
        pulldown_cmark_escape::escape_html(&mut out, &clean)
    };
    // Writing to a `String` cannot fail.
    debug_assert!(result.is_ok());
    out
}

/// C0 controls other than tab, newline and carriage return, and the two non-characters.
fn forbidden_in_xml(c: char) -> bool {
    ((c as u32) < 0x20 && !matches!(c, '\t' | '\n' | '\r')) || c == '\u{FFFE}' || c == '\u{FFFF}'
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_characters_become_entities_and_controls_go() {
        assert_eq!(
            escape("a<b & \"c\"'\u{1}\u{FFFF}"),
            "a&lt;b &amp; &quot;c&quot;&#39;"
        );
        assert_eq!(escape("tab\tand\nline"), "tab\tand\nline");
        assert_eq!(escape("plain −½ text"), "plain −½ text");
    }
}
