//! Rebuilding after an edit, for `hackenbook serve`: re-check only what the edit can affect,
//! write the pages first, and what is global to the site after.
//!
//! The one idea: **an essay's check is a function of its own text**. Each essay is checked with
//! a census workspace of its own, so its positions, claims, censuses and page depend on nothing
//! but its source, the binary and the run's settings (time limit, census cache); what crosses
//! essays — slugs, links between them, rungs — is cheap and is checked afresh every time. The
//! one exception is a position of another essay named `slug/NAME`: while any essay names one,
//! every essay is checked again at every build, in ladder order, as a full build checks them. So a
//! [`Rebuilder`] keeps, for each essay that checked without an error, its page and its warnings,
//! and reuses them while the essay's text is unchanged (the process, and so the binary and the
//! settings, stay the same). An essay with an error is checked again at every build.
//!
//! Writing comes in two steps. [`Rebuilder::pages`] writes the pages that changed, each whole,
//! into the site it holds the lock of ([`publish::InPlace`]): that is when a browser may reload.
//! [`Rebuilder::finish`] then writes what any page can change — the search index, the feed and
//! sitemap, the fonts cut to the site's glyphs — and the manifest. Once it has run, the folder
//! is byte for byte what a full `hackenbook build` writes. The first build of a `Rebuilder`
//! publishes the whole site at once, as `build` does.

use super::{
    check_output_place, duplicate_slugs, front_matter_warnings, load, load_config, parse_all,
    render_failure, BuildReport, Failure, Project,
};
use crate::check::{self, CheckOptions, Outcome, Tally};
use crate::essay::Diagnostic;
use crate::page;
use crate::site::publish::{publish_held, write_files, InPlace, PublishError, SiteLock, MANIFEST};
use crate::site::render::{self, PageModel, SiteModel};
use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

/// The command `serve` names in the site's lock.
pub const SERVE_COMMAND: &str = "hackenbook serve";

/// Keeps what each essay's check found and what the site folder holds, between builds.
pub struct Rebuilder {
    project: Project,
    lock: SiteLock,
    /// By the essay's name in the project (`essays/a.md`): what a check without errors found.
    checked: HashMap<String, CheckedPage>,
    /// What the site holds as we last wrote it: `None` until the first build published it whole.
    written: Option<Written>,
}

/// One essay's check and the page it made, kept while the essay's text stays the same.
struct CheckedPage {
    text: Arc<str>,
    page: PageModel,
    /// The warnings of its check and of its page (it had no errors), in the order found.
    check_warnings: Vec<Diagnostic>,
    page_warnings: Vec<Diagnostic>,
    positions: usize,
    claims: usize,
    tally: Tally,
}

/// The site folder's files as last written: pages, and everything else.
#[derive(Default)]
struct Written {
    pages: BTreeMap<String, String>,
    others: BTreeMap<String, Vec<u8>>,
}

/// What [`Rebuilder::finish`] writes after the pages: the files global to the site.
pub struct Later {
    model: SiteModel,
    pages: Vec<(String, String)>,
}

/// A build whose pages are written.
pub struct PagesWritten {
    pub report: BuildReport,
    /// How many essays were checked afresh (the others' checks were reused).
    pub rechecked: usize,
    /// What remains to write, when the pages were written in place.
    pub later: Option<Later>,
}

impl Rebuilder {
    /// Takes the lock of the project's output folder for as long as the rebuilder lives; a
    /// folder another hackenbook holds is refused, naming it.
    pub fn new(project: Project) -> Result<Rebuilder, Failure> {
        let lock = SiteLock::take(&project.out_dir, SERVE_COMMAND)
            .map_err(|refusal| Failure::Other(format!("cannot write the site: {refusal}")))?;
        Ok(Rebuilder {
            project,
            lock,
            checked: HashMap::new(),
            written: None,
        })
    }

    /// Forgets every kept check and what the site holds: the next build checks every essay
    /// and publishes the site whole (after a bug interrupted a build midway).
    pub fn forget(&mut self) {
        self.checked.clear();
        self.written = None;
    }

