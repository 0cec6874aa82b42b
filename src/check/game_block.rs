//! A `game` block: identities and inequalities between game expressions, each checked with the
//! exact engine (the page typesets them as display maths).

use super::Context;
use crate::essay::source::offset_span;
use crate::essay::{Diagnostic, Spanned};
use crate::games::notation::{self, Statement};
use crate::hackenbush::InPlace;

/// Returns the statements, or `None` if any line failed. A bare name is a position of the
/// essay, looked up in its workspace; `[LR]` is a position written in place.
pub fn check(cx: &mut Context, lines: &[Spanned<String>]) -> Option<Vec<Statement>> {
    let before = cx.problems.len();
    // A `time_limit = N` line is the block's own time limit, not a statement.
    let mut time_limit = None;
    let mut statements = Vec::new();
    for line in lines {
        match line.value.split_once('=') {
            Some((key, value)) if key.trim() == "time_limit" => {
                let at = line.span.start + key.len() + 1;
                let value = Spanned {
                    span: at..line.span.end,
                    value: value.to_string(),
                };
                time_limit = Some(cx.read_time_limit(&value)?);
            }
            _ => statements.push(line),
        }
    }
    cx.with_time_limit(time_limit, |cx| check_statements(cx, &statements, before))
}

/// Every statement of the block, checked.
fn check_statements(
    cx: &mut Context,
    lines: &[&Spanned<String>],
    before: usize,
) -> Option<Vec<Statement>> {
    let mut failed_quietly = false;
    let mut statements = Vec::new();
    for &line in lines {
        let located = |span: &std::ops::Range<usize>| offset_span(span, line.span.start);
        let statement = match notation::parse_statement(&line.value) {
            Ok(s) => s,
            Err(e) => {
                cx.problem(
                    Diagnostic::new(
                        cx.file,
                        located(&e.span),
                        format!("bad game statement: {}", e.message),
                    )
                    .label("here"),
                );
                continue;
            }
        };
        let terms: Vec<&notation::Expr> = statement.terms.iter().collect();
        let in_place = match InPlace::value(&terms, cx.solver, cx.games) {
            Ok(values) => values,
            Err(e) => {
                cx.problem(
                    Diagnostic::new(cx.file, located(&e.span), e.message).label("this position"),
                );
                continue;
            }
        };
        let workspace = &cx.workspace;
        let mut resolve = |name: &str| {
            in_place
                .get(name)
                .or_else(|| workspace.position_value(name))
        };
        match notation::check_statement(&statement, cx.games, &mut resolve) {
            Ok(failures) => {
                for f in failures {
                    let (l, r) = (cx.games.display(f.left), cx.games.display(f.right));
                    cx.problem(
                        Diagnostic::new(
                            cx.file,
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
            // A position whose block failed was reported there.
            Err(e)
                if line
                    .value
                    .get(e.span.clone())
                    .is_some_and(|name| cx.workspace.is_failed_position(name)) =>
            {
                failed_quietly = true;
            }
            Err(e) => {
                let hint = line.value.get(e.span.clone()).and_then(InPlace::hint);
                let mut d = Diagnostic::new(cx.file, located(&e.span), e.message).label("here");
                if let Some(hint) = hint {
                    d = d.help(hint);
                }
                cx.problem(d);
            }
        }
        statements.push(statement);
    }
    (cx.problems.len() == before && !failed_quietly).then_some(statements)
}
