//! Calls into the C API exactly as a C program would: 81-byte `char` buffers, out-parameters
//! preset to a sentinel so that an unwanted write shows. Shared by the test crates and (through
//! `#[path]`) the fuzz targets; each uses only part of it.
#![allow(dead_code)]

use std::ffi::c_char;

use sudoku::ffi::{self, sudoku_status};

/// Bytes in a board.
pub const CELLS: usize = 81;

/// Sentinels for out-parameters: values the library never writes, so a write is visible.
const COUNT_UNTOUCHED: u64 = u64::MAX - 7;
const CELL_UNTOUCHED: usize = usize::MAX - 7;

/// An 81-character literal as board bytes (panics on another length).
pub fn board(text: &str) -> [u8; CELLS] {
    text.as_bytes()
        .try_into()
        .expect("a board literal has 81 characters")
}

fn as_c(board: &[u8; CELLS]) -> [c_char; CELLS] {
    board.map(|b| b as c_char)
}

fn from_c(board: &[c_char; CELLS]) -> [u8; CELLS] {
    board.map(|b| b as u8)
}

/// `sudoku_solve` on a copy of `board`: the status and the buffer afterwards.
pub fn solve(board: &[u8; CELLS]) -> (sudoku_status, [u8; CELLS]) {
    let mut buf = as_c(board);
    // SAFETY: buf is 81 readable and writable bytes.
    let status = unsafe { ffi::sudoku_solve(buf.as_mut_ptr()) };
    (status, from_c(&buf))
}

/// `sudoku_solve_unique` on a copy of `board`: the status and the buffer afterwards.
pub fn solve_unique(board: &[u8; CELLS]) -> (sudoku_status, [u8; CELLS]) {
    let mut buf = as_c(board);
    // SAFETY: buf is 81 readable and writable bytes.
    let status = unsafe { ffi::sudoku_solve_unique(buf.as_mut_ptr()) };
    (status, from_c(&buf))
}

/// `sudoku_count_solutions`: the status and `*count` (None when it was not written). Panics if
/// the function wrote to the board, which it must only read.
pub fn count(board: &[u8; CELLS], limit: u64) -> (sudoku_status, Option<u64>) {
    let buf = as_c(board);
    let mut n = COUNT_UNTOUCHED;
    // SAFETY: buf is 81 readable bytes; n is a writable u64.
    let status = unsafe { ffi::sudoku_count_solutions(buf.as_ptr(), limit, &mut n) };
    assert_eq!(
        from_c(&buf),
        *board,
        "sudoku_count_solutions wrote to the board"
    );
    (status, (n != COUNT_UNTOUCHED).then_some(n))
}

/// `sudoku_validate`: the status and `*cell` (None when it was not written).
pub fn validate(board: &[u8; CELLS]) -> (sudoku_status, Option<usize>) {
    let buf = as_c(board);
    let mut cell = CELL_UNTOUCHED;
    // SAFETY: buf is 81 readable bytes; cell is a writable size_t.
    let status = unsafe { ffi::sudoku_validate(buf.as_ptr(), &mut cell) };
    (status, (cell != CELL_UNTOUCHED).then_some(cell))
}

/// Sentinel for the 81 bytes of a candidate puzzle's solution: not a board byte.
const SOLUTION_UNTOUCHED: u8 = b'#';
/// Sentinel for the masks `sudoku_board_candidates` writes: above 0x1FF, never written.
const MASK_UNTOUCHED: u16 = 0xBEEF;

