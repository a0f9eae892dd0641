//! Naked and hidden subsets (pairs, triplets, quads) in a house, and the direct hidden pair and
//! triplet.
//!
//! Rules as in Sudoku Explainer 1.2.1 (`diuf/sudoku/solver/rules/NakedSet.java`,
//! `HiddenSet.java`, `DirectHiddenSetHint.java`, `tools/CommonTuples.java`,
//! `tools/Permutations.java`): houses are searched boxes, then columns, then rows, each kind in
//! index order; the tuples of a house (of cell positions for naked sets, of digits for hidden
//! ones) go in increasing order of their bit mask. Every member of the tuple must have at least
//! two candidates (two places), and together exactly `degree`. A naked set is searched only in
//! houses with at least `2 * degree` empty cells; a hidden set only in houses with more than
//! `2 * degree` (the direct variants: more than `degree`). A naked set removes its digits from
//! the house's other cells, a hidden set the other digits from its cells, in that house only.
//! The direct hidden set needs a digit outside the set (the lowest such) with two or more places
//! in the house, exactly one of them outside the set's cells: that is the placement.

use super::grid::{houses, is_pair, ones9, Grid};
use super::singles::BOX_COLUMN_ROW;
use super::step::{First, Focus, HouseSet, RuleParents, Step, Technique};
use crate::geometry::{CellSet, Digit, House};

/// The 9-bit masks with `k` (1-4) bits set, in increasing order (SE's `Permutations` order).
pub(crate) fn tuples(k: u32) -> &'static [u16] {
    /// The masks with `K` bits set, in increasing order, then zeros to fill.
    const fn table<const N: usize>(k: u32) -> [u16; N] {
        let mut t = [0u16; N];
        let (mut m, mut n) = (0u16, 0);
        while m < 512 {
            if m.count_ones() == k {
                t[n] = m;
                n += 1;
            }
            m += 1;
        }
        t
    }
    const T1: [u16; 9] = table(1);
    const T2: [u16; 36] = table(2);
    const T3: [u16; 84] = table(3);
    const T4: [u16; 126] = table(4);
    match k {
        1 => &T1,
        2 => &T2,
        3 => &T3,
        _ => &T4,
    }
}

/// The first naked set of `degree` (2-4) in SE's order that removes something.
pub fn naked_set(grid: &Grid, degree: u32) -> Option<Step> {
    let mut first = First::default();
    each_naked_set(grid, degree, &Focus::EVERYWHERE, first.keep());
    first.0
}

/// Calls `visit` with each `k`-subset (`k >= 1`) of the bits of `eligible` (9 bits) whose
/// members' masks (`mask(i)` for bit `i`) have a union of at most `limit` bits, in the order of
/// [`tuples`] (increasing masks), until `visit` returns true (and then returns true). The
/// subsets left out are those a naked or hidden set of `limit` rejects anyway; a partial union
/// past `limit` cuts every subset holding it, unlike a walk over the whole table.
pub(crate) fn each_tuple(
    eligible: u16,
    k: u32,
    limit: u32,
    mask: &impl Fn(usize) -> u16,
    visit: &mut impl FnMut(u16) -> bool,
) -> bool {
    // The highest member first, lowest first, then the subsets below it: increasing masks.
    fn go(
        below: u16,
        k: u32,
        chosen: u16,
        union: u16,
        limit: u32,
        mask: &impl Fn(usize) -> u16,
        visit: &mut impl FnMut(u16) -> bool,
    ) -> bool {
        // The highest member has `k - 1` members below it: not one of the `k - 1` lowest.
        let mut tops = below;
        for _ in 1..k {
            tops &= tops.wrapping_sub(1);
        }
        while tops != 0 {
            let top = tops.trailing_zeros() as usize;
            tops &= tops - 1;
            let union = union | mask(top);
            if ones9(union) > limit {
                continue;
            }
            let chosen = chosen | 1 << top;
            let done = if k == 1 {
                visit(chosen)
            } else {
                go(
                    below & ((1 << top) - 1),
                    k - 1,
                    chosen,
                    union,
                    limit,
                    mask,
                    visit,
                )
            };
            if done {
                return true;
            }
        }
        false
    }
    go(eligible, k, 0, 0, limit, mask, visit)
}

