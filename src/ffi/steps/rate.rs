//! Sudoku Explainer ratings through C: `sudoku_rate`, `sudoku_rate_with` (with a time budget, in
//! an options struct that can grow) and `sudoku_rate_batch` (many puzzles on all cores).

use std::ffi::c_char;
use std::panic::catch_unwind;
use std::ptr;
use std::slice;

use super::{sudoku_rating, SUDOKU_NO_TECHNIQUE};
use crate::batch;
use crate::board::Board;
use crate::fault;
use crate::ffi::region::{output_slice, Region};
use crate::ffi::sudoku_status::{self, *};
use crate::ffi::{board_ref, guard, guard_or, required, versioned};
use crate::geometry::CELLS;
use crate::solver::{self, Mode, Start};
use crate::steps::{self, Budget};

/// Rates a parsed board: the C rating, or the status (see `sudoku_rate`).
fn rate_board(board: &Board) -> Result<sudoku_rating, sudoku_status> {
    rate_board_within(board, &Budget::UNLIMITED).map(|(r, _)| r)
}

/// The rating of `board` within `budget`, and whether the budget ran out.
fn rate_board_within(
    board: &Board,
    budget: &Budget,
) -> Result<(sudoku_rating, bool), sudoku_status> {
    let solutions = solver::search(Start::Board(board), Mode::Count { limit: 2 })
        .map_err(sudoku_status::from)?
        .count();
    if solutions == 0 {
        return Err(SUDOKU_NO_SOLUTION);
    }
    // With several solutions the nested chains are skipped (`Budget::without_nested`).
    let budget = if solutions > 1 {
        budget.without_nested()
    } else {
        *budget
    };
    let r = steps::rate_within(board, &budget);
    if r.contradiction {
        // Sound techniques never empty a cell of a position with a solution: only the
        // uniqueness techniques can, on a puzzle with several.
        return Err(SUDOKU_MULTIPLE_SOLUTIONS);
    }
    let rating = sudoku_rating {
        er: r.er.into(),
        ep: r.ep.into(),
        ed: r.ed.into(),
        hardest: r.hardest.map_or(SUDOKU_NO_TECHNIQUE, |t| t as i16),
        steps: r.steps,
        complete: r.complete.into(),
    };
    Ok((rating, r.out_of_budget))
}

/// Options of `sudoku_rate_with`. Call `sudoku_rate_options_init_size(&options, sizeof
/// options)` first (it sets `struct_size` and the defaults; `sudoku_rate_options_init(&options)`
/// does the same for the struct of this version), then change the fields you need: fields may
/// be appended in later versions, and `struct_size` tells the library which ones the caller
/// knows.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct sudoku_rate_options {
    /// `sizeof(sudoku_rate_options)` as the caller was compiled with; set by
    /// `sudoku_rate_options_init_size`. Smaller than the first version's, or above
    /// `SUDOKU_STRUCT_SIZE_MAX`: `SUDOKU_INVALID_ARGUMENT`.
    pub struct_size: u32,
    /// The time budget in milliseconds, 0 (the default) for none. The engine looks at the
    /// clock between steps and, in the nested forcing chains (the only techniques that take
    /// more than a few milliseconds), before each cell's propagations, so it overruns the
    /// budget by the time of the techniques below the nested chains plus one cell's propagations
    /// (about 10-20 ms on a 2026 server core at levels 2 and 3, more at levels 4 and 5 and on
    /// a loaded machine).
    pub budget_ms: u32,
}

/// `sizeof(sudoku_rate_options)` of this version (also the first version's).
const RATE_OPTIONS_SIZE: usize = size_of::<sudoku_rate_options>();

/// Fills `*options` with the defaults: `struct_size` = 8 (`sizeof(sudoku_rate_options)` in
/// this version), `budget_ms` = 0 (no budget). Does nothing when `options` is NULL.
///
/// The same as `sudoku_rate_options_init_size(options, 8)`: it writes those 8 bytes in every
/// later version too, even once the struct has grown. Code that may be built against a later
/// header should call `sudoku_rate_options_init_size(&options, sizeof options)` instead.
///
/// # Safety
/// `options` must be NULL or point to 8 writable bytes (a `sudoku_rate_options` of this
/// version).
#[no_mangle]
pub unsafe extern "C" fn sudoku_rate_options_init(options: *mut sudoku_rate_options) {
    guard_or((), || {
        // SAFETY: the caller guarantees NULL or RATE_INIT_SIZE writable bytes.
        let _ = unsafe { init_rate_options(options, RATE_INIT_SIZE) };
    })
}

