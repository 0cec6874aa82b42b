//! What a diagram needs to be played in the page: its play table, valued by the build's solver
//! and written compactly, and each distinct value once, for the page to typeset. A position
//! block's board, of any game (Hackenbush's too), has the generic table of any ruleset
//! ([`hackenbook_rulesets::play`]) with the one drawing the page shows ([`board_play`]).
//!
//! The one idea: **the page follows the build's table and computes nothing**, so every figure a
//! reader sees while playing was valued (and checked against the definition) here. Tables are
//! kept small by named budgets — per diagram here, per page where the page is written
//! (`page::play`, which counts the typeset values too) — and a diagram over budget stays a
//! picture, and the page is told why (an [`Unplayable`] fact: the page puts it into words).

use super::Context;
use crate::essay::Diagnostic;
use hackenbook_games::GameId;
use hackenbook_rulesets::hackenbush::ruleset::Hackenbush;
use hackenbook_rulesets::hackenbush::Evaluator;
use hackenbook_rulesets::play::{self as any_play, compact::encode as encode_board};
use hackenbook_rulesets::{AnyPosition, Drawing};
use std::ops::Range;

/// The budgets of play in the page.
pub struct PageBudget {
    /// Edges of a Hackenbush board: past them it is a picture before any table is built.
    pub edges: usize,
    /// The limits of one diagram's table (the positions play can reach). A table is built,
    /// every position drawn, before its bytes are known; so a table that could never fit
    /// [`PageBudget::diagram_bytes`] is cut off by its positions first: the essays' tables of
    /// hundreds of positions take 2.5–7.4 bytes a position, the cycle essay's of 9,032
    /// positions 19 (173 KB, and 0.6 s of every build to find it out).
    pub limits: any_play::PlayLimits,
    /// Bytes play adds to one diagram: its compact table and the items of its board's drawing
    /// that only play shows.
    pub diagram_bytes: usize,
    /// Bytes play adds to one page, all its diagrams together, as the page writes them: each
    /// table's attributes, the drawing play adds on the boards, and the hidden pool
    /// of typeset values (each distinct value once). What keeps a page within the weight a
    /// reader's browser loads (the browser test's 500 KB, with the fonts, stylesheet and
    /// scripts). Held where the page is written (`page::play`), in the essay's order.
    pub page_bytes: usize,
}

/// The budget every page is built with.
pub const PAGE_BUDGET: PageBudget = PageBudget {
    edges: 24,
    limits: any_play::PlayLimits { positions: 4_000 },
    diagram_bytes: 24_000,
    page_bytes: 22_600,
};

/// A diagram's play, as the page gets it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PagePlay {
    /// The compact table and its values, by index.
    Table {
        text: String,
        values: Vec<PlayValue>,
    },
    /// Over budget: why (the page says it in the reader's words).
    Static(Unplayable),
    /// Nothing to play (no edges).
    Nothing,
}

/// Why a diagram is not played in the page: a fact with its figures, worded by the page.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unplayable {
    /// More edges than the page plays (`limit`).
    TooManyEdges { edges: usize, limit: usize },
    /// More positions reachable than the page follows (`limit`).
    TooManyPositions { limit: usize },
    /// Some positions of play are beyond the solver's budget.
    Unsolved,
    /// The table, of `positions` positions, is over the bytes of one diagram.
    OverDiagram { positions: usize },
    /// The page already carries as many tables as its budget allows.
    PageFull,
    /// The table alone, with its values and drawing, is more than the page's budget of play.
    OverPage,
    /// The game's drawing cannot be followed move by move yet (its pieces are redrawn, not
    /// moved).
    NotYet,
}

/// One distinct value of a table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayValue {
    /// In the game notation (`1/2`, `^*`), as `hackenbook play` prints it.
    pub shown: String,
    /// The value itself, in the build's games table (the page typesets it).
    pub game: GameId,
}

/// A table's text, and the `drawn` bytes its drawing adds for play, within the budget of one
/// diagram, with its values for the page to typeset; or why not (an [`Unplayable`] fact).
fn within_diagram(
    text: String,
    drawn: usize,
    positions: usize,
    games: &[GameId],
    shown: &[String],
) -> PagePlay {
    let budget = &PAGE_BUDGET;
    let cost = text.len() + drawn;
    if cost > budget.diagram_bytes {
        return PagePlay::Static(Unplayable::OverDiagram { positions });
    }
    let values = games
        .iter()
        .zip(shown)
        .map(|(&g, shown)| PlayValue {
            shown: shown.clone(),
            game: g,
        })
        .collect();
    PagePlay::Table { text, values }
}

/// A board as the page plays it: its play and the drawing the page shows (the
/// union of every position's items, those of the position itself shown), or the position's own
/// drawing when it is not played.
#[derive(Debug, Clone, PartialEq)]
pub struct BoardPlay {
    pub play: PagePlay,
    pub drawing: Drawing,
    /// Which items of `drawing` the position shows (the others appear in play).
    pub shown: Vec<bool>,
}

/// The play of a board within [`PAGE_BUDGET`]'s limits of one diagram (a Hackenbush board past
/// its edges is a picture before any table is built). A table whose values the solver and the definition disagree on is
/// an error at `span` (the block's position): a bug of hackenbook's, never published.
pub fn board_play(cx: &mut Context, position: &AnyPosition, span: Range<usize>) -> BoardPlay {
    let still = |play: PagePlay| {
        let drawing = position.draw();
        BoardPlay {
            play,
            shown: vec![true; drawing.items.len()],
            drawing,
        }
    };
    // A Hackenbush board past the edges the page plays is a picture before any table is built.
    let edges = PAGE_BUDGET.edges;
    if position.downcast::<Hackenbush>().is_some() && position.size() > edges {
        return still(PagePlay::Static(Unplayable::TooManyEdges {
            edges: position.size(),
            limit: edges,
        }));
    }
    let Evaluator {
        games, rulesets, ..
    } = &mut *cx.ev;
    let table = match any_play::PlayTable::build(position, &PAGE_BUDGET.limits, rulesets, games) {
        Ok(t) => t,
        Err(any_play::PlayError::TooManyPositions { limit }) => {
            return still(PagePlay::Static(Unplayable::TooManyPositions { limit }))
        }
        Err(any_play::PlayError::Unsolved(_)) => {
            return still(PagePlay::Static(Unplayable::Unsolved))
        }
        Err(e @ any_play::PlayError::Disagree { .. }) => {
            let d = Diagnostic::new(cx.file, span, format!("cannot play this position: {e}"))
                .label("this position");
            cx.problem(d);
            return still(PagePlay::Nothing);
        }
    };
    if table.positions[0].left.is_empty() && table.positions[0].right.is_empty() {
        return still(PagePlay::Nothing);
    }
    let page = match encode_board(&table) {
        Ok(page) => page,
        // The game's drawing cannot be followed move by move yet: a picture.
        Err(_) => return still(PagePlay::Static(Unplayable::NotYet)),
    };
    // What play adds to the page's drawing: the items of every position play reaches, each
    // named if it is a target, beyond the position's own drawing.
    let drawn = page
        .drawing
        .to_svg_playable(1.0, None, &page.shown)
        .len()
        .saturating_sub(position.draw().to_svg_titled(1.0, None).len());
    let play = within_diagram(
        page.text,
        drawn,
        table.positions.len(),
        &table.games,
        &table.values,
    );
    match play {
        PagePlay::Table { .. } => BoardPlay {
            play,
            drawing: page.drawing,
            shown: page.shown,
        },
        other => still(other),
    }
}
