//! The canonical (minlex) form and transformations of a board: `sudoku_canonicalize`,
//! `sudoku_transform_apply` (and `sudoku_transform_apply_candidates` for candidate puzzles),
//! `sudoku_transform_invert` and `sudoku_transform_random`, with the transformation type
//! `sudoku_transform`.

use std::ffi::c_char;
use std::panic::catch_unwind;
use std::ptr::NonNull;

use super::batch::{Boards, Text};
use super::candidates::read_candidates;
use super::region::{output_slice, Region};
use super::sudoku_status::{self, *};
use super::{board_ref, guard, required};
use crate::batch;
use crate::board::Board;
use crate::canonical::{self, Transform};
use crate::fault;
use crate::generator;
use crate::geometry::CELLS;

/// A validity-preserving transformation of a board (see docs/canonical.md).
///
/// Applied to a board `in`, it gives the board `out` whose cell at row `r`, column `c` (0-8) is
/// `digits[d]`, where `d` is the value (0 for a blank, 1-9) of cell (`rows[r]`, `columns[c]`)
/// of `in`, or of `in` transposed (cell (`columns[c]`, `rows[r]`) of `in`) when `transpose` is
/// one. A transformation is valid when: `transpose` is 0 or 1; `rows` is a permutation of 0-8
/// whose entries 0-2, 3-5 and 6-8 each lie in one band (rows 0-2, 3-5 or 6-8), so bands move
/// whole and rows move within their band; the same for `columns` and stacks; `digits[0]` is 0
/// and `digits[1]`-`digits[9]` are a permutation of 1-9. Valid transformations map valid boards
/// to valid boards with as many solutions; there are 2 × 6^8 × 9! of them.
///
/// The layout is fixed (29 bytes, no padding): the struct will not grow.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct sudoku_transform {
    /// 1: transpose the board (rows become columns) before permuting; 0: do not.
    pub transpose: u8,
    /// `rows[r]`: the row (0-8, after any transposition) that becomes row `r`.
    pub rows: [u8; 9],
    /// `columns[c]`: the column (0-8, after any transposition) that becomes column `c`.
    pub columns: [u8; 9],
    /// `digits[d]`: the digit that `d` (1-9) becomes; `digits[0]` is 0 (blanks stay blank).
    pub digits: [u8; 10],
}

impl From<Transform> for sudoku_transform {
    fn from(t: Transform) -> sudoku_transform {
        sudoku_transform {
            transpose: t.transpose as u8,
            rows: t.rows,
            columns: t.columns,
            digits: t.digits,
        }
    }
}

impl sudoku_transform {
    /// The transformation as the core's type, `Err(SUDOKU_INVALID_ARGUMENT)` unless valid.
    fn checked(&self) -> Result<Transform, sudoku_status> {
        if self.transpose > 1 {
            return Err(SUDOKU_INVALID_ARGUMENT);
        }
        let t = Transform {
            transpose: self.transpose == 1,
            rows: self.rows,
            columns: self.columns,
            digits: self.digits,
        };
        t.check().map_err(|_| SUDOKU_INVALID_ARGUMENT)?;
        Ok(t)
    }
}

/// The caller's transformation, copied (`Err(SUDOKU_NULL_POINTER)` when NULL).
///
/// # Safety
/// `transform` must be NULL or point to a readable `sudoku_transform`.
unsafe fn transform_ref(
    transform: *const sudoku_transform,
) -> Result<sudoku_transform, sudoku_status> {
    let transform = required(transform.cast_mut())?;
    // SAFETY: non-NULL, and the caller guarantees a readable sudoku_transform; every bit pattern
    // is a valid value of its u8 fields, and the read is unaligned-safe (alignment 1 anyway).
    Ok(unsafe { transform.as_ptr().read_unaligned() })
}

/// Writes 81 bytes to `out` (NULL-checked before, by the caller).
///
/// # Safety
/// `out` must point to 81 writable bytes, not borrowed elsewhere during the write.
unsafe fn write_board(out: std::ptr::NonNull<c_char>, bytes: &[u8; CELLS]) {
    // SAFETY: the caller guarantees 81 writable bytes; `bytes` is a local copy, so the two
    // ranges do not overlap even when `out` is the caller's input board.
    unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), out.as_ptr().cast::<u8>(), CELLS) };
}

