//! The files every page needs besides its HTML: our stylesheet, our player script, the fonts the
//! stylesheet names, and the fonts' licences.
//!
//! The one idea: **the site carries its own typography**. The fonts come from the
//! `typst-assets` crate, compiled into the binary, so a build needs no network and a reader's
//! browser fetches nothing from outside the site. Each is written as WOFF2 holding only the
//! glyphs the site's pages can show ([`super::webfont`]). Only the faces the stylesheet uses are written
//! (picked by their PostScript names, read from each font's `name` table, so a reordering of the
//! crate's font list cannot swap them), and each font's licence travels beside it:
//! Libertinus Serif is under the SIL Open Font License 1.1, New Computer Modern Math under the
//! GUST Font License (both texts as shipped in the crate's NOTICE file).

use std::io;
use std::path::Path;

use super::webfont::{self, font_bytes, font_name, NAME_COPYRIGHT};

/// Our stylesheet (written for this project, not third-party).
pub const STYLE_CSS: &str = include_str!("style.css");
/// The paint of the diagrams' classes (the drawing's own, kept with the drawing in
/// `hackenbook_rulesets`), served at the head of `style.css` whatever the stylesheet, so an
/// override can restyle a class but never lose the paint.
use hackenbook_rulesets::draw::STYLE as BOARD_CSS;
use hackenbook_rulesets::hackenbush::draw::STYLE as DIAGRAM_CSS;
/// The script of exercises (`page::exercise`): checks a reader's answer against the build's.
pub const EXERCISE_JS: &str = include_str!("scripts/exercise.js");

/// What pages with a playable diagram load with them (see `scripts/play.js`): each figure's Play
/// button, and on its first press the scripts of play (`pieces.js`, `board.js`, `player.js`, as
/// the page names them), so that a reader who never plays downloads none of them.
pub const PLAY_JS: &str = include_str!("scripts/play.js");

/// Our script that lets a reader play a diagram (see `scripts/player.js`; written for this
/// project, no third-party code). `play.js` loads it on the first press of Play (the
/// investigate page with the page).
pub const PLAYER_JS: &str = include_str!("scripts/player.js");

/// The format of a board's play table for `player.js` (see `scripts/board.js`): `play.js` loads
/// it on pages with such a board.
pub const BOARD_JS: &str = include_str!("scripts/board.js");

/// Pieces drawn as thin strokes on a board, for `board.js` (see `scripts/pieces.js`): which one
/// a tap picks and the phone's enlargement: `play.js` loads it for play on pages with such a
/// board, and a page with a move question on one loads it with the page.
pub const PIECES_JS: &str = include_str!("scripts/pieces.js");

/// The investigate page's edge game for `player.js`, on the table `investigate.js` builds, and
/// the edge a tap picks (see `scripts/edges.js`): only the investigate page loads it.
pub const EDGES_JS: &str = include_str!("scripts/edges.js");

/// Our stylesheet or script as the site serves it: without its comments (each from `open` to
/// `close`, where `open` starts a line once indentation is set aside), its indentation and its
/// blank lines, which are for the reader of the source and were a fifth of the bytes. Lines stay
/// lines, so JavaScript's semicolon insertion sees what it saw; our sources hold no multi-line
/// strings (a test checks the served files against the sources).
pub fn served(source: &str, open: &str, close: &str) -> String {
    let mut out = String::with_capacity(source.len());
    let mut in_comment = false;
    for line in source.lines() {
        let mut rest = line.trim();
        loop {
            if in_comment {
                match rest.find(close) {
                    Some(end) => {
                        rest = rest[end + close.len()..].trim_start();
                        in_comment = false;
                    }
                    None => {
                        // A comment closed by the end of its line (`//`) ends here.
                        in_comment = close != "\n";
                        rest = "";
                        break;
                    }
                }
            } else if rest.starts_with(open) {
                rest = &rest[open.len()..];
                in_comment = true;
            } else {
                break;
            }
        }
        if !rest.is_empty() {
            out.push_str(rest);
            out.push('\n');
        }
    }
    out
}

