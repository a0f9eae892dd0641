//! Positions built by hand for each kind of chain, with their steps worked out by hand, and
//! SE's length bonus.

use super::potential::{difficulty, length_bonus, tenths, Pot};
use super::*;
use crate::board::Board;
use crate::geometry::{Cell, CellSet, Digit};
use crate::steps::grid::{cell, remove, with_candidates};
use crate::steps::step::removals;

/// The empty board with `digit` a candidate only in the listed cells (every other digit stays
/// everywhere, so only `digit` has strong links).
fn only(digit: u8, keep: &[Cell]) -> Grid {
    let mut g = Grid::from_board(&Board::EMPTY);
    remove(
        &mut g,
        Cell::ALL.into_iter().filter(|c| !keep.contains(c)),
        digit,
    );
    g
}

/// A chain written as "r1c4+1 r2c5-1 …".
fn chain(s: &Step) -> String {
    s.chain
        .entries()
        .iter()
        .map(|&v| {
            let p = crate::steps::Potential(v);
            format!(
                "r{}c{}{}{}",
                p.cell().row() + 1,
                p.cell().column() + 1,
                if p.is_on() { '+' } else { '-' },
                p.digit().get()
            )
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// (cell index, digit) for each cell of `cells` with `digit`.
fn each(digit: u8, cells: impl IntoIterator<Item = Cell>) -> Vec<(usize, u8)> {
    cells.into_iter().map(|c| (c.index(), digit)).collect()
}

#[test]
fn length_bonus_follows_se_thresholds() {
    // complexity -> bonus in tenths: <= 6: 0, 7-8: 1, 9-10: 2, 11-14: 3, 15-18: 4, 19-26: 5,
    // 27-34: 6, 35-50: 7, 51-66: 8, 67-98: 9, 99-130: 10, 131-194: 11.
    let table: [(u32, u32, u8); 12] = [
        (1, 6, 0),
        (7, 8, 1),
        (9, 10, 2),
        (11, 14, 3),
        (15, 18, 4),
        (19, 26, 5),
        (27, 34, 6),
        (35, 50, 7),
        (51, 66, 8),
        (67, 98, 9),
        (99, 130, 10),
        (131, 194, 11),
    ];
    for (low, high, bonus) in table {
        for c in low..=high {
            assert_eq!(tenths(length_bonus(c)), bonus, "complexity {c}");
            assert_eq!(tenths(difficulty(6.5, c)), 65 + bonus, "complexity {c}");
            assert_eq!(tenths(difficulty(6.6, c)), 66 + bonus, "complexity {c}");
            assert_eq!(tenths(difficulty(7.0, c)), 70 + bonus, "complexity {c}");
        }
    }
    assert_eq!(tenths(length_bonus(195)), 12);
}

#[test]
fn a_forcing_x_chain_at_6_7_sorts_before_an_x_cycle_at_6_7() {
    // SE adds in doubles: 6.6 + 0.1 is one ulp below 6.7, and 6.5 + 0.2 is 6.7.
    let chain = difficulty(6.6, 7);
    let cycle = difficulty(6.5, 9);
    assert_eq!(chain, 6.699999999999999);
    assert_eq!(cycle, 6.7);
    assert!(chain < cycle);
    assert_eq!((tenths(chain), tenths(cycle)), (67, 67));
    // Likewise 6.6 + 0.3 < 6.5 + 0.4 (both print 6.9).
    assert!(difficulty(6.6, 11) < difficulty(6.5, 15));
    // So a forcing X-chain of complexity 7 found after an X-cycle of complexity 9 comes first,
    // though its complexity is not lower...
    let found = |difficulty, complexity, key| Found {
        difficulty,
        complexity,
        key,
        step: Step::new(Technique::XCycle),
    };
    let mut best = Best::default();
    best.offer(found(cycle, 9, 2));
    best.offer(found(chain, 7, 2));
    assert_eq!(best.0.unwrap().difficulty, chain);
    // ... and among equal ratings the lower complexity, then the pass key, then the first wins.
    let mut best = Best::default();
    best.offer(found(6.5, 6, 3));
    best.offer(found(6.5, 5, 4));
    assert_eq!(best.0.unwrap().complexity, 5);
    best.offer(found(6.5, 5, 2));
    assert_eq!(best.0.unwrap().key, 2);
    best.offer(found(6.5, 5, 2));
    best.offer(found(6.6, 4, 2));
    assert_eq!(
        (best.0.unwrap().difficulty, best.0.unwrap().complexity),
        (6.5, 5)
    );
}

#[test]
fn potentials_keep_cell_digit_and_state() {
    let p = Pot::new(cell(4, 7), Digit::new(6).unwrap(), true);
    assert_eq!(
        (p.cell(), p.digit().get(), p.is_on()),
        (cell(4, 7), 6, true)
    );
    let q = p.negated();
    assert_eq!(
        (q.cell(), q.digit().get(), q.is_on()),
        (cell(4, 7), 6, false)
    );
    assert_eq!(q.negated(), p);
    assert_eq!(
        p.to_step(),
        crate::steps::Potential::new(cell(4, 7), Digit::new(6).unwrap(), true)
    );
}

#[test]
fn generalized_x_wing_is_a_four_cell_x_cycle() {
    // Digit 1: rows 1 and 5 hold it only in columns 1 and 5 (an X-Wing, as an X-cycle of four
    // cells r1c1 = r1c5 - r5c5 = r5c1 - r1c1); elsewhere it is everywhere. The cycle removes 1
    // from the other cells of columns 1 and 5. Complexity 4: 6.5, no bonus.
    let keep: Vec<Cell> = Cell::ALL
        .into_iter()
        .filter(|c| (c.row() != 0 && c.row() != 4) || c.column() == 0 || c.column() == 4)
        .collect();
    let g = only(1, &keep);
    let s = unary_chains(&g).expect("an X-cycle");
    assert_eq!(s.technique, Technique::XCycle);
    assert_eq!(s.er, 65);
    assert_eq!(s.placement, None);
    let mut expect = each(
        1,
        (0..9)
            .filter(|&r| r != 0 && r != 4)
            .flat_map(|r| [cell(r, 0), cell(r, 4)]),
    );
    expect.sort();
    assert_eq!(removals(&s), expect);
    assert_eq!(chain(&s), "r1c1+1 r5c1-1 r5c5+1 r1c5-1 r1c1+1");
    assert_eq!(
        s.cells,
        CellSet::EMPTY
            .with(cell(0, 0))
            .with(cell(0, 4))
            .with(cell(4, 0))
            .with(cell(4, 4))
    );
    assert_eq!(s.digits, 1);
}

#[test]
fn turbot_fish_is_a_forcing_x_chain_of_six() {
    // Digit 1: column 1 holds it only in r1c1 and r7c1, column 5 only in r2c5 and r7c5 (a
    // skyscraper: r1c1 = r7c1 - r7c5 = r2c5); everywhere else it stays. A cell seeing r1c1 and
    // r2c5 cannot be 1: r1c4 on => r2c5 off => r7c5 on => r7c1 off => r1c1 on => r1c4 off,
    // six potentials: 6.6, no bonus. r1c4 is the first such cell (r1c6, r2c2, r2c3 follow).
    let keep: Vec<Cell> = Cell::ALL
        .into_iter()
        .filter(|c| match c.column() {
            0 => c.row() == 0 || c.row() == 6,
            4 => c.row() == 1 || c.row() == 6,
            _ => true,
        })
        .collect();
    let g = only(1, &keep);
    let s = unary_chains(&g).expect("a turbot fish");
    assert_eq!(s.technique, Technique::ForcingXChain);
    assert_eq!(s.er, 66);
    assert_eq!(removals(&s), vec![(cell(0, 3).index(), 1)]);
    assert_eq!(chain(&s), "r1c4+1 r2c5-1 r7c5+1 r7c1-1 r1c1+1 r1c4-1");
    assert_eq!(s.cells.len(), 5);
    // The same chain read from the other candidates of its ends: each of r1c6, r2c2, r2c3 is
    // false too, and the direct searches find them, at the same rating.
    for target in [cell(0, 5), cell(1, 1), cell(1, 2)] {
        let mut ws = Workspace::default();
        let mut best = Best::default();
        let start = Pot::new(target, Digit::new(1).unwrap(), true);
        forcing::search(&g, &mut ws, start, Pass::X, |_| {}, &mut best);
        let f = best.0.expect("a forcing X-chain");
        assert_eq!((f.complexity, f.step.er), (6, 66));
        assert_eq!(removals(&f.step), vec![(target.index(), 1)]);
    }
}

#[test]
fn y_cycle_through_four_bivalue_cells() {
    // r1c1 {1,2}, r1c5 {2,3}, r5c5 {3,4}, r5c1 {4,1}: a loop of bivalue cells. Eight
    // potentials (two per cell): 6.5 + 0.1. Each link removes its digit from the cells seeing
    // both of its cells: 2 from row 1, 3 from column 5, 4 from row 5, 1 from column 1. No
    // house has a digit in two places only, so the X pass finds nothing.
    let g = with_candidates(&[
        (cell(0, 0), &[1, 2]),
        (cell(0, 4), &[2, 3]),
        (cell(4, 4), &[3, 4]),
        (cell(4, 0), &[1, 4]),
    ]);
    let s = unary_chains(&g).expect("a Y-cycle");
    assert_eq!(s.technique, Technique::YCycle);
    assert_eq!(s.er, 66);
    let corners = [0, 4];
    let mut expect = Vec::new();
    expect.extend(each(
        1,
        (0..9).filter(|r| !corners.contains(r)).map(|r| cell(r, 0)),
    ));
    expect.extend(each(
        2,
        (0..9).filter(|c| !corners.contains(c)).map(|c| cell(0, c)),
    ));
    expect.extend(each(
        3,
        (0..9).filter(|r| !corners.contains(r)).map(|r| cell(r, 4)),
    ));
    expect.extend(each(
        4,
        (0..9).filter(|c| !corners.contains(c)).map(|c| cell(4, c)),
    ));
    assert_eq!(removals(&s), expect);
    assert_eq!(
        chain(&s),
        "r1c1+1 r5c1-1 r5c1+4 r5c5-4 r5c5+3 r1c5-3 r1c5+2 r1c1-2 r1c1+1"
    );
    assert_eq!(s.digits, 0b1111);
}

#[test]
fn forcing_chain_through_bivalue_cells_gets_a_length_bonus() {
    // An XY-chain r1c1 {1,2} - r1c5 {2,3} - r5c5 {3,4} - r5c7 {4,1}, not closed: a cell seeing
    // both ends cannot be 1. Found in the XY pass from r1c7 (before r5c1): ten potentials,
    // 7.0 + 0.2. Of the two chains of ten (one each way round), the one through r1c1's
    // neighbour in row 1 is met first.
    let g = with_candidates(&[
        (cell(0, 0), &[1, 2]),
        (cell(0, 4), &[2, 3]),
        (cell(4, 4), &[3, 4]),
        (cell(4, 6), &[1, 4]),
    ]);
    let s = unary_chains(&g).expect("a forcing chain");
    assert_eq!(s.technique, Technique::ForcingChain);
    assert_eq!(s.er, 72);
    assert_eq!(removals(&s), vec![(cell(0, 6).index(), 1)]);
    assert_eq!(
        chain(&s),
        "r1c7+1 r1c1-1 r1c1+2 r1c5-2 r1c5+3 r5c5-3 r5c5+4 r5c7-4 r5c7+1 r1c7-1"
    );
}

#[test]
fn forcing_x_chain_from_off_places_a_digit() {
    // Digit 1 in row 1 only at r1c1 and r1c4, in column 1 only at r1c1 and r7c1, in column 5
    // only at r3c5 and r7c5; everywhere else it stays (so r1c4 - r3c5 in box 2 and r7c5 - r7c1
    // in row 7 are weak links only). r1c1 off => r1c4 on => r3c5 off => r7c5 on => r7c1 off
    // => r1c1 on: r1c1 is 1, a placement (a direct step), six potentials, 6.6. (The other way
    // round, through r7c1 on, is as long but met later.)
    let keep: Vec<Cell> = Cell::ALL
        .into_iter()
        .filter(|c| match (c.row(), c.column()) {
            (0, col) => col == 0 || col == 3,
            (r, 0) => r == 6,
            (r, 4) => r == 2 || r == 6,
            _ => true,
        })
        .collect();
    let mut g = only(1, &keep);
    let s = unary_chains(&g).expect("a forcing X-chain");
    assert_eq!(s.technique, Technique::ForcingXChain);
    assert_eq!(s.placement, Some((cell(0, 0), Digit::new(1).unwrap())));
    assert!(s.eliminations.is_empty());
    assert_eq!(s.er, 66);
    assert_eq!(chain(&s), "r1c1-1 r1c4+1 r3c5-1 r7c5+1 r7c1-1 r1c1+1");
    s.apply(&mut g);
    assert_eq!(g.value(cell(0, 0)), Digit::new(1));
}

#[test]
fn nothing_on_an_empty_board() {
    // No strong link anywhere: no chain of these kinds.
    assert!(unary_chains(&Grid::from_board(&Board::EMPTY)).is_none());
}

/// Asserts that a search with a shortcut found the same steps, in the same order, as
/// without it; returns how many.
fn assert_same_steps(plain: &[Whole], quick: &[Whole]) -> usize {
    assert_eq!(plain.len(), quick.len());
    for (a, b) in plain.iter().zip(quick) {
        assert_eq!(a.difficulty.to_bits(), b.difficulty.to_bits());
        assert_eq!(
            (a.complexity, a.key, a.origin),
            (b.complexity, b.key, b.origin)
        );
        assert_eq!(a.removals, b.removals);
        assert_eq!(a.chains, b.chains);
    }
    plain.len()
}

/// The shortcuts ([`implication`]) skip only searches that find nothing, and potentials that
/// lead to nothing ([`implication::Reach::dead_ends`]): every step of producer 14, its chains
/// written out, and its first, are the same with them and without them.
#[test]
fn the_reachability_shortcut_changes_no_step() {
    let (mut found, mut barren) = (0, 0);
    for grid in crate::steps::grid::varied_grids() {
        let mut plain = Best::every();
        unary_search_from(&grid, &mut plain, None, &mut Workspace::default());
        let mut quick = Best::every();
        unary_search(&grid, &mut quick);
        let n = assert_same_steps(&plain.into_sorted(), &quick.into_sorted());
        found += n;
        barren += usize::from(n == 0);
        let mut first = Best::default();
        unary_search_from(&grid, &mut first, None, &mut Workspace::default());
        let first = first.0.map(|f| chain(&f.step));
        assert_eq!(first, unary_chains(&grid).map(|s| chain(&s)));
    }
    // The grids hold steps to compare, and grids without any.
    assert!(found > 100 && barren > 0, "{found} {barren}");
}

/// The shortcuts skip only the cells and regions whose multiple forcing chains find nothing,
/// and (where no potential reaches its negation) the potentials that lead to no conclusion of
/// a start's groups: every cell and region forcing chain, its branches written out, and the
/// first, are the same with them and without them.
#[test]
fn the_reachability_shortcut_changes_no_multiple_chain() {
    let (mut found, mut barren) = (0, 0);
    for grid in crate::steps::grid::varied_grids() {
        let mut plain = Best::every();
        multiple::search_from(&grid, &mut plain, None);
        let quick = multiple::multiple_all(&grid, &implication::Reach::new(&grid));
        let n = assert_same_steps(&plain.into_sorted(), &quick);
        found += n;
        barren += usize::from(n == 0);
        let mut first = Best::default();
        multiple::search_from(&grid, &mut first, None);
        let first = first.0.map(|f| format!("{:?}", f.step));
        assert_eq!(first, multiple::multiple(&grid).map(|s| format!("{s:?}")));
    }
    assert!(found > 100 && barren > 0, "{found} {barren}");
}

/// Where no potential reaches its negation, the propagations of the multiple forcing chains
/// take only the potentials that lead to a conclusion of the start's cell or regions: on the
/// grids where the nested levels run them (the stalls of dynamic propagations on hard
/// puzzles), every step, its branches written out, is the same as with whole propagations.
#[test]
fn propagations_kept_to_the_conclusions_change_no_multiple_chain() {
    let (mut grids, mut found) = (0, 0);
    for g in crate::steps::chains::propagate::hard_stall_grids(3) {
        let reach = implication::Reach::new(&g);
        if reach.any_contradiction() {
            continue;
        }
        let mut plain = Best::every();
        multiple::search_from(&g, &mut plain, None);
        let quick = multiple::multiple_all(&g, &reach);
        found += assert_same_steps(&plain.into_sorted(), &quick);
        grids += 1;
    }
    assert!(grids > 50 && found > 20, "{grids} {found}");
}

#[test]
fn a_pair_of_candidates_is_exactly_two() {
    for mask in 0u16..512 {
        assert_eq!(super::potential::is_pair(mask), mask.count_ones() == 2);
    }
}

#[test]
fn the_memory_of_a_grid_without_contradiction_changes_no_step() {
    // Along the paths of hard grids (plain steps), and with one memory across unrelated grids:
    // producer 14's step with the memory equals its step without.
    let (mut quick, mut found, mut positions) = (0, 0, 0);
    let (mut memory, mut across) = (UnaryMemory::default(), UnaryMemory::default());
    crate::steps::next::each_plain_position(80, |g, first| {
        if first {
            memory = UnaryMemory::default();
        }
        let fresh = unary_chains(g);
        let reduced = memory.free.as_ref().is_some_and(|(before, _)| {
            g.candidate_masks()
                .iter()
                .zip(before)
                .all(|(now, then)| now & !then == 0)
        });
        quick += usize::from(reduced);
        let along = unary_chains_after(g, &mut memory);
        let other = unary_chains_after(g, &mut across);
        for s in [&along, &other] {
            assert_eq!(
                s.as_ref().map(|s| (s.er, removals(s), s.placement)),
                fresh.as_ref().map(|s| (s.er, removals(s), s.placement))
            );
        }
        found += usize::from(fresh.is_some());
        positions += 1;
    });
    assert!(
        found >= 20 && quick >= 50,
        "{found} found, {quick} quick, {positions}"
    );
}

/// The first step of producer 14 with every shortcut of a first-step search (the forcing
/// chains' lengths found over sets, the bounds from the best so far, the off-potentials
/// without a strong link of the pass skipped) is the first of every step kept whole by the
/// plain walks and sorted as SE sorts them: its rating, and what it removes (a placement
/// removes the cell's other candidates), along the plain paths of the varied hard grids.
#[test]
fn the_first_step_is_the_first_of_all_steps_sorted() {
    let (mut found, mut positions) = (0, 0);
    crate::steps::next::each_plain_position(60, |g, _| {
        let mut all = Best::every();
        unary_search_from(g, &mut all, None, &mut Workspace::default());
        let want = all.into_sorted().into_iter().next().map(|w| {
            let mut cells: Vec<(usize, u8)> = Vec::new();
            for (d, set) in w.removals.0.iter().enumerate() {
                cells.extend(set.iter().map(|c| (c.index(), d as u8 + 1)));
            }
            cells.sort();
            (tenths(w.difficulty), cells)
        });
        let got = unary_chains(g).map(|s| {
            let mut cells = removals(&s);
            if let Some((cell, digit)) = s.placement {
                let others = g.candidates(cell) & !(1 << digit.index());
                cells.extend(
                    (0..9)
                        .filter(|d| others >> d & 1 != 0)
                        .map(|d| (cell.index(), d as u8 + 1)),
                );
            }
            cells.sort();
            (s.er, cells)
        });
        assert_eq!(got, want);
        found += usize::from(want.is_some());
        positions += 1;
    });
    assert!(found >= 100, "{found} of {positions}");
}
