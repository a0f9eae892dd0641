//! Reading puzzles from text in the formats other Sudoku tools write: [`read_puzzle`] reads one
//! puzzle from the start of a text and says how many bytes it used, [`puzzles`] reads them all.
//!
//! The reader checks the format only: two equal givens in a house, or a cell without candidates,
//! are left to validation and solving, which name the cell.
//!
//! # Formats
//!
//! | Form | Example | Puzzle |
//! |---|---|---|
//! | One line of 81 cells, then optionally spaces or tabs and any text (a rating, a comment) | `4...3..(81 cells)  ED=1.2/1.2/1.2` | givens |
//! | A line of exactly 81 characters where a space is a blank too | `4   3  ...` | givens |
//! | A grid: 9 rows of 9 cells, with any separators between cells and boxes and any separator lines | `4 . . \| . 3 . \| . . .` / `------+-------+------` | givens |
//! | A 729-character pencilmark line: character `cell * 9 + d - 1` is digit `d` or a blank | `1.3......` x 81 | candidates |
//! | A candidate grid: 9 rows of 9 cells, each cell its candidate digits (Sudoku Explainer, HoDoKu) | `\| 19 7 169 \| 2 156 3 \| ...` | candidates |
//!
//! A cell is a digit `1`-`9` or a blank: `.` `0` `*` `_` `-` `x` `X`. Separators are `|` `!` `+`
//! `:` `'` `=`, box-drawing characters (U+2500-U+257F), spaces and tabs. Line ends are LF, CRLF
//! or CR.
//!
//! # Rules, in the order they are applied to each line
//!
//! 1. A UTF-8 byte-order mark at the start of a line before a puzzle is skipped (at the start of
//!    the text, or where files were joined); anywhere else it is an invalid character. It is not
//!    counted in columns.
//! 2. Outside a grid, a line of exactly 81 characters, each a cell or a space, with at least one
//!    cell, is a puzzle whose spaces are blanks.
//! 3. A line of only spaces and tabs is blank. A line whose first character (after spaces) is
//!    `#` or `;`, or whose first two are `//`, is a comment or metadata (SadMan/SudoCue `.sdk`:
//!    `#A` author, `#D` description, ...); so is a line `[Section]` (`[Puzzle]`). A label line
//!    is a label, then a colon, then any text: the label is words of ASCII letters and digits
//!    separated by single spaces, the first word starting with a letter, with at least one
//!    letter other than `x`/`X` (`Puzzle:`, `Status:`, `Puzzle 1:`, `Sudoku Explainer:`; never a
//!    grid row such as `x x x : x x x : x x x`). When the text after the colon (and spaces)
//!    starts with a run of at least 72 cell characters, it is read by rule 4 (`Puzzle 2: 4...3..
//!    (81 cells) ED=1.2` is a puzzle); otherwise the label line is metadata (`Status:
//!    SUDOKU_OK (success)`, as `build/solve` prints, `Author: me`, `Rating: 9.5`). A title
//!    line is metadata too: words of letters only (as in a label, no digits), then a space and
//!    a number of 1 to 4 digits, and nothing else (Project Euler's `Grid 01`, `Puzzle 12`; not
//!    `Level 3 of 5`, nor a labelled grid row such as `A 003020600`). Before a puzzle
//!    metadata lines are skipped; inside a grid they end it ([`Reason::ShortGrid`]).
//! 4. A line whose first token (up to a space, a tab or the line end) is 81 cells is a one-line
//!    puzzle; the rest of the line is ignored. A first token of 729 cells is a pencilmark line.
//!    So `-` is a blank here: a line of 81 `-` is the empty puzzle. A first token of another
//!    count of at least 72 cells, with a digit among them, is a one-line puzzle with the wrong
//!    number of cells: [`Reason::CellCount`] expecting 81 (729 from 405 cells on), at the
//!    column of the first cell too many, or just past the token when cells are missing
//!    (`(80 cells) 9.5/1.2/1.2` is "the puzzle on line 1 has 80 cells, not 81", column 81).
//! 5. Any other line is a grid line. Vertical box-drawing lines (`│` `┃` `║`, dashed and half
//!    ones) separate cells as `|` does. Without a digit, a line of rules (`-`, `=` or the other
//!    box-drawing characters) is a separator line, unless it has exactly nine `-`/blank cells
//!    and no `+`, `=`, `:`, `'` or box-drawing rule: then it is a row of nine blanks
//!    (`|---|---|---|`, `│ . . . │ . . . │ . . . │`). A line of separators alone, without a
//!    cell (`│       │       │       │`), is a separator line too. A line of exactly 9 cells is
//!    a row of givens (spaces and separators between cells are ignored: `2..1.5..3`,
//!    `4 . . | . 3 . | . . .`, `|2..|1.5|..3|`). A line of 9 tokens of digits, some of them
//!    longer than one digit, is a row of candidates (a token is a run of digits between spaces
//!    or separators). Anything else is a wrong number of cells, counted in tokens when the line
//!    has several tokens of digits only, some longer than one digit, and in cell characters
//!    otherwise.
//! 6. A grid is its 9 rows with the separator lines between them, and one separator line right
//!    after the ninth row. A blank line, a comment, a one-line puzzle or the end of the text
//!    before the ninth row is [`Reason::ShortGrid`]; a row right after the ninth is
//!    [`Reason::LongGrid`]. So a separator line that no row follows (a rule between one-line
//!    puzzles) starts a grid and ends it with no row: "the grid ends after 0 rows". A grid with
//!    a row of candidates is a candidate grid: its rows of single digits are cells with one
//!    candidate, and a blank there is [`Reason::BlankInCandidateGrid`].
//!
//! After an error the reader reports how many bytes to skip to go on with the next puzzle: the
//! rest of the bad line, or of the grid it belongs to (up to its ninth row and a closing
//! separator line, stopping at a blank line, a comment or a one-line puzzle), so that a text
//! gives one diagnostic per bad puzzle. A bad line that holds a word (two letters in a row,
//! other than `x` blanks) is text, not a grid's row: only the line is skipped, so a heading
//! such as `Puzzle 1 | hard` costs no grid after it.
//!
//! References for the layouts: SudoCue's file formats page (<http://sudocue.net/fileformats.php>,
//! the `.sdk` metadata lines), pzl.org.uk's formats page (<http://pzl.org.uk/Formats.html>:
//! `[Puzzle]`, `xxx|xxx|xxx`, Simple Sudoku's `*-----------*` grid), Sudopedia's pencilmark page
//! (<http://sudopedia.enjoysudoku.com/Pencilmark.html>) and HoDoKu's examples
//! (<http://hodoku.sourceforge.net/en/show_example.php>) for the candidate grid, and the Sudoku
//! Explainer ratings (`ED=7.2/2.0/2.0`) that follow puzzles in collections.