/// The bytes `sudoku_rate_options_init` writes, in this version and every later one: the
/// struct as it is in 0.1.
const RATE_INIT_SIZE: usize = RATE_OPTIONS_SIZE;

/// Fills the caller's `sudoku_rate_options` of `size` bytes (pass `sizeof options`) with the
/// defaults of `sudoku_rate_options_init`, for the fields of the largest version of the struct
/// that fits in `size` bytes and that this library knows (this version has one: 8 bytes), and
/// sets `struct_size` to that version's size. Nothing past those bytes is written: a caller
/// built against a later, larger struct keeps its extra fields, and reads in `struct_size`
/// which ones this library takes.
///
/// Returns `SUDOKU_OK`, `SUDOKU_NULL_POINTER` (`options` NULL), `SUDOKU_INVALID_ARGUMENT`
/// (`size` below 8, the first version's size) or `SUDOKU_INTERNAL_ERROR`; nothing is written
/// unless `SUDOKU_OK`. Thread-safe; no allocation.
///
/// # Safety
/// `options` must be NULL or point to `size` writable bytes.
#[no_mangle]
pub unsafe extern "C" fn sudoku_rate_options_init_size(
    options: *mut sudoku_rate_options,
    size: usize,
) -> sudoku_status {
    // SAFETY: the caller guarantees NULL or `size` writable bytes.
    guard(|| unsafe { init_rate_options(options, size) })
}

/// Writes the defaults of the largest version of the struct that fits in `size` bytes.
///
/// # Safety
/// `options` must be NULL or point to `size` writable bytes.
unsafe fn init_rate_options(
    options: *mut sudoku_rate_options,
    size: usize,
) -> Result<(), sudoku_status> {
    // SAFETY: the caller's guarantee; the version is the struct's size; the fields are written
    // in place, through the pointer `versioned::init` gives (a local struct).
    unsafe {
        versioned::init(options, size, &[RATE_OPTIONS_SIZE], |p, struct_size| {
            ptr::addr_of_mut!((*p).struct_size).write(struct_size);
            ptr::addr_of_mut!((*p).budget_ms).write(0);
        })
    }
}

/// The caller's budget: NULL options give none.
///
/// # Safety
/// `options` must be NULL or point to a readable struct of `options->struct_size` bytes.
unsafe fn read_rate_options(options: *const sudoku_rate_options) -> Result<u32, sudoku_status> {
    let defaults = sudoku_rate_options {
        struct_size: RATE_OPTIONS_SIZE as u32,
        budget_ms: 0,
    };
    // SAFETY: the caller's guarantee; the struct starts with struct_size and holds integers.
    let raw = unsafe { versioned::read(options, &[RATE_OPTIONS_SIZE], defaults) }?;
    Ok(raw.budget_ms)
}

