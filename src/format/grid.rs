//! Grids of 9 rows: the lines of a grid (separator lines and rows of givens or of candidates)
//! and the assembly of 9 rows into a puzzle.

use super::candidates::CellCandidates;
use super::error::Reason;
use super::text::{decode, is_box_drawing, is_space, is_vertical_line, Ch, CELL, NOT_A_CELL};
use super::{Fault, Puzzle};
use crate::candidates::Candidates;
use crate::geometry::CELLS;

/// A position in the text: byte offset and 1-based column.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct At {
    pub offset: usize,
    pub column: usize,
}

/// One row of a grid.
#[derive(Debug, Clone, Copy)]
pub(super) enum Row {
    /// Nine cells, canonical (`'1'`-`'9'` or `'.'`), and where the first blank is, if any.
    Givens {
        cells: [u8; 9],
        first_blank: Option<At>,
    },
    /// Nine cells of candidates (digit `d` is bit `d - 1`).
    Candidates([u16; 9]),
}

/// A line of a grid.
#[derive(Debug, Clone, Copy)]
pub(super) enum GridLine {
    /// A rule between bands (or above and below the grid): no digit, no cells but rules.
    Separator,
    /// A row of nine cells.
    Row(Row),
}

/// Reads a grid line: `text[first..end]`, whose first character (not a space) is at `column`.
pub(super) fn grid_line(
    text: &[u8],
    first: usize,
    end: usize,
    column: usize,
    in_grid: bool,
) -> Result<GridLine, Fault> {
    let mut pos = first;
    let mut col = column;
    // Givens reading: every cell character in order.
    let mut cells = [b'.'; 9];
    let mut count = 0usize;
    let mut first_blank = None;
    let mut tenth_cell = None;
    // Candidate reading: every token of digits is a cell.
    let mut tokens = [CellCandidates::default(); 9];
    let mut token_count = 0usize;
    let mut tenth_token = None;
    let mut in_token = false;
    // A token of several characters with a blank in it cannot be a cell of candidates.
    let mut bad_token = false;
    let mut token_blank = false;
    let mut long_token = false;
    let mut token_len = 0usize;
    // Separator reading.
    let (mut digits, mut rules, mut strong, mut separators) = (0usize, 0usize, false, false);

    while pos < end {
        let (ch, len) = decode(text, pos, end);
        let at = At {
            offset: pos,
            column: col,
        };
        let mut ends_token = true;
        match ch {
            Ch::Ascii(b) if is_space(b) => {}
            Ch::Ascii(b @ (b'|' | b'!' | b'+' | b':' | b'\'' | b'=')) => {
                separators = true;
                strong |= b != b'|' && b != b'!';
                rules += usize::from(b == b'=');
            }
            Ch::Other(c) if is_vertical_line(c) => separators = true,
            Ch::Other(c) if is_box_drawing(c) => {
                separators = true;
                strong = true;
                rules += 1;
            }
            Ch::Ascii(b) if CELL[b as usize] != NOT_A_CELL => {
                ends_token = false;
                let cell = CELL[b as usize];
                if count < 9 {
                    cells[count] = cell;
                } else if count == 9 {
                    tenth_cell = Some(at);
                }
                count += 1;
                if !in_token {
                    in_token = true;
                    token_len = 0;
                    token_blank = false;
                    if token_count == 9 {
                        tenth_token = Some(at);
                    }
                    token_count += 1;
                }
                token_len += 1;
                token_blank |= cell == b'.';
                bad_token |= token_blank && token_len > 1;
                long_token |= token_len > 1;
                if cell == b'.' {
                    if first_blank.is_none() {
                        first_blank = Some(at);
                    }
                    rules += usize::from(b == b'-');
                } else {
                    digits += 1;
                    if token_count <= 9 {
                        tokens[token_count - 1].add(cell - b'0', pos, col);
                    }
                }
            }
            _ => {
                let (character, byte) = match ch {
                    Ch::Ascii(b) => (Some(char::from(b)), b),
                    Ch::Other(c) => (Some(c), text[pos]),
                    Ch::Invalid(b) => (None, b),
                };
                return Err(Fault {
                    offset: pos,
                    column: col,
                    reason: Reason::InvalidCharacter {
                        character,
                        byte,
                        in_grid: in_grid || separators,
                    },
                });
            }
        }
        if ends_token {
            in_token = false;
        }
        pos += len;
        col += 1;
    }

    // A line of separators alone (`│       │       │       │`) is a separator line too.
    if digits == 0 && (rules > 0 && (strong || count != 9) || separators && count == 0) {
        return Ok(GridLine::Separator);
    }
    if count == 9 {
        return Ok(GridLine::Row(Row::Givens { cells, first_blank }));
    }
    // One token alone is a run of cells (`12` is two cells), never one cell of candidates.
    let candidate_row = !bad_token && long_token && token_count > 1;
    if candidate_row && token_count == 9 {
        if let Some(at) = first_blank {
            return Err(Fault {
                offset: at.offset,
                column: at.column,
                reason: Reason::BlankInCandidateGrid,
            });
        }
        let mut masks = [0u16; 9];
        for (m, t) in masks.iter_mut().zip(&tokens) {
            if let Some(fault) = t.repeat {
                return Err(fault);
            }
            *m = t.mask;
        }
        return Ok(GridLine::Row(Row::Candidates(masks)));
    }
    // The wrong number of cells: point at the first one too many, or at the line's end.
    let (cells, expected, extra) = if candidate_row {
        (token_count, 9, tenth_token)
    } else {
        let expected = if in_grid || count < 45 {
            9
        } else if count < 405 {
            CELLS
        } else {
            9 * CELLS
        };
        let extra = if count > expected {
            nth_cell(text, first, end, column, expected)
        } else {
            None
        };
        (
            count,
            expected,
            if expected == 9 { tenth_cell } else { extra },
        )
    };
    let at = extra.unwrap_or(At {
        offset: end,
        column: col,
    });
    Err(Fault {
        offset: at.offset,
        column: at.column,
        reason: Reason::CellCount { cells, expected },
    })
}

