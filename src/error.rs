//! The Rust error type. Each variant maps to one C status code (see `ffi`).

use thiserror::Error;

/// Why a board could not be parsed or solved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum Error {
    /// A byte that is neither `'1'`-`'9'` nor a blank (`'.'`, `'0'`), at `cell` (0-80, row-major).
    #[error("invalid character 0x{byte:02x} at cell {cell}")]
    InvalidCharacter {
        /// Index 0-80 of the cell, row-major.
        cell: usize,
        /// The offending byte.
        byte: u8,
    },
    /// The given at `cell` repeats `digit`, already given in a lower-index cell of one of its
    /// houses (row, column or box). In a candidate puzzle a cell with exactly one candidate
    /// counts as a given.
    #[error(
        "given {digit} at cell {cell} conflicts with an earlier given in its row, column or box"
    )]
    ConflictingGivens {
        /// Index 0-80 of the later of the two cells, row-major.
        cell: usize,
        /// The repeated digit, 1-9.
        digit: u8,
    },
    /// A text board was not exactly 81 bytes long (Rust API only; the C API takes fixed arrays).
    #[error("a board has 81 cells, got {len} characters")]
    WrongLength {
        /// The length received, in bytes.
        len: usize,
    },
    /// A candidate puzzle's cell (see [`crate::Candidates`]) has no candidate left, so the
    /// puzzle has no solution; `cell` is the first such cell in row-major order.
    #[error("cell {cell} has no candidate")]
    NoCandidate {
        /// Index 0-80 of the cell, row-major.
        cell: usize,
    },
    /// The puzzle has no solution.
    #[error("the puzzle has no solution")]
    NoSolution,
    /// The puzzle has more than one solution (when a unique one was asked for).
    #[error("the puzzle has more than one solution")]
    MultipleSolutions,
}

#[cfg(test)]
mod tests {
    use super::Error;

    #[test]
    fn messages_name_the_cell_and_the_fault() {
        let cases = [
            (
                Error::InvalidCharacter {
                    cell: 10,
                    byte: b'x',
                },
                "invalid character 0x78 at cell 10",
            ),
            (
                Error::ConflictingGivens { cell: 24, digit: 5 },
                "given 5 at cell 24 conflicts with an earlier given in its row, column or box",
            ),
            (
                Error::WrongLength { len: 80 },
                "a board has 81 cells, got 80 characters",
            ),
            (Error::NoCandidate { cell: 7 }, "cell 7 has no candidate"),
            (Error::NoSolution, "the puzzle has no solution"),
            (
                Error::MultipleSolutions,
                "the puzzle has more than one solution",
            ),
        ];
        for (error, message) in cases {
            assert_eq!(error.to_string(), message);
        }
    }
}
