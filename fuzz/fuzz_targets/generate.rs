//! `sudoku_generate` on a seed and option bytes: options out of range give
//! `SUDOKU_INVALID_ARGUMENT` and those in range `SUDOKU_OK` or `SUDOKU_NOT_FOUND`, decided here
//! independently; nothing is written unless `SUDOKU_OK`; a puzzle written has exactly one
//! solution by the reference counter (the solution written), the asked symmetry, a number of
//! givens in range and, when asked, no removable orbit of givens. Attempts stay few (at most 4)
//! so that each input is fast.
#![no_main]

use libfuzzer_sys::fuzz_target;
use libsudoku_fuzz::{count_without, given_orbits, reference, seed_from, written_only_on_ok};
use sudoku::ffi::sudoku_status::*;
use sudoku::ffi::{sudoku_generate, sudoku_generate_options, sudoku_generate_options_init};

const CELLS: usize = 81;

fuzz_target!(|data: &[u8]| {
    let byte = |i: usize| data.get(i).copied().unwrap_or(0);
    let seed = seed_from(data);
    let mut options = std::mem::MaybeUninit::<sudoku_generate_options>::uninit();
    // SAFETY: a writable options struct.
    unsafe { sudoku_generate_options_init(options.as_mut_ptr()) };
    // SAFETY: initialised just above.
    let mut options = unsafe { options.assume_init() };
    let flags = byte(8);
    if flags & 1 != 0 {
        options.struct_size = u32::from(byte(9)) % (options.struct_size + 1);
    }
    options.symmetry = u32::from(byte(10) % 12);
    options.minimal = byte(11) % 3;
    if flags & 2 != 0 {
        options.min_givens = byte(12) % 90;
        options.max_givens = byte(13) % 90;
    }
    options.max_attempts = u64::from(byte(14) % 5);
    options.first_index = u64::from(byte(15)) << (byte(16) % 57);
    if flags & 4 != 0 {
        // A rating window, sometimes empty or invalid; few attempts keep each run short.
        options.min_er = u16::from(byte(17) % 90);
        options.max_er = u16::from(byte(18) % 90);
    }
    // The library reads the fields of the version whose size `struct_size` reaches (the whole
    // struct, or the first version's fields up to `first_index`) over the defaults: a caller
    // compiled before the window passes a smaller size and gets none, and a size between the
    // two counts as the first version's.
    let v1 = std::mem::offset_of!(sudoku_generate_options, min_er);
    let whole = std::mem::size_of::<sudoku_generate_options>();
    let known = if options.struct_size as usize >= whole {
        whole
    } else {
        v1
    };
    let mut seen = std::mem::MaybeUninit::<sudoku_generate_options>::uninit();
    // SAFETY: a writable options struct; then `known` bytes (at most its size) are copied from
    // another struct of the same type over it; every field is a plain integer.
    let seen = unsafe {
        sudoku_generate_options_init(seen.as_mut_ptr());
        std::ptr::copy_nonoverlapping(
            (&options as *const sudoku_generate_options).cast::<u8>(),
            seen.as_mut_ptr().cast::<u8>(),
            known,
        );
        seen.assume_init()
    };
    let window = (seen.min_er, seen.max_er);
    let valid = options.struct_size as usize >= v1
        && (window == (0, 0) || (window.0 <= window.1 && window.1 >= 10))
        && options.symmetry < 10
        && options.minimal < 2
        && options.min_givens <= options.max_givens
        && (17..=81).contains(&options.max_givens)
        && options.max_attempts > 0;
    let (mut puzzle, mut solution) = ([b'#'; CELLS], [b'#'; CELLS]);
    // SAFETY: readable options; two writable 81-byte buffers.
    let status = unsafe {
        sudoku_generate(
            seed,
            &options,
            puzzle.as_mut_ptr().cast(),
            solution.as_mut_ptr().cast(),
        )
    };
    if !valid {
        assert_eq!(status, SUDOKU_INVALID_ARGUMENT);
    } else {
        assert!(
            status == SUDOKU_OK || status == SUDOKU_NOT_FOUND,
            "{status:?} for valid options {options:?}"
        );
    }
    if status == SUDOKU_OK && window != (0, 0) {
        let board = sudoku::Board::parse(&puzzle).expect("a puzzle");
        let r = sudoku::steps::rate(&board);
        assert!(
            r.complete && (window.0..=window.1).contains(&u16::from(r.er)),
            "{r:?}"
        );
    }
    if !written_only_on_ok(status, &puzzle, &solution) {
        return;
    }
    assert!(puzzle
        .iter()
        .all(|&b| b == b'.' || (b'1'..=b'9').contains(&b)));
    let (n, first) = reference::reference_solve(&puzzle, 2);
    assert_eq!(n, 1, "not unique");
    assert_eq!(first, Some(solution));
    let givens = puzzle.iter().filter(|&&b| b != b'.').count();
    assert!((options.min_givens as usize..=options.max_givens as usize).contains(&givens));
    let orbits = given_orbits(&puzzle, options.symmetry).expect("the asked symmetry");
    if options.minimal == 1 {
        for orbit in orbits {
            assert!(
                count_without(&puzzle, &orbit) >= 2,
                "orbit {orbit:?} can go"
            );
        }
    }
});
