//! Chains: Sudoku Explainer's `Chaining` producers. Here, producer 14 (`Chaining(false, false,
//! false, 0)`, ER 6.5 and up): X-cycles, Y-cycles and cycles ([`cycles`]), forcing X-chains and
//! forcing chains ([`forcing`]), found by [`unary_chains`]. The potentials, their arena with
//! parent links and the link rules ([`potential`]) are shared with the other producers, each in
//! its module: Nishio ([`nishio`]), cell and region forcing chains ([`multiple`]), dynamic and
//! nested forcing chains ([`dynamic`], [`nested`], [`advanced`]).
//!
//! Rules as in SE 1.2.1 (`diuf/sudoku/solver/rules/chaining/Chaining.java`, `ChainingHint.java`,
//! `CycleHint.java`, `ForcingChainHint.java`; see `docs/se-rules.md`, "Chains: common machinery" and "X-cycles,
//! Y-cycles, forcing X-chains, forcing chains"):
//!
//! - three passes, in this order: house links only ("X": X-cycles, forcing X-chains), cell
//!   links and the house weak link ("Y": Y-cycles, from bivalue cells only, no forcing
//!   chains), everything ("XY": cycles, forcing chains). In each pass every candidate of every
//!   cell with two or more candidates (row-major, digits ascending) is a start "on": first the
//!   cycle search from it, then (X and XY passes) the forcing-chain search from it "on", then
//!   "off".
//! - a step's rating is its pass's base (cycle 6.5, or 7.0 in the XY pass; forcing chain 6.6,
//!   or 7.0 in the XY pass) plus the length bonus of its complexity (SE's count of distinct
//!   potentials in the chain), in `f64` as SE adds them.
//! - SE collects every hint of the three passes, sorts them by (difficulty as a `double`,
//!   complexity, pass: X 2, Y 3, XY 4) keeping the order found among equals, and applies the
//!   first: [`unary_chains`] keeps the first of the smallest. It stops a search as soon as
//!   nothing it could still find would sort first, which finds the same step.
//! - A forcing chain's length is found first over sets of potentials ([`distance`]); the
//!   chain is walked only when that length would sort first.

pub mod advanced;
pub mod collect;
pub mod conclusion;
pub mod contradiction;
pub mod cycles;
pub mod distance;
pub mod dynamic;
pub mod forcing;
pub mod implication;
pub mod multiple;
pub mod nested;
pub mod nishio;
pub mod potential;
pub mod propagate;

use super::grid::Grid;
use super::step::{Eliminations, Step, Technique};
use crate::geometry::{Cell, CellSet, Digit, HouseKind, CELLS};
use potential::{difficulty, Arena, KeyHasher, Links, Pot, Reached, KEYS};

/// One pass of producer 14: its links and its sort key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pass {
    /// The links of the pass (the forcing-chain search adds the house strong link in any case).
    pub links: Links,
    /// SE's sort key (`getSortKey`): X 2, Y 3, XY 4.
    pub key: u8,
}

impl Pass {
    /// House links only.
    pub(crate) const X: Pass = Pass {
        links: Links { y: false, x: true },
        key: 2,
    };
    /// Cell links and the house weak link.
    pub(crate) const Y: Pass = Pass {
        links: Links { y: true, x: false },
        key: 3,
    };
    /// Every link.
    pub(crate) const XY: Pass = Pass {
        links: Links { y: true, x: true },
        key: 4,
    };

    /// Base rating of a cycle found in this pass (`CycleHint.getDifficulty`).
    pub fn cycle_base(self) -> f64 {
        if self.links.x && self.links.y {
            7.0
        } else {
            6.5
        }
    }

    /// Base rating of a forcing chain found in this pass (`ForcingChainHint.getDifficulty`).
    pub fn chain_base(self) -> f64 {
        if self.links.y {
            7.0
        } else {
            6.6
        }
    }

    /// The technique of a cycle of this pass.
    pub fn cycle_technique(self) -> Technique {
        match (self.links.x, self.links.y) {
            (true, false) => Technique::XCycle,
            (false, true) => Technique::YCycle,
            _ => Technique::Cycle,
        }
    }

    /// The technique of a forcing chain of this pass.
    pub fn chain_technique(self) -> Technique {
        if self.links.y {
            Technique::ForcingChain
        } else {
            Technique::ForcingXChain
        }
    }
}

