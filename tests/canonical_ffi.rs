//! `sudoku_canonicalize`, `sudoku_transform_apply`, `sudoku_transform_apply_candidates`,
//! `sudoku_transform_invert` and `sudoku_transform_random` through the C ABI: the contract of
//! `tests/canon_contract/`
//! (statuses against the test kit's validation, nothing written on failure, the written
//! transformation mapping the board to its form, its inverse mapping back, the form invariant
//! under random transformations and a fixed point, in place) on puzzles of every data set,
//! solution grids, the empty board and one given; invalid boards, invalid transformations (each
//! way of breaking one) and NULL pointers; random transformations valid by the definition,
//! reproducible and pinned, their images keeping the solution count (reference counter) and the
//! canonical form; candidate puzzles (from givens, the pencilmark test file, random masks)
//! moved as the test kit moves them, keeping their solutions (reference counter), unaligned.

use crate::cabi;
#[path = "canon_contract/mod.rs"]
mod canon_contract;

use canon_contract::{
    check_canonicalize, check_nulls, check_transform, check_transform_candidates, to_c,
};
use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};
use sudoku::ffi::sudoku_transform;
use sudoku_testkit::board::{to_text, CELLS};
use sudoku_testkit::data::{read_puzzles, COLLECTIONS};
use sudoku_testkit::minlex::RefTransform;

fn random_transform(rng: &mut ChaCha8Rng) -> RefTransform {
    RefTransform::random(&mut |n| rng.random_range(0..n))
}

#[test]
fn the_contract_holds_on_puzzles_of_every_data_set() {
    let mut rng = ChaCha8Rng::seed_from_u64(0xC0DE);
    for file in COLLECTIONS {
        let puzzles = read_puzzles(file);
        for _ in 0..300 {
            let board = puzzles[rng.random_range(0..puzzles.len())];
            let t = random_transform(&mut rng);
            assert!(check_canonicalize(&board, &t).is_some(), "{file}");
        }
    }
}

#[test]
fn the_contract_holds_on_grids_the_empty_board_and_one_given() {
    let mut rng = ChaCha8Rng::seed_from_u64(0xC0DF);
    let empty = [b'.'; CELLS];
    let t = random_transform(&mut rng);
    assert_eq!(check_canonicalize(&empty, &t), Some(empty));
    // '0' blanks come out as '.'.
    assert_eq!(check_canonicalize(&[b'0'; CELLS], &t), Some(empty));
    for cell in [0, 40, 80] {
        let mut one = [b'0'; CELLS];
        one[cell] = b'6';
        let mut expected = [b'.'; CELLS];
        expected[CELLS - 1] = b'1';
        let t = random_transform(&mut rng);
        assert_eq!(check_canonicalize(&one, &t), Some(expected));
    }
    for _ in 0..5 {
        let grid = sudoku_testkit::reference::random_solved_grid(&mut |n| rng.random_range(0..n));
        let t = random_transform(&mut rng);
        let form = check_canonicalize(&to_text(&grid), &t).unwrap();
        // A grid's form starts with the row 123456789.
        assert_eq!(&form[..9], b"123456789");
    }
}

#[test]
fn invalid_boards_give_their_status_and_nothing_is_written() {
    let mut rng = ChaCha8Rng::seed_from_u64(0xC0E0);
    let t = random_transform(&mut rng);
    let mut bad = [b'.'; CELLS];
    bad[17] = b'x';
    assert_eq!(check_canonicalize(&bad, &t), None);
    let mut conflict = [b'.'; CELLS];
    conflict[0] = b'5';
    conflict[80] = b'5';
    conflict[8] = b'5';
    assert_eq!(check_canonicalize(&conflict, &t), None);
    let mut nul = [b'1'; CELLS];
    nul[3] = 0;
    assert_eq!(check_canonicalize(&nul, &t), None);
    for board in [bad, conflict, nul] {
        check_transform(&to_c(&t), &board);
    }
    // The statuses, exactly.
    use sudoku::ffi::sudoku_status::*;
    assert_eq!(cabi::canonicalize(&bad).0, SUDOKU_INVALID_CHARACTER);
    assert_eq!(cabi::canonicalize(&conflict).0, SUDOKU_CONFLICTING_GIVENS);
}

