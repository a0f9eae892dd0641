//! The C examples of `examples/` as the example tests (`tests/example_*.rs`, `tests/terminal.rs`
//! and `tests/c_header.rs`) build and run them: each compiled with
//! `gcc -std=c99 -Wall -Wextra -Wpedantic -Werror` (C++ with g++) against both the static
//! (`libsudoku.a`) and the shared (`libsudoku.so`) library that this `cargo test` built (found by
//! the test kit beside the test executable), then run with their output checked exactly.
//!
//! Expected solutions were computed once with an independent solver (a plain backtracking search
//! in Python) and are written here as text.
#![allow(dead_code)] // each test crate uses part of it

pub mod table;

use std::collections::HashMap;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;

pub use sudoku_testkit::cbuild::repo_root;
use sudoku_testkit::cbuild::{self, compile_with, shared_library, Link};

pub const C_FLAGS: &[&str] = &[
    "-std=c99",
    "-O2",
    "-Wall",
    "-Wextra",
    "-Wpedantic",
    "-Werror",
];
pub const CXX_FLAGS: &[&str] = &["-std=c++17", "-Wall", "-Wextra", "-Wpedantic", "-Werror"];
pub const EXAMPLES: &[&str] = &[
    "solve",
    "solve_file",
    "count",
    "canon",
    "generate",
    "rate",
    "hint",
];

/// The magictour top 1465 puzzle #1 (the default puzzle embedded in `solve.c`) and its solution.
pub const TOP1: &str =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
pub const TOP1_SOLUTION: &str =
    "468931527751624839392578461134756298289413675675289314846192753513867942927345186";
/// The magictour top 1465 puzzle #2 and its solution.
pub const TOP2: &str =
    "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........";
pub const TOP2_SOLUTION: &str =
    "728946315934251678516738249147593826369482157852167493293615784481379562675824931";
/// A classic puzzle, written with '0' for blanks, and its solution.
pub const CLASSIC: &str =
    "530070000600195000098000060800060003400803001700020006060000280000419005000080079";
pub const CLASSIC_SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
/// CLASSIC_SOLUTION with a deadly rectangle emptied (rows 1 and 4, columns 4 and 5: 6/7 and
/// 7/6), so it has exactly these two solutions.
pub const DEADLY: &str =
    "534..8912672195348198342567859..1423426853791713924856961537284287419635345286179";
pub const DEADLY_SOLUTIONS: [&str; 2] = [
    CLASSIC_SOLUTION,
    "534768912672195348198342567859671423426853791713924856961537284287419635345286179",
];
/// Valid givens (no two equal in a house) but no solution: cell 8 sees every digit.
pub const UNSOLVABLE: &str =
    "12345678.........9...............................................................";
pub const EMPTY: &str =
    ".................................................................................";
/// An 'a' at cell 40 (row 5, column 5) (an 'x' would be a blank to the reader).
pub const BAD_CHARACTER: &str =
    "........................................a........................................";
/// Two 5s in box 1: cells 0 and 10 (row 2, column 2).
pub const CONFLICT: &str =
    "5.........5......................................................................";

pub const LINKS: [Link; 2] = [Link::Static, Link::Shared];

/// A scratch directory for compiled programs, one per profile.
pub fn out_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(
        || // One directory per test crate: the crates run in parallel, and one must not rewrite a
    // program another is running.
    cbuild::scratch_dir(concat!("c_examples/", env!("CARGO_CRATE_NAME"))),
    )
}

/// The path of an example program built from `examples/<name>.c`; all of them are compiled
/// (both linkages) on first use.
pub fn example(name: &str, link: Link) -> &'static Path {
    static BUILT: OnceLock<HashMap<(String, Link), PathBuf>> = OnceLock::new();
    let built = BUILT.get_or_init(|| {
        let mut built = HashMap::new();
        for &example in EXAMPLES {
            for link in LINKS {
                let source = repo_root().join("examples").join(format!("{example}.c"));
                let suffix = if link == Link::Shared { "-shared" } else { "" };
                let out = out_dir().join(format!("{example}{suffix}"));
                compile_with("gcc", C_FLAGS, &source, link, &out);
                built.insert((example.to_string(), link), out);
            }
        }
        built
    });
    &built[&(name.to_string(), link)]
}

