"""The step engine: Sudoku Explainer's rating, hints, solving paths and explanations (rate,
rate_batch, Rating, hint, solve_path, SolvePath, Step, explain, apply_step, technique_name,
level_name). Imports _loader, _checks, _public, _errors, _args, _batch and _candidates (the
player's pencilmarks of hint and apply_step).
"""

from __future__ import annotations

import ctypes
import dataclasses
from typing import Iterable, List, NamedTuple, Optional, Tuple, Union

from ._args import CELLS, Board, _batch_texts, _fail, _initialized, _to_bytes
from ._batch import _at, _chunks
from ._candidates import Masks, _Masks, _player_masks, board_candidates
from ._checks import (
    _check_board_type,
    _finite,
    _rating_number,
    _require_bool,
    _require_int,
    _type_name,
)
from ._errors import (
    SUDOKU_BUFFER_TOO_SMALL,
    SUDOKU_CONFLICTING_GIVENS,
    SUDOKU_INVALID_ARGUMENT,
    SUDOKU_INVALID_CHARACTER,
    SUDOKU_NO_SOLUTION,
    SUDOKU_NO_STEP,
    SUDOKU_OK,
    SUDOKU_OUT_OF_BUDGET,
    SUDOKU_WRONG_DIGIT,
    SudokuError,
    _message,
)
from ._loader import _library, _RateOptions, _Rating, _Step
from ._public import _public


@_public
@dataclasses.dataclass(frozen=True)
class Rating:
    """A puzzle's Sudoku Explainer rating (rate, rate_batch), as serate prints it.

    er, ep, ed: ER (the hardest step), EP (the hardest up to the first placement) and ED (the
        first step), floats with one decimal (1.5; 0.0 for none). When complete is False, er is
        a lower bound of SE's ER (the engine stopped where no technique finds a step, up to
        SE's last, the nested forcing chains of level 5: er is then at least 11.0, or at least
        9.5 on a puzzle with several solutions, whose nested chains are skipped; or its time
        budget ran out), and ep and ed are exact unless 0.0.
    complete: True when the engine solved the puzzle (the three ratings are SE's).
    hardest: the name of the hardest step's technique ("X-Wing"), None when no step was taken.
    steps: the number of steps taken.
    out_of_budget: True when rate's budget_ms ran out before the end (er is then a lower
        bound: the hardest step taken, or the base rating of the technique being searched).
    """

    er: float
    ep: float
    ed: float
    complete: bool
    hardest: Optional[str]
    steps: int
    out_of_budget: bool = False


@_public
@dataclasses.dataclass(frozen=True)
class Step:
    """One step of the engine (hint, solve_path); explain(step) gives it in English.

    Cells are 0-80, row-major; digits 1-9; houses 0-26 (rows 0-8, columns 9-17, boxes 18-26,
    row-major).

    technique: its English name ("Hidden Single (box)"); technique_id: its sudoku_technique
        value (0-66).
    rating: the step's ER (a float with one decimal).
    placement: (cell, digit) placed, or None.
    eliminations: the candidates removed, (cell, digit) pairs in increasing order of
        9 * cell + digit. For the direct techniques they reveal the placement, which is the
        step's only effect.
    cells, houses, digits: the pattern, each a sorted list.
    chain: for chaining techniques, the chain's nodes (cell, digit, on): on=True for "digit is
        the cell's value", False for "is not"; None ends a branch. Empty otherwise.
    chain_truncated: True when the engine kept only the first 128 entries of the chain.
    """

    technique: str
    technique_id: int
    rating: float
    placement: Optional[Tuple[int, int]]
    eliminations: List[Tuple[int, int]]
    cells: List[int]
    houses: List[int]
    digits: List[int]
    chain: List[Optional[Tuple[int, int, bool]]]
    chain_truncated: bool


@_public
class SolvePath(NamedTuple):
    """solve_path's result: the steps and whether they reach the solution (False: the engine
    stopped at a position where no technique finds a step; the steps are those a player can
    take until then)."""

    steps: List[Step]
    complete: bool