/// A stylesheet as the site serves it: as [`served`], and each declaration on a line of its own
/// without the space after its property's colon (`color:red;`), a byte a declaration on every
/// page's load. Other lines (selectors, `@media (max-width: 40rem)`) are left as they are.
pub fn served_css(source: &str) -> String {
    let mut out = String::with_capacity(source.len());
    for line in served(source, "/*", "*/").lines() {
        match line.split_once(": ") {
            Some((property, value))
                if !property.is_empty()
                    && property
                        .chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-') =>
            {
                out.push_str(property);
                out.push(':');
                out.push_str(value);
            }
            _ => out.push_str(line),
        }
        out.push('\n');
    }
    out
}

/// Our script of the investigate page (`investigate.html`): draws a reader's picture, values it
/// exactly when it is a forest of blue-red or green trees, and plays it through `player.js`.
pub const INVESTIGATE_JS: &str = include_str!("scripts/investigate.js");
/// The investigate page's stylesheet, which only that page loads (ours, like `style.css`).
pub const INVESTIGATE_CSS: &str = include_str!("investigate.css");

/// Our script of the search box on every page (see `scripts/search.js` and [`super::search`]).
pub const SEARCH_JS: &str = include_str!("scripts/search.js");

/// A face the stylesheet uses: its PostScript name (also its file name, `fonts/<name>.woff2`) and
/// the licence it is under.
pub struct Face {
    pub postscript: &'static str,
    pub licence: Licence,
    pub shows: Shows,
}

/// What a face shows, and so which of the site's characters it keeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shows {
    /// Everything outside `<math>`.
    Text,
    /// The text of `<math>` elements.
    Maths,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Licence {
    Ofl,
    Gust,
}

/// The faces `style.css` declares with `@font-face`, in the order they are declared.
pub const FACES: &[Face] = &[
    face("LibertinusSerif-Regular", Licence::Ofl, Shows::Text),
    face("LibertinusSerif-Italic", Licence::Ofl, Shows::Text),
    face("LibertinusSerif-Semibold", Licence::Ofl, Shows::Text),
    face("NewCMMath-Book", Licence::Gust, Shows::Maths),
];

const fn face(postscript: &'static str, licence: Licence, shows: Shows) -> Face {
    Face {
        postscript,
        licence,
        shows,
    }
}

const OFL_TEXT: &str = include_str!("licences/OFL-1.1.txt");
const GUST_TEXT: &str = include_str!("licences/GUST-FONT-LICENSE.txt");
/// The copyright line and Reserved Font Names for Libertinus, as typst-assets' NOTICE states
/// them (the OFL requires the notice to travel with the fonts; the reserved names are not in
/// the font files themselves).
const LIBERTINUS_NOTICE: &str = "Copyright © 2012-2024 The Libertinus Project Authors,\n\
     with Reserved Font Name \"Linux Libertine\", \"Biolinum\", \"STIX Fonts\".";

/// Writes `style.css`, the diagrams' paint ([`DIAGRAM_CSS`]) followed by
/// `stylesheet` (ours, [`STYLE_CSS`], unless the project overrides it), `board.css` (every board's paint, Hackenbush's too, [`BOARD_CSS`]: only pages with boards load it, before
/// `style.css`, so that the stylesheet can still restyle a class by a later rule), our scripts
/// (`exercise.js`, `play.js`, `player.js`, `board.js`, `pieces.js`, `edges.js`, `search.js`, `investigate.js`), `fonts/*.woff2` (each font cut
/// to the glyphs `pages`, the stylesheet and the scripts show), `fonts/OFL.txt`,
/// `fonts/GUST-FONT-LICENSE.txt` and `fonts/README.txt` (which file is under which licence)
/// into `out_dir`.
pub fn write_assets<'p>(
    out_dir: &Path,
    pages: impl IntoIterator<Item = &'p str>,
    stylesheet: &'p str,
) -> io::Result<()> {
    let files = asset_files(pages, stylesheet, &|| false)?;
    super::publish::write_files(
        out_dir,
        files.iter().map(|(n, b)| (n.as_str(), b.as_slice())),
    )
}

