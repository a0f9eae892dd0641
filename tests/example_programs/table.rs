//! The one table of inputs that drives the three readers of files: `solve_file` (static and
//! shared), `solve_cpp -` (static and shared) and `python3 -m libsudoku`. Each case
//! is an input text with the exact stdout every program must print (one line per puzzle read,
//! in input order) and the diagnostics they all write on stderr, each after the program's name
//! ("solve_file: line 3: line 3 has 8 cells, not 9"). `canon` runs the cases of givens
//! ([`givens_cases`]) too: it writes the same diagnostics and status lines, and a canonical form
//! where the others write a solution or SUDOKU_NO_SOLUTION (`tests/example_canon.rs`).
//!
//! The expected lines are written here from the reader's documented rules (docs/c-api.md,
//! "Reading puzzles from text") and solutions computed independently (the literal solutions of
//! `mod.rs`, or testkit's reference solver); a conflicting board's cell is found by a plain scan
//! of its houses here.

use sudoku_testkit::reference::reference_solve;

use super::*;

/// One input and what every program prints for it.
pub struct Case {
    pub name: String,
    pub input: Vec<u8>,
    /// Exactly the stdout: one line per puzzle.
    pub stdout: String,
    /// The stderr lines without the program's name: "line N: REASON".
    pub diagnostics: Vec<String>,
}

impl Case {
    fn new(name: &str, input: impl Into<Vec<u8>>, lines: &[&str], diagnostics: &[&str]) -> Case {
        Case {
            name: name.to_string(),
            input: input.into(),
            stdout: lines.iter().map(|l| format!("{l}\n")).collect(),
            diagnostics: diagnostics.iter().map(|d| d.to_string()).collect(),
        }
    }

    /// The stderr of `program` for this case.
    pub fn stderr(&self, program: &str) -> String {
        self.diagnostics
            .iter()
            .map(|d| format!("{program}: {d}\n"))
            .collect()
    }
}

/// The solution of a puzzle with exactly one, by the reference solver.
pub fn unique_solution(puzzle: &str) -> String {
    let board: [u8; 81] = puzzle.as_bytes().try_into().expect("81 cells");
    let (count, solution) = reference_solve(&board, 2);
    assert_eq!(count, 1, "{puzzle} should have one solution");
    String::from_utf8(solution.expect("a solution").to_vec()).expect("digits")
}

/// The first cell (0-80) of `board` whose digit a lower cell of its row, column or box holds.
fn first_conflict(board: &[u8]) -> Option<usize> {
    let peers = |a: usize, b: usize| {
        a / 9 == b / 9 || a % 9 == b % 9 || (a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3)
    };
    (0..81).find(|&c| {
        board[c].is_ascii_digit()
            && board[c] != b'0'
            && (0..c).any(|p| board[p] == board[c] && peers(p, c))
    })
}

/// CLASSIC written as a grid of 9 rows "530|070|000" with `end` after each row.
fn classic_rows(end: &str) -> Vec<String> {
    (0..9)
        .map(|r| {
            let row = &CLASSIC[r * 9..r * 9 + 9];
            format!("{}|{}|{}{end}", &row[..3], &row[3..6], &row[6..])
        })
        .collect()
}

/// The text the reader gives for a bad character (ASCII graphic, or a byte).
fn character(byte: u8) -> String {
    if byte.is_ascii_graphic() {
        format!("character '{}'", byte as char)
    } else {
        format!("byte 0x{byte:02X}")
    }
}