def technique_name(technique: int) -> Optional[str]:
    """The English name of a technique (a sudoku_technique value 0-66), None for another
    value."""
    technique = _require_int("technique", technique)
    if not -(2**31) <= technique < 2**31:
        return None
    name = _library().sudoku_technique_name(technique)
    return None if name is None else name.decode("ascii")


def level_name(er: float) -> str:
    """The difficulty level of an ER (sudoku_level_name): "Easy" up to 1.2, "Medium" 1.3-2.5,
    "Hard" 2.6-6.0, "Fiendish" 6.1-7.0, "Diabolical" 7.1-9.0, "Extreme" above; an ER between
    tenths counts as serate prints it, int((er + 0.05) * 10) tenths (1.25 is 1.3). ValueError
    for an ER outside 0-6553.5 (or not a finite number), TypeError for anything but an int or a
    float."""
    number = _rating_number(er)
    if number is None:
        raise TypeError("level_name takes an ER (a number such as 7.2), not %s"
                        % _type_name(er))
    er = number
    # The range is checked on er itself (rounding first took -0.05 for 0.0), and tenths are
    # taken as serate rounds an ER for printing, (int)((x + 0.05) * 10): 9.05 is 9.1.
    if not (_finite(er) and 0 <= er <= 6553.5):
        raise ValueError("an ER is from 0 to 6553.5")
    tenths = int((er + 0.05) * 10)
    if tenths > 0xFFFF:
        raise ValueError("an ER is from 0 to 6553.5")
    return _library().sudoku_level_name(tenths).decode("ascii")


def _rating(raw: _Rating, out_of_budget: bool = False) -> Rating:
    return Rating(
        er=raw.er / 10,
        ep=raw.ep / 10,
        ed=raw.ed / 10,
        complete=bool(raw.complete),
        hardest=technique_name(raw.hardest) if raw.hardest >= 0 else None,
        steps=raw.steps,
        out_of_budget=out_of_budget,
    )


def rate(puzzle: Board, budget_ms: Optional[int] = None) -> Rating:
    """Rates `puzzle` as Sudoku Explainer (serate 1.2.1.3) does (see Rating). A puzzle with
    several solutions is rated by the same rule, as SE rates it, except that the nested forcing
    chains are skipped: it stops with the lower bound 9.5 where SE would search them.

    budget_ms: a time budget in milliseconds (None or 0: none). The nested forcing chains (ER
    9.5 and up) take tens of milliseconds a step on the hardest puzzles, more at levels 4 and 5
    (10.5 and up); when the budget runs out, the
    partial rating is returned with out_of_budget True and complete False (sudoku_rate_with).

    Raises SudokuError: SUDOKU_NO_SOLUTION, SUDOKU_MULTIPLE_SOLUTIONS (a uniqueness technique
    met a contradiction on a puzzle with several solutions), SUDOKU_INVALID_CHARACTER or
    SUDOKU_CONFLICTING_GIVENS (with the cell). TypeError for a budget_ms that is not an int,
    ValueError for one below 0 or above 2**32 - 1."""
    # The C API's order: the board's type, the other arguments, then the board's characters.
    _check_board_type(puzzle)
    if budget_ms is not None:
        budget_ms = _require_int("budget_ms", budget_ms)
        if not 0 <= budget_ms < 2**32:
            raise ValueError("budget_ms must be from 0 to 2**32 - 1")
    text = _to_bytes(puzzle)
    raw = _Rating()
    if budget_ms is None:
        status = _library().sudoku_rate(text, ctypes.byref(raw))
    else:
        options = _initialized(_RateOptions, "sudoku_rate_options_init_size")
        options.budget_ms = budget_ms
        status = _library().sudoku_rate_with(text, ctypes.byref(options), ctypes.byref(raw))
        if status == SUDOKU_OUT_OF_BUDGET:
            return _rating(raw, out_of_budget=True)
    if status != SUDOKU_OK:
        raise _fail(status, text)
    return _rating(raw)


