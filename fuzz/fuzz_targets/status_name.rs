//! `sudoku_status_name` on any C int (the first four bytes, little-endian, zero-padded if fewer):
//! never NULL, a NUL-terminated ASCII string, the enumerator name for a status code (0 to 9) and
//! "unknown status" for any other value, the same pointer on a second call, and agreeing with
//! `sudoku_status_message` on which values are status codes. The expected names are the test
//! kit's (`sudoku_testkit::status`, written from the documented C API).
#![no_main]

use std::ffi::CStr;

use libfuzzer_sys::fuzz_target;
use sudoku::ffi::{self, sudoku_status};
use sudoku_testkit::status::{expected_name, UNKNOWN_STATUS};

fuzz_target!(|data: &[u8]| {
    let mut bytes = [0u8; 4];
    let n = data.len().min(4);
    bytes[..n].copy_from_slice(&data[..n]);
    let status = i32::from_le_bytes(bytes);

    let name = ffi::sudoku_status_name(status);
    assert!(!name.is_null(), "NULL name for {status}");
    assert_eq!(name, ffi::sudoku_status_name(status), "not static");
    // SAFETY: documented as a static NUL-terminated string, never NULL (checked above).
    let name = unsafe { CStr::from_ptr(name) }.to_bytes();
    assert!(name.is_ascii(), "non-ASCII name for {status}");
    let name = std::str::from_utf8(name).unwrap();
    assert_eq!(name, expected_name(status), "status {status}");
    if let Some(code) = sudoku_status::from_code(status) {
        assert_eq!(format!("{code:?}"), name);
    }

    // SAFETY: as above.
    let message = unsafe { CStr::from_ptr(ffi::sudoku_status_message(status)) };
    assert_eq!(
        message.to_bytes() == UNKNOWN_STATUS.as_bytes(),
        name == UNKNOWN_STATUS,
        "status {status}"
    );
});
