//! One essay's censuses, named positions and measures, and the queries asked of them.
//!
//! The one idea: an essay defines things in reading order and asks about them as it goes, so
//! the workspace only records definitions — a census runs the first time a query needs it
//! (from the cache if its definition is unchanged) — and every answer is a [`Figure`] that the
//! essay's literal is then held against.

use super::cache;
use super::counted::{self, Asked};
use super::counting::{self, Distribution};
use super::definition::{parse_definition, Source};
use super::engine::{self, EngineError};
use super::eval::{
    not_asked_of, props_used, reads, Measures, Reads, RowEval, Scalar, Subject, ORDINAL_OF_GAMES,
};
use super::family::{Family, CONFIRM_ABOVE};
use super::forest::{Forest, MAX_EDGES};
use super::games::{GameFamily, GameMember, MemberPosition};
use super::graphs::{self, picture_record, GraphFamily, GRAPHS_CONFIRM_ABOVE};
use super::literal::{Example, Figure, Member};
use super::mixed;
use super::obtained::{CensusMethod, Engine, How, Watch};
use super::positions::{self, PositionFamily, POSITIONS_CONFIRM_ABOVE};
use super::progress::Progress;
use super::query::{
    parse_expr, parse_query, type_of, Arith, Expr, ExprKind, Extreme, FamilyRef, Query, QueryError,
    QueryKind, Type, KEYWORDS,
};
use super::record::{Field, Record, Row, Val};
use super::reference::Reference;
use super::small::Small;
use hackenbook_base::provenance::{words_by_part, Method};
use hackenbook_games::{Dyadic, GameId, Games};
use hackenbook_rulesets::hackenbush::{
    in_place, Colour, Evaluation, Evaluator, Position, Rules, Solver,
};
use hackenbook_rulesets::AnyPosition;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::Zero;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::ops::Range;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

/// How one census was obtained: for the notebook and for measuring the cache.
#[derive(Clone, Debug, PartialEq)]
pub struct CensusRun {
    pub name: String,
    /// In a reader's words: `every forest of 1 to 6 edges, blue and red`, or for a census
    /// narrowed from another, `every forest of 1 to 6 edges, blue and red, where trunks > 1`.
    pub description: String,
    pub positions: u128,
    /// Distinct property records (what queries actually scan).
    pub records: usize,
    pub seconds: f64,
    pub from_cache: bool,
    /// The engine that computed the rows, and whether this run read them back or narrowed
    /// them from another census.
    pub method: CensusMethod,
}

struct CensusEntry {
    source: Source,
    /// The rows, once run, and how they were obtained.
    rows: Option<(Members, CensusMethod)>,
    /// The block's `time_limit`, if it set one.
    time_limit: Option<std::time::Duration>,
}

/// What a census holds once run: grouped records of forests or of pictures with cycles, or
/// games in census order.
#[derive(Clone)]
enum Members {
    Positions(Arc<Vec<Row>>),
    Graphs(Arc<Vec<Row<Val, Position>>>),
    Games(Arc<Vec<GameMember>>),
}

/// What kind of member a census holds, for the type check: a property of forests is refused
/// for graphs, a property of positions for games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Holds {
    Forests,
    Graphs,
    Games,
}

impl Members {
    fn len(&self) -> usize {
        match self {
            Members::Positions(rows) => rows.len(),
            Members::Graphs(rows) => rows.len(),
            Members::Games(members) => members.len(),
        }
    }

    /// How many members entry `i` stands for.
    fn count(&self, i: usize) -> u64 {
        match self {
            Members::Positions(rows) => rows[i].count,
            Members::Graphs(rows) => rows[i].count,
            Members::Games(_) => 1,
        }
    }

    fn subject(&self, i: usize) -> Subject<'_> {
        match self {
            Members::Positions(rows) => Subject::Position(&rows[i].record),
            Members::Graphs(rows) => Subject::Position(&rows[i].record),
            Members::Games(members) => Subject::Game(&members[i]),
        }
    }

    /// The entries for which `keep` holds, in order.
    fn filter(
        &self,
        mut keep: impl FnMut(Subject) -> Result<bool, QueryError>,
    ) -> Result<Members, QueryError> {
        let mut kept = Vec::new();
        for i in 0..self.len() {
            if keep(self.subject(i))? {
                kept.push(i);
            }
        }
        Ok(match self {
            Members::Positions(rows) => {
                Members::Positions(Arc::new(kept.iter().map(|&i| rows[i].clone()).collect()))
            }
            Members::Graphs(rows) => {
                Members::Graphs(Arc::new(kept.iter().map(|&i| rows[i].clone()).collect()))
            }
            Members::Games(members) => {
                Members::Games(Arc::new(kept.iter().map(|&i| members[i].clone()).collect()))
            }
        })
    }
}

/// A named position: a Hackenbush picture under its rules, or a position of another game.
#[derive(Clone)]
enum Board {
    Hackenbush(Position, Rules),
    Other(AnyPosition),
}

#[derive(Clone)]
struct PositionEntry {
    value: GameId,
    /// The solver's methods that valued it (on one part they agreed).
    methods: Vec<Method>,
    /// The methods of each part, when it has several standing apart.
    parts: Vec<Vec<Method>>,
    board: Board,
    /// Computed on first use: the record, and why some properties are unavailable.
    record: Option<(Record, Option<String>)>,
}

/// What `list FAMILY` found: how many members and distinct records the family holds, and the
/// first records in census order, each as its smallest member and the number sharing it.
#[derive(Clone, Debug)]
pub struct Listing {
    pub positions: u64,
    pub records: usize,
    pub members: Vec<(Example, u64)>,
}

/// A family's members, and for each entry that passes the family's `where`: its index and
/// whether the query's condition holds on it.
type Scan = (Members, Vec<(usize, bool)>);

