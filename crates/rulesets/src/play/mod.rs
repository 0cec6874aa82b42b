//! The play table of any game: every position play can reach from one position, valued once, so
//! that a page (or the terminal) can follow any game through it without a solver of its own.
//!
//! The one idea: play is a walk over the positions a ruleset's moves reach, so one breadth-first
//! enumeration through the erased layer ([`AnyPosition`]) serves every game. Positions are
//! deduplicated by equality (looked up by their hash, which agrees with it); each is
//! valued once by the run's
//! [`Solvers`]; each entry records its value, its outcome class and, for each player, the moves by
//! name with the entry each reaches and whether it wins for the mover. Every entry's value is
//! checked against the definition, `{ values of Left's options | values of Right's options }`
//! taken from the table itself: the table and the solver agree, or there is no table. A move
//! names what it takes when its game says so ([`crate::Ruleset::taken`]: a Hackenbush cut, "blue
//! edge"), so a reader of the table sees each edge's colour without a table of edges. Every
//! board of every game, Hackenbush's too, is played from this table, on the command line and in
//! the pages.

pub mod compact;
pub(crate) mod letters;

use crate::erased::{AnyPosition, Solvers};
use crate::line::wins_after;
use crate::Unsolved;
use hackenbook_games::{GameId, Games, OutcomeClass, Player};
use serde::Serialize;
use std::collections::HashMap;
use std::fmt;

/// The budgets of a play table.
#[derive(Clone, Debug)]
pub struct PlayLimits {
    /// Positions play can reach, the position itself included.
    pub positions: usize,
}

impl Default for PlayLimits {
    fn default() -> PlayLimits {
        PlayLimits { positions: 100_000 }
    }
}

/// Why no table was built.
#[derive(Clone, Debug, PartialEq)]
pub enum PlayError {
    /// Play reaches more positions than the budget.
    TooManyPositions { limit: usize },
    /// A position could not be valued (the solver's budget, the run's clock).
    Unsolved(Unsolved),
    /// The solver's value of a position is not the value its options in the table define: a bug
    /// of hackenbook's.
    Disagree {
        position: String,
        solver: String,
        table: String,
    },
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::TooManyPositions { limit } => write!(
                f,
                "play from this position reaches more than {limit} positions (the budget of \
                 positions for a play table)"
            ),
            PlayError::Unsolved(e) => write!(f, "{e}"),
            PlayError::Disagree {
                position,
                solver,
                table,
            } => write!(
                f,
                "the solver values `{position}` at {solver} but its options in the play table \
                 define {table}: one of them is wrong (a bug of hackenbook's)"
            ),
        }
    }
}

impl std::error::Error for PlayError {}

/// One move from an entry.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TableMove {
    /// The move's name, as the ruleset names it (`a1-a2`, `3→4`).
    pub name: String,
    /// The entry it reaches.
    pub to: usize,
    /// Whether the mover wins by it (the opponent, to move, loses the position reached).
    pub wins: bool,
    /// What it takes, in words, when its game tells a move so ([`crate::Taken::piece`]: `blue
    /// edge`); left out of the JSON otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub piece: Option<String>,
}

/// One reachable position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TableEntry {
    /// The position in its game's notation.
    pub position: String,
    /// Index into [`PlayTable::values`].
    pub value: usize,
    pub outcome: OutcomeClass,
    /// Left's moves, in the ruleset's order.
    pub left: Vec<TableMove>,
    /// Right's moves, in the ruleset's order.
    pub right: Vec<TableMove>,
}

impl TableEntry {
    /// `player`'s moves.
    pub fn moves(&self, player: Player) -> &[TableMove] {
        match player {
            Player::Left => &self.left,
            Player::Right => &self.right,
        }
    }
}

/// Every position reachable in play from one position of any game, valued.
#[derive(Clone, Debug, Serialize)]
pub struct PlayTable {
    /// The game's name (`domineering`).
    pub game: &'static str,
    /// The rule variant played, when it is not the usual game (`childish`); left out of the
    /// JSON otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub variant: Option<&'static str>,
    /// Who moves how, when the game says it ("Left places vertical dominoes, Right horizontal
    /// ones").
    pub players: Option<&'static str>,
    /// Each distinct value once, in the game notation (`1/2`, `^*`, `{1|-1}`).
    pub values: Vec<String>,
    /// Entry 0 is the position played; the rest in breadth-first order.
    pub positions: Vec<TableEntry>,
    /// The game of each value, in the [`Games`] table the table was built with.
    #[serde(skip)]
    pub games: Vec<GameId>,
    /// The position of each entry.
    #[serde(skip)]
    pub reached: Vec<AnyPosition>,
}

