//! The generator's C API (issue 13): `sudoku_generate`, `sudoku_generate_batch`,
//! `sudoku_generate_options_init`, `sudoku_is_minimal`, `sudoku_minimize`,
//! `sudoku_pattern_symmetries`, `sudoku_generate_pattern`. Bad options and NULL pointers give
//! their statuses with nothing written; the C calls give what the Rust generator gives; the
//! puzzles they write are checked with the test kit's reference counter (on a pattern: the
//! givens exactly its cells), and the symmetries of patterns with its definitions.

use std::ffi::c_char;
use std::mem::size_of;
use std::ptr;

use sudoku::ffi::sudoku_status::{self, *};
use sudoku::ffi::*;
use sudoku::generator::{self, Options, Symmetry};
use sudoku_testkit::board::{parse, CELLS};
use sudoku_testkit::reference::count;

use crate::cabi::{check_on_pattern, generate_pattern, HEART};

fn defaults() -> sudoku_generate_options {
    let mut options = sudoku_generate_options {
        struct_size: 0,
        symmetry: 77,
        min_givens: 0,
        max_givens: 0,
        minimal: 9,
        max_attempts: 0,
        first_index: 5,
        min_er: 3,
        max_er: 4,
    };
    // SAFETY: a writable options struct.
    unsafe { sudoku_generate_options_init(&mut options) };
    options
}

/// `sudoku_generate` into fresh buffers filled with `#`: (status, puzzle, solution).
fn generate(
    seed: u64,
    options: Option<&sudoku_generate_options>,
) -> (sudoku_status, [u8; CELLS], [u8; CELLS]) {
    let (mut puzzle, mut solution) = ([b'#'; CELLS], [b'#'; CELLS]);
    let options = options.map_or(ptr::null(), |o| o as *const _);
    // SAFETY: valid options or NULL; two writable 81-byte buffers.
    let status = unsafe {
        sudoku_generate(
            seed,
            options,
            puzzle.as_mut_ptr().cast::<c_char>(),
            solution.as_mut_ptr().cast::<c_char>(),
        )
    };
    (status, puzzle, solution)
}

#[test]
fn init_writes_the_documented_defaults() {
    let o = defaults();
    assert_eq!(o.struct_size as usize, size_of::<sudoku_generate_options>());
    assert_eq!(
        (
            o.symmetry,
            o.min_givens,
            o.max_givens,
            o.minimal,
            o.max_attempts,
            o.first_index,
            o.min_er,
            o.max_er
        ),
        (0, 17, 81, 1, 1000, 0, 0, 0)
    );
    // SAFETY: NULL is accepted and ignored.
    unsafe { sudoku_generate_options_init(ptr::null_mut()) };
}

#[test]
fn generate_writes_a_unique_puzzle_and_its_solution() {
    for symmetry in 0..10u32 {
        let mut options = defaults();
        options.symmetry = symmetry;
        let (status, puzzle, solution) = generate(symmetry as u64, Some(&options));
        assert_eq!(status, SUDOKU_OK);
        let (n, first) = count(&parse(&puzzle).unwrap(), 2);
        assert_eq!(n, 1);
        assert_eq!(first.unwrap().map(|d| d + b'0'), solution);
        let rust = generator::generate(
            symmetry as u64,
            &Options {
                symmetry: Symmetry::from_code(symmetry).unwrap(),
                ..Options::default()
            },
        )
        .unwrap();
        assert_eq!((rust.puzzle, rust.solution), (puzzle, solution));
    }
    // NULL options are the defaults; a NULL solution is allowed.
    assert_eq!(generate(5, None), generate(5, Some(&defaults())));
    let mut puzzle = [b'#'; CELLS];
    // SAFETY: a writable 81-byte buffer; NULL options and solution.
    let status =
        unsafe { sudoku_generate(5, ptr::null(), puzzle.as_mut_ptr().cast(), ptr::null_mut()) };
    assert_eq!((status, puzzle), (SUDOKU_OK, generate(5, None).1));
}

/// A change that makes valid options invalid.
type Spoil = fn(&mut sudoku_generate_options);

