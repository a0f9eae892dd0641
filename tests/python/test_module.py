"""Tests of the Python package libsudoku (python/libsudoku/, a ctypes binding), with the standard
library's unittest.

Run: SUDOKU_LIB=target/release/libsudoku.so SUDOKU_EXPECTED_VERSION=0.1.0 \
         python3 tests/python/test_module.py
(tests/python.rs runs it from `cargo test` with the library it built, and SOLVE_FILE set to a
build of examples/solve_file.c, whose exit codes the script's options are compared with; without
it the script is checked alone). That tests the package in this repository's python/ folder.
With SUDOKU_TEST_INSTALLED=1 it tests the package installed in the running Python's environment
instead, which must load the library it carries (SUDOKU_LIB unset): tests/python/package_test.sh
(`make python-package-test`) runs it so in a fresh virtual environment, with
SUDOKU_TEST_NUMPY=1, which makes the NumPy tests required rather than skipped without NumPy. The puzzle files
are read from $SUDOKU_DATA_DIR, or ../shared/data beside the repository. Expected solutions were
computed with an independent backtracking solver; solutions of the data files are checked
against the rules and the givens by the checker below.
"""

import array
import ctypes
import ctypes.util
import dataclasses
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import traceback
import unittest
import unittest.mock

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SOURCE_DIR = os.path.join(ROOT, "python")
INSTALLED = os.environ.get("SUDOKU_TEST_INSTALLED") == "1"
if not INSTALLED:
    sys.path.insert(0, SOURCE_DIR)

import libsudoku as sudoku  # noqa: E402  (after the path is set)

# The private modules whose names some tests read or change. A name is changed where the code
# that uses it looks it up (the module that defines or imports it), not on the package, which
# only re-exports the public names.
from libsudoku import (  # noqa: E402
    _args, _batch, _canonical, _cli, _generate, _loader, _solve, _steps
)

# The folder of the package under test, and the command that runs it as a program.
PACKAGE_DIR = os.path.dirname(os.path.abspath(sudoku.__file__))
SCRIPT = [sys.executable, "-m", "libsudoku"]


def script_env(extra=None):
    """The environment of a child Python that imports the package under test: the source tree's
    python/ folder on its path unless the installed package is tested."""
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1", **(extra or {}))
    if not INSTALLED:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [SOURCE_DIR, env.get("PYTHONPATH")]))
    return env


def copy_package(folder):
    """A copy of the package's Python files (no library) as folder/libsudoku."""
    shutil.copytree(PACKAGE_DIR, os.path.join(folder, "libsudoku"),
                    ignore=shutil.ignore_patterns("*.so", "__pycache__"))

TOP1 = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
# Rated 9.5/1.2/1.2 by serate: the engine's dynamic forcing chains (+) with a length bonus.
PLUS = "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5..........."
# The first puzzle of forum_hardest: serate rates it 11.1/11.1/11.1, with nested forcing chains.
HARDEST = "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6"
TOP1_SOLUTION = "468931527751624839392578461134756298289413675675289314846192753513867942927345186"
CLASSIC = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"
CLASSIC_SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
# CLASSIC_SOLUTION with a deadly rectangle emptied: exactly these two solutions.
DEADLY = "534..8912672195348198342567859..1423426853791713924856961537284287419635345286179"
DEADLY_SOLUTIONS = {
    CLASSIC_SOLUTION,
    "534768912672195348198342567859671423426853791713924856961537284287419635345286179",
}
# Valid givens, but cell 8 sees every digit: no solution.
UNSOLVABLE = "12345678.........9" + "." * 63
EMPTY = "." * 81


def foreign_library():
    """The path of a shared library this process has loaded that is not libsudoku (the C math
    library, else the C library): it loads, but has none of libsudoku's functions."""
    with open("/proc/self/maps") as maps:
        paths = {line.split()[-1] for line in maps if "/" in line}
    for prefix in ("libm.so", "libm-", "libc.so", "libc-"):
        for path in sorted(paths):
            if os.path.basename(path).startswith(prefix) and os.path.isfile(path):
                return path
    raise unittest.SkipTest("no libm or libc path in /proc/self/maps")


def data_dir():
    return os.environ.get("SUDOKU_DATA_DIR") or os.path.join(ROOT, "..", "shared", "data")


def read_puzzles(name):
    with open(os.path.join(data_dir(), name), "rb") as f:
        lines = [line.rstrip(b"\r\n") for line in f]
    return [line.decode() for line in lines if line and not line.startswith(b"#")]


