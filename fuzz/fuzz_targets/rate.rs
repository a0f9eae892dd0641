//! The step engine's C API from raw bytes: the first 81 bytes are the board (padded with
//! blanks), the next 162, when present, 81 candidate masks (little-endian `uint16_t`, padded
//! with 0x1FF), and the bytes after those (zero-padded) as a raw `sudoku_step`.
//! Checked: `sudoku_rate` gives ER >= EP and ER >= ED, an incomplete rating's ER at least the
//! bound (9.5 with several solutions, else `SUDOKU_BEYOND_ER`), and a rating only for a board
//! with a solution; `sudoku_hint` (raw masks, then masks cleared to 9 bits) on a board with one
//! solution never places a wrong digit nor removes the solution's digit, names a wrong cell
//! only when it is wrong, and gives NO_SOLUTION only without a solution; with the board as the
//! givens of a position that adds digits (often clashing), it names only a player's digit that
//! the one solution refutes, and passes no wrong digit; `sudoku_step_explain`
//! fits exactly its reported size, writes nothing into a buffer one byte short, and refuses or
//! explains any raw step without overflowing. `sudoku_solve_path` returns `sudoku_rate`'s status,
//! asks for exactly the rating's number of steps, writes nothing into a buffer one step short,
//! and gives the rating's completeness and hardest step, each step explained and, with one
//! solution, never placing a wrong digit nor removing the solution's; `sudoku_rate_batch` gives
//! `sudoku_rate`'s status and rating; `sudoku_technique_name` names exactly the 67 techniques
//! and `sudoku_level_name` every ER. `sudoku_step_apply` applies every hint (placing its
//! digit, keeping the solution's digits with one solution) and applies or refuses any raw step
//! without writing on a refusal.
#![no_main]

use std::mem::size_of;
use std::ptr;

use libfuzzer_sys::fuzz_target;
use libsudoku_fuzz::board_from;
use libsudoku_fuzz::reference::CELLS;
use sudoku::ffi::sudoku_status::{self, *};
use sudoku::ffi::*;

/// The solutions of a board (up to 2) and the first, by the library's counter and solver.
fn solutions(board: &[u8; CELLS]) -> Option<(u64, [u8; CELLS])> {
    let mut count = 0u64;
    // SAFETY: 81 readable bytes and a writable count.
    let status = unsafe { sudoku_count_solutions(board.as_ptr().cast(), 2, &mut count) };
    if status != SUDOKU_OK || count == 0 {
        return None;
    }
    let mut solved = *board;
    // SAFETY: 81 readable and writable bytes.
    let status = unsafe { sudoku_solve(solved.as_mut_ptr().cast()) };
    assert_eq!(status, SUDOKU_OK);
    Some((count, solved))
}

/// A step no call has written: technique -1, everything else zero.
fn blank_step() -> sudoku_step {
    sudoku_step {
        technique: -1,
        rating: 0,
        cell: 0,
        digit: 0,
        eliminations: [0; 12],
        cells: [0; 2],
        houses: 0,
        digits: 0,
        chain_len: 0,
        chain: [0; 128],
        chain_truncated: 0,
    }
}

