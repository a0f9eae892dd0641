//! Puzzles on a pattern through the C API beyond `sudoku_generate_pattern` (which
//! `generate_ffi.rs` tests): `sudoku_generate_pattern_with` (an index and a rating window) and
//! `sudoku_generate_pattern_batch` (many puzzles on all cores), with their options. Every
//! puzzle is checked by the test kit alone (givens exactly on the pattern, one solution by the
//! reference counter); batch items equal the single call's at the same index whatever the
//! thread count; ratings inside a window are the rating engine's, itself checked against
//! Sudoku Explainer's published ratings (`steps_rating.rs`); bad arguments give their statuses
//! with nothing written.

use std::ptr;

use sudoku::ffi::sudoku_status::*;
use sudoku::ffi::*;
use sudoku::generator::{self, PatternOptions};
use sudoku_testkit::board::CELLS;
use sudoku_testkit::data::read_puzzles;

use crate::cabi::{
    check_on_pattern, complete_er, generate_pattern, generate_pattern_batch, generate_pattern_with,
    HEART, STATUS_UNTOUCHED,
};

/// The defaults, as the init call writes them over a struct full of other values.
fn defaults() -> sudoku_pattern_options {
    let mut options = sudoku_pattern_options {
        struct_size: 0,
        max_attempts: 0,
        first_index: 9,
        min_er: 7,
        max_er: 3,
    };
    // SAFETY: a writable options struct.
    unsafe { sudoku_pattern_options_init(&mut options) };
    options
}

/// A change that makes options invalid.
type Spoil = fn(&mut sudoku_pattern_options);

fn cells_of(pattern: &[u8; CELLS]) -> u128 {
    (0..CELLS)
        .filter(|&i| !matches!(pattern[i], b'.' | b'0'))
        .fold(0, |m, i| m | 1 << i)
}

#[test]
fn the_init_call_writes_the_documented_defaults() {
    let o = defaults();
    assert_eq!(o.struct_size, 32);
    assert_eq!(
        (o.max_attempts, o.first_index, o.min_er, o.max_er),
        (1000, 0, 0, 0)
    );
    let rust = PatternOptions::default();
    assert_eq!((rust.max_attempts, rust.min_er, rust.max_er), (1000, 0, 0));
}

#[test]
fn the_indexed_call_gives_puzzle_index_of_the_seed_and_index_0_is_the_plain_call_s() {
    let minimal = read_puzzles("puzzles1_random_minimal");
    let mut patterns: Vec<[u8; CELLS]> = (0..12).map(|k| minimal[k * 4001 + 7]).collect();
    patterns.push(*HEART);
    let mut found = 0;
    for (k, pattern) in patterns.iter().enumerate() {
        let seed = 1000 + k as u64;
        // NULL options and the defaults are puzzle 0, the plain call's.
        let plain = generate_pattern(seed, pattern, 1000);
        assert_eq!(generate_pattern_with(seed, pattern, None), plain);
        assert_eq!(
            generate_pattern_with(seed, pattern, Some(&defaults())),
            plain
        );
        for index in [1, 2, u64::MAX] {
            let mut options = defaults();
            options.first_index = index;
            let (status, puzzle, solution) = generate_pattern_with(seed, pattern, Some(&options));
            let rust = generator::generate_on_pattern_item(
                seed,
                index,
                cells_of(pattern),
                &PatternOptions::default(),
            );
            match rust {
                Ok(made) => {
                    assert_eq!(status, SUDOKU_OK);
                    assert_eq!((made.puzzle, made.solution), (puzzle, solution));
                    check_on_pattern(pattern, &puzzle, &solution);
                    found += 1;
                }
                Err(_) => assert_eq!(
                    (status, puzzle, solution),
                    (SUDOKU_NOT_FOUND, [b'#'; CELLS], [b'#'; CELLS])
                ),
            }
        }
        // Other indices give other puzzles (the words are another stream).
        let (_, one, _) = generate_pattern_with(
            seed,
            pattern,
            Some(&{
                let mut o = defaults();
                o.first_index = 1;
                o
            }),
        );
        if plain.0 == SUDOKU_OK && one != [b'#'; CELLS] {
            assert_ne!(one, plain.1, "pattern {k}");
        }
    }
    assert!(found >= 33, "{found} of 39");
}

