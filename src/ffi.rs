//! The C API. Every `extern "C"` item of the library is here; the header `include/sudoku.h` is
//! generated from this file by cbindgen (see `build.rs`).
//!
//! Conventions (after rustls-ffi): one status enum; arguments are checked before any work (NULL
//! pointers first, then other arguments, then the board); outputs are written only on success;
//! each exported body runs under a panic guard, so a fault inside the library becomes
//! `SUDOKU_INTERNAL_ERROR` and never unwinds into C. No function keeps state between calls, so
//! every function is safe to call from many threads at once (on distinct output buffers).

#![allow(non_camel_case_types)]

use std::ffi::{c_char, c_int};
use std::mem::{align_of, size_of, MaybeUninit};
use std::ops::Range;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::slice;

use crate::batch::{self, BatchMode};
use crate::board::Board;
use crate::error::Error;
use crate::fault;
use crate::geometry::CELLS;
use crate::solver::{self, Mode, Start};

/// Result of every libsudoku function that can fail. The numeric values are fixed.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum sudoku_status {
    /// Success; outputs were written.
    SUDOKU_OK = 0,
    /// The puzzle has no solution.
    SUDOKU_NO_SOLUTION = 1,
    /// The puzzle has more than one solution (a unique one was required).
    SUDOKU_MULTIPLE_SOLUTIONS = 2,
    /// A board byte is not `'1'`-`'9'`, `'.'` or `'0'`.
    SUDOKU_INVALID_CHARACTER = 3,
    /// Two equal givens share a row, column or box.
    SUDOKU_CONFLICTING_GIVENS = 4,
    /// A required pointer argument was NULL.
    SUDOKU_NULL_POINTER = 5,
    /// An argument is out of range or inconsistent: `limit == 0`, unknown batch flags, or batch
    /// buffers that overlap, are misaligned or too large.
    SUDOKU_INVALID_ARGUMENT = 6,
    /// An internal fault (a bug in libsudoku) was caught; outputs were not written.
    SUDOKU_INTERNAL_ERROR = 7,
}

use sudoku_status::*;

impl From<Error> for sudoku_status {
    fn from(e: Error) -> sudoku_status {
        match e {
            Error::InvalidCharacter { .. } | Error::WrongLength { .. } => SUDOKU_INVALID_CHARACTER,
            Error::ConflictingGivens { .. } => SUDOKU_CONFLICTING_GIVENS,
            Error::NoSolution => SUDOKU_NO_SOLUTION,
            Error::MultipleSolutions => SUDOKU_MULTIPLE_SOLUTIONS,
        }
    }
}

/// Runs an exported body, turning a panic into `SUDOKU_INTERNAL_ERROR`.
fn guard(body: impl FnOnce() -> Result<(), sudoku_status>) -> sudoku_status {
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(())) => SUDOKU_OK,
        Ok(Err(status)) => status,
        Err(_) => SUDOKU_INTERNAL_ERROR,
    }
}

/// The caller's board, read where it lies (a fault-injection point, see `fault`).
///
/// # Safety
/// `board` must be non-NULL and point to 81 readable bytes that nothing writes during the call.
unsafe fn board_text<'a>(board: *const c_char) -> &'a [u8; CELLS] {
    // SAFETY: the caller guarantees 81 readable bytes not written meanwhile; [u8; 81] has
    // alignment 1, and c_char and u8 have the same size.
    let text = unsafe { &*board.cast::<[u8; CELLS]>() };
    fault::point(text);
    text
}

