//! `sudoku_generate_pattern` on pattern bytes, a seed and a number of attempts: the first 81
//! bytes make the pattern (a byte below byte 81's value marks a given's cell, written as a digit
//! or 'x'; a byte from 0xFC up is copied as it is, mostly not a pattern character), bytes
//! 82-89 the seed, byte 90 the attempts (0-3). Decided here independently, in the C API's order:
//! no attempts gives `SUDOKU_INVALID_ARGUMENT`; a byte outside the pattern characters
//! `SUDOKU_INVALID_CHARACTER`; fewer than 17 cells, or two empty rows of a band or columns of a
//! stack `SUDOKU_INVALID_ARGUMENT`; otherwise
//! `SUDOKU_OK` or `SUDOKU_NOT_FOUND`. Nothing is written unless `SUDOKU_OK`; a puzzle written
//! has its givens exactly on the pattern's cells and one solution by the reference counter
//! (the solution written), and comes again for the same input.
#![no_main]

use libfuzzer_sys::fuzz_target;
use libsudoku_fuzz::cabi::{check_on_pattern, generate_pattern};
use libsudoku_fuzz::{
    check_pattern_status, pattern_from, pattern_refusal, seed_from, written_only_on_ok,
};
use sudoku::ffi::sudoku_status::*;

fuzz_target!(|data: &[u8]| {
    let byte = |i: usize| data.get(i).copied().unwrap_or(0);
    let pattern = pattern_from(data);
    let seed = seed_from(data.get(82..).unwrap_or(&[]));
    let attempts = u64::from(byte(90) % 4);
    let (status, puzzle, solution) = generate_pattern(seed, &pattern, attempts);

    let expected_invalid = if attempts == 0 {
        // The C API's order: the other arguments before the pattern's bytes.
        Some(SUDOKU_INVALID_ARGUMENT)
    } else {
        pattern_refusal(&pattern)
    };
    check_pattern_status(status, expected_invalid);
    if !written_only_on_ok(status, &puzzle, &solution) {
        return;
    }
    check_on_pattern(&pattern, &puzzle, &solution);
    assert_eq!(
        generate_pattern(seed, &pattern, attempts),
        (status, puzzle, solution)
    );
});
