//! Any ruleset's positions behind one object-safe interface, for the layers that handle positions
//! of every game without being generic over the game: the book and the command line.
//!
//! The one idea: [`DynRuleset`] is [`Ruleset`] with its position type erased — implemented once,
//! for every ruleset, by a blanket impl — and [`AnyPosition`] is a position together with the
//! ruleset it belongs to, so nothing above can hand one game's position to another's rules. Its
//! value goes through [`Solvers`], the run's one memoising solver per ruleset (and the plain game
//! tree of each, the yardstick a value is confirmed by), under the games table's clock: the run's
//! time limit and cancellation flag, or a block's own time limit.

use super::{kept_values, Declared, Drawing, Level, Ruleset, SolveLimits, Solver, Taken, Unsolved};
use hackenbook_base::located::Located;
use hackenbook_base::provenance::Method;
use hackenbook_games::{GameId, Games, OutcomeClass, Player};
use std::any::Any;
use std::collections::HashMap;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

/// A position of some ruleset, its type erased.
type Erased = Arc<dyn Any + Send + Sync>;

/// A ruleset with its position type erased: what the book and the command line see of a game.
/// Every [`Ruleset`] is one; its `*_erased` methods are given positions of that ruleset only
/// (an [`AnyPosition`] keeps the two together), so the downcasts inside cannot fail.
pub trait DynRuleset: Send + Sync + 'static {
    /// The name an author writes (`domineering`).
    fn name(&self) -> &'static str;
    /// The rule variant, when it is not the usual game.
    fn variant(&self) -> Option<&'static str>;
    /// Who moves how, when the drawing alone does not say it.
    fn players(&self) -> Option<&'static str>;
    /// The verb of a move ([`Ruleset::move_verb`]).
    fn move_verb(&self) -> &'static str;
    /// Whether its shortcut checks itself against a game tree ([`Ruleset::checks_itself`]).
    fn checks_itself(&self) -> bool;
    fn parse_erased(&self, text: &str) -> Result<Erased, Located>;
    fn print_erased(&self, p: &dyn Any) -> String;
    fn size_erased(&self, p: &dyn Any) -> usize;
    fn moves_erased(&self, p: &dyn Any, player: Player) -> Vec<(String, Erased)>;
    /// [`Ruleset::find_move`]: the move `name` names, or why none does (with the names there are).
    fn find_move_erased(
        &self,
        p: &dyn Any,
        player: Player,
        name: &str,
    ) -> Result<(String, Erased), String>;
    fn draw_erased(&self, p: &dyn Any) -> Drawing;
    /// [`Ruleset::frame_picture`].
    fn frame_picture_erased(&self, p: &dyn Any) -> Option<String>;
    /// [`Ruleset::taken`].
    fn taken_erased(&self, from: &dyn Any, name: &str, to: &dyn Any) -> Option<Taken>;
    fn eq_erased(&self, a: &dyn Any, b: &dyn Any) -> bool;
    /// The hash of a position, agreeing with [`DynRuleset::eq_erased`].
    fn hash_erased(&self, p: &dyn Any, state: &mut dyn Hasher);
    /// [`Ruleset::same_position`].
    fn same_erased(&self, a: &dyn Any, b: &dyn Any) -> bool;
    /// The families a census of this game enumerates ([`Ruleset::census_families`]).
    fn census_families_erased(&self) -> &'static [Declared];
    /// The members of a census family at one level ([`Ruleset::census_members`]).
    fn census_members_erased(&self, family: usize, level: Level) -> Vec<Erased>;
    /// The position a census lists for `p` ([`Ruleset::census_form`]).
    fn census_form_erased(&self, p: &dyn Any) -> Erased;
    /// The value of `p` by the run's solver of this ruleset (`plain`: by its plain game tree).
    fn value_erased(
        &self,
        p: &dyn Any,
        plain: bool,
        solvers: &mut Solvers,
        games: &mut Games,
    ) -> Result<GameId, Unsolved>;
}

impl fmt::Debug for dyn DynRuleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The position inside an erased one: always of this ruleset, since an [`AnyPosition`] is only
/// ever made by its own ruleset's [`DynRuleset::parse_erased`] and moves.
fn inside<R: Ruleset>(p: &dyn Any) -> &R::Position {
    p.downcast_ref::<R::Position>()
        .expect("an AnyPosition holds a position of its own ruleset")
}

