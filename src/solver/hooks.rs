//! Hooks for tests and benchmarks: forcing a search kernel, moving the search's filters (house
//! matching, digit templates), search statistics, and listing solutions by either strategy.
//!
//! **Not a stable API**: hidden from the documentation, and anything here may change or go in
//! any release. Programs use [`crate::solver::search`] and the crate-root functions.

use super::list::{self, Strategy};
use super::{kernel, Mode, Outcome, Start};
use crate::board::Board;
use crate::error::Error;
use crate::geometry::CELLS;

pub use super::kernel::{Filters, Kernel, MATCHING_CHECK_AFTER_GUESSES, TEMPLATES_AFTER_GUESSES};

/// What a search found, with its statistics.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchResult {
    /// Solutions found, at most the limit given.
    pub count: u64,
    /// The first solution found, if any.
    pub solution: Option<Board>,
    /// Guesses made (search nodes that branched); 0 when propagation alone solved the puzzle.
    pub guesses: u64,
    /// Passes of the house matching filter (`MATCHING_CHECK_AFTER_GUESSES`).
    pub house_passes: u64,
}

impl From<Outcome> for SearchResult {
    fn from(outcome: Outcome) -> SearchResult {
        SearchResult {
            count: outcome.count,
            solution: outcome.first_solution(),
            guesses: outcome.guesses,
            house_passes: outcome.house_passes,
        }
    }
}

/// Runs the search with `kernel` and its filters as `filters` says; `None` when the CPU does
/// not support the kernel. Errors: as [`crate::solver::search`].
fn run(
    kernel: Kernel,
    start: Start,
    limit: u64,
    filters: Filters,
) -> Option<Result<SearchResult, Error>> {
    if !kernel.is_supported() {
        return None;
    }
    // SAFETY: just checked.
    let outcome = unsafe { kernel::run(kernel, &start, Mode::Count { limit }, filters) };
    Some(outcome.map(SearchResult::from))
}

/// A board start: never an error.
fn run_board(kernel: Kernel, board: &Board, limit: u64, filters: Filters) -> Option<SearchResult> {
    run(kernel, Start::Board(board), limit, filters)
        .map(|result| result.expect("a Board start never fails"))
}

/// Searches `board` for up to `limit` solutions (0 is taken as 1) with the kernel the library
/// uses, [`Kernel::detect`].
pub fn search(board: &Board, limit: u64) -> SearchResult {
    run_board(Kernel::detect(), board, limit, Filters::default())
        .expect("the detected kernel is supported")
}

/// As [`search`] with a chosen kernel; `None` when the CPU does not support it.
pub fn search_with(kernel: Kernel, board: &Board, limit: u64) -> Option<SearchResult> {
    run_board(kernel, board, limit, Filters::default())
}

/// As [`search_with`] on a text board (81 bytes, row-major, parsed inside the kernel); `None`
/// when the CPU does not support the kernel. For tests that force each kernel's parse.
///
/// Errors (inside the `Some`): [`Error::InvalidCharacter`] or [`Error::ConflictingGivens`].
pub fn search_text_with(
    kernel: Kernel,
    text: &[u8; CELLS],
    limit: u64,
) -> Option<Result<SearchResult, Error>> {
    run(kernel, Start::Text(text), limit, Filters::default())
}

/// As [`search_with`], but with the filters starting as `filters` says instead of
/// [`Filters::default`] ([`Filters::from_start`], [`Filters::never`], or any thresholds), so
/// tests can show that they never change an answer.
pub fn search_with_filters(
    kernel: Kernel,
    board: &Board,
    limit: u64,
    filters: Filters,
) -> Option<SearchResult> {
    run_board(kernel, board, limit, filters)
}

/// As [`search_with_filters`] from any start (a candidate puzzle, say); `None` when
/// the CPU does not support the kernel. Errors (inside the `Some`): as [`crate::solver::search`].
pub fn search_start_with(
    kernel: Kernel,
    start: Start,
    limit: u64,
    filters: Filters,
) -> Option<Result<SearchResult, Error>> {
    run(kernel, start, limit, filters)
}

/// How [`list_with`] finds the solutions it lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ListStrategy {
    /// The library's way: the fast search, then the ordered search only when there are more
    /// solutions than room.
    FastThenOrdered,
    /// The ordered search alone (lowest-index open cell, digits ascending), at `out.len() + 1`.
    Ordered,
}

/// [`crate::solver::list_solutions`] with a chosen kernel and strategy; `None` when the CPU does
/// not support the kernel. Errors (inside the `Some`): as `list_solutions`.
pub fn list_with(
    kernel: Kernel,
    start: Start,
    out: &mut [[u8; CELLS]],
    strategy: ListStrategy,
) -> Option<Result<(usize, bool), Error>> {
    if !kernel.is_supported() {
        return None;
    }
    let strategy = match strategy {
        ListStrategy::FastThenOrdered => Strategy::FastThenOrdered,
        ListStrategy::Ordered => Strategy::Ordered,
    };
    // SAFETY: just checked.
    Some(unsafe {
        list::list(
            kernel,
            &start,
            &mut list::Texts(out),
            strategy,
            Filters::default(),
        )
    })
}