/// `sudoku_solve_candidates` (or `sudoku_solve_unique_candidates` when `unique`): the status and
/// the solution buffer (None when untouched). Panics if the masks were written to.
pub fn solve_candidates(
    masks: &[u16; CELLS],
    unique: bool,
) -> (sudoku_status, Option<[u8; CELLS]>) {
    let copy = *masks;
    let mut out = [SOLUTION_UNTOUCHED as c_char; CELLS];
    // SAFETY: copy is 81 readable uint16_t; out is 81 writable bytes.
    let status = unsafe {
        if unique {
            ffi::sudoku_solve_unique_candidates(copy.as_ptr(), out.as_mut_ptr())
        } else {
            ffi::sudoku_solve_candidates(copy.as_ptr(), out.as_mut_ptr())
        }
    };
    assert_eq!(copy, *masks, "a candidate solve wrote to the masks");
    let out = from_c(&out);
    (status, (out != [SOLUTION_UNTOUCHED; CELLS]).then_some(out))
}

/// `sudoku_count_solutions_candidates`: the status and `*count` (None when it was not written).
pub fn count_candidates(masks: &[u16; CELLS], limit: u64) -> (sudoku_status, Option<u64>) {
    let mut n = COUNT_UNTOUCHED;
    // SAFETY: masks is 81 readable uint16_t; n is a writable u64.
    let status = unsafe { ffi::sudoku_count_solutions_candidates(masks.as_ptr(), limit, &mut n) };
    (status, (n != COUNT_UNTOUCHED).then_some(n))
}

/// `sudoku_validate_candidates`: the status and `*cell` (None when it was not written).
pub fn validate_candidates(masks: &[u16; CELLS]) -> (sudoku_status, Option<usize>) {
    let mut cell = CELL_UNTOUCHED;
    // SAFETY: masks is 81 readable uint16_t; cell is a writable size_t.
    let status = unsafe { ffi::sudoku_validate_candidates(masks.as_ptr(), &mut cell) };
    (status, (cell != CELL_UNTOUCHED).then_some(cell))
}

/// `sudoku_board_candidates`: the status and the masks (None when untouched).
pub fn board_candidates(board: &[u8; CELLS]) -> (sudoku_status, Option<[u16; CELLS]>) {
    let buf = as_c(board);
    let mut masks = [MASK_UNTOUCHED; CELLS];
    // SAFETY: buf is 81 readable bytes; masks is 81 writable uint16_t.
    let status = unsafe { ffi::sudoku_board_candidates(buf.as_ptr(), masks.as_mut_ptr()) };
    (status, (masks != [MASK_UNTOUCHED; CELLS]).then_some(masks))
}

/// Bytes the listing buffer is filled with before a call: never a solution's byte, so a write
/// shows.
pub const LIST_UNTOUCHED: u8 = b'#';
/// Sentinel boards after the `capacity` of a listing buffer, to catch a write past its end.
pub const LIST_GUARD_BOARDS: usize = 2;

/// What `sudoku_list_solutions` did: its status, `*written` and `*more` (None when not written),
/// and the whole buffer afterwards: `capacity` boards, then [`LIST_GUARD_BOARDS`] guard boards,
/// every byte preset to [`LIST_UNTOUCHED`].
pub struct Listing {
    pub status: sudoku_status,
    pub written: Option<usize>,
    pub more: Option<bool>,
    pub buffer: Vec<[u8; CELLS]>,
}

impl Listing {
    /// The solutions written (the first `*written` boards of the buffer; none when not written).
    pub fn solutions(&self) -> &[[u8; CELLS]] {
        &self.buffer[..self.written.unwrap_or(0)]
    }
}

