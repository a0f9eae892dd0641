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
use libsudoku_fuzz::cabi::generate_pattern;
use libsudoku_fuzz::{reference, seed_from, written_only_on_ok};
use sudoku::ffi::sudoku_status::*;

const CELLS: usize = 81;

fuzz_target!(|data: &[u8]| {
    let byte = |i: usize| data.get(i).copied().unwrap_or(0);
    let threshold = byte(81);
    let pattern: [u8; CELLS] = std::array::from_fn(|i| match byte(i) {
        b @ 0xFC.. => b,
        b if b < threshold => [b'x', b'X', b'1' + b % 9][usize::from(b % 3)],
        b => [b'.', b'0'][usize::from(b % 2)],
    });
    let seed = seed_from(data.get(82..).unwrap_or(&[]));
    let attempts = u64::from(byte(90) % 4);
    let (status, puzzle, solution) = generate_pattern(seed, &pattern, attempts);

    let is_cell = |b: u8| matches!(b, b'1'..=b'9' | b'x' | b'X');
    let expected_invalid = if attempts == 0 {
        // The C API's order: the other arguments before the pattern's bytes.
        Some(SUDOKU_INVALID_ARGUMENT)
    } else if pattern
        .iter()
        .any(|&b| !is_cell(b) && b != b'.' && b != b'0')
    {
        Some(SUDOKU_INVALID_CHARACTER)
    } else {
        let cell = |r: usize, c: usize| is_cell(pattern[r * 9 + c]);
        let empty_rows = |band: usize| {
            (0..3)
                .filter(|k| (0..9).all(|c| !cell(3 * band + k, c)))
                .count()
        };
        let empty_columns = |stack: usize| {
            (0..3)
                .filter(|k| (0..9).all(|r| !cell(r, 3 * stack + k)))
                .count()
        };
        let cells = pattern.iter().filter(|&&b| is_cell(b)).count();
        let unfit = (0..3).any(|chute| empty_rows(chute) >= 2 || empty_columns(chute) >= 2);
        (cells < 17 || unfit).then_some(SUDOKU_INVALID_ARGUMENT)
    };
    match expected_invalid {
        Some(expected) => assert_eq!(status, expected),
        None => assert!(
            status == SUDOKU_OK || status == SUDOKU_NOT_FOUND,
            "{status:?}"
        ),
    }
    if !written_only_on_ok(status, &puzzle, &solution) {
        return;
    }
    for i in 0..CELLS {
        assert_eq!(puzzle[i] != b'.', is_cell(pattern[i]), "cell {i}");
    }
    let (n, first) = reference::reference_solve(&puzzle, 2);
    assert_eq!(n, 1, "not unique");
    assert_eq!(first, Some(solution));
    assert_eq!(
        generate_pattern(seed, &pattern, attempts),
        (status, puzzle, solution)
    );
});
