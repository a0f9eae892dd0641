//! What the step engine may spend: a time budget, and whether it may use the nested forcing
//! chains at all. Those (ER 9.5 and up) take tens of milliseconds a step on the hardest puzzles
//! (tenths of a second a puzzle), so a caller can bound the work and get a lower bound of the
//! rating instead (issue 15's requirement; `docs/steps.md`, "Budget"); and on a puzzle with
//! several solutions, where no step can settle the cells in which the solutions differ, the C
//! API skips them (their search on such sparse positions is the slowest of all and ends stuck
//! anyway).
//!
//! The engine looks at the clock between steps and, inside the nested producers, before each
//! cell's propagations (up to about 10 ms of work), so it overruns a budget by the techniques
//! below the nested chains plus one cell's propagations (10-20 ms measured).

use std::time::{Duration, Instant};

/// When the engine must stop: no limit, or a deadline.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    deadline: Option<Instant>,
    nested: bool,
}

impl Budget {
    /// No limit.
    pub const UNLIMITED: Budget = Budget {
        deadline: None,
        nested: true,
    };

    /// A budget of `millis` milliseconds from now.
    pub fn millis(millis: u64) -> Budget {
        Budget {
            deadline: Instant::now().checked_add(Duration::from_millis(millis)),
            nested: true,
        }
    }

    /// The same budget without the nested forcing chains: the engine stops where it would
    /// need them ([`super::Next::Beyond`] at 9.5).
    pub fn without_nested(self) -> Budget {
        Budget {
            nested: false,
            ..self
        }
    }

    /// True when the nested forcing chains may be used.
    #[inline]
    pub fn allows_nested(&self) -> bool {
        self.nested
    }

    /// True once the deadline has passed.
    #[inline]
    pub fn exhausted(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}
