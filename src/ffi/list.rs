//! Listing solutions: `sudoku_list_solutions`.

use std::ffi::c_char;
use std::mem::{size_of, MaybeUninit};
use std::slice;

use super::region::Region;
use super::sudoku_status::{self, *};
use super::{board_ref, guard, required};
use crate::geometry::CELLS;
use crate::solver::{self, Start};

/// One solution in the caller's buffer.
type Text = [u8; CELLS];

/// Lists the solutions of a puzzle: writes the first `capacity` of them, in ascending
/// lexicographic order of their 81 characters, into a caller's buffer.
///
/// `board`: 81 bytes, row-major, as for `sudoku_solve`; it is only read. `solutions`:
/// `81 * capacity` writable bytes (it may be uninitialised, and may be NULL only when `capacity`
/// is 0). `written` and `more`: required.
///
/// On `SUDOKU_OK`, the first `n = min(total, capacity)` solutions in ascending lexicographic
/// order of their text (`'1'`-`'9'`, row-major; the order `sort` gives their lines, and the
/// order of the boards' digits) are written back to back, solution `i` at bytes `81 * i` to
/// `81 * i + 80` of `solutions` (no NUL terminators); `*written = n`, and `*more` is whether the
/// puzzle has more than `capacity` solutions. Bytes past `81 * n` are left untouched. A puzzle
/// with no solution is `SUDOKU_OK` with `*written == 0` and `*more == false` (as
/// `sudoku_count_solutions` gives 0). `capacity == 0` writes no solution and only tells, through
/// `*more`, whether there is any. The order does not depend on the CPU or on the library's
/// search heuristics: how it is produced is in `docs/solver.md` ("Listing solutions").
///
/// Returns `SUDOKU_OK`, `SUDOKU_NULL_POINTER` (`board`, `written` or `more` is NULL, or
/// `solutions` is NULL with `capacity > 0`), `SUDOKU_INVALID_ARGUMENT` (`81 * capacity`
/// overflows or exceeds `PTRDIFF_MAX`, a buffer would end past the last address, or the
/// `solutions` buffer, the board, `*written` and `*more` are not pairwise apart),
/// `SUDOKU_INVALID_CHARACTER`, `SUDOKU_CONFLICTING_GIVENS` or `SUDOKU_INTERNAL_ERROR`. Arguments
/// are checked before anything is written: on any status but `SUDOKU_OK` nothing is written,
/// except that on `SUDOKU_INTERNAL_ERROR` (a bug) some of the `solutions` bytes may have been.
///
/// Thread-safe; no allocation. Time grows with `capacity` on boards with many solutions, as for
/// `sudoku_count_solutions` with limit `capacity + 1`: pass the smallest capacity you need.
///
/// # Safety
/// `board` must be NULL or point to 81 readable bytes; `solutions` NULL or valid for writes of
/// `81 * capacity` bytes; `written` NULL or point to a writable `size_t`; `more` NULL or point to
/// a writable `bool`. None of them may be accessed by another thread during the call.
#[no_mangle]
pub unsafe extern "C" fn sudoku_list_solutions(
    board: *const c_char,
    solutions: *mut c_char,
    capacity: usize,
    written: *mut usize,
    more: *mut bool,
) -> sudoku_status {
    guard(|| {
        // NULL pointers first, then the buffers' extents, then the board.
        let board_ptr = required(board.cast_mut())?;
        let written = required(written)?;
        let more = required(more)?;
        let solutions = solutions.cast::<Text>();
        if capacity > 0 {
            required(solutions)?;
        }
        let (Some(input), Some(output), Some(count_out), Some(more_out)) = (
            Region::of(board_ptr.as_ptr().cast::<Text>(), 1),
            Region::of(solutions, capacity),
            Region::of(written.as_ptr().cast::<u8>(), size_of::<usize>()),
            Region::of(more.as_ptr().cast::<u8>(), size_of::<bool>()),
        ) else {
            return Err(SUDOKU_INVALID_ARGUMENT);
        };
        if Region::any_overlap(&[input, output, count_out, more_out]) {
            return Err(SUDOKU_INVALID_ARGUMENT);
        }
        // SAFETY: the caller guarantees 81 readable bytes, which nothing writes during the call
        // (the outputs do not overlap them, checked above).
        let board = unsafe { board_ref(board) }?;
        let out: &mut [MaybeUninit<Text>] = if capacity == 0 {
            &mut []
        } else {
            // SAFETY: non-NULL (checked above), [u8; 81] has alignment 1, and the caller
            // guarantees 81 * capacity writable bytes (at most isize::MAX, checked by
            // `Region::of`) that overlap no other argument. MaybeUninit: they may be
            // uninitialised.
            unsafe { slice::from_raw_parts_mut(solutions.cast::<MaybeUninit<Text>>(), capacity) }
        };
        let (n, has_more) = solver::list_solutions_uninit(Start::Text(board), out)?;
        // SAFETY: non-NULL, and the caller guarantees a writable size_t and a writable bool.
        unsafe {
            written.write_unaligned(n);
            more.write_unaligned(has_more);
        }
        Ok(())
    })
}
