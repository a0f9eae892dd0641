//! Puzzles on a pattern: `sudoku_generate_pattern`, `sudoku_generate_pattern_with` and
//! `sudoku_generate_pattern_batch`, and the options of the last two (see
//! `generator::generate_on_pattern_item` and docs/generator.md, "Puzzles on a pattern").

use std::ffi::c_char;
use std::mem::size_of;
use std::panic::catch_unwind;
use std::ptr;

use super::region::{output_slice, Region};
use super::sudoku_status::{self, *};
use super::{board_ref, guard, guard_or, required, versioned};
use crate::batch;
use crate::generator::{self, PatternOptions};
use crate::geometry::CELLS;

/// Options of `sudoku_generate_pattern_with` and `sudoku_generate_pattern_batch`. Call
/// `sudoku_pattern_options_init_size(&options, sizeof options)` first (it sets `struct_size` and
/// the defaults; `sudoku_pattern_options_init(&options)` does the same for the struct of this
/// version), then change the fields you need: fields may be appended in later versions, and
/// `struct_size` tells the library which ones the caller knows.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct sudoku_pattern_options {
    /// `sizeof(sudoku_pattern_options)` as the caller was compiled with; set by
    /// `sudoku_pattern_options_init_size`. Smaller than this first version's (32 bytes where
    /// `uint64_t` is 8-byte aligned), or above `SUDOKU_STRUCT_SIZE_MAX`:
    /// `SUDOKU_INVALID_ARGUMENT`; the fields past a smaller size of a later version keep their
    /// defaults.
    pub struct_size: u32,
    /// The most attempts before giving up with `SUDOKU_NOT_FOUND`, at least 1 (default 1000).
    /// An attempt ends with a puzzle, with two solutions the pattern's cells cannot tell apart,
    /// or (with a rating window) with a puzzle rated outside the window; a failed attempt keeps
    /// about three quarters of its givens and goes on.
    pub max_attempts: u64,
    /// The index of the first puzzle (default 0): `sudoku_generate_pattern_with` gives puzzle
    /// `first_index` of the seed, and `sudoku_generate_pattern_batch` puzzles `first_index` to
    /// `first_index + count - 1` (indices wrap around at 2^64). Puzzle 0 is
    /// `sudoku_generate_pattern`'s.
    pub first_index: u64,
    /// The lowest Sudoku Explainer rating (ER) allowed, in tenths (23 is 2.3); with `max_er`,
    /// 0 and 0 (the default) mean any rating. With a window, every puzzle found is rated by
    /// `sudoku_rate`'s engine and kept only when that engine rates it to the end within
    /// `min_er..max_er` (a puzzle needing techniques beyond the engine is never kept); one
    /// outside counts as a failed attempt. `min_er > max_er`, or `max_er` below 10 with a
    /// window: `SUDOKU_INVALID_ARGUMENT`.
    pub min_er: u16,
    /// The highest rating allowed, in tenths (see `min_er`).
    pub max_er: u16,
}

/// `sizeof(sudoku_pattern_options)` of this version.
const OPTIONS_SIZE: usize = size_of::<sudoku_pattern_options>();

/// The sizes of the struct's versions, ascending (see `versioned`): one so far.
const VERSIONS: [usize; 1] = [OPTIONS_SIZE];

/// The bytes `sudoku_pattern_options_init` writes, in this version and every later one: the
/// struct as it is in 0.1 (32 bytes on x86-64).
const INIT_SIZE: usize = OPTIONS_SIZE;

impl sudoku_pattern_options {
    /// The defaults (those of [`PatternOptions::default`]).
    fn defaults() -> sudoku_pattern_options {
        let o = PatternOptions::default();
        sudoku_pattern_options {
            struct_size: OPTIONS_SIZE as u32,
            max_attempts: o.max_attempts,
            first_index: 0,
            min_er: o.min_er,
            max_er: o.max_er,
        }
    }
}

