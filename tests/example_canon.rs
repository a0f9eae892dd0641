//! `examples/canon.c`: the canonical form of every puzzle of a file or stdin, in any format the
//! reader knows, one line per puzzle in input order (the status name for a puzzle that cannot be
//! canonicalized), the forms checked against the test kit's brute-force canonicalizer, the
//! `--transform` fields checked by applying them; usage and write errors; static and shared.
//!
//! Shared helpers and expected texts: `tests/example_programs/mod.rs`.

use crate::example_programs;

use std::fs;

use example_programs::*;
use sudoku_testkit::board::{grid, to_string};
use sudoku_testkit::minlex::{reference_minlex, RefTransform};

/// What `canon --help` prints to stdout.
const CANON_USAGE: &str = "\
usage: canon [--transform] [--shuffle S] [--threads N] [--] [FILE]
Prints the canonical (minlex) form of each puzzle of FILE (stdin if absent or
\"-\"; any format the library reads), one line per puzzle in input order, or the
status name of a puzzle that has none: SUDOKU_INVALID_FORMAT for a text that is
not a puzzle and for a candidate puzzle (skipped), SUDOKU_CONFLICTING_GIVENS;
its line and reason go to stderr. --transform adds the transformation to each
form: T ROWS COLUMNS DIGITS. --shuffle S prints each puzzle in another guise
instead: puzzle N by sudoku_transform_random(S + N - 1), S below 2^64 (decimal or
0x hex; also --shuffle=S), a candidate puzzle too (as a 729-character pencilmark
line), with --transform the transformation used. --threads N: forms on at most
N threads (default 0: all cores; also --threads=N).
Exit codes: 0 input read to its end, 1 input, memory or output error, 2 usage.
";

/// The reference form of a one-line puzzle, with '.' for blanks.
fn form(puzzle: &str) -> String {
    to_string(&reference_minlex(&grid(puzzle))).replace('0', ".")
}

/// TOP1 as a 9-line grid with '0' blanks and spaces, as other tools print it.
fn top1_grid() -> String {
    TOP1.as_bytes()
        .chunks(9)
        .map(|row| {
            let row: Vec<String> = row
                .iter()
                .map(|&b| {
                    if b == b'.' {
                        "0".into()
                    } else {
                        (b as char).to_string()
                    }
                })
                .collect();
            row.join(" ") + "\n"
        })
        .collect()
}

#[test]
fn canon_prints_one_form_or_status_per_puzzle_in_input_order() {
    let input = format!(
        "# a comment\n{TOP1}\n\n{CONFLICT}\n{}{EMPTY}\nthis is no puzzle\n{CLASSIC}\n",
        top1_grid()
    );
    let expected = format!(
        "{}\nSUDOKU_CONFLICTING_GIVENS\n{}\n{}\nSUDOKU_INVALID_FORMAT\n{}\n",
        form(TOP1),
        form(TOP1),
        EMPTY,
        form(CLASSIC)
    );
    for link in LINKS {
        let output = run(example("canon", link), &[], input.as_bytes());
        // The shared diagnostics: the conflict's cell, the reader's sentence with the cell.
        assert_run(
            &output,
            0,
            &expected,
            "canon: line 4: two equal givens share a row, column or box (cell 10)\n\
             canon: line 15: character 't' at line 15, column 1 is not a digit or a blank \
             (cell 0: row 1, column 1)\n",
        );
    }
}

#[test]
fn equivalent_puzzles_print_the_same_form_and_the_transform_maps_each_to_it() {
    // TOP2 and random images of it: one form; each transformation printed maps its puzzle there.
    let mut state = 0x5eedu64;
    let mut below = |n: usize| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((state >> 33) % n as u64) as usize
    };
    let top2 = grid(TOP2);
    let mut puzzles = vec![top2];
    for _ in 0..5 {
        puzzles.push(RefTransform::random(&mut below).apply(&top2));
    }
    let input: String = puzzles.iter().map(|p| to_string(p) + "\n").collect();
    let expected = form(TOP2);
    let digits = |s: &str| -> Vec<usize> { s.bytes().map(|b| (b - b'0') as usize).collect() };
    for link in LINKS {
        let output = run(
            example("canon", link),
            &["--transform", "-"],
            input.as_bytes(),
        );
        assert_run(&output, 0, text(&output.stdout), "");
        let lines: Vec<&str> = text(&output.stdout).lines().collect();
        assert_eq!(lines.len(), puzzles.len());
        for (line, puzzle) in lines.iter().zip(&puzzles) {
            let fields: Vec<&str> = line.split(' ').collect();
            assert_eq!(fields.len(), 5, "{line}");
            assert_eq!(fields[0], expected);
            let mut digit_map = [0u8; 10];
            for (d, &to) in digits(fields[4]).iter().enumerate() {
                digit_map[d + 1] = to as u8;
            }
            let t = RefTransform {
                transpose: fields[1] == "1",
                rows: digits(fields[2]).try_into().unwrap(),
                columns: digits(fields[3]).try_into().unwrap(),
                digits: digit_map,
            };
            assert_eq!(to_string(&t.apply(puzzle)).replace('0', "."), expected);
        }
    }
}