mod candidates;
mod error;
mod grid;
mod line;
mod text;

pub use error::{ReadError, Reason};

use crate::candidates::Candidates;
use crate::geometry::{CellSet, CELLS};
use grid::{Grid, GridLine};
use line::{classify, Shape};
use text::Line;

/// A puzzle read from text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Puzzle {
    /// Givens: the 81-byte board text, canonical (`'1'`-`'9'` and `'.'`), row-major. Not
    /// validated: equal givens in a house are left to [`crate::validate`].
    Givens([u8; CELLS]),
    /// Candidates of each cell (a pencilmark puzzle).
    Candidates(Candidates),
}

/// One puzzle read by [`read_puzzle`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Read {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// Bytes of the text this puzzle used, with the comments before it and its last line end;
    /// the next puzzle starts there. At least 1.
    pub consumed: usize,
    /// Line ends within the `consumed` bytes.
    pub lines: usize,
    /// The line where the puzzle starts (its one line, or the first line of its grid), 1-based.
    pub line: usize,
    /// The byte offset of that line (after a byte-order mark, if any).
    pub offset: usize,
}

/// Where a fault is in a line, before the line number and the bytes to skip are known.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Fault {
    offset: usize,
    column: usize,
    reason: Reason,
}

/// Reads one puzzle from the start of `text` (see the module documentation for the formats).
///
/// Returns `Ok(Some(read))` with the puzzle and the bytes it used, `Ok(None)` when no puzzle is
/// left (the text is empty or holds only blank lines and comments), or the [`ReadError`], which
/// also says how many bytes to skip. Only `text` is read, and never past its end.
pub fn read_puzzle(text: &[u8]) -> Result<Option<Read>, ReadError> {
    Reader {
        text,
        pos: 0,
        number: 1,
        lines: 0,
    }
    .read()
}

