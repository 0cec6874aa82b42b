//! Who wins a Domineering board too large for its canonical form: a depth-first search of
//! the game tree for a winning move, with the canonical values of small regions as its
//! endgame.
//!
//! The one idea: only the winner is wanted, so a position is won as soon as one move leads to
//! a lost position, and most of the tree is never seen. The search always puts the player to
//! move in the role of Left: a board with Right to move is searched as its transpose with
//! Left to move (the same game, players and directions swapped), so a position and its
//! quarter turn meet in one table entry. What it knows without searching:
//!
//! - **Counting moves** (the *safe moves* of Breuker, Uiterwijk and van den Herik, *Solving
//!   8×8 Domineering*, 2000, and the *vulnerable moves* of Bullock's Obsequi, 2002): a
//!   vertical domino on two squares with no free square beside either can never be taken
//!   away; a packing of other vertical dominoes loses at most two to one opposing move when
//!   two of them stand side by side, and at most one otherwise. So the player to move can
//!   count on at least `safe + ⌈(2·double + 3·single) / 6⌉` moves (the opponent, moving
//!   second, on `safe + ⌈(2·double + 3·single − 4) / 6⌉`); and a player can make at most half
//!   of each run of free squares in her direction. She wins if she can count on more moves
//!   than the opponent can make, or if those moves and as many of the opponent's cannot fit
//!   on the free squares; she loses in the mirror cases.
//! - **The endgame**: once every region of free squares is small, the board is the sum of
//!   their canonical values ([`Solver`]), and the player to move (Left) wins exactly when
//!   that sum is not `<= 0`.
//! - **A transposition table** of won and lost positions, keyed by the least of a position's
//!   four images under the reflections that keep a domino's direction.
//!
//! Moves are tried best first, by what they do to those counts (Obsequi's ordering): the
//! mover's possible and safe moves gained, the opponent's lost; dominoes on two of the
//! mover's safe squares (which keep) last. In a won position the first move tried wins
//! almost always, so the tree is the lost positions and their refutations.
//!
//! The search recurses, one level per move, so its depth is at most half the board's
//! squares (64); it reads the run's clock every few thousand positions and stops at its
//! budget of positions.

use super::board::{low_bits, Board};
use super::Domineering;
use crate::{Solver, Unsolved};
use hackenbook_games::clock::{Running, Stop};
use hackenbook_games::{Games, OutcomeClass, Player};
use std::fmt;

/// The search's budgets and sizes.
#[derive(Clone, Debug)]
pub struct SearchLimits {
    /// Positions one search may visit.
    pub positions: u64,
    /// The transposition table holds `2^table_bits` positions (24 bytes each).
    pub table_bits: u32,
    /// Regions of at most this many free squares are valued by their canonical form once
    /// every region of a position is that small; 0 turns the endgame off.
    pub endgame_squares: usize,
}

impl Default for SearchLimits {
    fn default() -> SearchLimits {
        SearchLimits {
            positions: 2_000_000_000,
            table_bits: 22,
            endgame_squares: 12,
        }
    }
}

/// Who wins, with who moved first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Verdict {
    pub first: Player,
    pub winner: Player,
}

impl fmt::Display for Verdict {
    /// `Left wins moving first`, `Right wins moving second`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let when = if self.winner == self.first {
            "first"
        } else {
            "second"
        };
        write!(f, "{} wins moving {when}", self.winner)
    }
}

/// Why the search did not decide.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Undecided {
    /// The run's clock stopped it.
    Stopped(Stop),
    /// More positions than the budget.
    TooManyPositions { limit: u64 },
}

impl fmt::Display for Undecided {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Undecided::Stopped(stop) => write!(f, "the search stopped: {stop}"),
            Undecided::TooManyPositions { limit } => write!(
                f,
                "undecided within the search's budget of {limit} positions"
            ),
        }
    }
}

