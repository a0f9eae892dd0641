//! `sudoku_is_minimal` and `sudoku_minimize` on arbitrary boards (raw bytes), and on unique
//! puzzles made from the input (a generated puzzle with givens of the input's choosing taken
//! out), checked against a slow path over the reference counter: the statuses of invalid,
//! unsolvable and non-unique boards (nothing written), the answer of `sudoku_is_minimal` (each
//! given removed alone gives several solutions), and the board `sudoku_minimize` leaves: a
//! subset of the givens with the same one solution, the symmetry kept, no orbit removable; a
//! pattern without the asked symmetry or an unknown symmetry is `SUDOKU_INVALID_ARGUMENT`. And
//! `sudoku_pattern_symmetries` on the board and on what `sudoku_minimize` left: the test kit's symmetries of the pattern, or the
//! board's fault with nothing written.
#![no_main]

use libfuzzer_sys::fuzz_target;
use libsudoku_fuzz::{board_from, count_without, given_orbits, reference};
use sudoku::ffi::sudoku_status::{self, *};
use sudoku::ffi::{
    sudoku_generate, sudoku_generate_options, sudoku_generate_options_init, sudoku_is_minimal,
    sudoku_minimize, sudoku_pattern_symmetries,
};
use sudoku_testkit::board::{parse, Fault};
use sudoku_testkit::symmetry::pattern_symmetries;

const CELLS: usize = 81;

/// A unique puzzle from the input: a generated one with 30-45 givens (seed from the input),
/// then the cells the input names emptied (which may break uniqueness: also worth testing).
fn made_board(data: &[u8]) -> [u8; CELLS] {
    let mut options = std::mem::MaybeUninit::<sudoku_generate_options>::uninit();
    // SAFETY: a writable options struct, initialised before use.
    let mut options = unsafe {
        sudoku_generate_options_init(options.as_mut_ptr());
        options.assume_init()
    };
    options.minimal = 0;
    options.min_givens = 30;
    options.max_givens = 45;
    options.symmetry = u32::from(data.get(1).copied().unwrap_or(0) % 10);
    let seed = data
        .iter()
        .take(8)
        .fold(0u64, |acc, &b| acc << 8 | u64::from(b));
    let mut board = [b'.'; CELLS];
    // SAFETY: readable options; an 81-byte writable buffer; NULL solution.
    let status = unsafe {
        sudoku_generate(
            seed,
            &options,
            board.as_mut_ptr().cast(),
            std::ptr::null_mut(),
        )
    };
    assert_eq!(status, SUDOKU_OK);
    for &b in data.iter().skip(8).take(4) {
        board[b as usize % CELLS] = b'.';
    }
    board
}

fn is_minimal(board: &[u8; CELLS]) -> (sudoku_status, u8) {
    let mut answer = 7u8;
    // SAFETY: an 81-byte board; a writable byte read back as a bool only when written.
    let status =
        unsafe { sudoku_is_minimal(board.as_ptr().cast(), (&mut answer as *mut u8).cast()) };
    (status, answer)
}

/// `sudoku_pattern_symmetries` against the test kit: a valid board's mask, else its fault's
/// status with nothing written.
fn check_pattern_symmetries(board: &[u8; CELLS]) {
    let mut bits = 0xDEAD_BEEFu32;
    // SAFETY: an 81-byte board and a writable uint32_t.
    let status = unsafe { sudoku_pattern_symmetries(board.as_ptr().cast(), &mut bits) };
    match parse(board) {
        Err(Fault::InvalidCharacter(_)) => {
            assert_eq!((status, bits), (SUDOKU_INVALID_CHARACTER, 0xDEAD_BEEF))
        }
        Err(Fault::ConflictingGivens(_)) => {
            assert_eq!((status, bits), (SUDOKU_CONFLICTING_GIVENS, 0xDEAD_BEEF))
        }
        Ok(_) => assert_eq!((status, bits), (SUDOKU_OK, pattern_symmetries(board))),
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let board = if mode & 1 == 0 {
        board_from(rest)
    } else {
        made_board(rest)
    };
    let symmetry = u32::from(mode >> 1) % 12;
    let (minimal_status, answer) = is_minimal(&board);
    let mut out = board;
    // SAFETY: an 81-byte writable board.
    let status = unsafe { sudoku_minimize(out.as_mut_ptr().cast(), symmetry) };

    // The board's own status, by the reference: invalid, no solution, several, or unique.
    let expected = match parse(&board) {
        Err(Fault::InvalidCharacter(_)) => SUDOKU_INVALID_CHARACTER,
        Err(Fault::ConflictingGivens(_)) => SUDOKU_CONFLICTING_GIVENS,
        Ok(_) => match reference::reference_solve(&board, 2).0 {
            0 => SUDOKU_NO_SOLUTION,
            1 => SUDOKU_OK,
            _ => SUDOKU_MULTIPLE_SOLUTIONS,
        },
    };
    assert_eq!(minimal_status, expected);
    check_pattern_symmetries(&board);
    // minimize checks the symmetry's value, then the board, then the pattern's symmetry.
    if symmetry >= 10 {
        assert_eq!(status, SUDOKU_INVALID_ARGUMENT);
    } else if expected != SUDOKU_OK || given_orbits(&board, symmetry).is_some() {
        assert_eq!(status, expected, "minimize");
    } else {
        assert_eq!(status, SUDOKU_INVALID_ARGUMENT, "asymmetric pattern");
    }
    if expected != SUDOKU_OK {
        assert_eq!(answer, 7, "is_minimal wrote on {expected:?}");
        assert_eq!(out, board, "minimize wrote on {status:?}");
        return;
    }
    let givens: Vec<usize> = (0..CELLS)
        .filter(|&c| board[c] != b'.' && board[c] != b'0')
        .collect();
    let slow = givens.iter().all(|&c| count_without(&board, &[c]) >= 2);
    assert_eq!(answer, slow as u8, "is_minimal");
    if symmetry >= 10 {
        return;
    }
    if status != SUDOKU_OK {
        assert_eq!(out, board, "minimize wrote on {status:?}");
        return;
    }
    let solution = reference::reference_solve(&board, 2).1;
    assert_eq!(reference::reference_solve(&out, 2), (1, solution));
    for c in 0..CELLS {
        let given = board[c] != b'.' && board[c] != b'0';
        assert!(out[c] == b'.' || (given && out[c] == board[c]), "cell {c}");
    }
    check_pattern_symmetries(&out);
    let orbits = given_orbits(&out, symmetry).expect("minimize keeps the symmetry");
    for orbit in orbits {
        assert!(count_without(&out, &orbit) >= 2, "orbit {orbit:?} can go");
    }
});
