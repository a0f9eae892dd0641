//! The board: 81 cells, row-major (see [`crate::geometry`]), parsed from the text format used
//! at the C boundary and validated.
//!
//! In text form a given is a byte `'1'`-`'9'` and a blank is `'.'` or `'0'`; every other byte is
//! invalid.

use crate::error::Error;
use crate::geometry::{Cell, CellSet, CELLS, HOUSES};

/// Digit value of every byte: 1-9 for `'1'`-`'9'`, 0 for the blanks `'.'` and `'0'`, and
/// [`INVALID`] for anything else. A table keeps parsing branch-free in the hot path.
const DIGIT_OF_BYTE: [u8; 256] = {
    let mut table = [INVALID; 256];
    table[b'.' as usize] = 0;
    table[b'0' as usize] = 0;
    let mut d = 1;
    while d <= 9 {
        table[(b'0' + d) as usize] = d;
        d += 1;
    }
    table
};
const INVALID: u8 = 0xFF;

/// The indices (0-26, see [`crate::geometry::House`]) of the row, column and box of the cell with index `cell`.
/// Panics if `cell >= 81`.
#[inline(always)]
fn house_indices(cell: usize) -> [usize; 3] {
    match Cell::new(cell) {
        Some(cell) => {
            let [row, column, square] = cell.houses();
            [row.index(), column.index(), square.index()]
        }
        None => panic!("cell index {cell} is not below 81"),
    }
}

/// Classifies the 81 bytes of a text board: bit `cell` of the first mask is set for a given
/// (`'1'`-`'9'`), of the second for a blank (`'.'` or `'0'`).
#[inline(always)]
pub(crate) fn byte_classes(text: &[u8; CELLS]) -> (u128, u128) {
    let mut digits = 0u128;
    let mut blanks = 0u128;
    for (k, chunk) in text.chunks_exact(16).enumerate() {
        let chunk: &[u8; 16] = chunk.try_into().unwrap_or(&[0; 16]);
        let (d, b) = chunk_classes(chunk, b'1', b'9', b'.', b'0');
        digits |= (d as u128) << (16 * k);
        blanks |= (b as u128) << (16 * k);
    }
    let last = text[CELLS - 1];
    digits |= ((last.wrapping_sub(b'1') < 9) as u128) << (CELLS - 1);
    blanks |= ((last == b'.' || last == b'0') as u128) << (CELLS - 1);
    (digits, blanks)
}

/// For 16 bytes: which lie in `lo..=hi`, and which equal `blank1` or `blank2`.
/// SSE2 is part of every x86-64 CPU, so this needs no run-time detection.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn chunk_classes(chunk: &[u8; 16], lo: u8, hi: u8, blank1: u8, blank2: u8) -> (u16, u16) {
    use std::arch::x86_64::*;
    // SAFETY: SSE2 is baseline on x86-64; the load reads exactly the 16 bytes of `chunk`
    // (unaligned load allowed).
    unsafe {
        let v = _mm_loadu_si128(chunk.as_ptr().cast());
        // Unsigned range test: (v - lo) <= (hi - lo) as min(v - lo, hi - lo) == v - lo.
        let shifted = _mm_sub_epi8(v, _mm_set1_epi8(lo as i8));
        let in_range = _mm_cmpeq_epi8(
            _mm_min_epu8(shifted, _mm_set1_epi8((hi - lo) as i8)),
            shifted,
        );
        let blank = _mm_or_si128(
            _mm_cmpeq_epi8(v, _mm_set1_epi8(blank1 as i8)),
            _mm_cmpeq_epi8(v, _mm_set1_epi8(blank2 as i8)),
        );
        (
            _mm_movemask_epi8(in_range) as u16,
            _mm_movemask_epi8(blank) as u16,
        )
    }
}

/// Portable version of the x86-64 `chunk_classes`.
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
fn chunk_classes(chunk: &[u8; 16], lo: u8, hi: u8, blank1: u8, blank2: u8) -> (u16, u16) {
    let (mut a, mut b) = (0u16, 0u16);
    for (j, &c) in chunk.iter().enumerate() {
        a |= ((c.wrapping_sub(lo) <= hi - lo) as u16) << j;
        b |= ((c == blank1 || c == blank2) as u16) << j;
    }
    (a, b)
}

/// A Sudoku board: 81 cells in row-major order, each 0 (blank) or a digit 1-9.
///
/// A `Board` built by [`Board::parse`] is known to be well formed: every byte was valid and no
/// two givens share a house (row, column or box). It may still have no solution.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    cells: [u8; CELLS],
}

impl Board {
    /// The empty board (every cell blank).
    pub const EMPTY: Board = Board { cells: [0; CELLS] };

