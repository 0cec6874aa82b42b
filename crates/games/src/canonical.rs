//! Building a canonical form from arbitrary canonical options.
//!
//! The one idea: a form with no dominated and no reversible options is the unique simplest form
//! of its value. So we delete dominated options, replace each reversible option by the options
//! it reverses through until none is left, delete the dominated options this may have created,
//! and then intern what remains — recognising number-up-star values by their fixed patterns.

use super::dyadic::Dyadic;
use super::nus::Nus;
use super::player::Player;
use super::simplicity::Simplest;
use super::table::{FormMemo, GameId, Games, Kind, Span, Stops};

fn memo_key(x: GameId, le: bool) -> u64 {
    (x.index() as u64) << 1 | le as u64
}

impl Games {
    /// The canonical form of `{left | right}`; the options may be given in any order, with
    /// duplicates, dominated or reversible options.
    pub fn from_options(&mut self, left: &[GameId], right: &[GameId]) -> GameId {
        self.canonical_of_lists(left, right, true)
    }

    /// [`Games::from_options`] for options among which none dominates another of the same
    /// player (each list an antichain, without repeats), so that the construction starts at
    /// the reversible options: the caller vouches for it (debug builds check the result
    /// against [`Games::from_options`]).
    pub fn from_undominated_options(&mut self, left: &[GameId], right: &[GameId]) -> GameId {
        let id = self.canonical_of_lists(left, right, false);
        debug_assert_eq!(id, self.from_options(left, right), "options dominated");
        id
    }

    /// The canonical form of `{left | right}`, built in the table's reused buffers;
    /// `dominated` says whether the lists may hold repeats or dominated options.
    fn canonical_of_lists(&mut self, left: &[GameId], right: &[GameId], dominated: bool) -> GameId {
        self.tick();
        // Numbers (and hot games of numbers) straight from the options, as given.
        let stops = match self.number_by_stops(left, right) {
            Simplest::Game(id) => return id,
            Simplest::NotNumber(stops) => stops,
            Simplest::Unknown => Stops::NONE,
        };
        // Construction never re-enters itself (comparisons build no games), so one pair of
        // buffers serves every call.
        let (mut l, mut r) = std::mem::take(&mut self.scratch);
        l.clear();
        l.extend_from_slice(left);
        r.clear();
        r.extend_from_slice(right);
        let id = self.canonical_from_buffers(&mut l, &mut r, dominated, stops);
        self.scratch = (l, r);
        id
    }

    /// [`Games::canonical_of_lists`] on the buffers, given the stops of a game that is not a
    /// number ([`Stops::NONE`] when not known).
    fn canonical_from_buffers(
        &mut self,
        left: &mut Vec<GameId>,
        right: &mut Vec<GameId>,
        dominated: bool,
        stops: Stops,
    ) -> GameId {
        left.sort_unstable();
        right.sort_unstable();
        if dominated {
            left.dedup();
            right.dedup();
        }
        self.reduce_lists(left, right, dominated, stops);
        let known = self.len();
        let g = match stops.get() {
            // Distinct stops: not a number-up-star value (whose stops are its number).
            Some((ls, rs)) if ls != rs => self.intern_moves(left, right),
            _ => self.intern_canonical(left, right),
        };
        if g.index() >= known {
            // A new game's number-up-star options get their own options now (the reduction
            // rarely needed them): comparing the game with another game with moves reads
            // them, and a table copied for each use would otherwise make them in each copy.
            for &o in left.iter().chain(right.iter()) {
                if self.kind(o) == Kind::Nus {
                    self.expand(o);
                }
            }
        }
        g
    }

    /// Interns `{left | right}` from its canonical options, in any order: the caller vouches
    /// that no option is dominated or reversible (debug builds check it against
    /// [`Games::from_options`]).
    pub fn from_canonical_options(&mut self, left: &mut [GameId], right: &mut [GameId]) -> GameId {
        left.sort_unstable();
        right.sort_unstable();
        let id = self.intern_canonical(left, right);
        debug_assert_eq!(id, self.from_options(left, right), "options not canonical");
        id
    }

