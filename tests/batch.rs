//! `sudoku_solve_batch` through the C ABI, as a C program calls it: the argument checks (exact
//! statuses, nothing written on a rejected call), per-puzzle statuses and solutions, slots left
//! untouched on failure, solving in place, every thread count, and whole data files compared
//! with the single-puzzle functions. Also the Rust API `sudoku::solve_batch`.

use crate::common;

use std::ffi::c_char;
use std::mem::size_of;

use common::{check_solution, read_puzzles, reference_solve, CELLS, KNOWN};
use sudoku::ffi::sudoku_status::{self, *};
use sudoku::ffi::{
    sudoku_solve, sudoku_solve_batch, sudoku_solve_unique, SUDOKU_BATCH_FIRST, SUDOKU_BATCH_UNIQUE,
};
use sudoku::{BatchMode, Board, Error};

/// A byte no solution holds: output slots are preset to it, so a write shows.
const UNTOUCHED: u8 = b'?';
/// A status value the library never writes (as a raw C int, since a C caller may leave any int
/// there): statuses are preset to it.
const STATUS_UNTOUCHED: i32 = 0x5a5a;

/// Valid givens, but cell 8 sees every digit: no solution.
const UNSOLVABLE: &str =
    "12345678.........9...............................................................";
/// A solved grid with a deadly rectangle emptied: exactly two solutions.
const DEADLY: &str =
    "534..8912672195348198342567859..1423426853791713924856961537284287419635345286179";
const EMPTY: &str =
    ".................................................................................";
/// An 'x' at cell 40.
const BAD_CHARACTER: &str =
    "........................................x........................................";
/// Two 5s in box 1.
const CONFLICT: &str =
    "5.........5......................................................................";

fn text(s: &str) -> [u8; CELLS] {
    s.as_bytes().try_into().expect("81 characters")
}

/// What one batch call did: its return value, every status slot (raw) and the solution buffer.
struct Outcome {
    status: sudoku_status,
    statuses: Vec<i32>,
    solutions: Vec<[u8; CELLS]>,
}

/// Calls `sudoku_solve_batch` on `puzzles` with separate, preset output buffers.
fn batch(puzzles: &[[u8; CELLS]], flags: u32, threads: usize) -> Outcome {
    let input: Vec<u8> = puzzles.concat();
    let mut solutions = vec![[UNTOUCHED; CELLS]; puzzles.len()];
    let mut statuses = vec![STATUS_UNTOUCHED; puzzles.len()];
    // SAFETY: `input` holds 81 * n readable bytes, `solutions` 81 * n writable bytes and
    // `statuses` n writable ints, the size and alignment of sudoku_status (a C enum); the
    // three do not overlap.
    let status = unsafe {
        sudoku_solve_batch(
            input.as_ptr().cast::<c_char>(),
            puzzles.len(),
            solutions.as_mut_ptr().cast::<c_char>(),
            statuses.as_mut_ptr().cast::<sudoku_status>(),
            flags,
            threads,
        )
    };
    assert_eq!(input, puzzles.concat(), "the puzzles were written to");
    Outcome {
        status,
        statuses,
        solutions,
    }
}

/// The single-puzzle function a batch mode stands for: its status and buffer afterwards.
fn single(puzzle: &[u8; CELLS], flags: u32) -> (i32, [u8; CELLS]) {
    let mut board = *puzzle;
    let function = if flags == SUDOKU_BATCH_UNIQUE {
        sudoku_solve_unique
    } else {
        sudoku_solve
    };
    // SAFETY: `board` is 81 readable and writable bytes.
    let status = unsafe { function(board.as_mut_ptr().cast()) };
    (status as i32, board)
}

/// Asserts that every puzzle of the batch got what the single-puzzle function gives it: the
/// same status and, on SUDOKU_OK, the same solution; on failure the slot stayed untouched.
#[track_caller]
fn assert_matches_single(puzzles: &[[u8; CELLS]], flags: u32, outcome: &Outcome) {
    assert_eq!(outcome.status, SUDOKU_OK);
    for (i, puzzle) in puzzles.iter().enumerate() {
        let (status, board) = single(puzzle, flags);
        assert_eq!(outcome.statuses[i], status, "status of puzzle {i}");
        let expected = if status == SUDOKU_OK as i32 {
            board
        } else {
            [UNTOUCHED; CELLS]
        };
        assert_eq!(
            outcome.solutions[i],
            expected,
            "slot of puzzle {i}: {}",
            String::from_utf8_lossy(&outcome.solutions[i])
        );
    }
}

