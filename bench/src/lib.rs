//! The throughput benchmark (issues 3 and 17): libsudoku against the `sudoku` crate 0.8.
//!
//! For each file and mode: load the puzzles and shuffle them with a fixed seed, check every
//! result (ours valid and equal to the peer's verdict), then time all paths in alternating turns
//! and report a Markdown table. The binary (`src/main.rs`) only parses arguments and prints.

pub mod canonical;
pub mod check;
pub mod data;
pub mod paths;
pub mod report;
pub mod timing;

use std::io::Write;
use std::path::PathBuf;

use anyhow::{bail, Result};

use crate::data::PuzzleSet;
use crate::paths::{all_paths, Mode};
use crate::report::Row;
use crate::timing::TimingConfig;

/// Seed of the puzzle order unless `--seed` says otherwise.
pub const DEFAULT_SEED: u64 = 0x5eed_0003;

/// What to run.
#[derive(Debug, Clone)]
pub struct Config {
    /// Puzzle files, each benchmarked on its own.
    pub files: Vec<PathBuf>,
    /// Modes, in order.
    pub modes: Vec<Mode>,
    /// How long to time.
    pub timing: TimingConfig,
    /// Seed of the puzzle order.
    pub seed: u64,
    /// Use only the first this many puzzles of each file.
    pub limit: Option<usize>,
    /// Give each puzzle its own random transformation ([`PuzzleSet::transformed`]), as issue
    /// 17's measurements did; false times the files' puzzles as they are (`--as-is`).
    pub transform: bool,
}

impl Config {
    /// One line for the report header describing the settings.
    pub fn describe(&self) -> String {
        let limit = self.limit.map_or(String::new(), |n| {
            format!(", first {n} puzzles of each file")
        });
        format!(
            "libsudoku {} (C ABI: `sudoku_solve`, `sudoku_count_solutions(board, 2, &n)`) vs \
             the `sudoku` crate 0.8 (`Sudoku::from_str_line` then `some_solution` / \
             `solutions_count_up_to(2)`); parsing included; puzzles in an order shuffled with \
             seed {:#x}{limit}, {}; every result checked before timing; ≥ {} s timed per path \
             and mode after a {} s warm-up, paths alternating in turns of {} s on the same \
             puzzles",
            library_version(),
            self.seed,
            if self.transform {
                "each under a random transformation of the same seed (relabelled digits, \
                 permuted rows and columns, transposed or not)"
            } else {
                "as the files give them"
            },
            self.timing.seconds,
            self.timing.warmup,
            self.timing.slice,
        )
    }

    /// The puzzles of `file` as this run times them: the first `limit`, shuffled with the
    /// seed, each transformed unless `--as-is`.
    pub fn load(&self, file: &std::path::Path) -> Result<PuzzleSet> {
        let set = PuzzleSet::load(file, self.limit, self.seed)?;
        Ok(if self.transform {
            set.transformed(self.seed)
        } else {
            set
        })
    }
}

/// libsudoku's version as its C ABI reports it.
pub fn library_version() -> String {
    // SAFETY: sudoku_version returns a non-NULL pointer to a static NUL-terminated string.
    unsafe { std::ffi::CStr::from_ptr(sudoku::ffi::sudoku_version()) }
        .to_string_lossy()
        .into_owned()
}

/// Runs the benchmark: for each file and mode, check then time every path. Progress goes to
/// `progress` (stderr in the binary); the rows come back in file, mode, path order.
///
/// Errors: a file that cannot be read or parsed, or any result that fails the check (then
/// nothing of that file is timed).
pub fn run(config: &Config, progress: &mut dyn Write) -> Result<Vec<Row>> {
    let mut rows = Vec::new();
    for file in &config.files {
        let set = config.load(file)?;
        let mut paths = all_paths();
        for path in &mut paths {
            path.prepare(&set);
        }
        for &mode in &config.modes {
            let _ = write!(
                progress,
                "{} ({} puzzles), {}: checking",
                set.name,
                set.len(),
                mode.label()
            );
            let _ = progress.flush();
            let stats = match check::check(&set, mode) {
                Ok(stats) => stats,
                Err(failure) => {
                    let _ = writeln!(progress);
                    bail!("check failed, nothing timed: {failure}");
                }
            };
            let _ = write!(progress, ", timing");
            let _ = progress.flush();
            let session = timing::measure(&paths, &set, mode, &config.timing);
            let _ = writeln!(progress, ", done");

            let peer_rate = paths
                .iter()
                .zip(&session.measurements)
                .find(|(path, _)| !path.is_ours())
                .map(|(_, m)| m.puzzles_per_second());
            for (path, m) in paths.iter().zip(&session.measurements) {
                let ours = path.is_ours();
                rows.push(Row {
                    file: set.name.clone(),
                    mode,
                    path: path.label(),
                    target_path: path.is_target_path(),
                    puzzles: set.len(),
                    puzzles_per_second: m.puzzles_per_second(),
                    micros_per_puzzle: m.micros_per_puzzle(),
                    share_without_guess: ours.then(|| stats.share_without_guess()),
                    guesses_per_puzzle: ours.then(|| stats.guesses_per_puzzle()),
                    ratio: peer_rate
                        .filter(|_| ours)
                        .map(|peer| m.puzzles_per_second() / peer),
                    target: report::target(&set.name, mode).filter(|_| path.is_target_path()),
                    cpu_share: session.cpu_share,
                });
            }
        }
    }
    Ok(rows)
}
