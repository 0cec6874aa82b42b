//! Censuses of pictures with cycles: every connected grounded graph of `n` edges, once per
//! isomorphism class of pictures.
//!
//! The one idea: a picture is a [`Position`] — a multigraph whose ground is one node, loops and
//! parallel edges allowed, every edge reaching the ground — and two pictures are the same
//! member when a renaming of the nodes above the ground carries one onto the other, colours
//! kept. Every picture of `n` edges is a picture of `n - 1` edges plus one edge (drop an edge on
//! a cycle, or a top edge of a tree: what is left still stands), so the pictures of each size
//! are those of the size below with one edge added every way — between two nodes, as a loop, or
//! up to a new node — kept once by their exact canonical code ([`canon::exact_code`]). Members
//! are listed by edges, then code, and valued by the solver (blue-red pictures by the number
//! search, the rest by the game tree with its fast paths), under the census's rules.
//!
//! There is no closed form for the size: the family's [`GraphFamily::bound`] is an upper bound
//! (shapes of each size, counted once, times every colouring) that decides whether the census
//! may run; the counts themselves are checked against an independent enumeration in the tests.

use crate::family::Members;
use crate::forest::Palette;
use crate::record::method::Engine;
use crate::record::{order_key, Facts, Groups, Record, Row, Val};
use hackenbook_games::{GameId, Games};
use hackenbook_rulesets::hackenbush::canon::{exact_code, from_code};
use hackenbook_rulesets::hackenbush::{Colour, Position, Rules, SolveError, Solver};
use hackenbook_rulesets::Count;
use rustc_hash::FxHashSet;
use std::fmt;

/// The most edges a census of graphs enumerates: the table of shapes below goes this far.
pub const MAX_GRAPH_EDGES: usize = 8;

/// Uncoloured pictures of `n` edges (connected grounded multigraphs, loops allowed), by `n`:
/// the bound of a census's size. Counted by [`pictures`] with one colour (a test holds them).
pub const SHAPES: [u64; MAX_GRAPH_EDGES + 1] = [1, 2, 6, 20, 74, 289, 1203, 5221, 23623];

/// A census of graphs larger than this (by its bound) runs only when its author confirms it
/// (`max_positions` in the block, `--yes` on the command line): every member is valued by the
/// solver, some thousands a second.
pub const GRAPHS_CONFIRM_ABOVE: u128 = 150_000;

/// Pictures the solver values a second, about (blue-red graphs of 6 edges, normal and
/// childish; see the README): the estimate of a census's time.
pub const GRAPH_RATE: f64 = 5_000.0;

/// A family of pictures: every connected grounded graph of some edge counts and palette.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GraphFamily {
    pub min_edges: usize,
    pub max_edges: usize,
    pub palette: Palette,
    pub rules: Rules,
}

impl GraphFamily {
    /// An upper bound on the members: each uncoloured shape under every colouring (colourings
    /// that a symmetry of the shape carries onto each other are one member).
    pub fn bound(&self) -> u128 {
        (self.min_edges..=self.max_edges)
            .map(|n| SHAPES[n] as u128 * self.palette.colourings(n) as u128)
            .sum()
    }

    /// The time valuing every picture is estimated to take, at most, in seconds.
    pub fn seconds(&self) -> f64 {
        self.bound() as f64 / GRAPH_RATE
    }

    /// A built-in name: `graphs5` (blue-red graphs of 1 to 5 edges), `graphs4_LRG`.
    pub fn builtin(name: &str) -> Option<GraphFamily> {
        let (head, colours) = name.split_once('_').unwrap_or((name, "LR"));
        let max_edges: usize = head.strip_prefix("graphs")?.parse().ok()?;
        let mut palette = Vec::new();
        for c in colours.chars() {
            palette.push(Colour::from_letter(c).filter(|_| c.is_ascii_uppercase())?);
        }
        (max_edges <= MAX_GRAPH_EDGES).then(|| GraphFamily {
            min_edges: 1,
            max_edges,
            palette: Palette::new(&palette),
            rules: Rules::Normal,
        })
    }
}

impl Members for GraphFamily {
    /// `graphs edges=1..=6 colours=LR rules=childish`: the code that decides its rows (the
    /// enumeration and the solver) is in the cache's schema, with all the computing code.
    fn key(&self) -> String {
        let rules = match self.rules {
            Rules::Normal => "",
            Rules::Childish => " rules=childish",
        };
        format!(
            "graphs edges={}..={} colours={}{rules}",
            self.min_edges,
            self.max_edges,
            self.palette.letters()
        )
    }

    /// "every connected picture of 1 to 5 edges, blue and red, counted once however it is
    /// drawn".
    fn in_words(&self) -> String {
        let members = crate::family::members_in_words(
            "connected picture",
            self.min_edges,
            self.max_edges,
            &self.palette,
            self.rules,
        );
        format!("{members}; each counted once however it is drawn")
    }