/// Fewest potentials a cycle or forcing chain can have (a cycle closes at its fourth link; a
/// forcing chain needs a start, two links' worth of middle and its conclusion).
pub(crate) const SHORTEST: u32 = 4;

/// A step found, with SE's sort key.
#[derive(Debug, Clone, Copy)]
pub struct Found {
    /// Difficulty as SE computes it.
    pub difficulty: f64,
    /// SE's complexity.
    pub complexity: u32,
    /// Sort key of the pass.
    pub key: u8,
    /// The step.
    pub step: Step,
}

/// Where a whole step's chains start, for SE's rule parents (`collectRuleParents` gives a cell
/// chain's starts the cell rule as their cause, a region chain's starts their house's, and the
/// other starts none; a cycle's second chain is its first reversed).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// A forcing chain (or a contradiction or double chain): the start has no cause.
    Start,
    /// A cycle: one branch, the loop from its start back to it.
    Cycle,
    /// Cell forcing chains: each branch starts at one candidate of the cell.
    Cell,
    /// Region forcing chains: each branch starts at one place of the digit in a house of this
    /// kind.
    House(HouseKind),
}

/// The end of a branch in [`Whole::chains`].
pub const BRANCH_END: Pot = Pot(u16::MAX);

/// A step kept whole for the nested rules ([`nested`]): its rating, what it removes and every
/// chain written out (SE's hint, as `getHints` gives it to `getAdvancedPotentials`).
#[derive(Debug, Clone)]
pub struct Whole {
    /// Difficulty as SE computes it.
    pub difficulty: f64,
    /// SE's complexity.
    pub complexity: u32,
    /// SE's sort key.
    pub key: u8,
    /// The candidates it removes (a placement removes the cell's other candidates).
    pub removals: Eliminations,
    /// How its branches start.
    pub origin: Origin,
    /// The branches (SE's chain targets, in SE's order), each ended by [`BRANCH_END`]. From a
    /// static search (producer 14, the multiple forcing chains), where each potential has one
    /// parent: the potentials from the start to the target. From a dynamic one (the nested
    /// rules of levels 4 and 5), where potentials have hidden parents: SE's `getChain` of the
    /// target, breadth-first from it over every parent, each potential once.
    pub chains: Vec<Pot>,
    /// From a dynamic search, the cause of each potential of `chains` (`None` for an
    /// off-potential, a start without one, and at [`BRANCH_END`]): on a propagation's reduced
    /// grid the rule that made a potential cannot be read off the final grid. Empty from a
    /// static search, whose causes follow from the grid ([`nested::rule_parents`]).
    pub causes: Vec<Option<potential::Cause>>,
}

/// True when a step rated `a` (difficulty, complexity, sort key) sorts strictly before one
/// rated `b` in SE's order of chain steps (`Chaining.getHintList`'s comparator).
#[inline]
pub fn sorts_before(a: (f64, u32, u8), b: (f64, u32, u8)) -> bool {
    if a.0 != b.0 {
        a.0 < b.0
    } else if a.1 != b.1 {
        a.1 < b.1
    } else {
        a.2 < b.2
    }
}

/// The first step in SE's sorted order among those offered so far (offered in SE's order of
/// generation: a later one replaces it only when it sorts strictly first). Or, made by
/// [`Best::every`], every step offered, whole ([`Whole`]), for the nested rules: then nothing
/// is pruned.
#[derive(Debug, Default)]
pub struct Best(pub Option<Found>, pub Option<Vec<Whole>>);

impl Best {
    /// A collector of every step, whole.
    pub fn every() -> Best {
        Best(None, Some(Vec::new()))
    }

    /// True when every step is kept whole.
    #[inline]
    pub fn keeps_all(&self) -> bool {
        self.1.is_some()
    }

    /// True when a step of this rating, complexity and key would sort before the best so far
    /// (always, when every step is kept).
    #[inline]
    pub fn beaten_by(&self, difficulty: f64, complexity: u32, key: u8) -> bool {
        if self.1.is_some() {
            return true;
        }
        self.0.as_ref().is_none_or(|b| {
            sorts_before(
                (difficulty, complexity, key),
                (b.difficulty, b.complexity, b.key),
            )
        })
    }

    /// True when a chain of this base, `complexity` or more, and key could still sort first
    /// (ratings grow with complexity).
    #[inline]
    pub fn could_take(&self, base: f64, complexity: u32, key: u8) -> bool {
        self.beaten_by(difficulty(base, complexity), complexity, key)
    }

