//! The play table: every position play can reach from one position, valued once, so that a page
//! (or the terminal) can follow any game through it without a solver of its own.
//!
//! The one idea: a position of n edges reaches at most 2^n sets of standing edges, usually far
//! fewer, because a cut drops everything ungrounded. They are enumerated breadth first from the
//! position as written (entry 0), each is valued by the one [`Solver`] given (its memo shares the
//! many common pieces), and each entry records its cuts (edge → entry reached), its outcome class
//! and the winning cuts of both players. Distinct values are listed once; entries refer to them
//! by index. Every entry's value is checked against the definition, `{ values after Left's cuts |
//! values after Right's cuts }` taken from the table itself: the table and the solver agree or
//! the table is not built.

use super::{Board, EdgeSet, TooManyEdges};
use crate::hackenbush::moves::may_chop;
use crate::hackenbush::solve::{display_bounded, explicit_within, Solver};
use crate::hackenbush::{Position, Rules, SolveError};
use hackenbook_base::provenance::Method;
use hackenbook_games::{GameId, Games, OutcomeClass, Player};
use serde::Serialize;
use std::collections::HashMap;
use std::fmt;

/// The budgets of a play table.
#[derive(Clone, Debug)]
pub struct PlayLimits {
    /// Edges of the position played.
    pub edges: usize,
    /// Positions (sets of standing edges) play can reach, the position itself included.
    pub positions: usize,
}

impl Default for PlayLimits {
    fn default() -> PlayLimits {
        PlayLimits {
            edges: 24,
            positions: 100_000,
        }
    }
}

/// Why no table was built.
#[derive(Clone, Debug)]
pub enum PlayError {
    TooManyEdges(TooManyEdges),
    /// Play reaches more positions than the budget.
    TooManyPositions {
        limit: usize,
    },
    Solve(SolveError),
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::TooManyEdges(e) => write!(f, "{e}"),
            PlayError::TooManyPositions { limit } => write!(
                f,
                "play from this position reaches more than {limit} positions (the budget of \
                 positions for a play table)"
            ),
            PlayError::Solve(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for PlayError {}

impl From<SolveError> for PlayError {
    fn from(e: SolveError) -> PlayError {
        PlayError::Solve(e)
    }
}

/// One edge of the position played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TableEdge {
    /// Its name (see [`crate::hackenbush::edge_names`]).
    pub name: String,
    /// `L` (blue), `R` (red) or `G` (green).
    pub colour: char,
}

/// One reachable position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TableEntry {
    /// The edges standing: bit `e` for edge `e` of the position as written.
    pub set: EdgeSet,
    /// Index into [`PlayTable::values`].
    pub value: usize,
    pub outcome: OutcomeClass,
    /// Every legal cut (by the edge's owner, or by either player for a green edge): `(edge,
    /// entry reached)`, in edge order.
    pub cuts: Vec<(usize, usize)>,
    /// Left's winning cuts (to an option worth ≥ 0), in edge order.
    pub left: Vec<usize>,
    /// Right's winning cuts (to an option worth ≤ 0), in edge order.
    pub right: Vec<usize>,
}

/// Every position reachable in play from one position, valued.
#[derive(Clone, Debug, Serialize)]
pub struct PlayTable {
    /// The position as written, in the notation its edge names refer to.
    pub position: String,
    pub rules: Rules,
    /// The edges of the position, by index.
    pub edges: Vec<TableEdge>,
    /// Each distinct value once, in the game notation (`1/2`, `^*`, `{1|-1}`).
    pub values: Vec<String>,
    /// Entry 0 is the position as written; the rest in breadth-first order.
    pub positions: Vec<TableEntry>,
    /// The game of each value, in the [`Games`] table the table was built with.
    #[serde(skip)]
    pub games: Vec<GameId>,
}

/// Values printed in full in the table; a larger canonical form is shown explicitly up to this
/// many option nodes and then cut short (it does not occur in positions of 24 edges we know of).
const VALUE_NODES: usize = 2_000;

