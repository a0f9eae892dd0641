//! `include/sudoku.h` on its own: compiled alone as pedantic C99, equal to the header build.rs
//! generates, its version macros equal to the crate version, usable from C++ (`extern "C"`);
//! and the shared examples load `libsudoku.so` through their rpath.
//!
//! Shared helpers and expected texts: `tests/example_programs/mod.rs`.

use crate::example_programs;

use std::fs;
use std::path::PathBuf;
use std::process::Command;

use sudoku_testkit::cbuild::{compile_with, header_path, lib_dir, read_header, soname, Link};

use example_programs::*;

/// Writes `source` to the scratch directory as `name` and returns its path.
fn write_source(name: &str, source: &str) -> PathBuf {
    let path = out_dir().join(name);
    fs::write(&path, source).expect("write a test source");
    path
}

#[test]
fn header_compiles_alone_as_pedantic_c99() {
    let header = header_path();
    let result = Command::new("gcc")
        .args(C_FLAGS)
        .args(["-fsyntax-only", "-x", "c"])
        .arg(&header)
        .output()
        .expect("run gcc");
    assert!(
        result.status.success() && result.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&result.stderr)
    );
}

#[test]
fn a_status_smaller_than_an_int_stops_the_compilation() {
    // -fshort-enums makes sudoku_status one byte, which the library's arrays of statuses and
    // structs do not use: the header's check must refuse it, in C and in C++, and name itself.
    let source = write_source(
        "short_enums.c",
        "#include \"sudoku.h\"\nint main(void) { return 0; }\n",
    );
    for (compiler, flags) in [("gcc", C_FLAGS), ("g++", CXX_FLAGS)] {
        let language = if compiler == "gcc" { "c" } else { "c++" };
        let compile = |extra: &[&str]| {
            Command::new(compiler)
                .args(flags)
                .args(extra)
                .args(["-fsyntax-only", "-x", language, "-I"])
                .arg(header_path().parent().unwrap())
                .arg(&source)
                .output()
                .expect("run the compiler")
        };
        let normal = compile(&[]);
        assert!(
            normal.status.success(),
            "{}",
            String::from_utf8_lossy(&normal.stderr)
        );
        let short = compile(&["-fshort-enums"]);
        assert!(
            !short.status.success(),
            "{compiler} -fshort-enums compiled the header"
        );
        assert!(
            String::from_utf8_lossy(&short.stderr)
                .contains("sudoku_status_must_be_the_size_of_an_int"),
            "{}",
            String::from_utf8_lossy(&short.stderr)
        );
    }
}

#[test]
fn committed_header_matches_the_generated_one() {
    // build.rs writes the header to $OUT_DIR on every build and, outside CI, refreshes the
    // committed copy; in CI (CI set) a stale committed header fails here.
    let generated = include_str!(concat!(env!("OUT_DIR"), "/sudoku.h"));
    let committed = read_header();
    assert!(
        committed == generated,
        "include/sudoku.h is stale: rebuild without CI set and commit the header"
    );
}

#[test]
fn every_macro_and_type_of_the_header_is_prefixed() {
    // A C header shares one namespace with its includer: cbindgen copies any public constant
    // of the crate, so a Rust-only one must be excluded in cbindgen.toml.
    let header = read_header();
    let bare: Vec<&str> = header
        .lines()
        .filter_map(|l| l.trim_start().strip_prefix("#define "))
        .map(|l| l.split_whitespace().next().unwrap_or(""))
        .filter(|name| !name.starts_with("SUDOKU_"))
        .collect();
    assert!(
        bare.is_empty(),
        "macros without the SUDOKU_ prefix: {bare:?}"
    );
    // And every type it names (`typedef struct X X;`, `typedef enum X {`, `struct X {`): a
    // public Rust type that a public constant uses is copied too.
    let types: Vec<&str> = header
        .lines()
        .filter_map(|l| {
            let l = l.strip_prefix("typedef ").unwrap_or(l);
            let rest = l
                .strip_prefix("struct ")
                .or_else(|| l.strip_prefix("enum "))
                .or_else(|| l.strip_prefix("union "))?;
            rest.split(|c: char| !c.is_alphanumeric() && c != '_')
                .next()
        })
        .filter(|name| !name.is_empty() && !name.starts_with("sudoku_"))
        .collect();
    assert!(
        types.is_empty(),
        "types without the sudoku_ prefix: {types:?}"
    );
}

const VERSION_PROGRAM: &str = r#"
#include "sudoku.h"
#include "sudoku.h" /* twice: the include guard must hold */
#include <stdio.h>

