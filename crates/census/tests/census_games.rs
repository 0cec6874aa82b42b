//! Censuses of games: their members against an enumeration of the tests' own, every game
//! property against a definition computed here from the game tree, and the statements of the
//! essays tried on every small game, failing on their published counterexamples.

#[path = "../../games/tests/days/mod.rs"]
mod days;

use days::next_day;
use hackenbook_census::engines::games::GameMember;
use hackenbook_census::families::games::{GameFamily, GameKind};
use hackenbook_census::query::property::property;
use hackenbook_census::query::row::{Scalar, Values};
use hackenbook_census::{literal_holds, render_figure, Figure, Workspace};
use hackenbook_games::{Dyadic, GameId, Games, Relation};
use hackenbook_rulesets::hackenbush::Evaluator;
use std::collections::BTreeSet;

fn family(kind: GameKind, born_by: u32) -> GameFamily {
    GameFamily { kind, born_by }
}

/// The games born by each day 0..=day, by the tests' own enumeration.
fn days_up_to(games: &mut Games, day: u32) -> Vec<Vec<GameId>> {
    let mut out = vec![vec![games.zero()]];
    for d in 0..day as usize {
        let next = next_day(games, &out[d]);
        out.push(next);
    }
    out
}

fn sorted(mut ids: Vec<GameId>) -> Vec<GameId> {
    ids.sort();
    ids
}

#[test]
fn the_games_of_a_census_are_the_games_born_by_the_day() {
    let mut games = Games::new();
    let days = days_up_to(&mut games, 3);
    for (day, expected) in [(0, 1), (1, 4), (2, 22), (3, 1474)] {
        let members = family(GameKind::Games, day).members(&mut games);
        assert_eq!(members.len(), expected, "day {day}");
        let values: BTreeSet<GameId> = members.iter().map(|m| m.value).collect();
        let born: BTreeSet<GameId> = days[day as usize].iter().copied().collect();
        assert_eq!(values, born, "day {day}: the same games");
        for m in &members {
            // A member's options are its value's canonical options.
            assert_eq!(sorted(m.left.clone()), sorted(games.left_options(m.value)));
            assert_eq!(
                sorted(m.right.clone()),
                sorted(games.right_options(m.value))
            );
            assert_eq!(games.from_options(&m.left, &m.right), m.value);
        }
        // Census order: birthday first.
        let births: Vec<u64> = members
            .iter()
            .map(|m| birthday(&mut games, m.value))
            .collect();
        assert!(births.windows(2).all(|w| w[0] <= w[1]), "day {day}");
    }
}

#[test]
fn the_forms_of_a_census_are_every_pair_of_sets_of_earlier_forms() {
    let mut games = Games::new();
    // Forms born by day 1 are the four games born by day 1, each its own canonical form.
    let day1 = days_up_to(&mut games, 1).pop().unwrap();
    let mut expected = BTreeSet::new();
    for l in 0u32..16 {
        for r in 0u32..16 {
            let pick = |set: u32| -> Vec<GameId> {
                sorted(
                    (0..4)
                        .filter(|i| set >> i & 1 == 1)
                        .map(|i| day1[i])
                        .collect(),
                )
            };
            expected.insert((pick(l), pick(r)));
        }
    }
    let members = family(GameKind::Forms, 2).members(&mut games);
    assert_eq!(members.len(), 256);
    let found: BTreeSet<(Vec<GameId>, Vec<GameId>)> = members
        .iter()
        .map(|m| (sorted(m.left.clone()), sorted(m.right.clone())))
        .collect();
    assert_eq!(found, expected);
    for m in &members {
        assert_eq!(games.from_options(&m.left, &m.right), m.value);
    }
    assert_eq!(family(GameKind::Forms, 1).members(&mut games).len(), 4);
    assert_eq!(family(GameKind::Forms, 0).members(&mut games).len(), 1);
}

// ---------------------------------------------------------------- definitions of our own

/// The number `g` equals, found by bisection over sixteenths in [-16, 16] using comparisons
/// only (a game confused with a number is not one).
fn number_of(games: &mut Games, g: GameId) -> Option<Dyadic> {
    let (mut lo, mut hi) = (-256i64, 256i64);
    while lo <= hi {
        let mid = (lo + hi).div_euclid(2);
        let q = Dyadic::new(mid, 4);
        let id = games.number(&q);
        match games.compare(g, id) {
            Relation::Equal => return Some(q),
            Relation::Less => hi = mid - 1,
            Relation::Greater => lo = mid + 1,
            Relation::Confused => return None,
        }
    }
    None
}