/// One puzzle of each kind, with known solutions.
fn mixed_puzzles() -> Vec<[u8; CELLS]> {
    let mut puzzles: Vec<[u8; CELLS]> = KNOWN.iter().map(|(p, _)| text(p)).collect();
    puzzles.extend([UNSOLVABLE, DEADLY, EMPTY, BAD_CHARACTER, CONFLICT].map(text));
    puzzles
}

#[test]
fn each_puzzle_gets_its_own_status_and_solution() {
    let puzzles = mixed_puzzles();
    for threads in [0, 1, 2, 3, 64] {
        let first = batch(&puzzles, SUDOKU_BATCH_FIRST, threads);
        assert_eq!(first.status, SUDOKU_OK);
        let ok = SUDOKU_OK as i32;
        assert_eq!(
            first.statuses,
            [
                ok,
                ok,
                ok,
                SUDOKU_NO_SOLUTION as i32,
                ok,
                ok,
                SUDOKU_INVALID_CHARACTER as i32,
                SUDOKU_CONFLICTING_GIVENS as i32,
            ],
            "threads {threads}"
        );
        for (i, (_, solution)) in KNOWN.iter().enumerate() {
            assert_eq!(first.solutions[i], text(solution), "threads {threads}");
        }
        for i in [4, 5] {
            check_solution(&puzzles[i], &first.solutions[i]).unwrap();
        }
        for i in [3, 6, 7] {
            assert_eq!(first.solutions[i], [UNTOUCHED; CELLS], "slot {i} written");
        }
        assert_matches_single(&puzzles, SUDOKU_BATCH_FIRST, &first);

        let unique = batch(&puzzles, SUDOKU_BATCH_UNIQUE, threads);
        assert_eq!(unique.statuses[4], SUDOKU_MULTIPLE_SOLUTIONS as i32);
        assert_eq!(unique.statuses[5], SUDOKU_MULTIPLE_SOLUTIONS as i32);
        assert_matches_single(&puzzles, SUDOKU_BATCH_UNIQUE, &unique);
    }
}

#[test]
fn solving_in_place_overwrites_only_solved_boards() {
    let puzzles = mixed_puzzles();
    for flags in [SUDOKU_BATCH_FIRST, SUDOKU_BATCH_UNIQUE] {
        let mut boards: Vec<u8> = puzzles.concat();
        let mut statuses = vec![STATUS_UNTOUCHED; puzzles.len()];
        let buffer = boards.as_mut_ptr().cast::<c_char>();
        // SAFETY: `boards` is 81 * n readable and writable bytes, passed as both the puzzles and
        // the solutions (solving in place); `statuses` is n writable C ints.
        let status = unsafe {
            sudoku_solve_batch(
                buffer,
                puzzles.len(),
                buffer,
                statuses.as_mut_ptr().cast(),
                flags,
                2,
            )
        };
        assert_eq!(status, SUDOKU_OK);
        for (i, puzzle) in puzzles.iter().enumerate() {
            let (single_status, single_board) = single(puzzle, flags);
            assert_eq!(statuses[i], single_status, "puzzle {i}");
            // On failure the board keeps the puzzle, as sudoku_solve leaves it.
            assert_eq!(
                boards[i * CELLS..(i + 1) * CELLS],
                single_board,
                "puzzle {i}"
            );
        }
    }
}

