//! The step engine's C API (issue 14): `sudoku_rate`, `sudoku_rate_batch`, `sudoku_hint`,
//! `sudoku_solve_path`, `sudoku_step_explain`, `sudoku_technique_name`, `sudoku_level_name`,
//! called through the C ABI as a C program calls them.
//!
//! Ratings are compared with serate 1.2.1.3's in `ratings/se_qqwing_2000.txt` (exact when the
//! engine finishes, a lower bound otherwise); hints with `steps::next_step`; every step of the
//! paths with the test kit's reference (DLX) solution: a placement is the solution's digit, a
//! removal never is.

use std::ffi::{c_char, CStr};
use std::fs;
use std::ptr;

use sudoku::ffi::sudoku_status::{self, *};
use sudoku::ffi::*;
use sudoku::steps::{self, Grid, Next, Step, Technique};
use sudoku::Board;
use sudoku_testkit::data::{data_dir, puzzle_lines};
use sudoku_testkit::reference::reference_solve;

const CELLS: usize = 81;

/// The first puzzle of `se_qqwing_2000.txt`, rated 1.5/1.2/1.2 there.
const QQWING_1: &[u8; CELLS] =
    b".9.....4157.1..6.....8..........54.8.......1...64..579...58.3.....7.3.6.3..6.49..";

/// (puzzle, [ER, EP, ED] in tenths) of a rated file.
fn rated(file: &str) -> Vec<([u8; CELLS], [u16; 3])> {
    let path = data_dir().join("ratings").join(file);
    let bytes = fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    puzzle_lines(&bytes)
        .map(|(_, line)| {
            let line = std::str::from_utf8(line).unwrap();
            let (puzzle, r) = line.split_once(' ').unwrap();
            let r: Vec<u16> = r
                .trim()
                .split('/')
                .map(|x| {
                    let (a, b) = x.split_once('.').unwrap();
                    a.parse::<u16>().unwrap() * 10 + b.parse::<u16>().unwrap()
                })
                .collect();
            (puzzle.as_bytes().try_into().unwrap(), [r[0], r[1], r[2]])
        })
        .collect()
}

fn blank_rating() -> sudoku_rating {
    sudoku_rating {
        er: 999,
        ep: 999,
        ed: 999,
        hardest: 99,
        steps: 999,
        complete: 9,
    }
}

fn rate(board: &[u8; CELLS]) -> (sudoku_status, sudoku_rating) {
    let mut r = blank_rating();
    // SAFETY: 81 readable bytes and a writable rating.
    let status = unsafe { sudoku_rate(board.as_ptr().cast(), &mut r) };
    (status, r)
}

fn blank_step() -> sudoku_step {
    sudoku_step {
        technique: -7,
        rating: 7,
        cell: 7,
        digit: 7,
        eliminations: [7; 12],
        cells: [7; 2],
        houses: 7,
        digits: 7,
        chain_len: 7,
        chain: [7; 128],
        chain_truncated: 7,
    }
}

/// `sudoku_hint`: (status, step, cell) with sentinel-filled outputs.
fn hint(
    board: &[u8; CELLS],
    givens: Option<&[u8; CELLS]>,
    masks: Option<&[u16; CELLS]>,
) -> (sudoku_status, sudoku_step, usize) {
    let mut step = blank_step();
    let mut cell = 999usize;
    // SAFETY: 81 readable bytes, NULL or 81 bytes, NULL or 81 masks, a writable step and cell.
    let status = unsafe {
        sudoku_hint(
            board.as_ptr().cast(),
            givens.map_or(ptr::null(), |g| g.as_ptr().cast()),
            masks.map_or(ptr::null(), |m| m.as_ptr()),
            &mut step,
            &mut cell,
        )
    };
    (status, step, cell)
}

/// The whole path through `sudoku_solve_path`: (status, steps, complete).
fn path(board: &[u8; CELLS]) -> (sudoku_status, Vec<sudoku_step>, bool) {
    let mut count = 0usize;
    let mut complete = false;
    // SAFETY: a size query: NULL steps with capacity 0, writable count and flag.
    let status = unsafe {
        sudoku_solve_path(
            board.as_ptr().cast(),
            ptr::null_mut(),
            0,
            &mut count,
            &mut complete,
        )
    };
    if status != SUDOKU_BUFFER_TOO_SMALL {
        return (status, Vec::new(), complete);
    }
    let mut steps = vec![blank_step(); count];
    let mut written = 0usize;
    // SAFETY: room for `count` steps, writable count and flag.
    let status = unsafe {
        sudoku_solve_path(
            board.as_ptr().cast(),
            steps.as_mut_ptr(),
            steps.len(),
            &mut written,
            &mut complete,
        )
    };
    assert_eq!(written, count);
    (status, steps, complete)
}

fn explain(step: &sudoku_step) -> (sudoku_status, String, usize) {
    let mut text = [b'#' as c_char; 512];
    let mut needed = 0usize;
    // SAFETY: a readable step, 512 writable bytes, a writable size.
    let status = unsafe { sudoku_step_explain(step, text.as_mut_ptr(), text.len(), &mut needed) };
    if status != SUDOKU_OK {
        return (status, String::new(), needed);
    }
    // SAFETY: on success the text is NUL-terminated inside the buffer.
    let s = unsafe { CStr::from_ptr(text.as_ptr()) };
    (status, s.to_str().unwrap().to_string(), needed)
}

/// The fields a C step must hold for an engine step, written out here from the documented
/// layout (not with the library's converter).
fn expected_c(step: &Step) -> (i32, u16, u8, u8, [u64; 12], [u64; 2], u32, u16) {
    let mut elim = [0u64; 12];
    for (c, d) in step.eliminations.iter() {
        let bit = 9 * c.index() + d.get() as usize - 1;
        elim[bit / 64] |= 1 << (bit % 64);
    }
    let mut cells = [0u64; 2];
    for c in step.cells.iter() {
        cells[c.index() / 64] |= 1 << (c.index() % 64);
    }
    let (cell, digit) = step
        .placement
        .map_or((0, 0), |(c, d)| (c.index() as u8, d.get()));
    let houses = step.houses.iter().fold(0u32, |a, h| a | 1 << h.index());
    (
        step.technique as i32,
        step.rating() as u16,
        cell,
        digit,
        elim,
        cells,
        houses,
        step.digits,
    )
}

