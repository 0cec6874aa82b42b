//! The solver: every value it reports is agreed on by every method that could run.
//!
//! The one idea: the game tree is the definition, the theorems are fast paths, and neither is
//! trusted alone. A position is split into the pieces standing separately on the ground (its
//! value is their sum); each piece is valued by every fast path whose hypotheses it meets —
//! sign expansion for blue-red stalks, the tree rule for blue-red trees with a fork (on a stalk
//! it is the sign expansion itself), the colon principle for green trees, the fusion principle
//! for green pictures with a cycle (on a tree it is the colon principle's fold), iterated
//! ordinal sums for mixed forests — and by the plain game tree whenever the piece is small
//! enough; any disagreement is an error. Only independent computations are run side by side,
//! so methods that agree are a check; a piece too large for its game tree may rest on one
//! method alone, and its methods say so. A blue-red piece no theorem covers is valued by the number search
//! ([`super::search`]); any other piece by the game tree, which then takes the fast paths for the
//! sub-positions they cover, the number search among them (each is itself checked by the plain
//! tree when the piece is small).
//!
//! Game ids are meaningful only within one [`Games`] table: use one `Solver` with one table.

use super::blocks::{shape, stalk_edges, Shape};
use super::budget::{listing_cost, move_cost, Budget, SolveError};
use super::canon::Canon;
use super::evaluation::Evaluation;
use super::green::{colon_nimber, fusion_nimber};
use super::memo::{Memo, MemoStats};
use super::moves::legal_moves;
use super::numbers::{NumberTree, Numbers};
use super::position::Position;
use super::search::NumberSearch;
use super::signs::{forest_value, stalk_value};
use super::value_cache;
use super::Rules;
use hackenbook_base::provenance::Method;
use hackenbook_games::clock::Running;
use hackenbook_games::display::nus_text;
use hackenbook_games::{Dyadic, GameId, Games, Nus, Player, Stop};
use std::time::Duration;

/// The solver's budgets.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Positions the game tree may value for one piece when it is the only method.
    pub positions: usize,
    /// Work the game tree may do for one piece, whatever its positions: a move tried costs the
    /// edges of its position plus 32.
    pub work: usize,
    /// Positions the cross-checks of one evaluation may value before they are given up (the
    /// fast paths then stand alone).
    pub cross_check_positions: usize,
    /// Work the cross-checks of one evaluation may do before they are given up.
    pub cross_check_work: usize,
    /// A forest is cross-checked when (its sub-positions × its edges), the moves the plain tree
    /// would try, is at most this: every stalk of up to a few hundred edges, every small tree.
    pub cross_check_moves: u64,
    /// A piece with a cycle is cross-checked when it has at most this many edges.
    pub cross_check_cycle_edges: usize,
    /// The game tree is never started on a piece with more edges (its depth).
    pub max_tree_edges: usize,
    /// Ordinal sums of general forms (pieces mixing green with blue or red) are taken on
    /// pieces of at most this many edges: their canonical forms grow quickly (a mixed stalk of
    /// 100 edges takes a tenth of a second, of 300 edges half a minute).
    pub max_ordinal_sum_edges: usize,
    /// No piece of a position, nor the position, may have more edges (exact numbers of
    /// sign expansions grow with the length of a stalk).
    pub max_edges: usize,
}

/// The time an evaluation may take unless `--time-limit` says otherwise.
pub const DEFAULT_TIME_LIMIT: Duration = Duration::from_secs(10);

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            positions: 250_000,
            work: 60_000_000,
            cross_check_positions: 20_000,
            cross_check_work: 12_000_000,
            cross_check_moves: 50_000,
            cross_check_cycle_edges: 16,
            max_tree_edges: 1_000,
            max_ordinal_sum_edges: 150,
            max_edges: 100_000,
        }
    }
}

/// The most the positions and work budgets grow with a longer time limit (as for 100 s, and
/// with no time limit): they bound memory as well as time.
pub const MAX_BUDGET_SCALE: u64 = 10;

