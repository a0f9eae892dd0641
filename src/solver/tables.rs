//! Constant tables for the band bitboards (see `docs/solver.md`). The grid is three bands of 27
//! cells; cell `i` is bit `i % 27` of band `i / 27` (`band_bit`), bit `9 * r + c` being row `r`
//! (0-2) of the band and column `c`. A *triad* is the three cells where a band row meets a box;
//! triad `3 * r + k` (row `r`, box `k`) starts at bit `9 * r + 3 * k`.

use super::lanes::Lanes;
use crate::geometry::{Cell, CELLS, PEERS_PER_CELL};

/// All 27 cells of a band.
pub(super) const BAND: u32 = (1 << 27) - 1;

/// The six permutations of three things (a band's rows, boxes or stacks), `p[i]` the image of
/// `i`, in lexicographic order.
pub(super) const PERMUTATIONS_OF_3: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// The indices of the set bits of `mask`, lowest first: the one loop over set bits that the
/// matching and the house filter share. A plain iterator (no closure) whose `next` is inlined,
/// so that inside the kernels it compiles to the same loop, with their CPU features.
#[inline(always)]
pub(super) fn set_bits(mask: u32) -> SetBits {
    SetBits(mask)
}

/// See [`set_bits`].
pub(super) struct SetBits(u32);

impl Iterator for SetBits {
    type Item = usize;

    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(i)
    }
}

/// Sets one bit in each band row at column `c`: multiplying a 9-bit column set by this spreads
/// it down all three rows of a band.
pub(super) const COLUMN_SPREAD: u32 = 1 | 1 << 9 | 1 << 18;

/// For band row `r` holding the 9-bit set `v`, everything one lookup tells about it, already in
/// place for the slot so that the three rows' entries just combine with `|`:
/// bits `9 * r` to `9 * r + 8` hold `v` when it has exactly one cell (a row single, else 0), and
/// bits `32 + 3 * r + k` are set for each box `k` the row touches (its triads).
pub(super) static ROW_INFO: [[u64; 512]; 3] = {
    let mut t = [[0u64; 512]; 3];
    let mut r = 0;
    while r < 3 {
        let mut v = 0;
        while v < 512 {
            let mut k = 0;
            while k < 3 {
                if (v >> (3 * k)) & 7 != 0 {
                    t[r][v] |= 1 << (32 + 3 * r + k);
                }
                k += 1;
            }
            if v != 0 && v & (v - 1) == 0 {
                t[r][v] |= (v as u64) << (9 * r);
            }
            v += 1;
        }
        r += 1;
    }
    t
};

/// `ROW_INFO` of a whole slot: its row singles (low 27 bits) and its triads (bits 32-40).
#[inline(always)]
pub(super) fn row_info(x: u32) -> u64 {
    ROW_INFO[0][(x & 0x1FF) as usize]
        | ROW_INFO[1][((x >> 9) & 0x1FF) as usize]
        | ROW_INFO[2][(x >> 18) as usize & 0x1FF]
}

/// Cells of the triads in a 9-bit triad set.
const fn triad_cells(t: usize) -> u32 {
    let mut cells = 0;
    let mut j = 0;
    while j < 9 {
        if t & (1 << j) != 0 {
            cells |= 0o7 << (9 * (j / 3) + 3 * (j % 3));
        }
        j += 1;
    }
    cells
}

/// Which triads can still hold a digit, given the triads that hold its candidates in a band.
///
/// A digit occurs once in each row and once in each box of a band, so its three placements use
/// triads forming a permutation (row `r` -> box `p(r)`). `KEEP[t]` is the cells of every triad that
/// lies on some permutation inside `t`, and 0 when none fits (a contradiction). Masking with it
/// applies locked candidates (pointing and claiming) inside the band in one step. The idea of
/// reasoning per band and triad comes from JCZSolve and the tdoku essay ("Nerd Sniped: A Sudoku
/// Story", T. Dillon); this table is our own formulation.
pub(super) static KEEP: [u32; 512] = {
    const PERMS: [[usize; 3]; 6] = PERMUTATIONS_OF_3;
    let mut t = [0u32; 512];
    let mut set = 0;
    while set < 512 {
        let mut union = 0;
        let mut p = 0;
        while p < 6 {
            let m = 1 << PERMS[p][0] | 1 << (3 + PERMS[p][1]) | 1 << (6 + PERMS[p][2]);
            if set & m == m {
                union |= m;
            }
            p += 1;
        }
        t[set] = triad_cells(union);
        set += 1;
    }
    t
};

/// `DIGIT_SLOTS[digits]`: the band-0 slot of each digit in the 9-bit set (bit `d` to bit `4 * d`),
/// to mark exactly the digits a placement took a candidate from.
pub(super) static DIGIT_SLOTS: [u64; 512] = {
    let mut table = [0u64; 512];
    let mut digits = 0;
    while digits < 512 {
        let mut d = 0;
        while d < 9 {
            if digits & (1 << d) != 0 {
                table[digits] |= 1 << (4 * d);
            }
            d += 1;
        }
        digits += 1;
    }
    table
};

