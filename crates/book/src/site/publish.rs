//! Replacing the output folder whole, and only a folder that hackenbook wrote.
//!
//! The one idea: **build the new site beside the old one, then swap folders with two renames**,
//! so that any failure before the swap (a template error, a full disk) leaves the previous site
//! exactly as it was, and a reader never sees half of one build and half of another. The new
//! folder is a hidden sibling (`.NAME.new`), on the same file system, so `rename` is cheap and
//! does not copy; the old one is renamed to `.NAME.old` and deleted after the swap.
//!
//! A swap deletes the old folder, so it must be ours. Every site carries a manifest,
//! [`MANIFEST`], listing each file it holds; a folder is replaced only when it is missing, empty,
//! or a site whose files are all in its manifest. Anything else — a folder of someone's files, a
//! site with a file added by hand, a regular file, a symbolic link — is refused before anything
//! is written, and so are staging leftovers that do not carry the manifest (save a staging
//! folder a kill left before its manifest was written: empty, or holding only the start of
//! it — nothing in it is anyone's).
//!
//! One writer at a time: a publish holds a lock file beside the output folder
//! (`.NAME.lock`, created new, naming its process and its command); a second writer finds it
//! and is refused with that command and process id, and a lock whose process is gone is a
//! leftover of ours, cleared. `hackenbook serve` holds the lock for as long as it runs
//! ([`SiteLock`]) and updates its site in place ([`InPlace`]): only the files that changed,
//! each replaced whole by a rename.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// Writes each `(name, bytes)` at `dir/name` (`name` relative, `/`-separated), creating the
/// folders it needs: how a site is filled, whole, into a folder of its own.
pub fn write_files<'f>(
    dir: &Path,
    files: impl IntoIterator<Item = (&'f str, &'f [u8])>,
) -> io::Result<()> {
    for (name, bytes) in files {
        let path = dir.join(name);
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent)?;
        }
        fs::write(path, bytes)?;
    }
    Ok(())
}

/// The manifest at the top of every site: a first line naming it, then the path of every file
/// of the site (relative, `/`-separated, sorted), one a line. A staging folder gets the first
/// line as soon as it is created, so a leftover of a killed run is recognised as ours.
pub const MANIFEST: &str = ".hackenbook-site";

/// The first line of [`MANIFEST`].
const MANIFEST_HEADER: &str = "hackenbook site: every file below was written by hackenbook";

/// Fills a fresh folder with `fill` and puts it in place of `out_dir`. On any error from `fill`
/// the fresh folder is removed and `out_dir` is not touched; an `out_dir` that is not ours
/// ([`check_target`]) is refused before anything happens.
pub fn publish<E>(
    out_dir: &Path,
    fill: impl FnOnce(&Path) -> Result<(), E>,
) -> Result<(), PublishError<E>> {
    let lock = SiteLock::take(out_dir, BUILD_COMMAND).map_err(PublishError::Refused)?;
    publish_held(&lock, fill)
}

/// [`publish`] by the holder of the output folder's lock.
pub fn publish_held<E>(
    lock: &SiteLock,
    fill: impl FnOnce(&Path) -> Result<(), E>,
) -> Result<(), PublishError<E>> {
    let out_dir = lock.out_dir.as_path();
    let siblings = Siblings::of(out_dir).map_err(PublishError::Io)?;
    // A run killed between the two renames of a fallback swap left the old site at `.old`:
    // put it back before anything else, so it is whole again whatever happens next.
    if fs::symlink_metadata(out_dir).is_err() && is_ours(&siblings.old) {
        fs::rename(&siblings.old, out_dir).map_err(PublishError::Io)?;
    }
    check_target(out_dir).map_err(PublishError::Refused)?;
    // Leftovers of an interrupted earlier run are ours to clear; anything else in their place
    // is not.
    for leftover in [&siblings.new, &siblings.old] {
        if fs::symlink_metadata(leftover).is_ok() && !is_ours(leftover) && !is_bare(leftover) {
            return Err(PublishError::Refused(Refusal {
                path: leftover.clone(),
                reason: format!(
                    "is in the way of the new site and was not made by hackenbook (it has no {MANIFEST})"
                ),
            }));
        }
        remove_if_present(leftover).map_err(PublishError::Io)?;
    }
    fs::create_dir_all(&siblings.new).map_err(PublishError::Io)?;
    let filled = fs::write(siblings.new.join(MANIFEST), format!("{MANIFEST_HEADER}\n"))
        .map_err(PublishError::Io)
        .and_then(|()| fill(&siblings.new).map_err(PublishError::Fill))
        .and_then(|()| write_manifest(&siblings.new).map_err(PublishError::Io));
    if let Err(e) = filled {
        let _ = fs::remove_dir_all(&siblings.new);
        return Err(e);
    }
    swap(out_dir, &siblings).map_err(PublishError::Io)
}

