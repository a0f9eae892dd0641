//! Many boards in one call, on several threads: `sudoku_solve_batch` and its `SUDOKU_BATCH_*`
//! flags.

use std::ffi::c_char;
use std::mem::MaybeUninit;
use std::panic::catch_unwind;
use std::ptr::NonNull;
use std::slice;

use super::region::{output_slice, Region};
use super::sudoku_status::{self, *};
use super::{guard, required};
use crate::batch::{self, BatchMode, SplitFront};
use crate::fault;
use crate::geometry::CELLS;
use crate::solver;

/// `flags` of `sudoku_solve_batch`: solve each puzzle as `sudoku_solve` does, stopping at the
/// first solution found (the fastest mode).
pub const SUDOKU_BATCH_FIRST: u32 = 0;
/// `flags` bit of `sudoku_solve_batch`: solve each puzzle as `sudoku_solve_unique` does, writing
/// a solution only when it is the only one.
pub const SUDOKU_BATCH_UNIQUE: u32 = 1;

/// One board of the batch, in the C layout.
pub(super) type Text = [u8; CELLS];

/// The boards of a batch call (`sudoku_solve_batch`, `sudoku_canonicalize_batch`): where each
/// board is read and its result written.
pub(super) enum Boards<'a> {
    /// Solved in place: each board is read, then overwritten only on success.
    InPlace(&'a mut [Text]),
    /// Separate buffers: the puzzles are only read; the solutions may be uninitialised.
    Apart(&'a [Text], &'a mut [MaybeUninit<Text>]),
}

impl<'a> SplitFront for Boards<'a> {
    fn split_front(&mut self, n: usize) -> Self {
        match self {
            Boards::InPlace(boards) => Boards::InPlace(boards.split_front(n)),
            Boards::Apart(puzzles, solutions) => {
                let all: &'a [Text] = puzzles;
                let (front, rest) = all.split_at(n);
                *puzzles = rest;
                Boards::Apart(front, solutions.split_front(n))
            }
        }
    }
}

impl Boards<'_> {
    /// The boards read from `input` and written to `output` (`count` of each; the same pointer
    /// for in place).
    ///
    /// # Safety
    /// `input` must be valid for reading and `output` for writing `count` boards (at most
    /// `isize::MAX` bytes), unused by anything else during the call; they may be equal, and must
    /// not overlap otherwise.
    pub(super) unsafe fn new<'a>(
        input: NonNull<Text>,
        output: NonNull<Text>,
        count: usize,
    ) -> Boards<'a> {
        if input == output {
            // SAFETY: non-NULL; [u8; 81] has alignment 1; the caller guarantees `count`
            // readable and writable boards that nothing else uses.
            Boards::InPlace(unsafe { slice::from_raw_parts_mut(output.as_ptr(), count) })
        } else {
            // SAFETY: non-NULL, alignment 1, `count` readable boards that nothing writes during
            // the call: the caller guarantees the output does not overlap them.
            let puzzles = unsafe { slice::from_raw_parts(input.as_ptr(), count) };
            // SAFETY: alignment 1, `count` writable boards overlapping no other argument (the
            // caller's guarantee).
            let solutions = unsafe { output_slice(output, count) };
            Boards::Apart(puzzles, solutions)
        }
    }

    /// Board `i` through `f`, the result written on success (and only then); returns its status.
    pub(super) fn map(
        &mut self,
        i: usize,
        f: impl FnOnce(&Text) -> Result<Text, sudoku_status>,
    ) -> sudoku_status {
        let board = match self {
            Boards::InPlace(boards) => &boards[i],
            Boards::Apart(puzzles, _) => &puzzles[i],
        };
        let result = match f(board) {
            Ok(result) => result,
            Err(failure) => return failure,
        };
        match self {
            Boards::InPlace(boards) => boards[i] = result,
            Boards::Apart(_, solutions) => {
                solutions[i].write(result);
            }
        }
        SUDOKU_OK
    }
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
/// buffers must not be used by other threads while the call runs. It allocates only to learn
/// the number of cores and to start the threads.
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
        let puzzles = required(puzzles.cast_mut())?.cast::<Text>();
        let solutions = required(solutions)?.cast::<Text>();
        let statuses = required(statuses)?;
        if flags & !SUDOKU_BATCH_UNIQUE != 0 {
            return Err(SUDOKU_INVALID_ARGUMENT);
        }
        let mode = if flags & SUDOKU_BATCH_UNIQUE != 0 {
            BatchMode::Unique
        } else {
            BatchMode::First
        };
        let in_place = puzzles == solutions;
        let (Some(input), Some(output), Some(status_region)) = (
            Region::of(puzzles.as_ptr(), count),
            Region::of(solutions.as_ptr(), count),
            Region::of(statuses.as_ptr(), count),
        ) else {
            return Err(SUDOKU_INVALID_ARGUMENT);
        };
        if (!in_place && input.overlaps(&output))
            || status_region.overlaps(&input)
            || status_region.overlaps(&output)
        {
            return Err(SUDOKU_INVALID_ARGUMENT);
        }
        if count == 0 {
            return Ok(());
        }
        // SAFETY: aligned (checked by `Region::of`); the caller guarantees `count` writable
        // statuses, which overlap neither board buffer (checked above).
        let statuses = unsafe { output_slice(statuses, count) };
        // SAFETY: non-NULL, alignment 1, `count` boards each (at most isize::MAX bytes, checked
        // above), which the caller guarantees readable and writable; equal or apart (checked
        // above), and the statuses overlap neither.
        let boards = unsafe { Boards::new(puzzles, solutions, count) };
        batch::for_each_chunk(
            count,
            threads,
            (boards, statuses),
            |_, (mut boards, statuses)| {
                for (i, status) in statuses.iter_mut().enumerate() {
                    status.write(boards.map(i, |puzzle| solve_one(puzzle, mode)));
                }
            },
        );
        Ok(())
    })
}