    /// Checks the essays whose text changed (reusing the others' checks), and writes the pages
    /// that changed. `cancel` stops the checks, as [`Project::cancel`] does. When every essay
    /// passed, the site holds the new pages on return; nothing is written otherwise.
    pub fn pages(
        &mut self,
        cancel: Option<Arc<std::sync::atomic::AtomicBool>>,
    ) -> Result<PagesWritten, Failure> {
        let project = Project {
            cancel,
            ..self.project.clone()
        };
        check_output_place(&project)?;
        let config = load_config(&project)?;
        let files = load(&project)?;
        let mut problems = Vec::new();
        let parsed = parse_all(&files, &mut problems);
        problems.extend(duplicate_slugs(&parsed));
        problems.extend(front_matter_warnings(&parsed));
        let links = check::check_links(&parsed.iter().collect::<Vec<_>>());
        // The essays whose checks cannot be reused, in ladder order, checked with one checker.
        let names: Vec<String> = parsed.iter().map(|e| e.file.name.clone()).collect();
        // An essay that names a position of another (`slug/NAME`) is checked with the essays
        // before it, and its mentions decide which of their names count as used: while any essay,
        // as it is now or as it was kept, names another essay's position, every essay is
        // checked again, as a full build checks it.
        let linked = parsed
            .iter()
            .map(|e| &e.file.text)
            .chain(self.checked.values().map(|k| &k.text))
            .any(|text| !check::qualified_mentions(text).is_empty());
        let (reused, fresh): (Vec<_>, Vec<_>) = parsed.into_iter().partition(|e| {
            !linked
                && self
                    .checked
                    .get(&e.file.name)
                    .is_some_and(|k| *k.text == *e.file.text)
        });
        drop(reused);
        let options = CheckOptions {
            cache_dir: project.cache_dir.clone(),
            time_limit: project.time_limit,
            cancel: project.cancel.clone(),
        };
        crate::site::kept::keep_in(project.cache_dir.as_deref());
        let rechecked = fresh.len();
        let mut this_run: HashMap<String, CheckedPage> = HashMap::new();
        let (checked_each, games) = check::check_each(fresh, &options);
        for (checked, check_problems) in checked_each {
            let mut page_problems = Vec::new();
            let page = page::build_page(&checked, &games, &mut page_problems);
            let kept = CheckedPage {
                text: Arc::clone(&checked.essay.file.text),
                page,
                check_warnings: check_problems,
                page_warnings: page_problems,
                positions: checked
                    .outcomes
                    .iter()
                    .filter(|o| matches!(o, Outcome::Board(_)))
                    .count(),
                claims: checked.claims.len(),
                tally: Tally::of(std::slice::from_ref(&checked)),
            };
            this_run.insert(checked.essay.file.name.clone(), kept);
        }
        crate::site::kept::process().save();
        // Everything in ladder order, as a full build reports it.
        let essays: Vec<&CheckedPage> = names
            .iter()
            .map(|n| this_run.get(n).or_else(|| self.checked.get(n)))
            .collect::<Option<_>>()
            .ok_or_else(|| Failure::Other("internal error: an essay went unchecked".into()))?;
        problems.extend(essays.iter().flat_map(|k| k.check_warnings.iter().cloned()));
        problems.extend(links);
        problems.extend(essays.iter().flat_map(|k| k.page_warnings.iter().cloned()));
        let report = BuildReport {
            pages: essays.len(),
            positions: essays.iter().map(|k| k.positions).sum(),
            claims: essays.iter().map(|k| k.claims).sum(),
            tally: essays.iter().fold(Tally::default(), |mut t, k| {
                t += k.tally;
                t
            }),
            out_dir: project.out_dir.clone(),
            warnings: Vec::new(),
        };
        let model = SiteModel {
            title: config.title.clone(),
            base_url: config.base_url(),
            essays: essays.iter().map(|k| k.page.clone()).collect(),
        };
        drop(essays);
        // An essay's check is kept only when it found no error: an essay with one is checked
        // again next time (it is the one being edited, and its time limits are retried).
        for (name, kept) in this_run {
            let clean = kept
                .check_warnings
                .iter()
                .chain(&kept.page_warnings)
                .all(|d| d.warning);
            if clean {
                self.checked.insert(name, kept);
            } else {
                self.checked.remove(&name);
            }
        }
        self.checked.retain(|name, _| names.contains(name));
        if problems.iter().any(|d| !d.warning) {
            return Err(Failure::Problems(problems));
        }
        let report = BuildReport {
            warnings: problems,
            ..report
        };
        let pages = render::render_pages(&model, &project.templates_dir).map_err(render_failure)?;
        // Read now, so that a stylesheet refused fails the build before any page is written.
        render::stylesheet(&project.templates_dir).map_err(render_failure)?;
        let later = Later { model, pages };
        // A site removed or emptied by hand since is published whole again.
        if !project.out_dir.join(MANIFEST).is_file() {
            self.written = None;
        }
        match &mut self.written {
            None => {
                self.publish_whole(&later)?;
                Ok(PagesWritten {
                    report,
                    rechecked,
                    later: None,
                })
            }
            Some(written) => {
                write_pages(&self.lock, written, &later.pages)
                    .map_err(|e| io_failure(&project, e))?;
                Ok(PagesWritten {
                    report,
                    rechecked,
                    later: Some(later),
                })
            }
        }
    }

