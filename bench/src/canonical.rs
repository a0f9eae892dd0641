//! The canonicalization section (issue 13): `sudoku_canonicalize` (C ABI) on each puzzle file,
//! and on solution grids against the `sudoku` crate's `Sudoku::canonicalized`, the nearest it
//! has (it canonicalizes solved grids; a puzzle it maps through its solution, which is not the
//! puzzle's own minlex form).
//!
//! Before timing, every form is checked: each puzzle's form is the form of a transformed copy
//! (a seeded random transformation), and on the grids ours equals the peer's byte for byte (both
//! are the minlex grid). Timing alternates the paths in turns on the same boards, as the solver
//! section does, so drift of the machine hits both alike.

use std::fmt::Write as _;
use std::hint::black_box;
use std::io::Write;
use std::time::{Duration, Instant};

use anyhow::{bail, Result};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sudoku::ffi::{sudoku_canonicalize, sudoku_solve, sudoku_status, sudoku_transform};
use sudoku_testkit::minlex::RefTransform;

use crate::data::PuzzleSet;
use crate::timing::TimingConfig;

/// Boards per file in the solution-grid comparison (the peer takes tens of µs a grid).
const GRIDS: usize = 2_000;

/// One timed path of the section.
#[derive(Debug, Clone)]
pub struct CanonRow {
    /// The boards: a data file's name, or "solution grids of NAME".
    pub boards: String,
    /// Which implementation.
    pub path: &'static str,
    /// Boards in the set.
    pub count: usize,
    /// Throughput.
    pub per_second: f64,
    /// Ours over the peer's throughput, on the peer's row's set.
    pub ratio: Option<f64>,
}

/// Our canonicalization of one text board through the C ABI.
fn ours(board: &[u8; 81]) -> [u8; 81] {
    let mut out = [0u8; 81];
    // SAFETY: 81 readable bytes in, 81 writable bytes out; NULL transform is allowed.
    let status = unsafe {
        sudoku_canonicalize(
            board.as_ptr().cast(),
            out.as_mut_ptr().cast(),
            std::ptr::null_mut::<sudoku_transform>(),
        )
    };
    assert_eq!(status, sudoku_status::SUDOKU_OK, "canonicalize failed");
    out
}

/// The peer's canonical grid (digits 1-9 as text).
fn peer(grid: &peer_sudoku::Sudoku) -> [u8; 81] {
    let (canonical, _automorphisms) = grid.canonicalized().expect("a solved grid");
    canonical.to_bytes().map(|d| b'0' + d)
}

/// Runs `f` over `boards` in turns with the other paths until each has `seconds` of work;
/// returns boards per second of each path.
fn time_paths(paths: &[&dyn Fn(usize)], count: usize, timing: &TimingConfig) -> Vec<f64> {
    // Warm-up and turn sizing on the fastest path.
    let mut fastest: f64 = 0.0;
    for path in paths {
        let start = Instant::now();
        let mut done = 0;
        while start.elapsed().as_secs_f64() < timing.warmup {
            path(done % count);
            done += 1;
        }
        fastest = fastest.max(done as f64 / start.elapsed().as_secs_f64());
    }
    let turn = ((timing.slice * fastest) as usize).max(1);
    let mut elapsed = vec![Duration::ZERO; paths.len()];
    let (mut at, mut rounds) = (0usize, 0usize);
    while elapsed
        .iter()
        .map(Duration::as_secs_f64)
        .fold(f64::MAX, f64::min)
        < timing.seconds
    {
        for (p, path) in paths.iter().enumerate() {
            let t = Instant::now();
            for k in 0..turn {
                path((at + k) % count);
            }
            elapsed[p] += t.elapsed();
        }
        at = (at + turn) % count;
        rounds += 1;
    }
    elapsed
        .iter()
        .map(|e| (rounds * turn) as f64 / e.as_secs_f64())
        .collect()
}

