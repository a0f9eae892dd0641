"""libsudoku from Python: the package `libsudoku`, a ctypes binding of the C library (standard
library only; NumPy optional).

    import libsudoku
    libsudoku.solve("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........")
    # -> '468931527751624839392578461134756298289413675675289314846192753513867942927345186'

A board is exactly 81 characters, row-major: '1'-'9' for givens, '.' or '0' for blanks, given
as a str, bytes, bytearray or a memoryview of single bytes (itemsize 1: formats 'B', 'b', 'c');
any other type (an array.array, a memoryview of wider items, a list) is a TypeError. Solutions
come back as strings of 81 digits. Every failure raises SudokuError, which carries the library's
status code (`status`, one of the SUDOKU_* constants below), its message and, for an invalid
board, the faulty cell (`cell`, 0-80); status_name(code) gives a code's enumerator name. Arguments are checked in the C API's order: a board of the
wrong type (what a NULL pointer is to C), then the other arguments (a limit, `unique`, a thread
count), then the board's characters.

The library is found, in this order:
  1. the path in the environment variable SUDOKU_LIB;
  2. libsudoku.so beside this file: the copy `pip install` puts in the package (or an in-place
     build's);
  3. the build folder of the repository this file belongs to (python/libsudoku/ in a clone):
     $CARGO_TARGET_DIR/release, then target/release;
  4. the system's loader, by soname (libsudoku.so.0.1), as installed by `make install` (after
     ldconfig, or with LD_LIBRARY_PATH set).
Or call load(path) before anything else. A file that loads but lacks a libsudoku function
(another library, or an older libsudoku) is skipped during that search, and is an OSError when
named by SUDOKU_LIB or load(path).

ctypes releases the GIL during each library call, so solve_batch and calls from several Python
threads run on several cores at once. The library keeps no state between calls.

With NumPy installed, solve_batch also takes an array of shape (N, 81) and dtype uint8, of ASCII
characters or of digits 0-9 (0 blank), and returns BatchArrays(solutions, statuses): the
solutions as an array of the same kind and shape, and the status of each puzzle. NumPy is
imported by nothing here: an array can only come from a program that imported it already.

Candidate (pencilmark) puzzles are 81 int masks, digit d of a cell being bit d - 1:
solve_candidates(masks), solve_unique_candidates, count_solutions_candidates(masks, limit=2)
and validate_candidates take them (or a PuzzleRead of read_puzzle), and board_candidates(board)
gives a board's.
canonicalize(puzzle, transform=False) gives the canonical (minlex) form of a puzzle (equivalent
puzzles, under transposition, row, column, band and stack permutations and digit relabelling,
have the same form), with the Transform that maps the puzzle to it when asked;
apply_transform(transform, puzzle) and invert_transform(transform) use such transformations.
generate(seed, symmetry=..., givens=(min, max), minimal=True) makes a puzzle with exactly one
solution (minimal by default), the same for a seed on every machine; generate_batch(seed,
count, ...) makes many on all cores; is_minimal(board) and minimize(board, symmetry=...) test and
thin a puzzle's givens (see docs/generator.md).
rate(puzzle) rates a puzzle as Sudoku Explainer's serate does (a Rating: ER, EP, ED, and whether
the step engine finished it; rate_batch on all cores); hint(puzzle, candidates=None,
givens=None) gives the next step a person would take (a Step), solve_path(puzzle) the whole
path (a SolvePath), and explain(step) a step in English ("Hidden Single in box 6: r5c9 = 6");
see docs/steps.md.

read_puzzle(text, start, first_line) and read_puzzles(text) read puzzles from text in the
formats other Sudoku tools write (one-line puzzles with ratings, grids with separators, .sdk
files, pencilmarks) as PuzzleRead tuples (puzzle, kind, line, offset, end, next_line); a text
that is not a puzzle raises (or, from read_puzzles, yields) SudokuFormatError, a SudokuError
with the line, column, offset and reason.

Run as a program, it solves every puzzle of a file (or stdin) with solve_batch:
    python3 -m libsudoku [--unique | --list N] [FILE]
It reads the input with read_puzzles, as examples/solve_file.c reads it: one-line puzzles (a
rating or comment may follow), grids with any separators, .sdk files, pencilmark lines and
candidate grids (solved with solve_candidates). It prints exactly one line per puzzle read, in
input order: the solution or the status name (SUDOKU_NO_SOLUTION, ...), and
SUDOKU_INVALID_FORMAT for a text that is not a puzzle, with "libsudoku: line N: REASON" on
stderr (for a bad character, its cell too: "(cell 40: row 5, column 5)"); two equal givens
give "libsudoku: line N: MESSAGE (cell C)". These lines are byte for byte those of solve_file
and `solve_cpp -` (one table of tests drives all three). On a terminal it says once on stderr
"reading puzzles from the terminal; end with Ctrl-D". Options are read in order as solve_file
reads them: -h or --help prints the usage on stdout (and stops there) unless a usage error came
before it; --unique or --list N (the solutions as solve_file --list N prints them, N from 1 to
1000000), once; one FILE at most ("-" is stdin); "--" ends the options, as in solve_file (for a
FILE starting with '-'); anything else starting with '-' and a repeated --unique are usage
errors, each said in one line ("libsudoku: unknown option '-x'") before a pointer to --help.
Exit codes:
  0  the input was read and solved (unreadable puzzles included), or the usage was asked for;
  2  usage; the library not found or not loadable ("libsudoku: libsudoku not found ..." or
     "libsudoku: PATH: REASON"); an input that cannot be opened or read, stdin closed included
     (one line on stderr, "libsudoku: FILE: REASON" or "libsudoku: stdin: REASON"); or an
     output that cannot be written, a full disk or a reader that closed the pipe say
     ("libsudoku: error writing output: REASON").
"""

from __future__ import annotations

import ctypes
import dataclasses
import errno
import math
import operator
import os
import re
import sys
import threading
from typing import (
    TYPE_CHECKING,
    Iterable,
    Iterator,
    List,
    Literal,
    NamedTuple,
    Optional,
    Sequence,
    Tuple,
    Union,
    overload,
)

if TYPE_CHECKING:  # NumPy is optional: only type checkers import it here.
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "SudokuError",
    "SudokuFormatError",
    "read_puzzle",
    "read_puzzles",
    "PuzzleRead",
    "solve",
    "solve_unique",
    "count_solutions",
    "list_solutions",
    "Solutions",
    "validate",
    "solve_batch",
    "solve_candidates",
    "solve_unique_candidates",
    "count_solutions_candidates",
    "validate_candidates",
    "board_candidates",
    "generate",
    "generate_batch",
    "is_minimal",
    "minimize",
    "SYMMETRIES",
    "status_name",
    "version",
    "load",
    "canonicalize",
    "apply_transform",
    "invert_transform",
    "Transform",
    "CELLS",
    "BatchArrays",
    "library_path",
    "rate",
    "rate_batch",
    "Rating",
    "hint",
    "solve_path",
    "SolvePath",
    "Step",
    "explain",
    "apply_step",
    "technique_name",
    "level_name",
]

#: A board, as every call taking one accepts it: 81 characters as a str, bytes, bytearray or a
#: memoryview of single bytes.
Board = Union[str, bytes, bytearray, memoryview]
#: A text to read puzzles from (read_puzzle, read_puzzles).
Text = Union[str, bytes, bytearray, memoryview]
#: A candidate puzzle: 81 int masks (digit d is bit d - 1) in a list or tuple, a 1-D NumPy
#: array of 81 integers, or a PuzzleRead.
Masks = Union[List[int], Tuple[int, ...], "npt.NDArray[np.integer]", "PuzzleRead"]
#: generate's range of givens (min, max): a tuple or a list of two ints.
_Pair = Union[Tuple[int, int], List[int]]
#: generate's rating window (min, max): a tuple or a list of two numbers.
_Window = Union[Tuple[float, float], List[float]]

#: Cells on a board.
CELLS = 81
# The fewest givens of a puzzle with exactly one solution (the generator's lowest range end).
_MIN_UNIQUE_GIVENS = 17

# Status codes of the C API (`sudoku_status`; the numeric values are fixed). Their names and
# messages come from the library: status_name(code), SudokuError.message.
SUDOKU_OK = 0
SUDOKU_NO_SOLUTION = 1
SUDOKU_MULTIPLE_SOLUTIONS = 2
SUDOKU_INVALID_CHARACTER = 3
SUDOKU_CONFLICTING_GIVENS = 4
SUDOKU_NULL_POINTER = 5
SUDOKU_INVALID_ARGUMENT = 6
SUDOKU_INTERNAL_ERROR = 7
SUDOKU_INVALID_FORMAT = 8
SUDOKU_END_OF_INPUT = 9
SUDOKU_NOT_FOUND = 10
SUDOKU_WRONG_DIGIT = 11
SUDOKU_ALREADY_SOLVED = 12
SUDOKU_NO_STEP = 13
SUDOKU_BUFFER_TOO_SMALL = 14
SUDOKU_OUT_OF_BUDGET = 15

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

