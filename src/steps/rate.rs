//! Sudoku Explainer's rating: ER, EP and ED.
//!
//! SE's rule (1.2.1 `diuf/sudoku/solver/Solver.java`, `getDifficulty`, as serate 1.2.1.3 runs
//! it): from the givens and their candidates, repeatedly take the first step SE's producers find
//! ([`next_step`](super::next_step)) and apply it, until the grid is solved. ER is the highest rating of the steps
//! taken; ED the rating of the first step; EP the highest rating up to and including the first
//! step that places a digit (a single or a direct technique). serate prints each in tenths,
//! rounded as `(int)((x + 0.05) * 10)`; here they are tenths from the start.

use super::budget::Budget;
use super::grid::Grid;
use super::next::{next_step_sharing, Next, PathMemory};
use super::step::Technique;
use crate::board::Board;

/// A puzzle's rating. Ratings are in tenths (23 is SE's 2.3); 0 means unknown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rating {
    /// ER, the hardest step; when `complete` is false, a lower bound of SE's ER.
    pub er: u8,
    /// EP, the hardest step up to the first placement; 0 when the engine stopped before it.
    pub ep: u8,
    /// ED, the first step's rating; 0 when the engine could not take any step.
    pub ed: u8,
    /// The technique of the hardest step taken (the first one of that rating), if any.
    pub hardest: Option<Technique>,
    /// True when the engine solved the puzzle: `er`, `ep`, `ed` are SE's. False when it
    /// stopped: at a position beyond its techniques (`er` is then a lower bound) or at a
    /// contradiction (`contradiction`).
    pub complete: bool,
    /// True when an empty cell lost its last candidate: the puzzle has no solution.
    pub contradiction: bool,
    /// True when the engine stopped because the budget ran out ([`rate_within`]): `er` is a
    /// lower bound.
    pub out_of_budget: bool,
    /// Steps taken.
    pub steps: u32,
}

/// Rates a board of givens (see the module documentation). Puzzles with more than one solution
/// are rated by the same rule, as SE rates them; the uniqueness techniques and the BUG assume
/// one solution, so on such a puzzle a step can remove a digit of one of its solutions.
pub fn rate(board: &Board) -> Rating {
    rate_grid(Grid::from_board(board))
}

/// Rates from a position (a copy of `grid` is solved).
pub fn rate_grid(grid: Grid) -> Rating {
    rate_grid_until(grid, u8::MAX)
}

/// Rates a board of givens as [`rate`] does, but stops as soon as a step rates above `cap`
/// (tenths): the rating is then incomplete, with `er` that step's rating (a lower bound).
/// The generator's rating window uses it to drop a puzzle without finishing its path.
pub fn rate_until(board: &Board, cap: u8) -> Rating {
    rate_grid_until(Grid::from_board(board), cap)
}

/// Rates a board of givens as [`rate`] does, within `budget`: when it runs out, the rating is
/// incomplete with `out_of_budget` set and `er` a lower bound (the hardest step taken, or the
/// base rating of the producer that was interrupted, if higher).
pub fn rate_within(board: &Board, budget: &Budget) -> Rating {
    rate_grid_within(Grid::from_board(board), u8::MAX, budget)
}

fn rate_grid_until(grid: Grid, cap: u8) -> Rating {
    rate_grid_within(grid, cap, &Budget::UNLIMITED)
}

fn rate_grid_within(mut grid: Grid, cap: u8, budget: &Budget) -> Rating {
    let mut r = Rating {
        er: 0,
        ep: 0,
        ed: 0,
        hardest: None,
        complete: false,
        contradiction: false,
        out_of_budget: false,
        steps: 0,
    };
    let mut placed = false;
    let mut memory = PathMemory::new();
    loop {
        if budget.exhausted() {
            r.out_of_budget = true;
            return r;
        }
        match next_step_sharing(&grid, budget, &mut memory) {
            Next::Solved => {
                r.complete = true;
                return r;
            }
            Next::Contradiction => {
                r.contradiction = true;
                return r;
            }
            Next::Beyond { at_least } => {
                r.er = r.er.max(at_least);
                return r;
            }
            Next::OutOfBudget { at_least } => {
                r.er = r.er.max(at_least);
                r.out_of_budget = true;
                return r;
            }
            Next::Step(step) => {
                let rating = step.rating();
                if rating > r.er {
                    r.er = rating;
                    r.hardest = Some(step.technique);
                }
                if r.steps == 0 {
                    r.ed = r.er;
                }
                if rating > cap {
                    return r;
                }
                if !placed && step.placement.is_some() {
                    placed = true;
                    r.ep = r.er;
                }
                r.steps += 1;
                step.apply(&mut grid);
            }
        }
    }
}
