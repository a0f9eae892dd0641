//! What `build.rs` adds to cbindgen's work on the header, kept apart so that the integration test
//! `tests/header_build.rs` can test it (`#[path]`) as the build uses it:
//!
//! - [`status_enum_source`]: the status enum as Rust source, written from the one status table
//!   (`src/ffi/status_table.rs`) for cbindgen, which does not expand the crate's macro;
//! - [`array_parameters`]: the anchored rewrite of the 81-element parameters, `char *board`
//!   shown as `char board[81]` (`uint16_t *candidates` as `uint16_t candidates[81]`,
//!   `uint8_t *houses` as `uint8_t houses[81]`) in exactly the declarations and parameters of
//!   [`ARRAY_PARAMETERS`]. Anything unexpected (a declaration missing, repeated, spread over
//!   several lines, or without exactly one parameter of a listed name) is an error, which fails
//!   the build.
//! - [`status_size_check`]: a line after the status enum that stops a compilation in which
//!   `sudoku_status` is not the size of an `int` (the library's), as under `-fshort-enums`.
#![allow(dead_code)] // each user calls part of it

/// The end of the status enum's definition in cbindgen's header (`style = "both"`).
const STATUS_ENUM_END: &str = "} sudoku_status;\n";

/// The check [`status_size_check`] adds: an array type of size -1, a compile error in C89 and
/// later and in C++, when the enum is not an `int`'s size (no `_Static_assert`, which C99
/// lacks).
pub const STATUS_SIZE_CHECK: &str = "\n/**
 * The library's `sudoku_status` is a C `int` (Rust's `repr(C)` follows the platform's C ABI):
 * arrays of statuses (the batch calls) and structs holding one are laid out with that size. A
 * flag that makes enums smaller, such as GCC's `-fshort-enums`, would break the ABI silently;
 * this line makes it a compile error instead.
 */
typedef char sudoku_status_must_be_the_size_of_an_int[sizeof(sudoku_status) == sizeof(int) ? 1 : -1];
";

/// `header` with [`STATUS_SIZE_CHECK`] after the status enum, whose end must be on exactly one
/// line of `header` (an error otherwise).
pub fn status_size_check(header: &str) -> Result<String, String> {
    match header.matches(STATUS_ENUM_END).count() {
        1 => Ok(header.replacen(
            STATUS_ENUM_END,
            &format!("{STATUS_ENUM_END}{STATUS_SIZE_CHECK}"),
            1,
        )),
        n => Err(format!(
            "the status enum ends {n} times in the header, not once"
        )),
    }
}

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

/// The functions whose pointer parameters the header shows as arrays of 81 elements, and the
/// names of those parameters: boards (`char`), solutions (`char`), candidate masks
/// (`uint16_t`) and a board's conflict marks (`uint8_t`).
pub const ARRAY_PARAMETERS: &[(&str, &[&str])] = &[
    ("sudoku_solve", &["board"]),
    ("sudoku_solve_unique", &["board"]),
    ("sudoku_count_solutions", &["board"]),
    ("sudoku_list_solutions", &["board"]),
    ("sudoku_validate", &["board"]),
    ("sudoku_board_conflicts", &["board", "houses"]),
    ("sudoku_solve_candidates", &["candidates", "solution"]),
    (
        "sudoku_solve_unique_candidates",
        &["candidates", "solution"],
    ),
    ("sudoku_count_solutions_candidates", &["candidates"]),
    ("sudoku_validate_candidates", &["candidates"]),
    ("sudoku_board_candidates", &["board", "candidates"]),
    ("sudoku_read_puzzle", &["board"]),
    ("sudoku_canonicalize", &["board"]),
    ("sudoku_transform_apply", &["board"]),
    ("sudoku_transform_apply_candidates", &["candidates", "out"]),
    ("sudoku_generate", &["puzzle"]),
    ("sudoku_generate_pattern", &["pattern", "puzzle"]),
    ("sudoku_generate_pattern_with", &["pattern", "puzzle"]),
    ("sudoku_generate_pattern_batch", &["pattern"]),
    ("sudoku_is_minimal", &["board"]),
    ("sudoku_minimize", &["board"]),
    ("sudoku_pattern_symmetries", &["board"]),
    ("sudoku_rate", &["board"]),
    ("sudoku_rate_with", &["board"]),
    ("sudoku_hint", &["board"]),
    ("sudoku_solve_path", &["board"]),
    ("sudoku_step_apply", &["board"]),
];

/// The element types a rewritten parameter may have (with or without `const`).
const ELEMENT_TYPES: &[&str] = &["char", "uint16_t", "uint8_t"];

/// `header` with each parameter named in [`ARRAY_PARAMETERS`] (`T *name` or `const T *name`, `T`
/// one of `char`, `uint16_t` and `uint8_t`) written `T name[81]` (C treats both as the same
/// pointer type; the array shows the size). See [`array_parameters_of`] for what is required of each
/// declaration.
pub fn array_parameters(header: &str) -> Result<String, String> {
    ARRAY_PARAMETERS
        .iter()
        .try_fold(header.to_string(), |text, (function, names)| {
            array_parameters_of(&text, function, names)
        })
}

/// `header` with the parameters `names` of `function` written as arrays. The declaration must be
/// exactly one line of `header`, starting `enum sudoku_status FUNCTION(` and ending `);`, and
/// each name must be the name of exactly one of its parameters, which must be a pointer to
/// `char`, `uint16_t` or `uint8_t`, `const` or not (compared whole, so `char *boards` or
/// `char *board_out` are never touched for `board`); every other line is kept as it is.
pub fn array_parameters_of(header: &str, function: &str, names: &[&str]) -> Result<String, String> {
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
    let mut out = String::with_capacity(header.len() + 8 * names.len());
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
        let mut params: Vec<String> = params.split(", ").map(str::to_string).collect();
        for name in names {
            let pointers: Vec<usize> = (0..params.len())
                .filter(|&i| pointer_element(&params[i], name).is_some())
                .collect();
            let [at] = pointers[..] else {
                return Err(format!(
                    "expected one parameter `char *{name}`, `uint16_t *{name}` or \
                     `uint8_t *{name}` in the declaration of {function}, found {}: {line:?}",
                    pointers.len()
                ));
            };
            let element = pointer_element(&params[at], name).unwrap_or_default();
            params[at] = format!("{element} {name}[81]");
        }
        out += &start;
        out += &params.join(", ");
        out += ");";
        out += &line_end(line);
    }
    Ok(out)
}

/// For a parameter written `T *name` or `const T *name` with `T` in [`ELEMENT_TYPES`], the part
/// before ` *name` (`T` or `const T`); otherwise `None`.
fn pointer_element(param: &str, name: &str) -> Option<String> {
    let element = param.strip_suffix(&format!(" *{name}"))?;
    let plain = element.strip_prefix("const ").unwrap_or(element);
    ELEMENT_TYPES.contains(&plain).then(|| element.to_string())
}

/// The line ending of `line` (empty on a last line without one).
fn line_end(line: &str) -> String {
    let content = line.trim_end_matches(['\r', '\n']);
    line[content.len()..].to_string()
}
