"""A user's program as a type checker sees it: tests/python/package_test.sh runs
`mypy --strict` on this file against the installed package, so its annotations (and the py.typed
marker that makes mypy read them) are checked from the outside. Each assert_type states the type
docs/python.md gives; a wrong annotation, or a package without py.typed, fails the check. It is
not meant to be run.
"""

from typing import Iterator, List, Optional, Tuple, Union

import numpy as np
import numpy.typing as npt
from typing_extensions import assert_type

import libsudoku
from libsudoku import BatchArrays, PuzzleRead, Solutions, SudokuError, SudokuFormatError, Transform

PUZZLE = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"

assert_type(libsudoku.solve(PUZZLE), str)
assert_type(libsudoku.solve_unique(PUZZLE.encode()), str)
assert_type(libsudoku.count_solutions(bytearray(b"." * 81), limit=3), int)
assert_type(libsudoku.validate(memoryview(b"." * 81)), None)
listed = libsudoku.list_solutions(PUZZLE, 2)
assert_type(listed, Solutions)
assert_type(listed.solutions, List[str])
assert_type(listed.more, bool)

# solve_batch: a list of results for puzzles in a list, arrays for an array.
results = libsudoku.solve_batch([PUZZLE, b"." * 81], unique=True, threads=2)
assert_type(results, List[Union[str, SudokuError]])
for item in results:
    if isinstance(item, SudokuError):
        assert_type(item.status, int)
        assert_type(item.cell, Optional[int])
    else:
        assert_type(item, str)
arrays = libsudoku.solve_batch(np.zeros((2, 81), dtype=np.uint8), out=None)
assert_type(arrays, BatchArrays)
assert_type(arrays.solutions, npt.NDArray[np.uint8])
assert_type(arrays.statuses, npt.NDArray[np.intc])

masks = libsudoku.board_candidates(PUZZLE)
assert_type(masks, List[int])
assert_type(libsudoku.solve_candidates(masks), str)
assert_type(libsudoku.solve_unique_candidates(tuple(masks)), str)
assert_type(libsudoku.count_solutions_candidates(masks, 2), int)
assert_type(libsudoku.validate_candidates(masks), None)

read = libsudoku.read_puzzle(PUZZLE + "\n", start=0, first_line=1)
assert_type(read, Optional[PuzzleRead])
if read is not None:
    assert_type(read.puzzle, Union[str, Tuple[int, ...]])
    assert_type(read.end, int)
    assert_type(libsudoku.solve_candidates(read), str)
every = libsudoku.read_puzzles(b"")
assert_type(every, Iterator[Union[PuzzleRead, SudokuFormatError]])
for found in every:
    if isinstance(found, SudokuFormatError):
        assert_type(found.line, int)
        assert_type(found.reason, int)

assert_type(libsudoku.canonicalize(PUZZLE), str)
form, transform = libsudoku.canonicalize(PUZZLE, transform=True)
assert_type(form, str)
assert_type(transform, Transform)
assert_type(transform.rows, Tuple[int, ...])
assert_type(libsudoku.apply_transform(transform, PUZZLE), str)
assert_type(libsudoku.invert_transform(transform), Transform)
assert_type(libsudoku.random_transform(2026), Transform)
assert_type(libsudoku.apply_transform_candidates(transform, [0x1FF] * 81), List[int])
assert_type(libsudoku.board_conflicts(PUZZLE), List[int])
assert_type(libsudoku.CONFLICT_ROW | libsudoku.CONFLICT_BOX, int)

assert_type(libsudoku.generate(7), str)
assert_type(libsudoku.generate(7, symmetry="rotate180", solution=True), Tuple[str, str])
# A flag known only as a bool: the union of both results (a user's mypy --strict found no
# overload for it).
FLAG: bool = len(PUZZLE) == 81
assert_type(libsudoku.generate(7, solution=FLAG), Union[str, Tuple[str, str]])
assert_type(libsudoku.canonicalize(PUZZLE, transform=FLAG), Union[str, Tuple[str, Transform]])
assert_type(libsudoku.canonicalize(PUZZLE, FLAG), Union[str, Tuple[str, Transform]])
assert_type(libsudoku.generate(7, "none", (17, 81), True, 1000, 0, FLAG),
            Union[str, Tuple[str, str]])
assert_type(libsudoku.generate_batch(7, 10, threads=2), List[Union[str, SudokuError]])
assert_type(libsudoku.is_minimal(PUZZLE), bool)
assert_type(libsudoku.is_minimal(PUZZLE, "rotate180"), bool)
assert_type(libsudoku.minimize(PUZZLE, symmetry="none"), str)
assert_type(libsudoku.pattern_symmetries(PUZZLE), List[str])
assert_type(libsudoku.generate_pattern(7, PUZZLE), str)
assert_type(libsudoku.generate_pattern(7, PUZZLE, 50, solution=True), Tuple[str, str])
assert_type(libsudoku.generate_pattern(7, PUZZLE, solution=FLAG), Union[str, Tuple[str, str]])
assert_type(libsudoku.generate_pattern(7, PUZZLE, 50, index=3, er=(2.0, 4.5)), str)
assert_type(libsudoku.generate_pattern(7, PUZZLE, solution=True, er=[6.0, 7.5]), Tuple[str, str])
assert_type(libsudoku.generate_pattern_batch(7, PUZZLE, 4, threads=2, er=None),
            List[Union[str, SudokuError]])

assert_type(libsudoku.status_name(libsudoku.SUDOKU_OK), str)
assert_type(libsudoku.version(), str)
assert_type(libsudoku.__version__, str)
assert_type(libsudoku.library_path(), str)

# The step engine.
rating = libsudoku.rate(PUZZLE)
assert_type(rating, libsudoku.Rating)
assert_type(rating.er, float)
assert_type(rating.complete, bool)
assert_type(rating.hardest, Optional[str])
assert_type(libsudoku.rate_batch([PUZZLE], threads=2), List[Union[libsudoku.Rating, SudokuError]])
step = libsudoku.hint(PUZZLE, candidates=libsudoku.board_candidates(PUZZLE), givens=PUZZLE)
assert_type(step, libsudoku.Step)
assert_type(step.placement, Optional[Tuple[int, int]])
assert_type(step.eliminations, List[Tuple[int, int]])
assert_type(step.chain, List[Optional[Tuple[int, int, bool]]])
path = libsudoku.solve_path(PUZZLE)
assert_type(path, libsudoku.SolvePath)
assert_type(path.steps, List[libsudoku.Step])
assert_type(path.complete, bool)
assert_type(libsudoku.explain(step), str)
assert_type(libsudoku.technique_name(11), Optional[str])
assert_type(libsudoku.level_name(6.2), str)
