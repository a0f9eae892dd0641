//! Full propagation (SE's `doChaining`): from assumed potentials, every consequence the link
//! rules give, until nothing new comes or a candidate would be both on and off (a
//! contradiction). The engine of the Nishio, multiple and dynamic forcing chains, plain and (+).
//!
//! Rules as in Sudoku Explainer 1.2.1 (`Chaining.doChaining`, `getOnToOff`, `getOffToOn`,
//! `addHiddenParentsOfCell`, `addHiddenParentsOfRegion`; `docs/se-rules.md`, "Propagation
//! engines", item 3):
//! - two FIFO queues; while an on-potential is pending, one on-potential is processed, else one
//!   off-potential (on-potentials first, not a layered walk);
//! - an on-potential turns off the cell's other candidates (cell rule, not in Nishio) and its
//!   digit in the cell's box, row and column; an off-potential turns on the other candidate of
//!   a bivalue cell (cell rule, not in Nishio) and the digit's other place in a house where it
//!   has two (house rule);
//! - a consequence whose negation was reached is a contradiction: the propagation stops there;
//!   a consequence already reached is dropped; anything else is queued;
//! - *dynamic* propagation (Nishio, dynamic chains) removes each off-potential's candidate from
//!   a working copy of the grid once its own consequences are taken, so later rules see the
//!   reduced grid. A strong link that holds only on the reduced grid records the candidates
//!   removed from that cell (cell rule) or from that house for that digit (house rule) as
//!   *hidden parents* of its conclusion: they count in the chain's complexity;
//! - at level 1 (the dynamic forcing chains (+)) and up, when both queues are empty, the
//!   advanced rules ([`super::advanced`]) look at the reduced grid; their removals are queued
//!   as off-potentials whose parents are the removals that made each pattern, and the
//!   propagation goes on (it ends when they give nothing new). At levels 2 and 3 the advanced
//!   rules include whole chain producers ([`super::nested`]); the nested steps that lent
//!   removals are kept, for the host step's complexity ([`Propagation::nested_complexity`]).
//!
//! Layers: uses the chain machinery of [`super::potential`], the advanced rules and the grid.

use std::cell::RefCell;
use std::collections::VecDeque;

use super::advanced::{Advanced, NestedStep, NOT_NESTED};
use super::nested::{same_chains, NestedCache};
use super::potential::{
    each_lost, off_to_on_by, on_to_off, Arena, Cause, Links, Pot, PotSet, KEYS,
};
use super::Whole;
use crate::steps::grid::Grid;

/// No index.
const NONE: u32 = u32::MAX;

/// Not reached, in [`Propagation`]'s index.
const UNSEEN: u16 = u16::MAX;

/// How a propagation runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mode {
    /// Remove each off-potential's candidate from the working grid (hidden parents follow).
    pub dynamic: bool,
    /// Use the cell rules (false for Nishio: house rules only).
    pub cell_rules: bool,
    /// SE's level: 0, or 1 for the dynamic forcing chains (+), whose propagation asks the
    /// advanced rules ([`super::advanced`]) for more removals whenever it stalls.
    pub level: u8,
}

impl Mode {
    /// Multiple forcing chains: static, every rule.
    pub const STATIC: Mode = Mode {
        dynamic: false,
        cell_rules: true,
        level: 0,
    };
    /// Nishio forcing chains: dynamic, house rules only.
    pub const NISHIO: Mode = Mode {
        dynamic: true,
        cell_rules: false,
        level: 0,
    };
    /// Dynamic forcing chains: dynamic, every rule.
    pub const DYNAMIC: Mode = Mode {
        dynamic: true,
        cell_rules: true,
        level: 0,
    };
    /// Dynamic forcing chains (+): dynamic, every rule, and the advanced rules at each stall.
    pub const DYNAMIC_PLUS: Mode = Mode {
        dynamic: true,
        cell_rules: true,
        level: 1,
    };
    /// Nested forcing chains of level 2: as (+), then cycles and forcing chains at a stall.
    pub const NESTED_FORCING: Mode = Mode {
        dynamic: true,
        cell_rules: true,
        level: 2,
    };
    /// Nested forcing chains of level 3: as level 2, then multiple forcing chains at a stall.
    pub const NESTED_MULTIPLE: Mode = Mode {
        dynamic: true,
        cell_rules: true,
        level: 3,
    };
    /// Nested forcing chains of level 4: as (+), then dynamic forcing chains at a stall.
    pub const NESTED_DYNAMIC: Mode = Mode {
        dynamic: true,
        cell_rules: true,
        level: 4,
    };
    /// Nested forcing chains of level 5: as level 4, then nested forcing chains of level 2.
    pub const NESTED_DYNAMIC_FORCING: Mode = Mode {
        dynamic: true,
        cell_rules: true,
        level: 5,
    };
}

