//! A relation written in prose maths, `` `{$\{0, \tfrac12 \mid 2\} = 1$}` ``: the TeX is read as
//! game notation and every relation in it is checked by the engine, so a formula in a sentence
//! is held to the same standard as a game block. The page typesets the TeX exactly as written.

use super::context::{ClaimKind, ClaimRecord};
use super::Context;
use crate::essay::{Diagnostic, Spanned};
use hackenbook_games::notation::{self, tex};
use hackenbook_games::Games;

/// Checks one formula and records it among the essay's claims; returns its index.
pub fn check(cx: &mut Context, formula: &Spanned<String>) -> usize {
    let file = cx.file;
    let (query, figure, holds) = match relation(formula, &mut cx.ev.games) {
        Ok((query, failure)) => match failure {
            None => (query, "holds".to_string(), true),
            Some(message) => {
                cx.problems.push(
                    Diagnostic::new(
                        file,
                        formula.span.clone(),
                        format!("false relation: {message}"),
                    )
                    .label("this relation does not hold")
                    .help(format!("read as the game statement `{query}`")),
                );
                (query, message, false)
            }
        },
        Err((query, offset, message)) => {
            let at = formula.span.start + offset.min(formula.value.len());
            let span = if offset >= formula.value.len() {
                formula.span.clone()
            } else {
                at..at
                    + formula.value[offset..]
                        .chars()
                        .next()
                        .map_or(1, char::len_utf8)
            };
            let mut d = Diagnostic::new(file, span, message).label("here");
            d = d.help(match query {
                Some(q) => format!("read as the game statement `{q}`"),
                None => "a checked formula is a relation between games: numbers, `\\{ \\mid \\}`, \
                         `\\uparrow`, `\\ast`, `+`, `-`, `:` and `=`, `<`, `>`, `\\le`, `\\ge`, \
                         `\\parallel`, `\\lhd`, `\\rhd`"
                    .to_string(),
            });
            cx.problems.push(d);
            (String::new(), String::new(), false)
        }
    };
    let (line, column) = file.line_col(formula.span.start);
    cx.claims.push(ClaimRecord {
        kind: ClaimKind::Relation,
        file: file.name.clone(),
        line,
        column,
        literal_range: formula.span.clone(),
        literal: formula.value.clone(),
        query,
        figure,
        holds,
        how: super::context::Obtained::Relation,
    });
    cx.claims.len() - 1
}

/// The game statement a formula reads as, and the first relation that fails (if any); or where
/// and why it is not a game statement at all (with what it was read as, when it got that far).
type Verdict = Result<(String, Option<String>), (Option<String>, usize, String)>;

fn relation(formula: &Spanned<String>, games: &mut Games) -> Verdict {
    if formula.value.trim().is_empty() {
        return Err((None, 0, "an empty formula states nothing".to_string()));
    }
    let reading = tex::read(&formula.value).map_err(|e| {
        let what = if e.reads_as.is_some() {
            "not a game relation"
        } else {
            "not a game formula"
        };
        (e.reads_as, e.offset, format!("{what}: {}", e.message))
    })?;
    let text = reading.notation;
    let mut no_names = |_: &str| None;
    let failures =
        notation::check_statement(&reading.statement, games, &mut no_names).map_err(|e| {
            (
                Some(text.clone()),
                formula.value.len(),
                format!("cannot evaluate: {}", e.message),
            )
        })?;
    Ok((text, failures.first().map(|f| f.message(games))))
}

/// Whether a formula of the prose reads as a relation between games (for `claims --unchecked`,
/// and the hints of exercises): as one statement, or as relations that are not one statement
/// (`0 < 1 \quad 0 > 1`), which checking then refuses.
pub fn reads_as_relation(tex_source: &str) -> Option<String> {
    match tex::read(tex_source) {
        Ok(reading) => Some(reading.notation),
        Err(e) if e.states_relations => e.reads_as,
        Err(_) => None,
    }
}

/// A formula of the prose that states a relation between games but is not checked.
#[derive(Clone, Debug, serde::Serialize)]
pub struct UncheckedFormula {
    pub file: String,
    pub line: usize,
    pub column: usize,
    /// The TeX as written, and the game statement it reads as.
    pub tex: String,
    pub reads_as: String,
}

/// Every `$…$` and `$$…$$` of an essay that reads as a game relation. Checked formulas are
/// written `` `{$…$}` `` (inline code to Markdown), so none of them is listed.
pub fn unchecked_relations(essay: &crate::essay::Essay) -> Vec<UncheckedFormula> {
    use pulldown_cmark::{Event, Parser};
    let file = &essay.file;
    Parser::new_ext(&file.text, crate::essay::parse::markdown_options())
        .into_offset_iter()
        .filter_map(|(event, range)| match event {
            Event::InlineMath(tex) | Event::DisplayMath(tex) => {
                let reads_as = reads_as_relation(&tex)?;
                let (line, column) = file.line_col(range.start);
                Some(UncheckedFormula {
                    file: file.name.clone(),
                    line,
                    column,
                    tex: tex.to_string(),
                    reads_as,
                })
            }
            _ => None,
        })
        .collect()
}