/// Every puzzle of `text`, in order: each item is what [`read_puzzle`] gives for the rest of the
/// text, with `line` and `offset` counted from the start of `text`. The iterator ends when no
/// puzzle is left; after an error it goes on with the next puzzle.
pub fn puzzles(text: &[u8]) -> Puzzles<'_> {
    Puzzles {
        text,
        pos: 0,
        lines: 0,
    }
}

/// The iterator of [`puzzles`].
#[derive(Debug, Clone)]
pub struct Puzzles<'a> {
    text: &'a [u8],
    pos: usize,
    lines: usize,
}

impl Iterator for Puzzles<'_> {
    type Item = Result<Read, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        let rest = self.text.get(self.pos..).filter(|r| !r.is_empty())?;
        let (base, lines) = (self.pos, self.lines);
        match read_puzzle(rest) {
            Ok(None) => {
                self.pos = self.text.len();
                None
            }
            Ok(Some(mut read)) => {
                self.pos += read.consumed;
                self.lines += read.lines;
                read.line += lines;
                read.offset += base;
                Some(Ok(read))
            }
            Err(mut e) => {
                self.pos += e.consumed;
                self.lines += e.lines;
                e.line += lines;
                e.offset += base;
                Some(Err(e))
            }
        }
    }
}

/// The reading of one puzzle: where it is in the text.
struct Reader<'a> {
    text: &'a [u8],
    /// Bytes consumed so far: the start of the next line.
    pos: usize,
    /// The number (1-based) of the line at `pos`.
    number: usize,
    /// Line ends consumed so far.
    lines: usize,
}

