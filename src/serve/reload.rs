//! The pages a browser gets while the server runs: built pages with a live-reload script, and
//! the page that stands in for all of them when the latest build failed.
//!
//! The one idea: **the script is added to the response, never to the file**. `site/` stays
//! exactly what `hackenbook build` would publish; only bytes on their way to the browser carry
//! the few lines that long-poll [`VERSION_PATH`] and reload when the version moves past the one
//! the page was served under. The script is inline and talks to nothing but this server.

/// Answers with the current build version; with `?after=N`, only once it differs from `N`.
pub const VERSION_PATH: &str = "/__hackenbook/version";

/// The inline script, stamped with the version the page was read under. Should the server go
/// away, it retries each second, and reloads when the server is back with another version.
pub fn script(version: u64) -> String {
    format!(
        r#"<script data-hackenbook-live-reload>
(function () {{
  var seen = {version};
  function poll() {{
    fetch("{VERSION_PATH}?after=" + seen, {{ cache: "no-store" }})
      .then(function (r) {{ return r.text(); }})
      .then(function (t) {{
        var now = parseInt(t, 10);
        if (isNaN(now)) {{ setTimeout(poll, 1000); }}
        else if (now !== seen) {{ location.reload(); }}
        else {{ poll(); }}
      }})
      .catch(function () {{ setTimeout(poll, 1000); }});
  }}
  poll();
}})();
</script>
"#
    )
}

/// `html` with the script placed just before its last `</body>` (any case), or at the end when
/// there is none: browsers run a trailing script all the same.
pub fn inject(html: &str, version: u64) -> String {
    let script = script(version);
    let at = html
        .to_ascii_lowercase()
        .rfind("</body>")
        .unwrap_or(html.len());
    let mut out = String::with_capacity(html.len() + script.len());
    out.push_str(&html[..at]);
    out.push_str(&script);
    out.push_str(&html[at..]);
    out
}

/// The page shown instead of every page while the latest build has failed.
pub fn failure_page(diagnostics: &str, version: u64) -> String {
    standalone_page(
        "Build failed",
        &format!(
            "<h1>The site did not build</h1>\n<p>Nothing was published; <code>site/</code> still \
             holds the last good build. This page turns back into the one you asked for as soon \
             as the essays check again.</p>\n<pre class=\"diagnostics\">{}</pre>",
            hackenbook_book::site::escape_html(diagnostics)
        ),
        version,
    )
}

/// The page for a request that names no file of the site.
pub fn not_found_page(path: &str, version: u64) -> String {
    standalone_page(
        "Not found",
        &format!(
            "<h1>Not found</h1>\n<p>The site has no page at <code>{}</code>. \
             <a href=\"/\">Back to the index</a>.</p>",
            hackenbook_book::site::escape_html(path)
        ),
        version,
    )
}

/// A page with its own small stylesheet, so it looks right even before any build succeeded.
fn standalone_page(title: &str, body: &str, version: u64) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{title} · hackenbook</title>\n<style>\n\
         body {{ font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 60rem; padding: 0 1rem; }}\n\
         h1 {{ font-size: 1.4rem; }}\n\
         pre {{ background: #fbf4f2; border-left: 4px solid #b3261e; padding: 1rem; overflow-x: auto; \
         font-size: 0.85rem; line-height: 1.35; }}\n\
         </style>\n</head>\n<body>\n{body}\n{script}</body>\n</html>\n",
        script = script(version)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_script_goes_before_the_closing_body_tag() {
        let page = inject("<html><body><p>x</p></BODY></html>", 7);
        let script_at = page.find("<script data-hackenbook-live-reload>").unwrap();
        assert!(script_at > page.find("<p>x</p>").unwrap());
        assert!(script_at < page.find("</BODY>").unwrap());
        assert!(page.contains("var seen = 7;"));
        assert!(page.ends_with("</BODY></html>"));
    }

    #[test]
    fn a_fragment_without_body_gets_the_script_at_the_end() {
        let page = inject("<p>x</p>", 1);
        assert!(page.starts_with("<p>x</p><script"));
    }

    #[test]
    fn the_script_is_self_contained() {
        let s = script(3);
        assert!(!s.contains("src="), "inline, not fetched");
        assert!(!s.contains("http"), "no address beyond this server");
        assert!(s.contains("/__hackenbook/version?after="));
    }

    #[test]
    fn diagnostics_are_escaped_into_a_pre() {
        let page = failure_page("essays/a.md:3:1 <script>alert(1)</script> & more", 2);
        assert!(page.contains(
            "<pre class=\"diagnostics\">essays/a.md:3:1 &lt;script&gt;alert(1)&lt;/script&gt; &amp; more</pre>"
        ));
        assert_eq!(
            page.matches("<script").count(),
            1,
            "only the live-reload script"
        );
    }
}
