"""The canonical (minlex) form and the transformations of a board: canonicalize,
canonicalize_batch, Transform, apply_transform, apply_transform_candidates, invert_transform,
random_transform. Imports _loader, _checks, _public, _errors, _args, _batch (the cutting of a
batch into calls) and _candidates (the masks of a candidate puzzle) only.
"""

from __future__ import annotations

import ctypes
from typing import Any, Iterable, List, Literal, NamedTuple, Sequence, Tuple, Union, overload

from ._args import CELLS, Board, _batch_texts, _Board, _fail, _to_bytes
from ._batch import _at, _chunks
from ._candidates import _MASK_RANGE, Masks, _Masks, _to_masks
from ._checks import _check_board_type, _require_bool, _require_int
from ._errors import SUDOKU_INVALID_ARGUMENT, SUDOKU_OK, SudokuError
from ._loader import _library, _Transform
from ._public import _public


@_public
class Transform(NamedTuple):
    """A transformation of a board (sudoku_transform in C): cell (r, c) of the image is
    digits[v], v being the value (0 blank, 1-9) of cell (rows[r], columns[c]) of the board, or
    of the board transposed when transpose is True. transpose: a bool; rows, columns: tuples of
    9 ints 0-8 keeping bands (stacks) whole; digits: a tuple of 10 ints, digits[0] == 0 and
    digits[1:] a permutation of 1-9."""

    transpose: bool
    rows: Tuple[int, ...]
    columns: Tuple[int, ...]
    digits: Tuple[int, ...]


def _from_c_transform(t):
    return Transform(bool(t.transpose), tuple(t.rows), tuple(t.columns), tuple(t.digits))


def _to_c_transform(transform):
    """The C struct of a Transform (or any 4-sequence of the same shape); TypeError for another
    shape, SudokuError SUDOKU_INVALID_ARGUMENT for values that do not fit a byte (the library
    checks the rest)."""
    try:
        transpose, rows, columns, digits = transform
        # Entries in order: a set or a dict has none to give (a set of 0-8 iterates sorted,
        # which would quietly be another transformation).
        if any(isinstance(part, (set, frozenset, dict)) for part in (rows, columns, digits)):
            raise TypeError
        rows, columns, digits = list(rows), list(columns), list(digits)
    except (TypeError, ValueError):
        raise TypeError("a transform is a Transform(transpose, rows, columns, digits), "
                        "rows, columns and digits in order (sequences, not sets)") from None
    transpose = _require_bool("transpose", transpose)
    if (len(rows), len(columns), len(digits)) != (9, 9, 10):
        raise SudokuError(SUDOKU_INVALID_ARGUMENT, "rows and columns have 9 entries, digits 10")
    rows, columns, digits = ([_require_int("a transform entry", v) for v in entries]
                             for entries in (rows, columns, digits))
    for value in rows + columns + digits:
        if not 0 <= value <= 255:
            raise SudokuError(SUDOKU_INVALID_ARGUMENT, "a transform entry is out of range")
    t = _Transform()
    t.transpose = int(transpose)
    t.rows[:] = rows
    t.columns[:] = columns
    t.digits[:] = digits
    return t


@overload
def canonicalize(puzzle: Board, transform: Literal[False] = ...) -> str: ...
@overload
def canonicalize(puzzle: Board, transform: Literal[True]) -> Tuple[str, Transform]: ...
@overload
def canonicalize(puzzle: Board, transform: bool) -> Union[str, Tuple[str, Transform]]: ...
def canonicalize(
    puzzle: Board, transform: bool = False
) -> Union[str, Tuple[str, Transform]]:
    """Returns the canonical (minlex) form of `puzzle`: 81 characters, '.' for blanks and
    '1'-'9' for digits, equal for two puzzles exactly when one is a transformation of the other
    (transposition, band and row-in-band permutations, stack and column-in-stack permutations,
    digit relabelling). It is the smallest equivalent board as a string with blanks as '0'.
    With transform=True, returns (form, Transform) with apply_transform(t, puzzle) == form.

    Raises SudokuError: SUDOKU_INVALID_CHARACTER or SUDOKU_CONFLICTING_GIVENS (with the cell);
    TypeError when `transform` is not a bool."""
    _check_board_type(puzzle)
    transform = _require_bool("transform", transform)
    text = _to_bytes(puzzle)
    board = _Board()
    t = _Transform()
    status = _library().sudoku_canonicalize(text, board, ctypes.byref(t) if transform else None)
    if status != SUDOKU_OK:
        raise _fail(status, text)
    form = board.raw.decode("ascii")
    return (form, _from_c_transform(t)) if transform else form


