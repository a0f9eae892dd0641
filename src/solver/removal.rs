//! The generator's removal test: does a puzzle made of some cells of a known solved grid have
//! another solution in which one given cell takes a different value?
//!
//! Removing a given (or an orbit of givens) keeps the puzzle unique exactly when no solution of
//! the smaller puzzle differs from the known grid at a removed cell. That is a first-solution
//! search from the smaller puzzle with the grid's value ruled out of the cell: cheaper than a
//! uniqueness search, which would first find the known grid again, then look for a second.

use super::kernel::{self, Kernel};
use crate::geometry::CELLS;

/// A kernel checked once to be supported by this CPU, to run removal tests with.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Tester {
    kernel: Kernel,
}

impl Tester {
    /// The tester of the kernel the library uses on this CPU ([`Kernel::detect`]).
    pub(crate) fn detect() -> Tester {
        Tester {
            kernel: Kernel::detect(),
        }
    }

    /// The tester of `kernel`, or `None` when this CPU does not support it (the test hooks).
    pub(crate) fn with(kernel: Kernel) -> Option<Tester> {
        kernel.is_supported().then_some(Tester { kernel })
    }

    /// Whether propagation alone (naked and hidden singles, locked candidates: no guess) solves
    /// the puzzle of the cells `givens` (bit `cell`) of the solved grid `grid`; if it does, the
    /// puzzle has `grid` as its only solution. `grid` must be a valid solved grid.
    ///
    /// Propagation is the same code in every kernel, so every kernel gives the same answer.
    pub(crate) fn solved_by_propagation(&self, grid: &[u8; CELLS], givens: u128) -> bool {
        // SAFETY: `Tester` is only built for kernels this CPU supports.
        unsafe { kernel::solved_by_propagation(self.kernel, grid, givens) }
    }

    /// Whether the puzzle of the cells `givens` (bit `cell`) of the solved grid `grid` (values
    /// 1-9, row-major) has a solution whose `cell` is not `grid[cell]`; false when `cell` is in
    /// `givens`. `grid` must be a valid solved grid.
    ///
    /// The answer is a fact about the puzzle, so every kernel gives the same one.
    pub(crate) fn has_other_value(&self, grid: &[u8; CELLS], givens: u128, cell: usize) -> bool {
        if givens >> cell & 1 != 0 {
            return false;
        }
        // SAFETY: `Tester` is only built for kernels this CPU supports.
        unsafe { kernel::other_value(self.kernel, grid, givens, cell) }
    }
}
