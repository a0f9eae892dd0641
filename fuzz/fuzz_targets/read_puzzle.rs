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

use std::ffi::{c_char, CStr};

use libfuzzer_sys::fuzz_target;
use sudoku::ffi::{
    sudoku_read_info, sudoku_read_info_init, sudoku_read_puzzle, sudoku_status,
    SUDOKU_PUZZLE_CANDIDATES, SUDOKU_PUZZLE_GIVENS,
};
use sudoku::format::{puzzles, read_puzzle, Puzzle, Reason};

fn check_stream(text: &[u8]) {
    let mut rust = puzzles(text);
    let mut pos = 0;
    let mut first_line = 1;
    loop {
        let rest = &text[pos..];
        let mut board = [b'#'; 81];
        let mut candidates = [0xBEEFu16; 81];
        // SAFETY: zeroed bytes are a valid sudoku_read_info; init sets struct_size.
        let mut info: sudoku_read_info = unsafe { std::mem::zeroed() };
        unsafe { sudoku_read_info_init(&mut info) };
        info.first_line = first_line;
        // SAFETY: `rest` is `rest.len()` readable bytes (the fuzzer's exact-size buffer); the
        // outputs are live buffers of the documented sizes.
        let status = unsafe {
            sudoku_read_puzzle(
                rest.as_ptr().cast::<c_char>(),
                rest.len(),
                board.as_mut_ptr().cast(),
                candidates.as_mut_ptr(),
                &mut info,
            )
        };
        assert!(info.consumed <= rest.len());
        // SAFETY: the message is NUL-terminated within its array.
        let message = unsafe { CStr::from_ptr(info.message.as_ptr()) }
            .to_str()
            .unwrap();
        match (status, rust.next()) {
            (sudoku_status::SUDOKU_END_OF_INPUT, None) => {
                assert_eq!(info.consumed, rest.len());
                assert_eq!(board, [b'#'; 81]);
                assert_eq!(candidates, [0xBEEF; 81]);
                return;
            }
            (sudoku_status::SUDOKU_OK, Some(Ok(read))) => {
                assert_eq!(
                    (info.consumed, info.line, info.offset + pos),
                    (read.consumed, read.line, read.offset)
                );
                match read.puzzle {
                    Puzzle::Givens(cells) => {
                        assert_eq!(info.kind, SUDOKU_PUZZLE_GIVENS);
                        assert_eq!(board, cells);
                        assert_eq!(candidates, [0xBEEF; 81]);
                    }
                    Puzzle::Candidates(c) => {
                        assert_eq!(info.kind, SUDOKU_PUZZLE_CANDIDATES);
                        assert_eq!(&candidates, c.masks());
                        assert_eq!(board, c.singles_text());
                    }
                }
                assert_eq!(message, "");
            }
            (sudoku_status::SUDOKU_INVALID_FORMAT, Some(Err(e))) => {
                assert_eq!(board, [b'#'; 81]);
                assert_eq!(candidates, [0xBEEF; 81]);
                assert_eq!(
                    (info.consumed, info.line, info.column, info.offset + pos),
                    (e.consumed, e.line, e.column, e.offset)
                );
                assert_eq!(message, e.to_string());
                assert!(message.is_ascii() && !message.is_empty());
                if let Reason::CellCount { cells, expected } = e.reason {
                    // Never "N cells, not N".
                    assert!(cells != expected || !message.contains(", not"), "{message}");
                }
                // The fault is on a line of the text (at most the line after its last line end).
                let line_ends = text
                    .iter()
                    .enumerate()
                    .filter(|&(i, &b)| {
                        b == b'\n' || (b == b'\r' && text.get(i + 1) != Some(&b'\n'))
                    })
                    .count();
                assert!(
                    e.line <= line_ends + 1,
                    "line {} of {line_ends} + 1",
                    e.line
                );
            }
            (status, other) => panic!("C gave {status:?}, Rust {other:?}"),
        }
        assert!(info.consumed > 0, "no progress");
        pos += info.consumed;
        first_line = info.first_line;
    }
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
