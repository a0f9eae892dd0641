//! Candidate (pencilmark) puzzles: for each of the 81 cells, the set of digits it may still take.
//!
//! A set is a 9-bit mask: digit `d` (1-9) is bit `d - 1`, so `0x1FF` is every digit and `0` no
//! digit at all (a cell with no candidate: the puzzle has no solution, which the solver reports,
//! not the reader). Cells are row-major, as everywhere (see [`crate::geometry`]).

use crate::board::Board;
use crate::geometry::CELLS;

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
    pub fn from_masks(masks: [u16; CELLS]) -> Option<Candidates> {
        masks
            .iter()
            .all(|&m| m & !ALL_DIGITS == 0)
            .then_some(Candidates { masks })
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

    /// The 81 masks, row-major.
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