/// Fills `*options` with the defaults: `struct_size` = 32 (`sizeof(sudoku_pattern_options)` in
/// this version), `max_attempts` = 1000, `first_index` = 0, `min_er` = `max_er` = 0 (any
/// rating). Does nothing when `options` is NULL.
///
/// The same as `sudoku_pattern_options_init_size(options, 32)`: it writes those 32 bytes in
/// every later version too, even once the struct has grown. Code that may be built against a
/// later header should call `sudoku_pattern_options_init_size(&options, sizeof options)`.
///
/// # Safety
/// `options` must be NULL or point to 32 writable bytes (a `sudoku_pattern_options` of this
/// version).
#[no_mangle]
pub unsafe extern "C" fn sudoku_pattern_options_init(options: *mut sudoku_pattern_options) {
    guard_or((), || {
        // SAFETY: the caller guarantees NULL or INIT_SIZE writable bytes.
        let _ = unsafe { init_options(options, INIT_SIZE) };
    })
}

/// Fills the caller's `sudoku_pattern_options` of `size` bytes (pass `sizeof options`) with the
/// defaults of `sudoku_pattern_options_init`, for the fields of the largest version of the
/// struct that fits in `size` bytes and that this library knows, and sets `struct_size` to that
/// version's size (32 in this version: `sizeof(sudoku_pattern_options)`). Nothing past those
/// bytes is written.
///
/// Returns `SUDOKU_OK`, `SUDOKU_NULL_POINTER` (`options` NULL), `SUDOKU_INVALID_ARGUMENT`
/// (`size` below 32, the first version's size) or `SUDOKU_INTERNAL_ERROR`; nothing is written
/// unless `SUDOKU_OK`. Thread-safe; no allocation.
///
/// # Safety
/// `options` must be NULL or point to `size` writable bytes.
#[no_mangle]
pub unsafe extern "C" fn sudoku_pattern_options_init_size(
    options: *mut sudoku_pattern_options,
    size: usize,
) -> sudoku_status {
    // SAFETY: the caller guarantees NULL or `size` writable bytes.
    guard(|| unsafe { init_options(options, size) })
}

/// Writes the defaults of the largest version of the struct that fits in `size` bytes.
///
/// # Safety
/// `options` must be NULL or point to `size` writable bytes.
unsafe fn init_options(
    options: *mut sudoku_pattern_options,
    size: usize,
) -> Result<(), sudoku_status> {
    let d = sudoku_pattern_options::defaults();
    // SAFETY: the caller's guarantee; the version is the struct's size; the fields are written
    // in place, through the pointer `versioned::init` gives (a local struct).
    unsafe {
        versioned::init(options, size, &VERSIONS, |p, struct_size| {
            ptr::addr_of_mut!((*p).struct_size).write(struct_size);
            ptr::addr_of_mut!((*p).max_attempts).write(d.max_attempts);
            ptr::addr_of_mut!((*p).first_index).write(d.first_index);
            ptr::addr_of_mut!((*p).min_er).write(d.min_er);
            ptr::addr_of_mut!((*p).max_er).write(d.max_er);
        })
    }
}

/// The caller's options as the generator's, checked, with the first puzzle's index: NULL gives
/// the defaults.
///
/// # Safety
/// `options` must be NULL or point to a readable struct of `options->struct_size` bytes.
unsafe fn read_options(
    options: *const sudoku_pattern_options,
) -> Result<(PatternOptions, u64), sudoku_status> {
    // SAFETY: the caller's guarantee; the struct starts with struct_size and holds integers.
    let raw = unsafe { versioned::read(options, &VERSIONS, sudoku_pattern_options::defaults()) }?;
    let options = PatternOptions {
        max_attempts: raw.max_attempts,
        min_er: raw.min_er,
        max_er: raw.max_er,
    };
    options.check().map_err(sudoku_status::from)?;
    Ok((options, raw.first_index))
}

