//! The workspace's figure evaluation: a query's answer, as a [`Figure`].
//!
//! The one idea: a figure is a sum over the members a family's `where` keeps, each weighted by
//! how many positions share its record — a count, a share, an extreme with its example, a
//! total — or a property of one named position; a figure that reads values alone of a large
//! blue-red census is answered by counting members by value instead ([`crate::engines::counting`]).

use super::{Board, CensusRun, Held, Listing, Scan, Workspace};
use crate::definition::Source;
use crate::engines::counting::{self, Distribution};
use crate::engines::games::{GameMember, MemberPosition};
use crate::engines::graphs::picture_record;
use crate::engines::reference::Reference;
use crate::families::forests::Family;
use crate::forest::Forest;
use crate::query::counted::{self, Asked};
use crate::query::eval::{props_used, RowEval, Scalar, Subject};
use crate::query::literal::{Example, Figure, Member};
use crate::query::obtained::{CensusMethod, Engine, Watch};
use crate::query::{
    parse_expr, parse_query, type_of, Arith, Expr, ExprKind, Extreme, FamilyRef, Query, QueryError,
    QueryKind,
};
use crate::record::{Facts, Field, Record, Val};
use crate::store::cache;
use hackenbook_games::{Dyadic, Games};
use hackenbook_rulesets::hackenbush::{Evaluator, Rules};
use hackenbook_rulesets::in_place;
use hackenbook_rulesets::Family as _;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::Zero;
use std::collections::HashMap;
use std::ops::Range;
use std::sync::Arc;
use std::time::Instant;

impl Workspace {
    pub fn property(
        &mut self,
        position: &str,
        key: &str,
        ev: &mut Evaluator,
    ) -> Result<Figure, QueryError> {
        let expr = parse_expr(key)?;
        type_of(&expr, &self.measure_types)?;
        self.of_position(&expr, position, 0..key.len(), ev)
    }

    /// Answers a query (see the README for the language) in the run's evaluation context.
    /// Spans are within `query`.
    pub fn evaluate(&mut self, query: &str, ev: &mut Evaluator) -> Result<Figure, QueryError> {
        let q = parse_query(query)?;
        self.define_builtin_families(&q);
        self.check_query(&q)?;
        self.pending_notes.clear();
        let figure = self.figure(&q, ev)?;
        let mut notes = std::mem::take(&mut self.pending_notes);
        notes.dedup();
        self.notes.insert(query.to_string(), notes);
        Ok(figure)
    }

    /// Lists the members of a family, `list FAMILY` (`list woods where value = 0`): the
    /// smallest position of each distinct record (notation, value and properties) with the
    /// number of positions that share it, in census order, at most `limit` of them.
    /// Spans are within `query`.
    pub fn list(
        &mut self,
        query: &str,
        limit: usize,
        ev: &mut Evaluator,
    ) -> Result<Listing, QueryError> {
        let lead = query.len() - query.trim_start().len();
        let body = &query[lead..];
        let keyword = body.split_whitespace().next().unwrap_or("");
        if keyword != "list" {
            return Err(QueryError::new(
                lead..lead + keyword.len(),
                "expected `list FAMILY`, e.g. `list forests6 where value = 0`",
            ));
        }
        // `list F` is read as `count F`, one letter longer: spans after the keyword move back.
        let counted = format!("{}count{}", &query[..lead], &body[4..]);
        let back = |mut e: QueryError| {
            let (a, b) = (e.span.start.saturating_sub(1), e.span.end.saturating_sub(1));
            e.span = a.max(lead)..b.max(lead);
            e
        };
        let q = parse_query(&counted).map_err(back)?;
        let QueryKind::Count(family) = &q.kind else {
            return Err(QueryError::new(
                lead..query.len(),
                "expected `list FAMILY`, e.g. `list forests6 where value = 0`",
            ));
        };
        self.define_builtin_families(&q);
        self.check_query(&q).map_err(back)?;
        let (rows, selected) = self.scan(family, None, ev).map_err(back)?;
        let positions = selected.iter().map(|(i, _)| rows.count(*i)).sum();
        let members = selected
            .iter()
            .take(limit)
            .map(|(i, _)| {
                let example = self.example(&family.name, &rows, *i, &mut ev.games);
                (example, rows.count(*i))
            })
            .collect();
        Ok(Listing {
            positions,
            records: selected.len(),
            members,
        })
    }