fn c_fields(s: &sudoku_step) -> (i32, u16, u8, u8, [u64; 12], [u64; 2], u32, u16) {
    (
        s.technique,
        s.rating,
        s.cell,
        s.digit,
        s.eliminations,
        s.cells,
        s.houses,
        s.digits,
    )
}

/// The candidates a C step removes, as (cell, digit).
fn removals(s: &sudoku_step) -> Vec<(usize, u8)> {
    (0..729)
        .filter(|&b| s.eliminations[b / 64] >> (b % 64) & 1 != 0)
        .map(|b| (b / 9, (b % 9 + 1) as u8))
        .collect()
}

#[test]
fn ratings_agree_with_serate_on_the_qqwing_file() {
    let puzzles = rated("se_qqwing_2000.txt");
    assert_eq!(puzzles.len(), 2000);
    let mut finished = 0;
    for (i, (p, [er, ep, ed])) in puzzles.iter().enumerate() {
        let (status, r) = rate(p);
        assert_eq!(status, SUDOKU_OK, "line {i}");
        if r.complete == 1 {
            finished += 1;
            assert_eq!((r.er, r.ep, r.ed), (*er, *ep, *ed), "puzzle {i}");
            let t = r.hardest;
            assert!((0..Technique::all().len() as i16).contains(&t), "{t}");
            // The hardest technique's lowest rating is at most the ER.
            assert!(u16::from(Technique::all()[t as usize].rating()) <= r.er);
        } else {
            assert_eq!(r.complete, 0);
            assert!(
                r.er >= SUDOKU_BEYOND_ER && r.er <= *er,
                "puzzle {i}: bound {} > {er}",
                r.er
            );
            if r.ep != 0 {
                assert_eq!(r.ep, *ep, "puzzle {i}");
            }
            if r.ed != 0 {
                assert_eq!(r.ed, *ed, "puzzle {i}");
            }
        }
        assert!(r.steps > 0);
    }
    // docs/steps.md: the engine finishes all 2000 (dynamic forcing chains included).
    assert_eq!(finished, 2000);
}

#[test]
fn the_batch_gives_what_single_calls_give() {
    let mut boards: Vec<[u8; CELLS]> = rated("se_qqwing_2000.txt")
        .into_iter()
        .take(150)
        .map(|(p, _)| p)
        .collect();
    let mut bad = *QQWING_1;
    bad[3] = b'x';
    boards.push(bad);
    let mut conflict = *QQWING_1;
    conflict[0] = b'9'; // r1c2 holds 9 already
    boards.push(conflict);
    boards.push([b'.'; CELLS]);
    let flat: Vec<u8> = boards.concat();
    for threads in [1, 3, 0] {
        let mut ratings = vec![blank_rating(); boards.len()];
        let mut statuses = vec![SUDOKU_INTERNAL_ERROR; boards.len()];
        // SAFETY: 81 * n readable bytes, n writable ratings and statuses.
        let status = unsafe {
            sudoku_rate_batch(
                flat.as_ptr().cast(),
                boards.len(),
                ratings.as_mut_ptr(),
                statuses.as_mut_ptr(),
                threads,
            )
        };
        assert_eq!(status, SUDOKU_OK);
        for (i, b) in boards.iter().enumerate() {
            let (s, r) = rate(b);
            assert_eq!(statuses[i], s, "board {i}");
            if s == SUDOKU_OK {
                assert_eq!(ratings[i], r, "board {i}");
            } else {
                assert_eq!(ratings[i], blank_rating(), "board {i} written on failure");
            }
        }
        let n = boards.len();
        assert_eq!(statuses[n - 3], SUDOKU_INVALID_CHARACTER);
        assert_eq!(statuses[n - 2], SUDOKU_CONFLICTING_GIVENS);
    }
    // Bad arguments: nothing written.
    let mut ratings = vec![blank_rating(); 2];
    let mut statuses = vec![SUDOKU_INTERNAL_ERROR; 2];
    // SAFETY: NULL boards are refused before any access.
    let status = unsafe {
        sudoku_rate_batch(
            ptr::null(),
            2,
            ratings.as_mut_ptr(),
            statuses.as_mut_ptr(),
            1,
        )
    };
    assert_eq!(status, SUDOKU_NULL_POINTER);
    // Statuses overlapping the ratings.
    // SAFETY: the overlap is refused before anything is written.
    let status = unsafe {
        sudoku_rate_batch(
            flat.as_ptr().cast(),
            2,
            ratings.as_mut_ptr(),
            ratings.as_mut_ptr().cast(),
            1,
        )
    };
    assert_eq!(status, SUDOKU_INVALID_ARGUMENT);
    assert_eq!(statuses, [SUDOKU_INTERNAL_ERROR; 2]);
    assert_eq!(ratings, [blank_rating(); 2]);
}

#[test]
fn rate_statuses() {
    let mut r = blank_rating();
    // SAFETY: NULL pointers are refused before any access.
    unsafe {
        assert_eq!(sudoku_rate(ptr::null(), &mut r), SUDOKU_NULL_POINTER);
        assert_eq!(
            sudoku_rate(QQWING_1.as_ptr().cast(), ptr::null_mut()),
            SUDOKU_NULL_POINTER
        );
    }
    assert_eq!(r, blank_rating());
    let mut bad = *QQWING_1;
    bad[80] = b'a';
    assert_eq!(rate(&bad), (SUDOKU_INVALID_CHARACTER, blank_rating()));
    let mut conflict = *QQWING_1;
    conflict[0] = b'9';
    assert_eq!(rate(&conflict), (SUDOKU_CONFLICTING_GIVENS, blank_rating()));
    // No solution without a conflicting given: r1c9 must be 9 (row 1 holds 1-8), but r2c9 holds
    // it.
    let no_solution =
        *b"12345678.........9...............................................................";
    assert_eq!(reference_solve(&no_solution, 1).0, 0);
    assert_eq!(rate(&no_solution), (SUDOKU_NO_SOLUTION, blank_rating()));
    // The first puzzle: 1.5/1.2/1.2, hardest a hidden single in a line.
    let (s, r) = rate(QQWING_1);
    assert_eq!(s, SUDOKU_OK);
    assert_eq!((r.er, r.ep, r.ed, r.complete), (15, 12, 12, 1));
    assert_eq!(
        r.hardest,
        sudoku_technique::SUDOKU_TECHNIQUE_HIDDEN_SINGLE_LINE as i16
    );
    // A solved board: nothing to rate.
    let solved = reference_solve(QQWING_1, 1).1.unwrap();
    let (s, r) = rate(&solved);
    assert_eq!(s, SUDOKU_OK);
    assert_eq!(
        (r.er, r.ep, r.ed, r.complete, r.steps, r.hardest),
        (0, 0, 0, 1, 0, SUDOKU_NO_TECHNIQUE)
    );
    // The empty board (many solutions): no step before the nested forcing chains, which are
    // skipped on a puzzle with several solutions: the bound 9.5.
    let (s, r) = rate(&[b'.'; CELLS]);
    assert_eq!(s, SUDOKU_OK);
    assert_eq!((r.er, r.ep, r.ed, r.complete, r.steps), (95, 0, 0, 0, 0));
}

