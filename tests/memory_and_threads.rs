//! Memory and threads at the C boundary (issue 4):
//!
//! - The stress program `tests/c/stress.c` and the C examples, built with AddressSanitizer and
//!   UndefinedBehaviorSanitizer (`-fsanitize=address,undefined -fno-sanitize-recover=all`,
//!   LeakSanitizer on) against the static `libsudoku.a`, run over every file of the data
//!   directory: no sanitizer report (stderr empty), and the stress output of 8 threads is byte
//!   for byte that of one thread. Every line of it is then checked here: each solution against
//!   the rules and the givens, each failure against the reference validator of the test kit, and the
//!   known data files against their exact answers (every serg benchmark puzzle has several
//!   solutions, every other puzzle exactly one).
//! - valgrind's memcheck on the examples (rate and hint on rated puzzles included) and the
//!   stress program linked against `libsudoku.so`:
//!   no error and no leak (definite, indirect or possible). Without valgrind the test fails when
//!   `CI` is set (CI must install it: Debian/Ubuntu package `valgrind`) and is skipped, loudly,
//!   otherwise.
//!
//! The data files are listed, not named: a file added to the data directory is tested too.

use crate::common;
use sudoku_testkit::cbuild;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::{Mutex, OnceLock};

use cbuild::{compile, scratch_dir, Link};
use common::{check_solution, reference_fault, reference_solve, Fault, CELLS};
use sudoku_testkit::data::{data_dir, data_files};

/// Compiler flags of the sanitized builds: both sanitizers, every report fatal, and debug
/// information for readable reports.
const SANITIZE: &[&str] = &[
    "-g",
    "-O1",
    "-fno-omit-frame-pointer",
    "-fsanitize=address,undefined",
    "-fno-sanitize-recover=all",
];
/// Sanitizer settings for every run: leaks are reported, and the first report ends the program
/// with a non-zero exit code (and is written to stderr, which must stay empty).
const ASAN_OPTIONS: &str = "detect_leaks=1:abort_on_error=0:halt_on_error=1";
const UBSAN_OPTIONS: &str = "print_stacktrace=1:halt_on_error=1";
const EXAMPLES: [&str; 3] = ["solve", "solve_file", "count"];

/// Status names as the programs print them.
const OK: &str = "SUDOKU_OK";
const NO_SOLUTION: &str = "SUDOKU_NO_SOLUTION";
const MULTIPLE: &str = "SUDOKU_MULTIPLE_SOLUTIONS";
const INVALID_CHARACTER: &str = "SUDOKU_INVALID_CHARACTER";
const CONFLICTING_GIVENS: &str = "SUDOKU_CONFLICTING_GIVENS";

/// What every puzzle of a known data file is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// Exactly one solution: `unique=SUDOKU_OK count=1`.
    Unique,
    /// Two or more solutions: `unique=SUDOKU_MULTIPLE_SOLUTIONS count=2`.
    Multiple,
}

/// The data files of `../shared/data` with their puzzle counts (lines that are neither comments
/// nor blank, counted from the files) and what each of their puzzles is.
const KNOWN_FILES: [(&str, usize, Kind); 6] = [
    ("puzzles0_easy", 100_000, Kind::Unique),
    ("puzzles1_random_minimal", 100_000, Kind::Unique),
    ("puzzles2_17_clue", 49_158, Kind::Unique),
    ("puzzles3_magictour_top1465", 1_465, Kind::Unique),
    ("puzzles5_forum_hardest_1905_11+", 48_766, Kind::Unique),
    ("puzzles7_serg_benchmark", 10_000, Kind::Multiple),
];

/// The magictour top 1465 puzzle #1 (the default puzzle of `solve.c`) and its solution.
const TOP1: &str =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
const TOP1_SOLUTION: &str =
    "468931527751624839392578461134756298289413675675289314846192753513867942927345186";
/// A puzzle of issue 4 with exactly 2718 solutions.
const MANY: &str =
    "31...9......18........3...5.....4....21.....4..6..79...4.3.8..2.......7..9...6...";
