//! Helpers shared by the integration tests: the data files, an independent rule checker and a
//! small reference solver that shares no code with the library, so the library's answers are
//! checked against something other than themselves.

#![allow(dead_code)] // each test binary uses its own subset of these helpers

use std::ffi::c_char;
use std::path::PathBuf;

/// Cells on a board.
pub const CELLS: usize = 81;

/// A board in the C layout: 81 bytes, row-major, no terminator.
pub type CBoard = [c_char; CELLS];

/// Well-known puzzles with their unique solutions, as (puzzle, solution).
pub const KNOWN: [(&str, &str); 3] = [
    // The example puzzle of Wikipedia's "Sudoku" article.
    (
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
    ),
    // Arto Inkala's 2012 "world's hardest sudoku" (blanks written as '0').
    (
        "800000000003600000070090200050007000000045700000100030001000068008500010090000400",
        "812753649943682175675491283154237896369845721287169534521974368438526917796318452",
    ),
    // The first puzzle of magictour's top1465.
    (
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        "468931527751624839392578461134756298289413675675289314846192753513867942927345186",
    ),
];

/// The directory of the shared puzzle files: `$SUDOKU_DATA_DIR`, or `../shared/data` beside the
/// repository root.
pub fn data_dir() -> PathBuf {
    match std::env::var_os("SUDOKU_DATA_DIR") {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data")),
    }
}

/// Reads every puzzle of a data file in [`data_dir`] (see [`parse_puzzles`] for the format).
pub fn read_puzzles(file: &str) -> Vec<[u8; CELLS]> {
    let path = data_dir().join(file);
    let bytes = std::fs::read(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e} (set SUDOKU_DATA_DIR?)", path.display()));
    parse_puzzles(&bytes, &path.display().to_string())
}

/// Splits a puzzle file: one puzzle a line, `#` lines are comments, blank lines are skipped, LF
/// or CRLF endings. Any other line that is not exactly 81 bytes fails the test, naming `name`
/// and the line number.
pub fn parse_puzzles(bytes: &[u8], name: &str) -> Vec<[u8; CELLS]> {
    let mut puzzles = Vec::new();
    for (index, line) in bytes.split(|&b| b == b'\n').enumerate() {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if line.is_empty() || line[0] == b'#' {
            continue;
        }
        let puzzle: [u8; CELLS] = line.try_into().unwrap_or_else(|_| {
            panic!(
                "{name}:{}: expected 81 bytes, got {}",
                index + 1,
                line.len()
            )
        });
        puzzles.push(puzzle);
    }
    puzzles
}

/// Converts text to the C layout.
pub fn to_c(text: &[u8; CELLS]) -> CBoard {
    text.map(|b| b as c_char)
}

/// Converts a C board back to bytes.
pub fn from_c(board: &CBoard) -> [u8; CELLS] {
    board.map(|b| b as u8)
}

/// A string of exactly 81 bytes as a byte array (panics otherwise: a bug in the test itself).
pub fn bytes81(s: &str) -> [u8; CELLS] {
    s.as_bytes().try_into().expect("test board has 81 bytes")
}

/// True when `a` and `b` are distinct cells sharing a row, a column or a box.
pub fn are_peers(a: usize, b: usize) -> bool {
    let (ra, ca, rb, cb) = (a / 9, a % 9, b / 9, b % 9);
    a != b && (ra == rb || ca == cb || (ra / 3 == rb / 3 && ca / 3 == cb / 3))
}

/// Digit of a board byte: `Some(0)` for a blank, `Some(1..=9)` for a given, `None` if invalid.
pub fn digit_of(byte: u8) -> Option<u8> {
    match byte {
        b'.' | b'0' => Some(0),
        b'1'..=b'9' => Some(byte - b'0'),
        _ => None,
    }
}

/// What the reference validator finds wrong with a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fault {
    /// The first faulty cell holds a byte outside the format.
    InvalidCharacter(usize),
    /// The first faulty cell repeats a given of a lower-index peer.
    ConflictingGivens(usize),
}

