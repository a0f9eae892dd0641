//! The address ranges of buffer arguments, to reject buffers that cannot exist or that overlap
//! (used by `batch`, `list`, `generate`, `canonical`, `read` and `steps`).

use std::mem::{align_of, size_of};

/// The addresses a buffer argument covers: `len` bytes from `start`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Region {
    start: usize,
    len: usize,
}

impl Region {
    /// The region of `count` values of `T` at `ptr`, or `None` when no such buffer can exist:
    /// more than `isize::MAX` bytes (the most a slice may span), an end past the last address,
    /// or `ptr` misaligned for `T`.
    pub(super) fn of<T>(ptr: *const T, count: usize) -> Option<Region> {
        let len = count
            .checked_mul(size_of::<T>())
            .filter(|&n| n <= isize::MAX as usize)?;
        let start = ptr as usize;
        start.checked_add(len)?;
        start
            .is_multiple_of(align_of::<T>())
            .then_some(Region { start, len })
    }

    /// The bytes of one value of `T` at `ptr`, at any alignment (outputs written unaligned);
    /// `None` when its end would pass the last address.
    pub(super) fn value<T>(ptr: *const T) -> Option<Region> {
        Region::of(ptr.cast::<u8>(), size_of::<T>())
    }

    /// Whether two output buffers can both be written without one writing over the other: both
    /// exist (see [`Region::of`]) and share no address.
    pub(super) fn apart(a: Option<Region>, b: Option<Region>) -> bool {
        matches!((a, b), (Some(a), Some(b)) if !a.overlaps(&b))
    }

    /// Whether two of `regions` share an address.
    pub(super) fn any_overlap(regions: &[Region]) -> bool {
        regions
            .iter()
            .enumerate()
            .any(|(i, a)| regions[i + 1..].iter().any(|b| a.overlaps(b)))
    }

    /// Whether the two regions share an address (an empty region shares none).
    pub(super) fn overlaps(&self, other: &Region) -> bool {
        self.len > 0
            && other.len > 0
            && self.start < other.start + other.len
            && other.start < self.start + self.len
    }
}

#[cfg(test)]
mod tests {
    use super::Region;

    fn region(start: usize, len: usize) -> Region {
        Region { start, len }
    }

    #[test]
    fn a_region_spans_count_values_of_its_type() {
        let p = 0x1000 as *const u32;
        assert_eq!(Region::of(p, 3), Some(region(0x1000, 12)));
        assert_eq!(Region::of(p, 0), Some(region(0x1000, 0)));
        let boards = 0x1001 as *const [u8; 81];
        assert_eq!(Region::of(boards, 2), Some(region(0x1001, 162)));
        // NULL with no values is an empty region (the caller checks NULL itself).
        assert_eq!(Region::of(std::ptr::null::<u32>(), 0), Some(region(0, 0)));
    }

    #[test]
    fn impossible_regions_are_none() {
        // Too many bytes: the product overflows, or exceeds isize::MAX.
        assert_eq!(Region::of(0x1000 as *const u32, usize::MAX), None);
        assert_eq!(Region::of(0x1000 as *const u32, usize::MAX / 4), None);
        assert_eq!(
            Region::of(0x1000 as *const [u8; 81], usize::MAX / 81 + 1),
            None
        );
        let most = isize::MAX as usize;
        assert_eq!(
            Region::of(std::ptr::null::<u8>(), most),
            Some(region(0, most))
        );
        assert_eq!(Region::of(std::ptr::null::<u8>(), most + 1), None);
        // Past the last address.
        assert_eq!(
            Region::of((usize::MAX - 8) as *const u8, 8),
            Some(region(usize::MAX - 8, 8))
        );
        assert_eq!(Region::of((usize::MAX - 8) as *const u8, 9), None);
        // Misaligned for the type.
        assert_eq!(Region::of(0x1002 as *const u32, 1), None);
        assert_eq!(Region::of(0x1001 as *const u32, 0), None);
    }

    #[test]
    fn regions_overlap_when_they_share_an_address() {
        let a = region(100, 10);
        assert!(a.overlaps(&a));
        assert!(a.overlaps(&region(109, 5)));
        assert!(region(95, 6).overlaps(&a));
        assert!(a.overlaps(&region(102, 2)));
        assert!(region(90, 30).overlaps(&a));
        // Adjacent regions do not overlap.
        assert!(!a.overlaps(&region(110, 5)));
        assert!(!region(90, 10).overlaps(&a));
        // An empty region overlaps nothing, not even at the same address.
        assert!(!a.overlaps(&region(105, 0)));
        assert!(!region(105, 0).overlaps(&a));
        assert!(!region(100, 0).overlaps(&region(100, 0)));
    }

    #[test]
    fn outputs_are_apart_when_both_exist_and_share_no_address() {
        let a = region(100, 10);
        assert!(Region::apart(Some(a), Some(region(110, 8))));
        assert!(!Region::apart(Some(a), Some(region(109, 8))));
        assert!(!Region::apart(None, Some(a)));
        assert!(!Region::apart(Some(a), None));
    }
}
