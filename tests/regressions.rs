//! The bad and hard inputs of issue 4, each a named test with its exact expected value, checked
//! through the C API (81-byte `char` buffers, as a C caller passes them) and where useful the Rust
//! API. Every expected count, status and solution is also confirmed by the independent reference
//! engine of the test kit (`testkit/src/reference.rs`), so a wrong literal here fails rather than
//! hides a bug.

use crate::cabi;
use sudoku_testkit::reference;

use cabi::{board, count, solve, solve_unique, validate, CELLS};
use reference::Fault;
use sudoku::ffi::sudoku_status::{self, *};

/// `n` blanks.
fn dots(n: usize) -> String {
    ".".repeat(n)
}

/// The reference's solution count of a board literal at `limit`.
fn reference_count(text: &[u8; CELLS], limit: u64) -> u64 {
    reference::count(&reference::parse(text).expect("a valid board"), limit).0
}

/// Every board-reading function rejects `text` with `status`, writing nothing.
fn assert_rejected_everywhere(text: &[u8; CELLS], status: sudoku_status, cell: usize) {
    assert_eq!(validate(text), (status, Some(cell)));
    assert_eq!(solve(text), (status, *text));
    assert_eq!(solve_unique(text), (status, *text));
    for limit in [1, 2, 100] {
        assert_eq!(count(text, limit), (status, None));
    }
}

/// `text` is valid, has at least two solutions, and the solving functions say so: solve gives a
/// valid completion, solve_unique refuses and leaves the board as it was.
fn assert_multiple_solutions(text: &[u8; CELLS]) {
    assert_eq!(validate(text), (SUDOKU_OK, None));
    let (status, solved) = solve(text);
    assert_eq!(status, SUDOKU_OK);
    let givens = reference::parse(text).unwrap();
    assert!(reference::is_solution_of(
        &givens,
        &reference::parse(&solved).unwrap()
    ));
    assert_eq!(solve_unique(text), (SUDOKU_MULTIPLE_SOLUTIONS, *text));
}

const NO_CANDIDATE_FOR_LAST_CELL: &str =
    "........9........8........7........6........5........4........3........212345678.";
const SOLUTIONS_2718: &str =
    "31...9......18........3...5.....4....21.....4..6..79...4.3.8..2.......7..9...6...";
const SOLUTIONS_26: &str =
    "........2.2..5.8.1......3..7.4.9........8541.....37...18....9....7..9...2...4..58";
const ANTI_BRUTE_FORCE: &str =
    "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9";
/// The unique solution of `ANTI_BRUTE_FORCE` (the reference engine confirms it in the test).
const ANTI_BRUTE_FORCE_SOLUTION: &str =
    "987654321246173985351928746128537694634892157795461832519286473472319568863745219";

/// Found by the `solve_unique` fuzz target (its 68 bytes padded with blanks): 12 valid givens and
/// no solution: digits 5-8 have only three cells left in box 9, which no single shows. The search
/// needed about 3.0 million guesses (1.2 s) before it gained the house-matching test
/// (`src/solver/matching.rs`); now about 1000. The `sudoku` crate 0.8 agrees there is none,
/// after 25 s. The test kit's reference counter sees the contradiction at once (its Hall test).
const FUZZ_NO_SOLUTION_DEEP: &str =
    ".......8........7........6....2...5...........8........4....2..5678..............";
/// Found by the `count_solutions` fuzz target: 14 givens (with `'0'` blanks) and at least 1000
/// solutions (the `sudoku` crate 0.8 counts 1000 at a limit of 1000), yet the search met about
/// 4.2 million guesses of dead ends before its second solution (2 s); with the house-matching
/// test, about 1000.
const FUZZ_SECOND_SOLUTION_DEEP: &str =
    ".7000000000000000000000000000...4.1...3.........1.6..4..2...5...........0....37..";