/// Rates a puzzle as `sudoku_rate` does, with options: a time budget (`budget_ms`), after
/// which the engine stops and reports what it has.
///
/// `board`: 81 bytes as for `sudoku_solve`, only read. `options`: NULL for the defaults (see
/// `sudoku_rate_options_init`: no budget, then the same as `sudoku_rate`). On `SUDOKU_OK`,
/// `*rating` receives the rating, as from `sudoku_rate`. On `SUDOKU_OUT_OF_BUDGET` it receives
/// the partial rating: `complete` 0, `er` a lower bound of SE's ER (the hardest step taken, or
/// the base rating of the technique being searched when the budget ran out, 9.5, 10.0, 10.5
/// or 11.0 for the nested forcing chains), `ep` and `ed` exact unless 0 (not reached), `steps` the steps
/// taken. `SUDOKU_OUT_OF_BUDGET` means the budget cut the search short: a rating that ended on
/// its own is `SUDOKU_OK` even when it took longer (for example a puzzle with several
/// solutions, whose nested chains are skipped). On any other status it is left untouched.
///
/// Returns `SUDOKU_OK`, `SUDOKU_OUT_OF_BUDGET`, `SUDOKU_NO_SOLUTION`,
/// `SUDOKU_MULTIPLE_SOLUTIONS`, `SUDOKU_INVALID_CHARACTER`, `SUDOKU_CONFLICTING_GIVENS`,
/// `SUDOKU_NULL_POINTER` (`board` or `rating` NULL), `SUDOKU_INVALID_ARGUMENT` (`struct_size`
/// smaller than the first version's, or above `SUDOKU_STRUCT_SIZE_MAX`: a struct no
/// `_init_size` call filled) or `SUDOKU_INTERNAL_ERROR`. Thread-safe.
///
/// # Safety
/// `board` must be NULL or point to 81 readable bytes; `options` NULL or a readable struct of
/// `options->struct_size` bytes; `rating` NULL or a writable `sudoku_rating`.
#[no_mangle]
pub unsafe extern "C" fn sudoku_rate_with(
    board: *const c_char,
    options: *const sudoku_rate_options,
    rating: *mut sudoku_rating,
) -> sudoku_status {
    guard(|| {
        required(board.cast_mut())?;
        let rating = required(rating)?;
        // SAFETY: the caller guarantees NULL or `struct_size` readable bytes.
        let budget_ms = unsafe { read_rate_options(options) }?;
        // SAFETY: the caller guarantees 81 readable bytes, which no one writes during the call.
        let text = unsafe { board_ref(board) }?;
        let budget = match budget_ms {
            0 => Budget::UNLIMITED,
            ms => Budget::millis(ms.into()),
        };
        let (result, out_of_budget) = rate_board_within(&Board::parse(text)?, &budget)?;
        // SAFETY: non-NULL, and the caller guarantees a writable sudoku_rating.
        unsafe { rating.write_unaligned(result) };
        if out_of_budget {
            Err(SUDOKU_OUT_OF_BUDGET)
        } else {
            Ok(())
        }
    })
}

/// Rates a puzzle as Sudoku Explainer (serate 1.2.1.3) does: ER, EP and ED.
///
/// `board`: 81 bytes as for `sudoku_solve`, only read. On `SUDOKU_OK`, `*rating` receives the
/// rating; on any other status it is left untouched. The engine takes SE's steps one at a time
/// (`docs/steps.md`), up to the last of SE's ladder, the nested forcing chains of level 5; a
/// position where none of them finds anything (SE has no step there either) is still
/// `SUDOKU_OK`, with `complete` 0 and `er` a lower bound of SE's ER (`SUDOKU_BEYOND_ER`, 11.0,
/// or the hardest step taken if higher). A puzzle with several
/// solutions is rated by the same rule, as SE rates it, except that the nested forcing chains
/// are skipped (no step can settle the cells where its solutions differ, and their search is
/// slowest there): it stops with the bound 9.5 where SE would search them. The nested forcing
/// chains (9.5 and up) take tens of milliseconds a step on the hardest puzzles, and those of
/// levels 4 and 5 up to tenths of a second (a whole puzzle of forum_hardest about 0.3 s, one
/// that needs level 4 up to a second): `sudoku_rate_with` bounds the time. A full valid board rates
/// 0/0/0 with `complete` 1 and no step.
///
/// Returns `SUDOKU_OK`, `SUDOKU_NO_SOLUTION` (checked with the solver first),
/// `SUDOKU_MULTIPLE_SOLUTIONS` (only when a uniqueness technique, assuming one solution, led to
/// a contradiction on a puzzle with several), `SUDOKU_INVALID_CHARACTER`,
/// `SUDOKU_CONFLICTING_GIVENS`, `SUDOKU_NULL_POINTER` (`board` or `rating` NULL) or
/// `SUDOKU_INTERNAL_ERROR`. Thread-safe. It allocates working memory only for the chain techniques
/// (6.5 and up; a few KiB for most puzzles, up to a few tens of MB for the nested forcing
/// chains: about 20 MB measured on the hardest, which keep the nested steps of thousands of
/// grids from one step to the next), freed before it returns.
///
/// # Safety
/// `board` must be NULL or point to 81 readable bytes; `rating` NULL or a writable
/// `sudoku_rating`.
#[no_mangle]
pub unsafe extern "C" fn sudoku_rate(
    board: *const c_char,
    rating: *mut sudoku_rating,
) -> sudoku_status {
    guard(|| {
        required(board.cast_mut())?;
        let rating = required(rating)?;
        // SAFETY: the caller guarantees 81 readable bytes, which no one writes during the call.
        let text = unsafe { board_ref(board) }?;
        let result = rate_board(&Board::parse(text)?)?;
        // SAFETY: non-NULL, and the caller guarantees a writable sudoku_rating.
        unsafe { rating.write_unaligned(result) };
        Ok(())
    })
}

