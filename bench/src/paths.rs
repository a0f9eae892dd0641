//! The solver paths that are timed: ours through the C ABI and the Rust API, and the peer.
//!
//! Each path solves a contiguous run of puzzles per call, so the timing loop reads the clock once
//! per run, not once per puzzle. That shape also fits a batch or multi-threaded entry point: it
//! would receive the whole run at once (see [`all_paths`]).

use std::ffi::c_char;
use std::hint::black_box;
use std::ops::Range;

use peer_sudoku::Sudoku as PeerSudoku;
use sudoku::ffi::sudoku_status;
use sudoku::{Board, CELLS};

use crate::data::PuzzleSet;

/// What is asked of a solver.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Stop at the first solution (`sudoku_solve`).
    First,
    /// Count solutions up to 2, which proves uniqueness (`sudoku_count_solutions`, limit 2).
    Count2,
}

impl Mode {
    /// The name used in the report.
    pub fn label(self) -> &'static str {
        match self {
            Mode::First => "first",
            Mode::Count2 => "count≤2",
        }
    }

    /// The solution limit of this mode for `sudoku::solver::hooks::search`.
    pub fn limit(self) -> u64 {
        match self {
            Mode::First => 1,
            Mode::Count2 => 2,
        }
    }
}

/// One way of solving puzzles that is timed.
pub trait SolverPath {
    /// The name used in the report.
    fn label(&self) -> &'static str;

    /// True for libsudoku's paths, false for the peer.
    fn is_ours(&self) -> bool;

    /// True for the path the speed targets (issue 17) apply to (the C ABI).
    fn is_target_path(&self) -> bool {
        false
    }

    /// For paths that need it, work done once per file before timing (for example parsing).
    fn prepare(&mut self, _set: &PuzzleSet) {}

    /// Solves puzzles `range` of `set` in `mode`. Returns a checksum of the results, so that the
    /// work cannot be optimised away; it is not checked (correctness is checked separately).
    fn run(&self, set: &PuzzleSet, range: Range<usize>, mode: Mode) -> u64;
}

/// Every path, in report order. The peer is last; ratios are taken against it.
///
/// These are all single-threaded. The multi-threaded batch call `sudoku_solve_batch` is measured
/// on its own, against one thread, by the `batch_speedup` binary (`src/bin/batch_speedup.rs`).
pub fn all_paths() -> Vec<Box<dyn SolverPath>> {
    vec![
        Box::new(CAbi),
        Box::new(CAbiFromText { text: Vec::new() }),
        Box::new(CAbiCandidates { masks: Vec::new() }),
        Box::new(RustApi),
        Box::new(RustApiPreParsed { boards: Vec::new() }),
        Box::new(Peer),
    ]
}

type SolveFn = unsafe extern "C" fn(*mut c_char) -> sudoku_status;
type CountFn = unsafe extern "C" fn(*const c_char, u64, *mut u64) -> sudoku_status;

/// libsudoku through its C functions, as a C caller uses them: a fresh copy of the 81-byte
/// buffer per puzzle, parsing and validation included.
pub struct CAbi;

impl SolverPath for CAbi {
    fn label(&self) -> &'static str {
        C_ABI_LABEL
    }
    fn is_ours(&self) -> bool {
        true
    }
    fn is_target_path(&self) -> bool {
        true
    }
    fn run(&self, set: &PuzzleSet, range: Range<usize>, mode: Mode) -> u64 {
        // Calling through an opaque function pointer keeps LTO from inlining the exported
        // function into this loop: a C program calls it across a real call, so must we.
        let mut sum = 0u64;
        match mode {
            Mode::First => {
                let solve: SolveFn = black_box(sudoku::ffi::sudoku_solve);
                for i in range {
                    let mut board: [u8; CELLS] = *set.bytes(i);
                    // SAFETY: `board` is 81 readable and writable bytes.
                    let status = unsafe { solve(board.as_mut_ptr().cast()) };
                    sum += status as u64 + u64::from(board[CELLS - 1]);
                }
            }
            Mode::Count2 => {
                let count_solutions: CountFn = black_box(sudoku::ffi::sudoku_count_solutions);
                for i in range {
                    let board: [u8; CELLS] = *set.bytes(i);
                    let mut count = 0u64;
                    // SAFETY: `board` is 81 readable bytes and `count` a writable u64.
                    let status = unsafe { count_solutions(board.as_ptr().cast(), 2, &mut count) };
                    sum += status as u64 + count;
                }
            }
        }
        sum
    }
}

