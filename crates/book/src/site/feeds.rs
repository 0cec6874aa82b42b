//! The files read away from the site: `sitemap.xml` for search engines and the Atom feed
//! `feed.xml` for feed readers.
//!
//! The one idea: **absolute addresses live here and nowhere else**. Pages link each other
//! relatively, so a site works from `file://` and under any path; a sitemap and a feed are read
//! by programs that never saw the site's folder, so every address in them is the project's
//! `base_url` joined with a page's file name. Without a `base_url` neither file is written.
//! Both are deterministic: dates come from the essays' front matter, never from the clock.

use super::escape_html as escape;
use super::model::{href, PageModel, INDEX, INVESTIGATE};

/// The absolute address of a file of the site: the index is the site's own address.
pub fn url_of(base_url: &str, file: &str) -> String {
    if file == INDEX {
        base_url.to_string()
    } else {
        format!("{base_url}{file}")
    }
}

/// The path of a `base_url` (`https://user.github.io/project/` → `/project/`; a bare host → `/`).
pub fn path_of(base_url: &str) -> &str {
    let after_scheme = base_url
        .split_once("://")
        .map_or(base_url, |(_, rest)| rest);
    after_scheme.find('/').map_or("/", |i| &after_scheme[i..])
}

/// A sitemap (sitemaps.org 0.9) of the index and every essay, with the day an essay last
/// changed as its `lastmod`. `pages` in ladder order.
pub fn sitemap(base_url: &str, pages: &[&PageModel]) -> String {
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    let last_change = pages.iter().filter_map(|p| last_changed(p)).max();
    let index = std::iter::once((url_of(base_url, INDEX), last_change));
    let essays = pages
        .iter()
        .map(|p| (url_of(base_url, &href(&p.slug)), last_changed(p)));
    // The investigate page has no date of its own: it changes with hackenbook, not the essays.
    let investigate = std::iter::once((url_of(base_url, INVESTIGATE), None));
    for (url, lastmod) in index.chain(essays).chain(investigate) {
        xml.push_str(&format!("<url><loc>{}</loc>", escape(&url)));
        if let Some(day) = lastmod {
            xml.push_str(&format!("<lastmod>{}</lastmod>", escape(day)));
        }
        xml.push_str("</url>\n");
    }
    xml.push_str("</urlset>\n");
    xml
}

/// An Atom feed (RFC 4287) of the essays that have a `date`, the most recently changed first:
/// each entry with its title, link, id (its address), `published`, `updated` and summary. The
/// feed's author is the site. `None` when no essay has a date.
pub fn feed(site_title: &str, base_url: &str, pages: &[&PageModel]) -> Option<String> {
    let mut dated: Vec<(&PageModel, &str)> = pages
        .iter()
        .filter_map(|p| Some((*p, last_changed(p)?)))
        .collect();
    // Newest first; on one day, in ladder order (the sort is stable).
    dated.sort_by(|a, b| b.1.cmp(a.1));
    let newest = dated.first()?.1;
    let mut xml = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <feed xmlns=\"http://www.w3.org/2005/Atom\">\n\
         <title>{title}</title>\n\
         <id>{base}</id>\n\
         <link rel=\"alternate\" type=\"text/html\" href=\"{base}\"/>\n\
         <link rel=\"self\" type=\"application/atom+xml\" href=\"{this}\"/>\n\
         <updated>{updated}</updated>\n\
         <author><name>{title}</name></author>\n",
        title = escape(site_title),
        base = escape(base_url),
        this = escape(&url_of(base_url, super::model::FEED)),
        updated = moment(newest),
    );
    for (page, updated) in dated {
        let url = escape(&url_of(base_url, &href(&page.slug)));
        xml.push_str(&format!(
            "<entry>\n<title>{}</title>\n<link rel=\"alternate\" type=\"text/html\" href=\"{url}\"/>\n\
             <id>{url}</id>\n",
            escape(&page.title)
        ));
        if let Some(date) = &page.date {
            xml.push_str(&format!("<published>{}</published>\n", moment(date)));
        }
        xml.push_str(&format!("<updated>{}</updated>\n", moment(updated)));
        if !page.summary.is_empty() {
            xml.push_str(&format!("<summary>{}</summary>\n", escape(&page.summary)));
        }
        xml.push_str("</entry>\n");
    }
    xml.push_str("</feed>\n");
    Some(xml)
}

/// The day an essay last changed: `updated`, else `date`.
fn last_changed(page: &PageModel) -> Option<&str> {
    page.updated.as_deref().or(page.date.as_deref())
}

/// A day as an RFC 3339 moment, Atom's only form of date: its start, in UTC.
fn moment(day: &str) -> String {
    format!("{}T00:00:00Z", escape(day))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_of_base_urls() {
        assert_eq!(path_of("https://user.github.io/project/"), "/project/");
        assert_eq!(path_of("https://example.org/"), "/");
        assert_eq!(path_of("https://example.org"), "/");
        assert_eq!(url_of("https://a.b/c/", "x.html"), "https://a.b/c/x.html");
        assert_eq!(url_of("https://a.b/c/", INDEX), "https://a.b/c/");
    }

    #[test]
    fn undated_essays_stay_out_of_the_feed() {
        let undated = PageModel {
            slug: "a".into(),
            title: "A".into(),
            ..PageModel::default()
        };
        assert_eq!(feed("t", "https://a.b/", &[&undated]), None);
        let dated = PageModel {
            slug: "b".into(),
            title: "B & C".into(),
            date: Some("2026-11-02".into()),
            updated: Some("2026-11-30".into()),
            ..PageModel::default()
        };
        let xml = feed("t", "https://a.b/", &[&undated, &dated]).unwrap();
        assert_eq!(xml.matches("<entry>").count(), 1);
        assert!(xml.contains("<title>B &amp; C</title>"), "{xml}");
        assert!(xml.contains("<published>2026-11-02T00:00:00Z</published>"));
        assert!(xml.contains("<updated>2026-11-30T00:00:00Z</updated>\n<author>"));
    }
}
