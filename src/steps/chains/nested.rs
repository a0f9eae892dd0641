//! The nested rules of levels 2 to 5 (SE's `getAdvancedPotentials` with a `Chaining` rule in
//! its list): at a stall of a dynamic propagation, whole chain producers run on its reduced
//! grid, and each step they find that depends on the propagation's removals lends those
//! removals, as parents, to the candidates it removes.
//!
//! Rules as in Sudoku Explainer 1.2.1 (`Chaining.getAdvancedPotentials`, `getHints`;
//! `ChainingHint.getRuleParents`, `collectRuleParents`, `getNestedComplexity`; `FullChain`;
//! `docs/se-rules.md`, "Nested rules in detail"):
//! - level 2 runs producer 14 (cycles and forcing chains), level 3 producer 14 and then the
//!   multiple forcing chains, each giving every step it finds in its sorted order, steps with
//!   the same removals merged (the first kept) ([`super::Best::into_sorted`]); levels 4 and 5
//!   run the dynamic forcing chains, level 5 then the nested forcing chains of level 2, in the
//!   same order ([`super::collect`]), their chains written with the recorded causes;
//! - a step's *rule parents* are the candidates that the propagation removed and that its
//!   chains needed: walking back from each chain target, every "on" potential made by a
//!   strong link adds what the propagation removed from its cell (the cell rule) or from the
//!   places of its digit in its house (the house rule, in the first of box, row, column where
//!   the link holds); the starts of cell (region) chains count as made by the cell (house)
//!   rule; a cycle is walked both ways, its reversed loop turning each weak link into a strong
//!   one with the same cause. A step without rule parents held before the assumption and is
//!   not used;
//! - a host step's complexity adds, once per distinct nested chain ([`same_chains`], SE's
//!   `FullChain`), the complexity of each nested step among the ancestors of its targets.
//!
//! Layers: uses the potentials and the whole steps' form ([`super::Whole`]); the producers it
//! runs are handed in ([`Producers`]), so that it stays below them; used by the advanced rules.

use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::rc::Rc;

use super::contradiction::SourceLinks;
use super::implication::Reach;
use super::potential::{each_lost, house_of, Cause, KeyHasher, Pot, PotSet, KINDS};
use super::{Origin, Whole, BRANCH_END};
use crate::geometry::CELLS;
use crate::steps::grid::Grid;

/// The chain producers the nested rules run (SE's `Chaining` rules inside a `Chaining`), each
/// giving every step it finds on a grid in SE's order. They are given by the caller
/// ([`super::dynamic`]): the propagation that asks for them is also what they are built on.
#[derive(Clone, Copy)]
pub struct Producers {
    /// Producer 14's steps (levels 2 and 3): [`super::unary_chains_all`].
    pub unary: Producer,
    /// True when producer 14 surely finds nothing on a grid, a reduction of a source grid
    /// whose strong links are given when known: then neither it runs nor the grid's
    /// reachability is built ([`super::contradiction::any_contradiction_from`] negated).
    pub unary_idle: fn(Option<&SourceLinks>, &Grid) -> bool,
    /// The multiple forcing chains (level 3): [`super::multiple::multiple_all`].
    pub multiple: Producer,
    /// The dynamic forcing chains (levels 4 and 5).
    pub dynamic: Producer,
    /// The nested forcing chains of level 2 (level 5).
    pub nested: Producer,
}

/// A nested producer: every step it finds on a grid, given the grid's reachability (which
/// tells the searches that find nothing, [`Reach`]).
pub type Producer = fn(&Grid, &Reach) -> Vec<Whole>;

/// Steps by grid (its candidates). A fixed hasher: the keys come from the engine, and a cache
/// made for every propagation then costs nothing.
type Steps = HashMap<[u16; CELLS], Rc<Vec<Whole>>, BuildHasherDefault<KeyHasher>>;

/// What the simple rules remove at a stall ([`super::advanced::Advanced`]): each removal (an
/// off-potential, the range of its parents, [`super::advanced::NOT_NESTED`]) and the parents.
pub type SimpleRemovals = (Vec<(Pot, u32, u32, u32)>, Vec<Pot>);