impl Limits {
    /// The budgets for evaluations under a time limit of `time`: the defaults serve the default
    /// 10 s, and a longer limit grows the budgets of positions and work in proportion (rounded
    /// up), up to [`MAX_BUDGET_SCALE`] times, so raising the time limit is all a long evaluation
    /// asks (a redwood bed of 40 edges: about 30 s and four times the default work). The time
    /// limit itself is the clock's, on the games table ([`Games::set_clock`]).
    pub fn for_time(time: Option<Duration>) -> Limits {
        let scale = match time {
            Some(t) => {
                let scale = t.as_millis().div_ceil(DEFAULT_TIME_LIMIT.as_millis());
                u64::try_from(scale).unwrap_or(MAX_BUDGET_SCALE)
            }
            None => MAX_BUDGET_SCALE,
        }
        .clamp(1, MAX_BUDGET_SCALE) as usize;
        Limits::scaled(scale)
    }

    /// The default budgets of positions and work, `scale` times (at most
    /// [`MAX_BUDGET_SCALE`]): [`Limits::for_time`]'s, given its scale.
    pub fn scaled(scale: usize) -> Limits {
        let default = Limits::default();
        let scale = scale.clamp(1, MAX_BUDGET_SCALE as usize);
        Limits {
            positions: default.positions * scale,
            work: default.work * scale,
            ..default
        }
    }

    /// Is the plain game tree of this piece worth trying as a cross-check?
    fn cross_checks(&self, piece: &Position) -> bool {
        match subforests(piece) {
            Some(count) => {
                count.saturating_mul(piece.edge_count() as u64) <= self.cross_check_moves
            }
            None => piece.edge_count() <= self.cross_check_cycle_edges,
        }
    }
}

/// How many sub-positions a forest has (each a choice, at every node, of which trees above it
/// survive), saturating; `None` for a graph with a cycle. An upper bound on the memo entries
/// of its plain game tree.
fn subforests(p: &Position) -> Option<u64> {
    let rooted = p.rooted()?;
    let mut count = vec![1u64; p.node_count()];
    for &node in rooted.order.iter().rev() {
        count[node] = rooted.children[node].iter().fold(1u64, |acc, &e| {
            acc.saturating_mul(1 + count[rooted.upper[e]])
        });
    }
    Some(count[0])
}

/// Memo figures of the solver's tables.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SolverStats {
    /// The plain game trees (numbers and general forms), used as references.
    pub plain: MemoStats,
    /// The game trees with fast paths, used when no theorem covers a piece.
    pub with_fast_paths: MemoStats,
}

impl SolverStats {
    pub fn total(&self) -> MemoStats {
        self.plain.plus(&self.with_fast_paths)
    }
}

/// Plain (the definition only) or with fast paths at every sub-position they cover.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Mode {
    Plain,
    Fast,
}

/// The memoised solver. Keep one per [`Games`] table to share its memo across positions (a
/// run keeps one in its [`super::Evaluator`]). Its clock is the table's ([`Games::set_clock`]):
/// every evaluation stops once that clock's time is up or its flag is raised.
pub struct Solver {
    canon: Canon,
    plain_numbers: NumberTree,
    fast_numbers: NumberTree,
    search: NumberSearch,
    plain_games: Memo<GameId>,
    fast_games: Memo<GameId>,
    pub limits: Limits,
    /// The clock of the evaluation under way: the games table's bounded run.
    clock: Running,
    /// Where [`Solver::evaluate`] keeps the values of slow positions between runs
    /// ([`super::value_cache`]), if anywhere.
    pub value_cache: Option<std::path::PathBuf>,
}

impl Default for Solver {
    fn default() -> Solver {
        Solver::new()
    }
}

/// Values `pos` with a fresh solver (see [`Solver::evaluate`]), for a single question; a run
/// that values many positions keeps one solver and shares its memo.
pub fn evaluate(pos: &Position, rules: Rules, games: &mut Games) -> Result<Evaluation, SolveError> {
    Solver::new().evaluate(pos, rules, games)
}

impl Solver {
    pub fn new() -> Solver {
        Solver::with_limits(Limits::default())
    }

    pub fn with_limits(limits: Limits) -> Solver {
        Solver {
            canon: Canon::new(),
            plain_numbers: NumberTree::new(false),
            fast_numbers: NumberTree::new(true),
            search: NumberSearch::new(),
            plain_games: Memo::default(),
            fast_games: Memo::default(),
            limits,
            clock: Running::default(),
            value_cache: None,
        }
    }

    pub fn stats(&self) -> SolverStats {
        SolverStats {
            plain: self.plain_numbers.stats().plus(&self.plain_games.stats()),
            with_fast_paths: self
                .fast_numbers
                .stats()
                .plus(&self.fast_games.stats())
                .plus(&MemoStats {
                    entries: self.search.entries(),
                    ..MemoStats::default()
                }),
        }
    }