#[test]
fn names_of_techniques_and_levels() {
    let name = |t: i32| {
        let p = sudoku_technique_name(t);
        // SAFETY: non-NULL results are static NUL-terminated strings.
        (!p.is_null()).then(|| unsafe { CStr::from_ptr(p) }.to_str().unwrap().to_string())
    };
    assert_eq!(name(0).as_deref(), Some("Full House"));
    assert_eq!(name(11).as_deref(), Some("X-Wing"));
    assert_eq!(name(42).as_deref(), Some("Region Forcing Chains"));
    assert_eq!(name(46).as_deref(), Some("Dynamic Region Forcing Chains"));
    assert_eq!(
        name(50).as_deref(),
        Some("Dynamic Region Forcing Chains (+)")
    );
    assert_eq!(
        name(51).as_deref(),
        Some("Dynamic Contradiction Forcing Chain (+ Forcing Chains)")
    );
    assert_eq!(
        name(58).as_deref(),
        Some("Dynamic Region Forcing Chains (+ Multiple Forcing Chains)")
    );
    assert_eq!(
        name(59).as_deref(),
        Some("Dynamic Contradiction Forcing Chain (+ Dynamic Forcing Chains)")
    );
    assert_eq!(
        name(66).as_deref(),
        Some("Dynamic Region Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))")
    );
    assert_eq!(name(67), None);
    assert_eq!(name(-1), None);
    let level = |er: u16| {
        // SAFETY: a static NUL-terminated string, never NULL.
        unsafe { CStr::from_ptr(sudoku_level_name(er)) }
            .to_str()
            .unwrap()
            .to_string()
    };
    assert_eq!(level(12), "Easy");
    assert_eq!(level(13), "Medium");
    assert_eq!(level(23), "Medium");
    assert_eq!(level(26), "Hard");
    assert_eq!(level(62), "Fiendish");
    assert_eq!(level(75), "Diabolical");
    assert_eq!(level(110), "Extreme");
}

#[test]
fn hints_are_the_engine_s_next_steps() {
    for (p, _) in rated("se_qqwing_2000.txt").into_iter().take(60) {
        let board = Board::parse(&p).unwrap();
        let mut grid = Grid::from_board(&board);
        let mut text = p;
        // Along the path, as a player who takes each hint: the board holds the placed digits,
        // the masks the candidates left.
        loop {
            let next = steps::next_step(&grid);
            let (status, step, _) = hint(&text, Some(&p), Some(grid.candidate_masks()));
            match next {
                Next::Step(s) => {
                    assert_eq!(status, SUDOKU_OK);
                    assert_eq!(c_fields(&step), expected_c(&s));
                    s.apply(&mut grid);
                    for (i, &v) in grid.values().iter().enumerate() {
                        if v != 0 {
                            text[i] = b'0' + v;
                        }
                    }
                }
                Next::Solved => {
                    assert_eq!(status, SUDOKU_ALREADY_SOLVED);
                    break;
                }
                Next::Beyond { .. } => {
                    assert_eq!(status, SUDOKU_NO_STEP);
                    break;
                }
                Next::Contradiction => panic!("a contradiction on a rated puzzle"),
                Next::OutOfBudget { .. } => panic!("out of a budget never given"),
            }
        }
        // Without masks or givens the first hint is the same.
        let Next::Step(first) = steps::next_step(&Grid::from_board(&board)) else {
            continue;
        };
        let (status, step, _) = hint(&p, None, None);
        assert_eq!(status, SUDOKU_OK);
        assert_eq!(c_fields(&step), expected_c(&first));
    }
}

