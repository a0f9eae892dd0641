//! The C side, end to end: `include/sudoku.h` compiled on its own as C99 and as C++, and the C
//! examples in `examples/` compiled with `gcc -std=c99 -Wall -Wextra -Wpedantic -Werror` against
//! both the static (`libsudoku.a`) and the shared (`libsudoku.so`) library that this `cargo test`
//! built, then run with their output checked exactly.
//!
//! The libraries are found beside the test executable, in `target/<profile>/deps/`: `cargo test`
//! builds `libsudoku.a` and `libsudoku.so` there (it copies them up to `target/<profile>/` only
//! for `cargo build`), so these are always the ones built from the sources under test. Expected
//! solutions were computed once with an independent solver (a plain backtracking search in
//! Python) and are written here as text.

use std::collections::HashMap;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;

mod cbuild;

use cbuild::{lib_dir, link_args, repo_root, soname, Link};

const C_FLAGS: &[&str] = &[
    "-std=c99",
    "-O2",
    "-Wall",
    "-Wextra",
    "-Wpedantic",
    "-Werror",
];
const CXX_FLAGS: &[&str] = &["-std=c++17", "-Wall", "-Wextra", "-Wpedantic", "-Werror"];
const EXAMPLES: &[&str] = &["solve", "solve_file", "count"];

/// The magictour top 1465 puzzle #1 (the default puzzle embedded in `solve.c`) and its solution.
const TOP1: &str =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
const TOP1_SOLUTION: &str =
    "468931527751624839392578461134756298289413675675289314846192753513867942927345186";
/// The magictour top 1465 puzzle #2 and its solution.
const TOP2: &str =
    "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........";
const TOP2_SOLUTION: &str =
    "728946315934251678516738249147593826369482157852167493293615784481379562675824931";
/// A classic puzzle, written with '0' for blanks, and its solution.
const CLASSIC: &str =
    "530070000600195000098000060800060003400803001700020006060000280000419005000080079";
const CLASSIC_SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
/// CLASSIC_SOLUTION with a deadly rectangle emptied (rows 1 and 4, columns 4 and 5: 6/7 and
/// 7/6), so it has exactly these two solutions.
const DEADLY: &str =
    "534..8912672195348198342567859..1423426853791713924856961537284287419635345286179";
const DEADLY_SOLUTIONS: [&str; 2] = [
    CLASSIC_SOLUTION,
    "534768912672195348198342567859671423426853791713924856961537284287419635345286179",
];
/// Valid givens (no two equal in a house) but no solution: cell 8 sees every digit.
const UNSOLVABLE: &str =
    "12345678.........9...............................................................";
const EMPTY: &str =
    ".................................................................................";
/// An 'x' at cell 40 (row 5, column 5).
const BAD_CHARACTER: &str =
    "........................................x........................................";
/// Two 5s in box 1: cells 0 and 10 (row 2, column 2).
const CONFLICT: &str =
    "5.........5......................................................................";

const LINKS: [Link; 2] = [Link::Static, Link::Shared];

/// A scratch directory for compiled programs, one per profile.
fn out_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| cbuild::scratch_dir("c_examples"))
}

/// Compiles `source` with `compiler` and `flags` into `out`, linked as `link`, and asserts the
/// compiler succeeded without printing anything (no warning, no note).
fn compile(compiler: &str, flags: &[&str], source: &Path, link: Link, out: &Path) {
    let include = repo_root().join("include");
    let result = Command::new(compiler)
        .args(flags)
        .arg("-I")
        .arg(&include)
        .arg(source)
        .args(link_args(link))
        .arg("-o")
        .arg(out)
        .output()
        .unwrap_or_else(|e| panic!("cannot run {compiler}: {e}"));
    assert!(
        result.status.success() && result.stderr.is_empty(),
        "{compiler} {} ({link:?}) failed or warned:\n{}",
        source.display(),
        String::from_utf8_lossy(&result.stderr)
    );
}

