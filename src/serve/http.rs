//! Answering one request.
//!
//! The one idea: **routing is a pure-ish function from (method, target) to a [`Reply`]**, with
//! the only waiting in two places: the version endpoint (a long poll) and a file that vanished
//! because a build is swapping folders right now (wait for the build, then look again). Turning
//! a `Reply` into bytes on the socket is [`super::connection`]'s job alone.

use super::paths::{self, Refusal, RequestPath};
use super::reload;
use super::state::State;
use std::fs;
use std::path::Path;
use std::time::Duration;

/// How long a long poll of the version waits before answering "unchanged" (browsers and
/// proxies give up on idle requests after a minute or so).
const POLL_WAIT: Duration = Duration::from_secs(25);

/// How long a request waits for a running build before giving up on a missing file.
const BUILD_WAIT: Duration = Duration::from_secs(60);

/// What to send back.
#[derive(Debug)]
pub struct Reply {
    pub status: u16,
    pub content_type: &'static str,
    pub body: Vec<u8>,
}

impl Reply {
    pub fn html(status: u16, body: String) -> Reply {
        Reply {
            status,
            content_type: "text/html; charset=utf-8",
            body: body.into_bytes(),
        }
    }

    pub fn text(status: u16, body: impl Into<String>) -> Reply {
        Reply {
            status,
            content_type: "text/plain; charset=utf-8",
            body: body.into().into_bytes(),
        }
    }
}

/// Routes a request. `HEAD` is treated like `GET` (the connection leaves out the body).
pub fn route(method: &str, target: &str, site_dir: &Path, state: &State) -> Reply {
    if method != "GET" && method != "HEAD" {
        return Reply::text(405, "only GET and HEAD\n");
    }
    let path_part = target.split(['?', '#']).next().unwrap_or("");
    if path_part == reload::VERSION_PATH {
        return version(target, state);
    }
    match paths::parse(target) {
        Ok(request) => file(&request, path_part, site_dir, state),
        Err(Refusal::Malformed) => Reply::text(400, "malformed path\n"),
        Err(Refusal::Traversal) => Reply::text(400, "paths may not leave the site\n"),
    }
}

/// The current version, after waiting for it to differ from `?after=N` if given.
fn version(target: &str, state: &State) -> Reply {
    let after = target
        .split_once('?')
        .and_then(|(_, query)| query.split('&').find_map(|kv| kv.strip_prefix("after=")))
        .and_then(|n| n.parse::<u64>().ok());
    let now = match after {
        Some(seen) => state.wait_for_change(seen, POLL_WAIT),
        None => state.version(),
    };
    Reply::text(200, now.to_string())
}

/// A file of the site; for pages, the failure page instead while the latest build failed.
fn file(request: &RequestPath, shown: &str, site_dir: &Path, state: &State) -> Reply {
    // Read the version before the file: the page is then at least as new as its stamp, so at
    // worst the browser reloads once more, and never misses a build.
    let snapshot = state.snapshot();
    if request.wants_html() {
        if let Some(diagnostics) = &snapshot.failure {
            return Reply::html(500, reload::failure_page(diagnostics, snapshot.version));
        }
    }
    let found = paths::locate(site_dir, request).or_else(|| {
        // Between the two renames of a publish, the site folder briefly does not exist.
        state.wait_until_idle(BUILD_WAIT);
        paths::locate(site_dir, request)
    });
    let Some(real) = found else {
        return not_found(request, shown, snapshot.version);
    };
    let Ok(bytes) = fs::read(&real) else {
        return not_found(request, shown, snapshot.version);
    };
    let content_type = paths::content_type(&real);
    if content_type.starts_with("text/html") {
        let page = reload::inject(&String::from_utf8_lossy(&bytes), snapshot.version);
        return Reply::html(200, page);
    }
    Reply {
        status: 200,
        content_type,
        body: bytes,
    }
}

fn not_found(request: &RequestPath, shown: &str, version: u64) -> Reply {
    // Browsers ask for an icon on their own; a site without one should not fill the console
    // with errors.
    if shown == "/favicon.ico" {
        return Reply::text(204, "");
    }
    if request.wants_html() {
        Reply::html(404, reload::not_found_page(shown, version))
    } else {
        Reply::text(404, "not found\n")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn site() -> (tempfile::TempDir, std::path::PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let site = dir.path().join("site");
        fs::create_dir_all(site.join("fonts")).unwrap();
        fs::write(site.join("index.html"), "<html><body>index</body></html>").unwrap();
        fs::write(site.join("style.css"), "p {}").unwrap();
        fs::write(dir.path().join("secret.txt"), "s").unwrap();
        (dir, site)
    }

    #[test]
    fn pages_get_the_script_and_assets_do_not() {
        let (_dir, site) = site();
        let state = State::new();
        state.finish_build(Ok(()));
        let page = route("GET", "/", &site, &state);
        assert_eq!(page.status, 200);
        assert!(String::from_utf8(page.body)
            .unwrap()
            .contains("var seen = 1;"));
        let css = route("GET", "/style.css", &site, &state);
        assert_eq!(
            (css.status, css.content_type),
            (200, "text/css; charset=utf-8")
        );
        assert_eq!(css.body, b"p {}");
    }

    #[test]
    fn a_failed_build_replaces_pages_but_not_assets() {
        let (_dir, site) = site();
        let state = State::new();
        state.finish_build(Err("essays/x.md:4:2 boom".into()));
        let page = route("GET", "/index.html", &site, &state);
        assert_eq!(page.status, 500);
        assert!(String::from_utf8(page.body)
            .unwrap()
            .contains("essays/x.md:4:2 boom"));
        assert_eq!(route("GET", "/style.css", &site, &state).status, 200);
    }

    #[test]
    fn refusals_and_misses() {
        let (_dir, site) = site();
        let state = State::new();
        assert_eq!(route("GET", "/../secret.txt", &site, &state).status, 400);
        assert_eq!(
            route("GET", "/%2e%2e/secret.txt", &site, &state).status,
            400
        );
        assert_eq!(route("GET", "/nope.css", &site, &state).status, 404);
        assert_eq!(route("GET", "/nope.html", &site, &state).status, 404);
        assert_eq!(route("POST", "/", &site, &state).status, 405);
        assert_eq!(route("GET", "/favicon.ico", &site, &state).status, 204);
    }

    #[test]
    fn the_version_endpoint_answers_at_once_without_after() {
        let (_dir, site) = site();
        let state = State::new();
        state.finish_build(Ok(()));
        state.finish_build(Ok(()));
        let reply = route("GET", "/__hackenbook/version", &site, &state);
        assert_eq!(reply.body, b"2");
        let reply = route("GET", "/__hackenbook/version?after=1", &site, &state);
        assert_eq!(reply.body, b"2", "a stale stamp is answered at once");
    }
}