def is_solution_of(puzzle, solution):
    """True when `solution` is 81 digits, each of 1-9 once in every row, column and box, keeping
    every given of `puzzle`."""
    if len(solution) != 81 or not all(c in "123456789" for c in solution):
        return False
    if any(p not in ".0" and p != s for p, s in zip(puzzle, solution)):
        return False
    for i in range(9):
        row = {solution[i * 9 + k] for k in range(9)}
        col = {solution[k * 9 + i] for k in range(9)}
        box = {solution[(i // 3 * 3 + k // 3) * 9 + i % 3 * 3 + k % 3] for k in range(9)}
        if not len(row) == len(col) == len(box) == 9:
            return False
    return True


class Solve(unittest.TestCase):
    def test_solve(self):
        self.assertEqual(sudoku.solve(TOP1), TOP1_SOLUTION)
        self.assertEqual(sudoku.solve(CLASSIC), CLASSIC_SOLUTION)
        self.assertEqual(sudoku.solve(TOP1.encode()), TOP1_SOLUTION)
        self.assertIn(sudoku.solve(DEADLY), DEADLY_SOLUTIONS)

    def test_solve_unique(self):
        self.assertEqual(sudoku.solve_unique(TOP1), TOP1_SOLUTION)
        with self.assertRaises(sudoku.SudokuError) as caught:
            sudoku.solve_unique(DEADLY)
        self.assertEqual(caught.exception.status, sudoku.SUDOKU_MULTIPLE_SOLUTIONS)
        self.assertEqual(caught.exception.message, "the puzzle has more than one solution")
        self.assertIsNone(caught.exception.cell)

    def test_no_solution(self):
        for function in (sudoku.solve, sudoku.solve_unique):
            with self.assertRaises(sudoku.SudokuError) as caught:
                function(UNSOLVABLE)
            self.assertEqual(caught.exception.status, sudoku.SUDOKU_NO_SOLUTION)
            self.assertEqual(str(caught.exception), "the puzzle has no solution")

    def test_invalid_boards_name_the_cell(self):
        cases = [
            (EMPTY[:40] + "x" + EMPTY[41:], sudoku.SUDOKU_INVALID_CHARACTER, 40),
            ("5" + "." * 9 + "5" + "." * 70, sudoku.SUDOKU_CONFLICTING_GIVENS, 10),
        ]
        for board, status, cell in cases:
            for function in (sudoku.solve, sudoku.solve_unique, sudoku.count_solutions,
                             sudoku.validate):
                with self.assertRaises(sudoku.SudokuError) as caught:
                    function(board)
                self.assertEqual((caught.exception.status, caught.exception.cell), (status, cell))
                self.assertTrue(str(caught.exception).endswith("(cell %d)" % cell))

    def test_wrong_length_and_non_ascii(self):
        for board, cell in ((TOP1[:80], None), (TOP1 + "1", None), ("", None),
                            ("é" + TOP1[1:], 0), ("é" + TOP1, None)):
            with self.assertRaises(sudoku.SudokuError) as caught:
                sudoku.solve(board)
            self.assertEqual(caught.exception.status, sudoku.SUDOKU_INVALID_CHARACTER)
            self.assertEqual(caught.exception.cell, cell)
        # A board of the wrong type is a TypeError, before the library is called.
        for board in (None, 5, list(TOP1)):
            for function in (sudoku.solve, sudoku.solve_unique, sudoku.count_solutions,
                             sudoku.validate):
                with self.assertRaises(TypeError, msg=(function.__name__, board)) as caught:
                    function(board)
                self.assertEqual(
                    str(caught.exception),
                    "a board is a str, bytes, bytearray or byte memoryview of 81 characters, not %s" % type(board).__name__,
                )
            with self.assertRaises(TypeError, msg=board):
                sudoku.solve_batch([TOP1, board])

    def test_the_length_error_counts_characters_in_good_english(self):
        for board, message in (
            ("x", "a board has 81 cells, got 1 character"),
            (TOP1[:80], "a board has 81 cells, got 80 characters"),
            ("", "a board has 81 cells, got 0 characters"),
            (TOP1 + "1", "a board has 81 cells, got 82 characters"),
            # Bytes are counted as bytes: the "é" is two of them.
            ((TOP1[:40] + "é" + TOP1[41:]).encode(), "a board has 81 cells, got 82 bytes"),
            (b"x", "a board has 81 cells, got 1 byte"),
            (bytearray(TOP1[:80], "ascii"), "a board has 81 cells, got 80 bytes"),
        ):
            with self.assertRaises(sudoku.SudokuError) as caught:
                sudoku.solve(board)
            self.assertEqual((caught.exception.message, str(caught.exception)), (message, message))

    def test_a_memoryview_is_a_board_only_when_its_items_are_bytes(self):
        text = TOP1.encode()
        for board in (memoryview(text), memoryview(bytearray(text)),
                      memoryview(array.array("b", text)), memoryview(array.array("B", text)),
                      memoryview(text).cast("c"), memoryview((ctypes.c_char * 81)(*text))):
            self.assertEqual(sudoku.solve(board), TOP1_SOLUTION, board.format)
            self.assertEqual(sudoku.solve_batch([board]), [TOP1_SOLUTION], board.format)
        # Items wider than a byte: 81 of them are not 81 characters (and were read as 162 bytes).
        wide = (memoryview(array.array("H", [ord(".")] * 81)),
                memoryview(array.array("i", [0] * 81)), memoryview(text + b"...").cast("I"))
        for board in wide:
            for function in (sudoku.solve, sudoku.solve_unique, sudoku.count_solutions,
                             sudoku.validate):
                with self.assertRaises(TypeError, msg=(function.__name__, board.format)) as caught:
                    function(board)
                self.assertEqual(
                    str(caught.exception),
                    "a board is a str, bytes, bytearray or byte memoryview of 81 characters, not a memoryview of format %r"
                    % board.format,
                )
            with self.assertRaises(TypeError, msg=board.format):
                sudoku.solve_batch([TOP1, board])
        # An array itself is no board either, whatever its items.
        with self.assertRaises(TypeError):
            sudoku.solve(array.array("b", text))

    def test_the_error_is_a_value_error(self):
        self.assertTrue(issubclass(sudoku.SudokuError, ValueError))


def clashes(board):
    """This suite's own board_conflicts: each digit compared with the 80 other cells."""
    marks = [0] * 81
    for a in range(81):
        for b in range(81):
            if a != b and board[a] not in ".0" and board[a] == board[b]:
                (ra, ca), (rb, cb) = divmod(a, 9), divmod(b, 9)
                marks[a] |= ((ra == rb) * sudoku.CONFLICT_ROW | (ca == cb) * sudoku.CONFLICT_COLUMN
                             | (ra // 3 == rb // 3 and ca // 3 == cb // 3) * sudoku.CONFLICT_BOX)
    return marks


class CountAndValidate(unittest.TestCase):
    def test_board_conflicts_mark_every_clash(self):
        import random

        self.assertEqual((sudoku.CONFLICT_ROW, sudoku.CONFLICT_COLUMN, sudoku.CONFLICT_BOX),
                         (1, 2, 4))
        rng = random.Random(2026)
        seen = 0
        for k in range(300):
            cells = [rng.choice("123456789") if rng.random() < k / 300 else "." for _ in range(81)]
            board = "".join(cells)
            marks = sudoku.board_conflicts(board)
            self.assertEqual(marks, clashes(board))
            seen += any(marks)
            try:
                sudoku.validate(board)
                self.assertFalse(any(marks))
            except sudoku.SudokuError as e:
                self.assertEqual(e.status, sudoku.SUDOKU_CONFLICTING_GIVENS)
                self.assertTrue(marks[e.cell])
        self.assertGreater(seen, 100)
        self.assertEqual(sudoku.board_conflicts(TOP1), [0] * 81)
        self.assertEqual(sudoku.board_conflicts(TOP1.encode()), [0] * 81)
        # A player's 4 at r1c2 in CLASSIC's solution grid, where a 4 stands at r1c5 already.
        grid = CLASSIC_SOLUTION[:1] + "4" + CLASSIC_SOLUTION[2:]
        self.assertEqual(sudoku.board_conflicts(grid), clashes(grid))
        self.assertTrue(sudoku.board_conflicts(grid)[1] & sudoku.CONFLICT_ROW)
        with self.assertRaises(sudoku.SudokuError) as caught:
            sudoku.board_conflicts("1" * 40 + "x" + "." * 40)
        self.assertEqual((caught.exception.status, caught.exception.cell),
                         (sudoku.SUDOKU_INVALID_CHARACTER, 40))
        with self.assertRaises(TypeError):
            sudoku.board_conflicts(list(TOP1))
        for name in ("board_conflicts", "CONFLICT_ROW", "CONFLICT_COLUMN", "CONFLICT_BOX"):
            self.assertIn(name, sudoku.__all__)

    def test_counts(self):
        self.assertEqual(sudoku.count_solutions(EMPTY, 1000), 1000)
        self.assertEqual(sudoku.count_solutions(DEADLY), 2)
        self.assertEqual(sudoku.count_solutions(DEADLY, 10), 2)
        self.assertEqual(sudoku.count_solutions(DEADLY, 1), 1)
        self.assertEqual(sudoku.count_solutions(TOP1), 1)
        self.assertEqual(sudoku.count_solutions(UNSOLVABLE), 0)

    def test_limit_must_be_positive(self):
        with self.assertRaises(sudoku.SudokuError) as caught:
            sudoku.count_solutions(EMPTY, 0)
        self.assertEqual(caught.exception.status, sudoku.SUDOKU_INVALID_ARGUMENT)
        with self.assertRaises(sudoku.SudokuError) as caught:
            sudoku.count_solutions(EMPTY, 2**64)
        self.assertEqual(caught.exception.status, sudoku.SUDOKU_INVALID_ARGUMENT)

    def test_non_ascii_character_names_its_cell(self):
        with self.assertRaises(sudoku.SudokuError) as caught:
            sudoku.validate("." * 40 + "\u00e9" + "." * 40)
        self.assertEqual(caught.exception.status, sudoku.SUDOKU_INVALID_CHARACTER)
        self.assertEqual(caught.exception.cell, 40)
        with self.assertRaises(sudoku.SudokuError) as caught:
            sudoku.solve("\u00e9" * 3)
        self.assertIsNone(caught.exception.cell)

    def test_non_ascii_is_a_fault_where_it_stands(self):
        # The first fault in row-major order, as for the same board in bytes: not the non-ASCII
        # character when an earlier cell is already wrong.
        for text, raw, status, cell in (
                ("x" + TOP1[1:5] + "\u00e9" + TOP1[6:], b"x" + TOP1[1:5].encode() + b"\xe9"
                 + TOP1[6:].encode(), sudoku.SUDOKU_INVALID_CHARACTER, 0),
                ("55..." + "\u00e9" + "." * 75, b"55...\xe9" + b"." * 75,
                 sudoku.SUDOKU_CONFLICTING_GIVENS, 1)):
            for board in (text, raw):
                with self.assertRaises(sudoku.SudokuError, msg=repr(board)) as caught:
                    sudoku.validate(board)
                self.assertEqual((caught.exception.status, caught.exception.cell),
                                 (status, cell), repr(board))

    def test_other_arguments_are_checked_before_the_board_s_characters(self):
        # The C API's order: the board's type, the other arguments, then its characters.
        with self.assertRaises(ValueError):
            sudoku.rate("x", -1)
        with self.assertRaises(TypeError):
            sudoku.rate("x", "a")
        with self.assertRaises(TypeError):
            sudoku.hint("x", "bad")
        with self.assertRaises(TypeError):
            sudoku.apply_transform((False, range(8), range(9), range(10)), None)
        for masks in (set(range(81)), {i: 1 for i in range(81)}, range(81)):
            with self.assertRaises(TypeError, msg=type(masks).__name__):
                sudoku.solve_candidates(masks)

    def test_huge_numbers_get_the_documented_errors(self):
        with self.assertRaises(ValueError):
            sudoku.level_name(10**400)
        with self.assertRaises(sudoku.SudokuError) as caught:
            sudoku.generate(0, er=(1, 10**400))
        self.assertEqual(caught.exception.status, sudoku.SUDOKU_INVALID_ARGUMENT)

    def test_limit_must_be_an_int(self):
        for limit in (2.5, "2", True, None):
            with self.assertRaises(TypeError, msg=repr(limit)):
                sudoku.count_solutions(EMPTY, limit)

    def test_the_limit_is_checked_before_the_board(self):
        # The C API's order: NULL pointers (here: a board that is no str or bytes), then the
        # limit, then the board's characters.
        for board in ("x", "\u00e9", TOP1[:80], "x" + EMPTY[1:], CLASSIC[:8] + "5" + CLASSIC[9:]):
            for limit in (0, -1, 2**64):
                with self.assertRaises(sudoku.SudokuError, msg=(board, limit)) as caught:
                    sudoku.count_solutions(board, limit)
                self.assertEqual(caught.exception.status, sudoku.SUDOKU_INVALID_ARGUMENT)
                self.assertIsNone(caught.exception.cell)
            for limit in ("2", 2.0, True, None):
                with self.assertRaises(TypeError, msg=(board, limit)) as caught:
                    sudoku.count_solutions(board, limit)
                self.assertEqual(
                    str(caught.exception), "limit must be an int, not %s" % type(limit).__name__
                )
        with self.assertRaises(TypeError) as caught:
            sudoku.count_solutions(None, "2")
        self.assertEqual(
            str(caught.exception), "a board is a str, bytes, bytearray or byte memoryview of 81 characters, not NoneType"
        )

    def test_validate(self):
        for board in (EMPTY, TOP1, CLASSIC, UNSOLVABLE):
            self.assertIsNone(sudoku.validate(board))
        with self.assertRaises(sudoku.SudokuError) as caught:
            sudoku.validate(CLASSIC[:8] + "5" + CLASSIC[9:])
        self.assertEqual(caught.exception.status, sudoku.SUDOKU_CONFLICTING_GIVENS)
        self.assertEqual(caught.exception.cell, 8)

    def test_version(self):
        expected = os.environ.get("SUDOKU_EXPECTED_VERSION")
        self.assertIsNotNone(expected, "set SUDOKU_EXPECTED_VERSION to the crate version")
        self.assertEqual(sudoku.version(), expected)
        self.assertEqual(sudoku.__version__, expected)
        with self.assertRaises(AttributeError):
            sudoku.no_such_name


class ListSolutions(unittest.TestCase):
    def brute_force(self, puzzle):
        """Every solution of `puzzle` by plain backtracking in cell order, digits ascending:
        sorted by construction (for puzzles with few blanks)."""
        cells = list(puzzle.replace("0", "."))
        found = []

        def fits(at, digit):
            r, c = divmod(at, 9)
            for k in range(81):
                kr, kc = divmod(k, 9)
                if k != at and cells[k] == digit and (
                    kr == r or kc == c or (kr // 3 == r // 3 and kc // 3 == c // 3)
                ):
                    return False
            return True

        def fill(at):
            while at < 81 and cells[at] != ".":
                at += 1
            if at == 81:
                found.append("".join(cells))
                return
            for digit in "123456789":
                if fits(at, digit):
                    cells[at] = digit
                    fill(at + 1)
                    cells[at] = "."

        fill(0)
        return found

    def test_lists_in_sorted_order(self):
        result = sudoku.list_solutions(DEADLY, 10)
        self.assertIsInstance(result, sudoku.Solutions)
        self.assertEqual(result, (sorted(DEADLY_SOLUTIONS), False))
        self.assertEqual(result.solutions, sorted(DEADLY_SOLUTIONS))
        self.assertIs(result.more, False)
        self.assertEqual(sudoku.list_solutions(DEADLY, 2), (sorted(DEADLY_SOLUTIONS), False))
        self.assertEqual(sudoku.list_solutions(DEADLY, 1), ([min(DEADLY_SOLUTIONS)], True))
        self.assertEqual(sudoku.list_solutions(DEADLY, 0), ([], True))
        self.assertEqual(sudoku.list_solutions(TOP1, 5), ([TOP1_SOLUTION], False))
        self.assertEqual(sudoku.list_solutions(TOP1, 0), ([], True))
        self.assertEqual(sudoku.list_solutions(UNSOLVABLE, 5), ([], False))
        self.assertEqual(sudoku.list_solutions(UNSOLVABLE, 0), ([], False))
        self.assertIn("more=False", repr(sudoku.list_solutions(TOP1, 1)))

    def test_agrees_with_plain_backtracking(self):
        # A solved grid with two rows emptied (4 solutions), and the classic puzzle with five
        # givens fewer (8): every solution found by a backtracker in cell order (which lists
        # them sorted).
        for puzzle in ("." * 18 + CLASSIC_SOLUTION[18:], CLASSIC[:40] + "." * 5 + CLASSIC[45:]):
            self.check_against_backtracking(puzzle)

    def check_against_backtracking(self, puzzle):
        expected = self.brute_force(puzzle)
        self.assertGreater(len(expected), 1)
        for limit in (1, len(expected) - 1, len(expected), len(expected) + 3):
            listed = sudoku.list_solutions(puzzle, limit)
            self.assertEqual(listed, (expected[:limit], len(expected) > limit))
            for solution in listed.solutions:
                self.assertTrue(is_solution_of(puzzle, solution))

    def test_the_buffer_grows_with_the_solutions_not_the_limit(self):
        # The documented memory: a buffer of 4,096 solutions first, whatever the limit, so a
        # large limit on a puzzle with two solutions costs no more (a copy of the whole buffer
        # would double the peak). tracemalloc sees the ctypes buffer (allocated through
        # Python's allocator) and every copy of it.
        import tracemalloc

        limit = 200000
        tracemalloc.start()
        try:
            tracemalloc.reset_peak()
            before = tracemalloc.get_traced_memory()[0]
            result = sudoku.list_solutions(DEADLY, limit)
            peak = tracemalloc.get_traced_memory()[1] - before
        finally:
            tracemalloc.stop()
        self.assertEqual(result, (sorted(DEADLY_SOLUTIONS), False))
        self.assertGreaterEqual(peak, 81 * 4096)
        self.assertLess(peak, 81 * 4096 + 64 * 1024, peak)

    def test_a_grown_buffer_lists_the_same_solutions(self):
        # Past the first 4,096 solutions the search runs again with twice the room: the
        # solutions come in the same order, the first ones equal to a search that fits at once.
        first = sudoku.list_solutions(EMPTY, 4096)
        self.assertTrue(first.more)
        for limit in (4097, 8192, 10000):
            grown = sudoku.list_solutions(EMPTY, limit)
            self.assertTrue(grown.more)
            self.assertEqual(len(grown.solutions), limit)
            self.assertEqual(grown.solutions[:4096], first.solutions)
            self.assertEqual(grown.solutions, sorted(set(grown.solutions)))
            self.assertEqual(sudoku.count_solutions(EMPTY, limit + 1), limit + 1)
        few = sudoku.list_solutions(DEADLY, 10**6)
        self.assertEqual(few, (sorted(DEADLY_SOLUTIONS), False))

    def test_the_empty_board_starts_with_the_least_grid(self):
        solutions, more = sudoku.list_solutions(EMPTY, 100)
        self.assertTrue(more)
        self.assertEqual(len(solutions), 100)
        self.assertEqual(solutions, sorted(set(solutions)))
        self.assertEqual(
            solutions[0],
            "123456789456789123789123456214365897365897214897214365531642978642978531978531642",
        )
        for solution in solutions:
            self.assertTrue(is_solution_of(EMPTY, solution))
        self.assertEqual(sudoku.count_solutions(EMPTY, 101), 101)

    def test_errors(self):
        for limit in (-1, 2**64, _args._LIST_LIMIT_MAX + 1):
            with self.assertRaises(sudoku.SudokuError, msg=limit) as caught:
                sudoku.list_solutions("x" + EMPTY[1:], limit)
            self.assertEqual(caught.exception.status, sudoku.SUDOKU_INVALID_ARGUMENT)
        for limit in (2.0, "2", True, None):
            with self.assertRaises(TypeError, msg=repr(limit)):
                sudoku.list_solutions(EMPTY, limit)
        with self.assertRaises(TypeError):
            sudoku.list_solutions(None, 2)
        with self.assertRaises(sudoku.SudokuError) as caught:
            sudoku.list_solutions("." * 10 + "x" + "." * 70, 3)
        self.assertEqual(
            (caught.exception.status, caught.exception.cell), (sudoku.SUDOKU_INVALID_CHARACTER, 10)
        )
        with self.assertRaises(sudoku.SudokuError) as caught:
            sudoku.list_solutions(CLASSIC[:8] + "5" + CLASSIC[9:], 3)
        self.assertEqual(caught.exception.status, sudoku.SUDOKU_CONFLICTING_GIVENS)
        self.assertEqual(caught.exception.cell, 8)
        # Bytes and memoryviews are boards too.
        self.assertEqual(
            sudoku.list_solutions(memoryview(DEADLY.encode()), 1).solutions,
            [min(DEADLY_SOLUTIONS)],
        )


class Batch(unittest.TestCase):
    def test_each_puzzle_gets_its_result_in_order(self):
        puzzles = [TOP1, UNSOLVABLE, DEADLY, TOP1[:80], "x" + EMPTY[1:], CLASSIC, b"." * 81]
        for threads in (0, 1, 2, 5):
            first = sudoku.solve_batch(puzzles, threads=threads)
            self.assertEqual(len(first), len(puzzles))
            self.assertEqual(first[0], TOP1_SOLUTION)
            self.assertEqual(first[1].status, sudoku.SUDOKU_NO_SOLUTION)
            self.assertIn(first[2], DEADLY_SOLUTIONS)
            self.assertEqual(first[3].status, sudoku.SUDOKU_INVALID_CHARACTER)
            self.assertIsNone(first[3].cell)
            self.assertEqual((first[4].status, first[4].cell), (sudoku.SUDOKU_INVALID_CHARACTER, 0))
            self.assertEqual(first[5], CLASSIC_SOLUTION)
            self.assertTrue(is_solution_of(EMPTY, first[6]))

            unique = sudoku.solve_batch(puzzles, unique=True, threads=threads)
            self.assertEqual(unique[0], TOP1_SOLUTION)
            self.assertEqual(unique[1].status, sudoku.SUDOKU_NO_SOLUTION)
            self.assertEqual(unique[2].status, sudoku.SUDOKU_MULTIPLE_SOLUTIONS)
            self.assertEqual(unique[5], CLASSIC_SOLUTION)
            self.assertEqual(unique[6].status, sudoku.SUDOKU_MULTIPLE_SOLUTIONS)

    def test_empty_batch(self):
        self.assertEqual(sudoku.solve_batch([]), [])
        self.assertEqual(sudoku.solve_batch([TOP1[:10]])[0].status, sudoku.SUDOKU_INVALID_CHARACTER)

    def test_bad_arguments(self):
        with self.assertRaises(ValueError):
            sudoku.solve_batch([TOP1], threads=-1)
        with self.assertRaises(TypeError):
            sudoku.solve_batch([TOP1, 5])
        # ctypes would silently wrap these to 64 bits (2**70 to 0: every core).
        for threads in (2**64, 2**70):
            with self.assertRaises(ValueError, msg=threads):
                sudoku.solve_batch([TOP1], threads=threads)
        for threads in (1.5, "2", None):
            with self.assertRaises(TypeError, msg=repr(threads)):
                sudoku.solve_batch([TOP1], threads=threads)
        # One puzzle instead of a list of them: an easy mistake, not 81 one-character puzzles.
        for one in (TOP1, TOP1.encode()):
            with self.assertRaises(TypeError):
                sudoku.solve_batch(one)

    def test_the_other_arguments_are_checked_before_the_boards(self):
        # As sudoku_solve_batch checks its flags and thread count before any board.
        for boards in ([None], [5, TOP1], ["x"]):
            with self.assertRaises(TypeError, msg=boards) as caught:
                sudoku.solve_batch(boards, unique=1)
            self.assertEqual(str(caught.exception), "unique must be a bool, not int")
            with self.assertRaises(TypeError, msg=boards) as caught:
                sudoku.solve_batch(boards, threads="2")
            self.assertEqual(str(caught.exception), "threads must be an int, not str")
            with self.assertRaises(ValueError, msg=boards) as caught:
                sudoku.solve_batch(boards, threads=-1)
            self.assertEqual(
                str(caught.exception), "threads must be from 0 (every core) to 2**64 - 1"
            )

    def test_unique_must_be_a_bool(self):
        # A truthy stand-in (1, "yes") would silently pick a mode; None is not "no".
        for unique in (1, 0, "yes", "", None, 1.0):
            with self.assertRaises(TypeError, msg=repr(unique)) as caught:
                sudoku.solve_batch([DEADLY], unique=unique)
            self.assertEqual(
                str(caught.exception), "unique must be a bool, not %s" % type(unique).__name__
            )
        self.assertIn(sudoku.solve_batch([DEADLY], unique=False)[0], DEADLY_SOLUTIONS)
        self.assertEqual(
            sudoku.solve_batch([DEADLY], unique=True)[0].status, sudoku.SUDOKU_MULTIPLE_SOLUTIONS
        )

    def test_any_iterable_of_puzzles(self):
        self.assertEqual(sudoku.solve_batch(iter([TOP1, CLASSIC]), threads=1),
                         [TOP1_SOLUTION, CLASSIC_SOLUTION])
        self.assertEqual(sudoku.solve_batch((p for p in [TOP1])), [TOP1_SOLUTION])

    def test_magictour_top1465(self):
        puzzles = read_puzzles("puzzles3_magictour_top1465")
        self.assertEqual(len(puzzles), 1465)
        solutions = sudoku.solve_batch(puzzles, unique=True)
        for puzzle, solution in zip(puzzles, solutions):
            self.assertIsInstance(solution, str, puzzle)
            self.assertTrue(is_solution_of(puzzle, solution), (puzzle, solution))
        # The same as one puzzle at a time.
        self.assertEqual(solutions[:100], [sudoku.solve_unique(p) for p in puzzles[:100]])


class Threads(unittest.TestCase):
    def test_calls_from_several_threads_at_once(self):
        puzzles = read_puzzles("puzzles3_magictour_top1465")
        expected = sudoku.solve_batch(puzzles, unique=True, threads=1)
        results = {}
        errors = []
        start = threading.Barrier(8)

        def work(k):
            try:
                start.wait()
                mine = puzzles[k::8]
                if k % 2:
                    results[k] = [sudoku.solve_unique(p) for p in mine]
                else:
                    results[k] = sudoku.solve_batch(mine, unique=True, threads=2)
                sudoku.validate(TOP1)
                if sudoku.count_solutions(DEADLY) != 2:
                    errors.append("count in thread %d" % k)
            except Exception as e:  # reported below, with the thread
                errors.append("thread %d: %r" % (k, e))

        threads = [threading.Thread(target=work, args=(k,)) for k in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        self.assertEqual(errors, [])
        for k in range(8):
            self.assertEqual(results[k], expected[k::8], "thread %d" % k)


def plain(results):
    """Results of a batch call with each SudokuError as its status, to compare lists."""
    return [r.status if isinstance(r, sudoku.SudokuError) else r for r in results]


class Pieces(unittest.TestCase):
    """The batch calls go to the library in pieces, so that Ctrl-C is seen between them: the
    pieces change no result, and an interrupt stops the call before the next piece."""

    def setUp(self):
        self.saved = dict(_batch._CHUNK)

    def tearDown(self):
        _batch._CHUNK.update(self.saved)

    def pieces_of(self, size):
        # _CHUNK is changed in place: _chunks (in _batch) reads this very dict.
        for kind in _batch._CHUNK:
            _batch._CHUNK[kind] = size

    def test_pieces_change_no_result(self):
        puzzles = read_puzzles("puzzles3_magictour_top1465")[:40] + [UNSOLVABLE, DEADLY, "5"]
        calls = lambda: (plain(sudoku.solve_batch(puzzles, unique=True, threads=2)),
                         plain(sudoku.rate_batch(puzzles[:12] + [DEADLY], threads=2)),
                         plain(sudoku.canonicalize_batch(puzzles, transform=True, threads=2)),
                         plain(sudoku.generate_batch(7, 25, symmetry="rotate180", index=2**64 - 3,
                                                     threads=2)),
                         plain(sudoku.generate_batch(7, 5, er=(2.0, 4.0), threads=2)))
        whole = calls()
        # Each piece of 1, 2 or 3 puzzles a thread gives the same results.
        for size in (1, 3):
            self.pieces_of(size)
            self.assertEqual(calls(), whole, msg=size)
        # And they are the single calls' (wrapping indices included).
        self.assertEqual(whole[0][:5], [sudoku.solve_unique(p) for p in puzzles[:5]])
        self.assertEqual(whole[1][:3], [sudoku.rate(p) for p in puzzles[:3]])
        self.assertEqual(whole[2][:3], [sudoku.canonicalize(p, transform=True)
                                         for p in puzzles[:3]])
        self.assertEqual(whole[3][:4], [sudoku.generate(7, symmetry="rotate180",
                                                        index=(2**64 - 3 + i) % 2**64)
                                         for i in range(4)])
        self.assertEqual(whole[4][4], sudoku.generate(7, er=(2.0, 4.0), index=4))

    def test_an_interrupt_stops_before_the_next_piece(self):
        if signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
            self.skipTest("SIGINT has another handler here")
        real = _loader._library()
        calls = []
        interrupt = False

        class Interrupted:
            """The library, whose batch calls end with a Ctrl-C (as if pressed during them)
            when `interrupt` is set, and are counted."""

            def __getattr__(self, name):
                function = getattr(real, name)
                if not name.endswith("_batch"):
                    return function

                def call(*args):
                    calls.append(name)
                    status = function(*args)
                    if interrupt:
                        signal.raise_signal(signal.SIGINT)
                    return status
                return call

        self.pieces_of(1)
        puzzles = read_puzzles("puzzles3_magictour_top1465")[:10]
        batches = (lambda: sudoku.solve_batch(puzzles, threads=1),
                   lambda: sudoku.rate_batch(puzzles, threads=1),
                   lambda: sudoku.canonicalize_batch(puzzles, threads=1),
                   lambda: sudoku.generate_batch(1, 10, threads=1))
        # Each module making batch calls reaches the library through its own name _library.
        with unittest.mock.patch.object(_solve, "_library", Interrupted), \
                unittest.mock.patch.object(_steps, "_library", Interrupted), \
                unittest.mock.patch.object(_canonical, "_library", Interrupted), \
                unittest.mock.patch.object(_generate, "_library", Interrupted):
            # Uninterrupted, each batch is 10 calls of one puzzle: the patches reach the calls,
            # so the single call below is the interrupt's doing, not a batch in one piece.
            for batch in batches:
                calls.clear()
                batch()
                self.assertEqual(len(calls), 10, calls)
            interrupt = True
            for batch in batches:
                calls.clear()
                with self.assertRaises(KeyboardInterrupt):
                    batch()
                self.assertEqual(len(calls), 1, calls)


class Generate(unittest.TestCase):
    """generate, generate_batch, is_minimal and minimize: what they return, their errors, and
    the golden file of the Rust tests (tests/data/generator/golden.txt), so that a seed gives
    the same puzzle from Python as from Rust."""

    def golden(self):
        path = os.path.join(ROOT, "tests", "data", "generator", "golden.txt")
        with open(path) as f:
            for line in f:
                if not line.startswith("#"):
                    seed, index, symmetry, minimal, low, high, puzzle = line.split()
                    yield (int(seed), int(index), symmetry, minimal == "minimal",
                           (int(low), int(high)), puzzle)

    def test_generate_gives_the_golden_puzzles(self):
        cases = list(self.golden())
        self.assertGreater(len(cases), 40)
        for seed, index, symmetry, minimal, givens, puzzle in cases:
            made = sudoku.generate(seed, symmetry=symmetry, givens=givens, minimal=minimal,
                                   index=index)
            self.assertEqual(made, puzzle)

    HEART = (".xx...xx.x..x.x..xx...x...xx.......x.x.....x...x...x.....x.x.......x....xxxxxxxxx")

    def test_a_puzzle_on_a_pattern_fits_it(self):
        # The heart of tests/generate_ffi.rs, pinned there for seed 2026 too.
        self.assertEqual(sudoku.generate_pattern(2026, self.HEART),
                         ".48...62.1..8.5..75...2...99.......6.8.....4...3...2.....6.1.......8....627594183")
        for k, shape in enumerate([self.HEART, TOP1.replace(".", "0"), CLASSIC]):
            try:
                puzzle, solution = sudoku.generate_pattern(k, shape, solution=True)
            except sudoku.SudokuError as e:
                self.assertEqual(e.status, sudoku.SUDOKU_NOT_FOUND)  # top1465's are hard
                continue
            self.assertEqual([c != "." for c in puzzle], [c not in ".0" for c in shape])
            self.assertEqual(sudoku.count_solutions(puzzle), 1)
            self.assertEqual(sudoku.solve_unique(puzzle), solution)
            self.assertEqual(sudoku.generate_pattern(k, shape.encode()), puzzle)

    def test_a_pattern_s_errors(self):
        for args, status in [((1, self.HEART, 0), sudoku.SUDOKU_INVALID_ARGUMENT),
                             ((-1, self.HEART), sudoku.SUDOKU_INVALID_ARGUMENT),
                             ((2**64, self.HEART), sudoku.SUDOKU_INVALID_ARGUMENT),
                             ((1, "x" * 16 + "." * 65), sudoku.SUDOKU_INVALID_ARGUMENT),
                             ((1, "." * 18 + "x" * 63), sudoku.SUDOKU_INVALID_ARGUMENT),
                             ((1, "x" * 80), sudoku.SUDOKU_INVALID_CHARACTER)]:
            with self.assertRaises(sudoku.SudokuError, msg=repr(args)) as caught:
                sudoku.generate_pattern(*args)
            self.assertEqual(caught.exception.status, status, args)
        for pattern, reason in [("x" * 16 + "." * 65, "has 16 cells"),
                                (self.HEART[:9] + "." * 18 + self.HEART[27:],
                                 "leaves rows 2 and 3 of band 1 empty"),
                                ("".join("x..xxxxxx"[c] for r in range(9) for c in range(9)),
                                 "leaves columns 2 and 3 of stack 1 empty")]:
            with self.assertRaises(sudoku.SudokuError) as caught:
                sudoku.generate_pattern(1, pattern)
            self.assertIn(reason, str(caught.exception))
        with self.assertRaises(sudoku.SudokuError) as caught:
            sudoku.generate_pattern(1, self.HEART[:40] + "#" + self.HEART[41:])
        self.assertEqual((caught.exception.status, caught.exception.cell),
                         (sudoku.SUDOKU_INVALID_CHARACTER, 40))
        with self.assertRaises(sudoku.SudokuError) as caught:
            sudoku.generate_pattern(0, read_puzzles("puzzles2_17_clue")[0], max_attempts=3)
        self.assertEqual(caught.exception.status, sudoku.SUDOKU_NOT_FOUND)
        for args in [(1.0, self.HEART), (1, list(self.HEART)), (1, None), (1, self.HEART, 1.5),
                     (1, self.HEART, True)]:
            with self.assertRaises(TypeError, msg=repr(args)):
                sudoku.generate_pattern(*args)
        with self.assertRaises(TypeError):
            sudoku.generate_pattern(1, self.HEART, solution=1)
        self.assertIn("generate_pattern", sudoku.__all__)

    def test_puzzles_on_a_pattern_by_index_window_and_batch(self):
        # Index 0 is the plain puzzle; other indices are other puzzles, the batch's items.
        plain = sudoku.generate_pattern(2026, self.HEART)
        self.assertEqual(sudoku.generate_pattern(2026, self.HEART, index=0), plain)
        items = sudoku.generate_pattern_batch(2026, self.HEART, 4, index=2**64 - 2, threads=2)
        self.assertEqual(len(items), 4)
        for i, item in enumerate(items):
            index = (2**64 - 2 + i) % 2**64
            if isinstance(item, sudoku.SudokuError):
                self.assertEqual(item.status, sudoku.SUDOKU_NOT_FOUND)
                continue
            self.assertEqual(sudoku.generate_pattern(2026, self.HEART, index=index), item)
            self.assertEqual([c != "." for c in item], [c != "." for c in self.HEART])
            self.assertEqual(sudoku.count_solutions(item), 1)
        self.assertEqual(sudoku.generate_pattern_batch(2026, self.HEART, 3, threads=1),
                         sudoku.generate_pattern_batch(2026, self.HEART, 3, threads=0))
        self.assertEqual(sudoku.generate_pattern_batch(2026, self.HEART, 1)[0], plain)
        self.assertEqual(sudoku.generate_pattern_batch(2026, self.HEART, 0), [])
        # A rating window: every puzzle kept is rated inside it (rate is checked against
        # Sudoku Explainer's published ratings in test_ratings).
        window = sudoku.generate_pattern_batch(5, self.HEART, 4, max_attempts=5000, er=(3.0, 4.5))
        found = [p for p in window if isinstance(p, str)]
        self.assertGreaterEqual(len(found), 3)
        for puzzle in found:
            self.assertTrue(3.0 <= sudoku.rate(puzzle).er <= 4.5, puzzle)
        one, solution = sudoku.generate_pattern(5, self.HEART, 5000, True, 0, [3.0, 4.5])
        self.assertEqual(one, window[0])
        self.assertEqual(sudoku.solve_unique(one), solution)
        with self.assertRaises(sudoku.SudokuError) as caught:
            sudoku.generate_pattern(5, self.HEART, 3, er=(20.0, 20.0))
        self.assertEqual(caught.exception.status, sudoku.SUDOKU_NOT_FOUND)
        self.assertIn("generate_pattern_batch", sudoku.__all__)

    def test_pattern_batch_errors(self):
        for kwargs, status in [({"max_attempts": 0}, sudoku.SUDOKU_INVALID_ARGUMENT),
                               ({"index": -1}, sudoku.SUDOKU_INVALID_ARGUMENT),
                               ({"index": 2**64}, sudoku.SUDOKU_INVALID_ARGUMENT),
                               ({"er": (5.0, 4.0)}, sudoku.SUDOKU_INVALID_ARGUMENT),
                               ({"er": (0.0, 0.5)}, sudoku.SUDOKU_INVALID_ARGUMENT)]:
            for call in (lambda: sudoku.generate_pattern_batch(1, self.HEART, 2, **kwargs),
                         lambda: sudoku.generate_pattern(1, self.HEART, **kwargs)):
                with self.assertRaises(sudoku.SudokuError, msg=repr(kwargs)) as caught:
                    call()
                self.assertEqual(caught.exception.status, status, kwargs)
        # The options before the pattern's characters, as in C.
        with self.assertRaises(sudoku.SudokuError) as caught:
            sudoku.generate_pattern_batch(1, "?" * 81, 2, max_attempts=0)
        self.assertEqual(caught.exception.status, sudoku.SUDOKU_INVALID_ARGUMENT)
        with self.assertRaises(sudoku.SudokuError) as caught:
            sudoku.generate_pattern_batch(1, self.HEART[:5] + "#" + self.HEART[6:], 2)
        self.assertEqual((caught.exception.status, caught.exception.cell),
                         (sudoku.SUDOKU_INVALID_CHARACTER, 5))
        with self.assertRaises(sudoku.SudokuError) as caught:
            sudoku.generate_pattern_batch(1, "x" * 16 + "." * 65, 0)
        self.assertIn("has 16 cells", str(caught.exception))
        for args in [(1, self.HEART, 2.0), (1, self.HEART, None), (1, None, 2)]:
            with self.assertRaises(TypeError, msg=repr(args)):
                sudoku.generate_pattern_batch(*args)
        with self.assertRaises(TypeError):
            sudoku.generate_pattern_batch(1, self.HEART, 2, er=3.0)
        with self.assertRaises(ValueError):
            sudoku.generate_pattern_batch(1, self.HEART, -1)
        with self.assertRaises(ValueError):
            sudoku.generate_pattern_batch(1, self.HEART, 2, threads=-1)

    def test_a_generated_puzzle_is_unique_with_its_solution(self):
        for symmetry in sudoku.SYMMETRIES:
            puzzle, solution = sudoku.generate(3, symmetry=symmetry, solution=True)
            self.assertEqual(sudoku.count_solutions(puzzle), 1)
            self.assertEqual(sudoku.solve_unique(puzzle), solution)
            self.assertTrue(sudoku.is_minimal(puzzle) or symmetry != "none")
        puzzle = sudoku.generate(4, givens=(30, 32), minimal=False)
        self.assertIn(sum(c != "." for c in puzzle), (30, 31, 32))

    def test_generate_batch_is_generate_on_every_thread_count(self):
        singles = [sudoku.generate(9, symmetry="rotate180", index=i) for i in range(5, 25)]
        for threads in (1, 2, 3, 0):
            self.assertEqual(
                sudoku.generate_batch(9, 20, symmetry="rotate180", index=5, threads=threads),
                singles)
        self.assertEqual(sudoku.generate_batch(9, 0), [])
        for item in sudoku.generate_batch(1, 2, symmetry="dihedral", givens=(17, 20),
                                          max_attempts=2):
            self.assertIsInstance(item, sudoku.SudokuError)
            self.assertEqual(item.status, sudoku.SUDOKU_NOT_FOUND)

    def test_generate_into_a_rating_window(self):
        made = sudoku.generate(5, er=(3.0, 4.4))
        self.assertEqual(sudoku.count_solutions(made), 1)
        self.assertEqual(sudoku.generate_batch(5, 2, er=(3.0, 4.4), threads=2)[0], made)
        self.assertNotEqual(made, sudoku.generate(5))
        # The step engine confirms ratings only within its techniques: 20.0 is never met.
        with self.assertRaises(sudoku.SudokuError) as caught:
            sudoku.generate(1, er=(20.0, 20.0), max_attempts=3)
        self.assertEqual(caught.exception.status, sudoku.SUDOKU_NOT_FOUND)
        for er in [(4.4, 3.0), (0.0, 0.5), (-1.0, 2.0), (0, 0), (6.65, 6.65),
                   (5, 6553.6), (float("nan"), 3.0), (2.0, float("inf")), (float("-inf"), 3.0)]:
            with self.assertRaises(sudoku.SudokuError) as caught:
                sudoku.generate(1, er=er)
            self.assertEqual(caught.exception.status, sudoku.SUDOKU_INVALID_ARGUMENT, er)
        # The window's top is any rating the C struct holds (tenths in 16 bits), as from C: a
        # window reaching past every rating the engine gives is fine, one above them all is
        # NOT_FOUND.
        self.assertEqual(sudoku.generate(5, er=(3.0, 6553.5)),
                         sudoku.generate(5, er=(3.0, 100.0)))
        # As in C, a window may start at 0.0: any rating up to its top.
        easy = sudoku.generate(5, er=(0, 2.0))
        self.assertLessEqual(sudoku.rate(easy).er, 2.0)
        with self.assertRaises(sudoku.SudokuError) as caught:
            sudoku.generate(1, er=(100.0, 100.0), max_attempts=2)
        self.assertEqual(caught.exception.status, sudoku.SUDOKU_NOT_FOUND)
        for er in [{3.0, 4.4}, (3.0,), ("3", 4), (True, 4.0)]:
            with self.assertRaises(TypeError):
                sudoku.generate(1, er=er)

    def test_bad_generator_arguments(self):
        bad = [dict(symmetry="spiral"), dict(givens=(30, 20)), dict(givens=(17, 82)),
               dict(max_attempts=0), dict(givens=(17, 300)), dict(index=-1)]
        for kwargs in bad:
            with self.assertRaises(sudoku.SudokuError) as caught:
                sudoku.generate(1, **kwargs)
            self.assertEqual(caught.exception.status, sudoku.SUDOKU_INVALID_ARGUMENT, kwargs)
        # The givens' faults each said, as the rating window's are.
        for givens, said in (((30, 20), "min <= max"), ((17, 82), "from 0 to 81"),
                             ((10, 16), "17 or more"), ((0, 0), "17 or more")):
            with self.assertRaises(sudoku.SudokuError) as caught:
                sudoku.generate(1, givens=givens)
            self.assertIn(said, str(caught.exception), givens)
        with self.assertRaises(sudoku.SudokuError) as caught:
            sudoku.generate(1, symmetry="dihedral", givens=(17, 20), max_attempts=3)
        self.assertEqual(caught.exception.status, sudoku.SUDOKU_NOT_FOUND)
        # A pair may be a list (as JSON gives it): the same puzzle as the tuple.
        self.assertEqual(sudoku.generate(3, givens=[24, 30], er=[1.0, 4.0]),
                         sudoku.generate(3, givens=(24, 30), er=(1.0, 4.0)))
        for kwargs in [dict(symmetry=1), dict(givens={17, 81}), dict(givens=[17]),
                       dict(givens="17"), dict(er=[1.0]), dict(er="1-2"), dict(minimal=1),
                       dict(max_attempts=2.0)]:
            with self.assertRaises(TypeError):
                sudoku.generate(1, **kwargs)
        with self.assertRaises(TypeError):
            sudoku.generate("1")
        with self.assertRaises(ValueError) as below:
            sudoku.generate_batch(1, -1)
        # A count whose buffer could not exist: the library's status, not ctypes' OverflowError.
        for count in (2**64 - 1, 2**62, 2**64, 2**100):
            with self.assertRaises(sudoku.SudokuError) as caught:
                sudoku.generate_batch(1, count)
            self.assertEqual(caught.exception.status, sudoku.SUDOKU_INVALID_ARGUMENT)
        # Both messages name the same largest count.
        most = str(caught.exception).split("at most ")[1].split(" ")[0]
        self.assertIn("from 0 to %s (81 bytes each)" % most, str(below.exception))

    def test_pattern_symmetries(self):
        # This suite's own maps of the square (row r, column c): a pattern has a symmetry when
        # each of its maps takes every given cell to a given cell.
        maps = {
            "rotate180": [lambda r, c: (8 - r, 8 - c)],
            "rotate90": [lambda r, c: (c, 8 - r)],
            "mirror-rows": [lambda r, c: (8 - r, c)],
            "mirror-columns": [lambda r, c: (r, 8 - c)],
            "diagonal": [lambda r, c: (c, r)],
            "antidiagonal": [lambda r, c: (8 - c, 8 - r)],
        }
        maps["both-diagonals"] = maps["diagonal"] + maps["antidiagonal"]
        maps["both-mirrors"] = maps["mirror-rows"] + maps["mirror-columns"]
        maps["dihedral"] = maps["rotate90"] + maps["diagonal"]

        def expected(board):
            given = {i for i, ch in enumerate(board) if ch not in ".0"}
            return ["none"] + [name for name in sudoku.SYMMETRIES[1:]
                               if all(9 * m(i // 9, i % 9)[0] + m(i // 9, i % 9)[1] in given
                                      for m in maps[name] for i in given)]

        self.assertEqual(sudoku.pattern_symmetries(EMPTY), list(sudoku.SYMMETRIES))
        self.assertEqual(sudoku.pattern_symmetries(CLASSIC_SOLUTION), list(sudoku.SYMMETRIES))
        corners = "1" + "." * 79 + "2"
        self.assertEqual(sudoku.pattern_symmetries(corners),
                         ["none", "rotate180", "diagonal", "antidiagonal", "both-diagonals"])
        self.assertEqual(sudoku.pattern_symmetries(corners.encode()), expected(corners))
        for k, name in enumerate(sudoku.SYMMETRIES):
            puzzle = sudoku.generate(k, symmetry=name)
            found = sudoku.pattern_symmetries(puzzle)
            self.assertIn(name, found)
            self.assertEqual(found, expected(puzzle))
        for puzzle in read_puzzles("puzzles3_magictour_top1465")[:300]:
            self.assertEqual(sudoku.pattern_symmetries(puzzle), expected(puzzle))
        self.assertIn("pattern_symmetries", sudoku.__all__)
        for board, status in [("x" + EMPTY[1:], sudoku.SUDOKU_INVALID_CHARACTER),
                              ("55" + EMPTY[2:], sudoku.SUDOKU_CONFLICTING_GIVENS)]:
            with self.assertRaises(sudoku.SudokuError) as caught:
                sudoku.pattern_symmetries(board)
            self.assertEqual(caught.exception.status, status)
        with self.assertRaises(TypeError):
            sudoku.pattern_symmetries(list(EMPTY))

    def test_minimize_and_is_minimal(self):
        dense = sudoku.generate(3, givens=(40, 40), minimal=False)
        self.assertFalse(sudoku.is_minimal(dense))
        small = sudoku.minimize(dense)
        self.assertTrue(sudoku.is_minimal(small))
        self.assertEqual(sudoku.solve_unique(small), sudoku.solve_unique(dense))
        self.assertTrue(all(s in (".", d) for s, d in zip(small, dense)))
        self.assertEqual(sudoku.minimize(small), small)
        symmetric = sudoku.generate(8, symmetry="both-mirrors", givens=(36, 44), minimal=False)
        thin = sudoku.minimize(symmetric, symmetry="both-mirrors")
        self.assertEqual(sudoku.count_solutions(thin), 1)
        for r in range(9):
            for c in range(9):
                self.assertEqual(thin[9 * r + c] == ".", thin[9 * (8 - r) + c] == ".")
        for board, status in [(EMPTY, sudoku.SUDOKU_MULTIPLE_SOLUTIONS),
                              (UNSOLVABLE, sudoku.SUDOKU_NO_SOLUTION),
                              ("x" + EMPTY[1:], sudoku.SUDOKU_INVALID_CHARACTER)]:
            for call in (sudoku.is_minimal, sudoku.minimize):
                with self.assertRaises(sudoku.SudokuError) as caught:
                    call(board)
                self.assertEqual(caught.exception.status, status)
        with self.assertRaises(sudoku.SudokuError) as caught:
            sudoku.minimize(TOP1, symmetry="rotate90")
        self.assertEqual(caught.exception.status, sudoku.SUDOKU_INVALID_ARGUMENT)
        self.assertIn("does not have the symmetry 'rotate90'", str(caught.exception))
        with self.assertRaises(TypeError):
            sudoku.is_minimal([1] * 81)

    def test_is_minimal_under_a_symmetry(self):
        # Minimal under the half turn (as generate makes it) is not minimal: checked here orbit
        # by orbit and given by given with count_solutions.
        def removable(board, cells):
            rest = list(board)
            for cell in cells:
                rest[cell] = "."
            return sudoku.count_solutions("".join(rest)) == 1

        plain_minimal = 0
        for index in range(6):
            puzzle = sudoku.generate(11, symmetry="rotate180", index=index)
            givens = [c for c in range(81) if puzzle[c] != "."]
            orbits = {min(c, 80 - c): {c, 80 - c} for c in givens}.values()
            self.assertFalse(any(removable(puzzle, orbit) for orbit in orbits))
            self.assertTrue(sudoku.is_minimal(puzzle, "rotate180"))
            plain = not any(removable(puzzle, [c]) for c in givens)
            self.assertEqual(sudoku.is_minimal(puzzle), plain)
            plain_minimal += plain
            # An orbit put back from the solution: no longer minimal under the symmetry.
            solution = sudoku.solve_unique(puzzle)
            blank = next(c for c in range(81) if puzzle[c] == "." and c != 40)
            denser = list(puzzle)
            denser[blank], denser[80 - blank] = solution[blank], solution[80 - blank]
            self.assertFalse(sudoku.is_minimal("".join(denser), "rotate180"))
            # '0' blanks answer alike.
            self.assertTrue(sudoku.is_minimal(puzzle.replace(".", "0"), "rotate180"))
        self.assertLess(plain_minimal, 6)
        with self.assertRaises(sudoku.SudokuError) as caught:
            sudoku.is_minimal(TOP1, "rotate90")
        self.assertEqual(caught.exception.status, sudoku.SUDOKU_INVALID_ARGUMENT)
        with self.assertRaises(sudoku.SudokuError) as caught:
            sudoku.is_minimal(TOP1, "sideways")
        self.assertEqual(caught.exception.status, sudoku.SUDOKU_INVALID_ARGUMENT)


class StatusName(unittest.TestCase):
    NAMES = [
        "SUDOKU_OK",
        "SUDOKU_NO_SOLUTION",
        "SUDOKU_MULTIPLE_SOLUTIONS",
        "SUDOKU_INVALID_CHARACTER",
        "SUDOKU_CONFLICTING_GIVENS",
        "SUDOKU_NULL_POINTER",
        "SUDOKU_INVALID_ARGUMENT",
        "SUDOKU_INTERNAL_ERROR",
        "SUDOKU_INVALID_FORMAT",
        "SUDOKU_END_OF_INPUT",
        "SUDOKU_NOT_FOUND",
    ]

    def test_every_code_has_its_enumerator_name(self):
        for code, name in enumerate(self.NAMES):
            self.assertEqual(sudoku.status_name(code), name)
            # The module's constant of that name has that value.
            self.assertEqual(getattr(sudoku, name), code)

    def test_other_values_are_unknown_status(self):
        for code in (-1, 16, 17, 100, 2**31 - 1, -(2**31), 2**31, -(2**31) - 1, 2**64, -(2**100)):
            self.assertEqual(sudoku.status_name(code), "unknown status", code)

    def test_the_status_must_be_an_int(self):
        for value in (True, 1.0, "0", None, b"\x00"):
            with self.assertRaises(TypeError, msg=repr(value)) as caught:
                sudoku.status_name(value)
            self.assertEqual(
                str(caught.exception), "status must be an int, not %s" % type(value).__name__
            )

    def test_names_and_messages_come_from_the_library(self):
        lib = sudoku.load()
        for code in list(range(-2, 12)) + [2**31 - 1, -(2**31)]:
            self.assertEqual(sudoku.status_name(code), lib.sudoku_status_name(code).decode())
            self.assertEqual(
                sudoku.SudokuError(code).message, lib.sudoku_status_message(code).decode()
            )

    def test_an_error_names_its_status(self):
        with self.assertRaises(sudoku.SudokuError) as caught:
            sudoku.solve_unique(DEADLY)
        self.assertEqual(sudoku.status_name(caught.exception.status), "SUDOKU_MULTIPLE_SOLUTIONS")
        self.assertIn("status_name", sudoku.__all__)


FORMATS = os.path.join(ROOT, "tests", "data", "formats")


def format_file(name, mode="r"):
    with open(os.path.join(FORMATS, name), mode) as f:
        return f.read()


def peer_candidates(puzzle):
    """The candidates of a board computed here: a given's digit alone, else every digit that no
    given of the cell's row, column or box holds (digit d is bit d - 1)."""
    def peers(i, j):
        return i != j and (i // 9 == j // 9 or i % 9 == j % 9
                           or (i // 27 == j // 27 and i % 9 // 3 == j % 9 // 3))
    masks = []
    for i, c in enumerate(puzzle):
        if c in "123456789":
            masks.append(1 << (int(c) - 1))
        else:
            taken = {puzzle[j] for j in range(81) if peers(i, j) and puzzle[j] in "123456789"}
            masks.append(sum(1 << (d - 1) for d in range(1, 10) if str(d) not in taken))
    return masks


def keeps_to(masks, solution):
    """True when `solution` is a valid grid whose every cell holds one of its candidates."""
    return is_solution_of(EMPTY, solution) and all(
        m >> (int(c) - 1) & 1 for m, c in zip(masks, solution))


class Candidates(unittest.TestCase):
    def test_board_candidates_solve_as_the_board(self):
        for puzzle, solution in ((TOP1, TOP1_SOLUTION), (CLASSIC, CLASSIC_SOLUTION)):
            masks = sudoku.board_candidates(puzzle)
            self.assertIsInstance(masks, list)
            self.assertEqual(masks, peer_candidates(puzzle.replace("0", ".")))
            self.assertEqual(sudoku.solve_candidates(masks), solution)
            self.assertEqual(sudoku.solve_unique_candidates(tuple(masks)), solution)
            self.assertEqual(sudoku.count_solutions_candidates(masks), 1)
            self.assertIsNone(sudoku.validate_candidates(masks))
        for puzzle in read_puzzles("puzzles2_17_clue")[:50]:
            masks = sudoku.board_candidates(puzzle)
            self.assertEqual(sudoku.solve_unique_candidates(masks), sudoku.solve_unique(puzzle))

    def test_several_solutions_and_none(self):
        masks = sudoku.board_candidates(DEADLY)
        self.assertEqual(sudoku.count_solutions_candidates(masks, 10), 2)
        self.assertIn(sudoku.solve_candidates(masks), DEADLY_SOLUTIONS)
        with self.assertRaises(sudoku.SudokuError) as caught:
            sudoku.solve_unique_candidates(masks)
        self.assertEqual(caught.exception.status, sudoku.SUDOKU_MULTIPLE_SOLUTIONS)
        # Taking one solution's digit from one of the two cells leaves the other solution.
        other = list(masks)
        cell = DEADLY.index(".")
        other[cell] &= ~(1 << (int(CLASSIC_SOLUTION[cell]) - 1))
        unique = sudoku.solve_unique_candidates(other)
        self.assertIn(unique, DEADLY_SOLUTIONS - {CLASSIC_SOLUTION})
        self.assertTrue(keeps_to(other, unique))
        # The empty candidate puzzle.
        self.assertEqual(sudoku.count_solutions_candidates([0x1FF] * 81, 50), 50)
        self.assertTrue(keeps_to([0x1FF] * 81, sudoku.solve_candidates([0x1FF] * 81)))

    def test_a_cell_without_candidates_is_no_solution_with_its_cell(self):
        masks = sudoku.board_candidates(UNSOLVABLE)
        self.assertEqual(masks[8], 0)
        for function in (sudoku.solve_candidates, sudoku.solve_unique_candidates,
                         sudoku.validate_candidates):
            with self.assertRaises(sudoku.SudokuError) as caught:
                function(masks)
            self.assertEqual((caught.exception.status, caught.exception.cell),
                             (sudoku.SUDOKU_NO_SOLUTION, 8))
        self.assertEqual(sudoku.count_solutions_candidates(masks), 0)

    def test_equal_single_candidates_in_a_house_conflict(self):
        masks = [0x1FF] * 81
        masks[4] = masks[76] = 1 << 6  # column 4, cells 4 and 76: digit 7
        for function in (sudoku.solve_candidates, sudoku.count_solutions_candidates,
                         sudoku.validate_candidates):
            with self.assertRaises(sudoku.SudokuError) as caught:
                function(masks)
            self.assertEqual((caught.exception.status, caught.exception.cell),
                             (sudoku.SUDOKU_CONFLICTING_GIVENS, 76))

    def test_bad_masks(self):
        for bad, cell in ((0x200, 3), (0xFFFF, 3), (0x10000, 3), (-1, 3)):
            masks = [0x1FF] * 81
            masks[3] = bad
            masks[9] = 0x400
            for function in (sudoku.solve_candidates, sudoku.solve_unique_candidates,
                             sudoku.count_solutions_candidates, sudoku.validate_candidates):
                with self.assertRaises(sudoku.SudokuError) as caught:
                    function(masks)
                self.assertEqual((caught.exception.status, caught.exception.cell),
                                 (sudoku.SUDOKU_INVALID_ARGUMENT, cell), (bad, function))
                # One sentence for every mask out of range, whoever finds it.
                self.assertIn("a mask is from 0 to 0x1FF", str(caught.exception), (bad, function))
        for masks in ([0x1FF] * 80, [0x1FF] * 82, []):
            with self.assertRaises(sudoku.SudokuError) as caught:
                sudoku.solve_candidates(masks)
            self.assertEqual(caught.exception.status, sudoku.SUDOKU_INVALID_ARGUMENT)
        for masks in (EMPTY, b"." * 81, 5, None, [0x1FF] * 80 + ["1"], [0x1FF] * 80 + [True]):
            with self.assertRaises(TypeError):
                sudoku.solve_candidates(masks)
        # The limit first, as in C.
        with self.assertRaises(sudoku.SudokuError) as caught:
            sudoku.count_solutions_candidates([0xFFFF] * 81, 0)
        self.assertEqual((caught.exception.status, caught.exception.cell),
                         (sudoku.SUDOKU_INVALID_ARGUMENT, None))
        with self.assertRaises(TypeError):
            sudoku.count_solutions_candidates([0x1FF] * 81, 2.0)

    def test_board_candidates_reports_board_faults(self):
        with self.assertRaises(sudoku.SudokuError) as caught:
            sudoku.board_candidates("x" + TOP1[1:])
        self.assertEqual((caught.exception.status, caught.exception.cell),
                         (sudoku.SUDOKU_INVALID_CHARACTER, 0))
        with self.assertRaises(sudoku.SudokuError) as caught:
            sudoku.board_candidates("44" + EMPTY[2:])
        self.assertEqual((caught.exception.status, caught.exception.cell),
                         (sudoku.SUDOKU_CONFLICTING_GIVENS, 1))
        with self.assertRaises(TypeError):
            sudoku.board_candidates([0x1FF] * 81)

    def test_puzzles_read_from_text_go_straight_in(self):
        read = sudoku.read_puzzle(format_file("pencilmark_729.txt"))
        self.assertEqual(read.kind, sudoku.SUDOKU_PUZZLE_CANDIDATES)
        solution = sudoku.solve_candidates(read)
        self.assertTrue(keeps_to(read.puzzle, solution))
        self.assertEqual(sudoku.solve_candidates(read.puzzle), solution)
        self.assertGreaterEqual(sudoku.count_solutions_candidates(read), 1)
        givens = sudoku.read_puzzle(format_file("solve_output.txt"))
        self.assertEqual(givens.kind, sudoku.SUDOKU_PUZZLE_GIVENS)
        self.assertEqual(sudoku.solve_unique_candidates(givens), TOP1_SOLUTION)


class Reading(unittest.TestCase):
    SDK = "2..1.5..3.54...71..1.2.3.8.6.28.73.4.........1.53.98.6.2.7.1.6..81...24.7..4.2..1"

    def test_read_puzzle_reads_each_format(self):
        G = sudoku.SUDOKU_PUZZLE_GIVENS
        for name, puzzle, line in (("solve_output.txt", TOP1, 2), ("box_drawing.txt", TOP1, 1),
                                   ("simple_sudoku.ss", CLASSIC.replace("0", "."), 1),
                                   ("sudocue.sdk", self.SDK, 8),
                                   ("sadman_section.sdk", self.SDK, 2), ("bom.txt", TOP1, 1)):
            text = format_file(name, "rb")
            offset = len(b"".join(text.splitlines(True)[:line - 1]))
            if text.startswith(b"\xef\xbb\xbf"):
                offset += 3
            expected = (puzzle, G, line, offset, len(text), len(text.splitlines()) + 1)
            for form in (text, bytearray(text), memoryview(text), memoryview(bytearray(text)),
                         text.decode("utf-8")):
                got = sudoku.read_puzzle(form)
                self.assertIsInstance(got, sudoku.PuzzleRead)
                self.assertEqual(got, expected, (name, type(form)))
                self.assertEqual((got.puzzle, got.kind, got.line, got.offset, got.end,
                                  got.next_line), expected)

    def test_read_puzzle_goes_on_from_start_and_first_line(self):
        text = ("# c\n%s\n\n%s\n" % (TOP1, CLASSIC)).encode()
        first = sudoku.read_puzzle(text)
        self.assertEqual(first, (TOP1, sudoku.SUDOKU_PUZZLE_GIVENS, 2, 4, 86, 3))
        second = sudoku.read_puzzle(text, first.end, first.next_line)
        self.assertEqual(second, (CLASSIC.replace("0", "."), sudoku.SUDOKU_PUZZLE_GIVENS, 4,
                                  87, 169, 5))
        self.assertIsNone(sudoku.read_puzzle(text, second.end, second.next_line))
        self.assertIsNone(sudoku.read_puzzle(text, len(text)))
        with self.assertRaises(ValueError):
            sudoku.read_puzzle(text, len(text) + 1)
        with self.assertRaises(ValueError):
            sudoku.read_puzzle(text, 0, 0)
        with self.assertRaises(TypeError):
            sudoku.read_puzzle(text, 1.0)
        # Line numbers saturate at size_t's largest value, so next_line is always a valid
        # first_line (from a new-user trial: 2**63 - 1 used to give next_line 2**63, refused).
        size_max = 2 ** (8 * ctypes.sizeof(ctypes.c_size_t)) - 1
        for first_line in (2**63 - 1, size_max - 1, size_max):
            first = sudoku.read_puzzle(text, 0, first_line)
            self.assertEqual((first.line, first.next_line),
                             (min(first_line + 1, size_max), min(first_line + 2, size_max)))
            second = sudoku.read_puzzle(text, first.end, first.next_line)
            self.assertEqual((second.line, second.next_line),
                             (min(first_line + 3, size_max), min(first_line + 4, size_max)))
        with self.assertRaises(ValueError):
            sudoku.read_puzzle(text, 0, size_max + 1)

    def test_read_puzzles_numbers_the_lines_of_a_large_file(self):
        path = os.path.join(data_dir(), "puzzles2_17_clue")
        if not os.path.isfile(path):
            self.skipTest("no data set puzzles2_17_clue in %s" % data_dir())
        with open(path, "rb") as f:
            data = f.read()
        expected = []
        offset = 0
        for number, line in enumerate(data.splitlines(True), 1):
            content = line.rstrip(b"\r\n")
            if content and not content.startswith(b"#"):
                expected.append((content.decode().replace("0", "."), number, offset))
            offset += len(line)
        self.assertEqual(len(expected), 49158)
        items = list(sudoku.read_puzzles(data))
        self.assertEqual(len(items), 49158)
        self.assertEqual([(r.puzzle, r.line, r.offset) for r in items], expected)
        self.assertEqual(items[-1].end, len(data))
        # A str is encoded once; its offsets are those of the encoding.
        as_str = list(sudoku.read_puzzles(data.decode("utf-8")))
        self.assertEqual(as_str, items)

    def test_candidate_puzzles_are_81_masks(self):
        grid = sudoku.read_puzzle(format_file("candidate_grid.txt"))
        line = sudoku.read_puzzle(format_file("pencilmark_729.txt"))
        self.assertEqual(grid.kind, sudoku.SUDOKU_PUZZLE_CANDIDATES)
        self.assertEqual(grid.puzzle, line.puzzle)
        # Cell 0 holds the given 5, cell 2 the candidates 1, 2 and 4.
        self.assertEqual((grid.puzzle[0], grid.puzzle[2]), (1 << 4, 0b1011))

    def test_read_puzzles_yields_every_puzzle_and_every_error_in_order(self):
        text = "# a comment\n%s ED=1.2/1.2/1.2\n%s 9.5/1.2/1.2\nStatus: x\n\n%s" % (
            TOP1, TOP1[:80], format_file("simple_sudoku.ss"))
        items = list(sudoku.read_puzzles(text))
        self.assertEqual(len(items), 3)
        self.assertEqual(items[0], (TOP1, sudoku.SUDOKU_PUZZLE_GIVENS, 2, 12, 12 + 97, 3))
        error = items[1]
        self.assertIsInstance(error, sudoku.SudokuFormatError)
        self.assertIsInstance(error, sudoku.SudokuError)
        self.assertEqual((error.status, error.line, error.column, error.reason),
                         (sudoku.SUDOKU_INVALID_FORMAT, 3, 81, 2))
        self.assertEqual(str(error), "the puzzle on line 3 has 80 cells, not 81")
        self.assertEqual(error.offset, 12 + 97 + 80)
        self.assertEqual((error.end, error.next_line), (12 + 97 + 93, 4))
        self.assertEqual(items[2][:3], (CLASSIC.replace("0", "."), sudoku.SUDOKU_PUZZLE_GIVENS,
                                        6))
        # Whole-text line numbers from first_line.
        self.assertEqual([i.line for i in sudoku.read_puzzles(text, 10)], [11, 12, 15])

    def test_errors_and_the_end(self):
        self.assertIsNone(sudoku.read_puzzle(""))
        self.assertIsNone(sudoku.read_puzzle(b"\n# nothing\r\n"))
        self.assertEqual(list(sudoku.read_puzzles("")), [])
        with self.assertRaises(sudoku.SudokuFormatError) as caught:
            sudoku.read_puzzle("1 2 3\n4 x y\u00e9\n")
        e = caught.exception
        # A row of 3 cells; the bad grid's next line is skipped with it (14 bytes).
        self.assertEqual((e.line, e.column, e.offset, e.end, e.next_line), (1, 6, 5, 14, 3))
        self.assertEqual(e.message, "line 1 has 3 cells, not 9")
        with self.assertRaises(sudoku.SudokuFormatError) as caught:
            sudoku.read_puzzle(b"4" * 40 + b"\x00" + b"." * 40)
        self.assertEqual(str(caught.exception),
                         "byte 0x00 at line 1, column 41 is not a digit or a blank")
        with self.assertRaises(sudoku.SudokuFormatError) as caught:
            sudoku.read_puzzle(b"# c\n1........\n2........", 4, 2)
        e = caught.exception
        self.assertEqual((e.line, e.column, e.offset, e.reason), (3, 10, 23, 3))
        with self.assertRaises(TypeError):
            sudoku.read_puzzle(None)
        with self.assertRaises(TypeError):
            list(sudoku.read_puzzles(5))
        # read_puzzles checks its arguments at the call, not when the iteration starts.
        for text, first_line, error in ((None, 1, TypeError), (5, 1, TypeError),
                                        (["4..."], 1, TypeError), ("", "1", TypeError),
                                        ("", 1.0, TypeError), ("", 0, ValueError)):
            with self.assertRaises(error, msg=(text, first_line)):
                sudoku.read_puzzles(text, first_line)
        # The iterator keeps its text alive: a temporary bytearray is read whole after the call.
        items = sudoku.read_puzzles(bytearray((TOP1 + "\n" + CLASSIC).encode()))
        self.assertEqual([i.puzzle for i in items], [TOP1, CLASSIC.replace("0", ".")])


class Loading(unittest.TestCase):
    """Where the module finds the library: run in a fresh interpreter each time."""

    def run_python(self, code, env, cwd):
        return subprocess.run(
            [sys.executable, "-c", code], env=env, cwd=cwd, capture_output=True, text=True
        )

    def fresh_env(self):
        env = dict(os.environ)
        for name in ("SUDOKU_LIB", "CARGO_TARGET_DIR", "LD_LIBRARY_PATH"):
            env.pop(name, None)
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        return env

    def test_the_functions_checked_at_load_are_every_function_called(self):
        # _FUNCTIONS names what a library must have to be taken (else the search skips it, or
        # load(path) raises OSError naming the first missing one): it must hold every function
        # the package calls, which are the header's functions.
        import re

        with open(os.path.join(ROOT, "include", "sudoku.h")) as f:
            header = set(re.findall(r"^[a-z][^;(]*\b(sudoku_\w+)\(", f.read(), re.M))
        source = ""
        for name in sorted(os.listdir(PACKAGE_DIR)):
            if name.endswith(".py"):
                with open(os.path.join(PACKAGE_DIR, name)) as f:
                    source += f.read()
        called = set(re.findall(r"\blib\.(sudoku_\w+)", source))
        called |= set(re.findall(r"_library\(\)\.(sudoku_\w+)", source))
        called |= set(re.findall(r"\"(sudoku_\w+_init_size)\"", source))
        self.assertEqual(len(header), 47)
        self.assertEqual(set(_loader._FUNCTIONS), header)
        self.assertLessEqual(called, header)
        # And the scan saw the calls (_declare names each function): a module it missed, or an
        # empty scan, would leave the check above with nothing to check.
        self.assertEqual(called, header)

    def test_a_library_missing_a_function_is_an_os_error(self):
        # A library that loads but lacks libsudoku's functions (here the C library itself).
        libc = ctypes.util.find_library("c")
        if libc is None:
            self.skipTest("no C library to load")
        with self.assertRaises(OSError) as caught:
            sudoku.load(libc)
        self.assertIn("no function sudoku_solve", str(caught.exception))

    def test_beside_the_module_and_by_soname(self):
        library = sudoku.load()._name
        with tempfile.TemporaryDirectory() as tmp:
            # A copy of the package alone, in a folder that is not in a repository.
            copy_package(tmp)
            beside_path = os.path.join(tmp, "libsudoku", "libsudoku.so")
            env = self.fresh_env()
            code = "import libsudoku; print(libsudoku.solve(%r))" % TOP1
            installed = self.run_python(
                "import ctypes; ctypes.CDLL(%r)" % sudoku.SONAME, env, tmp
            ).returncode == 0
            if not installed:  # (a library installed system-wide would be found)
                missing = self.run_python(code, env, tmp)
                self.assertNotEqual(missing.returncode, 0)
                self.assertIn("libsudoku not found", missing.stderr)
                self.assertIn("set SUDOKU_LIB", missing.stderr)

            # Beside the module.
            os.symlink(os.path.abspath(library), beside_path)
            beside = self.run_python(code, env, tmp)
            self.assertEqual((beside.returncode, beside.stdout), (0, TOP1_SOLUTION + "\n"),
                             beside.stderr)
            os.remove(beside_path)

            # Through the system loader by soname, here found through LD_LIBRARY_PATH.
            libs = os.path.join(tmp, "lib")
            os.mkdir(libs)
            os.symlink(os.path.abspath(library), os.path.join(libs, sudoku.SONAME))
            env["LD_LIBRARY_PATH"] = libs
            system = self.run_python(code, env, tmp)
            self.assertEqual((system.returncode, system.stdout), (0, TOP1_SOLUTION + "\n"),
                             system.stderr)

    def test_an_explicit_sudoku_lib_that_fails_is_an_error(self):
        env = self.fresh_env()
        env["SUDOKU_LIB"] = "/nonexistent/libsudoku.so"
        result = self.run_python(
            "import sys; sys.path.insert(0, %r); import libsudoku; libsudoku.version()"
            % os.path.dirname(PACKAGE_DIR),
            env,
            ROOT,
        )
        self.assertNotEqual(result.returncode, 0)
        self.assertIn("/nonexistent/libsudoku.so", result.stderr)

    def test_a_library_without_the_functions_is_an_os_error(self):
        foreign = foreign_library()
        with self.assertRaises(OSError) as caught:
            sudoku.load(foreign)
        self.assertEqual(
            str(caught.exception),
            "%s: no function sudoku_solve (not libsudoku, or an older version of it)" % foreign,
        )
        # The library loaded before is still the one in use.
        self.assertEqual(sudoku.solve(TOP1), TOP1_SOLUTION)

    def test_a_candidate_without_the_functions_is_skipped(self):
        library = sudoku.load()._name
        with tempfile.TemporaryDirectory() as tmp:
            # Beside the module: a library that loads but is not libsudoku (as an older
            # libsudoku without a newer function would be); by soname: the real one.
            copy_package(tmp)
            os.symlink(foreign_library(), os.path.join(tmp, "libsudoku", "libsudoku.so"))
            libs = os.path.join(tmp, "lib")
            os.mkdir(libs)
            os.symlink(os.path.abspath(library), os.path.join(libs, sudoku.SONAME))
            env = self.fresh_env()
            env["LD_LIBRARY_PATH"] = libs
            result = self.run_python(
                "import libsudoku; print(libsudoku.solve(%r))" % TOP1, env, tmp
            )
            self.assertEqual((result.returncode, result.stdout, result.stderr),
                             (0, TOP1_SOLUTION + "\n", ""))

    def test_script_solves_a_file_in_order(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "puzzles.txt")
            with open(path, "w") as f:
                f.write(
                    "# comment\n%s\r\n\n%s\n%s\n%s\n%s \t\r\n%s\n  \n%s"
                    % (TOP1, UNSOLVABLE, DEADLY, TOP1[:80], "a" + EMPTY[1:], TOP1 + "1", CLASSIC)
                )
            result = self.run_script("--unique", path)
            # One line per puzzle read, in order, SUDOKU_INVALID_FORMAT for a text that is not
            # one, with its line and reason on stderr (a bad character's cell too).
            self.assertEqual(
                (result.returncode, result.stdout, result.stderr),
                (
                    0,
                    "%s\nSUDOKU_NO_SOLUTION\nSUDOKU_MULTIPLE_SOLUTIONS\nSUDOKU_INVALID_FORMAT\n"
                    "SUDOKU_INVALID_FORMAT\nSUDOKU_INVALID_FORMAT\n%s\n"
                    % (TOP1_SOLUTION, CLASSIC_SOLUTION),
                    "libsudoku: line 6: the puzzle on line 6 has 80 cells, not 81\n"
                    "libsudoku: line 7: character 'a' at line 7, column 1 is not a digit or a "
                    "blank (cell 0: row 1, column 1)\n"
                    "libsudoku: line 8: the puzzle on line 8 has 82 cells, not 81\n",
                ),
            )

    def test_script_writes_chunk_by_chunk_in_order(self):
        # More puzzles than one chunk (one solve_batch call and one write each): the lines and
        # the diagnostics stay in input order across the chunks' edges.
        chunk = _cli._SCRIPT_CHUNK
        puzzles, lines, diagnostics = [], [], []
        for i in range(2 * chunk + 5):
            if i % 997 == 3:
                puzzles.append(TOP1[:80])
                lines.append("SUDOKU_INVALID_FORMAT")
                diagnostics.append("libsudoku: line %d: the puzzle on line %d has 80 cells, not 81\n"
                                   % (i + 1, i + 1))
            elif i % 2:
                puzzles.append(UNSOLVABLE)
                lines.append("SUDOKU_NO_SOLUTION")
            else:
                puzzles.append(TOP1 if i % 4 else CLASSIC)
                lines.append(TOP1_SOLUTION if i % 4 else CLASSIC_SOLUTION)
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "puzzles.txt")
            with open(path, "w") as f:
                f.write("".join(p + "\n" for p in puzzles))
            result = self.run_script(path)
            self.assertEqual(
                (result.returncode, result.stdout, result.stderr),
                (0, "".join(line + "\n" for line in lines), "".join(diagnostics)),
            )
            # A write that fails after the first chunk is reported once, and the script stops.
            if os.path.exists("/dev/full"):
                valid = os.path.join(tmp, "valid.txt")
                with open(valid, "w") as f:
                    f.write((CLASSIC + "\n") * (2 * chunk + 5))
                with open("/dev/full", "w") as full:
                    result = self.run_script(valid, stdout=full)
                self.assertEqual(
                    (result.returncode, result.stderr),
                    (2, "libsudoku: error writing output: No space left on device\n"),
                )

    def test_script_writes_a_long_listing_before_the_chunk_ends(self):
        # Each --list line here is over a megabyte, so it is written as soon as it is made; the
        # output is still every line in order, as list_solutions gives them.
        limit = 20000
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "puzzles.txt")
            with open(path, "w") as f:
                f.write("%s\n%s\n%s\n" % (EMPTY, CLASSIC, EMPTY))
            result = self.run_script("--list", str(limit), path)
            solutions, more = sudoku.list_solutions(EMPTY, limit)
            self.assertTrue(more)
            line = " ".join(solutions) + " ..."
            self.assertGreater(len(line), _cli._SCRIPT_PENDING_MAX)
            self.assertEqual(
                (result.returncode, result.stdout, result.stderr),
                (0, "%s\n%s\n%s\n" % (line, CLASSIC_SOLUTION, line), ""),
            )

    def test_script_writes_its_output_when_stderr_cannot_be_written(self):
        # As the C programs: a closed or full stderr loses the diagnostics, not the output.
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "puzzles.txt")
            with open(path, "w") as f:
                f.write("%s\nabc\n" % TOP1)
            expected = "%s\nSUDOKU_INVALID_FORMAT\n" % TOP1_SOLUTION
            result = self.run_script(path, close_fd=2)
            self.assertEqual((result.returncode, result.stdout), (0, expected))
            if os.path.exists("/dev/full"):
                with open("/dev/full", "w") as full:
                    result = subprocess.run([*SCRIPT, path], env=script_env(None),
                                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                            stderr=full, text=True)
                self.assertEqual((result.returncode, result.stdout), (0, expected))

    def test_script_ends_by_the_signal_on_ctrl_c(self):
        # Interrupted while it reads (a FIFO whose writer has not written yet), it ends killed
        # by SIGINT, as the C programs do, with no traceback.
        with tempfile.TemporaryDirectory() as tmp:
            fifo = os.path.join(tmp, "fifo")
            os.mkfifo(fifo)
            # A shell's background job starts with SIGINT ignored, and Python then leaves it
            # ignored: the child gets the default back, as a program run from a terminal has it.
            child = subprocess.Popen([*SCRIPT, fifo], env=script_env(None),
                                     stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True,
                                     preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
            # Opening the FIFO for writing returns once the script has opened it to read: the
            # script is then past its start-up and waiting for input.
            with open(fifo, "w"):
                child.send_signal(signal.SIGINT)
                try:
                    stdout, stderr = child.communicate(timeout=60)
                except subprocess.TimeoutExpired:
                    child.kill()
                    child.communicate()
                    self.fail("the script went on after SIGINT")
            self.assertEqual((child.returncode, stdout, stderr), (-signal.SIGINT, "", ""))

    def test_script_reads_grids_and_names_two_equal_givens(self):
        grid = "".join("%s|%s|%s\n" % (CLASSIC[r:r + 3], CLASSIC[r + 3:r + 6], CLASSIC[r + 6:r + 9])
                       for r in range(0, 81, 9))
        conflict = "5" + "." * 9 + "5" + "." * 70
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "puzzles.sdk")
            with open(path, "w") as f:
                f.write("[Puzzle]\n%s\n#A me\n%s\n" % (grid, conflict))
            result = self.run_script(path)
            self.assertEqual(
                (result.returncode, result.stdout, result.stderr),
                (
                    0,
                    "%s\nSUDOKU_CONFLICTING_GIVENS\n" % CLASSIC_SOLUTION,
                    "libsudoku: line 13: two equal givens share a row, column or box (cell 10)\n",
                ),
            )

    def run_script(self, *args, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, close_fd=None,
                   env=None):
        """Runs `python -m libsudoku` with `args`; `close_fd` (0 or 1) is closed in the child
        before Python starts, as the shell's `<&-` or `>&-` does; `env` adds environment
        variables."""
        env = script_env(env)
        return subprocess.run(
            [*SCRIPT, *args],
            env=env, stdin=stdin, stdout=stdout, stderr=subprocess.PIPE, text=True,
            preexec_fn=None if close_fd is None else (lambda: os.close(close_fd)),
        )

    def test_script_reports_a_closed_stdin_in_one_line(self):
        for args in ([], ["-"], ["--unique"]):
            result = self.run_script(*args, stdin=None, close_fd=0)
            self.assertEqual(
                (result.returncode, result.stdout, result.stderr),
                (2, "", "libsudoku: stdin: Bad file descriptor\n"),
                args,
            )

    def test_script_reports_a_write_error_in_one_line(self):
        if not os.path.exists("/dev/full"):
            self.skipTest("no /dev/full on this system")
        with tempfile.TemporaryDirectory() as tmp:
            one = os.path.join(tmp, "one.txt")
            with open(one, "w") as f:
                f.write(TOP1 + "\n")
            # 82,000 bytes of output: more than the buffer, so a write fails before the flush.
            many = os.path.join(tmp, "many.txt")
            with open(many, "w") as f:
                f.write((CLASSIC + "\n") * 1000)
            for path in (one, many):
                with open("/dev/full", "w") as full:
                    result = self.run_script(path, stdout=full)
                self.assertEqual(
                    (result.returncode, result.stdout, result.stderr),
                    (2, None, "libsudoku: error writing output: No space left on device\n"),
                    path,
                )
                with open(path) as source, open("/dev/full", "w") as full:
                    result = self.run_script(stdin=source, stdout=full)
                self.assertEqual(
                    (result.returncode, result.stderr),
                    (2, "libsudoku: error writing output: No space left on device\n"),
                    path,
                )
            # stdout closed (`>&-`): Python starts with sys.stdout None.
            result = self.run_script(one, stdout=None, close_fd=1)
            self.assertEqual(
                (result.returncode, result.stderr),
                (2, "libsudoku: error writing output: Bad file descriptor\n"),
            )
            # Nothing to write is no error, even to a full disk.
            empty = os.path.join(tmp, "empty.txt")
            open(empty, "w").close()
            with open("/dev/full", "w") as full:
                result = self.run_script(empty, stdout=full)
            self.assertEqual((result.returncode, result.stderr), (0, ""))

    def test_script_reports_a_file_it_cannot_read_in_one_line(self):
        with tempfile.TemporaryDirectory() as tmp:
            missing = os.path.join(tmp, "no such file")
            for args, name, reason in (
                ([missing], missing, "No such file or directory"),
                (["--unique", missing], missing, "No such file or directory"),
                ([tmp], tmp, "Is a directory"),
                # An empty name is a file name that cannot be opened, not stdin.
                ([""], "", "No such file or directory"),
            ):
                result = self.run_script(*args)
                self.assertEqual(
                    (result.returncode, result.stdout, result.stderr),
                    (2, "", "libsudoku: %s: %s\n" % (name, reason)),
                    args,
                )

    def test_script_names_a_file_by_its_own_bytes(self):
        """A file name that is not UTF-8 is printed as its bytes, as the C programs print it."""
        with tempfile.TemporaryDirectory() as tmp:
            missing = os.path.join(os.fsencode(tmp), b"bad \xff name")
            for args in ([missing], [b"--unique", missing], [b"--bad\xfe"]):
                result = subprocess.run([*SCRIPT, *args], env=script_env(),
                                        stdin=subprocess.DEVNULL, capture_output=True)
                self.assertEqual(result.returncode, 2)
                self.assertIn(args[-1], result.stderr)
                self.assertNotIn(b"\\udc", result.stderr)

    def test_script_prints_the_library_version(self):
        result = self.run_script("--version")
        self.assertEqual((result.returncode, result.stdout, result.stderr),
                         (0, "libsudoku (libsudoku) %s\n" % sudoku.version(), ""))
        expected = os.environ.get("SUDOKU_EXPECTED_VERSION")
        if expected is not None:  # the version check itself is test_version's
            self.assertEqual(result.stdout, "libsudoku (libsudoku) %s\n" % expected)

    def test_script_prints_its_usage_on_help(self):
        for option in ("-h", "--help"):
            result = self.run_script(option)
            self.assertEqual((result.returncode, result.stdout, result.stderr),
                             (0, _cli._USAGE, ""))
            self.assertTrue(result.stdout.startswith(
                "usage: python3 -m libsudoku [--unique | --list N] [FILE]\n"))

    def test_script_reports_a_reader_that_closed_the_pipe(self):
        with tempfile.TemporaryDirectory() as tmp:
            # 82,000 bytes of output: more than a pipe holds, so the script is still writing
            # when the reader goes away (as `python -m libsudoku FILE | head -1` does).
            many = os.path.join(tmp, "many.txt")
            with open(many, "w") as f:
                f.write((CLASSIC + "\n") * 1000)
            env = script_env()
            child = subprocess.Popen(
                [*SCRIPT, many],
                env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                stderr=subprocess.PIPE, text=True,
            )
            first = child.stdout.readline()
            child.stdout.close()
            stderr = child.stderr.read()
            child.stderr.close()
            child.wait()
            self.assertEqual(first, CLASSIC_SOLUTION + "\n")
            self.assertEqual(
                (child.returncode, stderr),
                (2, "libsudoku: error writing output: Broken pipe\n"),
            )

    def test_script_reports_a_library_it_cannot_load_in_one_line(self):
        result = self.run_script(
            os.devnull, env={"SUDOKU_LIB": "/nonexistent/libsudoku.so"}
        )
        self.assertEqual((result.returncode, result.stdout), (2, ""))
        self.assertTrue(
            result.stderr.startswith("libsudoku: /nonexistent/libsudoku.so: "), result.stderr
        )
        self.assertEqual(result.stderr.count("\n"), 1, result.stderr)

    def test_script_reports_a_library_without_the_functions_in_one_line(self):
        foreign = foreign_library()
        result = self.run_script(os.devnull, env={"SUDOKU_LIB": foreign})
        self.assertEqual(
            (result.returncode, result.stdout, result.stderr),
            (
                2,
                "",
                "libsudoku: %s: no function sudoku_solve"
                " (not libsudoku, or an older version of it)\n" % foreign,
            ),
        )

    def test_script_reads_its_options_as_solve_file_does(self):
        usage = _cli._USAGE

        def wrong(what):
            return "libsudoku: %s\nTry 'python3 -m libsudoku --help' for more information.\n" % what

        solve_file = os.environ.get("SOLVE_FILE")  # set by tests/python.rs
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "puzzles.txt")
            with open(path, "w") as f:
                f.write(DEADLY + "\n")
            unique = "SUDOKU_MULTIPLE_SOLUTIONS\n"
            # (arguments, exit code, stdout or None for a first-mode solution, stderr)
            for args, code, stdout, stderr in (
                ([path], 0, None, ""),
                (["--unique", path], 0, unique, ""),
                ([path, "--unique"], 0, unique, ""),
                (["-"], 0, "", ""),  # stdin: empty here
                (["--unique", "--unique", path], 2, "",
                 wrong("choose one of --unique and --list, not '--unique'")),
                (["--list=2", "--unique", path], 2, "",
                 wrong("choose one of --unique and --list, not '--unique'")),
                (["--unique", "--list", "2", path], 2, "",
                 wrong("choose one of --unique and --list, not '--list'")),
                # "--" ends the options.
                (["--", path], 0, None, ""),
                ([path, "--"], 0, None, ""),
                (["--"], 0, "", ""),  # stdin: empty here
                (["--", path, "--"], 2, "", wrong("one FILE at most; also given '--'")),
                ([path, path], 2, "", wrong("one FILE at most; also given '%s'" % path)),
                (["-", path], 2, "", wrong("one FILE at most; also given '%s'" % path)),
                (["-x", path], 2, "", wrong("unknown option '-x'")),
                # solve_file's, not the script's
                (["--count", "2", path], 2, "", wrong("unknown option '--count'")),
                (["--unique", "-h"], 0, usage, ""),  # help, if nothing was wrong before it
                ([path, "--help"], 0, usage, ""),
                (["-h", "-x"], 0, usage, ""),
                (["-h", "-h"], 0, usage, ""),
                (["-x", "-h"], 2, "", wrong("unknown option '-x'")),
                (["--unique", "--unique", "-h"], 2, "",
                 wrong("choose one of --unique and --list, not '--unique'")),
            ):
                result = self.run_script(*args)
                self.assertEqual((result.returncode, result.stderr), (code, stderr), args)
                if stdout is None:
                    self.assertIn(result.stdout, {s + "\n" for s in DEADLY_SOLUTIONS}, args)
                else:
                    self.assertEqual(result.stdout, stdout, args)
                if solve_file and "--count" not in args:
                    c = subprocess.run([solve_file, "--quiet", *args], stdin=subprocess.DEVNULL,
                                       capture_output=True, text=True)
                    self.assertEqual(c.returncode, code, ("solve_file", args, c.stderr))
                    if code == 0 and stdout is not None:
                        self.assertEqual(c.stdout.startswith("usage:"),
                                         stdout.startswith("usage:"), args)
                        if not stdout.startswith("usage:"):
                            self.assertEqual(c.stdout, stdout, args)
                    if code == 2:
                        # The same kind of message: one line, then the pointer to --help.
                        self.assertEqual(c.stderr.count("\n"), 2, (args, c.stderr))
                        self.assertTrue(c.stderr.endswith(
                            "Try 'solve_file --help' for more information.\n"), c.stderr)

    def test_script_bounds_list_n_as_solve_file_does(self):
        # --list N takes N from 1 to 1000000 (a buffer of N solutions is allocated for each
        # puzzle); anything else is the usage error solve_file gives, in the same words.
        solve_file = os.environ.get("SOLVE_FILE")  # set by tests/python.rs
        what = "--list needs a whole number N from 1 to 1000000"
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "puzzles.txt")
            with open(path, "w") as f:
                f.write(DEADLY + "\n")
            bad = ("0", "1000001", "99999999999", "9" * 5000, "-5", "1e3", "", "\u0661")
            # The number as the next argument, or joined by '=' as getopt_long allows.
            # A bad N is echoed after the sentence; a missing one is not.
            for args, said in [(["--list", n, path] if n else ["--list"],
                                what + (", got '%s'" % n if n else "")) for n in bad] + [
                    (["--list=" + n, path], what + ", got '%s'" % n) for n in bad]:
                result = self.run_script(*args)
                self.assertEqual(
                    (result.returncode, result.stdout, result.stderr),
                    (2, "", "libsudoku: %s\nTry 'python3 -m libsudoku --help' for more "
                     "information.\n" % said),
                    args,
                )
                if solve_file:
                    c = subprocess.run([solve_file, "--quiet", *args], stdin=subprocess.DEVNULL,
                                       capture_output=True, text=True)
                    self.assertEqual(
                        (c.returncode, c.stdout, c.stderr),
                        (2, "", "solve_file: %s\nTry 'solve_file --help' for more "
                         "information.\n" % said),
                        args,
                    )
            listed = " ".join(sorted(DEADLY_SOLUTIONS)) + "\n"
            for number in ("1000000", "0001000000", "2"):
                for args in (["--list", number], ["--list=" + number]):
                    result = self.run_script(*args, path)
                    self.assertEqual((result.returncode, result.stdout, result.stderr),
                                     (0, listed, ""), args)

    def test_script_usage_error(self):
        result = self.run_script("--count", "2")
        self.assertEqual(
            (result.returncode, result.stdout, result.stderr),
            (2, "", "libsudoku: unknown option '--count'\n"
                    "Try 'python3 -m libsudoku --help' for more information.\n"),
        )


def transformed(t, puzzle):
    """The image of `puzzle` under the sudoku.Transform `t`, computed here from its documented
    definition (blanks as '.')."""
    out = []
    for r in range(9):
        for c in range(9):
            i, j = t.rows[r], t.columns[c]
            v = puzzle[j * 9 + i] if t.transpose else puzzle[i * 9 + j]
            out.append("." if v in ".0" else str(t.digits[int(v)]))
    return "".join(out)


def random_transform(rng):
    def chute():
        bands = rng.sample(range(3), 3)
        return tuple(3 * b + i for b in bands for i in rng.sample(range(3), 3))

    return sudoku.Transform(
        rng.random() < 0.5, chute(), chute(), (0,) + tuple(rng.sample(range(1, 10), 9))
    )


class Canonical(unittest.TestCase):
    def test_forms_are_invariant_and_the_transform_maps_the_puzzle_to_its_form(self):
        import random

        rng = random.Random(1313)
        puzzles = read_puzzles("puzzles2_17_clue")[:50] + [TOP1, CLASSIC, CLASSIC_SOLUTION]
        for puzzle in puzzles:
            form, t = sudoku.canonicalize(puzzle, transform=True)
            self.assertEqual(sudoku.canonicalize(puzzle), form)
            self.assertIsInstance(t, sudoku.Transform)
            self.assertEqual(transformed(t, puzzle), form)
            self.assertEqual(sudoku.apply_transform(t, puzzle), form)
            inverse = sudoku.invert_transform(t)
            self.assertEqual(sudoku.apply_transform(inverse, form), puzzle.replace("0", "."))
            self.assertEqual(sudoku.canonicalize(form), form)
            for _ in range(20):
                u = random_transform(rng)
                image = transformed(u, puzzle)
                self.assertEqual(sudoku.apply_transform(u, puzzle), image)
                self.assertEqual(sudoku.canonicalize(image), form)

    def test_the_batch_gives_each_puzzle_what_canonicalize_gives(self):
        import random

        rng = random.Random(1414)
        puzzles = []
        for p in read_puzzles("puzzles1_random_minimal")[:60] + [CLASSIC_SOLUTION, EMPTY]:
            # Each puzzle and an image of it (by the test's own transformation): one form.
            puzzles += [p, transformed(random_transform(rng), p)]
        bad = ["x" * 81, "5" + "." * 9 + "5" + "." * 70, "123", b"1" * 81]
        puzzles[7:7] = bad
        for threads in (1, 2, 0):
            forms = sudoku.canonicalize_batch(puzzles, threads=threads)
            pairs = sudoku.canonicalize_batch(puzzles, transform=True, threads=threads)
            for i, p in enumerate(puzzles):
                try:
                    expected = sudoku.canonicalize(p, transform=True)
                except sudoku.SudokuError as error:
                    for got in (forms[i], pairs[i]):
                        self.assertIsInstance(got, sudoku.SudokuError)
                        self.assertEqual((got.status, got.cell, str(got)),
                                         (error.status, error.cell, str(error)))
                    continue
                self.assertEqual(pairs[i], expected)
                self.assertEqual(forms[i], expected[0])
                form, t = pairs[i]
                self.assertEqual(transformed(t, p), form)
            good = [f for f in forms if isinstance(f, str)]
            self.assertEqual(len(good), 124)
            self.assertEqual(good[0::2], good[1::2])
        self.assertEqual([e.status for e in forms[7:11]],
                         [sudoku.SUDOKU_INVALID_CHARACTER, sudoku.SUDOKU_CONFLICTING_GIVENS,
                          sudoku.SUDOKU_INVALID_CHARACTER, sudoku.SUDOKU_CONFLICTING_GIVENS])
        self.assertEqual(sudoku.canonicalize_batch([]), [])
        self.assertEqual(sudoku.canonicalize_batch(iter([TOP1])), [sudoku.canonicalize(TOP1)])
        with self.assertRaises(TypeError):
            sudoku.canonicalize_batch(TOP1)
        with self.assertRaises(TypeError):
            sudoku.canonicalize_batch([TOP1], transform=1)
        with self.assertRaises(TypeError):
            sudoku.canonicalize_batch([TOP1], threads=1.0)
        with self.assertRaises(ValueError):
            sudoku.canonicalize_batch([TOP1], threads=-1)
        with self.assertRaises(TypeError):
            sudoku.canonicalize_batch([list(TOP1)])

    def test_non_equivalent_puzzles_have_distinct_forms(self):
        puzzles = read_puzzles("puzzles2_17_clue")[:2000]
        forms = {sudoku.canonicalize(p) for p in puzzles}
        self.assertEqual(len(forms), len(puzzles))

    def test_known_forms(self):
        self.assertEqual(sudoku.canonicalize(EMPTY), EMPTY)
        self.assertEqual(sudoku.canonicalize("0" * 81), EMPTY)
        self.assertEqual(sudoku.canonicalize("." * 40 + "7" + "." * 40), "." * 80 + "1")
        # A grid's form starts with 123456789, and blanks sort first in a puzzle's.
        self.assertTrue(sudoku.canonicalize(CLASSIC_SOLUTION).startswith("123456789"))
        self.assertTrue(sudoku.canonicalize(TOP1).startswith("." * 8))

    def test_errors(self):
        with self.assertRaises(sudoku.SudokuError) as caught:
            sudoku.canonicalize("5" + "." * 9 + "5" + "." * 70)
        self.assertEqual((caught.exception.status, caught.exception.cell),
                         (sudoku.SUDOKU_CONFLICTING_GIVENS, 10))
        with self.assertRaises(sudoku.SudokuError) as caught:
            sudoku.canonicalize("x" * 81)
        self.assertEqual(caught.exception.status, sudoku.SUDOKU_INVALID_CHARACTER)
        with self.assertRaises(TypeError):
            sudoku.canonicalize(EMPTY, transform=1)
        with self.assertRaises(TypeError):
            sudoku.canonicalize(list(EMPTY))
        identity = sudoku.Transform(False, tuple(range(9)), tuple(range(9)), tuple(range(10)))
        self.assertEqual(sudoku.apply_transform(identity, TOP1), TOP1)
        self.assertEqual(sudoku.invert_transform(identity), identity)
        bad = [
            identity._replace(rows=(1, 0, 2, 3, 4, 5, 6, 7, 8)),  # fine: within band 0
            identity._replace(rows=(3, 1, 2, 0, 4, 5, 6, 7, 8)),  # rows leave their bands
            identity._replace(columns=(0, 1, 2, 3, 4, 5, 6, 7, 7)),
            identity._replace(digits=(1, 0, 2, 3, 4, 5, 6, 7, 8, 9)),
            identity._replace(digits=(0, 1, 2, 3, 4, 5, 6, 7, 8, 300)),
        ]
        self.assertEqual(sudoku.apply_transform(bad[0], EMPTY), EMPTY)
        for t in bad[1:]:
            for call in (lambda: sudoku.apply_transform(t, TOP1),
                         lambda: sudoku.invert_transform(t)):
                with self.assertRaises(sudoku.SudokuError) as caught:
                    call()
                self.assertEqual(caught.exception.status, sudoku.SUDOKU_INVALID_ARGUMENT, t)
                # What is wrong, not "an argument is out of range".
                self.assertRegex(str(caught.exception),
                                 "not a valid transformation|a transform entry is out of range")
        # The C order: an invalid transformation is named before a board of the wrong length
        # (a new user's report), and a valid one lets the board's error through.
        for board in ("x", "x" * 82, b""):
            with self.assertRaises(sudoku.SudokuError) as caught:
                sudoku.apply_transform(bad[2], board)
            self.assertEqual(caught.exception.status, sudoku.SUDOKU_INVALID_ARGUMENT, board)
            with self.assertRaises(sudoku.SudokuError) as caught:
                sudoku.apply_transform(identity, board)
            self.assertEqual(caught.exception.status, sudoku.SUDOKU_INVALID_CHARACTER, board)
        for t in (None, (1, 2), identity._replace(transpose=1),
                  identity._replace(rows=tuple(range(8)) + ("8",))):
            with self.assertRaises((TypeError, sudoku.SudokuError), msg=repr(t)) as caught:
                sudoku.apply_transform(t, TOP1)
            if isinstance(caught.exception, sudoku.SudokuError):
                self.assertEqual(caught.exception.status, sudoku.SUDOKU_INVALID_ARGUMENT)
        # Entries in order: a set of rows (which iterates sorted) is refused, not misread.
        swapped = identity._replace(rows=(1, 0, 2, 3, 4, 5, 6, 7, 8))
        for t in (swapped._replace(rows=set(swapped.rows)),
                  swapped._replace(digits=frozenset(swapped.digits))):
            with self.assertRaises(TypeError):
                sudoku.apply_transform(t, TOP1)
        for name in ("canonicalize", "apply_transform", "invert_transform", "random_transform",
                     "Transform"):
            self.assertIn(name, sudoku.__all__)

    def test_candidates_move_with_their_transformation(self):
        import random

        rng = random.Random(1414)

        def moved(t, masks):
            # This suite's own reading of the definition: each digit's cells move as a board of
            # that digit alone does (transformed()), under its new label.
            out = [0] * 81
            for d in range(1, 10):
                plane = "".join(str(d) if m >> (d - 1) & 1 else "." for m in masks)
                for cell, v in enumerate(transformed(t, plane)):
                    if v != ".":
                        out[cell] |= 1 << (int(v) - 1)
            return out

        for puzzle in read_puzzles("puzzles3_magictour_top1465")[:30] + [CLASSIC, EMPTY]:
            t = random_transform(rng)
            masks = sudoku.board_candidates(puzzle)
            image = sudoku.apply_transform_candidates(t, masks)
            self.assertEqual(image, moved(t, masks))
            # A board's candidates move to its image's, and the solutions follow.
            self.assertEqual(image, sudoku.board_candidates(transformed(t, puzzle)))
            if puzzle != EMPTY:
                self.assertEqual(sudoku.solve_unique_candidates(image),
                                 transformed(t, sudoku.solve(puzzle)))
            self.assertEqual(
                sudoku.apply_transform_candidates(sudoku.invert_transform(t), image), masks)
        # Any masks up to 0x1FF, a cell without candidates included, in a tuple too.
        for _ in range(200):
            masks = [rng.choice((0, 0x1FF, 1 << rng.randrange(9), rng.randrange(0x200)))
                     for _ in range(81)]
            t = random_transform(rng)
            self.assertEqual(sudoku.apply_transform_candidates(t, tuple(masks)), moved(t, masks))
        read = sudoku.read_puzzle(TOP1)
        t = sudoku.random_transform(2026)
        # A PuzzleRead of givens: each given's digit alone, every digit in a blank.
        self.assertEqual(sudoku.apply_transform_candidates(t, read),
                         moved(t, [0x1FF if c == "." else 1 << (int(c) - 1) for c in TOP1]))

    def test_candidates_errors_name_what_is_wrong(self):
        identity = sudoku.Transform(False, tuple(range(9)), tuple(range(9)), tuple(range(10)))
        broken = identity._replace(rows=(3, 1, 2, 0, 4, 5, 6, 7, 8))
        masks = [0x1FF] * 81
        self.assertEqual(sudoku.apply_transform_candidates(identity, masks), masks)
        over = masks[:57] + [0x200] + masks[58:]
        with self.assertRaises(sudoku.SudokuError) as caught:
            sudoku.apply_transform_candidates(identity, over)
        self.assertEqual((caught.exception.status, caught.exception.cell),
                         (sudoku.SUDOKU_INVALID_ARGUMENT, 57))
        self.assertIn("0x1FF", str(caught.exception))
        # The transformation is checked first, as in C.
        for bad_masks in (masks, over):
            with self.assertRaises(sudoku.SudokuError) as caught:
                sudoku.apply_transform_candidates(broken, bad_masks)
            self.assertIn("not a valid transformation", str(caught.exception))
        with self.assertRaises(sudoku.SudokuError) as caught:
            sudoku.apply_transform_candidates(identity, masks[:80])
        self.assertEqual(caught.exception.status, sudoku.SUDOKU_INVALID_ARGUMENT)
        # Every fault of the masks' number or values comes after the transformation's, and the
        # first faulty cell is named, whichever range its mask is out of.
        for bad_masks in (masks[:80], masks[:5] + [-1] + masks[6:],
                          masks[:5] + [0x10000] + masks[6:]):
            with self.assertRaises(sudoku.SudokuError) as caught:
                sudoku.apply_transform_candidates(broken, bad_masks)
            self.assertIn("not a valid transformation", str(caught.exception))
        with self.assertRaises(sudoku.SudokuError) as caught:
            sudoku.apply_transform_candidates(
                identity._replace(digits=(0, 1, 2, 3, 4, 5, 6, 7, 8, 300)), masks[:80])
        self.assertIn("out of range", str(caught.exception))
        for late in (-5, 0x10000, 2**70):
            mixed = masks[:4] + [0x200] + masks[5:9] + [late] + masks[10:]
            for call in (lambda: sudoku.apply_transform_candidates(identity, mixed),
                         lambda: sudoku.validate_candidates(mixed),
                         lambda: sudoku.solve_candidates(mixed)):
                with self.assertRaises(sudoku.SudokuError) as caught:
                    call()
                self.assertEqual(caught.exception.cell, 4, late)
        # Types before everything: a bad mask item with a broken transformation.
        with self.assertRaises(TypeError):
            sudoku.apply_transform_candidates(broken, masks[:5] + [1.0] + masks[6:])
        for bad in (None, "1" * 81, [0.0] * 81, {0: 1}):
            with self.assertRaises(TypeError, msg=repr(bad)):
                sudoku.apply_transform_candidates(identity, bad)
        with self.assertRaises(TypeError):
            sudoku.apply_transform_candidates(None, masks)
        self.assertIn("apply_transform_candidates", sudoku.__all__)

    def test_random_transforms_are_valid_reproducible_and_keep_the_puzzle(self):
        # Valid by this suite's own definition (transformed() applies it cell by cell, and a
        # valid transformation keeps every house a house), the same for a seed, and the same
        # draws as the C tests pin (tests/canonical_ffi.rs).
        puzzles = read_puzzles("puzzles1_random_minimal")[:40] + [TOP1, CLASSIC_SOLUTION]
        seen = set()
        for k, puzzle in enumerate(puzzles):
            seed = (k * 0x9E3779B97F4A7C15) % 2**64
            t = sudoku.random_transform(seed)
            self.assertIsInstance(t, sudoku.Transform)
            self.assertEqual(sudoku.random_transform(seed), t)
            self.assertIsInstance(t.transpose, bool)
            for order in (t.rows, t.columns):
                self.assertEqual(sorted(order), list(range(9)))
                self.assertTrue(all(order[3 * p + i] // 3 == order[3 * p] // 3
                                    for p in range(3) for i in range(3)), t)
            self.assertEqual((t.digits[0], sorted(t.digits[1:])), (0, list(range(1, 10))))
            image = transformed(t, puzzle)
            self.assertEqual(sudoku.apply_transform(t, puzzle), image)
            self.assertEqual(sudoku.canonicalize(image), sudoku.canonicalize(puzzle))
            self.assertEqual(sudoku.count_solutions(image), sudoku.count_solutions(puzzle))
            seen.add(t)
        self.assertEqual(len(seen), len(puzzles))
        self.assertEqual(sudoku.random_transform(0), sudoku.Transform(
            False, (8, 7, 6, 5, 3, 4, 2, 0, 1), (4, 5, 3, 7, 8, 6, 0, 1, 2),
            (0, 6, 4, 8, 3, 1, 7, 2, 5, 9)))
        self.assertEqual(sudoku.random_transform(2026), sudoku.Transform(
            False, (0, 2, 1, 3, 5, 4, 7, 6, 8), (5, 3, 4, 6, 8, 7, 0, 1, 2),
            (0, 2, 7, 1, 4, 5, 6, 8, 3, 9)))
        self.assertEqual(sudoku.random_transform(2**64 - 1), sudoku.random_transform(2**64 - 1))
        for seed in (-1, 2**64, 2**100):
            with self.assertRaises(sudoku.SudokuError) as caught:
                sudoku.random_transform(seed)
            self.assertEqual(caught.exception.status, sudoku.SUDOKU_INVALID_ARGUMENT)
            self.assertIn("seed must be from 0 to 2**64 - 1", str(caught.exception))
        for seed in ("7", 7.0, True, None):
            with self.assertRaises(TypeError):
                sudoku.random_transform(seed)



def numpy_or_skip(test):
    """NumPy, or skip the test without it (a failure when SUDOKU_TEST_NUMPY=1 says it must be
    there: the installed-package run)."""
    try:
        import numpy
    except ImportError:
        if os.environ.get("SUDOKU_TEST_NUMPY") == "1":
            test.fail("SUDOKU_TEST_NUMPY=1 but NumPy cannot be imported")
        test.skipTest("NumPy is not installed")
    return numpy


class NumpyBatch(unittest.TestCase):
    """solve_batch on (N, 81) uint8 arrays of ASCII characters or of digits 0-9."""

    def setUp(self):
        self.np = numpy_or_skip(self)
        puzzles = read_puzzles("puzzles3_magictour_top1465")[:200]
        self.puzzles = puzzles + [UNSOLVABLE, DEADLY, "55" + "." * 79, TOP1]

    def ascii(self, puzzles):
        return self.np.frombuffer("".join(puzzles).encode(), dtype=self.np.uint8).reshape(-1, 81)

    def test_a_row_is_no_board_and_the_message_says_how_to_pass_it(self):
        row = self.ascii([TOP1])[0]
        for function in (sudoku.solve, sudoku.count_solutions, sudoku.rate, sudoku.hint):
            with self.assertRaises(TypeError, msg=function.__name__) as caught:
                function(row)
            self.assertEqual(
                str(caught.exception),
                "a board is a str, bytes, bytearray or byte memoryview of 81 characters, not "
                "ndarray; for an array row of ASCII characters pass row.tobytes()")
        # As the message says: the row's bytes, or a memoryview of them.
        self.assertEqual(sudoku.solve(row.tobytes()), TOP1_SOLUTION)
        self.assertEqual(sudoku.solve(memoryview(row)), TOP1_SOLUTION)

    def digits(self, puzzles):
        return self.np.array([[0 if c in ".0" else int(c) for c in p] for p in puzzles],
                             dtype=self.np.uint8).reshape(-1, 81)

    def expected(self, unique):
        """(solution or None, status) of each puzzle, by the list form of the call."""
        out = []
        for r in sudoku.solve_batch(self.puzzles, unique=unique):
            out.append((r, sudoku.SUDOKU_OK) if isinstance(r, str) else (None, r.status))
        return out

    def check(self, given, result, to_text, unique):
        np = self.np
        self.assertIsInstance(result, sudoku.BatchArrays)
        solutions, statuses = result
        self.assertEqual((solutions.dtype, solutions.shape), (np.uint8, given.shape))
        self.assertEqual((statuses.dtype, statuses.shape), (np.dtype(np.intc), (len(given),)))
        for i, (solution, status) in enumerate(self.expected(unique)):
            self.assertEqual(statuses[i], status, i)
            if status == sudoku.SUDOKU_OK:
                text = to_text(solutions[i])
                self.assertTrue(is_solution_of(self.puzzles[i], text), i)
                if unique:
                    self.assertEqual(text, solution, i)
            else:  # an unsolved row keeps its puzzle, in the kind given
                self.assertTrue((solutions[i] == given[i]).all(), i)

    def test_ascii_arrays(self):
        given = self.ascii(self.puzzles)  # read-only: frombuffer of bytes
        for unique in (False, True):
            result = sudoku.solve_batch(given, unique=unique, threads=2)
            self.check(given, result, lambda row: bytes(row).decode(), unique)
        self.assertEqual(bytes(given[0]).decode(), self.puzzles[0])  # untouched

    def test_digit_arrays(self):
        given = self.digits(self.puzzles)
        before = given.copy()
        for unique in (False, True):
            result = sudoku.solve_batch(given, unique=unique)
            self.assertLessEqual(int(result.solutions.max()), 9)
            self.check(given, result, lambda row: "".join(map(str, row)), unique)
        self.assertTrue((given == before).all())

    def test_blanks_as_zero_characters_and_an_all_blank_array(self):
        np = self.np
        zeros = self.ascii([TOP1.replace(".", "0")])
        solutions, statuses = sudoku.solve_batch(zeros)
        self.assertEqual((bytes(solutions[0]).decode(), statuses[0]), (TOP1_SOLUTION, 0))
        # All zeros is digits: empty boards, solved as digits.
        solutions, statuses = sudoku.solve_batch(np.zeros((2, 81), dtype=np.uint8))
        self.assertEqual(list(statuses), [0, 0])
        for row in solutions:
            self.assertTrue(is_solution_of(EMPTY, "".join(map(str, row))))

    def test_out_and_in_place(self):
        np = self.np
        for make, to_text in ((self.ascii, lambda r: bytes(r).decode()),
                              (self.digits, lambda r: "".join(map(str, r)))):
            given = make([TOP1, UNSOLVABLE, CLASSIC]).copy()
            out = np.full(given.shape, 7, dtype=np.uint8)
            result = sudoku.solve_batch(given, out=out)
            self.assertIs(result.solutions, out)
            self.assertEqual(list(result.statuses), [0, sudoku.SUDOKU_NO_SOLUTION, 0])
            self.assertEqual(to_text(out[2]), CLASSIC_SOLUTION)
            # In place: the puzzles become their solutions (an unsolved one stays).
            in_place = given.copy()
            result = sudoku.solve_batch(in_place, out=in_place)
            self.assertIs(result.solutions, in_place)
            self.assertEqual(to_text(in_place[0]), TOP1_SOLUTION)
            self.assertTrue((in_place[1] == given[1]).all())

    def test_strided_and_empty_arrays(self):
        np = self.np
        given = self.ascii([TOP1, CLASSIC, TOP1, CLASSIC])[::2]  # not contiguous
        solutions, statuses = sudoku.solve_batch(given)
        self.assertEqual([bytes(r).decode() for r in solutions], [TOP1_SOLUTION] * 2)
        empty = sudoku.solve_batch(np.zeros((0, 81), dtype=np.uint8))
        self.assertEqual((empty.solutions.shape, empty.statuses.shape), ((0, 81), (0,)))

    def test_bad_arrays(self):
        np = self.np
        good = self.ascii([TOP1])
        for bad, error in ((good.astype(np.int64), TypeError),
                           (np.zeros((2, 80), dtype=np.uint8), ValueError),
                           (np.zeros(81, dtype=np.uint8), ValueError),
                           (np.zeros((1, 9, 9), dtype=np.uint8), ValueError)):
            with self.assertRaises(error, msg=repr(bad.shape)):
                sudoku.solve_batch(bad)
        # The array is checked first, then the other arguments (the C API's order).
        with self.assertRaises(TypeError):
            sudoku.solve_batch(good.astype(np.int64), threads=-1)
        with self.assertRaises(ValueError):
            sudoku.solve_batch(good, threads=-1)
        with self.assertRaises(TypeError):
            sudoku.solve_batch(good, unique=1)
        two = self.ascii([TOP1, CLASSIC])
        for out, error in ((np.zeros((3, 81), dtype=np.uint8), ValueError),
                           (np.zeros((2, 81), dtype=np.int32), TypeError),
                           (np.zeros((81, 2), dtype=np.uint8).T, ValueError),  # not C order
                           (two, ValueError),  # read-only
                           ([0] * 162, TypeError)):
            with self.assertRaises(error, msg=repr(out)):
                sudoku.solve_batch(two, out=out)
        with self.assertRaises(TypeError):
            sudoku.solve_batch([TOP1], out=np.zeros((1, 81), dtype=np.uint8))

    def test_pieces_change_no_result(self):
        """Arrays too go to the library in pieces (class Pieces), in place, digits or ASCII."""
        saved = dict(_batch._CHUNK)
        try:
            for given in (self.ascii(self.puzzles), self.digits(self.puzzles)):
                whole = sudoku.solve_batch(given, unique=True)
                _batch._CHUNK["solve"] = 3
                pieces = sudoku.solve_batch(given, unique=True, threads=2)
                _batch._CHUNK.update(saved)
                self.assertTrue((pieces.solutions == whole.solutions).all())
                self.assertTrue((pieces.statuses == whole.statuses).all())
        finally:
            _batch._CHUNK.update(saved)

    def test_arrays_of_puzzle_strings_are_sequences(self):
        """np.array([p, q]) of str, bytes or objects is taken as the list [p, q] (a user tried it)."""
        np = self.np
        listed = sudoku.solve_batch(self.puzzles)
        for given in (np.array(self.puzzles), np.array([p.encode() for p in self.puzzles]),
                      np.array(self.puzzles, dtype=object)):
            result = sudoku.solve_batch(given)
            self.assertIsInstance(result, list, msg=given.dtype)
            self.assertEqual([r if isinstance(r, str) else r.status for r in result],
                             [r if isinstance(r, str) else r.status for r in listed])
        with self.assertRaises(TypeError):  # out= is for arrays of bytes only
            sudoku.solve_batch(np.array([TOP1]), out=np.zeros((1, 81), dtype=np.uint8))

    def test_an_array_of_characters_is_told_the_view_that_works(self):
        np = self.np
        chars = np.array([list(TOP1), list(CLASSIC)])  # (2, 81) of one-character str
        # (A 2-D object array of one-character str too: its advice names both casts.)
        for given in (chars, chars.astype("S1"), chars.astype(object)):
            with self.assertRaises(TypeError) as caught:
                sudoku.solve_batch(given)
            self.assertIn(".astype('S1').view(numpy.uint8)", str(caught.exception))
            # The advice given works: the same solutions as the ASCII array.
            advised = sudoku.solve_batch(given.astype("S1").view(np.uint8))
            expected = sudoku.solve_batch(self.ascii([TOP1, CLASSIC]))
            self.assertTrue((advised.solutions == expected.solutions).all())
            self.assertTrue((advised.statuses == sudoku.SUDOKU_OK).all())
        with self.assertRaises(TypeError) as caught:
            sudoku.solve_batch(self.ascii([TOP1]).astype(np.int64))
        self.assertIn(".astype(numpy.uint8)", str(caught.exception))


class NumpyIntegers(unittest.TestCase):
    """NumPy's integers are ints wherever the module asks for one (a user passed np.int64
    seeds from an array), as range() takes them; its bool and floats are not."""

    def setUp(self):
        self.np = numpy_or_skip(self)

    def test_numpy_integers_are_ints(self):
        np = self.np
        self.assertEqual(sudoku.generate(np.uint64(3), givens=(np.int64(24), 30),
                                         max_attempts=np.int32(50), index=np.uint8(2)),
                         sudoku.generate(3, givens=(24, 30), max_attempts=50, index=2))
        self.assertEqual(sudoku.generate_batch(np.int64(3), np.int16(3), threads=np.int64(1)),
                         sudoku.generate_batch(3, 3, threads=1))
        self.assertEqual(sudoku.count_solutions(DEADLY, np.int64(5)), 2)
        self.assertEqual(sudoku.list_solutions(DEADLY, np.uint32(1)),
                         sudoku.list_solutions(DEADLY, 1))
        self.assertEqual(sudoku.solve_batch([TOP1], threads=np.int64(1)), [TOP1_SOLUTION])
        self.assertEqual(sudoku.rate(TOP1, budget_ms=np.int64(0)), sudoku.rate(TOP1))
        self.assertEqual(sudoku.rate_batch([TOP1], threads=np.int8(1)), [sudoku.rate(TOP1)])
        self.assertEqual(sudoku.status_name(np.int32(1)), "SUDOKU_NO_SOLUTION")
        self.assertEqual(sudoku.technique_name(np.int8(0)), "Full House")
        read = sudoku.read_puzzle("\n" + TOP1, np.int64(1), np.int64(7))
        self.assertEqual((read.puzzle, read.line), (TOP1, 7))
        masks = np.array(sudoku.board_candidates(TOP1))
        self.assertEqual(sudoku.solve_candidates(list(masks)), TOP1_SOLUTION)
        form, t = sudoku.canonicalize(TOP1, transform=True)
        as_arrays = (t.transpose, np.array(t.rows), np.array(t.columns), np.array(t.digits))
        self.assertEqual(sudoku.apply_transform(as_arrays, TOP1), form)
        for bad in (np.bool_(True), np.float64(2.0)):
            with self.assertRaises(TypeError):
                sudoku.count_solutions(DEADLY, bad)
        # generate_batch's index (a user's OverflowError), an ER window, a level, a Step.
        for index in (np.int64(2), np.uint8(2), np.array(2)):
            self.assertEqual(sudoku.generate_batch(3, 2, index=index, threads=1),
                             sudoku.generate_batch(3, 2, index=2, threads=1))
        self.assertEqual(sudoku.generate(3, er=(np.int64(1), np.int32(4))),
                         sudoku.generate(3, er=(1, 4)))
        # An ER window read from a float32 array (its values widened exactly to float).
        self.assertEqual(sudoku.generate(3, er=(np.float32(1.5), np.float32(4.0))),
                         sudoku.generate(3, er=(float(np.float32(1.5)), 4.0)))
        self.assertEqual(sudoku.level_name(np.float32(7.5)), sudoku.level_name(7.5))
        self.assertEqual(sudoku.level_name(np.int64(2)), sudoku.level_name(2))
        step = sudoku.hint(TOP1)
        cell, digit = step.placement
        as_numpy = dataclasses.replace(step, technique_id=np.int64(step.technique_id),
                                       placement=(np.int64(cell), np.uint8(digit)),
                                       cells=[np.int16(c) for c in step.cells])
        self.assertEqual(sudoku.explain(as_numpy), sudoku.explain(step))

    def test_candidates_may_be_a_numpy_array(self):
        # 81 masks in a 1-D array of any integer type, as in a list; another shape is refused
        # with the advice to flatten it, and bools or floats as items are not masks.
        np = self.np
        masks = sudoku.board_candidates(QQWING_1)
        for given in (np.array(masks), np.array(masks, dtype=np.uint16)):
            self.assertEqual(sudoku.solve_candidates(given), sudoku.solve_candidates(masks))
            self.assertEqual(sudoku.hint(QQWING_1, given), sudoku.hint(QQWING_1, masks))
            step = sudoku.hint(QQWING_1, masks)
            self.assertEqual(sudoku.apply_step(step, QQWING_1, given),
                             sudoku.apply_step(step, QQWING_1, masks))
        with self.assertRaises(TypeError) as caught:
            sudoku.solve_candidates(np.array(masks).reshape(9, 9))
        self.assertIn("array.ravel()", str(caught.exception))
        self.assertEqual(sudoku.solve_candidates(np.array(masks).reshape(9, 9).ravel()),
                         sudoku.solve_candidates(masks))
        for bad in (np.array(masks, dtype=float), np.ones(81, dtype=bool)):
            with self.assertRaises(TypeError):
                sudoku.solve_candidates(bad)

    def test_numpy_bools_are_bools(self):
        # A flag taken from an array (np.bool_, which NumPy 2 names "bool") chooses the mode
        # that the same Python bool does; integers are still refused.
        np = self.np
        flags = np.array([True, False])
        self.assertEqual(sudoku.solve_batch([DEADLY], unique=flags[0])[0].status,
                         sudoku.SUDOKU_MULTIPLE_SOLUTIONS)
        self.assertIn(sudoku.solve_batch([DEADLY], unique=flags[1])[0], DEADLY_SOLUTIONS)
        self.assertEqual(sudoku.generate(3, minimal=flags[1], solution=flags[0]),
                         sudoku.generate(3, minimal=False, solution=True))
        self.assertEqual(sudoku.canonicalize(TOP1, transform=flags[0]),
                         sudoku.canonicalize(TOP1, transform=True))
        step = sudoku.hint(TOP1)
        as_numpy = dataclasses.replace(step, chain_truncated=flags[1])
        self.assertEqual(sudoku.explain(as_numpy), sudoku.explain(step))
        self.assertEqual(sudoku.apply_step(as_numpy, TOP1), sudoku.apply_step(step, TOP1))
        for bad in (np.int64(1), np.uint8(0)):
            with self.assertRaises(TypeError) as caught:
                sudoku.solve_batch([DEADLY], unique=bad)
            self.assertEqual(str(caught.exception),
                             "unique must be a bool, not %s" % type(bad).__name__)

    def test_rate_batch_tells_how_to_pass_an_array(self):
        array = self.np.frombuffer((TOP1 + CLASSIC).encode(), dtype=self.np.uint8).reshape(2, 81)
        with self.assertRaises(TypeError) as caught:
            sudoku.rate_batch(array)
        self.assertIn("[row.tobytes() for row in array]", str(caught.exception))
        self.assertEqual(sudoku.rate_batch([row.tobytes() for row in array]),
                         [sudoku.rate(TOP1), sudoku.rate(CLASSIC)])
        # Any other array but a 1-D one of puzzle strings gets the same advice (a user's 3-D
        # array, or an array of digits, was refused item by item as "not int64").
        for other in (array.reshape(2, 9, 9), array.reshape(-1), array.astype(self.np.int64)):
            with self.assertRaises(TypeError) as caught:
                sudoku.rate_batch(other)
            self.assertIn("[row.tobytes() for row in array]", str(caught.exception))
        self.assertEqual(sudoku.rate_batch(self.np.array([TOP1, CLASSIC])),
                         [sudoku.rate(TOP1), sudoku.rate(CLASSIC)])
        # An array of puzzle strings of another shape: its strings, by ravel() (a trial's
        # report: the rows' bytes were advised, which join the strings of a row).
        strings = self.np.array([[TOP1], [CLASSIC]])
        for call in (sudoku.rate_batch, sudoku.canonicalize_batch):
            with self.assertRaises(TypeError) as caught:
                call(strings)
            self.assertIn("pass array.ravel()", str(caught.exception))
        self.assertEqual(sudoku.canonicalize_batch(strings.ravel()),
                         [sudoku.canonicalize(TOP1), sudoku.canonicalize(CLASSIC)])
        # The puzzles are checked before the thread count, as by solve_batch.
        with self.assertRaises(TypeError) as caught:
            sudoku.rate_batch(None, threads="all")
        self.assertEqual(str(caught.exception), "rate_batch takes a list of puzzles, not NoneType")


class Package(unittest.TestCase):
    """The package under test: where it comes from, its files, and what crosses processes."""

    def test_the_package_is_the_one_asked_for(self):
        if INSTALLED:
            # Installed in the running Python's environment, not the source tree's python/.
            self.assertTrue(PACKAGE_DIR.startswith(os.path.join(sys.prefix, "")), PACKAGE_DIR)
            self.assertFalse(PACKAGE_DIR.startswith(os.path.join(SOURCE_DIR, "")), PACKAGE_DIR)
            self.assertNotIn("SUDOKU_LIB", os.environ)
            # The library it carries, found beside the module with nothing set.
            self.assertEqual(sudoku.library_path(), os.path.join(PACKAGE_DIR, "libsudoku.so"))
            from importlib import metadata
            self.assertEqual(metadata.version("libsudoku"), sudoku.version())
        else:
            self.assertEqual(PACKAGE_DIR, os.path.join(SOURCE_DIR, "libsudoku"))
            self.assertEqual(os.path.realpath(sudoku.library_path()),
                             os.path.realpath(os.environ.get("SUDOKU_LIB", sudoku.library_path())))
        for name in ("__init__.py", "__main__.py", "_args.py", "_arrays.py", "_batch.py",
                     "_candidates.py", "_canonical.py", "_checks.py", "_cli.py", "_diagnostic.py",
                     "_errors.py", "_generate.py", "_loader.py", "_public.py", "_read.py",
                     "_solve.py", "_steps.py", "py.typed"):
            self.assertTrue(os.path.isfile(os.path.join(PACKAGE_DIR, name)), name)

    def test_import_needs_no_environment(self):
        if not INSTALLED:
            self.skipTest("the installed package only (the source tree needs its path)")
        with tempfile.TemporaryDirectory() as tmp:
            result = subprocess.run(
                [sys.executable, "-c",
                 "import libsudoku; print(libsudoku.solve(%r)); print(libsudoku.library_path())"
                 % TOP1],
                env={"PATH": os.environ.get("PATH", "/usr/bin:/bin")}, cwd=tmp,
                capture_output=True, text=True,
            )
        self.assertEqual(
            (result.returncode, result.stdout, result.stderr),
            (0, "%s\n%s\n" % (TOP1_SOLUTION, os.path.join(PACKAGE_DIR, "libsudoku.so")), ""),
        )

    def test_errors_and_results_pickle_whole(self):
        import pickle

        for value in (
            sudoku.SudokuError(sudoku.SUDOKU_CONFLICTING_GIVENS, cell=9),
            sudoku.SudokuError(sudoku.SUDOKU_NO_SOLUTION),
            sudoku.SudokuFormatError("line 3 has 8 cells, not 9", 3, 9, 40, 2, 50, 4),
        ):
            back = pickle.loads(pickle.dumps(value))
            self.assertIs(type(back), type(value))
            self.assertEqual((str(back), back.args), (str(value), value.args))
            self.assertEqual(vars(back), vars(value))
        results = sudoku.solve_batch([TOP1, UNSOLVABLE, "5" + "5" + "." * 79])
        back = pickle.loads(pickle.dumps(results))
        self.assertEqual(back[0], TOP1_SOLUTION)
        self.assertEqual([(e.status, e.cell) for e in back[1:]],
                         [(sudoku.SUDOKU_NO_SOLUTION, None),
                          (sudoku.SUDOKU_CONFLICTING_GIVENS, 1)])
        for value in (sudoku.list_solutions(DEADLY, 1), sudoku.read_puzzle(TOP1),
                      sudoku.canonicalize(TOP1, transform=True)[1]):
            self.assertEqual(pickle.loads(pickle.dumps(value)), value)

    def test_public_classes_carry_the_package_s_name(self):
        # Pickles, tracebacks, reprs and help() name libsudoku.Rating, as when every class was
        # defined in __init__.py: never the private module that defines it, which may move.
        import pickle
        import typing

        rating = sudoku.rate(TOP1)
        path = sudoku.solve_path(TOP1)
        values = [
            sudoku.SudokuError(sudoku.SUDOKU_NO_SOLUTION),
            sudoku.SudokuFormatError("line 3 has 8 cells, not 9", 3, 9, 40, 2, 50, 4),
            rating, path, path.steps[0], sudoku.read_puzzle(TOP1), sudoku.list_solutions(DEADLY, 1),
            sudoku.canonicalize(TOP1, transform=True)[1],
        ]
        # (And no name of the package's own imports looks public.)
        self.assertNotIn("TYPE_CHECKING", dir(sudoku))
        self.assertIn("__version__", dir(sudoku))
        classes = {type(v) for v in values} | {sudoku.BatchArrays}
        self.assertEqual(len(classes), 9)
        for cls in classes:
            self.assertEqual(cls.__module__, "libsudoku", cls)
            self.assertIs(getattr(sudoku, cls.__name__), cls)
        for value in values:
            for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
                data = pickle.dumps(value, protocol)
                self.assertNotIn(b"libsudoku._", data, (type(value), protocol))
                self.assertIn(type(value).__name__.encode(), data)
        try:
            sudoku.solve(UNSOLVABLE)
        except sudoku.SudokuError as error:
            shown = "".join(traceback.format_exception_only(type(error), error))
        self.assertTrue(shown.startswith("libsudoku.SudokuError: "), shown)
        # Their annotations still resolve (they were written in the defining modules).
        self.assertEqual(typing.get_type_hints(sudoku.Rating)["hardest"], typing.Optional[str])
        self.assertEqual(typing.get_type_hints(sudoku.SudokuFormatError)["next_line"],
                         typing.Optional[int])
        self.assertEqual(typing.get_type_hints(sudoku.SolvePath)["steps"],
                         typing.List[sudoku.Step])
        for cls in classes - {sudoku.BatchArrays}:  # (NumPy's types: for type checkers only)
            typing.get_type_hints(cls)

    def test_an_error_made_by_hand_checks_its_arguments(self):
        for bad in ("x", True, 1.0, None):
            with self.assertRaises(TypeError):
                sudoku.SudokuError(bad)
        with self.assertRaises(TypeError):
            sudoku.SudokuError(sudoku.SUDOKU_INVALID_CHARACTER, cell="3")
        with self.assertRaises(ValueError):
            sudoku.SudokuError(sudoku.SUDOKU_INVALID_CHARACTER, cell=-1)
        with self.assertRaises(ValueError):
            sudoku.SudokuError(sudoku.SUDOKU_INVALID_CHARACTER, cell=81)
        for message in (5, b"bytes"):
            with self.assertRaises(TypeError):
                sudoku.SudokuError(sudoku.SUDOKU_NO_SOLUTION, message)
        good = ("line 3 has 8 cells, not 9", 3, 9, 40, 2, 50, 4)
        for at in range(len(good)):
            with self.assertRaises(TypeError, msg=at):
                sudoku.SudokuFormatError(*good[:at], "x" if at else 1, *good[at + 1:])
        # A made error pickles whole: its notes and a caller's own attributes too.
        import pickle

        error = sudoku.SudokuFormatError(*good)
        error.__notes__ = ["while reading puzzles.txt"]  # add_note's list (Python 3.11 and up)
        error.puzzle_index = 7
        back = pickle.loads(pickle.dumps(error))
        self.assertEqual((back.__notes__, back.puzzle_index, vars(back)),
                         (["while reading puzzles.txt"], 7, vars(error)))
        # A status that is no C int is an unknown status, as status_name says.
        unknown = sudoku.SudokuError(-1).message
        self.assertEqual(sudoku.SudokuError(2**32).message, unknown)
        self.assertEqual(sudoku.SudokuError(-(2**40)).message, unknown)
        self.assertEqual(sudoku.status_name(2**32), sudoku.status_name(-1))

    def test_a_mask_of_the_wrong_type_names_its_cell(self):
        masks = sudoku.board_candidates(TOP1)
        for cell, bad in ((0, 511.0), (40, "7"), (80, True)):
            wrong = list(masks)
            wrong[cell] = bad
            with self.assertRaises(TypeError) as caught:
                sudoku.solve_candidates(wrong)
            self.assertEqual(str(caught.exception), "the mask of cell %d must be an int, not %s"
                             % (cell, type(bad).__name__))

    def test_batches_of_no_iterable_say_what_they_take(self):
        for call in (sudoku.solve_batch, sudoku.rate_batch, sudoku.canonicalize_batch):
            for bad in (None, 5, 2.5):
                with self.assertRaises(TypeError) as caught:
                    call(bad)
                self.assertEqual(str(caught.exception), "%s takes a list of puzzles, not %s"
                                 % (call.__name__, type(bad).__name__))

        def broken():
            yield TOP1
            raise TypeError("from the caller's own generator")

        for call in (sudoku.solve_batch, sudoku.rate_batch, sudoku.canonicalize_batch):
            with self.assertRaises(TypeError) as caught:
                call(broken())
            self.assertEqual(str(caught.exception), "from the caller's own generator")

    def test_without_numpy(self):
        # NumPy made unimportable: the package imports, and lists still work.
        code = (
            "import sys; sys.modules['numpy'] = None\n"
            "import libsudoku\n"
            "r = libsudoku.solve_batch([%r, 'x'])\n"
            "print(r[0], r[1].status)\n" % TOP1
        )
        result = subprocess.run([sys.executable, "-c", code], env=script_env(),
                                capture_output=True, text=True)
        self.assertEqual((result.returncode, result.stdout, result.stderr),
                         (0, "%s %d\n" % (TOP1_SOLUTION, sudoku.SUDOKU_INVALID_CHARACTER), ""))
        # Nor is NumPy imported by the package when it is there.
        code = ("import sys, libsudoku; libsudoku.solve_batch([%r]); "
                "print('numpy' in sys.modules)" % TOP1)
        result = subprocess.run([sys.executable, "-c", code], env=script_env(),
                                capture_output=True, text=True)
        self.assertEqual((result.returncode, result.stdout, result.stderr), (0, "False\n", ""))

    def test_dask_module_without_dask(self):
        # libsudoku.dask imports without Dask, fsspec and NumPy (they are imported when
        # solve_files runs), and its solve_files then says what is missing.
        code = (
            "import sys\n"
            "for name in ('dask', 'distributed', 'fsspec', 'numpy'): sys.modules[name] = None\n"
            "import libsudoku.dask\n"
            "try:\n"
            "    libsudoku.dask.solve_files('x', 'y')\n"
            "except ImportError as error:\n"
            "    print('ImportError', error.name)\n"
        )
        result = subprocess.run([sys.executable, "-c", code], env=script_env(),
                                capture_output=True, text=True)
        self.assertEqual((result.returncode, result.stdout, result.stderr),
                         (0, "ImportError dask\n", ""))

    def test_annotations(self):
        import inspect

        # Every public function is annotated (what py.typed promises type checkers).
        for name in sudoku.__all__:
            value = getattr(sudoku, name)
            if inspect.isfunction(value):
                signature = inspect.signature(value)
                self.assertIsNot(signature.return_annotation, inspect.Signature.empty, name)
                for parameter in signature.parameters.values():
                    self.assertIsNot(parameter.annotation, inspect.Parameter.empty,
                                     (name, parameter.name))
                self.assertTrue(value.__doc__, name)

def rated_lines(name, count):
    """The first `count` (puzzle, (ER, EP, ED)) of a rated file of the data folder's ratings/."""
    out = []
    with open(os.path.join(data_dir(), "ratings", name)) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            puzzle, ratings = line.split()
            out.append((puzzle, tuple(float(r) for r in ratings.split("/"))))
            if len(out) == count:
                break
    return out


# The first puzzle of ratings/se_qqwing_2000.txt, rated 1.5/1.2/1.2 there.
QQWING_1 = ".9.....4157.1..6.....8..........54.8.......1...64..579...58.3.....7.3.6.3..6.49.."
# QQWING_1 with an 'x' (not a board character) at cell 40.
BAD_CHAR_CELL = 40
BAD_CHAR = QQWING_1[:BAD_CHAR_CELL] + "x" + QQWING_1[BAD_CHAR_CELL + 1:]


class Steps(unittest.TestCase):
    """rate, rate_batch, hint, solve_path, explain, technique_name, level_name: the step engine
    against serate's ratings in ratings/ and the puzzles' solutions."""

    def test_rate_agrees_with_serate(self):
        for puzzle, (er, ep, ed) in rated_lines("se_qqwing_2000.txt", 150):
            r = sudoku.rate(puzzle)
            self.assertIsInstance(r, sudoku.Rating)
            if r.complete:
                self.assertEqual((r.er, r.ep, r.ed), (er, ep, ed), puzzle)
            else:
                self.assertTrue(11.0 <= r.er <= er, puzzle)
        r = sudoku.rate(QQWING_1)
        self.assertEqual(r, sudoku.Rating(1.5, 1.2, 1.2, True, "Hidden Single (row or column)",
                                          54))
        # 54 steps: one per empty cell, every step a single.
        self.assertEqual(QQWING_1.count("."), 54)

    def test_hard_puzzles_get_a_lower_bound(self):
        for puzzle, (er, ep, ed) in rated_lines("se_top1465.txt", 20):
            r = sudoku.rate(puzzle)
            if not r.complete:
                self.assertTrue(11.0 <= r.er <= er)
                if r.ed:
                    self.assertEqual(r.ed, ed)
            else:
                self.assertEqual((r.er, r.ep, r.ed), (er, ep, ed))

    def test_rate_within_a_budget(self):
        # With no budget (None or 0) and with one it does not exhaust, the full rating.
        full = sudoku.rate(PLUS)
        self.assertFalse(full.out_of_budget)
        self.assertEqual(sudoku.rate(PLUS, budget_ms=0), full)
        self.assertEqual(sudoku.rate(PLUS, budget_ms=60_000), full)
        # HARDEST's first step, a nested forcing chain (serate's 11.1), takes about 60 ms:
        # with 2 ms the engine stops in the nested chains, before any step, with their base
        # (9.5 at level 2, 10.0 at level 3) as the lower bound; or with 0 when the deadline
        # passed before the first step was looked for (descheduled on a busy machine).
        r = sudoku.rate(HARDEST, budget_ms=2)
        self.assertTrue(r.out_of_budget)
        self.assertFalse(r.complete)
        self.assertIn(r.er, (0.0, 9.5, 10.0))
        self.assertEqual((r.ep, r.ed, r.steps, r.hardest), (0.0, 0.0, 0, None))
        for bad in (-1, 2**32):
            with self.assertRaises(ValueError):
                sudoku.rate(PLUS, budget_ms=bad)
        for bad in (1.5, "10", True):
            with self.assertRaises(TypeError):
                sudoku.rate(PLUS, budget_ms=bad)

    def test_rate_errors_and_batch(self):
        with self.assertRaises(sudoku.SudokuError) as caught:
            sudoku.rate(BAD_CHAR)
        self.assertEqual((caught.exception.status, caught.exception.cell),
                         (sudoku.SUDOKU_INVALID_CHARACTER, BAD_CHAR_CELL))
        with self.assertRaises(sudoku.SudokuError) as caught:
            sudoku.rate(UNSOLVABLE)
        self.assertEqual(caught.exception.status, sudoku.SUDOKU_NO_SOLUTION)
        with self.assertRaises(TypeError):
            sudoku.rate([1] * 81)
        puzzles = [p for p, _ in rated_lines("se_qqwing_2000.txt", 40)]
        items = puzzles + [UNSOLVABLE, "12"]
        # One puzzle where a list is wanted is a mistake, not 81 one-character puzzles.
        with self.assertRaises(TypeError):
            sudoku.rate_batch(QQWING_1)
        for threads in (1, 0):
            got = sudoku.rate_batch(items, threads=threads)
            self.assertEqual(got[:40], [sudoku.rate(p) for p in puzzles])
            self.assertEqual(got[40].status, sudoku.SUDOKU_NO_SOLUTION)
            self.assertEqual(got[41].status, sudoku.SUDOKU_INVALID_CHARACTER)
        self.assertEqual(sudoku.rate_batch([]), [])
        with self.assertRaises(ValueError):
            sudoku.rate_batch(puzzles, threads=-1)

    def test_names(self):
        self.assertEqual(sudoku.technique_name(0), "Full House")
        self.assertEqual(sudoku.technique_name(11), "X-Wing")
        self.assertEqual(sudoku.technique_name(50), "Dynamic Region Forcing Chains (+)")
        self.assertEqual(sudoku.technique_name(55),
                         "Dynamic Contradiction Forcing Chain (+ Multiple Forcing Chains)")
        self.assertEqual(sudoku.technique_name(66), "Dynamic Region Forcing Chains "
                         "(+ Dynamic Forcing Chains (+ Forcing Chains))")
        self.assertIsNone(sudoku.technique_name(67))
        self.assertIsNone(sudoku.technique_name(-1))
        self.assertEqual([sudoku.level_name(x) for x in (1.2, 1.5, 2.6, 6.2, 7.5, 9.1)],
                         ["Easy", "Medium", "Hard", "Fiendish", "Diabolical", "Extreme"])
        # Boundaries of the bands (docs/steps.md): 1.2|1.3, 2.5|2.6, 6.0|6.1, 7.0|7.1, 9.0|9.1.
        self.assertEqual([sudoku.level_name(x) for x in (1.3, 2.5, 6.0, 6.1, 7.0, 7.1, 9.0)],
                         ["Medium", "Medium", "Hard", "Fiendish", "Fiendish", "Diabolical",
                          "Diabolical"])
        for bad in ("7", None, b"7", [7.0], True):
            with self.assertRaises(TypeError, msg=repr(bad)):
                sudoku.level_name(bad)
        # serate's rounding of an ER, (int)((x + 0.05) * 10): 9.05 is 9.1.
        self.assertEqual(sudoku.level_name(9.05), "Extreme")
        self.assertEqual(sudoku.level_name(6553.5), sudoku.level_name(99.9))
        for bad in (-0.1, -0.05, -1e-300, 6553.6, float("nan"), float("inf")):
            with self.assertRaises(ValueError, msg=repr(bad)):
                sudoku.level_name(bad)

    def test_paths_agree_with_the_solution(self):
        for puzzle, (er, _, _) in rated_lines("se_qqwing_2000.txt", 60):
            solution = sudoku.solve_unique(puzzle)
            path = sudoku.solve_path(puzzle)
            grid = list(puzzle)
            for step in path.steps:
                self.assertIsInstance(step, sudoku.Step)
                if step.placement is not None:
                    cell, digit = step.placement
                    self.assertEqual(solution[cell], str(digit))
                    grid[cell] = str(digit)
                for cell, digit in step.eliminations:
                    self.assertNotEqual(solution[cell], str(digit))
            if path.complete:
                self.assertEqual("".join(grid), solution)
                self.assertEqual(max(s.rating for s in path.steps), er)
        self.assertEqual(sudoku.solve_path(TOP1_SOLUTION), sudoku.SolvePath([], True))
        self.assertTrue(sudoku.solve_path(TOP1).complete)
        # serate 1.2.1.3's path on HARDEST, traced step by step, has 127 steps rated up to 11.1
        # (a nested forcing chain of level 3 first, then level 2 ones).
        path = sudoku.solve_path(HARDEST)
        self.assertTrue(path.complete)
        self.assertEqual((len(path.steps), max(s.rating for s in path.steps)), (127, 11.1))
        path = sudoku.solve_path(PLUS)
        self.assertTrue(path.complete)
        self.assertEqual(max(s.rating for s in path.steps), 9.5)
        r = sudoku.rate(PLUS)
        self.assertEqual((r.er, r.ep, r.ed, r.complete), (9.5, 1.2, 1.2, True))

    def test_hint_and_explain(self):
        step = sudoku.hint(QQWING_1)
        # Worked by hand: box 6 (rows 4-6, columns 7-9) has 6 only at r5c9 (cell 44): row 6 is
        # full there, r4c8 sees r8c8's 6 and r5c7 sees r2c7's.
        self.assertEqual(step.technique, "Hidden Single (box)")
        self.assertEqual((step.placement, step.rating, step.houses), ((44, 6), 1.2, [23]))
        self.assertEqual(sudoku.explain(step), "Hidden Single in box 6: r5c9 = 6")
        self.assertEqual(step, sudoku.solve_path(QQWING_1).steps[0])
        # With the board's own candidates, the same hint.
        self.assertEqual(sudoku.hint(QQWING_1, sudoku.board_candidates(QQWING_1)), step)
        # An X-Wing made by hand.
        x = sudoku.Step("X-Wing", 11, 3.2, None, [(21, 7), (39, 7)], [], [1, 7, 12, 15], [7],
                        [], False)
        self.assertEqual(sudoku.explain(x),
                         "X-Wing on 7 in rows 2 and 8: removes 7 from r3c4, r5c4")
        for bad in (dataclasses.replace(x, technique_id=67),
                    dataclasses.replace(x, placement=(81, 1)),
                    dataclasses.replace(x, placement=(74, 0)),
                    dataclasses.replace(x, rating=-1.0),
                    dataclasses.replace(x, rating=float("nan")),
                    dataclasses.replace(x, eliminations=[(0, 10)]),
                    # ctypes would wrap these or take them as 1; the rating is in tenths.
                    dataclasses.replace(x, technique_id=2**40 + 11),
                    dataclasses.replace(x, technique_id=True),
                    dataclasses.replace(x, chain_truncated=2),
                    dataclasses.replace(x, chain=[(21, 7, 2), None]),
                    dataclasses.replace(x, rating=1.25),
                    # In range, but no step of the engine has them together: an X-Wing that
                    # removes nothing, one rated below 3.2, one that places a digit.
                    dataclasses.replace(x, eliminations=[]),
                    dataclasses.replace(x, rating=3.1),
                    dataclasses.replace(x, placement=(0, 1)),
                    # A name that is not the id's, a cell given as a bool.
                    dataclasses.replace(x, technique="Swordfish"),
                    dataclasses.replace(x, technique=None),
                    dataclasses.replace(x, eliminations=[(True, 7)]),
                    # A flag given as an int; lists not sorted, or with repeats (a user
                    # handed cells=list(range(81)) * 100).
                    dataclasses.replace(x, chain_truncated=0),
                    dataclasses.replace(x, eliminations=[(39, 7), (21, 7)]),
                    dataclasses.replace(x, eliminations=[(21, 7), (21, 7), (39, 7)]),
                    dataclasses.replace(x, cells=list(range(81)) * 100),
                    dataclasses.replace(x, cells=[1, 7, 7, 12, 15]),
                    dataclasses.replace(x, houses=[7, 1]),
                    dataclasses.replace(x, digits=[7, 7]),
                    # A chain technique without a chain, or with an empty branch first.
                    dataclasses.replace(x, technique="Forcing X-Chain", technique_id=38,
                                        rating=6.6),
                    dataclasses.replace(x, technique="Forcing X-Chain", technique_id=38,
                                        rating=6.6, chain=[None, (21, 7, True)])):
            with self.assertRaises(sudoku.SudokuError) as caught:
                sudoku.explain(bad)
            self.assertEqual(caught.exception.status, sudoku.SUDOKU_INVALID_ARGUMENT)
            # The fields the package checks are named; the C side's checks name none.
            changed = [f.name for f in dataclasses.fields(x)  # (repr: 0 is False, "0" not)
                       if repr(getattr(bad, f.name)) != repr(getattr(x, f.name))]
            generic = "a step field is out of range or disagrees with the others"
            message = caught.exception.message
            self.assertTrue(message.startswith(generic), message)
            named = message[len(generic) + 2:].replace(",", "").replace("'s", "").split()
            self.assertTrue(message == generic or set(named) & set(changed), (message, changed))
        for bad, field in ((dataclasses.replace(x, technique_id=999), "technique_id"),
                           (dataclasses.replace(x, technique="Swordfish"),
                            "technique, not technique_id's name"),
                           (dataclasses.replace(x, rating=1.25), "rating"),
                           (dataclasses.replace(x, rating=True), "rating"),
                           (dataclasses.replace(x, rating="3.2"), "rating"),
                           (dataclasses.replace(x, cells=[-1]), "cells"),
                           (dataclasses.replace(x, houses=[7, 1]), "houses"),
                           (dataclasses.replace(x, digits=[10]), "digits"),
                           (dataclasses.replace(x, eliminations=[(True, 7)]), "eliminations"),
                           (dataclasses.replace(x, chain_truncated=0), "chain_truncated")):
            with self.assertRaises(sudoku.SudokuError) as caught:
                sudoku.explain(bad)
            self.assertTrue(caught.exception.message.endswith(": " + field),
                            (field, caught.exception.message))
        with self.assertRaises(TypeError):
            sudoku.explain("a step")

    def test_apply_step_takes_the_hints_to_the_solution(self):
        # A player taking every hint: each is the path's next step, and the position ends on the
        # solution that solve_unique gives.
        path, complete = sudoku.solve_path(QQWING_1)
        self.assertTrue(complete)
        board, masks = QQWING_1, None
        for expected in path:
            step = sudoku.hint(board, masks, givens=QQWING_1)
            self.assertEqual(step, expected)
            board, masks = sudoku.apply_step(step, board, masks)
            if step.placement is not None:
                cell, digit = step.placement
                self.assertEqual(board[cell], str(digit))
                self.assertEqual(masks[cell], 1 << (digit - 1))
            for cell, digit in step.eliminations:
                if step.technique_id not in (3, 4, 5, 7):
                    self.assertEqual(masks[cell] >> (digit - 1) & 1, 0)
        self.assertEqual(board, sudoku.solve_unique(QQWING_1))
        with self.assertRaises(sudoku.SudokuError) as caught:
            sudoku.hint(board, masks, givens=QQWING_1)
        self.assertEqual(caught.exception.status, sudoku.SUDOKU_ALREADY_SOLVED)

    def test_hints_on_a_puzzle_with_several_solutions_can_mislead(self):
        # docs/c-api.md, "Hints": the uniqueness techniques remove candidates that some
        # solutions use, so a player who takes only the engine's steps on a puzzle with several
        # solutions can be told of a wrong digit (no givens) or of no solution (with givens). A
        # new-user trial's puzzle, with eight solutions.
        puzzle = "..7154.9.6......7..9......2.5..4.........6.....83.7..4.23.7.9.......17.....423..."
        self.assertEqual(sudoku.count_solutions(puzzle, 100), 8)
        for givens, status in ((None, sudoku.SUDOKU_WRONG_DIGIT),
                               (puzzle, sudoku.SUDOKU_NO_SOLUTION)):
            board, masks, techniques = puzzle, None, set()
            for _ in range(81):
                try:
                    step = sudoku.hint(board, masks, givens=givens)
                except sudoku.SudokuError as error:
                    caught = error
                    break
                techniques.add(step.technique_id)
                board, masks = sudoku.apply_step(step, board, masks)
            else:
                self.fail("the walk did not stop")
            self.assertEqual(caught.status, status)
            # A uniqueness step (unique rectangles and loops, BUG: 21-32) was taken, and the
            # digits placed still fit a solution: only the masks lost it.
            self.assertTrue(techniques & set(range(21, 33)), techniques)
            self.assertGreater(sudoku.count_solutions(board), 0)

    def test_apply_step_errors(self):
        step = sudoku.hint(QQWING_1)
        cell, digit = step.placement
        board, _ = sudoku.apply_step(step, QQWING_1)
        # Applied twice: the cell is filled.
        with self.assertRaises(sudoku.SudokuError) as caught:
            sudoku.apply_step(step, board)
        self.assertEqual((caught.exception.status, caught.exception.cell),
                         (sudoku.SUDOKU_INVALID_ARGUMENT, cell))
        self.assertIn("is filled", caught.exception.message)
        # A digit a peer holds is no candidate.
        taken = next(int(QQWING_1[c]) for c in range(81)
                     if QQWING_1[c] != "." and c // 9 == cell // 9)
        with self.assertRaises(sudoku.SudokuError) as caught:
            sudoku.apply_step(dataclasses.replace(step, placement=(cell, taken)), QQWING_1)
        self.assertEqual((caught.exception.status, caught.exception.cell),
                         (sudoku.SUDOKU_INVALID_ARGUMENT, cell))
        self.assertIn("is not a candidate", caught.exception.message)
        masks = sudoku.board_candidates(QQWING_1)
        masks[9] = 0x200
        with self.assertRaises(sudoku.SudokuError) as caught:
            sudoku.apply_step(step, QQWING_1, masks)
        self.assertEqual((caught.exception.status, caught.exception.cell),
                         (sudoku.SUDOKU_INVALID_ARGUMENT, 9))
        # Before the board's characters, as in the C API.
        for bad in ("x", "\u00e9"):
            with self.assertRaises(sudoku.SudokuError) as caught:
                sudoku.apply_step(step, QQWING_1[:5] + bad + QQWING_1[6:], masks)
            self.assertEqual((caught.exception.status, caught.exception.cell),
                             (sudoku.SUDOKU_INVALID_ARGUMENT, 9), bad)
        with self.assertRaises(sudoku.SudokuError) as caught:
            sudoku.apply_step(step, "9" + QQWING_1[1:])
        self.assertEqual(caught.exception.status, sudoku.SUDOKU_CONFLICTING_GIVENS)
        with self.assertRaises(TypeError):
            sudoku.apply_step("Hidden Single", QQWING_1)

    def test_hint_errors(self):
        # A board without solution of a puzzle with several: the message says it is the
        # board's (the player's digits), not the puzzle's. Here r1c9 must be 9, which column 9
        # already holds; no two digits clash.
        board = "12345678." + "........9" + "." * 63
        self.assertEqual(sudoku.count_solutions(board), 0)
        with self.assertRaises(sudoku.SudokuError) as caught:
            sudoku.hint(board, givens=EMPTY)
        self.assertEqual((caught.exception.status, caught.exception.message),
                         (sudoku.SUDOKU_NO_SOLUTION, "the board has no solution: no solution of "
                          "the puzzle agrees with its digits and candidates"))
        # Without givens, or with givens that have no solution either, the puzzle's words.
        for givens in (None, board):
            with self.assertRaises(sudoku.SudokuError) as caught:
                sudoku.hint(board, givens=givens)
            self.assertEqual((caught.exception.status, caught.exception.message),
                             (sudoku.SUDOKU_NO_SOLUTION, "the puzzle has no solution"))
        solution = sudoku.solve_unique(QQWING_1)
        with self.assertRaises(sudoku.SudokuError) as caught:
            sudoku.hint(solution)
        self.assertEqual(caught.exception.status, sudoku.SUDOKU_ALREADY_SOLVED)
        with self.assertRaises(sudoku.SudokuError) as caught:
            sudoku.hint(EMPTY)
        self.assertEqual(caught.exception.status, sudoku.SUDOKU_NO_STEP)
        # The empty board has several solutions, and the message says so.
        self.assertTrue(caught.exception.message.endswith(": the puzzle has several solutions"))
        # The hardest puzzles get serate's first step: a nested forcing chain of level 3
        # (11.1, removing 2 from r1c3, cell 2).
        step = sudoku.hint(HARDEST)
        self.assertEqual((step.technique_id, step.rating, step.eliminations), (55, 11.1, [(2, 2)]))
        # A wrong digit at r1c1 (cell 0), told by the givens.
        wrong = next(d for d in "123456789" if d != solution[0]
                     and d not in QQWING_1[:9] and d not in QQWING_1[::9][:9]
                     and d not in QQWING_1[0:3] + QQWING_1[9:12] + QQWING_1[18:21])
        board = wrong + QQWING_1[1:]
        with self.assertRaises(sudoku.SudokuError) as caught:
            sudoku.hint(board, givens=QQWING_1)
        self.assertEqual((caught.exception.status, caught.exception.cell),
                         (sudoku.SUDOKU_WRONG_DIGIT, 0))
        # A placed digit repeating a given (r1c2, cell 1, as the given 3 at r1c5, cell 4, of
        # the README's puzzle): the player's cell is wrong, not the given's, which the board
        # alone names (the later of the two).
        readme = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
        clash = readme[0] + "3" + readme[2:]
        with self.assertRaises(sudoku.SudokuError) as caught:
            sudoku.hint(clash, givens=readme)
        self.assertEqual((caught.exception.status, caught.exception.cell),
                         (sudoku.SUDOKU_WRONG_DIGIT, 1))
        with self.assertRaises(sudoku.SudokuError) as caught:
            sudoku.hint(clash)
        self.assertEqual((caught.exception.status, caught.exception.cell),
                         (sudoku.SUDOKU_CONFLICTING_GIVENS, 4))
        # A candidate of the solution eliminated at r9c9 (cell 80).
        masks = sudoku.board_candidates(QQWING_1)
        masks[80] &= ~(1 << (int(solution[80]) - 1))
        with self.assertRaises(sudoku.SudokuError) as caught:
            sudoku.hint(QQWING_1, masks)
        self.assertEqual((caught.exception.status, caught.exception.cell),
                         (sudoku.SUDOKU_WRONG_DIGIT, 80))
        # INVALID_ARGUMENT names its cell: the first mask above 0x1FF (cells 3 and 7 here; the
        # library checks every mask, a filled cell's too), else the first given not on the board.
        masks = sudoku.board_candidates(QQWING_1)
        masks[7] = 0x200
        masks[3] = 0x3FF
        with self.assertRaises(sudoku.SudokuError) as caught:
            sudoku.hint(QQWING_1, masks)
        self.assertEqual((caught.exception.status, caught.exception.cell),
                         (sudoku.SUDOKU_INVALID_ARGUMENT, 3))
        # The masks come before either board's characters (the C API's order), whether the
        # bad character is found in Python (a non-ASCII one) or in the library.
        for bad in ("x", "\u00e9"):
            for args in ((QQWING_1[:5] + bad + QQWING_1[6:], masks),
                         (QQWING_1, masks, QQWING_1[:5] + bad + QQWING_1[6:])):
                with self.assertRaises(sudoku.SudokuError) as caught:
                    sudoku.hint(*args)
                self.assertEqual((caught.exception.status, caught.exception.cell),
                                 (sudoku.SUDOKU_INVALID_ARGUMENT, 3), (bad, len(args)))
        first_given = next(c for c, ch in enumerate(QQWING_1) if ch != ".")
        board = QQWING_1[:first_given] + "." + QQWING_1[first_given + 1:]
        with self.assertRaises(sudoku.SudokuError) as caught:
            sudoku.hint(board, givens=QQWING_1)
        self.assertEqual((caught.exception.status, caught.exception.cell),
                         (sudoku.SUDOKU_INVALID_ARGUMENT, first_given))
        # A malformed givens argument is named as such, not taken for the board.
        with self.assertRaises(sudoku.SudokuError) as caught:
            sudoku.hint(QQWING_1, givens=QQWING_1[:80])
        self.assertEqual((caught.exception.status, caught.exception.message),
                         (sudoku.SUDOKU_INVALID_CHARACTER,
                          "givens: a board has 81 cells, got 80 characters"))


if __name__ == "__main__":
    result = unittest.main(exit=False, verbosity=2).result
    # A run that found no tests is a failure too.
    sys.exit(0 if result.wasSuccessful() and result.testsRun > 0 else 1)
