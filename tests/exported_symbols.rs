//! The shipped shared library exports exactly the documented C API: `nm -D --defined-only` on
//! the `libsudoku.so` this `cargo test` built (`cbuild::shared_library`, as the other C tests
//! use it) lists every function of the header and no other `sudoku_` symbol, and nothing of the
//! test-only fault injection (`src/fault.rs`). Every documented function has a man page
//! (`man/man3/NAME.3`, a page or a `.so` link) whose NAME section lists it, so no function can
//! be added without one (`man_pages.rs` lints the pages and checks their synopses).

mod man;

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;
use std::process::Command;

use sudoku_testkit::cbuild::{checked, read_header, shared_library};

/// The C API, as the README, the header and the man pages document it.
const DOCUMENTED: [&str; 24] = [
    "sudoku_board_candidates",
    "sudoku_canonicalize",
    "sudoku_count_solutions",
    "sudoku_count_solutions_candidates",
    "sudoku_generate",
    "sudoku_generate_batch",
    "sudoku_generate_options_init",
    "sudoku_is_minimal",
    "sudoku_list_solutions",
    "sudoku_minimize",
    "sudoku_read_info_init",
    "sudoku_read_puzzle",
    "sudoku_solve",
    "sudoku_solve_batch",
    "sudoku_solve_candidates",
    "sudoku_solve_unique",
    "sudoku_solve_unique_candidates",
    "sudoku_status_message",
    "sudoku_status_name",
    "sudoku_transform_apply",
    "sudoku_transform_invert",
    "sudoku_validate",
    "sudoku_validate_candidates",
    "sudoku_version",
];

/// The names `nm -D --defined-only` (binutils) lists for `lib` (symbol versions cut off).
fn defined_dynamic_symbols(lib: &Path) -> Vec<String> {
    let output = checked(Command::new("nm").args(["-D", "--defined-only"]).arg(lib));
    String::from_utf8(output.stdout)
        .expect("nm prints text")
        .lines()
        .filter_map(|line| line.split_whitespace().last())
        .map(|name| name.split('@').next().unwrap().to_string())
        .collect()
}

#[test]
fn the_shared_library_exports_exactly_the_documented_functions() {
    let symbols = defined_dynamic_symbols(&shared_library());
    let sudoku: BTreeSet<&str> = symbols
        .iter()
        .map(String::as_str)
        .filter(|name| name.starts_with("sudoku_"))
        .collect();
    assert_eq!(sudoku, DOCUMENTED.into_iter().collect(), "{symbols:?}");
    for name in &symbols {
        assert!(
            !name.to_ascii_lowercase().contains("fault"),
            "a fault-injection symbol is exported: {name}"
        );
    }
}

#[test]
fn the_shared_library_holds_no_fault_injection_hook() {
    // The hook's panic message would be in the library's data if the hook were compiled in.
    let bytes = fs::read(shared_library()).expect("read libsudoku.so");
    let needle = b"libsudoku fault injection";
    assert!(
        !bytes.windows(needle.len()).any(|w| w == needle),
        "the shipped libsudoku.so contains the fault-injection hook"
    );
}

#[test]
fn the_header_declares_exactly_the_documented_functions() {
    let header = read_header();
    let declared: BTreeSet<&str> = header
        .lines()
        .filter(|line| !line.starts_with(' ') && !line.starts_with('#') && line.contains('('))
        .filter_map(|line| {
            let name = line.split('(').next()?.rsplit([' ', '*']).next()?;
            name.starts_with("sudoku_").then_some(name)
        })
        .collect();
    assert_eq!(declared, DOCUMENTED.into_iter().collect());
}

#[test]
fn every_documented_function_has_a_man_page_and_every_page_a_function() {
    let files = man::files();
    let mut expected: BTreeSet<&str> = DOCUMENTED.into_iter().collect();
    expected.insert("sudoku"); // sudoku(3), the overview
    assert_eq!(
        files.keys().map(String::as_str).collect::<BTreeSet<_>>(),
        expected,
        "man/man3 against the documented functions"
    );
    for name in DOCUMENTED {
        let rendered = man::render(name);
        assert!(
            man::names(&rendered).iter().any(|n| n == name),
            "man3/{name}.3 does not list {name} in its NAME section"
        );
    }
}
