//! The Rust API: parsing, validation, solving and counting, each checked against exact values and
//! against the independent reference helpers of the test kit (`testkit/`, re-exported by `common`).

use crate::common;

use common::{
    are_peers, bytes81, check_solution, digit_of, reference_fault, reference_solve, Fault, CELLS,
    KNOWN,
};
use sudoku::{count_solutions, is_solution_of, solve, solve_unique, Board, Error};

const EMPTY_TEXT: [u8; CELLS] = [b'.'; CELLS];

/// A valid board with no solution: row 0 holds 1-8, so cell 8 must be 9, but cell 44 (row 4,
/// column 8) is already 9. No two givens conflict.
const NO_SOLUTION: &str =
    "12345678....................................9....................................";

fn with_byte(base: &[u8; CELLS], cell: usize, byte: u8) -> [u8; CELLS] {
    let mut text = *base;
    text[cell] = byte;
    text
}

fn with_bytes(base: &[u8; CELLS], placed: &[(usize, u8)]) -> [u8; CELLS] {
    let mut text = *base;
    for &(cell, byte) in placed {
        text[cell] = byte;
    }
    text
}

// ---------------------------------------------------------------- parsing

#[test]
fn every_valid_byte_parses_at_every_cell() {
    for cell in 0..CELLS {
        for byte in *b"123456789.0" {
            let board = Board::parse(&with_byte(&EMPTY_TEXT, cell, byte)).unwrap();
            let digit = if byte == b'.' { 0 } else { byte - b'0' };
            assert_eq!(board.get(cell), digit, "cell {cell} byte {byte:#04x}");
            assert_eq!(board.given_count(), usize::from(digit != 0));
            let mut expected = [0u8; CELLS];
            expected[cell] = digit;
            assert_eq!(board.digits(), &expected);
        }
    }
}

#[test]
fn every_other_byte_is_an_invalid_character() {
    for byte in 0..=255u8 {
        if digit_of(byte).is_some() {
            continue;
        }
        for cell in [0, 1, 40, 79, 80] {
            assert_eq!(
                Board::parse(&with_byte(&EMPTY_TEXT, cell, byte)),
                Err(Error::InvalidCharacter { cell, byte }),
                "cell {cell} byte {byte:#04x}"
            );
        }
    }
}

#[test]
fn dot_and_zero_are_the_same_blank() {
    let (dots, _) = KNOWN[0];
    let zeros = dots.replace('.', "0");
    let mixed: String = dots
        .chars()
        .enumerate()
        .map(|(i, ch)| if ch == '.' && i % 2 == 0 { '0' } else { ch })
        .collect();
    let a: Board = dots.parse().unwrap();
    assert_eq!(zeros.parse::<Board>().unwrap(), a);
    assert_eq!(mixed.parse::<Board>().unwrap(), a);
    assert_eq!(a.given_count(), dots.bytes().filter(|b| *b != b'.').count());
    assert_eq!(Board::EMPTY, "0".repeat(81).parse::<Board>().unwrap());
    assert_eq!(Board::EMPTY.given_count(), 0);
    assert!(!Board::EMPTY.is_complete());
}

#[test]
fn from_str_rejects_every_other_length() {
    for len in [0, 1, 80, 82, 162] {
        let text = ".".repeat(len);
        assert_eq!(text.parse::<Board>(), Err(Error::WrongLength { len }));
    }
    // 81 characters but 82 bytes: the length counted is in bytes.
    let text = format!("é{}", ".".repeat(80));
    assert_eq!(text.parse::<Board>(), Err(Error::WrongLength { len: 82 }));
    // 81 bytes, with a two-byte character at the end: the first byte of it is invalid.
    let text = format!("{}é", ".".repeat(79));
    assert_eq!(
        text.parse::<Board>(),
        Err(Error::InvalidCharacter {
            cell: 79,
            byte: 0xC3
        })
    );
}

#[test]
fn display_round_trips_with_dots_for_blanks() {
    for (puzzle, solution) in KNOWN {
        let board: Board = puzzle.parse().unwrap();
        let shown = board.to_string();
        assert_eq!(shown, puzzle.replace('0', "."));
        assert_eq!(shown.parse::<Board>().unwrap(), board);
        assert_eq!(board.to_bytes(), bytes81(&shown));
        assert_eq!(format!("{board:?}"), format!("Board({shown})"));

        let solved: Board = solution.parse().unwrap();
        assert_eq!(solved.to_string(), solution);
        assert!(solved.is_complete());
        assert_eq!(solved.given_count(), 81);
    }
}

