//! From a renderer-neutral model of the site to HTML files, through Tera templates.
//!
//! The one idea: **the driver decides what the site says, the templates decide how it looks**.
//! [`SiteModel`] is plain data with every piece of content already converted (essay bodies are
//! finished HTML: Markdown, maths, diagrams and claim links done by the driver), so this module
//! only orders pages, links neighbours, fills templates and publishes the folder atomically
//! (see [`super::publish`]). It knows nothing about games or Markdown.
//!
//! # Output layout
//!
//! Flat: `index.html`, one `<slug>.html` per essay, `investigate.html`, `404.html`, `style.css`
//! (and `board.css`, `investigate.css`, which only some pages load), our scripts (`play.js`, which loads `pieces.js`, `board.js` and `player.js` on a reader's first press of *Play*; `exercise.js`, `search.js`, `investigate.js`, `edges.js`), `search-index.js` ([`super::search`]), `fonts/`, and with a `base_url` `sitemap.xml` and `feed.xml` ([`super::feeds`]). Flat files keep
//! every link relative and the site readable straight from disk (`file://`) and under any path,
//! where `<slug>/index.html` would open a folder listing instead of a page.
//!
//! # Template context
//!
//! Templates are `base.html`, `essay.html`, `index.html`, `notebook.html` (the claims notebook,
//! which `essay.html` includes), `investigate.html` and `404.html`; each, and the stylesheet
//! `style.css`, is read from the project's templates folder when it is there and is the built-in
//! copy of this repository's `templates/` (or `src/site/style.css`) otherwise, file by file. They
//! are rendered with autoescaping on (so plain-text fields may hold `<` or `&`). The variables each
//! receives are the stable interface README.md documents ("Templates"): `site` (`title`,
//! `essays`, `base_url`, `base_path`), `href`, `canonical`, `feed` everywhere; `page`, `prev`,
//! `next` in `essay.html`.
//!
//! Claim rows carry `id` as their element id, so the body links a literal to its row with
//! `<a class="claim" href="#ID">literal</a>`.

use std::collections::HashSet;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use serde::Serialize;

use super::assets::asset_files;
use super::feeds;
pub use super::model::{
    href, ClaimRow, Link, PageModel, SiteModel, TocEntry, ANSWER_KEY_OPENING, FEED, INDEX,
    INVESTIGATE, NOT_FOUND, SITEMAP,
};
use super::publish::{publish, write_files, PublishError, Refusal};
use super::search;

/// Why the site could not be written. In every case the previous output folder is untouched.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    #[error("essay slug {slug:?} {reason}")]
    BadSlug { slug: String, reason: &'static str },
    #[error("two essays have the slug {0:?}")]
    DuplicateSlug(String),
    #[error("essay {from:?} links to {to:?}, which is not an essay of this site")]
    UnknownLink { from: String, to: String },
    #[error("template {name}: {message}")]
    Template {
        name: String,
        message: String,
        /// The template file and the 1-based line and column of the problem, when known.
        at: Option<(PathBuf, usize, usize)>,
    },
    #[error("writing {}: {source}", path.display())]
    Io { path: PathBuf, source: io::Error },
    #[error("refusing to replace {0}")]
    Refused(Refusal),
    /// A template refused unread: a link out of the project, or not a regular file.
    #[error("{}: this file is refused, unread: {why}", path.display())]
    Unread { path: PathBuf, why: String },
}

/// The project's templates, built in: a templates folder that lacks one of these files (or
/// does not exist) gets the built-in copy, so a project needs no `templates/` of its own and can
/// override just the one it wants to change.
const BUILT_IN: [(&str, &str); 6] = [
    ("base.html", include_str!("../../../../templates/base.html")),
    (
        "essay.html",
        include_str!("../../../../templates/essay.html"),
    ),
    (
        "index.html",
        include_str!("../../../../templates/index.html"),
    ),
    ("404.html", include_str!("../../../../templates/404.html")),
    (
        "investigate.html",
        include_str!("../../../../templates/investigate.html"),
    ),
    (
        "notebook.html",
        include_str!("../../../../templates/notebook.html"),
    ),
];