/// Writes the canonical (minlex) form of a board and, when asked, a transformation that maps
/// the board to it.
///
/// `board`: 81 bytes, row-major, `'1'`-`'9'` for givens and `'.'` or `'0'` for blanks; only
/// read. Any valid board works: a puzzle, a solution grid, the empty board; a board need not
/// have a solution. `canonical`: 81 writable bytes (no NUL is written); may be the same buffer
/// as `board` or overlap it in any way (the board is read whole before anything is written).
/// `transform`: NULL, or where to write a transformation `t` with
/// `sudoku_transform_apply(t, board) == canonical`; it may overlap `board`, not `canonical`.
///
/// The canonical form is the smallest of the boards equivalent to `board` (under transposition,
/// band and row-within-band permutations, stack and column-within-stack permutations and digit
/// relabelling), compared as 81-character strings with blanks counting as `'0'`, below every
/// digit. Two boards are equivalent exactly when their canonical forms are equal. It is written
/// with `'.'` for blanks and `'1'`-`'9'` for digits. This is the minlex form of the Sudoku
/// community (New Sudoku Players' Forum; Glenn Fowler's `sudoku` program); the search is a
/// row-by-row branch-and-bound over partial transformations (docs/canonical.md). When several
/// transformations give the form (a board with automorphisms), one of them is written, always
/// the same for the same board; digits absent from the board are mapped in increasing order
/// after the others.
///
/// On any status but `SUDOKU_OK` nothing is written. Returns `SUDOKU_OK`,
/// `SUDOKU_NULL_POINTER` (`board` or `canonical` is NULL), `SUDOKU_INVALID_ARGUMENT`
/// (`transform` overlaps `canonical`), `SUDOKU_INVALID_CHARACTER`,
/// `SUDOKU_CONFLICTING_GIVENS` (two equal givens in a house: such a board is not a puzzle, and
/// is refused rather than canonicalized) or `SUDOKU_INTERNAL_ERROR`. Thread-safe; allocates a
/// little working memory (more for boards with many automorphisms); about 3 µs for a
/// 17-30-given puzzle, 20-35 µs for a solution grid.
///
/// # Safety
/// `board` must be NULL or point to 81 readable bytes; `canonical` must be NULL or point to 81
/// writable bytes; `transform` must be NULL or point to a writable `sudoku_transform`.
#[no_mangle]
pub unsafe extern "C" fn sudoku_canonicalize(
    board: *const c_char,
    canonical: *mut c_char,
    transform: *mut sudoku_transform,
) -> sudoku_status {
    guard(|| {
        required(board.cast_mut())?;
        let out = required(canonical)?;
        let transform =
            Region::optional_output(out.as_ptr().cast_const().cast::<u8>(), CELLS, transform)?;
        // SAFETY: the caller guarantees 81 readable bytes; they are copied before any write,
        // so `canonical` may be the same buffer.
        let text = *unsafe { board_ref(board) }?;
        let (form, t) = canonical::canonicalize(&Board::parse(&text)?);
        // SAFETY: non-NULL (checked above) and the caller guarantees 81 writable bytes.
        unsafe { write_board(out, &form.to_bytes()) };
        if let Some(transform) = transform {
            // SAFETY: non-NULL, and the caller guarantees a writable sudoku_transform.
            unsafe { transform.write_unaligned(t.into()) };
        }
        Ok(())
    })
}