int main(void)
{
    printf("%d.%d.%d\n%s\n%s\n", SUDOKU_VERSION_MAJOR, SUDOKU_VERSION_MINOR,
           SUDOKU_VERSION_PATCH, SUDOKU_VERSION_STRING, sudoku_version());
    return SUDOKU_CELLS == 81 ? 0 : 1;
}
"#;

#[test]
fn version_macros_and_sudoku_version_equal_the_crate_version() {
    let source = write_source("version.c", VERSION_PROGRAM);
    let version = env!("CARGO_PKG_VERSION");
    let expected = format!(
        "{}.{}.{}\n{version}\n{version}\n",
        env!("CARGO_PKG_VERSION_MAJOR"),
        env!("CARGO_PKG_VERSION_MINOR"),
        env!("CARGO_PKG_VERSION_PATCH"),
    );
    for link in LINKS {
        let program = out_dir().join(format!("version-{link:?}"));
        compile_with("gcc", C_FLAGS, &source, link, &program);
        assert_run(&run(&program, &[], b""), 0, &expected, "");
    }
}

#[test]
fn every_program_prints_the_library_version_on_version() {
    // "PROGRAM (libsudoku) VERSION": sudoku_version(), the library the program runs with. As
    // --help, it prints to stdout and exits 0; an output that cannot be written is the
    // program's output error (exit code 2 for solve, count and generate, 1 for the others).
    let version = env!("CARGO_PKG_VERSION");
    for &name in EXAMPLES {
        for link in LINKS {
            let program = example(name, link);
            let expected = format!("{name} (libsudoku) {version}\n");
            assert_run(&run(program, &["--version"], b""), 0, &expected, "");
            let Some(output) = run_to_dev_full(program, &["--version"], b"") else {
                continue;
            };
            let failed = if matches!(name, "solve" | "count" | "generate") {
                2
            } else {
                1
            };
            assert_run(&output, failed, "", &write_error(name));
        }
    }
}

/// A C++ program using every function: it links only if the header's `extern "C"` guards give
/// the declarations C linkage.
const CXX_PROGRAM: &str = r#"
#include "sudoku.h"
#include <cstdio>
#include <cstring>

int main()
{
    char board[SUDOKU_CELLS];
    std::memcpy(board, "530070000600195000098000060800060003400803001700020006060000280000419005000080079", SUDOKU_CELLS);
    sudoku_status status = sudoku_solve(board);
    std::printf("%d %.81s\n", static_cast<int>(status), board);

    std::memcpy(board, "534..8912672195348198342567859..1423426853791713924856961537284287419635345286179", SUDOKU_CELLS);
    status = sudoku_solve_unique(board);
    std::printf("%d %.81s\n", static_cast<int>(status), board);

    uint64_t count = 0;
    status = sudoku_count_solutions(board, 10, &count);
    std::printf("%d %llu\n", static_cast<int>(status), static_cast<unsigned long long>(count));

    size_t cell = 0;
    board[80] = 'x';
    status = sudoku_validate(board, &cell);
    std::printf("%d %zu %s\n", static_cast<int>(status), cell, sudoku_status_message(status));
    std::printf("%s\n", sudoku_version());
    return 0;
}
"#;

#[test]
fn header_works_from_cpp() {
    let source = write_source("extern_c.cpp", CXX_PROGRAM);
    let expected = format!(
        "0 {CLASSIC_SOLUTION}\n2 {DEADLY}\n0 2\n3 80 the board contains a byte that is not \
         '1'-'9', '.' or '0'\n{}\n",
        env!("CARGO_PKG_VERSION")
    );
    for link in LINKS {
        let program = out_dir().join(format!("extern_c-{link:?}"));
        compile_with("g++", CXX_FLAGS, &source, link, &program);
        assert_run(&run(&program, &[], b""), 0, &expected, "");
    }
}

#[test]
fn shared_examples_load_libsudoku_so_through_their_rpath() {
    // With LD_TRACE_LOADED_OBJECTS the glibc loader lists the libraries a program would load
    // (what ldd prints) instead of running it. The shared library is loaded by its soname.
    let so = lib_dir().join(soname());
    for &name in EXAMPLES {
        for link in LINKS {
            let listing = Command::new(example(name, link))
                .env_remove("LD_LIBRARY_PATH")
                .env("LD_TRACE_LOADED_OBJECTS", "1")
                .output()
                .expect("run the loader trace");
            let listing = text(&listing.stdout);
            let loads_so = listing.contains(&format!("{} => {}", soname(), so.display()));
            assert_eq!(
                loads_so,
                link == Link::Shared,
                "{name} {link:?}:\n{listing}"
            );
            assert!(!listing.contains("not found"), "{listing}");
        }
    }
}
