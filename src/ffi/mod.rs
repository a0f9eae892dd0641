//! The C API. Every `extern "C"` item of the library is in this module, one file per concept:
//! `solve` (one board: solve, solve uniquely, count, validate), `candidates` (the same for
//! candidate puzzles, and a board's candidates), `list` (listing solutions), `batch` (many boards
//! on several threads), `read` (reading puzzles from text), `generate` (making puzzles,
//! minimality), `pattern` (puzzles on a pattern), `info` (status texts, version) and `canonical` (the canonical form and
//! transformations) and `steps` (the step engine: ratings, hints, solving paths,
//! explanations). The header `include/sudoku.h` is generated from
//! these files by cbindgen (see `build.rs`), in the order the files are declared below; the
//! status codes come from the table in `status_table.rs`.
//!
//! Conventions (after rustls-ffi): one status enum; arguments are checked before any work (NULL
//! pointers first, then other arguments, then the board); outputs are written only on success;
//! each exported body runs under a panic guard (`guard`), so a fault inside the library becomes
//! `SUDOKU_INTERNAL_ERROR` and never unwinds into C. No function keeps state between calls, so
//! every function is safe to call from many threads at once (on distinct output buffers).
//!
//! The module depends on the core (`board`, `solver`, `batch`, `error`, `fault`); the core never
//! depends on it.

#![allow(non_camel_case_types)]

use std::ffi::{c_char, c_int, CStr};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::ptr::NonNull;

use crate::error::Error;
use crate::fault;
use crate::geometry::CELLS;

// The header lists the functions in this order (cbindgen follows the declarations): keep the
// groups apart so that rustfmt does not sort them.
mod solve;

mod candidates;

mod list;

mod batch;

mod read;

mod generate;

mod pattern;

mod info;

mod region;

mod versioned;

mod canonical;

mod steps;

pub use batch::{sudoku_solve_batch, SUDOKU_BATCH_FIRST, SUDOKU_BATCH_UNIQUE};
pub use candidates::{
    sudoku_board_candidates, sudoku_count_solutions_candidates, sudoku_solve_candidates,
    sudoku_solve_unique_candidates, sudoku_validate_candidates,
};
pub use canonical::{
    sudoku_canonicalize, sudoku_canonicalize_batch, sudoku_transform, sudoku_transform_apply,
    sudoku_transform_apply_candidates, sudoku_transform_invert, sudoku_transform_random,
};
pub use generate::{
    sudoku_generate, sudoku_generate_batch, sudoku_generate_options, sudoku_generate_options_init,
    sudoku_generate_options_init_size, sudoku_is_minimal, sudoku_minimize,
    sudoku_pattern_symmetries, sudoku_symmetry,
};
pub use info::{sudoku_status_message, sudoku_status_name, sudoku_version};
pub use list::sudoku_list_solutions;
pub use pattern::{
    sudoku_generate_pattern, sudoku_generate_pattern_batch, sudoku_generate_pattern_with,
    sudoku_pattern_options, sudoku_pattern_options_init, sudoku_pattern_options_init_size,
};
pub use read::{
    sudoku_read_info, sudoku_read_info_init, sudoku_read_info_init_size, sudoku_read_puzzle,
    SUDOKU_PUZZLE_CANDIDATES, SUDOKU_PUZZLE_GIVENS, SUDOKU_READ_BLANK_IN_CANDIDATE_GRID,
    SUDOKU_READ_CELL_COUNT, SUDOKU_READ_INVALID_CHARACTER, SUDOKU_READ_LONG_GRID,
    SUDOKU_READ_MESSAGE_SIZE, SUDOKU_READ_MISPLACED_CANDIDATE, SUDOKU_READ_NO_CANDIDATES_BUFFER,
    SUDOKU_READ_REPEATED_CANDIDATE, SUDOKU_READ_SHORT_GRID,
};
pub use solve::{
    sudoku_board_conflicts, sudoku_count_solutions, sudoku_solve, sudoku_solve_unique,
    sudoku_validate, SUDOKU_CONFLICT_BOX, SUDOKU_CONFLICT_COLUMN, SUDOKU_CONFLICT_ROW,
};
pub use steps::{
    sudoku_hint, sudoku_level_name, sudoku_rate, sudoku_rate_batch, sudoku_rate_options,
    sudoku_rate_options_init, sudoku_rate_options_init_size, sudoku_rate_with, sudoku_rating,
    sudoku_solve_path, sudoku_step, sudoku_step_apply, sudoku_step_explain, sudoku_technique,
    sudoku_technique_name, SUDOKU_BEYOND_ER, SUDOKU_CHAIN_CAPACITY, SUDOKU_NO_TECHNIQUE,
};
pub use versioned::SUDOKU_STRUCT_SIZE_MAX;