#[test]
fn bad_options_and_nulls_write_nothing() {
    let cases: [(&str, Spoil); 10] = [
        ("struct_size below the first version's", |o| {
            o.struct_size = std::mem::offset_of!(sudoku_generate_options, min_er) as u32 - 1
        }),
        ("min_er above max_er", |o| {
            o.min_er = 50;
            o.max_er = 40
        }),
        ("max_er below 1.0", |o| o.max_er = 5),
        ("unknown symmetry", |o| o.symmetry = 10),
        ("minimal not 0 or 1", |o| o.minimal = 2),
        ("min above max", |o| {
            o.min_givens = 40;
            o.max_givens = 39
        }),
        ("max above 81", |o| o.max_givens = 82),
        ("max below 17", |o| {
            o.min_givens = 10;
            o.max_givens = 16
        }),
        ("no attempt", |o| o.max_attempts = 0),
        ("huge symmetry", |o| o.symmetry = u32::MAX),
    ];
    for (what, spoil) in cases {
        let mut options = defaults();
        spoil(&mut options);
        let (status, puzzle, solution) = generate(1, Some(&options));
        assert_eq!(status, SUDOKU_INVALID_ARGUMENT, "{what}");
        assert_eq!((puzzle, solution), ([b'#'; CELLS], [b'#'; CELLS]), "{what}");
        let (mut puzzles, mut statuses) = ([b'#'; 2 * CELLS], [SUDOKU_INTERNAL_ERROR; 2]);
        // SAFETY: buffers for two puzzles.
        let status = unsafe {
            sudoku_generate_batch(
                1,
                &options,
                2,
                puzzles.as_mut_ptr().cast(),
                statuses.as_mut_ptr(),
                1,
            )
        };
        assert_eq!(status, SUDOKU_INVALID_ARGUMENT, "{what}");
        assert_eq!(puzzles, [b'#'; 2 * CELLS]);
        assert_eq!(statuses, [SUDOKU_INTERNAL_ERROR; 2]);
    }
    // A caller compiled before the rating window (struct_size up to first_index) gets the
    // default window, whatever its memory holds after the struct.
    let mut options = defaults();
    options.struct_size = std::mem::offset_of!(sudoku_generate_options, min_er) as u32;
    options.min_er = 60;
    options.max_er = 70;
    assert_eq!(generate(1, Some(&options)).1, generate(1, None).1);
    // A size between two versions' counts as the older one's: no field is read in part (at 34,
    // `min_er` whole but not `max_er`, which would make an inverted window).
    for between in 33..40 {
        options.struct_size = between;
        options.min_er = 500;
        options.max_er = 400;
        assert_eq!(
            generate(1, Some(&options)).1,
            generate(1, None).1,
            "{between}"
        );
    }
    // A larger struct_size (a newer caller) is fine.
    let mut options = defaults();
    options.struct_size += 8;
    let mut bigger = [0u64; 8];
    // SAFETY: the options are copied into a buffer larger than struct_size.
    unsafe {
        ptr::copy_nonoverlapping(
            &options as *const _ as *const u8,
            bigger.as_mut_ptr().cast::<u8>(),
            size_of::<sudoku_generate_options>(),
        )
    };
    let (mut puzzle, mut solution) = ([b'#'; CELLS], [b'#'; CELLS]);
    // SAFETY: a readable struct of struct_size bytes; writable buffers.
    let status = unsafe {
        sudoku_generate(
            1,
            bigger.as_ptr().cast(),
            puzzle.as_mut_ptr().cast(),
            solution.as_mut_ptr().cast(),
        )
    };
    assert_eq!((status, puzzle), (SUDOKU_OK, generate(1, None).1));
    // NULL puzzle.
    // SAFETY: NULL is rejected before any access.
    let status = unsafe {
        sudoku_generate(
            1,
            ptr::null(),
            ptr::null_mut(),
            solution.as_mut_ptr().cast(),
        )
    };
    assert_eq!(status, SUDOKU_NULL_POINTER);
    // The solution overlapping the puzzle.
    let mut both = [b'#'; CELLS + 10];
    // SAFETY: 91 writable bytes hold both (overlapping) buffers.
    let status = unsafe {
        sudoku_generate(
            1,
            ptr::null(),
            both.as_mut_ptr().cast(),
            both.as_mut_ptr().add(10).cast(),
        )
    };
    assert_eq!(
        (status, both),
        (SUDOKU_INVALID_ARGUMENT, [b'#'; CELLS + 10])
    );
}

