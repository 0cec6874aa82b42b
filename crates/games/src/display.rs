//! Printing canonical forms: CGSuite shorthand, fully explicit braces, and KaTeX source.
//!
//! The one idea: print from the canonical form alone, in an order that depends only on values
//! (never on interning history), so the same game always prints the same text — number-up-star
//! values as `x^^*m`, symmetric switches `{G|-G}` as `+-G`, everything else as `{L|R}`.

use super::dyadic::Dyadic;
use super::nus::Nus;
use super::player::Player;
use super::table::{GameId, Games, Kind};
use num_bigint::BigInt;
use num_traits::{One, Signed};
use rustc_hash::FxHashMap;

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
        Printer::new(self).short(g)
    }

    /// The shorthand of [`Games::display`] for a reader: `⇑∗`, `−1/2`, `±1`, `{0, ↑∗ | 1}`.
    pub fn display_unicode(&self, g: GameId) -> String {
        let mut printer = Printer::new(self);
        printer.unicode = true;
        printer.short(g)
    }

    /// The canonical form in nested braces whose only atoms are numbers, nimbers, `^` and `v`.
    pub fn display_explicit(&self, g: GameId) -> String {
        let mut out = String::new();
        Printer::new(self).explicit(g, &mut out);
        out
    }

    /// KaTeX source for the shorthand of [`Games::display`].
    pub fn latex(&self, g: GameId) -> String {
        let mut out = String::new();
        Printer::new(self).latex(g, &mut out);
        out
    }

    /// Sorts ids into the display order (nus values first, by value; then by printed text).
    pub fn sort_for_display(&self, ids: &mut [GameId]) {
        Printer::new(self).sort(ids);
    }
}

/// One printing job, remembering the text of every subgame it has printed, so that shared
/// subgames (canonical forms are DAGs) are printed once.
struct Printer<'a> {
    games: &'a Games,
    texts: FxHashMap<u32, String>,
    negatives: FxHashMap<u64, bool>,
    /// Print for a reader (arrows, stars, minus signs, spaced braces) rather than in ASCII.
    unicode: bool,
}