/// The path of an example program built from `examples/<name>.c`; all of them are compiled
/// (both linkages) on first use.
fn example(name: &str, link: Link) -> &'static Path {
    static BUILT: OnceLock<HashMap<(String, Link), PathBuf>> = OnceLock::new();
    let built = BUILT.get_or_init(|| {
        let mut built = HashMap::new();
        for &example in EXAMPLES {
            for link in LINKS {
                let source = repo_root().join("examples").join(format!("{example}.c"));
                let suffix = if link == Link::Shared { "-shared" } else { "" };
                let out = out_dir().join(format!("{example}{suffix}"));
                compile("gcc", C_FLAGS, &source, link, &out);
                built.insert((example.to_string(), link), out);
            }
        }
        built
    });
    &built[&(name.to_string(), link)]
}

/// Runs a program with `args` and `stdin`, without LD_LIBRARY_PATH (so the shared examples must
/// find libsudoku.so through their rpath).
fn run(program: &Path, args: &[&str], stdin: &[u8]) -> Output {
    run_command(
        Command::new(program)
            .args(args)
            .env_remove("LD_LIBRARY_PATH"),
        stdin,
    )
}

/// Runs `command` with `stdin` written to its standard input and its stdout and stderr captured.
fn run_command(command: &mut Command, stdin: &[u8]) -> Output {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {command:?}: {e}"));
    child
        .stdin
        .take()
        .expect("piped stdin")
        .write_all(stdin)
        .expect("write stdin");
    child.wait_with_output().expect("wait for the program")
}

fn text(bytes: &[u8]) -> &str {
    std::str::from_utf8(bytes).expect("output is UTF-8")
}

/// Asserts the exit code, stdout and stderr of a run exactly.
#[track_caller]
fn assert_run(output: &Output, code: i32, stdout: &str, stderr: &str) {
    assert_eq!(text(&output.stderr), stderr, "stderr");
    assert_eq!(text(&output.stdout), stdout, "stdout");
    assert_eq!(output.status.code(), Some(code), "exit code");
}

/// `program -h` and `program --help` print `usage` on stdout and exit 0; each of `bad` (wrong
/// options or argument counts) prints it on stderr and exits 2.
fn assert_usage(program: &Path, usage: &str, bad: &[&[&str]]) {
    for help in ["-h", "--help"] {
        assert_run(&run(program, &[help], b""), 0, usage, "");
    }
    for args in bad {
        assert_run(&run(program, args, b""), 2, "", usage);
    }
}

/// True when `grid` is 81 digits, each of 1-9 once in every row, column and box (an independent
/// check of solutions whose exact value depends on the search order).
fn is_valid_grid(grid: &str) -> bool {
    let digits: Vec<usize> = grid
        .bytes()
        .map(|b| {
            if b.is_ascii_digit() {
                (b - b'0') as usize
            } else {
                0
            }
        })
        .collect();
    if digits.len() != 81 || digits.contains(&0) {
        return false;
    }
    (0..9).all(|house| {
        let mut row = [false; 10];
        let mut col = [false; 10];
        let mut boxed = [false; 10];
        for i in 0..9 {
            row[digits[house * 9 + i]] = true;
            col[digits[i * 9 + house]] = true;
            boxed[digits[(house / 3 * 3 + i / 3) * 9 + house % 3 * 3 + i % 3]] = true;
        }
        row[1..]
            .iter()
            .chain(&col[1..])
            .chain(&boxed[1..])
            .all(|&seen| seen)
    })
}

const SOLVE_DEFAULT_OUTPUT: &str = "\
Puzzle:
4 . . | . 3 . | . . .
. . . | 6 . . | 8 . .
. . . | . . . | . . 1
------+-------+------
. . . | . 5 . | . 9 .
. 8 . | . . . | 6 . .
. 7 . | 2 . . | . . .
------+-------+------
. . . | 1 . 2 | 7 . .
5 . 3 | . . . | . 4 .
9 . . | . . . | . . .

Solution:
4 6 8 | 9 3 1 | 5 2 7
7 5 1 | 6 2 4 | 8 3 9
3 9 2 | 5 7 8 | 4 6 1
------+-------+------
1 3 4 | 7 5 6 | 2 9 8
2 8 9 | 4 1 3 | 6 7 5
6 7 5 | 2 8 9 | 3 1 4
------+-------+------
8 4 6 | 1 9 2 | 7 5 3
5 1 3 | 8 6 7 | 9 4 2
9 2 7 | 3 4 5 | 1 8 6

Status: SUDOKU_OK (success)
";

