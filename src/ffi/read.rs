//! Reading puzzles from text: `sudoku_read_puzzle`, its `sudoku_read_info` and
//! `sudoku_read_info_init`. The formats and rules are those of the Rust reader
//! ([`crate::format`]); see docs/c-api.md, "Reading puzzles from text".

use std::ffi::c_char;
use std::fmt;
use std::mem::size_of;
use std::ptr::{self, NonNull};
use std::slice;

use super::region::Region;
use super::sudoku_status::{self, *};
use super::{guard, guard_or, required, versioned};
use crate::fault;
use crate::format::{self, Puzzle, ReadError, Reason};
use crate::geometry::CELLS;

/// `sudoku_read_info.kind` on `SUDOKU_OK`: a puzzle of givens (only `board` was written).
pub const SUDOKU_PUZZLE_GIVENS: u32 = 1;
/// `sudoku_read_info.kind` on `SUDOKU_OK`: a candidate (pencilmark) puzzle (`candidates` and
/// `board` were written).
pub const SUDOKU_PUZZLE_CANDIDATES: u32 = 2;

/// Bytes of `sudoku_read_info.message`, its NUL terminator included.
pub const SUDOKU_READ_MESSAGE_SIZE: usize = 128;

/// `sudoku_read_info.reason`: a character no format allows there (a letter, a NUL byte, a byte
/// that is not UTF-8, a byte-order mark inside a puzzle, ...).
pub const SUDOKU_READ_INVALID_CHARACTER: u32 = 1;
/// `sudoku_read_info.reason`: a line with the wrong number of cells (9 in a grid row, 81 in a
/// one-line puzzle, 729 in a pencilmark line).
pub const SUDOKU_READ_CELL_COUNT: u32 = 2;
/// `sudoku_read_info.reason`: a grid ends before its ninth row.
pub const SUDOKU_READ_SHORT_GRID: u32 = 3;
/// `sudoku_read_info.reason`: a tenth row right after the ninth row of a grid.
pub const SUDOKU_READ_LONG_GRID: u32 = 4;
/// `sudoku_read_info.reason`: a blank cell in a candidate grid.
pub const SUDOKU_READ_BLANK_IN_CANDIDATE_GRID: u32 = 5;
/// `sudoku_read_info.reason`: a cell of a candidate grid lists a digit twice.
pub const SUDOKU_READ_REPEATED_CANDIDATE: u32 = 6;
/// `sudoku_read_info.reason`: a digit out of its place in a 729-character pencilmark line.
pub const SUDOKU_READ_MISPLACED_CANDIDATE: u32 = 7;
/// `sudoku_read_info.reason`: a candidate puzzle was read but `candidates` is NULL.
pub const SUDOKU_READ_NO_CANDIDATES_BUFFER: u32 = 8;

/// What `sudoku_read_puzzle` tells besides its status. Call
/// `sudoku_read_info_init_size(&info, sizeof info)` (or `sudoku_read_info_init(&info)`, the
/// same for the struct of this version) before the first call: fields may be appended in later
/// versions, and the library fills only the fields it knows.
///
/// Written on `SUDOKU_OK`, `SUDOKU_INVALID_FORMAT` and `SUDOKU_END_OF_INPUT`, never on another
/// status. `offset` is in bytes from the `text` passed; `line` and `column` are 1-based, lines
/// counted from `first_line` (so a loop that passes the same info on gets the lines of the
/// whole input), the column in characters of the line (UTF-8 decoded; a leading byte-order mark
/// is not counted).
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct sudoku_read_info {
    /// `sizeof(sudoku_read_info)` as the caller knows it; set by the init calls, never written
    /// by `sudoku_read_puzzle`, which refuses one below this version's or above
    /// `SUDOKU_STRUCT_SIZE_MAX` (`SUDOKU_INVALID_ARGUMENT`).
    pub struct_size: u32,
    /// On `SUDOKU_OK`: `SUDOKU_PUZZLE_GIVENS` or `SUDOKU_PUZZLE_CANDIDATES`; otherwise 0.
    pub kind: u32,
    /// In: the number of the first line of `text` (0 counts as 1; `sudoku_read_info_init` sets
    /// 1). Out: the number of the line where the rest of the text starts (`first_line + lines`),
    /// ready for the next call on `text + consumed`. Line numbers stop at `SIZE_MAX` (they
    /// saturate rather than wrap).
    pub first_line: usize,
    /// Bytes of `text` used: the puzzle (or the bad puzzle) with the blank lines and comments
    /// before it and its last line end. Pass `text + consumed` to read the next one. At least 1,
    /// except on `SUDOKU_END_OF_INPUT`, where it is `len`.
    pub consumed: usize,
    /// Line ends within the `consumed` bytes. `first_line` already moves on by this many, so a
    /// loop that passes the same info on needs no sum of its own (adding `lines` to
    /// `first_line` as well would count them twice); it is there for a caller that numbers
    /// lines itself.
    pub lines: usize,
    /// On `SUDOKU_OK`, the line where the puzzle starts; on `SUDOKU_INVALID_FORMAT`, the line of
    /// the fault; 0 on `SUDOKU_END_OF_INPUT`.
    pub line: usize,
    /// The column of the fault (`SUDOKU_INVALID_FORMAT`), else 1 on `SUDOKU_OK` (the puzzle's
    /// line) and 0 on `SUDOKU_END_OF_INPUT`.
    pub column: usize,
    /// Byte offset of the fault, or on `SUDOKU_OK` of the start of the puzzle's first line
    /// (past a byte-order mark; the line's column 1, not the first cell, which labels or
    /// spaces may precede); `len` on `SUDOKU_END_OF_INPUT`.
    pub offset: usize,
    /// On `SUDOKU_INVALID_FORMAT`, why: one of the `SUDOKU_READ_*` reasons; otherwise 0.
    pub reason: u32,
    /// On `SUDOKU_INVALID_FORMAT`, an English sentence saying what is wrong and where, for
    /// example "line 3 has 8 cells, not 9" (ASCII, NUL-terminated, truncated to fit); otherwise
    /// the empty string.
    pub message: [c_char; SUDOKU_READ_MESSAGE_SIZE],
}