    /// The canonical form of the ordinal sum `base : H`, for a canonical `base` and a canonical
    /// `H`, given `left = [base : H^L]` and `right = [base : H^R]` over the
    /// canonical options of `H`. Only dominated base options need dropping, because of four
    /// facts, true for any form of the base `G` but the last (the first is proved in the module
    /// doc of [`super::arith`]; `games::tests` checks it, and this construction against the
    /// general one):
    ///
    /// - `G : X <= G : Y` exactly when `X <= Y`, so the options `G : H^L` are as pairwise
    ///   incomparable as the `H^L` are, and none dominates another;
    /// - `G : X <= G^L` never holds (`G^L` is a left option of `G : X`), so no base option
    ///   dominates an option over `H`;
    /// - the right options of `G : H^L` are `G^R`, never `<= G : H` (it is a right option
    ///   of `G : H`), and `G : H^LR`, `<= G : H` only if `H^LR <= H`, which the canonical
    ///   `H` rules out: so no option over `H` is reversible;
    /// - no base option of a canonical `G` is reversible in `G : H`, for any `H`: a left
    ///   option `G^L` would reverse through some `G^LR <= G : H`, and (below) that means
    ///   `G^LR <= G`, which would make `G^L` reversible in the canonical `G`. Mirror for Right.
    ///
    /// The last rests on a lemma: if no position of `K` (`K` itself included) equals `G`,
    /// then for every `H`, `K <= G : H` exactly when `K <= G` (and `K >= G : H` exactly when
    /// `K >= G`). By induction on `K` and `H` together: `K <= G : H` asks that no `K^L >= G : H`
    /// — by induction, that no `K^L >= G` — and that no right option of `G : H` is `<= K`:
    /// no `G^R <= K`, and no `G : H^R <= K`, by induction not `G <= K` (if `H` has a right
    /// option). So `K <= G : H` is `K <= G`, and perhaps also not `G <= K`; but `K <= G` and
    /// `G <= K` together would make `K = G`, which the hypothesis rules out. `K = G^LR`
    /// satisfies the hypothesis: its positions are positions of `G`'s canonical form born
    /// before `G`, and a game equal to `G` is born no earlier than its canonical form.
    ///
    /// So the base options that an option over `H` dominates are dropped (those of the
    /// canonical `G` dominate none of each other), and the rest is the canonical form (debug
    /// builds check it against [`Games::from_options`]); the lists go back to the table's
    /// pool ([`Games::give_back`]).
    pub(crate) fn colon_form(
        &mut self,
        base: GameId,
        mut left: Vec<GameId>,
        mut right: Vec<GameId>,
    ) -> GameId {
        self.tick();
        self.keep_undominated_base_options(base, &mut left, Player::Left);
        self.keep_undominated_base_options(base, &mut right, Player::Right);
        self.intern_colon_form(left, right)
    }

    /// Interns an ordinal sum's canonical options, in any order (the caller vouches for them:
    /// debug builds check them against [`Games::from_options`]), and gives the lists back to
    /// the table's pool.
    pub(crate) fn intern_colon_form(
        &mut self,
        mut left: Vec<GameId>,
        mut right: Vec<GameId>,
    ) -> GameId {
        left.sort_unstable();
        right.sort_unstable();
        let g = self.intern_canonical(&mut left, &mut right);
        debug_assert_eq!(g, self.from_options(&left, &right), "not canonical");
        self.give_back(left);
        self.give_back(right);
        g
    }

    /// Appends to `sums` (the options `base : H^L`, or `base : H^R`, of `player`) the base's
    /// options of `player` that none of them dominates. By [`Games::colon_form`]'s lemma (no
    /// position of a base option equals the canonical base), `base^L <= base : H^L` exactly
    /// when `base^L <= base`: so a left option of the base is dominated exactly when `H` has a
    /// left option and it is `<= base` — one comparison per base option, whatever `H`.
    /// Mirror for Right.
    pub(crate) fn keep_undominated_base_options(
        &mut self,
        base: GameId,
        sums: &mut Vec<GameId>,
        player: Player,
    ) {
        let over = !sums.is_empty();
        let span = self.option_span(base, player);
        for i in 0..span.len {
            let option = self.at(span, i);
            let dominated = over
                && match player {
                    Player::Left => self.leq(option, base),
                    Player::Right => self.leq(base, option),
                };
            if !dominated {
                sums.push(option);
            }
        }
    }

    /// [`Games::reduce_lists`] without the stops: the general reduction alone.
    #[cfg(test)]
    pub(crate) fn canonical_lists(
        &mut self,
        left: &mut Vec<GameId>,
        right: &mut Vec<GameId>,
        dominated: bool,
    ) {
        self.reduce_lists(left, right, dominated, Stops::NONE);
    }

