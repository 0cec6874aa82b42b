//! A Domineering board as one machine word: which squares of a rectangle are free, one bit
//! each.
//!
//! The one idea: every question the game asks of a board — where each player may place a
//! domino, which squares are still connected, what the board looks like turned or reflected —
//! is a handful of shifts and masks on a `u128`, so a board is `Copy`, hashes in one step and
//! is its own memo key. Square `(r, c)` (row `r` from the top, column `c` from the left) is
//! bit `r * cols + c`; bits beyond the rectangle are always clear.
//!
//! A board reached in play also remembers which of its squares the players' dominoes cover
//! (`left`, `right`), so that a drawing shows a placed domino as a domino and not as squares
//! blocked from the start. That is history, not game: the moves, the regions and the value
//! read only `free`, and every image and cut of a board (what the solver files values under)
//! forgets it.

use std::fmt;

/// The most squares a board may have: one bit each in a `u128`.
pub const MAX_CELLS: usize = 128;

/// A rectangle of `rows × cols` squares (at most [`MAX_CELLS`] in all), each free or
/// blocked.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    rows: u8,
    cols: u8,
    free: u128,
    /// Squares covered by Left's (vertical) dominoes placed in play; never free.
    left: u128,
    /// Squares covered by Right's (horizontal) dominoes placed in play; never free.
    right: u128,
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({})", self.rows_text())
    }
}

/// The lowest `n` bits set (all 128 for `n >= 128`).
#[inline]
pub(crate) fn low_bits(n: usize) -> u128 {
    if n >= 128 {
        u128::MAX
    } else {
        (1u128 << n) - 1
    }
}

/// `x >> n`, zero when `n` is 128 or more.
#[inline]
fn shr(x: u128, n: usize) -> u128 {
    x.checked_shr(n as u32).unwrap_or(0)
}

/// `x << n`, zero when `n` is 128 or more.
#[inline]
fn shl(x: u128, n: usize) -> u128 {
    x.checked_shl(n as u32).unwrap_or(0)
}

impl Board {
    /// A board of `rows × cols` squares, those in `free` free; `None` when the rectangle is
    /// empty or has more than [`MAX_CELLS`] squares. Bits of `free` beyond the rectangle are
    /// ignored.
    pub fn new(rows: usize, cols: usize, free: u128) -> Option<Board> {
        if rows == 0 || cols == 0 || rows.checked_mul(cols)? > MAX_CELLS {
            return None;
        }
        Some(Board {
            rows: u8::try_from(rows).ok()?,
            cols: u8::try_from(cols).ok()?,
            free: free & low_bits(rows * cols),
            left: 0,
            right: 0,
        })
    }

    /// The empty rectangle: every square free.
    pub fn rectangle(rows: usize, cols: usize) -> Option<Board> {
        Board::new(rows, cols, u128::MAX)
    }

    pub fn rows(&self) -> usize {
        self.rows as usize
    }

    pub fn cols(&self) -> usize {
        self.cols as usize
    }

    /// The free squares, one bit each.
    pub fn free(&self) -> u128 {
        self.free
    }

    /// Squares in the rectangle, free or not.
    pub fn area(&self) -> usize {
        self.rows() * self.cols()
    }

    /// Free squares.
    pub fn free_count(&self) -> usize {
        self.free.count_ones() as usize
    }

    /// The bit of square `(r, c)`, counted from the top left.
    #[inline]
    pub fn bit(&self, r: usize, c: usize) -> u32 {
        (r * self.cols() + c) as u32
    }

    pub fn is_free(&self, r: usize, c: usize) -> bool {
        r < self.rows() && c < self.cols() && self.free >> self.bit(r, c) & 1 == 1
    }

    /// Every square of the rectangle.
    fn all(&self) -> u128 {
        low_bits(self.area())
    }

    /// The squares of the first column.
    #[inline]
    fn first_column(&self) -> u128 {
        COLUMNS[self.cols()] & self.all()
    }

    /// The squares of the last column.
    fn last_column(&self) -> u128 {
        self.first_column() << (self.cols() - 1)
    }

    /// Left's moves: bit `i` is set when squares `i` and `i + cols` (the one below) are both
    /// free, a vertical domino with `i` as its upper square.
    #[inline]
    pub fn vertical_moves(&self) -> u128 {
        self.free & shr(self.free, self.cols())
    }

    /// Right's moves: bit `i` is set when squares `i` and `i + 1` (the one to its right) are
    /// both free, a horizontal domino with `i` as its left square.
    #[inline]
    pub fn horizontal_moves(&self) -> u128 {
        self.free & (self.free >> 1) & !self.last_column()
    }

    /// The board with squares `i` and `j` blocked.
    #[inline]
    pub fn with_blocked(&self, i: u32, j: u32) -> Board {
        Board {
            free: self.free & !(1u128 << i) & !(1u128 << j),
            ..*self
        }
    }