    /// Parses and validates 81 bytes (row-major; `'1'`-`'9'` givens, `'.'` or `'0'` blanks).
    ///
    /// Cells are checked in row-major order and the first fault is reported:
    /// [`Error::InvalidCharacter`] for a byte outside the format, or
    /// [`Error::ConflictingGivens`] for a given that repeats a given of a lower-index cell
    /// in its row, column or box. Validation does not search: a valid board may have no solution.
    pub fn parse(text: &[u8; CELLS]) -> Result<Board, Error> {
        let (digits, blanks) = byte_classes(text);
        if digits | blanks != CellSet::ALL.bits() {
            return Board::parse_reporting(text);
        }
        // Every byte is valid: only the givens need a look, for conflicts.
        let mut cells = [0u8; CELLS];
        // One bit per digit for each house (by index 0-26): the givens seen so far.
        let mut seen = [0u16; HOUSES];
        let mut rest = digits;
        while rest != 0 {
            let cell = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let digit = text[cell] - b'0';
            let bit = 1u16 << digit;
            let [r, c, b] = house_indices(cell);
            if (seen[r] | seen[c] | seen[b]) & bit != 0 {
                return Board::parse_reporting(text);
            }
            seen[r] |= bit;
            seen[c] |= bit;
            seen[b] |= bit;
            cells[cell] = digit;
        }
        Ok(Board { cells })
    }

    /// The plain cell-by-cell parse, which finds the first fault in row-major order exactly.
    /// The fast path above defers to it whenever a board has any fault.
    #[cold]
    fn parse_reporting(text: &[u8; CELLS]) -> Result<Board, Error> {
        let mut cells = [0u8; CELLS];
        // One bit per digit for each house (by index 0-26): the givens seen so far.
        let mut seen = [0u16; HOUSES];
        for cell in 0..CELLS {
            let byte = text[cell];
            let digit = DIGIT_OF_BYTE[byte as usize];
            if digit == 0 {
                continue;
            }
            if digit == INVALID {
                return Err(Error::InvalidCharacter { cell, byte });
            }
            let houses = house_indices(cell);
            let bit = 1u16 << digit;
            if houses.iter().any(|&h| seen[h] & bit != 0) {
                return Err(Error::ConflictingGivens { cell, digit });
            }
            for h in houses {
                seen[h] |= bit;
            }
            cells[cell] = digit;
        }
        Ok(Board { cells })
    }

    /// The cells holding a digit, as bit `cell` of the result.
    pub(crate) fn filled_cells(&self) -> u128 {
        let mut filled = 0u128;
        for (k, chunk) in self.cells.chunks_exact(16).enumerate() {
            let chunk: &[u8; 16] = chunk.try_into().unwrap_or(&[0; 16]);
            let (digits, _) = chunk_classes(chunk, 1, 9, 0xFF, 0xFF);
            filled |= (digits as u128) << (16 * k);
        }
        filled | ((self.cells[CELLS - 1] != 0) as u128) << (CELLS - 1)
    }

    /// Builds a board from cell values (0 for blank, 1-9 for a digit), validating as
    /// [`Board::parse`] does. A value above 9 is [`Error::InvalidCharacter`] (its byte is the value).
    pub fn from_digits(digits: &[u8; CELLS]) -> Result<Board, Error> {
        let mut text = [0u8; CELLS];
        for (t, &d) in text.iter_mut().zip(digits) {
            *t = if d == 0 {
                b'.'
            } else if d <= 9 {
                b'0' + d
            } else {
                d
            };
        }
        Board::parse(&text)
    }

    /// The cell values, row-major: 0 for a blank, 1-9 for a digit.
    pub fn digits(&self) -> &[u8; CELLS] {
        &self.cells
    }

    /// The value of one cell (0 for blank, 1-9). Panics if `cell >= 81`.
    pub fn get(&self, cell: usize) -> u8 {
        self.cells[cell]
    }

    /// Number of givens (non-blank cells).
    pub fn given_count(&self) -> usize {
        self.cells.iter().filter(|&&d| d != 0).count()
    }

    /// True when every cell holds a digit.
    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(|&d| d != 0)
    }

    /// Writes the board as 81 bytes: digits as `'1'`-`'9'`, blanks as `'.'`.
    pub fn to_bytes(&self) -> [u8; CELLS] {
        let mut out = [b'.'; CELLS];
        for (o, &d) in out.iter_mut().zip(&self.cells) {
            if d != 0 {
                *o = b'0' + d;
            }
        }
        out
    }

    /// Builds a board from solver output known to be consistent (crate-internal).
    pub(crate) fn from_solved(cells: [u8; CELLS]) -> Board {
        Board { cells }
    }
}

impl std::str::FromStr for Board {
    type Err = Error;

    /// Parses a string of exactly 81 characters in the board format.
    /// Another length is [`Error::WrongLength`].
    fn from_str(s: &str) -> Result<Board, Error> {
        let bytes: &[u8; CELLS] = s
            .as_bytes()
            .try_into()
            .map_err(|_| Error::WrongLength { len: s.len() })?;
        Board::parse(bytes)
    }
}

