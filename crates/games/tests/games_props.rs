//! Property tests of the algebra on random games (proptest drives the seeds and shapes).

use hackenbook_games::sample::{random_form, Rng, Shape};
use hackenbook_games::{GameId, Games, Relation};
use proptest::prelude::*;

fn game(games: &mut Games, seed: u64, depth: usize, nus_leaves: bool) -> GameId {
    let shape = Shape {
        depth,
        max_options: 3,
        nus_leaves,
    };
    random_form(&mut Rng::new(seed), shape).build(games)
}

/// No left option is dominated or reversible (and mirror for Right): the form is canonical.
fn assert_canonical(games: &mut Games, g: GameId) {
    let left = games.left_options(g);
    let right = games.right_options(g);
    for (i, &a) in left.iter().enumerate() {
        for &b in &left[i + 1..] {
            assert_eq!(
                games.compare(a, b),
                Relation::Confused,
                "dominated left option"
            );
        }
        for glr in games.right_options(a) {
            assert!(!games.leq(glr, g), "reversible left option");
        }
    }
    for (i, &a) in right.iter().enumerate() {
        for &b in &right[i + 1..] {
            assert_eq!(
                games.compare(a, b),
                Relation::Confused,
                "dominated right option"
            );
        }
        for grl in games.left_options(a) {
            assert!(!games.leq(g, grl), "reversible right option");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn a_game_minus_itself_is_zero(seed in any::<u64>(), depth in 1usize..5, nus in any::<bool>()) {
        let mut games = Games::new();
        let g = game(&mut games, seed, depth, nus);
        let minus = games.neg(g);
        prop_assert_eq!(games.add(g, minus), games.zero());
        prop_assert_eq!(games.neg(minus), g);
    }

    #[test]
    fn canonical_form_is_idempotent_and_reduced(seed in any::<u64>(), depth in 1usize..5, nus in any::<bool>()) {
        let mut games = Games::new();
        let g = game(&mut games, seed, depth, nus);
        let (l, r) = (games.left_options(g), games.right_options(g));
        prop_assert_eq!(games.from_options(&l, &r), g);
        assert_canonical(&mut games, g);
        let sum = {
            let h = game(&mut games, seed ^ 0x5555, depth, nus);
            games.add(g, h)
        };
        assert_canonical(&mut games, sum);
    }

    #[test]
    fn sums_are_commutative_and_associative(seed in any::<u64>(), depth in 1usize..4, nus in any::<bool>()) {
        let mut games = Games::new();
        let a = game(&mut games, seed, depth, nus);
        let b = game(&mut games, seed.wrapping_add(1), depth, nus);
        let c = game(&mut games, seed.wrapping_add(2), depth, nus);
        prop_assert_eq!(games.add(a, b), games.add(b, a));
        let ab = games.add(a, b);
        let bc = games.add(b, c);
        prop_assert_eq!(games.add(ab, c), games.add(a, bc));
    }

    #[test]
    fn comparison_is_consistent_with_differences(seed in any::<u64>(), depth in 1usize..4, nus in any::<bool>()) {
        // G <= H exactly when H - G >= 0, and the relation flips with the arguments.
        let mut games = Games::new();
        let a = game(&mut games, seed, depth, nus);
        let b = game(&mut games, seed.wrapping_add(7), depth, nus);
        let diff = games.sub(b, a);
        let zero = games.zero();
        prop_assert_eq!(games.compare(a, b), games.compare(zero, diff));
        prop_assert_eq!(games.compare(b, a), games.compare(a, b).flip());
    }

    #[test]
    fn printing_round_trips(seed in any::<u64>(), depth in 1usize..5, nus in any::<bool>()) {
        let mut games = Games::new();
        let g = game(&mut games, seed, depth, nus);
        let short = games.display(g);
        prop_assert_eq!(games.eval_str(&short).unwrap(), g, "{}", short);
        let explicit = games.display_explicit(g);
        prop_assert_eq!(games.eval_str(&explicit).unwrap(), g, "{}", explicit);
        prop_assert!(!explicit.contains("+-"));
    }

    #[test]
    fn ordinal_sum_laws(seed in any::<u64>(), depth in 1usize..4, nus in any::<bool>()) {
        let mut games = Games::new();
        let g = game(&mut games, seed, depth, nus);
        let h = game(&mut games, seed.wrapping_add(3), depth, nus);
        let zero = games.zero();
        prop_assert_eq!(games.ordinal_sum(g, zero), g);
        prop_assert_eq!(games.ordinal_sum(zero, h), h);
        // The base's options survive, so G : H differs from G only in H's direction:
        // G : H > G exactly when H > 0 (and likewise for <, =, confused).
        let gh = games.ordinal_sum(g, h);
        prop_assert_eq!(games.compare(gh, g), games.compare(h, zero));
    }
}

/// `g <= h` by Conway's definition alone, on the canonical options: no stops, no cache.
fn plain_leq(games: &mut Games, g: GameId, h: GameId) -> bool {
    let left = games.left_options(g);
    let right = games.right_options(h);
    !left.iter().any(|&gl| plain_leq(games, h, gl))
        && !right.iter().any(|&hr| plain_leq(games, hr, g))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// The engine's comparisons (stops, the cache holding both directions of a pair in one
    /// slot) against the definition, every ordered pair of three games asked twice.
    #[test]
    fn comparisons_agree_with_the_definition(seed in any::<u64>(), depth in 1usize..4, nus in any::<bool>()) {
        let mut games = Games::new();
        let ids: Vec<GameId> = (0..3).map(|k| game(&mut games, seed.wrapping_add(k), depth, nus)).collect();
        for _ in 0..2 {
            for &a in &ids {
                for &b in &ids {
                    let plain = plain_leq(&mut games, a, b);
                    prop_assert_eq!(games.leq(a, b), plain);
                }
            }
        }
    }
}