/// A contradiction: the arena indices of the on- and the off-potential of one candidate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Contradiction {
    /// The on-potential (arena index).
    pub on: u32,
    /// The off-potential (arena index).
    pub off: u32,
}

/// The memory of one propagation, reused from one to the next: the arena of potentials (with
/// hidden parents beside it), the reached potentials by key and in the order reached, and the
/// queues.
pub struct Propagation {
    /// The potentials derived, with their main parents.
    pub arena: Arena,
    /// Hidden parents: for arena index `i`, `hidden[meta[i].hidden ..][.. meta[i].count]`.
    hidden: Vec<u32>,
    /// What else is known of arena index `i` (one vector rather than one per field: a
    /// propagation adds to it at every potential it derives).
    meta: Vec<Meta>,
    /// The nested steps that lent removals to this propagation.
    nested: Vec<NestedStep>,
    /// Arena index of each reached potential by key, [`UNSEEN`] when not reached. Sixteen
    /// bits are enough (each potential enters the arena once, besides the start and a
    /// contradiction's last potential: at most `KEYS + 2` entries) and halve the table that a
    /// position's hundreds of kept propagations each have, whose lookups are the
    /// propagation's hottest line.
    index: Box<[u16; KEYS]>,
    /// Reached on-potentials, in the order reached (arena indices).
    pub on_order: Vec<u32>,
    /// Reached off-potentials, in the order reached (arena indices).
    pub off_order: Vec<u32>,
    /// The potentials still to take are `on_order[on_taken..]` and `off_order[off_taken..]`:
    /// each queue is the tail of its order.
    on_taken: usize,
    off_taken: usize,
    /// Scratch of [`Propagation::ancestor_count`] (a cell, so that counting needs no exclusive
    /// borrow: a chain's branches come from several propagations at once).
    stack: RefCell<Vec<u32>>,
    /// Scratch of the advanced rules (level 1).
    advanced: Advanced,
    /// Scratch: the arena indices of an advanced removal's parents.
    parents: Vec<u32>,
}

/// Of one derived potential: where its hidden parents are, the rule that made it when it is an
/// on-potential of a dynamic propagation (the nested rules of levels 4 and 5 follow it), else
/// `None`, and the nested step that removed it (an index in `nested`), or [`NONE`] (levels 2
/// and up).
#[derive(Clone, Copy)]
struct Meta {
    hidden: u32,
    count: u32,
    nested_of: u32,
    cause: Option<Cause>,
}

impl Meta {
    /// The hidden parents' range in `hidden`.
    #[inline]
    fn hidden_range(self) -> std::ops::Range<usize> {
        self.hidden as usize..(self.hidden + self.count) as usize
    }
}

impl Default for Propagation {
    fn default() -> Propagation {
        // Room for a typical propagation from the start (a few hundred potentials): a fresh
        // one (the multiple forcing chains make one per grid) then grows each list once or
        // not at all, not a doubling at a time.
        const ROOM: usize = 512;
        Propagation {
            arena: Arena::with_capacity(ROOM),
            hidden: Vec::with_capacity(ROOM),
            meta: Vec::with_capacity(ROOM),
            nested: Vec::new(),
            index: Box::new([UNSEEN; KEYS]),
            on_order: Vec::with_capacity(ROOM / 2),
            off_order: Vec::with_capacity(ROOM),
            on_taken: 0,
            off_taken: 0,
            stack: RefCell::new(Vec::new()),
            advanced: Advanced::default(),
            parents: Vec::new(),
        }
    }
}

impl Propagation {
    /// Forgets the last propagation (keeps the memory).
    fn reset(&mut self) {
        for &i in self.on_order.iter().chain(&self.off_order) {
            self.index[self.arena.get(i).pot.0 as usize] = UNSEEN;
        }
        self.arena.clear();
        self.hidden.clear();
        self.meta.clear();
        self.nested.clear();
        self.on_order.clear();
        self.off_order.clear();
        self.on_taken = 0;
        self.off_taken = 0;
    }

