//! Files hackenbook writes for itself and reads back: never through a link, never a FIFO.
//!
//! The one idea: a name the tool writes to or reads from (a cache entry, a checkpoint, the
//! temporary file beside a result) may be occupied by anything — a symbolic link to an essay,
//! a FIFO, a folder. So a file is written into a temporary file *created new* beside it (the
//! create fails rather than follow a link or reuse a file; another name is tried), then renamed
//! into place, which replaces the name and never writes through what was there; and a file is
//! read only once it is open and known to be a regular file, opened without following a link
//! and without waiting on a FIFO.

use std::fs::{File, OpenOptions};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// The contents of a file hackenbook wrote at a name of its own (a cache entry, a checkpoint,
/// a result it would keep): `None` if nothing is there; an error if what is there is a link, a
/// FIFO, a folder or anything but a regular file (it is not opened through a link, and a FIFO
/// never blocks the read).
pub fn read_own(path: &Path) -> io::Result<Option<Vec<u8>>> {
    read(path, false)
}

/// The contents of a file the user named (a shard given to `merge`, the key): links are
/// followed, but only a regular file is read, and a FIFO never blocks; `None` if there is none.
pub fn read_given(path: &Path) -> io::Result<Option<Vec<u8>>> {
    read(path, true)
}

/// A file the user named, open for reading: links are followed, but only a regular file is
/// opened, and a FIFO never blocks; `None` if there is none.
pub fn open_given(path: &Path) -> io::Result<Option<File>> {
    open_regular(path, true)
}

fn read(path: &Path, follow: bool) -> io::Result<Option<Vec<u8>>> {
    let Some(mut file) = open_regular(path, follow)? else {
        return Ok(None);
    };
    let mut bytes = Vec::new();
    file.read_to_end(&mut bytes)?;
    Ok(Some(bytes))
}

fn open_regular(path: &Path, follow: bool) -> io::Result<Option<File>> {
    let file = match open_for_reading(path, follow) {
        Ok(file) => file,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e),
    };
    if !file.metadata()?.is_file() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "not a regular file",
        ));
    }
    Ok(Some(file))
}

#[cfg(unix)]
fn open_for_reading(path: &Path, follow: bool) -> io::Result<File> {
    use rustix::fs::{Mode, OFlags, CWD};
    // Non-blocking: opening a FIFO for reading would otherwise wait for a writer.
    let mut flags = OFlags::RDONLY | OFlags::NONBLOCK | OFlags::CLOEXEC;
    if !follow {
        flags |= OFlags::NOFOLLOW;
    }
    match rustix::fs::openat(CWD, path, flags, Mode::empty()) {
        Ok(fd) => Ok(File::from(fd)),
        // A link at the name, not followed.
        Err(rustix::io::Errno::LOOP) if !follow => Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "a symbolic link, not a file hackenbook wrote",
        )),
        Err(e) => Err(e.into()),
    }
}

#[cfg(not(unix))]
fn open_for_reading(path: &Path, follow: bool) -> io::Result<File> {
    let meta = if follow {
        std::fs::metadata(path)?
    } else {
        std::fs::symlink_metadata(path)?
    };
    if !meta.is_file() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "not a regular file",
        ));
    }
    File::open(path)
}

/// Writes `bytes` at `path`, a name hackenbook owns (a cache entry, a checkpoint): through a
/// temporary file created new beside it, then renamed over `path` — whatever entry was there
/// is replaced, never written through.
pub fn replace(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let tmp = temporary(path, bytes, false)?;
    std::fs::rename(&tmp, path).inspect_err(|_| {
        let _ = std::fs::remove_file(&tmp);
    })
}

/// Writes `bytes` at `path` only if nothing is there (a result file the user named): through a
/// temporary file created new beside it, linked to `path` (which fails if anything, a link
/// included, is there), then removed. `AlreadyExists` if the name is taken.
pub fn create(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let tmp = temporary(path, bytes, false)?;
    let linked = std::fs::hard_link(&tmp, path);
    let _ = std::fs::remove_file(&tmp);
    linked
}

