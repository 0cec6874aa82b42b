//! Census benchmark (work in progress).
use hackenbook::census::engine;
use hackenbook::census::family::{Family, Kind};
use hackenbook::census::forest::Palette;
use hackenbook::census::small::Small;
use hackenbook::hackenbush::Colour;
use std::time::Instant;

fn main() {
    for max in [8, 10] {
        let family = Family {
            kind: Kind::Forests,
            min_edges: 1,
            max_edges: max,
            palette: Palette::new(&[Colour::Blue, Colour::Red]),
        };
        let start = Instant::now();
        let rows = engine::run(
            &family,
            &mut |s, x| Small::colon(s, x).ok_or_else(|| "overflow".into()),
            &|_| {},
        )
        .unwrap();
        let n: u64 = rows.iter().map(|r| r.count).sum();
        println!(
            "{max}: {n} forests, {} rows, {:?}",
            rows.len(),
            start.elapsed()
        );
    }
}