#[test]
fn hint_statuses_and_wrong_digits() {
    let solution = reference_solve(QQWING_1, 1).1.unwrap();
    // r1c1 is empty in the puzzle; a wrong digit there is named with givens.
    assert_eq!(QQWING_1[0], b'.');
    let mut board = *QQWING_1;
    board[0] = if solution[0] == b'1' { b'2' } else { b'1' };
    // The wrong digit may clash with a given; pick one that does not.
    let mut wrong = None;
    for d in b'1'..=b'9' {
        board[0] = d;
        if d != solution[0] && Board::parse(&board).is_ok() {
            wrong = Some(d);
            break;
        }
    }
    let wrong = wrong.expect("a digit that clashes with no given");
    board[0] = wrong;
    let (status, step, cell) = hint(&board, Some(QQWING_1), None);
    assert_eq!((status, cell), (SUDOKU_WRONG_DIGIT, 0));
    assert_eq!(step, blank_step());
    // Without the givens the board itself has no solution.
    let (status, _, cell) = hint(&board, None, None);
    assert_eq!((status, cell), (SUDOKU_NO_SOLUTION, 999));
    // A mask without the solution's digit: the cell is named (r9c9, cell 80, empty).
    assert_eq!(QQWING_1[80], b'.');
    let mut masks = *Grid::from_board(&Board::parse(QQWING_1).unwrap()).candidate_masks();
    masks[80] &= !(1 << (solution[80] - b'1'));
    let (status, _, cell) = hint(QQWING_1, None, Some(&masks));
    assert_eq!((status, cell), (SUDOKU_WRONG_DIGIT, 80));
    // A mask above 0x1FF.
    masks[80] = 0x200;
    assert_eq!(
        hint(QQWING_1, None, Some(&masks)).0,
        SUDOKU_INVALID_ARGUMENT
    );
    // Givens missing from the board.
    let mut missing = *QQWING_1;
    missing[1] = b'.';
    assert_eq!(
        hint(&missing, Some(QQWING_1), None).0,
        SUDOKU_INVALID_ARGUMENT
    );
    // Solved, beyond, bad bytes, conflicts, NULLs.
    assert_eq!(
        hint(&solution, Some(QQWING_1), None).0,
        SUDOKU_ALREADY_SOLVED
    );
    assert_eq!(hint(&[b'.'; CELLS], None, None).0, SUDOKU_NO_STEP);
    let mut bad = *QQWING_1;
    bad[5] = b'-';
    assert_eq!(hint(&bad, None, None).0, SUDOKU_INVALID_CHARACTER);
    assert_eq!(hint(QQWING_1, Some(&bad), None).0, SUDOKU_INVALID_CHARACTER);
    let mut conflict = *QQWING_1;
    conflict[0] = b'9';
    assert_eq!(hint(&conflict, None, None).0, SUDOKU_CONFLICTING_GIVENS);
    let mut step = blank_step();
    // SAFETY: NULL pointers are refused before any access.
    unsafe {
        assert_eq!(
            sudoku_hint(
                ptr::null(),
                ptr::null(),
                ptr::null(),
                &mut step,
                ptr::null_mut()
            ),
            SUDOKU_NULL_POINTER
        );
        assert_eq!(
            sudoku_hint(
                QQWING_1.as_ptr().cast(),
                ptr::null(),
                ptr::null(),
                ptr::null_mut(),
                ptr::null_mut()
            ),
            SUDOKU_NULL_POINTER
        );
        // The cell is optional even on a wrong digit.
        assert_eq!(
            sudoku_hint(
                board.as_ptr().cast(),
                QQWING_1.as_ptr().cast(),
                ptr::null(),
                &mut step,
                ptr::null_mut()
            ),
            SUDOKU_WRONG_DIGIT
        );
    }
    assert_eq!(step, blank_step());
}

#[test]
fn a_clash_on_the_board_is_the_player_s_wrong_digit_when_the_givens_are_known() {
    // The solution and the peers come from the test kit, not from the library.
    use sudoku_testkit::board::are_peers;
    let solution = reference_solve(QQWING_1, 1).1.unwrap();
    let empty: Vec<usize> = (0..CELLS).filter(|&c| QQWING_1[c] == b'.').collect();
    // A player's digit repeating a given of its house: the player's cell is named, never the
    // given's (sudoku_validate names the later of the two).
    let (cell, given) = empty
        .iter()
        .find_map(|&c| {
            (0..c)
                .find(|&g| QQWING_1[g] != b'.' && are_peers(g, c))
                .map(|g| (c, g))
        })
        .expect("an empty cell after a given of its house");
    let mut board = *QQWING_1;
    board[cell] = QQWING_1[given];
    assert_ne!(board[cell], solution[cell]);
    assert_eq!(hint(&board, None, None).0, SUDOKU_CONFLICTING_GIVENS);
    let (status, step, named) = hint(&board, Some(QQWING_1), None);
    assert_eq!((status, named), (SUDOKU_WRONG_DIGIT, cell));
    assert_eq!(step, blank_step());
    // Two player's digits repeating each other: the one the solution refutes is named, here
    // the earlier cell, whatever the order.
    let (early, late) = empty
        .iter()
        .flat_map(|&a| empty.iter().map(move |&b| (a, b)))
        .find(|&(a, b)| a < b && are_peers(a, b))
        .expect("two empty cells of one house");
    let mut board = *QQWING_1;
    board[early] = solution[late];
    board[late] = solution[late];
    let (status, _, named) = hint(&board, Some(QQWING_1), None);
    assert_eq!((status, named), (SUDOKU_WRONG_DIGIT, early));
    // Givens with several solutions (none at all here): nothing is wrong, the clash stays.
    let (status, _, named) = hint(&board, Some(&[b'.'; CELLS]), None);
    assert_eq!((status, named), (SUDOKU_CONFLICTING_GIVENS, 999));
    // A given left off the clashing board: refused as on any board.
    let mut missing = board;
    let first_given = (0..CELLS).find(|&c| QQWING_1[c] != b'.').unwrap();
    missing[first_given] = b'.';
    assert_eq!(
        hint(&missing, Some(QQWING_1), None).0,
        SUDOKU_INVALID_ARGUMENT
    );
    // Bad bytes still come first, and a mask above 0x1FF before the solution.
    let mut bad = board;
    bad[late + 1 - usize::from(late == 80)] = b'-';
    assert_eq!(hint(&bad, Some(QQWING_1), None).0, SUDOKU_INVALID_CHARACTER);
    let mut masks = [0x1FFu16; CELLS];
    masks[0] = 0x200;
    assert_eq!(
        hint(&board, Some(QQWING_1), Some(&masks)).0,
        SUDOKU_INVALID_ARGUMENT
    );
    // The masks are the other argument: checked before either board's bytes (the C API's
    // order: NULL pointers, the other arguments, the board).
    assert_eq!(
        hint(&bad, Some(QQWING_1), Some(&masks)).0,
        SUDOKU_INVALID_ARGUMENT
    );
    assert_eq!(
        hint(QQWING_1, Some(&bad), Some(&masks)).0,
        SUDOKU_INVALID_ARGUMENT
    );
    assert_eq!(hint(&bad, None, Some(&masks)).0, SUDOKU_INVALID_ARGUMENT);
}

/// `sudoku_step_apply` on copies of `board` and `masks` (None: NULL candidates): (status,
/// board after, masks after).
fn apply(
    step: &sudoku_step,
    board: &[u8; CELLS],
    masks: Option<&[u16; CELLS]>,
) -> (sudoku_status, [u8; CELLS], Option<[u16; CELLS]>) {
    let mut board = *board;
    let mut masks = masks.copied();
    // SAFETY: a readable step, 81 writable bytes, NULL or 81 writable masks.
    let status = unsafe {
        sudoku_step_apply(
            step,
            board.as_mut_ptr().cast(),
            masks.as_mut().map_or(ptr::null_mut(), |m| m.as_mut_ptr()),
        )
    };
    (status, board, masks)
}

