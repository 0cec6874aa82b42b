//! What the census tests share: a family of Hackenbush pictures, and the fast engine run on
//! one with ordinal sums made by the games table.

use hackenbook_census::engines::enumerating as engine;
use hackenbook_census::families::forests::{Family, Kind};
use hackenbook_census::record::Row;
use hackenbook_census::small::Small;
use hackenbook_games::Games;
use hackenbook_rulesets::hackenbush::Colour;

/// The pictures of `kind` with `min` to `max` edges in `colours`, under the normal rules.
pub fn family(kind: Kind, min: usize, max: usize, colours: &[Colour]) -> Family {
    Family::new(kind, min..=max, colours)
}

/// The fast engine's rows for `f`, its ordinal sums made in `games`.
pub fn fast(f: &Family, games: &mut Games) -> Vec<Row> {
    let mut ordinal = |s: i8, x: Small| -> Result<Small, String> {
        let base = games.integer(s as i64);
        let over = games.number(&x.to_dyadic());
        let g = games.ordinal_sum(base, over);
        games
            .as_number(g)
            .as_ref()
            .and_then(Small::from_dyadic)
            .ok_or_else(|| "not a number".to_string())
    };
    engine::run(f, &mut ordinal, &|_| {}).expect("the fast engine runs")
}
