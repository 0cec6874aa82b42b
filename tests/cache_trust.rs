//! What a build believes without computing it, tried as an attacker would, through the binary:
//! a count edited in the census cache, a cache sealed under another user's key, links and a
//! FIFO planted where the tool writes and reads its files. Each time the build computes the
//! figure again (or refuses), and nothing outside the tool's own files changes.

use hackenbook_census::families::forests::{Family, Kind};
use hackenbook_census::forest::Palette;
use hackenbook_rulesets::hackenbush::{Colour, Rules};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// A project with one essay claiming `{N = count forests7 where value = 0 and trunks > 0}` (804
/// is true: `trunks` makes it a census enumerated and cached, not counted by value), and
/// the key file its runs use (outside the project).
struct Project {
    dir: tempfile::TempDir,
    key: PathBuf,
}

const ESSAY: &str = "+++\ntitle = \"Balanced forests\"\nslug = \"first\"\nrung = 1\n\
summary = \"How many forests are worth nothing.\"\n+++\n\n\
Of the blue-red forests of up to seven edges, `{N = count forests7 where value = 0 and trunks > 0}` are worth \
nothing.\n";

impl Project {
    fn new() -> Project {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("essays")).unwrap();
        let key = dir.path().join("home/key");
        let project = Project { dir, key };
        project.claim(804);
        project
    }

    fn root(&self) -> &Path {
        self.dir.path()
    }

    fn essay(&self) -> PathBuf {
        self.root().join("essays/first.md")
    }

    fn claim(&self, n: u32) {
        std::fs::write(self.essay(), ESSAY.replace('N', &n.to_string())).unwrap();
    }

    fn cache(&self) -> PathBuf {
        self.root().join(".hackenbook-cache")
    }

    fn command(&self, key: &Path, args: &[&str]) -> Command {
        let mut command = Command::new(env!("CARGO_BIN_EXE_hackenbook"));
        command
            .arg("--root")
            .arg(self.root())
            .args(args)
            .current_dir(self.root())
            .env("HACKENBOOK_KEY_FILE", key)
            .stdin(Stdio::null());
        command
    }

    fn run(&self, args: &[&str]) -> Output {
        self.command(&self.key, args).output().unwrap()
    }

    /// Runs, and fails the test rather than wait past `limit` (a run blocked on a FIFO).
    fn run_within(&self, args: &[&str], limit: Duration) -> Output {
        let mut child = self
            .command(&self.key, args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let start = Instant::now();
        while child.try_wait().unwrap().is_none() {
            if start.elapsed() > limit {
                child.kill().unwrap();
                let _ = child.wait();
                panic!(
                    "`hackenbook {}` still running after {limit:?}",
                    args.join(" ")
                );
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        child.wait_with_output().unwrap()
    }

    /// The one census file in the cache.
    fn census_file(&self) -> PathBuf {
        let entries: Vec<PathBuf> = std::fs::read_dir(self.cache())
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| {
                p.file_name()
                    .unwrap()
                    .to_string_lossy()
                    .starts_with("census-")
            })
            .collect();
        assert_eq!(entries.len(), 1, "{entries:?}");
        entries.into_iter().next().unwrap()
    }
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn holds(output: &Output) -> bool {
    output.status.success()
}

fn forests(max_edges: usize) -> Family {
    Family {
        kind: Kind::Forests,
        min_edges: 1,
        max_edges,
        palette: Palette::new(&[Colour::Blue, Colour::Red]),
        rules: Rules::Normal,
    }
}

/// A cache file split into what comes before its JSON (a seal, if any) and the JSON.
fn split_sealed(bytes: &[u8]) -> (Vec<u8>, serde_json::Value) {
    let start = bytes.iter().position(|&b| b == b'{').unwrap();
    (
        bytes[..start].to_vec(),
        serde_json::from_slice(&bytes[start..]).unwrap(),
    )
}

/// Adds one to the count of the first row worth 0, as a hand edit would: the JSON changed, what
/// comes before it (the seal) left as it was.
fn forge_a_zero_count(file: &Path) {
    let (head, mut json) = split_sealed(&std::fs::read(file).unwrap());
    add_to_a_zero_count(&mut json);
    let mut bytes = head;
    bytes.extend(serde_json::to_vec(&json).unwrap());
    std::fs::write(file, bytes).unwrap();
}

fn add_to_a_zero_count(json: &mut serde_json::Value) {
    let row = json["rows"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|r| r["record"]["value"] == serde_json::json!({"Num": [0, 0]}))
        .unwrap();
    row["count"] = (row["count"].as_u64().unwrap() + 1).into();
}

#[test]
fn a_count_edited_in_the_census_cache_is_computed_again_not_published() {
    let project = Project::new();
    let first = project.run(&["check"]);
    assert!(holds(&first), "{}", text(&first.stderr));
    forge_a_zero_count(&project.census_file());
    // The forged figure does not hold: the census is computed again.
    project.claim(805);
    let forged = project.run(&["check"]);
    assert!(
        !holds(&forged),
        "805 was published: {}",
        text(&forged.stdout)
    );
    assert!(
        text(&forged.stderr).contains("804"),
        "{}",
        text(&forged.stderr)
    );
    project.claim(804);
    let again = project.run(&["check"]);
    assert!(holds(&again), "{}", text(&again.stderr));
}

#[cfg(unix)]
#[test]
fn links_at_the_names_of_temporary_files_write_nothing_through_them() {
    use std::os::unix::fs::symlink;
    let project = Project::new();
    let rules = "# The rules\n";
    std::fs::write(project.essay(), rules).unwrap();
    // The names an earlier hackenbook wrote its temporary files under: beside a shard's result,
    // and in the cache.
    symlink(project.essay(), project.root().join("x.part")).unwrap();
    std::fs::create_dir(project.cache()).unwrap();
    let key = hackenbook_census::store::cache::cache_key(&forests(4));
    symlink(
        project.essay(),
        project.cache().join(format!("census-{key}.tmp")),
    )
    .unwrap();

    let shard = project.run(&[
        "census", "shard", "forests4", "--shard", "1", "--of", "1", "--out", "x.json",
    ]);
    assert!(holds(&shard), "{}", text(&shard.stderr));
    let census = project.run(&["census", "count forests4 where value = 0 and trunks > 0"]);
    assert!(holds(&census), "{}", text(&census.stderr));
    let essay = std::fs::read_to_string(project.essay()).unwrap();
    assert!(
        essay == rules,
        "the essay was overwritten: {}…",
        &essay[..80.min(essay.len())]
    );
    assert!(std::fs::symlink_metadata(project.root().join("x.json"))
        .unwrap()
        .is_file());
}

#[cfg(unix)]
#[test]
fn a_fifo_in_the_cache_is_passed_over_without_waiting() {
    let project = Project::new();
    std::fs::create_dir(project.cache()).unwrap();
    let key = hackenbook_census::store::cache::cache_key(&forests(7));
    let fifo = project.cache().join(format!("census-{key}.json"));
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let output = project.run_within(&["check"], Duration::from_secs(120));
    assert!(holds(&output), "{}", text(&output.stderr));
}

/// The fingerprint as the base crate's `build.rs` computes it, run here on the sources as they
/// are now.
#[path = "../crates/base/build.rs"]
mod build;

/// Modules of the base crate that the computing code may import, and why none of them can
/// change a computed figure. A new import from elsewhere fails the test below until its module
/// is fingerprinted (`COMPUTING` in `crates/base/build.rs`) or shown here to compute nothing.
const COMPUTES_NOTHING: &[(&str, &str)] = &[
    ("located", "where an error is, for its message"),
    ("escape", "HTML escaping, for drawings"),
    ("stack", "runs a closure on a thread with a large stack"),
    ("suggest", "the nearest known name, for a message"),
    ("trust", "seals the files the results are kept in"),
    (
        "files",
        "reads and writes the files the results are kept in",
    ),
];

/// The workspace's root: this package's folder.
fn workspace() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn the_fingerprint_is_of_every_file_of_the_computing_code_as_it_is_now() {
    let (code, files) = build::fingerprint(workspace());
    assert_eq!(hackenbook_base::trust::FILES, files.as_slice());
    assert_eq!(hackenbook_base::trust::CODE, code);
    for file in [
        "crates/census/src/engines/composing.rs",
        "crates/census/src/engines/enumerating.rs",
        "crates/census/Cargo.toml",
        "crates/games/src/canonical.rs",
        "crates/rulesets/src/hackenbush/solve.rs",
        "crates/rulesets/src/solve.rs",
        "crates/base/src/provenance.rs",
    ] {
        assert!(files.iter().any(|f| f == file), "{file}");
    }
    // The cache's identity is derived from it.
    assert!(hackenbook_census::store::cache::schema().len() == 64);
}

/// The crates whose whole source is fingerprinted (`crates/NAME/src` in `COMPUTING`), by name.
fn computing_crates() -> Vec<&'static str> {
    hackenbook_base::trust::COMPUTING
        .iter()
        .filter_map(|p| p.strip_prefix("crates/")?.strip_suffix("/src"))
        .collect()
}

/// The workspace's crates that `manifest` depends on (build dependencies too), by name.
fn workspace_dependencies(manifest: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(manifest).unwrap();
    let table: toml::Table = text.parse().unwrap();
    ["dependencies", "build-dependencies"]
        .iter()
        .filter_map(|section| table.get(*section)?.as_table())
        .flat_map(|deps| deps.keys())
        .filter_map(|name| name.strip_prefix("hackenbook-"))
        .map(str::to_string)
        .collect()
}

/// The paths `text` names into the workspace's crates: `(crate, module)`, the crate `crate` for
/// `crate::module`, else its short name (`games` for `hackenbook_games::…`; `hackenbook` for
/// the command line's `hackenbook::…`).
fn named_modules(text: &str) -> Vec<(String, String)> {
    let word = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect()
    };
    let mut named = Vec::new();
    for (i, _) in text.match_indices("crate::") {
        named.push(("crate".to_string(), word(&text[i + "crate::".len()..])));
    }
    for (i, _) in text.match_indices("hackenbook") {
        let before = text[..i].chars().next_back();
        if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_') {
            continue;
        }
        let rest = &text[i + "hackenbook".len()..];
        let (krate, rest) = match rest.strip_prefix('_') {
            Some(rest) => {
                let name = word(rest);
                let after = rest[name.len()..].to_string();
                (name, after)
            }
            None => ("hackenbook".to_string(), rest.to_string()),
        };
        if let Some(path) = rest.strip_prefix("::") {
            named.push((krate, word(path)));
        }
    }
    named
}

