//! Calls into the C API exactly as a C program would: 81-byte `char` buffers, out-parameters
//! preset to a sentinel so that an unwanted write shows. Shared by the test crates and (through
//! `#[path]`) the fuzz targets; each uses only part of it.
#![allow(dead_code)]

use std::ffi::c_char;

use sudoku::ffi::{self, sudoku_status};

/// Bytes in a board.
pub const CELLS: usize = 81;

/// Sentinels for out-parameters: values the library never writes, so a write is visible.
const COUNT_UNTOUCHED: u64 = u64::MAX - 7;
const CELL_UNTOUCHED: usize = usize::MAX - 7;

/// An 81-character literal as board bytes (panics on another length).
pub fn board(text: &str) -> [u8; CELLS] {
    text.as_bytes()
        .try_into()
        .expect("a board literal has 81 characters")
}

fn as_c(board: &[u8; CELLS]) -> [c_char; CELLS] {
    board.map(|b| b as c_char)
}

fn from_c(board: &[c_char; CELLS]) -> [u8; CELLS] {
    board.map(|b| b as u8)
}

/// `sudoku_solve` on a copy of `board`: the status and the buffer afterwards.
pub fn solve(board: &[u8; CELLS]) -> (sudoku_status, [u8; CELLS]) {
    let mut buf = as_c(board);
    // SAFETY: buf is 81 readable and writable bytes.
    let status = unsafe { ffi::sudoku_solve(buf.as_mut_ptr()) };
    (status, from_c(&buf))
}

/// `sudoku_solve_unique` on a copy of `board`: the status and the buffer afterwards.
pub fn solve_unique(board: &[u8; CELLS]) -> (sudoku_status, [u8; CELLS]) {
    let mut buf = as_c(board);
    // SAFETY: buf is 81 readable and writable bytes.
    let status = unsafe { ffi::sudoku_solve_unique(buf.as_mut_ptr()) };
    (status, from_c(&buf))
}

/// `sudoku_count_solutions`: the status and `*count` (None when it was not written). Panics if
/// the function wrote to the board, which it must only read.
pub fn count(board: &[u8; CELLS], limit: u64) -> (sudoku_status, Option<u64>) {
    let buf = as_c(board);
    let mut n = COUNT_UNTOUCHED;
    // SAFETY: buf is 81 readable bytes; n is a writable u64.
    let status = unsafe { ffi::sudoku_count_solutions(buf.as_ptr(), limit, &mut n) };
    assert_eq!(
        from_c(&buf),
        *board,
        "sudoku_count_solutions wrote to the board"
    );
    (status, (n != COUNT_UNTOUCHED).then_some(n))
}

/// `sudoku_validate`: the status and `*cell` (None when it was not written).
pub fn validate(board: &[u8; CELLS]) -> (sudoku_status, Option<usize>) {
    let buf = as_c(board);
    let mut cell = CELL_UNTOUCHED;
    // SAFETY: buf is 81 readable bytes; cell is a writable size_t.
    let status = unsafe { ffi::sudoku_validate(buf.as_ptr(), &mut cell) };
    (status, (cell != CELL_UNTOUCHED).then_some(cell))
}
