//! The solver of every ruleset: a position is worth the canonical form of its options.
//!
//! The one idea: the game tree is the definition. A position is split into its independent
//! parts ([`Ruleset::components`]) and each part is valued once under its key
//! ([`Ruleset::key`]), from the values of the parts its options split into; the ruleset's own
//! shortcut ([`Ruleset::fast_value`]) is taken when it has one. [`Solver::plain`] takes none of
//! these liberties — no splitting, no symmetry, no shortcut, each position memoised as itself —
//! and is the yardstick every shortcut is tested against.
//!
//! The walk is iterative (an explicit stack of positions being valued), so a long game cannot
//! exhaust the thread's stack; it reads the run's clock every few hundred positions and stops
//! at its budget of positions, whatever the ruleset.

use super::{Keyed, Ruleset, SolveLimits};
use hackenbook_games::clock::{Running, Stop};
use hackenbook_games::{GameId, Games, Player};
use rustc_hash::FxHashMap;
use std::any::Any;
use std::fmt;

/// Why a position was not valued.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unsolved {
    /// The run's clock stopped it.
    Stopped(Stop),
    /// More positions than the budget.
    TooManyPositions { limit: usize },
    /// The position is larger than the budget.
    TooLarge { size: usize, limit: usize },
}

impl fmt::Display for Unsolved {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unsolved::Stopped(stop) => write!(f, "the solver stopped: {stop}"),
            Unsolved::TooManyPositions { limit } => write!(
                f,
                "beyond the solver's budget: more than {limit} positions to value"
            ),
            Unsolved::TooLarge { size, limit } => write!(
                f,
                "the position has size {size}; the solver starts on positions of size at most \
                 {limit}"
            ),
        }
    }
}

/// What the solver did, for tests and benchmarks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SolverStats {
    /// Parts valued from their options.
    pub valued: u64,
    /// Parts found in the memo.
    pub memo_hits: u64,
    /// Parts the ruleset valued by its own shortcut.
    pub fast: u64,
}

/// How the solver treats positions: the ruleset's liberties, or none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// Split into parts, memoise under the symmetry key, take the ruleset's shortcuts.
    Full,
    /// Each position valued from its options, memoised as itself.
    Plain,
}

/// A memo entry's key: the ruleset's (with symmetry) or the position itself.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum MemoKey<K, P> {
    Keyed(K),
    Exact(P),
}

/// One solver per ruleset and games table: its memo holds ids of that table.
pub struct Solver<R: Ruleset> {
    rules: R,
    mode: Mode,
    /// What the ruleset's shortcut keeps between calls ([`Ruleset::shortcut_state`]), when the
    /// solver keeps it itself: a run's solvers share one per game instead
    /// ([`Solver::value_with`], [`crate::Solvers`]).
    shortcut: Option<Box<dyn Any + Send>>,
    memo: FxHashMap<MemoKey<R::Key, R::Position>, GameId>,
    pub limits: SolveLimits,
    pub stats: SolverStats,
}

/// A part of an option: its value once known; until then the part, with its memo key.
enum Slot<P, K> {
    Value(GameId),
    Part(P, Keyed<K>),
}

/// A part being valued: the parts of its options, and how far their valuing got.
struct Frame<P, K> {
    keyed: Keyed<K>,
    /// The parts of every option, option after option, Left's options first.
    slots: Vec<Slot<P, K>>,
    /// Each option's player (0 Left, 1 Right) and the end of its parts in `slots`.
    options: Vec<(usize, usize)>,
    /// The first slot that may still hold a part rather than its value.
    next: usize,
}

/// The frame of a part of a position of `R`.
type RulesFrame<R> =
    Frame<<R as Ruleset>::Position, MemoKey<<R as Ruleset>::Key, <R as Ruleset>::Position>>;

/// How often, in parts, the clock is read.
const READ_EVERY: u64 = 256;

/// How often, in the options of one part, the clock is read while they are keyed.
const READ_OPTIONS: usize = 16;

impl<R: Ruleset> Solver<R> {
    /// The solver with every liberty the ruleset offers.
    pub fn new(rules: R) -> Solver<R> {
        Solver::with_mode(rules, Mode::Full)
    }

    /// The plain game tree: no splitting, no symmetry, no shortcut.
    pub fn plain(rules: R) -> Solver<R> {
        Solver::with_mode(rules, Mode::Plain)
    }

