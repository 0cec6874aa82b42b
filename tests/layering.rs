//! What rustc does not enforce about the code's layers. Between crates it does: each crate of
//! the workspace (base → games → rulesets → census → book → the command line) can only name
//! the crates below it. Inside a crate it does not, so two rules are held here:
//!
//! - the layers of the book's modules and of the command line's: `essay` reads; `check` asks the
//!   engines about what `essay` read; `site` writes pages whose slugs `essay` vouched for;
//!   `page` turns what `check` computed into HTML with `site`'s typesetting; the `driver` runs
//!   them all. In the command line, `commands` and `serve` run the book's driver and `init`
//!   (which writes a new site); `mdbook` runs the driver for a book. An import from a layer
//!   above (as `site/serve` once imported the driver) fails here, naming the file;
//! - no circles between a crate's modules: the modules of one folder (its files, and its
//!   folders taken whole, with the folder's own `mod.rs` or `lib.rs`) never use one another in a
//!   circle, in any crate. A name re-exported (`pub use`) is a use only where the file itself
//!   uses it; a path through a re-export is followed to the module that defines the item; the
//!   `super` of an inline module (`mod tests { use super::*; }`) is the file itself.
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn workspace() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Each top-level module of the book crate and its layer: a module may import only from lower
/// layers (not from its own).
const BOOK: &[(&str, u8)] = &[
    ("essay", 0),
    ("check", 1),
    ("site", 1),
    ("page", 2),
    ("driver", 3),
];

/// The same for the command line (the root package).
const COMMAND_LINE: &[(&str, u8)] = &[("init", 0), ("mdbook", 0), ("commands", 1), ("serve", 1)];

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

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
}

/// Every import of `crate::M` from a module not above `M` in `layers`, for the crate at `src`.
fn upward_imports(src: &Path, layers: &[(&str, u8)]) -> Vec<String> {
    let layer = |module: &str| {
        layers
            .iter()
            .find(|(m, _)| *m == module)
            .unwrap_or_else(|| panic!("module `{module}` has no layer in tests/layering.rs"))
            .1
    };
    let mut files = Vec::new();
    rust_files(src, &mut files);
    let mut wrong = Vec::new();
    for path in files {
        let relative = path.strip_prefix(src).unwrap();
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
                    path.strip_prefix(workspace()).unwrap().display()
                ));
            }
        }
    }
    wrong.sort();
    wrong.dedup();
    wrong
}

#[test]
fn no_module_of_the_book_or_the_command_line_imports_from_a_layer_above_it() {
    let mut wrong = upward_imports(&workspace().join("crates/book/src"), BOOK);
    wrong.extend(upward_imports(&workspace().join("src"), COMMAND_LINE));
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_check_draws_nothing_and_typesets_nothing() {
    // Drawing and typesetting are the page's: `check` only computes.
    let root = workspace().join("crates/book/src/check");
    for entry in std::fs::read_dir(&root).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        for banned in ["draw::", "maths::render", "site::"] {
            assert!(!text.contains(banned), "{} uses `{banned}`", path.display());
        }
    }
}

// ---- Facts down, words up -----------------------------------------------------------------

/// The string literals of a Rust source, comments and a closing `#[cfg(test)] mod … { … }` left
/// out (tests may spell out what they expect): each literal's text as written, escapes kept.
fn string_literals(text: &str) -> Vec<String> {
    let tests = text.match_indices("#[cfg(test)]").find(|(at, m)| {
        let rest = text[at + m.len()..].trim_start();
        rest.starts_with("mod ") && rest.lines().next().is_some_and(|l| l.contains('{'))
    });
    let code = &text[..tests.map_or(text.len(), |(at, _)| at)];
    let b = code.as_bytes();
    let mut found = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let ident_before = i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_');
        if b[i..].starts_with(b"//") {
            i = b[i..]
                .iter()
                .position(|&c| c == b'\n')
                .map_or(b.len(), |e| i + e);
        } else if b[i..].starts_with(b"/*") {
            i = code[i..].find("*/").map_or(b.len(), |e| i + e + 2);
        } else if b[i] == b'\'' && b.get(i + 2) == Some(&b'\'') {
            i += 3; // a character literal: '"'
        } else if b[i..].starts_with(b"'\\") {
            // An escaped character literal: '\"', '\u{2212}'.
            i = code[i + 3..].find('\'').map_or(b.len(), |e| i + 3 + e + 1);
        } else if b[i] == b'r' && !ident_before && matches!(b.get(i + 1), Some(b'"' | b'#')) {
            let hashes = b[i + 1..].iter().take_while(|&&c| c == b'#').count();
            if b.get(i + 1 + hashes) != Some(&b'"') {
                i += 1;
                continue;
            }
            let close = format!("\"{}", "#".repeat(hashes));
            let body = i + 2 + hashes;
            let end = code[body..].find(&close).map_or(b.len(), |e| body + e);
            found.push(code[body..end].to_string());
            i = end + close.len();
        } else if b[i] == b'"' {
            let mut j = i + 1;
            while j < b.len() && b[j] != b'"' {
                j += if b[j] == b'\\' { 2 } else { 1 };
            }
            found.push(code[i + 1..j.min(b.len())].to_string());
            i = j + 1;
        } else {
            i += 1;
        }
    }
    found
}