/// Generates a puzzle with exactly one solution whose givens are exactly the cells of a
/// pattern: for a setter's shape or the pattern of a puzzle one likes. The digits are chosen
/// cell by cell, each choice ruling out a solution the givens so far still allow
/// (docs/generator.md, "Puzzles on a pattern"). The same seed and pattern give the same puzzle
/// on every platform and CPU (for a given major version of the library), whatever
/// `max_attempts` once it is enough: attempts run in order, so a larger bound only lets later
/// ones run.
///
/// `pattern`: 81 bytes, row-major, only read: `'.'` or `'0'` for a blank cell, `'1'`-`'9'`,
/// `'x'` or `'X'` for a cell that holds a given (so a puzzle is its own pattern; its digits are
/// not used). `max_attempts`: at least 1; an attempt that ends with two solutions the pattern's
/// cells cannot tell apart keeps about three quarters of its givens and goes on. How many it
/// takes depends mostly on the number of cells: over the patterns of magictour's top 1465, 1000
/// attempts found a puzzle for none of 17-20 cells, a third of those of 22, most of 23 and
/// nearly all of 24 and more; sparse patterns that fail at 1000 often succeed with 20,000 to
/// 100,000 (seconds). Thin shapes (outlines, letters, frames, with empty boxes and lines of one
/// cell) seldom fit a puzzle at all. `puzzle`: 81 writable bytes receiving `'1'`-`'9'` givens
/// on the pattern's cells and `'.'` elsewhere; it may be the same buffer as `pattern`.
/// `solution`: NULL, or 81 writable bytes (not overlapping `puzzle`) receiving the only
/// solution. Both are written only on `SUDOKU_OK`. The puzzle need not be minimal
/// (`sudoku_is_minimal` tells). It is `sudoku_generate_pattern_with` with index 0 and no
/// rating window.
///
/// Returns, checked in this order: `SUDOKU_NULL_POINTER` (`pattern` or `puzzle` NULL);
/// `SUDOKU_INVALID_ARGUMENT` (`solution` overlapping `puzzle`, or `max_attempts == 0`);
/// `SUDOKU_INVALID_CHARACTER` (a byte of `pattern` outside the above);
/// `SUDOKU_INVALID_ARGUMENT` (a pattern that no puzzle fits: fewer than 17 cells, as no puzzle
/// with one solution has fewer givens, or two empty rows in a band or two empty columns in a
/// stack, as swapping the two lines of a solution gives another); `SUDOKU_NOT_FOUND` (no
/// attempt found one); `SUDOKU_OK`; `SUDOKU_INTERNAL_ERROR`. Thread-safe. Allocates a little
/// working memory.
///
/// # Safety
/// `pattern` NULL or 81 readable bytes; `puzzle` NULL or 81 writable bytes; `solution` NULL or
/// 81 writable bytes.
#[no_mangle]
pub unsafe extern "C" fn sudoku_generate_pattern(
    seed: u64,
    pattern: *const c_char,
    max_attempts: u64,
    puzzle: *mut c_char,
    solution: *mut c_char,
) -> sudoku_status {
    guard(|| {
        // SAFETY: the caller's guarantees, passed on.
        unsafe {
            generate_one(seed, pattern, puzzle, solution, || {
                let options = PatternOptions {
                    max_attempts,
                    ..PatternOptions::default()
                };
                options.check().map_err(sudoku_status::from)?;
                Ok((options, 0))
            })
        }
    })
}

/// The body of `sudoku_generate_pattern` and `sudoku_generate_pattern_with`, in the C API's
/// order: the pointers, the overlap, then the options (`options`, called once those pass),
/// then the pattern's bytes and its fitness, then the puzzle, written only on success.
///
/// # Safety
/// `pattern` NULL or 81 readable bytes; `puzzle` NULL or 81 writable bytes; `solution` NULL or
/// 81 writable bytes.
unsafe fn generate_one(
    seed: u64,
    pattern: *const c_char,
    puzzle: *mut c_char,
    solution: *mut c_char,
    options: impl FnOnce() -> Result<(PatternOptions, u64), sudoku_status>,
) -> Result<(), sudoku_status> {
    required(pattern.cast_mut())?;
    let puzzle = required(puzzle)?.cast::<[u8; CELLS]>();
    let solution = Region::optional_output(
        puzzle.as_ptr().cast_const().cast::<u8>(),
        CELLS,
        solution.cast::<[u8; CELLS]>(),
    )?;
    let (options, index) = options()?;
    // SAFETY: non-NULL; the caller guarantees 81 readable bytes, read whole before any write,
    // so `puzzle` may be the same buffer.
    let cells = pattern_cells(unsafe { board_ref(pattern) }?)?;
    let made = generator::generate_on_pattern_item(seed, index, cells, &options)?;
    // SAFETY: non-NULL, alignment 1, the caller guarantees 81 writable bytes.
    unsafe { puzzle.write(made.puzzle) };
    if let Some(solution) = solution {
        // SAFETY: as above; it does not overlap `puzzle` (checked).
        unsafe { solution.write(made.solution) };
    }
    Ok(())
}