#[test]
fn from_digits_matches_parse() {
    let (puzzle, _) = KNOWN[1];
    let board: Board = puzzle.parse().unwrap();
    assert_eq!(Board::from_digits(board.digits()), Ok(board));

    let mut digits = *board.digits();
    digits[5] = 10;
    assert_eq!(
        Board::from_digits(&digits),
        Err(Error::InvalidCharacter { cell: 5, byte: 10 })
    );
    // Inkala's puzzle has 8 at cell 0; 8 at cell 1 repeats it in row 0 and box 0.
    let mut digits = *board.digits();
    digits[1] = 8;
    assert_eq!(
        Board::from_digits(&digits),
        Err(Error::ConflictingGivens { cell: 1, digit: 8 })
    );
}

// ------------------------------------------------------------- validation

#[test]
fn validation_reports_a_repeat_in_a_row() {
    // Row 2: cells 20 and 24 both hold 5; they share no column or box.
    let text = with_bytes(&EMPTY_TEXT, &[(20, b'5'), (24, b'5')]);
    assert_eq!(
        sudoku::validate(&text),
        Err(Error::ConflictingGivens { cell: 24, digit: 5 })
    );
}

#[test]
fn validation_reports_a_repeat_in_a_column() {
    // Column 4: cells 4 (row 0) and 58 (row 6).
    let text = with_bytes(&EMPTY_TEXT, &[(4, b'7'), (58, b'7')]);
    assert_eq!(
        sudoku::validate(&text),
        Err(Error::ConflictingGivens { cell: 58, digit: 7 })
    );
}

#[test]
fn validation_reports_a_repeat_in_a_box() {
    // Box 4: cells 30 (row 3, column 3) and 50 (row 5, column 5); no shared row or column.
    let text = with_bytes(&EMPTY_TEXT, &[(30, b'2'), (50, b'2')]);
    assert_eq!(
        sudoku::validate(&text),
        Err(Error::ConflictingGivens { cell: 50, digit: 2 })
    );
}

#[test]
fn validation_reports_the_first_repeating_cell_not_the_first_pair() {
    // The pair 0/72 (column 0) starts first, but cell 23 (repeating cell 21 in row 2) is the
    // first cell in row-major order that repeats a lower-index given.
    let text = with_bytes(
        &EMPTY_TEXT,
        &[(0, b'1'), (72, b'1'), (21, b'2'), (23, b'2')],
    );
    assert_eq!(
        sudoku::validate(&text),
        Err(Error::ConflictingGivens { cell: 23, digit: 2 })
    );
}

#[test]
fn validation_reports_an_invalid_byte_before_a_later_conflict() {
    let text = with_bytes(&EMPTY_TEXT, &[(10, b'x'), (20, b'3'), (22, b'3')]);
    assert_eq!(
        sudoku::validate(&text),
        Err(Error::InvalidCharacter {
            cell: 10,
            byte: b'x'
        })
    );
}

#[test]
fn validation_reports_a_conflict_before_a_later_invalid_byte() {
    let text = with_bytes(&EMPTY_TEXT, &[(3, b'4'), (7, b'4'), (50, 0)]);
    assert_eq!(
        sudoku::validate(&text),
        Err(Error::ConflictingGivens { cell: 7, digit: 4 })
    );
}

#[test]
fn validation_accepts_a_board_without_solution() {
    let text = bytes81(NO_SOLUTION);
    assert_eq!(reference_fault(&text), None);
    assert!(sudoku::validate(&text).is_ok());
    assert_eq!(count_solutions(&Board::parse(&text).unwrap(), 10), 0);
}

/// A small xorshift generator, so the randomized checks are reproducible.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

#[test]
fn validation_agrees_with_the_reference_on_random_boards() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut seen = [0usize; 3]; // ok, invalid character, conflict
    for round in 0..20_000 {
        let mut text = EMPTY_TEXT;
        // A few givens (conflicts become likely as they grow) and, now and then, a stray byte.
        let givens = 1 + (round % 24);
        for _ in 0..givens {
            let cell = (rng.next() % 81) as usize;
            text[cell] = b'1' + (rng.next() % 9) as u8;
        }
        if rng.next().is_multiple_of(4) {
            let cell = (rng.next() % 81) as usize;
            text[cell] = (rng.next() % 256) as u8;
        }
        let got = sudoku::validate(&text);
        match reference_fault(&text) {
            None => {
                seen[0] += 1;
                assert_eq!(
                    got.map(|b| b.to_bytes()),
                    Ok(text.map(|b| if b == b'0' { b'.' } else { b }))
                );
            }
            Some(Fault::InvalidCharacter(cell)) => {
                seen[1] += 1;
                assert_eq!(
                    got,
                    Err(Error::InvalidCharacter {
                        cell,
                        byte: text[cell]
                    })
                );
            }
            Some(Fault::ConflictingGivens(cell)) => {
                seen[2] += 1;
                let digit = text[cell] - b'0';
                assert_eq!(got, Err(Error::ConflictingGivens { cell, digit }));
            }
        }
    }
    // Each outcome was exercised many times.
    assert!(seen.iter().all(|&n| n > 1000), "outcomes seen: {seen:?}");
}