impl sudoku_read_info {
    /// Every field zero, with `struct_size` set.
    fn empty(struct_size: u32) -> sudoku_read_info {
        sudoku_read_info {
            struct_size,
            kind: 0,
            first_line: 0,
            consumed: 0,
            lines: 0,
            line: 0,
            column: 0,
            offset: 0,
            reason: 0,
            message: [0; SUDOKU_READ_MESSAGE_SIZE],
        }
    }
}

/// `sizeof(sudoku_read_info)` of this version.
const INFO_SIZE: usize = size_of::<sudoku_read_info>();

/// The bytes `sudoku_read_info_init` writes, in this version and every later one: the struct
/// as it is in 0.1.
const INIT_SIZE: usize = INFO_SIZE;

/// Prepares a `sudoku_read_info`: `struct_size` set to this library's `sizeof(sudoku_read_info)`,
/// `first_line` to 1, every other field zero. Does nothing when `info` is NULL.
///
/// The same as `sudoku_read_info_init_size(info, sizeof(sudoku_read_info))` with this version's
/// size: it writes that many bytes in every later version too, even once the struct has grown.
/// Code that may be built against a later header should call
/// `sudoku_read_info_init_size(&info, sizeof info)` instead.
///
/// # Safety
/// `info` must be NULL or point to a writable `sudoku_read_info` of this version.
#[no_mangle]
pub unsafe extern "C" fn sudoku_read_info_init(info: *mut sudoku_read_info) {
    guard_or((), || {
        // SAFETY: the caller guarantees NULL or INIT_SIZE writable bytes.
        let _ = unsafe { init_info(info, INIT_SIZE) };
    })
}

/// Prepares the caller's `sudoku_read_info` of `size` bytes (pass `sizeof info`) as
/// `sudoku_read_info_init` does, for the fields of the largest version of the struct that fits
/// in `size` bytes and that this library knows (this version has one), and sets `struct_size`
/// to that version's size. Nothing past those bytes is written: a caller built against a later,
/// larger struct keeps its extra fields.
///
/// Returns `SUDOKU_OK`, `SUDOKU_NULL_POINTER` (`info` NULL), `SUDOKU_INVALID_ARGUMENT` (`size`
/// below the first version's `sizeof(sudoku_read_info)`) or `SUDOKU_INTERNAL_ERROR`; nothing is
/// written unless `SUDOKU_OK`. Thread-safe; no allocation.
///
/// # Safety
/// `info` must be NULL or point to `size` writable bytes.
#[no_mangle]
pub unsafe extern "C" fn sudoku_read_info_init_size(
    info: *mut sudoku_read_info,
    size: usize,
) -> sudoku_status {
    // SAFETY: the caller guarantees NULL or `size` writable bytes.
    guard(|| unsafe { init_info(info, size) })
}

