//! The text reader: `sudoku::read_puzzle` / `sudoku::puzzles` and their C twin
//! `sudoku_read_puzzle`. Files in each format, written in the layouts other tools produce
//! (`tests/data/formats/`), read to their expected boards and candidates; LF, CRLF and CR line
//! ends and byte-order marks; round trips; hostile inputs with their exact reason, line and
//! column; the C call reading every file ending at an unreadable page, agreeing with the Rust
//! iterator, and writing nothing on failure.

use crate::common;
#[path = "reader_loop/mod.rs"]
mod reader_loop;

use std::ffi::c_char;
use std::path::Path;
use std::ptr;

use common::{are_peers, bytes81, KNOWN};
use reader_loop::{c_read_from, check_c_loop, message};
use sudoku::ffi::sudoku_status::{self, *};
use sudoku::ffi::{
    sudoku_read_info, sudoku_read_info_init, sudoku_read_info_init_size, sudoku_read_puzzle,
    SUDOKU_READ_CELL_COUNT, SUDOKU_READ_INVALID_CHARACTER, SUDOKU_READ_NO_CANDIDATES_BUFFER,
};
use sudoku::format::{puzzles, read_puzzle, Puzzle, Read, ReadError, Reason};
use sudoku::Candidates;

const CLASSIC: &str = KNOWN[0].0;
const TOP1: &str = KNOWN[2].0;
/// The puzzle of SudoCue's `.sdk` example layout.
const SDK: &str =
    "2..1.5..3.54...71..1.2.3.8.6.28.73.4.........1.53.98.6.2.7.1.6..81...24.7..4.2..1";

/// The first two grids of Project Euler's problem 96 file (`p096_sudoku.txt`), each after a
/// title line (`Grid 01`).
const EULER_1: &str =
    "003020600900305001001806400008102900700000008006708200002609500800203009005010300";
const EULER_2: &str =
    "200080300060070084030500209000105408000000000402706000301007040720040060004010003";

fn file(name: &str) -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/formats")
        .join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn givens(text: &str) -> Puzzle {
    Puzzle::Givens(bytes81(text).map(|b| if b == b'0' { b'.' } else { b }))
}

/// Candidates by elimination from the givens' peers, computed here from the test kit's
/// `are_peers`: a given alone, else every digit no peer gives.
fn peer_candidates(puzzle: &str) -> Candidates {
    let text = bytes81(puzzle);
    let mut masks = [0u16; 81];
    for (i, m) in masks.iter_mut().enumerate() {
        *m = match text[i] {
            b @ b'1'..=b'9' => 1 << (b - b'1'),
            _ => {
                let mut used = 0u16;
                for (j, &b) in text.iter().enumerate() {
                    if b.is_ascii_digit() && b != b'0' && are_peers(i, j) {
                        used |= 1 << (b - b'1');
                    }
                }
                0x1FF & !used
            }
        };
    }
    Candidates::from_masks(masks).unwrap()
}

/// Every item of `puzzles(text)`, checking on the way that consumed bytes add up to the text.
fn all(text: &[u8]) -> Vec<Result<Read, ReadError>> {
    puzzles(text).collect()
}

fn ok_puzzles(text: &[u8]) -> Vec<Puzzle> {
    all(text)
        .into_iter()
        .map(|r| r.unwrap_or_else(|e| panic!("{e}")).puzzle)
        .collect()
}

fn with_ends(text: &[u8], end: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    for &b in text {
        if b == b'\n' {
            out.extend_from_slice(end);
        } else {
            out.push(b);
        }
    }
    out
}

/// (file, its puzzles, the line each starts at).
fn expected_files() -> Vec<(&'static str, Vec<Puzzle>, Vec<usize>)> {
    vec![
        (
            "one_line.txt",
            std::iter::once(givens(TOP1))
                .chain(std::iter::repeat_n(givens(CLASSIC), 7))
                .collect(),
            (1..=8).collect(),
        ),
        (
            "se_rated.txt",
            vec![givens(TOP1), givens(CLASSIC), givens(SDK), givens(TOP1)],
            vec![2, 3, 4, 5],
        ),
        ("sudocue.sdk", vec![givens(SDK)], vec![8]),
        ("sadman_section.sdk", vec![givens(SDK)], vec![2]),
        ("simple_sudoku.ss", vec![givens(CLASSIC)], vec![1]),
        (
            "project_euler.txt",
            vec![givens(EULER_1), givens(EULER_2)],
            vec![2, 12],
        ),
        ("solve_output.txt", vec![givens(TOP1)], vec![2]),
        ("box_drawing.txt", vec![givens(TOP1)], vec![1]),
        ("bom.txt", vec![givens(TOP1)], vec![1]),
        (
            "pencilmark_729.txt",
            vec![Puzzle::Candidates(peer_candidates(CLASSIC))],
            vec![1],
        ),
        (
            "candidate_grid.txt",
            vec![Puzzle::Candidates(peer_candidates(CLASSIC))],
            vec![1],
        ),
    ]
}

#[test]
fn every_format_file_reads_to_its_puzzles_with_any_line_end() {
    for (name, expected, lines) in expected_files() {
        let lf = file(name);
        for (end, text) in [
            ("LF", lf.clone()),
            ("CRLF", with_ends(&lf, b"\r\n")),
            ("CR", with_ends(&lf, b"\r")),
        ] {
            let items = all(&text);
            let read: Vec<&Read> = items
                .iter()
                .map(|r| r.as_ref().unwrap_or_else(|e| panic!("{name} {end}: {e}")))
                .collect();
            let got: Vec<Puzzle> = read.iter().map(|r| r.puzzle).collect();
            assert_eq!(got, expected, "{name} {end}");
            let got_lines: Vec<usize> = read.iter().map(|r| r.line).collect();
            assert_eq!(got_lines, lines, "{name} {end}");
            // The reads use the text up to its last puzzle; what is left holds no puzzle.
            let used: usize = read.iter().map(|r| r.consumed).sum();
            assert!(used <= text.len());
            assert_eq!(read_puzzle(&text[used..]), Ok(None), "{name} {end}");
        }
    }
}

