//! Timing: warm-up, then rounds in which every path solves the same run of puzzles in turn, so
//! that drift of the machine (frequency, other load) hits all paths alike.

use std::hint::black_box;
use std::time::{Duration, Instant};

use crate::data::PuzzleSet;
use crate::paths::{Mode, SolverPath};

/// How long to time.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TimingConfig {
    /// Timed seconds per path (the fastest path reaches this; slower ones take longer, since
    /// every path solves the same puzzles).
    pub seconds: f64,
    /// Length of one path's turn in a round, in seconds of the fastest path.
    pub slice: f64,
    /// Warm-up seconds per path, untimed; also used to size the turns.
    pub warmup: f64,
}

impl TimingConfig {
    /// At least `seconds` per path, in 0.25 s turns, 0.25 s warm-up.
    pub fn full(seconds: f64) -> TimingConfig {
        TimingConfig {
            seconds,
            slice: 0.25,
            warmup: 0.25,
        }
    }

    /// The smoke-test setting: 0.3 s per path, short turns and warm-up.
    pub fn quick() -> TimingConfig {
        TimingConfig {
            seconds: 0.3,
            slice: 0.05,
            warmup: 0.03,
        }
    }
}

/// Timed work of one path.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Measurement {
    /// Puzzles solved while timed.
    pub puzzles: u64,
    /// Seconds of timed work.
    pub seconds: f64,
}

impl Measurement {
    /// Throughput.
    pub fn puzzles_per_second(&self) -> f64 {
        self.puzzles as f64 / self.seconds
    }

    /// Mean time per puzzle in microseconds.
    pub fn micros_per_puzzle(&self) -> f64 {
        self.seconds * 1e6 / self.puzzles as f64
    }
}

/// Solves `len` puzzles of `set` starting at `start`, wrapping around at the end of the set.
fn run_wrapping(path: &dyn SolverPath, set: &PuzzleSet, mode: Mode, start: usize, len: usize) {
    let (mut at, mut left) = (start % set.len(), len);
    while left > 0 {
        let take = left.min(set.len() - at);
        black_box(path.run(set, at..at + take, mode));
        left -= take;
        at = (at + take) % set.len();
    }
}

/// Warms `path` up for about `seconds` and returns its rate in puzzles per second.
fn warm_up(path: &dyn SolverPath, set: &PuzzleSet, mode: Mode, seconds: f64) -> f64 {
    let (mut solved, mut len) = (0usize, 16usize);
    let start = Instant::now();
    loop {
        run_wrapping(path, set, mode, solved, len);
        solved += len;
        let elapsed = start.elapsed().as_secs_f64();
        if elapsed >= seconds {
            return solved as f64 / elapsed;
        }
        len = (len * 2).min(1 << 16);
    }
}

/// CPU time used so far by the calling thread, where the platform tells it.
pub fn thread_cpu_time() -> Option<Duration> {
    #[cfg(target_os = "linux")]
    {
        let mut ts = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: `ts` is a valid, writable timespec; the clock id is a constant Linux supports.
        let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
        (rc == 0).then(|| Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32))
    }
    #[cfg(not(target_os = "linux"))]
    {
        None
    }
}

/// The timed work of all paths on one file in one mode.
#[derive(Debug, Clone, PartialEq)]
pub struct Session {
    /// One measurement per path, in the order of the paths.
    pub measurements: Vec<Measurement>,
    /// CPU time of the benchmark thread over wall time while timing, 0 to 1; well below 1 means
    /// other load took the core for part of the time (the ratios stay fair, since the paths
    /// alternate, but the absolute rates are low). None where the platform does not tell.
    pub cpu_share: Option<f64>,
}

/// Times every path of `paths` on `set` in `mode`.
///
/// After a warm-up, each round gives every path a turn on the same next run of puzzles (in the
/// set's seeded order, wrapping around), the order of turns reversed every other round. Rounds
/// go on until every path has at least `config.seconds` of timed work.
pub fn measure(
    paths: &[Box<dyn SolverPath>],
    set: &PuzzleSet,
    mode: Mode,
    config: &TimingConfig,
) -> Session {
    let fastest = paths
        .iter()
        .map(|path| warm_up(path.as_ref(), set, mode, config.warmup))
        .fold(0.0, f64::max);
    let turn_len = ((config.slice * fastest) as usize).max(1);

    let wall_start = Instant::now();
    let cpu_start = thread_cpu_time();
    let mut elapsed = vec![Duration::ZERO; paths.len()];
    let mut start = 0usize;
    let mut rounds = 0usize;
    let mut forward = true;
    while elapsed
        .iter()
        .map(Duration::as_secs_f64)
        .fold(f64::MAX, f64::min)
        < config.seconds
    {
        let order: Vec<usize> = if forward {
            (0..paths.len()).collect()
        } else {
            (0..paths.len()).rev().collect()
        };
        for p in order {
            let t = Instant::now();
            run_wrapping(paths[p].as_ref(), set, mode, start, turn_len);
            elapsed[p] += t.elapsed();
        }
        start = (start + turn_len) % set.len();
        rounds += 1;
        forward = !forward;
    }
    let wall = wall_start.elapsed().as_secs_f64();
    let cpu_share = thread_cpu_time()
        .zip(cpu_start)
        .map(|(end, start)| (end - start).as_secs_f64() / wall);
    let puzzles = (rounds * turn_len) as u64;
    Session {
        measurements: elapsed
            .into_iter()
            .map(|e| Measurement {
                puzzles,
                seconds: e.as_secs_f64(),
            })
            .collect(),
        cpu_share,
    }
}
