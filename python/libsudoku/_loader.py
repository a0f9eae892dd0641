"""Finding and loading the library, and declaring its functions to ctypes (with the C structs
those declarations name): load, library_path, version and _library(), which every call goes
through. Imports nothing of the package.
"""

from __future__ import annotations

import ctypes
import os
import threading
from typing import Union


# The soname `make install` gives the shared library (libsudoku.so.0.MINOR below 1.0).
SONAME = "libsudoku.so.0.1"

_lib = None
_lib_lock = threading.Lock()


def _candidates():
    """Paths to try for the library, in order (see the package's docstring)."""
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


#: Every function of the C API the package calls; each must be in the library it loads.
_FUNCTIONS = (
    "sudoku_solve",
    "sudoku_solve_unique",
    "sudoku_count_solutions",
    "sudoku_list_solutions",
    "sudoku_validate",
    "sudoku_board_conflicts",
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
    "sudoku_canonicalize_batch",
    "sudoku_transform_apply",
    "sudoku_transform_apply_candidates",
    "sudoku_transform_invert",
    "sudoku_transform_random",
    "sudoku_status_message",
    "sudoku_status_name",
    "sudoku_version",
    "sudoku_generate_options_init",
    "sudoku_generate_options_init_size",
    "sudoku_generate",
    "sudoku_generate_pattern",
    "sudoku_generate_batch",
    "sudoku_pattern_options_init",
    "sudoku_pattern_options_init_size",
    "sudoku_generate_pattern_with",
    "sudoku_generate_pattern_batch",
    "sudoku_is_minimal",
    "sudoku_minimize",
    "sudoku_pattern_symmetries",
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


class _PatternOptions(ctypes.Structure):
    """sudoku_pattern_options."""

    _fields_ = [
        ("struct_size", ctypes.c_uint32),
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
    lib.sudoku_board_conflicts.argtypes = [
        ctypes.c_char_p,  # board
        ctypes.POINTER(ctypes.c_uint8),  # houses
        ctypes.POINTER(ctypes.c_size_t),  # count (may be NULL)
    ]
    lib.sudoku_board_conflicts.restype = status
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
    lib.sudoku_canonicalize_batch.argtypes = [
        ctypes.POINTER(ctypes.c_char),  # boards
        ctypes.c_size_t,  # count
        ctypes.POINTER(ctypes.c_char),  # canonical
        ctypes.POINTER(_Transform),  # transforms (may be NULL)
        ctypes.POINTER(ctypes.c_int),  # statuses
        ctypes.c_size_t,  # threads
    ]
    lib.sudoku_canonicalize_batch.restype = status
    lib.sudoku_transform_apply.argtypes = [
        ctypes.POINTER(_Transform),
        ctypes.c_char_p,
        ctypes.POINTER(ctypes.c_char),
    ]
    lib.sudoku_transform_apply.restype = status
    lib.sudoku_transform_apply_candidates.argtypes = [ctypes.POINTER(_Transform), masks, masks]
    lib.sudoku_transform_apply_candidates.restype = status
    lib.sudoku_transform_invert.argtypes = [ctypes.POINTER(_Transform), ctypes.POINTER(_Transform)]
    lib.sudoku_transform_invert.restype = status
    lib.sudoku_transform_random.argtypes = [ctypes.c_uint64, ctypes.POINTER(_Transform)]
    lib.sudoku_transform_random.restype = status
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
    lib.sudoku_generate_pattern.argtypes = [
        ctypes.c_uint64,  # seed
        ctypes.c_char_p,  # pattern
        ctypes.c_uint64,  # max_attempts
        ctypes.POINTER(ctypes.c_char),  # puzzle
        ctypes.POINTER(ctypes.c_char),  # solution (may be NULL)
    ]
    lib.sudoku_generate_pattern.restype = status
    lib.sudoku_pattern_options_init.argtypes = [ctypes.POINTER(_PatternOptions)]
    lib.sudoku_pattern_options_init.restype = None
    lib.sudoku_pattern_options_init_size.argtypes = [ctypes.POINTER(_PatternOptions), ctypes.c_size_t]
    lib.sudoku_pattern_options_init_size.restype = status
    lib.sudoku_generate_pattern_with.argtypes = [
        ctypes.c_uint64,  # seed
        ctypes.c_char_p,  # pattern
        ctypes.POINTER(_PatternOptions),
        ctypes.POINTER(ctypes.c_char),  # puzzle
        ctypes.POINTER(ctypes.c_char),  # solution (may be NULL)
    ]
    lib.sudoku_generate_pattern_with.restype = status
    lib.sudoku_generate_pattern_batch.argtypes = [
        ctypes.c_uint64,  # seed
        ctypes.c_char_p,  # pattern
        ctypes.POINTER(_PatternOptions),
        ctypes.c_size_t,  # count
        ctypes.POINTER(ctypes.c_char),  # puzzles
        ctypes.POINTER(ctypes.c_int),  # statuses
        ctypes.c_size_t,  # threads
    ]
    lib.sudoku_generate_pattern_batch.restype = status
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
    lib.sudoku_pattern_symmetries.argtypes = [ctypes.c_char_p, ctypes.POINTER(ctypes.c_uint32)]
    lib.sudoku_pattern_symmetries.restype = status
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


def library_path() -> str:
    """The library in use, loading it first as load() does: its path (after `pip install`, the
    copy inside the package, unless SUDOKU_LIB or load(path) chose another), or the soname
    libsudoku.so.0.1 when the system's loader found it. Raises OSError as load() does."""
    return _library()._name


def version() -> str:
    """The library's version, for example "0.1.0" (the package's version too, when installed
    with pip)."""
    return _library().sudoku_version().decode()
