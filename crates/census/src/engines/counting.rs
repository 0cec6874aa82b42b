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

use crate::families::bytes;
use crate::families::forests::{Family, Kind};
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
const BYTES_PER_VALUE: u128 = 8 + 8;

/// The memory a census by counting may hold at its peak: a family estimated to need more is
/// refused before it starts, and a run whose next size would take it past is stopped with the
/// same refusal, before that size is counted (the estimate of [`peak_bytes`] is checked as the
/// sizes come).
pub const MEMORY_BUDGET: u128 = 4 << 30;

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

/// The binary places of the value a numerator stands for: `0` for an integer.
pub(crate) fn places(numerator: i64) -> u32 {
    Fixed(numerator).exponent()
}

/// One numerator for each number of binary places a value of a distribution can have:
/// `(p, the numerator of 2^-p)` for `p` from 0 to `SCALE`.
pub(crate) fn one_per_places() -> impl Iterator<Item = (u32, i64)> {
    (0..=SCALE).map(|p| (p, 1i64 << (SCALE - p)))
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
    /// Counting would take more memory than [`MEMORY_BUDGET`].
    TooLarge(String),
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
            CountError::NotCountable(why) | CountError::Wrong(why) | CountError::TooLarge(why) => {
                f.write_str(why)
            }
            CountError::Stopped(stop) => write!(f, "{stop}"),
        }
    }
}

