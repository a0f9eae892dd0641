//! The C API's contract, as checks on one board: the status matches an independent validation
//! of the board (the reference engine's), a solved board is a valid completion keeping the
//! givens, nothing is written on failure, and the exported functions agree with each other. A
//! broken promise panics. Shared by the property tests and (through `#[path]`) the fuzz targets;
//! the including crate declares `cabi` and `reference` beside this module.
#![allow(dead_code)]

use std::ffi::CStr;

use sudoku::ffi::{self, sudoku_status, sudoku_status::*};

use super::cabi::{count, list, solve, solve_unique, validate, CELLS, LIST_UNTOUCHED};
use super::reference::{self, Fault};
use sudoku_testkit::status::{expected_name, UNKNOWN_STATUS};

/// The status every board-reading function must give for a board the reference rejects.
fn fault_status(fault: Fault) -> sudoku_status {
    match fault {
        Fault::InvalidCharacter(_) => SUDOKU_INVALID_CHARACTER,
        Fault::ConflictingGivens(_) => SUDOKU_CONFLICTING_GIVENS,
    }
}

/// `sudoku_validate` reports exactly the reference's first fault, and writes `*cell` only then.
pub fn check_validate(board: &[u8; CELLS]) {
    let (status, cell) = validate(board);
    match reference::parse(board) {
        Ok(_) => assert_eq!((status, cell), (SUDOKU_OK, None)),
        Err(f @ (Fault::InvalidCharacter(at) | Fault::ConflictingGivens(at))) => {
            assert_eq!((status, cell), (fault_status(f), Some(at)))
        }
    }
    // A NULL cell pointer is allowed and changes nothing but the write.
    let buf = board.map(|b| b as std::ffi::c_char);
    // SAFETY: buf is 81 readable bytes; NULL is documented as accepted for `cell`.
    let again = unsafe { ffi::sudoku_validate(buf.as_ptr(), std::ptr::null_mut()) };
    assert_eq!(again, status);
}

/// `sudoku_solve` (or `sudoku_solve_unique` when `unique`) against the reference validation:
/// a rejected board gives the fault's status; otherwise OK yields a valid completion of the
/// givens, and any failure leaves the board as it was. Returns the status and result buffer.
pub fn check_solve(board: &[u8; CELLS], unique: bool) -> (sudoku_status, [u8; CELLS]) {
    let (status, out) = if unique {
        solve_unique(board)
    } else {
        solve(board)
    };
    match reference::parse(board) {
        Err(fault) => assert_eq!(status, fault_status(fault)),
        Ok(givens) => {
            let allowed: &[sudoku_status] = if unique {
                &[SUDOKU_OK, SUDOKU_NO_SOLUTION, SUDOKU_MULTIPLE_SOLUTIONS]
            } else {
                &[SUDOKU_OK, SUDOKU_NO_SOLUTION]
            };
            assert!(allowed.contains(&status), "unexpected status {status:?}");
            if status == SUDOKU_OK {
                let solved = reference::parse(&out).expect("a solved board is valid text");
                assert!(
                    reference::is_solution_of(&givens, &solved),
                    "not a valid completion: {}",
                    String::from_utf8_lossy(&out)
                );
            }
        }
    }
    if status != SUDOKU_OK {
        assert_eq!(out, *board, "the board changed on failure ({status:?})");
    }
    (status, out)
}

/// `sudoku_count_solutions` at `limit`: a rejected board gives the fault's status, `limit == 0`
/// is `SUDOKU_INVALID_ARGUMENT` whatever the board, the count is at most `limit`, and `*count`
/// is written exactly on OK. Returns the count on OK.
pub fn check_count(board: &[u8; CELLS], limit: u64) -> Option<u64> {
    let (status, written) = count(board, limit);
    let expected = if limit == 0 {
        SUDOKU_INVALID_ARGUMENT
    } else {
        reference::parse(board).map_or_else(fault_status, |_| SUDOKU_OK)
    };
    assert_eq!(status, expected);
    if status == SUDOKU_OK {
        let n = written.expect("count written on success");
        assert!(n <= limit, "count {n} above limit {limit}");
        Some(n)
    } else {
        assert_eq!(written, None, "count written on failure ({status:?})");
        None
    }
}

/// `sudoku_list_solutions` with room for `capacity` solutions: a rejected board gives the
/// fault's status and writes nothing; on OK, at most `capacity` solutions are written, in
/// strictly ascending order, each a valid completion of the givens, no byte past them is
/// touched, and the listing agrees with `sudoku_count_solutions` at `capacity + 1` (written =
/// min(count, capacity), more = count > capacity). Returns the solutions and `more` on OK.
pub fn check_list(board: &[u8; CELLS], capacity: usize) -> Option<(Vec<[u8; CELLS]>, bool)> {
    let listing = list(board, capacity);
    let untouched = [LIST_UNTOUCHED; CELLS];
    let givens = match reference::parse(board) {
        Err(fault) => {
            assert_eq!(listing.status, fault_status(fault));
            assert_eq!((listing.written, listing.more), (None, None));
            assert!(
                listing.buffer.iter().all(|b| *b == untouched),
                "solutions written on failure"
            );
            return None;
        }
        Ok(givens) => givens,
    };
    assert_eq!(listing.status, SUDOKU_OK);
    let (n, more) = (
        listing.written.expect("*written set on success"),
        listing.more.expect("*more set on success"),
    );
    assert!(n <= capacity, "{n} solutions written, room for {capacity}");
    let solutions = listing.solutions();
    for (i, s) in solutions.iter().enumerate() {
        let solved = reference::parse(s).expect("a listed solution is valid text");
        assert!(
            reference::is_solution_of(&givens, &solved),
            "listed solution {i} is not a valid completion: {}",
            String::from_utf8_lossy(s)
        );
        if i > 0 {
            assert!(
                solutions[i - 1] < *s,
                "solutions {} and {i} out of order",
                i - 1
            );
        }
    }
    assert!(
        listing.buffer[n..].iter().all(|b| *b == untouched),
        "bytes past the {n} solutions written were touched"
    );
    let total = check_count(board, capacity as u64 + 1).expect("a valid board counts");
    assert_eq!(n as u64, total.min(capacity as u64), "written vs count");
    assert_eq!(more, total > capacity as u64, "more vs count");
    Some((solutions.to_vec(), more))
}

