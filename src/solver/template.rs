//! The digit template filter: a digit's nine cells in a solution form a *template* (one cell
//! in every row, column and box; 46,656 of them on an empty board), so a digit whose candidate
//! cells hold no template cannot be placed, and a candidate that no template uses can go. This
//! is the Pattern Overlay Method of human solvers (Myth Jellies; Sudopedia, "Template"), its
//! Rule 1 and its eliminations. It sees what no house or row-column matching does: rows 2, 3, 7
//! and 8 holding a digit only in columns 1, 2, 8 and 9 on a cycle, where both ways of matching
//! those rows to those columns put two of the digit in one box; and it makes every fish's
//! eliminations. The search runs it once a node after a few guesses without a solution
//! (`kernel::TEMPLATES_AFTER_GUESSES`), and the late filter (each kernel's filter function)
//! after the houses (`State::filter_houses`). See `docs/solver.md`, section 5, and the band
//! layout there.
//!
//! The templates are not listed one by one, and the test has no branches: it is mask
//! arithmetic on 27-bit sets. In a band, a template's three cells lie in three different rows
//! and three different stacks, so they take one column of each stack: one of 27 *column
//! triples*, numbered `t = i0 + 3 i1 + 9 i2` by the column's offset `i_s` (0-2) in each stack
//! `s`. Then:
//!
//! - **A band's triples** (`band_triples`). For each of the six ways of giving the band's rows
//!   to the stacks, the triples it allows are a product: in stack `s`, the offsets where its
//!   row has the digit. A product is the AND of three masks, one per stack, each looked up by
//!   the row's 3-bit offset set (`WITH_OFFSETS`). The band's triples are the OR of the six.
//! - **Triples that fit** (`fitting`). A template takes a triple per band, and the three differ
//!   in every stack: the middle band's is the top band's shifted by `p` (each offset plus 1 or
//!   2, mod 3) and the bottom band's by `2p`, for one of eight vectors `p`. A shift is a few
//!   masks and shifts of the 27-bit set, so a band's triples that some template uses are its
//!   own ANDed with the OR, over the eight `p`, of the other two bands' sets shifted back.
//! - **The cells kept** (`band_kept`). Row `r` keeps offset `j` of stack `s` when some used
//!   triple with offset `j` there lies in the product of a way that gives row `r` stack `s`.
//!
//! About 250 operations a band, the same for every digit and every candidate set. So the AVX2
//! kernels run digits 0-7 in the eight 32-bit lanes of one register per band, and digit 8 in
//! three lanes of a fourth: 0.13 µs for all nine digits, against 0.37 µs one digit at a time
//! (docs/performance.md). The arithmetic is written once, generic over the word ([`Word`]:
//! `u32` for one digit, an AVX2 register for eight). The tests check it against listing every
//! template, and the lanes against one digit at a time.

use super::lanes::Lanes;
use super::tables::PERMUTATIONS_OF_3;

/// A word of 27-bit sets of column triples: one digit's (`u32`) or, in the AVX2 kernels, eight
/// digits' at once (`X8`, one per lane). The operations the test needs, and no others.
trait Word: Copy {
    fn splat(x: u32) -> Self;
    fn and(self, o: Self) -> Self;
    fn or(self, o: Self) -> Self;
    fn shl(self, n: u32) -> Self;
    fn shr(self, n: u32) -> Self;
    /// `table[x & 7]`.
    fn lookup(table: &[u32; 8], x: Self) -> Self;
    /// Bit `n` alone where `self` is not zero, else zero.
    fn nonzero_bit(self, n: u32) -> Self;
}