    /// The board with `player`'s domino placed on the free squares `i` and `j`: blocked, and
    /// remembered as that player's domino.
    pub fn with_placed(&self, i: u32, j: u32, player: hackenbook_games::Player) -> Board {
        let squares = (1u128 << i) | (1u128 << j);
        let mut b = self.with_blocked(i, j);
        match player {
            hackenbook_games::Player::Left => b.left |= squares,
            hackenbook_games::Player::Right => b.right |= squares,
        }
        b
    }

    /// The board with squares `left` covered by Left's dominoes and `right` by Right's (both
    /// taken out of the free squares); `None` when a square is in both.
    pub fn with_dominoes(&self, left: u128, right: u128) -> Option<Board> {
        if left & right != 0 {
            return None;
        }
        let all = self.all();
        Some(Board {
            free: self.free & !left & !right,
            left: left & all,
            right: right & all,
            ..*self
        })
    }

    /// The squares covered by Left's dominoes placed in play.
    pub fn left_covered(&self) -> u128 {
        self.left
    }

    /// The squares covered by Right's dominoes placed in play.
    pub fn right_covered(&self) -> u128 {
        self.right
    }

    /// The same board with no memory of the dominoes placed on it: their squares simply
    /// blocked.
    pub fn forgetting_dominoes(&self) -> Board {
        Board {
            left: 0,
            right: 0,
            ..*self
        }
    }

    /// The free squares next to a square of `x` (up, down, left or right), `x` included.
    #[inline]
    fn grow(&self, x: u128) -> u128 {
        let cols = self.cols();
        let sideways = ((x << 1) & !self.first_column()) | ((x >> 1) & !self.last_column());
        (x | sideways | shl(x, cols) | shr(x, cols)) & self.free
    }

    /// The free squares split into orthogonally connected regions, each as a set of bits of
    /// this board, in order of their first square.
    pub fn regions(&self) -> Vec<u128> {
        let mut rest = self.free;
        let mut out = Vec::new();
        while rest != 0 {
            let mut region = rest & rest.wrapping_neg();
            loop {
                let grown = self.grow(region);
                if grown == region {
                    break;
                }
                region = grown;
            }
            out.push(region);
            rest &= !region;
        }
        out
    }

    /// The region `bits` of this board alone, on its bounding box (squares of the box outside
    /// the region blocked).
    pub fn cut(&self, bits: u128) -> Board {
        let bits = bits & self.free;
        if bits == 0 {
            return Board {
                rows: 1,
                cols: 1,
                free: 0,
                left: 0,
                right: 0,
            };
        }
        let cols = self.cols();
        let first_row = bits.trailing_zeros() as usize / cols;
        let last_row = (127 - bits.leading_zeros() as usize) / cols;
        let mut columns = 0u128;
        for r in first_row..=last_row {
            columns |= self.row_of(bits, r);
        }
        let first_col = columns.trailing_zeros() as usize;
        let width = 128 - columns.leading_zeros() as usize - first_col;
        let mut free = 0u128;
        for r in first_row..=last_row {
            let row = self.row_of(bits, r) >> first_col;
            free |= row << ((r - first_row) * width);
        }
        Board {
            rows: (last_row - first_row + 1) as u8,
            cols: width as u8,
            free,
            left: 0,
            right: 0,
        }
    }

    /// Row `r` of `bits` (a set of squares of this board) as the low `cols` bits.
    #[inline]
    fn row_of(&self, bits: u128, r: usize) -> u128 {
        let cols = self.cols();
        shr(bits, r * cols) & low_bits(cols)
    }

    /// The board reflected left to right.
    pub fn mirrored(&self) -> Board {
        self.turned().flipped()
    }

    /// The board reflected top to bottom.
    pub fn flipped(&self) -> Board {
        Board {
            free: self.rows_reversed(self.free),
            ..self.forgetting_dominoes()
        }
    }

    /// The board turned half way round: square `i` goes to `area - 1 - i`, so the bits are
    /// reversed.
    pub fn turned(&self) -> Board {
        Board {
            free: self.free.reverse_bits() >> (128 - self.area()),
            ..self.forgetting_dominoes()
        }
    }

    /// `bits` (squares of this board) with the order of the rows reversed.
    #[inline]
    fn rows_reversed(&self, bits: u128) -> u128 {
        let (rows, cols) = (self.rows(), self.cols());
        let row = low_bits(cols);
        let mut out = 0u128;
        for r in 0..rows {
            out |= (shr(bits, r * cols) & row) << ((rows - 1 - r) * cols);
        }
        out
    }

