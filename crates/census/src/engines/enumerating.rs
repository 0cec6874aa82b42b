//! The fast census of blue-red forests: every forest evaluated once, by rank, level by level.
//!
//! The one idea: a forest's options are forests with fewer edges, and every forest with fewer
//! edges has already been evaluated and stored at its dense rank — so the game-tree value is
//! `n` array look-ups and the simplicity rule, the tree rule is one ordinal sum on a stored
//! value, and each size is spread over the cores by shape. Nothing here assumes a theorem: the
//! value comes from the game tree, and the theorems are separate columns that queries compare.

use super::tally::{Gather, Tally};
use crate::families::forests::{Family, Shard};
use crate::forest::{shape_index, shape_rank, shapes, Forest, Palette};
use crate::record::{forest_count, order_key, Facts, Groups, Readings, Record, Row, Val};
use crate::small::Small;
use hackenbook_games::{signs, Games, Stop};
use hackenbook_rulesets::hackenbush::Colour;
use rayon::prelude::*;
use rustc_hash::{FxHashMap, FxHashSet};
use std::collections::HashMap;
use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};

pub use super::tally::EngineError;

/// One unit of a rayon worker's work: a shape and all its colourings. `progress` reads the
/// census's clock and stops a run whose time is up, or whose flag is raised, by unwinding
/// ([`hackenbook_games::clock::Running::stop_if_due`]). In a worker that stop is caught here and
/// returned as [`EngineError::Stopped`], so that the parallel iterator hands out no more work:
/// an unwinding worker would have rayon run every job already split off before passing it on
/// (9 s after the deadline of `forests12`). [`stopped`] unwinds with it on the calling thread.
fn unit<T>(work: impl FnOnce() -> Result<T, EngineError>) -> Result<T, EngineError> {
    match catch_unwind(AssertUnwindSafe(work)) {
        Ok(done) => done,
        Err(payload) => match payload.downcast::<Stop>() {
            Ok(stop) => Err(EngineError::Stopped(*stop)),
            Err(other) => resume_unwind(other),
        },
    }
}

/// The outcome of parallel work, with a stop that [`unit`] caught unwinding again, on the
/// calling thread, to the census's bounded run.
fn stopped<T>(done: Result<T, EngineError>) -> Result<T, EngineError> {
    match done {
        Err(EngineError::Stopped(stop)) => resume_unwind(Box::new(stop)),
        other => other,
    }
}

/// Where a shard resumes and how it saves its progress: the top-size shapes of its run already
/// counted and their rows (from the last checkpoint, or none), and `save`, called with the
/// shapes done and their rows between chunks of `chunk` shapes once `every` has passed since
/// the last save.
pub struct Resume<'a> {
    pub done: usize,
    pub rows: Vec<Row>,
    pub chunk: usize,
    pub every: std::time::Duration,
    pub save: &'a mut dyn FnMut(usize, Vec<Row>) -> Result<(), String>,
}

/// How the fast engine runs a census; the rows are the same whichever way.
#[derive(Default)]
pub struct How<'a> {
    /// Stream the size below the top too (its tables then hold two sizes fewer, and the top
    /// size's pieces of the size below are evaluated shape by shape): [`Family::streams`].
    pub stream: bool,
    /// Resume from a checkpoint and save new ones (for a shard of a long census).
    pub resume: Option<Resume<'a>>,
}

/// The ordinal sum `edge : x` of a trunk (sign ±1) with a number, by the general construction
/// on canonical forms ([`ordinal_sum`]): what the sign-expansion shortcut is
/// held against.
pub type OrdinalSum<'a> = dyn FnMut(i8, Small) -> Result<Small, String> + 'a;

/// Values of every forest of each size below the one being censused, by rank.
struct Tables {
    palette: Palette,
    values: Vec<Vec<Small>>,
    rules: Vec<Vec<Small>>,
    ordinal: FxHashMap<(i8, Small), Small>,
    shape_index: Vec<Option<Vec<u32>>>,
    /// Bits per colour digit: 0 for a one-colour palette, 1 for blue and red.
    bits: u32,
    /// The palette's colours by digit.
    colours: Vec<Colour>,
    /// The one size below the top that is streamed, not stored (`usize::MAX`: none): a
    /// top-size shape's pieces of this size are evaluated with the shape, into its [`Local`].
    local: usize,
}

/// The tables of the streamed size that one top-size shape looks up: every colouring of each
/// of its pieces' shapes of that size, slot by slot.
#[derive(Default)]
struct Local {
    shapes: Vec<u32>,
    values: Vec<Small>,
    rules: Vec<Small>,
}

fn sign(c: Colour) -> i8 {
    if c == Colour::Red {
        -1
    } else {
        1
    }
}

fn add(a: Small, b: Small) -> Result<Small, EngineError> {
    a.checked_add(b).ok_or(EngineError::Overflow(Forest::EMPTY))
}

