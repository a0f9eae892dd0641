//! `examples/solve_file.c`: solving each puzzle of a file or of stdin (first, unique, count and
//! list modes), bad usage, read and write errors, any thread count and any read block size
//! giving the same output, quiet mode; and the shared table of inputs (`example_programs/
//! table.rs`) read alike by solve_file, `solve_cpp -` and `python3 -m libsudoku`.
//!
//! Shared helpers and expected texts: `tests/example_programs/mod.rs`.

use crate::example_programs;

use std::fs;

use sudoku_testkit::cbuild::{compile_with, Link};
use sudoku_testkit::check::is_complete_grid;

use example_programs::*;

#[test]
fn solve_file_solves_each_puzzle_of_a_file() {
    let input = out_dir().join("solve_file_input.txt");
    fs::write(&input, solve_file_input()).expect("write the input file");
    let input = input.to_str().expect("UTF-8 path");
    for link in LINKS {
        let output = run(example("solve_file", link), &[input], b"");
        assert_eq!(output.status.code(), Some(0));
        let stdout = text(&output.stdout);
        let lines: Vec<&str> = stdout.lines().collect();
        assert_eq!(lines.len(), 10, "one line per puzzle:\n{stdout}");
        assert_eq!(lines[0], CLASSIC_SOLUTION);
        assert_eq!(lines[1], TOP1_SOLUTION);
        assert_eq!(
            lines[2..4],
            ["SUDOKU_INVALID_FORMAT", "SUDOKU_INVALID_FORMAT"]
        );
        assert_eq!(lines[4], "SUDOKU_NO_SOLUTION");
        // sudoku_solve stops at the first solution; which one depends on the search order.
        assert!(DEADLY_SOLUTIONS.contains(&lines[5]), "{}", lines[5]);
        assert_eq!(lines[6], "SUDOKU_INVALID_FORMAT");
        assert_eq!(lines[7], "SUDOKU_CONFLICTING_GIVENS");
        assert!(is_complete_grid(lines[8].as_bytes()), "{}", lines[8]);
        assert_eq!(lines[9], TOP2_SOLUTION);
        assert!(stdout.ends_with('\n'));
        assert_solve_file_stderr(
            text(&output.stderr),
            "read 10, solved 5, no solution 1, multiple solutions 0, invalid 1, unreadable 3",
        );
    }
}

#[test]
fn solve_file_unique_reads_stdin() {
    let expected = [
        CLASSIC_SOLUTION,
        TOP1_SOLUTION,
        "SUDOKU_INVALID_FORMAT",
        "SUDOKU_INVALID_FORMAT",
        "SUDOKU_NO_SOLUTION",
        "SUDOKU_MULTIPLE_SOLUTIONS",
        "SUDOKU_INVALID_FORMAT",
        "SUDOKU_CONFLICTING_GIVENS",
        "SUDOKU_MULTIPLE_SOLUTIONS",
        TOP2_SOLUTION,
    ]
    .map(|line| format!("{line}\n"))
    .concat();
    // "--" ends the options (for a FILE that starts with '-'; "-" is stdin either way).
    for args in [
        &["--unique"][..],
        &["--unique", "-"][..],
        &["--unique", "--", "-"][..],
    ] {
        assert_solves_the_input_from_stdin(args, &expected);
    }
}

#[test]
fn solve_file_count_caps_at_the_limit() {
    let expected = "1\n1\nSUDOKU_INVALID_FORMAT\nSUDOKU_INVALID_FORMAT\n0\n2\n\
                    SUDOKU_INVALID_FORMAT\nSUDOKU_CONFLICTING_GIVENS\n5\n1\n";
    assert_solves_the_input_from_stdin(&["--count", "5"], expected);
    // The value joined by '=', as getopt_long allows; --threads too.
    assert_solves_the_input_from_stdin(&["--count=5", "--threads=1"], expected);
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
            "read 10, solved 3, no solution 1, multiple solutions 2, invalid 1, unreadable 3",
        );
    }
}