/// Why publishing failed: the output folder is not ours to replace, the caller's own error
/// while filling the folder, or the file system.
#[derive(Debug)]
pub enum PublishError<E> {
    Refused(Refusal),
    Fill(E),
    Io(io::Error),
}

/// A path hackenbook will not replace, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    pub path: PathBuf,
    pub reason: String,
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.path.display(), self.reason)
    }
}

/// Whether `out_dir` may be replaced by a new site: it does not exist, is an empty folder, or
/// is a site whose every file its manifest lists.
pub fn check_target(out_dir: &Path) -> Result<(), Refusal> {
    let refuse = |reason: String| {
        Err(Refusal {
            path: out_dir.to_path_buf(),
            reason,
        })
    };
    let meta = match fs::symlink_metadata(out_dir) {
        Ok(meta) => meta,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return refuse(format!("cannot be examined: {e}")),
    };
    if meta.file_type().is_symlink() {
        return refuse("is a symbolic link; name the folder it points to instead".into());
    }
    if !meta.is_dir() {
        return refuse("is a file, not a folder".into());
    }
    let listed = match fs::read_to_string(out_dir.join(MANIFEST)) {
        Ok(text) if text.starts_with(MANIFEST_HEADER) => text,
        Ok(_) | Err(_) => {
            let empty = fs::read_dir(out_dir).is_ok_and(|mut d| d.next().is_none());
            if empty {
                return Ok(());
            }
            // Sites built before the manifest existed look like this; say what to do once.
            let earlier = if out_dir.join("index.html").is_file() {
                " (a site an earlier hackenbook built has none either: delete it once)"
            } else {
                ""
            };
            return refuse(format!(
                "holds files and is not a site hackenbook built (it has no {MANIFEST}); \
                 choose another folder, or empty this one yourself{earlier}"
            ));
        }
    };
    let listed: std::collections::HashSet<&str> = listed.lines().skip(1).collect();
    let unlisted: Vec<String> = files_under(out_dir)
        .map_err(|e| Refusal {
            path: out_dir.to_path_buf(),
            reason: format!("cannot be examined: {e}"),
        })?
        .into_iter()
        .filter(|f| f != MANIFEST && !listed.contains(f.as_str()))
        .collect();
    if let Some(first) = unlisted.first() {
        let more = match unlisted.len() {
            1 => String::new(),
            n => format!(" and {} more", n - 1),
        };
        return refuse(format!(
            "holds `{first}`{more}, which hackenbook did not write; move it out of the site first"
        ));
    }
    Ok(())
}

/// Whether a folder carries the manifest's first line (a site, or a staging folder of ours).
fn is_ours(dir: &Path) -> bool {
    let Ok(meta) = fs::symlink_metadata(dir) else {
        return false;
    };
    meta.is_dir()
        && fs::read_to_string(dir.join(MANIFEST)).is_ok_and(|t| t.starts_with(MANIFEST_HEADER))
}

/// Whether a folder is a staging folder a kill left before its manifest was written: empty,
/// or holding only the manifest cut short (a start of its first line).
fn is_bare(dir: &Path) -> bool {
    let is_dir = fs::symlink_metadata(dir).is_ok_and(|m| m.is_dir());
    let Ok(entries) = fs::read_dir(dir) else {
        return false;
    };
    let names: Vec<_> = entries
        .filter_map(Result::ok)
        .map(|e| e.file_name())
        .collect();
    let manifest = dir.join(MANIFEST);
    let cut_short = || {
        fs::symlink_metadata(&manifest).is_ok_and(|m| m.is_file())
            && fs::read_to_string(&manifest)
                .is_ok_and(|t| format!("{MANIFEST_HEADER}\n").starts_with(&t))
    };
    is_dir && (names.is_empty() || (names.len() == 1 && names[0] == MANIFEST && cut_short()))
}