/// A contiguous run of edges `first..first + size` that is itself a forest: its value is at
/// `base + (its colour digits)` in the table of its size.
#[derive(Clone, Copy, Debug)]
struct Piece {
    first: usize,
    size: usize,
    base: usize,
}

/// Cutting edge `index` removes `size` edges; the option's shape has rank `base / k^(n-size)`.
#[derive(Clone, Copy, Debug)]
struct Cut {
    index: usize,
    size: usize,
    base: usize,
}

/// A trunk: the tree it roots and the forest it carries.
#[derive(Clone, Copy, Debug)]
struct Trunk {
    index: usize,
    tree: Piece,
    above: Piece,
}

/// A node of the leftmost path: the forest standing there, and its first tree when there is
/// more than one (otherwise the colon condition holds trivially there).
#[derive(Clone, Copy, Debug)]
struct SpineNode {
    index: usize,
    above: Piece,
    first: Option<Piece>,
}

/// Everything about a shape that does not depend on the colours, worked out once for all
/// `k^n` colourings: then each colouring is a handful of divisions and table look-ups.
struct ShapePlan {
    shape: u32,
    n: usize,
    cuts: Vec<Cut>,
    trunks: Vec<Trunk>,
    first_tree: Option<Piece>,
    spine: Vec<SpineNode>,
    height: u8,
    path: bool,
}

impl Tables {
    /// Empty tables for a blue-red family under the normal rules (the childish rules are the
    /// composing engine's).
    fn new(family: &Family) -> Result<Tables, EngineError> {
        if family.palette.len() > 2
            || !family.palette.is_blue_red()
            || family.rules != hackenbook_rulesets::hackenbush::Rules::Normal
        {
            return Err(EngineError::NotANumber(Forest::EMPTY));
        }
        Ok(Tables {
            palette: family.palette,
            values: Vec::new(),
            rules: Vec::new(),
            ordinal: FxHashMap::default(),
            shape_index: Vec::new(),
            bits: if family.palette.len() == 2 { 1 } else { 0 },
            colours: family.palette.colours().collect(),
            local: usize::MAX,
        })
    }

    /// A piece, at its rank in its size's table, or (of the streamed size) at its slot in
    /// the shape's `locals`.
    fn piece(&self, forest: Forest, e_first: usize, locals: &mut Vec<u32>) -> Piece {
        let size = forest.edges();
        let shape = if size == self.local {
            let slot = locals.iter().position(|&s| s == forest.shape());
            slot.unwrap_or_else(|| {
                locals.push(forest.shape());
                locals.len() - 1
            }) as u64
        } else {
            match self.shape_index.get(size) {
                Some(Some(table)) => table[forest.shape() as usize] as u64,
                _ => shape_rank(forest.shape(), size),
            }
        };
        Piece {
            first: e_first,
            size,
            base: (shape * self.palette.colourings(size)) as usize,
        }
    }

    fn plan(&self, f: Forest, locals: &mut Vec<u32>) -> ShapePlan {
        let n = f.edges();
        let cuts = f
            .edge_list()
            .iter()
            .map(|e| {
                let option = self.piece(f.without(e), 0, locals);
                Cut {
                    index: e.index,
                    size: e.size(),
                    base: option.base,
                }
            })
            .collect();
        let trunk_list = f.trunks();
        let trunks = trunk_list
            .iter()
            .map(|e| Trunk {
                index: e.index,
                tree: self.piece(f.tree(e), e.index, locals),
                above: self.piece(f.above(e), e.index + 1, locals),
            })
            .collect::<Vec<_>>();
        let first_tree = match trunks.as_slice() {
            [first, _, ..] => Some(first.tree),
            _ => None,
        };
        let spine = f
            .spine()
            .iter()
            .map(|e| {
                let above = f.above(e);
                let carried = above.trunks();
                SpineNode {
                    index: e.index,
                    above: self.piece(above, e.index + 1, locals),
                    first: match carried.first() {
                        Some(t) if carried.len() > 1 => {
                            Some(self.piece(above.tree(t), e.index + 1, locals))
                        }
                        _ => None,
                    },
                }
            })
            .collect();
        ShapePlan {
            shape: f.shape(),
            n,
            cuts,
            trunks,
            first_tree,
            spine,
            height: forest_count(f.height()),
            path: f.is_path(),
        }
    }
}

/// One colouring of a planned shape: its index `c` read as base-`k` digits, first edge first.
struct Colouring<'a> {
    c: u64,
    plan: &'a ShapePlan,
    t: &'a Tables,
    /// Values and tree-rule values by size: the tables, and the shape's [`Local`] at the
    /// streamed size.
    values: &'a [&'a [Small]],
    rules: &'a [&'a [Small]],
}

