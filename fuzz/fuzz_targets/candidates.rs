//! Candidate puzzles from raw bytes: the first 162 bytes are 81 masks (little-endian `uint16_t`,
//! padded with 0x1FF, every digit, when shorter), the next two the count limit. Every candidate
//! function runs on the masks as they are (most raw masks have bits above bit 8: an invalid
//! argument) and again with those bits cleared, so that the search runs too. Checked
//! (`check_candidates`): validation gives the first fault found from the rules, the solve and
//! count functions agree with it and with each other, nothing is written on failure, a solution
//! is a valid grid within the masks, and (for the cleared masks, when at most 45 cells have
//! several candidates) the count at 2 equals the test kit's exact-cover counter restricted to
//! the candidates. Then the cleared masks' single-candidate cells read as
//! a board go through `sudoku_board_candidates` and the plain functions (`check_all`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use libsudoku_fuzz::contract::check_candidates;
use libsudoku_fuzz::reference::CELLS;

/// Cells with several candidates above which the reference counter is not run.
const MAX_OPEN_FOR_REFERENCE: usize = 45;

fuzz_target!(|data: &[u8]| {
    let mut masks = [0x1FFu16; CELLS];
    for (m, pair) in masks.iter_mut().zip(data.chunks_exact(2)) {
        *m = u16::from_le_bytes([pair[0], pair[1]]);
    }
    // `limit_from` reads the two bytes after 81: skip 81 more, to the bytes after the masks.
    let limit = libsudoku_fuzz::limit_from(data.get(CELLS..).unwrap_or(&[]));
    // The reference runs on the cleared masks below (the same puzzle when no mask is too big).
    check_candidates(&masks, limit, false);
    let cleared = masks.map(|m| m & 0x1FF);
    // The reference's Hall test costs milliseconds a node in the fuzz build: it checks the
    // smaller cases only, so that the target keeps a useful rate.
    let open = cleared.iter().filter(|m| m.count_ones() > 1).count();
    check_candidates(&cleared, limit, open <= MAX_OPEN_FOR_REFERENCE);
    let singles = cleared.map(|m| {
        if m.count_ones() == 1 {
            b'1' + m.trailing_zeros() as u8
        } else {
            b'.'
        }
    });
    libsudoku_fuzz::check_all(&singles, 2);
});