    /// The value of `pos` under `rules`, with every method that ran (all of which agreed).
    /// Runs with the deep stack of [`hackenbook_base::stack`], so deep positions cannot overflow it: in
    /// place on a thread that has it, else on a thread of its own.
    pub fn evaluate(
        &mut self,
        pos: &Position,
        rules: Rules,
        games: &mut Games,
    ) -> Result<Evaluation, SolveError> {
        let cache = self.value_cache.clone();
        if let Some(known) = cache
            .as_deref()
            .and_then(|dir| value_cache::load(dir, pos, rules, games))
        {
            return Ok(known);
        }
        let start = std::time::Instant::now();
        let evaluation = hackenbook_base::stack::run_deep("hackenbush-solver", || {
            self.evaluate_on_this_thread(pos, rules, games)
        })
        .unwrap_or(Err(SolveError::Budget {
            what: "bytes of stack for the solver thread",
            limit: hackenbook_base::stack::DEEP_STACK_BYTES,
        }))?;
        if let Some(dir) = cache.filter(|_| start.elapsed() >= value_cache::SLOW) {
            // The cache only saves time; a failure to write it changes no value.
            let _ = value_cache::store(&dir, pos, rules, &evaluation, games);
        }
        Ok(evaluation)
    }

    /// [`Solver::evaluate`] on the calling thread, for callers that value many small
    /// positions (a play table): the search goes about three frames deep per edge, so a
    /// position of a few dozen edges needs no stack of its own, and no thread is spawned.
    pub fn evaluate_on_this_thread(
        &mut self,
        pos: &Position,
        rules: Rules,
        games: &mut Games,
    ) -> Result<Evaluation, SolveError> {
        if pos.edge_count() > self.limits.max_edges {
            return Err(SolveError::Budget {
                what: "edges in one position",
                limit: self.limits.max_edges,
            });
        }
        let stopped = games.timed(|games| {
            self.clock = games.running();
            self.pieces(pos, rules, games)
        });
        Solver::after_a_stop(stopped)
    }

    /// After a run that the games engine's clock may have stopped midway: the stop is the
    /// run's error, and the solver's tables are kept. They hold only what was completed: a
    /// value is filed in a memo after it is computed, the number search files only bounds it
    /// has proved, and a stop unwinds only out of the games engine's operations, never out of
    /// a filing; the games table stays sound (see [`hackenbook_games::clock`]). So after a time-out
    /// the positions valued before it are not valued again, and the slow-value cache is still
    /// read and written.
    fn after_a_stop<T>(run: Result<Result<T, SolveError>, Stop>) -> Result<T, SolveError> {
        run.unwrap_or_else(|stop| Err(stop.into()))
    }

    /// The pieces of `pos`, each valued by every method that applies, summed.
    fn pieces(
        &mut self,
        pos: &Position,
        rules: Rules,
        games: &mut Games,
    ) -> Result<Evaluation, SolveError> {
        let pieces = pos.components();
        let mut value = games.zero();
        let mut methods: Vec<Method> = Vec::new();
        let mut parts: Vec<Vec<Method>> = Vec::new();
        // One budget for all the cross-checks of this call: a position of many pieces cannot
        // multiply their cost.
        let mut checks = Budget::new(
            "positions in the cross-checks",
            self.limits.cross_check_positions,
        )
        .with_work(self.limits.cross_check_work)
        .with_clock(&self.clock);
        for piece in &pieces {
            let (v, used) = self.piece(piece, rules, games, &mut checks)?;
            value = games.add(value, v);
            for &m in &used {
                if !methods.contains(&m) {
                    methods.push(m);
                }
            }
            parts.push(used);
        }
        if pieces.len() > 1 {
            methods.push(Method::SumOfPieces);
        } else {
            parts.clear();
        }
        if pieces.is_empty() {
            // Nothing to chop: no move for either player is the definition of 0.
            methods.push(Method::GameTree);
        }
        Ok(Evaluation {
            value,
            methods,
            parts,
        })
    }