/// What the search did, for tests and benchmarks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Positions visited.
    pub positions: u64,
    /// Positions the table answered.
    pub table_hits: u64,
    /// Positions decided by counting moves.
    pub counted: u64,
    /// Positions decided by the sum of their regions' canonical values.
    pub endgames: u64,
    /// Positions won by searching their moves, and of those, won by the first move tried.
    pub won: u64,
    pub won_first: u64,
    /// Positions lost after searching every move.
    pub lost: u64,
    /// Positions in the table at the end.
    pub table_used: u64,
}

/// A board in one orientation: the player to move places vertical dominoes in it.
#[derive(Clone, Debug)]
struct Frame {
    rows: usize,
    cols: usize,
    first_col: u128,
    last_col: u128,
    /// Squares at even bit positions.
    even: u128,
    /// `transpose[i]`: square `i`'s bit in the other frame.
    transpose: Vec<u32>,
    /// `rows << 8 | cols`, never 0: what the table files the frame's positions under.
    shape: u32,
}

impl Frame {
    fn new(rows: usize, cols: usize) -> Frame {
        let all = low_bits(rows * cols);
        let mut first_col = 0u128;
        for r in 0..rows {
            first_col |= 1u128 << (r * cols);
        }
        let transpose = (0..rows * cols)
            .map(|i| ((i % cols) * rows + i / cols) as u32)
            .collect();
        Frame {
            rows,
            cols,
            first_col,
            last_col: first_col << (cols - 1),
            even: (u128::MAX / 3) & all,
            transpose,
            shape: (rows as u32) << 8 | cols as u32,
        }
    }

    /// The vertical dominoes of `x`: bit `i` when `i` and the square below are free.
    #[inline]
    fn vertical(&self, x: u128) -> u128 {
        x & x.checked_shr(self.cols as u32).unwrap_or(0)
    }

    /// The horizontal dominoes of `x`: bit `i` when `i` and the square right of it are free.
    #[inline]
    fn horizontal(&self, x: u128) -> u128 {
        x & (x >> 1) & !self.last_col
    }

    /// Squares of `x` with no square of `x` beside them (left or right).
    #[inline]
    fn alone_in_row(&self, x: u128) -> u128 {
        x & !((x >> 1) & !self.last_col) & !((x << 1) & !self.first_col)
    }

    /// Squares of `x` with no square of `x` above or below them.
    #[inline]
    fn alone_in_column(&self, x: u128) -> u128 {
        let cols = self.cols as u32;
        x & !x.checked_shr(cols).unwrap_or(0) & !x.checked_shl(cols).unwrap_or(0)
    }

    /// The most disjoint horizontal dominoes the squares `x` hold: half of each run of
    /// squares within a row, rounded down. The dominoes a greedy filling from each run's
    /// first square places start at an even distance from it, so each run's starting square
    /// sets the parity of the pairs counted in it; a run's squares are found from its start
    /// by one carrying addition.
    #[inline]
    fn pairs(&self, x: u128) -> u32 {
        self.packing(x).count_ones()
    }

    /// The left squares of the dominoes [`Frame::pairs`] counts.
    #[inline]
    fn packing(&self, x: u128) -> u128 {
        let starts = x & !((x << 1) & !self.first_col);
        // Squares that continue to their right within the row: a carry runs through them.
        let through = x & !self.last_col;
        let run = |seeds: u128| (through.wrapping_add(seeds) ^ through) & x;
        let even_runs = run(starts & self.even);
        let odd_runs = run(starts & !self.even);
        let chosen = (even_runs & self.even) | (odd_runs & !self.even);
        self.horizontal(x) & chosen
    }

    /// Squares of `x` with a square of `x` above or below.
    #[inline]
    fn stacked(&self, x: u128) -> u128 {
        let cols = self.cols as u32;
        x & (x.checked_shr(cols).unwrap_or(0) | x.checked_shl(cols).unwrap_or(0))
    }

