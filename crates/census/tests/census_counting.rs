//! Counting by value against enumeration: for every size both reach, the number of members with
//! each value, counted from value distributions ([`counting`]), equals the number the fast
//! engine finds by valuing every member by its game tree; and a query that reads values alone
//! gives the same figure either way through the workspace.
use hackenbook_census::engines::counting::{self, Distribution};
use hackenbook_census::families::forests::{Family, Kind};
use hackenbook_census::{Figure, Workspace};
use hackenbook_games::{Dyadic, Games};
use hackenbook_rulesets::hackenbush::{Colour, Evaluator};
use std::collections::BTreeMap;

use crate::support;
use support::{family, fast};

/// Members by size and value, by enumeration: the fast engine's game-tree values.
fn enumerated(f: &Family, games: &mut Games) -> BTreeMap<(u32, Dyadic), u128> {
    let rows = fast(f, games);
    let mut out = BTreeMap::new();
    for r in rows {
        let value = r.record.value.as_number(games).expect("a blue-red value");
        *out.entry((r.record.edges, value)).or_default() += u128::from(r.count);
    }
    out
}

/// Members by size and value, by counting.
fn counted(sizes: &[(usize, Distribution)]) -> BTreeMap<(u32, Dyadic), u128> {
    let mut out = BTreeMap::new();
    for (n, d) in sizes {
        for (value, count) in d.iter() {
            let old = out.insert((*n as u32, value), count);
            assert!(old.is_none(), "a value listed twice");
        }
    }
    out
}

#[test]
fn counting_agrees_with_enumeration_value_for_value() {
    let blue_red = [Colour::Blue, Colour::Red];
    for (kind, max, colours) in [
        (Kind::Forests, 9, &blue_red[..]),
        (Kind::Trees, 9, &blue_red[..]),
        (Kind::Stalks, 10, &blue_red[..]),
        (Kind::Forests, 6, &[Colour::Red][..]),
        (Kind::Trees, 6, &[Colour::Blue][..]),
    ] {
        let f = family(kind, 0, max, colours);
        let mut games = Games::default();
        let by_enumeration = enumerated(&f, &mut games);
        let sizes = counting::count(&f, &|_| {}).expect("counting runs");
        assert_eq!(sizes.len(), max + 1, "{f}: every size, 0 included");
        let by_counting = counted(&sizes);
        assert_eq!(
            by_counting.len(),
            by_enumeration.len(),
            "{f}: distinct values"
        );
        for ((n, value), count) in &by_enumeration {
            let got = by_counting.get(&(*n, value.clone())).copied().unwrap_or(0);
            assert_eq!(got, *count, "{f}: members of {n} edges worth {value}");
        }
    }
}

#[test]
fn a_family_that_starts_above_one_edge_counts_only_its_sizes() {
    let f = family(Kind::Forests, 3, 5, &[Colour::Blue, Colour::Red]);
    let sizes = counting::count(&f, &|_| {}).unwrap();
    let edges: Vec<usize> = sizes.iter().map(|(n, _)| *n).collect();
    assert_eq!(edges, [3, 4, 5]);
    // 2^3·5 + 2^4·14 + 2^5·42 forests.
    let total: u128 = sizes.iter().map(|(_, d)| d.total().unwrap()).sum();
    assert_eq!(total, 40 + 224 + 1344);
}

fn figure(ws: &mut Workspace, ev: &mut Evaluator, query: &str) -> Figure {
    ws.evaluate(query, ev)
        .unwrap_or_else(|e| panic!("{query}: {}", e.message))
}

/// What the notebook says of the census behind `query`, asked of `ws` before.
fn census_words(ws: &Workspace, query: &str) -> String {
    let how = ws.how(query);
    how.into_iter().find(|h| h.what == "census").unwrap().words
}

/// The notebook says `counted` was counted by value and `enumerated` enumerated.
fn assert_counted_and_enumerated(ws: &Workspace, counted: &str, enumerated: &str) {
    let words = census_words(ws, counted);
    assert!(words.starts_with("counted by value"), "{counted}: {words}");
    let words = census_words(ws, enumerated);
    assert!(
        words.starts_with("every member counted"),
        "{enumerated}: {words}"
    );
}

