//! Number + up-multiple + nimber values ("nus"), held as three numbers instead of option trees.
//!
//! The one idea: every game of the form `x + n.^ + *m` (x a dyadic number) has a canonical form
//! that is a fixed, shallow pattern of other such games, so sums, negations and comparisons of
//! these values reduce to arithmetic on `(x, n, m)`, and their options can be produced on demand.

use super::dyadic::Dyadic;
use super::player::Player;
use std::cmp::Ordering;

/// `number + ups.^ + *nim`; `ups` may be negative (downs).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Nus {
    pub number: Dyadic,
    pub ups: i64,
    pub nim: u32,
}

impl Nus {
    pub fn new(number: Dyadic, ups: i64, nim: u32) -> Nus {
        Nus { number, ups, nim }
    }

    pub fn of_number(number: Dyadic) -> Nus {
        Nus::new(number, 0, 0)
    }

    pub fn zero() -> Nus {
        Nus::of_number(Dyadic::zero())
    }

    pub fn is_number(&self) -> bool {
        self.ups == 0 && self.nim == 0
    }

    pub fn add(&self, other: &Nus) -> Nus {
        Nus::new(
            &self.number + &other.number,
            self.ups + other.ups,
            self.nim ^ other.nim,
        )
    }

    /// Nimbers are their own negatives; numbers and ups change sign.
    pub fn neg(&self) -> Nus {
        Nus::new(-&self.number, -self.ups, self.nim)
    }

    /// The same value with the number part removed: the infinitesimal `ups.^ + *nim`.
    pub fn infinitesimal(&self) -> Nus {
        Nus::new(Dyadic::zero(), self.ups, self.nim)
    }

    /// `self <= other`. Numbers dominate; on equal numbers, `n.^ + *m >= 0` exactly when
    /// `n >= 2`, or `n == 1` and `m != 1`, or `n == 0` and `m == 0`.
    pub fn leq(&self, other: &Nus) -> bool {
        match self.number.cmp(&other.number) {
            Ordering::Less => true,
            Ordering::Greater => false,
            Ordering::Equal => self.infinitesimal_leq(other),
        }
    }

    /// `self <= other` judged on ups and nimbers only (the numbers being equal).
    pub fn infinitesimal_leq(&self, other: &Nus) -> bool {
        let ups = other.ups - self.ups;
        let nim = self.nim ^ other.nim;
        ups >= 2 || (ups == 1 && nim != 1) || (ups == 0 && nim == 0)
    }

    /// The canonical options `(left, right)`.
    ///
    /// - numbers: `n = {n-1 |}`, `-n = {| -n+1}`, `m/2^k = {(m-1)/2^k | (m+1)/2^k}`;
    /// - `x + *m = {x + *j | x + *j}` for `j < m`;
    /// - `x + ^* = {x, x* | x}`, otherwise for `n >= 1`: `x + n.^ + *m = {x | x + (n-1).^ + *(m^1)}`;
    /// - downs mirror ups.
    pub fn options(&self) -> (Vec<Nus>, Vec<Nus>) {
        let (mut left, mut right) = (Vec::new(), Vec::new());
        self.for_each_option(|player, v| match player {
            Player::Left => left.push(v),
            Player::Right => right.push(v),
        });
        (left, right)
    }

    /// Gives each canonical option ([`Nus::options`]) to `f` with the player who moves to it,
    /// every left option before the right ones, without building lists.
    pub fn for_each_option(&self, mut f: impl FnMut(Player, Nus)) {
        self.for_each_option_parts(|player, number, ups, nim| {
            f(player, Nus::new(number.clone(), ups, nim))
        });
    }

    /// [`Nus::for_each_option`] giving each option as its parts `(number, ups, nim)`, the
    /// number borrowed (the value's own, unless the value is a number): an option that is
    /// only looked up is never made.
    #[inline]
    pub fn for_each_option_parts(&self, mut f: impl FnMut(Player, &Dyadic, i64, u32)) {
        let x = &self.number;
        if self.is_number() {
            return number_options(x, |player, y| f(player, &y, 0, 0));
        }
        if self.ups == 0 {
            for player in Player::BOTH {
                for j in 0..self.nim {
                    f(player, x, 0, j);
                }
            }
            return;
        }
        if self.ups == 1 && self.nim == 1 {
            f(Player::Left, x, 0, 0);
            f(Player::Left, x, 0, 1);
            return f(Player::Right, x, 0, 0);
        }
        if self.ups == -1 && self.nim == 1 {
            f(Player::Left, x, 0, 0);
            f(Player::Right, x, 0, 0);
            return f(Player::Right, x, 0, 1);
        }
        let toward_zero = self.ups - self.ups.signum();
        if self.ups > 0 {
            f(Player::Left, x, 0, 0);
            f(Player::Right, x, toward_zero, self.nim ^ 1);
        } else {
            f(Player::Left, x, toward_zero, self.nim ^ 1);
            f(Player::Right, x, 0, 0);
        }
    }
}

/// Canonical options of a number, as described in [`Nus::options`], given to `f`.
fn number_options(x: &Dyadic, mut f: impl FnMut(Player, Dyadic)) {
    if x.is_integer() {
        let one = Dyadic::one();
        match x.signum() {
            0 => {}
            1 => f(Player::Left, x - &one),
            _ => f(Player::Right, x + &one),
        }
        return;
    }
    let step = Dyadic::from_parts(1, x.exponent());
    f(Player::Left, x - &step);
    f(Player::Right, x + &step);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(x: i64, ups: i64, nim: u32) -> Nus {
        Nus::new(Dyadic::from(x), ups, nim)
    }

    #[test]
    fn order_of_infinitesimals() {
        assert!(n(0, 0, 0).leq(&n(0, 1, 0))); // 0 <= ^
        assert!(!n(0, 0, 0).leq(&n(0, 1, 1))); // ^* is confused with 0
        assert!(!n(0, 1, 1).leq(&n(0, 0, 0)));
        assert!(n(0, 0, 0).leq(&n(0, 2, 1))); // ^^* > 0
        assert!(!n(0, 0, 0).leq(&n(0, 0, 1))); // * || 0
        assert!(n(0, 5, 3).leq(&n(1, -9, 0))); // numbers dominate
    }

    #[test]
    fn options_follow_the_patterns() {
        let (l, r) = n(0, 1, 0).options(); // ^ = {0 | *}
        assert_eq!((l, r), (vec![n(0, 0, 0)], vec![n(0, 0, 1)]));
        let (l, r) = n(0, 2, 0).options(); // ^^ = {0 | ^*}
        assert_eq!((l, r), (vec![n(0, 0, 0)], vec![n(0, 1, 1)]));
        let (l, r) = n(0, -1, 1).options(); // v* = {0 | 0, *}
        assert_eq!((l, r), (vec![n(0, 0, 0)], vec![n(0, 0, 0), n(0, 0, 1)]));
        let (l, r) = Nus::of_number("3/8".parse().unwrap()).options();
        assert_eq!(l[0].number.to_string(), "1/4");
        assert_eq!(r[0].number.to_string(), "1/2");
        let (l, r) = n(-2, 0, 0).options();
        assert!(l.is_empty());
        assert_eq!(r, vec![n(-1, 0, 0)]);
    }
}
