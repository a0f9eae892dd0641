//! Nishio forcing chains (SE's producer 16, `Chaining(false, true, true, 0)`; ER 7.5 plus the
//! length bonus): a candidate assumed true (or false) leads, through the house links of its
//! digit alone on a grid reduced as the chain goes (dynamic propagation), to a candidate both
//! on and off. The candidate is then false (removed) or true (placed, a direct step).
//!
//! Order as in SE (`getMultipleChainsHintList` with `isNisho`, `doBinaryChaining`): cells with
//! two or more candidates row-major, digits ascending; for each, "on" first, then "off". The
//! complexity is the sum of the ancestor counts of the two conflicting potentials (each counted
//! with its hidden parents); steps sort by (difficulty, complexity) and SE's sort key (7 for
//! every contradiction), the first found first among equals.

use super::potential::{difficulty, tenths, Pot};
use super::propagate::{Contradiction, Mode, Propagation};
use super::{Best, Found};
use crate::geometry::Digit;
use crate::steps::grid::Grid;
use crate::steps::step::{Chain, Step, Technique};

/// SE's base rating of a Nishio forcing chain.
const BASE: f64 = 7.5;
/// SE's sort key of a contradiction (`BinaryChainingHint.getSortKey`).
const KEY: u8 = 7;

/// The first Nishio forcing chain in SE's order that removes or places something.
pub fn nishio(grid: &Grid) -> Option<Step> {
    let mut prop = Propagation::default();
    let mut best = Best::default();
    let mut path = Vec::new();
    for cell in grid.empty_cells().iter() {
        let cands = grid.candidates(cell);
        if cands.count_ones() < 2 {
            continue;
        }
        let mut rest = cands;
        while rest != 0 {
            let digit = Digit::ALL[rest.trailing_zeros() as usize];
            rest &= rest - 1;
            for on in [true, false] {
                let start = Pot::new(cell, digit, on);
                if let Some(c) = prop.run(grid, start, Mode::NISHIO) {
                    let found = contradiction(grid, &mut prop, start, c, &mut path);
                    best.offer(found);
                }
            }
        }
    }
    best.0.map(|f| f.step)
}

/// The step of a contradiction reached from `start`: `start` on is false, `start` off is
/// false (so the candidate is true).
fn contradiction(
    grid: &Grid,
    prop: &mut Propagation,
    start: Pot,
    c: Contradiction,
    path: &mut Vec<Pot>,
) -> Found {
    let complexity = prop.ancestor_count(c.on) + prop.ancestor_count(c.off);
    let difficulty = difficulty(BASE, complexity);
    let mut step = Step::new(Technique::NishioForcingChain);
    let (cell, digit) = (start.cell(), start.digit());
    if start.is_on() {
        step.eliminations.add(cell, digit);
    } else {
        step.placement = Some((cell, digit));
        let mut others = grid.candidates(cell) & !(1 << digit.index());
        while others != 0 {
            let d = Digit::ALL[others.trailing_zeros() as usize];
            others &= others - 1;
            step.eliminations.add(cell, d);
        }
    }
    step.er = tenths(difficulty);
    step.chain = branches(prop, &[c.on, c.off], path);
    step.cells = step.cells.with(cell);
    step.digits = 1 << digit.index();
    Found {
        difficulty,
        complexity,
        key: KEY,
        step,
    }
}

/// The chains from the start to each of `ends` (arena indices), one branch each.
fn branches(prop: &Propagation, ends: &[u32], path: &mut Vec<Pot>) -> Chain {
    let mut chain = Chain::default();
    for &end in ends {
        prop.path(end, path);
        for p in path.iter() {
            chain.push(p.to_step());
        }
        chain.end_branch();
    }
    chain
}
