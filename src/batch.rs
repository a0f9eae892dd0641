//! Batch solving: many puzzles in one call, spread over several threads.
//!
//! Work is handed out dynamically: the batch is cut into small chunks of consecutive puzzles,
//! and each thread, the calling one included, takes the next unclaimed chunk whenever it
//! finishes one. A few hard puzzles therefore delay only the thread that meets them, not a
//! fixed share of the batch. The threads live within the call: all are joined before it
//! returns; nothing is kept between calls and there is no global state.
//!
//! The outputs are cut along with the work: a thread owns the output slots of the chunk it
//! claimed, so every slot is written by exactly one thread.

use std::num::NonZeroUsize;
use std::ops::Range;
use std::panic::{self, AssertUnwindSafe};
use std::sync::{Mutex, PoisonError};
use std::thread;

use crate::board::Board;
use crate::error::Error;
use crate::geometry::CELLS;
use crate::solver::{search, Mode, Start};

/// What a batch asks of each puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BatchMode {
    /// Stop at the first solution found, like [`crate::solve`] (the fastest mode).
    First,
    /// Require exactly one solution, like [`crate::solve_unique`].
    Unique,
}

impl From<BatchMode> for Mode {
    /// The solver's mode for a batch mode: the one place the two meet.
    fn from(mode: BatchMode) -> Mode {
        match mode {
            BatchMode::First => Mode::First,
            BatchMode::Unique => Mode::Unique,
        }
    }
}

/// Parses and solves one puzzle in `mode`: its solution, or the error of [`search`] or
/// [`crate::solver::Outcome::solution`].
fn solve_one(puzzle: &[u8; CELLS], mode: BatchMode) -> Result<Board, Error> {
    search(Start::Text(puzzle), mode.into())?.solution()
}

/// Solves every puzzle of `puzzles` (each 81 bytes of text, row-major, `'1'`-`'9'` givens and
/// `'.'` or `'0'` blanks) in `mode`, on at most `threads` threads (0: all available cores; see
/// [`resolve_threads`]). The result for `puzzles[i]` is at index `i`, whatever the order the
/// threads finished in.
///
/// Each result is the solution, or the error: [`Error::InvalidCharacter`],
/// [`Error::ConflictingGivens`], [`Error::NoSolution`], and in [`BatchMode::Unique`]
/// [`Error::MultipleSolutions`].
pub fn solve_batch(
    puzzles: &[[u8; CELLS]],
    mode: BatchMode,
    threads: usize,
) -> Vec<Result<Board, Error>> {
    let mut results = vec![Err(Error::NoSolution); puzzles.len()];
    solve_batch_into(puzzles, mode, threads, &mut results);
    results
}

/// As [`solve_batch`], writing the result for `puzzles[i]` to `results[i]` instead of allocating.
///
/// # Panics
/// If `results` and `puzzles` differ in length.
pub fn solve_batch_into(
    puzzles: &[[u8; CELLS]],
    mode: BatchMode,
    threads: usize,
    results: &mut [Result<Board, Error>],
) {
    assert_eq!(
        puzzles.len(),
        results.len(),
        "solve_batch_into needs one result slot per puzzle"
    );
    for_each_chunk(puzzles.len(), threads, results, |range, results| {
        for (puzzle, result) in puzzles[range].iter().zip(results) {
            *result = solve_one(puzzle, mode);
        }
    });
}

/// The number of threads a request for `threads` gets: the cores this process may use
/// (`std::thread::available_parallelism`, 1 when that is unknown) for 0, and never more than
/// those cores otherwise, since more threads than cores only share them (and an absurd request
/// must not start thousands of threads). Small batches use fewer still: one per chunk at most.
pub fn resolve_threads(threads: usize) -> usize {
    let cores = thread::available_parallelism().map_or(1, NonZeroUsize::get);
    match threads {
        0 => cores,
        n => n.min(cores),
    }
}

/// Output storage that can be cut into a front part and the rest, both owned (mutable slices,
/// or tuples of them for several parallel outputs).
pub(crate) trait SplitFront: Sized {
    /// Removes the first `n` items from `self` and returns them.
    fn split_front(&mut self, n: usize) -> Self;
}

