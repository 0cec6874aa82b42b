//! Censuses by counting: how many blue-red forests of each size have each value, worked out from
//! the same numbers for fewer edges, no forest ever built.
//!
//! The one idea: a tree is worth `(±1) : x`, its trunk's sign in front of the sign expansion of
//! the forest `x` above its trunk (the tree rule), and a forest is worth the sum of its trees. A
//! plane forest of `n` edges is its first tree, of some `k` edges, followed by a forest of
//! `n − k`; a tree of `k` edges is a trunk of either colour under a forest of `k − 1`. So the
//! value distribution of the forests of `n` edges is the sum over `k` of the distribution of the
//! trees of `k` edges convolved with that of the forests of `n − k` edges, and the trees' is the
//! forests' one size down, moved by the colon. Counts are exact (`u128`, every product and sum
//! checked); each size's total is held against the closed form `c^n · Catalan(n)`; values are
//! dyadic numbers held as integers over `2^SCALE`, the colon taken by the one sign-expansion rule
//! ([`hackenbook_games::signs::colon`]) on that fixed-point type.

use crate::family::{Family, Kind};
use hackenbook_games::signs::{self, Binary};
use hackenbook_games::{Dyadic, Stop};
use hackenbook_rulesets::hackenbush::{Colour, Rules};
use rayon::prelude::*;
use std::fmt;
use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};

/// Values are held as integers over `2^SCALE`: a forest of `n` edges is born by day `n`, so it
/// is worth at most `n` in size with a denominator of at most `2^(n−1)`.
const SCALE: u32 = 40;

/// The most edges a census by counting goes to: every value of a forest that size is exact over
/// `2^SCALE` (memory runs out long before: the forests of `n` edges take about `2^(n+1)` values).
pub const MAX_COUNTED_EDGES: usize = SCALE as usize + 1;

/// Slots of one window of the dense accumulator: 1 MiB of counts, which stays in the cache.
const WINDOW: usize = 1 << 16;

/// Bytes a value of a distribution takes: its numerator and its count.
const BYTES_PER_VALUE: u128 = 8 + 16;

/// A number `n / 2^SCALE`. Every operation is checked: an overflow, or a halving that is not
/// exact, is `None`, and the census stops with an error, never a wrong value.
#[derive(Clone, Copy, Debug, PartialEq, PartialOrd)]
struct Fixed(i64);

const ONE: i64 = 1 << SCALE;

impl Binary for Fixed {
    fn zero() -> Fixed {
        Fixed(0)
    }

    fn count(n: u32) -> Option<Fixed> {
        i64::from(n).checked_mul(ONE).map(Fixed)
    }

    fn signum(&self) -> i32 {
        // -1, 0 or 1.
        self.0.signum() as i32
    }

    fn checked_add(&self, other: &Fixed) -> Option<Fixed> {
        self.0.checked_add(other.0).map(Fixed)
    }

    fn checked_sub(&self, other: &Fixed) -> Option<Fixed> {
        self.0.checked_sub(other.0).map(Fixed)
    }

    fn checked_neg(&self) -> Option<Fixed> {
        self.0.checked_neg().map(Fixed)
    }

    fn halved(&self, times: u32) -> Option<Fixed> {
        if self.0 == 0 {
            return Some(Fixed(0));
        }
        (self.0.trailing_zeros() >= times).then(|| Fixed(self.0 >> times))
    }

    fn floor(&self) -> Option<Fixed> {
        Some(Fixed(self.0 & !(ONE - 1)))
    }

    fn to_u32(&self) -> Option<u32> {
        if self.0 & (ONE - 1) != 0 {
            return None;
        }
        u32::try_from(self.0 >> SCALE).ok()
    }

    fn exponent(&self) -> u32 {
        match self.0 {
            0 => 0,
            n => SCALE.saturating_sub(n.trailing_zeros()),
        }
    }

    fn numerator_bit(&self, i: u32) -> bool {
        let shift = SCALE - self.exponent() + i;
        shift < 64 && (self.0 >> shift) & 1 == 1
    }
}

/// The exact value of a numerator over `2^SCALE`.
fn to_dyadic(n: i64) -> Dyadic {
    Dyadic::from_parts(n, SCALE)
}