/// Two 5s in box 1: cells 0 and 10.
const CONFLICT: &str =
    "5.........5......................................................................";

/// One puzzle of a data file, as `stress.c` reads it: the line without its trailing CR, spaces
/// and tabs; a line that is not 81 bytes becomes its first bytes (at most 80) padded with NUL.
struct Entry {
    board: [u8; CELLS],
    /// The length of the stripped line; `solve_file` skips lines that are not 81 bytes.
    line_len: usize,
}

struct DataFile {
    name: String,
    path: PathBuf,
    entries: Vec<Entry>,
}

fn read_data_file(path: &Path) -> DataFile {
    let bytes = fs::read(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let entries = bytes
        .split(|&b| b == b'\n')
        .map(|line| {
            let end = line
                .iter()
                .rposition(|b| !matches!(b, b'\r' | b' ' | b'\t'))
                .map_or(0, |i| i + 1);
            &line[..end]
        })
        .filter(|line| !line.is_empty() && line[0] != b'#')
        .map(|line| {
            let mut board = [0u8; CELLS];
            let kept = if line.len() == CELLS {
                CELLS
            } else {
                line.len().min(CELLS - 1)
            };
            board[..kept].copy_from_slice(&line[..kept]);
            Entry {
                board,
                line_len: line.len(),
            }
        })
        .collect();
    DataFile {
        name: path
            .file_name()
            .expect("a file name")
            .to_string_lossy()
            .into_owned(),
        path: path.to_path_buf(),
        entries,
    }
}

fn read_all_data() -> Vec<DataFile> {
    data_files(&common::data_dir())
        .iter()
        .map(|path| read_data_file(path))
        .collect()
}

/// A program built from `source` with the sanitizers, linked statically; built once per name
/// (tests run in parallel and must not write the same file at once).
fn sanitized(name: &str, source: &str, std: &str) -> PathBuf {
    static BUILT: Mutex<Vec<String>> = Mutex::new(Vec::new());
    let mut built = BUILT.lock().unwrap_or_else(|e| e.into_inner());
    let out = scratch_dir("memory_and_threads").join(format!("{name}-sanitized"));
    if !built.iter().any(|b| b == name) {
        let flags: Vec<&str> = [std].iter().chain(SANITIZE).copied().collect();
        compile(source, &flags, Link::Static, &out);
        built.push(name.to_string());
    }
    out
}

/// Runs a sanitized program with the sanitizer settings; no LD_LIBRARY_PATH.
fn run_sanitized(program: &Path, args: &[&str]) -> Output {
    Command::new(program)
        .args(args)
        .env_remove("LD_LIBRARY_PATH")
        .env("ASAN_OPTIONS", ASAN_OPTIONS)
        .env("UBSAN_OPTIONS", UBSAN_OPTIONS)
        .stdin(Stdio::null())
        .output()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", program.display()))
}

fn text(bytes: &[u8]) -> &str {
    std::str::from_utf8(bytes).expect("output is UTF-8")
}

/// The sanitized stress program's output over every data file (in name order), from one
/// thread; before returning it, asserts that the runs on 1 and on 8 threads exited 0 with an
/// empty stderr and gave the same output.
struct StressRun {
    files: Vec<DataFile>,
    output: String,
}

fn stress_run() -> &'static StressRun {
    static RUN: OnceLock<StressRun> = OnceLock::new();
    RUN.get_or_init(|| {
        let program = sanitized("stress", "tests/c/stress.c", "-std=c11");
        let files = read_all_data();
        let paths: Vec<&str> = files
            .iter()
            .map(|f| f.path.to_str().expect("UTF-8 data path"))
            .collect();
        // Both runs at once: on an idle machine they share the cores.
        let (one, eight) = std::thread::scope(|scope| {
            let one = scope.spawn(|| {
                let args: Vec<&str> = ["--threads", "1"]
                    .into_iter()
                    .chain(paths.clone())
                    .collect();
                run_sanitized(&program, &args)
            });
            let args: Vec<&str> = ["--threads", "8"]
                .into_iter()
                .chain(paths.clone())
                .collect();
            let eight = run_sanitized(&program, &args);
            (one.join().expect("the 1-thread run"), eight)
        });
        for (threads, run) in [(1, &one), (8, &eight)] {
            assert!(
                run.status.success() && run.stderr.is_empty(),
                "stress on {threads} thread(s): {}\n{}",
                run.status,
                String::from_utf8_lossy(&run.stderr)
            );
        }
        assert!(
            one.stdout == eight.stdout,
            "stress output differs between 1 and 8 threads"
        );
        StressRun {
            files,
            output: String::from_utf8(one.stdout).expect("UTF-8 stress output"),
        }
    })
}