impl PlayTable {
    /// The table of `position`, valued by the run's `solvers` in `games`.
    pub fn build(
        position: &AnyPosition,
        limits: &PlayLimits,
        solvers: &mut Solvers,
        games: &mut Games,
    ) -> Result<PlayTable, PlayError> {
        let (reached, moves) = enumerate(position, limits.positions)?;
        let mut value_of = Vec::with_capacity(reached.len());
        for p in &reached {
            value_of.push(p.value(solvers, games).map_err(PlayError::Unsolved)?);
        }
        let outcome: Vec<OutcomeClass> = value_of.iter().map(|&v| games.outcome(v)).collect();
        let mut value_index: HashMap<GameId, usize> = HashMap::new();
        let mut distinct = Vec::new();
        let mut entries = Vec::with_capacity(reached.len());
        for (i, [left, right]) in moves.into_iter().enumerate() {
            check_definition(&reached[i], [&left, &right], &value_of, value_of[i], games)?;
            let value = *value_index.entry(value_of[i]).or_insert_with(|| {
                distinct.push(value_of[i]);
                distinct.len() - 1
            });
            let side = |player: Player, moves: Vec<(String, usize)>| -> Vec<TableMove> {
                moves
                    .into_iter()
                    .map(|(name, to)| TableMove {
                        piece: reached[i].taken(&name, &reached[to]).map(|t| t.piece),
                        name,
                        to,
                        wins: wins_after(outcome[to], player),
                    })
                    .collect()
            };
            entries.push(TableEntry {
                position: reached[i].print(),
                value,
                outcome: outcome[i],
                left: side(Player::Left, left),
                right: side(Player::Right, right),
            });
        }
        Ok(PlayTable {
            game: position.ruleset().name(),
            variant: position.ruleset().variant(),
            players: position.ruleset().players(),
            values: distinct.iter().map(|&g| games.display(g)).collect(),
            positions: entries,
            games: distinct,
            reached,
        })
    }

    /// The winning moves of `player` from entry `i`.
    pub fn winning(&self, i: usize, player: Player) -> impl Iterator<Item = &TableMove> {
        self.positions[i].moves(player).iter().filter(|m| m.wins)
    }

    /// The solver's move for `player` from entry `i`: its first winning move whenever it has
    /// one, else its first move; `None` when it has none.
    pub fn solver_choice(&self, i: usize, player: Player) -> Option<&TableMove> {
        let moves = self.positions[i].moves(player);
        moves.iter().find(|m| m.wins).or_else(|| moves.first())
    }

    /// The move of `player` from entry `i` that `name` names, read by the game
    /// ([`AnyPosition::find_move`]: `lr` is the edge `LR`, `a2-a1` the domino `a1-a2`); or why
    /// there is none, in the game's words ("`LR` is red: only Right may cut it").
    pub fn find_move(&self, i: usize, player: Player, name: &str) -> Result<&TableMove, String> {
        let (found, to) = self.reached[i].find_move(player, name)?;
        let moves = self.positions[i].moves(player);
        moves
            .iter()
            .find(|m| m.name == found)
            .or_else(|| moves.iter().find(|m| self.reached[m.to] == to))
            .ok_or_else(|| {
                format!(
                    "`{found}` reaches a position the play table of `{}` does not hold (a bug \
                     of hackenbook's)",
                    self.positions[i].position
                )
            })
    }
}

/// Each player's moves from one position: `(name, entry reached)`.
type Sides = [Vec<(String, usize)>; 2];

/// The positions play reaches from `start`, breadth first, with each one's moves.
fn enumerate(
    start: &AnyPosition,
    limit: usize,
) -> Result<(Vec<AnyPosition>, Vec<Sides>), PlayError> {
    let mut reached = vec![start.clone()];
    // By equality, not by notation: a Hackenbush board in play writes the edges standing, and
    // two boards of one written position may stand alike (the top of either of two equal
    // stalks cut) while drawing different edges.
    let mut index: HashMap<AnyPosition, usize> = HashMap::from([(start.clone(), 0)]);
    let mut moves = Vec::new();
    let mut i = 0;
    while i < reached.len() {
        let mut sides: Sides = [Vec::new(), Vec::new()];
        for player in Player::BOTH {
            for (name, to) in reached[i].moves(player) {
                let next = *index.entry(to).or_insert_with_key(|to| {
                    reached.push(to.clone());
                    reached.len() - 1
                });
                sides[player.index()].push((name, next));
            }
        }
        if reached.len() > limit {
            return Err(PlayError::TooManyPositions { limit });
        }
        moves.push(sides);
        i += 1;
    }
    Ok((reached, moves))
}

/// The solver's value of an entry against `{ Left's options | Right's options }` from the table.
fn check_definition(
    position: &AnyPosition,
    [left, right]: [&[(String, usize)]; 2],
    value_of: &[GameId],
    value: GameId,
    games: &mut Games,
) -> Result<(), PlayError> {
    let side = |moves: &[(String, usize)]| -> Vec<GameId> {
        moves.iter().map(|&(_, to)| value_of[to]).collect()
    };
    let defined = games.from_options(&side(left), &side(right));
    if defined == value {
        return Ok(());
    }
    Err(PlayError::Disagree {
        position: position.print(),
        solver: games.display(value),
        table: games.display(defined),
    })
}

#[cfg(test)]
pub(crate) mod tests;
