"""The generator: generate, generate_batch, generate_pattern, generate_pattern_batch,
is_minimal, minimize, pattern_symmetries and SYMMETRIES. Imports _loader, _checks, _errors, _args and _batch.
"""

from __future__ import annotations

import ctypes
from typing import List, Literal, Optional, Tuple, Union, overload

from ._args import CELLS, _LIST_LIMIT_MAX, Board, _Board, _fail, _initialized, _to_bytes
from ._batch import _at, _chunks
from ._checks import (
    _check_board_type,
    _finite,
    _rating_number,
    _require_bool,
    _require_int,
    _type_name,
)
from ._errors import SUDOKU_INVALID_ARGUMENT, SUDOKU_INVALID_CHARACTER, SUDOKU_OK, SudokuError
from ._loader import _GenerateOptions, _PatternOptions, _library


#: generate's range of givens (min, max): a tuple or a list of two ints.
_Pair = Union[Tuple[int, int], List[int]]
#: generate's rating window (min, max): a tuple or a list of two numbers.
_Window = Union[Tuple[float, float], List[float]]

# The fewest givens of a puzzle with exactly one solution (the generator's lowest range end).
_MIN_UNIQUE_GIVENS = 17

#: The symmetries of a generated puzzle's pattern of givens (`sudoku_symmetry`), by name; a
#: name's index is its C value.
SYMMETRIES = (
    "none",
    "rotate180",
    "rotate90",
    "mirror-rows",
    "mirror-columns",
    "diagonal",
    "antidiagonal",
    "both-diagonals",
    "both-mirrors",
    "dihedral",
)


def _symmetry_code(symmetry):
    if not isinstance(symmetry, str):
        raise TypeError("symmetry must be a str (one of SYMMETRIES), not %s" % _type_name(symmetry))
    if symmetry not in SYMMETRIES:
        raise SudokuError(
            SUDOKU_INVALID_ARGUMENT,
            "unknown symmetry %r (expected one of %s)" % (symmetry, ", ".join(SYMMETRIES)),
        )
    return SYMMETRIES.index(symmetry)


def _er_tenths(er):
    """The (min_er, max_er) in tenths of generate's `er` window: None is (0, 0), any rating."""
    if er is None:
        return (0, 0)
    # A pair as a tuple or a list (what JSON or a config file gives): both are read the same.
    if not isinstance(er, (tuple, list)) or len(er) != 2:
        raise TypeError("er must be None or a pair (min_er, max_er) such as (6.6, 7.5), a tuple "
                        "or a list")
    tenths = []
    for given in er:
        value = _rating_number(given)
        if value is None:
            raise TypeError("er must hold numbers, not %s" % _type_name(given))
        # Tenths in the C struct's 16 bits: 0.0 to 6553.5, one decimal. NaN and infinities are
        # out of that range too (round would raise on them). A window above every rating the
        # engine gives is the library's to take, as from C: SUDOKU_NOT_FOUND.
        scaled = round(value * 10) if _finite(value) else -1
        if not (0 <= scaled <= 0xFFFF and abs(value * 10 - scaled) < 1e-6):
            raise SudokuError(
                SUDOKU_INVALID_ARGUMENT,
                "er must hold ratings from 0.0 to 6553.5 with one decimal at most, not %r"
                % (value,),
            )
        tenths.append(int(scaled))
    # The library's own checks (sudoku_generate_options), said as precisely as the others here;
    # (0.0, 0.0), C's "any rating", is None here.
    if tenths[0] > tenths[1]:
        raise SudokuError(SUDOKU_INVALID_ARGUMENT, "er must be (min, max) with min <= max")
    if tenths[1] < 10:
        raise SudokuError(
            SUDOKU_INVALID_ARGUMENT, "er's max must be 1.0 or more (the lowest rating)"
        )
    return (tenths[0], tenths[1])


def _seed(seed):
    """A generator's seed, checked: an int from 0 to 2**64 - 1."""
    seed = _require_int("seed", seed)
    if not 0 <= seed < 2**64:
        raise SudokuError(SUDOKU_INVALID_ARGUMENT, "seed must be from 0 to 2**64 - 1")
    return seed


def _attempts_and_index(max_attempts, index):
    """A generator's max_attempts (1 to 2**64 - 1) and index (0 to 2**64 - 1), checked."""
    max_attempts = _require_int("max_attempts", max_attempts)
    index = _require_int("index", index)
    for name, value, low in (("max_attempts", max_attempts, 1), ("index", index, 0)):
        if not low <= value < 2**64:
            raise SudokuError(
                SUDOKU_INVALID_ARGUMENT, "%s must be from %d to 2**64 - 1" % (name, low)
            )
    return max_attempts, index


