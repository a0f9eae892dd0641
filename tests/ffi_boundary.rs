//! The C boundary, exercised as a C caller would: `[c_char; 81]` buffers and raw pointers passed
//! to the `extern "C"` functions. Every status is checked exactly, and on every status other than
//! `SUDOKU_OK` the board and every output are checked to be byte-for-byte untouched.

use crate::common;

use std::ffi::{c_char, c_int, CStr};
use std::ptr;

use common::{
    bytes81, check_solution, from_c, reference_fault, reference_solve, to_c, CBoard, Fault, CELLS,
    KNOWN,
};
use sudoku::ffi::sudoku_status::{self, *};
use sudoku::ffi::{
    sudoku_count_solutions, sudoku_solve, sudoku_solve_unique, sudoku_status_message,
    sudoku_validate, sudoku_version,
};

/// Values written to outputs before a call, to see whether the call touched them.
const COUNT_SENTINEL: u64 = 0xDEAD_BEEF_DEAD_BEEF;
const CELL_SENTINEL: usize = 0x5EED_5EED;

fn solve(board: &mut CBoard) -> sudoku_status {
    // SAFETY: `board` is a live 81-byte buffer, readable and writable.
    unsafe { sudoku_solve(board.as_mut_ptr()) }
}

fn solve_unique(board: &mut CBoard) -> sudoku_status {
    // SAFETY: as for `solve`.
    unsafe { sudoku_solve_unique(board.as_mut_ptr()) }
}

/// Counts through the C API; returns the status and the value left in `*count`.
fn count(board: &CBoard, limit: u64) -> (sudoku_status, u64) {
    let mut n = COUNT_SENTINEL;
    // SAFETY: `board` is 81 readable bytes and `n` a writable u64.
    let status = unsafe { sudoku_count_solutions(board.as_ptr(), limit, &mut n) };
    (status, n)
}

/// Validates through the C API; returns the status and the value left in `*cell`.
fn validate(board: &CBoard) -> (sudoku_status, usize) {
    let mut cell = CELL_SENTINEL;
    // SAFETY: `board` is 81 readable bytes and `cell` a writable size_t.
    let status = unsafe { sudoku_validate(board.as_ptr(), &mut cell) };
    (status, cell)
}

fn message(status: c_int) -> String {
    let text = sudoku_status_message(status);
    assert!(!text.is_null());
    // SAFETY: the library returns a static NUL-terminated string, checked non-NULL above.
    unsafe { CStr::from_ptr(text) }
        .to_str()
        .expect("messages are UTF-8")
        .to_owned()
}

#[test]
fn status_codes_have_their_fixed_values() {
    let codes = [
        SUDOKU_OK,
        SUDOKU_NO_SOLUTION,
        SUDOKU_MULTIPLE_SOLUTIONS,
        SUDOKU_INVALID_CHARACTER,
        SUDOKU_CONFLICTING_GIVENS,
        SUDOKU_NULL_POINTER,
        SUDOKU_INVALID_ARGUMENT,
        SUDOKU_INTERNAL_ERROR,
        SUDOKU_INVALID_FORMAT,
        SUDOKU_END_OF_INPUT,
        SUDOKU_NOT_FOUND,
        SUDOKU_WRONG_DIGIT,
        SUDOKU_ALREADY_SOLVED,
        SUDOKU_NO_STEP,
        SUDOKU_BUFFER_TOO_SMALL,
    ];
    for (value, code) in codes.into_iter().enumerate() {
        assert_eq!(code as i32, value as i32, "{code:?}");
    }
    assert_eq!(
        std::mem::size_of::<sudoku_status>(),
        std::mem::size_of::<c_int>()
    );
}

