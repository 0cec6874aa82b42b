//! Rulesets: a game is one module implementing [`Ruleset`], and everything above — the solver,
//! position blocks, claims, lines of play, exercises, play in the page, censuses — works through
//! that one interface.
//!
//! The one idea: a ruleset says what a position is, how it is written and drawn, and where each
//! player may move; the value of every position of every game is then one computation, the
//! canonical form of its options ([`solve::Solver`]), memoised under a key that folds the game's
//! symmetries, with the parts of a position that cannot interact valued apart and summed. A
//! ruleset's own shortcuts ([`Ruleset::fast_value`]) are specialisations, held against that
//! plain game tree in the tests.
pub mod census;
pub mod cutcake;
pub mod domineering;
pub mod draw;
pub mod erased;
pub mod hackenbush;
pub mod in_place;
pub mod kept_values;
pub mod line;
pub mod nim;
pub mod play;
pub mod push;
pub mod registry;
pub mod solve;
pub mod strip;
pub mod toads_and_frogs;
#[cfg(test)]
pub mod yardstick;

use hackenbook_base::located::Located;
use hackenbook_games::{GameId, Games, Player};
use std::any::Any;
use std::fmt::Debug;
use std::hash::Hash;

pub use census::{Count, Declared, Engine, Family, Level, Miscount};
pub use draw::{Drawing, Item};
pub use erased::{AnyPosition, DynRuleset, Solvers};
pub use solve::{Solver, Unsolved};

/// The solver's budgets.
#[derive(Clone, Debug)]
pub struct SolveLimits {
    /// Positions (parts, for a solver that splits) one evaluation may value.
    pub positions: usize,
    /// The largest position ([`Ruleset::size`]) an evaluation starts on.
    pub size: usize,
    /// How many times its default budgets a ruleset's shortcut may spend (a longer time limit
    /// grows them: Hackenbush's solver's budgets of positions and work).
    pub scale: usize,
}

impl Default for SolveLimits {
    fn default() -> SolveLimits {
        SolveLimits {
            positions: 2_000_000,
            size: 10_000,
            scale: 1,
        }
    }
}

/// One move: the name a reader uses for it and the position it reaches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move<P> {
    /// Unique among the mover's moves from the same position, in the game's own words
    /// (`a1-a2` for a domino, `7→4` for a Nim heap), and read back by [`Ruleset::find_move`].
    pub name: String,
    pub to: P,
}

/// What a move takes, for a caption that tells the move by what it takes rather than by its
/// name (a Hackenbush cut: "Left cuts a blue edge; two edges fall"): facts, which the page
/// words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Taken {
    /// The piece taken, in words, without its article: `blue edge`.
    pub piece: String,
    /// What a piece is called, for those that go with it: `edge`.
    pub noun: &'static str,
    /// How many other pieces go with it.
    pub with: usize,
}

/// A position's memo key: equal keys mean equal values, up to the sign the key carries (a
/// Domineering board turned a quarter is its own negative).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Keyed<K> {
    pub key: K,
    /// The position is the negative of the one the key stands for.
    pub negated: bool,
}

