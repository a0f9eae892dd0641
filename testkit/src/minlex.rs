//! The reference canonicalizer: the minlex form by brute force, and random transformations.
//!
//! Written from the definition, sharing nothing with the library's search: every one of the
//! 2 × 6^8 cell permutations (transposition, band order, row order in each band, stack order,
//! column order in each stack) is tried, each image relabelled in order of first appearance
//! (for a fixed cell permutation that is the smallest relabelling, since the first occurrence
//! of each digit gets the smallest label still free), and the smallest string kept, blanks
//! counting as 0. The only shortcut is stopping an image at its first cell greater than the
//! best so far, which cannot change the minimum. About 0.1-1 s a board in a release build.

use crate::board::{Grid, CELLS};

/// The six orders of three things.
const ORDERS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// Every permutation of 0-8 that keeps bands (or stacks) whole: 6^4 = 1296 of them.
pub fn chute_permutations() -> Vec<[usize; 9]> {
    let mut all = Vec::with_capacity(1296);
    for bands in ORDERS {
        for a in ORDERS {
            for b in ORDERS {
                for c in ORDERS {
                    let inner = [a, b, c];
                    let mut p = [0; 9];
                    for (slot, &band) in bands.iter().enumerate() {
                        for i in 0..3 {
                            p[3 * slot + i] = 3 * band + inner[slot][i];
                        }
                    }
                    all.push(p);
                }
            }
        }
    }
    all
}

/// A transformation as the tests write it: output cell (r, c) holds
/// `digits[source[rows[r]][columns[c]]]`, `source` being the board or, with `transpose`, its
/// transpose; `digits[0] == 0`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RefTransform {
    /// Transpose the board first.
    pub transpose: bool,
    /// Source row of each output row.
    pub rows: [usize; 9],
    /// Source column of each output column.
    pub columns: [usize; 9],
    /// New value of each digit (index 0: blank, stays 0).
    pub digits: [u8; 10],
}

impl RefTransform {
    /// The image of `board`.
    pub fn apply(&self, board: &Grid) -> Grid {
        let mut out = [0u8; CELLS];
        for r in 0..9 {
            for c in 0..9 {
                let (i, j) = (self.rows[r], self.columns[c]);
                let v = if self.transpose {
                    board[j * 9 + i]
                } else {
                    board[i * 9 + j]
                };
                out[r * 9 + c] = self.digits[v as usize];
            }
        }
        out
    }

    /// The image of a candidate puzzle's masks (digit `d` is bit `d - 1`): for each digit, the
    /// board of the cells holding it as a candidate is moved by [`RefTransform::apply`], and
    /// the cells where the moved board holds the digit's new label get that label's bit.
    pub fn apply_masks(&self, masks: &[u16; CELLS]) -> [u16; CELLS] {
        let mut out = [0u16; CELLS];
        for d in 1..=9u8 {
            let plane: Grid = masks.map(|m| if m >> (d - 1) & 1 == 1 { d } else { 0 });
            for (o, v) in out.iter_mut().zip(self.apply(&plane)) {
                if v != 0 {
                    *o |= 1 << (v - 1);
                }
            }
        }
        out
    }

    /// A random transformation; `below(n)` must return a random number in `0..n`.
    pub fn random(below: &mut dyn FnMut(usize) -> usize) -> RefTransform {
        let chute = |below: &mut dyn FnMut(usize) -> usize| {
            let bands = ORDERS[below(6)];
            let mut p = [0; 9];
            for (slot, &band) in bands.iter().enumerate() {
                let inner = ORDERS[below(6)];
                for i in 0..3 {
                    p[3 * slot + i] = 3 * band + inner[i];
                }
            }
            p
        };
        let rows = chute(below);
        let columns = chute(below);
        let mut digits = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
        for i in (2..10).rev() {
            digits.swap(i, 1 + below(i));
        }
        RefTransform {
            transpose: below(2) == 1,
            rows,
            columns,
            digits,
        }
    }
}

/// The minlex form of `board` (cell values, 0 blank), by trying every cell permutation.
pub fn reference_minlex(board: &Grid) -> Grid {
    let perms = chute_permutations();
    let transposed: Grid = std::array::from_fn(|i| board[(i % 9) * 9 + i / 9]);
    let mut best = [10u8; CELLS];
    for source in [board, &transposed] {
        for rows in &perms {
            // The rows in their new order, so the inner loop only permutes columns.
            let mut permuted = [0u8; CELLS];
            for r in 0..9 {
                permuted[r * 9..r * 9 + 9].copy_from_slice(&source[rows[r] * 9..rows[r] * 9 + 9]);
            }
            for columns in &perms {
                image_if_smaller(&permuted, columns, &mut best);
            }
        }
    }
    best
}

/// Relabels `grid` with its columns in the order `columns`, cell by cell, and replaces `best`
/// when the image is smaller (stopping at the first cell where it is larger).
fn image_if_smaller(grid: &Grid, columns: &[usize; 9], best: &mut Grid) {
    let mut label = [0u8; 10];
    let mut next = 1;
    let mut smaller = false;
    for cell in 0..CELLS {
        let v = grid[(cell / 9) * 9 + columns[cell % 9]] as usize;
        let value = if v == 0 {
            0
        } else {
            if label[v] == 0 {
                label[v] = next;
                next += 1;
            }
            label[v]
        };
        if !smaller {
            if value > best[cell] {
                return;
            }
            smaller = value < best[cell];
        }
        if smaller {
            best[cell] = value;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn there_are_1296_distinct_chute_permutations() {
        let perms = chute_permutations();
        let set: std::collections::HashSet<_> = perms.iter().collect();
        assert_eq!(set.len(), 1296);
    }

    #[test]
    fn the_empty_board_and_one_given() {
        assert_eq!(reference_minlex(&[0; CELLS]), [0; CELLS]);
        let mut one = [0u8; CELLS];
        one[40] = 7;
        let mut expected = [0u8; CELLS];
        expected[CELLS - 1] = 1;
        assert_eq!(reference_minlex(&one), expected);
    }

    #[test]
    fn the_form_is_the_same_for_random_images() {
        let mut state = 12345u64;
        let mut below = |n: usize| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((state >> 33) % n as u64) as usize
        };
        let mut board = crate::reference::random_solved_grid(&mut below);
        for (cell, v) in board.iter_mut().enumerate() {
            if cell % 4 != 0 {
                *v = 0;
            }
        }
        let form = reference_minlex(&board);
        let t = RefTransform::random(&mut below);
        assert_eq!(reference_minlex(&t.apply(&board)), form);
    }
}
