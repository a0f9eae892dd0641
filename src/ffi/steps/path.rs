//! The engine's whole path from a puzzle (`sudoku_solve_path`): the steps its rating is read
//! from.

use std::ffi::c_char;

use super::sudoku_step;
use crate::board::Board;
use crate::ffi::region::Region;
use crate::ffi::sudoku_status::{self, *};
use crate::ffi::{board_ref, guard, required};
use crate::solver;
use crate::steps::{self, Budget, Grid, Next, Step};

/// The engine's whole path from a board: its steps and whether it reached the solution
/// (`Err` as `sudoku_solve_path`).
pub fn solve_path(board: &Board) -> Result<(Vec<Step>, bool), sudoku_status> {
    let solutions = solver::count_solutions(board, 2);
    if solutions == 0 {
        return Err(SUDOKU_NO_SOLUTION);
    }
    // With several solutions the nested chains are skipped (`Budget::without_nested`).
    let budget = if solutions > 1 {
        Budget::UNLIMITED.without_nested()
    } else {
        Budget::UNLIMITED
    };
    let mut grid = Grid::from_board(board);
    let mut path = Vec::new();
    let mut memory = steps::PathMemory::new();
    loop {
        match steps::next_step_sharing(&grid, &budget, &mut memory) {
            Next::Step(step) => {
                step.apply(&mut grid);
                path.push(step);
            }
            Next::Solved => return Ok((path, true)),
            Next::Beyond { .. } | Next::OutOfBudget { .. } => return Ok((path, false)),
            // As in `rate_board`: only a uniqueness technique on a puzzle with several
            // solutions gets here.
            Next::Contradiction => return Err(SUDOKU_MULTIPLE_SOLUTIONS),
        }
    }
}

/// The steps Sudoku Explainer takes to solve a puzzle (the path its rating is read from).
///
/// `board`: 81 bytes as for `sudoku_solve`, only read. `steps`: room for `capacity`
/// `sudoku_step` values (NULL allowed when `capacity` is 0, to ask for the size). On
/// `SUDOKU_OK`, `steps[0..*count]` receive the path and `*complete` is 1 when it ends on the
/// solution, 0 when the engine stopped at a position beyond its techniques (the path so far is
/// then given: the steps a player can take before needing a harder technique; a full board
/// gives an empty complete path). When the path has more than `capacity` steps:
/// `SUDOKU_BUFFER_TOO_SMALL`, `*count` receives the number of steps needed and nothing else is
/// written. On any other status nothing is written. A path has at most 810 steps (each places
/// a digit or removes a candidate: 81 + 729), so a `capacity` of 810 always suffices, and
/// spares asking for the size first, which searches the path twice.
///
/// Returns `SUDOKU_OK`, `SUDOKU_BUFFER_TOO_SMALL`, `SUDOKU_NO_SOLUTION`,
/// `SUDOKU_MULTIPLE_SOLUTIONS` (as for `sudoku_rate`), `SUDOKU_INVALID_CHARACTER`,
/// `SUDOKU_CONFLICTING_GIVENS`, `SUDOKU_NULL_POINTER` (`board`, `count` or `complete` NULL, or
/// `steps` NULL with a non-zero `capacity`), `SUDOKU_INVALID_ARGUMENT` (`steps` misaligned, a
/// `capacity` whose buffer could not exist, or two of `steps`, `count` and `complete`
/// overlapping) or `SUDOKU_INTERNAL_ERROR`. Thread-safe; it
/// allocates the path while it is built.
///
/// # Safety
/// `board` must be NULL or point to 81 readable bytes; `steps` NULL or `capacity` writable
/// `sudoku_step`; `count` NULL or a writable `size_t`; `complete` NULL or a writable `bool`.
#[no_mangle]
pub unsafe extern "C" fn sudoku_solve_path(
    board: *const c_char,
    steps: *mut sudoku_step,
    capacity: usize,
    count: *mut usize,
    complete: *mut bool,
) -> sudoku_status {
    guard(|| {
        required(board.cast_mut())?;
        let count = required(count)?;
        let complete = required(complete)?;
        if steps.is_null() && capacity > 0 {
            return Err(SUDOKU_NULL_POINTER);
        }
        // Three outputs: one overlapping another would be written over.
        let regions = [
            Region::of(steps.cast_const(), capacity),
            Region::value(count.as_ptr().cast_const()),
            Region::value(complete.as_ptr().cast_const()),
        ];
        let [Some(a), Some(b), Some(c)] = regions else {
            return Err(SUDOKU_INVALID_ARGUMENT);
        };
        if Region::any_overlap(&[a, b, c]) {
            return Err(SUDOKU_INVALID_ARGUMENT);
        }
        // SAFETY: the caller guarantees 81 readable bytes, which no one writes during the call.
        let board = Board::parse(unsafe { board_ref(board) }?)?;
        let (path, finished) = solve_path(&board)?;
        if path.len() > capacity {
            // SAFETY: non-NULL, and the caller guarantees a writable size_t.
            unsafe { count.write_unaligned(path.len()) };
            return Err(SUDOKU_BUFFER_TOO_SMALL);
        }
        for (i, s) in path.iter().enumerate() {
            // SAFETY: i < path.len() <= capacity: the caller guarantees `capacity` writable
            // steps at `steps` (non-NULL when capacity > 0, aligned: checked).
            unsafe { steps.add(i).write(sudoku_step::from_step(s)) };
        }
        // SAFETY: non-NULL, and the caller guarantees a writable size_t and bool.
        unsafe {
            count.write_unaligned(path.len());
            complete.write(finished);
        }
        Ok(())
    })
}