/// The words only a value put into words uses: "star six", "one and a half", "three
/// quarters", "double up", "the game with Left's options …".
const VALUE_WORDS: &[&str] = &[
    "star",
    "quarters",
    "eighth",
    "eighths",
    "sixteenth",
    "sixteenths",
    "thirty-second",
    "sixty-fourth",
    "a half",
    "one half",
    "double up",
    "double down",
    "Left's options",
];

/// Whether `text` holds `word` as a whole word.
fn has_word(text: &str, word: &str) -> bool {
    text.match_indices(word).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + word.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
}

/// The Rust files of the layers that show a reader a value (the book, the rulesets' drawings,
/// the command line), each with its path from the workspace.
fn reader_facing_files() -> Vec<(PathBuf, String)> {
    let mut out = Vec::new();
    for dir in ["crates/book/src", "crates/rulesets/src", "src"] {
        let mut files = Vec::new();
        rust_files(&workspace().join(dir), &mut files);
        for path in files {
            let name = path
                .strip_prefix(workspace())
                .unwrap()
                .display()
                .to_string();
            out.push((path, name));
        }
    }
    out
}

#[test]
fn only_page_words_puts_a_value_into_words() {
    // One wording of a value for the reader: page/words.rs's. Searched: the layers that show a
    // reader a value (the book, the rulesets' drawings, the command line); the games algebra
    // reads TeX's words (`\star`) and the census reads the prose's ("one half"), for authors.
    let mut wrong = Vec::new();
    for (path, name) in reader_facing_files() {
        if name == "crates/book/src/page/words.rs" {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        for literal in string_literals(&text) {
            for word in VALUE_WORDS.iter().filter(|w| has_word(&literal, w)) {
                wrong.push(format!("{name}: \"{literal}\" says `{word}`"));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_check_writes_no_sentence_for_a_reader() {
    // `check` returns facts; the page words them. A reader's sentence starts with a capital (or
    // a placeholder, `{player} wins.`) and ends with a full stop; the check's messages to
    // authors are rustc's style, lower case without one.
    let mut files = Vec::new();
    rust_files(&workspace().join("crates/book/src/check"), &mut files);
    let mut wrong = Vec::new();
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        for literal in string_literals(&text) {
            let starts = literal
                .chars()
                .next()
                .is_some_and(|c| c.is_uppercase() || c == '{');
            if starts && literal.ends_with('.') {
                wrong.push(format!("{}: \"{literal}\"", path.display()));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The identifiers of `code` (comments and literals already blanked) that name TeX: `latex`,
/// `value_latex`, `number_latex`, …
fn tex_names(code: &str) -> Vec<String> {
    code.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter(|word| word.to_ascii_lowercase().contains("latex"))
        .map(str::to_string)
        .collect()
}

#[test]
fn the_check_makes_no_tex() {
    // `check` returns values (ids in the games table, parsed expressions); the page typesets
    // them. A TeX string made in `check` (`games.latex(value)`, `expr.latex()`, a `value_latex`
    // field) is a form for the reader made in the wrong layer.
    let mut files = Vec::new();
    rust_files(&workspace().join("crates/book/src/check"), &mut files);
    let mut wrong = Vec::new();
    for path in files {
        let names = tex_names(&code_only(&std::fs::read_to_string(&path).unwrap()));
        if !names.is_empty() {
            wrong.push(format!("{}: {}", path.display(), names.join(", ")));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn one_function_turns_a_value_into_tex() {
    // A value's TeX is printed by the games table (`games.latex(value)`), called in one place:
    // page/words.rs's `tex`. An expression's own `expr.latex()` takes no value and is not this.
    let mut wrong = Vec::new();
    for (path, name) in reader_facing_files() {
        if name == "crates/book/src/page/words.rs" {
            continue;
        }
        let code = code_only(&std::fs::read_to_string(&path).unwrap());
        for (at, _) in code.match_indices(".latex(") {
            let rest = code[at + ".latex(".len()..].trim_start();
            if !rest.starts_with(')') {
                let line = code[..at].lines().count();
                wrong.push(format!("{name}:{line}"));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "a value made into TeX outside page/words.rs:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn tex_names_are_found_in_code() {
    let code =
        code_only("let a = games.latex(g); // value_latex\nlet s = \"latex\"; number_latex(&x);");
    assert_eq!(tex_names(&code), ["latex", "number_latex"]);
}

#[test]
fn literals_are_read_as_written() {
    let text = "#[cfg(test)]\nmod tests;\nlet a = \"star\"; // \"quarter\"\n\
                let c = '\"'; let e = '\\u{2212}'; let d = \"x \\\" y\";\n/* \"half\" */\n\
                let r = r#\"say \"up\"\"#;\n#[cfg(test)]\nmod tests { const T: &str = \"one half\"; }";
    assert_eq!(string_literals(text), ["star", "x \\\" y", "say \"up\""]);
    assert!(has_word("star six", "star"));
    assert!(!has_word("start", "star"));
    assert!(!has_word("upstairs", "ups"));
}

// ---- Circles between modules ----------------------------------------------------------------

/// A module's path inside its crate (`["hackenbush", "draw"]`; empty for the crate's root).
type ModPath = Vec<String>;

/// A crate's source: every module with its text, comments and literals blanked.
struct Crate {
    modules: BTreeMap<ModPath, String>,
}

impl Crate {
    /// The crate whose `lib.rs` (or `main.rs`) is at `src`, from its files as `(path relative to
    /// src, text)`.
    fn of(files: &[(String, String)]) -> Crate {
        let mut modules = BTreeMap::new();
        for (path, text) in files {
            let mut parts: Vec<String> = path
                .trim_end_matches(".rs")
                .split('/')
                .map(str::to_string)
                .collect();
            if matches!(
                parts.last().map(String::as_str),
                Some("mod" | "lib" | "main")
            ) {
                parts.pop();
            }
            modules.insert(parts, code_only(text));
        }
        Crate { modules }
    }

    fn children(&self, module: &ModPath) -> BTreeSet<String> {
        self.modules
            .keys()
            .filter(|m| m.len() == module.len() + 1 && m.starts_with(module))
            .map(|m| m[module.len()].clone())
            .collect()
    }

    /// The names `module` re-exports (`pub use a::b::C;`, `pub use a::b as C;`), each with the
    /// path it stands for, relative to `module`.
    fn reexports(&self, module: &ModPath) -> BTreeMap<String, Vec<String>> {
        let text = &self.modules[module];
        let mut out = BTreeMap::new();
        for (start, end) in pub_uses(text) {
            for path in use_tree(&text[start..end]) {
                let Some(last) = path.last() else { continue };
                if last != "*" {
                    out.insert(last.clone(), path);
                }
            }
        }
        out
    }

    /// The module an item at `path` (seen from `from`) is defined in, re-exports followed.
    fn resolve(&self, from: &ModPath, path: &[String], depth: usize) -> Option<ModPath> {
        let mut at: ModPath = from.clone();
        let mut rest = path;
        match rest.first().map(String::as_str) {
            Some("crate") => {
                at.clear();
                rest = &rest[1..];
            }
            Some("self") => rest = &rest[1..],
            _ => {}
        }
        while rest.first().is_some_and(|s| s == "super") {
            at.pop()?;
            rest = &rest[1..];
        }
        while let Some(next) = rest.first() {
            let mut deeper = at.clone();
            deeper.push(next.clone());
            if self.modules.contains_key(&deeper) {
                at = deeper;
                rest = &rest[1..];
                continue;
            }
            if depth < 8 {
                if let Some(target) = self.reexports(&at).get(next) {
                    let mut through = target.clone();
                    through.extend(rest[1..].iter().cloned());
                    return self.resolve(&at, &through, depth + 1);
                }
            }
            break;
        }
        Some(at)
    }

    /// The modules `module`'s own code uses: paths from `crate`, `self`, `super` or a child
    /// module, in `use` trees or in place. A `pub use` counts only for the names the file uses
    /// itself.
    fn uses(&self, module: &ModPath) -> BTreeSet<ModPath> {
        let text = &self.modules[module];
        let children = self.children(module);
        // The file without its re-exports and module declarations, where a re-exported name is
        // looked for.
        let mut rest = text.clone();
        for (start, end) in pub_uses(text).into_iter().rev() {
            rest.replace_range(start..end, &" ".repeat(end - start));
        }
        let rest = inline_supers_as_self(&without_mod_declarations(&rest));
        let mut paths = Vec::new();
        for (start, end) in pub_uses(text) {
            for path in use_tree(&text[start..end]) {
                if path.last().is_some_and(|name| contains_word(&rest, name)) {
                    paths.push(path);
                }
            }
        }
        paths.extend(paths_in(&rest, &children));
        let mut out = BTreeSet::new();
        for mut path in paths {
            let first = path[0].as_str();
            if !matches!(first, "crate" | "self" | "super") {
                if !children.contains(first) {
                    continue;
                }
                path.insert(0, "self".to_string());
            }
            if let Some(target) = self.resolve(module, &path, 0) {
                if &target != module {
                    out.insert(target);
                }
            }
        }
        out
    }

    /// The circles: for every folder, its children (files, and folders taken whole, and the
    /// folder's own file as `<self>`) as nodes, an edge where one's code uses another's.
    fn circles(&self) -> Vec<Vec<String>> {
        self.circles_with_uses()
            .into_iter()
            .map(|(c, _)| c)
            .collect()
    }

    /// The circles, each with the uses that close it (`a::b uses a::c`).
    fn circles_with_uses(&self) -> Vec<(Vec<String>, Vec<String>)> {
        let mut edges: BTreeMap<ModPath, BTreeSet<ModPath>> = BTreeMap::new();
        let mut why: BTreeMap<(ModPath, ModPath), BTreeSet<String>> = BTreeMap::new();
        for module in self.modules.keys() {
            for target in self.uses(module) {
                let common = module
                    .iter()
                    .zip(&target)
                    .take_while(|(a, b)| a == b)
                    .count();
                let node = |m: &ModPath| -> ModPath {
                    if m.len() == common {
                        let mut own = m.clone();
                        own.push("<self>".to_string());
                        own
                    } else {
                        m[..=common].to_vec()
                    }
                };
                edges.entry(node(module)).or_default().insert(node(&target));
                why.entry((node(module), node(&target)))
                    .or_default()
                    .insert(format!("{} uses {}", name(module), name(&target)));
            }
        }
        strongly_connected(&edges)
            .into_iter()
            .filter(|c| c.len() > 1)
            .map(|c| {
                let uses = why
                    .iter()
                    .filter(|((a, b), _)| c.contains(a) && c.contains(b))
                    .flat_map(|(_, w)| w.iter().cloned())
                    .collect();
                (c.iter().map(|m| m.join("::")).collect(), uses)
            })
            .collect()
    }
}

/// A module's name as a reader writes it (`crate` for the crate's root).
fn name(module: &ModPath) -> String {
    if module.is_empty() {
        "crate".to_string()
    } else {
        module.join("::")
    }
}

/// The components of a graph, each a set of nodes that reach one another.
fn strongly_connected(edges: &BTreeMap<ModPath, BTreeSet<ModPath>>) -> Vec<Vec<ModPath>> {
    let nodes: BTreeSet<&ModPath> = edges.keys().chain(edges.values().flatten()).collect();
    let reach = |from: &ModPath| -> BTreeSet<ModPath> {
        let mut seen = BTreeSet::new();
        let mut todo = vec![from.clone()];
        while let Some(n) = todo.pop() {
            for next in edges.get(&n).into_iter().flatten() {
                if seen.insert(next.clone()) {
                    todo.push(next.clone());
                }
            }
        }
        seen
    };
    let reached: BTreeMap<&ModPath, BTreeSet<ModPath>> =
        nodes.iter().map(|n| (*n, reach(n))).collect();
    let mut done = BTreeSet::new();
    let mut out = Vec::new();
    for n in &nodes {
        if done.contains(*n) {
            continue;
        }
        let component: Vec<ModPath> = nodes
            .iter()
            .filter(|m| *m == n || (reached[*n].contains(**m) && reached[**m].contains(*n)))
            .map(|m| (*m).clone())
            .collect();
        done.extend(component.iter().cloned());
        out.push(component);
    }
    out
}

/// `text` with comments, string and character literals blanked (same length, lines kept).
fn code_only(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = b.to_vec();
    let blank = |out: &mut Vec<u8>, from: usize, to: usize| {
        for c in &mut out[from..to.min(b.len())] {
            if *c != b'\n' {
                *c = b' ';
            }
        }
    };
    let mut i = 0;
    while i < b.len() {
        if b[i..].starts_with(b"//") {
            let end = b[i..]
                .iter()
                .position(|&c| c == b'\n')
                .map_or(b.len(), |e| i + e);
            blank(&mut out, i, end);
            i = end;
        } else if b[i..].starts_with(b"/*") {
            let (mut depth, mut j) = (0usize, i);
            while j < b.len() {
                if b[j..].starts_with(b"/*") {
                    depth += 1;
                    j += 2;
                } else if b[j..].starts_with(b"*/") {
                    depth -= 1;
                    j += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    j += 1;
                }
            }
            blank(&mut out, i, j);
            i = j;
        } else if b[i] == b'r'
            && (b.get(i + 1) == Some(&b'"') || b.get(i + 1) == Some(&b'#'))
            && (i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_'))
        {
            let hashes = b[i + 1..].iter().take_while(|&&c| c == b'#').count();
            if b.get(i + 1 + hashes) != Some(&b'"') {
                i += 1;
                continue;
            }
            let close: Vec<u8> = std::iter::once(b'"')
                .chain(std::iter::repeat_n(b'#', hashes))
                .collect();
            let body = i + 2 + hashes;
            let end = b[body..]
                .windows(close.len())
                .position(|w| w == close.as_slice())
                .map_or(b.len(), |e| body + e + close.len());
            blank(&mut out, i, end);
            i = end;
        } else if b[i] == b'"' {
            let mut j = i + 1;
            while j < b.len() && b[j] != b'"' {
                j += if b[j] == b'\\' { 2 } else { 1 };
            }
            blank(&mut out, i, j + 1);
            i = j + 1;
        } else if b[i] == b'\'' {
            // A character literal ('x', '\n', '\u{..}'), not a lifetime ('a).
            let end = if b.get(i + 1) == Some(&b'\\') {
                b[i + 2..]
                    .iter()
                    .position(|&c| c == b'\'')
                    .map(|e| i + 2 + e + 1)
            } else {
                let len = text[i + 1..].chars().next().map_or(1, char::len_utf8);
                (b.get(i + 1 + len) == Some(&b'\'')).then_some(i + 2 + len)
            };
            match end {
                Some(end) => {
                    blank(&mut out, i, end);
                    i = end;
                }
                None => i += 1,
            }
        } else {
            i += 1;
        }
    }
    String::from_utf8(out).unwrap()
}

/// The byte ranges of the trees of `pub use …;` (and `pub(crate) use …;`) in `text`.
fn pub_uses(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(at) = text[from..].find("pub") {
        let start = from + at;
        from = start + 3;
        if start > 0 && is_ident(text.as_bytes()[start - 1]) {
            continue;
        }
        let mut rest = &text[start + 3..];
        if rest.starts_with('(') {
            let Some(close) = rest.find(')') else {
                continue;
            };
            rest = &rest[close + 1..];
        }
        let trimmed = rest.trim_start();
        if !trimmed.starts_with("use ") {
            continue;
        }
        let tree = text.len() - trimmed.len() + 4;
        let Some(end) = text[tree..].find(';') else {
            continue;
        };
        out.push((start, tree + end));
    }
    out
}

/// The paths of a use tree (`a::{b, c::{d, e as f}}` → `a::b`, `a::c::d`, `a::c::f`); `text`
/// may start with `pub use`.
fn use_tree(text: &str) -> Vec<Vec<String>> {
    let text = text.trim();
    let text = text.strip_prefix("pub").unwrap_or(text);
    let text = match text.trim_start().strip_prefix('(') {
        Some(rest) => rest.split_once(')').map_or(rest, |(_, r)| r),
        None => text,
    };
    let text = text.trim_start().strip_prefix("use").unwrap_or(text);
    let tokens = tokens(text);
    let mut out = Vec::new();
    tree(&tokens, &mut 0, Vec::new(), &mut out);
    out
}

fn tokens(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut chars = text.chars().peekable();
    while let Some(&c) = chars.peek() {
        if c.is_alphanumeric() || c == '_' {
            let mut word = String::new();
            while let Some(&c) = chars.peek().filter(|c| c.is_alphanumeric() || **c == '_') {
                word.push(c);
                chars.next();
            }
            out.push(word);
        } else if c == ':' {
            chars.next();
            if chars.peek() == Some(&':') {
                chars.next();
                out.push("::".to_string());
            }
        } else if matches!(c, '{' | '}' | ',' | '*') {
            out.push(c.to_string());
            chars.next();
        } else {
            chars.next();
        }
    }
    out
}

/// Reads one use tree at `tokens[*at]` under `prefix` into `out`.
fn tree(tokens: &[String], at: &mut usize, prefix: Vec<String>, out: &mut Vec<Vec<String>>) {
    let mut path = prefix;
    while let Some(token) = tokens.get(*at) {
        match token.as_str() {
            "{" => {
                *at += 1;
                while tokens.get(*at).is_some_and(|t| t != "}") {
                    tree(tokens, at, path.clone(), out);
                    if tokens.get(*at).is_some_and(|t| t == ",") {
                        *at += 1;
                    }
                }
                *at += 1;
                return;
            }
            "::" => *at += 1,
            "," | "}" => break,
            "as" => {
                // `x as y`: the name is `y`, the path stays `…::x`'s.
                *at += 2;
            }
            "self" if !path.is_empty() => *at += 1,
            word => {
                path.push(word.to_string());
                *at += 1;
            }
        }
    }
    if !path.is_empty() {
        out.push(path);
    }
}

/// The paths in `text` that start with `crate`, `self`, `super` or one of `children`, use
/// trees expanded; `text` is code only.
fn paths_in(text: &str, children: &BTreeSet<String>) -> Vec<Vec<String>> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if !is_ident(b[i]) || (i > 0 && (is_ident(b[i - 1]) || b[i - 1] == b':')) {
            i += 1;
            continue;
        }
        let word_end = i + b[i..].iter().take_while(|&&c| is_ident(c)).count();
        let word = &text[i..word_end];
        let starts = matches!(word, "crate" | "self" | "super") || children.contains(word);
        if !starts || !text[word_end..].trim_start().starts_with("::") {
            i = word_end;
            continue;
        }
        // The path runs over words, `::`, braces and what a use tree holds inside them.
        let mut j = word_end;
        let mut depth = 0usize;
        while j < b.len() {
            let c = b[j];
            if c == b'{' {
                depth += 1;
            } else if c == b'}' {
                if depth == 0 {
                    break;
                }
                depth -= 1;
            } else if depth == 0
                && !(is_ident(c) || c == b':' || c.is_ascii_whitespace() && b[j - 1] == b':')
            {
                break;
            }
            j += 1;
        }
        let mut found = use_tree(&text[i..j]);
        // A path in place ends at its last module or item: `super::solve::Solver::new`.
        out.append(&mut found);
        i = j.max(word_end);
    }
    out
}

fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

fn contains_word(text: &str, word: &str) -> bool {
    text.match_indices(word).any(|(i, _)| {
        let b = text.as_bytes();
        (i == 0 || !is_ident(b[i - 1])) && b.get(i + word.len()).is_none_or(|&c| !is_ident(c))
    })
}

/// `text` without `mod NAME;` declarations (a child's name there is no use of it).
fn without_mod_declarations(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        let bare = line.trim_start();
        let bare = bare.strip_prefix("pub ").unwrap_or(bare);
        let bare = bare.strip_prefix("pub(crate) ").unwrap_or(bare);
        if bare.starts_with("mod ") && bare.trim_end().ends_with(';') {
            out.push('\n');
        } else {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// `text` with the `super::` that opens a path inside an inline module (`mod tests { use
/// super::*; }`) read as the file's own `self::`: there `super` is the file, not its parent.
fn inline_supers_as_self(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = text.to_string();
    let mut from = 0;
    while let Some(at) = text[from..].find("mod ") {
        let start = from + at;
        from = start + 4;
        if start > 0 && is_ident(b[start - 1]) {
            continue;
        }
        let name_end = from + b[from..].iter().take_while(|&&c| is_ident(c)).count();
        if !text[name_end..].trim_start().starts_with('{') {
            continue;
        }
        let open = name_end + text[name_end..].find('{').unwrap();
        let mut depth = 0usize;
        let mut close = b.len();
        for (i, &c) in b.iter().enumerate().skip(open) {
            if c == b'{' {
                depth += 1;
            } else if c == b'}' {
                depth -= 1;
                if depth == 0 {
                    close = i;
                    break;
                }
            }
        }
        for (i, _) in text[open..close].match_indices("super::") {
            let i = open + i;
            let opens_a_path = !is_ident(b[i - 1]) && b[i - 1] != b':';
            if opens_a_path {
                out.replace_range(i..i + 7, "self:: ");
            }
        }
        from = close;
    }
    out
}

/// The files of the crate whose source folder is `src`, as `(path relative to src, text)`.
fn crate_files(src: &Path) -> Vec<(String, String)> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    files
        .iter()
        .map(|f| {
            let relative = f
                .strip_prefix(src)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            (relative, std::fs::read_to_string(f).unwrap())
        })
        .collect()
}

#[test]
fn no_crate_has_a_circle_between_its_modules() {
    let mut sources = vec![workspace().join("src")];
    for entry in std::fs::read_dir(workspace().join("crates")).unwrap() {
        sources.push(entry.unwrap().path().join("src"));
    }
    sources.sort();
    let mut found = Vec::new();
    for src in &sources {
        let krate = Crate::of(&crate_files(src));
        for (circle, uses) in krate.circles_with_uses() {
            found.push(format!(
                "{}: {}\n    {}",
                src.strip_prefix(workspace()).unwrap().display(),
                circle.join(" ⇄ "),
                uses.join("\n    ")
            ));
        }
    }
    assert!(
        found.is_empty(),
        "modules that use one another in a circle (move what they share into a module below \
         them, or turn one of the uses around):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_circle_finder_sees_circles_through_paths_use_trees_and_re_exports() {
    let files = |list: &[(&str, &str)]| -> Vec<(String, String)> {
        list.iter()
            .map(|(p, t)| (p.to_string(), t.to_string()))
            .collect()
    };
    // `a` uses `b` through the root's re-export; `b` calls into `a` in place.
    let circle = Crate::of(&files(&[
        ("lib.rs", "mod a;\nmod b;\npub use b::Thing;\n"),
        ("a.rs", "use crate::Thing;\npub fn f() -> Thing { Thing }\n"),
        ("b.rs", "pub struct Thing;\npub fn g() { super::a::f(); }\n"),
    ]));
    assert_eq!(circle.circles(), [vec!["a".to_string(), "b".to_string()]]);
    // A use tree inside a folder, against the folder's own file.
    let folder = Crate::of(&files(&[
        ("lib.rs", "mod x;\n"),
        (
            "x/mod.rs",
            "mod y;\nmod z;\npub struct Ctx;\nfn run() { y::go(); }\n",
        ),
        ("x/y.rs", "use super::{z::Z, Ctx};\npub fn go() {}\n"),
        (
            "x/z.rs",
            "pub struct Z; // super::y::go()\nconst S: &str = \"super::y\";\n",
        ),
    ]));
    assert_eq!(
        folder.circles(),
        [vec!["x::<self>".to_string(), "x::y".to_string()]]
    );
    // Comments, strings, a re-export no one uses and the `super` of a file's inline test
    // module (the file itself) are no uses.
    let none = Crate::of(&files(&[
        (
            "lib.rs",
            "mod a;\nmod b;\npub use a::A;\npub fn h() -> a::A { a::A }\n",
        ),
        (
            "a.rs",
            "pub struct A; // crate::b\nconst S: &str = \"crate::b::B\";\n\
             #[cfg(test)]\nmod tests {\n    use super::*;\n    fn t() { super::A; }\n}\n",
        ),
        ("b.rs", "use crate::a::A;\npub struct B(A);\n"),
    ]));
    assert!(none.circles().is_empty(), "{:?}", none.circles());
}
