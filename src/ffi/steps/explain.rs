//! A step in one line of English (`sudoku_step_explain`), from any bytes a caller hands in.

use std::ffi::c_char;
use std::ptr;

use super::sudoku_step;
use crate::ffi::region::Region;
use crate::ffi::sudoku_status::{self, *};
use crate::ffi::{guard, required};

/// A step in one line of English, for example `Hidden Single in box 5: r4c6 = 7` or `X-Wing on
/// 7 in rows 2 and 8: removes 7 from r3c4, r5c4` (the form: `docs/steps.md`, "Through C, the programs and Python", **Explanations**).
/// Cells are `rNcM` (row and column 1-9); chains are written node by node, `r1c2=5 -> r1c7<>5`.
///
/// `step`: a step as `sudoku_hint` or `sudoku_solve_path` wrote it; only read. `text`: `size`
/// writable bytes (NULL allowed when `size` is 0); on `SUDOKU_OK` it receives the ASCII text
/// and a NUL. `needed`: NULL, or receives the bytes the text needs, NUL included, on
/// `SUDOKU_OK` and `SUDOKU_BUFFER_TOO_SMALL`. When `size` is smaller: `SUDOKU_BUFFER_TOO_SMALL`
/// and `text` is left untouched. 256 bytes hold the text of any step without a chain that
/// `sudoku_hint` or `sudoku_solve_path` gives (the longest seen: 198 bytes); a step built by
/// hand may need more (an X-Wing removing a candidate from every cell: 513 bytes), as
/// `*needed` then says.
///
/// Returns `SUDOKU_OK`, `SUDOKU_BUFFER_TOO_SMALL`, `SUDOKU_NULL_POINTER` (`step` NULL, or
/// `text` NULL with a non-zero `size`), `SUDOKU_INVALID_ARGUMENT` (a field out of range: an
/// unknown technique, a rating above 255, `cell` above 80, `digit` above 9, bits set beyond the
/// 729 candidates, 81 cells, 27 houses or 9 digits, `chain_len` above 128, a chain entry with
/// bits 10-14 set or a candidate above 728, `chain_truncated` above 1; a `size` whose buffer
/// could not exist, or `needed` overlapping `text`'s `size` bytes; or fields that no step of
/// the engine has together: a rating below the technique's, a `cell` other than 0 with `digit`
/// 0, a step that neither places nor removes, a single or direct technique that places
/// nothing, a single that removes candidates, a direct technique that removes none, a
/// technique from pointing to the cycles (8-37) that places a digit, a placed digit also
/// removed from its cell, chain entries on a technique that is not a chain (below 35), a chain
/// technique whose entries do not start with a candidate or hold two branch ends in a row) or
/// `SUDOKU_INTERNAL_ERROR`. Those are all the checks: a step is not compared with any board
/// or with its own pattern, so a placement outside its houses, digits other than the one
/// placed or an elimination in its own cells are explained as given (a step from `sudoku_hint`
/// or `sudoku_solve_path` is always consistent). Thread-safe; it allocates the text while it
/// is built.
///
/// # Safety
/// `step` must be NULL or point to a readable `sudoku_step`; `text` NULL or `size` writable
/// bytes; `needed` NULL or a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn sudoku_step_explain(
    step: *const sudoku_step,
    text: *mut c_char,
    size: usize,
    needed: *mut usize,
) -> sudoku_status {
    guard(|| {
        let step = required(step.cast_mut())?;
        if text.is_null() && size > 0 {
            return Err(SUDOKU_NULL_POINTER);
        }
        // Both are outputs: one overlapping the other would be written over.
        let Some(text_region) = Region::of(text.cast_const().cast::<u8>(), size) else {
            return Err(SUDOKU_INVALID_ARGUMENT);
        };
        if !needed.is_null() {
            let needed_region = Region::value(needed.cast_const());
            if needed_region.is_none_or(|n| n.overlaps(&text_region)) {
                return Err(SUDOKU_INVALID_ARGUMENT);
            }
        }
        // SAFETY: non-NULL, and the caller guarantees a readable sudoku_step; an unaligned read
        // copies it whatever the alignment. Every bit pattern is a valid sudoku_step (integers
        // only), so reading untrusted memory is sound; its fields are checked next.
        let raw = unsafe { step.as_ptr().read_unaligned() };
        let step = raw.engine_step().ok_or(SUDOKU_INVALID_ARGUMENT)?;
        let explained = step.explain();
        let need = explained.len() + 1;
        if let Some(needed) = ptr::NonNull::new(needed) {
            // SAFETY: non-NULL, and the caller guarantees a writable size_t.
            unsafe { needed.write_unaligned(need) };
        }
        if size < need {
            return Err(SUDOKU_BUFFER_TOO_SMALL);
        }
        // SAFETY: need <= size bytes: the caller guarantees `size` writable bytes at `text`
        // (non-NULL when size > 0, and size >= need >= 1); the source is our own string,
        // which cannot overlap the caller's buffer.
        unsafe {
            ptr::copy_nonoverlapping(explained.as_ptr(), text.cast::<u8>(), explained.len());
            text.add(explained.len()).write(0);
        }
        Ok(())
    })
}
