"""Reading puzzles from text in the formats other tools write: read_puzzle, read_puzzles and
PuzzleRead. Imports _loader, _checks, _public, _errors and _args only.
"""

from __future__ import annotations

import ctypes
from typing import Iterator, NamedTuple, Optional, Tuple, Union

from ._args import CELLS, _Board, _initialized
from ._checks import _require_int, _type_name
from ._errors import (
    SUDOKU_END_OF_INPUT,
    SUDOKU_INVALID_FORMAT,
    SUDOKU_OK,
    SudokuError,
    SudokuFormatError,
)
from ._loader import _library, _ReadInfo
from ._public import _public


#: A text to read puzzles from (read_puzzle, read_puzzles).
Text = Union[str, bytes, bytearray, memoryview]

# `kind` of a puzzle read from text (read_puzzle, read_puzzles).
SUDOKU_PUZZLE_GIVENS = 1
SUDOKU_PUZZLE_CANDIDATES = 2


@_public
class PuzzleRead(NamedTuple):
    """A puzzle read from text (read_puzzle, read_puzzles): a named tuple
    (puzzle, kind, line, offset, end, next_line).

    puzzle: for kind SUDOKU_PUZZLE_GIVENS an 81-character str ('1'-'9' and '.'), for kind
        SUDOKU_PUZZLE_CANDIDATES a tuple of 81 int masks (digit d of a cell is bit d - 1).
    line: the line where the puzzle starts, numbered from `first_line` (whole-text numbering
        in read_puzzles).
    offset: the byte offset of that line in the text (its UTF-8 encoding for a str).
    end: the byte offset where the next puzzle's reading starts (pass it as `start`).
    next_line: the number of the line at `end` (pass it as `first_line`).
    """

    puzzle: Union[str, Tuple[int, ...]]
    kind: int
    line: int
    offset: int
    end: int
    next_line: int


def _text_address(text):
    """(owner, address, size) of the bytes of a text to read, `owner` keeping them alive: a str
    is encoded as UTF-8 (one copy); bytes, bytearray and writable contiguous byte memoryviews
    are read in place, without a copy; a read-only memoryview of another object is copied."""
    if isinstance(text, str):
        text = text.encode("utf-8", "surrogatepass")
    elif isinstance(text, memoryview):
        if text.itemsize != 1:
            raise TypeError("a text is a str, bytes, bytearray or byte memoryview, not a "
                            "memoryview of %d-byte items" % text.itemsize)
        if isinstance(text.obj, bytes) and text.contiguous and text.nbytes == len(text.obj):
            text = text.obj
        elif text.readonly or not text.c_contiguous:
            text = text.tobytes()
    elif not isinstance(text, (bytes, bytearray)):
        raise TypeError("a text is a str, bytes, bytearray or byte memoryview, not %s"
                        % _type_name(text))
    if isinstance(text, bytes):
        # A c_char_p points into the bytes object itself (immutable: no copy is made).
        return text, ctypes.cast(ctypes.c_char_p(text), ctypes.c_void_p).value or 0, len(text)
    size = len(text) if isinstance(text, bytearray) else text.nbytes
    if size == 0:
        return text, 0, 0
    array = (ctypes.c_char * size).from_buffer(text)
    return array, ctypes.addressof(array), size


def _read_at(address, size, start, first_line, info):
    """One sudoku_read_puzzle call on the text at `address` (`size` bytes) from byte `start`,
    lines numbered from `first_line`: a PuzzleRead, None at the end, or a SudokuFormatError
    (returned, not raised)."""
    board = _Board()
    candidates = (ctypes.c_uint16 * CELLS)()
    info.first_line = first_line
    status = _library().sudoku_read_puzzle(
        (address + start) if size > start else None, size - start, board, candidates,
        ctypes.byref(info),
    )
    end = start + info.consumed
    if status == SUDOKU_OK:
        if info.kind == SUDOKU_PUZZLE_CANDIDATES:
            puzzle = tuple(candidates)
        else:
            puzzle = board.raw.decode("ascii")
        return PuzzleRead(puzzle, info.kind, info.line, start + info.offset, end,
                          info.first_line)
    if status == SUDOKU_INVALID_FORMAT:
        return SudokuFormatError(
            info.message.decode("ascii", "replace"), info.line, info.column,
            start + info.offset, info.reason, end, info.first_line,
        )
    if status == SUDOKU_END_OF_INPUT:
        return None
    raise SudokuError(status)


