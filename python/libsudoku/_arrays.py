"""solve_batch on NumPy arrays of shape (N, 81) and dtype uint8.

Imported by solve_batch only when it is given an array, so the package itself never imports
NumPy: it stays optional. The library reads and writes ASCII boards, 81 bytes a puzzle, which is
exactly the memory of a C-contiguous (N, 81) uint8 array: the call gets the array's own buffer.
Arrays of digits 0-9 (0 a blank) become ASCII in the solutions array itself (adding '0', and
'0' is a blank to the library) and go back to digits after the call. Imports _loader, _checks,
_errors, _args and _batch only: _solve imports this module, so importing _solve or the package here
would make a cycle.
"""

import ctypes

import numpy as np

from ._args import CELLS
from ._batch import SUDOKU_BATCH_FIRST, SUDOKU_BATCH_UNIQUE, BatchArrays, _chunks
from ._checks import _type_name
from ._errors import SUDOKU_OK, SudokuError
from ._loader import _library

#: What turns a digit 0-9 into its ASCII character.
_ZERO = np.uint8(ord("0"))


def check_puzzles(puzzles):
    """TypeError unless `puzzles` is a uint8 array; ValueError unless of shape (N, 81)."""
    if puzzles.dtype != np.uint8:
        # The advice that works for the dtype: a cast for numbers, a view for characters
        # (.astype(numpy.uint8) of a character array parses each character as a number).
        if puzzles.dtype.kind in "SU":
            advice = "view its characters as bytes with .astype('S1').view(numpy.uint8)"
        elif puzzles.dtype.kind == "O":
            # Objects may be characters or numbers: either cast can be the right one.
            advice = ("for characters, view them as bytes with .astype('S1').view(numpy.uint8); "
                      "for numbers 0-9, convert with .astype(numpy.uint8)")
        else:
            advice = "convert it with .astype(numpy.uint8)"
        raise TypeError(
            "an array of puzzles must have dtype uint8 (ASCII characters or digits 0-9), not %s; "
            "%s" % (puzzles.dtype, advice)
        )
    if puzzles.ndim != 2 or puzzles.shape[1] != CELLS:
        raise ValueError("an array of puzzles must have shape (N, 81), not %s" % (puzzles.shape,))


def _check_out(out, shape):
    """`out` must be able to take the solutions in place: the library writes 81 bytes a row."""
    if not isinstance(out, np.ndarray) or out.dtype != np.uint8:
        raise TypeError("out must be a NumPy array of dtype uint8, not %s"
                        % (out.dtype if isinstance(out, np.ndarray) else _type_name(out)))
    if out.shape != shape:
        raise ValueError("out must have the shape of the puzzles, %s, not %s" % (shape, out.shape))
    if not out.flags.c_contiguous or not out.flags.writeable:
        raise ValueError("out must be a C-contiguous, writable array")


def solve_batch(puzzles, unique, threads, out):
    """BatchArrays(solutions, statuses) of `puzzles` (checked by check_puzzles; `unique` and
    `threads` checked by the caller): see libsudoku.solve_batch."""
    count = puzzles.shape[0]
    # Digits 0-9 or ASCII: no ASCII character a board may hold is below '.' (46).
    digits = puzzles.size == 0 or int(puzzles.max()) <= 9
    if out is None:
        out = np.empty((count, CELLS), dtype=np.uint8)
    else:
        _check_out(out, puzzles.shape)
    # The puzzles are written once, into the array the library solves in place (nothing at all
    # when out is the ASCII puzzles themselves); numpy handles overlapping arrays.
    if digits:
        np.add(puzzles, _ZERO, out=out)
    elif out is not puzzles:
        np.copyto(out, puzzles)
    statuses = np.zeros(count, dtype=np.intc)
    try:
        if count:
            flags = SUDOKU_BATCH_UNIQUE if unique else SUDOKU_BATCH_FIRST
            # In pieces, as for a list, so that Ctrl-C is seen between them.
            for start, stop in _chunks(count, threads, "solve"):
                boards = ctypes.cast(out.ctypes.data + start * CELLS,
                                     ctypes.POINTER(ctypes.c_char))
                codes = ctypes.cast(statuses.ctypes.data + start * statuses.itemsize,
                                    ctypes.POINTER(ctypes.c_int))
                status = _library().sudoku_solve_batch(boards, stop - start, boards, codes,
                                                       flags, threads)
                if status != SUDOKU_OK:
                    raise SudokuError(status)
    finally:
        if digits:
            # Back to digits, also when the call failed (out may be the caller's puzzles).
            np.subtract(out, _ZERO, out=out)
    return BatchArrays(out, statuses)
