//! Listing solutions (`sudoku_list_solutions`, `sudoku::solver::list_solutions`,
//! `sudoku::list_solutions`) against the test kit's reference: its lexicographically ordered
//! listing (`reference::solutions_in_order`, exact cover branching on the lowest empty cell) and
//! its sorted full listing, on serg's benchmark puzzles (two or more solutions each), seeded
//! random sparse boards, the empty board, and puzzles with none or one solution; at capacities
//! 0, below, at and above the number of solutions. Every kernel and both listing strategies give
//! identical lists; the C function writes nothing on failure, never past `capacity` boards, and
//! checks its NULL pointers, its capacity and overlapping buffers.

use crate::cabi;
use crate::common;
use crate::contract;
use sudoku_testkit::reference;

use std::ffi::c_char;

use cabi::{list, CELLS};
use contract::check_list;
use sudoku::ffi::{self, sudoku_status::*};
use sudoku::solver::hooks::{list_with, Kernel, ListStrategy};
use sudoku::solver::{list_solutions, Start};
use sudoku::Board;

/// A small deterministic generator (xorshift64*), so the boards are the same on every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n
    }
}

/// The reference's first `limit` solutions in lexicographic order, as text.
fn reference_list(board: &[u8; CELLS], limit: usize) -> Vec<[u8; CELLS]> {
    let grid = reference::parse(board).expect("a valid board");
    reference::solutions_in_order(&grid, limit)
        .iter()
        .map(reference::to_text)
        .collect()
}

/// Lists `board` through the C API at `capacity` and compares with the reference: the first
/// `capacity` solutions in order and `more`. Returns the number written.
fn check_against_reference(board: &[u8; CELLS], capacity: usize) -> usize {
    let expected = reference_list(board, capacity + 1);
    let (solutions, more) = check_list(board, capacity).expect("a valid board is listed");
    let shown = String::from_utf8_lossy(board);
    assert_eq!(
        solutions,
        expected[..expected.len().min(capacity)],
        "{shown} at capacity {capacity}"
    );
    assert_eq!(more, expected.len() > capacity, "{shown} at {capacity}");
    solutions.len()
}

/// Every supported kernel and both strategies list `board` alike at `capacity`; returns that
/// list and `more`.
fn same_on_every_kernel(board: &[u8; CELLS], capacity: usize) -> (Vec<[u8; CELLS]>, bool) {
    let mut first: Option<(Vec<[u8; CELLS]>, bool)> = None;
    for kernel in Kernel::ALL.into_iter().filter(|k| k.is_supported()) {
        for strategy in [ListStrategy::FastThenOrdered, ListStrategy::Ordered] {
            let mut out = vec![[0u8; CELLS]; capacity];
            let (n, more) = list_with(kernel, Start::Text(board), &mut out, strategy)
                .expect("a supported kernel runs")
                .expect("a valid board");
            out.truncate(n);
            match &first {
                None => first = Some((out, more)),
                Some(expected) => assert_eq!(
                    &(out, more),
                    expected,
                    "{kernel:?} {strategy:?} differs on {}",
                    String::from_utf8_lossy(board)
                ),
            }
        }
    }
    first.expect("the portable kernel always runs")
}

#[test]
fn serg_benchmark_puzzles_list_as_the_reference() {
    let puzzles = common::read_puzzles("puzzles7_serg_benchmark");
    assert!(puzzles.len() >= 1000);
    let mut several = 0;
    for (i, board) in puzzles.iter().step_by(25).take(200).enumerate() {
        let capacity = [0, 1, 2, 3, 7, 40][i % 6];
        let n = check_against_reference(board, capacity);
        several += usize::from(n >= 2);
        let (listed, _) = same_on_every_kernel(board, capacity);
        assert_eq!(listed.len(), n);
    }
    assert!(several > 50, "only {several} puzzles listed two or more");
}

