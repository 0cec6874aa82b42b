//! Dyadic rationals `n / 2^k` of unbounded size: the only numbers a short game can be worth.
//!
//! The one idea: keep the fraction normalised (odd numerator, or exponent zero), so equal values
//! have equal representations and `Eq`/`Hash` are structural.

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};
use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, Mul, Neg, Sub};
use std::str::FromStr;

/// The exact value `num / 2^exp`, always normalised.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Dyadic {
    num: BigInt,
    exp: u32,
}

impl Dyadic {
    pub fn new(num: impl Into<BigInt>, exp: u32) -> Dyadic {
        let mut d = Dyadic {
            num: num.into(),
            exp,
        };
        d.normalise();
        d
    }

    pub fn zero() -> Dyadic {
        Dyadic::new(0, 0)
    }

    pub fn one() -> Dyadic {
        Dyadic::new(1, 0)
    }

    pub fn integer(n: impl Into<BigInt>) -> Dyadic {
        Dyadic::new(n, 0)
    }

    fn normalise(&mut self) {
        if self.num.is_zero() {
            self.exp = 0;
            return;
        }
        let twos = self.num.trailing_zeros().unwrap_or(0).min(self.exp as u64) as u32;
        if twos > 0 {
            self.num >>= twos;
            self.exp -= twos;
        }
    }

    pub fn numerator(&self) -> &BigInt {
        &self.num
    }

    /// The `k` of the denominator `2^k`.
    pub fn exponent(&self) -> u32 {
        self.exp
    }

    pub fn is_zero(&self) -> bool {
        self.num.is_zero()
    }

    pub fn is_integer(&self) -> bool {
        self.exp == 0
    }

    /// -1, 0 or 1.
    pub fn signum(&self) -> i32 {
        if self.num.is_positive() {
            1
        } else if self.num.is_negative() {
            -1
        } else {
            0
        }
    }

    /// Halves the value exactly.
    pub fn half(&self) -> Dyadic {
        Dyadic::new(self.num.clone(), self.exp + 1)
    }

    /// The largest integer not above the value.
    pub fn floor(&self) -> BigInt {
        self.num.div_floor(&(BigInt::one() << self.exp))
    }

    /// The smallest integer not below the value.
    pub fn ceil(&self) -> BigInt {
        -((-self).floor())
    }

    pub fn to_rational(&self) -> BigRational {
        BigRational::new(self.num.clone(), BigInt::one() << self.exp)
    }

    /// `Some` exactly when the rational has a power-of-two denominator.
    pub fn from_rational(r: &BigRational) -> Option<Dyadic> {
        let den = r.denom();
        let bits = den.trailing_zeros().unwrap_or(0);
        if (den >> bits) != BigInt::one() {
            return None;
        }
        Some(Dyadic::new(r.numer().clone(), bits as u32))
    }

    /// An approximation for display purposes only (percentages etc.), never for game logic.
    pub fn to_f64(&self) -> f64 {
        self.to_rational().to_f64().unwrap_or(f64::NAN)
    }

    /// The simplest number strictly between `lo` and `hi`; `None` bounds are infinite.
    /// Returns `None` when the interval is empty (`lo >= hi`).
    pub fn simplest_between(lo: Option<&Dyadic>, hi: Option<&Dyadic>) -> Option<Dyadic> {
        if let (Some(l), Some(h)) = (lo, hi) {
            if l >= h {
                return None;
            }
        }
        let zero = Dyadic::zero();
        let above_lo = |x: &Dyadic| lo.is_none_or(|l| x > l);
        let below_hi = |x: &Dyadic| hi.is_none_or(|h| x < h);
        if above_lo(&zero) && below_hi(&zero) {
            return Some(zero);
        }
        // The interval lies on one side of zero: the integer nearest zero inside it, if any.
        let candidate = match lo {
            Some(l) if l.signum() >= 0 => Dyadic::integer(l.floor() + 1),
            _ => Dyadic::integer(hi.expect("unbounded on both sides contains 0").ceil() - 1),
        };
        if above_lo(&candidate) && below_hi(&candidate) {
            return Some(candidate);
        }
        // Both bounds are finite and within one unit: the fraction with the smallest denominator.
        let (l, h) = (lo.unwrap(), hi.unwrap());
        for k in 1..=l.exp.max(h.exp) + 1 {
            let scaled = Dyadic::new(l.num.clone() << k, l.exp);
            let m = if scaled.is_integer() {
                scaled.num + 1
            } else {
                scaled.floor() + 1
            };
            let x = Dyadic::new(m, k);
            if &x < h {
                return Some(x);
            }
        }
        unreachable!("two distinct dyadics always have a dyadic strictly between them")
    }
}