/// One line of stress output.
#[derive(Debug)]
struct Answers<'a> {
    validate: &'a str,
    cell: Option<usize>,
    solve: &'a str,
    grid: Option<&'a str>,
    unique: &'a str,
    /// The count, or the status of a failed count.
    count: Result<u64, &'a str>,
}

fn parse_answers(line: &str) -> Answers<'_> {
    let fields: Vec<&str> = line.split(' ').collect();
    let value = |index: usize, key: &str| -> &str {
        fields
            .get(index)
            .and_then(|f| f.strip_prefix(key))
            .and_then(|f| f.strip_prefix('='))
            .unwrap_or_else(|| panic!("field {key} missing in stress line {line:?}"))
    };
    assert_eq!(fields.len(), 6, "fields of stress line {line:?}");
    let cell = value(1, "cell");
    let grid = value(3, "grid");
    let count = value(5, "count");
    Answers {
        validate: value(0, "validate"),
        cell: (cell != "-").then(|| cell.parse().expect("a cell number")),
        solve: value(2, "solve"),
        grid: (grid != "-").then_some(grid),
        unique: value(4, "unique"),
        count: count.parse().map_err(|_| count),
    }
}

/// Checks one puzzle's answers independently of the library: a solution against the rules and
/// the givens, a failure against the reference validator (and, for "no solution", against the
/// reference solver).
fn check_answers(board: &[u8; CELLS], a: &Answers) -> Result<(), String> {
    if let Some(grid) = a.grid {
        let grid: &[u8; CELLS] = grid
            .as_bytes()
            .try_into()
            .map_err(|_| "a grid of another length than 81".to_string())?;
        // A valid grid keeping the givens also proves the board valid.
        check_solution(board, grid)?;
        let counted = matches!((a.unique, a.count), (OK, Ok(1)) | (MULTIPLE, Ok(2)));
        if a.validate != OK || a.cell.is_some() || a.solve != OK || !counted {
            return Err("solved, but the other answers disagree".into());
        }
        return Ok(());
    }
    let status = match reference_fault(board) {
        Some(Fault::InvalidCharacter(cell)) => Some((INVALID_CHARACTER, cell)),
        Some(Fault::ConflictingGivens(cell)) => Some((CONFLICTING_GIVENS, cell)),
        None => None,
    };
    match status {
        Some((name, cell)) => {
            if a.validate != name || a.cell != Some(cell) || a.solve != name || a.unique != name {
                return Err(format!("expected {name} at cell {cell} everywhere"));
            }
            if a.count != Err(name) {
                return Err(format!("expected the count to fail with {name}"));
            }
        }
        None => {
            if reference_solve(board, 1).0 != 0 {
                return Err("not solved, but the reference solver finds a solution".into());
            }
            let agree = a.validate == OK
                && a.cell.is_none()
                && a.solve == NO_SOLUTION
                && a.unique == NO_SOLUTION
                && a.count == Ok(0);
            if !agree {
                return Err("expected no solution everywhere".into());
            }
        }
    }
    Ok(())
}

