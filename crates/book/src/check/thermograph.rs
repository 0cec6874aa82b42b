//! A `thermograph` block: one game expression (positions named or written in place), valued
//! exactly and drawn as its thermograph.

use super::Context;
use crate::essay::source::offset_span;
use crate::essay::{Diagnostic, Spanned};
use hackenbook_games::notation;
use hackenbook_games::thermal::Thermograph;
use hackenbook_rulesets::in_place::InPlace;
use std::ops::Range;

/// What the page draws.
#[derive(Debug)]
pub struct ThermographOutcome {
    /// The expression as written, for the drawing's title.
    pub text: String,
    /// The expression as parsed (the page typesets it).
    pub expr: notation::Expr,
    /// The expression is a bare position name (an author's handle, not for the reader).
    pub is_name: bool,
    pub thermograph: Thermograph,
}

pub fn check(
    cx: &mut Context,
    lines: &[Spanned<String>],
    block: &Range<usize>,
) -> Option<ThermographOutcome> {
    let [line] = lines else {
        let (span, message) = match lines.get(1) {
            Some(extra) => (
                extra.span.clone(),
                "a thermograph block holds one game, not several",
            ),
            None => (block.clone(), "a thermograph block needs a game"),
        };
        cx.problem(
            Diagnostic::new(cx.file, span, message)
                .label("here")
                .help("write one game expression, e.g. `{4 | -2}` or a position's name"),
        );
        return None;
    };
    let located = |span: &Range<usize>| offset_span(span, line.span.start);
    let expr = match notation::parse_expr(&line.value) {
        Ok(e) => e,
        Err(e) => {
            cx.problem(
                Diagnostic::new(
                    cx.file,
                    located(&e.span),
                    format!("bad game: {}", e.message),
                )
                .label("here"),
            );
            return None;
        }
    };
    // Positions written in place (`[LR]`, `[domineering: 2x3]`) are valued first.
    let ev = &mut *cx.ev;
    let in_place = match InPlace::value(&[&expr], &mut ev.rulesets, &mut ev.games) {
        Ok(values) => values,
        Err(e) => {
            cx.problem(
                Diagnostic::new(cx.file, located(&e.span), e.message)
                    .label("this position")
                    .help_if(e.help),
            );
            return None;
        }
    };
    let workspace = &cx.workspace;
    let mut resolve = |name: &str| {
        in_place
            .get(name)
            .or_else(|| workspace.position_value(name))
    };
    // The thermograph is drawn under the clock that values the game.
    match notation::eval_then(&expr, &mut cx.ev.games, &mut resolve, |games, g| {
        games.thermograph(g)
    }) {
        Ok(thermograph) => Some(ThermographOutcome {
            text: if matches!(expr.kind, notation::ExprKind::Name(_)) {
                "thermograph".to_string()
            } else {
                format!("thermograph of {}", line.value.trim())
            },
            is_name: matches!(expr.kind, notation::ExprKind::Name(_)),
            expr,
            thermograph,
        }),
        Err(e) => {
            cx.problem(Diagnostic::new(cx.file, located(&e.span), e.message).label("here"));
            None
        }
    }
}
