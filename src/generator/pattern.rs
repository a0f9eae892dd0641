//! Puzzles on a pattern: a seeded puzzle with exactly one solution whose givens are exactly the
//! cells of a pattern the caller chose (a setter's shape: a heart, a letter, a frame). See
//! docs/generator.md, "Puzzles on a pattern".
//!
//! The usual generator takes givens away from a grid; here the cells are fixed and only their
//! digits are free, so the digits are chosen one cell at a time, each choice ruling out a
//! solution that the puzzle so far still allows (the way hand setters split a puzzle's
//! solutions, and the pattern generators of HoDoKu and others proceed):
//!
//! 1. List two solutions of the givens placed so far (the first two in lexicographic order,
//!    [`crate::solver::list_solutions`], so the result is a function of the definitions, not of
//!    the solver's search path). None: this attempt fails. One: every pattern cell takes its
//!    digit in it, and the puzzle is done.
//! 2. If some open cell of the pattern differs between the two, one of those cells (drawn at
//!    random) takes its digit in one of the two solutions (drawn at random): the other solution
//!    is ruled out.
//! 3. Otherwise an open cell of the pattern (drawn at random) takes a digit that neither
//!    solution has there, drawn among the digits its placed peers leave, the first that keeps a
//!    solution; both are ruled out. With no open cell or no such digit, the attempt fails.
//!
//! Each step places a given, so an attempt ends after at most as many steps as the pattern has
//! cells. A failed attempt keeps each of its givens with probability 3/4 and goes on from
//! there, with the random words going on; after the last attempt the answer is `NotFound`. At
//! the end the digits are relabelled by a random permutation, so that the lexicographic order
//! of step 1 leaves no trace in which digits go where; with a rating window, a puzzle rated
//! outside it then counts as a failed attempt. Everything is a pure function of the seed, the
//! puzzle's index (the stream of words), the pattern and the window: the attempts run in order
//! on one stream, so a larger bound on them only lets later attempts run, and a puzzle found
//! does not depend on it.

use super::rng::Rng;
use super::{check_window, rated_within, GenerateError, Generated, MIN_UNIQUE_GIVENS};
use crate::batch::for_each_chunk;
use crate::board::Board;
use crate::geometry::{Cell, CELLS};
use crate::solver::{self, Start};

/// What to ask of puzzles on a pattern besides the pattern: the bound on attempts and a rating
/// window. [`PatternOptions::default`] gives the defaults the C API's
/// `sudoku_pattern_options_init` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PatternOptions {
    /// The most attempts before giving up with [`GenerateError::NotFound`], at least 1 (default
    /// 1000). An attempt ends with a puzzle, or with two solutions the pattern's cells cannot
    /// tell apart, or (with a rating window) with a puzzle rated outside the window.
    pub max_attempts: u64,
    /// The lowest Sudoku Explainer rating (ER, in tenths) allowed; with `max_er`, 0 and 0 (the
    /// default) mean any rating. As [`super::Options::min_er`]: each puzzle found is rated by
    /// the step engine and kept only when rated to the end within `min_er..=max_er`.
    pub min_er: u16,
    /// The highest rating allowed, in tenths (see `min_er`).
    pub max_er: u16,
}

impl Default for PatternOptions {
    fn default() -> PatternOptions {
        PatternOptions {
            max_attempts: 1000,
            min_er: 0,
            max_er: 0,
        }
    }
}

impl PatternOptions {
    /// Checks the options: `max_attempts >= 1`, and a rating window 0, 0 or with
    /// `10 <= max_er` and `min_er <= max_er`, as [`super::Options::check`].
    ///
    /// Errors: [`GenerateError::InvalidOptions`] naming the fault.
    pub fn check(&self) -> Result<(), GenerateError> {
        if self.max_attempts == 0 {
            return Err(GenerateError::InvalidOptions("max_attempts is 0"));
        }
        check_window(self.min_er, self.max_er)
    }
}

