//! The modules form layers, and no module reaches up: the commands (`commands`, `serve`) run the
//! driver and `init` (which writes a new site); `mdbook` runs the driver's check for a book; the driver runs `check`, `page` and `site`; `page` turns what `check` computed into
//! HTML with `site`'s typesetting; `check` asks `census`, `hackenbush` and `games`. An import
//! from a layer above (as `site/serve` once imported the driver) fails here, naming the file.
use std::path::Path;

/// Each top-level module of `src/` and its layer: a module may import only from lower layers.
const LAYERS: &[(&str, u8)] = &[
    ("located", 0),
    ("escape", 0),
    ("stack", 0),
    ("trust", 0),
    ("provenance", 0),
    ("files", 0),
    ("games", 1),
    ("site", 1),
    ("essay", 2),
    ("hackenbush", 2),
    ("rulesets", 2),
    ("census", 3),
    ("check", 4),
    ("page", 5),
    ("driver", 6),
    ("init", 7),
    ("mdbook", 7),
    ("commands", 8),
    ("serve", 8),
];

fn layer(module: &str) -> u8 {
    LAYERS
        .iter()
        .find(|(m, _)| *m == module)
        .unwrap_or_else(|| panic!("module `{module}` has no layer in tests/layering.rs"))
        .1
}

/// The modules a file names through `crate::…`.
fn imports(text: &str) -> Vec<String> {
    text.match_indices("crate::")
        .map(|(i, m)| {
            text[i + m.len()..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect()
        })
        .collect()
}

fn check_dir(dir: &Path, root: &Path, wrong: &mut Vec<String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            check_dir(&path, root, wrong);
            continue;
        }
        if path.extension().is_none_or(|x| x != "rs") {
            continue;
        }
        let relative = path.strip_prefix(root).unwrap();
        let first = relative.components().next().unwrap().as_os_str();
        let module = first.to_string_lossy();
        let module = module.trim_end_matches(".rs");
        if matches!(module, "main" | "lib") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        for used in imports(&text) {
            if used != module && layer(&used) >= layer(module) {
                wrong.push(format!(
                    "{} imports `crate::{used}`, which is not below `{module}`",
                    relative.display()
                ));
            }
        }
    }
}

#[test]
fn no_module_imports_from_a_layer_above_it() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut wrong = Vec::new();
    check_dir(&root, &root, &mut wrong);
    wrong.sort();
    wrong.dedup();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_check_draws_nothing_and_typesets_nothing() {
    // Drawing and typesetting are the page's: `check` only computes.
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/check");
    for entry in std::fs::read_dir(&root).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        for banned in ["draw::", "maths::render", "site::"] {
            assert!(!text.contains(banned), "{} uses `{banned}`", path.display());
        }
    }
}
