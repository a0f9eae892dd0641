//! Why a text is not a puzzle: [`ReadError`], with its position and a [`Reason`].

use thiserror::Error;

/// What was wrong with the text (the position is in the [`ReadError`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Reason {
    /// A character that no format allows where it stands (a letter, a NUL byte, a byte-order
    /// mark after the start of a line, a byte that is not UTF-8, ...).
    InvalidCharacter {
        /// The character, or `None` when the byte is not part of valid UTF-8.
        character: Option<char>,
        /// The byte at the error's offset (the first byte of the character).
        byte: u8,
        /// Whether the line was read as a grid line, which may also hold separators.
        in_grid: bool,
    },
    /// A line with another number of cells than its shape needs.
    CellCount {
        /// Cells found on the line.
        cells: usize,
        /// Cells the line should have: 9 (a grid row), 81 (a one-line puzzle) or 729 (a
        /// pencilmark line).
        expected: usize,
    },
    /// A grid ended (a blank line, a comment, a one-line puzzle or the end of the text) before
    /// its ninth row.
    ShortGrid {
        /// Rows read.
        rows: usize,
        /// True when the text ended (the position is then the end of the text).
        at_end: bool,
    },
    /// A tenth row follows the ninth row of a grid with no separator line or blank line between.
    LongGrid,
    /// A cell without a candidate digit written as a blank in a candidate grid (every cell of a
    /// candidate grid lists its candidates).
    BlankInCandidateGrid,
    /// A cell of a candidate grid lists a digit twice.
    RepeatedCandidate {
        /// The repeated digit, 1-9.
        digit: u8,
    },
    /// A digit of a 729-character line out of its place (place `d` of a cell holds digit `d` or
    /// a blank).
    MisplacedCandidate {
        /// The digit found.
        digit: u8,
        /// The only digit allowed at that place.
        expected: u8,
    },
}

/// A text that is not a puzzle in a known format: where and why.
///
/// `offset` is in bytes from the start of the text; `line` and `column` are 1-based, the column
/// counted in characters of the line (UTF-8 decoded; a leading byte-order mark is not counted).
/// `consumed` is how many bytes to skip to go on after this puzzle (always at least 1), `lines`
/// how many line ends those bytes hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[error("{}", describe(self))]
pub struct ReadError {
    /// Byte offset of the fault from the start of the text.
    pub offset: usize,
    /// Line of the fault, 1-based.
    pub line: usize,
    /// Column of the fault in characters, 1-based.
    pub column: usize,
    /// What is wrong.
    pub reason: Reason,
    /// Bytes to skip to read on after the bad puzzle (the rest of its line or grid); at least 1.
    pub consumed: usize,
    /// Line ends within the `consumed` bytes.
    pub lines: usize,
}

/// The character of an [`Reason::InvalidCharacter`] as a person reads it, in ASCII.
fn character_name(character: Option<char>, byte: u8) -> String {
    match character {
        None => format!("byte 0x{byte:02X}"),
        Some('\u{FEFF}') => "character U+FEFF (a byte-order mark)".to_string(),
        Some(c) if c.is_ascii_graphic() => format!("character '{c}'"),
        Some(c) if c.is_ascii() => format!("byte 0x{byte:02X}"),
        Some(c) => format!("character U+{:04X}", u32::from(c)),
    }
}

/// The sentence of a [`ReadError`] (ASCII only).
fn describe(e: &ReadError) -> String {
    let (line, column) = (e.line, e.column);
    match e.reason {
        Reason::InvalidCharacter {
            character,
            byte,
            in_grid,
        } => format!(
            "{} at line {line}, column {column} is not a digit{}",
            character_name(character, byte),
            if in_grid {
                ", a blank or a separator"
            } else {
                " or a blank"
            }
        ),
        Reason::CellCount { cells, expected } => format!(
            "line {line} has {cells} {}, not {expected}",
            if cells == 1 { "cell" } else { "cells" }
        ),
        Reason::ShortGrid { rows, at_end } => {
            let rows = if rows == 1 {
                "1 row".to_string()
            } else {
                format!("{rows} rows")
            };
            if at_end {
                format!("the grid ends after {rows}, at the end of the text")
            } else {
                format!("the grid ends after {rows}, at line {line}")
            }
        }
        Reason::LongGrid => format!("line {line} is a tenth row of a grid"),
        Reason::BlankInCandidateGrid => format!(
            "the blank at line {line}, column {column} is in a candidate grid, where every cell \
             lists its candidates"
        ),
        Reason::RepeatedCandidate { digit } => {
            format!("digit {digit} at line {line}, column {column} repeats a candidate of its cell")
        }
        Reason::MisplacedCandidate { digit, expected } => format!(
            "digit {digit} at line {line}, column {column} is out of place: a 729-character line \
             has digit {expected} or a blank there"
        ),
    }
}
