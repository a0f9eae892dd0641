//! Candidate (pencilmark) puzzles: `sudoku_solve_candidates`, `sudoku_solve_unique_candidates`,
//! `sudoku_count_solutions_candidates`, `sudoku_validate_candidates`, and
//! `sudoku_board_candidates` (the candidates a board of givens implies).
//!
//! A candidate puzzle is 81 `uint16_t` masks, row-major; digit `d` (1-9) of cell `i` is bit
//! `d - 1` of `candidates[i]`, as `sudoku_read_puzzle` writes them. A solution is a valid full
//! grid whose every cell holds one of its candidates. The masks are read once, as bytes (the
//! pointer need not be aligned), before anything is written.

use std::ffi::c_char;

use super::solve::faulty_cell;
use super::sudoku_status::{self, *};
use super::{board_ref, guard, required};
use crate::board::Board;
use crate::candidates::{Candidates, ALL_DIGITS};
use crate::error::Error;
use crate::geometry::CELLS;
use crate::solver::{self, Mode, Start};

/// The caller's 81 masks, copied; `Err(SUDOKU_NULL_POINTER)` when `candidates` is NULL.
///
/// # Safety
/// `candidates` must be NULL or point to 162 readable bytes (81 `uint16_t`, any alignment) that
/// nothing writes during the call.
#[inline(always)]
unsafe fn read_masks(candidates: *const u16) -> Result<[u16; CELLS], sudoku_status> {
    let candidates = required(candidates.cast_mut())?;
    // SAFETY: non-NULL, and the caller guarantees 81 readable `uint16_t` not written meanwhile;
    // an unaligned read copies them whatever the pointer's alignment.
    Ok(unsafe { candidates.cast::<[u16; CELLS]>().read_unaligned() })
}

/// The caller's candidate puzzle: the masks, checked; `Err(SUDOKU_INVALID_ARGUMENT)` when one
/// has a bit above bit 8. Safety: as [`read_masks`].
#[inline(always)]
pub(super) unsafe fn read_candidates(candidates: *const u16) -> Result<Candidates, sudoku_status> {
    // SAFETY: passed on from the caller.
    let masks = unsafe { read_masks(candidates) }?;
    Candidates::from_masks(masks).ok_or(SUDOKU_INVALID_ARGUMENT)
}

/// Solves a candidate puzzle in `mode` into `solution`, written only on success. Both pointers
/// are checked before either is used; the masks are copied before `solution` is touched, so
/// the two may even overlap.
///
/// # Safety
/// As `sudoku_solve_candidates`.
#[inline(always)]
unsafe fn solve_into(
    candidates: *const u16,
    solution: *mut c_char,
    mode: Mode,
) -> Result<(), sudoku_status> {
    required(candidates.cast_mut())?;
    let solution = required(solution)?;
    // SAFETY: the caller guarantees NULL (excluded above) or 81 readable `uint16_t`.
    let candidates = unsafe { read_candidates(candidates) }?;
    // SAFETY: non-NULL, and the caller guarantees 81 writable bytes with no other access during
    // the call; [u8; 81] has alignment 1, and c_char and u8 have the same size.
    let out = unsafe { solution.cast::<[u8; CELLS]>().as_mut() };
    solver::solve_to_text(Start::Candidates(&candidates), mode, out)?;
    Ok(())
}

/// Solves a candidate puzzle, stopping at the first solution found.
///
/// `candidates`: 81 `uint16_t` masks, row-major; digit `d` (1-9) of cell `i` is bit `d - 1` of
/// `candidates[i]` (as `sudoku_read_puzzle` writes them); exactly 162 bytes are read, at any
/// alignment. A cell with exactly one candidate counts as a given. `solution`: 81 bytes; on
/// `SUDOKU_OK` they receive a solution, row-major, `'1'`-`'9'`: a valid grid in which every
/// cell holds one of its candidates; on any other status they are left untouched. Candidates
/// built from givens (`sudoku_board_candidates`, or a given's digit alone and every digit in a
/// blank) solve as fast as the board through `sudoku_solve`.
///
/// Returns `SUDOKU_OK`, `SUDOKU_NO_SOLUTION` (also for a cell with no candidate; see
/// `sudoku_validate_candidates` for its index), `SUDOKU_CONFLICTING_GIVENS` (two cells of a house
/// with the same single candidate), `SUDOKU_INVALID_ARGUMENT` (a mask with a bit above bit 8,
/// that is above `0x1FF`), `SUDOKU_NULL_POINTER` (either pointer is NULL) or
/// `SUDOKU_INTERNAL_ERROR`. Thread-safe; no allocation.
///
/// # Safety
/// `candidates` must be NULL or point to 81 readable `uint16_t`; `solution` must be NULL or point
/// to 81 writable bytes.
#[no_mangle]
pub unsafe extern "C" fn sudoku_solve_candidates(
    candidates: *const u16,
    solution: *mut c_char,
) -> sudoku_status {
    // SAFETY: passed on from the caller.
    guard(|| unsafe { solve_into(candidates, solution, Mode::First) })
}

