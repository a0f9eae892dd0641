//! `cargo run --release -p sudoku-bench --bin batch_speedup -- [OPTIONS] [FILES...]`: the
//! speedup of `sudoku_solve_batch` on several threads over one thread (issue 5). See `--help`.

use std::ffi::c_char;
use std::hint::black_box;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use sudoku::ffi::{sudoku_solve, sudoku_solve_batch, sudoku_status, SUDOKU_BATCH_FIRST};
use sudoku::CELLS;
use sudoku_bench::data::{data_dir, PuzzleSet};
use sudoku_bench::report::machine_description;
use sudoku_bench::DEFAULT_SEED;

const HELP: &str = "\
Throughput of libsudoku's batch call `sudoku_solve_batch` (first-solution mode) on 1, 2, ...
threads, and of a plain loop of `sudoku_solve` calls, on the same puzzles. Prints a Markdown
report with the speedup of each thread count over one thread, and how busy the machine was.

Usage: cargo run --release -p sudoku-bench --bin batch_speedup -- [OPTIONS] [FILES...]

FILES: puzzle files; default: puzzles5_forum_hardest_1905_11+ and puzzles2_17_clue from the data
       folder ($SUDOKU_DATA_DIR or <repo root>/../shared/data).

Options:
  --threads LIST   comma-separated thread counts for the batch call (default 1,2)
  --seconds S      timed seconds per path and file, at least (default 5)
  -h, --help       this text
";

/// A timed way of solving the whole set once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Path {
    /// `sudoku_solve` on each puzzle in turn, on the calling thread.
    Loop,
    /// One `sudoku_solve_batch` call over the whole set on this many threads.
    Batch(usize),
}

impl Path {
    fn label(self) -> String {
        match self {
            Path::Loop => "`sudoku_solve` loop, 1 thread".to_string(),
            Path::Batch(1) => "`sudoku_solve_batch`, 1 thread".to_string(),
            Path::Batch(n) => format!("`sudoku_solve_batch`, {n} threads"),
        }
    }

    /// Solves every puzzle of `input` (81 bytes each, back to back) once; returns a checksum.
    fn run(self, input: &[u8], solutions: &mut [u8], statuses: &mut [sudoku_status]) -> u64 {
        let count = input.len() / CELLS;
        match self {
            Path::Loop => {
                let mut sum = 0u64;
                for (puzzle, out) in input
                    .chunks_exact(CELLS)
                    .zip(solutions.chunks_exact_mut(CELLS))
                {
                    out.copy_from_slice(puzzle);
                    // SAFETY: `out` is 81 readable and writable bytes.
                    let status = unsafe { sudoku_solve(out.as_mut_ptr().cast::<c_char>()) };
                    sum += status as u64 + u64::from(out[CELLS - 1]);
                }
                sum
            }
            Path::Batch(threads) => {
                // SAFETY: `input` is 81 * count readable bytes, `solutions` 81 * count writable
                // bytes and `statuses` count writable statuses; they do not overlap.
                let status = unsafe {
                    sudoku_solve_batch(
                        input.as_ptr().cast::<c_char>(),
                        count,
                        solutions.as_mut_ptr().cast::<c_char>(),
                        statuses.as_mut_ptr(),
                        SUDOKU_BATCH_FIRST,
                        threads,
                    )
                };
                assert_eq!(status, sudoku_status::SUDOKU_OK);
                u64::from(solutions[solutions.len() - 1]) + statuses[count - 1] as u64
            }
        }
    }
}

/// CPU time counters of the whole machine, from /proc/stat (in clock ticks).
#[derive(Debug, Clone, Copy)]
struct MachineTicks {
    busy: u64,
    total: u64,
}