/// The numerator over `2^SCALE` that stands for `x` in a distribution, if `x` has one: two
/// values compare as their numerators do.
pub(crate) fn numerator(x: &Dyadic) -> Option<i64> {
    from_dyadic(x)
}

/// The exact value a numerator of a distribution stands for.
pub(crate) fn value_of(numerator: i64) -> Dyadic {
    to_dyadic(numerator)
}

/// A numerator over `2^SCALE`, if `x` is one.
fn from_dyadic(x: &Dyadic) -> Option<i64> {
    let (num, exp) = x.as_small()?;
    if exp > SCALE {
        return None;
    }
    num.checked_mul(1i64 << (SCALE - exp))
}

/// Why a census by counting stopped.
#[derive(Clone, Debug)]
pub enum CountError {
    /// The family is not one counting covers (green edges, the childish rules, too many edges).
    NotCountable(String),
    /// A count or a value left its exact range, or a size's total disagrees with its closed form.
    Wrong(String),
    /// The census's clock stopped a worker; unwound again on the calling thread.
    Stopped(Stop),
}

/// Runs one unit of a worker's work, a stop of the census's clock caught as
/// [`CountError::Stopped`] (as the fast engine does: an unwinding worker would have rayon run
/// every job already split off before passing the stop on).
fn caught<T>(work: impl FnOnce() -> Result<T, CountError>) -> Result<T, CountError> {
    match catch_unwind(AssertUnwindSafe(work)) {
        Ok(done) => done,
        Err(payload) => match payload.downcast::<Stop>() {
            Ok(stop) => Err(CountError::Stopped(*stop)),
            Err(other) => resume_unwind(other),
        },
    }
}

impl fmt::Display for CountError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CountError::NotCountable(why) | CountError::Wrong(why) => f.write_str(why),
            CountError::Stopped(stop) => write!(f, "{stop}"),
        }
    }
}

/// How many members of one size have each value: values in increasing order, each with a
/// positive count.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Distribution {
    values: Vec<i64>,
    counts: Vec<u128>,
}

impl Distribution {
    fn single(value: i64) -> Distribution {
        Distribution {
            values: vec![value],
            counts: vec![1],
        }
    }

    /// The number of distinct values.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// Each value with how many members have it, in increasing order of value.
    pub fn iter(&self) -> impl Iterator<Item = (Dyadic, u128)> + '_ {
        self.values
            .iter()
            .zip(&self.counts)
            .map(|(&v, &c)| (to_dyadic(v), c))
    }

    /// Each value as its numerator over `2^SCALE` (see [`numerator`]) with how many members
    /// have it, in increasing order of value: the exact representation, compared as integers.
    pub(crate) fn numerators(&self) -> impl Iterator<Item = (i64, u128)> + '_ {
        self.values.iter().copied().zip(self.counts.iter().copied())
    }

    /// How many members are worth `x`.
    pub fn count_of(&self, x: &Dyadic) -> u128 {
        from_dyadic(x)
            .and_then(|v| self.values.binary_search(&v).ok())
            .map_or(0, |i| self.counts[i])
    }

    /// Every member, counted (checked: an overflow is an error).
    pub fn total(&self) -> Result<u128, CountError> {
        part_total(&self.part())
    }

    fn part(&self) -> Part<'_> {
        Part {
            values: &self.values,
            counts: &self.counts,
        }
    }
}

fn overflow() -> String {
    "a count passed 2^128: the census is too large to count exactly".into()
}

/// A sorted list of values with their counts (the counts of a tree's part are those of the
/// forest above its trunk).
#[derive(Clone, Copy)]
struct Part<'a> {
    values: &'a [i64],
    counts: &'a [u128],
}

/// The trees of one size: for each colour of trunk (red first, so that the values increase),
/// the colon of every value of the forests one size down; the counts are that forest's.
struct Trees {
    parts: Vec<Vec<i64>>,
}

