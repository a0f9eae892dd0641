"""A board as the C calls take it (CELLS, Board, its 81 bytes), the error naming an invalid
board's faulty cell, an options struct as the library initializes it, a count's limit and a
batch's list of puzzles and their texts: what the calls on boards share. Imports _loader,
_checks and _errors only.
"""

from __future__ import annotations

import ctypes
import sys
from typing import List, Tuple, Union

from ._checks import _check_board_type, _require_int, _type_name
from ._errors import (
    SUDOKU_CONFLICTING_GIVENS,
    SUDOKU_INVALID_ARGUMENT,
    SUDOKU_INVALID_CHARACTER,
    SUDOKU_OK,
    SudokuError,
    _message,
)
from ._loader import _library


#: A board, as every call taking one accepts it: 81 characters as a str, bytes, bytearray or a
#: memoryview of single bytes.
Board = Union[str, bytes, bytearray, memoryview]

#: Cells on a board.
CELLS = 81

_Board = ctypes.c_char * CELLS

#: The largest limit list_solutions accepts: its buffer (81 bytes a solution) fits PTRDIFF_MAX.
#: generate_batch's count has the same bound (its buffer holds 81 bytes a puzzle), hence here.
_LIST_LIMIT_MAX = (2 ** (8 * ctypes.sizeof(ctypes.c_void_p) - 1) - 1) // CELLS


def _initialized(struct, init_size):
    """A fresh `struct` (a ctypes Structure) filled by the library's `init_size` call (for
    example sudoku_generate_options_init_size) for its own size, so that the library writes
    only the fields both sides know."""
    value = struct()
    status = getattr(_library(), init_size)(ctypes.byref(value), ctypes.sizeof(value))
    if status != SUDOKU_OK:
        raise SudokuError(status, "%s: %s" % (init_size, _message(status)))
    return value


def _to_bytes(board):
    """The 81 bytes of a board (see _check_board_type for the types); SudokuError when it is
    not 81 bytes."""
    _check_board_type(board)
    # A str is counted in characters, anything else in bytes (an "é" is one of the first, two
    # of the second).
    unit = "character" if isinstance(board, str) else "byte"
    if isinstance(board, str):
        # A non-ASCII character becomes '?', a byte no board holds, one byte per character:
        # the library then names the first fault in row-major order, whatever it is, as it
        # does for the same board given as bytes.
        board = board.encode("ascii", "replace")
    board = bytes(board)
    if len(board) != CELLS:
        raise SudokuError(
            SUDOKU_INVALID_CHARACTER,
            "a board has 81 cells, got %d %s%s" % (len(board), unit, "" if len(board) == 1 else "s"),
        )
    return board


def _fail(status, board):
    """The SudokuError for `status` on `board`, naming the faulty cell of an invalid board: the
    first fault in row-major order, as sudoku_validate finds it; for a bad byte after an earlier
    clash (board_conflicts checks the bytes only), the first bad byte."""
    if status in (SUDOKU_INVALID_CHARACTER, SUDOKU_CONFLICTING_GIVENS):
        cell = ctypes.c_size_t(CELLS)
        if _library().sudoku_validate(board, ctypes.byref(cell)) == status:
            return SudokuError(status, cell=cell.value)
        if status == SUDOKU_INVALID_CHARACTER:
            bad = [i for i, byte in enumerate(board) if byte not in b".0123456789"]
            if bad:
                return SudokuError(status, cell=bad[0])
    return SudokuError(status)


def _count_limit(limit):
    """A count's limit (count_solutions, count_solutions_candidates) as an int from 1 to
    2**64 - 1: TypeError for another type, SudokuError SUDOKU_INVALID_ARGUMENT outside the range,
    as the C functions return for a limit of 0."""
    limit = _require_int("limit", limit)
    if not 1 <= limit < 2**64:
        raise SudokuError(SUDOKU_INVALID_ARGUMENT, "limit must be from 1 to 2**64 - 1")
    return limit


def _puzzle_list(call, puzzles):
    """The puzzles of a batch call (`call`, its name) as a list. A TypeError from inside an
    iterable of the caller's own goes up as it is; anything else that is not iterable is a
    TypeError that says what the call takes."""
    try:
        return list(puzzles)
    except TypeError:
        if hasattr(puzzles, "__iter__"):
            raise
        raise TypeError("%s takes a list of puzzles, not %s"
                        % (call, _type_name(puzzles))) from None


def _batch_texts(call, single, puzzles, threads) -> Tuple[List[Union[bytes, SudokuError]], int]:
    """The items of a batch call on boards (`call`, its name; `single`, the call for one
    board) that gives one result or error per puzzle: each puzzle's 81 bytes, or the
    SudokuError it raises (a board of the wrong length), and `threads` checked.

    Raises TypeError when `puzzles` is a single str or bytes rather than a list of them, not
    iterable, or a NumPy array other than a 1-D one of puzzle strings (the message says how to
    pass rows of ASCII characters), for a puzzle of the wrong type or a threads that is not an
    int; ValueError for threads below 0."""
    if isinstance(puzzles, (str, bytes, bytearray, memoryview)):
        raise TypeError("%s takes a list of puzzles; for one puzzle use %s" % (call, single))
    numpy = sys.modules.get("numpy")
    # Only solve_batch reads arrays of boards; a 1-D array of puzzle strings is a list of them,
    # as for solve_batch. Any other array would become items of the wrong type one by one.
    if (numpy is not None and isinstance(puzzles, numpy.ndarray)
            and not (puzzles.ndim == 1 and puzzles.dtype.kind in "SUO")):
        # What to pass instead: the strings of an array of strings of any shape, one by one;
        # the rows of an array of ASCII characters, each as bytes.
        advice = ("array.ravel()" if puzzles.dtype.kind in "SUO"
                  else "[row.tobytes() for row in array]")
        raise TypeError("%s takes a list of puzzles, not an array of shape %s and dtype "
                        "%s; pass %s" % (call, puzzles.shape, puzzles.dtype, advice))
    # The puzzles' type before the other arguments, as in solve_batch.
    puzzles = _puzzle_list(call, puzzles)
    threads = _require_int("threads", threads)
    if not 0 <= threads < 2**64:
        raise ValueError("threads must be from 0 to 2**64 - 1")
    items: List[Union[bytes, SudokuError]] = []
    for puzzle in puzzles:
        try:
            items.append(_to_bytes(puzzle))
        except SudokuError as error:
            items.append(error)
    return items, threads