#[test]
fn serg_puzzles_with_few_solutions_list_all_of_them_sorted() {
    // The full listing of the reference (in its own order), sorted, at capacities below, at and
    // above the number of solutions.
    let puzzles = common::read_puzzles("puzzles7_serg_benchmark");
    let mut checked = 0;
    for board in puzzles.iter().take(1200) {
        let grid = reference::parse(board).unwrap();
        let mut all: Vec<[u8; CELLS]> = reference::solutions(&grid, 60)
            .iter()
            .map(reference::to_text)
            .collect();
        if all.len() >= 60 {
            continue;
        }
        all.sort();
        let total = all.len();
        for capacity in [total - 1, total, total + 1, total + 20] {
            let (listed, more) = check_list(board, capacity).unwrap();
            assert_eq!(listed, all[..total.min(capacity)]);
            assert_eq!(more, total > capacity);
        }
        checked += 1;
    }
    assert!(checked > 100, "only {checked} puzzles with few solutions");
}

#[test]
fn random_sparse_boards_list_as_the_reference() {
    let mut rng = Rng(0x1157_5011_7710_45EE);
    for round in 0..120 {
        let solved = reference::random_solved_grid(&mut |n| rng.below(n));
        // 0 to 30 givens from a solved grid: from the empty board to a few solutions.
        let givens = rng.below(31);
        let mut board = [b'.'; CELLS];
        for _ in 0..givens {
            let cell = rng.below(CELLS);
            board[cell] = b'0' + solved[cell];
        }
        let capacity = [0, 1, 5, 30][round % 4];
        let n = check_against_reference(&board, capacity);
        let (listed, _) = same_on_every_kernel(&board, capacity);
        assert_eq!(listed.len(), n);
    }
}

#[test]
fn the_empty_board_lists_the_least_grids_first() {
    let empty = [b'.'; CELLS];
    let least =
        b"123456789456789123789123456214365897365897214897214365531642978642978531978531642";
    let (listed, more) = check_list(&empty, 1000).unwrap();
    assert!(more);
    assert_eq!(listed.len(), 1000);
    assert_eq!(&listed[0], least);
    assert_eq!(listed, reference_list(&empty, 1000));
    // Capacity 0: nothing written, but there are solutions.
    let listing = list(&empty, 0);
    assert_eq!(
        (listing.status, listing.written, listing.more),
        (SUDOKU_OK, Some(0), Some(true))
    );
}

/// The least solution of `board` whose first cells are `prefix`'s (an open cell of `board`
/// among them takes `prefix`'s digit), built cell by cell with the reference counter alone: at
/// each open cell the least digit that leaves a solution. None when no solution has that prefix.
fn least_with_prefix(board: &[u8; CELLS], prefix: &[u8]) -> Option<[u8; CELLS]> {
    let solvable =
        |b: &[u8; CELLS]| reference::parse(b).is_ok_and(|grid| reference::count(&grid, 1).0 == 1);
    let mut b = *board;
    b[..prefix.len()].copy_from_slice(prefix);
    if !solvable(&b) {
        return None;
    }
    for cell in prefix.len()..CELLS {
        if b[cell] != b'.' {
            continue;
        }
        let digit = (b'1'..=b'9')
            .find(|&d| {
                b[cell] = d;
                solvable(&b)
            })
            .expect("a solvable board has a digit for its next cell");
        b[cell] = digit;
    }
    Some(b)
}

#[test]
fn a_board_whose_first_rows_are_empty_lists_at_once() {
    // Found by the `agreement` fuzz target (2026-12-04): 11 givens, all in the lower rows. The
    // ordered search placed the least digits row by row from the top and met the givens'
    // contradiction only near the bottom, refuting it cell by cell: 31 s (release build) to
    // list 2 solutions. It now checks with the fast search, after 16 failures, that a node has
    // a solution before going on (docs/solver.md, section 9).
    let board =
        b".............................2.....................7.2......819.4.5.6...3..7.....";
    // The two least solutions, independently: the least completion, then the least completion
    // of the deepest cell of it that can take a larger digit.
    let first = least_with_prefix(board, &[]).expect("the board has solutions");
    let second = (0..CELLS)
        .rev()
        .filter(|&cell| board[cell] == b'.')
        .find_map(|cell| {
            (first[cell] + 1..=b'9').find_map(|d| {
                let mut prefix = first[..=cell].to_vec();
                prefix[cell] = d;
                least_with_prefix(board, &prefix)
            })
        })
        .expect("the board has two solutions or more");
    let (listed, more) = check_list(board, 2).expect("a valid board is listed");
    assert_eq!(listed, vec![first, second]);
    assert!(more);
    assert_eq!(same_on_every_kernel(board, 2), (listed, true));
}