@overload
def canonicalize_batch(puzzles: Iterable[Board], transform: Literal[False] = ...,
                       threads: int = ...) -> List[Union[str, SudokuError]]: ...
@overload
def canonicalize_batch(puzzles: Iterable[Board], transform: Literal[True],
                       threads: int = ...) -> List[Union[Tuple[str, Transform], SudokuError]]: ...
@overload
def canonicalize_batch(
    puzzles: Iterable[Board], transform: bool, threads: int = ...
) -> List[Union[str, Tuple[str, Transform], SudokuError]]: ...
def canonicalize_batch(
    puzzles: Iterable[Board], transform: bool = False, threads: int = 0
) -> List[Union[str, Tuple[str, Transform], SudokuError]]:
    """The canonical forms of many puzzles in one library call (sudoku_canonicalize_batch) on
    `threads` threads (0: every core): item i is canonicalize(puzzles[i], transform), or the
    SudokuError canonicalize would raise, returned rather than raised (SUDOKU_INVALID_CHARACTER
    and SUDOKU_CONFLICTING_GIVENS with the cell, a puzzle that is not 81 bytes included). The
    result does not depend on `threads`.

    Raises TypeError when `puzzles` is a single str or bytes rather than a list of them, not
    iterable, or a NumPy array other than a 1-D one of puzzle strings, for a puzzle of the
    wrong type, a transform that is not a bool or a threads that is not an int; ValueError for
    threads below 0."""
    items, threads = _batch_texts("canonicalize_batch", "canonicalize", puzzles, threads)
    transform = _require_bool("transform", transform)
    boards = [b for b in items if isinstance(b, bytes)]
    n = max(len(boards), 1)
    text = ctypes.create_string_buffer(b"".join(boards), n * CELLS)
    forms = ctypes.create_string_buffer(n * CELLS)
    transforms = (_Transform * n)()
    statuses = (ctypes.c_int * n)()
    size = ctypes.sizeof(_Transform)
    for start, stop in _chunks(len(boards), threads, "solve"):
        status = _library().sudoku_canonicalize_batch(
            _at(text, start * CELLS, ctypes.c_char), stop - start,
            _at(forms, start * CELLS, ctypes.c_char),
            _at(transforms, start * size, _Transform) if transform else None,
            _at(statuses, start * ctypes.sizeof(ctypes.c_int), ctypes.c_int), threads,
        )
        if status != SUDOKU_OK:
            raise SudokuError(status)
    out: List[Union[str, Tuple[str, Transform], SudokuError]] = []
    written = forms.raw  # read once: each read of .raw copies the whole buffer
    # The transformations' bytes at once, cut by hand (the struct is 29 bytes, no padding):
    # reading each field through ctypes took most of the call's time.
    maps = bytes(transforms) if transform else b""
    k = 0
    for item in items:
        if isinstance(item, SudokuError):
            out.append(item)
            continue
        if statuses[k] != SUDOKU_OK:
            out.append(_fail(statuses[k], item))
        else:
            form = written[k * CELLS:(k + 1) * CELLS].decode("ascii")
            if transform:
                t = maps[k * size:(k + 1) * size]
                out.append((form, Transform(bool(t[0]), tuple(t[1:10]), tuple(t[10:19]),
                                            tuple(t[19:29]))))
            else:
                out.append(form)
        k += 1
    return out


# What a transform the library refuses lacks (see Transform).
_NOT_A_TRANSFORM = (
    "not a valid transformation: rows and columns must each be a permutation of 0-8 keeping "
    "bands (stacks) whole, digits 0 then a permutation of 1-9"
)


def apply_transform(transform: Union[Transform, Sequence[Any]], puzzle: Board) -> str:
    """Returns the image of `puzzle` under `transform` (a Transform), '.' for blanks.

    Raises SudokuError: SUDOKU_INVALID_ARGUMENT (not a valid transformation),
    SUDOKU_INVALID_CHARACTER or SUDOKU_CONFLICTING_GIVENS (with the cell); TypeError for a
    transform of another shape."""
    # The C API's order: the board's type (a NULL pointer to C), the transform, the board.
    _check_board_type(puzzle)
    t = _to_c_transform(transform)
    try:
        text = _to_bytes(puzzle)
    except SudokuError:
        # A board of the wrong length reaches C as bad characters, after the transformation.
        _check_transform(t)
        raise
    out = _Board()
    status = _library().sudoku_transform_apply(ctypes.byref(t), text, out)
    if status == SUDOKU_INVALID_ARGUMENT:
        raise SudokuError(status, _NOT_A_TRANSFORM)
    if status != SUDOKU_OK:
        raise _fail(status, text)
    return out.raw.decode("ascii")