#[test]
fn transformations_are_validated_and_inverted() {
    let mut rng = ChaCha8Rng::seed_from_u64(0xC0E1);
    let puzzles = read_puzzles("puzzles3_magictour_top1465");
    for k in 0..2000 {
        let board = puzzles[k % puzzles.len()];
        let mut t = to_c(&random_transform(&mut rng));
        check_transform(&t, &board);
        // Break it in one way: each field, random bytes, a row moved out of its band.
        match k % 8 {
            0 => t.transpose = 2 + rng.random_range(0..254) as u8,
            1 => t.rows[rng.random_range(0..9)] = rng.random_range(0..=255),
            2 => t.columns[rng.random_range(0..9)] = rng.random_range(0..=255),
            3 => t.digits[rng.random_range(0..10)] = rng.random_range(0..=255),
            4 => t.rows.swap(0, 3),
            5 => t.columns.swap(2, 8),
            6 => t.digits.swap(0, 1 + rng.random_range(0..9)),
            _ => {
                let mut bytes = [0u8; 29];
                bytes.iter_mut().for_each(|b| *b = rng.random_range(0..10));
                t = sudoku_transform {
                    transpose: bytes[0] % 2,
                    rows: bytes[1..10].try_into().unwrap(),
                    columns: bytes[10..19].try_into().unwrap(),
                    digits: bytes[19..29].try_into().unwrap(),
                };
            }
        }
        check_transform(&t, &board);
    }
}

#[test]
fn null_pointers_are_refused_and_nothing_is_written() {
    check_nulls(&[b'.'; CELLS]);
    check_nulls(&read_puzzles("puzzles2_17_clue")[0]);
}

#[test]
fn the_transform_struct_has_the_documented_layout() {
    assert_eq!(std::mem::size_of::<sudoku_transform>(), 29);
    assert_eq!(std::mem::align_of::<sudoku_transform>(), 1);
    assert_eq!(std::mem::offset_of!(sudoku_transform, rows), 1);
    assert_eq!(std::mem::offset_of!(sudoku_transform, columns), 10);
    assert_eq!(std::mem::offset_of!(sudoku_transform, digits), 19);
}

#[test]
fn a_transform_overlapping_the_form_is_refused_and_nothing_is_written() {
    let puzzle = read_puzzles("puzzles2_17_clue")[0];
    let board: Vec<std::ffi::c_char> = puzzle.iter().map(|&b| b as std::ffi::c_char).collect();
    // One buffer holding the form, with the transformation placed over its bytes 10-38, at its
    // last byte (byte 80 shared), and just after it (no byte shared: accepted).
    let size = std::mem::size_of::<sudoku_transform>();
    for (at, refused) in [(10, true), (80, true), (81, false)] {
        let mut buffer = vec![b'#' as std::ffi::c_char; 81 + size + 1];
        let out = buffer.as_mut_ptr();
        // SAFETY: 81 readable bytes; the buffer holds the form's 81 bytes and the transform's
        // `size` bytes at `at` (at most 81 + size bytes from its start), unaligned writes allowed.
        let status = unsafe {
            sudoku::ffi::sudoku_canonicalize(
                board.as_ptr(),
                out,
                out.add(at).cast::<sudoku_transform>(),
            )
        };
        if refused {
            assert_eq!(status, sudoku::ffi::sudoku_status::SUDOKU_INVALID_ARGUMENT);
            assert!(buffer.iter().all(|&b| b == b'#' as std::ffi::c_char));
        } else {
            assert_eq!(status, sudoku::ffi::sudoku_status::SUDOKU_OK);
        }
    }
}

