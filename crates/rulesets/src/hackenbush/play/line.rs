//! Lines of play on a Hackenbush board: the judge of [`crate::line`] playing cuts of edges named
//! as in `edge_names`, from the position as written.
//!
//! The one idea: a Hackenbush position in play is a set of standing edges on a [`Board`]; a cut
//! must be legal (the edge still standing, its colour the mover's, the childish condition), and
//! everything else — turns, claims, refutations — is the one judge every game shares. The
//! written form is [`crate::line`]'s, with `cuts` (or `plays`) for a move and `cutting` (or
//! `playing`) in `left wins by cutting LR`.

use super::{Board, EdgeSet};
use crate::hackenbush::canon::Canon;
use crate::hackenbush::notation::NotationError;
use crate::hackenbush::solve::Solver;
use crate::hackenbush::{in_place, Evaluator, Position, SolveError};
use crate::line::{self as generic, Played, ScriptReader, Verb, CUT};
use hackenbook_base::located::Located;
use hackenbook_games::{GameId, Games, Player};
use std::collections::HashMap;

/// A statement about the position a line of play has reached (moves are edges).
pub type Claim = generic::Claim<usize, Position>;
/// One item of a line of play.
pub type Step = generic::Step<usize, Position>;
/// A cut in a refutation or in a replayed line.
pub type Cut = (Player, usize);
/// A step that does not hold.
pub type LineProblem = generic::LineProblem<usize>;
/// A position a line passes through: the edges standing.
pub type Reached = generic::Reached<EdgeSet, usize>;
/// The outcome of replaying a line.
pub type Replay = generic::Replay<EdgeSet, usize>;
/// A line of play as written.
pub type Script = generic::Script<usize, Position>;

/// A board in play for the judge: cuts by edge, values by the solver, memoised by set.
pub struct Cuts<'a> {
    pub board: &'a Board,
    solver: &'a mut Solver,
    values: HashMap<EdgeSet, GameId>,
}

impl<'a> Cuts<'a> {
    pub fn new(board: &'a Board, solver: &'a mut Solver) -> Cuts<'a> {
        Cuts {
            board,
            solver,
            values: HashMap::new(),
        }
    }
}

impl Played for Cuts<'_> {
    type State = EdgeSet;
    type Move = usize;
    type Position = Position;
    type Error = SolveError;

    fn verb(&self) -> Verb {
        CUT
    }

    fn value(&mut self, set: &EdgeSet, games: &mut Games) -> Result<GameId, SolveError> {
        if let Some(&v) = self.values.get(set) {
            return Ok(v);
        }
        let p = self.board.position_of(*set);
        let v = self
            .solver
            .evaluate_on_this_thread(&p, self.board.rules(), games)?
            .value;
        self.values.insert(*set, v);
        Ok(v)
    }

    fn moves(&self, set: &EdgeSet, player: Player) -> Vec<(usize, EdgeSet)> {
        self.board.cuts_for(*set, player)
    }

    fn find(&self, set: &EdgeSet, player: Player, e: &usize) -> Result<(usize, EdgeSet), String> {
        self.board
            .check_cut(*set, *e, player)
            .map(|after| (*e, after))
            .map_err(|why| self.board.explain(*e, player, &why))
    }

    fn name(&self, e: &usize) -> String {
        self.board.names().name(*e).to_string()
    }

    fn differs(&mut self, set: &EdgeSet, q: &Position) -> Option<(String, String)> {
        let here = self.board.position_of(*set);
        let mut canon = Canon::new();
        (canon.key(&here) != canon.key(q)).then(|| (self.board.notation_of(*set), q.notation()))
    }
}

/// Replays `steps` on `board` from its full position, `start` moving first (if not given, the
/// mover of the first cut). Values come from `solver` in `games`.
pub fn replay(
    board: &Board,
    start: Option<Player>,
    steps: &[Step],
    solver: &mut Solver,
    games: &mut Games,
) -> Result<Replay, SolveError> {
    generic::replay(Cuts::new(board, solver), board.full(), start, steps, games)
}

/// Reads a Hackenbush line of play: edges by their names on the board, positions in the
/// shorthand, values in the run's context (position names through `resolve`).
struct Reader<'a> {
    board: &'a Board,
    ev: &'a mut Evaluator,
    resolve: &'a mut dyn FnMut(&str) -> Option<GameId>,
}

impl ScriptReader for Reader<'_> {
    type Move = usize;
    type Position = Position;

    fn verb(&self) -> Verb {
        CUT
    }

    fn example(&self) -> &str {
        "LR"
    }

    fn read_move(&mut self, text: &str) -> Result<usize, Located> {
        self.board.names().parse(text)
    }

    fn read_position(&mut self, text: &str) -> Result<Position, Located> {
        Position::parse(text)
    }

    fn read_value(&mut self, text: &str) -> Result<GameId, Located> {
        let ev = &mut *self.ev;
        in_place::evaluate(
            text,
            &mut ev.solver,
            &mut ev.rulesets,
            &mut ev.games,
            self.resolve,
        )
    }

    fn comments_anywhere(&self) -> bool {
        true
    }
}

/// Reads the steps of a line of play (see [`crate::line`]) against `board`, one per line of
/// `text`; lines for which `header` returns true (`rules = …`, handled by the caller) are
/// skipped. Every problem is reported, located by byte span in `text`. Game values may name
/// positions through `resolve`, or write them in place (valued in the run's context `ev`).
pub fn parse_script(
    text: &str,
    board: &Board,
    ev: &mut Evaluator,
    resolve: &mut dyn FnMut(&str) -> Option<GameId>,
    header: &dyn Fn(&str) -> bool,
) -> (Script, Vec<NotationError>) {
    let mut reader = Reader { board, ev, resolve };
    generic::parse_script(text, &mut reader, header)
}
