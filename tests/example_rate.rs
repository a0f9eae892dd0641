//! `examples/rate.c` and `examples/hint.c`: ratings as serate prints them (checked against the
//! rated files), lower bounds marked `>=`, the path of steps, usage and bad input, against both
//! the static and the shared library.
//!
//! Shared helpers: `tests/example_programs/mod.rs`.

use crate::common::drawn_grid;
use crate::example_programs;

use std::fs;
use std::path::Path;

use example_programs::*;
use sudoku_testkit::cbuild::{scratch_dir, Link};
use sudoku_testkit::data::{data_dir, puzzle_lines};

/// The first puzzle of `ratings/se_qqwing_2000.txt`, rated 1.5/1.2/1.2 there.
const QQWING_1: &str =
    ".9.....4157.1..6.....8..........54.8.......1...64..579...58.3.....7.3.6.3..6.49..";

/// A puzzle of `ratings/se_qqwing_2000.txt` (rated 2.0/1.2/1.2 there) less its given at cell
/// 37: nine solutions (as `build/count` counts them), and a path of steps to the end all the
/// same (a unique rectangle on the way, ER 4.5).
const FINISHED_SEVERAL: &str =
    "1.....2.......4...46.1...893.1..9.4...6..85.1..9...6..2......35.85...9........81.";

/// A QQWing puzzle less a given (line 96 of a new user's trial): several solutions, which
/// lead a uniqueness step to remove a digit of each, so the steps meet a contradiction.
const MISLED: &str =
    "2..68.....34.2.........5.....28.9..58.7........6.47.......3....5.8.72..3...5..67.";

/// The first puzzle of `puzzles7_serg_benchmark`: several solutions.
const SEVERAL: &str =
    "8.........95.......76.........426798...571243...893165......916....3.487....1.532";

/// The second puzzle of the same file and its line there.
const QQWING_2: &str =
    "....79.3...5..........8....9....1....5....7..7.843..1...98..45...3...9..6.41...87";

/// The puzzle lines (`PUZZLE ER/EP/ED`) of a rated file.
fn rated_lines(file: &str) -> Vec<String> {
    let bytes = fs::read(data_dir().join("ratings").join(file)).expect("the rated file");
    puzzle_lines(&bytes)
        .map(|(_, l)| String::from_utf8(l.to_vec()).unwrap())
        .collect()
}

fn tenths(s: &str) -> u32 {
    let (a, b) = s.split_once('.').expect("a rating like 6.2");
    a.parse::<u32>().unwrap() * 10 + b.parse::<u32>().unwrap()
}

/// Checks one line of `rate` against serate's line of the same puzzle: equal when not marked;
/// when marked, a lower bound at most serate's ER, the unmarked parts equal. Returns whether
/// it was exact.
fn check_line(ours: &str, reference: &str) -> bool {
    let (puzzle, ratings) = ours.split_once(' ').expect("PUZZLE RATINGS");
    let (ref_puzzle, ref_ratings) = reference.split_once(' ').unwrap();
    assert_eq!(puzzle, ref_puzzle);
    if !ratings.contains(">=") {
        assert_eq!(ratings, ref_ratings.trim(), "{puzzle}");
        return true;
    }
    let ours: Vec<&str> = ratings.split('/').collect();
    let theirs: Vec<&str> = ref_ratings.trim().split('/').collect();
    let bound = ours[0].strip_prefix(">=").expect("ER marked first");
    assert!(
        tenths(bound) >= 105 && tenths(bound) <= tenths(theirs[0]),
        "{ours:?}"
    );
    for i in 1..3 {
        match ours[i].strip_prefix(">=") {
            Some(b) => {
                assert_eq!(b, bound);
                assert!(tenths(b) <= tenths(theirs[i]), "{ours:?} {theirs:?}");
            }
            None => assert_eq!(ours[i], theirs[i], "{puzzle}"),
        }
    }
    false
}