/// The masks `sudoku_board_candidates` gives for `board`.
fn board_masks(board: &[u8; CELLS]) -> [u16; CELLS] {
    let mut masks = [0u16; CELLS];
    // SAFETY: 81 readable bytes and 81 writable masks.
    let status = unsafe { sudoku_board_candidates(board.as_ptr().cast(), masks.as_mut_ptr()) };
    assert_eq!(status, SUDOKU_OK);
    masks
}

#[test]
fn hints_applied_one_by_one_solve_the_puzzle_as_its_path_does() {
    // A player who takes every hint: the position and its pencilmarks move on with
    // sudoku_step_apply, each hint is the path's next step, and the end is the solution of the
    // test kit's reference solver. Every mask keeps the solution's digit all the way.
    let mut files = rated("se_qqwing_2000.txt");
    files.truncate(40);
    files.extend(rated("se_top1465.txt").into_iter().take(10));
    for (puzzle, _) in files {
        let solution = reference_solve(&puzzle, 1).1.unwrap();
        let (status, steps, complete) = path(&puzzle);
        assert_eq!(status, SUDOKU_OK);
        let mut board = puzzle;
        let mut masks = board_masks(&board);
        let mut taken = 0;
        loop {
            let (status, step, _) = hint(&board, Some(&puzzle), Some(&masks));
            if status == SUDOKU_ALREADY_SOLVED {
                break;
            }
            assert_eq!(status, SUDOKU_OK, "step {taken}");
            assert_eq!(c_fields(&step), c_fields(&steps[taken]), "step {taken}");
            let (status, after, after_masks) = apply(&step, &board, Some(&masks));
            assert_eq!(status, SUDOKU_OK);
            let after_masks = after_masks.unwrap();
            for cell in 0..CELLS {
                let s = solution[cell] - b'0';
                assert_ne!(after_masks[cell] & 1 << (s - 1), 0, "cell {cell}");
                if after[cell] != b'.' {
                    assert_eq!(
                        (after[cell], after_masks[cell]),
                        (solution[cell], 1 << (s - 1))
                    );
                }
            }
            if step.digit != 0 {
                assert_eq!(after[step.cell as usize], b'0' + step.digit);
            }
            // Only the placed cell changed on the board.
            let changed = (0..CELLS).filter(|&c| after[c] != board[c]).count();
            assert_eq!(changed, usize::from(step.digit != 0));
            board = after;
            masks = after_masks;
            taken += 1;
        }
        assert!(complete);
        assert_eq!(taken, steps.len());
        assert_eq!(board, solution);
    }
}

#[test]
fn apply_refuses_what_does_not_fit_and_writes_nothing() {
    let (status, step, _) = hint(QQWING_1, None, None);
    assert_eq!(status, SUDOKU_OK);
    assert_ne!(step.digit, 0);
    let masks = board_masks(QQWING_1);
    // Without candidates, only the board moves on.
    let (status, board, _) = apply(&step, QQWING_1, None);
    assert_eq!(status, SUDOKU_OK);
    assert_eq!(board[step.cell as usize], b'0' + step.digit);
    // Placed again: the cell is filled now.
    let (status, again, _) = apply(&step, &board, Some(&masks));
    assert_eq!((status, again), (SUDOKU_INVALID_ARGUMENT, board));
    // A digit that is not a candidate there (a peer holds it).
    let mut other = step;
    let cell = step.cell as usize;
    let peer_digit = (0..CELLS)
        .filter(|&c| c != cell && QQWING_1[c] != b'.')
        .find(|&c| c / 9 == cell / 9 || c % 9 == cell % 9)
        .map(|c| QQWING_1[c] - b'0')
        .unwrap();
    other.digit = peer_digit;
    let (status, same, same_masks) = apply(&other, QQWING_1, Some(&masks));
    assert_eq!(
        (status, same, same_masks),
        (SUDOKU_INVALID_ARGUMENT, *QQWING_1, Some(masks))
    );
    // A step explain refuses, a mask above 0x1FF, bad boards, NULLs.
    let mut bad_step = step;
    bad_step.technique = 999;
    assert_eq!(apply(&bad_step, QQWING_1, None).0, SUDOKU_INVALID_ARGUMENT);
    let mut high = masks;
    high[80] = 0x200;
    assert_eq!(
        apply(&step, QQWING_1, Some(&high)).0,
        SUDOKU_INVALID_ARGUMENT
    );
    let mut bad = *QQWING_1;
    bad[5] = b'x';
    assert_eq!(apply(&step, &bad, None).0, SUDOKU_INVALID_CHARACTER);
    // The step and the masks are checked before the board, and nothing is written.
    let (status, same, same_masks) = apply(&step, &bad, Some(&high));
    assert_eq!(
        (status, same, same_masks),
        (SUDOKU_INVALID_ARGUMENT, bad, Some(high))
    );
    assert_eq!(apply(&bad_step, &bad, None).0, SUDOKU_INVALID_ARGUMENT);
    let mut clash = *QQWING_1;
    clash[0] = b'9';
    assert_eq!(apply(&step, &clash, None).0, SUDOKU_CONFLICTING_GIVENS);
    let mut board = *QQWING_1;
    // SAFETY: NULL pointers are refused before any access.
    unsafe {
        assert_eq!(
            sudoku_step_apply(ptr::null(), board.as_mut_ptr().cast(), ptr::null_mut()),
            SUDOKU_NULL_POINTER
        );
        assert_eq!(
            sudoku_step_apply(&step, ptr::null_mut(), ptr::null_mut()),
            SUDOKU_NULL_POINTER
        );
    }
    // Candidates overlapping the board: refused, nothing written.
    let mut shared = [0u16; CELLS];
    // SAFETY: a readable step; the board's 81 bytes lie inside `shared` (162 bytes), which is
    // readable and writable; the masks are `shared` itself.
    let status = unsafe {
        let bytes = shared.as_mut_ptr().cast::<u8>();
        ptr::copy_nonoverlapping(QQWING_1.as_ptr(), bytes, CELLS);
        sudoku_step_apply(&step, bytes.cast(), shared.as_mut_ptr())
    };
    assert_eq!(status, SUDOKU_INVALID_ARGUMENT);
    assert_eq!(board, *QQWING_1);
    // A direct technique's eliminations only reveal its placement: they are not applied.
    let mut direct = step;
    direct.technique = Technique::DirectPointing as i32;
    direct.rating = Technique::DirectPointing.rating() as u16;
    let removed = (0..CELLS)
        .find(|&c| c != cell && QQWING_1[c] == b'.' && masks[c].count_ones() >= 2)
        .unwrap();
    let digit = masks[removed].trailing_zeros() as usize;
    direct.eliminations[(9 * removed + digit) / 64] |= 1 << ((9 * removed + digit) % 64);
    let (status, _, after) = apply(&direct, QQWING_1, Some(&masks));
    assert_eq!(status, SUDOKU_OK);
    let after = after.unwrap();
    let peer = cell / 9 == removed / 9
        || cell % 9 == removed % 9
        || cell / 27 == removed / 27 && cell % 9 / 3 == removed % 9 / 3;
    let placed_digit = usize::from(step.digit - 1);
    assert_eq!(
        after[removed] >> digit & 1,
        u16::from(!(peer && digit == placed_digit))
    );
}

