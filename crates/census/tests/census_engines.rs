//! The fast engine against the plain reference engine and against the Hackenbush solver; the
//! cache; located errors on bad input.
use hackenbook_census::engines::composing as mixed;
use hackenbook_census::engines::enumerating as engine;
use hackenbook_census::engines::reference;
use hackenbook_census::families::forests::{counted, Family, Kind};
use hackenbook_census::families::group;
use hackenbook_census::forest::Forest;
use hackenbook_census::{literal_holds, Figure, Workspace};
use hackenbook_games::Games;
use hackenbook_rulesets::hackenbush::{evaluate, Colour, Evaluator, Position, Rules, Solver};
use std::time::Instant;

use crate::support;
use support::fast;

/// Pictures of `kind` with up to `max` edges in `colours`.
fn family(kind: Kind, max: usize, colours: &[Colour]) -> Family {
    support::family(kind, 0, max, colours)
}

#[test]
fn fast_and_reference_engines_agree_record_for_record() {
    let blue_red = [Colour::Blue, Colour::Red];
    for (kind, max, colours) in [
        (Kind::Forests, 6, &blue_red[..]),
        (Kind::Trees, 6, &blue_red[..]),
        (Kind::Stalks, 6, &blue_red[..]),
        (Kind::Forests, 5, &[Colour::Red][..]),
    ] {
        let f = family(kind, max, colours);
        let mut ev = Evaluator::default();
        let a = fast(&f, &mut ev.games);
        let b = reference::run(&f, &mut ev.games, &|_| {});
        assert_eq!(a.len(), b.len(), "{f}");
        for (x, y) in a.iter().zip(&b) {
            assert_eq!(x, y, "{f}: first members {} and {}", x.first, y.first);
        }
        let total: u64 = a.iter().map(|r| r.count).sum();
        assert_eq!(total as u128, f.size(), "{f}");
    }
}

fn hotchpotch(kind: Kind, max: usize) -> Family {
    family(kind, max, &[Colour::Blue, Colour::Red, Colour::Green])
}

#[test]
fn the_composing_engine_agrees_with_the_game_tree_record_for_record() {
    for f in [
        hotchpotch(Kind::Forests, 4),
        hotchpotch(Kind::Trees, 5),
        hotchpotch(Kind::Stalks, 6),
        family(Kind::Forests, 4, &[Colour::Blue, Colour::Green]),
    ] {
        let mut ev = Evaluator::default();
        let composed = mixed::run(&f, &mut ev.games, &|_| {});
        let plain = reference::run(&f, &mut ev.games, &|_| {});
        assert_eq!(composed, plain, "{f}");
        let total: u64 = composed.iter().map(|r| r.count).sum();
        assert_eq!(total as u128, f.size(), "{f}");
    }
}

#[test]
fn childish_censuses_agree_with_the_childish_game_tree() {
    let mut ev = Evaluator::default();
    let mut solver = Solver::new();
    let mut f = hotchpotch(Kind::Forests, 4);
    f.rules = Rules::Childish;
    let rows = mixed::run(&f, &mut ev.games, &|_| {});
    let mut composer = mixed::Composer::new(&mut ev.games, Rules::Childish);
    let mut values = Vec::new();
    let mut memo = Vec::new();
    for n in 1..=4 {
        for forest in reference::forests(n, &f.palette, &mut memo) {
            let packed = Forest::from_trees(&forest).unwrap();
            values.push((packed, composer.value(packed)));
        }
    }
    let mut differs = 0;
    for (packed, value) in values {
        let position = Position::parse(&packed.notation()).unwrap();
        let solved = solver
            .evaluate(&position, Rules::Childish, &mut ev.games)
            .unwrap()
            .value;
        assert_eq!(
            ev.games.display(value),
            ev.games.display(solved),
            "childish {packed}"
        );
        let normal = solver
            .evaluate(&position, Rules::Normal, &mut ev.games)
            .unwrap()
            .value;
        differs += usize::from(normal != value);
    }
    // The childish rules change values (`LR` is 1/2, childish 0: Left may not cut the blue edge
    // under the red one).
    assert!(differs > 0, "no childish value differs from the normal one");
    let total: u64 = rows.iter().map(|r| r.count).sum();
    assert_eq!(total as u128, f.size());
}

