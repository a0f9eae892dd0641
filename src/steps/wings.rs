//! XY-Wing and XYZ-Wing.
//!
//! Rules as in Sudoku Explainer 1.2.1 (`diuf/sudoku/solver/rules/XYWing.java`,
//! `XYWingHint.java`): pivots row-major with two candidates (XY-Wing) or three (XYZ-Wing); for
//! each pivot, the first pincer `xz` and then the second `yz` among the pivot's peers in SE's
//! order (its box row-major, then the rest of its row, then the rest of its column), each
//! bivalue. XY-Wing: pivot `{x,y}` and pincers with three digits between them and none common to
//! all three, the pivot sharing exactly one digit with `xz`. XYZ-Wing: pivot `{x,y,z}`, pincers
//! inside it, `z` common to all three. `z` (the pincers' common digit) leaves every cell that
//! sees both pincers (and the pivot, for XYZ), other than the three.

use super::grid::{ones9, Grid};
use super::step::{HouseSet, Step, Technique};
use super::subsets::digits;
use crate::geometry::{Cell, CellSet, Digit};

/// A cell's 20 peers in SE's order (`Cell.getHouseCells`): box, then row, then column.
pub(crate) fn peers_in_se_order(cell: Cell) -> [Cell; 20] {
    SE_PEERS[cell.index()]
}

/// Each cell's peers in SE's order, made at compile time: its box row-major (but the cell),
/// then the rest of its row, then the rest of its column (the cells outside the box).
const SE_PEERS: [[Cell; 20]; 81] = {
    /// The `k`-th cell (0-8) of cell `i`'s box (`kind` 0), row (1) or column (2).
    const fn member(kind: usize, i: usize, k: usize) -> usize {
        let (r, c) = (i / 9, i % 9);
        match kind {
            0 => (r / 3 * 3 + k / 3) * 9 + c / 3 * 3 + k % 3,
            1 => r * 9 + k,
            _ => k * 9 + c,
        }
    }
    /// The box (0-8) of cell `i`.
    const fn box_of(i: usize) -> usize {
        i / 27 * 3 + i % 9 / 3
    }
    let mut out = [[Cell::ALL[0]; 20]; 81];
    let mut i = 0;
    while i < 81 {
        let mut n = 0;
        let mut kind = 0;
        while kind < 3 {
            let mut k = 0;
            while k < 9 {
                let j = member(kind, i, k);
                // The row's and column's cells in the box came with the box.
                if j != i && (kind == 0 || box_of(j) != box_of(i)) {
                    out[i][n] = Cell::ALL[j];
                    n += 1;
                }
                k += 1;
            }
            kind += 1;
        }
        assert!(n == 20);
        i += 1;
    }
    out
};

/// The first XY-Wing (or, with `xyz`, XYZ-Wing) in SE's order that removes something.
pub fn xy_wing(grid: &Grid, xyz: bool) -> Option<Step> {
    xy_wing_touching(grid, xyz, CellSet::ALL)
}

