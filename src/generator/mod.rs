//! Making puzzles: a seeded generator of unique (and, when asked, minimal) puzzles with a chosen
//! symmetry of the givens, and two transformations that share its removal loop (`removal`),
//! [`is_minimal`] and [`minimize`]. See `docs/generator.md` for how it works and why it is fast.
//! Also a seeded random transformation ([`random_transform`]), to show a puzzle as a new one,
//! the symmetries of a pattern of givens ([`pattern_symmetries`]), and puzzles whose givens are
//! exactly a chosen pattern ([`generate_on_pattern`], [`generate_on_pattern_batch`]).
//!
//! A puzzle is a pure function of `(seed, index, options)` (index 0 for [`generate`], `i` for
//! item `i` of [`generate_batch`]): the same on every platform, every solver kernel and every
//! thread count, for a given major version of the library.
//!
//! ```
//! use sudoku::generator::{generate, Options, Symmetry};
//!
//! let made = generate(7, &Options::default()).unwrap();
//! let puzzle = sudoku::Board::parse(&made.puzzle).unwrap();
//! assert_eq!(sudoku::count_solutions(&puzzle, 2), 1);
//! assert_eq!(sudoku::generator::is_minimal(&puzzle), Ok(true));
//!
//! // Minimal under the half turn: no pair of givens (r, c), (8 - r, 8 - c) can go.
//! let options = Options { symmetry: Symmetry::Rotate180, ..Options::default() };
//! let made = generate(7, &options).unwrap();
//! let puzzle = sudoku::Board::parse(&made.puzzle).unwrap();
//! assert_eq!(sudoku::count_solutions(&puzzle, 2), 1);
//! assert_eq!(sudoku::generator::minimize(&puzzle, Symmetry::Rotate180), Ok(puzzle));
//! ```
//!
//! Layers: above the solver (it uses the solver's removal test) and `canonical` (whose
//! `Transform` [`random_transform`] draws), below `ffi`.

mod grid;
mod mask;
mod pattern;
mod removal;
mod rng;
mod symmetry;
mod transform;
mod unavoidable;

pub use pattern::{
    check_pattern, generate_on_pattern, generate_on_pattern_batch, generate_on_pattern_item,
    PatternOptions,
};
pub use symmetry::{Orbits, Symmetry};
pub use transform::random_transform;

use crate::batch::for_each_chunk;
use crate::board::Board;
use crate::error::Error;
use crate::geometry::CELLS;
use crate::solver::hooks::Kernel;
use crate::solver::removal::Tester;
use mask::{cells, CELL_BIT};
use removal::{Limits, Removal};
use rng::Rng;
use unavoidable::Families;

/// What to generate. [`Options::default`] gives the defaults the C API's
/// `sudoku_generate_options_init` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Options {
    /// The symmetry of the pattern of givens (default [`Symmetry::None`]).
    pub symmetry: Symmetry,
    /// The fewest givens allowed (default 17).
    pub min_givens: u8,
    /// The most givens allowed, from [`MIN_UNIQUE_GIVENS`] (17) to 81 (default 81).
    pub max_givens: u8,
    /// Whether every given orbit must be necessary (default true). When false, removal stops
    /// once the puzzle is down to a number of givens drawn uniformly from
    /// `min_givens..=max_givens` (or cannot lose another orbit), so the puzzle may keep
    /// redundant givens.
    pub minimal: bool,
    /// The most solved grids to try before giving up with [`GenerateError::NotFound`], at
    /// least 1 (default 1000).
    pub max_attempts: u64,
    /// The lowest Sudoku Explainer rating (ER, in tenths: 23 is 2.3) a puzzle may have; with
    /// `max_er`, 0 and 0 (the default) mean any rating. Every puzzle made with a window is
    /// rated by the step engine ([`crate::steps::rate()`]) and kept only when the engine rates it
    /// to the end (a puzzle needing techniques beyond the engine has no exact rating and is
    /// never kept) within `min_er..=max_er`.
    pub min_er: u16,
    /// The highest rating allowed, in tenths (see `min_er`).
    pub max_er: u16,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            symmetry: Symmetry::None,
            min_givens: 17,
            max_givens: 81,
            minimal: true,
            max_attempts: 1000,
            min_er: 0,
            max_er: 0,
        }
    }
}

impl Options {
    /// True when puzzles must be rated: a rating window other than 0, 0.
    pub fn has_rating_window(&self) -> bool {
        (self.min_er, self.max_er) != (0, 0)
    }

