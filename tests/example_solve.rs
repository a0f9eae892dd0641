//! `examples/solve.c`: the embedded puzzle and a puzzle argument solved, no solution, invalid
//! input, usage, and a write error, each run against both the static and the shared library.
//!
//! Shared helpers and expected texts: `tests/example_programs/mod.rs`.

use crate::example_programs;

use sudoku_testkit::check::is_complete_grid;

use example_programs::*;

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
        assert!(is_complete_grid(solution.as_bytes()), "{solution}");
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
fn solve_reads_its_argument_in_any_one_line_form() {
    let classic_forms = [
        format!("{CLASSIC}  ED=1.2/1.2/1.2"),
        format!("{CLASSIC}\t# a comment"),
        // A line cut from a file, with its line end (LF or CRLF).
        format!("{CLASSIC}\n"),
        format!("{CLASSIC}\r\n"),
        CLASSIC.replace('0', "*"),
        CLASSIC.replace('0', "x"),
        CLASSIC.replace('0', " "),
        format!("Puzzle 1: {}", CLASSIC.replace('0', "_")),
    ];
    for link in LINKS {
        for form in &classic_forms {
            let output = run(example("solve", link), &[form], b"");
            assert_run(&output, 0, SOLVE_CLASSIC_OUTPUT, "");
            // "--" ends the options: what follows is the puzzle.
            let output = run(example("solve", link), &["--", form], b"");
            assert_run(&output, 0, SOLVE_CLASSIC_OUTPUT, "");
        }
    }
}

#[test]
fn solve_rejects_invalid_input_on_stderr() {
    let grid = (0..9)
        .map(|r| &CLASSIC[r * 9..r * 9 + 9])
        .collect::<Vec<_>>()
        .join("\n");
    let cases = [
        (
            BAD_CHARACTER,
            "solve: character 'a' at line 1, column 41 is not a digit or a blank \
             (cell 40: row 5, column 5)\n",
        ),
        (
            CONFLICT,
            "solve: SUDOKU_CONFLICTING_GIVENS: two equal givens share a row, column or box \
             (cell 10: row 2, column 2)\n",
        ),
        (&CLASSIC[..80], "solve: PUZZLE has 80 cells, not 81\n"),
        (
            &grid,
            "solve: PUZZLE is one line; this one has a line break\n",
        ),
        (
            "# only a comment",
            "solve: PUZZLE holds no puzzle (only blanks or a comment)\n",
        ),
        // One run of cells of another length: a one-line puzzle's count, not a grid row's.
        ("123456789", "solve: PUZZLE has 9 cells, not 81\n"),
        (&CLASSIC[..20], "solve: PUZZLE has 20 cells, not 81\n"),
        ("1", "solve: PUZZLE has 1 cell, not 81\n"),
        // A short one starting with '-' (a blank, like 'x'): likely meant as an option.
        (
            "-x",
            "solve: PUZZLE has 2 cells, not 81 (nor is it an option: see --help)\n",
        ),
        // Spaces in it: the reader's own sentence.
        ("1 2 3", "solve: line 1 has 3 cells, not 9\n"),
    ];
    for link in LINKS {
        for (input, message) in cases {
            let output = run(example("solve", link), &[input], b"");
            assert_run(&output, 2, "", message);
        }
    }
    // A PUZZLE that names a file (a likely mix-up with solve_file) gets a note after the
    // reader's diagnostic; so does one that is a run of cells, when a file has that name.
    let dir = sudoku_testkit::cbuild::scratch_dir("solve_argument_file");
    let file = dir.join("puzzles.txt");
    std::fs::write(&file, format!("{CLASSIC}\n")).unwrap();
    let digits = dir.join("12345");
    std::fs::write(&digits, "").unwrap();
    let note = |name: &str| {
        format!(
            "solve: note: '{name}' names a file; PUZZLE is a puzzle's own text (solve_file \
             reads a file of puzzles)\n"
        )
    };
    for link in LINKS {
        let name = file.to_str().unwrap();
        let output = run(example("solve", link), &[name], b"");
        let first = "solve: character '/' at line 1, column 1 is not a digit or a blank (cell 0: \
                     row 1, column 1)\n";
        assert_run(&output, 2, "", &(first.to_string() + &note(name)));
        let output = run_command(
            std::process::Command::new(example("solve", link))
                .arg("12345")
                .current_dir(&dir)
                .env_remove("LD_LIBRARY_PATH"),
            b"",
        );
        assert_run(
            &output,
            2,
            "",
            &format!("solve: PUZZLE has 5 cells, not 81\n{}", note("12345")),
        );
    }
}

