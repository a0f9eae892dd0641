//! `examples/solve_file.c`: solving each line of a file or of stdin (first, unique and count
//! modes), bad usage, write errors, any thread count giving the same output, quiet mode; and
//! the same lines read alike by solve_file, `solve_cpp -` and `sudoku.py`.
//!
//! Shared helpers and expected texts: `tests/example_programs/mod.rs`.

mod example_programs;

use std::fs;
use std::process::Command;

use sudoku_testkit::cbuild::{repo_root, shared_library, Link};
use sudoku_testkit::check::is_complete_grid;

use example_programs::*;

#[test]
fn solve_file_solves_each_line_of_a_file() {
    let input = out_dir().join("solve_file_input.txt");
    fs::write(&input, solve_file_input()).expect("write the input file");
    let input = input.to_str().expect("UTF-8 path");
    for link in LINKS {
        let output = run(example("solve_file", link), &[input], b"");
        assert_eq!(output.status.code(), Some(0));
        let stdout = text(&output.stdout);
        let lines: Vec<&str> = stdout.lines().collect();
        assert_eq!(lines.len(), 8, "one line per puzzle:\n{stdout}");
        assert_eq!(lines[0], CLASSIC_SOLUTION);
        assert_eq!(lines[1], TOP1_SOLUTION);
        assert_eq!(lines[2], "SUDOKU_NO_SOLUTION");
        // sudoku_solve stops at the first solution; which one depends on the search order.
        assert!(DEADLY_SOLUTIONS.contains(&lines[3]), "{}", lines[3]);
        assert_eq!(lines[4], "SUDOKU_INVALID_CHARACTER");
        assert_eq!(lines[5], "SUDOKU_CONFLICTING_GIVENS");
        assert!(is_complete_grid(lines[6].as_bytes()), "{}", lines[6]);
        assert_eq!(lines[7], TOP2_SOLUTION);
        assert!(stdout.ends_with('\n'));
        assert_solve_file_stderr(
            text(&output.stderr),
            "read 8, solved 5, no solution 1, multiple solutions 0, invalid 2, skipped lines 2",
        );
    }
}

#[test]
fn solve_file_unique_reads_stdin() {
    let expected = [
        CLASSIC_SOLUTION,
        TOP1_SOLUTION,
        "SUDOKU_NO_SOLUTION",
        "SUDOKU_MULTIPLE_SOLUTIONS",
        "SUDOKU_INVALID_CHARACTER",
        "SUDOKU_CONFLICTING_GIVENS",
        "SUDOKU_MULTIPLE_SOLUTIONS",
        TOP2_SOLUTION,
    ]
    .map(|line| format!("{line}\n"))
    .concat();
    for args in [&["--unique"][..], &["--unique", "-"][..]] {
        assert_solves_the_input_from_stdin(args, &expected);
    }
}

#[test]
fn solve_file_count_caps_at_the_limit() {
    let expected = "1\n1\n0\n2\nSUDOKU_INVALID_CHARACTER\nSUDOKU_CONFLICTING_GIVENS\n5\n1\n";
    assert_solves_the_input_from_stdin(&["--count", "5"], expected);
}

/// Runs solve_file (each linkage) with `args` (`--unique` or `--count`: modes that tell one
/// solution from several) on `solve_file_input()` given on stdin: exit code 0, exactly
/// `expected` on stdout, the input's diagnostics and its summary for those modes on stderr.
#[track_caller]
fn assert_solves_the_input_from_stdin(args: &[&str], expected: &str) {
    for link in LINKS {
        let output = run(
            example("solve_file", link),
            args,
            solve_file_input().as_bytes(),
        );
        assert_eq!(output.status.code(), Some(0), "{args:?} ({link:?})");
        assert_eq!(text(&output.stdout), expected, "{args:?} ({link:?})");
        assert_solve_file_stderr(
            text(&output.stderr),
            "read 8, solved 3, no solution 1, multiple solutions 2, invalid 2, skipped lines 2",
        );
    }
}

#[test]
fn solve_file_rejects_bad_usage() {
    for link in LINKS {
        let program = example("solve_file", link);
        let output = run(program, &["--count", "0"], b"");
        assert_run(
            &output,
            2,
            "",
            "solve_file: --count needs a whole number N >= 1\n",
        );
        let missing = out_dir().join("no such file");
        let output = run(program, &[missing.to_str().unwrap()], b"");
        assert_run(
            &output,
            1,
            "",
            &format!(
                "solve_file: cannot open {}: No such file or directory\n",
                missing.display()
            ),
        );
    }
}