/// Rates `count` puzzles on several threads, each as `sudoku_rate` does.
///
/// `boards`: `81 * count` bytes, board `i` at bytes `81 * i` to `81 * i + 80`; only read.
/// `ratings`: `count` writable `sudoku_rating`; `ratings[i]` is written only when `statuses[i]`
/// is `SUDOKU_OK`. `statuses`: `count` writable `sudoku_status`, each what `sudoku_rate` returns
/// for that board (`SUDOKU_NULL_POINTER` aside). `threads`: as for `sudoku_solve_batch` (0:
/// every core available; the calling thread included; threads end before the call returns).
/// The results do not depend on the thread count.
///
/// Returns `SUDOKU_OK` when the arguments are valid, whatever each board's status;
/// `SUDOKU_NULL_POINTER` (`boards`, `ratings` or `statuses` NULL, also when `count` is 0);
/// `SUDOKU_INVALID_ARGUMENT` (a `count` whose buffers could not exist, misaligned `ratings` or
/// `statuses`, or any two buffers overlapping), and then nothing is written;
/// `SUDOKU_INTERNAL_ERROR`.
///
/// # Safety
/// `boards` NULL or `81 * count` readable bytes; `ratings` NULL or `count` writable
/// `sudoku_rating`; `statuses` NULL or `count` writable `sudoku_status`.
#[no_mangle]
pub unsafe extern "C" fn sudoku_rate_batch(
    boards: *const c_char,
    count: usize,
    ratings: *mut sudoku_rating,
    statuses: *mut sudoku_status,
    threads: usize,
) -> sudoku_status {
    guard(|| {
        let boards = required(boards.cast_mut())?.cast::<[u8; CELLS]>();
        let ratings = required(ratings)?;
        let statuses = required(statuses)?;
        let (Some(input), Some(output), Some(codes)) = (
            Region::of(boards.as_ptr(), count),
            Region::of(ratings.as_ptr(), count),
            Region::of(statuses.as_ptr(), count),
        ) else {
            return Err(SUDOKU_INVALID_ARGUMENT);
        };
        if input.overlaps(&output) || input.overlaps(&codes) || output.overlaps(&codes) {
            return Err(SUDOKU_INVALID_ARGUMENT);
        }
        if count == 0 {
            return Ok(());
        }
        // SAFETY: non-NULL, alignment 1, `81 * count` readable bytes (at most isize::MAX,
        // checked) that nothing writes during the call (no output overlaps them).
        let boards = unsafe { slice::from_raw_parts(boards.as_ptr(), count) };
        // SAFETY: aligned (checked by `Region::of`), `count` writable values the caller
        // guarantees, overlapping no other buffer.
        let ratings = unsafe { output_slice(ratings, count) };
        // SAFETY: as for `ratings`.
        let statuses = unsafe { output_slice(statuses, count) };
        batch::for_each_chunk(
            count,
            threads,
            (ratings, statuses),
            |range, (ratings, statuses)| {
                let chunk = &boards[range];
                for ((text, rating), status) in chunk.iter().zip(ratings).zip(statuses) {
                    let result = catch_unwind(|| {
                        fault::point(text);
                        rate_board(&Board::parse(text)?)
                    });
                    status.write(match result {
                        Ok(Ok(r)) => {
                            rating.write(r);
                            SUDOKU_OK
                        }
                        Ok(Err(s)) => s,
                        Err(_) => SUDOKU_INTERNAL_ERROR,
                    });
                }
            },
        );
        Ok(())
    })
}
