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
//!
//! The same search, with a propagation that nests whole producers at its stalls, makes the
//! nested forcing chains of levels 2 to 5 (producers 20 and 21; [`super::nested`]); as a
//! nested rule itself (levels 4 and 5) it gives every step, whole ([`super::collect`]).

use super::collect::Collect;
use super::conclusion::{conclude, contradiction, Kind};
use super::implication::Reach;
use super::nested::{NestedCache, Producers};
use super::potential::{first_of_places, house_of, tenths, Pot, KINDS};
use super::propagate::{Contradiction, Mode, Propagation};
use super::{Found, Origin, Whole};
use crate::geometry::{Cell, CellSet, Digit};
use crate::steps::budget::Budget;
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

impl Level {
    /// The level with SE's sort keys (double 1, cell 5, region 6, contradiction 7), its base
    /// rating and its techniques in that order of kinds.
    const fn new(mode: Mode, base: f64, techniques: [Technique; 4]) -> Level {
        Level {
            mode,
            double: Kind::new(techniques[0], base, 1),
            cell: Kind::new(techniques[1], base, 5),
            region: Kind::new(techniques[2], base, 6),
            contradiction: Kind::new(techniques[3], base, 7),
        }
    }
}

/// Dynamic forcing chains (producer 18, level 0): ER 8.5 plus the length bonus.
pub const DYNAMIC: Level = Level::new(
    Mode::DYNAMIC,
    8.5,
    [
        Technique::DynamicDoubleChain,
        Technique::DynamicCellForcingChain,
        Technique::DynamicRegionForcingChain,
        Technique::DynamicContradictionChain,
    ],
);

/// Dynamic forcing chains (+) (producer 19, level 1: the propagation also uses the advanced
/// rules of [`super::advanced`]): ER 9.0 plus the length bonus.
pub const DYNAMIC_PLUS: Level = Level::new(
    Mode::DYNAMIC_PLUS,
    9.0,
    [
        Technique::DynamicPlusDoubleChain,
        Technique::DynamicPlusCellForcingChain,
        Technique::DynamicPlusRegionForcingChain,
        Technique::DynamicPlusContradictionChain,
    ],
);

/// Nested forcing chains of level 2 (producer 20's first part: the propagation also runs
/// producer 14 at a stall, [`super::nested`]): ER 9.5 plus the length bonus of the complexity
/// with the nested chains'.
pub const NESTED_FORCING: Level = Level::new(
    Mode::NESTED_FORCING,
    9.5,
    [
        Technique::NestedForcingDoubleChain,
        Technique::NestedForcingCellChain,
        Technique::NestedForcingRegionChain,
        Technique::NestedForcingContradictionChain,
    ],
);

/// Nested forcing chains of level 3 (producer 20's second part: then the multiple forcing
/// chains too): ER 10.0 plus the length bonus.
pub const NESTED_MULTIPLE: Level = Level::new(
    Mode::NESTED_MULTIPLE,
    10.0,
    [
        Technique::NestedMultipleDoubleChain,
        Technique::NestedMultipleCellChain,
        Technique::NestedMultipleRegionChain,
        Technique::NestedMultipleContradictionChain,
    ],
);

/// Nested forcing chains of level 4 (producer 21's first part: the propagation runs the
/// dynamic forcing chains at a stall, after the simple rules): ER 10.5 plus the length bonus.
pub const NESTED_DYNAMIC: Level = Level::new(
    Mode::NESTED_DYNAMIC,
    10.5,
    [
        Technique::NestedDynamicDoubleChain,
        Technique::NestedDynamicCellChain,
        Technique::NestedDynamicRegionChain,
        Technique::NestedDynamicContradictionChain,
    ],
);

/// Nested forcing chains of level 5 (producer 21's second part: then the nested forcing
/// chains of level 2): ER 11.0 plus the length bonus.
pub const NESTED_DYNAMIC_FORCING: Level = Level::new(
    Mode::NESTED_DYNAMIC_FORCING,
    11.0,
    [
        Technique::NestedDynamicForcingDoubleChain,
        Technique::NestedDynamicForcingCellChain,
        Technique::NestedDynamicForcingRegionChain,
        Technique::NestedDynamicForcingContradictionChain,
    ],
);