/// The caller's board, to be solved where it lies (a fault-injection point, see `fault`).
///
/// # Safety
/// `board` must be non-NULL and point to 81 readable and writable bytes that nothing else
/// accesses during the call.
unsafe fn board_text_mut<'a>(board: *mut c_char) -> &'a mut [u8; CELLS] {
    // SAFETY: the caller guarantees 81 readable and writable bytes with no other access;
    // [u8; 81] has alignment 1, and c_char and u8 have the same size.
    let text = unsafe { &mut *board.cast::<[u8; CELLS]>() };
    fault::point(text);
    text
}

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
        if board.is_null() {
            return Err(SUDOKU_NULL_POINTER);
        }
        // SAFETY: non-NULL, and the caller guarantees 81 readable and writable bytes that
        // nothing else touches during the call. They are written only on success.
        solver::solve_in_place(unsafe { board_text_mut(board) }, Mode::First)?;
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
        if board.is_null() {
            return Err(SUDOKU_NULL_POINTER);
        }
        // SAFETY: as in `sudoku_solve`.
        solver::solve_in_place(unsafe { board_text_mut(board) }, Mode::Unique)?;
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
/// many solutions (the empty board at a limit of 1000000 takes a few seconds: 3-4 s measured on
/// one core of a shared machine). Solutions are counted one at a time, so a large `limit` on a
/// board with few givens can run practically forever (the empty board has about 6.7 * 10^21
/// solutions): pass the smallest limit you need.
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
        if board.is_null() || count.is_null() {
            return Err(SUDOKU_NULL_POINTER);
        }
        if limit == 0 {
            return Err(SUDOKU_INVALID_ARGUMENT);
        }
        // SAFETY: non-NULL, and the caller guarantees 81 readable bytes, which no one writes
        // during the call (that would be a data race in the caller).
        let found = solver::search(
            Start::Text(unsafe { board_text(board) }),
            Mode::Count { limit },
        )?
        .count();
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
        if board.is_null() {
            return Err(SUDOKU_NULL_POINTER);
        }
        // SAFETY: as in `sudoku_count_solutions`.
        match Board::parse(unsafe { board_text(board) }) {
            Ok(_) => Ok(()),
            Err(e) => {
                let at = match e {
                    Error::InvalidCharacter { cell, .. }
                    | Error::ConflictingGivens { cell, .. } => Some(cell),
                    _ => None,
                };
                if let (Some(at), false) = (at, cell.is_null()) {
                    // SAFETY: non-NULL, and the caller guarantees a writable size_t.
                    unsafe { cell.write_unaligned(at) };
                }
                Err(e.into())
            }
        }
    })
}

/// `flags` of `sudoku_solve_batch`: solve each puzzle as `sudoku_solve` does, stopping at the
/// first solution found (the fastest mode).
pub const SUDOKU_BATCH_FIRST: u32 = 0;
/// `flags` bit of `sudoku_solve_batch`: solve each puzzle as `sudoku_solve_unique` does, writing
/// a solution only when it is the only one.
pub const SUDOKU_BATCH_UNIQUE: u32 = 1;

/// One board of the batch, in the C layout.
type Text = [u8; CELLS];

/// The addresses `start .. start + bytes`, or `None` if they would wrap around.
fn span<T>(start: *const T, bytes: usize) -> Option<Range<usize>> {
    let start = start as usize;
    Some(start..start.checked_add(bytes)?)
}

fn overlap(a: &Range<usize>, b: &Range<usize>) -> bool {
    a.start < b.end && b.start < a.end
}

/// Solves one puzzle of a batch: its status and, on `SUDOKU_OK`, its solution. A panic (a bug)
/// becomes `SUDOKU_INTERNAL_ERROR` for this puzzle alone.
fn solve_one(puzzle: &Text, mode: BatchMode) -> Result<Text, sudoku_status> {
    let solve = || {
        fault::point(puzzle);
        let mut board = *puzzle;
        solver::solve_in_place(&mut board, mode.into()).map(|()| board)
    };
    match catch_unwind(solve) {
        Ok(Ok(solution)) => Ok(solution),
        Ok(Err(e)) => Err(e.into()),
        Err(_) => Err(SUDOKU_INTERNAL_ERROR),
    }
}

