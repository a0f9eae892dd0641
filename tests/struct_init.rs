//! The init calls of the C structs that may grow (`sudoku_generate_options`,
//! `sudoku_rate_options`, `sudoku_read_info`, `sudoku_pattern_options`): the sized calls (`*_init_size`) write exactly the
//! largest version that fits the caller's size and nothing past it, refuse sizes below the
//! first version and NULL with nothing written; the plain calls write exactly the 0.1 struct
//! (40, 8, this version's `sizeof(sudoku_read_info)` and 32 bytes), so that a program built against
//! this header is never written past its struct by a later library. Each struct is placed in a
//! larger buffer of sentinel bytes, so a byte written past the size shows.

use std::ffi::c_char;
use std::mem::{offset_of, size_of};
use std::ptr;

use sudoku::ffi::sudoku_status::{self, *};
use sudoku::ffi::*;

/// A buffer of `N` sentinel bytes, aligned for any of the structs.
#[repr(C, align(8))]
struct Buffer<const N: usize>([u8; N]);

const SENTINEL: u8 = 0xA5;

impl<const N: usize> Buffer<N> {
    fn new() -> Self {
        Buffer([SENTINEL; N])
    }

    fn as_mut<T>(&mut self) -> *mut T {
        assert!(size_of::<T>() <= N);
        self.0.as_mut_ptr().cast()
    }

    /// The struct at the start of the buffer (every field a plain integer or byte array).
    fn read<T: Copy>(&self) -> T {
        assert!(size_of::<T>() <= N);
        // SAFETY: N >= size_of::<T>() bytes, aligned to 8; T is a repr(C) struct of integers,
        // valid for any bytes.
        unsafe { ptr::read(self.0.as_ptr().cast::<T>()) }
    }

    /// The first byte from `from` on that is not the sentinel, if any.
    fn written_from(&self, from: usize) -> Option<usize> {
        (from..N).find(|&i| self.0[i] != SENTINEL)
    }
}

const GENERATE_V1: usize = offset_of!(sudoku_generate_options, min_er);

#[test]
fn the_first_generate_options_version_ends_at_first_index_and_this_one_at_40_bytes() {
    assert_eq!(GENERATE_V1, 32);
    assert_eq!(size_of::<sudoku_generate_options>(), 40);
    assert_eq!(size_of::<sudoku_rate_options>(), 8);
}

#[test]
fn generate_options_init_size_writes_the_largest_version_that_fits_and_nothing_past_it() {
    let mut plain = Buffer::<64>::new();
    // SAFETY: 64 writable bytes.
    unsafe { sudoku_generate_options_init(plain.as_mut::<sudoku_generate_options>()) };
    // (size given, version written)
    for (size, version) in [
        (32, 32),
        (33, 32),
        (39, 32),
        (40, 40),
        (41, 40),
        (64, 40),
        (4096, 40),
    ] {
        let mut buffer = Buffer::<4096>::new();
        // SAFETY: `size` <= 4096 writable bytes.
        let status = unsafe {
            sudoku_generate_options_init_size(buffer.as_mut::<sudoku_generate_options>(), size)
        };
        assert_eq!(status, SUDOKU_OK, "size {size}");
        assert_eq!(
            buffer.written_from(version),
            None,
            "size {size}: wrote past {version}"
        );
        let o: sudoku_generate_options = buffer.read();
        assert_eq!(o.struct_size as usize, version, "size {size}");
        // The fields after struct_size, byte for byte those of the plain init (whose values
        // generate_ffi.rs checks), up to the version written.
        assert_eq!(buffer.0[4..version], plain.0[4..version], "size {size}");
    }
}

#[test]
fn sized_inits_refuse_small_sizes_and_null_with_nothing_written() {
    for size in [0, 1, 4, 8, 31] {
        let mut buffer = Buffer::<64>::new();
        // SAFETY: at most 64 writable bytes.
        let status = unsafe {
            sudoku_generate_options_init_size(buffer.as_mut::<sudoku_generate_options>(), size)
        };
        assert_eq!(status, SUDOKU_INVALID_ARGUMENT, "size {size}");
        assert_eq!(buffer.written_from(0), None, "size {size}");
    }
    for size in [0, 4, 7] {
        let mut buffer = Buffer::<64>::new();
        // SAFETY: at most 64 writable bytes.
        let status =
            unsafe { sudoku_rate_options_init_size(buffer.as_mut::<sudoku_rate_options>(), size) };
        assert_eq!(status, SUDOKU_INVALID_ARGUMENT, "size {size}");
        assert_eq!(buffer.written_from(0), None, "size {size}");
    }
    let info_size = size_of::<sudoku_read_info>();
    for size in [0, 4, 8, info_size - 1] {
        let mut buffer = Buffer::<512>::new();
        // SAFETY: at most 512 writable bytes.
        let status =
            unsafe { sudoku_read_info_init_size(buffer.as_mut::<sudoku_read_info>(), size) };
        assert_eq!(status, SUDOKU_INVALID_ARGUMENT, "size {size}");
        assert_eq!(buffer.written_from(0), None, "size {size}");
    }
    // SAFETY: NULL is checked.
    unsafe {
        assert_eq!(
            sudoku_generate_options_init_size(ptr::null_mut(), 40),
            SUDOKU_NULL_POINTER
        );
        assert_eq!(
            sudoku_rate_options_init_size(ptr::null_mut(), 8),
            SUDOKU_NULL_POINTER
        );
        assert_eq!(
            sudoku_read_info_init_size(ptr::null_mut(), info_size),
            SUDOKU_NULL_POINTER
        );
    }
}

