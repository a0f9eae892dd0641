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

use reference::CELLS;

/// The board a raw input stands for: its first 81 bytes, padded with blanks when shorter (so short
/// inputs are still boards and the fuzzer needs no 81-byte prefix to make progress).
pub fn board_from(data: &[u8]) -> [u8; CELLS] {
    let mut board = [b'.'; CELLS];
    let n = data.len().min(CELLS);
    board[..n].copy_from_slice(&data[..n]);
    board
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