impl<R: Ruleset> DynRuleset for R {
    fn name(&self) -> &'static str {
        Ruleset::name(self)
    }

    fn variant(&self) -> Option<&'static str> {
        Ruleset::variant(self)
    }

    fn players(&self) -> Option<&'static str> {
        Ruleset::players(self)
    }

    fn move_verb(&self) -> &'static str {
        Ruleset::move_verb(self)
    }

    fn checks_itself(&self) -> bool {
        Ruleset::checks_itself(self)
    }

    /// The position `text` writes, or where it is wrong: past [`Ruleset::max_size`] at the
    /// whole text.
    fn parse_erased(&self, text: &str) -> Result<Erased, Located> {
        let position = self.parse(text)?;
        let (size, most) = (self.size(&position), self.max_size());
        if size > most {
            return Err(Located::new(
                0..text.len(),
                format!(
                    "the position is too large: its size is {size} ({} counts {}) and it takes \
                     positions of size at most {most}",
                    self.name(),
                    self.size_unit()
                ),
            ));
        }
        Ok(Arc::new(position))
    }

    fn print_erased(&self, p: &dyn Any) -> String {
        self.print(inside::<R>(p))
    }

    fn size_erased(&self, p: &dyn Any) -> usize {
        self.size(inside::<R>(p))
    }

    fn moves_erased(&self, p: &dyn Any, player: Player) -> Vec<(String, Erased)> {
        self.moves(inside::<R>(p), player)
            .into_iter()
            .map(|m| (m.name, Arc::new(m.to) as Erased))
            .collect()
    }

    fn find_move_erased(
        &self,
        p: &dyn Any,
        player: Player,
        name: &str,
    ) -> Result<(String, Erased), String> {
        self.find_move(inside::<R>(p), player, name)
            .map(|m| (m.name, Arc::new(m.to) as Erased))
    }

    fn draw_erased(&self, p: &dyn Any) -> Drawing {
        self.draw(inside::<R>(p))
    }

    fn frame_picture_erased(&self, p: &dyn Any) -> Option<String> {
        self.frame_picture(inside::<R>(p))
    }

    fn taken_erased(&self, from: &dyn Any, name: &str, to: &dyn Any) -> Option<Taken> {
        self.taken(inside::<R>(from), name, inside::<R>(to))
    }

    fn census_families_erased(&self) -> &'static [Declared] {
        self.census_families()
    }

    fn census_members_erased(&self, family: usize, level: Level) -> Vec<Erased> {
        self.census_members(family, level)
            .into_iter()
            .map(|p| Arc::new(p) as Erased)
            .collect()
    }

    fn census_form_erased(&self, p: &dyn Any) -> Erased {
        Arc::new(self.census_form(inside::<R>(p)))
    }

    fn eq_erased(&self, a: &dyn Any, b: &dyn Any) -> bool {
        match (
            a.downcast_ref::<R::Position>(),
            b.downcast_ref::<R::Position>(),
        ) {
            (Some(a), Some(b)) => a == b,
            _ => false,
        }
    }

    fn hash_erased(&self, p: &dyn Any, mut state: &mut dyn Hasher) {
        inside::<R>(p).hash(&mut state);
    }

    fn same_erased(&self, a: &dyn Any, b: &dyn Any) -> bool {
        match (
            a.downcast_ref::<R::Position>(),
            b.downcast_ref::<R::Position>(),
        ) {
            (Some(a), Some(b)) => self.same_position(a, b),
            _ => false,
        }
    }

    fn value_erased(
        &self,
        p: &dyn Any,
        plain: bool,
        solvers: &mut Solvers,
        games: &mut Games,
    ) -> Result<GameId, Unsolved> {
        let (solver, shortcut) = solvers.solver_and_shortcut(self, plain);
        let p = inside::<R>(p);
        games
            .timed(|games| {
                let clock = games.running();
                solver.value_with(p, shortcut, games, &clock)
            })
            .map_err(Unsolved::Stopped)?
    }
}

/// A position together with its ruleset: what a block, a bracket or `eval` reads.
#[derive(Clone)]
pub struct AnyPosition {
    ruleset: &'static dyn DynRuleset,
    position: Erased,
}

impl AnyPosition {
    /// Reads `text` in `ruleset`'s notation; an error is located in `text`.
    pub fn parse(ruleset: &'static dyn DynRuleset, text: &str) -> Result<AnyPosition, Located> {
        Ok(AnyPosition {
            ruleset,
            position: ruleset.parse_erased(text)?,
        })
    }

    /// A position of `ruleset` already read (a Hackenbush position block's board).
    pub fn of<R: Ruleset>(ruleset: &'static R, position: R::Position) -> AnyPosition {
        AnyPosition {
            ruleset,
            position: Arc::new(position),
        }
    }

