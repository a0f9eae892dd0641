//! `cargo run --release -p sudoku-bench --bin generate -- [--seconds S]`: generator throughput
//! (issue 13). See `--help`.

use std::hint::black_box;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::{bail, Result};
use peer_sudoku::Sudoku as PeerSudoku;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use sudoku::generator::{self, Options, Symmetry};
use sudoku::Board;
use sudoku_bench::report::machine_description;
use sudoku_bench::timing::thread_cpu_time;

const HELP: &str = "\
Throughput of libsudoku's generator (unique minimal puzzles, one thread) for each symmetry,
of `minimize`, and of the `sudoku` crate 0.8's generator (unique minimal puzzles) in the same
run, with the ratio; then of generation into Sudoku Explainer rating windows (issue 14's
goals), and of puzzles on a pattern (the docs' heart, plain and in two rating windows, and the
patterns of random minimal puzzles). Prints a Markdown report.

Usage: cargo run --release -p sudoku-bench --bin generate -- [OPTIONS]

Options:
  --seconds S   timed seconds per row, at least (default 2)
  --all         every symmetry (default: none and rotate180 only)
  -h, --help    this text
";

/// Runs `work` (which returns how many items it made) for at least `seconds` of wall time;
/// returns microseconds of this thread's CPU time per item (wall time where the platform has no
/// thread clock), so that other load on a shared machine counts less.
fn time_per_item(seconds: f64, mut work: impl FnMut(u64) -> usize) -> f64 {
    let budget = Duration::from_secs_f64(seconds);
    let start = Instant::now();
    let cpu_start = thread_cpu_time();
    let mut items = 0usize;
    let mut round = 0u64;
    while start.elapsed() < budget {
        items += work(round);
        round += 1;
    }
    let spent = match (cpu_start, thread_cpu_time()) {
        (Some(a), Some(b)) => (b - a).as_secs_f64(),
        _ => start.elapsed().as_secs_f64(),
    };
    spent * 1e6 / items as f64
}

fn peer_symmetry(symmetry: Symmetry) -> Option<peer_sudoku::board::Symmetry> {
    use peer_sudoku::board::Symmetry as P;
    Some(match symmetry {
        Symmetry::None => P::None,
        Symmetry::Rotate180 => P::HalfRotation,
        Symmetry::Rotate90 => P::QuarterRotation,
        Symmetry::MirrorRows => P::HorizontalMirror,
        Symmetry::MirrorColumns => P::VerticalMirror,
        Symmetry::Diagonal => P::DiagonalMirror,
        Symmetry::Antidiagonal => P::AntidiagonalMirror,
        Symmetry::BothDiagonals => P::BidiagonalMirror,
        Symmetry::BothMirrors => P::VerticalAndHorizontalMirror,
        Symmetry::Dihedral => P::Dihedral,
    })
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("generate bench: {e:#}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<()> {
    let mut seconds = 2.0f64;
    let mut all = false;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--seconds" => {
                seconds = args.next().unwrap_or_default().parse()?;
                if !(seconds > 0.0 && seconds.is_finite()) {
                    bail!("--seconds must be positive");
                }
            }
            "--all" => all = true,
            "-h" | "--help" => {
                print!("{HELP}");
                return Ok(());
            }
            other => bail!("unknown argument {other:?} (see --help)"),
        }
    }
    let symmetries: Vec<Symmetry> = if all {
        Symmetry::ALL.to_vec()
    } else {
        vec![Symmetry::None, Symmetry::Rotate180]
    };
    println!("# Generator throughput (one thread)\n");
    println!("{}\n", machine_description());
    println!("Times are this thread's CPU time per puzzle.\n");
    println!("| symmetry | libsudoku µs/puzzle | puzzles/s | mean givens | `sudoku` crate µs/puzzle | ratio |");
    println!("|---|---:|---:|---:|---:|---:|");
    const BATCH: u64 = 200;
    for symmetry in symmetries {
        let options = Options {
            symmetry,
            ..Options::default()
        };
        let mut givens = 0usize;
        let mut made = 0usize;
        let ours = time_per_item(seconds, |round| {
            for i in 0..BATCH {
                let g = generator::generate_item(round, i, &options).expect("generated");
                givens += g.puzzle.iter().filter(|&&b| b != b'.').count();
                made += 1;
                black_box(g);
            }
            BATCH as usize
        });
        let peer = peer_symmetry(symmetry).map(|p| {
            let mut rng = ChaCha8Rng::seed_from_u64(13);
            time_per_item(seconds, |_| {
                for _ in 0..BATCH / 4 {
                    let solved = PeerSudoku::generate_solved_with_rng(&mut rng);
                    black_box(PeerSudoku::generate_with_symmetry_and_rng_from(
                        solved, p, &mut rng,
                    ));
                }
                (BATCH / 4) as usize
            })
        });
        let (peer_text, ratio) = match peer {
            Some(p) => (format!("{p:.1}"), format!("{:.1}x", p / ours)),
            None => ("-".into(), "-".into()),
        };
        println!(
            "| {} | {ours:.1} | {:.0} | {:.1} | {peer_text} | {ratio} |",
            symmetry.name(),
            1e6 / ours,
            givens as f64 / made as f64
        );
    }
    // minimize: dense unique puzzles (35-40 givens, not minimal) made beforehand.
    let dense_options = Options {
        minimal: false,
        min_givens: 35,
        max_givens: 40,
        ..Options::default()
    };
    let dense: Vec<Board> = generator::generate_batch(99, &dense_options, 500, 1)?
        .into_iter()
        .map(|g| Board::parse(&g?.puzzle).map_err(anyhow::Error::from))
        .collect::<Result<_>>()?;
    let minimize = time_per_item(seconds, |_| {
        for board in &dense {
            black_box(generator::minimize(board, Symmetry::None).expect("unique"));
        }
        dense.len()
    });
    let check = time_per_item(seconds, |_| {
        for board in &dense {
            black_box(generator::is_minimal(board).expect("unique"));
        }
        dense.len()
    });
    println!("\n| transformation (35-40 givens in) | µs/puzzle |\n|---|---:|");
    println!("| minimize | {minimize:.1} |\n| is_minimal | {check:.1} |");
    rating_windows(seconds);
    patterns(seconds);
    Ok(())
}

