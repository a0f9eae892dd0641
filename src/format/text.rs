//! The text beneath the formats: lines and their ends, the classes of characters, UTF-8
//! decoding for columns and diagnostics.

/// The UTF-8 byte-order mark.
pub(super) const BOM: &[u8] = b"\xEF\xBB\xBF";

/// What a byte means in a cell: the canonical cell byte (`'1'`-`'9'`, or `'.'` for every
/// blank: `.` `0` `*` `_` `-` `x` `X`), or [`NOT_A_CELL`].
pub(super) const CELL: [u8; 256] = {
    let mut t = [NOT_A_CELL; 256];
    let mut d = b'1';
    while d <= b'9' {
        t[d as usize] = d;
        d += 1;
    }
    let blanks = b".0*_-xX";
    let mut i = 0;
    while i < blanks.len() {
        t[blanks[i] as usize] = b'.';
        i += 1;
    }
    t
};

/// [`CELL`] of a byte that is no cell.
pub(super) const NOT_A_CELL: u8 = 0;

/// One line of the text: its content `start..end` and where the next line starts (`next`, past
/// the line end: LF, CRLF or CR; `next == end` for a last line without one).
#[derive(Debug, Clone, Copy)]
pub(super) struct Line {
    pub start: usize,
    pub end: usize,
    pub next: usize,
}

impl Line {
    /// The line starting at `start`, or `None` at the end of the text.
    pub fn at(text: &[u8], start: usize) -> Option<Line> {
        let rest = text.get(start..).filter(|r| !r.is_empty())?;
        let Some(k) = rest.iter().position(|&b| b == b'\n' || b == b'\r') else {
            return Some(Line {
                start,
                end: text.len(),
                next: text.len(),
            });
        };
        let end = start + k;
        let next = if text[end] == b'\r' && text.get(end + 1) == Some(&b'\n') {
            end + 2
        } else {
            end + 1
        };
        Some(Line { start, end, next })
    }

    /// Whether the line has a line end (only the last line of a text may lack one).
    pub fn has_end(&self) -> bool {
        self.next > self.end
    }
}

/// A character of a line, as the reader classes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Ch {
    /// An ASCII byte.
    Ascii(u8),
    /// A valid non-ASCII character.
    Other(char),
    /// A byte that does not start a valid UTF-8 sequence here.
    Invalid(u8),
}

/// The character at `pos` of `text[..end]` and its length in bytes.
pub(super) fn decode(text: &[u8], pos: usize, end: usize) -> (Ch, usize) {
    let b = text[pos];
    if b.is_ascii() {
        return (Ch::Ascii(b), 1);
    }
    let chunk = &text[pos..end.min(pos + 4)];
    let valid = match std::str::from_utf8(chunk) {
        Ok(s) => s,
        // SAFETY-free: the prefix up to valid_up_to is valid UTF-8 by definition.
        Err(e) => std::str::from_utf8(&chunk[..e.valid_up_to()]).unwrap_or(""),
    };
    match valid.chars().next() {
        Some(c) => (Ch::Other(c), c.len_utf8()),
        None => (Ch::Invalid(b), 1),
    }
}

/// Box-drawing characters (U+2500-U+257F), read as separators in grids.
pub(super) fn is_box_drawing(c: char) -> bool {
    ('\u{2500}'..='\u{257F}').contains(&c)
}

/// The vertical lines among the box-drawing characters (light, heavy, double, dashed, half):
/// they separate the cells of a row, as `|` does, and are no rule of a separator line, so that
/// `│ . . . │ . . . │ . . . │` is a row of blanks.
pub(super) fn is_vertical_line(c: char) -> bool {
    const VERTICAL: [char; 15] = [
        '│', '┃', '║', '┆', '┇', '┊', '┋', '╎', '╏', '╵', '╷', '╹', '╻', '╽', '╿',
    ];
    VERTICAL.contains(&c)
}

/// Spaces and tabs: what separates cells and trailing text.
pub(super) fn is_space(b: u8) -> bool {
    b == b' ' || b == b'\t'
}
