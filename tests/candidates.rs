//! Candidate (pencilmark) puzzles through the Rust API and the C functions
//! (`sudoku_solve_candidates`, `sudoku_solve_unique_candidates`,
//! `sudoku_count_solutions_candidates`, `sudoku_validate_candidates`, `sudoku_board_candidates`),
//! checked against the plain functions and against the test kit: its exact-cover counter
//! restricted to the candidates (`count_candidates`), its peers and its solution checker.

use crate::common;
use crate::contract;
use sudoku_testkit::reference;

use std::ffi::c_char;
use std::mem::MaybeUninit;

use common::{are_peers, read_puzzles, CELLS};
use reference::count_candidates;
use sudoku::ffi::sudoku_status::{self, *};
use sudoku::ffi::{
    sudoku_board_candidates, sudoku_count_solutions, sudoku_count_solutions_candidates,
    sudoku_read_info, sudoku_read_info_init, sudoku_read_puzzle, sudoku_solve,
    sudoku_solve_candidates, sudoku_solve_unique, sudoku_solve_unique_candidates,
    sudoku_validate_candidates, SUDOKU_PUZZLE_CANDIDATES,
};
use sudoku::{search, Board, Candidates, Error, Mode, Start};

/// Puzzles per data set (the reference counter is the slow part).
const PER_SET: usize = 60;
const SETS: [&str; 4] = [
    "puzzles0_easy",
    "puzzles2_17_clue",
    "puzzles3_magictour_top1465",
    "puzzles5_forum_hardest_1905_11+",
];

/// A small xorshift64* generator, so the random checks are reproducible.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}

/// What each C function says about one candidate puzzle, outputs started from sentinels.
#[derive(Debug, PartialEq)]
struct Answers {
    first: (sudoku_status, [u8; CELLS]),
    unique: (sudoku_status, [u8; CELLS]),
    count: (sudoku_status, u64),
    validate: (sudoku_status, usize),
}

const SENTINEL: u8 = b'#';
const SENTINEL_COUNT: u64 = 0xDEAD;
const SENTINEL_CELL: usize = 999;

fn c_answers(masks: &[u16; CELLS], limit: u64) -> Answers {
    let mut first = [SENTINEL; CELLS];
    let mut unique = [SENTINEL; CELLS];
    let mut count = SENTINEL_COUNT;
    let mut cell = SENTINEL_CELL;
    // SAFETY: 81 readable masks, 81 writable bytes, a writable count and cell.
    let statuses = unsafe {
        (
            sudoku_solve_candidates(masks.as_ptr(), first.as_mut_ptr().cast()),
            sudoku_solve_unique_candidates(masks.as_ptr(), unique.as_mut_ptr().cast()),
            sudoku_count_solutions_candidates(masks.as_ptr(), limit, &mut count),
            sudoku_validate_candidates(masks.as_ptr(), &mut cell),
        )
    };
    Answers {
        first: (statuses.0, first),
        unique: (statuses.1, unique),
        count: (statuses.2, count),
        validate: (statuses.3, cell),
    }
}

/// The C board's candidates through `sudoku_board_candidates`.
fn c_board_candidates(text: &[u8; CELLS]) -> (sudoku_status, [u16; CELLS]) {
    let mut masks = [0xBEEFu16; CELLS];
    // SAFETY: 81 readable bytes and 81 writable masks.
    let status = unsafe { sudoku_board_candidates(text.as_ptr().cast(), masks.as_mut_ptr()) };
    (status, masks)
}

/// The candidates a board implies, computed here from the test kit's peers: a given alone,
/// else every digit no peer gives.
fn peer_candidates(text: &[u8; CELLS]) -> [u16; CELLS] {
    std::array::from_fn(|i| match text[i] {
        b @ b'1'..=b'9' => 1 << (b - b'1'),
        _ => (0..CELLS)
            .filter(|&j| are_peers(i, j) && (b'1'..=b'9').contains(&text[j]))
            .fold(0x1FF, |m, j| m & !(1 << (text[j] - b'1'))),
    })
}

