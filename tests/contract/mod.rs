//! The C API's contract, as checks on one board: the status matches an independent validation
//! of the board (the reference engine's), a solved board is a valid completion keeping the
//! givens, nothing is written on failure, and the exported functions agree with each other
//! (`check_conflicts`: every clash of a board's digits, as the reference finds them); the same
//! for candidate puzzles (`check_candidates`), and a board's candidates solve as the
//! board (`check_board_candidates`). A
//! broken promise panics. Shared by the property tests and (through `#[path]`) the fuzz targets;
//! the including crate declares `cabi` and `reference` beside this module.
#![allow(dead_code)]

use std::ffi::CStr;

use sudoku::ffi::{self, sudoku_status, sudoku_status::*};

use super::cabi::{
    board_candidates, board_conflicts, count, count_candidates, list, solve, solve_candidates,
    solve_unique, validate, validate_candidates, CELLS, LIST_UNTOUCHED,
};
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

/// `sudoku_board_conflicts` marks exactly the reference's clashes and counts the cells marked;
/// it agrees with `sudoku_validate` (no mark exactly when valid; the cell a conflict names is
/// marked); a bad byte writes nothing; a NULL count and marks written over the board itself
/// change nothing but the writes.
pub fn check_conflicts(board: &[u8; CELLS]) {
    let (status, marks, n) = board_conflicts(board);
    let (valid, cell) = validate(board);
    match reference::reference_conflicts(board) {
        Err(_) => {
            assert_eq!((status, marks, n), (SUDOKU_INVALID_CHARACTER, None, None));
            return;
        }
        Ok(expected) => {
            let marked = expected.iter().filter(|&&m| m != 0).count();
            assert_eq!(
                (status, marks, n),
                (SUDOKU_OK, Some(expected), Some(marked))
            );
            assert_eq!(valid == SUDOKU_OK, marked == 0);
            if valid == SUDOKU_CONFLICTING_GIVENS {
                assert_ne!(expected[cell.expect("the conflict's cell")], 0);
            }
        }
    }
    let marks = marks.unwrap();
    // In place and without a count.
    let mut buf = board.map(|b| b as std::ffi::c_char);
    let at = buf.as_mut_ptr();
    // SAFETY: `at` is 81 readable and writable bytes, documented as allowed to be both the
    // board and the marks; NULL is documented as accepted for `count`.
    let again = unsafe { ffi::sudoku_board_conflicts(at, at.cast::<u8>(), std::ptr::null_mut()) };
    assert_eq!(again, SUDOKU_OK);
    assert_eq!(buf.map(|b| b as u8), marks);
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
    check_board_candidates(board, at_two);
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
        check_count_at_limit(n, limit, m);
    }
    Some(n)
}

