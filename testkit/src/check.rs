//! The solution checker: is an 81-byte grid a complete solution that keeps a puzzle's givens?
//! Checked from the definition (each row, column and box holds each digit 1-9 exactly once), on
//! text bytes, with nothing from the library or the reference counter.

use crate::board::{house_cells, to_text, Grid, CELLS};

/// Checks `solution` (81 text bytes) against the rules and the givens of `puzzle` (81 text
/// bytes: a byte other than `'.'` and `'0'` is a given the solution must repeat). Returns a
/// description of the first problem found.
pub fn check_solution(puzzle: &[u8; CELLS], solution: &[u8; CELLS]) -> Result<(), String> {
    for cell in 0..CELLS {
        let s = solution[cell];
        if !(b'1'..=b'9').contains(&s) {
            return Err(format!("cell {cell} holds byte {s:#04x}, not a digit"));
        }
        let p = puzzle[cell];
        if p != b'.' && p != b'0' && p != s {
            return Err(format!(
                "cell {cell} holds {} but the given is {}",
                s as char, p as char
            ));
        }
    }
    for house in 0..27 {
        let mut seen: Vec<u8> = house_cells(house).iter().map(|&c| solution[c]).collect();
        seen.sort_unstable();
        if seen != b"123456789" {
            let kind = ["row", "column", "box"][house / 9];
            return Err(format!(
                "{kind} {} does not hold each digit once",
                house % 9
            ));
        }
    }
    Ok(())
}

/// True when `solution` passes [`check_solution`] for `puzzle` (both as text bytes).
pub fn is_solution(puzzle: &[u8; CELLS], solution: &[u8; CELLS]) -> bool {
    check_solution(puzzle, solution).is_ok()
}

/// True when `solution` is a complete grid obeying the rules and keeping every given of
/// `puzzle`, both as digit grids (0 for a blank); the same check as [`check_solution`].
pub fn is_solution_of(puzzle: &Grid, solution: &Grid) -> bool {
    // A 0 in the solution becomes '.', which check_solution rejects as not a digit.
    is_solution(&to_text(puzzle), &to_text(solution))
}

/// True when `grid` is 81 bytes, a complete grid obeying the rules (a solution of the empty
/// board): for program output whose exact solution depends on the search order.
pub fn is_complete_grid(grid: &[u8]) -> bool {
    grid.try_into()
        .is_ok_and(|grid: &[u8; CELLS]| is_solution(&[b'.'; CELLS], grid))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::bytes81;

    const PUZZLE: &str =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    const SOLUTION: &str =
        "468931527751624839392578461134756298289413675675289314846192753513867942927345186";

    #[test]
    fn accepts_a_solution_and_rejects_broken_ones() {
        let (puzzle, good) = (bytes81(PUZZLE), bytes81(SOLUTION));
        assert_eq!(check_solution(&puzzle, &good), Ok(()));
        assert!(is_complete_grid(SOLUTION.as_bytes()));

        // Two cells of a row swapped: the row still holds 1-9, the columns do not.
        let mut swapped = good;
        swapped.swap(1, 2);
        assert!(!is_solution(&bytes81(&".".repeat(CELLS)), &swapped));
        assert!(!is_complete_grid(&swapped));

        // A given that differs from the solution's digit.
        let mut other_given = puzzle;
        other_given[0] = if good[0] == b'9' { b'1' } else { good[0] + 1 };
        assert_eq!(
            check_solution(&other_given, &good),
            Err(format!(
                "cell 0 holds 4 but the given is {}",
                other_given[0] as char
            ))
        );

        let mut with_blank = good;
        with_blank[40] = b'.';
        assert!(!is_solution(&puzzle, &with_blank));
        assert!(!is_complete_grid(&SOLUTION.as_bytes()[1..]));

        // A grid whose rows and columns are all permutations but whose boxes are not.
        let latin: Vec<u8> = (0..CELLS)
            .map(|c| b'1' + ((c / 9 + c % 9) % 9) as u8)
            .collect();
        let latin: [u8; CELLS] = latin.try_into().unwrap();
        assert_eq!(
            check_solution(&[b'0'; CELLS], &latin),
            Err("box 0 does not hold each digit once".to_string())
        );
    }

    #[test]
    fn is_solution_of_works_on_digit_grids() {
        let puzzle = crate::board::grid(PUZZLE);
        let solution = crate::board::grid(SOLUTION);
        assert!(is_solution_of(&puzzle, &solution));
        assert!(is_solution_of(&solution, &solution));
        assert!(!is_solution_of(&solution, &puzzle));
    }
}
