//! Test-only fault injection (issue 4): proves that a panic inside an exported function becomes
//! `SUDOKU_INTERNAL_ERROR` and that the host process goes on.
//!
//! The hook is compiled in only for the library's own unit tests (`cfg(test)`) and with the
//! `fault-injection` cargo feature, which exists for tests and must never be enabled in a
//! shipped build. Otherwise [`point`] is an empty inline function, so release builds carry no
//! trace of it. The trigger is the input itself (a board of 81 `'!'` bytes, [`TRIGGER`]), not a
//! global switch: the library keeps no mutable state, and the same board panics on whichever
//! thread meets it, batch workers included.

use crate::geometry::CELLS;

/// The board that makes [`point`] panic when fault injection is compiled in. Its bytes are not
/// valid board characters, so without fault injection every function rejects it with
/// `SUDOKU_INVALID_CHARACTER` at cell 0.
#[cfg_attr(not(any(test, feature = "fault-injection")), allow(dead_code))]
pub const TRIGGER: [u8; CELLS] = [b'!'; CELLS];

/// A place where an exported function may fail: panics when `board` is [`TRIGGER`] and fault
/// injection is compiled in.
#[cfg(any(test, feature = "fault-injection"))]
pub fn point(board: &[u8; CELLS]) {
    if *board == TRIGGER {
        panic!("libsudoku fault injection: injected panic");
    }
}

/// A place where an exported function may fail; without fault injection, nothing.
#[cfg(not(any(test, feature = "fault-injection")))]
#[inline(always)]
pub fn point(_board: &[u8; CELLS]) {}

#[cfg(test)]
mod tests {
    use super::TRIGGER;
    use crate::ffi::sudoku_status::{self, *};
    use crate::ffi::*;
    use std::ffi::c_char;

    /// A puzzle (magictour top 1465 #1) and its unique solution, to show the library still
    /// works after a caught panic.
    const PUZZLE: &[u8; 81] =
        b"4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    const SOLUTION: &[u8; 81] =
        b"468931527751624839392578461134756298289413675675289314846192753513867942927345186";

    /// Solving a normal puzzle right after an injected panic: the library is unharmed.
    fn still_solves() {
        let mut board = *PUZZLE;
        // SAFETY: 81 readable and writable bytes.
        let status = unsafe { sudoku_solve(board.as_mut_ptr().cast::<c_char>()) };
        assert_eq!(status, SUDOKU_OK);
        assert_eq!(&board, SOLUTION);
    }

    #[test]
    fn solve_turns_a_panic_into_internal_error_and_writes_nothing() {
        for solve in [sudoku_solve, sudoku_solve_unique] {
            let mut board = TRIGGER;
            // SAFETY: 81 readable and writable bytes.
            let status = unsafe { solve(board.as_mut_ptr().cast::<c_char>()) };
            assert_eq!(status, SUDOKU_INTERNAL_ERROR);
            assert_eq!(board, TRIGGER, "the board must be left untouched");
            still_solves();
        }
    }

    #[test]
    fn count_turns_a_panic_into_internal_error_and_writes_nothing() {
        let mut count = 12345u64;
        // SAFETY: 81 readable bytes and a writable u64.
        let status = unsafe { sudoku_count_solutions(TRIGGER.as_ptr().cast(), 2, &mut count) };
        assert_eq!(status, SUDOKU_INTERNAL_ERROR);
        assert_eq!(count, 12345);
        still_solves();
    }

    #[test]
    fn list_turns_a_panic_into_internal_error_and_writes_nothing() {
        let mut solutions = [b'#'; 2 * 81];
        let (mut written, mut more) = (777usize, true);
        // SAFETY: 81 readable bytes, 2 * 81 writable bytes, a writable size_t and bool.
        let status = unsafe {
            sudoku_list_solutions(
                TRIGGER.as_ptr().cast(),
                solutions.as_mut_ptr().cast(),
                2,
                &mut written,
                &mut more,
            )
        };
        assert_eq!(status, SUDOKU_INTERNAL_ERROR);
        assert_eq!((written, more), (777, true));
        assert!(solutions.iter().all(|&b| b == b'#'));
        still_solves();
    }

    #[test]
    fn validate_turns_a_panic_into_internal_error_and_writes_nothing() {
        let mut cell = 777usize;
        // SAFETY: 81 readable bytes and a writable size_t.
        let status = unsafe { sudoku_validate(TRIGGER.as_ptr().cast(), &mut cell) };
        assert_eq!(status, SUDOKU_INTERNAL_ERROR);
        assert_eq!(cell, 777);
        still_solves();
    }

    /// A panic on a batch worker thread fails that puzzle alone; the call and the other puzzles
    /// succeed, on one thread and on several.
    #[test]
    fn batch_turns_a_panic_into_internal_error_for_that_puzzle_only() {
        for threads in [1, 2, 4] {
            for in_place in [false, true] {
                let puzzles: Vec<u8> = [&PUZZLE[..], &TRIGGER, PUZZLE, &TRIGGER]
                    .concat()
                    .repeat(25);
                let mut solutions = vec![b'#'; puzzles.len()];
                let mut statuses = vec![SUDOKU_NULL_POINTER; puzzles.len() / 81];
                let mut inputs = puzzles.clone();
                let (input, output) = if in_place {
                    let p = inputs.as_mut_ptr().cast::<c_char>();
                    (p.cast_const(), p)
                } else {
                    (
                        puzzles.as_ptr().cast::<c_char>(),
                        solutions.as_mut_ptr().cast::<c_char>(),
                    )
                };
                // SAFETY: the buffers hold statuses.len() boards and statuses; in place, input
                // and output are the same pointer.
                let status = unsafe {
                    sudoku_solve_batch(
                        input,
                        statuses.len(),
                        output,
                        statuses.as_mut_ptr(),
                        SUDOKU_BATCH_UNIQUE,
                        threads,
                    )
                };
                assert_eq!(status, SUDOKU_OK, "threads {threads}");
                let written = if in_place { &inputs } else { &solutions };
                for (i, (board, status)) in written.chunks(81).zip(&statuses).enumerate() {
                    let (want_status, want_board): (sudoku_status, &[u8]) = if i % 2 == 0 {
                        (SUDOKU_OK, SOLUTION)
                    } else if in_place {
                        (SUDOKU_INTERNAL_ERROR, &TRIGGER)
                    } else {
                        (SUDOKU_INTERNAL_ERROR, &[b'#'; 81])
                    };
                    assert_eq!(*status, want_status, "puzzle {i}, threads {threads}");
                    assert_eq!(board, want_board, "puzzle {i}, threads {threads}");
                }
                still_solves();
            }
        }
    }
}
