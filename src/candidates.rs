//! Candidate (pencilmark) puzzles: for each of the 81 cells, the set of digits it may still take.
//!
//! A set is a 9-bit mask: digit `d` (1-9) is bit `d - 1`, so `0x1FF` is every digit and `0` no
//! digit at all (a cell with no candidate: the puzzle has no solution, which the solver reports,
//! not the reader). Cells are row-major, as everywhere (see [`crate::geometry`]).

use crate::board::Board;
use crate::error::Error;
use crate::geometry::{Cell, CELLS, HOUSES};

/// Every digit: the mask of an unconstrained cell.
pub const ALL_DIGITS: u16 = 0x1FF;

/// The candidates of the 81 cells, row-major; digit `d` of a cell is bit `d - 1` of its mask.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Candidates {
    masks: [u16; CELLS],
}

impl Candidates {
    /// Every digit in every cell (the empty board's candidates).
    pub const ALL: Candidates = Candidates {
        masks: [ALL_DIGITS; CELLS],
    };

    /// The candidates given as 81 masks; `None` when a mask has a bit above bit 8.
    #[inline]
    pub fn from_masks(masks: [u16; CELLS]) -> Option<Candidates> {
        // One OR over all masks (no early exit), which compiles to a few vector operations.
        let any = masks.iter().fold(0, |acc, &m| acc | m);
        (any & !ALL_DIGITS == 0).then_some(Candidates { masks })
    }

    /// The candidates a board of givens implies, before any elimination: a given's digit alone,
    /// every digit in a blank cell.
    pub fn from_board(board: &Board) -> Candidates {
        let mut masks = [ALL_DIGITS; CELLS];
        for (m, &d) in masks.iter_mut().zip(board.digits()) {
            if d != 0 {
                *m = 1 << (d - 1);
            }
        }
        Candidates { masks }
    }

    /// The candidates a board of givens implies once each given's digit has left its peers: a
    /// given's digit alone; in a blank cell, every digit no peer holds as a given (possibly
    /// none). The pencilmarks a player starts from. The board's givens never conflict (it is a
    /// validated [`Board`]), so each given keeps its digit.
    pub fn implied_by(board: &Board) -> Candidates {
        let digits = board.digits();
        // One bit per digit for each house (by index 0-26): the givens it holds.
        let mut held = [0u16; HOUSES];
        for (cell, &d) in digits.iter().enumerate() {
            if d != 0 {
                for house in houses_of(cell) {
                    held[house] |= 1 << (d - 1);
                }
            }
        }
        let mut masks = [ALL_DIGITS; CELLS];
        for (cell, (m, &d)) in masks.iter_mut().zip(digits).enumerate() {
            *m = if d != 0 {
                1 << (d - 1)
            } else {
                let [r, c, b] = houses_of(cell);
                ALL_DIGITS & !(held[r] | held[c] | held[b])
            };
        }
        Candidates { masks }
    }

    /// Checks the puzzle without searching, cell by cell in row-major order, and reports the
    /// first fault: [`Error::NoCandidate`] for a cell with no candidate, or
    /// [`Error::ConflictingGivens`] for a cell with exactly one candidate (a given) whose digit
    /// is also the only candidate of a lower-index cell in its row, column or box. A valid
    /// puzzle may still have no solution. (A mask above bit 8 cannot occur: [`from_masks`]
    /// rejects it.)
    ///
    /// [`from_masks`]: Candidates::from_masks
    pub fn validate(&self) -> Result<(), Error> {
        // One bit per digit for each house (by index 0-26): the givens seen so far.
        let mut seen = [0u16; HOUSES];
        for (cell, &m) in self.masks.iter().enumerate() {
            if m == 0 {
                return Err(Error::NoCandidate { cell });
            }
            if m & (m - 1) != 0 {
                continue;
            }
            let [r, c, b] = houses_of(cell);
            if (seen[r] | seen[c] | seen[b]) & m != 0 {
                return Err(Error::ConflictingGivens {
                    cell,
                    digit: 1 + m.trailing_zeros() as u8,
                });
            }
            seen[r] |= m;
            seen[c] |= m;
            seen[b] |= m;
        }
        Ok(())
    }

    /// Whether `solution` (a complete board) is a solution of this puzzle: a valid grid whose
    /// every cell holds one of its candidates.
    pub fn is_solved_by(&self, solution: &Board) -> bool {
        crate::board::is_solution_of(&Board::EMPTY, solution)
            && self
                .masks
                .iter()
                .zip(solution.digits())
                .all(|(&m, &d)| d != 0 && m >> (d - 1) & 1 != 0)
    }

    /// The 81 masks, row-major.
    #[inline]
    pub fn masks(&self) -> &[u16; CELLS] {
        &self.masks
    }

    /// The mask of one cell (0-80). Panics if `cell >= 81`.
    pub fn get(&self, cell: usize) -> u16 {
        self.masks[cell]
    }

    /// The board of the cells that have exactly one candidate (as a digit `'1'`-`'9'`), every
    /// other cell `'.'`: what a candidate puzzle shows as givens.
    pub fn singles_text(&self) -> [u8; CELLS] {
        let mut text = [b'.'; CELLS];
        for (t, &m) in text.iter_mut().zip(&self.masks) {
            if m.count_ones() == 1 {
                *t = b'1' + m.trailing_zeros() as u8;
            }
        }
        text
    }
}