def rate_batch(puzzles: Iterable[Board], threads: int = 0) -> List[Union[Rating, SudokuError]]:
    """Rates many puzzles in one library call on `threads` threads (0: every core): item i is
    rate(puzzles[i]), or the SudokuError rate would raise, returned rather than raised (a
    puzzle that is not 81 bytes included).

    Raises TypeError when `puzzles` is a single str or bytes rather than a list of them, not
    iterable, or a NumPy array other than a 1-D one of puzzle strings (the message says how to
    pass rows of ASCII characters), for a puzzle of the wrong type or a threads that is not an
    int; ValueError for threads below 0."""
    items, threads = _batch_texts("rate_batch", "rate", puzzles, threads)
    boards = [b for b in items if isinstance(b, bytes)]
    n = max(len(boards), 1)
    ratings = (_Rating * n)()
    statuses = (ctypes.c_int * n)()
    text = ctypes.create_string_buffer(b"".join(boards), n * CELLS)
    for start, stop in _chunks(len(boards), threads, "slow"):
        status = _library().sudoku_rate_batch(
            _at(text, start * CELLS, ctypes.c_char), stop - start,
            _at(ratings, start * ctypes.sizeof(_Rating), _Rating),
            _at(statuses, start * ctypes.sizeof(ctypes.c_int), ctypes.c_int), threads,
        )
        if status != SUDOKU_OK:
            raise SudokuError(status)
    out: List[Union[Rating, SudokuError]] = []
    k = 0
    for item in items:
        if isinstance(item, SudokuError):
            out.append(item)
            continue
        if statuses[k] == SUDOKU_OK:
            out.append(_rating(ratings[k]))
        else:
            out.append(_fail(statuses[k], item))
        k += 1
    return out