#[test]
fn stress_under_sanitizers_gives_one_verified_answer_per_puzzle_on_1_and_8_threads() {
    let run = stress_run();
    let lines: Vec<&str> = run.output.lines().collect();
    let total: usize = run.files.iter().map(|f| f.entries.len()).sum();
    assert_eq!(lines.len(), total, "one stress line per puzzle");

    let mut lines = lines.into_iter();
    for file in &run.files {
        let known = KNOWN_FILES.iter().find(|(name, ..)| *name == file.name);
        if let Some(&(name, puzzles, _)) = known {
            assert_eq!(file.entries.len(), puzzles, "puzzles in {name}");
        }
        for (index, entry) in file.entries.iter().enumerate() {
            let line = lines.next().expect("counted above");
            let what = || format!("{} puzzle {}: {line}", file.name, index + 1);
            let answers = parse_answers(line);
            if let Err(problem) = check_answers(&entry.board, &answers) {
                panic!("{}: {problem}", what());
            }
            match known.map(|k| k.2) {
                Some(Kind::Unique) => {
                    assert!(answers.unique == OK && answers.count == Ok(1), "{}", what())
                }
                Some(Kind::Multiple) => {
                    assert!(
                        answers.solve == OK && answers.unique == MULTIPLE && answers.count == Ok(2),
                        "{}",
                        what()
                    )
                }
                None => {}
            }
        }
    }
    for (name, ..) in KNOWN_FILES {
        assert!(
            run.files.iter().any(|f| f.name == name),
            "data file {name} missing"
        );
    }
    // One exact solution, computed by an independent solver.
    let top1465 = run
        .files
        .iter()
        .position(|f| f.name == "puzzles3_magictour_top1465")
        .expect("checked above");
    let first: usize = run.files[..top1465].iter().map(|f| f.entries.len()).sum();
    assert_eq!(&run.files[top1465].entries[0].board, TOP1.as_bytes());
    assert_eq!(
        run.output.lines().nth(first),
        Some(
            format!("validate={OK} cell=- solve={OK} grid={TOP1_SOLUTION} unique={OK} count=1")
                .as_str()
        )
    );
}

#[test]
fn stress_reports_odd_lines_through_the_library() {
    // A comment, a blank line, then: 80 blanks (CRLF), a board whose cell 8 has no candidate
    // (trailing spaces), a 2-byte line with two 1s in a row, an 85-byte line.
    let input = format!(
        "# odd lines\n\n{}\r\n12345678.........9{}  \n11\n{}\n",
        ".".repeat(80),
        ".".repeat(63),
        ".".repeat(85)
    );
    let path = scratch_dir("memory_and_threads").join("odd_lines.txt");
    fs::write(&path, &input).expect("write the input");
    let program = sanitized("stress", "tests/c/stress.c", "-std=c11");
    let output = run_sanitized(&program, &["--threads", "3", path.to_str().unwrap()]);
    assert_eq!((output.status.code(), text(&output.stderr)), (Some(0), ""));
    let invalid = |name: &str, cell: usize| {
        format!("validate={name} cell={cell} solve={name} grid=- unique={name} count={name}\n")
    };
    let expected = [
        invalid(INVALID_CHARACTER, 80),
        format!("validate={OK} cell=- solve={NO_SOLUTION} grid=- unique={NO_SOLUTION} count=0\n"),
        invalid(CONFLICTING_GIVENS, 1),
        invalid(INVALID_CHARACTER, 80),
    ]
    .concat();
    assert_eq!(text(&output.stdout), expected);
    // The reader of this file agrees, and so does the independent check of each line.
    let file = read_data_file(&path);
    let lengths: Vec<usize> = file.entries.iter().map(|e| e.line_len).collect();
    assert_eq!(lengths, [80, 81, 2, 85]);
    for (entry, line) in file.entries.iter().zip(expected.lines()) {
        assert_eq!(
            check_answers(&entry.board, &parse_answers(line)),
            Ok(()),
            "{line}"
        );
    }
}