#[test]
fn rate_options_and_read_info_init_size_write_one_version_and_nothing_past_it() {
    for size in [8, 9, 16, 4096] {
        let mut buffer = Buffer::<4096>::new();
        // SAFETY: `size` <= 4096 writable bytes.
        let status =
            unsafe { sudoku_rate_options_init_size(buffer.as_mut::<sudoku_rate_options>(), size) };
        assert_eq!(status, SUDOKU_OK);
        assert_eq!(buffer.written_from(8), None, "size {size}");
        let o: sudoku_rate_options = buffer.read();
        assert_eq!((o.struct_size, o.budget_ms), (8, 0));
    }
    let info_size = size_of::<sudoku_read_info>();
    for size in [info_size, info_size + 1, 4096] {
        let mut buffer = Buffer::<4096>::new();
        // SAFETY: `size` <= 4096 writable bytes.
        let status =
            unsafe { sudoku_read_info_init_size(buffer.as_mut::<sudoku_read_info>(), size) };
        assert_eq!(status, SUDOKU_OK);
        assert_eq!(buffer.written_from(info_size), None, "size {size}");
        let info: sudoku_read_info = buffer.read();
        assert_eq!(info.struct_size as usize, info_size);
        assert_eq!(
            (
                info.kind,
                info.first_line,
                info.consumed,
                info.lines,
                info.line
            ),
            (0, 1, 0, 0, 0)
        );
        assert_eq!((info.column, info.offset, info.reason), (0, 0, 0));
        assert!(info.message.iter().all(|&c| c == 0));
    }
}

#[test]
fn plain_inits_write_exactly_the_struct_of_0_1() {
    let mut buffer = Buffer::<4096>::new();
    // SAFETY: 4096 writable bytes.
    unsafe { sudoku_generate_options_init(buffer.as_mut::<sudoku_generate_options>()) };
    assert_eq!(buffer.written_from(40), None);
    let mut sized = Buffer::<4096>::new();
    // SAFETY: 40 writable bytes.
    let status =
        unsafe { sudoku_generate_options_init_size(sized.as_mut::<sudoku_generate_options>(), 40) };
    assert_eq!(status, SUDOKU_OK);
    // Byte for byte, padding included: both zero it.
    assert_eq!(buffer.0[..40], sized.0[..40]);
    assert!(buffer.0[11..16]
        .iter()
        .chain(&buffer.0[36..40])
        .all(|&b| b == 0));

    let mut buffer = Buffer::<4096>::new();
    // SAFETY: 4096 writable bytes.
    unsafe { sudoku_rate_options_init(buffer.as_mut::<sudoku_rate_options>()) };
    assert_eq!(buffer.written_from(8), None);
    assert_eq!(buffer.read::<sudoku_rate_options>().struct_size, 8);

    let info_size = size_of::<sudoku_read_info>();
    let mut buffer = Buffer::<4096>::new();
    // SAFETY: 4096 writable bytes.
    unsafe { sudoku_read_info_init(buffer.as_mut::<sudoku_read_info>()) };
    assert_eq!(buffer.written_from(info_size), None);
    let info: sudoku_read_info = buffer.read();
    assert_eq!((info.struct_size as usize, info.first_line), (info_size, 1));
}

/// `sudoku_generate` into a fresh buffer: (status, puzzle).
fn generate(seed: u64, options: *const sudoku_generate_options) -> (sudoku_status, [u8; 81]) {
    let mut puzzle = [b'#'; 81];
    // SAFETY: NULL or options of at least their struct_size bytes; 81 writable bytes.
    let status = unsafe {
        sudoku_generate(
            seed,
            options,
            puzzle.as_mut_ptr().cast::<c_char>(),
            ptr::null_mut(),
        )
    };
    (status, puzzle)
}

