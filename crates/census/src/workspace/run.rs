//! The workspace's runner: a census's rows, obtained the first time a query needs them.
//!
//! The one idea: each kind of census has one way to its rows — read back from the cache, or
//! computed by its engine within the census's budget and clock (blue-red forests by the fast
//! engine, with the composing engine where it gives up; pictures by the solver; games and a
//! game's positions by theirs; a narrowed census from its parent's rows) — and the rows are
//! kept with how they were obtained ([`CensusMethod`]), for the notebook.
//!
//! A census of pictures is valued by the run's one Hackenbush solver itself
//! ([`Solvers::hackenbush`](hackenbook_rulesets::Solvers::hackenbush), the solver whose memo the
//! blocks and the positions written in place fill), not through Hackenbush's ruleset: its
//! members are pictures (tens of thousands of them), each valued as it is, where the ruleset's
//! path would first make each a board in play (naming every edge) and key it for the generic
//! solver's memo before lending it to this same solver: work a census is spared for speed.

use super::{builtin_family, CensusRun, Held, Workspace, CONFIRM_HOW};
use crate::definition::Source;
use crate::engines::composing;
use crate::engines::enumerating::{self, EngineError};
use crate::engines::games::{by_birthday, GameMember};
use crate::engines::graphs;
use crate::families::forests::{Family, CONFIRM_ABOVE};
use crate::families::games::GameFamily;
use crate::families::graphs::{GraphFamily, GRAPHS_CONFIRM_ABOVE};
use crate::families::positions::{PositionFamily, POSITIONS_CONFIRM_ABOVE};
use crate::forest::MAX_EDGES;
use crate::progress::Progress;
use crate::query::eval::RowEval;
use crate::query::obtained::{CensusMethod, Engine, Origin};
use crate::query::QueryError;
use crate::record::{Row, Val};
use crate::small::Small;
use crate::store::cache;
use hackenbook_games::Games;
use hackenbook_rulesets::hackenbush::{Evaluator, Position, Solver};
use hackenbook_rulesets::Family as _;
use std::ops::Range;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

impl Workspace {
    /// A narrowed census in a reader's words: its parent's members (as the parent's run put
    /// them, the parent having run first), and the condition as written.
    fn narrowed_words(&self, parent: &str, condition: &str) -> String {
        let members = self
            .runs
            .iter()
            .rev()
            .find(|r| r.name == parent)
            .map_or_else(
                || format!("the members of {parent}"),
                |r| r.description.clone(),
            );
        format!("{members}, where {condition}")
    }

