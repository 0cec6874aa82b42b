//! An essay's text and the arithmetic that turns byte offsets into the line and column a person
//! reads. Every span in hackenbook is a byte range into one of these files.

use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// One source file, shared cheaply between the stages that point into it.
#[derive(Clone, Debug)]
pub struct SourceFile {
    pub path: PathBuf,
    pub text: Arc<str>,
}

impl SourceFile {
    pub fn new(path: impl Into<PathBuf>, text: impl Into<Arc<str>>) -> SourceFile {
        SourceFile {
            path: path.into(),
            text: text.into(),
        }
    }

    pub fn read(path: &Path) -> std::io::Result<SourceFile> {
        Ok(SourceFile::new(path, std::fs::read_to_string(path)?))
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