/// How many members of one size have each value: values in increasing order, each with a
/// positive count.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Distribution {
    values: Vec<i64>,
    /// One value's count (a size's total may pass 2^64; one value's count is checked to fit).
    counts: Vec<u64>,
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
            .map(|(&v, &c)| (to_dyadic(v), u128::from(c)))
    }

    /// Each value as its numerator over `2^SCALE` (see [`numerator`]) with how many members
    /// have it, in increasing order of value: the exact representation, compared as integers.
    pub(crate) fn numerators(&self) -> impl Iterator<Item = (i64, u128)> + '_ {
        (self.values.iter().copied()).zip(self.counts.iter().map(|&c| u128::from(c)))
    }

    /// How many members are worth `x`.
    pub fn count_of(&self, x: &Dyadic) -> u128 {
        from_dyadic(x)
            .and_then(|v| self.values.binary_search(&v).ok())
            .map_or(0, |i| u128::from(self.counts[i]))
    }

    /// How many members have a value below, equal to and above the numerator `c` (see
    /// [`numerator`]), read off the sorted values. (No sum can pass `u128`: fewer than 2^64
    /// counts, each below 2^64.)
    pub(crate) fn split_at(&self, c: i64) -> [u128; 3] {
        let below = self.values.partition_point(|&v| v < c);
        let above = self.values.partition_point(|&v| v <= c);
        let sum = |counts: &[u64]| counts.iter().map(|&n| u128::from(n)).sum::<u128>();
        [
            sum(&self.counts[..below]),
            sum(&self.counts[below..above]),
            sum(&self.counts[above..]),
        ]
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
    counts: &'a [u64],
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
/// spread over the cores; `tick` is called once a window (it reads the census's clock). When
/// `mirrored`, negation maps the pairs onto themselves (a blue-red family: swapping the colours
/// negates every value), so only the sums from 0 up are counted and those below 0 are their
/// mirror image.
fn sum_of_products(
    pairs: &[(Part, Part)],
    mirrored: bool,
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
    if mirrored {
        // The least sum is the greatest negated when the pairs are symmetric.
        if lo.checked_neg() != Some(hi) {
            return Err(wrong(
                "the values of a blue-red family are not symmetric about 0: the colour swap is broken",
            ));
        }
        lo = 0;
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
    let half: usize = done.iter().map(|(values, _)| values.len()).sum();
    if mirrored {
        // The sums below 0: those above, negated, in reverse order.
        out.values.reserve(2 * half);
        out.counts.reserve(2 * half);
        for (values, counts) in done.iter().rev() {
            for (&v, &c) in values.iter().zip(counts).rev().filter(|(&v, _)| v > 0) {
                out.values.push(-v);
                out.counts.push(c);
            }
        }
    } else {
        out.values.reserve(half);
        out.counts.reserve(half);
    }
    for (values, counts) in done {
        out.values.extend(values);
        out.counts.extend(counts);
    }
    Ok(out)
}

/// The members of a part, counted (checked).
fn part_total(part: &Part) -> Result<u128, CountError> {
    part.counts.iter().try_fold(0u128, |sum, &c| {
        sum.checked_add(u128::from(c))
            .ok_or_else(|| CountError::Wrong(overflow()))
    })
}

/// Runs of windows [`sum_of_products`] hands the cores.
const RUNS: u64 = 32;

/// A count being summed in a window of [`sum_of_products`]: a `u64` when every sum is known
/// to fit one (machine multiplications), else a `u128`. Either way every product and sum is
/// checked: past the type is an error, never a wrapped count.
trait Tally: Copy + Default + PartialEq + Send {
    /// `self + a · b`, or `None` past the type.
    fn plus_product(self, a: u64, b: u64) -> Option<Self>;
    /// As one value's count, or `None` past 2^64.
    fn narrow(self) -> Option<u64>;
}

impl Tally for u64 {
    fn plus_product(self, a: u64, b: u64) -> Option<u64> {
        self.checked_add(a.checked_mul(b)?)
    }

    fn narrow(self) -> Option<u64> {
        Some(self)
    }
}

impl Tally for u128 {
    fn plus_product(self, a: u64, b: u64) -> Option<u128> {
        // A product of two `u64`s fits a `u128`.
        self.checked_add(u128::from(a) * u128::from(b))
    }

    fn narrow(self) -> Option<u64> {
        u64::try_from(self).ok()
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
) -> Result<(Vec<i64>, Vec<u64>), CountError> {
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
                counts.push(std::mem::take(count).narrow().ok_or_else(|| {
                    CountError::Wrong(
                        "the members of one size with one value passed 2^64: too many to count"
                            .into(),
                    )
                })?);
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

/// What a family costs to count: the memory it holds at its peak.
pub fn peak_bytes(family: &Family) -> u128 {
    peak_of(family.kind, family.max_edges.min(MAX_COUNTED_EDGES))
}

/// The peak memory of counting the members of `kind` of up to `n` edges. Forests (and trees,
/// which take the forests one size down): some 2^(k+1) values for the forests of k edges,
/// held with their counts (16 bytes) and as the values of the trees one size up (two colours,
/// 8 bytes each), every size up to n; and while the largest size is counted, its sums from 0
/// up. Measured from the command line (peak resident memory of forests of 20, 21 and 22
/// edges): 108 to 116 bytes times 2^n. Stalks: 2^k values of k edges, each size kept, and the
/// largest made twice.
fn peak_of(kind: Kind, n: usize) -> u128 {
    let per_2n = match kind {
        Kind::Stalks => 64,
        _ => 116,
    };
    (1u128 << n) * per_2n + 2 * (WINDOW as u128) * 16 + (8 << 20)
}

/// The bytes a distribution holds.
fn bytes_of(d: &Distribution) -> u128 {
    (d.values.capacity() + d.counts.capacity()) as u128 * 8
}

/// `Ok` when `family`'s estimated peak ([`peak_bytes`]) is within [`MEMORY_BUDGET`]; else the
/// refusal, naming the most edges that fit.
pub fn affordable(family: &Family) -> Result<(), CountError> {
    let peak = peak_bytes(family);
    if peak <= MEMORY_BUDGET {
        return Ok(());
    }
    let most = (0..family.max_edges)
        .rev()
        .find(|&m| peak_of(family.kind, m) <= MEMORY_BUDGET)
        .unwrap_or(0);
    Err(too_large(family, family.max_edges, peak, most))
}

fn too_large(family: &Family, n: usize, peak: u128, most: usize) -> CountError {
    CountError::TooLarge(format!(
        "counting the {} of {n} edges would take about {} of memory, past the {} a census by counting may hold: ask for at most {most} edges",
        family.kind.name(),
        bytes(peak),
        bytes(MEMORY_BUDGET),
    ))
}

/// Stops a run before the size `n` when what it holds (`held` bytes) and what that size will
/// take (`next`) would pass [`MEMORY_BUDGET`] (the sizes below fitted).
fn within_budget(family: &Family, n: usize, held: u128, next: u128) -> Result<(), CountError> {
    let peak = held.saturating_add(next);
    if peak <= MEMORY_BUDGET {
        return Ok(());
    }
    Err(too_large(family, n, peak, n - 1))
}

/// The values the forests of `n` edges are expected to take, from the sizes below: each size
/// takes about as many times more than the last as the last did than the one before.
fn expected_values(forests: &[Distribution], n: usize) -> u128 {
    let len = |m: usize| forests.get(m).map_or(1, |d| d.len().max(1)) as u128;
    match n {
        0..=2 => 8,
        _ => len(n - 1) * len(n - 1) / len(n - 2) + 1,
    }
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

/// Holds the members of `n` edges of `family` counted in `d` against the closed form
/// (`c^n · Catalan(n)` forests, `c^n · Catalan(n − 1)` trees, `c^n` stalks).
fn held_against_closed_form(family: &Family, n: usize, d: &Distribution) -> Result<(), CountError> {
    if n < family.min_edges {
        return Ok(());
    }
    let colours = family.palette.colours().count();
    let shapes = match (family.kind, n) {
        (Kind::Forests, _) => Some(n),
        (_, 0) => None,
        (Kind::Trees, _) => Some(n - 1),
        (Kind::Stalks, _) => Some(0),
    };
    let want = match shapes {
        Some(m) => closed_form(colours, n, m).ok_or_else(|| CountError::Wrong(overflow()))?,
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
}

/// Whether `sizes` are every size of `family`, each held against its closed form (a census
/// read back from the cache is held as one counted is).
pub fn check_sizes(family: &Family, sizes: &[(usize, Distribution)]) -> Result<(), CountError> {
    let edges: Vec<usize> = sizes.iter().map(|(n, _)| *n).collect();
    if edges != (family.min_edges..=family.max_edges).collect::<Vec<_>>() {
        return Err(CountError::Wrong("the sizes are not the family's".into()));
    }
    for (n, d) in sizes {
        held_against_closed_form(family, *n, d)?;
    }
    Ok(())
}

/// The distributions as bytes, for the cache: for each size its number of edges and of
/// values, then every value (its numerator) and count, little-endian.
pub fn encode(sizes: &[(usize, Distribution)]) -> Vec<u8> {
    let values: usize = sizes.iter().map(|(_, d)| d.len()).sum();
    let mut out = Vec::with_capacity(16 * (sizes.len() + values));
    for (n, d) in sizes {
        out.extend_from_slice(&(*n as u64).to_le_bytes());
        out.extend_from_slice(&(d.len() as u64).to_le_bytes());
        for (v, c) in d.values.iter().zip(&d.counts) {
            out.extend_from_slice(&v.to_le_bytes());
            out.extend_from_slice(&c.to_le_bytes());
        }
    }
    out
}

/// The distributions [`encode`] wrote, read as they stream from `input`, or `None` if its
/// bytes are not such a list (values not increasing, a count of 0, a length past the bytes, a
/// partial word at the end). `Err` when `input` cannot be read.
pub fn decode(input: impl std::io::Read) -> std::io::Result<Option<Vec<(usize, Distribution)>>> {
    /// Values read at a time (16 bytes each): 64 KiB, never more than the input holds.
    const BLOCK: usize = 4096;
    let mut input = std::io::BufReader::new(input);
    // Fills `buf` whole: `Some(true)` if it was, `Some(false)` at the end of the bytes before
    // the first byte, `None` at the end of the bytes part of the way.
    let mut fill = |buf: &mut [u8]| -> std::io::Result<Option<bool>> {
        let mut got = 0;
        while got < buf.len() {
            match std::io::Read::read(&mut input, &mut buf[got..]) {
                Ok(0) => return Ok((got == 0).then_some(false)),
                Ok(n) => got += n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        Ok(Some(true))
    };
    let word = |bytes: &[u8]| u64::from_le_bytes(bytes.try_into().expect("8 bytes"));
    let mut sizes = Vec::new();
    let mut block = vec![0u8; 16 * BLOCK];
    // Every turn reads at least a word, so the loop ends with the input.
    loop {
        let mut head = [0u8; 16];
        match fill(&mut head)? {
            Some(true) => {}
            Some(false) => return Ok(Some(sizes)),
            None => return Ok(None),
        }
        let (Ok(n), len) = (usize::try_from(word(&head[..8])), word(&head[8..])) else {
            return Ok(None);
        };
        let mut d = Distribution::default();
        let mut left = len;
        while left > 0 {
            // At most a block at a time: a length past the bytes fails at their end.
            let take = usize::try_from(left).map_or(BLOCK, |l| l.min(BLOCK));
            let bytes = &mut block[..16 * take];
            if fill(bytes)? != Some(true) {
                return Ok(None);
            }
            for pair in bytes.chunks_exact(16) {
                let v = i64::from_le_bytes(pair[..8].try_into().expect("8 bytes"));
                let c = word(&pair[8..]);
                if c == 0 || d.values.last().is_some_and(|&last| last >= v) {
                    return Ok(None);
                }
                d.values.push(v);
                d.counts.push(c);
            }
            left -= take as u64;
        }
        sizes.push((n, d));
    }
}

/// The value distribution of every size of `family`, from `min_edges` to `max_edges`, each
/// size's total held against its closed form. `tick` is called as the work goes (it reads the
/// census's clock, which may stop the run by unwinding).
pub fn count(
    family: &Family,
    tick: &(dyn Fn(u64) + Sync),
) -> Result<Vec<(usize, Distribution)>, CountError> {
    covers(family)?;
    affordable(family)?;
    let colours: Vec<Colour> = family.palette.colours().collect();
    // Both colours: swapping them maps the family onto itself and negates every value.
    let mirrored = colours.contains(&Colour::Blue) && colours.contains(&Colour::Red);
    let top = family.max_edges;
    let mut out = Vec::new();
    // Each size held against its closed form as it is counted.
    let held = |n: usize, d: &Distribution| held_against_closed_form(family, n, d);
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
        let mut holding = 0u128;
        for n in 1..=top {
            // The stalks of n edges take twice the values of n − 1, held twice while made.
            let next = bytes_of(&stalks) * 2 * colours.len() as u128;
            within_budget(family, n, holding, next)?;
            holding += next / 2;
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
    let mut holding = 0u128;
    for n in 1..=top {
        // The trees of n edges (8 bytes a value and colour), and the forests of n edges: their
        // values with their counts, and the sums from 0 up in vectors up to twice as long.
        let values = expected_values(&forests, n);
        let trees_bytes = forests[n - 1].len() as u128 * 8 * colours.len() as u128;
        let copy = match family.kind {
            Kind::Trees => trees_bytes * 2,
            _ => 0,
        };
        within_budget(
            family,
            n,
            holding,
            trees_bytes + copy + values * BYTES_PER_VALUE * 2,
        )?;
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
        let next = sum_of_products(&pairs, mirrored, tick)?;
        drop(pairs);
        if family.kind == Kind::Forests {
            held(n, &next)?;
        }
        holding += trees_bytes + copy + bytes_of(&next);
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

    /// A reader that hands out at most `step` bytes a call.
    struct Trickle<'a> {
        bytes: &'a [u8],
        step: usize,
    }

    impl std::io::Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let n = self.step.min(buf.len()).min(self.bytes.len());
            buf[..n].copy_from_slice(&self.bytes[..n]);
            self.bytes = &self.bytes[n..];
            Ok(n)
        }
    }

    /// What `encode` writes, `decode` reads back whole, however the reader hands the bytes
    /// out, sizes of more values than one block included (forests of 12 edges have more than
    /// 4,096); cut anywhere short of a whole size, or with a count of 0 or values out of
    /// order, it is not a list of distributions.
    #[test]
    fn decode_reads_back_what_encode_wrote_and_nothing_cut_or_altered() {
        let sizes = count(
            &family(Kind::Forests, 12, &[Colour::Blue, Colour::Red]),
            &|_| {},
        )
        .unwrap();
        assert!(sizes.iter().any(|(_, d)| d.len() > 4096));
        let bytes = encode(&sizes);
        for step in [1, 7, 16, 1 << 20] {
            let back = decode(Trickle {
                bytes: &bytes,
                step,
            })
            .unwrap();
            assert_eq!(back.as_ref(), Some(&sizes), "{step} bytes a read");
        }
        // Where each size ends, the list of the sizes before it; anywhere else, nothing.
        let mut ends = vec![0];
        for (_, d) in &sizes {
            ends.push(ends.last().unwrap() + 16 + 16 * d.len());
        }
        for cut in (0..bytes.len()).step_by(5).chain(ends.iter().copied()) {
            let back = decode(&bytes[..cut]).unwrap();
            match ends.iter().position(|&e| e == cut) {
                Some(k) => assert_eq!(back.as_deref(), Some(&sizes[..k]), "cut at {cut}"),
                None => assert_eq!(back, None, "cut at {cut}"),
            }
        }
        // A count of 0, and two values out of order, in the largest size's second block.
        let at = ends[sizes.len() - 1] + 16 + 16 * 5000;
        let mut zero = bytes.clone();
        zero[at + 8..at + 16].fill(0);
        assert_eq!(decode(&zero[..]).unwrap(), None);
        let mut swapped = bytes.clone();
        let (a, b) = swapped[at..at + 32].split_at_mut(16);
        a[..8].swap_with_slice(&mut b[..8]);
        assert_eq!(decode(&swapped[..]).unwrap(), None);
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
    fn a_family_past_the_memory_budget_is_refused_naming_what_fits() {
        let lr = [Colour::Blue, Colour::Red];
        assert!(affordable(&family(Kind::Forests, 20, &lr)).is_ok());
        let most = (1..=MAX_COUNTED_EDGES)
            .take_while(|&n| affordable(&family(Kind::Forests, n, &lr)).is_ok())
            .last()
            .unwrap();
        let Err(CountError::TooLarge(why)) = affordable(&family(Kind::Forests, 40, &lr)) else {
            panic!("forests of 40 edges fit the budget");
        };
        assert!(why.contains(&format!("at most {most} edges")), "{why}");
        // The estimate at the largest that fits is within the budget, one edge more past it.
        assert!(peak_of(Kind::Forests, most) <= MEMORY_BUDGET);
        assert!(peak_of(Kind::Forests, most + 1) > MEMORY_BUDGET);
        // A run whose next size would pass the budget stops before it, naming the size below.
        let f = family(Kind::Forests, 12, &lr);
        let Err(CountError::TooLarge(why)) = within_budget(&f, 12, MEMORY_BUDGET, 1) else {
            panic!("a run past the budget went on");
        };
        assert!(
            why.contains("forests of 12 edges") && why.contains("at most 11 edges"),
            "{why}"
        );
        assert!(within_budget(&f, 12, MEMORY_BUDGET - 1, 1).is_ok());
    }

    #[test]
    fn closed_forms() {
        assert_eq!(closed_form(2, 6, 6), Some(64 * 132));
        assert_eq!(closed_form(2, 6, 5), Some(64 * 42));
        assert_eq!(closed_form(1, 0, 0), Some(1));
        assert_eq!(closed_form(2, 200, 200), None);
    }
}
