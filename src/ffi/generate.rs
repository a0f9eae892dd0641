//! Making puzzles: `sudoku_generate`, `sudoku_generate_batch` and their options, the two
//! transformations `sudoku_is_minimal` and `sudoku_minimize`, and `sudoku_pattern_symmetries`
//! (see `generator` and docs/generator.md). Puzzles on a pattern are in `pattern`.

use std::ffi::c_char;
use std::mem::size_of;
use std::panic::catch_unwind;
use std::ptr;

use super::region::{output_slice, Region};
use super::sudoku_status::{self, *};
use super::{board_mut, board_ref, guard, guard_or, required, versioned};
use crate::batch;
use crate::board::Board;
use crate::generator::{self, GenerateError, Options, Symmetry};
use crate::geometry::CELLS;

/// The symmetry of a generated puzzle's pattern of givens (which cells are given, not their
/// digits): `sudoku_generate_options.symmetry` and the `symmetry` of `sudoku_minimize`. The ten
/// that Sudoku Explainer offers. The numeric values are fixed.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum sudoku_symmetry {
    /// No symmetry.
    SUDOKU_SYMMETRY_NONE = 0,
    /// Half-turn rotation about the centre: cell (r, c) with (8 - r, 8 - c).
    SUDOKU_SYMMETRY_ROTATE_180 = 1,
    /// Quarter-turn rotation: (r, c), (c, 8 - r), (8 - r, 8 - c) and (8 - c, r).
    SUDOKU_SYMMETRY_ROTATE_90 = 2,
    /// Mirror across the middle row: (r, c) with (8 - r, c).
    SUDOKU_SYMMETRY_MIRROR_ROWS = 3,
    /// Mirror across the middle column: (r, c) with (r, 8 - c).
    SUDOKU_SYMMETRY_MIRROR_COLUMNS = 4,
    /// Mirror across the main diagonal: (r, c) with (c, r).
    SUDOKU_SYMMETRY_DIAGONAL = 5,
    /// Mirror across the anti-diagonal: (r, c) with (8 - c, 8 - r).
    SUDOKU_SYMMETRY_ANTIDIAGONAL = 6,
    /// Both diagonal mirrors (and so the half turn).
    SUDOKU_SYMMETRY_BOTH_DIAGONALS = 7,
    /// Both middle mirrors (and so the half turn).
    SUDOKU_SYMMETRY_BOTH_MIRRORS = 8,
    /// All eight symmetries of the square: the rotations and the four mirrors.
    SUDOKU_SYMMETRY_DIHEDRAL = 9,
}

