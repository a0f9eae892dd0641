//! The status names as the C API documents them: the independent expectation that
//! `sudoku_status_name` is checked against (by `tests/status_table.rs` and the `status_name` fuzz
//! target). Written out here from the documented C API (the README's status codes and
//! `include/sudoku.h`), not taken from the library, so a renamed or reordered status in `src/`
//! fails the tests instead of changing what they expect.

/// The enumerator names of `sudoku_status`, indexed by their fixed values 0 to 15: what
/// `sudoku_status_name(code)` must return for each status code. Written from the documented C
/// API, not from the library.
pub const EXPECTED_NAMES: [&str; 16] = [
    "SUDOKU_OK",
    "SUDOKU_NO_SOLUTION",
    "SUDOKU_MULTIPLE_SOLUTIONS",
    "SUDOKU_INVALID_CHARACTER",
    "SUDOKU_CONFLICTING_GIVENS",
    "SUDOKU_NULL_POINTER",
    "SUDOKU_INVALID_ARGUMENT",
    "SUDOKU_INTERNAL_ERROR",
    "SUDOKU_INVALID_FORMAT",
    "SUDOKU_END_OF_INPUT",
    "SUDOKU_NOT_FOUND",
    "SUDOKU_WRONG_DIGIT",
    "SUDOKU_ALREADY_SOLVED",
    "SUDOKU_NO_STEP",
    "SUDOKU_BUFFER_TOO_SMALL",
    "SUDOKU_OUT_OF_BUDGET",
];

/// What `sudoku_status_name` and `sudoku_status_message` return for a value that is not a
/// status code.
pub const UNKNOWN_STATUS: &str = "unknown status";

/// The name `sudoku_status_name(code)` must return: its entry of [`EXPECTED_NAMES`] for a status
/// code, [`UNKNOWN_STATUS`] for any other value.
pub fn expected_name(code: i32) -> &'static str {
    usize::try_from(code)
        .ok()
        .and_then(|i| EXPECTED_NAMES.get(i))
        .copied()
        .unwrap_or(UNKNOWN_STATUS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_0_to_15_have_names_and_other_values_are_unknown() {
        for (code, name) in (0..).zip(EXPECTED_NAMES) {
            assert_eq!(expected_name(code), name);
        }
        for code in [-1, 16, 17, 100, i32::MAX, i32::MIN] {
            assert_eq!(expected_name(code), UNKNOWN_STATUS);
        }
    }
}
