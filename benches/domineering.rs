//! Domineering: canonical values of rectangles, and who wins boards beyond them.
//!
//! Run: `cargo bench --bench domineering`
use hackenbook::games::clock::Running;
use hackenbook::games::{Games, Player};
use hackenbook::rulesets::domineering::outcome::{Search, SearchLimits};
use hackenbook::rulesets::domineering::{Board, Domineering};
use hackenbook::rulesets::Solver;
use std::time::Instant;

fn dims(a: &str) -> Option<(usize, usize)> {
    let (r, c) = a.split_once('x')?;
    Some((r.parse().ok()?, c.parse().ok()?))
}

fn main() {
    let clock = Running::default();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let search = args.first().is_some_and(|a| a == "search");
    let endgame: usize = std::env::var("ENDGAME")
        .ok()
        .and_then(|x| x.parse().ok())
        .unwrap_or(12);
    for (r, c) in args.iter().filter_map(|a| dims(a)) {
        let b = Board::rectangle(r, c).unwrap();
        let mut games = Games::new();
        if search {
            let bits: u32 = std::env::var("TBITS")
                .ok()
                .and_then(|x| x.parse().ok())
                .unwrap_or(22);
            let mut s = Search::new(SearchLimits {
                endgame_squares: endgame,
                table_bits: bits,
                ..SearchLimits::default()
            });
            let start = Instant::now();
            let v = s.winner(&b, Player::Left, &mut games, &clock);
            println!(
                "{r}x{c}: {:?} in {:.3} s, {:?}",
                v.map(|v| v.to_string()),
                start.elapsed().as_secs_f64(),
                s.stats
            );
            continue;
        }
        let mut solver = Solver::new(Domineering);
        solver.limits.positions = usize::MAX;
        let start = Instant::now();
        let v = solver.value(&b, &mut games, &clock).unwrap();
        let t = start.elapsed();
        let shown = games.display(v);
        println!(
            "{r}x{c}: {:.3} s, {} parts valued, {} memo hits, {} games; value {}",
            t.as_secs_f64(),
            solver.stats.valued,
            solver.stats.memo_hits,
            games.len(),
            if shown.len() > 100 {
                format!("{}…", &shown[..100])
            } else {
                shown
            }
        );
    }
}
