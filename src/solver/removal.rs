//! The generator's removal test: does a puzzle made of some cells of a known solved grid have
//! another solution in which one of some given cells takes a different value?
//!
//! Removing a given (or an orbit of givens) keeps the puzzle unique exactly when no solution of
//! the smaller puzzle differs from the known grid at a removed cell. That is a first-solution
//! search from the smaller puzzle with the grid's value ruled out of the cell: cheaper than a
//! uniqueness search, which would first find the known grid again, then look for a second.
//!
//! The searches of several removals can share a start: the propagated state of the cells that
//! all of those puzzles give ([`Base`]), to which each adds its own other givens.

use super::kernel::{self, Kernel};
use super::state::State;
use crate::geometry::CELLS;

/// A kernel checked once to be supported by this CPU, to run removal tests with.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Tester {
    kernel: Kernel,
}

/// The propagated state (naked and hidden singles, locked candidates in band rows; no stack
/// step) of some cells of a solved grid: a start shared by the searches of every puzzle that
/// gives those cells and more.
#[derive(Clone, Copy)]
pub(crate) struct Base {
    state: State,
}

impl Base {
    /// The cells placed: the cells given, and those propagation forced (to the grid's digit,
    /// in every puzzle of the grid that gives the base's cells).
    pub(crate) fn placed(&self) -> u128 {
        self.state.placed_cells()
    }
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

    /// The propagated state of the cells `givens` (bit `cell`) of the solved grid `grid` (values
    /// 1-9, row-major). `grid` must be a valid solved grid.
    ///
    /// Propagation is the same code in every kernel, so every kernel gives the same state.
    pub(crate) fn base(&self, grid: &[u8; CELLS], givens: u128) -> Base {
        // SAFETY: `Tester` is only built for kernels this CPU supports.
        let state = unsafe { kernel::propagated_base(self.kernel, grid, givens) };
        Base { state }
    }

    /// Whether the puzzle of the cells `givens` (bit `cell`) of the solved grid `grid` (values
    /// 1-9, row-major) has a solution that differs from the grid at some cell of `cells` (a
    /// cell in `givens` never does). `grid` must be a valid solved grid.
    ///
    /// The answer is a fact about the puzzle, so every kernel gives the same one.
    pub(crate) fn has_other_value(&self, grid: &[u8; CELLS], givens: u128, cells: u128) -> bool {
        let base = Base {
            state: State::from_grid(grid, givens),
        };
        self.has_other_value_from(grid, &base, 0, cells & !givens)
    }

    /// As [`Tester::has_other_value`] for the puzzle of `base`'s cells and `added`, both of
    /// `grid` (the grid of `base`); `cells` must not meet them.
    pub(crate) fn has_other_value_from(
        &self,
        grid: &[u8; CELLS],
        base: &Base,
        added: u128,
        cells: u128,
    ) -> bool {
        // SAFETY: `Tester` is only built for kernels this CPU supports.
        unsafe { kernel::other_value(self.kernel, grid, &base.state, added, cells) }
    }
}
