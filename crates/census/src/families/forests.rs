//! Hackenbush forests a census enumerates: a kind of forest, a range of edge counts, a palette.
//!
//! The one idea: a family is a set of shapes of each size times every colouring of them, so its
//! size has a closed form (`k^n · Catalan(n)` forests, `k^n · Catalan(n-1)` trees, `k^n`
//! stalks) that the enumeration is tested against, and its members are visited in rank order.
//! What it costs (positions, time, memory, shards) is known before it runs.

use super::{bytes, group, Pictures};
use crate::forest::{catalan, is_single_tree, shapes, Palette, INDEXED_EDGES};
use crate::record::Row;
use hackenbook_rulesets::hackenbush::Colour;
use hackenbook_rulesets::hackenbush::Rules;
use hackenbook_rulesets::{Count, Engine, Family as _, Level};
use std::fmt;

/// A census larger than this many positions runs only when its author confirms the cost
/// (`max_positions` in the block, `--yes` on the command line).
pub const CONFIRM_ABOVE: u128 = 50_000_000;

/// Positions a second the fast engine evaluates on two cores (forests of 1 to 11 edges,
/// measured by `cargo bench --bench census -- 11`); the estimate of a census's time.
pub const FAST_RATE: f64 = 3.0e6;

/// The most memory the fast engine's tables may take before it streams the size below the top
/// too (its tables then hold two sizes fewer; see [`Family::streams`]).
pub const TABLE_BUDGET: u128 = 1 << 30;

/// Forests of the size below the top that the streamed engine evaluates, per forest of the top
/// size: each top shape evaluates its own pieces of that size (its distinct shapes among the
/// options that drop a leaf and the forests above its trunks) under every colouring, unless a
/// neighbour just did. Counted by planning every shape of 12 edges in rank order: 5.1 such
/// shapes per shape, 3.1 of them not among the last 256 a thread evaluated, each with half as
/// many colourings as the shape.
pub const STREAM_FACTOR: f64 = 1.6;

/// The memory of a census, fitted to peaks measured with `/usr/bin/time -v` on release builds
/// (`hackenbook census "count forestsN where value = 0 and trunks > 0" --yes --no-cache
/// --time-limit 0`): while the census runs, its tables and, per distinct record, its entry in
/// the table the threads share ([`crate::engines::tally`]: 40 bytes in hash maps between half and seven
/// eighths full, and the threads' own small maps), about [`RUN_RECORD_BYTES`]; once it is done,
/// the tables freed, its rows (a [`Row`] of 120 bytes each) and what the query reads off them,
/// about [`ROW_RECORD_BYTES`]. The cache is written row by row as it is sealed, so writing it
/// adds nothing; a shard's result file is still written from its JSON whole, about
/// [`SHARD_RECORD_BYTES`] a record. Forests of 1–10 edges peaked at 147,424 KB, 1–11 at
/// 544,104 KB.
pub const RUN_RECORD_BYTES: u128 = 110;

/// See [`RUN_RECORD_BYTES`].
pub const ROW_RECORD_BYTES: u128 = 200;

/// See [`RUN_RECORD_BYTES`]: the rows, their copy and their JSON, fitted before the shared
/// table to shards of forests of 1–10 edges (the first of 8 peaked at 444,320 KB).
pub const SHARD_RECORD_BYTES: u128 = 1000;

/// What the program holds before any census: about 8 MB.
const BASE_BYTES: u128 = 8 << 20;

/// One part of a census split `count` ways: the family's shapes of the top size, in rank order,
/// cut into `count` contiguous runs of equal length (every shape of one size has the same
/// colourings, so the same cost); shard 0 also keeps the records of the smaller sizes, which
/// every shard tabulates anyway because the top size looks them up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Shard {
    pub index: usize,
    pub count: usize,
}

impl Shard {
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// The shard's run among `shapes` shapes of the top size.
    pub fn range(self, shapes: usize) -> std::ops::Range<usize> {
        shapes * self.index / self.count..shapes * (self.index + 1) / self.count
    }
}

/// What a census will cost before it runs: the positions it enumerates, the forests the fast
/// engine evaluates (every forest below the top size, which later sizes look up, and the
/// family's own at the top), and the memory of its tables.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cost {
    pub positions: u128,
    pub evaluated: u128,
    pub table_bytes: u128,
    /// Whether the size below the top is streamed rather than stored.
    pub streamed: bool,
    /// The distinct records it is expected to hold ([`Family::records_estimate`]).
    pub records: u128,
    /// Whether its result is written as a shard's file, from its JSON whole (a census's cache
    /// is written row by row).
    pub shard_file: bool,
}

