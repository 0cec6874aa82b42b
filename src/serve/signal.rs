//! Ctrl-C as a request to stop, not a kill.
//!
//! The one idea: **the signal handler only raises a flag**; the main thread sees it, stops
//! accepting requests, lets a running build finish its folder swap, and returns normally. The
//! handler also restores the default action, so a second Ctrl-C ends the process at once when
//! the first one seems to hang (a very long build).

use std::sync::atomic::{AtomicBool, Ordering};

static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Installs the handler for SIGINT and SIGTERM.
pub fn install() {
    #[cfg(unix)]
    unix::install();
}

/// Whether Ctrl-C (or SIGTERM) arrived since [`install`].
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::SeqCst)
}

#[cfg(unix)]
mod unix {
    use super::INTERRUPTED;
    use std::sync::atomic::Ordering;

    /// Only async-signal-safe work here: an atomic store and `signal`.
    extern "C" fn on_signal(signal: libc::c_int) {
        INTERRUPTED.store(true, Ordering::SeqCst);
        // SAFETY: `signal` is async-signal-safe; SIG_DFL is a valid disposition.
        unsafe {
            libc::signal(signal, libc::SIG_DFL);
        }
    }

    pub fn install() {
        let handler = on_signal as extern "C" fn(libc::c_int) as libc::sighandler_t;
        for signal in [libc::SIGINT, libc::SIGTERM] {
            // SAFETY: the handler only touches an atomic and calls an async-signal-safe function.
            unsafe {
                libc::signal(signal, handler);
            }
        }
    }
}