/// The cells of a pattern as a mask (bit `i` for cell `i`): `'1'`-`'9'`, `'x'` and `'X'` mark a
/// cell, `'.'` and `'0'` leave it blank; any other byte is `SUDOKU_INVALID_CHARACTER`.
fn pattern_cells(text: &[u8; CELLS]) -> Result<u128, sudoku_status> {
    text.iter()
        .enumerate()
        .try_fold(0u128, |mask, (i, &b)| match b {
            b'1'..=b'9' | b'x' | b'X' => Ok(mask | 1 << i),
            b'.' | b'0' => Ok(mask),
            _ => Err(SUDOKU_INVALID_CHARACTER),
        })
}

/// Generates puzzle `options->first_index` (default 0) of `seed` on a pattern, as
/// `sudoku_generate_pattern` does (which gives puzzle 0), with a rating window when the options
/// ask for one: puzzle `i` is the one `sudoku_generate_pattern_batch` gives at index `i`, the
/// same on every platform, CPU and thread count (for a given major version of the library).
///
/// `pattern`, `puzzle` and `solution` as for `sudoku_generate_pattern`: `pattern` 81 bytes
/// (`'.'` or `'0'` blank, `'1'`-`'9'`, `'x'` or `'X'` a given's cell), only read, and `puzzle`
/// may be the same buffer; `solution` NULL or 81 bytes not overlapping `puzzle`; both written
/// only on `SUDOKU_OK`. `options`: NULL for the defaults (see `sudoku_pattern_options_init`).
/// A rating window costs attempts: each puzzle found is rated, and one outside the window goes
/// on as a failed attempt (docs/generator.md measures how many windows a pattern reaches).
///
/// Returns, checked in this order: `SUDOKU_NULL_POINTER` (`pattern` or `puzzle` NULL);
/// `SUDOKU_INVALID_ARGUMENT` (`solution` overlapping `puzzle`, or options: `struct_size` below
/// the first version's or above `SUDOKU_STRUCT_SIZE_MAX`, `max_attempts == 0`, a window with
/// `min_er > max_er` or `max_er < 10`);
/// `SUDOKU_INVALID_CHARACTER` (a byte of `pattern` outside the above);
/// `SUDOKU_INVALID_ARGUMENT` (a pattern that no puzzle fits, as for `sudoku_generate_pattern`);
/// `SUDOKU_NOT_FOUND` (no attempt found one within the window); `SUDOKU_OK`;
/// `SUDOKU_INTERNAL_ERROR`. Thread-safe. Allocates working memory (the step engine too, with a
/// window).
///
/// # Safety
/// `pattern` NULL or 81 readable bytes; `options` NULL or a readable struct of
/// `options->struct_size` bytes; `puzzle` NULL or 81 writable bytes; `solution` NULL or 81
/// writable bytes.
#[no_mangle]
pub unsafe extern "C" fn sudoku_generate_pattern_with(
    seed: u64,
    pattern: *const c_char,
    options: *const sudoku_pattern_options,
    puzzle: *mut c_char,
    solution: *mut c_char,
) -> sudoku_status {
    guard(|| {
        // SAFETY: the caller's guarantees, passed on (`options` NULL or a readable struct of
        // struct_size bytes).
        unsafe { generate_one(seed, pattern, puzzle, solution, || read_options(options)) }
    })
}