/// The command a plain [`publish`] names in its lock.
pub const BUILD_COMMAND: &str = "hackenbook build";

/// The lock of the output folder: a file beside it, created new, naming the process that holds
/// it and its command; removed when dropped.
pub struct SiteLock {
    path: PathBuf,
    out_dir: PathBuf,
}

/// What a lock file says: this, the process id, a newline, the command, a newline.
const LOCK_TEXT: &str = "hackenbook pid ";

impl SiteLock {
    /// Takes the lock of `out_dir` for `command` (`hackenbook serve`), or says who holds it. A
    /// lock whose process has ended was left by a killed run: it is ours, and is cleared (once)
    /// before trying again.
    pub fn take(out_dir: &Path, command: &str) -> Result<SiteLock, Refusal> {
        let path = Siblings::of(out_dir)
            .map_err(|e| Refusal {
                path: out_dir.to_path_buf(),
                reason: format!("cannot be prepared: {e}"),
            })?
            .lock;
        let refuse = |reason: String| Refusal {
            path: path.to_path_buf(),
            reason,
        };
        for _ in 0..2 {
            let created = fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&path);
            match created {
                Ok(mut file) => {
                    use std::io::Write;
                    let lock = SiteLock {
                        path: path.clone(),
                        out_dir: out_dir.to_path_buf(),
                    };
                    write!(file, "{LOCK_TEXT}{}\n{command}\n", std::process::id())
                        .map_err(|e| refuse(format!("cannot be written: {e}")))?;
                    return Ok(lock);
                }
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {}
                Err(e) => return Err(refuse(format!("cannot be created: {e}"))),
            }
            match held(&path, out_dir) {
                Err(refusal) => return Err(refusal),
                Ok(()) => remove_if_present(&path).map_err(|e| {
                    refuse(format!(
                        "is left by an ended run and cannot be removed: {e}"
                    ))
                })?,
            }
        }
        Err(refuse(format!(
            "keeps being taken: another hackenbook is writing {}",
            out_dir.display()
        )))
    }

    /// The folder this lock holds.
    pub fn out_dir(&self) -> &Path {
        &self.out_dir
    }
}

impl Drop for SiteLock {
    fn drop(&mut self) {
        let _ = fs::remove_file(&self.path);
    }
}

/// Refuses when a running hackenbook holds the lock of `out_dir`, saying which command and
/// process, and what to do; a lock left by an ended run, or none, is no obstacle.
pub fn check_lock(out_dir: &Path) -> Result<(), Refusal> {
    // A path naming no folder has no lock; the checks of the output folder refuse it.
    let Ok(siblings) = Siblings::named(out_dir) else {
        return Ok(());
    };
    match fs::symlink_metadata(&siblings.lock) {
        Err(_) => Ok(()),
        Ok(_) => held(&siblings.lock, out_dir),
    }
}

/// `Ok` when the lock at `path` is a leftover of an ended run (ours to clear); otherwise who
/// holds it, as a refusal.
fn held(path: &Path, out_dir: &Path) -> Result<(), Refusal> {
    let refuse = |reason: String| {
        Err(Refusal {
            path: path.to_path_buf(),
            reason,
        })
    };
    let (pid, command) = match lock_holder(path) {
        Holder::Process { pid, command } => (pid, command),
        // Killed between creating the lock and naming itself in it: ours, and gone.
        Holder::Unnamed { for_a_while: true } => return Ok(()),
        Holder::Unnamed { for_a_while: false } => {
            return refuse(format!(
                "is being taken: another hackenbook is starting to write {}",
                out_dir.display()
            ))
        }
        Holder::Foreign => {
            return refuse(format!(
                "is in the way of the lock of {} and was not made by hackenbook",
                out_dir.display()
            ))
        }
    };
    if !alive(pid) {
        return Ok(());
    }
    let command = command.unwrap_or_else(|| "hackenbook".to_string());
    let what_to_do = if command.ends_with(" serve") {
        "it rebuilds the site on every save, so the site is current once it says `built`; \
         stop it (Ctrl-C where it runs) to build here yourself, or build into another folder \
         with --out DIR"
    } else {
        "try again when it has finished"
    };
    refuse(format!(
        "is held: `{command}` (pid {pid}) is writing {}; {what_to_do}",
        out_dir.display()
    ))
}