/// The stylesheet a project may override with `templates/style.css`.
const STYLESHEET: &str = "style.css";

/// Renders every page with the templates in `templates_dir` and replaces `out_dir` with a
/// folder holding the pages, the assets, and with a `base_url` the sitemap and the feed. Returns
/// the pages written (`index.html` first, then essays in rung order, then `investigate.html`
/// and `404.html`), as paths
/// inside `out_dir`.
pub fn render_site(
    model: &SiteModel,
    templates_dir: &Path,
    out_dir: &Path,
) -> Result<Vec<PathBuf>, RenderError> {
    let pages = render_pages(model, templates_dir)?;
    let others = site_files(model, templates_dir, &pages, out_dir, &|| false)?;
    publish(out_dir, |dir| {
        write_files(dir, site_contents(&pages, &others))
    })
    .map_err(|e| match e {
        PublishError::Refused(refusal) => RenderError::Refused(refusal),
        PublishError::Fill(source) | PublishError::Io(source) => RenderError::Io {
            path: out_dir.to_path_buf(),
            source,
        },
    })?;
    Ok(pages.iter().map(|(name, _)| out_dir.join(name)).collect())
}

/// The pages and the other files of a site, as (path inside the site, bytes): what
/// [`write_files`] fills a new site with.
pub fn site_contents<'s>(
    pages: &'s [(String, String)],
    others: &'s [(String, Vec<u8>)],
) -> impl Iterator<Item = (&'s str, &'s [u8])> {
    let pages = pages.iter().map(|(n, html)| (n.as_str(), html.as_bytes()));
    pages.chain(others.iter().map(|(n, b)| (n.as_str(), b.as_slice())))
}

/// Every file of the site besides its pages (the search index, with a `base_url` the sitemap
/// and the feed, and the assets: stylesheet, scripts, fonts cut to the glyphs of `pages`), as
/// (path inside the site, bytes). What is global to the site: any page's edit may change it.
/// `out_dir` only names the site in an error; `stopped` is asked between the slow parts (see
/// [`asset_files`]).
pub fn site_files(
    model: &SiteModel,
    templates_dir: &Path,
    pages: &[(String, String)],
    out_dir: &Path,
    stopped: &dyn Fn() -> bool,
) -> Result<Vec<(String, Vec<u8>)>, RenderError> {
    let stylesheet = stylesheet(templates_dir)?;
    let pages_in_order = ordered(model);
    let mut files = vec![(
        search::INDEX_FILE.to_string(),
        search::index_script(&search::documents(ordered(model))).into_bytes(),
    )];
    if let Some(base_url) = &model.base_url {
        files.push((
            SITEMAP.to_string(),
            feeds::sitemap(base_url, &pages_in_order).into_bytes(),
        ));
        if let Some(feed) = feeds::feed(&model.title, base_url, &pages_in_order) {
            files.push((FEED.to_string(), feed.into_bytes()));
        }
    }
    let assets = asset_files(
        pages.iter().map(|(_, html)| html.as_str()),
        &stylesheet,
        stopped,
    )
    .map_err(|source| RenderError::Io {
        path: out_dir.to_path_buf(),
        source,
    })?;
    files.extend(assets);
    Ok(files)
}

/// The stylesheet: the project's `templates/style.css`, or ours.
pub fn stylesheet(templates_dir: &Path) -> Result<String, RenderError> {
    read_override(templates_dir, STYLESHEET, super::assets::STYLE_CSS)
}