impl Word for u32 {
    #[inline(always)]
    fn splat(x: u32) -> u32 {
        x
    }
    #[inline(always)]
    fn and(self, o: u32) -> u32 {
        self & o
    }
    #[inline(always)]
    fn or(self, o: u32) -> u32 {
        self | o
    }
    #[inline(always)]
    fn shl(self, n: u32) -> u32 {
        self << n
    }
    #[inline(always)]
    fn shr(self, n: u32) -> u32 {
        self >> n
    }
    #[inline(always)]
    fn lookup(table: &[u32; 8], x: u32) -> u32 {
        table[(x & 7) as usize]
    }
    #[inline(always)]
    fn nonzero_bit(self, n: u32) -> u32 {
        u32::from(self != 0) << n
    }
}

/// The triples whose offset in stack `s` is in the 3-bit set `o`: `WITH_OFFSETS[s][o]`.
const WITH_OFFSETS: [[u32; 8]; 3] = {
    let mut table = [[0; 8]; 3];
    let mut t = 0;
    while t < 27 {
        let offsets = [t % 3, t / 3 % 3, t / 9];
        let mut s = 0;
        while s < 3 {
            let mut o = 0;
            while o < 8 {
                if o >> offsets[s] & 1 != 0 {
                    table[s][o] |= 1 << t;
                }
                o += 1;
            }
            s += 1;
        }
        t += 1;
    }
    table
};

/// The six ways of giving a band's rows to the stacks: `[row of stack 0, of stack 1, of 2]`.
const ROWS_TO_STACKS: [[usize; 3]; 6] = PERMUTATIONS_OF_3;

/// `ROW_IN_STACK[s][r]`: the two ways of `ROWS_TO_STACKS` that give row `r` to stack `s`.
const ROW_IN_STACK: [[[usize; 2]; 3]; 3] = {
    let mut table = [[[0; 2]; 3]; 3];
    let mut seen = [[0; 3]; 3];
    let mut i = 0;
    while i < 6 {
        let mut s = 0;
        while s < 3 {
            let r = ROWS_TO_STACKS[i][s];
            table[s][r][seen[s][r]] = i;
            seen[s][r] += 1;
            s += 1;
        }
        i += 1;
    }
    table
};

/// Triples with offset 0 in stack 0, 1 and 2 (bits `t` with `i0`, `i1`, `i2` = 0).
const OFFSET0: [u32; 3] = [WITH_OFFSETS[0][1], WITH_OFFSETS[1][1], WITH_OFFSETS[2][1]];

/// `set` with the offset in stack `s` raised by `by` (1 or 2), mod 3.
#[inline(always)]
fn shifted<W: Word>(set: W, s: usize, by: u32) -> W {
    let unit = [1, 3, 9][s];
    // The triples with offset 0, 1 and 2 in stack s.
    let at = |offset: u32| OFFSET0[s] << (unit * offset);
    let (up, wrap) = if by == 1 {
        (at(0) | at(1), at(2))
    } else {
        (at(0), at(1) | at(2))
    };
    let moved = set.and(W::splat(up)).shl(by * unit);
    moved.or(set.and(W::splat(wrap)).shr((3 - by) * unit))
}

/// `set` shifted by every vector of {1,2}^3: entry `k` raises stack `s`'s offset by 1 + bit
/// `s` of `k`.
#[inline(always)]
fn all_shifts<W: Word>(set: W) -> [W; 8] {
    let a = [shifted(set, 0, 1), shifted(set, 0, 2)];
    let b = [
        shifted(a[0], 1, 1),
        shifted(a[1], 1, 1),
        shifted(a[0], 1, 2),
        shifted(a[1], 1, 2),
    ];
    let mut all = [set; 8];
    for (k, x) in all.iter_mut().enumerate() {
        *x = shifted(b[k & 3], 2, 1 + (k as u32 >> 2));
    }
    all
}