/// Solves `count` puzzles in one call, on several threads.
///
/// `puzzles`: `count` boards back to back (`81 * count` bytes), each as for `sudoku_solve`; board
/// `i` is bytes `81 * i` to `81 * i + 80`. It is only read. `solutions`: `81 * count` writable
/// bytes; it may be the same pointer as `puzzles` to solve in place, and must not overlap it
/// otherwise. `statuses`: `count` writable `sudoku_status` values. `flags`: `SUDOKU_BATCH_FIRST`
/// (0) solves each puzzle as `sudoku_solve` does (first solution found), `SUDOKU_BATCH_UNIQUE`
/// as `sudoku_solve_unique` does; no other bit may be set. `threads`: the most threads to use,
/// the calling thread included; 0 means every core available to the process, and no more
/// threads than those cores are ever used (nor, for small batches, more than there is work
/// for). Threads are started for this call and have all ended when it returns.
///
/// For each puzzle `i`, `statuses[i]` receives its own status: `SUDOKU_OK`,
/// `SUDOKU_NO_SOLUTION`, `SUDOKU_MULTIPLE_SOLUTIONS` (unique mode only),
/// `SUDOKU_INVALID_CHARACTER`, `SUDOKU_CONFLICTING_GIVENS` or `SUDOKU_INTERNAL_ERROR`. Only on
/// `SUDOKU_OK` is its solution written to bytes `81 * i` to `81 * i + 80` of `solutions`; on any
/// other status those bytes are left untouched (so when solving in place they still hold the
/// puzzle). Work is handed out in small chunks as threads become free, so a few hard puzzles do
/// not leave cores idle; the results are in input order whatever the order of solving.
///
/// Returns `SUDOKU_OK` when the arguments are valid, whatever the status of each puzzle;
/// `SUDOKU_NULL_POINTER` when `puzzles`, `solutions` or `statuses` is NULL (also when `count` is
/// 0); `SUDOKU_INVALID_ARGUMENT` for an unknown `flags` bit, a `count` whose buffers could not
/// exist, `solutions` overlapping `puzzles` without being equal to it, `statuses` overlapping
/// either, or a misaligned `statuses`; `SUDOKU_INTERNAL_ERROR` if the call itself failed (then
/// some statuses and solutions may already have been written). On `SUDOKU_NULL_POINTER` and
/// `SUDOKU_INVALID_ARGUMENT` nothing is written. `count == 0` with valid pointers is `SUDOKU_OK`
/// and writes nothing.
///
/// Thread-safe: calls may run at once from many threads, on distinct output buffers. The
/// buffers must not be used by other threads while the call runs.
///
/// # Safety
/// Each pointer must be NULL or valid for its size above: `puzzles` readable for `81 * count`
/// bytes, `solutions` writable for `81 * count` bytes, `statuses` writable for `count`
/// `sudoku_status` values.
#[no_mangle]
pub unsafe extern "C" fn sudoku_solve_batch(
    puzzles: *const c_char,
    count: usize,
    solutions: *mut c_char,
    statuses: *mut sudoku_status,
    flags: u32,
    threads: usize,
) -> sudoku_status {
    guard(|| {
        if puzzles.is_null() || solutions.is_null() || statuses.is_null() {
            return Err(SUDOKU_NULL_POINTER);
        }
        if flags & !SUDOKU_BATCH_UNIQUE != 0 {
            return Err(SUDOKU_INVALID_ARGUMENT);
        }
        let mode = if flags & SUDOKU_BATCH_UNIQUE != 0 {
            BatchMode::Unique
        } else {
            BatchMode::First
        };
        // A slice may span at most isize::MAX bytes and must not wrap around the address space.
        let board_bytes = count
            .checked_mul(CELLS)
            .filter(|&n| n <= isize::MAX as usize);
        let status_bytes = count
            .checked_mul(size_of::<sudoku_status>())
            .filter(|&n| n <= isize::MAX as usize);
        let (Some(board_bytes), Some(status_bytes)) = (board_bytes, status_bytes) else {
            return Err(SUDOKU_INVALID_ARGUMENT);
        };
        let in_place = puzzles == solutions.cast_const();
        let (Some(input), Some(output), Some(status_span)) = (
            span(puzzles, board_bytes),
            span(solutions, board_bytes),
            span(statuses, status_bytes),
        ) else {
            return Err(SUDOKU_INVALID_ARGUMENT);
        };
        if (!in_place && overlap(&input, &output))
            || overlap(&status_span, &input)
            || overlap(&status_span, &output)
            || statuses as usize % align_of::<sudoku_status>() != 0
        {
            return Err(SUDOKU_INVALID_ARGUMENT);
        }
        if count == 0 {
            return Ok(());
        }
        // SAFETY: non-NULL and aligned; the caller guarantees `count` writable statuses, which
        // overlap neither board buffer (checked above). MaybeUninit: they may be uninitialised.
        let statuses = unsafe {
            slice::from_raw_parts_mut(statuses.cast::<MaybeUninit<sudoku_status>>(), count)
        };
        if in_place {
            // SAFETY: non-NULL; [u8; 81] has alignment 1; the caller guarantees 81 * count
            // readable and writable bytes (at most isize::MAX, checked above), and no other
            // argument overlaps them.
            let boards = unsafe { slice::from_raw_parts_mut(solutions.cast::<Text>(), count) };
            batch::for_each_chunk(
                count,
                threads,
                (boards, statuses),
                |_, (boards, statuses)| {
                    for (board, status) in boards.iter_mut().zip(statuses) {
                        status.write(match solve_one(board, mode) {
                            Ok(solution) => {
                                *board = solution;
                                SUDOKU_OK
                            }
                            Err(failure) => failure,
                        });
                    }
                },
            );
        } else {
            // SAFETY: non-NULL, alignment 1, 81 * count readable bytes (at most isize::MAX) that
            // nothing writes during the call: the outputs do not overlap them (checked above).
            let puzzles = unsafe { slice::from_raw_parts(puzzles.cast::<Text>(), count) };
            // SAFETY: non-NULL, alignment 1, the caller guarantees 81 * count writable bytes,
            // overlapping no other argument. MaybeUninit: they may be uninitialised.
            let solutions =
                unsafe { slice::from_raw_parts_mut(solutions.cast::<MaybeUninit<Text>>(), count) };
            batch::for_each_chunk(
                count,
                threads,
                (solutions, statuses),
                |range, (solutions, statuses)| {
                    let work = puzzles[range]
                        .iter()
                        .zip(solutions.iter_mut().zip(statuses));
                    for (puzzle, (solution, status)) in work {
                        status.write(match solve_one(puzzle, mode) {
                            Ok(solved) => {
                                solution.write(solved);
                                SUDOKU_OK
                            }
                            Err(failure) => failure,
                        });
                    }
                },
            );
        }
        Ok(())
    })
}

/// A static English sentence describing a status code; never NULL, never to be freed.
///
/// `status` is read as a plain integer, so any value is safe: one that is not a status code
/// gives "unknown status".
#[no_mangle]
pub extern "C" fn sudoku_status_message(status: c_int) -> *const c_char {
    let text: &'static std::ffi::CStr = match status {
        0 => c"success",
        1 => c"the puzzle has no solution",
        2 => c"the puzzle has more than one solution",
        3 => c"the board contains a byte that is not '1'-'9', '.' or '0'",
        4 => c"two equal givens share a row, column or box",
        5 => c"a required pointer argument was NULL",
        6 => c"an argument is out of range",
        7 => c"internal error in libsudoku",
        _ => c"unknown status",
    };
    text.as_ptr()
}

/// The library version (for example "0.1.0") as a static NUL-terminated string; never NULL.
/// It matches the `SUDOKU_VERSION_*` macros of the header the program was compiled with.
#[no_mangle]
pub extern "C" fn sudoku_version() -> *const c_char {
    concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr().cast()
}
