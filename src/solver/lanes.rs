//! Four 32-bit lanes handled as one value: lanes 0-2 hold the three bands of a digit, lane 3 is
//! always zero. On x86-64 the operations are SSE2 intrinsics (SSE2 is part of every x86-64 CPU,
//! so every kernel may use them), because left to itself the compiler splits many of them into
//! scalar code; on other targets they are plain array loops. See `docs/solver.md`.

#[cfg(target_arch = "x86_64")]
use std::arch::x86_64::*;

/// One digit's candidates (or any per-band mask) over the three bands.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
#[repr(C, align(16))]
pub(super) struct Lanes(pub(super) [u32; 4]);

impl Lanes {
    pub(super) const ZERO: Lanes = Lanes([0; 4]);

    #[inline(always)]
    pub(super) fn and(self, o: Lanes) -> Lanes {
        #[cfg(target_arch = "x86_64")]
        {
            // SAFETY: SSE2 is baseline on x86-64.
            Lanes::from_vector(unsafe { _mm_and_si128(self.to_vector(), o.to_vector()) })
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            let mut r = self.0;
            for (x, y) in r.iter_mut().zip(o.0) {
                *x &= y;
            }
            Lanes(r)
        }
    }

    #[inline(always)]
    pub(super) fn or(self, o: Lanes) -> Lanes {
        #[cfg(target_arch = "x86_64")]
        {
            // SAFETY: SSE2 is baseline on x86-64.
            Lanes::from_vector(unsafe { _mm_or_si128(self.to_vector(), o.to_vector()) })
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            let mut r = self.0;
            for (x, y) in r.iter_mut().zip(o.0) {
                *x |= y;
            }
            Lanes(r)
        }
    }

    /// `self & !o`.
    #[inline(always)]
    pub(super) fn and_not(self, o: Lanes) -> Lanes {
        #[cfg(target_arch = "x86_64")]
        {
            // SAFETY: SSE2 is baseline on x86-64.
            Lanes::from_vector(unsafe { _mm_andnot_si128(o.to_vector(), self.to_vector()) })
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            let mut r = self.0;
            for (x, y) in r.iter_mut().zip(o.0) {
                *x &= !y;
            }
            Lanes(r)
        }
    }

    #[inline(always)]
    pub(super) fn is_zero(self) -> bool {
        self.lanes_differing(Lanes::ZERO) == 0
    }

