//! Dyadic rationals `n / 2^k` of unbounded size: the only numbers a short game can be worth.
//!
//! The one idea: keep the fraction normalised (odd numerator, or exponent zero), so equal values
//! have equal representations and `Eq`/`Hash` are structural; and keep small numerators in a
//! machine word, so the everyday values of games cost no allocation.

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
    repr: Repr,
}

/// Machine words while the numerator fits in an `i64` (the common case: no allocation),
/// a big integer otherwise. Which variant holds a value is determined by the value, so the
/// derived `Eq` and `Hash` stay structural.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
enum Repr {
    Small(i64, u32),
    Big(BigInt, u32),
}

impl Dyadic {
    pub fn new(num: impl Into<BigInt>, exp: u32) -> Dyadic {
        let mut num: BigInt = num.into();
        if num.is_zero() {
            return Dyadic::zero();
        }
        // At most `exp`, a `u32`.
        let twos = num.trailing_zeros().unwrap_or(0).min(exp as u64) as u32;
        if twos > 0 {
            num >>= twos;
        }
        Dyadic::from_normalised(num, exp - twos)
    }

    /// `num / 2^exp` from machine words.
    pub fn from_parts(num: i64, exp: u32) -> Dyadic {
        if num == 0 {
            return Dyadic::zero();
        }
        let twos = num.trailing_zeros().min(exp);
        Dyadic {
            repr: Repr::Small(num >> twos, exp - twos),
        }
    }

    /// From an `i128` numerator (the result of word arithmetic), normalising.
    pub(crate) fn from_i128(num: i128, exp: u32) -> Dyadic {
        if num == 0 {
            return Dyadic::zero();
        }
        let twos = num.trailing_zeros().min(exp);
        let (num, exp) = (num >> twos, exp - twos);
        match i64::try_from(num) {
            Ok(n) => Dyadic {
                repr: Repr::Small(n, exp),
            },
            Err(_) => Dyadic {
                repr: Repr::Big(BigInt::from(num), exp),
            },
        }
    }

    fn from_normalised(num: BigInt, exp: u32) -> Dyadic {
        match num.to_i64() {
            Some(n) => Dyadic {
                repr: Repr::Small(n, exp),
            },
            None => Dyadic {
                repr: Repr::Big(num, exp),
            },
        }
    }

    pub fn zero() -> Dyadic {
        Dyadic {
            repr: Repr::Small(0, 0),
        }
    }

    pub fn one() -> Dyadic {
        Dyadic::from_parts(1, 0)
    }

    pub fn integer(n: impl Into<BigInt>) -> Dyadic {
        Dyadic::new(n, 0)
    }

    /// `(numerator, exponent)` when the numerator fits in an `i64`.
    pub fn as_small(&self) -> Option<(i64, u32)> {
        match self.repr {
            Repr::Small(n, e) => Some((n, e)),
            Repr::Big(..) => None,
        }
    }

    pub fn numerator(&self) -> BigInt {
        match &self.repr {
            Repr::Small(n, _) => BigInt::from(*n),
            Repr::Big(n, _) => n.clone(),
        }
    }

    /// Bytes its numerator holds on the heap (none while it fits in a machine word).
    pub fn digits_bytes(&self) -> usize {
        match &self.repr {
            Repr::Small(..) => 0,
            Repr::Big(n, _) => n.bits().div_ceil(8) as usize,
        }
    }

    /// The `k` of the denominator `2^k`.
    pub fn exponent(&self) -> u32 {
        match self.repr {
            Repr::Small(_, e) | Repr::Big(_, e) => e,
        }
    }

    pub fn is_zero(&self) -> bool {
        matches!(self.repr, Repr::Small(0, _))
    }

    pub fn is_integer(&self) -> bool {
        self.exponent() == 0
    }

    /// -1, 0 or 1.
    pub fn signum(&self) -> i32 {
        match &self.repr {
            Repr::Small(n, _) => n.signum() as i32,
            Repr::Big(n, _) => {
                if n.is_positive() {
                    1
                } else {
                    -1
                }
            }
        }
    }

    /// Halves the value exactly.
    pub fn half(&self) -> Dyadic {
        match &self.repr {
            Repr::Small(n, e) => Dyadic::from_parts(*n, e + 1),
            Repr::Big(n, e) => Dyadic::new(n.clone(), e + 1),
        }
    }

    /// The largest integer not above the value.
    pub fn floor(&self) -> BigInt {
        match &self.repr {
            Repr::Small(n, e) if *e < 64 => BigInt::from(n >> e),
            Repr::Small(n, _) => BigInt::from(if *n < 0 { -1 } else { 0 }),
            Repr::Big(n, e) => n.div_floor(&(BigInt::one() << *e)),
        }
    }