const SOLVE_CLASSIC_OUTPUT: &str = "\
Puzzle:
5 3 . | . 7 . | . . .
6 . . | 1 9 5 | . . .
. 9 8 | . . . | . 6 .
------+-------+------
8 . . | . 6 . | . . 3
4 . . | 8 . 3 | . . 1
7 . . | . 2 . | . . 6
------+-------+------
. 6 . | . . . | 2 8 .
. . . | 4 1 9 | . . 5
. . . | . 8 . | . 7 9

Solution:
5 3 4 | 6 7 8 | 9 1 2
6 7 2 | 1 9 5 | 3 4 8
1 9 8 | 3 4 2 | 5 6 7
------+-------+------
8 5 9 | 7 6 1 | 4 2 3
4 2 6 | 8 5 3 | 7 9 1
7 1 3 | 9 2 4 | 8 5 6
------+-------+------
9 6 1 | 5 3 7 | 2 8 4
2 8 7 | 4 1 9 | 6 3 5
3 4 5 | 2 8 6 | 1 7 9

Status: SUDOKU_OK (success)
";

const SOLVE_UNSOLVABLE_OUTPUT: &str = "\
Puzzle:
1 2 3 | 4 5 6 | 7 8 .
. . . | . . . | . . 9
. . . | . . . | . . .
------+-------+------
. . . | . . . | . . .
. . . | . . . | . . .
. . . | . . . | . . .
------+-------+------
. . . | . . . | . . .
. . . | . . . | . . .
. . . | . . . | . . .

Status: SUDOKU_NO_SOLUTION (the puzzle has no solution)
";

#[test]
fn expected_solutions_fit_their_puzzles() {
    // Guards the hand-written constants: each solution is a valid grid keeping its givens.
    for (puzzle, solution) in [
        (TOP1, TOP1_SOLUTION),
        (TOP2, TOP2_SOLUTION),
        (CLASSIC, CLASSIC_SOLUTION),
        (DEADLY, DEADLY_SOLUTIONS[0]),
        (DEADLY, DEADLY_SOLUTIONS[1]),
    ] {
        assert!(is_valid_grid(solution), "{solution}");
        for (p, s) in puzzle.bytes().zip(solution.bytes()) {
            assert!(p == b'.' || p == b'0' || p == s, "{puzzle} vs {solution}");
        }
    }
}

#[test]
fn solve_prints_the_embedded_puzzle_solved() {
    for link in LINKS {
        let output = run(example("solve", link), &[], b"");
        assert_run(&output, 0, SOLVE_DEFAULT_OUTPUT, "");
    }
}

#[test]
fn solve_solves_its_argument_with_zero_blanks() {
    for link in LINKS {
        let output = run(example("solve", link), &[CLASSIC], b"");
        assert_run(&output, 0, SOLVE_CLASSIC_OUTPUT, "");
    }
}

#[test]
fn solve_reports_no_solution_with_exit_code_1() {
    for link in LINKS {
        let output = run(example("solve", link), &[UNSOLVABLE], b"");
        assert_run(&output, 1, SOLVE_UNSOLVABLE_OUTPUT, "");
    }
}

#[test]
fn solve_rejects_invalid_input_on_stderr() {
    let cases = [
        (
            BAD_CHARACTER,
            "solve: SUDOKU_INVALID_CHARACTER: the board contains a byte that is not '1'-'9', '.' \
             or '0' (cell 40: row 5, column 5)\n",
        ),
        (
            CONFLICT,
            "solve: SUDOKU_CONFLICTING_GIVENS: two equal givens share a row, column or box \
             (cell 10: row 2, column 2)\n",
        ),
        (
            &CLASSIC[..80],
            "solve: a puzzle has 81 characters, got 80\n",
        ),
    ];
    for link in LINKS {
        for (input, message) in cases {
            let output = run(example("solve", link), &[input], b"");
            assert_run(&output, 2, "", message);
        }
    }
}

/// What `solve --help` prints to stdout, and `solve` after bad usage to stderr.
const SOLVE_USAGE: &str = "\
usage: solve [PUZZLE]
Solves PUZZLE (81 characters, row-major: '1'-'9' givens, '.' or '0' blanks), or an
embedded puzzle when none is given. Exit codes: 0 solved, 1 no solution,
2 invalid input, usage or an error writing the output.
";