    pub(super) fn rows(
        &mut self,
        name: &str,
        span: &Range<usize>,
        ev: &mut Evaluator,
    ) -> Result<(Held, CensusMethod), QueryError> {
        let entry = self
            .censuses
            .get(name)
            .ok_or_else(|| QueryError::new(span.clone(), format!("no census named `{name}`")))?;
        if let Some(rows) = &entry.rows {
            return Ok(rows.clone());
        }
        let (source, time_limit) = (entry.source.clone(), entry.time_limit);
        // A built-in family confirmed with `--yes` may have the time it is estimated to need.
        let estimate = match &source {
            // Past the largest size a census enumerates there is no estimate (it is refused).
            Source::Family(family) if family.max_edges <= MAX_EDGES => {
                Some(family.cost().seconds())
            }
            Source::Graphs(family) => Some(family.seconds()),
            _ => None,
        };
        let run_limit = ev.games.clock().limit;
        let time_limit = time_limit.or_else(|| {
            estimate.and_then(|seconds| self.estimated_time_limit(name, seconds, run_limit))
        });
        let stopped = |stop: hackenbook_games::Stop| {
            QueryError::new(span.clone(), format!("census `{name}` stopped: {stop}"))
        };
        let start = Instant::now();
        // A census runs under its block's time limit, or the run's.
        let description = match source.members() {
            Some(family) => family.in_words(),
            None => String::new(), // a narrowed census: said below, from its parent's run
        };
        let (rows, description, method) = match &source {
            Source::Family(family) => {
                let (rows, method) = ev
                    .with_time_limit(time_limit, |ev| {
                        ev.games
                            .timed(|games| self.run_family(name, family, span, games))
                    })
                    .map_err(stopped)??;
                // Every member counted once: the total of each size against the closed form,
                // whether the rows were computed now, read back or merged from shards.
                family
                    .check_totals(crate::families::forests::counted(&rows))
                    .map_err(|why| {
                        QueryError::new(span.clone(), format!("census `{name}`: {why}"))
                    })?;
                (Held::Positions(Arc::new(rows)), description, method)
            }
            Source::Graphs(family) => {
                let (rows, method) = ev
                    .with_time_limit(time_limit, |Evaluator { games, rulesets }| {
                        let solver = rulesets.hackenbush();
                        games.timed(|games| self.run_graphs(name, family, span, solver, games))
                    })
                    .map_err(stopped)??;
                (Held::Graphs(Arc::new(rows)), description, method)
            }
            Source::Games(family) => {
                let members = ev
                    .with_time_limit(time_limit, |ev| {
                        ev.games.timed(|games| run_games(name, family, span, games))
                    })
                    .map_err(stopped)??;
                (
                    Held::Games(Arc::new(members)),
                    description,
                    CensusMethod::Ran(family.engine()),
                )
            }
            Source::Positions(family) => {
                let members = self.run_positions(name, family, span, time_limit, ev)?;
                (
                    Held::Games(Arc::new(members)),
                    description,
                    CensusMethod::Ran(family.engine()),
                )
            }
            Source::Narrowed {
                parent,
                filter,
                filter_text,
                filter_offset,
                ..
            } => {
                let (parent_rows, parent_method) = self.rows(parent, span, ev)?;
                let mut ev = RowEval::new(&mut ev.games, &mut ev.rulesets, &self.measures);
                let kept = parent_rows.filter(|subject| {
                    ev.truth(filter, subject).map_err(|e| {
                        QueryError::new(
                            span.clone(),
                            format!(
                                "in the `where` of census `{name}` (at {}): {}",
                                e.span.start + filter_offset,
                                e.message
                            ),
                        )
                    })
                })?;
                (
                    kept,
                    self.narrowed_words(parent, filter_text),
                    CensusMethod::Narrowed {
                        engine: parent_method.engine(),
                        cached: matches!(
                            parent_method,
                            CensusMethod::Cache(_)
                                | CensusMethod::Merged { .. }
                                | CensusMethod::Narrowed { cached: true, .. }
                        ),
                    },
                )
            }
        };
        self.runs.push(CensusRun {
            name: name.to_string(),
            description,
            positions: (0..rows.len()).map(|i| u128::from(rows.count(i))).sum(),
            records: rows.len(),
            seconds: start.elapsed().as_secs_f64(),
            from_cache: matches!(method, CensusMethod::Cache(_) | CensusMethod::Merged { .. }),
            method,
        });
        if let Some(entry) = self.censuses.get_mut(name) {
            entry.rows = Some((rows.clone(), method));
        }
        Ok((rows, method))
    }

