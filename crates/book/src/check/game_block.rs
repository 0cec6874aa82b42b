//! A `game` block: identities and inequalities between game expressions, each checked with the
//! exact engine (the page typesets them as display maths).

use super::Context;
use crate::essay::source::offset_span;
use crate::essay::{Diagnostic, Spanned};
use hackenbook_base::suggest::closest;
use hackenbook_games::notation::{self, Statement};
use hackenbook_games::GameId;
use hackenbook_rulesets::in_place::InPlace;

/// One line of a game block that holds: its statement, where it was written, and what each of
/// its terms is worth (the notebook shows them).
#[derive(Debug)]
pub struct GameLine {
    pub statement: Statement,
    /// The line as written.
    pub text: String,
    /// 1-based line in the essay.
    pub line: usize,
    /// The value of each term, in order, in the build's games table.
    pub values: Vec<GameId>,
}

/// Returns the lines, or `None` if any line failed. A bare name is a position of the essay,
/// looked up in its workspace; `[LR]` is a position written in place.
pub fn check(cx: &mut Context, lines: &[Spanned<String>]) -> Option<Vec<GameLine>> {
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
) -> Option<Vec<GameLine>> {
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
        // A line naming a position whose block failed (even one that reads as something else,
        // as `v2` reads as down) was reported at the block.
        let words = line
            .value
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'));
        if words
            .filter(|w| !w.is_empty())
            .any(|w| cx.workspace.is_failed_position(w))
        {
            failed_quietly = true;
            continue;
        }
        let terms: Vec<&notation::Expr> = statement.terms.iter().collect();
        let in_place = match InPlace::value(&terms, &mut cx.ev.rulesets, &mut cx.ev.games) {
            Ok(values) => values,
            Err(e) => {
                cx.problem(
                    Diagnostic::new(cx.file, located(&e.span), e.message)
                        .label("this position")
                        .help_if(e.help),
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
        let mut values = Vec::new();
        match notation::check_statement(&statement, &mut cx.ev.games, &mut resolve) {
            Ok(failures) if failures.is_empty() => {
                for term in &statement.terms {
                    if let Ok(v) = notation::eval(term, &mut cx.ev.games, &mut resolve) {
                        values.push(v);
                    }
                }
            }
            Ok(failures) => {
                for f in failures {
                    let (l, r) = (cx.ev.games.display(f.left), cx.ev.games.display(f.right));
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
                // A name near a position of the essay is most likely its typo; one that reads as
                // a position, far from them, says how to write it in place.
                let name = line.value.get(e.span.clone()).unwrap_or("");
                let unknown = name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                    && cx.workspace.position_value(name).is_none();
                let known: Vec<&str> = cx.workspace.position_names().collect();
                // Another essay's name (or a slug that names no essay before this one) first.
                let elsewhere = (unknown || name.contains('/'))
                    .then(|| cx.workspace.elsewhere_help(name))
                    .flatten();
                let hint = elsewhere
                    .or_else(|| unknown.then(|| unknown_name_help(name, &known)).flatten());
                let mut d = Diagnostic::new(cx.file, located(&e.span), e.message).label("here");
                if let Some(hint) = hint {
                    d = d.help(hint);
                }
                cx.problem(d);
            }
        }
        statements.push(GameLine {
            statement,
            text: line.value.clone(),
            line: cx.file.line_col(line.span.start).0,
            values,
        });
    }
    (cx.problems.len() == before && !failed_quietly).then_some(statements)
}

/// What to say about an unknown bare name of a game expression: the nearest of the names
/// `defined` first, since a typo of `lrrl` means `lrrl`; brackets only when no defined name is
/// near and the name reads as a position (`LR`). Suggesting brackets first made the typo `lrrll`
/// the position LRRLL, worth 7/16, and `lrr < [lrrll] < lr` a true statement about a position
/// the author never meant. `None` when there is nothing to suggest.
pub fn unknown_name_help(name: &str, defined: &[&str]) -> Option<String> {
    match closest(name, defined) {
        Some(near) => Some(format!("did you mean `{near}`?")),
        None => InPlace::hint(name),
    }
}

#[cfg(test)]
mod tests {
    use super::unknown_name_help;

    #[test]
    fn an_unknown_name_near_a_defined_one_is_that_name_not_a_position_in_place() {
        let defined = ["lr", "lrr", "lrrl"];
        assert_eq!(
            unknown_name_help("lrrll", &defined).as_deref(),
            Some("did you mean `lrrl`?")
        );
        assert_eq!(
            unknown_name_help("cheery", &["cherry"]).as_deref(),
            Some("did you mean `cherry`?")
        );
        // Far from every defined name, a name that reads as a position goes in brackets.
        assert_eq!(
            unknown_name_help("LRRLLRL", &defined).as_deref(),
            Some("a position written in place goes in brackets: `[LRRLLRL]`")
        );
        assert_eq!(
            unknown_name_help("lrrll", &[]).as_deref(),
            Some("a position written in place goes in brackets: `[lrrll]`")
        );
        assert_eq!(unknown_name_help("gadget", &defined), None);
    }
}
