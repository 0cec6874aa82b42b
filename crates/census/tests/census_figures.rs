//! The figures of "A tree is still a number", computed through the public workspace API.
use hackenbook_census::{literal_holds, render_figure, Figure, Workspace};
use hackenbook_rulesets::hackenbush::Evaluator;

const FORESTS6: &str = "family = \"forests\"\nedges = \"1..=6\"\ncolours = \"LR\"\n";
const TREES6: &str = "family = \"trees\"\nedges = \"1..=6\"\ncolours = \"LR\"\n";

fn workspace() -> Workspace {
    let mut ws = Workspace::new(None);
    ws.define_census("forests6", FORESTS6).unwrap();
    ws.define_census("trees6", TREES6).unwrap();
    ws.define_measure("disagrees", "blue != red and sign != majority")
        .unwrap();
    ws
}

fn check(ws: &mut Workspace, ev: &mut Evaluator, literal: &str, query: &str) -> Figure {
    let figure = ws
        .evaluate(query, ev)
        .unwrap_or_else(|e| panic!("{query}: {e}"));
    let games = &mut ev.games;
    let holds = literal_holds(literal, &figure, games).unwrap_or_else(|e| panic!("{literal}: {e}"));
    assert!(
        holds,
        "`{literal}` = {query} is {}",
        render_figure(&figure, games)
    );
    figure
}

#[test]
fn the_source_figures() {
    let mut ev = Evaluator::default();
    let mut ws = workspace();
    for (literal, query) in [
        ("10,066", "count forests6"),
        ("every time", "all forests6 have number"),
        ("6,828", "count forests6 where trunks > 1"),
        (
            "every time",
            "all forests6 where trunks > 1 have value = sum",
        ),
        ("3,238", "count trees6"),
        ("3,238", "count forests6 where trunks = 1"),
        ("no exceptions", "all trees6 have ordinal_sum = value"),
        ("no exceptions", "none forests6 have tree_rule != value"),
        ("762", "count forests6 where reading = value"),
        ("126", "count forests6 where reading = value and path"),
        ("636", "count forests6 where reading = value and not path"),
        ("358", "count trees6 where colon"),
        ("every one", "all trees6 where colon have reading = value"),
        ("406", "count trees6 where reading = value"),
        ("48", "count trees6 where reading = value and not colon"),
        ("88%", "share trees6 where reading = value have colon"),
        ("7,338", "count forests6 where blue != red"),
        ("916", "count forests6 where disagrees"),
        ("3", "min edges over forests6 where disagrees"),
    ] {
        check(&mut ws, &mut ev, literal, query);
    }
}

#[test]
fn census_sizes_follow_two_to_the_n_catalan() {
    let mut ev = Evaluator::default();
    let catalan = [1u64, 1, 2, 5, 14, 42, 132, 429];
    for n in 0..=7usize {
        let mut ws = Workspace::new(None);
        let body = format!("edges = {n}\ncolours = \"LR\"");
        ws.define_census("f", &body).unwrap();
        let trees = format!("family = \"trees\"\nedges = {n}");
        ws.define_census("t", &trees).unwrap();
        let stalks = format!("family = \"stalks\"\nedges = {n}");
        ws.define_census("s", &stalks).unwrap();
        let count =
            |ws: &mut Workspace, ev: &mut Evaluator, q: &str| match ws.evaluate(q, ev).unwrap() {
                Figure::Integer(i) => u64::try_from(i).unwrap(),
                other => panic!("{other:?}"),
            };
        assert_eq!(
            count(&mut ws, &mut ev, "count f"),
            (1 << n) * catalan[n],
            "forests of {n}"
        );
        let t = if n == 0 { 0 } else { (1 << n) * catalan[n - 1] };
        assert_eq!(count(&mut ws, &mut ev, "count t"), t, "trees of {n}");
        let s = if n == 0 { 0 } else { 1 << n };
        assert_eq!(count(&mut ws, &mut ev, "count s"), s, "stalks of {n}");
        // Without duplicates: every forest is a different plane forest, so notation is unique.
        assert_eq!(
            count(&mut ws, &mut ev, "count f where edges = edges"),
            (1 << n) * catalan[n]
        );
    }
}

