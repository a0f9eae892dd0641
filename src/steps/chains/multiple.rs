//! Multiple forcing chains (SE's producer 17, `Chaining(true, false, false, 0)`; ER 8.0 plus
//! the length bonus): cell forcing chains (every candidate of a cell, assumed true, leads to the
//! same conclusion) and region forcing chains (every place of a digit in a house, assumed
//! true, leads to the same conclusion). A conclusion "on" places a digit (a direct step), "off"
//! removes one.
//!
//! Rules and order as in SE (`getMultipleChainsHintList`, `doRegionChainings`,
//! `createCellReductionHint`, `createRegionReductionHint`; `docs/se-rules.md`): static full
//! propagation with every link rule; only cells with three or more candidates start, row-major,
//! digits ascending. After each digit's propagation, region chains for each of the cell's box,
//! row and column (in that order) in which the digit has two or more places and the first place
//! (in the house's order) is this cell: the other places are propagated too, and every
//! potential reached from all places is a conclusion (in the order the cell's own propagation
//! reached it, on-potentials before off-potentials). After the cell's last digit, cell chains:
//! the potentials reached from every candidate (in the order of the first digit's
//! propagation). The complexity is the sum over the branches of the conclusion's ancestor
//! count in that branch; steps sort by (difficulty, complexity, SE's key: cell 5, region 6),
//! the first generated first among equals.

use super::conclusion::target_step;
use super::implication;
use super::nested::NestedCache;
use super::potential::{difficulty, first_of_places, house_of, tenths, Pot, PotSet, KEYS, KINDS};
use super::propagate::{Mode, Propagation};
use super::{Best, Found, Origin, Whole, BRANCH_END};
use crate::geometry::{CellSet, Digit, House};
use crate::steps::grid::Grid;
use crate::steps::step::{Chain, HouseSet, Step, Technique};

/// SE's base rating of multiple forcing chains.
const BASE: f64 = 8.0;
/// SE's sort keys (`CellChainingHint`, `RegionChainingHint`).
const CELL_KEY: u8 = 5;
const REGION_KEY: u8 = 6;

/// What one propagation reached, kept after the propagation memory is reused: the potentials
/// (a set, and the on- and off-potentials in the order reached), and for each its ancestor
/// count (in a static propagation, the length of its path) and its parent, for the chain.
struct Reach {
    set: PotSet,
    on: Vec<Pot>,
    off: Vec<Pot>,
    depth: Box<[u16; KEYS]>,
    parent: Box<[u16; KEYS]>,
}

/// No parent (a start), in [`Reach::parent`].
const ROOT: u16 = u16::MAX;

impl Default for Reach {
    fn default() -> Reach {
        Reach {
            set: PotSet::EMPTY,
            on: Vec::new(),
            off: Vec::new(),
            depth: Box::new([0; KEYS]),
            parent: Box::new([ROOT; KEYS]),
        }
    }
}

impl Reach {
    /// Copies what `prop` reached (the depth and parent of the potentials reached only: no
    /// other entry of those tables is read).
    fn take(&mut self, prop: &Propagation) {
        self.set.clear();
        self.on.clear();
        self.off.clear();
        self.on.reserve(prop.on_order.len());
        self.off.reserve(prop.off_order.len());
        for (list, out) in [
            (&prop.on_order, &mut self.on),
            (&prop.off_order, &mut self.off),
        ] {
            for &i in list {
                let node = prop.arena.get(i);
                let key = node.pot.0 as usize;
                self.set.insert(node.pot);
                self.depth[key] = node.depth as u16;
                self.parent[key] = if node.parent == super::potential::NO_PARENT {
                    ROOT
                } else {
                    prop.arena.get(node.parent).pot.0
                };
                out.push(node.pot);
            }
        }
    }

    /// The path from the start to the reached potential `p`, appended to `out` and ended by
    /// [`BRANCH_END`].
    fn pots(&self, p: Pot, out: &mut Vec<Pot>) {
        let from = out.len();
        let mut at = p.0;
        while at != ROOT {
            out.push(Pot(at));
            at = self.parent[at as usize];
        }
        out[from..].reverse();
        out.push(BRANCH_END);
    }

