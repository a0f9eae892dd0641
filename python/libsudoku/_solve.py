"""Solving boards: solve, solve_unique, count_solutions, list_solutions, validate,
board_conflicts and solve_batch (on a list here; on a NumPy array in _arrays, imported only
for one). Imports _loader, _checks, _public, _errors, _args and _batch.
"""

from __future__ import annotations

import ctypes
import sys
from typing import TYPE_CHECKING, Iterable, List, NamedTuple, Optional, Union, overload

from ._args import (
    CELLS, _LIST_LIMIT_MAX, Board, _Board, _count_limit, _fail, _puzzle_list, _to_bytes,
)
from ._batch import SUDOKU_BATCH_FIRST, SUDOKU_BATCH_UNIQUE, BatchArrays, _at, _chunks
from ._checks import _check_board_type, _require_bool, _require_int
from ._errors import SUDOKU_INVALID_ARGUMENT, SUDOKU_OK, SudokuError
from ._loader import _library
from ._public import _public

if TYPE_CHECKING:  # NumPy is optional: only type checkers import it here.
    import numpy as np
    import numpy.typing as npt


def _solve_with(function, puzzle):
    text = _to_bytes(puzzle)
    board = _Board.from_buffer_copy(text)
    status = function(board)
    if status != SUDOKU_OK:
        raise _fail(status, text)
    return board.raw.decode("ascii")


def solve(puzzle: Board) -> str:
    """Returns a solution of `puzzle` (the first one found: the fastest mode) as 81 digits.

    Raises SudokuError: SUDOKU_NO_SOLUTION, SUDOKU_INVALID_CHARACTER or
    SUDOKU_CONFLICTING_GIVENS (with the cell)."""
    return _solve_with(_library().sudoku_solve, puzzle)


def solve_unique(puzzle: Board) -> str:
    """Returns the solution of `puzzle` if it has exactly one, as 81 digits.

    Raises SudokuError: SUDOKU_NO_SOLUTION, SUDOKU_MULTIPLE_SOLUTIONS,
    SUDOKU_INVALID_CHARACTER or SUDOKU_CONFLICTING_GIVENS (with the cell)."""
    return _solve_with(_library().sudoku_solve_unique, puzzle)


def count_solutions(puzzle: Board, limit: int = 2) -> int:
    """Returns the number of solutions of `puzzle`, counting at most `limit` (an int >= 1; the
    default 2 tells unique from several). 0 when it has none (not an error).

    Raises SudokuError: SUDOKU_INVALID_ARGUMENT (limit < 1), SUDOKU_INVALID_CHARACTER or
    SUDOKU_CONFLICTING_GIVENS (with the cell); TypeError when `limit` is not an int. As in C,
    the limit is checked before the board's characters (a wrong limit on a wrong board is about
    the limit)."""
    _check_board_type(puzzle)
    limit = _count_limit(limit)
    text = _to_bytes(puzzle)
    count = ctypes.c_uint64()
    status = _library().sudoku_count_solutions(text, limit, ctypes.byref(count))
    if status != SUDOKU_OK:
        raise _fail(status, text)
    return count.value


@_public
class Solutions(NamedTuple):
    """The result of list_solutions: a named tuple (solutions, more).

    solutions: a list of solutions, each a str of 81 digits, in ascending order (the order
        sorted() gives them).
    more: whether the puzzle has more solutions than the limit asked for.
    """

    solutions: List[str]
    more: bool


# The room for solutions of list_solutions' first search (see its documentation).
_LIST_FIRST_ROOM = 4096


