//! The canonical (minlex) form of a puzzle and the transformations between equivalent puzzles
//! ([canonical.md](../../docs/canonical.md)).
//!
//! Two boards are equivalent when a validity-preserving transformation maps one to the other:
//! optional transposition, row permutations within bands, band permutations, the same for
//! columns and stacks, and a relabelling of the digits (2 × 6^8 × 9! transformations,
//! [`Transform`]). The canonical form is the smallest board of the class as an 81-character
//! string with blanks as `'0'` (the minlex form, as the Sudoku community defines it), so two
//! boards are equivalent exactly when their canonical forms are equal. `transform.rs` holds the
//! transformations, `minlex.rs` the search, `first_row.rs` its step under the first row with
//! givens.
//!
//! Uses geometry, board and candidates only.

mod first_row;
mod minlex;
mod transform;

pub use transform::{Transform, TransformError};

use crate::board::Board;
use crate::candidates::Candidates;

/// The canonical (minlex) form of `board` and a transformation `t` with
/// `t.apply(board.digits()) == canonical.digits()`.
///
/// The canonical form is the lexicographically smallest of the boards equivalent to `board`,
/// compared as 81-character strings with blanks as `'0'` (so blanks come first, then the digits
/// in order); it begins with as many blanks as any equivalent board does. When the board has
/// automorphisms several transformations give the form: one of them is returned, always the
/// same for the same board. Digits absent from the board are relabelled in increasing order
/// after the others. Any valid board works, the empty board and solution grids included.
///
/// Source of the definition: the minlex canonical form of the Sudoku community (the New
/// Sudoku Players' Forum; Glenn Fowler's `sudoku` program), see docs/canonical.md; the search
/// is this library's own (see `minlex.rs`).
pub fn canonicalize(board: &Board) -> (Board, Transform) {
    let (cells, transform) = minlex::minlex(board.digits());
    // A transformation maps a valid board to a valid board, so the image needs no validation.
    (Board::from_solved(cells), transform)
}

/// Applies a transformation to a board: see [`Transform`] for the definition. The result is a
/// valid board (transformations keep houses as houses).
///
/// Errors: the [`TransformError`] of [`Transform::check`] when `transform` is not valid.
pub fn transform(board: &Board, transform: &Transform) -> Result<Board, TransformError> {
    transform.check()?;
    Ok(Board::from_solved(transform.apply(board.digits())))
}

/// Applies a transformation to a candidate (pencilmark) puzzle: each cell's candidates move as
/// a cell's digit does under [`transform()`], and each candidate digit is relabelled. The image
/// has as many solutions, each the image of one of the puzzle's.
///
/// Errors: the [`TransformError`] of [`Transform::check`] when `transform` is not valid.
pub fn transform_candidates(
    candidates: &Candidates,
    transform: &Transform,
) -> Result<Candidates, TransformError> {
    transform.check()?;
    let masks = transform.apply_masks(candidates.masks());
    // Relabelling maps the nine bits onto themselves, so no mask gains a bit above bit 8.
    Ok(Candidates::from_masks(masks).expect("an image of 9-bit masks has 9-bit masks"))
}
