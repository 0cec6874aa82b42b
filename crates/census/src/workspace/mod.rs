//! One essay's censuses, named positions and measures, and the queries asked of them.
//!
//! The one idea: an essay defines things in reading order and asks about them as it goes, so
//! the workspace only records definitions — a census runs the first time a query needs it
//! (from the cache if its definition is unchanged) — and every answer is a [`Figure`] that the
//! essay's literal is then held against.
//!
//! The workspace's registry ([`Workspace`]) is this module: what an essay has defined, by name
//! — censuses, positions, measures — and the other essays' names ([`ladder`]). A query is
//! checked ([`check`]), its censuses run ([`run`]), its figure evaluated ([`figure`]), and
//! how each figure was obtained is kept for the notebook ([`how`]).

mod check;
mod figure;
mod how;
mod ladder;
mod run;

pub use ladder::{EssayNames, Ladder};

use crate::definition::{parse_definition, Source};
use crate::engines::counting::{self, Distribution};
use crate::engines::games::GameMember;
use crate::families::forests::Family;
use crate::families::games::GameFamily;
use crate::families::graphs::GraphFamily;
use crate::families::positions;
use crate::forest::MAX_EDGES;
use crate::query::eval::{Measures, Subject};
use crate::query::literal::Example;
use crate::query::obtained::{CensusMethod, How};
use crate::query::{
    parse_expr, parse_query, type_of, Query, QueryError, QueryKind, Type, KEYWORDS,
};
use crate::record::{Record, Row, Val};
use hackenbook_base::provenance::Method;
use hackenbook_games::GameId;
use hackenbook_rulesets::hackenbush::{Colour, Evaluation, Position, Rules};
use hackenbook_rulesets::AnyPosition;
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use std::sync::Arc;

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
    rows: Option<(Held, CensusMethod)>,
    /// The block's `time_limit`, if it set one.
    time_limit: Option<std::time::Duration>,
}

/// What a census holds once run: grouped records of forests or of pictures with cycles, or
/// games in census order.
#[derive(Clone)]
enum Held {
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

impl Held {
    fn len(&self) -> usize {
        match self {
            Held::Positions(rows) => rows.len(),
            Held::Graphs(rows) => rows.len(),
            Held::Games(members) => members.len(),
        }
    }

    /// How many members entry `i` stands for.
    fn count(&self, i: usize) -> u64 {
        match self {
            Held::Positions(rows) => rows[i].count,
            Held::Graphs(rows) => rows[i].count,
            Held::Games(_) => 1,
        }
    }

    fn subject(&self, i: usize) -> Subject<'_> {
        match self {
            Held::Positions(rows) => Subject::Position(&rows[i].record),
            Held::Graphs(rows) => Subject::Position(&rows[i].record),
            Held::Games(members) => Subject::Game(&members[i]),
        }
    }

    /// The entries for which `keep` holds, in order.
    fn filter(
        &self,
        mut keep: impl FnMut(Subject) -> Result<bool, QueryError>,
    ) -> Result<Held, QueryError> {
        let mut kept = Vec::new();
        for i in 0..self.len() {
            if keep(self.subject(i))? {
                kept.push(i);
            }
        }
        Ok(match self {
            Held::Positions(rows) => {
                Held::Positions(Arc::new(kept.iter().map(|&i| rows[i].clone()).collect()))
            }
            Held::Graphs(rows) => {
                Held::Graphs(Arc::new(kept.iter().map(|&i| rows[i].clone()).collect()))
            }
            Held::Games(members) => {
                Held::Games(Arc::new(kept.iter().map(|&i| members[i].clone()).collect()))
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

/// How a refused built-in family with an estimated time runs: what `--yes` gives it
/// ([`Workspace::give_estimated_time`]), or a census block.
pub const CONFIRM_HOW: &str = "pass --yes (it then has twice the time estimated here, unless \
     --time-limit is given), or define it in a census block with `max_positions` and a \
     `time_limit` that covers it";

/// A family's members, and for each entry that passes the family's `where`: its index and
/// whether the query's condition holds on it.
type Scan = (Held, Vec<(usize, bool)>);

/// The value distributions of a census counted by value, by size.
type Counted = Vec<(usize, Distribution)>;

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
    /// Whether a built-in family confirmed with `--yes` is given the time it is estimated to
    /// need ([`Workspace::give_estimated_time`]).
    estimated_time: bool,
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
    /// Read back from the cache when `true`.
    counted: BTreeMap<String, (Arc<Counted>, bool)>,
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

    /// Gives a built-in family (forests, trees, stalks, graphs) the time it is estimated to
    /// need: twice the estimate its refusal states (at least 2 s) when that is longer than the
    /// run's time limit. For `--yes` without `--time-limit`: the author confirmed that cost.
    pub fn give_estimated_time(&mut self) {
        self.estimated_time = true;
    }

    /// The time limit census `name`, estimated to need `seconds`, runs under in place of the
    /// run's (`run`) after [`Workspace::give_estimated_time`]: twice `seconds`, at least 2 s,
    /// when longer than `run`; `None` (the run's limit stands) for a census block, without it,
    /// or under no limit at all.
    pub fn estimated_time_limit(
        &self,
        name: &str,
        seconds: f64,
        run: Option<std::time::Duration>,
    ) -> Option<std::time::Duration> {
        if !self.estimated_time || self.is_block(name) {
            return None;
        }
        let given = std::time::Duration::try_from_secs_f64(2.0 * seconds.max(1.0))
            .unwrap_or(std::time::Duration::MAX);
        (given > run?).then_some(given)
    }

    /// Whether `name` is a census block of the essay (not a built-in family).
    fn is_block(&self, name: &str) -> bool {
        self.censuses.contains_key(name) && !self.builtins.contains(name)
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
        let word = KEYWORDS.contains(&name) || crate::query::property(name).is_some();
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

    /// How the rows of census `name` were obtained, once it has run.
    fn census_method(&self, name: &str) -> Option<CensusMethod> {
        let entry = self.censuses.get(name)?;
        entry.rows.as_ref().map(|(_, method)| *method)
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
    crate::query::property(name).map(|p| match p.get().ty {
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
    let kind = crate::families::forests::Kind::parse(&head[..digits])?;
    let max_edges: usize = head[digits..].parse().ok()?;
    let mut palette = Vec::new();
    for c in colours.chars() {
        palette.push(Colour::from_letter(c).filter(|_| c.is_ascii_uppercase())?);
    }
    let family = Family {
        kind,
        min_edges: 1,
        max_edges,
        palette: crate::forest::Palette::new(&palette),
        rules: hackenbook_rulesets::hackenbush::Rules::Normal,
    };
    // Past what a census enumerates, only families that can be counted by value.
    let enumerated = max_edges <= MAX_EDGES;
    (enumerated || counting::covers(&family).is_ok()).then_some(Source::Family(family))
}
