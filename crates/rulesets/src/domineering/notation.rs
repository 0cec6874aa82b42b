//! How an author writes a Domineering board and a reader names a square or a domino.
//!
//! The one idea: a board is written as it looks — `4x5` for an empty rectangle of 4 rows and
//! 5 columns, or its rows of `.` (free) and `#` (blocked), top row first, separated by `/` or
//! by line breaks; a position reached in play writes a square under Left's domino `L` and one
//! under Right's `R` — and squares are named as on a chessboard, columns `a, b, c, …` from the
//! left and rows `1, 2, 3, …` from the bottom, so that `a1` is the bottom left square. A
//! domino is named by its two squares: `a1-a2` is vertical (Left's), `a1-b1` horizontal
//! (Right's).

use super::board::{Board, MAX_CELLS};
use hackenbook_base::located::Located;

/// What a board is, in the message of an error about one.
const BOARD_HELP: &str = "write a rectangle as rows x columns, such as `4x5`, or the board's \
                          rows of `.` (free) and `#` (blocked), top row first, separated by `/`, \
                          such as `..#/...`";

/// Reads a board: `RxC` (also `R×C`) or rows of `.` and `#`.
pub fn parse_board(text: &str) -> Result<Board, Located> {
    if let Some(board) = parse_rectangle(text)? {
        return Ok(board);
    }
    parse_rows(text)
}

/// `RxC`, or `None` when `text` is not of that form.
fn parse_rectangle(text: &str) -> Result<Option<Board>, Located> {
    let start = text.len() - text.trim_start().len();
    let body = text.trim();
    let Some((at, sep)) = body
        .char_indices()
        .find(|&(_, c)| matches!(c, 'x' | 'X' | '×'))
    else {
        return Ok(None);
    };
    let (rows_text, cols_text) = (&body[..at], &body[at + sep.len_utf8()..]);
    let digits = |s: &str| !s.trim().is_empty() && s.trim().bytes().all(|b| b.is_ascii_digit());
    if !digits(rows_text) || !digits(cols_text) {
        return Ok(None);
    }
    let span = start..start + body.len();
    let too_large = || {
        Located::new(
            span.clone(),
            format!(
                "`{body}` is too large: a board has at most {MAX_CELLS} squares (11x11 is the \
                 largest square)"
            ),
        )
    };
    let rows: usize = rows_text.trim().parse().map_err(|_| too_large())?;
    let cols: usize = cols_text.trim().parse().map_err(|_| too_large())?;
    if rows == 0 || cols == 0 {
        return Err(Located::new(
            span,
            format!("`{body}` has no squares: a board has at least one row and one column"),
        ));
    }
    Board::rectangle(rows, cols).map(Some).ok_or_else(too_large)
}

/// Rows of `.` and `#`, separated by `/` or line breaks; blanks around a row are ignored, and
/// so are empty lines before the first row and after the last.
fn parse_rows(text: &str) -> Result<Board, Located> {
    // Each row as (byte offset of its first square, its text).
    let mut rows: Vec<(usize, &str)> = Vec::new();
    let mut empty_at: Option<usize> = None;
    let mut at = 0;
    for piece in text.split_inclusive(['/', '\n']) {
        let start = at;
        at += piece.len();
        let body = piece.trim_end_matches(['/', '\n']);
        let trimmed = body.trim_start();
        let offset = start + body.len() - trimmed.len();
        let trimmed = trimmed.trim_end();
        if trimmed.is_empty() {
            // An empty row is harmless before the first row and after the last.
            if !rows.is_empty() && empty_at.is_none() {
                empty_at = Some(start);
            }
            continue;
        }
        if let Some(gap) = empty_at {
            return Err(Located::new(
                gap..gap + 1,
                "an empty row: every row of a board has at least one square (write a blocked \
                 square as `#`)",
            ));
        }
        rows.push((offset, trimmed));
    }
    let Some(&(first_at, first)) = rows.first() else {
        return Err(Located::new(
            0..text.len(),
            format!("no board: {BOARD_HELP}"),
        ));
    };
    for &(offset, row) in &rows {
        if let Some((i, c)) = row
            .char_indices()
            .find(|&(_, c)| !matches!(c, '.' | '#' | 'L' | 'R'))
        {
            let span = offset + i..offset + i + c.len_utf8();
            return Err(Located::new(
                span,
                format!(
                    "`{c}` is not a square: a board is written with `.` for a free square and \
                     `#` for a blocked one (and `L` or `R` for a square under Left's or \
                     Right's domino)"
                ),
            )
            .with_help(BOARD_HELP));
        }
    }
    let cols = first.len();
    for &(offset, row) in &rows[1..] {
        if row.len() != cols {
            return Err(Located::new(
                offset..offset + row.len(),
                format!(
                    "this row has {} squares and the first row has {cols}: every row of a board \
                     has the same number of squares (write blocked squares as `#`)",
                    row.len()
                ),
            ));
        }
    }
    let area = rows.len().saturating_mul(cols);
    if area > MAX_CELLS {
        let end = rows.last().map_or(first_at, |&(o, r)| o + r.len());
        return Err(Located::new(
            first_at..end,
            format!(
                "this board has {area} squares ({} rows of {cols}); a board has at most \
                 {MAX_CELLS}",
                rows.len()
            ),
        ));
    }
    let mut free = 0u128;
    let (mut left, mut right) = (0u128, 0u128);
    for (r, &(_, row)) in rows.iter().enumerate() {
        for (c, b) in row.bytes().enumerate() {
            let bit = 1u128 << (r * cols + c);
            match b {
                b'.' => free |= bit,
                b'L' => left |= bit,
                b'R' => right |= bit,
                _ => {}
            }
        }
    }
    check_dominoes(&rows, cols, left, right)?;
    Board::new(rows.len(), cols, free)
        .and_then(|b| b.with_dominoes(left, right))
        .ok_or_else(|| Located::new(first_at..first_at + 1, "this board is too large"))
}

