//! `sudoku_generate_batch` on a seed, option bytes, a count (0-4) and a thread count (0-3):
//! every item equals what `sudoku_generate` gives for its index (`first_index + i`), status and
//! puzzle, whatever the thread count; items that are not `SUDOKU_OK` are left untouched; options
//! out of range (decided here), NULL buffers and buffers that overlap give their status with
//! nothing written. Attempts stay few (at most 3) so that each input is fast.
#![no_main]

use libfuzzer_sys::fuzz_target;
use libsudoku_fuzz::seed_from;
use sudoku::ffi::sudoku_status::{self, *};
use sudoku::ffi::{
    sudoku_generate, sudoku_generate_batch, sudoku_generate_options,
    sudoku_generate_options_init_size,
};

const CELLS: usize = 81;

fuzz_target!(|data: &[u8]| {
    let byte = |i: usize| data.get(i).copied().unwrap_or(0);
    let seed = seed_from(data);
    let mut options = std::mem::MaybeUninit::<sudoku_generate_options>::uninit();
    // SAFETY: a writable options struct of its own size.
    let status = unsafe {
        sudoku_generate_options_init_size(
            options.as_mut_ptr(),
            std::mem::size_of::<sudoku_generate_options>(),
        )
    };
    assert_eq!(status, SUDOKU_OK);
    // SAFETY: initialised just above (the whole struct).
    let mut options = unsafe { options.assume_init() };
    let flags = byte(8);
    options.symmetry = u32::from(byte(9) % 11);
    options.minimal = byte(10) % 3;
    options.max_attempts = u64::from(byte(11) % 4);
    if flags & 1 != 0 {
        options.min_givens = byte(12) % 90;
        options.max_givens = byte(13) % 90;
    }
    if flags & 2 != 0 {
        options.struct_size = u32::from(byte(14)) % 48;
    }
    options.first_index = u64::from(byte(15)) << (byte(16) % 64);
    let count = usize::from(byte(17) % 5);
    let threads = usize::from(byte(18) % 4);
    let valid = options.struct_size >= 32
        && options.symmetry < 10
        && options.minimal < 2
        && options.min_givens <= options.max_givens
        && (17..=81).contains(&options.max_givens)
        && options.max_attempts > 0;

    let mut puzzles = vec![b'#'; CELLS * count];
    let mut statuses = vec![SUDOKU_NO_STEP; count];
    let null = flags & 4 != 0;
    let overlap = flags & 8 != 0 && count > 0;
    // SAFETY: NULL, or `81 * count` writable bytes and `count` writable statuses; with
    // `overlap`, the statuses point into the puzzles (refused before anything is written).
    let status = unsafe {
        let statuses_at = if overlap {
            puzzles.as_mut_ptr().cast::<sudoku_status>()
        } else {
            statuses.as_mut_ptr()
        };
        sudoku_generate_batch(
            seed,
            &options,
            count,
            if null {
                std::ptr::null_mut()
            } else {
                puzzles.as_mut_ptr().cast()
            },
            statuses_at,
            threads,
        )
    };
    if null {
        assert_eq!(status, SUDOKU_NULL_POINTER);
    } else if !valid || overlap {
        // Options are checked before the buffers; either way nothing is written.
        assert_eq!(
            status, SUDOKU_INVALID_ARGUMENT,
            "valid {valid}, overlap {overlap}"
        );
    } else {
        assert_eq!(status, SUDOKU_OK);
    }
    if status != SUDOKU_OK {
        assert!(
            puzzles.iter().all(|&b| b == b'#'),
            "puzzles written on {status:?}"
        );
        assert!(
            statuses.iter().all(|&s| s == SUDOKU_NO_STEP),
            "statuses written on {status:?}"
        );
        return;
    }
    for i in 0..count {
        let mut single = options;
        single.first_index = options.first_index.wrapping_add(i as u64);
        let mut puzzle = [b'#'; CELLS];
        // SAFETY: readable options; 81 writable bytes.
        let alone = unsafe {
            sudoku_generate(
                seed,
                &single,
                puzzle.as_mut_ptr().cast(),
                std::ptr::null_mut(),
            )
        };
        assert_eq!(statuses[i], alone, "item {i}");
        assert_eq!(
            &puzzles[CELLS * i..CELLS * (i + 1)],
            &puzzle[..],
            "item {i}"
        );
    }
});
