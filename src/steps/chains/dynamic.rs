//! Dynamic forcing chains (SE's producer 18, `Chaining(true, true, false, 0)`; ER 8.5 plus the
//! length bonus): every link rule on a grid reduced as the chains go (dynamic propagation,
//! with hidden parents), from every candidate of every cell with two or more candidates.
//!
//! Kinds, in SE's order of generation (`getMultipleChainsHintList`, `doBinaryChaining`,
//! `doRegionChainings`; `docs/se-rules.md`), per cell row-major and digit ascending:
//! 1. contradiction from the candidate "on" (it is false: removed), then from it "off" (it is
//!    true: placed); sort key 7;
//! 2. only for cells with three or more candidates, *double* chains: a potential reached both
//!    from the candidate on and from it off, with the same state (in the order reached from
//!    "on", on-potentials then off-potentials); sort key 1;
//! 3. region chains from this candidate, as for the multiple forcing chains ([`super::multiple`])
//!    but dynamic and from any cell; sort key 6;
//!
//! then, after the cell's last digit, cell chains (sort key 5). A propagation stopped by a
//! contradiction still lends what it reached to the double, region and cell chains, as in SE.
//! Complexity: the sum over the branches of the conclusion's ancestors (hidden parents
//! included); a double chain's two branches are the "on" and the "off" propagation.

use super::conclusion::{conclude, contradiction, Kind};
use super::potential::{difficulty, house_of, Pot, KINDS};
use super::propagate::{Mode, Propagation};
use super::Best;
use crate::geometry::{Cell, CellSet, Digit};
use crate::steps::grid::Grid;
use crate::steps::step::{HouseSet, Step, Technique};

/// A level of the dynamic forcing chains: its propagation and its four kinds, with SE's base
/// rating (`Chaining.getDifficulty`: 8.5 at level 0, 9.0 at level 1) and sort keys
/// (`BinaryChainingHint`, `CellChainingHint`, `RegionChainingHint`).
pub struct Level {
    mode: Mode,
    double: Kind,
    cell: Kind,
    region: Kind,
    contradiction: Kind,
}

/// Dynamic forcing chains (producer 18, level 0): ER 8.5 plus the length bonus.
pub const DYNAMIC: Level = Level {
    mode: Mode::DYNAMIC,
    double: Kind {
        technique: Technique::DynamicDoubleChain,
        base: 8.5,
        key: 1,
    },
    cell: Kind {
        technique: Technique::DynamicCellForcingChain,
        base: 8.5,
        key: 5,
    },
    region: Kind {
        technique: Technique::DynamicRegionForcingChain,
        base: 8.5,
        key: 6,
    },
    contradiction: Kind {
        technique: Technique::DynamicContradictionChain,
        base: 8.5,
        key: 7,
    },
};

/// Dynamic forcing chains (+) (producer 19, level 1: the propagation also uses the advanced
/// rules of [`super::advanced`]): ER 9.0 plus the length bonus.
pub const DYNAMIC_PLUS: Level = Level {
    mode: Mode::DYNAMIC_PLUS,
    double: Kind {
        technique: Technique::DynamicPlusDoubleChain,
        base: 9.0,
        key: 1,
    },
    cell: Kind {
        technique: Technique::DynamicPlusCellForcingChain,
        base: 9.0,
        key: 5,
    },
    region: Kind {
        technique: Technique::DynamicPlusRegionForcingChain,
        base: 9.0,
        key: 6,
    },
    contradiction: Kind {
        technique: Technique::DynamicPlusContradictionChain,
        base: 9.0,
        key: 7,
    },
};

/// The propagations one cell needs, kept while its chains are compared: one per candidate
/// "on", one for the current candidate "off", one per other place of a house.
struct Memory {
    values: Vec<Propagation>,
    off: Propagation,
    places: Vec<Propagation>,
    path: Vec<Pot>,
}

/// The first dynamic forcing chain of `level` ([`DYNAMIC`] or [`DYNAMIC_PLUS`]) in SE's order
/// that removes or places something.
pub fn dynamic(grid: &Grid, level: &Level) -> Option<Step> {
    let mut m = Memory {
        values: (0..9).map(|_| Propagation::default()).collect(),
        off: Propagation::default(),
        places: (0..8).map(|_| Propagation::default()).collect(),
        path: Vec::new(),
    };
    let mut best = Best::default();
    for cell in grid.empty_cells().iter() {
        let cands = grid.candidates(cell);
        if cands.count_ones() < 2 {
            continue;
        }
        let mut n = 0;
        let mut rest = cands;
        while rest != 0 {
            let digit = Digit::ALL[rest.trailing_zeros() as usize];
            rest &= rest - 1;
            let on = Pot::new(cell, digit, true);
            if let Some(c) = m.values[n].run(grid, on, level.mode) {
                if let Some(found) =
                    contradiction(grid, &mut m.values[n], c, level.contradiction, &mut m.path)
                {
                    best.offer(found);
                }
            }
            if let Some(c) = m.off.run(grid, on.negated(), level.mode) {
                if let Some(found) =
                    contradiction(grid, &mut m.off, c, level.contradiction, &mut m.path)
                {
                    best.offer(found);
                }
            }
            if cands.count_ones() >= 3 {
                double_chains(grid, &mut m, n, level.double, &mut best);
            }
            region_chains(grid, &mut m, n, cell, digit, level, &mut best);
            n += 1;
        }
        cell_chains(grid, &mut m, n, cell, cands, level.cell, &mut best);
    }
    best.0.map(|f| f.step)
}

