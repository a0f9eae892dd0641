//! `sudoku_list_solutions` on raw bytes: the first 81 are the board (padded with blanks if
//! fewer), the next one the capacity (0-16; 3 when absent). Checked (`check_list`): the status
//! is the reference validation's and `sudoku_validate`'s, nothing is written on failure nor past
//! the solutions written, at most `capacity` are written, strictly ascending, each a valid
//! completion of the givens, and `written`/`more` agree with `sudoku_count_solutions` at
//! `capacity + 1`. On boards with at least `REFERENCE_GIVENS` givens the list is also compared
//! with the test kit's ordered listing (exact cover branching on the lowest empty cell).
//!
//! The work is bounded as in the other targets: the capacity stays small (a listing costs about
//! as much as counting to `capacity + 1`), and the reference, whose ordered branching refutes
//! dead ends less well than the library, runs only on boards with enough givens to be quick in
//! the instrumented build.
#![no_main]

use libfuzzer_sys::fuzz_target;
use libsudoku_fuzz::{board_from, check_list, list, reference, validate};
use sudoku::ffi::sudoku_status::SUDOKU_OK;

/// Givens from which the reference's ordered listing is compared.
const REFERENCE_GIVENS: usize = 24;

fuzz_target!(|data: &[u8]| {
    let board = board_from(data);
    let capacity = data
        .get(reference::CELLS)
        .map_or(3, |b| usize::from(b % 17));
    let (validated, _) = validate(&board);
    let listed = check_list(&board, capacity);
    let Some((solutions, more)) = listed else {
        assert_ne!(validated, SUDOKU_OK, "a valid board was not listed");
        let listing = list(&board, capacity);
        assert_eq!(
            listing.status, validated,
            "status differs from sudoku_validate's"
        );
        return;
    };
    assert_eq!(validated, SUDOKU_OK);
    let givens = reference::parse(&board).expect("a listed board is valid");
    if givens.iter().filter(|&&d| d != 0).count() >= REFERENCE_GIVENS {
        let expected: Vec<[u8; reference::CELLS]> =
            reference::solutions_in_order(&givens, capacity + 1)
                .iter()
                .map(reference::to_text)
                .collect();
        assert_eq!(
            solutions,
            expected[..expected.len().min(capacity)],
            "the listing differs from the reference's ordered listing"
        );
        assert_eq!(more, expected.len() > capacity);
    }
});