/// One essay's censuses, positions and measures.
#[derive(Default)]
pub struct Workspace {
    censuses: BTreeMap<String, CensusEntry>,
    positions: BTreeMap<String, PositionEntry>,
    measures: Measures,
    measure_types: BTreeMap<String, Type>,
    cache_dir: Option<PathBuf>,
    /// Built-in families (`forests11`) named so far, and the positions they may enumerate
    /// unconfirmed ([`CONFIRM_ABOVE`], or any number after [`Workspace::confirm_cost`]).
    builtins: BTreeSet<String>,
    builtin_budget: Option<u128>,
    runs: Vec<CensusRun>,
    /// Censuses whose definition failed (reported there): a later error that only repeats
    /// the failure is left unsaid.
    failed: BTreeSet<String>,
    /// Censuses narrowed from one of those, failed for that reason alone.
    failed_with_parent: BTreeSet<String>,
    /// Positions whose block failed (reported there).
    failed_positions: BTreeSet<String>,
    /// What the notebook says of comparisons that checked some members and were one
    /// computation on others, gathered while a query is answered ([`Watch::notes`]) ...
    pending_notes: Vec<How>,
    /// ... and kept by query, for [`Workspace::how`].
    notes: BTreeMap<String, Vec<How>>,
    /// The other essays, for a name that is not this essay's ([`Ladder`]).
    ladder: Ladder,
    /// Censuses counted by value ([`counting`]), by name: each size's value distribution.
    counted: BTreeMap<String, Arc<Vec<(usize, Distribution)>>>,
}

/// Where an essay stands among the others: a position of an earlier essay is named by that
/// essay's slug, `first-steps/half` ([`Workspace::lend_positions`]), and a name that is not
/// this essay's is answered with the essay that has it.
#[derive(Clone, Debug, Default)]
pub struct Ladder {
    /// This essay's slug (empty for the command line, which sees every essay).
    pub own: String,
    /// Every essay's slug and the names of its positions, in ladder order.
    pub essays: Vec<EssayNames>,
}

/// An essay's slug and the names of its positions.
pub type EssayNames = (String, Vec<String>);

impl Ladder {
    /// The essays before this one, and those after (for the command line: all, and none).
    fn sides(&self) -> (&[EssayNames], &[EssayNames]) {
        match self.essays.iter().position(|(slug, _)| *slug == self.own) {
            Some(at) => (&self.essays[..at], &self.essays[at + 1..]),
            None => (&self.essays, &[]),
        }
    }

    /// What to say of a position name this essay cannot see: `half`, which an essay before it
    /// names (write `first-steps/half`) or one after it; `first-steps/half` when that essay
    /// has no such position, comes later, is this essay, or does not exist. `None` when no
    /// essay names it.
    pub fn help(&self, name: &str) -> Option<String> {
        let (before, after) = self.sides();
        let later = "an essay uses the positions of the essays before it on the ladder (a lower \
                     `rung`)";
        let Some((slug, own)) = name.split_once('/') else {
            let has = |essays: &[EssayNames]| -> Vec<String> {
                essays
                    .iter()
                    .filter(|(_, names)| names.iter().any(|n| n == name))
                    .map(|(slug, _)| format!("`{slug}/{name}`"))
                    .collect()
            };
            let earlier = has(before);
            if !earlier.is_empty() {
                return Some(format!(
                    "`{name}` is a position of another essay: write {}",
                    earlier.join(" or ")
                ));
            }
            let (slug, _) = after
                .iter()
                .find(|(_, names)| names.iter().any(|n| n == name))?;
            return Some(format!(
                "`{name}` is a position of the essay `{slug}`, which comes after this one: {later}"
            ));
        };
        if slug == self.own {
            return Some(format!("`{slug}` is this essay: write `{own}`"));
        }
        if let Some((_, names)) = before.iter().find(|(s, _)| s == slug) {
            let known: Vec<&str> = names.iter().map(String::as_str).collect();
            return Some(match hackenbook_base::suggest::closest(own, &known) {
                Some(near) => format!(
                    "the essay `{slug}` has no position `{own}`: did you mean `{slug}/{near}`?"
                ),
                None => format!("the essay `{slug}` has no position `{own}`"),
            });
        }
        if after.iter().any(|(s, _)| s == slug) {
            return Some(format!("the essay `{slug}` comes after this one: {later}"));
        }
        let slugs: Vec<&str> = self.essays.iter().map(|(s, _)| s.as_str()).collect();
        Some(match hackenbook_base::suggest::closest(slug, &slugs) {
            Some(near) => format!("no essay has the slug `{slug}`: did you mean `{near}/{own}`?"),
            None => format!(
                "no essay has the slug `{slug}`; a position of another essay is written \
                 `SLUG/NAME`, with the slug of that essay"
            ),
        })
    }
}

/// What a name names: each kind has its own namespace within an essay.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NameKind {
    Position,
    Census,
    Measure,
}

impl NameKind {
    fn noun(self) -> &'static str {
        match self {
            NameKind::Position => "position",
            NameKind::Census => "census",
            NameKind::Measure => "measure",
        }
    }
}

/// Why a definition was refused: its name, or a located problem in its text (a byte range of
/// the text handed in).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refused {
    Name(String),
    Text(QueryError),
}

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refused::Name(message) => f.write_str(message),
            Refused::Text(e) => write!(f, "{e}"),
        }
    }
}

impl From<QueryError> for Refused {
    fn from(e: QueryError) -> Refused {
        Refused::Text(e)
    }
}

impl Workspace {
    /// A workspace whose census results are cached under `cache_dir` (created when needed),
    /// or not cached at all.
    pub fn new(cache_dir: Option<PathBuf>) -> Workspace {
        Workspace {
            cache_dir,
            ..Workspace::default()
        }
    }

    /// Lets built-in families of any size run: the author confirmed the cost (`--yes`).
    pub fn confirm_cost(&mut self) {
        self.builtin_budget = Some(u128::MAX);
    }

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

    /// How each census used so far was obtained, in the order they ran.
    pub fn runs(&self) -> &[CensusRun] {
        &self.runs
    }

    /// Names of the censuses defined so far.
    pub fn census_names(&self) -> impl Iterator<Item = &str> {
        self.censuses.keys().map(String::as_str)
    }