/// The transformation of `sudoku_transform_random(seed)`, checked against the four fields
/// `--transform` printed after a shuffled puzzle (T ROWS COLUMNS DIGITS).
fn printed_transform(fields: &[&str], seed: u64) -> RefTransform {
    let digits = |s: &str| -> Vec<u8> { s.bytes().map(|b| b - b'0').collect() };
    let drawn = sudoku::generator::random_transform(seed);
    assert_eq!(fields[0], (drawn.transpose as u8).to_string());
    assert_eq!(digits(fields[1]), drawn.rows);
    assert_eq!(digits(fields[2]), drawn.columns);
    assert_eq!(digits(fields[3]), drawn.digits[1..]);
    RefTransform {
        transpose: drawn.transpose,
        rows: drawn.rows.map(usize::from),
        columns: drawn.columns.map(usize::from),
        digits: drawn.digits,
    }
}

#[test]
fn shuffle_prints_each_puzzle_under_its_seed_s_transformation() {
    // Puzzle N (from 1, every output line counted) under sudoku_transform_random(S + N - 1):
    // checked with the test kit's own application of the printed transformation, with the
    // library's draw for that seed, and by canon itself (the forms of the output are the input's).
    let input = format!("{TOP1}\nthis is no puzzle\n{CONFLICT}\n{CLASSIC}\n{TOP2}\n");
    let seed = u64::MAX - 2; // S + N - 1 wraps past 2^64 - 1 at the fourth line
    for link in LINKS {
        let shuffled = run(
            example("canon", link),
            &["--shuffle", &seed.to_string(), "--transform"],
            input.as_bytes(),
        );
        assert_eq!(shuffled.status.code(), Some(0));
        let lines: Vec<&str> = text(&shuffled.stdout).lines().collect();
        assert_eq!(lines.len(), 5);
        assert_eq!(lines[1], "SUDOKU_INVALID_FORMAT");
        assert_eq!(lines[2], "SUDOKU_CONFLICTING_GIVENS");
        for (n, puzzle) in [(1u64, TOP1), (4, CLASSIC), (5, TOP2)] {
            let fields: Vec<&str> = lines[n as usize - 1].split(' ').collect();
            assert_eq!(fields.len(), 5);
            let t = printed_transform(&fields[1..], seed.wrapping_add(n - 1));
            assert_eq!(
                fields[0],
                to_string(&t.apply(&grid(puzzle))).replace('0', ".")
            );
        }
        // Without --transform, the puzzles alone; the same seed gives the same file, and canon
        // of it gives the input's forms.
        let plain = run(
            example("canon", link),
            &[&format!("--shuffle={seed}")],
            input.as_bytes(),
        );
        let expected: String = lines
            .iter()
            .map(|line| line.split(' ').next().unwrap().to_string() + "\n")
            .collect();
        assert_eq!(text(&plain.stdout), expected);
        let forms_of =
            |stdin: &[u8]| text(&run(example("canon", link), &[], stdin).stdout).to_string();
        // (The status lines are no puzzles when read back: the three puzzles' lines compared.)
        let (of_output, of_input) = (forms_of(expected.as_bytes()), forms_of(input.as_bytes()));
        let puzzle_lines = |forms: &str| -> Vec<String> {
            let lines: Vec<&str> = forms.lines().collect();
            [0, 3, 4].iter().map(|&i| lines[i].to_string()).collect()
        };
        assert_eq!(puzzle_lines(&of_output), puzzle_lines(&of_input));
        assert_eq!(puzzle_lines(&of_input)[0], form(TOP1));
        // Hexadecimal seeds, as generate takes them.
        let hex = run(
            example("canon", link),
            &[&format!("--shuffle=0x{seed:x}")],
            input.as_bytes(),
        );
        assert_eq!(text(&hex.stdout), expected);
    }
}

