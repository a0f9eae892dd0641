//! `sudoku_read_puzzle` on arbitrary bytes, read in a loop as a C program reads a stream: the
//! text is the fuzz input itself (an exact-size buffer, so a read past `len` is a sanitizer
//! report); every call consumes at least one byte and at most what is left (all of it on
//! `SUDOKU_END_OF_INPUT`); `board` and `candidates` are written only on `SUDOKU_OK` (candidates
//! only for a candidate puzzle); and each call agrees with the Rust iterator `sudoku::puzzles`
//! (same puzzle, or the same line, column, offset, consumed bytes and message; a fault on a line
//! of the text, and never a message "N cells, not N"). Then a round
//! trip: the board the input's first 81 bytes stand for, printed as one line, as the grid
//! `build/solve` prints and as a Simple Sudoku grid, reads back equal.
#![no_main]

use libfuzzer_sys::fuzz_target;
use libsudoku_fuzz::reader_loop::check_c_loop;
use sudoku::format::{read_puzzle, Puzzle};

/// The input read in a loop through the C call, checked call by call against the Rust iterator
/// (`tests/reader_loop/`, the checks `tests/read_formats.rs` runs too).
fn check_stream(text: &[u8]) {
    // SAFETY: `text` is the fuzzer's buffer, readable for exactly `text.len()` bytes.
    unsafe { check_c_loop(text.as_ptr().cast(), text) };
}

/// The board the first 81 bytes stand for (each byte modulo 10: 0 a blank, else a digit).
fn round_trip(data: &[u8]) {
    let mut cells = [b'.'; 81];
    for (c, &b) in cells.iter_mut().zip(data) {
        let d = b % 10;
        if d != 0 {
            *c = b'0' + d;
        }
    }
    let rows: Vec<&[u8]> = cells.chunks(9).collect();
    let line = String::from_utf8(cells.to_vec()).unwrap();
    let mut solve = String::from("Puzzle:\n");
    let mut simple = String::from("*-----------*\n");
    for (i, r) in rows.iter().enumerate() {
        let r = std::str::from_utf8(r).unwrap();
        if i == 3 || i == 6 {
            solve += "------+-------+------\n";
            simple += "|---+---+---|\n";
        }
        let spaced: Vec<String> = r.chars().map(String::from).collect();
        solve += &format!(
            "{} | {} | {}\n",
            spaced[0..3].join(" "),
            spaced[3..6].join(" "),
            spaced[6..9].join(" ")
        );
        simple += &format!("|{}|{}|{}|\n", &r[0..3], &r[3..6], &r[6..9]);
    }
    simple += "*-----------*\n";
    for text in [line, solve, simple] {
        let read = read_puzzle(text.as_bytes()).unwrap().unwrap();
        assert_eq!(read.puzzle, Puzzle::Givens(cells), "{text}");
        assert_eq!(read.consumed, text.len());
    }
}

fuzz_target!(|data: &[u8]| {
    check_stream(data);
    round_trip(data);
});