#[test]
fn a_mutated_literal_fails() {
    let mut ev = Evaluator::default();
    let mut ws = workspace();
    let f = ws
        .evaluate("count forests6 where reading = value", &mut ev)
        .unwrap();
    assert!(literal_holds("762", &f, &mut ev.games).unwrap());
    assert!(!literal_holds("763", &f, &mut ev.games).unwrap());
    assert!(!literal_holds("761", &f, &mut ev.games).unwrap());
    let s = ws
        .evaluate("share trees6 where reading = value have colon", &mut ev)
        .unwrap();
    assert!(!literal_holds("87%", &s, &mut ev.games).unwrap());
    assert!(!literal_holds("89%", &s, &mut ev.games).unwrap());
}

#[test]
fn a_failing_all_shows_its_smallest_counterexample() {
    let mut ev = Evaluator::default();
    let mut ws = workspace();
    let f = ws
        .evaluate("all forests6 have reading = value", &mut ev)
        .unwrap();
    match &f {
        Figure::Bool {
            holds: false,
            example: Some(e),
        } => {
            // Two blue trunks: worth 2, but the reading sees only the first.
            assert_eq!(e.notation, "L L");
            assert!(e.summary.contains("value 2, reading 1"), "{}", e.summary);
        }
        other => panic!("{other:?}"),
    }
    assert!(!literal_holds("every time", &f, &mut ev.games).unwrap());
    let f = ws
        .evaluate("all trees6 have reading = value", &mut ev)
        .unwrap();
    assert_eq!(f.example().unwrap().notation, "L(L L)"); // worth 3, reads 2
    let text = render_figure(&f, &ev.games);
    assert!(text.contains("counterexample L(L L)"), "{text}");
    let f = ws
        .evaluate("smallest forests6 where disagrees", &mut ev)
        .unwrap();
    assert!(
        literal_holds("LRR", &f, &mut ev.games).unwrap(),
        "{}",
        render_figure(&f, &ev.games)
    );
}

#[test]
fn builtin_families_answer_ad_hoc_queries() {
    let mut ev = Evaluator::default();
    let mut ws = Workspace::new(None);
    let f = ws
        .evaluate("count forests6 where reading = value", &mut ev)
        .unwrap();
    assert!(literal_holds("762", &f, &mut ev.games).unwrap());
    let f = ws.evaluate("count trees3_G", &mut ev).unwrap();
    assert!(literal_holds("4", &f, &mut ev.games).unwrap()); // 1 + 1 + 2 green trees
    let e = ws.evaluate("count forest_six", &mut ev).unwrap_err();
    assert_eq!(e.span, 6..16);
}

/// A number in a query is read as a reader reads it: `021` is refused, not 21, whether it is a
/// whole query, a term of arithmetic or a value in a condition.
#[test]
fn a_number_in_a_query_with_a_leading_zero_is_refused() {
    let mut ev = Evaluator::default();
    let mut ws = Workspace::new(None);
    ws.define_census("s3", "family = \"stalks\"\nedges = \"1..=3\"\n")
        .unwrap();
    for query in [
        "021",
        "021.5",
        "count s3 - 02",
        "count s3 where value = 01/2",
    ] {
        let e = ws.evaluate(query, &mut ev).expect_err(query);
        assert!(e.message.contains("leading zero"), "{query}: {e}");
    }
    check(&mut ws, &mut ev, "21", "21");
    check(&mut ws, &mut ev, "0.1", "0.1");
    check(&mut ws, &mut ev, "12", "count s3 - 2");
}