#[test]
fn attempts_exhausted_is_not_found_with_nothing_written() {
    let mut options = defaults();
    options.symmetry = sudoku_symmetry::SUDOKU_SYMMETRY_DIHEDRAL as u32;
    options.max_givens = 20;
    options.max_attempts = 3;
    let (status, puzzle, solution) = generate(1, Some(&options));
    assert_eq!(status, SUDOKU_NOT_FOUND);
    assert_eq!((puzzle, solution), ([b'#'; CELLS], [b'#'; CELLS]));
    let (mut puzzles, mut statuses) = ([b'#'; 3 * CELLS], [SUDOKU_OK; 3]);
    // SAFETY: buffers for three puzzles.
    let status = unsafe {
        sudoku_generate_batch(
            1,
            &options,
            3,
            puzzles.as_mut_ptr().cast(),
            statuses.as_mut_ptr(),
            2,
        )
    };
    assert_eq!(status, SUDOKU_OK);
    assert_eq!(statuses, [SUDOKU_NOT_FOUND; 3]);
    assert_eq!(puzzles, [b'#'; 3 * CELLS]);
}

#[test]
fn batch_items_are_the_single_calls_on_every_thread_count() {
    let mut options = defaults();
    options.symmetry = 1;
    let n = 40;
    let expected: Vec<[u8; CELLS]> = (0..n)
        .map(|i| {
            generator::generate_item(
                8,
                i as u64,
                &Options {
                    symmetry: Symmetry::Rotate180,
                    ..Options::default()
                },
            )
            .unwrap()
            .puzzle
        })
        .collect();
    assert_eq!(expected[0], generate(8, Some(&options)).1);
    for threads in [1, 2, 3, 0] {
        let (mut puzzles, mut statuses) = (vec![b'#'; n * CELLS], vec![SUDOKU_INTERNAL_ERROR; n]);
        // SAFETY: buffers for n puzzles.
        let status = unsafe {
            sudoku_generate_batch(
                8,
                &options,
                n,
                puzzles.as_mut_ptr().cast(),
                statuses.as_mut_ptr(),
                threads,
            )
        };
        assert_eq!(status, SUDOKU_OK);
        assert!(statuses.iter().all(|&s| s == SUDOKU_OK));
        for (i, chunk) in puzzles.chunks_exact(CELLS).enumerate() {
            assert_eq!(chunk, expected[i], "threads {threads}, item {i}");
        }
    }
    // A run cut into calls with first_index gives the same puzzles.
    let mut cut = vec![b'#'; n * CELLS];
    let mut statuses = vec![SUDOKU_INTERNAL_ERROR; n];
    for (start, len) in [(0, 7), (7, 1), (8, 32)] {
        options.first_index = start as u64;
        // SAFETY: buffers for `len` puzzles from `start` on.
        let status = unsafe {
            sudoku_generate_batch(
                8,
                &options,
                len,
                cut[start * CELLS..].as_mut_ptr().cast(),
                statuses[start..].as_mut_ptr(),
                2,
            )
        };
        assert_eq!(status, SUDOKU_OK);
    }
    assert_eq!(cut, expected.concat());
    options.first_index = 13;
    assert_eq!(generate(8, Some(&options)).1, expected[13]);
    // NULLs (also with count 0), overlap, impossible counts.
    let (mut puzzles, mut statuses) = ([b'#'; CELLS], [SUDOKU_OK; 1]);
    // SAFETY: NULL pointers are rejected before any access; the other buffers are valid.
    unsafe {
        assert_eq!(
            sudoku_generate_batch(1, ptr::null(), 0, ptr::null_mut(), statuses.as_mut_ptr(), 1),
            SUDOKU_NULL_POINTER
        );
        assert_eq!(
            sudoku_generate_batch(
                1,
                ptr::null(),
                0,
                puzzles.as_mut_ptr().cast(),
                ptr::null_mut(),
                1
            ),
            SUDOKU_NULL_POINTER
        );
        assert_eq!(
            sudoku_generate_batch(
                1,
                ptr::null(),
                0,
                puzzles.as_mut_ptr().cast(),
                statuses.as_mut_ptr(),
                1
            ),
            SUDOKU_OK
        );
        assert_eq!(
            sudoku_generate_batch(
                1,
                ptr::null(),
                1,
                puzzles.as_mut_ptr().cast(),
                puzzles.as_mut_ptr().add(4).cast(),
                1
            ),
            SUDOKU_INVALID_ARGUMENT
        );
        assert_eq!(
            sudoku_generate_batch(
                1,
                ptr::null(),
                usize::MAX / 8,
                puzzles.as_mut_ptr().cast(),
                statuses.as_mut_ptr(),
                1
            ),
            SUDOKU_INVALID_ARGUMENT
        );
    }
    assert_eq!((puzzles, statuses), ([b'#'; CELLS], [SUDOKU_OK; 1]));
}