/// A new file holding `bytes`, readable by its owner alone, at `path` (the key), only if
/// nothing is there (`AlreadyExists`), and whole or not at all (a run starting at the same
/// moment reads either nothing or all of it). Its folder is made if missing, readable by its
/// owner alone.
pub fn create_secret(path: &Path, bytes: &[u8]) -> io::Result<()> {
    if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        let mut folder = std::fs::DirBuilder::new();
        folder.recursive(true);
        #[cfg(unix)]
        std::os::unix::fs::DirBuilderExt::mode(&mut folder, 0o700);
        folder.create(parent)?;
    }
    let tmp = temporary(path, bytes, true)?;
    let linked = std::fs::hard_link(&tmp, path);
    let _ = std::fs::remove_file(&tmp);
    linked
}

/// Makes `dir` (a folder hackenbook keeps files in) if missing, and refuses one that is a link
/// or not a folder, so nothing is written through it to another place.
pub fn own_dir(dir: &Path) -> io::Result<()> {
    std::fs::create_dir_all(dir)?;
    if std::fs::symlink_metadata(dir)?.is_dir() {
        Ok(())
    } else {
        Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "{} is not a folder (a link?): not written into",
                dir.display()
            ),
        ))
    }
}

/// A temporary file beside `path` holding `bytes` (readable by its owner alone if `secret`),
/// created new under a name not yet taken: `NAME.PID-N-RANDOM.part`.
fn temporary(path: &Path, bytes: &[u8], secret: bool) -> io::Result<PathBuf> {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "a path without a file name"))?;
    let mut last = None;
    for _ in 0..8 {
        let mut tmp = name.to_owned();
        let random = getrandom::u32().unwrap_or(0);
        tmp.push(format!(
            ".{}-{}-{random:08x}.part",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        ));
        let tmp = path.with_file_name(tmp);
        let mut options = OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        if secret {
            std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
        }
        #[cfg(not(unix))]
        let _ = secret;
        match options.open(&tmp) {
            Ok(mut file) => {
                let written = file.write_all(bytes).and_then(|()| file.sync_all());
                if let Err(e) = written {
                    let _ = std::fs::remove_file(&tmp);
                    return Err(e);
                }
                return Ok(tmp);
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => last = Some(e),
            Err(e) => return Err(e),
        }
    }
    Err(last.unwrap_or_else(|| io::Error::other("no free temporary name")))
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::symlink;

    #[test]
    fn a_link_or_fifo_at_a_name_is_never_read_through_nor_blocks() {
        let dir = tempfile::tempdir().unwrap();
        let essay = dir.path().join("rules.md");
        std::fs::write(&essay, "# Rules").unwrap();
        let link = dir.path().join("census-k.json");
        symlink(&essay, &link).unwrap();
        assert!(read_own(&link).is_err());
        assert_eq!(read_given(&link).unwrap().unwrap(), b"# Rules");
        let fifo = dir.path().join("fifo.json");
        rustix::fs::mknodat(
            rustix::fs::CWD,
            &fifo,
            rustix::fs::FileType::Fifo,
            rustix::fs::Mode::RUSR | rustix::fs::Mode::WUSR,
            0,
        )
        .unwrap();
        assert!(read_own(&fifo).is_err());
        assert!(read_given(&fifo).is_err());
        assert!(read_own(&dir.path().join("missing")).unwrap().is_none());
    }

    #[test]
    fn writing_replaces_a_link_at_the_name_and_never_writes_through_it() {
        let dir = tempfile::tempdir().unwrap();
        let essay = dir.path().join("rules.md");
        std::fs::write(&essay, "# Rules").unwrap();
        let entry = dir.path().join("census-k.json");
        symlink(&essay, &entry).unwrap();
        replace(&entry, b"rows").unwrap();
        assert_eq!(std::fs::read(&essay).unwrap(), b"# Rules");
        assert_eq!(read_own(&entry).unwrap().unwrap(), b"rows");

        let out = dir.path().join("shard.json");
        symlink(&essay, &out).unwrap();
        let e = create(&out, b"rows").unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::AlreadyExists);
        assert_eq!(std::fs::read(&essay).unwrap(), b"# Rules");
        let fresh = dir.path().join("fresh.json");
        create(&fresh, b"rows").unwrap();
        assert_eq!(std::fs::read(&fresh).unwrap(), b"rows");
        // No temporary file is left beside them.
        let mut names: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        names.sort();
        assert_eq!(
            names,
            ["census-k.json", "fresh.json", "rules.md", "shard.json"]
        );

        let link_dir = dir.path().join("cache");
        symlink(dir.path(), &link_dir).unwrap();
        assert!(own_dir(&link_dir).is_err());
        assert!(own_dir(&dir.path().join("real")).is_ok());
    }
}
