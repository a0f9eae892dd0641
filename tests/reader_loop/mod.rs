//! The C reader read in a loop, as a C program reads a stream, each call checked against the
//! Rust iterator `sudoku::puzzles` on the same text. Shared by `tests/read_formats.rs` (the text
//! ending at an unreadable page) and the `read_puzzle` fuzz target (the fuzzer's exact-size
//! buffer), so both check the same promises:
//! - every call consumes at least one byte and at most what is left (all of it on
//!   `SUDOKU_END_OF_INPUT`), and `first_line` moves on by the lines it consumed;
//! - `board` and `candidates` are written only on `SUDOKU_OK` (candidates only for a candidate
//!   puzzle), and then hold the iterator's puzzle;
//! - on `SUDOKU_INVALID_FORMAT` the line, column, offset, consumed bytes and message are the
//!   iterator's; the message is ASCII, never "N cells, not N", and names a line of the text.
#![allow(dead_code)] // each user calls part of it

use std::ffi::{c_char, CStr};

use sudoku::ffi::sudoku_status::{self, *};
use sudoku::ffi::{
    sudoku_read_info, sudoku_read_info_init, sudoku_read_puzzle, SUDOKU_PUZZLE_CANDIDATES,
    SUDOKU_PUZZLE_GIVENS,
};
use sudoku::format::{puzzles, Puzzle, Reason};

/// One C call on `len` bytes at `text`, with sentinel-filled outputs (`b'#'` and `0xBEEF`) and a
/// fresh info whose `first_line` is set: status, board, candidates (NULL unless
/// `with_candidates`), info.
///
/// # Safety
/// `text` must point to `len` readable bytes (or be NULL with `len == 0`).
pub unsafe fn c_read_from(
    text: *const c_char,
    len: usize,
    with_candidates: bool,
    first_line: usize,
) -> (sudoku_status, [u8; 81], [u16; 81], sudoku_read_info) {
    let mut board = [b'#'; 81];
    let mut candidates = [0xBEEFu16; 81];
    // SAFETY: zeroed bytes are a valid sudoku_read_info; init sets struct_size.
    let mut info: sudoku_read_info = unsafe { std::mem::zeroed() };
    // SAFETY: a live, writable info.
    unsafe { sudoku_read_info_init(&mut info) };
    assert_eq!(info.first_line, 1);
    info.first_line = first_line;
    let cands = if with_candidates {
        candidates.as_mut_ptr()
    } else {
        std::ptr::null_mut()
    };
    // SAFETY: the caller passes `len` readable bytes; the outputs are live buffers.
    let status =
        unsafe { sudoku_read_puzzle(text, len, board.as_mut_ptr().cast(), cands, &mut info) };
    (status, board, candidates, info)
}

/// The info's message (NUL-terminated within its array, as documented).
pub fn message(info: &sudoku_read_info) -> String {
    // SAFETY: the library NUL-terminates the message.
    unsafe { CStr::from_ptr(info.message.as_ptr()) }
        .to_str()
        .expect("an ASCII message")
        .to_string()
}

/// Reads every puzzle of `text` through the C call and checks each call against the Rust
/// iterator (see the module doc). Returns the number of puzzles read.
///
/// # Safety
/// `start` must point to a copy of `text` (the same `text.len()` bytes), readable for
/// `text.len()` bytes; it may lie just before an unreadable page.
pub unsafe fn check_c_loop(start: *const c_char, text: &[u8]) -> usize {
    let mut rust = puzzles(text);
    let mut pos = 0;
    let mut first_line = 1;
    let mut read_count = 0;
    loop {
        let rest = text.len() - pos;
        // SAFETY: `start + pos` has `rest` readable bytes, by the caller's guarantee.
        let (status, board, candidates, info) =
            unsafe { c_read_from(start.add(pos), rest, true, first_line) };
        assert!(info.consumed <= rest);
        assert_eq!(info.first_line, first_line + info.lines);
        let message = message(&info);
        match (status, rust.next()) {
            (SUDOKU_END_OF_INPUT, None) => {
                assert_eq!(info.consumed, rest);
                assert_eq!(board, [b'#'; 81]);
                assert_eq!(candidates, [0xBEEF; 81]);
                return read_count;
            }
            (SUDOKU_OK, Some(Ok(read))) => {
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
                read_count += 1;
            }
            (SUDOKU_INVALID_FORMAT, Some(Err(e))) => {
                assert_eq!(board, [b'#'; 81]);
                assert_eq!(candidates, [0xBEEF; 81]);
                assert_eq!(
                    (info.consumed, info.line, info.column, info.offset + pos),
                    (e.consumed, e.line, e.column, e.offset)
                );
                assert_ne!(info.reason, 0);
                assert_eq!(message, e.to_string());
                assert!(message.is_ascii() && !message.is_empty());
                if let Reason::CellCount { cells, expected } = e.reason {
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
