//! The search kernels: the depth-first search compiled once per instruction set ([`Kernel`]),
//! and the dispatch to the one this CPU runs. See `docs/solver.md`.
//!
//! A search node propagates to a fixed point (`State::propagate`), then guesses on a bivalue
//! cell (`State::choose_guess`: the most unsolved peers plus the cell's activity; the ordered
//! listing takes the first open cell, and the generator's removal searches and a dense puzzle's
//! search until its first failure the first bivalue cell, `Search::straight`),
//! trying each digit on a copy of the state; the last digit reuses the
//! state itself, so nothing is ever undone. A solve is one recursion, a level per guess, with no
//! heap allocation.

use super::state::{digit_index, Contradiction, State};
use super::template;
use super::{Mode, Outcome, Start};
use crate::error::Error;
use crate::geometry::CELLS;

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

    /// The kernel to use on this CPU: AVX2 where supported, else portable. std caches the CPU
    /// feature test, so this is cheap enough to call per solve and keeps the library free of
    /// global state of its own.
    ///
    /// AVX-512 is never picked: it measured slower than AVX2 here (the state is too small for
    /// wider registers to help; see `docs/performance.md`). It stays available to the test
    /// hooks (`solver::hooks::search_with`) and is tested like the others.
    pub fn detect() -> Kernel {
        if Kernel::Avx2.is_supported() {
            Kernel::Avx2
        } else {
            Kernel::Portable
        }
    }
}

/// Guesses without a solution (since the start, or since the last solution found) after which
/// every search node also runs the house matching filter (`State::filter_houses`, see
/// `matching`), until the next solution. Almost every puzzle is solved long before (the hardest
/// data set averages under 100 guesses), so it costs them nothing; the few sparse boards that
/// make a search thrash (a contradiction near the root that singles cannot see) are cut short.
/// Counting from the last solution keeps the filter off while a count of many solutions finds
/// them steadily: with the count over the whole search, counting 100,000 solutions of each of
/// twenty 17-clue puzzles less two givens took 17 times as long as without the filter.
pub const MATCHING_CHECK_AFTER_GUESSES: u64 = 1000;

/// The longest pause of the house matching filter, in search nodes. Once it runs, a pass that
/// removes nothing doubles the pause (one node at first) and the filter skips that many nodes;
/// a node that it refutes, by itself or through the propagation of what it removed, halves the
/// pause, and the next node runs it again. A pass costs as much as several nodes, so where it
/// seldom refutes (dense random candidate puzzles with thousands of guesses) it runs at a few
/// percent of the nodes, and those searches take about the time they take without it, where
/// a pass at every node made some 12 times slower (docs/performance.md). Below a trap's
/// faulty node (a contradiction that only the filter sees) every pass refutes, so the filter
/// runs at every node there and the search still ends at once; a search that enters such a
/// branch during a pause goes at most this many nodes unfiltered.
pub(super) const HOUSE_FILTER_MAX_PAUSE: u32 = 64;

/// Guesses without a solution (since the start, or since the last solution found) after which
/// each search node also runs the digit template filter (`State::filter_templates`, see
/// `template`) once, after its propagation and before its guess. The filter removes every
/// candidate that no template of its digit uses (one cell in every row, column and box), which
/// singles and locked candidates do not see; about 0.13 µs a pass for the nine digits with
/// AVX2, a third of a node. A search that has not failed a few times yet is on an easy puzzle,
/// where the pass costs more than the guesses it saves: with 4, forum_hardest takes a third
/// less time than without the filter, top1465 the same, and the easier data sets seldom reach
/// it (of 0, 2, 4 and 8, docs/performance.md).
pub const TEMPLATES_AFTER_GUESSES: u64 = 4;

/// When the search's two filters start, in guesses without a solution (since the start, or
/// since the last solution found): the default is [`Filters::default`]; tests move them to show
/// that they never change an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Filters {
    /// For the digit template filter, once a node ([`TEMPLATES_AFTER_GUESSES`] by default).
    pub templates_after: u64,
    /// For the house matching filter, at every node ([`MATCHING_CHECK_AFTER_GUESSES`]).
    pub matching_after: u64,
}

impl Default for Filters {
    /// The search's own thresholds.
    fn default() -> Filters {
        Filters {
            templates_after: TEMPLATES_AFTER_GUESSES,
            matching_after: MATCHING_CHECK_AFTER_GUESSES,
        }
    }
}