#[test]
fn options_from_a_first_version_sized_init_generate_the_default_puzzles() {
    // A caller built against the first version of the struct (32 bytes) gets the default
    // rating window (any rating), whatever lies past its struct.
    let mut buffer = Buffer::<64>::new();
    // SAFETY: 32 writable bytes.
    let status = unsafe {
        sudoku_generate_options_init_size(buffer.as_mut::<sudoku_generate_options>(), 32)
    };
    assert_eq!(status, SUDOKU_OK);
    let first = buffer.as_mut::<sudoku_generate_options>();
    for seed in [1, 7, 1234] {
        let (status, puzzle) = generate(seed, first);
        assert_eq!(status, SUDOKU_OK);
        assert_eq!((status, puzzle), generate(seed, ptr::null()), "seed {seed}");
    }
}

#[test]
fn pattern_options_init_calls_write_one_version_and_nothing_past_it() {
    assert_eq!(size_of::<sudoku_pattern_options>(), 32);
    let mut plain = Buffer::<4096>::new();
    // SAFETY: 4096 writable bytes.
    unsafe { sudoku_pattern_options_init(plain.as_mut::<sudoku_pattern_options>()) };
    assert_eq!(plain.written_from(32), None);
    let o: sudoku_pattern_options = plain.read();
    assert_eq!(
        (
            o.struct_size,
            o.max_attempts,
            o.first_index,
            o.min_er,
            o.max_er
        ),
        (32, 1000, 0, 0, 0)
    );
    // Padding zeroed: after struct_size, and after max_er.
    assert!(plain.0[4..8]
        .iter()
        .chain(&plain.0[28..32])
        .all(|&b| b == 0));
    for size in [32, 33, 40, 4096] {
        let mut buffer = Buffer::<4096>::new();
        // SAFETY: `size` <= 4096 writable bytes.
        let status = unsafe {
            sudoku_pattern_options_init_size(buffer.as_mut::<sudoku_pattern_options>(), size)
        };
        assert_eq!(status, SUDOKU_OK, "size {size}");
        assert_eq!(buffer.written_from(32), None, "size {size}");
        assert_eq!(buffer.0[..32], plain.0[..32], "size {size}");
    }
    for size in [0, 4, 8, 31] {
        let mut buffer = Buffer::<64>::new();
        // SAFETY: at most 64 writable bytes.
        let status = unsafe {
            sudoku_pattern_options_init_size(buffer.as_mut::<sudoku_pattern_options>(), size)
        };
        assert_eq!(status, SUDOKU_INVALID_ARGUMENT, "size {size}");
        assert_eq!(buffer.written_from(0), None, "size {size}");
    }
    // SAFETY: NULL is checked (and ignored by the plain init).
    unsafe {
        assert_eq!(
            sudoku_pattern_options_init_size(ptr::null_mut(), 32),
            SUDOKU_NULL_POINTER
        );
        sudoku_pattern_options_init(ptr::null_mut());
    }
}