#[test]
fn census_values_agree_with_the_hackenbush_solver() {
    let mut ev = Evaluator::default();
    for colours in [
        vec![Colour::Blue, Colour::Red],
        vec![Colour::Blue, Colour::Red, Colour::Green],
    ] {
        let max = if colours.len() == 2 { 5 } else { 3 };
        let f = family(Kind::Forests, max, &colours);
        let rows = if colours.len() == 2 {
            fast(&f, &mut ev.games)
        } else {
            reference::run(&f, &mut ev.games, &|_| {})
        };
        // Each distinct record's smallest member, valued independently by the solver.
        for row in &rows {
            if row.first.edges() == 0 {
                continue;
            }
            let position = Position::parse(&row.first.notation()).unwrap();
            let solved = evaluate(&position, Rules::Normal, &mut ev.games)
                .unwrap()
                .value;
            let census = row.record.value.to_game(&mut ev.games);
            assert_eq!(
                ev.games.display(census),
                ev.games.display(solved),
                "{}",
                row.first
            );
        }
    }
}

#[test]
fn every_blue_red_forest_of_four_edges_matches_the_solver() {
    let mut ev = Evaluator::default();
    let f = family(Kind::Forests, 4, &[Colour::Blue, Colour::Red]);
    let mut memo = Vec::new();
    let mut seen = 0;
    for forest in reference::forests(4, &f.palette, &mut memo) {
        let packed = Forest::from_trees(&forest).unwrap();
        let position = Position::parse(&packed.notation()).unwrap();
        let solved = evaluate(&position, Rules::Normal, &mut ev.games)
            .unwrap()
            .value;
        let fast = engine::value_of(packed).unwrap();
        assert_eq!(
            ev.games.as_number(solved),
            Some(fast.to_dyadic()),
            "{packed}"
        );
        seen += 1;
    }
    assert_eq!(seen, 16 * 14);
}

#[test]
fn an_unchanged_census_is_read_back_from_the_cache() {
    let dir = tempfile::tempdir().unwrap();
    let body = "family = \"forests\"\nedges = \"1..=7\"\ncolours = \"LR\"";
    let query = "count f where reading = value";
    let mut timings = Vec::new();
    let mut figures = Vec::new();
    for _ in 0..2 {
        let mut ev = Evaluator::default();
        let mut ws = Workspace::new(Some(dir.path().to_path_buf()));
        ws.define_census("f", body).unwrap();
        let start = Instant::now();
        figures.push(ws.evaluate(query, &mut ev).unwrap());
        timings.push(start.elapsed());
        let run = &ws.runs()[0];
        assert_eq!(run.positions, 10_066 + 128 * 429);
        timings.push(std::time::Duration::from_secs_f64(run.seconds));
    }
    assert_eq!(figures[0], figures[1]);
    eprintln!(
        "first run {:?}, second run (cache) {:?}",
        timings[0], timings[2]
    );
    let files: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert_eq!(files.len(), 1);
    // A changed definition is a different census: it misses the cache.
    let mut ev = Evaluator::default();
    let mut ws = Workspace::new(Some(dir.path().to_path_buf()));
    ws.define_census("f", "family = \"trees\"\nedges = \"1..=7\"")
        .unwrap();
    ws.evaluate("count f", &mut ev).unwrap();
    assert!(!ws.runs()[0].from_cache);
    // And a green census, whose values are games, survives the round trip.
    let mut answers = Vec::new();
    for expect_cached in [false, true] {
        let mut ev = Evaluator::default();
        let mut ws = Workspace::new(Some(dir.path().to_path_buf()));
        ws.define_census("g", "edges = \"1..=3\"\ncolours = \"LRG\"")
            .unwrap();
        let mut answer = Vec::new();
        for q in [
            "count g where value = [1*]",
            "count g where value = [^*]",
            "count g where value > [*]",
            "smallest g where value = [^*]",
        ] {
            let f = ws.evaluate(q, &mut ev).unwrap();
            answer.push(hackenbook_census::render_figure(&f, &ev.games));
        }
        assert_eq!(ws.runs()[0].from_cache, expect_cached);
        answers.push(answer);
    }
    assert_eq!(answers[0], answers[1]);
    assert_eq!(
        answers[0][3],
        "GL (2 edges (1 blue, 0 red, 1 green), value ^*, reading ^*)"
    );
}

