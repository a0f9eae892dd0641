//! Runs `tests/python/test_ctypes.py`, which loads `libsudoku.so` with Python's ctypes and checks
//! every function of the C API. The library is the one this `cargo test` built: cargo writes it
//! beside the test executable, in `target/<profile>/deps/` (only `cargo build` copies it up to
//! `target/<profile>/`).

use std::path::Path;
use std::process::Command;

#[test]
fn python_ctypes_suite_passes() {
    let exe = std::env::current_exe().expect("path of the test executable");
    let lib = exe
        .parent()
        .expect("the test executable lives in target/<profile>/deps/")
        .join("libsudoku.so");
    assert!(lib.is_file(), "{} missing", lib.display());

    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let output = Command::new("python3")
        .arg(root.join("tests").join("python").join("test_ctypes.py"))
        .current_dir(root)
        .env("SUDOKU_LIB", &lib)
        .env("SUDOKU_EXPECTED_VERSION", env!("CARGO_PKG_VERSION"))
        // No bytecode cache in the source tree.
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .output()
        .expect("python3 must be installed to run the ctypes test");
    let report = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "python3 test_ctypes.py failed ({}):\n{}{report}",
        output.status,
        String::from_utf8_lossy(&output.stdout)
    );
    // unittest's closing lines: the suite ran and passed.
    assert!(report.contains("\nOK"), "{report}");
}
