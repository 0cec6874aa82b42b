//! The site: everything between checked essays and files a browser opens.
//!
//! The one idea: **the driver hands over plain data ([`render::SiteModel`]) and gets back a
//! finished, self-contained folder**: HTML from Tera templates, maths already typeset as MathML
//! ([`maths`]), our stylesheet and the fonts it names ([`assets`]). Nothing on a page is fetched
//! from outside the site, and the folder is swapped in whole or not at all.
pub mod assets;
mod mathml;
pub mod maths;
pub mod publish;
pub mod render;
pub mod spacing;

/// Escapes text for HTML element content and attribute values.
pub fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}
