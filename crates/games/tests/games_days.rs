//! Enumerating the games born by day n: 1, 4, 22, 1474 distinct values.
//!
//! A canonical form's left options are pairwise incomparable (else one dominates), so the games
//! born by day n+1 are the canonical forms `{A | B}` for antichains A, B of the games born by
//! day n. Any mistake in domination, reversibility or interning changes the counts.

use crate::days;

use days::next_day;
use hackenbook_games::Games;

#[test]
fn games_born_by_day_two_and_three() {
    let mut g = Games::new();
    let day0 = vec![g.zero()];
    let day1 = next_day(&mut g, &day0);
    assert_eq!(day1.len(), 4);
    let day2 = next_day(&mut g, &day1);
    assert_eq!(day2.len(), 22);
    let mut shown: Vec<String> = day2.iter().map(|&x| g.display(x)).collect();
    shown.sort();
    assert_eq!(
        shown.join(" "),
        concat!(
            "* *2 +-1 -1 -1* -1/2 -2 0 1 1* 1/2 2 ^ ^* v v* ",
            "{*|-1} {0,*|-1} {0|-1} {1|*} {1|0,*} {1|0}"
        )
    );
    let day3 = next_day(&mut g, &day2);
    assert_eq!(day3.len(), 1474);
    // The library's enumeration (used by benchmarks) agrees, in a fresh table.
    let mut fresh = Games::new();
    assert_eq!(
        hackenbook_games::sample::born_by_day(&mut fresh, 3).len(),
        1474
    );
    for &x in &day3 {
        assert!(g.birthday(x) <= 3, "{} born after day 3", g.display(x));
    }
}

/// The shortcut that skips the search for dominated options, given antichains, builds the
/// games the plain construction builds: on every pair of antichains of the games born by day
/// 2 (every game born by day 3, most of them in several ways), each built first by the
/// shortcut in one table and by the plain construction in the other, then both in one table.
#[test]
fn undominated_options_build_what_the_plain_construction_builds() {
    let (mut short, mut plain) = (Games::new(), Games::new());
    let day2 = hackenbook_games::sample::born_by_day(&mut short, 2);
    let again = hackenbook_games::sample::born_by_day(&mut plain, 2);
    let chains = hackenbook_games::sample::antichains(&mut short, &day2);
    let chains_again = hackenbook_games::sample::antichains(&mut plain, &again);
    let mut pairs = 0;
    for (l, l2) in chains.iter().zip(&chains_again) {
        for (r, r2) in chains.iter().zip(&chains_again) {
            let by_shortcut = short.from_undominated_options(l, r);
            let by_definition = plain.from_options(l2, r2);
            assert_eq!(
                short.display(by_shortcut),
                plain.display(by_definition),
                "{{{l:?} | {r:?}}}"
            );
            assert_eq!(short.from_options(l, r), by_shortcut);
            pairs += 1;
        }
    }
    assert!(pairs > 1474, "only {pairs} pairs");
    assert_eq!(short.len(), plain.len());
}