#[test]
fn solve_prints_its_usage_on_help_and_says_what_was_wrong() {
    for link in LINKS {
        let program = example("solve", link);
        assert_usage(
            program,
            "solve",
            SOLVE_USAGE,
            &[
                (&["--bogus"], "unknown option '--bogus'"),
                (&["-q"], "unknown option '-q'"),
                (
                    &[CLASSIC, TOP1],
                    &format!("one PUZZLE at most; also given '{TOP1}'"),
                ),
            ],
        );
        // A lone "-" is no option: solve reads no stdin, so it is a puzzle, said to be none
        // (to the reader, a rule line); "--" first changes nothing. A run of dashes is a rule.
        for args in [&["-"][..], &["--", "-"]] {
            assert_run(
                &run(program, args, b""),
                2,
                "",
                "solve: PUZZLE is '-', not a puzzle of 81 cells\n",
            );
        }
        assert_run(
            &run(program, &["--", "---"], b""),
            2,
            "",
            "solve: the grid ends after 0 rows, at the end of the text\n",
        );
    }
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
fn the_whole_output_of_solve_reads_back_with_the_reader() {
    // Puzzle grid, solution grid, then the blank line and `Status: SUDOKU_OK (success)`: the
    // status line is a label line, skipped like a `#` comment.
    let output = run(example("solve", LINKS[0]), &[], b"");
    assert_run(&output, 0, SOLVE_DEFAULT_OUTPUT, "");
    let items: Vec<_> = sudoku::format::puzzles(&output.stdout).collect();
    let lines: Vec<_> = items.iter().map(|r| r.as_ref().map(|r| r.line)).collect();
    assert_eq!(lines, [Ok(2), Ok(15)], "{}", text(&output.stdout));
    let boards: Vec<_> = items
        .iter()
        .map(|r| match r.as_ref().unwrap().puzzle {
            sudoku::format::Puzzle::Givens(b) => String::from_utf8(b.to_vec()).unwrap(),
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(boards, [TOP1.replace('0', "."), TOP1_SOLUTION.to_string()]);
    // Without a solution: exactly one puzzle, then the end of the input.
    let output = run(example("solve", LINKS[0]), &[UNSOLVABLE], b"");
    assert_run(&output, 1, SOLVE_UNSOLVABLE_OUTPUT, "");
    let first = sudoku::format::read_puzzle(&output.stdout)
        .unwrap()
        .unwrap();
    assert_eq!(
        first.puzzle,
        sudoku::format::Puzzle::Givens(UNSOLVABLE.as_bytes().try_into().unwrap())
    );
    let rest = &output.stdout[first.consumed..];
    assert_eq!(sudoku::format::read_puzzle(rest), Ok(None));
}

/// `solve --candidates` prints a candidate grid that the reader (`sudoku_read_puzzle`) reads
/// back to the candidates of the board, computed here by a plain scan of each cell's peers.
#[test]
fn solve_candidates_prints_a_grid_the_reader_reads_back() {
    use sudoku::format::{read_puzzle, Puzzle};
    for link in LINKS {
        let program = example("solve", link);
        for puzzle in [CLASSIC, TOP1, TOP2, DEADLY, EMPTY] {
            let output = run(program, &["--candidates", puzzle], b"");
            assert_eq!(output.status.code(), Some(0), "{puzzle}");
            assert_eq!(text(&output.stderr), "");
            let stdout = text(&output.stdout);
            assert!(stdout.starts_with("Candidates:\n"), "{stdout}");
            assert_eq!(stdout.lines().count(), 14, "{stdout}");
            let read = read_puzzle(&output.stdout)
                .expect("a candidate grid")
                .expect("a puzzle");
            match read.puzzle {
                Puzzle::Candidates(c) => {
                    assert_eq!(*c.masks(), table::board_masks(puzzle), "{puzzle}\n{stdout}")
                }
                other => panic!("{other:?} from\n{stdout}"),
            }
            assert_eq!(read_puzzle(&output.stdout[read.consumed..]), Ok(None));
        }
        // A blank cell without a candidate has no place in a candidate grid (a blank there is
        // refused by the reader): the puzzle has no solution, said of the first such cell, and
        // nothing is printed. UNSOLVABLE's cell 8 sees 1-8 in its row and 9 in its column;
        // the second board adds a row 9 of 2-8, 1 whose last cell sees every digit too.
        let two = format!("{}23456781.", &UNSOLVABLE[..72]);
        for puzzle in [UNSOLVABLE, two.as_str()] {
            let masks = table::board_masks(puzzle);
            let empty: Vec<usize> = (0..81).filter(|&c| masks[c] == 0).collect();
            assert_eq!(
                empty.len(),
                if puzzle == UNSOLVABLE { 1 } else { 2 },
                "{puzzle}"
            );
            let cell = empty[0];
            let stderr = format!(
                "solve: cell {cell} (row {}, column {}) has no candidate left: the puzzle has \
                 no solution\n",
                cell / 9 + 1,
                cell % 9 + 1
            );
            assert_eq!(
                stderr,
                "solve: cell 8 (row 1, column 9) has no candidate left: the \
                                puzzle has no solution\n"
            );
            assert_run(
                &run(program, &["--candidates", puzzle], b""),
                1,
                "",
                &stderr,
            );
        }
        // The option with an invalid puzzle, or twice.
        assert_run(
            &run(program, &["--candidates", CONFLICT], b""),
            2,
            "",
            "solve: SUDOKU_CONFLICTING_GIVENS: two equal givens share a row, column or box \
             (cell 10: row 2, column 2)\n",
        );
    }
}
