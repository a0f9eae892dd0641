"""Solving puzzle files on a Dask cluster: libsudoku.dask.solve_files (docs/dask.md).

    pip install "libsudoku[dask]"        # dask[distributed], fsspec and NumPy

    from distributed import Client
    import libsudoku.dask
    client = Client("tcp://scheduler:8786")          # or a LocalCluster, or none (threads)
    report = libsudoku.dask.solve_files(["s3://bucket/puzzles-*.txt"], "s3://bucket/solved")
    report.raise_on_diagnostics()                    # or look at report.diagnostics

Input: files of one puzzle per line (81 cells, a rating or comment may follow; a line ends at an
LF, a CRLF or a CR alone, as for the library's reader), as local paths
or any fsspec URL (globs expanded, in sorted order). Comment and blank lines give no output;
multi-line grids are not supported here (a partition boundary may cut them; use solve_file):
every other line is read alone and gives one output line, so a run of short lines (which
solve_file reads as the rows of one bad grid) gives a line and a diagnostic each.

Partitions: each file is cut into byte ranges of `partition_size` bytes, each extended to line
starts: a line belongs to the range that holds its first byte, so every line is in exactly one
partition and nothing needs reading on the client but the files' sizes. Partitions are numbered
over all files in order.

Each partition is one Dask task: the worker reads its byte range (with fsspec), solves the
puzzles with libsudoku.solve_batch (NumPy arrays, the library loaded from the package installed
on the worker), and writes `part-NNNNN.txt` (zero-padded, so the names' sort order is the input
order) into the output folder: one line per puzzle, in input order, exactly the lines that
solve_file prints for that part of the input: the solution (81 digits), or the status name
(SUDOKU_NO_SOLUTION, SUDOKU_MULTIPLE_SOLUTIONS with unique=True, SUDOKU_CONFLICTING_GIVENS), or
SUDOKU_INVALID_FORMAT for a line that is not a puzzle. So `cat OUT/part-*.txt` is solve_file's
standard output on the concatenated input, as long as no two short lines (under 72 cells, not
blank or comments) follow each other (see above). solve_file's stderr diagnostics ("line N:
REASON") come back in the report, with line numbers over each whole file.

Retries: a task writes its part to a unique temporary name beside it and renames it into place
(atomic on a local or POSIX file system; object stores write whole objects). A task that Dask
runs again, after its worker died, writes the same bytes under the same name, so a killed worker
loses and duplicates nothing; temporaries left by killed tasks are removed at the end.

Dask, distributed and fsspec are imported when solve_files runs, not with the package.
"""

from __future__ import annotations

import posixpath
import re
import uuid
from typing import Any, Callable, Dict, List, NamedTuple, Optional, Sequence, Tuple, Union

import libsudoku
from libsudoku._checks import _require_bool, _require_int
from libsudoku._diagnostic import _read_diagnostic

__all__ = ["solve_files", "solve_partition", "Partition", "PartitionResult", "SolveReport",
           "DEFAULT_PARTITION_SIZE"]

#: Bytes of input per partition by default: 32 MiB, about 400,000 one-line puzzles.
DEFAULT_PARTITION_SIZE = 32 * 1024 * 1024

#: What a temporary part's name holds between the part's name and a random suffix.
_TEMP_MARK = ".tmp-"

#: The first byte of a line end (LF, or the CR of a CRLF or of a CR alone).
_LINE_END = re.compile(rb"[\r\n]")


class Partition(NamedTuple):
    """One task's share of the input: lines whose first byte lies in [start, end) of `path`
    (an fsspec URL or local path), written to `output` (a URL); `number` counts partitions
    over all the input files from 0, in input order."""

    number: int
    path: str
    start: int
    end: int
    output: str


class PartitionResult(NamedTuple):
    """What a partition's task reports: its Partition, the lines it read (`lines`, the number
    of the file's lines in its range), the output lines it wrote (`puzzles`), the count of
    each status (name -> count; SUDOKU_OK for solved) and the diagnostics of its lines that
    are not puzzles, as (line within the partition from 1, message)."""

    partition: Partition
    lines: int
    puzzles: int
    statuses: Dict[str, int]
    diagnostics: List[Tuple[int, str, bytes]]