#[test]
fn rejected_arguments_write_nothing() {
    let puzzles = mixed_puzzles();
    let n = puzzles.len();
    let input: Vec<u8> = puzzles.concat();
    let mut solutions = vec![UNTOUCHED; n * CELLS];
    let mut statuses = vec![STATUS_UNTOUCHED; n];
    let inp = input.as_ptr().cast::<c_char>();
    let sol = solutions.as_mut_ptr().cast::<c_char>();
    let st = statuses.as_mut_ptr().cast::<sudoku_status>();
    let null_in = std::ptr::null::<c_char>();
    let null_sol = std::ptr::null_mut::<c_char>();
    let null_st = std::ptr::null_mut::<sudoku_status>();
    // Pointers into the middle of the buffers (wrapping_add: plain address arithmetic).
    let inside_input = inp.wrapping_add(CELLS).cast_mut();
    let inside_solutions = sol.wrapping_add(4 * CELLS).cast::<sudoku_status>();
    let misaligned = st.cast::<u8>().wrapping_add(1).cast::<sudoku_status>();

    // (puzzles, count, solutions, statuses, flags, expected)
    let cases = [
        (null_in, n, sol, st, SUDOKU_BATCH_FIRST, SUDOKU_NULL_POINTER),
        (
            inp,
            n,
            null_sol,
            st,
            SUDOKU_BATCH_FIRST,
            SUDOKU_NULL_POINTER,
        ),
        (
            inp,
            n,
            sol,
            null_st,
            SUDOKU_BATCH_FIRST,
            SUDOKU_NULL_POINTER,
        ),
        (
            null_in,
            0,
            null_sol,
            null_st,
            SUDOKU_BATCH_FIRST,
            SUDOKU_NULL_POINTER,
        ),
        // NULL is checked before the flags.
        (null_in, n, sol, st, 2, SUDOKU_NULL_POINTER),
        (inp, n, sol, st, 2, SUDOKU_INVALID_ARGUMENT),
        (inp, n, sol, st, 3, SUDOKU_INVALID_ARGUMENT),
        (inp, n, sol, st, 1 << 31, SUDOKU_INVALID_ARGUMENT),
        (inp, n, sol, st, u32::MAX, SUDOKU_INVALID_ARGUMENT),
        // Buffers that cannot exist: 81 * count overflows, or exceeds isize::MAX.
        (
            inp,
            usize::MAX,
            sol,
            st,
            SUDOKU_BATCH_FIRST,
            SUDOKU_INVALID_ARGUMENT,
        ),
        (
            inp,
            usize::MAX / 81 + 1,
            sol,
            st,
            SUDOKU_BATCH_FIRST,
            SUDOKU_INVALID_ARGUMENT,
        ),
        (
            inp,
            isize::MAX as usize / 81 + 1,
            sol,
            st,
            SUDOKU_BATCH_FIRST,
            SUDOKU_INVALID_ARGUMENT,
        ),
        // Overlaps: solutions starting inside the puzzles, statuses inside either board buffer.
        (inp, n, inside_input, st, 0, SUDOKU_INVALID_ARGUMENT),
        (
            inp,
            n,
            sol,
            inp.cast_mut().cast(),
            0,
            SUDOKU_INVALID_ARGUMENT,
        ),
        (inp, n, sol, sol.cast(), 0, SUDOKU_INVALID_ARGUMENT),
        (inp, n, sol, inside_solutions, 0, SUDOKU_INVALID_ARGUMENT),
        // A status array that is not aligned for sudoku_status.
        (inp, n, sol, misaligned, 0, SUDOKU_INVALID_ARGUMENT),
    ];
    for (i, &(p, count, s, t, flags, expected)) in cases.iter().enumerate() {
        // SAFETY: the library rejects each of these calls before touching any buffer (that is
        // what is tested); every non-NULL pointer points into a live buffer.
        let status = unsafe { sudoku_solve_batch(p, count, s, t, flags, 0) };
        assert_eq!(status, expected, "case {i}");
        assert!(
            solutions.iter().all(|&b| b == UNTOUCHED),
            "case {i} wrote a solution"
        );
        assert!(
            statuses.iter().all(|&s| s == STATUS_UNTOUCHED),
            "case {i} wrote a status"
        );
    }
    assert_eq!(input, puzzles.concat());
}

