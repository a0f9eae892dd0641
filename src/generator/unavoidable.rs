//! Unavoidable sets of a solved grid, found directly in it, for the generator's removal loop
//! (`removal`): a removal that would leave one without a given is refused without a search.

use super::grid::Grid;
use super::mask::cells;
use crate::geometry::CELLS;

/// The most unavoidable sets kept for a grid.
const MAX_UNAVOIDABLE: usize = 64;

/// The largest unavoidable set kept (larger ones are seldom left without a given).
const MAX_SET: u32 = 12;

/// `COLUMN_0_CELLS[positions]`: the cells of column 0 at the rows of `positions` (bit `k` for
/// row `k`), a table rather than a loop over the positions.
static COLUMN_0_CELLS: [u128; 512] = {
    let mut cells = [0u128; 512];
    let mut positions = 0;
    while positions < 512 {
        let mut k = 0;
        while k < 9 {
            if positions >> k & 1 == 1 {
                cells[positions] |= 1u128 << (9 * k);
            }
            k += 1;
        }
        positions += 1;
    }
    cells
};

/// The cells at positions `positions` (bit `k`) of row `l` (`t` = 0) or column `l` (`t` = 1).
#[inline]
fn line_cells(t: usize, l: usize, positions: u32) -> u128 {
    if t == 0 {
        (positions as u128) << (9 * l)
    } else {
        COLUMN_0_CELLS[positions as usize & 0x1FF] << l
    }
}

/// Unavoidable sets of a grid: sets of cells that every puzzle with the grid as its only
/// solution must hold a given in (a puzzle with none of them given has another solution: the
/// grid with the set's digits moved). Found directly in the grid, three families, each a way
/// to rearrange the digits of a band (rows) or a stack (columns) inside its columns (rows) so
/// that each line, column and box keeps its digits:
/// - two lines: the digits of one line map to the other's positions, and each cycle of that
///   permutation is a set of positions where the two lines can swap their digits (cycles of up
///   to [`MAX_SET`] cells are kept);
/// - three lines, two positions: two positions in different boxes holding the same three
///   digits, in no line the same one, can rotate them (6 cells);
/// - three lines, two digits: two digits at the same three positions can swap there (6 cells).
///
/// The two 6-cell families are the smallest of the band's other rearrangements; with them
/// 10.9 of the 24.4 givens a minimal puzzle keeps are refused without a search (9.6 with the
/// first family alone; 11.7 with every band rearrangement of up to 12 cells). Sets of two digits
/// across the grid (the groups of their cells closed under sharing a house) would refuse 12.6
/// with the first two families, but cost several times what they save to find
/// (docs/generator.md).
pub(super) struct Unavoidable {
    sets: [u128; MAX_UNAVOIDABLE],
    /// Bit `k` of `member[cell]`: `cell` is in `sets[k]`.
    member: [u64; CELLS],
    /// Sets in `sets`.
    len: usize,
}

impl Unavoidable {
    pub(super) fn of(grid: &Grid) -> Unavoidable {
        let mut found = Unavoidable {
            sets: [0; MAX_UNAVOIDABLE],
            member: [0; CELLS],
            len: 0,
        };
        // `line[t][l][k]`: the digit at position `k` of line `l`, rows (t = 0) or columns (1);
        // `position[t][l][d]`: the position of digit `d` in line `l`.
        let mut line = [[[0u8; 9]; 9]; 2];
        let mut position = [[[0u8; 10]; 9]; 2];
        for (cell, &d) in grid.iter().enumerate() {
            let (r, c) = (cell / 9, cell % 9);
            line[0][r][c] = d;
            line[1][c][r] = d;
            position[0][r][d as usize] = c as u8;
            position[1][c][d as usize] = r as u8;
        }
        for (t, (lines, positions)) in line.iter().zip(&position).enumerate() {
            for (first, in_first) in positions.iter().enumerate() {
                for second in first + 1..(first / 3 + 1) * 3 {
                    // Each cycle of the permutation taking position k of `second` to the
                    // position in `first` of the same digit, as a 9-bit set of positions.
                    let mut seen = 0u32;
                    while seen != 0x1FF {
                        let mut k = (!seen).trailing_zeros() as usize;
                        let mut cycle = 0u32;
                        while cycle >> k & 1 == 0 {
                            cycle |= 1 << k;
                            k = in_first[lines[second][k] as usize] as usize;
                        }
                        seen |= cycle;
                        if 2 * cycle.count_ones() <= MAX_SET {
                            found.add(line_cells(t, first, cycle) | line_cells(t, second, cycle));
                        }
                    }
                }
            }
            for band in 0..3 {
                found.add_three_line_sets(t, 3 * band, lines, positions);
            }
        }
        found
    }