#[test]
fn rate_prints_serate_s_ratings_on_the_qqwing_file() {
    let lines: Vec<String> = rated_lines("se_qqwing_2000.txt")
        .into_iter()
        .take(200)
        .collect();
    let input = lines.join("\n") + "\n";
    for link in LINKS {
        let output = run(example("rate", link), &[], input.as_bytes());
        assert_eq!(text(&output.stderr), "");
        assert_eq!(output.status.code(), Some(0));
        let out: Vec<&str> = text(&output.stdout).lines().collect();
        assert_eq!(out.len(), 200);
        let exact = out
            .iter()
            .zip(&lines)
            .filter(|(o, r)| check_line(o, r))
            .count();
        // All 200 are within the engine's ladder (serate rates none of them above 6.1), so
        // every line is exact.
        assert_eq!(exact, 200);
    }
}

#[test]
fn rate_marks_lower_bounds_on_hard_puzzles() {
    let hard: Vec<String> = rated_lines("se_top1465.txt")
        .into_iter()
        .filter(|l| tenths(l.split(' ').nth(1).unwrap().split('/').next().unwrap()) > 61)
        .take(120)
        .collect();
    // The first puzzles of forum_hardest: serate 1.2.1.3 rates them 11.1/11.1/11.1,
    // 11.1/11.1/11.1 and 11.0/11.0/11.0 (traced to the end, 2026-12-01), with nested forcing
    // chains of levels 2 and 3.
    let bytes = fs::read(data_dir().join("puzzles5_forum_hardest_1905_11+")).unwrap();
    let hardest: Vec<String> = puzzle_lines(&bytes)
        .take(3)
        .map(|(_, l)| String::from_utf8(l.to_vec()).unwrap())
        .collect();
    let input = [hard.join("\n"), hardest.join("\n")].join("\n");
    let file = scratch_dir("rate_example").join("hard.txt");
    fs::write(&file, &input).unwrap();
    let output = run(
        example("rate", Link::Static),
        &["--threads", "2", file.to_str().unwrap()],
        b"",
    );
    assert_run(&output, 0, text(&output.stdout), "");
    let out: Vec<&str> = text(&output.stdout).lines().collect();
    assert_eq!(out.len(), hard.len() + hardest.len());
    // Every puzzle of top1465 is within the engine's ladder (dynamic forcing chains (+)
    // included): exact.
    for (o, r) in out.iter().zip(&hard) {
        assert!(check_line(o, r), "{o}");
    }
    let serate = ["11.1/11.1/11.1", "11.1/11.1/11.1", "11.0/11.0/11.0"];
    for ((o, p), r) in out[hard.len()..].iter().zip(&hardest).zip(serate) {
        assert_eq!(*o, format!("{p} {r}"));
    }
    // Within a budget of 2 ms (their first steps take 40-60 ms each), each stops in the
    // nested chains with their base as the bound (9.5 or 10.0), and a note; or with 0 when the
    // deadline passed before the first step was looked for (the program descheduled for 2 ms
    // on a busy machine).
    let file = scratch_dir("rate_example").join("hardest.txt");
    fs::write(&file, hardest.join("\n")).unwrap();
    let output = run(
        example("rate", Link::Static),
        &[file.to_str().unwrap(), "--budget", "2"],
        b"",
    );
    assert_eq!(output.status.code(), Some(0));
    for (i, (o, p)) in text(&output.stdout).lines().zip(&hardest).enumerate() {
        assert!(
            ["9.5", "10.0", "0.0"]
                .iter()
                .any(|er| *o == format!("{p} >={er}/>={er}/>={er}")),
            "{o}"
        );
        assert!(text(&output.stderr).contains(&format!(
            ":{}: note: the budget of 2 ms ran out, so its ER is only a lower bound\n",
            i + 1
        )));
    }
    // --budget 0 is no budget: the full ratings, on all cores.
    let output = run(
        example("rate", Link::Static),
        &["--budget", "0", file.to_str().unwrap()],
        b"",
    );
    assert_run(
        &output,
        0,
        &hardest
            .iter()
            .zip(serate)
            .map(|(p, r)| format!("{p} {r}\n"))
            .collect::<String>(),
        "",
    );
    // With a budget, puzzles are rated one at a time: --threads above 1 (or 0, all cores) is
    // not used, and a note says so; --threads 1 is what happens anyway.
    let note = "rate: note: --budget rates one puzzle at a time, on one thread; --threads is not \
                used\n";
    let one = format!("{TOP1} 9.0/1.2/1.2\n");
    let last = scratch_dir("rate_example").join("top1.txt");
    fs::write(&last, TOP1).unwrap();
    for (threads, stderr) in [("2", note), ("0", note), ("1", "")] {
        let args = [
            "--budget",
            "100000",
            "--threads",
            threads,
            last.to_str().unwrap(),
        ];
        let output = run(example("rate", Link::Static), &args, b"");
        assert_run(&output, 0, &one, stderr);
    }
    for bad in ["x", "4294967296", "-1", "", "1.5"] {
        // Either form: the usage error, the bad value echoed.
        let echo = format!(
            "rate: --budget needs a whole number of milliseconds MS from 0 to 4294967295 (0: \
             none), got '{bad}'\n"
        );
        let output = run(example("rate", Link::Static), &["--budget", bad], b"");
        assert_eq!(output.status.code(), Some(2), "--budget {bad}");
        assert!(text(&output.stderr).starts_with(&echo), "--budget {bad}");
        let joined = format!("--budget={bad}");
        let output = run(example("rate", Link::Static), &[joined.as_str()], b"");
        assert_eq!(output.status.code(), Some(2), "{joined}");
        assert!(text(&output.stderr).starts_with(&echo), "{joined}");
    }
    // The values joined by '=', as getopt_long allows: the same rating as above.
    let output = run(
        example("rate", Link::Static),
        &["--budget=100000", "--threads=1", last.to_str().unwrap()],
        b"",
    );
    assert_run(&output, 0, &one, "");
    // The first: 9.0/1.2/1.2 in the file, and so here (dynamic forcing chains).
    assert_eq!(out[0], format!("{TOP1} 9.0/1.2/1.2"));
}

