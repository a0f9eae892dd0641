//! The step engine: human-style techniques on a candidate grid, each deduction reported as a
//! [`Step`], and the Sudoku Explainer rating built on it ([`rate()`]).
//!
//! Unlike the solver (which fuses its reasoning and cannot name it), the engine finds one step
//! at a time, in the order Sudoku Explainer 1.2.1 (serate 1.2.1.3) takes them, so that a path of
//! steps and its rating agree with SE's. The techniques go up to the bivalue universal grave
//! (ER 5.6-6.2), Sudoku Explainer's ladder before the aligned pair exclusion: singles
//! ([`singles`]), locked candidates ([`intersections`]), naked and hidden subsets
//! ([`subsets`]), fish ([`fish`]), XY- and XYZ-Wing ([`wings`]), unique rectangles and loops
//! ([`uniqueness`], 4.5 and up, tried before the naked quad) and the BUG ([`bug`]). A position
//! needing more is reported as [`Next::Beyond`] with a lower bound of SE's next step (6.2),
//! never a wrong step. The rules as implemented, with the SE sources read: `docs/steps.md`.
//!
//! The uniqueness techniques and the BUG assume the puzzle has one solution (as SE does): on a
//! puzzle with several they can remove a digit of a solution.
//!
//! Layers: uses geometry and board only; nothing here knows of the solver or C.

pub mod bug;
pub mod explain;
pub mod fish;
pub mod grid;
pub mod intersections;
pub mod rate;
pub mod singles;
pub mod step;
pub mod subsets;
pub mod uniqueness;
pub mod wings;

pub use grid::Grid;
pub use rate::{rate, rate_grid, Rating};
pub use step::{Chain, Eliminations, HouseSet, Potential, Step, Technique};

/// What the engine can do next in a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Next {
    /// The step Sudoku Explainer would take.
    Step(Step),
    /// Every cell holds a digit.
    Solved,
    /// An empty cell has no candidate left: the position has no solution.
    Contradiction,
    /// The position needs a technique the engine does not have; SE's next step rates at least
    /// `at_least` (tenths): 6.2, the aligned pair exclusion, SE's next producer after the BUG
    /// (everything after it rates 6.2 or more).
    Beyond {
        /// Lower bound of the ER of SE's next step, in tenths.
        at_least: u8,
    },
}

/// The next step in Sudoku Explainer's order: the first technique of SE's list of producers that
/// finds something, and within it the first pattern in SE's search order. That is the easiest
/// step, except that SE's list puts the direct techniques before the naked single, the
/// uniqueness techniques (4.5 and up) before the naked quad, and its hidden-single producer gives
/// full houses, box and line singles from one pass.
pub fn next_step(grid: &Grid) -> Next {
    if grid.is_broken() {
        return Next::Contradiction;
    }
    if grid.is_solved() {
        return Next::Solved;
    }
    let easy = [
        singles::hidden_single,
        |g: &Grid| intersections::locked_candidates(g, true),
        |g: &Grid| subsets::hidden_set(g, 2, true),
        singles::naked_single,
        |g: &Grid| subsets::hidden_set(g, 3, true),
        |g: &Grid| intersections::locked_candidates(g, false),
        |g: &Grid| subsets::naked_set(g, 2),
        |g: &Grid| fish::fish(g, 2),
        |g: &Grid| subsets::hidden_set(g, 2, false),
        |g: &Grid| subsets::naked_set(g, 3),
        |g: &Grid| fish::fish(g, 3),
        |g: &Grid| subsets::hidden_set(g, 3, false),
        |g: &Grid| wings::xy_wing(g, false),
        |g: &Grid| wings::xy_wing(g, true),
    ];
    for technique in easy {
        if let Some(step) = technique(grid) {
            return Next::Step(step);
        }
    }
    let hard = [
        uniqueness::unique_loop,
        |g: &Grid| subsets::naked_set(g, 4),
        |g: &Grid| fish::fish(g, 4),
        |g: &Grid| subsets::hidden_set(g, 4, false),
        bug::bug,
    ];
    for technique in hard {
        if let Some(step) = technique(grid) {
            return Next::Step(step);
        }
    }
    Next::Beyond { at_least: 62 }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{Cell, Digit, House, HouseKind};
    use crate::Board;

    #[test]
    fn direct_hidden_pair_comes_before_a_naked_single() {
        // SE's producer list puts the direct hidden pair (2.0) before the naked single (2.3).
        let mut g = Grid::from_board(&Board::EMPTY);
        let b = House::new(HouseKind::Box, 0).unwrap().cells();
        for v in [1, 2] {
            grid::remove(&mut g, b[2..].iter().copied(), v);
        }
        grid::remove(
            &mut g,
            b.iter().copied().filter(|&c| c != b[0] && c != b[4]),
            3,
        );
        let last = Cell::at(8, 8).unwrap();
        for v in 1..9 {
            grid::remove(&mut g, [last], v);
        }
        let Next::Step(s) = next_step(&g) else {
            panic!("a step")
        };
        assert_eq!(s.technique, Technique::DirectHiddenPair);
        assert_eq!(s.placement, Some((b[4], Digit::new(3).unwrap())));
        // The position also holds a naked single (r9c9 = 9).
        assert_eq!(
            singles::naked_single(&g).unwrap().placement,
            Some((last, Digit::new(9).unwrap()))
        );
    }

    #[test]
    fn empty_board_is_beyond_and_an_empty_cell_a_contradiction() {
        // No single, subset, fish or wing, no bivalue cell (so no unique loop) and no BUG:
        // SE's next step would be an aligned pair exclusion or harder, 6.2 and up.
        let g = Grid::from_board(&Board::EMPTY);
        assert_eq!(next_step(&g), Next::Beyond { at_least: 62 });
        let r = rate_grid(g);
        assert_eq!((r.er, r.ep, r.ed, r.complete), (62, 0, 0, false));
        let mut g = g;
        for v in 1..=9 {
            grid::remove(&mut g, [Cell::at(4, 4).unwrap()], v);
        }
        assert_eq!(next_step(&g), Next::Contradiction);
        assert!(rate_grid(g).contradiction);
    }

    #[test]
    fn rating_of_a_qqwing_puzzle() {
        // From ratings/se_qqwing_2000.txt: serate 1.2.1.3 gives 1.5/1.2/1.2.
        let b: Board =
            ".9.....4157.1..6.....8..........54.8.......1...64..579...58.3.....7.3.6.3..6.49.."
                .parse()
                .unwrap();
        let r = rate(&b);
        assert!(r.complete);
        assert_eq!((r.er, r.ep, r.ed), (15, 12, 12));
        assert_eq!(r.hardest, Some(Technique::HiddenSingleLine));
    }
}
