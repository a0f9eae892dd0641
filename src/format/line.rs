//! What one line is (the rules of the module documentation, in their order): blank, metadata, a
//! one-line puzzle of 81 cells, a 729-character pencilmark line, or a line of a grid (left to
//! `grid`).

use super::candidates::{pencilmark_line, PENCILMARK_LENGTH};
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
    /// A comment or metadata line: `#...`, `[Section]`, `Label:`.
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
        Some(b'#') => return Ok(Shape::Meta),
        Some(b'[') if rest.trim_ascii_end().ends_with(b"]") => return Ok(Shape::Meta),
        _ if is_label(rest) => return Ok(Shape::Meta),
        _ => {}
    }
    // The first token: cells up to a space, a tab or the line's end.
    let token = rest
        .iter()
        .take_while(|&&b| CELL[b as usize] != NOT_A_CELL)
        .count();
    let ends = rest.get(token).is_none_or(|&b| is_space(b));
    if ends && token == CELLS {
        let mut cells = [0u8; CELLS];
        for (c, &b) in cells.iter_mut().zip(rest) {
            *c = CELL[b as usize];
        }
        return Ok(Shape::Givens(cells));
    }
    if ends && token == PENCILMARK_LENGTH {
        return pencilmark_line(rest, first, column).map(Shape::Pencilmark);
    }
    grid_line(text, first, line.end, column, in_grid).map(Shape::Grid)
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

/// A label line such as `Puzzle:` or `Solution:` (as `build/solve` prints above its grids):
/// ASCII letters and spaces, starting with a letter, then a colon and nothing but blanks.
fn is_label(rest: &[u8]) -> bool {
    let Some(colon) = rest.iter().position(|&b| b == b':') else {
        return false;
    };
    rest[0].is_ascii_alphabetic()
        && rest[..colon]
            .iter()
            .all(|&b| b.is_ascii_alphabetic() || b == b' ')
        && rest[colon + 1..].iter().all(|&b| is_space(b))
}