impl Cost {
    /// The estimated running time on the fast engine, in seconds.
    pub fn seconds(&self) -> f64 {
        self.evaluated as f64 / FAST_RATE
    }

    /// The memory the run is expected to peak at: the larger of the census running (tables and
    /// the shared table of records) and its rows once it is done.
    pub fn peak_bytes(&self) -> u128 {
        let running = self.table_bytes + self.records * RUN_RECORD_BYTES;
        let rows = self.records * ROW_RECORD_BYTES;
        let file = match self.shard_file {
            true => self.records * SHARD_RECORD_BYTES,
            false => 0,
        };
        BASE_BYTES + running.max(rows).max(file)
    }

    /// One line for the author: positions, time and memory.
    pub fn describe(&self) -> String {
        format!(
            "{} positions, about {} on two cores and {} of memory at its peak{}",
            group(self.positions),
            duration(self.seconds()),
            bytes(self.peak_bytes()),
            match (self.table_bytes, self.streamed) {
                (0, _) => String::new(),
                (t, false) => format!(" ({} of tables)", bytes(t)),
                (t, true) => format!(" ({} of tables, the two largest sizes streamed)", bytes(t)),
            }
        )
    }
}

fn duration(seconds: f64) -> String {
    match seconds {
        s if s < 90.0 => format!("{:.0} s", s.max(1.0)),
        s if s < 5400.0 => format!("{:.0} min", s / 60.0),
        s => format!("{:.1} CPU-hours", s * 2.0 / 3600.0),
    }
}

/// The members a census's rows count, by number of edges (for [`Family::check_totals`]).
pub fn counted(rows: &[Row]) -> impl Iterator<Item = (u32, u64)> + '_ {
    rows.iter().map(|r| (r.record.edges, r.count))
}

/// The shapes a family admits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Every plane forest: any number of trunks.
    Forests,
    /// Single-trunk trees.
    Trees,
    /// Paths: single trunks without forks.
    Stalks,
}

impl Kind {
    pub fn parse(word: &str) -> Option<Kind> {
        match word {
            "forests" | "forest" => Some(Kind::Forests),
            "trees" | "tree" => Some(Kind::Trees),
            "stalks" | "stalk" | "paths" | "strings" => Some(Kind::Stalks),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Kind::Forests => "forests",
            Kind::Trees => "trees",
            Kind::Stalks => "stalks",
        }
    }

    /// How many shapes of `n` edges this kind admits.
    pub fn shape_count(self, n: usize) -> u64 {
        match (self, n) {
            (Kind::Forests, _) => catalan(n),
            (_, 0) => 0,
            (Kind::Trees, _) => catalan(n - 1),
            (Kind::Stalks, _) => 1,
        }
    }

    pub fn admits(self, shape: u32, n: usize) -> bool {
        match self {
            Kind::Forests => true,
            Kind::Trees => is_single_tree(shape, n),
            Kind::Stalks => n > 0 && shape == ((1u32 << n) - 1) << n,
        }
    }

    /// The admitted shapes of `n` edges, in rank order.
    pub fn shapes(self, n: usize) -> Vec<u32> {
        shapes(n)
            .into_iter()
            .filter(|&s| self.admits(s, n))
            .collect()
    }
}

/// A family of positions: everything a census block enumerates.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Family {
    pub kind: Kind,
    pub min_edges: usize,
    pub max_edges: usize,
    pub palette: Palette,
    /// The rules its members are valued under (`rules = "childish"` in the block).
    pub rules: Rules,
}

impl Family {
    /// The pictures of `kind` with `edges` edges in `colours`, under the normal rules.
    pub fn new(kind: Kind, edges: std::ops::RangeInclusive<usize>, colours: &[Colour]) -> Family {
        Family {
            kind,
            min_edges: *edges.start(),
            max_edges: *edges.end(),
            palette: Palette::new(colours),
            rules: Rules::Normal,
        }
    }

    /// The number of members, by the closed form.
    pub fn size(&self) -> u128 {
        (self.min_edges..=self.max_edges)
            .map(|n| self.size_of(n))
            .sum()
    }