/// solve_file, `solve_cpp -` and `sudoku.py` read lines alike: fed the same mixed input (comments,
/// blank lines, CRLF, lines of 80 and 82 characters, invalid boards, a last line without a line
/// ending) they print the same stdout and skip the same lines with the same diagnostic.
#[test]
fn solve_file_solve_cpp_and_sudoku_py_print_the_same_lines() {
    let input = solve_file_input();
    let skipped = |program: &str| {
        format!(
            "{program}: line 5: expected 81 puzzle characters, got 80; skipped\n\
             {program}: line 6: expected 81 puzzle characters, got 82; skipped\n"
        )
    };

    let solve_file = run(
        example("solve_file", Link::Static),
        &["--quiet"],
        input.as_bytes(),
    );
    let stdout = text(&solve_file.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 8, "one line per puzzle:\n{stdout}");
    assert_eq!(
        lines[..3],
        [CLASSIC_SOLUTION, TOP1_SOLUTION, "SUDOKU_NO_SOLUTION"]
    );
    // The first solution found by the search (of two, and of the empty board's many): the same
    // in all three front-ends below, which make the same batch call.
    assert!(DEADLY_SOLUTIONS.contains(&lines[3]), "{}", lines[3]);
    assert_eq!(
        lines[4..6],
        ["SUDOKU_INVALID_CHARACTER", "SUDOKU_CONFLICTING_GIVENS"]
    );
    assert!(is_complete_grid(lines[6].as_bytes()), "{}", lines[6]);
    assert_eq!(lines[7], TOP2_SOLUTION);
    assert_run(&solve_file, 0, stdout, SOLVE_FILE_DIAGNOSTICS);

    for link in LINKS {
        let output = run(solve_cpp(link), &["-"], input.as_bytes());
        assert_run(&output, 0, stdout, &skipped("solve_cpp"));
    }
    let python = run_command(
        Command::new("python3")
            .arg(
                repo_root()
                    .join("examples")
                    .join("python")
                    .join("sudoku.py"),
            )
            .env("SUDOKU_LIB", shared_library())
            .env("PYTHONDONTWRITEBYTECODE", "1"),
        input.as_bytes(),
    );
    assert_run(&python, 0, stdout, &skipped("sudoku.py"));
}

#[test]
fn solve_file_reports_a_write_error_with_exit_code_1() {
    // Two puzzles, flushed at the end; 1000, whose 82,000 bytes of output fail in mid-run too.
    let inputs = [
        format!("{CLASSIC}\n{TOP1}\n"),
        format!("{CLASSIC}\n").repeat(1000),
    ];
    for link in LINKS {
        let program = example("solve_file", link);
        for (args, input) in [
            (&["--quiet"][..], &inputs[0]),
            (&[], &inputs[0]),
            (&["--quiet"], &inputs[1]),
            (&["--help"], &String::new()),
        ] {
            let Some(output) = run_to_dev_full(program, args, input.as_bytes()) else {
                return;
            };
            assert_run(&output, 1, "", &write_error("solve_file"));
        }
    }
}

#[test]
fn solve_file_gives_the_same_output_on_any_thread_count() {
    // 1500 copies: 21000 lines, more than one block, with diagnostics spread over all of them.
    let times = 1500;
    let (input, diagnostics) = repeated_input(times);
    let path = out_dir().join("solve_file_repeated.txt");
    fs::write(&path, &input).expect("write the input file");
    let path = path.to_str().expect("UTF-8 path");
    let counts = format!(
        "read {}, solved {}, no solution {}, multiple solutions 0, invalid {}, skipped lines {}",
        8 * times,
        5 * times,
        times,
        2 * times,
        2 * times
    );
    let single = run(example("solve_file", Link::Static), &[path], b"");
    assert_eq!(single.status.code(), Some(0));
    // The output of one copy, repeated: every puzzle's line in input order.
    let one_copy: String = text(&single.stdout)
        .lines()
        .take(8)
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(text(&single.stdout), one_copy.repeat(times));
    for link in LINKS {
        for threads in ["0", "1", "2", "3"] {
            let output = run(
                example("solve_file", link),
                &["--threads", threads, path],
                b"",
            );
            assert_eq!(output.status.code(), Some(0), "--threads {threads}");
            assert_eq!(
                output.stdout, single.stdout,
                "--threads {threads} ({link:?})"
            );
            let stderr = text(&output.stderr);
            let (got, summary) = stderr
                .strip_suffix('\n')
                .and_then(|s| s.rsplit_once('\n'))
                .expect("diagnostics and a summary");
            assert_eq!(format!("{got}\n"), diagnostics, "--threads {threads}");
            assert!(
                summary.starts_with(&format!("solve_file: {counts}; elapsed ")),
                "{summary}"
            );
        }
    }
}

#[test]
fn solve_file_quiet_writes_only_diagnostics() {
    for link in LINKS {
        for args in [
            &["--quiet"][..],
            &["--quiet", "--threads", "2", "--unique"][..],
        ] {
            let output = run(
                example("solve_file", link),
                args,
                solve_file_input().as_bytes(),
            );
            assert_eq!(output.status.code(), Some(0));
            assert_eq!(text(&output.stderr), SOLVE_FILE_DIAGNOSTICS, "{args:?}");
            assert_eq!(text(&output.stdout).lines().count(), 8);
        }
    }
}

#[test]
fn solve_file_rejects_a_bad_thread_count() {
    for link in LINKS {
        for args in [
            &["--threads"][..],
            &["--threads", "-1"],
            &["--threads", "two"],
        ] {
            let output = run(example("solve_file", link), args, b"");
            assert_run(
                &output,
                2,
                "",
                "solve_file: --threads needs a whole number N >= 0 (0: all cores)\n",
            );
        }
    }
}
