//! Cycles (SE's `doCycles` and `createCycleHint`): X-cycles (house links, one digit), Y-cycles
//! (bivalue cells joined by house weak links) and cycles mixing both, rated 6.5 (X, Y) or 7.0
//! (the XY pass) plus the length bonus.
//!
//! From a start "on", the search alternates phases: every pending on-potential gives its weak
//! consequences (off), every pending off-potential its strong consequences (on). Off-potentials
//! are not merged (the same one can be pending several times, with different parents, as in
//! SE); an off-potential that is an ancestor of the on-potential giving it is skipped (no
//! walking back). An on-potential is pending once. When, at the fourth phase or later, a strong
//! consequence is the start itself, the chain back to the start is a cycle: along it, on- and
//! off-potentials alternate and each link holds both ways. A cell off the cycle that sees an
//! on-potential and an off-potential of the same digit on it loses that digit.

use super::potential::{
    house_of, off_to_on, on_to_off_unreached, tenths, Links, Pot, Reached, KINDS, NO_PARENT,
};
use super::{Best, Found, Origin, Pass, Workspace, BRANCH_END, SHORTEST};
use crate::geometry::CellSet;
use crate::steps::grid::Grid;
use crate::steps::step::{Eliminations, Step};

/// Searches the cycles through `start` (an on-potential) with the pass's links and offers
/// each one that removes something to `best`, in SE's order; with `forcing`, also the forcing
/// chain from `start` to its negation, offered after the cycles (as SE does), whose difficulty
/// is returned. `dead` marks as reached (in the emptied set it is given) potentials on no
/// cycle through `start` and (with `forcing`) on no chain to its negation
/// ([`super::implication::Reach::dead_ends`]), which the walk then skips.
///
/// The forcing-chain search from a start "on" ([`super::forcing::search`]) would walk the same
/// potentials in the same order: it merges the off-potentials that the cycle search does not,
/// but a copy of an off-potential met before reaches nothing new, and its links are the
/// pass's (the house strong link is on in both passes that look for forcing chains). So one
/// walk serves both.
pub fn search(
    grid: &Grid,
    ws: &mut Workspace,
    start: Pot,
    pass: Pass,
    forcing: bool,
    dead: impl FnOnce(&mut Reached),
    best: &mut Best,
) -> Option<f64> {
    ws.reset();
    // Skipped as if reached: they lie on no cycle through the start and on no chain to its
    // negation.
    dead(&mut ws.reached);
    let root = ws.arena.start(start);
    ws.reached.insert(start);
    ws.on.push(root);
    let links = pass.links;
    let base = pass.cycle_base();
    let target = start.negated();
    let mut chain_end = None;
    let mut length = 0u32;
    let closers = closers(grid, start, links);
    while !ws.on.is_empty() || !ws.off.is_empty() {
        // A cycle closed at off-phase L has L potentials, and so has a forcing chain ending at
        // the on-phase before it: stop when neither can sort first.
        let shortest = SHORTEST.max(length + 2);
        let chain_open = forcing
            && chain_end.is_none()
            && best.could_take(pass.chain_base(), shortest, pass.key);
        if !chain_open && !best.could_take(base, shortest, pass.key) {
            break;
        }
        length += 1;
        {
            let Workspace {
                arena,
                on,
                off,
                reached,
                ..
            } = ws;
            for &p in on.iter() {
                // Off-potentials met before matter only when they close the cycle.
                on_to_off_unreached(
                    grid,
                    arena.get(p).pot,
                    links,
                    reached,
                    &closers,
                    |q, reached| {
                        if forcing && q == target && chain_end.is_none() {
                            chain_end = Some(arena.derive(q, p));
                        }
                        // An off-potential met before gives nothing new, except the start again
                        // (its on-consequences were reached when it was first met): only a copy
                        // that closes the cycle matters. One never met is no ancestor of `p`.
                        if reached.insert(q) || !arena.has_ancestor(p, q) {
                            let n = arena.derive(q, p);
                            off.push(n);
                        }
                    },
                );
            }
            on.clear();
        }
        length += 1;
        {
            let Workspace {
                arena,
                on,
                off,
                ends,
                reached,
                ..
            } = ws;
            for &p in off.iter() {
                off_to_on(grid, arena.get(p).pot, links, |q| {
                    if length >= 4 && q == start {
                        let n = arena.derive(q, p);
                        ends.push(n);
                    }
                    if reached.insert(q) {
                        let n = arena.derive(q, p);
                        on.push(n);
                    }
                });
            }
            off.clear();
        }
    }
    for i in 0..ws.ends.len() {
        let end = ws.ends[i];
        offer(grid, ws, end, pass, best);
    }
    chain_end.map(|end| super::forcing::offer(grid, ws, end, pass, best))
}

