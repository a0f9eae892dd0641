//! The address ranges of buffer arguments, to reject buffers that cannot exist or that overlap
//! (used by `batch`, `list`, `generate`, `canonical`, `solve`, `read` and `steps`), and the
//! batch calls' checked outputs as slices to write (`output_slice`).

use std::mem::{align_of, size_of, MaybeUninit};
use std::ptr::NonNull;

use super::sudoku_status::{self, SUDOKU_INVALID_ARGUMENT};

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

    /// An optional output (`second`, one value of `U`, NULL when not asked for) beside a required
    /// output of `len` bytes at `first`: `None` for NULL, `Err(SUDOKU_INVALID_ARGUMENT)` unless
    /// both buffers exist (see [`Region::of`]) and share no address, as one would be written
    /// over the other.
    pub(super) fn optional_output<U>(
        first: *const u8,
        len: usize,
        second: *mut U,
    ) -> Result<Option<NonNull<U>>, sudoku_status> {
        let Some(second) = NonNull::new(second) else {
            return Ok(None);
        };
        match (
            Region::of(first, len),
            Region::value(second.as_ptr().cast_const()),
        ) {
            (Some(a), Some(b)) if !a.overlaps(&b) => Ok(Some(second)),
            _ => Err(SUDOKU_INVALID_ARGUMENT),
        }
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

/// The caller's output of `count` values of `T` at `ptr`, as a slice to write: `MaybeUninit`,
/// as the caller's buffer may hold anything. Every batch call's outputs are made this way, once
/// `Region::of` has checked them.
///
/// # Safety
/// `ptr` must be aligned for `T` and point to `count` writable values (at most `isize::MAX`
/// bytes: `Region::of` checks both) that nothing else reads or writes while the slice lives.
pub(super) unsafe fn output_slice<'a, T>(
    ptr: NonNull<T>,
    count: usize,
) -> &'a mut [MaybeUninit<T>] {
    // SAFETY: the caller's guarantee; `MaybeUninit<T>` has `T`'s layout, and any bytes are a
    // valid `MaybeUninit`.
    unsafe { std::slice::from_raw_parts_mut(ptr.as_ptr().cast::<MaybeUninit<T>>(), count) }
}

#[cfg(test)]
mod tests {
    use super::{NonNull, Region, SUDOKU_INVALID_ARGUMENT};

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
    fn an_optional_output_is_taken_when_both_exist_and_share_no_address() {
        use std::ptr::{without_provenance, without_provenance_mut};
        // Addresses only: nothing is read or written.
        let first = without_provenance::<u8>(100);
        let second = |at: usize| without_provenance_mut::<[u8; 8]>(at);
        assert_eq!(
            Region::optional_output(first, 10, second(110)),
            Ok(NonNull::new(second(110)))
        );
        assert_eq!(
            Region::optional_output(first, 10, second(109)),
            Err(SUDOKU_INVALID_ARGUMENT)
        );
        // NULL: not asked for.
        assert_eq!(
            Region::optional_output(first, 10, std::ptr::null_mut::<u32>()),
            Ok(None)
        );
        // Either buffer past the last address cannot exist.
        assert_eq!(
            Region::optional_output(without_provenance(usize::MAX - 4), 10, second(110)),
            Err(SUDOKU_INVALID_ARGUMENT)
        );
        assert_eq!(
            Region::optional_output(first, 10, second(usize::MAX - 4)),
            Err(SUDOKU_INVALID_ARGUMENT)
        );
    }
}
