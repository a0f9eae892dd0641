//! The `_init_size` calls of the structs that may grow (`sudoku_generate_options_init_size`,
//! `sudoku_rate_options_init_size`, `sudoku_read_info_init_size`,
//! `sudoku_pattern_options_init_size`) on any size, into a buffer of
//! that many sentinel bytes (and a little more): a size below the first version gives
//! `SUDOKU_INVALID_ARGUMENT` with nothing written; any other writes exactly the largest version
//! that fits (the sizes decided here, independently: 32 or 40, 8, `sizeof(sudoku_read_info)`, 32),
//! with `struct_size` set to it, and not one byte past it.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku::ffi::sudoku_status::*;
use sudoku::ffi::{
    sudoku_generate_options, sudoku_generate_options_init_size, sudoku_pattern_options,
    sudoku_pattern_options_init_size, sudoku_rate_options, sudoku_rate_options_init_size,
    sudoku_read_info, sudoku_read_info_init_size,
};

const SENTINEL: u8 = 0x5A;

/// A buffer aligned for every struct.
#[repr(C, align(8))]
struct Buffer([u8; 512]);

fuzz_target!(|data: &[u8]| {
    let byte = |i: usize| data.get(i).copied().unwrap_or(0);
    let which = byte(0) % 4;
    // Sizes up to 511 bytes (the whole buffer is there), or `usize::MAX` in place of one that
    // reaches the first version: the library must still write only the largest version it
    // knows, which the check below proves on the buffer's bytes.
    let mut size = usize::from(u16::from_le_bytes([byte(1), byte(2)]) % 512);
    let huge = byte(3) & 1 == 1;
    let mut buffer = Buffer([SENTINEL; 512]);
    let at = buffer.0.as_mut_ptr();
    let info_size = std::mem::size_of::<sudoku_read_info>();
    // (status, the version the size reaches: None below the first)
    let (status, version) = match which {
        0 => {
            if huge && size >= 32 {
                size = usize::MAX;
            }
            let version = match size {
                40.. => Some(40),
                32..=39 => Some(32),
                _ => None,
            };
            // SAFETY: `size` writable bytes, or a size never written past 40 (checked below).
            let status = unsafe {
                sudoku_generate_options_init_size(at.cast::<sudoku_generate_options>(), size)
            };
            (status, version)
        }
        1 => {
            if huge && size >= 8 {
                size = usize::MAX;
            }
            let version = (size >= 8).then_some(8);
            // SAFETY: as above.
            let status =
                unsafe { sudoku_rate_options_init_size(at.cast::<sudoku_rate_options>(), size) };
            (status, version)
        }
        3 => {
            if huge && size >= 32 {
                size = usize::MAX;
            }
            let version = (size >= 32).then_some(32);
            // SAFETY: as above.
            let status = unsafe {
                sudoku_pattern_options_init_size(at.cast::<sudoku_pattern_options>(), size)
            };
            (status, version)
        }
        _ => {
            if huge && size >= info_size {
                size = usize::MAX;
            }
            let version = (size >= info_size).then_some(info_size);
            // SAFETY: as above.
            let status = unsafe { sudoku_read_info_init_size(at.cast::<sudoku_read_info>(), size) };
            (status, version)
        }
    };
    match version {
        None => {
            assert_eq!(status, SUDOKU_INVALID_ARGUMENT, "size {size}");
            assert!(
                buffer.0.iter().all(|&b| b == SENTINEL),
                "written on a refused size {size}"
            );
        }
        Some(version) => {
            assert_eq!(status, SUDOKU_OK, "size {size}");
            assert!(
                buffer.0[version..].iter().all(|&b| b == SENTINEL),
                "written past version {version} (size {size})"
            );
            let struct_size = u32::from_ne_bytes(buffer.0[..4].try_into().unwrap());
            assert_eq!(struct_size as usize, version);
        }
    }
});
