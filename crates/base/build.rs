//! The fingerprint of the code that computes: one SHA-256 over every file of the crates whose
//! results hackenbook keeps on disk (the games engine, the rulesets with the Hackenbush solver,
//! the census engines: each crate's `src` and its manifest), over the base crate's
//! `provenance.rs` (the names of methods, which the caches store) and over `Cargo.lock` (the
//! arithmetic crates they compute with), written to `$OUT_DIR/fingerprint.rs` as `trust::CODE`.
//! A cached value is believed only when it was computed by code of the same fingerprint, so a
//! change to any of these files — one that a hand-kept list of sources would miss — makes every
//! cached value be computed again.
//!
//! It is the base crate's build script because `trust` (here) seals over the fingerprint; it
//! reads its sibling crates by path from the workspace's root (two folders above this crate),
//! so it is built only inside this workspace. Cargo runs it again when any of those files
//! changes. `tests/cache_trust.rs` recomputes it from the sources and holds the computing
//! crates to the code they import.

use sha2::{Digest, Sha256};
use std::fs;
use std::path::{Path, PathBuf};

/// What is fingerprinted, every file of each, relative to the workspace's root: a folder or
/// one file.
const COMPUTING: &[&str] = &[
    "crates/games/Cargo.toml",
    "crates/games/src",
    "crates/rulesets/Cargo.toml",
    "crates/rulesets/src",
    "crates/census/Cargo.toml",
    "crates/census/src",
    "crates/base/src/provenance.rs",
];

/// Every file under `dir`, recursively (`dir` itself when it is a file).
fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    if dir.is_file() {
        out.push(dir.to_path_buf());
        return;
    }
    let entries =
        fs::read_dir(dir).unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()));
    for entry in entries {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            files(&path, out);
        } else {
            out.push(path);
        }
    }
}

/// The fingerprint of the computing code under `root` (the workspace's root), and the files
/// hashed into it (relative, sorted).
pub fn fingerprint(root: &Path) -> (String, Vec<String>) {
    let mut all = Vec::new();
    for dir in COMPUTING {
        files(&root.join(dir), &mut all);
    }
    let mut relative: Vec<String> = all
        .iter()
        .map(|p| {
            let r = p.strip_prefix(root).expect("under the workspace root");
            r.to_string_lossy().replace('\\', "/")
        })
        .collect();
    relative.sort();
    let mut hash = Sha256::new();
    for path in &relative {
        let bytes = fs::read(root.join(path)).unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
        hash.update((path.len() as u64).to_le_bytes());
        hash.update(path.as_bytes());
        hash.update((bytes.len() as u64).to_le_bytes());
        hash.update(&bytes);
    }
    // Installed from a package without a lock file, the crates resolved at build time are
    // unknown here: the fingerprint says so rather than guessing.
    let lock = fs::read(root.join("Cargo.lock")).unwrap_or_else(|_| b"no Cargo.lock".to_vec());
    hash.update(b"Cargo.lock");
    hash.update((lock.len() as u64).to_le_bytes());
    hash.update(&lock);
    let code = hash.finalize().iter().map(|b| format!("{b:02x}")).collect();
    (code, relative)
}

#[allow(dead_code)] // Not called where tests include this file for `fingerprint`.
fn main() {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    // crates/base → the workspace's root.
    let root = manifest
        .parent()
        .and_then(Path::parent)
        .expect("the base crate lies two folders below the workspace's root")
        .to_path_buf();
    for dir in COMPUTING {
        println!("cargo:rerun-if-changed={}", root.join(dir).display());
    }
    println!(
        "cargo:rerun-if-changed={}",
        root.join("Cargo.lock").display()
    );
    println!("cargo:rerun-if-changed=build.rs");
    let (code, relative) = fingerprint(&root);
    let list: String = relative.iter().map(|p| format!("    {p:?},\n")).collect();
    let roots: String = COMPUTING.iter().map(|p| format!("{p:?}, ")).collect();
    let text = format!(
        "/// SHA-256 of every file of the computing modules ([`COMPUTING`]) and of `Cargo.lock`.\n\
         pub const CODE: &str = {code:?};\n\
         /// What is fingerprinted in [`CODE`], every file of each, relative to the workspace's root.\n\
         pub const COMPUTING: &[&str] = &[{roots}];\n\
         /// The files hashed into [`CODE`], relative to the workspace's root.\n\
         pub const FILES: &[&str] = &[\n{list}];\n"
    );
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets it"));
    fs::write(out.join("fingerprint.rs"), text).expect("OUT_DIR is writable");
}
