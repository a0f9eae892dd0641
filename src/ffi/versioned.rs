//! The structs that may grow (`sudoku_generate_options`, `sudoku_rate_options`,
//! `sudoku_read_info`): each starts with `struct_size`, and fields are only ever appended, so
//! each version of a struct is a prefix of the next. The library reads, and its init calls write,
//! the largest version that fits the size the caller gives (docs/c-api.md, "Structs that grow").

use std::mem::{size_of, MaybeUninit};
use std::ptr;

use super::required;
use super::sudoku_status::{self, *};

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

#[cfg(test)]
mod tests {
    use super::version_fitting;

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