impl Filters {
    /// Both filters from the first node.
    pub fn from_start() -> Filters {
        Filters {
            templates_after: 0,
            matching_after: 0,
        }
    }

    /// Neither filter, ever.
    pub fn never() -> Filters {
        Filters {
            templates_after: u64::MAX,
            matching_after: u64::MAX,
        }
    }
}

/// What a search does with each solution it finds besides counting it. The plain modes use
/// [`Discard`], which compiles away; listing writes the solutions out (`list`).
pub(super) trait Sink {
    /// Sees the solution found `index`-th (from 0), in a solved state.
    fn solution(&mut self, index: u64, state: &State);
}

/// The sink of the plain modes: keeps nothing (the outcome keeps the first solution).
pub(super) struct Discard;

impl Sink for Discard {
    #[inline(always)]
    fn solution(&mut self, _: u64, _: &State) {}
}

impl<T: Sink + ?Sized> Sink for &mut T {
    #[inline(always)]
    fn solution(&mut self, index: u64, state: &State) {
        (**self).solution(index, state);
    }
}

/// Activity added to a cell where propagation ran out of candidates (`State::first_empty_cell`).
const EMPTY_CELL_BUMP: u8 = 2;
/// Activity added to a guessed cell when one of its branches held no solution (for the last
/// branch, which goes on in place of a recursive call, when its propagation fails at once).
const FAILED_GUESS_BUMP: u8 = 1;
/// A puzzle with more givens than this is *dense*: until its search first fails, it goes
/// straight down as the generator's removal searches do (see `Search::straight`). Minimal
/// puzzles seldom have more than 30 givens (random minimal puzzles have 20-30; of the 48,766
/// forum_hardest puzzles, one has more than 26), so a puzzle with more is mostly an easy one or
/// one of many solutions (the serg benchmark's have 34-35), whose search seldom fails a branch.
const DENSE_GIVENS: u32 = 30;
/// Activity bumps (about four failed branches) after which a dense puzzle's search with no
/// solution found yet starts again from the root with the full search (`Search::restart`).
/// Straight mode chose the guesses at the top of the tree, and a tree whose top was chosen badly
/// can take many times the guesses to refute (up to 2^k for k independent two-way choices
/// guessed above an unsolvable core): on 48 dense boards without solution, built by a review to
/// fail late (`tests/data/solver/dense_no_solution.txt`), 30.0 guesses a board against 14.7
/// before straight mode, and 8 times as many on one board (120 against 15); restarting after 8
/// bumps, 17.4 a board, at most 1.8 times on boards that needed 10 or more (27 against 15), at a
/// cost of 0.2% of serg's instructions (docs/performance.md).
const RESTART_AFTER_BUMPS: u32 = 8;
/// Failed propagations of the ordered search (since its last solution) after which it checks,
/// before going on at a node, that the node has a solution at all (`Search::witness`). The
/// ordered guess takes the lowest open cell, so a wrong digit high in the tree can leave a
/// contradiction that only the last rows show, and the ordered search would refute it cell by
/// cell: a fuzzed sparse board of 11 givens took 31 s to list 2 solutions (its first rows empty,
/// its givens below). A node's check is the fast search (`Mode::First`), which finds such a
/// contradiction in microseconds or returns a solution that, kept as the witness, spares the
/// checks of the nodes below that it fits. Puzzles with many solutions seldom fail, so the
/// plain ordered search keeps its speed on them (docs/solver.md, section 9).
const ORDERED_CHECK_AFTER_FAILURES: u32 = 16;
/// The most activity a cell gathers: enough to outweigh a few unsolved peers, not to make the
/// guess ignore them (8 measured best of 2-100 on the hardest data sets).
const ACTIVITY_MAX: u8 = 8;