    /// Keeps `found` when it sorts first.
    #[inline]
    pub fn offer(&mut self, found: Found) {
        if self.beaten_by(found.difficulty, found.complexity, found.key) {
            self.0 = Some(found);
        }
    }

    /// Keeps a whole step (when every step is kept): `found` with its removals, the origin
    /// of its branches and its chains, written by `chains` into the vector it is given.
    pub fn keep(
        &mut self,
        found: &Found,
        removals: Eliminations,
        origin: Origin,
        chains: impl FnOnce(&mut Vec<Pot>),
    ) {
        if let Some(all) = &mut self.1 {
            let mut written = Vec::new();
            chains(&mut written);
            all.push(Whole {
                difficulty: found.difficulty,
                complexity: found.complexity,
                key: found.key,
                removals,
                origin,
                chains: written,
                causes: Vec::new(),
            });
        }
    }

    /// Every step kept, as SE's `getHints` gives them: stably sorted by (difficulty,
    /// complexity, sort key), and of the steps with the same removals only the first
    /// (`ChainingHint.equals`).
    pub fn into_sorted(self) -> Vec<Whole> {
        let mut all = self.1.unwrap_or_default();
        all.sort_by(|a, b| {
            a.difficulty
                .partial_cmp(&b.difficulty)
                .unwrap_or(std::cmp::Ordering::Equal)
                .then(a.complexity.cmp(&b.complexity))
                .then(a.key.cmp(&b.key))
        });
        let mut seen: std::collections::HashSet<_, std::hash::BuildHasherDefault<KeyHasher>> =
            Default::default();
        all.retain(|w| seen.insert(w.removals));
        all
    }
}

/// Reusable memory of the searches: the arena, the pending queues and the sets of potentials
/// reached. One per producer call, reused for every start.
#[derive(Default)]
pub struct Workspace {
    /// Potentials derived from the current start.
    pub arena: Arena,
    /// Pending on-potentials (arena indices).
    pub on: Vec<u32>,
    /// Pending off-potentials (arena indices).
    pub off: Vec<u32>,
    /// Conclusions found (arena indices): cycle ends.
    pub ends: Vec<u32>,
    /// Potentials reached.
    pub reached: Reached,
    /// Scratch path.
    pub path: Vec<Pot>,
    /// The layers of [`distance::shortest`].
    pub layers: Vec<distance::Layer>,
    /// The grid's links as sets, for [`distance::shortest`].
    pub sets: distance::Sets,
}

impl Workspace {
    /// Empties everything for a new start.
    pub fn reset(&mut self) {
        self.arena.clear();
        self.on.clear();
        self.off.clear();
        self.ends.clear();
        self.reached.clear();
    }
}

/// Producer 14 of SE (`Chaining(false, false, false, 0)`): the first X-cycle, Y-cycle,
/// cycle, forcing X-chain or forcing chain in SE's order (see the module notes), or `None`
/// when no chain of these kinds removes or places anything.
pub fn unary_chains(grid: &Grid) -> Option<Step> {
    let mut best = Best::default();
    unary_search(grid, &mut best);
    best.0.map(|f| f.step)
}

/// What producer 14 keeps along a path: the candidates and strong links of the last grid
/// where no potential reached its negation (so where it found nothing), the last reachability
/// built with the grid it is of, and the searches' working memory (kept so that a position's
/// searches do not grow their vectors from nothing again).
#[derive(Default)]
pub struct UnaryMemory {
    free: Option<([u16; CELLS], contradiction::SourceLinks)>,
    reach: KeptReach,
    ws: Workspace,
}

/// A reachability kept along a path, with the grid it is of (its candidates and empty cells).
#[derive(Default)]
struct KeptReach(Option<(([u16; CELLS], CellSet), implication::Reach)>);

impl KeptReach {
    /// The reachability on `grid` ([`implication::Reach::new`]): the one kept when it is of
    /// the same grid, else the kept one rebuilt in place ([`implication::Reach::rebuild`],
    /// which keeps its working memory: building one from nothing grows a dozen vectors).
    fn of(&mut self, grid: &Grid) -> &implication::Reach {
        let key = (*grid.candidate_masks(), grid.empty_cells());
        let (of, reach) = self
            .0
            .get_or_insert_with(|| (key, implication::Reach::new(grid)));
        if *of != key {
            reach.rebuild(grid);
            *of = key;
        }
        reach
    }
}