    pub fn ruleset(&self) -> &'static dyn DynRuleset {
        self.ruleset
    }

    /// The position inside, when it is one of `R`'s.
    pub fn downcast<R: Ruleset>(&self) -> Option<&R::Position> {
        self.position.downcast_ref::<R::Position>()
    }

    /// Whether a line of play that reached this position is at `other` ([`Ruleset::same_position`]).
    pub fn same(&self, other: &AnyPosition) -> bool {
        self.ruleset.name() == other.ruleset.name()
            && self.ruleset.variant() == other.ruleset.variant()
            && self.ruleset.same_erased(&*self.position, &*other.position)
    }

    /// The members of `ruleset`'s census family `family` at `level`, in census order
    /// ([`Ruleset::census_members`]).
    pub fn census(
        ruleset: &'static dyn DynRuleset,
        family: usize,
        level: Level,
    ) -> Vec<AnyPosition> {
        ruleset
            .census_members_erased(family, level)
            .into_iter()
            .map(|position| AnyPosition { ruleset, position })
            .collect()
    }

    /// The position a census lists for this one ([`Ruleset::census_form`]): two positions with
    /// equal census forms are one member.
    pub fn census_form(&self) -> AnyPosition {
        AnyPosition {
            ruleset: self.ruleset,
            position: self.ruleset.census_form_erased(&*self.position),
        }
    }

    /// The position in its game's notation.
    pub fn print(&self) -> String {
        self.ruleset.print_erased(&*self.position)
    }

    /// How large it is (squares, cells, counters).
    pub fn size(&self) -> usize {
        self.ruleset.size_erased(&*self.position)
    }

    /// Every move of `player`, by its name, with the position it reaches.
    pub fn moves(&self, player: Player) -> Vec<(String, AnyPosition)> {
        self.ruleset
            .moves_erased(&*self.position, player)
            .into_iter()
            .map(|(name, position)| {
                (
                    name,
                    AnyPosition {
                        ruleset: self.ruleset,
                        position,
                    },
                )
            })
            .collect()
    }

    /// The move of `player` that `name` names (as the game names it) and the position it
    /// reaches, or why there is none, with the names there are (the ruleset's reason, and the
    /// mover's moves when the reason does not list them).
    pub fn find_move(&self, player: Player, name: &str) -> Result<(String, AnyPosition), String> {
        self.ruleset
            .find_move_erased(&*self.position, player, name)
            .map_err(|why| {
                let names: Vec<String> = self.moves(player).into_iter().map(|m| m.0).collect();
                match names.as_slice() {
                    _ if why.contains("the moves are") || why.contains("has no move") => why,
                    [] => format!("{why}; {player} has no move here"),
                    _ => format!("{why}; {player}'s moves here are {}", names.join(", ")),
                }
            })
            .map(|(name, position)| {
                (
                    name,
                    AnyPosition {
                        ruleset: self.ruleset,
                        position,
                    },
                )
            })
    }

    /// The position itself, when it is a `P` (a Domineering [`Board`](crate::domineering::Board)
    /// for the outcome search): `None` for a position of another game.
    pub fn downcast_ref<P: Any>(&self) -> Option<&P> {
        self.position.downcast_ref::<P>()
    }

    /// Its drawing, each item with the moves it is the target of.
    pub fn draw(&self) -> Drawing {
        self.ruleset.draw_erased(&*self.position)
    }

    /// Its still picture as a frame of a line of play, when its game has one of its own
    /// ([`Ruleset::frame_picture`]); `None`: draw it with [`AnyPosition::draw`].
    pub fn frame_picture(&self) -> Option<String> {
        self.ruleset.frame_picture_erased(&*self.position)
    }

    /// What the move named `name` from here to `to` takes, when a reader is told it so
    /// ([`Ruleset::taken`]); `None` when `to` is another game's position.
    pub fn taken(&self, name: &str, to: &AnyPosition) -> Option<Taken> {
        if self.ruleset.name() != to.ruleset.name()
            || self.ruleset.variant() != to.ruleset.variant()
        {
            return None;
        }
        self.ruleset
            .taken_erased(&*self.position, name, &*to.position)
    }

    /// Its value by the run's solver of its ruleset (parts, symmetries and the ruleset's
    /// shortcuts), under the games table's clock.
    pub fn value(&self, solvers: &mut Solvers, games: &mut Games) -> Result<GameId, Unsolved> {
        self.ruleset
            .value_erased(&*self.position, false, solvers, games)
    }

    /// Its value by the plain game tree (no parts, no symmetry, no shortcut), within the plain
    /// solvers' budget ([`Solvers::plain_limits`]): the yardstick [`AnyPosition::value`] is held
    /// against.
    pub fn plain_value(
        &self,
        solvers: &mut Solvers,
        games: &mut Games,
    ) -> Result<GameId, Unsolved> {
        self.ruleset
            .value_erased(&*self.position, true, solvers, games)
    }

    /// Its value by the solver, held against the plain game tree where that fits the plain
    /// tree's budget: the one way a value of another game is vouched for, in a block or in
    /// brackets. The methods say which ran ([`Method::Solver`], and [`Method::GameTree`] when
    /// the plain tree confirmed it); a disagreement is an error, a bug of hackenbook's. A
    /// ruleset whose shortcut checks itself against its own game tree
    /// ([`Ruleset::checks_itself`]: Hackenbush) gets no second game tree on top: the solver's
    /// value, [`Method::Solver`].
    pub fn confirmed_value(
        &self,
        solvers: &mut Solvers,
        games: &mut Games,
    ) -> Result<(GameId, Vec<Method>), Unconfirmed> {
        if self.ruleset.checks_itself() {
            // Its shortcut checks its own values against a game tree: no second one on top.
            let value = self.value(solvers, games).map_err(Unconfirmed::Unsolved)?;
            return Ok((value, vec![Method::Solver]));
        }
        let key = ConfirmedKey {
            ruleset: self.ruleset.name(),
            variant: self.ruleset.variant(),
            text: self.print(),
            plain_positions: solvers.plain_limits.positions,
        };
        if let Some(found) = solvers.confirmed.get(&key).and_then(|seen| {
            seen.iter()
                .find(|(p, _)| p == self)
                .map(|(_, found)| found.clone())
        }) {
            return Ok(found);
        }
        let plain_positions = solvers.plain_limits.positions;
        let kept = solvers.value_cache.clone();
        if let Some(found) = kept
            .as_deref()
            .zip(self.kept_key(plain_positions))
            .and_then(|(dir, key)| kept_values::load(dir, &key, games))
        {
            solvers
                .confirmed
                .entry(key)
                .or_default()
                .push((self.clone(), found.clone()));
            return Ok(found);
        }
        let start = Instant::now();
        let value = self.value(solvers, games).map_err(Unconfirmed::Unsolved)?;
        let (found, settled) = match self.plain_value(solvers, games) {
            Ok(plain) if plain != value => {
                return Err(Unconfirmed::Disagree {
                    solver: games.display(value),
                    plain: games.display(plain),
                })
            }
            Ok(_) => ((value, vec![Method::Solver, Method::GameTree]), true),
            // Beyond the plain game tree's budget of positions: the solver's value alone, and
            // the same answer the next time it is asked with that budget.
            Err(Unsolved::TooManyPositions { .. }) => ((value, vec![Method::Solver]), true),
            // Beyond its time (or too large for it): the solver's value alone, this time; a
            // longer time limit may confirm it later.
            Err(_) => ((value, vec![Method::Solver]), false),
        };
        if settled {
            let slow = kept.filter(|_| start.elapsed() >= kept_values::SLOW);
            if let Some((dir, key)) = slow.zip(self.kept_key(plain_positions)) {
                // A cache that cannot be written only costs time.
                let _ = kept_values::store(&dir, &key, &found, games);
            }
            solvers
                .confirmed
                .entry(key)
                .or_default()
                .push((self.clone(), found.clone()));
        }
        Ok(found)
    }

    /// What its confirmed value is kept under on disk ([`kept_values::key`]) with the plain
    /// budget `plain_positions`; `None` when its notation does not read back to itself.
    fn kept_key(&self, plain_positions: usize) -> Option<String> {
        let text = self.print();
        let back = AnyPosition::parse(self.ruleset, &text).ok()?;
        (back == *self).then(|| {
            kept_values::key(
                self.ruleset.name(),
                self.ruleset.variant(),
                plain_positions,
                &text,
            )
        })
    }

    /// Who wins it with perfect play: its value's relation with zero.
    pub fn outcome(
        &self,
        solvers: &mut Solvers,
        games: &mut Games,
    ) -> Result<OutcomeClass, Unsolved> {
        let value = self.value(solvers, games)?;
        games
            .timed(|games| games.outcome(value))
            .map_err(Unsolved::Stopped)
    }

    /// The values of `player`'s options, by their moves' names, in the order of the moves.
    pub fn option_values(
        &self,
        player: Player,
        solvers: &mut Solvers,
        games: &mut Games,
    ) -> Result<Vec<(String, GameId)>, Unsolved> {
        let mut out = Vec::new();
        for (name, to) in self.moves(player) {
            out.push((name, to.value(solvers, games)?));
        }
        Ok(out)
    }
}

