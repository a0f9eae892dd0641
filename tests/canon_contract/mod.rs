//! The contract of the canonical-form functions (`sudoku_canonicalize`,
//! `sudoku_transform_apply`, `sudoku_transform_apply_candidates`, `sudoku_transform_invert`;
//! `sudoku_transform_random` for NULL) as
//! checks on one board and one transformation, against the test kit's validation and
//! transformations: statuses of bad boards and transformations with nothing written, the form a
//! fixed point, the same for an image of the board, the transformation written mapping the
//! board to its form, its inverse mapping back. A broken promise panics. Shared by `tests/canonical_ffi.rs` and (through
//! `#[path]`) the `canonicalize` fuzz target; the including crate declares `cabi` beside it.
#![allow(dead_code)]

use sudoku::ffi::{self, sudoku_status, sudoku_status::*, sudoku_transform};
use sudoku_testkit::board::{parse, Fault, CELLS};
use sudoku_testkit::minlex::RefTransform;

use super::cabi::{canonicalize, transform_apply, transform_apply_candidates, transform_invert};

/// Text bytes of a digit grid, '.' for blanks.
pub fn text(grid: &[u8; CELLS]) -> [u8; CELLS] {
    grid.map(|d| if d == 0 { b'.' } else { b'0' + d })
}

/// The C struct of a test-kit transformation.
pub fn to_c(t: &RefTransform) -> sudoku_transform {
    sudoku_transform {
        transpose: t.transpose as u8,
        rows: t.rows.map(|r| r as u8),
        columns: t.columns.map(|c| c as u8),
        digits: t.digits,
    }
}

/// The test-kit transformation of a C struct, if it is valid by the definition (checked here
/// from the documentation, not by the library).
pub fn from_c(t: &sudoku_transform) -> Option<RefTransform> {
    let chute = |p: &[u8; 9]| -> Option<[usize; 9]> {
        let mut seen = [false; 9];
        for (k, &v) in p.iter().enumerate() {
            let v = v as usize;
            if v > 8 || seen[v] || v / 3 != p[k / 3 * 3] as usize / 3 {
                return None;
            }
            seen[v] = true;
        }
        Some(p.map(|v| v as usize))
    };
    let mut seen = [false; 10];
    for &d in &t.digits[1..] {
        if !(1..=9).contains(&d) || seen[d as usize] {
            return None;
        }
        seen[d as usize] = true;
    }
    if t.transpose > 1 || t.digits[0] != 0 {
        return None;
    }
    Some(RefTransform {
        transpose: t.transpose == 1,
        rows: chute(&t.rows)?,
        columns: chute(&t.columns)?,
        digits: t.digits,
    })
}

/// Checks `sudoku_canonicalize` on `board` and on its image under `image_of`; returns the form
/// of a valid board.
pub fn check_canonicalize(board: &[u8; CELLS], image_of: &RefTransform) -> Option<[u8; CELLS]> {
    let (status, form, t) = canonicalize(board);
    let grid = match parse(board) {
        Err(fault) => {
            let expected = match fault {
                Fault::InvalidCharacter(_) => SUDOKU_INVALID_CHARACTER,
                Fault::ConflictingGivens(_) => SUDOKU_CONFLICTING_GIVENS,
            };
            assert_eq!((status, form, t), (expected, None, None));
            return None;
        }
        Ok(grid) => grid,
    };
    assert_eq!(status, SUDOKU_OK);
    let (form, t) = (form.unwrap(), t.unwrap());
    // The form: '.' and '1'-'9', a valid board, as many givens.
    let form_grid = parse(&form).expect("the form is a valid board");
    assert!(form
        .iter()
        .all(|&b| b == b'.' || (b'1'..=b'9').contains(&b)));
    assert_eq!(
        form_grid.iter().filter(|&&d| d != 0).count(),
        grid.iter().filter(|&&d| d != 0).count()
    );
    // The transformation written is valid and maps the board to the form, through the library
    // and through the test kit.
    let reference = from_c(&t).expect("a valid transformation");
    assert_eq!(text(&reference.apply(&grid)), form);
    assert_eq!(transform_apply(&t, board), (SUDOKU_OK, Some(form)));
    // Its inverse maps the form back to the board (blanks as '.').
    let (status, inverse) = transform_invert(&t);
    assert_eq!(status, SUDOKU_OK);
    assert_eq!(
        transform_apply(&inverse.unwrap(), &form),
        (SUDOKU_OK, Some(text(&grid)))
    );
    // The form is its own form, and an image of the board has the same form.
    assert_eq!(canonicalize(&form).1, Some(form));
    let image = text(&image_of.apply(&grid));
    assert_eq!(
        transform_apply(&to_c(image_of), board),
        (SUDOKU_OK, Some(image))
    );
    assert_eq!(canonicalize(&image).1, Some(form));
    // Without a transformation the same form; in place too.
    let mut buf = board.map(|b| b as std::ffi::c_char);
    let mut out = [0 as std::ffi::c_char; CELLS];
    // SAFETY: 81 readable bytes in, 81 writable bytes out; NULL transform is documented.
    let status =
        unsafe { ffi::sudoku_canonicalize(buf.as_ptr(), out.as_mut_ptr(), std::ptr::null_mut()) };
    assert_eq!((status, out.map(|b| b as u8)), (SUDOKU_OK, form));
    // SAFETY: the same buffer as board and form is documented as allowed.
    let status =
        unsafe { ffi::sudoku_canonicalize(buf.as_ptr(), buf.as_mut_ptr(), std::ptr::null_mut()) };
    assert_eq!((status, buf.map(|b| b as u8)), (SUDOKU_OK, form));
    Some(form)
}

