//! `cargo run --release -p sudoku-bench --bin rate -- [--seconds S] [FILES...]`: time of the step
//! engine's Sudoku Explainer rating per puzzle (issue 14), and of one next step. See `--help`.

use std::hint::black_box;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use sudoku::steps::{next_step, rate, Grid, Next};
use sudoku::Board;
use sudoku_bench::report::machine_description;
use sudoku_bench::timing::thread_cpu_time;
use sudoku_testkit::data::{data_dir, puzzle_lines};

const HELP: &str = "\
Time of libsudoku's Sudoku Explainer rating (sudoku::steps::rate) per puzzle, one thread, and of
one next step (sudoku::steps::next_step) on the positions met along the rating paths. Prints a
Markdown report.

Usage: cargo run --release -p sudoku-bench --bin rate -- [OPTIONS] [FILES...]

FILES: rated files (PUZZLE ER/EP/ED a line, '#' comments; only the first 81 bytes of a line are
       read); default: ratings/se_qqwing_2000.txt, ratings/se_random_minimal_4000.txt and
       ratings/se_top1465.txt in the data folder ($SUDOKU_DATA_DIR or <repo root>/../shared/data).

Options:
  --seconds S   timed seconds per file and row, at least (default 1)
  -h, --help    this text
";

/// Runs `work` (which returns how many items it did) for at least `seconds`; microseconds of
/// this thread's CPU time per item (wall time without a thread clock).
fn time_per_item(seconds: f64, mut work: impl FnMut() -> usize) -> f64 {
    let budget = Duration::from_secs_f64(seconds);
    let start = Instant::now();
    let cpu_start = thread_cpu_time();
    let mut items = 0usize;
    while start.elapsed() < budget {
        items += work();
    }
    let spent = match (cpu_start, thread_cpu_time()) {
        (Some(a), Some(b)) => (b - a).as_secs_f64(),
        _ => start.elapsed().as_secs_f64(),
    };
    spent * 1e6 / items as f64
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("rate bench: {e:#}");
            ExitCode::FAILURE
        }
    }
}

fn read(path: &PathBuf) -> Result<Vec<Board>> {
    let bytes = std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
    puzzle_lines(&bytes)
        .map(|(n, line)| {
            let cells: &[u8; 81] = line
                .get(..81)
                .and_then(|c| c.try_into().ok())
                .with_context(|| format!("{}:{n}: shorter than 81 bytes", path.display()))?;
            Board::parse(cells).with_context(|| format!("{}:{n}", path.display()))
        })
        .collect()
}

fn run() -> Result<()> {
    let mut seconds = 1.0f64;
    let mut files = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--seconds" => {
                seconds = args.next().unwrap_or_default().parse()?;
                if !(seconds > 0.0 && seconds.is_finite()) {
                    bail!("--seconds must be positive");
                }
            }
            "-h" | "--help" => {
                print!("{HELP}");
                return Ok(());
            }
            other if other.starts_with('-') => bail!("unknown option {other:?} (see --help)"),
            file => files.push(PathBuf::from(file)),
        }
    }
    if files.is_empty() {
        let dir = data_dir().join("ratings");
        for name in [
            "se_qqwing_2000.txt",
            "se_random_minimal_4000.txt",
            "se_top1465.txt",
        ] {
            files.push(dir.join(name));
        }
    }
    println!("# Sudoku Explainer rating (one thread)\n");
    println!("{}\n", machine_description());
    println!(
        "Times are this thread's CPU time. \"Finished\": puzzles the engine solves (its techniques go up to"
    );
    println!(
        "SE's nested forcing chains of level 5, the whole ladder); the others stop at a position where none finds"
    );
    println!("anything. p99: the 99th percentile of one next step over every position met.\n");
    println!("| file | puzzles | finished | µs/puzzle (rate) | next step, single available µs | next step, other µs | next step p99 µs |");
    println!("|---|---:|---:|---:|---:|---:|---:|");
    for path in &files {
        let boards = read(path)?;
        let finished = boards.iter().filter(|b| rate(b).complete).count();
        let per_puzzle = time_per_item(seconds, || {
            for b in &boards {
                black_box(rate(black_box(b)));
            }
            boards.len()
        });
        // The positions met along the paths, split by whether a single is the next step.
        let (mut single, mut other) = (Vec::new(), Vec::new());
        for b in &boards {
            let mut g = Grid::from_board(b);
            while let Next::Step(step) = next_step(&g) {
                if step.technique.rating() <= 15
                    || step.technique == sudoku::steps::Technique::NakedSingle
                {
                    single.push(g);
                } else {
                    other.push(g);
                }
                step.apply(&mut g);
            }
        }
        let time_next = |positions: &Vec<Grid>| {
            time_per_item(seconds / 2.0, || {
                for g in positions {
                    black_box(next_step(black_box(g)));
                }
                positions.len()
            })
        };
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        // Each position timed once on its own (wall time, so a coarse figure), for the tail.
        let mut each: Vec<f64> = single
            .iter()
            .chain(&other)
            .map(|g| {
                let t = Instant::now();
                black_box(next_step(black_box(g)));
                t.elapsed().as_secs_f64() * 1e6
            })
            .collect();
        each.sort_by(f64::total_cmp);
        let p99 = each.get(each.len() * 99 / 100).copied().unwrap_or(0.0);
        println!(
            "| {name} | {} | {finished} | {per_puzzle:.1} | {:.2} | {:.2} | {p99:.0} |",
            boards.len(),
            time_next(&single),
            time_next(&other)
        );
    }
    Ok(())
}