/// Where the band bitboards keep `cell`: its band (0-2, the lane) and its bit in that band
/// (`9 * row-in-band + column`). For the row-major cell index `i` this is `(i / 27, i % 27)`.
pub(super) const fn band_bit(cell: Cell) -> (usize, usize) {
    (cell.band(), 9 * (cell.row() % 3) + cell.column())
}

/// Each cell (by index) as a one-bit mask over the three bands.
pub(super) static CELL: [Lanes; CELLS] = {
    let mut t = [Lanes([0; 4]); CELLS];
    let mut i = 0;
    while i < CELLS {
        let (band, bit) = band_bit(Cell::ALL[i]);
        t[i].0[band] = 1 << bit;
        i += 1;
    }
    t
};

/// Each cell's 20 peers (see [`Cell::peers`]) over the three bands.
pub(super) static PEERS: [Lanes; CELLS] = {
    let mut t = [Lanes([0; 4]); CELLS];
    let mut i = 0;
    while i < CELLS {
        let mut k = 0;
        while k < PEERS_PER_CELL {
            let (band, bit) = band_bit(Cell::ALL[i].peers()[k]);
            t[i].0[band] |= 1 << bit;
            k += 1;
        }
        i += 1;
    }
    t
};

/// For each cell, the candidates a digit keeps over the three bands once placed there: all but
/// the cell's peers.
pub(super) static KEEP_AFTER_PLACING: [Lanes; CELLS] = {
    let mut t = [Lanes([0; 4]); CELLS];
    let mut i = 0;
    while i < CELLS {
        let mut b = 0;
        while b < 3 {
            t[i].0[b] = BAND & !PEERS[i].0[b];
            b += 1;
        }
        i += 1;
    }
    t
};

/// Folds a band's three rows onto one 9-bit column set (any row).
#[inline(always)]
pub(super) fn columns_of(x: u32) -> u32 {
    (x | x >> 9 | x >> 18) & 0x1FF
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::CellSet;

    #[test]
    fn keep_of_full_band_keeps_everything() {
        assert_eq!(KEEP[0x1FF], BAND);
    }

    #[test]
    fn keep_of_a_single_permutation_is_that_permutation() {
        // Row 0 -> box 2, row 1 -> box 0, row 2 -> box 1.
        let set = 1 << 2 | 1 << 3 | 1 << 7;
        assert_eq!(KEEP[set], triad_cells(set));
        // Remove one triad: no permutation fits.
        assert_eq!(KEEP[set & !(1 << 3)], 0);
    }

    #[test]
    fn keep_applies_pointing() {
        // Box 0 holds the digit only in row 0, so row 0 cannot use boxes 1 or 2.
        let set = 0x1FF & !(1 << 3 | 1 << 6);
        let keep = KEEP[set];
        assert_eq!(keep & triad_cells(1 << 1 | 1 << 2), 0);
        assert_eq!(keep & triad_cells(1), triad_cells(1));
    }

    #[test]
    fn row_info_and_columns() {
        assert_eq!(row_info(1 << 5), 1 << 5 | 1 << 33);
        assert_eq!(row_info(0b1_0000_0011 << 18), 1 << 38 | 1 << 40);
        assert_eq!(
            row_info(1 << 9 | 1 << 26),
            1 << 9 | 1 << 26 | 1 << 35 | 1 << 40
        );
        assert_eq!(columns_of(1 << 5 | 1 << 9 | 1 << 26), 1 << 5 | 1 | 1 << 8);
    }

    #[test]
    fn band_tables_agree_with_the_geometry() {
        for cell in Cell::ALL {
            let i = cell.index();
            assert_eq!(band_bit(cell), (i / 27, i % 27));
            let lanes = |set: CellSet| {
                let mut t = Lanes::ZERO;
                for c in set.iter() {
                    let (band, bit) = band_bit(c);
                    t.0[band] |= 1 << bit;
                }
                t
            };
            assert_eq!(CELL[i], lanes(CellSet::EMPTY.with(cell)));
            assert_eq!(PEERS[i], lanes(cell.peer_set()));
            // The cell itself stays a candidate of the placed digit; its peers do not.
            let keep = lanes(CellSet::ALL.difference(cell.peer_set()));
            assert_eq!(KEEP_AFTER_PLACING[i], keep);
            let band = cell.band();
            // In its own band a cell sees its row and its box: 14 cells; elsewhere its column.
            assert_eq!(PEERS[i].0[band].count_ones(), 14);
            assert_eq!(PEERS[i].0[(band + 1) % 3].count_ones(), 3);
        }
    }
}
