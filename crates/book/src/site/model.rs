//! The site as plain data: what the driver decides the site says ([`SiteModel`], its pages and
//! their claims), and the names of the files it is written to. Rendering it (`render`), its
//! feeds and its search index read this and nothing of each other.

use serde::{Deserialize, Serialize};

/// The whole site: what the driver hands the renderer.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SiteModel {
    pub title: String,
    /// The address the site is published at, ending in `/` (`https://user.github.io/project/`),
    /// for what needs absolute addresses: canonical links, Open Graph, the sitemap, the feed.
    /// Links inside pages stay relative either way.
    pub base_url: Option<String>,
    /// In any order; pages are ordered by (rung, slug).
    pub essays: Vec<PageModel>,
}

/// One essay, ready to be laid out.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PageModel {
    /// The file name without `.html`: a slug ([`crate::essay::front::slug_problem`] says which).
    pub slug: String,
    pub title: String,
    /// Position on the ladder; the index lists essays by rung.
    pub rung: i64,
    /// One or two sentences, plain text.
    pub summary: String,
    /// The day first published and the day last changed, `YYYY-MM-DD` (the feed's and the
    /// sitemap's dates).
    pub date: Option<String>,
    pub updated: Option<String>,
    /// The essay's body as finished HTML (the driver has converted Markdown, maths, diagrams and
    /// claims). Inserted as is.
    pub body_html: String,
    /// Headings of the body, in order; `id` must be the heading's element id in `body_html`.
    pub toc: Vec<TocEntry>,
    /// The claims notebook shown at the end of the page, in order.
    pub claims: Vec<ClaimRow>,
    /// The neighbouring rungs. `None` means "the essay before (after) this one in rung order",
    /// which is what a ladder usually wants; give a link to override it.
    pub prev: Option<Link>,
    pub next: Option<Link>,
}

/// How the answer key of a page of exercises opens: it ends the body, printed on a page of its
/// own and not shown on screen, followed by the exercises' script.
pub const ANSWER_KEY_OPENING: &str = "<section class=\"answer-key\"";

impl PageModel {
    /// The body without its answer key and what follows it: what a reader sees on screen where
    /// our stylesheet does not hide the key (an mdBook chapter), and what search indexes.
    pub fn body_on_screen(&self) -> &str {
        self.body_html
            .find(ANSWER_KEY_OPENING)
            .map_or(&*self.body_html, |end| &self.body_html[..end])
    }
}

/// A heading in the table of contents.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TocEntry {
    /// 2 for `<h2>`, 3 for `<h3>`, ...
    pub level: u8,
    pub id: String,
    /// Plain text of the heading.
    pub text: String,
}

/// One row of the claims notebook: a literal in the prose and the computation behind it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClaimRow {
    /// Element id of the row (unique on the page), e.g. `claim-3`.
    pub id: String,
    /// The literal exactly as written in the prose, e.g. `88%`.
    pub literal: String,
    /// The literal typeset, for a relation written as maths (`{$…$}`); shown instead of `literal`.
    pub literal_html: Option<String>,
    /// The query that computes it.
    pub query: String,
    /// The computed figure, as the census module renders it.
    pub figure: String,
    /// Whether the literal agrees with the figure at its written precision.
    pub holds: bool,
    /// How each figure behind it was computed, one line each: `value: by the game tree (…)`.
    pub how: Vec<String>,
    /// Source file and 1-based line of the claim.
    pub file: String,
    pub line: usize,
    /// The section of the essay the claim stands in: its heading's text and id (both empty
    /// before the first heading); the notebook groups its rows by section.
    pub section: String,
    pub section_id: String,
    /// The claim has an anchor in the page's text (`<id>-text`) to link back to.
    pub in_text: bool,
}

/// A link to another essay of the site, by slug.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Link {
    pub slug: String,
    pub title: String,
}

/// The site's index page, its page for addresses that lead nowhere (GitHub Pages, GitLab Pages
/// and most servers show `404.html`), its sitemap and its Atom feed.
pub const INDEX: &str = "index.html";
pub const NOT_FOUND: &str = "404.html";
/// The page where a reader draws a picture of their own and sees its value (`investigate.js`).
pub const INVESTIGATE: &str = "investigate.html";
pub const SITEMAP: &str = "sitemap.xml";
pub const FEED: &str = "feed.xml";

/// The file name of an essay's page.
pub fn href(slug: &str) -> String {
    format!("{slug}.html")
}