# `kind` of a puzzle read from text (read_puzzle, read_puzzles).
SUDOKU_PUZZLE_GIVENS = 1
SUDOKU_PUZZLE_CANDIDATES = 2

# `flags` of sudoku_solve_batch.
SUDOKU_BATCH_FIRST = 0
SUDOKU_BATCH_UNIQUE = 1

# The soname `make install` gives the shared library (libsudoku.so.0.MINOR below 1.0).
SONAME = "libsudoku.so.0.1"

_Board = ctypes.c_char * CELLS


class SudokuError(ValueError):
    """A libsudoku call failed.

    status: the status code (SUDOKU_NO_SOLUTION, SUDOKU_MULTIPLE_SOLUTIONS,
        SUDOKU_INVALID_CHARACTER, SUDOKU_CONFLICTING_GIVENS, SUDOKU_INVALID_ARGUMENT, ...).
    message: the library's sentence for it (sudoku_status_message), or a more precise one.
    cell: for SUDOKU_INVALID_CHARACTER and SUDOKU_CONFLICTING_GIVENS on a board of 81 bytes, the
        first faulty cell in row-major order (0-80); for a candidate puzzle, also for
        SUDOKU_NO_SOLUTION from a cell with no candidate and SUDOKU_INVALID_ARGUMENT from a
        mask outside 0-0x1FF; otherwise None. A board of another length is
        SUDOKU_INVALID_CHARACTER with cell None.
    """

    status: int
    message: str
    cell: Optional[int]

    def __init__(self, status: int, message: Optional[str] = None,
                 cell: Optional[int] = None) -> None:
        if message is None:
            message = _message(status)
        super().__init__(message if cell is None else "%s (cell %d)" % (message, cell))
        self.status = status
        self.message = message
        self.cell = cell

    def __reduce__(self):
        # Pickled with its arguments (ValueError's default would keep only the text).
        return (type(self), (self.status, self.message, self.cell))


class SudokuFormatError(SudokuError):
    """A text is not a puzzle in a known format (read_puzzle, read_puzzles): status
    SUDOKU_INVALID_FORMAT, and where and why.

    line, column: 1-based; the column counts characters of the line.
    offset: the byte offset of the fault in the text (its UTF-8 encoding for a str).
    reason: the library's reason code (1: a character no format allows, 2: a wrong number of
        cells, 3: a grid with fewer than 9 rows, 4: a tenth row, 5: a blank in a candidate
        grid, 6: a repeated candidate, 7: a misplaced digit in a 729-character line).
    message: the library's sentence, for example "line 3 has 8 cells, not 9".
    end: the byte offset where reading goes on after the bad puzzle (its line, or its grid).
    next_line: the number of the line at `end`.
    """

    line: int
    column: int
    offset: int
    reason: int
    end: Optional[int]
    next_line: Optional[int]

    def __init__(self, message: str, line: int, column: int, offset: int, reason: int,
                 end: Optional[int] = None, next_line: Optional[int] = None) -> None:
        super().__init__(SUDOKU_INVALID_FORMAT, message)
        self.line = line
        self.column = column
        self.offset = offset
        self.reason = reason
        self.end = end
        self.next_line = next_line

    def __reduce__(self):
        return (type(self), (self.message, self.line, self.column, self.offset, self.reason,
                             self.end, self.next_line))


class _ReadInfo(ctypes.Structure):
    """struct sudoku_read_info of the C API."""

    _fields_ = [
        ("struct_size", ctypes.c_uint32),
        ("kind", ctypes.c_uint32),
        ("first_line", ctypes.c_size_t),
        ("consumed", ctypes.c_size_t),
        ("lines", ctypes.c_size_t),
        ("line", ctypes.c_size_t),
        ("column", ctypes.c_size_t),
        ("offset", ctypes.c_size_t),
        ("reason", ctypes.c_uint32),
        ("message", ctypes.c_char * 128),
    ]


class _Transform(ctypes.Structure):
    """struct sudoku_transform of the C API (29 bytes, no padding)."""

    _fields_ = [
        ("transpose", ctypes.c_uint8),
        ("rows", ctypes.c_uint8 * 9),
        ("columns", ctypes.c_uint8 * 9),
        ("digits", ctypes.c_uint8 * 10),
    ]


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


_lib = None
_lib_lock = threading.Lock()


def _candidates():
    """Paths to try for the library, in order (see the module's docstring)."""
    here = os.path.dirname(os.path.abspath(__file__))
    found = []
    if os.environ.get("SUDOKU_LIB"):
        found.append(os.environ["SUDOKU_LIB"])
    found.append(os.path.join(here, "libsudoku.so"))
    repo = os.path.dirname(os.path.dirname(here))  # python/libsudoku/ -> the repository
    if os.environ.get("CARGO_TARGET_DIR"):
        found.append(os.path.join(os.environ["CARGO_TARGET_DIR"], "release", "libsudoku.so"))
    found.append(os.path.join(repo, "target", "release", "libsudoku.so"))
    return found


def load(path: Union[str, os.PathLike[str], None] = None) -> ctypes.CDLL:
    """Loads the library (from `path`, or as the module's docstring describes) and declares the
    types of its functions. Called on first use; call it yourself to choose the file. Returns the
    ctypes library object. Raises OSError when no library can be loaded, or when the library
    chosen (`path` or SUDOKU_LIB) loads but lacks a libsudoku function: "PATH: REASON"."""
    global _lib
    with _lib_lock:
        if path is not None:
            _lib = _open(path)
        elif _lib is None:
            explicit = os.environ.get("SUDOKU_LIB")
            if explicit:
                # An explicit choice that fails is an error, not a reason to look elsewhere.
                _lib = _open(explicit)
            else:
                tried = []
                for candidate in _candidates()[:] + [SONAME]:
                    if os.sep in candidate and not os.path.exists(candidate):
                        tried.append(candidate)
                        continue
                    try:
                        _lib = _open(candidate)
                        break
                    except OSError:
                        # Not loadable, or not (this version of) libsudoku: try the next one.
                        tried.append(candidate)
                if _lib is None:
                    raise OSError(
                        "libsudoku not found (tried %s); set SUDOKU_LIB to its path"
                        % ", ".join(tried)
                    )
        return _lib


def _open(path):
    """The library at `path` with its functions declared. OSError when it cannot be loaded or
    lacks one of libsudoku's functions (another library, or an older libsudoku)."""
    lib = ctypes.CDLL(path)
    try:
        return _declare(lib)
    except AttributeError:
        # ctypes reports a missing symbol as AttributeError; name the first one missing.
        missing = next((name for name in _FUNCTIONS if not hasattr(lib, name)), "of libsudoku")
        raise OSError(
            "%s: no function %s (not libsudoku, or an older version of it)" % (path, missing)
        ) from None


#: Every function of the C API the module calls; each must be in the library it loads.
_FUNCTIONS = (
    "sudoku_solve",
    "sudoku_solve_unique",
    "sudoku_count_solutions",
    "sudoku_list_solutions",
    "sudoku_validate",
    "sudoku_solve_batch",
    "sudoku_read_info_init",
    "sudoku_read_info_init_size",
    "sudoku_read_puzzle",
    "sudoku_solve_candidates",
    "sudoku_solve_unique_candidates",
    "sudoku_count_solutions_candidates",
    "sudoku_validate_candidates",
    "sudoku_board_candidates",
    "sudoku_canonicalize",
    "sudoku_transform_apply",
    "sudoku_transform_invert",
    "sudoku_status_message",
    "sudoku_status_name",
    "sudoku_version",
    "sudoku_generate_options_init",
    "sudoku_generate_options_init_size",
    "sudoku_generate",
    "sudoku_generate_batch",
    "sudoku_is_minimal",
    "sudoku_minimize",
    "sudoku_rate",
    "sudoku_rate_options_init",
    "sudoku_rate_options_init_size",
    "sudoku_rate_with",
    "sudoku_rate_batch",
    "sudoku_hint",
    "sudoku_solve_path",
    "sudoku_step_explain",
    "sudoku_step_apply",
    "sudoku_technique_name",
    "sudoku_level_name",
)


class _RateOptions(ctypes.Structure):
    """sudoku_rate_options."""

    _fields_ = [
        ("struct_size", ctypes.c_uint32),
        ("budget_ms", ctypes.c_uint32),
    ]


class _GenerateOptions(ctypes.Structure):
    """sudoku_generate_options."""

    _fields_ = [
        ("struct_size", ctypes.c_uint32),
        ("symmetry", ctypes.c_uint32),
        ("min_givens", ctypes.c_uint8),
        ("max_givens", ctypes.c_uint8),
        ("minimal", ctypes.c_uint8),
        ("max_attempts", ctypes.c_uint64),
        ("first_index", ctypes.c_uint64),
        ("min_er", ctypes.c_uint16),
        ("max_er", ctypes.c_uint16),
    ]