    /// The solver with every liberty, keeping no shortcut state of its own: it is handed the
    /// one its owner keeps at each [`Solver::value_with`].
    pub fn sharing(rules: R) -> Solver<R> {
        let mut solver = Solver::plain(rules);
        solver.mode = Mode::Full;
        solver
    }

    fn with_mode(rules: R, mode: Mode) -> Solver<R> {
        Solver {
            shortcut: match mode {
                Mode::Full => rules.shortcut_state(),
                Mode::Plain => None,
            },
            rules,
            mode,
            memo: FxHashMap::default(),
            limits: SolveLimits::default(),
            stats: SolverStats::default(),
        }
    }

    pub fn rules(&self) -> &R {
        &self.rules
    }

    /// What the ruleset's shortcut keeps for this solver's life ([`Ruleset::shortcut_state`]).
    pub fn shortcut(&self) -> Option<&(dyn Any + Send)> {
        self.shortcut.as_deref()
    }

    /// The value of `p` in `games`, within the budgets and the run's clock, with the shortcut's
    /// state this solver keeps.
    pub fn value(
        &mut self,
        p: &R::Position,
        games: &mut Games,
        clock: &Running,
    ) -> Result<GameId, Unsolved> {
        let mut own = self.shortcut.take();
        let out = self.value_with(p, own.as_deref_mut(), games, clock);
        self.shortcut = own;
        out
    }

    /// [`Solver::value`] with the shortcut's state kept elsewhere (the run's one per game,
    /// shared by its rule variants: [`crate::Solvers`]); `None`, the shortcut without one.
    pub fn value_with(
        &mut self,
        p: &R::Position,
        mut shortcut: Option<&mut (dyn Any + Send)>,
        games: &mut Games,
        clock: &Running,
    ) -> Result<GameId, Unsolved> {
        let size = self.rules.size(p);
        let limit = self.size_limit();
        if size > limit {
            return Err(Unsolved::TooLarge { size, limit });
        }
        let parts = self.parts(p);
        let mut total = games.zero();
        for part in &parts {
            let v = self.value_of_part(part, shortcut.as_deref_mut(), games, clock)?;
            total = games.add(total, v);
        }
        Ok(total)
    }

    /// The largest position this solver starts on: its budget's size, or, when the ruleset's
    /// shortcut checks itself ([`Ruleset::checks_itself`]: Hackenbush's solver, which values
    /// boards of up to 100,000 edges piece by piece), the largest the game accepts
    /// ([`Ruleset::max_size`]); the plain game tree takes no shortcut and keeps its budget.
    pub fn size_limit(&self) -> usize {
        if self.mode == Mode::Full && self.rules.checks_itself() {
            self.rules.max_size()
        } else {
            self.limits.size
        }
    }

    /// The options of `p` for `player`, each valued: what a play table or a line of play needs.
    pub fn option_values(
        &mut self,
        p: &R::Position,
        player: Player,
        games: &mut Games,
        clock: &Running,
    ) -> Result<Vec<(String, GameId)>, Unsolved> {
        let mut out = Vec::new();
        for m in self.rules.moves(p, player) {
            let v = self.value(&m.to, games, clock)?;
            out.push((m.name, v));
        }
        Ok(out)
    }

    fn parts(&self, p: &R::Position) -> Vec<R::Position> {
        match self.mode {
            Mode::Full => self.rules.components(p),
            Mode::Plain => vec![p.clone()],
        }
    }

    fn key(&self, p: &R::Position) -> Keyed<MemoKey<R::Key, R::Position>> {
        match self.mode {
            Mode::Full => {
                let k = self.rules.key(p);
                Keyed {
                    key: MemoKey::Keyed(k.key),
                    negated: k.negated,
                }
            }
            Mode::Plain => Keyed {
                key: MemoKey::Exact(p.clone()),
                negated: false,
            },
        }
    }

    /// The value of one part from the memo or the ruleset's shortcut, if either has it.
    fn known(
        &mut self,
        part: &R::Position,
        keyed: &Keyed<MemoKey<R::Key, R::Position>>,
        state: Option<&mut (dyn Any + Send)>,
        games: &mut Games,
    ) -> Option<GameId> {
        if let Some(&v) = self.memo.get(&keyed.key) {
            self.stats.memo_hits += 1;
            return Some(if keyed.negated { games.neg(v) } else { v });
        }
        if self.mode == Mode::Full {
            if let Some(v) = self.rules.fast_value_with(part, state, &self.limits, games) {
                self.stats.fast += 1;
                let stored = if keyed.negated { games.neg(v) } else { v };
                self.memo.insert(keyed.key.clone(), stored);
                return Some(v);
            }
        }
        None
    }

