//! What `build.rs` adds to cbindgen's work on the header, kept apart so that the integration test
//! `tests/header_build.rs` can test it (`#[path]`) as the build uses it:
//!
//! - [`status_enum_source`]: the status enum as Rust source, written from the one status table
//!   (`src/ffi/status_table.rs`) for cbindgen, which does not expand the crate's macro;
//! - [`board_arrays`]: the anchored rewrite of the board parameters, `char *board` shown as
//!   `char board[81]` in exactly the declarations of [`BOARD_FUNCTIONS`]. Anything unexpected (a
//!   declaration missing, repeated, spread over several lines, or without exactly one such
//!   parameter) is an error, which fails the build.
#![allow(dead_code)] // each user calls part of it

/// Writes the status table as the Rust source of `#[repr(C)] enum sudoku_status`, with the doc
/// comments and values of the table (the twin of the macro in `src/ffi/mod.rs`).
macro_rules! status_table {
    (
        $(#[doc = $doc:literal])*
        enum sudoku_status {
            $(
                $(#[doc = $code_doc:literal])*
                $name:ident = $value:literal => $message:literal,
            )*
        }
    ) => {{
        let mut source = String::new();
        $(source += &format!("///{}\n", $doc);)*
        source += "#[repr(C)]\npub enum sudoku_status {\n";
        $(
            $(source += &format!("    ///{}\n", $code_doc);)*
            source += &format!("    {} = {},\n", stringify!($name), stringify!($value));
            let _message: &str = $message;
        )*
        source += "}\n";
        source
    }};
}

/// The status enum as Rust source for cbindgen (see the module's documentation).
pub fn status_enum_source() -> String {
    include!("../src/ffi/status_table.rs")
}

/// The functions whose `board` parameter the header shows as an array of 81 `char`.
pub const BOARD_FUNCTIONS: &[&str] = &[
    "sudoku_solve",
    "sudoku_solve_unique",
    "sudoku_count_solutions",
    "sudoku_validate",
    "sudoku_read_puzzle",
    "sudoku_is_minimal",
    "sudoku_minimize",
];

/// `header` with the parameter `char *board` (or `const char *board`) of each function in
/// [`BOARD_FUNCTIONS`] written `char board[81]` (C treats both as the same pointer type; the
/// array shows the size). See [`board_array`] for what is required of each declaration.
pub fn board_arrays(header: &str) -> Result<String, String> {
    BOARD_FUNCTIONS
        .iter()
        .try_fold(header.to_string(), |text, function| {
            board_array(&text, function)
        })
}

/// `header` with the `board` parameter of `function` written as an array. The declaration must
/// be exactly one line of `header`, starting `enum sudoku_status FUNCTION(` and ending `);`, and
/// exactly one of its parameters must be `char *board` or `const char *board` (compared whole,
/// so `char *boards` or `char *board_out` are never touched); every other line is kept as it is.
pub fn board_array(header: &str, function: &str) -> Result<String, String> {
    let start = format!("enum sudoku_status {function}(");
    let declarations = header
        .split_inclusive('\n')
        .filter(|line| line.starts_with(&start))
        .count();
    if declarations != 1 {
        return Err(format!(
            "expected one line declaring {function} in the header, found {declarations}"
        ));
    }
    let mut out = String::with_capacity(header.len() + 8);
    for line in header.split_inclusive('\n') {
        let Some(rest) = line.strip_prefix(&start) else {
            out += line;
            continue;
        };
        let body = rest.trim_end_matches(['\r', '\n']);
        let Some(params) = body.strip_suffix(");") else {
            return Err(format!(
                "the declaration of {function} is not one line ending in \");\": {line:?}"
            ));
        };
        let params: Vec<&str> = params.split(", ").collect();
        let boards = params
            .iter()
            .filter(|p| matches!(**p, "char *board" | "const char *board"))
            .count();
        if boards != 1 {
            return Err(format!(
                "expected one parameter `char *board` in the declaration of {function}, found \
                 {boards}: {line:?}"
            ));
        }
        let params: Vec<&str> = params
            .into_iter()
            .map(|p| match p {
                "char *board" => "char board[81]",
                "const char *board" => "const char board[81]",
                other => other,
            })
            .collect();
        out += &start;
        out += &params.join(", ");
        out += ");";
        out += &line_end(line);
    }
    Ok(out)
}

/// The line ending of `line` (empty on a last line without one).
fn line_end(line: &str) -> String {
    let content = line.trim_end_matches(['\r', '\n']);
    line[content.len()..].to_string()
}
