//! What `build.rs` does to the header besides running cbindgen (`build_support/header.rs`,
//! included here as the build includes it): the anchored rewrite of the board parameters, which
//! must touch exactly the expected declarations and fail on anything else, and the status enum
//! written from the status table for cbindgen.

#[path = "../build_support/header.rs"]
mod header;

use header::{
    array_parameters, array_parameters_of, status_enum_source, status_size_check, ARRAY_PARAMETERS,
    STATUS_SIZE_CHECK,
};
use sudoku_testkit::cbuild::read_header;

/// Declarations as cbindgen writes them (before the rewrite).
const GENERATED: &str = "\
/**
 * Takes `char *board`: the comment is never rewritten.
 */
enum sudoku_status sudoku_solve(char *board);

enum sudoku_status sudoku_solve_unique(char *board);

enum sudoku_status sudoku_count_solutions(const char *board, uint64_t limit, uint64_t *count);

enum sudoku_status sudoku_list_solutions(const char *board, char *solutions, size_t capacity, size_t *written, bool *more);

enum sudoku_status sudoku_validate(const char *board, size_t *cell);

enum sudoku_status sudoku_board_conflicts(const char *board, uint8_t *houses, size_t *count);

enum sudoku_status sudoku_solve_candidates(const uint16_t *candidates, char *solution);

enum sudoku_status sudoku_solve_unique_candidates(const uint16_t *candidates, char *solution);

enum sudoku_status sudoku_count_solutions_candidates(const uint16_t *candidates, uint64_t limit, uint64_t *count);

enum sudoku_status sudoku_validate_candidates(const uint16_t *candidates, size_t *cell);

enum sudoku_status sudoku_board_candidates(const char *board, uint16_t *candidates);

enum sudoku_status sudoku_solve_batch(const char *puzzles,
                                      size_t count,
                                      char *solutions,
                                      enum sudoku_status *statuses,
                                      uint32_t flags,
                                      size_t threads);

enum sudoku_status sudoku_read_puzzle(const char *text, size_t len, char *board, uint16_t *candidates, struct sudoku_read_info *info);

enum sudoku_status sudoku_canonicalize(const char *board, char *canonical, struct sudoku_transform *transform);

enum sudoku_status sudoku_transform_apply(const struct sudoku_transform *transform, const char *board, char *out);

enum sudoku_status sudoku_transform_apply_candidates(const struct sudoku_transform *transform, const uint16_t *candidates, uint16_t *out);
enum sudoku_status sudoku_generate(uint64_t seed, const struct sudoku_generate_options *options, char *puzzle, char *solution);

enum sudoku_status sudoku_generate_pattern(uint64_t seed, const char *pattern, uint64_t max_attempts, char *puzzle, char *solution);

enum sudoku_status sudoku_generate_pattern_with(uint64_t seed, const char *pattern, const struct sudoku_pattern_options *options, char *puzzle, char *solution);

enum sudoku_status sudoku_generate_pattern_batch(uint64_t seed, const char *pattern, const struct sudoku_pattern_options *options, size_t count, char *puzzles, enum sudoku_status *statuses, size_t threads);

enum sudoku_status sudoku_is_minimal(const char *board, bool *minimal);

enum sudoku_status sudoku_minimize(char *board, uint32_t symmetry);

enum sudoku_status sudoku_pattern_symmetries(const char *board, uint32_t *symmetries);

enum sudoku_status sudoku_rate(const char *board, struct sudoku_rating *rating);

enum sudoku_status sudoku_rate_with(const char *board, const struct sudoku_rate_options *options, struct sudoku_rating *rating);

enum sudoku_status sudoku_hint(const char *board, const char *givens, const uint16_t *candidates, struct sudoku_step *step, size_t *cell);

enum sudoku_status sudoku_solve_path(const char *board, struct sudoku_step *steps, size_t capacity, size_t *count, bool *complete);