/// `distinct` counts the values an expression takes, `unique` says whether no two members share
/// one; both are held to facts proved apart from the census: the numbers born by day n are
/// 2^(n+1) - 1, and a blue-red stalk's value is its sign expansion, one stalk to a value.
#[test]
fn distinct_values_and_members_that_share_one() {
    let mut ev = Evaluator::default();
    let mut ws = Workspace::new(None);
    let mut figure = |query: &str| {
        let f = ws
            .evaluate(query, &mut ev)
            .unwrap_or_else(|e| panic!("{query}: {e}"));
        render_figure(&f, &ev.games)
    };
    // Forests of at most 4 edges are worth exactly the numbers born by day 4: 2^5 - 1.
    assert_eq!(figure("distinct value over forests4"), "31");
    // Edge counts 1 to 4.
    assert_eq!(figure("distinct edges over forests4"), "4");
    // Stalks: every value once, so as many values as stalks (2 + 4 + 8 + 16).
    assert_eq!(figure("distinct value over stalks4"), "30");
    assert_eq!(figure("unique value over stalks4"), "true");
    // Two stalks of one edge have one edge each: the smallest, L, with the next, R.
    assert_eq!(
        figure("unique edges over stalks4"),
        "false — smallest counterexample L (1 edge (1 blue, 0 red), value 1, reading 1; \
         edges 1 for R too)"
    );
    // Among blue stalks no two share a value; a family the filter empties has none to share;
    // forests do share (the forest `L L` and the stalk `LL` are both worth 2).
    assert_eq!(figure("unique value over stalks4 where red = 0"), "true");
    assert_eq!(figure("unique value over stalks4 where edges > 9"), "true");
    assert_eq!(figure("distinct value over stalks4 where edges > 9"), "0");
    assert!(figure("unique value over forests4").starts_with("false"));
    // A condition is not a value to count.
    let e = ws
        .evaluate("distinct number over forests4", &mut ev)
        .unwrap_err();
    assert_eq!(
        e.message,
        "what `distinct` measures must be a value, but this is a condition"
    );
}

/// A position written in place in a query (`[[P]]`) and a position block of the same position
/// (valued as the book values a block: read through the registry, confirmed) are valued by the
/// run's one Hackenbush solver ([`hackenbook_rulesets::Solvers::hackenbush`]): whichever comes
/// second finds the first's memo filled and adds no entry. `P` has a cycle and green edges, so
/// its value comes from the game tree (the memo), not from a theorem.
#[test]
fn a_census_literal_and_a_block_of_one_position_fill_the_one_solver_s_memo() {
    let picture = "g-a G, a-b L, b-g R, a-c G";
    let block = |ev: &mut Evaluator| {
        let hackenbush = hackenbook_rulesets::registry::find("hackenbush").unwrap();
        let position = hackenbook_rulesets::AnyPosition::parse(hackenbush, picture).unwrap();
        let (value, _) = position
            .confirmed_value(&mut ev.rulesets, &mut ev.games)
            .unwrap();
        // As a query figures a game: a number when it is one.
        match ev.games.as_number(value) {
            Some(d) => Figure::Number(d),
            None => Figure::Game(value),
        }
    };
    let literal = |ev: &mut Evaluator| {
        let mut ws = Workspace::new(None);
        ws.evaluate(&format!("[[{picture}]]"), ev).unwrap()
    };
    let entries = |ev: &mut Evaluator| ev.rulesets.hackenbush().stats().total().entries;
    for literal_first in [true, false] {
        let mut ev = Evaluator::default();
        type Valuing<'a> = &'a dyn Fn(&mut Evaluator) -> Figure;
        let (first, second): (Valuing, Valuing) = if literal_first {
            (&literal, &block)
        } else {
            (&block, &literal)
        };
        let value = first(&mut ev);
        let filled = entries(&mut ev);
        assert!(
            filled > 0,
            "the run's solver valued it (literal first: {literal_first})"
        );
        assert_eq!(second(&mut ev), value, "literal first: {literal_first}");
        assert_eq!(entries(&mut ev), filled, "literal first: {literal_first}");
    }
}
