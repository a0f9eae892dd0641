//! One board at a time: `sudoku_solve`, `sudoku_solve_unique`, `sudoku_count_solutions`,
//! `sudoku_validate` and `sudoku_board_conflicts`.

use std::ffi::c_char;

use super::region::Region;
use super::sudoku_status::{self, *};
use super::{board_mut, board_ref, guard, required};
use crate::board::{self, Board};
use crate::error::Error;
use crate::geometry::CELLS;
use crate::solver::{self, Mode, Start};

/// Solves a puzzle in place, stopping at the first solution found (the fastest mode; use
/// `sudoku_solve_unique` to also prove there is no other).
///
/// `board`: 81 bytes, row-major, `'1'`-`'9'` for givens and `'.'` or `'0'` for blanks; no NUL
/// terminator is needed and no byte past the 81st is read. On `SUDOKU_OK` all 81 bytes are
/// overwritten with the digits `'1'`-`'9'`; on any other status the board is left untouched.
///
/// Returns `SUDOKU_OK`, `SUDOKU_NO_SOLUTION`, `SUDOKU_INVALID_CHARACTER`,
/// `SUDOKU_CONFLICTING_GIVENS`, `SUDOKU_NULL_POINTER` (board is NULL) or `SUDOKU_INTERNAL_ERROR`.
/// Thread-safe; no allocation.
///
/// # Safety
/// `board` must be NULL or point to 81 readable and writable bytes.
#[no_mangle]
pub unsafe extern "C" fn sudoku_solve(board: *mut c_char) -> sudoku_status {
    guard(|| {
        // SAFETY: the caller guarantees NULL or 81 readable and writable bytes that nothing else
        // touches during the call. They are written only on success.
        let board = unsafe { board_mut(board) }?;
        solver::solve_in_place(board, Mode::First)?;
        Ok(())
    })
}

/// Solves a puzzle in place only if it has exactly one solution.
///
/// `board`: 81 bytes, row-major, as for `sudoku_solve`. On `SUDOKU_OK` the 81 bytes are
/// overwritten with the unique solution; on any other status the board is left untouched.
///
/// Returns `SUDOKU_OK`, `SUDOKU_NO_SOLUTION`, `SUDOKU_MULTIPLE_SOLUTIONS`,
/// `SUDOKU_INVALID_CHARACTER`, `SUDOKU_CONFLICTING_GIVENS`, `SUDOKU_NULL_POINTER` or
/// `SUDOKU_INTERNAL_ERROR`. Thread-safe; no allocation.
///
/// # Safety
/// `board` must be NULL or point to 81 readable and writable bytes.
#[no_mangle]
pub unsafe extern "C" fn sudoku_solve_unique(board: *mut c_char) -> sudoku_status {
    guard(|| {
        // SAFETY: as in `sudoku_solve`.
        let board = unsafe { board_mut(board) }?;
        solver::solve_in_place(board, Mode::Unique)?;
        Ok(())
    })
}

/// Counts the solutions of a puzzle, stopping at `limit`.
///
/// `board`: 81 bytes, row-major, as for `sudoku_solve`; it is only read. `limit`: the most
/// solutions to count, at least 1 (use 2 to test uniqueness). On `SUDOKU_OK`, `*count` is the
/// number of solutions, capped at `limit` (0 when the puzzle has none: that is not an error); on
/// any other status `*count` is left untouched.
///
/// Returns `SUDOKU_OK`, `SUDOKU_NULL_POINTER` (board or count is NULL), `SUDOKU_INVALID_ARGUMENT`
/// (`limit == 0`), `SUDOKU_INVALID_CHARACTER`, `SUDOKU_CONFLICTING_GIVENS` or
/// `SUDOKU_INTERNAL_ERROR`. Thread-safe; no allocation. Time grows with `limit` on boards with
/// many solutions: solutions are counted one at a time, so a huge `limit` on a board with few
/// givens can run practically forever. Pass the smallest limit you need.
///
/// # Safety
/// `board` must be NULL or point to 81 readable bytes; `count` must be NULL or point to a
/// writable `uint64_t`.
#[no_mangle]
pub unsafe extern "C" fn sudoku_count_solutions(
    board: *const c_char,
    limit: u64,
    count: *mut u64,
) -> sudoku_status {
    guard(|| {
        // NULL pointers are checked before the limit, and the limit before the board is read.
        required(board.cast_mut())?;
        let count = required(count)?;
        if limit == 0 {
            return Err(SUDOKU_INVALID_ARGUMENT);
        }
        // SAFETY: the caller guarantees 81 readable bytes, which no one writes during the call
        // (that would be a data race in the caller).
        let board = unsafe { board_ref(board) }?;
        let found = solver::search(Start::Text(board), Mode::Count { limit })?.count();
        // SAFETY: non-NULL, and the caller guarantees a writable uint64_t.
        unsafe { count.write_unaligned(found) };
        Ok(())
    })
}