#[test]
fn rate_reads_lone_carriage_returns_and_reports_nul_bytes() {
    // Old Mac line ends ("\r" alone) end lines as "\n" and "\r\n" do; a NUL byte is a bad
    // character, reported with its cell, not the end of the line.
    let input = format!("{QQWING_1}\r{QQWING_2}\r\0{QQWING_1}\n");
    for link in LINKS {
        let output = run(example("rate", link), &[], input.as_bytes());
        assert_eq!(output.status.code(), Some(1));
        assert_eq!(
            text(&output.stdout),
            format!("{QQWING_1} 1.5/1.2/1.2\n{QQWING_2} 1.5/1.2/1.2\n")
        );
        assert_eq!(
            text(&output.stderr),
            "rate: stdin:3: byte 0x00 at line 3, column 1 is not a digit or a blank (cell 0: row 1, column 1)\n"
        );
    }
}

/// The unique solution of `puzzle`, by the test kit's reference solver.
fn solution_of(puzzle: &str) -> String {
    let board: [u8; 81] = puzzle.as_bytes().try_into().expect("81 cells");
    let (count, first) = sudoku_testkit::reference::reference_solve(&board, 2);
    assert_eq!(count, 1, "{puzzle}");
    String::from_utf8(first.expect("a solution").to_vec()).expect("ASCII")
}