/// `sudoku_list_solutions` on a copy of `board` with room for `capacity` solutions (followed by
/// guard boards). Panics if the function wrote to the board, which it must only read.
pub fn list(board: &[u8; CELLS], capacity: usize) -> Listing {
    let buf = as_c(board);
    let mut buffer = vec![[LIST_UNTOUCHED; CELLS]; capacity + LIST_GUARD_BOARDS];
    let mut written = CELL_UNTOUCHED;
    // A bool must hold 0 or 1, so its sentinel is a byte beside it: a u8 set to 2 can only be
    // left 2 or rewritten as a bool (0 or 1).
    let mut more: u8 = 2;
    // SAFETY: buf is 81 readable bytes; buffer holds `capacity` (and more) writable boards;
    // written is a writable size_t; `more` is one writable byte, and the library writes a bool
    // (one byte, 0 or 1) there.
    let status = unsafe {
        ffi::sudoku_list_solutions(
            buf.as_ptr(),
            buffer.as_mut_ptr().cast::<c_char>(),
            capacity,
            &mut written,
            (&mut more as *mut u8).cast::<bool>(),
        )
    };
    assert_eq!(
        from_c(&buf),
        *board,
        "sudoku_list_solutions wrote to the board"
    );
    assert!(more <= 2, "*more is not a bool: {more}");
    Listing {
        status,
        written: (written != CELL_UNTOUCHED).then_some(written),
        more: (more != 2).then_some(more == 1),
        buffer,
    }
}

/// `sudoku_board_conflicts`: the status, the marks and `*count` (each None when not written).
/// Panics if the function wrote to the board, or wrote one output without the other.
pub fn board_conflicts(board: &[u8; CELLS]) -> (sudoku_status, Option<[u8; CELLS]>, Option<usize>) {
    let buf = as_c(board);
    // 0xEE is no OR of the three house bits, so a write shows.
    let mut houses = [0xEEu8; CELLS];
    let mut n = CELL_UNTOUCHED;
    // SAFETY: buf is 81 readable bytes, houses 81 writable bytes, n a writable size_t.
    let status = unsafe { ffi::sudoku_board_conflicts(buf.as_ptr(), houses.as_mut_ptr(), &mut n) };
    assert_eq!(
        from_c(&buf),
        *board,
        "sudoku_board_conflicts wrote to the board"
    );
    let houses = (houses != [0xEE; CELLS]).then_some(houses);
    let n = (n != CELL_UNTOUCHED).then_some(n);
    assert_eq!(
        houses.is_some(),
        n.is_some(),
        "marks and count written together"
    );
    (status, houses, n)
}

/// A `sudoku_transform` no valid call writes (transpose 0xEE), to see whether a call wrote one.
pub const TRANSFORM_UNTOUCHED: ffi::sudoku_transform = ffi::sudoku_transform {
    transpose: 0xEE,
    rows: [0xEE; 9],
    columns: [0xEE; 9],
    digits: [0xEE; 10],
};

/// A board buffer no call writes (`'#'` bytes, never a canonical board).
const BOARD_UNTOUCHED: [u8; CELLS] = [b'#'; CELLS];

/// `sudoku_canonicalize`: the status, the form and the transformation (None when not written).
/// Panics if the function wrote to the board, or wrote the form without the transformation or
/// the other way round.
pub fn canonicalize(
    board: &[u8; CELLS],
) -> (
    sudoku_status,
    Option<[u8; CELLS]>,
    Option<ffi::sudoku_transform>,
) {
    let buf = as_c(board);
    let mut form = as_c(&BOARD_UNTOUCHED);
    let mut t = TRANSFORM_UNTOUCHED;
    // SAFETY: buf is 81 readable bytes, form 81 writable bytes, t a writable sudoku_transform.
    let status = unsafe { ffi::sudoku_canonicalize(buf.as_ptr(), form.as_mut_ptr(), &mut t) };
    assert_eq!(
        from_c(&buf),
        *board,
        "sudoku_canonicalize wrote to the board"
    );
    let form = (from_c(&form) != BOARD_UNTOUCHED).then(|| from_c(&form));
    let t = (t != TRANSFORM_UNTOUCHED).then_some(t);
    assert_eq!(
        form.is_some(),
        t.is_some(),
        "form and transformation written together"
    );
    (status, form, t)
}

