"""Candidate (pencilmark) puzzles, 81 masks: solve_candidates, solve_unique_candidates,
count_solutions_candidates, validate_candidates, board_candidates, and the reading of masks
(_to_masks) that hint and apply_step share. Imports _loader, _checks, _errors, _args and _read
(a PuzzleRead is a candidate puzzle too).
"""

from __future__ import annotations

import ctypes
from typing import TYPE_CHECKING, List, Tuple, Union

from ._args import CELLS, Board, _Board, _count_limit, _fail, _to_bytes
from ._checks import _require_int, _type_name
from ._errors import (
    SUDOKU_CONFLICTING_GIVENS,
    SUDOKU_INVALID_ARGUMENT,
    SUDOKU_NO_SOLUTION,
    SUDOKU_OK,
    SudokuError,
)
from ._loader import _library
from ._read import SUDOKU_PUZZLE_GIVENS, PuzzleRead

if TYPE_CHECKING:  # NumPy is optional: only type checkers import it here.
    import numpy as np
    import numpy.typing as npt


#: A candidate puzzle: 81 int masks (digit d is bit d - 1) in a list or tuple, a 1-D NumPy
#: array of 81 integers, or a PuzzleRead.
Masks = Union[List[int], Tuple[int, ...], "npt.NDArray[np.integer]", "PuzzleRead"]

_Masks = ctypes.c_uint16 * CELLS

# What a mask out of range is told (a negative int, one above 0xFFFF, or the library's
# SUDOKU_INVALID_ARGUMENT for one from 0x200 to 0xFFFF: the same sentence for all).
_MASK_RANGE = "a mask is from 0 to 0x1FF (digit d is bit d - 1)"


def _to_masks(masks):
    """The 81 masks of a candidate puzzle as a ctypes array: from a list or tuple of 81 ints, a
    1-D NumPy array of 81 integers, or a PuzzleRead (a candidate puzzle's masks; a puzzle of
    givens becomes each given's digit alone and every digit in a blank). TypeError for another
    type (a NumPy array of another shape, with the advice to flatten it) or an item that is not
    an int; SudokuError SUDOKU_INVALID_ARGUMENT for another length, or (with the cell) for an
    int outside 0-0xFFFF, which no uint16_t holds (0x200-0xFFFF are left to the library, which
    rejects them the same way)."""
    if isinstance(masks, PuzzleRead):
        if masks.kind == SUDOKU_PUZZLE_GIVENS:
            return _Masks(*[0x1FF if c == "." else 1 << (ord(c) - ord("1"))
                            for c in masks.puzzle])
        masks = masks.puzzle
    kind = type(masks)
    if kind.__module__ == "numpy" and kind.__name__ == "ndarray":
        # Read item by item below, as a list is: NumPy integers are ints, bools and floats not.
        if getattr(masks, "ndim", None) != 1:
            raise TypeError("candidates as a NumPy array are 1-D, 81 masks, not of shape %s: "
                            "pass array.ravel()" % (getattr(masks, "shape", None),))
        masks = list(masks)
    if not isinstance(masks, (list, tuple)):
        raise TypeError("candidates are a list or tuple of 81 int masks (or a 1-D NumPy array "
                        "of them, or a PuzzleRead), not %s" % _type_name(masks))
    masks = list(masks)
    if len(masks) != CELLS:
        raise SudokuError(SUDOKU_INVALID_ARGUMENT,
                          "a candidate puzzle has 81 masks, got %d" % len(masks))
    for cell, mask in enumerate(masks):
        masks[cell] = mask = _require_int("the mask of cell %d" % cell, mask)
        if not 0 <= mask <= 0xFFFF:
            # The first mask out of range is named, one from 0x200 to 0xFFFF before it too,
            # as the library would name it.
            first = next(c for c in range(cell + 1) if not 0 <= masks[c] <= 0x1FF)
            raise SudokuError(SUDOKU_INVALID_ARGUMENT, _MASK_RANGE, first)
    return _Masks(*masks)



def _player_masks(candidates):
    """A player's pencilmarks beside a board (hint, apply_step): None for None, else the masks
    of _to_masks, with SudokuError(SUDOKU_INVALID_ARGUMENT) naming the first one above 0x1FF.
    The C calls check them before the board (the C API's order), so they are checked here
    before the board's own faults that Python finds."""
    if candidates is None:
        return None
    masks = _to_masks(candidates)
    for cell in range(CELLS):
        if masks[cell] > 0x1FF:
            raise SudokuError(SUDOKU_INVALID_ARGUMENT, _MASK_RANGE, cell)
    return masks