#[test]
fn solve_file_under_sanitizers_solves_every_data_file() {
    let program = sanitized("solve_file", "examples/solve_file.c", "-std=c99");
    let run = stress_run();
    let mut answers = run.output.lines().map(parse_answers);
    for file in &run.files {
        let output = run_sanitized(&program, &[file.path.to_str().expect("UTF-8 path")]);
        assert_eq!(output.status.code(), Some(0), "solve_file {}", file.name);

        // Its output is sudoku_solve's answer for each 81-byte line, as the stress program got
        // it; a line of another length, or with a byte that is no cell, is not a puzzle to the
        // reader: SUDOKU_INVALID_FORMAT.
        let (mut solved, mut no_solution, mut invalid, mut unreadable) = (0, 0, 0, 0);
        let mut expected = String::new();
        for entry in &file.entries {
            let a = answers.next().expect("one stress line per puzzle");
            if entry.line_len != CELLS || a.solve == INVALID_CHARACTER {
                unreadable += 1;
                expected.push_str("SUDOKU_INVALID_FORMAT\n");
                continue;
            }
            match a.grid {
                Some(grid) => {
                    solved += 1;
                    expected.push_str(grid);
                }
                None => {
                    if a.solve == NO_SOLUTION {
                        no_solution += 1;
                    } else {
                        invalid += 1;
                    }
                    expected.push_str(a.solve);
                }
            }
            expected.push('\n');
        }
        assert!(
            text(&output.stdout) == expected,
            "solve_file {} differs from sudoku_solve",
            file.name
        );
        if let Some(&(_, puzzles, _)) = KNOWN_FILES.iter().find(|k| k.0 == file.name) {
            assert_eq!(
                (solved, no_solution, invalid, unreadable),
                (puzzles, 0, 0, 0)
            );
        }

        // stderr: a diagnostic per invalid or unreadable puzzle, then the summary; nothing else
        // (a sanitizer report would be something else).
        let stderr = text(&output.stderr);
        let (diagnostics, summary) = stderr
            .strip_suffix('\n')
            .map(|s| s.rsplit_once('\n').unwrap_or(("", s)))
            .unwrap_or_else(|| panic!("solve_file {}: stderr {stderr:?}", file.name));
        assert_eq!(
            diagnostics.lines().count(),
            invalid + unreadable,
            "{stderr}"
        );
        assert!(
            diagnostics
                .lines()
                .all(|l| l.starts_with("solve_file: line ")),
            "{stderr}"
        );
        let counts = format!(
            "solve_file: read {}, solved {solved}, no solution {no_solution}, multiple \
             solutions 0, invalid {invalid}, unreadable {unreadable}; elapsed ",
            solved + no_solution + invalid + unreadable
        );
        assert!(
            summary.starts_with(&counts) && summary.ends_with(" puzzles/s"),
            "solve_file {}: summary {summary:?}, expected {counts:?}",
            file.name
        );
    }
}

/// `build/canon` under the sanitizers on every data file: exit 0, nothing on stderr, one line per
/// puzzle, each the library's canonical form of that puzzle (the forms themselves are checked
/// against the test kit's brute force in `canonical.rs`).
#[test]
fn canon_under_sanitizers_reads_every_data_file() {
    let canon = sanitized("canon", "examples/canon.c", "-std=c99");
    for file in read_all_data() {
        let path = file.path.to_str().expect("UTF-8 path");
        let output = run_sanitized(&canon, &[path]);
        assert_eq!(
            (output.status.code(), text(&output.stderr)),
            (Some(0), ""),
            "canon {}",
            file.name
        );
        let lines: Vec<&str> = text(&output.stdout).lines().collect();
        let puzzles: Vec<&Entry> = file
            .entries
            .iter()
            .filter(|e| e.line_len == CELLS)
            .collect();
        assert_eq!(lines.len(), puzzles.len(), "canon {}", file.name);
        for (line, entry) in lines.iter().zip(puzzles) {
            let board = sudoku::Board::parse(&entry.board).expect("a valid puzzle");
            assert_eq!(
                *line,
                sudoku::canonicalize(&board).0.to_string(),
                "canon {}",
                file.name
            );
        }
    }
}