/// A search under way: what it looks for, what it found so far, and where it failed.
struct Search<S> {
    /// Solutions after which the search stops (at least 1).
    limit: u64,
    /// When the filters start (guesses without a solution).
    filters: Filters,
    /// `outcome.guesses` when the last solution was found (0 before the first).
    guesses_at_solution: u64,
    outcome: Outcome,
    sink: S,
    /// Per cell (row-major), how often the search failed there, capped at `ACTIVITY_MAX`: the
    /// cell's weight in the choice of a guess (`State::choose_guess`). A cell that emptied or
    /// whose guess failed in one part of the tree is likely to decide other parts too, so
    /// guessing on it again refutes them sooner. This is the idea of conflict-driven weights in
    /// constraint solving (dom/wdeg: F. Boussemart, F. Hemery, C. Lecoutre, L. Sais, "Boosting
    /// systematic search by weighting constraints", ECAI 2004; VSIDS in SAT solvers), kept
    /// per cell and added to the degree: 14% fewer guesses on the hardest data set in count
    /// mode (docs/solver.md, section 4).
    activity: [u8; CELLS],
    /// Whether any cell has activity yet; until then the guess skips the weights (most puzzles
    /// never fail a branch).
    weighted: bool,
    /// Whether the search still goes straight down: the puzzle is dense (more than
    /// `DENSE_GIVENS` givens; from a candidate puzzle, cells with one candidate) and no branch
    /// has failed yet (nothing bumped; a node cut by the house matching filter, after 1000
    /// guesses, bumps nothing, which changes only the path). Such a search
    /// propagates without the stack step and guesses on the first bivalue cell, as the removal
    /// searches do (its roomier digit first, `State::roomier_first_guess`): on a puzzle with
    /// many solutions the search nearly always goes straight to one, and the step and the
    /// scored guess cost more than they save there (serg: 15-17% fewer instructions, 11-12%
    /// less time; docs/performance.md). The first failure turns both back on for the rest of
    /// the search.
    straight: bool,
    /// Bumps left before a search that started straight and has found no solution starts
    /// again from the root (`RESTART_AFTER_BUMPS` at the start of a dense puzzle's search, 0
    /// for any other: never).
    bumps_to_restart: u32,
    /// Set when the search must unwind to the root and start again in full (see
    /// `RESTART_AFTER_BUMPS`); no solution has been seen by then, so none is counted twice.
    restart: bool,
    /// The ordered search's failed propagations since its last solution (see
    /// `ORDERED_CHECK_AFTER_FAILURES`); the other searches leave it at 0.
    failures: u32,
    /// A solution of the node the ordered search last checked (see
    /// `ORDERED_CHECK_AFTER_FAILURES`): a node whose candidates still hold all of it has a
    /// solution, with no check.
    witness: Option<State>,
    /// Nodes the house matching filter still skips, and the length of its pause (doubled by a
    /// fruitless pass, halved by a node it refutes; see [`HOUSE_FILTER_MAX_PAUSE`]).
    house_wait: u32,
    house_pause: u32,
}

impl<S: Sink> Search<S> {
    fn new(mode: Mode, filters: Filters, sink: S) -> Search<S> {
        Search {
            limit: mode.limit(),
            filters,
            guesses_at_solution: 0,
            outcome: Outcome {
                count: 0,
                guesses: 0,
                house_passes: 0,
                first: None,
                mode,
            },
            sink,
            activity: [0; CELLS],
            weighted: false,
            straight: false,
            bumps_to_restart: 0,
            restart: false,
            failures: 0,
            witness: None,
            house_wait: 0,
            house_pause: 0,
        }
    }

    /// Adds `by` to the activity of `cell` (0-80), up to `ACTIVITY_MAX`.
    #[inline(always)]
    fn bump(&mut self, cell: usize, by: u8) {
        self.activity[cell] = (self.activity[cell] + by).min(ACTIVITY_MAX);
        self.weighted = true;
        self.straight = false;
        if self.bumps_to_restart > 0 {
            self.bumps_to_restart -= 1;
            self.restart = self.bumps_to_restart == 0 && self.outcome.count == 0;
        }
    }

    /// Records a solved state.
    #[inline(always)]
    fn found(&mut self, state: &State) {
        self.sink.solution(self.outcome.count, state);
        self.outcome.count += 1;
        self.failures = 0;
        self.guesses_at_solution = self.outcome.guesses;
        // The filters stop until the next fruitless stretch, which starts with no pause.
        self.house_wait = 0;
        self.house_pause = 0;
        if self.outcome.first.is_none() {
            self.outcome.first = Some(*state);
        }
    }
}