fn is_minimal(text: &[u8; CELLS]) -> (sudoku_status, u8) {
    let mut answer = 7u8;
    // SAFETY: an 81-byte board and a writable byte standing for a bool (written only as 0 or 1).
    let status = unsafe {
        sudoku_is_minimal(
            text.as_ptr().cast(),
            (&mut answer as *mut u8).cast::<bool>(),
        )
    };
    (status, answer)
}

fn minimize(text: &[u8; CELLS], symmetry: u32) -> (sudoku_status, [u8; CELLS]) {
    let mut board = *text;
    // SAFETY: an 81-byte writable board.
    let status = unsafe { sudoku_minimize(board.as_mut_ptr().cast(), symmetry) };
    (status, board)
}

#[test]
fn is_minimal_and_minimize_report_their_statuses() {
    let seventeen =
        *b"...8.1..........435............7.8........1...2..3....6......75..34........2..6..";
    assert_eq!(is_minimal(&seventeen), (SUDOKU_OK, 1));
    assert_eq!(minimize(&seventeen, 0), (SUDOKU_OK, seventeen));
    let options = Options {
        minimal: false,
        min_givens: 40,
        max_givens: 40,
        ..Options::default()
    };
    let dense = generator::generate(3, &options).unwrap().puzzle;
    assert_eq!(is_minimal(&dense), (SUDOKU_OK, 0));
    let (status, small) = minimize(&dense, 0);
    assert_eq!(status, SUDOKU_OK);
    assert_eq!(is_minimal(&small), (SUDOKU_OK, 1));
    assert_eq!(count(&parse(&small).unwrap(), 2).0, 1);
    // Errors leave the outputs untouched.
    let mut empty = [b'.'; CELLS];
    assert_eq!(is_minimal(&empty), (SUDOKU_MULTIPLE_SOLUTIONS, 7));
    assert_eq!(minimize(&empty, 0), (SUDOKU_MULTIPLE_SOLUTIONS, empty));
    empty[0] = b'x';
    assert_eq!(is_minimal(&empty), (SUDOKU_INVALID_CHARACTER, 7));
    assert_eq!(minimize(&empty, 0), (SUDOKU_INVALID_CHARACTER, empty));
    let mut clash = [b'.'; CELLS];
    clash[0] = b'5';
    clash[1] = b'5';
    assert_eq!(is_minimal(&clash), (SUDOKU_CONFLICTING_GIVENS, 7));
    let mut none = [b'.'; CELLS];
    none[..8].copy_from_slice(b"12345678");
    none[17] = b'9';
    assert_eq!(is_minimal(&none), (SUDOKU_NO_SOLUTION, 7));
    assert_eq!(minimize(&none, 0), (SUDOKU_NO_SOLUTION, none));
    // Unknown symmetry, and a pattern without the symmetry asked for.
    assert_eq!(minimize(&dense, 10), (SUDOKU_INVALID_ARGUMENT, dense));
    assert_eq!(
        minimize(&seventeen, 2),
        (SUDOKU_INVALID_ARGUMENT, seventeen)
    );
    // NULLs.
    let mut flag = false;
    // SAFETY: NULL pointers are rejected before any access.
    unsafe {
        assert_eq!(
            sudoku_is_minimal(ptr::null(), &mut flag),
            SUDOKU_NULL_POINTER
        );
        assert_eq!(
            sudoku_is_minimal(seventeen.as_ptr().cast(), ptr::null_mut()),
            SUDOKU_NULL_POINTER
        );
        assert_eq!(sudoku_minimize(ptr::null_mut(), 0), SUDOKU_NULL_POINTER);
    }
    assert!(!flag);
}