/// Every byte value but the line ends at cell 2 (row 1, column 3) of CLASSIC, one line each,
/// with a blank line after it (a bad line with a separator would otherwise take the lines after
/// it as the rest of its grid): cell characters and a space are blanks (the classic solution);
/// '4', the solution's digit, a given; '1' and '2' no solution; the other digits two equal
/// givens; a tab or a separator splits off the first two cells, leaving a puzzle of 80 cells;
/// anything else is a bad character in cell 2.
fn every_byte_value() -> Case {
    let mut input = Vec::new();
    let mut stdout = String::new();
    let mut diagnostics = Vec::new();
    let mut line = 1;
    for byte in (0..=255u8).filter(|&b| b != b'\n' && b != b'\r') {
        let mut puzzle = CLASSIC.as_bytes().to_vec();
        puzzle[2] = byte;
        input.extend_from_slice(&puzzle);
        input.extend_from_slice(b"\n\n");
        let out = match byte {
            b'0' | b'.' | b'*' | b'_' | b'-' | b'x' | b'X' | b' ' | b'4' => {
                CLASSIC_SOLUTION.to_string()
            }
            b'1' | b'2' => "SUDOKU_NO_SOLUTION".to_string(),
            b'3' | b'5'..=b'9' => {
                let cell = first_conflict(&puzzle).expect("a conflict");
                diagnostics.push(format!(
                    "line {line}: two equal givens share a row, column or box (cell {cell})"
                ));
                "SUDOKU_CONFLICTING_GIVENS".to_string()
            }
            b'\t' | b'|' | b'!' | b'+' | b':' | b'\'' | b'=' => {
                diagnostics.push(format!(
                    "line {line}: the puzzle on line {line} has 80 cells, not 81"
                ));
                "SUDOKU_INVALID_FORMAT".to_string()
            }
            _ => {
                diagnostics.push(format!(
                    "line {line}: {} at line {line}, column 3 is not a digit or a blank \
                     (cell 2: row 1, column 3)",
                    character(byte)
                ));
                "SUDOKU_INVALID_FORMAT".to_string()
            }
        };
        stdout += &out;
        stdout.push('\n');
        line += 2;
    }
    Case {
        name: "every byte value at cell 2".to_string(),
        input,
        stdout,
        diagnostics,
    }
}

/// The candidates of each cell of `board` (81 cells, `.` or `0` blank): a given's digit alone,
/// a blank's digits that no given of its row, column or box holds (digit d is bit d - 1).
pub fn board_masks(board: &str) -> [u16; 81] {
    let b = board.as_bytes();
    let peers = |a: usize, c: usize| {
        a != c && (a / 9 == c / 9 || a % 9 == c % 9 || (a / 27 == c / 27 && a % 9 / 3 == c % 9 / 3))
    };
    let digit = |c: usize| match b[c] {
        d @ b'1'..=b'9' => Some(d - b'0'),
        _ => None,
    };
    std::array::from_fn(|cell| match digit(cell) {
        Some(d) => 1 << (d - 1),
        None => (0..81)
            .filter(|&p| peers(p, cell))
            .filter_map(digit)
            .fold(0x1FF, |m, d| m & !(1u16 << (d - 1))),
    })
}

/// The 729-character pencilmark line of `masks`: character `cell * 9 + d - 1` is digit `d` when
/// it is a candidate of the cell, else `.`.
pub fn pencilmark_line(masks: &[u16; 81]) -> String {
    (0..729)
        .map(|i| {
            let d = i % 9 + 1;
            if masks[i / 9] & (1 << (d - 1)) != 0 {
                char::from(b'0' + d as u8)
            } else {
                '.'
            }
        })
        .collect()
}

/// A bad character in 729-character pencilmark lines (CLASSIC's candidates), one a line: the
/// cell named is the character's index divided by 9 (nine places a cell), not its index as in a
/// one-line puzzle; the line may end in a rating. Then a puzzle that reads.
fn bad_character_in_pencilmark_lines() -> Case {
    let line = pencilmark_line(&board_masks(CLASSIC));
    let mut input = String::new();
    let mut lines = Vec::new();
    let mut diagnostics = Vec::new();
    for (n, (index, byte, tail)) in [
        (5, b'a', ""),
        (400, b'a', ""),
        (728, b'a', ""),
        (100, b'\0', "  ED=9.4/1.2/1.2"),
    ]
    .into_iter()
    .enumerate()
    {
        let mut bytes = line.clone().into_bytes();
        bytes[index] = byte;
        input += &format!("{}{tail}\n", String::from_utf8(bytes).expect("ASCII"));
        lines.push("SUDOKU_INVALID_FORMAT");
        let (number, column, cell) = (n + 1, index + 1, index / 9);
        diagnostics.push(format!(
            "line {number}: {} at line {number}, column {column} is not a digit or a blank \
             (cell {cell}: row {}, column {})",
            character(byte),
            cell / 9 + 1,
            cell % 9 + 1
        ));
    }
    input += &format!("{TOP1}\n");
    lines.push(TOP1_SOLUTION);
    let diagnostics: Vec<&str> = diagnostics.iter().map(String::as_str).collect();
    Case::new(
        "a bad character in pencilmark lines names its cell",
        input,
        &lines,
        &diagnostics,
    )
}

