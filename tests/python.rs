//! Runs the Python suites in `tests/python/` with the standard library's unittest:
//! `test_ctypes.py` (every function of the C API through ctypes) and `test_module.py` (the ctypes
//! module `examples/python/sudoku.py`). Both load the `libsudoku.so` this `cargo test` built:
//! cargo writes it beside the test executable, in `target/<profile>/deps/` (only `cargo build`
//! copies it up to `target/<profile>/`), and it is passed through `SUDOKU_LIB`.

use std::path::Path;
use std::process::Command;

/// Runs one unittest file and fails with its report unless every test passed.
fn run_suite(file: &str) {
    let exe = std::env::current_exe().expect("path of the test executable");
    let lib = exe
        .parent()
        .expect("the test executable lives in target/<profile>/deps/")
        .join("libsudoku.so");
    assert!(lib.is_file(), "{} missing", lib.display());

    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let output = Command::new("python3")
        .arg(root.join("tests").join("python").join(file))
        .current_dir(root)
        .env("SUDOKU_LIB", &lib)
        .env("SUDOKU_EXPECTED_VERSION", env!("CARGO_PKG_VERSION"))
        // No bytecode cache in the source tree.
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .output()
        .expect("python3 must be installed to run the Python suites");
    let report = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "python3 {file} failed ({}):\n{}{report}",
        output.status,
        String::from_utf8_lossy(&output.stdout)
    );
    // unittest's closing lines: the suite ran and passed.
    assert!(report.contains("\nOK"), "{report}");
}

#[test]
fn python_ctypes_suite_passes() {
    run_suite("test_ctypes.py");
}

#[test]
fn python_module_suite_passes() {
    run_suite("test_module.py");
}