    /// A family's rows: from the cache, else the fast engine (blue-red), else the composing
    /// engine.
    fn run_family(
        &mut self,
        name: &str,
        family: &Family,
        span: &Range<usize>,
        games: &mut Games,
    ) -> Result<(Vec<Row>, CensusMethod), QueryError> {
        if family.max_edges > MAX_EDGES {
            return Err(QueryError::new(
                span.clone(),
                format!(
                    "`{name}` has forests of up to {} edges: a census enumerates at most {MAX_EDGES}; past that only figures read off values alone are counted (`count`, `share`, `min`, `max`, `total` and `distinct` with conditions on `value` and `edges`)",
                    family.max_edges
                ),
            ));
        }
        // The engine a family's rows come from: cached rows are only ever written by it.
        let engine = family.engine();
        let fast_engine = engine == Engine::Fast;
        if let Some(dir) = &self.cache_dir {
            if let Some(cached) = cache::load(dir, family, games) {
                // Rows of this family are only ever computed by its engine.
                let method = match cached.origin {
                    Origin::Merged { shards } => CensusMethod::Merged { engine, shards },
                    Origin::Ran(_) => CensusMethod::Cache(engine),
                };
                return Ok((cached.rows, method));
            }
        }
        self.confirmed(name, family)
            .map_err(|message| QueryError::new(span.clone(), format!("`{name}`: {message}")))?;
        // Confirmed or not, a census the machine cannot hold is refused before it starts.
        crate::memory::fits(family.cost().peak_bytes())
            .map_err(|why| QueryError::new(span.clone(), format!("`{name}`: {why}")))?;
        let total = if fast_engine {
            family.cost().evaluated
        } else {
            family.size()
        };
        let progress = Progress::new(total as u64, name);
        // The engines report progress from every thread: there the clock is read too.
        let running = games.running();
        let report = |n| {
            progress.add(n);
            running.stop_if_due();
        };
        let mut method = Engine::Fast;
        let fast = if fast_engine {
            let mut ordinal = |sign: i8, x: Small| enumerating::ordinal_sum(games, sign, x);
            Some(enumerating::run(family, &mut ordinal, &report))
        } else {
            None
        };
        let rows = match fast {
            Some(Ok(rows)) => rows,
            Some(Err(EngineError::Ordinal(message))) => {
                progress.finish();
                return Err(QueryError::new(
                    span.clone(),
                    format!("census `{name}`: the ordinal sum on canonical forms disagrees with the sign-expansion rule: {message}"),
                ));
            }
            // Not a number, or too large for the fixed width, or green edges, or the childish
            // rules: the exact general engine decides.
            Some(Err(_)) | None => {
                method = Engine::Composing;
                composing::run(family, games, &report)
            }
        };
        progress.finish();
        // Rows are cached only under the engine a later run attributes them to (a blue-red
        // census the fast engine handed over is computed afresh each time).
        if let (Some(dir), true) = (&self.cache_dir, method == engine) {
            // The cache only saves time; a failure to write it changes no figure.
            let _ = cache::store(dir, family, &rows, Origin::Ran(method), games);
        }
        Ok((rows, CensusMethod::Ran(method)))
    }

    /// A census of graphs: from the cache, else every picture valued by the solver.
    fn run_graphs(
        &mut self,
        name: &str,
        family: &GraphFamily,
        span: &Range<usize>,
        solver: &mut Solver,
        games: &mut Games,
    ) -> Result<(Vec<Row<Val, Position>>, CensusMethod), QueryError> {
        if self.builtins.contains(name) {
            let budget = self.builtin_budget.unwrap_or(GRAPHS_CONFIRM_ABOVE);
            family
                .within(budget, CONFIRM_HOW)
                .map_err(|message| QueryError::new(span.clone(), format!("`{name}`: {message}")))?;
        }
        if let Some(dir) = &self.cache_dir {
            let cached = cache::load(dir, family, games);
            if let Some(rows) = cached.and_then(|c| graphs::from_stored(c.rows)) {
                return Ok((rows, CensusMethod::Cache(family.engine())));
            }
        }
        let progress = Progress::new(family.bound() as u64, name);
        let running = games.running();
        let report = |n| {
            progress.add(n);
            running.stop_if_due();
        };
        let rows = graphs::run(family, solver, games, &report);
        progress.finish();
        let rows = rows.map_err(|e| {
            QueryError::new(
                span.clone(),
                format!(
                    "census `{name}`: the solver could not value the picture `{}`: {}",
                    e.picture, e.error
                ),
            )
        })?;
        if let Some(dir) = &self.cache_dir {
            // The cache only saves time; a failure to write it changes no figure.
            let _ = cache::store(
                dir,
                family,
                &graphs::to_stored(&rows),
                Origin::Ran(family.engine()),
                games,
            );
        }
        Ok((rows, CensusMethod::Ran(family.engine())))
    }

    /// A census of a game's positions: a built-in family's size confirmed (a block's was where
    /// it was defined), then every member valued under the census's time limit.
    fn run_positions(
        &self,
        name: &str,
        family: &PositionFamily,
        span: &Range<usize>,
        time_limit: Option<std::time::Duration>,
        ev: &mut Evaluator,
    ) -> Result<Vec<GameMember>, QueryError> {
        let refused =
            |why: String| QueryError::new(span.clone(), format!("census `{name}`: {why}"));
        if self.builtins.contains(name) {
            let budget = self.builtin_budget.unwrap_or(POSITIONS_CONFIRM_ABOVE);
            family
                .within(
                    budget,
                    "pass --yes, or define it in a census block with `max_positions`",
                )
                .map_err(refused)?;
        }
        ev.with_time_limit(
            time_limit,
            |Evaluator {
                 games, rulesets, ..
             }| { family.members(rulesets, games) },
        )
        .map_err(refused)
    }