/// One band word's part of the test: the triples its rows allow with the rows given to the
/// stacks each of the six ways (`ROWS_TO_STACKS`), and their union, the band's triples.
#[inline(always)]
fn band_triples<W: Word>(w: W) -> ([W; 6], W) {
    let zero = W::splat(0);
    // spread[r][s]: the triples row r allows in stack s.
    let mut spread = [[zero; 3]; 3];
    for (r, row) in spread.iter_mut().enumerate() {
        for (s, x) in row.iter_mut().enumerate() {
            *x = W::lookup(&WITH_OFFSETS[s], w.shr((9 * r + 3 * s) as u32));
        }
    }
    let mut products = [zero; 6];
    let mut triples = zero;
    for (i, rows) in ROWS_TO_STACKS.iter().enumerate() {
        products[i] = spread[rows[0]][0]
            .and(spread[rows[1]][1])
            .and(spread[rows[2]][2]);
        triples = triples.or(products[i]);
    }
    (products, triples)
}

/// The triples `t` of a band for which some vector `p` of {1,2}^3 puts `t + p` among the next
/// band's triples and `t + 2p` among the band after's (both mod 3, the bands taken
/// cyclically), from those bands' `all_shifts`: shifting back by `p` is shift `k ^ 7`, by
/// `2p` (that is, forward by `p`) shift `k`.
#[inline(always)]
fn fitting<W: Word>(next: &[W; 8], after: &[W; 8]) -> W {
    let mut fits = W::splat(0);
    for k in 0..8 {
        fits = fits.or(next[k ^ 7].and(after[k]));
    }
    fits
}

/// The cells of a band that some template uses, from its `used` triples and its `products`:
/// row `r` keeps in stack `s` the offsets of the used triples of the two ways that give it
/// that stack.
#[inline(always)]
fn band_kept<W: Word>(used: W, products: &[W; 6]) -> W {
    let mut kept = W::splat(0);
    for (s, ways) in ROW_IN_STACK.iter().enumerate() {
        // with[j]: the used triples with offset j in stack s. (Loops, not closures such as
        // `array::map`'s: those may be compiled outside the kernel, without its features.)
        let mut with = [used; 3];
        for (j, w) in with.iter_mut().enumerate() {
            *w = used.and(W::splat(WITH_OFFSETS[s][1 << j]));
        }
        for (r, &[first, second]) in ways.iter().enumerate() {
            let rows = products[first].or(products[second]);
            for (j, w) in with.iter().enumerate() {
                kept = kept.or(w.and(rows).nonzero_bit((9 * r + 3 * s + j) as u32));
            }
        }
    }
    kept
}

/// The cells of `bands` (a digit's candidate cells, band words) that some template uses:
/// none at all when no template fits.
#[inline(always)]
fn kept_cells<W: Word>(bands: [W; 3]) -> [W; 3] {
    let parts = [
        band_triples(bands[0]),
        band_triples(bands[1]),
        band_triples(bands[2]),
    ];
    let shifts = [
        all_shifts(parts[0].1),
        all_shifts(parts[1].1),
        all_shifts(parts[2].1),
    ];
    let mut kept = [W::splat(0); 3];
    for (b, x) in kept.iter_mut().enumerate() {
        let used = parts[b]
            .1
            .and(fitting(&shifts[(b + 1) % 3], &shifts[(b + 2) % 3]));
        *x = band_kept(used, &parts[b].0);
    }
    kept
}

/// The candidate cells of one digit that some template uses, per band (a band word: bit
/// `9 * r + c` for row `r` of the band and column `c`), from its candidate cells `bands` in the
/// same layout (a placed cell counts as a candidate: it is the only one of its row); `None` when
/// no template fits. The tests' view of `kept_cells` for one digit.
#[cfg(test)]
fn template_cells(bands: [u32; 3]) -> Option<[u32; 3]> {
    let kept = kept_cells(bands);
    (kept[0] != 0).then_some(kept)
}