    /// The number of members of `n` edges, by the closed form: `k^n · Catalan(n)` forests,
    /// `k^n · Catalan(n-1)` trees, `k^n` stalks (none outside the family's range of edges).
    pub fn size_of(&self, n: usize) -> u128 {
        if n < self.min_edges || n > self.max_edges {
            return 0;
        }
        u128::from(self.palette.colourings(n)) * u128::from(self.kind.shape_count(n))
    }

    /// The closed form of [`Family::size_of`] in words: `2^5 · Catalan(5)`.
    fn closed_form(&self, n: usize) -> String {
        let k = self.palette.colourings(1);
        match self.kind {
            Kind::Forests => format!("{k}^{n} · Catalan({n})"),
            Kind::Trees => format!("{k}^{n} · Catalan({})", n.saturating_sub(1)),
            Kind::Stalks => format!("{k}^{n}"),
        }
    }

    /// Holds the members a census counted of each size against the closed form
    /// ([`Family::size_of`], by [`hackenbook_rulesets::Family::miscounted`]): a drawing missed
    /// or counted twice, or a member outside the family's range of edges, is an error that says
    /// which size and by how much. `counted` gives members by their number of edges, in any
    /// grouping (a census's rows: [`counted`]).
    pub fn check_totals(
        &self,
        counted: impl IntoIterator<Item = (u32, u64)>,
    ) -> Result<(), String> {
        // A census's rows come size by size: each run of one size is added up here, and the
        // runs by size after (in whatever order they come).
        let mut counted_runs: Vec<(Level, u128)> = Vec::new();
        for (edges, n) in counted {
            let level = Level::Size(edges as usize);
            match counted_runs.last_mut() {
                Some((last, total)) if *last == level => *total += u128::from(n),
                _ => counted_runs.push((level, u128::from(n))),
            }
        }
        let counted = counted_runs;
        let wrong: Vec<String> = self
            .miscounted(&counted)
            .into_iter()
            .map(|m| {
                let n = m.level;
                match (m.level, m.want) {
                    (Level::Size(size), Some(want)) => format!(
                        "{} of {n} edges where the closed form {} gives {}",
                        group(m.got),
                        self.closed_form(size),
                        group(want)
                    ),
                    _ => format!("{} of {n} edges, outside the census", group(m.got)),
                }
            })
            .collect();
        match wrong.is_empty() {
            true => Ok(()),
            false => Err(format!(
                "the census counted {}: a drawing was missed or counted twice",
                wrong.join("; ")
            )),
        }
    }

    /// The cost of running this census on the fast engine: levels below the top are tabulated
    /// whole (a value and a tree-rule value, 8 bytes each, per forest, and a shape index of
    /// `4^n` entries up to [`INDEXED_EDGES`]); the top level is streamed.
    pub fn cost(&self) -> Cost {
        Cost {
            shard_file: false,
            ..self.shard_cost(Shard::WHOLE)
        }
    }

    /// Whether the fast engine runs it (blue-red, the normal rules); otherwise the composing
    /// engine does, which keeps no tables of the smaller sizes.
    pub fn fast_engine(&self) -> bool {
        self.palette.is_blue_red() && self.rules == Rules::Normal
    }

    /// Whether the fast engine streams the size below the top as well as the top: when storing
    /// it would take the tables past [`TABLE_BUDGET`].
    pub fn streams(&self) -> bool {
        self.max_edges >= 2 && self.tables_below(self.max_edges) > TABLE_BUDGET
    }

    /// The memory of the tables of every size below `top`: a value and a tree-rule value, 8
    /// bytes each, per forest, and a shape index of `4^n` entries up to [`INDEXED_EDGES`].
    fn tables_below(&self, top: usize) -> u128 {
        let index = |n: usize| {
            if n <= INDEXED_EDGES {
                4u128 << (2 * n)
            } else {
                0
            }
        };
        (0..top)
            .map(|n| 16 * self.palette.colourings(n) as u128 * catalan(n) as u128 + index(n))
            .sum()
    }