/// What solve_file (and `python3 -m libsudoku`) say of --list without a number from 1 to 1000000.
const LIST_BOUND: &str = "--list needs a whole number N from 1 to 1000000";

/// A usage error: what was wrong in one line, then the pointer to --help.
fn usage_error(what: &str) -> String {
    format!("solve_file: {what}\nTry 'solve_file --help' for more information.\n")
}

#[test]
fn solve_file_rejects_bad_usage_and_names_read_errors() {
    for link in LINKS {
        let program = example("solve_file", link);
        let count = "--count needs a whole number N from 1 to 18446744073709551615";
        // A bad value is echoed after the sentence; a missing one is not.
        let got = |what: &str, value: &str| format!("{what}, got '{value}'");
        for (args, what) in [
            (&["--count", "0"][..], got(count, "0")),
            (&["--count"], count.to_string()),
            (&["--list"], LIST_BOUND.to_string()),
            // N is bounded: its buffer of N solutions is allocated at the start.
            (&["--list", "0"], got(LIST_BOUND, "0")),
            (&["--list", "1000001"], got(LIST_BOUND, "1000001")),
            (&["--list", "99999999999"], got(LIST_BOUND, "99999999999")),
            (
                &["--list", "99999999999999999999999"],
                got(LIST_BOUND, "99999999999999999999999"),
            ),
            (&["--list", "-5"], got(LIST_BOUND, "-5")),
            (&["--list", "1e3"], got(LIST_BOUND, "1e3")),
            (
                &["--frobnicate"],
                "unknown option '--frobnicate'".to_string(),
            ),
            // Joined by '=': an empty value is a bad one, a flag takes none.
            (&["--count="], got(count, "")),
            (&["--list="], got(LIST_BOUND, "")),
            (&["--list=1000001"], got(LIST_BOUND, "1000001")),
            (&["--unique=1"], "unknown option '--unique=1'".to_string()),
            (&["--quiet=yes"], "unknown option '--quiet=yes'".to_string()),
            (
                &["--list=2", "--count=2"],
                "choose one of --unique, --count and --list, not '--count=2'".to_string(),
            ),
            (
                &["--unique", "--count", "2"],
                "choose one of --unique, --count and --list, not '--count'".to_string(),
            ),
            (&["a", "b"], "one FILE at most; also given 'b'".to_string()),
        ] {
            assert_run(&run(program, args, b""), 2, "", &usage_error(&what));
        }
        // Read errors give the system's reason.
        let missing = out_dir().join("no such file");
        let output = run(program, &[missing.to_str().unwrap()], b"");
        let reason = format!(
            "solve_file: {}: No such file or directory\n",
            missing.display()
        );
        assert_run(&output, 1, "", &reason);
        let dir = format!("{}/", out_dir().display());
        let output = run(program, &["--quiet", &dir], b"");
        assert_run(
            &output,
            1,
            "",
            &format!("solve_file: {dir}: Is a directory\n"),
        );
    }
}

/// solve_file, `solve_cpp -` and `python3 -m libsudoku` read every input of the shared table alike: the
/// same stdout, byte for byte (one line per puzzle, in input order), and the same diagnostics
/// after their names.
#[test]
fn the_three_readers_follow_the_shared_table() {
    for case in table::cases() {
        let name = &case.name;
        for link in LINKS {
            let output = run(example("solve_file", link), &["--quiet"], &case.input);
            assert_run(&output, 0, &case.stdout, &case.stderr("solve_file"));
            let output = run(solve_cpp(link), &["-"], &case.input);
            assert_run(&output, 0, &case.stdout, &case.stderr("solve_cpp"));
        }
        let output = run_python(&[], &case.input);
        assert_run(&output, 0, &case.stdout, &case.stderr("libsudoku"));
        println!("{name}: the three readers agree with the table");
    }
}

