//! The next step from a player's position (`sudoku_hint`), with the player's digits and
//! pencilmarks checked against the puzzle's solution first.

use std::ffi::c_char;
use std::ptr;

use super::position::{optional_masks, position};
use super::sudoku_step;
use crate::board::Board;
use crate::error::Error;
use crate::ffi::sudoku_status::{self, *};
use crate::ffi::{board_ref, guard, required};
use crate::geometry::CELLS;
use crate::solver::{self, Mode, Start};
use crate::steps::{self, Budget, Next, Step};

/// Whether every given of `givens` is on a board of `digits` (0 an empty cell, else 1-9).
fn givens_kept(givens: &Board, digits: &[u8; CELLS]) -> bool {
    givens
        .digits()
        .iter()
        .zip(digits)
        .all(|(&g, &b)| g == 0 || g == b)
}
/// Why `sudoku_hint` gives no step: a status and, for `SUDOKU_WRONG_DIGIT`, the cell.
type HintError = (sudoku_status, Option<usize>);

/// The checks and the step of `sudoku_hint` (see there).
pub fn hint(
    board: &Board,
    givens: Option<&Board>,
    masks: Option<&[u16; CELLS]>,
) -> Result<Step, HintError> {
    if let Some(givens) = givens {
        if !givens_kept(givens, board.digits()) {
            return Err((SUDOKU_INVALID_ARGUMENT, None));
        }
    }
    let puzzle = givens.unwrap_or(board);
    let outcome = solver::search(Start::Board(puzzle), Mode::Count { limit: 2 })
        .map_err(|e| (sudoku_status::from(e), None))?;
    let several = outcome.count() > 1;
    match (outcome.count(), outcome.first_solution()) {
        (0, _) | (_, None) => return Err((SUDOKU_NO_SOLUTION, None)),
        (1, Some(solution)) => {
            if let Some(cell) = first_wrong(board.digits(), &solution, masks) {
                return Err((SUDOKU_WRONG_DIGIT, Some(cell)));
            }
        }
        _ if givens.is_some() && solver::count_solutions(board, 1) == 0 => {
            return Err((SUDOKU_NO_SOLUTION, None));
        }
        _ => {}
    }
    if board.is_complete() {
        return Err((SUDOKU_ALREADY_SOLVED, None));
    }
    let grid = position(board, masks);
    // With several solutions the nested chains are skipped (`Budget::without_nested`).
    let budget = if several {
        Budget::UNLIMITED.without_nested()
    } else {
        Budget::UNLIMITED
    };
    match steps::next_step_within(&grid, &budget) {
        Next::Step(step) => Ok(step),
        Next::Solved => Err((SUDOKU_ALREADY_SOLVED, None)),
        Next::Contradiction => Err((SUDOKU_NO_SOLUTION, None)),
        Next::Beyond { .. } | Next::OutOfBudget { .. } => Err((SUDOKU_NO_STEP, None)),
    }
}

/// The first cell (row-major) of a player's position that the puzzle's one `solution`
/// refutes: `digits` (0 an empty cell, else 1-9) holds another digit there, or the cell is
/// empty and its mask in `masks` lacks the solution's digit.
fn first_wrong(
    digits: &[u8; CELLS],
    solution: &Board,
    masks: Option<&[u16; CELLS]>,
) -> Option<usize> {
    (0..CELLS).find(|&i| {
        let s = solution.get(i);
        match digits[i] {
            0 => masks.is_some_and(|m| m[i] >> (s - 1) & 1 == 0),
            d => d != s,
        }
    })
}

/// `sudoku_hint`'s answer for a board `text` (valid characters) whose own digits clash, with
/// the puzzle's `givens`: the clash is then a player's digit, so when the puzzle has exactly one
/// solution the first wrong cell is named as for any wrong digit (`SUDOKU_WRONG_DIGIT`), a
/// player's digit and never a given; otherwise the board's own `SUDOKU_CONFLICTING_GIVENS`.
/// Givens missing from the board are `SUDOKU_INVALID_ARGUMENT`, as in [`hint`].
fn clash_as_wrong_digit(
    text: &[u8; CELLS],
    givens: &Board,
    masks: Option<&[u16; CELLS]>,
) -> HintError {
    let digits = text.map(|b| match b {
        b'1'..=b'9' => b - b'0',
        _ => 0,
    });
    if !givens_kept(givens, &digits) {
        return (SUDOKU_INVALID_ARGUMENT, None);
    }
    if let Ok(outcome) = solver::search(Start::Board(givens), Mode::Count { limit: 2 }) {
        if let (1, Some(solution)) = (outcome.count(), outcome.first_solution()) {
            // Two equal digits in a house: at least one of them is not the solution's.
            if let Some(cell) = first_wrong(&digits, &solution, masks) {
                return (SUDOKU_WRONG_DIGIT, Some(cell));
            }
        }
    }
    (SUDOKU_CONFLICTING_GIVENS, None)
}

