//! The solver: band bitboards with propagation, then depth-first guessing.
//!
//! Each search node propagates to a fixed point (`state`), then guesses on a cell with the fewest
//! candidates (a bivalue cell when there is one), trying each digit on a copy of the state. The
//! last digit of a guess reuses the current state, so a node costs one copy per extra branch and
//! nothing is ever undone. No heap allocation: a solve is one recursion, a level per guess (so at
//! most 81 levels, and in practice under 30), each frame about 0.4 KiB in the optimized x86-64 build
//! (the 192-byte copy of the state for the branch, and the kernel's locals; the state itself is
//! the caller's), after an entry frame of about 0.9 KiB that parses the board: at most about
//! 35 KiB of stack.
//!
//! The search is compiled several times ([`Kernel`]): a portable build, and on x86-64 builds for
//! AVX2 (with BMI1/2, LZCNT, POPCNT) and for AVX-512. The AVX2 build is picked at run time with
//! `is_x86_feature_detected!` when the CPU has it (see [`Kernel::detect`]). All kernels run the
//! same code and give identical results.

mod lanes;
mod matching;
mod state;
mod tables;
mod text;

use crate::board::Board;
use crate::error::Error;
use state::State;

/// What a search found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchResult {
    /// Solutions found, at most the limit given.
    pub count: u64,
    /// The first solution found, if any.
    pub solution: Option<Board>,
    /// Guesses made (search nodes that branched); 0 when propagation alone solved the puzzle.
    pub guesses: u64,
}

/// One compiled variant of the search. [`Kernel::detect`] picks the one to use on this CPU.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kernel {
    /// Baseline instructions of the target (SSE2 on x86-64); runs everywhere.
    Portable,
    /// x86-64 with AVX2, BMI1, BMI2, LZCNT and POPCNT.
    Avx2,
    /// x86-64 with the above and AVX-512 F, BW, DQ and VL.
    Avx512,
}

impl Kernel {
    /// Every kernel, supported here or not.
    pub const ALL: [Kernel; 3] = [Kernel::Portable, Kernel::Avx2, Kernel::Avx512];

    /// Whether this CPU can run the kernel.
    pub fn is_supported(self) -> bool {
        match self {
            Kernel::Portable => true,
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2 => {
                is_x86_feature_detected!("avx2")
                    && is_x86_feature_detected!("bmi1")
                    && is_x86_feature_detected!("bmi2")
                    && is_x86_feature_detected!("lzcnt")
                    && is_x86_feature_detected!("popcnt")
            }
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx512 => {
                Kernel::Avx2.is_supported()
                    && is_x86_feature_detected!("avx512f")
                    && is_x86_feature_detected!("avx512bw")
                    && is_x86_feature_detected!("avx512dq")
                    && is_x86_feature_detected!("avx512vl")
            }
            #[cfg(not(target_arch = "x86_64"))]
            _ => false,
        }
    }

    /// The kernel to use on this CPU: AVX2 where supported, else portable. (std caches the CPU
    /// feature test, so this is cheap enough to call per solve and keeps the library free of
    /// global state of its own.)
    ///
    /// The AVX-512 kernel is never picked: on this project's benchmark machine (Xeon with AVX2
    /// and AVX-512) it ran 3-15% slower than the AVX2 kernel on every data set, since the state
    /// is only 192 bytes and wider registers buy nothing. It stays available to
    /// [`search_with`] for comparison and is tested like the others.
    pub fn detect() -> Kernel {
        if Kernel::Avx2.is_supported() {
            Kernel::Avx2
        } else {
            Kernel::Portable
        }
    }
}

struct Search {
    limit: u64,
    /// Guesses after which every node also runs the house-matching test (`matching`).
    hall_after: u64,
    outcome: Outcome,
}

/// What a kernel run found: a [`SearchResult`] whose first solution is still a state, so that
/// it is turned into bytes once, in the form the caller wants (a `Board`, or text).
struct Outcome {
    count: u64,
    guesses: u64,
    first: Option<State>,
}

impl Outcome {
    fn into_result(self) -> SearchResult {
        SearchResult {
            count: self.count,
            solution: self.first.map(|s| s.board()),
            guesses: self.guesses,
        }
    }