#[test]
fn two_ones_at_the_start_conflict_at_cell_1() {
    let text = board(&format!("11{}", dots(79)));
    assert_eq!(reference::parse(&text), Err(Fault::ConflictingGivens(1)));
    assert_rejected_everywhere(&text, SUDOKU_CONFLICTING_GIVENS, 1);
    assert_eq!(
        sudoku::validate(&text),
        Err(sudoku::Error::ConflictingGivens { cell: 1, digit: 1 })
    );
}

#[test]
fn two_fives_meeting_only_in_box_9_conflict_at_cell_80() {
    let text = board(&format!("{}5{}5", dots(70), dots(9)));
    // Cells 70 (row 8, column 8) and 80 (row 9, column 9) share only the last box.
    assert_eq!(reference::parse(&text), Err(Fault::ConflictingGivens(80)));
    assert_rejected_everywhere(&text, SUDOKU_CONFLICTING_GIVENS, 80);
}

#[test]
fn last_cell_without_a_candidate_has_no_solution() {
    let text = board(NO_CANDIDATE_FOR_LAST_CELL);
    assert_eq!(reference_count(&text, 1), 0);
    assert_eq!(validate(&text), (SUDOKU_OK, None));
    for limit in [1, 2, 100, u64::MAX] {
        assert_eq!(count(&text, limit), (SUDOKU_OK, Some(0)));
    }
    assert_eq!(solve(&text), (SUDOKU_NO_SOLUTION, text));
    assert_eq!(solve_unique(&text), (SUDOKU_NO_SOLUTION, text));
    let puzzle: sudoku::Board = NO_CANDIDATE_FOR_LAST_CELL.parse().unwrap();
    assert_eq!(sudoku::solve(&puzzle), Err(sudoku::Error::NoSolution));
}

#[test]
fn board_with_exactly_2718_solutions() {
    let text = board(SOLUTIONS_2718);
    assert_eq!(reference_count(&text, 1_000_000), 2718);
    for limit in [2719, 1_000_000, u64::MAX] {
        assert_eq!(
            count(&text, limit),
            (SUDOKU_OK, Some(2718)),
            "limit {limit}"
        );
    }
    // At or below the true count, the count stops at the limit.
    for limit in [1, 2, 100, 2717, 2718] {
        assert_eq!(
            count(&text, limit),
            (SUDOKU_OK, Some(limit)),
            "limit {limit}"
        );
    }
    assert_multiple_solutions(&text);
    let puzzle: sudoku::Board = SOLUTIONS_2718.parse().unwrap();
    assert_eq!(sudoku::count_solutions(&puzzle, 5000), 2718);
    assert_eq!(
        sudoku::solve_unique(&puzzle),
        Err(sudoku::Error::MultipleSolutions)
    );
}

#[test]
fn board_with_exactly_26_solutions() {
    let text = board(SOLUTIONS_26);
    let all = reference::solutions(&reference::parse(&text).unwrap(), 1000);
    assert_eq!(all.len(), 26);
    assert_eq!(count(&text, 100), (SUDOKU_OK, Some(26)));
    assert_eq!(count(&text, 26), (SUDOKU_OK, Some(26)));
    assert_eq!(count(&text, 25), (SUDOKU_OK, Some(25)));
    assert_multiple_solutions(&text);
    let (_, solved) = solve(&text);
    assert!(all.contains(&reference::parse(&solved).unwrap()));
}

#[test]
fn only_8_at_56_and_6_at_74_is_solvable() {
    let mut text = [b'.'; CELLS];
    text[56] = b'8';
    text[74] = b'6';
    assert_eq!(reference_count(&text, 3), 3);
    assert_eq!(count(&text, 3), (SUDOKU_OK, Some(3)));
    assert_eq!(count(&text, 1), (SUDOKU_OK, Some(1)));
    assert_multiple_solutions(&text);
}