    fn position_record(
        &mut self,
        name: &str,
        span: &Range<usize>,
        games: &mut Games,
    ) -> Result<(Record, Option<String>), QueryError> {
        let entry = self
            .positions
            .get(name)
            .ok_or_else(|| QueryError::new(span.clone(), format!("no position named `{name}`")))?;
        if let Some(r) = &entry.record {
            return Ok(r.clone());
        }
        let value = entry.value;
        let (position, rules) = match &entry.board {
            Board::Hackenbush(position, rules) => (position, *rules),
            Board::Other(p) => {
                let game = p.ruleset().name();
                let result = (
                    value_record(Val::of_game(value, games)),
                    Some(format!("`{name}` is a position of {game}")),
                );
                if let Some(entry) = self.positions.get_mut(name) {
                    entry.record = Some(result.clone());
                }
                return Ok(result);
            }
        };
        let forest = position
            .to_forest()
            .filter(|trees| Forest::from_trees(trees).is_some());
        let record = match (&forest, rules) {
            (Some(nodes), Rules::Normal) => Reference::new(games).record(nodes),
            _ => None,
        };
        let result = match (record, rules) {
            (Some(record), Rules::Normal) => {
                let given = Val::of_game(value, games);
                if record.value != given {
                    return Err(QueryError::new(
                        span.clone(),
                        format!(
                            "the census engine values `{name}` at {} but the solver at {}: one of them is wrong",
                            record.value.display(games),
                            given.display(games)
                        ),
                    ));
                }
                (record, None)
            }
            (_, rules) => {
                let p = position;
                let why = if rules == Rules::Childish {
                    format!("`{name}` is played under childish rules")
                } else if forest.is_none() && p.to_forest().is_some() {
                    format!("`{name}` has more than {} edges", crate::forest::MAX_EDGES)
                } else {
                    format!("`{name}` is not a forest (it has a cycle or shared nodes)")
                };
                let record = picture_record(p, Val::of_game(value, games))
                    .map_err(|e| QueryError::new(span.clone(), format!("`{name}`: {e}")))?;
                (record, Some(why))
            }
        };
        if let Some(entry) = self.positions.get_mut(name) {
            entry.record = Some(result.clone());
        }
        Ok(result)
    }

    fn of_position(
        &mut self,
        e: &Expr,
        name: &str,
        span: Range<usize>,
        ev: &mut Evaluator,
    ) -> Result<Figure, QueryError> {
        let (record, unavailable) = self.position_record(name, &span, &mut ev.games)?;
        let engine = position_engine(unavailable.is_none());
        if let Some(why) = unavailable {
            let mut used = Vec::new();
            props_used(e, &self.measures, &mut used);
            let other = self.game_position(name).is_some();
            if let Some((p, at)) = used
                .iter()
                .find(|(p, _)| other && p.get().from != Some(Field::Value))
            {
                let pname = p.get().name;
                return Err(QueryError::new(
                    at.clone(),
                    format!(
                        "`{pname}` is not read off a position's value, so it is defined for \
                         Hackenbush positions only, and {why}"
                    ),
                ));
            }
            if let Some((p, at)) = used.iter().find(|(p, _)| p.get().forest_only) {
                let pname = p.get().name;
                return Err(QueryError::new(
                    at.clone(),
                    format!("`{pname}` is only defined for forests under normal play, and {why}"),
                ));
            }
        }
        let mut watch = Watch::new(Some(e), &self.measures);
        watch.see(engine, Subject::Position(&record), 1);
        watch.verdict(engine, &format!("position `{name}`"))?;
        let mut ev = RowEval::new(&mut ev.games, &mut ev.rulesets, &self.measures);
        Ok(match ev.eval(e, Subject::Position(&record))? {
            Scalar::Num(d) => Figure::Number(d),
            Scalar::Bool(b) => Figure::truth(b),
            Scalar::Game(g) => Figure::Game(g),
        })
    }