/// Every byte value at every cell of a valid puzzle, through all four board functions. The
/// expected outcome comes from the reference validator and reference solver of the test kit (through `common`).
#[test]
fn every_byte_at_every_cell_gives_its_exact_status() {
    let base = bytes81(KNOWN[0].0);
    let mut outcomes = [0usize; 8];
    for cell in 0..CELLS {
        for byte in 0..=255u8 {
            let mut text = base;
            text[cell] = byte;
            let original = to_c(&text);
            let what = format!("cell {cell} byte {byte:#04x}");

            let fault = reference_fault(&text);
            let (fault_status, fault_cell) = match fault {
                Some(Fault::InvalidCharacter(c)) => (Some(SUDOKU_INVALID_CHARACTER), c),
                Some(Fault::ConflictingGivens(c)) => (Some(SUDOKU_CONFLICTING_GIVENS), c),
                None => (None, 0),
            };
            if fault.is_some() {
                // The base puzzle is valid, so the fault involves the changed cell: it is that
                // cell, or a later peer repeating its digit.
                let later_peer = fault_cell > cell && common::are_peers(fault_cell, cell);
                assert!(fault_cell == cell || later_peer, "{what}");
            }
            let (solutions, reference) = if fault.is_none() {
                reference_solve(&text, 2)
            } else {
                (0, None)
            };

            // sudoku_validate
            let board = original;
            let (status, at) = validate(&board);
            assert_eq!(board, original, "validate wrote the board, {what}");
            match fault_status {
                Some(expected) => assert_eq!((status, at), (expected, fault_cell), "{what}"),
                None => assert_eq!((status, at), (SUDOKU_OK, CELL_SENTINEL), "{what}"),
            }

            // sudoku_count_solutions at limit 2
            let board = original;
            let (status, n) = count(&board, 2);
            assert_eq!(board, original, "count wrote the board, {what}");
            match fault_status {
                Some(expected) => assert_eq!((status, n), (expected, COUNT_SENTINEL), "{what}"),
                None => assert_eq!((status, n), (SUDOKU_OK, solutions), "{what}"),
            }

            // sudoku_solve
            let mut board = original;
            let status = solve(&mut board);
            let expected = fault_status.unwrap_or(if solutions == 0 {
                SUDOKU_NO_SOLUTION
            } else {
                SUDOKU_OK
            });
            assert_eq!(status, expected, "solve, {what}");
            if status == SUDOKU_OK {
                assert_eq!(check_solution(&text, &from_c(&board)), Ok(()), "{what}");
            } else {
                assert_eq!(
                    board, original,
                    "solve wrote the board on {status:?}, {what}"
                );
            }

            // sudoku_solve_unique
            let mut board = original;
            let status = solve_unique(&mut board);
            let expected = fault_status.unwrap_or(match solutions {
                0 => SUDOKU_NO_SOLUTION,
                1 => SUDOKU_OK,
                _ => SUDOKU_MULTIPLE_SOLUTIONS,
            });
            assert_eq!(status, expected, "solve_unique, {what}");
            if status == SUDOKU_OK {
                assert_eq!(Some(from_c(&board)), reference, "{what}");
            } else {
                assert_eq!(board, original, "solve_unique wrote the board, {what}");
            }
            outcomes[expected as usize] += 1;
        }
    }
    // Sanity of the sweep itself: the interesting outcomes all occurred. (81 cells x 245
    // invalid bytes; digits are OK, unsolvable or conflicting depending on the cell.)
    assert_eq!(outcomes[SUDOKU_INVALID_CHARACTER as usize], 81 * 245);
    for status in [
        SUDOKU_OK,
        SUDOKU_NO_SOLUTION,
        SUDOKU_MULTIPLE_SOLUTIONS,
        SUDOKU_CONFLICTING_GIVENS,
    ] {
        assert!(outcomes[status as usize] > 0, "{status:?} never expected");
    }
}

/// Checks one bad board through every function: exact status, reported cell, nothing written.
fn assert_rejected(text: &[u8; CELLS], status: sudoku_status, cell: usize) {
    let original = to_c(text);
    let mut board = original;
    assert_eq!(validate(&board), (status, cell));
    assert_eq!(count(&board, 2), (status, COUNT_SENTINEL));
    assert_eq!(solve(&mut board), status);
    assert_eq!(board, original);
    assert_eq!(solve_unique(&mut board), status);
    assert_eq!(board, original);
    // A NULL `cell` is allowed and changes nothing but the report.
    // SAFETY: `board` is 81 readable bytes; NULL is documented as accepted for `cell`.
    let without_cell = unsafe { sudoku_validate(board.as_ptr(), ptr::null_mut()) };
    assert_eq!(without_cell, status);
}

fn placed(givens: &[(usize, u8)]) -> [u8; CELLS] {
    let mut text = [b'.'; CELLS];
    for &(cell, byte) in givens {
        text[cell] = byte;
    }
    text
}