#[test]
fn solve_prints_its_usage_on_help_and_on_an_unknown_option() {
    for link in LINKS {
        let program = example("solve", link);
        assert_usage(
            program,
            SOLVE_USAGE,
            &[&["--bogus"], &["-x"], &["--"], &[CLASSIC, TOP1]],
        );
        // A lone "-" is no option: solve reads no stdin, so it is a (too short) puzzle.
        assert_run(
            &run(program, &["-"], b""),
            2,
            "",
            "solve: a puzzle has 81 characters, got 1\n",
        );
    }
}

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

/// What `count --help` prints to stdout, and `count` after bad usage to stderr.
const COUNT_USAGE: &str = "\
usage: count PUZZLE [LIMIT]
Counts the solutions of PUZZLE (81 characters, row-major: '1'-'9' givens, '.' or '0'
blanks), stopping at LIMIT (default 1000, at least 1).
Exit codes: 0 counted, 2 invalid input, usage or an error writing the output.
";

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

/// Input for solve_file: comments, blank lines, LF and CRLF endings, trailing blanks, a short
/// and a long line, an unsolvable, a two-solution and an empty board, two invalid boards, and a
/// last line without a line ending.
fn solve_file_input() -> String {
    [
        "# solve_file test input\n".to_string(), // 1: comment
        "\n".to_string(),                        // 2: blank
        format!("{CLASSIC}\n"),                  // 3
        format!("{TOP1}\r\n"),                   // 4: CRLF
        format!("{}\n", &TOP2[..80]),            // 5: 80 characters
        format!("{TOP2}9\n"),                    // 6: 82 characters
        format!("{UNSOLVABLE} \t\r\n"),          // 7: trailing blanks
        "\r\n".to_string(),                      // 8: blank (CRLF)
        format!("{DEADLY}\r\n"),                 // 9: two solutions
        format!("{BAD_CHARACTER}\n"),            // 10
        format!("{CONFLICT}\n"),                 // 11
        format!("{EMPTY}\n"),                    // 12
        format!("#{EMPTY}\n"),                   // 13: comment of 82 bytes
        TOP2.to_string(),                        // 14: no line ending
    ]
    .concat()
}

/// The stderr lines solve_file writes for `solve_file_input()` before its summary.
const SOLVE_FILE_DIAGNOSTICS: &str = "\
solve_file: line 5: expected 81 puzzle characters, got 80; skipped
solve_file: line 6: expected 81 puzzle characters, got 82; skipped
solve_file: line 10: the board contains a byte that is not '1'-'9', '.' or '0' (cell 40)
solve_file: line 11: two equal givens share a row, column or box (cell 10)
";

/// Checks solve_file's stderr: the diagnostics, then the summary whose counts are exact and
/// whose timing is only checked for its form.
#[track_caller]
fn assert_solve_file_stderr(stderr: &str, counts: &str) {
    let (diagnostics, summary) = stderr
        .strip_suffix('\n')
        .and_then(|s| s.rsplit_once('\n'))
        .expect("diagnostics and a summary line");
    assert_eq!(format!("{diagnostics}\n"), SOLVE_FILE_DIAGNOSTICS);
    let timing = summary
        .strip_prefix(&format!("solve_file: {counts}; elapsed "))
        .unwrap_or_else(|| panic!("summary {summary:?} should give {counts:?}"));
    let (seconds, rate) = timing
        .strip_suffix(" puzzles/s")
        .and_then(|t| t.split_once(" s, "))
        .unwrap_or_else(|| panic!("timing {timing:?}"));
    assert!(seconds.parse::<f64>().is_ok_and(|s| s >= 0.0), "{seconds}");
    assert!(rate.parse::<u64>().is_ok(), "{rate}");
}

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
        assert!(is_valid_grid(lines[6]), "{}", lines[6]);
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
    for link in LINKS {
        for args in [&["--unique"][..], &["--unique", "-"][..]] {
            let output = run(
                example("solve_file", link),
                args,
                solve_file_input().as_bytes(),
            );
            assert_eq!(output.status.code(), Some(0));
            assert_eq!(text(&output.stdout), expected);
            assert_solve_file_stderr(
                text(&output.stderr),
                "read 8, solved 3, no solution 1, multiple solutions 2, invalid 2, skipped lines 2",
            );
        }
    }
}