/// Generates `count` puzzles on one pattern on up to `threads` threads (0: every core available
/// to the process; never more than those cores, nor than there is work for; the calling thread
/// included). Puzzle `i` of the call is puzzle `first_index + i` of the seed, what
/// `sudoku_generate_pattern_with` gives with that `first_index`, so the result does not depend
/// on the thread count, nor on how a run is cut into calls.
///
/// `pattern`: 81 bytes as for `sudoku_generate_pattern`, only read (before anything is
/// written). `options`: NULL for the defaults. `puzzles`: `81 * count` writable bytes; puzzle
/// `i` goes to bytes `81 * i` to `81 * i + 80` (`'1'`-`'9'` on the pattern's cells, `'.'`
/// elsewhere), written only when its status is `SUDOKU_OK`. `statuses`: `count` writable
/// `sudoku_status` values, each `SUDOKU_OK`, `SUDOKU_NOT_FOUND` or `SUDOKU_INTERNAL_ERROR`.
///
/// Returns `SUDOKU_OK` when the arguments are valid, whatever each puzzle's status (with
/// `count` 0 and valid pointers, the options and the pattern are still checked, and nothing is
/// made); `SUDOKU_NULL_POINTER` (`pattern`, `puzzles` or `statuses` NULL, also when `count` is 0);
/// `SUDOKU_INVALID_ARGUMENT` (options as for `sudoku_generate_pattern_with`, a `count` whose
/// buffers could not exist, `statuses` misaligned or overlapping `puzzles`);
/// `SUDOKU_INVALID_CHARACTER` (a byte of `pattern`); `SUDOKU_INVALID_ARGUMENT` (a pattern no
/// puzzle fits); nothing is written on any of these; `SUDOKU_INTERNAL_ERROR`. Threads are
/// started for the call and have ended when it returns.
///
/// # Safety
/// `pattern` NULL or 81 readable bytes; `options` NULL or a readable struct of
/// `options->struct_size` bytes; `puzzles` NULL or `81 * count` writable bytes; `statuses` NULL
/// or `count` writable values.
#[no_mangle]
pub unsafe extern "C" fn sudoku_generate_pattern_batch(
    seed: u64,
    pattern: *const c_char,
    options: *const sudoku_pattern_options,
    count: usize,
    puzzles: *mut c_char,
    statuses: *mut sudoku_status,
    threads: usize,
) -> sudoku_status {
    guard(|| {
        required(pattern.cast_mut())?;
        let puzzles = required(puzzles)?.cast::<[u8; CELLS]>();
        let statuses = required(statuses)?;
        // SAFETY: the caller guarantees NULL or a readable struct of struct_size bytes.
        let (options, first) = unsafe { read_options(options) }?;
        let (Some(boards), Some(codes)) = (
            Region::of(puzzles.as_ptr(), count),
            Region::of(statuses.as_ptr(), count),
        ) else {
            return Err(SUDOKU_INVALID_ARGUMENT);
        };
        if boards.overlaps(&codes) {
            return Err(SUDOKU_INVALID_ARGUMENT);
        }
        // SAFETY: non-NULL; the caller guarantees 81 readable bytes, read whole (copied) here,
        // before any write, so the outputs may overlap them.
        let cells = pattern_cells(unsafe { board_ref(pattern) }?)?;
        generator::check_pattern(cells).map_err(sudoku_status::from)?;
        if count == 0 {
            return Ok(());
        }
        // SAFETY: alignment 1, the caller guarantees 81 * count writable bytes (at most
        // isize::MAX, checked), not overlapping `statuses` (checked); the pattern was copied
        // above.
        let puzzles = unsafe { output_slice(puzzles, count) };
        // SAFETY: aligned (checked by `Region::of`); the caller guarantees `count` writable
        // statuses, not overlapping the puzzles (checked).
        let statuses = unsafe { output_slice(statuses, count) };
        batch::for_each_chunk(
            count,
            threads,
            (puzzles, statuses),
            |range, (puzzles, statuses)| {
                for ((i, puzzle), status) in range.zip(puzzles.iter_mut()).zip(statuses.iter_mut())
                {
                    let made = catch_unwind(|| {
                        generator::generate_on_pattern_item(
                            seed,
                            first.wrapping_add(i as u64),
                            cells,
                            &options,
                        )
                    });
                    status.write(match made {
                        Ok(Ok(made)) => {
                            puzzle.write(made.puzzle);
                            SUDOKU_OK
                        }
                        Ok(Err(e)) => e.into(),
                        Err(_) => SUDOKU_INTERNAL_ERROR,
                    });
                }
            },
        );
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_options_layout_is_as_documented() {
        assert_eq!(OPTIONS_SIZE, 32);
        assert_eq!(
            std::mem::offset_of!(sudoku_pattern_options, max_attempts),
            8
        );
        assert_eq!(std::mem::offset_of!(sudoku_pattern_options, min_er), 24);
    }
}
