//! Aligned pair exclusion (APE, ER 6.2) and aligned triplet exclusion (ATE, ER 7.5).
//!
//! The idea: give two (or three) cells one candidate each. The combination is impossible when
//! two of the cells share a house and take the same digit, or when a cell seeing all of them
//! (a *common excluder*) would be left without a candidate: a bivalue excluder `{x, y}` forbids
//! `x` and `y` together; for ATE a trivalue excluder forbids its three digits together. A
//! candidate of one of the cells that belongs to no allowed combination is removed.
//!
//! Rules as in Sudoku Explainer 1.2.1 (`diuf/sudoku/solver/rules/AlignedPairExclusion.java`
//! and `AlignedExclusion.java`; our specification in `docs/se-rules.md`):
//! - *Base cells*, row-major: an empty cell with at least two candidates, no peer with exactly
//!   one, and at least one *excluder*: a peer with exactly two candidates (APE), or two or
//!   three (ATE). A base cell's excluders are kept in SE's peer order (box, row, column).
//! - The base cells need not see each other, and there must be at least two common excluders.
//! - APE tries every pair of base cells in colex order of their places in the list ((0,1),
//!   (0,2), (1,2), (0,3), ...); the first pair that removes something is the step.
//! - ATE takes the same pairs; for each, the third cells are the excluders of the first cell
//!   and then of the second (in list order, once each) that are base cells, other than the two.
//!   The same three cells can so be examined several times in different roles.
//!
//! Layers: uses the grid and geometry only.

use super::grid::Grid;
use super::step::{Step, Technique};
use super::subsets::digits;
use super::wings::peers_in_se_order;
use crate::geometry::{Cell, CellSet, CELLS};

/// A base cell: the cell, its candidates and its excluders (in SE's peer order, and as a set),
/// and its peers (read for every pair and third it is in).
#[derive(Clone, Copy)]
struct Base {
    cell: Cell,
    candidates: u16,
    /// Two or three candidates: the cell can be an excluder of a triplet's cells.
    small: bool,
    excluders: [Cell; 20],
    count: u8,
    excluder_set: CellSet,
    peers: CellSet,
}

/// The base cells of an exclusion of `degree` (2 or 3) cells, row-major. Their excluders are
/// listed (in SE's peer order) for the triplets only, which take their thirds from the lists:
/// a pair reads the excluders' set alone.
fn base_cells(grid: &Grid, degree: u32) -> Vec<Base> {
    let mut out = Vec::with_capacity(CELLS);
    // The cells with one candidate, and the possible excluders, counted for all cells at once
    // (bit-sliced) rather than cell by cell for every peer.
    let singles = grid.cells_with_candidate_count(1, 1);
    let excluders = grid.cells_with_candidate_count(2, degree);
    for cell in grid.empty_cells().iter() {
        let candidates = grid.candidates(cell);
        // Fewer than two candidates (none, in a grid with no solution).
        if candidates & candidates.wrapping_sub(1) == 0 {
            continue;
        }
        let peers = cell.peer_set();
        if !peers.intersection(singles).is_empty() {
            continue;
        }
        let mine = peers.intersection(excluders);
        if mine.is_empty() {
            continue;
        }
        let mut base = Base {
            cell,
            candidates,
            small: excluders.contains(cell),
            excluders: [cell; 20],
            count: 0,
            excluder_set: mine,
            peers,
        };
        if degree == 3 {
            for peer in peers_in_se_order(cell) {
                if mine.contains(peer) {
                    base.excluders[base.count as usize] = peer;
                    base.count += 1;
                }
            }
        }
        out.push(base);
    }
    out
}

/// The cells of `changed` and their peers.
fn near(changed: CellSet) -> CellSet {
    if changed == CellSet::ALL {
        return CellSet::ALL;
    }
    changed
        .iter()
        .fold(changed, |near, cell| near.union(cell.peer_set()))
}

/// The first aligned pair exclusion in SE's order that removes something.
pub fn aligned_pair_exclusion(grid: &Grid) -> Option<Step> {
    aligned_pair_exclusion_touching(grid, CellSet::ALL)
}