type ReadFn = unsafe extern "C" fn(
    *const c_char,
    usize,
    *mut c_char,
    *mut u16,
    *mut sudoku::ffi::sudoku_read_info,
) -> sudoku_status;

/// As [`CAbi`], each puzzle first read from the text of the file (its lines, 82 bytes apart)
/// by `sudoku_read_puzzle`: this path's time less the C ABI's is the cost of reading (issue
/// 12 wants it under a tenth of the solve time on `puzzles0_easy`).
pub struct CAbiFromText {
    text: Vec<u8>,
}

impl SolverPath for CAbiFromText {
    fn label(&self) -> &'static str {
        "ours, C ABI, read from text"
    }
    fn is_ours(&self) -> bool {
        true
    }
    fn prepare(&mut self, set: &PuzzleSet) {
        self.text = (0..set.len())
            .flat_map(|i| set.bytes(i).iter().copied().chain([b'\n']))
            .collect();
    }
    fn run(&self, _set: &PuzzleSet, range: Range<usize>, mode: Mode) -> u64 {
        // Opaque function pointers, as in `CAbi`.
        let read: ReadFn = black_box(sudoku::ffi::sudoku_read_puzzle);
        let solve: SolveFn = black_box(sudoku::ffi::sudoku_solve);
        let count_solutions: CountFn = black_box(sudoku::ffi::sudoku_count_solutions);
        let mut info: sudoku::ffi::sudoku_read_info = unsafe {
            // SAFETY: all-zero bytes are a valid sudoku_read_info (integers and a char array).
            std::mem::zeroed()
        };
        // SAFETY: a live, writable sudoku_read_info.
        unsafe { sudoku::ffi::sudoku_read_info_init(&mut info) };
        let mut sum = 0u64;
        for i in range {
            let at = i * (CELLS + 1);
            let mut board = [0u8; CELLS];
            // SAFETY: `at` is within the text (one line per puzzle of the set); the board and
            // info are live buffers; candidates may be NULL.
            let status = unsafe {
                read(
                    self.text[at..].as_ptr().cast(),
                    self.text.len() - at,
                    board.as_mut_ptr().cast(),
                    std::ptr::null_mut(),
                    &mut info,
                )
            };
            sum += status as u64 + info.consumed as u64;
            if status != sudoku_status::SUDOKU_OK {
                continue;
            }
            sum += match mode {
                Mode::First => {
                    // SAFETY: `board` is 81 readable and writable bytes.
                    let s = unsafe { solve(board.as_mut_ptr().cast()) };
                    s as u64 + u64::from(board[CELLS - 1])
                }
                Mode::Count2 => {
                    let mut count = 0u64;
                    // SAFETY: 81 readable bytes and a writable u64.
                    let s = unsafe { count_solutions(board.as_ptr().cast(), 2, &mut count) };
                    s as u64 + count
                }
            };
        }
        sum
    }
}

type SolveCandidatesFn = unsafe extern "C" fn(*const u16, *mut c_char) -> sudoku_status;
type CountCandidatesFn = unsafe extern "C" fn(*const u16, u64, *mut u64) -> sudoku_status;

/// The label of [`CAbiCandidates`], which the report compares with [`CAbi`]'s.
pub const CANDIDATES_LABEL: &str = "ours, C ABI, candidates from givens";
/// The label of [`CAbi`].
pub const C_ABI_LABEL: &str = "ours, C ABI";

/// libsudoku through `sudoku_solve_candidates` / `sudoku_count_solutions_candidates` on each
/// puzzle as a candidate puzzle: its givens' digits alone, every digit in a blank (made before
/// timing, as a caller holding pencilmarks has them). Issue 12 wants it within 10% of the plain
/// C ABI path on the same puzzles (the ratio of the report's candidates table).
pub struct CAbiCandidates {
    masks: Vec<[u16; CELLS]>,
}

