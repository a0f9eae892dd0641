//! Test support for libsudoku, shared by the integration tests (`tests/`), the benchmark
//! (`bench/`) and the fuzz targets (`fuzz/`), so each helper exists once:
//!
//! - [`board`]: boards as bytes and as digit grids, parsing with the first fault, peers.
//! - [`reference`]: the independent reference counter (exact cover, dancing links).
//! - [`check`]: the solution checker (a complete grid obeying the rules and keeping the givens).
//! - [`data`]: the puzzle data directory and puzzle-file reading.
//! - [`minlex`]: the reference canonicalizer (brute force over every cell permutation) and
//!   random transformations.
//! - [`status`]: the status names the C API documents (the expectation `sudoku_status_name` is
//!   checked against).
//! - [`symmetry`]: the ten symmetries of a pattern of givens, from their definitions.
//! - [`cbuild`]: compiling, linking and running C/C++ programs against the `libsudoku.a`/`.so`
//!   of this cargo run; the repository root, the header.
//!
//! Nothing here depends on the library (`sudoku`): the oracle and the checker work on plain bytes
//! and share no code or bookkeeping with `src/`, so a bug there cannot hide itself here.

pub mod board;
pub mod cbuild;
pub mod check;
pub mod data;
pub mod minlex;
pub mod reference;
pub mod status;
pub mod symmetry;
