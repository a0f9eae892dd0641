//! The tests of what is built around the library: the C and C++ example programs, the header,
//! the exported symbols and man pages, `make install`, the Python suites, and the library under
//! sanitizers, valgrind and fault injection. One test binary, one module per file of `tests/`
//! (listed below), sharing `common` and `example_programs` (the examples are compiled once for
//! all modules).
//!
//! One binary rather than one per file for the reason given in `tests/library.rs`. Run one
//! file's tests with `cargo test --release --test programs example_rate::`.

mod common;
mod example_programs;

mod c_header;
mod example_canon;
mod example_count;
mod example_generate;
mod example_rate;
mod example_solve;
mod example_solve_cpp;
mod example_solve_file;
mod exported_symbols;
mod fault_injection;
mod header_build;
mod install;
mod memory_and_threads;
mod python;
mod terminal;