#[test]
fn every_step_of_the_paths_agrees_with_the_solution() {
    let mut files = rated("se_qqwing_2000.txt");
    files.truncate(300);
    files.extend(rated("se_top1465.txt").into_iter().take(100));
    let mut finished = 0;
    for (p, [er, _, _]) in files {
        let solution = reference_solve(&p, 2);
        assert_eq!(solution.0, 1);
        let solution = solution.1.unwrap();
        let (status, steps, complete) = path(&p);
        assert_eq!(status, SUDOKU_OK);
        let mut grid = p;
        let mut max = 0;
        for s in &steps {
            // Every step the engine makes meets `sudoku_step_explain`'s checks of agreeing
            // fields (a long chain's text needs more than the 512 bytes given here).
            assert_ne!(explain(s).0, SUDOKU_INVALID_ARGUMENT, "{s:?}");
            if s.digit != 0 {
                assert_eq!(solution[s.cell as usize], b'0' + s.digit);
                grid[s.cell as usize] = b'0' + s.digit;
            }
            for (c, d) in removals(s) {
                assert_ne!(solution[c], b'0' + d, "{}", explain(s).1);
            }
            max = max.max(s.rating);
        }
        if complete {
            finished += 1;
            assert_eq!(grid, solution);
            assert_eq!(max, er);
        } else {
            assert!(max <= er);
        }
    }
    assert!(finished >= 300, "{finished}");
}

#[test]
fn overlapping_outputs_are_refused_and_nothing_is_written() {
    // sudoku_solve_path: the count inside the first step, the flag inside the count.
    let mut steps = vec![blank_step(); 810];
    let base = steps.as_mut_ptr();
    let mut count = 7usize;
    let mut flag = false;
    // SAFETY: 810 writable steps; the count and flag pointers lie inside them or inside `count`,
    // writable and (for the count) unaligned writes allowed.
    let statuses = unsafe {
        [
            sudoku_solve_path(
                QQWING_1.as_ptr().cast(),
                base,
                810,
                ptr::addr_of_mut!((*base).eliminations).cast::<usize>(),
                &mut flag,
            ),
            sudoku_solve_path(
                QQWING_1.as_ptr().cast(),
                base,
                810,
                &mut count,
                ptr::addr_of_mut!(count).cast::<bool>(),
            ),
        ]
    };
    assert_eq!(statuses, [SUDOKU_INVALID_ARGUMENT; 2]);
    assert!(steps.iter().all(|s| *s == blank_step()));
    assert_eq!((count, flag), (7, false));
    // sudoku_step_explain: `needed` inside the text buffer; just past it is accepted.
    let (_, path_steps, _) = path(QQWING_1);
    let mut text = [b'#' as c_char; 300];
    for (at, want) in [(100usize, SUDOKU_INVALID_ARGUMENT), (200, SUDOKU_OK)] {
        // SAFETY: a readable step, 200 writable bytes of text, a writable size at byte `at` of
        // the 300 (unaligned writes allowed).
        let status = unsafe {
            sudoku_step_explain(
                &path_steps[0],
                text.as_mut_ptr(),
                200,
                text.as_mut_ptr().add(at).cast::<usize>(),
            )
        };
        assert_eq!(status, want);
        if want != SUDOKU_OK {
            assert!(text.iter().all(|&c| c == b'#' as c_char));
        }
    }
}

#[test]
fn solve_path_sizes_and_statuses() {
    let (status, steps, complete) = path(QQWING_1);
    assert_eq!(status, SUDOKU_OK);
    assert!(complete);
    let needed = steps.len();
    assert_eq!(needed, rate(QQWING_1).1.steps as usize);
    // Too small by one: the count needed, nothing else written.
    let mut buffer = vec![blank_step(); needed - 1];
    let mut count = 0usize;
    let mut flag = false;
    // SAFETY: room for needed - 1 steps, writable count and flag.
    let status = unsafe {
        sudoku_solve_path(
            QQWING_1.as_ptr().cast(),
            buffer.as_mut_ptr(),
            buffer.len(),
            &mut count,
            &mut flag,
        )
    };
    assert_eq!(
        (status, count, flag),
        (SUDOKU_BUFFER_TOO_SMALL, needed, false)
    );
    assert!(buffer.iter().all(|s| *s == blank_step()));
    // NULL steps with room claimed; NULL count; NULL complete.
    // SAFETY: NULL pointers are refused before any access.
    unsafe {
        assert_eq!(
            sudoku_solve_path(
                QQWING_1.as_ptr().cast(),
                ptr::null_mut(),
                3,
                &mut count,
                &mut flag
            ),
            SUDOKU_NULL_POINTER
        );
        assert_eq!(
            sudoku_solve_path(
                QQWING_1.as_ptr().cast(),
                buffer.as_mut_ptr(),
                1,
                ptr::null_mut(),
                &mut flag
            ),
            SUDOKU_NULL_POINTER
        );
        assert_eq!(
            sudoku_solve_path(
                QQWING_1.as_ptr().cast(),
                buffer.as_mut_ptr(),
                1,
                &mut count,
                ptr::null_mut()
            ),
            SUDOKU_NULL_POINTER
        );
    }
    // The empty board: an empty path the engine cannot start.
    let mut count = 7usize;
    let mut flag = true;
    // SAFETY: capacity 0 with NULL steps, writable count and flag.
    let status = unsafe {
        sudoku_solve_path(
            [b'.'; CELLS].as_ptr().cast(),
            ptr::null_mut(),
            0,
            &mut count,
            &mut flag,
        )
    };
    assert_eq!((status, count, flag), (SUDOKU_OK, 0, false));
    let no_solution =
        *b"12345678.........9...............................................................";
    assert_eq!(path(&no_solution).0, SUDOKU_NO_SOLUTION);
}