#[test]
fn outputs_may_overlap_the_inputs_they_are_documented_to() {
    // The form over the board at any offset, the transformation over the board, and the image
    // over the board or over the transformation: the inputs are read whole before any write.
    use std::ffi::c_char;
    use sudoku::ffi::sudoku_status::SUDOKU_OK;
    let puzzle = read_puzzles("puzzles3_magictour_top1465")[7];
    let (status, form, t) = cabi::canonicalize(&puzzle);
    assert_eq!(status, SUDOKU_OK);
    let (form, t) = (form.unwrap(), t.unwrap());
    let size = std::mem::size_of::<sudoku_transform>();
    for offset in -80isize..=80 {
        // The board at 100, the form at 100 + offset.
        let mut buffer = vec![0 as c_char; 300];
        for (i, &b) in puzzle.iter().enumerate() {
            buffer[100 + i] = b as c_char;
        }
        let base = buffer.as_mut_ptr();
        // SAFETY: both ranges lie inside the 300-byte buffer (100 ± 80 and 81 bytes).
        let status = unsafe {
            sudoku::ffi::sudoku_canonicalize(
                base.add(100),
                base.offset(100 + offset),
                std::ptr::null_mut(),
            )
        };
        assert_eq!(status, SUDOKU_OK, "offset {offset}");
        let written: Vec<u8> = buffer[(100 + offset) as usize..][..CELLS]
            .iter()
            .map(|&b| b as u8)
            .collect();
        assert_eq!(written, form, "offset {offset}");
    }
    for at in [0usize, 40, 81 - size / 2] {
        // The transformation written over the board's bytes from `at`.
        let mut buffer: Vec<c_char> = puzzle.iter().map(|&b| b as c_char).collect();
        buffer.resize(200, 0);
        let mut canonical = [0 as c_char; CELLS];
        let base = buffer.as_mut_ptr();
        // SAFETY: 81 readable bytes at `base`; `size` writable bytes at `base + at` (inside
        // the 200-byte buffer), unaligned writes allowed.
        let status = unsafe {
            sudoku::ffi::sudoku_canonicalize(
                base,
                canonical.as_mut_ptr(),
                base.add(at).cast::<sudoku_transform>(),
            )
        };
        assert_eq!(status, SUDOKU_OK, "at {at}");
        // SAFETY: the transformation's bytes lie inside the buffer; read unaligned.
        let written = unsafe { base.add(at).cast::<sudoku_transform>().read_unaligned() };
        assert_eq!(written, t, "at {at}");
        assert!(canonical.iter().map(|&b| b as u8).eq(form.iter().copied()));
    }
    // The image written over the board and over the transformation, at several offsets.
    let image = cabi::transform_apply(&t, &puzzle).1.unwrap();
    for offset in [-40isize, -1, 0, 1, 40] {
        let mut buffer = vec![0 as c_char; 300];
        for (i, &b) in puzzle.iter().enumerate() {
            buffer[100 + i] = b as c_char;
        }
        let base = buffer.as_mut_ptr();
        // SAFETY: all inside the buffer.
        let status = unsafe {
            sudoku::ffi::sudoku_transform_apply(&t, base.add(100), base.offset(100 + offset))
        };
        assert_eq!(status, SUDOKU_OK);
        assert!(buffer[(100 + offset) as usize..][..CELLS]
            .iter()
            .map(|&b| b as u8)
            .eq(image.iter().copied()));
    }
    for at in [0usize, size / 2] {
        let mut buffer = vec![0 as c_char; 200];
        let base = buffer.as_mut_ptr();
        // SAFETY: the transformation's bytes at `base + at` lie inside the buffer; the image's
        // 81 bytes too; unaligned accesses allowed.
        let status = unsafe {
            base.add(at).cast::<sudoku_transform>().write_unaligned(t);
            let board: Vec<c_char> = puzzle.iter().map(|&b| b as c_char).collect();
            sudoku::ffi::sudoku_transform_apply(
                base.add(at).cast::<sudoku_transform>(),
                board.as_ptr(),
                base,
            )
        };
        assert_eq!(status, SUDOKU_OK);
        assert!(buffer[..CELLS]
            .iter()
            .map(|&b| b as u8)
            .eq(image.iter().copied()));
    }
}

