//! Domineering's census families: every board of n free cells that hangs together, and every
//! rectangle.
//!
//! The one idea: a connected board (a polyomino) of n cells is one of n − 1 cells with a cell
//! added beside it (remove a cell that is a leaf of a spanning tree and the rest hangs
//! together), so the boards of each size grow from those of the size below, each kept once
//! under its census form: cut to its free cells and reflected to the least of the four images
//! that keep a domino's direction (the board, its mirror image, it upside down, it turned half
//! way). A quarter turn swaps the players and negates the value, so a board and its quarter
//! turn are two members, unless a reflection already makes them one.

use super::board::Board;

/// The census form of a board: its free cells on their bounding box, the least of the four
/// images that keep its value.
pub fn census_form(b: &Board) -> Board {
    b.cut(b.free()).least_of_four()
}

/// Every connected board of `n` free cells, once up to its reflections and half turn, in the
/// order of [`Board`] (rows, then columns, then the free squares); none for `n = 0` or a size
/// whose boards a [`Board`] cannot hold (beyond 128 squares to grow in).
pub fn boards(n: usize) -> Vec<Board> {
    let Some(single) = Board::rectangle(1, 1) else {
        return Vec::new();
    };
    let mut level = match n {
        0 => return Vec::new(),
        _ => vec![single],
    };
    for _ in 1..n {
        let mut next = std::collections::BTreeSet::new();
        for b in &level {
            let Some(room) = with_margin(b) else {
                return Vec::new();
            };
            for grown in grown_by_one(&room) {
                next.insert(census_form(&grown));
            }
        }
        level = next.into_iter().collect();
    }
    level
}

/// `b` inside a border of one blocked square all round, so that a cell can be added on any side.
fn with_margin(b: &Board) -> Option<Board> {
    let (rows, cols) = (b.rows() + 2, b.cols() + 2);
    let mut free = 0u128;
    for r in 0..b.rows() {
        for c in 0..b.cols() {
            if b.is_free(r, c) {
                free |= 1u128 << ((r + 1) * cols + c + 1);
            }
        }
    }
    Board::new(rows, cols, free)
}

/// Every board that is `b` with one blocked square beside a free one freed.
fn grown_by_one(b: &Board) -> Vec<Board> {
    let (rows, cols) = (b.rows(), b.cols());
    let mut out = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            if b.is_free(r, c) {
                continue;
            }
            let beside = [
                r.checked_sub(1).map(|r| (r, c)),
                Some((r + 1, c)),
                c.checked_sub(1).map(|c| (r, c)),
                Some((r, c + 1)),
            ];
            if beside.into_iter().flatten().any(|(r, c)| b.is_free(r, c)) {
                if let Some(grown) = Board::new(rows, cols, b.free() | 1u128 << b.bit(r, c)) {
                    out.push(grown);
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    /// A set of cells as (row, column), moved so that its least row and column are 0, sorted.
    type Cells = Vec<(i32, i32)>;

    fn normal(cells: impl IntoIterator<Item = (i32, i32)>) -> Cells {
        let cells: Vec<(i32, i32)> = cells.into_iter().collect();
        let r0 = cells.iter().map(|c| c.0).min().unwrap_or(0);
        let c0 = cells.iter().map(|c| c.1).min().unwrap_or(0);
        let mut out: Cells = cells.iter().map(|&(r, c)| (r - r0, c - c0)).collect();
        out.sort_unstable();
        out
    }

    /// Every fixed polyomino of `n` cells (up to translation only), grown cell by cell on
    /// coordinates: an enumeration apart from the one on boards.
    fn fixed(n: usize) -> BTreeSet<Cells> {
        let mut level: BTreeSet<Cells> = [vec![(0, 0)]].into_iter().collect();
        for _ in 1..n {
            let mut next = BTreeSet::new();
            for cells in &level {
                for &(r, c) in cells {
                    for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                        let new = (r + dr, c + dc);
                        if !cells.contains(&new) {
                            next.insert(normal(cells.iter().copied().chain([new])));
                        }
                    }
                }
            }
            level = next;
        }
        level
    }

    /// The images of `cells` under the symmetries of the square: the first four keep a
    /// domino's direction, the last four (transposed) swap it.
    fn images(cells: &Cells) -> Vec<Cells> {
        type Map = fn((i32, i32)) -> (i32, i32);
        let maps: [Map; 8] = [
            |(r, c)| (r, c),
            |(r, c)| (r, -c),
            |(r, c)| (-r, c),
            |(r, c)| (-r, -c),
            |(r, c)| (c, r),
            |(r, c)| (c, -r),
            |(r, c)| (-c, r),
            |(r, c)| (-c, -r),
        ];
        maps.iter()
            .map(|f| normal(cells.iter().map(|&x| f(x))))
            .collect()
    }

    fn cells_of(b: &Board) -> Cells {
        let mut out = Vec::new();
        for r in 0..b.rows() {
            for c in 0..b.cols() {
                if b.is_free(r, c) {
                    out.push((r as i32, c as i32));
                }
            }
        }
        normal(out)
    }

    /// The fixed polyominoes (OEIS A001168), the free ones (A000105: up to all eight symmetries)
    /// and the census's members (up to the four that keep a value), counted apart: the members
    /// are the fixed polyominoes' classes under the four, one each.
    #[test]
    fn boards_are_the_polyominoes_up_to_the_symmetries_that_keep_a_value() {
        // OEIS A001168 and A000105, n = 1 to 8.
        let fixed_published = [1usize, 2, 6, 19, 63, 216, 760, 2725];
        let free_published = [1usize, 1, 2, 5, 12, 35, 108, 369];
        for n in 1..=8 {
            let all = fixed(n);
            assert_eq!(all.len(), fixed_published[n - 1], "fixed, {n} cells");
            let classes = |k: usize| -> BTreeSet<Cells> {
                all.iter()
                    .map(|p| images(p)[..k].iter().min().unwrap().clone())
                    .collect()
            };
            assert_eq!(classes(8).len(), free_published[n - 1], "free, {n} cells");
            let members = boards(n);
            let kept = classes(4);
            assert_eq!(members.len(), kept.len(), "{n} cells");
            // The figures the family's description gives.
            assert_eq!(members.len(), [1, 2, 3, 9, 21, 68, 208, 730][n - 1]);
            // Each member is one of the classes, each class one member.
            let found: BTreeSet<Cells> = members
                .iter()
                .map(|b| images(&cells_of(b))[..4].iter().min().unwrap().clone())
                .collect();
            assert_eq!(found, kept, "{n} cells");
            for b in &members {
                assert_eq!(b.free_count(), n);
                assert_eq!(b.regions().len(), 1, "{b:?} hangs together");
                assert_eq!(census_form(b), *b, "{b:?} is its own census form");
            }
            assert!(members.windows(2).all(|w| w[0] < w[1]), "in order");
        }
        // Three cells: the row and the column of three (a quarter turn apart, so two members),
        // and the L (its four turns are reflections of one another, so one).
        let three: Vec<String> = boards(3).iter().map(Board::rows_text).collect();
        assert_eq!(three.len(), 3, "{three:?}");
        assert!(three.contains(&"...".to_string()) && three.contains(&"././.".to_string()));
    }
}