use contract::keeps_to;

/// Checks the C answers on `masks` against the reference counter and the rules, and against
/// each other (the shared contract, `contract::check_candidates`); returns them.
fn check_against_reference(masks: &[u16; CELLS], limit: u64) -> Answers {
    contract::check_candidates(masks, limit, true);
    let answers = c_answers(masks, limit);
    // The answers the contract checked are the ones returned (the functions are deterministic).
    assert_eq!(c_answers(masks, limit), answers);
    answers
}

#[test]
fn candidates_from_givens_agree_with_the_plain_functions_and_the_reference() {
    for set in SETS {
        for text in read_puzzles(set).into_iter().take(PER_SET) {
            let board = Board::parse(&text).unwrap();
            let (status, implied) = c_board_candidates(&text);
            assert_eq!(status, SUDOKU_OK);
            assert_eq!(implied, peer_candidates(&text), "{set}");
            assert_eq!(&implied, Candidates::implied_by(&board).masks());
            let from_givens = *Candidates::from_board(&board).masks();
            // The plain answers.
            let mut first = text;
            let mut unique = text;
            let mut count = 0;
            // SAFETY: 81 readable and writable bytes each; a writable count.
            unsafe {
                assert_eq!(sudoku_solve(first.as_mut_ptr().cast()), SUDOKU_OK);
                assert_eq!(sudoku_solve_unique(unique.as_mut_ptr().cast()), SUDOKU_OK);
                assert_eq!(
                    sudoku_count_solutions(text.as_ptr().cast(), 2, &mut count),
                    SUDOKU_OK
                );
            }
            assert_eq!(count, 1, "{set}: the data sets hold unique puzzles");
            // Candidates from givens start as the board: the very same first solution.
            let answers = check_against_reference(&from_givens, 2);
            assert_eq!(answers.first.1, first);
            assert_eq!(answers.unique.1, unique);
            let answers = check_against_reference(&implied, 2);
            assert_eq!(answers.unique.1, unique);
            // The Rust API says the same.
            let c = Candidates::from_masks(implied).unwrap();
            let outcome = search(Start::Candidates(&c), Mode::Count { limit: 2 }).unwrap();
            assert_eq!(outcome.count(), 1);
            assert_eq!(outcome.solution().unwrap().to_bytes(), unique);
            assert!(c.is_solved_by(&outcome.solution().unwrap()));
        }
    }
}

#[test]
fn random_candidate_puzzles_agree_with_the_reference() {
    let mut rng = Rng(0xC0FFEE);
    let mut seen_counts = [0usize; 4];
    for set in SETS {
        for text in read_puzzles(set).into_iter().take(PER_SET / 2) {
            let (_, implied) = c_board_candidates(&text);
            let mut solution = text;
            // SAFETY: 81 readable and writable bytes.
            let status = unsafe { sudoku_solve(solution.as_mut_ptr().cast()) };
            assert_eq!(status, SUDOKU_OK);
            for round in 0..6 {
                // Remove each candidate with a small chance, the solution's own digit kept but
                // for a rare cell (so some puzzles lose their solution); in odd rounds start
                // from the givens alone and forget most of them (so puzzles gain solutions);
                // in every third round plant a fault: an empty cell or a repeated single.
                let start = if round % 2 == 1 {
                    std::array::from_fn(|i| match text[i] {
                        b @ b'1'..=b'9' if rng.next().is_multiple_of(4) => 1 << (b - b'1'),
                        _ => 0x1FF,
                    })
                } else {
                    implied
                };
                let mut masks: [u16; CELLS] = std::array::from_fn(|i| {
                    let drop = (rng.next() & rng.next() & rng.next()) as u16 & 0x1FF;
                    let own = 1 << (solution[i] - b'1');
                    let keep_solution = !rng.next().is_multiple_of(200);
                    (start[i] & !drop) | (own * keep_solution as u16)
                });
                if round % 3 == 2 {
                    let cell = (rng.next() % CELLS as u64) as usize;
                    if rng.next().is_multiple_of(2) {
                        masks[cell] = 0;
                    } else {
                        let peer = (0..CELLS)
                            .filter(|&j| are_peers(cell, j))
                            .nth((rng.next() % 20) as usize)
                            .unwrap();
                        masks[cell] = 1 << (solution[cell] - b'1');
                        masks[peer] = masks[cell];
                    }
                }
                let answers = check_against_reference(&masks, 3);
                let bucket = match answers.count {
                    (SUDOKU_OK, n) => n.min(2) as usize,
                    _ => 3,
                };
                seen_counts[bucket] += 1;
            }
        }
    }
    // The rounds reached every kind of answer: none, one, several, a fault.
    assert!(seen_counts.iter().all(|&n| n > 0), "{seen_counts:?}");
}

