//! Noticing that the sources changed, and rebuilding.
//!
//! The one idea: **a burst of file events is one change**. Editors save by writing a temporary
//! file and renaming it, formatters touch several files at once, and a `git checkout` touches
//! dozens; so after the first event that concerns an essay, a template or the configuration, we
//! wait until the sources have been quiet for the debounce interval and then build once. Events
//! the build itself causes (the site folder being swapped, the census cache) are not sources
//! and are ignored, so a build never triggers the next one.

use super::state::State;
use hackenbook_book::driver::{self, rebuild::Rebuilder};
use notify::{Event, EventKind, RecommendedWatcher, RecursiveMode, Watcher};
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How often a waiting watcher looks at the stop flag.
const STOP_CHECK: Duration = Duration::from_millis(100);

/// A source that keeps changing (a tool rewriting a file in a loop) still gets built this often.
const LONGEST_SETTLE: Duration = Duration::from_secs(1);

/// What counts as a source: two folders, watched with everything under them, and one file.
#[derive(Clone, Debug)]
pub struct Sources {
    pub essays: PathBuf,
    pub templates: PathBuf,
    /// `hackenbook.toml`; watched through its folder, so it may appear later.
    pub config: PathBuf,
}

impl Sources {
    /// Whether an event says that a source changed. Reads (inotify reports opening and closing
    /// files as access events) are not changes: the build reads every essay.
    fn touched_by(&self, event: &Event) -> bool {
        !matches!(event.kind, EventKind::Access(_))
            && event.paths.iter().any(|p| {
                p.starts_with(&self.essays) || p.starts_with(&self.templates) || p == &self.config
            })
    }

    fn folders(&self) -> [&Path; 2] {
        [&self.essays, &self.templates]
    }
}

/// A file watcher on the sources, re-armed when a watched folder itself comes or goes.
pub struct Watch {
    watcher: RecommendedWatcher,
    events: Receiver<notify::Result<Event>>,
    sources: Sources,
    armed: HashSet<PathBuf>,
}

impl Watch {
    pub fn new(sources: Sources) -> notify::Result<Watch> {
        let (tx, events) = mpsc::channel();
        let watcher = notify::recommended_watcher(tx)?;
        let mut watch = Watch {
            watcher,
            events,
            sources,
            armed: HashSet::new(),
        };
        watch.arm();
        Ok(watch)
    }

    /// Watches whatever exists of the sources and is not watched yet. A folder that does not
    /// exist yet is noticed through its parent, which is watched without recursion.
    fn arm(&mut self) {
        let mut wanted: Vec<(PathBuf, RecursiveMode)> = Vec::new();
        for folder in self.sources.folders() {
            wanted.push((folder.to_path_buf(), RecursiveMode::Recursive));
            if let Some(parent) = folder.parent() {
                wanted.push((parent.to_path_buf(), RecursiveMode::NonRecursive));
            }
        }
        if let Some(parent) = self.sources.config.parent() {
            wanted.push((parent.to_path_buf(), RecursiveMode::NonRecursive));
        }
        for (path, mode) in wanted {
            if path.is_dir()
                && !self.armed.contains(&path)
                && self.watcher.watch(&path, mode).is_ok()
            {
                self.armed.insert(path);
            }
        }
    }

    /// Blocks until the sources changed and then settled; `false` once `stop` is set.
    pub fn next_change(&mut self, stop: &AtomicBool, debounce: Duration) -> bool {
        loop {
            if stop.load(Ordering::SeqCst) {
                return false;
            }
            match self.events.recv_timeout(STOP_CHECK) {
                Ok(Ok(event)) if self.sources.touched_by(&event) => {
                    self.forget_replaced_folders(&event);
                    self.settle(debounce);
                    self.arm();
                    return true;
                }
                Ok(_) | Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => return false,
            }
        }
    }

    /// Swallows the rest of a burst: returns once no source event came for `debounce`.
    fn settle(&mut self, debounce: Duration) {
        let started = Instant::now();
        let mut quiet_since = Instant::now();
        while quiet_since.elapsed() < debounce && started.elapsed() < LONGEST_SETTLE {
            let left = debounce.saturating_sub(quiet_since.elapsed());
            match self.events.recv_timeout(left) {
                Ok(Ok(event)) if self.sources.touched_by(&event) => {
                    self.forget_replaced_folders(&event);
                    quiet_since = Instant::now();
                }
                Ok(_) => {}
                Err(_) => break,
            }
        }
    }

    /// A watched folder that was removed or renamed loses its watch; the next `arm` adds a new
    /// one if the folder is back.
    fn forget_replaced_folders(&mut self, event: &Event) {
        if matches!(
            event.kind,
            EventKind::Remove(_) | EventKind::Modify(notify::event::ModifyKind::Name(_))
        ) {
            for path in &event.paths {
                if self.sources.folders().contains(&path.as_path()) {
                    let _ = self.watcher.unwatch(path);
                    self.armed.remove(path);
                }
            }
        }
    }
}

/// The cancellation flag of the build under way: the watcher raises it when the sources
/// change, and the build stops where it reads its clock, so a long evaluation never holds up
/// the next build.
#[derive(Debug, Default)]
pub struct Cancel(std::sync::Mutex<Option<Arc<AtomicBool>>>);