def list_solutions(puzzle: Board, limit: int) -> Solutions:
    """Lists the first `limit` solutions of `puzzle` in ascending lexicographic order (the order
    sorted() gives the strings): returns Solutions(solutions, more), `solutions` a list of at
    most `limit` strings of 81 digits and `more` whether the puzzle has more than `limit`
    solutions. A puzzle with no solution gives ([], False) (not an error); limit 0 gives
    ([], True) exactly when there is a solution.

    Its buffer grows with the solutions found, not with `limit`: it starts at 4,096 solutions
    (81 bytes each) and, while the puzzle has more and `limit` allows, the search is run again
    with twice the room (so at most twice the work of one search of the final size, and a
    large `limit` costs nothing on a puzzle with few solutions). The solutions are decoded from
    it in place, with no copy of the whole buffer, besides the list it returns (a str of 81
    characters for each solution written); time and memory grow with the number of solutions
    listed: pass the smallest limit you need.

    Raises SudokuError: SUDOKU_INVALID_ARGUMENT (limit < 0, or a buffer of 81 * limit bytes
    could not exist), SUDOKU_INVALID_CHARACTER or SUDOKU_CONFLICTING_GIVENS (with the cell);
    TypeError when `limit` is not an int. As for count_solutions, the limit is checked before
    the board's characters."""
    _check_board_type(puzzle)
    limit = _require_int("limit", limit)
    if not 0 <= limit <= _LIST_LIMIT_MAX:
        raise SudokuError(
            SUDOKU_INVALID_ARGUMENT, "limit must be from 0 to %d" % _LIST_LIMIT_MAX
        )
    text = _to_bytes(puzzle)
    room = min(limit, _LIST_FIRST_ROOM)
    while True:
        buffer = ctypes.create_string_buffer(room * CELLS) if room else None
        written = ctypes.c_size_t()
        more = ctypes.c_bool()
        status = _library().sudoku_list_solutions(
            text, buffer, room, ctypes.byref(written), ctypes.byref(more)
        )
        if status != SUDOKU_OK:
            raise _fail(status, text)
        if room == limit or not more.value:
            break
        # The puzzle has more solutions than this room and the limit allows more: again, with
        # twice the room (the solutions come in the same order each time).
        buffer = None  # the old room goes before the new one is made (a lower peak)
        room = min(limit, 2 * room)
    # Each solution decoded straight from the buffer (buffer.raw would copy all of it, doubling
    # the peak for a large limit).
    view = memoryview(buffer) if buffer is not None else memoryview(b"")
    solutions = [
        str(view[i * CELLS : (i + 1) * CELLS], "ascii") for i in range(written.value)
    ]
    view.release()
    return Solutions(solutions, more.value)


def validate(puzzle: Board) -> None:
    """Checks `puzzle` without searching: returns None when every byte is valid and no two
    equal givens share a house. A valid puzzle may still have no solution.

    Raises SudokuError: SUDOKU_INVALID_CHARACTER or SUDOKU_CONFLICTING_GIVENS, with `cell` the
    first faulty cell in row-major order."""
    text = _to_bytes(puzzle)
    cell = ctypes.c_size_t(CELLS)
    status = _library().sudoku_validate(text, ctypes.byref(cell))
    if status != SUDOKU_OK:
        raise SudokuError(status, cell=cell.value)


# The houses of board_conflicts' marks (SUDOKU_CONFLICT_ROW, _COLUMN and _BOX in C).
CONFLICT_ROW = 1
CONFLICT_COLUMN = 2
CONFLICT_BOX = 4


def board_conflicts(puzzle: Board) -> List[int]:
    """Every clash of `puzzle`'s digits, both cells of each (validate names only the first cell
    that repeats an earlier one): a list of 81 ints, for each cell the houses in which its digit
    is also in another cell, an OR of CONFLICT_ROW (1), CONFLICT_COLUMN (2) and CONFLICT_BOX
    (4); 0 for a blank and for a digit that repeats nowhere. All zero exactly when validate
    accepts the board; a board with clashes is an answer here, not an error. The cells to mark:
    [cell for cell, houses in enumerate(board_conflicts(board)) if houses].

    Raises SudokuError: SUDOKU_INVALID_CHARACTER (with the cell)."""
    text = _to_bytes(puzzle)
    houses = (ctypes.c_uint8 * CELLS)()
    status = _library().sudoku_board_conflicts(text, houses, None)
    if status != SUDOKU_OK:
        raise _fail(status, text)
    return list(houses)


@overload
def solve_batch(puzzles: npt.NDArray[np.uint8], unique: bool = ..., threads: int = ..., *,
                out: Optional[npt.NDArray[np.uint8]] = ...) -> BatchArrays: ...
@overload
def solve_batch(puzzles: Iterable[Board], unique: bool = ...,
                threads: int = ...) -> List[Union[str, SudokuError]]: ...
