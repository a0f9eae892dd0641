//! What one line is (the rules of the module documentation, in their order): blank, metadata, a
//! one-line puzzle of 81 cells, a 729-character pencilmark line, or a line of a grid (left to
//! `grid`).

use super::candidates::{pencilmark_line, PENCILMARK_LENGTH};
use super::error::Reason;
use super::grid::{grid_line, GridLine};
use super::text::{is_space, Line, BOM, CELL, NOT_A_CELL};
use super::Fault;
use crate::candidates::Candidates;
use crate::geometry::CELLS;

/// The shape of one line.
#[derive(Debug, Clone, Copy)]
pub(super) enum Shape {
    /// Nothing but spaces and tabs.
    Blank,
    /// A comment or metadata line: `#...`, `[Section]`, `Label:`, `Grid 01`.
    Meta,
    /// A one-line puzzle: 81 canonical cells.
    Givens([u8; CELLS]),
    /// A 729-character pencilmark line.
    Pencilmark(Candidates),
    /// A grid line: a separator or a row.
    Grid(GridLine),
}

/// Reads the shape of `line`. `in_grid`: the line follows rows of a grid (a byte-order mark is
/// then no longer allowed, nor a space as a blank in an 81-character line).
pub(super) fn classify(text: &[u8], line: &Line, in_grid: bool) -> Result<Shape, Fault> {
    let mut start = line.start;
    if !in_grid && text[start..line.end].starts_with(BOM) {
        start += BOM.len();
    }
    let content = &text[start..line.end];
    // One line of exactly 81 cells where a space is a blank too (the common case comes first).
    if !in_grid && content.len() == CELLS {
        if let Some(cells) = spaced_line(content) {
            return Ok(Shape::Givens(cells));
        }
    }
    let indent = content.iter().take_while(|&&b| is_space(b)).count();
    let rest = &content[indent..];
    let (first, column) = (start + indent, 1 + indent);
    match rest.first() {
        None => return Ok(Shape::Blank),
        Some(b'#' | b';') => return Ok(Shape::Meta),
        Some(b'/') if rest.starts_with(b"//") => return Ok(Shape::Meta),
        Some(b'[') if rest.trim_ascii_end().ends_with(b"]") => return Ok(Shape::Meta),
        _ => {}
    }
    if let Some(after) = label(rest) {
        // `Label: text`: the text is read when it is a one-line puzzle (or looks like one),
        // else the line is metadata (`Status: SUDOKU_OK (success)`, `Rating: 9.5`).
        let skip = rest.len() - after.len();
        let indent = after.iter().take_while(|&&b| is_space(b)).count();
        let puzzle = &after[indent..];
        if cell_run(puzzle) >= PUZZLE_LIKE {
            return one_line(puzzle, first + skip + indent, column + skip + indent)
                .unwrap_or(Ok(Shape::Meta));
        }
        return Ok(Shape::Meta);
    }
    if is_title(rest) {
        return Ok(Shape::Meta);
    }
    if let Some(shape) = one_line(rest, first, column) {
        return shape;
    }
    grid_line(text, first, line.end, column, in_grid).map(Shape::Grid)
}

/// Cells in a first token that make it look like a one-line puzzle: with fewer, a line is read
/// as a grid line (or, after a label, as metadata).
pub(super) const PUZZLE_LIKE: usize = 72;

/// The length of the run of cell characters at the start of `rest`.
fn cell_run(rest: &[u8]) -> usize {
    rest.iter()
        .take_while(|&&b| CELL[b as usize] != NOT_A_CELL)
        .count()
}

