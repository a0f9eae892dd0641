"""The checks of arguments' types that need no library: a board's type, an integer, a bool, a
rating number. They raise TypeError only (or return None), so any module may use them; they
import nothing of the package.
"""

import builtins
import math
import operator


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
        "a board is a str, bytes, bytearray or byte memoryview of 81 characters, not %s%s"
        % (
            "a memoryview of format %r" % board.format
            if isinstance(board, memoryview)
            else _type_name(board),
            # A NumPy row of a solve_batch array, say: say how to pass it.
            "; for an array row of ASCII characters pass row.tobytes()"
            if hasattr(board, "__array_interface__")
            else "",
        )
    )


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
        raise TypeError("%s must be an int, not %s" % (name, _type_name(value)))
    return number


def _type_name(value):
    """The name of `value`'s type for a message: with its module when another library's type
    has a builtin's name (NumPy's bool is not Python's, and "not bool" would puzzle)."""
    kind = type(value)
    if kind.__module__ != "builtins" and hasattr(builtins, kind.__name__):
        return "%s.%s" % (kind.__module__, kind.__name__)
    return kind.__name__


def _rating_number(value):
    """An ER given as a number: an integer as an int (see _integer), a float (np.float64
    included) as it is, another NumPy float (np.float32, np.float16: an ER read from an array)
    as a float; None for anything else."""
    if isinstance(value, float):
        return value
    kind = type(value)
    if kind.__module__ == "numpy" and kind.__name__.startswith("float"):
        return float(value)
    return _integer(value)


def _require_bool(name, value):
    """`value` as a bool: a bool, or NumPy's (np.bool_, a flag taken from an array); TypeError
    for anything else. A truthy stand-in (1, "yes", a non-empty list) would silently choose a
    mode."""
    if isinstance(value, bool):
        return value
    kind = type(value)
    if kind.__module__ == "numpy" and kind.__name__ in ("bool_", "bool"):
        return bool(value)
    raise TypeError("%s must be a bool, not %s" % (name, _type_name(value)))


def _finite(number):
    """Whether an int or float is finite as a float: an int too large for a float is not
    (math.isfinite would raise OverflowError on it)."""
    try:
        return math.isfinite(number)
    except OverflowError:
        return False