// ---------------------------------------------------------------- solving

#[test]
fn known_puzzles_give_their_known_solutions() {
    for (puzzle, solution) in KNOWN {
        let text = bytes81(puzzle);
        let expected = bytes81(solution);
        // The expected solution is itself checked by independent means.
        assert_eq!(check_solution(&text, &expected), Ok(()));
        assert_eq!(reference_solve(&text, 2), (1, Some(expected)));

        let board: Board = puzzle.parse().unwrap();
        let solved = solve(&board).unwrap();
        assert_eq!(solved.to_bytes(), expected, "solve {puzzle}");
        assert_eq!(solve_unique(&board).unwrap().to_bytes(), expected);
        assert!(is_solution_of(&board, &solved));
        assert_eq!(count_solutions(&board, 2), 1);
        assert_eq!(count_solutions(&board, 1000), 1);
    }
}

#[test]
fn a_solved_grid_solves_to_itself() {
    for (_, solution) in KNOWN {
        let grid: Board = solution.parse().unwrap();
        assert_eq!(solve(&grid), Ok(grid));
        assert_eq!(solve_unique(&grid), Ok(grid));
        assert_eq!(count_solutions(&grid, 5), 1);
    }
}

#[test]
fn the_empty_board_solves_to_a_valid_grid() {
    let grid = solve(&Board::EMPTY).unwrap();
    assert_eq!(check_solution(&EMPTY_TEXT, &grid.to_bytes()), Ok(()));
    assert_eq!(solve_unique(&Board::EMPTY), Err(Error::MultipleSolutions));
}

#[test]
fn no_solution_is_reported() {
    let board: Board = NO_SOLUTION.parse().unwrap();
    assert_eq!(solve(&board), Err(Error::NoSolution));
    assert_eq!(solve_unique(&board), Err(Error::NoSolution));
    assert_eq!(count_solutions(&board, 1), 0);
}

#[test]
fn a_wrong_given_added_to_a_unique_puzzle_leaves_no_solution() {
    // Any solution of the extended puzzle would solve the original, whose only solution differs
    // at that cell; so a wrong digit that conflicts with no given makes a puzzle with none.
    for (puzzle, solution) in KNOWN {
        let text = bytes81(puzzle);
        let mut tried = 0;
        for cell in (0..CELLS).filter(|&c| digit_of(text[c]) == Some(0)) {
            for byte in b'1'..=b'9' {
                let extended = with_byte(&text, cell, byte);
                if byte == solution.as_bytes()[cell] || reference_fault(&extended).is_some() {
                    continue;
                }
                tried += 1;
                let board = Board::parse(&extended).unwrap();
                assert_eq!(solve(&board), Err(Error::NoSolution), "{cell} {byte}");
                assert_eq!(solve_unique(&board), Err(Error::NoSolution));
                assert_eq!(count_solutions(&board, 2), 0);
            }
        }
        assert!(tried > 50, "only {tried} wrong givens tried for {puzzle}");
    }
}

#[test]
fn is_solution_of_rejects_broken_grids() {
    let (puzzle, solution) = KNOWN[0];
    let puzzle: Board = puzzle.parse().unwrap();
    let grid: Board = solution.parse().unwrap();
    assert!(is_solution_of(&puzzle, &grid));
    assert!(is_solution_of(&Board::EMPTY, &grid));
    assert!(
        !is_solution_of(&grid, &puzzle),
        "an incomplete grid is no solution"
    );
    // One blank cell is enough to fail.
    let mut text = grid.to_bytes();
    text[40] = b'.';
    assert!(!is_solution_of(
        &Board::EMPTY,
        &Board::parse(&text).unwrap()
    ));
    // A valid grid that changes a given is not a solution of that puzzle: Inkala's solution
    // has 8 at cell 0, where the Wikipedia puzzle gives 5.
    let other: Board = KNOWN[1].1.parse().unwrap();
    assert!(is_solution_of(&Board::EMPTY, &other));
    assert!(!is_solution_of(&puzzle, &other));
}

