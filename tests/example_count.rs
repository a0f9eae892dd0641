//! `examples/count.c`: counting up to the limit, usage, bad input and a write error, against
//! both the static and the shared library.
//!
//! Shared helpers and expected texts: `tests/example_programs/mod.rs`.

mod example_programs;

use example_programs::*;

/// What `count --help` prints to stdout, and `count` after bad usage to stderr.
const COUNT_USAGE: &str = "\
usage: count PUZZLE [LIMIT]
Counts the solutions of PUZZLE (81 characters, row-major: '1'-'9' givens, '.' or '0'
blanks), stopping at LIMIT (default 1000, at least 1).
Exit codes: 0 counted, 2 invalid input, usage or an error writing the output.
";

#[test]
fn count_counts_up_to_the_limit() {
    let cases: [(&[&str], &str); 6] = [
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
fn count_prints_its_usage_on_help_and_on_an_unknown_option() {
    for link in LINKS {
        let program = example("count", link);
        assert_usage(
            program,
            COUNT_USAGE,
            &[&["--bogus"], &["-x", "5"], &[], &[EMPTY, "5", "5"]],
        );
    }
}

#[test]
fn count_rejects_bad_input() {
    let cases: [(&[&str], &str); 3] = [
        (
            &[EMPTY, "0"],
            "count: LIMIT must be a whole number of at least 1, got \"0\"\n",
        ),
        (
            &[CONFLICT, "5"],
            "count: SUDOKU_CONFLICTING_GIVENS: two equal givens share a row, column or box \
             (cell 10: row 2, column 2)\n",
        ),
        (&[&EMPTY[..1]], "count: a puzzle has 81 characters, got 1\n"),
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