/// Explains `step` with exact, short and empty buffers: the text fits its reported size.
fn check_explain(step: &sudoku_step) -> sudoku_status {
    let mut needed = 0usize;
    // SAFETY: a readable step; size 0 with a NULL text; a writable size.
    let status = unsafe { sudoku_step_explain(step, ptr::null_mut(), 0, &mut needed) };
    if status != SUDOKU_BUFFER_TOO_SMALL {
        assert_eq!(status, SUDOKU_INVALID_ARGUMENT);
        return status;
    }
    assert!(needed >= 2);
    let mut text = vec![0x55u8; needed + 8];
    // SAFETY: needed - 1 writable bytes of a larger buffer.
    let short =
        unsafe { sudoku_step_explain(step, text.as_mut_ptr().cast(), needed - 1, ptr::null_mut()) };
    assert_eq!(short, SUDOKU_BUFFER_TOO_SMALL);
    assert!(text.iter().all(|&b| b == 0x55));
    let mut again = 0usize;
    // SAFETY: `needed` writable bytes of a larger buffer, a writable size.
    let ok = unsafe { sudoku_step_explain(step, text.as_mut_ptr().cast(), needed, &mut again) };
    assert_eq!((ok, again), (SUDOKU_OK, needed));
    assert_eq!(text[needed - 1], 0);
    assert!(text[..needed - 1]
        .iter()
        .all(|&b| b.is_ascii_graphic() || b == b' '));
    assert!(
        text[needed..].iter().all(|&b| b == 0x55),
        "written past the size"
    );
    SUDOKU_OK
}

/// `sudoku_step_apply` of `step` on copies of `board` and `masks`: its status and the two
/// buffers after; on any status but `SUDOKU_OK` both must be as they were.
fn apply(
    step: &sudoku_step,
    board: &[u8; CELLS],
    masks: Option<&[u16; CELLS]>,
) -> (sudoku_status, [u8; CELLS], Option<[u16; CELLS]>) {
    let (mut b, mut m) = (*board, masks.copied());
    // SAFETY: a readable step, 81 writable bytes, NULL or 81 writable masks.
    let status = unsafe {
        sudoku_step_apply(
            step,
            b.as_mut_ptr().cast(),
            m.as_mut().map_or(ptr::null_mut(), |x| x.as_mut_ptr()),
        )
    };
    assert!(
        matches!(
            status,
            SUDOKU_OK
                | SUDOKU_INVALID_ARGUMENT
                | SUDOKU_INVALID_CHARACTER
                | SUDOKU_CONFLICTING_GIVENS
        ),
        "{status:?}"
    );
    if status != SUDOKU_OK {
        assert_eq!((&b, m.as_ref()), (board, masks), "written on {status:?}");
    }
    (status, b, m)
}

fn check_hint(
    board: &[u8; CELLS],
    masks: Option<&[u16; CELLS]>,
    solved: Option<(u64, [u8; CELLS])>,
) {
    let mut step = blank_step();
    let mut cell = usize::MAX;
    // SAFETY: 81 readable bytes, NULL or 81 masks, a writable step and cell.
    let status = unsafe {
        sudoku_hint(
            board.as_ptr().cast(),
            ptr::null(),
            masks.map_or(ptr::null(), |m| m.as_ptr()),
            &mut step,
            &mut cell,
        )
    };
    let valid_masks = masks.is_none_or(|m| m.iter().all(|&x| x <= 0x1FF));
    // The masks are checked before the board, whatever its bytes (the C API's order).
    if !valid_masks {
        assert_eq!(status, SUDOKU_INVALID_ARGUMENT);
    }
    match status {
        SUDOKU_OK => {
            assert_eq!(check_explain(&step), SUDOKU_OK);
            // The hint fits its position: applied, its digit is placed, and with one solution
            // every cell keeps the solution's digit (the position held no wrong one).
            let (applied, after, after_masks) = apply(&step, board, masks);
            assert_eq!(applied, SUDOKU_OK);
            if step.digit != 0 {
                assert_eq!(after[step.cell as usize], b'0' + step.digit);
            }
            if let (Some((1, solution)), Some(after_masks)) = (solved, after_masks) {
                for c in 0..CELLS {
                    let bit = 1 << (solution[c] - b'1');
                    assert_ne!(after_masks[c] & bit, 0, "cell {c}");
                    assert!(after[c] == b'.' || after[c] == solution[c], "cell {c}");
                }
            }
            if let Some((1, solution)) = solved {
                if step.digit != 0 {
                    assert_eq!(solution[step.cell as usize], b'0' + step.digit);
                }
                for bit in 0..729 {
                    if step.eliminations[bit / 64] >> (bit % 64) & 1 != 0 {
                        assert_ne!(solution[bit / 9], b'1' + (bit % 9) as u8);
                    }
                }
            }
        }
        SUDOKU_WRONG_DIGIT => {
            let (count, solution) = solved.expect("a wrong digit needs a solution");
            assert_eq!(count, 1);
            let d = solution[cell] - b'0';
            let wrong = match board[cell] {
                b'1'..=b'9' => board[cell] != solution[cell],
                _ => masks.is_some_and(|m| m[cell] >> (d - 1) & 1 == 0),
            };
            assert!(wrong, "cell {cell}");
        }
        // Without masks, only a board without a solution; with masks, also masks that empty a
        // cell of a board with several.
        SUDOKU_NO_SOLUTION if masks.is_none() => assert!(solved.is_none()),
        SUDOKU_INVALID_ARGUMENT => assert!(!valid_masks),
        _ => {}
    }
}