/// Writes the canonical forms of `count` boards, and when asked their transformations, on
/// several threads: board `i` as `sudoku_canonicalize` does.
///
/// `boards`: `81 * count` bytes, board `i` at bytes `81 * i` to `81 * i + 80`, each as for
/// `sudoku_canonicalize`; only read. `canonical`: `81 * count` writable bytes, form `i` at the
/// same place as board `i`; it may be the same pointer as `boards` (canonicalized in place) and
/// must not overlap it otherwise. `transforms`: NULL, or `count` writable `sudoku_transform`
/// (29 bytes each, any alignment), `transforms[i]` mapping board `i` to form `i`. `statuses`:
/// `count` writable `sudoku_status`, `statuses[i]` what `sudoku_canonicalize` returns for board
/// `i`: `SUDOKU_OK`, `SUDOKU_INVALID_CHARACTER`, `SUDOKU_CONFLICTING_GIVENS` or
/// `SUDOKU_INTERNAL_ERROR`; form `i` and `transforms[i]` are written only when it is
/// `SUDOKU_OK` (in place, a board that fails stays as it was). `threads`: as for
/// `sudoku_solve_batch` (0: every core available; the calling thread included; the threads
/// have ended when the call returns). The results do not depend on the thread count, and are
/// those of `sudoku_canonicalize` board by board.
///
/// Returns `SUDOKU_OK` when the arguments are valid, whatever each board's status;
/// `SUDOKU_NULL_POINTER` (`boards`, `canonical` or `statuses` NULL, also when `count` is 0);
/// `SUDOKU_INVALID_ARGUMENT` (a `count` whose buffers could not exist, a misaligned
/// `statuses`, `canonical` overlapping `boards` without being equal to it, or `transforms` or
/// `statuses` overlapping any other buffer), and then nothing is written;
/// `SUDOKU_INTERNAL_ERROR` if the call itself failed (then some outputs may already be
/// written). `count` 0 with valid pointers is `SUDOKU_OK` and writes nothing. Thread-safe, on
/// distinct outputs; about 3 µs a 17-30-given puzzle on one core, as `sudoku_canonicalize`.
///
/// # Safety
/// `boards` NULL or `81 * count` readable bytes; `canonical` NULL or `81 * count` writable
/// bytes; `transforms` NULL or `count` writable `sudoku_transform`; `statuses` NULL or `count`
/// writable `sudoku_status`.
#[no_mangle]
pub unsafe extern "C" fn sudoku_canonicalize_batch(
    boards: *const c_char,
    count: usize,
    canonical: *mut c_char,
    transforms: *mut sudoku_transform,
    statuses: *mut sudoku_status,
    threads: usize,
) -> sudoku_status {
    guard(|| {
        let boards = required(boards.cast_mut())?.cast::<Text>();
        let canonical = required(canonical)?.cast::<Text>();
        let statuses = required(statuses)?;
        let transforms = NonNull::new(transforms);
        let (Some(input), Some(output), Some(codes)) = (
            Region::of(boards.as_ptr(), count),
            Region::of(canonical.as_ptr(), count),
            Region::of(statuses.as_ptr(), count),
        ) else {
            return Err(SUDOKU_INVALID_ARGUMENT);
        };
        let maps = transforms
            .map(|t| Region::of(t.as_ptr(), count).ok_or(SUDOKU_INVALID_ARGUMENT))
            .transpose()?;
        if (boards != canonical && input.overlaps(&output))
            || codes.overlaps(&input)
            || codes.overlaps(&output)
            || maps.is_some_and(|m| m.overlaps(&input) || m.overlaps(&output) || m.overlaps(&codes))
        {
            return Err(SUDOKU_INVALID_ARGUMENT);
        }
        if count == 0 {
            return Ok(());
        }
        // SAFETY: non-NULL, alignment 1, `count` boards each (at most isize::MAX bytes,
        // checked), readable and writable as the caller guarantees; equal or apart (checked),
        // and no other output overlaps them.
        let texts = unsafe { Boards::new(boards, canonical, count) };
        // SAFETY: aligned (checked by `Region::of`), `count` writable statuses the caller
        // guarantees, overlapping no other buffer.
        let statuses = unsafe { output_slice(statuses, count) };
        // SAFETY: as for `statuses` (alignment 1).
        let transforms = transforms.map(|t| unsafe { output_slice(t, count) });
        batch::for_each_chunk(
            count,
            threads,
            (texts, statuses, transforms),
            |_, (mut texts, statuses, mut transforms)| {
                for (i, status) in statuses.iter_mut().enumerate() {
                    let mut found = None;
                    status.write(texts.map(i, |text| {
                        let (form, t) = canonicalize_one(text)?;
                        found = Some(t);
                        Ok(form)
                    }));
                    if let (Some(t), Some(transforms)) = (found, transforms.as_mut()) {
                        transforms[i].write(t.into());
                    }
                }
            },
        );
        Ok(())
    })
}

/// One board of `sudoku_canonicalize_batch`: its form and transformation, or its status. A
/// panic (a bug) becomes `SUDOKU_INTERNAL_ERROR` for this board alone.
fn canonicalize_one(text: &Text) -> Result<(Text, Transform), sudoku_status> {
    let work = || {
        fault::point(text);
        let (form, t) = canonical::canonicalize(&Board::parse(text)?);
        Ok((form.to_bytes(), t))
    };
    match catch_unwind(work) {
        Ok(result) => result,
        Err(_) => Err(SUDOKU_INTERNAL_ERROR),
    }
}

