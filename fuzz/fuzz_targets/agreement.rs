//! Every exported function on the same raw board, checking that they agree (see `check_all`):
//! the first 81 bytes are the board (padded with blanks if fewer), the next two the count limit.
#![no_main]

use libfuzzer_sys::fuzz_target;
use libsudoku_fuzz::{board_from, check_all, limit_from};

fuzz_target!(|data: &[u8]| {
    check_all(&board_from(data), limit_from(data));
});
