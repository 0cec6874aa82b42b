//! The site: everything between checked essays and files a browser opens.
//!
//! The one idea: **the driver hands over plain data ([`render::SiteModel`]) and gets back a
//! finished, self-contained folder**: HTML from Tera templates, maths already typeset as MathML
//! ([`maths`]), our stylesheet and the fonts it names, cut to the glyphs the pages use ([`assets`],
//! [`webfont`]). Nothing on a page is fetched
//! from outside the site, and the folder is swapped in whole or not at all.
pub mod assets;
pub mod feeds;
pub mod flow;
pub mod kept;
mod mathml;
pub mod maths;
pub mod model;
pub mod publish;
mod recursion;
pub mod render;
pub mod search;
pub mod spacing;
pub mod webfont;

/// Escapes text for HTML element content and attribute values (the crate's one escaper).
pub use hackenbook_base::escape::escape as escape_html;
