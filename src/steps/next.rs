//! The next step: Sudoku Explainer's producers in SE's order ([`next_step`]), and what the
//! engine can do in a position ([`Next`]). The order and the techniques: the module
//! documentation of [`crate::steps`] and `docs/steps.md`.

use super::budget::Budget;
use super::grid::Grid;
use super::step::{First, Focus, Step};
use super::{bug, chains, exclusion, fish, intersections, singles, subsets, uniqueness, wings};
use crate::geometry::{Cell, CellSet, CELLS};

/// The lower bound, in tenths, of SE's next step where the engine has none (see
/// [`Next::Beyond`]): 11.0, the nested forcing chains of level 5, the last of SE's ladder.
pub const BEYOND_AT_LEAST: u8 = 110;

/// What the engine can do next in a position.
// A `Step` inline rather than boxed: one `Next` is returned a step, and a box would allocate
// for each.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Next {
    /// The step Sudoku Explainer would take.
    Step(Step),
    /// Every cell holds a digit.
    Solved,
    /// An empty cell has no candidate left: the position has no solution.
    Contradiction,
    /// No technique finds anything, up to the nested forcing chains of level 5, the last of
    /// SE's producers: SE has no next step either. `at_least` (tenths) is 11.0, their base
    /// rating ([`BEYOND_AT_LEAST`]); or 9.5 when the budget does not allow the nested forcing
    /// chains ([`next_step_within`]), SE's next step then rating at least that.
    Beyond {
        /// Lower bound of the ER of SE's next step, in tenths.
        at_least: u8,
    },
    /// The budget ran out while the engine searched ([`next_step_within`]); SE's next step
    /// rates at least `at_least` (tenths): the base rating of the producer it was in, since
    /// every producer before it found nothing.
    OutOfBudget {
        /// Lower bound of the ER of SE's next step, in tenths.
        at_least: u8,
    },
}

/// The next step in Sudoku Explainer's order: the first technique of SE's list of producers that
/// finds something, and within it the first pattern in SE's search order. That is the easiest
/// step, except that SE's list puts the direct techniques before the naked single, the
/// uniqueness techniques (4.5 and up) before the naked quad, and its hidden-single producer gives
/// full houses, box and line singles from one pass.
pub fn next_step(grid: &Grid) -> Next {
    next_step_within(grid, &Budget::UNLIMITED)
}

/// As [`next_step`], but the nested forcing chains stop when `budget` runs out (checked before
/// each cell's propagations), with [`Next::OutOfBudget`], and are skipped when the budget does
/// not allow them ([`Next::Beyond`] at 9.5). The producers before them take a few milliseconds
/// at most and are not interrupted.
pub fn next_step_within(grid: &Grid, budget: &Budget) -> Next {
    next_step_sharing(grid, budget, &mut PathMemory::new())
}

/// What the searches at one position keep for the next along a path, where each position is
/// the one before less a step's candidates: the dynamic searches' propagations and nested steps
/// ([`chains::dynamic::Shared`]), the last grid where producer 14 found nothing and no
/// potential reached its negation ([`chains::UnaryMemory`]), and the grid where the aligned
/// triplet exclusion last found nothing ([`exclusion::TripletMemory`]), and the multiple
/// forcing chains' working memory ([`chains::multiple::MultipleMemory`]). Any grid may follow:
/// what is kept stays true.
#[derive(Default)]
pub struct PathMemory {
    chains: chains::dynamic::Shared,
    unary: chains::UnaryMemory,
    triplets: exclusion::TripletMemory,
    simple: SimpleMemory,
    loops: uniqueness::LoopMemory,
    multiple: chains::multiple::MultipleMemory,
}

/// The candidates of the last grid where every producer before the chains found nothing.
///
/// At a grid that is that one less some candidates, a pointing or claiming, subset, fish or
/// wing step must hold a candidate that changed: a pattern whose defining candidates (a naked
/// subset's cells, a hidden subset's or a fish's digits in its houses, the digit in a box or
/// line outside the other house, a wing's three cells) all stayed was there before, and removed
/// then at least what it removes now, which was nothing. So those producers look only at
/// patterns with a removed candidate ([`Focus`]), the way the dynamic chains' advanced rules
/// do, and find the same first step. A direct hidden subset's step depends on its whole house,
/// an aligned pair exclusion's on its two cells and their common peers: they look where those
/// changed. The unique loops keep their own memory ([`uniqueness::LoopMemory`]); the direct
/// pointing and claiming, the singles and the BUG search everything.
#[derive(Default)]
struct SimpleMemory {
    nothing_on: Option<[u16; CELLS]>,
}

