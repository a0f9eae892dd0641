//! The test kit's reference counter (`testkit/src/reference.rs`, dancing links with a Hall test)
//! against the library and against known answers: the fuzz-found board on which an earlier
//! reference thrashed, a board without solution behind a Hall contradiction, the empty board,
//! random boards, and every puzzle of two data files. The counter's own unit tests (in the test
//! kit) check it against exact counts known without a solver (solved grids with cells, houses,
//! a digit or deadly rectangles blanked).

use std::time::{Duration, Instant};

use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};
use sudoku::{count_solutions, Board};
use sudoku_testkit::board::{bytes81, grid, to_text, Grid, CELLS};
use sudoku_testkit::check::is_solution_of;
use sudoku_testkit::data::read_puzzles;
use sudoku_testkit::reference;

/// Found by a 7-minute run of the `structured` fuzz target, which stopped with a timeout (over
/// 60 s on one input) in an earlier reference counter (since removed), counting this board to 6
/// at limit 6 (the library counts it in under a millisecond).
const FUZZ_SLOW_FOR_THE_OLD_ORACLE: &str =
    "008000000000000000060004000000002000050000000010000000000000000003920800900348000";

/// tests/regressions.rs FUZZ_NO_SOLUTION_DEEP: 12 valid givens, no solution (digits 5-8 have
/// only three cells left in box 9).
const NO_SOLUTION_HALL: &str =
    ".......8........7........6....2...5...........8........4....2..5678..............";

/// The library's count of a text board.
fn library_count(text: &[u8; CELLS], limit: u64) -> u64 {
    count_solutions(&Board::parse(text).expect("a valid board"), limit)
}

/// The reference's count of a grid, with its time.
fn timed_count(puzzle: &Grid, limit: u64) -> (u64, Duration) {
    let start = Instant::now();
    let (n, first) = reference::count(puzzle, limit);
    let took = start.elapsed();
    if let Some(first) = first {
        assert!(is_solution_of(puzzle, &first));
    }
    (n, took)
}

#[test]
fn the_fuzz_found_board_counts_to_6_quickly_and_agrees_with_the_library() {
    let puzzle = grid(FUZZ_SLOW_FOR_THE_OLD_ORACLE);
    let (n, took) = timed_count(&puzzle, 6);
    assert_eq!(n, 6);
    // The earlier reference needed 18 s in release here (over 60 s in the fuzz build); this
    // one takes about a millisecond. The bound leaves room for a loaded machine.
    assert!(took < Duration::from_secs(5), "took {took:?}");
    let text = bytes81(FUZZ_SLOW_FOR_THE_OLD_ORACLE);
    for limit in [1, 2, 6, 100] {
        assert_eq!(reference::count(&puzzle, limit).0, limit);
        assert_eq!(library_count(&text, limit), limit);
    }
}

#[test]
fn a_board_without_solution_behind_a_hall_contradiction_counts_to_0() {
    let puzzle = grid(NO_SOLUTION_HALL);
    let (n, took) = timed_count(&puzzle, 2);
    assert_eq!(n, 0);
    assert!(took < Duration::from_secs(5), "took {took:?}");
    assert_eq!(library_count(&bytes81(NO_SOLUTION_HALL), 2), 0);
}

#[test]
fn the_empty_board_counts_to_the_limit() {
    let (n, took) = timed_count(&[0; CELLS], 1000);
    assert_eq!(n, 1000);
    assert!(took < Duration::from_secs(5), "took {took:?}");
    assert_eq!(count_solutions(&Board::EMPTY, 1000), 1000);
}

#[test]
fn agrees_with_the_library_on_random_boards() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    for round in 0..400 {
        let solved = reference::random_solved_grid(&mut |n| rng.random_range(0..n));
        // 14-30 givens of a solved grid (solvable, often many solutions); every third board
        // gets one given changed where no peer gives it (valid, often without solution).
        let mut puzzle = [0; CELLS];
        for _ in 0..rng.random_range(14..=30) {
            let cell = rng.random_range(0..CELLS);
            puzzle[cell] = solved[cell];
        }
        if round % 3 == 0 {
            let cell = rng.random_range(0..CELLS);
            puzzle[cell] = rng.random_range(1..=9);
        }
        let text = to_text(&puzzle);
        if sudoku_testkit::board::parse(&text).is_err() {
            continue; // the changed given clashes: the parsers' business, not the counter's
        }
        for limit in [1, 2, 10] {
            assert_eq!(
                reference::count(&puzzle, limit).0,
                library_count(&text, limit),
                "{} at limit {limit}",
                reference::to_string(&puzzle)
            );
        }
    }
}

/// Every puzzle of `file` counted at limit 2 by the reference and the library: both give
/// `expected` (the file's known answer: 1 for a file of unique puzzles, 2 for multiple).
fn check_file(file: &str, expected: u64) {
    let puzzles = read_puzzles(file);
    assert!(!puzzles.is_empty());
    for (i, text) in puzzles.iter().enumerate() {
        let puzzle = reference::parse(text).expect("a valid puzzle");
        assert_eq!(reference::count(&puzzle, 2).0, expected, "{file} #{i}");
        assert_eq!(library_count(text, 2), expected, "{file} #{i}");
    }
}

#[test]
fn every_top1465_puzzle_is_unique_for_both() {
    check_file("puzzles3_magictour_top1465", 1);
}

#[test]
fn every_serg_benchmark_puzzle_has_several_solutions_for_both() {
    check_file("puzzles7_serg_benchmark", 2);
}
