//! A diagnostic is a message pinned to a byte range of an essay. Every stage reports failures as
//! diagnostics, the driver collects all of them, and they are rendered once, rustc-style, with the
//! file, line, column and a snippet of the source. A warning is a diagnostic too: printed the same
//! way, counted apart, and failing a run only when warnings are denied.

use super::source::SourceFile;
use miette::{GraphicalReportHandler, GraphicalTheme, LabeledSpan, NamedSource, SourceSpan};
use std::fmt;
use std::ops::Range;

#[derive(Clone, Debug)]
pub struct Diagnostic {
    pub file: SourceFile,
    pub span: Range<usize>,
    /// The headline: what is wrong.
    pub message: String,
    /// Said at the span itself: e.g. "computed 3/8".
    pub label: String,
    pub help: Option<String>,
    /// Said about something that holds but reads badly: does not fail a run by itself.
    pub warning: bool,
}

impl Diagnostic {
    pub fn new(file: &SourceFile, span: Range<usize>, message: impl Into<String>) -> Diagnostic {
        let len = file.text.len();
        let start = span.start.min(len);
        Diagnostic {
            file: file.clone(),
            span: start..span.end.clamp(start, len),
            message: capped(message.into()),
            label: String::new(),
            help: None,
            warning: false,
        }
    }

    /// The same diagnostic as a warning.
    pub fn warning(mut self) -> Diagnostic {
        self.warning = true;
        self
    }

    pub fn label(mut self, label: impl Into<String>) -> Diagnostic {
        self.label = capped(label.into());
        self
    }

    pub fn help(mut self, help: impl Into<String>) -> Diagnostic {
        self.help = Some(capped(help.into()));
        self
    }

    /// The help a located error carries, if it carries one.
    pub fn help_if(self, help: Option<String>) -> Diagnostic {
        match help {
            Some(help) => self.help(help),
            None => self,
        }
    }

    /// `essays/x.md:12:5`
    pub fn location(&self) -> String {
        let (line, col) = self.file.line_col(self.span.start);
        format!("{}:{line}:{col}", self.file.display_path())
    }

    pub fn line(&self) -> usize {
        self.file.line_col(self.span.start).0
    }

    /// The rustc-style rendering without colour, stable enough to snapshot.
    pub fn render(&self) -> String {
        let (source, span) = shortened_lines(&self.file.text, &self.span);
        let report = Miette {
            message: format!("{}\n  --> {}", self.message, self.location()),
            source: NamedSource::new(self.file.display_path(), source),
            span: (span.start, span.end - span.start).into(),
            label: self.label.clone(),
            help: self.help.clone(),
            warning: self.warning,
        };
        let mut out = String::new();
        let handler = GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor())
            .with_width(100)
            .with_context_lines(1);
        if handler.render_report(&mut out, &report).is_err() {
            let kind = if self.warning { "warning" } else { "error" };
            return format!("{kind}: {}", report.message);
        }
        out
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.location(), self.message)
    }
}

/// What a message, label or help may quote: a message quoting a 100,000-letter position is
/// read by nobody.
const MAX_MESSAGE_CHARS: usize = 400;

/// The longest source line a snippet shows in full.
const MAX_LINE_CHARS: usize = 200;

/// `text`, cut after [`MAX_MESSAGE_CHARS`] characters with a note of how much was left out:
/// for every message that quotes what a user wrote.
pub fn capped(text: String) -> String {
    let total = text.chars().count();
    if total <= MAX_MESSAGE_CHARS {
        return text;
    }
    let kept: String = text.chars().take(MAX_MESSAGE_CHARS).collect();
    format!("{kept}… ({} more characters)", total - MAX_MESSAGE_CHARS)
}

/// The longest run of text without a blank that an error outside the essays quotes whole: a
/// path, a position, a name given on the command line.
const MAX_QUOTE_CHARS: usize = 200;

/// The longest error outside the essays printed whole.
const MAX_UNLOCATED_CHARS: usize = 8000;