/// Every naked set of `degree` (2-4) that removes something, in SE's order, each with its rule
/// parents (the other digits in the set's cells), until `f` returns true.
pub fn each_naked_set(
    grid: &Grid,
    degree: u32,
    focus: &Focus,
    mut f: impl FnMut(&Step, RuleParents) -> bool,
) {
    // A set's rule parents are in its own cells.
    let counting = focus.cells();
    // Cells that can belong to a naked set of `degree`: 2 to `degree` candidates (a cell with
    // more would take the union above `degree`, SE's test then fails).
    let fits = grid.cells_with_candidate_count(2, degree);
    for kind in BOX_COLUMN_ROW {
        for house in houses(kind) {
            let here = fits.intersection(house.cell_set()).bits();
            // Fewer than two cells fit (the cheap test first).
            if here & here.wrapping_sub(1) == 0 {
                continue;
            }
            let here = CellSet::from_bits(here);
            if here.len() < degree as usize || grid.empty_count(house) < 2 * degree {
                continue;
            }
            let cells = house.cells();
            let mut eligible = 0u16;
            let mut fresh = 0u16;
            for (i, &cell) in cells.iter().enumerate() {
                if here.contains(cell) {
                    eligible |= 1 << i;
                    if counting.contains(cell) {
                        fresh |= 1 << i;
                    }
                }
            }
            if fresh == 0 {
                continue;
            }
            let mask = |i: usize| grid.candidates(cells[i]);
            let done = each_tuple(eligible, degree, degree, &mask, &mut |tuple| {
                if tuple & fresh == 0 {
                    return false;
                }
                let mut union = 0u16;
                let mut ok = true;
                let mut set = CellSet::EMPTY;
                for (i, &cell) in cells.iter().enumerate() {
                    if tuple >> i & 1 != 0 {
                        let m = grid.candidates(cell);
                        if ones9(m) < 2 {
                            ok = false;
                            break;
                        }
                        union |= m;
                        set = set.with(cell);
                    }
                }
                if !ok || ones9(union) != degree {
                    return false;
                }
                // Most sets remove nothing: tell before building the step.
                let removes = cells
                    .iter()
                    .enumerate()
                    .any(|(i, &cell)| tuple >> i & 1 == 0 && grid.candidates(cell) & union != 0);
                if !removes {
                    return false;
                }
                let technique = match degree {
                    2 => Technique::NakedPair,
                    3 => Technique::NakedTriplet,
                    _ => Technique::NakedQuad,
                };
                let mut step = Step::new(technique);
                for (i, &cell) in cells.iter().enumerate() {
                    if tuple >> i & 1 == 0 {
                        let hit = grid.candidates(cell) & union;
                        for d in digits(hit) {
                            step.eliminations.add(cell, d);
                        }
                    }
                }
                step.cells = set;
                step.houses = HouseSet::default().with(house);
                step.digits = union;
                let parents = RuleParents {
                    cells: set,
                    digits: 0x1FF & !union,
                };
                f(&step, parents)
            });
            if done {
                return;
            }
        }
    }
}

/// The first hidden set of `degree` (2-4) in SE's order that removes something; with `direct`
/// (degree 2 or 3), the first whose removals leave a hidden single in the house.
pub fn hidden_set(grid: &Grid, degree: u32, direct: bool) -> Option<Step> {
    let mut first = First::default();
    each_hidden_set(grid, degree, direct, &Focus::EVERYWHERE, first.keep());
    first.0
}

