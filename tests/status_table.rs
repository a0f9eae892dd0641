//! The status codes are written once (`src/ffi/status_table.rs`); everything that shows them must
//! agree on every code: the enum in the committed header `include/sudoku.h`, the Rust enum
//! `sudoku::ffi::sudoku_status`, the C functions `sudoku_status_name` and
//! `sudoku_status_message`, and the Python package `python/libsudoku` (run with the
//! `libsudoku.so` this `cargo test` built). The names are those the C API documents
//! (`sudoku_testkit::status::EXPECTED_NAMES`). Values that are not status codes give "unknown
//! status" everywhere.

use std::ffi::{c_char, c_int, CStr};
use std::process::Command;

use sudoku::ffi::{self, sudoku_status, sudoku_status_message, sudoku_status_name};
use sudoku_testkit::cbuild::{checked, read_header, repo_root, shared_library};
use sudoku_testkit::status::{EXPECTED_NAMES, UNKNOWN_STATUS};

/// Values that are not status codes.
const UNKNOWN: [c_int; 6] = [-1, 16, 17, 100, c_int::MAX, c_int::MIN];

fn text(pointer: *const c_char) -> String {
    assert!(!pointer.is_null());
    // SAFETY: the library returns static NUL-terminated strings, checked non-NULL above.
    let text = unsafe { CStr::from_ptr(pointer) };
    let text = text.to_str().expect("ASCII").to_owned();
    assert!(text.is_ascii(), "{text:?}");
    text
}

/// (value, name) of every enumerator of `typedef enum sudoku_status { ... }` in the header.
fn header_enumerators() -> Vec<(c_int, String)> {
    let header = read_header();
    let start = header
        .find("typedef enum sudoku_status {")
        .expect("the header defines enum sudoku_status");
    let body = &header[start..];
    let end = body.find("} sudoku_status;").expect("the enum ends");
    let mut found = Vec::new();
    for line in body[..end].lines().skip(1) {
        let line = line.trim();
        if line.starts_with("/**") || line.starts_with('*') || line.is_empty() {
            continue; // documentation
        }
        let (name, value) = line
            .strip_suffix(',')
            .and_then(|l| l.split_once(" = "))
            .unwrap_or_else(|| panic!("an enumerator line NAME = VALUE, : {line:?}"));
        found.push((value.parse().expect("a decimal value"), name.to_string()));
    }
    found
}

/// The table as the Rust enum gives it: (value, name, message) of each status, in order.
fn rust_table() -> Vec<(c_int, String, String)> {
    sudoku_status::ALL
        .iter()
        .map(|&status| {
            let name = format!("{status:?}");
            assert_eq!(status.name().to_str(), Ok(name.as_str()));
            let message = status.message().to_str().unwrap().to_string();
            (status as c_int, name, message)
        })
        .collect()
}

#[test]
fn header_and_rust_enum_have_the_same_codes() {
    let rust: Vec<(c_int, String)> = rust_table()
        .into_iter()
        .map(|(value, name, _)| (value, name))
        .collect();
    assert_eq!(header_enumerators(), rust);
    // The fixed values of the C API: 0 to 15, in this order (8 and 9 appended for reading, 10 for
    // the generator, 11-15 for the step engine).
    let names: Vec<&str> = rust.iter().map(|(_, name)| name.as_str()).collect();
    assert_eq!(names, EXPECTED_NAMES);
    for (i, (value, _)) in rust.iter().enumerate() {
        assert_eq!(*value, c_int::try_from(i).unwrap());
    }
}

#[test]
fn the_c_functions_give_the_table_texts() {
    for (value, name, message) in rust_table() {
        assert_eq!(text(sudoku_status_name(value)), name);
        assert_eq!(text(sudoku_status_message(value)), message);
        assert_eq!(ffi::status_name(value).unwrap().to_str(), Ok(name.as_str()));
        assert_eq!(
            ffi::status_message(value).unwrap().to_str(),
            Ok(message.as_str())
        );
        assert_eq!(
            sudoku_status::from_code(value).map(|s| s as c_int),
            Some(value)
        );
        // Static: the same pointer on every call.
        assert_eq!(sudoku_status_name(value), sudoku_status_name(value));
    }
    for value in UNKNOWN {
        assert_eq!(text(sudoku_status_name(value)), UNKNOWN_STATUS, "{value}");
        assert_eq!(
            text(sudoku_status_message(value)),
            UNKNOWN_STATUS,
            "{value}"
        );
        assert_eq!(ffi::status_name(value), None);
        assert_eq!(ffi::status_message(value), None);
        assert_eq!(sudoku_status::from_code(value), None);
    }
}

#[test]
fn status_name_is_thread_safe() {
    let threads: Vec<_> = (0..4)
        .map(|t| {
            std::thread::spawn(move || {
                for round in 0..2000 {
                    let value = (t + round) % 12 - 1;
                    let expected = sudoku_status::from_code(value)
                        .map_or(UNKNOWN_STATUS.to_string(), |s| format!("{s:?}"));
                    assert_eq!(text(sudoku_status_name(value)), expected);
                }
            })
        })
        .collect();
    for thread in threads {
        thread.join().expect("no thread failed");
    }
}

/// The Python module loading the shared library: its constants, `status_name` and the
/// messages of its `SudokuError` agree with the table.
#[test]
fn the_python_module_agrees() {
    let codes: Vec<c_int> = (0..c_int::try_from(EXPECTED_NAMES.len()).unwrap())
        .chain(UNKNOWN)
        .collect();
    let script = format!(
        r#"
import sys
sys.path.insert(0, "python")
import libsudoku as sudoku
for code in {codes:?}:
    print("%d\t%s\t%s" % (code, sudoku.status_name(code), sudoku.SudokuError(code).message))
for name in sorted(n for n in dir(sudoku) if n.startswith("SUDOKU_") and not n.startswith(("SUDOKU_BATCH", "SUDOKU_PUZZLE", "SUDOKU_READ"))):
    print("%s\t%d" % (name, getattr(sudoku, name)))
"#
    );
    let output = checked(
        Command::new("python3")
            .args(["-c", &script])
            .current_dir(repo_root())
            .env("SUDOKU_LIB", shared_library())
            .env("PYTHONDONTWRITEBYTECODE", "1"),
    );

    let mut expected = String::new();
    let table = rust_table();
    for (value, name, message) in &table {
        expected += &format!("{value}\t{name}\t{message}\n");
    }
    for value in UNKNOWN {
        expected += &format!("{value}\t{UNKNOWN_STATUS}\t{UNKNOWN_STATUS}\n");
    }
    let mut constants: Vec<_> = table.iter().map(|(v, n, _)| (n.clone(), *v)).collect();
    constants.sort();
    for (name, value) in constants {
        expected += &format!("{name}\t{value}\n");
    }
    assert_eq!(String::from_utf8_lossy(&output.stdout), expected);
}
