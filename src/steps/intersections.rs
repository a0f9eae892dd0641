//! Locked candidates at a box-line intersection: pointing (a box's candidates of a digit all in
//! one row or column, so the digit leaves the rest of that line) and claiming (a line's
//! candidates of a digit all in one box, so the digit leaves the rest of the box); and their
//! direct variants, which count only when the removals leave a hidden single.
//!
//! Rules as in Sudoku Explainer 1.2.1 (`diuf/sudoku/solver/rules/Locking.java`,
//! `LockingHint.java`, `DirectLockingHint.java`): pairs (first house, second house) are searched
//! box-column, box-row (pointing), then column-box, row-box (claiming); for each pair of
//! crossing houses in index order, digits 1-9; the first house must hold at least two
//! candidates of the digit, all inside the second. The direct variant then looks, among the
//! other houses of the first house's kind crossing the second house (in index order), for one
//! where the digit has two or more places of which exactly one lies outside the second house:
//! that one is a hidden single once the pattern's removals are made.

use super::grid::Grid;
use super::step::{First, Focus, HouseSet, RuleParents, Step, Technique};
use crate::geometry::{Digit, House, HouseKind};

/// SE's order of (first house, second house) kinds.
const PAIRS: [(HouseKind, HouseKind); 4] = [
    (HouseKind::Box, HouseKind::Column),
    (HouseKind::Box, HouseKind::Row),
    (HouseKind::Column, HouseKind::Box),
    (HouseKind::Row, HouseKind::Box),
];

/// The first pointing or claiming (`direct`: the first direct pointing or claiming) in SE's
/// order.
pub fn locked_candidates(grid: &Grid, direct: bool) -> Option<Step> {
    let mut first = First::default();
    each_locked_candidates(grid, direct, &Focus::EVERYWHERE, first.keep());
    first.0
}

/// Every pointing and claiming that removes something (`direct`: every direct one, once per
/// hidden single it leaves), in SE's order, each with its rule parents (the digit in the first
/// house outside the second), until `f` returns true.
pub fn each_locked_candidates(
    grid: &Grid,
    direct: bool,
    focus: &Focus,
    mut f: impl FnMut(&Step, RuleParents) -> bool,
) {
    if !any_locked(grid) {
        return;
    }
    let all = grid.house_places();
    for (kind1, kind2) in PAIRS {
        // A box's places split into three segments by the lines of `kind2`: rows, or columns;
        // a line's into three by the boxes it crosses.
        let segment = if kind2 == HouseKind::Column {
            &COLUMN_SEGMENT
        } else {
            &ROW_SEGMENT
        };
        for n1 in 0..9 {
            let house1 = House::new(kind1, n1).expect("0-8");
            let places1 = &all[house1.index()];
            // The segment (0-2) holding all of each digit's places, when they are two or more
            // (the pattern), else 3. The segments are in the order of the second houses.
            let within: [u8; 9] = std::array::from_fn(|d| segment[places1[d] as usize]);
            if within.iter().all(|&k| k == 3) {
                continue;
            }
            // The three houses of `kind2` meeting `house1`, in increasing order: the segment
            // `k` of `house1` lies in the `k`-th.
            for k in 0..3u8 {
                let n2 = match (kind1, kind2) {
                    (HouseKind::Box, HouseKind::Column) => 3 * (n1 % 3) + k as usize,
                    (HouseKind::Box, _) => 3 * (n1 / 3) + k as usize,
                    (HouseKind::Column, _) => 3 * k as usize + n1 / 3,
                    _ => 3 * (n1 / 3) + k as usize,
                };
                if !within.contains(&k) {
                    continue;
                }
                let house2 = House::new(kind2, n2).expect("0-8");
                let (in1, in2) = meeting(house1, house2).expect("meeting houses");
                let places2 = &all[house2.index()];
                let outside = house1.cell_set().difference(house2.cell_set());
                for digit in Digit::ALL {
                    // The pattern on the houses' places first (with no removal, only a direct
                    // one can do something), then the cells.
                    if within[digit.index()] != k {
                        continue;
                    }
                    debug_assert!(places1[digit.index()] & !in1 == 0);
                    // Nothing removed: nothing to report, and no direct single either (the
                    // digit then has no place in the second house outside the first, so a
                    // house of the first kind crossing the second has all its places outside
                    // the second: never two or more with exactly one outside).
                    if places2[digit.index()] & !in2 == 0 {
                        continue;
                    }
                    if focus.0[digit.index()].intersection(outside).is_empty() {
                        continue;
                    }
                    let cells1 = grid.cells_with(house1, digit);
                    let removed = grid.cells_with(house2, digit).difference(house1.cell_set());
                    debug_assert!(
                        cells1.len() >= 2
                            && cells1.difference(house1.intersection(house2)).is_empty()
                    );
                    let pointing = kind1 == HouseKind::Box;
                    // The step, made only when reported (a direct pattern seldom is).
                    let step = || {
                        let mut step = Step::new(match (pointing, direct) {
                            (true, false) => Technique::Pointing,
                            (false, false) => Technique::Claiming,
                            (true, true) => Technique::DirectPointing,
                            (false, true) => Technique::DirectClaiming,
                        });
                        step.cells = cells1;
                        step.houses = HouseSet::default().with(house1).with(house2);
                        step.digits = 1 << digit.index();
                        step.eliminations.0[digit.index()] = removed;
                        step
                    };
                    let parents = RuleParents {
                        cells: outside,
                        digits: 1 << digit.index(),
                    };
                    if !direct {
                        if f(&step(), parents) {
                            return;
                        }
                        continue;
                    }
                    for n3 in (0..9).filter(|&n3| n3 != n1) {
                        let house3 = House::new(kind1, n3).expect("0-8");
                        if house3.intersection(house2).is_empty() {
                            continue;
                        }
                        let cells3 = grid.cells_with(house3, digit);
                        if cells3.len() < 2 {
                            continue;
                        }
                        let outside = cells3.difference(house2.cell_set());
                        if outside.len() == 1 {
                            let cell = outside.iter().next().expect("one cell");
                            let mut single = step();
                            single.placement = Some((cell, digit));
                            single.houses = single.houses.with(house3);
                            single.cells = single.cells.with(cell);
                            if f(&single, parents) {
                                return;
                            }
                        }
                    }
                }
            }
        }
    }
}