    /// Checks the options: `min_givens <= max_givens <= 81`, `max_givens >= 17`
    /// ([`MIN_UNIQUE_GIVENS`]), `max_attempts >= 1`, and a rating
    /// window either 0, 0 or with `10 <= max_er` and `min_er <= max_er` (SE's scale starts at
    /// 1.0).
    ///
    /// Errors: [`GenerateError::InvalidOptions`] naming the fault.
    pub fn check(&self) -> Result<(), GenerateError> {
        if self.max_givens as usize > CELLS {
            return Err(GenerateError::InvalidOptions("max_givens is above 81"));
        }
        if self.max_givens < MIN_UNIQUE_GIVENS {
            return Err(GenerateError::InvalidOptions(
                "max_givens is below 17 (no puzzle with one solution has fewer givens)",
            ));
        }
        if self.min_givens > self.max_givens {
            return Err(GenerateError::InvalidOptions(
                "min_givens is above max_givens",
            ));
        }
        if self.max_attempts == 0 {
            return Err(GenerateError::InvalidOptions("max_attempts is 0"));
        }
        check_window(self.min_er, self.max_er)
    }
}

/// The check of a rating window (tenths): 0, 0 (none), or `min_er <= max_er` with `max_er >= 10`
/// (SE's scale starts at 1.0).
fn check_window(min_er: u16, max_er: u16) -> Result<(), GenerateError> {
    if (min_er, max_er) == (0, 0) {
        return Ok(());
    }
    if min_er > max_er {
        return Err(GenerateError::InvalidOptions("min_er is above max_er"));
    }
    if max_er < 10 {
        return Err(GenerateError::InvalidOptions(
            "max_er is below 10 (a rating of 1.0)",
        ));
    }
    Ok(())
}

/// The fewest givens a puzzle with exactly one solution can have: 17. No 16-given puzzle has
/// one solution (G. McGuire, B. Tugemann, G. Civario, "There is no 16-clue Sudoku: solving the
/// Sudoku minimum number of clues problem via hitting set enumeration", Experimental Mathematics
/// 23(2), 2014), so a range of givens ending below 17 is refused rather than tried in vain.
pub const MIN_UNIQUE_GIVENS: u8 = 17;

/// Why no puzzle came out, or why a board could not be minimized.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GenerateError {
    /// The options are out of range ([`Options::check`]).
    #[error("invalid generator options: {0}")]
    InvalidOptions(&'static str),
    /// Every attempt gave a puzzle outside the range of givens (for example a range that the
    /// symmetry's orbit sizes cannot meet).
    #[error("no puzzle met the options within the attempts allowed")]
    NotFound,
    /// [`minimize`]: the pattern of givens does not have the symmetry asked for.
    #[error("the pattern of givens does not have the symmetry asked for")]
    NotSymmetric,
    /// [`minimize`]: the board has no solution or several.
    #[error(transparent)]
    Board(#[from] Error),
}

/// A generated puzzle and its solution, as text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Generated {
    /// The puzzle: 81 bytes, row-major, `'1'`-`'9'` givens and `'.'` blanks.
    pub puzzle: [u8; CELLS],
    /// Its only solution: 81 bytes `'1'`-`'9'`.
    pub solution: [u8; CELLS],
}

/// Generates one puzzle from `seed`: item 0 of [`generate_batch`] with the same seed.
///
/// Errors: [`GenerateError::InvalidOptions`], [`GenerateError::NotFound`].
pub fn generate(seed: u64, options: &Options) -> Result<Generated, GenerateError> {
    generate_item(seed, 0, options)
}

/// Generates puzzle `index` of `seed`, the same whatever else is generated.
///
/// Errors: as [`generate`].
pub fn generate_item(seed: u64, index: u64, options: &Options) -> Result<Generated, GenerateError> {
    options.check()?;
    make(Tester::detect(), seed, index, options, true)
}

/// `count` puzzles from `seed` on up to `threads` threads (0: every core, see
/// [`crate::batch::resolve_threads`]); item `i` is [`generate_item`]`(seed, i, options)`, so the
/// result does not depend on the thread count.
///
/// Errors: [`GenerateError::InvalidOptions`] for the whole call; otherwise each item's own
/// result.
pub fn generate_batch(
    seed: u64,
    options: &Options,
    count: usize,
    threads: usize,
) -> Result<Vec<Result<Generated, GenerateError>>, GenerateError> {
    options.check()?;
    let mut results = vec![Err(GenerateError::NotFound); count];
    let tester = Tester::detect();
    for_each_chunk(count, threads, &mut results[..], |range, out| {
        for (i, result) in range.zip(out) {
            *result = make(tester, seed, i as u64, options, true);
        }
    });
    Ok(results)
}