#[test]
fn canon_reads_a_file_and_reports_one_it_cannot_open() {
    let dir = out_dir().join("canon_input");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("puzzles.txt");
    std::fs::write(&file, format!("{CLASSIC}\r\n{TOP1}\r\n")).unwrap();
    let expected = format!("{}\n{}\n", form(CLASSIC), form(TOP1));
    let missing = dir.join("missing.txt");
    for link in LINKS {
        let output = run(example("canon", link), &[file.to_str().unwrap()], b"");
        assert_run(&output, 0, &expected, "");
        // "--" ends the options (for a FILE that starts with '-').
        let output = run(example("canon", link), &["--", file.to_str().unwrap()], b"");
        assert_run(&output, 0, &expected, "");
        let output = run(example("canon", link), &[missing.to_str().unwrap()], b"");
        assert_run(
            &output,
            1,
            "",
            &format!("canon: {}: No such file or directory\n", missing.display()),
        );
    }
}

#[test]
fn canon_prints_its_usage_on_help_and_on_bad_usage() {
    for link in LINKS {
        assert_usage(
            example("canon", link),
            "canon",
            CANON_USAGE,
            &[
                (&["--bogus"], "unknown option '--bogus'"),
                (&["-x"], "unknown option '-x'"),
                // After "--" every argument is a FILE.
                (
                    &["--", "-x", "--bogus"],
                    "one FILE at most; also given '--bogus'",
                ),
                (&["a", "b"], "one FILE at most; also given 'b'"),
                (
                    &["--transform", "-", "c"],
                    "one FILE at most; also given 'c'",
                ),
                (
                    &["--shuffle=x"],
                    "--shuffle needs a whole number (decimal or 0x hex) below 2^64, got 'x'",
                ),
                (
                    &["--shuffle", "-1"],
                    "--shuffle needs a whole number (decimal or 0x hex) below 2^64, got '-1'",
                ),
                (
                    &["--shuffle=18446744073709551616"],
                    "--shuffle needs a whole number (decimal or 0x hex) below 2^64, got \
                     '18446744073709551616'",
                ),
                (
                    &["--shuffle"],
                    "--shuffle needs a whole number (decimal or 0x hex) below 2^64",
                ),
                (&["--threads"], &threads_message(None)),
                (&["--threads", "-1"], &threads_message(Some("-1"))),
                (&["--threads=0x2"], &threads_message(Some("0x2"))),
                (&["--threads", "two"], &threads_message(Some("two"))),
            ],
        );
    }
}

#[test]
fn canon_reports_a_write_error() {
    for link in LINKS {
        let program = example("canon", link);
        let Some(output) = run_to_dev_full(program, &[], format!("{TOP1}\n").as_bytes()) else {
            return;
        };
        assert_run(&output, 1, "", &write_error("canon"));
        let Some(output) = run_to_dev_full(program, &["--help"], b"") else {
            return;
        };
        assert_eq!(output.status.code(), Some(1));
    }
}

#[test]
fn canon_reports_an_input_it_cannot_read_with_the_system_reason() {
    let dir = out_dir().join("canon_dir");
    fs::create_dir_all(&dir).unwrap();
    let dir = format!("{}/", dir.display());
    for link in LINKS {
        let program = example("canon", link);
        let output = run(program, &[&dir], b"");
        assert_run(&output, 1, "", &format!("canon: {dir}: Is a directory\n"));
        // A closed stdin.
        let output = run_with_stdin(program, &[], None);
        assert_run(&output, 1, "", "canon: stdin: Bad file descriptor\n");
        // A directory as stdin.
        let output = run_with_stdin(program, &["-"], Some(fs::File::open(&dir).unwrap()));
        assert_run(&output, 1, "", "canon: stdin: Is a directory\n");
    }
}

