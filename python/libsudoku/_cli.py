"""The program behind `python -m libsudoku` (__main__.py runs _main): its options, its input and
output, one line per puzzle. Uses the package's public calls, imported from the modules that
define them; nothing imports it but __main__.py.
"""

import errno
import os
import sys

from ._candidates import count_solutions_candidates, solve_candidates, solve_unique_candidates
from ._diagnostic import _read_diagnostic
from ._errors import (
    SUDOKU_INVALID_FORMAT,
    SUDOKU_MULTIPLE_SOLUTIONS,
    SUDOKU_NO_SOLUTION,
    SudokuError,
    SudokuFormatError,
    status_name,
)
from ._loader import load, version
from ._read import SUDOKU_PUZZLE_CANDIDATES, read_puzzles
from ._solve import list_solutions, solve_batch


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
line and reason on stderr. --list's N may also be joined to it by '=' (--list=5).
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
    line per puzzle read: the solution or the status name (see the package's docstring).
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
        # --list N, or --list=N as getopt_long allows.
        list_option = arg == "--list" or arg.startswith("--list=")
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
        elif (arg == "--unique" or list_option) and (unique or listing is not None):
            # As solve_file says it (which also has --count).
            return _usage_error("choose one of --unique and --list, not '%s'" % arg)
        elif arg == "--unique":
            unique = True
        elif list_option:
            number = next(args, None) if arg == "--list" else arg[len("--list="):]
            # Leading zeros aside, at most 7 digits: int() refuses thousands of them.
            digits = (number or "").lstrip("0")
            if not (number is not None and number.isascii() and number.isdigit()
                    and len(digits) <= 7 and 1 <= int(digits or "0") <= _LIST_OPTION_MAX):
                # The bad value echoed, as solve_file does (none when it is missing).
                got = "" if number is None else ", got '%s'" % number
                return _usage_error("--list needs a whole number N from 1 to %d%s"
                                    % (_LIST_OPTION_MAX, got))
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