/// The same question asked so that it reads values alone (counted) and so that it also reads
/// the number of trunks, which every member of at least one edge has (enumerated): the figures
/// agree, and the notebook says how each was obtained.
#[test]
fn queries_on_values_alone_are_counted_and_agree_with_enumeration() {
    let mut ws = Workspace::new(None);
    let mut ev = Evaluator::default();
    for (counted, enumerated) in [
        ("count forests7", "count forests7 where trunks > 0"),
        (
            "count forests7 where value = 0",
            "count forests7 where value = 0 and trunks > 0",
        ),
        (
            "share trees7 where edges > 2 have value > 1/2",
            "share trees7 where edges > 2 and trunks > 0 have value > 1/2",
        ),
        (
            "count forests7 where sign = 1 and places = 2",
            "count forests7 where sign = 1 and places = 2 and trunks > 0",
        ),
        (
            "max value over stalks7 where value < 3",
            "max value over stalks7 where value < 3 and trunks > 0",
        ),
        (
            "total value * value over forests6",
            "total value * value over forests6 where trunks > 0",
        ),
        (
            "count forests7 where value = [1/2]",
            "count forests7 where value = [1/2] and trunks > 0",
        ),
    ] {
        let a = figure(&mut ws, &mut ev, counted);
        let b = figure(&mut ws, &mut ev, enumerated);
        assert_eq!(a, b, "{counted}");
        assert_counted_and_enumerated(&ws, counted, enumerated);
    }
    // A comparison of two computed values is a check for the enumerating engines.
    figure(&mut ws, &mut ev, "count forests5 where reading = value");
    let how = ws.how("count forests5 where reading = value");
    assert!(how
        .iter()
        .any(|h| h.words.starts_with("every member counted")));
}

#[test]
fn past_sixteen_edges_only_values_are_counted() {
    let mut ws = Workspace::new(None);
    let mut ev = Evaluator::default();
    // Forests of 17 edges worth 0, read off the counts of 1 to 17 and 1 to 16.
    let Figure::Integer(all) = figure(&mut ws, &mut ev, "count forests17 where value = 0") else {
        panic!("a count");
    };
    let Figure::Integer(top) = figure(
        &mut ws,
        &mut ev,
        "count forests17 where value = 0 and edges = 17",
    ) else {
        panic!("a count");
    };
    let Figure::Integer(below) = figure(&mut ws, &mut ev, "count forests16 where value = 0") else {
        panic!("a count");
    };
    assert_eq!(all, &top + &below);
    // Every forest of 17 edges, by the closed form 2^17 · Catalan(17).
    let Figure::Integer(every) = figure(&mut ws, &mut ev, "count forests17 where edges = 17")
    else {
        panic!("a count");
    };
    assert_eq!(every, num_bigint::BigInt::from(131_072u64 * 129_644_790));
    // A query that reads the shape needs the members themselves: refused, with the reason.
    let e = ws
        .evaluate("count forests17 where trunks = 1", &mut ev)
        .unwrap_err();
    assert!(
        e.message.contains("at most 16") && e.message.contains("values alone"),
        "{}",
        e.message
    );
    assert_eq!(e.span, 6..15);
}

/// The small censuses the counted figures are held against: blue-red forests, trees and
/// stalks of 0 to 8 edges, the empty forest included.
const SMALL: [&str; 3] = ["F", "T", "S"];

/// Defines [`SMALL`] in `ws`.
fn define_small(ws: &mut Workspace) {
    for (name, family) in SMALL.into_iter().zip(["forests", "trees", "stalks"]) {
        let body = format!("family = \"{family}\"\nedges = \"0..=8\"\ncolours = \"LR\"");
        ws.define_census(name, &body).expect("census");
    }
}