/// Writes a fresh `sudoku_read_info` of the largest version that fits in `size` bytes.
///
/// # Safety
/// `info` must be NULL or point to `size` writable bytes.
unsafe fn init_info(info: *mut sudoku_read_info, size: usize) -> Result<(), sudoku_status> {
    // Zeroed bytes with two fields set: every other field is zero.
    // SAFETY: the caller's guarantee; the version is the struct's size; the fields are written
    // in place, through the pointer `versioned::init` gives (a local struct).
    unsafe {
        versioned::init(info, size, &[INFO_SIZE], |p, struct_size| {
            ptr::addr_of_mut!((*p).struct_size).write(struct_size);
            ptr::addr_of_mut!((*p).first_line).write(1);
        })
    }
}

/// Whether the outputs of `sudoku_read_puzzle` (the 81 bytes at `board`, the 81 masks at
/// `candidates` unless it is NULL, the struct at `info`, as the library writes it) can all exist
/// and overlap neither each other nor the `len` bytes of `text`: the reader writes its outputs
/// after reading the whole text, but an output inside the text, or two outputs sharing bytes,
/// would leave the caller results that clobber each other.
fn outputs_apart(
    text: *const u8,
    len: usize,
    board: NonNull<c_char>,
    candidates: *mut u16,
    info: NonNull<sudoku_read_info>,
) -> bool {
    let [Some(board), Some(candidates), Some(info), Some(text)] = [
        Region::of(board.as_ptr().cast::<u8>(), CELLS),
        Region::of(
            candidates.cast::<u8>(),
            if candidates.is_null() { 0 } else { 2 * CELLS },
        ),
        Region::of(info.as_ptr().cast::<u8>(), INFO_SIZE),
        Region::of(text, len),
    ] else {
        return false;
    };
    !Region::any_overlap(&[board, candidates, info, text])
}

