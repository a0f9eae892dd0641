// The status codes of the C API: the one place their values, enumerator names, documentation
// and messages are written. Not a module: `ffi/mod.rs` includes this file to define the Rust
// enum `sudoku_status`, `status_name` and `status_message`, and `build.rs` includes it to write
// the same enum as source for cbindgen (which does not expand macros), so the header's enum comes
// from here too. Values are fixed: a new code is appended, never inserted or renumbered.
//
// Form: `/// doc` lines, then `NAME = VALUE => "message",` (the message is what
// `sudoku_status_message` returns; the name is what `sudoku_status_name` returns).
status_table! {
    /// Result of every libsudoku function that can fail. The numeric values are fixed.
    enum sudoku_status {
        /// Success; outputs were written.
        SUDOKU_OK = 0 => "success",
        /// The puzzle has no solution.
        SUDOKU_NO_SOLUTION = 1 => "the puzzle has no solution",
        /// The puzzle has more than one solution (a unique one was required).
        SUDOKU_MULTIPLE_SOLUTIONS = 2 => "the puzzle has more than one solution",
        /// A board byte is not `'1'`-`'9'`, `'.'` or `'0'`.
        SUDOKU_INVALID_CHARACTER = 3 => "the board contains a byte that is not '1'-'9', '.' or '0'",
        /// Two equal givens share a row, column or box.
        SUDOKU_CONFLICTING_GIVENS = 4 => "two equal givens share a row, column or box",
        /// A required pointer argument was NULL.
        SUDOKU_NULL_POINTER = 5 => "a required pointer argument was NULL",
        /// An argument is out of range or inconsistent. Each function's documentation lists its
        /// cases; among them: `limit == 0`, a candidate mask above `0x1FF`, unknown batch flags,
        /// output buffers that overlap each other or an input, are misaligned or too large, a
        /// `struct_size` (or the `size` of an `_init_size` call) smaller than the first version
        /// of its struct, generator options out of range (`sudoku_generate_options`), an unknown
        /// symmetry, an invalid transformation, a pattern of givens without the symmetry
        /// `sudoku_minimize` was asked to keep, a hint's board missing a given of its puzzle, or
        /// a step whose fields are out of range or disagree (`sudoku_step_explain`).
        SUDOKU_INVALID_ARGUMENT = 6 => "an argument is out of range",
        /// An internal fault (a bug in libsudoku) was caught. Outputs were not written, except
        /// by `sudoku_list_solutions` and the batch calls (`sudoku_solve_batch`,
        /// `sudoku_generate_batch`, `sudoku_generate_pattern_batch`, `sudoku_rate_batch`,
        /// `sudoku_canonicalize_batch`), which may have written some of their items before the
        /// fault (their documentation says which).
        SUDOKU_INTERNAL_ERROR = 7 => "internal error in libsudoku",
        /// `sudoku_read_puzzle`: the text is not a puzzle in a known format (the
        /// `sudoku_read_info` says where and why).
        SUDOKU_INVALID_FORMAT = 8 => "the text is not a puzzle in a known format",
        /// `sudoku_read_puzzle`: no puzzle is left in the text (only blank lines and comments).
        SUDOKU_END_OF_INPUT = 9 => "no puzzle left in the text",
        /// `sudoku_generate`: every attempt allowed gave a puzzle outside the asked range of
        /// givens (for example a range the symmetry's orbit sizes cannot meet); nothing was
        /// written.
        SUDOKU_NOT_FOUND = 10 => "no puzzle met the options within the attempts allowed",
        /// `sudoku_hint`: a digit on the board differs from the puzzle's unique solution, or a
        /// candidate mask lacks the solution's digit of its cell; the cell is reported.
        SUDOKU_WRONG_DIGIT = 11 => "a digit or a candidate elimination contradicts the solution",
        /// `sudoku_hint`: every cell of the board holds a digit; there is nothing to hint.
        SUDOKU_ALREADY_SOLVED = 12 => "the board is already solved",
        /// `sudoku_hint`: the position needs a technique beyond the step engine's (Sudoku
        /// Explainer's ladder as far as it is implemented).
        SUDOKU_NO_STEP = 13 => "no technique of the step engine applies to the position",
        /// An output buffer is too small: `sudoku_solve_path` (the steps) and
        /// `sudoku_step_explain` (the text); the size needed is reported.
        SUDOKU_BUFFER_TOO_SMALL = 14 => "an output buffer is too small",
        /// `sudoku_rate_with`: the time budget ran out before the rating was complete; the
        /// partial rating was written (`complete` 0, `er` a lower bound of SE's ER). The one
        /// status besides `SUDOKU_OK` with an output.
        SUDOKU_OUT_OF_BUDGET = 15 => "the time budget ran out; the rating written is a lower bound",
    }
}