#[test]
fn rate_reads_grids_as_the_reader_does() {
    // A puzzle may span lines: what build/solve prints (a labelled puzzle grid, then the
    // solution grid, then its status line) is rated as two puzzles, the full grid at 0.0 (no
    // step) as serate prints it; a drawn grid after a one-line puzzle is one more, and a grid
    // cut short (after a blank line, which ends the grid before it) is one error, not one per
    // row.
    let solution = solution_of(QQWING_2);
    let solve_output = format!(
        "Puzzle:\n{}\nSolution:\n{}\nStatus: SUDOKU_OK (success)\n",
        drawn_grid(QQWING_2),
        drawn_grid(&solution),
    );
    let cut: String = QQWING_1[..27].to_string();
    let input = format!(
        "{solve_output}{QQWING_1}\n{}\n{}",
        drawn_grid(QQWING_1),
        drawn_grid(&cut)
    );
    for link in LINKS {
        let output = run(example("rate", link), &[], input.as_bytes());
        assert_eq!(
            text(&output.stdout),
            format!(
                "{QQWING_2} 1.5/1.2/1.2\n{solution} 0.0/0.0/0.0\n{QQWING_1} 1.5/1.2/1.2\n\
                 {QQWING_1} 1.5/1.2/1.2\n"
            )
        );
        let stderr = text(&output.stderr);
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(
            stderr.starts_with("rate: stdin:") && stderr.contains("the grid ends after 3 rows"),
            "{stderr}"
        );
        assert_eq!(output.status.code(), Some(1));
    }
}

#[test]
fn rate_reports_bad_lines_and_goes_on() {
    let dir = scratch_dir("rate_example");
    let good = dir.join("good.txt");
    fs::write(&good, format!("# a comment\n\n{QQWING_1}\n")).unwrap();
    let input = format!("{QQWING_1} 1.5/1.2/1.2\n{BAD_CHARACTER}\n{CONFLICT}\n{UNSOLVABLE}\nshort\n{QQWING_2} 1.5/1.2/1.2\r\n");
    for link in LINKS {
        let output = run(
            example("rate", link),
            &[good.to_str().unwrap(), "-", "/nonexistent/file"],
            input.as_bytes(),
        );
        // Ratings from the file.
        let stdout =
            format!("{QQWING_1} 1.5/1.2/1.2\n{QQWING_1} 1.5/1.2/1.2\n{QQWING_2} 1.5/1.2/1.2\n");
        assert_eq!(text(&output.stdout), stdout);
        let stderr = text(&output.stderr);
        let lines: Vec<&str> = stderr.lines().collect();
        assert_eq!(lines.len(), 5, "{stderr}");
        assert!(lines[0].starts_with("rate: stdin:2: "), "{stderr}");
        assert_eq!(
            lines[1],
            "rate: stdin:3: SUDOKU_CONFLICTING_GIVENS: two equal givens share a row, column or box \
             (cell 10: row 2, column 2)"
        );
        assert_eq!(
            lines[2],
            "rate: stdin:4: SUDOKU_NO_SOLUTION: the puzzle has no solution"
        );
        assert!(lines[3].starts_with("rate: stdin:5: "), "{stderr}");
        assert_eq!(
            lines[4],
            "rate: /nonexistent/file: No such file or directory"
        );
        assert_eq!(output.status.code(), Some(1));
    }
}

#[test]
fn rate_writes_each_batch_before_rating_the_next() {
    // Sixteen easy puzzles (the first batch) and then two of the hardest (about a second and a
    // half each on one thread, with nested forcing chains of level 4), into a pipe: the first
    // sixteen ratings must arrive while the hard ones are still being rated, not at the end.
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    let easy: Vec<String> = rated_lines("se_qqwing_2000.txt")
        .into_iter()
        .take(16)
        .collect();
    let hardest = fs::read(data_dir().join("puzzles5_forum_hardest_1905_11+")).unwrap();
    let hard: Vec<String> = puzzle_lines(&hardest)
        .map(|(_, l)| String::from_utf8(l[..81].to_vec()).unwrap())
        .collect();
    let input = scratch_dir("rate_example").join("batches.txt");
    fs::write(
        &input,
        format!(
            "{}\n{}\n",
            easy.join("\n"),
            hard[hard.len() - 2..].join("\n")
        ),
    )
    .unwrap();
    let mut child = Command::new(example("rate", Link::Static))
        .args(["--threads", "1"])
        .arg(&input)
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    for (i, rated) in easy.iter().enumerate() {
        let mut line = String::new();
        out.read_line(&mut line).unwrap();
        assert!(check_line(line.trim_end(), rated), "line {i}: {line}");
    }
    // Printed at the end, the first lines would come just before the exit; printed as their
    // batch ends, they come seconds before it.
    std::thread::sleep(std::time::Duration::from_millis(300));
    assert!(
        child.try_wait().unwrap().is_none(),
        "the first batch came only when rate had finished"
    );
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut out, &mut rest).unwrap();
    assert!(child.wait().unwrap().success());
    let rest: Vec<&str> = rest.lines().collect();
    assert_eq!(rest.len(), 2, "{rest:?}");
    for (line, puzzle) in rest.iter().zip(&hard[hard.len() - 2..]) {
        assert!(line.starts_with(&format!("{puzzle} 11.")), "{line}");
    }
}