#[test]
fn the_empty_text_and_comments_only_are_the_end() {
    for text in [
        &b""[..],
        b"\n\r\n\r",
        b"   \t\n",
        b"# comment\n#Aauthor\n",
        b"\xEF\xBB\xBF",
        b"[Puzzle]\r\nPuzzle:\n",
    ] {
        assert_eq!(read_puzzle(text), Ok(None), "{text:?}");
        assert_eq!(all(text), vec![], "{text:?}");
    }
}

/// Writers of the layouts the reader must read back.
mod layouts {
    pub fn rows(p: &[u8; 81]) -> Vec<String> {
        p.chunks(9)
            .map(|r| String::from_utf8(r.to_vec()).unwrap())
            .collect()
    }

    /// `examples/solve.c`'s `print_grid`.
    pub fn solve_grid(p: &[u8; 81]) -> String {
        let mut out = String::new();
        for (i, r) in rows(p).iter().enumerate() {
            if i == 3 || i == 6 {
                out += "------+-------+------\n";
            }
            let c: Vec<String> = r.chars().map(String::from).collect();
            out += &format!(
                "{} | {} | {}\n",
                c[0..3].join(" "),
                c[3..6].join(" "),
                c[6..9].join(" ")
            );
        }
        out
    }

    /// Simple Sudoku's `.ss` layout.
    pub fn simple_sudoku(p: &[u8; 81]) -> String {
        let mut out = "*-----------*\n".to_string();
        for (i, r) in rows(p).iter().enumerate() {
            if i == 3 || i == 6 {
                out += "|---+---+---|\n";
            }
            out += &format!("|{}|{}|{}|\n", &r[0..3], &r[3..6], &r[6..9]);
        }
        out + "*-----------*\n"
    }

    /// A candidate grid in the pencilmark layout, cells padded to `width`.
    pub fn candidate_grid(masks: &[u16; 81]) -> String {
        let cell = |m: u16| -> String {
            (0..9)
                .filter(|d| m >> d & 1 != 0)
                .map(|d| char::from(b'1' + d as u8))
                .collect()
        };
        let width = masks.iter().map(|&m| m.count_ones()).max().unwrap() as usize + 1;
        let rule = "-".repeat(3 * width + 1);
        let mut out = format!(".{rule}.{rule}.{rule}.\n");
        for r in 0..9 {
            if r == 3 || r == 6 {
                out += &format!(":{rule}+{rule}+{rule}:\n");
            }
            let mut line = String::new();
            for c in 0..9 {
                if c % 3 == 0 {
                    line += "| ";
                }
                line += &format!("{:<width$}", cell(masks[r * 9 + c]));
            }
            out += &line;
            out += "|\n";
        }
        out + &format!("'{rule}'{rule}'{rule}'\n")
    }

    pub fn pencilmark_line(masks: &[u16; 81]) -> String {
        masks
            .iter()
            .flat_map(|&m| {
                (0..9).map(move |d| {
                    if m >> d & 1 != 0 {
                        char::from(b'1' + d as u8)
                    } else {
                        '.'
                    }
                })
            })
            .collect()
    }
}

#[test]
fn what_the_programs_and_other_tools_print_reads_back() {
    let sample: Vec<String> = common::read_puzzles("puzzles3_magictour_top1465")
        .into_iter()
        .step_by(7)
        .take(200)
        .map(|p| String::from_utf8(p.to_vec()).unwrap())
        .collect();
    assert_eq!(sample.len(), 200);
    for puzzle in &sample {
        let text = bytes81(puzzle).map(|b| if b == b'0' { b'.' } else { b });
        let expected = Puzzle::Givens(text);
        let mut stream = String::new();
        stream += &format!("{puzzle}\n");
        stream += &format!("Puzzle:\n{}\n", layouts::solve_grid(&text));
        stream += &layouts::simple_sudoku(&text);
        stream += &format!("{}\n", layouts::solve_grid(&text));
        let got = ok_puzzles(stream.as_bytes());
        assert_eq!(got, vec![expected; 4], "{puzzle}\n{stream}");

        let candidates = peer_candidates(puzzle);
        let mut stream = layouts::candidate_grid(candidates.masks());
        stream += &layouts::pencilmark_line(candidates.masks());
        let got = ok_puzzles(stream.as_bytes());
        assert_eq!(
            got,
            vec![Puzzle::Candidates(candidates); 2],
            "{puzzle}\n{stream}"
        );
    }
}

/// The first item of `text`: its error (panics on a puzzle).
fn error(text: &[u8]) -> ReadError {
    match read_puzzle(text) {
        Err(e) => e,
        other => panic!(
            "{:?}: expected an error, got {other:?}",
            String::from_utf8_lossy(text)
        ),
    }
}

#[test]
fn every_byte_value_in_a_cell_of_a_line() {
    let base = bytes81(TOP1);
    for byte in 0..=255u8 {
        let mut text = base.to_vec();
        text[40] = byte;
        text.push(b'\n');
        let result = read_puzzle(&text);
        let what = format!("byte {byte:#04x}");
        match byte {
            b'1'..=b'9' | b'.' | b'0' | b'*' | b'_' | b'-' | b'x' | b'X' | b' ' => {
                let mut expected = base;
                expected[40] = match byte {
                    b'1'..=b'9' => byte,
                    _ => b'.',
                };
                let read = result.unwrap().unwrap();
                assert_eq!(read.puzzle, Puzzle::Givens(expected), "{what}");
                assert_eq!(read.consumed, 82, "{what}");
            }
            b'\n' | b'\r' => {
                // The line ends there: 40 cells, read as a grid row (the tenth cell is one
                // too many).
                let e = result.unwrap_err();
                assert_eq!(
                    e.reason,
                    Reason::CellCount {
                        cells: 40,
                        expected: 9
                    },
                    "{what}"
                );
                assert_eq!((e.line, e.column, e.offset), (1, 10, 9), "{what}");
                assert_eq!(e.to_string(), "line 1 has 40 cells, not 9");
            }
            b'\t' | b'|' | b'!' | b'+' | b':' | b'\'' | b'=' => {
                let e = result.unwrap_err();
                assert_eq!(
                    e.reason,
                    Reason::CellCount {
                        cells: 80,
                        expected: 81
                    },
                    "{what}"
                );
                assert_eq!(
                    (e.line, e.column, e.offset, e.consumed),
                    (1, 82, 81, 82),
                    "{what}"
                );
            }
            _ => {
                let e = result.unwrap_err();
                let character = (byte < 0x80).then(|| char::from(byte));
                let in_grid = false;
                assert_eq!(
                    e.reason,
                    Reason::InvalidCharacter {
                        character,
                        byte,
                        in_grid
                    },
                    "{what}"
                );
                assert_eq!(
                    (e.line, e.column, e.offset, e.consumed),
                    (1, 41, 40, 82),
                    "{what}"
                );
                let name = if byte.is_ascii_graphic() {
                    format!("character '{}'", char::from(byte))
                } else {
                    format!("byte 0x{byte:02X}")
                };
                assert_eq!(
                    e.to_string(),
                    format!("{name} at line 1, column 41 is not a digit or a blank"),
                    "{what}"
                );
            }
        }
    }
}