    fn example(&self, census: &str, members: &Held, i: usize, games: &mut Games) -> Example {
        let (r, member, notation) = match members {
            Held::Positions(rows) => (
                &rows[i].record,
                Member::Position(rows[i].first),
                rows[i].first.notation(),
            ),
            Held::Graphs(rows) => (
                &rows[i].record,
                Member::Graph(rows[i].first.clone()),
                rows[i].first.notation(),
            ),
            Held::Games(members) => {
                return match &members[i].position {
                    Some(p) => position_example(census, &members[i], p, games),
                    None => game_example(census, &members[i], games),
                }
            }
        };
        // A picture with cycles has no leftmost reading: its cycles are said instead.
        let tail = match member {
            Member::Graph(_) => {
                format!("{} cycle{}", r.cycles, if r.cycles == 1 { "" } else { "s" })
            }
            _ => format!("reading {}", r.reading.display(games)),
        };
        let mut colours = format!("{} blue, {} red", r.blue, r.red);
        if r.green > 0 {
            colours.push_str(&format!(", {} green", r.green));
        }
        Example {
            census: census.to_string(),
            member,
            notation,
            value: r.value.display(games),
            summary: format!(
                "{} edge{} ({colours}), value {}, {tail}",
                r.edges,
                if r.edges == 1 { "" } else { "s" },
                r.value.display(games),
            ),
        }
    }

    /// The family's rows that pass its `where`, each with the query's condition evaluated.
    pub(super) fn scan(
        &mut self,
        f: &FamilyRef,
        cond: Option<&Expr>,
        ev: &mut Evaluator,
    ) -> Result<Scan, QueryError> {
        let (rows, method) = self.rows(&f.name, &f.name_span, ev)?;
        let engine = method.engine();
        // A comparison between two figures computed the same way checks nothing: the filter's
        // over the whole census, the condition's over the members that pass the filter.
        let mut filtered = Watch::new(f.filter.as_ref(), &self.measures);
        let mut asked = Watch::new(cond, &self.measures);
        let measures = &self.measures;
        let solvers = &mut ev.rulesets;
        // The records are read under the run's clock: a condition that adds or compares
        // large games (`value + [^ : 2000] > 0`) is bounded like any game expression.
        let out = ev
            .games
            .timed(|games| {
                let mut ev = RowEval::new(games, solvers, measures);
                let mut out = Vec::new();
                for i in 0..rows.len() {
                    let subject = rows.subject(i);
                    filtered.see(engine, subject, rows.count(i));
                    if let Some(filter) = &f.filter {
                        if !ev.truth(filter, subject)? {
                            continue;
                        }
                    }
                    asked.see(engine, subject, rows.count(i));
                    let c = match cond {
                        Some(c) => ev.truth(c, subject)?,
                        None => true,
                    };
                    out.push((i, c));
                }
                Ok(out)
            })
            .map_err(|stop| {
                QueryError::new(
                    f.name_span.clone(),
                    format!("reading the records of `{}` stopped: {stop}", f.name),
                )
            })??;
        let place = format!("census `{}`", f.name);
        filtered.verdict(engine, &place)?;
        asked.verdict(engine, &place)?;
        self.pending_notes.extend(filtered.notes(engine));
        self.pending_notes.extend(asked.notes(engine));
        Ok((rows, out))
    }

