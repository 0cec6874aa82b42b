//! Printing canonical forms: CGSuite shorthand, fully explicit braces, and KaTeX source.
//!
//! The one idea: print from the canonical form alone, in an order that depends only on values
//! (never on interning history), so the same game always prints the same text — number-up-star
//! values as `x^^*m`, symmetric switches `{G|-G}` as `+-G`, everything else as `{L|R}`.

use super::dyadic::Dyadic;
use super::nus::Nus;
use super::table::{GameId, Games, Kind};
use num_bigint::BigInt;
use num_traits::One;

/// A sort key independent of ids: nus values by their parts, then other games by their text.
#[derive(PartialEq, Eq, PartialOrd, Ord)]
enum DisplayKey {
    /// Number, then whether any infinitesimal part is present (plain numbers first), ups, star.
    Nus(Dyadic, bool, i64, u32),
    Moves(String),
}

/// How a game that is not a nus is printed.
enum Shape {
    /// `+-G` for `{G | -G}`.
    PlusMinus(GameId),
    Braces,
}

impl Games {
    /// CGSuite shorthand of the canonical form: `3/8`, `*2`, `^^*`, `1*`, `+-1`, `{0,^*|1}`.
    pub fn display(&self, g: GameId) -> String {
        let mut out = String::new();
        self.write_short(g, &mut out);
        out
    }

    /// The canonical form in nested braces whose only atoms are numbers, nimbers, `^` and `v`.
    pub fn display_explicit(&self, g: GameId) -> String {
        let mut out = String::new();
        self.write_explicit(g, &mut out);
        out
    }

    /// KaTeX source for the shorthand of [`Games::display`].
    pub fn latex(&self, g: GameId) -> String {
        let mut out = String::new();
        self.write_latex(g, &mut out);
        out
    }

    /// Sorts ids into the display order (nus values first, by value; then by printed text).
    pub fn sort_for_display(&self, ids: &mut [GameId]) {
        ids.sort_by_cached_key(|&g| match self.as_nus(g) {
            Some(v) => DisplayKey::Nus(v.number.clone(), !v.is_number(), v.ups, v.nim),
            None => DisplayKey::Moves(self.display(g)),
        });
    }

    /// The stored options of a `Moves` entry, in display order.
    fn moves_options(&self, g: GameId, left: bool) -> Vec<GameId> {
        let entry = &self.entries[g.index()];
        let span = if left { entry.left } else { entry.right };
        let mut ids: Vec<GameId> = (0..span.len).map(|i| self.at(span, i)).collect();
        self.sort_for_display(&mut ids);
        ids
    }

    fn shape(&self, g: GameId) -> Shape {
        let left = self.moves_options(g, true);
        let right = self.moves_options(g, false);
        let ([a], [b]) = (left.as_slice(), right.as_slice()) else {
            return Shape::Braces;
        };
        if self.is_negative_of(*a, *b) {
            return Shape::PlusMinus(*a);
        }
        Shape::Braces
    }

    /// Whether `b = -a`, structurally (canonical forms of negatives mirror each other).
    fn is_negative_of(&self, a: GameId, b: GameId) -> bool {
        let known = self.neg_cache[a.index()];
        if known != u32::MAX {
            return known == b.0;
        }
        match (self.as_nus(a), self.as_nus(b)) {
            (Some(x), Some(y)) => &x.neg() == y,
            (None, None) => {
                let mirror = |al: bool| {
                    let xs = self.moves_options(a, al);
                    let ys = self.moves_options(b, !al);
                    xs.len() == ys.len()
                        && xs
                            .iter()
                            .all(|&x| ys.iter().any(|&y| self.is_negative_of(x, y)))
                };
                mirror(true) && mirror(false)
            }
            _ => false,
        }
    }

    fn write_short(&self, g: GameId, out: &mut String) {
        if let Some(v) = self.as_nus(g) {
            out.push_str(&nus_text(v));
            return;
        }
        match self.shape(g) {
            Shape::PlusMinus(a) => {
                out.push_str("+-");
                self.write_atom(a, out);
            }
            Shape::Braces => {
                out.push('{');
                self.write_list(g, true, out);
                out.push('|');
                self.write_list(g, false, out);
                out.push('}');
            }
        }
    }

    /// The shorthand of `g`, parenthesised unless it cannot be misread after a prefix.
    fn write_atom(&self, g: GameId, out: &mut String) {
        let text = self.display(g);
        let safe = match self.kind(g) {
            Kind::Number => true,
            Kind::Nus => !text.starts_with('-'),
            Kind::Moves => text.starts_with('{'),
        };
        if safe {
            out.push_str(&text);
        } else {
            out.push('(');
            out.push_str(&text);
            out.push(')');
        }
    }