    /// The path from the start to the reached potential `p`.
    fn path(&self, p: Pot, chain: &mut Chain) {
        let mut keys = Vec::with_capacity(self.depth[p.0 as usize] as usize);
        let mut at = p.0;
        while at != ROOT {
            keys.push(at);
            at = self.parent[at as usize];
        }
        for &k in keys.iter().rev() {
            chain.push(Pot(k).to_step());
        }
        chain.end_branch();
    }
}

/// What the static propagation from each on-potential reached, computed once per call: a
/// start is propagated for its cell and again for every house whose region chains it joins;
/// the grid does not change, so neither does what it reaches.
/// Made when first asked: at most stalls of the nested levels no start is propagated (the
/// reachability shows that none shares a conclusion).
///
/// Kept along a path ([`MultipleMemory`]) for its memory only: the propagation and the
/// [`Reach`]es (two tables of a potential each, 6 KiB) are allocated once and reused, which a
/// hard rating's many searches otherwise spend a twentieth of their time on. A `Reach` taken
/// again writes only what it reaches, and nothing else of it is read.
#[derive(Default)]
struct Reaches {
    /// By candidate: `1 +` the index in `pool` of what its on-potential reached this search,
    /// or 0.
    slot: Vec<u16>,
    /// The propagations' results; the first `used` are this search's. Boxed so that growing
    /// the pool moves pointers, not 6 KiB tables.
    #[allow(clippy::vec_box)]
    pool: Vec<Box<Reach>>,
    used: usize,
    prop: Option<Box<Propagation>>,
}

/// What the multiple forcing chains keep along a path of positions: their working memory
/// only (see `Reaches`); every search starts from nothing else.
#[derive(Default)]
pub struct MultipleMemory {
    reaches: Reaches,
}

impl Reaches {
    /// Forgets what was reached (on a new grid), keeping the memory.
    fn reset(&mut self) {
        if self.used > 0 {
            self.slot.fill(0);
            self.used = 0;
        }
    }

    /// Propagates from `start` (an on-potential) unless done before. With `reach`, on a grid
    /// where no potential reaches its negation, only the potentials that lead to a conclusion
    /// of one of the start's cell and regions are taken ([`wanted`]): the conclusions are
    /// reached as by the whole propagation, in the same order, with the same paths.
    fn ensure(&mut self, grid: &Grid, start: Pot, reach: Option<&implication::Reach>) {
        if self.slot.is_empty() {
            self.slot = vec![0; 729];
        }
        if self.slot[start.candidate()] == 0 {
            let prop = self.prop.get_or_insert_with(Box::default);
            match reach.filter(|r| !r.any_contradiction()) {
                Some(r) => {
                    let wanted = wanted(grid, r, start);
                    let mut none = NestedCache::default();
                    let keep = |q: Pot| r.leads_to(q, &wanted);
                    prop.run_kept(grid, start, Mode::STATIC, &mut none, keep);
                }
                None => {
                    prop.run(grid, start, Mode::STATIC);
                }
            }
            if self.used == self.pool.len() {
                self.pool.push(Box::<Reach>::default());
            }
            self.pool[self.used].take(prop);
            self.used += 1;
            self.slot[start.candidate()] = self.used as u16;
        }
    }

    /// What `start` reached (after [`Reaches::ensure`]).
    fn get(&self, start: Pot) -> &Reach {
        let at = self.slot[start.candidate()];
        assert!(at > 0, "propagated");
        &self.pool[at as usize - 1]
    }
}

