//! `sudoku_canonicalize_batch` on raw bytes: the first byte chooses the thread count (bits 0-1:
//! 0-3, 0 meaning every core), whether to canonicalize in place (bit 2) and whether to ask for
//! the transformations (bit 3); the rest is cut into boards of 81 bytes (at most 16, a shorter
//! last one padded with blanks). Each board's status, form and transformation must be what
//! `sudoku_canonicalize` gives for it alone (checked there against the test kit by
//! `canon_contract`), with nothing written for a board that fails.
#![no_main]

use libfuzzer_sys::fuzz_target;
use libsudoku_fuzz::cabi::canonicalize;
use libsudoku_fuzz::reference::CELLS;
use libsudoku_fuzz::{batch_from, canon_contract::check_canonicalize, UNWRITTEN};
use sudoku::ffi::{self, sudoku_status::*, sudoku_transform};
use sudoku_testkit::minlex::RefTransform;

/// A transformation no call writes (an invalid one).
const UNWRITTEN_T: sudoku_transform = sudoku_transform {
    transpose: 0xAA,
    rows: [0xAA; 9],
    columns: [0xAA; 9],
    digits: [0xAA; 10],
};

fuzz_target!(|data: &[u8]| {
    let Some((&control, rest)) = data.split_first() else {
        return;
    };
    let threads = usize::from(control & 0b11);
    let in_place = control & 0b100 != 0;
    let with_transforms = control & 0b1000 != 0;
    let (boards, texts, mut forms) = batch_from(rest, in_place);
    let count = boards.len();
    let mut transforms = vec![UNWRITTEN_T; count];
    let mut statuses = vec![SUDOKU_INTERNAL_ERROR; count];
    let input = if in_place {
        forms.as_ptr()
    } else {
        texts.as_ptr()
    };
    let t = if with_transforms {
        transforms.as_mut_ptr()
    } else {
        std::ptr::null_mut()
    };
    // SAFETY: input and forms are 81 * count bytes (the same buffer when in place), transforms
    // and statuses hold count values; a dangling non-NULL pointer of an empty Vec is valid for
    // 0 bytes.
    let status = unsafe {
        ffi::sudoku_canonicalize_batch(
            input,
            count,
            forms.as_mut_ptr(),
            t,
            statuses.as_mut_ptr(),
            threads,
        )
    };
    assert_eq!(status, SUDOKU_OK);
    for (i, board) in boards.iter().enumerate() {
        let (alone_status, alone_form, alone_t) = canonicalize(board);
        assert_eq!(statuses[i], alone_status, "board {i}");
        let slot: Vec<u8> = forms[i * CELLS..(i + 1) * CELLS]
            .iter()
            .map(|&b| b as u8)
            .collect();
        if alone_status == SUDOKU_OK {
            assert_eq!(Some(slot.as_slice()), alone_form.as_ref().map(|f| &f[..]));
            if with_transforms {
                assert_eq!(Some(transforms[i]), alone_t, "board {i}");
            }
        } else if in_place {
            assert_eq!(slot, board, "board {i}: changed on failure");
        } else {
            assert!(slot.iter().all(|&b| b == UNWRITTEN), "board {i}: written");
        }
        if alone_status != SUDOKU_OK || !with_transforms {
            assert_eq!(
                transforms[i], UNWRITTEN_T,
                "board {i}: transformation written"
            );
        }
    }
    // The single call's own contract, on the first board (an identity image: the form's
    // invariance is the canonicalize target's to fuzz).
    if let Some(first) = boards.first() {
        let identity = RefTransform {
            transpose: false,
            rows: std::array::from_fn(|i| i),
            columns: std::array::from_fn(|i| i),
            digits: std::array::from_fn(|i| i as u8),
        };
        check_canonicalize(first, &identity);
    }
});