    /// The board reflected in its main diagonal: row `r` becomes column `r`. Left's moves
    /// become Right's and the other way round, so its value is the negative.
    pub fn transposed(&self) -> Board {
        let (rows, cols) = (self.rows(), self.cols());
        let mut free = 0u128;
        let mut rest = self.free;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let (r, c) = (i / cols, i % cols);
            free |= 1u128 << (c * rows + r);
        }
        Board {
            rows: self.cols,
            cols: self.rows,
            free,
            left: 0,
            right: 0,
        }
    }

    /// The least of the four boards the reflections that keep a domino's direction reach
    /// (the board itself, mirrored, flipped, turned half way).
    pub fn least_of_four(&self) -> Board {
        let turned = self.turned();
        let least = self.free.min(turned.free);
        let least = least.min(self.rows_reversed(self.free));
        let least = least.min(self.rows_reversed(turned.free));
        Board {
            free: least,
            ..self.forgetting_dominoes()
        }
    }

    /// The board under which this board's value is filed: the least of its eight images under
    /// the symmetries of the square, and whether that image is a transposed one (a quarter
    /// turn or a diagonal reflection), whose value is the negative of this board's.
    pub fn symmetry_key(&self) -> (Board, bool) {
        // Images are ordered by rows first, so a transposed image can only be least when the
        // board has more rows than columns, and an untransposed one when it has fewer.
        use std::cmp::Ordering::*;
        match self.rows.cmp(&self.cols) {
            Less => (self.least_of_four(), false),
            Greater => (self.transposed().least_of_four(), true),
            Equal => {
                let kept = self.least_of_four();
                let turned = self.transposed().least_of_four();
                if turned < kept {
                    (turned, true)
                } else {
                    (kept, false)
                }
            }
        }
    }

    /// The squares written as rows of `.` (free) and `#` (blocked), top row first, joined by
    /// `/`; a square under a domino placed in play is `L` (Left's) or `R` (Right's).
    pub fn rows_text(&self) -> String {
        let mut out = String::with_capacity(self.area() + self.rows());
        for r in 0..self.rows() {
            if r > 0 {
                out.push('/');
            }
            for c in 0..self.cols() {
                let bit = 1u128 << self.bit(r, c);
                out.push(if self.free & bit != 0 {
                    '.'
                } else if self.left & bit != 0 {
                    'L'
                } else if self.right & bit != 0 {
                    'R'
                } else {
                    '#'
                });
            }
        }
        out
    }

    /// Whether every square is free.
    pub fn is_rectangle(&self) -> bool {
        self.free == self.all()
    }
}

/// `COLUMNS[n]`: bits `0, n, 2n, …` — the first column of any board `n` squares wide.
const COLUMNS: [u128; MAX_CELLS + 1] = {
    let mut table = [0u128; MAX_CELLS + 1];
    let mut n = 1;
    while n <= MAX_CELLS {
        let mut i = 0;
        while i < 128 {
            table[n] |= 1u128 << i;
            i += n;
        }
        n += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use super::*;

    fn board(text: &str) -> Board {
        let rows: Vec<&str> = text.split('/').collect();
        let cols = rows[0].len();
        let mut free = 0u128;
        for (r, row) in rows.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                if ch == '.' {
                    free |= 1 << (r * cols + c);
                }
            }
        }
        Board::new(rows.len(), cols, free).unwrap()
    }

    #[test]
    fn moves_stay_inside_their_rows_and_columns() {
        let b = board(".../..#");
        // Vertical: a domino on (0,0)-(1,0) and on (0,1)-(1,1), not on column 2.
        assert_eq!(b.vertical_moves(), 0b011);
        // Horizontal: (0,0)-(0,1), (0,1)-(0,2), (1,0)-(1,1); none across the row end.
        assert_eq!(b.horizontal_moves(), 0b001_011);
        let strip = Board::rectangle(1, 128).unwrap();
        assert_eq!(strip.vertical_moves(), 0);
        assert_eq!(strip.horizontal_moves().count_ones(), 127);
        let column = Board::rectangle(128, 1).unwrap();
        assert_eq!(column.vertical_moves().count_ones(), 127);
        assert_eq!(column.horizontal_moves(), 0);
    }

    #[test]
    fn regions_are_cut_to_their_bounding_boxes() {
        let b = board("..#./.#../###.");
        let regions: Vec<String> = b
            .regions()
            .into_iter()
            .map(|r| b.cut(r).rows_text())
            .collect();
        assert_eq!(regions, ["../.#", "#./../#."]);
        // A region touching the right edge does not leak into the next row.
        let b = board("#./.#");
        assert_eq!(b.regions().len(), 2);
    }

    #[test]
    fn symmetries_move_the_squares_they_should() {
        let b = board("..#/...");
        assert_eq!(b.mirrored().rows_text(), "#../...");
        assert_eq!(b.flipped().rows_text(), ".../..#");
        assert_eq!(b.transposed().rows_text(), "../../#.");
        assert_eq!(b.transposed().transposed(), b);
        // All eight images share one key; the transposed ones carry the sign.
        let (key, negated) = b.symmetry_key();
        assert!(!negated);
        for image in [b, b.mirrored(), b.flipped(), b.mirrored().flipped()] {
            assert_eq!(image.symmetry_key(), (key, false));
            assert_eq!(image.transposed().symmetry_key(), (key, true));
        }
    }
}
