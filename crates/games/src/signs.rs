//! Sign expansions: a number written as a string of signs, and ordinal sums that join strings.
//!
//! The one idea: every dyadic number has exactly one sign expansion (Conway's), a finite string
//! of `+` and `−` — the blue-red stalk worth it, read from the ground — which Berlekamp's rule
//! reads back: the first run of equal signs counts whole units, and every later sign counts half
//! as much as the one before. The ordinal sum `x : y` of two numbers is the number whose string
//! is `x`'s followed by `y`'s. Each rule is written here once, over a [`Binary`] number type:
//! the exact [`Dyadic`], or the census's fixed-width numbers, whose every step may overflow
//! (`None`) and so send the caller to the exact type — never to a wrong answer.

use super::Dyadic;
use num_traits::ToPrimitive;

/// What the sign-expansion rules need of a number type. Every operation may refuse (`None`)
/// when the result does not fit; the exact type never refuses.
pub trait Binary: Sized + Clone + PartialOrd {
    fn zero() -> Self;
    /// The integer `n`, if it fits.
    fn count(n: u32) -> Option<Self>;
    /// -1, 0 or 1.
    fn signum(&self) -> i32;
    fn checked_add(&self, other: &Self) -> Option<Self>;
    fn checked_sub(&self, other: &Self) -> Option<Self>;
    fn checked_neg(&self) -> Option<Self>;
    /// The value divided by `2^times`.
    fn halved(&self, times: u32) -> Option<Self>;
    /// The largest integer not above the value.
    fn floor(&self) -> Option<Self>;
    /// A non-negative integer as a machine count.
    fn to_u32(&self) -> Option<u32>;
    /// The `k` of the denominator `2^k` (the number of binary places).
    fn exponent(&self) -> u32;
    /// Bit `i` of the numerator over `2^exponent`; for a non-negative number, bits below the
    /// exponent are the binary places.
    fn numerator_bit(&self, i: u32) -> bool;
}

impl Binary for Dyadic {
    fn zero() -> Dyadic {
        Dyadic::zero()
    }

    fn count(n: u32) -> Option<Dyadic> {
        Some(Dyadic::integer(n))
    }

    fn signum(&self) -> i32 {
        Dyadic::signum(self)
    }

    fn checked_add(&self, other: &Dyadic) -> Option<Dyadic> {
        Some(self + other)
    }

    fn checked_sub(&self, other: &Dyadic) -> Option<Dyadic> {
        Some(self - other)
    }

    fn checked_neg(&self) -> Option<Dyadic> {
        Some(-self)
    }

    fn halved(&self, times: u32) -> Option<Dyadic> {
        let exp = self.exponent().checked_add(times)?;
        Some(match self.as_small() {
            Some((n, _)) => Dyadic::from_parts(n, exp),
            None => Dyadic::new(self.numerator(), exp),
        })
    }

    fn floor(&self) -> Option<Dyadic> {
        Some(Dyadic::integer(Dyadic::floor(self)))
    }

    fn to_u32(&self) -> Option<u32> {
        if !self.is_integer() {
            return None;
        }
        match self.as_small() {
            Some((n, _)) => u32::try_from(n).ok(),
            None => self.numerator().to_u32(),
        }
    }

    fn exponent(&self) -> u32 {
        Dyadic::exponent(self)
    }

    fn numerator_bit(&self, i: u32) -> bool {
        match self.as_small() {
            Some((n, _)) => i < 64 && (n >> i) & 1 == 1,
            None => self.numerator().bit(u64::from(i)),
        }
    }
}