def _declare(lib):
    """Declares argument and result types: without them ctypes would guess (and truncate)."""
    status = ctypes.c_int
    lib.sudoku_solve.argtypes = [ctypes.POINTER(ctypes.c_char)]
    lib.sudoku_solve.restype = status
    lib.sudoku_solve_unique.argtypes = [ctypes.POINTER(ctypes.c_char)]
    lib.sudoku_solve_unique.restype = status
    lib.sudoku_count_solutions.argtypes = [
        ctypes.c_char_p,
        ctypes.c_uint64,
        ctypes.POINTER(ctypes.c_uint64),
    ]
    lib.sudoku_count_solutions.restype = status
    lib.sudoku_list_solutions.argtypes = [
        ctypes.c_char_p,  # board
        ctypes.POINTER(ctypes.c_char),  # solutions: capacity * 81 bytes
        ctypes.c_size_t,  # capacity
        ctypes.POINTER(ctypes.c_size_t),  # written
        ctypes.POINTER(ctypes.c_bool),  # more
    ]
    lib.sudoku_list_solutions.restype = status
    lib.sudoku_validate.argtypes = [ctypes.c_char_p, ctypes.POINTER(ctypes.c_size_t)]
    lib.sudoku_validate.restype = status
    lib.sudoku_solve_batch.argtypes = [
        ctypes.POINTER(ctypes.c_char),  # puzzles
        ctypes.c_size_t,  # count
        ctypes.POINTER(ctypes.c_char),  # solutions
        ctypes.POINTER(ctypes.c_int),  # statuses (a C enum: an int)
        ctypes.c_uint32,  # flags
        ctypes.c_size_t,  # threads
    ]
    lib.sudoku_solve_batch.restype = status
    lib.sudoku_read_info_init.argtypes = [ctypes.POINTER(_ReadInfo)]
    lib.sudoku_read_info_init.restype = None
    lib.sudoku_read_info_init_size.argtypes = [ctypes.POINTER(_ReadInfo), ctypes.c_size_t]
    lib.sudoku_read_info_init_size.restype = status
    lib.sudoku_read_puzzle.argtypes = [
        ctypes.c_void_p,  # text
        ctypes.c_size_t,  # len
        ctypes.POINTER(ctypes.c_char),  # board
        ctypes.POINTER(ctypes.c_uint16),  # candidates
        ctypes.POINTER(_ReadInfo),  # info
    ]
    lib.sudoku_read_puzzle.restype = status
    masks = ctypes.POINTER(ctypes.c_uint16)
    for name in ("sudoku_solve_candidates", "sudoku_solve_unique_candidates"):
        getattr(lib, name).argtypes = [masks, ctypes.POINTER(ctypes.c_char)]
        getattr(lib, name).restype = status
    lib.sudoku_count_solutions_candidates.argtypes = [
        masks,
        ctypes.c_uint64,
        ctypes.POINTER(ctypes.c_uint64),
    ]
    lib.sudoku_count_solutions_candidates.restype = status
    lib.sudoku_validate_candidates.argtypes = [masks, ctypes.POINTER(ctypes.c_size_t)]
    lib.sudoku_validate_candidates.restype = status
    lib.sudoku_board_candidates.argtypes = [ctypes.c_char_p, masks]
    lib.sudoku_board_candidates.restype = status
    lib.sudoku_canonicalize.argtypes = [
        ctypes.c_char_p,  # board
        ctypes.POINTER(ctypes.c_char),  # canonical
        ctypes.POINTER(_Transform),  # transform (may be NULL)
    ]
    lib.sudoku_canonicalize.restype = status
    lib.sudoku_transform_apply.argtypes = [
        ctypes.POINTER(_Transform),
        ctypes.c_char_p,
        ctypes.POINTER(ctypes.c_char),
    ]
    lib.sudoku_transform_apply.restype = status
    lib.sudoku_transform_invert.argtypes = [ctypes.POINTER(_Transform), ctypes.POINTER(_Transform)]
    lib.sudoku_transform_invert.restype = status
    lib.sudoku_status_message.argtypes = [ctypes.c_int]
    lib.sudoku_status_message.restype = ctypes.c_char_p
    lib.sudoku_status_name.argtypes = [ctypes.c_int]
    lib.sudoku_status_name.restype = ctypes.c_char_p
    lib.sudoku_version.argtypes = []
    lib.sudoku_version.restype = ctypes.c_char_p
    lib.sudoku_generate_options_init.argtypes = [ctypes.POINTER(_GenerateOptions)]
    lib.sudoku_generate_options_init.restype = None
    lib.sudoku_generate_options_init_size.argtypes = [ctypes.POINTER(_GenerateOptions), ctypes.c_size_t]
    lib.sudoku_generate_options_init_size.restype = status
    lib.sudoku_generate.argtypes = [
        ctypes.c_uint64,  # seed
        ctypes.POINTER(_GenerateOptions),
        ctypes.POINTER(ctypes.c_char),  # puzzle
        ctypes.POINTER(ctypes.c_char),  # solution (may be NULL)
    ]
    lib.sudoku_generate.restype = status
    lib.sudoku_generate_batch.argtypes = [
        ctypes.c_uint64,  # seed
        ctypes.POINTER(_GenerateOptions),
        ctypes.c_size_t,  # count
        ctypes.POINTER(ctypes.c_char),  # puzzles
        ctypes.POINTER(ctypes.c_int),  # statuses
        ctypes.c_size_t,  # threads
    ]
    lib.sudoku_generate_batch.restype = status
    lib.sudoku_is_minimal.argtypes = [ctypes.c_char_p, ctypes.POINTER(ctypes.c_bool)]
    lib.sudoku_is_minimal.restype = status
    lib.sudoku_minimize.argtypes = [ctypes.POINTER(ctypes.c_char), ctypes.c_uint32]
    lib.sudoku_minimize.restype = status
    lib.sudoku_rate.argtypes = [ctypes.c_char_p, ctypes.POINTER(_Rating)]
    lib.sudoku_rate.restype = status
    lib.sudoku_rate_options_init.argtypes = [ctypes.POINTER(_RateOptions)]
    lib.sudoku_rate_options_init.restype = None
    lib.sudoku_rate_options_init_size.argtypes = [ctypes.POINTER(_RateOptions), ctypes.c_size_t]
    lib.sudoku_rate_options_init_size.restype = status
    lib.sudoku_rate_with.argtypes = [
        ctypes.c_char_p,
        ctypes.POINTER(_RateOptions),
        ctypes.POINTER(_Rating),
    ]
    lib.sudoku_rate_with.restype = status
    lib.sudoku_rate_batch.argtypes = [
        ctypes.c_char_p,
        ctypes.c_size_t,
        ctypes.POINTER(_Rating),
        ctypes.POINTER(ctypes.c_int),
        ctypes.c_size_t,
    ]
    lib.sudoku_rate_batch.restype = status
    lib.sudoku_hint.argtypes = [
        ctypes.c_char_p,
        ctypes.c_char_p,
        ctypes.POINTER(ctypes.c_uint16),
        ctypes.POINTER(_Step),
        ctypes.POINTER(ctypes.c_size_t),
    ]
    lib.sudoku_hint.restype = status
    lib.sudoku_solve_path.argtypes = [
        ctypes.c_char_p,
        ctypes.POINTER(_Step),
        ctypes.c_size_t,
        ctypes.POINTER(ctypes.c_size_t),
        ctypes.POINTER(ctypes.c_bool),
    ]
    lib.sudoku_solve_path.restype = status
    lib.sudoku_step_explain.argtypes = [
        ctypes.POINTER(_Step),
        ctypes.c_char_p,
        ctypes.c_size_t,
        ctypes.POINTER(ctypes.c_size_t),
    ]
    lib.sudoku_step_explain.restype = status
    lib.sudoku_step_apply.argtypes = [ctypes.POINTER(_Step), ctypes.c_char_p, masks]
    lib.sudoku_step_apply.restype = status
    lib.sudoku_technique_name.argtypes = [ctypes.c_int]
    lib.sudoku_technique_name.restype = ctypes.c_char_p
    lib.sudoku_level_name.argtypes = [ctypes.c_uint16]
    lib.sudoku_level_name.restype = ctypes.c_char_p
    return lib


def _library():
    return _lib if _lib is not None else load()


def _initialized(struct, init_size):
    """A fresh `struct` (a ctypes Structure) filled by the library's `init_size` call (for
    example sudoku_generate_options_init_size) for its own size, so that the library writes
    only the fields both sides know."""
    value = struct()
    status = getattr(_library(), init_size)(ctypes.byref(value), ctypes.sizeof(value))
    if status != SUDOKU_OK:
        raise SudokuError(status, "%s: %s" % (init_size, _message(status)))
    return value


def library_path() -> str:
    """The library in use, loading it first as load() does: its path (after `pip install`, the
    copy inside the package, unless SUDOKU_LIB or load(path) chose another), or the soname
    libsudoku.so.0.1 when the system's loader found it. Raises OSError as load() does."""
    return _library()._name


def _message(status):
    return _library().sudoku_status_message(status).decode()