/// Solves a candidate puzzle only if it has exactly one solution.
///
/// `candidates` and `solution`: as for `sudoku_solve_candidates`; `solution` receives the unique
/// solution on `SUDOKU_OK` and is left untouched otherwise.
///
/// Returns `SUDOKU_OK`, `SUDOKU_NO_SOLUTION`, `SUDOKU_MULTIPLE_SOLUTIONS`,
/// `SUDOKU_CONFLICTING_GIVENS`, `SUDOKU_INVALID_ARGUMENT`, `SUDOKU_NULL_POINTER` or
/// `SUDOKU_INTERNAL_ERROR`, as for `sudoku_solve_candidates`. Thread-safe; no allocation.
///
/// # Safety
/// As `sudoku_solve_candidates`.
#[no_mangle]
pub unsafe extern "C" fn sudoku_solve_unique_candidates(
    candidates: *const u16,
    solution: *mut c_char,
) -> sudoku_status {
    // SAFETY: passed on from the caller.
    guard(|| unsafe { solve_into(candidates, solution, Mode::Unique) })
}

/// Counts the solutions of a candidate puzzle, stopping at `limit`.
///
/// `candidates`: as for `sudoku_solve_candidates`; only read. `limit`: the most solutions to
/// count, at least 1 (2 tests uniqueness). On `SUDOKU_OK`, `*count` is the number of solutions,
/// capped at `limit`: 0 when there is none, a cell with no candidate included (not an error
/// here, as a board without solution is not one for `sudoku_count_solutions`;
/// `sudoku_validate_candidates` tells the cell). On any other status `*count` is left untouched.
///
/// Returns `SUDOKU_OK`, `SUDOKU_NULL_POINTER` (candidates or count is NULL),
/// `SUDOKU_INVALID_ARGUMENT` (`limit == 0`, or a mask above `0x1FF`),
/// `SUDOKU_CONFLICTING_GIVENS` or `SUDOKU_INTERNAL_ERROR`, checked in that order: pointers, then
/// the limit, then the masks. Thread-safe; no allocation. As for `sudoku_count_solutions`, time
/// grows with `limit` on puzzles with many solutions.
///
/// # Safety
/// `candidates` must be NULL or point to 81 readable `uint16_t`; `count` must be NULL or point to
/// a writable `uint64_t`.
#[no_mangle]
pub unsafe extern "C" fn sudoku_count_solutions_candidates(
    candidates: *const u16,
    limit: u64,
    count: *mut u64,
) -> sudoku_status {
    guard(|| {
        required(candidates.cast_mut())?;
        let count = required(count)?;
        if limit == 0 {
            return Err(SUDOKU_INVALID_ARGUMENT);
        }
        // SAFETY: the caller guarantees 81 readable `uint16_t`.
        let candidates = unsafe { read_candidates(candidates) }?;
        let found = match solver::search(Start::Candidates(&candidates), Mode::Count { limit }) {
            Ok(outcome) => outcome.count(),
            Err(Error::NoCandidate { .. }) => 0,
            Err(e) => return Err(e.into()),
        };
        // SAFETY: non-NULL, and the caller guarantees a writable uint64_t.
        unsafe { count.write_unaligned(found) };
        Ok(())
    })
}