/// The cells that some template of each digit uses, one digit at a time (the portable kernel's
/// and the late filter's): bit `9 * r + c` of lane `b` for row `r` of band `b` and column `c`,
/// as in the candidates `cand` (a placed cell counts as a candidate: it is the only one of its
/// row); lane 3 zero; a digit with no template keeps no cell.
#[inline(always)]
pub(super) fn template_cells_each(cand: &[Lanes; 9]) -> [Lanes; 9] {
    let mut out = [Lanes::ZERO; 9];
    for (o, c) in out.iter_mut().zip(cand) {
        let [b0, b1, b2] = kept_cells([c.0[0], c.0[1], c.0[2]]);
        *o = Lanes([b0, b1, b2, 0]);
    }
    out
}

#[cfg(target_arch = "x86_64")]
mod x8 {
    use super::Word;
    use std::arch::x86_64::*;

    /// Eight digits' words, one per lane. Seen only by `template`, and built only inside
    /// [`super::template_cells_x8`], a function with AVX2 enabled that the AVX2 kernels call:
    /// so every operation below runs where AVX2 is enabled, on a CPU that has it.
    #[derive(Clone, Copy)]
    pub(super) struct X8(pub(super) __m256i);

    impl Word for X8 {
        #[inline(always)]
        fn splat(x: u32) -> X8 {
            // SAFETY: an `X8` exists only where AVX2 is enabled (see the type).
            X8(unsafe { _mm256_set1_epi32(x as i32) })
        }
        #[inline(always)]
        fn and(self, o: X8) -> X8 {
            // SAFETY: as in `splat`.
            X8(unsafe { _mm256_and_si256(self.0, o.0) })
        }
        #[inline(always)]
        fn or(self, o: X8) -> X8 {
            // SAFETY: as in `splat`.
            X8(unsafe { _mm256_or_si256(self.0, o.0) })
        }
        #[inline(always)]
        fn shl(self, n: u32) -> X8 {
            // SAFETY: as in `splat`.
            X8(unsafe { _mm256_sll_epi32(self.0, _mm_cvtsi32_si128(n as i32)) })
        }
        #[inline(always)]
        fn shr(self, n: u32) -> X8 {
            // SAFETY: as in `splat`.
            X8(unsafe { _mm256_srl_epi32(self.0, _mm_cvtsi32_si128(n as i32)) })
        }
        #[inline(always)]
        fn lookup(table: &[u32; 8], x: X8) -> X8 {
            // SAFETY: as in `splat`; the load reads the 32 bytes of `table`.
            X8(unsafe {
                let t = _mm256_loadu_si256(table.as_ptr().cast());
                _mm256_permutevar8x32_epi32(t, x.0)
            })
        }
        #[inline(always)]
        fn nonzero_bit(self, n: u32) -> X8 {
            // SAFETY: as in `splat`.
            X8(unsafe {
                let zero = _mm256_cmpeq_epi32(self.0, _mm256_setzero_si256());
                _mm256_andnot_si256(zero, _mm256_set1_epi32(1 << n))
            })
        }
    }

    impl X8 {
        /// Lane `i` of the result is lane `from[i]` of `self`.
        #[inline(always)]
        pub(super) fn lanes_from(self, from: [i32; 8]) -> X8 {
            // SAFETY: as in `splat`.
            X8(unsafe {
                let index = _mm256_setr_epi32(
                    from[0], from[1], from[2], from[3], from[4], from[5], from[6], from[7],
                );
                _mm256_permutevar8x32_epi32(self.0, index)
            })
        }
    }
}