/// For a 9-bit set of positions in a house: the segment `k` (0-2) of positions `3k` to `3k + 2`
/// holding all of them when they are two or more, else 3.
static ROW_SEGMENT: [u8; 512] = segments(0o007, 3);

/// As [`ROW_SEGMENT`] for the segments of positions `k`, `k + 3` and `k + 6` (a box's columns).
static COLUMN_SEGMENT: [u8; 512] = segments(0o111, 1);

const fn segments(first: u16, step: u32) -> [u8; 512] {
    let mut out = [3u8; 512];
    let mut p = 0;
    while p < 512 {
        if (p as u16).count_ones() >= 2 {
            let mut k = 0;
            while k < 3 {
                if p as u16 & !(first << (step * k)) == 0 {
                    out[p] = k as u8;
                }
                k += 1;
            }
        }
        p += 1;
    }
    out
}

/// Where `house1` and `house2` (a box and a line, either way round) meet, as positions in each
/// ([`House::cells`] order): `None` when they do not.
fn meeting(house1: House, house2: House) -> Option<(u16, u16)> {
    let (b, line, box_first) = match (house1.kind(), house2.kind()) {
        (HouseKind::Box, _) => (house1.number(), house2, true),
        _ => (house2.number(), house1, false),
    };
    let n = line.number();
    // The line's positions in the box, and the box's in the line.
    let (in_box, in_line) = match line.kind() {
        HouseKind::Row if n / 3 == b / 3 => (0o007 << (3 * (n % 3)), 0o007 << (3 * (b % 3))),
        HouseKind::Column if n / 3 == b % 3 => (0o111 << (n % 3), 0o007 << (3 * (b / 3))),
        _ => return None,
    };
    Some(if box_first {
        (in_box, in_line)
    } else {
        (in_line, in_box)
    })
}