/// Checks a board without searching: every byte valid and no two equal givens in a house.
///
/// `board`: 81 bytes, row-major, as for `sudoku_solve`; it is only read. `cell`: may be NULL; on
/// `SUDOKU_INVALID_CHARACTER` or `SUDOKU_CONFLICTING_GIVENS` it receives the index (0-80) of the
/// first cell in row-major order that is an invalid byte or repeats a given of a lower-index cell
/// in its row, column or box. On any other status `*cell` is left untouched. A valid board may
/// still have no solution.
///
/// Returns `SUDOKU_OK`, `SUDOKU_INVALID_CHARACTER`, `SUDOKU_CONFLICTING_GIVENS`,
/// `SUDOKU_NULL_POINTER` (board is NULL) or `SUDOKU_INTERNAL_ERROR`. Thread-safe; no
/// allocation.
///
/// # Safety
/// `board` must be NULL or point to 81 readable bytes; `cell` must be NULL or point to a
/// writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn sudoku_validate(board: *const c_char, cell: *mut usize) -> sudoku_status {
    guard(|| {
        // SAFETY: as in `sudoku_count_solutions`.
        let board = unsafe { board_ref(board) }?;
        let Err(e) = Board::parse(board) else {
            return Ok(());
        };
        if let (Some(at), Ok(cell)) = (faulty_cell(&e), required(cell)) {
            // SAFETY: non-NULL, and the caller guarantees a writable size_t.
            unsafe { cell.write_unaligned(at) };
        }
        Err(e.into())
    })
}

/// In `sudoku_board_conflicts`: the cell's digit repeats in its row.
pub const SUDOKU_CONFLICT_ROW: u8 = 1;
/// In `sudoku_board_conflicts`: the cell's digit repeats in its column.
pub const SUDOKU_CONFLICT_COLUMN: u8 = 2;
/// In `sudoku_board_conflicts`: the cell's digit repeats in its box.
pub const SUDOKU_CONFLICT_BOX: u8 = 4;

// The C values are the core's.
const _: () = assert!(
    SUDOKU_CONFLICT_ROW == board::CONFLICT_ROW
        && SUDOKU_CONFLICT_COLUMN == board::CONFLICT_COLUMN
        && SUDOKU_CONFLICT_BOX == board::CONFLICT_BOX
);

/// Marks every clash of a board's digits, both cells of each, where `sudoku_validate` names only
/// the first cell that repeats an earlier one: for a game that shows a player all of them.
///
/// `board`: 81 bytes, row-major, as for `sudoku_solve`; only read. `houses`: 81 writable bytes;
/// on `SUDOKU_OK` byte `i` receives the houses of cell `i` in which its digit is also in another
/// cell, an OR of `SUDOKU_CONFLICT_ROW` (1), `SUDOKU_CONFLICT_COLUMN` (2) and
/// `SUDOKU_CONFLICT_BOX` (4); 0 for a blank and for a digit that repeats nowhere. It may be the
/// same buffer as `board` (read whole before any write). `count`: NULL, or receives the number
/// of cells marked (0 exactly when `sudoku_validate` returns `SUDOKU_OK`). A board with clashes
/// is still `SUDOKU_OK` here: the clashes are the answer. A clash is between digits only;
/// whether the digits agree with a solution is `sudoku_hint`'s question (`SUDOKU_WRONG_DIGIT`).
///
/// On any status but `SUDOKU_OK` nothing is written. Returns `SUDOKU_OK`,
/// `SUDOKU_INVALID_CHARACTER` (a byte outside the format; `sudoku_validate` tells the cell),
/// `SUDOKU_NULL_POINTER` (`board` or `houses` is NULL), `SUDOKU_INVALID_ARGUMENT` (`count`
/// overlaps `houses`) or `SUDOKU_INTERNAL_ERROR`. Thread-safe; no allocation.
///
/// # Safety
/// `board` must be NULL or point to 81 readable bytes; `houses` must be NULL or point to 81
/// writable bytes; `count` must be NULL or point to a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn sudoku_board_conflicts(
    board: *const c_char,
    houses: *mut u8,
    count: *mut usize,
) -> sudoku_status {
    guard(|| {
        required(board.cast_mut())?;
        let houses = required(houses)?;
        let count = Region::optional_output(houses.as_ptr().cast_const(), CELLS, count)?;
        // SAFETY: the caller guarantees 81 readable bytes; they are read whole into `marks`
        // before any write, so `houses` may be the same buffer.
        let marks = board::conflicts(unsafe { board_ref(board) }?)?;
        // SAFETY: non-NULL, and the caller guarantees 81 writable bytes.
        unsafe { houses.cast::<[u8; CELLS]>().write_unaligned(marks) };
        if let Some(count) = count {
            let marked = marks.iter().filter(|&&m| m != 0).count();
            // SAFETY: non-NULL, and the caller guarantees a writable size_t.
            unsafe { count.write_unaligned(marked) };
        }
        Ok(())
    })
}

/// The cell a validation error names, if any.
pub(super) fn faulty_cell(e: &Error) -> Option<usize> {
    match *e {
        Error::InvalidCharacter { cell, .. }
        | Error::ConflictingGivens { cell, .. }
        | Error::NoCandidate { cell } => Some(cell),
        _ => None,
    }
}