/// Double chains of the candidate whose "on" propagation is `m.values[n]` and "off" is
/// `m.off`.
fn double_chains(grid: &Grid, m: &mut Memory, n: usize, kind: Kind, best: &mut Best) {
    for on in [true, false] {
        let count = if on {
            m.values[n].on_order.len()
        } else {
            m.values[n].off_order.len()
        };
        for k in 0..count {
            let i = if on {
                m.values[n].on_order[k]
            } else {
                m.values[n].off_order[k]
            };
            let target = m.values[n].arena.get(i).pot;
            let Some(j) = m.off.reached(target) else {
                continue;
            };
            let lower = m.values[n].arena.get(i).depth + m.off.arena.get(j).depth;
            if !could_beat(best, lower, kind) {
                continue;
            }
            let complexity = m.values[n].ancestor_count(i) + m.off.ancestor_count(j);
            if !could_beat(best, complexity, kind) {
                continue;
            }
            let branches = [(&m.values[n], i), (&m.off, j)];
            if let Some(mut found) =
                conclude(grid, target, complexity, kind, &branches, &mut m.path)
            {
                let start = m.values[n].arena.get(0).pot;
                found.step.cells = CellSet::EMPTY.with(start.cell());
                found.step.digits = 1 << start.digit().index();
                best.offer(found);
            }
        }
    }
}

/// Region chains from `digit` in `cell` (its "on" propagation is `m.values[n]`): in each of the
/// cell's box, row and column where the digit has two or more places, the first being `cell`.
fn region_chains(
    grid: &Grid,
    m: &mut Memory,
    n: usize,
    cell: Cell,
    digit: Digit,
    level: &Level,
    best: &mut Best,
) {
    for kind in KINDS {
        let house = house_of(cell, kind);
        let at = grid.digit_cells(digit).intersection(house.cell_set());
        if at.len() < 2 || at.iter().next() != Some(cell) {
            continue;
        }
        let mut k = 0;
        for other in at.iter().skip(1) {
            m.places[k].run(grid, Pot::new(other, digit, true), level.mode);
            k += 1;
        }
        let Memory {
            values,
            places,
            path,
            ..
        } = m;
        let own = &mut values[n];
        for on in [true, false] {
            let count_reached = if on {
                own.on_order.len()
            } else {
                own.off_order.len()
            };
            for r in 0..count_reached {
                let i = if on {
                    own.on_order[r]
                } else {
                    own.off_order[r]
                };
                let target = own.arena.get(i).pot;
                let mut ends = [0u32; 8];
                let reached_by_all = places[..k]
                    .iter()
                    .zip(ends.iter_mut())
                    .all(|(p, e)| p.reached(target).map(|j| *e = j).is_some());
                if !reached_by_all {
                    continue;
                }
                let lower = own.arena.get(i).depth
                    + places[..k]
                        .iter()
                        .zip(ends)
                        .map(|(p, j)| p.arena.get(j).depth)
                        .sum::<u32>();
                if !could_beat(best, lower, level.region) {
                    continue;
                }
                let complexity = own.ancestor_count(i)
                    + places[..k]
                        .iter_mut()
                        .zip(ends)
                        .map(|(p, j)| p.ancestor_count(j))
                        .sum::<u32>();
                if !could_beat(best, complexity, level.region) {
                    continue;
                }
                let mut branches = vec![(&*own, i)];
                branches.extend(places[..k].iter().zip(ends));
                if let Some(mut found) =
                    conclude(grid, target, complexity, level.region, &branches, path)
                {
                    found.step.cells = at;
                    found.step.houses = HouseSet::default().with(house);
                    found.step.digits = 1 << digit.index();
                    best.offer(found);
                }
            }
        }
    }
}

/// Cell chains: what every candidate of `cell` (its `n` propagations) leads to.
fn cell_chains(
    grid: &Grid,
    m: &mut Memory,
    n: usize,
    cell: Cell,
    cands: u16,
    kind: Kind,
    best: &mut Best,
) {
    for on in [true, false] {
        let first = if on {
            m.values[0].on_order.clone()
        } else {
            m.values[0].off_order.clone()
        };
        for i0 in first {
            let target = m.values[0].arena.get(i0).pot;
            let mut ends = [0u32; 9];
            ends[0] = i0;
            if !(1..n).all(|b| m.values[b].reached(target).map(|j| ends[b] = j).is_some()) {
                continue;
            }
            let lower = (0..n)
                .map(|b| m.values[b].arena.get(ends[b]).depth)
                .sum::<u32>();
            if !could_beat(best, lower, kind) {
                continue;
            }
            let complexity = (0..n)
                .map(|b| m.values[b].ancestor_count(ends[b]))
                .sum::<u32>();
            if !could_beat(best, complexity, kind) {
                continue;
            }
            let branches: Vec<(&Propagation, u32)> =
                (0..n).map(|b| (&m.values[b], ends[b])).collect();
            if let Some(mut found) =
                conclude(grid, target, complexity, kind, &branches, &mut Vec::new())
            {
                found.step.cells = CellSet::EMPTY.with(cell);
                found.step.digits = cands;
                best.offer(found);
            }
        }
    }
}

/// True when a step of `kind` with `complexity` (or a lower bound of it: ratings never fall as
/// complexity grows) could sort before the best so far. A conclusion's main-parent path holds
/// distinct potentials, so the path lengths bound the ancestor counts from below and spare
/// counting them (a walk over hidden parents) for conclusions that cannot win.
fn could_beat(best: &Best, complexity: u32, kind: Kind) -> bool {
    best.beaten_by(difficulty(kind.base, complexity), complexity, kind.key)
}