/// A site updated in place, file by file, by the holder of its lock (`hackenbook serve`). Each
/// file is written into the staging folder and renamed over its old copy, so a reader gets the
/// old file or the new one, never half of either; the manifest lists a file before it appears
/// and is rewritten from the folder when the update closes, exactly as [`publish`] writes it.
pub struct InPlace<'a> {
    lock: &'a SiteLock,
    staging: PathBuf,
}

impl<'a> InPlace<'a> {
    /// Opens the site of `lock` for updates; it must be a site already (published whole once).
    pub fn open(lock: &'a SiteLock) -> io::Result<InPlace<'a>> {
        let siblings = Siblings::of(&lock.out_dir)?;
        if !is_ours(&lock.out_dir) {
            return Err(io::Error::other(format!(
                "{} is not a site hackenbook wrote",
                lock.out_dir.display()
            )));
        }
        if fs::symlink_metadata(&siblings.new).is_ok() && !is_ours(&siblings.new) {
            if !is_bare(&siblings.new) {
                return Err(io::Error::other(format!(
                    "{} is in the way and was not made by hackenbook",
                    siblings.new.display()
                )));
            }
            remove_if_present(&siblings.new)?;
        }
        fs::create_dir_all(&siblings.new)?;
        fs::write(siblings.new.join(MANIFEST), format!("{MANIFEST_HEADER}\n"))?;
        Ok(InPlace {
            lock,
            staging: siblings.new,
        })
    }

    /// Adds `names` to the manifest (with everything it lists already), before they are written.
    pub fn announce<'n>(&self, names: impl IntoIterator<Item = &'n str>) -> io::Result<()> {
        let listed = fs::read_to_string(self.lock.out_dir.join(MANIFEST))?;
        let mut all: std::collections::BTreeSet<String> =
            listed.lines().skip(1).map(str::to_string).collect();
        all.extend(names.into_iter().map(str::to_string));
        let mut text = format!("{MANIFEST_HEADER}\n");
        for name in all.iter().filter(|n| *n != MANIFEST) {
            text.push_str(name);
            text.push('\n');
        }
        self.write(MANIFEST, text.as_bytes())
    }

    /// Puts `bytes` at `name` (relative, `/`-separated) in the site, whole.
    pub fn write(&self, name: &str, bytes: &[u8]) -> io::Result<()> {
        let staged = self.staging.join("file");
        fs::write(&staged, bytes)?;
        let target = self.lock.out_dir.join(name);
        if let Some(parent) = target.parent() {
            fs::create_dir_all(parent)?;
        }
        fs::rename(&staged, target)
    }

    /// Removes a file the site holds (one hackenbook wrote: the caller's record says so).
    pub fn remove(&self, name: &str) -> io::Result<()> {
        match fs::remove_file(self.lock.out_dir.join(name)) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
            _ => Ok(()),
        }
    }

    /// Lists the site's files in its manifest, as a whole publish would, and clears the staging
    /// folder.
    pub fn close(self) -> io::Result<()> {
        let out_dir = &self.lock.out_dir;
        let mut text = format!("{MANIFEST_HEADER}\n");
        for file in files_under(out_dir)? {
            if file != MANIFEST {
                text.push_str(&file);
                text.push('\n');
            }
        }
        self.write(MANIFEST, text.as_bytes())?;
        remove_if_present(&self.staging)
    }
}

/// Who holds a lock, by its file.
enum Holder {
    /// A lock of ours, naming its process and (since locks say so) its command.
    Process { pid: u32, command: Option<String> },
    /// A lock of ours not yet naming its process (its text cut short), for over a second.
    Unnamed { for_a_while: bool },
    /// Anything else in its place (a folder, a link, a file of other words): never removed.
    Foreign,
}