impl Reader<'_> {
    /// The line at `pos` and its number, or `None` at the end of the text.
    fn peek(&self) -> Option<(Line, usize)> {
        Line::at(self.text, self.pos).map(|line| (line, self.number))
    }

    /// Consumes `line` (the line at `pos`).
    fn advance(&mut self, line: &Line) {
        self.pos = line.next;
        self.lines += usize::from(line.has_end());
        self.number += 1;
    }

    /// The line and column of the end of the text, once every line is consumed: after a last
    /// line without a line end, that line, just past its last character (a text of 8 lines
    /// ends on line 8); after a line end, the empty line that follows, column 1.
    fn end_position(&self) -> (usize, usize) {
        match self.text.last() {
            Some(&b) if b != b'\n' && b != b'\r' && self.number > 1 => {
                let start = self.text[..self.text.len() - 1]
                    .iter()
                    .rposition(|&b| b == b'\n' || b == b'\r')
                    .map_or(0, |k| k + 1);
                let line = &self.text[start..];
                let line = line.strip_prefix(text::BOM).unwrap_or(line);
                let chars = line.iter().filter(|&&b| b & 0xC0 != 0x80).count();
                (self.number - 1, chars + 1)
            }
            _ => (self.number, 1),
        }
    }

    /// The error for `fault` at line `number`, with what was consumed so far.
    fn error(&self, number: usize, fault: Fault) -> ReadError {
        ReadError {
            offset: fault.offset,
            line: number,
            column: fault.column,
            reason: fault.reason,
            consumed: self.pos,
            lines: self.lines,
        }
    }

    fn done(&self, puzzle: Puzzle, line: usize, offset: usize) -> Option<Read> {
        Some(Read {
            puzzle,
            consumed: self.pos,
            lines: self.lines,
            line,
            offset,
        })
    }

    /// The common case first: a line of exactly 81 digits, `.` and `0`, then a line end or the
    /// end of the text, checked 16 bytes at a time. The same answer as the rules give (2 and
    /// 4), only sooner.
    fn one_plain_line(&self) -> Option<Read> {
        let rest = &self.text[self.pos..];
        let cells: &[u8; CELLS] = rest.first_chunk()?;
        let next = match rest.get(CELLS) {
            None => CELLS,
            Some(b'\n') => CELLS + 1,
            Some(b'\r') if rest.get(CELLS + 1) == Some(&b'\n') => CELLS + 2,
            Some(b'\r') => CELLS + 1,
            Some(_) => return None,
        };
        let (digits, blanks) = crate::board::byte_classes(cells);
        if digits | blanks != CellSet::ALL.bits() {
            return None;
        }
        let mut board = *cells;
        for b in &mut board {
            if *b == b'0' {
                *b = b'.';
            }
        }
        Some(Read {
            puzzle: Puzzle::Givens(board),
            consumed: self.pos + next,
            lines: self.lines + usize::from(next > CELLS),
            line: self.number,
            offset: self.pos,
        })
    }

    fn read(mut self) -> Result<Option<Read>, ReadError> {
        if let Some(read) = self.one_plain_line() {
            return Ok(Some(read));
        }
        // Before the puzzle: blank lines and comments, then its first line.
        let (first, offset, mut grid) = loop {
            let Some((line, number)) = self.peek() else {
                return Ok(None);
            };
            let shape = classify(self.text, &line, false);
            self.advance(&line);
            let offset = line.start + bom_at(self.text, &line);
            match shape {
                Ok(Shape::Blank | Shape::Meta) => {}
                Ok(Shape::Givens(cells)) => {
                    return Ok(self.done(Puzzle::Givens(cells), number, offset))
                }
                Ok(Shape::Pencilmark(c)) => {
                    return Ok(self.done(Puzzle::Candidates(c), number, offset))
                }
                Ok(Shape::Grid(g)) => {
                    let mut grid = Grid::default();
                    if let GridLine::Row(row) = g {
                        grid.push(row, number);
                    }
                    break (number, offset, grid);
                }
                Err(fault) => {
                    // A bad first row takes its grid with it; a line of text (a word: two
                    // letters in a row, other than `x` blanks), such as a heading `Puzzle 1 |
                    // hard` before a grid, is only itself, and the grid after it is read.
                    let bytes = &self.text[line.start..line.end];
                    let word = bytes.windows(2).any(|w| {
                        w.iter().all(u8::is_ascii_alphabetic)
                            && w.iter().any(|&b| b != b'x' && b != b'X')
                    });
                    let row_like = !word
                        && (matches!(fault.reason, Reason::CellCount { expected: 9, .. })
                            || bytes.iter().any(|&b| matches!(b, b'|' | b'!' | b'+')));
                    if row_like {
                        self.skip_grid(1);
                    }
                    return Err(self.error(number, fault));
                }
            }
        };
        // The grid: up to its ninth row.
        while grid.rows() < 9 {
            let Some((line, number)) = self.peek() else {
                let (number, column) = self.end_position();
                let fault = Fault {
                    offset: self.text.len(),
                    column,
                    reason: Reason::ShortGrid {
                        rows: grid.rows(),
                        at_end: true,
                    },
                };
                return Err(self.error(number, fault));
            };
            let shape = classify(self.text, &line, true);
            // A line that is no row (a one-line puzzle, right or not, a blank line, a comment)
            // ends the grid short: the grid's error first; the next read starts with it.
            let ends = match &shape {
                Ok(Shape::Grid(_)) => false,
                Ok(_) => true,
                Err(_) => self.row_like_as(&line, &shape) == Some(false),
            };
            if ends {
                let fault = Fault {
                    offset: line.start,
                    column: 1,
                    reason: Reason::ShortGrid {
                        rows: grid.rows(),
                        at_end: false,
                    },
                };
                return Err(self.error(number, fault));
            }
            match shape {
                Ok(Shape::Grid(GridLine::Row(row))) => {
                    self.advance(&line);
                    grid.push(row, number);
                }
                Err(fault) => {
                    self.advance(&line);
                    self.skip_grid(grid.rows() + 1);
                    return Err(self.error(number, fault));
                }
                // A separator line (the other shapes ended the grid above).
                Ok(_) => self.advance(&line),
            }
        }
        // After the ninth row: a closing separator line belongs to the grid; a row is a tenth.
        if let Some((line, number)) = self.peek() {
            match classify(self.text, &line, true) {
                Ok(Shape::Grid(GridLine::Separator)) => self.advance(&line),
                Ok(Shape::Grid(GridLine::Row(_))) => {
                    self.advance(&line);
                    // The rest of an oversized grid goes with it: its rows, well-formed or not.
                    // A line that is no row (an 80-cell puzzle) is a puzzle of its own and gets
                    // its own diagnostic.
                    while let Some((next, _)) = self.peek() {
                        if self.row_like(&next) != Some(true) {
                            break;
                        }
                        self.advance(&next);
                    }
                    let fault = Fault {
                        offset: line.start,
                        column: 1,
                        reason: Reason::LongGrid,
                    };
                    return Err(self.error(number, fault));
                }
                _ => {}
            }
        }
        match grid.finish() {
            Ok(puzzle) => Ok(self.done(puzzle, first, offset)),
            Err((number, at, reason)) => Err(self.error(
                number,
                Fault {
                    offset: at.offset,
                    column: at.column,
                    reason,
                },
            )),
        }
    }

    /// How `line`, met where a grid goes on, belongs to it: `Some(true)` for a row, or a line
    /// with an error that still looks like one (a bad character, or fewer than 45 cells:
    /// `classify`'s own bound between a row and a one-line puzzle); `None` for a separator line;
    /// `Some(false)` for anything else (a blank line, a comment, a one-line puzzle, right or
    /// not, as a first token of 45 bytes or more, a pencilmark line), which starts the next
    /// puzzle.
    fn row_like(&self, line: &Line) -> Option<bool> {
        self.row_like_as(line, &classify(self.text, line, true))
    }

    /// [`row_like`](Self::row_like) of `line` already classified as `shape` (in a grid).
    fn row_like_as(&self, line: &Line, shape: &Result<Shape, Fault>) -> Option<bool> {
        match shape {
            Ok(Shape::Grid(GridLine::Separator)) => None,
            Ok(Shape::Grid(GridLine::Row(_))) => Some(true),
            // A first token of 45 bytes or more is a one-line puzzle, even with a bad
            // character in it: a row's cells are 9, each a byte or a short run of candidates
            // (a long rule of dashes is a separator, met above).
            Err(_) if Self::first_token(&self.text[line.start..line.end]) >= 45 => Some(false),
            Err(fault) => Some(match fault.reason {
                Reason::CellCount { cells, .. } => cells < 45,
                _ => true,
            }),
            Ok(_) => Some(false),
        }
    }

    /// The length of the first token of `content` (after spaces and tabs, up to the next).
    fn first_token(content: &[u8]) -> usize {
        content
            .iter()
            .skip_while(|&&b| b == b' ' || b == b'\t')
            .take_while(|&&b| b != b' ' && b != b'\t')
            .count()
    }

    /// After an error in a grid with `rows` rows (the bad line counted), skips the rest of the
    /// grid: its lines up to the ninth row and one separator line after it, stopping before a
    /// blank line, a comment, a one-line puzzle or a pencilmark line.
    fn skip_grid(&mut self, mut rows: usize) {
        while rows < 9 {
            let Some((line, _)) = self.peek() else {
                return;
            };
            match self.row_like(&line) {
                None => {}
                Some(true) => rows += 1,
                Some(false) => return,
            }
            self.advance(&line);
        }
        if let Some((line, _)) = self.peek() {
            if let Ok(Shape::Grid(GridLine::Separator)) = classify(self.text, &line, true) {
                self.advance(&line);
            }
        }
    }
}

/// The length of a byte-order mark at the start of `line` (0 or 3).
fn bom_at(text: &[u8], line: &Line) -> usize {
    if text[line.start..line.end].starts_with(text::BOM) {
        text::BOM.len()
    } else {
        0
    }
}