#[test]
fn conflicts_in_a_row_a_column_and_a_box() {
    // Row 2 (cells 20 and 24), column 4 (cells 4 and 58), box 4 (cells 30 and 50).
    assert_rejected(
        &placed(&[(20, b'5'), (24, b'5')]),
        SUDOKU_CONFLICTING_GIVENS,
        24,
    );
    assert_rejected(
        &placed(&[(4, b'7'), (58, b'7')]),
        SUDOKU_CONFLICTING_GIVENS,
        58,
    );
    assert_rejected(
        &placed(&[(30, b'2'), (50, b'2')]),
        SUDOKU_CONFLICTING_GIVENS,
        50,
    );
    // A conflict inside an otherwise solvable puzzle: Wikipedia's puzzle has 5 at cell 0.
    let mut text = bytes81(KNOWN[0].0);
    text[8] = b'5';
    assert_rejected(&text, SUDOKU_CONFLICTING_GIVENS, 8);
}

#[test]
fn the_first_faulty_cell_is_reported() {
    // Pair 0/72 starts first but cell 23 is the first cell repeating a lower-index given.
    let text = placed(&[(0, b'1'), (72, b'1'), (21, b'2'), (23, b'2')]);
    assert_rejected(&text, SUDOKU_CONFLICTING_GIVENS, 23);
    let text = placed(&[(10, b'x'), (20, b'3'), (22, b'3')]);
    assert_rejected(&text, SUDOKU_INVALID_CHARACTER, 10);
    let text = placed(&[(3, b'4'), (7, b'4'), (50, 0)]);
    assert_rejected(&text, SUDOKU_CONFLICTING_GIVENS, 7);
    // A NUL byte is an invalid character like any other (no terminator is expected).
    let text = placed(&[(80, 0)]);
    assert_rejected(&text, SUDOKU_INVALID_CHARACTER, 80);
}

#[test]
fn null_pointers_are_rejected_and_outputs_untouched() {
    let original = to_c(&bytes81(KNOWN[0].0));
    let board = original;
    let mut n = COUNT_SENTINEL;
    let mut cell = CELL_SENTINEL;
    // SAFETY: NULL is documented as accepted (and rejected with a status) for every pointer;
    // every non-NULL pointer is valid.
    unsafe {
        assert_eq!(sudoku_solve(ptr::null_mut()), SUDOKU_NULL_POINTER);
        assert_eq!(sudoku_solve_unique(ptr::null_mut()), SUDOKU_NULL_POINTER);

        assert_eq!(
            sudoku_count_solutions(ptr::null(), 2, &mut n),
            SUDOKU_NULL_POINTER
        );
        assert_eq!(n, COUNT_SENTINEL);
        assert_eq!(
            sudoku_count_solutions(board.as_ptr(), 2, ptr::null_mut()),
            SUDOKU_NULL_POINTER
        );
        assert_eq!(
            sudoku_count_solutions(ptr::null(), 2, ptr::null_mut()),
            SUDOKU_NULL_POINTER
        );
        // NULL pointers are checked before the limit.
        assert_eq!(
            sudoku_count_solutions(ptr::null(), 0, &mut n),
            SUDOKU_NULL_POINTER
        );
        assert_eq!(
            sudoku_count_solutions(board.as_ptr(), 0, ptr::null_mut()),
            SUDOKU_NULL_POINTER
        );
        assert_eq!(n, COUNT_SENTINEL);

        assert_eq!(sudoku_validate(ptr::null(), &mut cell), SUDOKU_NULL_POINTER);
        assert_eq!(cell, CELL_SENTINEL);
        assert_eq!(
            sudoku_validate(ptr::null(), ptr::null_mut()),
            SUDOKU_NULL_POINTER
        );
        // `cell` may be NULL on a valid board too.
        assert_eq!(sudoku_validate(board.as_ptr(), ptr::null_mut()), SUDOKU_OK);
    }
    assert_eq!(board, original);
}

#[test]
fn limit_zero_is_an_invalid_argument() {
    let board = to_c(&bytes81(KNOWN[0].0));
    assert_eq!(count(&board, 0), (SUDOKU_INVALID_ARGUMENT, COUNT_SENTINEL));
    assert_eq!(
        count(&to_c(&[b'.'; CELLS]), 0),
        (SUDOKU_INVALID_ARGUMENT, COUNT_SENTINEL)
    );
    // Arguments are checked before the board (documented order in src/ffi/).
    let bad = to_c(&placed(&[(3, b'z')]));
    assert_eq!(count(&bad, 0), (SUDOKU_INVALID_ARGUMENT, COUNT_SENTINEL));
}