def _check_board_type(board):
    """TypeError unless `board` is a str, bytes, bytearray or a memoryview of single bytes. A
    memoryview of wider items (array('H')) would be measured and read in bytes, not items."""
    if isinstance(board, (str, bytes, bytearray)):
        return
    if (
        isinstance(board, memoryview)
        and board.itemsize == 1
        and board.format.lstrip("@=<>!") in ("B", "b", "c")
    ):
        return
    raise TypeError(
        "a board is a str, bytes, bytearray or byte memoryview of 81 characters, not %s"
        % (
            "a memoryview of format %r" % board.format
            if isinstance(board, memoryview)
            else type(board).__name__
        )
    )


def _to_bytes(board):
    """The 81 bytes of a board (see _check_board_type for the types); SudokuError when it is
    not 81 bytes."""
    _check_board_type(board)
    if isinstance(board, str):
        # A non-ASCII character becomes '?', a byte no board holds, one byte per character:
        # the library then names the first fault in row-major order, whatever it is, as it
        # does for the same board given as bytes.
        board = board.encode("ascii", "replace")
    board = bytes(board)
    if len(board) != CELLS:
        raise SudokuError(
            SUDOKU_INVALID_CHARACTER,
            "a board has 81 cells, got %d %s"
            % (len(board), "character" if len(board) == 1 else "characters"),
        )
    return board


def _integer(value):
    """`value` as an int when it is an integer: an int, or one of another type (NumPy's
    np.int64, anything with __index__, as range() takes); None for anything else, bool
    included (passing True as a limit or a thread count is a mistake), and np.bool_, whose
    __index__ gives a bool."""
    if isinstance(value, bool) or not hasattr(type(value), "__index__"):
        return None
    number = operator.index(value)
    return None if isinstance(number, bool) else number


def _require_int(name, value):
    """`value` as an int (see _integer); TypeError for anything that is not an integer."""
    number = _integer(value)
    if number is None:
        raise TypeError("%s must be an int, not %s" % (name, type(value).__name__))
    return number


def _rating_number(value):
    """An ER given as a number: an integer as an int (see _integer), a float (np.float64
    included) as it is; None for anything else."""
    return value if isinstance(value, float) else _integer(value)


def _require_bool(name, value):
    """`value` as a bool: a bool, or NumPy's (np.bool_, a flag taken from an array); TypeError
    for anything else. A truthy stand-in (1, "yes", a non-empty list) would silently choose a
    mode."""
    if isinstance(value, bool):
        return value
    kind = type(value)
    if kind.__module__ == "numpy" and kind.__name__ in ("bool_", "bool"):
        return bool(value)
    # Another library's type named bool is named with its module ("not bool" would puzzle).
    shown = "%s.%s" % (kind.__module__, kind.__name__) if kind.__name__ == "bool" else kind.__name__
    raise TypeError("%s must be a bool, not %s" % (name, shown))


def _fail(status, board):
    """The SudokuError for `status` on `board`, naming the faulty cell of an invalid board."""
    if status in (SUDOKU_INVALID_CHARACTER, SUDOKU_CONFLICTING_GIVENS):
        cell = ctypes.c_size_t(CELLS)
        if _library().sudoku_validate(board, ctypes.byref(cell)) == status:
            return SudokuError(status, cell=cell.value)
    return SudokuError(status)


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
    limit = _require_int("limit", limit)
    if not 1 <= limit < 2**64:
        raise SudokuError(SUDOKU_INVALID_ARGUMENT, "limit must be from 1 to 2**64 - 1")
    text = _to_bytes(puzzle)
    count = ctypes.c_uint64()
    status = _library().sudoku_count_solutions(text, limit, ctypes.byref(count))
    if status != SUDOKU_OK:
        raise _fail(status, text)
    return count.value


class Solutions(NamedTuple):
    """The result of list_solutions: a named tuple (solutions, more).

    solutions: a list of solutions, each a str of 81 digits, in ascending order (the order
        sorted() gives them).
    more: whether the puzzle has more solutions than the limit asked for.
    """

    solutions: List[str]
    more: bool


#: The largest limit list_solutions accepts: its buffer (81 bytes a solution) fits PTRDIFF_MAX.
_LIST_LIMIT_MAX = (2 ** (8 * ctypes.sizeof(ctypes.c_void_p) - 1) - 1) // CELLS


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
    puzzles = list(puzzles)
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
        raise TypeError("candidates are a list or tuple of 81 int masks, not %s"
                        % type(masks).__name__)
    masks = list(masks)
    if len(masks) != CELLS:
        raise SudokuError(SUDOKU_INVALID_ARGUMENT,
                          "a candidate puzzle has 81 masks, got %d" % len(masks))
    for cell, mask in enumerate(masks):
        masks[cell] = mask = _require_int("a mask", mask)
        if not 0 <= mask <= 0xFFFF:
            raise SudokuError(SUDOKU_INVALID_ARGUMENT, _MASK_RANGE, cell)
    return _Masks(*masks)



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
    limit = _require_int("limit", limit)
    if not 1 <= limit < 2**64:
        raise SudokuError(SUDOKU_INVALID_ARGUMENT, "limit must be from 1 to 2**64 - 1")
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

def _symmetry_code(symmetry):
    if not isinstance(symmetry, str):
        raise TypeError("symmetry must be a str (one of SYMMETRIES), not %s" % type(symmetry).__name__)
    if symmetry not in SYMMETRIES:
        raise SudokuError(
            SUDOKU_INVALID_ARGUMENT,
            "unknown symmetry %r (expected one of %s)" % (symmetry, ", ".join(SYMMETRIES)),
        )
    return SYMMETRIES.index(symmetry)


def _finite(number):
    """Whether an int or float is finite as a float: an int too large for a float is not
    (math.isfinite would raise OverflowError on it)."""
    try:
        return math.isfinite(number)
    except OverflowError:
        return False


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
            raise TypeError("er must hold numbers, not %s" % type(given).__name__)
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


def _generate_options(seed, symmetry, givens, minimal, max_attempts, index, er=None):
    """The sudoku_generate_options of generate's arguments; the library checks the ranges
    (SUDOKU_INVALID_ARGUMENT), Python only what C types cannot hold."""
    seed = _require_int("seed", seed)
    if not 0 <= seed < 2**64:
        raise SudokuError(SUDOKU_INVALID_ARGUMENT, "seed must be from 0 to 2**64 - 1")
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
    max_attempts = _require_int("max_attempts", max_attempts)
    index = _require_int("index", index)
    for name, value, low in (("max_attempts", max_attempts, 1), ("index", index, 0)):
        if not low <= value < 2**64:
            raise SudokuError(
                SUDOKU_INVALID_ARGUMENT, "%s must be from %d to 2**64 - 1" % (name, low)
            )
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
    puzzles = ctypes.create_string_buffer(max(count, 1) * CELLS)
    statuses = (ctypes.c_int * max(count, 1))()
    kind = "generate" if options.max_er == 0 else "slow"  # an ER window rates each puzzle
    first = options.first_index  # `index` as an int (a NumPy integer is one), checked
    for start, stop in _chunks(count, threads, kind):
        # Puzzle i of the piece is puzzle index + start + i of the seed: the same puzzles.
        options.first_index = (first + start) % 2**64
        status = _library().sudoku_generate_batch(
            seed, ctypes.byref(options), stop - start,
            _at(puzzles, start * CELLS, ctypes.c_char),
            _at(statuses, start * ctypes.sizeof(ctypes.c_int), ctypes.c_int), threads,
        )
        if status != SUDOKU_OK:
            raise SudokuError(status)
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


# The step engine: Sudoku Explainer's rating, hints, solving paths and explanations.


class _Rating(ctypes.Structure):
    """sudoku_rating."""

    _fields_ = [
        ("er", ctypes.c_uint16),
        ("ep", ctypes.c_uint16),
        ("ed", ctypes.c_uint16),
        ("hardest", ctypes.c_int16),
        ("steps", ctypes.c_uint32),
        ("complete", ctypes.c_uint8),
    ]


class _Step(ctypes.Structure):
    """sudoku_step."""

    _fields_ = [
        ("technique", ctypes.c_int32),
        ("rating", ctypes.c_uint16),
        ("cell", ctypes.c_uint8),
        ("digit", ctypes.c_uint8),
        ("eliminations", ctypes.c_uint64 * 12),
        ("cells", ctypes.c_uint64 * 2),
        ("houses", ctypes.c_uint32),
        ("digits", ctypes.c_uint16),
        ("chain_len", ctypes.c_uint16),
        ("chain", ctypes.c_uint16 * 128),
        ("chain_truncated", ctypes.c_uint8),
    ]


