//! Links between essays are written by slug; a slug that names no essay is a broken link, caught
//! at build time rather than by a reader.

use crate::essay::{Diagnostic, Essay};
use hackenbook_base::suggest::closest;

pub fn check_links(essays: &[&Essay]) -> Vec<Diagnostic> {
    let slugs: Vec<&str> = essays.iter().map(|e| e.front.slug.as_str()).collect();
    let mut problems = Vec::new();
    for essay in essays {
        for link in &essay.links {
            let slug = link.value.split('#').next().unwrap_or("");
            if !slugs.contains(&slug) {
                let mut d = Diagnostic::new(
                    &essay.file,
                    link.span.clone(),
                    format!("broken link: no essay has the slug `{slug}`"),
                )
                .label("links to nothing");
                if let Some(near) = closest(slug, &slugs) {
                    d = d.help(format!("did you mean `{near}`?"));
                }
                problems.push(d);
            }
        }
    }
    problems
}