/// The generator proper, on checked options: attempts until one puzzle meets them. `shortcuts`:
/// thin with every shortcut ([`Removal::thin`]), or by searches alone (the test hooks; the same
/// result, slower).
fn make(
    tester: Tester,
    seed: u64,
    index: u64,
    options: &Options,
    shortcuts: bool,
) -> Result<Generated, GenerateError> {
    let mut rng = Rng::new(seed, index);
    let min = options.min_givens as u32;
    let max = options.max_givens as u32;
    for _ in 0..options.max_attempts {
        let grid = grid::random_grid(&mut rng);
        let mut orbits = options.symmetry.orbits();
        rng.shuffle(orbits.as_mut_slice());
        // Not minimal: removal stops at a number of givens drawn from the range.
        let target = if options.minimal {
            0
        } else {
            min + rng.below(max - min + 1)
        };
        let families = Families::for_orbits_of(options.symmetry.largest_orbit());
        let mut removal = Removal::new(&grid, (1u128 << CELLS) - 1, tester, families);
        let limits = if options.minimal {
            Limits {
                floor: 0,
                target: 0,
                give_up_below: min,
            }
        } else {
            Limits {
                floor: min,
                target,
                give_up_below: 0,
            }
        };
        if shortcuts {
            removal.thin(orbits.as_slice(), limits);
        } else {
            removal.thin_by_search_alone(orbits.as_slice(), limits);
        }
        if (min..=max).contains(&removal.count())
            && rated_within(&removal.text(), options.min_er, options.max_er)
        {
            let mut solution = grid;
            for v in &mut solution {
                *v += b'0';
            }
            return Ok(Generated {
                puzzle: removal.text(),
                solution,
            });
        }
    }
    Err(GenerateError::NotFound)
}

/// True when the puzzle `text` meets the rating window `min_er..=max_er` (tenths; 0, 0: none):
/// always without one; with one, when the step engine rates it to the end within the window.
/// The rating stops as soon as a step rates above `max_er`.
fn rated_within(text: &[u8; CELLS], min_er: u16, max_er: u16) -> bool {
    if (min_er, max_er) == (0, 0) {
        return true;
    }
    let Ok(board) = Board::parse(text) else {
        return false;
    };
    let cap = max_er.min(u8::MAX as u16) as u8;
    let rating = crate::steps::rate::rate_until(&board, cap);
    rating.complete && (min_er..=max_er).contains(&(rating.er as u16))
}

/// The only solution of `board`, as cell values 1-9, and its givens as a cell mask.
///
/// Errors: [`Error::NoSolution`], [`Error::MultipleSolutions`].
fn solved(board: &Board) -> Result<(grid::Grid, u128), Error> {
    let solution = crate::solver::solve_unique(board)?;
    Ok((*solution.digits(), board.filled_cells()))
}

/// Whether `board`, a puzzle with exactly one solution, is minimal: taking out any one given
/// would let it have another solution.
///
/// Errors: [`Error::NoSolution`], [`Error::MultipleSolutions`].
pub fn is_minimal(board: &Board) -> Result<bool, Error> {
    is_minimal_by(Tester::detect(), board)
}

fn is_minimal_by(tester: Tester, board: &Board) -> Result<bool, Error> {
    let (grid, givens) = solved(board)?;
    // First the cheapest test on every given: one that the others force back by singles can
    // go. Then every family of unavoidable sets: a set left with one given shows it necessary
    // without a search. Finding the sets costs about a search, but on a minimal puzzle they
    // spare about half of the searches (17-clue puzzles 50 to 14 µs; thirty-seventh session).
    let mut removal = Removal::new(&grid, givens, tester, Families::None);
    if cells(givens).any(|cell| removal.forced_without(CELL_BIT[cell])) {
        return Ok(false);
    }
    removal.find_unavoidable_sets(Families::All);
    Ok(cells(givens).all(|cell| removal.is_necessary(cell)))
}