impl SimpleMemory {
    /// The candidates removed since the grid kept, when `grid` is that grid less some
    /// candidates; else every candidate.
    fn focus(&self, grid: &Grid) -> Focus {
        let Some(before) = &self.nothing_on else {
            return Focus::EVERYWHERE;
        };
        let now = grid.candidate_masks();
        if (0..CELLS).any(|i| now[i] & !before[i] != 0) {
            return Focus::EVERYWHERE;
        }
        let mut focus = Focus([CellSet::EMPTY; 9]);
        for (i, cell) in Cell::ALL.iter().enumerate() {
            let mut removed = before[i] & !now[i];
            while removed != 0 {
                let d = removed.trailing_zeros() as usize;
                removed &= removed - 1;
                focus.0[d] = focus.0[d].with(*cell);
            }
        }
        focus
    }
}

impl PathMemory {
    /// Nothing kept yet.
    pub fn new() -> PathMemory {
        PathMemory::default()
    }
}

/// As [`next_step_within`], with what the searches keep from one call to the next in `memory`
/// (a path takes one step after another: its searches reuse the same propagations, and the
/// triplet exclusion looks again only where the grid changed).
pub fn next_step_sharing(grid: &Grid, budget: &Budget, memory: &mut PathMemory) -> Next {
    let PathMemory {
        chains: shared,
        unary,
        triplets,
        simple,
        loops,
        multiple,
    } = memory;
    if grid.is_broken() {
        return Next::Contradiction;
    }
    if grid.is_solved() {
        return Next::Solved;
    }
    let focus = simple.focus(grid);
    let changed = focus.cells();
    let first = |search: &dyn Fn(&mut First)| {
        let mut first = First::default();
        search(&mut first);
        first.0
    };
    let naked = |degree| first(&|f| subsets::each_naked_set(grid, degree, &focus, f.keep()));
    let hidden =
        |degree| first(&|f| subsets::each_hidden_set(grid, degree, false, &focus, f.keep()));
    let direct_hidden =
        |degree| first(&|f| subsets::each_hidden_set(grid, degree, true, &focus, f.keep()));
    let fish = |degree| first(&|f| fish::each_fish(grid, degree, &focus, f.keep()));
    let easy: [&dyn Fn() -> Option<Step>; 14] = [
        &|| singles::hidden_single(grid),
        &|| intersections::locked_candidates(grid, true),
        &|| direct_hidden(2),
        &|| singles::naked_single(grid),
        &|| direct_hidden(3),
        &|| first(&|f| intersections::each_locked_candidates(grid, false, &focus, f.keep())),
        &|| naked(2),
        &|| fish(2),
        &|| hidden(2),
        &|| naked(3),
        &|| fish(3),
        &|| hidden(3),
        &|| wings::xy_wing_touching(grid, false, changed),
        &|| wings::xy_wing_touching(grid, true, changed),
    ];
    for technique in easy {
        if let Some(step) = technique() {
            return Next::Step(step);
        }
    }
    if let Some(step) = uniqueness::unique_loop_after(grid, loops) {
        return Next::Step(step);
    }
    let hard: [&dyn Fn() -> Option<Step>; 5] = [
        &|| naked(4),
        &|| fish(4),
        &|| hidden(4),
        &|| bug::bug(grid),
        &|| exclusion::aligned_pair_exclusion_touching(grid, changed),
    ];
    for technique in hard {
        if let Some(step) = technique() {
            return Next::Step(step);
        }
    }
    simple.nothing_on = Some(*grid.candidate_masks());
    // Producer 14: X-, Y- and XY-cycles, forcing X-chains and forcing chains (6.5 and up).
    if let Some(step) = chains::unary_chains_after(grid, unary) {
        return Next::Step(step);
    }
    // Producer 15, the aligned triplet exclusion (7.5); 16, Nishio forcing chains (7.5 and
    // up); 17, multiple forcing chains (8.0 and up); 18, dynamic forcing chains (8.5 and up);
    // 19, dynamic forcing chains (+) (9.0 and up).
    if let Some(step) = exclusion::aligned_triplet_exclusion_after(grid, triplets) {
        return Next::Step(step);
    }
    if let Some(step) = chains::nishio::nishio(grid) {
        return Next::Step(step);
    }
    // The reachability producer 14 built on this grid, unless it had no need to.
    if let Some(step) = chains::multiple::multiple_after(grid, unary.reach(grid), multiple) {
        return Next::Step(step);
    }
    // The dynamic searches of this position share their propagations' memory, and from level
    // 2 on the nested producers' steps.
    shared.next_position();
    for level in [&chains::dynamic::DYNAMIC, &chains::dynamic::DYNAMIC_PLUS] {
        let unlimited = &Budget::UNLIMITED;
        if let Ok(Some(step)) = chains::dynamic::dynamic_cached(grid, level, unlimited, shared) {
            return Next::Step(step);
        }
    }
    // 20: nested forcing chains of level 2, then of level 3 (9.5 and 10.0 and up); 21: of
    // level 4, then of level 5 (10.5 and 11.0 and up). They take from milliseconds to
    // seconds: within the budget, when allowed.
    if !budget.allows_nested() {
        return Next::Beyond {
            at_least: chains::dynamic::NESTED_FORCING.base_tenths(),
        };
    }
    for level in [
        &chains::dynamic::NESTED_FORCING,
        &chains::dynamic::NESTED_MULTIPLE,
        &chains::dynamic::NESTED_DYNAMIC,
        &chains::dynamic::NESTED_DYNAMIC_FORCING,
    ] {
        match chains::dynamic::dynamic_cached(grid, level, budget, shared) {
            Ok(Some(step)) => return Next::Step(step),
            Ok(None) => {}
            Err(chains::dynamic::OutOfBudget) => {
                return Next::OutOfBudget {
                    at_least: level.base_tenths(),
                }
            }
        }
    }
    // SE's ladder ends there.
    Next::Beyond {
        at_least: BEYOND_AT_LEAST,
    }
}