/// The files [`write_assets`] writes, as (path inside the site, bytes), in memory. `stopped` is
/// asked before each font is cut (the slow part): when it says so, the error is of kind
/// [`io::ErrorKind::Interrupted`].
pub fn asset_files<'p>(
    pages: impl IntoIterator<Item = &'p str>,
    stylesheet: &'p str,
    stopped: &dyn Fn() -> bool,
) -> io::Result<Vec<(String, Vec<u8>)>> {
    let mut files: Vec<(String, Vec<u8>)> = Vec::new();
    let mut add = |name: &str, text: String| files.push((name.to_string(), text.into_bytes()));
    // The diagrams' paint comes first, so a stylesheet can restyle a class by a later rule.
    let painted = format!("{DIAGRAM_CSS}{stylesheet}");
    add("style.css", served_css(&painted));
    add("board.css", served_css(BOARD_CSS));
    add("investigate.css", served_css(INVESTIGATE_CSS));
    add("exercise.js", served(EXERCISE_JS, "//", "\n"));
    add("play.js", served(PLAY_JS, "//", "\n"));
    add("player.js", served(PLAYER_JS, "//", "\n"));
    add("board.js", served(BOARD_JS, "//", "\n"));
    add("pieces.js", served(PIECES_JS, "//", "\n"));
    add("edges.js", served(EDGES_JS, "//", "\n"));
    add("search.js", served(SEARCH_JS, "//", "\n"));
    add("investigate.js", served(INVESTIGATE_JS, "//", "\n"));
    // The scripts write words into the page (verdicts, announcements): their letters too.
    let chars = webfont::SiteCharacters::of(pages.into_iter().chain([
        stylesheet,
        EXERCISE_JS,
        PLAY_JS,
        PLAYER_JS,
        BOARD_JS,
        PIECES_JS,
        EDGES_JS,
        SEARCH_JS,
        INVESTIGATE_JS,
    ]));
    let mut readme = String::from(
        "Fonts used by this site, from the typst-assets crate, converted to WOFF2 with the\n\
         outlines of glyphs the site does not use emptied (every glyph keeps its number).\n\
         Each is under the licence named below; the licence texts are in this folder.\n\n",
    );
    for face in FACES {
        if stopped() {
            return Err(io::ErrorKind::Interrupted.into());
        }
        let bytes = font_bytes(face.postscript)?;
        let set = match face.shows {
            Shows::Text => &chars.text,
            Shows::Maths => &chars.maths,
        };
        let woff2 = webfont::web_font(bytes, set)
            .map_err(|e| io::Error::other(format!("font {}: {e}", face.postscript)))?;
        files.push((format!("fonts/{}.woff2", face.postscript), woff2));
        readme.push_str(&describe(face, bytes));
    }
    let ofl = format!("Libertinus Serif\n{LIBERTINUS_NOTICE}\n\n{OFL_TEXT}");
    files.push(("fonts/OFL.txt".into(), ofl.into_bytes()));
    files.push((
        "fonts/GUST-FONT-LICENSE.txt".into(),
        GUST_TEXT.as_bytes().to_vec(),
    ));
    files.push(("fonts/README.txt".into(), readme.into_bytes()));
    Ok(files)
}