/// Whether `step` agrees with `solution`: a placement of its digit, no removal of its digits.
fn agrees(step: &sudoku_step, solution: &[u8; CELLS]) -> bool {
    (step.digit == 0 || solution[step.cell as usize] == b'0' + step.digit)
        && (0..729).all(|bit| {
            step.eliminations[bit / 64] >> (bit % 64) & 1 == 0
                || solution[bit / 9] != b'1' + (bit % 9) as u8
        })
}

/// `sudoku_solve_path` against `sudoku_rate`'s `status` and `rating` for the same board.
fn check_path(
    board: &[u8; CELLS],
    status: sudoku_status,
    rating: &sudoku_rating,
    solved: Option<(u64, [u8; CELLS])>,
) {
    let (mut count, mut complete) = (usize::MAX, false);
    // SAFETY: 81 readable bytes, no steps with capacity 0, a writable count and flag.
    let sized = unsafe {
        sudoku_solve_path(
            board.as_ptr().cast(),
            ptr::null_mut(),
            0,
            &mut count,
            &mut complete,
        )
    };
    if status != SUDOKU_OK {
        assert_eq!(sized, status);
        assert_eq!(count, usize::MAX);
        return;
    }
    let steps = rating.steps as usize;
    if steps == 0 {
        assert_eq!(
            (sized, count, complete),
            (SUDOKU_OK, 0, rating.complete == 1)
        );
        return;
    }
    assert_eq!((sized, count), (SUDOKU_BUFFER_TOO_SMALL, steps));
    let mut path = vec![blank_step(); steps + 1];
    let mut short = (usize::MAX, false);
    // SAFETY: `steps - 1` writable steps of a larger buffer, a writable count and flag.
    let status = unsafe {
        sudoku_solve_path(
            board.as_ptr().cast(),
            path.as_mut_ptr(),
            steps - 1,
            &mut short.0,
            &mut short.1,
        )
    };
    assert_eq!(
        (status, short.0, short.1),
        (SUDOKU_BUFFER_TOO_SMALL, steps, false)
    );
    assert!(
        path.iter().all(|s| s.technique == -1),
        "written into a short buffer"
    );
    // SAFETY: `steps` writable steps of a larger buffer, a writable count and flag.
    let status = unsafe {
        sudoku_solve_path(
            board.as_ptr().cast(),
            path.as_mut_ptr(),
            steps,
            &mut count,
            &mut complete,
        )
    };
    assert_eq!(
        (status, count, complete),
        (SUDOKU_OK, steps, rating.complete == 1)
    );
    assert_eq!(path[steps].technique, -1, "written past the capacity");
    let path = &path[..steps];
    let hardest = path.iter().map(|s| s.rating).max().unwrap_or(0);
    if rating.complete == 1 {
        assert_eq!(hardest, rating.er);
        assert!(path
            .iter()
            .any(|s| s.technique == i32::from(rating.hardest)));
    }
    for step in path {
        assert_eq!(check_explain(step), SUDOKU_OK);
        if let Some((1, solution)) = solved {
            assert!(agrees(step, &solution), "a step against the solution");
        }
    }
}

