"""libsudoku through Python's ctypes: loads libsudoku.so and checks every function of the C API.

Run: SUDOKU_LIB=target/release/libsudoku.so SUDOKU_EXPECTED_VERSION=0.1.0 \
         python3 tests/python/test_ctypes.py
(tests/python_ctypes.rs runs it from `cargo test`, passing the library it built). Standard
library only. Expected solutions were computed with an independent backtracking solver.
"""

import ctypes
import os
import sys
import unittest

# Status codes of the C API (fixed numeric values).
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

CELLS = 81
# A board the library may write to: 81 bytes, no NUL terminator needed.
Board = ctypes.c_char * CELLS

TOP1 = b"4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
TOP1_SOLUTION = b"468931527751624839392578461134756298289413675675289314846192753513867942927345186"
CLASSIC = b"530070000600195000098000060800060003400803001700020006060000280000419005000080079"
CLASSIC_SOLUTION = b"534678912672195348198342567859761423426853791713924856961537284287419635345286179"
# CLASSIC_SOLUTION with a deadly rectangle emptied: exactly two solutions.
DEADLY = b"534..8912672195348198342567859..1423426853791713924856961537284287419635345286179"
# Valid givens, but cell 8 sees every digit: no solution.
UNSOLVABLE = b"12345678.........9" + b"." * 63
EMPTY = b"." * CELLS


def load_library():
    """Loads the library named by SUDOKU_LIB and declares every function's types."""
    path = os.environ.get("SUDOKU_LIB")
    if not path:
        sys.exit("set SUDOKU_LIB to the path of libsudoku.so")
    lib = ctypes.CDLL(path)
    # Boards that are written to are passed as Board arrays; read-only ones may be bytes.
    lib.sudoku_solve.argtypes = [ctypes.POINTER(ctypes.c_char)]
    lib.sudoku_solve.restype = ctypes.c_int
    lib.sudoku_solve_unique.argtypes = [ctypes.POINTER(ctypes.c_char)]
    lib.sudoku_solve_unique.restype = ctypes.c_int
    lib.sudoku_count_solutions.argtypes = [
        ctypes.c_char_p,
        ctypes.c_uint64,
        ctypes.POINTER(ctypes.c_uint64),
    ]
    lib.sudoku_count_solutions.restype = ctypes.c_int
    lib.sudoku_validate.argtypes = [ctypes.c_char_p, ctypes.POINTER(ctypes.c_size_t)]
    lib.sudoku_validate.restype = ctypes.c_int
    lib.sudoku_board_conflicts.argtypes = [ctypes.c_char_p, ctypes.POINTER(ctypes.c_uint8),
                                           ctypes.POINTER(ctypes.c_size_t)]
    lib.sudoku_board_conflicts.restype = ctypes.c_int
    lib.sudoku_list_solutions.argtypes = [
        ctypes.c_char_p,
        ctypes.POINTER(ctypes.c_char),
        ctypes.c_size_t,
        ctypes.POINTER(ctypes.c_size_t),
        ctypes.POINTER(ctypes.c_bool),
    ]
    lib.sudoku_list_solutions.restype = ctypes.c_int
    lib.sudoku_status_message.argtypes = [ctypes.c_int]
    lib.sudoku_status_message.restype = ctypes.c_char_p
    lib.sudoku_version.argtypes = []
    lib.sudoku_version.restype = ctypes.c_char_p
    return lib


LIB = load_library()


def count(board, limit):
    """Returns (status, count); count is None when the library left it untouched."""
    out = ctypes.c_uint64(12345)
    status = LIB.sudoku_count_solutions(board, limit, ctypes.byref(out))
    return status, (out.value if out.value != 12345 else None)


def validate(board):
    """Returns (status, cell); cell is None when the library left it untouched."""
    cell = ctypes.c_size_t(999)
    status = LIB.sudoku_validate(board, ctypes.byref(cell))
    return status, (cell.value if cell.value != 999 else None)


class Solve(unittest.TestCase):
    def test_solve_fills_the_board(self):
        board = Board.from_buffer_copy(TOP1)
        self.assertEqual(LIB.sudoku_solve(board), SUDOKU_OK)
        self.assertEqual(board.raw, TOP1_SOLUTION)

    def test_solve_accepts_zero_blanks(self):
        board = Board.from_buffer_copy(CLASSIC)
        self.assertEqual(LIB.sudoku_solve(board), SUDOKU_OK)
        self.assertEqual(board.raw, CLASSIC_SOLUTION)

    def test_solve_without_solution_leaves_the_board(self):
        board = Board.from_buffer_copy(UNSOLVABLE)
        self.assertEqual(LIB.sudoku_solve(board), SUDOKU_NO_SOLUTION)
        self.assertEqual(board.raw, UNSOLVABLE)

    def test_solve_unique(self):
        board = Board.from_buffer_copy(TOP1)
        self.assertEqual(LIB.sudoku_solve_unique(board), SUDOKU_OK)
        self.assertEqual(board.raw, TOP1_SOLUTION)

    def test_solve_unique_refuses_two_solutions(self):
        board = Board.from_buffer_copy(DEADLY)
        self.assertEqual(LIB.sudoku_solve_unique(board), SUDOKU_MULTIPLE_SOLUTIONS)
        self.assertEqual(board.raw, DEADLY)

    def test_solve_unique_without_solution(self):
        board = Board.from_buffer_copy(UNSOLVABLE)
        self.assertEqual(LIB.sudoku_solve_unique(board), SUDOKU_NO_SOLUTION)
        self.assertEqual(board.raw, UNSOLVABLE)

    def test_invalid_boards_are_untouched(self):
        for text, expected in [
            (b"x" + EMPTY[1:], SUDOKU_INVALID_CHARACTER),
            (b"55" + EMPTY[2:], SUDOKU_CONFLICTING_GIVENS),
        ]:
            for solve in (LIB.sudoku_solve, LIB.sudoku_solve_unique):
                board = Board.from_buffer_copy(text)
                self.assertEqual(solve(board), expected)
                self.assertEqual(board.raw, text)

    def test_null_board(self):
        self.assertEqual(LIB.sudoku_solve(None), SUDOKU_NULL_POINTER)
        self.assertEqual(LIB.sudoku_solve_unique(None), SUDOKU_NULL_POINTER)