/// Defines the status enum and its texts from the table in `status_table.rs` (`build.rs` has a
/// twin of this macro that writes the same enum as source for cbindgen).
macro_rules! status_table {
    (
        $(#[doc = $doc:literal])*
        enum sudoku_status {
            $(
                $(#[doc = $code_doc:literal])*
                $name:ident = $value:literal => $message:literal,
            )*
        }
    ) => {
        $(#[doc = $doc])*
        #[repr(C)]
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum sudoku_status {
            $(
                $(#[doc = $code_doc])*
                $name = $value,
            )*
        }

        impl sudoku_status {
            /// Every status code, in the order of the table (which is the order of the values).
            pub const ALL: &'static [sudoku_status] = &[$(sudoku_status::$name),*];

            /// The status whose value is `code`, or `None` when `code` is not a status code.
            pub const fn from_code(code: c_int) -> Option<sudoku_status> {
                match code {
                    $($value => Some(sudoku_status::$name),)*
                    _ => None,
                }
            }

            /// The enumerator name, for example `"SUDOKU_OK"` (what `sudoku_status_name`
            /// returns).
            pub const fn name(self) -> &'static CStr {
                match self {
                    $(sudoku_status::$name => const { c_str(concat!(stringify!($name), "\0")) },)*
                }
            }

            /// An English sentence describing the status (what `sudoku_status_message`
            /// returns).
            pub const fn message(self) -> &'static CStr {
                match self {
                    $(sudoku_status::$name => const { c_str(concat!($message, "\0")) },)*
                }
            }
        }
    };
}

include!("status_table.rs");

use sudoku_status::*;

/// A NUL-terminated text of the status table as a `CStr` (evaluated at compile time, where a
/// misplaced NUL fails the build).
const fn c_str(text: &'static str) -> &'static CStr {
    match CStr::from_bytes_with_nul(text.as_bytes()) {
        Ok(text) => text,
        Err(_) => panic!("a status text must end with its only NUL byte"),
    }
}

/// What the status texts give for a value that is not a status code.
const UNKNOWN_STATUS: &CStr = c"unknown status";

/// The enumerator name of the status code `code` (`"SUDOKU_OK"`, ...), or `None` when `code` is
/// not a status code.
pub fn status_name(code: c_int) -> Option<&'static CStr> {
    sudoku_status::from_code(code).map(sudoku_status::name)
}

/// The English sentence for the status code `code`, or `None` when `code` is not a status code.
pub fn status_message(code: c_int) -> Option<&'static CStr> {
    sudoku_status::from_code(code).map(sudoku_status::message)
}

impl From<Error> for sudoku_status {
    fn from(e: Error) -> sudoku_status {
        match e {
            Error::InvalidCharacter { .. } | Error::WrongLength { .. } => SUDOKU_INVALID_CHARACTER,
            Error::ConflictingGivens { .. } => SUDOKU_CONFLICTING_GIVENS,
            Error::NoSolution | Error::NoCandidate { .. } => SUDOKU_NO_SOLUTION,
            Error::MultipleSolutions => SUDOKU_MULTIPLE_SOLUTIONS,
        }
    }
}

/// Runs an exported body, turning a panic into `SUDOKU_INTERNAL_ERROR`. The body returns
/// `Err(status)` for every failure, so it can use `?` on the helpers below.
fn guard(body: impl FnOnce() -> Result<(), sudoku_status>) -> sudoku_status {
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(())) => SUDOKU_OK,
        Ok(Err(status)) => status,
        Err(_) => SUDOKU_INTERNAL_ERROR,
    }
}