/// The most stall grids whose simple rules' removals are kept for one source grid.
const MAX_SIMPLE: usize = 1 << 16;

/// The nested producers, and their steps by grid for one search of the nested levels: a
/// stall's grid often comes back (level 3 repeats level 2's propagations up to the stalls where
/// level 2 found nothing; a bivalue cell's "a on" and "b off" propagate alike), and the steps a
/// producer finds depend on the candidates alone, so the steps stay true from one position to
/// the next of a path (their rule parents are found when used, against each propagation's own
/// start). Each entry is a few KiB; one search meets a few thousand grids at most, and the
/// owner bounds the whole ([`super::dynamic::Shared`]). The default has no producers: for the
/// propagations of levels 0 and 1, which never nest.
#[derive(Default)]
pub struct NestedCache {
    producers: Option<Producers>,
    /// The steps of producer 14, the multiple, the dynamic and the nested (level 2) forcing
    /// chains, by grid.
    steps: [Steps; 4],
    /// The last grid's reachability: level 3 asks for the multiple forcing chains on the grid
    /// where producer 14 was just run.
    reach: Option<([u16; CELLS], Reach)>,
    /// The simple rules' removals by stall grid, for the propagations from one source grid
    /// (they depend on both: a pattern counts only with rule parents removed since the
    /// source). Each level from 2 up repeats the propagations of the level below up to where
    /// they ended, stalls included.
    simple: HashMap<[u16; CELLS], SimpleRemovals, BuildHasherDefault<KeyHasher>>,
    simple_source: Option<[u16; CELLS]>,
    /// The last source grid given to [`NestedCache::unary`], with its strong links when no
    /// potential of it reaches its negation.
    links_source: Option<([u16; CELLS], Option<SourceLinks>)>,
}

impl NestedCache {
    /// An empty cache running `producers`.
    pub fn new(producers: Producers) -> NestedCache {
        NestedCache {
            producers: Some(producers),
            ..NestedCache::default()
        }
    }

    /// What the simple rules removed at the stall grid `work` of a propagation from `source`,
    /// if known.
    pub fn simple_rules(&mut self, source: &Grid, work: &Grid) -> Option<&SimpleRemovals> {
        let from = source.candidate_masks();
        if self.simple_source.as_ref() != Some(from) || self.simple.len() > MAX_SIMPLE {
            self.simple.clear();
            self.simple_source = Some(*from);
            return None;
        }
        self.simple.get(work.candidate_masks())
    }

    /// Keeps what the simple rules removed at the stall grid `work` (of a propagation from the
    /// source grid last given to [`NestedCache::simple_rules`]).
    pub fn keep_simple_rules(&mut self, work: &Grid, found: SimpleRemovals) {
        self.simple.insert(*work.candidate_masks(), found);
    }

    /// The number of grids whose steps are kept.
    pub fn grids(&self) -> usize {
        self.steps.iter().map(|map| map.len()).sum()
    }

    /// Every step of producer 14 on `grid`, a stall grid of a propagation from `source`, in
    /// SE's order (none without producers).
    pub fn unary(&mut self, source: &Grid, grid: &Grid) -> Rc<Vec<Whole>> {
        let from = source.candidate_masks();
        if self.links_source.as_ref().is_none_or(|(k, _)| k != from) {
            self.links_source = Some((*from, SourceLinks::of(source)));
        }
        let links = self.links_source.as_ref().and_then(|(_, l)| l.as_ref());
        let idle = self.producers.map(|p| p.unary_idle);
        let run = self.producers.map(|p| p.unary);
        cached(&mut self.steps[0], &mut self.reach, run, idle, links, grid)
    }

    /// As [`NestedCache::unary`], but building the grid's reachability without first asking
    /// whether producer 14 can find anything (level 3): when it finds nothing usable, the
    /// multiple forcing chains run next on the same grid and need that reachability anyway,
    /// so the quick test would only add its cost.
    pub fn unary_then_reach(&mut self, _source: &Grid, grid: &Grid) -> Rc<Vec<Whole>> {
        let run = self.producers.map(|p| p.unary);
        cached(&mut self.steps[0], &mut self.reach, run, None, None, grid)
    }