    /// What the player whose dominoes are horizontal in this frame can count on, given the
    /// free squares `x`: (safe dominoes, vulnerable dominoes one opposing move can take two of,
    /// vulnerable dominoes it can take only one of, squares the opponent can never use and
    /// this packing does not).
    #[inline]
    fn prospects(&self, x: u128) -> (u32, u32, u32, u32) {
        let safe_squares = self.alone_in_column(x);
        let safe = self.packing(safe_squares);
        let vulnerable = self.packing(x & !safe_squares);
        let squares = vulnerable | vulnerable << 1;
        let doubled = self.stacked(squares);
        let two = (vulnerable & (doubled | doubled >> 1)).count_ones();
        let idle = (safe_squares & !(safe | safe << 1)).count_ones();
        (safe.count_ones(), two, vulnerable.count_ones() - two, idle)
    }

    /// The least of the four images of `x` under the reflections that keep directions.
    fn least_of_four(&self, x: u128) -> u128 {
        let area = self.rows * self.cols;
        let turned = x.reverse_bits() >> (128 - area);
        let flip = |bits: u128| {
            let row = low_bits(self.cols);
            let mut out = 0u128;
            for r in 0..self.rows {
                out |= ((bits >> (r * self.cols)) & row) << ((self.rows - 1 - r) * self.cols);
            }
            out
        };
        x.min(turned).min(flip(x)).min(flip(turned))
    }
}

/// One table slot: a position's key and what is known of it.
#[derive(Clone, Copy, Default)]
struct Entry {
    /// The least image of the free squares, low and high halves.
    low: u64,
    high: u64,
    /// Bits 0..16: the frame's shape ([`Frame::shape`]); bit 16: the player to move wins;
    /// bits 17..24: the size of the search that decided it (log 2 of its positions); 0 for an
    /// empty slot.
    info: u32,
}

const WINS: u32 = 1 << 16;

/// A table of decided positions: two slots per bucket, one kept for the position whose
/// search was largest, one for the latest.
struct Table {
    slots: Vec<Entry>,
    mask: usize,
}

impl Table {
    fn new(bits: u32) -> Table {
        let bits = bits.clamp(1, 30);
        Table {
            slots: vec![Entry::default(); 1 << bits],
            mask: (1usize << bits) - 2,
        }
    }

    /// The bucket of a key: its bits and the shape mixed so that every bit moves the
    /// bucket (the finaliser of MurmurHash3).
    fn bucket(&self, key: u128, shape: u32) -> usize {
        let mut x = (key as u64)
            ^ ((key >> 64) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ u64::from(shape).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        x ^= x >> 33;
        x = x.wrapping_mul(0xFF51_AFD7_ED55_8CCD);
        x ^= x >> 33;
        x = x.wrapping_mul(0xC4CE_B9FE_1A85_EC53);
        x ^= x >> 33;
        (x as usize) & self.mask
    }

    /// Whether the player to move wins, if the table knows.
    fn get(&self, key: u128, shape: u32) -> Option<bool> {
        let b = self.bucket(key, shape);
        let (low, high) = (key as u64, (key >> 64) as u64);
        self.slots[b..b + 2]
            .iter()
            .find(|e| e.info != 0 && e.low == low && e.high == high && e.info & 0xffff == shape)
            .map(|e| e.info & WINS != 0)
    }

    fn put(&mut self, key: u128, shape: u32, wins: bool, work: u64) {
        let b = self.bucket(key, shape);
        let size = 64 - work.leading_zeros();
        let entry = Entry {
            low: key as u64,
            high: (key >> 64) as u64,
            info: shape | if wins { WINS } else { 0 } | size << 17,
        };
        let kept = self.slots[b];
        if kept.info == 0
            || kept.info >> 17 <= size
            || (kept.low, kept.high) == (entry.low, entry.high)
        {
            self.slots[b] = entry;
        } else {
            self.slots[b + 1] = entry;
        }
    }

    fn used(&self) -> u64 {
        self.slots.iter().filter(|e| e.info != 0).count() as u64
    }
}

/// The outcome search: its table, and the solver of its endgame. One search may decide
/// many boards; what it learnt of one (table, values of regions) serves the next.
pub struct Search {
    pub limits: SearchLimits,
    pub stats: SearchStats,
    table: Table,
    solver: Solver<Domineering>,
}

/// How often, in positions, the clock is read.
const READ_EVERY: u64 = 1 << 12;

/// What a search of one board needs at every position.
struct Run<'a> {
    frames: [Frame; 2],
    games: &'a mut Games,
    clock: &'a Running,
}