#[test]
fn random_transformations_are_valid_reproducible_and_keep_the_puzzle() {
    use sudoku::ffi::sudoku_status::SUDOKU_OK;
    use sudoku_testkit::reference::reference_solve;
    let puzzles = read_puzzles("puzzles1_random_minimal");
    let several = read_puzzles("puzzles7_serg_benchmark");
    for seed in (0..400u64).map(|k| k.wrapping_mul(0x9E37_79B9_7F4A_7C15)) {
        let (status, t) = cabi::transform_random(seed);
        assert_eq!(status, SUDOKU_OK);
        let t = t.expect("written on success");
        assert_eq!(cabi::transform_random(seed), (SUDOKU_OK, Some(t)));
        assert!(canon_contract::from_c(&t).is_some(), "seed {seed}: {t:?}");
        // The test kit's image, the inverse mapping back, and (below) the image is the same
        // puzzle in another guise: as many solutions by the reference counter, the same form.
        let k = seed as usize % puzzles.len();
        for board in [puzzles[k], several[k % several.len()]] {
            check_transform(&t, &board);
            let image = cabi::transform_apply(&t, &board).1.unwrap();
            assert_eq!(reference_solve(&image, 3).0, reference_solve(&board, 3).0);
            assert_eq!(cabi::canonicalize(&image).1, cabi::canonicalize(&board).1);
        }
    }
    // Pinned: a change in the draws changes every game's shuffled puzzles.
    let pinned = |seed| {
        let t = cabi::transform_random(seed).1.unwrap();
        (t.transpose, t.rows, t.columns, t.digits)
    };
    assert_eq!(
        pinned(0),
        (
            0,
            [8, 7, 6, 5, 3, 4, 2, 0, 1],
            [4, 5, 3, 7, 8, 6, 0, 1, 2],
            [0, 6, 4, 8, 3, 1, 7, 2, 5, 9]
        )
    );
    assert_eq!(
        pinned(2026),
        (
            0,
            [0, 2, 1, 3, 5, 4, 7, 6, 8],
            [5, 3, 4, 6, 8, 7, 0, 1, 2],
            [0, 2, 7, 1, 4, 5, 6, 8, 3, 9]
        )
    );
}

/// The masks of the 729-character pencilmark line of the format tests' data (each cell's 9
/// characters hold digit `d` at place `d - 1`, else '.'), read here from that definition.
fn pencilmark_line() -> [u16; CELLS] {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/formats/pencilmark_729.txt"
    );
    let text = std::fs::read_to_string(path).expect("the pencilmark test file");
    let line = text
        .lines()
        .find(|l| l.len() == 729)
        .expect("a 729-character line");
    let bytes = line.as_bytes();
    std::array::from_fn(|cell| {
        (0..9).fold(0, |mask, k| {
            let b = bytes[cell * 9 + k];
            assert!(
                b == b'.' || b == b'1' + k as u8,
                "cell {cell}: {}",
                b as char
            );
            mask | u16::from(b != b'.') << k
        })
    })
}

/// Checks one candidate puzzle and its image under `t`: as many solutions by the reference
/// counter (up to `limit`), and with one solution, the image's is the solution's image.
fn check_solutions_follow(masks: &[u16; CELLS], t: &RefTransform, image: &[u16; CELLS]) {
    use sudoku_testkit::reference::count_candidates;
    let (count, first) = count_candidates(masks, 3);
    let (image_count, image_first) = count_candidates(image, 3);
    assert_eq!(image_count, count);
    if count == 1 {
        assert_eq!(image_first, Some(t.apply(&first.unwrap())));
    }
}

