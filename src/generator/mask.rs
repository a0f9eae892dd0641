//! Sets of cells as 128-bit masks (bit `cell`, cells 0-80 row-major), the generator's form of a
//! puzzle's givens and of an unavoidable set.

use crate::geometry::CELLS;

/// The cells of `mask`, lowest first. The mask is taken as two 64-bit words: 128-bit
/// arithmetic costs several instructions a step.
#[inline]
pub(super) fn cells(mask: u128) -> impl Iterator<Item = usize> {
    let (mut low, mut high) = (mask as u64, (mask >> 64) as u64);
    std::iter::from_fn(move || {
        if low != 0 {
            let cell = low.trailing_zeros() as usize;
            low &= low - 1;
            Some(cell)
        } else if high != 0 {
            let cell = 64 + high.trailing_zeros() as usize;
            high &= high - 1;
            Some(cell)
        } else {
            None
        }
    })
}

/// Bit `cell` of a cell mask, from a table (a 128-bit shift by a variable amount takes
/// several instructions).
pub(super) static CELL_BIT: [u128; CELLS] = {
    let mut bits = [0u128; CELLS];
    let mut cell = 0;
    while cell < CELLS {
        bits[cell] = 1u128 << cell;
        cell += 1;
    }
    bits
};