/// A candidate grid of `masks` in HoDoKu's layout, one line per row with `end` after it, and
/// `cell` replaced by `replace` when given.
fn candidate_grid(masks: &[u16; 81], replace: Option<(usize, &str)>) -> String {
    let rule = ".-----------------------.-----------------------.-----------------------.\n";
    let mut text = rule.to_string();
    for row in 0..9 {
        for col in 0..9 {
            let cell = row * 9 + col;
            let digits: String = match replace {
                Some((c, r)) if c == cell => r.to_string(),
                _ => (1..=9)
                    .filter(|d| masks[cell] & (1 << (d - 1)) != 0)
                    .map(|d| char::from(b'0' + d))
                    .collect(),
            };
            text += if col % 3 == 0 { "| " } else { " " };
            text += &format!("{digits:<9}");
        }
        text += " |\n";
        if row == 2 || row == 5 {
            text += rule;
        }
    }
    text + rule
}

/// Candidate puzzles: the two files, a grid of the candidates of TOP1, two equal single
/// candidates in a row (reported at the line where its grid starts, as any invalid puzzle), a
/// repeated candidate, a blank, and a bad character inside a cell's run of candidates.
fn candidate_cases() -> Vec<Case> {
    let formats = |file: &str| {
        std::fs::read(repo_root().join("tests/data/formats").join(file))
            .unwrap_or_else(|e| panic!("{file}: {e}"))
    };
    let classic = board_masks(CLASSIC);
    vec![
        Case::new(
            "candidate_grid.txt",
            formats("candidate_grid.txt"),
            &[CLASSIC_SOLUTION],
            &[],
        ),
        Case::new(
            "pencilmark_729.txt",
            formats("pencilmark_729.txt"),
            &[CLASSIC_SOLUTION],
            &[],
        ),
        Case::new(
            "candidate grids: TOP1's, then two equal singles in a row",
            format!(
                "{}\n{}",
                candidate_grid(&board_masks(TOP1), None),
                candidate_grid(&classic, Some((1, "5")))
            ),
            &[TOP1_SOLUTION, "SUDOKU_CONFLICTING_GIVENS"],
            &["line 15: two equal givens share a row, column or box (cell 1)"],
        ),
        Case::new(
            "candidate grids: a repeated candidate, a blank",
            format!(
                "{}\n{}",
                candidate_grid(&classic, Some((2, "1224"))),
                candidate_grid(&classic, Some((10, ".")))
            ),
            &["SUDOKU_INVALID_FORMAT", "SUDOKU_INVALID_FORMAT"],
            &[
                "line 2: digit 2 at line 2, column 25 repeats a candidate of its cell",
                "line 17: the blank at line 17, column 13 is in a candidate grid, where every \
                 cell lists its candidates",
            ],
        ),
        Case::new(
            "a bad character in a run of a candidate grid names that run's cell",
            candidate_grid(&classic, Some((12, "1a"))),
            &["SUDOKU_INVALID_FORMAT"],
            &["line 3: character 'a' at line 3, column 35 is not a digit, a blank or a separator \
               (cell 12: row 2, column 4)"],
        ),
    ]
}

/// Every case of the table.
pub fn cases() -> Vec<Case> {
    let mut cases = givens_cases();
    cases.extend(candidate_cases());
    cases
}