impl SolverPath for CAbiCandidates {
    fn label(&self) -> &'static str {
        CANDIDATES_LABEL
    }
    fn is_ours(&self) -> bool {
        true
    }
    fn prepare(&mut self, set: &PuzzleSet) {
        self.masks = (0..set.len())
            .map(|i| {
                set.bytes(i).map(|b| match b {
                    b'1'..=b'9' => 1 << (b - b'1'),
                    _ => 0x1FF,
                })
            })
            .collect();
    }
    fn run(&self, _set: &PuzzleSet, range: Range<usize>, mode: Mode) -> u64 {
        // Opaque function pointers, as in `CAbi`.
        let mut sum = 0u64;
        match mode {
            Mode::First => {
                let solve: SolveCandidatesFn = black_box(sudoku::ffi::sudoku_solve_candidates);
                for masks in &self.masks[range] {
                    let mut solution = [0u8; CELLS];
                    // SAFETY: 81 readable masks and 81 writable bytes.
                    let status = unsafe { solve(masks.as_ptr(), solution.as_mut_ptr().cast()) };
                    sum += status as u64 + u64::from(solution[CELLS - 1]);
                }
            }
            Mode::Count2 => {
                let count_solutions: CountCandidatesFn =
                    black_box(sudoku::ffi::sudoku_count_solutions_candidates);
                for masks in &self.masks[range] {
                    let mut count = 0u64;
                    // SAFETY: 81 readable masks and a writable u64.
                    let status = unsafe { count_solutions(masks.as_ptr(), 2, &mut count) };
                    sum += status as u64 + count;
                }
            }
        }
        sum
    }
}

/// libsudoku's Rust API on a board parsed per puzzle (`Board::parse`, then `sudoku::solve` or
/// `sudoku::count_solutions`): the C ABI's work without the C boundary.
pub struct RustApi;

impl SolverPath for RustApi {
    fn label(&self) -> &'static str {
        "ours, Rust API"
    }
    fn is_ours(&self) -> bool {
        true
    }
    fn run(&self, set: &PuzzleSet, range: Range<usize>, mode: Mode) -> u64 {
        let mut sum = 0u64;
        for i in range {
            sum += match Board::parse(set.bytes(i)) {
                Ok(board) => solve_board(&board, mode),
                Err(_) => 1,
            };
        }
        sum
    }
}

/// libsudoku's Rust API on boards parsed before timing: the solver alone.
pub struct RustApiPreParsed {
    boards: Vec<Option<Board>>,
}

impl SolverPath for RustApiPreParsed {
    fn label(&self) -> &'static str {
        "ours, Rust API, pre-parsed"
    }
    fn is_ours(&self) -> bool {
        true
    }
    fn prepare(&mut self, set: &PuzzleSet) {
        self.boards = (0..set.len())
            .map(|i| Board::parse(set.bytes(i)).ok())
            .collect();
    }
    fn run(&self, _set: &PuzzleSet, range: Range<usize>, mode: Mode) -> u64 {
        let mut sum = 0u64;
        for board in &self.boards[range] {
            sum += match board {
                Some(board) => solve_board(black_box(board), mode),
                None => 1,
            };
        }
        sum
    }
}

#[inline]
fn solve_board(board: &Board, mode: Mode) -> u64 {
    match mode {
        Mode::First => match sudoku::solve(board) {
            Ok(solution) => u64::from(solution.get(CELLS - 1)),
            Err(_) => 1,
        },
        Mode::Count2 => sudoku::count_solutions(board, 2),
    }
}

/// The `sudoku` crate 0.8, parsing each puzzle from its line (`Sudoku::from_str_line`), then
/// `some_solution` or `solutions_count_up_to(2)`.
pub struct Peer;

impl SolverPath for Peer {
    fn label(&self) -> &'static str {
        "peer: `sudoku` 0.8"
    }
    fn is_ours(&self) -> bool {
        false
    }
    fn run(&self, set: &PuzzleSet, range: Range<usize>, mode: Mode) -> u64 {
        let mut sum = 0u64;
        for i in range {
            let Ok(puzzle) = PeerSudoku::from_str_line(set.line(i)) else {
                sum += 1;
                continue;
            };
            sum += match mode {
                Mode::First => puzzle
                    .some_solution()
                    .map_or(1, |solution| u64::from(solution.to_bytes()[CELLS - 1])),
                Mode::Count2 => puzzle.solutions_count_up_to(2) as u64,
            };
        }
        sum
    }
}
