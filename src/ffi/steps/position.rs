//! A player's position as `sudoku_hint` and `sudoku_step_apply` read it: a board and, when the
//! caller passes them, pencilmark masks.

use std::ptr;

use crate::board::Board;
use crate::candidates::ALL_DIGITS;
use crate::ffi::sudoku_status::{self, *};
use crate::geometry::CELLS;
use crate::steps::Grid;

/// The caller's optional candidate masks, copied and checked.
///
/// # Safety
/// `candidates` must be NULL or point to 81 readable `uint16_t` (any alignment).
pub(super) unsafe fn optional_masks(
    candidates: *const u16,
) -> Result<Option<[u16; CELLS]>, sudoku_status> {
    let Some(candidates) = ptr::NonNull::new(candidates.cast_mut()) else {
        return Ok(None);
    };
    // SAFETY: non-NULL, and the caller guarantees 81 readable `uint16_t`; an unaligned read
    // copies them whatever the alignment.
    let masks = unsafe { candidates.cast::<[u16; CELLS]>().read_unaligned() };
    if masks.iter().any(|&m| m & !ALL_DIGITS != 0) {
        return Err(SUDOKU_INVALID_ARGUMENT);
    }
    Ok(Some(masks))
}

/// A player's position: `board` with the pencilmarks `masks` (the board's candidates
/// intersected with them), or the board's own candidates when `None`.
pub(super) fn position(board: &Board, masks: Option<&[u16; CELLS]>) -> Grid {
    match masks {
        Some(m) => Grid::from_board_and_masks(board, m),
        None => Grid::from_board(board),
    }
}
