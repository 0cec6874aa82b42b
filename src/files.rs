//! Reading the project's own files: only from inside the project, and only regular files.
//!
//! The one idea: an essay, a template or the configuration is text the build quotes and
//! publishes, so a link must not lead it elsewhere (`essays/env.md -> /proc/self/environ`) and
//! a FIFO or a device must never be opened for reading, which could wait for ever. Links are
//! followed and the target must lie inside the folder the caller names; the kind of file is
//! asked before opening (a `stat` never blocks) and again of the file opened without blocking.

use std::path::{Path, PathBuf};

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
/// read), and be a regular file: a FIFO, a device or a socket is refused before it is read, and
/// opened without blocking to make sure, so a FIFO never hangs the run.
pub fn read_within(path: &Path, root: &Path) -> Result<Vec<u8>, FileError> {
    use std::io::Read;
    // `stat`, following links, never blocks: what is there is known before it is opened.
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
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(rustix::fs::OFlags::NONBLOCK.bits() as i32);
    }
    let mut file = options.open(&target).map_err(FileError::Io)?;
    // What was opened may have been swapped in since the `stat`: asked again of the open file.
    let kind = file.metadata().map_err(FileError::Io)?.file_type();
    if let Some(what) = not_regular(&kind) {
        return Err(FileError::Refused(Refusal::NotRegular(what)));
    }
    let mut bytes = Vec::new();
    file.read_to_end(&mut bytes).map_err(FileError::Io)?;
    Ok(bytes)
}

/// What a file that is not a regular file is, in words; `None` for a regular file.
fn not_regular(kind: &std::fs::FileType) -> Option<&'static str> {
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
