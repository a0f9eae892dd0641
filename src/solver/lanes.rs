//! Four 32-bit lanes handled as one value: lanes 0-2 hold the three bands of a digit, lane 3 is
//! always zero. Written as plain array loops, which the compiler turns into one SSE2 instruction
//! per operation on x86-64 (and NEON on AArch64), with a scalar fallback everywhere else.

/// One digit's candidates (or any per-band mask) over the three bands.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
#[repr(C, align(16))]
pub(super) struct Lanes(pub(super) [u32; 4]);

impl Lanes {
    pub(super) const ZERO: Lanes = Lanes([0; 4]);

    #[inline(always)]
    pub(super) fn and(self, o: Lanes) -> Lanes {
        let mut r = [0; 4];
        for i in 0..4 {
            r[i] = self.0[i] & o.0[i];
        }
        Lanes(r)
    }

    #[inline(always)]
    pub(super) fn or(self, o: Lanes) -> Lanes {
        let mut r = [0; 4];
        for i in 0..4 {
            r[i] = self.0[i] | o.0[i];
        }
        Lanes(r)
    }

    /// `self & !o`.
    #[inline(always)]
    pub(super) fn and_not(self, o: Lanes) -> Lanes {
        let mut r = [0; 4];
        for i in 0..4 {
            r[i] = self.0[i] & !o.0[i];
        }
        Lanes(r)
    }

    #[inline(always)]
    pub(super) fn is_zero(self) -> bool {
        (self.0[0] | self.0[1]) | (self.0[2] | self.0[3]) == 0
    }

    /// Bit `i` set for each lane `i` that differs from `o`'s.
    #[inline(always)]
    pub(super) fn lanes_differing(self, o: Lanes) -> u64 {
        let mut m = 0;
        for i in 0..4 {
            m |= ((self.0[i] != o.0[i]) as u64) << i;
        }
        m
    }
}
