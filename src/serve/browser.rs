//! `serve --open`: the served site opened in the reader's browser, or a plain sentence saying
//! why none could be, and where to point one. The server runs on either way.
//!
//! The one idea: **opening a browser is the system's opener's job (`xdg-open`, `open` on
//! macOS), and its failure is said, never swallowed**: no graphical session, no opener
//! installed, or an opener that found no browser (its exit status) each get a sentence naming
//! the address to open by hand.

use std::process::{Command, Stdio};
use std::thread;

/// The program that opens a URL in the user's browser.
#[cfg(target_os = "macos")]
const OPENER: &str = "open";
#[cfg(not(target_os = "macos"))]
const OPENER: &str = "xdg-open";

/// Opens `url` in a browser. Returns at once: the opener is waited for on a thread of its own,
/// and its failure is printed to standard error when it comes.
pub fn open(url: &str) {
    if let Some(why) = no_graphical_session() {
        say_not_opened(url, &why);
        return;
    }
    let child = Command::new(OPENER)
        .arg(url)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn();
    let mut child = match child {
        Ok(child) => child,
        Err(e) => {
            say_not_opened(url, &format!("`{OPENER}` could not be started ({e})"));
            return;
        }
    };
    let url = url.to_string();
    // Reap it when it exits, so it does not linger as a zombie, and say if it failed.
    let _ = thread::Builder::new().spawn(move || match child.wait() {
        Ok(status) if status.success() => {}
        Ok(status) => say_not_opened(&url, &opener_failed(status.code())),
        Err(e) => say_not_opened(&url, &format!("`{OPENER}` could not be waited for ({e})")),
    });
}

/// Why no browser can be shown, when that is known before trying: on a Unix other than macOS,
/// neither an X11 nor a Wayland display, nor a `BROWSER` for the opener to use.
fn no_graphical_session() -> Option<String> {
    if cfg!(not(unix)) || cfg!(target_os = "macos") {
        return None;
    }
    let set = |name: &str| std::env::var_os(name).is_some_and(|v| !v.is_empty());
    if set("DISPLAY") || set("WAYLAND_DISPLAY") || set("BROWSER") {
        return None;
    }
    Some("there is no graphical session (neither DISPLAY nor WAYLAND_DISPLAY is set)".into())
}

/// The opener's failure in words, from its exit status (`xdg-open`'s: 3, no browser found; 4,
/// the browser failed).
fn opener_failed(code: Option<i32>) -> String {
    match code {
        Some(3) => format!("`{OPENER}` found no browser to open it with (exit status 3)"),
        Some(4) => format!("the browser `{OPENER}` chose failed to start (exit status 4)"),
        Some(code) => format!("`{OPENER}` failed (exit status {code})"),
        None => format!("`{OPENER}` was stopped by a signal"),
    }
}

fn say_not_opened(url: &str, why: &str) {
    eprintln!("serve --open: no browser could be opened: {why}; open {url} in a browser yourself (the site is being served)");
}
