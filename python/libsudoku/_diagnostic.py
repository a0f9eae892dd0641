"""What the programs print for a text that is not a puzzle: the reader's sentence and, for a bad
character, the cell it stands in, counted as examples/read_diagnostic.h counts it
(_read_diagnostic; python -m libsudoku and libsudoku.dask print it). Imports _args, _errors and
_read only.
"""

import re

from ._args import CELLS
from ._errors import SudokuFormatError
from ._read import read_puzzle


def _is_cell(byte):
    return byte in b"0123456789.*_-xX"


#: The length of a first token of cells from which the reader takes it for a 729-character
#: pencilmark line rather than a one-line puzzle (as examples/read_diagnostic.h).
_PENCILMARK_FROM = 405


def _is_separator(byte, following):
    """A separator of the reader's grid lines: |, !, +, :, ', = and the box-drawing characters
    (U+2500-U+257F, UTF-8 E2 94 xx and E2 95 xx; `following` is the next byte or None)."""
    return byte in b"|!+:'=" or (byte == 0xE2 and following in (0x94, 0x95))


#: UTF-8 continuation bytes, deleted to count a text's characters.
_CONTINUATION = bytes(range(0x80, 0xC0))

#: The end of a first token.
_SPACE = re.compile(rb"[ \t\r\n]")


def _cell_of(data, start, error):
    """The cell (0-80) the bad character of `error` stands in, or None: as examples/
    read_diagnostic.h counts it (the grid's rows before the character's line, read back by the
    library from the text before that line, and the cells before it on its line, a row of
    candidates, whose cells are its runs of digits, being told from a row of givens on the whole
    line as the reader does; on a first line whose first token is 405 characters or more, a
    pencilmark line, 9 characters a cell). `start` is the offset in `data` where the failed
    read started. The line is scanned only as far as the answer needs (a bad line of megabytes
    costs no more than its first cells)."""
    line_start = error.offset
    while line_start > start and data[line_start - 1] not in b"\r\n":
        line_start -= 1
    rows = 9
    try:
        if read_puzzle(bytes(data[start:line_start])) is None:
            rows = 0
    except SudokuFormatError as before:
        found = re.match(r"the grid ends after (\d+) row", before.message)
        if before.reason == 3 and found:
            rows = int(found.group(1))
    i = line_start
    if data[i:i + 3] == b"\xef\xbb\xbf" and error.offset - i >= 3:
        i += 3
    # chars, token: the cells before the bad character, as cell characters and as runs;
    # line_chars, line_tokens: the same over the whole line.
    chars = token = line_chars = line_tokens = token_len = 0
    spaced = in_token = long_token = blank_token = token_blank = False
    end = error.end
    while i < end and data[i] not in b"\r\n":
        byte = data[i]
        following = data[i + 1] if i + 1 < end else None
        if i == error.offset:
            # The bad character stands in a cell; the ones before it tell which (a character
            # inside a run of digits belongs to that run's cell).
            chars = line_chars
            token = line_tokens - 1 if in_token else line_tokens
            is_cell = True
            if rows == 0 and not spaced:
                break  # a first line read whole: the rest of the line does not count
            if chars >= 9 and token >= 9 or chars == token:
                break  # beyond the row either way, or the same cell either way
        elif byte & 0xC0 == 0x80:
            i += 1
            continue  # a UTF-8 continuation byte: its character is counted once
        elif i < error.offset:
            is_cell = _is_cell(byte)
            spaced |= not is_cell
            if line_chars >= CELLS * 9 and line_tokens >= 10:
                return None  # beyond a pencilmark line and a row, whatever follows
        else:
            # After the bad character (the reader stopped there): any character that is not
            # a space or a separator takes a cell.
            is_cell = not (byte in b" \t" or _is_separator(byte, following))
        if not is_cell:
            in_token = False
            i += 1
            continue
        line_chars += 1
        if not in_token:
            line_tokens += 1
            token_len = 0
            token_blank = False
        in_token = True
        token_len += 1
        token_blank |= i != error.offset and _is_cell(byte) and not 0x31 <= byte <= 0x39
        blank_token |= token_blank and token_len > 1
        long_token |= token_len > 1
        if i > error.offset and blank_token:
            break  # no row of candidates: the cells before the character decide
        i += 1
    if rows == 0 and not spaced:
        # A one-line puzzle, the first row of a grid, or a pencilmark line (9 characters a cell)
        # when the line's first token is that long; a UTF-8 character is counted once.
        space = _SPACE.search(data, error.offset, error.end)
        rest = bytes(data[error.offset:space.start() if space else error.end])
        first = chars + len(rest.translate(None, _CONTINUATION))
        width = 9 if first >= _PENCILMARK_FROM else 1
        return chars // width if chars < CELLS * width else None
    if line_chars != 9 and not blank_token and long_token and line_tokens > 1:
        chars = token  # a row of candidates: a cell is a run of digits
    if rows >= 9 or chars >= 9:
        return None
    return rows * 9 + chars


def _read_diagnostic(data, start, error):
    """What the programs print for a text that is not a puzzle: the reader's sentence and, for
    a bad character, its cell (see examples/read_diagnostic.h)."""
    cell = _cell_of(data, start, error) if error.reason == 1 else None
    if cell is None:
        return error.message
    return "%s (cell %d: row %d, column %d)" % (error.message, cell, cell // 9 + 1, cell % 9 + 1)