/// An error outside the essays as printed: every run of text without a blank longer than
/// [`MAX_QUOTE_CHARS`] (a 120 KB position or path quoted back) cut to its start, with `…` and
/// how much was left out, so the reason after it is still read; the whole cut the same way
/// past [`MAX_UNLOCATED_CHARS`]. The one place where such messages are bounded, whatever
/// command built them.
pub fn quotes_capped(text: &str) -> String {
    let mut out = String::with_capacity(text.len().min(MAX_UNLOCATED_CHARS + 64));
    let mut rest = text;
    while !rest.is_empty() {
        let blank = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let (word, after) = rest.split_at(blank);
        let chars = word.chars().count();
        if chars > MAX_QUOTE_CHARS {
            out.extend(word.chars().take(MAX_QUOTE_CHARS));
            out.push_str(&format!("… ({} more characters)", chars - MAX_QUOTE_CHARS));
        } else {
            out.push_str(word);
        }
        let spaces = after.len() - after.trim_start().len();
        out.push_str(&after[..spaces]);
        rest = &after[spaces..];
    }
    let total = out.chars().count();
    if total > MAX_UNLOCATED_CHARS {
        let kept: String = out.chars().take(MAX_UNLOCATED_CHARS).collect();
        return format!("{kept}… ({} more characters)", total - MAX_UNLOCATED_CHARS);
    }
    out
}

/// The text with every line longer than [`MAX_LINE_CHARS`] cut short (`…` marks the cut), and
/// `span` moved to the same characters, or to the cut when they were cut away. Lines and the
/// columns before a cut are unchanged, so the snippet's header agrees with the location.
fn shortened_lines(text: &str, span: &Range<usize>) -> (String, Range<usize>) {
    let mut out = String::with_capacity(text.len().min(1 << 16));
    let (mut start, mut end) = (None, None);
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let body = line.strip_suffix('\n').unwrap_or(line);
        let cut = body
            .char_indices()
            .nth(MAX_LINE_CHARS)
            .map_or(body.len(), |(i, _)| i);
        for (target, slot) in [(span.start, &mut start), (span.end, &mut end)] {
            // Lines come in order, so the first line that reaches past `target` holds it
            // (an offset at the very end of the text is placed after the loop).
            if slot.is_none() && target < offset + line.len() {
                *slot = Some(out.len() + (target - offset).min(cut));
            }
        }
        out.push_str(&body[..cut]);
        if cut < body.len() {
            out.push('…');
        }
        if line.ends_with('\n') {
            out.push('\n');
        }
        offset += line.len();
    }
    let start = start.unwrap_or(out.len());
    let end = end.unwrap_or(out.len()).max(start);
    (out, start..end)
}

/// Renders a batch of diagnostics that failed a run, in file and position order, with a closing
/// count: problems and warnings counted apart. A failed `check` never writes anything, so only a
/// failed build (`Run::Build`) says that it wrote nothing.
pub fn render_all(diagnostics: &[Diagnostic], run: Run) -> String {
    let mut out = render_each(diagnostics, MessageFormat::Human);
    out.push_str(&closing_count(diagnostics, run));
    out
}

/// The closing line of a failed run: `error: 2 problems and 1 warning found`, and for a build
/// `; nothing was written`.
pub fn closing_count(diagnostics: &[Diagnostic], run: Run) -> String {
    let warnings = diagnostics.iter().filter(|d| d.warning).count();
    let problems = diagnostics.len() - warnings;
    let also = if warnings > 0 {
        format!(" and {}", counted(warnings, "warning"))
    } else {
        String::new()
    };
    let found = if problems > 0 {
        format!("{}{also} found", counted(problems, "problem"))
    } else {
        format!(
            "{} found and warnings are denied",
            counted(warnings, "warning")
        )
    };
    let written = match run {
        Run::Check => "",
        Run::Build => "; nothing was written",
    };
    format!("error: {found}{written}\n")
}