    /// Reduces option lists, each sorted by id, to the canonical ones of `{left | right}`
    /// (sorted by id), given the stops of `{left | right}` when it is known not to be a
    /// number ([`Stops::NONE`] otherwise): they rule out most reversible options at once
    /// ([`Games::never_reverses`]) and settle many comparisons with the form
    /// ([`Games::relate_to_form`]).
    fn reduce_lists(
        &mut self,
        left: &mut Vec<GameId>,
        right: &mut Vec<GameId>,
        dominated: bool,
        stops: Stops,
    ) {
        if dominated {
            self.remove_dominated(left, Player::Left);
            self.remove_dominated(right, Player::Right);
        }
        let may_reverse = |games: &Games, options: &[GameId], player: Player| {
            options
                .iter()
                .any(|&option| !games.never_reverses(option, player, stops))
        };
        if !may_reverse(self, left, Player::Left) && !may_reverse(self, right, Player::Right) {
            // Sorted, as `remove_dominated` keeps the order.
            return;
        }
        // One memo per construction, reused across constructions (never re-entered).
        let mut memo = std::mem::take(&mut self.form_memo);
        memo.clear();
        let bypassed_left = self.bypass_reversible(left, right, Player::Left, stops, &mut memo);
        let bypassed_right = self.bypass_reversible(left, right, Player::Right, stops, &mut memo);
        self.form_memo = memo;
        if bypassed_left {
            left.sort_unstable();
            left.dedup();
            self.remove_dominated(left, Player::Left);
        }
        if bypassed_right {
            right.sort_unstable();
            right.dedup();
            self.remove_dominated(right, Player::Right);
        }
    }

    /// Drops every option that another option of the same player is at least as good as.
    /// (Options are distinct values, and domination is transitive, so comparing with the
    /// options that remain is enough.)
    pub(super) fn remove_dominated(&mut self, options: &mut Vec<GameId>, player: Player) {
        if options.len() < 2 {
            return;
        }
        let mut i = 0;
        while i < options.len() {
            let mut dominated = false;
            for j in 0..options.len() {
                if i == j {
                    continue;
                }
                // For Left, options[i] is dominated when options[i] <= options[j].
                dominated = match player {
                    Player::Left => self.leq(options[i], options[j]),
                    Player::Right => self.leq(options[j], options[i]),
                };
                if dominated {
                    break;
                }
            }
            if dominated {
                options.remove(i);
            } else {
                i += 1;
            }
        }
    }

    /// Replaces reversible options of one player until none is left; true if anything changed.
    ///
    /// A left option `GL` is reversible through `GLR` when `GLR <= G`; it is then replaced by
    /// the left options of `GLR` (Right would answer `GL` with `GLR` anyway). Mirror for Right.
    fn bypass_reversible(
        &mut self,
        left: &mut Vec<GameId>,
        right: &mut Vec<GameId>,
        player: Player,
        stops: Stops,
        memo: &mut FormMemo,
    ) -> bool {
        let for_left = player == Player::Left;
        let mut changed = false;
        let mut i = 0;
        loop {
            let len = if for_left { left.len() } else { right.len() };
            if i >= len {
                return changed;
            }
            let option = if for_left { left[i] } else { right[i] };
            if self.never_reverses(option, player, stops) {
                i += 1;
                continue;
            }
            let answers = self.option_span(option, player.other());
            let mut reversed_through = None;
            for k in 0..answers.len {
                let answer = self.at(answers, k);
                let reverses = self.relate_to_form(answer, for_left, left, right, stops, memo);
                if reverses {
                    reversed_through = Some(answer);
                    break;
                }
            }
            let Some(answer) = reversed_through else {
                i += 1;
                continue;
            };
            changed = true;
            let replacements = self.raw_options(answer, player);
            let list = if for_left { &mut *left } else { &mut *right };
            list.swap_remove(i);
            for r in replacements {
                if !list.contains(&r) {
                    list.push(r);
                }
            }
        }
    }