    /// The game tree alone (plain: nothing but the definition; or with fast paths at every
    /// sub-position they cover), without cross-checks: for tests of the fast paths.
    pub fn game_tree(
        &mut self,
        pos: &Position,
        rules: Rules,
        games: &mut Games,
        with_fast_paths: bool,
    ) -> Result<GameId, SolveError> {
        let mode = if with_fast_paths {
            Mode::Fast
        } else {
            Mode::Plain
        };
        let stopped = games.timed(|games| {
            self.clock = games.running();
            let mut budget = Budget::new("positions in the game tree", self.limits.positions)
                .with_work(self.limits.work)
                .with_clock(&self.clock);
            self.tree(mode, pos, rules, games, &mut budget)
        });
        Solver::after_a_stop(stopped)
    }

    /// One piece: every applicable method, compared.
    fn piece(
        &mut self,
        piece: &Position,
        rules: Rules,
        games: &mut Games,
        checks: &mut Budget,
    ) -> Result<(GameId, Vec<Method>), SolveError> {
        let mut found = if rules == Rules::Normal {
            fast_paths(piece, games, &self.limits)
        } else {
            Vec::new()
        };
        let small = self.limits.cross_checks(piece);
        if found.is_empty() && rules == Rules::Normal && is_mixed(piece) && piece.is_forest() {
            return Err(SolveError::Budget {
                what: "edges in a tree mixing green with blue or red (for ordinal sums)",
                limit: self.limits.max_ordinal_sum_edges,
            });
        }
        if found.is_empty() {
            // No theorem applies: the game tree is the method. Under the childish rules no fast
            // path exists anywhere below either, so the plain tree is the whole story.
            if piece.edge_count() > self.limits.max_tree_edges {
                return Err(SolveError::Budget {
                    what: "edges in one piece for the game tree",
                    limit: self.limits.max_tree_edges,
                });
            }
            let mut budget = Budget::new("positions in the game tree", self.limits.positions)
                .with_work(self.limits.work)
                .with_clock(&self.clock);
            if rules == Rules::Childish {
                let v = self.tree(Mode::Plain, piece, rules, games, &mut budget)?;
                return Ok((v, vec![Method::GameTree]));
            }
            // A blue-red piece is found by the number search (see `tree_piece`).
            let name = match piece.is_blue_red() {
                true => Method::NumberSearch,
                false => Method::GameTreeWithFastPaths,
            };
            let v = self.tree(Mode::Fast, piece, rules, games, &mut budget)?;
            found.push((name, v));
        }
        if small {
            match self.tree(Mode::Plain, piece, rules, games, checks) {
                Ok(v) => found.push((Method::GameTree, v)),
                Err(SolveError::Budget { .. }) => {}
                Err(other) => return Err(other),
            }
        }
        agree(piece, &found, games)
    }

    /// The game tree of a position (a sum of pieces), plain or with fast paths.
    fn tree(
        &mut self,
        mode: Mode,
        p: &Position,
        rules: Rules,
        games: &mut Games,
        budget: &mut Budget,
    ) -> Result<GameId, SolveError> {
        let mut sum = games.zero();
        for piece in p.components() {
            let v = self.tree_piece(mode, &piece, rules, games, budget)?;
            sum = games.add(sum, v);
        }
        Ok(sum)
    }

    fn tree_piece(
        &mut self,
        mode: Mode,
        p: &Position,
        rules: Rules,
        games: &mut Games,
        budget: &mut Budget,
    ) -> Result<GameId, SolveError> {
        // Blue-red pieces are numbers far more cheaply than general forms, when they are; under
        // the normal rules they always are, and the number search finds them fastest.
        if p.is_blue_red() {
            if mode == Mode::Fast {
                if let Some(d) = self.search.value(&mut self.canon, p, rules, budget)? {
                    return Ok(number(games, &d));
                }
            }
            let numbers = match mode {
                Mode::Plain => &mut self.plain_numbers,
                Mode::Fast => &mut self.fast_numbers,
            };
            if let Some(d) = numbers.value(&mut self.canon, p, rules, budget)? {
                return Ok(number(games, &d));
            }
        }
        let memo = match mode {
            Mode::Plain => &mut self.plain_games,
            Mode::Fast => &mut self.fast_games,
        };
        let key = match memo.find(&mut self.canon, rules, p) {
            Ok(v) => return Ok(v),
            Err(key) => key,
        };
        let value = match (mode, rules) {
            (Mode::Fast, Rules::Normal) => self.shortcut(p, games, budget)?,
            _ => None,
        };
        let value = match value {
            Some(v) => v,
            None => {
                budget.spend()?;
                self.expand(mode, p, rules, games, budget)?
            }
        };
        let memo = match mode {
            Mode::Plain => &mut self.plain_games,
            Mode::Fast => &mut self.fast_games,
        };
        memo.store(rules, p, key, value);
        Ok(value)
    }

