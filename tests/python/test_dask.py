"""Tests of libsudoku.dask (python/libsudoku/dask.py) on a distributed.LocalCluster of 2 worker
processes with 1 thread each, with the standard library's unittest.

Run by tests/python/package_test.sh (`make python-package-test`) in the fresh virtual
environment where the package is installed with its `dask` extra (SUDOKU_TEST_INSTALLED=1: the
workers load the library the installed package carries). By hand, from the source tree:
    SUDOKU_LIB=target/release/libsudoku.so PYTHONPATH=python python3 tests/python/test_dask.py
with dask[distributed] and NumPy installed. SOLVE_FILE (a build of examples/solve_file.c), when
set, adds the check that the parts put together are solve_file's output byte for byte. The
puzzles come from $SUDOKU_DATA_DIR, or ../shared/data beside the repository.

The input: puzzles0_easy (100,000 puzzles with unique solutions) ten times, each copy with its
digits relabelled (d -> (d - 1 + copy) mod 9 + 1, which keeps a puzzle's solution count), so that
the 1,000,000 puzzles are distinct and an output line in the wrong place cannot pass the
givens check; a line that is not a puzzle and a puzzle with two equal givens in a row are put
in the middle. Every output line is checked by the checker below (NumPy, not the library).
"""

import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
INSTALLED = os.environ.get("SUDOKU_TEST_INSTALLED") == "1"
if not INSTALLED:
    sys.path.insert(0, os.path.join(ROOT, "python"))

import numpy as np  # noqa: E402
from distributed import Client, LocalCluster  # noqa: E402

import libsudoku  # noqa: E402
import libsudoku.dask  # noqa: E402

DATA_DIR = os.environ.get("SUDOKU_DATA_DIR") or os.path.join(os.path.dirname(ROOT), "shared",
                                                             "data")
COPIES = 10
# About 40 partitions of 2 MiB: each a task of a few tenths of a second, long enough to be
# caught running, short enough for 2 workers to finish the million puzzles in seconds.
PARTITION_SIZE = 2 * 1024 * 1024
BAD_LINE = b"this line is not a puzzle\n"
# Two 1s in the first row: SUDOKU_CONFLICTING_GIVENS.
CONFLICTING = b"11" + b"." * 79 + b"\n"


def relabel_table(copy):
    """The bytes.translate table of copy `copy`: digit d (1-9) -> (d - 1 + copy) mod 9 + 1, a
    relabelling of the digits (copy 0 keeps them)."""
    table = bytearray(range(256))
    for d in range(1, 10):
        table[ord("0") + d] = ord("0") + (d - 1 + copy) % 9 + 1
    return bytes(table)


