//! `sudoku_board_conflicts` through the C ABI with `contract::check_conflicts`: every clash of a
//! board's digits marked as the test kit's reference (pair by pair, from the definition) marks
//! it, on the puzzles of every data set (none), on seeded random boards dense and sparse (many),
//! on solution grids with one digit changed; the count; agreement with `sudoku_validate`;
//! invalid bytes, NULL pointers and a count overlapping the marks (nothing written). And no
//! allocation by it, `sudoku_pattern_symmetries` or `sudoku_transform_random`.

use crate::cabi;
use crate::contract::check_conflicts;

use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};
use sudoku::ffi::sudoku_status::*;
use sudoku_testkit::board::CELLS;
use sudoku_testkit::data::{data_dir, data_files, read_puzzles};
use sudoku_testkit::reference::reference_solve;

#[test]
fn the_puzzles_of_every_data_set_have_no_clash() {
    for path in data_files(&data_dir()) {
        let file = path.file_name().unwrap().to_str().unwrap();
        let puzzles = read_puzzles(file);
        for board in puzzles.iter().step_by(1 + puzzles.len() / 2000) {
            check_conflicts(board);
            assert_eq!(cabi::board_conflicts(board).2, Some(0), "{file}");
        }
    }
}

#[test]
fn random_boards_get_the_reference_marks() {
    let mut rng = ChaCha8Rng::seed_from_u64(0xC1A5);
    let mut clashing = 0;
    for k in 0..6000 {
        // From a few digits to a full board of random digits, now and then a bad byte.
        let filled = [3, 10, 20, 40, 81][k % 5];
        let mut board = [b'.'; CELLS];
        for _ in 0..filled {
            board[rng.random_range(0..CELLS)] = b'1' + rng.random_range(0..9u8);
        }
        if k % 97 == 0 {
            board[rng.random_range(0..CELLS)] = rng.random_range(0..=255u8);
        }
        check_conflicts(&board);
        if cabi::board_conflicts(&board).2.is_some_and(|n| n > 0) {
            clashing += 1;
        }
    }
    // Most random boards of many digits clash: the check saw marks, not only empty results.
    assert!(clashing > 3000, "{clashing}");
}

#[test]
fn a_changed_digit_of_a_grid_clashes_with_the_cells_that_hold_it() {
    let puzzles = read_puzzles("puzzles2_17_clue");
    let mut rng = ChaCha8Rng::seed_from_u64(0xC1A6);
    for puzzle in puzzles.iter().take(200) {
        let grid = reference_solve(puzzle, 1)
            .1
            .expect("a 17-clue puzzle has a solution");
        let cell = rng.random_range(0..CELLS);
        let digit = b'1' + (grid[cell] - b'0' + rng.random_range(0..8u8)) % 9;
        let mut board = grid;
        board[cell] = digit;
        check_conflicts(&board);
        let (status, marks, n) = cabi::board_conflicts(&board);
        let marks = marks.unwrap();
        assert_eq!(status, SUDOKU_OK);
        // The new digit is once in each house of the cell already (a grid holds every digit
        // in every house): three cells, or two when one shares two houses with the cell.
        let (r, c) = (cell / 9, cell % 9);
        assert_eq!(marks[cell], 1 | 2 | 4);
        let others: Vec<usize> = (0..CELLS).filter(|&q| q != cell && marks[q] != 0).collect();
        assert!(others.iter().all(|&q| board[q] == digit));
        assert!((2..=3).contains(&others.len()), "{others:?}");
        assert_eq!(n, Some(1 + others.len()));
        for q in others {
            let (qr, qc) = (q / 9, q % 9);
            let shared = (qr == r) as u8 | ((qc == c) as u8) << 1;
            let shared = shared | ((qr / 3 == r / 3 && qc / 3 == c / 3) as u8) << 2;
            assert_eq!(marks[q], shared);
        }
    }
}

#[test]
fn a_count_overlapping_the_marks_is_refused_and_nothing_is_written() {
    let mut board = [b'.'; CELLS];
    board[0] = b'4';
    board[1] = b'4';
    let board = board.map(|b| b as std::ffi::c_char);
    let size = std::mem::size_of::<usize>();
    for (at, refused) in [(0, true), (80, true), (81, false)] {
        let mut buffer = vec![0xEEu8; 81 + size + 1];
        let out = buffer.as_mut_ptr();
        // SAFETY: 81 readable bytes; the buffer holds the marks' 81 bytes and the count's
        // `size` bytes at `at` (at most 81 + size bytes from its start); writes are unaligned.
        let status = unsafe {
            sudoku::ffi::sudoku_board_conflicts(board.as_ptr(), out, out.add(at).cast::<usize>())
        };
        if refused {
            assert_eq!(status, SUDOKU_INVALID_ARGUMENT);
            assert!(buffer.iter().all(|&b| b == 0xEE));
        } else {
            assert_eq!(status, SUDOKU_OK);
            assert_eq!(&buffer[..3], &[1 | 4, 1 | 4, 0]);
            assert_eq!(buffer[81..81 + size], 2usize.to_ne_bytes());
        }
    }
}

#[test]
fn null_pointers_and_bad_bytes_write_nothing() {
    let mut board = [b'.'; CELLS];
    board[5] = b'x';
    assert_eq!(
        cabi::board_conflicts(&board),
        (SUDOKU_INVALID_CHARACTER, None, None)
    );
    crate::contract::check_arguments(&board, 0);
}

#[test]
fn the_calls_for_games_allocate_nothing() {
    use crate::read_formats::allocations_during;
    // Their documentation says "no allocation": a clash board, a bad byte, a pattern, a draw.
    let mut board = [b'.'; CELLS];
    board[0] = b'4';
    board[1] = b'4';
    let mut bad = board;
    bad[9] = b'x';
    let mut one = [b'.'; CELLS];
    one[0] = b'4';
    let mut houses = [0u8; CELLS];
    let mut marked = 0usize;
    let mut bits = 0u32;
    let mut t = cabi::TRANSFORM_UNTOUCHED;
    let n = allocations_during(|| {
        for text in [&board, &bad] {
            // SAFETY: 81 readable bytes, 81 writable bytes and a writable size_t.
            unsafe {
                sudoku::ffi::sudoku_board_conflicts(
                    text.as_ptr().cast(),
                    houses.as_mut_ptr(),
                    &mut marked,
                );
            }
        }
        // SAFETY: 81 readable bytes (one given: a valid board) and a writable uint32_t.
        unsafe { sudoku::ffi::sudoku_pattern_symmetries(one.as_ptr().cast(), &mut bits) };
        // SAFETY: a writable sudoku_transform.
        unsafe { sudoku::ffi::sudoku_transform_random(2026, &mut t) };
    });
    assert_eq!(n, 0);
    // r1c1 alone: none, the main diagonal's mirror (which fixes it), nothing else.
    assert_eq!((marked, bits), (2, 1 | 1 << 5));
    assert_eq!(t.transpose, 0);
}
