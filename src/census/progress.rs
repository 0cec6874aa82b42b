//! A progress bar for long censuses, and only for them.
//!
//! The one idea: a census that finishes within a second should print nothing, so the bar is
//! created hidden and attached to stderr only once a second has passed — and only if stderr is
//! a terminal, so logs and CI output stay clean.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

pub struct Progress {
    bar: ProgressBar,
    start: Instant,
    shown: AtomicBool,
    enabled: bool,
}

impl Progress {
    /// A bar for `total` positions, labelled with the census's name.
    pub fn new(total: u64, label: &str) -> Progress {
        let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::hidden());
        if let Ok(style) = ProgressStyle::with_template(
            "{prefix} [{wide_bar}] {percent:>3}% of {human_len}, {eta} left",
        ) {
            bar.set_style(style.progress_chars("=> "));
        }
        bar.set_prefix(format!("census {label}"));
        Progress {
            bar,
            start: Instant::now(),
            shown: AtomicBool::new(false),
            enabled: std::io::stderr().is_terminal(),
        }
    }

    /// Counts `n` more positions done (callable from any thread).
    pub fn add(&self, n: u64) {
        self.bar.inc(n);
        if self.enabled
            && !self.shown.load(Ordering::Relaxed)
            && self.start.elapsed() > Duration::from_secs(1)
            && !self.shown.swap(true, Ordering::Relaxed)
        {
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
        }
    }

    pub fn finish(&self) {
        if self.shown.load(Ordering::Relaxed) {
            self.bar.finish_and_clear();
        }
    }
}

/// A census stopped midway (its time limit, a cancellation) clears its bar too.
impl Drop for Progress {
    fn drop(&mut self) {
        self.finish();
    }
}