#[test]
fn rate_keeps_the_input_order_when_stdout_and_stderr_share_a_stream() {
    // Ratings (stdout, buffered) and bad lines (stderr) of one input, both into one pipe: the
    // lines must come in input order, a file that cannot be opened in its place among FILEs.
    let dir = scratch_dir("rate_example");
    let input = dir.join("shared.txt");
    fs::write(&input, format!("{QQWING_1}\n{CONFLICT}\n{QQWING_2}\n")).unwrap();
    for link in LINKS {
        let program = example("rate", link);
        let output = std::process::Command::new("sh")
            .arg("-c")
            .arg("\"$0\" \"$1\" /nonexistent/file \"$1\" 2>&1")
            .arg(program)
            .arg(&input)
            .output()
            .unwrap();
        let all = text(&output.stdout);
        let lines: Vec<&str> = all.lines().collect();
        assert_eq!(lines.len(), 7, "{all}");
        let file = input.to_str().unwrap();
        for (at, expected) in [
            (0, format!("{QQWING_1} 1.5/1.2/1.2")),
            (1, format!("rate: {file}:2: SUDOKU_CONFLICTING_GIVENS")),
            (2, format!("{QQWING_2} 1.5/1.2/1.2")),
            (
                3,
                "rate: /nonexistent/file: No such file or directory".to_string(),
            ),
            (4, format!("{QQWING_1} 1.5/1.2/1.2")),
            (5, format!("rate: {file}:2: SUDOKU_CONFLICTING_GIVENS")),
            (6, format!("{QQWING_2} 1.5/1.2/1.2")),
        ] {
            assert!(lines[at].starts_with(&expected), "line {at}: {all}");
        }
    }
}

#[test]
fn rate_takes_options_after_files_and_a_double_dash() {
    let dir = scratch_dir("rate_example");
    let dashed = dir.join("-dashed.txt");
    fs::write(&dashed, format!("{QQWING_1}\n")).unwrap();
    let name = dashed.file_name().unwrap().to_str().unwrap();
    for link in LINKS {
        // An option after a FILE is an option.
        let output = run(
            example("rate", link),
            &[dashed.to_str().unwrap(), "--threads", "1"],
            b"",
        );
        assert_run(&output, 0, &format!("{QQWING_1} 1.5/1.2/1.2\n"), "");
        // After "--", a FILE may start with '-' and "--threads" is a FILE too.
        let output = run_command(
            std::process::Command::new(example("rate", link))
                .args(["--", name, "--threads"])
                .current_dir(&dir)
                .env_remove("LD_LIBRARY_PATH"),
            b"",
        );
        assert_run(
            &output,
            1,
            &format!("{QQWING_1} 1.5/1.2/1.2\n"),
            "rate: --threads: No such file or directory\n",
        );
    }
}