impl Trees {
    /// The trees whose trunk carries a forest of distribution `above`, one part per colour of
    /// `colours` (each sorted, since the colon keeps the order; red trunks make negative
    /// values, blue ones positive).
    fn over(above: &Distribution, colours: &[Colour]) -> Result<Trees, CountError> {
        let mut parts = Vec::new();
        for plus in [false, true] {
            let colour = if plus { Colour::Blue } else { Colour::Red };
            if !colours.contains(&colour) {
                continue;
            }
            let part = above
                .values
                .iter()
                .map(|&x| signs::colon(plus, &Fixed(x)).map(|v| v.0))
                .collect::<Option<Vec<i64>>>()
                .ok_or_else(|| {
                    CountError::Wrong(format!(
                        "a value left the fixed range of counting (numerators over 2^{SCALE})"
                    ))
                })?;
            if part.windows(2).any(|w| w[0] >= w[1]) {
                return Err(CountError::Wrong(
                    "the colon did not keep the order of values: the sign-expansion rule is broken"
                        .into(),
                ));
            }
            parts.push(part);
        }
        Ok(Trees { parts })
    }

    fn parts<'a>(&'a self, above: &'a Distribution) -> impl Iterator<Item = Part<'a>> + 'a {
        self.parts.iter().map(move |values| Part {
            values,
            counts: &above.counts,
        })
    }

    /// As one distribution.
    fn distribution(&self, above: &Distribution) -> Distribution {
        let mut out = Distribution::default();
        for part in self.parts(above) {
            out.values.extend_from_slice(part.values);
            out.counts.extend_from_slice(part.counts);
        }
        out
    }
}

/// The distribution of the sums `a + b` over every pair of `pairs`, each pair of values counted
/// by the product of their counts. Values are accumulated in dense windows of [`WINDOW`] slots
/// (every value is a multiple of the smallest power of two among the inputs), the windows
/// spread over the cores; `tick` is called once a window (it reads the census's clock).
fn sum_of_products(
    pairs: &[(Part, Part)],
    tick: &(dyn Fn(u64) + Sync),
) -> Result<Distribution, CountError> {
    let pairs: Vec<(Part, Part)> = pairs
        .iter()
        .filter(|(a, b)| !a.values.is_empty() && !b.values.is_empty())
        // The shorter list outside, so that the inner loop runs long.
        .map(|&(a, b)| {
            if a.values.len() <= b.values.len() {
                (a, b)
            } else {
                (b, a)
            }
        })
        .collect();
    if pairs.is_empty() {
        return Ok(Distribution::default());
    }
    let wrong = |why: &str| CountError::Wrong(why.into());
    let range = "a sum of values left the fixed range of counting";
    let mut lo = i64::MAX;
    let mut hi = i64::MIN;
    let mut bits = 0i64;
    for (a, b) in &pairs {
        let (a0, a1) = (a.values[0], a.values[a.values.len() - 1]);
        let (b0, b1) = (b.values[0], b.values[b.values.len() - 1]);
        lo = lo.min(a0.checked_add(b0).ok_or_else(|| wrong(range))?);
        hi = hi.max(a1.checked_add(b1).ok_or_else(|| wrong(range))?);
        bits |= a.values.iter().chain(b.values).fold(0, |acc, v| acc | v);
    }
    let shift = if bits == 0 { 0 } else { bits.trailing_zeros() };
    let slots = ((hi - lo) >> shift) as u64 + 1;
    let windows = slots.div_ceil(WINDOW as u64);
    // Runs of windows, some dozens, so that the cores share the dense middle of the range.
    let run = windows.div_ceil(RUNS).max(1);
    let runs: Vec<std::ops::Range<u64>> = (0..windows)
        .step_by(run as usize)
        .map(|w| w..(w + run).min(windows))
        .collect();
    // Every sum is a sum of some of the products, all of them at most their total: when that
    // fits a `u64`, so does every sum.
    let mut bound: u128 = 0;
    for (a, b) in &pairs {
        let product = (part_total(a)?)
            .checked_mul(part_total(b)?)
            .ok_or_else(|| CountError::Wrong(overflow()))?;
        bound = bound
            .checked_add(product)
            .ok_or_else(|| CountError::Wrong(overflow()))?;
    }
    let narrow = u64::try_from(bound).is_ok();
    let done = runs
        .into_par_iter()
        .map(|windows| {
            caught(|| match narrow {
                true => windows_of::<u64>(&pairs, lo, shift, windows, tick),
                false => windows_of::<u128>(&pairs, lo, shift, windows, tick),
            })
        })
        .collect::<Result<Vec<_>, _>>();
    let done = match done {
        Err(CountError::Stopped(stop)) => resume_unwind(Box::new(stop)),
        other => other?,
    };
    let mut out = Distribution::default();
    for (values, counts) in done {
        out.values.extend(values);
        out.counts.extend(counts);
    }
    Ok(out)
}