/// The next step Sudoku Explainer would take in a player's position: a hint.
///
/// `board`: 81 bytes as for `sudoku_solve`: the position, givens and the digits the player
/// placed alike; only read. `givens`: NULL, or the puzzle's 81 bytes (its givens only), to check
/// the player's digits against the puzzle's solution; every given must be on `board`
/// (`SUDOKU_INVALID_ARGUMENT` otherwise). `candidates`: NULL (the candidates the board implies),
/// or the player's 81 pencilmark masks (`uint16_t`, any alignment, digit `d` at bit `d - 1`;
/// the masks of filled cells are not used, though every mask is checked for bits above bit 8):
/// the engine works on the board's candidates intersected with
/// them, so a player's eliminations count. `step`: receives the step on `SUDOKU_OK`. `cell`:
/// NULL, or receives the cell (0-80) on `SUDOKU_WRONG_DIGIT`; it is written on no other status.
/// At most one of `step` and `cell` is written, after every input was read, so unlike the
/// calls with several outputs this one does not refuse buffers that overlap.
///
/// Checks, in order: NULL pointers; the masks (a bit above bit 8: `SUDOKU_INVALID_ARGUMENT`);
/// the board: its bytes (`SUDOKU_INVALID_CHARACTER`) and, when `givens` is NULL, its digits (two
/// equal digits in a house: `SUDOKU_CONFLICTING_GIVENS`), the first fault in row-major order
/// deciding as in `sudoku_validate`; then `givens`' (same statuses); the givens kept on the
/// board. Then the puzzle (`givens`, or `board` when NULL) is solved: no
/// solution, `SUDOKU_NO_SOLUTION`. With exactly one solution, the first cell in row-major order
/// whose digit differs from it, or, for an empty cell, whose mask lacks the solution's digit (a
/// candidate of the solution was eliminated), gives `SUDOKU_WRONG_DIGIT` and that cell. So a
/// player's digit that repeats another in a house is named too (one of the two is always such
/// a cell, and a given never is); a board whose digits clash gets `SUDOKU_CONFLICTING_GIVENS`
/// when the puzzle has no solution or several. With several solutions nothing can be wrong and
/// the hint is given anyway, as SE does (the uniqueness techniques may then mislead), but from the
/// techniques below the nested forcing chains only (they are skipped there); when `givens` is
/// given and `board` itself has no solution, `SUDOKU_NO_SOLUTION`. Then a full board is
/// `SUDOKU_ALREADY_SOLVED`; a position the engine cannot pass is `SUDOKU_NO_STEP`; candidate
/// masks leaving an empty cell with none (several solutions only) give `SUDOKU_NO_SOLUTION`.
/// On a puzzle with several solutions, a player who takes the uniqueness techniques' steps
/// keeps eliminations that some solutions need, so a later hint can answer
/// `SUDOKU_WRONG_DIGIT` (`givens` NULL) or `SUDOKU_NO_SOLUTION` (with `givens`) though the
/// player took only the engine's steps: check that the puzzle has one solution before offering
/// hints (docs/c-api.md, "Hints").
///
/// Returns `SUDOKU_OK`, `SUDOKU_WRONG_DIGIT`, `SUDOKU_ALREADY_SOLVED`, `SUDOKU_NO_STEP`,
/// `SUDOKU_NO_SOLUTION`, `SUDOKU_INVALID_CHARACTER`, `SUDOKU_CONFLICTING_GIVENS`,
/// `SUDOKU_INVALID_ARGUMENT`, `SUDOKU_NULL_POINTER` (`board` or `step` NULL) or
/// `SUDOKU_INTERNAL_ERROR`. Thread-safe; working memory is allocated only by the chain
/// techniques (6.5 and up) and freed before it returns.
///
/// # Safety
/// `board` must be NULL or point to 81 readable bytes; `givens` NULL or 81 readable bytes;
/// `candidates` NULL or 81 readable `uint16_t`; `step` NULL or a writable `sudoku_step`; `cell`
/// NULL or a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn sudoku_hint(
    board: *const c_char,
    givens: *const c_char,
    candidates: *const u16,
    step: *mut sudoku_step,
    cell: *mut usize,
) -> sudoku_status {
    guard(|| {
        required(board.cast_mut())?;
        let step = required(step)?;
        // The masks are the other argument, checked before the boards (the C API's order).
        // SAFETY: the caller guarantees NULL or 81 readable `uint16_t`.
        let masks = unsafe { optional_masks(candidates) }?;
        // SAFETY: the caller guarantees 81 readable bytes, which no one writes during the call.
        let text = unsafe { board_ref(board) }?;
        // A clash on the board is checked against the givens below, when they are given.
        let parsed = match Board::parse(text) {
            Ok(board) => Some(board),
            // (Its first fault was a clash; a bad byte may still come after it.)
            Err(Error::ConflictingGivens { .. }) if !givens.is_null() => {
                if !text.iter().all(|b| matches!(b, b'1'..=b'9' | b'.' | b'0')) {
                    return Err(SUDOKU_INVALID_CHARACTER);
                }
                None
            }
            Err(e) => return Err(e.into()),
        };
        let givens = if givens.is_null() {
            None
        } else {
            // SAFETY: non-NULL: the caller guarantees 81 readable bytes.
            Some(Board::parse(unsafe { board_ref(givens) }?)?)
        };
        let answer = match (&parsed, &givens) {
            (Some(board), _) => hint(board, givens.as_ref(), masks.as_ref()),
            (None, Some(givens)) => Err(clash_as_wrong_digit(text, givens, masks.as_ref())),
            (None, None) => Err((SUDOKU_CONFLICTING_GIVENS, None)),
        };
        match answer {
            Ok(found) => {
                // SAFETY: non-NULL, and the caller guarantees a writable sudoku_step.
                unsafe { step.write_unaligned(sudoku_step::from_step(&found)) };
                Ok(())
            }
            Err((status, at)) => {
                if let (Some(at), Some(cell)) = (at, ptr::NonNull::new(cell)) {
                    // SAFETY: non-NULL, and the caller guarantees a writable size_t.
                    unsafe { cell.write_unaligned(at) };
                }
                Err(status)
            }
        }
    })
}