/// The most moves a player has on a board of 128 squares.
const MOST_MOVES: usize = 128;

impl Search {
    pub fn new(limits: SearchLimits) -> Search {
        Search {
            table: Table::new(limits.table_bits),
            limits,
            stats: SearchStats::default(),
            solver: Solver::new(Domineering),
        }
    }

    /// Who wins `board` when `first` moves first.
    pub fn winner(
        &mut self,
        board: &Board,
        first: Player,
        games: &mut Games,
        clock: &Running,
    ) -> Result<Verdict, Undecided> {
        let transposed = board.transposed();
        let mut run = Run {
            frames: [
                Frame::new(board.rows(), board.cols()),
                Frame::new(transposed.rows(), transposed.cols()),
            ],
            games,
            clock,
        };
        // The mover places vertical dominoes: Left on the board, Right on its transpose.
        let (frame, mine, other) = match first {
            Player::Left => (0, board.free(), transposed.free()),
            Player::Right => (1, transposed.free(), board.free()),
        };
        let wins = self.wins(&mut run, frame, mine, other);
        self.stats.table_used = self.table.used();
        Ok(Verdict {
            first,
            winner: if wins? { first } else { first.other() },
        })
    }

    /// The outcome class of `board`: who wins when Left starts, and when Right does.
    pub fn outcome(
        &mut self,
        board: &Board,
        games: &mut Games,
        clock: &Running,
    ) -> Result<OutcomeClass, Undecided> {
        let left_first = self.winner(board, Player::Left, games, clock)?;
        let right_first = self.winner(board, Player::Right, games, clock)?;
        Ok(match (left_first.winner, right_first.winner) {
            (Player::Left, Player::Left) => OutcomeClass::LeftWins,
            (Player::Right, Player::Right) => OutcomeClass::RightWins,
            (Player::Left, Player::Right) => OutcomeClass::FirstPlayer,
            (Player::Right, Player::Left) => OutcomeClass::SecondPlayer,
        })
    }

    /// Whether the player to move wins: she places vertical dominoes on the squares `mine`
    /// of frame `f`; `other` is the same squares in the other frame (where the opponent's
    /// dominoes are vertical).
    fn wins(
        &mut self,
        run: &mut Run,
        f: usize,
        mine: u128,
        other: u128,
    ) -> Result<bool, Undecided> {
        self.stats.positions += 1;
        if self.stats.positions.is_multiple_of(READ_EVERY) {
            run.clock.read().map_err(Undecided::Stopped)?;
        }
        if self.stats.positions > self.limits.positions {
            return Err(Undecided::TooManyPositions {
                limit: self.limits.positions,
            });
        }
        let here = &run.frames[f];
        let there = &run.frames[1 - f];
        let my_moves = here.vertical(mine);
        if my_moves == 0 {
            return Ok(false);
        }
        if here.horizontal(mine) == 0 {
            return Ok(true);
        }
        if let Some(wins) = counted(here, there, mine, other) {
            self.stats.counted += 1;
            return Ok(wins);
        }
        let key = here.least_of_four(mine);
        let shape = here.shape;
        if let Some(wins) = self.table.get(key, shape) {
            self.stats.table_hits += 1;
            return Ok(wins);
        }
        if let Some(wins) = self.endgame(run, f, mine)? {
            self.stats.endgames += 1;
            self.table.put(key, shape, wins, 1);
            return Ok(wins);
        }
        let start = self.stats.positions;
        let mut moves = [(0i32, 0u8); MOST_MOVES];
        let n = order(
            &run.frames[f],
            &run.frames[1 - f],
            mine,
            other,
            my_moves,
            &mut moves,
        );
        let cols = run.frames[f].cols as u32;
        for (k, &(_, i)) in moves[..n].iter().enumerate() {
            let i = u32::from(i);
            let j = i + cols;
            let t = &run.frames[f].transpose;
            let (ti, tj) = (t[i as usize], t[j as usize]);
            let mine_after = mine & !(1u128 << i) & !(1u128 << j);
            let other_after = other & !(1u128 << ti) & !(1u128 << tj);
            if !self.wins(run, 1 - f, other_after, mine_after)? {
                self.stats.won += 1;
                self.stats.won_first += u64::from(k == 0);
                self.table
                    .put(key, shape, true, self.stats.positions - start);
                return Ok(true);
            }
        }
        self.stats.lost += 1;
        self.table
            .put(key, shape, false, self.stats.positions - start);
        Ok(false)
    }