#[test]
fn solve_file_count_caps_at_the_limit() {
    let expected = "1\n1\n0\n2\nSUDOKU_INVALID_CHARACTER\nSUDOKU_CONFLICTING_GIVENS\n5\n1\n";
    for link in LINKS {
        let output = run(
            example("solve_file", link),
            &["--count", "5"],
            solve_file_input().as_bytes(),
        );
        assert_eq!(output.status.code(), Some(0));
        assert_eq!(text(&output.stdout), expected);
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

/// The path of `examples/solve.cpp` built with g++ as `solve_cpp`, linked as `link` (the Makefile
/// builds the shared one); both linkages are compiled on first use.
fn solve_cpp(link: Link) -> &'static Path {
    static BUILT: OnceLock<HashMap<Link, PathBuf>> = OnceLock::new();
    let built = BUILT.get_or_init(|| {
        let source = repo_root().join("examples").join("solve.cpp");
        LINKS
            .into_iter()
            .map(|link| {
                let suffix = if link == Link::Shared { "-shared" } else { "" };
                let out = out_dir().join(format!("solve_cpp{suffix}"));
                let flags = [CXX_FLAGS, &["-O2"]].concat();
                compile("g++", &flags, &source, link, &out);
                (link, out)
            })
            .collect()
    });
    &built[&link]
}

/// Runs a program with `args` and `stdin` like [`run`], but with stdout on `/dev/full`, where
/// every write fails with ENOSPC ("No space left on device"). None, with a note, when the system
/// has no `/dev/full`.
fn run_to_dev_full(program: &Path, args: &[&str], stdin: &[u8]) -> Option<Output> {
    let full = Path::new("/dev/full");
    if !full.exists() {
        println!("skipped: no /dev/full on this system");
        return None;
    }
    let full = fs::File::create(full).expect("open /dev/full for writing");
    let mut child = Command::new(program)
        .args(args)
        .env_remove("LD_LIBRARY_PATH")
        .stdin(Stdio::piped())
        .stdout(Stdio::from(full))
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", program.display()));
    // A program that does not read its input (--help) may exit before it is written.
    match child.stdin.take().expect("piped stdin").write_all(stdin) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => panic!("write stdin: {e}"),
        _ => {}
    }
    Some(child.wait_with_output().expect("wait for the program"))
}

/// What every example writes to stderr when its output cannot be written to `/dev/full`.
fn write_error(program: &str) -> String {
    format!("{program}: error writing output: No space left on device\n")
}