/// The cells of a candidate puzzle by the size of their masks, one bit per cell (bit `i` for cell
/// `i`): what the solver's start needs to know before it looks at any digit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct MaskClasses {
    /// Cells with no candidate.
    pub(crate) empty: u128,
    /// Cells with exactly one candidate (the givens).
    pub(crate) single: u128,
    /// Cells with every digit (no restriction).
    pub(crate) full: u128,
}

impl Candidates {
    /// The cells by the size of their masks (see [`MaskClasses`]). Branch-free and, on x86-64,
    /// eight cells at a time in SSE2, so that candidates from givens start as fast as text.
    #[inline(always)]
    pub(crate) fn classes(&self) -> MaskClasses {
        let mut classes = MaskClasses {
            empty: 0,
            single: 0,
            full: 0,
        };
        for k in 0..CELLS / 16 {
            let chunk: &[u16; 16] = self.masks[16 * k..16 * k + 16]
                .try_into()
                .unwrap_or(&[0; 16]);
            let (empty, single, full) = chunk_classes(chunk);
            classes.empty |= (empty as u128) << (16 * k);
            classes.single |= (single as u128) << (16 * k);
            classes.full |= (full as u128) << (16 * k);
        }
        for cell in CELLS / 16 * 16..CELLS {
            let m = self.masks[cell];
            classes.empty |= ((m == 0) as u128) << cell;
            classes.single |= ((m != 0 && m & (m - 1) == 0) as u128) << cell;
            classes.full |= ((m == ALL_DIGITS) as u128) << cell;
        }
        classes
    }
}

/// For 16 masks: which are 0, which have exactly one bit, which are [`ALL_DIGITS`].
/// SSE2 is part of every x86-64 CPU, so this needs no run-time detection.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn chunk_classes(chunk: &[u16; 16]) -> (u16, u16, u16) {
    use std::arch::x86_64::*;
    // SAFETY: SSE2 is baseline on x86-64; the two loads read exactly the 32 bytes of `chunk`
    // (unaligned loads allowed).
    unsafe {
        let lo = _mm_loadu_si128(chunk.as_ptr().cast());
        let hi = _mm_loadu_si128(chunk.as_ptr().add(8).cast());
        let zero = _mm_setzero_si128();
        let one = _mm_set1_epi16(1);
        let all = _mm_set1_epi16(ALL_DIGITS as i16);
        // 16-bit lanes of all ones or zeros, packed to bytes (saturation keeps -1 and 0).
        let bits = |l: __m128i, h: __m128i| _mm_movemask_epi8(_mm_packs_epi16(l, h)) as u16;
        let empty = bits(_mm_cmpeq_epi16(lo, zero), _mm_cmpeq_epi16(hi, zero));
        // m & (m - 1) == 0: a single bit, or none.
        let at_most_one = bits(
            _mm_cmpeq_epi16(_mm_and_si128(lo, _mm_sub_epi16(lo, one)), zero),
            _mm_cmpeq_epi16(_mm_and_si128(hi, _mm_sub_epi16(hi, one)), zero),
        );
        let full = bits(_mm_cmpeq_epi16(lo, all), _mm_cmpeq_epi16(hi, all));
        (empty, at_most_one & !empty, full)
    }
}

/// For 16 masks: which are 0, which have exactly one bit, which are [`ALL_DIGITS`].
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
fn chunk_classes(chunk: &[u16; 16]) -> (u16, u16, u16) {
    let (mut empty, mut single, mut full) = (0, 0, 0);
    for (i, &m) in chunk.iter().enumerate() {
        empty |= ((m == 0) as u16) << i;
        single |= ((m != 0 && m & (m - 1) == 0) as u16) << i;
        full |= ((m == ALL_DIGITS) as u16) << i;
    }
    (empty, single, full)
}

/// The indices (0-26, as [`crate::geometry::House::index`]) of the row, column and box of `cell`
/// (0-80).
fn houses_of(cell: usize) -> [usize; 3] {
    match Cell::new(cell) {
        Some(cell) => cell.houses().map(|house| house.index()),
        None => unreachable!("cells are 0-80"),
    }
}

impl std::fmt::Debug for Candidates {
    /// The 729-character line form: for each cell, digit `d` at place `d` or `'.'`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut line = String::with_capacity(9 * CELLS);
        for &m in &self.masks {
            for d in 0..9u8 {
                line.push(if m >> d & 1 != 0 {
                    char::from(b'1' + d)
                } else {
                    '.'
                });
            }
        }
        write!(f, "Candidates({line})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_and_boards() {
        assert!(Candidates::from_masks([0x200; CELLS]).is_none());
        let mut masks = [ALL_DIGITS; CELLS];
        masks[3] = 0b100;
        masks[4] = 0;
        let c = Candidates::from_masks(masks).unwrap();
        assert_eq!(c.get(3), 4);
        let singles = c.singles_text();
        assert_eq!(&singles[..5], b"...3.");
        let board = Board::from_digits(&{
            let mut d = [0u8; CELLS];
            d[80] = 9;
            d
        })
        .unwrap();
        let c = Candidates::from_board(&board);
        assert_eq!(c.get(80), 0x100);
        assert_eq!(c.get(0), ALL_DIGITS);
    }
}
