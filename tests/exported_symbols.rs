//! The shipped shared library exports exactly the documented C API: `nm -D --defined-only` on
//! the `libsudoku.so` this `cargo test` built (`cbuild::shared_library`, as the other C tests
//! use it) lists every function of the header and no other `sudoku_` symbol, and nothing of the
//! test-only fault injection (`src/fault.rs`).
//!
//! And the man pages of `man/man3/` (installed by `make install`) document exactly that API:
//! every documented function has a page (`NAME.3`, a page or a `.so` link) whose NAME section
//! lists it, so no function can be added without one; each page lints clean with `groff -ww` at
//! three widths (every warning category on: a bad request, an unbreakable line, a line groff
//! cannot adjust); `.so` link pages point to a page whose NAME lists the link's name; and every
//! prototype in a SYNOPSIS is the header's declaration of that function, word for word. (These
//! live here rather than in a suite of their own: each test binary costs a full LTO link.)

#[path = "man/mod.rs"]
mod man;

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;
use std::process::Command;

use sudoku_testkit::cbuild::{checked, read_header, shared_library};

/// The C API, as the README, the header and the man pages document it.
const DOCUMENTED: [&str; 47] = [
    "sudoku_board_candidates",
    "sudoku_board_conflicts",
    "sudoku_canonicalize",
    "sudoku_canonicalize_batch",
    "sudoku_count_solutions",
    "sudoku_count_solutions_candidates",
    "sudoku_generate",
    "sudoku_generate_batch",
    "sudoku_generate_options_init",
    "sudoku_generate_options_init_size",
    "sudoku_generate_pattern",
    "sudoku_generate_pattern_batch",
    "sudoku_generate_pattern_with",
    "sudoku_hint",
    "sudoku_is_minimal",
    "sudoku_level_name",
    "sudoku_list_solutions",
    "sudoku_minimize",
    "sudoku_pattern_options_init",
    "sudoku_pattern_options_init_size",
    "sudoku_pattern_symmetries",
    "sudoku_rate",
    "sudoku_rate_batch",
    "sudoku_rate_options_init",
    "sudoku_rate_options_init_size",
    "sudoku_rate_with",
    "sudoku_read_info_init",
    "sudoku_read_info_init_size",
    "sudoku_read_puzzle",
    "sudoku_solve",
    "sudoku_solve_batch",
    "sudoku_solve_candidates",
    "sudoku_solve_path",
    "sudoku_solve_unique",
    "sudoku_solve_unique_candidates",
    "sudoku_status_message",
    "sudoku_status_name",
    "sudoku_step_apply",
    "sudoku_step_explain",
    "sudoku_technique_name",
    "sudoku_transform_apply",
    "sudoku_transform_apply_candidates",
    "sudoku_transform_invert",
    "sudoku_transform_random",
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
        .filter(|line| !line.starts_with("typedef ")) // the status size check
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

/// The header's function declarations by name, normalized as the synopses are (cbindgen writes
/// each on one line, at column 0).
fn header_declarations() -> BTreeMap<String, String> {
    read_header()
        .lines()
        // Function declarations: the one typedef with parentheses is the status size check.
        .filter(|line| !line.starts_with([' ', '#']) && !line.starts_with("typedef "))
        .filter(|line| line.contains('(') && line.ends_with(';'))
        .map(|line| {
            let name = line
                .split('(')
                .next()
                .unwrap()
                .rsplit([' ', '*'])
                .next()
                .unwrap();
            (name.to_string(), man::normalize(line))
        })
        .collect()
}

#[test]
fn every_man_page_lints_clean_with_groff_at_three_widths() {
    let files = man::files();
    assert!(files.len() > 1, "no man pages in man/man3");
    for name in files.keys() {
        for width in ["60n", "80n", "132n"] {
            let output = Command::new("groff")
                .current_dir(man::man_dir())
                .args(["-ww", "-man", "-Tutf8", "-z"])
                .arg(format!("-rLL={width}"))
                .arg(format!("man3/{name}.3"))
                .output()
                .expect("run groff (Debian: groff-base)");
            assert!(
                output.status.success() && output.stderr.is_empty(),
                "groff -ww on man3/{name}.3 at {width}: {}\n{}",
                output.status,
                String::from_utf8_lossy(&output.stderr)
            );
        }
    }
}

#[test]
fn man_link_pages_point_to_pages_that_name_them() {
    let files = man::files();
    let mut links = 0;
    for (name, text) in &files {
        let rendered = man::render(name);
        let names = man::names(&rendered);
        match man::link_target(text) {
            Some(target) => {
                links += 1;
                let target_text = files
                    .get(&target)
                    .unwrap_or_else(|| panic!("{name}.3 points to a missing {target}.3"));
                assert!(
                    man::link_target(target_text).is_none(),
                    "{name}.3 points to another link, {target}.3"
                );
                assert!(
                    names.contains(name),
                    "{target}.3 does not name {name}: {names:?}"
                );
                assert_eq!(
                    rendered,
                    man::render(&target),
                    "{name}.3 renders as {target}.3"
                );
            }
            None => {
                // A page names itself (sudoku(3) names the library).
                assert!(names.contains(name), "{name}.3's NAME: {names:?}");
            }
        }
    }
    assert!(links > 0, "no link page");
}

#[test]
fn every_man_synopsis_prototype_is_the_headers_declaration() {
    let header = header_declarations();
    let mut seen = BTreeSet::new();
    for (name, text) in man::files() {
        if man::link_target(&text).is_some() {
            continue;
        }
        let rendered = man::render(&name);
        let prototypes = man::synopsis_prototypes(&rendered);
        for (function, prototype) in &prototypes {
            let declared = header.get(function).unwrap_or_else(|| {
                panic!("{name}.3 declares {function}, which the header does not")
            });
            assert_eq!(prototype, declared, "{name}.3's synopsis of {function}");
            assert!(seen.insert(function.clone()), "{function} has two synopses");
        }
        // The functions a page declares are the ones its NAME lists.
        let named: BTreeSet<String> = man::names(&rendered).into_iter().collect();
        if name != "sudoku" {
            assert_eq!(
                prototypes.keys().cloned().collect::<BTreeSet<_>>(),
                named,
                "{name}.3: SYNOPSIS against NAME"
            );
        }
    }
    assert_eq!(
        seen,
        header.keys().cloned().collect(),
        "functions of the header without a synopsis in a man page"
    );
}