#[test]
fn candidate_puzzles_move_with_their_transformation_and_keep_their_solutions() {
    let mut rng = ChaCha8Rng::seed_from_u64(0xC0E2);
    for file in COLLECTIONS {
        let puzzles = read_puzzles(file);
        for _ in 0..40 {
            let board = puzzles[rng.random_range(0..puzzles.len())];
            let t = random_transform(&mut rng);
            // The candidates the board implies (sudoku_board_candidates, checked against a
            // reference in tests/candidates.rs) move to those its image implies.
            let masks = cabi_board_candidates(&board);
            let image = check_transform_candidates(&to_c(&t), &masks).expect("an image");
            let image_board = cabi::transform_apply(&to_c(&t), &board).1.unwrap();
            assert_eq!(image, cabi_board_candidates(&image_board), "{file}");
            check_solutions_follow(&masks, &t, &image);
        }
    }
    // A player's pencilmarks, from the format tests' data.
    let masks = pencilmark_line();
    for _ in 0..50 {
        let t = random_transform(&mut rng);
        let image = check_transform_candidates(&to_c(&t), &masks).expect("an image");
        check_solutions_follow(&masks, &t, &image);
    }
}

/// `sudoku_board_candidates` of a valid board.
fn cabi_board_candidates(board: &[u8; CELLS]) -> [u16; CELLS] {
    let text = board.map(|b| b as std::ffi::c_char);
    let mut masks = [0u16; CELLS];
    // SAFETY: 81 readable bytes and 81 writable masks.
    let status = unsafe { sudoku::ffi::sudoku_board_candidates(text.as_ptr(), masks.as_mut_ptr()) };
    assert_eq!(status, sudoku::ffi::sudoku_status::SUDOKU_OK);
    masks
}

#[test]
fn random_masks_and_transformations_keep_the_contract() {
    let mut rng = ChaCha8Rng::seed_from_u64(0xC0E3);
    let mut images = 0;
    for k in 0..4000 {
        // Cells of every kind: no candidate, every digit, one digit, any set; now and then a
        // mask above 0x1FF in one cell.
        let mut masks: [u16; CELLS] = std::array::from_fn(|_| match rng.random_range(0..4) {
            0 => 0,
            1 => 0x1FF,
            2 => 1 << rng.random_range(0..9),
            _ => rng.random_range(0..=0x1FF),
        });
        if k % 5 == 0 {
            masks[rng.random_range(0..CELLS)] = rng.random_range(0x200..=0xFFFF);
        }
        let mut t = to_c(&random_transform(&mut rng));
        if k % 7 == 0 {
            t.rows
                .swap(rng.random_range(0..3), 3 + rng.random_range(0..6));
        }
        images += usize::from(check_transform_candidates(&t, &masks).is_some());
    }
    // Both ways of refusing and the images were all exercised.
    assert!((2500..3500).contains(&images), "{images}");
}

#[test]
fn candidates_in_and_out_at_any_alignment() {
    use sudoku::ffi::sudoku_status::SUDOKU_OK;
    let masks = pencilmark_line();
    let mut rng = ChaCha8Rng::seed_from_u64(0xC0E4);
    let t = random_transform(&mut rng);
    let expected = t.apply_masks(&masks);
    let bytes: Vec<u8> = masks.iter().flat_map(|m| m.to_ne_bytes()).collect();
    for (shift_in, shift_out) in [(1, 0), (0, 1), (1, 3)] {
        let mut input = [0u8; 2 * CELLS + 1];
        input[shift_in..shift_in + 2 * CELLS].copy_from_slice(&bytes);
        let mut output = [0u8; 2 * CELLS + 3];
        // SAFETY: 162 readable bytes at input + shift_in and 162 writable bytes at output +
        // shift_out; the call reads and writes them unaligned, as documented.
        let status = unsafe {
            sudoku::ffi::sudoku_transform_apply_candidates(
                &to_c(&t),
                input.as_ptr().add(shift_in).cast(),
                output.as_mut_ptr().add(shift_out).cast(),
            )
        };
        assert_eq!(status, SUDOKU_OK);
        let image: Vec<u16> = output[shift_out..shift_out + 2 * CELLS]
            .chunks(2)
            .map(|c| u16::from_ne_bytes([c[0], c[1]]))
            .collect();
        assert_eq!(image, expected);
    }
}