#[test]
fn counts_through_the_c_api() {
    let empty = to_c(&[b'.'; CELLS]);
    assert_eq!(count(&empty, 1), (SUDOKU_OK, 1));
    assert_eq!(count(&empty, 1000), (SUDOKU_OK, 1000));
    for (puzzle, _) in KNOWN {
        let board = to_c(&bytes81(puzzle));
        assert_eq!(count(&board, 2), (SUDOKU_OK, 1));
        assert_eq!(count(&board, u64::MAX), (SUDOKU_OK, 1));
    }
    // Zero solutions is not an error: SUDOKU_OK with *count == 0. Row 0 needs 9 at cell 8, but
    // cell 44 in column 8 already holds 9.
    let none = to_c(&placed(&[
        (0, b'1'),
        (1, b'2'),
        (2, b'3'),
        (3, b'4'),
        (4, b'5'),
        (5, b'6'),
        (6, b'7'),
        (7, b'8'),
        (44, b'9'),
    ]));
    assert_eq!(validate(&none), (SUDOKU_OK, CELL_SENTINEL));
    assert_eq!(count(&none, 1), (SUDOKU_OK, 0));
    assert_eq!(count(&none, 100), (SUDOKU_OK, 0));
    let mut board = none;
    assert_eq!(solve(&mut board), SUDOKU_NO_SOLUTION);
    assert_eq!(solve_unique(&mut board), SUDOKU_NO_SOLUTION);
    assert_eq!(board, none);
    // Many solutions: solve_unique refuses and leaves the board alone; solve fills it.
    let mut board = empty;
    assert_eq!(solve_unique(&mut board), SUDOKU_MULTIPLE_SOLUTIONS);
    assert_eq!(board, empty);
    assert_eq!(solve(&mut board), SUDOKU_OK);
    assert_eq!(check_solution(&[b'.'; CELLS], &from_c(&board)), Ok(()));
}

#[test]
fn known_puzzles_solve_to_their_known_solutions() {
    for (puzzle, solution) in KNOWN {
        let expected = to_c(&bytes81(solution));
        let mut board = to_c(&bytes81(puzzle));
        assert_eq!(solve(&mut board), SUDOKU_OK);
        assert_eq!(board, expected);
        let mut board = to_c(&bytes81(puzzle));
        assert_eq!(solve_unique(&mut board), SUDOKU_OK);
        assert_eq!(board, expected);
    }
}

#[test]
fn status_messages_are_distinct_and_unknown_values_are_safe() {
    let messages: Vec<String> = (0..16).map(message).collect();
    for (code, text) in messages.iter().enumerate() {
        assert!(!text.trim().is_empty(), "status {code}");
        assert_ne!(text, "unknown status", "status {code}");
    }
    let distinct: std::collections::HashSet<_> = messages.iter().collect();
    assert_eq!(distinct.len(), 16, "{messages:?}");
    for value in [-1, 16, 17, 100, i32::MAX, i32::MIN] {
        assert_eq!(message(value), "unknown status", "value {value}");
    }
}

#[test]
fn version_is_the_crate_version() {
    let text = sudoku_version();
    assert!(!text.is_null());
    // SAFETY: a static NUL-terminated string, checked non-NULL above.
    let version = unsafe { CStr::from_ptr(text) }.to_str().unwrap();
    assert_eq!(version, env!("CARGO_PKG_VERSION"));
}

/// Two pages mapped together, the second made inaccessible, so any access past the end of the
/// first faults. Unmapped on drop.
struct GuardedPage {
    base: *mut u8,
    page: usize,
}

