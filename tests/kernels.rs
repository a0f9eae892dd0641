//! Every compiled kernel of the solver (portable, AVX2, AVX-512) gives identical results on every
//! puzzle of every data set: the same count at limit 2, the same first solution and the same
//! number of guesses (the kernels run the same algorithm, so even the search path must agree).
//! Kernels the CPU lacks are reported and skipped; the portable kernel always runs.

mod common;

use sudoku::solver::{search_with, Kernel};
use sudoku::Board;

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

#[test]
fn portable_kernel_is_always_supported() {
    assert!(Kernel::Portable.is_supported());
    assert!(Kernel::detect().is_supported());
}