/// Each kind of condition, asked of a counted census (compiled to comparisons of the values'
/// numerators where it can be, asked once a size where it reads only `edges`, else asked of
/// each value by the evaluator) and of the same census enumerated (the condition made to read
/// `trunks`, so every member is valued and asked by the evaluator): forests, trees and stalks of
/// 0 to 8 edges, the empty forest included, give the same figures.
#[test]
fn each_kind_of_condition_counted_agrees_with_enumeration() {
    let mut ws = Workspace::new(None);
    let mut ev = Evaluator::default();
    define_small(&mut ws);
    // Every member of 0 edges has no trunk, every other at least one.
    let enumerated = "(trunks > 0 or edges = 0)";
    let conditions = [
        "value = 0",
        "value != 0",
        "value < 1/2",
        "value <= -1",
        "value > 3/4",
        "value >= 2",
        // The number on the left.
        "1/2 < value",
        "-1 >= value",
        "0 = value",
        // A number past the distributions' denominators: asked of each value.
        "value > 0 and value < 1/2199023255552",
        "value != 1/2199023255552",
        // Game literals: a number, and a game that is not one (asked of each value).
        "value = [1/2]",
        "value = [2]",
        "value != [*]",
        // Conditions on the size, and a number that depends on it.
        "edges > 2 and value = 1",
        "edges = 3 or not value = 0",
        "value = edges - 4",
        "value >= 8 - edges and edges >= 2",
        // Read off the value by the evaluator, alone and mixed.
        "sign = 1 and places = 2",
        "value * 2 = 1 or value = -3/4",
        "not (value > 0 and places = 0)",
        "integer_part = 1 and value < 3/2",
        "true and value < -1/4",
        "false or value = 1/8",
        // Read off the value's places alone: asked once for each number of places.
        "places = 2",
        "denominator = 1",
        "not denominator = 4 and edges > 3",
        "places > edges - 5",
        "edges < 4 or denominator >= 8",
        // Known for a size before any value is asked: no member passes, or every one.
        "edges = 5",
        "edges = 1 or edges = 3",
        "edges > 2 and edges < 6 and value > 0",
        "edges < 3 or value < 0",
    ];
    let mut asked = Vec::new();
    for c in conditions {
        for f in SMALL {
            asked.push((
                format!("count {f} where {c}"),
                format!("count {f} where ({c}) and {enumerated}"),
            ));
        }
        asked.push((
            format!("share F where edges >= 1 have {c}"),
            format!("share F where edges >= 1 and {enumerated} have {c}"),
        ));
        // With no `where`, a count, and a share of a comparison with a number, are read off
        // the sorted values.
        asked.push((
            format!("share T have {c}"),
            format!("share T where {enumerated} have {c}"),
        ));
    }
    asked.push(("count S".into(), format!("count S where {enumerated}")));
    for (counted, other) in [
        ("max value over F where value < 3", "value < 3"),
        ("min value over T where edges = 8", "edges = 8"),
        ("max value over S where value <= 1/2", "value <= 1/2"),
        ("min -value over F where edges > 4", "edges > 4"),
        ("total value * value over F where value > 1", "value > 1"),
        // Quantities that read only the number of edges: asked once a size.
        ("max edges over F where value = 0", "value = 0"),
        ("min edges * 2 over S where value = 1/2", "value = 1/2"),
        ("total edges over T where value > 1", "value > 1"),
        ("total edges - 3 over F where edges != 2", "edges != 2"),
    ] {
        let (head, _) = counted.split_once(" where ").unwrap();
        asked.push((
            counted.to_string(),
            format!("{head} where ({other}) and {enumerated}"),
        ));
    }
    for (counted, enumerated) in &asked {
        let a = figure(&mut ws, &mut ev, counted);
        let b = figure(&mut ws, &mut ev, enumerated);
        assert_eq!(a, b, "{counted}");
        assert_counted_and_enumerated(&ws, counted, enumerated);
    }
}

/// A census counted by value is cached as an enumerated one is: a second workspace on the same
/// cache reads it back, gives the same figure, and says it was counted in an earlier build.
#[test]
fn a_counted_census_is_read_back_from_the_cache() {
    let dir = tempfile::tempdir().unwrap();
    let query = "count forests9 where value = 1/2";
    let mut ev = Evaluator::default();
    let mut first = Workspace::new(Some(dir.path().to_path_buf()));
    let a = figure(&mut first, &mut ev, query);
    let census = |ws: &Workspace| census_words(ws, query);
    assert!(
        !census(&first).contains("earlier build"),
        "{}",
        census(&first)
    );
    let written = std::fs::read_dir(dir.path()).unwrap().count();
    assert!(written >= 1);
    let mut second = Workspace::new(Some(dir.path().to_path_buf()));
    let b = figure(&mut second, &mut ev, query);
    assert_eq!(a, b);
    let words = census(&second);
    assert!(
        words.starts_with("counted by value") && words.contains("in an earlier build"),
        "{words}"
    );
    // The page lists a counted census in a reader's words, as an enumerated one: "every forest
    // of 1 to 9 edges, blue and red", not the checker's "forests of 1 to 9 edges in LR".
    let described: Vec<&str> = second
        .runs()
        .iter()
        .map(|r| r.description.as_str())
        .collect();
    assert_eq!(described, ["every forest of 1 to 9 edges, blue and red"]);
}