#[test]
fn explanations_of_known_steps() {
    // The first step of QQWING_1 is a hidden single in a box (ED 1.2 in the file): its text
    // names the box and the placement its fields hold.
    let (status, steps, _) = path(QQWING_1);
    assert_eq!(status, SUDOKU_OK);
    let first = steps[0];
    assert_eq!(
        first.technique,
        sudoku_technique::SUDOKU_TECHNIQUE_HIDDEN_SINGLE_BOX as i32
    );
    let b = first.houses.trailing_zeros();
    assert!((18..27).contains(&b));
    let (status, text, needed) = explain(&first);
    assert_eq!(status, SUDOKU_OK);
    assert_eq!(
        text,
        format!(
            "Hidden Single in box {}: r{}c{} = {}",
            b - 17,
            first.cell / 9 + 1,
            first.cell % 9 + 1,
            first.digit
        )
    );
    assert_eq!(needed, text.len() + 1);
    // Every step of the path explains; a buffer one byte short is refused, untouched.
    for s in &steps {
        let (status, text, needed) = explain(s);
        assert_eq!(status, SUDOKU_OK);
        assert!(text.is_ascii() && text.contains(": "));
        let mut small = vec![b'#' as c_char; needed - 1];
        let mut n = 0usize;
        // SAFETY: needed - 1 writable bytes, a writable size.
        let status = unsafe { sudoku_step_explain(s, small.as_mut_ptr(), small.len(), &mut n) };
        assert_eq!((status, n), (SUDOKU_BUFFER_TOO_SMALL, needed));
        assert!(small.iter().all(|&c| c == b'#' as c_char));
    }
    // A hand-made X-Wing on 7: base rows 2 and 8, cover columns 4 and 7; 7 leaves r3c4, r5c4.
    let mut x = blank_step();
    x.technique = sudoku_technique::SUDOKU_TECHNIQUE_X_WING as i32;
    x.rating = 32;
    x.cell = 0;
    x.digit = 0;
    x.eliminations = [0; 12];
    for (r, c) in [(2, 3), (4, 3)] {
        let bit = 9 * (9 * r + c) + 6;
        x.eliminations[bit / 64] |= 1 << (bit % 64);
    }
    x.cells = [0; 2];
    x.houses = 1 << 1 | 1 << 7 | 1 << (9 + 3) | 1 << (9 + 6);
    x.digits = 1 << 6;
    x.chain_len = 0;
    x.chain_truncated = 0;
    assert_eq!(
        explain(&x).1,
        "X-Wing on 7 in rows 2 and 8: removes 7 from r3c4, r5c4"
    );
    // A chain: r1c2=5 -> r1c7<>5, then a second branch.
    let mut c = x;
    c.technique = sudoku_technique::SUDOKU_TECHNIQUE_FORCING_X_CHAIN as i32;
    c.houses = 0;
    c.digits = 1 << 4;
    c.eliminations = [0; 12];
    c.chain[..4].copy_from_slice(&[
        0x8000 | (9 + 4), // cell 1 (r1c2), digit 5, on
        9 * 6 + 4,
        0xFFFF,
        0x8000 | (9 * 40 + 4),
    ]);
    c.chain_len = 4;
    // The chain removes 5 from r1c2 (candidate 9 * 1 + 4); a forcing X-chain rates 6.6 or more.
    c.eliminations[0] = 1 << (9 + 4);
    c.rating = 66;
    assert_eq!(
        explain(&c).1,
        "Forcing X-Chain on 5: removes 5 from r1c2; chain: r1c2=5 -> r1c7<>5 | r5c5=5"
    );
    // Fields out of range.
    for bad in [
        sudoku_step { technique: 67, ..x },
        sudoku_step { cell: 81, ..x },
        sudoku_step { digit: 10, ..x },
        sudoku_step { rating: 256, ..x },
        sudoku_step {
            houses: 1 << 27,
            ..x
        },
        sudoku_step { digits: 0x200, ..x },
        sudoku_step {
            cells: [0, 1 << 17],
            ..x
        },
        sudoku_step {
            chain_len: 129,
            ..x
        },
        sudoku_step {
            chain_truncated: 2,
            ..x
        },
        sudoku_step {
            chain_len: 1,
            chain: [0x0400; 128],
            ..x
        },
    ] {
        assert_eq!(explain(&bad).0, SUDOKU_INVALID_ARGUMENT, "{bad:?}");
    }
    let mut e = x;
    e.eliminations[11] = 1 << 25;
    assert_eq!(explain(&e).0, SUDOKU_INVALID_ARGUMENT);
    // Fields in range that no step of the engine has together.
    let single = sudoku_step {
        technique: sudoku_technique::SUDOKU_TECHNIQUE_NAKED_SINGLE as i32,
        rating: 23,
        cell: 40,
        digit: 5,
        eliminations: [0; 12],
        chain_len: 0,
        ..x
    };
    assert_eq!(explain(&single).0, SUDOKU_OK);
    let mut placed_and_removed = c;
    placed_and_removed.technique = sudoku_technique::SUDOKU_TECHNIQUE_FORCING_CHAIN as i32;
    placed_and_removed.rating = 75;
    (placed_and_removed.cell, placed_and_removed.digit) = (1, 5);
    assert_eq!(
        explain(&sudoku_step {
            eliminations: [0; 12],
            ..placed_and_removed
        })
        .0,
        SUDOKU_OK
    );
    for bad in [
        // Every field in use 0 (the X-Wing's cell, digit, cells and chain are): a Full House
        // that places nothing.
        sudoku_step {
            technique: 0,
            rating: 0,
            eliminations: [0; 12],
            houses: 0,
            digits: 0,
            ..x
        },
        // Below the X-Wing's 3.2.
        sudoku_step { rating: 31, ..x },
        // A cell with no digit placed.
        sudoku_step { cell: 5, ..x },
        // An X-Wing that places a digit.
        sudoku_step {
            cell: 0,
            digit: 1,
            ..x
        },
        // Neither places nor removes.
        sudoku_step {
            eliminations: [0; 12],
            ..x
        },
        sudoku_step {
            eliminations: [0; 12],
            ..c
        },
        // A chain entry on a technique that is not a chain.
        sudoku_step { chain_len: 1, ..x },
        sudoku_step {
            chain_truncated: 1,
            ..x
        },
        // A naked single that removes a candidate, one that places nothing.
        sudoku_step {
            eliminations: x.eliminations,
            ..single
        },
        sudoku_step {
            cell: 0,
            digit: 0,
            ..single
        },
        // A direct pointing that removes nothing.
        sudoku_step {
            technique: sudoku_technique::SUDOKU_TECHNIQUE_DIRECT_POINTING as i32,
            rating: 17,
            ..single
        },
        // A forcing chain placing 5 at r1c2 and removing it there.
        placed_and_removed,
    ] {
        assert_eq!(explain(&bad).0, SUDOKU_INVALID_ARGUMENT, "{bad:?}");
    }
    // NULLs: step; text with room claimed. Size 0 with NULL text asks for the size.
    let mut n = 0usize;
    // SAFETY: NULL pointers are refused before any access; size 0 writes no text.
    unsafe {
        assert_eq!(
            sudoku_step_explain(ptr::null(), ptr::null_mut(), 0, &mut n),
            SUDOKU_NULL_POINTER
        );
        assert_eq!(
            sudoku_step_explain(&x, ptr::null_mut(), 10, &mut n),
            SUDOKU_NULL_POINTER
        );
        assert_eq!(
            sudoku_step_explain(&x, ptr::null_mut(), 0, &mut n),
            SUDOKU_BUFFER_TOO_SMALL
        );
    }
    assert_eq!(
        n,
        "X-Wing on 7 in rows 2 and 8: removes 7 from r3c4, r5c4".len() + 1
    );
}