/// The docs' heart ('x' a given's cell), the pattern the docs and tests use.
const HEART: &[u8; 81] =
    b".xx...xx.x..x.x..xx...x...xx.......x.x.....x...x...x.....x.x.......x....xxxxxxxxx";

/// Puzzles on a pattern (`generate_on_pattern_item`, one thread): the docs' heart, plain and in
/// two rating windows, and the patterns of random minimal puzzles (each item's pattern another
/// puzzle's), with the share of items found within the default 1000 attempts.
fn patterns(seconds: f64) {
    use generator::PatternOptions;
    println!("\n| on a pattern | µs/puzzle | found |\n|---|---:|---:|");
    let heart = (0..81)
        .filter(|&i| HEART[i] == b'x')
        .fold(0u128, |m, i| m | 1 << i);
    let minimal = sudoku_testkit::data::read_puzzles("puzzles1_random_minimal");
    let minimal: Vec<u128> = minimal
        .iter()
        .map(|p| {
            (0..81)
                .filter(|&i| p[i] != b'.' && p[i] != b'0')
                .fold(0u128, |m, i| m | 1 << i)
        })
        .collect();
    let window = |min_er, max_er| PatternOptions {
        min_er,
        max_er,
        max_attempts: 20_000,
    };
    let rows: [(&str, Option<u128>, PatternOptions); 4] = [
        ("heart", Some(heart), PatternOptions::default()),
        ("heart, ER 3.0-4.5", Some(heart), window(30, 45)),
        ("heart, ER 6.0-7.5", Some(heart), window(60, 75)),
        (
            "random minimal puzzles' patterns",
            None,
            PatternOptions::default(),
        ),
    ];
    for (name, pattern, options) in rows {
        let (mut made, mut calls) = (0usize, 0usize);
        let per_call = time_per_item(seconds, |round| {
            calls += 1;
            let cells = pattern.unwrap_or(minimal[(round as usize * 97) % minimal.len().max(1)]);
            if let Ok(g) = generator::generate_on_pattern_item(round, 0, cells, &options) {
                made += 1;
                black_box(g);
            }
            1
        });
        // Calls that found nothing cost time and give nothing: time per puzzle found.
        let per_puzzle = per_call * calls as f64 / made.max(1) as f64;
        println!(
            "| {name} | {per_puzzle:.0} | {:.0}% |",
            100.0 * made as f64 / calls.max(1) as f64
        );
    }
}

/// Generation into rating windows: puzzles per second (a window the engine cannot confirm in
/// 1000 attempts counts nothing for that item), against issue 14's goals and, for ER 9.0 and
/// up, issue 15's (one a minute).
fn rating_windows(seconds: f64) {
    println!("\n| ER window | puzzles/s | goal | attempts per puzzle |\n|---|---:|---:|---:|");
    for (min_er, max_er, goal) in [
        (10, 65, 1000.0),
        (66, 75, 200.0),
        (76, 89, 20.0),
        (90, 119, 1.0 / 60.0),
    ] {
        let options = Options {
            min_er,
            max_er,
            ..Options::default()
        };
        let plain = Options::default();
        let (mut made, mut calls) = (0usize, 0usize);
        let per_call = time_per_item(seconds, |round| {
            calls += 1;
            if let Ok(g) = generator::generate_item(round, 0, &options) {
                made += 1;
                black_box(g);
            }
            1
        });
        // Attempts per puzzle: the share of plain puzzles inside the window, on a sample.
        let sample = 2000u64;
        let inside = (0..sample)
            .filter(|&i| {
                let g = generator::generate_item(7, i, &plain).expect("generated");
                let r = sudoku::steps::rate(&Board::parse(&g.puzzle).expect("a puzzle"));
                r.complete && (min_er..=max_er).contains(&u16::from(r.er))
            })
            .count();
        // Calls that found nothing (NOT_FOUND after 1000 attempts) cost time and give nothing.
        let rate = 1e6 / per_call * made as f64 / calls.max(1) as f64;
        let (rate, goal) = if goal < 1.0 {
            (format!("{rate:.2}"), format!("{goal:.3}"))
        } else {
            (format!("{rate:.0}"), format!("{goal:.0}"))
        };
        let attempts = if inside == 0 {
            "-".to_string()
        } else {
            format!("{:.1}", sample as f64 / inside as f64)
        };
        println!(
            "| {}.{}-{}.{} | {rate} | {goal} | {attempts} |",
            min_er / 10,
            min_er % 10,
            max_er / 10,
            max_er % 10
        );
    }
}
