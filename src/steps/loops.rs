//! A screen for Sudoku Explainer's unique rectangles and loops (ER 4.5 and up), which this
//! engine does not apply: it tells whether SE's `UniqueLoops` search could find anything.
//!
//! SE (1.2.1, `diuf/sudoku/solver/rules/unique/UniqueLoops.java`) looks for loops of 4 or more
//! cells starting from a bivalue cell `{a, b}`, each cell holding both `a` and `b`, each move
//! along a house of another kind than the previous move's, such that every house the loop's
//! cells occupy is met once by a cell at an even position and once by one at an odd position.
//! The screen searches the same loops while ignoring SE's further limits (how many cells may
//! carry extra candidates, and which), so it finds every loop SE can, and more: when it finds
//! none, no uniqueness step can come before a naked quad. It gives up and answers "possible"
//! after a fixed amount of search, which keeps it conservative.

use super::grid::Grid;
use crate::geometry::{Cell, HouseKind};

/// Nodes visited before the screen gives up (and answers that a loop is possible).
const BUDGET: u32 = 50_000;

/// True when SE could find a unique rectangle or loop in `grid` (or the search gave up); false
/// only when it certainly cannot.
pub fn unique_loop_possible(grid: &Grid) -> bool {
    let mut budget = BUDGET;
    for start in Cell::ALL {
        let m = grid.candidates(start);
        if m.count_ones() != 2 {
            continue;
        }
        let mut path = [start; 81];
        if search(grid, m, &mut path, 1, None, &mut budget) {
            return true;
        }
    }
    false
}

/// Extends `path[..len]` (whose last cell was reached along a house of kind `last`); true when a
/// valid closed loop is found or the budget runs out.
fn search(
    grid: &Grid,
    pair: u16,
    path: &mut [Cell; 81],
    len: usize,
    last: Option<HouseKind>,
    budget: &mut u32,
) -> bool {
    if *budget == 0 {
        return true;
    }
    *budget -= 1;
    let cell = path[len - 1];
    let [row, column, square] = cell.houses();
    for (kind, house) in [(HouseKind::Box, square), (HouseKind::Row, row), (HouseKind::Column, column)] {
        if Some(kind) == last {
            continue;
        }
        for next in house.cells() {
            if next == path[0] && len >= 4 {
                if is_valid_loop(&path[..len]) {
                    return true;
                }
            } else if !path[..len].contains(&next) && grid.candidates(next) & pair == pair {
                path[len] = next;
                if search(grid, pair, path, len + 1, Some(kind), budget) {
                    return true;
                }
            }
        }
    }
    false
}

/// SE's loop test: no house met twice by cells of the same parity, and the houses met at even
/// positions the same as those met at odd positions.
fn is_valid_loop(cells: &[Cell]) -> bool {
    let (mut even, mut odd) = (0u32, 0u32);
    for (i, cell) in cells.iter().enumerate() {
        let set = if i % 2 == 0 { &mut even } else { &mut odd };
        for house in cell.houses() {
            let bit = 1u32 << house.index();
            if *set & bit != 0 {
                return false;
            }
            *set |= bit;
        }
    }
    even == odd
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Board;

    fn restrict(g: &mut Grid, cell: Cell, keep: u16) {
        for d in crate::geometry::Digit::ALL {
            if keep >> d.index() & 1 == 0 {
                g.eliminate(cell, d);
            }
        }
    }

    #[test]
    fn finds_a_rectangle_and_nothing_without_one() {
        let c = |r, c| Cell::at(r, c).unwrap();
        // Every cell with all nine digits: bivalue cells are what starts a loop.
        let mut g = Grid::from_board(&Board::EMPTY);
        assert!(!unique_loop_possible(&g));
        // A rectangle over two boxes: r1c1 {1,2}, r1c4, r2c1, r2c4 hold 1 and 2 (and more).
        restrict(&mut g, c(0, 0), 0b11);
        for cell in [c(0, 3), c(1, 0), c(1, 3)] {
            restrict(&mut g, cell, 0b111);
        }
        // Other cells lose 1 so that only these four carry both digits.
        for cell in Cell::ALL {
            if ![c(0, 0), c(0, 3), c(1, 0), c(1, 3)].contains(&cell) {
                g.eliminate(cell, crate::geometry::Digit::new(1).unwrap());
            }
        }
        assert!(unique_loop_possible(&g));
        // Breaking a corner (r2c4 without 2) leaves no loop.
        g.eliminate(c(1, 3), crate::geometry::Digit::new(2).unwrap());
        assert!(!unique_loop_possible(&g));
    }
}
