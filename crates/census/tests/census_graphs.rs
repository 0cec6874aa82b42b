//! Censuses of graphs: the pictures counted against an independent enumeration (plain Python,
//! `tests/graphs_oracle.py`), the pictures without a cycle against the forests of the forest
//! censuses (the same pictures up to isomorphism, the same values, under both rules), and the
//! queries of the census language asked of graphs.

use hackenbook_census::engines::composing::Composer;
use hackenbook_census::engines::graphs::{members, pictures};
use hackenbook_census::engines::reference::forests;
use hackenbook_census::families::graphs::GraphFamily;
use hackenbook_census::forest::{Forest, Palette};
use hackenbook_census::{literal_holds, Figure, Workspace};
use hackenbook_games::{GameId, Games};
use hackenbook_rulesets::hackenbush::canon::exact_code;
use hackenbook_rulesets::hackenbush::{Colour, Evaluator, Position, Rules};
use std::collections::BTreeMap;
use std::process::Command;

fn palette(letters: &str) -> Palette {
    let colours: Vec<Colour> = letters
        .chars()
        .map(|c| Colour::from_letter(c).unwrap())
        .collect();
    Palette::new(&colours)
}

/// Per edge count: pictures, forests among them, single trees among them, by the oracle.
fn oracle(max_edges: usize, letters: &str) -> Vec<[usize; 3]> {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/graphs_oracle.py");
    let out = Command::new("python3")
        .args([script, &max_edges.to_string(), letters])
        .output()
        .unwrap_or_else(|e| {
            panic!("python3 cannot be run ({e}): the oracle is plain Python 3, install Python 3")
        });
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|line| {
            let v: Vec<usize> = line
                .split_whitespace()
                .map(|w| w.parse().unwrap())
                .collect();
            [v[1], v[2], v[3]]
        })
        .collect()
}

#[test]
fn the_pictures_are_those_of_an_independent_enumeration() {
    for (letters, max) in [("LR", 5), ("LRG", 4), ("G", 5)] {
        let levels = pictures(max, &palette(letters), &|| {});
        let ours: Vec<[usize; 3]> = levels[1..]
            .iter()
            .map(|level| {
                let ps: Vec<Position> = level
                    .iter()
                    .map(|c| hackenbook_rulesets::hackenbush::canon::from_code(c).unwrap())
                    .collect();
                let forests: Vec<&Position> = ps.iter().filter(|p| p.is_forest()).collect();
                let trees = forests.iter().filter(|p| p.trunks() == 1).count();
                [ps.len(), forests.len(), trees]
            })
            .collect();
        assert_eq!(ours, oracle(max, letters), "{letters}");
    }
}

/// The plane forests of `n` edges by picture (up to the order of trees), each with its value
/// under `rules` by the composing engine, which values forests tree by tree.
fn forests_by_picture(
    n: usize,
    letters: &str,
    rules: Rules,
    games: &mut Games,
) -> BTreeMap<Vec<u32>, GameId> {
    let mut memo = Vec::new();
    let plane = forests(n, &palette(letters), &mut memo);
    let mut composer = Composer::new(games, rules);
    let mut out = BTreeMap::new();
    for trees in plane {
        let code = exact_code(&Position::from_forest(&trees));
        let value = composer.value(Forest::from_trees(&trees).unwrap());
        if let Some(&before) = out.get(&code) {
            assert_eq!(before, value, "two orders of one forest, two values");
        }
        out.insert(code, value);
    }
    out
}

#[test]
fn the_acyclic_pictures_are_the_forests_value_for_value() {
    let mut ev = Evaluator::default();
    for (letters, max, rules) in [
        ("LR", 5, Rules::Normal),
        ("LR", 5, Rules::Childish),
        ("LRG", 4, Rules::Normal),
        ("LRG", 4, Rules::Childish),
    ] {
        let family = GraphFamily {
            min_edges: 1,
            max_edges: max,
            palette: palette(letters),
            rules,
        };
        let all = members(&family, ev.rulesets.hackenbush(), &mut ev.games, &|_| {}).unwrap();
        for n in 1..=max {
            let acyclic: BTreeMap<Vec<u32>, GameId> = all
                .iter()
                .filter(|(p, _)| p.edge_count() == n && p.is_forest())
                .map(|(p, v)| (exact_code(p), *v))
                .collect();
            let expected = forests_by_picture(n, letters, rules, &mut ev.games);
            assert_eq!(acyclic, expected, "{letters} {rules} {n} edges");
        }
    }
}

fn figure(ws: &mut Workspace, ev: &mut Evaluator, query: &str) -> Figure {
    ws.evaluate(query, ev)
        .unwrap_or_else(|e| panic!("{query}: {}", e.message))
}

