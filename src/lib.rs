//! libsudoku: a fast Sudoku engine, usable from Rust and, through the C ABI in [`ffi`], from C,
//! C++ and any language with an FFI.
//!
//! A board is 81 cells in row-major order. In text form a given (clue) is `'1'`-`'9'` and a blank
//! is `'.'` or `'0'`. The Rust API works on [`Board`]:
//!
//! ```
//! let puzzle: sudoku::Board =
//!     "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
//!         .parse()
//!         .unwrap();
//! let solution = sudoku::solve_unique(&puzzle).unwrap();
//! assert!(sudoku::is_solution_of(&puzzle, &solution));
//! assert_eq!(sudoku::count_solutions(&puzzle, 2), 1);
//! ```
//!
//! Many puzzles at once, on all cores: [`solve_batch`] (see [`batch`]).
//!
//! One search serves every solve: [`search`] from a [`Start`] in a [`Mode`]. The grid's
//! vocabulary (cells, digits, houses, peers) is in [`geometry`]. Every clash of a board's
//! digits, for a game to mark them all: [`conflicts`].
//!
//! The canonical (minlex) form of a board, equal for equivalent boards, and the
//! validity-preserving transformations: [`canonicalize`], [`Transform`] (see [`canonical`]).
//!
//! Puzzles in the text formats other tools write (one-line, grids, `.sdk`, pencilmarks) are read
//! by [`read_puzzle`] and [`puzzles`] (see [`format`](mod@format)); candidate (pencilmark) puzzles are
//! [`Candidates`], solved by [`search`] from [`Start::Candidates`].
//!
//! Puzzles are made by [`generator`]: seeded, unique, minimal when asked, with a symmetry of the
//! givens; it also tests and thins puzzles ([`generator::is_minimal`], [`generator::minimize`]).
//! Equivalent puzzles are recognised by their canonical (minlex) form ([`canonicalize`]).
//!
//! Solving like a person, one named step at a time, and Sudoku Explainer's difficulty rating
//! (ER/EP/ED): [`steps`] ([`steps::next_step`], [`steps::rate()`]).
//!
//! The core (`geometry`, `board`, `candidates`, `format`, `canonical`, `solver`, `batch`,
//! `generator`, `steps`) knows nothing of C; every `extern "C"` item lives in [`ffi`]. Layers
//! only import downwards: geometry, then board and candidates, then format and canonical (which
//! use no solver) and solver, batch, generator, and steps (which uses geometry and board only),
//! then ffi.

#![deny(unsafe_op_in_unsafe_fn)]
#![warn(missing_docs)]

pub mod batch;
mod board;
pub mod candidates;
pub mod canonical;
mod error;
mod fault;
pub mod ffi;
pub mod format;
pub mod generator;
pub mod geometry;
pub mod solver;
pub mod steps;

pub use batch::{solve_batch, solve_batch_into, BatchMode};
pub use board::{conflicts, is_solution_of, Board, CONFLICT_BOX, CONFLICT_COLUMN, CONFLICT_ROW};
pub use candidates::Candidates;
pub use canonical::{canonicalize, Transform};
pub use error::Error;
pub use format::{puzzles, read_puzzle, Puzzle, Read, ReadError};
pub use geometry::CELLS;
pub use solver::{count_solutions, search, solve, solve_unique, Mode, Outcome, Start};

/// Parses and validates a board without searching (see [`Board::parse`]).
///
/// Errors: [`Error::InvalidCharacter`] or [`Error::ConflictingGivens`], naming the first faulty
/// cell in row-major order.
pub fn validate(text: &[u8; CELLS]) -> Result<Board, Error> {
    Board::parse(text)
}

/// The first `limit` solutions of `board`, in ascending lexicographic order of their text (the
/// order `sort` gives their lines), and whether it has more than `limit`. A board with no
/// solution gives `(vec![], false)`; `limit` 0 gives `(vec![], true)` exactly when there is a
/// solution. Time grows with `limit` on boards with many solutions. Allocation-free variant into
/// a slice: [`solver::list_solutions`]; how the order is produced: `docs/solver.md`.
///
/// ```
/// let puzzle: sudoku::Board =
///     "..3456789456789123789123456..4365897365897214897214365531642978642978531978531642"
///         .parse()
///         .unwrap();
/// let (solutions, more) = sudoku::list_solutions(&puzzle, 10);
/// assert_eq!((solutions.len(), more), (2, false));
/// assert!(solutions[0].to_string().starts_with("12"));
/// assert!(solutions[1].to_string().starts_with("21"));
/// ```
pub fn list_solutions(board: &Board, limit: usize) -> (Vec<Board>, bool) {
    solver::list_boards(board, limit)
}