#[test]
fn a_rating_window_gives_puzzles_rated_within_it() {
    // Puzzles rated 3.0-4.4 (subsets, fish, wings): each is rated again here, to the end,
    // and unique (the reference counter); the batch gives what single calls give.
    let mut options = defaults();
    options.min_er = 30;
    options.max_er = 44;
    let (mut puzzles, mut statuses) = ([b'#'; 4 * CELLS], [SUDOKU_INTERNAL_ERROR; 4]);
    // SAFETY: buffers for four puzzles.
    let status = unsafe {
        sudoku_generate_batch(
            9,
            &options,
            4,
            puzzles.as_mut_ptr().cast(),
            statuses.as_mut_ptr(),
            2,
        )
    };
    assert_eq!((status, statuses), (SUDOKU_OK, [SUDOKU_OK; 4]));
    for (i, puzzle) in puzzles.chunks(CELLS).enumerate() {
        let puzzle: &[u8; CELLS] = puzzle.try_into().unwrap();
        let board = sudoku::Board::parse(puzzle).unwrap();
        let r = sudoku::steps::rate(&board);
        assert!(r.complete && (30..=44).contains(&r.er), "{r:?}");
        assert_eq!(count(&parse(puzzle).unwrap(), 2).0, 1);
        options.first_index = i as u64;
        assert_eq!(&generate(9, Some(&options)).1, puzzle);
    }
}

/// `sudoku_pattern_symmetries`: (status, the mask or None when left untouched).
fn pattern_symmetries(text: &[u8; CELLS]) -> (sudoku_status, Option<u32>) {
    let mut bits = 0xDEAD_BEEFu32;
    // SAFETY: 81 readable bytes and a writable uint32_t.
    let status = unsafe { sudoku_pattern_symmetries(text.as_ptr().cast::<c_char>(), &mut bits) };
    (status, (bits != 0xDEAD_BEEF).then_some(bits))
}

#[test]
fn pattern_symmetries_are_the_reference_s() {
    use sudoku_testkit::data::read_puzzles;
    use sudoku_testkit::symmetry::pattern_symmetries as reference;
    // Puzzles of the data sets: nearly all have none; the counts of those with one were found
    // by a script of their own (Python, from the definitions) when this test was written.
    for (file, step, with_symmetry) in [
        ("puzzles2_17_clue", 1, Some(1)),
        ("puzzles3_magictour_top1465", 1, Some(20)),
        ("puzzles7_serg_benchmark", 1, Some(1261)),
        ("puzzles5_forum_hardest_1905_11+", 10, None),
        ("puzzles0_easy", 100, Some(0)),
    ] {
        let puzzles = read_puzzles(file);
        let mut symmetric = 0;
        for board in puzzles.iter().step_by(step) {
            let expected = reference(board);
            assert_eq!(pattern_symmetries(board), (SUDOKU_OK, Some(expected)));
            symmetric += (expected != 1) as usize;
        }
        if let Some(count) = with_symmetry {
            assert_eq!(symmetric, count, "{file}");
        }
    }
    // Generated puzzles of every symmetry have it (and what it implies), and nothing else the
    // reference does not see.
    for symmetry in Symmetry::ALL {
        for seed in 0..40 {
            let options = Options {
                symmetry,
                ..Options::default()
            };
            let made = generator::generate(seed, &options).expect("a puzzle");
            let bits = reference(&made.puzzle);
            assert_ne!(bits & 1 << symmetry as u32, 0);
            assert_eq!(pattern_symmetries(&made.puzzle), (SUDOKU_OK, Some(bits)));
        }
    }
    // Patterns that are unions of random orbits under a random symmetry, with a grid's digits.
    let grid =
        *b"534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move |n: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % n
    };
    for _ in 0..3000 {
        let s = next(10) as u32;
        let mut board = [b'.'; CELLS];
        for _ in 0..=next(12) {
            for cell in sudoku_testkit::symmetry::symmetry_orbit(s, next(81) as usize) {
                board[cell] = grid[cell];
            }
        }
        let bits = reference(&board);
        assert_ne!(bits & 1 << s, 0);
        assert_eq!(pattern_symmetries(&board), (SUDOKU_OK, Some(bits)));
    }
    // Implications the documentation states.
    for (s, implied) in [
        (9u32, 0x3FFu32),
        (7, 1 | 1 << 1 | 1 << 5 | 1 << 6),
        (8, 1 | 1 << 1 | 1 << 3 | 1 << 4),
        (2, 1 | 1 << 1),
    ] {
        let mut board = [b'.'; CELLS];
        for cell in sudoku_testkit::symmetry::symmetry_orbit(s, 1) {
            board[cell] = grid[cell];
        }
        let bits = pattern_symmetries(&board).1.unwrap();
        assert_eq!(bits & implied, implied, "symmetry {s}: {bits:#x}");
    }
}

