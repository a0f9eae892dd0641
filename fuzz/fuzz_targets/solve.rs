//! `sudoku_solve` on raw bytes (the first 81 are the board, padded with blanks if fewer).
#![no_main]

use libfuzzer_sys::fuzz_target;
use libsudoku_fuzz::{board_from, check_solve};

fuzz_target!(|data: &[u8]| {
    check_solve(&board_from(data), false);
});