/// What the groups of `start` (an on-potential) conclude in `reach`'s graph: the union of the
/// common sets ([`implication::Reach::common`]) of its cell's candidates and of its digit's
/// places in each of its houses (every group it can be a branch of; a few more than are
/// searched, which only keeps more).
fn wanted(grid: &Grid, reach: &implication::Reach, start: Pot) -> Vec<u64> {
    let words = reach.words();
    let (cell, digit) = (start.cell(), start.digit());
    let mut wanted = vec![0u64; words];
    let mut one = vec![0u64; words];
    let mut take = |found: bool, one: &[u64]| {
        if found {
            for (w, o) in wanted.iter_mut().zip(one) {
                *w |= o;
            }
        }
    };
    let cands = grid.candidates(cell);
    if cands.count_ones() >= 3 {
        let found = reach.common(digits(cands).map(|d| Pot::new(cell, d, true)), &mut one);
        take(found, &one);
    }
    for kind in KINDS {
        let at = grid
            .digit_cells(digit)
            .intersection(house_of(cell, kind).cell_set());
        if at.len() >= 2 {
            let found = reach.common(at.iter().map(|c| Pot::new(c, digit, true)), &mut one);
            take(found, &one);
        }
    }
    wanted
}

/// The first cell or region forcing chain in SE's order that removes or places something.
pub fn multiple(grid: &Grid) -> Option<Step> {
    multiple_with(grid, &implication::Reach::new(grid))
}

/// [`multiple`] with the grid's reachability `reach` ([`implication::Reach::new`] of `grid`),
/// built already: the same step.
pub fn multiple_with(grid: &Grid, reach: &implication::Reach) -> Option<Step> {
    multiple_after(grid, reach, &mut MultipleMemory::default())
}

/// [`multiple_with`], reusing the working memory kept in `memory` (see [`MultipleMemory`]):
/// the same step.
pub fn multiple_after(
    grid: &Grid,
    reach: &implication::Reach,
    memory: &mut MultipleMemory,
) -> Option<Step> {
    let mut best = Best::default();
    search_in(grid, &mut best, Some(reach), &mut memory.reaches);
    best.0.map(|f| f.step)
}

/// Every cell and region forcing chain on `grid`, whole, in SE's order (`getHints`; see
/// [`Best::into_sorted`]): the nested rule of level 3 ([`super::nested`]).
pub fn multiple_all(grid: &Grid, reach: &implication::Reach) -> Vec<Whole> {
    let mut best = Best::every();
    search_from(grid, &mut best, Some(reach));
    best.into_sorted()
}

/// The searches of the multiple forcing chains on `grid`, skipping the cells and regions whose
/// starts `reach` shows to share no conclusion ([`implication::Reach::share`]; every one with
/// `None`).
pub(super) fn search_from(grid: &Grid, best: &mut Best, reach: Option<&implication::Reach>) {
    search_in(grid, best, reach, &mut Reaches::default());
}

/// [`search_from`] in the working memory `reaches`.
fn search_in(
    grid: &Grid,
    best: &mut Best,
    reach: Option<&implication::Reach>,
    reaches: &mut Reaches,
) {
    reaches.reset();
    for cell in grid.empty_cells().iter() {
        let cands = grid.candidates(cell);
        if cands.count_ones() < 3 {
            continue;
        }
        let mut rest = cands;
        while rest != 0 {
            let digit = Digit::ALL[rest.trailing_zeros() as usize];
            rest &= rest - 1;
            region_chains(grid, reaches, cell, digit, reach, best);
        }
        let starts = digits(cands).map(|d| Pot::new(cell, d, true));
        if reach.is_some_and(|r| !r.share(starts.clone())) {
            continue;
        }
        for start in starts {
            reaches.ensure(grid, start, reach);
        }
        // Cell chains: what every candidate leads to.
        let mut branches: Vec<&Reach> = Vec::with_capacity(9);
        let mut rest = cands;
        while rest != 0 {
            let digit = Digit::ALL[rest.trailing_zeros() as usize];
            rest &= rest - 1;
            branches.push(reaches.get(Pot::new(cell, digit, true)));
        }
        for on in [true, false] {
            let first = if on {
                &branches[0].on
            } else {
                &branches[0].off
            };
            for &target in first {
                if branches[1..].iter().all(|b| b.set.contains(target)) {
                    let complexity = branches
                        .iter()
                        .map(|b| b.depth[target.0 as usize] as u32)
                        .sum();
                    if !best.beaten_by(difficulty(BASE, complexity), complexity, CELL_KEY) {
                        continue;
                    }
                    if let Some(found) = conclusion_of(
                        grid,
                        target,
                        complexity,
                        CELL_KEY,
                        &branches,
                        Technique::CellForcingChain,
                    ) {
                        let mut found = found;
                        found.step.cells = CellSet::EMPTY.with(cell);
                        found.step.digits = cands;
                        offer(best, found, Origin::Cell, &branches, target);
                    }
                }
            }
        }
    }
}