    /// Bit `i` set for each lane `i` that differs from `o`'s.
    #[inline(always)]
    pub(super) fn lanes_differing(self, o: Lanes) -> u64 {
        #[cfg(target_arch = "x86_64")]
        {
            // SAFETY: SSE2 is baseline on x86-64.
            unsafe {
                let same = _mm_cmpeq_epi32(self.to_vector(), o.to_vector());
                (!_mm_movemask_ps(_mm_castsi128_ps(same)) & 0xF) as u64
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            let mut m = 0;
            for i in 0..4 {
                m |= ((self.0[i] != o.0[i]) as u64) << i;
            }
            m
        }
    }

    /// The number of set bits over all four lanes. On x86-64, lanes 0 and 1 are counted as one
    /// 64-bit word, so three lanes cost two population counts and two moves out of the vector.
    #[inline(always)]
    pub(super) fn count_ones(self) -> u32 {
        #[cfg(target_arch = "x86_64")]
        {
            // SAFETY: SSE2 is baseline on x86-64.
            unsafe {
                let v = self.to_vector();
                let low = _mm_cvtsi128_si64(v) as u64;
                let high = _mm_cvtsi128_si64(_mm_unpackhi_epi64(v, v)) as u64;
                low.count_ones() + high.count_ones()
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            self.0.iter().map(|x| x.count_ones()).sum()
        }
    }

    /// The same value in all four lanes.
    #[inline(always)]
    pub(super) fn splat(v: u32) -> Lanes {
        Lanes([v; 4])
    }

    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    pub(super) fn to_vector(self) -> __m128i {
        // SAFETY: `Lanes` is 16 bytes aligned to 16 (`repr(C, align(16))`); SSE2 is baseline.
        unsafe { _mm_load_si128(self.0.as_ptr().cast()) }
    }

    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn from_vector(v: __m128i) -> Lanes {
        let mut r = Lanes::ZERO;
        // SAFETY: as in `to_vector`, and `r` is writable.
        unsafe { _mm_store_si128(r.0.as_mut_ptr().cast(), v) };
        r
    }

    /// Every lane shifted right by `N` bits (0-31).
    #[inline(always)]
    pub(super) fn shr<const N: i32>(self) -> Lanes {
        #[cfg(target_arch = "x86_64")]
        {
            // SAFETY: SSE2 is baseline on x86-64.
            Lanes::from_vector(unsafe { _mm_srli_epi32::<N>(self.to_vector()) })
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            let mut r = self.0;
            for x in r.iter_mut() {
                *x >>= N;
            }
            Lanes(r)
        }
    }

    /// Every lane shifted left by `N` bits (0-31).
    #[inline(always)]
    pub(super) fn shl<const N: i32>(self) -> Lanes {
        #[cfg(target_arch = "x86_64")]
        {
            // SAFETY: SSE2 is baseline on x86-64.
            Lanes::from_vector(unsafe { _mm_slli_epi32::<N>(self.to_vector()) })
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            let mut r = self.0;
            for x in r.iter_mut() {
                *x <<= N;
            }
            Lanes(r)
        }
    }

    /// Lane `b` takes lane `b + 1` (mod 3) of the bands; lane 3 stays.
    #[inline(always)]
    pub(super) fn next_band(self) -> Lanes {
        #[cfg(target_arch = "x86_64")]
        {
            // Lanes (1, 2, 0, 3): 0b11_00_10_01.
            // SAFETY: SSE2 is baseline on x86-64.
            Lanes::from_vector(unsafe { _mm_shuffle_epi32::<0b11_00_10_01>(self.to_vector()) })
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            let v = self.0;
            Lanes([v[1], v[2], v[0], v[3]])
        }
    }

    /// Lane `b` takes lane `b + 2` (mod 3) of the bands; lane 3 stays.
    #[inline(always)]
    pub(super) fn band_after_next(self) -> Lanes {
        #[cfg(target_arch = "x86_64")]
        {
            // Lanes (2, 0, 1, 3): 0b11_01_00_10.
            // SAFETY: SSE2 is baseline on x86-64.
            Lanes::from_vector(unsafe { _mm_shuffle_epi32::<0b11_01_00_10>(self.to_vector()) })
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            let v = self.0;
            Lanes([v[2], v[0], v[1], v[3]])
        }
    }

    /// `v` in lane `b` (0-3), zero in the others; built in registers, not through memory.
    #[inline(always)]
    pub(super) fn in_lane(b: usize, v: u32) -> Lanes {
        Lanes::splat(v).and(LANE[b & 3])
    }
}

/// All ones in lane `b`, zero elsewhere (see `Lanes::in_lane`).
static LANE: [Lanes; 4] = [
    Lanes([!0, 0, 0, 0]),
    Lanes([0, !0, 0, 0]),
    Lanes([0, 0, !0, 0]),
    Lanes([0, 0, 0, !0]),
];

/// Removes the cells of `at` from every digit's candidates and returns the digits (bit `e` for
/// digit `e + 1`) that had a candidate there. `at` must be nonzero in one lane at most.
///
/// Every store is of a whole `Lanes`: a 4-byte store into a value that is soon loaded whole
/// cannot be forwarded to that load, which then waits for the store to reach the cache.
#[inline(always)]
pub(super) fn take_cells(cand: &mut [Lanes; 9], at: Lanes) -> u32 {
    #[cfg(target_arch = "x86_64")]
    {
        let m = at.to_vector();
        // SAFETY: SSE2 is baseline on x86-64.
        unsafe {
            let mut hit = [_mm_setzero_si128(); 9];
            for (e, h) in hit.iter_mut().enumerate() {
                let v = cand[e].to_vector();
                *h = _mm_and_si128(v, m);
                cand[e] = Lanes::from_vector(_mm_andnot_si128(m, v));
            }
            // A hit has one nonzero lane at most, so OR-ing a digit's lanes together gives its
            // hit in one lane: interleave pairs of digits, then pairs of pairs.
            let fold4 = |h: &[__m128i]| {
                let a = _mm_or_si128(
                    _mm_unpacklo_epi32(h[0], h[1]),
                    _mm_unpackhi_epi32(h[0], h[1]),
                );
                let c = _mm_or_si128(
                    _mm_unpacklo_epi32(h[2], h[3]),
                    _mm_unpackhi_epi32(h[2], h[3]),
                );
                let v = _mm_or_si128(_mm_unpacklo_epi64(a, c), _mm_unpackhi_epi64(a, c));
                Lanes::from_vector(v).lanes_differing(Lanes::ZERO) as u32
            };
            let last = !Lanes::from_vector(hit[8]).is_zero() as u32;
            fold4(&hit[..4]) | fold4(&hit[4..8]) << 4 | last << 8
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let mut lost = 0;
        for (e, x) in cand.iter_mut().enumerate() {
            lost |= (!x.and(at).is_zero() as u32) << e;
            *x = x.and_not(at);
        }
        lost
    }
}
