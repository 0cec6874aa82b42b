//! Essays as the author wrote them: source files, front matter, the directives (blocks and inline
//! claims) found in the Markdown, and diagnostics that point back into the text.
pub mod diagnostic;
pub mod front;
pub mod parse;
pub mod source;

pub use diagnostic::Diagnostic;
pub use parse::{parse_essay, Claim, Directive, DirectiveKind, Essay, Spanned};
pub use source::SourceFile;
