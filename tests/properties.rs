//! Property tests (proptest, with a fixed seed so every run checks the same cases):
//! - the solver's answers are invariant under the symmetries of Sudoku (digit relabelling, row
//!   permutations within a band, band permutations, the same for columns and stacks, and
//!   transposition): same count, same uniqueness, and the unique solution moves with the board;
//! - every returned grid is a valid solution keeping the givens;
//! - validate, solve, solve_unique and count agree with each other and with the reference
//!   engine on random boards, including boards with a few bytes overwritten (invalid bytes,
//!   conflicting or unsolvable givens).

use crate::cabi;
use crate::contract;
use sudoku_testkit::reference;

use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed};
use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};

use cabi::{count, solve, solve_unique, CELLS};
use reference::Grid;
use sudoku::ffi::sudoku_status::*;

/// Fixed seed and no persistence file: every run tries the same cases; a failure prints its
/// minimal case, which can be added to tests/regressions.rs.
fn config(cases: u32) -> Config {
    Config {
        cases,
        rng_seed: RngSeed::Fixed(0x5eed_50d0),
        failure_persistence: None,
        ..Config::default()
    }
}

/// A random solved grid, built by the reference engine trying digits in a seeded random order.
fn solved_grid(seed: u64) -> Grid {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    reference::random_solved_grid(&mut |n| rng.random_range(0..n))
}

/// A puzzle: a random solved grid keeping `kept` cells chosen at random (the rest blank).
fn puzzle(seed: u64, kept: usize) -> Grid {
    let grid = solved_grid(seed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x9e37_79b9_7f4a_7c15);
    let mut cells: Vec<usize> = (0..CELLS).collect();
    // Partial Fisher-Yates: the first `kept` entries become a random subset.
    for i in 0..kept {
        cells.swap(i, rng.random_range(i..CELLS));
    }
    let mut board = [0; CELLS];
    for &c in &cells[..kept] {
        board[c] = grid[c];
    }
    board
}

/// Puzzle parameters: any number of givens, weighted towards 17-35 where puzzles go from many
/// solutions to one.
fn puzzle_strategy() -> impl Strategy<Value = Grid> {
    (any::<u64>(), prop_oneof![0usize..=81, 17usize..=35]).prop_map(|(s, k)| puzzle(s, k))
}

/// A symmetry of Sudoku: maps cell (r, c) of the new board to (rows[r], cols[c]) of the old one
/// (transposed first when `transpose`), with digit d becoming `digits[d - 1]`.
#[derive(Debug, Clone)]
struct Symmetry {
    digits: Vec<u8>,
    rows: [usize; 9],
    cols: [usize; 9],
    transpose: bool,
}

/// A line permutation that keeps bands (or stacks) together: a permutation of the three bands
/// and, within each, of its three lines.
fn line_permutation() -> impl Strategy<Value = [usize; 9]> {
    let three = || Just(vec![0usize, 1, 2]).prop_shuffle();
    (three(), three(), three(), three()).prop_map(|(bands, a, b, c)| {
        let within = [a, b, c];
        std::array::from_fn(|line| bands[line / 3] * 3 + within[line / 3][line % 3])
    })
}

fn symmetry_strategy() -> impl Strategy<Value = Symmetry> {
    (
        Just((1..=9).collect::<Vec<u8>>()).prop_shuffle(),
        line_permutation(),
        line_permutation(),
        any::<bool>(),
    )
        .prop_map(|(digits, rows, cols, transpose)| Symmetry {
            digits,
            rows,
            cols,
            transpose,
        })
}

impl Symmetry {
    fn apply(&self, grid: &Grid) -> Grid {
        std::array::from_fn(|cell| {
            let (r, c) = (self.rows[cell / 9], self.cols[cell % 9]);
            let (r, c) = if self.transpose { (c, r) } else { (r, c) };
            match grid[r * 9 + c] {
                0 => 0,
                d => self.digits[usize::from(d) - 1],
            }
        })
    }
}