fn is_number(games: &mut Games, g: GameId) -> bool {
    number_of(games, g).is_some()
}

fn birthday(games: &mut Games, g: GameId) -> u64 {
    let options: Vec<GameId> = games
        .left_options(g)
        .into_iter()
        .chain(games.right_options(g))
        .collect();
    options
        .into_iter()
        .map(|o| birthday(games, o) + 1)
        .max()
        .unwrap_or(0)
}

fn all_small(games: &mut Games, g: GameId) -> bool {
    let (l, r) = (games.left_options(g), games.right_options(g));
    l.is_empty() == r.is_empty() && l.into_iter().chain(r).all(|o| all_small(games, o))
}

/// `base : x` straight from the definition, over `x`'s canonical options.
fn colon(games: &mut Games, base: (&[GameId], &[GameId]), x: GameId) -> GameId {
    let mut left = base.0.to_vec();
    let mut right = base.1.to_vec();
    for o in games.left_options(x) {
        left.push(colon(games, base, o));
    }
    for o in games.right_options(x) {
        right.push(colon(games, base, o));
    }
    games.from_options(&left, &right)
}

/// Every property of games, computed here from the member's options and comparisons.
fn by_definition(games: &mut Games, m: &GameMember, name: &str) -> Scalar {
    let g = m.value;
    let both: Vec<GameId> = m.left.iter().chain(&m.right).copied().collect();
    let truth = Scalar::Bool;
    let whole = |n: u64| Scalar::Num(Dyadic::integer(n));
    match name {
        "value" => match number_of(games, g) {
            Some(d) => Scalar::Num(d),
            None => Scalar::Game(games.from_options(&m.left, &m.right)),
        },
        "number" => truth(is_number(games, g)),
        "nimber" => truth((0..8).any(|n| {
            let star = games.nimber(n);
            games.compare(g, star) == Relation::Equal
        })),
        "sign" => {
            let zero = games.zero();
            match games.compare(g, zero) {
                Relation::Greater => Scalar::Num(Dyadic::integer(1)),
                Relation::Less => Scalar::Num(Dyadic::integer(-1)),
                Relation::Equal => Scalar::Num(Dyadic::zero()),
                Relation::Confused => Scalar::Bool(false), // an error, compared apart
            }
        }
        "birthday" => whole(birthday(games, g)),
        "infinitesimal" => {
            let tiny = games.number(&Dyadic::new(1, 10));
            let minus = games.number(&Dyadic::new(-1, 10));
            truth(games.lt(g, tiny) && games.lt(minus, g))
        }
        "all_small" => truth(all_small(games, g)),
        "left_options" => whole(m.left.len() as u64),
        "right_options" => whole(m.right.len() as u64),
        "options_numbers" => truth(both.iter().all(|&o| is_number(games, o))),
        "left_below_right" => truth(m.left.iter().all(|&l| {
            m.right
                .iter()
                .all(|&r| games.compare(l, r) == Relation::Less)
        })),
        "shared_number_option" => truth(m.left.iter().any(|&l| {
            m.right
                .iter()
                .any(|&r| games.compare(l, r) == Relation::Equal)
                && is_number(games, l)
        })),
        "colon_numbers" => truth(["-2", "-1", "-1/2", "0", "1/2", "1", "2"].iter().all(|x| {
            let x = games.number(&x.parse().unwrap());
            let sum = colon(games, (&m.left, &m.right), x);
            is_number(games, sum)
        })),
        "left_stop" => Scalar::Num(stop(games, g, true)),
        "right_stop" => Scalar::Num(stop(games, g, false)),
        // Temperature and mean by what they mean: cooled by its temperature the game is
        // infinitely close to its mean; cooled by a little less, its stops still differ (a number
        // does not cool: its temperature is -1/2^k by convention). The values themselves are
        // compared with pycgt in tests/games_thermal.rs.
        "temperature" | "mean" => {
            let th = games.thermograph(g);
            if let Some(x) = number_of(games, g) {
                assert_eq!(th.mean, x);
                assert_eq!(th.temperature, -Dyadic::new(1, x.exponent()));
            } else {
                let cooled = games.cool(g, &th.temperature);
                let eps = Dyadic::new(1, 12);
                let (lo, hi) = (
                    games.number(&(&th.mean - &eps)),
                    games.number(&(&th.mean + &eps)),
                );
                assert!(
                    games.lt(lo, cooled) && games.lt(cooled, hi),
                    "{}",
                    games.display(g)
                );
                let below = &th.temperature - &Dyadic::new(1, 6);
                if below >= Dyadic::integer(-1) {
                    let warm = games.cool(g, &below);
                    let (l, r) = (stop(games, warm, true), stop(games, warm, false));
                    assert!(
                        l > r,
                        "{} is not hot below its temperature",
                        games.display(g)
                    );
                }
            }
            Scalar::Num(if name == "mean" {
                th.mean
            } else {
                th.temperature
            })
        }
        other => panic!("no definition of `{other}` here"),
    }
}