    /// When every region of free squares is small: whether Left, to move, wins the sum of
    /// their canonical values.
    fn endgame(&mut self, run: &mut Run, f: usize, mine: u128) -> Result<Option<bool>, Undecided> {
        let limit = self.limits.endgame_squares;
        if limit == 0 {
            return Ok(None);
        }
        let frame = &run.frames[f];
        let board = Board::new(frame.rows, frame.cols, mine).expect("the frame is a board");
        let regions = board.regions();
        if regions.iter().any(|r| r.count_ones() as usize > limit) {
            return Ok(None);
        }
        let mut total = run.games.zero();
        for r in regions {
            if r.count_ones() < 2 {
                continue;
            }
            let v = match self.solver.value(&board.cut(r), run.games, run.clock) {
                Ok(v) => v,
                Err(Unsolved::Stopped(stop)) => return Err(Undecided::Stopped(stop)),
                Err(_) => return Ok(None),
            };
            total = run.games.add(total, v);
        }
        let zero = run.games.zero();
        Ok(Some(!run.games.leq(total, zero)))
    }
}

/// Whether the player to move (vertical in `here`, on its squares `mine`; `other` the same
/// squares in `there`) wins by counting moves alone, if counting decides.
fn counted(here: &Frame, there: &Frame, mine: u128, other: u128) -> Option<bool> {
    let free = mine.count_ones();
    let (safe, double, single, idle) = there.prospects(other);
    let mine_first = safe + (2 * double + 3 * single).div_ceil(6);
    if mine_first > here.pairs(mine) || 4 * mine_first + idle > free {
        return Some(true);
    }
    let (safe, double, single, idle) = here.prospects(mine);
    let theirs_second = safe + (2 * double + 3 * single).saturating_sub(4).div_ceil(6);
    if theirs_second >= there.pairs(other) || 4 * theirs_second + 2 + idle > free {
        return Some(false);
    }
    None
}

/// The mover's moves into `out`, best first, and how many there are: by the mover's possible
/// and safe moves gained and the opponent's lost, dominoes on two of the mover's own safe
/// squares last, then by square.
fn order(
    here: &Frame,
    there: &Frame,
    mine: u128,
    other: u128,
    my_moves: u128,
    out: &mut [(i32, u8); MOST_MOVES],
) -> usize {
    let counts = |mine: u128, other: u128| -> i32 {
        let my_possible = there.pairs(other) as i32;
        let their_possible = here.pairs(mine) as i32;
        let my_safe = there.pairs(there.alone_in_column(other)) as i32;
        let their_safe = here.pairs(here.alone_in_column(mine)) as i32;
        my_possible - their_possible + my_safe - their_safe
    };
    let before = counts(mine, other);
    let safe = here.alone_in_row(mine);
    let cols = here.cols as u32;
    let mut n = 0;
    let mut rest = my_moves;
    while rest != 0 {
        let i = rest.trailing_zeros();
        rest &= rest - 1;
        let j = i + cols;
        let (ti, tj) = (here.transpose[i as usize], here.transpose[j as usize]);
        let after = counts(
            mine & !(1u128 << i) & !(1u128 << j),
            other & !(1u128 << ti) & !(1u128 << tj),
        );
        let wasted = safe >> i & safe >> j & 1 == 1;
        let score = after - before - if wasted { 100 } else { 0 };
        // Squares number at most 128, so a square fits a byte.
        out[n] = (score, i as u8);
        n += 1;
    }
    out[..n].sort_unstable_by_key(|&(score, i)| (std::cmp::Reverse(score), i));
    n
}
