//! `examples/generate.c` (`build/generate`): the puzzles it prints are the generator's (checked
//! against the Rust API, and a sample against the reference counter), the same on every thread
//! count; a usage error is one line saying what was wrong, then the pointer to --help (exit code
//! 2); a range the symmetry cannot meet reports SUDOKU_NOT_FOUND; a write error exits 2. Static
//! and shared library both.
//!
//! Shared helpers: `tests/example_programs/mod.rs`.

use crate::example_programs;

use example_programs::*;
use sudoku::generator::{self, Options, PatternOptions, Symmetry};
use sudoku_testkit::board::parse;
use sudoku_testkit::cbuild::Link;
use sudoku_testkit::reference::count;

/// What the Rust generator gives for puzzles 0..n of `seed`, one line each.
fn expected(seed: u64, n: u64, options: &Options) -> String {
    (0..n)
        .map(|i| {
            let made = generator::generate_item(seed, i, options).unwrap();
            format!("{}\n", String::from_utf8_lossy(&made.puzzle))
        })
        .collect()
}

#[test]
fn generate_prints_the_generator_s_puzzles() {
    let cases: [(&[&str], u64, u64, Options); 7] = [
        (&[], 0, 1, Options::default()),
        // "--" ends the options.
        (&["--count", "3", "--"], 0, 3, Options::default()),
        (
            &["--count", "40", "--seed", "77"],
            77,
            40,
            Options::default(),
        ),
        (
            &["--seed", "0x10", "--count", "25", "--symmetry", "rotate180"],
            16,
            25,
            Options {
                symmetry: Symmetry::Rotate180,
                ..Options::default()
            },
        ),
        (
            &[
                "--count",
                "20",
                "--not-minimal",
                "--givens",
                "30-35",
                "--symmetry",
                "diagonal",
            ],
            0,
            20,
            Options {
                symmetry: Symmetry::Diagonal,
                minimal: false,
                min_givens: 30,
                max_givens: 35,
                ..Options::default()
            },
        ),
        // A value may be joined to its option by '=', as getopt_long allows.
        (
            &[
                "--count=12",
                "--seed=0x10",
                "--symmetry=mirror-rows",
                "--givens=20-40",
                "--attempts=50",
                "--threads=1",
            ],
            16,
            12,
            Options {
                symmetry: Symmetry::MirrorRows,
                min_givens: 20,
                max_givens: 40,
                max_attempts: 50,
                ..Options::default()
            },
        ),
        (
            &["--count", "10", "--givens", "24", "--seed", "3"],
            3,
            10,
            Options {
                min_givens: 24,
                max_givens: 24,
                ..Options::default()
            },
        ),
    ];
    for link in LINKS {
        let program = example("generate", link);
        for (args, seed, n, options) in &cases {
            let output = run(program, args, b"");
            let want = expected(*seed, *n, options);
            assert_run(&output, 0, &want, "");
            for line in want.lines() {
                let grid = parse(line.as_bytes().try_into().unwrap()).unwrap();
                assert_eq!(count(&grid, 2).0, 1, "{line}");
            }
        }
    }
}

#[test]
fn generate_gives_the_same_output_on_every_thread_count() {
    let program = example("generate", Link::Static);
    let base = run(program, &["--count", "300", "--threads", "1"], b"");
    assert_eq!(base.status.code(), Some(0));
    for threads in ["2", "3", "0"] {
        let other = run(program, &["--count", "300", "--threads", threads], b"");
        assert_eq!(other.stdout, base.stdout, "--threads {threads}");
    }
    assert_eq!(text(&base.stdout).lines().count(), 300);
}

const GENERATE_USAGE: &str = "\
usage: generate [--count N] [--seed S] [--index K] [--symmetry NAME] [--givens A-B]
                [--not-minimal] [--er A-B] [--attempts N] [--threads N] [--]
       generate --pattern P [--count N] [--seed S] [--index K] [--er A-B]
                [--attempts N] [--threads N] [--]