/// `sudoku_canonicalize_batch` on `boards` (flat) with `threads`, apart or in place, with or
/// without transformations: the statuses, the output buffer and the transformations (each
/// output pre-filled with bytes no call writes).
fn canonicalize_batch(
    boards: &[[u8; CELLS]],
    threads: usize,
    in_place: bool,
    with_transforms: bool,
) -> (
    Vec<sudoku::ffi::sudoku_status>,
    Vec<[u8; CELLS]>,
    Vec<sudoku_transform>,
) {
    use sudoku::ffi::sudoku_status::SUDOKU_INTERNAL_ERROR;
    let n = boards.len();
    let input: Vec<std::ffi::c_char> = boards.concat().iter().map(|&b| b as _).collect();
    let mut output = if in_place {
        input.clone()
    } else {
        vec![b'#' as std::ffi::c_char; CELLS * n]
    };
    let mut transforms = vec![cabi::TRANSFORM_UNTOUCHED; n];
    let mut statuses = vec![SUDOKU_INTERNAL_ERROR; n];
    let t = if with_transforms {
        transforms.as_mut_ptr()
    } else {
        std::ptr::null_mut()
    };
    let source = if in_place {
        output.as_ptr()
    } else {
        input.as_ptr()
    };
    // SAFETY: 81 * n readable bytes at `source`, 81 * n writable at `output` (the same buffer
    // in place, as documented), n writable transforms (or NULL) and statuses.
    let status = unsafe {
        sudoku::ffi::sudoku_canonicalize_batch(
            source,
            n,
            output.as_mut_ptr(),
            t,
            statuses.as_mut_ptr(),
            threads,
        )
    };
    assert_eq!(status, sudoku::ffi::sudoku_status::SUDOKU_OK);
    let forms = output
        .chunks(CELLS)
        .map(|c| std::array::from_fn(|i| c[i] as u8))
        .collect();
    (statuses, forms, transforms)
}