    /// Every multiple forcing chain on `grid`, in SE's order (none without producers). The
    /// source (as for [`NestedCache::unary`]) is not needed, here and below.
    pub fn multiple(&mut self, _source: &Grid, grid: &Grid) -> Rc<Vec<Whole>> {
        self.steps_of(1, |p| p.multiple, grid)
    }

    /// Every dynamic forcing chain on `grid`, in SE's order (none without producers).
    pub fn dynamic(&mut self, _source: &Grid, grid: &Grid) -> Rc<Vec<Whole>> {
        self.steps_of(2, |p| p.dynamic, grid)
    }

    /// Every nested forcing chain of level 2 on `grid`, in SE's order (none without
    /// producers).
    pub fn nested(&mut self, _source: &Grid, grid: &Grid) -> Rc<Vec<Whole>> {
        self.steps_of(3, |p| p.nested, grid)
    }

    /// The steps of the producer `pick` chooses, kept in `steps[which]`.
    fn steps_of(
        &mut self,
        which: usize,
        pick: fn(Producers) -> Producer,
        grid: &Grid,
    ) -> Rc<Vec<Whole>> {
        let run = self.producers.map(pick);
        cached(
            &mut self.steps[which],
            &mut self.reach,
            run,
            None,
            None,
            grid,
        )
    }
}

/// The steps `run` finds on `grid`, from `map` or run and kept there (none when `idle` says
/// it finds nothing, told the source's strong `links`); the grid's reachability from `reach`
/// when it is the last grid's, else computed and kept there.
fn cached(
    map: &mut Steps,
    reach: &mut Option<([u16; CELLS], Reach)>,
    run: Option<Producer>,
    idle: Option<fn(Option<&SourceLinks>, &Grid) -> bool>,
    links: Option<&SourceLinks>,
    grid: &Grid,
) -> Rc<Vec<Whole>> {
    debug_assert!(run.is_some(), "a nested level without producers");
    let key = *grid.candidate_masks();
    map.entry(key)
        .or_insert_with(|| {
            let Some(f) = run else {
                return Rc::new(Vec::new());
            };
            if idle.is_some_and(|idle| idle(links, grid)) {
                return Rc::new(Vec::new());
            }
            match reach {
                Some((k, r)) if *k != key => {
                    r.rebuild(grid);
                    *k = key;
                }
                None => *reach = Some((key, Reach::new(grid))),
                _ => {}
            }
            let (_, r) = reach.as_ref().expect("just set");
            Rc::new(f(grid, r))
        })
        .clone()
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
                && (!p.is_on() || grid.digit_cells(p.digit()).intersection(house).is_pair())
        })
        .map(Cause::House)
}

/// Adds to `out` (without repeats) what the propagation removed that `p`, an on-potential made
/// by `cause`, needed: the candidates its cell lost (cell rule), or the places of its digit
/// lost in its house (house rule), from `source` to `work`.
fn add_lost(source: &Grid, work: &Grid, p: Pot, cause: Cause, out: &mut Vec<Pot>) {
    each_lost(source, work, p, cause, |q| {
        if !out.contains(&q) {
            out.push(q);
        }
    });
}