/// Generates a puzzle whose givens are exactly the cells of `pattern` (bit `i` for cell `i`),
/// from `seed`, trying at most `max_attempts` times (see the module's documentation): puzzle 0
/// of the seed, [`generate_on_pattern_item`] with index 0 and no rating window.
///
/// Errors: [`GenerateError::InvalidOptions`] for `max_attempts == 0`, for a pattern of fewer than
/// 17 cells (no puzzle with one solution has fewer givens), and for one that leaves two rows of
/// a band, or two columns of a stack, without a cell (swapping the two lines of any solution
/// would give another, so no puzzle fits it); [`GenerateError::NotFound`] when no attempt
/// succeeded.
///
/// ```
/// use sudoku::generator::generate_on_pattern;
///
/// // A heart: 'x' marks the cells of the givens.
/// let shape = b".xx...xx.x..x.x..xx...x...xx.......x.x.....x...x...x.....x.x.......x....xxxxxxxxx";
/// let pattern = (0..81).filter(|&i| shape[i] == b'x').fold(0u128, |m, i| m | 1 << i);
/// let made = generate_on_pattern(2026, pattern, 1000).unwrap();
/// let puzzle = sudoku::Board::parse(&made.puzzle).unwrap();
/// assert_eq!(sudoku::count_solutions(&puzzle, 2), 1);
/// assert!((0..81).all(|i| (made.puzzle[i] != b'.') == (shape[i] != b'.')));
/// ```
pub fn generate_on_pattern(
    seed: u64,
    pattern: u128,
    max_attempts: u64,
) -> Result<Generated, GenerateError> {
    let options = PatternOptions {
        max_attempts,
        ..PatternOptions::default()
    };
    generate_on_pattern_item(seed, 0, pattern, &options)
}

/// Generates puzzle `index` of `seed` on `pattern` (bit `i` for cell `i`), the same whatever
/// else is generated: its random words are stream `index` of the pattern's key (index 0 is
/// [`generate_on_pattern`]'s puzzle). With a rating window, a puzzle found outside it counts
/// as a failed attempt (it keeps three quarters of its givens and goes on), so the window
/// costs attempts, not a new start each time.
///
/// Errors: as [`generate_on_pattern`], and [`GenerateError::InvalidOptions`] for a bad window
/// ([`PatternOptions::check`]).
///
/// ```
/// use sudoku::generator::{generate_on_pattern_item, PatternOptions};
///
/// let shape = b".xx...xx.x..x.x..xx...x...xx.......x.x.....x...x...x.....x.x.......x....xxxxxxxxx";
/// let pattern = (0..81).filter(|&i| shape[i] == b'x').fold(0u128, |m, i| m | 1 << i);
/// // Rated 2.0 to 4.0 by Sudoku Explainer's scale.
/// let options = PatternOptions { min_er: 20, max_er: 40, ..PatternOptions::default() };
/// let made = generate_on_pattern_item(2026, 3, pattern, &options).unwrap();
/// let puzzle = sudoku::Board::parse(&made.puzzle).unwrap();
/// let rating = sudoku::steps::rate::rate(&puzzle);
/// assert!(rating.complete && (20..=40).contains(&rating.er));
/// ```
pub fn generate_on_pattern_item(
    seed: u64,
    index: u64,
    pattern: u128,
    options: &PatternOptions,
) -> Result<Generated, GenerateError> {
    options.check()?;
    check_pattern(pattern)?;
    make(seed, index, pattern, options)
}

/// `count` puzzles on `pattern` from `seed` on up to `threads` threads (0: every core, see
/// [`crate::batch::resolve_threads`]); item `i` is [`generate_on_pattern_item`]`(seed, i,
/// pattern, options)`, so the result does not depend on the thread count.
///
/// Errors: [`GenerateError::InvalidOptions`] for the whole call (the options or the pattern);
/// otherwise each item's own result.
pub fn generate_on_pattern_batch(
    seed: u64,
    pattern: u128,
    options: &PatternOptions,
    count: usize,
    threads: usize,
) -> Result<Vec<Result<Generated, GenerateError>>, GenerateError> {
    options.check()?;
    check_pattern(pattern)?;
    let mut results = vec![Err(GenerateError::NotFound); count];
    for_each_chunk(count, threads, &mut results[..], |range, out| {
        for (i, result) in range.zip(out) {
            *result = make(seed, i as u64, pattern, options);
        }
    });
    Ok(results)
}

