//! The check run before any timing: every result of ours compared with the peer's, every
//! solution verified by rules written here (not by either solver), and the search statistics.

use std::fmt::Write as _;

use peer_sudoku::Sudoku as PeerSudoku;
use sudoku::ffi::{
    sudoku_count_solutions, sudoku_count_solutions_candidates, sudoku_solve,
    sudoku_solve_candidates, sudoku_status,
};
use sudoku::{Board, CELLS};

use crate::data::PuzzleSet;
use crate::paths::Mode;
// The checker shared with the tests (`testkit/`): rules written there, not by either solver.
use sudoku_testkit::check::is_solution as is_valid_solution;

/// Statistics of our search over one file in one mode, gathered while checking.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SearchStats {
    /// Puzzles checked.
    pub puzzles: usize,
    /// Puzzles our search finished without a guess (propagation alone).
    pub without_guess: usize,
    /// Guesses made over all puzzles.
    pub guesses: u64,
}

impl SearchStats {
    /// Share of puzzles solved without a guess, 0 to 1.
    pub fn share_without_guess(&self) -> f64 {
        self.without_guess as f64 / self.puzzles as f64
    }

    /// Mean guesses per puzzle.
    pub fn guesses_per_puzzle(&self) -> f64 {
        self.guesses as f64 / self.puzzles as f64
    }
}

/// Checks every puzzle of `set` in `mode` and gathers [`SearchStats`].
///
/// - first: `sudoku_solve` returns `SUDOKU_OK` with a valid solution keeping the givens exactly
///   when the peer finds a solution (otherwise a failure status, board untouched); `sudoku::solve`
///   gives the same board as `sudoku_solve`, and so does `sudoku_solve_candidates` on the
///   candidates from the givens (the same start, so the same first solution).
/// - count≤2: `sudoku_count_solutions(board, 2, ..)`, `sudoku::count_solutions(board, 2)`,
///   `sudoku::solver::hooks::search(board, 2).count` and `sudoku_count_solutions_candidates`
///   on the candidates from the givens all equal the peer's `solutions_count_up_to(2)`.
///
/// Errors: a description of the first few disagreements and how many there were.
pub fn check(set: &PuzzleSet, mode: Mode) -> Result<SearchStats, String> {
    let mut stats = SearchStats {
        puzzles: set.len(),
        without_guess: 0,
        guesses: 0,
    };
    let mut failures = 0usize;
    let mut report = String::new();
    for i in 0..set.len() {
        let problem = match mode {
            Mode::First => check_first(set.bytes(i), set.line(i)),
            Mode::Count2 => check_count2(set.bytes(i), set.line(i)),
        };
        if let Some(problem) = problem {
            failures += 1;
            if failures <= 5 {
                let _ = writeln!(report, "  {}: {problem}", set.line(i));
            }
        }
        if let Ok(board) = Board::parse(set.bytes(i)) {
            let result = sudoku::solver::hooks::search(&board, mode.limit());
            stats.guesses += result.guesses;
            stats.without_guess += usize::from(result.guesses == 0);
        }
    }
    if failures == 0 {
        Ok(stats)
    } else {
        Err(format!(
            "{} ({}): {failures} of {} puzzles failed the check:\n{report}",
            set.name,
            mode.label(),
            set.len()
        ))
    }
}

fn check_first(puzzle: &[u8; CELLS], line: &str) -> Option<String> {
    let peer_solution = PeerSudoku::from_str_line(line)
        .ok()
        .and_then(|p| p.some_solution());
    if let Some(peer) = peer_solution {
        let peer = to_ascii(peer.to_bytes());
        if !is_valid_solution(puzzle, &peer) {
            return Some(format!("the peer's solution {} is not valid", show(&peer)));
        }
    }

    let mut ours = *puzzle;
    // SAFETY: `ours` is 81 readable and writable bytes.
    let status = unsafe { sudoku_solve(ours.as_mut_ptr().cast()) };
    match (peer_solution.is_some(), status) {
        (true, sudoku_status::SUDOKU_OK) => {}
        (false, sudoku_status::SUDOKU_OK) => {
            return Some(format!(
                "sudoku_solve gave {} but the peer finds no solution",
                show(&ours)
            ))
        }
        (true, status) => {
            return Some(format!(
                "sudoku_solve returned {status:?} but the peer finds a solution"
            ))
        }
        (false, _) if ours != *puzzle => {
            return Some("sudoku_solve failed but changed the board".to_string())
        }
        (false, _) => return None,
    }
    if !is_valid_solution(puzzle, &ours) {
        return Some(format!(
            "sudoku_solve gave {}, which is not a valid solution",
            show(&ours)
        ));
    }
    let rust_api = Board::parse(puzzle)
        .ok()
        .and_then(|board| sudoku::solve(&board).ok())
        .map(|solution| solution.to_bytes());
    if rust_api != Some(ours) {
        return Some(format!(
            "sudoku::solve gave {:?}, sudoku_solve gave {}",
            rust_api.map(|s| show(&s)),
            show(&ours)
        ));
    }
    let mut from_candidates = [0u8; CELLS];
    // SAFETY: 81 readable masks and 81 writable bytes.
    let status = unsafe {
        sudoku_solve_candidates(
            candidates_from_givens(puzzle).as_ptr(),
            from_candidates.as_mut_ptr().cast(),
        )
    };
    if (status, from_candidates) != (sudoku_status::SUDOKU_OK, ours) {
        return Some(format!(
            "sudoku_solve_candidates gave {status:?} {}, sudoku_solve gave {}",
            show(&from_candidates),
            show(&ours)
        ));
    }
    None
}