const GAME_PROPERTIES: [&str; 17] = [
    "value",
    "temperature",
    "mean",
    "left_stop",
    "right_stop",
    "number",
    "nimber",
    "sign",
    "birthday",
    "infinitesimal",
    "all_small",
    "left_options",
    "right_options",
    "options_numbers",
    "left_below_right",
    "shared_number_option",
    "colon_numbers",
];

/// Every property of games in the table is one of those defined here, but for the numeric ones
/// and those with no definition short of the calculus that computes them (atomic weight, reduced
/// canonical form: tested by identities and against pycgt in `tests/games_thermal.rs`).
#[test]
fn every_game_property_has_a_definition_here() {
    for p in hackenbook_census::query::property::PROPERTIES {
        let elsewhere = [
            "places",
            "integer_part",
            "denominator",
            "atomic_weight",
            "reduced_canonical_form",
            // Of a game's positions only: `tests/census_positions.rs`.
            "size",
        ]
        .contains(&p.name);
        if p.read_game.is_some() && !elsewhere {
            assert!(GAME_PROPERTIES.contains(&p.name), "`{}`", p.name);
        }
    }
}

#[test]
fn every_property_agrees_with_its_definition_on_every_member() {
    let mut games = Games::new();
    for fam in [family(GameKind::Games, 3), family(GameKind::Forms, 2)] {
        let members = fam.members(&mut games);
        let mut trues = vec![0usize; GAME_PROPERTIES.len()];
        for m in &members {
            for (k, name) in GAME_PROPERTIES.iter().enumerate() {
                let read = property(name).unwrap().get().read_game.unwrap();
                let expected = by_definition(&mut games, m, name);
                let got = read(&mut Values { games: &mut games }, m);
                let shown = m.shown(&games);
                match (got, expected) {
                    // The sign of a game confused with 0 is an error, not a value.
                    (Err(_), Scalar::Bool(false)) if *name == "sign" => {}
                    (Ok(got), expected) => {
                        assert_eq!(got, expected, "{fam}: `{name}` of {shown}");
                        trues[k] += usize::from(got == Scalar::Bool(true));
                    }
                    (Err(e), _) => panic!("{fam}: `{name}` of {shown}: {e}"),
                }
            }
        }
        // Each condition holds for some members and fails for others: the comparison above
        // is not vacuous.
        for (k, name) in GAME_PROPERTIES.iter().enumerate() {
            let condition =
                property(name).unwrap().get().ty == hackenbook_census::query::Type::Bool;
            if condition {
                assert!(
                    trues[k] > 0 && trues[k] < members.len(),
                    "{fam}: `{name}` holds for {} of {}",
                    trues[k],
                    members.len()
                );
            }
        }
    }
}

// ---------------------------------------------------------------- the statements

fn ask(query: &str) -> (Figure, Games) {
    let mut ev = Evaluator::default();
    let mut ws = Workspace::new(None);
    let figure = ws
        .evaluate(query, &mut ev)
        .unwrap_or_else(|e| panic!("{query}: {e}"));
    (figure, ev.games)
}

/// The statement fails, and its smallest counterexample is shown as `shown`.
fn fails_on(query: &str, shown: &str) {
    let (figure, games) = ask(query);
    match &figure {
        Figure::Bool {
            holds: false,
            example: Some(e),
        } => assert_eq!(e.notation, shown, "{query}"),
        other => panic!("{query}: {}", render_figure(other, &games)),
    }
}

