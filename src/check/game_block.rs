//! A `game` block: identities and inequalities between game expressions, each checked with the
//! exact engine and typeset as display maths.

use super::Scope;
use crate::essay::source::offset_span;
use crate::essay::{Diagnostic, SourceFile, Spanned};
use crate::games::notation;
use crate::games::Games;

/// Returns the KaTeX source of each statement, or `None` if any line failed.
pub fn check(
    file: &SourceFile,
    lines: &[Spanned<String>],
    scope: &Scope,
    games: &mut Games,
    problems: &mut Vec<Diagnostic>,
) -> Option<Vec<String>> {
    let before = problems.len();
    let mut latex = Vec::new();
    for line in lines {
        let located = |span: &std::ops::Range<usize>| offset_span(span, line.span.start);
        let statement = match notation::parse_statement(&line.value) {
            Ok(s) => s,
            Err(e) => {
                problems.push(
                    Diagnostic::new(
                        file,
                        located(&e.span),
                        format!("bad game statement: {}", e.message),
                    )
                    .label("here"),
                );
                continue;
            }
        };
        let mut resolve = |name: &str| scope.positions.get(name).copied();
        match notation::check_statement(&statement, games, &mut resolve) {
            Ok(failures) => {
                for f in failures {
                    let (l, r) = (games.display(f.left), games.display(f.right));
                    problems.push(
                        Diagnostic::new(
                            file,
                            located(&f.span),
                            format!(
                                "false: `{}` claims {l} {} {r}, but {l} {} {r}",
                                line.value.get(f.span.clone()).unwrap_or(&line.value),
                                notation::rel_text(f.expected),
                                f.actual.symbol()
                            ),
                        )
                        .label("this relation does not hold"),
                    );
                }
            }
            Err(e) => problems
                .push(Diagnostic::new(file, located(&e.span), e.message.clone()).label("here")),
        }
        latex.push(notation::statement_latex(&statement));
    }
    (problems.len() == before).then_some(latex)
}
