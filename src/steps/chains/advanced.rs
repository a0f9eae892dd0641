//! The advanced rules of the dynamic forcing chains (+) (SE's `getAdvancedPotentials`, used
//! from level 1 on): when a dynamic propagation stalls, simple patterns on its reduced grid may
//! remove more candidates, and those removals, with the removals that made the pattern as their
//! parents, let the propagation go on.
//!
//! Rules as in Sudoku Explainer 1.2.1 (`Chaining.getAdvancedPotentials`; `docs/se-rules.md`,
//! "Dynamic forcing chains (+) and nested forcing chains"):
//! - the rules, tried in this order: pointing and claiming, hidden pair, naked pair, X-Wing
//!   (SE's `Locking(false)`, `HiddenSet(2, false)`, `NakedSet(2)`, `Fisherman(2)`), each on the
//!   propagation's reduced grid, every pattern in the rule's own order;
//! - a pattern counts only when some of its rule parents ([`RuleParents`]) were removed since
//!   the propagation started: the others held before the assumption and prove nothing about it;
//! - the first rule with a pattern that counts is the only one used: each candidate removed by
//!   each of its patterns that count becomes an off-potential whose parents are the pattern's
//!   removed rule parents.
//!
//! SE takes a pattern's removals from a hash map keyed by cell objects, so its order varies
//! from run to run (see "Nondeterminism" in `docs/se-rules.md`); here they go cell by cell in
//! row-major order, digits ascending, and a pattern's parents likewise.
//!
//! Layers: uses the step producers of the simple techniques and the chain potentials.

use super::nested::{self, NestedCache};
use std::rc::Rc;

use super::potential::Pot;
use super::Whole;
use crate::geometry::{CellSet, Digit};
use crate::steps::grid::Grid;
use crate::steps::step::{Eliminations, Focus, RuleParents, Step};
use crate::steps::{fish, intersections, subsets};

/// No nested step (in [`Advanced::removals`]).
pub const NOT_NESTED: u32 = u32::MAX;

/// A nested step that lent removals (levels 2 and up): step `index` of a nested producer's
/// steps on one grid (shared with the cache, [`NestedCache`]).
#[derive(Debug, Clone)]
pub struct NestedStep {
    steps: Rc<Vec<Whole>>,
    index: usize,
}

impl NestedStep {
    /// The step.
    pub fn whole(&self) -> &Whole {
        &self.steps[self.index]
    }
}

/// The candidates removed by the rules at a stall of a dynamic propagation, with their parents.
#[derive(Default)]
pub struct Advanced {
    /// Each removal (an off-potential), the range of its parents in `parents`, and the nested
    /// step that made it (an index in `nested`, or [`NOT_NESTED`]).
    pub removals: Vec<(Pot, u32, u32, u32)>,
    /// The parents (off-potentials) of the removals, one run per removal.
    pub parents: Vec<Pot>,
    /// The nested steps used (levels 2 and up).
    pub nested: Vec<NestedStep>,
    /// Scratch: one nested step's rule parents.
    lent: Vec<Pot>,
}

/// A nested producer's steps on a stall grid (the second) of a propagation from a source grid
/// (the first), through the cache ([`NestedCache::unary`] and the like).
type NestedRun = fn(&mut NestedCache, &Grid, &Grid) -> Rc<Vec<Whole>>;

