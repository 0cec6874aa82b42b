//! Domineering: canonical values of rectangles — the ruleset's solver (regions, symmetry
//! keys, strips by rule) against the plain game tree and against the `cgt` crate's own
//! Domineering — and who wins boards too large for canonical forms (the outcome search).
//!
//! Run `cargo bench --bench domineering` for the standard figures (about a minute on a quiet machine), or one
//! task from the command line:
//!
//! - `cargo bench --bench domineering -- 8x8` — who wins the 8×8 board, Left moving first
//!   (and Right moving first, when the board is not square);
//! - `cargo bench --bench domineering -- value 6x6` — the canonical value of a board;
//! - `--table N` sets the outcome search's table to 2^N positions (24 bytes each; default 24),
//!   `--endgame N` the size of the regions it values by canonical form (default 12).
//!
//! Times are wall and CPU seconds of one run on a machine of 2 shared cores; the load average
//! is printed first, since other work on the machine slows every figure.

use cgt::short::partizan::canonical_form::CanonicalForm;
use cgt::short::partizan::games::domineering::Domineering as CgtDomineering;
use cgt::short::partizan::partizan_game::PartizanGame;
use cgt::short::partizan::transposition_table::ParallelTranspositionTable;
use hackenbook_base::bench::{load_average, thread_cpu};
use hackenbook_games::clock::{Clock, Running};
use hackenbook_games::{Dyadic, GameId, Games, OutcomeClass, Player};
use hackenbook_rulesets::domineering::outcome::{Search, SearchLimits};
use hackenbook_rulesets::domineering::{Board, Domineering};
use hackenbook_rulesets::{Ruleset, Solver, Unsolved};
use std::collections::HashMap;
use std::str::FromStr;
use std::time::{Duration, Instant};

/// `work`'s result with its wall and CPU seconds.
fn timed<T>(work: impl FnOnce() -> T) -> (T, f64, f64) {
    let (wall, cpu) = (Instant::now(), thread_cpu());
    let out = work();
    (
        out,
        wall.elapsed().as_secs_f64(),
        thread_cpu().saturating_sub(cpu).as_secs_f64(),
    )
}

/// A value as printed, cut short past `width` characters (with its full length).
fn short(text: String, width: usize) -> String {
    if text.chars().count() <= width {
        return text;
    }
    let cut: String = text.chars().take(width).collect();
    format!("{cut}… ({} characters)", text.chars().count())
}

/// Options of the command line.
struct Options {
    table_bits: u32,
    endgame: usize,
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let mut options = Options {
        table_bits: 24,
        endgame: 12,
    };
    let mut boards = Vec::new();
    let mut value = false;
    let mut rest = args.iter();
    while let Some(a) = rest.next() {
        match a.as_str() {
            "value" => value = true,
            "--table" => options.table_bits = number(rest.next(), "--table"),
            "--endgame" => options.endgame = number(rest.next(), "--endgame"),
            text => match Domineering.parse(text) {
                Ok(b) => boards.push(b),
                Err(e) => {
                    eprintln!("`{text}`: {e}");
                    std::process::exit(2);
                }
            },
        }
    }
    println!("load average: {}", load_average());
    if boards.is_empty() {
        standard_figures(&options);
    } else if value {
        for b in &boards {
            value_one(b);
        }
    } else {
        for b in &boards {
            decide(b, &options);
        }
    }
}

fn number<T: FromStr>(arg: Option<&String>, flag: &str) -> T {
    match arg.and_then(|a| a.parse().ok()) {
        Some(n) => n,
        None => {
            eprintln!("{flag} takes a number");
            std::process::exit(2);
        }
    }
}

/// The plain game tree's budgets: a wall-clock limit and a number of positions (its memo
/// holds every position it values, so the count bounds its memory too).
const PLAIN_SECONDS: u64 = 60;
const PLAIN_POSITIONS: usize = 20_000_000;

/// The rectangles valued exactly: the largest of up to 25 squares (5×5, 4×6 and its
/// transpose, 3×8, 2×12, 1×25) and smaller ones for scale.
const RECTANGLES: [(usize, usize); 12] = [
    (2, 2),
    (3, 3),
    (3, 4),
    (4, 4),
    (4, 5),
    (3, 7),
    (2, 12),
    (1, 25),
    (3, 8),
    (4, 6),
    (6, 4),
    (5, 5),
];

fn standard_figures(options: &Options) {
    println!();
    println!(
        "Canonical values of rectangles (rows x columns), each with a fresh games table; the \
         plain game tree within {PLAIN_SECONDS} s and {PLAIN_POSITIONS} positions; every value \
         compared with the plain tree's (where it finished) and with cgt's:"
    );
    println!(
        "{:>5} {:>8} {:>8} {:>7} {:>6} | {:>8} {:>9} | {:>8} | value",
        "board", "ours s", "ours cpu", "parts", "games", "plain s", "positions", "cgt s"
    );
    for (rows, cols) in RECTANGLES {
        value_rectangle(rows, cols);
    }
    println!();
    println!(
        "Who wins, Left moving first (table 2^{} positions, endgame regions of {} squares):",
        options.table_bits, options.endgame
    );
    for n in 4..=7 {
        decide(&Board::rectangle(n, n).expect("a square"), options);
    }
    for (rows, cols) in [(4, 8), (6, 7)] {
        decide(&Board::rectangle(rows, cols).expect("a rectangle"), options);
    }
}

