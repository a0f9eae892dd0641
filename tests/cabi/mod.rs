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

/// A `sudoku_transform` no valid call writes (transpose 0xEE), to see whether a call wrote one.
pub const TRANSFORM_UNTOUCHED: ffi::sudoku_transform = ffi::sudoku_transform {
    transpose: 0xEE,
    rows: [0xEE; 9],
    columns: [0xEE; 9],
    digits: [0xEE; 10],
};

/// A board buffer no call writes (`'#'` bytes, never a canonical board).
const BOARD_UNTOUCHED: [u8; CELLS] = [b'#'; CELLS];

/// `sudoku_canonicalize`: the status, the form and the transformation (None when not written).
/// Panics if the function wrote to the board, or wrote the form without the transformation or
/// the other way round.
pub fn canonicalize(
    board: &[u8; CELLS],
) -> (
    sudoku_status,
    Option<[u8; CELLS]>,
    Option<ffi::sudoku_transform>,
) {
    let buf = as_c(board);
    let mut form = as_c(&BOARD_UNTOUCHED);
    let mut t = TRANSFORM_UNTOUCHED;
    // SAFETY: buf is 81 readable bytes, form 81 writable bytes, t a writable sudoku_transform.
    let status = unsafe { ffi::sudoku_canonicalize(buf.as_ptr(), form.as_mut_ptr(), &mut t) };
    assert_eq!(
        from_c(&buf),
        *board,
        "sudoku_canonicalize wrote to the board"
    );
    let form = (from_c(&form) != BOARD_UNTOUCHED).then(|| from_c(&form));
    let t = (t != TRANSFORM_UNTOUCHED).then_some(t);
    assert_eq!(
        form.is_some(),
        t.is_some(),
        "form and transformation written together"
    );
    (status, form, t)
}

/// `sudoku_transform_apply`: the status and the image (None when not written).
pub fn transform_apply(
    t: &ffi::sudoku_transform,
    board: &[u8; CELLS],
) -> (sudoku_status, Option<[u8; CELLS]>) {
    let buf = as_c(board);
    let mut out = as_c(&BOARD_UNTOUCHED);
    // SAFETY: t is a readable sudoku_transform, buf 81 readable bytes, out 81 writable bytes.
    let status = unsafe { ffi::sudoku_transform_apply(t, buf.as_ptr(), out.as_mut_ptr()) };
    assert_eq!(
        from_c(&buf),
        *board,
        "sudoku_transform_apply wrote to the board"
    );
    (
        status,
        (from_c(&out) != BOARD_UNTOUCHED).then(|| from_c(&out)),
    )
}

/// `sudoku_transform_invert`: the status and the inverse (None when not written).
pub fn transform_invert(
    t: &ffi::sudoku_transform,
) -> (sudoku_status, Option<ffi::sudoku_transform>) {
    let mut inverse = TRANSFORM_UNTOUCHED;
    // SAFETY: t is a readable sudoku_transform, inverse a writable one.
    let status = unsafe { ffi::sudoku_transform_invert(t, &mut inverse) };
    (status, (inverse != TRANSFORM_UNTOUCHED).then_some(inverse))
}
