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
}

/// The front matter as the TOML says it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Written {
    title: String,
    slug: Option<toml::Spanned<String>>,
    rung: i64,
    #[serde(default)]
    summary: String,
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
        rung: written.rung,
        summary: written.summary,
    })
}