/// Defines one kernel: the entry `$entry` (build the state from a [`Start`], then search) and the
/// recursive search `$name`, compiled with the given target features. Everything they call on
/// `State` is `#[inline(always)]`, so all of it is built for those features (the text parse of a
/// [`Start::Text`] included).
///
/// Both are generic: `IN_ORDER` picks the guess (`State::choose_guess`, the fast one, or
/// `State::first_open_guess`, which finds solutions in lexicographic order) and `S` is the
/// [`Sink`] that sees each solution. Both are fixed at compile time, so the plain modes
/// (`IN_ORDER = false`, [`Discard`]) compile to the search without them. The search `$name`
/// also takes `REMOVAL`, true only for the generator's removal searches (`removal_kernel!`):
/// they propagate without the stack step (`State::propagate`) and guess on the first bivalue
/// cell (`State::first_bivalue_guess`), as such a search nearly always goes straight down. A
/// solve of a dense puzzle does the same until its first failure (`Search::straight`).
/// `$check` is the ordered search's check that a node has a solution at all
/// (`ORDERED_CHECK_AFTER_FAILURES`), by the fast search of the same kernel. `$templates` finds
/// the cells each digit's templates use, for the template filter (`TEMPLATES_AFTER_GUESSES`):
/// `template::template_cells_x8`, eight digits in AVX2 lanes, in the kernels built with AVX2,
/// and `template::template_cells_each`, one digit at a time, in the portable one. Both give
/// the same cells, so every kernel makes the same guesses. `$houses` is the kernel's late
/// filter (`MATCHING_CHECK_AFTER_GUESSES`): the houses, then the templates by `$templates`.
macro_rules! kernel {
    ($entry:ident, $name:ident, $check:ident, $houses:ident, $templates:path $(, $features:literal)?) => {
        /// The late filter (`MATCHING_CHECK_AFTER_GUESSES`): each house (`State::filter_houses`),
        /// then each digit on the whole board, whose candidate cells must hold a template (one
        /// cell in every row, column and box), a candidate no template uses going (this covers
        /// every fish too). Built with the kernel's features, and with its own template function,
        /// but kept out of the search's own code, which it would make larger for a step that
        /// only long searches take. Returns whether it removed anything.
        $(#[target_feature(enable = $features)])?
        #[inline(never)]
        unsafe fn $houses(state: &mut State) -> Result<bool, Contradiction> {
            let removed = state.filter_houses()?;
            // SAFETY: the same kernel, so the CPU supports its features (the portable
            // kernel's function is safe, hence the `allow`).
            #[allow(unused_unsafe)]
            let kept = unsafe { $templates(state.candidates()) };
            Ok(state.filter_templates(&kept)? | removed)
        }

        /// For the ordered search: whether `state` may still have a solution. Once the search
        /// has failed `ORDERED_CHECK_AFTER_FAILURES` times since its last solution, a state that
        /// the witness does not fit is searched by the fast search (`Mode::First`); a solution
        /// it finds becomes the witness, and none means the state has none (false).
        $(#[target_feature(enable = $features)])?
        unsafe fn $check<S: Sink>(search: &mut Search<S>, state: &State) -> bool {
            if search.failures < ORDERED_CHECK_AFTER_FAILURES
                || search.witness.as_ref().is_some_and(|w| state.admits(w))
            {
                return true;
            }
            let mut probe = *state;
            let mut fast = Search::new(Mode::First, search.filters, Discard);
            // SAFETY: the same kernel, so the CPU supports its features.
            unsafe { $name::<false, Discard, false>(&mut fast, &mut probe) };
            search.outcome.guesses += fast.outcome.guesses;
            match fast.outcome.first {
                Some(solution) => {
                    search.witness = Some(solution);
                    true
                }
                None => false,
            }
        }

        $(#[target_feature(enable = $features)])?
        unsafe fn $entry<const IN_ORDER: bool, S: Sink>(
            start: &Start,
            mode: Mode,
            filters: Filters,
            sink: S,
        ) -> Result<Outcome, Error> {
            let mut state = start.state()?;
            let mut search = Search::new(mode, filters, sink);
            // The ordered guess gathers no activity, so it never leaves straight mode: it keeps
            // the full propagation.
            search.straight = !IN_ORDER && state.placed_cells().count_ones() > DENSE_GIVENS;
            if search.straight {
                search.bumps_to_restart = RESTART_AFTER_BUMPS;
            }
            let root = state;
            // SAFETY: the same kernel, so the CPU supports its features.
            unsafe { $name::<IN_ORDER, S, false>(&mut search, &mut state) };
            if search.restart {
                // Straight mode is off for good, and the guesses made so far stay counted. The
                // activity starts again too: learned under a badly chosen top of the tree, it
                // steered the new search worse (on the boards of `RESTART_AFTER_BUMPS`, 56
                // guesses against 24 on the worst).
                search.restart = false;
                search.activity = [0; CELLS];
                search.weighted = false;
                let mut state = root;
                // SAFETY: as above.
                unsafe { $name::<IN_ORDER, S, false>(&mut search, &mut state) };
            }
            Ok(search.outcome)
        }


        $(#[target_feature(enable = $features)])?
        unsafe fn $name<const IN_ORDER: bool, S: Sink, const REMOVAL: bool>(
            search: &mut Search<S>,
            state: &mut State,
        ) {
            // The cell whose last digit this node goes on with, once it does (81: none yet).
            let mut continued = CELLS;
            // Whether this node has run the template filter: once a node, as a second pass
            // after the propagation of the first one's eliminations saves few guesses for its
            // cost (forum_hardest 14.3 guesses against 15.1, in more time).
            let mut templated = false;
            // Whether the house filter removed candidates at this node (see
            // `HOUSE_FILTER_MAX_PAUSE`).
            let mut house_removed = false;
            loop {
                let propagated = if REMOVAL || search.straight {
                    state.propagate::<false>()
                } else {
                    state.propagate::<true>()
                };
                let fruitless = search.outcome.guesses - search.guesses_at_solution;
                let failed = match propagated {
                    Err(_) => true,
                    Ok(()) if state.is_solved() => {
                        search.found(state);
                        return;
                    }
                    // The removal searches and straight mode go straight down: the filter
                    // would not pay there.
                    Ok(()) if REMOVAL
                        || search.straight
                        || templated
                        || fruitless < search.filters.templates_after =>
                    {
                        false
                    }
                    Ok(()) => {
                        templated = true;
                        // SAFETY: the same kernel, so the CPU supports its features (the
                        // portable kernel's function is safe, hence the `allow`).
                        #[allow(unused_unsafe)]
                        let kept = unsafe { $templates(state.candidates()) };
                        match state.filter_templates(&kept) {
                            Err(_) => true,
                            // Propagate what the filter removed before going on.
                            Ok(true) => continue,
                            Ok(false) => false,
                        }
                    }
                };
                if failed {
                    // Refuted through what the house filter removed: the pass paid.
                    if house_removed {
                        search.house_pause /= 2;
                    }
                    if IN_ORDER {
                        search.failures = search.failures.saturating_add(1);
                    }
                    // Neither the ordered guess nor the removal search's reads activity, so
                    // they gather none.
                    if !IN_ORDER && !REMOVAL {
                        if let Some(cell) = state.first_empty_cell() {
                            search.bump(cell, EMPTY_CELL_BUMP);
                        }
                        if continued < CELLS {
                            search.bump(continued, FAILED_GUESS_BUMP);
                        }
                    }
                    return;
                }
                if fruitless >= search.filters.matching_after {
                    if search.house_wait > 0 {
                        search.house_wait -= 1;
                    } else {
                        search.outcome.house_passes += 1;
                        // SAFETY: the same kernel, so the CPU supports its features.
                        match unsafe { $houses(state) } {
                            Err(_) => {
                                search.house_pause /= 2;
                                return;
                            }
                            // Propagate what the filter removed before guessing; whether
                            // that pays shows when the node is refuted or comes back here
                            // (the next pass then finds nothing and doubles the pause).
                            Ok(true) => {
                                house_removed = true;
                                continue;
                            }
                            Ok(false) => {
                                search.house_pause =
                                    (2 * search.house_pause).clamp(1, HOUSE_FILTER_MAX_PAUSE);
                                search.house_wait = search.house_pause;
                            }
                        }
                    }
                }
                // SAFETY: the same kernel, so the CPU supports its features.
                if IN_ORDER && !unsafe { $check(search, state) } {
                    return;
                }
                let guess = if IN_ORDER {
                    state.first_open_guess()
                } else if REMOVAL {
                    state.first_bivalue_guess::<false>()
                } else if search.straight {
                    state.first_bivalue_guess::<true>()
                } else if search.weighted {
                    state.choose_guess::<true>(&search.activity)
                } else {
                    state.choose_guess::<false>(&search.activity)
                };
                search.outcome.guesses += 1;
                let mut digits = guess.digits;
                while digits & (digits - 1) != 0 {
                    let d = if guess.high_first {
                        31 - digits.leading_zeros() as usize
                    } else {
                        digits.trailing_zeros() as usize
                    };
                    digits &= !(1 << d);
                    let found_before = search.outcome.count;
                    let mut branch = *state;
                    branch.place_guess(&guess, d);
                    // SAFETY: the same kernel, so the CPU supports its features.
                    unsafe { $name::<IN_ORDER, S, REMOVAL>(search, &mut branch) };
                    if search.outcome.count >= search.limit || search.restart {
                        return;
                    }
                    if !IN_ORDER && !REMOVAL && search.outcome.count == found_before {
                        search.bump(guess.cell, FAILED_GUESS_BUMP);
                        if search.restart {
                            return;
                        }
                    }
                    state.exclude_guess(&guess, d);
                    // After a failed branch, the node's other digits may hold nothing either:
                    // a contradiction above this node unwinds one check a level.
                    // SAFETY: as above.
                    if IN_ORDER && search.outcome.count == found_before && !unsafe { $check(search, state) } {
                        return;
                    }
                }
                // The last digit: continue in place of a recursive call.
                state.place_guess(&guess, digits.trailing_zeros() as usize);
                continued = guess.cell;
                templated = false;
                house_removed = false;
            }
        }
    };
}

kernel!(
    start_portable,
    run_portable,
    check_portable,
    houses_portable,
    template::template_cells_each
);
#[cfg(target_arch = "x86_64")]
kernel!(
    start_avx2,
    run_avx2,
    check_avx2,
    houses_avx2,
    template::template_cells_x8,
    "avx2,bmi1,bmi2,lzcnt,popcnt"
);
#[cfg(target_arch = "x86_64")]
kernel!(
    start_avx512,
    run_avx512,
    check_avx512,
    houses_avx512,
    template::template_cells_x8,
    "avx2,bmi1,bmi2,lzcnt,popcnt,avx512f,avx512bw,avx512dq,avx512vl"
);

/// Builds the state from `start` and searches it in `mode` with `kernel`, running the house
/// matching and digit template filters as `filters` says.
///
/// Errors: as `Start::state` ([`Error::InvalidCharacter`] or [`Error::ConflictingGivens`] for a
/// text start).
///
/// # Safety
/// The CPU must support `kernel` ([`Kernel::is_supported`]).
pub(super) unsafe fn run(
    kernel: Kernel,
    start: &Start,
    mode: Mode,
    filters: Filters,
) -> Result<Outcome, Error> {
    // SAFETY: the caller's guarantee.
    unsafe { run_with::<false, _>(kernel, start, mode, filters, Discard) }
}

/// As [`run`], guessing as `IN_ORDER` says (see the `kernel!` macro) and showing each solution to
/// `sink` before counting it.
///
/// # Safety
/// The CPU must support `kernel` ([`Kernel::is_supported`]).
pub(super) unsafe fn run_with<const IN_ORDER: bool, S: Sink>(
    kernel: Kernel,
    start: &Start,
    mode: Mode,
    filters: Filters,
    sink: S,
) -> Result<Outcome, Error> {
    match kernel {
        // SAFETY: the portable kernel needs no CPU feature.
        Kernel::Portable => unsafe { start_portable::<IN_ORDER, S>(start, mode, filters, sink) },
        // SAFETY: the caller guarantees every feature the kernel is compiled for.
        #[cfg(target_arch = "x86_64")]
        Kernel::Avx2 => unsafe { start_avx2::<IN_ORDER, S>(start, mode, filters, sink) },
        // SAFETY: as above.
        #[cfg(target_arch = "x86_64")]
        Kernel::Avx512 => unsafe { start_avx512::<IN_ORDER, S>(start, mode, filters, sink) },
        // Other targets support only the portable kernel, so no other can reach here.
        // SAFETY: the portable kernel needs no CPU feature.
        #[cfg(not(target_arch = "x86_64"))]
        _ => unsafe { start_portable::<IN_ORDER, S>(start, mode, filters, sink) },
    }
}

/// Defines the generator's removal tests for one kernel (see `removal`), built with the kernel's
/// target features so that states are built and propagated with them too: `$base` (the
/// propagated state of some cells of a solved grid) and `$other` (from such a state with more of
/// the grid's cells given, is there a solution that differs from the grid at a cell of `cells`?).
///
/// Both propagate without the stack step (`State::propagate::<false>`), and the searches guess
/// on the first bivalue cell (`REMOVAL` in `kernel!`): a removal search nearly always goes
/// straight down to a solution or fails at its root, so the step and the scoring of guesses
/// cost more than the guesses they saved (together 8% of the generator's instructions without
/// symmetry, 6% with the half turn; docs/generator.md). The answers are facts about the
/// puzzles, so the puzzles made do not change.
macro_rules! removal_kernel {
    ($base:ident, $other:ident, $search:ident $(, $features:literal)?) => {
        $(#[target_feature(enable = $features)])?
        unsafe fn $base(grid: &[u8; CELLS], givens: u128) -> State {
            let mut state = State::from_grid(grid, givens);
            // The grid is a solution of its own cells, so propagation meets no contradiction.
            let consistent = state.propagate::<false>().is_ok();
            debug_assert!(consistent);
            state
        }

        $(#[target_feature(enable = $features)])?
        unsafe fn $other(grid: &[u8; CELLS], base: &State, added: u128, cells: u128) -> bool {
            let mut root = *base;
            root.give_grid_cells(grid, added);
            let mut rest = cells;
            while rest != 0 {
                let cell = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                // A cell placed in the base holds the grid's digit in every solution of the base,
                // and so in every solution of the puzzle, which has more givens.
                if !root.is_open(cell) {
                    continue;
                }
                let mut state = root;
                state.eliminate(digit_index(grid[cell], 0), cell);
                let mut search = Search::new(Mode::First, Filters::default(), Discard);
                // SAFETY: the same kernel, so the CPU supports its features.
                unsafe { $search::<false, Discard, true>(&mut search, &mut state) };
                if search.outcome.count > 0 {
                    return true;
                }
            }
            false
        }
    };
}

removal_kernel!(base_portable, other_portable, run_portable);
#[cfg(target_arch = "x86_64")]
removal_kernel!(
    base_avx2,
    other_avx2,
    run_avx2,
    "avx2,bmi1,bmi2,lzcnt,popcnt"
);
#[cfg(target_arch = "x86_64")]
removal_kernel!(
    base_avx512,
    other_avx512,
    run_avx512,
    "avx2,bmi1,bmi2,lzcnt,popcnt,avx512f,avx512bw,avx512dq,avx512vl"
);

/// The state of the cells `givens` (bit `cell`) of the solved grid `grid` (values 1-9),
/// propagated (naked and hidden singles, locked candidates in band rows) with `kernel`.
/// Propagation is the same code in every kernel, so every kernel gives the same state.
///
/// # Safety
/// The CPU must support `kernel` ([`Kernel::is_supported`]).
pub(super) unsafe fn propagated_base(kernel: Kernel, grid: &[u8; CELLS], givens: u128) -> State {
    match kernel {
        // SAFETY: the portable kernel needs no CPU feature.
        Kernel::Portable => unsafe { base_portable(grid, givens) },
        // SAFETY: the caller guarantees every feature the kernel is compiled for.
        #[cfg(target_arch = "x86_64")]
        Kernel::Avx2 => unsafe { base_avx2(grid, givens) },
        // SAFETY: as above.
        #[cfg(target_arch = "x86_64")]
        Kernel::Avx512 => unsafe { base_avx512(grid, givens) },
        // SAFETY: the portable kernel needs no CPU feature.
        #[cfg(not(target_arch = "x86_64"))]
        _ => unsafe { base_portable(grid, givens) },
    }
}

/// Whether the puzzle of `base` (a state of some cells of the solved grid `grid`, values 1-9)
/// with the grid's cells `added` given too has a solution that differs from the grid at some
/// cell of `cells` (none of them given), searched with `kernel`.
///
/// # Safety
/// The CPU must support `kernel` ([`Kernel::is_supported`]).
pub(super) unsafe fn other_value(
    kernel: Kernel,
    grid: &[u8; CELLS],
    base: &State,
    added: u128,
    cells: u128,
) -> bool {
    match kernel {
        // SAFETY: the portable kernel needs no CPU feature.
        Kernel::Portable => unsafe { other_portable(grid, base, added, cells) },
        // SAFETY: the caller guarantees every feature the kernel is compiled for.
        #[cfg(target_arch = "x86_64")]
        Kernel::Avx2 => unsafe { other_avx2(grid, base, added, cells) },
        // SAFETY: as above.
        #[cfg(target_arch = "x86_64")]
        Kernel::Avx512 => unsafe { other_avx512(grid, base, added, cells) },
        // SAFETY: the portable kernel needs no CPU feature.
        #[cfg(not(target_arch = "x86_64"))]
        _ => unsafe { other_portable(grid, base, added, cells) },
    }
}