/// The members of a part, counted (checked).
fn part_total(part: &Part) -> Result<u128, CountError> {
    part.counts.iter().try_fold(0u128, |sum, &c| {
        sum.checked_add(c)
            .ok_or_else(|| CountError::Wrong(overflow()))
    })
}

/// Runs of windows [`sum_of_products`] hands the cores.
const RUNS: u64 = 32;

/// A count being summed in a window of [`sum_of_products`]: a `u64` when every sum is known
/// to fit one (machine multiplications, half the memory), else a `u128`. Either way every
/// product and sum is checked: past the type is an error, never a wrapped count.
trait Tally: Copy + Default + PartialEq + Send {
    /// `self + a · b`, or `None` past the type.
    fn plus_product(self, a: u128, b: u128) -> Option<Self>;
    fn wide(self) -> u128;
}

impl Tally for u64 {
    fn plus_product(self, a: u128, b: u128) -> Option<u64> {
        let (a, b) = (u64::try_from(a).ok()?, u64::try_from(b).ok()?);
        self.checked_add(a.checked_mul(b)?)
    }

    fn wide(self) -> u128 {
        u128::from(self)
    }
}

impl Tally for u128 {
    fn plus_product(self, a: u128, b: u128) -> Option<u128> {
        self.checked_add(a.checked_mul(b)?)
    }

    fn wide(self) -> u128 {
        self
    }
}

/// A run of windows of [`sum_of_products`]: the sums from `lo + w·WINDOW·2^shift` for each `w`
/// of `windows`, with their counts, summed as `T`. Each outer value keeps its place in the
/// inner list from one window to the next, so the inner lists are walked once.
fn windows_of<T: Tally>(
    pairs: &[(Part, Part)],
    lo: i64,
    shift: u32,
    windows: std::ops::Range<u64>,
    tick: &(dyn Fn(u64) + Sync),
) -> Result<(Vec<i64>, Vec<u128>), CountError> {
    // Every window starts within the range of sums, which the caller checked fits.
    let span = (WINDOW as i64) << shift;
    let first = lo + windows.start as i64 * span;
    let mut places: Vec<Vec<usize>> = pairs
        .iter()
        .map(|(outer, inner)| {
            (outer.values.iter())
                .map(|&a| inner.values.partition_point(|&b| a + b < first))
                .collect()
        })
        .collect();
    // On the heap: a window of `u128` is 1 MiB, too much for a worker's stack.
    let mut slots: Vec<T> = std::iter::repeat_n(T::default(), WINDOW).collect();
    let mut values = Vec::new();
    let mut counts = Vec::new();
    for w in windows {
        tick(1);
        let start = lo + w as i64 * span;
        let end = start + span;
        for ((outer, inner), places) in pairs.iter().zip(&mut places) {
            let (in_lo, in_hi) = (inner.values[0], inner.values[inner.values.len() - 1]);
            // The outer values whose sums with some inner value fall in the window.
            let from = outer.values.partition_point(|&a| a + in_hi < start);
            let to = outer.values.partition_point(|&a| a + in_lo < end);
            let outer_run = outer.values[from..to].iter().zip(&outer.counts[from..to]);
            for ((&a, &ca), place) in outer_run.zip(&mut places[from..to]) {
                let j = *place;
                // The inner values whose sums with `a` fall in this window.
                let stop = j + inner.values[j..].partition_point(|&b| a + b < end);
                let run = inner.values[j..stop].iter().zip(&inner.counts[j..stop]);
                for (&b, &cb) in run {
                    let slot = &mut slots[((a + b - start) >> shift) as usize];
                    *slot = slot
                        .plus_product(ca, cb)
                        .ok_or_else(|| CountError::Wrong(overflow()))?;
                }
                *place = stop;
            }
        }
        for (slot, count) in slots.iter_mut().enumerate() {
            if *count != T::default() {
                values.push(start + ((slot as i64) << shift));
                counts.push(std::mem::take(count).wide());
            }
        }
    }
    Ok((values, counts))
}

