//! Forcing X-chains and forcing chains (SE's `doForcingChains` and `createForcingChainHint`):
//! a chain from a candidate assumed on to the same candidate off (it is false: removed), or
//! from it assumed off to it on (it is true: placed, a direct step). Rated 6.6 (X pass, house
//! links only; a turbot fish when 6 potentials long) or 7.0 (XY pass) plus the length bonus.
//!
//! Same alternating phases as the cycle search, but off-potentials are merged too (each is
//! pending once) and the house strong link is used in every pass. The first time the
//! negation of the start is reached, that chain is the conclusion (SE keeps the first one).

use super::potential::{off_to_on, on_to_off_unreached, tenths, Arena, Links, Pot, Reached};
use super::{Best, Found, Origin, Pass, Workspace, BRANCH_END, SHORTEST};
use crate::geometry::{CellSet, Digit};
use crate::steps::grid::Grid;
use crate::steps::step::Step;

/// No off-potential to keep (see [`on_to_off_unreached`]).
const NONE: [CellSet; 9] = [CellSet::EMPTY; 9];

/// Searches a forcing chain from `start` (on or off) to its negation with the pass's links and
/// offers it to `best`; returns its difficulty when there is one. `dead` marks as reached
/// (in the emptied set it is given) potentials that cannot lead to the target
/// ([`super::implication::Reach::dead_ends`]), which the walk then skips. (From a start "on",
/// [`super::cycles::search`] does the same walk and can look for the forcing chain at the same
/// time.)
pub fn search(
    grid: &Grid,
    ws: &mut Workspace,
    start: Pot,
    pass: Pass,
    dead: impl FnOnce(&mut Reached),
    best: &mut Best,
) -> Option<f64> {
    ws.reset();
    // Skipped as if reached: no chain to the target passes through them.
    dead(&mut ws.reached);
    let links = Links {
        y: pass.links.y,
        x: true,
    };
    let base = pass.chain_base();
    let target = start.negated();
    let root = ws.arena.start(start);
    ws.reached.insert(start);
    if start.is_on() {
        ws.on.push(root);
    } else {
        ws.off.push(root);
    }
    // Depth (potentials from the start) of the pending potentials: the phases are layers.
    let mut depth = 1u32;
    let mut found = None;
    while found.is_none() && (!ws.on.is_empty() || !ws.off.is_empty()) {
        if !ws.on.is_empty() {
            if !best.could_take(base, SHORTEST.max(depth + 1), pass.key) {
                return None;
            }
            let Workspace {
                arena,
                on,
                off,
                reached,
                ..
            } = ws;
            for &p in on.iter() {
                // The target is never reached before it is found: skipping the reached
                // potentials leaves it in.
                on_to_off_unreached(
                    grid,
                    arena.get(p).pot,
                    links,
                    reached,
                    &NONE,
                    // SE also skips an ancestor of `p`, but every ancestor was reached.
                    |q, reached| meet(q, p, target, &mut found, arena, reached, off),
                );
                if found.is_some() {
                    break;
                }
            }
            on.clear();
            depth += 1;
        }
        if found.is_some() {
            break;
        }
        if !ws.off.is_empty() {
            if !best.could_take(base, SHORTEST.max(depth + 1), pass.key) {
                return None;
            }
            let Workspace {
                arena,
                on,
                off,
                reached,
                ..
            } = ws;
            for &p in off.iter() {
                off_to_on(grid, arena.get(p).pot, links, |q| {
                    meet(q, p, target, &mut found, arena, reached, on)
                });
                if found.is_some() {
                    break;
                }
            }
            off.clear();
            depth += 1;
        }
    }
    found.map(|end| offer(grid, ws, end, pass, best))
}

/// The walk meets `q`, a consequence of the potential at arena index `p`: it is the chain's
/// end (`found`) when it is the `target` and none was found, else pending (in `pending`) when
/// not reached before.
#[inline(always)]
fn meet(
    q: Pot,
    p: u32,
    target: Pot,
    found: &mut Option<u32>,
    arena: &mut Arena,
    reached: &mut Reached,
    pending: &mut Vec<u32>,
) {
    if found.is_some() {
        return;
    }
    if q == target {
        *found = Some(arena.derive(q, p));
        return;
    }
    if reached.insert(q) {
        pending.push(arena.derive(q, p));
    }
}

/// Rates the forcing chain ending at arena index `end` (the negation of its start) and offers
/// it to `best`; returns its difficulty.
pub fn offer(grid: &Grid, ws: &mut Workspace, end: u32, pass: Pass, best: &mut Best) -> f64 {
    let base = pass.chain_base();
    let target = ws.arena.get(end).pot;
    let complexity = ws.arena.ancestor_count(end);
    let difficulty = super::potential::difficulty(base, complexity);
    if !best.beaten_by(difficulty, complexity, pass.key) {
        return difficulty;
    }
    let mut step = Step::new(pass.chain_technique());
    if target.is_on() {
        step.placement = Some((target.cell(), target.digit()));
    } else {
        step.eliminations.add(target.cell(), target.digit());
    }
    ws.arena.path(end, &mut ws.path);
    let mut cells = CellSet::EMPTY;
    let mut digits = 0u16;
    for p in &ws.path {
        cells = cells.with(p.cell());
        digits |= 1 << p.digit().index();
        step.chain.push(p.to_step());
    }
    step.cells = cells;
    step.digits = digits;
    step.er = tenths(difficulty);
    let found = Found {
        difficulty,
        complexity,
        key: pass.key,
        step,
    };
    if best.keeps_all() {
        // A placement removes the cell's other candidates (SE's removable potentials).
        let mut removals = found.step.eliminations;
        if target.is_on() {
            let mut others = grid.candidates(target.cell()) & !(1 << target.digit().index());
            while others != 0 {
                let d = Digit::ALL[others.trailing_zeros() as usize];
                others &= others - 1;
                removals.add(target.cell(), d);
            }
        }
        best.keep(&found, removals, Origin::Start, |out| {
            out.extend_from_slice(&ws.path);
            out.push(BRANCH_END);
        });
    } else {
        best.offer(found);
    }
    difficulty
}