#[test]
fn batch_items_are_the_indexed_call_s_on_any_thread_count() {
    let easy = read_puzzles("puzzles0_easy")[17];
    let minimal = read_puzzles("puzzles1_random_minimal")[555];
    for pattern in [easy, minimal, *HEART] {
        let mut options = defaults();
        options.first_index = u64::MAX - 3; // wraps past 2^64 - 1
        let (status, one, one_statuses) =
            generate_pattern_batch(77, &pattern, Some(&options), 9, 1);
        assert_eq!(status, SUDOKU_OK);
        let (status, two, two_statuses) =
            generate_pattern_batch(77, &pattern, Some(&options), 9, 2);
        assert_eq!(status, SUDOKU_OK);
        let (_, all, all_statuses) = generate_pattern_batch(77, &pattern, Some(&options), 9, 0);
        assert_eq!((&one, &one_statuses), (&two, &two_statuses));
        assert_eq!((&one, &one_statuses), (&all, &all_statuses));
        for i in 0..9 {
            let mut single = options;
            single.first_index = options.first_index.wrapping_add(i as u64);
            let (status, puzzle, solution) = generate_pattern_with(77, &pattern, Some(&single));
            assert_eq!(one_statuses[i], status, "item {i}");
            if status == SUDOKU_OK {
                assert_eq!(one[i], puzzle, "item {i}");
                check_on_pattern(&pattern, &puzzle, &solution);
            } else {
                assert_eq!(status, SUDOKU_NOT_FOUND);
                assert_eq!(one[i], [b'#'; CELLS], "item {i} written");
            }
        }
        assert!(one_statuses.iter().filter(|&&s| s == SUDOKU_OK).count() >= 7);
        // The Rust batch gives the same puzzles from index 0.
        let rust = generator::generate_on_pattern_batch(
            77,
            cells_of(&pattern),
            &PatternOptions::default(),
            4,
            2,
        )
        .unwrap();
        let (_, c, _) = generate_pattern_batch(77, &pattern, None, 4, 1);
        for (r, c) in rust.iter().zip(&c) {
            if let Ok(made) = r {
                assert_eq!(made.puzzle, *c);
            }
        }
    }
}

#[test]
fn rating_windows_are_met_on_a_pattern() {
    // The heart rates from 1.2 to 8.5 over seeds (docs/generator.md): an easy, a middle and a
    // harder window, each puzzle rated again here.
    for (min_er, max_er) in [(12, 20), (30, 45), (60, 75)] {
        let mut options = defaults();
        options.min_er = min_er;
        options.max_er = max_er;
        options.max_attempts = 5000;
        let (status, puzzles, statuses) = generate_pattern_batch(3, HEART, Some(&options), 6, 0);
        assert_eq!(status, SUDOKU_OK);
        let mut found = 0;
        for (puzzle, status) in puzzles.iter().zip(&statuses) {
            if *status == SUDOKU_NOT_FOUND {
                continue;
            }
            assert_eq!(*status, SUDOKU_OK);
            found += 1;
            let er = complete_er(puzzle);
            assert!(
                er.is_some_and(|er| (min_er..=max_er).contains(&er)),
                "{min_er}-{max_er}: {er:?}"
            );
            // On the pattern, with one solution by the reference counter.
            let board = sudoku_testkit::board::parse(puzzle).unwrap();
            assert_eq!(sudoku_testkit::reference::count(&board, 2).0, 1);
            assert_eq!(cells_of(puzzle), cells_of(HEART));
        }
        assert!(found >= 4, "{min_er}-{max_er}: {found} of 6");
    }
    // 20.0 is past every technique: nothing is ever kept.
    let mut options = defaults();
    options.min_er = 200;
    options.max_er = 200;
    options.max_attempts = 3;
    let (status, puzzle, solution) = generate_pattern_with(3, HEART, Some(&options));
    assert_eq!(
        (status, puzzle, solution),
        (SUDOKU_NOT_FOUND, [b'#'; CELLS], [b'#'; CELLS])
    );
}

