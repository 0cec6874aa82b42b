//! What the two typesetters made, kept between runs: KaTeX's MathML and the WOFF2 fonts.
//!
//! The one idea: **only the output of a foreign, deterministic function is kept, under the
//! whole of its input**. KaTeX (JavaScript in QuickJS) turns TeX and its options into MathML;
//! `ttf2woff2` (Brotli at its highest quality) turns a font's bytes into WOFF2. Each is a pure
//! function of its input and of the crate's code, and the crates' versions are pinned by
//! `Cargo.lock`, which the seal covers ([`hackenbook_base::trust::CODE`] hashes it). So an entry
//! is keyed on the exact input — the TeX with every option passed to KaTeX, or the SHA-256 of
//! the very font bytes handed to the encoder with its quality — and sealed under the user's key
//! like the census cache: a changed formula, option, glyph set, font or crate version misses,
//! and an entry edited, copied from elsewhere or written by other code is not believed. What
//! our own code does before and after (pruning a font, re-spacing and trimming MathML) runs
//! every time, so no change to it can be hidden by what is kept.
//!
//! Memory holds what this process made or read (so `serve` never encodes the same font twice);
//! the cache folder (`.hackenbook-cache/`, none with `--no-cache`) holds it between runs: the
//! MathML of the formulas a run used in one file, each font in a file of its own.

use hackenbook_base::files;
use hackenbook_base::trust::{hex, Key};
use sha2::{Digest, Sha256};
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, OnceLock};

/// The seal's kind for the file of KaTeX's outputs.
const KATEX_KIND: &str = "katex mathml";
/// The seal's kind for an encoded font.
const WOFF2_KIND: &str = "woff2 font";
/// The file of KaTeX's outputs in the cache folder.
const KATEX_FILE: &str = "typeset-katex.json";

/// One store of typesetting outputs: in memory, and in a folder under a key when both are
/// given. What memory holds is keyed on content alone, so it stays right whatever the folder.
pub struct Kept {
    disk: Mutex<Disk>,
    katex: Mutex<Formulas>,
    fonts: Mutex<HashMap<String, Vec<u8>>>,
}

/// Where a store keeps its files, and the key that seals them.
#[derive(Clone)]
struct Disk {
    dir: Option<PathBuf>,
    key: Option<&'static Key>,
}

/// Fonts held in memory at most (four faces, for a few glyph sets): more are read back from
/// the folder instead.
const FONTS_IN_MEMORY: usize = 16;

/// KaTeX's outputs by their key ([`katex_key`]), whether each was used by this process, and
/// whether any was made by it (and so is not yet on disk).
#[derive(Default)]
struct Formulas {
    loaded: bool,
    outputs: HashMap<String, (String, bool)>,
    made: bool,
}

impl Kept {
    /// A store keeping its files in `dir`, sealed under `key`.
    pub fn new(dir: Option<PathBuf>, key: Option<&'static Key>) -> Kept {
        Kept {
            disk: Mutex::new(Disk { dir, key }),
            katex: Mutex::new(Formulas::default()),
            fonts: Mutex::new(HashMap::new()),
        }
    }

    /// KaTeX's output for `key` (every input of the call, see [`katex_key`]): kept, or made by
    /// `make` and kept. An error is not kept.
    pub fn katex<E>(
        &self,
        key: &str,
        make: impl FnOnce() -> Result<String, E>,
    ) -> Result<String, E> {
        {
            let mut formulas = lock(&self.katex);
            if !formulas.loaded {
                formulas.loaded = true;
                for (k, output) in self.read_katex() {
                    formulas.outputs.entry(k).or_insert((output, false));
                }
            }
            if let Some((output, used)) = formulas.outputs.get_mut(key) {
                *used = true;
                return Ok(output.clone());
            }
        }
        // Typeset outside the lock: other threads keep typesetting meanwhile.
        let output = make()?;
        let mut formulas = lock(&self.katex);
        formulas
            .outputs
            .insert(key.to_string(), (output.clone(), true));
        formulas.made = true;
        Ok(output)
    }

