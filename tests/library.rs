//! The library's integration tests, through its Rust API and its C ABI called from Rust: one
//! test binary, one module per file of `tests/` (listed below), sharing `common`, `cabi` and
//! `contract`.
//!
//! One binary rather than one per file: every test binary of the release profile is linked with
//! full link-time optimization, about 15 s each, and the link dominated the suite's time. The
//! C programs' tests are the other binary (`tests/programs.rs`). Run one file's tests with
//! `cargo test --release --test library steps_rating::` (a module path is a test-name filter).

mod cabi;
mod common;
mod contract;
// `contract` names the reference validator beside itself (`super::reference`), as the fuzz
// targets that include it by path also provide.
use sudoku_testkit::reference;

mod api;
mod batch;
mod candidates;
mod canonical;
mod canonical_ffi;
mod conflicts;
mod data_sets;
mod differential;
mod ffi_boundary;
mod generate_ffi;
mod generator;
mod house_matching;
mod kernels;
mod list_solutions;
mod oracle;
mod pattern_ffi;
mod properties;
mod rate_api;
mod read_formats;
mod regressions;
mod status_table;
mod steps_path;
mod steps_rating;
mod struct_init;