/// Checks `sudoku_transform_apply` and `sudoku_transform_invert` on arbitrary transformation
/// bytes: an invalid one is `SUDOKU_INVALID_ARGUMENT` with nothing written, a valid one gives
/// the test kit's image and an inverse that undoes it.
pub fn check_transform(t: &sudoku_transform, board: &[u8; CELLS]) {
    let (status, image) = transform_apply(t, board);
    let (inv_status, inverse) = transform_invert(t);
    let Some(reference) = from_c(t) else {
        assert_eq!((status, image), (SUDOKU_INVALID_ARGUMENT, None));
        assert_eq!((inv_status, inverse), (SUDOKU_INVALID_ARGUMENT, None));
        return;
    };
    assert_eq!(inv_status, SUDOKU_OK);
    let inverse = inverse.unwrap();
    match parse(board) {
        Err(Fault::InvalidCharacter(_)) => {
            assert_eq!((status, image), (SUDOKU_INVALID_CHARACTER, None))
        }
        Err(Fault::ConflictingGivens(_)) => {
            assert_eq!((status, image), (SUDOKU_CONFLICTING_GIVENS, None))
        }
        Ok(grid) => {
            let expected = text(&reference.apply(&grid));
            assert_eq!((status, image), (SUDOKU_OK, Some(expected)));
            assert_eq!(
                transform_apply(&inverse, &expected),
                (SUDOKU_OK, Some(text(&grid)))
            );
        }
    }
}

/// Checks `sudoku_transform_apply_candidates` on arbitrary transformation bytes and masks: an
/// invalid transformation or a mask above `0x1FF` is `SUDOKU_INVALID_ARGUMENT` with nothing
/// written; otherwise the image is the test kit's (each digit's cells moved as a board), the
/// same in place, and the inverse maps it back. Returns the image when there is one.
pub fn check_transform_candidates(
    t: &sudoku_transform,
    masks: &[u16; CELLS],
) -> Option<[u16; CELLS]> {
    let (status, image) = transform_apply_candidates(t, masks);
    let reference = from_c(t);
    let Some(reference) = reference.filter(|_| masks.iter().all(|&m| m <= 0x1FF)) else {
        assert_eq!((status, image), (SUDOKU_INVALID_ARGUMENT, None));
        return None;
    };
    let expected = reference.apply_masks(masks);
    assert_eq!((status, image), (SUDOKU_OK, Some(expected)));
    // In place: the masks read whole before the image is written over them.
    let mut buf = *masks;
    // SAFETY: t is a readable sudoku_transform; buf is 81 readable and writable masks, the same
    // buffer as input and output being documented as allowed.
    let status =
        unsafe { ffi::sudoku_transform_apply_candidates(t, buf.as_ptr(), buf.as_mut_ptr()) };
    assert_eq!((status, buf), (SUDOKU_OK, expected));
    let (_, inverse) = transform_invert(t);
    assert_eq!(
        transform_apply_candidates(&inverse.expect("an inverse"), &expected),
        (SUDOKU_OK, Some(*masks))
    );
    Some(expected)
}

/// The NULL-pointer checks of the five functions (nothing written).
pub fn check_nulls(board: &[u8; CELLS]) {
    let buf = board.map(|b| b as std::ffi::c_char);
    let mut out = [b'#' as std::ffi::c_char; CELLS];
    let mut t = super::cabi::TRANSFORM_UNTOUCHED;
    let identity = sudoku_transform {
        transpose: 0,
        rows: [0, 1, 2, 3, 4, 5, 6, 7, 8],
        columns: [0, 1, 2, 3, 4, 5, 6, 7, 8],
        digits: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
    };
    let null_board = std::ptr::null::<std::ffi::c_char>();
    let null_out = std::ptr::null_mut::<std::ffi::c_char>();
    let masks = [0x1FFu16; CELLS];
    let mut out_masks = super::cabi::MASKS_UNTOUCHED;
    let statuses: [sudoku_status; 11] =
        // SAFETY: every non-NULL pointer is valid; NULL is documented as rejected.
        unsafe {
            [
                ffi::sudoku_canonicalize(null_board, out.as_mut_ptr(), &mut t),
                ffi::sudoku_canonicalize(buf.as_ptr(), null_out, &mut t),
                ffi::sudoku_transform_apply(std::ptr::null(), buf.as_ptr(), out.as_mut_ptr()),
                ffi::sudoku_transform_apply(&identity, null_board, out.as_mut_ptr()),
                ffi::sudoku_transform_apply(&identity, buf.as_ptr(), null_out),
                ffi::sudoku_transform_invert(std::ptr::null(), &mut t),
                ffi::sudoku_transform_invert(&identity, std::ptr::null_mut()),
                ffi::sudoku_transform_random(7, std::ptr::null_mut()),
                ffi::sudoku_transform_apply_candidates(
                    std::ptr::null(),
                    masks.as_ptr(),
                    out_masks.as_mut_ptr(),
                ),
                ffi::sudoku_transform_apply_candidates(
                    &identity,
                    std::ptr::null(),
                    out_masks.as_mut_ptr(),
                ),
                ffi::sudoku_transform_apply_candidates(
                    &identity,
                    masks.as_ptr(),
                    std::ptr::null_mut(),
                ),
            ]
        };
    assert_eq!(statuses, [SUDOKU_NULL_POINTER; 11]);
    assert_eq!(out_masks, super::cabi::MASKS_UNTOUCHED);
    assert_eq!(out, [b'#' as std::ffi::c_char; CELLS]);
    assert_eq!(t, super::cabi::TRANSFORM_UNTOUCHED);
}