impl Colouring<'_> {
    /// The digits of `c` above the lowest `low` ones: `c / k^low`. The fast engine only sees
    /// palettes of one or two colours, so a digit is `bits` (0 or 1) bits wide. (Digit
    /// counts here are edges of a packed forest, at most MAX_EDGES: they fit any shift.)
    fn high(&self, low: usize) -> u64 {
        self.c >> (self.t.bits * low as u32)
    }

    /// The lowest `count` digits of `x`: `x mod k^count`.
    fn low(&self, x: u64, count: usize) -> u64 {
        x & ((1u64 << (self.t.bits * count as u32)) - 1)
    }

    fn colour(&self, i: usize) -> Colour {
        let digit = self.low(self.high(self.plan.n - 1 - i), 1);
        self.t.colours[digit as usize]
    }

    /// The value of a piece: its colour digits are a middle stretch of `c`'s.
    fn piece(&self, p: Piece, table: &[&[Small]]) -> Small {
        let digits = self.low(self.high(self.plan.n - p.first - p.size), p.size);
        table[p.size][p.base + digits as usize]
    }

    /// The value of an option: `c` with the cut edges' digits taken out.
    fn option(&self, cut: Cut) -> Small {
        let n = self.plan.n;
        let after = n - cut.index - cut.size;
        let digits =
            (self.high(n - cut.index) << (self.t.bits * after as u32)) | self.low(self.c, after);
        self.values[n - cut.size][cut.base + digits as usize]
    }

    /// The simplicity rule over the options.
    fn game_value(&self) -> Result<Small, EngineError> {
        let (mut best_left, mut best_right): (Option<Small>, Option<Small>) = (None, None);
        for &cut in &self.plan.cuts {
            let v = self.option(cut);
            match self.colour(cut.index) {
                Colour::Blue => best_left = Some(best_left.map_or(v, |b| b.max(v))),
                Colour::Red => best_right = Some(best_right.map_or(v, |b| b.min(v))),
                Colour::Green => return Err(EngineError::NotANumber(self.forest())),
            }
        }
        Small::simplest_between(best_left, best_right)
            .ok_or_else(|| EngineError::NotANumber(self.forest()))
    }

    /// The tree rule: a trunk's sign, then the sign expansion of what it carries; a forest
    /// is the sum of its trees.
    fn rule_value(&self) -> Result<Small, EngineError> {
        if let [trunk] = self.plan.trunks.as_slice() {
            let above = self.piece(trunk.above, self.rules);
            return signs::colon(self.colour(trunk.index) == Colour::Blue, &above)
                .ok_or_else(|| EngineError::Overflow(self.forest()));
        }
        let mut total = Small::ZERO;
        for trunk in &self.plan.trunks {
            total = add(total, self.piece(trunk.tree, self.rules))?;
        }
        Ok(total)
    }

    fn forest(&self) -> Forest {
        let n = self.plan.n;
        Forest::from_parts(self.plan.shape, self.t.palette.colouring(self.c, n), n)
    }

    /// Every property of the forest, given its game-tree and tree-rule values.
    fn record(&self, value: Small, rule: Small) -> Result<Record, EngineError> {
        let t = self.t;
        let mut sum = Small::ZERO;
        let mut ordinal_sum = Small::ZERO;
        for trunk in &self.plan.trunks {
            let tree = if self.plan.trunks.len() == 1 {
                value
            } else {
                self.piece(trunk.tree, self.values)
            };
            sum = add(sum, tree)?;
            let key = (
                sign(self.colour(trunk.index)),
                self.piece(trunk.above, self.values),
            );
            let ordinal = t.ordinal.get(&key).copied().ok_or_else(|| {
                EngineError::Ordinal(format!("no ordinal sum for {} : {}", key.0, key.1))
            })?;
            ordinal_sum = add(ordinal_sum, ordinal)?;
        }
        let spine = &self.plan.spine;
        let reading = signs::from_signs(spine.iter().map(|s| self.colour(s.index) == Colour::Blue))
            .ok_or_else(|| EngineError::Overflow(self.forest()))?;
        // The ground first (the whole forest against its first tree), then every spine node.
        let ground = self
            .plan
            .first_tree
            .is_none_or(|first| self.piece(first, self.values) == value);
        let colon = ground
            && spine.iter().all(|node| {
                node.first.is_none_or(|first| {
                    self.piece(first, self.values) == self.piece(node.above, self.values)
                })
            });
        let n = self.plan.n;
        let (blue, red, green) =
            (0..n).fold((0u32, 0u32, 0u32), |(b, r, g), i| match self.colour(i) {
                Colour::Blue => (b + 1, r, g),
                Colour::Red => (b, r + 1, g),
                Colour::Green => (b, r, g + 1),
            });
        let facts = Facts {
            edges: forest_count(n),
            blue,
            red,
            green,
            trunks: forest_count(self.plan.trunks.len()),
            height: self.plan.height,
            spine: forest_count(spine.len()),
            path: self.plan.path,
            cycles: 0,
            colon,
        };
        let readings = Readings {
            value,
            reading,
            tree_rule: rule,
            sum,
            ordinal_sum,
        };
        Ok(Record::new(facts, readings.map(Val::Num)))
    }
}

