//! What the server knows about the latest build.
//!
//! The one idea: **a single version number orders everything a browser has seen**. Every
//! finished build that changes what pages say (a success, or a failure with new diagnostics)
//! bumps it; a page is served stamped with the version it was read under, and the live-reload
//! script asks the server to answer as soon as the version moves past that stamp. One mutex and
//! one condition variable carry the version, the latest failure and whether a build is running.

use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// Shared between the watcher (which writes) and the request handlers (which read and wait).
#[derive(Default)]
pub struct State {
    inner: Mutex<Inner>,
    changed: Condvar,
}

#[derive(Default)]
struct Inner {
    version: u64,
    /// The rendered diagnostics of the latest build, if it failed.
    failure: Option<Arc<str>>,
    building: bool,
    stopping: bool,
    /// Builds stopped midway because the sources changed.
    cancelled: u64,
}

/// What a request handler needs to know, read once per request.
#[derive(Clone, Debug)]
pub struct Snapshot {
    pub version: u64,
    pub failure: Option<Arc<str>>,
}

impl State {
    pub fn new() -> State {
        State::default()
    }

    /// A state whose versions count up from `version`. A server started afresh passes a number
    /// of its own (the clock), so a page left open from an earlier run of the server sees a
    /// version it has never seen and reloads.
    pub fn starting_at(version: u64) -> State {
        let state = State::default();
        state.lock().version = version;
        state
    }

    /// A poisoned lock only means another thread panicked mid-update of plain values; the
    /// values are still meaningful, so keep serving rather than spread the panic.
    fn lock(&self) -> MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub fn snapshot(&self) -> Snapshot {
        let inner = self.lock();
        Snapshot {
            version: inner.version,
            failure: inner.failure.clone(),
        }
    }

    pub fn version(&self) -> u64 {
        self.lock().version
    }

    pub fn begin_build(&self) {
        self.lock().building = true;
    }

    /// Whether a build is running.
    pub fn building(&self) -> bool {
        self.lock().building
    }

    /// Records a build stopped midway (another follows): nothing a page shows changes.
    pub fn cancel_build(&self) {
        let mut inner = self.lock();
        inner.building = false;
        inner.cancelled += 1;
        self.changed.notify_all();
    }

    /// How many builds were stopped midway so far.
    pub fn cancelled(&self) -> u64 {
        self.lock().cancelled
    }

    /// Records a finished build: `Err` holds its rendered diagnostics. Returns the version now
    /// current. A failure identical to the one already shown does not bump the version, so an
    /// unrelated save does not reload a page that would look the same.
    pub fn finish_build(&self, outcome: Result<(), String>) -> u64 {
        let mut inner = self.lock();
        inner.building = false;
        let bump = match (&outcome, &inner.failure) {
            (Err(new), Some(old)) => **old != **new,
            _ => true,
        };
        inner.failure = outcome.err().map(Arc::from);
        if bump {
            inner.version += 1;
        }
        self.changed.notify_all();
        inner.version
    }

    /// Records that a build wrote its pages (what is global to the site follows): the version
    /// moves, so pages reload, and the build still counts as running until [`State::end_build`].
    pub fn pages_written(&self) -> u64 {
        let mut inner = self.lock();
        inner.failure = None;
        inner.version += 1;
        self.changed.notify_all();
        inner.version
    }

    /// Records that the build under way has written everything.
    pub fn end_build(&self) {
        self.lock().building = false;
        self.changed.notify_all();
    }

    /// Waits until the version differs from `seen`, the server stops, or `timeout` passes;
    /// returns the version then current.
    pub fn wait_for_change(&self, seen: u64, timeout: Duration) -> u64 {
        self.wait_while(timeout, |inner| inner.version == seen)
            .version
    }

    /// Waits until no build is running (or the server stops, or `timeout` passes).
    pub fn wait_until_idle(&self, timeout: Duration) {
        drop(self.wait_while(timeout, |inner| inner.building));
    }

    /// Wakes every waiting handler and makes later waits return at once.
    pub fn stop(&self) {
        self.lock().stopping = true;
        self.changed.notify_all();
    }

    fn wait_while(
        &self,
        timeout: Duration,
        mut pending: impl FnMut(&Inner) -> bool,
    ) -> MutexGuard<'_, Inner> {
        let deadline = Instant::now() + timeout;
        let mut inner = self.lock();
        while pending(&inner) && !inner.stopping {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                break;
            }
            inner = match self.changed.wait_timeout(inner, left) {
                Ok((guard, _)) => guard,
                Err(e) => e.into_inner().0,
            };
        }
        inner
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::thread;

    #[test]
    fn successes_always_bump_and_repeated_failures_do_not() {
        let state = State::new();
        assert_eq!(state.finish_build(Ok(())), 1);
        assert_eq!(state.finish_build(Err("e1".into())), 2);
        assert_eq!(state.finish_build(Err("e1".into())), 2);
        assert_eq!(state.finish_build(Err("e2".into())), 3);
        assert_eq!(state.snapshot().failure.as_deref(), Some("e2"));
        assert_eq!(state.finish_build(Ok(())), 4);
        assert!(state.snapshot().failure.is_none());
    }

    #[test]
    fn versions_count_up_from_the_start() {
        let state = State::starting_at(1000);
        assert_eq!(state.version(), 1000);
        assert_eq!(state.finish_build(Ok(())), 1001);
    }

    #[test]
    fn a_waiter_wakes_on_the_next_build() {
        let state = Arc::new(State::new());
        let waiter = {
            let state = Arc::clone(&state);
            thread::spawn(move || state.wait_for_change(0, Duration::from_secs(30)))
        };
        state.finish_build(Ok(()));
        assert_eq!(waiter.join().unwrap(), 1);
    }

    #[test]
    fn waiting_times_out_with_the_same_version() {
        let state = State::new();
        assert_eq!(state.wait_for_change(0, Duration::from_millis(20)), 0);
    }

    #[test]
    fn stopping_releases_waiters() {
        let state = Arc::new(State::new());
        state.begin_build();
        let waiter = {
            let state = Arc::clone(&state);
            thread::spawn(move || state.wait_until_idle(Duration::from_secs(30)))
        };
        state.stop();
        waiter.join().unwrap();
    }
}
