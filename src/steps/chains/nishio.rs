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
//!
//! Whether a start meets a contradiction at all is decided first over sets of the digit's
//! places (`meets_contradiction`); the propagation, which gives the chains, runs only where
//! it does (about one start in a hundred).

use super::conclusion::{contradiction, Kind};
use super::potential::Pot;
use super::propagate::{Mode, Propagation};
use super::Best;
use crate::geometry::{CellSet, Digit, House};
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
            let places = grid.digit_cells(digit);
            for on in [true, false] {
                let start = Pot::new(cell, digit, on);
                if !meets_contradiction(places, start) {
                    continue;
                }
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

/// Whether the Nishio propagation from `start` meets a contradiction, decided over sets: the
/// propagation's exact chains are worked out ([`Propagation::run`]) only where it does.
///
/// The propagation stays on the start's digit, whose candidates are `places`. What it reaches
/// in the end does not depend on its order: every on-potential turns its peers off (`off ⊇
/// peers(on)`), and an off-potential turns on the digit's other place in a house where it has
/// exactly two places left on the working grid, which holds all the places not yet turned off
/// and processed. Every off-potential is processed before the propagation ends, so when all
/// the places of a house but `y` are off, the last of them processed fired with `{it, y}`
/// left: `y` is on. Conversely, such a firing means the house's other places were processed,
/// so off. The propagation meets a contradiction exactly when these closed sets do: a place
/// both on and off, or a house with no place left (its last two fired each other's on, and
/// both are off). At a position reaching this producer no house has a single place of a digit
/// (a hidden single comes first), so a house with places has two or more.
fn meets_contradiction(places: CellSet, start: Pot) -> bool {
    let cell = CellSet::EMPTY.with(start.cell());
    let (mut on, mut off) = if start.is_on() {
        (cell, CellSet::EMPTY)
    } else {
        (CellSet::EMPTY, cell)
    };
    // The on-places whose peers are turned off already, and the off-places whose houses were
    // looked at.
    let (mut done_on, mut done_off) = (CellSet::EMPTY, CellSet::EMPTY);
    loop {
        for c in on.difference(done_on).iter() {
            off = off.union(c.peer_set().intersection(places));
        }
        done_on = on;
        if !on.intersection(off).is_empty() {
            return true;
        }
        // Only the houses of places newly off can have one place left, or none.
        let mut houses = 0u32;
        for c in off.difference(done_off).iter() {
            houses |= c.house_mask();
        }
        done_off = off;
        let left = places.difference(off);
        let mut more = on;
        while houses != 0 {
            let set = House::ALL[houses.trailing_zeros() as usize].cell_set();
            houses &= houses - 1;
            let rest = left.intersection(set);
            // A house with a place off has places: none left is a contradiction.
            if rest.is_empty() {
                return true;
            }
            // One place left (a bit test: baseline x86-64 counts bits in software).
            if !rest.has_two_or_more() {
                more = more.union(rest);
            }
        }
        if more == on {
            return false;
        }
        on = more;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contradictions_over_sets_are_the_propagations() {
        // Every start, on and off, of every position along the plain paths of the varied
        // hard grids that has no hidden single (as where this producer runs): the set closure
        // meets a contradiction exactly when the propagation does.
        let mut prop = Propagation::default();
        let (mut starts, mut met) = (0, 0);
        crate::steps::next::each_plain_position(60, |grid, _| {
            if crate::steps::singles::hidden_single(grid).is_some() {
                return;
            }
            for cell in grid.empty_cells().iter() {
                let mut cands = grid.candidates(cell);
                while cands != 0 {
                    let digit = Digit::ALL[cands.trailing_zeros() as usize];
                    cands &= cands - 1;
                    let places = grid.digit_cells(digit);
                    for on in [true, false] {
                        let start = Pot::new(cell, digit, on);
                        let want = prop.run(grid, start, Mode::NISHIO).is_some();
                        assert_eq!(meets_contradiction(places, start), want, "{start:?}");
                        starts += 1;
                        met += usize::from(want);
                    }
                }
            }
        });
        assert!(
            starts > 10_000 && met > 500,
            "{starts} starts, {met} contradictions"
        );
    }
}