#[test]
fn the_import_scan_sees_paths_into_every_crate() {
    let named = named_modules(
        "use crate::located::Located;\nuse hackenbook_book::page;\n\
         let x = hackenbook::commands::LIST_LIMIT; let hackenbook_like = 1;",
    );
    let named: Vec<(&str, &str)> = named
        .iter()
        .map(|(k, m)| (k.as_str(), m.as_str()))
        .collect();
    assert_eq!(
        named,
        [
            ("crate", "located"),
            ("book", "page"),
            ("hackenbook", "commands")
        ]
    );
}

#[test]
fn the_computing_code_imports_nothing_that_computes_outside_the_fingerprint() {
    let crates = computing_crates();
    assert!(
        ["games", "rulesets", "census"]
            .iter()
            .all(|c| crates.contains(c)),
        "{crates:?}"
    );
    // The base crate's files fingerprinted one by one (`provenance`).
    let base_files: Vec<&str> = hackenbook_base::trust::COMPUTING
        .iter()
        .filter_map(|p| p.strip_prefix("crates/base/src/")?.strip_suffix(".rs"))
        .collect();
    let from_base = |module: &str| {
        base_files.contains(&module) || COMPUTES_NOTHING.iter().any(|(m, _)| *m == module)
    };
    let mut outside = Vec::new();
    // A computing crate may depend on computing crates and the base crate only.
    for name in &crates {
        let manifest = workspace().join("crates").join(name).join("Cargo.toml");
        for dependency in workspace_dependencies(&manifest) {
            if dependency != "base" && !crates.contains(&dependency.as_str()) {
                outside.push(format!("crates/{name} depends on hackenbook-{dependency}"));
            }
        }
    }
    // And what its files (and the base crate's fingerprinted files) name from the base crate
    // must compute nothing.
    for file in hackenbook_base::trust::FILES {
        if !file.ends_with(".rs") {
            continue;
        }
        let own = file.split('/').nth(1).unwrap();
        let text = std::fs::read_to_string(workspace().join(file)).unwrap();
        for (krate, module) in named_modules(&text) {
            let known = match krate.as_str() {
                "crate" => own != "base" || from_base(&module),
                "base" => from_base(&module),
                other => crates.contains(&other),
            };
            if !known {
                let path = match krate.as_str() {
                    "crate" | "hackenbook" => format!("{krate}::{module}"),
                    other => format!("hackenbook_{other}::{module}"),
                };
                outside.push(format!("{file} uses `{path}`"));
            }
        }
    }
    assert!(
        outside.is_empty(),
        "computing code uses code outside the fingerprint (fingerprint it in COMPUTING in \
         crates/base/build.rs, or say in COMPUTES_NOTHING why it computes nothing):\n{}",
        outside.join("\n")
    );
}