    fn write_list(&self, g: GameId, left: bool, out: &mut String) {
        for (i, o) in self.moves_options(g, left).into_iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            self.write_short(o, out);
        }
    }

    fn write_explicit(&self, g: GameId, out: &mut String) {
        match self.as_nus(g) {
            Some(v) => write_nus_explicit(v, out),
            None => {
                out.push('{');
                for (side, left) in [true, false].into_iter().enumerate() {
                    if side == 1 {
                        out.push('|');
                    }
                    for (i, o) in self.moves_options(g, left).into_iter().enumerate() {
                        if i > 0 {
                            out.push(',');
                        }
                        self.write_explicit(o, out);
                    }
                }
                out.push('}');
            }
        }
    }

    fn write_latex(&self, g: GameId, out: &mut String) {
        if let Some(v) = self.as_nus(g) {
            out.push_str(&nus_latex(v));
            return;
        }
        match self.shape(g) {
            Shape::PlusMinus(a) => {
                out.push_str("\\pm ");
                let text = self.latex(a);
                let safe = match self.kind(a) {
                    Kind::Number => true,
                    Kind::Nus => !text.starts_with('-'),
                    Kind::Moves => text.starts_with("\\{"),
                };
                if safe {
                    out.push_str(&text);
                } else {
                    out.push_str("\\left(");
                    out.push_str(&text);
                    out.push_str("\\right)");
                }
            }
            Shape::Braces => {
                out.push_str("\\{");
                for (side, left) in [true, false].into_iter().enumerate() {
                    if side == 1 {
                        out.push_str(" \\mid ");
                    }
                    for (i, o) in self.moves_options(g, left).into_iter().enumerate() {
                        if i > 0 {
                            out.push_str(", ");
                        }
                        self.write_latex(o, out);
                    }
                }
                out.push_str("\\}");
            }
        }
    }
}

/// `0`, `3/8`, `-1^*`, `^^*`, `v3*2`, `1/2*`.
pub fn nus_text(v: &Nus) -> String {
    let mut s = String::new();
    if !v.number.is_zero() || (v.ups == 0 && v.nim == 0) {
        s.push_str(&v.number.to_string());
    }
    let arrow = if v.ups > 0 { "^" } else { "v" };
    match v.ups.unsigned_abs() {
        0 => {}
        1 => s.push_str(arrow),
        2 => {
            s.push_str(arrow);
            s.push_str(arrow);
        }
        n => {
            s.push_str(arrow);
            s.push_str(&n.to_string());
        }
    }
    match v.nim {
        0 => {}
        1 => s.push('*'),
        n => {
            s.push('*');
            s.push_str(&n.to_string());
        }
    }
    s
}

/// Numbers, nimbers, `^` and `v` print as atoms; any other nus as braces of its options.
fn write_nus_explicit(v: &Nus, out: &mut String) {
    let atom =
        v.is_number() || (v.number.is_zero() && (v.ups == 0 || (v.ups.abs() == 1 && v.nim == 0)));
    if atom {
        out.push_str(&nus_text(v));
        return;
    }
    let (left, right) = v.options();
    out.push('{');
    for (i, o) in left.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        write_nus_explicit(o, out);
    }
    out.push('|');
    for (i, o) in right.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        write_nus_explicit(o, out);
    }
    out.push('}');
}

/// `3`, `-\tfrac14`, `\tfrac{11}{32}`.
pub fn number_latex(x: &Dyadic) -> String {
    if x.is_integer() {
        return x.to_string();
    }
    let num = x.numerator();
    let sign = if x.signum() < 0 { "-" } else { "" };
    let num = num.magnitude().to_string();
    let den = (BigInt::one() << x.exponent()).to_string();
    if num.len() == 1 && den.len() == 1 {
        format!("{sign}\\tfrac{num}{den}")
    } else {
        format!("{sign}\\tfrac{{{num}}}{{{den}}}")
    }
}

/// KaTeX for a nus: `1{\uparrow}{*}`, `{\downarrow}{\downarrow}`, `{*}3`, `2{\cdot}{\uparrow}`.
pub fn nus_latex(v: &Nus) -> String {
    let mut s = String::new();
    let has_number = !v.number.is_zero() || (v.ups == 0 && v.nim == 0);
    if has_number {
        s.push_str(&number_latex(&v.number));
    }
    let arrow = if v.ups > 0 {
        "{\\uparrow}"
    } else {
        "{\\downarrow}"
    };
    let n = v.ups.unsigned_abs();
    if n <= 3 {
        for _ in 0..n {
            s.push_str(arrow);
        }
    } else {
        if has_number {
            s.push('+');
        }
        s.push_str(&format!("{n}{{\\cdot}}{arrow}"));
    }
    match v.nim {
        0 => {}
        1 => s.push_str("{*}"),
        m => s.push_str(&format!("{{*}}{m}")),
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(x: &str, ups: i64, nim: u32) -> Nus {
        Nus::new(x.parse().unwrap(), ups, nim)
    }

    #[test]
    fn nus_shorthand() {
        assert_eq!(nus_text(&n("0", 0, 0)), "0");
        assert_eq!(nus_text(&n("3/8", 0, 0)), "3/8");
        assert_eq!(nus_text(&n("0", 2, 1)), "^^*");
        assert_eq!(nus_text(&n("1", 0, 1)), "1*");
        assert_eq!(nus_text(&n("0", -3, 2)), "v3*2");
        assert_eq!(nus_text(&n("-1/2", 1, 1)), "-1/2^*");
    }

    #[test]
    fn nus_katex() {
        assert_eq!(nus_latex(&n("0", 2, 1)), "{\\uparrow}{\\uparrow}{*}");
        assert_eq!(nus_latex(&n("-1/4", 0, 0)), "-\\tfrac14");
        assert_eq!(nus_latex(&n("11/32", 0, 3)), "\\tfrac{11}{32}{*}3");
        assert_eq!(nus_latex(&n("1", 5, 0)), "1+5{\\cdot}{\\uparrow}");
    }
}