/// A byte to overwrite a cell with: mostly a board byte, sometimes any byte at all.
fn mutation_byte() -> impl Strategy<Value = u8> {
    prop_oneof![
        4 => prop::sample::select(b".0123456789".to_vec()),
        1 => any::<u8>(),
    ]
}

/// Solution count through the C API (the board must be valid).
fn c_count(grid: &Grid, limit: u64) -> u64 {
    let (status, n) = count(&reference::to_text(grid), limit);
    assert_eq!(status, SUDOKU_OK);
    n.expect("count written on success")
}

proptest! {
    #![proptest_config(config(1000))]

    /// Symmetric boards have the same count (at limits 2 and 10), the same uniqueness, and the
    /// unique solution of the image is the image of the unique solution.
    #[test]
    fn answers_are_invariant_under_symmetries(
        board in puzzle_strategy(),
        symmetry in symmetry_strategy(),
    ) {
        let image = symmetry.apply(&board);
        prop_assert_eq!(image.iter().filter(|&&d| d != 0).count(),
                        board.iter().filter(|&&d| d != 0).count());
        for limit in [2, 10] {
            prop_assert_eq!(c_count(&image, limit), c_count(&board, limit), "limit {}", limit);
        }
        let (status, solved) = solve_unique(&reference::to_text(&board));
        let (image_status, image_solved) = solve_unique(&reference::to_text(&image));
        prop_assert_eq!(image_status, status);
        if status == SUDOKU_OK {
            let solved = reference::parse(&solved).unwrap();
            prop_assert_eq!(reference::parse(&image_solved).unwrap(), symmetry.apply(&solved));
        }
        // solve may pick different solutions of the two boards, but each must be valid.
        for b in [board, image] {
            let (status, solved) = solve(&reference::to_text(&b));
            prop_assert_eq!(status, SUDOKU_OK);
            prop_assert!(reference::is_solution_of(&b, &reference::parse(&solved).unwrap()));
        }
    }

    /// A relabelled and permuted solved grid is still a solved grid, unchanged by solving.
    #[test]
    fn symmetric_images_of_solved_grids_are_solved(
        seed in any::<u64>(),
        symmetry in symmetry_strategy(),
    ) {
        let image = symmetry.apply(&solved_grid(seed));
        prop_assert!(reference::is_solution_of(&image, &image));
        let text = reference::to_text(&image);
        prop_assert_eq!(solve(&text), (SUDOKU_OK, text));
        prop_assert_eq!(solve_unique(&text), (SUDOKU_OK, text));
        prop_assert_eq!(count(&text, 2), (SUDOKU_OK, Some(1)));
    }

    /// On random boards with a few bytes overwritten (so also invalid bytes, conflicting givens
    /// and conflict-free boards without a solution), every function keeps its contract, they
    /// agree with each other, and the count at limit 2 is the reference engine's.
    #[test]
    fn functions_agree_on_mutated_boards(
        board in puzzle_strategy(),
        zero_blanks in any::<bool>(),
        mutations in prop::collection::vec((0..CELLS, mutation_byte()), 0..4),
        limit in prop_oneof![0u64..=100, Just(u64::MAX)],
    ) {
        let mut text = reference::to_text(&board);
        if zero_blanks {
            text = text.map(|b| if b == b'.' { b'0' } else { b });
        }
        for &(cell, byte) in &mutations {
            text[cell] = byte;
        }
        // A very high limit is only affordable when few solutions exist.
        let limit = if limit == u64::MAX && board.iter().filter(|&&d| d != 0).count() < 30 {
            1000
        } else {
            limit
        };
        let at_two = contract::check_all(&text, limit);
        match reference::parse(&text) {
            Ok(givens) => prop_assert_eq!(at_two, Some(reference::count(&givens, 2).0)),
            Err(_) => prop_assert_eq!(at_two, None),
        }
        if mutations.is_empty() {
            prop_assert!(at_two >= Some(1), "a subset of a solved grid has a solution");
        }
    }
}