/// No slot.
const NONE: u32 = u32::MAX;

/// The "on" propagations of one producer call, by candidate: each start is propagated once,
/// when its own cell's turn comes or earlier, when a region chain of an earlier cell needs it
/// (the same start on the same grid propagates the same way, so the result is shared). A slot
/// goes back to the pool once its cell is done: region chains only look at later cells.
struct OnRuns {
    /// The pool slot of each candidate (`9 * cell + digit - 1`), [`NONE`] when not propagated.
    slot: Box<[u32; 729]>,
    pool: Vec<Propagation>,
    /// The contradiction each slot's propagation met, if any.
    contradiction: Vec<Option<Contradiction>>,
    free: Vec<u32>,
}

impl OnRuns {
    /// Runs whose slots start as the propagations of `pool` (spare, their contents forgotten).
    fn new(pool: Vec<Propagation>) -> OnRuns {
        OnRuns {
            slot: Box::new([NONE; 729]),
            contradiction: vec![None; pool.len()],
            free: (0..pool.len() as u32).rev().collect(),
            pool,
        }
    }

    /// The slot of the propagation from `start` (an on-potential), propagated if not yet.
    fn get(&mut self, grid: &Grid, start: Pot, mode: Mode, cache: &mut NestedCache) -> usize {
        let key = start.candidate();
        if self.slot[key] != NONE {
            return self.slot[key] as usize;
        }
        let s = match self.free.pop() {
            Some(s) => s as usize,
            None => {
                self.pool.push(Propagation::default());
                self.contradiction.push(None);
                self.pool.len() - 1
            }
        };
        self.contradiction[s] = self.pool[s].run_cached(grid, start, mode, cache);
        self.slot[key] = s as u32;
        s
    }

    /// Gives the slot of `start` back to the pool.
    fn release(&mut self, start: Pot) {
        let key = start.candidate();
        if self.slot[key] != NONE {
            self.free.push(self.slot[key]);
            self.slot[key] = NONE;
        }
    }
}

/// The propagations of a producer call: the "on" ones by candidate, the current candidate's
/// "off" one.
struct Memory<'c> {
    on: OnRuns,
    off: Propagation,
    path: Vec<Pot>,
    cache: &'c mut NestedCache,
}

/// The most grids whose nested steps [`Shared`] keeps from one position to the next (each a
/// few KiB).
pub const MAX_KEPT_GRIDS: usize = 8192;

/// What the searches of a path share, from one search to the next and one position to the
/// next: the nested producers' steps by grid (levels 2 and up), and the propagations of the
/// searches done (a propagation keeps its memory from one run to the next; making one costs a
/// 6 KB index and the growth of its lists). Measured on hard puzzles, keeping both saves about
/// a seventh of a rating's instructions. Memory: the propagations of the largest search (one
/// per candidate at most) and at most [`MAX_KEPT_GRIDS`] grids' steps past a position.
pub struct Shared {
    cache: NestedCache,
    spare: Vec<Propagation>,
}

impl Shared {
    /// Nothing shared yet; the nested producers are producer 14 and the multiple forcing chains
    /// ([`nested_cache`]).
    pub fn new() -> Shared {
        Shared {
            cache: nested_cache(),
            spare: Vec::new(),
        }
    }

    /// Readies the memory for the searches of another position. The propagations stay, and
    /// so do the nested producers' steps (a fact of each grid, and grids of one position come
    /// back at the next), unless they are kept for more than [`MAX_KEPT_GRIDS`] grids: then
    /// they go.
    pub fn next_position(&mut self) {
        if self.cache.grids() > MAX_KEPT_GRIDS {
            self.cache = nested_cache();
        }
    }
}

impl Default for Shared {
    fn default() -> Shared {
        Shared::new()
    }
}

/// The budget ran out ([`dynamic_cached`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OutOfBudget;