impl UnaryMemory {
    /// The reachability on `grid` ([`implication::Reach::new`]): the one producer 14 built
    /// when it was on the same grid (it found nothing there, and the multiple forcing chains
    /// ask on that grid), else one built again in the kept memory.
    pub fn reach(&mut self, grid: &Grid) -> &implication::Reach {
        self.reach.of(grid)
    }
}

/// [`unary_chains`], told by `memory` the last grid of a path where no potential reached its
/// negation. When `grid` is a reduction of it (each cell's candidates among that grid's), a
/// chain on `grid` would take a strong link that grid lacks
/// ([`contradiction::any_contradiction_from`]); without one, producer 14 finds nothing and
/// the grid's reachability is not built. The same step either way.
pub fn unary_chains_after(grid: &Grid, memory: &mut UnaryMemory) -> Option<Step> {
    let masks = grid.candidate_masks();
    if let Some((before, links)) = &memory.free {
        let reduced = masks.iter().zip(before).all(|(now, then)| now & !then == 0);
        if reduced && !contradiction::any_contradiction_from(Some(links), grid) {
            memory.free = Some((*masks, contradiction::SourceLinks::known_free(grid)));
            return None;
        }
    }
    let reach = memory.reach.of(grid);
    let mut best = Best::default();
    unary_search_from(grid, &mut best, Some(reach), &mut memory.ws);
    let free = !reach.any_contradiction();
    memory.free = free.then(|| (*masks, contradiction::SourceLinks::known_free(grid)));
    best.0.map(|f| f.step)
}

/// Every step of producer 14 on `grid`, whole, in SE's order (`getHints`; see
/// [`Best::into_sorted`]): the nested rules of levels 2 and 3 ([`nested`]). `reach` is the
/// grid's reachability ([`implication::Reach::new`]), shared with the multiple forcing chains.
pub fn unary_chains_all(grid: &Grid, reach: &implication::Reach) -> Vec<Whole> {
    let mut best = Best::every();
    unary_search_from(grid, &mut best, Some(reach), &mut Workspace::default());
    best.into_sorted()
}

fn unary_search(grid: &Grid, best: &mut Best) {
    let reach = implication::Reach::new(grid);
    unary_search_from(grid, best, Some(&reach), &mut Workspace::default());
}

