//! Every file hackenbook reads or writes on its own account: the project's own files (essays,
//! templates, the configuration), read only from inside the project, and the files it keeps
//! for itself (a cache entry, a checkpoint, a shard, the key), never written through a link.
//!
//! The one idea: a name is input like any other, and may be occupied by anything — a symbolic
//! link to an essay or to `/proc/self/environ`, a FIFO, a folder. So one rule reads every file
//! ([`open_regular`]): only a regular file, asked of the name before it is opened (a `stat`
//! never blocks) and again of the file opened without blocking, so a FIFO never hangs the run;
//! a link is followed only where the caller allows it. A project's file must in addition lie
//! inside the project once its links are followed ([`read_within`]). A file is written into a
//! temporary file *created new* beside it (the create fails rather than follow a link or reuse
//! a file; another name is tried), then renamed into place, which replaces the name and never
//! writes through what was there.

use std::fs::{File, FileType, OpenOptions};
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

/// A file of hackenbook's own, open for reading under [`read_own`]'s rules (not through a link,
/// only a regular file, a FIFO never blocks): `None` if nothing is there.
pub fn open_own(path: &Path) -> io::Result<Option<File>> {
    open_regular_or_none(path, false)
}

/// The contents of a file the user named (a shard given to `merge`, the key): links are
/// followed, but only a regular file is read, and a FIFO never blocks; `None` if there is none.
pub fn read_given(path: &Path) -> io::Result<Option<Vec<u8>>> {
    read(path, true)
}

/// A file the user named, open for reading: links are followed, but only a regular file is
/// opened, and a FIFO never blocks; `None` if there is none.
pub fn open_given(path: &Path) -> io::Result<Option<File>> {
    open_regular_or_none(path, true)
}

fn read(path: &Path, follow: bool) -> io::Result<Option<Vec<u8>>> {
    let Some(mut file) = open_regular_or_none(path, follow)? else {
        return Ok(None);
    };
    let mut bytes = Vec::new();
    file.read_to_end(&mut bytes)?;
    Ok(Some(bytes))
}

/// [`open_regular`] for a file of hackenbook's own or one the user named: `None` if nothing is
/// there, an error if what is there is not a regular file.
fn open_regular_or_none(path: &Path, follow: bool) -> io::Result<Option<File>> {
    match open_regular(path, follow) {
        Ok(Ok(file)) => Ok(Some(file)),
        Ok(Err(what)) => Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{what}, not a regular file"),
        )),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(e),
    }
}

/// The one rule for reading a file: `path` open for reading if it is a regular file, else what
/// it is, in words (`Ok(Err("a FIFO (a named pipe)"))`). What is there is asked before opening
/// (a `stat` never blocks) and again of the file opened, without blocking, since another file
/// may have been swapped in between. A link at `path` is followed only if `follow`; otherwise it
/// is an error.
fn open_regular(path: &Path, follow: bool) -> io::Result<Result<File, &'static str>> {
    let kind = if follow {
        std::fs::metadata(path)?
    } else {
        std::fs::symlink_metadata(path)?
    }
    .file_type();
    if kind.is_symlink() {
        return Err(not_followed());
    }
    if let Some(what) = not_regular(&kind) {
        return Ok(Err(what));
    }
    let file = open_for_reading(path, follow)?;
    match not_regular(&file.metadata()?.file_type()) {
        Some(what) => Ok(Err(what)),
        None => Ok(Ok(file)),
    }
}

/// A link where hackenbook reads a file of its own: never followed.
fn not_followed() -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidInput,
        "a symbolic link, not a file hackenbook wrote",
    )
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
        // A link put at the name since it was asked, not followed.
        Err(rustix::io::Errno::LOOP) if !follow => Err(not_followed()),
        Err(e) => Err(e.into()),
    }
}

#[cfg(not(unix))]
fn open_for_reading(path: &Path, _follow: bool) -> io::Result<File> {
    File::open(path)
}

/// What a file that is not a regular file is, in words; `None` for a regular file.
fn not_regular(kind: &FileType) -> Option<&'static str> {
    if kind.is_file() {
        return None;
    }
    if kind.is_dir() {
        return Some("a folder");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return Some("a FIFO (a named pipe)");
        }
        if kind.is_socket() {
            return Some("a socket");
        }
        if kind.is_char_device() || kind.is_block_device() {
            return Some("a device");
        }
    }
    Some("an unusual kind of file")
}

/// Why a file of the project was not read.
#[derive(Debug)]
pub enum FileError {
    Io(std::io::Error),
    Refused(Refusal),
}

/// A file refused unread.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// Its links lead outside the folder it must stay in: to this path.
    Outside(PathBuf),
    /// Not a regular file: what it is ("a FIFO (a named pipe)", "a device", …).
    NotRegular(&'static str),
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refusal::Outside(target) => write!(
                f,
                "it is a link to {}, outside the project folder: only files inside it are read",
                target.display()
            ),
            Refusal::NotRegular(what) => {
                write!(f, "it is {what}, not a regular file: only files are read")
            }
        }
    }
}

