//! `sudoku_rate_with` from raw bytes: the first 81 bytes are the board (padded with blanks),
//! the next 8, when present, a raw `sudoku_rate_options` (`struct_size`, then `budget_ms` cut
//! to 0-31 ms so that a run stays short), else NULL options.
//! Checked, against a reference rating within 20 s (under AddressSanitizer a nested forcing
//! chain takes that long; inputs whose reference runs out are only checked for the status): a
//! `struct_size` below the struct's is `SUDOKU_INVALID_ARGUMENT` with nothing written; with no
//! budget (0) the result is the reference's; within a budget, either the reference's result or
//! `SUDOKU_OUT_OF_BUDGET` with an incomplete rating whose ER is at most the full one when that
//! is complete, and EP and ED exact when reached. Nothing is written on another status.
#![no_main]

use std::mem::size_of;
use std::ptr;

use libfuzzer_sys::fuzz_target;
use libsudoku_fuzz::board_from;
use libsudoku_fuzz::reference::CELLS;
use sudoku::ffi::sudoku_status::*;
use sudoku::ffi::*;

fn blank() -> sudoku_rating {
    sudoku_rating {
        er: 999,
        ep: 999,
        ed: 999,
        hardest: 99,
        steps: 999,
        complete: 9,
    }
}

fuzz_target!(|data: &[u8]| {
    let board = board_from(data);
    let mut full = blank();
    let mut reference = sudoku_rate_options {
        struct_size: 0,
        budget_ms: 0,
    };
    // SAFETY: a writable options struct.
    unsafe { sudoku_rate_options_init(&mut reference) };
    reference.budget_ms = 20_000;
    // SAFETY: 81 readable bytes, a whole options struct and a writable rating.
    let full_status = unsafe { sudoku_rate_with(board.as_ptr().cast(), &reference, &mut full) };
    let cut = full_status == SUDOKU_OUT_OF_BUDGET;
    let options = data.get(CELLS..CELLS + 8).map(|b| sudoku_rate_options {
        struct_size: u32::from_le_bytes([b[0], b[1], b[2], b[3]]),
        budget_ms: u32::from_le_bytes([b[4], b[5], b[6], b[7]]) % 32,
    });
    let mut r = blank();
    let pointer = options
        .as_ref()
        .map_or(ptr::null(), |o| o as *const sudoku_rate_options);
    // SAFETY: 81 readable bytes; NULL or a whole sudoku_rate_options (at least struct_size
    // bytes are readable when struct_size is at most its size; a larger struct_size reads only
    // the fields this version knows); a writable rating.
    let status = unsafe { sudoku_rate_with(board.as_ptr().cast(), pointer, &mut r) };
    // Below the first version, or above the cap (a struct no init call filled): refused.
    let refused = options.is_some_and(|o| {
        (o.struct_size as usize) < size_of::<sudoku_rate_options>()
            || o.struct_size > SUDOKU_STRUCT_SIZE_MAX
    });
    if refused {
        assert_eq!((status, r), (SUDOKU_INVALID_ARGUMENT, blank()));
        return;
    }
    if cut {
        assert!(status == SUDOKU_OK || status == SUDOKU_OUT_OF_BUDGET);
        return;
    }
    if options.is_none_or(|o| o.budget_ms == 0) || status != SUDOKU_OUT_OF_BUDGET {
        assert_eq!(status, full_status);
        if status == SUDOKU_OK {
            assert_eq!(r, full);
        } else {
            assert_eq!(r, blank());
        }
        return;
    }
    assert_eq!(full_status, SUDOKU_OK);
    assert_eq!(r.complete, 0);
    assert!(r.er >= r.ep && r.er >= r.ed);
    if full.complete == 1 {
        assert!(r.er <= full.er);
    }
    if r.ep != 0 {
        assert_eq!(r.ep, full.ep);
    }
    if r.ed != 0 {
        assert_eq!(r.ed, full.ed);
    }
});