    /// At most [`GraphFamily::bound`]: there is no closed form.
    fn count(&self) -> Count {
        Count::AtMost(self.bound())
    }

    /// Each picture valued by the solver.
    fn engine(&self) -> Engine {
        Engine::Solver
    }

    /// Refused past the budget with the bound and the time the solver would take at most.
    fn within(&self, max_positions: u128, how: &str) -> Result<(), String> {
        let bound = self.bound();
        if bound <= max_positions {
            return Ok(());
        }
        let seconds = self.seconds();
        Err(format!(
            "this census would value up to {} pictures, each by the solver: up to {}; it runs only when confirmed: {how}",
            crate::family::group(bound),
            if seconds < 120.0 {
                format!("{seconds:.0} s")
            } else {
                format!("{:.0} min", seconds / 60.0)
            }
        ))
    }
}

/// A row as cached: the smallest member by its code.
pub fn to_stored(rows: &[Row<Val, Position>]) -> Vec<Row<Val, Vec<u32>>> {
    rows.iter()
        .map(|r| Row {
            record: r.record,
            count: r.count,
            first: exact_code(&r.first),
            order: r.order,
        })
        .collect()
}

/// Rows read back from the cache (`None` if a code is not a picture).
pub fn from_stored(rows: Vec<Row<Val, Vec<u32>>>) -> Option<Vec<Row<Val, Position>>> {
    rows.into_iter()
        .map(|r| {
            Some(Row {
                record: r.record,
                count: r.count,
                first: picture(&r.first)?,
                order: r.order,
            })
        })
        .collect()
}

impl fmt::Display for GraphFamily {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let edges = if self.min_edges == self.max_edges {
            format!("{}", self.max_edges)
        } else {
            format!("{} to {}", self.min_edges, self.max_edges)
        };
        if self.rules == Rules::Childish {
            f.write_str("childish ")?;
        }
        write!(f, "graphs of {} edges in {}", edges, self.palette.letters())
    }
}

/// Every picture of `0..=max_edges` edges over the palette, by size: `result[n]` holds the
/// exact canonical codes of the pictures of `n` edges, sorted (census order). `tick` is called
/// once per candidate tried (for the clock).
pub fn pictures(max_edges: usize, palette: &Palette, tick: &dyn Fn()) -> Vec<Vec<Vec<u32>>> {
    let empty = exact_code(&Position::empty());
    let mut levels = vec![vec![empty]];
    for _ in 0..max_edges {
        let mut next: FxHashSet<Vec<u32>> = FxHashSet::default();
        for code in levels.last().into_iter().flatten() {
            let Some(p) = from_code(code) else { continue };
            let nodes = p.node_count();
            for colour in palette.colours() {
                let mut grown = |a: usize, b: usize, node_count: usize| {
                    tick();
                    let mut edges = p.edges().to_vec();
                    edges.push((a, b, colour));
                    if let Ok(q) = Position::from_edges(node_count, edges) {
                        next.insert(exact_code(&q));
                    }
                };
                for a in 0..nodes {
                    for b in a..nodes {
                        grown(a, b, nodes);
                    }
                    grown(a, nodes, nodes + 1);
                }
            }
        }
        let mut level: Vec<Vec<u32>> = next.into_iter().collect();
        level.sort_unstable();
        levels.push(level);
    }
    levels
}

/// The picture a code names, drawn for a reader: nodes numbered in the order a walk out from
/// the ground meets them (breadth first, along the code's sorted edges), edges listed in the
/// order of their lower, then upper node — so its notation reads from the ground up
/// (`g-a L, g-b R, a-b L`).
pub fn picture(code: &[u32]) -> Option<Position> {
    let p = from_code(code)?;
    let mut order = vec![usize::MAX; p.node_count()];
    order[0] = 0;
    let mut met = vec![0usize];
    let mut i = 0;
    while i < met.len() {
        let v = met[i];
        i += 1;
        for &(a, b, _) in p.edges() {
            let other = if a == v {
                b
            } else if b == v {
                a
            } else {
                continue;
            };
            if order[other] == usize::MAX {
                order[other] = met.len();
                met.push(other);
            }
        }
    }
    let mut edges: Vec<(usize, usize, Colour)> = p
        .edges()
        .iter()
        .map(|&(a, b, c)| {
            let (x, y) = (order[a], order[b]);
            (x.min(y), x.max(y), c)
        })
        .collect();
    edges.sort_by_key(|&(a, b, c)| (a, b, c.letter()));
    Position::from_edges(p.node_count(), edges).ok()
}