class SolveReport(NamedTuple):
    """The result of solve_files: each partition's result in input order, the output files in
    that order (their names sort in it too), the total count of each status, and the
    diagnostics as (path, line in the whole file, message), as solve_file prints them on stderr
    ("line N: REASON")."""

    partitions: List[PartitionResult]
    outputs: List[str]
    statuses: Dict[str, int]
    diagnostics: List[Tuple[str, int, str]]

    @property
    def puzzles(self) -> int:
        """The number of output lines, one per puzzle read (unreadable ones included)."""
        return sum(p.puzzles for p in self.partitions)

    def raise_on_diagnostics(self) -> None:
        """Raises ValueError naming the first few lines with a diagnostic (unreadable, or an
        invalid puzzle such as two equal givens in a house), if any."""
        if self.diagnostics:
            shown = "; ".join("%s: line %d: %s" % d for d in self.diagnostics[:5])
            raise ValueError("%d lines are unreadable or invalid puzzles: %s"
                             % (len(self.diagnostics), shown))


def _line_range(f: Any, start: int, end: int, size: int) -> Tuple[bytes, bool]:
    """The bytes of the lines whose first byte lies in [start, end) of the open file `f` of
    `size` bytes: from the first line start at or after `start` to the first one at or after
    `end` (or the file's end), and whether they reach the file's end. A line starts at 0 and
    after each line end, as the library's reader has them: LF, CRLF, or a CR alone."""

    def line_start_at_or_after(position: int) -> int:
        if position <= 0:
            return 0
        if position >= size:
            return size
        # The line that holds byte position - 1 ends at its first LF or CR; the next begins
        # after it (after both bytes of a CRLF).
        f.seek(position - 1)
        at = position - 1
        while True:
            chunk = f.read(1 << 16)
            if not chunk:
                return size
            end = _LINE_END.search(chunk)
            if end:
                k = end.start()
                if chunk[k:k + 1] == b"\r":
                    after = chunk[k + 1:k + 2] or f.read(1)
                    if after == b"\n":
                        return at + k + 2
                return at + k + 1
            at += len(chunk)

    first = line_start_at_or_after(start)
    last = line_start_at_or_after(end)
    if last <= first:
        return b"", last >= size
    f.seek(first)
    data = f.read(last - first)
    if len(data) != last - first:
        raise OSError("short read of %d bytes at %d" % (last - first, first))
    return data, last >= size


def _invalid_message(status: int, validate: Callable[[], None]) -> str:
    """solve_file's diagnostic of an invalid puzzle of `status`: the validation's error (the
    status's sentence with the faulty cell) when it finds that status, else the sentence."""
    try:
        validate()
    except libsudoku.SudokuError as error:
        if error.status == status:
            return str(error)
    return str(libsudoku.SudokuError(status))


