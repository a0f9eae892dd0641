//! Runs the Python suites in `tests/python/` with the standard library's unittest:
//! `test_ctypes.py` (every function of the C API through ctypes), `test_module.py` (the package
//! `python/libsudoku` from the source tree, its program's options checked against `solve_file`;
//! `tests/python/package_test.sh` runs the same suite on the installed package) and
//! `test_threads.py` (every data file solved from 8 Python threads and from one, compared with
//! the C stress program `tests/c/stress.c`). They load the `libsudoku.so` this `cargo test`
//! built: cargo writes it beside the test executable, in `target/<profile>/deps/` (only `cargo
//! build` copies it up to `target/<profile>/`), and it is passed through `SUDOKU_LIB`.

use sudoku_testkit::cbuild;

use std::path::Path;
use std::process::Command;

/// Runs one unittest file with the extra environment `env` and fails with its report unless
/// every test passed.
fn run_suite(file: &str, env: &[(&str, &Path)]) {
    // Asserted to be there.
    let lib = cbuild::shared_library();

    let root = cbuild::repo_root();
    let output = Command::new("python3")
        .arg(root.join("tests").join("python").join(file))
        .current_dir(root)
        .env("SUDOKU_LIB", &lib)
        .env("SUDOKU_EXPECTED_VERSION", env!("CARGO_PKG_VERSION"))
        // No bytecode cache in the source tree.
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .envs(env.iter().copied())
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
    run_suite("test_ctypes.py", &[]);
}

/// The module suite, given the C example `examples/solve_file.c` (as `SOLVE_FILE`): the script
/// must read its command line as that program does, and the suite checks both on the same
/// arguments.
#[test]
fn python_module_suite_passes() {
    let solve_file = cbuild::scratch_dir("python_module").join("solve_file");
    cbuild::compile(
        "examples/solve_file.c",
        &["-std=c99", "-O2"],
        cbuild::Link::Static,
        &solve_file,
    );
    run_suite("test_module.py", &[("SOLVE_FILE", &solve_file)]);
}

/// The thread suite: its output from one and from 8 Python threads must equal, byte for byte,
/// what the C stress program prints for the same files from one thread.
#[test]
fn python_threads_suite_passes() {
    let dir = cbuild::scratch_dir("python_threads");
    let stress = dir.join("stress");
    cbuild::compile(
        "tests/c/stress.c",
        &["-std=c11", "-O2"],
        cbuild::Link::Static,
        &stress,
    );
    let files = sudoku_testkit::data::data_files(&sudoku_testkit::data::data_dir());
    let output = Command::new(&stress)
        .args(["--threads", "1"])
        .args(&files)
        .output()
        .expect("run the stress program");
    assert!(
        output.status.success() && output.stderr.is_empty(),
        "stress: {}\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    let expected = dir.join("stress_output.txt");
    std::fs::write(&expected, &output.stdout).expect("write the stress output");
    run_suite("test_threads.py", &[("SUDOKU_STRESS_OUTPUT", &expected)]);
}
