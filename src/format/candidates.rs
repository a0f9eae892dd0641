//! Candidate (pencilmark) forms: the 729-character line, and the cells of a candidate grid
//! (a string of digits per cell, as Sudoku Explainer and HoDoKu print them).

use super::error::Reason;
use super::text::CELL;
use super::Fault;
use crate::candidates::Candidates;
use crate::geometry::CELLS;

/// Characters in a pencilmark line: 9 places for each of the 81 cells.
pub(super) const PENCILMARK_LENGTH: usize = 9 * CELLS;

/// Reads a 729-character line (`line` holds only cell characters, ASCII): character
/// `cell * 9 + d - 1` is digit `d` (a candidate of the cell) or a blank. `offset` and `column`
/// are those of its first character.
pub(super) fn pencilmark_line(
    line: &[u8],
    offset: usize,
    column: usize,
) -> Result<Candidates, Fault> {
    let mut masks = [0u16; CELLS];
    for (i, &b) in line[..PENCILMARK_LENGTH].iter().enumerate() {
        let c = CELL[b as usize];
        if c == b'.' {
            continue;
        }
        let digit = c - b'0';
        let expected = (i % 9) as u8 + 1;
        if digit != expected {
            return Err(Fault {
                offset: offset + i,
                column: column + i,
                reason: Reason::MisplacedCandidate { digit, expected },
            });
        }
        masks[i / 9] |= 1 << (digit - 1);
    }
    // Every mask has bits 0-8 only, by construction.
    Ok(Candidates::from_masks(masks).unwrap_or(Candidates::ALL))
}

/// The candidates of one cell of a candidate grid, built digit by digit.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct CellCandidates {
    /// Digit `d` is bit `d - 1`.
    pub mask: u16,
    /// The first digit that repeats, with its offset and column.
    pub repeat: Option<Fault>,
}

impl CellCandidates {
    /// Adds digit `digit` (1-9), found at `offset`, `column`.
    pub fn add(&mut self, digit: u8, offset: usize, column: usize) {
        let bit = 1u16 << (digit - 1);
        if self.mask & bit != 0 && self.repeat.is_none() {
            self.repeat = Some(Fault {
                offset,
                column,
                reason: Reason::RepeatedCandidate { digit },
            });
        }
        self.mask |= bit;
    }
}