Prints N puzzles (default 1) with exactly one solution, one per line ('1'-'9' givens,
'.' blanks). Puzzle i is puzzle K + i of seed S (default 0, decimal or 0x hex; K
default 0), the same on every machine; one not found is skipped and reported with
its index. Puzzles are minimal unless --not-minimal, which stops removing
givens at a number drawn from the --givens range A-B (or A; default 17-81).
Minimal puzzles have few givens: 98 in 100 have 22-27 (24-32 with rotate180, 28-44
with dihedral), so a range above that is met seldom or never, whatever --attempts;
--not-minimal reaches higher counts, not lower ones, and only those the orbits make.
--symmetry NAME: none (default), rotate180, rotate90, mirror-rows, mirror-columns,
diagonal, antidiagonal, both-diagonals, both-mirrors, dihedral.
--er A-B: only puzzles whose Sudoku Explainer rating (ER) is from A to B, such as
6.6-7.5 (or A alone), as libsudoku's step engine rates them.
--attempts N: solved grids to try for one puzzle before reporting it not found
(default 1000; a rare --er window, such as 9.0-11.9, needs more).
--threads N: up to N threads (default 0: all cores).
--pattern P: puzzles whose givens are exactly the cells of P (81 characters: '.'
or '0' blank, '1'-'9', 'x' or 'X' a given's cell), puzzle i of seed S on P; an
attempt ends with a puzzle or without one, and sparse patterns (21-22 cells) may
need --attempts 20000 or more; not with --symmetry, --givens or --not-minimal.
A progress line goes to stderr when it is a terminal. An option's value may also
be joined to it by '=' (--count=5).
Exit codes: 0 done, 1 a puzzle not found or out of memory, 2 usage or output error.
";

#[test]
fn generate_usage_errors_say_what_was_wrong_and_point_at_help() {
    let count = "--count needs a whole number N from 1 to 18446744073709551615";
    let seed = "--seed needs a whole number (decimal or 0x hex) below 2^64";
    let index = "--index needs a whole number (decimal or 0x hex) below 2^64";
    let givens = "--givens needs A-B or A with 0 <= A <= B <= 81";
    let fewer_than_17 = "--givens: no puzzle with exactly one solution has fewer than 17 givens \
                         (McGuire, Tugemann and Civario, 2014), so B must be 17 or more";
    let threads = "--threads needs a whole number N from 0 to 18446744073709551615 (0: all cores)";
    let er = "--er needs A-B or A, ratings from 1.0 to 99.9 with one decimal at most, A <= B";
    let attempts = "--attempts needs a whole number N from 1 to 18446744073709551615";
    // A bad value is echoed after the sentence; a missing one is not.
    let got = |what: &str, value: &str| format!("{what}, got '{value}'");
    let bad: Vec<(&[&str], String)> = vec![
        (&["--bogus"], "unknown option '--bogus'".to_string()),
        (&["-c", "5"], "unknown option '-c'".to_string()),
        (
            &["--count", "5", "extra"],
            "unexpected argument 'extra'".to_string(),
        ),
        (&["-"], "unexpected argument '-'".to_string()),
        // "--" ends the options; nothing may follow.
        (
            &["--", "--count"],
            "unexpected argument '--count'".to_string(),
        ),
        // A missing value gets the sentence alone, a bad one the sentence and the value.
        (&["--count"], count.to_string()),
        (&["--count", "0"], got(count, "0")),
        (&["--count", "-3"], got(count, "-3")),
        (&["--count", "5x"], got(count, "5x")),
        (
            &["--count", "18446744073709551616"],
            got(count, "18446744073709551616"),
        ), // 2^64
        (&["--seed"], seed.to_string()),
        (&["--seed", "0x1g"], got(seed, "0x1g")),
        (&["--seed", "-1"], got(seed, "-1")),
        (&["--seed", "0x"], got(seed, "0x")),
        (&["--seed", "0x0x5"], got(seed, "0x0x5")),
        (&["--index"], index.to_string()),
        (&["--index", "-1"], got(index, "-1")),
        (
            &["--index", "18446744073709551616"],
            got(index, "18446744073709551616"),
        ),
        (&["--symmetry"], "--symmetry needs a NAME".to_string()),
        (
            &["--symmetry", "spiral"],
            "unknown symmetry 'spiral'".to_string(),
        ),
        (
            &["--symmetry", "Rotate180"],
            "unknown symmetry 'Rotate180'".to_string(),
        ),
        (&["--givens"], givens.to_string()),
        (&["--givens", "40-30"], got(givens, "40-30")),
        (&["--givens", "82"], got(givens, "82")),
        (&["--givens", "20-"], got(givens, "20-")),
        (&["--givens", "-30"], got(givens, "-30")),
        // No unique puzzle has fewer than 17 givens: no attempt could succeed.
        (&["--givens", "0-10"], got(fewer_than_17, "0-10")),
        (&["--givens", "16"], got(fewer_than_17, "16")),
        (&["--threads"], threads.to_string()),
        (&["--threads", "x"], got(threads, "x")),
        (&["--threads", "-1"], got(threads, "-1")),
        (&["--er"], er.to_string()),
        (&["--er", "abc"], got(er, "abc")),
        (&["--er", "9-1"], got(er, "9-1")),
        (&["--er", "0-0"], got(er, "0-0")),
        (&["--er", "0.5"], got(er, "0.5")),
        (&["--er", "6.66"], got(er, "6.66")),
        (&["--er", "6.6-"], got(er, "6.6-")),
        (&["--er", "-7"], got(er, "-7")),
        (&["--er", "100"], got(er, "100")),
        (&["--attempts"], attempts.to_string()),
        (&["--attempts", "0"], got(attempts, "0")),
        (&["--attempts", "-5"], got(attempts, "-5")),
        (&["--attempts", "1e3"], got(attempts, "1e3")),
        // Joined by '=': an empty value is a bad one, a flag takes none, the name is exact.
        (&["--count="], got(count, "")),
        (&["--count=0"], got(count, "0")),
        (&["--seed=", "5"], got(seed, "")),
        (&["--symmetry="], "unknown symmetry ''".to_string()),
        (
            &["--symmetry=spiral"],
            "unknown symmetry 'spiral'".to_string(),
        ),
        (&["--givens=16"], got(fewer_than_17, "16")),
        (&["--threads=x"], got(threads, "x")),
        (&["--er=100"], got(er, "100")),
        (&["--attempts=0"], got(attempts, "0")),
        (
            &["--not-minimal=1"],
            "unknown option '--not-minimal=1'".to_string(),
        ),
        (&["--counts=5"], "unknown option '--counts=5'".to_string()),
        (&["--count5"], "unknown option '--count5'".to_string()),
        // The first error is the one reported, before any puzzle is made.
        (
            &["--count", "2", "--bogus", "--seed", "x"],
            "unknown option '--bogus'".to_string(),
        ),
    ];
    let bad: Vec<(&[&str], &str)> = bad.iter().map(|(a, w)| (*a, w.as_str())).collect();
    for link in LINKS {
        assert_usage(example("generate", link), "generate", GENERATE_USAGE, &bad);
    }
}

#[test]
fn generate_into_a_rating_window() {
    // Each puzzle made with --er 3.0-4.4 is rated there by the rate program (the engine's
    // rating, checked against serate in tests/steps_rating.rs), and the same seed gives the
    // same puzzles as the library's rating window.
    for link in LINKS {
        let output = run(
            example("generate", link),
            &["--er", "3.0-4.4", "--count", "4", "--seed", "11"],
            b"",
        );
        assert_run(&output, 0, text(&output.stdout), "");
        let rated = run(example("rate", link), &[], &output.stdout);
        assert_run(&rated, 0, text(&rated.stdout), "");
        let lines: Vec<&str> = text(&rated.stdout).lines().collect();
        assert_eq!(lines.len(), 4);
        for line in lines {
            let er = line.split(' ').nth(1).unwrap().split('/').next().unwrap();
            let tenths: u32 = er.replace('.', "").parse().unwrap();
            assert!((30..=44).contains(&tenths), "{line}");
        }
    }
}

#[test]
fn generate_reports_puzzles_not_found() {
    for link in LINKS {
        let output = run(
            example("generate", link),
            &[
                "--symmetry",
                "dihedral",
                "--givens",
                "17-20",
                "--count",
                "2",
            ],
            b"",
        );
        let message = "SUDOKU_NOT_FOUND: no puzzle met the options within the attempts allowed \
                       (1000 attempts; --attempts raises the bound, which helps only a rare \
                       range or window: see --help)";
        assert_run(
            &output,
            1,
            "",
            &format!("generate: puzzle 0: {message}\ngenerate: puzzle 1: {message}\n"),
        );
    }
}

#[test]
fn generate_takes_a_bound_on_attempts() {
    // Three attempts cannot find a puzzle the symmetry cannot make; the message says so.
    let not_found_in = |link, attempts| {
        run(
            example("generate", link),
            &[
                "--symmetry",
                "dihedral",
                "--givens",
                "17-20",
                "--attempts",
                attempts,
            ],
            b"",
        )
    };
    let not_found = |link| not_found_in(link, "3");
    for link in LINKS {
        assert_run(
            &not_found(link),
            1,
            "",
            "generate: puzzle 0: SUDOKU_NOT_FOUND: no puzzle met the options within the attempts \
             allowed (3 attempts; --attempts raises the bound, which helps only a rare range or \
             window: see --help)\n",
        );
        assert_run(
            &not_found_in(link, "1"),
            1,
            "",
            "generate: puzzle 0: SUDOKU_NOT_FOUND: no puzzle met the options within the attempts \
             allowed (1 attempt; --attempts raises the bound, which helps only a rare range or \
             window: see --help)\n",
        );
        // The bound decides only when the search gives up: the puzzles found are the same.
        let options = Options {
            min_er: 66,
            max_er: 75,
            max_attempts: 5000,
            ..Options::default()
        };
        let output = run(
            example("generate", link),
            &[
                "--count",
                "3",
                "--seed",
                "9",
                "--er",
                "6.6-7.5",
                "--attempts",
                "5000",
            ],
            b"",
        );
        assert_run(&output, 0, &expected(9, 3, &options), "");
    }
}

#[test]
fn generate_reports_a_write_error_with_exit_code_2() {
    for link in LINKS {
        let program = example("generate", link);
        for args in [&["--count", "3"][..], &["-h"]] {
            let Some(output) = run_to_dev_full(program, args, b"") else {
                return;
            };
            assert_run(&output, 2, "", &write_error("generate"));
        }
    }
}

#[test]
fn generate_on_a_pattern() {
    let heart = ".xx...xx.x..x.x..xx...x...xx.......x.x.....x...x...x.....x.x.......x....xxxxxxxxx";
    let cells = |text: &str| {
        text.bytes()
            .enumerate()
            .filter(|&(_, b)| b != b'.' && b != b'0')
            .fold(0u128, |m, (i, _)| m | 1 << i)
    };
    // Puzzle i of seed S (index i), as the Rust call makes it.
    let expected = |seed: u64, n: u64, pattern: &str, options: &PatternOptions| -> String {
        (0..n)
            .map(|i| {
                let made =
                    generator::generate_on_pattern_item(seed, i, cells(pattern), options).unwrap();
                format!("{}\n", String::from_utf8_lossy(&made.puzzle))
            })
            .collect()
    };
    let attempts = |max_attempts: u64| PatternOptions {
        max_attempts,
        ..PatternOptions::default()
    };
    let easy =
        String::from_utf8(sudoku_testkit::data::read_puzzles("puzzles0_easy")[3].to_vec()).unwrap();
    for link in LINKS {
        let program = example("generate", link);
        let output = run(
            program,
            &["--pattern", heart, "--seed", "2026", "--count", "3"],
            b"",
        );
        let printed = expected(2026, 3, heart, &attempts(1000));
        assert_run(&output, 0, &printed, "");
        for line in printed.lines() {
            let puzzle: [u8; 81] = line.as_bytes().try_into().unwrap();
            assert_eq!(count(&parse(&puzzle).unwrap(), 2).0, 1);
            assert_eq!(cells(line), cells(heart));
        }
        // The first is sudoku_generate_pattern's; any thread count gives the same lines.
        let first = generator::generate_on_pattern(2026, cells(heart), 1000).unwrap();
        assert_eq!(printed.lines().next().unwrap().as_bytes(), first.puzzle);
        for threads in ["1", "2", "0"] {
            let output = run(
                program,
                &[
                    "--pattern",
                    heart,
                    "--seed=2026",
                    "--count=3",
                    "--threads",
                    threads,
                ],
                b"",
            );
            assert_run(&output, 0, &printed, "");
        }
        // --index K starts at puzzle K, in either mode (wrapping below 2^64).
        let output = run(
            program,
            &[
                "--pattern",
                heart,
                "--seed=2026",
                "--index",
                "1",
                "--count=2",
            ],
            b"",
        );
        let tail: String = printed.lines().skip(1).map(|l| format!("{l}\n")).collect();
        assert_run(&output, 0, &tail, "");
        let plain = run(program, &["--seed=9", "--count=5"], b"");
        let resumed = run(program, &["--seed=9", "--index=0x3", "--count=2"], b"");
        let last_two: String = text(&plain.stdout)
            .lines()
            .skip(3)
            .map(|l| format!("{l}\n"))
            .collect();
        assert_run(&resumed, 0, &last_two, "");
        let wrapped = run(
            program,
            &["--seed=9", "--index=18446744073709551615", "--count=2"],
            b"",
        );
        let expected_wrap: String = [u64::MAX, 0]
            .iter()
            .map(|&i| {
                let made = generator::generate_item(9, i, &Options::default()).unwrap();
                format!("{}\n", String::from_utf8_lossy(&made.puzzle))
            })
            .collect();
        assert_run(&wrapped, 0, &expected_wrap, "");
        // A rating window: each line as the Rust call with the window makes it, rated inside.
        let window = PatternOptions {
            max_attempts: 5000,
            min_er: 30,
            max_er: 45,
        };
        let output = run(
            program,
            &[
                "--pattern",
                heart,
                "--count=3",
                "--er=3.0-4.5",
                "--attempts=5000",
            ],
            b"",
        );
        let printed = expected(0, 3, heart, &window);
        assert_run(&output, 0, &printed, "");
        for line in printed.lines() {
            let board = sudoku::Board::parse(line.as_bytes().try_into().unwrap()).unwrap();
            let rating = sudoku::steps::rate::rate(&board);
            assert!(rating.complete && (30..=45).contains(&rating.er), "{line}");
        }
        let output = run(
            program,
            &[
                &format!("--pattern={easy}"),
                "--seed=18446744073709551615",
                "--count=2",
                "--attempts=50",
            ],
            b"",
        );
        assert_run(&output, 0, &expected(u64::MAX, 2, &easy, &attempts(50)), "");
        // A pattern no attempt fills: reported, exit 1.
        let seventeen =
            String::from_utf8(sudoku_testkit::data::read_puzzles("puzzles2_17_clue")[0].to_vec())
                .unwrap();
        let output = run(program, &["--pattern", &seventeen, "--attempts", "1"], b"");
        assert_run(
            &output,
            1,
            "",
            "generate: puzzle 0 (seed 0): SUDOKU_NOT_FOUND: no puzzle met the options within the \
             attempts allowed (1 attempt; --attempts raises the bound)\n",
        );
        // Usage errors.
        let usage = |args: &[&str], message: &str| {
            let output = run(program, args, b"");
            assert_run(
                &output,
                2,
                "",
                &format!("generate: {message}\nTry 'generate --help' for more information.\n"),
            );
        };
        for option in ["--symmetry=none", "--givens=20", "--not-minimal"] {
            let name = option.split('=').next().unwrap();
            usage(
                &["--pattern", heart, option],
                &format!("--pattern does not go with '{name}'"),
            );
        }
        let needs = "--pattern needs 81 characters ('.' or '0' for a blank cell; '1'-'9', 'x' \
                     or 'X' for a given's cell)";
        usage(
            &["--pattern", &heart[1..]],
            &format!("{needs}, got '{}'", &heart[1..]),
        );
        usage(&["--pattern"], needs);
        let bad = heart.replacen('x', "#", 1);
        usage(
            &["--pattern", &bad],
            "--pattern: cell 1 (row 1, column 2) holds '#', not '.', '0', '1'-'9', 'x' or 'X'",
        );
        // A character of more than one byte: 81 bytes, but not a pattern's.
        let accented = format!("é{}", &heart[2..]);
        usage(
            &["--pattern", &accented],
            "--pattern: cell 0 (row 1, column 1) holds the byte 0xC3, not ASCII ('.', '0', \
             '1'-'9', 'x' or 'X')",
        );
        // Why no puzzle fits, for each reason.
        let sixteen = "x".repeat(16) + &".".repeat(65);
        usage(
            &["--pattern", &sixteen],
            "--pattern has 16 cells: no puzzle with exactly one solution has fewer than 17 givens",
        );
        let rows = format!("{}{}{}", &heart[..54], "x".repeat(9), ".".repeat(18));
        usage(
            &["--pattern", &rows],
            "--pattern leaves rows 8 and 9 of band 3 empty: swapping them in a solution gives \
             another, so no puzzle fits it",
        );
        let columns: String = (0..81)
            .map(|i| if i % 9 == 3 || i % 9 == 5 { '.' } else { 'x' })
            .collect();
        usage(
            &["--pattern", &columns],
            "--pattern leaves columns 4 and 6 of stack 2 empty: swapping them in a solution \
             gives another, so no puzzle fits it",
        );
    }
}