#[test]
fn named_positions_answer_property_questions() {
    let mut ev = Evaluator::default();
    let mut ws = Workspace::new(None);
    let cherry = Position::parse("L(L R)").unwrap();
    let value = evaluate(&cherry, Rules::Normal, &mut ev.games).unwrap();
    ws.define_position("cherry", &value, cherry, Rules::Normal);
    for (key, literal) in [
        ("value", "1"),
        ("reading", "2"),
        ("edges", "3"),
        ("colon", "false"),
        ("trunks", "1"),
        ("blue - red", "1"),
        ("ordinal_sum", "1"),
    ] {
        let f = ws.property("cherry", key, &mut ev).unwrap();
        assert!(literal_holds(literal, &f, &mut ev.games).unwrap(), "{key}");
    }
    let f = ws.evaluate("reading of cherry", &mut ev).unwrap();
    assert_eq!(f, Figure::Number(2.into()));
    // A cycle has no leftmost reading: a located error, not a panic.
    let cycle = Position::parse("g-a L, a-b R, b-g L").unwrap();
    let value = evaluate(&cycle, Rules::Normal, &mut ev.games).unwrap();
    ws.define_position("loop", &value, cycle, Rules::Normal);
    let e = ws.property("loop", "2 * reading", &mut ev).unwrap_err();
    assert_eq!(e.span, 4..11);
    assert!(ws.property("loop", "edges", &mut ev).is_ok());
    // Under childish rules the normal-play properties are refused.
    let p = Position::parse("LR").unwrap();
    let v = evaluate(&p, Rules::Childish, &mut ev.games).unwrap();
    ws.define_position("kid", &v, p, Rules::Childish);
    assert!(ws.property("kid", "tree_rule", &mut ev).is_err());
    assert!(ws.property("kid", "value", &mut ev).is_ok());
}

#[test]
fn bad_queries_are_located_errors() {
    let mut ev = Evaluator::default();
    let mut ws = Workspace::new(None);
    ws.define_census("f", "edges = \"1..=3\"").unwrap();
    ws.define_census("g", "edges = 1\ncolours = \"G\"").unwrap();
    for (query, at) in [
        ("count h", "h"),
        ("count f where wobble = 1", "wobble"),
        ("count f where value", "value"),
        ("share f have 3", "3"),
        ("min colon over f", "colon"),
        ("all f where edges > 1", ""),
        ("reading of nowhere", "nowhere"),
        ("count f where value = [1*", "["),
        ("smallest f where edges > 5", "f"),
        ("count f where value / 3 = 1", "value / 3"),
        ("count g where sign = 0", "sign"),
    ] {
        let e = match ws.evaluate(query, &mut ev) {
            Err(e) => e,
            Ok(f) => panic!("{query} gave {f:?}"),
        };
        assert!(e.span.end <= query.len(), "{query}: {:?}", e.span);
        if !at.is_empty() {
            assert_eq!(&query[e.span.clone()], at, "{query}: {}", e.message);
        }
    }
    let e = ws
        .define_census("h", "from = \"nothing\"\nwhere = \"tree\"")
        .unwrap_err();
    assert!(e.to_string().contains("nothing"));
    assert!(ws.define_census("count", "edges = 2").is_err());
    assert!(ws.define_measure("m", "blue +").is_err());
}

