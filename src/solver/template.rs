//! The digit template filter, the late filter's test of one digit on the whole board: a digit's
//! nine cells in a solution form a *template* (one cell in every row, column and box; 46,656 of
//! them on an empty board), so a digit whose candidate cells hold no template cannot be
//! placed, and a candidate that no template uses can go. This is the Pattern Overlay Method of
//! human solvers (Myth Jellies; Sudopedia, "Template"), its Rule 1 and its eliminations. It
//! sees what no house or row-column matching does: rows 2, 3, 7 and 8 holding a digit only in
//! columns 1, 2, 8 and 9 on a cycle, where both ways of matching those rows to those columns put
//! two of the digit in one box. See `docs/solver.md`, section 5, and the band layout there.
//!
//! The templates are not listed one by one, and the test has no branches: it is mask
//! arithmetic on 27-bit sets. In a band, a template's three cells lie in three different rows
//! and three different stacks, so they take one column of each stack: one of 27 *column
//! triples*, numbered `t = i0 + 3 i1 + 9 i2` by the column's offset `i_s` (0-2) in each stack
//! `s`. Then:
//!
//! - **A band's triples.** For each of the six ways of giving the band's rows to the stacks, the
//!   triples it allows are a product: in stack `s`, the offsets where its row has the digit. A
//!   product is the AND of three masks, one per stack, each spread from a 3-bit offset set by a
//!   multiplication. The band's triples are the OR of the six products.
//! - **Triples that fit.** A template takes a triple per band, and the three differ in every
//!   stack: the middle band's is the top band's shifted by `p` (each offset plus 1 or 2, mod 3)
//!   and the bottom band's by `2p`, for one of eight vectors `p`. A shift is a few masks and
//!   shifts of the 27-bit set, so a band's triples that some template uses are its own ANDed
//!   with the OR, over the eight `p`, of the other two bands' sets shifted back.
//! - **The cells kept.** For each way of giving the rows to the stacks, the used triples of its
//!   product, projected onto each stack, are the offsets its rows keep there.
//!
//! About 500 operations a digit, with no branch on the candidates: half the time of listing
//! each band's placements under their triple, which this replaced (forty-third session). The
//! tests check it against listing every template. See `docs/solver.md`.

use super::tables::PERMUTATIONS_OF_3;

/// Triples with offset 0 in stack 0, 1 and 2 (bits `t` with `i0`, `i1`, `i2` = 0).
const OFFSET0: [u32; 3] = [0x124_9249, 0x1C_0E07, 0x1FF];

/// The six ways of giving a band's rows to the stacks: `[row of stack 0, of stack 1, of 2]`.
const ROWS_TO_STACKS: [[usize; 3]; 6] = PERMUTATIONS_OF_3;

/// The triples whose offset in stack `s` is in `offsets` (3 bits).
#[inline(always)]
fn with_offsets(s: usize, offsets: u32) -> u32 {
    let bits = [offsets & 1, offsets & 2, offsets & 4];
    match s {
        0 => offsets * OFFSET0[0],
        // Each offset bit spread to three bits, at 0, 3 or 6, then repeated at 9 and 18.
        1 => (bits[0] * 7 + bits[1] * 28 + bits[2] * 112) * 0x4_0201,
        // Each offset bit spread to nine bits, at 0, 9 or 18.
        _ => bits[0] * 0x1FF + bits[1] * 0x1_FF00 + bits[2] * 0x1FF_0000,
    }
}

/// `set` with the offset in stack `s` raised by `by` (1 or 2), mod 3.
#[inline(always)]
fn shifted(set: u32, s: usize, by: u32) -> u32 {
    let unit = [1, 3, 9][s];
    let at = |offset: u32| OFFSET0[s] << (unit * offset);
    if by == 1 {
        ((set & (at(0) | at(1))) << unit) | ((set & at(2)) >> (2 * unit))
    } else {
        ((set & at(0)) << (2 * unit)) | ((set & (at(1) | at(2))) >> unit)
    }
}

/// `set` shifted by every vector of {1,2}^3: entry `k` raises stack `s`'s offset by 1 + bit
/// `s` of `k`.
#[inline(always)]
fn all_shifts(set: u32) -> [u32; 8] {
    std::array::from_fn(|k| {
        let by = |s: usize| 1 + (k as u32 >> s & 1);
        shifted(shifted(shifted(set, 0, by(0)), 1, by(1)), 2, by(2))
    })
}

/// The offsets (3 bits) that the triples of `set` take in stack `s`.
#[inline(always)]
fn offsets_in(set: u32, s: usize) -> u32 {
    match s {
        0 => {
            let f = set | set >> 9 | set >> 18;
            (f | f >> 3 | f >> 6) & 7
        }
        1 => {
            let f = (set | set >> 9 | set >> 18) & 0x1FF;
            let g = f | f >> 1 | f >> 2;
            (g & 1) | (g >> 2 & 2) | (g >> 4 & 4)
        }
        _ => {
            let g = set | set >> 1 | set >> 2;
            let g = g | g >> 3 | g >> 6;
            (g & 1) | (g >> 8 & 2) | (g >> 16 & 4)
        }
    }
}

