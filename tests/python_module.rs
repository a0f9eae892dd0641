//! Runs `tests/python/test_module.py`, the unittest suite of the ctypes module
//! `examples/python/sudoku.py`, against the `libsudoku.so` this `cargo test` built (in
//! `target/<profile>/deps/`, beside the test executable), passed through `SUDOKU_LIB`.

use std::path::Path;
use std::process::Command;

#[test]
fn python_module_suite_passes() {
    let exe = std::env::current_exe().expect("path of the test executable");
    let lib = exe
        .parent()
        .expect("the test executable lives in target/<profile>/deps/")
        .join("libsudoku.so");
    assert!(lib.is_file(), "{} missing", lib.display());

    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let output = Command::new("python3")
        .arg(root.join("tests").join("python").join("test_module.py"))
        .current_dir(root)
        .env("SUDOKU_LIB", &lib)
        .env("SUDOKU_EXPECTED_VERSION", env!("CARGO_PKG_VERSION"))
        // No bytecode cache in the source tree.
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .output()
        .expect("python3 must be installed to run the module's tests");
    let report = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "python3 test_module.py failed ({}):\n{}{report}",
        output.status,
        String::from_utf8_lossy(&output.stdout)
    );
    // unittest's closing lines: the suite ran and passed.
    assert!(report.contains("\nOK"), "{report}");
}