#[test]
fn faults_name_the_cell_and_nothing_is_written() {
    let mut masks = [0x1FFu16; CELLS];
    masks[50] = 0;
    let answers = check_against_reference(&masks, 2);
    assert_eq!(answers.validate, (SUDOKU_NO_SOLUTION, 50));
    let c = Candidates::from_masks(masks).unwrap();
    assert_eq!(c.validate(), Err(Error::NoCandidate { cell: 50 }));
    assert_eq!(
        search(Start::Candidates(&c), Mode::First).err(),
        Some(Error::NoCandidate { cell: 50 })
    );

    // Two single candidates 5 in box 0 (cells 0 and 20); an empty cell after them.
    let mut masks = [0x1FFu16; CELLS];
    masks[0] = 1 << 4;
    masks[20] = 1 << 4;
    masks[60] = 0;
    let answers = check_against_reference(&masks, 2);
    assert_eq!(answers.validate, (SUDOKU_CONFLICTING_GIVENS, 20));
    assert_eq!(
        Candidates::from_masks(masks).unwrap().validate(),
        Err(Error::ConflictingGivens { cell: 20, digit: 5 })
    );
    // The empty cell first: it is the first fault.
    masks[60] = 0x1FF;
    masks[10] = 0;
    assert_eq!(
        check_against_reference(&masks, 2).validate,
        (SUDOKU_NO_SOLUTION, 10)
    );

    // A mask above 0x1FF is an invalid argument everywhere (before any other fault), and the
    // validation names the first such cell.
    let mut masks = [0x1FFu16; CELLS];
    masks[3] = 0;
    masks[7] = 0x200;
    masks[9] = 0xFFFF;
    assert!(Candidates::from_masks(masks).is_none());
    let answers = c_answers(&masks, 2);
    assert_eq!(
        answers,
        Answers {
            first: (SUDOKU_INVALID_ARGUMENT, [SENTINEL; CELLS]),
            unique: (SUDOKU_INVALID_ARGUMENT, [SENTINEL; CELLS]),
            count: (SUDOKU_INVALID_ARGUMENT, SENTINEL_COUNT),
            validate: (SUDOKU_INVALID_ARGUMENT, 7),
        }
    );
    // Every single bit above bit 8, at the last cell.
    for bit in 9..16 {
        let mut masks = [0x1FFu16; CELLS];
        masks[80] = 1 << bit | 1;
        assert_eq!(c_answers(&masks, 2).validate, (SUDOKU_INVALID_ARGUMENT, 80));
    }
}