    /// The smallest integer not below the value.
    pub fn ceil(&self) -> BigInt {
        -((-self).floor())
    }

    pub fn to_rational(&self) -> BigRational {
        BigRational::new(self.numerator(), BigInt::one() << self.exponent())
    }

    /// `Some` exactly when the rational has a power-of-two denominator (whose exponent fits
    /// the 32 bits of a dyadic's).
    pub fn from_rational(r: &BigRational) -> Option<Dyadic> {
        let den = r.denom();
        let bits = den.trailing_zeros().unwrap_or(0);
        if (den >> bits) != BigInt::one() {
            return None;
        }
        Some(Dyadic::new(r.numer().clone(), u32::try_from(bits).ok()?))
    }

    /// An approximation for display purposes only (percentages etc.), never for game logic.
    pub fn to_f64(&self) -> f64 {
        self.to_rational().to_f64().unwrap_or(f64::NAN)
    }

    /// The simplest number strictly between `lo` and `hi`; `None` bounds are infinite.
    /// Returns `None` when the interval is empty (`lo >= hi`). In machine words when the
    /// bounds allow ([`simplest_between_words`]; debug builds check it against the general
    /// search).
    pub fn simplest_between(lo: Option<&Dyadic>, hi: Option<&Dyadic>) -> Option<Dyadic> {
        match simplest_between_words(lo, hi) {
            Some(x) => {
                debug_assert_eq!(x, Dyadic::simplest_between_general(lo, hi), "{lo:?} {hi:?}");
                x
            }
            None => Dyadic::simplest_between_general(lo, hi),
        }
    }

    /// [`Dyadic::simplest_between`] on big integers, for any bounds.
    fn simplest_between_general(lo: Option<&Dyadic>, hi: Option<&Dyadic>) -> Option<Dyadic> {
        if let (Some(l), Some(h)) = (lo, hi) {
            if l >= h {
                return None;
            }
        }
        let above_lo = |x: &Dyadic| lo.is_none_or(|l| x > l);
        let below_hi = |x: &Dyadic| hi.is_none_or(|h| x < h);
        let zero = Dyadic::zero();
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
        // Both bounds are finite and within one unit: the fraction with the smallest
        // denominator, which is the first `(floor(lo * 2^k) + 1) / 2^k` below `hi`.
        let (l, h) = (lo.expect("finite"), hi.expect("finite"));
        for k in 1..=l.exponent().max(h.exponent()) + 1 {
            let scaled = Dyadic::new(l.numerator() << k, l.exponent());
            let x = Dyadic::new(scaled.floor() + 1, k);
            if &x < h {
                return Some(x);
            }
        }
        unreachable!("two distinct dyadics always have a dyadic strictly between them")
    }
}

/// [`Dyadic::simplest_between`] in `i128` words, the same search step for step: `Some` when
/// every bound given holds its numerator in an `i64` and both exponents are at most 62, so
/// that the bounds at their common exponent `e`, and the candidates below (an integer
/// shifted by `e`, a bound doubled), stay below `2^127` in size; `None` sends the caller to
/// the general search.
fn simplest_between_words(lo: Option<&Dyadic>, hi: Option<&Dyadic>) -> Option<Option<Dyadic>> {
    let word = |bound: Option<&Dyadic>| match bound {
        None => Some(None),
        Some(x) => x.as_small().map(Some),
    };
    let (lo, hi) = (word(lo)?, word(hi)?);
    let e = lo.map_or(0, |(_, x)| x).max(hi.map_or(0, |(_, x)| x));
    if e > 62 {
        return None;
    }
    // The bounds as numerators over 2^e.
    let scaled = |bound: Option<(i64, u32)>| bound.map(|(n, x)| i128::from(n) << (e - x));
    Some(simplest_between_scaled(scaled(lo), scaled(hi), e))
}

/// [`Dyadic::simplest_between`] for the bounds `lo / 2^e` and `hi / 2^e` given by their
/// numerators (`None`: unbounded), for `e <= 62` and numerators at most `2^125` in size, so
/// that the candidates (an integer shifted by `e`, a bound doubled) stay below `2^127`.
pub(crate) fn simplest_between_scaled(
    lo: Option<i128>,
    hi: Option<i128>,
    e: u32,
) -> Option<Dyadic> {
    const LIMIT: i128 = 1 << 125;
    debug_assert!(
        e <= 62
            && [lo, hi]
                .iter()
                .flatten()
                .all(|x| -LIMIT <= *x && *x <= LIMIT)
    );
    if let (Some(l), Some(h)) = (lo, hi) {
        if l >= h {
            return None;
        }
    }
    let inside = |x: i128| lo.is_none_or(|l| x > l) && hi.is_none_or(|h| x < h);
    if inside(0) {
        return Some(Dyadic::zero());
    }
    // The interval lies on one side of zero: the integer nearest zero inside it, if any.
    let candidate = match lo {
        Some(l) if l >= 0 => (l >> e) + 1,
        _ => -((-hi?) >> e) - 1,
    };
    if inside(candidate << e) {
        return Some(Dyadic::from_i128(candidate, 0));
    }
    // Within one unit: the first `(floor(lo * 2^k) + 1) / 2^k` below `hi`.
    let (l, h) = (lo?, hi?);
    for k in 1..=e {
        let x = (l >> (e - k)) + 1;
        if x << (e - k) < h {
            return Some(Dyadic::from_i128(x, k));
        }
    }
    // k = e + 1: `lo * 2^(e+1)` is `l` doubled, an integer.
    let x = 2 * l + 1;
    (x < 2 * h).then(|| Dyadic::from_i128(x, e + 1))
}

