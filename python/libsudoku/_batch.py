"""What the batch calls (solve_batch on a list or an array, generate_batch, rate_batch) share:
sudoku_solve_batch's flags, the result of solve_batch on an array (BatchArrays), and the cutting
of a batch into library calls short enough for Ctrl-C to be seen between them (_chunks; the
tests change _CHUNK here). Imports _public only.
"""

from __future__ import annotations

import ctypes
import os
from typing import TYPE_CHECKING, List, NamedTuple, Tuple

if TYPE_CHECKING:  # NumPy is optional: only type checkers import it here.
    import numpy as np
    import numpy.typing as npt

from ._public import _public

# `flags` of sudoku_solve_batch.
SUDOKU_BATCH_FIRST = 0
SUDOKU_BATCH_UNIQUE = 1

# Puzzles per thread in one library call of the batch functions. Python sees Ctrl-C only
# between two calls into the library, so a long batch is cut into calls a fraction of a second
# long (each puzzle's result does not depend on the cut, nor, for generate_batch, its index):
# a thousand puzzles or more per thread amortise starting the threads; ratings and generation
# to an ER window take milliseconds a puzzle, so fewer.
_CHUNK = {"solve": 4096, "generate": 1024, "slow": 16}


def _cores() -> int:
    """The cores this process may run on (what threads=0 means to the library)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _at(array, offset: int, kind):
    """A pointer to `kind` at byte `offset` of a ctypes `array` (byref's offset form is refused
    by the argtypes' POINTER checks); `array` must outlive the pointer."""
    return ctypes.cast(ctypes.addressof(array) + offset, ctypes.POINTER(kind))


def _chunks(count: int, threads: int, kind: str) -> List[Tuple[int, int]]:
    """(start, stop) pieces covering range(count), _CHUNK[kind] items for each thread the
    library will run (threads=0: every core); one empty piece for count 0, so that the call
    still checks its arguments."""
    workers = min(threads, _cores()) if threads else _cores()
    size = max(1, _CHUNK[kind] * workers)
    return [(start, min(start + size, count)) for start in range(0, count, size)] or [(0, 0)]


@_public
class BatchArrays(NamedTuple):
    """The result of solve_batch on a NumPy array of N puzzles: a named tuple
    (solutions, statuses).

    solutions: shape (N, 81), dtype uint8, of the kind of the puzzles (ASCII characters, or
        digits 0-9): row i is the solution of puzzle i when statuses[i] is SUDOKU_OK, else
        puzzle i as given. It is the array passed as `out` when there was one.
    statuses: shape (N,), dtype intc (a C int): the status of each puzzle, SUDOKU_OK or what
        solve (solve_unique with unique=True) would raise: SUDOKU_NO_SOLUTION,
        SUDOKU_MULTIPLE_SOLUTIONS, SUDOKU_INVALID_CHARACTER or SUDOKU_CONFLICTING_GIVENS.
    """

    solutions: npt.NDArray[np.uint8]
    statuses: npt.NDArray[np.intc]