def _generate_options(seed, symmetry, givens, minimal, max_attempts, index, er=None):
    """The sudoku_generate_options of generate's arguments; the library checks the ranges
    (SUDOKU_INVALID_ARGUMENT), Python only what C types cannot hold."""
    _seed(seed)
    code = _symmetry_code(symmetry)
    if not isinstance(givens, (tuple, list)) or len(givens) != 2:
        raise TypeError("givens must be a pair (min_givens, max_givens), a tuple or a list")
    givens = tuple(_require_int("givens", value) for value in givens)
    for value in givens:
        if not 0 <= value <= CELLS:
            raise SudokuError(SUDOKU_INVALID_ARGUMENT, "givens must be from 0 to 81")
    if givens[0] > givens[1]:
        # The library's own checks, said as precisely as the others here.
        raise SudokuError(SUDOKU_INVALID_ARGUMENT,
                          "givens must be (min, max) with min <= max, got %r" % (givens,))
    if givens[1] < _MIN_UNIQUE_GIVENS:
        raise SudokuError(
            SUDOKU_INVALID_ARGUMENT,
            "givens must allow %d or more, got %r: no puzzle with exactly one solution has "
            "fewer givens (McGuire, Tugemann and Civario, 2014)" % (_MIN_UNIQUE_GIVENS, givens),
        )
    minimal = _require_bool("minimal", minimal)
    max_attempts, index = _attempts_and_index(max_attempts, index)
    options = _initialized(_GenerateOptions, "sudoku_generate_options_init_size")
    options.symmetry = code
    options.min_givens, options.max_givens = givens
    options.minimal = 1 if minimal else 0
    options.max_attempts = max_attempts
    options.first_index = index
    options.min_er, options.max_er = _er_tenths(er)
    return options


@overload
def generate(
    seed: int, symmetry: str = ..., givens: _Pair = ..., minimal: bool = ...,
    max_attempts: int = ..., index: int = ..., solution: Literal[False] = ...,
    er: Optional[_Window] = ...,
) -> str: ...
@overload
def generate(
    seed: int, symmetry: str = ..., givens: _Pair = ..., minimal: bool = ...,
    max_attempts: int = ..., index: int = ..., *, solution: Literal[True],
    er: Optional[_Window] = ...,
) -> Tuple[str, str]: ...
@overload
def generate(
    seed: int, symmetry: str = ..., givens: _Pair = ..., minimal: bool = ...,
    max_attempts: int = ..., index: int = ..., solution: bool = ...,
    er: Optional[_Window] = ...,
) -> Union[str, Tuple[str, str]]: ...
def generate(
    seed: int, symmetry: str = "none", givens: _Pair = (17, 81), minimal: bool = True,
    max_attempts: int = 1000, index: int = 0, solution: bool = False,
    er: Optional[_Window] = None,
) -> Union[str, Tuple[str, str]]:
    """Returns a puzzle with exactly one solution, as 81 characters ('1'-'9' and '.'): puzzle
    `index` of `seed` (an int from 0 to 2**64 - 1), the same on every machine.

    symmetry: the symmetry of the pattern of givens, one of SYMMETRIES ("none", "rotate180",
        ...). givens: (min, max) number of givens. minimal: every given orbit necessary (True),
        or removal stops at a number of givens drawn from the range (False). max_attempts: the
        most solved grids tried. solution=True returns (puzzle, solution) instead. er: None (any
        rating) or a Sudoku Explainer rating window (min, max) such as (6.6, 7.5): each attempt
        is rated (see rate) and kept only when rated to the end within the window.

    Raises SudokuError: SUDOKU_NOT_FOUND (no attempt met the range and window),
    SUDOKU_INVALID_ARGUMENT (an unknown symmetry, min > max, max > 81 or below 17,
    max_attempts 0, an er window with min > max or max below 1.0, or a rating outside 0.0-6553.5
    or with more than one decimal); TypeError for wrong types."""
    options = _generate_options(seed, symmetry, givens, minimal, max_attempts, index, er)
    solution = _require_bool("solution", solution)
    puzzle, grid = _Board(), _Board()
    status = _library().sudoku_generate(seed, ctypes.byref(options), puzzle, grid)
    if status != SUDOKU_OK:
        raise SudokuError(status)
    text = puzzle.raw.decode("ascii")
    return (text, grid.raw.decode("ascii")) if solution else text


