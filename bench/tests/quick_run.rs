//! The harness end to end in quick mode on the first 50 puzzles of top1465: the check passes and
//! the report has the expected rows. No assertion on speed (that is what the benchmark reports).

use sudoku_bench::check::check;
use sudoku_bench::data::data_dir;
use sudoku_bench::paths::{all_paths, Mode};
use sudoku_bench::report::{render, Header};
use sudoku_bench::timing::TimingConfig;
use sudoku_bench::{run, Config, DEFAULT_SEED};

const FILE: &str = "puzzles3_magictour_top1465";
const LIMIT: usize = 50;

#[test]
fn quick_run_checks_and_reports_every_path_and_mode() {
    let config = Config {
        files: vec![data_dir().join(FILE)],
        modes: vec![Mode::First, Mode::Count2],
        timing: TimingConfig::quick(),
        seed: DEFAULT_SEED,
        limit: Some(LIMIT),
        transform: true,
    };
    let mut progress = Vec::new();
    let rows = run(&config, &mut progress).expect("the check passes");

    let labels: Vec<&str> = all_paths().iter().map(|p| p.label()).collect();
    assert_eq!(
        labels,
        [
            "ours, C ABI",
            "ours, C ABI, read from text",
            "ours, C ABI, candidates from givens",
            "ours, Rust API",
            "ours, Rust API, pre-parsed",
            "peer: `sudoku` 0.8"
        ]
    );
    assert_eq!(rows.len(), 2 * labels.len());
    for (row, (mode, label)) in rows.iter().zip(
        [Mode::First, Mode::Count2]
            .iter()
            .flat_map(|&m| labels.iter().map(move |&l| (m, l))),
    ) {
        assert_eq!((row.file.as_str(), row.mode, row.path), (FILE, mode, label));
        assert_eq!(row.puzzles, LIMIT);
        assert!(row.puzzles_per_second.is_finite() && row.puzzles_per_second > 0.0);
        let ours = label.starts_with("ours");
        assert_eq!(row.ratio.is_some(), ours, "{label}");
        assert_eq!(row.share_without_guess.is_some(), ours, "{label}");
        assert_eq!(row.target_path, label == "ours, C ABI");
    }

    // Only the C ABI rows carry the targets of this data set (issue 17's).
    let targets: Vec<(Mode, f64)> = rows
        .iter()
        .filter_map(|r| Some((r.mode, r.target?)))
        .collect();
    assert_eq!(targets, [(Mode::First, 2.05), (Mode::Count2, 2.20)]);

    // The statistics in the rows are those of the check (our search over the 50 puzzles).
    let set = config.load(&config.files[0]).unwrap();
    for mode in [Mode::First, Mode::Count2] {
        let stats = check(&set, mode).unwrap();
        assert_eq!(stats.puzzles, LIMIT);
        let row = rows.iter().find(|r| r.mode == mode).unwrap();
        assert_eq!(row.share_without_guess, Some(stats.share_without_guess()));
        assert_eq!(row.guesses_per_puzzle, Some(stats.guesses_per_puzzle()));
    }

    let header = Header {
        command: "sudoku-bench --quick".to_string(),
        date: "today".to_string(),
        machine: "this machine".to_string(),
        settings: config.describe(),
    };
    let text = render(&header, &rows);
    assert!(text.contains("- command: `sudoku-bench --quick`"), "{text}");
    for mode in ["first", "count≤2"] {
        for label in &labels {
            let start = format!("| {FILE} | {mode} | {label} | ");
            assert_eq!(
                text.lines().filter(|l| l.starts_with(&start)).count(),
                1,
                "{start} in\n{text}"
            );
        }
    }
    let summary: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with(&format!("| {FILE} | ")) && !l.contains(" | first | "))
        .filter(|l| !l.contains(" | count≤2 | "))
        .collect();
    assert_eq!(summary.len(), 1, "{text}");
    // The candidates table: one line per mode, with the issue-12 target.
    let candidates = text
        .lines()
        .filter(|l| l.starts_with(&format!("| {FILE} | ")) && l.contains("| ≥ 0.90 |"))
        .count();
    assert_eq!(candidates, 2, "{text}");
    assert!(summary[0].contains("≥ 2.05") && summary[0].contains("≥ 2.20"));
}