    /// Writes the outputs this process used into the cache folder, if any was made since the
    /// folder was read (a run that made none leaves the file as it is). An output no longer
    /// used is dropped, so the file holds the formulas of the site as it now is.
    pub fn save(&self) {
        let Disk {
            dir: Some(dir),
            key: Some(key),
        } = self.disk()
        else {
            return;
        };
        let body = {
            let mut formulas = lock(&self.katex);
            if !formulas.made {
                return;
            }
            formulas.made = false;
            let used: BTreeMap<&str, &str> = formulas
                .outputs
                .iter()
                .filter(|(_, (_, used))| *used)
                .map(|(k, (output, _))| (k.as_str(), output.as_str()))
                .collect();
            match serde_json::to_vec(&used) {
                Ok(body) => body,
                Err(_) => return,
            }
        };
        // A cache that cannot be written only costs time on the next run.
        let _ = files::own_dir(&dir)
            .and_then(|()| files::replace(&dir.join(KATEX_FILE), &key.seal(KATEX_KIND, &body)));
    }

    fn disk(&self) -> Disk {
        lock(&self.disk).clone()
    }

    /// Keeps the store's files in `dir` under `key` from now on. Memory stays (it is keyed on
    /// content); the new folder's formulas are read at the next lookup, and only what this
    /// process uses from now on is written there.
    fn move_to(&self, dir: Option<PathBuf>, key: Option<&'static Key>) {
        let mut disk = lock(&self.disk);
        if disk.dir == dir {
            return;
        }
        *disk = Disk { dir, key };
        let mut formulas = lock(&self.katex);
        formulas.loaded = false;
        formulas.made = false;
        for (_, used) in formulas.outputs.values_mut() {
            *used = false;
        }
    }

    /// The formulas kept in the folder, not yet used by this process.
    fn read_katex(&self) -> Vec<(String, String)> {
        let Disk {
            dir: Some(dir),
            key: Some(key),
        } = self.disk()
        else {
            return Vec::new();
        };
        let Ok(Some(bytes)) = files::read_own(&dir.join(KATEX_FILE)) else {
            return Vec::new();
        };
        let Ok(body) = key.open(KATEX_KIND, &bytes) else {
            return Vec::new();
        };
        let outputs: BTreeMap<String, String> = serde_json::from_slice(body).unwrap_or_default();
        outputs.into_iter().collect()
    }

    /// `encode(sfnt)`'s output, kept under the SHA-256 of `sfnt` and `encoder` (the encoder and
    /// every setting it is called with, e.g. `ttf2woff2 quality=11`): kept, or made and kept.
    /// An error is not kept.
    pub fn woff2<E>(
        &self,
        sfnt: &[u8],
        encoder: &str,
        encode: impl FnOnce(&[u8]) -> Result<Vec<u8>, E>,
    ) -> Result<Vec<u8>, E> {
        let name = font_key(sfnt, encoder);
        if let Some(woff2) = lock(&self.fonts).get(&name) {
            return Ok(woff2.clone());
        }
        if let Some(woff2) = self.read_font(&name) {
            self.hold_font(name, &woff2);
            return Ok(woff2);
        }
        let woff2 = encode(sfnt)?;
        if let Disk {
            dir: Some(dir),
            key: Some(key),
        } = self.disk()
        {
            let _ = files::own_dir(&dir).and_then(|()| {
                files::replace(
                    &font_path(&dir, &name),
                    &key.seal(WOFF2_KIND, &font_body(&name, &woff2)),
                )
            });
        }
        self.hold_font(name, &woff2);
        Ok(woff2)
    }

    fn hold_font(&self, name: String, woff2: &[u8]) {
        let mut fonts = lock(&self.fonts);
        if fonts.len() >= FONTS_IN_MEMORY {
            fonts.clear();
        }
        fonts.insert(name, woff2.to_vec());
    }

    fn read_font(&self, name: &str) -> Option<Vec<u8>> {
        let disk = self.disk();
        let (dir, key) = (disk.dir?, disk.key?);
        let bytes = files::read_own(&font_path(&dir, name)).ok()??;
        let body = key.open(WOFF2_KIND, &bytes).ok()?;
        // The body names its key first, so a file renamed to another font's name is not believed.
        let rest = body.strip_prefix(name.as_bytes())?.strip_prefix(b"\n")?;
        Some(rest.to_vec())
    }
}

/// The key of KaTeX's output for `tex` under `options` (every option passed to KaTeX, written
/// out): the options, a NUL, the TeX.
pub fn katex_key(options: &str, tex: &str) -> String {
    format!("{options}\0{tex}")
}