impl Advanced {
    /// Fills `self` with what the first rule that has a pattern counting finds on `work`, the
    /// propagation's grid, reduced from `source`, the grid it started from, at SE's `level`
    /// (1: the simple rules; 2: then producer 14; 3: then also the multiple forcing chains; 4:
    /// then the dynamic forcing chains; 5: then also the nested forcing chains of level 2).
    /// Empty when no rule has one.
    pub fn find(&mut self, source: &Grid, work: &Grid, level: u8, cache: &mut NestedCache) {
        self.removals.clear();
        self.parents.clear();
        self.nested.clear();
        if let Some((removals, parents)) = cache.simple_rules(source, work) {
            self.removals.extend_from_slice(removals);
            self.parents.extend_from_slice(parents);
        } else {
            self.simple_rules(source, work);
            cache.keep_simple_rules(work, (self.removals.clone(), self.parents.clone()));
        }
        if !self.removals.is_empty() {
            return;
        }
        // Levels 2 and 3 nest producer 14, then the multiple forcing chains; levels 4 and 5
        // the dynamic forcing chains (which cover both), then (level 5) the nested forcing
        // chains of level 2.
        let nested: &[NestedRun] = match level {
            0 | 1 => &[],
            2 => &[NestedCache::unary],
            3 => &[NestedCache::unary_then_reach, NestedCache::multiple],
            4 => &[NestedCache::dynamic],
            _ => &[NestedCache::dynamic, NestedCache::nested],
        };
        for producer in nested {
            self.nest(source, work, &producer(cache, source, work));
            if !self.removals.is_empty() {
                return;
            }
        }
    }

    /// The removals of the first simple rule with a pattern that counts (see [`Advanced::find`]).
    fn simple_rules(&mut self, source: &Grid, work: &Grid) {
        // Only the candidates removed since the start count as rule parents.
        let focus = Focus(std::array::from_fn(|d| {
            let digit = Digit::ALL[d];
            source
                .digit_cells(digit)
                .difference(work.digit_cells(digit))
        }));
        for rule in 0..4 {
            let mut take = |step: &Step, needs: RuleParents| {
                self.add(source, work, &step.eliminations, needs);
                false
            };
            match rule {
                0 => intersections::each_locked_candidates(work, false, &focus, &mut take),
                1 => subsets::each_hidden_set(work, 2, false, &focus, &mut take),
                2 => subsets::each_naked_set(work, 2, &focus, &mut take),
                _ => fish::each_fish(work, 2, &focus, &mut take),
            }
            if !self.removals.is_empty() {
                return;
            }
        }
    }

    /// Adds the removals of each of the nested `steps` (in their order) that has rule
    /// parents, with those as their parents.
    fn nest(&mut self, source: &Grid, work: &Grid, steps: &Rc<Vec<Whole>>) {
        for (index, whole) in steps.iter().enumerate() {
            nested::rule_parents(source, work, whole, &mut self.lent);
            if self.lent.is_empty() {
                continue;
            }
            let first = self.parents.len() as u32;
            self.parents.extend_from_slice(&self.lent);
            let end = self.parents.len() as u32;
            let id = self.nested.len() as u32;
            self.nested.push(NestedStep {
                steps: Rc::clone(steps),
                index,
            });
            self.push_removals(&whole.removals, first, end, id);
        }
    }

    /// Adds each of `removals` (cell by cell, digits ascending) with the parents
    /// `first..end` and the nested step `id`.
    fn push_removals(&mut self, removals: &Eliminations, first: u32, end: u32, id: u32) {
        let mut cells = CellSet::EMPTY;
        for set in removals.0 {
            cells = cells.union(set);
        }
        for cell in cells.iter() {
            for d in Digit::ALL {
                if removals.0[d.index()].contains(cell) {
                    self.removals
                        .push((Pot::new(cell, d, false), first, end, id));
                }
            }
        }
    }