#[test]
fn a_non_ascii_character_counts_as_one_column() {
    // "é" is two bytes: the '?' after it is at byte 42 but column 42 too (41 + 1).
    let mut text = bytes81(TOP1).to_vec();
    text.splice(40..41, "\u{e9}".bytes());
    let e = error(&text);
    assert_eq!(
        e.reason,
        Reason::InvalidCharacter {
            character: Some('\u{e9}'),
            byte: 0xC3,
            in_grid: false
        }
    );
    assert_eq!((e.column, e.offset), (41, 40));
    assert_eq!(
        e.to_string(),
        "character U+00E9 at line 1, column 41 is not a digit or a blank"
    );
    // Valid non-ASCII characters before the fault are one column each.
    let mut text = "\u{e9}\u{e9}".as_bytes().to_vec();
    text.insert(0, b'#'); // a comment line: skipped
    text.extend_from_slice(b"\n\xE2\x94\x82 4 . . \xE2\x94\x82 \xC2 ");
    let e = error(&text);
    assert_eq!((e.line, e.column, e.offset), (2, 11, 20));
    assert_eq!(
        e.to_string(),
        "byte 0xC2 at line 2, column 11 is not a digit, a blank or a separator"
    );
}

#[test]
fn truncated_short_and_long_grids() {
    let grid = layouts::solve_grid(&bytes81(TOP1));
    let lines: Vec<&str> = grid.lines().collect();
    assert_eq!(lines.len(), 11);
    // Cut after each line: the rows read so far.
    for keep in 1..11 {
        let text = lines[..keep].join("\n");
        let rows = lines[..keep].iter().filter(|l| !l.starts_with('-')).count();
        let e = error(text.as_bytes());
        assert_eq!(e.reason, Reason::ShortGrid { rows, at_end: true }, "{keep}");
        assert_eq!((e.offset, e.consumed), (text.len(), text.len()));
        let rows_text = if rows == 1 {
            "1 row".to_string()
        } else {
            format!("{rows} rows")
        };
        assert_eq!(
            e.to_string(),
            format!("the grid ends after {rows_text}, at the end of the text")
        );
    }
    // 8 rows, a blank line, then a good grid: one error, then the grid.
    let eight: Vec<&str> = lines.iter().copied().filter(|l| *l != lines[10]).collect();
    let text = format!("{}\n\n{grid}", eight.join("\n"));
    let items = all(text.as_bytes());
    assert_eq!(items.len(), 2);
    let e = items[0].unwrap_err();
    assert_eq!(
        e.reason,
        Reason::ShortGrid {
            rows: 8,
            at_end: false
        }
    );
    assert_eq!((e.line, e.column), (11, 1));
    assert_eq!(e.to_string(), "the grid ends after 8 rows, at line 11");
    let read = items[1].unwrap();
    assert_eq!((read.puzzle, read.line), (givens(TOP1), 12));
    // 8 rows, then a one-line puzzle of 80 cells, one with a bad character, and a good one: the
    // grid ends short there, and each line is a puzzle of its own.
    let mut bad_char = TOP1.to_string();
    bad_char.replace_range(40..41, "E");
    let text = format!(
        "{}\n{}\n{bad_char}\n{TOP1}\n",
        eight.join("\n"),
        &TOP1[..80]
    );
    let items = all(text.as_bytes());
    assert_eq!(items.len(), 4, "{items:?}");
    let e = items[0].unwrap_err();
    assert!(
        matches!(
            e.reason,
            Reason::ShortGrid {
                rows: 8,
                at_end: false
            }
        ),
        "{e:?}"
    );
    assert_eq!(e.line, 11);
    let e = items[1].unwrap_err();
    assert!(
        matches!(e.reason, Reason::CellCount { cells: 80, .. }),
        "{e:?}"
    );
    assert_eq!(e.line, 11);
    let e = items[2].unwrap_err();
    assert!(matches!(e.reason, Reason::InvalidCharacter { .. }), "{e:?}");
    assert_eq!((e.line, e.column), (12, 41));
    assert_eq!(items[3].unwrap().puzzle, givens(TOP1));
    // A tenth row right after the ninth.
    let text = format!("{grid}9 . . | . . . | . . .\n\n{TOP1}\n");
    let items = all(text.as_bytes());
    let e = items[0].unwrap_err();
    assert_eq!((e.reason, e.line), (Reason::LongGrid, 12));
    assert_eq!(e.to_string(), "line 12 is a tenth row of a grid");
    assert_eq!(items[1].unwrap().puzzle, givens(TOP1));
    assert_eq!(items.len(), 2);
    // An eleventh row and a malformed one go with the tenth; then an 80-cell and an 82-cell
    // line each get their own diagnostic (they were once swallowed with the tenth row), then
    // the next puzzle.
    let row = "9 . . | . . . | . . .";
    let text = format!(
        "{grid}{row}\n{row}\n12345\n{}\n{TOP1}0\n{TOP1}\n",
        &TOP1[..80]
    );
    let items = all(text.as_bytes());
    assert_eq!(items.len(), 4, "{items:?}");
    assert_eq!(items[0].unwrap_err().reason, Reason::LongGrid);
    let short = items[1].unwrap_err();
    assert_eq!(short.line, 15);
    assert!(
        matches!(short.reason, Reason::CellCount { cells: 80, .. }),
        "{short:?}"
    );
    let long = items[2].unwrap_err();
    assert_eq!(long.line, 16);
    assert!(
        matches!(long.reason, Reason::CellCount { cells: 82, .. }),
        "{long:?}"
    );
    assert_eq!(items[3].unwrap().puzzle, givens(TOP1));
}