impl PartialEq for AnyPosition {
    fn eq(&self, other: &AnyPosition) -> bool {
        self.ruleset.name() == other.ruleset.name()
            && self.ruleset.variant() == other.ruleset.variant()
            && self.ruleset.eq_erased(&*self.position, &*other.position)
    }
}

impl Eq for AnyPosition {}

/// Equal positions hash alike: the game, its variant and the position.
impl Hash for AnyPosition {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.ruleset.name().hash(state);
        self.ruleset.variant().hash(state);
        self.ruleset.hash_erased(&*self.position, state);
    }
}

impl fmt::Debug for AnyPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{}: {}]", self.ruleset.name(), self.print())
    }
}

/// Why a position of another game has no value to publish.
#[derive(Debug)]
pub enum Unconfirmed {
    /// The solver could not value it (its budget, its clock, a cancelled run).
    Unsolved(Unsolved),
    /// The solver and the plain game tree disagree, shown as values.
    Disagree { solver: String, plain: String },
}

impl fmt::Display for Unconfirmed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unconfirmed::Unsolved(e) => write!(f, "{e}"),
            Unconfirmed::Disagree { solver, plain } => write!(
                f,
                "the solver values this position at {solver} but the plain game tree at \
                 {plain}: one of them is wrong (a bug of hackenbook's, not of the essay)"
            ),
        }
    }
}