impl<T> SplitFront for &mut [T] {
    fn split_front(&mut self, n: usize) -> Self {
        let (front, rest) = std::mem::take(self).split_at_mut(n);
        *self = rest;
        front
    }
}

impl<A: SplitFront, B: SplitFront> SplitFront for (A, B) {
    fn split_front(&mut self, n: usize) -> Self {
        (self.0.split_front(n), self.1.split_front(n))
    }
}

impl<A: SplitFront, B: SplitFront, C: SplitFront> SplitFront for (A, B, C) {
    fn split_front(&mut self, n: usize) -> Self {
        (
            self.0.split_front(n),
            self.1.split_front(n),
            self.2.split_front(n),
        )
    }
}

/// An optional output: absent in every chunk when absent.
impl<A: SplitFront> SplitFront for Option<A> {
    fn split_front(&mut self, n: usize) -> Self {
        self.as_mut().map(|a| a.split_front(n))
    }
}

/// The chunk size for `len` items on `threads` threads: small enough that every thread gets
/// many chunks (so the load evens out), large enough that claiming one is rare (at most 64).
fn chunk_len(len: usize, threads: usize) -> usize {
    (len / threads.saturating_mul(16).max(1)).clamp(1, 64)
}

/// The unclaimed rest of a batch.
struct Queue<S> {
    next: usize,
    len: usize,
    chunk: usize,
    rest: S,
}

impl<S: SplitFront> Queue<S> {
    /// Claims the next chunk: its index range and its outputs.
    fn claim(&mut self) -> Option<(Range<usize>, S)> {
        if self.next >= self.len {
            return None;
        }
        let n = self.chunk.min(self.len - self.next);
        let range = self.next..self.next + n;
        self.next += n;
        Some((range, self.rest.split_front(n)))
    }
}