    /// Writes what is global to the site after [`Rebuilder::pages`] wrote the pages, and the
    /// manifest; the site is then what a full build writes. Returns `false` when `stop` said to
    /// stop between two files (a newer build will write them).
    pub fn finish(&mut self, later: Later, stop: impl Fn() -> bool) -> Result<bool, Failure> {
        let project = &self.project;
        let others = match render::site_files(
            &later.model,
            &project.templates_dir,
            &later.pages,
            &project.out_dir,
            &stop,
        ) {
            Ok(others) => others,
            Err(render::RenderError::Io { source, .. })
                if source.kind() == std::io::ErrorKind::Interrupted && stop() =>
            {
                return Ok(false)
            }
            Err(e) => return Err(render_failure(e)),
        };
        let Some(written) = &mut self.written else {
            return Ok(true);
        };
        let io = |e| io_failure(project, e);
        let site = InPlace::open(&self.lock).map_err(io)?;
        let new: Vec<&str> = others
            .iter()
            .map(|(n, _)| n.as_str())
            .filter(|n| !written.others.contains_key(*n))
            .collect();
        if !new.is_empty() {
            site.announce(new).map_err(io)?;
        }
        for (name, bytes) in &others {
            if stop() {
                return Ok(false);
            }
            if written.others.get(name) != Some(bytes) {
                site.write(name, bytes).map_err(io)?;
                written.others.insert(name.clone(), bytes.clone());
            }
        }
        let gone: Vec<String> = (written.others.keys())
            .filter(|n| !others.iter().any(|(o, _)| o == *n))
            .cloned()
            .collect();
        for name in gone {
            site.remove(&name).map_err(io)?;
            written.others.remove(&name);
        }
        site.close().map_err(io)?;
        Ok(true)
    }

    /// The first build: the whole site, swapped in as `build` does.
    fn publish_whole(&mut self, later: &Later) -> Result<(), Failure> {
        let project = &self.project;
        let others = render::site_files(
            &later.model,
            &project.templates_dir,
            &later.pages,
            &project.out_dir,
            &|| false,
        )
        .map_err(render_failure)?;
        publish_held(&self.lock, |dir| {
            write_files(dir, render::site_contents(&later.pages, &others))
        })
        .map_err(|e| match e {
            PublishError::Refused(refusal) => {
                Failure::Other(format!("refusing to replace {refusal}"))
            }
            PublishError::Fill(e) | PublishError::Io(e) => io_failure(project, e),
        })?;
        self.written = Some(Written {
            pages: later.pages.iter().cloned().collect(),
            others: others.into_iter().collect(),
        });
        Ok(())
    }
}

/// Writes the pages that differ from the ones written, and removes those no essay has any more.
fn write_pages(
    lock: &SiteLock,
    written: &mut Written,
    pages: &[(String, String)],
) -> std::io::Result<()> {
    let changed: Vec<&(String, String)> = pages
        .iter()
        .filter(|(name, html)| written.pages.get(name) != Some(html))
        .collect();
    let gone: Vec<String> = (written.pages.keys())
        .filter(|n| !pages.iter().any(|(p, _)| p == *n))
        .cloned()
        .collect();
    if changed.is_empty() && gone.is_empty() {
        return Ok(());
    }
    let site = InPlace::open(lock)?;
    let new: Vec<&str> = changed
        .iter()
        .map(|(n, _)| n.as_str())
        .filter(|n| !written.pages.contains_key(*n))
        .collect();
    if !new.is_empty() {
        site.announce(new)?;
    }
    for (name, html) in changed {
        site.write(name, html.as_bytes())?;
        written.pages.insert(name.clone(), html.clone());
    }
    for name in gone {
        site.remove(&name)?;
        written.pages.remove(&name);
    }
    Ok(())
}

fn io_failure(project: &Project, e: std::io::Error) -> Failure {
    Failure::Other(format!(
        "writing the site failed: {}: {e}",
        project.out_dir.display()
    ))
}