/// [`template_cells_each`] with AVX2: the candidate cells of each digit that
/// some template uses, as its [`Lanes`] (lane 3 zero); a digit with no template keeps no cell.
/// Digits 0-7 take a lane each of three registers (one per band); digit 8 takes lanes 0-2 of a
/// fourth (one per band), where the bands' fit reads the other bands by rotating lanes.
///
/// # Safety
/// The CPU must support AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
pub(super) unsafe fn template_cells_x8(cand: &[Lanes; 9]) -> [Lanes; 9] {
    use std::arch::x86_64::*;
    use x8::X8;
    // SAFETY: AVX2 is enabled here (the caller's guarantee); loads and stores stay inside
    // `cand` and `out` (nine `Lanes` of 16 bytes each).
    unsafe {
        let p = cand.as_ptr().cast::<__m128i>();
        let pair = |d: usize| _mm256_loadu2_m128i(p.add(d + 4), p.add(d));
        // Digits d and d + 4 in the low and high halves, then a 4 x 4 transpose in each half
        // puts band b of digits 0-7 in one register, in digit order.
        let (a0, a1, a2, a3) = (pair(0), pair(1), pair(2), pair(3));
        let (t0, t1) = (_mm256_unpacklo_epi32(a0, a1), _mm256_unpackhi_epi32(a0, a1));
        let (t2, t3) = (_mm256_unpacklo_epi32(a2, a3), _mm256_unpackhi_epi32(a2, a3));
        let bands = [
            X8(_mm256_unpacklo_epi64(t0, t2)),
            X8(_mm256_unpackhi_epi64(t0, t2)),
            X8(_mm256_unpacklo_epi64(t1, t3)),
        ];
        let [X8(k0), X8(k1), X8(k2)] = kept_cells(bands);
        // Digit 8: lanes 0-2 hold its bands, the others zero (and keep nothing).
        let last = X8(_mm256_zextsi128_si256(_mm_loadu_si128(p.add(8))));
        let (products, triples) = band_triples(last);
        let shifts = all_shifts(triples);
        let (mut next, mut after) = (shifts, shifts);
        for k in 0..8 {
            next[k] = shifts[k].lanes_from([1, 2, 0, 3, 4, 5, 6, 7]);
            after[k] = shifts[k].lanes_from([2, 0, 1, 3, 4, 5, 6, 7]);
        }
        let kept_last = band_kept(triples.and(fitting(&next, &after)), &products);
        // The same transpose back, with a zero fourth band.
        let zero = _mm256_setzero_si256();
        let (t0, t1) = (_mm256_unpacklo_epi32(k0, k1), _mm256_unpackhi_epi32(k0, k1));
        let (t2, t3) = (
            _mm256_unpacklo_epi32(k2, zero),
            _mm256_unpackhi_epi32(k2, zero),
        );
        let mut out = [Lanes::ZERO; 9];
        let q = out.as_mut_ptr().cast::<__m128i>();
        let halves = [
            _mm256_unpacklo_epi64(t0, t2),
            _mm256_unpackhi_epi64(t0, t2),
            _mm256_unpacklo_epi64(t1, t3),
            _mm256_unpackhi_epi64(t1, t3),
        ];
        for (d, h) in halves.into_iter().enumerate() {
            _mm256_storeu2_m128i(q.add(d + 4), q.add(d), h);
        }
        _mm_storeu_si128(q.add(8), _mm256_castsi256_si128(kept_last.0));
        out
    }
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

#[cfg(all(test, target_arch = "x86_64"))]
mod x8_tests {
    use super::{template_cells, template_cells_x8};
    use crate::solver::lanes::Lanes;

    #[test]
    fn nine_digits_in_lanes_keep_what_one_digit_at_a_time_keeps() {
        if !std::arch::is_x86_feature_detected!("avx2") {
            return;
        }
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for _ in 0..3000 {
            let density = next() % 3;
            let cand: [Lanes; 9] = std::array::from_fn(|_| {
                let mut bands = [0u32; 4];
                for w in &mut bands[..3] {
                    *w = next() as u32;
                    for _ in 0..density {
                        *w |= next() as u32;
                    }
                    *w &= (1 << 27) - 1;
                }
                Lanes(bands)
            });
            // SAFETY: AVX2 was detected above.
            let kept = unsafe { template_cells_x8(&cand) };
            for d in 0..9 {
                let c = cand[d].0;
                let one = template_cells([c[0], c[1], c[2]]).unwrap_or([0; 3]);
                assert_eq!(kept[d].0, [one[0], one[1], one[2], 0], "digit {d}: {c:?}");
            }
        }
    }
}
