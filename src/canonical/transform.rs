//! The validity-preserving transformations of a Sudoku board: optional transposition, then a
//! permutation of the rows that keeps bands together (bands permuted, rows permuted within each
//! band), the same for columns and stacks, then a relabelling of the digits. There are
//! 2 × 6^8 cell permutations and 9! relabellings; each maps a valid board to a valid board with
//! as many solutions.

use crate::geometry::CELLS;

/// One transformation of the board.
///
/// Applied to a board `input` it gives `output` with, for every row `r` and column `c` (0-8),
/// `output[r][c] = digits[source[rows[r]][columns[c]]]`, where `source` is `input` itself, or
/// its transpose (`source[i][j] = input[j][i]`) when `transpose` is true. A blank stays blank
/// (`digits[0]` is 0).
///
/// A transformation is valid when `rows` and `columns` are each a permutation of 0-8 that keeps
/// bands (stacks) whole: the three entries `3b`, `3b + 1`, `3b + 2` lie in one band (stack) of
/// the source, different for each `b`; and `digits[0] == 0` with `digits[1..=9]` a permutation
/// of 1-9. Valid transformations form a group: see [`Transform::inverse`] and
/// [`Transform::then`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Transform {
    /// Transpose the board (rows become columns) before permuting.
    pub transpose: bool,
    /// `rows[r]`: the source row (0-8) that becomes row `r`.
    pub rows: [u8; 9],
    /// `columns[c]`: the source column (0-8) that becomes column `c`.
    pub columns: [u8; 9],
    /// `digits[d]`: the digit that `d` becomes (`digits[0] == 0`: blanks stay blank).
    pub digits: [u8; 10],
}

/// Why a [`Transform`] is not valid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum TransformError {
    /// `rows` is not a permutation of 0-8 keeping bands whole.
    Rows,
    /// `columns` is not a permutation of 0-8 keeping stacks whole.
    Columns,
    /// `digits[0]` is not 0, or `digits[1..=9]` is not a permutation of 1-9.
    Digits,
}

impl Transform {
    /// The transformation that changes nothing.
    pub const IDENTITY: Transform = Transform {
        transpose: false,
        rows: [0, 1, 2, 3, 4, 5, 6, 7, 8],
        columns: [0, 1, 2, 3, 4, 5, 6, 7, 8],
        digits: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
    };

    /// Checks the transformation (see [`Transform`] for what valid means), naming the first
    /// faulty part in the order rows, columns, digits.
    pub fn check(&self) -> Result<(), TransformError> {
        if !keeps_chutes(&self.rows) {
            return Err(TransformError::Rows);
        }
        if !keeps_chutes(&self.columns) {
            return Err(TransformError::Columns);
        }
        let mut seen = 0u16;
        for &d in &self.digits[1..] {
            if !(1..=9).contains(&d) {
                return Err(TransformError::Digits);
            }
            seen |= 1 << d;
        }
        if self.digits[0] != 0 || seen != 0x3FE {
            return Err(TransformError::Digits);
        }
        Ok(())
    }

    /// Applies the transformation to a board of cell values (row-major, 0 for a blank, 1-9 for
    /// a digit). The transformation must be valid ([`Transform::check`]); a cell value above 9
    /// panics.
    pub fn apply(&self, input: &[u8; CELLS]) -> [u8; CELLS] {
        std::array::from_fn(|cell| self.digits[input[self.source(cell)] as usize])
    }

    /// Applies the transformation to a candidate puzzle's 81 masks (row-major; digit `d` is
    /// bit `d - 1`): each cell's mask moves as a cell value does in [`Transform::apply`], and
    /// its digit `d` becomes `digits[d]`. Bits above bit 8 are dropped. The transformation must
    /// be valid ([`Transform::check`]).
    pub fn apply_masks(&self, input: &[u16; CELLS]) -> [u16; CELLS] {
        std::array::from_fn(|cell| {
            let mask = input[self.source(cell)];
            (1..=9).fold(0, |image, d| {
                if mask >> (d - 1) & 1 == 1 {
                    image | 1 << (self.digits[d] - 1)
                } else {
                    image
                }
            })
        })
    }

    /// The cell of the input whose content goes to `cell` (0-80) of the output.
    fn source(&self, cell: usize) -> usize {
        let (i, j) = (
            self.rows[cell / 9] as usize,
            self.columns[cell % 9] as usize,
        );
        if self.transpose {
            j * 9 + i
        } else {
            i * 9 + j
        }
    }

    /// The transformation that undoes this one: `t.inverse().apply(&t.apply(b)) == b`. The
    /// transformation must be valid.
    ///
    /// Without transposition the row, column and digit permutations are each inverted. With
    /// it, permuting and then transposing is transposing and then permuting with the roles of
    /// rows and columns swapped, so the inverse's rows invert `columns` and its columns invert
    /// `rows`.
    pub fn inverse(&self) -> Transform {
        let invert = |p: &[u8; 9]| {
            let mut q = [0u8; 9];
            for (k, &v) in p.iter().enumerate() {
                q[v as usize] = k as u8;
            }
            q
        };
        let mut digits = [0u8; 10];
        for (d, &v) in self.digits.iter().enumerate() {
            digits[v as usize] = d as u8;
        }
        let (rows, columns) = if self.transpose {
            (invert(&self.columns), invert(&self.rows))
        } else {
            (invert(&self.rows), invert(&self.columns))
        };
        Transform {
            transpose: self.transpose,
            rows,
            columns,
            digits,
        }
    }