/// The three-cell segments where a line crosses a box, seen along rows or along columns: a
/// segment is marked by one bit of a row-major cell set (the bit of its first cell along rows,
/// 9r + 3s for row r and stack s; along columns, its cell in the band's first row, 27b + c for
/// band b and column c). A pointing or a claiming is a segment that holds two or more cells of
/// the digit and is its only segment in its box but not in its line, or the reverse.
struct Axis {
    /// The step between a segment's cells: 1 along rows, 9 along columns.
    cell: u32,
    /// The bits marking the segments.
    segments: u128,
    /// The step between the segments of one line (3 along rows, 27 along columns), and the
    /// segments at places 0, 1, 2 of their line.
    line: u32,
    line_place: [u128; 3],
    /// The step between the segments of one box (9 along rows, 1 along columns), and the
    /// segments at places 0, 1, 2 of their box.
    across: u32,
    across_place: [u128; 3],
}

/// Along rows: segments at 9r + 3s (rows r outer, stacks s inner); a line's segments are its
/// stacks, a box's its rows within the band.
const ROWS: Axis = axis(1, (9, 9, 3, 3), 3, 9, true);

/// Along columns: segments at 27b + c (bands b outer, columns c inner); a line's segments are
/// its bands, a box's its columns within the stack.
const COLUMNS: Axis = axis(9, (3, 27, 9, 1), 27, 1, false);

/// The [`Axis`] whose segments are the `lattice` (outer count, outer step, inner count, inner
/// step; see [`lattice`]), the places in a line given by the inner index (`line_inner`) or the
/// outer one, and the places in a box by the other.
const fn axis(
    cell: u32,
    lattice_of: (usize, usize, usize, usize),
    line: u32,
    across: u32,
    line_inner: bool,
) -> Axis {
    let (o, os, i, is) = lattice_of;
    let mut by_outer = [0u128; 3];
    let mut by_inner = [0u128; 3];
    let mut k = 0;
    while k < 3 {
        by_outer[k] = lattice(o, os, 1 << k, i, is, 0b111);
        by_inner[k] = lattice(o, os, 0b111, i, is, 1 << k);
        k += 1;
    }
    Axis {
        cell,
        segments: lattice(o, os, 0b111, i, is, 0b111),
        line,
        line_place: if line_inner { by_inner } else { by_outer },
        across,
        across_place: if line_inner { by_outer } else { by_inner },
    }
}

/// The bits `outer_step * i + inner_step * j` for `i` below `outer` and `j` below `inner`,
/// keeping those whose `i % 3` is in `keep_outer` and `j % 3` in `keep_inner` (one bit each).
const fn lattice(
    outer: usize,
    outer_step: usize,
    keep_outer: u8,
    inner: usize,
    inner_step: usize,
    keep_inner: u8,
) -> u128 {
    let mut mask = 0u128;
    let mut i = 0;
    while i < outer {
        let mut j = 0;
        while j < inner {
            if keep_outer >> (i % 3) & 1 != 0 && keep_inner >> (j % 3) & 1 != 0 {
                mask |= 1 << (outer_step * i + inner_step * j);
            }
            j += 1;
        }
        i += 1;
    }
    mask
}

/// The segments of `marks` moved onto the other segments of their line (or box): for each
/// segment, whether another of its group of three (`step` apart, `place` giving each
/// segment's place in its group) is marked.
fn others(marks: u128, step: u32, place: &[u128; 3]) -> u128 {
    (marks >> step & (place[0] | place[1]))
        | (marks << step & (place[1] | place[2]))
        | (marks >> (2 * step) & place[0])
        | (marks << (2 * step) & place[2])
}

/// True when `set` (a row-major cell set) has a segment along `axis` with the shape of a
/// pointing or a claiming (see [`Axis`]).
fn locking(set: u128, axis: &Axis) -> bool {
    let (a, b) = (set >> axis.cell, set >> (2 * axis.cell));
    let held = (set | a | b) & axis.segments;
    let two = (set & a | set & b | a & b) & axis.segments;
    let in_line = others(held, axis.line, &axis.line_place);
    let in_box = others(held, axis.across, &axis.across_place);
    two & (in_line ^ in_box) != 0
}

/// Along rows (see [`locking`]).
fn row_locking(set: u128) -> bool {
    locking(set, &ROWS)
}

/// Along columns (see [`locking`]).
fn column_locking(set: u128) -> bool {
    locking(set, &COLUMNS)
}