    /// Whether an option of `player`, in a game that is not a number and has these stops,
    /// is not reversible, judged by the stops alone (never for an option with moves).
    ///
    /// A left option reverses through some `G^LR <= G`, which needs `RS(G^LR) <= RS(G)`
    /// (stops are monotone). The right options of a number `x` are numbers above `x`, so
    /// none is `<= G` when `x >= RS(G)`; those of `x + n.^ + *m` (not a number) are
    /// `x + n'.^ + *m'`, whose stops are `x`, so none is `<= G` when `x > RS(G)`. Mirrored
    /// for a right option, with `LS(G)`.
    fn never_reverses(&self, option: GameId, player: Player, stops: Stops) -> bool {
        let (Some((ls, rs)), Some((x, _))) =
            (stops.get(), self.entries[option.index()].stops.get())
        else {
            return false;
        };
        match (self.kind(option), player) {
            (Kind::Moves, _) => false,
            (Kind::Number, Player::Left) => x >= rs,
            (Kind::Nus, Player::Left) => x > rs,
            (Kind::Number, Player::Right) => x <= ls,
            (Kind::Nus, Player::Right) => x < ls,
        }
    }

    /// `x <= {left | right}` without the stops (what the tests hold the stops' shortcut
    /// against).
    #[cfg(test)]
    fn le_form(
        &mut self,
        x: GameId,
        left: &[GameId],
        right: &[GameId],
        memo: &mut FormMemo,
    ) -> bool {
        self.relate_to_form(x, true, left, right, Stops::NONE, memo)
    }

    /// `x >= {left | right}` without the stops, as [`Games::le_form`].
    #[cfg(test)]
    fn ge_form(
        &mut self,
        x: GameId,
        left: &[GameId],
        right: &[GameId],
        memo: &mut FormMemo,
    ) -> bool {
        self.relate_to_form(x, false, left, right, Stops::NONE, memo)
    }

    /// `x <= G` when `le`, else `x >= G`, for `G = {left | right}` with the given stops if
    /// known: as in [`Games::leq`], `x <= G` needs `LS(x) <= LS(G)` and `RS(x) <= RS(G)`, and
    /// `LS(x) < RS(G)` gives `x < G` (mirrored for `x >= G`); otherwise by the options:
    /// `x <= G` when no `x^L >= G` and no `G^R <= x`, `x >= G` when no `G^L >= x` and no
    /// `x^R <= G`.
    fn relate_to_form(
        &mut self,
        x: GameId,
        le: bool,
        left: &[GameId],
        right: &[GameId],
        stops: Stops,
        memo: &mut FormMemo,
    ) -> bool {
        if let (Some((gl, gr)), Some((xl, xr))) = (stops.get(), self.entries[x.index()].stops.get())
        {
            let (settled, excluded) = match le {
                true => (xl < gr, xl > gl || xr > gr),
                false => (gl < xr, gl > xl || gr > xr),
            };
            if settled || excluded {
                return settled;
            }
        }
        if let Some(known) = memo.get(memo_key(x, le)) {
            return known;
        }
        // x <= G fails on a G^R <= x, x >= G on a G^L >= x.
        let (options_of_g, toward) = match le {
            true => (right, Player::Left),
            false => (left, Player::Right),
        };
        let mut result = !options_of_g.iter().any(|&o| match le {
            true => self.leq(o, x),
            false => self.leq(x, o),
        });
        if result {
            // ... or on an x^L >= G (x^R <= G).
            let options_of_x = self.option_span(x, toward);
            for i in 0..options_of_x.len {
                let xo = self.at(options_of_x, i);
                if self.relate_to_form(xo, !le, left, right, stops, memo) {
                    result = false;
                    break;
                }
            }
        }
        memo.insert(memo_key(x, le), result);
        result
    }

    /// Interns canonical option lists (sorted by id), as a nus when they match a nus pattern.
    pub(crate) fn intern_canonical(&mut self, left: &mut [GameId], right: &mut [GameId]) -> GameId {
        if let Some(value) = self.nus_candidate(left, right) {
            if let Some(id) = self.find_nus(&value) {
                // Already interned: compare with its stored options.
                let (sl, sr) = (
                    self.option_span(id, Player::Left),
                    self.option_span(id, Player::Right),
                );
                let same = |games: &Games, span: Span, list: &[GameId]| {
                    span.len as usize == list.len()
                        && (0..span.len).all(|i| games.at(span, i) == list[i as usize])
                };
                if same(self, sl, left) && same(self, sr, right) {
                    return id;
                }
            } else if self.nus_has_options(&value, left, right) {
                return self.insert_nus(value);
            }
        }
        self.intern_moves(left, right)
    }

    /// Whether the canonical options of `value` are exactly these ids (without interning it).
    fn nus_has_options(&self, value: &Nus, left: &[GameId], right: &[GameId]) -> bool {
        // Option values are distinct, so equal counts and containment mean equal sets.
        let mut counts = (0, 0);
        let mut contained = true;
        value.for_each_option(|player, v| {
            let ids = match player {
                Player::Left => {
                    counts.0 += 1;
                    left
                }
                Player::Right => {
                    counts.1 += 1;
                    right
                }
            };
            contained = contained && self.find_nus(&v).is_some_and(|id| ids.contains(&id));
        });
        contained && counts == (left.len(), right.len())
    }

