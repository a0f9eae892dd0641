//! Differential test: `sudoku_count_solutions` against the independent reference counter of the
//! test kit (`testkit/src/reference.rs`) at limits 1-100, on thousands of seeded random boards,
//! and on fixed dense boards without solution.
//! Five kinds of random board, so that every outcome (no solution, fewer solutions than the limit,
//! the limit reached) is well represented:
//! - a random solved grid keeping 8-25 random cells (always solvable, with many solutions);
//! - the same with one given changed to another digit that none of its peers gives (no
//!   conflicting givens, but often no solution);
//! - 8-25 digits dropped on random cells wherever they do not conflict (rarely solvable when
//!   there are many);
//! - a random solved grid keeping 26-40 cells: denser, for exact counts below the limit;
//! - a random solved grid keeping 31-45 cells with one given changed: dense boards, which the
//!   solver searches straight down until a branch first fails, then with its full propagation
//!   and scored guesses (`Search::straight` in `src/solver/kernel.rs`). Most of them fail at
//!   the root; a review counted 33 in 1,000 that hand over after a guess (and 96 of the kind
//!   above). The fixed boards (`data/solver/dense_no_solution.txt`) fail late, so that most of
//!   their searches start again from the root (`RESTART_AFTER_BUMPS`).

use crate::{cabi, common};
use sudoku_testkit::reference;

use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};

use cabi::{count, CELLS};
use reference::Grid;
use sudoku::ffi::sudoku_status::SUDOKU_OK;

const BOARDS_PER_KIND: usize = 1000;

/// `kept` random cells of a random solved grid.
fn subset_of_solved_grid(rng: &mut ChaCha8Rng, kept: usize) -> Grid {
    let grid = reference::random_solved_grid(&mut |n| rng.random_range(0..n));
    let mut board = [0; CELLS];
    let mut placed = 0;
    while placed < kept {
        let cell = rng.random_range(0..CELLS);
        if board[cell] == 0 {
            board[cell] = grid[cell];
            placed += 1;
        }
    }
    board
}

/// The digits no given peer of `cell` holds (bit d for digit d).
fn free_digits(board: &Grid, cell: usize) -> u16 {
    let taken = (0..CELLS)
        .filter(|&p| reference::are_peers(p, cell))
        .fold(0u16, |m, p| m | 1 << board[p]);
    !taken & 0b11_1111_1110
}

/// A random digit from a mask, or None if it is empty.
fn pick_digit(rng: &mut ChaCha8Rng, mask: u16) -> Option<u8> {
    let digits: Vec<u8> = (1..=9).filter(|&d| mask & 1 << d != 0).collect();
    (!digits.is_empty()).then(|| digits[rng.random_range(0..digits.len())])
}

/// A subset of a solved grid with one given changed to another digit free in its houses.
fn subset_with_changed_given(rng: &mut ChaCha8Rng, kept: usize) -> Grid {
    loop {
        let mut board = subset_of_solved_grid(rng, kept);
        let givens: Vec<usize> = (0..CELLS).filter(|&c| board[c] != 0).collect();
        let cell = givens[rng.random_range(0..givens.len())];
        let others = free_digits(&board, cell) & !(1 << board[cell]);
        if let Some(d) = pick_digit(rng, others) {
            board[cell] = d;
            return board;
        }
    }
}

/// Up to `tries` random digits on random blank cells, each only where no peer gives it.
fn random_conflict_free(rng: &mut ChaCha8Rng, tries: usize) -> Grid {
    let mut board = [0; CELLS];
    for _ in 0..tries {
        let cell = rng.random_range(0..CELLS);
        if board[cell] == 0 {
            if let Some(d) = pick_digit(rng, free_digits(&board, cell)) {
                board[cell] = d;
            }
        }
    }
    board
}

#[test]
fn count_agrees_with_the_reference_on_random_sparse_and_dense_boards() {
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    // How often each outcome occurred, per kind: [no solution, below the limit, at the limit].
    let mut outcomes = [[0usize; 3]; 5];
    for i in 0..5 * BOARDS_PER_KIND {
        let kind = i % 5;
        let givens = match kind {
            3 => rng.random_range(26..=40),
            4 => rng.random_range(31..=45),
            _ => rng.random_range(8..=25),
        };
        let board = match kind {
            0 => subset_of_solved_grid(&mut rng, givens),
            1 => subset_with_changed_given(&mut rng, givens),
            2 => random_conflict_free(&mut rng, givens),
            3 => subset_of_solved_grid(&mut rng, givens),
            _ => subset_with_changed_given(&mut rng, givens),
        };
        let limit = rng.random_range(1..=100u64);
        let text = reference::to_text(&board);
        assert_eq!(
            reference::parse(&text),
            Ok(board),
            "generated boards are valid"
        );
        let (expected, _) = reference::count(&board, limit);
        assert_eq!(
            count(&text, limit),
            (SUDOKU_OK, Some(expected)),
            "board {} at limit {limit}",
            reference::to_string(&board)
        );
        let outcome = match expected {
            0 => 0,
            n if n < limit => 1,
            _ => 2,
        };
        outcomes[kind][outcome] += 1;
    }
    // The generators must keep producing every outcome, or this test checks less than it says.
    println!("outcomes per kind [none, below limit, at limit]: {outcomes:?}");
    assert!(outcomes[0][2] > 0, "{outcomes:?}");
    assert!(outcomes[1][0] > 0, "{outcomes:?}");
    assert!(outcomes[2][0] > 0 && outcomes[2][2] > 0, "{outcomes:?}");
    assert!(outcomes[3][1] > 0 && outcomes[3][2] > 0, "{outcomes:?}");
    assert!(outcomes[4][0] > 0 && outcomes[4][1] > 0, "{outcomes:?}");
}

/// Dense boards without solution that fail late in a straight-down search (see the data file's
/// header): the searches that start again from the root (`RESTART_AFTER_BUMPS` in
/// `src/solver/kernel.rs`) must still count exactly.
#[test]
fn dense_boards_that_fail_late_count_as_the_reference() {
    let boards = common::dense_no_solution_boards();
    assert_eq!(boards.len(), 48);
    for text in boards {
        let line = String::from_utf8_lossy(&text);
        let board = reference::parse(&text).expect("a valid board");
        for limit in [1, 2, 5] {
            let (expected, _) = reference::count(&board, limit);
            assert_eq!(expected, 0, "{line} has no solution by the reference");
            assert_eq!(count(&text, limit), (SUDOKU_OK, Some(0)), "{line}");
        }
    }
}