/// As [`aligned_pair_exclusion`], but only among the pairs with a cell in `changed` or a
/// common peer there: the first of them in SE's order that removes something. A pair's
/// exclusion depends only on the candidates of its two cells and of their common excluders, so
/// where `grid` has no naked single and is a grid with no APE but for the cells of `changed`,
/// this is [`aligned_pair_exclusion`]'s step. (A base cell there with two common excluders
/// unchanged was one before: its base status needs one excluder and no peer with a single
/// candidate.)
pub fn aligned_pair_exclusion_touching(grid: &Grid, changed: CellSet) -> Option<Step> {
    let bases = base_cells(grid, 2);
    let n = bases.len();
    // A pair meets a changed cell (as one of its cells or a common peer) only if one of its
    // cells is changed or sees a changed cell.
    let near = near(changed);
    for j in 1..n {
        let second_near = near.contains(bases[j].cell);
        for i in 0..j {
            if !second_near && !near.contains(bases[i].cell) {
                continue;
            }
            let (first, second) = (&bases[i], &bases[j]);
            let common = first.excluder_set.intersection(second.excluder_set);
            if !common.has_two_or_more() {
                continue;
            }
            if !changed.contains(first.cell)
                && !changed.contains(second.cell)
                && first
                    .peers
                    .intersection(second.peers)
                    .intersection(changed)
                    .is_empty()
            {
                continue;
            }
            let cells = [first, second];
            // A bivalue excluder forbids one pair of digits. For `x` to leave one cell, every
            // candidate of the other (but `x` itself, when the cells share a house) must make
            // a forbidden pair with it, each with its own excluder: so that other cell has at
            // most one candidate more than there are common excluders. Else nothing can go.
            let most = common.len() as u32 + 1;
            if cells[0].candidates.count_ones() > most && cells[1].candidates.count_ones() > most {
                continue;
            }
            if let Some(step) = exclude(grid, &cells, common, Technique::AlignedPairExclusion) {
                return Some(step);
            }
        }
    }
    None
}

/// The first aligned triplet exclusion in SE's order that removes something.
pub fn aligned_triplet_exclusion(grid: &Grid) -> Option<Step> {
    triplet_exclusion(grid, true, CellSet::ALL)
}

/// What an aligned triplet exclusion search that found nothing leaves for the next one, along
/// a path of positions (each reduced from the one before, or any other grid): the candidates
/// of the grid it searched.
///
/// A triplet's exclusion depends only on the candidates of its three cells and of their common
/// excluders, all among the cells that see all three. So on the next grid, a triplet whose
/// cells and common peers kept their candidates removes nothing again; only the others are
/// worked through, in the same order, and the step found is the same. (Its base cells were
/// base cells then too, and it was examined then, in this role or another: a cell's base status
/// depends on its peers having one candidate, which no grid searched has, see
/// [`aligned_triplet_exclusion_after`].)
#[derive(Debug, Clone, Default)]
pub struct TripletMemory {
    nothing_on: Option<[u16; CELLS]>,
}

/// [`aligned_triplet_exclusion`], told by `memory` where the last search found nothing, and
/// keeping there this one's grid when it finds nothing (and no empty cell of it has a single
/// candidate: the ladder takes the naked single first).
pub fn aligned_triplet_exclusion_after(grid: &Grid, memory: &mut TripletMemory) -> Option<Step> {
    let masks = grid.candidate_masks();
    let changed = match &memory.nothing_on {
        Some(before) => (0..CELLS)
            .filter(|&i| before[i] != masks[i])
            .fold(CellSet::EMPTY, |set, i| set.with(Cell::ALL[i])),
        None => CellSet::ALL,
    };
    let step = triplet_exclusion(grid, true, changed);
    let single = !grid.cells_with_candidate_count(1, 1).is_empty();
    memory.nothing_on = (step.is_none() && !single).then_some(*masks);
    step
}