impl std::fmt::Display for Board {
    /// The 81-character line form (`'.'` for blanks).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // to_bytes yields ASCII only.
        f.write_str(std::str::from_utf8(&self.to_bytes()).map_err(|_| std::fmt::Error)?)
    }
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Board({self})")
    }
}

/// True when `solution` is a complete grid obeying the rules (each digit once per row,
/// column and box) that keeps every given of `puzzle`.
pub fn is_solution_of(puzzle: &Board, solution: &Board) -> bool {
    // One bit per digit for each house (by index 0-26).
    let mut seen = [0u16; HOUSES];
    for cell in 0..CELLS {
        let d = solution.cells[cell];
        let given = puzzle.cells[cell];
        if !(1..=9).contains(&d) || (given != 0 && given != d) {
            return false;
        }
        for h in house_indices(cell) {
            seen[h] |= 1 << d;
        }
    }
    let all = 0b11_1111_1110;
    seen.iter().all(|&m| m == all)
}

/// In [`conflicts`]: the cell's digit repeats in its row.
pub const CONFLICT_ROW: u8 = 1;
/// In [`conflicts`]: the cell's digit repeats in its column.
pub const CONFLICT_COLUMN: u8 = 2;
/// In [`conflicts`]: the cell's digit repeats in its box.
pub const CONFLICT_BOX: u8 = 4;

/// Every clash of a board's digits, for a game to mark all of them (where [`Board::parse`]
/// names only the first cell that repeats an earlier one).
///
/// `text`: 81 bytes as for [`Board::parse`]. Returns one byte a cell, row-major: the houses
/// (an OR of [`CONFLICT_ROW`], [`CONFLICT_COLUMN`] and [`CONFLICT_BOX`]) in which the cell's
/// digit is also in another cell; 0 for a blank and for a digit that repeats nowhere. So both
/// cells of a clash are marked, and an all-zero result means [`Board::parse`] accepts the board.
///
/// Errors: [`Error::InvalidCharacter`] for the first byte outside the format, in row-major order.
///
/// ```
/// let mut text = [b'.'; 81];
/// text[0] = b'5'; // r1c1
/// text[8] = b'5'; // r1c9: the same row
/// text[10] = b'5'; // r2c2: the same box as r1c1
/// let marks = sudoku::conflicts(&text).unwrap();
/// assert_eq!(marks[0], sudoku::CONFLICT_ROW | sudoku::CONFLICT_BOX);
/// assert_eq!((marks[8], marks[10]), (sudoku::CONFLICT_ROW, sudoku::CONFLICT_BOX));
/// assert_eq!(marks.iter().filter(|&&m| m != 0).count(), 3);
/// ```
pub fn conflicts(text: &[u8; CELLS]) -> Result<[u8; CELLS], Error> {
    // One bit per digit for each house (by index 0-26): the digits seen, and those seen twice.
    let mut seen = [0u16; HOUSES];
    let mut repeated = [0u16; HOUSES];
    for (cell, &byte) in text.iter().enumerate() {
        let digit = DIGIT_OF_BYTE[byte as usize];
        if digit == INVALID {
            return Err(Error::InvalidCharacter { cell, byte });
        }
        if digit == 0 {
            continue;
        }
        let bit = 1u16 << digit;
        for h in house_indices(cell) {
            repeated[h] |= seen[h] & bit;
            seen[h] |= bit;
        }
    }
    // Every byte is valid now: a second pass reads each digit again and marks its clashes.
    let mut marks = [0u8; CELLS];
    for (cell, &byte) in text.iter().enumerate() {
        let digit = DIGIT_OF_BYTE[byte as usize];
        if digit != 0 {
            let bit = 1u16 << digit;
            let [r, c, b] = house_indices(cell).map(|h| repeated[h] & bit != 0);
            for (clash, house) in [(r, CONFLICT_ROW), (c, CONFLICT_COLUMN), (b, CONFLICT_BOX)] {
                if clash {
                    marks[cell] |= house;
                }
            }
        }
    }
    Ok(marks)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digit_table_accepts_exactly_the_format() {
        for byte in 0..=255u8 {
            let expected = match byte {
                b'.' | b'0' => 0,
                b'1'..=b'9' => byte - b'0',
                _ => INVALID,
            };
            assert_eq!(DIGIT_OF_BYTE[byte as usize], expected, "byte {byte:#04x}");
        }
    }

    #[test]
    fn to_bytes_and_from_solved_keep_the_cells() {
        let mut cells = [0u8; CELLS];
        for (i, c) in cells.iter_mut().enumerate() {
            *c = (i % 10) as u8;
        }
        let board = Board::from_solved(cells);
        let text = board.to_bytes();
        for (i, &byte) in text.iter().enumerate() {
            let expected = if i % 10 == 0 {
                b'.'
            } else {
                b'0' + (i % 10) as u8
            };
            assert_eq!(byte, expected);
        }
        assert_eq!(board.digits(), &cells);
    }
}