/// The census file's JSON, forged by `edit`, sealed again under `key` (a key that leaked, or
/// another account's).
fn reseal(
    file: &Path,
    kind: &str,
    key: &hackenbook_base::trust::Key,
    edit: impl Fn(&mut serde_json::Value),
) {
    let (_, mut json) = split_sealed(&std::fs::read(file).unwrap());
    edit(&mut json);
    std::fs::write(file, key.seal(kind, &serde_json::to_vec(&json).unwrap())).unwrap();
}

#[test]
fn a_cache_sealed_under_another_key_is_computed_again_and_no_cache_believes_nothing() {
    let project = Project::new();
    let first = project.run(&["check"]);
    assert!(holds(&first), "{}", text(&first.stderr));
    // The forged entry sealed under this project's key: as a cache restored from a run that
    // held the key would be.
    let key = hackenbook_base::trust::Key::kept_in(&project.key).unwrap();
    reseal(
        &project.census_file(),
        "census cache",
        &key,
        add_to_a_zero_count,
    );
    project.claim(805);
    // `--no-cache` reads nothing, whoever sealed it.
    let fresh = project.run(&["check", "--no-cache"]);
    assert!(!holds(&fresh), "805 was published by a build without cache");
    assert!(
        text(&fresh.stderr).contains("804"),
        "{}",
        text(&fresh.stderr)
    );
    // And writes nothing: the entry is still the forged one, sealed under the key that
    // believes it. The key is what a build trusts; a project folder never is. But a census
    // read back is held against the closed forms: a position added is refused by size.
    let believed = project.run(&["check"]);
    assert!(
        !holds(&believed),
        "805 was published from a count over the closed form"
    );
    assert!(
        text(&believed.stderr).contains("where the closed form 2^")
            && text(&believed.stderr).contains("a drawing was missed or counted twice"),
        "{}",
        text(&believed.stderr)
    );
    // Another account (another key) computes it again.
    let elsewhere = project.dir.path().join("elsewhere/key");
    let other = project.command(&elsewhere, &["check"]).output().unwrap();
    assert!(!holds(&other), "805 was published under another key");
    assert!(
        text(&other.stderr).contains("804"),
        "{}",
        text(&other.stderr)
    );
}