/// `sudoku_rate_batch` of the one board gives `sudoku_rate`'s `status` and `rating`.
fn check_batch(board: &[u8; CELLS], status: sudoku_status, rating: &sudoku_rating) {
    let mut ratings = [sudoku_rating {
        er: 999,
        ep: 0,
        ed: 0,
        hardest: 0,
        steps: 0,
        complete: 9,
    }];
    let mut statuses = [SUDOKU_INTERNAL_ERROR];
    // SAFETY: one board of 81 readable bytes, one writable rating and status.
    let all = unsafe {
        sudoku_rate_batch(
            board.as_ptr().cast(),
            1,
            ratings.as_mut_ptr(),
            statuses.as_mut_ptr(),
            1,
        )
    };
    assert_eq!((all, statuses[0]), (SUDOKU_OK, status));
    let r = &ratings[0];
    if status == SUDOKU_OK {
        let got = (r.er, r.ep, r.ed, r.hardest, r.steps, r.complete);
        let want = (
            rating.er,
            rating.ep,
            rating.ed,
            rating.hardest,
            rating.steps,
            rating.complete,
        );
        assert_eq!(got, want);
    } else {
        assert_eq!((r.er, r.complete), (999, 9), "a rating written on failure");
    }
}

/// The names: one for each of the 67 techniques and none for any other value; every ER a level.
fn check_names(data: &[u8], rating: &sudoku_rating) {
    let word = |at: usize| {
        let mut b = [0u8; 4];
        for (i, x) in b.iter_mut().enumerate() {
            *x = data.get(at + i).copied().unwrap_or(0);
        }
        i32::from_le_bytes(b)
    };
    for technique in [
        word(0),
        word(4),
        i32::from(rating.hardest),
        -1,
        66,
        67,
        i32::MIN,
        i32::MAX,
    ] {
        let name = sudoku_technique_name(technique);
        assert_eq!(name.is_null(), !(0..67).contains(&technique), "{technique}");
        if !name.is_null() {
            // SAFETY: a non-NULL name is a static NUL-terminated string.
            let text = unsafe { std::ffi::CStr::from_ptr(name) }.to_bytes();
            assert!(!text.is_empty() && text.iter().all(|&b| b.is_ascii_graphic() || b == b' '));
        }
    }
    for er in [word(8) as u16, rating.er, rating.ep, rating.ed] {
        let name = sudoku_level_name(er);
        assert!(!name.is_null());
        // SAFETY: a level name is a static NUL-terminated string.
        assert!(!unsafe { std::ffi::CStr::from_ptr(name) }
            .to_bytes()
            .is_empty());
    }
}