/// Checks a candidate puzzle without searching.
///
/// `candidates`: as for `sudoku_solve_candidates`; only read. `cell`: may be NULL; on a fault it
/// receives the index (0-80) of the faulty cell, and on `SUDOKU_OK` (or `SUDOKU_NULL_POINTER`,
/// `SUDOKU_INTERNAL_ERROR`) it is left untouched. Masks above `0x1FF` are looked for first (an
/// argument fault, as in the solve functions): `SUDOKU_INVALID_ARGUMENT` with the first such
/// cell. Otherwise the cells are checked in row-major order and the first fault is reported:
/// `SUDOKU_NO_SOLUTION` for a cell with no candidate, `SUDOKU_CONFLICTING_GIVENS` for a cell
/// with one candidate that is also the only candidate of a lower-index cell in its row, column
/// or box. A valid puzzle may still have no solution. These are exactly the faults the solve and
/// count functions report before searching.
///
/// Returns `SUDOKU_OK`, `SUDOKU_INVALID_ARGUMENT`, `SUDOKU_NO_SOLUTION`,
/// `SUDOKU_CONFLICTING_GIVENS`, `SUDOKU_NULL_POINTER` (candidates is NULL) or
/// `SUDOKU_INTERNAL_ERROR`. Thread-safe; no allocation.
///
/// # Safety
/// `candidates` must be NULL or point to 81 readable `uint16_t`; `cell` must be NULL or point to
/// a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn sudoku_validate_candidates(
    candidates: *const u16,
    cell: *mut usize,
) -> sudoku_status {
    guard(|| {
        // SAFETY: the caller guarantees 81 readable `uint16_t`.
        let masks = unsafe { read_masks(candidates) }?;
        let (at, status) = match Candidates::from_masks(masks) {
            None => {
                let at = masks.iter().position(|&m| m & !ALL_DIGITS != 0);
                (at, SUDOKU_INVALID_ARGUMENT)
            }
            Some(candidates) => match candidates.validate() {
                Ok(()) => return Ok(()),
                Err(e) => (faulty_cell(&e), e.into()),
            },
        };
        if let (Some(at), Ok(cell)) = (at, required(cell)) {
            // SAFETY: non-NULL, and the caller guarantees a writable size_t.
            unsafe { cell.write_unaligned(at) };
        }
        Err(status)
    })
}

/// The candidates a board of givens implies: each given's digit leaves its peers.
///
/// `board`: 81 bytes, row-major, as for `sudoku_solve`; only read. `candidates`: 81 `uint16_t`
/// (any alignment); on `SUDOKU_OK` each receives a mask (digit `d` is bit `d - 1`): for a given,
/// its digit alone; for a blank, every digit that no given of its row, column or box holds
/// (possibly none, 0: then the board has no solution). On any other status they are left
/// untouched. The result feeds `sudoku_solve_candidates` and the others as it is.
///
/// Returns `SUDOKU_OK`, `SUDOKU_INVALID_CHARACTER`, `SUDOKU_CONFLICTING_GIVENS` (as
/// `sudoku_validate`, which tells the cell), `SUDOKU_NULL_POINTER` (either pointer is NULL) or
/// `SUDOKU_INTERNAL_ERROR`. Thread-safe; no allocation.
///
/// # Safety
/// `board` must be NULL or point to 81 readable bytes; `candidates` must be NULL or point to 81
/// writable `uint16_t`.
#[no_mangle]
pub unsafe extern "C" fn sudoku_board_candidates(
    board: *const c_char,
    candidates: *mut u16,
) -> sudoku_status {
    guard(|| {
        required(board.cast_mut())?;
        let candidates = required(candidates)?;
        // SAFETY: the caller guarantees 81 readable bytes, which no one writes during the call.
        let board = unsafe { board_ref(board) }?;
        let masks = *Candidates::implied_by(&Board::parse(board)?).masks();
        // SAFETY: non-NULL, and the caller guarantees 81 writable `uint16_t`; an unaligned
        // write stores them whatever the pointer's alignment.
        unsafe { candidates.cast::<[u16; CELLS]>().write_unaligned(masks) };
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_and_its_candidates_solve_alike() {
        let text =
            *b"4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
        let mut masks = [0u16; CELLS];
        // SAFETY: 81 readable bytes and 81 writable masks.
        let status = unsafe { sudoku_board_candidates(text.as_ptr().cast(), masks.as_mut_ptr()) };
        assert_eq!(status, SUDOKU_OK);
        assert_eq!(masks[0], 1 << 3);
        let mut solution = [b'.'; CELLS];
        // SAFETY: 81 masks and 81 writable bytes.
        let status =
            unsafe { sudoku_solve_unique_candidates(masks.as_ptr(), solution.as_mut_ptr().cast()) };
        assert_eq!(status, SUDOKU_OK);
        let mut plain = text;
        // SAFETY: 81 readable and writable bytes.
        let status = unsafe { super::super::sudoku_solve_unique(plain.as_mut_ptr().cast()) };
        assert_eq!(status, SUDOKU_OK);
        assert_eq!(solution, plain);
    }
}
