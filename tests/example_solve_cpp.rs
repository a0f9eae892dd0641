//! `examples/solve.cpp` built with g++: it prints what `solve` prints, reports write errors and
//! an unreadable stdin, and prints its usage.
//!
//! Shared helpers and expected texts: `tests/example_programs/mod.rs`.

use crate::example_programs;

use std::fs;

use example_programs::*;

/// What `solve_cpp --help` prints to stdout.
const SOLVE_CPP_USAGE: &str = "\
usage: solve_cpp [PUZZLE | -]
Solves PUZZLE (one line of 81 cells, row-major: '1'-'9' givens, '.' or '0' blanks; a
rating or comment may follow), or an embedded puzzle when none is given, and prints
it as a grid. With \"-\", solves every puzzle on stdin (one-line puzzles, grids,
pencilmarks, in any format solve_file reads) and prints one line per puzzle: the
solution or the status name. Exit codes: 0 solved, 1 no solution, 2 invalid input,
usage or an error reading the input or writing the output.
";

#[test]
fn solve_cpp_prints_what_solve_prints() {
    for link in LINKS {
        let program = solve_cpp(link);
        assert_run(&run(program, &[], b""), 0, SOLVE_DEFAULT_OUTPUT, "");
        // "--" ends the options: the puzzle follows, if any.
        assert_run(&run(program, &["--"], b""), 0, SOLVE_DEFAULT_OUTPUT, "");
        assert_run(
            &run(program, &[UNSOLVABLE], b""),
            1,
            SOLVE_UNSOLVABLE_OUTPUT,
            "",
        );
        let input = format!("# comment\n{CLASSIC}\r\n\n{UNSOLVABLE}\n");
        let output = run(program, &["-"], input.as_bytes());
        assert_run(
            &output,
            0,
            &format!("{CLASSIC_SOLUTION}\nSUDOKU_NO_SOLUTION\n"),
            "",
        );
    }
}

#[test]
fn solve_cpp_reports_a_write_error_with_exit_code_2() {
    // 1000 puzzles in `-` mode: 82,000 bytes of output, more than one stdio buffer, so writes
    // fail before the final flush too.
    let many = format!("{CLASSIC}\n").repeat(1000);
    for link in LINKS {
        let program = solve_cpp(link);
        let cases: [(&[&str], &[u8]); 7] = [
            (&[], b""),
            (&["--version"], b""),
            (&[UNSOLVABLE], b""),
            (&["-"], TOP1.as_bytes()),
            (&["-"], many.as_bytes()),
            (&["--help"], b""),
            (&["-h"], b""),
        ];
        for (args, stdin) in cases {
            let Some(output) = run_to_dev_full(program, args, stdin) else {
                return;
            };
            assert_run(&output, 2, "", &write_error("solve_cpp"));
        }
    }
}

#[test]
fn solve_cpp_prints_its_usage_on_help_and_on_an_unknown_option() {
    for link in LINKS {
        let program = solve_cpp(link);
        assert_usage(
            program,
            "solve_cpp",
            SOLVE_CPP_USAGE,
            &[
                (&["--bogus"], "unknown option '--bogus'"),
                (&["-q"], "unknown option '-q'"),
                // Options anywhere, as in solve: an unknown one is named before a puzzle.
                (&["--bogus", CLASSIC], "unknown option '--bogus'"),
                (&[CLASSIC, "--candidates"], "unknown option '--candidates'"),
                (&["-", "-"], "one argument at most; also given '-'"),
                (
                    &[CLASSIC, TOP1],
                    &format!("one argument at most; also given '{TOP1}'"),
                ),
            ],
        );
        // --version: the program and the library's version, as the C programs print it.
        let version = format!("solve_cpp (libsudoku) {}\n", env!("CARGO_PKG_VERSION"));
        assert_run(&run(program, &["--version"], b""), 0, &version, "");
        assert_run(&run(program, &[CLASSIC, "--version"], b""), 0, &version, "");
        // --help wins wherever it stands, as in solve.
        for args in [&["--help", CLASSIC][..], &[CLASSIC, "--help"], &["x", "-h"]] {
            assert_run(&run(program, args, b""), 0, SOLVE_CPP_USAGE, "");
        }
        // After "--" an argument starting with '-' is the operand; "-" is still stdin.
        assert_run(&run(program, &["--", "-"], b""), 0, "", "");
        // A puzzle argument in another one-line form, with a rating after it.
        let rated = format!("{}  ED=1.2/1.2/1.2", CLASSIC.replace('0', "*"));
        assert_run(&run(program, &[&rated], b""), 0, SOLVE_CLASSIC_OUTPUT, "");
    }
}

#[test]
fn solve_cpp_reports_an_unreadable_stdin_with_exit_code_2() {
    for link in LINKS {
        let program = solve_cpp(link);
        // A directory opens for reading, but reading it fails with EISDIR.
        let directory = fs::File::open(out_dir()).expect("open a directory");
        assert_run(
            &run_with_stdin(program, &["-"], Some(directory)),
            2,
            "",
            "solve_cpp: stdin: Is a directory\n",
        );
        assert_run(
            &run_with_stdin(program, &["-"], None),
            2,
            "",
            "solve_cpp: stdin: Bad file descriptor\n",
        );
        // An empty input is read to its end: nothing to solve, no error.
        let empty = fs::File::open("/dev/null").expect("open /dev/null");
        assert_run(&run_with_stdin(program, &["-"], Some(empty)), 0, "", "");
    }
}