/// What `rate --help` prints.
const RATE_USAGE: &str = "\
usage: rate [--threads N] [--budget MS] [--] [FILE...]
Rates each puzzle of the FILEs (stdin if none or \"-\"; a line of 81 cells, where a
rating or comment may follow, or a grid of 9 rows) as Sudoku Explainer's serate
does, printing \"PUZZLE ER/EP/ED\" per puzzle (ratings with one decimal, as serate's
%r/%p/%d). A puzzle needing techniques beyond the engine's gets a lower bound,
marked \">=\" (for example \">=11.0/1.2/1.2\"); an EP or ED not reached is that bound,
marked too. Puzzles that cannot be rated are reported on stderr
(\"rate: FILE:LINE: REASON\").
--threads N: at most N threads (default 0: all cores).
--budget MS: at most MS milliseconds a puzzle (the hardest take tenths of a
second to seconds; 0: no budget), rated one at a time; a puzzle out of time gets a
lower bound, marked \">=\", and a note on stderr. Options may follow the FILEs; --
ends them (for a FILE that starts with '-'). An option's value may also be joined
to it by '=' (--threads=2).
Exit codes: 0 all rated, 1 some puzzle not rated or an input or output error, 2 usage.
";

/// What `hint --help` prints.
const HINT_USAGE: &str = "\
usage: hint [--first] [--] PUZZLE
Prints the steps Sudoku Explainer takes to solve PUZZLE (81 cells in one line,
row-major: '1'-'9' givens; '.', '0', 'x', 'X', '*', '_' or '-' blanks, or spaces
in a line of exactly 81 characters; a rating or comment may follow), one a line:
number, rating and explanation (cells as rNcM, row and column 1-9), then
\"solved\", or \"stuck: ...\" when the next step needs a technique beyond the engine.
--first prints the first step only; options may follow PUZZLE; -- ends them (for
a PUZZLE that starts with '-').
Exit codes: 0 printed (a stuck path too), 1 no solution, conflicting givens,
several solutions that mislead the steps, or an output error; 2 usage or an
unreadable PUZZLE.
";

#[test]
fn usage_of_rate_and_hint() {
    for link in LINKS {
        assert_usage(
            example("rate", link),
            "rate",
            RATE_USAGE,
            &[
                (&["--bogus"], "unknown option '--bogus'"),
                (
                    &["--threads"],
                    "--threads needs a whole number N from 0 to 18446744073709551615 (0: all cores)",
                ),
                (
                    &["--threads", "-1"],
                    "--threads needs a whole number N from 0 to 18446744073709551615 (0: all \
                     cores), got '-1'",
                ),
                (
                    &["--threads="],
                    "--threads needs a whole number N from 0 to 18446744073709551615 (0: all \
                     cores), got ''",
                ),
                (&["--threadsx=1"], "unknown option '--threadsx=1'"),
            ],
        );
        assert_usage(
            example("hint", link),
            "hint",
            HINT_USAGE,
            &[
                (&["--bogus"], "unknown option '--bogus'"),
                (&[], "PUZZLE missing"),
                (&["--first"], "PUZZLE missing"),
                (&["--first", "--"], "PUZZLE missing"),
                (
                    &["--first", "--bogus", QQWING_1],
                    "unknown option '--bogus'",
                ),
                (
                    &["--", QQWING_1, "--first"],
                    "one PUZZLE only; also given '--first'",
                ),
                (&[QQWING_1, "--bogus"], "unknown option '--bogus'"),
                (
                    &[QQWING_1, EMPTY],
                    &format!("one PUZZLE only; also given '{EMPTY}'"),
                ),
            ],
        );
    }
}

#[test]
fn hint_prints_the_path() {
    for link in LINKS {
        let output = run(example("hint", link), &[QQWING_1], b"");
        let output_of_plain = output.clone();
        assert_eq!(text(&output.stderr), "");
        assert_eq!(output.status.code(), Some(0));
        let out: Vec<&str> = text(&output.stdout).lines().collect();
        // Worked by hand: box 6 (rows 4-6, columns 7-9) has 6 only at r5c9 (row 6 is full
        // there, r4c8 sees r8c8's 6, r5c7 sees r2c7's).
        assert_eq!(out[0], "1. 1.2 Hidden Single in box 6: r5c9 = 6");
        assert_eq!(*out.last().unwrap(), "solved");
        // One step per empty cell (singles only: ER 1.5), numbered in order, the hardest 1.5.
        let empty = QQWING_1.bytes().filter(|&b| b == b'.').count();
        assert_eq!(out.len(), empty + 1);
        let mut max = 0;
        for (i, line) in out[..empty].iter().enumerate() {
            let mut parts = line.splitn(3, ' ');
            assert_eq!(parts.next(), Some(format!("{}.", i + 1).as_str()));
            max = max.max(tenths(parts.next().unwrap()));
        }
        assert_eq!(max, 15);
        assert_run(
            &run(example("hint", link), &["--first", QQWING_1], b""),
            0,
            "1. 1.2 Hidden Single in box 6: r5c9 = 6\n",
            "",
        );
        // --first may repeat and may follow the puzzle; "--" ends the options, also before a
        // puzzle written with '-' blanks (the reader's blank, which an option would otherwise
        // look like).
        let dashes = QQWING_1.replace('.', "-");
        for args in [
            &["--first", "--first", QQWING_1][..],
            &[QQWING_1, "--first"],
            &["--first", "--", QQWING_1],
            &["--first", "--", &dashes],
        ] {
            assert_run(
                &run(example("hint", link), args, b""),
                0,
                "1. 1.2 Hidden Single in box 6: r5c9 = 6\n",
                "",
            );
        }
        assert_eq!(
            run(example("hint", link), &["--", QQWING_1], b""),
            output_of_plain
        );
        assert_run(
            &run(example("hint", link), &["--first", CLASSIC_SOLUTION], b""),
            0,
            "solved\n",
            "",
        );
        // The hardest puzzles (the first of forum_hardest, serate's 11.1): serate's first step
        // (traced), a nested forcing chain of level 3.
        let hardest =
            "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6";
        let output = run(example("hint", link), &["--first", hardest], b"");
        assert_eq!(output.status.code(), Some(0));
        assert!(text(&output.stdout).starts_with(
            "1. 11.1 Dynamic Contradiction Forcing Chain (+ Multiple Forcing Chains) on 2: \
             removes 2 from r1c3; chain: r1c3=2 -> r1c6<>2 -> "
        ));
        // A unique puzzle (line 48721 of forum_hardest) whose path needs SE's nested forcing
        // chains of level 4: serate 1.2.1.3, traced to the end, takes the same 121 steps, the
        // 15th rated 11.2 (removes 2 from r7c9), the 16th a step of producer 21 (11.6, removes
        // 7 from r1c8), and rates it 11.7/11.7/2.6.
        let level4 =
            "........1.....2.3....45.6....1....27..6...8...9..8.4....7..3...5..89....96.5.....";
        let output = run(example("hint", link), &[level4], b"");
        assert_eq!(output.status.code(), Some(0));
        let lines: Vec<&str> = text(&output.stdout).lines().collect();
        assert_eq!(lines.len(), 122, "{lines:?}");
        assert!(lines[14].starts_with(
            "15. 11.2 Dynamic Contradiction Forcing Chain (+ Multiple Forcing Chains) on 2: \
             removes 2 from r7c9; chain: "
        ));
        assert!(lines[15].starts_with(
            "16. 11.6 Dynamic Contradiction Forcing Chain (+ Dynamic Forcing Chains) on 7: \
             removes 7 from r1c8; chain: "
        ));
        assert_eq!(lines[121], "solved");
        let output = run(example("rate", link), &[], format!("{level4}\n").as_bytes());
        assert_run(&output, 0, &format!("{level4} 11.7/11.7/2.6\n"), "");
        // A puzzle with several solutions (the first of serg_benchmark) stops for that reason.
        let output = run(example("hint", link), &[SEVERAL], b"");
        assert_run(
            &output,
            0,
            "1. 2.6 Pointing on 6 in column 4, box 8: removes 6 from r1c4, r2c4\n\
             stuck: the puzzle has several solutions, so no step settles the cells left\n",
            "",
        );
        let output = run(
            example("rate", link),
            &[],
            format!("{SEVERAL}\n").as_bytes(),
        );
        assert_run(
            &output,
            0,
            &format!("{SEVERAL} >=9.5/>=9.5/2.6\n"),
            "rate: stdin:1: note: the puzzle has several solutions, so its ER is only a lower \
             bound\n",
        );
        // A puzzle with several solutions (nine) that the steps finish anyway: rated and
        // solved as serate would, with a note that the steps assumed one solution.
        let output = run(
            example("rate", link),
            &[],
            format!("{FINISHED_SEVERAL}\n").as_bytes(),
        );
        assert_run(
            &output,
            0,
            &format!("{FINISHED_SEVERAL} 4.5/1.2/1.2\n"),
            "rate: stdin:1: note: the puzzle has several solutions; rated as serate rates it, \
             though its steps assume one\n",
        );
        // A puzzle with several solutions that mislead a uniqueness step into a
        // contradiction: refused, and the reason says so.
        let output = run(example("rate", link), &[], format!("{MISLED}\n").as_bytes());
        assert_run(
            &output,
            1,
            "",
            "rate: stdin:1: SUDOKU_MULTIPLE_SOLUTIONS: the puzzle has more than one solution \
             (a uniqueness technique, which assumes one solution, led the rating to a \
             contradiction)\n",
        );
        assert_run(
            &run(example("hint", link), &[MISLED], b""),
            1,
            "",
            "hint: SUDOKU_MULTIPLE_SOLUTIONS: the puzzle has more than one solution (a \
             uniqueness technique, which assumes one solution, led the steps to a \
             contradiction)\n",
        );
        let output = run(example("hint", link), &[FINISHED_SEVERAL], b"");
        assert_eq!(output.status.code(), Some(0));
        assert!(text(&output.stdout).ends_with("\nsolved\n"));
        assert_eq!(
            text(&output.stderr),
            "hint: note: the puzzle has several solutions; the steps assume one\n"
        );
        assert_run(
            &run(example("hint", link), &[UNSOLVABLE], b""),
            1,
            "",
            "hint: SUDOKU_NO_SOLUTION: the puzzle has no solution\n",
        );
        assert_run(
            &run(example("hint", link), &[CONFLICT], b""),
            1,
            "",
            "hint: SUDOKU_CONFLICTING_GIVENS: two equal givens share a row, column or box \
             (cell 10: row 2, column 2)\n",
        );
        let output = run(example("hint", link), &[BAD_CHARACTER], b"");
        assert_eq!(output.status.code(), Some(2));
        assert!(text(&output.stderr).starts_with("hint: "));
    }
}

#[test]
fn rate_and_hint_report_a_write_error_with_exit_code_1() {
    // Their usage says 1 for an output error (2 is for usage), as solve_file and canon.
    let hardest =
        "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........";
    for link in LINKS {
        let rate = example("rate", link);
        let hint = example("hint", link);
        let runs: [(&Path, &str, Vec<&str>, Vec<u8>); 6] = [
            (rate, "rate", vec![], format!("{QQWING_1}\n").into_bytes()),
            (rate, "rate", vec!["--help"], vec![]),
            (hint, "hint", vec![QQWING_1], vec![]),
            (hint, "hint", vec!["--first", QQWING_1], vec![]),
            (hint, "hint", vec![hardest], vec![]),
            (hint, "hint", vec!["--help"], vec![]),
        ];
        for (program, name, args, stdin) in runs {
            let Some(output) = run_to_dev_full(program, &args, &stdin) else {
                return;
            };
            assert_run(&output, 1, "", &write_error(name));
        }
        // A note on stderr flushes stdout first; the reason of that failed write is kept.
        let empty = format!("{}\n", ".".repeat(81));
        let Some(output) = run_to_dev_full(rate, &[], empty.as_bytes()) else {
            return;
        };
        assert_eq!(output.status.code(), Some(1));
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.contains("note: the puzzle has several solutions")
                && stderr.ends_with(&write_error("rate")),
            "{stderr}"
        );
    }
}
