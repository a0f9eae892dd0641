//! What several integration tests share beyond the test kit: the C board layout and a few
//! well-known puzzles. The data files, the rule checker, the reference validator and the
//! reference counter live in the `sudoku-testkit` crate (`testkit/`), re-exported here under the
//! names these tests use, so the library's answers are checked against code that shares nothing
//! with it.

#![allow(dead_code)] // each test binary uses its own subset of these helpers
#![allow(unused_imports)] // likewise for the re-exports

use std::ffi::c_char;

pub use sudoku_testkit::board::{are_peers, bytes81, digit_of, reference_fault, Fault, CELLS};
pub use sudoku_testkit::check::check_solution;
pub use sudoku_testkit::data::{data_dir, parse_puzzles, read_puzzles};
pub use sudoku_testkit::reference::reference_solve;

/// The 48 dense boards without solution that fail late in a straight-down search
/// (`data/solver/dense_no_solution.txt`, its header says how they were built): the searches that
/// start again from the root (`RESTART_AFTER_BUMPS` in `src/solver/kernel.rs`).
pub fn dense_no_solution_boards() -> Vec<[u8; CELLS]> {
    parse_puzzles(
        include_bytes!("../data/solver/dense_no_solution.txt"),
        "tests/data/solver/dense_no_solution.txt",
    )
}

/// A board in the C layout: 81 bytes, row-major, no terminator.
pub type CBoard = [c_char; CELLS];

/// Well-known puzzles with their unique solutions, as (puzzle, solution).
pub const KNOWN: [(&str, &str); 3] = [
    // The example puzzle of Wikipedia's "Sudoku" article.
    (
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
    ),
    // Arto Inkala's 2012 "world's hardest sudoku" (blanks written as '0').
    (
        "800000000003600000070090200050007000000045700000100030001000068008500010090000400",
        "812753649943682175675491283154237896369845721287169534521974368438526917796318452",
    ),
    // The first puzzle of magictour's top1465.
    (
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        "468931527751624839392578461134756298289413675675289314846192753513867942927345186",
    ),
];

/// Converts text to the C layout.
pub fn to_c(text: &[u8; CELLS]) -> CBoard {
    text.map(|b| b as c_char)
}

/// Converts a C board back to bytes.
pub fn from_c(board: &CBoard) -> [u8; CELLS] {
    board.map(|b| b as u8)
}

/// A board as `build/solve` (examples/solve.c, solve.cpp) draws it: rows of
/// "d d d | d d d | d d d", a rule between bands, blanks ('.' or '0') as '.'.
pub fn drawn_grid(board: &str) -> String {
    let mut out = String::new();
    for (row, cells) in board.as_bytes().chunks(9).enumerate() {
        if row == 3 || row == 6 {
            out.push_str("------+-------+------\n");
        }
        let parts: Vec<String> = cells
            .chunks(3)
            .map(|band| {
                band.iter()
                    .map(|&c| if c == b'0' { '.' } else { c as char }.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        out.push_str(&parts.join(" | "));
        out.push('\n');
    }
    out
}

/// Whether the program `tool` is installed (it runs with `--version`). When it is not: a
/// panic under CI (which must install the Debian/Ubuntu package `package`), else a loud
/// message that the test `what` did not run, and false, so that a developer without the tool
/// still sees every other result.
pub fn tool_or_skip(tool: &str, package: &str, what: &str) -> bool {
    let found = std::process::Command::new(tool)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if found {
        return true;
    }
    if std::env::var_os("CI").is_some() {
        panic!("{tool} is not installed, and CI is set: install it (apt-get install {package})");
    }
    // Written to the process's stderr directly: the test harness captures eprintln! of a
    // passing test, and this must be seen.
    use std::io::Write;
    let _ = writeln!(
        std::io::stderr(),
        "\n*** SKIPPED: {tool} is not installed; {what} did not run \
         (apt-get install {package}) ***\n"
    );
    false
}