/// Every hidden set of `degree` (2-4) that removes something (`direct`: every direct one), in
/// SE's order, each with its rule parents (the set's digits in the house's cells outside the
/// set), until `f` returns true. A direct set's step depends on every digit of its house (the
/// hidden single it leaves), so with `direct` the focus only picks the houses: those with a
/// cell where some digit counts.
pub fn each_hidden_set(
    grid: &Grid,
    degree: u32,
    direct: bool,
    focus: &Focus,
    mut f: impl FnMut(&Step, RuleParents) -> bool,
) {
    let all = grid.house_places();
    // A set's rule parents are its digits in the house: a house where none counts has none.
    let counting = focus.cells();
    for kind in BOX_COLUMN_ROW {
        for house in houses(kind) {
            if counting.intersection(house.cell_set()).is_empty() {
                continue;
            }
            let places = &all[house.index()];
            // Digits that can belong to a hidden set of `degree`: 2 to `degree` places.
            let mut eligible = 0u16;
            for d in Digit::ALL {
                let p = places[d.index()];
                let fits = if degree == 2 {
                    is_pair(p)
                } else {
                    (2..=degree).contains(&ones9(p))
                };
                if fits {
                    eligible |= 1 << d.index();
                }
            }
            if ones9(eligible) < degree {
                continue;
            }
            let empty = grid.empty_count(house);
            if !(empty > 2 * degree || (direct && empty > degree)) {
                continue;
            }
            // A set's rule parents are its digits in the house.
            let mut fresh = 0u16;
            for d in Digit::ALL {
                if eligible >> d.index() & 1 != 0
                    && (direct || !focus.0[d.index()].intersection(house.cell_set()).is_empty())
                {
                    fresh |= 1 << d.index();
                }
            }
            let mut visit = |tuple: u16| -> bool {
                if tuple & !eligible != 0 || tuple & fresh == 0 {
                    return false;
                }
                let Some(step) = hidden_tuple(grid, house, places, tuple, degree, direct) else {
                    return false;
                };
                let parents = RuleParents {
                    cells: house.cell_set().difference(step.cells),
                    digits: tuple,
                };
                f(&step, parents)
            };
            if degree == 2 {
                // Two digits with the same two places (else their union has more): found pair
                // by pair, then met in the order of the tuples.
                let pairs = equal_pairs(eligible, |d| places[d]);
                if each_pair(pairs, &mut visit) {
                    return;
                }
                continue;
            }
            if each_tuple(eligible, degree, degree, &|d| places[d], &mut visit) {
                return;
            }
        }
    }
}

/// The pairs `i < j` of the 9-bit set `eligible` with `mask(i) == mask(j)`, as a set of the
/// pairs' indices in [`tuples`]`(2)` (pair `1 << i | 1 << j` at bit `j * (j - 1) / 2 + i`: the
/// tuples are in increasing order of their masks).
#[inline]
pub(crate) fn equal_pairs(eligible: u16, mask: impl Fn(usize) -> u16) -> u64 {
    let mut pairs = 0u64;
    let mut lines = eligible;
    while lines != 0 {
        let i = lines.trailing_zeros() as usize;
        lines &= lines - 1;
        let mut rest = lines;
        while rest != 0 {
            let j = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if mask(i) == mask(j) {
                pairs |= 1 << (j * (j - 1) / 2 + i);
            }
        }
    }
    pairs
}

/// Calls `visit` on the tuples of `pairs` (a set made by [`equal_pairs`]) in increasing order,
/// until it returns true; true then.
#[inline]
pub(crate) fn each_pair(mut pairs: u64, mut visit: impl FnMut(u16) -> bool) -> bool {
    while pairs != 0 {
        let rank = pairs.trailing_zeros() as usize;
        pairs &= pairs - 1;
        if visit(tuples(2)[rank]) {
            return true;
        }
    }
    false
}

/// The hidden set of the digits in `tuple` in `house` if it is one and does something.
fn hidden_tuple(
    grid: &Grid,
    house: House,
    places: &[u16; 9],
    tuple: u16,
    degree: u32,
    direct: bool,
) -> Option<Step> {
    let mut union = 0u16;
    for d in digits(tuple) {
        let p = places[d.index()];
        if ones9(p) < 2 {
            return None;
        }
        union |= p;
    }
    if ones9(union) != degree {
        return None;
    }
    let cells = house.cells();
    // Most sets remove nothing: tell before building the step (a direct set places instead).
    if !direct
        && !cells
            .iter()
            .enumerate()
            .any(|(i, &cell)| union >> i & 1 != 0 && grid.candidates(cell) & !tuple != 0)
    {
        return None;
    }
    // A direct set's placement: the lowest digit outside the set with two or more places in
    // the house, one of them outside the set's cells (found before the step is made).
    let mut placement = None;
    if direct {
        let d = Digit::ALL.into_iter().find(|d| {
            let p = places[d.index()];
            tuple >> d.index() & 1 == 0 && ones9(p) > 1 && ones9(p & !union) == 1
        })?;
        let cell = cells[(places[d.index()] & !union).trailing_zeros() as usize];
        placement = Some((cell, d));
    }
    let technique = match (degree, direct) {
        (2, true) => Technique::DirectHiddenPair,
        (_, true) => Technique::DirectHiddenTriplet,
        (2, false) => Technique::HiddenPair,
        (3, false) => Technique::HiddenTriplet,
        _ => Technique::HiddenQuad,
    };
    let mut step = Step::new(technique);
    for (i, &cell) in cells.iter().enumerate() {
        if union >> i & 1 != 0 {
            step.cells = step.cells.with(cell);
            for d in digits(grid.candidates(cell) & !tuple) {
                step.eliminations.add(cell, d);
            }
        }
    }
    step.houses = HouseSet::default().with(house);
    step.digits = tuple;
    step.placement = placement;
    Some(step)
}

