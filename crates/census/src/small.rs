//! Fixed-width dyadic numbers for the census's inner loop.
//!
//! The one idea: every value a census can meet fits in a 32-bit numerator over `2^exp`
//! (a forest of at most 16 edges is worth at most 16 in size, with a denominator of at most
//! `2^15`), so the hot loop never allocates; every operation is checked, and an overflow is an
//! error that sends the caller to the exact, unbounded [`Dyadic`] — never a wrong answer.

use hackenbook_games::signs::Binary;
use hackenbook_games::Dyadic;
use std::cmp::Ordering;
use std::fmt;

/// Largest exponent kept; 2^30 still leaves room to align two numerators in an `i64`.
const MAX_EXP: u8 = 30;

/// `num / 2^exp`, normalised (odd numerator, or exponent zero), so equality is structural.
/// Stored as the pair `[num, exp]`, normalised again when read.
#[derive(
    Clone, Copy, PartialEq, Eq, Hash, Debug, Default, serde::Serialize, serde::Deserialize,
)]
#[serde(into = "(i32, u8)", try_from = "(i32, u8)")]
pub struct Small {
    num: i32,
    exp: u8,
}

impl Small {
    pub const ZERO: Small = Small { num: 0, exp: 0 };
    pub const ONE: Small = Small { num: 1, exp: 0 };

    pub const fn integer(n: i32) -> Small {
        Small { num: n, exp: 0 }
    }

    /// Builds `num / 2^exp` from a wide numerator, or `None` if it does not fit.
    fn from_wide(mut num: i64, mut exp: u32) -> Option<Small> {
        if num == 0 {
            return Some(Small::ZERO);
        }
        let twos = num.trailing_zeros().min(exp);
        num >>= twos;
        exp -= twos;
        if exp > MAX_EXP as u32 {
            return None;
        }
        Some(Small {
            num: i32::try_from(num).ok()?,
            exp: exp as u8, // at most MAX_EXP, above
        })
    }

    pub fn numerator(self) -> i32 {
        self.num
    }

    pub fn exponent(self) -> u8 {
        self.exp
    }

    pub fn signum(self) -> i32 {
        self.num.signum()
    }

    pub fn is_integer(self) -> bool {
        self.exp == 0
    }

    /// Both numerators over the larger denominator.
    fn aligned(self, other: Small) -> (i64, i64, u32) {
        let e = self.exp.max(other.exp) as u32;
        (
            (self.num as i64) << (e - self.exp as u32),
            (other.num as i64) << (e - other.exp as u32),
            e,
        )
    }

    pub fn checked_add(self, other: Small) -> Option<Small> {
        let (a, b, e) = self.aligned(other);
        Small::from_wide(a + b, e)
    }

    pub fn checked_sub(self, other: Small) -> Option<Small> {
        let (a, b, e) = self.aligned(other);
        Small::from_wide(a - b, e)
    }

    pub fn checked_neg(self) -> Option<Small> {
        Some(Small {
            num: self.num.checked_neg()?,
            exp: self.exp,
        })
    }

    /// The largest integer not above the value.
    fn floor(self) -> i64 {
        (self.num as i64) >> self.exp
    }

    /// The simplest number strictly between the bounds (`None` = unbounded), if any: the
    /// simplicity rule that gives a number-valued game its value.
    pub fn simplest_between(lo: Option<Small>, hi: Option<Small>) -> Option<Small> {
        if let (Some(l), Some(h)) = (lo, hi) {
            if l >= h {
                return None;
            }
        }
        let inside = |x: Small| lo.is_none_or(|l| x > l) && hi.is_none_or(|h| x < h);
        if inside(Small::ZERO) {
            return Some(Small::ZERO);
        }
        // The interval is on one side of zero: first try the integer nearest zero in it.
        let nearest = match lo {
            Some(l) if l.signum() >= 0 => l.floor() + 1,
            _ => {
                let h = hi?; // both unbounded always contains zero, handled above
                -((-(h.num as i64)) >> h.exp) - 1 // ceil(h) - 1
            }
        };
        let candidate = Small::from_wide(nearest, 0)?;
        if inside(candidate) {
            return Some(candidate);
        }
        // Both bounds are finite and less than one apart: the smallest denominator wins.
        let (l, h) = (lo?, hi?);
        for k in 1..=MAX_EXP as u32 {
            // The least multiple of 2^-k strictly above l.
            let scaled = ((l.num as i64) << k) >> l.exp; // floor(l * 2^k)
            let x = Small::from_wide(scaled + 1, k)?;
            if x < h {
                return Some(x);
            }
        }
        None
    }

    pub fn to_dyadic(self) -> Dyadic {
        Dyadic::new(self.num, self.exp as u32)
    }

    /// The number in the fixed width, where it fits (read from the dyadic's machine words,
    /// without making its numerator a big integer).
    pub fn from_dyadic(d: &Dyadic) -> Option<Small> {
        let (num, exp) = d.as_small()?;
        Small::from_wide(num, exp)
    }
}