#[test]
fn solve_and_count_under_sanitizers() {
    let solve = sanitized("solve", "examples/solve.c", "-std=c99");
    let count = sanitized("count", "examples/count.c", "-std=c99");

    // solve with its embedded puzzle.
    let output = run_sanitized(&solve, &[]);
    let stdout = text(&output.stdout);
    let expected = format!(
        "\nSolution:\n{}\nStatus: {OK} (success)\n",
        common::drawn_grid(TOP1_SOLUTION)
    );
    assert!(stdout.ends_with(&expected), "{stdout}");
    assert_eq!((output.status.code(), text(&output.stderr)), (Some(0), ""));
    // solve on an invalid board: the error path.
    let output = run_sanitized(&solve, &[CONFLICT]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        text(&output.stderr),
        "solve: SUDOKU_CONFLICTING_GIVENS: two equal givens share a row, column or box (cell \
         10: row 2, column 2)\n"
    );

    // count with its default limit (1000), and with a limit above the 2718 solutions.
    let cases: [(&[&str], &str); 3] = [
        (&[MANY], "at least 1000 solutions (the limit)\n"),
        (&[MANY, "5000"], "2718 solutions\n"),
        (&[TOP1], "1 solution\n"),
    ];
    for (args, expected) in cases {
        let output = run_sanitized(&count, args);
        assert_eq!(
            (
                output.status.code(),
                text(&output.stdout),
                text(&output.stderr)
            ),
            (Some(0), expected, ""),
            "count {args:?}"
        );
    }
    // The option test on arguments in buffers of their own length: an empty one was read at
    // its second byte (argv's strings lie back to back, so only a buffer of its own shows it).
    let is_option = sanitized("is_option", "tests/c/is_option.c", "-std=c99");
    let output = run_sanitized(&is_option, &[]);
    assert_eq!(
        (
            output.status.code(),
            text(&output.stdout),
            text(&output.stderr)
        ),
        (Some(0), "ok\n", "")
    );
    // And from the command line: refused as no puzzle.
    for program in [&solve, &count] {
        let output = run_sanitized(program, &[""]);
        assert_eq!(output.status.code(), Some(2), "{}", program.display());
        assert!(
            text(&output.stderr).ends_with("PUZZLE holds no puzzle (only blanks or a comment)\n"),
            "{}",
            text(&output.stderr)
        );
    }
}

/// valgrind, when installed; `None` (with a loud message) when it is not and CI is unset.
fn valgrind() -> Option<&'static str> {
    common::tool_or_skip("valgrind", "valgrind", "the memcheck test").then_some("valgrind")
}

/// The first `lines` puzzle lines of every data file but `except`, as one input file.
fn sample_input(files: &[DataFile], except: &str, lines: usize, out: &Path) {
    let mut sample = String::new();
    for file in files.iter().filter(|f| f.name != except) {
        for entry in file.entries.iter().take(lines) {
            let len = if entry.line_len == CELLS {
                CELLS
            } else {
                entry.line_len.min(CELLS - 1)
            };
            sample.push_str(&String::from_utf8_lossy(&entry.board[..len]));
            sample.push('\n');
        }
    }
    fs::write(out, sample).expect("write the sample input");
}

