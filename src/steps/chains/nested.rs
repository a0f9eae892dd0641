//! The nested rules of levels 2 and 3 (SE's `getAdvancedPotentials` with a `Chaining` rule in
//! its list): at a stall of a dynamic propagation, whole chain producers run on its reduced
//! grid, and each step they find that depends on the propagation's removals lends those
//! removals, as parents, to the candidates it removes.
//!
//! Rules as in Sudoku Explainer 1.2.1 (`Chaining.getAdvancedPotentials`, `getHints`;
//! `ChainingHint.getRuleParents`, `collectRuleParents`, `getNestedComplexity`; `FullChain`;
//! `docs/se-rules.md`, "Nested rules in detail"):
//! - level 2 runs producer 14 (cycles and forcing chains), level 3 producer 14 and then the
//!   multiple forcing chains, each giving every step it finds in its sorted order, steps with
//!   the same removals merged (the first kept) ([`super::Best::into_sorted`]);
//! - a step's *rule parents* are the candidates that the propagation removed and that its
//!   chains needed: walking back from each chain target, every "on" potential made by a
//!   strong link adds what the propagation removed from its cell (the cell rule) or from the
//!   places of its digit in its house (the house rule, in the first of box, row, column where
//!   the link holds); the starts of cell (region) chains count as made by the cell (house)
//!   rule; a cycle is walked both ways, its reversed loop turning each weak link into a strong
//!   one with the same cause. A step without rule parents held before the assumption and is
//!   not used;
//! - a host step's complexity adds, once per distinct nested chain ([`signature`], SE's
//!   `FullChain`), the complexity of each nested step among the ancestors of its targets.
//!
//! Layers: uses the chain producers and the potentials; used by the advanced rules.

use super::potential::{house_of, Pot, PotSet, KINDS};
use super::{Origin, Whole, BRANCH_END};
use crate::geometry::{Digit, HouseKind};
use crate::steps::grid::Grid;

/// The cause SE gives a potential (`Potential.Cause`): the rule that made it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Cause {
    /// The cell rule (`NakedSingle`).
    Cell,
    /// The house rule in a house of this kind (`HiddenBlock`, `HiddenRow`, `HiddenColumn`).
    House(HouseKind),
}

/// The cause of `p`, made from `parent` on `grid` (the grid the nested search ran on): the cell
/// rule when both share the cell; else the first of box, row, column holding both where the
/// link holds: for a strong link (`p` on) the digit has exactly two places there, for a weak
/// one any house holding both (SE's `getOffToOn` and `getOnToOff`, whose sets keep the first
/// potential made).
fn cause(grid: &Grid, parent: Pot, p: Pot) -> Option<Cause> {
    if parent.cell() == p.cell() {
        return Some(Cause::Cell);
    }
    KINDS
        .into_iter()
        .find(|&kind| {
            let house = house_of(parent.cell(), kind).cell_set();
            house.contains(p.cell())
                && (!p.is_on() || grid.digit_cells(p.digit()).intersection(house).len() == 2)
        })
        .map(Cause::House)
}

/// Adds to `out` (without repeats) what the propagation removed that `p`, an on-potential made
/// by `cause`, needed: the candidates its cell lost (cell rule), or the places of its digit
/// lost in its house (house rule), from `source` to `work`.
fn add_lost(source: &Grid, work: &Grid, p: Pot, cause: Cause, out: &mut Vec<Pot>) {
    let mut push = |q: Pot| {
        if !out.contains(&q) {
            out.push(q);
        }
    };
    match cause {
        Cause::Cell => {
            let mut lost = source.candidates(p.cell()) & !work.candidates(p.cell());
            while lost != 0 {
                let d = Digit::ALL[lost.trailing_zeros() as usize];
                lost &= lost - 1;
                push(Pot::new(p.cell(), d, false));
            }
        }
        Cause::House(kind) => {
            let house = house_of(p.cell(), kind).cell_set();
            let lost = source
                .digit_cells(p.digit())
                .intersection(house)
                .difference(work.digit_cells(p.digit()));
            for c in lost.iter() {
                push(Pot::new(c, p.digit(), false));
            }
        }
    }
}

/// SE's rule parents of `whole`, found on `work` (a propagation's grid, reduced from `source`),
/// into `out` (cleared first), in SE's order: target by target, walking back from it.
pub fn rule_parents(source: &Grid, work: &Grid, whole: &Whole, out: &mut Vec<Pot>) {
    out.clear();
    let start_cause = match whole.origin {
        Origin::Cell => Some(Cause::Cell),
        Origin::House(kind) => Some(Cause::House(kind)),
        Origin::Start | Origin::Cycle => None,
    };
    for branch in whole.chains.split(|&p| p == BRANCH_END) {
        if branch.is_empty() {
            continue;
        }
        // Walking back from the target: with one parent each, SE's breadth-first walk is the
        // path reversed, each potential once.
        let mut done = PotSet::EMPTY;
        for i in (0..branch.len()).rev() {
            let p = branch[i];
            if !done.insert(p) || !p.is_on() {
                continue;
            }
            let made_by = if i == 0 {
                start_cause
            } else {
                cause(work, branch[i - 1], p)
            };
            if let Some(c) = made_by {
                add_lost(source, work, p, c, out);
            }
        }
        if whole.origin == Origin::Cycle {
            // The second target: the loop reversed (SE's `getReversedCycle`), each potential
            // negated and keeping its cause, walked from the reversed start. Its "on"
            // potentials are the loop's "off" ones, made by weak links.
            let mut done = PotSet::EMPTY;
            for i in 0..branch.len() {
                let p = branch[i];
                if !done.insert(p.negated()) || p.is_on() || i == 0 {
                    continue;
                }
                if let Some(c) = cause(work, branch[i - 1], p) {
                    add_lost(source, work, p.negated(), c, out);
                }
            }
        }
    }
}

/// The identity of a nested step's chains (SE's `FullChain`: the same targets, each with the
/// same chain): two stalls, or two branches of a host step, that meet the same nested chain
/// count its complexity once.
pub fn signature(whole: &Whole) -> Vec<u16> {
    let mut out = Vec::with_capacity(whole.chains.len() + 1);
    out.push(match whole.origin {
        Origin::Cycle => 1,
        _ => 0,
    });
    out.extend(whole.chains.iter().map(|p| p.0));
    out
}