def _unfit_reason(pattern):
    """Why no puzzle fits `pattern` (81 bytes the library refused as unfit): too few cells, or
    two empty rows of a band (columns of a stack), in words."""
    given = [b in b"123456789xX" for b in pattern]
    if sum(given) < _MIN_UNIQUE_GIVENS:
        return ("the pattern has %d cells: no puzzle with exactly one solution has fewer than 17 "
                "givens" % sum(given))
    for kind, chute, cell in (("rows", "band", lambda line, k: line * 9 + k),
                              ("columns", "stack", lambda line, k: k * 9 + line)):
        for part in range(3):
            empty = [line + 1 for line in range(3 * part, 3 * part + 3)
                     if not any(given[cell(line, k)] for k in range(9))]
            if len(empty) >= 2:
                return ("the pattern leaves %s %d and %d of %s %d empty: swapping them in a "
                        "solution gives another, so no puzzle fits it"
                        % (kind, empty[0], empty[1], chute, part + 1))
    return "no puzzle with exactly one solution fits this pattern"


def _pattern_options(seed, max_attempts, index, er):
    """The checked seed and the sudoku_pattern_options of generate_pattern's arguments; the
    library checks the ranges (SUDOKU_INVALID_ARGUMENT), Python only what C types cannot hold,
    in the C API's order (the options before the pattern's characters)."""
    seed = _seed(seed)
    max_attempts, index = _attempts_and_index(max_attempts, index)
    options = _initialized(_PatternOptions, "sudoku_pattern_options_init_size")
    options.max_attempts = max_attempts
    options.first_index = index
    options.min_er, options.max_er = _er_tenths(er)
    return seed, options