    /// The arena index of the reached potential `p`, if reached.
    #[inline]
    pub fn reached(&self, p: Pot) -> Option<u32> {
        let i = self.index[p.0 as usize];
        (i != UNSEEN).then_some(i as u32)
    }

    /// Adds a start.
    fn add_start(&mut self, p: Pot) -> u32 {
        let i = self.arena.start(p);
        self.meta.push(Meta {
            hidden: 0,
            count: 0,
            nested_of: NONE,
            cause: None,
        });
        i
    }

    /// Adds `p` forced by `parent`, with the hidden parents in `extra`, made by `cause`.
    #[inline]
    fn add_derived(&mut self, p: Pot, parent: u32, extra: &[u32], cause: Option<Cause>) -> u32 {
        let i = self.arena.derive(p, parent);
        self.meta.push(Meta {
            hidden: self.hidden.len() as u32,
            count: extra.len() as u32,
            nested_of: NONE,
            cause,
        });
        self.hidden.extend_from_slice(extra);
        i
    }

    /// Marks the new potential at `i` as reached and queues it.
    #[inline]
    fn reach(&mut self, i: u32) {
        let p = self.arena.get(i).pot;
        debug_assert!(i < UNSEEN as u32, "at most KEYS + 2 potentials");
        self.index[p.0 as usize] = i as u16;
        if p.is_on() {
            self.on_order.push(i);
        } else {
            self.off_order.push(i);
        }
    }

    /// SE's complexity of the potential at `i` (`ChainingHint.getAncestorCount`): the number of
    /// distinct potentials it descends from through main and hidden parents, itself included.
    pub fn ancestor_count(&self, i: u32) -> u32 {
        let mut seen = PotSet::EMPTY;
        let mut count = 0;
        let mut stack = self.stack.borrow_mut();
        stack.clear();
        stack.push(i);
        while let Some(at) = stack.pop() {
            let node = self.arena.get(at);
            if !seen.insert(node.pot) {
                continue;
            }
            count += 1;
            if node.parent != super::potential::NO_PARENT {
                stack.push(node.parent);
            }
            stack.extend_from_slice(&self.hidden[self.meta[at as usize].hidden_range()]);
        }
        count
    }

    /// SE's nested complexity (`ChainingHint.getNestedComplexity`) of a step whose chain
    /// targets are the `branches` (each a propagation and an arena index in it): each nested
    /// step among the targets' ancestors (through every parent) adds its complexity, once per
    /// distinct nested chain. 0 below level 2.
    pub fn nested_complexity(branches: &[(&Propagation, u32)]) -> u32 {
        if branches.iter().all(|(p, _)| p.nested.is_empty()) {
            return 0;
        }
        let mut counted: Vec<&Whole> = Vec::new();
        let mut total = 0;
        for &(prop, end) in branches {
            if prop.nested.is_empty() {
                continue;
            }
            let mut seen = PotSet::EMPTY;
            let mut stack = vec![end];
            while let Some(at) = stack.pop() {
                let node = prop.arena.get(at);
                if !seen.insert(node.pot) {
                    continue;
                }
                let n = prop.meta[at as usize].nested_of;
                if n != NONE {
                    let step = prop.nested[n as usize].whole();
                    if !counted.iter().any(|c| same_chains(c, step)) {
                        counted.push(step);
                        total += step.complexity;
                    }
                }
                if node.parent != super::potential::NO_PARENT {
                    stack.push(node.parent);
                }
                stack.extend_from_slice(&prop.hidden[prop.meta[at as usize].hidden_range()]);
            }
        }
        total
    }

    /// The main-parent path from the start to the potential at `i`.
    pub fn path(&self, i: u32, out: &mut Vec<Pot>) {
        self.arena.path(i, out);
    }

    /// SE's `getChain` of the potential at `i` (breadth-first from it over every parent, main
    /// parent first, each potential once), appended to `pots`, with the cause of each appended
    /// to `causes`: the recorded one, or `start` for the start.
    pub fn chain_list(
        &self,
        i: u32,
        start: Option<Cause>,
        pots: &mut Vec<Pot>,
        causes: &mut Vec<Option<Cause>>,
    ) {
        let mut seen = PotSet::EMPTY;
        let mut queue = VecDeque::from([i]);
        while let Some(at) = queue.pop_front() {
            let node = self.arena.get(at);
            if !seen.insert(node.pot) {
                continue;
            }
            pots.push(node.pot);
            if node.parent == super::potential::NO_PARENT {
                causes.push(start);
                continue;
            }
            let meta = self.meta[at as usize];
            causes.push(meta.cause);
            queue.push_back(node.parent);
            queue.extend(&self.hidden[meta.hidden_range()]);
        }
    }

