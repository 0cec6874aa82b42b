//! Fixed-width dyadic numbers for the census's inner loop.
//!
//! The one idea: every value a census can meet fits in a 32-bit numerator over `2^exp`
//! (a forest of at most 16 edges is worth at most 16 in size, with a denominator of at most
//! `2^15`), so the hot loop never allocates; every operation is checked, and an overflow is an
//! error that sends the caller to the exact, unbounded [`Dyadic`] — never a wrong answer.

use crate::games::Dyadic;
use num_traits::ToPrimitive;
use std::cmp::Ordering;
use std::fmt;

/// Largest exponent kept; 2^30 still leaves room to align two numerators in an `i64`.
const MAX_EXP: u8 = 30;

/// `num / 2^exp`, normalised (odd numerator, or exponent zero), so equality is structural.
#[derive(
    Clone, Copy, PartialEq, Eq, Hash, Debug, Default, serde::Serialize, serde::Deserialize,
)]
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
            exp: exp as u8,
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

    /// The signs `+1`/`-1` of the sign expansion: the unique Hackenbush stalk worth this value.
    pub fn sign_expansion(self) -> Vec<i8> {
        let sign: i8 = if self.num < 0 { -1 } else { 1 };
        let magnitude = (self.num as i64).abs();
        let whole = magnitude >> self.exp;
        let mut signs = Vec::new();
        if self.exp == 0 {
            signs.resize(whole as usize, sign);
            return signs;
        }
        // n + 0.b1..bk with bk = 1: n+1 signs, one reversal, then b1..b(k-1).
        signs.resize(whole as usize + 1, sign);
        signs.push(-sign);
        for bit in (1..self.exp).rev() {
            let b = (magnitude >> bit) & 1;
            signs.push(if b == 1 { sign } else { -sign });
        }
        signs
    }

    /// Berlekamp's rule: the first run of equal signs counts whole units, every later sign
    /// half as much as the one before. `None` on overflow.
    pub fn from_signs(signs: impl IntoIterator<Item = i8>) -> Option<Small> {
        let mut signs = signs.into_iter().peekable();
        let Some(&first) = signs.peek() else {
            return Some(Small::ZERO);
        };
        let mut num: i64 = 0;
        let mut exp: u32 = 0;
        let mut in_first_run = true;
        for s in signs {
            if in_first_run && s == first {
                num += s as i64;
                continue;
            }
            in_first_run = false;
            exp += 1;
            if exp > MAX_EXP as u32 {
                return None;
            }
            num = 2 * num + s as i64;
        }
        Small::from_wide(num, exp)
    }

    /// The ordinal sum `e : x` of a single edge worth `sign` (±1) with a number `x`: the
    /// number whose sign expansion is `sign` followed by that of `x`.
    pub fn colon(sign: i8, x: Small) -> Option<Small> {
        Small::from_signs(std::iter::once(sign).chain(x.sign_expansion()))
    }

    pub fn to_dyadic(self) -> Dyadic {
        Dyadic::new(self.num, self.exp as u32)
    }

    pub fn from_dyadic(d: &Dyadic) -> Option<Small> {
        Small::from_wide(d.numerator().to_i64()?, d.exponent())
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
        for n in -200..=200 {
            for e in 0..6 {
                let x = Small::from_wide(n, e).unwrap();
                assert_eq!(Small::from_signs(x.sign_expansion()), Some(x), "{x}");
            }
        }
        assert_eq!(s("3/8").sign_expansion(), vec![1, -1, -1, 1]);
        assert_eq!(s("-2").sign_expansion(), vec![-1, -1]);
        assert_eq!(Small::from_signs([1, -1, 1, -1, -1]), Some(s("9/16")));
    }

    #[test]
    fn colon_with_an_edge() {
        assert_eq!(Small::colon(1, s("1")), Some(s("2")));
        assert_eq!(Small::colon(1, s("-1")), Some(s("1/2")));
        assert_eq!(Small::colon(1, s("1/2")), Some(s("3/2")));
        assert_eq!(Small::colon(-1, s("2")), Some(s("-1/4")));
        assert_eq!(Small::colon(1, Small::ZERO), Some(s("1")));
    }

    #[test]
    fn overflow_is_reported_not_wrapped() {
        let big = Small::integer(i32::MAX);
        assert_eq!(big.checked_add(Small::ONE), None);
        assert_eq!(Small::from_signs(std::iter::once(1).chain([-1; 40])), None);
    }
}
