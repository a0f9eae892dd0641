//! `sudoku_canonicalize`, `sudoku_transform_apply`, `sudoku_transform_apply_candidates`,
//! `sudoku_transform_invert` and `sudoku_transform_random` on raw bytes: the first 81 are the
//! board (padded with blanks if fewer); the next bytes draw a random transformation
//! (`RefTransform::random`, each choice a byte), and the same bytes, read as a raw 29-byte
//! `sudoku_transform`, test the validation; the 8 bytes after those 29 are a seed for
//! `sudoku_transform_random`, whose transformation must be valid by the definition, the same
//! when drawn again, and pass the same checks; the 162 bytes after the seed are 81 candidate
//! masks (9 bits of each byte pair, every digit where the input ends), and two more bytes may
//! put a bit above bit 8 into one of them. Checks (`tests/canon_contract/`): the statuses
//! against the test kit's validation, nothing written on failure, the form of the board equal
//! to the form of its image, the form its own form, the written transformation mapping the
//! board to the form and its inverse mapping back; an invalid transformation or mask refused, a
//! valid one giving the test kit's image (of the board or of the masks), in place too, and the
//! inverse mapping the masks back.
#![no_main]

use libfuzzer_sys::fuzz_target;
use libsudoku_fuzz::cabi::transform_random;
use libsudoku_fuzz::canon_contract::{
    check_canonicalize, check_nulls, check_transform, check_transform_candidates, from_c,
};
use libsudoku_fuzz::{board_from, seed_from};
use sudoku::ffi::{sudoku_status, sudoku_transform};
use sudoku_testkit::minlex::RefTransform;

fuzz_target!(|data: &[u8]| {
    let board = board_from(data);
    let rest = data.get(81..).unwrap_or(&[]);
    let mut at = 0;
    let t = RefTransform::random(&mut |n| {
        let byte = rest.get(at).copied().unwrap_or(0);
        at += 1;
        usize::from(byte) % n
    });
    check_canonicalize(&board, &t);
    let mut raw = [0u8; 29];
    let n = rest.len().min(29);
    raw[..n].copy_from_slice(&rest[..n]);
    let raw = sudoku_transform {
        transpose: raw[0],
        rows: raw[1..10].try_into().unwrap(),
        columns: raw[10..19].try_into().unwrap(),
        digits: raw[19..29].try_into().unwrap(),
    };
    check_transform(&raw, &board);
    let seed = seed_from(rest.get(29..).unwrap_or(&[]));
    let (status, drawn) = transform_random(seed);
    assert_eq!(status, sudoku_status::SUDOKU_OK);
    let drawn = drawn.expect("written on success");
    assert_eq!(transform_random(seed), (status, Some(drawn)));
    let reference = from_c(&drawn).expect("a valid transformation");
    check_transform(&drawn, &board);
    check_canonicalize(&board, &reference);
    let after_seed = rest.get(37..).unwrap_or(&[]);
    let mut masks: [u16; 81] = std::array::from_fn(|cell| {
        match (after_seed.get(2 * cell), after_seed.get(2 * cell + 1)) {
            (Some(&lo), Some(&hi)) => u16::from_le_bytes([lo, hi]) & 0x1FF,
            _ => 0x1FF,
        }
    });
    if let (Some(&flag), Some(&cell)) = (after_seed.get(162), after_seed.get(163)) {
        if flag % 2 == 1 {
            masks[usize::from(cell) % 81] |= 0x200 << (flag % 7);
        }
    }
    check_transform_candidates(&raw, &masks);
    check_transform_candidates(&drawn, &masks);
    if data.first() == Some(&b'N') {
        check_nulls(&board);
    }
});