/// Rule 4: `rest` (the line from its first character that is not a space, at byte `first` and
/// column `column`) when its first token, up to a space, a tab or the line's end, is a run of
/// cells: 81 is a one-line puzzle, 729 a pencilmark line, and another count of at least
/// [`PUZZLE_LIKE`] with a digit (up to 404; from 405 a pencilmark line is meant) a one-line
/// puzzle with a wrong number of cells. `None` for any other line.
fn one_line(rest: &[u8], first: usize, column: usize) -> Option<Result<Shape, Fault>> {
    let token = cell_run(rest);
    let ends = rest.get(token).is_none_or(|&b| is_space(b));
    if !ends || token < PUZZLE_LIKE {
        return None;
    }
    if token == CELLS {
        let mut cells = [0u8; CELLS];
        for (c, &b) in cells.iter_mut().zip(rest) {
            *c = CELL[b as usize];
        }
        return Some(Ok(Shape::Givens(cells)));
    }
    if token == PENCILMARK_LENGTH {
        return Some(pencilmark_line(rest, first, column).map(Shape::Pencilmark));
    }
    if !rest[..token].iter().any(u8::is_ascii_digit) {
        // Rules without a digit (`.-----.-----.`, HoDoKu's border): a separator line.
        return None;
    }
    let expected = if token < 405 {
        CELLS
    } else {
        PENCILMARK_LENGTH
    };
    // The first cell too many, or just past the token where a cell is missing.
    let at = token.min(expected);
    Some(Err(Fault {
        offset: first + at,
        column: column + at,
        reason: Reason::CellCount {
            cells: token,
            expected,
        },
    }))
}

/// The 81 cells of a line of exactly 81 bytes, each a cell or a space (a blank); `None` when
/// another byte is there, or when all are spaces (a blank line).
fn spaced_line(content: &[u8]) -> Option<[u8; CELLS]> {
    let mut cells = [0u8; CELLS];
    let mut bad = false;
    let mut spaces = 0;
    for (c, &b) in cells.iter_mut().zip(content) {
        let v = CELL[b as usize];
        let space = b == b' ';
        spaces += usize::from(space);
        bad |= v == NOT_A_CELL && !space;
        *c = if space { b'.' } else { v };
    }
    (!bad && spaces < CELLS).then_some(cells)
}

/// A title line without a colon, such as Project Euler's `Grid 01` (problem 96's file) or
/// `Sudoku Puzzle 12`: one or more words of ASCII letters only, separated by single spaces (at
/// least one letter other than `x` and `X`), then a space and a number of 1 to 4 digits, then
/// only spaces. Narrow on purpose, so that no row of a grid, even one with a row label (`A 0 0
/// 3 0 2 0 6 0 0`, `Row 1 003020600`, `A 003020600`), is taken for a title and skipped: such a
/// line stays a grid line, reported when it is not one.
fn is_title(rest: &[u8]) -> bool {
    let name = rest.trim_ascii_end();
    let Some(space) = name.iter().rposition(|&b| b == b' ') else {
        return false;
    };
    let (words, number) = (&name[..space], &name[space + 1..]);
    (1..=4).contains(&number.len())
        && number.iter().all(u8::is_ascii_digit)
        && words.iter().all(|&b| b.is_ascii_alphabetic() || b == b' ')
        && is_label_name(words)
}

/// Words of ASCII letters and digits separated by single spaces, the first starting with a
/// letter, with at least one letter other than `x` and `X`: a label's name.
fn is_label_name(name: &[u8]) -> bool {
    let words_ok = name.first().is_some_and(u8::is_ascii_alphabetic)
        && name.iter().all(|&b| b.is_ascii_alphanumeric() || b == b' ')
        && !name.ends_with(b" ")
        && !name.windows(2).any(|w| w == b"  ");
    let lettered = name
        .iter()
        .any(|&b| b.is_ascii_alphabetic() && b != b'x' && b != b'X');
    words_ok && lettered
}

/// A label such as `Puzzle:`, `Status:`, `Puzzle 1:` or `Sudoku Explainer:`: words of ASCII
/// letters and digits separated by single spaces, the first starting with a letter, with at
/// least one letter other than `x` and `X` (so that a grid row of `x` blanks and `:` separators
/// is no label), then a colon. Returns the text after the colon.
fn label(rest: &[u8]) -> Option<&[u8]> {
    let colon = rest.iter().position(|&b| b == b':')?;
    is_label_name(&rest[..colon]).then(|| &rest[colon + 1..])
}