impl GuardedPage {
    fn new() -> GuardedPage {
        // SAFETY: sysconf has no preconditions.
        let page = usize::try_from(unsafe { libc::sysconf(libc::_SC_PAGESIZE) }).unwrap();
        // SAFETY: an anonymous private mapping at an address of the kernel's choosing; the result
        // is checked against MAP_FAILED.
        let base = unsafe {
            libc::mmap(
                ptr::null_mut(),
                2 * page,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        assert_ne!(base, libc::MAP_FAILED, "mmap failed");
        let base = base.cast::<u8>();
        // SAFETY: the second page lies inside the mapping just made.
        let rc = unsafe { libc::mprotect(base.add(page).cast(), page, libc::PROT_NONE) };
        assert_eq!(rc, 0, "mprotect failed");
        GuardedPage { base, page }
    }

    /// A pointer to the last `len` accessible bytes, directly before the guard page.
    fn tail(&self, len: usize) -> *mut u8 {
        // SAFETY: len <= page, so the result lies in the first (accessible) page.
        unsafe { self.base.add(self.page - len) }
    }

    /// Writes `text` so that its last byte is the last accessible byte; returns the board pointer.
    fn place(&self, text: &[u8; CELLS]) -> *mut c_char {
        let at = self.tail(CELLS);
        // SAFETY: 81 bytes starting at `at` are in the accessible page.
        unsafe { ptr::copy_nonoverlapping(text.as_ptr(), at, CELLS) };
        at.cast()
    }

    fn read(&self) -> [u8; CELLS] {
        // SAFETY: the 81 bytes before the guard page are accessible.
        unsafe { ptr::read(self.tail(CELLS).cast::<[u8; CELLS]>()) }
    }
}

impl Drop for GuardedPage {
    fn drop(&mut self) {
        // SAFETY: unmaps exactly the mapping made in `new`; no pointer into it outlives `self`.
        unsafe { libc::munmap(self.base.cast(), 2 * self.page) };
    }
}

#[test]
fn no_byte_past_the_81st_is_read() {
    let guarded = GuardedPage::new();
    for (puzzle, solution) in KNOWN {
        let text = bytes81(puzzle);
        let board = guarded.place(&text);
        let mut cell = CELL_SENTINEL;
        let mut n = COUNT_SENTINEL;
        // SAFETY: `board` points to 81 readable and writable bytes (ending at the guard page);
        // `cell` and `n` are valid outputs. A read past the 81st byte would fault.
        unsafe {
            assert_eq!(sudoku_validate(board, &mut cell), SUDOKU_OK);
            assert_eq!(sudoku_count_solutions(board, 2, &mut n), SUDOKU_OK);
            assert_eq!(n, 1);
            assert_eq!(guarded.read(), text);
            assert_eq!(sudoku_solve_unique(board), SUDOKU_OK);
            assert_eq!(guarded.read(), bytes81(solution));
            guarded.place(&text);
            assert_eq!(sudoku_solve(board), SUDOKU_OK);
            assert_eq!(guarded.read(), bytes81(solution));
        }
    }
    // The last byte is read (an invalid one there is reported) and nothing after it.
    let board = guarded.place(&placed(&[(80, b'#')]));
    let mut cell = CELL_SENTINEL;
    // SAFETY: as above.
    unsafe {
        assert_eq!(sudoku_validate(board, &mut cell), SUDOKU_INVALID_CHARACTER);
        assert_eq!(cell, 80);
        assert_eq!(sudoku_solve(board), SUDOKU_INVALID_CHARACTER);
    }
    // The outputs may sit at the end of a page too: exactly 8 bytes of *count are written.
    let board = to_c(&bytes81(KNOWN[1].0));
    let count_at = guarded.tail(8).cast::<u64>();
    let cell_at = guarded.tail(std::mem::size_of::<usize>()).cast::<usize>();
    // SAFETY: the last 8 bytes of the accessible page are valid for a u64 / usize (page ends are
    // aligned); `board` is a live buffer.
    unsafe {
        assert_eq!(
            sudoku_count_solutions(board.as_ptr(), 2, count_at),
            SUDOKU_OK
        );
        assert_eq!(count_at.read(), 1);
        let bad = to_c(&placed(&[(9, b'1'), (10, b'1')]));
        assert_eq!(
            sudoku_validate(bad.as_ptr(), cell_at),
            SUDOKU_CONFLICTING_GIVENS
        );
        assert_eq!(cell_at.read(), 10);
    }
}

#[test]
fn calls_from_many_threads_at_once_agree() {
    let threads: Vec<_> = (0..4)
        .map(|t| {
            std::thread::spawn(move || {
                for round in 0..300 {
                    let (puzzle, solution) = KNOWN[(t + round) % KNOWN.len()];
                    let mut board = to_c(&bytes81(puzzle));
                    assert_eq!(solve_unique(&mut board), SUDOKU_OK);
                    assert_eq!(board, to_c(&bytes81(solution)));
                    assert_eq!(count(&to_c(&bytes81(puzzle)), 2), (SUDOKU_OK, 1));
                    let bad = to_c(&placed(&[(round % 81, b'?')]));
                    assert_eq!(validate(&bad), (SUDOKU_INVALID_CHARACTER, round % 81));
                }
            })
        })
        .collect();
    for thread in threads {
        thread.join().expect("no thread failed");
    }
}