    /// The definition: `{ values after Left's moves | values after Right's moves }`.
    fn expand(
        &mut self,
        mode: Mode,
        p: &Position,
        rules: Rules,
        games: &mut Games,
        budget: &mut Budget,
    ) -> Result<GameId, SolveError> {
        let mut sides = [Vec::new(), Vec::new()];
        for player in Player::BOTH {
            budget.spend_work(listing_cost(p, rules))?;
            for e in legal_moves(p, rules, player) {
                budget.spend_work(move_cost(p))?;
                let v = self.tree(mode, &p.without_edge(e), rules, games, budget)?;
                sides[player.index()].push(v);
            }
        }
        Ok(games.from_options(&sides[0], &sides[1]))
    }

    /// A theorem for the whole piece, or the colon principle to shrink it (normal rules):
    /// a trunk is `edge : (what stands on it)`, and a branch hanging from a cycle may be
    /// replaced by stalks of its value when they are smaller. `None`: nothing applies.
    fn shortcut(
        &mut self,
        p: &Position,
        games: &mut Games,
        budget: &mut Budget,
    ) -> Result<Option<GameId>, SolveError> {
        if let Some(v) = one_fast_path(p, games, &self.limits) {
            return Ok(Some(v));
        }
        if is_mixed(p) && p.edge_count() > self.limits.max_ordinal_sum_edges {
            return Ok(None);
        }
        match shape(p) {
            Shape::Trunk { colour, above } => {
                let above = self.tree(Mode::Fast, &above, Rules::Normal, games, budget)?;
                let trunk = colour.edge_value(games);
                Ok(Some(games.ordinal_sum(trunk, above)))
            }
            Shape::Block(block) => {
                let mut replacements = Vec::new();
                for branch in &block.branches {
                    let v =
                        self.tree(Mode::Fast, &branch.position, Rules::Normal, games, budget)?;
                    if let Some(worth) = games.as_nus(v) {
                        if stalk_edges(worth) < branch.position.edge_count() {
                            replacements.push((branch.at, worth.clone()));
                        }
                    }
                }
                if replacements.is_empty() {
                    return Ok(None);
                }
                let smaller = block.rebuilt(&replacements);
                Ok(Some(self.tree(
                    Mode::Fast,
                    &smaller,
                    Rules::Normal,
                    games,
                    budget,
                )?))
            }
        }
    }
}

/// The id of a number. Through `Games::nus`, which looks the value up before interning it:
/// `Games::number` once gave large numbers a fresh id on every call.
fn number(games: &mut Games, d: &Dyadic) -> GameId {
    games.nus(Nus::of_number(d.clone()))
}

/// Every theorem whose hypotheses the piece meets (normal rules), with its value: each an
/// independent computation, so that two of them agreeing is a check. Where one theorem's
/// routine would only repeat another's on this piece, the second is not run: on a blue-red
/// stalk the tree rule is the sign expansion read edge by edge (each edge `±1 :` the stalk
/// above), and on a green forest the fusion principle has no cycle to fuse and is the colon
/// principle's fold.
pub fn fast_paths(p: &Position, games: &mut Games, limits: &Limits) -> Vec<(Method, GameId)> {
    let mut found = Vec::new();
    let stalk = p.stalk_colours().and_then(|c| stalk_value(&c));
    let is_stalk = stalk.is_some();
    if let Some(d) = stalk {
        found.push((Method::SignExpansion, number(games, &d)));
    }
    if let Some(d) = forest_value(p).filter(|_| !is_stalk) {
        found.push((Method::TreeRule, number(games, &d)));
    }
    if let Some(n) = colon_nimber(p).and_then(|n| u32::try_from(n).ok()) {
        found.push((Method::ColonPrinciple, games.nimber(n)));
    }
    if p.is_green() && !p.is_forest() {
        if let Some(n) = fusion_nimber(p).and_then(|n| u32::try_from(n).ok()) {
            found.push((Method::FusionPrinciple, games.nimber(n)));
        }
    }
    if is_mixed(p) && p.edge_count() <= limits.max_ordinal_sum_edges {
        if let Some(v) = ordinal_sums(p, games) {
            found.push((Method::OrdinalSums, v));
        }
    }
    found
}

