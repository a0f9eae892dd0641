"""The status codes of the C API and the errors they become: SudokuError, SudokuFormatError,
status_name and the library's message of a status. Imports _loader (the library's words for a
status), _checks and _public only.
"""

from __future__ import annotations

from typing import Dict, Optional, Tuple

from ._checks import _require_int, _type_name
from ._loader import _library
from ._public import _public


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


@_public
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
        # Made by users too (to re-raise, say): a status that is not an int would otherwise
        # reach ctypes, and a bool would pass as one.
        status = _require_int("status", status)
        if cell is not None:
            cell = _require_int("cell", cell)
            if not 0 <= cell < 81:
                raise ValueError("cell is 0-80, not %d" % cell)
        if message is None:
            message = _message(status)
        elif not isinstance(message, str):
            raise TypeError("message must be a str, not %s" % _type_name(message))
        super().__init__(message if cell is None else "%s (cell %d)" % (message, cell))
        self.status = status
        self.message = message
        self.cell = cell

    def __reduce__(self) -> Tuple[type, Tuple[object, ...], Dict[str, object]]:
        # Pickled with its arguments (ValueError's default would keep only the text), then its
        # attributes, notes (add_note) and a caller's own included.
        return (type(self), (self.status, self.message, self.cell), dict(self.__dict__))


@_public
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
        # (Its message is checked by SudokuError.)
        line, column, offset, reason = (_require_int(name, value) for name, value in (
            ("line", line), ("column", column), ("offset", offset), ("reason", reason)))
        end = None if end is None else _require_int("end", end)
        next_line = None if next_line is None else _require_int("next_line", next_line)
        super().__init__(SUDOKU_INVALID_FORMAT, message)
        self.line = line
        self.column = column
        self.offset = offset
        self.reason = reason
        self.end = end
        self.next_line = next_line

    def __reduce__(self) -> Tuple[type, Tuple[object, ...], Dict[str, object]]:
        return (type(self), (self.message, self.line, self.column, self.offset, self.reason,
                             self.end, self.next_line), dict(self.__dict__))


def _c_status(status):
    """`status` as the C int to ask the library about: one outside a C int's range is no status
    code, so -1, of which the library says what it says of any other unknown value."""
    return status if -(2**31) <= status < 2**31 else -1


def _message(status):
    return _library().sudoku_status_message(_c_status(status)).decode()


def status_name(status: int) -> str:
    """The enumerator name of a status code, as the library's sudoku_status_name gives it: for
    example "SUDOKU_OK" for 0 and "SUDOKU_NO_SOLUTION" for SUDOKU_NO_SOLUTION (1); "unknown
    status" for any other int (one outside the range of a C int included). TypeError when
    `status` is not an int (a bool included)."""
    status = _require_int("status", status)
    return _library().sudoku_status_name(_c_status(status)).decode()
