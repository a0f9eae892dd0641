//! The canonical-form section end to end in quick mode on the first 50 puzzles of top1465: every
//! form checked (against a transformed copy, and against the `sudoku` crate on the solution
//! grids), the rows as documented. No assertion on speed.

use sudoku_bench::canonical::{render, run};
use sudoku_bench::data::{data_dir, PuzzleSet};
use sudoku_bench::timing::TimingConfig;
use sudoku_bench::DEFAULT_SEED;

#[test]
fn quick_canonical_section_checks_and_reports_its_rows() {
    let file = data_dir().join("puzzles3_magictour_top1465");
    let set = PuzzleSet::load(&file, Some(50), DEFAULT_SEED).unwrap();
    let mut progress = Vec::new();
    let rows = run(&[set], &TimingConfig::quick(), &mut progress).expect("every form checks");
    let summary: Vec<(&str, &str, usize, bool)> = rows
        .iter()
        .map(|r| (r.boards.as_str(), r.path, r.count, r.ratio.is_some()))
        .collect();
    assert_eq!(
        summary,
        [
            (
                "puzzles3_magictour_top1465",
                "libsudoku C ABI `sudoku_canonicalize`",
                50,
                false
            ),
            (
                "solution grids of puzzles3_magictour_top1465",
                "libsudoku C ABI `sudoku_canonicalize`",
                50,
                true
            ),
            (
                "solution grids of puzzles3_magictour_top1465",
                "sudoku crate 0.8 `Sudoku::canonicalized`",
                50,
                false
            ),
        ]
    );
    assert!(rows
        .iter()
        .all(|r| r.per_second.is_finite() && r.per_second > 0.0));
    let text = render(&rows);
    assert!(
        text.contains("## Canonical (minlex) form, one thread"),
        "{text}"
    );
    assert_eq!(
        text.lines().filter(|l| l.starts_with("| ")).count(),
        1 + rows.len()
    );
}