/// The off-potentials that turn the on-potential `start` on (a strong link), by digit index:
/// with the cell rule, the other candidate of a bivalue start cell; with the house rule, the
/// digit's other place in a house of the start where it has two.
fn closers(grid: &Grid, start: Pot, links: Links) -> [CellSet; 9] {
    let (cell, digit) = (start.cell(), start.digit());
    let mut out = [CellSet::EMPTY; 9];
    let cands = grid.candidates(cell);
    if links.y && super::potential::is_pair(cands) {
        let other = (cands & !(1 << digit.index())).trailing_zeros() as usize;
        out[other] = out[other].with(cell);
    }
    if links.x {
        for kind in KINDS {
            let here = grid
                .digit_cells(digit)
                .intersection(house_of(cell, kind).cell_set());
            if here.is_pair() {
                let d = digit.index();
                out[d] = out[d].union(here.difference(CellSet::EMPTY.with(cell)));
            }
        }
    }
    out
}

/// Rates the cycle ending at arena index `end` and offers it to `best` when it sorts first and
/// removes something.
fn offer(grid: &Grid, ws: &mut Workspace, end: u32, pass: Pass, best: &mut Best) {
    let complexity = ws.arena.ancestor_count(end);
    let difficulty = super::potential::difficulty(pass.cycle_base(), complexity);
    if !best.beaten_by(difficulty, complexity, pass.key) {
        return;
    }
    // The cycle's potentials: from the end back to the start (which is the end again).
    let mut cells = CellSet::EMPTY;
    let mut at = end;
    while ws.arena.get(at).parent != NO_PARENT {
        let n = ws.arena.get(at);
        cells = cells.with(n.pot.cell());
        at = n.parent;
    }
    let mut seen_on = [CellSet::EMPTY; 9];
    let mut seen_off = [CellSet::EMPTY; 9];
    let mut digits = 0u16;
    at = end;
    while ws.arena.get(at).parent != NO_PARENT {
        let n = ws.arena.get(at);
        let (cell, digit) = (n.pot.cell(), n.pot.digit());
        digits |= 1 << digit.index();
        let seeing = cell
            .peer_set()
            .intersection(grid.digit_cells(digit))
            .difference(cells);
        let side = if n.pot.is_on() {
            &mut seen_on
        } else {
            &mut seen_off
        };
        side[digit.index()] = side[digit.index()].union(seeing);
        at = n.parent;
    }
    let mut eliminations = Eliminations::default();
    for d in 0..9 {
        eliminations.0[d] = seen_on[d].intersection(seen_off[d]);
    }
    if eliminations.is_empty() {
        return;
    }
    let mut step = Step::new(pass.cycle_technique());
    step.eliminations = eliminations;
    step.cells = cells;
    step.digits = digits;
    step.er = tenths(difficulty);
    ws.arena.path(end, &mut ws.path);
    for p in &ws.path {
        step.chain.push(p.to_step());
    }
    let found = Found {
        difficulty,
        complexity,
        key: pass.key,
        step,
    };
    if best.keeps_all() {
        best.keep(&found, eliminations, Origin::Cycle, |out| {
            out.extend_from_slice(&ws.path);
            out.push(BRANCH_END);
        });
    } else {
        best.offer(found);
    }
}