fn holds(query: &str) {
    let (figure, games) = ask(query);
    assert!(
        matches!(figure, Figure::Bool { holds: true, .. }),
        "{query}: {}",
        render_figure(&figure, &games)
    );
}

#[test]
fn a_game_whose_left_options_lie_below_its_right_options_need_not_be_a_number() {
    fails_on(
        "all games3 where left_below_right have number",
        "{0 | ↑} = ⇑∗",
    );
    // Nothing born by day 2 breaks it.
    holds("all games2 where left_below_right have number");
    // With options that are numbers it holds: the simplicity rule's hypothesis.
    holds("all games3 where options_numbers and left_below_right have number");
    // Numbers out of order: the smallest is a star.
    fails_on(
        "all games3 where options_numbers have number",
        "{0 | 0} = ∗",
    );
    // Numbers out of order, with no option shared by both players: a switch.
    fails_on(
        "all games3 where options_numbers and not shared_number_option have number",
        "{0 | −1}",
    );
    holds("any games3 where options_numbers and not number have value = [+-1]");
}

#[test]
fn a_nimber_other_than_zero_is_never_a_number() {
    fails_on("none games3 where nimber have number", "{ | } = 0");
    holds("none games3 where nimber and value != 0 have number");
}

#[test]
fn a_game_whose_left_option_equals_a_right_option_that_is_a_number_is_not_a_number() {
    holds("none games3 where shared_number_option have number");
    // The mixed case's one green edge: options on both sides that are the same number.
    let (figure, games) = ask("count games3 where shared_number_option");
    let count = match figure {
        Figure::Integer(n) => n,
        other => panic!("{}", render_figure(&other, &games)),
    };
    assert!(count > 10u32.into(), "only {count}");
}

#[test]
fn every_positive_number_born_by_day_three_exceeds_up() {
    holds("all games3 where number and value > 0 have value > [^]");
    holds("all games3 where infinitesimal and value > 0 have value < [1/4]");
}

#[test]
fn the_ordinal_sum_of_two_numbers_need_not_be_a_number() {
    // Over every number born by day 2 on top, the smallest base is { ∗ | }, worth 0 ...
    fails_on("all forms2 where number have colon_numbers", "{∗ | } = 0");
    // ... and with options on both sides it is {∗ | ∗}.
    fails_on(
        "all forms2 where number and left_options > 0 and right_options > 0 have colon_numbers",
        "{∗ | ∗} = 0",
    );
    // A blue edge on top: {∗ | ∗} : 1 = ↑.
    fails_on(
        "all forms2 where number and left_options > 0 and right_options > 0 have number(ordinal(1))",
        "{∗ | ∗} = 0",
    );
    holds("any forms2 where value = [{*|*}] have ordinal(1) = [^]");
    // For canonical forms it holds: the sign expansions are laid end to end.
    holds("all games2 where number have colon_numbers");
}

#[test]
fn a_smallest_game_is_named_by_its_value_and_a_smallest_form_by_its_options() {
    let mut ev = Evaluator::default();
    let mut ws = Workspace::new(None);
    let form = ws
        .evaluate(
            "smallest forms2 where number and left_options > 0 and right_options > 0 and not colon_numbers",
            &mut ev,
        )
        .unwrap();
    assert_eq!(literal_holds("{*|*}", &form, &mut ev.games), Ok(true));
    assert_eq!(literal_holds("{∗ | ∗}", &form, &mut ev.games), Ok(true));
    // Same value, another form.
    assert_eq!(literal_holds("0", &form, &mut ev.games), Ok(false));
    assert_eq!(literal_holds("{*|1}", &form, &mut ev.games), Ok(false));
    let game = ws
        .evaluate(
            "smallest games3 where left_below_right and not number",
            &mut ev,
        )
        .unwrap();
    assert_eq!(literal_holds("^^*", &game, &mut ev.games), Ok(true));
    assert_eq!(literal_holds("{0|^}", &game, &mut ev.games), Ok(true));
    assert_eq!(literal_holds("⇑∗", &game, &mut ev.games), Ok(true));
    assert_eq!(literal_holds("^^", &game, &mut ev.games), Ok(false));
    // A position's notation is not a game.
    let star = ws
        .evaluate("smallest games1 where not number", &mut ev)
        .unwrap();
    assert_eq!(literal_holds("*", &star, &mut ev.games), Ok(true));
}