/// Reads one puzzle from the start of a text, in any format of docs/c-api.md ("Reading puzzles
/// from text"): one line of 81 cells (with a rating or comment after it), a grid of 9 rows with
/// or without separators, comment and label lines (`#`, `;`, `//`, `Author: me`), a
/// 729-character pencilmark line or a candidate grid. Loop with `text + info->consumed` to read
/// every puzzle of a text. The whole text must be in memory (or mmap'ed): a text cut in the
/// middle of a puzzle reads as a short grid or a puzzle with cells missing.
///
/// `text`: `len` bytes, not NUL-terminated (a NUL byte is an invalid character); nothing past
/// `len` is read. `text` may be NULL only when `len` is 0 (the empty text). `board`: 81 bytes,
/// written on `SUDOKU_OK` only, canonical (`'1'`-`'9'` and `'.'`); for a candidate puzzle, the
/// cells with exactly one candidate as digits. `candidates`: NULL or 81 `uint16_t` (digit `d` of
/// cell `i` is bit `d - 1` of `candidates[i]`), written on `SUDOKU_OK` for a candidate puzzle
/// only; when it is NULL, a candidate puzzle is `SUDOKU_INVALID_FORMAT` with reason
/// `SUDOKU_READ_NO_CANDIDATES_BUFFER` (and `consumed` past it, so a loop goes on). `info`: set
/// up by `sudoku_read_info_init`; see `sudoku_read_info` for what is written.
///
/// Only the format is checked: equal givens in a house or a cell without candidates are left to
/// `sudoku_validate` and the solvers.
///
/// Returns `SUDOKU_OK` (a puzzle: `board`, maybe `candidates`, and `info` written),
/// `SUDOKU_INVALID_FORMAT` (`info` says where and why; `board` and `candidates` untouched: like
/// `sudoku_validate`'s cell, the diagnostic is the output of this failure),
/// `SUDOKU_END_OF_INPUT` (no puzzle left: only blank lines and comments; `info->consumed ==
/// len`), `SUDOKU_NULL_POINTER` (`board` or `info` NULL, or `text` NULL with `len > 0`),
/// `SUDOKU_INVALID_ARGUMENT` (`info->struct_size` smaller than the first version's
/// `sizeof(sudoku_read_info)`, this version's, or above `SUDOKU_STRUCT_SIZE_MAX`; `len` larger
/// than `PTRDIFF_MAX` or wrapping `text + len` around the address space; or `board`,
/// `candidates`, `info` and the text overlapping) or `SUDOKU_INTERNAL_ERROR`;
/// nothing is written on the last three. Thread-safe; no allocation.
///
/// # Safety
/// `text` must be NULL or point to `len` readable bytes; `board` to 81 writable bytes;
/// `candidates` must be NULL or point to 81 writable `uint16_t`; `info` must be NULL or point to
/// a writable struct of `info->struct_size` bytes.
#[no_mangle]
pub unsafe extern "C" fn sudoku_read_puzzle(
    text: *const c_char,
    len: usize,
    board: *mut c_char,
    candidates: *mut u16,
    info: *mut sudoku_read_info,
) -> sudoku_status {
    guard(|| {
        if len > 0 {
            required(text.cast_mut())?;
        }
        let board = required(board)?;
        let info = required(info)?;
        // SAFETY: non-NULL; the caller guarantees a struct whose first field is struct_size.
        let struct_size = unsafe { ptr::addr_of!((*info.as_ptr()).struct_size).read_unaligned() };
        if !versioned::size_known(&[INFO_SIZE], struct_size)
            || len > isize::MAX as usize
            || (text as usize).checked_add(len).is_none()
            || !outputs_apart(text.cast::<u8>(), len, board, candidates, info)
        {
            return Err(SUDOKU_INVALID_ARGUMENT);
        }
        // SAFETY: as above, and the caller guarantees struct_size >= INFO_SIZE (checked just
        // above) readable bytes, so the whole struct of this version: no field past a smaller
        // struct is read.
        let first_line = unsafe { ptr::addr_of!((*info.as_ptr()).first_line).read_unaligned() };
        let text: &[u8] = if len == 0 {
            &[]
        } else {
            // SAFETY: non-NULL (checked above), and the caller guarantees `len` readable bytes
            // that nothing writes during the call; len <= isize::MAX.
            unsafe { slice::from_raw_parts(text.cast::<u8>(), len) }
        };
        if let Some(first) = text.first_chunk::<CELLS>() {
            fault::point(first);
        }
        let candidates = NonNull::new(candidates);
        let first_line = first_line.max(1);
        let result = format::read_puzzle(text);
        let mut out = sudoku_read_info::empty(struct_size);
        let status = outcome(&result, text, first_line, candidates.is_some(), &mut out);
        // SAFETY: the caller guarantees 81 writable bytes at `board`, 81 writable uint16_t at
        // `candidates` when it is not NULL, and struct_size >= INFO_SIZE writable bytes at
        // `info`. Nothing was written before this point.
        unsafe {
            if let (SUDOKU_OK, Ok(Some(read))) = (status, &result) {
                match &read.puzzle {
                    Puzzle::Givens(cells) => board.cast::<[u8; CELLS]>().write_unaligned(*cells),
                    Puzzle::Candidates(c) => {
                        board
                            .cast::<[u8; CELLS]>()
                            .write_unaligned(c.singles_text());
                        if let Some(candidates) = candidates {
                            candidates
                                .cast::<[u16; CELLS]>()
                                .write_unaligned(*c.masks());
                        }
                    }
                }
            }
            info.write_unaligned(out);
        }
        match status {
            SUDOKU_OK => Ok(()),
            other => Err(other),
        }
    })
}

/// The status for what the reader gave, and the info (`info`) to write.
fn outcome(
    result: &Result<Option<format::Read>, ReadError>,
    text: &[u8],
    first_line: usize,
    have_candidates: bool,
    info: &mut sudoku_read_info,
) -> sudoku_status {
    // Lines numbered from `first_line`: relative line n is first_line + n - 1.
    let shift = first_line - 1;
    match result {
        Ok(None) => {
            info.consumed = text.len();
            info.lines = line_ends(text);
            info.offset = text.len();
            info.first_line = first_line.saturating_add(info.lines);
            SUDOKU_END_OF_INPUT
        }
        Ok(Some(read)) => {
            info.consumed = read.consumed;
            info.lines = read.lines;
            info.first_line = first_line.saturating_add(read.lines);
            info.line = read.line.saturating_add(shift);
            info.column = 1;
            info.offset = read.offset;
            match read.puzzle {
                Puzzle::Candidates(_) if !have_candidates => {
                    info.reason = SUDOKU_READ_NO_CANDIDATES_BUFFER;
                    let line = info.line;
                    set_message(
                        info,
                        format_args!(
                            "line {line} starts a candidate puzzle, which needs a candidates buffer"
                        ),
                    );
                    SUDOKU_INVALID_FORMAT
                }
                Puzzle::Givens(_) => {
                    info.kind = SUDOKU_PUZZLE_GIVENS;
                    SUDOKU_OK
                }
                Puzzle::Candidates(_) => {
                    info.kind = SUDOKU_PUZZLE_CANDIDATES;
                    SUDOKU_OK
                }
            }
        }
        Err(e) => {
            let mut e = *e;
            e.line = e.line.saturating_add(shift);
            info.consumed = e.consumed;
            info.lines = e.lines;
            info.first_line = first_line.saturating_add(e.lines);
            info.line = e.line;
            info.column = e.column;
            info.offset = e.offset;
            info.reason = reason_code(&e.reason);
            set_message(info, format_args!("{e}"));
            SUDOKU_INVALID_FORMAT
        }
    }
}

