//! `sudoku_validate` and `sudoku_board_conflicts` on raw bytes (the first 81 are the board,
//! padded with blanks if fewer), plus the NULL-pointer checks of every function and
//! `sudoku_status_message` on the next four bytes read as a C int.
#![no_main]

use libfuzzer_sys::fuzz_target;
use libsudoku_fuzz::{board_from, check_arguments, check_conflicts, check_validate};

fuzz_target!(|data: &[u8]| {
    let board = board_from(data);
    check_validate(&board);
    check_conflicts(&board);
    let mut status = [0u8; 4];
    if let Some(rest) = data.get(81..) {
        let n = rest.len().min(4);
        status[..n].copy_from_slice(&rest[..n]);
    }
    check_arguments(&board, i32::from_le_bytes(status));
});