/// Options of `sudoku_generate` and `sudoku_generate_batch`. Call
/// `sudoku_generate_options_init_size(&options, sizeof options)` first (it sets `struct_size`
/// and the defaults; `sudoku_generate_options_init(&options)` does the same for the struct of
/// this version), then change the fields you need: fields may be appended in later versions,
/// and `struct_size` tells the library which ones the caller knows.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct sudoku_generate_options {
    /// `sizeof(sudoku_generate_options)` as the caller was compiled with; set by
    /// `sudoku_generate_options_init_size`. Smaller than the first version's (which ended at
    /// `first_index`), or above `SUDOKU_STRUCT_SIZE_MAX`: `SUDOKU_INVALID_ARGUMENT`; the fields
    /// past a smaller size keep their defaults (a size between two versions' counts as the older
    /// one's).
    pub struct_size: u32,
    /// A `sudoku_symmetry` value (default `SUDOKU_SYMMETRY_NONE`); any other value:
    /// `SUDOKU_INVALID_ARGUMENT`.
    pub symmetry: u32,
    /// The fewest givens allowed (default 17).
    pub min_givens: u8,
    /// The most givens allowed, from 17 to 81 (default 81); below `min_givens`, below 17 (no
    /// puzzle with one solution has fewer givens) or above 81: `SUDOKU_INVALID_ARGUMENT`.
    pub max_givens: u8,
    /// 1 (the default): every given orbit is necessary (taking out any orbit of givens under the
    /// symmetry gives a puzzle with several solutions). 0: removal stops at a number of givens
    /// drawn from the range, so givens may be redundant. Any other value:
    /// `SUDOKU_INVALID_ARGUMENT`.
    pub minimal: u8,
    /// The most solved grids to try before giving up with `SUDOKU_NOT_FOUND`, at least 1
    /// (default 1000).
    pub max_attempts: u64,
    /// The index of the first puzzle (default 0): `sudoku_generate` gives puzzle `first_index`
    /// of the seed, and `sudoku_generate_batch` puzzles `first_index` to
    /// `first_index + count - 1` (indices wrap around at 2^64), so that a long run can be made
    /// in several calls.
    pub first_index: u64,
    /// The lowest Sudoku Explainer rating (ER) allowed, in tenths (23 is 2.3); with `max_er`,
    /// 0 and 0 (the default) mean any rating. With a window, every puzzle is rated by
    /// `sudoku_rate`'s engine and kept only when that engine rates it to the end within
    /// `min_er..max_er` (a puzzle needing techniques beyond the engine is never kept, since its
    /// exact rating is unknown). `min_er > max_er`, or `max_er` below 10 with a window:
    /// `SUDOKU_INVALID_ARGUMENT`. Appended to the struct's first layout (32 bytes, ending at
    /// `first_index`) during the development of 0.1, whose struct is 40 bytes: a `struct_size`
    /// of 32 to 39 gets the default window.
    pub min_er: u16,
    /// The highest rating allowed, in tenths (see `min_er`).
    pub max_er: u16,
}

/// `sizeof(sudoku_generate_options)` of this version.
const OPTIONS_SIZE: usize = size_of::<sudoku_generate_options>();

/// The size of the first version of the struct (up to `first_index`): the smallest
/// `struct_size` accepted. Fields past a caller's `struct_size` take their defaults.
const OPTIONS_SIZE_V1: usize = std::mem::offset_of!(sudoku_generate_options, min_er);

/// The sizes of the struct's versions, ascending (see `versioned`).
const VERSIONS: [usize; 2] = [OPTIONS_SIZE_V1, OPTIONS_SIZE];

impl sudoku_generate_options {
    /// The defaults (those of [`Options::default`]).
    fn defaults() -> sudoku_generate_options {
        let o = Options::default();
        sudoku_generate_options {
            struct_size: OPTIONS_SIZE as u32,
            symmetry: o.symmetry as u32,
            min_givens: o.min_givens,
            max_givens: o.max_givens,
            minimal: o.minimal as u8,
            max_attempts: o.max_attempts,
            first_index: 0,
            min_er: o.min_er,
            max_er: o.max_er,
        }
    }
}

/// The bytes `sudoku_generate_options_init` writes, in this version and every later one: the
/// struct as it is in 0.1 (40 bytes on x86-64), so that a program built against this header
/// never has more written into its struct when it runs with a later library whose struct has
/// grown. (A later version that appends fields keeps this the size of the 0.1 struct.)
const INIT_SIZE: usize = OPTIONS_SIZE;

/// Fills `*options` with the defaults: `struct_size` = 40 (`sizeof(sudoku_generate_options)`
/// in this version), `symmetry` = `SUDOKU_SYMMETRY_NONE`, `min_givens` = 17, `max_givens` = 81,
/// `minimal` = 1, `max_attempts` = 1000, `first_index` = 0, `min_er` = `max_er` = 0 (any
/// rating). Does nothing when `options` is NULL.
///
/// The same as `sudoku_generate_options_init_size(options, 40)`: it writes those 40 bytes in
/// every later version too, even once the struct has grown. Code that may be built against a
/// later header, whose struct may be larger, should call
/// `sudoku_generate_options_init_size(&options, sizeof options)` instead, which fills every
/// field that both the caller's struct and the library know.
///
/// # Safety
/// `options` must be NULL or point to 40 writable bytes (a `sudoku_generate_options` of this
/// version).
#[no_mangle]
pub unsafe extern "C" fn sudoku_generate_options_init(options: *mut sudoku_generate_options) {
    guard_or((), || {
        // SAFETY: the caller guarantees NULL or INIT_SIZE writable bytes.
        let _ = unsafe { init_options(options, INIT_SIZE) };
    })
}