/// `sudoku_transform_apply`: the status and the image (None when not written).
pub fn transform_apply(
    t: &ffi::sudoku_transform,
    board: &[u8; CELLS],
) -> (sudoku_status, Option<[u8; CELLS]>) {
    let buf = as_c(board);
    let mut out = as_c(&BOARD_UNTOUCHED);
    // SAFETY: t is a readable sudoku_transform, buf 81 readable bytes, out 81 writable bytes.
    let status = unsafe { ffi::sudoku_transform_apply(t, buf.as_ptr(), out.as_mut_ptr()) };
    assert_eq!(
        from_c(&buf),
        *board,
        "sudoku_transform_apply wrote to the board"
    );
    (
        status,
        (from_c(&out) != BOARD_UNTOUCHED).then(|| from_c(&out)),
    )
}

/// `sudoku_generate_pattern` into fresh buffers filled with `#`: (status, puzzle, solution).
pub fn generate_pattern(
    seed: u64,
    pattern: &[u8; CELLS],
    max_attempts: u64,
) -> (sudoku_status, [u8; CELLS], [u8; CELLS]) {
    let (mut puzzle, mut solution) = ([b'#'; CELLS], [b'#'; CELLS]);
    // SAFETY: 81 readable bytes; two writable 81-byte buffers.
    let status = unsafe {
        ffi::sudoku_generate_pattern(
            seed,
            pattern.as_ptr().cast(),
            max_attempts,
            puzzle.as_mut_ptr().cast(),
            solution.as_mut_ptr().cast(),
        )
    };
    (status, puzzle, solution)
}

/// `sudoku_generate_pattern_with` into fresh buffers filled with `#`: (status, puzzle,
/// solution). `options`: None passes NULL.
pub fn generate_pattern_with(
    seed: u64,
    pattern: &[u8; CELLS],
    options: Option<&ffi::sudoku_pattern_options>,
) -> (sudoku_status, [u8; CELLS], [u8; CELLS]) {
    let (mut puzzle, mut solution) = ([b'#'; CELLS], [b'#'; CELLS]);
    let options = options.map_or(std::ptr::null(), |o| o as *const _);
    // SAFETY: 81 readable bytes; NULL or a readable options struct of its struct_size (the
    // callers pass whole structs); two writable 81-byte buffers.
    let status = unsafe {
        ffi::sudoku_generate_pattern_with(
            seed,
            pattern.as_ptr().cast(),
            options,
            puzzle.as_mut_ptr().cast(),
            solution.as_mut_ptr().cast(),
        )
    };
    (status, puzzle, solution)
}

/// The docs' heart, a setter's pattern ('x' marks a given's cell).
pub const HEART: &[u8; CELLS] = b"\
    .xx...xx.\
    x..x.x..x\
    x...x...x\
    x.......x\
    .x.....x.\
    ..x...x..\
    ...x.x...\
    ....x....\
    xxxxxxxxx";

/// Checks a puzzle made on `pattern` with the test kit alone: its givens are exactly the
/// pattern's cells, the reference counter finds one solution, and it is `solution`.
pub fn check_on_pattern(pattern: &[u8; CELLS], puzzle: &[u8; CELLS], solution: &[u8; CELLS]) {
    for i in 0..CELLS {
        assert_eq!(
            puzzle[i] != b'.',
            pattern[i] != b'.' && pattern[i] != b'0',
            "cell {i}"
        );
    }
    let board = sudoku_testkit::board::parse(puzzle).expect("a valid board");
    let (n, first) = sudoku_testkit::reference::count(&board, 2);
    assert_eq!(n, 1, "{}", String::from_utf8_lossy(puzzle));
    assert_eq!(first.unwrap().map(|d| d + b'0'), *solution);
}

/// `sudoku_rate` on `puzzle`: its ER in tenths when the engine rated it to the end (`SUDOKU_OK`
/// and `complete`), else `None`, as a rating window counts it.
pub fn complete_er(puzzle: &[u8; CELLS]) -> Option<u16> {
    let mut rating = std::mem::MaybeUninit::<ffi::sudoku_rating>::uninit();
    // SAFETY: 81 readable bytes and a writable rating.
    let status = unsafe { ffi::sudoku_rate(puzzle.as_ptr().cast(), rating.as_mut_ptr()) };
    if status != sudoku_status::SUDOKU_OK {
        return None;
    }
    // SAFETY: written on SUDOKU_OK.
    let rating = unsafe { rating.assume_init() };
    (rating.complete == 1).then_some(rating.er)
}