def _solve_lines(
    data: bytes, unique: bool, threads: int, at_file_end: bool
) -> Tuple[bytes, int, int, Dict[str, int], List[Tuple[int, str, bytes]]]:
    """The output of the lines in `data` (as solve_file prints it) and their statistics:
    (output bytes, lines, puzzles, status counts, diagnostics). `at_file_end`: whether `data`
    ends its file (else more lines follow it in another partition)."""
    import numpy as np

    cells = libsudoku.CELLS
    buffer = np.frombuffer(data, dtype=np.uint8)
    # Line ends as the library's reader has them: LF, CRLF, or a CR alone (a CR that no LF
    # follows); a CRLF's CR is not part of its line.
    is_cr = buffer == 13
    lone_cr = is_cr.copy()
    lone_cr[:-1] &= buffer[1:] != 10
    breaks = np.flatnonzero((buffer == 10) | lone_cr)
    crlf = np.zeros(len(breaks), dtype=bool)
    inner = breaks > 0
    crlf[inner] = (buffer[breaks[inner]] == 10) & is_cr[breaks[inner] - 1]
    starts = np.concatenate(([0], breaks + 1))
    ends = np.concatenate((breaks - crlf, [len(buffer)]))
    if data[-1:] in (b"\n", b"\r"):
        starts, ends = starts[:-1], ends[:-1]  # no line after the last line end
    elif not data:
        starts, ends = starts[:0], ends[:0]
    line_count = len(starts)

    # The usual line: 81 cells and nothing else, read here in bulk; any other line is read by
    # the library's reader (read_puzzle) alone: as solve_file reads it when the line stands
    # alone, between one-line puzzles, comments or blank lines. (solve_file reads a run of short
    # lines as the rows of one grid; here each is a line of its own, in its place.)
    cell_byte = np.zeros(256, dtype=bool)
    cell_byte[np.frombuffer(b".0123456789", dtype=np.uint8)] = True
    plain = (ends - starts) == cells
    plain_starts = starts[plain]
    # Rows gathered through a view of every 81-byte window (no index per cell).
    rows = np.lib.stride_tricks.sliding_window_view(buffer, cells)[plain_starts] \
        if len(plain_starts) else np.empty((0, cells), dtype=np.uint8)
    valid = cell_byte[rows].all(axis=1) if len(rows) else np.zeros(0, dtype=bool)
    plain_lines = np.flatnonzero(plain)
    fast_lines = plain_lines[valid]
    fast_rows = rows[valid]
    other_lines = np.setdiff1d(np.arange(line_count), fast_lines, assume_unique=True)

    literal: Dict[int, bytes] = {}  # line -> its output line, for lines not in the batch
    extra_lines: List[int] = []  # lines whose puzzle (of givens) joins the batch
    extra_rows: List[bytes] = []
    diagnostics: List[Tuple[int, str, bytes]] = []
    counts: Dict[str, int] = {}
    invalid_name = libsudoku.status_name(libsudoku.SUDOKU_INVALID_FORMAT)
    # Statuses about solutions, which solve_file prints without a diagnostic.
    quiet = (libsudoku.SUDOKU_NO_SOLUTION, libsudoku.SUDOKU_MULTIPLE_SOLUTIONS)
    for line in other_lines.tolist():
        if line + 1 < line_count or not at_file_end:
            # A line follows: a row of a grid alone ends there, "at line N + 1" (as solve_file
            # says of a short grid that a one-line puzzle ends), not "at the end of the text".
            text = data[starts[line]:ends[line]] + b"\n\n"
        else:
            # The file's last line, with its line end if it has one (then the text ends on
            # the line after it, as solve_file counts).
            text = data[starts[line]:]
        try:
            read = libsudoku.read_puzzle(text, 0, line + 1)
        except libsudoku.SudokuFormatError as error:
            literal[line] = invalid_name.encode() + b"\n"
            # At the fault's line, as solve_file reports it. Its message names lines: the
            # client makes it again with the numbers in the whole file (_message_of), so the
            # text goes back with it.
            diagnostics.append((error.line, str(error), bytes(text)))
            counts[invalid_name] = counts.get(invalid_name, 0) + 1
            continue
        if read is None:
            continue  # a blank or comment line
        if read.kind == libsudoku.SUDOKU_PUZZLE_CANDIDATES:
            # As solve_file solves a candidate puzzle: in unique mode with the unique call, and
            # an invalid one (not a matter of solutions) with a diagnostic naming its cell.
            solve = libsudoku.solve_unique_candidates if unique else libsudoku.solve_candidates
            try:
                answer = solve(read)
                name = libsudoku.status_name(libsudoku.SUDOKU_OK)
            except libsudoku.SudokuError as error:
                name = answer = libsudoku.status_name(error.status)
                if error.status not in quiet:
                    diagnostics.append((line + 1, _invalid_message(
                        error.status, lambda: libsudoku.validate_candidates(read)), b""))
            literal[line] = answer.encode() + b"\n"
            counts[name] = counts.get(name, 0) + 1
            continue
        extra_lines.append(line)
        extra_rows.append(str(read.puzzle).encode("ascii"))

    # The batch: the puzzles of givens, in line order.
    if extra_lines:
        batch_lines = np.concatenate((fast_lines, np.array(extra_lines, dtype=fast_lines.dtype)))
        extra = np.frombuffer(b"".join(extra_rows), dtype=np.uint8).reshape(-1, cells)
        order = np.argsort(batch_lines, kind="stable")
        batch_lines = batch_lines[order]
        puzzles = np.concatenate((fast_rows, extra))[order]
    else:
        batch_lines, puzzles = fast_lines, np.ascontiguousarray(fast_rows)
    out = np.empty((len(puzzles), cells + 1), dtype=np.uint8)
    out[:, cells] = 10
    if len(puzzles):
        solved = libsudoku.solve_batch(puzzles, unique=unique, threads=threads,
                                       out=np.empty((len(puzzles), cells), dtype=np.uint8))
        out[:, :cells] = solved.solutions
        statuses = solved.statuses
    else:
        statuses = np.zeros(0, dtype=np.intc)
    codes, numbers = np.unique(statuses, return_counts=True)
    for code, number in zip(codes.tolist(), numbers.tolist()):
        name = libsudoku.status_name(code)
        counts[name] = counts.get(name, 0) + number

    # The output in line order: runs of solved puzzles straight from the array, with the lines
    # of unsolved puzzles and of the lines read alone between them.
    events = [(int(batch_lines[k]), k) for k in np.flatnonzero(statuses != 0).tolist()]
    events += [(line, -1) for line in literal]
    events.sort()
    pieces: List[bytes] = []
    row = 0
    for line, k in events:
        if k >= 0 and int(statuses[k]) not in quiet:
            # An invalid puzzle: solve_file says why, with the faulty cell.
            board = puzzles[k].tobytes()
            diagnostics.append((line + 1, _invalid_message(
                int(statuses[k]), lambda: libsudoku.validate(board)), b""))
        stop = k if k >= 0 else int(np.searchsorted(batch_lines, line))
        pieces.append(out[row:stop].tobytes())
        if k >= 0:
            pieces.append(libsudoku.status_name(int(statuses[k])).encode() + b"\n")
            row = k + 1
        else:
            pieces.append(literal[line])
            row = stop
    pieces.append(out[row:].tobytes())
    puzzle_count = len(puzzles) + len(literal)
    diagnostics.sort()
    return b"".join(pieces), line_count, puzzle_count, counts, diagnostics


