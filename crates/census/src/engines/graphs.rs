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
//! There is no closed form for the size: the family's [`GraphFamily::bound`](crate::families::graphs::GraphFamily::bound) is an upper bound
//! (shapes of each size, counted once, times every colouring) that decides whether the census
//! may run; the counts themselves are checked against an independent enumeration in the tests.

use crate::families::graphs::GraphFamily;
use crate::forest::Palette;
use crate::record::{order_key, Facts, Groups, Record, Row, Val};
use hackenbook_games::{GameId, Games};
use hackenbook_rulesets::hackenbush::canon::{exact_code, from_code};
use hackenbook_rulesets::hackenbush::{Colour, Position, SolveError, Solver};
use rustc_hash::FxHashSet;

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
    use crate::families::graphs::{MAX_GRAPH_EDGES, SHAPES};

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