def write_input(path):
    """Writes the test input; returns (puzzle lines as bytes in order, the byte offsets of the
    bad line and of the conflicting one)."""
    with open(os.path.join(DATA_DIR, "puzzles0_easy"), "rb") as f:
        easy = f.read()
    body = []
    offset = 0
    marks = {}
    for copy in range(COPIES):
        text = easy.translate(relabel_table(copy))
        if copy == COPIES // 2:
            # The bad lines land in the middle of this copy, at a line start.
            half = text.index(b"\n", len(text) // 2) + 1
            marks["bad"] = offset + half
            marks["conflicting"] = offset + half + len(BAD_LINE)
            text = text[:half] + BAD_LINE + CONFLICTING + text[half:]
        body.append(text)
        offset += len(text)
    data = b"".join(body)
    with open(path, "wb") as f:
        f.write(data)
    return data, marks


def check_solutions(puzzles, solutions):
    """Asserts that every row of `solutions` (N, 81 ASCII) solves the row of `puzzles` (N, 81
    ASCII, '.' or '0' blanks): digits 1-9, the givens kept, each row, column and box holding
    each digit once. Returns the number of rows checked."""
    digits = solutions.astype(np.int64) - ord("0")
    assert ((digits >= 1) & (digits <= 9)).all(), "a solution cell is not a digit 1-9"
    given = (puzzles != ord(".")) & (puzzles != ord("0"))
    assert (solutions[given] == puzzles[given]).all(), "a solution changes a given"
    bits = np.left_shift(1, digits).reshape(-1, 9, 9)  # row, column
    full = (1 << 10) - 2  # bits 1-9
    rows = np.bitwise_or.reduce(bits, axis=2)
    columns = np.bitwise_or.reduce(bits, axis=1)
    boxes = np.bitwise_or.reduce(
        bits.reshape(-1, 3, 3, 3, 3).transpose(0, 1, 3, 2, 4).reshape(-1, 9, 9), axis=2)
    # Nine cells whose digits together are all nine: each digit once.
    for name, houses in (("row", rows), ("column", columns), ("box", boxes)):
        bad = np.flatnonzero((houses != full).any(axis=1))
        assert len(bad) == 0, "a %s repeats a digit in solution %d" % (name, bad[0])
    return len(solutions)


def joined_parts(report):
    """The part files of a run, put together in order (what `cat OUT/part-*.txt` gives)."""
    joined = b""
    for name in report.outputs:
        with open(name, "rb") as f:
            joined += f.read()
    return joined


class KillOneWorker(threading.Thread):
    """Kills one worker process (SIGKILL) while it runs a task of solve_files, after at least
    one part is written: then Dask must run that task again elsewhere."""

    def __init__(self, client, output):
        super().__init__(daemon=True)
        self.client = client
        self.output = output
        self.killed = None  # (worker address, pid, parts written then) once done
        self.error = None
        self.stop = threading.Event()

    def parts(self):
        try:
            return [n for n in os.listdir(self.output) if n.startswith("part-")
                    and n.endswith(".txt")]
        except FileNotFoundError:
            return []

    def run(self):
        try:
            pids = self.client.run(os.getpid)
            while not self.stop.is_set() and not self.parts():
                time.sleep(0.005)
            while not self.stop.is_set():
                executing = self.client.run(
                    lambda dask_worker: len(dask_worker.state.executing))
                busy = [address for address, count in executing.items() if count]
                if busy:
                    address = busy[0]
                    written = len(self.parts())
                    os.kill(pids[address], signal.SIGKILL)
                    self.killed = (address, pids[address], written)
                    return
                time.sleep(0.005)
        except Exception as error:  # reported by the test
            self.error = error


class TestDask(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.input = os.path.join(cls.tmp.name, "puzzles.txt")
        cls.data, cls.marks = write_input(cls.input)
        cls.cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                   dashboard_address=None)
        cls.client = Client(cls.cluster)

    @classmethod
    def tearDownClass(cls):
        cls.client.close()
        cls.cluster.close()
        cls.tmp.cleanup()

    def test_workers_load_the_installed_library(self):
        paths = self.client.run(libsudoku.library_path)
        self.assertEqual(len(paths), 2)
        self.assertEqual(set(paths.values()), {libsudoku.library_path()})
        if INSTALLED:
            package = os.path.dirname(os.path.abspath(libsudoku.__file__))
            self.assertEqual(libsudoku.library_path(), os.path.join(package, "libsudoku.so"))

    def test_million_puzzles_with_a_killed_worker(self):
        data, marks = self.data, self.marks
        output = os.path.join(self.tmp.name, "solved")
        killer = KillOneWorker(self.client, output)
        killer.start()
        started = time.monotonic()
        report = libsudoku.dask.solve_files(self.input, output, partition_size=PARTITION_SIZE)
        elapsed = time.monotonic() - started
        killer.stop.set()
        killer.join()
        self.assertIsNone(killer.error)
        self.assertIsNotNone(killer.killed, "no worker was caught running a task")
        address, pid, written = killer.killed
        partitions = len(report.partitions)
        self.assertLess(written, partitions, "the worker was killed after the run")
        # It is gone (its nanny reaps it and starts another worker).
        deadline = time.monotonic() + 30
        while True:
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                break
            self.assertLess(time.monotonic(), deadline, "the killed worker %d is still there" % pid)
            time.sleep(0.1)

        # The partitions: byte ranges of PARTITION_SIZE, in order, over the whole file.
        size = len(data)
        self.assertEqual(partitions, -(-size // PARTITION_SIZE))
        for i, part in enumerate(report.partitions):
            self.assertEqual(part.partition.number, i)
            self.assertEqual((part.partition.start, part.partition.end),
                             (i * PARTITION_SIZE, min((i + 1) * PARTITION_SIZE, size)))
        # One file a partition, named in input order, no temporaries left.
        names = sorted(os.listdir(output))
        self.assertEqual(names, [os.path.basename(p) for p in report.outputs])
        self.assertEqual(names, sorted(names, key=lambda n: int(n[5:-4])))

        # Each part holds one line per puzzle line whose first byte is in its range, in order:
        # computed here from the input, independently of the module.
        starts = np.concatenate(([0], np.flatnonzero(np.frombuffer(data, np.uint8) == 10) + 1))
        starts = starts[starts < size]
        comment = np.frombuffer(data, np.uint8)[starts] == ord("#")
        puzzle_starts = starts[~comment]
        total = 0
        outputs = []
        for part, name in zip(report.partitions, names):
            with open(os.path.join(output, name), "rb") as f:
                text = f.read()
            outputs.append(text)
            lo, hi = part.partition.start, part.partition.end
            expected = int(((puzzle_starts >= lo) & (puzzle_starts < hi)).sum())
            self.assertEqual(text.count(b"\n"), expected, name)
            self.assertEqual(part.puzzles, expected, name)
            total += expected
        self.assertEqual(total, COPIES * 100000 + 2)
        self.assertEqual(report.puzzles, total)

        # The bad lines, reported in the partition that holds them, at their place.
        out_lines = b"".join(outputs).split(b"\n")[:-1]
        self.assertEqual(len(out_lines), total)
        for mark, status in (("bad", b"SUDOKU_INVALID_FORMAT"),
                             ("conflicting", b"SUDOKU_CONFLICTING_GIVENS")):
            position = int(np.searchsorted(puzzle_starts, marks[mark]))
            self.assertEqual(int(puzzle_starts[position]), marks[mark])
            self.assertEqual(out_lines[position], status, mark)
            part = marks[mark] // PARTITION_SIZE
            self.assertIn(status, outputs[part].split(b"\n"), mark)
        bad_line = data.count(b"\n", 0, marks["bad"]) + 1
        self.assertEqual(
            report.diagnostics,
            [("file://" + self.input, bad_line,
              "character 't' at line %d, column 1 is not a digit or a blank "
              "(cell 0: row 1, column 1)" % bad_line),
             ("file://" + self.input, bad_line + 1,
              "two equal givens share a row, column or box (cell 1)")])
        self.assertEqual(report.statuses, {"SUDOKU_OK": total - 2,
                                           "SUDOKU_INVALID_FORMAT": 1,
                                           "SUDOKU_CONFLICTING_GIVENS": 1})

        # Every solution checked, against the puzzle line at its place (input order).
        keep = np.ones(total, dtype=bool)
        bad_positions = [int(np.searchsorted(puzzle_starts, marks[m])) for m in marks]
        keep[bad_positions] = False
        buffer = np.frombuffer(data, np.uint8)
        puzzles = buffer[puzzle_starts[keep][:, None] + np.arange(81)]
        solved = np.frombuffer(b"".join(out_lines[i] for i in np.flatnonzero(keep)),
                               np.uint8).reshape(-1, 81)
        self.assertEqual(check_solutions(puzzles, solved), total - 2)

        # As solve_file prints it, byte for byte, diagnostics included.
        solve_file = os.environ.get("SOLVE_FILE")
        if solve_file:
            result = subprocess.run([solve_file, "--quiet", self.input], capture_output=True)
            self.assertEqual(result.returncode, 0)
            self.assertEqual(b"".join(outputs), result.stdout)
            self.assertEqual(
                ["line %d: %s" % (line, message) for _, line, message in report.diagnostics],
                [l[len("solve_file: "):] for l in result.stderr.decode().splitlines()
                 if l.startswith("solve_file: line ")])
        print("\n%d puzzles in %d partitions, %.1f s; worker %s killed with %d of %d parts "
              "written" % (total, partitions, elapsed, address, written, partitions),
              file=sys.stderr)

    def test_line_ends_as_the_reader_has_them(self):
        # LF, CRLF and a CR alone each end a line, as for the library's reader and solve_file,
        # wherever a partition boundary falls: 24 random files of puzzles, bad lines, comments
        # and a rated line, with random line ends (the last line with or without one).
        import random
        import re

        rng = random.Random(27)
        puzzles = [line for line in self.data.split(b"\n")[:400] if len(line) == 81]
        # (No short line of digits: two in a row would start a grid, which solve_file reads
        # across lines and this module does not; see the module's docstring.)
        # Pencilmark lines (729 characters) too: one with every candidate (many solutions),
        # one whose first two cells hold only 1 (equal givens in a row).
        every = b"123456789" * 81
        bad = [BAD_LINE.rstrip(b"\n"), b"", b"# a comment", b"x" * 90, puzzles[0][:80],
               puzzles[1] + b"  ED=1.0/1.0/1.0", CONFLICTING.rstrip(b"\n"), every,
               b"1........" * 2 + every[18:]]
        solve_file = os.environ.get("SOLVE_FILE")
        for trial in range(24):
            lines = [rng.choice(puzzles) if rng.random() < 0.8 else rng.choice(bad)
                     for _ in range(rng.randint(0, 60))]
            data = b"".join(line + rng.choice([b"\n", b"\r\n", b"\r"]) for line in lines)
            if rng.random() < 0.3:
                data = data.rstrip(b"\r\n")
            path = os.path.join(self.tmp.name, "ends%d.txt" % trial)
            with open(path, "wb") as f:
                f.write(data)
            # The lines, split here by the reader's rule on its own.
            expected_lines = len(re.findall(rb"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$", data))
            # Half the files in unique mode (--unique for solve_file).
            unique = trial % 2 == 1
            mode = ["--unique"] if unique else []
            for size in (81, 100, 333, 1 << 20):
                output = os.path.join(self.tmp.name, "ends%d-%d" % (trial, size))
                report = libsudoku.dask.solve_files(path, output, partition_size=size,
                                                    unique=unique)
                self.assertEqual(sum(p.lines for p in report.partitions), expected_lines,
                                 (trial, size))
                if solve_file:
                    joined = joined_parts(report)
                    result = subprocess.run([solve_file, "--quiet"] + mode + [path],
                                            capture_output=True)
                    self.assertEqual(joined, result.stdout, (trial, size))
                    self.assertEqual(
                        ["line %d: %s" % (line, message)
                         for _, line, message in report.diagnostics],
                        [l[len("solve_file: "):] for l in result.stderr.decode().splitlines()
                         if l.startswith("solve_file: line ")], (trial, size))

    def test_short_lines_are_read_one_by_one(self):
        # A line of fewer than 72 cells is read alone, in its place, with one output line and
        # one diagnostic, wherever the partitions fall; solve_file reads a run of them as the
        # rows of one grid, but a short line alone between puzzles gets the same words from
        # both (its grid ends at the next line).
        puzzle = [line for line in self.data.split(b"\n")[:10] if len(line) == 81][0]
        row, long_row = b".74......", b"8...2.......1. .....3...94.75"
        lines = [puzzle, row, puzzle, long_row, row, row, b"# note", row, b"", puzzle, row]
        data = b"\n".join(lines)  # the last row ends the file, with no line end
        path = os.path.join(self.tmp.name, "short.txt")
        with open(path, "wb") as f:
            f.write(data)
        solution = libsudoku.solve(puzzle).encode()
        bad = b"SUDOKU_INVALID_FORMAT"
        expected = b"\n".join([solution, bad, solution, bad, bad, bad, bad, solution, bad]) + b"\n"
        at = "file://" + path
        diagnostics = [(at, 3, "the grid ends after 1 row, at line 3"),
                       (at, 4, "line 4 has 28 cells, not 9"),
                       (at, 6, "the grid ends after 1 row, at line 6"),
                       (at, 7, "the grid ends after 1 row, at line 7"),
                       (at, 9, "the grid ends after 1 row, at line 9"),
                       (at, 11, "the grid ends after 1 row, at the end of the text")]
        for size in (10, 81, 100, 333, 1 << 20):
            output = os.path.join(self.tmp.name, "short-%d" % size)
            report = libsudoku.dask.solve_files(path, output, partition_size=size)
            joined = joined_parts(report)
            self.assertEqual(joined, expected, size)
            self.assertEqual(report.diagnostics, diagnostics, size)
        # The same file listed twice (overlapping globs, say): each copy's lines are numbered
        # from 1, as in a file of its own.
        for size in (10, 100, 1 << 20):
            output = os.path.join(self.tmp.name, "twice-%d" % size)
            report = libsudoku.dask.solve_files([path, path], output, partition_size=size)
            self.assertEqual(joined_parts(report), expected * 2, size)
            self.assertEqual(report.diagnostics, diagnostics * 2, size)
        # A short line alone between puzzles: solve_file's output and diagnostic exactly.
        solve_file = os.environ.get("SOLVE_FILE")
        if solve_file:
            # (The last line too, ending the file with a line end or without.)
            for end in (b"", b"\n", b"\r\n"):
                self.check_as_solve_file(solve_file, b"\n".join(
                    [puzzle, row, puzzle, long_row, puzzle, row]) + end)

    def check_as_solve_file(self, solve_file, data):
        """solve_files on `data` gives solve_file's output and diagnostics exactly, for
        partitions of a few sizes."""
        path = os.path.join(self.tmp.name, "alone.txt")
        with open(path, "wb") as f:
            f.write(data)
        result = subprocess.run([solve_file, "--quiet", path], capture_output=True)
        for size in (10, 90, 1 << 20):
            output = os.path.join(self.tmp.name, "alone-%d" % size)
            report = libsudoku.dask.solve_files(path, output, partition_size=size,
                                                overwrite=True)
            joined = joined_parts(report)
            self.assertEqual(joined, result.stdout, (data[-2:], size))
            self.assertEqual(
                ["line %d: %s" % (line, message) for _, line, message in report.diagnostics],
                [l[len("solve_file: "):] for l in result.stderr.decode().splitlines()
                 if l.startswith("solve_file: line ")], (data[-2:], size))

    def test_bad_arguments_are_refused_before_the_output_folder_is_made(self):
        small = os.path.join(self.tmp.name, "args.txt")
        with open(small, "wb") as f:
            f.write(self.data[:82 * 5])
        folder = os.path.join(self.tmp.name, "a-folder")
        os.makedirs(folder, exist_ok=True)
        cases = [
            ((folder,), {}, IsADirectoryError),
            ((folder[:-3] + "*",), {}, IsADirectoryError),  # a glob that matches the folder
            (([],), {}, FileNotFoundError),
            ((small,), {"threads": -1}, ValueError),
            ((small,), {"threads": True}, TypeError),
            ((small,), {"unique": "yes"}, TypeError),
            ((small,), {"partition_size": 0}, ValueError),
            ((small,), {"partition_size": True}, TypeError),
            ((small,), {"partition_size": 1.5}, TypeError),
        ]
        for k, (args, kwargs, error) in enumerate(cases):
            output = os.path.join(self.tmp.name, "refused-%d" % k)
            with self.assertRaises(error, msg=(args, kwargs)):
                libsudoku.dask.solve_files(*args, output, **kwargs)
            self.assertFalse(os.path.exists(output), (args, kwargs))

    def test_rerun_needs_overwrite(self):
        output = os.path.join(self.tmp.name, "small")
        small = os.path.join(self.tmp.name, "small.txt")
        with open(small, "wb") as f:
            f.write(self.data[:82 * 50])
        first = libsudoku.dask.solve_files(small, output, partition_size=1000)
        with self.assertRaises(FileExistsError):
            libsudoku.dask.solve_files(small, output)
        again = libsudoku.dask.solve_files(small, output, overwrite=True)
        self.assertEqual(len(os.listdir(output)), 1)
        self.assertEqual(first.puzzles, again.puzzles)
        with open(again.outputs[0], "rb") as f:
            joined = f.read()
        self.assertGreater(len(first.outputs), 1)
        for name in first.outputs[1:]:
            self.assertFalse(os.path.exists(name))  # removed by overwrite
        self.assertEqual(joined.count(b"\n"), first.puzzles)


if __name__ == "__main__":
    result = unittest.main(exit=False, verbosity=2).result
    sys.exit(0 if result.wasSuccessful() and result.testsRun > 0 else 1)
