//! From a request's URL to a file of the site, or to nothing.
//!
//! The one idea: **a request may name only files whose real location is inside the site
//! folder**. The path is percent-decoded first (so `%2e%2e` and `%2f` cannot smuggle anything
//! past the checks), split into segments, and any `..` is refused outright; whatever is left is
//! joined onto the site folder and then *canonicalised*, so a symbolic link pointing elsewhere is
//! caught by comparing real paths, not by reading the text of the request.

use std::path::{Path, PathBuf};

/// Why a request path was refused before touching the file system.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// Not a path we can read: no leading `/`, bad percent escapes, not UTF-8, a NUL or `\`.
    Malformed,
    /// A `..` segment, in any spelling.
    Traversal,
}

/// A request path taken apart: the segments to join onto the site folder, and whether the
/// path named a folder (ends in `/`), which then means its `index.html`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RequestPath {
    pub segments: Vec<String>,
    pub folder: bool,
}

impl RequestPath {
    /// Whether a browser asking for this expects a page: folders, `.html`, or no extension.
    pub fn wants_html(&self) -> bool {
        match self.segments.last() {
            None => true,
            Some(_) if self.folder => true,
            Some(last) => match last.rsplit_once('.') {
                None => true,
                Some((_, ext)) => {
                    ext.eq_ignore_ascii_case("html") || ext.eq_ignore_ascii_case("htm")
                }
            },
        }
    }
}

/// Parses the path part of a request target (everything before `?` or `#`).
pub fn parse(target: &str) -> Result<RequestPath, Refusal> {
    let path = target.split(['?', '#']).next().unwrap_or("");
    if !path.starts_with('/') {
        return Err(Refusal::Malformed);
    }
    // `%XX` escapes to bytes (a broken escape stays as written); `+` stays `+`: it means a
    // space only in query strings, never in paths.
    let bytes: Vec<u8> = percent_encoding::percent_decode_str(path).collect();
    let decoded = String::from_utf8(bytes).map_err(|_| Refusal::Malformed)?;
    if decoded.contains(['\0', '\\']) {
        return Err(Refusal::Malformed);
    }
    let mut segments = Vec::new();
    for segment in decoded.split('/') {
        match segment {
            "" | "." => {}
            ".." => return Err(Refusal::Traversal),
            s => segments.push(s.to_string()),
        }
    }
    Ok(RequestPath {
        folder: decoded.ends_with('/'),
        segments,
    })
}

/// The real path of the file `request` names under `site_dir`, if there is one and it lies
/// inside the site folder. A folder means its `index.html`; a name without an extension that
/// names nothing means its page, `/slug` → `slug.html`.
pub fn locate(site_dir: &Path, request: &RequestPath) -> Option<PathBuf> {
    let root = site_dir.canonicalize().ok()?;
    let mut candidate = root.clone();
    candidate.extend(&request.segments);
    if request.folder || candidate.is_dir() {
        candidate.push("index.html");
    } else if !candidate.exists() && candidate.extension().is_none() {
        candidate.set_extension("html");
    }
    let real = candidate.canonicalize().ok()?;
    (real.starts_with(&root) && real.is_file()).then_some(real)
}

