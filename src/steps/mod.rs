//! The step engine: human-style techniques on a candidate grid, each deduction reported as a
//! [`Step`], and the Sudoku Explainer rating built on it ([`rate()`]).
//!
//! Unlike the solver (which fuses its reasoning and cannot name it), the engine finds one step
//! at a time, in the order Sudoku Explainer 1.2.1 (serate 1.2.1.3) takes them, so that a path of
//! steps and its rating agree with SE's. The techniques cover SE's whole ladder, up to the nested
//! forcing chains of level 5 (ER 11.0 plus the length bonus): singles ([`singles`]), locked candidates
//! ([`intersections`]), naked and hidden subsets ([`subsets`]), fish ([`fish`]), XY- and
//! XYZ-Wing ([`wings`]), unique rectangles and loops ([`uniqueness`], 4.5 and up, tried before
//! the naked quad), the BUG ([`bug`]), the aligned pair and triplet exclusions
//! ([`exclusion`]), and the chains ([`chains`]): cycles and forcing chains (6.5 and up), Nishio
//! forcing chains (7.5 and up), cell and region forcing chains (8.0 and up), dynamic forcing
//! chains (contradiction, double, cell and region; 8.5 and up), the dynamic forcing chains (+)
//! (9.0) and the nested forcing chains of levels 2 to 5 (9.5 to 11.0). A position where none
//! finds a step is reported as [`Next::Beyond`] with a lower bound of SE's next step (11.0, or
//! 9.5 when the budget leaves the nested chains out), never a wrong step. The rules as implemented, with the SE sources
//! read: `docs/steps.md`.
//!
//! The uniqueness techniques and the BUG assume the puzzle has one solution (as SE does): on a
//! puzzle with several they can remove a digit of a solution.
//!
//! Layers: uses geometry and board only; nothing here knows of the solver or C.

pub mod budget;
pub mod bug;
pub mod chains;
pub mod exclusion;
pub mod explain;
pub mod fish;
pub mod grid;
pub mod intersections;
pub mod next;
pub mod rate;
pub mod singles;
pub mod step;
pub mod subsets;
pub mod uniqueness;
pub mod wings;

pub use budget::Budget;
pub use grid::Grid;
pub use next::{next_step, next_step_sharing, next_step_within, Next, PathMemory, BEYOND_AT_LEAST};
pub use rate::{rate, rate_grid, rate_until, rate_within, Rating};
pub use step::{Chain, Eliminations, HouseSet, Potential, Step, Technique};