/// The search of [`aligned_triplet_exclusion`]; with `skip`, the triplets examined before in
/// other roles are skipped ([`examined`]), which changes nothing but the time; only the
/// triplets that hold a cell of `changed` or whose common peers do are worked through (see
/// [`TripletMemory`]).
fn triplet_exclusion(grid: &Grid, skip: bool, changed: CellSet) -> Option<Step> {
    let bases = base_cells(grid, 3);
    let n = bases.len();
    if n < 3 {
        return None;
    }
    // Where each cell sits in the base list, to find a third cell's excluders.
    let mut place = [usize::MAX; CELLS];
    let mut base_set = CellSet::EMPTY;
    for (k, b) in bases[..n].iter().enumerate() {
        place[b.cell.index()] = k;
        base_set = base_set.with(b.cell);
    }
    // A pair can meet a changed cell (as one of its cells, a common peer, an excluder or a
    // third) only if one of its cells is changed or sees a changed cell: the others are
    // skipped before anything is computed for them.
    let near = near(changed);
    for j in 1..n {
        let second_near = near.contains(bases[j].cell);
        for i in 0..j {
            if !second_near && !near.contains(bases[i].cell) {
                continue;
            }
            let (first, second) = (&bases[i], &bases[j]);
            let pair_common = first.excluder_set.intersection(second.excluder_set);
            if !pair_common.has_two_or_more() {
                continue;
            }
            // Whether the pair's cells changed since the last search, and their common peers.
            let pair_touched = changed.contains(first.cell) || changed.contains(second.cell);
            let pair_peers = first.peers.intersection(second.peers);
            // Unchanged with their common peers, the pair has only its changed excluders to
            // try as thirds: with none, nothing to do.
            if !pair_touched
                && pair_peers.intersection(changed).is_empty()
                && first
                    .excluder_set
                    .union(second.excluder_set)
                    .intersection(changed)
                    .is_empty()
            {
                continue;
            }
            // The twin area: the two cells' excluders, first's then second's, once each. A
            // third needs two common excluders: two cells of `pair_common` (all possible
            // excluders) among its peers. So the thirds worth a look are the base cells of
            // the area that see two of them, found over sets before the area is listed.
            let mut once = CellSet::EMPTY;
            let mut twice = CellSet::EMPTY;
            for e in pair_common.iter() {
                let peers = e.peer_set();
                twice = twice.union(once.intersection(peers));
                once = once.union(peers);
            }
            let mut thirds = first
                .excluder_set
                .union(second.excluder_set)
                .intersection(base_set)
                .intersection(twice)
                .difference(CellSet::EMPTY.with(first.cell).with(second.cell));
            if skip {
                thirds = thirds.difference(examined(first, second));
            }
            if thirds.is_empty() {
                continue;
            }
            let listed = first.excluders[..first.count as usize]
                .iter()
                .chain(&second.excluders[..second.count as usize]);
            for &third in listed {
                if thirds.is_empty() {
                    break;
                }
                if !thirds.contains(third) {
                    continue;
                }
                thirds = thirds.difference(CellSet::EMPTY.with(third));
                let k = place[third.index()];
                let common = pair_common.intersection(bases[k].excluder_set);
                debug_assert!(common.has_two_or_more());
                if !pair_touched
                    && !changed.contains(third)
                    && pair_peers
                        .intersection(bases[k].peers)
                        .intersection(changed)
                        .is_empty()
                {
                    continue;
                }
                let cells = [first, second, &bases[k]];
                if let Some(step) =
                    exclude(grid, &cells, common, Technique::AlignedTripletExclusion)
                {
                    return Some(step);
                }
            }
        }
    }
    None
}

/// The thirds `k` of the pair of base cells `first` (`i`) and `second` (`j > i`) whose three
/// cells were examined before, in other roles: the exclusion of three cells does not depend on
/// their roles, and finding nothing then, it finds nothing now. The pairs come in colex order,
/// so the pair `{i, k}` came before when `k < j`, and `{k, j}` when `k < i`; the remaining cell
/// was then a third when it is an excluder (two or three candidates) of one of that pair's
/// cells. The common excluders are the three cells' either way. As a cell set: the base cells
/// are in row-major order, so `k < j` is `k`'s cell before `j`'s.
fn examined(first: &Base, second: &Base) -> CellSet {
    // The thirds before `r`'s cell that `r` was a third of, with the pair's other cell `p`.
    let done = |r: &Base, p: &Base| {
        if !r.small {
            return CellSet::EMPTY;
        }
        let before = CellSet::from_bits((1u128 << r.cell.index()) - 1);
        if r.peers.contains(p.cell) {
            before
        } else {
            before.intersection(r.peers)
        }
    };
    done(second, first).union(done(first, second))
}