    pub(super) fn figure(&mut self, q: &Query, ev: &mut Evaluator) -> Result<Figure, QueryError> {
        if let Some(figure) = self.by_counting(q, ev)? {
            return Ok(figure);
        }
        let count = |rows: &Held, sel: &[(usize, bool)], want: Option<bool>| -> u64 {
            sel.iter()
                .filter(|(_, c)| want.is_none_or(|w| *c == w))
                .map(|(i, _)| rows.count(*i))
                .sum()
        };
        // Rows are sorted by their smallest member, so the first match is the smallest.
        let first = |sel: &[(usize, bool)], want: bool| {
            sel.iter().find(|(_, c)| *c == want).map(|(i, _)| *i)
        };
        Ok(match &q.kind {
            QueryKind::Count(f) => {
                let (rows, sel) = self.scan(f, None, ev)?;
                Figure::Integer(count(&rows, &sel, None).into())
            }
            QueryKind::Share(f, c) => {
                let (rows, sel) = self.scan(f, Some(c), ev)?;
                let whole = count(&rows, &sel, None);
                if whole == 0 {
                    return Err(QueryError::new(
                        f.name_span.clone(),
                        "a share of an empty family is undefined",
                    ));
                }
                Figure::Share {
                    part: count(&rows, &sel, Some(true)).into(),
                    whole: whole.into(),
                }
            }
            QueryKind::All(f, c) | QueryKind::None(f, c) | QueryKind::Any(f, c) => {
                let (rows, sel) = self.scan(f, Some(c), ev)?;
                // The smallest position that decides the statement: a counterexample, or a witness.
                let (holds, decisive) = match &q.kind {
                    QueryKind::All(..) => {
                        let bad = first(&sel, false);
                        (bad.is_none(), bad)
                    }
                    QueryKind::None(..) => {
                        let bad = first(&sel, true);
                        (bad.is_none(), bad)
                    }
                    _ => {
                        let witness = first(&sel, true);
                        (witness.is_some(), witness)
                    }
                };
                Figure::Bool {
                    holds,
                    example: decisive.map(|i| self.example(&f.name, &rows, i, &mut ev.games)),
                }
            }
            QueryKind::Smallest(f) => {
                let (rows, sel) = self.scan(f, None, ev)?;
                match sel.first() {
                    Some((i, _)) => {
                        Figure::Example(self.example(&f.name, &rows, *i, &mut ev.games))
                    }
                    None => {
                        return Err(QueryError::new(
                            f.name_span.clone(),
                            "the family is empty: it has no smallest member",
                        ))
                    }
                }
            }
            QueryKind::Extreme(which, e, f) => self.extreme(*which, e, f, ev)?,
            QueryKind::Of(e, name, span) => self.of_position(e, name, span.clone(), ev)?,
            QueryKind::Number(text) => number_figure(text, &q.span)?,
            QueryKind::Game(text) => {
                // Positions may stand in the game: named (`[tree + 1]`) or in place (`[[LR] + 1]`).
                let Evaluator { games, rulesets } = ev;
                let g = in_place::evaluate(text, rulesets, games, &mut |name| {
                    self.position_value(name)
                })
                .map_err(|e| {
                    QueryError::new(q.span.clone(), format!("in `[{text}]`: {}", e.message))
                })?;
                match games.as_number(g) {
                    Some(d) => Figure::Number(d),
                    None => Figure::Game(g),
                }
            }
            QueryKind::Neg(a) => {
                let x = self.figure(a, ev)?;
                arith_figures(
                    Arith::Sub,
                    &Figure::Integer(BigInt::zero()),
                    &x,
                    &q.span,
                    &ev.games,
                )?
            }
            QueryKind::Arith(op, a, b) => {
                let x = self.figure(a, ev)?;
                let y = self.figure(b, ev)?;
                arith_figures(*op, &x, &y, &q.span, &ev.games)?
            }
        })
    }

    /// The figure of `q` counted by value ([`counting`]) when the query allows it
    /// ([`Asked::of`]: a count, a share, a `min`, `max` or `total`, a `distinct`) over a blue-red
    /// census of positions whose every condition reads values alone; `None` otherwise (the
    /// census is enumerated).
    fn by_counting(&mut self, q: &Query, ev: &mut Evaluator) -> Result<Option<Figure>, QueryError> {
        let Some((f, asked)) = Asked::of(&q.kind) else {
            return Ok(None);
        };
        let Some(family) = self.countable(f, asked.expr()) else {
            return Ok(None);
        };
        let sizes = self.counted_sizes(&f.name, &family, &f.name_span, ev)?;
        let (measures, solvers) = (&self.measures, &mut ev.rulesets);
        let figure = ev
            .games
            .timed(|games| {
                counted::figure(
                    &sizes,
                    f,
                    asked,
                    &mut RowEval::new(games, solvers, measures),
                )
            })
            .map_err(|stop| {
                QueryError::new(
                    f.name_span.clone(),
                    format!("reading the values of `{}` stopped: {stop}", f.name),
                )
            })??;
        Ok(Some(figure))
    }

