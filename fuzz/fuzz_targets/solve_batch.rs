//! `sudoku_solve_batch` on raw bytes: the first byte chooses the flags (bits 0-1, so unknown
//! flag bits are tried too), the thread count (bits 2-3: 0-3, 0 meaning every core) and whether
//! to solve in place (bit 4); the rest is cut into boards of 81 bytes (at most 16, a shorter
//! last one padded with blanks). Each puzzle's status and output must be what `sudoku_solve`
//! (or `sudoku_solve_unique`) gives for it alone, with nothing written for a failed puzzle.
#![no_main]

use libfuzzer_sys::fuzz_target;
use libsudoku_fuzz::{batch_from, check_solve, reference::CELLS, UNWRITTEN};
use sudoku::ffi::{self, sudoku_status::*, SUDOKU_BATCH_UNIQUE};

fuzz_target!(|data: &[u8]| {
    let Some((&control, rest)) = data.split_first() else {
        return;
    };
    let flags = u32::from(control & 0b11);
    let threads = usize::from(control >> 2 & 0b11);
    let in_place = control & 0b1_0000 != 0;
    let (boards, puzzles, mut solutions) = batch_from(rest, in_place);
    let count = boards.len();
    let mut statuses = vec![SUDOKU_INTERNAL_ERROR; count];
    let input = if in_place {
        solutions.as_ptr()
    } else {
        puzzles.as_ptr()
    };
    // SAFETY: input and solutions are 81 * count bytes (the same buffer when in place), statuses
    // holds count values; a dangling non-NULL pointer of an empty Vec is valid for 0 bytes.
    let status = unsafe {
        ffi::sudoku_solve_batch(
            input,
            count,
            solutions.as_mut_ptr(),
            statuses.as_mut_ptr(),
            flags,
            threads,
        )
    };
    if flags & !SUDOKU_BATCH_UNIQUE != 0 {
        assert_eq!(status, SUDOKU_INVALID_ARGUMENT);
        assert!(
            statuses.iter().all(|&s| s == SUDOKU_INTERNAL_ERROR),
            "statuses written"
        );
        return;
    }
    assert_eq!(status, SUDOKU_OK);
    let unique = flags == SUDOKU_BATCH_UNIQUE;
    for (i, board) in boards.iter().enumerate() {
        // check_solve checks the single-board call against the reference; the batch must match it.
        let (alone_status, alone_out) = check_solve(board, unique);
        assert_eq!(statuses[i], alone_status, "board {i}");
        let slot: Vec<u8> = solutions[i * CELLS..(i + 1) * CELLS]
            .iter()
            .map(|&b| b as u8)
            .collect();
        if alone_status == SUDOKU_OK {
            assert_eq!(
                slot, alone_out,
                "board {i}: batch and single solutions differ"
            );
        } else if in_place {
            assert_eq!(slot, board, "board {i}: changed on failure");
        } else {
            assert!(
                slot.iter().all(|&b| b == UNWRITTEN),
                "board {i}: written on failure"
            );
        }
    }
});