def _step(raw: _Step) -> Step:
    elims = raw.eliminations
    eliminations = [(bit // 9, bit % 9 + 1) for bit in range(729)
                    if elims[bit // 64] >> (bit % 64) & 1]
    chain: List[Optional[Tuple[int, int, bool]]] = []
    for entry in raw.chain[:raw.chain_len]:
        if entry == 0xFFFF:
            chain.append(None)
        else:
            index = entry & 0x3FF
            chain.append((index // 9, index % 9 + 1, bool(entry & 0x8000)))
    name = technique_name(raw.technique)
    return Step(
        technique=name if name is not None else "",
        technique_id=raw.technique,
        rating=raw.rating / 10,
        placement=(raw.cell, raw.digit) if raw.digit else None,
        eliminations=eliminations,
        cells=[c for c in range(CELLS) if raw.cells[c // 64] >> (c % 64) & 1],
        houses=[h for h in range(27) if raw.houses >> h & 1],
        digits=[d for d in range(1, 10) if raw.digits >> (d - 1) & 1],
        chain=chain,
        chain_truncated=bool(raw.chain_truncated),
    )


# The message of explain's SUDOKU_INVALID_ARGUMENT.
_STEP_FIELDS_REFUSED = "a step field is out of range or disagrees with the others"


def _raw_step(step: Step) -> _Step:
    """The sudoku_step of a Step (for explain); SudokuError SUDOKU_INVALID_ARGUMENT, naming the
    field after the message, for a field out of range, a list not sorted without repeats, or a
    technique name that is not technique_id's."""
    raw = _Step()

    def exact_int(value: object, low: int, high: int) -> int:
        # ctypes would wrap an int too large for its field, and take True as 1. An integer of
        # another type (np.int64) is an int, as everywhere in the package.
        number = _require_int("a step field", value)  # TypeError: refused below
        if not low <= number <= high:
            raise ValueError
        return number

    def flag(value: object) -> bool:
        # A bool, as the Step has it, or NumPy's (0 and 1 are ints: refused as a bool cell is).
        try:
            return _require_bool("chain_truncated", value)
        except TypeError:
            raise ValueError from None

    def increasing(keys: List[int]) -> None:
        # The lists of a Step are sorted without repeats (as the engine makes them): another
        # list is no step's, and the bit sets of the C side would quietly merge its repeats.
        if any(a >= b for a, b in zip(keys, keys[1:])):
            raise ValueError

    field = "technique_id"  # the field being read, named in the error
    try:
        raw.technique = exact_int(step.technique_id, 0, 2**31 - 1)
        name = technique_name(raw.technique)
        if name is None:  # no technique has that id
            raise ValueError
        # The name and the id say the same technique (the C side reads only the id).
        field = "technique, not technique_id's name"
        if step.technique != name:
            raise ValueError
        # A rating in tenths (7.5): another value (1.25) is out of range, not rounded.
        field = "rating"
        if isinstance(step.rating, bool) or _rating_number(step.rating) is None:
            raise TypeError
        tenths = round(step.rating * 10)
        if abs(step.rating * 10 - tenths) > 1e-6 or not 0 <= tenths <= 255:
            raise ValueError
        raw.rating = int(tenths)
        field = "placement"
        if step.placement is not None:
            cell, digit = step.placement
            raw.cell, raw.digit = exact_int(cell, 0, CELLS - 1), exact_int(digit, 1, 9)
        field = "eliminations"
        bits = [9 * exact_int(cell, 0, CELLS - 1) + exact_int(digit, 1, 9) - 1
                for cell, digit in step.eliminations]
        increasing(bits)
        for bit in bits:
            raw.eliminations[bit // 64] |= 1 << (bit % 64)
        field = "cells"
        cells = [exact_int(cell, 0, CELLS - 1) for cell in step.cells]
        increasing(cells)
        for cell in cells:
            raw.cells[cell // 64] |= 1 << (cell % 64)
        field = "houses"
        houses = [exact_int(house, 0, 26) for house in step.houses]
        increasing(houses)
        for house in houses:
            raw.houses |= 1 << house
        field = "digits"
        digits = [exact_int(digit, 1, 9) for digit in step.digits]
        increasing(digits)
        for digit in digits:
            raw.digits |= 1 << (digit - 1)
        field = "chain"
        if len(step.chain) > 128:
            raise ValueError
        for i, node in enumerate(step.chain):
            if node is None:
                raw.chain[i] = 0xFFFF
            else:
                cell, digit, on = node
                cell, digit = exact_int(cell, 0, CELLS - 1), exact_int(digit, 1, 9)
                raw.chain[i] = (9 * cell + digit - 1) | (0x8000 if flag(on) else 0)
        raw.chain_len = len(step.chain)
        field = "chain_truncated"
        raw.chain_truncated = 1 if flag(step.chain_truncated) else 0
    except (ValueError, TypeError, OverflowError):
        message = "%s: %s" % (_STEP_FIELDS_REFUSED, field)
        raise SudokuError(SUDOKU_INVALID_ARGUMENT, message) from None
    return raw


def hint(puzzle: Board, candidates: Optional[Masks] = None,
         givens: Optional[Board] = None) -> Step:
    """The next step Sudoku Explainer would take in a player's position `puzzle` (givens and
    placed digits alike), as sudoku_hint gives it.

    candidates: None (the candidates the board implies), or the player's 81 pencilmark masks
        (digit d is bit d - 1; those of filled cells are not used, though each must be from 0
        to 511): the engine works on the board's candidates intersected with them.
    givens: None, or the puzzle's givens (81 characters), to check the placed digits against
        the puzzle's solution.

    Raises SudokuError: SUDOKU_WRONG_DIGIT with the cell (a digit differs from the unique
    solution, or a mask lacks the solution's digit; with `givens`, also a placed digit that
    repeats another in a house), SUDOKU_ALREADY_SOLVED (a full board),
    SUDOKU_NO_STEP (no technique finds a step in the position; the message adds "the
    puzzle has several solutions" when that is why), SUDOKU_NO_SOLUTION (with `givens` that
    have solutions, the message says the board has none: its digits and candidates agree
    with no solution of the puzzle),
    SUDOKU_INVALID_CHARACTER or SUDOKU_CONFLICTING_GIVENS (with the cell), SUDOKU_INVALID_ARGUMENT
    (with the cell: the first mask above 0x1FF, else the first given missing from the
    board)."""
    # The C API's order: the board's type, the other arguments, then the board's characters.
    _check_board_type(puzzle)
    masks = _player_masks(candidates)
    try:
        given = None if givens is None else _to_bytes(givens)
    except SudokuError as error:
        # Name the argument: the same sentence about the board would point at `puzzle`.
        raise SudokuError(error.status, "givens: " + error.message, error.cell) from None
    text = _to_bytes(puzzle)
    raw = _Step()
    cell = ctypes.c_size_t(CELLS)
    status = _library().sudoku_hint(text, given, masks, ctypes.byref(raw), ctypes.byref(cell))
    if status == SUDOKU_WRONG_DIGIT:
        raise SudokuError(status, cell=cell.value)
    if status == SUDOKU_INVALID_ARGUMENT:
        # The masks were checked above, so it is a given missing from the board: name it.
        if given is not None:
            lost = [c for c in range(CELLS)
                    if 0x31 <= given[c] <= 0x39 and given[c] != text[c]]
            if lost:
                raise SudokuError(status, "every given must be on the board", lost[0])
    if status == SUDOKU_NO_STEP:
        # Say why when it is the puzzle's fault: with several solutions, no technique can
        # settle the cells where they differ.
        found = ctypes.c_uint64(0)
        if (_library().sudoku_count_solutions(text, 2, ctypes.byref(found)) == SUDOKU_OK
                and found.value >= 2):
            raise SudokuError(status, _message(status) + ": the puzzle has several solutions")
    if status == SUDOKU_NO_SOLUTION and given is not None:
        # The puzzle has several solutions (else a wrong digit or candidate would be named):
        # it is the board, with the player's digits and pencilmarks, that has none.
        found = ctypes.c_uint64(0)
        if (_library().sudoku_count_solutions(given, 1, ctypes.byref(found)) == SUDOKU_OK
                and found.value >= 1):
            raise SudokuError(status, "the board has no solution: no solution of the puzzle "
                                      "agrees with its digits and candidates")
    if status != SUDOKU_OK:
        if given is not None and status in (SUDOKU_INVALID_CHARACTER,
                                            SUDOKU_CONFLICTING_GIVENS):
            if _library().sudoku_validate(text, None) == SUDOKU_OK:
                raise _fail(status, given)
        raise _fail(status, text)
    return _step(raw)


def solve_path(puzzle: Board) -> SolvePath:
    """The steps Sudoku Explainer takes to solve `puzzle` (sudoku_solve_path), and whether
    they reach the solution (see SolvePath). A full board gives SolvePath([], True).

    Raises SudokuError: SUDOKU_NO_SOLUTION, SUDOKU_MULTIPLE_SOLUTIONS (as rate),
    SUDOKU_INVALID_CHARACTER or SUDOKU_CONFLICTING_GIVENS (with the cell)."""
    text = _to_bytes(puzzle)
    count = ctypes.c_size_t(0)
    complete = ctypes.c_bool(False)
    lib = _library()
    # Room for any path in one call: each step places a digit or removes a candidate, so a
    # path has at most 81 + 729 steps (asking for the size first would search it twice).
    steps = (_Step * 810)()
    status = lib.sudoku_solve_path(text, steps, 810, ctypes.byref(count), ctypes.byref(complete))
    if status != SUDOKU_OK:
        raise _fail(status, text)
    return SolvePath([_step(steps[i]) for i in range(count.value)], bool(complete.value))


def explain(step: Step) -> str:
    """The step in one line of English (sudoku_step_explain), for example "Hidden Single in box
    5: r4c6 = 7"; cells as rNcM (row and column 1-9).

    Raises SudokuError SUDOKU_INVALID_ARGUMENT for a field out of range or of the wrong type
    (an unknown technique_id, a cell above 80 or given as a bool, a rating given as a string,
    chain_truncated given as 1, ...), a list of eliminations, cells, houses or digits that is
    not in increasing order without repeats (as Step has them), a technique name that is not
    technique_id's (the message then ends with the field's name: "...: cells"), or fields that
    no step of the engine has together (a step that neither places nor removes, a rating below its technique's, an X-Wing
    that places a digit, a chain technique without a chain, ...: sudoku_step_explain's list,
    which is all that is checked: a hand-made step is not compared with a board, so a placement
    outside its houses is explained as given); TypeError when step is not a Step."""
    if not isinstance(step, Step):
        raise TypeError("explain takes a Step, not %s" % _type_name(step))
    raw = _raw_step(step)
    needed = ctypes.c_size_t(0)
    lib = _library()
    status = lib.sudoku_step_explain(ctypes.byref(raw), None, 0, ctypes.byref(needed))
    if status == SUDOKU_INVALID_ARGUMENT:
        # The checks the C side makes beyond _raw_step's (an unknown technique, fields that
        # disagree): the same words.
        raise SudokuError(status, _STEP_FIELDS_REFUSED)
    if status not in (SUDOKU_OK, SUDOKU_BUFFER_TOO_SMALL):
        raise SudokuError(status)
    text = ctypes.create_string_buffer(needed.value)
    status = lib.sudoku_step_explain(ctypes.byref(raw), text, needed.value, ctypes.byref(needed))
    if status != SUDOKU_OK:
        raise SudokuError(status)
    return text.value.decode("ascii")


def apply_step(step: Step, puzzle: Board,
               candidates: Optional[Masks] = None) -> Tuple[str, List[int]]:
    """A step (a hint) applied to a player's position, as sudoku_step_apply applies it: the
    step's digit placed and its eliminations removed (for the direct techniques, 3, 4, 5 and 7,
    the placement alone, as in Sudoku Explainer).

    puzzle: the position (givens and placed digits alike). candidates: None (the candidates the
        board implies, board_candidates), or the player's 81 pencilmark masks, read as hint
        reads them (the board's candidates intersected with them).

    Returns (board, masks): the position after the step (81 characters, '1'-'9' and '.') and
    its candidates (81 int masks: the eliminations gone, the placed digit gone from its peers,
    a filled cell's mask its digit alone), ready for the next hint(board, masks, givens).

    Raises SudokuError: SUDOKU_INVALID_ARGUMENT when the step does not fit the position (its
    digit placed in a filled cell, or one that is not a candidate there; with the cell), for a
    step explain refuses, or a mask above 0x1FF (with the cell); SUDOKU_INVALID_CHARACTER or
    SUDOKU_CONFLICTING_GIVENS (with the cell); TypeError when step is not a Step."""
    if not isinstance(step, Step):
        raise TypeError("apply_step takes a Step, not %s" % _type_name(step))
    raw = _raw_step(step)
    _check_board_type(puzzle)
    masks = _player_masks(candidates)
    text = _to_bytes(puzzle)
    if masks is None:
        masks = _Masks(*board_candidates(text))
    board = ctypes.create_string_buffer(text, CELLS)
    status = _library().sudoku_step_apply(ctypes.byref(raw), board, masks)
    if status == SUDOKU_OK:
        return board.raw.decode("ascii"), list(masks)
    if status == SUDOKU_INVALID_ARGUMENT:
        # (The masks were checked above.)
        needed = ctypes.c_size_t(0)
        lib = _library()
        if (lib.sudoku_step_explain(ctypes.byref(raw), None, 0, ctypes.byref(needed))
                == SUDOKU_INVALID_ARGUMENT or step.placement is None):
            raise SudokuError(status, _STEP_FIELDS_REFUSED)
        # Else the placement does not fit: its cell is filled, or its digit is no candidate.
        cell, digit = step.placement
        where = "r%dc%d" % (cell // 9 + 1, cell % 9 + 1)
        raise SudokuError(status, "the step does not fit the position: " + (
            where + " is filled" if 0x31 <= text[cell] <= 0x39
            else "%d is not a candidate of %s" % (digit, where)), cell)
    raise _fail(status, text)
