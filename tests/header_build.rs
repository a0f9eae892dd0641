//! What `build.rs` does to the header besides running cbindgen (`build_support/header.rs`,
//! included here as the build includes it): the anchored rewrite of the board parameters, which
//! must touch exactly the expected declarations and fail on anything else, and the status enum
//! written from the status table for cbindgen.

#[path = "../build_support/header.rs"]
mod header;

use header::{board_array, board_arrays, status_enum_source, BOARD_FUNCTIONS};
use sudoku_testkit::cbuild::read_header;

/// Declarations as cbindgen writes them (before the rewrite).
const GENERATED: &str = "\
/**
 * Takes `char *board`: the comment is never rewritten.
 */
enum sudoku_status sudoku_solve(char *board);

enum sudoku_status sudoku_solve_unique(char *board);

enum sudoku_status sudoku_count_solutions(const char *board, uint64_t limit, uint64_t *count);

enum sudoku_status sudoku_validate(const char *board, size_t *cell);

enum sudoku_status sudoku_solve_batch(const char *puzzles,
                                      size_t count,
                                      char *solutions,
                                      enum sudoku_status *statuses,
                                      uint32_t flags,
                                      size_t threads);

enum sudoku_status sudoku_read_puzzle(const char *text, size_t len, char *board, uint16_t *candidates, struct sudoku_read_info *info);

enum sudoku_status sudoku_is_minimal(const char *board, bool *minimal);

enum sudoku_status sudoku_minimize(char *board, uint32_t symmetry);
";

#[test]
fn board_parameters_become_arrays_in_exactly_the_expected_declarations() {
    let expected = GENERATED
        .replace(
            "sudoku_solve(char *board);",
            "sudoku_solve(char board[81]);",
        )
        .replace(
            "sudoku_solve_unique(char *board);",
            "sudoku_solve_unique(char board[81]);",
        )
        .replace(
            "sudoku_count_solutions(const char *board,",
            "sudoku_count_solutions(const char board[81],",
        )
        .replace(
            "sudoku_validate(const char *board,",
            "sudoku_validate(const char board[81],",
        )
        .replace(
            "size_t len, char *board, uint16_t",
            "size_t len, char board[81], uint16_t",
        )
        .replace(
            "sudoku_is_minimal(const char *board,",
            "sudoku_is_minimal(const char board[81],",
        )
        .replace(
            "sudoku_minimize(char *board,",
            "sudoku_minimize(char board[81],",
        );
    assert_eq!(board_arrays(GENERATED), Ok(expected));
}

#[test]
fn other_parameter_names_are_never_touched() {
    // A later parameter whose name starts with "board" stays as it is.
    let text = "enum sudoku_status sudoku_solve(char *board, char *board_out, char *boards);\n";
    assert_eq!(
        board_array(text, "sudoku_solve").as_deref(),
        Ok("enum sudoku_status sudoku_solve(char board[81], char *board_out, char *boards);\n")
    );
    // Only a parameter named exactly `board` qualifies.
    let text = "enum sudoku_status sudoku_solve(char *boards);\n";
    assert!(board_array(text, "sudoku_solve").is_err());
    let text = "enum sudoku_status sudoku_solve(char *myboard);\n";
    assert!(board_array(text, "sudoku_solve").is_err());
}

#[test]
fn anything_unexpected_is_an_error() {
    // The declaration is missing.
    let without = GENERATED.replace("sudoku_validate", "sudoku_check");
    let error = board_arrays(&without).unwrap_err();
    assert!(error.contains("sudoku_validate"), "{error}");
    // Declared twice.
    let twice = format!("{GENERATED}enum sudoku_status sudoku_solve(char *board);\n");
    assert!(board_arrays(&twice).is_err());
    // Spread over several lines.
    let wrapped = GENERATED.replace(
        "(const char *board, size_t *cell);",
        "(const char *board,\n                                   size_t *cell);",
    );
    assert!(board_arrays(&wrapped).is_err());
    // Two board parameters.
    let text = "enum sudoku_status sudoku_solve(char *board, char *board);\n";
    assert!(board_array(text, "sudoku_solve").is_err());
    // Already rewritten: nothing to rewrite is an error too.
    let done = board_arrays(GENERATED).unwrap();
    assert!(board_arrays(&done).is_err());
}

#[test]
fn the_committed_header_shows_every_board_as_an_array() {
    let header = read_header();
    for function in BOARD_FUNCTIONS {
        let line = header
            .lines()
            .find(|l| l.starts_with(&format!("enum sudoku_status {function}(")))
            .unwrap_or_else(|| panic!("{function} is declared"));
        assert!(line.contains("char board[81]"), "{line}");
    }
    assert!(!header.contains("*board)") && !header.contains("*board,"));
}

#[test]
fn the_status_enum_source_comes_from_the_table() {
    let source = status_enum_source();
    assert!(
        source.contains("#[repr(C)]\npub enum sudoku_status {\n"),
        "{source}"
    );
    for status in sudoku::ffi::sudoku_status::ALL {
        let line = format!("    {status:?} = {},\n", *status as i32);
        assert!(source.contains(&line), "{line:?} missing in\n{source}");
    }
    // Every doc line of the table reaches the header's enum.
    let header = read_header();
    for doc in source.lines().filter_map(|l| l.trim().strip_prefix("///")) {
        assert!(
            header.contains(&format!(" *{doc}\n")),
            "{doc:?} missing in the header"
        );
    }
}