fn font_key(sfnt: &[u8], encoder: &str) -> String {
    let mut hash = Sha256::new();
    hash.update((encoder.len() as u64).to_le_bytes());
    hash.update(encoder.as_bytes());
    hash.update(sfnt);
    hex(&hash.finalize())
}

fn font_path(dir: &Path, name: &str) -> PathBuf {
    dir.join(format!("typeset-font-{}.woff2", &name[..32]))
}

fn font_body(name: &str, woff2: &[u8]) -> Vec<u8> {
    let mut body = Vec::with_capacity(name.len() + 1 + woff2.len());
    body.extend_from_slice(name.as_bytes());
    body.push(b'\n');
    body.extend_from_slice(woff2);
    body
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    // A panic while holding the lock cannot leave a map half-written (an insert is whole for
    // our purposes), so a poisoned store is still a good store.
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The process's store, in the cache folder the run named with [`keep_in`] (none until then).
pub fn process() -> &'static Kept {
    static PROCESS: OnceLock<Kept> = OnceLock::new();
    PROCESS.get_or_init(|| Kept::new(None, None))
}

/// Keeps the process's store in `dir` (the run's cache folder; `None` with `--no-cache`: memory
/// only), sealed under the user's key. A run calls it before it typesets.
pub fn keep_in(dir: Option<&Path>) {
    let key = dir.and_then(|_| Key::user());
    process().move_to(dir.map(Path::to_path_buf), key);
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    fn key() -> &'static Key {
        static KEY: OnceLock<Key> = OnceLock::new();
        KEY.get_or_init(|| Key::from_bytes([7; 32]))
    }

    fn fresh(dir: &Path) -> Kept {
        Kept::new(Some(dir.to_path_buf()), Some(key()))
    }

    /// A stand-in for KaTeX that says what it was asked, counting its calls.
    fn typeset<'c>(calls: &'c Cell<u32>, tex: &'c str) -> impl FnOnce() -> Result<String, ()> + 'c {
        move || {
            calls.set(calls.get() + 1);
            Ok(format!("<math>{tex}</math>"))
        }
    }

    #[test]
    fn a_formula_is_read_back_only_for_the_same_tex_and_options() {
        let dir = tempfile::tempdir().unwrap();
        let calls = Cell::new(0);
        let first = fresh(dir.path());
        let inline = katex_key("display=false", "x^2");
        assert_eq!(
            first.katex(&inline, typeset(&calls, "x^2")),
            Ok("<math>x^2</math>".into())
        );
        first.save();
        assert_eq!(calls.get(), 1);
        // A new run reads it back without typesetting.
        let second = fresh(dir.path());
        let read = second.katex(&inline, typeset(&calls, "never"));
        assert_eq!(read, Ok("<math>x^2</math>".into()));
        assert_eq!(calls.get(), 1);
        // The TeX changed, or an option: typeset again, and the output follows the input.
        let changed = second.katex(&katex_key("display=false", "x^3"), typeset(&calls, "x^3"));
        assert_eq!(changed, Ok("<math>x^3</math>".into()));
        let display = second.katex(&katex_key("display=true", "x^2"), typeset(&calls, "block"));
        assert_eq!(display, Ok("<math>block</math>".into()));
        assert_eq!(calls.get(), 3);
    }

    #[test]
    fn a_formula_file_altered_or_under_another_key_is_not_believed() {
        let dir = tempfile::tempdir().unwrap();
        let calls = Cell::new(0);
        let k = katex_key("display=false", "1");
        let first = fresh(dir.path());
        first.katex(&k, typeset(&calls, "1")).unwrap();
        first.save();
        let path = dir.path().join(KATEX_FILE);
        let sealed = std::fs::read(&path).unwrap();
        let forged = String::from_utf8(sealed.clone())
            .unwrap()
            .replace("<math>1", "<math>2");
        std::fs::write(&path, forged).unwrap();
        let read = fresh(dir.path()).katex(&k, typeset(&calls, "1"));
        assert_eq!(read, Ok("<math>1</math>".into()));
        assert_eq!(calls.get(), 2);
        // Sealed whole, but under another user's key: typeset again too.
        static OTHER: OnceLock<Key> = OnceLock::new();
        let other = OTHER.get_or_init(|| Key::from_bytes([8; 32]));
        let theirs = Kept::new(Some(dir.path().to_path_buf()), Some(other));
        theirs
            .katex(&k, || Ok::<_, ()>("<math>theirs</math>".into()))
            .unwrap();
        theirs.save();
        let read = fresh(dir.path()).katex(&k, typeset(&calls, "1"));
        assert_eq!(read, Ok("<math>1</math>".into()));
        assert_eq!(calls.get(), 3);
    }

    #[test]
    fn a_run_keeps_only_the_formulas_it_used() {
        let dir = tempfile::tempdir().unwrap();
        let calls = Cell::new(0);
        let first = fresh(dir.path());
        first
            .katex(&katex_key("o", "a"), typeset(&calls, "a"))
            .unwrap();
        first
            .katex(&katex_key("o", "b"), typeset(&calls, "b"))
            .unwrap();
        first.save();
        let second = fresh(dir.path());
        second
            .katex(&katex_key("o", "a"), typeset(&calls, "a"))
            .unwrap();
        second
            .katex(&katex_key("o", "c"), typeset(&calls, "c"))
            .unwrap();
        second.save();
        let third = fresh(dir.path());
        third
            .katex(&katex_key("o", "b"), typeset(&calls, "b"))
            .unwrap();
        // `a` and `c` were read back; `b`, unused by the second run, was typeset again.
        assert_eq!(calls.get(), 4);
    }

    #[test]
    fn a_font_is_read_back_only_for_the_same_bytes_and_encoder() {
        let dir = tempfile::tempdir().unwrap();
        let calls = Cell::new(0);
        let encode = |sfnt: &[u8]| -> Result<Vec<u8>, ()> {
            calls.set(calls.get() + 1);
            Ok(sfnt.iter().rev().copied().collect())
        };
        assert_eq!(
            fresh(dir.path()).woff2(b"abc", "enc q=1", encode),
            Ok(b"cba".to_vec())
        );
        assert_eq!(
            fresh(dir.path()).woff2(b"abc", "enc q=1", encode),
            Ok(b"cba".to_vec())
        );
        assert_eq!(calls.get(), 1);
        // Other bytes (another glyph set), another encoder setting: encoded again.
        assert_eq!(
            fresh(dir.path()).woff2(b"abd", "enc q=1", encode),
            Ok(b"dba".to_vec())
        );
        assert_eq!(
            fresh(dir.path()).woff2(b"abc", "enc q=2", encode),
            Ok(b"cba".to_vec())
        );
        assert_eq!(calls.get(), 3);
        // A font file renamed over another's name is not believed.
        let name = |s: &[u8], e: &str| font_path(dir.path(), &font_key(s, e));
        std::fs::copy(name(b"abd", "enc q=1"), name(b"abc", "enc q=1")).unwrap();
        assert_eq!(
            fresh(dir.path()).woff2(b"abc", "enc q=1", encode),
            Ok(b"cba".to_vec())
        );
        assert_eq!(calls.get(), 4);
    }

    #[test]
    fn moving_to_another_folder_reads_and_writes_there() {
        let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
        let calls = Cell::new(0);
        let store = fresh(a.path());
        store
            .katex(&katex_key("o", "a"), typeset(&calls, "a"))
            .unwrap();
        store.save();
        let other = fresh(b.path());
        other
            .katex(&katex_key("o", "b"), typeset(&calls, "b"))
            .unwrap();
        other.save();
        store.move_to(Some(b.path().to_path_buf()), Some(key()));
        // What memory holds stays right (it is keyed on content); b's file is read too.
        store
            .katex(&katex_key("o", "a"), typeset(&calls, "a"))
            .unwrap();
        store
            .katex(&katex_key("o", "b"), typeset(&calls, "b"))
            .unwrap();
        assert_eq!(calls.get(), 2);
        store
            .katex(&katex_key("o", "c"), typeset(&calls, "c"))
            .unwrap();
        store.save();
        // b now holds what the store used since it moved there, and a is as it was.
        let later = fresh(b.path());
        for tex in ["a", "b", "c"] {
            later
                .katex(&katex_key("o", tex), typeset(&calls, tex))
                .unwrap();
        }
        assert_eq!(calls.get(), 3);
        let earlier = fresh(a.path());
        earlier
            .katex(&katex_key("o", "c"), typeset(&calls, "c"))
            .unwrap();
        assert_eq!(calls.get(), 4);
    }
}