    /// Propagates from `start` on `grid` in `mode`: every potential reached is then in
    /// [`reached`](Propagation::reached) and the order lists. Returns the first contradiction,
    /// if any (the propagation stops there, as SE's does).
    pub fn run(&mut self, grid: &Grid, start: Pot, mode: Mode) -> Option<Contradiction> {
        self.run_cached(grid, start, mode, &mut NestedCache::default())
    }

    /// As [`run`](Propagation::run), with the nested producers' steps taken from (and added
    /// to) `cache` (levels 2 and up).
    pub fn run_cached(
        &mut self,
        grid: &Grid,
        start: Pot,
        mode: Mode,
        cache: &mut NestedCache,
    ) -> Option<Contradiction> {
        self.run_kept(grid, start, mode, cache, |_| true)
    }

    /// As [`run_cached`](Propagation::run_cached), but a potential not yet reached is taken
    /// only when `keep` holds it. For a static propagation on a grid where no potential
    /// reaches its negation (so no propagation meets a contradiction), with `keep` holding
    /// every potential from which some wanted potential can be reached, the wanted ones are
    /// reached in the same order, with the same parents and depths: every potential on a path
    /// to one of them is kept; a skipped one only leads to skipped ones; and the kept ones
    /// keep their order in each queue, the on-queue going first either way.
    #[inline]
    pub fn run_kept(
        &mut self,
        grid: &Grid,
        start: Pot,
        mode: Mode,
        cache: &mut NestedCache,
        keep: impl Fn(Pot) -> bool,
    ) -> Option<Contradiction> {
        self.reset();
        let root = self.add_start(start);
        self.reach(root);
        let links = Links {
            y: mode.cell_rules,
            x: true,
        };
        let mut work = *grid;
        // Below level 1 each potential is reached after a look that its negation was not, so
        // a consequence reached before cannot meet its negation and is passed over at once.
        // From level 1 a stall's removals are queued unchecked (as in SE): a removal whose
        // negation was reached shows the contradiction when it is derived again.
        let checked = mode.level == 0;
        // At most 8 other candidates and 20 peers (on), 1 + 3 (off): no allocation per run.
        let mut found = [Pot(0); 32];
        let mut strong = [(Pot(0), Cause::Cell); 4];
        let mut extra = [0u32; 16];
        loop {
            if let Some(&p) = self.on_order.get(self.on_taken) {
                self.on_taken += 1;
                let pot = self.arena.get(p).pot;
                let mut n = 0;
                on_to_off(&work, pot, links, |q| {
                    found[n] = q;
                    n += 1;
                });
                for &q in &found[..n] {
                    let seen = self.reached(q).is_some();
                    if seen && checked {
                        continue;
                    }
                    if let Some(on) = self.reached(q.negated()) {
                        let off = self.add_derived(q, p, &[], None);
                        return Some(Contradiction { on, off });
                    }
                    if !seen && keep(q) {
                        let d = self.add_derived(q, p, &[], None);
                        self.reach(d);
                    }
                }
            } else if let Some(&p) = self.off_order.get(self.off_taken) {
                self.off_taken += 1;
                let pot = self.arena.get(p).pot;
                let mut n = 0;
                off_to_on_by(&work, pot, links, |q, cause| {
                    strong[n] = (q, cause);
                    n += 1;
                });
                for &(q, cause) in &strong[..n] {
                    let seen = self.reached(q).is_some();
                    if seen && checked {
                        continue;
                    }
                    let negation = self.reached(q.negated());
                    // Neither a contradiction nor a potential to take: its hidden parents
                    // (only ever recorded with it) are not worked out.
                    if negation.is_none() && (seen || !keep(q)) {
                        continue;
                    }
                    let (k, cause) = if mode.dynamic {
                        (
                            self.hidden_parents(grid, &work, pot, cause, &mut extra),
                            Some(cause),
                        )
                    } else {
                        (0, None)
                    };
                    if let Some(off) = negation {
                        let on = self.add_derived(q, p, &extra[..k], cause);
                        return Some(Contradiction { on, off });
                    }
                    let d = self.add_derived(q, p, &extra[..k], cause);
                    self.reach(d);
                }
                if mode.dynamic {
                    work.eliminate(pot.cell(), pot.digit());
                }
            } else if mode.level == 0 || !self.stalled(grid, &work, mode.level, cache) {
                return None;
            }
        }
    }

