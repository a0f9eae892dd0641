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

board_conflicts(board) marks every clash of a board's digits (for a game to show them all),
where validate names the first faulty cell.
Candidate (pencilmark) puzzles are 81 int masks, digit d of a cell being bit d - 1:
solve_candidates(masks), solve_unique_candidates, count_solutions_candidates(masks, limit=2)
and validate_candidates take them (or a PuzzleRead of read_puzzle), and board_candidates(board)
gives a board's.
canonicalize(puzzle, transform=False) gives the canonical (minlex) form of a puzzle (equivalent
puzzles, under transposition, row, column, band and stack permutations and digit relabelling,
have the same form), with the Transform that maps the puzzle to it when asked
(canonicalize_batch(puzzles, transform=False, threads=0): many in one call, on all cores);
apply_transform(transform, puzzle) and invert_transform(transform) use such transformations
(apply_transform_candidates(transform, masks) moves a candidate puzzle, a player's marks);
random_transform(seed) draws one (each equally likely), to show a puzzle as a new one.
generate(seed, symmetry=..., givens=(min, max), minimal=True) makes a puzzle with exactly one
solution (minimal by default), the same for a seed on every machine; generate_batch(seed,
count, ...) makes many on all cores; generate_pattern(seed, pattern) makes one whose givens
are exactly a pattern's cells (a setter's shape; er=(min, max) asks for a rating), and
generate_pattern_batch(seed, pattern, count) many on all cores; pattern_symmetries(board) names the
symmetries of a pattern of givens; is_minimal(board) and minimize(board, symmetry=...) test
and thin a puzzle's givens (see docs/generator.md).
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

from typing import TYPE_CHECKING

# The public names, each from the module that defines it (docs/layout.md). Those outside
# __all__ are re-exported "as" themselves: type checkers (mypy --strict, pyright) take only those
# and __all__'s for the package's own, as they took every name when all were defined here.
from ._args import (
    CELLS,
    Board as Board,
)
from ._batch import (
    SUDOKU_BATCH_FIRST as SUDOKU_BATCH_FIRST,
    SUDOKU_BATCH_UNIQUE as SUDOKU_BATCH_UNIQUE,
    BatchArrays,
)
from ._candidates import (
    Masks as Masks,
    board_candidates,
    count_solutions_candidates,
    solve_candidates,
    solve_unique_candidates,
    validate_candidates,
)
from ._canonical import (
    Transform,
    apply_transform,
    apply_transform_candidates,
    canonicalize,
    canonicalize_batch,
    invert_transform,
    random_transform,
)
from ._errors import (
    SUDOKU_ALREADY_SOLVED as SUDOKU_ALREADY_SOLVED,
    SUDOKU_BUFFER_TOO_SMALL as SUDOKU_BUFFER_TOO_SMALL,
    SUDOKU_CONFLICTING_GIVENS as SUDOKU_CONFLICTING_GIVENS,
    SUDOKU_END_OF_INPUT as SUDOKU_END_OF_INPUT,
    SUDOKU_INTERNAL_ERROR as SUDOKU_INTERNAL_ERROR,
    SUDOKU_INVALID_ARGUMENT as SUDOKU_INVALID_ARGUMENT,
    SUDOKU_INVALID_CHARACTER as SUDOKU_INVALID_CHARACTER,
    SUDOKU_INVALID_FORMAT as SUDOKU_INVALID_FORMAT,
    SUDOKU_MULTIPLE_SOLUTIONS as SUDOKU_MULTIPLE_SOLUTIONS,
    SUDOKU_NOT_FOUND as SUDOKU_NOT_FOUND,
    SUDOKU_NO_SOLUTION as SUDOKU_NO_SOLUTION,
    SUDOKU_NO_STEP as SUDOKU_NO_STEP,
    SUDOKU_NULL_POINTER as SUDOKU_NULL_POINTER,
    SUDOKU_OK as SUDOKU_OK,
    SUDOKU_OUT_OF_BUDGET as SUDOKU_OUT_OF_BUDGET,
    SUDOKU_WRONG_DIGIT as SUDOKU_WRONG_DIGIT,
    SudokuError,
    SudokuFormatError,
    status_name,
)
from ._generate import (
    SYMMETRIES,
    generate,
    generate_batch,
    generate_pattern,
    generate_pattern_batch,
    is_minimal,
    minimize,
    pattern_symmetries,
)
from ._loader import (
    SONAME as SONAME,
    library_path,
    load,
    version,
)
from ._read import (
    SUDOKU_PUZZLE_CANDIDATES as SUDOKU_PUZZLE_CANDIDATES,
    SUDOKU_PUZZLE_GIVENS as SUDOKU_PUZZLE_GIVENS,
    PuzzleRead,
    Text as Text,
    read_puzzle,
    read_puzzles,
)
from ._solve import (
    CONFLICT_BOX,
    CONFLICT_COLUMN,
    CONFLICT_ROW,
    Solutions,
    board_conflicts,
    count_solutions,
    list_solutions,
    solve,
    solve_batch,
    solve_unique,
    validate,
)
from ._steps import (
    Rating,
    SolvePath,
    Step,
    apply_step,
    explain,
    hint,
    level_name,
    rate,
    rate_batch,
    solve_path,
    technique_name,
)


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
    "board_conflicts",
    "CONFLICT_ROW",
    "CONFLICT_COLUMN",
    "CONFLICT_BOX",
    "solve_batch",
    "solve_candidates",
    "solve_unique_candidates",
    "count_solutions_candidates",
    "validate_candidates",
    "board_candidates",
    "generate",
    "generate_batch",
    "generate_pattern",
    "generate_pattern_batch",
    "is_minimal",
    "minimize",
    "pattern_symmetries",
    "SYMMETRIES",
    "status_name",
    "version",
    "load",
    "canonicalize",
    "canonicalize_batch",
    "apply_transform",
    "apply_transform_candidates",
    "invert_transform",
    "random_transform",
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

    def __dir__():
        """The package's names with `__version__`, which __getattr__ gives (PEP 562)."""
        return sorted(set(globals()) | {"__version__"})

# Only for the test above: not one of the package's names.
del TYPE_CHECKING
