//! Front matter: the TOML between the `+++` lines that opens an essay, saying what it is called and
//! where it stands on the ladder.

use hackenbook_base::suggest::unknown_field;
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
    /// When the essay was first published and last changed (`updated` is never before `date`):
    /// the feed's and the sitemap's dates.
    pub date: Option<Date>,
    pub updated: Option<Date>,
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
            date: None,
            updated: None,
        }
    }
}

/// A calendar day, written in the front matter as a TOML date (`date = 2026-12-01`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Date {
    pub year: u16,
    pub month: u8,
    pub day: u8,
}

impl std::fmt::Display for Date {
    /// `2026-12-01`, as written.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

impl Date {
    /// The day in UTC of a moment given as seconds since 1970-01-01 (the civil calendar from a
    /// day count, after Howard Hinnant's `civil_from_days`).
    pub fn from_unix_seconds(seconds: u64) -> Date {
        let days = i64::try_from(seconds / 86_400).unwrap_or(0) + 719_468;
        let era = days.div_euclid(146_097);
        let day_of_era = days.rem_euclid(146_097);
        let year_of_era =
            (day_of_era - day_of_era / 1_460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
        let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
        let shifted_month = (5 * day_of_year + 2) / 153;
        let day = day_of_year - (153 * shifted_month + 2) / 5 + 1;
        let month = if shifted_month < 10 {
            shifted_month + 3
        } else {
            shifted_month - 9
        };
        let year = year_of_era + era * 400 + i64::from(month <= 2);
        Date {
            year: u16::try_from(year).unwrap_or(u16::MAX),
            month: u8::try_from(month).unwrap_or(1),
            day: u8::try_from(day).unwrap_or(1),
        }
    }

    /// Today, in UTC, by the system clock.
    pub fn today() -> Date {
        let seconds = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        Date::from_unix_seconds(seconds)
    }
}

/// A date of the front matter: a TOML date without a time (`2026-12-01`).
fn date_of(
    written: Option<toml::Spanned<toml::value::Datetime>>,
    key: &str,
) -> Result<Option<(Date, Range<usize>)>, FrontMatterError> {
    let Some(written) = written else {
        return Ok(None);
    };
    let span = written.span();
    let value = written.into_inner();
    match (value.date, value.time, value.offset) {
        (Some(d), None, None) => Ok(Some((
            Date {
                year: d.year,
                month: d.month,
                day: d.day,
            },
            span,
        ))),
        _ => Err(FrontMatterError {
            message: format!("`{key}` is a day, written without a time"),
            span: Some(span),
            help: Some(format!("write the day alone: `{key} = 2026-12-01`")),
        }),
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
    date: Option<toml::Spanned<toml::value::Datetime>>,
    updated: Option<toml::Spanned<toml::value::Datetime>>,
}

/// Where the TOML failed: a message and the byte span within the TOML text.
pub struct FrontMatterError {
    pub message: String,
    pub span: Option<Range<usize>>,
    /// The fix, when the message is ours; else [`FrontMatterError::in_words`] finds one.
    pub help: Option<String>,
}

/// The keys of the front matter, as every help line about them says it.
pub const KEYS_HELP: &str = "the keys are `title`, `slug`, `rung`, `summary`, `date`, `updated`";

impl FrontMatterError {
    /// The problem and its fix in words: what TOML and serde say ("invalid basic string",
    /// "expected a TOML datetime") said as an author reads it, with the key it is about.
    pub fn in_words(&self, toml_text: &str) -> (String, String) {
        let message = self.message.trim_end();
        if let Some(help) = &self.help {
            return (message.to_string(), help.clone());
        }
        if let Some(said) = unknown_field(message) {
            return said;
        }
        let key = self
            .span
            .as_ref()
            .and_then(|s| key_at(toml_text, s.start))
            .unwrap_or("key");
        let quoted = message.split('"').nth(1);
        let (problem, help) = if message.starts_with("invalid basic string") {
            (
                "a string is not closed on its line".to_string(),
                "end it with `\"` on the same line".to_string(),
            )
        } else if message.starts_with("invalid string") {
            // A value TOML cannot read at all, most often words without quotes (`title = One`).
            (
                format!("`{key}` is text, and text goes in quotes"),
                format!("put it in quotes: `{key} = \"…\"`"),
            )
        } else if message.starts_with("invalid escape sequence") {
            (
                "a `\\` in a string starts an escape, and this one is unknown".to_string(),
                "write `\\\\` for a backslash".to_string(),
            )
        } else if message.contains("expected a TOML datetime") {
            match quoted.filter(|_| message.starts_with("invalid type: string")) {
                Some(day) => (
                    format!("`{key}` is a date, written without quotes"),
                    format!("remove the quotes: `{key} = {day}`"),
                ),
                None => (
                    format!("`{key}` is a date"),
                    format!("write it as `{key} = 2026-12-01`"),
                ),
            }
        } else if message.starts_with("invalid date-time") {
            (
                format!("`{key}` is not a day of the calendar"),
                format!("write year, month and day: `{key} = 2026-12-01`"),
            )
        } else if message.ends_with("expected a string") {
            (
                format!("`{key}` is text"),
                format!("put it in quotes: `{key} = \"…\"`"),
            )
        } else if message.ends_with("expected i64") {
            (
                format!("`{key}` is a whole number"),
                format!("write it without quotes: `{key} = 1`"),
            )
        } else if let Some(missing) = message
            .strip_prefix("missing field `")
            .and_then(|m| m.strip_suffix('`'))
        {
            (
                format!("`{missing}` is missing"),
                format!("add a line `{missing} = …`"),
            )
        } else {
            (message.to_string(), KEYS_HELP.to_string())
        };
        (problem, help)
    }
}

/// The key of the TOML line holding byte `at`, if the line is `key = …`.
fn key_at(toml_text: &str, at: usize) -> Option<&str> {
    let start = toml_text.get(..at)?.rfind('\n').map_or(0, |i| i + 1);
    let (key, _) = toml_text[start..].split_once('=')?;
    let key = key.trim();
    (!key.is_empty() && !key.contains(char::is_whitespace)).then_some(key)
}

/// The one rule for slugs, which become file names and link targets: lower-case ASCII
/// letters, digits and hyphens, and not `index` (the site's own page). `None` when `slug`
/// keeps it, else what is wrong, to follow "slug `…`".
pub fn slug_problem(slug: &str) -> Option<&'static str> {
    if slug.is_empty() {
        return Some("is empty");
    }
    if !slug
        .bytes()
        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
    {
        return Some("may only use lower-case letters a-z, digits and hyphens");
    }
    if slug == "index" {
        return Some("is reserved for the site's index page");
    }
    None
}

pub fn parse(toml_text: &str, file_stem: &str) -> Result<FrontMatter, FrontMatterError> {
    let written: Written = toml::from_str(toml_text).map_err(|e| FrontMatterError {
        message: e.message().to_string(),
        span: e.span(),
        help: None,
    })?;
    let (slug, slug_span) = match written.slug {
        Some(s) => (s.get_ref().clone(), Some(s.span())),
        None => (file_stem.to_string(), None),
    };
    if let Some(reason) = slug_problem(&slug) {
        let message = match slug_span {
            Some(_) => format!("slug `{slug}` {reason}"),
            None => {
                format!("the file name gives the slug `{slug}`, which {reason}; add `slug = \"…\"`")
            }
        };
        return Err(FrontMatterError {
            message,
            span: slug_span,
            help: None,
        });
    }
    let date = date_of(written.date, "date")?;
    let updated = date_of(written.updated, "updated")?;
    match (&date, &updated) {
        (None, Some((_, at))) => {
            return Err(FrontMatterError {
                message: "`updated` needs `date`, the day the essay was first published".into(),
                span: Some(at.clone()),
                help: None,
            })
        }
        (Some((first, _)), Some((last, at))) if last < first => {
            return Err(FrontMatterError {
                message: format!("the essay is updated on {last}, before its date, {first}"),
                span: Some(at.clone()),
                help: None,
            })
        }
        _ => {}
    }
    Ok(FrontMatter {
        date: date.map(|(d, _)| d),
        updated: updated.map(|(d, _)| d),
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