/// Applies a transformation to a board (see `sudoku_transform` for the definition).
///
/// `transform`: a valid transformation, only read. `board`: 81 bytes as for
/// `sudoku_canonicalize`, only read. `out`: 81 writable bytes, `'.'` for blanks and
/// `'1'`-`'9'` for digits; may be the same buffer as `board`, or overlap it or `transform` in
/// any way (both are read whole before anything is written). The result of a valid board is a
/// valid board. `sudoku_transform_apply(t, board, out)` with the `t` that
/// `sudoku_canonicalize(board, canonical, &t)` wrote gives `out == canonical`.
///
/// On any status but `SUDOKU_OK` nothing is written. Returns `SUDOKU_OK`,
/// `SUDOKU_NULL_POINTER` (any argument is NULL), `SUDOKU_INVALID_ARGUMENT` (the transformation
/// is not valid), `SUDOKU_INVALID_CHARACTER`, `SUDOKU_CONFLICTING_GIVENS` or
/// `SUDOKU_INTERNAL_ERROR`. Thread-safe; no allocation.
///
/// # Safety
/// `transform` must be NULL or point to a readable `sudoku_transform`; `board` must be NULL or
/// point to 81 readable bytes; `out` must be NULL or point to 81 writable bytes.
#[no_mangle]
pub unsafe extern "C" fn sudoku_transform_apply(
    transform: *const sudoku_transform,
    board: *const c_char,
    out: *mut c_char,
) -> sudoku_status {
    guard(|| {
        required(transform.cast_mut())?;
        required(board.cast_mut())?;
        let out = required(out)?;
        // SAFETY: non-NULL; the caller guarantees a readable sudoku_transform.
        let t = unsafe { transform_ref(transform) }?.checked()?;
        // SAFETY: the caller guarantees 81 readable bytes; copied before any write.
        let text = *unsafe { board_ref(board) }?;
        let image =
            canonical::transform(&Board::parse(&text)?, &t).map_err(|_| SUDOKU_INVALID_ARGUMENT)?;
        // SAFETY: non-NULL (checked above) and the caller guarantees 81 writable bytes.
        unsafe { write_board(out, &image.to_bytes()) };
        Ok(())
    })
}

/// Applies a transformation to a candidate (pencilmark) puzzle: each cell's candidates move
/// as a cell's digit does in `sudoku_transform_apply`, and each candidate digit `d` becomes
/// `digits[d]`. For a game or a study that works on pencilmarks, so that the marks follow a
/// puzzle shown in another guise (and `sudoku_transform_invert` brings them back).
///
/// `transform`: a valid transformation, only read. `candidates`: 81 `uint16_t` masks, as for
/// `sudoku_solve_candidates` (digit `d` of cell `i` is bit `d - 1` of `candidates[i]`,
/// row-major; 162 bytes read at any alignment). `out`: 81 writable `uint16_t` (any alignment);
/// may be the same buffer as `candidates`, or overlap it in any way (read whole before any
/// write). Any masks up to `0x1FF` are taken, also those of a puzzle without solution (a cell
/// with no candidate, two equal singles in a house): the image has as many solutions, each the
/// image of one of the puzzle's, and candidates built from a board (`sudoku_board_candidates`)
/// have as image the candidates built from the board's image. Which fault of a puzzle without
/// solution `sudoku_validate_candidates` names first follows the order of the cells, so a
/// puzzle with both kinds may show the other in its image.
///
/// On any status but `SUDOKU_OK` nothing is written. Returns `SUDOKU_OK`,
/// `SUDOKU_NULL_POINTER` (any argument is NULL), `SUDOKU_INVALID_ARGUMENT` (the transformation
/// is not valid, or a mask is above `0x1FF`) or `SUDOKU_INTERNAL_ERROR`. Thread-safe; no
/// allocation.
///
/// # Safety
/// `transform` must be NULL or point to a readable `sudoku_transform`; `candidates` must be NULL
/// or point to 81 readable `uint16_t`; `out` must be NULL or point to 81 writable `uint16_t`.
#[no_mangle]
pub unsafe extern "C" fn sudoku_transform_apply_candidates(
    transform: *const sudoku_transform,
    candidates: *const u16,
    out: *mut u16,
) -> sudoku_status {
    guard(|| {
        required(transform.cast_mut())?;
        required(candidates.cast_mut())?;
        let out = required(out)?;
        // SAFETY: non-NULL; the caller guarantees a readable sudoku_transform.
        let t = unsafe { transform_ref(transform) }?.checked()?;
        // SAFETY: non-NULL; the caller guarantees 81 readable `uint16_t`, copied before any
        // write, so `out` may be the same buffer.
        let candidates = unsafe { read_candidates(candidates) }?;
        let image = canonical::transform_candidates(&candidates, &t)
            .map_err(|_| SUDOKU_INVALID_ARGUMENT)?;
        // SAFETY: non-NULL, and the caller guarantees 81 writable `uint16_t`; an unaligned
        // write stores them whatever the pointer's alignment, from a local copy.
        unsafe { out.cast::<[u16; CELLS]>().write_unaligned(*image.masks()) };
        Ok(())
    })
}

