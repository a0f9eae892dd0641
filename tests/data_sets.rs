//! The real puzzle collections in `../shared/data/` (or `$SUDOKU_DATA_DIR`), solved through the C
//! ABI. Each solution is checked against the rules and the givens by the independent checker in
//! `common`, and uniqueness is confirmed. One test per file, so the files run in parallel.
//!
//! The expected puzzle counts were counted from the files (lines that are neither `#` comments
//! nor blank); asserting them makes a silently short or empty read fail.

use crate::common;

use common::{check_solution, from_c, read_puzzles, to_c};
use sudoku::ffi::sudoku_status::*;
use sudoku::ffi::{sudoku_count_solutions, sudoku_solve, sudoku_solve_unique};

/// Every puzzle of `file` has exactly one solution: `sudoku_solve` finds a grid that obeys the
/// rules and keeps the givens, and `sudoku_solve_unique` accepts the puzzle with that same grid.
fn check_unique_file(file: &str, expected_puzzles: usize) {
    let puzzles = read_puzzles(file);
    assert_eq!(puzzles.len(), expected_puzzles, "puzzles read from {file}");
    for (index, text) in puzzles.iter().enumerate() {
        let what = format!(
            "{file} puzzle {} ({})",
            index + 1,
            String::from_utf8_lossy(text)
        );

        let mut board = to_c(text);
        // SAFETY: `board` is a live 81-byte buffer, readable and writable.
        let status = unsafe { sudoku_solve(board.as_mut_ptr()) };
        assert_eq!(status, SUDOKU_OK, "sudoku_solve, {what}");
        let solution = from_c(&board);
        if let Err(problem) = check_solution(text, &solution) {
            panic!(
                "{what}: invalid solution {}: {problem}",
                String::from_utf8_lossy(&solution)
            );
        }

        let mut board = to_c(text);
        // SAFETY: as above.
        let status = unsafe { sudoku_solve_unique(board.as_mut_ptr()) };
        assert_eq!(status, SUDOKU_OK, "sudoku_solve_unique, {what}");
        assert_eq!(from_c(&board), solution, "sudoku_solve_unique, {what}");
    }
}

#[test]
fn puzzles0_easy() {
    check_unique_file("puzzles0_easy", 100_000);
}

#[test]
fn puzzles1_random_minimal() {
    check_unique_file("puzzles1_random_minimal", 100_000);
}

#[test]
fn puzzles2_17_clue() {
    check_unique_file("puzzles2_17_clue", 49_158);
}

#[test]
fn puzzles3_magictour_top1465() {
    check_unique_file("puzzles3_magictour_top1465", 1_465);
}

#[test]
fn puzzles5_forum_hardest_1905_11_plus() {
    check_unique_file("puzzles5_forum_hardest_1905_11+", 48_766);
}

/// Every puzzle of the serg benchmark has two or more solutions: `sudoku_solve_unique` reports
/// `SUDOKU_MULTIPLE_SOLUTIONS` and leaves the board untouched, the count at limit 2 is 2, and
/// `sudoku_solve` still finds a valid grid.
#[test]
fn puzzles7_serg_benchmark() {
    let file = "puzzles7_serg_benchmark";
    let puzzles = read_puzzles(file);
    assert_eq!(puzzles.len(), 10_000, "puzzles read from {file}");
    for (index, text) in puzzles.iter().enumerate() {
        let what = format!(
            "{file} puzzle {} ({})",
            index + 1,
            String::from_utf8_lossy(text)
        );
        let original = to_c(text);

        let mut board = original;
        // SAFETY: `board` is a live 81-byte buffer, readable and writable.
        let status = unsafe { sudoku_solve_unique(board.as_mut_ptr()) };
        assert_eq!(
            status, SUDOKU_MULTIPLE_SOLUTIONS,
            "sudoku_solve_unique, {what}"
        );
        assert_eq!(board, original, "board changed, {what}");

        let mut count = u64::MAX;
        // SAFETY: `board` is 81 readable bytes and `count` a writable u64.
        let status = unsafe { sudoku_count_solutions(board.as_ptr(), 2, &mut count) };
        assert_eq!((status, count), (SUDOKU_OK, 2), "count at limit 2, {what}");
        assert_eq!(board, original, "board changed, {what}");

        // SAFETY: as above.
        let status = unsafe { sudoku_solve(board.as_mut_ptr()) };
        assert_eq!(status, SUDOKU_OK, "sudoku_solve, {what}");
        if let Err(problem) = check_solution(text, &from_c(&board)) {
            panic!("{what}: invalid solution: {problem}");
        }
    }
}

/// The reader itself: comments, blank lines, CRLF and LF, a missing final newline.
#[test]
fn the_reader_handles_comments_blank_lines_and_crlf() {
    let a = ".".repeat(81);
    let b = "1".to_string() + &".".repeat(80);
    let c = "0".repeat(81);
    let text = format!("# header\r\n#\n{a}\r\n\r\n{b}\n\n# note\n{c}");
    let puzzles = common::parse_puzzles(text.as_bytes(), "inline");
    let expected: Vec<[u8; 81]> = [&a, &b, &c].iter().map(|s| common::bytes81(s)).collect();
    assert_eq!(puzzles, expected);
}

#[test]
#[should_panic(expected = "inline:2: expected 81 bytes, got 80")]
fn the_reader_rejects_a_short_line() {
    let text = format!("# header\n{}\n", ".".repeat(80));
    common::parse_puzzles(text.as_bytes(), "inline");
}