/// The `SUDOKU_READ_*` code of a reason.
fn reason_code(reason: &Reason) -> u32 {
    match reason {
        Reason::InvalidCharacter { .. } => SUDOKU_READ_INVALID_CHARACTER,
        Reason::CellCount { .. } => SUDOKU_READ_CELL_COUNT,
        Reason::ShortGrid { .. } => SUDOKU_READ_SHORT_GRID,
        Reason::LongGrid => SUDOKU_READ_LONG_GRID,
        Reason::BlankInCandidateGrid => SUDOKU_READ_BLANK_IN_CANDIDATE_GRID,
        Reason::RepeatedCandidate { .. } => SUDOKU_READ_REPEATED_CANDIDATE,
        Reason::MisplacedCandidate { .. } => SUDOKU_READ_MISPLACED_CANDIDATE,
    }
}

/// Formats `message` straight into `info.message`, NUL-terminated, cut on a UTF-8 boundary to
/// fit: no allocation, so that a failure allocates no more than a success.
fn set_message(info: &mut sudoku_read_info, message: fmt::Arguments<'_>) {
    let mut out = Truncating {
        buf: [0; SUDOKU_READ_MESSAGE_SIZE - 1],
        len: 0,
        full: false,
    };
    // Truncating never fails, and a Display of this crate returns no error of its own.
    let _ = fmt::write(&mut out, message);
    for (m, &b) in info.message.iter_mut().zip(&out.buf[..out.len]) {
        *m = b as c_char;
    }
    info.message[out.len] = 0;
}

/// A `fmt::Write` into a fixed buffer that keeps what fits, cut on a UTF-8 boundary.
struct Truncating {
    buf: [u8; SUDOKU_READ_MESSAGE_SIZE - 1],
    len: usize,
    /// Set at the first cut: nothing is appended after it.
    full: bool,
}

impl fmt::Write for Truncating {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        if self.full {
            return Ok(());
        }
        let mut n = s.len().min(self.buf.len() - self.len);
        while !s.is_char_boundary(n) {
            n -= 1;
        }
        self.buf[self.len..self.len + n].copy_from_slice(&s.as_bytes()[..n]);
        self.len += n;
        self.full = n < s.len();
        Ok(())
    }
}

/// Line ends in `text` (LF, CRLF and CR each count once).
fn line_ends(text: &[u8]) -> usize {
    let mut n = 0;
    for (i, &b) in text.iter().enumerate() {
        n += usize::from(b == b'\n' || (b == b'\r' && text.get(i + 1) != Some(&b'\n')));
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fault::TRIGGER;

    fn read(text: &[u8]) -> (sudoku_status, [u8; CELLS], sudoku_read_info) {
        let mut board = [b'#'; CELLS];
        let mut info = sudoku_read_info::empty(0);
        // SAFETY: a live info.
        unsafe { sudoku_read_info_init(&mut info) };
        // SAFETY: live buffers of the documented sizes.
        let status = unsafe {
            sudoku_read_puzzle(
                text.as_ptr().cast(),
                text.len(),
                board.as_mut_ptr().cast(),
                ptr::null_mut(),
                &mut info,
            )
        };
        (status, board, info)
    }

    #[test]
    fn a_panic_inside_is_an_internal_error_and_writes_nothing() {
        let (status, board, info) = read(&TRIGGER);
        assert_eq!(status, SUDOKU_INTERNAL_ERROR);
        assert_eq!(board, [b'#'; CELLS]);
        assert_eq!((info.consumed, info.kind), (0, 0));
    }

    #[test]
    fn end_of_input_and_messages() {
        let (status, _, info) = read(b"# only a comment\r\n\n");
        assert_eq!(status, SUDOKU_END_OF_INPUT);
        assert_eq!((info.consumed, info.lines, info.offset), (19, 2, 19));
        let mut info = sudoku_read_info::empty(0);
        set_message(&mut info, format_args!("{}", "\u{e9}".repeat(100)));
        // 127 bytes would cut the 64th character: 63 are kept.
        assert_eq!(info.message[126], 0);
        assert_eq!(line_ends(b"a\rb\r\nc\n\r"), 4);
    }
}