    /// The family of census `f` if counting by value answers a query of it that reads `e`
    /// (and its `where`): a blue-red family under the normal rules, every condition on values
    /// alone ([`counted::reads_values_only`]).
    pub(super) fn countable(&self, f: &FamilyRef, e: Option<&Expr>) -> Option<Family> {
        match &self.censuses.get(&f.name)?.source {
            Source::Family(family)
                if counting::covers(family).is_ok()
                    && counted::reads_values_only(&[f.filter.as_ref(), e], &self.measures) =>
            {
                Some(family.clone())
            }
            _ => None,
        }
    }

    /// The value distributions of census `name`, counted on first use under its time limit
    /// (refused before it starts if the machine cannot hold it).
    fn counted_sizes(
        &mut self,
        name: &str,
        family: &Family,
        span: &Range<usize>,
        ev: &mut Evaluator,
    ) -> Result<Arc<Vec<(usize, Distribution)>>, QueryError> {
        if let Some((sizes, _)) = self.counted.get(name) {
            return Ok(sizes.clone());
        }
        let start = Instant::now();
        if let Some(dir) = &self.cache_dir {
            if let Some(sizes) = cache::load_counted(dir, family) {
                self.counted_run(name, family, &sizes, start, true, span)?;
                let sizes = Arc::new(sizes);
                (self.counted).insert(name.to_string(), (sizes.clone(), true));
                return Ok(sizes);
            }
        }
        counting::affordable(family)
            .map_err(|why| QueryError::new(span.clone(), format!("`{name}`: {why}")))?;
        crate::memory::fits(counting::peak_bytes(family))
            .map_err(|why| QueryError::new(span.clone(), format!("`{name}`: {why}")))?;
        let time_limit = self.censuses.get(name).and_then(|e| e.time_limit);
        let sizes = ev
            .with_time_limit(time_limit, |ev| {
                ev.games.timed(|games| {
                    let running = games.running();
                    counting::count(family, &|_| running.stop_if_due())
                })
            })
            .map_err(|stop| {
                QueryError::new(span.clone(), format!("census `{name}` stopped: {stop}"))
            })?
            .map_err(|e| QueryError::new(span.clone(), format!("census `{name}`: {e}")))?;
        if let Some(dir) = &self.cache_dir {
            // The cache only saves time; a failure to write it changes no figure.
            let _ = cache::store_counted(dir, family, &sizes);
        }
        self.counted_run(name, family, &sizes, start, false, span)?;
        let sizes = Arc::new(sizes);
        (self.counted).insert(name.to_string(), (sizes.clone(), false));
        Ok(sizes)
    }

    /// Records a census counted by value (or read back from the cache) among the runs.
    fn counted_run(
        &mut self,
        name: &str,
        family: &Family,
        sizes: &[(usize, Distribution)],
        start: Instant,
        from_cache: bool,
        span: &Range<usize>,
    ) -> Result<(), QueryError> {
        let mut positions: u128 = 0;
        for (_, d) in sizes {
            positions = d
                .total()
                .ok()
                .and_then(|t| positions.checked_add(t))
                .ok_or_else(|| {
                    QueryError::new(
                        span.clone(),
                        format!("census `{name}` has more than 2^128 members to count"),
                    )
                })?;
        }
        self.runs.push(CensusRun {
            name: name.to_string(),
            description: family.in_words(),
            positions,
            records: sizes.iter().map(|(_, d)| d.len()).sum(),
            seconds: start.elapsed().as_secs_f64(),
            from_cache,
            method: match from_cache {
                true => CensusMethod::Cache(Engine::Counting),
                false => CensusMethod::Ran(Engine::Counting),
            },
        });
        Ok(())
    }