/// Green together with blue or red: values are general games, not numbers nor nimbers.
fn is_mixed(p: &Position) -> bool {
    !p.is_blue_red() && !p.is_green()
}

/// The cheapest theorem that values the (non blue-red) piece, if any.
fn one_fast_path(p: &Position, games: &mut Games, limits: &Limits) -> Option<GameId> {
    if let Some(n) = fusion_nimber(p).and_then(|n| u32::try_from(n).ok()) {
        return Some(games.nimber(n));
    }
    if p.edge_count() > limits.max_ordinal_sum_edges {
        return None;
    }
    ordinal_sums(p, games)
}

/// A forest of any colours as nested ordinal sums: each tree is its trunk edge (`1`, `−1` or
/// `*`) with the sum of the forest above it standing on it.
pub fn ordinal_sums(p: &Position, games: &mut Games) -> Option<GameId> {
    let rooted = p.rooted()?;
    let mut above = vec![games.zero(); p.node_count()];
    for &node in rooted.order.iter().rev() {
        let mut sum = games.zero();
        for &e in &rooted.children[node] {
            let trunk = p.edges()[e].2.edge_value(games);
            let tree = games.ordinal_sum(trunk, above[rooted.upper[e]]);
            sum = games.add(sum, tree);
        }
        above[node] = sum;
    }
    Some(above[0])
}

/// The common value of all the methods, or the first disagreement (against the first method).
fn agree(
    piece: &Position,
    found: &[(Method, GameId)],
    games: &mut Games,
) -> Result<(GameId, Vec<Method>), SolveError> {
    let Some(&(reference, value)) = found.first() else {
        return Err(SolveError::Budget {
            what: "methods (none applied)",
            limit: 0,
        });
    };
    if let Some(&(name, other)) = found.iter().find(|(_, v)| *v != value) {
        return Err(SolveError::Disagreement {
            position: piece.notation(),
            method: name,
            method_value: display_bounded(games, other, DISPLAY_NODES),
            reference,
            reference_value: display_bounded(games, value, DISPLAY_NODES),
        });
    }
    Ok((value, found.iter().map(|&(name, _)| name).collect()))
}

/// Option-tree nodes printed in full in error messages.
const DISPLAY_NODES: usize = 400;

/// The canonical form of `g` in explicit braces (`{1/2 | {3/4 | 1}}`, atoms number-up-star
/// values), or a short note when it would exceed `max_nodes` option-tree nodes: a canonical form
/// is a shared graph but prints as a tree, so its text can be exponentially long. Written here
/// rather than through `Games::display`, whose shorthand search can be slow on large forms.
pub fn display_bounded(games: &mut Games, g: GameId, max_nodes: usize) -> String {
    explicit_within(games, g, max_nodes).unwrap_or_else(|| {
        format!("a game whose canonical form prints in more than {max_nodes} nodes")
    })
}

/// The canonical form in explicit braces, if it prints in at most `max_nodes` option nodes.
pub fn explicit_within(games: &mut Games, g: GameId, max_nodes: usize) -> Option<String> {
    let mut out = String::new();
    let mut budget = max_nodes;
    write_explicit(games, g, &mut budget, &mut out).then_some(out)
}