#[test]
fn valgrind_memcheck_finds_no_error_and_no_leak_in_the_shared_library_programs() {
    let Some(valgrind) = valgrind() else {
        return;
    };
    let dir = scratch_dir("memory_and_threads");
    let flags = ["-O2", "-g"];
    let build = |name: &str, source: &str, std: &str| -> PathBuf {
        let out = dir.join(format!("{name}-shared"));
        compile(source, &[&[std][..], &flags].concat(), Link::Shared, &out);
        out
    };
    let [solve, solve_file, count] =
        EXAMPLES.map(|name| build(name, &format!("examples/{name}.c"), "-std=c99"));
    let stress = build("stress", "tests/c/stress.c", "-std=c11");
    let canon = build("canon", "examples/canon.c", "-std=c99");
    let rate = build("rate", "examples/rate.c", "-std=c99");
    let hint = build("hint", "examples/hint.c", "-std=c99");
    // Rated puzzles up to multiple forcing chains (the step engine's workspaces and the batch's
    // threads), cut short: under valgrind a rating is some 50 times slower.
    let rated = dir.join("valgrind_rated.txt");
    let qqwing = fs::read_to_string(data_dir().join("ratings/se_qqwing_2000.txt"))
        .expect("ratings/se_qqwing_2000.txt");
    let picked: Vec<&str> = qqwing
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .step_by(100)
        .collect();
    fs::write(&rated, picked.join("\n") + "\n").expect("write the rated sample");
    let rated = rated.to_str().expect("UTF-8 path");

    let files = read_all_data();
    let top1465 = files
        .iter()
        .find(|f| f.name == "puzzles3_magictour_top1465")
        .expect("data file puzzles3_magictour_top1465");
    let top1465_path = top1465.path.to_str().expect("UTF-8 path");
    let sample = dir.join("valgrind_sample.txt");
    sample_input(&files, &top1465.name, 300, &sample);
    let sample = sample.to_str().expect("UTF-8 path");

    let runs: Vec<(&Path, Vec<&str>, i32)> = vec![
        (&solve, vec![], 0),
        (&solve, vec![CONFLICT], 2),
        (&count, vec![TOP1], 0),
        (&count, vec![MANY, "5000"], 0),
        (&solve_file, vec!["--quiet", top1465_path], 0),
        (
            &solve_file,
            vec!["--quiet", "--threads", "2", top1465_path],
            0,
        ),
        (
            &solve_file,
            vec!["--quiet", "--threads", "2", "--unique", sample],
            0,
        ),
        (&solve_file, vec!["--quiet", "--count", "2", sample], 0),
        (&solve_file, vec!["--quiet", "--list", "3", sample], 0),
        (&solve, vec!["--candidates", TOP1], 0),
        (&stress, vec!["--threads", "2", top1465_path, sample], 0),
        (&stress, vec!["--threads", "8", sample], 0),
        (&canon, vec!["--transform", sample], 0),
        (&rate, vec!["--threads", "2", rated], 0),
        (&hint, vec![TOP1], 0),
        (&hint, vec!["--first", TOP1], 0),
    ];
    for (index, (program, args, code)) in runs.into_iter().enumerate() {
        let what = format!("{} {}", program.display(), args.join(" "));
        let log = dir.join(format!("valgrind-{index}.log"));
        let checked = Command::new(valgrind)
            .args([
                "--error-exitcode=99",
                "--leak-check=full",
                "--errors-for-leak-kinds=definite,indirect,possible",
                "--show-leak-kinds=definite,indirect,possible",
            ])
            .arg(format!("--log-file={}", log.display()))
            .arg(program)
            .args(&args)
            .env_remove("LD_LIBRARY_PATH")
            .stdin(Stdio::null())
            .output()
            .expect("run valgrind");
        let report = fs::read_to_string(&log).unwrap_or_default();
        assert!(
            checked.status.code() == Some(code)
                && report.contains("ERROR SUMMARY: 0 errors from 0 contexts"),
            "valgrind on {what}: {}\n{report}",
            checked.status
        );
        // The same program without valgrind (which hides some CPU features, so another solver
        // kernel may run) gives the same answers.
        let plain = Command::new(program)
            .args(&args)
            .env_remove("LD_LIBRARY_PATH")
            .stdin(Stdio::null())
            .output()
            .expect("run the program");
        assert_eq!(plain.status.code(), Some(code), "{what}");
        assert!(
            plain.stdout == checked.stdout && plain.stderr == checked.stderr,
            "{what}: output under valgrind differs"
        );
    }
}