impl From<Small> for (i32, u8) {
    fn from(x: Small) -> (i32, u8) {
        (x.num, x.exp)
    }
}

impl TryFrom<(i32, u8)> for Small {
    type Error = String;
    fn try_from((num, exp): (i32, u8)) -> Result<Small, String> {
        Small::from_wide(num as i64, exp as u32).ok_or_else(|| format!("{num}/2^{exp} is too fine"))
    }
}

/// The sign-expansion rules of [`hackenbook_games::signs`] run on fixed-width numbers too.
impl Binary for Small {
    fn zero() -> Small {
        Small::ZERO
    }

    fn count(n: u32) -> Option<Small> {
        Some(Small::integer(i32::try_from(n).ok()?))
    }

    fn signum(&self) -> i32 {
        self.num.signum()
    }

    fn checked_add(&self, other: &Small) -> Option<Small> {
        Small::checked_add(*self, *other)
    }

    fn checked_sub(&self, other: &Small) -> Option<Small> {
        Small::checked_sub(*self, *other)
    }

    fn checked_neg(&self) -> Option<Small> {
        Small::checked_neg(*self)
    }

    fn halved(&self, times: u32) -> Option<Small> {
        Small::from_wide(self.num as i64, (self.exp as u32).checked_add(times)?)
    }

    fn floor(&self) -> Option<Small> {
        Small::from_wide(Small::floor(*self), 0)
    }

    fn to_u32(&self) -> Option<u32> {
        (self.exp == 0).then_some(u32::try_from(self.num).ok()?)
    }

    fn exponent(&self) -> u32 {
        self.exp as u32
    }

    fn numerator_bit(&self, i: u32) -> bool {
        i < 32 && (self.num >> i) & 1 == 1
    }
}

impl Ord for Small {
    fn cmp(&self, other: &Small) -> Ordering {
        let (a, b, _) = self.aligned(*other);
        a.cmp(&b)
    }
}

impl PartialOrd for Small {
    fn partial_cmp(&self, other: &Small) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Small {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.exp == 0 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, 1u64 << self.exp)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(text: &str) -> Small {
        Small::from_dyadic(&text.parse().unwrap()).unwrap()
    }

    #[test]
    fn simplest_between_agrees_with_dyadic_on_a_grid() {
        let grid: Vec<Small> = (-40..=40)
            .map(|n| Small::from_wide(n, 3).unwrap())
            .collect();
        let bounds: Vec<Option<Small>> = std::iter::once(None)
            .chain(grid.iter().copied().map(Some))
            .collect();
        for lo in &bounds {
            for hi in &bounds {
                let fast = Small::simplest_between(*lo, *hi).map(Small::to_dyadic);
                let exact = Dyadic::simplest_between(
                    lo.map(Small::to_dyadic).as_ref(),
                    hi.map(Small::to_dyadic).as_ref(),
                );
                assert_eq!(fast, exact, "between {lo:?} and {hi:?}");
            }
        }
    }

    #[test]
    fn sign_expansions_round_trip_and_read_stalks() {
        use hackenbook_games::signs::{colon, from_signs, sign_expansion};
        for n in -200..=200 {
            for e in 0..6 {
                let x = Small::from_wide(n, e).unwrap();
                let expansion = sign_expansion(&x).unwrap();
                assert_eq!(from_signs(expansion.iter().copied()), Some(x), "{x}");
                // The same rules as on exact numbers.
                let exact = sign_expansion(&x.to_dyadic()).unwrap();
                assert_eq!(expansion, exact, "{x}");
                for plus in [true, false] {
                    let by_signs = from_signs::<Dyadic>(std::iter::once(plus).chain(exact.clone()));
                    // Fixed width: the same number, or an overflow when it does not fit.
                    let fits = by_signs.as_ref().and_then(Small::from_dyadic);
                    assert_eq!(colon(plus, &x), fits, "{plus}:{x}");
                }
            }
        }
        assert_eq!(
            from_signs([true, false, true, false, false]),
            Some(s("9/16"))
        );
    }

    #[test]
    fn colon_with_an_edge() {
        use hackenbook_games::signs::colon;
        assert_eq!(colon(true, &s("1")), Some(s("2")));
        assert_eq!(colon(true, &s("-1")), Some(s("1/2")));
        assert_eq!(colon(true, &s("1/2")), Some(s("3/2")));
        assert_eq!(colon(false, &s("2")), Some(s("-1/4")));
        assert_eq!(colon(true, &Small::ZERO), Some(s("1")));
    }

    #[test]
    fn overflow_is_reported_not_wrapped() {
        let big = Small::integer(i32::MAX);
        assert_eq!(big.checked_add(Small::ONE), None);
        let long = std::iter::once(true).chain([false; 40]);
        assert_eq!(hackenbook_games::signs::from_signs::<Small>(long), None);
    }
}