impl PlayTable {
    /// The table of `position` under `rules`, valued by `solver` in `games`.
    pub fn build(
        position: &Position,
        rules: Rules,
        limits: &PlayLimits,
        solver: &mut Solver,
        games: &mut Games,
    ) -> Result<PlayTable, PlayError> {
        let board = Board::new(position, rules, limits.edges).map_err(PlayError::TooManyEdges)?;
        let (sets, cuts) = enumerate(&board, limits.positions)?;
        let mut value_of = Vec::with_capacity(sets.len());
        for &set in &sets {
            let p = board.position_of(set);
            value_of.push(solver.evaluate_on_this_thread(&p, rules, games)?.value);
        }
        let outcome: Vec<OutcomeClass> = value_of.iter().map(|&v| games.outcome(v)).collect();
        let mut value_index: HashMap<GameId, usize> = HashMap::new();
        let mut distinct = Vec::new();
        let mut positions = Vec::with_capacity(sets.len());
        for (i, &set) in sets.iter().enumerate() {
            check_definition(&board, set, &cuts[i], &value_of, value_of[i], games)?;
            let value = *value_index.entry(value_of[i]).or_insert_with(|| {
                distinct.push(value_of[i]);
                distinct.len() - 1
            });
            let winning = |player: Player| -> Vec<usize> {
                cuts[i]
                    .iter()
                    .filter(|&&(e, next)| {
                        may_chop(board.colour(e), player) && wins_after(outcome[next], player)
                    })
                    .map(|&(e, _)| e)
                    .collect()
            };
            positions.push(TableEntry {
                set,
                value,
                outcome: outcome[i],
                left: winning(Player::Left),
                right: winning(Player::Right),
                cuts: cuts[i].clone(),
            });
        }
        Ok(PlayTable {
            position: board.notation_of(board.full()),
            rules,
            edges: (0..board.edge_count())
                .map(|e| TableEdge {
                    name: board.names().name(e),
                    colour: board.colour(e).letter(),
                })
                .collect(),
            values: distinct.iter().map(|&g| display_value(games, g)).collect(),
            positions,
            games: distinct,
        })
    }

    /// The entry of the position whose standing edges are `set`, if play reaches it.
    pub fn entry_of(&self, set: EdgeSet) -> Option<usize> {
        // Entries are few enough (the budget) for a search; the table carries no map.
        self.positions.iter().position(|p| p.set == set)
    }

    /// The winning cuts of `player` from entry `i`.
    pub fn winning(&self, i: usize, player: Player) -> &[usize] {
        match player {
            Player::Left => &self.positions[i].left,
            Player::Right => &self.positions[i].right,
        }
    }

    /// The entry reached by cutting `e` from entry `i`, if that cut is legal for someone.
    pub fn after(&self, i: usize, e: usize) -> Option<usize> {
        self.positions[i]
            .cuts
            .iter()
            .find(|&&(x, _)| x == e)
            .map(|&(_, next)| next)
    }
}

pub use crate::line::wins_after;

/// The sets play reaches from the full board, breadth first, with each set's cuts.
#[allow(clippy::type_complexity)]
fn enumerate(
    board: &Board,
    limit: usize,
) -> Result<(Vec<EdgeSet>, Vec<Vec<(usize, usize)>>), PlayError> {
    let mut sets = vec![board.full()];
    let mut index: HashMap<EdgeSet, usize> = HashMap::from([(board.full(), 0)]);
    let mut cuts = Vec::new();
    let mut i = 0;
    while i < sets.len() {
        let mut here = Vec::new();
        for (e, after) in board.cuts(sets[i]) {
            let next = *index.entry(after).or_insert_with(|| {
                sets.push(after);
                sets.len() - 1
            });
            here.push((e, next));
        }
        if sets.len() > limit {
            return Err(PlayError::TooManyPositions { limit });
        }
        cuts.push(here);
        i += 1;
    }
    Ok((sets, cuts))
}

/// The solver's value of a set against `{ Left's cuts | Right's cuts }` from the table.
fn check_definition(
    board: &Board,
    set: EdgeSet,
    cuts: &[(usize, usize)],
    value_of: &[GameId],
    value: GameId,
    games: &mut Games,
) -> Result<(), SolveError> {
    let side = |player: Player| -> Vec<GameId> {
        cuts.iter()
            .filter(|&&(e, _)| may_chop(board.colour(e), player))
            .map(|&(_, next)| value_of[next])
            .collect()
    };
    let defined = games.from_options(&side(Player::Left), &side(Player::Right));
    if defined == value {
        return Ok(());
    }
    Err(SolveError::Disagreement {
        position: board.notation_of(set),
        method: Method::PlayTable,
        method_value: display_bounded(games, defined, VALUE_NODES),
        reference: Method::Solver,
        reference_value: display_bounded(games, value, VALUE_NODES),
    })
}

/// A value in the game notation ([`Games::display`], the form every other printer of a value
/// uses), unless its canonical form is too large to print readably: then explicitly, cut short.
fn display_value(games: &mut Games, g: GameId) -> String {
    match explicit_within(games, g, VALUE_NODES) {
        Some(_) => games.display(g),
        None => display_bounded(games, g, VALUE_NODES),
    }
}