/// The candidates of a puzzle from its givens alone: a given's digit, every digit in a blank
/// (what the candidates path of the benchmark solves).
fn candidates_from_givens(puzzle: &[u8; CELLS]) -> [u16; CELLS] {
    puzzle.map(|b| match b {
        b'1'..=b'9' => 1 << (b - b'1'),
        _ => 0x1FF,
    })
}

fn check_count2(puzzle: &[u8; CELLS], line: &str) -> Option<String> {
    let peer = PeerSudoku::from_str_line(line).map_or(0, |p| p.solutions_count_up_to(2) as u64);

    let mut ffi_count = u64::MAX;
    // SAFETY: `puzzle` is 81 readable bytes and `ffi_count` a writable u64.
    let status = unsafe { sudoku_count_solutions(puzzle.as_ptr().cast(), 2, &mut ffi_count) };
    let (rust_count, search_count) = match Board::parse(puzzle) {
        Ok(board) => (
            sudoku::count_solutions(&board, 2),
            sudoku::solver::hooks::search(&board, 2).count,
        ),
        Err(_) => (0, 0),
    };
    // A board that fails validation has no solution; the C ABI reports it by status.
    let ffi = if status == sudoku_status::SUDOKU_OK {
        ffi_count
    } else {
        0
    };
    let invalid_but_ok = status != sudoku_status::SUDOKU_OK && Board::parse(puzzle).is_ok();
    let mut candidates_count = u64::MAX;
    // SAFETY: 81 readable masks and a writable u64.
    let candidates_status = unsafe {
        sudoku_count_solutions_candidates(
            candidates_from_givens(puzzle).as_ptr(),
            2,
            &mut candidates_count,
        )
    };
    let candidates = if candidates_status == sudoku_status::SUDOKU_OK {
        candidates_count
    } else {
        0
    };
    if invalid_but_ok
        || ffi != peer
        || rust_count != peer
        || search_count != peer
        || candidates != peer
    {
        return Some(format!(
            "peer counts {peer}; sudoku_count_solutions {status:?} count {ffi_count}, \
             sudoku::count_solutions {rust_count}, search {search_count}, \
             sudoku_count_solutions_candidates {candidates_status:?} count {candidates_count}"
        ));
    }
    None
}

fn to_ascii(digits: [u8; CELLS]) -> [u8; CELLS] {
    digits.map(|d| if d == 0 { b'.' } else { b'0' + d })
}

fn show(board: &[u8; CELLS]) -> String {
    String::from_utf8_lossy(board).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &[u8; CELLS] =
        b"4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

    /// The solution as the peer computes it (independent of libsudoku).
    fn peer_solution() -> [u8; CELLS] {
        let line = std::str::from_utf8(PUZZLE).unwrap();
        let solution = PeerSudoku::from_str_line(line)
            .unwrap()
            .some_solution()
            .unwrap();
        to_ascii(solution.to_bytes())
    }

    #[test]
    fn accepts_a_solution_and_rejects_broken_ones() {
        let good = peer_solution();
        assert!(is_valid_solution(PUZZLE, &good));

        // Two cells of a row swapped: the row still holds 1-9, the columns do not.
        let mut swapped = good;
        swapped.swap(1, 2);
        assert!(!is_valid_solution(PUZZLE, &swapped));

        // A different puzzle whose given in cell 0 differs from the solution's digit.
        let mut other_given = *PUZZLE;
        other_given[0] = if good[0] == b'9' { b'1' } else { good[0] + 1 };
        assert!(!is_valid_solution(&other_given, &good));

        let mut with_blank = good;
        with_blank[40] = b'.';
        assert!(!is_valid_solution(PUZZLE, &with_blank));
    }

    #[test]
    fn check_reports_a_puzzle_with_no_solution_consistently() {
        // Cell 2 can hold nothing: its row has 1-7 and its column 8 and 9 (no two givens clash).
        let mut text =
            *b".................................................................................";
        for (cell, digit) in [
            (0, b'1'),
            (1, b'2'),
            (3, b'3'),
            (4, b'4'),
            (5, b'5'),
            (6, b'6'),
        ] {
            text[cell] = digit;
        }
        text[7] = b'7';
        text[9 * 4 + 2] = b'8';
        text[9 * 5 + 2] = b'9';
        let line = std::str::from_utf8(&text).unwrap();
        let set = PuzzleSet::parse("t", line, None, 0).unwrap();
        assert_eq!(check(&set, Mode::First).unwrap().puzzles, 1);
        assert_eq!(check(&set, Mode::Count2).unwrap().puzzles, 1);
    }
}
