//! Building a canonical form from arbitrary canonical options.
//!
//! The one idea: a form with no dominated and no reversible options is the unique simplest form
//! of its value. So we delete dominated options, replace each reversible option by the options
//! it reverses through until none is left, delete the dominated options this may have created,
//! and then intern what remains — recognising number-up-star values by their fixed patterns.

use super::dyadic::Dyadic;
use super::nus::Nus;
use super::player::Player;
use super::table::{FormMemo, GameId, Games, Kind, Span};

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
        // Construction never re-enters itself (comparisons build no games), so one pair of
        // buffers serves every call.
        let (mut l, mut r) = std::mem::take(&mut self.scratch);
        l.clear();
        l.extend_from_slice(left);
        r.clear();
        r.extend_from_slice(right);
        let id = self.canonical_from_buffers(&mut l, &mut r, dominated);
        self.scratch = (l, r);
        id
    }

    /// [`Games::canonical_of_lists`] on the buffers.
    fn canonical_from_buffers(
        &mut self,
        left: &mut Vec<GameId>,
        right: &mut Vec<GameId>,
        dominated: bool,
    ) -> GameId {
        left.sort_unstable();
        right.sort_unstable();
        if dominated {
            left.dedup();
            right.dedup();
        }
        if let Some(id) = self.numbers_only(left, right) {
            return id;
        }
        self.canonical_lists(left, right, dominated);
        self.intern_canonical(left, right)
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

    /// Reduces option lists to the canonical ones of `{left | right}` (sorted by id).
    pub(crate) fn canonical_lists(
        &mut self,
        left: &mut Vec<GameId>,
        right: &mut Vec<GameId>,
        dominated: bool,
    ) {
        if dominated {
            self.remove_dominated(left, Player::Left);
            self.remove_dominated(right, Player::Right);
        }
        // One memo per construction, reused across constructions (never re-entered).
        let mut memo = std::mem::take(&mut self.form_memo);
        memo.clear();
        let bypassed_left = self.bypass_reversible(left, right, Player::Left, &mut memo);
        let bypassed_right = self.bypass_reversible(left, right, Player::Right, &mut memo);
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
        left.sort_unstable();
        right.sort_unstable();
    }

    /// Fast path: when every option is a number the value is the simplest number between the
    /// best options, or else the hot form `{a | b}` (`a >= b`) is already canonical.
    fn numbers_only(&mut self, left: &[GameId], right: &[GameId]) -> Option<GameId> {
        let all_numbers = left.iter().chain(right).all(|&g| self.is_number(g));
        if !all_numbers {
            return None;
        }
        let best_left = left.iter().copied().max_by(|&a, &b| self.number_cmp(a, b));
        let best_right = right.iter().copied().min_by(|&a, &b| self.number_cmp(a, b));
        let simplest = Dyadic::simplest_between(
            best_left.map(|g| &self.nus_of(g).number),
            best_right.map(|g| &self.nus_of(g).number),
        );
        if let Some(x) = simplest {
            return Some(self.number(&x));
        }
        let (gl, gr) = (best_left?, best_right?);
        if gl == gr {
            // {x | x} = x*
            let x = self.nus_of(gl).number.clone();
            return Some(self.nus(Nus::new(x, 0, 1)));
        }
        Some(self.intern_moves(&mut [gl], &mut [gr]))
    }

    /// Order of two numbers, by their inline stops when both have them.
    fn number_cmp(&self, a: GameId, b: GameId) -> std::cmp::Ordering {
        match (
            self.entries[a.index()].stops.get(),
            self.entries[b.index()].stops.get(),
        ) {
            (Some((x, _)), Some((y, _))) => x.cmp(&y),
            _ => self.nus_of(a).number.cmp(&self.nus_of(b).number),
        }
    }

    /// Drops every option that another option of the same player is at least as good as.
    /// (Options are distinct values, and domination is transitive, so comparing with the
    /// options that remain is enough.)
    pub(super) fn remove_dominated(&mut self, options: &mut Vec<GameId>, player: Player) {
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
            let answers = self.option_span(option, player.other());
            let mut reversed_through = None;
            for k in 0..answers.len {
                let answer = self.at(answers, k);
                let reverses = if for_left {
                    self.le_form(answer, left, right, memo)
                } else {
                    self.ge_form(answer, left, right, memo)
                };
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

    /// `x <= {left | right}`: no `x^L >= G` and no `G^R <= x`.
    fn le_form(
        &mut self,
        x: GameId,
        left: &[GameId],
        right: &[GameId],
        memo: &mut FormMemo,
    ) -> bool {
        if let Some(known) = memo.get(memo_key(x, true)) {
            return known;
        }
        let mut result = true;
        for &gr in right {
            if self.leq(gr, x) {
                result = false;
                break;
            }
        }
        if result {
            let lefts = self.option_span(x, Player::Left);
            for i in 0..lefts.len {
                let xl = self.at(lefts, i);
                if self.ge_form(xl, left, right, memo) {
                    result = false;
                    break;
                }
            }
        }
        memo.insert(memo_key(x, true), result);
        result
    }

    /// `x >= {left | right}`: no `G^L >= x` and no `x^R <= G`.
    fn ge_form(
        &mut self,
        x: GameId,
        left: &[GameId],
        right: &[GameId],
        memo: &mut FormMemo,
    ) -> bool {
        if let Some(known) = memo.get(memo_key(x, false)) {
            return known;
        }
        let mut result = true;
        for &gl in left {
            if self.leq(x, gl) {
                result = false;
                break;
            }
        }
        if result {
            let rights = self.option_span(x, Player::Right);
            for i in 0..rights.len {
                let xr = self.at(rights, i);
                if self.le_form(xr, left, right, memo) {
                    result = false;
                    break;
                }
            }
        }
        memo.insert(memo_key(x, false), result);
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
