//! The solver: band bitboards with propagation, then depth-first guessing.
//!
//! Each search node propagates to a fixed point (`state`), then guesses on a cell with the fewest
//! candidates, trying each digit on a copy of the state. The last digit of a guess reuses the
//! current state, so a node costs one copy per extra branch and nothing is ever undone.
//! No heap allocation: a solve uses at most 81 levels of recursion of a few hundred bytes each.

mod lanes;
mod state;
mod tables;

use crate::board::Board;
use crate::error::Error;
use state::State;

/// What a search found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchResult {
    /// Solutions found, at most the limit given.
    pub count: u64,
    /// The first solution found, if any.
    pub solution: Option<Board>,
    /// Guesses made (search nodes that branched); 0 when propagation alone solved the puzzle.
    pub guesses: u64,
}

struct Search {
    limit: u64,
    result: SearchResult,
}

impl Search {
    fn run(&mut self, mut state: State) {
        loop {
            if state.propagate().is_err() {
                return;
            }
            if state.is_solved() {
                self.result.count += 1;
                if self.result.solution.is_none() {
                    self.result.solution = Some(Board::from_solved(state.solution()));
                }
                return;
            }
            let guess = state.choose_guess();
            self.result.guesses += 1;
            let mut digits = guess.digits;
            while digits & (digits - 1) != 0 {
                let d = digits.trailing_zeros() as usize;
                digits &= digits - 1;
                let mut branch = state;
                branch.place_guess(&guess, d);
                self.run(branch);
                if self.result.count >= self.limit {
                    return;
                }
                state.exclude_guess(&guess, d);
            }
            // The last digit: continue in place of a recursive call.
            state.place_guess(&guess, digits.trailing_zeros() as usize);
        }
    }
}

/// Searches for solutions of `board`, stopping once `limit` have been found.
///
/// `limit` 0 is treated as 1. Returns the number found (at most `limit`), the first solution and
/// how many guesses were made.
pub fn search(board: &Board, limit: u64) -> SearchResult {
    let mut search = Search {
        limit: limit.max(1),
        result: SearchResult {
            count: 0,
            solution: None,
            guesses: 0,
        },
    };
    search.run(State::from_board(board));
    search.result
}

/// Finds a solution of `board` (the first one the search meets).
///
/// Errors: [`Error::NoSolution`].
pub fn solve(board: &Board) -> Result<Board, Error> {
    search(board, 1).solution.ok_or(Error::NoSolution)
}

/// Finds the solution of `board` if it has exactly one.
///
/// Errors: [`Error::NoSolution`], or [`Error::MultipleSolutions`] when there are two or more.
pub fn solve_unique(board: &Board) -> Result<Board, Error> {
    let result = search(board, 2);
    match (result.count, result.solution) {
        (1, Some(solution)) => Ok(solution),
        (0, _) => Err(Error::NoSolution),
        _ => Err(Error::MultipleSolutions),
    }
}

/// Counts the solutions of `board`, stopping at `limit` (so the result is at most `limit`).
/// A `limit` of 0 returns 0.
pub fn count_solutions(board: &Board, limit: u64) -> u64 {
    if limit == 0 {
        return 0;
    }
    search(board, limit).count
}
