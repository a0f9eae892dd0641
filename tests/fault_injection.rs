//! Fault injection through a C host (issue 4): a panic inside an exported function becomes
//! `SUDOKU_INTERNAL_ERROR`, outputs stay untouched, and the host process goes on.
//!
//! The library is built a second time with the test-only `fault-injection` feature (see
//! `src/fault.rs`; debug profile, in its own target directory under `CARGO_TARGET_TMPDIR`, since
//! the shipped build must never contain the hook), then `tests/c/fault_injection.c` is linked
//! statically against it and run. The library's unit tests (`src/fault.rs`) check the same
//! through the Rust side of the ABI.

use std::path::Path;
use std::process::Command;

use sudoku_testkit::cbuild;

use cbuild::{compile_linked, STATIC_SYSTEM_LIBS, WARNINGS};

#[test]
fn an_injected_panic_becomes_internal_error_and_the_c_host_goes_on() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let scratch = Path::new(env!("CARGO_TARGET_TMPDIR")).join("fault_injection");
    let target_dir = scratch.join("target");

    let build = Command::new(env!("CARGO"))
        .args([
            "build",
            "--lib",
            "--features",
            "fault-injection",
            "--target-dir",
        ])
        .arg(&target_dir)
        .current_dir(root)
        .output()
        .expect("run cargo build");
    assert!(
        build.status.success(),
        "cargo build --features fault-injection failed:\n{}",
        String::from_utf8_lossy(&build.stderr)
    );
    let library = target_dir.join("debug").join("libsudoku.a");
    assert!(library.is_file(), "{} missing", library.display());

    let program = scratch.join("fault_injection");
    // Linked against the fault-injection build, not this run's library.
    let link: Vec<String> = std::iter::once(library.display().to_string())
        .chain(STATIC_SYSTEM_LIBS.iter().map(|s| s.to_string()))
        .collect();
    let flags: Vec<&str> = ["-std=c99"].iter().chain(WARNINGS).copied().collect();
    compile_linked(
        "gcc",
        &flags,
        &root.join("tests").join("c").join("fault_injection.c"),
        &link,
        &program,
    );

    let run = Command::new(&program).output().expect("run the C host");
    let stdout = String::from_utf8_lossy(&run.stdout);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(
        run.status.success(),
        "C host failed ({}):\n{stdout}{stderr}",
        run.status
    );
    assert_eq!(
        stdout,
        "ok: sudoku_solve: SUDOKU_INTERNAL_ERROR, board untouched\n\
         ok: sudoku_solve_unique: SUDOKU_INTERNAL_ERROR, board untouched\n\
         ok: sudoku_count_solutions: SUDOKU_INTERNAL_ERROR, count untouched\n\
         ok: sudoku_list_solutions: SUDOKU_INTERNAL_ERROR, solutions, written and more \
         untouched\n\
         ok: sudoku_validate: SUDOKU_INTERNAL_ERROR, cell untouched\n\
         ok: sudoku_board_conflicts: SUDOKU_INTERNAL_ERROR, houses and count untouched\n\
         ok: sudoku_read_puzzle: SUDOKU_INTERNAL_ERROR, board and info untouched\n\
         ok: sudoku_canonicalize: SUDOKU_INTERNAL_ERROR, form and transform untouched\n\
         ok: sudoku_transform_apply: SUDOKU_INTERNAL_ERROR, output untouched\n\
         ok: sudoku_generate_pattern: SUDOKU_INTERNAL_ERROR, puzzle and solution untouched\n\
         ok: sudoku_generate_pattern_with: SUDOKU_INTERNAL_ERROR, puzzle and solution untouched\n\
         ok: sudoku_generate_pattern_batch: SUDOKU_INTERNAL_ERROR, puzzles and statuses \
         untouched\n\
         ok: sudoku_solve_batch: SUDOKU_OK; the injected puzzles SUDOKU_INTERNAL_ERROR and \
         unwritten, the others solved\n\
         ok: sudoku_rate: SUDOKU_INTERNAL_ERROR, rating untouched\n\
         ok: sudoku_hint: SUDOKU_INTERNAL_ERROR, step and cell untouched\n\
         ok: sudoku_solve_path: SUDOKU_INTERNAL_ERROR, steps, count and complete untouched\n\
         ok: sudoku_step_apply: SUDOKU_INTERNAL_ERROR, board and candidates untouched\n\
         ok: sudoku_rate_batch: SUDOKU_OK; the injected boards SUDOKU_INTERNAL_ERROR and \
         unwritten, the others rated\n\
         ok: sudoku_canonicalize_batch: SUDOKU_OK; the injected boards \
         SUDOKU_INTERNAL_ERROR and unwritten, the others canonicalized\n\
         ok: the process goes on: sudoku_solve still solves a puzzle\n\
         internal error in libsudoku\n"
    );
    // Each of the twenty-two injected panics (two in each batch that goes on) went through Rust's panic hook,
    // which reports it on stderr: the panics really happened inside the library.
    assert_eq!(
        stderr
            .matches("libsudoku fault injection: injected panic")
            .count(),
        22,
        "{stderr}"
    );
}

/// Without the feature (the build every other test and every user gets) the injection board is
/// only a board of invalid characters: the hook is not there.
#[test]
fn without_the_feature_the_injection_board_is_an_invalid_character_at_cell_0() {
    use sudoku::ffi::sudoku_status::*;
    use sudoku::ffi::*;
    let mut board = [b'!'; 81];
    let mut cell = 777usize;
    let mut count = 12345u64;
    // SAFETY: 81 readable and writable bytes, a writable size_t and a writable u64.
    unsafe {
        let text = board.as_mut_ptr().cast::<std::ffi::c_char>();
        assert_eq!(sudoku_validate(text, &mut cell), SUDOKU_INVALID_CHARACTER);
        assert_eq!(sudoku_solve(text), SUDOKU_INVALID_CHARACTER);
        assert_eq!(sudoku_solve_unique(text), SUDOKU_INVALID_CHARACTER);
        assert_eq!(
            sudoku_count_solutions(text, 2, &mut count),
            SUDOKU_INVALID_CHARACTER
        );
        let mut listed = [b'#'; 81];
        let (mut written, mut more) = (777usize, true);
        assert_eq!(
            sudoku_list_solutions(text, listed.as_mut_ptr().cast(), 1, &mut written, &mut more),
            SUDOKU_INVALID_CHARACTER
        );
        assert_eq!((written, more, listed), (777, true, [b'#'; 81]));
    }
    assert_eq!(cell, 0);
    assert_eq!(count, 12345);
    assert_eq!(board, [b'!'; 81]);
}