/// Checks that every board's form is the form of a random image of it.
fn check_invariance(set: &PuzzleSet, rng: &mut ChaCha8Rng) -> Result<()> {
    for i in 0..set.len().min(5_000) {
        let text = set.bytes(i);
        let grid = text.map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 });
        let t = RefTransform::random(&mut |n| rng.gen_range(0..n));
        let image = t.apply(&grid).map(|d| if d == 0 { b'.' } else { b'0' + d });
        if ours(text) != ours(&image) {
            bail!(
                "{}: puzzle {} and a transformed copy have different forms",
                set.name,
                i
            );
        }
    }
    Ok(())
}

/// The section: each file's puzzles (ours), then the solution grids of the first file's first
/// puzzles (ours against the peer). Progress goes to `progress`.
pub fn run(
    sets: &[PuzzleSet],
    timing: &TimingConfig,
    progress: &mut dyn Write,
) -> Result<Vec<CanonRow>> {
    let mut rows = Vec::new();
    let mut rng = ChaCha8Rng::seed_from_u64(0x5eed_0013);
    for set in sets {
        let _ = write!(
            progress,
            "canonicalize {} ({} puzzles): checking",
            set.name,
            set.len()
        );
        check_invariance(set, &mut rng)?;
        let _ = write!(progress, ", timing");
        let rate = time_paths(
            &[&|i| {
                black_box(ours(set.bytes(i)));
            }],
            set.len(),
            timing,
        )[0];
        let _ = writeln!(progress, ", done");
        rows.push(CanonRow {
            boards: set.name.clone(),
            path: "libsudoku C ABI `sudoku_canonicalize`",
            count: set.len(),
            per_second: rate,
            ratio: None,
        });
    }
    let Some(first) = sets.first() else {
        return Ok(rows);
    };
    let mut grids: Vec<[u8; 81]> = Vec::new();
    for i in 0..first.len() {
        if grids.len() == GRIDS {
            break;
        }
        let mut board = *first.bytes(i);
        // SAFETY: 81 readable and writable bytes.
        if unsafe { sudoku_solve(board.as_mut_ptr().cast()) } == sudoku_status::SUDOKU_OK {
            grids.push(board);
        }
    }
    if grids.is_empty() {
        return Ok(rows);
    }
    let name = format!("solution grids of {}", first.name);
    let _ = write!(
        progress,
        "canonicalize {name} ({} grids): checking",
        grids.len()
    );
    let peers: Vec<peer_sudoku::Sudoku> = grids
        .iter()
        .map(|g| peer_sudoku::Sudoku::from_bytes(g.map(|b| b - b'0')).expect("a grid"))
        .collect();
    for (g, p) in grids.iter().zip(&peers) {
        if ours(g) != peer(p) {
            bail!("{name}: our canonical grid differs from the sudoku crate's");
        }
    }
    let _ = write!(progress, ", timing");
    let rates = time_paths(
        &[
            &|i| {
                black_box(ours(&grids[i]));
            },
            &|i| {
                black_box(peer(&peers[i]));
            },
        ],
        grids.len(),
        timing,
    );
    let _ = writeln!(progress, ", done");
    rows.push(CanonRow {
        boards: name.clone(),
        path: "libsudoku C ABI `sudoku_canonicalize`",
        count: grids.len(),
        per_second: rates[0],
        ratio: Some(rates[0] / rates[1]),
    });
    rows.push(CanonRow {
        boards: name,
        path: "sudoku crate 0.8 `Sudoku::canonicalized`",
        count: grids.len(),
        per_second: rates[1],
        ratio: None,
    });
    Ok(rows)
}

/// The section as Markdown.
pub fn render(rows: &[CanonRow]) -> String {
    let mut out = String::from(
        "\n## Canonical (minlex) form, one thread\n\n\
         | boards | path | count | boards/s | µs/board | ours/peer |\n|---|---|---:|---:|---:|---:|\n",
    );
    for row in rows {
        let _ = writeln!(
            out,
            "| {} | {} | {} | {:.0} | {:.2} | {} |",
            row.boards,
            row.path,
            row.count,
            row.per_second,
            1e6 / row.per_second,
            row.ratio.map_or("–".to_string(), |r| format!("{r:.2}")),
        );
    }
    out
}
