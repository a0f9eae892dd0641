//! Writing a solved state out as 81 bytes, row-major, without a loop over cells: the cell values
//! go through four bit planes, expanded sixteen cells at a time with SSE2. See `docs/solver.md`.

use super::lanes::Lanes;
use crate::geometry::CELLS;

/// Cells per band: band `b` is bytes `27 * b` to `27 * b + 26` of a board.
const BAND_CELLS: usize = 27;

/// Writes `base | value` for every cell to `out` (81 bytes, row-major), where bit `k` of the
/// value of cell `27 * b + i` is bit `i` of `planes[k].0[b]` (so `base` 0 gives values 1-9 and
/// `b'0'` gives the text `'1'`-`'9'`). Every byte of `out` is written.
#[inline(always)]
pub(super) fn write_cells(planes: &[Lanes; 4], base: u8, out: &mut [u8; CELLS]) {
    #[cfg(target_arch = "x86_64")]
    write_cells_sse2(planes, base, out);
    #[cfg(not(target_arch = "x86_64"))]
    write_cells_scalar(planes, base, out);
}

/// `write_cells` one cell at a time: the version for targets without SSE2, and the reference
/// the SSE2 version is tested against.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
fn write_cells_scalar(planes: &[Lanes; 4], base: u8, out: &mut [u8; CELLS]) {
    for (cell, byte) in out.iter_mut().enumerate() {
        let (b, i) = (cell / BAND_CELLS, cell % BAND_CELLS);
        let value = (0..4).fold(0, |v, k| v | ((planes[k].0[b] >> i) & 1) << k);
        *byte = base | value as u8;
    }
}

#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn write_cells_sse2(planes: &[Lanes; 4], base: u8, out: &mut [u8; CELLS]) {
    use std::arch::x86_64::*;
    // SAFETY: SSE2 is baseline on x86-64. Each store writes bytes `at..at + 16` of `out` with
    // `at` at most 27 * 2 + 11 = 65, so the last byte written is 80: all inside the 81 bytes.
    unsafe {
        let [p0, p1, p2, p3] = planes.map(Lanes::to_vector);
        // Transpose, so that band `b`'s vector holds the four planes: [p0[b], p1[b], p2[b], p3[b]].
        let low01 = _mm_unpacklo_epi32(p0, p1);
        let low23 = _mm_unpacklo_epi32(p2, p3);
        let high01 = _mm_unpackhi_epi32(p0, p1);
        let high23 = _mm_unpackhi_epi32(p2, p3);
        let bands = [
            _mm_unpacklo_epi64(low01, low23),
            _mm_unpackhi_epi64(low01, low23),
            _mm_unpacklo_epi64(high01, high23),
        ];
        let at = out.as_mut_ptr();
        for (b, band) in bands.into_iter().enumerate() {
            // Cells 0-15 of the band, then 11-26 (overlapping, so no store leaves the band).
            _mm_storeu_si128(at.add(BAND_CELLS * b).cast(), sixteen_cells(band, base));
            let upper = _mm_srli_epi32::<11>(band);
            _mm_storeu_si128(
                at.add(BAND_CELLS * b + 11).cast(),
                sixteen_cells(upper, base),
            );
        }
    }
}

/// Sixteen bytes `base | value` for the cells in the low 16 bits of each 32-bit lane `k` of
/// `planes` (lane `k` is bit plane `k`).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn sixteen_cells(planes: std::arch::x86_64::__m128i, base: u8) -> std::arch::x86_64::__m128i {
    use std::arch::x86_64::*;
    // SAFETY: SSE2 is baseline on x86-64; no memory is touched.
    unsafe {
        // Repeat each plane's two bytes so that byte `j` of a vector holds the bits of cell `j`
        // (bytes 0-7 the plane's low byte, bytes 8-15 its high byte).
        let doubled01 = _mm_unpacklo_epi8(planes, planes);
        let doubled23 = _mm_unpackhi_epi8(planes, planes);
        let spread = [
            _mm_unpacklo_epi16(doubled01, doubled01),
            _mm_unpackhi_epi16(doubled01, doubled01),
            _mm_unpacklo_epi16(doubled23, doubled23),
            _mm_unpackhi_epi16(doubled23, doubled23),
        ];
        // Byte `j` tests bit `j % 8`.
        let bit_of_cell = _mm_set1_epi64x(0x8040_2010_0804_0201_u64 as i64);
        let mut bytes = _mm_set1_epi8(base as i8);
        for (k, quad) in spread.into_iter().enumerate() {
            let plane = _mm_unpacklo_epi32(quad, quad);
            let set = _mm_cmpeq_epi8(_mm_and_si128(plane, bit_of_cell), bit_of_cell);
            bytes = _mm_or_si128(bytes, _mm_and_si128(set, _mm_set1_epi8(1 << k)));
        }
        bytes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Planes for arbitrary cell values 0-15 (some outside 1-9, to test every bit).
    fn planes_of(values: &[u8; CELLS]) -> [Lanes; 4] {
        let mut planes = [Lanes::ZERO; 4];
        for (cell, &v) in values.iter().enumerate() {
            for (k, plane) in planes.iter_mut().enumerate() {
                plane.0[cell / BAND_CELLS] |= u32::from((v >> k) & 1) << (cell % BAND_CELLS);
            }
        }
        planes
    }

    #[test]
    fn every_cell_gets_its_value() {
        let mut values = [0u8; CELLS];
        for seed in 0..64u32 {
            for (cell, v) in values.iter_mut().enumerate() {
                *v = ((cell as u32 * 7 + seed * 13 + (cell as u32 * seed) / 5) % 16) as u8;
            }
            let planes = planes_of(&values);
            for base in [0, b'0'] {
                let expected: Vec<u8> = values.iter().map(|&v| base | v).collect();
                let mut fast = [0xAAu8; CELLS];
                write_cells(&planes, base, &mut fast);
                assert_eq!(fast.to_vec(), expected, "seed {seed} base {base}");
                let mut scalar = [0x55u8; CELLS];
                write_cells_scalar(&planes, base, &mut scalar);
                assert_eq!(scalar.to_vec(), expected, "seed {seed} base {base}");
            }
        }
    }
}
