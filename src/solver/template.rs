//! The digit template filter, the late filter's test of one digit on the whole board: a digit's
//! nine cells in a solution form a *template* (one cell in every row, column and box; 46,656 of
//! them on an empty board), so a digit whose candidate cells hold no template cannot be
//! placed, and a candidate that no template uses can go. This is the Pattern Overlay Method of
//! human solvers (Myth Jellies; Sudopedia, "Template"), its Rule 1 and its eliminations. It
//! sees what no house or row-column matching does: rows 2, 3, 7 and 8 holding a digit only in
//! columns 1, 2, 8 and 9 on a cycle, where both ways of matching those rows to those columns put
//! two of the digit in one box. See `docs/solver.md`, section 5, and the band layout there.
//!
//! The templates are not listed one by one. In a band, a template's three cells lie in three
//! different rows and three different stacks, so they take one column of each stack: one of 27
//! *column triples*. A template is a triple for each band that together cover the nine columns,
//! that is, that differ in every stack. So the filter lists, for each band, the cells of its
//! candidate placements (at most 9 × 6 × 3 = 162) under their triple, then keeps the triples
//! that take part in some band-by-band choice (at most 27 × 8 checks).

/// For each of the 9 columns, its part of a column triple's index: the column's offset in its
/// stack (0-2) times 3 to the stack's number, so that a triple's index (0-26) is the sum over
/// its columns.
const TRIPLE_DIGIT: [u8; 9] = [0, 1, 2, 0, 3, 6, 0, 9, 18];

/// For each column, the 9-bit mask of its stack's three columns.
const STACK_COLUMNS: [u16; 9] = [
    0o007, 0o007, 0o007, 0o070, 0o070, 0o070, 0o700, 0o700, 0o700,
];

/// The candidate cells of one digit that some template uses, per band (a band word: bit
/// `9 * r + c` for row `r` of the band and column `c`), from its candidate cells `bands` in the
/// same layout (a placed cell counts as a candidate: it is the only one of its row); `None` when
/// no template fits.
pub(super) fn template_cells(bands: [u32; 3]) -> Option<[u32; 3]> {
    // cells[b][t]: the cells of band b's placements on column triple t; valid[b]: the triples
    // with a placement.
    let mut cells = [[0u32; 27]; 3];
    let mut valid = [0u32; 3];
    for (b, &w) in bands.iter().enumerate() {
        let rows = [w & 0x1FF, (w >> 9) & 0x1FF, (w >> 18) & 0x1FF].map(|r| r as u16);
        let mut first = rows[0];
        while first != 0 {
            let c0 = first.trailing_zeros() as usize;
            first &= first - 1;
            let mut second = rows[1] & !STACK_COLUMNS[c0];
            while second != 0 {
                let c1 = second.trailing_zeros() as usize;
                second &= second - 1;
                let mut third = rows[2] & !STACK_COLUMNS[c0] & !STACK_COLUMNS[c1];
                while third != 0 {
                    let c2 = third.trailing_zeros() as usize;
                    third &= third - 1;
                    let t = (TRIPLE_DIGIT[c0] + TRIPLE_DIGIT[c1] + TRIPLE_DIGIT[c2]) as usize;
                    cells[b][t] |= 1 << c0 | 1 << (9 + c1) | 1 << (18 + c2);
                    valid[b] |= 1 << t;
                }
            }
        }
    }
    // used[b]: band b's triples that some template takes.
    let mut used = [0u32; 3];
    let mut top = valid[0];
    while top != 0 {
        let t0 = top.trailing_zeros() as usize;
        top &= top - 1;
        let offsets0 = [t0 % 3, t0 / 3 % 3, t0 / 9];
        // The middle band's triple takes another offset in each stack (2^3 ways); the bottom
        // band's then takes the third.
        for other in 0..8 {
            let (mut t1, mut t2, mut power) = (0, 0, 1);
            for (s, &o0) in offsets0.iter().enumerate() {
                let step = 1 + (other >> s & 1);
                let o1 = (o0 + step) % 3;
                let o2 = 3 - o0 - o1;
                t1 += o1 * power;
                t2 += o2 * power;
                power *= 3;
            }
            if valid[1] >> t1 & 1 != 0 && valid[2] >> t2 & 1 != 0 {
                used[0] |= 1 << t0;
                used[1] |= 1 << t1;
                used[2] |= 1 << t2;
            }
        }
    }
    if used[0] == 0 {
        return None;
    }
    Some(std::array::from_fn(|b| {
        let mut union = 0;
        let mut triples = used[b];
        while triples != 0 {
            let t = triples.trailing_zeros() as usize;
            triples &= triples - 1;
            union |= cells[b][t];
        }
        union
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