/// One paragraph of `fonts/README.txt`: file, licence, and the font's own copyright notice.
fn describe(face: &Face, bytes: &[u8]) -> String {
    let licence = match face.licence {
        Licence::Ofl => "SIL Open Font License 1.1 (OFL.txt)",
        Licence::Gust => "GUST Font License 1.0 (GUST-FONT-LICENSE.txt)",
    };
    let copyright = font_name(bytes, NAME_COPYRIGHT).unwrap_or_default();
    format!(
        "{}.woff2\n  licence: {licence}\n  {}\n\n",
        face.postscript,
        copyright.trim()
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::site::webfont::NAME_POSTSCRIPT;
    use std::fs;

    #[test]
    fn a_served_stylesheet_s_declarations_lose_the_space_after_the_colon() {
        let css = "@media (max-width: 40rem) {\n  a:hover,\n  b { color: red }\n  --hb-blue: #1f77b4;\n  content: \" (\" attr(href) \": \";\n}\n";
        assert_eq!(
            served_css(css),
            "@media (max-width: 40rem) {\na:hover,\nb { color: red }\n--hb-blue:#1f77b4;\ncontent:\" (\" attr(href) \": \";\n}\n"
        );
    }

    #[test]
    fn served_files_lose_comments_and_indentation_only() {
        let css = "a {\n  /* why\n     because */\n  color: red; /* kept */\n}\n\n/* x */ b { }\n";
        assert_eq!(
            served(css, "/*", "*/"),
            "a {\ncolor: red; /* kept */\n}\nb { }\n"
        );
        let js = "function f() {\n  // say\n  return 1; // kept\n}\n";
        assert_eq!(
            served(js, "//", "\n"),
            "function f() {\nreturn 1; // kept\n}\n"
        );
        // The real files: a script keeps every line that is not a comment, in order; the
        // stylesheet keeps every rule (its comments hold no braces) and adds nothing.
        for script in [
            PLAY_JS,
            PLAYER_JS,
            BOARD_JS,
            PIECES_JS,
            EDGES_JS,
            EXERCISE_JS,
            INVESTIGATE_JS,
        ] {
            let out = served(script, "//", "\n");
            let kept: Vec<&str> = script
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty() && !l.starts_with("//"))
                .collect();
            assert_eq!(out.lines().collect::<Vec<_>>(), kept);
            assert!(out.len() < script.len() * 9 / 10);
        }
        for sheet in [STYLE_CSS, INVESTIGATE_CSS] {
            let out = served_css(sheet);
            assert!(out
                .lines()
                .all(|l| sheet.contains(l) || sheet.contains(&l.replacen(':', ": ", 1))));
            for brace in ['{', '}'] {
                assert_eq!(out.matches(brace).count(), sheet.matches(brace).count());
            }
            assert!(out.len() < sheet.len() * 9 / 10);
        }
    }

    #[test]
    fn every_face_is_bundled() {
        for face in FACES {
            let bytes = font_bytes(face.postscript).unwrap();
            assert!(bytes.len() > 10_000, "{}", face.postscript);
        }
    }

    #[test]
    fn stylesheet_names_exactly_the_written_faces() {
        let mut urls: Vec<&str> = STYLE_CSS
            .split("url(\"")
            .skip(1)
            .filter_map(|rest| rest.split('"').next())
            .collect();
        urls.sort_unstable();
        let mut expected: Vec<String> = FACES
            .iter()
            .map(|f| format!("fonts/{}.woff2", f.postscript))
            .collect();
        expected.sort_unstable();
        assert_eq!(urls, expected);
    }

    #[test]
    fn writes_fonts_and_licences() {
        let dir = tempfile::tempdir().unwrap();
        write_assets(dir.path(), ["<p>Hackenbush</p>"], STYLE_CSS).unwrap();
        let css = fs::read_to_string(dir.path().join("style.css")).unwrap();
        // The diagrams' paint is served whatever the stylesheet: an override cannot lose it.
        let paint = served_css(DIAGRAM_CSS);
        assert!(css.starts_with(&paint), "{css}");
        assert!(css.contains("@font-face"));
        let ofl = fs::read_to_string(dir.path().join("fonts/OFL.txt")).unwrap();
        assert!(ofl.contains("SIL OPEN FONT LICENSE Version 1.1"));
        assert!(ofl.contains("Libertinus Project Authors"));
        let gust = fs::read_to_string(dir.path().join("fonts/GUST-FONT-LICENSE.txt")).unwrap();
        assert!(gust.contains("GUST Font License"));
        let readme = fs::read_to_string(dir.path().join("fonts/README.txt")).unwrap();
        assert!(readme.contains("Antonis Tsolomitis"), "{readme}");
        for face in FACES {
            let path = dir.path().join(format!("fonts/{}.woff2", face.postscript));
            let woff2 = fs::read(path).unwrap();
            assert_eq!(&woff2[..4], b"wOF2", "{}", face.postscript);
            assert!(woff2.len() < font_bytes(face.postscript).unwrap().len() / 4);
        }
    }

    #[test]
    fn malformed_fonts_have_no_names() {
        assert_eq!(font_name(b"", NAME_POSTSCRIPT), None);
        assert_eq!(font_name(&[0, 1, 0, 0, 0, 9], NAME_POSTSCRIPT), None);
    }
}