fn lock_holder(path: &Path) -> Holder {
    let Ok(meta) = fs::symlink_metadata(path) else {
        return Holder::Unnamed { for_a_while: false };
    };
    if !meta.is_file() || meta.len() > 256 {
        return Holder::Foreign;
    }
    let Ok(text) = fs::read_to_string(path) else {
        return Holder::Foreign;
    };
    let named = (text.strip_prefix(LOCK_TEXT)).and_then(|t| t.strip_suffix('\n'));
    if let Some((pid, command)) = named.map(|t| t.split_once('\n').unwrap_or((t, ""))) {
        if let Ok(pid) = pid.parse() {
            let command = Some(command.to_string()).filter(|c| c.starts_with("hackenbook"));
            return Holder::Process { pid, command };
        }
    }
    if LOCK_TEXT.starts_with(&text) || text.starts_with(LOCK_TEXT) && !text.ends_with('\n') {
        let age = meta.modified().ok().and_then(|t| t.elapsed().ok());
        return Holder::Unnamed {
            for_a_while: age.is_some_and(|a| a > std::time::Duration::from_secs(1)),
        };
    }
    Holder::Foreign
}

/// Whether process `pid` is running (this one included: another thread of it holds the lock).
fn alive(pid: u32) -> bool {
    #[cfg(unix)]
    {
        let Some(pid) = i32::try_from(pid)
            .ok()
            .and_then(rustix::process::Pid::from_raw)
        else {
            return false;
        };
        // Not allowed to signal it still means it exists.
        !matches!(
            rustix::process::test_kill_process(pid),
            Err(rustix::io::Errno::SRCH)
        )
    }
    #[cfg(not(unix))]
    {
        let _ = pid;
        true
    }
}

/// Every file under `dir` (symbolic links included, folders not), relative and `/`-separated,
/// sorted.
fn files_under(dir: &Path) -> io::Result<Vec<String>> {
    let mut files = Vec::new();
    for entry in walkdir::WalkDir::new(dir).min_depth(1).sort_by_file_name() {
        let entry = entry.map_err(io::Error::from)?;
        if entry.file_type().is_dir() {
            continue;
        }
        let relative = entry.path().strip_prefix(dir).unwrap_or(entry.path());
        let parts: Vec<String> = relative
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        files.push(parts.join("/"));
    }
    files.sort();
    Ok(files)
}

/// Lists every file of a filled folder in its manifest.
fn write_manifest(dir: &Path) -> io::Result<()> {
    let mut text = format!("{MANIFEST_HEADER}\n");
    for file in files_under(dir)? {
        if file != MANIFEST {
            text.push_str(&file);
            text.push('\n');
        }
    }
    fs::write(dir.join(MANIFEST), text)
}

/// The hidden siblings of the output folder: the staging folder, the old site during a swap,
/// and the lock.
struct Siblings {
    new: PathBuf,
    old: PathBuf,
    lock: PathBuf,
}

impl Siblings {
    /// The siblings of `out_dir`, its parent folder created if need be.
    fn of(out_dir: &Path) -> io::Result<Siblings> {
        let siblings = Siblings::named(out_dir)?;
        if let Some(parent) = siblings.lock.parent() {
            fs::create_dir_all(parent)?;
        }
        Ok(siblings)
    }

    /// Their paths, nothing created.
    fn named(out_dir: &Path) -> io::Result<Siblings> {
        let name = out_dir.file_name().ok_or_else(|| {
            io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("output path {} does not name a folder", out_dir.display()),
            )
        })?;
        let parent = match out_dir.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let hidden = |suffix: &str| {
            let mut n = std::ffi::OsString::from(".");
            n.push(name);
            n.push(suffix);
            parent.join(n)
        };
        Ok(Siblings {
            new: hidden(".new"),
            old: hidden(".old"),
            lock: hidden(".lock"),
        })
    }
}