    /// The one rule for names, whatever they name: letters, digits and `_`, starting with a
    /// letter, and not taken by another definition of the same kind. A census or measure is
    /// named where the query language reads words, so it may not be one of its words; a position
    /// is named in game expressions too, so it may not read as down (`v`, `vv`, `v3`).
    pub fn check_name(&self, name: &str, kind: NameKind) -> Result<(), String> {
        let what = kind.noun();
        let identifier = name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if !identifier {
            return Err(format!(
                "`{name}` cannot name a {what}: use letters, digits and `_`, starting with a letter"
            ));
        }
        let word = KEYWORDS.contains(&name) || super::query::property(name).is_some();
        if kind != NameKind::Position && word {
            return Err(format!(
                "`{name}` is a word of the query language and cannot name a {what}"
            ));
        }
        let down =
            name.starts_with('v') && name[1..].bytes().all(|b| b.is_ascii_digit() || b == b'v');
        if kind == NameKind::Position && down {
            return Err(format!(
                "`{name}` reads as down (`v`) in a game expression: choose another name"
            ));
        }
        let taken = match kind {
            NameKind::Position => self.positions.contains_key(name),
            NameKind::Census => self.censuses.contains_key(name),
            NameKind::Measure => self.measures.contains_key(name),
        };
        if taken {
            return Err(format!(
                "a {what} named `{name}` is already defined in this essay"
            ));
        }
        Ok(())
    }

    /// Defines a census from the TOML body of a `census NAME` block (see the README for keys).
    /// Error spans are byte ranges within `body`.
    pub fn define_census(&mut self, name: &str, body: &str) -> Result<(), Refused> {
        let defined = self.define_census_here(name, body);
        if defined.is_err() && !self.censuses.contains_key(name) {
            self.failed.insert(name.to_string());
        }
        defined
    }

    /// Whether an error about `query` only repeats the failure of a census or position
    /// definition reported before.
    pub fn repeats_a_failure(&self, query: &str) -> bool {
        let mut families = Vec::new();
        let mut positions = Vec::new();
        if let Ok(q) = parse_query(query) {
            names_in(&q, &mut families, &mut positions);
        }
        families
            .iter()
            .any(|n| self.failed.contains(n) && !self.censuses.contains_key(n))
            || positions.iter().any(|n| self.is_failed_position(n))
    }

    /// Records that the block defining position `name` failed (and was reported), so that a
    /// use of the name is not reported again. A name already defined is left alone.
    pub fn position_failed(&mut self, name: &str) {
        if !self.positions.contains_key(name) {
            self.failed_positions.insert(name.to_string());
        }
    }

    /// Records that a block named `name` could not be read at all (its kind unknown, its fence
    /// never closed), so that it is not known whether it named a position or a census: a use
    /// of the name as either is not reported again. A name already defined is left alone.
    pub fn block_failed(&mut self, name: &str) {
        self.position_failed(name);
        if !self.censuses.contains_key(name) {
            self.failed.insert(name.to_string());
        }
    }

    /// Whether `name` is a position whose block failed (and no other block defines).
    pub fn is_failed_position(&self, name: &str) -> bool {
        self.failed_positions.contains(name) && !self.positions.contains_key(name)
    }

    /// Whether the census `name` failed only because the census it narrows failed before.
    pub fn failed_with_its_parent(&self, name: &str) -> bool {
        self.failed_with_parent.contains(name)
    }

    fn define_census_here(&mut self, name: &str, body: &str) -> Result<(), Refused> {
        self.check_name(name, NameKind::Census)
            .map_err(Refused::Name)?;
        let def = parse_definition(body)?;
        if let Source::Narrowed {
            parent,
            parent_span,
            filter,
            filter_offset,
            ..
        } = &def.source
        {
            if self.failed.contains(parent) {
                self.failed_with_parent.insert(name.to_string());
            }
            if !self.censuses.contains_key(parent) {
                return Err(QueryError::new(
                    parent_span.clone(),
                    format!("no census named `{parent}` is defined before this one"),
                )
                .into());
            }
            self.expect(filter, Type::Bool, "a `where` condition")
                .and_then(|()| self.check_asked_of(filter, self.holds(parent)))
                .map_err(|e| e.shifted(*filter_offset))?;
        }
        for m in &def.measures {
            self.define_measure(&m.name, &m.text)
                .map_err(|refused| match refused {
                    Refused::Name(message) => QueryError::new(m.name_span.clone(), message).into(),
                    Refused::Text(e) => Refused::Text(e.shifted(m.offset)),
                })?;
        }
        self.censuses.insert(
            name.to_string(),
            CensusEntry {
                source: def.source,
                rows: None,
                time_limit: def.time_limit,
            },
        );
        Ok(())
    }

    /// Defines a measure: a named condition or quantity about one position, usable in any
    /// later query. Spans are within `text`.
    pub fn define_measure(&mut self, name: &str, text: &str) -> Result<(), Refused> {
        self.check_name(name, NameKind::Measure)
            .map_err(Refused::Name)?;
        let expr = parse_expr(text)?;
        let ty = type_of(&expr, &self.measure_types)?;
        self.measures.insert(name.to_string(), expr);
        self.measure_types.insert(name.to_string(), ty);
        Ok(())
    }

    /// Names a position, valued under `rules` by the solver, for game expressions,
    /// `PROPERTY of NAME` queries and position-block assertions. Under the childish rules (or for
    /// a graph with a cycle) only the properties that assume no normal-play forest are available.
    /// The caller has checked an author's name with [`Workspace::check_name`].
    pub fn define_position(
        &mut self,
        name: &str,
        value: &Evaluation,
        position: Position,
        rules: Rules,
    ) {
        self.positions.insert(
            name.to_string(),
            PositionEntry {
                value: value.value,
                methods: value.methods.clone(),
                parts: value.parts.clone(),
                board: Board::Hackenbush(position, rules),
                record: None,
            },
        );
    }