    /// Adds the removals of one pattern when some of its rule parents were removed.
    fn add(&mut self, source: &Grid, work: &Grid, removals: &Eliminations, needs: RuleParents) {
        let first = self.parents.len() as u32;
        for cell in needs.cells.iter() {
            let mut lost = source.candidates(cell) & !work.candidates(cell) & needs.digits;
            while lost != 0 {
                let d = Digit::ALL[lost.trailing_zeros() as usize];
                lost &= lost - 1;
                self.parents.push(Pot::new(cell, d, false));
            }
        }
        let end = self.parents.len() as u32;
        if end == first {
            return;
        }
        self.push_removals(removals, first, end, NOT_NESTED);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::steps::grid::{cell, remove};
    use crate::Board;

    fn d(v: u8) -> Digit {
        Digit::new(v).unwrap()
    }

    #[test]
    fn kept_simple_rules_answer_as_a_fresh_search() {
        // The stall grids of the dynamic forcing chains from every start of two hard puzzles,
        // each asked of one cache shared by everything (twice in a row, then from another
        // source grid, then again), against a fresh cache each time.
        use crate::steps::chains::propagate::{stall_grid, Mode, Propagation};
        let puzzles = [
            "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6",
            "........1.....2.3...4.5.6.....3...7...8.674...7...1..2..5......69..84...84....9..",
        ];
        let mut shared = NestedCache::default();
        let mut prop = Propagation::default();
        let (mut kept, mut fresh) = (Advanced::default(), Advanced::default());
        let mut found = 0;
        for text in puzzles {
            let source = Grid::from_board(&text.parse::<Board>().unwrap());
            for c in source.empty_cells().iter() {
                for digit in Digit::ALL {
                    if source.candidates(c) >> digit.index() & 1 == 0 {
                        continue;
                    }
                    let start = Pot::new(c, digit, true);
                    let Some(work) = stall_grid(&mut prop, &source, start, Mode::DYNAMIC) else {
                        continue;
                    };
                    // The same stall grid from another source: one of its removals made
                    // before the start (a pattern's rule parents then differ).
                    let mut other = source;
                    if let Some(&i) = prop.off_order.first() {
                        let p = prop.arena.get(i).pot;
                        other.eliminate(p.cell(), p.digit());
                    }
                    for from in [&source, &source, &other, &source] {
                        kept.find(from, &work, 1, &mut shared);
                        fresh.find(from, &work, 1, &mut NestedCache::default());
                        assert_eq!(kept.removals, fresh.removals);
                        assert_eq!(kept.parents, fresh.parents);
                    }
                    found += !fresh.removals.is_empty() as u32;
                }
            }
        }
        assert!(found > 10, "{found}");
    }

    #[test]
    fn a_pointing_made_by_the_assumption_removes_with_its_parents() {
        // On an empty board nothing counts: every pattern needs removals.
        let source = Grid::from_board(&Board::EMPTY);
        let mut a = Advanced::default();
        a.find(&source, &source, 1, &mut NestedCache::default());
        assert!(a.removals.is_empty());
        // The propagation removed 5 from box 1's rows 2 and 3: its 5s point along row 1, and
        // 5 leaves r1c4-r1c9, each with the six removals of box 1 as parents.
        let mut work = source;
        let lost: Vec<_> = (1..3)
            .flat_map(|r| (0..3).map(move |c| cell(r, c)))
            .collect();
        remove(&mut work, lost.iter().copied(), 5);
        a.find(&source, &work, 1, &mut NestedCache::default());
        let removed: Vec<_> = a.removals.iter().map(|&(p, _, _, _)| p).collect();
        let expected: Vec<_> = (3..9).map(|c| Pot::new(cell(0, c), d(5), false)).collect();
        assert_eq!(removed, expected);
        for &(_, s, e, _) in &a.removals {
            let parents: Vec<_> = a.parents[s as usize..e as usize].to_vec();
            let want: Vec<_> = lost.iter().map(|&c| Pot::new(c, d(5), false)).collect();
            assert_eq!(parents, want);
        }
    }

    #[test]
    fn the_first_rule_that_counts_is_the_only_one() {
        // Row 1 keeps 1 and 2 only in r1c1 and r1c2 (removed elsewhere in the row by the
        // propagation): a hidden pair there, but a claiming counts too, and comes first.
        let source = Grid::from_board(&Board::EMPTY);
        let mut work = source;
        let rest: Vec<_> = (2..9).map(|c| cell(0, c)).collect();
        remove(&mut work, rest.iter().copied(), 1);
        remove(&mut work, rest.iter().copied(), 2);
        let mut a = Advanced::default();
        a.find(&source, &work, 1, &mut NestedCache::default());
        // Claiming comes first in SE's order: row 1's 1s (and 2s) lie in box 1 only, so they
        // leave box 1's other rows; the hidden pair (a later rule) is not used.
        let removed: Vec<_> = a.removals.iter().map(|&(p, _, _, _)| p).collect();
        let mut expected = Vec::new();
        for r in 1..3 {
            for c in 0..3 {
                expected.push(Pot::new(cell(r, c), d(1), false));
                expected.push(Pot::new(cell(r, c), d(2), false));
            }
        }
        // Digit 1's claiming is met before digit 2's (digits ascending within a house pair),
        // so the removals come per pattern: 1s first, then 2s.
        expected.sort_by_key(|p| (p.digit().get(), p.cell().index()));
        assert_eq!(removed, expected);
    }

    #[test]
    fn an_x_wing_when_nothing_before_it_counts() {
        // Columns 1 and 5 keep 1 only in rows 1 and 5 (no box holds a line's last 1s, no two
        // digits share two places, no cell has two candidates): an X-Wing on columns, which
        // removes 1 from rows 1 and 5 elsewhere, each removal with the 14 lost places of 1 in
        // columns 1 and 5 as parents.
        let source = Grid::from_board(&Board::EMPTY);
        let mut work = source;
        let lost: Vec<_> = (0..9)
            .filter(|&r| r != 0 && r != 4)
            .flat_map(|r| [cell(r, 0), cell(r, 4)])
            .collect();
        remove(&mut work, lost.iter().copied(), 1);
        let mut a = Advanced::default();
        a.find(&source, &work, 1, &mut NestedCache::default());
        let removed: Vec<_> = a.removals.iter().map(|&(p, _, _, _)| p).collect();
        let expected: Vec<_> = [0, 4]
            .into_iter()
            .flat_map(|r| {
                (0..9)
                    .filter(|&c| c != 0 && c != 4)
                    .map(move |c| Pot::new(cell(r, c), d(1), false))
            })
            .collect();
        assert_eq!(removed, expected);
        let want: Vec<_> = lost.iter().map(|&c| Pot::new(c, d(1), false)).collect();
        for &(_, s, e, _) in &a.removals {
            assert_eq!(a.parents[s as usize..e as usize], want[..]);
        }
    }

    #[test]
    fn a_hidden_pair_when_no_pointing_or_claiming_counts() {
        // Box 1 keeps 1 and 2 only at r1c1 and r2c2 (a diagonal: no pointing; each row and
        // column through them keeps both digits in another box: no claiming). The hidden pair
        // removes 3-9 from both cells, each removal with the 14 lost places of 1 and 2 in box 1
        // as parents.
        let source = Grid::from_board(&Board::EMPTY);
        let mut work = source;
        let others: Vec<_> = (0..3)
            .flat_map(|r| (0..3).map(move |c| cell(r, c)))
            .filter(|&c| c != cell(0, 0) && c != cell(1, 1))
            .collect();
        remove(&mut work, others.iter().copied(), 1);
        remove(&mut work, others.iter().copied(), 2);
        let mut a = Advanced::default();
        a.find(&source, &work, 1, &mut NestedCache::default());
        let removed: Vec<_> = a.removals.iter().map(|&(p, _, _, _)| p).collect();
        let expected: Vec<_> = [cell(0, 0), cell(1, 1)]
            .into_iter()
            .flat_map(|c| (3..=9).map(move |v| Pot::new(c, d(v), false)))
            .collect();
        assert_eq!(removed, expected);
        let want: Vec<_> = others
            .iter()
            .flat_map(|&c| [Pot::new(c, d(1), false), Pot::new(c, d(2), false)])
            .collect();
        for &(_, s, e, _) in &a.removals {
            assert_eq!(a.parents[s as usize..e as usize], want[..]);
        }
    }
}
