//! Headings get stable ids derived from their text, so the table of contents and links of the form
//! `slug#heading` have something to point at.

use crate::site::render::TocEntry;

/// The anchor of an essay's claim `index` (0-based, in the order checked) in its page's
/// notebook: `claim-1`, `claim-2`, ... (a prefix no heading's id takes).
pub fn claim_id(index: usize) -> String {
    format!("claim-{}", index + 1)
}
use pulldown_cmark::{Event, HeadingLevel, Tag, TagEnd};

/// Passes events through, holding back each heading until its text (and so its id) is known.
#[derive(Default)]
pub struct Collector<'a> {
    pending: Option<(
        HeadingLevel,
        Option<pulldown_cmark::CowStr<'a>>,
        Vec<Event<'a>>,
    )>,
    toc: Vec<TocEntry>,
}

impl<'a> Collector<'a> {
    pub fn push(&mut self, event: Event<'a>, out: &mut Vec<Event<'a>>) {
        match event {
            Event::Start(Tag::Heading { level, id, .. }) => {
                self.pending = Some((level, id, Vec::new()));
            }
            Event::End(TagEnd::Heading(_)) => self.finish(out),
            other => match &mut self.pending {
                Some((_, _, inner)) => inner.push(other),
                None => out.push(other),
            },
        }
    }

    fn finish(&mut self, out: &mut Vec<Event<'a>>) {
        let Some((level, given, inner)) = self.pending.take() else {
            return;
        };
        let text = plain_text(&inner);
        let id = match given {
            Some(id) => id.to_string(),
            None => self.unique(slugify(&text)),
        };
        self.toc.push(TocEntry {
            level: level as u8, // 1 to 6
            id: id.clone(),
            text,
        });
        out.push(Event::Start(Tag::Heading {
            level,
            id: Some(id.into()),
            classes: Vec::new(),
            attrs: Vec::new(),
        }));
        out.extend(inner);
        out.push(Event::End(TagEnd::Heading(level)));
    }

    fn unique(&self, base: String) -> String {
        // Claims, censuses and positions have ids of their own, and so have the page's text
        // (the skip link's target), the notebook and the census list: a heading may not take
        // them.
        let reserved = ["claim-", "census-", "position-"];
        let whole = ["content", "claims", "censuses"];
        let base = if base.is_empty() {
            "section".to_string()
        } else if reserved.iter().any(|r| base.starts_with(r)) || whole.contains(&base.as_str()) {
            format!("section-{base}")
        } else {
            base
        };
        let taken = |id: &str| self.toc.iter().any(|t| t.id == id);
        if !taken(&base) {
            return base;
        }
        (2..)
            .map(|n| format!("{base}-{n}"))
            .find(|id| !taken(id))
            .unwrap_or(base)
    }

    pub fn into_toc(self) -> Vec<TocEntry> {
        self.toc
    }
}

fn plain_text(events: &[Event]) -> String {
    let mut text = String::new();
    for e in events {
        match e {
            Event::Text(t) | Event::Code(t) | Event::InlineMath(t) => text.push_str(t),
            // Directives and maths were already turned into HTML: keep their visible text only.
            Event::InlineHtml(h) | Event::Html(h) => text.push_str(&strip_tags(h)),
            _ => {}
        }
    }
    text.trim().to_string()
}

/// The visible text of a piece of HTML.
fn strip_tags(html: &str) -> String {
    let mut out = String::new();
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    out
}

/// `The trunk, and everything above it` → `the-trunk-and-everything-above-it`.
pub fn slugify(text: &str) -> String {
    let mut slug = String::new();
    for c in text.chars().flat_map(char::to_lowercase) {
        if c.is_alphanumeric() {
            slug.push(c);
        } else if !slug.ends_with('-') && !slug.is_empty() {
            slug.push('-');
        }
    }
    slug.trim_end_matches('-').to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_are_lower_case_words() {
        assert_eq!(
            slugify("The trunk, and everything above it"),
            "the-trunk-and-everything-above-it"
        );
        assert_eq!(slugify("  G : H  "), "g-h");
    }

    #[test]
    fn headings_leave_the_pages_own_ids_alone() {
        let c = Collector::default();
        assert_eq!(c.unique("content".into()), "section-content");
        assert_eq!(c.unique("claims".into()), "section-claims");
        assert_eq!(c.unique("censuses".into()), "section-censuses");
        assert_eq!(
            c.unique("position-cherry".into()),
            "section-position-cherry"
        );
        assert_eq!(c.unique("contents".into()), "contents");
    }
}
