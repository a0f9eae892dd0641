//! `sudoku_count_solutions` on raw bytes: the first 81 are the board (padded with blanks if
//! fewer), the next two the limit (see `limit_from`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use libsudoku_fuzz::{board_from, check_count, limit_from};

fuzz_target!(|data: &[u8]| {
    check_count(&board_from(data), limit_from(data));
});