impl<'a> Printer<'a> {
    fn new(games: &'a Games) -> Printer<'a> {
        Printer {
            games,
            texts: FxHashMap::default(),
            negatives: FxHashMap::default(),
            unicode: false,
        }
    }

    fn sort(&mut self, ids: &mut [GameId]) {
        let mut keyed: Vec<(DisplayKey, GameId)> = ids
            .iter()
            .map(|&g| {
                let key = match self.games.as_nus(g) {
                    Some(v) => DisplayKey::Nus(v.number.clone(), !v.is_number(), v.ups, v.nim),
                    None => DisplayKey::Moves(self.short(g)),
                };
                (key, g)
            })
            .collect();
        keyed.sort();
        for (slot, (_, g)) in ids.iter_mut().zip(keyed) {
            *slot = g;
        }
    }

    /// The stored options of a `Moves` entry, in display order.
    fn options(&mut self, g: GameId, player: Player) -> Vec<GameId> {
        let entry = &self.games.entries[g.index()];
        let span = match player {
            Player::Left => entry.left,
            Player::Right => entry.right,
        };
        let mut ids: Vec<GameId> = (0..span.len).map(|i| self.games.at(span, i)).collect();
        self.sort(&mut ids);
        ids
    }

    fn shape(&mut self, g: GameId) -> Shape {
        let left = self.options(g, Player::Left);
        let right = self.options(g, Player::Right);
        match (left.as_slice(), right.as_slice()) {
            ([a], [b]) if self.is_negative_of(*a, *b) => Shape::PlusMinus(*a),
            _ => Shape::Braces,
        }
    }

    /// Whether `b = -a`, structurally (canonical forms of negatives mirror each other).
    fn is_negative_of(&mut self, a: GameId, b: GameId) -> bool {
        let known = self.games.neg_cache[a.index()];
        if known != u32::MAX {
            return known == b.0;
        }
        let key = (a.0 as u64) << 32 | b.0 as u64;
        if let Some(&r) = self.negatives.get(&key) {
            return r;
        }
        let result = match (self.games.as_nus(a), self.games.as_nus(b)) {
            (Some(x), Some(y)) => &x.neg() == y,
            (None, None) => self.mirrors(a, b, Player::Left) && self.mirrors(a, b, Player::Right),
            _ => false,
        };
        self.negatives.insert(key, result);
        result
    }

    /// `a`'s options on one side are the negatives of `b`'s on the other.
    fn mirrors(&mut self, a: GameId, b: GameId, player: Player) -> bool {
        let xs = self.options(a, player);
        let ys = self.options(b, player.other());
        xs.len() == ys.len()
            && xs
                .iter()
                .all(|&x| ys.iter().any(|&y| self.is_negative_of(x, y)))
    }

    fn short(&mut self, g: GameId) -> String {
        if let Some(v) = self.games.as_nus(g) {
            return if self.unicode {
                nus_unicode(v)
            } else {
                nus_text(v)
            };
        }
        if let Some(text) = self.texts.get(&g.0) {
            return text.clone();
        }
        let mut out = String::new();
        match self.shape(g) {
            Shape::PlusMinus(a) => {
                out.push_str(if self.unicode { "±" } else { "+-" });
                let text = self.short(a);
                let safe = match self.games.kind(a) {
                    Kind::Number => true,
                    Kind::Nus => !text.starts_with(['-', '−']),
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
            Shape::Braces => {
                let (bar, comma) = if self.unicode {
                    (" | ", ", ")
                } else {
                    ("|", ",")
                };
                out.push('{');
                for player in Player::BOTH {
                    if player == Player::Right {
                        out.push_str(bar);
                    }
                    for (i, o) in self.options(g, player).into_iter().enumerate() {
                        if i > 0 {
                            out.push_str(comma);
                        }
                        out.push_str(&self.short(o));
                    }
                }
                out.push('}');
            }
        }
        self.texts.insert(g.0, out.clone());
        out
    }

    fn explicit(&mut self, g: GameId, out: &mut String) {
        if let Some(v) = self.games.as_nus(g) {
            write_nus_explicit(v, out);
            return;
        }
        out.push('{');
        for player in Player::BOTH {
            if player == Player::Right {
                out.push('|');
            }
            for (i, o) in self.options(g, player).into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                self.explicit(o, out);
            }
        }
        out.push('}');
    }

    fn latex(&mut self, g: GameId, out: &mut String) {
        if let Some(v) = self.games.as_nus(g) {
            out.push_str(&nus_latex(v));
            return;
        }
        match self.shape(g) {
            Shape::PlusMinus(a) => {
                out.push_str("\\pm ");
                let mut text = String::new();
                self.latex(a, &mut text);
                let safe = match self.games.kind(a) {
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
                for player in Player::BOTH {
                    if player == Player::Right {
                        out.push_str(" \\mid ");
                    }
                    for (i, o) in self.options(g, player).into_iter().enumerate() {
                        if i > 0 {
                            out.push_str(", ");
                        }
                        self.latex(o, out);
                    }
                }
                out.push_str("\\}");
            }
        }
    }
}

/// `10066` as `10,066`.
pub fn with_separators(n: &BigInt) -> String {
    let digits = n.abs().to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    if n.is_negative() {
        format!("-{out}")
    } else {
        out
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

/// [`nus_text`] for a reader: `−1/2`, `↑`, `⇑∗`, `1↓∗2`, `1/2+3·↑`.
pub fn nus_unicode(v: &Nus) -> String {
    let mut s = String::new();
    let has_number = !v.number.is_zero() || (v.ups == 0 && v.nim == 0);
    if has_number {
        s.push_str(&v.number.to_string().replace('-', "\u{2212}"));
    }
    let (one, two) = if v.ups > 0 {
        ("↑", "⇑")
    } else {
        ("↓", "⇓")
    };
    match v.ups.unsigned_abs() {
        0 => {}
        1 => s.push_str(one),
        2 => s.push_str(two),
        n => {
            if has_number {
                s.push('+');
            }
            s.push_str(&format!("{n}·{one}"));
        }
    }
    match v.nim {
        0 => {}
        1 => s.push('∗'),
        n => s.push_str(&format!("∗{n}")),
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

/// KaTeX for a nus, as [`nus_unicode`] writes it: `1{\uparrow}{*}`, `{\Downarrow}`, `{*}3`,
/// `3{\cdot}{\uparrow}`.
pub fn nus_latex(v: &Nus) -> String {
    let mut s = String::new();
    let has_number = !v.number.is_zero() || (v.ups == 0 && v.nim == 0);
    if has_number {
        s.push_str(&number_latex(&v.number));
    }
    let (one, two) = if v.ups > 0 {
        ("{\\uparrow}", "{\\Uparrow}")
    } else {
        ("{\\downarrow}", "{\\Downarrow}")
    };
    match v.ups.unsigned_abs() {
        0 => {}
        1 => s.push_str(one),
        2 => s.push_str(two),
        n => {
            if has_number {
                s.push('+');
            }
            s.push_str(&format!("{n}{{\\cdot}}{one}"));
        }
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
        assert_eq!(nus_latex(&n("0", 2, 1)), "{\\Uparrow}{*}");
        assert_eq!(nus_latex(&n("0", -3, 0)), "3{\\cdot}{\\downarrow}");
        assert_eq!(nus_latex(&n("-1/4", 0, 0)), "-\\tfrac14");
        assert_eq!(nus_latex(&n("11/32", 0, 3)), "\\tfrac{11}{32}{*}3");
        assert_eq!(nus_latex(&n("1", 5, 0)), "1+5{\\cdot}{\\uparrow}");
    }
}