def _check_transform(t):
    """Raises SudokuError(SUDOKU_INVALID_ARGUMENT) when the library refuses the C transform `t`
    (sudoku_transform_invert checks it and nothing else)."""
    if _library().sudoku_transform_invert(ctypes.byref(t), ctypes.byref(_Transform())) \
            == SUDOKU_INVALID_ARGUMENT:
        raise SudokuError(SUDOKU_INVALID_ARGUMENT, _NOT_A_TRANSFORM)


def apply_transform_candidates(transform: Union[Transform, Sequence[Any]],
                               masks: Masks) -> List[int]:
    """Returns the image of a candidate (pencilmark) puzzle under `transform`: 81 int masks
    (digit d is bit d - 1), each cell's candidates moved as apply_transform moves its digit and
    relabelled, so that a player's marks follow the puzzle into its new guise. `masks` is what
    solve_candidates takes (81 ints, a 1-D NumPy array or a PuzzleRead, a puzzle of givens being
    each given's digit alone and every digit in a blank); any masks up to 0x1FF are taken,
    those of a puzzle without solution too.

    Raises, in this order: TypeError for a transform that is not four items (transpose a bool,
    entries ints) or masks that are not a sequence of ints (a bool is refused); SudokuError
    SUDOKU_INVALID_ARGUMENT for a transformation that is not valid, then for masks that are not
    81, then (with the first such cell) for a mask outside 0-0x1FF."""
    # The C API's order: types first (TypeError, raised as met), then the transformation, then
    # the masks' number and values.
    try:
        t, transform_error = _to_c_transform(transform), None
    except SudokuError as error:
        t, transform_error = None, error
    try:
        c_masks, masks_error = _to_masks(masks), None
    except SudokuError as error:
        c_masks, masks_error = None, error
    if transform_error is not None:
        raise transform_error
    if masks_error is not None:
        _check_transform(t)
        raise masks_error
    out = _Masks()
    status = _library().sudoku_transform_apply_candidates(ctypes.byref(t), c_masks, out)
    if status == SUDOKU_INVALID_ARGUMENT:
        # The C call checks the transformation before the masks; so does the message.
        _check_transform(t)
        cell = next(i for i in range(CELLS) if c_masks[i] > 0x1FF)
        raise SudokuError(status, _MASK_RANGE, cell)
    if status != SUDOKU_OK:
        raise SudokuError(status)
    return list(out)


def invert_transform(transform: Union[Transform, Sequence[Any]]) -> Transform:
    """Returns the Transform that undoes `transform`: apply_transform(invert_transform(t),
    apply_transform(t, p)) is p (blanks as '.').

    Raises SudokuError: SUDOKU_INVALID_ARGUMENT (not a valid transformation); TypeError for a
    transform of another shape."""
    t = _to_c_transform(transform)
    inverse = _Transform()
    status = _library().sudoku_transform_invert(ctypes.byref(t), ctypes.byref(inverse))
    if status == SUDOKU_INVALID_ARGUMENT:
        raise SudokuError(status, _NOT_A_TRANSFORM)
    if status != SUDOKU_OK:
        raise SudokuError(status)
    return _from_c_transform(inverse)


def random_transform(seed: int) -> Transform:
    """Returns a Transform drawn from `seed` (an int from 0 to 2**64 - 1): each of the
    2 * 6**8 * 9! transformations equally likely, the same for a seed on every machine.
    apply_transform(random_transform(seed), puzzle) shows the puzzle as a new one: as many
    solutions and givens and the same canonical form; almost always the same rating, not always
    (Sudoku Explainer's path depends on the order of cells and digits: rate the image when its
    level matters).

    Raises SudokuError SUDOKU_INVALID_ARGUMENT (a seed out of range); TypeError for a seed that
    is not an int."""
    seed = _require_int("seed", seed)
    if not 0 <= seed < 2**64:
        raise SudokuError(SUDOKU_INVALID_ARGUMENT, "seed must be from 0 to 2**64 - 1")
    t = _Transform()
    status = _library().sudoku_transform_random(seed, ctypes.byref(t))
    if status != SUDOKU_OK:
        raise SudokuError(status)
    return _from_c_transform(t)