/// New in, old out. Where the kernel can exchange two names in one step, nothing can interrupt
/// the swap; elsewhere, two renames, and if the second fails the old folder goes back.
fn swap(out_dir: &Path, siblings: &Siblings) -> io::Result<()> {
    let had_old = fs::symlink_metadata(out_dir).is_ok();
    if had_old && exchange(&siblings.new, out_dir).is_ok() {
        // The old site now sits at `.new`; a stale copy is cleared by the next run.
        let _ = remove_if_present(&siblings.new);
        return Ok(());
    }
    if had_old {
        fs::rename(out_dir, &siblings.old)?;
    }
    if let Err(e) = fs::rename(&siblings.new, out_dir) {
        if had_old {
            let _ = fs::rename(&siblings.old, out_dir);
        }
        let _ = fs::remove_dir_all(&siblings.new);
        return Err(e);
    }
    if had_old {
        // The new site is already in place; a stale `.old` is cleared by the next run.
        let _ = remove_if_present(&siblings.old);
    }
    Ok(())
}

/// Swaps two paths atomically (Linux `renameat2` with `RENAME_EXCHANGE`).
#[cfg(target_os = "linux")]
fn exchange(a: &Path, b: &Path) -> io::Result<()> {
    use rustix::fs::{renameat_with, RenameFlags, CWD};
    renameat_with(CWD, a, CWD, b, RenameFlags::EXCHANGE).map_err(io::Error::from)
}

#[cfg(not(target_os = "linux"))]
fn exchange(_: &Path, _: &Path) -> io::Result<()> {
    Err(io::Error::new(
        io::ErrorKind::Unsupported,
        "no atomic exchange",
    ))
}