# The largest size_t (2**64 - 1 on 64-bit platforms).
_SIZE_MAX = 2 ** (8 * ctypes.sizeof(ctypes.c_size_t)) - 1


def _check_start(start, first_line, size):
    """(start, first_line) as ints, checked against a text of `size` bytes."""
    start = _require_int("start", start)
    first_line = _require_int("first_line", first_line)
    if not 0 <= start <= size:
        raise ValueError("start must be a byte offset from 0 to %d (the text's length), not %d"
                         % (size, start))
    # Up to size_t's largest value, where the library's line numbers saturate: a next_line
    # returned is always a valid first_line.
    if not 1 <= first_line <= _SIZE_MAX:
        raise ValueError("first_line must be from 1 to %d" % _SIZE_MAX)
    return start, first_line


def read_puzzle(text: Text, start: int = 0, first_line: int = 1) -> Optional[PuzzleRead]:
    """Reads the first puzzle of `text` from byte offset `start` in any format the library
    reads: one line of 81 cells (a rating or comment may follow), a grid of 9 rows with or
    without separators, comment and label lines ('#', ';', '//', 'Author: me'), a
    729-character pencilmark line or a candidate grid.

    `text`: a str (encoded as UTF-8 on each call: to read a long str in a loop, encode it once
    and pass the bytes), bytes, bytearray or a byte memoryview (read in place, not copied).
    `start` is a byte offset into those bytes; `first_line` the number of the line at `start`.
    Returns a PuzzleRead (puzzle, kind, line, offset, end, next_line), or None when no puzzle
    is left (only blank lines and comments). To read on:
    read_puzzle(text, r.end, r.next_line). Raises SudokuFormatError when the text is not a
    puzzle (its `end` and `next_line` say where to go on); TypeError for another type of text,
    start or first_line; ValueError for a start outside the text or a first_line below 1 or
    above size_t's largest value (2**64 - 1 on 64-bit platforms), where line numbers stop
    growing."""
    owner, address, size = _text_address(text)
    start, first_line = _check_start(start, first_line, size)
    info = _initialized(_ReadInfo, "sudoku_read_info_init_size")
    item = _read_at(address, size, start, first_line, info)
    del owner
    if isinstance(item, SudokuFormatError):
        raise item
    return item


def read_puzzles(
    text: Text, first_line: int = 1
) -> Iterator[Union[PuzzleRead, SudokuFormatError]]:
    """Every puzzle of `text` (as read_puzzle takes it; a str is encoded once), in order: returns
    an iterator that yields a PuzzleRead for each puzzle and, for a text that is not a puzzle,
    the SudokuFormatError (yielded, not raised, so that one bad puzzle does not stop the
    others). Lines are numbered over the whole text from `first_line`, offsets are bytes from
    its start. The arguments are checked here, at the call (TypeError for another type of text
    or first_line, ValueError for a first_line below 1), not when the iteration starts."""
    owner, address, size = _text_address(text)
    _, first_line = _check_start(0, first_line, size)
    info = _initialized(_ReadInfo, "sudoku_read_info_init_size")
    return _read_all(owner, address, size, first_line, info)


def _read_all(owner, address, size, first_line, info):
    """The generator of read_puzzles, on arguments it checked; `owner` keeps the text's bytes
    alive while it runs."""
    start, line = 0, first_line
    while True:
        item = _read_at(address, size, start, line, info)
        if item is None:
            return
        start, line = item.end, item.next_line
        yield item
