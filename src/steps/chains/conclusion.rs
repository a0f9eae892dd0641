//! The step a chain search concludes: what it places or removes, its rating, and its chains
//! written out, shared by the Nishio, multiple and dynamic forcing chains.
//!
//! SE's rule (`Chaining.createChainingOnHint`, `createChainingOffHint`,
//! `createCellReductionHint`, `createRegionReductionHint`): a conclusion "on" places the digit
//! and removes the cell's other candidates (no step when it has none: the hint would remove
//! nothing); "off" removes the candidate. A contradiction reached from a start concludes the
//! start's negation; its complexity adds the ancestor counts of the two conflicting potentials.

use super::potential::{difficulty, tenths, Pot};
use super::propagate::{Contradiction, Propagation};
use super::Found;
use crate::geometry::{CellSet, Digit};
use crate::steps::grid::Grid;
use crate::steps::step::{Step, Technique};

/// How a producer rates and sorts its steps.
#[derive(Debug, Clone, Copy)]
pub struct Kind {
    /// The step's technique.
    pub technique: Technique,
    /// SE's base rating, before the length bonus.
    pub base: f64,
    /// SE's sort key among equal ratings and complexities.
    pub key: u8,
}

impl Kind {
    /// The kind of `technique`, rated `base` plus the length bonus, sorted by `key`.
    pub const fn new(technique: Technique, base: f64, key: u8) -> Kind {
        Kind {
            technique,
            base,
            key,
        }
    }
}

/// The step concluding `target` from the `branches` (each a propagation and the arena index of
/// the branch's end in it, written out from its start), with `complexity`; `None` when it
/// would remove nothing.
pub fn conclude(
    grid: &Grid,
    target: Pot,
    complexity: u32,
    kind: Kind,
    branches: &[(&Propagation, u32)],
    path: &mut Vec<Pot>,
) -> Option<Found> {
    let mut step = target_step(grid, target, kind.technique)?;
    let difficulty = difficulty(kind.base, complexity);
    step.er = tenths(difficulty);
    for &(prop, end) in branches {
        prop.path(end, path);
        for p in path.iter() {
            step.chain.push(p.to_step());
        }
        step.chain.end_branch();
    }
    Some(Found {
        difficulty,
        complexity,
        key: kind.key,
        step,
    })
}

/// The step of a contradiction that `prop` reached from its start: the start is false (a start
/// "on" is removed, a start "off" placed). Its pattern is the start's cell and digit.
pub fn contradiction(
    grid: &Grid,
    prop: &Propagation,
    c: Contradiction,
    kind: Kind,
    path: &mut Vec<Pot>,
) -> Option<Found> {
    let start = prop.arena.get(0).pot;
    let branches = [(prop, c.on), (prop, c.off)];
    let complexity = prop.ancestor_count(c.on)
        + prop.ancestor_count(c.off)
        + Propagation::nested_complexity(&branches);
    let mut found = conclude(grid, start.negated(), complexity, kind, &branches, path)?;
    found.step.cells = CellSet::EMPTY.with(start.cell());
    found.step.digits = 1 << start.digit().index();
    Some(found)
}

/// The effect of concluding `target`: "on" places its digit and removes the cell's other
/// candidates (`None` when there is none), "off" removes it.
pub fn target_step(grid: &Grid, target: Pot, technique: Technique) -> Option<Step> {
    let (cell, digit) = (target.cell(), target.digit());
    let mut step = Step::new(technique);
    if target.is_on() {
        let mut others = grid.candidates(cell) & !(1 << digit.index());
        if others == 0 {
            return None;
        }
        step.placement = Some((cell, digit));
        while others != 0 {
            let d = Digit::ALL[others.trailing_zeros() as usize];
            others &= others - 1;
            step.eliminations.add(cell, d);
        }
    } else {
        step.eliminations.add(cell, digit);
    }
    Some(step)
}
