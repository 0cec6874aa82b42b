//! Censuses of other games' positions: every member's value against the plain game tree,
//! computed here member by member, the queries' counts against counts made here from those
//! values, and published values found in the censuses where the literature puts them.

use hackenbook_census::families::positions::{parse_phrase, PositionFamily};
use hackenbook_census::{literal_holds, render_figure, Figure, Workspace};
use hackenbook_games::{GameId, Games};
use hackenbook_rulesets::hackenbush::Evaluator;
use hackenbook_rulesets::{AnyPosition, Level, Solvers};

/// The families these tests run, small enough for the plain game tree on every member.
const SMALL: [&str; 9] = [
    "domineering boards of up to 6 cells",
    "domineering rectangles up to 3x4",
    "toads-and-frogs strips up to 5",
    "push strips up to 5",
    "shove strips up to 5",
    "cutcake cakes up to 4x4",
    "cutcake cakes of up to 12 cells",
    "nim positions of up to 7 counters",
    "nim heaps up to 6",
];

/// Each member of `family` by its notation, with its value by the plain game tree (no parts,
/// no symmetry, no shortcut), computed here apart from the census.
fn plain_members(family: &PositionFamily, games: &mut Games) -> Vec<(String, GameId)> {
    let mut solvers = Solvers::default();
    solvers.plain_limits.positions = 5_000_000;
    let info = family.info();
    let mut out = Vec::new();
    for level in info.levels(family.up_to) {
        for p in AnyPosition::census(family.ruleset, family.family, level) {
            let v = p.plain_value(&mut solvers, games).unwrap();
            out.push((p.print(), v));
        }
    }
    out
}

fn count(ws: &mut Workspace, ev: &mut Evaluator, query: &str) -> u64 {
    match ws.evaluate(query, ev) {
        Ok(Figure::Integer(n)) => u64::try_from(n).unwrap(),
        Ok(other) => panic!("{query}: {}", render_figure(&other, &ev.games)),
        Err(e) => panic!("{query}: {e}"),
    }
}

/// Every member of every small family is valued as the plain game tree values it, and the
/// census's counts are the counts of those values.
#[test]
fn every_member_is_valued_as_the_plain_game_tree_values_it() {
    let mut ev = Evaluator::default();
    let mut ws = Workspace::new(None);
    for phrase in SMALL {
        let family = parse_phrase(phrase).unwrap();
        let mut solvers = Solvers::default();
        let members = family.members(&mut solvers, &mut ev.games).unwrap();
        let plain = plain_members(&family, &mut ev.games);
        assert_eq!(members.len(), plain.len(), "{phrase}");
        for (m, (text, v)) in members.iter().zip(&plain) {
            let p = m.position.as_ref().unwrap();
            assert_eq!(&p.position.print(), text, "{phrase}: census order");
            assert_eq!(m.value, *v, "{phrase}: `{text}`");
            assert!(
                p.confirmed,
                "{phrase}: `{text}` within the plain tree's budget"
            );
        }
        // The query language over the census, against counts made here.
        let zero = ev.games.zero();
        let zeros = plain.iter().filter(|(_, v)| *v == zero).count() as u64;
        let numbers = plain.iter().filter(|(_, v)| ev.games.is_number(*v)).count() as u64;
        assert_eq!(
            count(&mut ws, &mut ev, &format!("count {phrase}")),
            plain.len() as u64
        );
        assert_eq!(
            count(&mut ws, &mut ev, &format!("count {phrase} where value = 0")),
            zeros
        );
        assert_eq!(
            count(&mut ws, &mut ev, &format!("count {phrase} where number")),
            numbers
        );
    }
}

/// The members' counts: strips `3^n` of each length, Nim's positions the partitions (OEIS
/// A000041), Cutcake's pieces of n cells the divisors of n (OEIS A000005), and Domineering's
/// boards as many as the polyominoes' classes under the four symmetries that keep a value
/// (counted apart in `hackenbook_rulesets::domineering::shapes`).
#[test]
fn each_family_holds_the_members_its_closed_form_counts() {
    let mut ev = Evaluator::default();
    let mut ws = Workspace::new(None);
    for (query, want) in [
        (
            "count toads-and-frogs strips up to 6",
            3 + 9 + 27 + 81 + 243 + 729,
        ),
        ("count push strips up to 4 where size = 4", 81),
        (
            "count nim positions of up to 10 counters",
            1 + 2 + 3 + 5 + 7 + 11 + 15 + 22 + 30 + 42,
        ),
        (
            "count cutcake cakes of up to 10 cells",
            1 + 2 + 2 + 3 + 2 + 4 + 2 + 4 + 3 + 4,
        ),
        ("count cutcake cakes up to 4x4", 16),
        (
            "count domineering boards of up to 8 cells",
            1 + 2 + 3 + 9 + 21 + 68 + 208 + 730,
        ),
        (
            "count domineering boards of up to 8 cells where size = 8",
            730,
        ),
        ("count nim heaps up to 10", 10),
    ] {
        assert_eq!(count(&mut ws, &mut ev, query), want, "{query}");
    }
}