/// One size of a census run: the shapes of `n` edges, the tables of the sizes below, and the
/// family whose records are wanted (`None`: values only, as for a streamed piece).
#[derive(Clone, Copy)]
struct Level<'a> {
    n: usize,
    t: &'a Tables,
    family: Option<&'a Family>,
}

/// Where a shape's game-tree and tree-rule values go, one slot per colouring.
struct Slots<'b> {
    values: &'b mut [Small],
    rules: &'b mut [Small],
}

impl Level<'_> {
    /// One shape under every colouring: values and rules into `slots`, and, if the family
    /// admits the shape, each colouring with its record to `emit`, in rank order (so the first
    /// forest to reach a record is the smallest one of this batch). Returns how many forests
    /// of the streamed size it evaluated on the way (for progress).
    fn visit(
        self,
        shape: u32,
        slots: Slots,
        recent: &mut Recent,
        mut emit: impl FnMut(&Colouring, Record) -> Result<(), EngineError>,
    ) -> Result<u64, EngineError> {
        let Level { n, t, family } = self;
        let kn = t.palette.colourings(n);
        let admitted = family.is_some_and(|fam| fam.kind.admits(shape, n));
        let mut local = Local::default();
        let plan = t.plan(Forest::from_parts(shape, 0, n), &mut local.shapes);
        let mut value_levels: Vec<&[Small]> = t.values.iter().map(Vec::as_slice).collect();
        let mut rule_levels: Vec<&[Small]> = t.rules.iter().map(Vec::as_slice).collect();
        let mut streamed = 0;
        if n > t.local && !local.shapes.is_empty() {
            // The pieces of the streamed size: each of their shapes under every colouring, first.
            let k = t.palette.colourings(t.local) as usize;
            local.values = vec![Small::ZERO; local.shapes.len() * k];
            local.rules = vec![Small::ZERO; local.shapes.len() * k];
            let pieces = Level {
                n: t.local,
                t,
                family: None,
            };
            for ((&s, values), rules) in local
                .shapes
                .iter()
                .zip(local.values.chunks_mut(k))
                .zip(local.rules.chunks_mut(k))
            {
                if let Some((_, rv, rr)) = recent.0.iter().find(|e| e.0 == s) {
                    values.copy_from_slice(rv);
                    rules.copy_from_slice(rr);
                    continue;
                }
                let slots = Slots { values, rules };
                pieces.visit(s, slots, &mut Recent::default(), ignore)?;
                streamed += k as u64;
                if recent.0.len() == RECENT {
                    recent.0.pop_front();
                }
                recent.0.push_back((s, values.to_vec(), rules.to_vec()));
            }
            value_levels.push(&local.values);
            rule_levels.push(&local.rules);
        }
        for c in 0..kn {
            let colouring = Colouring {
                c,
                plan: &plan,
                t,
                values: &value_levels,
                rules: &rule_levels,
            };
            let value = colouring.game_value()?;
            let rule = colouring.rule_value()?;
            slots.values[c as usize] = value;
            slots.rules[c as usize] = rule;
            if admitted {
                emit(&colouring, colouring.record(value, rule)?)?;
            }
        }
        Ok(streamed)
    }

    /// [`Level::visit`] gathering each record into `gather`; `rank` is the shape's rank among
    /// the shapes of its size. Returns how many forests it evaluated, streamed pieces included.
    fn group(
        self,
        shape: u32,
        rank: u64,
        slots: Slots,
        recent: &mut Recent,
        gather: &mut Gather,
    ) -> Result<u64, EngineError> {
        let kn = self.t.palette.colourings(self.n);
        let streamed = self.visit(shape, slots, recent, |colouring, record| {
            let order = order_key(self.n, rank * kn + colouring.c);
            gather.add(&record, order, || colouring.forest())
        })?;
        Ok(kn + streamed)
    }
}

/// The streamed size's shapes a thread evaluated last, with their values and tree-rule values:
/// the top size's shapes come in rank order, and neighbours share many pieces (planning every
/// shape of 12 edges, a window of 256 leaves 3.1 of its 5.1 pieces' shapes to evaluate).
#[derive(Default)]
struct Recent(std::collections::VecDeque<(u32, Vec<Small>, Vec<Small>)>);

/// How many shapes [`Recent`] keeps (8 MB a thread at 12 edges).
const RECENT: usize = 256;

/// What a shape visited only for its values does with records (a function, not a closure, so
/// that `Level::visit` calling itself is one instance).
fn ignore(_: &Colouring, _: Record) -> Result<(), EngineError> {
    Ok(())
}