/// False only when no pointing or claiming (direct or not) removes anything: for some digit, a
/// box's candidates lie in one line that has the digit outside the box, or a line's lie in one
/// box that has the digit outside the line (a quick test, before the search in SE's order).
fn any_locked(grid: &Grid) -> bool {
    Digit::ALL.into_iter().any(|d| {
        let set = grid.digit_cells(d).bits();
        row_locking(set) || column_locking(set)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::steps::grid::remove;
    use crate::steps::grid::{cell, from_rows as grid};
    use crate::Board;

    /// Box 1's empty cells are r1c1-r1c3 (rows 2 and 3 of the box are filled), so its 5s point
    /// along row 1; box 2 keeps 5 in r1c4-r1c6 and, below row 1, only in r2c6.
    const POSITION: [&str; 9] = [
        ".........",
        "12389....",
        "467123...",
        ".........",
        ".........",
        ".........",
        ".........",
        ".........",
        ".........",
    ];

    #[test]
    fn meeting_positions_are_the_common_cells() {
        for (kind1, kind2) in PAIRS {
            for house1 in crate::steps::grid::houses(kind1) {
                for house2 in crate::steps::grid::houses(kind2) {
                    let common = house1.intersection(house2);
                    let positions = |house: House| {
                        house
                            .cells()
                            .iter()
                            .enumerate()
                            .fold(0u16, |acc, (i, &c)| acc | (common.contains(c) as u16) << i)
                    };
                    let expected =
                        (!common.is_empty()).then(|| (positions(house1), positions(house2)));
                    assert_eq!(meeting(house1, house2), expected, "{house1:?} {house2:?}");
                }
            }
        }
    }

    #[test]
    fn pointing_removes_from_the_line() {
        let g = grid(POSITION);
        let s = locked_candidates(&g, false).unwrap();
        assert_eq!(s.technique, Technique::Pointing);
        assert_eq!(s.rating(), 26);
        let five = Digit::new(5).unwrap();
        let expected: Vec<_> = (3..9).map(|c| (cell(0, c), five)).collect();
        assert_eq!(s.eliminations.iter().collect::<Vec<_>>(), expected);
        assert_eq!(s.placement, None);
        assert_eq!(s.cells.len(), 3);
    }

    #[test]
    fn direct_pointing_places_the_hidden_single() {
        let g = grid(POSITION);
        let s = locked_candidates(&g, true).unwrap();
        assert_eq!(s.technique, Technique::DirectPointing);
        assert_eq!(s.rating(), 17);
        let five = Digit::new(5).unwrap();
        assert_eq!(s.placement, Some((cell(1, 5), five)));
        let expected: Vec<_> = (3..9).map(|c| (cell(0, c), five)).collect();
        assert_eq!(s.eliminations.iter().collect::<Vec<_>>(), expected);
        // SE's rule: the step's effect is the placement alone.
        let mut after = g;
        s.apply(&mut after);
        assert_eq!(after.value(cell(1, 5)), Some(five));
        assert!(after.candidates(cell(0, 7)) & 1 << 4 != 0);
    }

    #[test]
    fn claiming_removes_from_the_box() {
        // Row 1's 5s are in box 1 only (c4-c9 of row 1 filled or seeing a 5): 5 leaves the
        // rest of box 1.
        let g = grid([
            "...123467",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
        ]);
        let s = locked_candidates(&g, false).unwrap();
        // Box 2 and 3 hold 1-4, 6, 7; digits 5, 8, 9 of row 1 lie in box 1 only. Box-line
        // pairs come first but no box's digit is confined to a line; claiming on 5 comes first.
        assert_eq!(s.technique, Technique::Claiming);
        assert_eq!(s.rating(), 28);
        let five = Digit::new(5).unwrap();
        let expected: Vec<_> = [1, 2]
            .iter()
            .flat_map(|&r| (0..3).map(move |c| (cell(r, c), five)))
            .collect();
        assert_eq!(s.eliminations.iter().collect::<Vec<_>>(), expected);
    }

    #[test]
    fn direct_claiming_on_a_synthetic_position() {
        // In a position without contradiction a direct claiming always comes after a direct
        // pointing (docs/steps.md), so this position leaves box 3 without any 1 to show the
        // claiming alone: row 1's 1s lie in box 1 (r1c1, r1c2), row 2's 1s at r2c1 (box 1)
        // and r2c5 only, so claiming row 1 -> box 1 leaves 1 one place in row 2.
        let mut g = Grid::from_board(&Board::EMPTY);
        remove(&mut g, (2..9).map(|c| cell(0, c)), 1);
        remove(
            &mut g,
            (0..9).filter(|&c| c != 0 && c != 4).map(|c| cell(1, c)),
            1,
        );
        remove(
            &mut g,
            (0..3).flat_map(|r| (6..9).map(move |c| cell(r, c))),
            1,
        );
        let s = locked_candidates(&g, true).unwrap();
        assert_eq!(s.technique, Technique::DirectClaiming);
        assert_eq!(s.rating(), 19);
        let one = Digit::new(1).unwrap();
        assert_eq!(s.placement, Some((cell(1, 4), one)));
        let expected: Vec<_> = [cell(1, 0), cell(2, 0), cell(2, 1), cell(2, 2)]
            .iter()
            .map(|&c| (c, one))
            .collect();
        assert_eq!(s.eliminations.iter().collect::<Vec<_>>(), expected);
    }

    #[test]
    fn the_quick_test_misses_no_locked_candidates() {
        // On the varied grids, and on each after every locked candidate is removed: a grid the
        // quick test passes over has none (direct or not).
        let (mut with, mut without) = (0, 0);
        for grid in crate::steps::grid::varied_grids() {
            let mut bare = grid;
            while let Some(step) = locked_candidates(&bare, false) {
                for d in Digit::ALL {
                    for c in step.eliminations.0[d.index()].iter() {
                        bare.eliminate(c, d);
                    }
                }
            }
            for g in [grid, bare] {
                for direct in [false, true] {
                    let mut found = false;
                    each_locked_candidates(&g, direct, &Focus::EVERYWHERE, |_, _| {
                        found = true;
                        true
                    });
                    assert!(any_locked(&g) || !found);
                }
                if any_locked(&g) {
                    with += 1;
                } else {
                    without += 1;
                }
            }
        }
        assert!(with > 0 && without > 0, "{with} {without}");
    }

    /// The empty board with digit 1 a candidate only at `keep`.
    fn ones_at(keep: &[crate::geometry::Cell]) -> Grid {
        let mut g = Grid::from_board(&crate::Board::EMPTY);
        let rest = crate::geometry::Cell::ALL
            .into_iter()
            .filter(|c| !keep.contains(c));
        remove(&mut g, rest, 1);
        g
    }

    #[test]
    fn the_quick_test_sees_each_shape() {
        let ones = |g: &Grid| g.digit_cells(Digit::new(1).unwrap()).bits();
        // Digit 1 only in r1c1 and r1c2 of box 1, and elsewhere in row 1: a pointing.
        let g = ones_at(&[cell(0, 0), cell(0, 1), cell(0, 5)]);
        assert!(row_locking(ones(&g)));
        // The same along column 1: a pointing down the column.
        let g = ones_at(&[cell(0, 0), cell(1, 0), cell(5, 0)]);
        assert!(!row_locking(ones(&g)) && column_locking(ones(&g)) && any_locked(&g));
        // An X-Wing-like shape with no box-line lock (one place per box): r1c1, r1c5, r5c1,
        // r5c5.
        let g = ones_at(&[cell(0, 0), cell(0, 4), cell(4, 0), cell(4, 4)]);
        assert!(!row_locking(ones(&g)) && !column_locking(ones(&g)));
    }

    #[test]
    fn columns_lock_as_the_transposed_rows() {
        let transposed = |set: u128| {
            let mut out = 0u128;
            for i in 0..81 {
                if set >> i & 1 != 0 {
                    out |= 1 << (9 * (i % 9) + i / 9);
                }
            }
            out
        };
        let mut locked = 0;
        for grid in crate::steps::grid::varied_grids() {
            for d in Digit::ALL {
                let set = grid.digit_cells(d).bits();
                assert_eq!(column_locking(set), row_locking(transposed(set)));
                assert_eq!(row_locking(set), column_locking(transposed(set)));
                locked += usize::from(column_locking(set));
            }
        }
        assert!(locked > 0);
    }
}