/// The symmetries of `board`'s pattern of givens (which cells are given, whatever their digits),
/// in the order of their values (an iterator; no allocation): each whose every orbit ([`Symmetry::orbits`]) the givens fill
/// whole or leave empty. [`Symmetry::None`] is always first; the empty and the full board have
/// all ten. A pattern with [`Symmetry::Dihedral`] has every other; one with
/// [`Symmetry::BothDiagonals`] or [`Symmetry::BothMirrors`] also has [`Symmetry::Rotate180`]
/// and the two mirrors it names. No search: any valid board works.
///
/// ```
/// use sudoku::generator::{pattern_symmetries, Symmetry};
///
/// // Givens at r1c1 and r9c9 only: the half turn and both diagonal mirrors keep them.
/// let mut text = [b'.'; 81];
/// text[0] = b'1';
/// text[80] = b'2';
/// let board = sudoku::Board::parse(&text).unwrap();
/// use Symmetry::*;
/// assert_eq!(
///     pattern_symmetries(&board).collect::<Vec<_>>(),
///     [None, Rotate180, Diagonal, Antidiagonal, BothDiagonals]
/// );
/// ```
pub fn pattern_symmetries(board: &Board) -> impl Iterator<Item = Symmetry> {
    // An iterator over the board's given cells, not a collection: the C call allocates nothing.
    let givens = board.filled_cells();
    Symmetry::ALL.into_iter().filter(move |symmetry| {
        let orbits = symmetry.orbits();
        orbits
            .as_slice()
            .iter()
            .all(|&orbit| givens & orbit == 0 || givens & orbit == orbit)
    })
}

/// Takes givens out of `board` while it keeps its one solution, giving a minimal puzzle (under
/// `symmetry`: no orbit of givens can go). Orbits ([`Symmetry::orbits`]) are tried once each in
/// order of their lowest cell (row-major), so the result is a function of the board and the
/// symmetry. With [`Symmetry::None`] every given is its own orbit.
///
/// Errors: [`GenerateError::Board`] with [`Error::NoSolution`] or [`Error::MultipleSolutions`];
/// [`GenerateError::NotSymmetric`] when the pattern of givens does not have `symmetry`.
pub fn minimize(board: &Board, symmetry: Symmetry) -> Result<Board, GenerateError> {
    minimize_by(Tester::detect(), board, symmetry)
}

fn minimize_by(tester: Tester, board: &Board, symmetry: Symmetry) -> Result<Board, GenerateError> {
    let (grid, givens) = solved(board)?;
    if !symmetry.holds_for(givens) {
        return Err(GenerateError::NotSymmetric);
    }
    // The given orbits in order; `thin` without limits takes out each that can go, in turn.
    let orbits = symmetry.orbits();
    let families = Families::for_orbits_of(symmetry.largest_orbit());
    let mut removal = Removal::new(&grid, givens, tester, families);
    let mut given = orbits;
    let mut len = 0;
    for &orbit in orbits.as_slice() {
        if orbit & givens != 0 {
            given.as_mut_slice()[len] = orbit;
            len += 1;
        }
    }
    removal.thin(&given.as_slice()[..len], Limits::NONE);
    let mut digits = [0u8; CELLS];
    for cell in cells(removal.givens()) {
        digits[cell] = grid[cell];
    }
    Ok(Board::from_solved(digits))
}

/// Hooks for tests: the generator and the transformations with a forced solver kernel.
///
/// **Not a stable API**, like [`crate::solver::hooks`].
#[doc(hidden)]
pub mod hooks {
    use super::*;

    /// As [`generate_item`] with `kernel`; `None` when the CPU does not support it.
    pub fn generate_with(
        kernel: Kernel,
        seed: u64,
        index: u64,
        options: &Options,
    ) -> Option<Result<Generated, GenerateError>> {
        let tester = Tester::with(kernel)?;
        Some(
            options
                .check()
                .and_then(|()| make(tester, seed, index, options, true)),
        )
    }

    /// As [`generate_item`] without the removal's shortcuts (unavoidable sets, singles, the
    /// windows' propagated bases): every removal decided by searches alone. Gives the same puzzle,
    /// more slowly; the tests compare the two.
    pub fn generate_by_search_alone(
        seed: u64,
        index: u64,
        options: &Options,
    ) -> Result<Generated, GenerateError> {
        options.check()?;
        make(Tester::detect(), seed, index, options, false)
    }

    /// As [`is_minimal`] with `kernel`; `None` when the CPU does not support it.
    pub fn is_minimal_with(kernel: Kernel, board: &Board) -> Option<Result<bool, Error>> {
        Some(is_minimal_by(Tester::with(kernel)?, board))
    }

    /// As [`minimize`] with `kernel`; `None` when the CPU does not support it.
    pub fn minimize_with(
        kernel: Kernel,
        board: &Board,
        symmetry: Symmetry,
    ) -> Option<Result<Board, GenerateError>> {
        Some(minimize_by(Tester::with(kernel)?, board, symmetry))
    }
}