#[test]
fn a_row_with_a_cell_too_many_or_too_few() {
    let grid = layouts::simple_sudoku(&bytes81(CLASSIC));
    let bad = grid.replacen("|6..|195|...|", "|6..|195|...|4", 1);
    let e = error(bad.as_bytes());
    assert_eq!(
        e.reason,
        Reason::CellCount {
            cells: 10,
            expected: 9
        }
    );
    assert_eq!((e.line, e.column), (3, 14));
    assert_eq!(e.to_string(), "line 3 has 10 cells, not 9");
    // The rest of the grid is skipped: one diagnostic, then the next puzzle.
    let items = all(format!("{bad}{TOP1}\n").as_bytes());
    assert_eq!(items.len(), 2, "{items:?}");
    assert_eq!(items[1].unwrap().puzzle, givens(TOP1));
    let short = grid.replacen("|6..|195|...|", "|6..|195|..|", 1);
    let e = error(short.as_bytes());
    assert_eq!(
        e.reason,
        Reason::CellCount {
            cells: 8,
            expected: 9
        }
    );
    assert_eq!((e.line, e.column), (3, 13));
    assert_eq!(e.to_string(), "line 3 has 8 cells, not 9");
    // A one-line puzzle a cell short, between good ones: one error for that line alone.
    let text = format!("{TOP1}\n{}\n{TOP1}\n", &TOP1[..80]);
    let items = all(text.as_bytes());
    assert_eq!(items.len(), 3);
    let e = items[1].unwrap_err();
    assert_eq!(
        (e.reason, e.line, e.column),
        (
            Reason::CellCount {
                cells: 80,
                expected: 81
            },
            2,
            81
        )
    );
    assert_eq!(e.to_string(), "the puzzle on line 2 has 80 cells, not 81");
}

#[test]
fn huge_lines_bom_in_the_middle_and_nul_bytes() {
    let huge = vec![b'.'; 1 << 20];
    let e = error(&huge);
    assert_eq!(
        e.reason,
        Reason::CellCount {
            cells: 1 << 20,
            expected: 729
        }
    );
    assert_eq!((e.line, e.consumed), (1, 1 << 20));
    let mut huge = vec![b'5'; 1 << 20];
    huge.extend_from_slice(b"\n");
    huge.extend_from_slice(TOP1.as_bytes());
    let items = all(&huge);
    assert_eq!(items.len(), 2);
    assert_eq!(items[1].unwrap().puzzle, givens(TOP1));

    // A byte-order mark inside a puzzle line, and at the start of a grid's second row.
    let mut text = TOP1.as_bytes()[..10].to_vec();
    text.extend_from_slice(b"\xEF\xBB\xBF");
    text.extend_from_slice(&TOP1.as_bytes()[10..]);
    let e = error(&text);
    assert_eq!((e.line, e.column, e.offset), (1, 11, 10));
    assert_eq!(
        e.to_string(),
        "character U+FEFF (a byte-order mark) at line 1, column 11 is not a digit or a blank"
    );
    let grid = layouts::simple_sudoku(&bytes81(CLASSIC));
    let bad = grid.replacen("\n|6", "\n\u{feff}|6", 1);
    let e = error(bad.as_bytes());
    assert_eq!((e.line, e.column, e.offset), (3, 1, 28));
    // At the start of a line between puzzles (files joined), it is skipped.
    let joined = format!("{TOP1}\n\u{feff}{CLASSIC}\n");
    assert_eq!(
        ok_puzzles(joined.as_bytes()),
        vec![givens(TOP1), givens(CLASSIC)]
    );

    // NUL bytes are data, and not a digit.
    let mut text = TOP1.as_bytes().to_vec();
    text[10] = 0;
    let e = error(&text);
    assert_eq!(
        e.to_string(),
        "byte 0x00 at line 1, column 11 is not a digit or a blank"
    );
    let e = error(b"\0");
    assert_eq!((e.column, e.consumed), (1, 1));
}

#[test]
fn candidate_grid_faults() {
    let candidates = peer_candidates(CLASSIC);
    let grid = layouts::candidate_grid(candidates.masks());
    // A repeated digit in a cell.
    let bad = grid.replacen("124 ", "121 ", 1);
    let e = error(bad.as_bytes());
    assert_eq!(e.reason, Reason::RepeatedCandidate { digit: 1 });
    assert_eq!(e.line, 2);
    // A blank in a candidate grid.
    let bad = grid.replacen("| 5 ", "| . ", 1);
    let e = error(bad.as_bytes());
    assert_eq!(
        (e.reason, e.line, e.column),
        (Reason::BlankInCandidateGrid, 2, 3)
    );
    // A digit out of place in a 729-character line.
    let mut line = layouts::pencilmark_line(candidates.masks()).into_bytes();
    line[30] = b'1';
    let e = error(&line);
    assert_eq!(
        e.reason,
        Reason::MisplacedCandidate {
            digit: 1,
            expected: 4
        }
    );
    assert_eq!((e.column, e.offset), (31, 30));
    // A row of single digits in a candidate grid is cells with one candidate.
    let solved = bytes81(KNOWN[0].1);
    let mut masks = [0u16; 81];
    for (m, &b) in masks.iter_mut().zip(&solved) {
        *m = 1 << (b - b'1');
    }
    masks[80] |= 0b11;
    let got = ok_puzzles(layouts::candidate_grid(&masks).as_bytes());
    assert_eq!(
        got,
        vec![Puzzle::Candidates(Candidates::from_masks(masks).unwrap())]
    );
}

// ---- The C call ----

/// Two pages, the second inaccessible: text placed to end at the first page's end.
struct GuardedPage {
    base: *mut u8,
    page: usize,
}