    /// The cost of one shard: the smaller sizes whole, its run of the top size's shapes (and
    /// the positions it counts: those, and the smaller sizes' for the first shard).
    pub fn shard_cost(&self, shard: Shard) -> Cost {
        let forests = |n: usize| self.palette.colourings(n) as u128 * catalan(n) as u128;
        let top = self.palette.colourings(self.max_edges) as u128
            * shard
                .range(self.kind.shape_count(self.max_edges) as usize)
                .len() as u128;
        let smaller =
            |n: usize| self.palette.colourings(n) as u128 * self.kind.shape_count(n) as u128;
        let lower = if shard.index == 0 {
            (self.min_edges..self.max_edges).map(smaller).sum()
        } else {
            0
        };
        let streamed = self.streams();
        let stored = if streamed {
            self.max_edges - 1
        } else {
            self.max_edges
        };
        let again = if streamed {
            (top as f64 * STREAM_FACTOR) as u128
        } else {
            0
        };
        Cost {
            positions: lower + top,
            evaluated: (0..self.max_edges).map(forests).sum::<u128>() + top + again,
            table_bytes: if self.fast_engine() {
                self.tables_below(stored)
            } else {
                0
            },
            streamed,
            records: self.shard_records(shard, top),
            shard_file: true,
        }
    }

    /// The distinct records a shard is expected to hold: the whole census's estimate for a
    /// census run whole; for a shard, the records of the smaller sizes (the first shard only)
    /// and those of its run of the top size, each estimated as a family of its own (measured on
    /// forests of 1–10 edges in 8 shards: the first holds 475,074 records and is estimated at
    /// 391,000; the third and the last hold 59,026 and 25,228, estimated at 177,000).
    fn shard_records(&self, shard: Shard, top_positions: u128) -> u128 {
        let whole = self.records_estimate();
        if shard.count == 1 {
            return whole;
        }
        let lower = match shard.index {
            0 if self.max_edges > self.min_edges => Family {
                max_edges: self.max_edges - 1,
                ..self.clone()
            }
            .records_estimate(),
            _ => 0,
        };
        let run = Family::fitted_records(top_positions, self.records_per_position());
        whole.min(lower + run)
    }

    /// Whether every position is taken as its own record ([`Family::records_estimate`]).
    fn records_per_position(&self) -> bool {
        self.kind == Kind::Stalks || !self.palette.is_blue_red() || self.rules != Rules::Normal
    }

    /// `26 · positions^0.6057`, at most `positions` (or `positions` itself when each is a
    /// record of its own).
    fn fitted_records(positions: u128, each_its_own: bool) -> u128 {
        if each_its_own {
            return positions;
        }
        let fitted = 26.0 * (positions as f64).powf(0.6057);
        positions.min(fitted.ceil() as u128)
    }

    /// The distinct records the census is expected to hold (a shard holds at most its
    /// census's). Every blue-red stalk has a value of its own, so each is a record; other
    /// blue-red families are fitted to the forests of 1–10, 1–11 and 1–12 edges (689,742,
    /// 2,271,810 and 7,313,492 records), `26 · positions^0.6057`, within 2% there and above the
    /// count for trees and one-colour forests; other palettes are taken at one record a
    /// position, the most there can be.
    pub fn records_estimate(&self) -> u128 {
        Family::fitted_records(self.size(), self.records_per_position())
    }

    /// The memory [`each_position`](crate::engines::enumerating::each_position) peaks at for an
    /// export: every size below the top stored (never streamed), and per distinct record its
    /// cells, worked out once, about `per_record` bytes.
    pub fn export_bytes(&self, per_record: u128) -> u128 {
        BASE_BYTES + self.tables_below(self.max_edges) + self.records_estimate() * per_record
    }
}

impl Family {
    /// Its range of edges, palette and rules under its names.
    pub fn pictures(&self) -> Pictures<'_> {
        Pictures {
            name: self.kind.name(),
            member: match self.kind {
                Kind::Forests => "forest",
                Kind::Trees => "tree",
                Kind::Stalks => "stalk",
            },
            min_edges: self.min_edges,
            max_edges: self.max_edges,
            palette: &self.palette,
            rules: self.rules,
        }
    }
}

impl hackenbook_rulesets::Family for Family {
    /// `forests edges=1..=6 colours=LR`, and `rules=childish` under the childish rules.
    fn key(&self) -> String {
        self.pictures().key()
    }

    fn in_words(&self) -> String {
        self.pictures().in_words()
    }

    /// The sizes from its least edges to its most.
    fn levels(&self) -> Vec<Level> {
        self.pictures().levels()
    }

    /// Exactly, by the closed form ([`Family::size_of`]).
    fn count_at(&self, level: Level) -> Count {
        match level {
            Level::Size(n) => Count::Exact(self.size_of(n)),
            Level::Box { .. } => Count::Exact(0),
        }
    }

    /// Exactly, by the closed form ([`Family::size`]).
    fn count(&self) -> Count {
        Count::Exact(self.size())
    }