/// The exclusion over `cells` (2 or 3) with the common excluders `common`: every combination of
/// one candidate per cell is tried; the candidates in no allowed combination are removed. A step
/// when something is removed.
fn exclude(grid: &Grid, cells: &[&Base], common: CellSet, technique: Technique) -> Option<Step> {
    // An excluder forbids any combination covering all of its candidates.
    let mut forbidding = [0u16; 20];
    let mut nf = 0;
    for e in common.iter() {
        forbidding[nf] = grid.candidates(e);
        nf += 1;
    }
    let forbidding = &forbidding[..nf];
    let sees = |a: usize, b: usize| cells[a].cell.sees(cells[b].cell);
    let mut allowed = [0u16; 3];
    if let [a, b] = cells {
        // Given `x` to the first cell, an excluder with `x` and one other digit `w` forbids
        // `w` in the second; any other excluder (two or more digits besides `x`) forbids
        // nothing. So each digit's partners, gathered once, give the second cell's allowed
        // digits as one mask.
        let mut partners = [0u16; 9];
        for &m in forbidding {
            let low = m & m.wrapping_neg();
            let rest = m & !low;
            if rest != 0 && rest & (rest - 1) == 0 {
                partners[low.trailing_zeros() as usize] |= rest;
                partners[rest.trailing_zeros() as usize] |= low;
            }
        }
        let ab = sees(0, 1);
        for x in digits(a.candidates) {
            let bit = 1u16 << x.index();
            let mut ys = b.candidates & !partners[x.index()];
            if ab {
                ys &= !bit;
            }
            if ys != 0 {
                allowed[0] |= bit;
                allowed[1] |= ys;
            }
        }
    } else if let [a, b, c] = cells {
        // Given `x` to the first cell, the excluders split into what each forbids: one with a
        // single digit `w` besides `x` forbids `w` in either other cell; one with two digits
        // `u`, `w` besides `x` (or without `x`, bivalue) forbids the other two cells taking
        // `u` and `w` between them; a trivalue one without `x` forbids nothing. So each
        // second-cell digit's allowed third-cell digits come as one mask, not a loop over the
        // excluders per pair of digits.
        let (ab, ac, bc) = (sees(0, 1), sees(0, 2), sees(1, 2));
        for x in digits(a.candidates) {
            let xb = 1u16 << x.index();
            let (mut no_y, mut no_z) = (0u16, 0u16);
            let mut with = [0u16; 9];
            for &m in forbidding {
                let rest = m & !xb;
                let lower = rest & (rest - 1);
                if lower == 0 {
                    no_y |= rest;
                    no_z |= rest;
                } else if lower & (lower - 1) == 0 {
                    let (u, w) = (
                        rest.trailing_zeros() as usize,
                        lower.trailing_zeros() as usize,
                    );
                    with[u] |= 1 << w;
                    with[w] |= 1 << u;
                }
            }
            if ab {
                no_y |= xb;
            }
            if ac {
                no_z |= xb;
            }
            let zs_all = c.candidates & !no_z;
            for y in digits(b.candidates & !no_y) {
                let yb = 1u16 << y.index();
                let mut zs = zs_all & !with[y.index()];
                if bc {
                    zs &= !yb;
                }
                if zs != 0 {
                    allowed[0] |= xb;
                    allowed[1] |= yb;
                    allowed[2] |= zs;
                    // Every candidate of the three in an allowed combination already: nothing
                    // can be removed (the usual end), so the other combinations need no look.
                    let left = (a.candidates & !allowed[0])
                        | (b.candidates & !allowed[1])
                        | (c.candidates & !allowed[2]);
                    if left == 0 {
                        return None;
                    }
                }
            }
        }
    }
    if cells
        .iter()
        .zip(allowed)
        .all(|(base, ok)| base.candidates & !ok == 0)
    {
        return None;
    }
    let mut step = Step::new(technique);
    for (k, base) in cells.iter().enumerate() {
        for d in digits(base.candidates & !allowed[k]) {
            step.eliminations.add(base.cell, d);
        }
        step.cells = step.cells.with(base.cell);
        step.digits |= base.candidates & !allowed[k];
    }
    (!step.eliminations.is_empty()).then_some(step)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::steps::budget::Budget;
    use crate::steps::next::{next_step_within, Next};

    #[test]
    fn skipping_examined_triplets_changes_no_step() {
        // On hard grids, as given, with candidates removed at random, and along their paths:
        // the same first triplet exclusion (or none) with and without the skip.
        let mut grids = crate::steps::grid::varied_grids();
        for start in grids.clone() {
            let mut g = start;
            let plain = Budget::UNLIMITED.without_nested();
            while let Next::Step(s) = next_step_within(&g, &plain) {
                if s.er >= 75 {
                    break;
                }
                s.apply(&mut g);
                grids.push(g);
            }
        }
        let mut found = 0;
        for g in &grids {
            let fast = triplet_exclusion(g, true, CellSet::ALL);
            let plain = triplet_exclusion(g, false, CellSet::ALL);
            assert_eq!(fast.map(|s| removals(&s)), plain.map(|s| removals(&s)));
            assert_eq!(fast.map(|s| s.cells), plain.map(|s| s.cells));
            found += usize::from(plain.is_some());
        }
        assert!(found >= 5, "{found} of {} grids", grids.len());
    }
    #[test]
    fn the_memory_of_a_search_that_found_nothing_changes_no_step() {
        // Along the paths of hard grids (each position the one before less a step), and
        // between unrelated grids: the same first triplet exclusion (or none) with the memory
        // of the last search as without it.
        let (mut found, mut kept, mut positions) = (0, 0, 0);
        let (mut memory, mut across) = (TripletMemory::default(), TripletMemory::default());
        crate::steps::next::each_plain_position(80, |g, first| {
            if first {
                memory = TripletMemory::default();
            }
            let fresh = aligned_triplet_exclusion(g);
            kept += usize::from(memory.nothing_on.is_some());
            let along = aligned_triplet_exclusion_after(g, &mut memory);
            let other = aligned_triplet_exclusion_after(g, &mut across);
            for s in [&along, &other] {
                assert_eq!(s.as_ref().map(removals), fresh.as_ref().map(removals));
                assert_eq!(s.as_ref().map(|s| s.cells), fresh.as_ref().map(|s| s.cells));
            }
            found += usize::from(fresh.is_some());
            positions += 1;
        });
        assert!(
            found >= 5 && kept >= 100,
            "{found} found, {kept} kept, {positions}"
        );
    }

    #[test]
    fn exclusions_are_those_of_every_combination_tried() {
        // `exclude` (with its shortcuts: a pair's second cell's digits from each digit's
        // partners, a triplet's excluders split by what they forbid given the first digit)
        // against every
        // combination of one candidate per cell tried one by one, with SE's two rules, on
        // the pairs and triplets of base cells with two or more common excluders of grids
        // along hard paths.
        let brute = |grid: &Grid, cells: &[&Base], common: CellSet| -> Vec<(usize, u8)> {
            let mut allowed = vec![0u16; cells.len()];
            let n = cells.len();
            let mut pick = vec![0usize; n];
            let lists: Vec<Vec<u16>> = cells
                .iter()
                .map(|b| {
                    (0..9)
                        .filter(|d| b.candidates >> d & 1 != 0)
                        .map(|d| 1 << d)
                        .collect()
                })
                .collect();
            loop {
                let bits: Vec<u16> = (0..n).map(|k| lists[k][pick[k]]).collect();
                let clash = (0..n).any(|p| {
                    (p + 1..n).any(|q| bits[p] == bits[q] && cells[p].cell.sees(cells[q].cell))
                });
                let union = bits.iter().fold(0, |u, &b| u | b);
                let emptied = common.iter().any(|e| grid.candidates(e) & !union == 0);
                if !clash && !emptied {
                    for k in 0..n {
                        allowed[k] |= bits[k];
                    }
                }
                // The next combination, the last cell fastest.
                let mut k = n;
                loop {
                    if k == 0 {
                        let mut out = Vec::new();
                        for (b, ok) in cells.iter().zip(&allowed) {
                            for d in 0..9u8 {
                                if (b.candidates & !ok) >> d & 1 != 0 {
                                    out.push((b.cell.index(), d + 1));
                                }
                            }
                        }
                        out.sort();
                        return out;
                    }
                    k -= 1;
                    pick[k] += 1;
                    if pick[k] < lists[k].len() {
                        break;
                    }
                    pick[k] = 0;
                }
            }
        };
        let (mut tried, mut removing) = (0, 0);
        crate::steps::next::each_plain_position(12, |g, _| {
            let mut check = |cells: &[&Base], common: CellSet| {
                if !common.has_two_or_more() {
                    return;
                }
                let technique = if cells.len() == 2 {
                    Technique::AlignedPairExclusion
                } else {
                    Technique::AlignedTripletExclusion
                };
                let mut got = exclude(g, cells, common, technique)
                    .map(|s| removals(&s))
                    .unwrap_or_default();
                got.sort();
                let want = brute(g, cells, common);
                assert_eq!(got, want);
                tried += 1;
                removing += usize::from(!want.is_empty());
            };
            for degree in [2, 3] {
                let bases = base_cells(g, degree);
                let n = bases.len().min(24);
                for i in 0..n {
                    for j in i + 1..n {
                        let pair = bases[i].excluder_set.intersection(bases[j].excluder_set);
                        if degree == 2 {
                            check(&[&bases[i], &bases[j]], pair);
                            continue;
                        }
                        for k in j + 1..n {
                            let common = pair.intersection(bases[k].excluder_set);
                            check(&[&bases[i], &bases[j], &bases[k]], common);
                        }
                    }
                }
            }
        });
        assert!(
            tried >= 20_000 && removing >= 100,
            "{removing} removing of {tried}"
        );
    }

    use crate::steps::grid::{cell, with_candidates};
    use crate::steps::step::removals;

    #[test]
    fn pair_exclusion_with_two_bivalue_excluders() {
        // Row 1: r1c1 {1,2,3}, r1c2 {1,3}, r1c3 {2,3}, r1c5 {1,2}; every other cell keeps all
        // nine digits (such cells never lose one: a digit outside every excluder completes any
        // combination). The first pair of base cells is (r1c1, r1c2), whose common excluders are
        // r1c3 and r1c5. r1c1 = 2 with r1c2 = 1 empties r1c5 {1,2}; with r1c2 = 3 it empties
        // r1c3 {2,3}: 2 leaves r1c1. r1c1 = 1 (r1c2 = 3) and r1c1 = 3 (r1c2 = 1) stay allowed.
        let g = with_candidates(&[
            (cell(0, 0), &[1, 2, 3]),
            (cell(0, 1), &[1, 3]),
            (cell(0, 2), &[2, 3]),
            (cell(0, 4), &[1, 2]),
        ]);
        let s = aligned_pair_exclusion(&g).expect("an APE");
        assert_eq!(s.technique, Technique::AlignedPairExclusion);
        assert_eq!(s.er, 62);
        assert_eq!(removals(&s), vec![(0, 2)]);
        assert_eq!(s.cells, CellSet::EMPTY.with(cell(0, 0)).with(cell(0, 1)));
    }

    /// The base cell of `cell` in `grid` for an exclusion of `degree` cells.
    fn base(grid: &Grid, degree: u32, cell: Cell) -> Base {
        *base_cells(grid, degree)
            .iter()
            .find(|b| b.cell == cell)
            .expect("a base cell")
    }

    #[test]
    fn pair_exclusion_needs_two_common_excluders() {
        // r1c1 {1,2,3}, r1c2 {1,3}, r1c5 {1,2}. The first pair, (r1c1, r1c2), has the one
        // common excluder r1c5 and is skipped. The next, (r1c1, r1c3) with r1c3 holding all
        // nine digits, has two (r1c2 in the box, r1c5 in the row): r1c3 = 1 with r1c1 = 2
        // empties r1c5, with r1c1 = 3 empties r1c2 (and r1c1 = 1 shares the row), so 1 leaves
        // r1c3.
        let g = with_candidates(&[
            (cell(0, 0), &[1, 2, 3]),
            (cell(0, 1), &[1, 3]),
            (cell(0, 4), &[1, 2]),
        ]);
        let s = aligned_pair_exclusion(&g).expect("an APE");
        assert_eq!(s.cells, CellSet::EMPTY.with(cell(0, 0)).with(cell(0, 2)));
        assert_eq!(removals(&s), vec![(2, 1)]);
    }

    #[test]
    fn pair_exclusion_of_cells_that_do_not_see_each_other() {
        // r1c1 {1,2,3} and r2c4 {1,2} share no house; both see r1c4 {1,3} (row 1 / box 2)
        // and r2c1 {2,3} (box 1 / row 2). r1c1 = 3 empties r1c4 with r2c4 = 1 and r2c1 with
        // r2c4 = 2: 3 leaves r1c1. Equal digits are allowed in cells that share no house, so
        // r2c4 keeps both.
        let g = with_candidates(&[
            (cell(0, 0), &[1, 2, 3]),
            (cell(1, 3), &[1, 2]),
            (cell(0, 3), &[1, 3]),
            (cell(1, 0), &[2, 3]),
        ]);
        let pair = [base(&g, 2, cell(0, 0)), base(&g, 2, cell(1, 3))];
        let common = pair[0].excluder_set.intersection(pair[1].excluder_set);
        assert_eq!(common, CellSet::EMPTY.with(cell(0, 3)).with(cell(1, 0)));
        let s = exclude(
            &g,
            &[&pair[0], &pair[1]],
            common,
            Technique::AlignedPairExclusion,
        )
        .expect("a step");
        assert_eq!(removals(&s), vec![(0, 3)]);
        // With one excluder fewer the same cells remove nothing.
        let one = CellSet::EMPTY.with(cell(0, 3));
        assert_eq!(
            exclude(
                &g,
                &[&pair[0], &pair[1]],
                one,
                Technique::AlignedPairExclusion
            ),
            None
        );
    }

    #[test]
    fn triplet_exclusion_with_trivalue_excluders() {
        // r1c1 {1,2,3}, r1c2 {1,2,3}, r1c3 {1,2,3,4}, and the trivalue excluders r2c2 and
        // r3c1, both {1,2,3} and both seeing the three cells (box 1). The three cells share
        // row 1, so a combination without 4 in r1c3 uses 1, 2 and 3 and empties both
        // excluders: r1c3 keeps only 4. There is no bivalue cell, so no APE. The first pair
        // with two common excluders is (r1c1, r1c3) (the common excluders of (r1c1, r1c2) are
        // r2c2 and r3c1, but neither third cell keeps both), and r1c2 completes the triplet.
        let g = with_candidates(&[
            (cell(0, 0), &[1, 2, 3]),
            (cell(0, 1), &[1, 2, 3]),
            (cell(0, 2), &[1, 2, 3, 4]),
            (cell(1, 1), &[1, 2, 3]),
            (cell(2, 0), &[1, 2, 3]),
        ]);
        // With only bivalue excluders counted, this is no APE.
        assert_eq!(aligned_pair_exclusion(&g), None);
        let s = aligned_triplet_exclusion(&g).expect("an ATE");
        assert_eq!(s.technique, Technique::AlignedTripletExclusion);
        assert_eq!(s.er, 75);
        assert_eq!(removals(&s), vec![(2, 1), (2, 2), (2, 3)]);
    }
}