    /// The transformation that applies `self`, then `next`: `self.then(&next).apply(b) ==
    /// next.apply(&self.apply(b))`. Both must be valid.
    pub fn then(&self, next: &Transform) -> Transform {
        // next reads cell (next.rows[r], next.columns[c]) of self's output, transposed when
        // next.transpose; self's output at (i, j) reads (self.rows[i], self.columns[j]) of its
        // (possibly transposed) input. A transposition in next swaps which of self's
        // permutations the output's rows and columns pass through.
        let (rows, columns) = if next.transpose {
            (
                next.rows.map(|i| self.columns[i as usize]),
                next.columns.map(|j| self.rows[j as usize]),
            )
        } else {
            (
                next.rows.map(|i| self.rows[i as usize]),
                next.columns.map(|j| self.columns[j as usize]),
            )
        };
        Transform {
            transpose: self.transpose != next.transpose,
            rows,
            columns,
            digits: self.digits.map(|d| next.digits[d as usize]),
        }
    }
}

/// Whether `p` is a permutation of 0-8 whose triples `3b..3b + 3` each lie in one band (or
/// stack), a different one for each triple.
fn keeps_chutes(p: &[u8; 9]) -> bool {
    let mut seen = 0u16;
    for (k, &v) in p.iter().enumerate() {
        if v > 8 || v / 3 != p[k - k % 3] / 3 {
            return false;
        }
        seen |= 1 << v;
    }
    seen == 0x1FF
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Transform {
        Transform {
            transpose: true,
            rows: [4, 3, 5, 8, 6, 7, 1, 0, 2],
            columns: [2, 0, 1, 3, 5, 4, 7, 8, 6],
            digits: [0, 3, 1, 2, 9, 8, 7, 4, 5, 6],
        }
    }

    fn board() -> [u8; CELLS] {
        std::array::from_fn(|i| ((i * 7 + i / 9) % 10) as u8)
    }

    #[test]
    fn checks_name_the_faulty_part() {
        assert_eq!(Transform::IDENTITY.check(), Ok(()));
        assert_eq!(sample().check(), Ok(()));
        let mut t = sample();
        t.rows = [0, 1, 3, 2, 4, 5, 6, 7, 8];
        assert_eq!(t.check(), Err(TransformError::Rows));
        t = sample();
        t.columns[8] = 9;
        assert_eq!(t.check(), Err(TransformError::Columns));
        t = sample();
        t.columns = [0, 1, 2, 0, 1, 2, 6, 7, 8];
        assert_eq!(t.check(), Err(TransformError::Columns));
        t = sample();
        t.digits[0] = 1;
        assert_eq!(t.check(), Err(TransformError::Digits));
        t = sample();
        t.digits[4] = 3;
        assert_eq!(t.check(), Err(TransformError::Digits));
    }

    #[test]
    fn masks_move_and_relabel_as_cell_values_do() {
        let (t, b) = (sample(), board());
        // A board's values as one-digit masks (a blank as the empty mask) go where the values go.
        let masks = b.map(|v| if v == 0 { 0 } else { 1u16 << (v - 1) });
        let image = t.apply(&b);
        assert_eq!(
            t.apply_masks(&masks),
            image.map(|v| if v == 0 { 0 } else { 1u16 << (v - 1) })
        );
        // A mask of several digits: cell 0 of the image comes from cell (4, 2) of the transpose,
        // that is cell 2 * 9 + 4 of the input; its digits 1, 4 and 9 become 3, 9 and 6.
        let mut several = [0u16; CELLS];
        several[2 * 9 + 4] = 0b1_0000_1001;
        let image = t.apply_masks(&several);
        assert_eq!(image[0], 1 << 2 | 1 << 8 | 1 << 5);
        assert_eq!(image[1..], [0; CELLS - 1]);
        assert_eq!(t.inverse().apply_masks(&image), several);
        assert_eq!(
            Transform::IDENTITY.apply_masks(&[0x1FF; CELLS]),
            [0x1FF; CELLS]
        );
    }

    #[test]
    fn inverse_and_composition_agree_with_application() {
        let (t, b) = (sample(), board());
        assert_eq!(Transform::IDENTITY.apply(&b), b);
        assert_eq!(t.inverse().apply(&t.apply(&b)), b);
        assert_eq!(t.apply(&t.inverse().apply(&b)), b);
        let mut u = t.inverse();
        u.transpose = false;
        u.digits = [0, 9, 8, 7, 6, 5, 4, 3, 2, 1];
        for (x, y) in [(t, u), (u, t), (t, t), (u, u)] {
            assert_eq!(x.then(&y).apply(&b), y.apply(&x.apply(&b)));
            assert_eq!(x.then(&y).check(), Ok(()));
        }
    }
}