    /// At a stall of a level-1 propagation, queues the removals of the advanced rules on the
    /// reduced grid `work` (each with its rule parents, all reached off-potentials); false when
    /// they give nothing new. As in SE, a removal is not checked against the on-potentials
    /// here: a contradiction shows when its consequences are taken.
    fn stalled(&mut self, source: &Grid, work: &Grid, level: u8, cache: &mut NestedCache) -> bool {
        // Moved out while the arena grows (they are only scratch).
        let mut advanced = std::mem::take(&mut self.advanced);
        let mut parents = std::mem::take(&mut self.parents);
        advanced.find(source, work, level, cache);
        // The nested steps' indices here, by their index in `advanced.nested`.
        let mut nested_here = vec![NONE; advanced.nested.len()];
        let mut queued = false;
        for &(q, first, end, nested) in &advanced.removals {
            if self.reached(q).is_some() {
                continue;
            }
            parents.clear();
            for &lost in &advanced.parents[first as usize..end as usize] {
                // Every candidate removed since the start was reached off (and its removal
                // applied: the queues are empty).
                let i = self.reached(lost);
                debug_assert!(i.is_some(), "a removed candidate was reached off");
                parents.extend(i);
            }
            if let Some((&main, hidden)) = parents.split_first() {
                let d = self.add_derived(q, main, hidden, None);
                if nested != NOT_NESTED {
                    let n = nested as usize;
                    if nested_here[n] == NONE {
                        nested_here[n] = self.nested.len() as u32;
                        self.nested.push(advanced.nested[n].clone());
                    }
                    self.meta[d as usize].nested_of = nested_here[n];
                }
                self.reach(d);
                queued = true;
            }
        }
        self.advanced = advanced;
        self.parents = parents;
        queued
    }

    /// The hidden parents of an on-potential concluded from the off-potential `p` on the
    /// reduced grid `work` by the rule `cause` ([`off_to_on_by`]): by the cell rule, the
    /// candidates `p`'s cell has lost since `source`; by the house rule, the places of the digit
    /// lost in `p`'s house of that kind (the house the link used). Each lost candidate was
    /// removed by a reached off-potential, which is the parent. Returns their number.
    fn hidden_parents(
        &self,
        source: &Grid,
        work: &Grid,
        p: Pot,
        cause: Cause,
        out: &mut [u32; 16],
    ) -> usize {
        let mut n = 0;
        each_lost(source, work, p, cause, |lost| {
            let i = self.reached(lost);
            debug_assert!(i.is_some(), "a removed candidate was reached off");
            if let Some(i) = i {
                out[n] = i;
                n += 1;
            }
        });
        n
    }
}

/// For tests: the grid where the propagation from `start` on `grid` in `mode` (a dynamic one)
/// stops without a contradiction, `grid` less every candidate reached off (a stall grid of the
/// nested levels); None when it meets a contradiction.
#[cfg(test)]
pub(crate) fn stall_grid(
    prop: &mut Propagation,
    grid: &Grid,
    start: Pot,
    mode: Mode,
) -> Option<Grid> {
    if prop.run(grid, start, mode).is_some() {
        return None;
    }
    let mut work = *grid;
    for &i in &prop.off_order {
        let p = prop.arena.get(i).pot;
        work.eliminate(p.cell(), p.digit());
    }
    Some(work)
}

/// For tests: the stall grids of the dynamic forcing chains (+) on four hard puzzles (the
/// grids the nested levels run their producers on), from every `step`-th potential of each
/// puzzle (on and off, cell by cell): the propagation from it, without every candidate it
/// reached off.
#[cfg(test)]
pub(crate) fn hard_stall_grids(step: usize) -> Vec<Grid> {
    let mut prop = Propagation::default();
    let mut grids = Vec::new();
    for text in crate::steps::grid::HARD {
        let grid = Grid::from_board(&text.parse().expect("a puzzle"));
        for start in super::potential::every_potential(&grid)
            .into_iter()
            .step_by(step)
        {
            grids.extend(stall_grid(&mut prop, &grid, start, Mode::DYNAMIC_PLUS));
        }
    }
    grids
}
