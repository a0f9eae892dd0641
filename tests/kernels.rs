//! Every compiled kernel of the solver (portable, AVX2, AVX-512) gives identical results on every
//! puzzle of every data set: the same count at limit 2, the same first solution and the same
//! number of guesses (the kernels run the same algorithm, so even the search path must agree).
//! Each kernel parses text itself, so the text path is checked per kernel too, with invalid
//! boards. Kernels the CPU lacks are reported and skipped; the portable kernel always runs.

use crate::common;

use sudoku::solver::hooks::{search_text_with, search_with, Kernel};
use sudoku::{Board, Error};

fn check_file(file: &str) {
    let puzzles = common::read_puzzles(file);
    assert!(!puzzles.is_empty(), "{file} has no puzzles");
    let kernels: Vec<Kernel> = Kernel::ALL
        .into_iter()
        .filter(|k| k.is_supported())
        .collect();
    for k in Kernel::ALL.iter().filter(|k| !k.is_supported()) {
        eprintln!("{file}: kernel {k:?} not supported by this CPU, skipped");
    }
    for text in &puzzles {
        let board = Board::parse(text).expect("data puzzles are valid");
        let reference = search_with(Kernel::Portable, &board, 2).expect("portable always runs");
        assert!(reference.count >= 1, "{file}: no solution found");
        for &k in &kernels[1..] {
            let other = search_with(k, &board, 2).expect("supported kernel runs");
            assert_eq!(
                other, reference,
                "{file}: kernel {k:?} differs from Portable on {board}"
            );
        }
        for &k in &kernels {
            let from_text = search_text_with(k, text, 2).expect("supported kernel runs");
            assert_eq!(
                from_text,
                Ok(reference),
                "{file}: kernel {k:?} on text differs from Portable on the board {board}"
            );
        }
    }
}

#[test]
fn kernels_agree_on_easy() {
    check_file("puzzles0_easy");
}

#[test]
fn kernels_agree_on_random_minimal() {
    check_file("puzzles1_random_minimal");
}

#[test]
fn kernels_agree_on_17_clue() {
    check_file("puzzles2_17_clue");
}

#[test]
fn kernels_agree_on_magictour_top1465() {
    check_file("puzzles3_magictour_top1465");
}

#[test]
fn kernels_agree_on_forum_hardest() {
    check_file("puzzles5_forum_hardest_1905_11+");
}

#[test]
fn kernels_agree_on_serg_benchmark() {
    check_file("puzzles7_serg_benchmark");
}

/// The dense boards without solution whose searches start again from the root
/// (`RESTART_AFTER_BUMPS` in `src/solver/kernel.rs`): every kernel takes the same path, restart
/// included (the same guesses), at limits 1 and 2.
#[test]
fn kernels_agree_on_dense_boards_that_restart() {
    let kernels: Vec<Kernel> = Kernel::ALL
        .into_iter()
        .filter(|k| k.is_supported())
        .collect();
    for text in common::dense_no_solution_boards() {
        let line = String::from_utf8_lossy(&text);
        let board = Board::parse(&text).expect("a valid board");
        for limit in [1, 2] {
            let reference = search_with(Kernel::Portable, &board, limit).expect("portable runs");
            assert_eq!(reference.count, 0, "{line}");
            for &k in &kernels[1..] {
                let other = search_with(k, &board, limit).expect("supported kernel runs");
                assert_eq!(
                    other, reference,
                    "kernel {k:?} differs from Portable on {line}"
                );
            }
        }
    }
}

#[test]
fn portable_kernel_is_always_supported() {
    assert!(Kernel::Portable.is_supported());
    assert!(Kernel::detect().is_supported());
}

/// Every kernel's own parse reports the fault `Board::parse` names: the first invalid byte, or
/// the first given repeating an earlier given of its house.
#[test]
fn kernels_parse_invalid_text_like_board_parse() {
    let puzzle =
        *b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let mut cases: Vec<[u8; 81]> = Vec::new();
    for cell in [0, 2, 40, 80] {
        for byte in [b'x', b' ', 0, b'a', 0xFF] {
            let mut text = puzzle;
            text[cell] = byte;
            cases.push(text);
        }
    }
    // A 5 that repeats a given: of cell 0 in row 0 (cell 2), column 0 (cell 9) and box 0
    // (cell 10), and of cell 71 in column 8 (cell 80).
    for cell in [2, 9, 10, 80] {
        let mut text = puzzle;
        text[cell] = b'5';
        cases.push(text);
    }
    for text in &cases {
        let expected = Board::parse(text).map(|_| ());
        assert!(expected.is_err(), "case {text:?} should be invalid");
        for k in Kernel::ALL.into_iter().filter(|k| k.is_supported()) {
            let got: Result<(), Error> = search_text_with(k, text, 2)
                .expect("supported kernel runs")
                .map(|_| ());
            assert_eq!(got, expected, "kernel {k:?} on {text:?}");
        }
    }
}
