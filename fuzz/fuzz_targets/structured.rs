//! Near-valid boards, so that the solver's deep paths run: a random solved grid (built by the
//! test-only reference solver with a fuzzer-chosen digit order), some cells blanked, then a few
//! bytes overwritten. Every function is checked for agreement (`check_all`), and the counts at
//! limit 2 and at a small limit are compared with the reference counter.
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use libsudoku_fuzz::{check_all, count, reference};
use sudoku::ffi::sudoku_status::SUDOKU_OK;

#[derive(Arbitrary, Debug)]
struct NearValid {
    /// Drives the random choices of the solved grid's digit order (used cyclically).
    order: Vec<u8>,
    /// Bit i set (of 81): cell i keeps its digit; clear: it becomes a blank.
    keep: [u8; 11],
    /// Spell blanks as '0' instead of '.'.
    zero_blanks: bool,
    /// Bytes overwritten after the blanking, (cell, value); only the first four are used.
    mutations: Vec<(u8, u8)>,
    /// The count limit for the agreement checks, reduced to 0-100 (the raw targets reach higher).
    limit: u8,
}

/// A mutation value as a board byte: mostly a digit or a blank, sometimes an invalid byte.
fn mutated_byte(value: u8) -> u8 {
    const BOARD_BYTES: &[u8; 11] = b".0123456789";
    if value < 220 {
        BOARD_BYTES[usize::from(value) % BOARD_BYTES.len()]
    } else {
        value
    }
}

fuzz_target!(|input: NearValid| {
    let mut next = 0usize;
    let mut below = |n: usize| {
        let byte = input.order.get(next % input.order.len().max(1)).copied();
        next += 1;
        usize::from(byte.unwrap_or(0)) % n
    };
    let solved = reference::random_solved_grid(&mut below);
    let blank = if input.zero_blanks { b'0' } else { b'.' };
    let mut board = [blank; reference::CELLS];
    for (cell, byte) in board.iter_mut().enumerate() {
        if input.keep[cell / 8] & (1 << (cell % 8)) != 0 {
            *byte = b'0' + solved[cell];
        }
    }
    let mutations = &input.mutations[..input.mutations.len().min(4)];
    for &(cell, value) in mutations {
        board[usize::from(cell) % reference::CELLS] = mutated_byte(value);
    }

    let limit = u64::from(input.limit % 101);
    let at_two = check_all(&board, limit);
    let Ok(givens) = reference::parse(&board) else {
        assert_eq!(at_two, None);
        return;
    };
    let (expected, first) = reference::count(&givens, 2);
    assert_eq!(
        at_two,
        Some(expected),
        "count at limit 2 differs from the reference"
    );
    if mutations.is_empty() {
        assert!(expected >= 1, "a subset of a solved grid has a solution");
    }
    if expected == 1 {
        let (_, unique) = libsudoku_fuzz::solve_unique(&board);
        assert_eq!(unique, reference::to_text(&first.unwrap()));
    }
    let small_limit = limit % 11;
    if small_limit > 0 {
        let (status, n) = count(&board, small_limit);
        let n = n.expect("count written on success");
        assert_eq!(status, SUDOKU_OK);
        assert_eq!(
            n,
            reference::count(&givens, small_limit).0,
            "count at {small_limit}"
        );
    }
});