/// Offers `found`, concluding `target` from `branches`, to `best` (whole, when it keeps all).
fn offer(best: &mut Best, found: Found, origin: Origin, branches: &[&Reach], target: Pot) {
    if best.keeps_all() {
        best.keep(&found, found.step.eliminations, origin, |out| {
            for b in branches {
                b.pots(target, out);
            }
        });
    } else {
        best.offer(found);
    }
}

/// The region chains from `digit` in `cell` (its own propagation already in `reaches`), in
/// SE's order.
/// The digits of a candidate mask, ascending.
fn digits(mask: u16) -> impl Iterator<Item = Digit> + Clone {
    let mut rest = mask & 0x1FF;
    std::iter::from_fn(move || {
        (rest != 0).then(|| {
            let d = Digit::ALL[rest.trailing_zeros() as usize];
            rest &= rest - 1;
            d
        })
    })
}

fn region_chains(
    grid: &Grid,
    reaches: &mut Reaches,
    cell: crate::geometry::Cell,
    digit: Digit,
    reach: Option<&implication::Reach>,
    best: &mut Best,
) {
    for kind in KINDS {
        let house: House = house_of(cell, kind);
        if !first_of_places(grid, house, digit, cell) {
            continue;
        }
        let at = grid.digit_cells(digit).intersection(house.cell_set());
        if reach.is_some_and(|r| !r.share(at.iter().map(|c| Pot::new(c, digit, true)))) {
            continue;
        }
        for place in at.iter() {
            reaches.ensure(grid, Pot::new(place, digit, true), reach);
        }
        // The cell's own branch first, then the other places in the house's order.
        let all: Vec<&Reach> = at
            .iter()
            .map(|c| reaches.get(Pot::new(c, digit, true)))
            .collect();
        let (own, others) = (all[0], &all[1..]);
        for on in [true, false] {
            let first = if on { &own.on } else { &own.off };
            for &target in first {
                if !others.iter().all(|b| b.set.contains(target)) {
                    continue;
                }
                let complexity = all
                    .iter()
                    .map(|b| b.depth[target.0 as usize] as u32)
                    .sum::<u32>();
                if !best.beaten_by(difficulty(BASE, complexity), complexity, REGION_KEY) {
                    continue;
                }
                if let Some(mut found) = conclusion_of(
                    grid,
                    target,
                    complexity,
                    REGION_KEY,
                    &all,
                    Technique::RegionForcingChain,
                ) {
                    found.step.cells = at;
                    found.step.houses = HouseSet::default().with(house);
                    found.step.digits = 1 << digit.index();
                    offer(best, found, Origin::House(kind), &all, target);
                }
            }
        }
    }
}

/// The step concluding `target` from every branch, if it removes something: on places the
/// digit (removing the cell's other candidates; nothing when it has no other), off removes it.
fn conclusion_of(
    grid: &Grid,
    target: Pot,
    complexity: u32,
    key: u8,
    branches: &[&Reach],
    technique: Technique,
) -> Option<Found> {
    let mut step = target_step(grid, target, technique)?;
    let difficulty = difficulty(BASE, complexity);
    step.er = tenths(difficulty);
    let mut chain = Chain::default();
    for b in branches {
        b.path(target, &mut chain);
    }
    step.chain = chain;
    Some(Found {
        difficulty,
        complexity,
        key,
        step,
    })
}