/// `distinct` counted by value (the sizes' values merged, a value several sizes take counted
/// once; any other quantity asked of each size and value) against the same query enumerated
/// (made to read `trunks`): forests, trees and stalks of 0 to 8 edges, with and without a
/// `where`. `all` and `unique` name members: enumerated, and the notebook says so even once the
/// census has been counted for another query.
#[test]
fn distinct_counted_agrees_with_enumeration() {
    let mut ws = Workspace::new(None);
    let mut ev = Evaluator::default();
    define_small(&mut ws);
    let enumerated = "(trunks > 0 or edges = 0)";
    let mut seen = Vec::new();
    for quantity in [
        "value",
        "sign",
        "places",
        "integer_part",
        "value * 2 - edges",
    ] {
        for filter in [
            None,
            Some("edges = 8"),
            Some("value > 0"),
            Some("edges > 3 and value < 1/2"),
            Some("places = 2"),
            Some("value > 100"),
        ] {
            for f in SMALL {
                let (counted, other) = match filter {
                    None => (
                        format!("distinct {quantity} over {f}"),
                        format!("distinct {quantity} over {f} where {enumerated}"),
                    ),
                    Some(c) => (
                        format!("distinct {quantity} over {f} where {c}"),
                        format!("distinct {quantity} over {f} where ({c}) and {enumerated}"),
                    ),
                };
                let a = figure(&mut ws, &mut ev, &counted);
                let b = figure(&mut ws, &mut ev, &other);
                assert_eq!(a, b, "{counted}");
                let census = |q: &str| census_words(&ws, q);
                assert!(
                    census(&counted).starts_with("counted by value"),
                    "{counted}"
                );
                assert!(
                    census(&other).starts_with("every member counted"),
                    "{other}"
                );
                seen.push(a);
            }
        }
    }
    // The figures are not all alike (an empty selection gives 0, the values many).
    assert!(seen.contains(&Figure::Integer(0.into())));
    assert!(seen
        .iter()
        .any(|s| matches!(s, Figure::Integer(n) if *n > 400.into())));
    for q in [
        "all F have value > -100",
        "unique value over S where edges = 8",
    ] {
        figure(&mut ws, &mut ev, q);
        let words = census_words(&ws, q);
        assert!(words.starts_with("every member counted"), "{q}: {words}");
    }
}

/// Past what enumeration reaches, `distinct` is counted: the distinct values of the forests of
/// 17 edges are the values the counting engine lists for that size, and the distinct values of
/// forests of 1 to 17 edges at least as many and fewer than every size's together.
#[test]
fn distinct_values_past_sixteen_edges_are_counted() {
    let mut ws = Workspace::new(None);
    let mut ev = Evaluator::default();
    let f = family(Kind::Forests, 17, 17, &[Colour::Blue, Colour::Red]);
    let sizes = counting::count(&f, &|_| {}).unwrap();
    let top = sizes[0].1.len();
    let Figure::Integer(at_top) = figure(
        &mut ws,
        &mut ev,
        "distinct value over forests17 where edges = 17",
    ) else {
        panic!("a count");
    };
    assert_eq!(at_top, top.into());
    let Figure::Integer(all) = figure(&mut ws, &mut ev, "distinct value over forests17") else {
        panic!("a count");
    };
    let every = counting::count(
        &family(Kind::Forests, 1, 17, &[Colour::Blue, Colour::Red]),
        &|_| {},
    )
    .unwrap();
    let listed: usize = every.iter().map(|(_, d)| d.len()).sum();
    assert!(
        all >= top.into() && all < listed.into(),
        "{all} of {listed}"
    );
}