    /// Names a position of another game ([`hackenbook_rulesets::registry`]), valued by the
    /// run's solver of its ruleset (`methods`: how), for game expressions, `PROPERTY of NAME`
    /// queries of the properties read off its value, and its block's assertions. The caller has
    /// checked an author's name with [`Workspace::check_name`].
    pub fn define_game_position(
        &mut self,
        name: &str,
        value: GameId,
        methods: Vec<Method>,
        position: AnyPosition,
    ) {
        self.positions.insert(
            name.to_string(),
            PositionEntry {
                value,
                methods,
                parts: Vec::new(),
                board: Board::Other(position),
                record: None,
            },
        );
    }

    /// A named Hackenbush position and the rules it is played under, for lines of play.
    pub fn position(&self, name: &str) -> Option<(&Position, Rules)> {
        match &self.positions.get(name)?.board {
            Board::Hackenbush(position, rules) => Some((position, *rules)),
            Board::Other(_) => None,
        }
    }

    /// A named position of another game than Hackenbush.
    pub fn game_position(&self, name: &str) -> Option<&AnyPosition> {
        match &self.positions.get(name)?.board {
            Board::Other(position) => Some(position),
            Board::Hackenbush(..) => None,
        }
    }

    /// The value of a named position, for game expressions.
    pub fn position_value(&self, name: &str) -> Option<GameId> {
        self.positions.get(name).map(|p| p.value)
    }

    /// Evaluates `key` (a property such as `reading`, or any per-position expression) on a
    /// named position: what a position block's `key = literal` line is checked against.
    /// Spans are within `key`.
    /// The names of the positions defined so far.
    pub fn position_names(&self) -> impl Iterator<Item = &str> {
        self.positions.keys().map(String::as_str)
    }

    /// Whether `name` is a measure defined so far.
    pub fn knows_measure(&self, name: &str) -> bool {
        self.measure_types.contains_key(name)
    }

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

    /// How each figure `query` reads was obtained, for the notebook: each census it counts
    /// over and each computed value it compares, in a reader's words. Asked after
    /// [`Workspace::evaluate`] (a census not run yet is not described).
    pub fn how(&self, query: &str) -> Vec<How> {
        let mut out = Vec::new();
        if let Ok(q) = parse_query(query) {
            self.how_query(&q, &mut out);
        }
        for note in self.notes.get(query).into_iter().flatten() {
            push_how(&mut out, note.what.clone(), note.words.clone());
        }
        out
    }

    fn how_query(&self, q: &Query, out: &mut Vec<How>) {
        match &q.kind {
            QueryKind::Count(f) | QueryKind::Smallest(f) => self.how_family(f, None, out),
            QueryKind::Share(f, e)
            | QueryKind::All(f, e)
            | QueryKind::None(f, e)
            | QueryKind::Any(f, e)
            | QueryKind::Extreme(_, e, f) => self.how_family(f, Some(e), out),
            QueryKind::Of(e, name, _) => self.how_position(e, name, out),
            QueryKind::Game(_) => push_how(
                out,
                "game".into(),
                "canonical forms (positions by the solver)".into(),
            ),
            QueryKind::Number(_) => {}
            QueryKind::Neg(a) => self.how_query(a, out),
            QueryKind::Arith(_, a, b) => {
                self.how_query(a, out);
                self.how_query(b, out);
            }
        }
    }

    /// A census's members and the values the query reads of them.
    fn how_family(&self, f: &FamilyRef, e: Option<&Expr>, out: &mut Vec<How>) {
        if self.counted.contains_key(&f.name) && self.countable(f, e).is_some() {
            let words = format!(
                "{}, the total of each size held against the closed form",
                Method::CountingByValue.words()
            );
            push_how(out, "census".into(), words);
            for field in self.fields_read([f.filter.as_ref(), e]) {
                let words = Engine::Counting.general(field).words().to_string();
                push_how(out, field.name().to_string(), words);
            }
            return;
        }
        let Some(method) = self.census_method(&f.name) else {
            return;
        };
        let engine = method.engine();
        let mut words = Method::Enumeration.words().to_string();
        if let CensusMethod::Narrowed { .. } = method {
            words.push_str(" (a census narrowed from another)");
        }
        if let CensusMethod::Cache(_) | CensusMethod::Narrowed { cached: true, .. } = method {
            words.push_str(" in an earlier build");
        }
        if let CensusMethod::Merged { shards, .. } = method {
            words.push_str(&format!(
                " in {shards} shards, computed apart and merged (each sealed under your key)"
            ));
        }
        // Held by `rows` before any figure was read: see `Family::check_totals`.
        match self.censuses.get(&f.name).map(|e| (&e.source, &e.rows)) {
            Some((Source::Family(_), _)) => {
                words.push_str(", the total of each size held against the closed form")
            }
            Some((Source::Positions(family), Some((Members::Games(members), _)))) => {
                words.push_str(&positions_words(family, members))
            }
            _ => {}
        }
        push_how(out, "census".into(), words);
        for field in self.fields_read([f.filter.as_ref(), e]) {
            let words = engine.general(field).words().to_string();
            push_how(out, field.name().to_string(), words);
        }
    }

    /// A named position's counts and values.
    fn how_position(&self, e: &Expr, name: &str, out: &mut Vec<How>) {
        let Some(entry) = self.positions.get(name) else {
            return;
        };
        let forest = entry.record.as_ref().is_some_and(|(_, why)| why.is_none());
        let engine = position_engine(forest);
        let mut used = Vec::new();
        props_used(e, &self.measures, &mut used);
        if used.iter().any(|(p, _)| p.get().from.is_none()) {
            push_how(out, "counts".into(), Method::Counted.words().into());
        }
        for field in self.fields_read([Some(e)]) {
            let words = match field {
                Field::Value => {
                    // A forest's record is valued by the game tree too, and held to the solver's.
                    let reference = engine == Engine::Reference;
                    let mut methods = entry.methods.clone();
                    if entry.parts.len() > 1 {
                        let mut words = words_by_part(&methods, &entry.parts);
                        if reference {
                            words.push_str("; the whole also by the game tree, which agrees");
                        }
                        words
                    } else {
                        if reference && !methods.contains(&Method::GameTree) {
                            methods.push(Method::GameTree);
                        }
                        hackenbook_base::provenance::words(&methods)
                    }
                }
                field => engine.general(field).words().to_string(),
            };
            push_how(out, field.name().into(), words);
        }
    }