impl GuardedPage {
    fn new(pages: usize) -> GuardedPage {
        // SAFETY: sysconf has no preconditions.
        let unit = usize::try_from(unsafe { libc::sysconf(libc::_SC_PAGESIZE) }).unwrap();
        let page = unit * pages;
        // SAFETY: an anonymous private mapping; checked against MAP_FAILED.
        let base = unsafe {
            libc::mmap(
                ptr::null_mut(),
                page + unit,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        assert_ne!(base, libc::MAP_FAILED);
        let base = base.cast::<u8>();
        // SAFETY: the last page lies inside the mapping.
        let protected = unsafe { libc::mprotect(base.add(page).cast(), unit, libc::PROT_NONE) };
        assert_eq!(protected, 0);
        GuardedPage { base, page }
    }

    /// Copies `text` to end at the guard page; returns its start.
    fn place(&self, text: &[u8]) -> *const c_char {
        assert!(text.len() <= self.page);
        // SAFETY: the bytes lie in the accessible part of the mapping.
        unsafe {
            let at = self.base.add(self.page - text.len());
            ptr::copy_nonoverlapping(text.as_ptr(), at, text.len());
            at.cast()
        }
    }
}

impl Drop for GuardedPage {
    fn drop(&mut self) {
        // SAFETY: sysconf has no preconditions.
        let unit = usize::try_from(unsafe { libc::sysconf(libc::_SC_PAGESIZE) }).unwrap();
        // SAFETY: the mapping made in `new`, `page` bytes and one guard page, unmapped once.
        unsafe { libc::munmap(self.base.cast(), self.page + unit) };
    }
}

/// One C call with sentinel-filled outputs: status, board, candidates, info.
fn c_read(
    text: *const c_char,
    len: usize,
    with_candidates: bool,
) -> (sudoku_status, [u8; 81], [u16; 81], sudoku_read_info) {
    // SAFETY: every caller passes `len` readable bytes.
    unsafe { c_read_from(text, len, with_candidates, 1) }
}

/// Reads every puzzle of `text` through the C call, the text ending at the guard page, checking
/// each result against the Rust iterator (`reader_loop`).
fn c_loop_agrees(guard: &GuardedPage, text: &[u8]) {
    // SAFETY: `place` copies `text` to end at the guard page, readable for `text.len()` bytes.
    unsafe { check_c_loop(guard.place(text), text) };
}

#[test]
fn the_c_call_reads_every_file_to_its_last_byte_and_no_further() {
    let guard = GuardedPage::new(256);
    for (name, _, _) in expected_files() {
        let lf = file(name);
        for text in [lf.clone(), with_ends(&lf, b"\r\n"), with_ends(&lf, b"\r")] {
            // Whole, without its last line end, and cut at every length.
            c_loop_agrees(&guard, &text);
            let trimmed = text.trim_ascii_end();
            c_loop_agrees(&guard, trimmed);
            for cut in 0..text.len().min(200) {
                c_loop_agrees(&guard, &text[..cut]);
            }
        }
    }
    let huge = vec![b'.'; 1 << 20];
    c_loop_agrees(&guard, &huge);
    c_loop_agrees(&guard, b"1|\xE2\x94");
}

#[test]
fn the_c_call_checks_its_arguments_and_writes_nothing_on_failure() {
    let text = TOP1.as_bytes();
    let mut board = [b'#'; 81];
    // SAFETY: zeroed is a valid sudoku_read_info.
    let mut info: sudoku_read_info = unsafe { std::mem::zeroed() };
    // SAFETY: a live, writable sudoku_read_info.
    unsafe { sudoku_read_info_init(&mut info) };
    assert_eq!(
        info.struct_size as usize,
        std::mem::size_of::<sudoku_read_info>()
    );
    let fresh = info;
    // SAFETY: NULL pointers are documented as rejected; the others are live.
    unsafe {
        let b = board.as_mut_ptr().cast::<c_char>();
        let t = text.as_ptr().cast::<c_char>();
        assert_eq!(
            sudoku_read_puzzle(ptr::null(), 5, b, ptr::null_mut(), &mut info),
            SUDOKU_NULL_POINTER
        );
        assert_eq!(
            sudoku_read_puzzle(t, 81, ptr::null_mut(), ptr::null_mut(), &mut info),
            SUDOKU_NULL_POINTER
        );
        assert_eq!(
            sudoku_read_puzzle(t, 81, b, ptr::null_mut(), ptr::null_mut()),
            SUDOKU_NULL_POINTER
        );
        // NULL text with len 0 is the empty text.
        assert_eq!(
            sudoku_read_puzzle(ptr::null(), 0, b, ptr::null_mut(), &mut info),
            SUDOKU_END_OF_INPUT
        );
        assert_eq!((info.consumed, info.line, info.kind), (0, 0, 0));
        info = fresh;
        // A struct_size smaller than this version's: nothing written.
        info.struct_size -= 1;
        let small = info;
        assert_eq!(
            sudoku_read_puzzle(t, 81, b, ptr::null_mut(), &mut info),
            SUDOKU_INVALID_ARGUMENT
        );
        assert_eq!(info.consumed, small.consumed);
        assert_eq!(
            sudoku_read_puzzle(t, usize::MAX, b, ptr::null_mut(), &mut fresh.clone()),
            SUDOKU_INVALID_ARGUMENT
        );
        assert_eq!(board, [b'#'; 81]);
        sudoku_read_info_init(ptr::null_mut()); // allowed, does nothing
    }
    // A larger struct: only the known prefix is written.
    #[repr(C)]
    struct Larger {
        info: sudoku_read_info,
        extra: [u8; 16],
    }
    let mut larger = Larger {
        info: fresh,
        extra: [0x5A; 16],
    };
    larger.info.struct_size = std::mem::size_of::<Larger>() as u32;
    // SAFETY: struct_size covers the whole Larger.
    let status = unsafe {
        sudoku_read_puzzle(
            text.as_ptr().cast(),
            81,
            board.as_mut_ptr().cast(),
            ptr::null_mut(),
            &mut larger.info,
        )
    };
    assert_eq!(status, SUDOKU_OK);
    assert_eq!(larger.extra, [0x5A; 16]);
    assert_eq!(
        larger.info.struct_size as usize,
        std::mem::size_of::<Larger>()
    );
    assert_eq!(&board, &bytes81(TOP1));

    // A candidate puzzle without a candidates buffer: its own reason, consumed past it.
    let pm = file("pencilmark_729.txt");
    let (status, board, _, info) = c_read(pm.as_ptr().cast(), pm.len(), false);
    assert_eq!(status, SUDOKU_INVALID_FORMAT);
    assert_eq!(board, [b'#'; 81]);
    assert_eq!(
        (info.reason, info.consumed),
        (SUDOKU_READ_NO_CANDIDATES_BUFFER, pm.len())
    );
    assert_eq!(
        message(&info),
        "line 1 starts a candidate puzzle, which needs a candidates buffer"
    );

    // Reasons and messages of a few faults.
    let (status, _, _, info) = c_read(b"12y".as_ptr().cast(), 3, true);
    assert_eq!(
        (status, info.reason, info.column),
        (SUDOKU_INVALID_FORMAT, SUDOKU_READ_INVALID_CHARACTER, 3)
    );
    assert_eq!(
        message(&info),
        "character 'y' at line 1, column 3 is not a digit or a blank"
    );
    let (status, _, _, info) = c_read(b"1234\n".as_ptr().cast(), 5, true);
    assert_eq!(
        (status, info.reason, info.consumed),
        (SUDOKU_INVALID_FORMAT, SUDOKU_READ_CELL_COUNT, 5)
    );
}

#[test]
fn the_status_codes_of_reading_are_appended() {
    assert_eq!(SUDOKU_INVALID_FORMAT as i32, 8);
    assert_eq!(SUDOKU_END_OF_INPUT as i32, 9);
    let _: sudoku_status = SUDOKU_OK;
}

/// What a line-numbered reading gives: (line, column, offset, reason, message) of an error.
fn where_and_why(e: &ReadError) -> (usize, usize, usize, Reason, String) {
    (e.line, e.column, e.offset, e.reason, e.to_string())
}

#[test]
fn label_lines_and_other_comments_are_skipped_and_a_labelled_puzzle_is_read() {
    let text = format!(
        "Status: SUDOKU_OK (success)\nAuthor: me\nRating: 9.5\nPuzzle 1:\n; a comment\n\
         // another\n  ; indented\nSudoku Explainer: ED=9.1\nPuzzle 2: {TOP1} ED=1.2\n\n\
         Puzzle:\n{CLASSIC}\nStatus: SUDOKU_OK (success)\n"
    );
    let items = all(text.as_bytes());
    let got: Vec<_> = items
        .iter()
        .map(|r| {
            let r = r.as_ref().unwrap();
            (r.puzzle, r.line, r.offset)
        })
        .collect();
    let first = text.find("Puzzle 2:").unwrap();
    let second = text.find(CLASSIC).unwrap();
    assert_eq!(
        got,
        [(givens(TOP1), 9, first), (givens(CLASSIC), 12, second)]
    );
    // A title line (words, then a number, no colon) is metadata too; text that only looks
    // like one is not.
    let titled = format!("Grid 01\n{CLASSIC}\n  Puzzle 12  \nSudoku Puzzle 2\n{TOP1}\n");
    assert_eq!(
        ok_puzzles(titled.as_bytes()),
        [givens(CLASSIC), givens(TOP1)]
    );
    for (text, line) in [
        ("Grid\n", 1),
        ("Grid 01a\n", 1),
        ("x 12\n", 1),
        ("Grid  01\n", 1),
        ("12 Grid\n", 1),
        ("Grid 01 of 50\n", 1),
        ("Level 3 of 5\n", 1),
        ("Grid 12345\n", 1),
    ] {
        let e = error(text.as_bytes());
        assert_eq!(e.line, line, "{text:?}: {e}");
    }
    // Rows of a grid with row labels are no titles: read as grid lines, they are reported
    // (a letter is no cell), never skipped in silence.
    let rows = [
        "003020600",
        "900305001",
        "001806400",
        "008102900",
        "700000008",
        "006708200",
        "002609500",
        "800203009",
        "005010300",
    ];
    for labelled in [
        rows.iter()
            .zip('A'..)
            .map(|(r, l)| format!("{l} {r}\n"))
            .collect::<String>(),
        rows.iter()
            .enumerate()
            .map(|(i, r)| format!("Row {} {r}\n", i + 1))
            .collect(),
        rows.iter()
            .zip('A'..)
            .map(|(r, l)| {
                format!(
                    "{l} {}\n",
                    r.chars().map(String::from).collect::<Vec<_>>().join(" ")
                )
            })
            .collect(),
    ] {
        let e = error(labelled.as_bytes());
        assert_eq!(e.line, 1, "{labelled}: {e}");
    }
    // A heading with separators is a bad line of text, not a grid's first row: one error for
    // it alone, and the grid after it is read.
    let grid: String = rows.iter().map(|r| format!("{r}\n")).collect();
    for heading in ["Puzzle 1 | Difficulty: hard", "Grid 01 +", "Grid | 1"] {
        let text = format!("{heading}\n{grid}");
        let items = all(text.as_bytes());
        assert_eq!(items.len(), 2, "{heading}");
        let e = items[0].as_ref().unwrap_err();
        assert_eq!((e.line, e.consumed), (1, heading.len() + 1), "{heading}");
        let read = items[1].as_ref().unwrap();
        assert_eq!(
            (read.puzzle, read.line),
            (givens(&rows.concat()), 2),
            "{heading}"
        );
    }
    // A first row with a one-letter slip still takes its grid with it: one error.
    let rest: String = rows[1..].iter().map(|r| format!("{r}\n")).collect();
    let slipped = format!("|003|0a0|600|\n{rest}");
    let items = all(slipped.as_bytes());
    assert_eq!(items.len(), 1, "{slipped}");
    assert_eq!(items[0].as_ref().unwrap_err().consumed, slipped.len());
    // A grid row of `x` blanks and `:` separators is no label.
    let grid: String = (0..9).map(|_| "x x x : x x x : x x 1\n").collect();
    let mut expected = [b'.'; 81];
    for r in 0..9 {
        expected[r * 9 + 8] = b'1';
    }
    assert_eq!(ok_puzzles(grid.as_bytes()), [Puzzle::Givens(expected)]);
    // Labels inside a grid end it, as comments do.
    let e = error(b"1........\nAuthor: me\n");
    assert_eq!(
        (e.line, e.reason),
        (
            2,
            Reason::ShortGrid {
                rows: 1,
                at_end: false
            }
        )
    );
}

#[test]
fn a_one_line_puzzle_a_cell_short_or_long_says_so() {
    let p80 = &TOP1[..80];
    for tail in [" x", " -", " 5", "\tx", " 9.5/1.2/1.2", "  ED=9.1", ""] {
        let text = format!("{p80}{tail}");
        let e = error(text.as_bytes());
        assert_eq!(
            where_and_why(&e),
            (
                1,
                81,
                80,
                Reason::CellCount {
                    cells: 80,
                    expected: 81
                },
                "the puzzle on line 1 has 80 cells, not 81".to_string()
            ),
            "{tail:?}"
        );
        assert_eq!((e.consumed, e.lines), (text.len(), 0));
    }
    // 82 cells: the 82nd is blamed, on a later line.
    let text = format!("# c\n{TOP1}5 ED=1.0\n{CLASSIC}\n");
    let items = all(text.as_bytes());
    let e = items[0].as_ref().unwrap_err();
    assert_eq!(
        where_and_why(e),
        (
            2,
            82,
            4 + 81,
            Reason::CellCount {
                cells: 82,
                expected: 81
            },
            "the puzzle on line 2 has 82 cells, not 81".to_string()
        )
    );
    assert_eq!(items[1].as_ref().unwrap().puzzle, givens(CLASSIC));
    // 81 cells on a line that is no grid row, split by separators: never "81, not 81".
    let split = format!("{}|{}", &TOP1[..40], &TOP1[40..]);
    let e = error(split.as_bytes());
    assert_eq!(
        e.reason,
        Reason::CellCount {
            cells: 81,
            expected: 81
        }
    );
    assert_eq!(
        e.to_string(),
        "line 1 has 81 cells but is no grid row or one-line puzzle (81 cells in one run, then a \
         space or the line's end)"
    );
    // The same for 81 cells in one run with a separator right after them.
    for sep in ["|", "=", ":"] {
        let joined = format!("{TOP1}{sep}");
        let e = error(joined.as_bytes());
        assert_eq!(
            e.reason,
            Reason::CellCount {
                cells: 81,
                expected: 81
            }
        );
        assert!(e.to_string().contains("or one-line puzzle"), "{e}");
    }
    // A border of rules without a digit is still a separator line, not a puzzle a cell short.
    let grid = format!(
        "{}\n{}",
        "-".repeat(79),
        layouts::solve_grid(&bytes81(TOP1))
    );
    assert_eq!(ok_puzzles(grid.as_bytes()), [givens(TOP1)]);
}

#[test]
fn a_text_ending_without_a_line_end_ends_on_its_last_line() {
    // Seven rows and an eighth without a line end: 79 bytes, 8 lines.
    let rows: Vec<&str> = (0..8).map(|r| &TOP1[r * 9..r * 9 + 9]).collect();
    let text = rows.join("\n");
    assert_eq!(text.len(), 79);
    let e = error(text.as_bytes());
    assert_eq!(
        where_and_why(&e),
        (
            8,
            10,
            79,
            Reason::ShortGrid {
                rows: 8,
                at_end: true
            },
            "the grid ends after 8 rows, at the end of the text".to_string()
        )
    );
    // With the line end, the end of the text is on the (empty) ninth line.
    let e = error(format!("{text}\n").as_bytes());
    assert_eq!((e.line, e.column, e.offset), (9, 1, 80));
    // After a puzzle and a comment, in whole-text numbering.
    let text = format!("{TOP1}\n# c\r\n{}", rows[..3].join("\r\n"));
    let items = all(text.as_bytes());
    let e = items[1].as_ref().unwrap_err();
    assert_eq!((e.line, e.column, e.offset), (5, 10, text.len()));
    // A one-liner a cell short, without a line end.
    let text = format!("{TOP1}\n{}", &CLASSIC[..80]);
    let items = all(text.as_bytes());
    let e = items[1].as_ref().unwrap_err();
    assert_eq!((e.line, e.column, e.offset), (2, 81, text.len()));
    // A candidate grid of 8 rows without a line end.
    let masks = *peer_candidates(CLASSIC).masks();
    let grid = layouts::candidate_grid(&masks);
    let lines: Vec<&str> = grid.lines().collect();
    let cut = lines
        .iter()
        .rposition(|l| l.contains(|c: char| c.is_ascii_digit()))
        .unwrap();
    let text = lines[..cut].join("\n");
    let e = error(text.as_bytes());
    let last = lines[cut - 1];
    assert_eq!(
        (e.line, e.column, e.offset, e.reason),
        (
            cut,
            last.chars().count() + 1,
            text.len(),
            Reason::ShortGrid {
                rows: 8,
                at_end: true
            }
        )
    );
}

/// Counts the allocations of the current thread (for the "no allocation" promise of
/// `sudoku_read_puzzle`, and of the calls `conflicts.rs` checks): every allocation of this test
/// binary goes through it.
struct CountingAllocator;

/// The allocations `f` makes on the current thread.
pub(crate) fn allocations_during(f: impl FnOnce()) -> usize {
    let before = ALLOCATIONS.with(|n| n.get());
    f();
    ALLOCATIONS.with(|n| n.get()) - before
}

thread_local! {
    static ALLOCATIONS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

// SAFETY: forwards to the system allocator; the count is a thread-local without destructor.
unsafe impl std::alloc::GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: std::alloc::Layout) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
        // SAFETY: the caller's layout, passed on.
        unsafe { std::alloc::System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: std::alloc::Layout) {
        // SAFETY: allocated by `alloc` above with this layout.
        unsafe { std::alloc::System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static COUNTING: CountingAllocator = CountingAllocator;

#[test]
fn the_c_call_allocates_nothing_on_success_or_failure() {
    let texts: Vec<Vec<u8>> = vec![
        TOP1.as_bytes().to_vec(),
        b"4..\n".to_vec(),
        b"x\n".to_vec(),
        b"\n\n".to_vec(),
        b"11 2 3 4 5 6 7 8 9\n".to_vec(),
        "1 2 3\n4 x y\u{e9}\n".as_bytes().to_vec(),
        format!("{} 9.5/1.2/1.2", &TOP1[..80]).into_bytes(),
        format!("{}\n{}", "1........\n".repeat(7), "\u{e9}".repeat(200)).into_bytes(),
        "1........\n".repeat(8).into_bytes(),
        "1........\n".repeat(10).into_bytes(),
        layouts::pencilmark_line(peer_candidates(CLASSIC).masks()).into_bytes(),
        layouts::candidate_grid(peer_candidates(CLASSIC).masks()).into_bytes(),
    ];
    for text in &texts {
        for with_candidates in [false, true] {
            let before = ALLOCATIONS.with(|n| n.get());
            let (status, _, _, info) = c_read(text.as_ptr().cast(), text.len(), with_candidates);
            let after = ALLOCATIONS.with(|n| n.get());
            assert_eq!(
                after - before,
                0,
                "{status:?} {:?}: {}",
                String::from_utf8_lossy(text),
                message(&info)
            );
        }
    }
}

#[test]
fn the_end_of_a_one_row_grid_after_a_byte_order_mark_is_counted_without_it() {
    let e = error("\u{feff}1........".as_bytes());
    assert_eq!((e.line, e.column, e.offset), (1, 10, 12));
}

#[test]
fn the_c_call_refuses_outputs_that_overlap_each_other_or_the_text() {
    // One buffer holding the text, then room for every output: each case points two of them
    // at shared bytes, and nothing may be written.
    let line = TOP1.as_bytes();
    // SAFETY: zeroed is a valid sudoku_read_info.
    let mut info: sudoku_read_info = unsafe { std::mem::zeroed() };
    // SAFETY: a live, writable sudoku_read_info.
    let status = unsafe { sudoku_read_info_init_size(&mut info, std::mem::size_of_val(&info)) };
    assert_eq!(status, SUDOKU_OK);
    let fresh = info;
    #[repr(C, align(8))]
    struct Space([u8; 1024]);
    let mut space = Space([b'#'; 1024]);
    space.0[..81].copy_from_slice(&line[..81]);
    let before = space.0;
    let base = space.0.as_mut_ptr();
    let masks = std::ptr::null_mut::<u16>();
    // SAFETY: every pointer is inside `space` (1024 writable bytes) or the local info; the
    // calls are refused before writing anything.
    unsafe {
        let text = base.cast_const().cast::<c_char>();
        // The board inside the text.
        let mut i = fresh;
        assert_eq!(
            sudoku_read_puzzle(text, 81, base.add(40).cast(), masks, &mut i),
            SUDOKU_INVALID_ARGUMENT
        );
        assert_eq!(i.consumed, fresh.consumed);
        // The candidates overlapping the board.
        assert_eq!(
            sudoku_read_puzzle(text, 81, base.add(200).cast(), base.add(270).cast(), &mut i),
            SUDOKU_INVALID_ARGUMENT
        );
        // The info overlapping the board (the info copied there first).
        let at = base.add(512).cast::<sudoku_read_info>();
        at.write_unaligned(fresh);
        let snapshot = space.0;
        assert_eq!(
            sudoku_read_puzzle(text, 81, base.add(500).cast(), masks, at),
            SUDOKU_INVALID_ARGUMENT
        );
        assert_eq!(space.0, snapshot);
        space.0 = before;
        // Apart, the same call reads the puzzle.
        assert_eq!(
            sudoku_read_puzzle(text, 81, base.add(200).cast(), base.add(400).cast(), &mut i),
            SUDOKU_OK
        );
        let mut board = [0u8; 81];
        board.copy_from_slice(&space.0[200..281]);
        assert_eq!(
            read_puzzle(&line[..81]).map(|r| r.map(|r| r.puzzle)),
            Ok(Some(Puzzle::Givens(board)))
        );
    }
}

#[test]
fn rules_and_box_drawn_rows_from_other_programs() {
    // From a new user's trial of files written by other programs.
    let sparse =
        ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...";
    let p = bytes81(sparse);
    let row = |r: usize, bar: &str| -> String {
        let cells: Vec<String> = (0..3)
            .map(|k| {
                let cell = |i: usize| char::from(p[9 * r + 3 * k + i]).to_string();
                [cell(0), cell(1), cell(2)].join(" ")
            })
            .collect();
        format!("{bar} {} {bar}", cells.join(&format!(" {bar} ")))
    };
    // A box-drawn row of blanks is a row (its bars separate cells, as `|` does), with light,
    // heavy and double bars; a line of bars alone is a separator line.
    for bar in ["│", "┃", "║"] {
        let mut text = String::from("┌───────┬───────┬───────┐\n");
        for r in 0..9 {
            text += &row(r, bar);
            text += "\n";
            if r == 4 {
                text += &format!("{bar}       {bar}       {bar}       {bar}\n");
            }
        }
        text += "└───────┴───────┴───────┘\n";
        assert_eq!(ok_puzzles(text.as_bytes()), [givens(sparse)], "{bar}");
    }
    // A rule between one-line puzzles starts a grid that ends with no row: one diagnostic, at
    // the line that ends it, and the puzzles around it are read (as c-api.md says).
    let text = format!("{TOP1}\n------+-------+------\n{TOP1}\n");
    let items = all(text.as_bytes());
    assert_eq!(items.len(), 3);
    assert_eq!(items[0].as_ref().unwrap().puzzle, givens(TOP1));
    let e = items[1].as_ref().unwrap_err();
    assert_eq!(
        (e.line, e.reason),
        (
            3,
            Reason::ShortGrid {
                rows: 0,
                at_end: false
            }
        )
    );
    assert_eq!(items[2].as_ref().unwrap().puzzle, givens(TOP1));
}