/// Runs the census of a blue-red family. The `ordinal_sum` column is taken by the
/// sign-expansion shortcut ([`signs::colon`]); `ordinal` computes `edge : x` by the general
/// construction on canonical forms for each distinct pair met, and the two must agree (see
/// [`extend_ordinals`]); `progress` is told how many positions each finished batch held.
pub fn run(
    family: &Family,
    ordinal: &mut OrdinalSum,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Vec<Row>, EngineError> {
    run_shard(family, Shard::WHOLE, ordinal, progress)
}

/// One shard of the census of a blue-red family (see [`Shard`]); the shards' rows, combined
/// by [`combine`], are the rows of [`run`].
pub fn run_shard(
    family: &Family,
    shard: Shard,
    ordinal: &mut OrdinalSum,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Vec<Row>, EngineError> {
    let how = How {
        stream: family.streams(),
        resume: None,
    };
    run_with(family, shard, how, ordinal, progress)
}

/// [`run_shard`], run the way `how` says.
pub fn run_with(
    family: &Family,
    shard: Shard,
    mut how: How,
    ordinal: &mut OrdinalSum,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Vec<Row>, EngineError> {
    let mut t = Tables::new(family)?;
    let top = family.max_edges;
    if how.stream && top >= 2 {
        t.local = top - 1;
    }
    let tally = Tally::new(family.palette);
    for n in 0..=top {
        let in_range = n >= family.min_edges && shard.index == 0;
        let counted = in_range.then_some((family, &tally));
        if n == top {
            census_level(
                n,
                (family, &tally),
                shard,
                &t,
                progress,
                how.resume.as_mut(),
            )?;
        } else if n == t.local {
            let distinct = value_level(n, counted, &t, progress)?;
            extend_ordinals(&mut t, &distinct, ordinal, progress)?;
        } else {
            let (values, rules) = store_level(n, counted, &t, progress)?;
            extend_ordinals(&mut t, &values, ordinal, progress)?;
            t.values.push(values);
            t.rules.push(rules);
            t.shape_index.push(shape_index(n));
        }
    }
    // The tables are done with: the rows take their place.
    drop(t);
    tally.into_rows()
}

/// The rows of a census from the rows of its parts: counts added, the smallest member kept.
pub fn combine(parts: impl IntoIterator<Item = Vec<Row>>) -> Vec<Row> {
    parts
        .into_iter()
        .fold(Groups::default(), |groups, rows| {
            groups.merge(Groups::from_rows(rows))
        })
        .into_rows()
}

/// Computes `edge : x` for every value `x` among forests of one size by the sign-expansion
/// shortcut (the edge's sign, then the sign expansion of `x`: [`signs::colon`]), and holds
/// each against `ordinal`, the general construction on canonical forms, which shares no
/// arithmetic with it: a disagreement fails the census. The values (tens of millions at 10
/// edges, a few thousand distinct) are gathered a chunk at a time, and `progress` is told of
/// none between chunks, so that the census's clock is read there too.
fn extend_ordinals(
    t: &mut Tables,
    values: &[Small],
    ordinal: &mut OrdinalSum,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<(), EngineError> {
    let mut distinct = FxHashSet::default();
    for chunk in values.chunks(1 << 20) {
        distinct.extend(chunk.iter().copied());
        progress(0);
    }
    let mut distinct: Vec<Small> = distinct.into_iter().collect();
    distinct.sort();
    for x in distinct {
        for s in [1i8, -1] {
            if t.ordinal.contains_key(&(s, x)) {
                continue;
            }
            let by_signs = signs::colon(s > 0, &x).ok_or(EngineError::Overflow(Forest::EMPTY))?;
            let by_forms = ordinal(s, x).map_err(EngineError::Ordinal)?;
            if by_forms != by_signs {
                return Err(EngineError::Ordinal(format!(
                    "{s} : {x} is {by_forms} on canonical forms but {by_signs} by sign expansion"
                )));
            }
            t.ordinal.insert((s, x), by_signs);
        }
    }
    Ok(())
}

/// The family a level's records are counted for, and the table they are gathered into
/// (`None`: the level is only evaluated, for the sizes above it).
type Counted<'a> = Option<(&'a Family, &'a Tally)>;

/// A level that later levels need: every forest of `n` edges evaluated and stored.
fn store_level(
    n: usize,
    counted: Counted,
    t: &Tables,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<(Vec<Small>, Vec<Small>), EngineError> {
    let level = Level {
        n,
        t,
        family: counted.map(|c| c.0),
    };
    let all = shapes(n);
    let kn = t.palette.colourings(n) as usize;
    let mut values = vec![Small::ZERO; all.len() * kn];
    let mut rules = vec![Small::ZERO; all.len() * kn];
    let done = values
        .par_chunks_mut(kn)
        .zip(rules.par_chunks_mut(kn))
        .zip(all.par_iter().enumerate())
        .try_for_each_init(
            || Worker::new(counted, 0),
            |worker, ((vals, rls), (rank, &shape))| {
                unit(|| {
                    let slots = Slots {
                        values: vals,
                        rules: rls,
                    };
                    progress(worker.group(level, shape, rank as u64, slots)?);
                    Ok(())
                })
            },
        );
    stopped(done)?;
    Ok((values, rules))
}

/// What one rayon job of a level keeps between shapes: where its records go (if the level's
/// records are counted), scratch slots for a shape's values when the level is not stored, and
/// the streamed pieces it evaluated last.
struct Worker<'a> {
    gather: Option<Gather<'a>>,
    values: Vec<Small>,
    rules: Vec<Small>,
    recent: Recent,
}

impl<'a> Worker<'a> {
    /// A worker with `scratch` slots of each kind (0 when the level is stored).
    fn new(counted: Counted<'a>, scratch: usize) -> Worker<'a> {
        Worker {
            gather: counted.map(|(_, tally)| tally.gather()),
            values: vec![Small::ZERO; scratch],
            rules: vec![Small::ZERO; scratch],
            recent: Recent::default(),
        }
    }

    /// One shape of `level` valued into `slots` (the worker's scratch when `None`), its records
    /// gathered if they are counted; how many forests it evaluated.
    fn group(
        &mut self,
        level: Level,
        shape: u32,
        rank: u64,
        slots: Slots,
    ) -> Result<u64, EngineError> {
        match &mut self.gather {
            Some(gather) => level.group(shape, rank, slots, &mut self.recent, gather),
            None => {
                let streamed = level.visit(shape, slots, &mut self.recent, ignore)?;
                Ok(level.t.palette.colourings(level.n) + streamed)
            }
        }
    }

    /// One shape valued into the worker's own scratch slots.
    fn group_scratch(&mut self, level: Level, shape: u32, rank: u64) -> Result<u64, EngineError> {
        let (mut values, mut rules) = (
            std::mem::take(&mut self.values),
            std::mem::take(&mut self.rules),
        );
        let slots = Slots {
            values: &mut values,
            rules: &mut rules,
        };
        let done = self.group(level, shape, rank, slots);
        (self.values, self.rules) = (values, rules);
        done
    }
}

/// The streamed size below the top: every forest evaluated, nothing stored but its distinct
/// values (the ordinal sums the top size needs) and, if the family counts it, its records.
fn value_level(
    n: usize,
    counted: Counted,
    t: &Tables,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Vec<Small>, EngineError> {
    let level = Level {
        n,
        t,
        family: counted.map(|c| c.0),
    };
    let kn = t.palette.colourings(n) as usize;
    let found = shapes(n)
        .par_iter()
        .enumerate()
        .try_fold(
            || (FxHashSet::default(), Worker::new(counted, kn)),
            |(mut distinct, mut worker), (rank, &shape)| {
                unit(|| {
                    progress(worker.group_scratch(level, shape, rank as u64)?);
                    Ok(())
                })?;
                distinct.extend(worker.values.iter().copied());
                Ok((distinct, worker))
            },
        )
        .map(|r| r.map(|(distinct, _)| distinct))
        .try_reduce(FxHashSet::default, |mut a, b| {
            a.extend(b);
            Ok(a)
        });
    let distinct = stopped(found)?;
    Ok(distinct.into_iter().collect())
}

/// The largest level: only the family's own shapes (the shard's run of them), nothing stored.
fn census_level(
    n: usize,
    (family, tally): (&Family, &Tally),
    shard: Shard,
    t: &Tables,
    progress: &(dyn Fn(u64) + Sync),
    resume: Option<&mut Resume>,
) -> Result<(), EngineError> {
    let admitted: Vec<(usize, u32)> = shapes(n)
        .into_iter()
        .enumerate()
        .filter(|&(_, shape)| family.kind.admits(shape, n))
        .collect();
    let run = &admitted[shard.range(admitted.len())];
    let counted = (family, tally);
    let Some(resume) = resume else {
        return group_shapes(run, n, counted, t, progress);
    };
    // Run by chunks of shapes from where the checkpoint left off, saving between chunks.
    let kn = t.palette.colourings(n);
    let mut done = resume.done.min(run.len());
    progress(done as u64 * kn);
    tally.add_rows(std::mem::take(&mut resume.rows))?;
    let mut saved = std::time::Instant::now();
    while done < run.len() {
        let end = (done + resume.chunk.max(1)).min(run.len());
        group_shapes(&run[done..end], n, counted, t, progress)?;
        done = end;
        if done < run.len() && saved.elapsed() >= resume.every {
            (resume.save)(done, tally.rows()?).map_err(EngineError::Checkpoint)?;
            saved = std::time::Instant::now();
        }
    }
    Ok(())
}

/// The records of a run of shapes (rank, shape) of `n` edges, spread over the cores and
/// gathered into the family's tally.
fn group_shapes(
    run: &[(usize, u32)],
    n: usize,
    counted: (&Family, &Tally),
    t: &Tables,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<(), EngineError> {
    let level = Level {
        n,
        t,
        family: Some(counted.0),
    };
    let kn = t.palette.colourings(n) as usize;
    let done = run.par_iter().try_for_each_init(
        || Worker::new(Some(counted), kn),
        |worker, &(rank, shape)| {
            unit(|| {
                progress(worker.group_scratch(level, shape, rank as u64)?);
                Ok(())
            })
        },
    );
    stopped(done)
}

/// About how many positions [`each_position`] hands its sink at a time.
pub const BATCH: usize = 1 << 20;

/// Every position of a blue-red family with its record, in census order (edges, then rank),
/// handed to `sink` a batch at a time: the census's per-position table, for export. Memory is
/// the tables of the smaller sizes (as for [`run`]) and one batch of records.
pub fn each_position(
    family: &Family,
    ordinal: &mut OrdinalSum,
    progress: &(dyn Fn(u64) + Sync),
    sink: &mut dyn FnMut(Vec<(Forest, Record)>) -> Result<(), String>,
) -> Result<(), String> {
    let failed = |e: EngineError| format!("the fast engine failed: {e:?}");
    let mut t = Tables::new(family).map_err(failed)?;
    for n in 0..=family.max_edges {
        let last = n == family.max_edges;
        let admitted = (n >= family.min_edges).then_some(family);
        let kn = t.palette.colourings(n) as usize;
        // The largest size is not stored, so only the family's own shapes are visited there.
        let all: Vec<u32> = shapes(n)
            .into_iter()
            .filter(|&shape| !last || family.kind.admits(shape, n))
            .collect();
        let stored = if last { 0 } else { all.len() * kn };
        let (mut values, mut rules) = (vec![Small::ZERO; stored], vec![Small::ZERO; stored]);
        let per_batch = (BATCH / kn).max(1);
        for (b, batch) in all.chunks(per_batch).enumerate() {
            let len = batch.len() * kn;
            let mut scratch = (Vec::new(), Vec::new());
            let (vals, rls) = if last {
                scratch = (vec![Small::ZERO; len], vec![Small::ZERO; len]);
                (&mut scratch.0[..], &mut scratch.1[..])
            } else {
                let start = b * per_batch * kn;
                (
                    &mut values[start..start + len],
                    &mut rules[start..start + len],
                )
            };
            let level = Level {
                n,
                t: &t,
                family: admitted,
            };
            let found = vals
                .par_chunks_mut(kn)
                .zip(rls.par_chunks_mut(kn))
                .zip(batch.par_iter())
                .map(|((v, r), &shape)| {
                    unit(|| {
                        let mut out = Vec::new();
                        let recent = &mut Recent::default();
                        let slots = Slots {
                            values: v,
                            rules: r,
                        };
                        let streamed = level.visit(shape, slots, recent, |c, record| {
                            out.push((c.forest(), record));
                            Ok(())
                        })?;
                        progress(kn as u64 + streamed);
                        Ok(out)
                    })
                })
                .collect::<Result<_, EngineError>>();
            let found: Vec<Vec<(Forest, Record)>> = stopped(found).map_err(failed)?;
            drop(scratch);
            sink(found.into_iter().flatten().collect())?;
        }
        if !last {
            extend_ordinals(&mut t, &values, ordinal, progress).map_err(failed)?;
            t.values.push(values);
            t.rules.push(rules);
            t.shape_index.push(shape_index(n));
        }
    }
    Ok(())
}

/// The value of one forest by the same game-tree procedure, without a census around it:
/// every smaller forest it can reach is evaluated on the way and memoised by notation.
pub fn value_of(f: Forest) -> Result<Small, EngineError> {
    fn go(f: Forest, memo: &mut HashMap<Forest, Small>) -> Result<Small, EngineError> {
        if let Some(&v) = memo.get(&f) {
            return Ok(v);
        }
        let (mut lo, mut hi): (Option<Small>, Option<Small>) = (None, None);
        for &e in f.edge_list().as_slice() {
            let v = go(f.without(e), memo)?;
            match f.colour(e.index) {
                Colour::Blue => lo = Some(lo.map_or(v, |b| b.max(v))),
                Colour::Red => hi = Some(hi.map_or(v, |b| b.min(v))),
                Colour::Green => return Err(EngineError::NotANumber(f)),
            }
        }
        let v = Small::simplest_between(lo, hi).ok_or(EngineError::NotANumber(f))?;
        memo.insert(f, v);
        Ok(v)
    }
    go(f, &mut HashMap::new())
}

/// `edge : x` by the general construction on canonical forms, which the fast engine holds its
/// sign-expansion shortcut against ([`run`]): the edge written as the form `{0 |}`
/// (blue, `1`) or `{ | 0}` (red, `-1`), and over it the canonical form of `x`, every step's
/// options made canonical by [`Games::from_options`] (for numbers, the simplest number
/// between). Never the table's `ordinal_sum` of two numbers, which takes sign expansions and
/// would be the shortcut compared with itself.
pub fn ordinal_sum(games: &mut Games, sign: i8, x: Small) -> Result<Small, String> {
    let zero = games.zero();
    let (left, right) = match sign {
        1 => (vec![zero], Vec::new()),
        -1 => (Vec::new(), vec![zero]),
        other => return Err(format!("an edge is worth 1 or -1, not {other}")),
    };
    let over = games.number(&x.to_dyadic());
    let sum = games.ordinal_sum_on_form(&left, &right, over);
    games
        .as_number(sum)
        .as_ref()
        .and_then(Small::from_dyadic)
        .ok_or_else(|| format!("{sign} : {x} is {}, not a small number", games.display(sum)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::families::forests::Kind;

    fn blue_red(kind: Kind, max: usize) -> Family {
        Family::new(kind, 1..=max, &[Colour::Blue, Colour::Red])
    }

    fn census(family: &Family) -> Vec<Row> {
        run(
            family,
            &mut |s, x| signs::colon(s > 0, &x).ok_or_else(|| "overflow".into()),
            &|_| {},
        )
        .unwrap()
    }

    fn count(rows: &[Row], p: impl Fn(&Record) -> bool) -> u64 {
        rows.iter().filter(|r| p(&r.record)).map(|r| r.count).sum()
    }

    /// Every number born by day `day`: the values of blue-red stalks of up to `day` edges, the
    /// values a census of forests of up to `day` edges can meet.
    fn born_by(day: usize) -> Vec<Small> {
        let mut out = Vec::new();
        for n in 0..=day {
            for bits in 0..1u32 << n {
                out.push(signs::from_signs((0..n).map(|i| bits >> i & 1 == 1)).unwrap());
            }
        }
        out
    }

    /// The census's `ordinal_sum` column is taken by sign expansions and held against the
    /// general construction on canonical forms: on every number a census of up to 16 edges can
    /// meet, and on either edge, the two agree — and the construction never goes through the
    /// games table's ordinal sum of two numbers (its cache stays empty), which takes sign
    /// expansions and would make the comparison the shortcut against itself.
    #[test]
    fn the_shortcut_is_held_against_the_construction_on_forms() {
        let mut games = hackenbook_games::Games::new();
        let numbers = born_by(16);
        assert_eq!(numbers.len(), (1 << 17) - 1);
        for &x in &numbers {
            for s in [1i8, -1] {
                let by_forms = ordinal_sum(&mut games, s, x).unwrap();
                assert_eq!(Some(by_forms), signs::colon(s > 0, &x), "{s} : {x}");
            }
        }
        assert_eq!(games.ordinal_sums_cached(), 0);
    }

    /// A construction on forms that disagrees with the shortcut on one pair fails the census,
    /// naming the pair: the comparison can fail.
    #[test]
    fn a_disagreement_on_one_ordinal_sum_fails_the_census() {
        let half: Small = "1/2"
            .parse::<hackenbook_games::Dyadic>()
            .map(|d| Small::from_dyadic(&d).unwrap())
            .unwrap();
        let mut games = hackenbook_games::Games::new();
        let mut wrong = |s: i8, x: Small| {
            let right = ordinal_sum(&mut games, s, x)?;
            Ok(if s == -1 && x == half {
                Small::ZERO
            } else {
                right
            })
        };
        let err = run(&blue_red(Kind::Forests, 4), &mut wrong, &|_| {}).unwrap_err();
        assert_eq!(
            err,
            EngineError::Ordinal(
                "-1 : 1/2 is 0 on canonical forms but -3/4 by sign expansion".into()
            )
        );
    }

    #[test]
    fn sizes_follow_the_closed_form() {
        for kind in [Kind::Forests, Kind::Trees, Kind::Stalks] {
            let family = blue_red(kind, 6);
            assert_eq!(count(&census(&family), |_| true) as u128, family.size());
        }
        assert_eq!(blue_red(Kind::Forests, 6).size(), 10_066);
    }

    #[test]
    fn known_values() {
        for (text, value) in [
            ("LRRL", "3/8"),
            ("L(L R)", "1"),
            ("R(L L)", "-1/4"),
            ("LRLRRLLR", "77/128"),
            ("L(L RL)", "3/2"),
        ] {
            let v = value_of(Forest::parse(text).unwrap()).unwrap();
            assert_eq!(v.to_string(), value, "{text}");
        }
    }

    #[test]
    fn the_source_figures_and_the_theorems() {
        let rows = census(&blue_red(Kind::Forests, 6));
        let n = |p: &dyn Fn(&Record) -> bool| count(&rows, p);
        assert_eq!(n(&|r| r.trunks > 1), 6828);
        assert_eq!(n(&|r| r.reading == r.value), 762);
        assert_eq!(n(&|r| r.path && r.reading == r.value), 126);
        assert_eq!(n(&|r| r.trunks == 1 && r.colon), 358);
        assert_eq!(n(&|r| r.trunks == 1 && r.reading == r.value), 406);
        assert_eq!(n(&|r| r.colon && r.reading != r.value), 0);
        assert_eq!(n(&|r| r.tree_rule != r.value), 0);
        assert_eq!(n(&|r| r.sum != r.value), 0);
        assert_eq!(n(&|r| r.ordinal_sum != r.value), 0);
    }
}