/// Writes the inverse of a transformation: applying `transform` and then `inverse` gives back
/// the board (so `inverse` maps the canonical form back to the board `sudoku_canonicalize`
/// read).
///
/// `transform`: a valid transformation, only read. `inverse`: where to write; may be the same
/// struct as `transform`. Without transposition the inverse inverts each permutation; with it,
/// the inverse's `rows` invert `columns` and its `columns` invert `rows` (transposition swaps
/// them), and `transpose` stays 1.
///
/// On any status but `SUDOKU_OK` nothing is written. Returns `SUDOKU_OK`,
/// `SUDOKU_NULL_POINTER` (either argument is NULL), `SUDOKU_INVALID_ARGUMENT` (the
/// transformation is not valid) or `SUDOKU_INTERNAL_ERROR`. Thread-safe; no allocation.
///
/// # Safety
/// `transform` must be NULL or point to a readable `sudoku_transform`; `inverse` must be NULL or
/// point to a writable `sudoku_transform`.
#[no_mangle]
pub unsafe extern "C" fn sudoku_transform_invert(
    transform: *const sudoku_transform,
    inverse: *mut sudoku_transform,
) -> sudoku_status {
    guard(|| {
        required(transform.cast_mut())?;
        let inverse = required(inverse)?;
        // SAFETY: non-NULL; the caller guarantees a readable sudoku_transform (copied, so
        // `inverse` may be the same struct).
        let t = unsafe { transform_ref(transform) }?.checked()?;
        // SAFETY: non-NULL, and the caller guarantees a writable sudoku_transform.
        unsafe { inverse.write_unaligned(t.inverse().into()) };
        Ok(())
    })
}

/// Writes a random valid transformation drawn from `seed`: each of the 2 × 6^8 × 9!
/// transformations equally likely, and the same one for the same seed on every platform and
/// thread count (for a given major version of the library). Applied to a puzzle with
/// `sudoku_transform_apply`, it shows the puzzle as a new one: the image has as many solutions
/// and givens and the same canonical form. Its Sudoku Explainer rating is almost always the
/// same, not always: SE's path (and so `sudoku_rate`'s) takes the first step found in its order
/// of techniques, cells and digits, and the transformation changes the cells' and digits'
/// order (docs/canonical.md: 250 of the 100,000 random minimal puzzles had an image rated
/// differently, most by 0.1, six by 1.0-2.6, as serate 1.2.1.3 rates them too); rate the image
/// when its level matters.
///
/// `seed`: any 64-bit value (a game might use the puzzle's number and the player's). The draw
/// is a pure function of the seed: ChaCha8 words, from another key than any puzzle of
/// `sudoku_generate` with the same seed (docs/canonical.md gives the order of the draws).
/// `transform`: where to write.
///
/// On any status but `SUDOKU_OK` nothing is written. Returns `SUDOKU_OK`,
/// `SUDOKU_NULL_POINTER` (`transform` is NULL) or `SUDOKU_INTERNAL_ERROR`. Thread-safe; no
/// allocation; well under a microsecond.
///
/// # Safety
/// `transform` must be NULL or point to a writable `sudoku_transform`.
#[no_mangle]
pub unsafe extern "C" fn sudoku_transform_random(
    seed: u64,
    transform: *mut sudoku_transform,
) -> sudoku_status {
    guard(|| {
        let transform = required(transform)?;
        let t = generator::random_transform(seed);
        // SAFETY: non-NULL, and the caller guarantees a writable sudoku_transform.
        unsafe { transform.write_unaligned(t.into()) };
        Ok(())
    })
}