    /// `Ok` when census `name` may run at its size: a census block's size was confirmed where
    /// it was defined (`max_positions`), and a built-in family's past [`CONFIRM_ABOVE`]
    /// positions needs `--yes` ([`Workspace::confirm_cost`]); otherwise its cost, in words.
    pub fn confirmed(&self, name: &str, family: &Family) -> Result<(), String> {
        if self.is_block(name) {
            return Ok(());
        }
        family.within(self.builtin_budget.unwrap_or(CONFIRM_ABOVE), CONFIRM_HOW)
    }

    /// The family of positions a census name stands for (a census block's, or a built-in
    /// family's), for running it in shards.
    pub fn family_named(&self, name: &str) -> Result<Family, String> {
        let source = match self.censuses.get(name) {
            Some(entry) => entry.source.clone(),
            None => builtin_family(name).ok_or_else(|| format!("no census named `{name}`"))?,
        };
        match source {
            Source::Family(family) if family.palette.is_blue_red() => Ok(family),
            Source::Family(_) => Err(format!(
                "census `{name}` has green edges: shards run on the fast engine, blue-red censuses only"
            )),
            Source::Graphs(_) => Err(format!(
                "census `{name}` holds graphs: shards run on the fast engine, blue-red forests only"
            )),
            _ => Err(format!(
                "census `{name}` is not a family of positions (games, or narrowed from another census): shard the family it comes from"
            )),
        }
    }

    /// Stores rows computed elsewhere (merged shards, whose seals were checked) in the census
    /// cache under the user's key, where a build finds them; `origin` says how they were
    /// computed ([`Origin::Merged`]). The path written, or why not.
    pub fn store_rows(
        &self,
        family: &Family,
        rows: &[Row],
        origin: Origin,
        games: &mut Games,
    ) -> Result<PathBuf, String> {
        let dir = (self.cache_dir.as_ref()).ok_or("this project has no census cache")?;
        cache::store(dir, family, rows, origin, games)
            .map_err(|e| format!("cannot write the census cache {}: {e}", dir.display()))
    }
}

/// A census of games, enumerated (and each birthday's members held against the published
/// sizes, [`GameFamily::miscounted`]).
fn run_games(
    name: &str,
    family: &GameFamily,
    span: &Range<usize>,
    games: &mut Games,
) -> Result<Vec<GameMember>, QueryError> {
    let members = family.members(games);
    if let Some(wrong) = family.miscounted(&by_birthday(&members)).first() {
        return Err(QueryError::new(
            span.clone(),
            format!(
                "census `{name}`: the enumeration found {} {family} born on day {}, but there \
                 are {}",
                wrong.got,
                wrong.level,
                wrong.want.unwrap_or(0)
            ),
        ));
    }
    Ok(members)
}

/// How a census of a game's positions was obtained, after the enumeration: its members valued
/// by the solver, how many the plain game tree confirmed, and each level held against its closed
/// form where it has one.
pub(super) fn positions_words(family: &PositionFamily, members: &[GameMember]) -> String {
    let confirmed = members
        .iter()
        .filter(|m| m.position.as_ref().is_some_and(|p| p.confirmed))
        .count();
    let tree = match (confirmed, members.len()) {
        (c, n) if c == n => "each confirmed by the plain game tree".to_string(),
        (0, _) => "none within the plain game tree's budget, so by the solver alone".to_string(),
        (c, n) => format!(
            "{} of the {} confirmed by the plain game tree, the rest beyond its budget",
            crate::families::group(c as u128),
            crate::families::group(n as u128)
        ),
    };
    let closed = match family.count() {
        hackenbook_rulesets::Count::Exact(_) => {
            ", the members of each size held against the closed form"
        }
        hackenbook_rulesets::Count::AtMost(_) => "",
    };
    format!(
        " of the game's positions, each once up to the symmetries that keep its value{closed}; each valued by the solver, {tree}"
    )
}