/// The masks of the first puzzle of `text` as the library's reader reads them (a candidate puzzle).
fn masks_of(text: &str) -> [u16; 81] {
    match sudoku::read_puzzle(text.as_bytes()) {
        Ok(Some(read)) => match read.puzzle {
            sudoku::Puzzle::Candidates(c) => *c.masks(),
            other => panic!("not a candidate puzzle: {other:?}"),
        },
        other => panic!("no puzzle read: {other:?}"),
    }
}

/// A 729-character pencilmark line, read from its definition (the Kth of a cell's 9 characters
/// is digit K when it is a candidate, '.' when not).
fn pencilmark_masks(line: &str) -> [u16; 81] {
    assert_eq!(line.len(), 729, "{line}");
    let bytes = line.as_bytes();
    std::array::from_fn(|cell| {
        (0..9).fold(0, |mask, k| {
            let b = bytes[cell * 9 + k];
            assert!(b == b'.' || b == b'1' + k as u8, "{line}");
            mask | u16::from(b != b'.') << k
        })
    })
}

#[test]
fn a_candidate_puzzle_is_read_whole_and_skipped_with_one_line_or_shuffled() {
    // Read whole: the lines of the candidate grid (13) and the pencilmark line are no grids of
    // givens, and the puzzles after them are read as usual.
    let formats = repo_root().join("tests/data/formats");
    let grid = fs::read_to_string(formats.join("candidate_grid.txt")).unwrap();
    let pencilmarks = fs::read_to_string(formats.join("pencilmark_729.txt")).unwrap();
    assert_eq!(grid.lines().count(), 13, "{grid}");
    assert_eq!(pencilmarks.lines().count(), 1, "{pencilmarks}");
    let input = format!("{TOP1}\n{grid}{CLASSIC}\n{pencilmarks}{TOP2}\n");
    let expected = format!(
        "{}\nSUDOKU_INVALID_FORMAT\n{}\nSUDOKU_INVALID_FORMAT\n{}\n",
        form(TOP1),
        form(CLASSIC),
        form(TOP2)
    );
    let skipped = |line: usize| {
        format!("canon: line {line}: a candidate puzzle has no canonical form; skipped\n")
    };
    for link in LINKS {
        let output = run(example("canon", link), &[], input.as_bytes());
        assert_run(&output, 0, &expected, &(skipped(2) + &skipped(16)));
        // Shuffled, a candidate puzzle is printed as a pencilmark line: puzzle N's masks moved
        // by the test kit's application of seed S + N - 1's transformation, the one printed.
        let output = run(
            example("canon", link),
            &["--shuffle=3", "--transform"],
            input.as_bytes(),
        );
        assert_eq!((output.status.code(), text(&output.stderr)), (Some(0), ""));
        let lines: Vec<&str> = text(&output.stdout).lines().collect();
        assert_eq!(lines.len(), 5);
        for (n, masks) in [(2u64, masks_of(&grid)), (4, masks_of(&pencilmarks))] {
            let fields: Vec<&str> = lines[n as usize - 1].split(' ').collect();
            assert_eq!(fields.len(), 5);
            let t = printed_transform(&fields[1..], 3 + n - 1);
            assert_eq!(pencilmark_masks(fields[0]), t.apply_masks(&masks));
            // The library reads the line back as the same candidate puzzle.
            assert_eq!(masks_of(fields[0]), t.apply_masks(&masks));
        }
        // Without --transform, the same lines without the fields.
        let plain = run(example("canon", link), &["--shuffle=3"], input.as_bytes());
        let expected: String = lines
            .iter()
            .map(|line| line.split(' ').next().unwrap().to_string() + "\n")
            .collect();
        assert_run(&plain, 0, &expected, "");
    }
}

