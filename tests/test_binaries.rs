//! Every test file runs. Each package's `tests/` is one test binary (`autotests = false` and a
//! `[[test]]` whose `main.rs` declares the files as modules), so a file of `tests/` that no test
//! binary declares would be compiled by nobody and its tests would silently never run: such a
//! file fails here, named, with the line to add.
use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

/// The files a test binary rooted at `root` compiles from its own folder: `root` and the
/// modules it declares (`mod name;`, or `#[path = "…"] mod name;`), each `name.rs` or
/// `name/mod.rs` beside it.
fn declared(root: &Path) -> BTreeSet<PathBuf> {
    let dir = root.parent().expect("a test binary's root is in a folder");
    let text = fs::read_to_string(root).unwrap_or_else(|e| panic!("{}: {e}", root.display()));
    let mut files = BTreeSet::from([root.to_path_buf()]);
    let mut path_attr: Option<String> = None;
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("#[path = \"") {
            path_attr = rest.strip_suffix("\"]").map(str::to_string);
            continue;
        }
        if let Some(name) = line.strip_prefix("mod ").and_then(|l| l.strip_suffix(';')) {
            match path_attr.take() {
                Some(path) => {
                    files.insert(dir.join(path));
                }
                None => {
                    files.insert(dir.join(format!("{name}.rs")));
                    files.insert(dir.join(name).join("mod.rs"));
                }
            }
        } else if !line.starts_with("#[") {
            path_attr = None;
        }
    }
    files
}

/// The files of `package`'s `tests/` folder that no test binary of its `Cargo.toml` compiles
/// (`tests/*.rs` and `tests/*/mod.rs`), or why the package's tests are not one binary per
/// `[[test]]`.
fn unreached(package: &Path) -> Vec<String> {
    let tests = package.join("tests");
    if !tests.is_dir() {
        return Vec::new();
    }
    let manifest = package.join("Cargo.toml");
    let toml: toml::Table = fs::read_to_string(&manifest)
        .unwrap_or_else(|e| panic!("{}: {e}", manifest.display()))
        .parse()
        .unwrap_or_else(|e| panic!("{}: {e}", manifest.display()));
    let mut problems = Vec::new();
    if toml["package"]
        .get("autotests")
        .and_then(toml::Value::as_bool)
        != Some(false)
    {
        problems.push(format!(
            "{} does not set `autotests = false`: each file of tests/ would be a test binary \
             of its own as well as a module",
            manifest.display()
        ));
    }
    let mut reached = BTreeSet::new();
    let targets = toml.get("test").and_then(toml::Value::as_array);
    for target in targets.into_iter().flatten() {
        let path = target
            .get("path")
            .and_then(toml::Value::as_str)
            .unwrap_or_else(|| panic!("{}: a [[test]] without a path", manifest.display()));
        reached.extend(declared(&package.join(path)));
    }
    let mut files = Vec::new();
    for entry in fs::read_dir(&tests).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        } else if path.join("mod.rs").is_file() {
            files.push(path.join("mod.rs"));
        }
    }
    files.sort();
    for file in files {
        if !reached.contains(&file) {
            problems.push(format!(
                "{} is compiled by no test binary, so its tests never run: declare it in {} \
                 (`mod {};`)",
                file.display(),
                tests.join("main.rs").display(),
                module_name(&file),
            ));
        }
    }
    problems
}

fn module_name(file: &Path) -> String {
    let stem = file.file_stem().unwrap().to_string_lossy();
    if stem == "mod" {
        file.parent()
            .unwrap()
            .file_name()
            .unwrap()
            .to_string_lossy()
            .into_owned()
    } else {
        stem.into_owned()
    }
}

/// The root package and every crate of `crates/`.
fn packages() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut packages = vec![root.to_path_buf()];
    for entry in fs::read_dir(root.join("crates")).unwrap() {
        let path = entry.unwrap().path();
        if path.join("Cargo.toml").is_file() {
            packages.push(path);
        }
    }
    packages.sort();
    packages
}

#[test]
fn every_file_of_every_tests_folder_is_compiled_by_a_test_binary() {
    let problems: Vec<String> = packages().iter().flat_map(|p| unreached(p)).collect();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn a_test_file_left_out_of_main_is_found() {
    let dir = tempfile::tempdir().unwrap();
    let package = dir.path();
    fs::create_dir_all(package.join("tests/shared")).unwrap();
    fs::write(
        package.join("Cargo.toml"),
        "[package]\nname = \"p\"\nautotests = false\n\n\
         [[test]]\nname = \"integration\"\npath = \"tests/main.rs\"\n",
    )
    .unwrap();
    fs::write(
        package.join("tests/main.rs"),
        "//! Doc.\nmod shared;\n#[cfg(feature = \"x\")]\nmod kept;\n#[path = \"elsewhere.rs\"]\n\
         mod moved;\n",
    )
    .unwrap();
    for file in [
        "shared/mod.rs",
        "kept.rs",
        "elsewhere.rs",
        "forgotten.rs",
        "moved.rs",
    ] {
        fs::write(package.join("tests").join(file), "").unwrap();
    }
    let problems = unreached(package);
    assert_eq!(problems.len(), 2, "{problems:#?}");
    assert!(problems[0].contains("forgotten.rs") && problems[0].contains("`mod forgotten;`"));
    // `#[path]` named another file: `moved.rs` itself is compiled by nobody.
    assert!(problems[1].contains("moved.rs"));

    fs::write(package.join("Cargo.toml"), "[package]\nname = \"p\"\n").unwrap();
    let problems = unreached(package);
    assert!(problems[0].contains("autotests = false"), "{problems:#?}");
    assert_eq!(problems.len(), 7, "{problems:#?}");
}