/// `c^n · Catalan(m)` (`None` past `u128`): the members of a size by the closed form.
fn closed_form(colours: usize, n: usize, m: usize) -> Option<u128> {
    let mut catalan: u128 = 1;
    for i in 0..m as u128 {
        // C(i+1) = C(i) · 2(2i+1) / (i+2), exact at every step.
        catalan = catalan.checked_mul(2 * (2 * i + 1))? / (i + 2);
    }
    let power = (colours as u128).checked_pow(u32::try_from(n).ok()?)?;
    power.checked_mul(catalan)
}

/// What a family costs to count: the values it holds at its peak, and their memory.
pub fn peak_bytes(family: &Family) -> u128 {
    // About 2^(n+1) values for the forests of n edges, each size below held, with the trees'
    // values beside them (8 bytes each, two colours): some 2^(n+2) values of 24 bytes and
    // 2^(n+2) of 8, and the windows of the two cores.
    let n = family.max_edges.min(MAX_COUNTED_EDGES) as u32;
    let values = 1u128 << (n + 2);
    values * BYTES_PER_VALUE + values * 8 + 2 * (WINDOW as u128) * 16 + (8 << 20)
}

/// Whether counting covers `family`, or why not.
pub fn covers(family: &Family) -> Result<(), CountError> {
    if !family.palette.is_blue_red() {
        return Err(CountError::NotCountable(
            "counting covers blue-red edges; green edges make values that are not numbers".into(),
        ));
    }
    if family.rules != Rules::Normal {
        return Err(CountError::NotCountable(
            "counting uses the tree rule, which holds under the normal rules only".into(),
        ));
    }
    if family.max_edges > MAX_COUNTED_EDGES {
        return Err(CountError::NotCountable(format!(
            "counting goes up to {MAX_COUNTED_EDGES} edges"
        )));
    }
    Ok(())
}