/// The table of inputs that drives solve_file, solve_cpp and python3 -m libsudoku, without its candidate
/// puzzles: canon writes the same diagnostics and the same line for a text that is not a puzzle
/// or holds two equal givens; where they write a solution or SUDOKU_NO_SOLUTION, canon writes a
/// form: 81 blanks and digits that canon maps to itself.
#[test]
fn canon_writes_the_shared_diagnostics_of_the_table_of_inputs() {
    let is_form = |line: &str| {
        line.len() == 81
            && line
                .bytes()
                .all(|b| b == b'.' || (b'1'..=b'9').contains(&b))
    };
    for link in LINKS {
        let program = example("canon", link);
        for case in table::givens_cases() {
            let output = run(program, &[], &case.input);
            assert_eq!(
                text(&output.stderr),
                case.stderr("canon"),
                "{}: stderr",
                case.name
            );
            assert_eq!(output.status.code(), Some(0), "{}", case.name);
            let lines: Vec<&str> = text(&output.stdout).lines().collect();
            let table: Vec<&str> = case.stdout.lines().collect();
            assert_eq!(lines.len(), table.len(), "{}: lines", case.name);
            let mut forms = String::new();
            for (line, expected) in lines.iter().zip(&table) {
                match *expected {
                    "SUDOKU_INVALID_FORMAT" | "SUDOKU_CONFLICTING_GIVENS" => {
                        assert_eq!(line, expected, "{}", case.name)
                    }
                    _ => {
                        assert!(is_form(line), "{}: {line}", case.name);
                        forms += &format!("{line}\n");
                    }
                }
            }
            let again = run(program, &[], forms.as_bytes());
            assert_run(&again, 0, &forms, "");
        }
    }
}

#[test]
fn canon_keeps_the_input_order_in_one_stream() {
    // A diagnostic comes just before its puzzle's line, whatever the buffering of stdout.
    let input = format!("{CLASSIC}\n11{}\nxx\n", ".".repeat(79));
    for link in LINKS {
        let lines = one_stream(example("canon", link), &[], &input);
        assert_eq!(lines.len(), 5, "{lines:?}");
        assert_eq!(
            lines[1..],
            [
                "canon: line 2: two equal givens share a row, column or box (cell 1)",
                "SUDOKU_CONFLICTING_GIVENS",
                "canon: line 3: line 3 has 2 cells, not 9",
                "SUDOKU_INVALID_FORMAT",
            ]
        );
    }
}

/// What canon says of a bad `--threads` value (`None`: missing).
fn threads_message(value: Option<&str>) -> String {
    let what = format!(
        "--threads needs a whole number N from 0 to {} (0: all cores)",
        usize::MAX
    );
    match value {
        Some(v) => format!("{what}, got '{v}'"),
        None => what,
    }
}

#[test]
fn the_thread_count_changes_no_output() {
    // More puzzles of givens than one block (65,536) holds, with puzzles that fail and lines
    // that are no puzzle or candidate puzzles among them, in one stream (stdout and stderr).
    let puzzles = sudoku_testkit::data::read_puzzles("puzzles1_random_minimal");
    let mut input = String::new();
    for (i, p) in puzzles.iter().take(70_000).enumerate() {
        input.push_str(std::str::from_utf8(p).unwrap());
        input.push('\n');
        match i % 9_000 {
            1 => input.push_str(&format!("11{}\n", ".".repeat(79))),
            2 => input.push_str("no puzzle here\n"),
            3 => input.push_str(&format!("{}\n", "123456789".repeat(81))),
            _ => {}
        }
    }
    let file = sudoku_testkit::cbuild::scratch_dir("canon_threads").join("input.txt");
    fs::write(&file, &input).unwrap();
    // stdout and stderr in one stream, as lines (`2>&1`).
    let lines = |threads: &str| -> Vec<String> {
        let output = std::process::Command::new("sh")
            .arg("-c")
            .arg("\"$@\" 2>&1")
            .arg("sh")
            .arg(example("canon", LINKS[0]))
            .args(["--transform", "--threads", threads])
            .arg(&file)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(0));
        String::from_utf8(output.stdout)
            .unwrap()
            .lines()
            .map(str::to_string)
            .collect()
    };
    let one = lines("1");
    // Each of the 8 rounds of bad lines: 2 lines for the conflict and the text (a diagnostic
    // and a status), 2 for the candidate puzzle (a note and a status).
    assert_eq!(one.len(), 70_000 + 8 * 6, "{:?}", &one[..3]);
    for threads in ["2", "0"] {
        assert!(
            lines(threads) == one,
            "--threads {threads} changed the output"
        );
    }
    // Each form is the library's single call's, checked on a sample against the reference.
    let forms: Vec<&String> = one
        .iter()
        .filter(|l| !l.contains("SUDOKU_") && !l.starts_with("canon:"))
        .collect();
    assert_eq!(forms.len(), 70_000);
    for (p, line) in puzzles.iter().zip(forms).step_by(7_001) {
        let text = std::str::from_utf8(p).unwrap();
        assert_eq!(line.split(' ').next(), Some(form(text).as_str()));
    }
}
