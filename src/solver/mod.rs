//! The solver: one search, from a [`Start`] (a board, its text, or candidates) in a [`Mode`] (first solution,
//! unique solution, or a count), giving an [`Outcome`]. See `docs/solver.md` for how it works.
//!
//! The state is a bitboard of candidates per digit and band; each search node applies naked and
//! hidden singles and locked candidates (pointing and claiming) until nothing changes, then
//! guesses. The search is compiled for several instruction sets, and at run time AVX2 is picked
//! where the CPU has it, else the portable build (`kernel`; the AVX-512 build measured slower and
//! only the test hooks run it); all give identical results.
//!
//! No heap allocation: a solve is one recursion, a level per guess (at most 81, in practice
//! under 30), each copying the 192-byte state once; at most about 35 KiB of stack in the
//! optimized x86-64 build.

#[doc(hidden)]
pub mod hooks;
mod kernel;
mod lanes;
mod list;
mod matching;
pub(crate) mod removal;
mod state;
mod tables;
mod template;
mod text;

use crate::board::Board;
use crate::candidates::Candidates;
use crate::error::Error;
use crate::geometry::CELLS;
use kernel::{Filters, Kernel};
use state::State;

pub(crate) use list::list_solutions_uninit;
pub use list::{list_boards, list_solutions};

/// What a search looks for, and so which answer [`Outcome::solution`] gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Mode {
    /// Stop at the first solution found; the answer is that solution.
    First,
    /// Look for a second solution; the answer is the solution only if there is exactly one.
    Unique,
    /// Count solutions, stopping once `limit` are found (0 is taken as 1); the answer is the
    /// first solution found.
    Count {
        /// The most solutions to count.
        limit: u64,
    },
}

impl Mode {
    /// The number of solutions after which the search stops, at least 1: 1 for
    /// [`Mode::First`], 2 for [`Mode::Unique`], `limit` (or 1 for 0) for [`Mode::Count`].
    pub const fn limit(self) -> u64 {
        match self {
            Mode::First => 1,
            Mode::Unique => 2,
            Mode::Count { limit: 0 } => 1,
            Mode::Count { limit } => limit,
        }
    }
}

/// Where a search starts.
#[non_exhaustive]
#[derive(Debug, Clone, Copy)]
pub enum Start<'a> {
    /// A validated board; placing its givens cannot fail.
    Board(&'a Board),
    /// A board as text: 81 bytes, row-major, `'1'`-`'9'` givens, `'.'` or `'0'` blanks. It is
    /// parsed and validated inside the search, as [`Board::parse`] would, with the same errors.
    Text(&'a [u8; CELLS]),
    /// A candidate (pencilmark) puzzle: each cell may take only the digits of its mask. Cells
    /// with one candidate are placed as givens (so candidates from a board's givens start
    /// exactly as the board does), then every other cell loses the digits its mask lacks. It
    /// is validated inside the search, as [`Candidates::validate`] would, with the same errors.
    Candidates(&'a Candidates),
}

impl Start<'_> {
    /// The state after placing the givens. Errors: for a text start, as [`Board::parse`]
    /// ([`Error::InvalidCharacter`] or [`Error::ConflictingGivens`]); for a candidate start, as
    /// [`Candidates::validate`] ([`Error::NoCandidate`] or [`Error::ConflictingGivens`]).
    #[inline(always)]
    fn state(&self) -> Result<State, Error> {
        match self {
            Start::Board(board) => Ok(State::from_board(board)),
            Start::Text(text) => State::from_text(text),
            Start::Candidates(candidates) => State::from_candidates(candidates),
        }
    }
}

/// What a search found: how many solutions (at most the mode's [`Mode::limit`]) and the first
/// one. The first solution stays in the solver's form until asked for, so that it is written
/// out once, as a [`Board`] or as text.
#[derive(Clone, Copy)]
pub struct Outcome {
    count: u64,
    /// Search nodes that guessed (read by the test hooks).
    guesses: u64,
    /// Passes of the house matching filter (read by the test hooks).
    house_passes: u64,
    first: Option<State>,
    mode: Mode,
}

impl Outcome {
    /// Solutions found, at most the mode's [`Mode::limit`].
    pub fn count(&self) -> u64 {
        self.count
    }

    /// The first solution found, if any.
    pub fn first_solution(&self) -> Option<Board> {
        self.first.as_ref().map(State::board)
    }

    /// The answer of the search's mode: the only solution for [`Mode::Unique`], else the first
    /// solution found.
    ///
    /// Errors: [`Error::NoSolution`]; for [`Mode::Unique`] also [`Error::MultipleSolutions`].
    pub fn solution(&self) -> Result<Board, Error> {
        self.answer(self.mode).map(State::board)
    }

    /// The answer of `mode` (the search's own), in the solver's form: the one place of the
    /// "first solution" and "exactly one solution" rules. Callers that know the mode pass it
    /// rather than `self.mode`, so that the rule folds to its one case. Errors: as
    /// [`Outcome::solution`].
    #[inline(always)]
    fn answer(&self, mode: Mode) -> Result<&State, Error> {
        debug_assert_eq!(mode, self.mode);
        match (mode, self.count, &self.first) {
            (Mode::Unique, 1, Some(solution)) => Ok(solution),
            (Mode::Unique, 2.., _) => Err(Error::MultipleSolutions),
            (Mode::First | Mode::Count { .. }, _, Some(solution)) => Ok(solution),
            _ => Err(Error::NoSolution),
        }
    }
}

impl std::fmt::Debug for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Outcome")
            .field("count", &self.count)
            .field("first_solution", &self.first_solution())
            .field("mode", &self.mode)
            .finish()
    }
}