impl Ord for Dyadic {
    fn cmp(&self, other: &Dyadic) -> Ordering {
        // Signs and equal exponents decide most comparisons without shifting.
        let (sa, sb) = (self.num.sign(), other.num.sign());
        if sa != sb {
            return sa.cmp(&sb);
        }
        if self.exp == other.exp {
            return self.num.cmp(&other.num);
        }
        let e = self.exp.max(other.exp);
        let (shift_a, shift_b) = (e - self.exp, e - other.exp);
        if let (Some(a), Some(b)) = (self.num.to_i64(), other.num.to_i64()) {
            if shift_a < 64 && shift_b < 64 {
                // |a|, |b| < 2^63 and shifts < 64 keep both products inside i128.
                return ((a as i128) << shift_a).cmp(&((b as i128) << shift_b));
            }
        }
        let a = &self.num << shift_a;
        let b = &other.num << shift_b;
        a.cmp(&b)
    }
}

impl PartialOrd for Dyadic {
    fn partial_cmp(&self, other: &Dyadic) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Add for &Dyadic {
    type Output = Dyadic;
    fn add(self, other: &Dyadic) -> Dyadic {
        let e = self.exp.max(other.exp);
        Dyadic::new(
            (&self.num << (e - self.exp)) + (&other.num << (e - other.exp)),
            e,
        )
    }
}

impl Add for Dyadic {
    type Output = Dyadic;
    fn add(self, other: Dyadic) -> Dyadic {
        &self + &other
    }
}

impl Sub for &Dyadic {
    type Output = Dyadic;
    fn sub(self, other: &Dyadic) -> Dyadic {
        self + &(-other)
    }
}

impl Sub for Dyadic {
    type Output = Dyadic;
    fn sub(self, other: Dyadic) -> Dyadic {
        &self - &other
    }
}

impl Mul for &Dyadic {
    type Output = Dyadic;
    fn mul(self, other: &Dyadic) -> Dyadic {
        Dyadic::new(&self.num * &other.num, self.exp + other.exp)
    }
}

impl Neg for &Dyadic {
    type Output = Dyadic;
    fn neg(self) -> Dyadic {
        Dyadic {
            num: -&self.num,
            exp: self.exp,
        }
    }
}

impl Neg for Dyadic {
    type Output = Dyadic;
    fn neg(self) -> Dyadic {
        -&self
    }
}

impl From<i64> for Dyadic {
    fn from(n: i64) -> Dyadic {
        Dyadic::integer(n)
    }
}

impl fmt::Display for Dyadic {
    /// `3/8`, `-1/4`, `2`: the notation CGSuite prints.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.exp == 0 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, BigInt::one() << self.exp)
        }
    }
}

/// Why a number literal was not a dyadic rational.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DyadicParseError(pub String);

impl fmt::Display for DyadicParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for DyadicParseError {}

impl FromStr for Dyadic {
    type Err = DyadicParseError;

