//! About the library rather than a board: `sudoku_status_message`, `sudoku_status_name` and
//! `sudoku_version`. Each returns a static string: never NULL, never to be freed.

use std::ffi::{c_char, c_int, CStr};

use super::{guard_or, status_message, status_name, UNKNOWN_STATUS};

/// A static English sentence describing a status code; never NULL, never to be freed.
///
/// `status` is read as a plain integer, so any value is safe: one that is not a status code
/// gives "unknown status". Thread-safe; no allocation.
#[no_mangle]
pub extern "C" fn sudoku_status_message(status: c_int) -> *const c_char {
    guard_or(UNKNOWN_STATUS, || {
        status_message(status).unwrap_or(UNKNOWN_STATUS)
    })
    .as_ptr()
}

/// The enumerator name of a status code as a static string, for example "SUDOKU_OK" for
/// `SUDOKU_OK` (0) and "SUDOKU_INTERNAL_ERROR" for `SUDOKU_INTERNAL_ERROR` (7); never NULL, never
/// to be freed.
///
/// `status` is read as a plain integer, so any value is safe: one that is not a status code
/// gives "unknown status", as `sudoku_status_message` does. Thread-safe; no allocation.
#[no_mangle]
pub extern "C" fn sudoku_status_name(status: c_int) -> *const c_char {
    guard_or(UNKNOWN_STATUS, || {
        status_name(status).unwrap_or(UNKNOWN_STATUS)
    })
    .as_ptr()
}

/// The library version (for example "0.1.0") as a static NUL-terminated string; never NULL.
/// It matches the `SUDOKU_VERSION_*` macros of the header the program was compiled with.
#[no_mangle]
pub extern "C" fn sudoku_version() -> *const c_char {
    const VERSION: &CStr = super::c_str(concat!(env!("CARGO_PKG_VERSION"), "\0"));
    guard_or(VERSION, || VERSION).as_ptr()
}