/// Fills the caller's `sudoku_generate_options` of `size` bytes (pass `sizeof options`) with
/// the defaults of `sudoku_generate_options_init`, for the fields of the largest version of the
/// struct that fits in `size` bytes and that this library knows, and sets `struct_size` to
/// that version's size (32: up to `first_index`; 40: up to `max_er`; in general
/// `offsetof(sudoku_generate_options, min_er)` and `sizeof(sudoku_generate_options)`, which
/// are 32 and 40 wherever `uint64_t` is 8-byte aligned). Nothing past those bytes
/// is written: a caller built against a later, larger struct keeps its extra fields, and reads
/// in `struct_size` which ones this library takes.
///
/// Returns `SUDOKU_OK`, `SUDOKU_NULL_POINTER` (`options` NULL), `SUDOKU_INVALID_ARGUMENT`
/// (`size` below 32, the first version's size) or `SUDOKU_INTERNAL_ERROR`; nothing is written
/// unless `SUDOKU_OK`. Thread-safe; no allocation.
///
/// # Safety
/// `options` must be NULL or point to `size` writable bytes.
#[no_mangle]
pub unsafe extern "C" fn sudoku_generate_options_init_size(
    options: *mut sudoku_generate_options,
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
    options: *mut sudoku_generate_options,
    size: usize,
) -> Result<(), sudoku_status> {
    let d = sudoku_generate_options::defaults();
    // SAFETY: the caller's guarantee; the versions are at most the struct's size; the fields
    // are written in place, through the pointer `versioned::init` gives (a local struct).
    unsafe {
        versioned::init(options, size, &VERSIONS, |p, struct_size| {
            ptr::addr_of_mut!((*p).struct_size).write(struct_size);
            ptr::addr_of_mut!((*p).symmetry).write(d.symmetry);
            ptr::addr_of_mut!((*p).min_givens).write(d.min_givens);
            ptr::addr_of_mut!((*p).max_givens).write(d.max_givens);
            ptr::addr_of_mut!((*p).minimal).write(d.minimal);
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
    options: *const sudoku_generate_options,
) -> Result<(Options, u64), sudoku_status> {
    // SAFETY: the caller's guarantee; the struct starts with struct_size and holds integers.
    let raw = unsafe { versioned::read(options, &VERSIONS, sudoku_generate_options::defaults()) }?;
    let symmetry = Symmetry::from_code(raw.symmetry).ok_or(SUDOKU_INVALID_ARGUMENT)?;
    let minimal = match raw.minimal {
        0 => false,
        1 => true,
        _ => return Err(SUDOKU_INVALID_ARGUMENT),
    };
    let options = Options {
        symmetry,
        min_givens: raw.min_givens,
        max_givens: raw.max_givens,
        minimal,
        max_attempts: raw.max_attempts,
        min_er: raw.min_er,
        max_er: raw.max_er,
    };
    options.check().map_err(sudoku_status::from)?;
    Ok((options, raw.first_index))
}

impl From<GenerateError> for sudoku_status {
    fn from(e: GenerateError) -> sudoku_status {
        match e {
            GenerateError::InvalidOptions(_) | GenerateError::NotSymmetric => {
                SUDOKU_INVALID_ARGUMENT
            }
            GenerateError::NotFound => SUDOKU_NOT_FOUND,
            GenerateError::Board(e) => e.into(),
        }
    }
}

/// Generates one puzzle with exactly one solution from `seed` and `options`: a random solved
/// grid, then givens taken out by orbits of the symmetry in a random order while the puzzle
/// stays unique (docs/generator.md). The same seed, options and library major version give the
/// same puzzle on every platform and CPU. It is puzzle `options->first_index` (default 0) of
/// the seed, the one `sudoku_generate_batch` gives at that index.
///
/// `options`: NULL for the defaults (see `sudoku_generate_options_init`). `puzzle`: 81 writable
/// bytes, receiving `'1'`-`'9'` givens and `'.'` blanks, row-major, no NUL. `solution`: NULL, or
/// 81 writable bytes (not overlapping `puzzle`) receiving the only solution as `'1'`-`'9'`.
/// Both are written only on `SUDOKU_OK`.
///
/// Returns `SUDOKU_OK`; `SUDOKU_NULL_POINTER` (`puzzle` NULL); `SUDOKU_INVALID_ARGUMENT`
/// (options: `struct_size` smaller than the first version's or above `SUDOKU_STRUCT_SIZE_MAX`,
/// unknown `symmetry`, `minimal` not 0 or 1, `min_givens > max_givens`, `max_givens` below 17
/// or above 81, `max_attempts == 0`, a rating window with `min_er > max_er` or `max_er < 10`;
/// or `solution` overlapping `puzzle`);
/// `SUDOKU_NOT_FOUND` (no attempt gave a puzzle in the range of givens and the rating window);
/// `SUDOKU_INTERNAL_ERROR`. Thread-safe. No allocation without a rating window; with one, each
/// attempt is also rated by the step engine, which allocates (docs/generator.md gives rates by
/// window). About 8-25 µs a puzzle without a window (by symmetry: 25 without, 15 with the
/// half turn, on one core of a 2026 server).
///
/// # Safety
/// `options` must be NULL or point to a readable struct of `options->struct_size` bytes;
/// `puzzle` NULL or 81 writable bytes; `solution` NULL or 81 writable bytes.
#[no_mangle]
pub unsafe extern "C" fn sudoku_generate(
    seed: u64,
    options: *const sudoku_generate_options,
    puzzle: *mut c_char,
    solution: *mut c_char,
) -> sudoku_status {
    guard(|| {
        let puzzle = required(puzzle)?.cast::<[u8; CELLS]>();
        // SAFETY: the caller guarantees NULL or a readable struct of struct_size bytes.
        let (options, index) = unsafe { read_options(options) }?;
        let solution = Region::optional_output(
            puzzle.as_ptr().cast_const().cast::<u8>(),
            CELLS,
            solution.cast::<[u8; CELLS]>(),
        )?;
        let made = generator::generate_item(seed, index, &options)?;
        // SAFETY: non-NULL, alignment 1, the caller guarantees 81 writable bytes.
        unsafe { puzzle.write(made.puzzle) };
        if let Some(solution) = solution {
            // SAFETY: as above; it does not overlap `puzzle` (checked).
            unsafe { solution.write(made.solution) };
        }
        Ok(())
    })
}

/// Generates `count` puzzles on up to `threads` threads (0: every core available to the process;
/// never more than those cores, nor than there is work for; the calling thread included).
/// Puzzle `i` of the call is puzzle `first_index + i` of the seed (the `(seed, index)` stream of
/// docs/generator.md), what `sudoku_generate` gives with that `first_index`, so the result does
/// not depend on the thread count, nor on how a run is cut into calls.
///
/// `options`: NULL for the defaults. `puzzles`: `81 * count` writable bytes; puzzle `i` goes to
/// bytes `81 * i` to `81 * i + 80` (`'1'`-`'9'` and `'.'`), written only when its status is
/// `SUDOKU_OK`. `statuses`: `count` writable `sudoku_status` values, each `SUDOKU_OK`,
/// `SUDOKU_NOT_FOUND` or `SUDOKU_INTERNAL_ERROR`.
///
/// Returns `SUDOKU_OK` when the arguments are valid, whatever each puzzle's status;
/// `SUDOKU_NULL_POINTER` (`puzzles` or `statuses` NULL, also when `count` is 0);
/// `SUDOKU_INVALID_ARGUMENT` (options as for `sudoku_generate`, a `count` whose buffers could
/// not exist, `statuses` misaligned or overlapping `puzzles`), and then nothing is written;
/// `SUDOKU_INTERNAL_ERROR`. Threads are started for the call and have ended when it returns.
///
/// # Safety
/// `options` must be NULL or point to a readable struct of `options->struct_size` bytes;
/// `puzzles` NULL or `81 * count` writable bytes; `statuses` NULL or `count` writable values.
#[no_mangle]
pub unsafe extern "C" fn sudoku_generate_batch(
    seed: u64,
    options: *const sudoku_generate_options,
    count: usize,
    puzzles: *mut c_char,
    statuses: *mut sudoku_status,
    threads: usize,
) -> sudoku_status {
    guard(|| {
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
        if count == 0 {
            return Ok(());
        }
        // SAFETY: alignment 1, the caller guarantees 81 * count writable bytes (at most
        // isize::MAX, checked), overlapping no other argument.
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
                        generator::generate_item(seed, first.wrapping_add(i as u64), &options)
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

/// Tells whether a puzzle with exactly one solution is minimal: taking out any one of its givens
/// would leave a puzzle with several solutions (no symmetry is considered).
///
/// `board`: 81 bytes as for `sudoku_solve`, only read. `*minimal` receives the answer on
/// `SUDOKU_OK` and is left untouched otherwise.
///
/// Returns `SUDOKU_OK`, `SUDOKU_NO_SOLUTION`, `SUDOKU_MULTIPLE_SOLUTIONS`,
/// `SUDOKU_INVALID_CHARACTER`, `SUDOKU_CONFLICTING_GIVENS`, `SUDOKU_NULL_POINTER` (`board` or
/// `minimal` NULL) or `SUDOKU_INTERNAL_ERROR`. Thread-safe; no allocation.
///
/// # Safety
/// `board` must be NULL or point to 81 readable bytes; `minimal` NULL or a writable `bool`.
#[no_mangle]
pub unsafe extern "C" fn sudoku_is_minimal(
    board: *const c_char,
    minimal: *mut bool,
) -> sudoku_status {
    guard(|| {
        let minimal = required(minimal)?;
        // SAFETY: the caller guarantees NULL or 81 readable bytes.
        let text = unsafe { board_ref(board) }?;
        let board = Board::parse(text)?;
        let answer = generator::is_minimal(&board)?;
        // SAFETY: non-NULL, and the caller guarantees a writable bool (alignment 1).
        unsafe { minimal.write(answer) };
        Ok(())
    })
}

/// Tells which symmetries a board's pattern of givens has (which cells are given, whatever
/// their digits): those whose every orbit of cells the givens fill whole or leave empty, as
/// `sudoku_generate`'s `symmetry` option and `sudoku_minimize` understand them.
///
/// `board`: 81 bytes as for `sudoku_solve`, only read; any valid board (no search: it need not
/// have a solution). `*symmetries` receives, on `SUDOKU_OK`, bit `1u << s` set for each
/// `sudoku_symmetry` value `s` the pattern has: bit 0 (`SUDOKU_SYMMETRY_NONE`) always; the empty
/// and the full board all ten bits (`0x3FF`). Symmetries imply others: `DIHEDRAL` all of them,
/// `BOTH_DIAGONALS` `ROTATE_180` and the two diagonal mirrors, `BOTH_MIRRORS` `ROTATE_180` and
/// the two middle mirrors, `ROTATE_90` `ROTATE_180`. It is left untouched on any other status.
///
/// Returns `SUDOKU_OK`, `SUDOKU_INVALID_CHARACTER`, `SUDOKU_CONFLICTING_GIVENS`,
/// `SUDOKU_NULL_POINTER` (`board` or `symmetries` NULL) or `SUDOKU_INTERNAL_ERROR`.
/// Thread-safe; no allocation.
///
/// # Safety
/// `board` must be NULL or point to 81 readable bytes; `symmetries` NULL or a writable
/// `uint32_t`.
#[no_mangle]
pub unsafe extern "C" fn sudoku_pattern_symmetries(
    board: *const c_char,
    symmetries: *mut u32,
) -> sudoku_status {
    guard(|| {
        let symmetries = required(symmetries)?;
        // SAFETY: the caller guarantees NULL or 81 readable bytes.
        let text = unsafe { board_ref(board) }?;
        let found = generator::pattern_symmetries(&Board::parse(text)?);
        let bits = found.fold(0u32, |bits, s| bits | 1 << s as u32);
        // SAFETY: non-NULL, and the caller guarantees a writable uint32_t (written unaligned,
        // whatever its alignment).
        unsafe { symmetries.write_unaligned(bits) };
        Ok(())
    })
}

/// Takes givens out of a puzzle with exactly one solution, in place, while it keeps that one
/// solution, leaving a minimal puzzle under `symmetry`: orbits of givens under the symmetry go
/// whole, tried once each in the order of their lowest cell (row-major), so the result depends
/// only on the board and the symmetry. With `SUDOKU_SYMMETRY_NONE` each given is its own orbit.
///
/// `board`: 81 bytes as for `sudoku_solve`; on `SUDOKU_OK` the removed givens become `'.'` and
/// the others are rewritten as `'1'`-`'9'` (a `'0'` blank becomes `'.'`); on any other status it
/// is left untouched. `symmetry`: a `sudoku_symmetry` value; the pattern of givens must already
/// have it.
///
/// Returns `SUDOKU_OK`, `SUDOKU_NO_SOLUTION`, `SUDOKU_MULTIPLE_SOLUTIONS`,
/// `SUDOKU_INVALID_CHARACTER`, `SUDOKU_CONFLICTING_GIVENS`, `SUDOKU_NULL_POINTER`,
/// `SUDOKU_INVALID_ARGUMENT` (unknown `symmetry`, or givens not symmetric under it) or
/// `SUDOKU_INTERNAL_ERROR`. Thread-safe; no allocation.
///
/// # Safety
/// `board` must be NULL or point to 81 readable and writable bytes.
#[no_mangle]
pub unsafe extern "C" fn sudoku_minimize(board: *mut c_char, symmetry: u32) -> sudoku_status {
    guard(|| {
        // SAFETY: the caller guarantees NULL or 81 readable and writable bytes.
        let text = unsafe { board_mut(board) }?;
        let symmetry = Symmetry::from_code(symmetry).ok_or(SUDOKU_INVALID_ARGUMENT)?;
        let board = Board::parse(text)?;
        let minimal = generator::minimize(&board, symmetry)?;
        *text = minimal.to_bytes();
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_c_symmetries_match_the_generator_s() {
        use sudoku_symmetry::*;
        let all = [
            SUDOKU_SYMMETRY_NONE,
            SUDOKU_SYMMETRY_ROTATE_180,
            SUDOKU_SYMMETRY_ROTATE_90,
            SUDOKU_SYMMETRY_MIRROR_ROWS,
            SUDOKU_SYMMETRY_MIRROR_COLUMNS,
            SUDOKU_SYMMETRY_DIAGONAL,
            SUDOKU_SYMMETRY_ANTIDIAGONAL,
            SUDOKU_SYMMETRY_BOTH_DIAGONALS,
            SUDOKU_SYMMETRY_BOTH_MIRRORS,
            SUDOKU_SYMMETRY_DIHEDRAL,
        ];
        for (c, s) in all.into_iter().zip(Symmetry::ALL) {
            assert_eq!(c as u32, s as u32);
            assert_eq!(
                format!("{c:?}"),
                format!(
                    "SUDOKU_SYMMETRY_{}",
                    s.name()
                        .replace('-', "_")
                        .to_uppercase()
                        .replace("ROTATE", "ROTATE_")
                )
            );
        }
    }

    #[test]
    fn the_options_layout_is_as_documented() {
        // The first version ended at first_index; min_er and max_er were appended (padded to
        // the struct's 8-byte alignment).
        assert_eq!(OPTIONS_SIZE_V1, 32);
        assert_eq!(OPTIONS_SIZE, 40);
    }
}