    fn value_of_part(
        &mut self,
        part: &R::Position,
        mut shortcut: Option<&mut (dyn Any + Send)>,
        games: &mut Games,
        clock: &Running,
    ) -> Result<GameId, Unsolved> {
        let keyed = self.key(part);
        if let Some(v) = self.known(part, &keyed, shortcut.as_deref_mut(), games) {
            return Ok(v);
        }
        // A part past the budget's size that the shortcut did not value is not walked from
        // its options either (its game tree would be as large as it is).
        let size = self.rules.size(part);
        if size > self.limits.size {
            return Err(Unsolved::TooLarge {
                size,
                limit: self.limits.size,
            });
        }
        let budget_start = self.stats.valued;
        let mut stack = vec![self.frame(part.clone(), keyed, clock)?];
        // The value of the part whose frame was popped last, for its slot in the frame below.
        let mut done = None;
        while let Some(top) = stack.last_mut() {
            if let Some(v) = done.take() {
                top.slots[top.next] = Slot::Value(v);
                top.next += 1;
            }
            // Find the next part of an option that is not valued yet.
            let mut missing = None;
            while top.next < top.slots.len() {
                if let Slot::Part(q, keyed) = &top.slots[top.next] {
                    match self.known(q, keyed, shortcut.as_deref_mut(), games) {
                        Some(v) => top.slots[top.next] = Slot::Value(v),
                        None => {
                            missing = Some((q.clone(), keyed.clone()));
                            break;
                        }
                    }
                }
                top.next += 1;
            }
            if let Some((q, keyed)) = missing {
                if self.stats.valued - budget_start >= self.limits.positions as u64
                    || stack.len() > self.limits.positions
                {
                    return Err(Unsolved::TooManyPositions {
                        limit: self.limits.positions,
                    });
                }
                let frame = self.frame(q, keyed, clock)?;
                stack.push(frame);
                continue;
            }
            // Every part of every option is valued: this part's value is their canonical form.
            let top = stack
                .pop()
                .expect("the loop runs while the stack has a frame");
            let mut sides: [Vec<GameId>; 2] = [Vec::new(), Vec::new()];
            let mut first = 0;
            for &(who, end) in &top.options {
                let mut v = games.zero();
                for slot in &top.slots[first..end] {
                    let Slot::Value(w) = slot else {
                        unreachable!("every part of an option was valued before its position")
                    };
                    v = games.add(v, *w);
                }
                sides[who].push(v);
                first = end;
            }
            let value = games.from_options(&sides[0], &sides[1]);
            let stored = if top.keyed.negated {
                games.neg(value)
            } else {
                value
            };
            self.memo.insert(top.keyed.key, stored);
            self.stats.valued += 1;
            if self.stats.valued.is_multiple_of(READ_EVERY) {
                clock.read().map_err(Unsolved::Stopped)?;
            }
            done = Some(value);
        }
        Ok(done.expect("the part was valued when the stack emptied"))
    }

    /// The frame of `part`: its options' parts, each with its key. The clock is read every
    /// [`READ_OPTIONS`] options, since keying the parts of one large position's options can
    /// take long (the canonical code of each of a 1,000-edge cycle's thousand cuts).
    fn frame(
        &self,
        part: R::Position,
        keyed: Keyed<MemoKey<R::Key, R::Position>>,
        clock: &Running,
    ) -> Result<RulesFrame<R>, Unsolved> {
        let mut slots = Vec::new();
        let mut options = Vec::new();
        for (who, player) in [Player::Left, Player::Right].into_iter().enumerate() {
            for q in self.rules.options(&part, player) {
                if options.len() % READ_OPTIONS == READ_OPTIONS - 1 {
                    clock.read().map_err(Unsolved::Stopped)?;
                }
                for c in self.parts(&q) {
                    let keyed = self.key(&c);
                    slots.push(Slot::Part(c, keyed));
                }
                options.push((who, slots.len()));
            }
        }
        Ok(Frame {
            keyed,
            slots,
            options,
            next: 0,
        })
    }
}