/// A status no batch call writes for an item (each is `SUDOKU_OK`, `SUDOKU_NOT_FOUND` or
/// `SUDOKU_INTERNAL_ERROR`), to see whether one was written.
pub const STATUS_UNTOUCHED: sudoku_status = sudoku_status::SUDOKU_INVALID_CHARACTER;

/// `sudoku_generate_pattern_batch` into fresh buffers (puzzles filled with `#`, statuses with
/// [`STATUS_UNTOUCHED`]): (status, puzzles, statuses). `options`: None passes NULL.
pub fn generate_pattern_batch(
    seed: u64,
    pattern: &[u8; CELLS],
    options: Option<&ffi::sudoku_pattern_options>,
    count: usize,
    threads: usize,
) -> (sudoku_status, Vec<[u8; CELLS]>, Vec<sudoku_status>) {
    let mut puzzles = vec![[b'#'; CELLS]; count.max(1)];
    let mut statuses = vec![STATUS_UNTOUCHED; count.max(1)];
    let options = options.map_or(std::ptr::null(), |o| o as *const _);
    // SAFETY: 81 readable bytes; NULL or a whole options struct; `count` puzzles and statuses
    // (at least one of each, so the pointers are never dangling).
    let status = unsafe {
        ffi::sudoku_generate_pattern_batch(
            seed,
            pattern.as_ptr().cast(),
            options,
            count,
            puzzles.as_mut_ptr().cast(),
            statuses.as_mut_ptr(),
            threads,
        )
    };
    puzzles.truncate(count);
    statuses.truncate(count);
    (status, puzzles, statuses)
}

/// Masks no valid call writes (`0xEEEE`, above `0x1FF`), to see whether a call wrote them.
pub const MASKS_UNTOUCHED: [u16; CELLS] = [0xEEEE; CELLS];

/// `sudoku_transform_apply_candidates`: the status and the image (None when not written).
pub fn transform_apply_candidates(
    t: &ffi::sudoku_transform,
    masks: &[u16; CELLS],
) -> (sudoku_status, Option<[u16; CELLS]>) {
    let input = *masks;
    let mut out = MASKS_UNTOUCHED;
    // SAFETY: t is a readable sudoku_transform, input 81 readable masks, out 81 writable ones.
    let status =
        unsafe { ffi::sudoku_transform_apply_candidates(t, input.as_ptr(), out.as_mut_ptr()) };
    assert_eq!(
        input, *masks,
        "sudoku_transform_apply_candidates wrote to the masks"
    );
    (status, (out != MASKS_UNTOUCHED).then_some(out))
}

/// `sudoku_transform_random`: the status and the transformation (None when not written).
pub fn transform_random(seed: u64) -> (sudoku_status, Option<ffi::sudoku_transform>) {
    let mut t = TRANSFORM_UNTOUCHED;
    // SAFETY: t is a writable sudoku_transform.
    let status = unsafe { ffi::sudoku_transform_random(seed, &mut t) };
    (status, (t != TRANSFORM_UNTOUCHED).then_some(t))
}

/// `sudoku_transform_invert`: the status and the inverse (None when not written).
pub fn transform_invert(
    t: &ffi::sudoku_transform,
) -> (sudoku_status, Option<ffi::sudoku_transform>) {
    let mut inverse = TRANSFORM_UNTOUCHED;
    // SAFETY: t is a readable sudoku_transform, inverse a writable one.
    let status = unsafe { ffi::sudoku_transform_invert(t, &mut inverse) };
    (status, (inverse != TRANSFORM_UNTOUCHED).then_some(inverse))
}