#[test]
fn puzzles_with_none_or_one_solution() {
    for (puzzle, solution) in common::KNOWN {
        let board = cabi::board(puzzle);
        for capacity in [0, 1, 2, 10] {
            let (listed, more) = check_list(&board, capacity).unwrap();
            assert_eq!(more, capacity == 0);
            let expected: &[[u8; CELLS]] = &[cabi::board(solution)];
            assert_eq!(listed, expected[..capacity.min(1)]);
        }
    }
    // No solution: a hidden contradiction (digit 1 has no place in box 0) and a Hall
    // contradiction behind it (digits 5-8 have three cells of box 9): written 0, no more.
    for puzzle in [
        "...1...........1..234............................................................",
        ".......8........7........6....2...5...........8........4....2..5678..............",
    ] {
        for capacity in [0, 1, 5] {
            let listing = list(&cabi::board(puzzle), capacity);
            assert_eq!(
                (listing.status, listing.written, listing.more),
                (SUDOKU_OK, Some(0), Some(false)),
                "{puzzle}"
            );
            assert!(listing
                .buffer
                .iter()
                .all(|b| *b == [cabi::LIST_UNTOUCHED; CELLS]));
        }
    }
}

#[test]
fn the_rust_functions_agree_with_the_c_function() {
    let mut rng = Rng(0xD1CE_5EED_0000_0001);
    for capacity in [0, 1, 4, 100] {
        for _ in 0..10 {
            let solved = reference::random_solved_grid(&mut |n| rng.below(n));
            let mut board = [b'.'; CELLS];
            for _ in 0..20 + rng.below(10) {
                let cell = rng.below(CELLS);
                board[cell] = b'0' + solved[cell];
            }
            let (c_list, c_more) = check_list(&board, capacity).unwrap();
            let mut out = vec![[0u8; CELLS]; capacity];
            let (n, more) = list_solutions(Start::Text(&board), &mut out).unwrap();
            assert_eq!((&out[..n], more), (&c_list[..], c_more));
            let parsed = Board::parse(&board).unwrap();
            let mut out = vec![[0u8; CELLS]; capacity];
            let from_board = list_solutions(Start::Board(&parsed), &mut out).unwrap();
            assert_eq!(from_board, (n, more));
            assert_eq!(&out[..n], &c_list[..]);
            let (boards, more) = sudoku::list_solutions(&parsed, capacity);
            assert_eq!(more, c_more);
            let texts: Vec<[u8; CELLS]> = boards.iter().map(Board::to_bytes).collect();
            assert_eq!(texts, c_list);
        }
    }
    // A huge limit costs nothing on a puzzle with one solution (the vector grows as found).
    let board = Board::parse(&cabi::board(common::KNOWN[0].0)).unwrap();
    let (boards, more) = sudoku::list_solutions(&board, usize::MAX);
    assert_eq!((boards.len(), more), (1, false));
    // Rust errors name the faulty cell, and leave the slice as it was.
    let mut out = [[7u8; CELLS]; 2];
    let mut bad = [b'.'; CELLS];
    bad[5] = b'x';
    assert_eq!(
        list_solutions(Start::Text(&bad), &mut out),
        Err(sudoku::Error::InvalidCharacter {
            cell: 5,
            byte: b'x'
        })
    );
    assert_eq!(out, [[7u8; CELLS]; 2]);
}

#[test]
fn invalid_boards_write_nothing() {
    let mut invalid = [b'.'; CELLS];
    invalid[40] = b'a';
    let mut conflicting = [b'.'; CELLS];
    conflicting[0] = b'5';
    conflicting[80] = b'5';
    conflicting[8] = b'5';
    for (board, status) in [
        (invalid, SUDOKU_INVALID_CHARACTER),
        (conflicting, SUDOKU_CONFLICTING_GIVENS),
    ] {
        for capacity in [0, 1, 3] {
            assert_eq!(check_list(&board, capacity), None);
            assert_eq!(list(&board, capacity).status, status);
        }
    }
}