/// Runs the body of an exported function that cannot fail, giving `on_panic` if it panics
/// anyway (a bug), so that no panic unwinds into C.
fn guard_or<T>(on_panic: T, body: impl FnOnce() -> T) -> T {
    catch_unwind(AssertUnwindSafe(body)).unwrap_or(on_panic)
}

/// A required pointer argument: `Err(SUDOKU_NULL_POINTER)` when it is NULL.
fn required<T>(pointer: *mut T) -> Result<NonNull<T>, sudoku_status> {
    NonNull::new(pointer).ok_or(SUDOKU_NULL_POINTER)
}

/// The caller's board, read where it lies (a fault-injection point, see `fault`);
/// `Err(SUDOKU_NULL_POINTER)` when `board` is NULL.
///
/// # Safety
/// `board` must be NULL or point to 81 readable bytes that nothing writes during the call.
unsafe fn board_ref<'a>(board: *const c_char) -> Result<&'a [u8; CELLS], sudoku_status> {
    let board = required(board.cast_mut())?;
    // SAFETY: non-NULL, and the caller guarantees 81 readable bytes not written meanwhile;
    // [u8; 81] has alignment 1, and c_char and u8 have the same size.
    let text = unsafe { board.cast::<[u8; CELLS]>().as_ref() };
    fault::point(text);
    Ok(text)
}

/// The caller's board, to be solved where it lies (a fault-injection point, see `fault`);
/// `Err(SUDOKU_NULL_POINTER)` when `board` is NULL.
///
/// # Safety
/// `board` must be NULL or point to 81 readable and writable bytes that nothing else accesses
/// during the call.
unsafe fn board_mut<'a>(board: *mut c_char) -> Result<&'a mut [u8; CELLS], sudoku_status> {
    let board = required(board)?;
    // SAFETY: non-NULL, and the caller guarantees 81 readable and writable bytes with no other
    // access; [u8; 81] has alignment 1, and c_char and u8 have the same size.
    let text = unsafe { board.cast::<[u8; CELLS]>().as_mut() };
    fault::point(text);
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_dense_from_zero_and_its_texts_are_distinct() {
        for (value, &status) in sudoku_status::ALL.iter().enumerate() {
            let code = c_int::try_from(value).unwrap();
            assert_eq!(status as c_int, code);
            assert_eq!(sudoku_status::from_code(code), Some(status));
            assert_eq!(
                status_name(code).unwrap().to_str(),
                Ok(format!("{status:?}").as_str())
            );
            assert!(status_message(code).is_some_and(|m| !m.is_empty()));
        }
        let n = sudoku_status::ALL.len();
        for code in [-1, c_int::try_from(n).unwrap(), c_int::MAX, c_int::MIN] {
            assert_eq!(sudoku_status::from_code(code), None);
            assert_eq!(status_name(code), None);
            assert_eq!(status_message(code), None);
        }
        let messages: std::collections::HashSet<_> =
            sudoku_status::ALL.iter().map(|s| s.message()).collect();
        assert_eq!(messages.len(), n);
        assert!(!messages.contains(UNKNOWN_STATUS));
    }

    #[test]
    fn null_boards_are_null_pointer_errors() {
        // SAFETY: NULL is accepted and rejected before any access.
        unsafe {
            assert_eq!(board_ref(std::ptr::null()), Err(SUDOKU_NULL_POINTER));
            assert_eq!(board_mut(std::ptr::null_mut()), Err(SUDOKU_NULL_POINTER));
        }
        assert_eq!(
            required(std::ptr::null_mut::<u64>()),
            Err(SUDOKU_NULL_POINTER)
        );
    }

    #[test]
    fn guards_turn_panics_into_their_fallback() {
        assert_eq!(guard(|| Ok(())), SUDOKU_OK);
        assert_eq!(guard(|| Err(SUDOKU_NO_SOLUTION)), SUDOKU_NO_SOLUTION);
        assert_eq!(guard(|| panic!("test panic")), SUDOKU_INTERNAL_ERROR);
        assert_eq!(guard_or(1, || 2), 2);
        assert_eq!(guard_or(1, || panic!("test panic")), 1);
    }
}
