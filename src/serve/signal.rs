//! Ctrl-C as a request to stop, not a kill.
//!
//! The one idea: **the signal handler only raises a flag**; the main thread sees it, stops
//! accepting requests, lets a running build finish its folder swap, and returns normally. A
//! second Ctrl-C, when the first one seems to hang (a very long build), ends the process at once.
//! The handlers are `signal-hook`'s, which do only async-signal-safe work.

use signal_hook::consts::{SIGINT, SIGTERM};
use signal_hook::flag;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};

static INTERRUPTED: OnceLock<Arc<AtomicBool>> = OnceLock::new();

/// Installs the handlers for SIGINT and SIGTERM (once; later calls change nothing).
pub fn install() {
    INTERRUPTED.get_or_init(|| {
        let raised = Arc::new(AtomicBool::new(false));
        for signal in [SIGINT, SIGTERM] {
            // The first signal sets the flag; one arriving once it is set ends the process.
            let _ = flag::register_conditional_shutdown(signal, 1, Arc::clone(&raised));
            let _ = flag::register(signal, Arc::clone(&raised));
        }
        raised
    });
}

/// Whether Ctrl-C (or SIGTERM) arrived since [`install`].
pub fn interrupted() -> bool {
    INTERRUPTED
        .get()
        .is_some_and(|raised| raised.load(Ordering::SeqCst))
}