fn machine_ticks() -> Option<MachineTicks> {
    let stat = std::fs::read_to_string("/proc/stat").ok()?;
    let fields: Vec<u64> = stat
        .lines()
        .next()?
        .split_whitespace()
        .skip(1)
        .filter_map(|f| f.parse().ok())
        .collect();
    // user nice system idle iowait irq softirq steal ...
    let total: u64 = fields.iter().take(8).sum();
    let idle = fields.get(3)? + fields.get(4).copied().unwrap_or(0);
    Some(MachineTicks {
        busy: total - idle,
        total,
    })
}

/// CPU time used by this process so far (all threads).
fn process_cpu() -> Duration {
    // SAFETY: an all-zero rusage is a valid value to overwrite.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: `usage` is a valid, writable rusage.
    if unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut usage) } != 0 {
        return Duration::ZERO;
    }
    let tv = |t: libc::timeval| Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1000);
    tv(usage.ru_utime) + tv(usage.ru_stime)
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".to_string())
}

struct Timed {
    path: Path,
    puzzles: u64,
    elapsed: Duration,
    best_round: Duration,
}

impl Timed {
    fn rate(&self) -> f64 {
        self.puzzles as f64 / self.elapsed.as_secs_f64()
    }
}

/// What else ran on the machine while one file was timed.
struct Load {
    /// Share of all cores' time used by other processes, 0 to 1.
    others: Option<f64>,
    before: String,
    after: String,
}

/// Times every path on `set`: rounds in which each path solves the whole set once, the order of
/// the paths reversed every other round, until each path has `seconds` of timed work.
fn measure(set: &PuzzleSet, paths: &[Path], seconds: f64) -> (Vec<Timed>, Load) {
    let input: Vec<u8> = (0..set.len()).flat_map(|i| *set.bytes(i)).collect();
    let mut solutions = vec![0u8; input.len()];
    let mut statuses = vec![sudoku_status::SUDOKU_OK; set.len()];
    // Warm-up: one pass each.
    for &path in paths {
        black_box(path.run(&input, &mut solutions, &mut statuses));
    }
    let mut timed: Vec<Timed> = paths
        .iter()
        .map(|&path| Timed {
            path,
            puzzles: 0,
            elapsed: Duration::ZERO,
            best_round: Duration::MAX,
        })
        .collect();
    let before = load_average();
    let (ticks_start, cpu_start, wall_start) = (machine_ticks(), process_cpu(), Instant::now());
    let mut forward = true;
    while timed.iter().any(|t| t.elapsed.as_secs_f64() < seconds) {
        let order: Vec<usize> = if forward {
            (0..paths.len()).collect()
        } else {
            (0..paths.len()).rev().collect()
        };
        for k in order {
            let start = Instant::now();
            black_box(paths[k].run(&input, &mut solutions, &mut statuses));
            let took = start.elapsed();
            timed[k].elapsed += took;
            timed[k].puzzles += set.len() as u64;
            timed[k].best_round = timed[k].best_round.min(took);
        }
        forward = !forward;
    }
    let wall = wall_start.elapsed();
    let ours = process_cpu() - cpu_start;
    let others = machine_ticks().zip(ticks_start).map(|(end, start)| {
        let total = (end.total - start.total) as f64;
        let busy = (end.busy - start.busy) as f64;
        // Ticks are 1/100 s on Linux; convert our CPU time to the same share of all cores.
        let cores = std::thread::available_parallelism().map_or(1, usize::from) as f64;
        let ours_share = ours.as_secs_f64() / (wall.as_secs_f64() * cores);
        (busy / total - ours_share).max(0.0)
    });
    let load = Load {
        others,
        before,
        after: load_average(),
    };
    (timed, load)
}

/// The files, the thread counts and the seconds a measurement, as the command line asks.
type Args = (Vec<PathBuf>, Vec<usize>, f64);