/// Every run of `L` down a column and of `R` along a row pairs up into whole dominoes: a run
/// of odd length is located at its last square.
fn check_dominoes(
    rows: &[(usize, &str)],
    cols: usize,
    left: u128,
    right: u128,
) -> Result<(), Located> {
    let at = |r: usize, c: usize| {
        let (offset, _) = rows[r];
        Located::new(
            offset + c..offset + c + 1,
            if left >> (r * cols + c) & 1 == 1 {
                "this `L` ends a run of an odd number of squares down its column: Left's \
                 dominoes are vertical, so the squares under them come in pairs, one above \
                 the other"
            } else {
                "this `R` ends a run of an odd number of squares along its row: Right's \
                 dominoes are horizontal, so the squares under them come in pairs, side by side"
            },
        )
    };
    let covered = |bits: u128, r: usize, c: usize| bits >> (r * cols + c) & 1 == 1;
    for c in 0..cols {
        let mut run = 0;
        for r in 0..rows.len() {
            if covered(left, r, c) {
                run += 1;
            } else if run % 2 == 1 {
                return Err(at(r - 1, c));
            } else {
                run = 0;
            }
        }
        if run % 2 == 1 {
            return Err(at(rows.len() - 1, c));
        }
    }
    for r in 0..rows.len() {
        let mut run = 0;
        for c in 0..cols {
            if covered(right, r, c) {
                run += 1;
            } else if run % 2 == 1 {
                return Err(at(r, c - 1));
            } else {
                run = 0;
            }
        }
        if run % 2 == 1 {
            return Err(at(r, cols - 1));
        }
    }
    Ok(())
}

/// The board as an author writes it: `RxC` when every square is free, its rows otherwise
/// (with its placed dominoes, so that the text reads back as an equal board).
pub fn print_board(board: &Board) -> String {
    if board.is_rectangle() {
        format!("{}x{}", board.rows(), board.cols())
    } else {
        board.rows_text()
    }
}

/// The letters of column `c` (from 0): `a` … `z`, then `aa`, `ab`, … as on a spreadsheet.
pub fn column_name(c: usize) -> String {
    let mut n = c + 1;
    let mut letters = Vec::new();
    while n > 0 {
        n -= 1;
        letters.push(b'a' + (n % 26) as u8);
        n /= 26;
    }
    letters.reverse();
    String::from_utf8(letters).expect("ASCII letters")
}

/// The name of square `(r, c)` (row from the top, column from the left): `a1` is the bottom
/// left square.
pub fn square_name(board: &Board, r: usize, c: usize) -> String {
    format!("{}{}", column_name(c), board.rows() - r)
}

/// A square named `b3`: its (row from the top, column from the left), or `None` when the
/// name is no square of the board.
pub fn read_square(board: &Board, name: &str) -> Option<(usize, usize)> {
    let name = name.trim();
    let split = name.find(|c: char| !c.is_ascii_alphabetic())?;
    let (letters, digits) = name.split_at(split);
    if letters.is_empty() || letters.len() > 3 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let mut c = 0usize;
    for b in letters.bytes() {
        c = c * 26 + (b.to_ascii_lowercase() - b'a') as usize + 1;
    }
    let c = c - 1;
    let row: usize = digits.parse().ok()?;
    if row == 0 || row > board.rows() || c >= board.cols() {
        return None;
    }
    Some((board.rows() - row, c))
}

/// The name of the domino on squares `(r, c)` and the one below or to the right of it: the
/// lower (or left) square first, `a1-a2` or `a1-b1`.
pub fn domino_name(board: &Board, r: usize, c: usize, vertical: bool) -> String {
    if vertical {
        format!(
            "{}-{}",
            square_name(board, r + 1, c),
            square_name(board, r, c)
        )
    } else {
        format!(
            "{}-{}",
            square_name(board, r, c),
            square_name(board, r, c + 1)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn column_names_run_on_past_z() {
        assert_eq!(column_name(0), "a");
        assert_eq!(column_name(25), "z");
        assert_eq!(column_name(26), "aa");
        assert_eq!(column_name(27), "ab");
        assert_eq!(column_name(127), "dx");
        let wide = Board::rectangle(1, 128).unwrap();
        for c in [0, 25, 26, 127] {
            assert_eq!(
                read_square(&wide, &format!("{}1", column_name(c))),
                Some((0, c))
            );
        }
    }
}