/// The searches of producer 14 on `grid`, skipping those that `reach` shows cannot find
/// anything ([`implication`]; every search with `None`), in the working memory `ws`.
fn unary_search_from(
    grid: &Grid,
    best: &mut Best,
    reach: Option<&implication::Reach>,
    ws: &mut Workspace,
) {
    if reach.is_some_and(|r| !r.any_contradiction()) {
        return;
    }
    // The starts (by potential key) whose forcing X-chain rates below any forcing chain of the
    // XY pass: such a chain from the same start removes (or places) the same, sorts after it
    // and is dropped (SE's `getHints` keeps the first step of each set of removals), so it is
    // not searched for.
    let mut x_first = [false; KEYS];
    // The candidates whose searches can find something (see below); all without a
    // reachability.
    let places = match reach {
        Some(r) => r.start_places(),
        None => std::array::from_fn(|d| grid.digit_cells(Digit::ALL[d])),
    };
    let starts = places
        .iter()
        .fold(CellSet::EMPTY, |all, &set| all.union(set))
        .intersection(grid.empty_cells());
    let start_digits =
        |cell: Cell| -> u16 { (0..9).fold(0, |m, d| m | (places[d].contains(cell) as u16) << d) };
    // What the X pass can find (everything, keeping every step: there the cycle walk also
    // finds the forcing chain from its start).
    let mut x_pass = None;
    if !best.keeps_all() {
        ws.sets.load(grid);
        x_pass = Some(ws.sets.x_pass());
    }
    let x_cycles = x_pass.is_none_or(|x| x.cycles);
    for pass in [Pass::X, Pass::Y, Pass::XY] {
        let lowest = pass.cycle_base().min(pass.chain_base());
        if !best.could_take(lowest, SHORTEST, pass.key) {
            continue;
        }
        let pass_cycles = x_cycles || pass.links.y;
        // The off-potentials without a strong link of the pass, for the cycle walks of a
        // first-step search (the only ones that read them; keeping every step, the sets are
        // not loaded and this goes unused: worked out anyway, a branch here cost more).
        let unlinked = ws.sets.unlinked(pass.links);
        for cell in starts.iter() {
            let cands = grid.candidates(cell);
            // Y-cycles start from bivalue cells only (SE's `doUnaryChaining`).
            if cands.count_ones() < 2 || (!pass.links.x && cands.count_ones() != 2) {
                continue;
            }
            let mut rest = cands & start_digits(cell);
            while rest != 0 {
                let digit = Digit::ALL[rest.trailing_zeros() as usize];
                rest &= rest - 1;
                let start = Pot::new(cell, digit, true);
                let forcing = pass.links.x;
                let (cycles, on, off) = match reach {
                    None => (pass_cycles, forcing, forcing),
                    Some(r) => (
                        pass_cycles && r.may_cycle(cell, digit),
                        forcing && r.contradicts(start),
                        forcing && r.contradicts(start.negated()),
                    ),
                };
                let later = pass.links.y;
                let on = on && !(later && x_first[start.0 as usize]);
                let off = off && !(later && x_first[start.negated().0 as usize]);
                // In the X pass, only the starts with a forcing X-chain ask its length.
                let (on, off) = match x_pass {
                    Some(x) if !pass.links.y => (
                        on && x.on_fails[digit.index()].contains(cell),
                        off && x.off_fails[digit.index()].contains(cell),
                    ),
                    _ => (on, off),
                };
                let mut note = |p: Pot, difficulty: Option<f64>| {
                    if !later && difficulty.is_some_and(|d| d < Pass::XY.chain_base()) {
                        x_first[p.0 as usize] = true;
                    }
                };
                // The cycles, then the forcing chain from the start on, then from the start
                // off, in SE's order. Keeping every step whole, the cycle walk also finds the
                // forcing chain from the start on (see `cycles::search`); looking for the first
                // step, each forcing chain's length is found first (`forcing_chain`), and the
                // cycle walk looks for cycles alone. Without a cycle that can remove something,
                // the forcing chain alone is looked for.
                let negated = start.negated();
                if cycles && best.keeps_all() {
                    let dead = dead_ends(reach, start, on, true, false);
                    let found = cycles::search(grid, ws, start, pass, on, dead, best);
                    note(start, found);
                } else if cycles {
                    // Also skipped: the off-potentials without a strong link of this pass,
                    // which would turn nothing on.
                    let dead = dead_ends(reach, start, false, true, true);
                    let dead = |r: &mut Reached| {
                        dead(r);
                        for (off, cells) in r.off.iter_mut().zip(unlinked) {
                            *off = off.union(cells);
                        }
                    };
                    cycles::search(grid, ws, start, pass, false, dead, best);
                    if on {
                        note(start, forcing_chain(grid, ws, start, pass, reach, best));
                    }
                } else if on {
                    note(start, forcing_chain(grid, ws, start, pass, reach, best));
                }
                if off {
                    note(negated, forcing_chain(grid, ws, negated, pass, reach, best));
                }
            }
        }
    }
}

/// The forcing chain from `start` to its negation ([`forcing::search`]), offered to `best`;
/// its difficulty when it could sort first. The chain is walked only when its length, found
/// first without walking it ([`distance::shortest`], a fraction of the walk's cost), shows
/// that it sorts before the best step so far: at most starts it does not.
fn forcing_chain(
    grid: &Grid,
    ws: &mut Workspace,
    start: Pot,
    pass: Pass,
    reach: Option<&implication::Reach>,
    best: &mut Best,
) -> Option<f64> {
    if !best.keeps_all() {
        let links = Links {
            y: pass.links.y,
            x: true,
        };
        let base = pass.chain_base();
        let open = |c: u32| best.could_take(base, SHORTEST.max(c), pass.key);
        distance::shortest(&ws.sets, links, start, open, &mut ws.layers)?;
    }
    let dead = dead_ends(reach, start, true, false, !best.keeps_all());
    forcing::search(grid, ws, start, pass, dead, best)
}

/// The potentials a search from `start` may skip ([`implication::Reach::dead_ends`]), to be
/// marked in the search's emptied set of reached potentials; none without a reachability.
fn dead_ends(
    reach: Option<&implication::Reach>,
    start: Pot,
    forcing: bool,
    cycle: bool,
    free_only: bool,
) -> impl FnOnce(&mut Reached) + '_ {
    move |out| {
        if let Some(r) = reach {
            r.dead_ends(start, forcing, cycle, free_only, out);
        }
    }
}

#[cfg(test)]
mod tests;