#[test]
fn solve_reports_a_write_error_with_exit_code_2() {
    for link in LINKS {
        let program = example("solve", link);
        // Solved, no solution (otherwise exit code 1) and --help all wrote to stdout.
        for args in [&[][..], &[CLASSIC], &[UNSOLVABLE], &["--help"]] {
            let Some(output) = run_to_dev_full(program, args, b"") else {
                return;
            };
            assert_run(&output, 2, "", &write_error("solve"));
        }
        // Invalid input writes nothing to stdout: its own message, no write error.
        let output = run_to_dev_full(program, &[CONFLICT], b"").expect("/dev/full");
        assert_run(
            &output,
            2,
            "",
            "solve: SUDOKU_CONFLICTING_GIVENS: two equal givens share a row, column or box \
             (cell 10: row 2, column 2)\n",
        );
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

#[test]
fn solve_cpp_prints_what_solve_prints() {
    for link in LINKS {
        let program = solve_cpp(link);
        assert_run(&run(program, &[], b""), 0, SOLVE_DEFAULT_OUTPUT, "");
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
        let cases: [(&[&str], &[u8]); 6] = [
            (&[], b""),
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

/// What `solve_cpp --help` prints to stdout, and `solve_cpp` after bad usage to stderr.
const SOLVE_CPP_USAGE: &str = "\
usage: solve_cpp [PUZZLE | -]
Solves PUZZLE (81 characters, row-major: '1'-'9' givens, '.' or '0' blanks), or an
embedded puzzle when none is given, and prints it as a grid. With \"-\", solves every
puzzle on stdin (one a line) and prints one line per puzzle: the solution or the
status name. Exit codes: 0 solved, 1 no solution, 2 invalid input, usage or an error
reading the input or writing the output.
";

#[test]
fn solve_cpp_prints_its_usage_on_help_and_on_an_unknown_option() {
    for link in LINKS {
        let program = solve_cpp(link);
        assert_usage(
            program,
            SOLVE_CPP_USAGE,
            &[
                &["--bogus"],
                &["-x"],
                &["--"],
                &["-", "-"],
                &[CLASSIC, TOP1],
            ],
        );
    }
}

/// Runs `program` with `args`, its stdin the file `stdin`, or closed (descriptor 0 not open)
/// when None.
fn run_with_stdin(program: &Path, args: &[&str], stdin: Option<fs::File>) -> Output {
    use std::os::unix::process::CommandExt;
    let mut command = Command::new(program);
    command.args(args).env_remove("LD_LIBRARY_PATH");
    match stdin {
        Some(file) => {
            command.stdin(Stdio::from(file));
        }
        None => {
            // SAFETY: the closure runs in the child between fork and exec, where only
            // async-signal-safe functions may be called; close is one, and it touches no memory.
            unsafe {
                command.pre_exec(|| {
                    libc::close(0);
                    Ok(())
                });
            }
        }
    }
    command
        .output()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", program.display()))
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
            "solve_cpp: error reading stdin: Is a directory\n",
        );
        assert_run(
            &run_with_stdin(program, &["-"], None),
            2,
            "",
            "solve_cpp: error reading stdin: Bad file descriptor\n",
        );
        // An empty input is read to its end: nothing to solve, no error.
        let empty = fs::File::open("/dev/null").expect("open /dev/null");
        assert_run(&run_with_stdin(program, &["-"], Some(empty)), 0, "", "");
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
    assert!(is_valid_grid(lines[6]), "{}", lines[6]);
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
            .env("SUDOKU_LIB", lib_dir().join("libsudoku.so"))
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
fn shared_examples_load_libsudoku_so_through_their_rpath() {
    // With LD_TRACE_LOADED_OBJECTS the glibc loader lists the libraries a program would load
    // (what ldd prints) instead of running it. The shared library is loaded by its soname.
    let so = lib_dir().join(soname());
    for &name in EXAMPLES {
        for link in LINKS {
            let listing = Command::new(example(name, link))
                .env_remove("LD_LIBRARY_PATH")
                .env("LD_TRACE_LOADED_OBJECTS", "1")
                .output()
                .expect("run the loader trace");
            let listing = text(&listing.stdout);
            let loads_so = listing.contains(&format!("{} => {}", soname(), so.display()));
            assert_eq!(
                loads_so,
                link == Link::Shared,
                "{name} {link:?}:\n{listing}"
            );
            assert!(!listing.contains("not found"), "{listing}");
        }
    }
}

/// Writes `source` to the scratch directory as `name` and returns its path.
fn write_source(name: &str, source: &str) -> PathBuf {
    let path = out_dir().join(name);
    fs::write(&path, source).expect("write a test source");
    path
}

#[test]
fn header_compiles_alone_as_pedantic_c99() {
    let header = repo_root().join("include").join("sudoku.h");
    let result = Command::new("gcc")
        .args(C_FLAGS)
        .args(["-fsyntax-only", "-x", "c"])
        .arg(&header)
        .output()
        .expect("run gcc");
    assert!(
        result.status.success() && result.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&result.stderr)
    );
}

#[test]
fn committed_header_matches_the_generated_one() {
    // build.rs writes the header to $OUT_DIR on every build and, outside CI, refreshes the
    // committed copy; in CI (CI set) a stale committed header fails here.
    let generated = include_str!(concat!(env!("OUT_DIR"), "/sudoku.h"));
    let committed = fs::read_to_string(repo_root().join("include").join("sudoku.h"))
        .expect("read include/sudoku.h");
    assert!(
        committed == generated,
        "include/sudoku.h is stale: rebuild without CI set and commit the header"
    );
}

const VERSION_PROGRAM: &str = r#"
#include "sudoku.h"
#include "sudoku.h" /* twice: the include guard must hold */
#include <stdio.h>

int main(void)
{
    printf("%d.%d.%d\n%s\n%s\n", SUDOKU_VERSION_MAJOR, SUDOKU_VERSION_MINOR,
           SUDOKU_VERSION_PATCH, SUDOKU_VERSION_STRING, sudoku_version());
    return SUDOKU_CELLS == 81 ? 0 : 1;
}
"#;

#[test]
fn version_macros_and_sudoku_version_equal_the_crate_version() {
    let source = write_source("version.c", VERSION_PROGRAM);
    let version = env!("CARGO_PKG_VERSION");
    let expected = format!(
        "{}.{}.{}\n{version}\n{version}\n",
        env!("CARGO_PKG_VERSION_MAJOR"),
        env!("CARGO_PKG_VERSION_MINOR"),
        env!("CARGO_PKG_VERSION_PATCH"),
    );
    for link in LINKS {
        let program = out_dir().join(format!("version-{link:?}"));
        compile("gcc", C_FLAGS, &source, link, &program);
        assert_run(&run(&program, &[], b""), 0, &expected, "");
    }
}

/// A C++ program using every function: it links only if the header's `extern "C"` guards give
/// the declarations C linkage.
const CXX_PROGRAM: &str = r#"
#include "sudoku.h"
#include <cstdio>
#include <cstring>

int main()
{
    char board[SUDOKU_CELLS];
    std::memcpy(board, "530070000600195000098000060800060003400803001700020006060000280000419005000080079", SUDOKU_CELLS);
    sudoku_status status = sudoku_solve(board);
    std::printf("%d %.81s\n", static_cast<int>(status), board);

    std::memcpy(board, "534..8912672195348198342567859..1423426853791713924856961537284287419635345286179", SUDOKU_CELLS);
    status = sudoku_solve_unique(board);
    std::printf("%d %.81s\n", static_cast<int>(status), board);

    uint64_t count = 0;
    status = sudoku_count_solutions(board, 10, &count);
    std::printf("%d %llu\n", static_cast<int>(status), static_cast<unsigned long long>(count));

    size_t cell = 0;
    board[80] = 'x';
    status = sudoku_validate(board, &cell);
    std::printf("%d %zu %s\n", static_cast<int>(status), cell, sudoku_status_message(status));
    std::printf("%s\n", sudoku_version());
    return 0;
}
"#;

#[test]
fn header_works_from_cpp() {
    let source = write_source("extern_c.cpp", CXX_PROGRAM);
    let expected = format!(
        "0 {CLASSIC_SOLUTION}\n2 {DEADLY}\n0 2\n3 80 the board contains a byte that is not \
         '1'-'9', '.' or '0'\n{}\n",
        env!("CARGO_PKG_VERSION")
    );
    for link in LINKS {
        let program = out_dir().join(format!("extern_c-{link:?}"));
        compile("g++", CXX_FLAGS, &source, link, &program);
        assert_run(&run(&program, &[], b""), 0, &expected, "");
    }
}

/// `solve_file_input()` repeated `times` times (each copy ending in a line break), so that the
/// input spans several of solve_file's blocks; and the stderr diagnostics it gives.
fn repeated_input(times: usize) -> (String, String) {
    let one = format!("{}\n", solve_file_input());
    let lines_per_copy = one.matches('\n').count();
    let mut diagnostics = String::new();
    for copy in 0..times {
        for line in SOLVE_FILE_DIAGNOSTICS.lines() {
            // "solve_file: line N: ..." -> the same line N lines further on
            let rest = line
                .strip_prefix("solve_file: line ")
                .expect("a line diagnostic");
            let (number, message) = rest.split_once(':').expect("line number");
            let number: usize = number.parse().expect("a line number");
            diagnostics += &format!(
                "solve_file: line {}:{message}\n",
                number + copy * lines_per_copy
            );
        }
    }
    (one.repeat(times), diagnostics)
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

/// A pseudo-terminal: (master, slave). What a program writes to the slave is read from the
/// master, and `isatty` is true on the slave.
fn open_pty() -> (fs::File, fs::File) {
    use std::os::fd::FromRawFd;
    use std::os::unix::fs::OpenOptionsExt;
    // SAFETY: posix_openpt takes flags only; the result is checked.
    let master = unsafe { libc::posix_openpt(libc::O_RDWR | libc::O_NOCTTY) };
    assert!(master >= 0, "posix_openpt failed");
    // SAFETY: `master` is an open descriptor that nothing else owns.
    let master_file = unsafe { fs::File::from_raw_fd(master) };
    // SAFETY: `master` is an open pseudo-terminal master.
    assert_eq!(unsafe { libc::grantpt(master) }, 0, "grantpt");
    // SAFETY: as above.
    assert_eq!(unsafe { libc::unlockpt(master) }, 0, "unlockpt");
    let mut name = [0 as std::ffi::c_char; 256];
    // SAFETY: `name` is 256 writable bytes and its length is passed.
    assert_eq!(
        unsafe { libc::ptsname_r(master, name.as_mut_ptr(), name.len()) },
        0,
        "ptsname_r"
    );
    // SAFETY: ptsname_r succeeded, so `name` holds a NUL-terminated path.
    let path = unsafe { std::ffi::CStr::from_ptr(name.as_ptr()) }
        .to_str()
        .expect("UTF-8 pty path")
        .to_string();
    let slave = fs::OpenOptions::new()
        .read(true)
        .write(true)
        .custom_flags(libc::O_NOCTTY)
        .open(&path)
        .unwrap_or_else(|e| panic!("open {path}: {e}"));
    (master_file, slave)
}

/// Runs solve_file with stderr on a terminal: its stdout and everything it wrote to the terminal.
fn run_on_terminal(program: &Path, args: &[&str]) -> (Output, String) {
    use std::io::Read;
    let (mut master, slave) = open_pty();
    let mut command = Command::new(program);
    command
        .args(args)
        .env_remove("LD_LIBRARY_PATH")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::from(slave));
    let child = command.spawn().expect("run solve_file");
    // The parent's copy of the slave must be closed, so that reading the master ends when the
    // program exits.
    drop(command);
    let reader = std::thread::spawn(move || {
        let mut seen = Vec::new();
        let mut buf = [0u8; 4096];
        // Linux reports EIO on the master once the slave is closed and the data is drained.
        while let Ok(n) = master.read(&mut buf) {
            if n == 0 {
                break;
            }
            seen.extend_from_slice(&buf[..n]);
        }
        seen
    });
    let output = child.wait_with_output().expect("wait for solve_file");
    let terminal = reader.join().expect("terminal reader");
    (
        output,
        String::from_utf8(terminal).expect("UTF-8 terminal output"),
    )
}

#[test]
fn solve_file_shows_progress_only_on_a_terminal() {
    let (input, diagnostics) = repeated_input(300);
    let path = out_dir().join("solve_file_progress.txt");
    fs::write(&path, &input).expect("write the input file");
    let path = path.to_str().expect("UTF-8 path");
    let piped = run(example("solve_file", Link::Static), &[path], b"");

    for link in LINKS {
        let program = example("solve_file", link);
        let (output, terminal) = run_on_terminal(program, &[path]);
        assert_eq!(output.status.code(), Some(0));
        assert_eq!(
            output.stdout, piped.stdout,
            "stdout is the same on a terminal"
        );
        // The last drawing of the progress line, at the end of the input.
        let bar = format!("\r[{}] 100.0%  2400 puzzles  ", "#".repeat(30));
        let last = terminal
            .rfind(&bar)
            .unwrap_or_else(|| panic!("{terminal:?}"));
        assert!(
            terminal[last..].contains(" puzzles/s  ETA 0:00\x1b[K"),
            "{terminal:?}"
        );
        // Every line that stays on the screen is whole: a progress line is erased
        // ("\r\x1b[K") before a diagnostic or the summary is written.
        let lines: Vec<&str> = terminal
            .split("\r\n") // the terminal turns "\n" into "\r\n"
            .filter(|l| !l.is_empty())
            .map(|l| l.rsplit("\r\x1b[K").next().unwrap_or(l))
            .collect();
        let (summary, shown) = lines.split_last().expect("a summary");
        assert_eq!(
            shown.iter().map(|l| format!("{l}\n")).collect::<String>(),
            diagnostics
        );
        assert!(
            summary.starts_with("solve_file: read 2400, solved 1500, "),
            "{summary:?}"
        );

        // --quiet: no progress line and no summary, even on a terminal.
        let (output, terminal) = run_on_terminal(program, &["--quiet", path]);
        assert_eq!(output.status.code(), Some(0));
        assert_eq!(output.stdout, piped.stdout);
        assert_eq!(terminal, diagnostics.replace('\n', "\r\n"));
    }
}