/// The bytes of a file of the project: `path`, once its links are followed, must lie inside
/// `root` (so an essay or a template that is a link to `/proc/self/environ` is refused, never
/// read), and be a regular file ([`open_regular`]: a FIFO, a device or a socket is refused
/// before it is read, and a FIFO never hangs the run).
pub fn read_within(path: &Path, root: &Path) -> Result<Vec<u8>, FileError> {
    // `stat`, following links, never blocks: what is there is known before anything else.
    let kind = std::fs::metadata(path).map_err(FileError::Io)?.file_type();
    if let Some(what) = not_regular(&kind) {
        return Err(FileError::Refused(Refusal::NotRegular(what)));
    }
    let target = path.canonicalize().map_err(FileError::Io)?;
    // The parent of a bare relative name (`essays` → ``) is the working directory.
    let root = match root.as_os_str().is_empty() {
        true => Path::new("."),
        false => root,
    };
    let root = root.canonicalize().map_err(FileError::Io)?;
    if !target.starts_with(&root) {
        return Err(FileError::Refused(Refusal::Outside(target)));
    }
    let mut file = match open_regular(&target, true).map_err(FileError::Io)? {
        Ok(file) => file,
        Err(what) => return Err(FileError::Refused(Refusal::NotRegular(what))),
    };
    let mut bytes = Vec::new();
    file.read_to_end(&mut bytes).map_err(FileError::Io)?;
    Ok(bytes)
}

/// Writes `bytes` at `path`, a name hackenbook owns (a cache entry, a checkpoint): through a
/// temporary file created new beside it, then renamed over `path` — whatever entry was there
/// is replaced, never written through.
pub fn replace(path: &Path, bytes: &[u8]) -> io::Result<()> {
    replace_with(path, |file| file.write_all(bytes))
}

/// [`replace`], the file's bytes written by `write` as they are made (a body of gigabytes,
/// never held whole).
pub fn replace_with(
    path: &Path,
    write: impl FnOnce(&mut File) -> io::Result<()>,
) -> io::Result<()> {
    let tmp = temporary(path, write, false)?;
    std::fs::rename(&tmp, path).inspect_err(|_| {
        let _ = std::fs::remove_file(&tmp);
    })
}

/// Writes `bytes` at `path` only if nothing is there (a result file the user named): through a
/// temporary file created new beside it, linked to `path` (which fails if anything, a link
/// included, is there), then removed. `AlreadyExists` if the name is taken.
pub fn create(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let tmp = temporary(path, |file| file.write_all(bytes), false)?;
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
    let tmp = temporary(path, |file| file.write_all(bytes), true)?;
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
fn temporary(
    path: &Path,
    write: impl FnOnce(&mut File) -> io::Result<()>,
    secret: bool,
) -> io::Result<PathBuf> {
    let mut write = Some(write);
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
                // Opened once at most: every other attempt ends before or returns here.
                let written = match write.take() {
                    Some(write) => write(&mut file).and_then(|()| file.sync_all()),
                    None => Err(io::Error::other("the file was already written")),
                };
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

    /// `--root` left out and the essays named relatively: the project is the working directory
    /// (cargo runs tests in the package's folder, where `Cargo.toml` is).
    #[test]
    fn an_empty_root_is_the_working_directory() {
        assert!(read_within(Path::new("Cargo.toml"), Path::new("")).is_ok());
        let outside = tempfile::NamedTempFile::new().unwrap();
        assert!(matches!(
            read_within(outside.path(), Path::new("")),
            Err(FileError::Refused(Refusal::Outside(_)))
        ));
    }

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
    fn a_project_file_is_read_only_inside_the_project_and_only_when_regular() {
        let dir = tempfile::tempdir().unwrap();
        let project = dir.path().join("project");
        std::fs::create_dir(&project).unwrap();
        let outside = dir.path().join("secret.txt");
        std::fs::write(&outside, "secret").unwrap();
        let essay = project.join("a.md");
        std::fs::write(&essay, "# A").unwrap();
        assert_eq!(read_within(&essay, &project).unwrap(), b"# A");
        let inside_link = project.join("b.md");
        symlink(&essay, &inside_link).unwrap();
        assert_eq!(read_within(&inside_link, &project).unwrap(), b"# A");
        let out_link = project.join("c.md");
        symlink(&outside, &out_link).unwrap();
        let Err(FileError::Refused(Refusal::Outside(_))) = read_within(&out_link, &project) else {
            panic!("a link outside the project must be refused")
        };
        let fifo = project.join("pipe.md");
        rustix::fs::mknodat(
            rustix::fs::CWD,
            &fifo,
            rustix::fs::FileType::Fifo,
            rustix::fs::Mode::RUSR | rustix::fs::Mode::WUSR,
            0,
        )
        .unwrap();
        let Err(FileError::Refused(Refusal::NotRegular(what))) = read_within(&fifo, &project)
        else {
            panic!("a FIFO must be refused")
        };
        assert_eq!(what, "a FIFO (a named pipe)");
        // The same words for a file of the tool's own.
        let e = read_given(&fifo).unwrap_err();
        assert_eq!(e.to_string(), "a FIFO (a named pipe), not a regular file");
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