impl Cancel {
    fn slot(&self) -> std::sync::MutexGuard<'_, Option<Arc<AtomicBool>>> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A fresh flag for the build about to start.
    fn begin(&self) -> Arc<AtomicBool> {
        let flag = Arc::new(AtomicBool::new(false));
        *self.slot() = Some(Arc::clone(&flag));
        flag
    }

    fn end(&self) {
        *self.slot() = None;
    }

    /// Stops the build under way, if any.
    pub fn raise(&self) {
        if let Some(flag) = self.slot().as_ref() {
            flag.store(true, Ordering::SeqCst);
        }
    }
}

/// Runs the builds and records their outcomes for the request handlers.
pub struct Builder {
    /// Keeps each essay's check between builds, and holds the site (see [`Rebuilder`]).
    pub rebuilder: Rebuilder,
    pub state: std::sync::Arc<State>,
    /// Print a line per build (and the diagnostics of failed ones) to the terminal.
    pub verbose: bool,
    /// The flag of the build under way.
    pub cancel: Arc<Cancel>,
}

impl Builder {
    /// Builds once; returns the version now current. The version moves (and pages reload) as
    /// soon as the pages are written; what is global to the site (search index, fonts, feed)
    /// is written after, and the build counts as running until then. A build cancelled midway
    /// (the sources changed: another build follows) records nothing.
    pub fn rebuild(&mut self) -> u64 {
        self.state.begin_build();
        let started = Instant::now();
        let flag = self.cancel.begin();
        let cancel = Some(Arc::clone(&flag));
        let outcome = self.guarded(|r| r.pages(cancel));
        let took = started.elapsed().as_millis();
        if flag.load(Ordering::SeqCst) {
            self.cancel.end();
            if self.verbose {
                println!("build cancelled after {took} ms: the sources changed");
            }
            self.state.cancel_build();
            return self.state.version();
        }
        let written = match outcome {
            Ok(written) => written,
            Err(failure) => {
                self.cancel.end();
                return self.failed(failure, took);
            }
        };
        if self.verbose {
            let report = &written.report;
            if !report.warnings.is_empty() {
                eprint!(
                    "{}",
                    hackenbook_book::essay::diagnostic::render_warnings(&report.warnings)
                );
            }
            use hackenbook_book::essay::diagnostic::counted;
            let reused = report.pages.saturating_sub(written.rechecked);
            let how = match reused {
                0 => String::new(),
                _ => format!(
                    " ({} checked again, {reused} unchanged)",
                    counted(written.rechecked, "essay")
                ),
            };
            println!("built {} in {took} ms{how}", counted(report.pages, "page"));
        }
        let version = self.state.pages_written();
        let finished = match written.later {
            Some(later) => self.guarded(|r| r.finish(later, || flag.load(Ordering::SeqCst))),
            None => Ok(true),
        };
        self.cancel.end();
        match finished {
            Ok(_) => {
                self.state.end_build();
                version
            }
            Err(failure) => self.failed(failure, started.elapsed().as_millis()),
        }
    }

    /// Runs `f` on the rebuilder; a panic is a bug, but it must not take the watcher down with
    /// it: it fails this build, and the next one starts afresh.
    fn guarded<T>(
        &mut self,
        f: impl FnOnce(&mut Rebuilder) -> Result<T, driver::Failure>,
    ) -> Result<T, driver::Failure> {
        let rebuilder = &mut self.rebuilder;
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| f(rebuilder))).unwrap_or_else(
            |panic| {
                self.rebuilder.forget();
                let what = panic
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| panic.downcast_ref::<String>().cloned())
                    .unwrap_or_default();
                Err(driver::Failure::Other(format!(
                    "internal error, a bug in hackenbook: {what}"
                )))
            },
        )
    }

    fn failed(&self, failure: driver::Failure, took: u128) -> u64 {
        let text = failure.render();
        if self.verbose {
            eprint!("{text}");
            eprintln!("build failed in {took} ms; the pages show the problems");
        }
        self.state.finish_build(Err(text))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use notify::event::{AccessKind, CreateKind, ModifyKind};

    fn sources() -> Sources {
        Sources {
            essays: PathBuf::from("/p/essays"),
            templates: PathBuf::from("/p/templates"),
            config: PathBuf::from("/p/hackenbook.toml"),
        }
    }

    fn event(kind: EventKind, path: &str) -> Event {
        Event::new(kind).add_path(PathBuf::from(path))
    }

    #[test]
    fn sources_are_essays_templates_and_the_configuration() {
        let s = sources();
        let modify = EventKind::Modify(ModifyKind::Any);
        assert!(s.touched_by(&event(modify, "/p/essays/a.md")));
        assert!(s.touched_by(&event(modify, "/p/templates/base.html")));
        assert!(s.touched_by(&event(
            EventKind::Create(CreateKind::File),
            "/p/hackenbook.toml"
        )));
        assert!(s.touched_by(&event(EventKind::Create(CreateKind::Folder), "/p/essays")));
    }

    #[test]
    fn the_builds_own_traces_are_not_sources() {
        let s = sources();
        let modify = EventKind::Modify(ModifyKind::Any);
        assert!(!s.touched_by(&event(modify, "/p/site/index.html")));
        assert!(!s.touched_by(&event(modify, "/p/.site.new")));
        assert!(!s.touched_by(&event(modify, "/p/.hackenbook-cache/x")));
        assert!(!s.touched_by(&event(modify, "/p/essays-old/a.md")));
        assert!(!s.touched_by(&event(EventKind::Access(AccessKind::Any), "/p/essays/a.md")));
    }
}