@dataclasses.dataclass(frozen=True)
class Rating:
    """A puzzle's Sudoku Explainer rating (rate, rate_batch), as serate prints it.

    er, ep, ed: ER (the hardest step), EP (the hardest up to the first placement) and ED (the
        first step), floats with one decimal (1.5; 0.0 for none). When complete is False, er is
        a lower bound of SE's ER (the engine stopped where no technique finds a step, up to
        SE's last, the nested forcing chains of level 5: er is then at least 11.0, or at least
        9.5 on a puzzle with several solutions, whose nested chains are skipped; or its time
        budget ran out), and ep and ed are exact unless 0.0.
    complete: True when the engine solved the puzzle (the three ratings are SE's).
    hardest: the name of the hardest step's technique ("X-Wing"), None when no step was taken.
    steps: the number of steps taken.
    out_of_budget: True when rate's budget_ms ran out before the end (er is then a lower
        bound: the hardest step taken, or the base rating of the technique being searched).
    """

    er: float
    ep: float
    ed: float
    complete: bool
    hardest: Optional[str]
    steps: int
    out_of_budget: bool = False


@dataclasses.dataclass(frozen=True)
class Step:
    """One step of the engine (hint, solve_path); explain(step) gives it in English.

    Cells are 0-80, row-major; digits 1-9; houses 0-26 (rows 0-8, columns 9-17, boxes 18-26,
    row-major).

    technique: its English name ("Hidden Single (box)"); technique_id: its sudoku_technique
        value (0-66).
    rating: the step's ER (a float with one decimal).
    placement: (cell, digit) placed, or None.
    eliminations: the candidates removed, (cell, digit) pairs in increasing order of
        9 * cell + digit. For the direct techniques they reveal the placement, which is the
        step's only effect.
    cells, houses, digits: the pattern, each a sorted list.
    chain: for chaining techniques, the chain's nodes (cell, digit, on): on=True for "digit is
        the cell's value", False for "is not"; None ends a branch. Empty otherwise.
    chain_truncated: True when the engine kept only the first 128 entries of the chain.
    """

    technique: str
    technique_id: int
    rating: float
    placement: Optional[Tuple[int, int]]
    eliminations: List[Tuple[int, int]]
    cells: List[int]
    houses: List[int]
    digits: List[int]
    chain: List[Optional[Tuple[int, int, bool]]]
    chain_truncated: bool


class SolvePath(NamedTuple):
    """solve_path's result: the steps and whether they reach the solution (False: the engine
    stopped at a position where no technique finds a step; the steps are those a player can
    take until then)."""

    steps: List[Step]
    complete: bool


def technique_name(technique: int) -> Optional[str]:
    """The English name of a technique (a sudoku_technique value 0-66), None for another
    value."""
    technique = _require_int("technique", technique)
    if not -(2**31) <= technique < 2**31:
        return None
    name = _library().sudoku_technique_name(technique)
    return None if name is None else name.decode("ascii")


def level_name(er: float) -> str:
    """The difficulty level of an ER (sudoku_level_name): "Easy" up to 1.2, "Medium" 1.3-2.5,
    "Hard" 2.6-6.0, "Fiendish" 6.1-7.0, "Diabolical" 7.1-9.0, "Extreme" above. ValueError for
    an ER outside 0-6553.5 (or not a finite number), TypeError for anything but an int or a
    float."""
    number = _rating_number(er)
    if number is None:
        raise TypeError("level_name takes an ER (a number such as 7.2), not %s"
                        % type(er).__name__)
    er = number
    # The range is checked on er itself (rounding first took -0.05 for 0.0), and tenths are
    # taken as serate rounds an ER for printing, (int)((x + 0.05) * 10): 9.05 is 9.1.
    if not (_finite(er) and 0 <= er <= 6553.5):
        raise ValueError("an ER is from 0 to 6553.5")
    tenths = int((er + 0.05) * 10)
    if tenths > 0xFFFF:
        raise ValueError("an ER is from 0 to 6553.5")
    return _library().sudoku_level_name(tenths).decode("ascii")


def _rating(raw: _Rating, out_of_budget: bool = False) -> Rating:
    return Rating(
        er=raw.er / 10,
        ep=raw.ep / 10,
        ed=raw.ed / 10,
        complete=bool(raw.complete),
        hardest=technique_name(raw.hardest) if raw.hardest >= 0 else None,
        steps=raw.steps,
        out_of_budget=out_of_budget,
    )


def rate(puzzle: Board, budget_ms: Optional[int] = None) -> Rating:
    """Rates `puzzle` as Sudoku Explainer (serate 1.2.1.3) does (see Rating). A puzzle with
    several solutions is rated by the same rule, as SE rates it, except that the nested forcing
    chains are skipped: it stops with the lower bound 9.5 where SE would search them.

    budget_ms: a time budget in milliseconds (None or 0: none). The nested forcing chains (ER
    9.5 and up) take tens of milliseconds a step on the hardest puzzles, more at levels 4 and 5
    (10.5 and up); when the budget runs out, the
    partial rating is returned with out_of_budget True and complete False (sudoku_rate_with).

    Raises SudokuError: SUDOKU_NO_SOLUTION, SUDOKU_MULTIPLE_SOLUTIONS (a uniqueness technique
    met a contradiction on a puzzle with several solutions), SUDOKU_INVALID_CHARACTER or
    SUDOKU_CONFLICTING_GIVENS (with the cell). TypeError for a budget_ms that is not an int,
    ValueError for one below 0 or above 2**32 - 1."""
    # The C API's order: the board's type, the other arguments, then the board's characters.
    _check_board_type(puzzle)
    if budget_ms is not None:
        budget_ms = _require_int("budget_ms", budget_ms)
        if not 0 <= budget_ms < 2**32:
            raise ValueError("budget_ms must be from 0 to 2**32 - 1")
    text = _to_bytes(puzzle)
    raw = _Rating()
    if budget_ms is None:
        status = _library().sudoku_rate(text, ctypes.byref(raw))
    else:
        options = _initialized(_RateOptions, "sudoku_rate_options_init_size")
        options.budget_ms = budget_ms
        status = _library().sudoku_rate_with(text, ctypes.byref(options), ctypes.byref(raw))
        if status == SUDOKU_OUT_OF_BUDGET:
            return _rating(raw, out_of_budget=True)
    if status != SUDOKU_OK:
        raise _fail(status, text)
    return _rating(raw)


def rate_batch(puzzles: Iterable[Board], threads: int = 0) -> List[Union[Rating, SudokuError]]:
    """Rates many puzzles in one library call on `threads` threads (0: every core): item i is
    rate(puzzles[i]), or the SudokuError rate would raise, returned rather than raised (a
    puzzle that is not 81 bytes included).

    Raises TypeError when `puzzles` is a single str or bytes rather than a list of them, for a
    puzzle of the wrong type or a threads that is not an int; ValueError for threads below 0."""
    if isinstance(puzzles, (str, bytes, bytearray, memoryview)):
        raise TypeError("rate_batch takes a list of puzzles; for one puzzle use rate")
    numpy = sys.modules.get("numpy")
    if numpy is not None and isinstance(puzzles, numpy.ndarray) and puzzles.ndim == 2:
        # Only solve_batch reads arrays; rows of ASCII bytes become a list at once.
        raise TypeError("rate_batch takes a list of puzzles, not an array of shape %s; for "
                        "rows of ASCII characters pass [row.tobytes() for row in array]"
                        % (puzzles.shape,))
    threads = _require_int("threads", threads)
    if not 0 <= threads < 2**64:
        raise ValueError("threads must be from 0 to 2**64 - 1")
    items: List[Union[bytes, SudokuError]] = []
    for puzzle in puzzles:
        try:
            items.append(_to_bytes(puzzle))
        except SudokuError as error:
            items.append(error)
    boards = [b for b in items if isinstance(b, bytes)]
    n = max(len(boards), 1)
    ratings = (_Rating * n)()
    statuses = (ctypes.c_int * n)()
    text = ctypes.create_string_buffer(b"".join(boards), n * CELLS)
    for start, stop in _chunks(len(boards), threads, "slow"):
        status = _library().sudoku_rate_batch(
            _at(text, start * CELLS, ctypes.c_char), stop - start,
            _at(ratings, start * ctypes.sizeof(_Rating), _Rating),
            _at(statuses, start * ctypes.sizeof(ctypes.c_int), ctypes.c_int), threads,
        )
        if status != SUDOKU_OK:
            raise SudokuError(status)
    out: List[Union[Rating, SudokuError]] = []
    k = 0
    for item in items:
        if isinstance(item, SudokuError):
            out.append(item)
            continue
        if statuses[k] == SUDOKU_OK:
            out.append(_rating(ratings[k]))
        else:
            out.append(_fail(statuses[k], item))
        k += 1
    return out