/// The `Content-Type` of a file of the site, from its extension.
pub fn content_type(path: &Path) -> &'static str {
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    match ext.as_deref() {
        Some("html" | "htm") => "text/html; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("js" | "mjs") => "text/javascript; charset=utf-8",
        Some("json") => "application/json",
        Some("txt" | "md") => "text/plain; charset=utf-8",
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        Some("jpg" | "jpeg") => "image/jpeg",
        Some("gif") => "image/gif",
        Some("ico") => "image/x-icon",
        Some("otf") => "font/otf",
        Some("ttf") => "font/ttf",
        Some("woff") => "font/woff",
        Some("woff2") => "font/woff2",
        Some("xml") => "application/xml",
        _ => "application/octet-stream",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    fn segments(target: &str) -> Vec<String> {
        parse(target).unwrap().segments
    }

    #[test]
    fn plain_paths_split_into_segments() {
        assert_eq!(segments("/"), Vec::<String>::new());
        assert_eq!(segments("/fonts/a.otf?v=2#x"), ["fonts", "a.otf"]);
        assert_eq!(segments("/./a//b"), ["a", "b"]);
        assert_eq!(segments("/a%20b.html"), ["a b.html"]);
    }

    #[test]
    fn every_spelling_of_dot_dot_is_refused() {
        for target in [
            "/..",
            "/../Cargo.toml",
            "/fonts/../../x",
            "/%2e%2e/Cargo.toml",
            "/%2E%2E/Cargo.toml",
            "/.%2e/x",
            "/a%2f..%2fb",
        ] {
            assert_eq!(parse(target), Err(Refusal::Traversal), "{target}");
        }
    }

    #[test]
    fn malformed_targets_are_refused() {
        for target in ["x", "", "/%ff", "/a%00b", "/a\\b", "/%5c..%5cx"] {
            assert_eq!(parse(target), Err(Refusal::Malformed), "{target:?}");
        }
    }

    #[test]
    fn a_broken_escape_is_read_as_written() {
        assert_eq!(segments("/%zz"), ["%zz"]);
        assert_eq!(segments("/a%2"), ["a%2"]);
        assert_eq!(
            parse("/%2e%2"),
            Ok(RequestPath {
                segments: vec![".%2".into()],
                folder: false
            })
        );
    }

    #[test]
    fn an_encoded_slash_cannot_make_an_absolute_path() {
        // `%2f` decodes to a separator and so becomes a segment boundary, never a root.
        assert_eq!(segments("/%2fetc%2fpasswd"), ["etc", "passwd"]);
    }

    #[test]
    fn pages_are_told_from_assets() {
        let html = |t: &str| parse(t).unwrap().wants_html();
        assert!(html("/") && html("/first.html") && html("/first") && html("/fonts/"));
        assert!(!html("/style.css") && !html("/fonts/a.otf") && !html("/fonts/README.txt"));
    }

    #[test]
    fn locate_finds_files_and_index_pages_inside_only() {
        let dir = tempfile::tempdir().unwrap();
        let site = dir.path().join("site");
        fs::create_dir_all(site.join("fonts")).unwrap();
        fs::write(site.join("index.html"), "i").unwrap();
        fs::write(site.join("fonts/a.otf"), "f").unwrap();
        fs::write(dir.path().join("secret.txt"), "s").unwrap();
        let find = |t: &str| locate(&site, &parse(t).unwrap());
        assert!(find("/").unwrap().ends_with("site/index.html"));
        assert!(find("/fonts/a.otf").is_some());
        assert!(find("/fonts/").is_none(), "no index in fonts/");
        assert!(find("/missing.html").is_none());
        fs::write(site.join("first.html"), "p").unwrap();
        assert!(
            find("/first").unwrap().ends_with("site/first.html"),
            "a page without .html"
        );
        assert!(find("/missing").is_none());
        assert!(
            find("/fonts/a").is_none(),
            "only pages: a.otf is not a.html"
        );
        assert!(find("/%2fsecret.txt").is_none());
    }

    #[cfg(unix)]
    #[test]
    fn symbolic_links_out_of_the_site_are_not_followed() {
        let dir = tempfile::tempdir().unwrap();
        let site = dir.path().join("site");
        fs::create_dir_all(&site).unwrap();
        fs::write(dir.path().join("secret.txt"), "s").unwrap();
        fs::write(site.join("inside.txt"), "i").unwrap();
        std::os::unix::fs::symlink(dir.path().join("secret.txt"), site.join("leak.txt")).unwrap();
        std::os::unix::fs::symlink(dir.path(), site.join("up")).unwrap();
        std::os::unix::fs::symlink(site.join("inside.txt"), site.join("alias.txt")).unwrap();
        let find = |t: &str| locate(&site, &parse(t).unwrap());
        assert!(find("/leak.txt").is_none());
        assert!(find("/up/secret.txt").is_none());
        assert!(
            find("/alias.txt").is_some(),
            "links within the site are fine"
        );
    }

    #[test]
    fn content_types_follow_extensions() {
        let ct = |p: &str| content_type(Path::new(p));
        assert_eq!(ct("a.html"), "text/html; charset=utf-8");
        assert_eq!(ct("style.css"), "text/css; charset=utf-8");
        assert_eq!(ct("d.svg"), "image/svg+xml");
        assert_eq!(ct("f.otf"), "font/otf");
        assert_eq!(ct("f.WOFF2"), "font/woff2");
        assert_eq!(ct("README.txt"), "text/plain; charset=utf-8");
        assert_eq!(ct("x.js"), "text/javascript; charset=utf-8");
        assert_eq!(ct("x.json"), "application/json");
        assert_eq!(ct("x"), "application/octet-stream");
    }
}
