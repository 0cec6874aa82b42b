//! A progress bar for long censuses, and only for them.
//!
//! The one idea: a census that finishes within a second should print nothing, so the bar is
//! created hidden and attached to stderr only once a second has passed — and only if stderr is
//! a terminal. A census that runs into a log (a batch job) writes one plain line with its
//! share done and time left every [`LOG_EVERY`] instead, and nothing if it ends sooner, so
//! CI output stays clean.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// How often a census writes a line of progress when stderr is not a terminal.
pub const LOG_EVERY: Duration = Duration::from_secs(30);

pub struct Progress {
    bar: ProgressBar,
    label: String,
    start: Instant,
    shown: AtomicBool,
    enabled: bool,
    /// Whole [`LOG_EVERY`] periods already logged (when stderr is not a terminal).
    logged: AtomicU64,
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
            label: label.to_string(),
            start: Instant::now(),
            shown: AtomicBool::new(false),
            enabled: std::io::stderr().is_terminal(),
            logged: AtomicU64::new(0),
        }
    }

    /// Counts `n` more positions done (callable from any thread).
    pub fn add(&self, n: u64) {
        self.bar.inc(n);
        if !self.enabled {
            let periods = self.start.elapsed().as_secs() / LOG_EVERY.as_secs();
            let before = self.logged.fetch_max(periods, Ordering::Relaxed);
            if periods > before {
                eprintln!("{}", self.line());
            }
            return;
        }
        if self.enabled
            && !self.shown.load(Ordering::Relaxed)
            && self.start.elapsed() > Duration::from_secs(1)
            && !self.shown.swap(true, Ordering::Relaxed)
        {
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
        }
    }

    /// `census forests11: 21% of 140,513,235 forests evaluated after 60 s, about 220 s left`.
    pub fn line(&self) -> String {
        let done = self.bar.position();
        let total = self.bar.length().unwrap_or(done).max(1);
        let elapsed = self.start.elapsed().as_secs_f64();
        let left = elapsed * (total.saturating_sub(done)) as f64 / done.max(1) as f64;
        format!(
            "census {}: {}% of {} forests evaluated after {:.0} s, about {:.0} s left",
            self.label,
            done * 100 / total,
            super::families::group(total.into()),
            elapsed,
            left
        )
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
