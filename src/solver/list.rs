//! Listing solutions: the first solutions of a puzzle in ascending lexicographic order of their
//! text (the order `sort` gives their lines), written into a caller's slice. See
//! `docs/solver.md`.
//!
//! Two searches, the second only when needed:
//!
//! 1. The usual fast search ([`Mode::Count`] at `capacity + 1`, guessing where it prunes best)
//!    writes each solution it meets into the output. When it finds at most `capacity`, those are
//!    all the solutions: they are sorted, and that is the answer.
//! 2. Otherwise the puzzle has more than `capacity` solutions, and the search runs again guessing
//!    on the lowest-index open cell with its digits in ascending order
//!    (`State::first_open_guess`). Solutions then come in lexicographic order, so the first
//!    `capacity` it finds are the answer, with no sort.
//!
//! The fast guess does much better than the ordered one on puzzles with few solutions, where
//! most of the search is refuting wrong guesses; on puzzles with many solutions nearly every
//! guess leads to some, and the ordered search is about as fast. Measured in `docs/solver.md`.

use std::mem::MaybeUninit;

use super::kernel::{self, Filters, Kernel, Sink};
use super::state::State;
use super::{Mode, Start};
use crate::board::Board;
use crate::error::Error;
use crate::geometry::CELLS;

/// Where listed solutions go: at most [`Store::capacity`] of them, by index.
pub(super) trait Store {
    /// The most solutions it holds.
    fn capacity(&self) -> usize;
    /// Stores the solved `state` as solution `index` (below the capacity), replacing any there.
    fn put(&mut self, index: usize, state: &State);
    /// Sorts solutions `0..n` into ascending lexicographic order of their text.
    fn sort(&mut self, n: usize);
}

/// The slice API's store: texts (`'1'`-`'9'`) in a slice.
pub(super) struct Texts<'a>(pub(super) &'a mut [[u8; CELLS]]);

impl Store for Texts<'_> {
    fn capacity(&self) -> usize {
        self.0.len()
    }

    fn put(&mut self, index: usize, state: &State) {
        state.write_text(&mut self.0[index]);
    }

    fn sort(&mut self, n: usize) {
        self.0[..n].sort_unstable();
    }
}

/// The C API's store: texts in a caller's buffer, which may be uninitialised.
struct Uninit<'a>(&'a mut [MaybeUninit<[u8; CELLS]>]);

impl Store for Uninit<'_> {
    fn capacity(&self) -> usize {
        self.0.len()
    }

    fn put(&mut self, index: usize, state: &State) {
        let mut text = [0; CELLS];
        state.write_text(&mut text);
        self.0[index].write(text);
    }

    fn sort(&mut self, n: usize) {
        let filled = &mut self.0[..n];
        // SAFETY: `list` sorts only solutions it stored, so slots 0..n are initialised, and
        // MaybeUninit<T> has the layout of T.
        let filled =
            unsafe { &mut *(filled as *mut [MaybeUninit<[u8; CELLS]>] as *mut [[u8; CELLS]]) };
        filled.sort_unstable();
    }
}

/// The convenience function's store: boards in a vector growing up to `limit`, so that a large
/// limit costs nothing on a puzzle with few solutions.
pub(super) struct Boards {
    pub(super) boards: Vec<Board>,
    pub(super) limit: usize,
}

impl Store for Boards {
    fn capacity(&self) -> usize {
        self.limit
    }

    fn put(&mut self, index: usize, state: &State) {
        let board = state.board();
        match self.boards.get_mut(index) {
            Some(slot) => *slot = board,
            None => self.boards.push(board),
        }
    }

    fn sort(&mut self, n: usize) {
        // Digits 1-9 sort as their characters do.
        self.boards[..n].sort_unstable_by(|a, b| a.digits().cmp(b.digits()));
    }
}

/// The sink that puts each solution found into a store, as long as it has room. The store is a
/// trait object, so that each kernel is compiled once for listing whatever the store (a call per
/// solution costs nothing beside finding it).
struct Fill<'a>(&'a mut dyn Store);

impl Sink for Fill<'_> {
    fn solution(&mut self, index: u64, state: &State) {
        if let Ok(index) = usize::try_from(index) {
            if index < self.0.capacity() {
                self.0.put(index, state);
            }
        }
    }
}

/// How to find the listed solutions (the hooks compare them and time them).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Strategy {
    /// The fast search first, the ordered search only when there are more solutions than room
    /// (the library's way, see the module's documentation).
    FastThenOrdered,
    /// The ordered search alone, at `capacity + 1`.
    Ordered,
}