/// Runs `work` over `0..len` in chunks on up to `threads` threads (see [`resolve_threads`]), the
/// calling thread included. `outputs` holds `len` items; `work` receives each chunk's index range
/// with the matching part of `outputs`, so each output item is handed to exactly one call.
///
/// A thread that cannot be started is simply not used: the others, and at least the calling
/// thread, still process every chunk. A panic in `work` is propagated to the caller once all
/// threads have stopped.
pub(crate) fn for_each_chunk<S, F>(len: usize, threads: usize, outputs: S, work: F)
where
    S: SplitFront + Send,
    F: Fn(Range<usize>, S) + Sync,
{
    let threads = resolve_threads(threads);
    let chunk = chunk_len(len, threads);
    // More threads than chunks would only wait.
    let threads = threads.min(len.div_ceil(chunk));
    let queue = Mutex::new(Queue {
        next: 0,
        len,
        chunk,
        rest: outputs,
    });
    let run = || loop {
        // The lock is held only to cut off the next chunk. A poisoned lock means another
        // thread panicked in `work`, never while holding it, so the queue is still sound.
        let claimed = queue.lock().unwrap_or_else(PoisonError::into_inner).claim();
        match claimed {
            Some((range, outputs)) => work(range, outputs),
            None => return,
        }
    };
    if threads <= 1 {
        run();
        return;
    }
    // Threads are started with `spawn_unchecked` rather than inside `thread::scope`: a scope
    // asks for the calling thread's handle, which the standard library allocates once for a
    // thread it did not start (a C program's) and never frees on a main thread that ends with
    // exit(), so valgrind would report it as possibly lost in every C program using the batch.
    let mut workers = Vec::with_capacity(threads - 1);
    for _ in 1..threads {
        // SAFETY: `run` borrows only `queue` and `work`, which outlive every thread started
        // here: each one is joined below before this function returns, also when `run` panics
        // on this thread (that panic is caught first and resumed after the joins).
        let spawned = unsafe {
            thread::Builder::new()
                .name("sudoku-batch".into())
                .spawn_unchecked(run)
        };
        // Best effort: if the system refuses a thread, the others take its share.
        if let Ok(worker) = spawned {
            workers.push(worker);
        }
    }
    let mut panic = panic::catch_unwind(AssertUnwindSafe(&run)).err();
    // Joining waits for the threads themselves to end, so none outlives the call (a caller may
    // unload the library right after).
    for worker in workers {
        if let Err(worker_panic) = worker.join() {
            panic.get_or_insert(worker_panic);
        }
    }
    if let Some(panic) = panic {
        panic::resume_unwind(panic);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TOP1: &[u8; CELLS] =
        b"4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    const TOP1_SOLUTION: &[u8; CELLS] =
        b"468931527751624839392578461134756298289413675675289314846192753513867942927345186";

    #[test]
    fn chunks_cover_every_index_once_in_order_of_their_outputs() {
        for (len, threads) in [(0, 1), (1, 4), (5, 2), (100, 3), (1000, 2), (999, 0)] {
            let mut seen = vec![usize::MAX; len];
            let mut calls = vec![0u32; len];
            for_each_chunk(
                len,
                threads,
                (&mut seen[..], &mut calls[..]),
                |range, (s, c)| {
                    assert_eq!(range.len(), s.len());
                    assert_eq!(range.len(), c.len());
                    for (i, (s, c)) in range.zip(s.iter_mut().zip(c)) {
                        *s = i;
                        *c += 1;
                    }
                },
            );
            assert_eq!(seen, (0..len).collect::<Vec<_>>(), "len {len}");
            assert!(calls.iter().all(|&c| c == 1), "len {len}");
        }
    }

    #[test]
    fn chunk_len_is_small_and_positive() {
        assert_eq!(chunk_len(0, 2), 1);
        assert_eq!(chunk_len(10, 2), 1);
        assert_eq!(chunk_len(320, 2), 10);
        assert_eq!(chunk_len(1_000_000, 2), 64);
        assert_eq!(chunk_len(100, usize::MAX), 1);
    }

    #[test]
    fn resolve_threads_maps_zero_to_the_cores_and_caps_at_them() {
        let cores = thread::available_parallelism().map_or(1, NonZeroUsize::get);
        assert_eq!(resolve_threads(0), cores);
        assert_eq!(resolve_threads(1), 1);
        assert_eq!(resolve_threads(cores), cores);
        assert_eq!(resolve_threads(cores + 1), cores);
        assert_eq!(resolve_threads(usize::MAX), cores);
    }

    #[test]
    fn batch_results_match_single_solves() {
        let mut unsolvable = [b'.'; CELLS];
        unsolvable[..8].copy_from_slice(b"12345678");
        unsolvable[17] = b'9';
        let mut puzzles = vec![*TOP1, [b'.'; CELLS], unsolvable, [b'x'; CELLS]];
        puzzles.extend(std::iter::repeat_n(*TOP1, 200));
        for threads in [1, 2, 0] {
            let first = solve_batch(&puzzles, BatchMode::First, threads);
            let unique = solve_batch(&puzzles, BatchMode::Unique, threads);
            assert_eq!(first.len(), puzzles.len());
            assert_eq!(first[0].unwrap().to_bytes(), *TOP1_SOLUTION);
            assert!(first[1].unwrap().is_complete());
            assert_eq!(first[2], Err(Error::NoSolution));
            assert_eq!(
                first[3],
                Err(Error::InvalidCharacter {
                    cell: 0,
                    byte: b'x'
                })
            );
            assert_eq!(unique[1], Err(Error::MultipleSolutions));
            for (i, puzzle) in puzzles.iter().enumerate() {
                assert_eq!(first[i], solve_one(puzzle, BatchMode::First), "{i}");
                assert_eq!(unique[i], solve_one(puzzle, BatchMode::Unique), "{i}");
            }
        }
    }

    #[test]
    #[should_panic(expected = "one result slot per puzzle")]
    fn solve_batch_into_rejects_a_short_result_slice() {
        let mut results = [Ok(Board::EMPTY)];
        solve_batch_into(&[*TOP1, *TOP1], BatchMode::First, 1, &mut results);
    }
}