/// Renders the warnings of a run that passed, with their count.
pub fn render_warnings(warnings: &[Diagnostic]) -> String {
    let mut out = render_each(warnings, MessageFormat::Human);
    out.push_str(&warnings_count(warnings));
    out
}

/// The closing line of a run that passed with warnings.
pub fn warnings_count(warnings: &[Diagnostic]) -> String {
    format!(
        "warning: {} (the run passed; --deny-warnings fails it)\n",
        counted(warnings.len(), "warning")
    )
}

/// Every diagnostic in file and position order, in `format`, each ending with a newline (a
/// blank line after each for people).
pub fn render_each(diagnostics: &[Diagnostic], format: MessageFormat) -> String {
    let mut sorted: Vec<&Diagnostic> = diagnostics.iter().collect();
    sorted.sort_by(|a, b| (&a.file.path, a.span.start).cmp(&(&b.file.path, b.span.start)));
    let mut out = String::new();
    for d in &sorted {
        match format {
            MessageFormat::Human => out.push_str(&d.render()),
            MessageFormat::Json => out.push_str(&d.json()),
            MessageFormat::Github => out.push_str(&d.github()),
        }
        out.push('\n');
    }
    out
}

/// What a run that failed was doing, for its closing line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Run {
    /// `check` (and anything else that writes nothing).
    Check,
    /// `build`: a failed build writes nothing and leaves the previous site whole.
    Build,
}

/// How diagnostics are printed (`--message-format`): for people, rustc-style; or for machines,
/// one line each — a JSON object (as cargo's `--message-format json`) or a GitHub Actions
/// workflow command that marks the line in a pull request.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MessageFormat {
    #[default]
    Human,
    Json,
    Github,
}

impl Diagnostic {
    fn severity(&self) -> &'static str {
        if self.warning {
            "warning"
        } else {
            "error"
        }
    }

    /// One JSON object on one line: `file`, `line`, `column` (1-based, in characters), the end
    /// (`end_line`, `end_column`: just after the span, as cargo's), `severity`, `message`,
    /// `label` (what is said at the span, or null) and `help` (or null).
    pub fn json(&self) -> String {
        let (line, column) = self.file.line_col(self.span.start);
        let (end_line, end_column) = self.file.line_col(self.span.end);
        serde_json::json!({
            "file": self.file.display_path(),
            "line": line,
            "column": column,
            "end_line": end_line,
            "end_column": end_column,
            "severity": self.severity(),
            "message": self.message,
            "label": (!self.label.is_empty()).then_some(&self.label),
            "help": self.help,
        })
        .to_string()
    }

    /// A GitHub Actions workflow command, `::error file=…,line=…,col=…,endLine=…,endColumn=…::…`
    /// (`::warning` for a warning): the message, then the help on a line of its own. The end is
    /// the span's last character.
    pub fn github(&self) -> String {
        let (line, column) = self.file.line_col(self.span.start);
        let last = (self.file.text.get(..self.span.end).unwrap_or(""))
            .char_indices()
            .next_back()
            .map_or(self.span.start, |(i, _)| i)
            .max(self.span.start);
        let (end_line, end_column) = self.file.line_col(last);
        let mut text = self.message.clone();
        if let Some(help) = &self.help {
            text.push_str(&format!("\nhelp: {help}"));
        }
        format!(
            "::{} file={},line={line},col={column},endLine={end_line},endColumn={end_column}::{}",
            self.severity(),
            github_property(&self.file.display_path()),
            github_data(&text)
        )
    }
}

/// A problem with no place in a file (`Failure::Other`), in `format`.
pub fn render_unlocated(message: &str, format: MessageFormat) -> String {
    let message = &quotes_capped(message);
    match format {
        MessageFormat::Human => format!("error: {message}\n"),
        MessageFormat::Json => format!(
            "{}\n",
            serde_json::json!({
                "file": null, "line": null, "column": null, "end_line": null,
                "end_column": null, "severity": "error", "message": message,
                "label": null, "help": null,
            })
        ),
        MessageFormat::Github => format!("::error::{}\n", github_data(message)),
    }
}