#[test]
fn arbitrary_text_never_panics() {
    let mut ev = Evaluator::default();
    let mut ws = Workspace::new(None);
    ws.define_census("f", "edges = \"1..=2\"").unwrap();
    let pieces = [
        "count", "share", "all", "none", "smallest", "min", "over", "f", "where", "have", "of",
        "(", ")", "value", "reading", "=", "!=", "<", "and", "or", "not", "1", "1/2", "-", "+",
        "*", "/", "[*]", "[", "sign", "abs", "0.5", "≥", "colon", "x", "cherry", "true", "é",
    ];
    // A deterministic walk through many short sentences made of the language's own words.
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    for _ in 0..3000 {
        let mut words = Vec::new();
        for _ in 0..(state % 8) + 1 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            words.push(pieces[(state % pieces.len() as u64) as usize]);
        }
        let query = words.join(" ");
        if let Err(e) = ws.evaluate(&query, &mut ev) {
            assert!(
                e.span.start <= e.span.end && e.span.end <= query.len(),
                "{query}"
            );
        }
        let _ = ws.property("f", &query, &mut ev);
        let _ = literal_holds(&query, &Figure::truth(true), &mut ev.games);
    }
}

#[test]
fn a_smallest_literal_reads_the_whole_position_notation() {
    // A position block reads CGSuite's `l(l;rl)`; so does a `smallest` literal (one parser).
    let mut ev = Evaluator::default();
    let mut ws = Workspace::new(None);
    ws.define_census("t", "family = \"trees\"\nedges = 4")
        .unwrap();
    let f = ws
        .evaluate("smallest t where value = 3/2 and not path", &mut ev)
        .unwrap();
    let Figure::Example(example) = &f else {
        panic!("expected a position, got {f:?}")
    };
    let cgsuite = example.notation.to_lowercase().replace(' ', ";");
    assert!(cgsuite.contains(';'), "{cgsuite}");
    assert!(
        literal_holds(&cgsuite, &f, &mut ev.games).unwrap(),
        "{cgsuite}"
    );
    assert!(!literal_holds("l(l;l)", &f, &mut ev.games).unwrap());
}

#[test]
fn the_numeral_properties_read_a_number_in_binary() {
    let mut ev = Evaluator::default();
    let mut ws = Workspace::new(None);
    for (name, text) in [
        ("lrrl", "LRRL"),
        ("rrl", "RRL"),
        ("rllr", "RLLR"),
        ("two", "LL"),
        ("star", "G"),
    ] {
        let p = Position::parse(text).unwrap();
        let v = evaluate(&p, Rules::Normal, &mut ev.games).unwrap();
        ws.define_position(name, &v, p, Rules::Normal);
    }
    // LRRL = 3/8 = 0.011 in binary: four edges, three places.
    for (query, figure) in [
        ("places of lrrl", "3"),
        ("denominator of lrrl", "8"),
        ("integer_part of lrrl", "0"),
        ("places of rrl", "1"),
        ("integer_part of rrl", "-1"),
        ("denominator of rrl", "2"),
        ("integer_part of rllr", "0"),
        ("places of two", "0"),
        ("denominator of two", "1"),
        ("integer_part of two", "2"),
    ] {
        let f = ws.evaluate(query, &mut ev).unwrap();
        assert_eq!(
            hackenbook_census::render_figure(&f, &ev.games),
            figure,
            "{query}"
        );
    }
    // Only numbers have binary places: `*` is an error at the property, not a guess.
    for query in [
        "places of star",
        "integer_part of star",
        "denominator of star",
    ] {
        let e = ws.evaluate(query, &mut ev).unwrap_err();
        assert_eq!(e.span.start, 0, "{query}: {}", e.message);
        assert!(e.message.contains("not a number"), "{}", e.message);
    }
    // Over a census: stalks of four edges whose first run is one edge long read to three places.
    ws.define_census("s", "family = \"stalks\"\nedges = \"1..=4\"")
        .unwrap();
    let f = ws.evaluate("count s where places = 3", &mut ev).unwrap();
    assert_eq!(f, Figure::Integer(8.into()));
    ws.define_census("g", "edges = \"1..=2\"\ncolours = \"LRG\"")
        .unwrap();
    let e = ws
        .evaluate("count g where places = 0", &mut ev)
        .unwrap_err();
    assert_eq!(&"count g where places = 0"[e.span.clone()], "places");
}