/// The error a query gives, and the text its span covers.
fn refused(query: &str) -> (String, String) {
    let mut ev = Evaluator::default();
    let mut ws = Workspace::new(None);
    let e = ws.evaluate(query, &mut ev).unwrap_err();
    (e.message, query[e.span].to_string())
}

#[test]
fn a_property_asked_of_the_wrong_kind_of_member_is_an_error_at_the_word() {
    let (message, at) = refused("count games3 where edges > 2");
    assert_eq!(at, "edges");
    assert!(message.contains("property of positions"), "{message}");
    let (message, at) = refused("all forests3 have left_options < 4");
    assert_eq!(at, "left_options");
    assert!(message.contains("property of games"), "{message}");
    let (message, at) = refused("count forests3 where number(ordinal(1))");
    assert_eq!(at, "ordinal(1)");
    assert!(message.contains("census of games"), "{message}");
    let (_, at) = refused("max right_options over forests3");
    assert_eq!(at, "right_options");
}

#[test]
fn a_measure_is_refused_where_it_is_used() {
    let mut ev = Evaluator::default();
    let mut ws = Workspace::new(None);
    ws.define_measure("tall", "height > 2").unwrap();
    let e = ws.evaluate("count games3 where tall", &mut ev).unwrap_err();
    assert_eq!(&"count games3 where tall"[e.span], "tall");
}

#[test]
fn census_blocks_of_games_and_their_mistakes() {
    let mut ev = Evaluator::default();
    let mut ws = Workspace::new(None);
    ws.define_census("day2", "family = \"games\"\nborn_by = 2\n")
        .unwrap();
    ws.define_census("bases", "family = \"forms\"\nborn_by = 2\n")
        .unwrap();
    ws.define_census("numbers2", "from = \"day2\"\nwhere = \"number\"\n")
        .unwrap();
    let count = |ws: &mut Workspace, ev: &mut Evaluator, q: &str| match ws.evaluate(q, ev) {
        Ok(Figure::Integer(n)) => n.to_string(),
        other => panic!("{q}: {other:?}"),
    };
    assert_eq!(count(&mut ws, &mut ev, "count day2"), "22");
    assert_eq!(count(&mut ws, &mut ev, "count bases"), "256");
    assert_eq!(count(&mut ws, &mut ev, "count numbers2"), "7");
    // Narrowing a census of games by a property of positions fails at the property.
    let body = "from = \"day2\"\nwhere = \"trunks = 1\"\n";
    match ws.define_census("trees2", body) {
        Err(hackenbook_census::Refused::Text(e)) => assert_eq!(&body[e.span], "trunks"),
        other => panic!("{other:?}"),
    }
    for (body, at, words) in [
        ("family = \"games\"\nborn_by = 4\n", "4", "day 3"),
        ("family = \"forms\"\nborn_by = 3\n", "3", "2^512"),
        ("family = \"games\"\n", "\"games\"", "born_by"),
        ("family = \"games\"\nborn_by = 2\nedges = 3\n", "3", "edges"),
        (
            "family = \"games\"\nborn_by = \"two\"\n",
            "\"two\"",
            "whole number",
        ),
        (
            "family = \"forests\"\nedges = 3\nborn_by = 2\n",
            "2",
            "census of games",
        ),
    ] {
        match ws.define_census("bad", body) {
            Err(hackenbook_census::Refused::Text(e)) => {
                assert_eq!(&body[e.span.clone()], at, "{body}");
                assert!(e.message.contains(words), "{body}: {}", e.message);
            }
            other => panic!("{body}: {other:?}"),
        }
    }
}

/// A stop by its definition: a number is its own stop; otherwise the mover's best option's
/// opposite stop.
fn stop(games: &mut Games, g: GameId, left: bool) -> Dyadic {
    // (The engine's own test for numbers: cooled games have denominators beyond number_of's.)
    if let Some(x) = games.as_number(g) {
        return x;
    }
    let options = if left {
        games.left_options(g)
    } else {
        games.right_options(g)
    };
    let stops = options.into_iter().map(|o| stop(games, o, !left));
    if left { stops.max() } else { stops.min() }
        .expect("a game that is not a number has options on both sides")
}