#[test]
fn queries_of_graphs() {
    let mut ev = Evaluator::default();
    let mut ws = Workspace::new(None);
    ws.define_census(
        "g4",
        "family = \"graphs\"\nedges = \"1..=4\"\n[measures]\nhot = \"temperature > 0\"\n",
    )
    .unwrap();
    ws.define_census(
        "kids5",
        "family = \"graphs\"\nedges = \"1..=5\"\nrules = \"childish\"\n",
    )
    .unwrap();
    // The counts of the oracle, and the forests among them (cycles = 0).
    let count = |ws: &mut Workspace, ev: &mut Evaluator, q: &str| match figure(ws, ev, q) {
        Figure::Integer(n) => n.to_string(),
        other => panic!("{q}: {other:?}"),
    };
    assert_eq!(count(&mut ws, &mut ev, "count g4"), "1023");
    assert_eq!(count(&mut ws, &mut ev, "count g4 where cycles = 0"), "142");
    assert_eq!(count(&mut ws, &mut ev, "count graphs4"), "1023");
    // Blue-red pictures are numbers under the normal rules; not so under the childish rules.
    assert_eq!(
        figure(&mut ws, &mut ev, "all g4 have number"),
        Figure::truth(true)
    );
    let hot = figure(&mut ws, &mut ev, "any kids5 have temperature > 0");
    let Figure::Bool {
        holds: true,
        example: Some(e),
    } = &hot
    else {
        panic!("{hot:?}")
    };
    let picture = Position::parse(&e.notation).unwrap();
    assert!(
        !picture.is_forest(),
        "{}: a hot childish picture",
        e.notation
    );
    // The smallest member names a picture up to isomorphism, in the ordinary notation: two
    // blue loops at the ground, however the literal names the ground.
    let smallest = figure(&mut ws, &mut ev, "smallest g4 where cycles > 1");
    for (literal, holds) in [
        ("g-g L, g-g L", true),
        ("g-g L, g-g R", false),
        ("L L", false),
    ] {
        assert_eq!(
            literal_holds(literal, &smallest, &mut ev.games),
            Ok(holds),
            "{literal}"
        );
    }
    // A loop at the ground is a trunk and a cycle: it comes first in census order.
    let cycle = figure(
        &mut ws,
        &mut ev,
        "smallest g4 where cycles = 1 and trunks = 2 and blue = 3",
    );
    for (literal, holds) in [
        ("g-g L, g-a L, a-b L", true),
        ("g-x L, x-y L, g-g L", true),
        ("g-a L, a-b L, b-g L", false),
    ] {
        assert_eq!(
            literal_holds(literal, &cycle, &mut ev.games),
            Ok(holds),
            "{literal}"
        );
    }
    // Properties of forests are refused at the word; so are properties of games.
    for (query, word) in [
        ("count g4 where reading = 0", "reading"),
        ("all g4 have colon", "colon"),
        ("max height over g4", "height"),
        ("count g4 where left_options = 1", "left_options"),
    ] {
        let e = ws.evaluate(query, &mut ev).unwrap_err();
        assert_eq!(&query[e.span.clone()], word, "{query}: {}", e.message);
    }
}

#[test]
fn a_census_too_large_is_refused_with_its_estimate() {
    let mut ws = Workspace::new(None);
    let body = "family = \"graphs\"\nedges = \"1..=7\"\ncolours = \"LRG\"\n";
    let e = ws.define_census("big", body).unwrap_err().to_string();
    assert!(
        e.contains("up to 12,372,135 pictures") && e.contains("max_positions = 12372135"),
        "{e}"
    );
    let body = "family = \"graphs\"\nedges = \"1..=9\"\n";
    let e = ws.define_census("huge", body).unwrap_err().to_string();
    assert!(e.contains("up to 8 edges"), "{e}");
    let mut ev = Evaluator::default();
    let e = ws.evaluate("count graphs7", &mut ev).unwrap_err();
    assert!(e.message.contains("pass --yes"), "{}", e.message);
}

#[test]
fn a_census_of_graphs_is_read_back_from_the_cache() {
    let dir = tempfile::tempdir().unwrap();
    let body = "family = \"graphs\"\nedges = \"1..=4\"\ncolours = \"LRG\"\nrules = \"childish\"\n";
    let queries = [
        "count kids",
        "count kids where temperature > 0",
        "smallest kids where temperature > 0",
        "share kids have number",
    ];
    let mut answers = Vec::new();
    for run in 0..2 {
        let mut ev = Evaluator::default();
        let mut ws = Workspace::new(Some(dir.path().to_path_buf()));
        ws.define_census("kids", body).unwrap();
        let figures: Vec<String> = queries
            .iter()
            .map(|q| format!("{:?}", figure(&mut ws, &mut ev, q)))
            .collect();
        let from_cache = ws.runs()[0].from_cache;
        assert_eq!(from_cache, run == 1, "run {run}");
        answers.push(figures);
    }
    assert_eq!(answers[0], answers[1]);
}