/// Searches from `start` in `mode`, with the kernel [`Kernel::detect`] picks. The one entry of
/// every solve.
///
/// Errors: for a [`Start::Text`], [`Error::InvalidCharacter`] or [`Error::ConflictingGivens`],
/// exactly as [`Board::parse`] reports them; for a [`Start::Candidates`],
/// [`Error::NoCandidate`] or [`Error::ConflictingGivens`], as [`Candidates::validate`]. Finding no solution is not an error here (see
/// [`Outcome::solution`]).
///
/// ```
/// use sudoku::{search, Mode, Start};
///
/// let text =
///     b"4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
/// let outcome = search(Start::Text(text), Mode::Count { limit: 2 }).unwrap();
/// assert_eq!(outcome.count(), 1);
/// let board: sudoku::Board = outcome.solution().unwrap();
/// assert!(board.is_complete());
/// ```
pub fn search(start: Start<'_>, mode: Mode) -> Result<Outcome, Error> {
    // SAFETY: `detect` returns a kernel this CPU supports.
    unsafe { kernel::run(Kernel::detect(), &start, mode, Filters::default()) }
}

/// Parses `text` (81 bytes, as for [`Start::Text`]), searches it in `mode` and overwrites it with
/// the answer ([`Outcome::solution`]) as text, `'1'`-`'9'`, with no intermediate copy: the C
/// API's path. `text` is written only on success and left untouched on any error.
///
/// Errors: as [`search`], then as [`Outcome::solution`].
///
/// ```
/// use sudoku::{solver::solve_in_place, Error, Mode};
///
/// let mut text = [b'.'; 81];
/// text[72..].copy_from_slice(b"123456789");
/// assert_eq!(solve_in_place(&mut text, Mode::Unique), Err(Error::MultipleSolutions));
/// assert_eq!(text[0], b'.'); // untouched on error
/// solve_in_place(&mut text, Mode::First).unwrap();
/// assert!(text.iter().all(|b| (b'1'..=b'9').contains(b)));
/// ```
pub fn solve_in_place(text: &mut [u8; CELLS], mode: Mode) -> Result<(), Error> {
    search(Start::Text(text), mode)?
        .answer(mode)?
        .write_text(text);
    Ok(())
}

/// Searches from `start` in `mode` and writes the answer ([`Outcome::solution`]) to `out` as
/// text, row-major, `'1'`-`'9'`: the C API's path for puzzles given other than as text to solve
/// in place. `out` is written only on success and left untouched on any error.
///
/// Errors: as [`search`], then as [`Outcome::solution`].
pub fn solve_to_text(start: Start<'_>, mode: Mode, out: &mut [u8; CELLS]) -> Result<(), Error> {
    search(start, mode)?.answer(mode)?.write_text(out);
    Ok(())
}

/// [`search`] from a board, which cannot fail.
fn search_board(board: &Board, mode: Mode) -> Outcome {
    match search(Start::Board(board), mode) {
        Ok(outcome) => outcome,
        Err(_) => unreachable!("a Board start never fails: its givens are valid"),
    }
}

/// Finds a solution of `board` (the first one the search meets).
///
/// Errors: [`Error::NoSolution`].
pub fn solve(board: &Board) -> Result<Board, Error> {
    search_board(board, Mode::First)
        .answer(Mode::First)
        .map(State::board)
}

/// Finds the solution of `board` if it has exactly one.
///
/// Errors: [`Error::NoSolution`], or [`Error::MultipleSolutions`] when there are two or more.
pub fn solve_unique(board: &Board) -> Result<Board, Error> {
    search_board(board, Mode::Unique)
        .answer(Mode::Unique)
        .map(State::board)
}

/// Counts the solutions of `board`, stopping at `limit` (so the result is at most `limit`).
/// A `limit` of 0 returns 0.
pub fn count_solutions(board: &Board, limit: u64) -> u64 {
    if limit == 0 {
        return 0;
    }
    search_board(board, Mode::Count { limit }).count
}
