//! A claim binds a literal in the prose to a query: the query is run, and the literal must say
//! what the computation says, at the precision the literal is written in.

use super::context::{ClaimKind, ClaimRecord, Context, Obtained};
use crate::essay::source::offset_span;
use crate::essay::{Claim, Diagnostic, SourceFile};
use hackenbook_census::{self as census, Figure};

/// Checks one claim and records it; returns its index among the essay's claims.
pub fn check(cx: &mut Context, claim: &Claim) -> usize {
    let (file, ev) = (cx.file, &mut *cx.ev);
    let problems = &mut *cx.problems;
    let (figure, holds) = match cx.workspace.evaluate(&claim.query.value, ev) {
        Ok(figure) => {
            let games = &mut ev.games;
            let shown = census::render_figure(&figure, games);
            let holds = match census::literal_holds(&claim.literal.value, &figure, games) {
                Ok(true) => {
                    problems.extend(misleading(file, claim));
                    true
                }
                Ok(false) => {
                    problems.push(mismatch(file, claim, &figure, &shown));
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
            // A census or position whose block failed was reported there; saying so again at
            // every claim that uses it buries the cause.
            if !cx.workspace.repeats_a_failure(&claim.query.value) {
                let span = offset_span(&e.span, claim.query.span.start);
                problems.push(
                    Diagnostic::new(file, span, format!("bad query: {}", e.message))
                        .label("here")
                        .help_if(e.help),
                );
            }
            (String::new(), false)
        }
    };
    let (line, column) = file.line_col(claim.literal.span.start);
    let records = &mut cx.claims;
    records.push(ClaimRecord {
        kind: ClaimKind::Query,
        file: file.name.clone(),
        line,
        column,
        literal_range: claim.literal.span.clone(),
        literal: claim.literal.value.clone(),
        query: claim.query.value.clone(),
        figure,
        holds,
        how: Obtained::Query(cx.workspace.how(&claim.query.value)),
    });
    records.len() - 1
}

/// A claim that does not hold, saying how its literal was read when that is not plain, and the
/// fix when a denying word (`none`, `no`) turned the sense around.
fn mismatch(file: &SourceFile, claim: &Claim, figure: &Figure, computed: &str) -> Diagnostic {
    let (literal, query) = (&claim.literal.value, &claim.query.value);
    let message = match census::query::literal::reading(literal, figure) {
        Some(reading) if matches!(figure, Figure::Bool { .. }) => {
            format!("claim does not hold: {reading}; `{query}` is {computed}")
        }
        Some(reading) if matches!(figure, Figure::Example(_)) => {
            format!("claim does not hold: {reading}")
        }
        Some(reading) => format!("claim does not hold: {reading}; computed {computed}"),
        None => format!(
            "claim does not hold: the essay says `{literal}`, the computation gives {computed}"
        ),
    };
    let help = match census::query::literal::denial_advice(literal, query) {
        Some((_, fix)) => fix,
        None => match census::query::literal::advice(literal, figure) {
            Some(fix) => format!("{fix} (the query was `{query}`)"),
            None => format!("the query was `{query}`"),
        },
    };
    Diagnostic::new(file, claim.literal.span.clone(), message)
        .label(format!("computed {computed}"))
        .help(help)
}

/// A claim that holds, but whose denying word a reader takes the other way.
fn misleading(file: &SourceFile, claim: &Claim) -> Option<Diagnostic> {
    let (reading, fix) =
        census::query::literal::denial_advice(&claim.literal.value, &claim.query.value)?;
    Some(
        Diagnostic::new(file, claim.literal.span.clone(), reading)
            .label("holds, but reads the other way in English")
            .help(fix)
            .warning(),
    )
}