/// Calls `sudoku_list_solutions` with raw arguments; `*written` and `*more` must stay untouched
/// whenever the status is not OK.
///
/// # Safety
/// As the C function's.
unsafe fn call(
    board: *const c_char,
    solutions: *mut c_char,
    capacity: usize,
    with_written: bool,
    with_more: bool,
) -> sudoku::ffi::sudoku_status {
    let mut written = usize::MAX;
    let mut more = true;
    let written_ptr = if with_written {
        &mut written as *mut usize
    } else {
        std::ptr::null_mut()
    };
    let more_ptr = if with_more {
        &mut more as *mut bool
    } else {
        std::ptr::null_mut()
    };
    // SAFETY: the caller's.
    let status =
        unsafe { ffi::sudoku_list_solutions(board, solutions, capacity, written_ptr, more_ptr) };
    if status != SUDOKU_OK {
        assert_eq!(
            (written, more),
            (usize::MAX, true),
            "outputs written on {status:?}"
        );
    }
    status
}

#[test]
fn null_pointers_capacity_and_overlaps_are_rejected_before_anything_is_written() {
    let board = cabi::board(common::KNOWN[0].0).map(|b| b as c_char);
    let mut buffer = [b'#' as c_char; 3 * CELLS];
    let out = buffer.as_mut_ptr();
    // SAFETY: every non-NULL pointer is valid for its documented size (`capacity` boards fit in
    // `buffer` whenever a call could write), or the call is rejected before any access.
    unsafe {
        assert_eq!(
            call(std::ptr::null(), out, 1, true, true),
            SUDOKU_NULL_POINTER
        );
        assert_eq!(
            call(board.as_ptr(), out, 1, false, true),
            SUDOKU_NULL_POINTER
        );
        assert_eq!(
            call(board.as_ptr(), out, 1, true, false),
            SUDOKU_NULL_POINTER
        );
        assert_eq!(
            call(board.as_ptr(), std::ptr::null_mut(), 1, true, true),
            SUDOKU_NULL_POINTER
        );
        // NULL pointers come before the capacity check.
        assert_eq!(
            call(board.as_ptr(), out, usize::MAX, false, true),
            SUDOKU_NULL_POINTER
        );
        // Capacities whose buffer cannot exist: 81 * capacity overflows or exceeds isize::MAX.
        for capacity in [
            usize::MAX,
            usize::MAX / 81 + 1,
            isize::MAX as usize / 81 + 1,
        ] {
            assert_eq!(
                call(board.as_ptr(), out, capacity, true, true),
                SUDOKU_INVALID_ARGUMENT
            );
        }
        // The solutions buffer overlapping the board, whole or in part.
        let mut shared = [b'.' as c_char; 4 * CELLS];
        shared[..CELLS].copy_from_slice(&board);
        let p = shared.as_mut_ptr();
        assert_eq!(call(p, p, 1, true, true), SUDOKU_INVALID_ARGUMENT);
        assert_eq!(call(p.add(40), p, 1, true, true), SUDOKU_INVALID_ARGUMENT);
        assert_eq!(call(p, p.add(80), 1, true, true), SUDOKU_INVALID_ARGUMENT);
        assert_eq!(&shared[..CELLS], &board);
        assert!(shared[CELLS..].iter().all(|&b| b == b'.' as c_char));
        // Adjacent buffers do not overlap.
        assert_eq!(call(p, p.add(CELLS), 1, true, true), SUDOKU_OK);
        // NULL solutions with capacity 0, and capacity 0 anywhere (even over the board).
        assert_eq!(
            call(board.as_ptr(), std::ptr::null_mut(), 0, true, true),
            SUDOKU_OK
        );
        assert_eq!(call(p, p, 0, true, true), SUDOKU_OK);
        // The outputs overlapping the solutions buffer or each other.
        let mut words = [0usize; 2 * CELLS];
        let w = words.as_mut_ptr();
        let status = ffi::sudoku_list_solutions(
            board.as_ptr(),
            w.cast::<c_char>(),
            1,
            w.add(3),
            w.add(20).cast::<bool>(),
        );
        assert_eq!(status, SUDOKU_INVALID_ARGUMENT);
        let status = ffi::sudoku_list_solutions(
            board.as_ptr(),
            w.add(20).cast::<c_char>(),
            1,
            w,
            w.cast::<bool>(),
        );
        assert_eq!(status, SUDOKU_INVALID_ARGUMENT);
        assert!(words.iter().all(|&x| x == 0));
    }
    assert!(buffer.iter().all(|&b| b == b'#' as c_char));
}