/// The generator on a pattern proper, on checked options and pattern.
fn make(
    seed: u64,
    index: u64,
    pattern: u128,
    options: &PatternOptions,
) -> Result<Generated, GenerateError> {
    let cells: Vec<usize> = (0..CELLS).filter(|&i| pattern >> i & 1 == 1).collect();
    let mut rng = Rng::for_pattern(seed, index);
    let mut givens = [b'.'; CELLS];
    for _ in 0..options.max_attempts {
        if let Some(grid) = attempt(&cells, &mut givens, &mut rng) {
            let made = relabelled(&grid, pattern, &mut rng);
            if rated_within(&made.puzzle, options.min_er, options.max_er) {
                return Ok(made);
            }
        }
        // Keep each given placed with probability KEEP_NUM / KEEP_DEN and go on from there: as
        // many patterns filled as starting again from the empty board, in a fifth of the time
        // (docs/generator.md measures a half, three quarters and seven eighths).
        for &cell in &cells {
            if rng.below(KEEP_DEN) >= KEEP_NUM {
                givens[cell] = b'.';
            }
        }
    }
    Err(GenerateError::NotFound)
}

/// The share of its givens a failed attempt keeps: 3/4.
const KEEP_NUM: u32 = 3;
const KEEP_DEN: u32 = 4;

/// The checks of a pattern (bit `i` for cell `i`): fewer than 17 cells, or two empty rows of a
/// band or columns of a stack, and no puzzle fits it.
///
/// Errors: [`GenerateError::InvalidOptions`] naming the fault.
pub fn check_pattern(pattern: u128) -> Result<(), GenerateError> {
    if pattern.count_ones() < u32::from(MIN_UNIQUE_GIVENS) {
        return Err(GenerateError::InvalidOptions(
            "the pattern has fewer than 17 cells (no puzzle with one solution has fewer givens)",
        ));
    }
    let row_empty = |r: usize| (0..9).all(|c| pattern >> (r * 9 + c) & 1 == 0);
    let column_empty = |c: usize| (0..9).all(|r| pattern >> (r * 9 + c) & 1 == 0);
    for chute in 0..3 {
        let lines = [3 * chute, 3 * chute + 1, 3 * chute + 2];
        if lines.iter().filter(|&&r| row_empty(r)).count() >= 2
            || lines.iter().filter(|&&c| column_empty(c)).count() >= 2
        {
            return Err(GenerateError::InvalidOptions(
                "the pattern leaves two rows of a band or two columns of a stack empty \
                 (swapping them in a solution gives another)",
            ));
        }
    }
    Ok(())
}

/// One attempt from the givens placed so far (`givens`, `'.'` elsewhere, which it goes on
/// filling): the solution grid (digits 1-9) whose values on `cells` make a puzzle with one
/// solution, or `None` when the attempt failed.
fn attempt(cells: &[usize], givens: &mut [u8; CELLS], rng: &mut Rng) -> Option<[u8; CELLS]> {
    let mut open: Vec<usize> = cells
        .iter()
        .copied()
        .filter(|&c| givens[c] == b'.')
        .collect();
    let mut two = [[0u8; CELLS]; 2];
    loop {
        let (found, _) = solver::list_solutions(Start::Text(givens), &mut two).ok()?;
        match found {
            0 => return None,
            1 => return Some(two[0].map(|b| b - b'0')),
            _ => {}
        }
        let [a, b] = &two;
        let differing: Vec<usize> = open.iter().copied().filter(|&c| a[c] != b[c]).collect();
        let cell = if differing.is_empty() {
            if open.is_empty() {
                return None;
            }
            let cell = open[rng.below(open.len() as u32) as usize];
            givens[cell] = other_digit(givens, cell, a[cell], rng)?;
            cell
        } else {
            let cell = differing[rng.below(differing.len() as u32) as usize];
            givens[cell] = if rng.below(2) == 0 { a[cell] } else { b[cell] };
            cell
        };
        open.retain(|&c| c != cell);
    }
}