    /// The first solution found. Errors: [`Error::NoSolution`].
    fn first(self) -> Result<State, Error> {
        self.first.ok_or(Error::NoSolution)
    }

    /// The solution of a search run at limit 2, if it found exactly one. Errors:
    /// [`Error::NoSolution`], or [`Error::MultipleSolutions`] when it found two.
    fn unique(self) -> Result<State, Error> {
        match (self.count, self.first) {
            (1, Some(solution)) => Ok(solution),
            (0, _) => Err(Error::NoSolution),
            _ => Err(Error::MultipleSolutions),
        }
    }
}

/// Guesses after which the search also tests every node for houses that can no longer be
/// filled (`State::houses_can_be_filled`). Almost every puzzle finishes long before (the hardest
/// data set averages under 100 guesses), so it costs them nothing; the few sparse boards that
/// make a search thrash (a contradiction near the root that singles cannot see) are cut short.
pub const HALL_CHECK_AFTER: u64 = 1000;

impl Search {
    fn new(limit: u64, hall_after: u64) -> Search {
        Search {
            limit: limit.max(1),
            hall_after,
            outcome: Outcome {
                count: 0,
                guesses: 0,
                first: None,
            },
        }
    }

    /// Records a solved state.
    #[inline(always)]
    fn found(&mut self, state: &State) {
        self.outcome.count += 1;
        if self.outcome.first.is_none() {
            self.outcome.first = Some(*state);
        }
    }
}

/// Where a search starts: a validated board, or text that the kernel parses itself (so that the
/// parse too is built with the kernel's CPU features: 1-2% of a solve on the serg set).
enum Start<'a> {
    Board(&'a Board),
    Text(&'a [u8; crate::CELLS]),
}

impl Start<'_> {
    /// The state after placing the givens. Errors: as [`State::from_text`] for text.
    #[inline(always)]
    fn state(&self) -> Result<State, Error> {
        match self {
            Start::Board(board) => Ok(State::from_board(board)),
            Start::Text(text) => State::from_text(text),
        }
    }
}

