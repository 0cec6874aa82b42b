//! Notation end to end: everything we print parses back to the same game. (That KaTeX accepts
//! the TeX we print is the book's test, `crates/book/tests/notation_katex.rs`: KaTeX is the
//! book's.)

use hackenbook_games::sample::{born_by_day, random_games, Shape};
use hackenbook_games::Games;

/// The ordinal sum reads the form of its base: `{-1|1}` equals `0`, yet `{-1|1} : 1` is `1/2`
/// (Left's move to `-1` survives in the base), while `0 : 1` is `1`. Checked against the
/// definition `G:H = {G^L, G:H^L | G^R, G:H^R}` built by hand.
#[test]
fn ordinal_sums_depend_on_the_written_form_of_the_base() {
    let mut games = hackenbook_games::Games::new();
    let mut eval = |text: &str| {
        games
            .eval_str(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"))
    };
    assert_eq!(eval("{-1|1}"), eval("0"));
    assert_eq!(eval("{-1|1} : 1"), eval("1/2"));
    assert_eq!(eval("{-1|1} : 1"), eval("{-1, {-1|1} | 1}"));
    assert_eq!(eval("0 : 1"), eval("1"));
    assert_eq!(eval("({-1|1}) : -1"), eval("{-1 | 1, 0}"));
    assert_eq!(eval("{-1|1} : *"), eval("{-1, {-1|1} | 1, {-1|1}}"));
    // A base that is already canonical gives the same either way.
    assert_eq!(eval("{0|} : -1"), eval("1 : -1"));
}

/// What a reader is shown (`⇑∗`, `−1/2`, `±1`, `{1 | 0, ∗}`) reads back as the same game, for
/// every game born by day 3 and for random games. Three or more ups print as `3·↑`, for a
/// reader only (none is born by day 3).
#[test]
fn the_readers_notation_parses_back_to_the_same_game() {
    let mut games = Games::new();
    let mut all = born_by_day(&mut games, 3);
    let shape = Shape {
        depth: 3,
        max_options: 3,
        nus_leaves: true,
    };
    all.extend(random_games(&mut games, 11, 200, shape));
    let mut checked = 0;
    for g in all {
        let shown = games.display_unicode(g);
        if shown.contains('·') {
            continue;
        }
        checked += 1;
        let back = games
            .eval_str(&shown)
            .unwrap_or_else(|e| panic!("`{shown}`: {}", e.message));
        assert_eq!(back, g, "`{shown}` reads as {}", games.display(back));
    }
    assert!(checked > 1474, "only {checked} games read back");
    for (text, shown) in [
        ("^^*", "⇑∗"),
        ("-1/2", "−1/2"),
        ("+-1", "±1"),
        ("{1|0,*}", "{1 | 0, ∗}"),
        ("v*2", "↓∗2"),
        ("^+^+^", "3·↑"),
        ("1+^+^+^+*", "1+3·↑∗"),
    ] {
        let g = games.eval_str(text).unwrap();
        assert_eq!(games.display_unicode(g), shown, "{text}");
    }
}