/// A digit for `cell` other than `excluded` (both solutions' digit there) and the digits its
/// placed peers hold, drawn in a random order, the first with which `givens` keeps a solution;
/// `None` when none does.
fn other_digit(givens: &[u8; CELLS], cell: usize, excluded: u8, rng: &mut Rng) -> Option<u8> {
    let mut digits = *b"123456789";
    rng.shuffle(&mut digits);
    let peers = Cell::ALL[cell].peers();
    let mut trial = *givens;
    for d in digits {
        if d == excluded || peers.iter().any(|p| givens[p.index()] == d) {
            continue;
        }
        trial[cell] = d;
        // The givens stay free of clashes (the digit is none of its peers'), so only the count
        // can fail here.
        if solver::count_solutions(&Board::parse(&trial).ok()?, 1) == 1 {
            return Some(d);
        }
    }
    None
}

/// The puzzle (the grid's digits on the pattern) and its solution, with the digits relabelled
/// by a random permutation of 1-9.
fn relabelled(grid: &[u8; CELLS], pattern: u128, rng: &mut Rng) -> Generated {
    let mut labels = *b"123456789";
    rng.shuffle(&mut labels);
    let solution = grid.map(|d| labels[usize::from(d) - 1]);
    let puzzle = std::array::from_fn(|i| {
        if pattern >> i & 1 == 1 {
            solution[i]
        } else {
            b'.'
        }
    });
    Generated { puzzle, solution }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pattern_of(text: &[u8; CELLS]) -> u128 {
        (0..CELLS)
            .filter(|&i| text[i] != b'.')
            .fold(0, |m, i| m | 1 << i)
    }

    #[test]
    fn the_puzzle_fits_the_pattern_and_has_one_solution() {
        let shape =
            b"..9...374..........7.86..5......12.3.13.2....7...............6.6.1..5.....24..9.1";
        let pattern = pattern_of(shape);
        for seed in 0..5 {
            let made = generate_on_pattern(seed, pattern, 2000).expect("a puzzle");
            let board = Board::parse(&made.puzzle).unwrap();
            assert_eq!(board.filled_cells(), pattern);
            assert_eq!(
                solver::solve_unique(&board).unwrap().to_bytes(),
                made.solution
            );
            assert_eq!(generate_on_pattern(seed, pattern, 2000), Ok(made));
        }
    }

    #[test]
    fn patterns_that_no_puzzle_fits_are_refused() {
        let invalid = |p| matches!(check_pattern(p), Err(GenerateError::InvalidOptions(_)));
        let full = (1u128 << CELLS) - 1;
        assert!(check_pattern(full).is_ok());
        let no_attempts = PatternOptions {
            max_attempts: 0,
            ..PatternOptions::default()
        };
        assert!(matches!(
            generate_on_pattern_item(0, 0, full, &no_attempts),
            Err(GenerateError::InvalidOptions(_))
        ));
        assert!(invalid((1 << 16) - 1));
        // Rows 0 and 1 empty (band 0); then columns 3 and 5 (stack 1).
        assert!(invalid(full >> 18 << 18));
        let columns_3_and_5 = (0..CELLS)
            .filter(|i| i % 9 == 3 || i % 9 == 5)
            .fold(0u128, |m, i| m | 1 << i);
        assert!(invalid(full & !columns_3_and_5));
        // One empty row in each band is fine.
        let rows_0_3_6 = (0..CELLS)
            .filter(|i| i / 9 % 3 == 0)
            .fold(0u128, |m, i| m | 1 << i);
        assert!(check_pattern(full & !rows_0_3_6).is_ok());
    }
}