def solve_partition(partition: Partition, unique: bool = False, threads: int = 1,
                    storage_options: Optional[Dict[str, Any]] = None) -> PartitionResult:
    """Solves one partition (a Dask task; also callable alone): reads its lines, solves them
    with solve_batch on `threads` threads (0: every core), writes its output file through a
    temporary name and a rename, and returns its PartitionResult. Writing the same partition
    twice writes the same bytes: a retried task is harmless."""
    import fsspec

    fs, path = fsspec.core.url_to_fs(partition.path, **(storage_options or {}))
    size = fs.size(path)
    with fs.open(path, "rb") as f:
        data, at_file_end = _line_range(f, partition.start, partition.end, size)
    output, lines, puzzles, counts, diagnostics = _solve_lines(data, unique, threads,
                                                               at_file_end)
    out_fs, out_path = fsspec.core.url_to_fs(partition.output, **(storage_options or {}))
    temporary = out_path + _TEMP_MARK + uuid.uuid4().hex
    with out_fs.open(temporary, "wb") as f:
        f.write(output)
    out_fs.mv(temporary, out_path)
    return PartitionResult(partition, lines, puzzles, counts, diagnostics)


def _partitions(paths: Sequence[str], output: str, partition_size: int,
                storage_options: Dict[str, Any]) -> List[Partition]:
    import fsspec

    ranges: List[Tuple[str, int, int]] = []
    for opened in fsspec.open_files(list(paths), "rb", **storage_options):
        fs, path = opened.fs, opened.path
        if fs.isdir(path):
            # Refused here, before any output is made, rather than in a task.
            raise IsADirectoryError("%s is a folder; give its files (a glob such as "
                                    "folder/*.txt)" % fs.unstrip_protocol(path))
        size = fs.size(path)
        url = fs.unstrip_protocol(path)
        for start in range(0, max(size, 1), partition_size):
            ranges.append((url, start, min(start + partition_size, size)))
    width = max(5, len(str(max(len(ranges) - 1, 0))))
    return [Partition(i, url, start, end,
                      posixpath.join(output, "part-%0*d.txt" % (width, i)))
            for i, (url, start, end) in enumerate(ranges)]


def _message_of(line: int, message: str, text: bytes) -> str:
    """The diagnostic of a fault at line `line` of the whole file, as solve_file words it: the
    unreadable `text` (from the start of its line) read again with its line numbered so that
    the fault falls on `line`."""
    if not text:
        return message
    try:
        libsudoku.read_puzzle(text, 0, 1)
    except libsudoku.SudokuFormatError as error:
        # (The fault may lie on a line after the text's first: a grid ended by the next line.)
        first = line - (error.line - 1)
        try:
            libsudoku.read_puzzle(text, 0, first)
        except libsudoku.SudokuFormatError as again:
            # The package's own wording of it (python -m libsudoku's), the cell of a bad
            # character included.
            return _read_diagnostic(text, 0, again)
    return message