/// Lists the first `store.capacity()` solutions of `start` in lexicographic order with `kernel`:
/// returns how many were stored (solutions `0..n` of the store) and whether the puzzle has more
/// solutions than the capacity. A puzzle with no solution gives `(0, false)`.
///
/// Errors: as [`super::search`] ([`Error::InvalidCharacter`] or [`Error::ConflictingGivens`] for
/// a text start), before anything is stored.
///
/// # Safety
/// The CPU must support `kernel` ([`Kernel::is_supported`]).
pub(super) unsafe fn list(
    kernel: Kernel,
    start: &Start,
    store: &mut dyn Store,
    strategy: Strategy,
    filters: Filters,
) -> Result<(usize, bool), Error> {
    let capacity = store.capacity();
    // At most isize::MAX, so the sum fits in a u64.
    let above = capacity as u64 + 1;
    if strategy == Strategy::FastThenOrdered {
        let mode = Mode::Count { limit: above };
        // SAFETY: the caller's guarantee.
        let found =
            unsafe { kernel::run_with::<false, _>(kernel, start, mode, filters, Fill(store)) }?
                .count();
        if found < above {
            // Every solution was found and stored.
            let n = found as usize;
            store.sort(n);
            return Ok((n, false));
        }
        if capacity == 0 {
            return Ok((0, true));
        }
    }
    let limit = match strategy {
        Strategy::FastThenOrdered => capacity as u64,
        Strategy::Ordered => above,
    };
    // SAFETY: the caller's guarantee.
    let found = unsafe {
        kernel::run_with::<true, _>(kernel, start, Mode::Count { limit }, filters, Fill(store))
    }?
    .count();
    match strategy {
        Strategy::FastThenOrdered => {
            // The fast search found more than `capacity`, so the ordered one finds `capacity`.
            assert_eq!(found, limit, "both searches see the same solutions");
            Ok((capacity, true))
        }
        Strategy::Ordered => Ok((
            (found.min(capacity as u64)) as usize,
            found > capacity as u64,
        )),
    }
}

/// Writes the first `out.len()` solutions of `start`, in ascending lexicographic order of their
/// 81-character text (`'1'`-`'9'`, row-major), to `out[0..n]`, and returns `(n, more)`: `n` is
/// the number written (every solution when there are at most `out.len()`), `more` whether the
/// puzzle has more than `out.len()` solutions. A puzzle with no solution gives `(0, false)`;
/// an empty `out` just tells whether there is any solution. `out[n..]` is left as it was. No
/// heap allocation.
///
/// Errors: for a [`Start::Text`], [`Error::InvalidCharacter`] or [`Error::ConflictingGivens`],
/// as [`Board::parse`] reports them; nothing is written then.
///
/// Time grows with `out.len()` on puzzles with many solutions, as for counting. How the order is
/// produced: see the `docs/solver.md` section "Listing solutions".
///
/// ```
/// use sudoku::solver::{list_solutions, Start};
///
/// // A solved grid with the four cells of one rectangle blanked: two solutions.
/// let text =
///     *b"..3456789456789123789123456..4365897365897214897214365531642978642978531978531642";
/// let mut out = [[0u8; 81]; 3];
/// let (n, more) = list_solutions(Start::Text(&text), &mut out).unwrap();
/// assert_eq!((n, more), (2, false));
/// assert!(out[0] < out[1]);
/// assert_eq!(&out[0][..2], b"12");
/// ```
pub fn list_solutions(start: Start<'_>, out: &mut [[u8; CELLS]]) -> Result<(usize, bool), Error> {
    let kernel = Kernel::detect();
    // SAFETY: `detect` returns a kernel this CPU supports.
    unsafe {
        list(
            kernel,
            &start,
            &mut Texts(out),
            Strategy::FastThenOrdered,
            Filters::default(),
        )
    }
}

/// [`list_solutions`] into a buffer that may be uninitialised (the C API's): on success slots
/// `0..n` are written, the rest left as they were. Errors: as [`list_solutions`].
pub(crate) fn list_solutions_uninit(
    start: Start<'_>,
    out: &mut [MaybeUninit<[u8; CELLS]>],
) -> Result<(usize, bool), Error> {
    let kernel = Kernel::detect();
    // SAFETY: `detect` returns a kernel this CPU supports.
    unsafe {
        list(
            kernel,
            &start,
            &mut Uninit(out),
            Strategy::FastThenOrdered,
            Filters::default(),
        )
    }
}

/// [`list_solutions`] from a board, into a vector: the first `limit` solutions of `board` in
/// ascending lexicographic order, and whether it has more than `limit`. The vector grows as
/// solutions are found, so a large `limit` costs nothing on a puzzle with few solutions.
pub fn list_boards(board: &Board, limit: usize) -> (Vec<Board>, bool) {
    let mut store = Boards {
        boards: Vec::new(),
        // A slice holds at most isize::MAX bytes; keep the same bound (`capacity + 1` must fit).
        limit: limit.min(isize::MAX as usize),
    };
    let kernel = Kernel::detect();
    // SAFETY: `detect` returns a kernel this CPU supports.
    let listed = unsafe {
        list(
            kernel,
            &Start::Board(board),
            &mut store,
            Strategy::FastThenOrdered,
            Filters::default(),
        )
    };
    let Ok((n, more)) = listed else {
        unreachable!("a Board start never fails: its givens are valid")
    };
    store.boards.truncate(n);
    (store.boards, more)
}