impl Level {
    /// The level's base rating in tenths (95 for 9.5).
    pub fn base_tenths(&self) -> u8 {
        tenths(self.cell.base)
    }
}

/// The first dynamic forcing chain of `level` ([`DYNAMIC`], [`DYNAMIC_PLUS`],
/// [`NESTED_FORCING`] or [`NESTED_MULTIPLE`]) in SE's order that removes or places something.
pub fn dynamic(grid: &Grid, level: &Level) -> Option<Step> {
    first(grid, level, &Budget::UNLIMITED)
        .unwrap_or(None)
        .map(|f| f.step)
}

/// As [`dynamic`], but stopping with [`OutOfBudget`] when `budget` runs out (checked before
/// each cell), and sharing `shared` with the other levels of the same position.
pub fn dynamic_cached(
    grid: &Grid,
    level: &Level,
    budget: &Budget,
    shared: &mut Shared,
) -> Result<Option<Step>, OutOfBudget> {
    Ok(first_cached(grid, level, budget, shared)?.map(|f| f.step))
}

/// The first step of `level` with SE's difficulty and complexity (see [`dynamic_cached`]).
pub(crate) fn first(
    grid: &Grid,
    level: &Level,
    budget: &Budget,
) -> Result<Option<Found>, OutOfBudget> {
    first_cached(grid, level, budget, &mut Shared::new())
}

/// An empty cache of the nested producers' steps, running producer 14 and the multiple forcing
/// chains (see [`NestedCache`]).
pub fn nested_cache() -> NestedCache {
    NestedCache::new(Producers {
        unary: super::unary_chains_all,
        unary_idle: |links, grid| !super::contradiction::any_contradiction_from(links, grid),
        multiple: super::multiple::multiple_all,
        dynamic: dynamic_all,
        nested: nested_forcing_all,
    })
}

/// Every dynamic forcing chain on `grid`, whole, in SE's order: the nested rule of level 4
/// (and the first of level 5). The reachability is not used: a dynamic propagation goes
/// beyond the links.
fn dynamic_all(grid: &Grid, _: &Reach) -> Vec<Whole> {
    all_cached(
        grid,
        &DYNAMIC,
        &Budget::UNLIMITED,
        &mut Shared {
            cache: NestedCache::default(),
            spare: Vec::new(),
        },
    )
    .unwrap_or_default()
}

/// Every nested forcing chain of level 2 on `grid`, whole, in SE's order: the second nested
/// rule of level 5.
fn nested_forcing_all(grid: &Grid, _: &Reach) -> Vec<Whole> {
    all_cached(
        grid,
        &NESTED_FORCING,
        &Budget::UNLIMITED,
        &mut Shared::new(),
    )
    .unwrap_or_default()
}

/// As [`first`], sharing `shared` with the other levels of the same position.
pub(crate) fn first_cached(
    grid: &Grid,
    level: &Level,
    budget: &Budget,
    shared: &mut Shared,
) -> Result<Option<Found>, OutOfBudget> {
    let mut collect = Collect::first();
    search(grid, level, budget, shared, &mut collect)?;
    Ok(collect.into_first())
}

/// Every step of `level` on `grid`, whole, in SE's order (`getHints`: sorted, the first of each
/// set of removals kept; [`super::collect`]): the nested rules of levels 4 and 5.
pub(crate) fn all_cached(
    grid: &Grid,
    level: &Level,
    budget: &Budget,
    shared: &mut Shared,
) -> Result<Vec<Whole>, OutOfBudget> {
    let mut collect = Collect::all();
    search(grid, level, budget, shared, &mut collect)?;
    Ok(collect.into_sorted())
}