/// Both operands as words, aligned to a common exponent `e` with shifts of at most 62 bits,
/// so that sums and comparisons of the shifted numerators cannot overflow an `i128`.
fn aligned(a: &Dyadic, b: &Dyadic) -> Option<(i128, i128, u32)> {
    let (Repr::Small(x, ex), Repr::Small(y, ey)) = (&a.repr, &b.repr) else {
        return None;
    };
    let e = (*ex).max(*ey);
    let (sx, sy) = (e - ex, e - ey);
    if sx > 62 || sy > 62 {
        return None;
    }
    Some(((*x as i128) << sx, (*y as i128) << sy, e))
}

impl Ord for Dyadic {
    fn cmp(&self, other: &Dyadic) -> Ordering {
        if let Some((x, y, _)) = aligned(self, other) {
            return x.cmp(&y);
        }
        let (sa, sb) = (self.signum(), other.signum());
        if sa != sb {
            return sa.cmp(&sb);
        }
        let e = self.exponent().max(other.exponent());
        let a = self.numerator() << (e - self.exponent());
        let b = other.numerator() << (e - other.exponent());
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
        if let Some((x, y, e)) = aligned(self, other) {
            return Dyadic::from_i128(x + y, e);
        }
        let e = self.exponent().max(other.exponent());
        Dyadic::new(
            (self.numerator() << (e - self.exponent()))
                + (other.numerator() << (e - other.exponent())),
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
        if let (Repr::Small(x, ex), Repr::Small(y, ey)) = (&self.repr, &other.repr) {
            return Dyadic::from_i128(*x as i128 * *y as i128, ex + ey);
        }
        Dyadic::new(
            self.numerator() * other.numerator(),
            self.exponent() + other.exponent(),
        )
    }
}

impl Neg for &Dyadic {
    type Output = Dyadic;
    fn neg(self) -> Dyadic {
        match &self.repr {
            Repr::Small(n, e) => match n.checked_neg() {
                Some(m) => Dyadic {
                    repr: Repr::Small(m, *e),
                },
                None => Dyadic::new(-BigInt::from(*n), *e),
            },
            Repr::Big(n, e) => Dyadic::from_normalised(-n, *e),
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
        Dyadic::from_parts(n, 0)
    }
}

impl fmt::Display for Dyadic {
    /// `3/8`, `-1/4`, `2`: the notation CGSuite prints.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.repr {
            Repr::Small(n, 0) => write!(f, "{n}"),
            Repr::Small(n, e) if *e < 64 => write!(f, "{n}/{}", 1u64 << e),
            _ if self.is_integer() => write!(f, "{}", self.numerator()),
            _ => write!(
                f,
                "{}/{}",
                self.numerator(),
                BigInt::one() << self.exponent()
            ),
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

/// A whole number written with a leading zero (`021`, `0,021`, `00`) is refused wherever a
/// number is read: some readers take it for another number, and it is most often a slip. The
/// message, with the number as it should be written, or `None` when `digits` (ASCII digits,
/// thousands separators allowed) has no leading zero.
pub fn leading_zero(digits: &str) -> Option<String> {
    let plain: String = digits.chars().filter(char::is_ascii_digit).collect();
    if !plain.starts_with('0') || digits == "0" {
        return None;
    }
    let meant = plain.trim_start_matches('0');
    let meant = if meant.is_empty() { "0" } else { meant };
    Some(match digits.split_once(',') {
        // `0,021` may be a decimal comma: say how each is written.
        Some((head, tail)) => format!(
            "`{digits}` has a leading zero: write `{meant}` for a whole number, `{head}.{}` for \
             a decimal (with a point)",
            tail.replace(',', "")
        ),
        None => format!("`{digits}` has a leading zero: write `{meant}`"),
    })
}

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
        let whole = |s: &str| match leading_zero(s) {
            Some(message) => Err(DyadicParseError(message)),
            None => Ok(()),
        };
        let rational = if let Some((n, d)) = body.split_once('/') {
            if !is_digits(n) || !is_digits(d) {
                return Err(bad());
            }
            whole(n)?;
            whole(d)?;
            let d: BigInt = d.parse().map_err(|_| bad())?;
            if d.is_zero() {
                return Err(DyadicParseError(format!("`{text}` divides by zero")));
            }
            BigRational::new(n.parse().map_err(|_| bad())?, d)
        } else if let Some((i, frac)) = body.split_once('.') {
            if !is_digits(i) || !is_digits(frac) {
                return Err(bad());
            }
            whole(i)?;
            let scale = num_traits::pow(BigInt::from(10), frac.len());
            let whole: BigInt = format!("{i}{frac}").parse().map_err(|_| bad())?;
            BigRational::new(whole, scale)
        } else {
            if !is_digits(body) {
                return Err(bad());
            }
            whole(body)?;
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
        for slip in ["021", "00", "03/8", "3/08", "00.5", "-07"] {
            let e = slip.parse::<Dyadic>().unwrap_err();
            assert!(e.0.contains("leading zero"), "{slip}: {e}");
        }
        assert_eq!(d("0.5"), d("1/2"));
        assert_eq!(d("0"), Dyadic::zero());
        assert_eq!(d("0/4"), Dyadic::zero());
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

    /// The simplest number between two bounds, in machine words, against the general search on
    /// big integers: bounds of every sign, near one another and far apart, up to the words'
    /// limits (numerators near `i64::MAX`, exponents 62 and 63), and unbounded sides.
    #[test]
    fn simplest_between_in_words_agrees_with_the_general_search() {
        let mut bounds: Vec<Option<Dyadic>> = vec![None];
        let numerators = [
            0i64,
            1,
            -1,
            3,
            -5,
            7,
            255,
            -1023,
            i64::MAX,
            i64::MIN,
            i64::MAX - 2,
        ];
        for &n in &numerators {
            for e in [0u32, 1, 2, 3, 5, 10, 31, 61, 62, 63] {
                bounds.push(Some(Dyadic::new(n, e)));
            }
        }
        let mut words = 0;
        for lo in &bounds {
            for hi in &bounds {
                let general = Dyadic::simplest_between_general(lo.as_ref(), hi.as_ref());
                if let Some(fast) = simplest_between_words(lo.as_ref(), hi.as_ref()) {
                    assert_eq!(fast, general, "between {lo:?} and {hi:?}");
                    words += 1;
                }
                assert_eq!(Dyadic::simplest_between(lo.as_ref(), hi.as_ref()), general);
            }
        }
        // Most pairs are in words; those with an exponent of 63 are not.
        assert!(words > bounds.len() * bounds.len() / 2, "{words}");
    }

    #[test]
    fn words_and_big_integers_agree() {
        // Values on both sides of the i64 boundary, compared with exact rationals.
        let edge = [
            Dyadic::new(i64::MAX, 0),
            Dyadic::new(i64::MIN, 0),
            Dyadic::new(i64::MAX, 3),
            Dyadic::new(BigInt::from(i64::MAX) + 1, 0),
            Dyadic::new(BigInt::from(i64::MIN) - 1, 5),
            Dyadic::new(1, 70),
            Dyadic::new(-3, 2),
            Dyadic::zero(),
        ];
        for a in &edge {
            assert_eq!(-&(-a), *a);
            assert_eq!(Dyadic::from_rational(&a.to_rational()).as_ref(), Some(a));
            for b in &edge {
                let (ra, rb) = (a.to_rational(), b.to_rational());
                assert_eq!((a + b).to_rational(), &ra + &rb, "{a} + {b}");
                assert_eq!((a - b).to_rational(), &ra - &rb, "{a} - {b}");
                assert_eq!((a * b).to_rational(), &ra * &rb, "{a} * {b}");
                assert_eq!(a.cmp(b), ra.cmp(&rb), "{a} vs {b}");
            }
        }
        // i64::MIN has no i64 negative: the result is promoted, and normalised back.
        let m = Dyadic::new(i64::MIN, 0);
        assert_eq!((-&m).to_string(), "9223372036854775808");
        assert_eq!(&(-&m) + &m, Dyadic::zero());
        assert_eq!(
            Dyadic::new(BigInt::from(i64::MAX) + 1, 0) - Dyadic::from(1),
            Dyadic::new(i64::MAX, 0)
        );
        assert_eq!(Dyadic::new(1, 70).floor(), BigInt::from(0));
        assert_eq!(Dyadic::new(-1, 70).floor(), BigInt::from(-1));
        assert_eq!(
            Dyadic::new(1, 70).to_string(),
            format!("1/{}", BigInt::one() << 70)
        );
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