/// For tests of what a path keeps: each position of the plain paths (no nested chains) of the
/// varied hard grids ([`crate::steps::grid::varied_grids`]), at most `most` a path, given to
/// `visit` with true at the first position of each path.
#[cfg(test)]
pub(crate) fn each_plain_position(most: usize, mut visit: impl FnMut(&Grid, bool)) {
    let plain = Budget::UNLIMITED.without_nested();
    for start in crate::steps::grid::varied_grids() {
        let mut g = start;
        for k in 0..most {
            visit(&g, k == 0);
            match next_step_within(&g, &plain) {
                Next::Step(s) => s.apply(&mut g),
                _ => break,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{Cell, Digit, House, HouseKind};
    use crate::steps::grid;
    use crate::steps::rate::{rate, rate_grid};
    use crate::steps::step::{self, Chain, Potential, Technique};
    use crate::Board;

    #[test]
    fn what_a_path_keeps_changes_no_step() {
        // Along the plain paths of hard grids, and with one memory across them all: the next
        // step with what the positions before kept equals the step without.
        let plain = Budget::UNLIMITED.without_nested();
        let (mut memory, mut across) = (PathMemory::new(), PathMemory::new());
        let (mut narrowed, mut simple, mut positions) = (0, 0, 0);
        each_plain_position(80, |g, first| {
            if first {
                memory = PathMemory::new();
            }
            let fresh = next_step_within(g, &plain);
            let focused = memory.simple.focus(g) != Focus::EVERYWHERE;
            narrowed += usize::from(focused);
            if focused && matches!(fresh, Next::Step(s) if (26..=62).contains(&s.er)) {
                simple += 1;
            }
            assert_eq!(next_step_sharing(g, &plain, &mut memory), fresh);
            assert_eq!(next_step_sharing(g, &plain, &mut across), fresh);
            positions += 1;
        });
        assert!(
            narrowed >= 300 && simple >= 30,
            "{narrowed} narrowed, {simple} simple steps among them, {positions} positions"
        );
    }

    #[test]
    fn direct_hidden_pair_comes_before_a_naked_single() {
        // SE's producer list puts the direct hidden pair (2.0) before the naked single (2.3).
        let mut g = Grid::from_board(&Board::EMPTY);
        let b = House::new(HouseKind::Box, 0).unwrap().cells();
        for v in [1, 2] {
            grid::remove(&mut g, b[2..].iter().copied(), v);
        }
        grid::remove(
            &mut g,
            b.iter().copied().filter(|&c| c != b[0] && c != b[4]),
            3,
        );
        let last = Cell::at(8, 8).unwrap();
        for v in 1..9 {
            grid::remove(&mut g, [last], v);
        }
        let Next::Step(s) = next_step(&g) else {
            panic!("a step")
        };
        assert_eq!(s.technique, Technique::DirectHiddenPair);
        assert_eq!(s.placement, Some((b[4], Digit::new(3).unwrap())));
        // The position also holds a naked single (r9c9 = 9).
        assert_eq!(
            singles::naked_single(&g).unwrap().placement,
            Some((last, Digit::new(9).unwrap()))
        );
    }

    #[test]
    fn empty_board_is_beyond_and_an_empty_cell_a_contradiction() {
        // No single, subset, fish or wing, no bivalue cell (so no unique loop, no aligned
        // exclusion) and no BUG; no chain of any kind the engine has (even a dynamic (+) one:
        // an assumption "on" removes its digit from its peers and the cell's other digits,
        // which leaves every other digit seven places or more in each house, in two or three
        // boxes of each line, and no cell with two candidates, so neither a strong link nor a
        // pointing, claiming, pair or X-Wing, nor, at levels 2 and 3, a cycle or forcing
        // chain; an assumption "off" removes one candidate). Without the nested forcing
        // chains (levels 4 and 5 would take minutes here), SE's next step rates 9.5 or more.
        use crate::steps::budget::Budget;
        use crate::steps::chains::dynamic::{first, NESTED_FORCING, NESTED_MULTIPLE};
        let g = Grid::from_board(&Board::EMPTY);
        let plain = Budget::UNLIMITED.without_nested();
        assert_eq!(next_step_within(&g, &plain), Next::Beyond { at_least: 95 });
        for level in [&NESTED_FORCING, &NESTED_MULTIPLE] {
            assert!(first(&g, level, &Budget::UNLIMITED).unwrap().is_none());
        }
        let r = crate::steps::rate::rate_within(&Board::EMPTY, &plain);
        assert_eq!((r.er, r.ep, r.ed, r.complete), (95, 0, 0, false));
        let mut g = g;
        for v in 1..=9 {
            grid::remove(&mut g, [Cell::at(4, 4).unwrap()], v);
        }
        assert_eq!(next_step(&g), Next::Contradiction);
        assert!(rate_grid(g).contradiction);
    }

    /// Step `k` (from 1) of the engine's path from `puzzle`, with the steps before applied.
    fn nth_step(puzzle: &str, k: usize) -> Step {
        let mut g = Grid::from_board(&puzzle.parse::<Board>().unwrap());
        for _ in 1..k {
            let Next::Step(s) = next_step(&g) else {
                panic!("the path ends early")
            };
            s.apply(&mut g);
        }
        let Next::Step(s) = next_step(&g) else {
            panic!("no step {k}")
        };
        s
    }

    /// `(cell index, digit)` of a step's removals, `"rNcM"` and digit from the expectations.
    fn removed(s: &Step) -> Vec<(usize, u8)> {
        step::removals(s)
    }

    fn at(r: usize, c: usize) -> usize {
        (r - 1) * 9 + c - 1
    }

    /// A step that removes one candidate: (step number, technique, ER in tenths, (row, column,
    /// digit) removed).
    type OneRemoval = (usize, Technique, u8, (usize, usize, u8));

    /// Checks steps of the path from `p` that each remove one candidate.
    fn check_removals(p: &str, expected: &[OneRemoval]) {
        for &(k, technique, er, (r, c, d)) in expected {
            let s = nth_step(p, k);
            assert_eq!((s.technique, s.er), (technique, er), "step {k}");
            assert_eq!(
                (s.placement, removed(&s)),
                (None, vec![(at(r, c), d)]),
                "step {k}"
            );
        }
    }

    // The expectations below are serate 1.2.1.3's own steps on the same paths (its hints'
    // names, difficulties, complexities and removals, printed by a tracer around SE's
    // Solver), the paths agreeing up to there.

    #[test]
    fn nishio_forcing_chains_remove_and_place() {
        let p = "...23.896....6.......74..5..6....5..8..9.....3...741.8..3...4...14...67.........2";
        // 15: "Nishio Forcing Chain: C3.1 on ==> D7.1 both on & off", complexity 14, 7.8.
        let s = nth_step(p, 15);
        assert_eq!((s.technique, s.er), (Technique::NishioForcingChain, 78));
        assert_eq!((s.placement, removed(&s)), (None, vec![(at(3, 3), 1)]));
        // 18: "F4.1 on ==> C1.1 both on & off", complexity 8, 7.6.
        let s = nth_step(p, 18);
        assert_eq!((s.technique, s.er), (Technique::NishioForcingChain, 76));
        assert_eq!(removed(&s), vec![(at(4, 6), 1)]);
        // From "off": "H2.2 off ==> F9.2 both on & off", complexity 11, 7.8: r2c8 = 2.
        let p = "1.3..7.89.....93.7.8............34....4..5......6..2.834.....6.....9....8..7....4";
        let s = nth_step(p, 16);
        assert_eq!((s.technique, s.er), (Technique::NishioForcingChain, 78));
        let (place_cell, place_digit) = (Cell::at(1, 7).unwrap(), Digit::new(2).unwrap());
        assert_eq!(s.placement, Some((place_cell, place_digit)));
        assert_eq!(removed(&s), vec![(at(2, 8), 1), (at(2, 8), 5)]);
        // The step shows both chains: from the start to the on- and to the off-potential.
        let ends = s
            .chain
            .entries()
            .iter()
            .filter(|&&e| e == Chain::BRANCH_END);
        assert_eq!(ends.count(), 2);
        assert_eq!(
            Potential(s.chain.entries()[0]),
            Potential::new(place_cell, place_digit, false)
        );
    }

    #[test]
    fn cell_and_region_forcing_chains_remove_and_place() {
        let p = "...23.896....6.......74..5..6....5..8..9.....3...741.8..3...4...14...67.........2";
        // 16: "Region Forcing Chains: 2 in row ==> B5.2 off", complexity 10, 8.2.
        let s = nth_step(p, 16);
        assert_eq!((s.technique, s.er), (Technique::RegionForcingChain, 82));
        assert_eq!(removed(&s), vec![(at(5, 2), 2)]);
        // 17: "Cell Forcing Chains: C1 ==> A1.1 off", complexity 12, 8.3: one branch per
        // candidate of r1c3.
        let s = nth_step(p, 17);
        assert_eq!((s.technique, s.er), (Technique::CellForcingChain, 83));
        assert_eq!(removed(&s), vec![(at(1, 1), 1)]);
        let branches = s
            .chain
            .entries()
            .iter()
            .filter(|&&e| e == Chain::BRANCH_END);
        assert_eq!(branches.count(), 3);
        // "Cell Forcing Chains: F7 ==> C6.8 on", complexity 17, 8.4: r6c3 = 8.
        let p = ".56.....7...1...92.....7....6..2...1.7...98..3......4.13..........68.5.4......9..";
        let s = nth_step(p, 32);
        assert_eq!((s.technique, s.er), (Technique::CellForcingChain, 84));
        let place = (Cell::at(5, 2).unwrap(), Digit::new(8).unwrap());
        assert_eq!(
            (s.placement, removed(&s)),
            (Some(place), vec![(at(6, 3), 1)])
        );
        // "Region Forcing Chains: 4 in block ==> B7.2 on", complexity 18, 8.4: r7c2 = 2.
        let p = "..5........3.8...4...1..7.56.1......8..4.3..2....1..4.5.8....9..1.7..6......29...";
        let s = nth_step(p, 12);
        assert_eq!((s.technique, s.er), (Technique::RegionForcingChain, 84));
        let place = (Cell::at(6, 1).unwrap(), Digit::new(2).unwrap());
        assert_eq!(s.placement, Some(place));
        assert_eq!(removed(&s), vec![(at(7, 2), 3), (at(7, 2), 7)]);
    }

    #[test]
    fn dynamic_forcing_chains_of_each_kind() {
        // serate's steps 32-37 of this top1465 path: "Region Forcing Chains: 2 in row ==>
        // G3.2 off" complexity 16, 8.9; "Contradiction Forcing Chain: I2.7 on ==> G1.5 both on
        // & off" 20, 9.0; region 22 and 24, 9.0; "F2.1 on" contradiction 24, 9.0; "Cell
        // Forcing Chains: F9 ==> F3.5 off" 25, 9.0.
        let p = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
        let expected = [
            (32, Technique::DynamicRegionForcingChain, 89, (3, 7, 2)),
            (33, Technique::DynamicContradictionChain, 90, (2, 9, 7)),
            (34, Technique::DynamicRegionForcingChain, 90, (4, 9, 3)),
            (35, Technique::DynamicRegionForcingChain, 90, (3, 8, 5)),
            (36, Technique::DynamicContradictionChain, 90, (2, 6, 1)),
            (37, Technique::DynamicCellForcingChain, 90, (3, 6, 5)),
        ];
        check_removals(p, &expected);
        // "Double Forcing Chain: C6.6 on & off ==> C6.5 off", complexity 14, 8.8.
        let p = "....3..715..4.2............2..6..4...38.7..............7..8..1.6..5..2...........";
        let s = nth_step(p, 27);
        assert_eq!((s.technique, s.er), (Technique::DynamicDoubleChain, 88));
        assert_eq!(removed(&s), vec![(at(6, 3), 5)]);
    }

    #[test]
    fn dynamic_forcing_chains_plus_of_each_kind() {
        // serate's steps 11-16, 19 and 20 on this top1465 puzzle (9.8/1.2/1.2), all of
        // producer 19: "Region Forcing Chains: 5 in column ==> C1.5 off" complexity 39, 9.7;
        // "Contradiction Forcing Chain: G3.5 on ==> E6.3 both on & off" 46, 9.7; "D3.1 on" 51,
        // 9.8; "Region Forcing Chains: 5 in block ==> B1.5 off" 53, 9.8; "Double Forcing Chain:
        // F1.2 on & off ==> D8.2 off" 57, 9.8; "D1.1 on" 61, 9.8; "C4.8 on" 42, 9.7; "B6.4 on"
        // 61, 9.8. The same with SE's removals of advanced rules in either order (its hash map
        // order, or row-major as here).
        let p = "7.....4...2..7..8...3..8..9...5..3...6..2..9...1..7..6...3..9...3..4..6...9..1..5";
        let expected = [
            (11, Technique::DynamicPlusRegionForcingChain, 97, (1, 3, 5)),
            (12, Technique::DynamicPlusContradictionChain, 97, (3, 7, 5)),
            (13, Technique::DynamicPlusContradictionChain, 98, (3, 4, 1)),
            (14, Technique::DynamicPlusRegionForcingChain, 98, (1, 2, 5)),
            (15, Technique::DynamicPlusDoubleChain, 98, (8, 4, 2)),
            (16, Technique::DynamicPlusContradictionChain, 98, (1, 4, 1)),
            (19, Technique::DynamicPlusContradictionChain, 97, (4, 3, 8)),
            (20, Technique::DynamicPlusContradictionChain, 98, (6, 2, 4)),
        ];
        check_removals(p, &expected);
    }

    #[test]
    fn rating_of_a_chain_puzzle() {
        // From ratings/se_qqwing_2000.txt: serate 1.2.1.3 gives 6.7/1.2/1.2 (a chain of
        // producer 14).
        let b: Board =
            "...4.6.......8...5.49..2.6..5.8....9.......41..4...2....23...94.....8.1..91.5...2"
                .parse()
                .unwrap();
        let r = rate(&b);
        assert!(r.complete);
        assert_eq!((r.er, r.ep, r.ed), (67, 12, 12));
    }

    #[test]
    fn rating_of_a_qqwing_puzzle() {
        // From ratings/se_qqwing_2000.txt: serate 1.2.1.3 gives 1.5/1.2/1.2.
        let b: Board =
            ".9.....4157.1..6.....8..........54.8.......1...64..579...58.3.....7.3.6.3..6.49.."
                .parse()
                .unwrap();
        let r = rate(&b);
        assert!(r.complete);
        assert_eq!((r.er, r.ep, r.ed), (15, 12, 12));
        assert_eq!(r.hardest, Some(Technique::HiddenSingleLine));
    }
}