/// One line of the table: `rows × cols` valued by our solver, by the plain game tree and by
/// `cgt`, the three values compared in one games table.
fn value_rectangle(rows: usize, cols: usize) {
    let b = Board::rectangle(rows, cols).expect("a small rectangle");
    let mut games = Games::new();
    let mut solver = Solver::new(Domineering);
    solver.limits.positions = usize::MAX;
    let clock = Running::default();
    let (v, wall, cpu) = timed(|| solver.value(&b, &mut games, &clock));
    let v = v.expect("valued within the budget");
    let ours_games = games.len();
    let text = games.display(v);
    let class = OutcomeClass::of(games.compare(v, games.zero())).letter();

    // The plain tree: no regions, no symmetry, no shortcut, its own games table.
    let mut plain = Solver::plain(Domineering);
    plain.limits.positions = PLAIN_POSITIONS;
    let mut plain_games = Games::new();
    let plain_clock = Clock::limit(Some(Duration::from_secs(PLAIN_SECONDS))).start();
    let (w, plain_wall, _) = timed(|| plain.value(&b, &mut plain_games, &plain_clock));
    let (plain_s, plain_n) = match w {
        Ok(w) => {
            let w = plain_games.display(w);
            assert_eq!(w, text, "{rows}x{cols}: the plain tree disagrees");
            (format!("{plain_wall:.3}"), plain.stats.valued.to_string())
        }
        Err(Unsolved::Stopped(_)) => (format!(">{PLAIN_SECONDS}"), "-".into()),
        Err(Unsolved::TooManyPositions { limit }) => ("-".into(), format!(">{limit}")),
        Err(e) => panic!("{rows}x{cols}: {e}"),
    };

    // cgt's own Domineering: its moves, decompositions and canonical forms.
    let grid = vec![".".repeat(cols); rows].join("|");
    let position: CgtDomineering = CgtDomineering::from_str(&grid).expect("cgt reads a rectangle");
    let table = ParallelTranspositionTable::new();
    let (theirs, cgt_wall, _) = timed(|| position.canonical_form(&table));
    let theirs_id = from_cgt(&theirs, &mut games, &mut HashMap::new());
    assert_eq!(
        theirs_id, v,
        "{rows}x{cols}: cgt's value {theirs} differs from ours"
    );

    println!(
        "{:>5} {wall:>8.3} {cpu:>8.3} {:>7} {ours_games:>6} | {plain_s:>8} {plain_n:>9} | \
         {cgt_wall:>8.3} | {} ({class})",
        format!("{rows}x{cols}"),
        solver.stats.valued,
        short(text, 40),
    );
}

/// `cgt`'s canonical form rebuilt in our games table from its options (numbers directly).
fn from_cgt(c: &CanonicalForm, games: &mut Games, seen: &mut HashMap<String, GameId>) -> GameId {
    let text = c.to_string();
    if let Some(&g) = seen.get(&text) {
        return g;
    }
    let g = match c.to_number() {
        Some(x) => games.number(&Dyadic::new(x.numerator(), x.denominator_exponent())),
        None => {
            let l: Vec<GameId> = c.left_moves().map(|o| from_cgt(&o, games, seen)).collect();
            let r: Vec<GameId> = c.right_moves().map(|o| from_cgt(&o, games, seen)).collect();
            games.from_options(&l, &r)
        }
    };
    seen.insert(text, g);
    g
}

/// Who wins `b` moving first: Left, and Right too when the board is not square.
fn decide(b: &Board, options: &Options) {
    let firsts: &[Player] = if b.rows() == b.cols() && b.is_rectangle() {
        &[Player::Left]
    } else {
        &Player::BOTH
    };
    for &first in firsts {
        let mut search = Search::new(SearchLimits {
            table_bits: options.table_bits,
            endgame_squares: options.endgame,
            ..SearchLimits::default()
        });
        let mut games = Games::new();
        let clock = Running::default();
        let (verdict, wall, cpu) = timed(|| search.winner(b, first, &mut games, &clock));
        let s = search.stats;
        let verdict = match verdict {
            Ok(v) => v.to_string(),
            Err(e) => e.to_string(),
        };
        println!(
            "{:>5}: {verdict} — {wall:.1} s ({cpu:.1} s CPU), {} positions ({} counted, {} from \
             the table, {} endgames; {} won, {} of them by the first move tried, {} lost); \
             table {} of {} slots",
            Domineering.print(b),
            s.positions,
            s.counted,
            s.table_hits,
            s.endgames,
            s.won,
            s.won_first,
            s.lost,
            s.table_used,
            1u64 << options.table_bits
        );
    }
}

/// The canonical value of `b`, with the solver's figures.
fn value_one(b: &Board) {
    let mut games = Games::new();
    let mut solver = Solver::new(Domineering);
    solver.limits.positions = usize::MAX;
    let clock = Running::default();
    let (v, wall, cpu) = timed(|| solver.value(b, &mut games, &clock));
    match v {
        Ok(v) => {
            let class = OutcomeClass::of(games.compare(v, games.zero()));
            println!(
                "{}: {wall:.1} s ({cpu:.1} s CPU), {} parts valued, {} games; {}; value {}",
                Domineering.print(b),
                solver.stats.valued,
                games.len(),
                class.describe(),
                games.display(v)
            );
        }
        Err(e) => println!("{}: {e}", Domineering.print(b)),
    }
}