/// As [`xy_wing`], but only among the wings with a cell (pivot or pincer) in `changed`: the
/// first of them in SE's order that removes something. Where `grid` is a grid with no wing
/// less some candidates and `changed` its cells that lost some, that is [`xy_wing`]'s step: a
/// wing whose three cells kept their candidates was a wing before, removing then all it
/// removes now.
pub fn xy_wing_touching(grid: &Grid, xyz: bool, changed: CellSet) -> Option<Step> {
    let size = if xyz { 3 } else { 2 };
    // The pivots and the pincers, counted for all cells at once: baseline x86-64 counts bits in
    // software, and these loops run at every position past the subsets.
    let pivots = grid.cells_with_candidate_count(size, size);
    let bivalue = grid.cells_with_candidate_count(2, 2);
    for pivot in pivots.iter() {
        let xy = grid.candidates(pivot);
        let pivot_changed = changed.contains(pivot);
        if !pivot_changed && changed.intersection(pivot.peer_set()).is_empty() {
            continue;
        }
        // The bivalue peers, in SE's order: the only possible pincers.
        let mut pincers = [pivot; 20];
        let mut n = 0;
        for &peer in &peers_in_se_order(pivot) {
            if bivalue.contains(peer) {
                pincers[n] = peer;
                n += 1;
            }
        }
        let pincers = &pincers[..n];
        for &xz_cell in pincers {
            let xz = grid.candidates(xz_cell);
            if ones9(xy & !xz) != 1 {
                continue;
            }
            for &yz_cell in pincers {
                let yz = grid.candidates(yz_cell);
                if !pivot_changed && !changed.contains(xz_cell) && !changed.contains(yz_cell) {
                    continue;
                }
                let union = ones9(xy | xz | yz);
                let common = ones9(xy & xz & yz);
                if union != 3 || common != if xyz { 1 } else { 0 } {
                    continue;
                }
                let z_mask = xz & yz;
                let z = Digit::from_index(z_mask.trailing_zeros() as usize).expect("a digit");
                let mut victims = xz_cell.peer_set().intersection(yz_cell.peer_set());
                if xyz {
                    victims = victims.intersection(pivot.peer_set());
                }
                let pattern = CellSet::EMPTY.with(pivot).with(xz_cell).with(yz_cell);
                victims = victims.difference(pattern);
                let mut step = Step::new(if xyz {
                    Technique::XYZWing
                } else {
                    Technique::XYWing
                });
                for cell in victims.iter() {
                    if grid.candidates(cell) >> z.index() & 1 != 0 {
                        step.eliminations.add(cell, z);
                    }
                }
                if step.eliminations.is_empty() {
                    continue;
                }
                step.cells = pattern;
                step.houses = HouseSet::default();
                step.digits = xy | xz | yz;
                debug_assert!(digits(step.digits).count() == 3);
                return Some(step);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::steps::grid::cell;
    use crate::steps::grid::with_candidates;

    #[test]
    fn peers_in_se_order_are_box_row_then_column() {
        for cell in Cell::ALL {
            let [row, column, square] = cell.houses();
            let mut want = Vec::new();
            for house in [square, row, column] {
                for c in house.cells() {
                    if c != cell && !want.contains(&c) {
                        want.push(c);
                    }
                }
            }
            assert_eq!(peers_in_se_order(cell).to_vec(), want, "{cell:?}");
        }
    }

    #[test]
    fn xy_wing_removes_z_from_cells_seeing_both_pincers() {
        // Pivot r1c1 {1,2}, pincers r1c5 {1,3} (row) and r5c1 {2,3} (column): 3 leaves r5c5.
        let g = with_candidates(&[
            (cell(0, 0), &[1, 2]),
            (cell(0, 4), &[1, 3]),
            (cell(4, 0), &[2, 3]),
        ]);
        let s = xy_wing(&g, false).unwrap();
        assert_eq!(s.technique, Technique::XYWing);
        assert_eq!(s.rating(), 42);
        assert_eq!(
            s.eliminations.iter().collect::<Vec<_>>(),
            vec![(cell(4, 4), Digit::new(3).unwrap())]
        );
        assert_eq!(
            s.cells,
            CellSet::EMPTY
                .with(cell(0, 0))
                .with(cell(0, 4))
                .with(cell(4, 0))
        );
    }

    #[test]
    fn xyz_wing_removes_z_from_cells_seeing_all_three() {
        // Pivot r1c1 {1,2,3}, pincers r2c2 {1,3} (box) and r1c6 {2,3} (row): 3 leaves r1c2 and
        // r1c3 (in the box and the row); r2c2 is a pincer.
        let g = with_candidates(&[
            (cell(0, 0), &[1, 2, 3]),
            (cell(1, 1), &[1, 3]),
            (cell(0, 5), &[2, 3]),
        ]);
        let s = xy_wing(&g, true).unwrap();
        assert_eq!(s.technique, Technique::XYZWing);
        assert_eq!(s.rating(), 44);
        let three = Digit::new(3).unwrap();
        assert_eq!(
            s.eliminations.iter().collect::<Vec<_>>(),
            vec![(cell(0, 1), three), (cell(0, 2), three)]
        );
        assert!(xy_wing(&g, false).is_none());
    }
}