def _pattern_failure(status, text):
    """The SudokuError of a pattern call's `status` (not SUDOKU_OK) on the pattern `text`:
    the faulty cell, or why no puzzle fits it, in words."""
    if status == SUDOKU_INVALID_CHARACTER:
        cell = next(i for i, b in enumerate(text) if b not in b".0123456789xX")
        return SudokuError(
            status,
            "the pattern holds %r in row %d, column %d, not '.' or '0' (blank), '1'-'9', "
            "'x' or 'X'" % (chr(text[cell]), cell // 9 + 1, cell % 9 + 1),
            cell,
        )
    if status == SUDOKU_INVALID_ARGUMENT:
        return SudokuError(status, _unfit_reason(text))
    return SudokuError(status)


@overload
def generate_pattern(seed: int, pattern: Board, max_attempts: int = ...,
                     solution: Literal[False] = ..., index: int = ...,
                     er: Optional[_Window] = ...) -> str: ...
@overload
def generate_pattern(seed: int, pattern: Board, max_attempts: int = ..., *,
                     solution: Literal[True], index: int = ...,
                     er: Optional[_Window] = ...) -> Tuple[str, str]: ...
@overload
def generate_pattern(seed: int, pattern: Board, max_attempts: int = ...,
                     solution: bool = ..., index: int = ...,
                     er: Optional[_Window] = ...) -> Union[str, Tuple[str, str]]: ...
def generate_pattern(
    seed: int, pattern: Board, max_attempts: int = 1000, solution: bool = False,
    index: int = 0, er: Optional[_Window] = None,
) -> Union[str, Tuple[str, str]]:
    """Returns a puzzle with exactly one solution whose givens are exactly the cells of
    `pattern`, as 81 characters ('1'-'9' and '.'): puzzle `index` of `seed` (ints from 0 to
    2**64 - 1), the same on every machine, whatever max_attempts once it is enough. pattern: 81
    characters (a str, bytes, bytearray or memoryview), '.' or '0' for a blank cell, '1'-'9',
    'x' or 'X' for a given's cell (so a puzzle is its own pattern; its digits are not used).
    max_attempts: at least 1; 1000 finds a puzzle for about 94% of the patterns of random
    minimal puzzles, in milliseconds; sparse patterns (21-22 cells) may need 20,000-100,000
    (seconds), and thin shapes (outlines, letters, frames) seldom fit any puzzle. One library
    call, which Ctrl-C cannot interrupt: keep max_attempts to what you can wait for.
    solution=True returns (puzzle, solution). er: None (any rating) or a Sudoku Explainer
    rating window (min, max) such as (6.0, 7.5): each puzzle found is rated (see rate) and one
    outside the window counts as a failed attempt, so a window needs more attempts. The puzzle
    need not be minimal (is_minimal tells).

    Raises SudokuError: SUDOKU_NOT_FOUND (no attempt found one); SUDOKU_INVALID_CHARACTER for
    another character (with its cell) or a pattern that is not 81 characters (without);
    SUDOKU_INVALID_ARGUMENT for max_attempts below 1 or above 2**64 - 1, a seed or index out of
    range, an er window as for generate, a pattern of fewer than 17 cells, or one with two empty
    rows of a band or two empty columns of a stack (no puzzle fits them; the message says
    which); TypeError for wrong types."""
    _check_board_type(pattern)
    seed, options = _pattern_options(seed, max_attempts, index, er)
    solution = _require_bool("solution", solution)
    text = _to_bytes(pattern)
    puzzle, grid = _Board(), _Board()
    status = _library().sudoku_generate_pattern_with(
        seed, text, ctypes.byref(options), puzzle, grid
    )
    if status != SUDOKU_OK:
        raise _pattern_failure(status, text)
    made = puzzle.raw.decode("ascii")
    return (made, grid.raw.decode("ascii")) if solution else made


def generate_pattern_batch(
    seed: int, pattern: Board, count: int, max_attempts: int = 1000, index: int = 0,
    threads: int = 0, er: Optional[_Window] = None,
) -> List[Union[str, SudokuError]]:
    """Returns `count` puzzles on `pattern` made in library calls on `threads` threads (0:
    every core): item i is generate_pattern(seed, pattern, max_attempts, index=index + i,
    er=er), whatever the thread count. An item that no attempt could make is its SudokuError
    (SUDOKU_NOT_FOUND), returned rather than raised. The work goes in pieces of a few puzzles
    a thread, so Ctrl-C stops it between pieces.

    Raises SudokuError as generate_pattern for bad arguments and patterns, and
    SUDOKU_INVALID_ARGUMENT for a count whose buffer of 81 * count bytes could not exist;
    TypeError for wrong types; ValueError for count or threads below 0 or threads above
    2**64 - 1; MemoryError when the buffers cannot be allocated."""
    _check_board_type(pattern)
    seed, options = _pattern_options(seed, max_attempts, index, er)
    count, threads = _count_and_threads(count, threads)
    text = _to_bytes(pattern)

    def piece(n, puzzles, statuses):
        return _library().sudoku_generate_pattern_batch(
            seed, text, ctypes.byref(options), n, puzzles, statuses, threads
        )

    # A puzzle on a pattern takes milliseconds, more with a window: small pieces.
    return _in_pieces(count, threads, "slow", options, piece,
                      lambda status: _pattern_failure(status, text))


def generate_batch(
    seed: int, count: int, symmetry: str = "none", givens: _Pair = (17, 81),
    minimal: bool = True, max_attempts: int = 1000, index: int = 0, threads: int = 0,
    er: Optional[_Window] = None,
) -> List[Union[str, SudokuError]]:
    """Returns `count` puzzles made in one library call on `threads` threads (0: every core):
    item i is generate(seed, ..., index=index + i), whatever the thread count. An item that no
    attempt could make is its SudokuError (SUDOKU_NOT_FOUND), returned rather than raised.

    Raises SudokuError (SUDOKU_INVALID_ARGUMENT) for bad options, as generate, and for a count
    whose buffer of 81 * count bytes could not exist; TypeError for wrong types; ValueError for
    count or threads below 0 or threads above 2**64 - 1; MemoryError when the buffers cannot
    be allocated. er: as for generate."""
    options = _generate_options(seed, symmetry, givens, minimal, max_attempts, index, er)
    count, threads = _count_and_threads(count, threads)

    def piece(n, puzzles, statuses):
        return _library().sudoku_generate_batch(
            seed, ctypes.byref(options), n, puzzles, statuses, threads
        )

    kind = "generate" if options.max_er == 0 else "slow"  # an ER window rates each puzzle
    return _in_pieces(count, threads, kind, options, piece, SudokuError)


def _count_and_threads(count, threads):
    """A batch's count (0 up to what 81-byte puzzles can fill) and threads, checked."""
    count = _require_int("count", count)
    threads = _require_int("threads", threads)
    if count < 0:
        raise ValueError("count must be from 0 to %d (81 bytes each)" % _LIST_LIMIT_MAX)
    if not 0 <= threads < 2**64:
        raise ValueError("threads must be from 0 to 2**64 - 1")
    # The count's bound is its buffer's (81 bytes a puzzle), as list_solutions' capacity.
    if count > _LIST_LIMIT_MAX:
        raise SudokuError(
            SUDOKU_INVALID_ARGUMENT, "count must be at most %d (81 bytes each)" % _LIST_LIMIT_MAX
        )
    return count, threads


def _in_pieces(count, threads, kind, options, piece, failure):
    """`count` puzzles made by batch calls `piece(n, puzzles, statuses)` in pieces of _chunks'
    size for `kind` (so that Ctrl-C is seen between them), each from its first index on
    (`options.first_index` moves on): a list of puzzles, or each item's SudokuError. A call's
    own status other than SUDOKU_OK raises `failure(status)`."""
    try:
        puzzles = ctypes.create_string_buffer(max(count, 1) * CELLS)
        statuses = (ctypes.c_int * max(count, 1))()
    except MemoryError:
        # ctypes says nothing; say what could not be had.
        raise MemoryError("cannot allocate the buffers of %d puzzles (81 bytes each, and a "
                          "status)" % count) from None
    first = options.first_index  # `index` as an int (a NumPy integer is one), checked
    for start, stop in _chunks(count, threads, kind):
        # Puzzle i of the piece is puzzle index + start + i of the seed: the same puzzles.
        options.first_index = (first + start) % 2**64
        status = piece(stop - start, _at(puzzles, start * CELLS, ctypes.c_char),
                       _at(statuses, start * ctypes.sizeof(ctypes.c_int), ctypes.c_int))
        if status != SUDOKU_OK:
            raise failure(status)
    raw = puzzles.raw
    return [
        raw[i * CELLS : (i + 1) * CELLS].decode("ascii")
        if statuses[i] == SUDOKU_OK
        else SudokuError(statuses[i])
        for i in range(count)
    ]


def is_minimal(board: Board, symmetry: str = "none") -> bool:
    """Whether `board`, a puzzle with exactly one solution, is minimal: taking out any one given
    would leave several solutions. With a `symmetry` other than "none" (one of SYMMETRIES; the
    pattern must have it), whether it is minimal under it, as generate(minimal=True) makes
    puzzles: taking out any one orbit of givens would leave several solutions (a given alone
    may still go). That answer comes from minimize(board, symmetry), which leaves the board as
    it is exactly when no orbit can go: its first removal is the first orbit that can.

    Raises SudokuError: SUDOKU_NO_SOLUTION, SUDOKU_MULTIPLE_SOLUTIONS,
    SUDOKU_INVALID_CHARACTER or SUDOKU_CONFLICTING_GIVENS (with the cell), SUDOKU_INVALID_ARGUMENT
    (an unknown symmetry, or a pattern of givens without it)."""
    _check_board_type(board)
    text = _to_bytes(board)
    if symmetry != "none":
        return minimize(text, symmetry) == text.decode("ascii").replace("0", ".")
    answer = ctypes.c_bool(False)
    status = _library().sudoku_is_minimal(text, ctypes.byref(answer))
    if status != SUDOKU_OK:
        raise _fail(status, text)
    return answer.value


def minimize(board: Board, symmetry: str = "none") -> str:
    """Returns `board` (a puzzle with exactly one solution) with givens taken out while it keeps
    that solution, down to a minimal puzzle: orbits of givens under `symmetry` (one of
    SYMMETRIES; the pattern must already have it) are tried once each in order of their lowest
    cell, so the result depends only on the board and the symmetry. 81 characters, '.' blanks.

    Raises SudokuError: SUDOKU_NO_SOLUTION, SUDOKU_MULTIPLE_SOLUTIONS,
    SUDOKU_INVALID_CHARACTER, SUDOKU_CONFLICTING_GIVENS (with the cell), SUDOKU_INVALID_ARGUMENT
    (an unknown symmetry, or a pattern of givens without it)."""
    _check_board_type(board)
    code = _symmetry_code(symmetry)
    text = _to_bytes(board)
    out = _Board.from_buffer_copy(text)
    status = _library().sudoku_minimize(out, code)
    if status == SUDOKU_INVALID_ARGUMENT:
        # The symmetry is known (checked above): the pattern lacks it.
        raise SudokuError(status, "the pattern of givens does not have the symmetry %r" % symmetry)
    if status != SUDOKU_OK:
        raise _fail(status, text)
    return out.raw.decode("ascii")


def pattern_symmetries(board: Board) -> List[str]:
    """The symmetries of `board`'s pattern of givens (which cells are given, whatever their
    digits), as names of SYMMETRIES in its order: each whose every orbit of cells the givens
    fill whole or leave empty. "none" always; the empty and the full board all ten. The names
    are those generate, is_minimal and minimize take. No search: any valid board works.

    Raises SudokuError: SUDOKU_INVALID_CHARACTER or SUDOKU_CONFLICTING_GIVENS (with the
    cell)."""
    text = _to_bytes(board)
    bits = ctypes.c_uint32(0)
    status = _library().sudoku_pattern_symmetries(text, ctypes.byref(bits))
    if status != SUDOKU_OK:
        raise _fail(status, text)
    return [name for code, name in enumerate(SYMMETRIES) if bits.value >> code & 1]
