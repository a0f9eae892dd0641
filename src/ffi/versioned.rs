//! The structs that may grow (`sudoku_generate_options`, `sudoku_rate_options`,
//! `sudoku_read_info`, `sudoku_pattern_options`): each starts with `struct_size`, and fields are only ever appended, so
//! each version of a struct is a prefix of the next. The library reads, and its init calls write,
//! the largest version that fits the size the caller gives (docs/c-api.md, "Structs that grow").

use std::mem::{size_of, MaybeUninit};
use std::ptr;

use super::required;
use super::sudoku_status::{self, *};

/// The largest `struct_size` the library takes in a struct that grows (`sudoku_generate_options`,
/// `sudoku_pattern_options`, `sudoku_rate_options`, `sudoku_read_info`): no version of them will
/// come near it, so a larger size means a struct that no `_init_size` call filled (its first
/// bytes left as they were), refused with `SUDOKU_INVALID_ARGUMENT` rather than read as a newer
/// version with garbage in its fields.
pub const SUDOKU_STRUCT_SIZE_MAX: u32 = 4096;

/// Whether a caller's `struct_size` can be read as one of `versions` (ascending sizes): at
/// least the first and at most [`SUDOKU_STRUCT_SIZE_MAX`].
pub(super) fn size_known(versions: &[usize], struct_size: u32) -> bool {
    struct_size <= SUDOKU_STRUCT_SIZE_MAX
        && versions.first().is_some_and(|&v| v <= struct_size as usize)
}

/// The largest of `versions` (the sizes of a struct's versions in bytes, ascending) that fits in
/// `size` bytes, or `None` when even the first does not.
pub(super) fn version_fitting(versions: &[usize], size: usize) -> Option<usize> {
    versions.iter().rev().copied().find(|&v| v <= size)
}

/// Writes a fresh struct into the caller's `size` bytes at `dest`: the largest of `versions`
/// that fits, built over zeroed bytes (so its padding is zero too) by `fill`, which gets a
/// pointer to the struct and that version's size for `struct_size`. Nothing past the version's
/// bytes is written. Errors: `SUDOKU_NULL_POINTER` (`dest` NULL), `SUDOKU_INVALID_ARGUMENT`
/// (`size` below the first version); nothing is written then.
///
/// # Safety
/// `dest` must be NULL or point to `size` writable bytes; `versions` must be at most
/// `size_of::<T>()`; `fill` must write only through the pointer it gets, field by field.
pub(super) unsafe fn init<T>(
    dest: *mut T,
    size: usize,
    versions: &[usize],
    fill: impl FnOnce(*mut T, u32),
) -> Result<(), sudoku_status> {
    let dest = required(dest)?;
    let version = version_fitting(versions, size).ok_or(SUDOKU_INVALID_ARGUMENT)?;
    debug_assert!(version <= size_of::<T>());
    let mut fresh = MaybeUninit::<T>::zeroed();
    fill(fresh.as_mut_ptr(), version as u32);
    // SAFETY: `fresh` is a local whose every byte is initialized (zeroed, then fields written in
    // place, which leaves the padding zero); `version` bytes of it (at most its size) go to the
    // caller's `size` writable bytes (`version <= size`), which cannot overlap a local.
    unsafe {
        ptr::copy_nonoverlapping(
            fresh.as_ptr().cast::<u8>(),
            dest.as_ptr().cast::<u8>(),
            version,
        )
    };
    Ok(())
}

/// A caller's struct read over `defaults`: the largest of `versions` (ascending sizes) that
/// fits its `struct_size`, copied byte for byte over `defaults`, so that the fields past the
/// caller's version keep their defaults (a caller compiled against an older, smaller struct gets
/// the defaults of the fields added since; a size between two versions' is taken as the older
/// one's, so that no field is read in part). `src` NULL gives `defaults`. Errors:
/// `SUDOKU_INVALID_ARGUMENT` (`struct_size` below the first version, or above
/// [`SUDOKU_STRUCT_SIZE_MAX`]).
///
/// # Safety
/// `src` must be NULL or point to a readable struct whose first field is a `u32` `struct_size`
/// and which has at least `struct_size` readable bytes; `T` must be a `repr(C)` struct of plain
/// integers (valid for any bytes); `versions` must be at most `size_of::<T>()`.
pub(super) unsafe fn read<T: Copy>(
    src: *const T,
    versions: &[usize],
    defaults: T,
) -> Result<T, sudoku_status> {
    let Some(src) = std::ptr::NonNull::new(src.cast_mut()) else {
        return Ok(defaults);
    };
    // SAFETY: non-NULL; the caller guarantees a struct whose first field is a u32 struct_size.
    let struct_size = unsafe { src.as_ptr().cast::<u32>().read_unaligned() };
    if !size_known(versions, struct_size) {
        return Err(SUDOKU_INVALID_ARGUMENT);
    }
    let known = version_fitting(versions, struct_size as usize).ok_or(SUDOKU_INVALID_ARGUMENT)?;
    debug_assert!(known <= size_of::<T>());
    let mut raw = defaults;
    // SAFETY: the caller guarantees `struct_size` readable bytes at `src`, and `known` is at most
    // that and at most the size of `raw`; the two do not overlap (`raw` is a local), and every
    // field of `T` is a plain integer, valid for any bytes.
    unsafe {
        ptr::copy_nonoverlapping(
            src.as_ptr().cast::<u8>(),
            ptr::addr_of_mut!(raw).cast::<u8>(),
            known,
        )
    };
    Ok(raw)
}

#[cfg(test)]
mod tests {
    use super::{size_known, version_fitting, SUDOKU_STRUCT_SIZE_MAX};

    #[test]
    fn sizes_are_known_from_the_first_version_to_the_cap() {
        let versions = [32, 40];
        assert!(!size_known(&versions, 31));
        assert!(size_known(&versions, 32));
        assert!(size_known(&versions, SUDOKU_STRUCT_SIZE_MAX));
        assert!(!size_known(&versions, SUDOKU_STRUCT_SIZE_MAX + 1));
        assert!(!size_known(&versions, 0xA5A5_A5A5));
    }

    #[test]
    fn the_largest_version_that_fits_is_taken() {
        let versions = [32, 40];
        assert_eq!(version_fitting(&versions, 0), None);
        assert_eq!(version_fitting(&versions, 31), None);
        assert_eq!(version_fitting(&versions, 32), Some(32));
        assert_eq!(version_fitting(&versions, 39), Some(32));
        assert_eq!(version_fitting(&versions, 40), Some(40));
        assert_eq!(version_fitting(&versions, usize::MAX), Some(40));
    }
}
