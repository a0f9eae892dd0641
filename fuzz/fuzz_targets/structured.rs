//! Near-valid boards, so that the solver's deep paths run: a solved grid chosen by the input,
//! some cells blanked, then a few bytes overwritten. Every function is checked for agreement (`check_all`), and the counts at
//! limit 2 and at a small limit are compared with the reference counter.
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use libsudoku_fuzz::{check_all, count, reference, solve};
use sudoku::ffi::sudoku_status::SUDOKU_OK;

#[derive(Arbitrary, Debug)]
struct NearValid {
    /// Chooses the solved grid (see `solved_grid`).
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

/// A solved grid chosen by `order`: its bytes (then zeros) lay a permutation of 1-9 in the
/// first row and up to 6 more digits on free cells where they conflict with nothing, and
/// `sudoku_solve` completes that board (or, if it has no solution, the first row alone). The
/// grid only seeds the boards; its validity is still checked against the reference. Building
/// it with the reference engine would cost most of each run (it is instrumented too).
fn solved_grid(order: &[u8]) -> reference::Grid {
    let mut bytes = order
        .iter()
        .copied()
        .chain(std::iter::repeat(0))
        .take(order.len().max(1));
    let mut next = |n: usize| usize::from(bytes.next().unwrap_or(0)) % n;
    let mut seed = [b'.'; reference::CELLS];
    let mut row: Vec<u8> = (b'1'..=b'9').collect();
    for (cell, slot) in seed.iter_mut().take(9).enumerate() {
        *slot = row.swap_remove(next(9 - cell));
    }
    let first_row = seed;
    for _ in 0..next(7) {
        let (cell, digit) = (9 + next(72), b'1' + next(9) as u8);
        let mut tried = seed;
        tried[cell] = digit;
        if reference::parse(&tried).is_ok() {
            seed = tried;
        }
    }
    for board in [seed, first_row] {
        let (status, out) = solve(&board);
        if status == SUDOKU_OK {
            let grid = reference::parse(&out).expect("a solution is a valid board");
            let givens = reference::parse(&board).expect("the seed board is valid");
            assert!(reference::is_solution_of(&givens, &grid));
            return grid;
        }
    }
    panic!("a board with only its first row filled has a solution");
}

fuzz_target!(|input: NearValid| {
    let solved = solved_grid(&input.order);
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
    // One reference count serves both comparisons: at limit 2 and at a small limit (0-10).
    let small_limit = limit % 11;
    let (at_small_limit, first) = reference::count(&givens, small_limit.max(2));
    let expected = at_small_limit.min(2);
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
    if small_limit > 0 {
        let (status, n) = count(&board, small_limit);
        let n = n.expect("count written on success");
        assert_eq!(status, SUDOKU_OK);
        assert_eq!(n, at_small_limit.min(small_limit), "count at {small_limit}");
    }
});