/// The value of a string of signs (`true` for `+`, blue), read by Berlekamp's rule. `None` when
/// the number type overflows.
pub fn from_signs<N: Binary>(signs: impl IntoIterator<Item = bool>) -> Option<N> {
    let mut signs = signs.into_iter().peekable();
    let Some(&first) = signs.peek() else {
        return Some(N::zero());
    };
    let mut whole = 0u32;
    while signs.next_if_eq(&first).is_some() {
        whole = whole.checked_add(1)?;
    }
    let mut value = N::count(whole)?;
    if !first {
        value = value.checked_neg()?;
    }
    let mut places = 0u32;
    for plus in signs {
        places = places.checked_add(1)?;
        let step = N::count(1)?.halved(places)?;
        value = if plus {
            value.checked_add(&step)?
        } else {
            value.checked_sub(&step)?
        };
    }
    Some(value)
}

/// The sign expansion of `x` as runs of equal signs, `(is_plus, length)`, from the first sign.
///
/// For `x = n + 0.b1..bk` (`n ≥ 0`, `bk = 1`): `n + 1` pluses, one minus, then for each of
/// `b1..b(k-1)` a plus for 1 and a minus for 0. An integer is a single run; a negative number
/// mirrors its negation.
pub fn sign_runs<N: Binary>(x: &N) -> Option<Vec<(bool, N)>> {
    if x.signum() < 0 {
        let runs = sign_runs(&x.checked_neg()?)?;
        return Some(runs.into_iter().map(|(plus, n)| (!plus, n)).collect());
    }
    let one = N::count(1)?;
    let mut runs: Vec<(bool, N)> = Vec::new();
    let mut push = |plus: bool, n: N| -> Option<()> {
        if n.signum() == 0 {
            return Some(());
        }
        match runs.last_mut() {
            Some((p, m)) if *p == plus => *m = m.checked_add(&n)?,
            _ => runs.push((plus, n)),
        }
        Some(())
    };
    let whole = x.floor()?;
    let places = x.exponent();
    if places == 0 {
        push(true, whole)?;
        return Some(runs);
    }
    push(true, whole.checked_add(&one)?)?;
    push(false, one.clone())?;
    for bit in (1..places).rev() {
        push(x.numerator_bit(bit), one.clone())?;
    }
    Some(runs)
}

/// The sign expansion of `x`, one sign per edge of its stalk (`None` if it is too long to list).
pub fn sign_expansion<N: Binary>(x: &N) -> Option<Vec<bool>> {
    let mut signs = Vec::new();
    for (plus, n) in sign_runs(x)? {
        let n = n.to_u32()? as usize;
        signs.extend(std::iter::repeat_n(plus, n));
    }
    Some(signs)
}

/// `count` equal signs put in front of the sign expansion of `y`: the ordinal sum of a stalk of
/// `count` blue (`plus`) or red edges with the number `y`. Closed form, without walking `y`'s
/// signs: in front of an expansion that is empty or starts with `+`, pluses only lengthen the
/// first run (`y + count`); in front of one that starts with `k` minuses, one plus turns those
/// minuses into halving steps (`(y + k + 1) / 2^k`, with `k = −⌊y⌋`), and the rest add units.
pub fn prefix<N: Binary>(plus: bool, count: &N, y: &N) -> Option<N> {
    if !plus {
        return prefix(true, count, &y.checked_neg()?)?.checked_neg();
    }
    if count.signum() <= 0 {
        return Some(y.clone());
    }
    if y.signum() >= 0 {
        return y.checked_add(count);
    }
    let one = N::count(1)?;
    let k = y.floor()?.checked_neg()?;
    let first = y.checked_add(&k)?.checked_add(&one)?.halved(k.to_u32()?)?;
    first.checked_add(&count.checked_sub(&one)?)
}

/// The ordinal sum `e : y` of one edge (`+1` for blue, `−1` for red) with a number `y`.
pub fn colon<N: Binary>(plus: bool, y: &N) -> Option<N> {
    prefix(plus, &N::count(1)?, y)
}