/// Which solver of a ruleset: its name, its variant, and whether it is the plain game tree.
type SolverKey = (&'static str, Option<&'static str>, bool);

/// A confirmed value and the methods that vouched for it.
type Confirmed = (GameId, Vec<Method>);

/// A position confirmed once in this run: its game, its notation, and the plain game tree's
/// budget it was confirmed under.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct ConfirmedKey {
    ruleset: &'static str,
    variant: Option<&'static str>,
    text: String,
    plain_positions: usize,
}

/// The run's solvers, one per ruleset and variant (and one plain game tree of each), created on
/// first use: their memos serve every position of the run. What a game's shortcut keeps
/// ([`Ruleset::shortcut_state`]: Hackenbush's, the Hackenbush solver with its memo and its
/// slow-value cache) is kept here too, once per game, shared by its rule variants and lent to
/// its solvers at each value ([`Solvers::shortcut`] for the run's other uses of it).
pub struct Solvers {
    solvers: HashMap<SolverKey, Box<dyn Any + Send>>,
    /// Each game's shortcut state, by the game's name, made on first use (`None`: it keeps none).
    shortcuts: HashMap<&'static str, Option<Box<dyn Any + Send>>>,
    /// What [`AnyPosition::confirmed_value`] answered for each position, in this games table:
    /// asked again (a board named in six brackets), it answers the same without running the
    /// plain game tree again, whose budget would otherwise be spent anew each time. Positions
    /// equal under `==` only (the notation is the hash, not the identity).
    confirmed: HashMap<ConfirmedKey, Vec<(AnyPosition, Confirmed)>>,
    /// Where confirmed values that were slow to find are kept between runs
    /// ([`crate::kept_values`]; `None`: nowhere).
    pub value_cache: Option<PathBuf>,
    /// The budgets of each solver with the ruleset's liberties.
    pub limits: SolveLimits,
    /// The budgets of each plain game tree: small, since it only confirms what the solver found
    /// where it can afford to.
    pub plain_limits: SolveLimits,
}

impl Default for Solvers {
    fn default() -> Solvers {
        Solvers {
            solvers: HashMap::new(),
            shortcuts: HashMap::new(),
            confirmed: HashMap::new(),
            value_cache: None,
            limits: SolveLimits::default(),
            plain_limits: SolveLimits {
                positions: PLAIN_POSITIONS,
                ..SolveLimits::default()
            },
        }
    }
}

/// The positions a plain game tree values to confirm one value, at most.
pub const PLAIN_POSITIONS: usize = 200_000;

impl Solvers {
    /// The run's solver of `rules` (its plain game tree when `plain`), under the budgets set
    /// now (a block's own time limit changes them for its work).
    #[cfg(test)]
    fn solver<R: Ruleset>(&mut self, rules: &R, plain: bool) -> &mut Solver<R> {
        self.solver_and_shortcut(rules, plain).0
    }

    /// The run's solver of `rules` (its plain game tree when `plain`, which takes no shortcut),
    /// under the budgets set now, and the state its game's shortcut keeps.
    fn solver_and_shortcut<R: Ruleset>(
        &mut self,
        rules: &R,
        plain: bool,
    ) -> (&mut Solver<R>, Option<&mut (dyn Any + Send)>) {
        let limits = if plain {
            &self.plain_limits
        } else {
            &self.limits
        };
        let limits = limits.clone();
        let solver = self
            .solvers
            .entry((Ruleset::name(rules), Ruleset::variant(rules), plain))
            .or_insert_with(|| {
                Box::new(if plain {
                    Solver::plain(rules.clone())
                } else {
                    Solver::sharing(rules.clone())
                })
            })
            .downcast_mut::<Solver<R>>()
            .expect("one ruleset type per name and variant");
        solver.limits = limits;
        let shortcut = if plain {
            None
        } else {
            shortcut_of(&mut self.shortcuts, rules)
        };
        (solver, shortcut)
    }