def solve_files(
    paths: Union[str, Sequence[str]],
    output: str,
    *,
    partition_size: int = DEFAULT_PARTITION_SIZE,
    unique: bool = False,
    threads: int = 1,
    overwrite: bool = False,
    storage_options: Optional[Dict[str, Any]] = None,
) -> SolveReport:
    """Solves every puzzle of the files `paths` (a path, URL or glob, or a list of them; one
    puzzle per line) on the current Dask scheduler (the distributed Client made last, else
    Dask's default), writing one file per partition into the folder `output` (a path or URL,
    made if missing): `part-NNNNN.txt`, in input order, as the module's docstring describes.

    `partition_size`: bytes of input per task (whole lines; a file is at least one partition).
    `unique`: solve_unique's rule (SUDOKU_MULTIPLE_SOLUTIONS for more than one solution).
    `threads`: library threads per task (0: every core of the worker's machine); 1 suits the
    usual one-thread-per-core workers. `overwrite`: remove the part files of an earlier run in
    `output` first; without it a folder holding part files is a FileExistsError.
    `storage_options`: passed to fsspec for both input and output.

    Returns a SolveReport. Raises FileNotFoundError when no input file is given or matches,
    IsADirectoryError for a folder among them, ValueError for a partition_size below 1 or
    threads outside 0 to 2**64 - 1, TypeError for a `unique` that is not a bool or a
    `partition_size` or `threads` that is not an int (all of these before the output folder is made), and whatever a task
    raised after Dask's retries (a partition whose file cannot be read, say); ImportError
    without dask or fsspec."""
    import dask
    import fsspec

    if isinstance(paths, str):
        paths = [paths]
    paths = list(paths)
    partition_size = _require_int("partition_size", partition_size)
    if partition_size < 1:
        raise ValueError("partition_size is a number of bytes, 1 or more")
    # The tasks' own arguments are checked here, before the output folder is made, as
    # solve_batch checks them.
    unique = _require_bool("unique", unique)
    threads = _require_int("threads", threads)
    if not 0 <= threads < 2**64:
        raise ValueError("threads must be from 0 (every core) to 2**64 - 1")
    if not paths:
        raise FileNotFoundError("no input file given")
    options = dict(storage_options or {})
    partitions = _partitions(paths, output, partition_size, options)
    if not partitions:
        raise FileNotFoundError("no input file matches %s" % (paths,))

    out_fs, out_dir = fsspec.core.url_to_fs(output, **options)
    out_fs.makedirs(out_dir, exist_ok=True)
    old = [p for p in out_fs.ls(out_dir, detail=False)
           if posixpath.basename(p).startswith("part-")]
    if old:
        if not overwrite:
            raise FileExistsError("%s holds part files of an earlier run (overwrite=True "
                                  "removes them)" % output)
        out_fs.rm(old)

    tasks = [dask.delayed(solve_partition, pure=False)(p, unique, threads, options)
             for p in partitions]
    results: List[PartitionResult] = list(dask.compute(*tasks))
    results.sort(key=lambda r: r.partition.number)

    # Temporaries of tasks that died while writing (their retry wrote the part).
    for name in out_fs.ls(out_dir, detail=False):
        if _TEMP_MARK in posixpath.basename(name):
            out_fs.rm(name)

    statuses: Dict[str, int] = {}
    diagnostics: List[Tuple[str, int, str]] = []
    # Lines of the current file before each partition: a file's partitions come in order, the
    # first at byte 0, so the count starts again there (also for a file listed twice, whose
    # second copy is numbered from 1 again, as solve_file would number it).
    base = 0
    for result in results:
        for name, count in result.statuses.items():
            statuses[name] = statuses.get(name, 0) + count
        path = result.partition.path
        if result.partition.start == 0:
            base = 0
        for line, message, text in result.diagnostics:
            diagnostics.append((path, base + line, _message_of(base + line, message, text)))
        base += result.lines
    return SolveReport(results, [r.partition.output for r in results], statuses, diagnostics)