/// The digits of a 9-bit mask, in increasing order.
pub(crate) fn digits(mask: u16) -> impl Iterator<Item = Digit> {
    let mut rest = mask & 0x1FF;
    std::iter::from_fn(move || {
        (rest != 0).then(|| {
            let d = Digit::ALL[rest.trailing_zeros() as usize];
            rest &= rest - 1;
            d
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Cell;
    use crate::steps::grid::remove;
    use crate::steps::grid::{cell, from_rows as grid};
    use crate::Board;

    #[test]
    fn tuples_within_a_union_come_as_in_the_table() {
        // Random masks for the nine members, every eligible set and size: the subsets given
        // are the table's (in its order) less those whose union has more than `limit` bits,
        // and a `true` from the visit stops at once.
        use rand::{rngs::ChaCha8Rng, RngExt, SeedableRng};
        let mut rng = ChaCha8Rng::seed_from_u64(22);
        for _ in 0..300 {
            let masks: Vec<u16> = (0..9).map(|_| rng.random_range(0..512)).collect();
            let eligible: u16 = rng.random_range(0..512);
            for k in 1..=4 {
                for limit in 1..=5 {
                    let mask = |i: usize| masks[i];
                    let want: Vec<u16> = tuples(k)
                        .iter()
                        .copied()
                        .filter(|&t| t != 0 && t & !eligible == 0)
                        .filter(|&t| {
                            let union = (0..9)
                                .filter(|i| t >> i & 1 != 0)
                                .fold(0, |u, i| u | masks[i]);
                            union.count_ones() <= limit
                        })
                        .collect();
                    let mut got = Vec::new();
                    let stopped = each_tuple(eligible, k, limit, &mask, &mut |t| {
                        got.push(t);
                        false
                    });
                    assert!(!stopped);
                    assert_eq!(got, want, "{k} of {eligible:b} within {limit}");
                    if let Some(&second) = want.get(1) {
                        let mut seen = 0;
                        assert!(each_tuple(eligible, k, limit, &mask, &mut |t| {
                            seen += 1;
                            t == second
                        }));
                        assert_eq!(seen, 2);
                    }
                }
            }
        }
    }

    #[test]
    fn hidden_pairs_come_in_the_order_of_every_pair_of_digits() {
        // Every hidden pair (plain and direct) of the varied grids and of the grids met along
        // their paths, against the plain enumeration: each house in SE's order, each pair of
        // digits in increasing order of their mask.
        let mut grids = crate::steps::grid::varied_grids();
        for mut g in crate::steps::grid::varied_grids() {
            let plain = crate::steps::budget::Budget::UNLIMITED.without_nested();
            while let crate::steps::next::Next::Step(s) =
                crate::steps::next::next_step_within(&g, &plain)
            {
                s.apply(&mut g);
                grids.push(g);
            }
        }
        let mut found = 0;
        for g in &grids {
            for direct in [false, true] {
                let mut got = Vec::new();
                each_hidden_set(g, 2, direct, &Focus::EVERYWHERE, |step, parents| {
                    got.push((*step, parents));
                    false
                });
                let mut expected = Vec::new();
                for kind in BOX_COLUMN_ROW {
                    for house in houses(kind) {
                        let empty = g.empty_count(house);
                        if !(empty > 4 || (direct && empty > 2)) {
                            continue;
                        }
                        let places: [u16; 9] =
                            std::array::from_fn(|d| g.positions(house, Digit::ALL[d]));
                        for &tuple in tuples(2) {
                            if digits(tuple).any(|d| !is_pair(places[d.index()])) {
                                continue;
                            }
                            if let Some(step) = hidden_tuple(g, house, &places, tuple, 2, direct) {
                                let parents = RuleParents {
                                    cells: house.cell_set().difference(step.cells),
                                    digits: tuple,
                                };
                                expected.push((step, parents));
                            }
                        }
                    }
                }
                found += expected.len();
                assert!(got == expected);
            }
        }
        assert!(found > 0, "some hidden pairs met");
    }

    fn d(v: u8) -> Digit {
        Digit::new(v).unwrap()
    }

    #[test]
    fn naked_pair_in_a_row() {
        // r1c1 and r1c2 see 3-9 (givens in their box and columns): both hold {1, 2}.
        let g = grid([
            ".........",
            "345......",
            "678......",
            "9........",
            ".........",
            ".........",
            ".9.......",
            ".........",
            ".........",
        ]);
        // r1c1 and r1c2 hold {1, 2}, r1c3 {1, 2, 9}. Box 1 has 3 empty cells (a pair is searched
        // in houses with 4 or more); no column has two bivalue cells; row 1 has the pair.
        let s = naked_set(&g, 2).unwrap();
        assert_eq!(s.technique, Technique::NakedPair);
        assert_eq!(s.digits, 0b11);
        assert_eq!(s.cells, CellSet::EMPTY.with(cell(0, 0)).with(cell(0, 1)));
        assert!(s
            .houses
            .contains(House::new(crate::geometry::HouseKind::Row, 0).unwrap()));
        // 1 and 2 leave r1c3-r1c9.
        let expected: Vec<_> = [1, 2]
            .iter()
            .flat_map(|&v| (2..9).map(move |c| (cell(0, c), d(v))))
            .collect();
        assert_eq!(s.eliminations.iter().collect::<Vec<_>>(), expected);
    }

    #[test]
    fn hidden_pair_in_a_row() {
        // Rows 2 and 3 hold 1 and 2 (in boxes 2 and 3), column 3 holds them below box 1: in
        // box 1, 1 and 2 can go only in r1c1 and r1c2, a hidden pair (box 1 is searched first).
        let g = grid([
            ".........",
            "...1..2..",
            "....2..1.",
            "..1......",
            "..2......",
            ".........",
            ".........",
            ".........",
            ".........",
        ]);
        let s = hidden_set(&g, 2, false).unwrap();
        assert_eq!(s.technique, Technique::HiddenPair);
        assert_eq!(s.digits, 0b11);
        assert_eq!(s.cells, CellSet::EMPTY.with(cell(0, 0)).with(cell(0, 1)));
        let expected: Vec<_> = (3..=9)
            .flat_map(|v| [(cell(0, 0), d(v)), (cell(0, 1), d(v))])
            .collect();
        let mut got: Vec<_> = s.eliminations.iter().collect();
        let mut want = expected;
        got.sort();
        want.sort();
        assert_eq!(got, want);
    }

    #[test]
    fn naked_triplet_in_a_row() {
        let g = grid([
            ".........",
            "456......",
            "897......",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
        ]);
        // Box 1's empty cells r1c1-r1c3 hold {1, 2, 3}: box 1 has 3 empty cells (a triplet
        // needs 6), no column has one, row 1 has the triplet: 1-3 leave r1c4-r1c9.
        let s = naked_set(&g, 3).unwrap();
        assert_eq!(s.technique, Technique::NakedTriplet);
        assert_eq!(s.digits, 0b111);
        assert_eq!(s.rating(), 36);
        let expected: Vec<_> = (1..=3)
            .flat_map(|v| (3..9).map(move |c| (cell(0, c), d(v))))
            .collect();
        assert_eq!(s.eliminations.iter().collect::<Vec<_>>(), expected);
    }

    fn box1() -> [Cell; 9] {
        House::new(crate::geometry::HouseKind::Box, 0)
            .unwrap()
            .cells()
    }

    /// Box 1 with digits 1-`n` confined to its first `n` cells, the other digits everywhere.
    fn hidden_in_box1(n: usize) -> Grid {
        let mut g = Grid::from_board(&Board::EMPTY);
        for v in 1..=n as u8 {
            remove(&mut g, box1()[n..].iter().copied(), v);
        }
        g
    }

    fn sorted(s: &Step) -> Vec<(Cell, Digit)> {
        let mut v: Vec<_> = s.eliminations.iter().collect();
        v.sort();
        v
    }

    /// The removals of every digit above `n` from the first `n` cells of box 1.
    fn others_from_first(n: usize) -> Vec<(Cell, Digit)> {
        let mut v: Vec<_> = box1()[..n]
            .iter()
            .flat_map(|&c| (n as u8 + 1..=9).map(move |x| (c, d(x))))
            .collect();
        v.sort();
        v
    }

    #[test]
    fn direct_hidden_pair_places_the_single_it_reveals() {
        // 1 and 2 only in r1c1, r1c2; 3 only in r1c1 and r2c2: the pair leaves 3 one place.
        let mut g = hidden_in_box1(2);
        remove(
            &mut g,
            box1()
                .into_iter()
                .filter(|&c| c != cell(0, 0) && c != cell(1, 1)),
            3,
        );
        let s = hidden_set(&g, 2, true).unwrap();
        assert_eq!(s.technique, Technique::DirectHiddenPair);
        assert_eq!(s.rating(), 20);
        assert_eq!(s.placement, Some((cell(1, 1), d(3))));
        // r1c2 had no 3 left.
        let want: Vec<_> = others_from_first(2)
            .into_iter()
            .filter(|&e| e != (cell(0, 1), d(3)))
            .collect();
        assert_eq!(sorted(&s), want);
        // Without the revealed single there is no direct step, but the plain hidden pair stays.
        let g = hidden_in_box1(2);
        assert!(hidden_set(&g, 2, true).is_none());
        assert_eq!(
            hidden_set(&g, 2, false).unwrap().technique,
            Technique::HiddenPair
        );
    }

    #[test]
    fn direct_hidden_triplet_places_the_single_it_reveals() {
        let mut g = hidden_in_box1(3);
        remove(
            &mut g,
            box1()
                .into_iter()
                .filter(|&c| c != cell(0, 2) && c != cell(2, 2)),
            4,
        );
        assert!(hidden_set(&g, 2, true).is_none());
        let s = hidden_set(&g, 3, true).unwrap();
        assert_eq!(s.technique, Technique::DirectHiddenTriplet);
        assert_eq!(s.rating(), 25);
        assert_eq!(s.placement, Some((cell(2, 2), d(4))));
        // r1c1 and r1c2 had no 4 left.
        let want: Vec<_> = others_from_first(3)
            .into_iter()
            .filter(|&e| e != (cell(0, 0), d(4)) && e != (cell(0, 1), d(4)))
            .collect();
        assert_eq!(sorted(&s), want);
    }

    #[test]
    fn hidden_triplet_and_quad() {
        let s = hidden_set(&hidden_in_box1(3), 3, false).unwrap();
        assert_eq!(s.technique, Technique::HiddenTriplet);
        assert_eq!(s.rating(), 40);
        assert_eq!(s.digits, 0b111);
        assert_eq!(sorted(&s), others_from_first(3));
        let s = hidden_set(&hidden_in_box1(4), 4, false).unwrap();
        assert_eq!(s.technique, Technique::HiddenQuad);
        assert_eq!(s.rating(), 54);
        assert_eq!(s.digits, 0b1111);
        assert_eq!(sorted(&s), others_from_first(4));
    }

    #[test]
    fn naked_quad_in_a_box() {
        // r1c1 {1,2}, r1c2 {2,3}, r1c3 {3,4}, r2c1 {1,4}: 1-4 leave the other five cells.
        let b = box1();
        let g = crate::steps::grid::with_candidates(&[
            (b[0], &[1, 2]),
            (b[1], &[2, 3]),
            (b[2], &[3, 4]),
            (b[3], &[1, 4]),
        ]);
        assert!(naked_set(&g, 2).is_none() && naked_set(&g, 3).is_none());
        let s = naked_set(&g, 4).unwrap();
        assert_eq!(s.technique, Technique::NakedQuad);
        assert_eq!(s.rating(), 50);
        let mut want: Vec<_> = b[4..]
            .iter()
            .flat_map(|&c| (1..=4).map(move |x| (c, d(x))))
            .collect();
        want.sort();
        assert_eq!(sorted(&s), want);
    }
}