/// `sudoku_hint` on a player's position: the puzzle `givens` (the fuzzed board) with digits
/// added to its blank cells from `extra` (a byte's value mod 10, 0 a blank), often clashing.
/// A wrong digit named is a player's digit that the puzzle's one solution refutes; a clash is
/// named so when the puzzle has one solution, else it stays `SUDOKU_CONFLICTING_GIVENS`.
fn check_hint_with_givens(givens: &[u8; CELLS], extra: &[u8], solved: Option<(u64, [u8; CELLS])>) {
    let mut player = *givens;
    for (cell, &b) in extra.iter().take(CELLS).enumerate() {
        if matches!(player[cell], b'.' | b'0') && b % 10 != 0 {
            player[cell] = b'0' + b % 10;
        }
    }
    let mut step = blank_step();
    let mut cell = usize::MAX;
    // SAFETY: 81 readable bytes twice, NULL masks, a writable step and cell.
    let status = unsafe {
        sudoku_hint(
            player.as_ptr().cast(),
            givens.as_ptr().cast(),
            ptr::null(),
            &mut step,
            &mut cell,
        )
    };
    let unique = match solved {
        Some((1, solution)) => Some(solution),
        _ => None,
    };
    match status {
        SUDOKU_WRONG_DIGIT => {
            let solution = unique.expect("a wrong digit needs one solution");
            assert!(matches!(givens[cell], b'.' | b'0'), "a given named: {cell}");
            assert_ne!(player[cell], solution[cell], "cell {cell}");
        }
        SUDOKU_OK => {
            if let Some(solution) = unique {
                for c in 0..CELLS {
                    if player[c] != b'.' && player[c] != b'0' {
                        assert_eq!(player[c], solution[c], "a wrong digit passed at {c}");
                    }
                }
                if step.digit != 0 {
                    assert_eq!(solution[step.cell as usize], b'0' + step.digit);
                }
            }
            assert_eq!(cell, usize::MAX);
        }
        SUDOKU_CONFLICTING_GIVENS => {
            // The givens clash, or the position does and the puzzle has no one solution.
            let mut one = 0usize;
            // SAFETY: 81 readable bytes and a writable cell.
            let givens_status = unsafe { sudoku_validate(givens.as_ptr().cast(), &mut one) };
            assert!(givens_status == SUDOKU_CONFLICTING_GIVENS || unique.is_none());
        }
        _ => {}
    }
}

fuzz_target!(|data: &[u8]| {
    let board = board_from(data);
    let solved = solutions(&board);
    let mut rating = sudoku_rating {
        er: 0,
        ep: 0,
        ed: 0,
        hardest: 0,
        steps: 0,
        complete: 0,
    };
    // SAFETY: 81 readable bytes and a writable rating.
    let status = unsafe { sudoku_rate(board.as_ptr().cast(), &mut rating) };
    if status == SUDOKU_OK {
        assert!(solved.is_some());
        assert!(rating.er >= rating.ep && rating.er >= rating.ed);
        assert!(rating.complete <= 1);
        if rating.complete == 0 {
            // On a puzzle with several solutions the nested forcing chains (9.5 and up) are
            // skipped: the bound is theirs, below SUDOKU_BEYOND_ER.
            let several = solved.is_some_and(|(n, _)| n >= 2);
            assert!(rating.er >= if several { 95 } else { SUDOKU_BEYOND_ER });
        }
    } else if status == SUDOKU_NO_SOLUTION {
        assert!(solved.is_none());
    }
    check_path(&board, status, &rating, solved);
    check_batch(&board, status, &rating);
    check_names(data, &rating);
    check_hint(&board, None, solved);
    check_hint_with_givens(&board, data.get(CELLS..).unwrap_or(&[]), solved);
    if data.len() > CELLS {
        let mut masks = [0x1FFu16; CELLS];
        for (m, pair) in masks.iter_mut().zip(data[CELLS..].chunks_exact(2)) {
            *m = u16::from_le_bytes([pair[0], pair[1]]);
        }
        check_hint(&board, Some(&masks), solved);
        check_hint(&board, Some(&masks.map(|m| m & 0x1FF)), solved);
    }
    let tail = data.get(3 * CELLS..).unwrap_or(&[]);
    if !tail.is_empty() {
        let mut bytes = [0u8; size_of::<sudoku_step>()];
        let n = tail.len().min(bytes.len());
        bytes[..n].copy_from_slice(&tail[..n]);
        // SAFETY: `bytes` holds size_of::<sudoku_step>() bytes, and every bit pattern is a
        // valid sudoku_step (integers only).
        let raw = unsafe { bytes.as_ptr().cast::<sudoku_step>().read_unaligned() };
        check_explain(&raw);
        // Any raw step on the board: applied or refused, nothing written when refused.
        apply(&raw, &board, None);
        apply(&raw, &board, Some(&[0x1FF; CELLS]));
    }
});
