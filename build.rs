//! Generates the C header `include/sudoku.h` from the C API in `src/ffi/` with cbindgen.
//!
//! cbindgen reads the crate's `extern "C"` functions and constants; the status enum, which the
//! crate defines through a macro from the status table `src/ffi/status_table.rs`, is handed to
//! it as source written from that same table (`build_support/header.rs`). The board parameters
//! are then shown as arrays (`char board[81]`) by an anchored rewrite that fails the build when
//! it does not find exactly the declarations it expects.
//!
//! The header is also written to `$OUT_DIR/sudoku.h`; a unit test compares the committed header
//! with that copy. With `CI` set (as in `.ci/run`) the committed header is never rewritten, so a
//! stale header fails the build's tests instead of being silently fixed.

use std::env;
use std::fs;
use std::path::PathBuf;

#[path = "build_support/header.rs"]
mod header;

fn main() {
    let crate_dir =
        PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let out_dir = PathBuf::from(env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    // A directory is scanned for changes to any file in it. cbindgen reads the whole crate (a
    // public item anywhere can reach the header), so any source change regenerates it.
    println!("cargo:rerun-if-changed=src");
    println!("cargo:rerun-if-changed=build_support");
    println!("cargo:rerun-if-changed=cbindgen.toml");
    println!("cargo:rerun-if-env-changed=CI");

    set_soname();

    let config = cbindgen::Config::from_file(crate_dir.join("cbindgen.toml"))
        .expect("cbindgen.toml is valid");
    let version = format!(
        "#define SUDOKU_VERSION_MAJOR {}\n#define SUDOKU_VERSION_MINOR {}\n#define SUDOKU_VERSION_PATCH {}\n\
         #define SUDOKU_VERSION_STRING \"{}\"\n\n/** Bytes in a board: 81 cells, row-major. */\n#define SUDOKU_CELLS 81",
        env::var("CARGO_PKG_VERSION_MAJOR").unwrap(),
        env::var("CARGO_PKG_VERSION_MINOR").unwrap(),
        env::var("CARGO_PKG_VERSION_PATCH").unwrap(),
        env::var("CARGO_PKG_VERSION").unwrap(),
    );
    let status_enum = out_dir.join("sudoku_status.rs");
    fs::write(&status_enum, header::status_enum_source()).expect("write $OUT_DIR/sudoku_status.rs");
    let bindings = cbindgen::Builder::new()
        .with_src(&status_enum)
        .with_crate(&crate_dir)
        .with_config(config)
        .with_after_include(version)
        .generate()
        .expect("cbindgen generates the header");
    let mut text = Vec::new();
    bindings.write(&mut text);
    let text = String::from_utf8(text).expect("header is UTF-8");
    // cbindgen writes pointer parameters; the C API documents boards, solutions and candidate
    // masks as fixed arrays, which C treats as the same pointer type, so show them that way (in exactly the expected
    // declarations: anything else stops the build).
    let text = header::array_parameters(&text)
        .unwrap_or_else(|e| panic!("build.rs: cannot rewrite the array parameters: {e}"));
    let text = header::status_size_check(&text)
        .unwrap_or_else(|e| panic!("build.rs: cannot add the status size check: {e}"));
    assert!(
        text.contains("enum sudoku_status {")
            && !text.contains("*board)")
            && !text.contains("*board,"),
        "build.rs: the generated header lacks the status enum or kept a board pointer"
    );

    fs::write(out_dir.join("sudoku.h"), &text).expect("write $OUT_DIR/sudoku.h");
    let committed = crate_dir.join("include").join("sudoku.h");
    let in_ci = env::var_os("CI").is_some_and(|v| !v.is_empty() && v != "false");
    if !in_ci && fs::read_to_string(&committed).ok().as_deref() != Some(text.as_str()) {
        fs::create_dir_all(committed.parent().unwrap()).expect("create include/");
        fs::write(&committed, &text).expect("write include/sudoku.h");
    }
}

/// Gives the shared library an ELF soname at link time, named as cargo-c and most C libraries
/// name it: `libsudoku.so.MAJOR`, or `libsudoku.so.0.MINOR` while the major version is 0 (when
/// every minor release may break the ABI). Programs linked against the library record this
/// name, so the installed `libsudoku.so.X.Y.Z` is found through the `libsudoku.so.0.Y` link.
fn set_soname() {
    let os = env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let elf = [
        "linux",
        "android",
        "freebsd",
        "netbsd",
        "openbsd",
        "dragonfly",
        "solaris",
        "illumos",
    ];
    if !elf.contains(&os.as_str()) {
        return;
    }
    let major = env::var("CARGO_PKG_VERSION_MAJOR").unwrap();
    let minor = env::var("CARGO_PKG_VERSION_MINOR").unwrap();
    let soname = if major == "0" {
        format!("libsudoku.so.0.{minor}")
    } else {
        format!("libsudoku.so.{major}")
    };
    println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,{soname}");
}
