//! `sudoku_generate_pattern_with` and `sudoku_generate_pattern_batch` on pattern bytes, a seed
//! and options: the first 81 bytes make the pattern as in the `generate_pattern` target (a
//! byte below byte 81's value marks a given's cell; one from 0xFC up is copied as it is), bytes
//! 82-89 the seed, byte 90 the attempts (0-3), byte 91 `struct_size` (32, or a smaller or a
//! larger one), bytes 92-99 `first_index`, bytes 100-101 the rating window in tenths (both 0:
//! none), byte 102 the count (0-3) and byte 103 the threads (0-2). Decided here independently,
//! in the C API's order: bad options (`struct_size` below 32, no attempts, a window with
//! `min_er > max_er` or `max_er < 10`) give `SUDOKU_INVALID_ARGUMENT`; a byte outside the
//! pattern characters `SUDOKU_INVALID_CHARACTER`; a pattern no puzzle fits (fewer than 17
//! cells, two empty rows of a band or columns of a stack) `SUDOKU_INVALID_ARGUMENT`; otherwise
//! the single call gives `SUDOKU_OK` or `SUDOKU_NOT_FOUND` and the batch `SUDOKU_OK`. Nothing is
//! written on a refusal; each batch item is the single call's at its index (wrapping at 2^64),
//! whatever the threads; a puzzle written has its givens exactly on the pattern, one solution
//! by the reference counter (the solution written) and, with a window, a rating inside it.
#![no_main]

use libfuzzer_sys::fuzz_target;
use libsudoku_fuzz::cabi::{
    check_on_pattern, complete_er, generate_pattern_batch, generate_pattern_with, STATUS_UNTOUCHED,
};
use libsudoku_fuzz::{
    check_pattern_status, pattern_from, pattern_refusal, seed_from, written_only_on_ok,
};
use sudoku::ffi::sudoku_pattern_options;
use sudoku::ffi::sudoku_status::*;

const CELLS: usize = 81;

fuzz_target!(|data: &[u8]| {
    let byte = |i: usize| data.get(i).copied().unwrap_or(0);
    let pattern = pattern_from(data);
    let seed = seed_from(data.get(82..).unwrap_or(&[]));
    let struct_size = match byte(91) % 4 {
        0 | 1 => 32,
        2 => u32::from(byte(91)) % 32,
        _ => 32 + u32::from(byte(91)),
    };
    let options = sudoku_pattern_options {
        struct_size,
        max_attempts: u64::from(byte(90) % 4),
        first_index: seed_from(data.get(92..).unwrap_or(&[])),
        min_er: u16::from(byte(100)),
        max_er: u16::from(byte(101)),
    };
    let (count, threads) = (usize::from(byte(102) % 4), usize::from(byte(103) % 3));

    let window = (options.min_er, options.max_er) != (0, 0);
    let bad_options = struct_size < 32
        || options.max_attempts == 0
        || (window && (options.min_er > options.max_er || options.max_er < 10));
    let expected_invalid = if bad_options {
        Some(SUDOKU_INVALID_ARGUMENT)
    } else {
        pattern_refusal(&pattern)
    };

    // The batch first: the call's status, nothing written on a refusal.
    let (status, puzzles, statuses) =
        generate_pattern_batch(seed, &pattern, Some(&options), count, threads);
    match expected_invalid {
        Some(expected) => {
            assert_eq!(status, expected);
            assert!(puzzles.iter().all(|p| *p == [b'#'; CELLS]));
            assert!(statuses.iter().all(|&s| s == STATUS_UNTOUCHED));
        }
        None => assert_eq!(status, SUDOKU_OK),
    }

    // The single call at each index the batch made (or at first_index alone).
    for i in 0..count.max(1) {
        let mut single = options;
        single.first_index = options.first_index.wrapping_add(i as u64);
        let (status, puzzle, solution) = generate_pattern_with(seed, &pattern, Some(&single));
        check_pattern_status(status, expected_invalid);
        if i < count && expected_invalid.is_none() {
            assert_eq!(statuses[i], status, "item {i}");
            let expected = if status == SUDOKU_OK {
                puzzle
            } else {
                [b'#'; CELLS]
            };
            assert_eq!(puzzles[i], expected, "item {i}");
        }
        if !written_only_on_ok(status, &puzzle, &solution) {
            continue;
        }
        check_on_pattern(&pattern, &puzzle, &solution);
        if window {
            let er = complete_er(&puzzle);
            assert!(
                er.is_some_and(|er| (options.min_er..=options.max_er).contains(&er)),
                "ER {er:?}"
            );
        }
    }
});