/// A workflow command's message, escaped as the runner reads it back.
fn github_data(text: &str) -> String {
    text.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// A workflow command's property value: also without `:` and `,`, which end it.
fn github_property(text: &str) -> String {
    github_data(text).replace(':', "%3A").replace(',', "%2C")
}

/// `1 problem`, `2 problems`.
pub fn counted(n: usize, noun: &str) -> String {
    counted_as(n, noun, &format!("{noun}s"))
}

/// `1 query`, `2 queries`: for a noun whose plural is not its singular and `s`.
pub fn counted_as(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The adapter that lets miette draw the snippet.
#[derive(Debug)]
struct Miette {
    message: String,
    source: NamedSource<String>,
    span: SourceSpan,
    label: String,
    help: Option<String>,
    warning: bool,
}

impl fmt::Display for Miette {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Miette {}

impl miette::Diagnostic for Miette {
    fn severity(&self) -> Option<miette::Severity> {
        Some(if self.warning {
            miette::Severity::Warning
        } else {
            miette::Severity::Error
        })
    }

    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        Some(&self.source)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let label = (!self.label.is_empty()).then(|| self.label.clone());
        Some(Box::new(std::iter::once(LabeledSpan::new_with_span(
            label, self.span,
        ))))
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help
            .as_ref()
            .map(|h| Box::new(h.clone()) as Box<dyn fmt::Display>)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_messages_are_cut_with_a_count() {
        let long = "x".repeat(1000);
        let cut = capped(long);
        assert!(cut.starts_with(&"x".repeat(MAX_MESSAGE_CHARS)));
        assert!(cut.ends_with("… (600 more characters)"), "{cut}");
        assert_eq!(capped("short".into()), "short");
    }

    #[test]
    fn long_quotes_in_unlocated_errors_are_cut_and_the_reason_kept() {
        let message = format!(
            "`{}` is not a position: expected a node",
            "L".repeat(120_000)
        );
        let cut = quotes_capped(&message);
        assert!(cut.len() < 400, "{}", cut.len());
        assert!(cut.contains("… (119802 more characters) is not a position: expected a node"));
        // Short words and their blanks are kept exactly.
        assert_eq!(quotes_capped("a  b\n  c"), "a  b\n  c");
        // Many short words: the whole is bounded too.
        let words = "not ".repeat(10_000);
        assert!(quotes_capped(&words).chars().count() < MAX_UNLOCATED_CHARS + 40);
    }

    #[test]
    fn long_lines_are_cut_and_spans_follow() {
        let text = format!("ab\n{}\ncd\n", "y".repeat(500));
        // A span on the line after the long one moves by the characters cut.
        let cd = text.find("cd").unwrap();
        let (short, span) = shortened_lines(&text, &(cd..cd + 2));
        assert_eq!(&short[span.clone()], "cd");
        assert!(short.len() < 300, "{}", short.len());
        // A span inside the cut lands on the cut.
        let (short, span) = shortened_lines(&text, &(400..410));
        assert_eq!(&short[span.start..span.start + '…'.len_utf8()], "…");
        // The start of a line stays on that line, and the end of the text is kept.
        let (_, span) = shortened_lines(&text, &(3..4));
        assert_eq!(span, 3..4);
        let (short, span) = shortened_lines(&text, &(text.len()..text.len()));
        assert_eq!(span, short.len()..short.len());
    }

    #[test]
    fn a_diagnostic_on_a_huge_line_renders_small() {
        let file = SourceFile::new("big.md", format!("intro\n{}\nend\n", "L".repeat(100_001)));
        let d = Diagnostic::new(&file, 6..7, format!("`{}` is bad", "L".repeat(100_001)));
        let shown = d.render();
        assert!(shown.len() < 3_000, "{} bytes", shown.len());
        assert!(shown.contains("big.md:2:1"), "{shown}");
    }
}