/// Reference validation, written the slow, obvious way: scan cells in row-major order and report
/// the first that is an invalid byte or repeats the given of a lower-index peer.
pub fn reference_fault(text: &[u8; CELLS]) -> Option<Fault> {
    for cell in 0..CELLS {
        match digit_of(text[cell]) {
            None => return Some(Fault::InvalidCharacter(cell)),
            Some(0) => {}
            Some(d) => {
                let repeats = (0..cell).any(|q| are_peers(q, cell) && digit_of(text[q]) == Some(d));
                if repeats {
                    return Some(Fault::ConflictingGivens(cell));
                }
            }
        }
    }
    None
}

/// Checks `solution` against the rules and the givens of `puzzle`, both as text. Returns a
/// description of the first problem found.
pub fn check_solution(puzzle: &[u8; CELLS], solution: &[u8; CELLS]) -> Result<(), String> {
    for cell in 0..CELLS {
        let s = solution[cell];
        if !(b'1'..=b'9').contains(&s) {
            return Err(format!("cell {cell} holds byte {s:#04x}, not a digit"));
        }
        let p = puzzle[cell];
        if p != b'.' && p != b'0' && p != s {
            return Err(format!(
                "cell {cell} holds {} but the given is {}",
                s as char, p as char
            ));
        }
    }
    for house in 0..9 {
        let row: Vec<usize> = (0..9).map(|i| house * 9 + i).collect();
        let col: Vec<usize> = (0..9).map(|i| i * 9 + house).collect();
        let boxed: Vec<usize> = (0..9)
            .map(|i| (house / 3 * 3 + i / 3) * 9 + house % 3 * 3 + i % 3)
            .collect();
        for (kind, cells) in [("row", row), ("column", col), ("box", boxed)] {
            let mut seen: Vec<u8> = cells.iter().map(|&c| solution[c]).collect();
            seen.sort_unstable();
            if seen != b"123456789" {
                return Err(format!("{kind} {house} does not hold each digit once"));
            }
        }
    }
    Ok(())
}

/// Reference solver: plain backtracking over the cell with the fewest candidates. Returns the
/// number of solutions (at most `limit`) and the first one found, as text. The board must pass
/// [`reference_fault`].
pub fn reference_solve(text: &[u8; CELLS], limit: u64) -> (u64, Option<[u8; CELLS]>) {
    let mut grid = text.map(|b| digit_of(b).expect("reference_solve needs a valid board"));
    let mut found = (0, None);
    reference_search(&mut grid, limit, &mut found);
    (found.0, found.1.map(|g: [u8; CELLS]| g.map(|d| b'0' + d)))
}

/// The digits held in each row, column and box (bit d for digit d; bit 0 marks a blank).
fn house_masks(grid: &[u8; CELLS]) -> [[u16; 9]; 3] {
    let mut masks = [[0u16; 9]; 3];
    for (cell, &d) in grid.iter().enumerate() {
        let (r, c) = (cell / 9, cell % 9);
        masks[0][r] |= 1 << d;
        masks[1][c] |= 1 << d;
        masks[2][r / 3 * 3 + c / 3] |= 1 << d;
    }
    masks
}

fn reference_search(grid: &mut [u8; CELLS], limit: u64, found: &mut (u64, Option<[u8; CELLS]>)) {
    let masks = house_masks(grid);
    let mut best: Option<(usize, u16)> = None;
    for (cell, &digit) in grid.iter().enumerate() {
        if digit == 0 {
            let (r, c) = (cell / 9, cell % 9);
            let taken = masks[0][r] | masks[1][c] | masks[2][r / 3 * 3 + c / 3];
            let free = !taken & 0b11_1111_1110;
            if best.map_or(true, |(_, b)| free.count_ones() < b.count_ones()) {
                best = Some((cell, free));
            }
        }
    }
    let Some((cell, free)) = best else {
        found.0 += 1;
        found.1.get_or_insert(*grid);
        return;
    };
    for d in 1..=9u8 {
        if free & (1 << d) != 0 {
            grid[cell] = d;
            reference_search(grid, limit, found);
            grid[cell] = 0;
            if found.0 >= limit {
                return;
            }
        }
    }
}