def _fail_candidates(status, masks):
    """The SudokuError for `status` on candidate `masks`, naming the faulty cell when
    sudoku_validate_candidates finds one with that status."""
    if status in (SUDOKU_INVALID_ARGUMENT, SUDOKU_NO_SOLUTION, SUDOKU_CONFLICTING_GIVENS):
        cell = ctypes.c_size_t(CELLS)
        if _library().sudoku_validate_candidates(masks, ctypes.byref(cell)) == status:
            if status == SUDOKU_INVALID_ARGUMENT:
                return SudokuError(status, _MASK_RANGE, cell.value)
            return SudokuError(status, cell=cell.value)
    return SudokuError(status)


def _solve_candidates_with(function, masks):
    masks = _to_masks(masks)
    solution = _Board()
    status = function(masks, solution)
    if status != SUDOKU_OK:
        raise _fail_candidates(status, masks)
    return solution.raw.decode("ascii")


def solve_candidates(masks: Masks) -> str:
    """Returns a solution (the first one found) of a candidate puzzle as 81 digits: a valid grid
    whose every cell holds one of its candidates.

    `masks`: 81 ints, row-major, digit d of a cell being bit d - 1 (0x1FF: every digit), as a
    list or tuple, or a PuzzleRead from read_puzzle (see _to_masks). A cell with one candidate
    counts as a given. Raises SudokuError: SUDOKU_NO_SOLUTION (with the cell when a cell has no
    candidate), SUDOKU_CONFLICTING_GIVENS (two equal single candidates in a house, with the later
    cell) or SUDOKU_INVALID_ARGUMENT (not 81 masks, or a mask above 0x1FF, with the cell)."""
    return _solve_candidates_with(_library().sudoku_solve_candidates, masks)


def solve_unique_candidates(masks: Masks) -> str:
    """Returns the solution of a candidate puzzle if it has exactly one, as 81 digits.

    Raises SudokuError as solve_candidates, and SUDOKU_MULTIPLE_SOLUTIONS."""
    return _solve_candidates_with(_library().sudoku_solve_unique_candidates, masks)


def count_solutions_candidates(masks: Masks, limit: int = 2) -> int:
    """Returns the number of solutions of a candidate puzzle, counting at most `limit` (an int
    >= 1). 0 when it has none, a cell with no candidate included (not an error).

    Raises SudokuError: SUDOKU_INVALID_ARGUMENT (limit < 1, not 81 masks, or a mask above
    0x1FF, with the cell) or SUDOKU_CONFLICTING_GIVENS (with the cell); TypeError when `limit`
    is not an int. The limit is checked before the masks, as in C."""
    limit = _count_limit(limit)
    masks = _to_masks(masks)
    count = ctypes.c_uint64()
    status = _library().sudoku_count_solutions_candidates(masks, limit, ctypes.byref(count))
    if status != SUDOKU_OK:
        raise _fail_candidates(status, masks)
    return count.value


def validate_candidates(masks: Masks) -> None:
    """Checks a candidate puzzle without searching: returns None when every mask is within
    0x1FF, no cell is without candidates and no two cells of a house have the same single
    candidate. A valid puzzle may still have no solution.

    Raises SudokuError with `cell`: SUDOKU_INVALID_ARGUMENT (the first mask above 0x1FF, looked
    for first), else the first fault in row-major order: SUDOKU_NO_SOLUTION (a cell with no
    candidate) or SUDOKU_CONFLICTING_GIVENS."""
    masks = _to_masks(masks)
    cell = ctypes.c_size_t(CELLS)
    status = _library().sudoku_validate_candidates(masks, ctypes.byref(cell))
    if status == SUDOKU_INVALID_ARGUMENT:
        raise SudokuError(status, _MASK_RANGE, cell.value)
    if status != SUDOKU_OK:
        raise SudokuError(status, cell=cell.value)


def board_candidates(puzzle: Board) -> List[int]:
    """The candidates a board implies, as a list of 81 int masks (digit d is bit d - 1): a
    given's digit alone; a blank, every digit no given of its row, column or box holds (0 when
    none is left). The list feeds solve_candidates and the others.

    Raises SudokuError: SUDOKU_INVALID_CHARACTER or SUDOKU_CONFLICTING_GIVENS (with the cell)."""
    text = _to_bytes(puzzle)
    masks = _Masks()
    status = _library().sudoku_board_candidates(text, masks)
    if status != SUDOKU_OK:
        raise _fail(status, text)
    return list(masks)