/// The value distribution of every size of `family`, from `min_edges` to `max_edges`, each
/// size's total held against its closed form. `tick` is called as the work goes (it reads the
/// census's clock, which may stop the run by unwinding).
pub fn count(
    family: &Family,
    tick: &(dyn Fn(u64) + Sync),
) -> Result<Vec<(usize, Distribution)>, CountError> {
    covers(family)?;
    let colours: Vec<Colour> = family.palette.colours().collect();
    let top = family.max_edges;
    let mut out = Vec::new();
    // Each size held against its closed form as it is counted.
    let held = |n: usize, d: &Distribution| -> Result<(), CountError> {
        if n < family.min_edges {
            return Ok(());
        }
        let shapes = match (family.kind, n) {
            (Kind::Forests, _) => Some(n),
            (_, 0) => None,
            (Kind::Trees, _) => Some(n - 1),
            (Kind::Stalks, _) => Some(0),
        };
        let want = match shapes {
            Some(m) => {
                closed_form(colours.len(), n, m).ok_or_else(|| CountError::Wrong(overflow()))?
            }
            None => 0,
        };
        let got = d.total()?;
        if got != want {
            return Err(CountError::Wrong(format!(
                "counting found {got} {} of {n} edges, where the closed form gives {want}",
                family.kind.name()
            )));
        }
        Ok(())
    };
    let mut keep = |n: usize, d: Distribution| -> Result<(), CountError> {
        held(n, &d)?;
        if n >= family.min_edges {
            out.push((n, d));
        }
        Ok(())
    };
    if family.kind == Kind::Stalks {
        // A stalk of n edges is a trunk under a stalk of n − 1.
        let mut stalks = Distribution::single(0);
        keep(0, Distribution::default())?;
        for n in 1..=top {
            stalks = Trees::over(&stalks, &colours)?.distribution(&stalks);
            keep(n, stalks.clone())?;
            tick(1);
        }
        return Ok(out);
    }
    // forests[m]: the forests of m edges; trees[k]: the trees of k edges, over forests[k − 1].
    let mut forests = vec![Distribution::single(0)];
    let mut trees: Vec<Trees> = vec![Trees { parts: Vec::new() }];
    if family.kind != Kind::Forests {
        keep(0, Distribution::default())?;
    }
    for n in 1..=top {
        trees.push(Trees::over(&forests[n - 1], &colours)?);
        if family.kind == Kind::Trees {
            keep(n, trees[n].distribution(&forests[n - 1]))?;
            if n == top {
                break;
            }
        }
        let mut pairs = Vec::new();
        for k in 1..=n {
            for part in trees[k].parts(&forests[k - 1]) {
                pairs.push((part, forests[n - k].part()));
            }
        }
        let next = sum_of_products(&pairs, tick)?;
        drop(pairs);
        if family.kind == Kind::Forests {
            held(n, &next)?;
        }
        forests.push(next);
    }
    if family.kind == Kind::Forests {
        // The forests themselves, moved rather than copied (the size 0 held here).
        held(0, &forests[0])?;
        drop(trees);
        out.extend(forests.into_iter().enumerate().skip(family.min_edges));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::forest::Palette;

    fn family(kind: Kind, max_edges: usize, colours: &[Colour]) -> Family {
        Family {
            kind,
            min_edges: 1,
            max_edges,
            palette: Palette::new(colours),
            rules: Rules::Normal,
        }
    }

    #[test]
    fn the_fixed_point_colon_is_the_exact_one() {
        for num in -300..=300 {
            for exp in 0..6 {
                let x = Dyadic::new(num, exp);
                for plus in [false, true] {
                    let exact = signs::colon(plus, &x).unwrap();
                    let fixed = signs::colon(plus, &Fixed(from_dyadic(&x).unwrap()));
                    // Exact where the fixed point holds the result; refused, never wrong,
                    // where it does not (`1 : -300` is 1/2^300).
                    match fixed {
                        Some(f) => assert_eq!(to_dyadic(f.0), exact, "{plus} : {x}"),
                        None => assert!(exact.exponent() > SCALE, "{plus} : {x}"),
                    }
                    if exact.exponent() <= SCALE {
                        assert!(fixed.is_some(), "{plus} : {x}");
                    }
                }
            }
        }
    }

    #[test]
    fn stalks_and_small_forests_by_hand() {
        let lr = [Colour::Blue, Colour::Red];
        // Stalks of two edges: LL = 2, LR = 1/2, RL = -1/2, RR = -2.
        let stalks = count(&family(Kind::Stalks, 2, &lr), &|_| {}).unwrap();
        let two: Vec<(String, u128)> = stalks[1]
            .1
            .iter()
            .map(|(v, c)| (v.to_string(), c))
            .collect();
        assert_eq!(
            two,
            [("-2", 1), ("-1/2", 1), ("1/2", 1), ("2", 1)].map(|(v, c)| (v.to_string(), c))
        );
        // Forests of two edges: two trunks side by side (LL 2, LR 0, RL 0, RR -2) and the
        // four stalks.
        let forests = count(&family(Kind::Forests, 2, &lr), &|_| {}).unwrap();
        let zero = forests[1].1.count_of(&Dyadic::zero());
        assert_eq!(zero, 2);
        assert_eq!(forests[1].1.count_of(&Dyadic::integer(2)), 2);
        assert_eq!(forests[1].1.total().unwrap(), 8);
    }

    #[test]
    fn a_family_past_the_fixed_range_is_refused() {
        let lr = [Colour::Blue, Colour::Red];
        let f = family(Kind::Forests, MAX_COUNTED_EDGES + 1, &lr);
        assert!(matches!(covers(&f), Err(CountError::NotCountable(_))));
        let g = family(Kind::Forests, 3, &[Colour::Green]);
        assert!(matches!(covers(&g), Err(CountError::NotCountable(_))));
    }

    #[test]
    fn closed_forms() {
        assert_eq!(closed_form(2, 6, 6), Some(64 * 132));
        assert_eq!(closed_form(2, 6, 5), Some(64 * 42));
        assert_eq!(closed_form(1, 0, 0), Some(1));
        assert_eq!(closed_form(2, 200, 200), None);
    }
}
