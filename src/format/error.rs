//! Why a text is not a puzzle: [`ReadError`], with its position and a [`Reason`].

use core::fmt;

use crate::geometry::CELLS;

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
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
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
fn write_character(f: &mut fmt::Formatter<'_>, character: Option<char>, byte: u8) -> fmt::Result {
    match character {
        None => write!(f, "byte 0x{byte:02X}"),
        Some('\u{FEFF}') => f.write_str("character U+FEFF (a byte-order mark)"),
        Some(c) if c.is_ascii_graphic() => write!(f, "character '{c}'"),
        Some(c) if c.is_ascii() => write!(f, "byte 0x{byte:02X}"),
        Some(c) => write!(f, "character U+{:04X}", u32::from(c)),
    }
}

/// The sentence of a [`ReadError`] (ASCII only). Written piece by piece, with no allocation,
/// so that the C API can format it straight into `sudoku_read_info.message`.
impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (line, column) = (self.line, self.column);
        match self.reason {
            Reason::InvalidCharacter {
                character,
                byte,
                in_grid,
            } => {
                write_character(f, character, byte)?;
                write!(
                    f,
                    " at line {line}, column {column} is not a digit{}",
                    if in_grid {
                        ", a blank or a separator"
                    } else {
                        " or a blank"
                    }
                )
            }
            Reason::CellCount { cells, expected } => {
                let noun = if cells == 1 { "cell" } else { "cells" };
                if cells == expected {
                    // The count is right but the line is not one run of cells ended by a space
                    // or the line's end: spaces or separators split it, or a separator follows
                    // the run (`(81 cells)|`). Never "81 cells, not 81".
                    let shape = if expected == CELLS {
                        "one-line puzzle"
                    } else {
                        "pencilmark line"
                    };
                    write!(
                        f,
                        "line {line} has {cells} {noun} but is no grid row or {shape} \
                         ({expected} cells in one run, then a space or the line's end)"
                    )
                } else if expected == 9 {
                    write!(f, "line {line} has {cells} {noun}, not {expected}")
                } else if expected == CELLS {
                    write!(
                        f,
                        "the puzzle on line {line} has {cells} {noun}, not {expected}"
                    )
                } else {
                    write!(
                        f,
                        "the pencilmark line on line {line} has {cells} {noun}, not {expected}"
                    )
                }
            }
            Reason::ShortGrid { rows, at_end } => {
                let s = if rows == 1 { "" } else { "s" };
                if at_end {
                    write!(
                        f,
                        "the grid ends after {rows} row{s}, at the end of the text"
                    )
                } else {
                    write!(f, "the grid ends after {rows} row{s}, at line {line}")
                }
            }
            Reason::LongGrid => write!(f, "line {line} is a tenth row of a grid"),
            Reason::BlankInCandidateGrid => write!(
                f,
                "the blank at line {line}, column {column} is in a candidate grid, where every \
                 cell lists its candidates"
            ),
            Reason::RepeatedCandidate { digit } => write!(
                f,
                "digit {digit} at line {line}, column {column} repeats a candidate of its cell"
            ),
            Reason::MisplacedCandidate { digit, expected } => write!(
                f,
                "digit {digit} at line {line}, column {column} is out of place: a 729-character \
                 line has digit {expected} or a blank there"
            ),
        }
    }
}

impl std::error::Error for ReadError {}