fn parse_args() -> Result<Option<Args>> {
    use lexopt::prelude::*;
    let mut files = Vec::new();
    let mut threads = vec![1, 2];
    let mut seconds = 5.0;
    let mut parser = lexopt::Parser::from_env();
    while let Some(arg) = parser.next()? {
        match arg {
            Long("threads") => {
                let text = parser.value()?.string()?;
                threads = text
                    .split(',')
                    .map(|t| t.trim().parse::<usize>())
                    .collect::<Result<_, _>>()
                    .with_context(|| format!("--threads: not a list of numbers: {text:?}"))?;
                if threads.contains(&0) || threads.is_empty() {
                    bail!("--threads: each count must be at least 1");
                }
            }
            Long("seconds") => {
                seconds = parser.value()?.parse()?;
                if !(seconds > 0.0 && f64::is_finite(seconds)) {
                    bail!("--seconds must be positive");
                }
            }
            Short('h') | Long("help") => return Ok(None),
            Value(file) => files.push(PathBuf::from(file)),
            _ => return Err(arg.unexpected().into()),
        }
    }
    if files.is_empty() {
        let dir = data_dir();
        files = vec![
            dir.join("puzzles5_forum_hardest_1905_11+"),
            dir.join("puzzles2_17_clue"),
        ];
    }
    Ok(Some((files, threads, seconds)))
}

fn main() -> ExitCode {
    let (files, threads, seconds) = match parse_args() {
        Ok(Some(parsed)) => parsed,
        Ok(None) => {
            print!("{HELP}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("batch_speedup: {e:#}\n\n{HELP}");
            return ExitCode::from(2);
        }
    };
    let mut paths = vec![Path::Loop];
    paths.extend(threads.iter().map(|&n| Path::Batch(n)));

    println!("## libsudoku batch speedup\n");
    println!(
        "- date: {}",
        humantime::format_rfc3339_seconds(std::time::SystemTime::now())
    );
    println!(
        "- machine: {}",
        machine_description().replace("; one thread used", "")
    );
    println!(
        "- libsudoku {}; first-solution mode; every path solves the whole file per round, paths \
         alternating, ≥ {seconds} s timed per path and file; puzzles shuffled with seed {:#x}",
        sudoku_bench::library_version(),
        DEFAULT_SEED
    );
    if cfg!(debug_assertions) {
        println!("- **debug build: numbers are meaningless, use --release**");
    }
    println!();
    println!(
        "| data set | path | puzzles/s | best round, puzzles/s | speedup over 1 thread (batch) | \
         speedup over the loop |"
    );
    println!("|---|---|---:|---:|---:|---:|");
    let mut loads = Vec::new();
    for file in &files {
        let set = match PuzzleSet::load(file, None, DEFAULT_SEED) {
            Ok(set) => set,
            Err(e) => {
                eprintln!("batch_speedup: {e:#}");
                return ExitCode::FAILURE;
            }
        };
        eprintln!("{} ({} puzzles): timing", set.name, set.len());
        let (timed, load) = measure(&set, &paths, seconds);
        let loop_rate = timed[0].rate();
        let one_thread = timed
            .iter()
            .find(|t| t.path == Path::Batch(1))
            .map(Timed::rate);
        for t in &timed {
            let best = set.len() as f64 / t.best_round.as_secs_f64();
            let over_one = match (t.path, one_thread) {
                (Path::Batch(_), Some(one)) => format!("{:.2}×", t.rate() / one),
                _ => "–".to_string(),
            };
            println!(
                "| {} | {} | {:.0} | {:.0} | {over_one} | {:.2}× |",
                set.name,
                t.path.label(),
                t.rate(),
                best,
                t.rate() / loop_rate
            );
        }
        loads.push((set.name.clone(), load));
    }
    println!();
    for (name, load) in loads {
        let others = load
            .others
            .map_or("unknown".to_string(), |o| format!("{:.0}%", o * 100.0));
        println!(
            "- {name}: other processes used {others} of all cores' time while timed; load \
             average before {}, after {}",
            load.before, load.after
        );
    }
    ExitCode::SUCCESS
}