class Count(unittest.TestCase):
    def test_empty_board_stops_at_the_limit(self):
        self.assertEqual(count(EMPTY, 1000), (SUDOKU_OK, 1000))

    def test_deadly_rectangle_has_two_solutions(self):
        self.assertEqual(count(DEADLY, 10), (SUDOKU_OK, 2))
        self.assertEqual(count(DEADLY, 1), (SUDOKU_OK, 1))

    def test_unique_and_unsolvable(self):
        self.assertEqual(count(TOP1, 2), (SUDOKU_OK, 1))
        self.assertEqual(count(UNSOLVABLE, 2), (SUDOKU_OK, 0))

    def test_bad_arguments_leave_the_count(self):
        self.assertEqual(count(EMPTY, 0), (SUDOKU_INVALID_ARGUMENT, None))
        self.assertEqual(count(None, 5), (SUDOKU_NULL_POINTER, None))
        self.assertEqual(LIB.sudoku_count_solutions(EMPTY, 5, None), SUDOKU_NULL_POINTER)
        self.assertEqual(count(b"0" * 80 + b"a", 5), (SUDOKU_INVALID_CHARACTER, None))
        self.assertEqual(count(CLASSIC[:9] + b"5" + CLASSIC[10:], 5),
                         (SUDOKU_CONFLICTING_GIVENS, None))


def list_solutions(board, capacity, room=None):
    """Returns (status, solutions, more, buffer): `room` boards of buffer (default `capacity`)
    preset to '#' plus one guard board; solutions is None when *written was left untouched,
    more None when *more was."""
    room = capacity if room is None else room
    buffer = ctypes.create_string_buffer(b"#" * ((room + 1) * CELLS), (room + 1) * CELLS)
    written = ctypes.c_size_t(999)
    more = ctypes.c_uint8(2)  # a byte beside the bool: 2 is no bool value
    status = LIB.sudoku_list_solutions(
        board, buffer, capacity, ctypes.byref(written),
        ctypes.cast(ctypes.byref(more), ctypes.POINTER(ctypes.c_bool)))
    raw = buffer.raw
    solutions = None
    if written.value != 999:
        solutions = [raw[i * CELLS:(i + 1) * CELLS] for i in range(written.value)]
    return status, solutions, (None if more.value == 2 else bool(more.value)), raw