/// solve_file built to read its input 1 and 7 bytes at a time: every puzzle of the table is cut
/// by block boundaries everywhere, and reads as if whole.
#[test]
fn solve_file_reads_a_puzzle_cut_by_a_block_boundary_as_if_whole() {
    for block in [1, 7] {
        let out = out_dir().join(format!("solve_file_block_{block}"));
        let define = format!("-DSOLVE_FILE_READ_BLOCK={block}");
        let flags = [C_FLAGS, &[define.as_str()]].concat();
        let source = repo_root().join("examples").join("solve_file.c");
        compile_with("gcc", &flags, &source, Link::Static, &out);
        for case in table::cases() {
            if block == 1 && case.input.len() > 100_000 {
                continue; // a million one-byte reads show nothing seven-byte reads do not
            }
            let output = run(&out, &["--quiet"], &case.input);
            assert_run(&output, 0, &case.stdout, &case.stderr("solve_file"));
        }
    }
}

/// solve_file, `solve_cpp -` and `python3 -m libsudoku` read `solve_file_input()` alike: the same stdout
/// (the same first solutions: the same batch call) and the same diagnostics.
#[test]
fn solve_file_solve_cpp_and_sudoku_py_print_the_same_lines() {
    let input = solve_file_input();
    let diagnostics =
        |program: &str| SOLVE_FILE_DIAGNOSTICS.replace("solve_file:", &format!("{program}:"));
    let solve_file = run(
        example("solve_file", Link::Static),
        &["--quiet"],
        input.as_bytes(),
    );
    let stdout = text(&solve_file.stdout);
    assert_eq!(stdout.lines().count(), 10, "one line per puzzle:\n{stdout}");
    assert_run(&solve_file, 0, stdout, SOLVE_FILE_DIAGNOSTICS);
    for link in LINKS {
        let output = run(solve_cpp(link), &["-"], input.as_bytes());
        assert_run(&output, 0, stdout, &diagnostics("solve_cpp"));
    }
    let python = run_python(&[], input.as_bytes());
    assert_run(&python, 0, stdout, &diagnostics("libsudoku"));
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
    // 2000 copies: 20000 puzzles, more than one batch, with diagnostics spread over all of them.
    let times = 2000;
    let (input, diagnostics) = repeated_input(times);
    let path = out_dir().join("solve_file_repeated.txt");
    fs::write(&path, &input).expect("write the input file");
    let path = path.to_str().expect("UTF-8 path");
    let counts = format!(
        "read {}, solved {}, no solution {}, multiple solutions 0, invalid {}, unreadable {}",
        10 * times,
        5 * times,
        times,
        times,
        3 * times
    );
    let single = run(example("solve_file", Link::Static), &[path], b"");
    assert_eq!(single.status.code(), Some(0));
    // The output of one copy, repeated: every puzzle's line in input order.
    let one_copy: String = text(&single.stdout)
        .lines()
        .take(10)
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
            assert_eq!(text(&output.stdout).lines().count(), 10);
        }
    }
}

#[test]
fn solve_file_rejects_a_bad_thread_count() {
    for link in LINKS {
        let what = "--threads needs a whole number N from 0 to 18446744073709551615 (0: all cores)";
        for (args, value) in [
            (&["--threads"][..], None),
            (&["--threads", "-1"], Some("-1")),
            (&["--threads", "two"], Some("two")),
            (&["--threads=2x"], Some("2x")),
        ] {
            let output = run(example("solve_file", link), args, b"");
            let what = match value {
                Some(value) => format!("{what}, got '{value}'"),
                None => what.to_string(),
            };
            assert_run(&output, 2, "", &usage_error(&what));
        }
    }
}

/// CLASSIC_SOLUTION with its first two rows emptied: exactly four solutions.
const FOUR: &str =
    "..................198342567859761423426853791713924856961537284287419635345286179";

