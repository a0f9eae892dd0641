"""libsudoku from Python threads through ctypes: every puzzle of every data file, solved by 8
threads at once and by one thread, must give byte-identical results.

Run: SUDOKU_LIB=target/release/libsudoku.so python3 tests/python/test_threads.py
(tests/python.rs runs it from `cargo test`, passing the library it built). The puzzle files are
read from $SUDOKU_DATA_DIR, or ../shared/data beside the repository; every file there is used.
When $SUDOKU_STRESS_OUTPUT names a file, it must hold the output of the C stress program
(tests/c/stress.c) run on the same files in name order, and the Python output must equal it byte
for byte. Standard library only.

ctypes releases the GIL during each foreign call, so the threads really run the library at the
same time. Each puzzle gets the same four calls as in tests/c/stress.c (sudoku_validate,
sudoku_solve, sudoku_solve_unique, sudoku_count_solutions at limit 2) and the same output line:
    validate=STATUS cell=CELL|- solve=STATUS grid=SOLUTION|- unique=STATUS count=N|STATUS
"""

import ctypes
import os
import sys
import threading
import unittest

CELLS = 81
Board = ctypes.c_char * CELLS
THREADS = 8
COUNT_LIMIT = 2
# Puzzles a thread takes from the shared index at a time.
CHUNK = 64
# Out-parameter values the library never writes: a write on failure would show.
CELL_UNTOUCHED = ctypes.c_size_t(-1).value
COUNT_UNTOUCHED = ctypes.c_uint64(-1).value

SUDOKU_OK = 0
STATUS_NAMES = [
    b"SUDOKU_OK",
    b"SUDOKU_NO_SOLUTION",
    b"SUDOKU_MULTIPLE_SOLUTIONS",
    b"SUDOKU_INVALID_CHARACTER",
    b"SUDOKU_CONFLICTING_GIVENS",
    b"SUDOKU_NULL_POINTER",
    b"SUDOKU_INVALID_ARGUMENT",
    b"SUDOKU_INTERNAL_ERROR",
]

# The data files this suite knows: puzzle count, and the one line shape every puzzle must give
# (b"unique": solved, unique, count 1; b"multiple": solved, several solutions, count 2).
KNOWN_FILES = {
    "puzzles0_easy": (100_000, b"unique"),
    "puzzles1_random_minimal": (100_000, b"unique"),
    "puzzles2_17_clue": (49_158, b"unique"),
    "puzzles3_magictour_top1465": (1_465, b"unique"),
    "puzzles5_forum_hardest_1905_11+": (48_766, b"unique"),
    "puzzles7_serg_benchmark": (10_000, b"multiple"),
}
# The first magictour top1465 puzzle and its solution (checked by an independent solver).
TOP1 = b"4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
TOP1_SOLUTION = b"468931527751624839392578461134756298289413675675289314846192753513867942927345186"


def load_library():
    path = os.environ.get("SUDOKU_LIB")
    if not path:
        sys.exit("set SUDOKU_LIB to the path of libsudoku.so")
    lib = ctypes.CDLL(path)
    board = ctypes.POINTER(ctypes.c_char)
    lib.sudoku_validate.argtypes = [board, ctypes.POINTER(ctypes.c_size_t)]
    lib.sudoku_solve.argtypes = [board]
    lib.sudoku_solve_unique.argtypes = [board]
    lib.sudoku_count_solutions.argtypes = [board, ctypes.c_uint64,
                                           ctypes.POINTER(ctypes.c_uint64)]
    for function in (lib.sudoku_validate, lib.sudoku_solve, lib.sudoku_solve_unique,
                     lib.sudoku_count_solutions):
        function.restype = ctypes.c_int
    return lib


LIB = load_library()


def data_dir():
    configured = os.environ.get("SUDOKU_DATA_DIR")
    if configured:
        return configured
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    return os.path.join(root, "..", "shared", "data")


def data_files():
    """Every regular file of the data directory, in name order (as the Rust tests list them)."""
    directory = data_dir()
    names = sorted(os.listdir(directory))
    return [(name, os.path.join(directory, name)) for name in names
            if os.path.isfile(os.path.join(directory, name))]


def read_puzzles(path):
    """The boards of a file as tests/c/stress.c reads them: trailing CR, spaces and tabs are
    stripped, empty and '#' lines skipped; a line that is not 81 bytes becomes its first bytes (at
    most 80) padded with NUL bytes, so the library reports it."""
    with open(path, "rb") as f:
        text = f.read()
    boards = []
    for line in text.split(b"\n"):
        line = line.rstrip(b"\r \t")
        if not line or line.startswith(b"#"):
            continue
        if len(line) != CELLS:
            line = line[:CELLS - 1].ljust(CELLS, b"\0")
        boards.append(line)
    return boards


# Board bytes to givens only ('.' and '0' become NUL), and givens only to a mask of the givens.
BLANKS_TO_NUL = bytes.maketrans(b".0", b"\0\0")
GIVEN_MASK = bytes([0] + [0xFF] * 255)


def keeps_givens(puzzle, grid):
    """True when grid holds every given of puzzle in its cell (compared as big integers, which
    is fast: this runs for every puzzle)."""
    givens = puzzle.translate(BLANKS_TO_NUL)
    mask = int.from_bytes(givens.translate(GIVEN_MASK), "big")
    return int.from_bytes(grid, "big") & mask == int.from_bytes(givens, "big")


