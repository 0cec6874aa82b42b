//! A claim binds a literal in the prose to a query: the query is run, and the literal must say
//! what the computation says, at the precision the literal is written in.

use super::Context;
use crate::census;
use crate::essay::source::offset_span;
use crate::essay::{Claim, Diagnostic, SourceFile};
use serde::Serialize;
use std::ops::Range;

/// One checked claim, as the notebook and `hackenbook claims --json` show it.
#[derive(Clone, Debug, Serialize)]
pub struct ClaimRecord {
    /// Anchor of the claim in its page's notebook: `claim-1`, `claim-2`, ...
    pub id: String,
    /// What was checked: a query's figure against a literal, or a relation written as maths.
    pub kind: ClaimKind,
    /// The essay's path relative to the project folder, e.g. `essays/the-cycle.md`.
    pub file: String,
    pub line: usize,
    pub column: usize,
    /// Byte range of the literal in the source file.
    pub literal_range: Range<usize>,
    pub literal: String,
    pub query: String,
    /// The computed figure, printed; empty when the query itself failed.
    pub figure: String,
    pub holds: bool,
}

/// The kinds of checked statement in the prose.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ClaimKind {
    /// `{LITERAL = QUERY}`: the literal must say what the query computes.
    Query,
    /// `{$…$}`: a relation between games written in TeX, checked as written.
    Relation,
    /// The answer of an ```` ```exercise ```` block, checked against the question it answers.
    Exercise,
}

/// Checks one claim and records it; returns its index among the essay's claims.
pub fn check(cx: &mut Context, claim: &Claim) -> usize {
    let (file, games) = (cx.file, &mut *cx.games);
    let problems = &mut *cx.problems;
    let (figure, holds) = match cx.workspace.evaluate(&claim.query.value, games) {
        Ok(figure) => {
            let shown = census::render_figure(&figure, games);
            let holds = match census::literal_holds(&claim.literal.value, &figure, games) {
                Ok(true) => true,
                Ok(false) => {
                    problems.push(mismatch(file, claim, &shown));
                    false
                }
                Err(e) => {
                    problems.push(
                        Diagnostic::new(file, claim.literal.span.clone(), e.message)
                            .label("this literal"),
                    );
                    false
                }
            };
            (shown, holds)
        }
        Err(e) => {
            // A census whose block failed was reported there; saying so again at every claim
            // that uses it buries the cause.
            if !cx.workspace.repeats_a_failed_census(&claim.query.value) {
                let span = offset_span(&e.span, claim.query.span.start);
                problems.push(
                    Diagnostic::new(file, span, format!("bad query: {}", e.message)).label("here"),
                );
            }
            (String::new(), false)
        }
    };
    let (line, column) = file.line_col(claim.literal.span.start);
    let records = &mut cx.claims;
    records.push(ClaimRecord {
        id: format!("claim-{}", records.len() + 1),
        kind: ClaimKind::Query,
        file: file.name.clone(),
        line,
        column,
        literal_range: claim.literal.span.clone(),
        literal: claim.literal.value.clone(),
        query: claim.query.value.clone(),
        figure,
        holds,
    });
    records.len() - 1
}

fn mismatch(file: &SourceFile, claim: &Claim, computed: &str) -> Diagnostic {
    Diagnostic::new(
        file,
        claim.literal.span.clone(),
        format!(
            "claim does not hold: the essay says `{}`, the computation gives {computed}",
            claim.literal.value
        ),
    )
    .label(format!("computed {computed}"))
    .help(format!("the query was `{}`", claim.query.value))
}
