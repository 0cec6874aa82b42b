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