/// The solutions of `puzzle` in ascending order, by the reference solver (at most 100).
fn sorted_solutions(puzzle: &str) -> Vec<String> {
    let grid = sudoku_testkit::reference::parse(puzzle.as_bytes().try_into().unwrap())
        .expect("a valid board");
    let mut all: Vec<String> = sudoku_testkit::reference::solutions(&grid, 100)
        .iter()
        .map(|g| String::from_utf8(sudoku_testkit::reference::to_text(g).to_vec()).unwrap())
        .collect();
    all.sort();
    all
}

#[test]
fn solve_file_lists_up_to_n_solutions_in_ascending_order() {
    let deadly = sorted_solutions(DEADLY);
    let four = sorted_solutions(FOUR);
    assert_eq!((deadly.len(), four.len()), (2, 4));
    let input = format!(
        "{DEADLY}\n{CLASSIC}\n{UNSOLVABLE}\n{FOUR}\n{}\n{CONFLICT}\n",
        &TOP2[..80]
    );
    let diagnostics = "solve_file: line 5: the puzzle on line 5 has 80 cells, not 81\n\
                       solve_file: line 6: two equal givens share a row, column or box (cell 10)\n";
    let tail = "SUDOKU_NO_SOLUTION";
    for (n, first, fourth) in [
        (
            "3",
            deadly.join(" "),
            format!("{} ...", four[..3].join(" ")),
        ),
        ("4", deadly.join(" "), four.join(" ")),
        // The largest N taken (a buffer of 81 MB, mostly never touched).
        ("1000000", deadly.join(" "), four.join(" ")),
        (
            "1",
            format!("{} ...", deadly[0]),
            format!("{} ...", four[0]),
        ),
    ] {
        let expected = format!(
            "{first}\n{CLASSIC_SOLUTION}\n{tail}\n{fourth}\nSUDOKU_INVALID_FORMAT\n\
             SUDOKU_CONFLICTING_GIVENS\n"
        );
        for link in LINKS {
            let output = run(
                example("solve_file", link),
                &["--list", n, "--quiet"],
                input.as_bytes(),
            );
            assert_run(&output, 0, &expected, diagnostics);
        }
        let python = run_python(&["--list", n], input.as_bytes());
        assert_run(
            &python,
            0,
            &expected,
            &diagnostics.replace("solve_file:", "libsudoku:"),
        );
    }
    let output = run(
        example("solve_file", Link::Static),
        &["--list", "2"],
        input.as_bytes(),
    );
    assert_solve_file_stderr_counts(
        text(&output.stderr),
        diagnostics,
        "read 6, solved 1, no solution 1, multiple solutions 2, invalid 1, unreadable 1",
    );
}

/// What the programs print reads back: `solve`'s whole output (puzzle and solution grids) and
/// `solve --candidates`'s candidate grid, fed to solve_file, give the puzzle's solution.
#[test]
fn solve_file_reads_what_solve_prints() {
    for link in LINKS {
        let solve = run(example("solve", link), &[CLASSIC], b"");
        let candidates = run(example("solve", link), &["--candidates", CLASSIC], b"");
        let input = [solve.stdout, candidates.stdout].concat();
        let output = run(example("solve_file", link), &["--quiet"], &input);
        let expected = format!("{CLASSIC_SOLUTION}\n").repeat(3);
        assert_run(&output, 0, &expected, "");
    }
}

#[test]
fn solve_file_keeps_the_input_order_in_one_stream() {
    // A diagnostic comes just before its puzzle's line, whatever the buffering of stdout.
    let input = format!("{CLASSIC}\n11{}\nxx\n{TOP1}\n", ".".repeat(79));
    for link in LINKS {
        let lines = one_stream(example("solve_file", link), &["--quiet"], &input);
        assert_eq!(
            lines,
            [
                CLASSIC_SOLUTION,
                "solve_file: line 2: two equal givens share a row, column or box (cell 1)",
                "SUDOKU_CONFLICTING_GIVENS",
                "solve_file: line 3: line 3 has 2 cells, not 9",
                "SUDOKU_INVALID_FORMAT",
                TOP1_SOLUTION,
            ]
        );
    }
}