    /// The 6-cell sets of the three lines from `l` of rows (`t` = 0) or columns (`t` = 1), given
    /// each line's digits (`lines[l][k]`, position `k`) and positions (`positions[l][d]`).
    fn add_three_line_sets(
        &mut self,
        t: usize,
        l: usize,
        lines: &[[u8; 9]; 9],
        positions: &[[u8; 10]; 9],
    ) {
        let three =
            |at: u32| line_cells(t, l, at) | line_cells(t, l + 1, at) | line_cells(t, l + 2, at);
        // Two positions of different boxes holding the same three digits, in no line the same
        // digit at both (else the other two lines swap two digits: a 4-cell set of the first
        // family): the positions can trade their digits.
        let digits_at = |k: usize| (0..3).fold(0u16, |acc, r| acc | 1 << lines[l + r][k]);
        let sets: [u16; 9] = core::array::from_fn(digits_at);
        for k1 in 0..6 {
            for k2 in (k1 / 3 + 1) * 3..9 {
                if sets[k1] == sets[k2] && (0..3).all(|r| lines[l + r][k1] != lines[l + r][k2]) {
                    self.add(three(1 << k1 | 1 << k2));
                }
            }
        }
        // Two digits at the same three positions (one in each box): swapped on their six cells,
        // every line, position and box still holds both.
        let places_of = |d: usize| (0..3).fold(0u16, |acc, r| acc | 1 << positions[l + r][d]);
        let places: [u16; 10] = core::array::from_fn(places_of);
        for d1 in 1..9 {
            for d2 in d1 + 1..10 {
                if places[d1] == places[d2] {
                    let cells = (0..3).fold(0, |acc, r| {
                        let pair = 1 << positions[l + r][d1] | 1 << positions[l + r][d2];
                        acc | line_cells(t, l + r, pair)
                    });
                    self.add(cells);
                }
            }
        }
    }

    /// Adds `set`, unless the table is full.
    #[inline]
    fn add(&mut self, set: u128) {
        if self.len < MAX_UNAVOIDABLE {
            self.sets[self.len] = set;
            for cell in cells(set) {
                self.member[cell] |= 1u64 << self.len;
            }
            self.len += 1;
        }
    }

    /// Whether a set that meets `cells_out` has no cell in `givens` (the givens left).
    #[inline]
    pub(super) fn any_empty(&self, givens: u128, cells_out: u128) -> bool {
        let mut candidates = cells(cells_out).fold(0u64, |acc, cell| acc | self.member[cell]);
        while candidates != 0 {
            let k = candidates.trailing_zeros() as usize;
            candidates &= candidates - 1;
            if self.sets[k] & givens == 0 {
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::generator::grid::random_grid;
    use crate::generator::rng::Rng;

    /// The cell of position `k` of line `l`: row `l` (not `transposed`) or column `l`.
    fn cell(l: usize, k: usize, transposed: bool) -> usize {
        if transposed {
            9 * k + l
        } else {
            9 * l + k
        }
    }

    /// By brute force, independently of [`Unavoidable::of`]: the cells changed by each way of
    /// reordering the digits of the three lines from `l` inside each position (six orders a
    /// position) so that every line keeps its nine digits, the grid itself left out.
    fn rearrangements(grid: &Grid, l: usize, transposed: bool) -> Vec<u128> {
        const ORDERS: [[usize; 3]; 6] = [
            [0, 1, 2],
            [0, 2, 1],
            [1, 0, 2],
            [1, 2, 0],
            [2, 0, 1],
            [2, 1, 0],
        ];
        fn walk(
            grid: &Grid,
            l: usize,
            t: bool,
            k: usize,
            lines: [u16; 3],
            changed: u128,
            out: &mut Vec<u128>,
        ) {
            if k == 9 {
                if changed != 0 {
                    out.push(changed);
                }
                return;
            }
            for order in ORDERS {
                let mut next = lines;
                let mut more = changed;
                let mut fits = true;
                for (r, &from) in order.iter().enumerate() {
                    let digit = grid[cell(l + from, k, t)];
                    fits &= next[r] >> digit & 1 == 0;
                    next[r] |= 1 << digit;
                    if from != r {
                        more |= 1u128 << cell(l + r, k, t);
                    }
                }
                if fits {
                    walk(grid, l, t, k + 1, next, more, out);
                }
            }
        }
        let mut out = Vec::new();
        walk(grid, l, transposed, 0, [0; 3], 0, &mut out);
        out
    }

    #[test]
    fn unavoidable_sets_hold_every_small_band_rearrangement_and_are_unavoidable() {
        let (mut six_cell_three_line, mut checked) = (0, 0);
        for i in 0..300 {
            let grid = random_grid(&mut Rng::new(11, i));
            let found = Unavoidable::of(&grid);
            let table = &found.sets[..found.len];
            assert!(found.len < MAX_UNAVOIDABLE, "grid {i}: table full");
            for (k, &set) in table.iter().enumerate() {
                // The solver, not the families' reasoning, says the set is unavoidable.
                let mut digits = grid;
                for cell in cells(set) {
                    digits[cell] = 0;
                }
                let board = Board::from_digits(&digits).unwrap();
                assert_eq!(
                    crate::solver::count_solutions(&board, 2),
                    2,
                    "grid {i}, set {set:x}"
                );
                for cell in 0..CELLS {
                    assert_eq!(found.member[cell] >> k & 1 == 1, set >> cell & 1 == 1);
                }
            }
            // Every minimal rearrangement of up to 6 cells is in the table (larger ones of two
            // lines up to MAX_SET as well).
            for transposed in [false, true] {
                for l in [0, 3, 6] {
                    let all = rearrangements(&grid, l, transposed);
                    for &set in &all {
                        let minimal = all.iter().all(|&other| other == set || other & !set != 0);
                        let lines = (0..3).filter(|&r| {
                            (0..9).any(|k| set >> cell(l + r, k, transposed) & 1 == 1)
                        });
                        let two_lines = lines.count() == 2;
                        let size = set.count_ones();
                        if minimal && (size <= 6 || two_lines && size <= MAX_SET) {
                            assert!(table.contains(&set), "grid {i}: {set:x} missing");
                            checked += 1;
                            six_cell_three_line += usize::from(!two_lines);
                        }
                    }
                }
            }
        }
        // About 5.5 six-cell sets of three lines a grid (a Python count of 200 grids).
        assert!(
            six_cell_three_line > 300 * 4,
            "{six_cell_three_line} of {checked}"
        );
    }
}