#[test]
fn shards_are_merged_only_when_sealed_under_the_key_and_within_the_closed_forms() {
    let project = Project::new();
    for (i, out) in [(1, "a.json"), (2, "b.json")] {
        let shard = project.run(&[
            "census",
            "shard",
            "forests5",
            "--shard",
            &i.to_string(),
            "--of",
            "2",
            "--out",
            out,
        ]);
        assert!(holds(&shard), "{}", text(&shard.stderr));
    }
    let b = project.root().join("b.json");
    let genuine = std::fs::read(&b).unwrap();
    let merge = |key: &Path| {
        project
            .command(key, &["census", "merge", "forests5", "a.json", "b.json"])
            .output()
            .unwrap()
    };
    let refused = |output: &Output, why: &str| {
        assert!(!holds(output), "merged");
        let said = text(&output.stderr);
        assert!(said.contains("b.json") && said.contains(why), "{said}");
        assert!(!project.cache().exists(), "a census was stored");
    };
    // A million positions added to one record, the file's own total raised to match.
    let million = |json: &mut serde_json::Value| {
        let count = json["rows"][0]["count"].as_u64().unwrap();
        json["rows"][0]["count"] = (count + 1_000_000).into();
        let positions = json["positions"].as_u64().unwrap();
        json["positions"] = (positions + 1_000_000).into();
    };
    // Edited by hand: the seal no longer matches.
    let (head, mut json) = split_sealed(&genuine);
    million(&mut json);
    let mut edited = head;
    edited.extend(serde_json::to_vec(&json).unwrap());
    std::fs::write(&b, edited).unwrap();
    refused(&merge(&project.key), "its seal does not match");
    // Sealed again under the right key (a key that leaked): the closed forms refuse it.
    std::fs::write(&b, &genuine).unwrap();
    let key = hackenbook_base::trust::Key::kept_in(&project.key).unwrap();
    reseal(&b, "census shard", &key, million);
    refused(
        &merge(&project.key),
        "it counts 1000672 positions of 5 edges where this shard has 672",
    );
    // Genuine shards, merged under another account's key: refused.
    std::fs::write(&b, &genuine).unwrap();
    refused(
        &merge(&project.dir.path().join("other/key")),
        "its seal does not match",
    );
    // Under the key they were sealed with, merged; the cache answers as the census run whole.
    let merged = merge(&project.key);
    assert!(holds(&merged), "{}", text(&merged.stderr));
    assert!(text(&merged.stdout).contains("merged 2 shards of `forests5` (1618 positions"));
    let query = ["census", "count forests5 where value = 0 and trunks > 0"];
    let from_cache = project.run(&query);
    let computed = project.run(&[&["--no-cache"][..], &query].concat());
    assert!(holds(&from_cache) && holds(&computed));
    assert_eq!(text(&from_cache.stdout), text(&computed.stdout));
}