/// SE's rule parents of `whole`, found on `work` (a propagation's grid, reduced from `source`),
/// into `out` (cleared first), in SE's order: target by target, walking back from it.
pub fn rule_parents(source: &Grid, work: &Grid, whole: &Whole, out: &mut Vec<Pot>) {
    out.clear();
    if !whole.causes.is_empty() {
        // A dynamic step: each branch is already SE's walk back from its target, each
        // potential once, with the causes recorded as the propagation made them.
        for (&p, &made_by) in whole.chains.iter().zip(&whole.causes) {
            if let (true, Some(c)) = (p != BRANCH_END && p.is_on(), made_by) {
                add_lost(source, work, p, c, out);
            }
        }
        return;
    }
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

/// True when two nested steps have the same chains (SE's `FullChain` equality: the same
/// targets, each with the same chain; a cycle's second target is its loop reversed): two
/// stalls, or two branches of a host step, that meet the same nested chain count its
/// complexity once.
pub fn same_chains(a: &Whole, b: &Whole) -> bool {
    (a.origin == Origin::Cycle) == (b.origin == Origin::Cycle) && a.chains == b.chains
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{Cell, Digit};
    use crate::steps::budget::Budget;
    use crate::steps::chains::dynamic::{first, NESTED_FORCING, NESTED_MULTIPLE};
    use crate::steps::grid::{cell, remove};
    use crate::steps::step::Technique;
    use crate::Board;

    fn d(v: u8) -> Digit {
        Digit::new(v).unwrap()
    }

    /// What a step removes: (cell index, digit) pairs.
    fn removed_by(step: &crate::steps::step::Step) -> Vec<(usize, u8)> {
        step.eliminations
            .iter()
            .map(|(c, d)| (c.index(), d.get()))
            .collect()
    }

    fn whole(origin: Origin, chains: Vec<Pot>) -> Whole {
        Whole {
            difficulty: 0.0,
            complexity: 0,
            key: 0,
            removals: Default::default(),
            origin,
            chains,
            causes: Vec::new(),
        }
    }

    #[test]
    fn a_strong_link_made_by_the_propagation_lends_its_lost_places() {
        // 1 has three places in column 5 on the source grid (r1c5, r5c5, r9c5); the
        // propagation removed r9c5, so "r1c5 off, then r5c5 on" holds only on its grid, by the
        // column (no box or row holds both): r9c5 is the rule parent. The weak link before it
        // and the start need nothing.
        let source = Grid::from_board(&Board::EMPTY);
        let mut work = source;
        let column: Vec<Cell> = (0..9).map(|r| cell(r, 4)).collect();
        let gone: Vec<Cell> = column
            .iter()
            .copied()
            .filter(|&c| c != cell(0, 4) && c != cell(4, 4))
            .collect();
        remove(&mut work, gone.iter().copied(), 1);
        let mut source = source;
        // The source keeps 1 in r1c5, r5c5 and r9c5 of column 5 only.
        remove(
            &mut source,
            gone.iter().copied().filter(|&c| c != cell(8, 4)),
            1,
        );
        let w = whole(
            Origin::Start,
            vec![
                Pot::new(cell(0, 0), d(1), true),
                Pot::new(cell(0, 4), d(1), false),
                Pot::new(cell(4, 4), d(1), true),
                BRANCH_END,
            ],
        );
        let mut out = Vec::new();
        rule_parents(&source, &work, &w, &mut out);
        assert_eq!(out, vec![Pot::new(cell(8, 4), d(1), false)]);
        // On the source grid itself nothing was removed: no rule parent (the step would hold
        // without the assumption).
        rule_parents(&source, &source, &w, &mut out);
        assert!(out.is_empty());
    }

    #[test]
    fn cell_chains_start_with_the_cell_rule_and_cycles_walk_back() {
        // A cell chain's start counts as made by the cell rule: the candidates its cell lost.
        let source = Grid::from_board(&Board::EMPTY);
        let mut work = source;
        remove(&mut work, [cell(0, 0)], 7);
        remove(&mut work, [cell(0, 0)], 8);
        let w = whole(
            Origin::Cell,
            vec![
                Pot::new(cell(0, 0), d(1), true),
                Pot::new(cell(0, 1), d(1), false),
                BRANCH_END,
            ],
        );
        let mut out = Vec::new();
        rule_parents(&source, &work, &w, &mut out);
        assert_eq!(
            out,
            vec![
                Pot::new(cell(0, 0), d(7), false),
                Pot::new(cell(0, 0), d(8), false)
            ]
        );
        // A cycle r1c1+2 -> r1c9-2 (weak, row 1) -> ... -> r1c1+2: walked back from its end
        // (strong links only: nothing lost in their houses) and reversed, where the weak link
        // of row 1 becomes a strong one, lending the places of 2 row 1 lost.
        let mut work = source;
        remove(&mut work, [cell(0, 4)], 2);
        let w = whole(
            Origin::Cycle,
            vec![
                Pot::new(cell(0, 0), d(2), true),
                Pot::new(cell(0, 8), d(2), false),
                Pot::new(cell(8, 8), d(2), true),
                Pot::new(cell(8, 0), d(2), false),
                Pot::new(cell(0, 0), d(2), true),
                BRANCH_END,
            ],
        );
        rule_parents(&source, &work, &w, &mut out);
        // Forward: r1c1+2 from r9c1-2 (column 1: nine places, no strong link there on this
        // grid, so no cause) and r9c9+2 from r1c9-2 (column 9, likewise): nothing. Reversed:
        // r1c9 on by row 1 (the first house holding r1c1 and r1c9), which lost r1c5; r9c1 on
        // by column 1, which lost nothing.
        assert_eq!(out, vec![Pot::new(cell(0, 4), d(2), false)]);
    }

    /// A puzzle, the ER (tenths) and complexity of SE's first step, and the (row, column,
    /// digit) it removes.
    type FirstStep = (&'static str, u8, u32, (usize, usize, u8));

    /// serate 1.2.1.3's first step on the first 11 puzzles of forum_hardest
    /// (`docs/se-rules.md`, "Nested rules in detail"): every producer before 20 and level 2
    /// find nothing; level 3 finds a step rated ER with this complexity, removing one digit
    /// from one cell (row, column from 1), a contradiction chain but for the tenth (cell
    /// chains).
    const SE_FIRST_STEPS: [FirstStep; 11] = [
        (
            "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6",
            111,
            138,
            (1, 3, 2),
        ),
        (
            "98.7..6..75..4......3..8.7.8....9.5..3.2..1.....4....6.7...4.3....8..4......1...2",
            111,
            194,
            (5, 1, 4),
        ),
        (
            "98.7..6..7.5....9..43.....78..2....6..7.1..2......48..3..9...6.....5.3.......1..9",
            110,
            118,
            (4, 3, 1),
        ),
        (
            "98.7..6..5...9..7...7..4...4...327....65...9.......3.11...8.5...2.........54...8.",
            110,
            115,
            (2, 9, 2),
        ),
        (
            "98.7..6..7.5.......4..5....3..8..9......2..1......13.42...8..93.7....2....92...6.",
            110,
            109,
            (5, 4, 4),
        ),
        (
            "98.7..6..75..6......6..8...5......4...9.8.7.....3....24....1.....7.9.5.3..587.4..",
            110,
            112,
            (3, 5, 2),
        ),
        (
            "98.7..6..5...8..7...7..4...32.........94...8.....1...2.9...31....68...5.....9...7",
            110,
            108,
            (2, 9, 1),
        ),
        (
            "98.7..6..5...9..7...7..4...3.......2..85...6.....23....1..8...6..59...4......61..",
            110,
            104,
            (8, 1, 2),
        ),
        (
            "98.7..6..5...8..7...7..4...32.........94...6.....13....9..4.2....58...9......6..1",
            110,
            119,
            (2, 7, 3),
        ),
        (
            "........1.....2.3...4.5.6.....3...7...8.674...7...1..2..5......69..84...84....9..",
            109,
            97,
            (7, 8, 6),
        ),
        (
            "98.7..6..7.....5....4.8..9.4...3..7..7...2.....31....53....61...4..9..3.........2",
            110,
            114,
            (3, 4, 5),
        ),
    ];

    fn check_first_steps(range: std::ops::Range<usize>) {
        for &(p, er, complexity, (row, column, digit)) in &SE_FIRST_STEPS[range] {
            let grid = Grid::from_board(&p.parse().unwrap());
            let none = first(&grid, &NESTED_FORCING, &Budget::UNLIMITED).unwrap();
            assert!(none.is_none(), "{p}: level 2 finds a step");
            let f = first(&grid, &NESTED_MULTIPLE, &Budget::UNLIMITED)
                .unwrap()
                .expect("a level-3 step");
            assert_eq!((f.step.er, f.complexity), (er, complexity), "{p}");
            let removed = removed_by(&f.step);
            assert_eq!(removed, vec![(9 * (row - 1) + column - 1, digit)], "{p}");
            let technique = if row == 7 && column == 8 {
                Technique::NestedMultipleCellChain
            } else {
                Technique::NestedMultipleContradictionChain
            };
            assert_eq!(f.step.technique, technique, "{p}");
        }
    }

    /// Line 48721 of forum_hardest.
    const LINE_48721: &str =
        "........1.....2.3....45.6....1....27..6...8...9..8.4....7..3...5..89....96.5.....";

    /// Line 48721 after the engine's first 15 steps (serate's too, none beyond level 3), where
    /// serate's path needs level 4.
    fn line_48721_after_15_steps() -> Grid {
        use crate::steps::next::{next_step, Next};
        let mut grid = Grid::from_board(&LINE_48721.parse().unwrap());
        for _ in 0..15 {
            let Next::Step(s) = next_step(&grid) else {
                panic!("a step")
            };
            assert!(s.technique.rating() < 105);
            s.apply(&mut grid);
        }
        grid
    }

    /// serate 1.2.1.3's steps 16-18 on line 48721 of forum_hardest (traced; `docs/se-rules.md`,
    /// "Nested rules in detail"), after 15 steps equal to the engine's: producer 21, level 4
    /// ("Dynamic Contradiction Forcing Chains (+ Dynamic Forcing Chains)"), each rated ER with
    /// this complexity, removing one digit from one cell (row, column from 1). Levels 2 and 3
    /// find nothing there.
    #[test]
    fn serate_level_4_steps_on_forum_hardest_48721() {
        use crate::steps::chains::dynamic::NESTED_DYNAMIC;
        const SE: [(u8, u32, (usize, usize, u8)); 3] = [
            (116, 136, (1, 8, 7)),
            (117, 204, (9, 5, 4)),
            (117, 210, (1, 8, 9)),
        ];
        let mut grid = line_48721_after_15_steps();
        for (er, complexity, (row, column, digit)) in SE {
            for level in [&NESTED_FORCING, &NESTED_MULTIPLE] {
                assert!(first(&grid, level, &Budget::UNLIMITED).unwrap().is_none());
            }
            let f = first(&grid, &NESTED_DYNAMIC, &Budget::UNLIMITED)
                .unwrap()
                .expect("a level-4 step");
            assert_eq!((f.step.er, f.complexity), (er, complexity));
            assert_eq!(f.step.technique, Technique::NestedDynamicContradictionChain);
            let removed = removed_by(&f.step);
            assert_eq!(removed, vec![(9 * (row - 1) + column - 1, digit)]);
            f.step.apply(&mut grid);
        }
    }

    /// Level 5 (SE's `Chaining(true, true, false, 5)`), which no traced puzzle needed: on the
    /// position of line 48721 where serate's path needs level 4, it nests the dynamic forcing
    /// chains (as level 4 does), then the nested forcing chains of level 2, and its step is
    /// sound: it removes no digit of the solution, and its rating is level 5's.
    #[test]
    fn level_5_is_sound_where_level_4_is_needed() {
        use crate::steps::chains::dynamic::NESTED_DYNAMIC_FORCING;
        let board: Board = LINE_48721.parse().unwrap();
        let solution = crate::solver::solve_unique(&board).unwrap();
        let grid = line_48721_after_15_steps();
        let five = first(&grid, &NESTED_DYNAMIC_FORCING, &Budget::UNLIMITED)
            .unwrap()
            .expect("a level-5 step");
        assert!(five.step.er >= 110);
        assert!(!five.step.eliminations.is_empty());
        for (cell, digit) in five.step.eliminations.iter() {
            assert_ne!(
                solution.get(cell.index()),
                digit.get(),
                "removes a solution digit"
            );
        }
    }

    #[test]
    fn serate_first_steps_on_forum_hardest_1_to_4() {
        check_first_steps(0..4);
    }

    #[test]
    fn serate_first_steps_on_forum_hardest_5_to_8() {
        check_first_steps(4..8);
    }

    #[test]
    fn serate_first_steps_on_forum_hardest_9_to_11() {
        check_first_steps(8..11);
    }
}