/// The pages of the site in memory, as (file name, HTML): `index.html` first, then essays in
/// rung order, then `investigate.html` (the reader's own pictures, valued in the page by
/// `investigate.js`) and `404.html`. Nothing is written.
pub fn render_pages(
    model: &SiteModel,
    templates_dir: &Path,
) -> Result<Vec<(String, String)>, RenderError> {
    validate(model)?;
    let tera = load_templates(templates_dir)?;
    let ordered = ordered(model);
    let base_url = model.base_url.as_deref();
    let site = SiteContext {
        title: &model.title,
        essays: ordered.iter().map(|p| EssayLink::of(p)).collect(),
        base_url,
        base_path: base_url.map(feeds::path_of),
    };
    // What every page's context holds: the site, the page's own file name, its absolute address
    // (with a base_url) and the feed's file name (when there is a feed).
    let has_feed = base_url.is_some() && ordered.iter().any(|p| p.date.is_some());
    let context_for = |file: &str| {
        let mut context = tera::Context::new();
        context.insert("site", &site);
        context.insert("href", file);
        if let Some(base) = base_url {
            context.insert("canonical", &feeds::url_of(base, file));
        }
        if has_feed {
            context.insert("feed", FEED);
        }
        context
    };
    let mut pages = Vec::with_capacity(ordered.len() + 2);
    pages.push((
        INDEX.to_string(),
        fill(&tera, templates_dir, INDEX, &context_for(INDEX))?,
    ));
    for (i, page) in ordered.iter().enumerate() {
        let mut context = context_for(&href(&page.slug));
        context.insert("page", page);
        let prev = neighbour(&page.prev, i.checked_sub(1).map(|j| ordered[j]));
        let next = neighbour(&page.next, ordered.get(i + 1).copied());
        if let Some(prev) = prev {
            context.insert("prev", &prev);
        }
        if let Some(next) = next {
            context.insert("next", &next);
        }
        pages.push((
            href(&page.slug),
            fill(&tera, templates_dir, "essay.html", &context)?,
        ));
    }
    pages.push((
        INVESTIGATE.to_string(),
        fill(&tera, templates_dir, INVESTIGATE, &context_for(INVESTIGATE))?,
    ));
    let mut not_found = context_for(NOT_FOUND);
    not_found.remove("canonical");
    pages.push((
        NOT_FOUND.to_string(),
        fill(&tera, templates_dir, NOT_FOUND, &not_found)?,
    ));
    Ok(pages)
}

/// The claims notebook of `page` alone (the built-in `notebook.html`, which `essay.html`
/// includes), for a page that hackenbook does not lay out itself: a chapter of an mdBook book.
/// Empty when the page has no claims.
pub fn notebook_html(page: &PageModel) -> Result<String, RenderError> {
    let mut tera = tera::Tera::default();
    tera.autoescape_on(vec![".html"]);
    let (name, source) = BUILT_IN
        .into_iter()
        .find(|(name, _)| *name == "notebook.html")
        .expect("the notebook template is built in");
    tera.add_raw_template(name, source)
        .map_err(|e| RenderError::Template {
            name: name.to_string(),
            message: error_chain(&e),
            at: None,
        })?;
    let mut context = tera::Context::new();
    context.insert("page", page);
    fill(&tera, Path::new(""), name, &context)
}

#[derive(Serialize)]
struct SiteContext<'a> {
    title: &'a str,
    essays: Vec<EssayLink<'a>>,
    base_url: Option<&'a str>,
    /// The path part of `base_url` (`/project/`): the 404 page's `<base>`, since a server shows
    /// it at whatever address was asked for.
    base_path: Option<&'a str>,
}

#[derive(Serialize)]
struct EssayLink<'a> {
    slug: &'a str,
    title: &'a str,
    rung: i64,
    summary: &'a str,
    date: Option<&'a str>,
    updated: Option<&'a str>,
    href: String,
}