#[test]
fn null_pointers_limit_0_and_a_cell_pointer_that_may_be_null() {
    let masks = [0x1FFu16; CELLS];
    let mut out = [SENTINEL; CELLS];
    let mut count = SENTINEL_COUNT;
    let null_masks = std::ptr::null::<u16>();
    let null_out = std::ptr::null_mut::<c_char>();
    // SAFETY: every pointer is NULL or valid for what the function reads or writes.
    unsafe {
        assert_eq!(
            sudoku_solve_candidates(null_masks, out.as_mut_ptr().cast()),
            SUDOKU_NULL_POINTER
        );
        assert_eq!(
            sudoku_solve_candidates(masks.as_ptr(), null_out),
            SUDOKU_NULL_POINTER
        );
        assert_eq!(
            sudoku_solve_unique_candidates(null_masks, out.as_mut_ptr().cast()),
            SUDOKU_NULL_POINTER
        );
        assert_eq!(
            sudoku_solve_unique_candidates(masks.as_ptr(), null_out),
            SUDOKU_NULL_POINTER
        );
        assert_eq!(
            sudoku_count_solutions_candidates(null_masks, 2, &mut count),
            SUDOKU_NULL_POINTER
        );
        assert_eq!(
            sudoku_count_solutions_candidates(masks.as_ptr(), 2, std::ptr::null_mut()),
            SUDOKU_NULL_POINTER
        );
        // NULL before the limit.
        assert_eq!(
            sudoku_count_solutions_candidates(null_masks, 0, &mut count),
            SUDOKU_NULL_POINTER
        );
        assert_eq!(
            sudoku_count_solutions_candidates(masks.as_ptr(), 0, &mut count),
            SUDOKU_INVALID_ARGUMENT
        );
        // The limit before the masks.
        let bad = [0xFFFFu16; CELLS];
        assert_eq!(
            sudoku_count_solutions_candidates(bad.as_ptr(), 0, &mut count),
            SUDOKU_INVALID_ARGUMENT
        );
        assert_eq!(count, SENTINEL_COUNT);
        assert_eq!(
            sudoku_validate_candidates(null_masks, std::ptr::null_mut()),
            SUDOKU_NULL_POINTER
        );
        let mut empty = masks;
        empty[5] = 0;
        assert_eq!(
            sudoku_validate_candidates(empty.as_ptr(), std::ptr::null_mut()),
            SUDOKU_NO_SOLUTION
        );
        assert_eq!(
            sudoku_validate_candidates(masks.as_ptr(), std::ptr::null_mut()),
            SUDOKU_OK
        );
        let mut written = [0xBEEFu16; CELLS];
        let board = [b'.'; CELLS];
        assert_eq!(
            sudoku_board_candidates(std::ptr::null(), written.as_mut_ptr()),
            SUDOKU_NULL_POINTER
        );
        assert_eq!(
            sudoku_board_candidates(board.as_ptr().cast(), std::ptr::null_mut()),
            SUDOKU_NULL_POINTER
        );
        assert_eq!(written, [0xBEEF; CELLS]);
    }
    assert_eq!(out, [SENTINEL; CELLS]);
    assert_eq!(count, SENTINEL_COUNT);
    // The empty candidate puzzle has many solutions.
    let answers = c_answers(&masks, 1000);
    assert_eq!(answers.count, (SUDOKU_OK, 1000));
    assert_eq!(answers.first.0, SUDOKU_OK);
    assert!(keeps_to(&masks, &answers.first.1));
    assert_eq!(
        answers.unique,
        (SUDOKU_MULTIPLE_SOLUTIONS, [SENTINEL; CELLS])
    );
}

#[test]
fn board_candidates_reports_board_faults_and_writes_nothing() {
    let mut text =
        *b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    assert_eq!(c_board_candidates(&text).0, SUDOKU_OK);
    text[2] = b'x';
    assert_eq!(
        c_board_candidates(&text),
        (SUDOKU_INVALID_CHARACTER, [0xBEEF; CELLS])
    );
    text[2] = b'5';
    assert_eq!(
        c_board_candidates(&text),
        (SUDOKU_CONFLICTING_GIVENS, [0xBEEF; CELLS])
    );
    // A blank every digit of whose is given by its peers: mask 0, and no solution.
    let text =
        *b"12345678.........9...............................................................";
    let (status, masks) = c_board_candidates(&text);
    assert_eq!(status, SUDOKU_OK);
    assert_eq!(masks[8], 0);
    assert_eq!(c_answers(&masks, 2).validate, (SUDOKU_NO_SOLUTION, 8));
}