    /// The computed values read by some expressions, measures expanded, each once.
    fn fields_read<'e>(&self, exprs: impl IntoIterator<Item = Option<&'e Expr>>) -> Vec<Field> {
        let mut fields = Vec::new();
        for e in exprs.into_iter().flatten() {
            let mut used = Vec::new();
            props_used(e, &self.measures, &mut used);
            for (p, _) in used {
                if let Some(field) = p.get().from {
                    if !fields.contains(&field) {
                        fields.push(field);
                    }
                }
            }
        }
        fields
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

    /// Built-in families, for ad-hoc queries: `forests7` (blue-red forests of 1 to 7 edges),
    /// `trees6`, `stalks10`, `forests4_LRG`, `trees5_G` — defined on first mention unless a
    /// census block already took the name.
    fn define_builtin_families(&mut self, q: &Query) {
        let mut names = Vec::new();
        families_in(q, &mut names);
        for name in names {
            if self.censuses.contains_key(&name) {
                continue;
            }
            if let Some(source) = builtin_family(&name) {
                self.builtins.insert(name.clone());
                self.censuses.insert(
                    name,
                    CensusEntry {
                        source,
                        rows: None,
                        time_limit: None,
                    },
                );
            }
        }
    }

    // ------------------------------------------------------------ checking

    fn expect(&self, e: &Expr, want: Type, what: &str) -> Result<(), QueryError> {
        let got = type_of(e, &self.measure_types)?;
        if got != want {
            let (w, g) = match want {
                Type::Bool => ("a condition", "a value"),
                Type::Value => ("a value", "a condition"),
            };
            return Err(QueryError::new(
                e.span.clone(),
                format!("{what} must be {w}, but this is {g}"),
            ));
        }
        Ok(())
    }

    /// What the census `name` holds, following narrowings.
    fn holds(&self, name: &str) -> Holds {
        let mut name = name;
        loop {
            match self.censuses.get(name).map(|c| &c.source) {
                Some(Source::Games(_) | Source::Positions(_)) => return Holds::Games,
                Some(Source::Graphs(_)) => return Holds::Graphs,
                Some(Source::Narrowed { parent, .. }) => name = parent,
                Some(Source::Family(_)) | None => return Holds::Forests,
            }
        }
    }

    /// Refuses a property of positions asked of games, one of games asked of positions, and one
    /// of forests asked of graphs, at the word (a measure: where the measure is used).
    fn check_asked_of(&self, e: &Expr, holds: Holds) -> Result<(), QueryError> {
        let games = holds == Holds::Games;
        let mut used = Vec::new();
        reads(e, &self.measures, &mut used);
        for (read, at) in used {
            match read {
                Reads::Prop(p) if !p.get().applies_to(games) => {
                    return Err(QueryError::new(at, not_asked_of(p.get(), games)))
                }
                Reads::Prop(p) if holds == Holds::Graphs && p.get().forest_only => {
                    return Err(QueryError::new(
                        at,
                        format!(
                            "`{}` is only defined for forests under normal play, and a census of graphs holds pictures with cycles",
                            p.get().name
                        ),
                    ))
                }
                Reads::Ordinal if !games => return Err(QueryError::new(at, ORDINAL_OF_GAMES)),
                _ => {}
            }
        }
        Ok(())
    }

    fn check_family(&self, f: &FamilyRef) -> Result<(), QueryError> {
        if !self.censuses.contains_key(&f.name) && positions::is_phrase(&f.name) {
            // A family in words that does not read: say where, and how it should.
            if let Err(e) = positions::parse_phrase(&f.name) {
                return Err(e.shifted(f.name_span.start));
            }
        }
        if !self.censuses.contains_key(&f.name) {
            let known: Vec<&str> = self.census_names().collect();
            return Err(QueryError::new(
                f.name_span.clone(),
                format!("no census named `{}`", f.name),
            )
            .with_help(nearest_or_list(&f.name, &known, "censuses")));
        }
        if let Some(filter) = &f.filter {
            self.expect(filter, Type::Bool, "a `where` condition")?;
            self.check_asked_of(filter, self.holds(&f.name))?;
        }
        Ok(())
    }

    /// Names and types, before anything runs: a typo fails even on an empty census.
    fn check_query(&self, q: &Query) -> Result<(), QueryError> {
        match &q.kind {
            QueryKind::Count(f) | QueryKind::Smallest(f) => self.check_family(f),
            QueryKind::Share(f, c)
            | QueryKind::All(f, c)
            | QueryKind::None(f, c)
            | QueryKind::Any(f, c) => {
                self.check_family(f)?;
                self.expect(c, Type::Bool, "the condition after `have`")?;
                self.check_asked_of(c, self.holds(&f.name))
            }
            QueryKind::Extreme(which, e, f) => {
                self.check_family(f)?;
                self.expect(e, Type::Value, &format!("what `{}` measures", which.word()))?;
                self.check_asked_of(e, self.holds(&f.name))
            }
            QueryKind::Of(e, name, span) => {
                if !self.positions.contains_key(name) {
                    let known: Vec<&str> = self.positions.keys().map(String::as_str).collect();
                    let help = self
                        .ladder
                        .help(name)
                        .unwrap_or_else(|| nearest_or_list(name, &known, "positions"));
                    return Err(QueryError::new(
                        span.clone(),
                        format!("no position named `{name}`"),
                    )
                    .with_help(help));
                }
                type_of(e, &self.measure_types)?;
                self.check_asked_of(e, Holds::Forests)
            }
            QueryKind::Number(_) | QueryKind::Game(_) => Ok(()),
            QueryKind::Neg(a) => self.check_query(a),
            QueryKind::Arith(_, a, b) => {
                self.check_query(a)?;
                self.check_query(b)
            }
        }
    }

    // ------------------------------------------------------------ running censuses

    fn rows(
        &mut self,
        name: &str,
        span: &Range<usize>,
        ev: &mut Evaluator,
    ) -> Result<(Members, CensusMethod), QueryError> {
        let entry = self
            .censuses
            .get(name)
            .ok_or_else(|| QueryError::new(span.clone(), format!("no census named `{name}`")))?;
        if let Some(rows) = &entry.rows {
            return Ok(rows.clone());
        }
        let (source, time_limit) = (entry.source.clone(), entry.time_limit);
        let stopped = |stop: hackenbook_games::Stop| {
            QueryError::new(span.clone(), format!("census `{name}` stopped: {stop}"))
        };
        let start = Instant::now();
        // A census runs under its block's time limit, or the run's.
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
                    .check_totals(super::family::counted(&rows))
                    .map_err(|why| {
                        QueryError::new(span.clone(), format!("census `{name}`: {why}"))
                    })?;
                (
                    Members::Positions(Arc::new(rows)),
                    family.in_words(),
                    method,
                )
            }
            Source::Graphs(family) => {
                let (rows, method) = ev
                    .with_time_limit(time_limit, |Evaluator { games, solver, .. }| {
                        games.timed(|games| self.run_graphs(name, family, span, solver, games))
                    })
                    .map_err(stopped)??;
                (Members::Graphs(Arc::new(rows)), family.in_words(), method)
            }
            Source::Games(family) => {
                let members = ev
                    .with_time_limit(time_limit, |ev| {
                        ev.games.timed(|games| run_games(name, family, span, games))
                    })
                    .map_err(stopped)??;
                (
                    Members::Games(Arc::new(members)),
                    family.in_words(),
                    CensusMethod::Ran(Engine::Games),
                )
            }
            Source::Positions(family) => {
                let members = self.run_positions(name, family, span, time_limit, ev)?;
                (
                    Members::Games(Arc::new(members)),
                    family.to_string(),
                    CensusMethod::Ran(Engine::Solver),
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
                let mut ev = RowEval::new(&mut ev.games, &mut ev.solver, &self.measures);
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
                    "`{name}` has forests of up to {} edges: a census enumerates at most {MAX_EDGES}; past that only figures read off values alone are counted (`count`, `share`, `min`, `max` and `total` with conditions on `value` and `edges`)",
                    family.max_edges
                ),
            ));
        }
        let fast_engine = family.palette.is_blue_red() && family.rules == Rules::Normal;
        // The engine a family's rows come from: cached rows are only ever written by it.
        let engine = if fast_engine {
            Engine::Fast
        } else {
            Engine::Composing
        };
        if let Some(dir) = &self.cache_dir {
            if let Some(cached) = cache::load(dir, family, games) {
                let method = match merged_shards(&cached.origin) {
                    Some(shards) => CensusMethod::Merged { engine, shards },
                    None => CensusMethod::Cache(engine),
                };
                return Ok((cached.rows, method));
            }
        }
        self.confirmed(name, family)
            .map_err(|message| QueryError::new(span.clone(), format!("`{name}`: {message}")))?;
        // Confirmed or not, a census the machine cannot hold is refused before it starts.
        super::memory::fits(family.cost().peak_bytes())
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
            let mut ordinal = |sign: i8, x: Small| engine::ordinal_sum(games, sign, x);
            Some(engine::run(family, &mut ordinal, &report))
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
                mixed::run(family, games, &report)
            }
        };
        progress.finish();
        // Rows are cached only under the engine a later run attributes them to (a blue-red
        // census the fast engine handed over is computed afresh each time).
        if let (Some(dir), true) = (&self.cache_dir, method == engine) {
            // The cache only saves time; a failure to write it changes no figure.
            let _ = cache::store(dir, family, &rows, method.name(), games);
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
                .within(
                    budget,
                    "pass --yes, or define it in a census block with `max_positions`",
                )
                .map_err(|message| QueryError::new(span.clone(), format!("`{name}`: {message}")))?;
        }
        if let Some(dir) = &self.cache_dir {
            let cached = cache::load(dir, family, games);
            if let Some(rows) = cached.and_then(|c| graphs::from_stored(c.rows)) {
                return Ok((rows, CensusMethod::Cache(Engine::Solver)));
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
                Engine::Solver.name(),
                games,
            );
        }
        Ok((rows, CensusMethod::Ran(Engine::Solver)))
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
        let block = self.censuses.contains_key(name) && !self.builtins.contains(name);
        if block {
            return Ok(());
        }
        family.within(
            self.builtin_budget.unwrap_or(CONFIRM_ABOVE),
            "pass --yes, or define it in a census block with `max_positions`",
        )
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
    /// computed (`3 merged shards`). The path written, or why not.
    pub fn store_rows(
        &self,
        family: &Family,
        rows: &[Row],
        origin: &str,
        games: &mut Games,
    ) -> Result<PathBuf, String> {
        let dir = (self.cache_dir.as_ref()).ok_or("this project has no census cache")?;
        cache::store(dir, family, rows, origin, games)
            .map_err(|e| format!("cannot write the census cache {}: {e}", dir.display()))
    }

    // ------------------------------------------------------------ positions

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
                    format!("`{name}` has more than {} edges", super::forest::MAX_EDGES)
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
        let mut ev = RowEval::new(&mut ev.games, &mut ev.solver, &self.measures);
        Ok(match ev.eval(e, Subject::Position(&record))? {
            Scalar::Num(d) => Figure::Number(d),
            Scalar::Bool(b) => Figure::truth(b),
            Scalar::Game(g) => Figure::Game(g),
        })
    }

    // ------------------------------------------------------------ figures

    fn example(&self, census: &str, members: &Members, i: usize, games: &mut Games) -> Example {
        let (r, member, notation) = match members {
            Members::Positions(rows) => (
                &rows[i].record,
                Member::Position(rows[i].first),
                rows[i].first.notation(),
            ),
            Members::Graphs(rows) => (
                &rows[i].record,
                Member::Graph(rows[i].first.clone()),
                rows[i].first.notation(),
            ),
            Members::Games(members) => {
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

    /// How the rows of census `name` were obtained, once it has run.
    fn census_method(&self, name: &str) -> Option<CensusMethod> {
        let entry = self.censuses.get(name)?;
        entry.rows.as_ref().map(|(_, method)| *method)
    }

    /// The family's rows that pass its `where`, each with the query's condition evaluated.
    fn scan(
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
        let solver = &mut ev.solver;
        // The records are read under the run's clock: a condition that adds or compares
        // large games (`value + [^ : 2000] > 0`) is bounded like any game expression.
        let out = ev
            .games
            .timed(|games| {
                let mut ev = RowEval::new(games, solver, measures);
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

    fn figure(&mut self, q: &Query, ev: &mut Evaluator) -> Result<Figure, QueryError> {
        if let Some(figure) = self.by_counting(q, ev)? {
            return Ok(figure);
        }
        let count = |rows: &Members, sel: &[(usize, bool)], want: Option<bool>| -> u64 {
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
                let Evaluator {
                    games,
                    solver,
                    rulesets,
                } = ev;
                let g = in_place::evaluate(text, solver, rulesets, games, &mut |name| {
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

    /// The figure of `q` counted by value ([`counting`]) when the query allows it: a count, a
    /// share, or a `min`, `max` or `total`, over a blue-red census of positions whose every
    /// condition reads values alone; `None` otherwise (the census is enumerated).
    fn by_counting(&mut self, q: &Query, ev: &mut Evaluator) -> Result<Option<Figure>, QueryError> {
        let (f, asked) = match &q.kind {
            QueryKind::Count(f) => (f, Asked::Count),
            QueryKind::Share(f, c) => (f, Asked::Share(c)),
            // `distinct` and `unique` name members that share a value: enumerated.
            QueryKind::Extreme(which, e, f)
                if matches!(which, Extreme::Min | Extreme::Max | Extreme::Total) =>
            {
                (f, Asked::Extreme(*which, e))
            }
            _ => return Ok(None),
        };
        let Some(family) = self.countable(f, asked.expr()) else {
            return Ok(None);
        };
        let sizes = self.counted_sizes(&f.name, &family, &f.name_span, ev)?;
        let (measures, solver) = (&self.measures, &mut ev.solver);
        let figure = ev
            .games
            .timed(|games| {
                counted::figure(&sizes, f, asked, &mut RowEval::new(games, solver, measures))
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
    fn countable(&self, f: &FamilyRef, e: Option<&Expr>) -> Option<Family> {
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
        if let Some(sizes) = self.counted.get(name) {
            return Ok(sizes.clone());
        }
        super::memory::fits(counting::peak_bytes(family))
            .map_err(|why| QueryError::new(span.clone(), format!("`{name}`: {why}")))?;
        let time_limit = self.censuses.get(name).and_then(|e| e.time_limit);
        let start = Instant::now();
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
        let mut positions: u128 = 0;
        for (_, d) in &sizes {
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
            description: family.to_string(),
            positions,
            records: sizes.iter().map(|(_, d)| d.len()).sum(),
            seconds: start.elapsed().as_secs_f64(),
            from_cache: false,
            method: CensusMethod::Ran(Engine::Counting),
        });
        let sizes = Arc::new(sizes);
        self.counted.insert(name.to_string(), sizes.clone());
        Ok(sizes)
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
        let mut ev = RowEval::new(&mut ev.games, &mut ev.solver, &self.measures);
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
    fn distinct(
        &self,
        which: Extreme,
        e: &Expr,
        f: &FamilyRef,
        rows: &Members,
        sel: &[(usize, bool)],
        ev: &mut Evaluator,
    ) -> Result<Figure, QueryError> {
        let mut values: Vec<Scalar> = Vec::with_capacity(sel.len());
        {
            let mut row_ev = RowEval::new(&mut ev.games, &mut ev.solver, &self.measures);
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

impl Workspace {
    /// Sets where the essay stands among the others ([`Ladder`]).
    pub fn set_ladder(&mut self, ladder: Ladder) {
        self.ladder = ladder;
    }

    /// What to say of a position name this workspace does not know, when another essay has it
    /// ([`Ladder::help`]).
    pub fn elsewhere_help(&self, name: &str) -> Option<String> {
        self.ladder.help(name)
    }

    /// Lends this essay's own positions to `to` as `slug/NAME` (names an author wrote: not an
    /// unnamed block's `position-N`, nor a name borrowed from another essay), and its failed
    /// names, so that a use of one says nothing more; with `slug` `None`, passes on the
    /// positions borrowed so far under the names they were lent by.
    pub fn lend_positions(&self, slug: Option<&str>, to: &mut Workspace) {
        let own = |name: &str| {
            name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
                && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        };
        let lent = |name: &str| match slug {
            Some(slug) => own(name).then(|| format!("{slug}/{name}")),
            None => name.contains('/').then(|| name.to_string()),
        };
        for (name, entry) in &self.positions {
            if let Some(key) = lent(name) {
                to.positions.insert(key, entry.clone());
            }
        }
        for name in &self.failed_positions {
            if let Some(key) = lent(name) {
                if !to.positions.contains_key(&key) {
                    to.failed_positions.insert(key);
                }
            }
        }
    }

    /// Names the position `name` also `alias` (the command line's `slug/NAME`).
    pub fn alias_position(&mut self, alias: &str, name: &str) {
        if let Some(entry) = self.positions.get(name) {
            let entry = entry.clone();
            self.positions.insert(alias.to_string(), entry);
        }
    }

    /// Takes the position `name` out, to be put back with [`Workspace::restore_position`]:
    /// the command line reads a later essay's position of a name an earlier one took.
    pub fn take_position(&mut self, name: &str) -> Option<SetAside> {
        self.positions.remove(name).map(SetAside)
    }

    /// Puts back a position taken out, under its name (replacing any defined since).
    pub fn restore_position(&mut self, name: &str, set_aside: SetAside) {
        self.positions.insert(name.to_string(), set_aside.0);
    }
}

/// A position taken out of a workspace for a while ([`Workspace::take_position`]).
pub struct SetAside(PositionEntry);

/// Adds how a figure was obtained, unless it is there already.
fn push_how(out: &mut Vec<How>, what: String, words: String) {
    if !out.iter().any(|h| h.what == what && h.words == words) {
        out.push(How { what, words });
    }
}

/// The record of a position of another game than Hackenbush: its value, and nothing counted
/// (the counts are Hackenbush's, refused before they are read).
fn value_record(value: Val) -> Record {
    Record {
        edges: 0,
        blue: 0,
        red: 0,
        green: 0,
        trunks: 0,
        height: 0,
        spine: 0,
        path: false,
        cycles: 0,
        colon: false,
        value,
        reading: value,
        tree_rule: value,
        sum: value,
        ordinal_sum: value,
    }
}

/// The engine behind a named position's record: the reference engine for a forest of at most
/// 16 edges under normal play (its value also the solver's, checked equal), else the solver.
fn position_engine(forest: bool) -> Engine {
    if forest {
        Engine::Reference
    } else {
        Engine::Solver
    }
}

/// The number of shards a cached census was merged from, read off the origin its cache
/// entry records (`3 merged shards`); `None` for rows a run computed whole.
fn merged_shards(origin: &str) -> Option<usize> {
    origin.strip_suffix(" merged shards")?.parse().ok()
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

/// The type a property has (for callers that want to know before asking).
/// "did you mean `tree`?" when a known name is near `name`; else the names defined (`what`:
/// "positions", "censuses"), or that there are none.
fn nearest_or_list(name: &str, known: &[&str], what: &str) -> String {
    match hackenbook_base::suggest::closest(name, known) {
        Some(near) => format!("did you mean `{near}`?"),
        None if known.is_empty() => format!("no {what} are defined"),
        None => format!("{what} defined: {}", known.join(", ")),
    }
}

pub fn property_type(name: &str) -> Option<&'static str> {
    super::query::property(name).map(|p| match p.get().ty {
        Type::Bool => "condition",
        Type::Value => "value",
    })
}

fn families_in(q: &Query, out: &mut Vec<String>) {
    names_in(q, out, &mut Vec::new());
}

/// The censuses and the positions a query names.
fn names_in(q: &Query, families: &mut Vec<String>, positions: &mut Vec<String>) {
    match &q.kind {
        QueryKind::Count(f)
        | QueryKind::Smallest(f)
        | QueryKind::Share(f, _)
        | QueryKind::All(f, _)
        | QueryKind::None(f, _)
        | QueryKind::Any(f, _)
        | QueryKind::Extreme(_, _, f) => families.push(f.name.clone()),
        QueryKind::Neg(a) => names_in(a, families, positions),
        QueryKind::Arith(_, a, b) => {
            names_in(a, families, positions);
            names_in(b, families, positions);
        }
        QueryKind::Of(_, name, _) => positions.push(name.clone()),
        QueryKind::Number(_) | QueryKind::Game(_) => {}
    }
}

/// A census of games, enumerated (and held against its published size).
fn run_games(
    name: &str,
    family: &GameFamily,
    span: &Range<usize>,
    games: &mut Games,
) -> Result<Vec<GameMember>, QueryError> {
    let members = family.members(games);
    if members.len() as u64 != family.size() {
        return Err(QueryError::new(
            span.clone(),
            format!(
                "census `{name}`: the enumeration found {} {family}, but there are {}",
                members.len(),
                family.size()
            ),
        ));
    }
    Ok(members)
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

/// How a census of a game's positions was obtained, after the enumeration: its members valued
/// by the solver, how many the plain game tree confirmed, and each level held against its closed
/// form where it has one.
fn positions_words(family: &PositionFamily, members: &[GameMember]) -> String {
    let confirmed = members
        .iter()
        .filter(|m| m.position.as_ref().is_some_and(|p| p.confirmed))
        .count();
    let tree = match (confirmed, members.len()) {
        (c, n) if c == n => "each confirmed by the plain game tree".to_string(),
        (0, _) => "none within the plain game tree's budget, so by the solver alone".to_string(),
        (c, n) => format!(
            "{} of the {} confirmed by the plain game tree, the rest beyond its budget",
            super::family::group(c as u128),
            super::family::group(n as u128)
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

/// The built-in families `query` names (`count forests20 where value = 0`: `forests20`), if
/// every other word of it is a word of the query language or a property: no position, measure
/// or game literal, so that no definition but a census block taking one of these names can
/// change its answer. `None` otherwise.
pub fn built_in_names_only(query: &str) -> Option<Vec<String>> {
    if query.contains('[') {
        return None;
    }
    let mut names = Vec::new();
    let words = query.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'));
    for word in words.filter(|w| w.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')) {
        if word == "list" || KEYWORDS.contains(&word) || super::query::property(word).is_some() {
            continue;
        }
        builtin_family(word)?;
        names.push(word.to_string());
    }
    (!names.is_empty()).then_some(names)
}

/// `forests7` → blue-red forests of 1 to 7 edges; `trees5_G` → green trees of 1 to 5 edges;
/// `games3` → every game born by day 3; `forms2` → every form born by day 2.
fn builtin_family(name: &str) -> Option<Source> {
    if positions::is_phrase(name) {
        return positions::parse_phrase(name).ok().map(Source::Positions);
    }
    if let Some(family) = GameFamily::builtin(name) {
        return Some(Source::Games(family));
    }
    if let Some(family) = GraphFamily::builtin(name) {
        return Some(Source::Graphs(family));
    }
    let (head, colours) = match name.split_once('_') {
        Some((h, c)) => (h, c),
        None => (name, "LR"),
    };
    let digits = head.find(|c: char| c.is_ascii_digit())?;
    let kind = super::family::Kind::parse(&head[..digits])?;
    let max_edges: usize = head[digits..].parse().ok()?;
    let mut palette = Vec::new();
    for c in colours.chars() {
        palette.push(Colour::from_letter(c).filter(|_| c.is_ascii_uppercase())?);
    }
    let family = Family {
        kind,
        min_edges: 1,
        max_edges,
        palette: super::forest::Palette::new(&palette),
        rules: hackenbook_rulesets::hackenbush::Rules::Normal,
    };
    // Past what a census enumerates, only families that can be counted by value.
    let enumerated = max_edges <= MAX_EDGES;
    (enumerated || counting::covers(&family).is_ok()).then_some(Source::Family(family))
}