impl<'a> EssayLink<'a> {
    fn of(page: &'a PageModel) -> EssayLink<'a> {
        EssayLink {
            slug: &page.slug,
            title: &page.title,
            rung: page.rung,
            summary: &page.summary,
            date: page.date.as_deref(),
            updated: page.updated.as_deref(),
            href: href(&page.slug),
        }
    }
}

#[derive(Serialize)]
struct NeighbourLink {
    slug: String,
    title: String,
    href: String,
}

/// The explicit link if given, else the neighbour in rung order.
fn neighbour(explicit: &Option<Link>, adjacent: Option<&PageModel>) -> Option<NeighbourLink> {
    let (slug, title) = match (explicit, adjacent) {
        (Some(link), _) => (link.slug.clone(), link.title.clone()),
        (None, Some(page)) => (page.slug.clone(), page.title.clone()),
        (None, None) => return None,
    };
    Some(NeighbourLink {
        href: href(&slug),
        slug,
        title,
    })
}

/// Essays by (rung, slug): a total order, so the output never depends on input order.
fn ordered(model: &SiteModel) -> Vec<&PageModel> {
    let mut pages: Vec<&PageModel> = model.essays.iter().collect();
    pages.sort_by(|a, b| (a.rung, &a.slug).cmp(&(b.rung, &b.slug)));
    pages
}

/// Slugs become file names and link targets, so they are checked before anything is written.
fn validate(model: &SiteModel) -> Result<(), RenderError> {
    let mut seen = HashSet::new();
    for page in &model.essays {
        check_slug(&page.slug)?;
        if !seen.insert(page.slug.as_str()) {
            return Err(RenderError::DuplicateSlug(page.slug.clone()));
        }
    }
    for page in &model.essays {
        for link in [&page.prev, &page.next].into_iter().flatten() {
            if !seen.contains(link.slug.as_str()) {
                return Err(RenderError::UnknownLink {
                    from: page.slug.clone(),
                    to: link.slug.clone(),
                });
            }
        }
    }
    Ok(())
}

fn check_slug(slug: &str) -> Result<(), RenderError> {
    match crate::essay::front::slug_problem(slug) {
        Some(reason) => Err(RenderError::BadSlug {
            slug: slug.to_string(),
            reason,
        }),
        None => Ok(()),
    }
}

/// The project's copy of a built-in file (`templates/NAME`), or the built-in text when it has
/// none. The copy must lie inside the project folder (the templates folder's parent) once its
/// links are followed, and be a regular file: otherwise it is refused unread.
fn read_override(dir: &Path, name: &str, built_in: &str) -> Result<String, RenderError> {
    use hackenbook_base::files::{read_within, FileError};
    let path = dir.join(name);
    let project = dir.parent().filter(|p| !p.as_os_str().is_empty());
    match read_within(&path, project.unwrap_or(Path::new("."))) {
        Ok(bytes) => String::from_utf8(bytes).map_err(|e| RenderError::Io {
            path,
            source: io::Error::new(io::ErrorKind::InvalidData, e),
        }),
        Err(FileError::Io(e)) if e.kind() == io::ErrorKind::NotFound => Ok(built_in.to_string()),
        Err(FileError::Io(source)) => Err(RenderError::Io { path, source }),
        Err(FileError::Refused(refused)) => Err(RenderError::Unread {
            path,
            why: refused.to_string(),
        }),
    }
}

fn load_templates(dir: &Path) -> Result<tera::Tera, RenderError> {
    let mut sources = Vec::with_capacity(BUILT_IN.len());
    for (name, built_in) in BUILT_IN {
        sources.push((name, read_override(dir, name, built_in)?));
    }
    let mut tera = tera::Tera::default();
    tera.autoescape_on(vec![".html"]);
    tera.add_raw_templates(sources).map_err(|e| {
        let message = error_chain(&e);
        // Tera says "Failed to parse 'NAME'", and its parser "--> LINE:COLUMN".
        let name = between(&message, "Failed to parse '", "'").unwrap_or("");
        let at = between(&message, "--> ", "\n").and_then(|place| {
            let (line, column) = place.trim().split_once(':')?;
            Some((dir.join(name), line.parse().ok()?, column.parse().ok()?))
        });
        RenderError::Template {
            name: if name.is_empty() {
                dir.display().to_string()
            } else {
                name.to_string()
            },
            message,
            at: at.filter(|(path, ..)| path.is_file()),
        }
    })?;
    // A template that includes itself would overflow the stack when filled: refused first.
    super::recursion::check(&tera, dir).map_err(|l| RenderError::Template {
        name: l.name,
        message: l.message,
        at: l.at,
    })?;
    Ok(tera)
}

fn fill(
    tera: &tera::Tera,
    templates_dir: &Path,
    name: &str,
    context: &tera::Context,
) -> Result<String, RenderError> {
    tera.render(name, context).map_err(|e| {
        let message = error_chain(&e);
        // Tera names the variable it missed but not where: its first mention is the place.
        let path = templates_dir.join(name);
        let at = between(&message, "Variable `", "` not found").and_then(|variable| {
            let text = fs::read_to_string(&path).ok()?;
            let offset = text.find(variable)?;
            let before = &text[..offset];
            let line = before.matches('\n').count() + 1;
            let line_start = before.rfind('\n').map_or(0, |i| i + 1);
            let column = before[line_start..].chars().count() + 1;
            Some((path.clone(), line, column))
        });
        RenderError::Template {
            name: name.to_string(),
            message,
            at,
        }
    })
}

/// The text between the first `start` and the next `end` after it.
fn between<'a>(text: &'a str, start: &str, end: &str) -> Option<&'a str> {
    let from = text.find(start)? + start.len();
    let to = text[from..].find(end).map_or(text.len(), |i| from + i);
    Some(&text[from..to])
}