/// Each call that reads a struct that grows, on a struct whose every byte is the sentinel (one
/// no init call filled: `struct_size` 0xA5A5A5A5), on `struct_size` just above
/// `SUDOKU_STRUCT_SIZE_MAX`, and on exactly that size (a later version's larger struct, read
/// from a buffer that holds it): the first two refused with nothing written, the last taken.
#[test]
fn a_struct_size_above_the_cap_is_refused_with_nothing_written() {
    const TOP1: &[u8; 81] =
        b"4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    const EASY: &[u8; 81] =
        b"xx.xx.xx.x..x..x..xx.xx.xx.x..x..x..xx.xx.xx.x..x..x..xx.xx.xx.x..x..x..xxxxxxxxx";
    const MAX: usize = SUDOKU_STRUCT_SIZE_MAX as usize;
    assert_eq!(MAX, 4096);
    // (struct_size, expected): the buffer holds MAX + 8 bytes, the struct at its start.
    for (size, expected) in [
        (None, SUDOKU_INVALID_ARGUMENT),
        (Some(MAX as u32 + 1), SUDOKU_INVALID_ARGUMENT),
        (Some(MAX as u32), SUDOKU_OK),
    ] {
        // Each struct initialized (or not), then its size set; the outputs filled with '#'.
        let fill = |buffer: &mut Buffer<{ MAX + 8 }>, init: &dyn Fn(*mut u8)| {
            if let Some(size) = size {
                init(buffer.as_mut::<u8>());
                buffer.0[..4].copy_from_slice(&size.to_ne_bytes());
            }
        };
        let mut out = [b'#' as c_char; 2 * 81];
        let mut statuses = [SUDOKU_INTERNAL_ERROR; 2];
        let untouched = |out: &[c_char; 162], statuses: &[sudoku_status; 2], case: &str| {
            if expected != SUDOKU_OK {
                assert!(out.iter().all(|&b| b == b'#' as c_char), "{case}: written");
                assert_eq!(*statuses, [SUDOKU_INTERNAL_ERROR; 2], "{case}");
            }
        };

        // First the calls that end quickly whatever they read.
        let mut buffer = Buffer::<{ MAX + 8 }>::new();
        // SAFETY: the buffer holds a whole options struct.
        fill(&mut buffer, &|p| unsafe {
            sudoku_rate_options_init(p.cast())
        });
        let mut rating = std::mem::MaybeUninit::<sudoku_rating>::zeroed();
        // SAFETY: 81 readable bytes, the struct as above, a writable rating.
        let status = unsafe {
            sudoku_rate_with(
                TOP1.as_ptr().cast(),
                buffer.as_mut::<sudoku_rate_options>().cast_const(),
                rating.as_mut_ptr(),
            )
        };
        assert_eq!(status, expected, "sudoku_rate_with, size {size:?}");

        let mut buffer = Buffer::<{ MAX + 8 }>::new();
        // SAFETY: the buffer holds a whole read info.
        fill(&mut buffer, &|p| unsafe { sudoku_read_info_init(p.cast()) });
        let before = buffer.0;
        out.fill(b'#' as c_char);
        // SAFETY: 81 readable text bytes, 81 writable board bytes, a writable info of MAX + 8
        // bytes (refused sizes are refused from their value alone).
        let status = unsafe {
            sudoku_read_puzzle(
                TOP1.as_ptr().cast(),
                81,
                out.as_mut_ptr(),
                ptr::null_mut(),
                buffer.as_mut::<sudoku_read_info>(),
            )
        };
        assert_eq!(status, expected, "sudoku_read_puzzle, size {size:?}");
        if expected != SUDOKU_OK {
            assert_eq!(buffer.0, before, "sudoku_read_puzzle wrote its info");
            untouched(&out, &statuses, "sudoku_read_puzzle");
        }
        let mut buffer = Buffer::<{ MAX + 8 }>::new();
        // SAFETY: the buffer holds a whole options struct.
        fill(&mut buffer, &|p| unsafe {
            sudoku_generate_options_init(p.cast())
        });
        let o = buffer.as_mut::<sudoku_generate_options>().cast_const();
        // SAFETY: a readable struct of MAX + 8 bytes (at least any struct_size given here but
        // the sentinel's, which is refused from its value alone); 81 writable bytes, NULL
        // solution.
        let status = unsafe { sudoku_generate(3, o, out.as_mut_ptr(), ptr::null_mut()) };
        assert_eq!(status, expected, "sudoku_generate, size {size:?}");
        untouched(&out, &statuses, "sudoku_generate");
        out.fill(b'#' as c_char);
        // SAFETY: as above; 2 * 81 writable bytes and 2 statuses.
        let status =
            unsafe { sudoku_generate_batch(3, o, 2, out.as_mut_ptr(), statuses.as_mut_ptr(), 1) };
        assert_eq!(status, expected, "sudoku_generate_batch, size {size:?}");
        untouched(&out, &statuses, "sudoku_generate_batch");

        let mut buffer = Buffer::<{ MAX + 8 }>::new();
        // SAFETY: the buffer holds a whole options struct.
        fill(&mut buffer, &|p| unsafe {
            sudoku_pattern_options_init(p.cast())
        });
        let o = buffer.as_mut::<sudoku_pattern_options>().cast_const();
        out.fill(b'#' as c_char);
        statuses = [SUDOKU_INTERNAL_ERROR; 2];
        // SAFETY: 81 readable pattern bytes, the struct as above, 81 writable bytes.
        let status = unsafe {
            sudoku_generate_pattern_with(
                3,
                EASY.as_ptr().cast(),
                o,
                out.as_mut_ptr(),
                ptr::null_mut(),
            )
        };
        assert_eq!(
            status, expected,
            "sudoku_generate_pattern_with, size {size:?}"
        );
        untouched(&out, &statuses, "sudoku_generate_pattern_with");
        out.fill(b'#' as c_char);
        // SAFETY: as above; 2 * 81 writable bytes and 2 statuses.
        let status = unsafe {
            sudoku_generate_pattern_batch(
                3,
                EASY.as_ptr().cast(),
                o,
                2,
                out.as_mut_ptr(),
                statuses.as_mut_ptr(),
                1,
            )
        };
        assert_eq!(
            status, expected,
            "sudoku_generate_pattern_batch, size {size:?}"
        );
        untouched(&out, &statuses, "sudoku_generate_pattern_batch");
    }
}