/// The value a member of `family` with notation `text` has in the census.
fn value_in(family: &str, text: &str, ev: &mut Evaluator) -> GameId {
    let family = parse_phrase(family).unwrap();
    let members = family
        .members(&mut Solvers::default(), &mut ev.games)
        .unwrap();
    members
        .iter()
        .find(|m| m.position.as_ref().unwrap().position.print() == text)
        .unwrap_or_else(|| panic!("`{text}` is not a member of {family}"))
        .value
}

/// Published values, found in the censuses.
#[test]
fn published_values_are_the_census_values() {
    let mut ev = Evaluator::default();
    let mut expect = |family: &str, text: &str, value: &str| {
        let want = ev.games.eval_str(value).unwrap();
        let got = value_in(family, text, &mut ev);
        assert_eq!(
            ev.games.display(got),
            ev.games.display(want),
            "{family}: `{text}`"
        );
    };
    // Toads and Frogs: Winning Ways (Berlekamp, Conway and Guy), vol. 1, and Erickson, "New
    // Toads and Frogs results" (Games of No Chance, 1996): T□F = ∗, □TF = 0, FT□ = 1,
    // T□TF = ½, T□TFF = ↑.
    let strips = "toads-and-frogs strips up to 5";
    expect(strips, "T.F", "*");
    expect(strips, ".TF", "0");
    expect(strips, "FT.", "1");
    expect(strips, "T.TF", "1/2");
    expect(strips, "T.TFF", "^");
    // Domineering: 2 × 2 = ±1; two rows of three = {2 | −½}, three rows of two = {½ | −2}
    // (Winning Ways, vol. 1; Left places vertical dominoes).
    let rectangles = "domineering rectangles up to 3x3";
    expect(rectangles, "2x2", "{1|-1}");
    expect(rectangles, "2x3", "{2|-1/2}");
    expect(rectangles, "3x2", "{1/2|-2}");
}

/// Winning Ways' rule by powers of two for Cutcake (vol. 1; as "Breaking chocolate bars game",
/// math.stackexchange.com/q/874668, states it): with c columns (Left cuts between them) and r
/// rows, c ≥ r gives ⌊c / 2ᵏ⌋ − 1 where 2ᵏ is the largest power of two not above r, and r > c
/// the negative of the same with the sides exchanged. Computed here on every cake up to 8 × 8.
#[test]
fn every_cake_follows_the_rule_by_powers_of_two() {
    let mut ev = Evaluator::default();
    let family = parse_phrase("cutcake cakes up to 8x8").unwrap();
    // The plain game tree confirms the smaller cakes; on the larger it gives up sooner than
    // a run's would (the values are the rule's then, which the assertions below hold apart).
    let mut solvers = Solvers::default();
    solvers.plain_limits.positions = 20_000;
    let members = family.members(&mut solvers, &mut ev.games).unwrap();
    assert!(members
        .iter()
        .any(|m| m.position.as_ref().unwrap().confirmed));
    assert_eq!(members.len(), 64);
    // The cakes of 8 rows and 1 to 8 columns: −7, −3, −3, −1, −1, −1, −1, 0 (CGSuite's
    // `GameHeapTest.scala`, as issue 24 quotes it).
    for (cols, value) in [-7, -3, -3, -1, -1, -1, -1, 0].into_iter().enumerate() {
        let text = format!("8x{}", cols + 1);
        let m = members
            .iter()
            .find(|m| m.position.as_ref().unwrap().position.print() == text)
            .unwrap();
        assert_eq!(m.value, ev.games.integer(value), "`{text}`");
    }
    for m in &members {
        let text = m.position.as_ref().unwrap().position.print();
        let (rows, cols) = text.split_once('x').unwrap();
        let (r, c): (i64, i64) = (rows.parse().unwrap(), cols.parse().unwrap());
        let power = |n: i64| {
            (0..)
                .map(|k| 1i64 << k)
                .take_while(|&p| p <= n)
                .last()
                .unwrap()
        };
        let rule = if c >= r {
            c / power(r) - 1
        } else {
            -(r / power(c) - 1)
        };
        assert_eq!(m.value, ev.games.integer(rule), "`{text}`");
    }
}