/// Tera puts the useful part of a message (which variable, which line) in the error's sources.
fn error_chain(error: &dyn std::error::Error) -> String {
    let mut message = error.to_string();
    let mut source = error.source();
    while let Some(inner) = source {
        message.push_str(": ");
        message.push_str(&inner.to_string());
        source = inner.source();
    }
    message
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(slug: &str, rung: i64) -> PageModel {
        PageModel {
            slug: slug.into(),
            title: format!("Essay {slug}"),
            rung,
            ..PageModel::default()
        }
    }

    #[test]
    fn slugs_are_checked() {
        for bad in ["", "Index", "a/b", "../x", "index", "é", "a_b"] {
            assert!(check_slug(bad).is_err(), "{bad}");
        }
        assert!(check_slug("a-tree-2").is_ok());
    }

    #[test]
    fn duplicate_slugs_and_unknown_links_are_errors() {
        let site = SiteModel {
            title: "t".into(),
            base_url: None,
            essays: vec![page("a", 1), page("a", 2)],
        };
        assert!(matches!(
            validate(&site),
            Err(RenderError::DuplicateSlug(_))
        ));
        let mut lonely = page("a", 1);
        lonely.next = Some(Link {
            slug: "nowhere".into(),
            title: "x".into(),
        });
        let site = SiteModel {
            title: "t".into(),
            base_url: None,
            essays: vec![lonely],
        };
        assert!(matches!(
            validate(&site),
            Err(RenderError::UnknownLink { .. })
        ));
    }

    #[test]
    fn neighbours_default_to_rung_order() {
        let (b, c) = (page("b", 2), page("c", 3));
        let link = neighbour(&None, Some(&b)).unwrap();
        assert_eq!((link.slug.as_str(), link.href.as_str()), ("b", "b.html"));
        let explicit = Some(Link {
            slug: "z".into(),
            title: "Z".into(),
        });
        assert_eq!(neighbour(&explicit, Some(&c)).unwrap().slug, "z");
        assert!(neighbour(&None, None).is_none());
    }

    #[test]
    fn order_is_by_rung_then_slug() {
        let site = SiteModel {
            title: "t".into(),
            base_url: None,
            essays: vec![page("z", 1), page("b", 2), page("a", 2)],
        };
        let slugs: Vec<&str> = ordered(&site).iter().map(|p| p.slug.as_str()).collect();
        assert_eq!(slugs, ["z", "a", "b"]);
    }
}