/// `sudoku_rate_with` with `budget_ms` (None: NULL options).
fn rate_with(board: &[u8; CELLS], budget_ms: Option<u32>) -> (sudoku_status, sudoku_rating) {
    let mut r = blank_rating();
    let mut options = sudoku_rate_options {
        struct_size: 0,
        budget_ms: 7,
    };
    // SAFETY: a writable options struct.
    unsafe { sudoku_rate_options_init(&mut options) };
    assert_eq!(
        (options.struct_size as usize, options.budget_ms),
        (std::mem::size_of::<sudoku_rate_options>(), 0)
    );
    let pointer = match budget_ms {
        Some(ms) => {
            options.budget_ms = ms;
            &options as *const sudoku_rate_options
        }
        None => ptr::null(),
    };
    // SAFETY: 81 readable bytes, NULL or a whole options struct, and a writable rating.
    let status = unsafe { sudoku_rate_with(board.as_ptr().cast(), pointer, &mut r) };
    (status, r)
}

#[test]
fn rating_within_a_budget() {
    // Without a budget (NULL options, or 0) and with one it does not exhaust: sudoku_rate's.
    // serate: 9.5/1.2/1.2, with the dynamic forcing chains (+).
    let plus =
        *b"7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........";
    let full = rate(&plus);
    assert_eq!(full.0, SUDOKU_OK);
    assert_eq!((full.1.er, full.1.complete), (95, 1));
    for budget in [None, Some(0), Some(60_000)] {
        assert_eq!(rate_with(&plus, budget), full, "{budget:?}");
    }
    // The first puzzle of forum_hardest: its first step (serate's 11.1, a nested forcing
    // chain of level 3) takes about 60 ms. With 2 ms the engine stops before any step:
    // SUDOKU_OUT_OF_BUDGET with the partial rating written, the bound the base of the level
    // being searched (9.5 or 10.0), or 0 when the deadline passed before the first step was
    // looked for (a test thread descheduled for 2 ms on a busy machine).
    let hardest =
        *b"98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6";
    let (status, r) = rate_with(&hardest, Some(2));
    assert_eq!(status, SUDOKU_OUT_OF_BUDGET);
    assert!(matches!(r.er, 0 | 95 | 100), "{r:?}");
    assert_eq!(
        (r.ep, r.ed, r.steps, r.complete, r.hardest),
        (0, 0, 0, 0, SUDOKU_NO_TECHNIQUE)
    );
    // Errors write nothing: a struct_size below the first version's, NULLs, a bad board.
    let options = sudoku_rate_options {
        struct_size: 4,
        budget_ms: 50,
    };
    let mut r = blank_rating();
    // SAFETY: 81 readable bytes, a readable options struct of struct_size bytes, a rating.
    let status = unsafe { sudoku_rate_with(plus.as_ptr().cast(), &options, &mut r) };
    assert_eq!((status, r), (SUDOKU_INVALID_ARGUMENT, blank_rating()));
    // SAFETY: NULL pointers are refused before any access.
    unsafe {
        assert_eq!(
            sudoku_rate_with(ptr::null(), ptr::null(), &mut r),
            SUDOKU_NULL_POINTER
        );
        assert_eq!(
            sudoku_rate_with(plus.as_ptr().cast(), ptr::null(), ptr::null_mut()),
            SUDOKU_NULL_POINTER
        );
        sudoku_rate_options_init(ptr::null_mut());
    }
    let mut bad = plus;
    bad[3] = b'x';
    assert_eq!(
        rate_with(&bad, Some(50)),
        (SUDOKU_INVALID_CHARACTER, blank_rating())
    );
}