/// The candidate cells of one digit that some template uses, per band (a band word: bit
/// `9 * r + c` for row `r` of the band and column `c`), from its candidate cells `bands` in the
/// same layout (a placed cell counts as a candidate: it is the only one of its row); `None` when
/// no template fits.
pub(super) fn template_cells(bands: [u32; 3]) -> Option<[u32; 3]> {
    // products[b][i]: the triples band b allows with its rows given to the stacks the i-th way.
    let mut products = [[0u32; 6]; 3];
    let mut triples = [0u32; 3];
    for (b, &w) in bands.iter().enumerate() {
        // spread[r][s]: the triples row r allows in stack s.
        let spread: [[u32; 3]; 3] = std::array::from_fn(|r| {
            std::array::from_fn(|s| with_offsets(s, w >> (9 * r + 3 * s) & 7))
        });
        for (i, rows) in ROWS_TO_STACKS.iter().enumerate() {
            products[b][i] = spread[rows[0]][0] & spread[rows[1]][1] & spread[rows[2]][2];
            triples[b] |= products[b][i];
        }
    }
    let shifts = triples.map(all_shifts);
    // A triple t of band b is used when t + p is a triple of band b + 1 and t + 2p one of band
    // b + 2 (mod 3, the bands taken cyclically): shifting back by p is shift k ^ 7, by 2p shift k.
    let used: [u32; 3] = std::array::from_fn(|b| {
        let (next, after) = ((b + 1) % 3, (b + 2) % 3);
        let fits = (0..8).fold(0, |acc, k| acc | (shifts[next][k ^ 7] & shifts[after][k]));
        triples[b] & fits
    });
    if used[0] == 0 {
        return None;
    }
    Some(std::array::from_fn(|b| {
        ROWS_TO_STACKS
            .iter()
            .enumerate()
            .fold(0, |cells, (i, rows)| {
                let kept = used[b] & products[b][i];
                (0..3).fold(cells, |cells, s| {
                    cells | offsets_in(kept, s) << (9 * rows[s] + 3 * s)
                })
            })
    }))
}

#[cfg(test)]
mod tests {
    use super::template_cells;

    /// The union of every template within `bands`, by listing them row by row (no band
    /// reasoning), and whether there is one.
    fn brute_force(bands: [u32; 3]) -> Option<[u32; 3]> {
        fn go(
            row: usize,
            columns: u16,
            boxes: u16,
            bands: &[u32; 3],
            path: &mut [usize; 9],
            union: &mut [u32; 3],
        ) {
            if row == 9 {
                for (r, &c) in path.iter().enumerate() {
                    union[r / 3] |= 1 << (9 * (r % 3) + c);
                }
                return;
            }
            for c in 0..9 {
                let bx = 3 * (row / 3) + c / 3;
                let here = bands[row / 3] >> (9 * (row % 3) + c) & 1 != 0;
                if here && columns >> c & 1 == 0 && boxes >> bx & 1 == 0 {
                    path[row] = c;
                    go(
                        row + 1,
                        columns | 1 << c,
                        boxes | 1 << bx,
                        bands,
                        path,
                        union,
                    );
                }
            }
        }
        let mut union = [0u32; 3];
        go(0, 0, 0, &bands, &mut [0; 9], &mut union);
        (union != [0; 3]).then_some(union)
    }

    #[test]
    fn an_empty_board_uses_every_cell() {
        let full = (1 << 27) - 1;
        assert_eq!(template_cells([full; 3]), Some([full; 3]));
    }

    #[test]
    fn a_cycle_over_two_bands_holds_no_template() {
        // Rows 2, 3, 7 and 8 (1-based) keep the digit only at r2c1, r2c8, r3c2, r3c9, r7c2,
        // r7c8, r8c1 and r8c9: every row-to-column matching puts two in one box.
        let full = (1u32 << 27) - 1;
        let row = |r: usize, columns: &[usize]| -> u32 {
            columns.iter().fold(0, |m, &c| m | 1 << (9 * r + c))
        };
        let top = row(0, &[0, 1, 2, 3, 4, 5, 6, 7, 8]) | row(1, &[0, 7]) | row(2, &[1, 8]);
        let bottom = row(0, &[1, 7]) | row(1, &[0, 8]) | row(2, &[0, 1, 2, 3, 4, 5, 6, 7, 8]);
        assert_eq!(brute_force([top, full, bottom]), None);
        assert_eq!(template_cells([top, full, bottom]), None);
    }

    #[test]
    fn the_cells_kept_are_those_of_some_template() {
        // Pseudo-random candidate sets (a fixed xorshift), each compared with the brute force.
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let (mut none, mut pruned) = (0, 0);
        for _ in 0..3000 {
            // Each cell kept with probability 1/4 to 3/4, varying from set to set.
            let density = next() % 3;
            let bands: [u32; 3] = std::array::from_fn(|_| {
                let mut w = next() as u32;
                for _ in 0..density {
                    w |= next() as u32;
                }
                w & ((1 << 27) - 1)
            });
            let expected = brute_force(bands);
            assert_eq!(template_cells(bands), expected, "{bands:?}");
            match expected {
                None => none += 1,
                Some(union) if union != bands => pruned += 1,
                Some(_) => {}
            }
        }
        assert!(
            none > 50 && pruned > 100,
            "{none} without a template, {pruned} pruned"
        );
    }
}
