//! A screen for Sudoku Explainer's unique rectangles and loops (ER 4.5 and up), which this
//! engine does not apply: it tells whether SE's `UniqueLoops` search could find anything.
//!
//! SE (1.2.1, `diuf/sudoku/solver/rules/unique/UniqueLoops.java`) looks for loops of 4 or more
//! cells starting from a bivalue cell `{a, b}`, each cell holding both `a` and `b`, each move
//! along a house of another kind than the previous move's, such that every house the loop's
//! cells occupy is met once by a cell at an even position and once by one at an odd position.
//! SE extends a loop to a cell with extra candidates (besides `a` and `b`) only while at most two
//! such cells are on it, or when all extra candidates met are one digit (its type 2); SE's own
//! bookkeeping of those extra digits also counts digits of cells it tried before on the same
//! level, which only makes it refuse more. The screen applies the same limits to the extra
//! digits of the path alone, so it accepts every loop SE accepts (and perhaps more); it counts a
//! loop with at least one extra cell (SE's types 1-4 need one) as a possible step, whether or
//! not that step would remove anything. So when it finds none, no uniqueness step can come
//! before a naked quad. It gives up and answers "possible" after a fixed amount of search.
//!
//! Before searching, cells are pruned by a necessary condition: a loop cell meets each of its
//! three houses again at a cell of the other parity, so every loop cell has, in each of its
//! houses, another cell holding both digits that is itself kept. The search then walks the kept
//! cells only.

use super::grid::Grid;
use crate::geometry::{Cell, CellSet, HouseKind};

/// Nodes visited before the screen gives up (and answers that a loop is possible).
const BUDGET: u32 = 5_000;

/// True when SE could find a unique rectangle or loop in `grid` (or the search gave up); false
/// only when it certainly cannot.
pub fn unique_loop_possible(grid: &Grid) -> bool {
    let mut budget = BUDGET;
    for start in Cell::ALL {
        let m = grid.candidates(start);
        if m.count_ones() != 2 {
            continue;
        }
        let kept = loop_cells(grid, m);
        if !kept.contains(start) {
            continue;
        }
        let mut path = [start; 81];
        let mut walk = Walk {
            grid,
            pair: m,
            kept,
            budget: &mut budget,
        };
        if walk.search(&mut path, 1, None, 2, 0) {
            return true;
        }
    }
    false
}

/// The cells holding both digits of `pair` that survive the pruning (see the module notes).
fn loop_cells(grid: &Grid, pair: u16) -> CellSet {
    let mut kept = CellSet::EMPTY;
    for cell in Cell::ALL {
        if grid.candidates(cell) & pair == pair {
            kept = kept.with(cell);
        }
    }
    loop {
        let mut next = kept;
        for cell in kept.iter() {
            let alone = cell
                .houses()
                .iter()
                .any(|h| h.cell_set().intersection(kept).len() < 2);
            if alone {
                next = next.difference(CellSet::EMPTY.with(cell));
            }
        }
        if next == kept {
            return kept;
        }
        kept = next;
    }
}

/// The state of one loop search from a start cell.
struct Walk<'a> {
    grid: &'a Grid,
    /// The loop's two digits.
    pair: u16,
    /// The cells a loop may use.
    kept: CellSet,
    /// Nodes left before giving up.
    budget: &'a mut u32,
}

impl Walk<'_> {
    /// Extends `path[..len]`, whose last cell was reached along a house of kind `last`, with
    /// `allowed` more cells with extra candidates allowed and `extra` the extra digits met so
    /// far; true when a valid closed loop with an extra cell is found or the budget runs out.
    fn search(
        &mut self,
        path: &mut [Cell; 81],
        len: usize,
        last: Option<HouseKind>,
        allowed: u32,
        extra: u16,
    ) -> bool {
        if *self.budget == 0 {
            return true;
        }
        *self.budget -= 1;
        let cell = path[len - 1];
        let [row, column, square] = cell.houses();
        for (kind, house) in [
            (HouseKind::Box, square),
            (HouseKind::Row, row),
            (HouseKind::Column, column),
        ] {
            if Some(kind) == last {
                continue;
            }
            for next in house.cells() {
                if next == path[0] && len >= 4 {
                    let has_extra = path[..len]
                        .iter()
                        .any(|&c| self.grid.candidates(c).count_ones() > 2);
                    if has_extra && is_valid_loop(&path[..len]) {
                        return true;
                    }
                } else if self.kept.contains(next) && !path[..len].contains(&next) {
                    let m = self.grid.candidates(next);
                    let more = extra | (m & !self.pair);
                    let wide = m.count_ones() > 2;
                    if !wide || more.count_ones() == 1 || allowed > 0 {
                        path[len] = next;
                        let left = if wide {
                            allowed.saturating_sub(1)
                        } else {
                            allowed
                        };
                        if self.search(path, len + 1, Some(kind), left, more) {
                            return true;
                        }
                    }
                }
            }
        }
        false
    }
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