/// A game's rules. A ruleset is a value, so a rule variant (Hackenbush's childish rules) is a
/// field of it, and one essay can use several variants side by side.
pub trait Ruleset: Clone + Debug + Send + Sync + 'static {
    /// A position, written in this game's notation. Equal positions are the same board.
    type Position: Clone + Eq + Hash + Debug + Send + Sync;
    /// What a memo entry is filed under (see [`Ruleset::key`]).
    type Key: Clone + Eq + Hash + Debug + Send + Sync;

    /// The game's name as an author writes it in a block's info string: `nim`, `domineering`.
    fn name(&self) -> &'static str;

    /// Who moves how, in a sentence a reader needs beside the drawing when the drawing alone
    /// does not say it ("Left places vertical dominoes, Right horizontal ones"); `None` for a
    /// game whose moves are the same for both players.
    fn players(&self) -> Option<&'static str> {
        None
    }

    /// The verb of a move in a reader's words, third person ("pushes", "places"): a line of
    /// play's caption says "Left pushes 3→2". "plays" unless the game has a better word.
    fn move_verb(&self) -> &'static str {
        "plays"
    }

    /// The rule variant in words, when it is not the usual game (`childish`); `None` otherwise.
    fn variant(&self) -> Option<&'static str> {
        None
    }

    /// Reads a position; an error is located in `text`.
    fn parse(&self, text: &str) -> Result<Self::Position, Located>;

    /// Writes a position back; it reads back as an equal position.
    fn print(&self, p: &Self::Position) -> String;

    /// How large a position is (cells, edges, counters): what the solver's budgets measure.
    fn size(&self, p: &Self::Position) -> usize;

    /// The largest position ([`Ruleset::size`]) the game accepts: a position read from text
    /// ([`AnyPosition::parse`]) past it is an error at the text. Hackenbush's is its solver's
    /// limit of edges; a game whose notation bounds its positions itself (a Domineering board's
    /// squares) declares that bound; no bound by default (Nim's heaps are as large as they are
    /// written, their value a nimber).
    fn max_size(&self) -> usize {
        usize::MAX
    }

    /// What [`Ruleset::size`] counts, in words, for a message about a position's size:
    /// `edges`, `free squares`.
    fn size_unit(&self) -> &'static str;

    /// Every move of `player` from `p`, each with a distinct name.
    fn moves(&self, p: &Self::Position, player: Player) -> Vec<Move<Self::Position>>;

    /// The positions `player`'s moves from `p` reach, in the order of [`Ruleset::moves`]: all
    /// the solver needs, so a game whose move names cost more than its moves (Domineering's)
    /// can skip writing them.
    fn options(&self, p: &Self::Position, player: Player) -> Vec<Self::Position> {
        self.moves(p, player).into_iter().map(|m| m.to).collect()
    }

    /// The independent parts whose sum `p` is: no move in one part changes another. `p` alone
    /// when it does not split; no parts at all for a position where nobody can move.
    fn components(&self, p: &Self::Position) -> Vec<Self::Position> {
        vec![p.clone()]
    }

    /// The key `p` is memoised under: positions with equal keys have equal values when neither
    /// or both are negated, opposite values otherwise (isomorphism, reflections, and the
    /// symmetries that swap the players).
    fn key(&self, p: &Self::Position) -> Keyed<Self::Key>;

    /// A value the game knows without the game tree (a Nim heap is a nimber, a Hackenbush stalk
    /// its sign expansion); `None` leaves it to the solver. Every answer is held against the
    /// plain game tree in the tests, never trusted because it is a theorem.
    fn fast_value(&self, _p: &Self::Position, _games: &mut Games) -> Option<GameId> {
        None
    }

    /// What the shortcut keeps from one call to the next for a solver's whole life, made once
    /// per solver (Hackenbush's: its own solver, memo and all, so a run's every board shares
    /// it); nothing by default.
    fn shortcut_state(&self) -> Option<Box<dyn Any + Send>> {
        None
    }

    /// [`Ruleset::fast_value`] as the solver asks it: with the state the shortcut keeps
    /// ([`Ruleset::shortcut_state`]) and the solver's budgets, under the games table's clock
    /// (the run's time limit and cancellation flag). [`Ruleset::fast_value`] by default.
    fn fast_value_with(
        &self,
        p: &Self::Position,
        _state: Option<&mut (dyn Any + Send)>,
        _limits: &SolveLimits,
        games: &mut Games,
    ) -> Option<GameId> {
        self.fast_value(p, games)
    }

    /// Whether the shortcut holds every value it gives against a plain game tree of its own
    /// where that is affordable, and gives none on a disagreement (Hackenbush's solver does,
    /// piece by piece): a value found by the solver then needs no second game tree on top
    /// ([`AnyPosition::confirmed_value`]).
    fn checks_itself(&self) -> bool {
        false
    }

    /// The drawing of a position, with the moves each item is the target of.
    fn draw(&self, p: &Self::Position) -> Drawing;

    /// A still picture of `p` of the game's own, for a frame of a line of play, when it has one
    /// finer than [`Ruleset::draw`]'s (Hackenbush's diagram: each colour's stroke pattern, the
    /// layout of the position as written, so an edge stays where it was while others fall).
    /// It carries no words and is hidden from screen readers: the caption beside it says what
    /// it shows. `None` by default: the frame is the drawing.
    fn frame_picture(&self, _p: &Self::Position) -> Option<String> {
        None
    }

    /// What the move named `name` from `from` to `to` takes, when a reader is told the move so
    /// rather than by its name ([`Taken`]); `None` by default: the move is told by its name.
    fn taken(&self, _from: &Self::Position, _name: &str, _to: &Self::Position) -> Option<Taken> {
        None
    }

    /// Whether a line of play that reached `a` is at `b`, as a `position =` claim writes it:
    /// equal positions by default; Hackenbush's boards up to isomorphism of what stands.
    fn same_position(&self, a: &Self::Position, b: &Self::Position) -> bool {
        a == b
    }

    /// The families of positions a census of this game enumerates ([`census`]); none by
    /// default.
    fn census_families(&self) -> &'static [Declared] {
        &[]
    }

    /// The members of census family `family` (an index into [`Ruleset::census_families`]) at
    /// `level`: every position of that size (or box), once up to the symmetries that keep its
    /// value, each as its [`Ruleset::census_form`], in the game's order. Empty for a level the
    /// family does not have.
    fn census_members(&self, _family: usize, _level: Level) -> Vec<Self::Position> {
        Vec::new()
    }

    /// The one position a census lists for `p` and every position that is `p` under a symmetry
    /// keeping its value (a Domineering board cut to its free squares and reflected to the
    /// least of its four images; Nim's heaps, largest first, empty ones dropped): what a
    /// census's member is compared with when an essay names one. `p` itself by default.
    fn census_form(&self, p: &Self::Position) -> Self::Position {
        p.clone()
    }

    /// The move of `player` that `name` names, or an error that lists the names there are.
    fn find_move(
        &self,
        p: &Self::Position,
        player: Player,
        name: &str,
    ) -> Result<Move<Self::Position>, String> {
        let moves = self.moves(p, player);
        let wanted = normalise_move_name(name);
        if let Some(m) = moves
            .iter()
            .find(|m| normalise_move_name(&m.name) == wanted)
        {
            return Ok(m.clone());
        }
        if moves.is_empty() {
            return Err(format!("{player} has no move here"));
        }
        let names: Vec<&str> = moves.iter().map(|m| m.name.as_str()).collect();
        Err(format!(
            "`{name}` is not a move of {player} here; the moves are {}",
            names.join(", ")
        ))
    }
}

/// A move's name as compared: without blanks, ASCII arrows read as `→`, letters in lower case.
pub fn normalise_move_name(name: &str) -> String {
    name.replace("->", "→")
        .chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .collect()
}