#[test]
fn pattern_symmetries_report_their_statuses_and_write_nothing_else() {
    let empty = [b'.'; CELLS];
    assert_eq!(pattern_symmetries(&empty), (SUDOKU_OK, Some(0x3FF)));
    let full =
        *b"534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    assert_eq!(pattern_symmetries(&full), (SUDOKU_OK, Some(0x3FF)));
    let mut bad = empty;
    bad[3] = b'x';
    assert_eq!(pattern_symmetries(&bad), (SUDOKU_INVALID_CHARACTER, None));
    let mut clash = empty;
    clash[0] = b'5';
    clash[80] = b'5';
    clash[8] = b'5';
    assert_eq!(
        pattern_symmetries(&clash),
        (SUDOKU_CONFLICTING_GIVENS, None)
    );
    let mut bits = 7u32;
    // SAFETY: NULL is documented as refused; the other pointers are valid.
    let statuses = unsafe {
        [
            sudoku_pattern_symmetries(ptr::null(), &mut bits),
            sudoku_pattern_symmetries(empty.as_ptr().cast::<c_char>(), ptr::null_mut()),
        ]
    };
    assert_eq!((statuses, bits), ([SUDOKU_NULL_POINTER; 2], 7));
}

#[test]
fn puzzles_on_a_pattern_fit_it_and_have_one_solution() {
    use sudoku_testkit::data::read_puzzles;
    // The patterns of data-set puzzles (their digits, or 'x', mark the cells), and a drawn shape.
    let mut patterns: Vec<[u8; CELLS]> = Vec::new();
    let minimal = read_puzzles("puzzles1_random_minimal");
    patterns.extend((0..40).map(|k| minimal[k * 997]));
    let easy = read_puzzles("puzzles0_easy");
    patterns.extend((0..20).map(|k| easy[k * 31].map(|b| if b == b'.' { b'0' } else { b'x' })));
    let heart = *HEART;
    patterns.push(heart);
    let mut found = 0;
    for (k, pattern) in patterns.iter().enumerate() {
        let (status, puzzle, solution) = generate_pattern(k as u64, pattern, 1000);
        if status == SUDOKU_NOT_FOUND {
            assert_eq!((puzzle, solution), ([b'#'; CELLS], [b'#'; CELLS]));
            continue;
        }
        assert_eq!(status, SUDOKU_OK, "pattern {k}");
        check_on_pattern(pattern, &puzzle, &solution);
        found += 1;
        // The same again; another seed, another puzzle; the Rust call gives the same.
        assert_eq!(generate_pattern(k as u64, pattern, 1000).1, puzzle);
        let cells = (0..CELLS)
            .filter(|&i| puzzle[i] != b'.')
            .fold(0u128, |m, i| m | 1 << i);
        let rust = generator::generate_on_pattern(k as u64, cells, 1000).unwrap();
        assert_eq!((rust.puzzle, rust.solution), (puzzle, solution));
    }
    // The docs' rate: most patterns of random minimal puzzles, every easy one, the heart.
    assert!(found >= 55, "{found} of {}", patterns.len());
    assert_eq!(generate_pattern(0, &heart, 1000).0, SUDOKU_OK);
    // Pinned: a change of the draws or of the steps changes every setter's puzzles.
    let (_, puzzle, _) = generate_pattern(2026, &heart, 1000);
    assert_eq!(
        std::str::from_utf8(&puzzle).unwrap(),
        PINNED_HEART_2026,
        "the heart of seed 2026"
    );
}