    fn extreme(
        &mut self,
        which: Extreme,
        e: &Expr,
        f: &FamilyRef,
        ev: &mut Evaluator,
    ) -> Result<Figure, QueryError> {
        let (rows, sel) = self.scan(f, None, ev)?;
        // An empty family has no distinct values and no two members sharing one.
        if sel.is_empty() && !matches!(which, Extreme::Distinct | Extreme::Unique) {
            return Err(QueryError::new(f.name_span.clone(), "the family is empty"));
        }
        if let Some(method) = self.census_method(&f.name) {
            let mut measured = Watch::new(Some(e), &self.measures);
            for (i, _) in &sel {
                measured.see(method.engine(), rows.subject(*i), rows.count(*i));
            }
            measured.verdict(method.engine(), &format!("census `{}`", f.name))?;
            self.pending_notes.extend(measured.notes(method.engine()));
        }
        if matches!(which, Extreme::Distinct | Extreme::Unique) {
            return self.distinct(which, e, f, &rows, &sel, ev);
        }
        let mut ev = RowEval::new(&mut ev.games, &mut ev.rulesets, &self.measures);
        let mut best: Option<Scalar> = None;
        let mut total = Dyadic::zero();
        for (i, _) in &sel {
            let x = ev.eval(e, rows.subject(*i))?;
            if which == Extreme::Total {
                match &x {
                    Scalar::Num(d) => total = &total + &(d * &Dyadic::integer(rows.count(*i))),
                    _ => {
                        return Err(QueryError::new(
                            e.span.clone(),
                            "`total` adds numbers; this is a game that is not a number",
                        ))
                    }
                }
                continue;
            }
            best = Some(ev.extreme(which, x, best.take(), e)?);
        }
        Ok(match (which, best) {
            (Extreme::Total, _) => Figure::Number(total),
            (_, Some(Scalar::Num(d))) => Figure::Number(d),
            (_, Some(Scalar::Game(g))) => Figure::Game(g),
            _ => {
                return Err(QueryError::new(
                    e.span.clone(),
                    "`min` and `max` need a value",
                ))
            }
        })
    }
}

impl Workspace {
    /// `distinct EXPR over FAMILY`: how many distinct values `e` takes over the members;
    /// `unique EXPR over FAMILY`: whether no two members share one, and when two do, the
    /// smallest member whose value another has, named with the next member of that value (or
    /// counted, when the others are listed under the same record and have no notation here).
    pub(super) fn distinct(
        &self,
        which: Extreme,
        e: &Expr,
        f: &FamilyRef,
        rows: &Held,
        sel: &[(usize, bool)],
        ev: &mut Evaluator,
    ) -> Result<Figure, QueryError> {
        let mut values: Vec<Scalar> = Vec::with_capacity(sel.len());
        {
            let mut row_ev = RowEval::new(&mut ev.games, &mut ev.rulesets, &self.measures);
            for (i, _) in sel {
                values.push(row_ev.eval(e, rows.subject(*i))?);
            }
        }
        // Members of each value, and the selected rows holding it in census order.
        let mut by_value: HashMap<&Scalar, (u64, Vec<usize>)> = HashMap::new();
        for (k, ((i, _), x)) in sel.iter().zip(&values).enumerate() {
            let entry = by_value.entry(x).or_default();
            entry.0 += rows.count(*i);
            entry.1.push(k);
        }
        if which == Extreme::Distinct {
            return Ok(Figure::Integer(by_value.len().into()));
        }
        // Rows come in census order, so the first shared value met is the smallest member's.
        let shared = sel.iter().zip(&values).find_map(|((i, _), x)| {
            let (members, at) = &by_value[x];
            (*members > 1).then(|| (*i, x, *members, at.clone()))
        });
        let Some((i, x, members, at)) = shared else {
            return Ok(Figure::truth(true));
        };
        let mut example = self.example(&f.name, rows, i, &mut ev.games);
        let shown = match x {
            Scalar::Num(d) => d.to_string(),
            Scalar::Bool(b) => b.to_string(),
            Scalar::Game(g) => ev.games.display(*g),
        };
        // What was compared, in the summary's words (`edges 1`), when it is one word.
        let what = match &e.kind {
            ExprKind::Prop(p) => format!("{} {shown}", p.get().name),
            ExprKind::Measure(name) => format!("{name} {shown}"),
            _ => format!("the same figure, {shown},"),
        };
        let others = members - 1;
        let next = at
            .iter()
            .map(|&k| sel[k].0)
            .find(|&j| j != i)
            .filter(|_| rows.count(i) == 1)
            .map(|j| self.example(&f.name, rows, j, &mut ev.games).notation);
        example.summary.push_str(&match next {
            Some(n) if others == 1 => format!("; {what} for {n} too"),
            Some(n) => format!("; {what} for {n} and {} more members too", others - 1),
            None if others == 1 => format!("; {what} for another member too"),
            None => format!("; {what} for {others} other members too"),
        });
        Ok(Figure::Bool {
            holds: false,
            example: Some(example),
        })
    }
}

