//! `cargo run --release -p sudoku-bench -- [OPTIONS] [FILES...]`: see `--help`.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{bail, Context, Result};
use sudoku_bench::paths::Mode;
use sudoku_bench::report::{render, Header};
use sudoku_bench::timing::TimingConfig;
use sudoku_bench::{data, run, Config, DEFAULT_SEED};

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
  --seed N                 seed of the puzzle order (default 0x5eed0003)
  -h, --help               this text
";

enum Parsed {
    Run(Config),
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
    Ok(Parsed::Run(Config {
        files,
        modes,
        timing,
        seed,
        limit,
    }))
}

fn main() -> ExitCode {
    let config = match parse_args() {
        Ok(Parsed::Run(config)) => config,
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
    match run(&config, &mut std::io::stderr()) {
        Ok(rows) => {
            print!("{}", render(&header, &rows));
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("sudoku-bench: {e:#}");
            ExitCode::FAILURE
        }
    }
}