/// The record of a picture worth `value`: its counts, its cycles; the properties of forests
/// (`height`, `spine`, `colon`, the readings) are not defined for it, and a census of graphs or
/// a named picture refuses them before anything reads them.
pub fn picture_record(p: &Position, value: Val) -> Result<Record, String> {
    let exact = |n: usize| {
        u32::try_from(n).map_err(|_| {
            format!(
                "the picture has {n} edges or nodes, more than a record counts ({})",
                u32::MAX
            )
        })
    };
    let facts = Facts {
        edges: exact(p.edge_count())?,
        blue: exact(p.count(Colour::Blue))?,
        red: exact(p.count(Colour::Red))?,
        green: exact(p.count(Colour::Green))?,
        trunks: exact(p.trunks())?,
        path: p.is_stalk(),
        cycles: exact((p.edge_count() + 1).saturating_sub(p.node_count()))?,
        ..Facts::default()
    };
    Ok(Record::valued(facts, value))
}

/// Why a census of graphs could not be valued: the picture and the solver's reason.
#[derive(Debug)]
pub struct Unvalued {
    pub picture: String,
    pub error: SolveError,
}

/// Every member of the family with its value, in census order (edges, then code): the pictures
/// valued one by one by the run's solver, whose memo they share. `progress` is told of each.
/// Run inside the census's bounded run, the solver reads the census's clock: no single picture
/// has a clock of its own.
pub fn members(
    family: &GraphFamily,
    solver: &mut Solver,
    games: &mut Games,
    progress: &dyn Fn(u64),
) -> Result<Vec<(Position, GameId)>, Unvalued> {
    // Reporting no progress still reads the census's clock.
    let levels = pictures(family.max_edges, &family.palette, &|| progress(0));
    let mut out = Vec::new();
    for level in levels.iter().skip(family.min_edges) {
        for code in level {
            let Some(p) = picture(code) else { continue };
            let value = solver
                .evaluate_on_this_thread(&p, family.rules, games)
                .map_err(|error| Unvalued {
                    picture: p.notation(),
                    error,
                })?
                .value;
            out.push((p, value));
            progress(1);
        }
    }
    Ok(out)
}

/// Runs a census of graphs: every member valued, grouped by record.
pub fn run(
    family: &GraphFamily,
    solver: &mut Solver,
    games: &mut Games,
    progress: &dyn Fn(u64),
) -> Result<Vec<Row<Val, Position>>, Unvalued> {
    let mut groups: Groups<Position> = Groups::default();
    let mut rank = 0u64;
    let mut edges = usize::MAX;
    for (p, value) in members(family, solver, games, progress)? {
        if p.edge_count() != edges {
            (edges, rank) = (p.edge_count(), 0);
        }
        // A member has at most MAX_GRAPH_EDGES edges, far below what a record counts; the
        // error is kept all the same, never a clamped count.
        let record = picture_record(&p, Val::of_game(value, games)).map_err(|_| Unvalued {
            picture: p.notation(),
            error: SolveError::Budget {
                what: "edges counted in a record",
                limit: u32::MAX as usize,
            },
        })?;
        groups.add(record, 1, order_key(edges, rank), || p);
        rank += 1;
    }
    Ok(groups.into_rows())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shape_table_is_the_enumeration() {
        let one = Palette::new(&[Colour::Green]);
        let levels = pictures(MAX_GRAPH_EDGES, &one, &|| {});
        let counts: Vec<u64> = levels.iter().map(|l| l.len() as u64).collect();
        assert_eq!(counts, SHAPES);
    }

    #[test]
    fn codes_name_pictures_up_to_isomorphism() {
        let code = |t: &str| exact_code(&Position::parse(t).unwrap());
        assert_eq!(code("g-a L, a-b R, b-g L"), code("g-x L, x-y R, y-g L"));
        assert_ne!(code("g-a L, a-b R, b-g L"), code("g-a R, a-b L, b-g L"));
        assert_eq!(code("L(L R) R"), code("R L(R L)"));
        // Symmetric cells the refinement cannot split: the search must tell these apart.
        assert_ne!(code("g-a-b-c-d-e-g G"), code("g-a-b-g G, g-c-d-g G"));
        assert_eq!(code("g-a-b-g G, g-c-d-g G"), code("g-c-a-g G, g-d-b-g G"));
        assert_eq!(code("L(L R) L(R L) R"), code("R L(L R) L(L R)"));
        for text in ["g-a L, a-a R", "g-g G, g-a L, g-a L", "LR(L R)"] {
            let p = from_code(&code(text)).unwrap();
            assert_eq!(exact_code(&p), code(text), "{text}");
            let shown = picture(&code(text)).unwrap();
            assert_eq!(exact_code(&shown), code(text), "{text}");
        }
    }
}
