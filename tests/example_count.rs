//! `examples/count.c`: counting up to the limit, usage, bad input and a write error, against
//! both the static and the shared library.
//!
//! Shared helpers and expected texts: `tests/example_programs/mod.rs`.

use crate::example_programs;

use example_programs::*;

/// What `count --help` prints to stdout.
const COUNT_USAGE: &str = "\
usage: count [--] PUZZLE [LIMIT]
Counts the solutions of PUZZLE (one line of 81 cells, row-major: '1'-'9' givens, '.'
or '0' blanks; a rating or comment may follow), stopping at LIMIT (default 1000, at
least 1).
Exit codes: 0 counted, 2 invalid input, usage or an error writing the output.
";

#[test]
fn count_counts_up_to_the_limit() {
    let rated = format!("{DEADLY} ED=1.2/1.2/1.2");
    let dashes = "-".repeat(81);
    let cases: [(&[&str], &str); 12] = [
        (&[&rated], "2 solutions\n"),
        // "--" ends the options: a puzzle may then start with "-".
        (&["--", DEADLY, "2"], "at least 2 solutions (the limit)\n"),
        (&[DEADLY, "--", "2"], "at least 2 solutions (the limit)\n"),
        (&[DEADLY, "2", "--"], "at least 2 solutions (the limit)\n"),
        (&["--", &dashes, "3"], "at least 3 solutions (the limit)\n"),
        (&[&dashes, "7"], "at least 7 solutions (the limit)\n"),
        (&[EMPTY, "1000"], "at least 1000 solutions (the limit)\n"),
        (&[DEADLY], "2 solutions\n"),
        (&[DEADLY, "2"], "at least 2 solutions (the limit)\n"),
        (&[DEADLY, "1"], "at least 1 solution (the limit)\n"),
        (&[CLASSIC, "1000"], "1 solution\n"),
        (&[UNSOLVABLE], "0 solutions\n"),
    ];
    for link in LINKS {
        for (args, expected) in cases {
            let output = run(example("count", link), args, b"");
            assert_run(&output, 0, expected, "");
        }
    }
}

#[test]
fn count_prints_its_usage_on_help_and_says_what_was_wrong() {
    for link in LINKS {
        let program = example("count", link);
        let name = "count";
        for help in ["-h", "--help"] {
            assert_run(&run(program, &[help], b""), 0, COUNT_USAGE, "");
            // Options may follow the operands, as in the other programs.
            assert_run(&run(program, &[EMPTY, "5", help], b""), 0, COUNT_USAGE, "");
        }
        let pointer = "Try 'count --help' for more information.\n";
        for (args, what) in [
            (&["--bogus"][..], "unknown option '--bogus'"),
            (&["-q", "5"], "unknown option '-q'"),
            (&[], "PUZZLE missing"),
            (
                &[EMPTY, "5", "5"],
                "too many arguments: PUZZLE and LIMIT at most",
            ),
            (&[EMPTY, "--bogus"], "unknown option '--bogus'"),
            (
                &[EMPTY, "--", "5", "5"],
                "too many arguments: PUZZLE and LIMIT at most",
            ),
        ] {
            let stderr = format!("{name}: {what}\n{pointer}");
            assert_run(&run(program, args, b""), 2, "", &stderr);
        }
    }
}

#[test]
fn count_rejects_bad_input() {
    let cases: [(&[&str], &str); 4] = [
        (
            &[EMPTY, "18446744073709551616"],
            "count: LIMIT must be a whole number from 1 to 18446744073709551615, got \
             '18446744073709551616'\nTry 'count --help' for more information.\n",
        ),
        (
            &[EMPTY, "0"],
            "count: LIMIT must be a whole number from 1 to 18446744073709551615, got '0'\n\
             Try 'count --help' for more information.\n",
        ),
        (
            &[CONFLICT, "5"],
            "count: SUDOKU_CONFLICTING_GIVENS: two equal givens share a row, column or box \
             (cell 10: row 2, column 2)\n",
        ),
        (&[&EMPTY[..1]], "count: PUZZLE has 1 cell, not 81\n"),
    ];
    for link in LINKS {
        for (args, message) in cases {
            let output = run(example("count", link), args, b"");
            assert_run(&output, 2, "", message);
        }
    }
}

#[test]
fn count_reports_a_write_error_with_exit_code_2() {
    for link in LINKS {
        let program = example("count", link);
        for args in [&[DEADLY][..], &[EMPTY, "1000"], &["-h"]] {
            let Some(output) = run_to_dev_full(program, args, b"") else {
                return;
            };
            assert_run(&output, 2, "", &write_error("count"));
        }
    }
}
