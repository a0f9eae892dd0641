//! What the fuzz targets share: the C-API wrappers, the contract checks and the reader-loop
//! checks of the test suite (included from `tests/`), and the reference engine of the test kit (`sudoku-testkit`), so
//! fuzzing and `cargo test` check the same promises against the same oracle; and the reading of
//! raw fuzz input as a board and a count limit. A broken promise panics, which libFuzzer reports
//! as a crash with the input saved.

#[path = "../../tests/cabi/mod.rs"]
pub mod cabi;
#[path = "../../tests/canon_contract/mod.rs"]
pub mod canon_contract;
#[path = "../../tests/contract/mod.rs"]
pub mod contract;
#[path = "../../tests/reader_loop/mod.rs"]
pub mod reader_loop;

pub use sudoku_testkit::reference;
pub use sudoku_testkit::symmetry::{given_orbits, symmetry_orbit};

pub use cabi::{count, list, solve, solve_unique, validate};
pub use contract::{
    check_all, check_arguments, check_conflicts, check_count, check_list, check_solve,
    check_validate,
};

use std::ffi::c_char;

use reference::CELLS;

/// The board a raw input stands for: its first 81 bytes, padded with blanks when shorter (so short
/// inputs are still boards and the fuzzer needs no 81-byte prefix to make progress).
pub fn board_from(data: &[u8]) -> [u8; CELLS] {
    let mut board = [b'.'; CELLS];
    let n = data.len().min(CELLS);
    board[..n].copy_from_slice(&data[..n]);
    board
}

/// The most boards a batch target's input holds.
pub const MAX_BATCH: usize = 16;

/// What a batch target's output slot holds before the call: not a board byte, so any write shows.
pub const UNWRITTEN: u8 = 0xAA;

/// A batch target's boards and buffers: `rest` cut into boards of 81 bytes (at most
/// [`MAX_BATCH`], a shorter last one padded with blanks), the boards as C text, and the output
/// buffer: a copy of that text when `in_place`, else [`UNWRITTEN`] bytes.
pub fn batch_from(rest: &[u8], in_place: bool) -> (Vec<[u8; CELLS]>, Vec<c_char>, Vec<c_char>) {
    let boards: Vec<[u8; CELLS]> = rest.chunks(CELLS).take(MAX_BATCH).map(board_from).collect();
    let text: Vec<c_char> = boards.iter().flatten().map(|&b| b as c_char).collect();
    let output = if in_place {
        text.clone()
    } else {
        vec![UNWRITTEN as c_char; text.len()]
    };
    (boards, text, output)
}

/// The count limit a raw input asks for: the (up to) two bytes after the board, little-endian,
/// reduced to 0-1000, or 2 when there are none. Limits stay small so that no input is slow
/// (counting is linear in the limit on boards with many solutions); it still reaches 0 (an
/// invalid argument), 1, 2 and the many-solution paths. Huge limits are in tests/regressions.rs.
pub fn limit_from(data: &[u8]) -> u64 {
    let raw = match data.get(CELLS..) {
        None | Some([]) => return 2,
        Some([low]) => u16::from(*low),
        Some([low, high, ..]) => u16::from_le_bytes([*low, *high]),
    };
    u64::from(raw % 1001)
}

/// The generator's seed a raw input asks for: its first 8 bytes, little-endian (missing bytes 0).
pub fn seed_from(data: &[u8]) -> u64 {
    let mut bytes = [0u8; 8];
    for (b, d) in bytes.iter_mut().zip(data) {
        *b = *d;
    }
    u64::from_le_bytes(bytes)
}

/// The reference's count of solutions (at most 2) of `board` with the cells of `removed` blank.
/// `board` must be valid.
pub fn count_without(board: &[u8; CELLS], removed: &[usize]) -> u64 {
    let mut less = *board;
    for &cell in removed {
        less[cell] = b'.';
    }
    reference::reference_solve(&less, 2).0
}

/// For the generators' targets: whether `status` is `SUDOKU_OK`; on any other status, checks
/// that neither output buffer (filled with `#` before the call) was written.
pub fn written_only_on_ok(
    status: sudoku::ffi::sudoku_status,
    puzzle: &[u8; CELLS],
    solution: &[u8; CELLS],
) -> bool {
    let ok = status == sudoku::ffi::sudoku_status::SUDOKU_OK;
    if !ok {
        assert_eq!(
            (*puzzle, *solution),
            ([b'#'; CELLS], [b'#'; CELLS]),
            "written on {status:?}"
        );
    }
    ok
}

/// For the pattern targets: the pattern raw input stands for. Its first 81 bytes, each below
/// byte 81's value marking a given's cell (written `'x'`, `'X'` or a digit), each from 0xFC up
/// copied as it is (mostly not a pattern character), any other a blank (`'.'` or `'0'`).
pub fn pattern_from(data: &[u8]) -> [u8; CELLS] {
    let byte = |i: usize| data.get(i).copied().unwrap_or(0);
    let threshold = byte(81);
    std::array::from_fn(|i| match byte(i) {
        b @ 0xFC.. => b,
        b if b < threshold => [b'x', b'X', b'1' + b % 9][usize::from(b % 3)],
        b => [b'.', b'0'][usize::from(b % 2)],
    })
}

/// Whether a pattern byte marks a given's cell (`'1'`-`'9'`, `'x'`, `'X'`).
fn is_pattern_cell(b: u8) -> bool {
    matches!(b, b'1'..=b'9' | b'x' | b'X')
}

/// What the pattern calls must refuse `pattern` with, decided here from the definitions: a byte
/// that is neither a cell's nor a blank's (`'.'`, `'0'`) is `SUDOKU_INVALID_CHARACTER`; fewer
/// than 17 cells, or two empty rows of a band or two empty columns of a stack (no puzzle fits),
/// `SUDOKU_INVALID_ARGUMENT`; `None` for a pattern a puzzle may fit.
pub fn pattern_refusal(pattern: &[u8; CELLS]) -> Option<sudoku::ffi::sudoku_status> {
    use sudoku::ffi::sudoku_status::*;
    if pattern
        .iter()
        .any(|&b| !is_pattern_cell(b) && b != b'.' && b != b'0')
    {
        return Some(SUDOKU_INVALID_CHARACTER);
    }
    let cell = |r: usize, c: usize| is_pattern_cell(pattern[r * 9 + c]);
    let empty_rows = |band: usize| {
        (0..3)
            .filter(|k| (0..9).all(|c| !cell(3 * band + k, c)))
            .count()
    };
    let empty_columns = |stack: usize| {
        (0..3)
            .filter(|k| (0..9).all(|r| !cell(r, 3 * stack + k)))
            .count()
    };
    let cells = pattern.iter().filter(|&&b| is_pattern_cell(b)).count();
    let unfit = (0..3).any(|chute| empty_rows(chute) >= 2 || empty_columns(chute) >= 2);
    (cells < 17 || unfit).then_some(SUDOKU_INVALID_ARGUMENT)
}

/// For the pattern targets: `status` is `refusal` when the call must refuse (decided by
/// [`pattern_refusal`] and the target's options), else `SUDOKU_OK` or `SUDOKU_NOT_FOUND`.
pub fn check_pattern_status(
    status: sudoku::ffi::sudoku_status,
    refusal: Option<sudoku::ffi::sudoku_status>,
) {
    use sudoku::ffi::sudoku_status::*;
    match refusal {
        Some(expected) => assert_eq!(status, expected),
        None => assert!(
            status == SUDOKU_OK || status == SUDOKU_NOT_FOUND,
            "{status:?}"
        ),
    }
}
