//! The random solved grid a puzzle is carved from.
//!
//! Two steps (docs/generator.md says how uniform the result is):
//! 1. A random-order backtracking fill: cells in row-major order, each taking a digit drawn
//!    uniformly among its untried candidates, going back a cell when one has none left. Every
//!    grid can come out (the draws can follow any grid all the way, and a grid never dead-ends),
//!    but not all equally often.
//! 2. A random validity-preserving transformation, uniform over the group of 2 x 6^8 x 9! maps:
//!    a digit relabelling, a band order, a row order in each band, a stack order, a column order
//!    in each stack, then a transposition or not. Grids equivalent under the group then come out
//!    equally often.

use super::rng::Rng;
use crate::geometry::{ones9, CELLS};

/// A solved grid: the value 1-9 of every cell, row-major.
pub(crate) type Grid = [u8; CELLS];

/// The row, column and box (0-8 each) of each cell (also for `removal`: a table load is
/// cheaper than the divisions by 9 and 3).
pub(super) static HOUSES_OF: [[u8; 3]; CELLS] = {
    let mut houses = [[0u8; 3]; CELLS];
    let mut cell = 0;
    while cell < CELLS {
        houses[cell] = [
            (cell / 9) as u8,
            (cell % 9) as u8,
            ((cell / 27) * 3 + (cell % 9) / 3) as u8,
        ];
        cell += 1;
    }
    houses
};

/// `NTH_SET_BIT[mask][k]`: the position of the `k`-th set bit (from 0, lowest first) of the
/// 9-bit `mask` (0 where `k` is not below the number of set bits). A table rather than a loop
/// of `k` steps, whose varying exit was one mispredicted branch per cell filled.
static NTH_SET_BIT: [[u8; 9]; 512] = {
    let mut table = [[0u8; 9]; 512];
    let mut mask = 0;
    while mask < 512 {
        let (mut bit, mut k) = (0, 0);
        while bit < 9 {
            if mask >> bit & 1 == 1 {
                table[mask][k] = bit as u8;
                k += 1;
            }
            bit += 1;
        }
        mask += 1;
    }
    table
};

/// Bit `k` of `mask`'s set bits, counting from the lowest (`mask` of 9 bits, `k` below the
/// number of set bits).
#[inline]
fn nth_set_bit(mask: u32, k: u32) -> u32 {
    NTH_SET_BIT[mask as usize & 0x1FF][k as usize % 9] as u32
}

/// Step 1: the random-order backtracking fill.
fn fill(rng: &mut Rng) -> Grid {
    let mut grid = [0u8; CELLS];
    // Digits used (bit d - 1) in each row, column and box.
    let (mut rows, mut cols, mut boxes) = ([0u32; 9], [0u32; 9], [0u32; 9]);
    // The candidates not yet tried at each cell of the current path.
    let mut untried = [0u32; CELLS];
    let houses = |cell: usize| {
        let [r, c, b] = HOUSES_OF[cell];
        (r as usize, c as usize, b as usize)
    };
    let mut cell = 0;
    untried[0] = 0x1FF;
    loop {
        let options = untried[cell];
        if options == 0 {
            // A dead end: undo the previous cell and try its next candidate.
            cell -= 1;
            let (r, c, b) = houses(cell);
            let bit = !(1u32 << (grid[cell] - 1));
            rows[r] &= bit;
            cols[c] &= bit;
            boxes[b] &= bit;
            continue;
        }
        let d = nth_set_bit(options, rng.below(ones9(options as u16)));
        untried[cell] = options & !(1 << d);
        grid[cell] = d as u8 + 1;
        let (r, c, b) = houses(cell);
        rows[r] |= 1 << d;
        cols[c] |= 1 << d;
        boxes[b] |= 1 << d;
        cell += 1;
        if cell == CELLS {
            return grid;
        }
        let (r, c, b) = houses(cell);
        untried[cell] = !(rows[r] | cols[c] | boxes[b]) & 0x1FF;
    }
}

/// A uniformly random order of 0..3, drawn as [`Rng::shuffle`] does.
fn order3(rng: &mut Rng) -> [usize; 3] {
    let mut order = [0, 1, 2];
    rng.shuffle(&mut order);
    order
}

/// Step 2: a uniformly random validity-preserving transformation of `grid`. Draws, in this
/// order: the digit relabelling (a shuffle of 1-9), the band order, the row order in bands 0, 1,
/// 2, the stack order, the column order in stacks 0, 1, 2, then one word whose lowest bit says
/// whether to transpose.
fn transform(grid: &Grid, rng: &mut Rng) -> Grid {
    let mut digits = [1u8, 2, 3, 4, 5, 6, 7, 8, 9];
    rng.shuffle(&mut digits);
    let mut lines = [[0usize; 9]; 2];
    for line in &mut lines {
        let blocks = order3(rng);
        let inner = [order3(rng), order3(rng), order3(rng)];
        for (i, l) in line.iter_mut().enumerate() {
            *l = 3 * blocks[i / 3] + inner[i / 3][i % 3];
        }
    }
    let [rows, cols] = lines;
    let transpose = rng.next_u32() & 1 == 1;
    let mut out = [0u8; CELLS];
    for r in 0..9 {
        for c in 0..9 {
            let value = digits[grid[9 * rows[r] + cols[c]] as usize - 1];
            let at = if transpose { 9 * c + r } else { 9 * r + c };
            out[at] = value;
        }
    }
    out
}

/// A random solved grid from `rng` (see the module docs).
pub(crate) fn random_grid(rng: &mut Rng) -> Grid {
    let grid = fill(rng);
    transform(&grid, rng)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn is_valid(grid: &Grid) -> bool {
        (0..9).all(|i| {
            let (mut row, mut col, mut bx) = (0u32, 0u32, 0u32);
            for j in 0..9 {
                row |= 1 << grid[9 * i + j];
                col |= 1 << grid[9 * j + i];
                bx |= 1 << grid[9 * (3 * (i / 3) + j / 3) + 3 * (i % 3) + j % 3];
            }
            row == 0x3FE && col == 0x3FE && bx == 0x3FE
        })
    }

    #[test]
    fn nth_set_bit_counts_from_the_lowest() {
        for mask in 0u32..512 {
            let bits: Vec<u32> = (0..9).filter(|b| mask >> b & 1 == 1).collect();
            for (k, &bit) in bits.iter().enumerate() {
                assert_eq!(nth_set_bit(mask, k as u32), bit);
            }
        }
    }

    #[test]
    fn random_grids_are_valid_and_differ() {
        let mut seen = std::collections::HashSet::new();
        for i in 0..200 {
            let grid = random_grid(&mut Rng::new(42, i));
            assert!(is_valid(&grid));
            seen.insert(grid);
        }
        assert_eq!(seen.len(), 200);
    }
}