/// The search of `level` on `grid`, each step offered to `collect` in SE's order of
/// generation.
fn search(
    grid: &Grid,
    level: &Level,
    budget: &Budget,
    shared: &mut Shared,
    best: &mut Collect,
) -> Result<(), OutOfBudget> {
    let mut spare = std::mem::take(&mut shared.spare);
    let mut m = Memory {
        off: spare.pop().unwrap_or_default(),
        on: OnRuns::new(spare),
        path: Vec::new(),
        cache: &mut shared.cache,
    };
    let result = search_cells(grid, level, budget, &mut m, best);
    let Memory { on, off, .. } = m;
    // A nested search of this one (levels 4 and 5 nest their own) may have left its spares:
    // keep whichever pool is larger.
    let mut pool = on.pool;
    pool.push(off);
    if pool.len() > shared.spare.len() {
        shared.spare = pool;
    }
    result
}

/// The cells of [`search`], with its memory.
fn search_cells(
    grid: &Grid,
    level: &Level,
    budget: &Budget,
    m: &mut Memory<'_>,
    best: &mut Collect,
) -> Result<(), OutOfBudget> {
    for cell in grid.empty_cells().iter() {
        let cands = grid.candidates(cell);
        if cands.count_ones() < 2 {
            continue;
        }
        if budget.exhausted() {
            return Err(OutOfBudget);
        }
        // The slots of the cell's candidates "on", in digit order.
        let mut values = [0usize; 9];
        let mut n = 0;
        let mut rest = cands;
        while rest != 0 {
            let digit = Digit::ALL[rest.trailing_zeros() as usize];
            rest &= rest - 1;
            let on = Pot::new(cell, digit, true);
            let s = m.on.get(grid, on, level.mode, m.cache);
            values[n] = s;
            if let Some(c) = m.on.contradiction[s] {
                let prop = &m.on.pool[s];
                if let Some(found) = contradiction(grid, prop, c, level.contradiction, &mut m.path)
                {
                    let branches = [(prop, c.on), (prop, c.off)];
                    best.offer(grid, on.negated(), found, Origin::Start, &branches);
                }
            }
            if let Some(c) = m.off.run_cached(grid, on.negated(), level.mode, m.cache) {
                if let Some(found) =
                    contradiction(grid, &m.off, c, level.contradiction, &mut m.path)
                {
                    let branches = [(&m.off, c.on), (&m.off, c.off)];
                    best.offer(grid, on, found, Origin::Start, &branches);
                }
            }
            if cands.count_ones() >= 3 {
                double_chains(grid, &m.on.pool[s], &m.off, level.double, &mut m.path, best);
            }
            region_chains(grid, m, s, cell, digit, level, best);
            n += 1;
        }
        let props: Vec<&Propagation> = values[..n].iter().map(|&s| &m.on.pool[s]).collect();
        cell_chains(grid, &props, cell, cands, level.cell, &mut m.path, best);
        let mut rest = cands;
        while rest != 0 {
            let digit = Digit::ALL[rest.trailing_zeros() as usize];
            rest &= rest - 1;
            m.on.release(Pot::new(cell, digit, true));
        }
    }
    Ok(())
}

/// Double chains of the candidate whose "on" propagation is `on` and "off" is `off`.
fn double_chains(
    grid: &Grid,
    on_prop: &Propagation,
    off: &Propagation,
    kind: Kind,
    path: &mut Vec<Pot>,
    best: &mut Collect,
) {
    for on in [true, false] {
        let order = if on {
            &on_prop.on_order
        } else {
            &on_prop.off_order
        };
        for &i in order {
            let target = on_prop.arena.get(i).pot;
            let Some(j) = off.reached(target) else {
                continue;
            };
            let lower = on_prop.arena.get(i).depth + off.arena.get(j).depth;
            if !best.could_take(grid, target, lower, kind) {
                continue;
            }
            let branches = [(on_prop, i), (off, j)];
            let complexity = on_prop.ancestor_count(i)
                + off.ancestor_count(j)
                + Propagation::nested_complexity(&branches);
            if !best.could_take(grid, target, complexity, kind) {
                continue;
            }
            if let Some(mut found) = conclude(grid, target, complexity, kind, &branches, path) {
                let start = on_prop.arena.get(0).pot;
                found.step.cells = CellSet::EMPTY.with(start.cell());
                found.step.digits = 1 << start.digit().index();
                best.offer(grid, target, found, Origin::Start, &branches);
            }
        }
    }
}