#[test]
fn the_batch_gives_each_board_what_a_single_call_gives() {
    use sudoku::ffi::sudoku_status::*;
    let mut rng = ChaCha8Rng::seed_from_u64(0xBA7C);
    // Puzzles of every data set, each followed by a random image of itself (the same form,
    // checked through the test kit's transformation), solution grids, the empty board, and
    // boards that fail (a bad character, two equal givens in a row).
    let mut boards = Vec::new();
    for file in COLLECTIONS {
        let puzzles = read_puzzles(file);
        for _ in 0..40 {
            let board = puzzles[rng.random_range(0..puzzles.len())];
            let grid = sudoku_testkit::board::parse(&board).unwrap();
            boards.push(board);
            boards.push(canon_contract::text(
                &random_transform(&mut rng).apply(&grid),
            ));
        }
    }
    let grid =
        *b"534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    boards.push(grid);
    boards.push([b'.'; CELLS]);
    let mut bad = boards[0];
    bad[5] = b'x';
    boards.insert(17, bad);
    let mut conflict =
        *b"11...............................................................................";
    boards.insert(40, conflict);
    conflict[1] = b'.';
    boards.push(conflict);
    let single: Vec<_> = boards.iter().map(cabi::canonicalize).collect();
    assert_eq!(single[17].0, SUDOKU_INVALID_CHARACTER);
    assert_eq!(single[40].0, SUDOKU_CONFLICTING_GIVENS);
    for (threads, in_place, with_transforms) in [
        (1, false, true),
        (2, false, true),
        (0, true, true),
        (3, true, false),
        (2, false, false),
    ] {
        let (statuses, forms, transforms) =
            canonicalize_batch(&boards, threads, in_place, with_transforms);
        for (i, board) in boards.iter().enumerate() {
            let (status, form, t) = single[i];
            assert_eq!(statuses[i], status, "board {i}");
            if status != SUDOKU_OK {
                // Nothing written: the board stays in place, the output keeps its filling.
                let kept = if in_place { *board } else { [b'#'; CELLS] };
                assert_eq!(forms[i], kept, "board {i} written on failure");
                assert_eq!(transforms[i], cabi::TRANSFORM_UNTOUCHED, "board {i}");
                continue;
            }
            assert_eq!(Some(forms[i]), form, "board {i}");
            if with_transforms {
                assert_eq!(Some(transforms[i]), t, "board {i}");
                // Independently: the test kit's transformation maps the board to the form.
                let grid = sudoku_testkit::board::parse(board).unwrap();
                let reference = canon_contract::from_c(&transforms[i]).expect("valid");
                assert_eq!(canon_contract::text(&reference.apply(&grid)), forms[i]);
            } else {
                assert_eq!(transforms[i], cabi::TRANSFORM_UNTOUCHED);
            }
        }
        // Each data puzzle and its image share the form (the bad board shifted indices 17 on).
        let pairs =
            (0..COLLECTIONS.len() * 80).map(|k| k + (k >= 17) as usize + (k >= 39) as usize);
        let pairs: Vec<usize> = pairs.collect();
        for p in pairs.chunks(2) {
            assert_eq!(forms[p[0]], forms[p[1]], "boards {} and {}", p[0], p[1]);
        }
    }
}

