//! A step applied to a player's position (`sudoku_step_apply`): the placement and the
//! eliminations, as Sudoku Explainer applies its steps.

use std::ffi::c_char;
use std::ptr;

use super::position::{optional_masks, position};
use super::sudoku_step;
use crate::board::Board;
use crate::ffi::region::Region;
use crate::ffi::sudoku_status::{self, *};
use crate::ffi::{board_ref, guard, required};
use crate::geometry::CELLS;
use crate::steps::Step;

/// A step applied to a player's position (see `sudoku_step_apply`): the board after it (81
/// bytes, `'1'`-`'9'` and `'.'`) and its candidates (81 masks, digit `d` at bit `d - 1`, a filled
/// cell's digit alone).
///
/// The position is `board` with the pencilmarks `masks` (`Grid::from_board_and_masks`; the
/// board's own candidates when `None`). Errors: `SUDOKU_INVALID_ARGUMENT` when the step does not
/// fit the position: it places a digit in a filled cell or one that is not a candidate there.
pub fn apply_step(
    step: &Step,
    board: &Board,
    masks: Option<&[u16; CELLS]>,
) -> Result<([u8; CELLS], [u16; CELLS]), sudoku_status> {
    let mut grid = position(board, masks);
    if let Some((cell, digit)) = step.placement {
        if grid.value(cell).is_some() || grid.candidates(cell) >> digit.index() & 1 == 0 {
            return Err(SUDOKU_INVALID_ARGUMENT);
        }
    }
    step.apply(&mut grid);
    let mut text = [b'.'; CELLS];
    let mut after = *grid.candidate_masks();
    for (i, &v) in grid.values().iter().enumerate() {
        if v != 0 {
            text[i] = b'0' + v;
            after[i] = 1 << (v - 1);
        }
    }
    Ok((text, after))
}

/// Applies a step (a hint) to a player's position: the step's digit is placed and its
/// eliminations removed, as Sudoku Explainer applies its steps (for the direct techniques, 3,
/// 4, 5 and 7, the placement alone: their eliminations only reveal it).
///
/// `step`: a step as `sudoku_hint` wrote it; only read. `board`: the position's 81 bytes as for
/// `sudoku_solve` (givens and placed digits), read and, on `SUDOKU_OK`, rewritten: the placed
/// digit in its cell, `'1'`-`'9'` for every filled cell and `'.'` for every empty one.
/// `candidates`: NULL, or the player's 81 pencilmark masks (`uint16_t`, any alignment, digit `d`
/// at bit `d - 1`), read as `sudoku_hint` reads them (the board's candidates intersected with
/// them) and, on `SUDOKU_OK`, rewritten with the position's candidates after the step: the
/// step's eliminations gone, the placed digit gone from the cell's peers, and each filled cell's
/// mask its digit alone, as `sudoku_board_candidates` writes them, so they can be passed to
/// `sudoku_hint` again. With NULL candidates only the board changes (eliminations then leave
/// no trace). On any other status nothing is written.
///
/// Checks, in order: NULL pointers; `candidates` overlapping `board`; the masks; the step; the
/// board; whether the step fits the position.
///
/// Returns `SUDOKU_OK`, `SUDOKU_NULL_POINTER` (`step` or `board` NULL),
/// `SUDOKU_INVALID_ARGUMENT` (a step `sudoku_step_explain` refuses; a mask with a bit above bit
/// 8; `candidates` overlapping `board`; or a step that does not fit the position: its digit
/// placed in a filled cell, or one that is not a candidate there), `SUDOKU_INVALID_CHARACTER`,
/// `SUDOKU_CONFLICTING_GIVENS` (the board, as for `sudoku_solve`) or `SUDOKU_INTERNAL_ERROR`.
/// Only those are checked: eliminations of candidates the position no longer has change
/// nothing, and a step is not checked against the puzzle's solution (`sudoku_hint` checks the
/// position). Thread-safe; no allocation.
///
/// # Safety
/// `step` must be NULL or point to a readable `sudoku_step`; `board` NULL or 81 readable and
/// writable bytes; `candidates` NULL or 81 readable and writable `uint16_t`.
#[no_mangle]
pub unsafe extern "C" fn sudoku_step_apply(
    step: *const sudoku_step,
    board: *mut c_char,
    candidates: *mut u16,
) -> sudoku_status {
    guard(|| {
        let step = required(step.cast_mut())?;
        required(board)?;
        // Both are outputs: one overlapping the other would be written over.
        if !candidates.is_null() {
            let board_region = Region::value(board.cast_const().cast::<[u8; CELLS]>());
            let masks_region = Region::value(candidates.cast_const().cast::<[u16; CELLS]>());
            match (board_region, masks_region) {
                (Some(b), Some(m)) if !b.overlaps(&m) => {}
                _ => return Err(SUDOKU_INVALID_ARGUMENT),
            }
        }
        // The other arguments before the board (the C API's order): the masks, then the step.
        // SAFETY: the caller guarantees NULL or 81 readable `uint16_t`.
        let masks = unsafe { optional_masks(candidates) }?;
        // SAFETY: non-NULL, and the caller guarantees a readable sudoku_step; an unaligned read
        // copies it whatever the alignment. Every bit pattern is a valid sudoku_step (integers
        // only); its fields are checked next.
        let raw = unsafe { step.as_ptr().read_unaligned() };
        let step = raw.engine_step().ok_or(SUDOKU_INVALID_ARGUMENT)?;
        // SAFETY: non-NULL, and the caller guarantees 81 readable bytes.
        let parsed = Board::parse(unsafe { board_ref(board) }?)?;
        let (text, after) = apply_step(&step, &parsed, masks.as_ref())?;
        // SAFETY: non-NULL, and the caller guarantees 81 writable bytes.
        unsafe { board.cast::<[u8; CELLS]>().write_unaligned(text) };
        if let Some(out) = ptr::NonNull::new(candidates) {
            // SAFETY: non-NULL, and the caller guarantees 81 writable `uint16_t`, written
            // unaligned whatever their alignment.
            unsafe { out.cast::<[u16; CELLS]>().write_unaligned(after) };
        }
        Ok(())
    })
}
