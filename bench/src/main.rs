//! `cargo run --release -p sudoku-bench -- [OPTIONS] [FILES...]`: see `--help`.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{bail, Context, Result};
use sudoku_bench::data::PuzzleSet;
use sudoku_bench::paths::Mode;
use sudoku_bench::report::{render, Header};
use sudoku_bench::timing::TimingConfig;
use sudoku_bench::{canonical, data, run, Config, DEFAULT_SEED};

const HELP: &str = "\
Throughput of libsudoku (C ABI and Rust API) against the `sudoku` crate 0.8, one thread.
Prints a Markdown report to stdout, progress to stderr.

Usage: cargo run --release -p sudoku-bench -- [OPTIONS] [FILES...]

FILES: puzzle files (81 cells a line, '#' comments); default: every file in the data folder,
       $SUDOKU_DATA_DIR or else <repo root>/../shared/data.

Options:
  --seconds S              timed seconds per path and mode, at least (default 3)
  --mode first|count2|both modes to run (default both)
  --quick                  0.3 s per path and mode, a smoke test
  --limit N                only the first N puzzles of each file
  --seed N                 seed of the puzzle order and of the transformations
                           (default 0x5eed0003)
  --as-is                  time the files' puzzles as they are; by default each puzzle gets
                           its own random transformation (relabelled digits, permuted rows
                           and columns, transposed or not), as issue 17's measurements did
  --only solve|canonical   run one section only (default: both; canonical: the canonical form
                           of each file's puzzles, and of solution grids against the peer)
  -h, --help               this text
";

/// Which sections of the report to run.
#[derive(Clone, Copy, PartialEq)]
enum Sections {
    Both,
    Solve,
    Canonical,
}

enum Parsed {
    Run(Config, Sections),
    Help,
}

fn parse_args() -> Result<Parsed> {
    use lexopt::prelude::*;
    let mut files = Vec::new();
    let mut modes = vec![Mode::First, Mode::Count2];
    let mut seconds = None;
    let mut quick = false;
    let mut limit = None;
    let mut seed = DEFAULT_SEED;
    let mut sections = Sections::Both;
    let mut transform = true;
    let mut parser = lexopt::Parser::from_env();
    while let Some(arg) = parser.next()? {
        match arg {
            Long("seconds") => {
                let s: f64 = parser.value()?.parse()?;
                if !(s > 0.0 && s.is_finite()) {
                    bail!("--seconds must be positive");
                }
                seconds = Some(s);
            }
            Long("mode") => {
                modes = match parser.value()?.string()?.as_str() {
                    "first" => vec![Mode::First],
                    "count2" => vec![Mode::Count2],
                    "both" => vec![Mode::First, Mode::Count2],
                    other => bail!("--mode: expected first, count2 or both, got {other:?}"),
                }
            }
            Long("quick") => quick = true,
            Long("as-is") => transform = false,
            Long("limit") => {
                let n: usize = parser.value()?.parse()?;
                if n == 0 {
                    bail!("--limit must be at least 1");
                }
                limit = Some(n);
            }
            Long("seed") => {
                let text = parser.value()?.string()?;
                seed = match text.strip_prefix("0x") {
                    Some(hex) => u64::from_str_radix(hex, 16),
                    None => text.parse(),
                }
                .with_context(|| format!("--seed: not a number: {text:?}"))?;
            }
            Long("only") => {
                sections = match parser.value()?.string()?.as_str() {
                    "solve" => Sections::Solve,
                    "canonical" => Sections::Canonical,
                    other => bail!("--only: expected solve or canonical, got {other:?}"),
                }
            }
            Short('h') | Long("help") => return Ok(Parsed::Help),
            Value(file) => files.push(PathBuf::from(file)),
            _ => return Err(arg.unexpected().into()),
        }
    }
    if files.is_empty() {
        files = data::files_in(&data::data_dir())?;
    }
    let timing = match (quick, seconds) {
        (_, Some(s)) => TimingConfig {
            seconds: s,
            ..if quick {
                TimingConfig::quick()
            } else {
                TimingConfig::full(s)
            }
        },
        (true, None) => TimingConfig::quick(),
        (false, None) => TimingConfig::full(3.0),
    };
    Ok(Parsed::Run(
        Config {
            files,
            modes,
            timing,
            seed,
            limit,
            transform,
        },
        sections,
    ))
}

fn main() -> ExitCode {
    let (config, sections) = match parse_args() {
        Ok(Parsed::Run(config, sections)) => (config, sections),
        Ok(Parsed::Help) => {
            print!("{HELP}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("sudoku-bench: {e:#}\n\n{HELP}");
            return ExitCode::from(2);
        }
    };
    let header = Header::of_this_run(config.describe());
    if sections != Sections::Canonical {
        match run(&config, &mut std::io::stderr()) {
            Ok(rows) => print!("{}", render(&header, &rows)),
            Err(e) => {
                eprintln!("sudoku-bench: {e:#}");
                return ExitCode::FAILURE;
            }
        }
    }
    if sections != Sections::Solve {
        let sets: Result<Vec<PuzzleSet>> =
            config.files.iter().map(|file| config.load(file)).collect();
        match sets.and_then(|sets| canonical::run(&sets, &config.timing, &mut std::io::stderr())) {
            Ok(rows) => print!("{}", canonical::render(&rows)),
            Err(e) => {
                eprintln!("sudoku-bench: {e:#}");
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}