def solve_batch(
    puzzles: Union[Iterable[Board], npt.NDArray[np.uint8]], unique: bool = False,
    threads: int = 0, *, out: Optional[npt.NDArray[np.uint8]] = None,
) -> Union[List[Union[str, SudokuError]], BatchArrays]:
    """Solves many puzzles in one library call on `threads` threads (0: every core).

    `puzzles` is an iterable of boards (a list, say): returns a list as long as `puzzles`: for
    each, in order, its solution (81 digits) or the SudokuError that solve (or, with
    unique=True, solve_unique) would raise for it. The errors are returned, not raised, so that
    one bad puzzle does not hide the others' results.

    `puzzles` may instead be a NumPy array of shape (N, 81) and dtype uint8, row i puzzle i,
    either of ASCII characters ('1'-'9', '.' or '0' blanks) or of digits 0-9 (0 blank), as the
    large data sets store them: an array whose largest value is 9 or less is digits. Returns
    BatchArrays(solutions, statuses): the solutions in an array of the same kind (an unsolved
    row keeps its puzzle) and each puzzle's status code (errors are codes here: solve a row
    alone for its SudokuError and cell). The puzzles are not copied: they are written once into
    the solutions array, which the library solves in place. `out`, an array of the same shape,
    C-contiguous and writable, receives the solutions instead of a new array; `out=puzzles`
    solves in place without allocating.
    A one-dimensional array of str, bytes or objects (np.array of a list of puzzles) is a
    sequence of puzzles like a list, and gives a list.

    Raises TypeError when `puzzles` is a single str or bytes rather than a list of them, for an
    item that is neither, for an array of another dtype or an `out` with a list, when `unique`
    is not a bool (True or False) and when `threads` is not an int; ValueError for threads
    outside 0 to 2**64 - 1 and an array (or `out`) of another shape; SudokuError only if the
    call itself fails."""
    numpy = sys.modules.get("numpy")  # an array comes from a program that imported NumPy
    # A one-dimensional array of str, bytes or objects is a sequence of puzzle strings, as a
    # list is (np.array([p, q]) makes one): only an array of bytes is taken as boards' memory.
    if (numpy is not None and isinstance(puzzles, numpy.ndarray)
            and not (puzzles.ndim == 1 and puzzles.dtype.kind in "SUO")):
        from . import _arrays

        _arrays.check_puzzles(puzzles)
        unique = _require_bool("unique", unique)
        threads = _require_int("threads", threads)
        if not 0 <= threads < 2**64:
            raise ValueError("threads must be from 0 (every core) to 2**64 - 1")
        return _arrays.solve_batch(puzzles, unique, threads, out)
    if out is not None:
        raise TypeError("out is for a NumPy array of puzzles; a list of puzzles gives a list")
    if isinstance(puzzles, (str, bytes, bytearray, memoryview)):
        raise TypeError("solve_batch takes a list of puzzles; for one puzzle use solve")
    puzzles = _puzzle_list("solve_batch", puzzles)
    unique = _require_bool("unique", unique)
    threads = _require_int("threads", threads)
    if not 0 <= threads < 2**64:
        raise ValueError("threads must be from 0 (every core) to 2**64 - 1")
    results: list = [None] * len(puzzles)  # each item set below
    texts, places = [], []
    for i, puzzle in enumerate(puzzles):
        try:
            texts.append(_to_bytes(puzzle))
            places.append(i)
        except SudokuError as error:
            results[i] = error
    count = len(texts)
    if count:
        # One buffer, solved in place: solved boards are overwritten, the others keep their puzzle.
        boards = ctypes.create_string_buffer(b"".join(texts), count * CELLS)
        statuses = (ctypes.c_int * count)()
        flags = SUDOKU_BATCH_UNIQUE if unique else SUDOKU_BATCH_FIRST
        for start, stop in _chunks(count, threads, "solve"):
            piece = _at(boards, start * CELLS, ctypes.c_char)
            status = _library().sudoku_solve_batch(
                piece, stop - start, piece,
                _at(statuses, start * ctypes.sizeof(ctypes.c_int), ctypes.c_int), flags, threads,
            )
            if status != SUDOKU_OK:
                raise SudokuError(status)
        raw = boards.raw
        for k, i in enumerate(places):
            if statuses[k] == SUDOKU_OK:
                results[i] = raw[k * CELLS : (k + 1) * CELLS].decode("ascii")
            else:
                results[i] = _fail(statuses[k], texts[k])
    return results
