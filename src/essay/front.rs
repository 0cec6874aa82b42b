//! Front matter: the TOML between the `+++` lines that opens an essay, saying what it is called and
//! where it stands on the ladder.

use serde::Deserialize;
use std::ops::Range;

#[derive(Clone, Debug, PartialEq)]
pub struct FrontMatter {
    pub title: String,
    /// The page's name in links and URLs; defaults to the file's stem.
    pub slug: String,
    /// Where the slug was written, as a byte range of the TOML text (of the file, once the
    /// parser has placed it); `None` when it comes from the file name.
    pub slug_span: Option<Range<usize>>,
    /// Position on the ladder of essays: the index lists essays by rung, prev/next follow it.
    pub rung: i64,
    pub summary: String,
    /// Where the rung and the summary were written, as for `slug_span` (the summary's `None`
    /// when there is none), for warnings about them.
    pub rung_span: Range<usize>,
    pub summary_span: Option<Range<usize>>,
    /// Made up because the front matter could not be read (that is reported): the body is still
    /// checked, and nothing is said about a stand-in's slug or rung.
    pub stand_in: bool,
}

impl FrontMatter {
    /// What an essay whose front matter failed is checked under: the file's name for title and
    /// slug, rung 0.
    pub fn stand_in(file_stem: &str) -> FrontMatter {
        FrontMatter {
            title: file_stem.to_string(),
            slug: file_stem.to_string(),
            slug_span: None,
            rung: 0,
            rung_span: 0..0,
            summary: String::new(),
            summary_span: None,
            stand_in: true,
        }
    }
}

/// The summary `hackenbook new` writes, for the author to replace: published as it is, it is a
/// warning.
pub const PLACEHOLDER_SUMMARY: &str = "One sentence on what this essay shows.";

/// The front matter as the TOML says it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Written {
    title: String,
    slug: Option<toml::Spanned<String>>,
    rung: toml::Spanned<i64>,
    summary: Option<toml::Spanned<String>>,
}

/// Where the TOML failed: a message and the byte span within the TOML text.
pub struct FrontMatterError {
    pub message: String,
    pub span: Option<Range<usize>>,
}

pub fn parse(toml_text: &str, file_stem: &str) -> Result<FrontMatter, FrontMatterError> {
    let written: Written = toml::from_str(toml_text).map_err(|e| FrontMatterError {
        message: e.message().to_string(),
        span: e.span(),
    })?;
    let (slug, slug_span) = match written.slug {
        Some(s) => (s.get_ref().clone(), Some(s.span())),
        None => (file_stem.to_string(), None),
    };
    if let Some(reason) = crate::site::render::slug_problem(&slug) {
        let message = match slug_span {
            Some(_) => format!("slug `{slug}` {reason}"),
            None => {
                format!("the file name gives the slug `{slug}`, which {reason}; add `slug = \"…\"`")
            }
        };
        return Err(FrontMatterError {
            message,
            span: slug_span,
        });
    }
    Ok(FrontMatter {
        title: written.title,
        slug,
        slug_span,
        rung: *written.rung.get_ref(),
        rung_span: written.rung.span(),
        summary: written
            .summary
            .as_ref()
            .map_or_else(String::new, |s| s.get_ref().clone()),
        summary_span: written.summary.map(|s| s.span()),
        stand_in: false,
    })
}