/// The record of a position of another game than Hackenbush: its value, and nothing counted
/// (the counts are Hackenbush's, refused before they are read).
fn value_record(value: Val) -> Record {
    Record::valued(Facts::default(), value)
}

/// The engine behind a named position's record: the reference engine for a forest of at most
/// 16 edges under normal play (its value also the solver's, checked equal), else the solver.
pub(super) fn position_engine(forest: bool) -> Engine {
    if forest {
        Engine::Reference
    } else {
        Engine::Solver
    }
}

fn number_figure(text: &str, span: &Range<usize>) -> Result<Figure, QueryError> {
    match text.parse::<Dyadic>() {
        Ok(d) if d.is_integer() => Ok(Figure::Integer(d.numerator().clone())),
        Ok(d) => Ok(Figure::Number(d)),
        Err(_) => {
            let (i, f) = text.split_once('.').unwrap_or((text, ""));
            if let Some(message) = hackenbook_games::dyadic::leading_zero(i) {
                return Err(QueryError::new(span.clone(), message));
            }
            let scale = num_traits::pow(BigInt::from(10), f.len());
            let whole: BigInt = format!("{i}{f}")
                .parse()
                .map_err(|_| QueryError::new(span.clone(), format!("`{text}` is not a number")))?;
            Ok(Figure::Rational(BigRational::new(whole, scale)))
        }
    }
}

/// Arithmetic between figures: exact, integers staying integers where they can.
fn arith_figures(
    op: Arith,
    x: &Figure,
    y: &Figure,
    span: &Range<usize>,
    games: &Games,
) -> Result<Figure, QueryError> {
    let quantity = |f: &Figure| {
        f.to_rational(games).ok_or_else(|| {
            QueryError::new(
                span.clone(),
                "arithmetic needs counts, shares or numbers on both sides",
            )
        })
    };
    let (a, b) = (quantity(x)?, quantity(y)?);
    let r = match op {
        Arith::Add => a + b,
        Arith::Sub => a - b,
        Arith::Mul => a * b,
        Arith::Div => {
            if b.is_zero() {
                return Err(QueryError::new(span.clone(), "division by zero"));
            }
            a / b
        }
    };
    let both_integers = matches!((x, y), (Figure::Integer(_), Figure::Integer(_)));
    Ok(if both_integers && op != Arith::Div {
        Figure::Integer(r.to_integer())
    } else {
        match Dyadic::from_rational(&r) {
            Some(d) => Figure::Number(d),
            None => Figure::Rational(r),
        }
    })
}

/// A member of a census of games, as an example: `{0 | ↑} = ⇑∗ (born on day 3)`.
fn game_example(census: &str, m: &GameMember, games: &mut Games) -> Example {
    let value_born = games.birthday(m.value);
    let summary = if value_born == m.born as u64 {
        format!("born on day {}", m.born)
    } else {
        format!(
            "a form born on day {}, its value on day {value_born}",
            m.born
        )
    };
    Example {
        census: census.to_string(),
        member: Member::Game {
            value: m.value,
            left: m.left.clone(),
            right: m.right.clone(),
            form: m.form,
        },
        notation: m.shown(games),
        value: games.display(m.value),
        summary,
    }
}

/// A member of a census of a game's positions, as an example: `../..`, `4 cells, value ±1`.
fn position_example(census: &str, m: &GameMember, p: &MemberPosition, games: &Games) -> Example {
    let value = games.display(m.value);
    Example {
        census: census.to_string(),
        member: Member::GamePosition(p.position.clone()),
        notation: p.position.print(),
        value: value.clone(),
        summary: format!(
            "a {} position of size {}, value {}",
            p.position.ruleset().name(),
            p.size,
            games.display_unicode(m.value)
        ),
    }
}