// --------------------------------------------------------------- counting

#[test]
fn the_empty_board_counts_to_the_limit() {
    assert_eq!(count_solutions(&Board::EMPTY, 1), 1);
    assert_eq!(count_solutions(&Board::EMPTY, 2), 2);
    assert_eq!(count_solutions(&Board::EMPTY, 1000), 1000);
    assert_eq!(
        count_solutions(&Board::EMPTY, 0),
        0,
        "documented: limit 0 gives 0"
    );
}

/// Finds a deadly rectangle in a solved grid: rows r1 < r2 and columns c1 < c2 whose four
/// cells lie in exactly two boxes and hold a/b in one row and b/a in the other.
fn find_deadly_rectangle(grid: &[u8; CELLS]) -> Option<[usize; 4]> {
    for r1 in 0..9 {
        for r2 in r1 + 1..9 {
            for c1 in 0..9 {
                for c2 in c1 + 1..9 {
                    let cells = [r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2];
                    let same_band = r1 / 3 == r2 / 3;
                    let same_stack = c1 / 3 == c2 / 3;
                    if same_band != same_stack
                        && grid[cells[0]] == grid[cells[3]]
                        && grid[cells[1]] == grid[cells[2]]
                    {
                        return Some(cells);
                    }
                }
            }
        }
    }
    None
}

#[test]
fn a_deadly_rectangle_gives_exactly_two_solutions() {
    let mut checked = 0;
    for (_, solution) in KNOWN {
        let grid = bytes81(solution);
        let Some(cells) = find_deadly_rectangle(&grid) else {
            continue;
        };
        // The rectangle property, stated directly: two rows, two columns, two boxes, a/b and b/a.
        let rows: std::collections::BTreeSet<_> = cells.iter().map(|c| c / 9).collect();
        let cols: std::collections::BTreeSet<_> = cells.iter().map(|c| c % 9).collect();
        let boxes: std::collections::BTreeSet<_> =
            cells.iter().map(|c| (c / 27) * 3 + (c % 9) / 3).collect();
        assert_eq!((rows.len(), cols.len(), boxes.len()), (2, 2, 2));
        let [a, b, b2, a2] = cells.map(|c| grid[c]);
        assert!(a != b && a == a2 && b == b2);

        let mut puzzle = grid;
        for &c in &cells {
            puzzle[c] = b'.';
        }
        let mut swapped = grid;
        for &c in &cells {
            swapped[c] = if grid[c] == a { b } else { a };
        }
        assert_eq!(check_solution(&puzzle, &swapped), Ok(()));
        assert_eq!(reference_solve(&puzzle, 10).0, 2);

        let board = Board::parse(&puzzle).unwrap();
        assert_eq!(count_solutions(&board, 10), 2);
        assert_eq!(count_solutions(&board, 2), 2);
        assert_eq!(count_solutions(&board, 1), 1);
        assert_eq!(solve_unique(&board), Err(Error::MultipleSolutions));
        let found = solve(&board).unwrap().to_bytes();
        assert!(found == grid || found == swapped);
        checked += 1;
    }
    assert!(checked >= 1, "no known grid holds a deadly rectangle");
}

#[test]
fn search_reports_count_and_first_solution() {
    let (puzzle, solution) = KNOWN[2];
    let board: Board = puzzle.parse().unwrap();
    let result = sudoku::solver::hooks::search(&board, 2);
    assert_eq!(result.count, 1);
    assert_eq!(
        result.solution.map(|s| s.to_string()),
        Some(solution.to_string())
    );

    let result = sudoku::solver::hooks::search(&Board::EMPTY, 7);
    assert_eq!(result.count, 7);
    let first = result.solution.unwrap().to_bytes();
    assert_eq!(check_solution(&EMPTY_TEXT, &first), Ok(()));

    let none = sudoku::solver::hooks::search(&NO_SOLUTION.parse().unwrap(), 2);
    assert_eq!((none.count, none.solution), (0, None));
}

#[test]
fn peers_helper_is_sound() {
    // Guards the reference helpers themselves: every cell has exactly 20 peers.
    for cell in 0..CELLS {
        assert_eq!((0..CELLS).filter(|&q| are_peers(cell, q)).count(), 20);
    }
}
