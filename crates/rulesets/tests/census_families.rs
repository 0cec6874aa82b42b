//! The census families of every ruleset, from outside the crate: each family's members are as
//! many as its count says, each once, each its own census form, each valued by the solver as the
//! plain game tree values it; Cutcake's pieces against a published count.

use hackenbook_rulesets::cutcake::Cutcake;
use hackenbook_rulesets::{registry, AnyPosition, Count, Level, Ruleset, Solvers};

/// Every family of every game in the registry, on its small levels: as many members as its
/// count says (exactly, or at most), each of the level's size, each its own census form and
/// no two the same, and each valued by the solver as the plain game tree values it.
#[test]
fn every_family_lists_each_position_once() {
    let mut games = hackenbook_games::Games::new();
    let mut solvers = Solvers::default();
    for &ruleset in registry::RULESETS {
        let families = ruleset.census_families_erased();
        if ruleset.name() == "hackenbush" {
            // Hackenbush's censuses are the census crate's forests and graphs.
            continue;
        }
        assert!(!families.is_empty(), "{} has a census", ruleset.name());
        for (i, family) in families.iter().enumerate() {
            let bound = match family.unit {
                None => Level::Box { rows: 3, cols: 4 },
                Some(_) => Level::Size(5),
            };
            for level in family.levels(bound) {
                let members = AnyPosition::census(ruleset, i, level);
                let what = format!("{} {} of {level}", ruleset.name(), family.noun());
                let got = members.len() as u128;
                match (family.count)(level) {
                    Count::Exact(n) => assert_eq!(got, n, "{what}"),
                    Count::AtMost(n) => assert!(got <= n && got > 0, "{what}"),
                }
                let size = match level {
                    Level::Size(n) => n,
                    Level::Box { rows, cols } => rows * cols,
                };
                for (k, p) in members.iter().enumerate() {
                    assert_eq!(p.size(), size, "{what}: `{}`", p.print());
                    assert_eq!(p.census_form(), *p, "{what}: `{}`", p.print());
                    assert!(
                        members[..k].iter().all(|q| q != p),
                        "{what}: `{}` twice",
                        p.print()
                    );
                    let v = p.value(&mut solvers, &mut games).unwrap();
                    let w = p.plain_value(&mut solvers, &mut games).unwrap();
                    assert_eq!(v, w, "{what}: `{}`", p.print());
                }
            }
        }
    }
}

/// Cutcake's pieces of n cells are as many as n has divisors (OEIS A000005).
#[test]
fn cakes_of_n_cells_are_the_divisors_of_n() {
    let published = [1usize, 2, 2, 3, 2, 4, 2, 4, 3, 4, 2, 6];
    for (n, &d) in (1..).zip(published.iter()) {
        assert_eq!(Cutcake.census_members(0, Level::Size(n)).len(), d, "{n}");
    }
}