/// Every exported function on one board, and their agreement: validation decides the status of
/// all; the listing at capacity 1 agrees with the count at 2 (and lists solve_unique's grid); count at limit 2 is 0 exactly when solve finds nothing, 1 exactly when solve_unique
/// succeeds (with the same grid as solve), 2 exactly when it reports multiple solutions; the
/// count at `limit` is consistent with the count at 2. Returns the count at limit 2 (None on a
/// rejected board).
pub fn check_all(board: &[u8; CELLS], limit: u64) -> Option<u64> {
    check_validate(board);
    let (solve_status, solved) = check_solve(board, false);
    let (unique_status, unique) = check_solve(board, true);
    let at_two = check_count(board, 2);
    let at_limit = check_count(board, limit);
    let listed = check_list(board, 1);
    let Some(n) = at_two else {
        assert_eq!(solve_status, unique_status);
        assert!(listed.is_none());
        return None;
    };
    let (first, more) = listed.expect("a valid board is listed");
    assert_eq!((first.len() as u64, more), (n.min(1), n > 1));
    if n == 1 {
        assert_eq!(
            first[0], unique,
            "the only solution listed is not solve_unique's"
        );
    }
    match n {
        0 => {
            assert_eq!(solve_status, SUDOKU_NO_SOLUTION);
            assert_eq!(unique_status, SUDOKU_NO_SOLUTION);
        }
        1 => {
            assert_eq!(solve_status, SUDOKU_OK);
            assert_eq!(unique_status, SUDOKU_OK);
            assert_eq!(
                solved, unique,
                "solve and solve_unique differ on a unique puzzle"
            );
        }
        _ => {
            assert_eq!(n, 2);
            assert_eq!(solve_status, SUDOKU_OK);
            assert_eq!(unique_status, SUDOKU_MULTIPLE_SOLUTIONS);
        }
    }
    if let Some(m) = at_limit {
        if n < 2 || limit < 2 {
            assert_eq!(
                m,
                n.min(limit),
                "count at {limit} disagrees with count at 2"
            );
        } else {
            assert!(m >= 2, "count at {limit} is {m} but count at 2 is 2");
        }
    }
    Some(n)
}

/// The argument checks that do not depend on the board: NULL pointers, and the status messages.
pub fn check_arguments(board: &[u8; CELLS], status: i32) {
    let buf = board.map(|b| b as std::ffi::c_char);
    let mut n = 0u64;
    // SAFETY: NULL is documented as accepted (and rejected with SUDOKU_NULL_POINTER); the other
    // pointers are valid.
    unsafe {
        assert_eq!(ffi::sudoku_solve(std::ptr::null_mut()), SUDOKU_NULL_POINTER);
        assert_eq!(
            ffi::sudoku_solve_unique(std::ptr::null_mut()),
            SUDOKU_NULL_POINTER
        );
        assert_eq!(
            ffi::sudoku_count_solutions(std::ptr::null(), 2, &mut n),
            SUDOKU_NULL_POINTER
        );
        assert_eq!(
            ffi::sudoku_count_solutions(buf.as_ptr(), 2, std::ptr::null_mut()),
            SUDOKU_NULL_POINTER
        );
        assert_eq!(
            ffi::sudoku_validate(std::ptr::null(), std::ptr::null_mut()),
            SUDOKU_NULL_POINTER
        );
    }
    assert_eq!(n, 0, "count written on a NULL board");
    let message = ffi::sudoku_status_message(status);
    assert!(!message.is_null());
    // SAFETY: documented as a static NUL-terminated string, never NULL (checked above).
    let text = unsafe { CStr::from_ptr(message) }
        .to_str()
        .expect("ASCII message");
    assert!(!text.is_empty());
    // Which values are status codes comes from the test kit's documented names, so a code
    // appended to the C API is known here without a second list.
    assert_eq!(
        text == UNKNOWN_STATUS,
        expected_name(status) == UNKNOWN_STATUS
    );
    // SAFETY: documented as a static NUL-terminated string, never NULL.
    let version = unsafe { CStr::from_ptr(ffi::sudoku_version()) };
    let parts: Vec<&str> = version
        .to_str()
        .expect("ASCII version")
        .split('.')
        .collect();
    assert_eq!(parts.len(), 3, "version is MAJOR.MINOR.PATCH");
    assert!(parts.iter().all(|p| p.parse::<u32>().is_ok()));
}
