//! An essay's text and the arithmetic that turns byte offsets into the line and column a person
//! reads. Every span in hackenbook is a byte range into one of these files.

use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// One source file, shared cheaply between the stages that point into it.
#[derive(Clone, Debug)]
pub struct SourceFile {
    /// Where it was read from, as given (diagnostics on the terminal show this).
    pub path: PathBuf,
    /// The path relative to the project folder, `/`-separated: what pages and listings show,
    /// the same wherever hackenbook runs.
    pub name: String,
    pub text: Arc<str>,
}

/// Why a file could not be read.
#[derive(Debug)]
pub enum ReadError {
    Io(std::io::Error),
    /// Refused unread: a link out of the project, or not a regular file.
    Refused(hackenbook_base::files::Refusal),
    /// Not UTF-8: the file as far as it could be read (the rest replaced), and the offset of
    /// the first byte that is not.
    NotUtf8 {
        file: SourceFile,
        offset: usize,
    },
}

impl SourceFile {
    pub fn new(path: impl Into<PathBuf>, text: impl Into<Arc<str>>) -> SourceFile {
        let path = path.into();
        SourceFile {
            name: slash_separated(&path),
            path,
            text: text.into(),
        }
    }

    /// Reads a file as editors write it: a UTF-8 byte-order mark is dropped and Windows line
    /// endings become `\n`, so that offsets, lines and columns count what a reader sees.
    pub fn read(path: &Path) -> Result<SourceFile, ReadError> {
        let bytes = std::fs::read(path).map_err(ReadError::Io)?;
        SourceFile::decode(path, bytes)
    }

    /// [`SourceFile::read`] for a file of the project, by [`hackenbook_base::files::read_within`]'s
    /// rules.
    pub fn read_within(path: &Path, root: &Path) -> Result<SourceFile, ReadError> {
        let bytes = hackenbook_base::files::read_within(path, root).map_err(|e| match e {
            hackenbook_base::files::FileError::Io(e) => ReadError::Io(e),
            hackenbook_base::files::FileError::Refused(r) => ReadError::Refused(r),
        })?;
        SourceFile::decode(path, bytes)
    }

    fn decode(path: &Path, mut bytes: Vec<u8>) -> Result<SourceFile, ReadError> {
        if bytes.starts_with(b"\xEF\xBB\xBF") {
            bytes.drain(..3);
        }
        let text = match String::from_utf8(bytes) {
            Ok(text) => text,
            Err(e) => {
                let bytes = e.as_bytes();
                let lossy = String::from_utf8_lossy(bytes).replace("\r\n", "\n");
                let offset = lossy_offset(bytes, e.utf8_error().valid_up_to());
                return Err(ReadError::NotUtf8 {
                    file: SourceFile::new(path, lossy),
                    offset,
                });
            }
        };
        // The text is the bytes read, not a copy; most files have no carriage return to drop
        // (found by a byte search).
        let text = match text.contains('\r') {
            true => text.replace("\r\n", "\n"),
            false => text,
        };
        Ok(SourceFile::new(path, text))
    }

    /// The same file, named relative to the project folder `root` (when it lies inside it).
    pub fn in_project(mut self, root: &Path) -> SourceFile {
        let relative = self
            .path
            .strip_prefix(root)
            .or_else(|_| {
                self.path
                    .strip_prefix(root.canonicalize().unwrap_or_default())
            })
            .ok()
            .map(slash_separated);
        if let Some(name) = relative {
            self.name = name;
        }
        self
    }

    /// 1-based line and column (in characters) of a byte offset, clamped to the text.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = floor_char_boundary(&self.text, offset.min(self.text.len()));
        let before = &self.text[..offset];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let col = self.text[line_start..offset].chars().count() + 1;
        (line, col)
    }

    /// The byte offset of a 1-based line and column (in characters), clamped to the text.
    pub fn offset_of(&self, line: usize, column: usize) -> usize {
        let line_start = self
            .text
            .split_inclusive('\n')
            .take(line.saturating_sub(1))
            .map(str::len)
            .sum::<usize>();
        let rest = &self.text[line_start..];
        line_start
            + rest
                .char_indices()
                .nth(column.saturating_sub(1))
                .map_or(rest.len(), |(i, _)| i)
    }

    /// The path as shown in diagnostics: relative to the working directory when possible.
    pub fn display_path(&self) -> String {
        let cwd = std::env::current_dir().ok();
        let shown = cwd
            .as_deref()
            .and_then(|c| self.path.strip_prefix(c).ok())
            .unwrap_or(&self.path);
        let shown = shown.display().to_string();
        match shown.strip_prefix("./") {
            Some(rest) => rest.to_string(),
            None => shown,
        }
    }

    pub fn slice(&self, span: &Range<usize>) -> &str {
        self.text.get(span.clone()).unwrap_or("")
    }
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReadError::Io(e) => write!(f, "{e}"),
            ReadError::Refused(r) => write!(f, "{r}"),
            ReadError::NotUtf8 { .. } => f.write_str("it is not UTF-8 text"),
        }
    }
}

/// `a/b/c` for the path `a/b/c` (or `a\\b\\c`), without a leading `./`.
fn slash_separated(path: &Path) -> String {
    path.components()
        .filter(|c| !matches!(c, std::path::Component::CurDir))
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join("/")
}

/// The offset in the normalised text (`\r\n` read as `\n`) of byte `at` of the file.
fn lossy_offset(bytes: &[u8], at: usize) -> usize {
    at - bytes[..at].windows(2).filter(|w| w == b"\r\n").count()
}

/// The largest char boundary not after `i`, so a span from another tool never splits a character.
pub fn floor_char_boundary(text: &str, mut i: usize) -> usize {
    i = i.min(text.len());
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// Shifts a span found inside a piece of text to the absolute offsets of the file.
pub fn offset_span(span: &Range<usize>, by: usize) -> Range<usize> {
    span.start + by..span.end + by
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_and_column_count_characters() {
        let f = SourceFile::new("x.md", "ab\n−c d\n");
        assert_eq!(f.line_col(0), (1, 1));
        assert_eq!(f.line_col(3), (2, 1));
        // `−` is three bytes: `c` is the second character of line 2.
        assert_eq!(f.line_col(6), (2, 2));
        assert_eq!(f.line_col(4), (2, 1), "inside a character: clamped back");
        assert_eq!(f.line_col(999), (3, 1));
    }
}