/// The ordinal sum `x : y` of two numbers: `y`'s sign expansion after `x`'s.
pub fn ordinal_sum<N: Binary>(x: &N, y: &N) -> Option<N> {
    let mut value = y.clone();
    for (plus, count) in sign_runs(x)?.iter().rev() {
        value = prefix(*plus, count, &value)?;
    }
    Some(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> Dyadic {
        s.parse().unwrap()
    }

    fn text(signs: &[bool]) -> String {
        signs.iter().map(|&p| if p { '+' } else { '-' }).collect()
    }

    #[test]
    fn sign_expansions_of_known_numbers() {
        for (value, signs) in [
            ("0", ""),
            ("3", "+++"),
            ("-2", "--"),
            ("1/2", "+-"),
            ("3/8", "+--+"),
            ("-3/2", "--+"),
            ("9/16", "+-+--"),
            ("77/128", "+-+--++-"),
        ] {
            let expansion = sign_expansion(&d(value)).unwrap();
            assert_eq!(text(&expansion), signs, "{value}");
            assert_eq!(from_signs::<Dyadic>(expansion), Some(d(value)), "{value}");
        }
    }

    #[test]
    fn runs_of_small_numbers() {
        let show = |s: &str| {
            sign_runs(&d(s))
                .unwrap()
                .into_iter()
                .map(|(p, n)| format!("{}{}", if p { '+' } else { '-' }, n))
                .collect::<Vec<_>>()
                .join(" ")
        };
        assert_eq!(show("3/8"), "+1 -2 +1");
        assert_eq!(show("-1/4"), "-1 +2");
        assert_eq!(show("3"), "+3");
        assert_eq!(show("0"), "");
        assert_eq!(show("9/16"), "+1 -1 +1 -2");
    }

    #[test]
    fn expansions_round_trip_and_prefixes_concatenate() {
        for num in -90..=90 {
            for exp in 0..5 {
                let x = Dyadic::new(num, exp);
                let signs = sign_expansion(&x).unwrap();
                assert_eq!(from_signs::<Dyadic>(signs.iter().copied()), Some(x.clone()));
                for plus in [true, false] {
                    let longer = std::iter::once(plus).chain(signs.iter().copied());
                    assert_eq!(colon(plus, &x), from_signs(longer), "{plus}:{x}");
                    let three = std::iter::repeat_n(plus, 3).chain(signs.iter().copied());
                    let count = Dyadic::integer(3);
                    assert_eq!(prefix(plus, &count, &x), from_signs(three), "{plus}³:{x}");
                }
            }
        }
    }

    #[test]
    fn ordinal_sums_of_numbers_concatenate_sign_expansions() {
        let o = |a: &str, b: &str| ordinal_sum(&d(a), &d(b)).unwrap().to_string();
        assert_eq!(o("1", "1"), "2");
        assert_eq!(o("1", "-1"), "1/2");
        assert_eq!(o("1/2", "-1"), "1/4");
        assert_eq!(o("1/4", "1"), "3/8");
        assert_eq!(o("0", "3/8"), "3/8");
        assert_eq!(o("-1", "2"), "-1/4");
        assert_eq!(o("3", "-3"), "17/8");
        assert_eq!(o("1/2", "3/8"), "19/32"); // +- then +--+
        for a in -20..=20 {
            for b in -20..=20 {
                let (x, y) = (Dyadic::new(a, 2), Dyadic::new(b, 1));
                let joined = sign_expansion(&x)
                    .unwrap()
                    .into_iter()
                    .chain(sign_expansion(&y).unwrap());
                assert_eq!(ordinal_sum(&x, &y), from_signs(joined), "{x} : {y}");
            }
        }
    }

    #[test]
    fn huge_runs_stay_exact() {
        let big = Dyadic::integer(num_bigint::BigInt::from(1u8) << 100);
        assert_eq!(
            ordinal_sum(&big, &Dyadic::one()),
            Some(&big + &Dyadic::one())
        );
        assert_eq!(
            ordinal_sum(&Dyadic::one(), &big),
            Some(&big + &Dyadic::one())
        );
    }
}