/// The position of cell number `n` (0-based) of a line known to hold only valid characters.
fn nth_cell(text: &[u8], first: usize, end: usize, column: usize, n: usize) -> Option<At> {
    let (mut pos, mut col, mut seen) = (first, column, 0);
    while pos < end {
        let (ch, len) = decode(text, pos, end);
        if let Ch::Ascii(b) = ch {
            if CELL[b as usize] != NOT_A_CELL {
                if seen == n {
                    return Some(At {
                        offset: pos,
                        column: col,
                    });
                }
                seen += 1;
            }
        }
        pos += len;
        col += 1;
    }
    None
}

/// The rows of a grid being read, each with its line number (no heap: at most nine).
#[derive(Debug, Default)]
pub(super) struct Grid {
    rows: [Option<(Row, usize)>; 9],
    count: usize,
}

impl Grid {
    /// Rows read so far.
    pub fn rows(&self) -> usize {
        self.count
    }

    /// Adds a row read at line `line` (at most 9 rows; more are ignored).
    pub fn push(&mut self, row: Row, line: usize) {
        if let Some(slot) = self.rows.get_mut(self.count) {
            *slot = Some((row, line));
            self.count += 1;
        }
    }

    /// The puzzle of the nine rows: a candidate puzzle when any row lists candidates (its rows
    /// of givens must then have digits only), else a puzzle of givens. The error gives the line
    /// and position of the first blank of a candidate grid.
    pub fn finish(&self) -> Result<Puzzle, (usize, At, Reason)> {
        let rows = self.rows.iter().flatten();
        let candidates = rows.clone().any(|(r, _)| matches!(r, Row::Candidates(_)));
        if !candidates {
            let mut text = [b'.'; CELLS];
            for (chunk, (row, _)) in text.chunks_exact_mut(9).zip(rows) {
                if let Row::Givens { cells, .. } = row {
                    chunk.copy_from_slice(cells);
                }
            }
            return Ok(Puzzle::Givens(text));
        }
        let mut masks = [0u16; CELLS];
        for (chunk, (row, line)) in masks.chunks_exact_mut(9).zip(rows) {
            match row {
                Row::Candidates(m) => chunk.copy_from_slice(m),
                Row::Givens { cells, first_blank } => {
                    if let Some(at) = first_blank {
                        return Err((*line, *at, Reason::BlankInCandidateGrid));
                    }
                    for (m, &c) in chunk.iter_mut().zip(cells) {
                        *m = 1 << (c - b'1');
                    }
                }
            }
        }
        Ok(Puzzle::Candidates(
            Candidates::from_masks(masks).unwrap_or(Candidates::ALL),
        ))
    }
}
