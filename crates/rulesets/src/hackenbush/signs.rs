//! Sign expansions: a blue-red stalk *is* its value written in signs.
//!
//! The one idea (Berlekamp's rule): reading a stalk from the ground, each blue edge is `+` and
//! each red edge `−`; the edges up to the first change of colour are worth 1 each, and from the
//! first change on each edge is worth half the one below it. Conversely every dyadic has exactly
//! one sign expansion. Because the sign expansion of an ordinal sum of numbers is the
//! concatenation of the sign expansions, a blue-red tree is worth `(±1) : (forest above)`, which
//! gives every blue-red forest its value without building a game. The rules on numbers are
//! [`hackenbook_games::signs`]'s; here they meet edges and positions.

use super::position::Position;
use super::Colour;
use hackenbook_games::{signs, Dyadic};

/// A blue (`+`) or red (`−`) edge's sign; `None` for green.
fn sign(c: Colour) -> Option<bool> {
    match c {
        Colour::Blue => Some(true),
        Colour::Red => Some(false),
        Colour::Green => None,
    }
}

/// The value of a blue-red stalk read from the ground up (`None` if it has a green edge).
pub fn stalk_value(colours: &[Colour]) -> Option<Dyadic> {
    let stalk = colours
        .iter()
        .map(|&c| sign(c))
        .collect::<Option<Vec<bool>>>()?;
    signs::from_signs(stalk)
}

/// The sign expansion of `x` as stalk colours (blue `+`, red `−`), from the ground up.
pub fn sign_expansion(x: &Dyadic) -> Vec<Colour> {
    let expansion = signs::sign_expansion(x).expect("a stalk short enough to hold in memory");
    expansion
        .into_iter()
        .map(|plus| if plus { Colour::Blue } else { Colour::Red })
        .collect()
}

/// The ordinal sum `(±1) : x` of a trunk (blue `+1`, red `−1`) and a number `x` standing on it:
/// the number whose sign expansion is the trunk's sign followed by the sign expansion of `x`
/// (`None` for a green trunk, or a number too long to write out).
pub fn colon(trunk: Colour, x: &Dyadic) -> Option<Dyadic> {
    signs::colon(sign(trunk)?, x)
}

/// The value of a blue-red forest by the tree rule, one closed-form step per edge (`None` if the
/// position has a cycle or a green edge).
pub fn forest_value(p: &Position) -> Option<Dyadic> {
    if !p.is_blue_red() {
        return None;
    }
    let rooted = p.rooted()?;
    let mut above = vec![Dyadic::zero(); p.node_count()];
    for &node in rooted.order.iter().rev() {
        let mut sum = Dyadic::zero();
        for &e in &rooted.children[node] {
            let tree = colon(p.edges()[e].2, &above[rooted.upper[e]])?;
            sum = &sum + &tree;
        }
        above[node] = sum;
    }
    Some(above.swap_remove(0))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hackenbush::Position;

    fn d(s: &str) -> Dyadic {
        s.parse().unwrap()
    }

    fn colours(s: &str) -> Vec<Colour> {
        s.chars().filter_map(Colour::from_letter).collect()
    }

    fn letters(cs: &[Colour]) -> String {
        cs.iter().map(|c| c.letter()).collect()
    }

    #[test]
    fn berlekamp_rule_on_known_stalks() {
        for (stalk, value) in [
            ("", "0"),
            ("L", "1"),
            ("LR", "1/2"),
            ("LRRL", "3/8"),
            ("LRLRR", "9/16"),
            ("LRLRRLLR", "77/128"),
            ("RRL", "-3/2"),
            ("LLLR", "5/2"),
        ] {
            assert_eq!(stalk_value(&colours(stalk)).unwrap(), d(value), "{stalk}");
        }
    }

    #[test]
    fn sign_expansions_invert_the_rule() {
        for (value, stalk) in [
            ("0", ""),
            ("3", "LLL"),
            ("-2", "RR"),
            ("1/2", "LR"),
            ("3/8", "LRRL"),
            ("-3/2", "RRL"),
            ("77/128", "LRLRRLLR"),
        ] {
            assert_eq!(letters(&sign_expansion(&d(value))), stalk, "{value}");
        }
        for num in -70..=70 {
            for exp in 0..5 {
                let x = Dyadic::new(num, exp);
                assert_eq!(stalk_value(&sign_expansion(&x)).unwrap(), x);
            }
        }
    }

    #[test]
    fn colon_is_concatenation_of_sign_expansions() {
        for num in -90..=90 {
            for exp in 0..5 {
                let x = Dyadic::new(num, exp);
                for trunk in [Colour::Blue, Colour::Red] {
                    let mut signs = vec![trunk];
                    signs.extend(sign_expansion(&x));
                    assert_eq!(colon(trunk, &x), stalk_value(&signs), "{trunk:?}:{x}");
                }
            }
        }
    }

    #[test]
    fn tree_rule_on_known_trees() {
        for (tree, value) in [
            ("L(L R)", "1"),
            ("R(L L)", "-1/4"),
            ("L(L RL)", "3/2"),
            ("LR RL", "0"),
            ("LRRL", "3/8"),
        ] {
            let p = Position::parse(tree).unwrap();
            assert_eq!(forest_value(&p).unwrap(), d(value), "{tree}");
        }
        assert!(forest_value(&Position::parse("LG").unwrap()).is_none());
        assert!(forest_value(&Position::parse("g-a-g L").unwrap()).is_none());
    }
}
