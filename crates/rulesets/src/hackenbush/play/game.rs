//! A game against the solver, followed through a play table: the state behind
//! `hackenbook play` in the terminal (and, later, the page).
//!
//! The one idea: the whole game is a walk through the [`PlayTable`]; the solver's answer is the
//! first winning cut the table lists for it, or, when it has none, its first legal cut.

use super::table::PlayTable;
use super::Board;
use hackenbook_games::Player;

/// A game in progress.
pub struct Match<'a> {
    pub table: &'a PlayTable,
    pub board: &'a Board,
    /// The entry of the table the game is at.
    pub at: usize,
    pub to_move: Player,
}

impl<'a> Match<'a> {
    pub fn new(table: &'a PlayTable, board: &'a Board, first: Player) -> Match<'a> {
        Match {
            table,
            board,
            at: 0,
            to_move: first,
        }
    }

    /// The edges the player to move may cut, in edge order.
    pub fn legal(&self) -> Vec<usize> {
        let set = self.table.positions[self.at].set;
        self.board
            .cuts_for(set, self.to_move)
            .into_iter()
            .map(|(e, _)| e)
            .collect()
    }

    /// The winner, once the player to move has no cut.
    pub fn winner(&self) -> Option<Player> {
        self.legal().is_empty().then(|| self.to_move.other())
    }

    /// The player to move cuts the edge named `name`; on failure, why (in words).
    pub fn cut_named(&mut self, name: &str) -> Result<usize, String> {
        let e = self.board.names().parse(name).map_err(|e| e.message)?;
        let set = self.table.positions[self.at].set;
        self.board
            .check_cut(set, e, self.to_move)
            .map_err(|why| self.board.explain(e, self.to_move, &why))?;
        self.cut(e);
        Ok(e)
    }

    /// The solver's cut for the player to move: a winning one whenever there is one.
    pub fn solver_choice(&self) -> Option<usize> {
        let winning = self.table.winning(self.at, self.to_move);
        winning
            .first()
            .copied()
            .or_else(|| self.legal().first().copied())
    }

    /// Plays a cut known to be legal for the player to move.
    pub fn cut(&mut self, e: usize) {
        if let Some(next) = self.table.after(self.at, e) {
            self.at = next;
            self.to_move = self.to_move.other();
        }
    }

    /// The value of the current position, as the table prints it.
    pub fn value(&self) -> &str {
        &self.table.values[self.table.positions[self.at].value]
    }

    /// The current position in the notation of the edge names.
    pub fn notation(&self) -> String {
        self.board.notation_of(self.table.positions[self.at].set)
    }
}