/// The cases without candidate puzzles: every text in them is a puzzle of givens or not a
/// puzzle (`canon`, which skips candidate puzzles, runs these too).
pub fn givens_cases() -> Vec<Case> {
    let sudocue =
        "2..1.5..3.54...71..1.2.3.8.6.28.73.4.........1.53.98.6.2.7.1.6..81...24.7..4.2..1";
    let sudocue_solution = unique_solution(sudocue);
    let rows = classic_rows("\n");
    let formats = |file: &str| {
        std::fs::read(repo_root().join("tests/data/formats").join(file))
            .unwrap_or_else(|e| panic!("{file}: {e}"))
    };
    let top1 = TOP1_SOLUTION;
    let classic = CLASSIC_SOLUTION;
    let mut cases =
        vec![
        Case::new("one_line.txt", formats("one_line.txt"), &[top1, classic, classic, classic,
            classic, classic, classic, classic], &[]),
        Case::new("se_rated.txt", formats("se_rated.txt"), &[top1, classic, &sudocue_solution,
            top1], &[]),
        Case::new("bom.txt", formats("bom.txt"), &[top1], &[]),
        Case::new("box_drawing.txt", formats("box_drawing.txt"), &[top1], &[]),
        Case::new("solve_output.txt", formats("solve_output.txt"), &[top1], &[]),
        Case::new("simple_sudoku.ss", formats("simple_sudoku.ss"), &[classic], &[]),
        Case::new("sudocue.sdk", formats("sudocue.sdk"), &[&sudocue_solution], &[]),
        Case::new("sadman_section.sdk", formats("sadman_section.sdk"), &[&sudocue_solution], &[]),
        Case::new(
            "line ends: LF, CRLF, CR, none at the end",
            format!("{TOP1}\n{CLASSIC}\r\n{TOP1}\r{CLASSIC}"),
            &[top1, classic, top1, classic],
            &[],
        ),
        Case::new(
            // solve_file drops such runs as it reads (in 1- and 7-byte blocks too, where a CR
            // LF is often cut in two): the line numbers must not move.
            "long runs of blank and comment lines, CRLF, CR and LF",
            [
                "\r\n".repeat(3000),
                "# a comment\r\n".repeat(2000),
                format!("{TOP1}\r\n"),
                "\r".repeat(1000),
                format!("{}\n", &TOP2[..80]),
                "\n".repeat(5000),
                format!("{CLASSIC}\n"),
            ]
            .concat(),
            &[top1, "SUDOKU_INVALID_FORMAT", classic],
            &["line 6002: the puzzle on line 6002 has 80 cells, not 81"],
        ),
        Case::new(
            "a wrong number of cells in one-line puzzles",
            format!("{}  ED=9.5\n{CLASSIC}0 # 82\n{TOP1}\n", &TOP2[..80]),
            &["SUDOKU_INVALID_FORMAT", "SUDOKU_INVALID_FORMAT", top1],
            &[
                "line 1: the puzzle on line 1 has 80 cells, not 81",
                "line 2: the puzzle on line 2 has 82 cells, not 81",
            ],
        ),
        Case::new(
            "a bad character in a grid row names its cell",
            format!("# a grid\n\n{}{}{}", rows[..3].concat(), "8a.|.6.|..3\n", rows[4..].concat()),
            &["SUDOKU_INVALID_FORMAT"],
            &["line 6: character 'a' at line 6, column 2 is not a digit, a blank or a separator \
               (cell 28: row 4, column 2)"],
        ),
        Case::new(
            "a bad character in a box-spaced grid row after a run with a digit names its cell",
            "4.. .3. ...\n... 6.. 8..\n... ... ..1\n... .5. .9.\n.8. a.. 6..\n.7. 2.. ...\n\
             ... 1.2 7..\n5.3 ... .4.\n9.. ... ...\n",
            &["SUDOKU_INVALID_FORMAT"],
            // A row of givens (nine cells), not of candidates: the 'a' is its fourth cell.
            &["line 5: character 'a' at line 5, column 5 is not a digit, a blank or a separator \
               (cell 39: row 5, column 4)"],
        ),
        Case::new(
            "a bad character past the nine cells of a first row names no cell",
            "4...3....  #c\n",
            &["SUDOKU_INVALID_FORMAT"],
            &["line 1: character '#' at line 1, column 12 is not a digit or a blank"],
        ),
        Case::new(
            "a grid truncated in its sixth row",
            format!("{}7..", rows[..5].concat()),
            &["SUDOKU_INVALID_FORMAT"],
            &["line 6: line 6 has 3 cells, not 9"],
        ),
        Case::new(
            "a grid truncated after its fifth row",
            rows[..5].concat(),
            &["SUDOKU_INVALID_FORMAT"],
            &["line 6: the grid ends after 5 rows, at the end of the text"],
        ),
        Case::new(
            "a grid of 8 rows, then a puzzle",
            format!("{}\n{TOP1}\n", rows[..8].concat()),
            &["SUDOKU_INVALID_FORMAT", top1],
            &["line 9: the grid ends after 8 rows, at line 9"],
        ),
        Case::new(
            "a grid of 10 rows, then a puzzle",
            format!("{}{}\n{TOP1}\n", rows.concat(), rows[0]),
            &["SUDOKU_INVALID_FORMAT", top1],
            &["line 10: line 10 is a tenth row of a grid"],
        ),
        Case::new(
            "a grid with a cell too many in its third row, then the grid whole",
            format!("{}{}{}\n{}", rows[..2].concat(), ".98|...|.6.|1\n", rows[3..].concat(),
                rows.concat()),
            &["SUDOKU_INVALID_FORMAT", classic],
            &["line 3: line 3 has 10 cells, not 9"],
        ),
        Case::new(
            "huge lines of 1 MB: a comment, cells, letters",
            [
                format!("#{}\n", "c".repeat(1 << 20)),
                format!("{}\n", "1".repeat(1 << 20)),
                format!("\n{}\n", "a".repeat(1 << 20)),
                format!("{TOP1}\n"),
            ]
            .concat(),
            &["SUDOKU_INVALID_FORMAT", "SUDOKU_INVALID_FORMAT", top1],
            &[
                "line 2: the pencilmark line on line 2 has 1048576 cells, not 729",
                "line 4: character 'a' at line 4, column 1 is not a digit or a blank \
                 (cell 0: row 1, column 1)",
            ],
        ),
        Case::new(
            "byte-order marks: at the start, where files were joined, inside a puzzle",
            format!(
                "\u{feff}{TOP1}\n\u{feff}{CLASSIC}\n{}\u{feff}{}\n",
                &TOP1[..10],
                &TOP1[11..]
            ),
            &[top1, classic, "SUDOKU_INVALID_FORMAT"],
            &["line 3: character U+FEFF (a byte-order mark) at line 3, column 11 is not a \
               digit or a blank (cell 10: row 2, column 2)"],
        ),
        Case::new(
            "NUL bytes: a line of them, one after a puzzle, one in a grid",
            [
                b"\0\0\0\n".to_vec(),
                format!("{CLASSIC}\0\n").into_bytes(),
                format!("{}6\0.|195|...\n", rows[0]).into_bytes(),
            ]
            .concat(),
            &["SUDOKU_INVALID_FORMAT", "SUDOKU_INVALID_FORMAT", "SUDOKU_INVALID_FORMAT"],
            &[
                "line 1: byte 0x00 at line 1, column 1 is not a digit or a blank \
                 (cell 0: row 1, column 1)",
                "line 2: byte 0x00 at line 2, column 82 is not a digit or a blank",
                "line 4: byte 0x00 at line 4, column 2 is not a digit, a blank or a separator \
                 (cell 10: row 2, column 2)",
            ],
        ),
    ];
    cases.push(every_byte_value());
    cases.push(bad_character_in_pencilmark_lines());
    cases
}