enum sudoku_status sudoku_step_apply(const struct sudoku_step *step, char *board, uint16_t *candidates);
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
            "sudoku_list_solutions(const char *board, char *solutions,",
            "sudoku_list_solutions(const char board[81], char *solutions,",
        )
        .replace(
            "sudoku_validate(const char *board,",
            "sudoku_validate(const char board[81],",
        )
        .replace(
            "sudoku_board_conflicts(const char *board, uint8_t *houses,",
            "sudoku_board_conflicts(const char board[81], uint8_t houses[81],",
        )
        .replace(
            "size_t len, char *board, uint16_t",
            "size_t len, char board[81], uint16_t",
        )
        .replace(
            "candidates(const uint16_t *candidates, char *solution);",
            "candidates(const uint16_t candidates[81], char solution[81]);",
        )
        .replace(
            "sudoku_count_solutions_candidates(const uint16_t *candidates,",
            "sudoku_count_solutions_candidates(const uint16_t candidates[81],",
        )
        .replace(
            "sudoku_validate_candidates(const uint16_t *candidates,",
            "sudoku_validate_candidates(const uint16_t candidates[81],",
        )
        .replace(
            "sudoku_board_candidates(const char *board, uint16_t *candidates);",
            "sudoku_board_candidates(const char board[81], uint16_t candidates[81]);",
        )
        .replace(
            "sudoku_canonicalize(const char *board,",
            "sudoku_canonicalize(const char board[81],",
        )
        .replace(
            "*transform, const char *board, char *out",
            "*transform, const char board[81], char *out",
        )
        .replace(
            "const uint16_t *candidates, uint16_t *out);",
            "const uint16_t candidates[81], uint16_t out[81]);",
        );
    let expected = expected
        .replace(
            "options, char *puzzle, char *solution);",
            "options, char puzzle[81], char *solution);",
        )
        .replace(
            "const char *pattern, uint64_t max_attempts, char *puzzle,",
            "const char pattern[81], uint64_t max_attempts, char puzzle[81],",
        )
        .replace(
            "sudoku_generate_pattern_with(uint64_t seed, const char *pattern,",
            "sudoku_generate_pattern_with(uint64_t seed, const char pattern[81],",
        )
        .replace(
            "const char *pattern, const struct sudoku_pattern_options *options, size_t count,",
            "const char pattern[81], const struct sudoku_pattern_options *options, size_t count,",
        )
        .replace(
            "sudoku_is_minimal(const char *board,",
            "sudoku_is_minimal(const char board[81],",
        )
        .replace(
            "sudoku_minimize(char *board,",
            "sudoku_minimize(char board[81],",
        )
        .replace(
            "sudoku_pattern_symmetries(const char *board,",
            "sudoku_pattern_symmetries(const char board[81],",
        )
        .replace(
            "sudoku_rate(const char *board,",
            "sudoku_rate(const char board[81],",
        )
        .replace(
            "sudoku_rate_with(const char *board,",
            "sudoku_rate_with(const char board[81],",
        )
        .replace(
            "sudoku_solve_path(const char *board,",
            "sudoku_solve_path(const char board[81],",
        )
        // The candidates of the hint and of a step applied may be NULL: they stay pointers.
        .replace(
            "sudoku_step_apply(const struct sudoku_step *step, char *board,",
            "sudoku_step_apply(const struct sudoku_step *step, char board[81],",
        )
        .replace(
            "sudoku_hint(const char *board, const char *givens, const uint16_t *candidates,",
            "sudoku_hint(const char board[81], const char *givens, const uint16_t *candidates,",
        );
    // The reader's candidates and the generator's solution may be NULL: they stay pointers.
    assert!(expected.contains("char puzzle[81], char *solution);"));
    assert!(expected.contains("uint16_t *candidates, struct sudoku_read_info"));
    assert_eq!(array_parameters(GENERATED), Ok(expected));
}

#[test]
fn other_parameter_names_are_never_touched() {
    // A later parameter whose name starts with "board" stays as it is.
    let text = "enum sudoku_status sudoku_solve(char *board, char *board_out, char *boards);\n";
    assert_eq!(
        array_parameters_of(text, "sudoku_solve", &["board"]).as_deref(),
        Ok("enum sudoku_status sudoku_solve(char board[81], char *board_out, char *boards);\n")
    );
    // The listing's output buffer keeps its pointer form: only `board` is rewritten.
    let text = "enum sudoku_status sudoku_list_solutions(const char *board, char *solutions, \
                size_t capacity, size_t *written, bool *more);\n";
    assert_eq!(
        array_parameters_of(text, "sudoku_list_solutions", &["board"]).as_deref(),
        Ok(
            "enum sudoku_status sudoku_list_solutions(const char board[81], char *solutions, \
            size_t capacity, size_t *written, bool *more);\n"
        )
    );
    let text =
        "enum sudoku_status sudoku_list_solutions(const char *solutions, char *board_out);\n";
    assert!(array_parameters_of(text, "sudoku_list_solutions", &["board"]).is_err());
    // Only a parameter named exactly `board` qualifies.
    let text = "enum sudoku_status sudoku_solve(char *boards);\n";
    assert!(array_parameters_of(text, "sudoku_solve", &["board"]).is_err());
    let text = "enum sudoku_status sudoku_solve(char *myboard);\n";
    assert!(array_parameters_of(text, "sudoku_solve", &["board"]).is_err());
}