/// Defines one kernel: the entry `$entry` (build the state from a [`Start`], then search) and the
/// recursive search `$name`, compiled with the given target features. Everything they call on
/// `State` is `#[inline(always)]`, so all of it is built for those features.
macro_rules! kernel {
    ($entry:ident, $name:ident $(, $features:literal)?) => {
        $(#[target_feature(enable = $features)])?
        unsafe fn $entry(start: &Start, limit: u64, hall_after: u64) -> Result<Outcome, Error> {
            let mut state = start.state()?;
            let mut search = Search::new(limit, hall_after);
            // SAFETY: the same kernel, so the CPU supports its features.
            unsafe { $name(&mut search, &mut state) };
            Ok(search.outcome)
        }


        $(#[target_feature(enable = $features)])?
        unsafe fn $name(search: &mut Search, state: &mut State) {
            loop {
                if state.propagate().is_err() {
                    return;
                }
                if state.is_solved() {
                    search.found(state);
                    return;
                }
                if search.outcome.guesses >= search.hall_after && !state.houses_can_be_filled() {
                    return;
                }
                let guess = state.choose_guess();
                search.outcome.guesses += 1;
                let mut digits = guess.digits;
                while digits & (digits - 1) != 0 {
                    let d = if guess.high_first {
                        31 - digits.leading_zeros() as usize
                    } else {
                        digits.trailing_zeros() as usize
                    };
                    digits &= !(1 << d);
                    let mut branch = *state;
                    branch.place_guess(&guess, d);
                    // SAFETY: the same kernel, so the CPU supports its features.
                    unsafe { $name(search, &mut branch) };
                    if search.outcome.count >= search.limit {
                        return;
                    }
                    state.exclude_guess(&guess, d);
                }
                // The last digit: continue in place of a recursive call.
                state.place_guess(&guess, digits.trailing_zeros() as usize);
            }
        }
    };
}

kernel!(start_portable, run_portable);
#[cfg(target_arch = "x86_64")]
kernel!(start_avx2, run_avx2, "avx2,bmi1,bmi2,lzcnt,popcnt");
#[cfg(target_arch = "x86_64")]
kernel!(
    start_avx512,
    run_avx512,
    "avx2,bmi1,bmi2,lzcnt,popcnt,avx512f,avx512bw,avx512dq,avx512vl"
);

/// Searches with a chosen kernel; `None` when the CPU does not support it. For tests and
/// benchmarks that compare kernels; [`search`] uses [`Kernel::detect`].
pub fn search_with(kernel: Kernel, board: &Board, limit: u64) -> Option<SearchResult> {
    run(kernel, board, limit, HALL_CHECK_AFTER)
}

/// As [`search_with`] on a text board (81 bytes, row-major, parsed inside the kernel as by
/// [`search_text`]); `None` when the CPU does not support the kernel. For tests that force each
/// kernel's parse.
///
/// Errors (inside the `Some`): as [`search_text`].
pub fn search_text_with(
    kernel: Kernel,
    text: &[u8; crate::CELLS],
    limit: u64,
) -> Option<Result<SearchResult, Error>> {
    if !kernel.is_supported() {
        return None;
    }
    // SAFETY: just checked.
    let outcome = unsafe { run_supported(kernel, &Start::Text(text), limit, HALL_CHECK_AFTER) };
    Some(outcome.map(Outcome::into_result))
}

/// As [`search_with`], but the house-matching test starts after `hall_after` guesses instead of
/// [`HALL_CHECK_AFTER`] (0: at every node), so tests can show it never changes an answer.
pub fn search_with_hall_check_after(
    kernel: Kernel,
    board: &Board,
    limit: u64,
    hall_after: u64,
) -> Option<SearchResult> {
    run(kernel, board, limit, hall_after)
}

/// Runs the search from a valid board with a chosen kernel; `None` when the CPU lacks the kernel.
fn run(kernel: Kernel, board: &Board, limit: u64, hall_after: u64) -> Option<SearchResult> {
    if !kernel.is_supported() {
        return None;
    }
    // SAFETY: just checked.
    Some(unsafe { run_board(kernel, board, limit, hall_after) }.into_result())
}

/// Searches a valid board. A board start has no error to return: a `Board` is valid by
/// construction, so placing its givens cannot fail.
///
/// # Safety
/// The CPU must support `kernel` (`Kernel::is_supported`).
unsafe fn run_board(kernel: Kernel, board: &Board, limit: u64, hall_after: u64) -> Outcome {
    // SAFETY: the caller's guarantee.
    match unsafe { run_supported(kernel, &Start::Board(board), limit, hall_after) } {
        Ok(outcome) => outcome,
        Err(_) => unreachable!("State::from_board never fails"),
    }
}

/// Builds the state from `start` and searches it with `kernel`. Errors: as [`Start::state`].
///
/// # Safety
/// The CPU must support `kernel` (`Kernel::is_supported`).
unsafe fn run_supported(
    kernel: Kernel,
    start: &Start,
    limit: u64,
    hall_after: u64,
) -> Result<Outcome, Error> {
    match kernel {
        // SAFETY: the portable kernel needs no CPU feature.
        Kernel::Portable => unsafe { start_portable(start, limit, hall_after) },
        // SAFETY: the caller guarantees every feature the kernel is compiled for.
        #[cfg(target_arch = "x86_64")]
        Kernel::Avx2 => unsafe { start_avx2(start, limit, hall_after) },
        // SAFETY: as above.
        #[cfg(target_arch = "x86_64")]
        Kernel::Avx512 => unsafe { start_avx512(start, limit, hall_after) },
        // Other targets support only the portable kernel, so no other can reach here.
        // SAFETY: the portable kernel needs no CPU feature.
        #[cfg(not(target_arch = "x86_64"))]
        _ => unsafe { start_portable(start, limit, hall_after) },
    }
}

/// Searches for solutions of `board`, stopping once `limit` have been found.
///
/// `limit` 0 is treated as 1. Returns the number found (at most `limit`), the first solution and
/// how many guesses were made. Uses the [`Kernel`] that [`Kernel::detect`] picks.
pub fn search(board: &Board, limit: u64) -> SearchResult {
    search_board(board, limit).into_result()
}

/// As [`search`], with the first solution left as a state.
fn search_board(board: &Board, limit: u64) -> Outcome {
    // SAFETY: `detect` returns a kernel this CPU supports (so this skips `run`'s second look at
    // the CPU features: a few dozen instructions a puzzle).
    unsafe { run_board(Kernel::detect(), board, limit, HALL_CHECK_AFTER) }
}

/// Parses a text board (81 bytes, row-major, `'1'`-`'9'` givens, `'.'` or `'0'` blanks) and
/// searches it, stopping once `limit` solutions have been found: the fast path of the C API,
/// which builds the search state directly from the bytes.
///
/// Errors: [`Error::InvalidCharacter`] or [`Error::ConflictingGivens`], exactly as
/// [`Board::parse`] reports them. `limit` 0 is treated as 1.
pub fn search_text(text: &[u8; crate::CELLS], limit: u64) -> Result<SearchResult, Error> {
    search_text_raw(text, limit).map(Outcome::into_result)
}

/// As [`search_text`], with the first solution left as a state.
fn search_text_raw(text: &[u8; crate::CELLS], limit: u64) -> Result<Outcome, Error> {
    // SAFETY: as in `search_board`.
    unsafe {
        run_supported(
            Kernel::detect(),
            &Start::Text(text),
            limit,
            HALL_CHECK_AFTER,
        )
    }
}

/// Finds a solution of `board` (the first one the search meets).
///
/// Errors: [`Error::NoSolution`].
pub fn solve(board: &Board) -> Result<Board, Error> {
    search_board(board, 1).first().map(|s| s.board())
}

/// Finds the solution of `board` if it has exactly one.
///
/// Errors: [`Error::NoSolution`], or [`Error::MultipleSolutions`] when there are two or more.
pub fn solve_unique(board: &Board) -> Result<Board, Error> {
    search_board(board, 2).unique().map(|s| s.board())
}

/// [`solve`] on a text board (81 bytes, row-major), parsed as by [`search_text`].
///
/// Errors: [`Error::InvalidCharacter`], [`Error::ConflictingGivens`] or [`Error::NoSolution`].
pub fn solve_text(text: &[u8; crate::CELLS]) -> Result<Board, Error> {
    search_text_raw(text, 1)?.first().map(|s| s.board())
}

/// [`solve_unique`] on a text board (81 bytes, row-major), parsed as by [`search_text`].
///
/// Errors: [`Error::InvalidCharacter`], [`Error::ConflictingGivens`], [`Error::NoSolution`] or
/// [`Error::MultipleSolutions`].
pub fn solve_unique_text(text: &[u8; crate::CELLS]) -> Result<Board, Error> {
    search_text_raw(text, 2)?.unique().map(|s| s.board())
}

/// [`solve_text`] in place: parses `board` (81 bytes, row-major, as for [`search_text`]) and
/// overwrites it with the solution as text (`'1'`-`'9'`), with no intermediate copy: the C API's
/// path. `board` is written only on success and left untouched on any error.
///
/// Errors: as [`solve_text`].
pub fn solve_text_in_place(board: &mut [u8; crate::CELLS]) -> Result<(), Error> {
    search_text_raw(board, 1)?.first()?.write_text(board);
    Ok(())
}

/// [`solve_unique_text`] in place, as [`solve_text_in_place`]: `board` is overwritten with the
/// unique solution as text, only on success.
///
/// Errors: as [`solve_unique_text`].
pub fn solve_unique_text_in_place(board: &mut [u8; crate::CELLS]) -> Result<(), Error> {
    search_text_raw(board, 2)?.unique()?.write_text(board);
    Ok(())
}

/// Counts the solutions of a text board (81 bytes, row-major, parsed as by [`search_text`]),
/// stopping at `limit` (0 is treated as 1); no solution is written out.
///
/// Errors: [`Error::InvalidCharacter`] or [`Error::ConflictingGivens`].
pub fn count_solutions_text(text: &[u8; crate::CELLS], limit: u64) -> Result<u64, Error> {
    Ok(search_text_raw(text, limit)?.count)
}

/// Counts the solutions of `board`, stopping at `limit` (so the result is at most `limit`).
/// A `limit` of 0 returns 0.
pub fn count_solutions(board: &Board, limit: u64) -> u64 {
    if limit == 0 {
        return 0;
    }
    search_board(board, limit).count
}