/// Region chains from `digit` in `cell` (its "on" propagation is in slot `own`): in each of the
/// cell's box, row and column where the digit has two or more places, the first being `cell`.
fn region_chains(
    grid: &Grid,
    m: &mut Memory<'_>,
    own: usize,
    cell: Cell,
    digit: Digit,
    level: &Level,
    best: &mut Collect,
) {
    for kind in KINDS {
        let house = house_of(cell, kind);
        if !first_of_places(grid, house, digit, cell) {
            continue;
        }
        let at = grid.digit_cells(digit).intersection(house.cell_set());
        let mut slots = [0usize; 8];
        let mut k = 0;
        for other in at.iter().skip(1) {
            slots[k] =
                m.on.get(grid, Pot::new(other, digit, true), level.mode, m.cache);
            k += 1;
        }
        let own = &m.on.pool[own];
        let places: Vec<&Propagation> = slots[..k].iter().map(|&s| &m.on.pool[s]).collect();
        for on in [true, false] {
            let order = if on { &own.on_order } else { &own.off_order };
            for &i in order {
                let target = own.arena.get(i).pot;
                let mut ends = [0u32; 8];
                let reached_by_all = places
                    .iter()
                    .zip(ends.iter_mut())
                    .all(|(p, e)| p.reached(target).map(|j| *e = j).is_some());
                if !reached_by_all {
                    continue;
                }
                let lower = own.arena.get(i).depth
                    + places
                        .iter()
                        .zip(ends)
                        .map(|(p, j)| p.arena.get(j).depth)
                        .sum::<u32>();
                if !best.could_take(grid, target, lower, level.region) {
                    continue;
                }
                let mut branches = vec![(own, i)];
                branches.extend(places.iter().copied().zip(ends));
                let complexity = own.ancestor_count(i)
                    + places
                        .iter()
                        .zip(ends)
                        .map(|(p, j)| p.ancestor_count(j))
                        .sum::<u32>()
                    + Propagation::nested_complexity(&branches);
                if !best.could_take(grid, target, complexity, level.region) {
                    continue;
                }
                if let Some(mut found) = conclude(
                    grid,
                    target,
                    complexity,
                    level.region,
                    &branches,
                    &mut m.path,
                ) {
                    found.step.cells = at;
                    found.step.houses = HouseSet::default().with(house);
                    found.step.digits = 1 << digit.index();
                    best.offer(grid, target, found, Origin::House(kind), &branches);
                }
            }
        }
    }
}

/// Cell chains: what every candidate of `cell` (its propagations "on", `values`) leads to.
fn cell_chains(
    grid: &Grid,
    values: &[&Propagation],
    cell: Cell,
    cands: u16,
    kind: Kind,
    path: &mut Vec<Pot>,
    best: &mut Collect,
) {
    let n = values.len();
    for on in [true, false] {
        let first = if on {
            &values[0].on_order
        } else {
            &values[0].off_order
        };
        for &i0 in first {
            let target = values[0].arena.get(i0).pot;
            let mut ends = [0u32; 9];
            ends[0] = i0;
            if !(1..n).all(|b| values[b].reached(target).map(|j| ends[b] = j).is_some()) {
                continue;
            }
            let lower = (0..n)
                .map(|b| values[b].arena.get(ends[b]).depth)
                .sum::<u32>();
            if !best.could_take(grid, target, lower, kind) {
                continue;
            }
            let branches: Vec<(&Propagation, u32)> = (0..n).map(|b| (values[b], ends[b])).collect();
            let complexity = (0..n)
                .map(|b| values[b].ancestor_count(ends[b]))
                .sum::<u32>()
                + Propagation::nested_complexity(&branches);
            if !best.could_take(grid, target, complexity, kind) {
                continue;
            }
            if let Some(mut found) = conclude(grid, target, complexity, kind, &branches, path) {
                found.step.cells = CellSet::EMPTY.with(cell);
                found.step.digits = cands;
                best.offer(grid, target, found, Origin::Cell, &branches);
            }
        }
    }
}