#[test]
fn bad_arguments_give_their_statuses_and_write_nothing() {
    let easy = read_puzzles("puzzles0_easy")[0];
    let untouched = ([b'#'; CELLS], [b'#'; CELLS]);
    let bad_options: [(&str, Spoil); 5] = [
        ("struct_size 0", |o| o.struct_size = 0),
        ("struct_size 31", |o| o.struct_size = 31),
        ("max_attempts 0", |o| o.max_attempts = 0),
        ("min_er above max_er", |o| {
            o.min_er = 50;
            o.max_er = 40
        }),
        ("max_er below 1.0", |o| {
            o.min_er = 0;
            o.max_er = 9
        }),
    ];
    let mut bad_pattern = easy;
    bad_pattern[10] = b'?';
    for (what, spoil) in bad_options {
        let mut options = defaults();
        spoil(&mut options);
        let (status, puzzle, solution) = generate_pattern_with(1, &easy, Some(&options));
        assert_eq!(
            (status, (puzzle, solution)),
            (SUDOKU_INVALID_ARGUMENT, untouched),
            "{what}"
        );
        // Options come before the pattern's bytes.
        let (status, ..) = generate_pattern_with(1, &bad_pattern, Some(&options));
        assert_eq!(status, SUDOKU_INVALID_ARGUMENT, "{what}");
        let (status, puzzles, statuses) = generate_pattern_batch(1, &easy, Some(&options), 2, 1);
        assert_eq!(status, SUDOKU_INVALID_ARGUMENT, "{what}");
        assert_eq!(puzzles, vec![[b'#'; CELLS]; 2]);
        assert_eq!(statuses, vec![STATUS_UNTOUCHED; 2]);
    }
    // A larger struct of a later version: the fields this version knows are read.
    let mut options = defaults();
    options.struct_size = 4096;
    assert_eq!(
        generate_pattern_with(1, &easy, Some(&options)),
        generate_pattern(1, &easy, 1000)
    );
    // The pattern's bytes, then patterns no puzzle fits.
    let (status, puzzle, solution) = generate_pattern_with(1, &bad_pattern, None);
    assert_eq!(
        (status, (puzzle, solution)),
        (SUDOKU_INVALID_CHARACTER, untouched)
    );
    let mut sixteen = [b'.'; CELLS];
    (0..16).for_each(|i| sixteen[i * 5] = b'x');
    let mut rows = [b'x'; CELLS];
    rows[54..72].fill(b'.');
    for (pattern, status) in [
        (bad_pattern, SUDOKU_INVALID_CHARACTER),
        (sixteen, SUDOKU_INVALID_ARGUMENT),
        (rows, SUDOKU_INVALID_ARGUMENT),
    ] {
        assert_eq!(generate_pattern_with(1, &pattern, None).0, status);
        let (got, puzzles, statuses) = generate_pattern_batch(1, &pattern, None, 3, 0);
        assert_eq!(got, status);
        assert_eq!(puzzles, vec![[b'#'; CELLS]; 3]);
        assert_eq!(statuses, vec![STATUS_UNTOUCHED; 3]);
        // Even with nothing to make, the pattern is checked.
        assert_eq!(generate_pattern_batch(1, &pattern, None, 0, 0).0, status);
    }
    assert_eq!(generate_pattern_batch(1, &easy, None, 0, 0).0, SUDOKU_OK);
    // NULLs, overlaps, a count whose buffers cannot exist, misaligned statuses.
    let mut buf = easy;
    let mut puzzles = [b'#'; 4 * CELLS];
    let mut statuses = [STATUS_UNTOUCHED; 4];
    // SAFETY: every non-NULL pointer is a valid buffer of the documented size, except where a
    // count or an address is documented as refused before any access.
    unsafe {
        let out = buf.as_mut_ptr().cast::<std::ffi::c_char>();
        let p = easy.as_ptr().cast();
        assert_eq!(
            sudoku_generate_pattern_with(1, ptr::null(), ptr::null(), out, ptr::null_mut()),
            SUDOKU_NULL_POINTER
        );
        assert_eq!(
            sudoku_generate_pattern_with(1, p, ptr::null(), ptr::null_mut(), out),
            SUDOKU_NULL_POINTER
        );
        assert_eq!(
            sudoku_generate_pattern_with(1, p, ptr::null(), out, out.add(80)),
            SUDOKU_INVALID_ARGUMENT
        );
        assert_eq!(buf, easy);
        // The puzzle over the pattern is allowed.
        assert_eq!(
            sudoku_generate_pattern_with(1, out, ptr::null(), out, ptr::null_mut()),
            SUDOKU_OK
        );
        assert_eq!(buf, generate_pattern(1, &easy, 1000).1);
        let ps = puzzles.as_mut_ptr().cast::<std::ffi::c_char>();
        let ss = statuses.as_mut_ptr();
        for (pattern, puzzles, statuses) in [
            (ptr::null(), ps, ss),
            (p, ptr::null_mut(), ss),
            (p, ps, ptr::null_mut()),
        ] {
            for count in [0, 2] {
                assert_eq!(
                    sudoku_generate_pattern_batch(
                        1,
                        pattern,
                        ptr::null(),
                        count,
                        puzzles,
                        statuses,
                        1
                    ),
                    SUDOKU_NULL_POINTER
                );
            }
        }
        assert_eq!(
            sudoku_generate_pattern_batch(1, p, ptr::null(), usize::MAX / 8, ps, ss, 1),
            SUDOKU_INVALID_ARGUMENT
        );
        // Statuses inside the puzzles' bytes; statuses misaligned.
        assert_eq!(
            sudoku_generate_pattern_batch(1, p, ptr::null(), 2, ps, ps.add(8).cast(), 1),
            SUDOKU_INVALID_ARGUMENT
        );
        assert_eq!(
            sudoku_generate_pattern_batch(
                1,
                p,
                ptr::null(),
                2,
                ps,
                ss.cast::<u8>().add(1).cast(),
                1
            ),
            SUDOKU_INVALID_ARGUMENT
        );
        assert_eq!(puzzles, [b'#'; 4 * CELLS]);
        assert_eq!(statuses, [STATUS_UNTOUCHED; 4]);
        // The puzzles written over the pattern (it is read first).
        let mut shared = [b'#'; 2 * CELLS];
        shared[..CELLS].copy_from_slice(&easy);
        let sp = shared.as_mut_ptr().cast::<std::ffi::c_char>();
        assert_eq!(
            sudoku_generate_pattern_batch(1, sp, ptr::null(), 2, sp, ss, 1),
            SUDOKU_OK
        );
        let (_, expected, _) = generate_pattern_batch(1, &easy, None, 2, 1);
        assert_eq!(&shared[..CELLS], &expected[0]);
        assert_eq!(&shared[CELLS..], &expected[1]);
    }
}