#[test]
fn anti_brute_force_board_has_its_unique_solution() {
    let text = board(ANTI_BRUTE_FORCE);
    let expected = board(ANTI_BRUTE_FORCE_SOLUTION);
    let all = reference::solutions(&reference::parse(&text).unwrap(), 2);
    assert_eq!(all, [reference::parse(&expected).unwrap()]);
    assert_eq!(solve(&text), (SUDOKU_OK, expected));
    assert_eq!(solve_unique(&text), (SUDOKU_OK, expected));
    assert_eq!(count(&text, 2), (SUDOKU_OK, Some(1)));
    assert_eq!(count(&text, 100), (SUDOKU_OK, Some(1)));
    let puzzle: sudoku::Board = ANTI_BRUTE_FORCE.parse().unwrap();
    assert_eq!(
        sudoku::solve_unique(&puzzle).map(|s| s.to_string()),
        Ok(ANTI_BRUTE_FORCE_SOLUTION.to_string())
    );
}

#[test]
fn nul_byte_in_the_last_cell_is_an_invalid_character_at_80() {
    // 80 puzzle characters and the NUL a C string literal of 80 characters ends with.
    let mut text = board(ANTI_BRUTE_FORCE);
    text[80] = 0;
    assert_eq!(reference::parse(&text), Err(Fault::InvalidCharacter(80)));
    assert_rejected_everywhere(&text, SUDOKU_INVALID_CHARACTER, 80);
    assert_eq!(
        sudoku::validate(&text),
        Err(sudoku::Error::InvalidCharacter { cell: 80, byte: 0 })
    );
}

#[test]
fn zero_blank_among_dot_blanks_is_a_blank_everywhere() {
    // Blanks spelled '0' in some cells and '.' in others give exactly the answers of the all-'.'
    // board, from every function, whatever the board's kind of answer.
    let cases = [
        ANTI_BRUTE_FORCE,
        SOLUTIONS_26,
        NO_CANDIDATE_FOR_LAST_CELL,
        &format!("11{}", dots(79)),
        &format!("{}5{}5", dots(70), dots(9)),
    ];
    for dotted in cases {
        let dotted = board(dotted);
        let blanks: Vec<usize> = (0..CELLS).filter(|&c| dotted[c] == b'.').collect();
        // One '0' alone (first blank, then last), then every other blank.
        let variants: [Vec<usize>; 3] = [
            vec![blanks[0]],
            vec![*blanks.last().unwrap()],
            blanks.iter().copied().step_by(2).collect(),
        ];
        for zeros in variants {
            let mut mixed = dotted;
            for &c in &zeros {
                mixed[c] = b'0';
            }
            assert_eq!(
                reference::parse(&mixed).map(|g| reference::count(&g, 30)),
                reference::parse(&dotted).map(|g| reference::count(&g, 30))
            );
            assert_eq!(validate(&mixed), validate(&dotted));
            for limit in [1, 2, 30] {
                assert_eq!(count(&mixed, limit), count(&dotted, limit));
            }
            // On failure each function hands back its own input, so compare statuses there.
            for function in [solve, solve_unique] {
                let (status, solved) = function(&mixed);
                let (dotted_status, dotted_solved) = function(&dotted);
                assert_eq!(status, dotted_status);
                if status == SUDOKU_OK {
                    assert_eq!(solved, dotted_solved);
                } else {
                    assert_eq!(solved, mixed);
                }
            }
        }
    }
    // The anti-brute-force board with '0' blanks still has its one solution.
    let zeroed = board(&ANTI_BRUTE_FORCE.replace('.', "0"));
    assert_eq!(
        solve_unique(&zeroed),
        (SUDOKU_OK, board(ANTI_BRUTE_FORCE_SOLUTION))
    );
}