/// Queries whose answers the literature gives: a row of n squares is worth −⌊n/2⌋ (Right's
/// dominoes fit it, ⌊n/2⌋ of them), a column +⌊n/2⌋ (Winning Ways, vol. 1); a board and its
/// quarter turn have opposite values, so the census of boards counts as many positive as
/// negative members; the L of three cells is ∗ and is the smallest board that is not a number.
#[test]
fn queries_answered_in_the_literature() {
    let mut ev = Evaluator::default();
    let mut ws = Workspace::new(None);
    let holds = |ws: &mut Workspace, ev: &mut Evaluator, query: &str| match ws.evaluate(query, ev) {
        Ok(Figure::Bool { holds, .. }) => holds,
        Ok(other) => panic!("{query}: {}", render_figure(&other, &ev.games)),
        Err(e) => panic!("{query}: {e}"),
    };
    assert!(holds(
        &mut ws,
        &mut ev,
        "all domineering rectangles up to 1x9 have value = -(size / 2) or value = (1 - size) / 2"
    ));
    assert!(holds(
        &mut ws,
        &mut ev,
        "all domineering rectangles up to 9x1 have value = size / 2 or value = (size - 1) / 2"
    ));
    // The statement is not vacuous: it fails once the boards are wider than a row.
    assert!(!holds(
        &mut ws,
        &mut ev,
        "all domineering rectangles up to 2x9 have value = -(size / 2) or value = (1 - size) / 2"
    ));
    let positive = count(
        &mut ws,
        &mut ev,
        "count domineering boards of up to 7 cells where value > 0",
    );
    let negative = count(
        &mut ws,
        &mut ev,
        "count domineering boards of up to 7 cells where value < 0",
    );
    assert_eq!(positive, negative);
    assert!(positive > 0);
    let smallest = ws
        .evaluate(
            "smallest domineering boards of up to 6 cells where not number",
            &mut ev,
        )
        .unwrap();
    let Figure::Example(example) = &smallest else {
        panic!("{}", render_figure(&smallest, &ev.games));
    };
    assert_eq!(example.value, "*", "{example:?}");
    // Any of the L's four orientations names it; a square of four cells does not.
    for (literal, named) in [
        ("../.#", true),
        ("#./..", true),
        ("domineering: ../#.", true),
        ("2x2", false),
    ] {
        assert_eq!(
            literal_holds(literal, &smallest, &mut ev.games),
            Ok(named),
            "{literal}"
        );
    }
    assert!(literal_holds("{0|0}", &smallest, &mut ev.games).is_err());
}

/// A family in a census block, narrowed and measured like any other; a misspelt game is
/// answered with the nearest name, at the word.
#[test]
fn census_blocks_and_mistakes() {
    let mut ev = Evaluator::default();
    let mut ws = Workspace::new(None);
    ws.define_census(
        "small",
        "family = \"domineering boards of up to 5 cells\"\n[measures]\nhot = \"temperature > 0\"\n",
    )
    .unwrap();
    ws.define_census("hot_small", "from = \"small\"\nwhere = \"hot\"\n")
        .unwrap();
    let all = count(&mut ws, &mut ev, "count small");
    let hot = count(&mut ws, &mut ev, "count hot_small");
    let plain = plain_members(
        &parse_phrase("domineering boards of up to 5 cells").unwrap(),
        &mut ev.games,
    );
    assert_eq!(all, plain.len() as u64);
    let hot_here = plain
        .iter()
        .filter(|(_, v)| ev.games.temperature(*v) > hackenbook_games::Dyadic::zero())
        .count() as u64;
    assert_eq!(hot, hot_here);
    assert!(hot > 0 && hot < all);
    let query = "count dominering boards up to 6 cells where value = 0";
    let e = ws.evaluate(query, &mut ev).unwrap_err();
    assert_eq!(&query[e.span.clone()], "dominering");
    assert!(e.help.unwrap().contains("did you mean `domineering`?"));
    // A property of Hackenbush positions is refused at the word.
    let query = "count nim heaps up to 5 where blue > 0";
    let e = ws.evaluate(query, &mut ev).unwrap_err();
    assert_eq!(&query[e.span.clone()], "blue");
    // A census of games born by a day has no size.
    let query = "count games1 where size = 1";
    assert!(ws.evaluate(query, &mut ev).is_err());
    // Too many to value unconfirmed.
    let query = "count toads-and-frogs strips up to 11";
    let e = ws.evaluate(query, &mut ev).unwrap_err();
    assert!(
        e.message.contains("265,719") && e.message.contains("--yes"),
        "{}",
        e.message
    );
    let _ = Level::Size(1);
}
