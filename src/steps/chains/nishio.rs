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

use super::conclusion::{contradiction, Kind};
use super::potential::Pot;
use super::propagate::{Mode, Propagation};
use super::Best;
use crate::geometry::Digit;
use crate::steps::grid::Grid;
use crate::steps::step::{Step, Technique};

/// SE's base rating of a Nishio forcing chain, and the sort key of a contradiction
/// (`BinaryChainingHint.getSortKey`).
const KIND: Kind = Kind {
    technique: Technique::NishioForcingChain,
    base: 7.5,
    key: 7,
};

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
                    if let Some(found) = contradiction(grid, &prop, c, KIND, &mut path) {
                        best.offer(found);
                    }
                }
            }
        }
    }
    best.0.map(|f| f.step)
}