#[test]
fn a_cache_file_of_another_schema_is_not_read() {
    let dir = tempfile::tempdir().unwrap();
    let body = "family = \"trees\"\nedges = \"1..=4\"";
    let run = |expect_cached: bool| {
        let mut ev = Evaluator::default();
        let mut ws = Workspace::new(Some(dir.path().to_path_buf()));
        ws.define_census("t", body).unwrap();
        let f = ws.evaluate("count t where colon", &mut ev).unwrap();
        assert_eq!(ws.runs()[0].from_cache, expect_cached);
        f
    };
    let first = run(false);
    assert_eq!(run(true), first);
    // The same file, stamped with another schema: stale, so computed afresh.
    let file = std::fs::read_dir(dir.path())
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains(hackenbook_census::store::cache::schema()));
    std::fs::write(
        &file,
        text.replace(hackenbook_census::store::cache::schema(), "0"),
    )
    .unwrap();
    assert_eq!(run(false), first);
}

/// A census's members of each size are held against the closed form: the rows of every
/// kind pass as computed; a count raised or lowered, a row dropped, or members of a size
/// outside the family, each fail, naming the size and the closed form.
#[test]
fn census_totals_are_held_against_the_closed_form() {
    let mut games = Games::new();
    for (kind, colours) in [
        (Kind::Forests, &[Colour::Blue, Colour::Red][..]),
        (Kind::Trees, &[Colour::Blue, Colour::Red, Colour::Green][..]),
        (Kind::Stalks, &[Colour::Green, Colour::Red][..]),
    ] {
        let family = support::family(kind, 2, 5, colours);
        let rows = mixed::run(&family, &mut games, &|_| {});
        assert_eq!(family.check_totals(counted(&rows)), Ok(()), "{family}");
        let edited = |edit: &dyn Fn(&mut Vec<hackenbook_census::record::Row>)| {
            let mut rows = rows.clone();
            edit(&mut rows);
            family.check_totals(counted(&rows)).unwrap_err()
        };
        let last = rows.len() - 1;
        let n = rows[last].record.edges as usize;
        let k = colours.len();
        let (form, want) = match kind {
            Kind::Forests => (format!("{k}^{n} · Catalan({n})"), k.pow(n as u32) * 42),
            Kind::Trees => (
                format!("{k}^{n} · Catalan({})", n - 1),
                k.pow(n as u32) * 14,
            ),
            Kind::Stalks => (format!("{k}^{n}"), k.pow(n as u32)),
        };
        assert_eq!(n, 5);
        let one_more = edited(&|rows| rows[last].count += 1);
        assert_eq!(
            one_more,
            format!(
                "the census counted {} of 5 edges where the closed form {form} gives {}: a drawing was missed or counted twice",
                group(want as u128 + 1),
                group(want as u128)
            ),
            "{family}"
        );
        let dropped = edited(&|rows| {
            rows.remove(0);
        });
        assert!(
            dropped.contains("of 2 edges where the closed form"),
            "{dropped}"
        );
        let outside = edited(&|rows| {
            let mut extra = rows[0].clone();
            extra.record.edges = 7;
            rows.push(extra);
        });
        assert!(
            outside.contains("of 7 edges, outside the census"),
            "{outside}"
        );
    }
}