#[test]
fn anything_unexpected_is_an_error() {
    // The declaration is missing.
    let without = GENERATED.replace("sudoku_validate", "sudoku_check");
    let error = array_parameters(&without).unwrap_err();
    assert!(error.contains("sudoku_validate"), "{error}");
    // Declared twice.
    let twice = format!("{GENERATED}enum sudoku_status sudoku_solve(char *board);\n");
    assert!(array_parameters(&twice).is_err());
    // The listing function missing, or spread over several lines.
    let without = GENERATED.replace("sudoku_list_solutions", "sudoku_list");
    let error = array_parameters(&without).unwrap_err();
    assert!(error.contains("sudoku_list_solutions"), "{error}");
    let wrapped = GENERATED.replace(
        "char *solutions, size_t capacity,",
        "char *solutions,\n    size_t capacity,",
    );
    assert!(array_parameters(&wrapped).is_err());
    // Spread over several lines.
    let wrapped = GENERATED.replace(
        "(const char *board, size_t *cell);",
        "(const char *board,\n                                   size_t *cell);",
    );
    assert!(array_parameters(&wrapped).is_err());
    // A listed name on a parameter of another type, or not a pointer.
    let text = "enum sudoku_status sudoku_solve(int *board);\n";
    assert!(array_parameters_of(text, "sudoku_solve", &["board"]).is_err());
    let text = "enum sudoku_status sudoku_solve(uint16_t candidates);\n";
    assert!(array_parameters_of(text, "sudoku_solve", &["candidates"]).is_err());
    // One of two listed names missing.
    let text = "enum sudoku_status sudoku_solve_candidates(const uint16_t *candidates);\n";
    let error = array_parameters_of(text, "sudoku_solve_candidates", &["candidates", "solution"])
        .unwrap_err();
    assert!(error.contains("solution"), "{error}");
    // Two board parameters.
    let text = "enum sudoku_status sudoku_solve(char *board, char *board);\n";
    assert!(array_parameters_of(text, "sudoku_solve", &["board"]).is_err());
    // Already rewritten: nothing to rewrite is an error too.
    let done = array_parameters(GENERATED).unwrap();
    assert!(array_parameters(&done).is_err());
}

#[test]
fn the_committed_header_shows_every_listed_parameter_as_an_array() {
    let header = read_header();
    for (function, names) in ARRAY_PARAMETERS {
        let line = header
            .lines()
            .find(|l| l.starts_with(&format!("enum sudoku_status {function}(")))
            .unwrap_or_else(|| panic!("{function} is declared"));
        for name in *names {
            assert!(line.contains(&format!(" {name}[81]")), "{line}");
        }
    }
    assert!(!header.contains("*board)") && !header.contains("*board,"));
    assert!(header
        .contains("sudoku_solve_candidates(const uint16_t candidates[81], char solution[81]);"));
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

#[test]
fn the_status_size_check_follows_the_status_enum_once() {
    let header = "typedef enum sudoku_status {\n  SUDOKU_OK = 0,\n} sudoku_status;\nint x;\n";
    let checked = status_size_check(header).unwrap();
    assert_eq!(
        checked,
        format!(
            "typedef enum sudoku_status {{\n  SUDOKU_OK = 0,\n}} sudoku_status;\n{STATUS_SIZE_CHECK}int x;\n"
        )
    );
    // No enum end, or two: an error (the build stops).
    assert!(status_size_check("int x;\n").is_err());
    assert!(status_size_check(&format!("{header}{header}")).is_err());
    // The committed header has it once, right after the enum.
    let committed = read_header();
    assert_eq!(committed.matches(STATUS_SIZE_CHECK).count(), 1);
    assert!(committed.contains(&format!("}} sudoku_status;\n{STATUS_SIZE_CHECK}")));
}