    /// The one nus whose canonical form could have these options, if any (to be verified).
    fn nus_candidate(&self, left: &[GameId], right: &[GameId]) -> Option<Nus> {
        let nus = |g: GameId| self.as_nus(g);
        let number = |g: GameId| self.as_number(g);
        match (left, right) {
            ([], []) => Some(Nus::zero()),
            ([a], []) => number(*a).map(|x| Nus::of_number(&x + &Dyadic::one())),
            ([], [b]) => number(*b).map(|x| Nus::of_number(&x - &Dyadic::one())),
            ([a], [b]) => {
                let (va, vb) = (nus(*a)?, nus(*b)?);
                if va.is_number() && vb.is_number() {
                    if va.number < vb.number {
                        let mean = (&va.number + &vb.number).half();
                        return Some(Nus::of_number(mean));
                    }
                    return (a == b).then(|| Nus::new(va.number.clone(), 0, 1));
                }
                if va.is_number() && vb.number == va.number && vb.ups >= 0 {
                    // {x | x + n.^ + *m} = x + (n+1).^ + *(m^1)
                    return Some(Nus::new(va.number.clone(), vb.ups + 1, vb.nim ^ 1));
                }
                if vb.is_number() && va.number == vb.number && va.ups <= 0 {
                    return Some(Nus::new(vb.number.clone(), va.ups - 1, va.nim ^ 1));
                }
                None
            }
            ([_, _], [c]) => {
                let x = number(*c)?;
                Some(Nus::new(x, 1, 1)) // {x, x* | x}
            }
            ([a], [_, _]) => {
                let x = number(*a)?;
                Some(Nus::new(x, -1, 1)) // {x | x, x*}
            }
            _ if left == right && self.kind(left[0]) != Kind::Moves => {
                // x + *m: both sides are {x, x*, .., x*(m-1)}
                let x = nus(left[0])?.number.clone();
                // One option per nimber below *m: the table's ids bound the count (`u32`).
                Some(Nus::new(x, 0, u32::try_from(left.len()).ok()?))
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sample::{born_by_day, random_games, Rng, Shape};

    /// Games to draw options from: day 2, random forms of depth 1 to 3 over number-up-star
    /// leaves (many with moves), and number-up-star values with their hot relatives.
    fn pool(games: &mut Games) -> Vec<GameId> {
        let mut pool = born_by_day(games, 2);
        for depth in 1..=3 {
            let shape = Shape {
                depth,
                max_options: 3,
                nus_leaves: true,
            };
            pool.extend(random_games(games, 70 + depth as u64, 60, shape));
        }
        for text in [
            "1*", "1v", "1^*", "-1/2v*", "1/2*2", "{1|1/2}", "{1*|0}", "{1|v}",
        ] {
            pool.push(games.eval_str(text).unwrap());
        }
        pool.sort_unstable();
        pool.dedup();
        pool
    }

    /// Random option lists of 0 to 3 games of the pool each, sorted, without repeats.
    fn option_lists(rng: &mut Rng, pool: &[GameId]) -> (Vec<GameId>, Vec<GameId>) {
        let mut side = || {
            let mut list: Vec<GameId> = (0..rng.below(4))
                .map(|_| pool[rng.below(pool.len() as u64) as usize])
                .collect();
            list.sort_unstable();
            list.dedup();
            list
        };
        (side(), side())
    }

    /// The general reduction alone: no simplicity theorem, no stops of the form.
    fn general(games: &mut Games, left: &[GameId], right: &[GameId]) -> GameId {
        let (mut l, mut r) = (left.to_vec(), right.to_vec());
        games.canonical_lists(&mut l, &mut r, true);
        games.intern_canonical(&mut l, &mut r)
    }

    /// What the simplicity theorem decides from the stops is what the general reduction
    /// builds: the same number (which fits between the options, by comparisons), the same
    /// hot game of numbers, or a game that is not a number with those stops.
    #[test]
    fn numbers_by_stops_are_what_the_reduction_builds() {
        let mut games = Games::new();
        let pool = pool(&mut games);
        let mut rng = Rng::new(5);
        let (mut numbers, mut at_an_end, mut others) = (0, 0, 0);
        for _ in 0..6000 {
            let (left, right) = option_lists(&mut rng, &pool);
            let expected = general(&mut games, &left, &right);
            let shown = || format!("{{{left:?} | {right:?}}}");
            match games.number_by_stops(&left, &right) {
                Simplest::Game(id) => {
                    assert_eq!(id, expected, "{}", shown());
                    if games.is_number(id) {
                        numbers += 1;
                        assert!(left.iter().all(|&gl| !games.leq(id, gl)), "{}", shown());
                        assert!(right.iter().all(|&gr| !games.leq(gr, id)), "{}", shown());
                        let stop = games.entries[id.index()].stops.get().map(|s| s.0);
                        let ends = left.iter().map(|&g| games.entries[g.index()].stops.get());
                        let ends: Vec<_> = ends.map(|s| s.map(|s| s.1)).collect();
                        at_an_end += usize::from(ends.contains(&stop));
                    }
                }
                Simplest::NotNumber(stops) => {
                    others += 1;
                    assert!(!games.is_number(expected), "{}", shown());
                    let held = games.entries[expected.index()].stops.get();
                    assert_eq!(stops.get(), held, "{}", shown());
                }
                Simplest::Unknown => {}
            }
        }
        assert!(
            numbers > 3000 && at_an_end > 500 && others > 1000,
            "{numbers} {at_an_end} {others}"
        );
    }

    /// Options whose stops are too large to hold inline go to the general reduction, which
    /// finds the same values.
    #[test]
    fn options_with_large_stops_are_reduced_in_general() {
        let mut games = Games::new();
        let big = Dyadic::integer(num_bigint::BigInt::from(1) << 70);
        let x = games.number(&big);
        assert!(matches!(
            games.number_by_stops(&[x], &[]),
            Simplest::Unknown
        ));
        let zero = games.zero();
        let star = games.star();
        let plus_one = games.from_options(&[x], &[]);
        assert_eq!(games.as_number(plus_one), Some(&big + &Dyadic::one()));
        assert_eq!(games.from_options(&[zero], &[x]), games.integer(1));
        let x_star = games.from_options(&[x], &[x]);
        assert_eq!(games.as_nus(x_star), Some(&Nus::new(big.clone(), 0, 1)));
        let hot = games.from_options(&[x, star], &[zero]);
        assert_eq!(games.raw_options(hot, Player::Left), vec![x]);
        let up_star = games.from_options(&[zero, star], &[zero, x]);
        assert_eq!(games.as_nus(up_star), Some(&Nus::new(Dyadic::zero(), 1, 1)));
    }

    /// The stops of a game that is not a number answer comparisons with it as the options
    /// do, and an option they call never reversible is not.
    #[test]
    fn stops_of_the_form_agree_with_its_options() {
        let mut games = Games::new();
        let pool = pool(&mut games);
        let mut rng = Rng::new(6);
        let (mut settled, mut never) = (0, 0);
        for _ in 0..1500 {
            let (left, right) = option_lists(&mut rng, &pool);
            let Simplest::NotNumber(stops) = games.number_by_stops(&left, &right) else {
                continue;
            };
            for &x in &pool {
                let mut memo = FormMemo::default();
                let le = games.le_form(x, &left, &right, &mut memo);
                let ge = games.ge_form(x, &left, &right, &mut memo);
                let mut memo = FormMemo::default();
                let with_stops = |games: &mut Games, le, memo: &mut FormMemo| {
                    games.relate_to_form(x, le, &left, &right, stops, memo)
                };
                assert_eq!(with_stops(&mut games, true, &mut memo), le);
                assert_eq!(with_stops(&mut games, false, &mut memo), ge);
                settled += memo.get(memo_key(x, true)).is_none() as usize;
            }
            for (options, player) in [(&left, Player::Left), (&right, Player::Right)] {
                for &option in options {
                    if !games.never_reverses(option, player, stops) {
                        continue;
                    }
                    never += 1;
                    let mut memo = FormMemo::default();
                    for answer in games.raw_options(option, player.other()) {
                        let reverses = match player {
                            Player::Left => games.le_form(answer, &left, &right, &mut memo),
                            Player::Right => games.ge_form(answer, &left, &right, &mut memo),
                        };
                        assert!(!reverses, "{left:?} | {right:?}: {option:?}");
                    }
                }
            }
        }
        assert!(settled > 10_000 && never > 300, "{settled} {never}");
    }
}