fn remove_if_present(path: &Path) -> io::Result<()> {
    match fs::symlink_metadata(path) {
        Ok(meta) if meta.is_dir() => fs::remove_dir_all(path),
        Ok(_) => fs::remove_file(path),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(dir: &Path) -> Vec<String> {
        let mut v: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    }

    fn fill_with(name: &'static str) -> impl FnOnce(&Path) -> io::Result<()> {
        move |dir| fs::write(dir.join(name), name)
    }

    /// A staging folder as a killed run leaves it: the manifest's first line and some files.
    fn staging_leftover(dir: &Path) {
        fs::create_dir_all(dir.join("half")).unwrap();
        fs::write(dir.join(MANIFEST), format!("{MANIFEST_HEADER}\n")).unwrap();
    }

    #[test]
    fn replaces_its_own_site_and_leaves_no_siblings() {
        let root = tempfile::tempdir().unwrap();
        let out = root.path().join("site");
        publish(&out, fill_with("stale.html")).unwrap();
        publish(&out, fill_with("index.html")).unwrap();
        assert_eq!(names(&out), [MANIFEST, "index.html"]);
        assert_eq!(names(root.path()), ["site"]);
        let manifest = fs::read_to_string(out.join(MANIFEST)).unwrap();
        assert_eq!(manifest, format!("{MANIFEST_HEADER}\nindex.html\n"));
    }

    #[test]
    fn the_manifest_lists_files_in_subfolders() {
        let root = tempfile::tempdir().unwrap();
        let out = root.path().join("site");
        publish::<io::Error>(&out, |dir| {
            fs::create_dir(dir.join("fonts"))?;
            fs::write(dir.join("fonts/a.otf"), "a")?;
            fs::write(dir.join("index.html"), "i")
        })
        .unwrap();
        let manifest = fs::read_to_string(out.join(MANIFEST)).unwrap();
        assert_eq!(
            manifest,
            format!("{MANIFEST_HEADER}\nfonts/a.otf\nindex.html\n")
        );
        assert_eq!(check_target(&out), Ok(()));
    }

    #[test]
    fn a_folder_of_other_files_is_refused_and_kept() {
        let root = tempfile::tempdir().unwrap();
        let out = root.path().join("notes");
        fs::create_dir(&out).unwrap();
        fs::write(out.join("thesis.tex"), "years of work").unwrap();
        let err = publish(&out, fill_with("index.html")).unwrap_err();
        let PublishError::Refused(refusal) = err else {
            panic!("expected a refusal, got {err:?}")
        };
        assert!(refusal.reason.contains("not a site"), "{refusal}");
        assert_eq!(names(&out), ["thesis.tex"]);
        assert_eq!(names(root.path()), ["notes"], "nothing staged beside it");
    }

    #[test]
    fn a_file_added_to_a_site_by_hand_is_refused_and_kept() {
        let root = tempfile::tempdir().unwrap();
        let out = root.path().join("site");
        publish(&out, fill_with("index.html")).unwrap();
        fs::create_dir(out.join("mine")).unwrap();
        fs::write(out.join("mine/draft.txt"), "d").unwrap();
        let err = check_target(&out).unwrap_err();
        assert!(err.reason.contains("`mine/draft.txt`"), "{err}");
        assert!(publish(&out, fill_with("index.html")).is_err());
        assert_eq!(fs::read_to_string(out.join("mine/draft.txt")).unwrap(), "d");
    }

    #[test]
    fn a_regular_file_is_refused_and_kept() {
        let root = tempfile::tempdir().unwrap();
        let out = root.path().join("site");
        fs::write(&out, "a file").unwrap();
        let err = check_target(&out).unwrap_err();
        assert!(err.reason.contains("is a file"), "{err}");
        assert!(publish(&out, fill_with("index.html")).is_err());
        assert_eq!(fs::read_to_string(&out).unwrap(), "a file");
    }

    #[cfg(unix)]
    #[test]
    fn a_symbolic_link_is_refused_and_kept() {
        let root = tempfile::tempdir().unwrap();
        let target = root.path().join("elsewhere");
        publish(&target, fill_with("index.html")).unwrap();
        let out = root.path().join("site");
        std::os::unix::fs::symlink(&target, &out).unwrap();
        assert!(check_target(&out)
            .unwrap_err()
            .reason
            .contains("symbolic link"));
        assert!(publish(&out, fill_with("other.html")).is_err());
        assert_eq!(names(&target), [MANIFEST, "index.html"]);
    }

    #[test]
    fn an_empty_folder_is_filled() {
        let root = tempfile::tempdir().unwrap();
        let out = root.path().join("site");
        fs::create_dir(&out).unwrap();
        publish(&out, fill_with("index.html")).unwrap();
        assert_eq!(names(&out), [MANIFEST, "index.html"]);
    }

    #[test]
    fn failure_while_filling_keeps_the_old_folder() {
        let root = tempfile::tempdir().unwrap();
        let out = root.path().join("site");
        publish(&out, fill_with("index.html")).unwrap();
        let result = publish(&out, |dir| {
            fs::write(dir.join("index.html"), "half").unwrap();
            Err("template exploded")
        });
        assert!(matches!(
            result,
            Err(PublishError::Fill("template exploded"))
        ));
        assert_eq!(
            fs::read_to_string(out.join("index.html")).unwrap(),
            "index.html"
        );
        assert_eq!(names(root.path()), ["site"]);
    }

    #[test]
    fn creates_a_missing_output_folder() {
        let root = tempfile::tempdir().unwrap();
        let out = root.path().join("deep/site");
        publish(&out, fill_with("a")).unwrap();
        assert_eq!(names(&out), [MANIFEST, "a"]);
    }

    #[test]
    fn clears_leftovers_of_an_interrupted_run() {
        let root = tempfile::tempdir().unwrap();
        let out = root.path().join("site");
        staging_leftover(&root.path().join(".site.new"));
        staging_leftover(&root.path().join(".site.old"));
        publish(&out, fill_with("a")).unwrap();
        assert_eq!(names(root.path()), ["site"]);
        assert_eq!(names(&out), [MANIFEST, "a"]);
    }

    #[test]
    fn a_foreign_folder_in_the_staging_place_is_refused_and_kept() {
        let root = tempfile::tempdir().unwrap();
        let out = root.path().join("site");
        let foreign = root.path().join(".site.new");
        fs::create_dir(&foreign).unwrap();
        fs::write(foreign.join("keep.txt"), "k").unwrap();
        let err = publish(&out, fill_with("a")).unwrap_err();
        assert!(matches!(err, PublishError::Refused(_)), "{err:?}");
        assert_eq!(names(&foreign), ["keep.txt"]);
    }

    #[test]
    fn a_run_killed_between_two_renames_gets_the_old_site_back() {
        let root = tempfile::tempdir().unwrap();
        let out = root.path().join("site");
        publish(&out, fill_with("old")).unwrap();
        // As if killed after moving the old site away and before moving the new one in.
        fs::rename(&out, root.path().join(".site.old")).unwrap();
        staging_leftover(&root.path().join(".site.new"));
        let failed = publish::<io::Error>(&out, |_| Err(io::Error::other("template error")));
        assert!(failed.is_err());
        assert_eq!(names(root.path()), ["site"]);
        assert_eq!(names(&out), [MANIFEST, "old"]);
    }

    #[test]
    fn a_staging_folder_killed_before_its_manifest_is_cleared() {
        let root = tempfile::tempdir().unwrap();
        let out = root.path().join("site");
        let staging = root.path().join(".site.new");
        // Killed after creating the folder, or after creating the manifest but before its
        // first line was written: each once blocked every later build.
        for cut in [None, Some(""), Some("hackenbook si")] {
            fs::create_dir(&staging).unwrap();
            if let Some(text) = cut {
                fs::write(staging.join(MANIFEST), text).unwrap();
            }
            publish(&out, fill_with("a")).unwrap();
            assert_eq!(names(root.path()), ["site"]);
        }
        // Anything more is not a bare staging folder, and is kept.
        fs::create_dir(&staging).unwrap();
        fs::write(staging.join(MANIFEST), "my own notes").unwrap();
        assert!(publish(&out, fill_with("a")).is_err());
        assert_eq!(
            fs::read_to_string(staging.join(MANIFEST)).unwrap(),
            "my own notes"
        );
    }

    #[cfg(unix)]
    #[test]
    fn one_writer_at_a_time_and_a_dead_writer_s_lock_is_cleared() {
        let root = tempfile::tempdir().unwrap();
        let out = root.path().join("site");
        let lock = root.path().join(".site.lock");
        // A lock held by a running process (this one): refused, naming it, and kept.
        let me = std::process::id();
        fs::write(&lock, format!("{LOCK_TEXT}{me}\nhackenbook serve\n")).unwrap();
        let PublishError::Refused(refusal) = publish(&out, fill_with("a")).unwrap_err() else {
            panic!("expected a refusal")
        };
        let said = refusal.to_string();
        assert!(
            said.contains(&format!("`hackenbook serve` (pid {me}) is writing"))
                && said.contains("stop it (Ctrl-C where it runs)"),
            "{said}"
        );
        assert_eq!(
            check_lock(&out).unwrap_err(),
            refusal,
            "said before a build too"
        );
        // A lock of an earlier hackenbook, without its command, still names the process.
        fs::write(&lock, format!("{LOCK_TEXT}{me}\n")).unwrap();
        let said = check_lock(&out).unwrap_err().to_string();
        assert!(
            said.contains(&format!("`hackenbook` (pid {me}) is writing")),
            "{said}"
        );
        assert!(lock.exists() && !out.exists());
        // A lock left by a process that has ended is cleared; so is one killed before it
        // named its process, once it is a second old.
        let mut ended = std::process::Command::new("true").spawn().unwrap();
        let gone = ended.id();
        ended.wait().unwrap();
        fs::write(&lock, format!("{LOCK_TEXT}{gone}\n")).unwrap();
        publish(&out, fill_with("a")).unwrap();
        assert_eq!(
            names(root.path()),
            ["site"],
            "the lock is gone after the build"
        );
        fs::write(&lock, "").unwrap();
        let old = std::time::SystemTime::now() - std::time::Duration::from_secs(5);
        fs::File::options()
            .write(true)
            .open(&lock)
            .unwrap()
            .set_modified(old)
            .unwrap();
        publish(&out, fill_with("b")).unwrap();
        assert_eq!(names(root.path()), ["site"]);
        // A file of other words in its place is never removed.
        fs::write(&lock, "a shopping list").unwrap();
        assert!(publish(&out, fill_with("c")).is_err());
        assert_eq!(fs::read_to_string(&lock).unwrap(), "a shopping list");
    }

    #[test]
    fn the_swap_leaves_only_the_new_site() {
        let root = tempfile::tempdir().unwrap();
        let out = root.path().join("site");
        publish(&out, fill_with("first")).unwrap();
        publish(&out, fill_with("second")).unwrap();
        assert_eq!(names(&out), [MANIFEST, "second"]);
        assert_eq!(names(root.path()), ["site"]);
    }
}