/// A count at `limit` (`m`) agrees with the count at 2 (`n`): equal to `min(n, limit)` when
/// either is below 2, else at least 2.
fn check_count_at_limit(n: u64, limit: u64, m: u64) {
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

/// The first fault of a candidate puzzle, computed here from the rules: a mask above 0x1FF
/// (looked for first, in row-major order), else the first cell in row-major order with no
/// candidate, or with a single candidate that a lower-index peer also has as its only one.
pub fn candidate_fault(masks: &[u16; CELLS]) -> Option<(sudoku_status, usize)> {
    if let Some(at) = masks.iter().position(|&m| m > 0x1FF) {
        return Some((SUDOKU_INVALID_ARGUMENT, at));
    }
    (0..CELLS).find_map(|i| {
        if masks[i] == 0 {
            Some((SUDOKU_NO_SOLUTION, i))
        } else if masks[i].count_ones() == 1
            && (0..i).any(|j| masks[j] == masks[i] && reference::are_peers(i, j))
        {
            Some((SUDOKU_CONFLICTING_GIVENS, i))
        } else {
            None
        }
    })
}

/// Whether `solution` (text) is a valid full grid whose every cell holds one of its candidates.
pub fn keeps_to(masks: &[u16; CELLS], solution: &[u8; CELLS]) -> bool {
    reference::parse(solution).is_ok_and(|grid| {
        reference::is_solution_of(&[0; CELLS], &grid)
            && (0..CELLS).all(|i| masks[i] >> (grid[i] - 1) & 1 == 1)
    })
}

/// The candidate functions on one candidate puzzle (any 81 masks), and their agreement:
/// validation reports the rule-derived first fault (`candidate_fault`) and the solve functions
/// give its status with nothing written (a cell with no candidate is a count of 0); otherwise a
/// solution is a valid grid within the masks, and count at 2 is 0 exactly when solve finds
/// nothing, 1 exactly when solve_unique succeeds (with the same grid as solve), 2 exactly when
/// it reports multiple solutions, and the count at `limit` agrees with it. When `reference` is
/// set, the count at 2 is also checked against the test kit's exact-cover counter restricted to
/// the candidates. Returns the count at limit 2 (None on a fault other than an empty cell).
pub fn check_candidates(masks: &[u16; CELLS], limit: u64, reference: bool) -> Option<u64> {
    let fault = candidate_fault(masks);
    let validated = validate_candidates(masks);
    let first = solve_candidates(masks, false);
    let unique = solve_candidates(masks, true);
    let at_two = count_candidates(masks, 2);
    let at_limit = count_candidates(masks, limit);
    if limit == 0 {
        assert_eq!(at_limit, (SUDOKU_INVALID_ARGUMENT, None));
    }
    if let Some((status, at)) = fault {
        assert_eq!(validated, (status, Some(at)), "{masks:?}");
        assert_eq!(first, (status, None));
        assert_eq!(unique, (status, None));
        if status == SUDOKU_NO_SOLUTION {
            assert_eq!(at_two, (SUDOKU_OK, Some(0)));
            if limit > 0 {
                assert_eq!(at_limit, (SUDOKU_OK, Some(0)));
            }
            return Some(0);
        }
        assert_eq!(at_two, (status, None));
        if limit > 0 {
            assert_eq!(at_limit, (status, None));
        }
        return None;
    }
    assert_eq!(validated, (SUDOKU_OK, None));
    let (SUDOKU_OK, Some(n)) = at_two else {
        panic!("count at 2 failed on a valid candidate puzzle: {at_two:?}");
    };
    if reference {
        let (expected, _) = reference::count_candidates(masks, 2);
        assert_eq!(
            n, expected,
            "count at 2 differs from the reference: {masks:?}"
        );
    }
    match n {
        0 => {
            assert_eq!(first, (SUDOKU_NO_SOLUTION, None));
            assert_eq!(unique, (SUDOKU_NO_SOLUTION, None));
        }
        1 => {
            assert_eq!(first.0, SUDOKU_OK);
            assert_eq!(unique, first);
        }
        _ => {
            assert_eq!(n, 2);
            assert_eq!(first.0, SUDOKU_OK);
            assert_eq!(unique, (SUDOKU_MULTIPLE_SOLUTIONS, None));
        }
    }
    if let (SUDOKU_OK, Some(solution)) = first {
        assert!(keeps_to(masks, &solution), "{masks:?}");
    }
    if limit > 0 {
        let (SUDOKU_OK, Some(m)) = at_limit else {
            panic!("count at {limit} failed: {at_limit:?}");
        };
        assert!(m <= limit);
        check_count_at_limit(n, limit, m);
    }
    Some(n)
}

/// The candidates of a board (`sudoku_board_candidates`) against the rules, and the candidate
/// functions on them against the plain ones: the status is the board's fault, if any, with
/// nothing written; else each given keeps its digit alone and each blank every digit no peer
/// gives, and the candidate puzzle has as many solutions (at 2) as the board (or is a conflict
/// of singles when the board has none). `plain_count` is
/// the board's count at 2 (None for a rejected board).
pub fn check_board_candidates(board: &[u8; CELLS], plain_count: Option<u64>) {
    let (status, masks) = board_candidates(board);
    let givens = match reference::parse(board) {
        Err(fault) => {
            assert_eq!((status, masks), (fault_status(fault), None));
            return;
        }
        Ok(givens) => givens,
    };
    assert_eq!(status, SUDOKU_OK);
    let masks = masks.expect("masks written on success");
    for i in 0..CELLS {
        let expected = match givens[i] {
            0 => (0..CELLS)
                .filter(|&j| givens[j] != 0 && reference::are_peers(i, j))
                .fold(0x1FF, |m, j| m & !(1u16 << (givens[j] - 1))),
            d => 1 << (d - 1),
        };
        assert_eq!(masks[i], expected, "cell {i}");
    }
    // Candidates from givens: a given's digit alone, every digit in a blank.
    let plain = givens.map(|d| if d == 0 { 0x1FF } else { 1 << (d - 1) });
    assert_eq!(check_candidates(&plain, 2, false), plain_count);
    // The implied candidates may hold two equal singles in a house (two blanks left one digit
    // each by their peers): a conflict, on a board that has no solution.
    match check_candidates(&masks, 2, false) {
        None => assert_eq!(plain_count, Some(0)),
        count => assert_eq!(count, plain_count),
    }
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
        let mut houses = [0xEEu8; CELLS];
        let mut marked = 7usize;
        assert_eq!(
            ffi::sudoku_board_conflicts(std::ptr::null(), houses.as_mut_ptr(), &mut marked),
            SUDOKU_NULL_POINTER
        );
        assert_eq!(
            ffi::sudoku_board_conflicts(buf.as_ptr(), std::ptr::null_mut(), &mut marked),
            SUDOKU_NULL_POINTER
        );
        assert_eq!(
            (houses, marked),
            ([0xEE; CELLS], 7),
            "written on a NULL pointer"
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