def _step(raw: _Step) -> Step:
    elims = raw.eliminations
    eliminations = [(bit // 9, bit % 9 + 1) for bit in range(729)
                    if elims[bit // 64] >> (bit % 64) & 1]
    chain: List[Optional[Tuple[int, int, bool]]] = []
    for entry in raw.chain[:raw.chain_len]:
        if entry == 0xFFFF:
            chain.append(None)
        else:
            index = entry & 0x3FF
            chain.append((index // 9, index % 9 + 1, bool(entry & 0x8000)))
    name = technique_name(raw.technique)
    return Step(
        technique=name if name is not None else "",
        technique_id=raw.technique,
        rating=raw.rating / 10,
        placement=(raw.cell, raw.digit) if raw.digit else None,
        eliminations=eliminations,
        cells=[c for c in range(CELLS) if raw.cells[c // 64] >> (c % 64) & 1],
        houses=[h for h in range(27) if raw.houses >> h & 1],
        digits=[d for d in range(1, 10) if raw.digits >> (d - 1) & 1],
        chain=chain,
        chain_truncated=bool(raw.chain_truncated),
    )


# The message of explain's SUDOKU_INVALID_ARGUMENT.
_STEP_FIELDS_REFUSED = "a step field is out of range or disagrees with the others"


def _raw_step(step: Step) -> _Step:
    """The sudoku_step of a Step (for explain); SudokuError SUDOKU_INVALID_ARGUMENT for a field
    out of range, or a technique name that is not technique_id's."""
    raw = _Step()

    def exact_int(value: object, low: int, high: int) -> int:
        # ctypes would wrap an int too large for its field, and take True as 1. An integer of
        # another type (np.int64) is an int, as everywhere in the module.
        number = _require_int("a step field", value)  # TypeError: refused below
        if not low <= number <= high:
            raise ValueError
        return number

    def flag(value: object) -> bool:
        # A bool, as the Step has it, or NumPy's (0 and 1 are ints: refused as a bool cell is).
        try:
            return _require_bool("chain_truncated", value)
        except TypeError:
            raise ValueError from None

    def increasing(keys: List[int]) -> None:
        # The lists of a Step are sorted without repeats (as the engine makes them): another
        # list is no step's, and the bit sets of the C side would quietly merge its repeats.
        if any(a >= b for a, b in zip(keys, keys[1:])):
            raise ValueError

    try:
        raw.technique = exact_int(step.technique_id, 0, 2**31 - 1)
        # The name and the id say the same technique (the C side reads only the id).
        if step.technique != technique_name(raw.technique):
            raise ValueError
        # A rating in tenths (7.5): another value (1.25) is out of range, not rounded.
        tenths = round(step.rating * 10)
        if abs(step.rating * 10 - tenths) > 1e-6 or not 0 <= tenths <= 255:
            raise ValueError
        raw.rating = int(tenths)
        if step.placement is not None:
            cell, digit = step.placement
            raw.cell, raw.digit = exact_int(cell, 0, CELLS - 1), exact_int(digit, 1, 9)
        bits = [9 * exact_int(cell, 0, CELLS - 1) + exact_int(digit, 1, 9) - 1
                for cell, digit in step.eliminations]
        increasing(bits)
        for bit in bits:
            raw.eliminations[bit // 64] |= 1 << (bit % 64)
        cells = [exact_int(cell, 0, CELLS - 1) for cell in step.cells]
        increasing(cells)
        for cell in cells:
            raw.cells[cell // 64] |= 1 << (cell % 64)
        houses = [exact_int(house, 0, 26) for house in step.houses]
        increasing(houses)
        for house in houses:
            raw.houses |= 1 << house
        digits = [exact_int(digit, 1, 9) for digit in step.digits]
        increasing(digits)
        for digit in digits:
            raw.digits |= 1 << (digit - 1)
        if len(step.chain) > 128:
            raise ValueError
        for i, node in enumerate(step.chain):
            if node is None:
                raw.chain[i] = 0xFFFF
            else:
                cell, digit, on = node
                cell, digit = exact_int(cell, 0, CELLS - 1), exact_int(digit, 1, 9)
                raw.chain[i] = (9 * cell + digit - 1) | (0x8000 if flag(on) else 0)
        raw.chain_len = len(step.chain)
        raw.chain_truncated = 1 if flag(step.chain_truncated) else 0
    except (ValueError, TypeError, OverflowError):
        raise SudokuError(SUDOKU_INVALID_ARGUMENT, _STEP_FIELDS_REFUSED) from None
    return raw


def hint(puzzle: Board, candidates: Optional[Masks] = None,
         givens: Optional[Board] = None) -> Step:
    """The next step Sudoku Explainer would take in a player's position `puzzle` (givens and
    placed digits alike), as sudoku_hint gives it.

    candidates: None (the candidates the board implies), or the player's 81 pencilmark masks
        (digit d is bit d - 1; those of filled cells are not used, though each must be from 0
        to 511): the engine works on the board's candidates intersected with them.
    givens: None, or the puzzle's givens (81 characters), to check the placed digits against
        the puzzle's solution.

    Raises SudokuError: SUDOKU_WRONG_DIGIT with the cell (a digit differs from the unique
    solution, or a mask lacks the solution's digit; with `givens`, also a placed digit that
    repeats another in a house), SUDOKU_ALREADY_SOLVED (a full board),
    SUDOKU_NO_STEP (no technique finds a step in the position; the message adds "the
    puzzle has several solutions" when that is why), SUDOKU_NO_SOLUTION,
    SUDOKU_INVALID_CHARACTER or SUDOKU_CONFLICTING_GIVENS (with the cell), SUDOKU_INVALID_ARGUMENT
    (with the cell: the first mask above 0x1FF, else the first given missing from the
    board)."""
    # The C API's order: the board's type, the other arguments, then the board's characters.
    _check_board_type(puzzle)
    masks = None if candidates is None else _to_masks(candidates)
    try:
        given = None if givens is None else _to_bytes(givens)
    except SudokuError as error:
        # Name the argument: the same sentence about the board would point at `puzzle`.
        raise SudokuError(error.status, "givens: " + error.message, error.cell) from None
    text = _to_bytes(puzzle)
    raw = _Step()
    cell = ctypes.c_size_t(CELLS)
    status = _library().sudoku_hint(text, given, masks, ctypes.byref(raw), ctypes.byref(cell))
    if status == SUDOKU_WRONG_DIGIT:
        raise SudokuError(status, cell=cell.value)
    if status == SUDOKU_INVALID_ARGUMENT:
        # sudoku_hint checks the masks, then the givens kept on the board: name the cell.
        if masks is not None:
            above = [c for c in range(CELLS) if masks[c] > 0x1FF]
            if above:
                raise SudokuError(status, _MASK_RANGE,
                                  above[0])
        if given is not None:
            lost = [c for c in range(CELLS)
                    if 0x31 <= given[c] <= 0x39 and given[c] != text[c]]
            if lost:
                raise SudokuError(status, "every given must be on the board", lost[0])
    if status == SUDOKU_NO_STEP:
        # Say why when it is the puzzle's fault: with several solutions, no technique can
        # settle the cells where they differ.
        found = ctypes.c_uint64(0)
        if (_library().sudoku_count_solutions(text, 2, ctypes.byref(found)) == SUDOKU_OK
                and found.value >= 2):
            raise SudokuError(status, _message(status) + ": the puzzle has several solutions")
    if status != SUDOKU_OK:
        if given is not None and status in (SUDOKU_INVALID_CHARACTER,
                                            SUDOKU_CONFLICTING_GIVENS):
            if _library().sudoku_validate(text, None) == SUDOKU_OK:
                raise _fail(status, given)
        raise _fail(status, text)
    return _step(raw)


def solve_path(puzzle: Board) -> SolvePath:
    """The steps Sudoku Explainer takes to solve `puzzle` (sudoku_solve_path), and whether
    they reach the solution (see SolvePath). A full board gives SolvePath([], True).

    Raises SudokuError: SUDOKU_NO_SOLUTION, SUDOKU_MULTIPLE_SOLUTIONS (as rate),
    SUDOKU_INVALID_CHARACTER or SUDOKU_CONFLICTING_GIVENS (with the cell)."""
    text = _to_bytes(puzzle)
    count = ctypes.c_size_t(0)
    complete = ctypes.c_bool(False)
    lib = _library()
    # Room for any path in one call: each step places a digit or removes a candidate, so a
    # path has at most 81 + 729 steps (asking for the size first would search it twice).
    steps = (_Step * 810)()
    status = lib.sudoku_solve_path(text, steps, 810, ctypes.byref(count), ctypes.byref(complete))
    if status != SUDOKU_OK:
        raise _fail(status, text)
    return SolvePath([_step(steps[i]) for i in range(count.value)], bool(complete.value))


def explain(step: Step) -> str:
    """The step in one line of English (sudoku_step_explain), for example "Hidden Single in box
    5: r4c6 = 7"; cells as rNcM (row and column 1-9).

    Raises SudokuError SUDOKU_INVALID_ARGUMENT for a field out of range or of the wrong type
    (an unknown technique_id, a cell above 80 or given as a bool, a rating given as a string,
    chain_truncated given as 1, ...), a list of eliminations, cells, houses or digits that is
    not in increasing order without repeats (as Step has them), a technique name that is not technique_id's, or fields that no step of the engine has
    together (a step that neither places nor removes, a rating below its technique's, an X-Wing
    that places a digit, a chain technique without a chain, ...: sudoku_step_explain's list,
    which is all that is checked: a hand-made step is not compared with a board, so a placement
    outside its houses is explained as given); TypeError when step is not a Step."""
    if not isinstance(step, Step):
        raise TypeError("explain takes a Step, not %s" % type(step).__name__)
    raw = _raw_step(step)
    needed = ctypes.c_size_t(0)
    lib = _library()
    status = lib.sudoku_step_explain(ctypes.byref(raw), None, 0, ctypes.byref(needed))
    if status == SUDOKU_INVALID_ARGUMENT:
        # The checks the C side makes beyond _raw_step's (an unknown technique, fields that
        # disagree): the same words.
        raise SudokuError(status, _STEP_FIELDS_REFUSED)
    if status not in (SUDOKU_OK, SUDOKU_BUFFER_TOO_SMALL):
        raise SudokuError(status)
    text = ctypes.create_string_buffer(needed.value)
    status = lib.sudoku_step_explain(ctypes.byref(raw), text, needed.value, ctypes.byref(needed))
    if status != SUDOKU_OK:
        raise SudokuError(status)
    return text.value.decode("ascii")


def apply_step(step: Step, puzzle: Board,
               candidates: Optional[Masks] = None) -> Tuple[str, List[int]]:
    """A step (a hint) applied to a player's position, as sudoku_step_apply applies it: the
    step's digit placed and its eliminations removed (for the direct techniques, 3, 4, 5 and 7,
    the placement alone, as in Sudoku Explainer).

    puzzle: the position (givens and placed digits alike). candidates: None (the candidates the
        board implies, board_candidates), or the player's 81 pencilmark masks, read as hint
        reads them (the board's candidates intersected with them).

    Returns (board, masks): the position after the step (81 characters, '1'-'9' and '.') and
    its candidates (81 int masks: the eliminations gone, the placed digit gone from its peers,
    a filled cell's mask its digit alone), ready for the next hint(board, masks, givens).

    Raises SudokuError: SUDOKU_INVALID_ARGUMENT when the step does not fit the position (its
    digit placed in a filled cell, or one that is not a candidate there; with the cell), for a
    step explain refuses, or a mask above 0x1FF (with the cell); SUDOKU_INVALID_CHARACTER or
    SUDOKU_CONFLICTING_GIVENS (with the cell); TypeError when step is not a Step."""
    if not isinstance(step, Step):
        raise TypeError("apply_step takes a Step, not %s" % type(step).__name__)
    raw = _raw_step(step)
    _check_board_type(puzzle)
    masks = None if candidates is None else _to_masks(candidates)
    text = _to_bytes(puzzle)
    if masks is None:
        masks = _Masks(*board_candidates(text))
    board = ctypes.create_string_buffer(text, CELLS)
    status = _library().sudoku_step_apply(ctypes.byref(raw), board, masks)
    if status == SUDOKU_OK:
        return board.raw.decode("ascii"), list(masks)
    if status == SUDOKU_INVALID_ARGUMENT:
        above = [c for c in range(CELLS) if masks[c] > 0x1FF]
        if above:
            raise SudokuError(status, _MASK_RANGE, above[0])
        needed = ctypes.c_size_t(0)
        lib = _library()
        if (lib.sudoku_step_explain(ctypes.byref(raw), None, 0, ctypes.byref(needed))
                == SUDOKU_INVALID_ARGUMENT or step.placement is None):
            raise SudokuError(status, _STEP_FIELDS_REFUSED)
        # Else the placement does not fit: its cell is filled, or its digit is no candidate.
        cell, digit = step.placement
        where = "r%dc%d" % (cell // 9 + 1, cell % 9 + 1)
        raise SudokuError(status, "the step does not fit the position: " + (
            where + " is filled" if 0x31 <= text[cell] <= 0x39
            else "%d is not a candidate of %s" % (digit, where)), cell)
    raise _fail(status, text)


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
                        % type(text).__name__)
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


# What a transform the library refuses lacks (see Transform).
_NOT_A_TRANSFORM = (
    "not a valid transformation: rows and columns must each be a permutation of 0-8 keeping "
    "bands (stacks) whole, digits 0 then a permutation of 1-9"
)


def apply_transform(transform: Union[Transform, Sequence], puzzle: Board) -> str:
    """Returns the image of `puzzle` under `transform` (a Transform), '.' for blanks.

    Raises SudokuError: SUDOKU_INVALID_ARGUMENT (not a valid transformation),
    SUDOKU_INVALID_CHARACTER or SUDOKU_CONFLICTING_GIVENS (with the cell); TypeError for a
    transform of another shape."""
    # The C API's order: the board's type (a NULL pointer to C), the transform, the board.
    _check_board_type(puzzle)
    t = _to_c_transform(transform)
    text = _to_bytes(puzzle)
    out = _Board()
    status = _library().sudoku_transform_apply(ctypes.byref(t), text, out)
    if status == SUDOKU_INVALID_ARGUMENT:
        raise SudokuError(status, _NOT_A_TRANSFORM)
    if status != SUDOKU_OK:
        raise _fail(status, text)
    return out.raw.decode("ascii")


def invert_transform(transform: Union[Transform, Sequence]) -> Transform:
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


def status_name(status: int) -> str:
    """The enumerator name of a status code, as the library's sudoku_status_name gives it: for
    example "SUDOKU_OK" for 0 and "SUDOKU_NO_SOLUTION" for SUDOKU_NO_SOLUTION (1); "unknown
    status" for any other int (one outside the range of a C int included). TypeError when
    `status` is not an int (a bool included)."""
    status = _require_int("status", status)
    if not -(2**31) <= status < 2**31:
        # Not a C int, so not a status code: what the library says of any other value.
        return _library().sudoku_status_name(-1).decode()
    return _library().sudoku_status_name(status).decode()


def version() -> str:
    """The library's version, for example "0.1.0" (the package's version too, when installed
    with pip)."""
    return _library().sudoku_version().decode()


if TYPE_CHECKING:
    __version__: str
else:
    # Hidden from type checkers, which would otherwise type every unknown name of the module
    # as this function's result.
    def __getattr__(name):
        """`libsudoku.__version__`: version(), read from the library when first asked (PEP
        562), so that importing the package still loads nothing."""
        if name == "__version__":
            return version()
        raise AttributeError("module %r has no attribute %r" % (__name__, name))


def _say(text):
    """Writes `text` to stderr for the script, as the C programs do: a stderr that cannot be
    written (closed at startup, a full disk) loses the message, not the run or its output."""
    if sys.stderr is None or not text:  # descriptor 2 was closed at startup (`2>&-`)
        return
    try:
        buffer = getattr(sys.stderr, "buffer", None)
        if buffer is None:  # a stream of text only (a program's own sys.stderr)
            sys.stderr.write(text)
            sys.stderr.flush()
        else:
            # A file name that is not valid UTF-8 goes out as its own bytes, as the C programs
            # print it (argv holds them as surrogate escapes, which os.fsencode undoes), not
            # as "\udcff" escapes.
            sys.stderr.flush()
            buffer.write(os.fsencode(text))
            buffer.flush()
    except (OSError, ValueError):
        # What is left in stderr's buffer would fail again at exit (exit code 120): later writes
        # to the descriptor go to the null device instead, as `_write_output` does for stdout.
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stderr.fileno())
            os.close(devnull)
        except (OSError, ValueError):
            sys.stderr = None


def _read_input(path):
    """The bytes of the file at `path` (stdin when None). Raises OSError when the input cannot
    be opened or read. On a terminal, says once on stderr how to end the input."""
    if path is not None:
        with open(path, "rb") as source:
            return source.read()
    if sys.stdin is None:
        # Python sets sys.stdin to None when descriptor 0 was closed at startup (`<&-`).
        raise OSError(errno.EBADF, os.strerror(errno.EBADF))
    if sys.stdin.isatty():
        _say("libsudoku: reading puzzles from the terminal; end with Ctrl-D\n")
    return sys.stdin.buffer.read()


def _is_cell(byte):
    return byte in b"0123456789.*_-xX"


#: The length of a first token of cells from which the reader takes it for a 729-character
#: pencilmark line rather than a one-line puzzle (as examples/read_diagnostic.h).
_PENCILMARK_FROM = 405


def _is_separator(byte, following):
    """A separator of the reader's grid lines: |, !, +, :, ', = and the box-drawing characters
    (U+2500-U+257F, UTF-8 E2 94 xx and E2 95 xx; `following` is the next byte or None)."""
    return byte in b"|!+:'=" or (byte == 0xE2 and following in (0x94, 0x95))


def _cell_of(data, start, error):
    """The cell (0-80) the bad character of `error` stands in, or None: as examples/
    read_diagnostic.h counts it (the grid's rows before the character's line, read back by the
    library from the text before that line, and the cells before it on its line, a row of
    candidates, whose cells are its runs of digits, being told from a row of givens on the whole
    line as the reader does; on a first line whose first token is 405 characters or more, a
    pencilmark line, 9 characters a cell). `start` is the offset in `data` where the failed
    read started."""
    line_start = error.offset
    while line_start > start and data[line_start - 1] not in b"\r\n":
        line_start -= 1
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
        elif byte & 0xC0 == 0x80:
            i += 1
            continue  # a UTF-8 continuation byte: its character is counted once
        elif i < error.offset:
            is_cell = _is_cell(byte)
            spaced |= not is_cell
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
        i += 1
    rows = 9
    try:
        if read_puzzle(bytes(data[start:line_start])) is None:
            rows = 0
    except SudokuFormatError as before:
        found = re.match(r"the grid ends after (\d+) row", before.message)
        if before.reason == 3 and found:
            rows = int(found.group(1))
    if rows == 0 and not spaced:
        # A one-line puzzle, the first row of a grid, or a pencilmark line (9 characters a cell)
        # when the line's first token is that long; a UTF-8 character is counted once.
        first = chars
        for byte in data[error.offset:error.end]:
            if byte in b" \t\r\n":
                break
            first += (byte & 0xC0) != 0x80
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


def _write_output(text):
    """Writes `text` to stdout and flushes it. Returns None, or the reason it could not be
    written (a full disk, a closed stdout, a reader that closed the pipe)."""
    if sys.stdout is None:  # descriptor 1 was closed at startup (`>&-`)
        return os.strerror(errno.EBADF)
    try:
        sys.stdout.flush()
        # Straight to the descriptor, in a loop: a buffered write of a large text can end early
        # when the reader closes the pipe without raising any error (seen with `| head -1`).
        data = memoryview(text.encode("ascii"))
        while data:
            data = data[os.write(sys.stdout.fileno(), data):]
        return None
    except OSError as error:
        reason = error.strerror or str(error)
    # Anything still in stdout's buffer would be flushed again at exit and fail once more with a
    # traceback-like report and exit code 120. Writes to the same descriptor now go to the null
    # device instead, so that last flush succeeds.
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        sys.stdout = None  # (no descriptor to redirect): then nothing is flushed at exit
    return reason


_USAGE = """usage: python3 -m libsudoku [--unique | --list N] [FILE]
Solves every puzzle of FILE (stdin if absent or "-") and prints one line per puzzle, in
input order: the solution, or the status name such as SUDOKU_NO_SOLUTION. --unique
requires exactly one solution; --list N prints up to N solutions (ascending, separated
by spaces, then " ..." when there are more; N from 1 to 1000000). Puzzles may be one a
line (a rating or comment may follow), grids of 9 rows with any separators, .sdk files,
729-character pencilmark lines or candidate grids; blank lines, comments and metadata
are skipped. A text that is not a puzzle gets the line SUDOKU_INVALID_FORMAT and its
line and reason on stderr.
"""


#: The largest N of the script's --list N, as solve_file's: each puzzle's call allocates a
#: buffer of N solutions (81 bytes each), 81 MB at most.
_LIST_OPTION_MAX = 1000000

#: Puzzles the script solves with one solve_batch call and writes out together.
_SCRIPT_CHUNK = 4096

#: Characters of output after which the script writes what it has before the chunk's end (a
#: --list line of many solutions is written at once rather than kept).
_SCRIPT_PENDING_MAX = 1 << 20


def _list_line(board, masks, limit):
    """The --list line of a puzzle, as solve_file writes it: up to `limit` solutions in
    ascending order, then " ..." when there are more; SUDOKU_NO_SOLUTION when there is none. A
    candidate puzzle, which no list call takes, gives its first solution found, then " ..."
    when it has more. Raises SudokuError for an invalid puzzle."""
    if board is not None:
        solutions, more = list_solutions(board, limit)
    else:
        count = count_solutions_candidates(masks, 2)
        solutions, more = ([solve_candidates(masks)] if count else []), count > 1
    if not solutions:
        return status_name(SUDOKU_NO_SOLUTION)
    return " ".join(solutions) + (" ..." if more else "")


def _usage_error(what):
    _say("libsudoku: %s\nTry 'python3 -m libsudoku --help' for more information.\n" % what)
    return 2


def _main(argv):
    """Solves every puzzle of a file (or stdin) in any format the library reads, printing one
    line per puzzle read: the solution or the status name (see the module's docstring).
    Returns the exit code: 0, or 2 for bad usage, an input that cannot be opened or read, or an
    output that cannot be written (each reported in one line)."""
    unique = False
    listing = None  # --list N
    path = None
    # In order, as solve_file's loop: help wins only if no usage error came before it; --unique
    # or --list N, once; one FILE ("-": stdin); "--" ends the options (for a FILE starting with
    # '-'); anything else starting with '-' is a usage error.
    options = True
    args = iter(argv[1:])
    for arg in args:
        if not options or not arg.startswith("-") or arg == "-":
            if path is not None:
                return _usage_error("one FILE at most; also given '%s'" % arg)
            path = arg
        elif arg == "--":
            options = False
        elif arg in ("-h", "--help"):
            reason = _write_output(_USAGE)
            if reason is not None:
                _say("libsudoku: error writing output: %s\n" % reason)
                return 2
            return 0
        elif arg == "--version":
            # As the C programs' --version: the library the script runs with.
            try:
                text = "libsudoku (libsudoku) %s\n" % version()
            except OSError as error:
                _say("libsudoku: %s\n" % error)
                return 2
            reason = _write_output(text)
            if reason is not None:
                _say("libsudoku: error writing output: %s\n" % reason)
                return 2
            return 0
        elif arg in ("--unique", "--list") and (unique or listing is not None):
            return _usage_error("--unique or --list, once")
        elif arg == "--unique":
            unique = True
        elif arg == "--list":
            number = next(args, "")
            # Leading zeros aside, at most 7 digits: int() refuses thousands of them.
            digits = number.lstrip("0")
            if not (number.isascii() and number.isdigit() and len(digits) <= 7
                    and 1 <= int(digits or "0") <= _LIST_OPTION_MAX):
                return _usage_error("--list needs a whole number N from 1 to %d"
                                    % _LIST_OPTION_MAX)
            listing = int(digits)
        else:
            return _usage_error("unknown option '%s'" % arg)
    try:
        load()
    except OSError as error:
        _say("libsudoku: %s\n" % error)
        return 2
    if path == "-":
        path = None  # stdin
    try:
        data = _read_input(path)
    except OSError as error:
        # One line, as a command-line tool reports a file it cannot read, not a traceback.
        name = "stdin" if path is None else path
        _say("libsudoku: %s: %s\n" % (name, error.strerror or error))
        return 2
    except MemoryError:
        name = "stdin" if path is None else path
        _say("libsudoku: %s: %s\n" % (name, os.strerror(errno.ENOMEM)))
        return 2
    # Every puzzle read, in input order: (line, givens board, candidate masks, diagnostic).
    entries = []
    start = 0
    for item in read_puzzles(data):
        if isinstance(item, SudokuFormatError):
            entries.append((item.line, None, None, _read_diagnostic(data, start, item)))
        elif item.kind == SUDOKU_PUZZLE_CANDIDATES:
            entries.append((item.line, None, item.puzzle, None))
        else:
            entries.append((item.line, item.puzzle, None, None))
        start = item.end
    # The lines go out chunk by chunk, as solve_file writes batch by batch, so that memory follows
    # a chunk's output, not the whole output's (a --list line can be 82 MB).
    out, diagnostics, pending = [], [], 0

    def emit():
        """Writes the diagnostics and lines gathered so far. Returns False, once it has said why
        on stderr, when the output cannot be written."""
        nonlocal pending
        _say("".join(diagnostics))
        reason = _write_output("".join(line + "\n" for line in out))
        del out[:], diagnostics[:]
        pending = 0
        if reason is not None:
            _say("libsudoku: error writing output: %s\n" % reason)
            return False
        return True

    for first in range(0, len(entries), _SCRIPT_CHUNK):
        chunk = entries[first:first + _SCRIPT_CHUNK]
        if listing is None:
            solved = iter(solve_batch([e[1] for e in chunk if e[1] is not None], unique=unique))
        for line, board, masks, diagnostic in chunk:
            if diagnostic is not None:
                diagnostics.append("libsudoku: line %d: %s\n" % (line, diagnostic))
                out.append(status_name(SUDOKU_INVALID_FORMAT))
                continue
            try:
                if listing is not None:
                    result = _list_line(board, masks, listing)
                elif board is not None:
                    result = next(solved)
                else:
                    result = (solve_unique_candidates if unique else solve_candidates)(masks)
            except SudokuError as error:
                result = error
            if isinstance(result, str):
                out.append(result)
                pending += len(result)
                if pending >= _SCRIPT_PENDING_MAX and not emit():
                    return 2
                continue
            out.append(status_name(result.status))
            if result.status not in (SUDOKU_NO_SOLUTION, SUDOKU_MULTIPLE_SOLUTIONS):
                cell = "" if result.cell is None else " (cell %d)" % result.cell
                diagnostics.append("libsudoku: line %d: %s%s\n" % (line, result.message, cell))
        if out and not emit():
            return 2
    # Once more, with nothing left to write, for an input with no lines: a stdout closed at
    # startup is an error then too.
    return 0 if emit() else 2


if __name__ == "__main__":
    sys.exit(_main(sys.argv))