#[test]
fn masks_at_any_alignment_are_read_as_they_are() {
    let text = common::KNOWN[2].0.as_bytes().try_into().unwrap();
    let (_, masks) = c_board_candidates(text);
    // The masks at an odd address, inside a byte buffer.
    let mut bytes = [0u8; 2 * CELLS + 1];
    for (i, m) in masks.iter().enumerate() {
        bytes[1 + 2 * i..3 + 2 * i].copy_from_slice(&m.to_ne_bytes());
    }
    let odd = bytes[1..].as_ptr().cast::<u16>();
    let mut out = [SENTINEL; CELLS];
    let mut count = 0;
    let mut board_out = MaybeUninit::<[u8; 2 * CELLS + 1]>::zeroed();
    // SAFETY: 162 readable bytes at `odd` (any alignment is allowed), 81 writable bytes, a
    // writable count, and 163 writable bytes for the board's candidates at an odd address.
    unsafe {
        assert_eq!(
            sudoku_solve_unique_candidates(odd, out.as_mut_ptr().cast()),
            SUDOKU_OK
        );
        assert_eq!(
            sudoku_count_solutions_candidates(odd, 5, &mut count),
            SUDOKU_OK
        );
        let dst = board_out.as_mut_ptr().cast::<u8>().add(1).cast::<u16>();
        assert_eq!(
            sudoku_board_candidates(text.as_ptr().cast(), dst),
            SUDOKU_OK
        );
        assert_eq!(&board_out.assume_init()[1..], &bytes[1..]);
    }
    assert_eq!(&out, common::KNOWN[2].1.as_bytes());
    assert_eq!(count, 1);
}

#[test]
fn pencilmark_files_read_by_the_c_reader_solve_through_the_c_functions() {
    for name in ["pencilmark_729.txt", "candidate_grid.txt"] {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data/formats")
            .join(name);
        let text = std::fs::read(&path).unwrap();
        let mut rest: &[u8] = &text;
        let mut puzzles = 0;
        loop {
            let mut board = [0u8; CELLS];
            let mut masks = [0u16; CELLS];
            let mut info = MaybeUninit::<sudoku_read_info>::uninit();
            // SAFETY: `rest.len()` readable bytes, 81 writable bytes and masks, an info set up
            // by sudoku_read_info_init.
            let status = unsafe {
                sudoku_read_info_init(info.as_mut_ptr());
                sudoku_read_puzzle(
                    rest.as_ptr().cast(),
                    rest.len(),
                    board.as_mut_ptr().cast(),
                    masks.as_mut_ptr(),
                    info.as_mut_ptr(),
                )
            };
            // SAFETY: initialized by sudoku_read_info_init and the read.
            let info = unsafe { info.assume_init() };
            if status == SUDOKU_END_OF_INPUT {
                break;
            }
            assert_eq!(status, SUDOKU_OK, "{name}");
            assert_eq!(info.kind, SUDOKU_PUZZLE_CANDIDATES);
            rest = &rest[info.consumed..];
            puzzles += 1;
            // The reader's masks go straight to the solvers; the reference agrees.
            let answers = check_against_reference(&masks, 2);
            let (n, first) = count_candidates(&masks, 2);
            assert!(n >= 1, "{name}: the sample puzzles have solutions");
            if n == 1 {
                let expected = first.unwrap().map(|d| b'0' + d);
                assert_eq!(answers.unique, (SUDOKU_OK, expected));
            }
        }
        assert!(puzzles >= 1, "{name}");
    }
}

/// The statuses of the C functions, as the Rust errors map to them.
#[test]
fn no_candidate_maps_to_no_solution() {
    assert_eq!(
        sudoku_status::from(Error::NoCandidate { cell: 3 }),
        SUDOKU_NO_SOLUTION
    );
}