#[test]
fn an_empty_batch_is_ok_and_writes_nothing() {
    let input = [0u8; 1];
    let mut solution = [UNTOUCHED; 1];
    let mut status_slot = [STATUS_UNTOUCHED; 1];
    for threads in [0, 1, 8] {
        // SAFETY: count is 0, so no byte is read or written; the pointers are live.
        let status = unsafe {
            sudoku_solve_batch(
                input.as_ptr().cast(),
                0,
                solution.as_mut_ptr().cast(),
                status_slot.as_mut_ptr().cast(),
                SUDOKU_BATCH_UNIQUE,
                threads,
            )
        };
        assert_eq!(status, SUDOKU_OK);
        assert_eq!((solution, status_slot), ([UNTOUCHED], [STATUS_UNTOUCHED]));
    }
}

#[test]
fn status_slots_are_c_ints() {
    // The statuses array is declared `sudoku_status *` in C; the test buffers use i32.
    assert_eq!(size_of::<sudoku_status>(), size_of::<i32>());
}

/// Every puzzle of a data file through the batch call in unique mode (on 2 threads, then on 1
/// with the same results), each solution checked against the rules and the givens, and, when
/// asked, compared with `sudoku_solve_unique` puzzle by puzzle (tests/data_sets.rs already runs
/// every file through the single-puzzle functions).
fn check_file(file: &str, expected_puzzles: usize, compare_with_single: bool) {
    let puzzles = read_puzzles(file);
    assert_eq!(puzzles.len(), expected_puzzles, "puzzles in {file}");
    let two = batch(&puzzles, SUDOKU_BATCH_UNIQUE, 2);
    if compare_with_single {
        assert_matches_single(&puzzles, SUDOKU_BATCH_UNIQUE, &two);
    }
    for (i, puzzle) in puzzles.iter().enumerate() {
        assert_eq!(two.statuses[i], SUDOKU_OK as i32, "{file} puzzle {i}");
        if let Err(problem) = check_solution(puzzle, &two.solutions[i]) {
            panic!("{file} puzzle {i}: {problem}");
        }
    }
    let one = batch(&puzzles, SUDOKU_BATCH_UNIQUE, 1);
    assert_eq!((one.statuses, one.solutions), (two.statuses, two.solutions));
}

#[test]
fn magictour_top1465_in_one_batch() {
    check_file("puzzles3_magictour_top1465", 1465, true);
}

#[test]
fn forum_hardest_in_one_batch() {
    check_file("puzzles5_forum_hardest_1905_11+", 48_766, false);
}

#[test]
fn serg_benchmark_is_all_multiple_solutions_in_unique_mode() {
    let puzzles = read_puzzles("puzzles7_serg_benchmark");
    assert_eq!(puzzles.len(), 10_000);
    let outcome = batch(&puzzles, SUDOKU_BATCH_UNIQUE, 0);
    assert_eq!(outcome.status, SUDOKU_OK);
    assert!(outcome
        .statuses
        .iter()
        .all(|&s| s == SUDOKU_MULTIPLE_SOLUTIONS as i32));
    assert!(outcome.solutions.iter().all(|s| *s == [UNTOUCHED; CELLS]));
}

#[test]
fn rust_api_solve_batch_agrees_with_the_reference_solver() {
    let puzzles = mixed_puzzles();
    for threads in [0, 1, 2] {
        let first = sudoku::solve_batch(&puzzles, BatchMode::First, threads);
        let unique = sudoku::solve_batch(&puzzles, BatchMode::Unique, threads);
        for (i, puzzle) in puzzles.iter().enumerate() {
            let parsed = Board::parse(puzzle);
            match parsed {
                Err(e) => {
                    assert_eq!(first[i], Err(e));
                    assert_eq!(unique[i], Err(e));
                }
                Ok(_) => {
                    let (count, _) = reference_solve(puzzle, 2);
                    match count {
                        0 => assert_eq!(first[i], Err(Error::NoSolution)),
                        _ => check_solution(puzzle, &first[i].unwrap().to_bytes()).unwrap(),
                    }
                    match count {
                        0 => assert_eq!(unique[i], Err(Error::NoSolution)),
                        1 => check_solution(puzzle, &unique[i].unwrap().to_bytes()).unwrap(),
                        _ => assert_eq!(unique[i], Err(Error::MultipleSolutions)),
                    }
                }
            }
        }
    }
}
