//! Front matter: the TOML between the `+++` lines that opens an essay, saying what it is called and
//! where it stands on the ladder.

use serde::Deserialize;

#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct FrontMatter {
    pub title: String,
    /// The page's name in links and URLs; defaults to the file's stem.
    #[serde(default)]
    pub slug: String,
    /// Position on the ladder of essays: the index lists essays by rung, prev/next follow it.
    pub rung: i64,
    #[serde(default)]
    pub summary: String,
}

/// Where the TOML failed: a message and the byte span within the TOML text.
pub struct FrontMatterError {
    pub message: String,
    pub span: Option<std::ops::Range<usize>>,
}

pub fn parse(toml_text: &str, file_stem: &str) -> Result<FrontMatter, FrontMatterError> {
    let mut front: FrontMatter = toml::from_str(toml_text).map_err(|e| FrontMatterError {
        message: e.message().to_string(),
        span: e.span(),
    })?;
    if front.slug.is_empty() {
        front.slug = file_stem.to_string();
    }
    if !is_slug(&front.slug) {
        return Err(FrontMatterError {
            message: format!(
                "slug `{}` must be lower-case letters, digits and hyphens",
                front.slug
            ),
            span: toml_text.find("slug").map(|i| i..i + 4),
        });
    }
    Ok(front)
}

pub fn is_slug(s: &str) -> bool {
    !s.is_empty()
        && s.bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}