def status_name(status):
    return STATUS_NAMES[status] if 0 <= status < len(STATUS_NAMES) else b"SUDOKU_UNKNOWN_STATUS"


def check_puzzle(puzzle, board, cell, count):
    """The four calls on one puzzle, as its output line. `board`, `cell` and `count` are this
    thread's own buffers."""
    cell.value = CELL_UNTOUCHED
    validate = LIB.sudoku_validate(puzzle, ctypes.byref(cell))
    ctypes.memmove(board, puzzle, CELLS)
    solve = LIB.sudoku_solve(board)
    grid = board.raw if solve == SUDOKU_OK else b"-"
    ctypes.memmove(board, puzzle, CELLS)
    unique = LIB.sudoku_solve_unique(board)
    if unique == SUDOKU_OK and board.raw != grid:
        raise AssertionError(f"sudoku_solve_unique and sudoku_solve differ on {puzzle!r}")
    count.value = COUNT_UNTOUCHED
    counted = LIB.sudoku_count_solutions(puzzle, COUNT_LIMIT, ctypes.byref(count))
    return b"validate=%s cell=%s solve=%s grid=%s unique=%s count=%s\n" % (
        status_name(validate),
        b"-" if validate == SUDOKU_OK else b"%d" % cell.value,
        status_name(solve),
        grid,
        status_name(unique),
        b"%d" % count.value if counted == SUDOKU_OK else status_name(counted),
    )


def solve_all(puzzles, threads):
    """Output lines of all puzzles, in input order, computed by `threads` threads that take
    chunks of puzzles from a shared index."""
    lines = [None] * len(puzzles)
    next_index = [0]
    lock = threading.Lock()
    errors = []

    def work():
        board = Board()
        cell = ctypes.c_size_t()
        count = ctypes.c_uint64()
        try:
            while True:
                with lock:
                    start = next_index[0]
                    next_index[0] += CHUNK
                if start >= len(puzzles):
                    return
                for i in range(start, min(start + CHUNK, len(puzzles))):
                    lines[i] = check_puzzle(puzzles[i], board, cell, count)
        except Exception as error:  # reported by the main thread
            errors.append(error)

    workers = [threading.Thread(target=work) for _ in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    if errors:
        raise errors[0]
    return lines


class Threads(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.files = data_files()
        cls.puzzles = {name: read_puzzles(path) for name, path in cls.files}
        everything = [p for name, _ in cls.files for p in cls.puzzles[name]]
        cls.single = solve_all(everything, 1)
        cls.multi = solve_all(everything, THREADS)

    def test_data_files_are_found(self):
        names = [name for name, _ in self.files]
        for name in KNOWN_FILES:
            self.assertIn(name, names)

    def test_eight_threads_give_the_output_of_one(self):
        self.assertEqual(len(self.multi), len(self.single))
        for i, (one, eight) in enumerate(zip(self.single, self.multi)):
            if one != eight:
                self.fail(f"puzzle {i + 1}: 1 thread {one!r}, {THREADS} threads {eight!r}")

    def test_known_files_give_their_exact_answers(self):
        start = 0
        for name, _ in self.files:
            lines = self.single[start:start + len(self.puzzles[name])]
            puzzles = self.puzzles[name]
            start += len(puzzles)
            if name not in KNOWN_FILES:
                continue
            expected_count, kind = KNOWN_FILES[name]
            self.assertEqual(len(lines), expected_count, name)
            unique, count = ((b"SUDOKU_OK", b"1") if kind == b"unique"
                             else (b"SUDOKU_MULTIPLE_SOLUTIONS", b"2"))
            tail = b" unique=%s count=%s\n" % (unique, count)
            for i, line in enumerate(lines):
                head = b"validate=SUDOKU_OK cell=- solve=SUDOKU_OK grid="
                ok = (line.startswith(head) and line.endswith(tail)
                      and len(line) == len(head) + CELLS + len(tail))
                if not ok:
                    self.fail(f"{name} puzzle {i + 1}: {line!r}")
                grid = line[len(head):len(head) + CELLS]
                # Givens kept (the C stress program and the Rust tests check the houses).
                if not keeps_givens(puzzles[i], grid):
                    self.fail(f"{name} puzzle {i + 1}: given dropped in {grid!r}")
        self.assertEqual(start, len(self.single))

    def test_the_first_magictour_puzzle_has_its_known_solution(self):
        puzzles = self.puzzles["puzzles3_magictour_top1465"]
        self.assertEqual(puzzles[0], TOP1)
        index = sum(len(self.puzzles[name]) for name, _ in self.files
                    if name < "puzzles3_magictour_top1465")
        self.assertEqual(
            self.single[index],
            b"validate=SUDOKU_OK cell=- solve=SUDOKU_OK grid=" + TOP1_SOLUTION
            + b" unique=SUDOKU_OK count=1\n")

    def test_output_equals_the_c_stress_program(self):
        path = os.environ.get("SUDOKU_STRESS_OUTPUT")
        if not path:
            self.skipTest("SUDOKU_STRESS_OUTPUT not set")
        with open(path, "rb") as f:
            expected = f.read().splitlines(keepends=True)
        self.assertEqual(len(expected), len(self.single))
        for i, (c, python) in enumerate(zip(expected, self.single)):
            if c != python:
                self.fail(f"puzzle {i + 1}: C stress {c!r}, Python {python!r}")


if __name__ == "__main__":
    unittest.main()