class ListSolutions(unittest.TestCase):
    DEADLY_SORTED = sorted([
        CLASSIC_SOLUTION,
        b"534768912672195348198342567859671423426853791713924856961537284287419635345286179",
    ])

    def test_sorted_solutions_back_to_back(self):
        status, solutions, more, raw = list_solutions(DEADLY, 3)
        self.assertEqual((status, solutions, more), (SUDOKU_OK, self.DEADLY_SORTED, False))
        self.assertEqual(raw[2 * CELLS:], b"#" * (2 * CELLS))
        status, solutions, more, raw = list_solutions(DEADLY, 1)
        self.assertEqual((status, solutions, more), (SUDOKU_OK, self.DEADLY_SORTED[:1], True))
        self.assertEqual(raw[CELLS:], b"#" * CELLS)

    def test_none_one_and_capacity_zero(self):
        self.assertEqual(list_solutions(UNSOLVABLE, 2)[:3], (SUDOKU_OK, [], False))
        self.assertEqual(list_solutions(TOP1, 2)[:3], (SUDOKU_OK, [TOP1_SOLUTION], False))
        written = ctypes.c_size_t(999)
        more = ctypes.c_bool(False)
        self.assertEqual(
            LIB.sudoku_list_solutions(TOP1, None, 0, ctypes.byref(written), ctypes.byref(more)),
            SUDOKU_OK)
        self.assertEqual((written.value, more.value), (0, True))

    def test_bad_arguments_write_nothing(self):
        untouched = (None, None, b"#" * (3 * CELLS))
        for board, capacity, status in [
            (None, 2, SUDOKU_NULL_POINTER),
            (EMPTY, 2**64 - 1, SUDOKU_INVALID_ARGUMENT),
            (EMPTY, 2**63 // CELLS + 1, SUDOKU_INVALID_ARGUMENT),
            (b"0" * 80 + b"a", 2, SUDOKU_INVALID_CHARACTER),
            (CLASSIC[:9] + b"5" + CLASSIC[10:], 2, SUDOKU_CONFLICTING_GIVENS),
        ]:
            result = list_solutions(board, capacity, room=2)
            self.assertEqual((result[0],) + result[1:], (status,) + untouched, (board, capacity))
        self.assertEqual(
            LIB.sudoku_list_solutions(EMPTY, None, 1, ctypes.byref(ctypes.c_size_t()),
                                      ctypes.byref(ctypes.c_bool())),
            SUDOKU_NULL_POINTER)
        self.assertEqual(
            LIB.sudoku_list_solutions(EMPTY, None, 0, None, ctypes.byref(ctypes.c_bool())),
            SUDOKU_NULL_POINTER)


class Validate(unittest.TestCase):
    def test_valid_boards(self):
        for board in (EMPTY, TOP1, CLASSIC, CLASSIC_SOLUTION, UNSOLVABLE):
            self.assertEqual(validate(board), (SUDOKU_OK, None))

    def test_invalid_character_reports_its_cell(self):
        self.assertEqual(validate(EMPTY[:40] + b" " + EMPTY[41:]), (SUDOKU_INVALID_CHARACTER, 40))
        self.assertEqual(validate(TOP1[:80] + b"\x00"), (SUDOKU_INVALID_CHARACTER, 80))

    def test_conflict_reports_the_later_cell(self):
        # Row: CLASSIC row 1 already holds a 5 at cell 0; a 5 at cell 8 repeats it.
        self.assertEqual(validate(CLASSIC[:8] + b"5" + CLASSIC[9:]), (SUDOKU_CONFLICTING_GIVENS, 8))
        # Column: cells 4 and 76.
        self.assertEqual(validate(b"." * 4 + b"7" + b"." * 71 + b"7" + b"." * 4),
                         (SUDOKU_CONFLICTING_GIVENS, 76))
        # Box: cells 60 and 80 (box 9).
        self.assertEqual(validate(b"." * 60 + b"3" + b"." * 19 + b"3"),
                         (SUDOKU_CONFLICTING_GIVENS, 80))

    def test_the_first_fault_in_row_major_order_wins(self):
        board = b"11" + b"." * 10 + b"x" + b"." * 68
        self.assertEqual(validate(board), (SUDOKU_CONFLICTING_GIVENS, 1))

    def test_cell_may_be_null(self):
        self.assertEqual(LIB.sudoku_validate(b"x" + EMPTY[1:], None), SUDOKU_INVALID_CHARACTER)
        self.assertEqual(LIB.sudoku_validate(None, None), SUDOKU_NULL_POINTER)

    def test_conflicts_mark_both_cells(self):
        # 7 at cells 4 and 76 (column 5); 3 at cells 60 and 80 (box 9): all four marked, with
        # the house they share (1 row, 2 column, 4 box).
        board = b"." * 4 + b"7" + b"." * 55 + b"3" + b"." * 15 + b"7" + b"." * 3 + b"3"
        houses = (ctypes.c_uint8 * CELLS)()
        n = ctypes.c_size_t(999)
        self.assertEqual(LIB.sudoku_board_conflicts(board, houses, ctypes.byref(n)), SUDOKU_OK)
        self.assertEqual(n.value, 4)
        self.assertEqual({i: h for i, h in enumerate(houses) if h}, {4: 2, 76: 2, 60: 4, 80: 4})
        self.assertEqual(LIB.sudoku_board_conflicts(TOP1, houses, None), SUDOKU_OK)
        self.assertEqual(list(houses), [0] * CELLS)
        untouched = (ctypes.c_uint8 * CELLS)(*([0xEE] * CELLS))
        self.assertEqual(LIB.sudoku_board_conflicts(b"x" + EMPTY[1:], untouched, None),
                         SUDOKU_INVALID_CHARACTER)
        self.assertEqual(LIB.sudoku_board_conflicts(None, untouched, None), SUDOKU_NULL_POINTER)
        self.assertEqual(LIB.sudoku_board_conflicts(TOP1, None, ctypes.byref(n)),
                         SUDOKU_NULL_POINTER)
        self.assertEqual((list(untouched), n.value), ([0xEE] * CELLS, 4))


class ReadInfo(ctypes.Structure):
    _fields_ = [("struct_size", ctypes.c_uint32), ("kind", ctypes.c_uint32),
                ("first_line", ctypes.c_size_t), ("consumed", ctypes.c_size_t),
                ("lines", ctypes.c_size_t), ("line", ctypes.c_size_t),
                ("column", ctypes.c_size_t), ("offset", ctypes.c_size_t),
                ("reason", ctypes.c_uint32), ("message", ctypes.c_char * 128)]


LIB.sudoku_read_info_init.argtypes = [ctypes.POINTER(ReadInfo)]
LIB.sudoku_read_info_init.restype = None
LIB.sudoku_read_puzzle.argtypes = [ctypes.c_char_p, ctypes.c_size_t, ctypes.POINTER(ctypes.c_char),
                                   ctypes.POINTER(ctypes.c_uint16), ctypes.POINTER(ReadInfo)]
LIB.sudoku_read_puzzle.restype = ctypes.c_int


class Read(unittest.TestCase):
    def call(self, text, candidates=True):
        board = Board.from_buffer_copy(b"#" * CELLS)
        cands = (ctypes.c_uint16 * CELLS)(*([7] * CELLS)) if candidates else None
        info = ReadInfo()
        LIB.sudoku_read_info_init(ctypes.byref(info))
        status = LIB.sudoku_read_puzzle(text, len(text), board, cands, ctypes.byref(info))
        return status, board.raw, (list(cands) if candidates else None), info

    def test_a_stream_of_puzzles(self):
        text = b"#A author\n" + TOP1 + b" ED=1.2/1.2/1.2\r\n" + CLASSIC + b"\n"
        status, board, cands, info = self.call(text)
        self.assertEqual((status, board, info.kind), (SUDOKU_OK, TOP1, 1))
        self.assertEqual((info.consumed, info.lines, info.line, info.first_line), (10 + 98, 2, 2, 3))
        self.assertEqual(cands, [7] * CELLS)
        status, board, _, info = self.call(text[108:])
        self.assertEqual((status, board), (SUDOKU_OK, CLASSIC.replace(b"0", b".")))
        status, board, _, info = self.call(b"\n\n")
        self.assertEqual((status, board, info.consumed), (SUDOKU_END_OF_INPUT, b"#" * CELLS, 2))

    def test_a_bad_text_writes_nothing_but_the_info(self):
        status, board, cands, info = self.call(b"4.." + b"\xc2" + b"." * 77)
        self.assertEqual((status, board, cands), (SUDOKU_INVALID_FORMAT, b"#" * CELLS, [7] * CELLS))
        self.assertEqual((info.line, info.column, info.offset, info.reason), (1, 4, 3, 1))
        self.assertEqual(info.message, b"byte 0xC2 at line 1, column 4 is not a digit or a blank")

    def test_candidates(self):
        line = (b"123456789" + b"1........") + b"........9" * 79
        status, board, cands, info = self.call(line)
        self.assertEqual((status, info.kind), (SUDOKU_OK, 2))
        self.assertEqual(cands[:3], [0x1FF, 1, 0x100])
        self.assertEqual(board[:3], b".19")
        status, board, _, info = self.call(line, candidates=False)
        self.assertEqual((status, info.reason, info.consumed), (SUDOKU_INVALID_FORMAT, 8, 729))

    def test_arguments(self):
        info = ReadInfo()
        LIB.sudoku_read_info_init(ctypes.byref(info))
        self.assertEqual(LIB.sudoku_read_puzzle(TOP1, 81, None, None, ctypes.byref(info)),
                         SUDOKU_NULL_POINTER)
        self.assertEqual(LIB.sudoku_read_puzzle(None, 0, Board(), None, ctypes.byref(info)),
                         SUDOKU_END_OF_INPUT)
        info.struct_size = 8
        self.assertEqual(LIB.sudoku_read_puzzle(TOP1, 81, Board(), None, ctypes.byref(info)),
                         SUDOKU_INVALID_ARGUMENT)


class Messages(unittest.TestCase):
    def test_every_status_has_its_sentence(self):
        expected = {
            SUDOKU_OK: b"success",
            SUDOKU_NO_SOLUTION: b"the puzzle has no solution",
            SUDOKU_MULTIPLE_SOLUTIONS: b"the puzzle has more than one solution",
            SUDOKU_INVALID_CHARACTER: b"the board contains a byte that is not '1'-'9', '.' or '0'",
            SUDOKU_CONFLICTING_GIVENS: b"two equal givens share a row, column or box",
            SUDOKU_NULL_POINTER: b"a required pointer argument was NULL",
            SUDOKU_INVALID_ARGUMENT: b"an argument is out of range",
            SUDOKU_INTERNAL_ERROR: b"internal error in libsudoku",
            SUDOKU_INVALID_FORMAT: b"the text is not a puzzle in a known format",
            SUDOKU_END_OF_INPUT: b"no puzzle left in the text",
            SUDOKU_NOT_FOUND: b"no puzzle met the options within the attempts allowed",
            SUDOKU_WRONG_DIGIT: b"a digit or a candidate elimination contradicts the solution",
            SUDOKU_ALREADY_SOLVED: b"the board is already solved",
            SUDOKU_NO_STEP: b"no technique of the step engine applies to the position",
            SUDOKU_BUFFER_TOO_SMALL: b"an output buffer is too small",
            SUDOKU_OUT_OF_BUDGET: b"the time budget ran out; the rating written is a lower bound",
        }
        for status, message in expected.items():
            self.assertEqual(LIB.sudoku_status_message(status), message)

    def test_unknown_status(self):
        for status in (-1, 16, 2**31 - 1, -(2**31)):
            self.assertEqual(LIB.sudoku_status_message(status), b"unknown status")

    def test_version(self):
        expected = os.environ.get("SUDOKU_EXPECTED_VERSION")
        self.assertIsNotNone(expected, "set SUDOKU_EXPECTED_VERSION to the crate version")
        self.assertEqual(LIB.sudoku_version(), expected.encode())


class Transform(ctypes.Structure):
    """struct sudoku_transform (29 bytes, no padding)."""

    _fields_ = [
        ("transpose", ctypes.c_uint8),
        ("rows", ctypes.c_uint8 * 9),
        ("columns", ctypes.c_uint8 * 9),
        ("digits", ctypes.c_uint8 * 10),
    ]


LIB.sudoku_canonicalize.argtypes = [ctypes.c_char_p, ctypes.POINTER(ctypes.c_char),
                                    ctypes.POINTER(Transform)]
LIB.sudoku_canonicalize.restype = ctypes.c_int
LIB.sudoku_transform_apply.argtypes = [ctypes.POINTER(Transform), ctypes.c_char_p,
                                       ctypes.POINTER(ctypes.c_char)]
LIB.sudoku_transform_apply.restype = ctypes.c_int
LIB.sudoku_transform_invert.argtypes = [ctypes.POINTER(Transform), ctypes.POINTER(Transform)]
LIB.sudoku_transform_invert.restype = ctypes.c_int
LIB.sudoku_transform_random.argtypes = [ctypes.c_uint64, ctypes.POINTER(Transform)]
LIB.sudoku_transform_random.restype = ctypes.c_int
LIB.sudoku_transform_apply_candidates.argtypes = [ctypes.POINTER(Transform),
                                                  ctypes.POINTER(ctypes.c_uint16),
                                                  ctypes.POINTER(ctypes.c_uint16)]
LIB.sudoku_transform_apply_candidates.restype = ctypes.c_int


class Canonical(unittest.TestCase):
    # The form of TOP1, computed by the test kit's brute force (testkit/src/minlex.rs).
    TOP1_FORM = b"........1.....2.3...4.5........6.7...3.....2..8...9......9.1.8...7......5.6...4.."

    def test_form_transform_and_inverse(self):
        self.assertEqual(ctypes.sizeof(Transform), 29)
        form = (ctypes.c_char * CELLS)()
        t = Transform()
        self.assertEqual(LIB.sudoku_canonicalize(TOP1, form, ctypes.byref(t)), SUDOKU_OK)
        self.assertEqual(form.raw, self.TOP1_FORM)
        out = (ctypes.c_char * CELLS)()
        self.assertEqual(LIB.sudoku_transform_apply(ctypes.byref(t), TOP1, out), SUDOKU_OK)
        self.assertEqual(out.raw, self.TOP1_FORM)
        inverse = Transform()
        self.assertEqual(LIB.sudoku_transform_invert(ctypes.byref(t), ctypes.byref(inverse)),
                         SUDOKU_OK)
        self.assertEqual(LIB.sudoku_transform_apply(ctypes.byref(inverse), form.raw, out),
                         SUDOKU_OK)
        self.assertEqual(out.raw, TOP1)
        # Without a transform.
        self.assertEqual(LIB.sudoku_canonicalize(TOP1, form, None), SUDOKU_OK)
        self.assertEqual(form.raw, self.TOP1_FORM)

    def test_failures_write_nothing(self):
        form = (ctypes.c_char * CELLS)(*([b"#"] * CELLS))
        t = Transform(0xEE)
        conflict = b"55" + b"." * 79
        self.assertEqual(LIB.sudoku_canonicalize(conflict, form, ctypes.byref(t)),
                         SUDOKU_CONFLICTING_GIVENS)
        self.assertEqual(LIB.sudoku_canonicalize(b"x" * CELLS, form, ctypes.byref(t)),
                         SUDOKU_INVALID_CHARACTER)
        self.assertEqual(LIB.sudoku_canonicalize(None, form, ctypes.byref(t)), SUDOKU_NULL_POINTER)
        self.assertEqual(LIB.sudoku_canonicalize(TOP1, None, ctypes.byref(t)), SUDOKU_NULL_POINTER)
        self.assertEqual((form.raw, t.transpose), (b"#" * CELLS, 0xEE))
        bad = Transform(0, (ctypes.c_uint8 * 9)(3, 1, 2, 0, 4, 5, 6, 7, 8),
                        (ctypes.c_uint8 * 9)(*range(9)), (ctypes.c_uint8 * 10)(*range(10)))
        self.assertEqual(LIB.sudoku_transform_apply(ctypes.byref(bad), TOP1, form),
                         SUDOKU_INVALID_ARGUMENT)
        self.assertEqual(LIB.sudoku_transform_invert(ctypes.byref(bad), ctypes.byref(t)),
                         SUDOKU_INVALID_ARGUMENT)
        self.assertEqual(LIB.sudoku_transform_apply(None, TOP1, form), SUDOKU_NULL_POINTER)
        self.assertEqual(LIB.sudoku_transform_invert(ctypes.byref(bad), None), SUDOKU_NULL_POINTER)
        self.assertEqual(LIB.sudoku_transform_random(7, None), SUDOKU_NULL_POINTER)
        self.assertEqual((form.raw, t.transpose), (b"#" * CELLS, 0xEE))

    def test_random_transform(self):
        # Seed 2026's draw, as tests/canonical_ffi.rs pins it; a 64-bit seed passes whole.
        t = Transform(0xEE)
        self.assertEqual(LIB.sudoku_transform_random(2026, ctypes.byref(t)), SUDOKU_OK)
        self.assertEqual((t.transpose, list(t.rows), list(t.columns), list(t.digits)),
                         (0, [0, 2, 1, 3, 5, 4, 7, 6, 8], [5, 3, 4, 6, 8, 7, 0, 1, 2],
                          [0, 2, 7, 1, 4, 5, 6, 8, 3, 9]))
        high = Transform(0xEE)
        self.assertEqual(LIB.sudoku_transform_random(2026 + 2**63, ctypes.byref(high)), SUDOKU_OK)
        self.assertNotEqual(bytes(high), bytes(t))
        # Applied to TOP1 it gives a puzzle of the same canonical form.
        out = (ctypes.c_char * CELLS)()
        self.assertEqual(LIB.sudoku_transform_apply(ctypes.byref(t), TOP1, out), SUDOKU_OK)
        form = (ctypes.c_char * CELLS)()
        self.assertEqual(LIB.sudoku_canonicalize(out.raw, form, None), SUDOKU_OK)
        self.assertEqual(form.raw, self.TOP1_FORM)

    def test_candidates_follow_the_transformation(self):
        # TOP1's candidates (a given's digit alone, every digit in a blank, written here) under
        # seed 2026's draw are those of the image of TOP1.
        def masks_of(board):
            return (ctypes.c_uint16 * CELLS)(*[0x1FF if c in b".0" else 1 << (c - ord("1"))
                                                for c in board])

        t = Transform()
        self.assertEqual(LIB.sudoku_transform_random(2026, ctypes.byref(t)), SUDOKU_OK)
        image = (ctypes.c_char * CELLS)()
        self.assertEqual(LIB.sudoku_transform_apply(ctypes.byref(t), TOP1, image), SUDOKU_OK)
        out = (ctypes.c_uint16 * CELLS)()
        self.assertEqual(LIB.sudoku_transform_apply_candidates(ctypes.byref(t), masks_of(TOP1),
                                                               out), SUDOKU_OK)
        self.assertEqual(list(out), list(masks_of(image.raw)))
        # In place; a mask above 0x1FF and NULLs write nothing.
        masks = masks_of(TOP1)
        self.assertEqual(LIB.sudoku_transform_apply_candidates(ctypes.byref(t), masks, masks),
                         SUDOKU_OK)
        self.assertEqual(list(masks), list(out))
        masks[80] = 0x200
        untouched = (ctypes.c_uint16 * CELLS)(*([0xEEEE] * CELLS))
        self.assertEqual(LIB.sudoku_transform_apply_candidates(ctypes.byref(t), masks, untouched),
                         SUDOKU_INVALID_ARGUMENT)
        self.assertEqual(LIB.sudoku_transform_apply_candidates(None, masks, untouched),
                         SUDOKU_NULL_POINTER)
        self.assertEqual(LIB.sudoku_transform_apply_candidates(ctypes.byref(t), None, untouched),
                         SUDOKU_NULL_POINTER)
        self.assertEqual(list(untouched), [0xEEEE] * CELLS)


LIB.sudoku_generate_pattern.argtypes = [ctypes.c_uint64, ctypes.c_char_p, ctypes.c_uint64,
                                        ctypes.POINTER(ctypes.c_char),
                                        ctypes.POINTER(ctypes.c_char)]
LIB.sudoku_generate_pattern.restype = ctypes.c_int


class GeneratePattern(unittest.TestCase):
    HEART = (b".xx...xx.x..x.x..xx...x...xx.......x.x.....x...x...x.....x.x.......x....xxxxxxxxx")

    def test_the_pinned_heart_and_its_solution(self):
        # Seed 2026's heart, as tests/generate_ffi.rs pins it; the seed passes as 64 bits.
        puzzle, solution = (ctypes.c_char * CELLS)(), (ctypes.c_char * CELLS)()
        self.assertEqual(LIB.sudoku_generate_pattern(2026, self.HEART, 1000, puzzle, solution),
                         SUDOKU_OK)
        self.assertEqual(puzzle.raw, b".48...62.1..8.5..75...2...99.......6.8.....4...3...2....."
                                     b"6.1.......8....627594183")
        self.assertTrue(all((p == ord(".")) == (h == ord(".")) for p, h in
                            zip(puzzle.raw, self.HEART)))
        copy = (ctypes.c_char * CELLS)(*puzzle.raw)
        self.assertEqual(LIB.sudoku_solve_unique(copy), SUDOKU_OK)
        self.assertEqual(copy.raw, solution.raw)

    def test_failures_write_nothing(self):
        out = (ctypes.c_char * CELLS)(*([b"#"] * CELLS))
        self.assertEqual(LIB.sudoku_generate_pattern(1, self.HEART, 0, out, None),
                         SUDOKU_INVALID_ARGUMENT)
        self.assertEqual(LIB.sudoku_generate_pattern(1, b"?" * CELLS, 9, out, None),
                         SUDOKU_INVALID_CHARACTER)
        self.assertEqual(LIB.sudoku_generate_pattern(1, None, 9, out, None), SUDOKU_NULL_POINTER)
        self.assertEqual(LIB.sudoku_generate_pattern(1, self.HEART, 9, None, None),
                         SUDOKU_NULL_POINTER)
        self.assertEqual(out.raw, b"#" * CELLS)


class PatternOptions(ctypes.Structure):
    """sudoku_pattern_options, declared here from the header's layout."""

    _fields_ = [("struct_size", ctypes.c_uint32), ("max_attempts", ctypes.c_uint64),
                ("first_index", ctypes.c_uint64), ("min_er", ctypes.c_uint16),
                ("max_er", ctypes.c_uint16)]


LIB.sudoku_pattern_options_init_size.argtypes = [ctypes.POINTER(PatternOptions), ctypes.c_size_t]
LIB.sudoku_pattern_options_init_size.restype = ctypes.c_int
LIB.sudoku_generate_pattern_with.argtypes = [ctypes.c_uint64, ctypes.c_char_p,
                                             ctypes.POINTER(PatternOptions),
                                             ctypes.POINTER(ctypes.c_char),
                                             ctypes.POINTER(ctypes.c_char)]
LIB.sudoku_generate_pattern_with.restype = ctypes.c_int
LIB.sudoku_generate_pattern_batch.argtypes = [ctypes.c_uint64, ctypes.c_char_p,
                                              ctypes.POINTER(PatternOptions), ctypes.c_size_t,
                                              ctypes.POINTER(ctypes.c_char),
                                              ctypes.POINTER(ctypes.c_int), ctypes.c_size_t]
LIB.sudoku_generate_pattern_batch.restype = ctypes.c_int


class GeneratePatternWithOptions(unittest.TestCase):
    HEART = GeneratePattern.HEART

    def test_the_batch_s_first_item_is_the_pinned_heart_and_the_rest_the_indexed_call_s(self):
        options = PatternOptions()
        self.assertEqual(LIB.sudoku_pattern_options_init_size(ctypes.byref(options),
                                                              ctypes.sizeof(options)), SUDOKU_OK)
        self.assertEqual((options.struct_size, options.max_attempts, options.first_index),
                         (32, 1000, 0))
        puzzles = (ctypes.c_char * (3 * CELLS))()
        statuses = (ctypes.c_int * 3)()
        self.assertEqual(LIB.sudoku_generate_pattern_batch(2026, self.HEART, ctypes.byref(options),
                                                           3, puzzles, statuses, 0), SUDOKU_OK)
        self.assertEqual(puzzles.raw[:CELLS], b".48...62.1..8.5..75...2...99.......6.8.....4...3"
                                              b"...2.....6.1.......8....627594183")
        for i in range(3):
            options.first_index = i
            one = (ctypes.c_char * CELLS)()
            status = LIB.sudoku_generate_pattern_with(2026, self.HEART, ctypes.byref(options),
                                                      one, None)
            self.assertEqual(status, statuses[i])
            if status == SUDOKU_OK:
                self.assertEqual(one.raw, puzzles.raw[i * CELLS:(i + 1) * CELLS])

    def test_failures_write_nothing(self):
        options = PatternOptions()
        LIB.sudoku_pattern_options_init_size(ctypes.byref(options), ctypes.sizeof(options))
        options.min_er, options.max_er = 50, 40
        out = (ctypes.c_char * CELLS)(*([b"#"] * CELLS))
        self.assertEqual(LIB.sudoku_generate_pattern_with(1, self.HEART, ctypes.byref(options),
                                                          out, None), SUDOKU_INVALID_ARGUMENT)
        statuses = (ctypes.c_int * 1)(-7)
        self.assertEqual(LIB.sudoku_generate_pattern_batch(1, self.HEART, ctypes.byref(options),
                                                           1, out, statuses, 1),
                         SUDOKU_INVALID_ARGUMENT)
        self.assertEqual(LIB.sudoku_generate_pattern_batch(1, None, None, 1, out, statuses, 1),
                         SUDOKU_NULL_POINTER)
        self.assertEqual(LIB.sudoku_generate_pattern_batch(1, b"?" * CELLS, None, 1, out,
                                                           statuses, 1), SUDOKU_INVALID_CHARACTER)
        self.assertEqual((out.raw, statuses[0]), (b"#" * CELLS, -7))


LIB.sudoku_pattern_symmetries.argtypes = [ctypes.c_char_p, ctypes.POINTER(ctypes.c_uint32)]
LIB.sudoku_pattern_symmetries.restype = ctypes.c_int


class PatternSymmetries(unittest.TestCase):
    def test_bits_of_the_symmetries(self):
        bits = ctypes.c_uint32(7)
        self.assertEqual(LIB.sudoku_pattern_symmetries(EMPTY, ctypes.byref(bits)), SUDOKU_OK)
        self.assertEqual(bits.value, 0x3FF)
        # r1c1 and r9c9: none (0), the half turn (1), the diagonal (5) and anti-diagonal (6)
        # mirrors and both together (7).
        corners = b"1" + b"." * 79 + b"2"
        self.assertEqual(LIB.sudoku_pattern_symmetries(corners, ctypes.byref(bits)), SUDOKU_OK)
        self.assertEqual(bits.value, 1 | 1 << 1 | 1 << 5 | 1 << 6 | 1 << 7)
        self.assertEqual(LIB.sudoku_pattern_symmetries(TOP1, ctypes.byref(bits)), SUDOKU_OK)
        self.assertEqual(bits.value, 1)
        bits.value = 7
        self.assertEqual(LIB.sudoku_pattern_symmetries(b"x" + EMPTY[1:], ctypes.byref(bits)),
                         SUDOKU_INVALID_CHARACTER)
        self.assertEqual(LIB.sudoku_pattern_symmetries(None, ctypes.byref(bits)),
                         SUDOKU_NULL_POINTER)
        self.assertEqual(LIB.sudoku_pattern_symmetries(TOP1, None), SUDOKU_NULL_POINTER)
        self.assertEqual(bits.value, 7)


class Rating(ctypes.Structure):
    """sudoku_rating, as the header declares it."""

    _fields_ = [("er", ctypes.c_uint16), ("ep", ctypes.c_uint16), ("ed", ctypes.c_uint16),
                ("hardest", ctypes.c_int16), ("steps", ctypes.c_uint32),
                ("complete", ctypes.c_uint8)]


class Step(ctypes.Structure):
    """sudoku_step, as the header declares it."""

    _fields_ = [("technique", ctypes.c_int32), ("rating", ctypes.c_uint16),
                ("cell", ctypes.c_uint8), ("digit", ctypes.c_uint8),
                ("eliminations", ctypes.c_uint64 * 12), ("cells", ctypes.c_uint64 * 2),
                ("houses", ctypes.c_uint32), ("digits", ctypes.c_uint16),
                ("chain_len", ctypes.c_uint16), ("chain", ctypes.c_uint16 * 128),
                ("chain_truncated", ctypes.c_uint8)]


class StepEngine(unittest.TestCase):
    """sudoku_rate, sudoku_hint, sudoku_solve_path, sudoku_step_explain,
    sudoku_technique_name and sudoku_level_name through plain ctypes, with the layouts of the
    header."""

    # The first puzzle of ratings/se_qqwing_2000.txt: 1.5/1.2/1.2 there.
    PUZZLE = b".9.....4157.1..6.....8..........54.8.......1...64..579...58.3.....7.3.6.3..6.49.."

    def setUp(self):
        LIB.sudoku_rate.argtypes = [ctypes.c_char_p, ctypes.POINTER(Rating)]
        LIB.sudoku_rate.restype = ctypes.c_int
        LIB.sudoku_hint.argtypes = [ctypes.c_char_p, ctypes.c_char_p,
                                    ctypes.POINTER(ctypes.c_uint16), ctypes.POINTER(Step),
                                    ctypes.POINTER(ctypes.c_size_t)]
        LIB.sudoku_hint.restype = ctypes.c_int
        LIB.sudoku_solve_path.argtypes = [ctypes.c_char_p, ctypes.POINTER(Step), ctypes.c_size_t,
                                          ctypes.POINTER(ctypes.c_size_t),
                                          ctypes.POINTER(ctypes.c_bool)]
        LIB.sudoku_solve_path.restype = ctypes.c_int
        LIB.sudoku_step_explain.argtypes = [ctypes.POINTER(Step), ctypes.c_char_p,
                                            ctypes.c_size_t, ctypes.POINTER(ctypes.c_size_t)]
        LIB.sudoku_step_explain.restype = ctypes.c_int
        LIB.sudoku_technique_name.argtypes = [ctypes.c_int]
        LIB.sudoku_technique_name.restype = ctypes.c_char_p
        LIB.sudoku_level_name.argtypes = [ctypes.c_uint16]
        LIB.sudoku_level_name.restype = ctypes.c_char_p

    def test_layouts(self):
        self.assertEqual(ctypes.sizeof(Rating), 16)
        self.assertEqual(ctypes.sizeof(Step), 392)

    def test_rate_hint_path_explain(self):
        r = Rating()
        self.assertEqual(LIB.sudoku_rate(self.PUZZLE, ctypes.byref(r)), SUDOKU_OK)
        self.assertEqual((r.er, r.ep, r.ed, r.complete, r.hardest), (15, 12, 12, 1, 2))
        step = Step()
        cell = ctypes.c_size_t(99)
        self.assertEqual(LIB.sudoku_hint(self.PUZZLE, None, None, ctypes.byref(step),
                                         ctypes.byref(cell)), SUDOKU_OK)
        # Box 6 has 6 only at r5c9 (cell 44): a hidden single in a box (1), ER 1.2.
        self.assertEqual((step.technique, step.rating, step.cell, step.digit),
                         (1, 12, 44, 6))
        self.assertEqual(step.houses, 1 << 23)
        needed = ctypes.c_size_t(0)
        self.assertEqual(LIB.sudoku_step_explain(ctypes.byref(step), None, 0,
                                                 ctypes.byref(needed)), SUDOKU_BUFFER_TOO_SMALL)
        text = ctypes.create_string_buffer(needed.value)
        self.assertEqual(LIB.sudoku_step_explain(ctypes.byref(step), text, needed.value, None),
                         SUDOKU_OK)
        self.assertEqual(text.value, b"Hidden Single in box 6: r5c9 = 6")
        count = ctypes.c_size_t(0)
        done = ctypes.c_bool(False)
        self.assertEqual(LIB.sudoku_solve_path(self.PUZZLE, None, 0, ctypes.byref(count),
                                               ctypes.byref(done)), SUDOKU_BUFFER_TOO_SMALL)
        self.assertEqual(count.value, self.PUZZLE.count(b"."))
        steps = (Step * count.value)()
        self.assertEqual(LIB.sudoku_solve_path(self.PUZZLE, steps, count.value,
                                               ctypes.byref(count), ctypes.byref(done)),
                         SUDOKU_OK)
        self.assertTrue(done.value)
        self.assertEqual(bytes(memoryview(steps[0])), bytes(memoryview(step)))
        self.assertEqual(LIB.sudoku_technique_name(11), b"X-Wing")
        self.assertEqual(LIB.sudoku_technique_name(59),
                         b"Dynamic Contradiction Forcing Chain (+ Dynamic Forcing Chains)")
        self.assertIsNone(LIB.sudoku_technique_name(67))
        self.assertEqual(LIB.sudoku_level_name(62), b"Fiendish")
        self.assertEqual(LIB.sudoku_hint(b"." * 81, None, None, ctypes.byref(step), None),
                         SUDOKU_NO_STEP)


if __name__ == "__main__":
    result = unittest.main(exit=False, verbosity=2).result
    # A run that found no tests is a failure too.
    sys.exit(0 if result.wasSuccessful() and result.testsRun > 0 else 1)