/// Runs a program with `args` and `stdin`, without LD_LIBRARY_PATH (so the shared examples must
/// find libsudoku.so through their rpath).
pub fn run(program: &Path, args: &[&str], stdin: &[u8]) -> Output {
    run_command(
        Command::new(program)
            .args(args)
            .env_remove("LD_LIBRARY_PATH"),
        stdin,
    )
}

/// Runs `command` with `stdin` written to its standard input and its stdout and stderr captured.
pub fn run_command(command: &mut Command, stdin: &[u8]) -> Output {
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

pub fn text(bytes: &[u8]) -> &str {
    std::str::from_utf8(bytes).expect("output is UTF-8")
}

/// Asserts the exit code, stdout and stderr of a run exactly.
#[track_caller]
pub fn assert_run(output: &Output, code: i32, stdout: &str, stderr: &str) {
    assert_eq!(text(&output.stderr), stderr, "stderr");
    assert_eq!(text(&output.stdout), stdout, "stdout");
    assert_eq!(output.status.code(), Some(code), "exit code");
}

/// `program -h` and `program --help` print `usage` on stdout and exit 0; each of `bad` (wrong
/// options or argument counts, with what the program must say of them) writes that sentence in
/// one line, then the pointer to --help, on stderr, and exits 2.
pub fn assert_usage(program: &Path, name: &str, usage: &str, bad: &[(&[&str], &str)]) {
    for help in ["-h", "--help"] {
        assert_run(&run(program, &[help], b""), 0, usage, "");
    }
    for (args, what) in bad {
        let stderr = format!("{name}: {what}\nTry '{name} --help' for more information.\n");
        assert_run(&run(program, args, b""), 2, "", &stderr);
    }
}

pub const SOLVE_DEFAULT_OUTPUT: &str = "\
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

pub const SOLVE_CLASSIC_OUTPUT: &str = "\
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

pub const SOLVE_UNSOLVABLE_OUTPUT: &str = "\
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

/// What `solve --help` prints to stdout.
pub const SOLVE_USAGE: &str = "\
usage: solve [--candidates] [--] [PUZZLE]
Solves PUZZLE (one line of 81 cells, row-major: '1'-'9' givens, '.' or '0' blanks;
a rating or comment may follow), or an embedded puzzle when none is given; \"--\" ends
the options.
--candidates prints the candidates of each cell as a candidate grid instead (a
cell left without any candidate is named on stderr: no solution, exit code 1).
Exit codes: 0 solved, 1 no solution, 2 invalid input, usage or an error writing
the output.
";

/// Input for solve_file: comments, blank lines, LF and CRLF endings, trailing blanks, a short
/// and a long line, an unsolvable, a two-solution and an empty board, a bad character and two
/// equal givens, and a last line without a line ending: 10 puzzles read.
pub fn solve_file_input() -> String {
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
pub const SOLVE_FILE_DIAGNOSTICS: &str = "\
solve_file: line 5: the puzzle on line 5 has 80 cells, not 81
solve_file: line 6: the puzzle on line 6 has 82 cells, not 81
solve_file: line 10: character 'a' at line 10, column 41 is not a digit or a blank (cell 40: row 5, column 5)
solve_file: line 11: two equal givens share a row, column or box (cell 10)
";

/// Checks solve_file's stderr: the diagnostics of `solve_file_input()`, then the summary whose
/// counts are exact and whose timing is only checked for its form.
#[track_caller]
pub fn assert_solve_file_stderr(stderr: &str, counts: &str) {
    assert_solve_file_stderr_counts(stderr, SOLVE_FILE_DIAGNOSTICS, counts);
}

/// Checks solve_file's stderr: `expected` diagnostics, then the summary with `counts`.
#[track_caller]
pub fn assert_solve_file_stderr_counts(stderr: &str, expected: &str, counts: &str) {
    let (diagnostics, summary) = stderr
        .strip_suffix('\n')
        .and_then(|s| s.rsplit_once('\n'))
        .expect("diagnostics and a summary line");
    assert_eq!(format!("{diagnostics}\n"), expected);
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

/// The path of `examples/solve.cpp` built with g++ as `solve_cpp`, linked as `link` (the Makefile
/// builds the shared one); both linkages are compiled on first use.
pub fn solve_cpp(link: Link) -> &'static Path {
    static BUILT: OnceLock<HashMap<Link, PathBuf>> = OnceLock::new();
    let built = BUILT.get_or_init(|| {
        let source = repo_root().join("examples").join("solve.cpp");
        LINKS
            .into_iter()
            .map(|link| {
                let suffix = if link == Link::Shared { "-shared" } else { "" };
                let out = out_dir().join(format!("solve_cpp{suffix}"));
                let flags = [CXX_FLAGS, &["-O2"]].concat();
                compile_with("g++", &flags, &source, link, &out);
                (link, out)
            })
            .collect()
    });
    &built[&link]
}

/// Runs a program with `args` and `stdin` like [`run`], but with stdout on `/dev/full`, where
/// every write fails with ENOSPC ("No space left on device"). None, with a note, when the system
/// has no `/dev/full`.
pub fn run_to_dev_full(program: &Path, args: &[&str], stdin: &[u8]) -> Option<Output> {
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
pub fn write_error(program: &str) -> String {
    format!("{program}: error writing output: No space left on device\n")
}

/// Runs `program` with `args`, its stdin the file `stdin`, or closed (descriptor 0 not open)
/// when None.
pub fn run_with_stdin(program: &Path, args: &[&str], stdin: Option<fs::File>) -> Output {
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

/// `solve_file_input()` repeated `times` times (each copy ending in a line break), so that the
/// input spans several of solve_file's blocks; and the stderr diagnostics it gives.
pub fn repeated_input(times: usize) -> (String, String) {
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
            let shifted = number + copy * lines_per_copy;
            // The reader's sentence names the line too ("on line 5 has", "at line 10,").
            let message = message
                .replace(&format!("line {number} "), &format!("line {shifted} "))
                .replace(&format!("line {number},"), &format!("line {shifted},"));
            diagnostics += &format!("solve_file: line {shifted}:{message}\n");
        }
    }
    (one.repeat(times), diagnostics)
}

/// Runs `python3 -m libsudoku` (the package in `python/`) with `args` and `stdin`, on the
/// library this test built (through SUDOKU_LIB).
pub fn run_python(args: &[&str], stdin: &[u8]) -> Output {
    run_command(python_command().args(args), stdin)
}

/// The command `python3 -m libsudoku` on the package in `python/` and the library this test
/// built.
pub fn python_command() -> Command {
    let mut command = Command::new("python3");
    command
        .args(["-m", "libsudoku"])
        .env("PYTHONPATH", repo_root().join("python"))
        .env("SUDOKU_LIB", shared_library())
        .env("PYTHONDONTWRITEBYTECODE", "1");
    command
}

/// What `program` (run with `args` and then FILE holding `input`) writes to stdout and stderr
/// joined into one stream (`2>&1` in a shell), as lines: the order a user sees in a terminal or
/// a log.
pub fn one_stream(program: &Path, args: &[&str], input: &str) -> Vec<String> {
    let dir = sudoku_testkit::cbuild::scratch_dir("one_stream");
    let file = dir.join(format!(
        "{}.txt",
        program.file_name().unwrap().to_string_lossy()
    ));
    std::fs::write(&file, input).unwrap();
    let output = std::process::Command::new("sh")
        .arg("-c")
        .arg("\"$@\" 2>&1")
        .arg("sh")
        .arg(program)
        .args(args)
        .arg(&file)
        .output()
        .unwrap();
    text(&output.stdout).lines().map(str::to_string).collect()
}