#[test]
fn empty_board_has_at_least_two_solutions() {
    for blank in [b'.', b'0'] {
        let text = [blank; CELLS];
        assert_eq!(reference_count(&text, 2), 2);
        assert_eq!(count(&text, 2), (SUDOKU_OK, Some(2)));
        assert_eq!(count(&text, 1), (SUDOKU_OK, Some(1)));
        assert_eq!(count(&text, 1000), (SUDOKU_OK, Some(1000)));
        assert_multiple_solutions(&text);
    }
    assert_eq!(sudoku::count_solutions(&sudoku::Board::EMPTY, 2), 2);
}

#[test]
fn solved_grid_comes_back_unchanged() {
    let grid = board(ANTI_BRUTE_FORCE_SOLUTION);
    assert_eq!(reference_count(&grid, 2), 1);
    assert_eq!(validate(&grid), (SUDOKU_OK, None));
    assert_eq!(solve(&grid), (SUDOKU_OK, grid));
    assert_eq!(solve_unique(&grid), (SUDOKU_OK, grid));
    assert_eq!(count(&grid, 2), (SUDOKU_OK, Some(1)));
    assert_eq!(count(&grid, u64::MAX), (SUDOKU_OK, Some(1)));
}

#[test]
fn null_pointers_and_zero_limit_are_rejected_before_the_board() {
    use sudoku::ffi::*;
    let bad = board(&format!("11{}", dots(79))).map(|b| b as std::ffi::c_char);
    let mut n = 12345u64;
    let mut cell = 12345usize;
    // SAFETY: every pointer is NULL (documented as rejected) or valid for its documented size.
    unsafe {
        assert_eq!(sudoku_solve(std::ptr::null_mut()), SUDOKU_NULL_POINTER);
        assert_eq!(
            sudoku_solve_unique(std::ptr::null_mut()),
            SUDOKU_NULL_POINTER
        );
        assert_eq!(
            sudoku_count_solutions(std::ptr::null(), 2, &mut n),
            SUDOKU_NULL_POINTER
        );
        assert_eq!(
            sudoku_count_solutions(bad.as_ptr(), 2, std::ptr::null_mut()),
            SUDOKU_NULL_POINTER
        );
        assert_eq!(
            sudoku_validate(std::ptr::null(), &mut cell),
            SUDOKU_NULL_POINTER
        );
        // The limit is checked before the board, so a faulty board still gets INVALID_ARGUMENT.
        assert_eq!(
            sudoku_count_solutions(bad.as_ptr(), 0, &mut n),
            SUDOKU_INVALID_ARGUMENT
        );
        // validate accepts a NULL cell pointer.
        assert_eq!(
            sudoku_validate(bad.as_ptr(), std::ptr::null_mut()),
            SUDOKU_CONFLICTING_GIVENS
        );
    }
    assert_eq!((n, cell), (12345, 12345));
}

/// The fuzzers' slowest inputs (see `FUZZ_NO_SOLUTION_DEEP`): exact answers, whatever the time.
#[test]
fn fuzz_found_board_without_solution_after_a_deep_search() {
    let text = board(FUZZ_NO_SOLUTION_DEEP);
    // The reference finds no solution too (its Hall test sees the contradiction at once).
    assert_eq!(reference_count(&text, 2), 0);
    assert_eq!(validate(&text), (SUDOKU_OK, None));
    assert_eq!(solve(&text), (SUDOKU_NO_SOLUTION, text));
    assert_eq!(count(&text, 2), (SUDOKU_OK, Some(0)));
}

#[test]
fn fuzz_found_board_whose_second_solution_is_deep() {
    let text = board(FUZZ_SECOND_SOLUTION_DEEP);
    assert_eq!(count(&text, 2), (SUDOKU_OK, Some(2)));
    assert_multiple_solutions(&text);
    // Two distinct solutions, each valid, as the reference engine finds them.
    let two = reference::solutions(&reference::parse(&text).unwrap(), 2);
    assert_eq!(two.len(), 2);
    assert_ne!(two[0], two[1]);
}