    /// Accepts `5`, `-3`, `3/8`, `-1/4`, `0.375`, and the Unicode minus `−`.
    fn from_str(text: &str) -> Result<Dyadic, DyadicParseError> {
        let text = text.trim().replace('\u{2212}', "-");
        let bad = || DyadicParseError(format!("`{text}` is not a number"));
        let (negative, body) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text.as_str()),
        };
        let is_digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        let rational = if let Some((n, d)) = body.split_once('/') {
            if !is_digits(n) || !is_digits(d) {
                return Err(bad());
            }
            let d: BigInt = d.parse().map_err(|_| bad())?;
            if d.is_zero() {
                return Err(DyadicParseError(format!("`{text}` divides by zero")));
            }
            BigRational::new(n.parse().map_err(|_| bad())?, d)
        } else if let Some((i, frac)) = body.split_once('.') {
            if !is_digits(i) || !is_digits(frac) {
                return Err(bad());
            }
            let scale = num_traits::pow(BigInt::from(10), frac.len());
            let whole: BigInt = format!("{i}{frac}").parse().map_err(|_| bad())?;
            BigRational::new(whole, scale)
        } else {
            if !is_digits(body) {
                return Err(bad());
            }
            BigRational::from_integer(body.parse().map_err(|_| bad())?)
        };
        let rational = if negative { -rational } else { rational };
        Dyadic::from_rational(&rational).ok_or_else(|| {
            DyadicParseError(format!(
                "`{text}` is not a dyadic rational (its denominator is not a power of two)"
            ))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> Dyadic {
        s.parse().unwrap()
    }

    #[test]
    fn normalises_and_prints() {
        assert_eq!(Dyadic::new(6, 4).to_string(), "3/8");
        assert_eq!(d("-2/8").to_string(), "-1/4");
        assert_eq!(d("0.375"), d("3/8"));
        assert_eq!(d("4/2").to_string(), "2");
        assert_eq!(d("−1/2"), d("-1/2"));
        assert!("1/3".parse::<Dyadic>().is_err());
        assert!("1/0".parse::<Dyadic>().is_err());
        assert!("x".parse::<Dyadic>().is_err());
    }

    #[test]
    fn order_across_sizes() {
        let big = d("123456789012345678901234567890123/1024");
        assert!(big > d("1/2"));
        assert!(-&big < d("-1/2"));
        assert!(d("-3/8") < d("-1/4"));
        assert!(d("1/4") < d("3/8"));
        let tiny = Dyadic::new(1, 200);
        assert!(tiny > Dyadic::zero() && tiny < Dyadic::new(1, 199));
        assert!(Dyadic::new(i64::MAX, 0) > Dyadic::new(i64::MAX, 63));
        assert_eq!(Dyadic::new(6, 2).cmp(&Dyadic::new(3, 1)), Ordering::Equal);
    }

    #[test]
    fn arithmetic_and_order() {
        assert_eq!(&d("3/8") + &d("1/8"), d("1/2"));
        assert_eq!(&d("1/2") - &d("3/4"), d("-1/4"));
        assert!(d("-1/4") < d("0"));
        assert!(d("5/8") > d("1/2"));
        assert_eq!(d("-3/2").floor(), BigInt::from(-2));
        assert_eq!(d("-3/2").ceil(), BigInt::from(-1));
    }

    #[test]
    fn simplest_between_follows_the_simplicity_rule() {
        let s = |l: Option<&str>, h: Option<&str>| {
            Dyadic::simplest_between(l.map(d).as_ref(), h.map(d).as_ref()).map(|x| x.to_string())
        };
        assert_eq!(s(None, None).unwrap(), "0");
        assert_eq!(s(Some("1/2"), Some("2")).unwrap(), "1");
        assert_eq!(s(Some("0"), None).unwrap(), "1");
        assert_eq!(s(Some("3"), None).unwrap(), "4");
        assert_eq!(s(None, Some("-3/2")).unwrap(), "-2");
        assert_eq!(s(Some("0"), Some("1")).unwrap(), "1/2");
        assert_eq!(s(Some("1/4"), Some("1/2")).unwrap(), "3/8");
        assert_eq!(s(Some("-1"), Some("-1/2")).unwrap(), "-3/4");
        assert_eq!(s(Some("5/16"), Some("3/8")).unwrap(), "11/32");
        assert_eq!(s(Some("-1"), Some("1")).unwrap(), "0");
        assert_eq!(s(Some("1"), Some("1")), None);
    }
}