/// The heart of `puzzles_on_a_pattern_fit_it_and_have_one_solution`, seed 2026.
const PINNED_HEART_2026: &str =
    ".48...62.1..8.5..75...2...99.......6.8.....4...3...2.....6.1.......8....627594183";

#[test]
fn a_pattern_s_bad_arguments_give_their_statuses_and_write_nothing() {
    // An easy puzzle's pattern, which the first attempts fill.
    let easy = sudoku_testkit::data::read_puzzles("puzzles0_easy")[0];
    let untouched = ([b'#'; CELLS], [b'#'; CELLS]);
    let refused = |pattern: &[u8; CELLS], attempts: u64, status: sudoku_status| {
        assert_eq!(
            generate_pattern(1, pattern, attempts),
            (status, untouched.0, untouched.1)
        );
    };
    refused(&easy, 0, SUDOKU_INVALID_ARGUMENT);
    let mut bad = easy;
    bad[40] = b'a';
    refused(&bad, 10, SUDOKU_INVALID_CHARACTER);
    // The C API's order: the other arguments before the pattern's bytes.
    refused(&bad, 0, SUDOKU_INVALID_ARGUMENT);
    // Sixteen cells; two empty rows in band 2; two empty columns in stack 0 (from a full one).
    let mut sixteen = [b'.'; CELLS];
    (0..16).for_each(|i| sixteen[i * 5] = b'x');
    refused(&sixteen, 10, SUDOKU_INVALID_ARGUMENT);
    let mut rows = [b'x'; CELLS];
    rows[54..72].fill(b'.');
    refused(&rows, 10, SUDOKU_INVALID_ARGUMENT);
    let mut columns = [b'x'; CELLS];
    (0..9).for_each(|r| {
        columns[r * 9] = b'.';
        columns[r * 9 + 2] = b'.';
    });
    refused(&columns, 10, SUDOKU_INVALID_ARGUMENT);
    // One empty row a band is fine; a full pattern is a random grid.
    rows[63..72].fill(b'x');
    assert_eq!(generate_pattern(1, &rows, 10).0, SUDOKU_OK);
    let (status, puzzle, solution) = generate_pattern(1, &[b'X'; CELLS], 1);
    assert_eq!((status, puzzle), (SUDOKU_OK, solution));
    // A 17-clue puzzle's pattern in three attempts: none found (pinned), nothing written.
    let seventeen = sudoku_testkit::data::read_puzzles("puzzles2_17_clue")[0];
    refused(&seventeen, 3, SUDOKU_NOT_FOUND);
    // NULLs, the solution overlapping the puzzle, and the puzzle over the pattern (allowed).
    let mut buf = easy;
    // SAFETY: every non-NULL pointer is a valid 81-byte buffer; NULL is documented as refused.
    unsafe {
        let out = buf.as_mut_ptr().cast::<c_char>();
        assert_eq!(
            sudoku_generate_pattern(1, ptr::null(), 10, out, ptr::null_mut()),
            SUDOKU_NULL_POINTER
        );
        assert_eq!(
            sudoku_generate_pattern(1, easy.as_ptr().cast(), 10, ptr::null_mut(), out),
            SUDOKU_NULL_POINTER
        );
        assert_eq!(
            sudoku_generate_pattern(1, easy.as_ptr().cast(), 10, out, out.add(80)),
            SUDOKU_INVALID_ARGUMENT
        );
        assert_eq!(buf, easy);
        assert_eq!(
            sudoku_generate_pattern(1, out, 1000, out, ptr::null_mut()),
            SUDOKU_OK
        );
    }
    assert_eq!(buf, generate_pattern(1, &easy, 1000).1);
}