fn write_explicit(games: &mut Games, g: GameId, budget: &mut usize, out: &mut String) -> bool {
    if let Some(v) = games.as_nus(g) {
        out.push_str(&nus_text(v));
        return true;
    }
    if *budget == 0 {
        return false;
    }
    *budget -= 1;
    out.push('{');
    // Options in table order: `left_options` sorts by printed form, which is itself costly.
    for (side, options) in [
        games.raw_options(g, Player::Left),
        games.raw_options(g, Player::Right),
    ]
    .into_iter()
    .enumerate()
    {
        if side == 1 {
            out.push_str(" | ");
        }
        for (i, o) in options.into_iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            if !write_explicit(games, o, budget, out) {
                return false;
            }
        }
    }
    out.push('}');
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn evaluate_reads_the_value_cache_and_stores_only_slow_positions() {
        let dir = tempfile::tempdir().unwrap();
        let mut games = Games::new();
        let mut solver = Solver::new();
        solver.value_cache = Some(dir.path().to_path_buf());
        // Valued in far less than a second: nothing stored.
        let stalk = Position::parse("LRL").unwrap();
        let first = solver.evaluate(&stalk, Rules::Normal, &mut games).unwrap();
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
        // A stored value (planted here, different from the true one) is what evaluate gives.
        let planted = Evaluation {
            value: games.number(&"-5/8".parse().unwrap()),
            methods: vec![Method::NumberSearch],
            parts: Vec::new(),
        };
        assert_ne!(planted.value, first.value);
        value_cache::store(dir.path(), &stalk, Rules::Normal, &planted, &games).unwrap();
        let read = solver.evaluate(&stalk, Rules::Normal, &mut games).unwrap();
        assert_eq!(read.value, planted.value);
        assert_eq!(read.methods, [Method::Cache, Method::NumberSearch]);
        // Another solver without the cache values it afresh.
        let fresh = Solver::new()
            .evaluate(&stalk, Rules::Normal, &mut games)
            .unwrap();
        assert_eq!(fresh.value, first.value);
    }

    /// A run the games engine's clock stops: the solver keeps its memo and its slow-value
    /// cache, so what was valued before the stop is not valued again.
    #[test]
    fn a_stop_keeps_the_memo_and_the_value_cache() {
        use hackenbook_games::Clock;
        use std::sync::atomic::{AtomicBool, Ordering};
        use std::sync::Arc;
        let dir = tempfile::tempdir().unwrap();
        let mut games = Games::new();
        let mut solver = Solver::new();
        solver.value_cache = Some(dir.path().to_path_buf());
        // A piece no theorem covers (green and blue on a cycle): its game tree fills the memo.
        let cycle = Position::parse("g-a L, a-b G, b-g R, a-c G, c-g L").unwrap();
        let first = solver.evaluate(&cycle, Rules::Normal, &mut games).unwrap();
        let filled = solver.stats().total();
        assert!(filled.entries > 0);
        // A run the games engine's clock stops (its flag raised).
        let flag = Arc::new(AtomicBool::new(true));
        games.set_clock(Clock {
            limit: None,
            cancel: Some(flag.clone()),
        });
        let other = Position::parse("g-a L, a-b G, b-c R, c-g G").unwrap();
        assert_eq!(
            solver.evaluate(&other, Rules::Normal, &mut games),
            Err(SolveError::Cancelled)
        );
        flag.store(false, Ordering::Relaxed);
        // The memo is whole: the first position is found there, not valued again.
        let again = solver.evaluate(&cycle, Rules::Normal, &mut games).unwrap();
        assert_eq!(again.value, first.value);
        let after = solver.stats().total();
        assert_eq!(after.entries, filled.entries, "nothing valued again");
        assert!(after.hits > filled.hits, "found in the memo");
        // The slow-value cache is still read: a blue-red picture stored there (by another
        // solver) is answered from it, without a search.
        let bed = Position::parse("g-a L, a-b R, b-g L, a-c L, c-g R").unwrap();
        let stored = Solver::new()
            .evaluate(&bed, Rules::Normal, &mut games)
            .unwrap();
        value_cache::store(dir.path(), &bed, Rules::Normal, &stored, &games).unwrap();
        let read = solver.evaluate(&bed, Rules::Normal, &mut games).unwrap();
        assert_eq!(read.value, stored.value);
        // Read back, the value says so before the methods that first found it.
        assert_eq!(read.methods[0], Method::Cache);
        assert_eq!(read.methods[1..], stored.methods[..]);
        assert_eq!(solver.stats().total(), after, "answered by the cache alone");
    }

    #[test]
    fn budgets_grow_with_the_time_limit_up_to_their_cap() {
        let default = Limits::default();
        let scaled = |time: Option<Duration>| {
            let limits = Limits::for_time(time);
            assert_eq!(
                limits.positions / default.positions,
                limits.work / default.work
            );
            limits.positions / default.positions
        };
        let secs = |s| Some(Duration::from_secs(s));
        assert_eq!(scaled(Some(DEFAULT_TIME_LIMIT)), 1);
        assert_eq!(scaled(secs(1)), 1, "never below the defaults");
        assert_eq!(scaled(secs(25)), 3, "in proportion, rounded up");
        assert_eq!(scaled(secs(60)), 6);
        assert_eq!(scaled(secs(3600)), MAX_BUDGET_SCALE as usize);
        assert_eq!(scaled(None), MAX_BUDGET_SCALE as usize);
    }
}