#[test]
fn the_batch_refuses_bad_arguments_and_writes_nothing() {
    use sudoku::ffi::sudoku_canonicalize_batch as batch;
    use sudoku::ffi::sudoku_status::*;
    type Status = sudoku::ffi::sudoku_status;
    type C = std::ffi::c_char;
    let boards: Vec<C> = read_puzzles("puzzles2_17_clue")[..4]
        .concat()
        .iter()
        .map(|&b| b as _)
        .collect();
    // Outputs: the forms in 8-byte words (so that a status placed over them is aligned), the
    // transformations and the statuses, each filled with what no call writes.
    const FILL: u64 = u64::from_ne_bytes([b'#'; 8]);
    let fresh = || {
        (
            vec![FILL; 48],
            vec![cabi::TRANSFORM_UNTOUCHED; 8],
            vec![SUDOKU_INTERNAL_ERROR; 8],
        )
    };
    type Call = fn(*const C, *mut C, *mut sudoku_transform, *mut Status) -> Status;
    let cases: [(&str, Status, Call); 9] = [
        ("NULL boards", SUDOKU_NULL_POINTER, |_, o, t, s| unsafe {
            // SAFETY: the NULL is refused before any access.
            batch(std::ptr::null(), 4, o, t, s, 1)
        }),
        ("NULL canonical", SUDOKU_NULL_POINTER, |b, _, t, s| unsafe {
            // SAFETY: as above.
            batch(b, 4, std::ptr::null_mut(), t, s, 1)
        }),
        ("NULL statuses", SUDOKU_NULL_POINTER, |b, o, t, _| unsafe {
            // SAFETY: as above.
            batch(b, 4, o, t, std::ptr::null_mut(), 1)
        }),
        (
            "NULL boards, count 0",
            SUDOKU_NULL_POINTER,
            |_, o, t, s| unsafe {
                // SAFETY: as above.
                batch(std::ptr::null(), 0, o, t, s, 1)
            },
        ),
        (
            "a count no buffer can hold",
            SUDOKU_INVALID_ARGUMENT,
            |b, o, t, s| unsafe {
                // SAFETY: refused from the count alone, before any access.
                batch(b, usize::MAX / 81 + 1, o, t, s, 1)
            },
        ),
        (
            "the forms over the boards, shifted",
            SUDOKU_INVALID_ARGUMENT,
            |b, o, t, s| unsafe {
                // SAFETY: refused from the addresses alone, before any access.
                let _ = o;
                batch(b, 4, b.add(1).cast_mut(), t, s, 1)
            },
        ),
        (
            "statuses over the forms",
            SUDOKU_INVALID_ARGUMENT,
            |b, o, t, _| unsafe {
                // SAFETY: as above (8 bytes in: aligned for a status).
                batch(b, 4, o, t, o.add(8).cast(), 1)
            },
        ),
        (
            "transforms over the forms",
            SUDOKU_INVALID_ARGUMENT,
            |b, o, _, s| unsafe {
                // SAFETY: as above.
                batch(b, 4, o, o.add(300).cast(), s, 1)
            },
        ),
        (
            "misaligned statuses",
            SUDOKU_INVALID_ARGUMENT,
            |b, o, t, s| unsafe {
                // SAFETY: as above.
                batch(b, 4, o, t, s.cast::<u8>().add(1).cast(), 1)
            },
        ),
    ];
    for (case, expected, call) in cases {
        let (mut out, mut t, mut s) = fresh();
        let status = call(
            boards.as_ptr(),
            out.as_mut_ptr().cast(),
            t.as_mut_ptr(),
            s.as_mut_ptr(),
        );
        assert_eq!(status, expected, "{case}");
        assert!(out.iter().all(|&w| w == FILL), "{case}");
        assert!(t.iter().all(|x| *x == cabi::TRANSFORM_UNTOUCHED), "{case}");
        assert!(s.iter().all(|x| *x == SUDOKU_INTERNAL_ERROR), "{case}");
    }
    // The transformations may be left out, and placed at any alignment.
    let (mut out, mut t, mut s) = fresh();
    let mut bytes = vec![0u8; 4 * std::mem::size_of::<sudoku_transform>() + 1];
    // SAFETY: 4 boards in, 4 forms, 4 statuses, and 4 transforms from byte 1 of `bytes`.
    let status = unsafe {
        batch(
            boards.as_ptr(),
            4,
            out.as_mut_ptr().cast(),
            bytes.as_mut_ptr().add(1).cast(),
            s.as_mut_ptr(),
            2,
        )
    };
    assert_eq!(status, SUDOKU_OK);
    assert_eq!(s[..4], [SUDOKU_OK; 4]);
    for (i, board) in boards.chunks(CELLS).enumerate() {
        let board: [u8; CELLS] = std::array::from_fn(|k| board[k] as u8);
        let at = 1 + i * std::mem::size_of::<sudoku_transform>();
        // SAFETY: transform `i` lies in `bytes`, written by the call; read unaligned.
        let written = unsafe {
            bytes
                .as_ptr()
                .add(at)
                .cast::<sudoku_transform>()
                .read_unaligned()
        };
        assert_eq!(Some(written), cabi::canonicalize(&board).2);
    }
    // Count 0 with valid pointers: SUDOKU_OK, nothing written.
    let (mut out2, _, mut s2) = fresh();
    // SAFETY: count 0 reads and writes nothing.
    let status = unsafe {
        batch(
            boards.as_ptr(),
            0,
            out2.as_mut_ptr().cast(),
            t.as_mut_ptr(),
            s2.as_mut_ptr(),
            0,
        )
    };
    assert_eq!(status, SUDOKU_OK);
    assert!(out2.iter().all(|&w| w == FILL));
    assert!(s2.iter().all(|x| *x == SUDOKU_INTERNAL_ERROR));
    assert!(t.iter().all(|x| *x == cabi::TRANSFORM_UNTOUCHED));
    let _ = &mut out;
}