    /// The fast engine for blue-red forests under the normal rules (which hands a census over
    /// to the composing engine where a value leaves its fixed width), the composing engine
    /// otherwise.
    fn engine(&self) -> Engine {
        if self.fast_engine() {
            Engine::Fast
        } else {
            Engine::Composing
        }
    }

    /// Refused past the budget with the census's cost in positions, time and memory.
    fn within(&self, max_positions: u128, how: &str) -> Result<(), String> {
        let cost = self.cost();
        if cost.positions <= max_positions {
            return Ok(());
        }
        Err(format!(
            "this census would enumerate {}; it runs only when confirmed: {how}",
            cost.describe()
        ))
    }
}

impl fmt::Display for Family {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.pictures().fmt(f)
    }
}

/// The blue-red forests of 1 to `max_edges` edges (the tests' usual census).
#[cfg(test)]
pub(crate) fn forests(max_edges: usize) -> Family {
    Family::new(Kind::Forests, 1..=max_edges, &[Colour::Blue, Colour::Red])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn families_are_described_in_words() {
        assert_eq!(
            forests(6).in_words(),
            "every forest of 1 to 6 edges, blue and red"
        );
        let green = Family {
            kind: Kind::Trees,
            min_edges: 5,
            max_edges: 5,
            palette: Palette::new(&[Colour::Green]),
            rules: Rules::Childish,
        };
        assert_eq!(
            green.in_words(),
            "every tree of 5 edges, all green, under the childish rules"
        );
        let one = Family {
            kind: Kind::Stalks,
            min_edges: 1,
            max_edges: 1,
            palette: Palette::new(&[Colour::Green, Colour::Red, Colour::Blue]),
            rules: Rules::Normal,
        };
        assert_eq!(one.in_words(), "every stalk of 1 edge, blue, red and green");
    }

    /// The peaks measured with `/usr/bin/time -v` on a release build (`hackenbook census
    /// "count forestsN where value = 0 and trunks > 0" --yes --no-cache --time-limit 0`): the
    /// estimate stays within a quarter of them.
    #[test]
    fn the_memory_estimate_is_within_a_quarter_of_the_measured_peaks() {
        for (edges, measured_kb) in [(10, 147_424u128), (11, 544_104)] {
            let estimate = forests(edges).cost().peak_bytes();
            let measured = measured_kb * 1024;
            let ratio = estimate as f64 / measured as f64;
            assert!((0.75..=1.25).contains(&ratio), "1–{edges} edges: {ratio}");
        }
    }

    #[test]
    fn the_records_estimate_follows_the_counts_of_blue_red_forests() {
        for (edges, records) in [(10, 689_742u128), (11, 2_271_810), (12, 7_313_492)] {
            let estimate = forests(edges).records_estimate();
            let ratio = estimate as f64 / records as f64;
            assert!((0.98..=1.02).contains(&ratio), "1–{edges} edges: {ratio}");
        }
        // Every blue-red stalk is a record of its own.
        let stalks = Family {
            kind: Kind::Stalks,
            ..forests(16)
        };
        assert_eq!(stalks.records_estimate(), stalks.size());
    }

    #[test]
    fn a_shard_is_estimated_by_its_own_positions() {
        let f10 = forests(10);
        let shard = |index| f10.shard_cost(Shard { index, count: 8 }).records;
        // Measured: 475,074 records in the first of 8 shards, 59,026 and 25,228 in the third
        // and the last; each estimate within a quarter of the first, above the others.
        let first = shard(0) as f64 / 475_074.0;
        assert!((0.75..=1.25).contains(&first), "{first}");
        assert!(shard(2) > 59_026 && shard(7) > 25_228);
        assert!(shard(2) < f10.records_estimate());
        // Forests of 1–11 edges in 8 shards fit the 2 GB a task of `examples/census.sbatch`
        // asks for; forests of 1–12 edges, the 5 GB its usage line asks for.
        for (edges, gib) in [(11, 2), (12, 5)] {
            for index in [0, 7] {
                let peak = forests(edges)
                    .shard_cost(Shard { index, count: 8 })
                    .peak_bytes();
                assert!(peak < gib << 30, "{edges} edges, shard {index}: {peak}");
            }
        }
    }

    #[test]
    fn a_census_says_its_peak_memory_with_its_tables() {
        let words = forests(11).cost().describe();
        assert!(
            words.contains("140,513,234 positions")
                && words.contains("556 MB of memory at its peak (313 MB of tables)"),
            "{words}"
        );
    }
}