    /// What `rules`' game's shortcut keeps for the run ([`Ruleset::shortcut_state`]), made on
    /// first use and shared by the game's rule variants: for the run's uses of it beside the
    /// solvers (Hackenbush's solver, asked for a piece's methods). `None` for a game whose
    /// shortcut keeps nothing.
    pub fn shortcut<R: Ruleset>(&mut self, rules: &R) -> Option<&mut (dyn Any + Send)> {
        shortcut_of(&mut self.shortcuts, rules)
    }
}

/// The state `rules`' game's shortcut keeps in `shortcuts`, made on first use.
fn shortcut_of<'a, R: Ruleset>(
    shortcuts: &'a mut HashMap<&'static str, Option<Box<dyn Any + Send>>>,
    rules: &R,
) -> Option<&'a mut (dyn Any + Send)> {
    shortcuts
        .entry(Ruleset::name(rules))
        .or_insert_with(|| rules.shortcut_state())
        .as_deref_mut()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domineering::Domineering;
    use crate::push::Pushing;

    #[test]
    fn a_position_of_any_ruleset_is_read_printed_moved_and_valued() {
        let mut games = Games::new();
        let mut solvers = Solvers::default();
        let dom: &'static dyn DynRuleset = &Domineering;
        let p = AnyPosition::parse(dom, "2x2").unwrap();
        assert_eq!(p.print(), "2x2");
        let names: Vec<String> = p.moves(Player::Left).into_iter().map(|m| m.0).collect();
        assert_eq!(names, ["a1-a2", "b1-b2"]);
        let v = p.value(&mut solvers, &mut games).unwrap();
        assert_eq!(v, games.eval_str("{1 | -1}").unwrap());
        assert_eq!(p.plain_value(&mut solvers, &mut games).unwrap(), v);
        // ±1 is confused with 0: whoever starts wins.
        assert_eq!(
            p.outcome(&mut solvers, &mut games).unwrap(),
            OutcomeClass::FirstPlayer
        );
        let options = p
            .option_values(Player::Right, &mut solvers, &mut games)
            .unwrap();
        let minus_one = games.eval_str("-1").unwrap();
        assert!(options.iter().all(|(_, v)| *v == minus_one), "{options:?}");
        let e = AnyPosition::parse(dom, "2y2").unwrap_err();
        assert!(e.span.start <= 1, "{e}");
    }

    /// Nim with a shortcut that is wrong for every heap but the empty one: what a bug in a
    /// game's shortcut looks like to the book.
    #[derive(Clone, Debug)]
    struct Lying;

    impl Ruleset for Lying {
        type Position = <crate::nim::Nim as Ruleset>::Position;
        type Key = <crate::nim::Nim as Ruleset>::Key;
        fn name(&self) -> &'static str {
            "nim"
        }
        fn variant(&self) -> Option<&'static str> {
            Some("lying")
        }
        fn parse(&self, text: &str) -> Result<Self::Position, Located> {
            crate::nim::Nim.parse(text)
        }
        fn print(&self, p: &Self::Position) -> String {
            crate::nim::Nim.print(p)
        }
        fn size(&self, p: &Self::Position) -> usize {
            crate::nim::Nim.size(p)
        }
        fn size_unit(&self) -> &'static str {
            "counters"
        }
        fn moves(&self, p: &Self::Position, player: Player) -> Vec<crate::Move<Self::Position>> {
            crate::nim::Nim.moves(p, player)
        }
        fn components(&self, p: &Self::Position) -> Vec<Self::Position> {
            crate::nim::Nim.components(p)
        }
        fn key(&self, p: &Self::Position) -> crate::Keyed<Self::Key> {
            crate::nim::Nim.key(p)
        }
        fn fast_value(&self, _p: &Self::Position, games: &mut Games) -> Option<GameId> {
            Some(games.zero())
        }
        fn draw(&self, p: &Self::Position) -> Drawing {
            crate::nim::Nim.draw(p)
        }
    }

    /// A value is published only as the solver found it and the plain game tree confirmed it
    /// (or, beyond the tree's budget, as the solver's alone, and said so); a shortcut that
    /// disagrees with the game tree is an error, whether the position is a block's or in
    /// brackets.
    #[test]
    fn a_value_is_confirmed_by_the_plain_game_tree() {
        let mut games = Games::new();
        let mut solvers = Solvers::default();
        let nim: &'static dyn DynRuleset = &crate::nim::Nim;
        let heap = AnyPosition::parse(nim, "3").unwrap();
        let (value, methods) = heap.confirmed_value(&mut solvers, &mut games).unwrap();
        assert_eq!(value, games.eval_str("*3").unwrap());
        assert_eq!(methods, [Method::Solver, Method::GameTree]);
        let lying: &'static dyn DynRuleset = &Lying;
        let heap = AnyPosition::parse(lying, "3").unwrap();
        match heap.confirmed_value(&mut solvers, &mut games) {
            Err(e @ Unconfirmed::Disagree { .. }) => {
                let words = e.to_string();
                assert!(
                    words.contains("at 0 but the plain game tree at *3"),
                    "{words}"
                );
            }
            other => panic!("{other:?}"),
        }
    }

    /// Push and Shove are one type with two values: each has its own solver and memo, so a
    /// position valued under one is not taken from the other's memo.
    #[test]
    fn push_and_shove_share_a_type_but_not_a_memo() {
        let mut games = Games::new();
        let mut solvers = Solvers::default();
        let mut values = Vec::new();
        for rules in [&Pushing::Push, &Pushing::Shove] {
            let name = DynRuleset::name(rules);
            let p = AnyPosition::parse(rules, "L.RL").unwrap();
            let v = p.value(&mut solvers, &mut games).unwrap();
            assert_eq!(
                p.plain_value(&mut solvers, &mut games).unwrap(),
                v,
                "{name}"
            );
            values.push(v);
        }
        // Shove's value read off the board (module `push`), computed apart from the game tree.
        let strip = crate::push::LETTERS;
        let read = crate::push::shove_value(&crate::strip::parse("L.RL", &strip).unwrap()[0]);
        assert_eq!(values[1], games.number(&read));
        assert_ne!(values[0], values[1], "Push and Shove differ on `L.RL`");
    }

    /// A board named again in the same run is answered as it was the first time, without the
    /// plain game tree spending its budget on it again (it would otherwise get further each
    /// time, from the memo the earlier tries left); under another budget it is tried anew.
    #[test]
    fn a_position_is_confirmed_once_per_budget() {
        let mut games = Games::new();
        let mut solvers = Solvers::default();
        solvers.plain_limits.positions = 100;
        let board = AnyPosition::parse(&Domineering, "4x4").unwrap();
        let first = board.confirmed_value(&mut solvers, &mut games).unwrap();
        assert_eq!(
            first.1,
            [Method::Solver],
            "4x4 is beyond 100 plain positions"
        );
        let plain_valued = |solvers: &mut Solvers| solvers.solver(&Domineering, true).stats.valued;
        let spent = plain_valued(&mut solvers);
        assert!(spent >= 100, "{spent}");
        let same = AnyPosition::parse(&Domineering, "..../..../..../....").unwrap();
        for again in [board.clone(), same] {
            let answer = again.confirmed_value(&mut solvers, &mut games).unwrap();
            assert_eq!(answer, first);
            assert_eq!(plain_valued(&mut solvers), spent, "{again:?}");
        }
        // Another board, printed otherwise, is valued and confirmed for itself.
        let small = AnyPosition::parse(&Domineering, "2x3").unwrap();
        let (value, methods) = small.confirmed_value(&mut solvers, &mut games).unwrap();
        assert_eq!(value, games.eval_str("{2 | -1/2}").unwrap());
        assert_eq!(methods, [Method::Solver, Method::GameTree]);
        // A larger plain budget tries the first board again, and confirms it.
        solvers.plain_limits.positions = PLAIN_POSITIONS;
        let confirmed = board.confirmed_value(&mut solvers, &mut games).unwrap();
        assert_eq!(confirmed, (first.0, vec![Method::Solver, Method::GameTree]));
        assert!(plain_valued(&mut solvers) > spent);
    }

    /// With a cache folder, an answer kept there by an earlier run (for this board, this plain
    /// budget and this code, under the user's key) is what the run answers, marked as read
    /// back; without one, the board is valued and confirmed afresh.
    #[test]
    fn a_kept_answer_is_read_back_and_said_to_be() {
        let dir = tempfile::tempdir().unwrap();
        let mut games = Games::new();
        let board = AnyPosition::parse(&Domineering, "2x3").unwrap();
        let fresh = board
            .confirmed_value(&mut Solvers::default(), &mut games)
            .unwrap();
        assert_eq!(fresh.1, [Method::Solver, Method::GameTree]);
        let mut solvers = Solvers {
            value_cache: Some(dir.path().to_path_buf()),
            ..Solvers::default()
        };
        let budget = solvers.plain_limits.positions;
        kept_values::store(
            dir.path(),
            &board.kept_key(budget).unwrap(),
            &fresh,
            &mut games,
        )
        .unwrap();
        let kept = board.confirmed_value(&mut solvers, &mut games).unwrap();
        assert_eq!(
            kept,
            (
                fresh.0,
                vec![Method::Cache, Method::Solver, Method::GameTree]
            )
        );
        assert_eq!(
            solvers.solver(&Domineering, false).stats,
            Default::default()
        );
    }

    #[test]
    fn the_plain_game_tree_stops_at_its_budget() {
        let mut games = Games::new();
        let mut solvers = Solvers::default();
        solvers.plain_limits.positions = 10;
        let p = AnyPosition::parse(&Domineering, "4x4").unwrap();
        assert_eq!(
            p.plain_value(&mut solvers, &mut games),
            Err(Unsolved::TooManyPositions { limit: 10 })
        );
    }

    // What is kept on disk of a confirmed value (`kept_values`), keyed by the position.

    fn board(text: &str) -> AnyPosition {
        AnyPosition::parse(&Domineering, text).unwrap()
    }

    #[test]
    fn a_stored_answer_answers_only_its_position_and_budget() {
        let dir = tempfile::tempdir().unwrap();
        let mut games = Games::new();
        let value = games.eval_str("{{2 | 0} | 0}").unwrap();
        let answer = (value, vec![Method::Solver]);
        kept_values::store(
            dir.path(),
            &board("2x4").kept_key(100).unwrap(),
            &answer,
            &mut games,
        )
        .unwrap();
        let back = kept_values::load(dir.path(), &board("2x4").kept_key(100).unwrap(), &mut games)
            .unwrap();
        assert_eq!(back.0, value);
        // An answer read back says so: the cache first, then the methods that first found it.
        assert_eq!(back.1, [Method::Cache, Method::Solver]);
        // The same board written otherwise is the same position.
        assert!(kept_values::load(
            dir.path(),
            &board("..../....").kept_key(100).unwrap(),
            &mut games
        )
        .is_some());
        assert!(
            kept_values::load(dir.path(), &board("2x4").kept_key(200).unwrap(), &mut games)
                .is_none()
        );
        assert!(
            kept_values::load(dir.path(), &board("4x2").kept_key(100).unwrap(), &mut games)
                .is_none()
        );
        let shove: &'static dyn crate::DynRuleset = &crate::push::Pushing::Shove;
        let push: &'static dyn crate::DynRuleset = &crate::push::Pushing::Push;
        let strip = AnyPosition::parse(push, "L.RL").unwrap();
        kept_values::store(
            dir.path(),
            &strip.kept_key(100).unwrap(),
            &answer,
            &mut games,
        )
        .unwrap();
        let other_variant = AnyPosition::parse(shove, "L.RL").unwrap();
        assert!(kept_values::load(
            dir.path(),
            &other_variant.kept_key(100).unwrap(),
            &mut games
        )
        .is_none());
    }

    #[test]
    fn a_value_edited_in_its_file_is_not_believed() {
        let dir = tempfile::tempdir().unwrap();
        let mut games = Games::new();
        let half = games.eval_str("1/2").unwrap();
        let p = board("2x5");
        kept_values::store(
            dir.path(),
            &p.kept_key(100).unwrap(),
            &(half, vec![Method::Solver]),
            &mut games,
        )
        .unwrap();
        assert_eq!(
            kept_values::load(dir.path(), &p.kept_key(100).unwrap(), &mut games).map(|a| a.0),
            Some(half)
        );
        let path = kept_values::path_for(dir.path(), &p.kept_key(100).unwrap());
        let text = std::fs::read_to_string(&path).unwrap();
        let forged = text.replace("\"1/2\"", "\"3/4\"");
        assert_ne!(forged, text);
        std::fs::write(&path, forged).unwrap();
        assert!(kept_values::load(dir.path(), &p.kept_key(100).unwrap(), &mut games).is_none());
        std::fs::write(&path, b"{\"key\": 1}").unwrap();
        assert!(kept_values::load(dir.path(), &p.kept_key(100).unwrap(), &mut games).is_none());
    }

    /// Every value of a hot board's options, written by the games engine, reads back to itself:
    /// what the store's own check relies on to keep them.
    #[test]
    fn values_of_boards_read_back_to_themselves() {
        let dir = tempfile::tempdir().unwrap();
        let mut games = Games::new();
        let mut solvers = Solvers::default();
        for text in ["2x3", "3x3", "2x4", "4x4", ".##/..."] {
            let p = board(text);
            let answer = p.confirmed_value(&mut solvers, &mut games).unwrap();
            kept_values::store(dir.path(), &p.kept_key(7).unwrap(), &answer, &mut games).unwrap();
            let back = kept_values::load(dir.path(), &p.kept_key(7).unwrap(), &mut games).unwrap();
            assert_eq!(back.0, answer.0, "{text}: {}", games.display(answer.0));
        }
    }
}
