//! Basic fish: X-Wing (2 lines), Swordfish (3), Jellyfish (4).
//!
//! Rules as in Sudoku Explainer 1.2.1 (`diuf/sudoku/solver/rules/Fisherman.java`): columns as
//! base lines first (rows as cover lines), then rows as base lines; the tuples of base lines in
//! increasing order of their bit mask, and for each tuple the digits 1-9. A digit is tried only
//! when at least `2 * degree` of its nine places are still empty (it is placed at most
//! `9 - 2 * degree` times). Each base line must hold at least two candidates of the digit and
//! together exactly `degree` cross positions; the digit leaves those cover lines outside the base
//! lines.

use super::grid::{is_pair, Grid};
use super::step::{First, Focus, HouseSet, RuleParents, Step, Technique};
use super::subsets::{each_tuple, equal_pairs, tuples};
use crate::geometry::{CellSet, Digit, House, HouseKind};

/// The first fish of `degree` (2-4) in SE's order that removes something.
pub fn fish(grid: &Grid, degree: u32) -> Option<Step> {
    let mut first = First::default();
    each_fish(grid, degree, &Focus::EVERYWHERE, first.keep());
    first.0
}

/// Every fish of `degree` (2-4) that removes something, in SE's order, each with its rule
/// parents (the digit in the base lines outside the cover lines), until `f` returns true.
pub fn each_fish(
    grid: &Grid,
    degree: u32,
    focus: &Focus,
    mut f: impl FnMut(&Step, RuleParents) -> bool,
) {
    let mut placed = [0u32; 9];
    for &v in grid.values() {
        if v != 0 {
            placed[v as usize - 1] += 1;
        }
    }
    let all = grid.house_places();
    for (base_kind, cover_kind) in [
        (HouseKind::Column, HouseKind::Row),
        (HouseKind::Row, HouseKind::Column),
    ] {
        let bases: [House; 9] = std::array::from_fn(|n| House::new(base_kind, n).expect("0-8"));
        // For each digit, the base lines that can belong to a fish of `degree`: 2 to `degree`
        // candidates (one with more takes the union above `degree`, SE's test then fails).
        let mut eligible = [0u16; 9];
        // The eligible base lines where the digit's candidates count: a fish's rule parents
        // are in its base lines.
        let mut fresh = [0u16; 9];
        for d in Digit::ALL {
            if placed[d.index()] + 2 * degree > 9 || focus.0[d.index()].is_empty() {
                continue;
            }
            for (i, &base) in bases.iter().enumerate() {
                let here = all[base.index()][d.index()];
                let fits = if degree == 2 {
                    is_pair(here)
                } else {
                    (2..=degree).contains(&here.count_ones())
                };
                if fits {
                    eligible[d.index()] |= 1 << i;
                    if !focus.0[d.index()].intersection(base.cell_set()).is_empty() {
                        fresh[d.index()] |= 1 << i;
                    }
                }
            }
        }
        // A tuple needs `degree` eligible base lines of one digit.
        let mut fishy = [Digit::ALL[0]; 9];
        let mut n = 0;
        for d in Digit::ALL {
            if eligible[d.index()].count_ones() >= degree && fresh[d.index()] != 0 {
                fishy[n] = d;
                n += 1;
            }
        }
        if n == 0 {
            continue;
        }
        // One candidate fish: `true` when `f` asks to stop.
        let mut visit = |tuple: u16, digit: Digit| -> bool {
            if tuple & !eligible[digit.index()] != 0 || tuple & fresh[digit.index()] == 0 {
                return false;
            }
            let mut union = 0u16;
            let mut ok = true;
            for (i, &base) in bases.iter().enumerate() {
                if tuple >> i & 1 != 0 {
                    let p = all[base.index()][digit.index()];
                    if p.count_ones() < 2 {
                        ok = false;
                        break;
                    }
                    union |= p;
                }
            }
            if !ok || union.count_ones() != degree {
                return false;
            }
            // Most fish remove nothing: tell before building the step. A cover line
            // removes its places outside the base lines.
            let removes = (0..9).any(|j| {
                union >> j & 1 != 0
                    && all[House::new(cover_kind, j).expect("0-8").index()][digit.index()] & !tuple
                        != 0
            });
            if !removes {
                return false;
            }
            let technique = match degree {
                2 => Technique::XWing,
                3 => Technique::Swordfish,
                _ => Technique::Jellyfish,
            };
            let mut step = Step::new(technique);
            let mut houses_set = HouseSet::default();
            let mut cover_cells = CellSet::EMPTY;
            for j in 0..9 {
                if union >> j & 1 == 0 {
                    continue;
                }
                let cover = House::new(cover_kind, j).expect("0-8");
                houses_set = houses_set.with(cover);
                cover_cells = cover_cells.union(cover.cell_set());
                let p = all[cover.index()][digit.index()];
                for (i, &cell) in cover.cells().iter().enumerate() {
                    if p >> i & 1 != 0 {
                        if tuple >> i & 1 == 0 {
                            step.eliminations.add(cell, digit);
                        } else {
                            step.cells = step.cells.with(cell);
                        }
                    }
                }
            }
            let mut base_cells = CellSet::EMPTY;
            for (i, &base) in bases.iter().enumerate() {
                if tuple >> i & 1 != 0 {
                    houses_set = houses_set.with(base);
                    base_cells = base_cells.union(base.cell_set());
                }
            }
            step.houses = houses_set;
            step.digits = 1 << digit.index();
            let parents = RuleParents {
                cells: base_cells.difference(cover_cells),
                digits: 1 << digit.index(),
            };
            f(&step, parents)
        };
        if degree == 2 {
            // X-Wings: two base lines with the same two places of a digit. Found pair by pair,
            // then met in the order of the tuples (as masks: higher line first, then lower),
            // digits ascending within one.
            let mut by_digit = [0u64; 9];
            let mut any = 0u64;
            for &digit in &fishy[..n] {
                let d = digit.index();
                by_digit[d] = equal_pairs(eligible[d], |i| all[bases[i].index()][d]);
                any |= by_digit[d];
            }
            while any != 0 {
                let rank = any.trailing_zeros() as usize;
                any &= any - 1;
                for &digit in &fishy[..n] {
                    if by_digit[digit.index()] >> rank & 1 != 0 && visit(tuples(2)[rank], digit) {
                        return;
                    }
                }
            }
            continue;
        }
        // Swordfish and Jellyfish: each digit's tuples of base lines whose places fit in
        // `degree` cover lines (the others fail SE's test), then all in SE's order: tuples in
        // increasing order, digits ascending within one.
        let mut found = Vec::new();
        for &digit in &fishy[..n] {
            let d = digit.index();
            let places = |i: usize| all[bases[i].index()][d];
            each_tuple(eligible[d], degree, degree, &places, &mut |tuple| {
                if tuple & fresh[d] != 0 {
                    found.push(u32::from(tuple) << 4 | d as u32);
                }
                false
            });
        }
        found.sort_unstable();
        for key in found {
            if visit((key >> 4) as u16, Digit::ALL[(key & 15) as usize]) {
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Cell;
    use crate::steps::grid::cell;
    use crate::Board;

    #[test]
    fn x_wings_come_in_the_order_of_every_pair_of_lines() {
        // Every X-Wing of the varied grids (and of every grid met along their paths), against
        // the plain enumeration: each pair of base lines in increasing order of their mask,
        // digits ascending, where both lines hold exactly the same two places and a cover line
        // holds the digit elsewhere.
        let mut grids = crate::steps::grid::varied_grids();
        for g in crate::steps::grid::varied_grids() {
            let mut g = g;
            while let crate::steps::next::Next::Step(s) = crate::steps::next::next_step_within(
                &g,
                &crate::steps::budget::Budget::UNLIMITED.without_nested(),
            ) {
                s.apply(&mut g);
                grids.push(g);
            }
        }
        let mut found = 0;
        for g in &grids {
            let mut got = Vec::new();
            each_fish(g, 2, &Focus::EVERYWHERE, |step, _| {
                got.push((step.houses, step.digits, step.eliminations));
                false
            });
            let all = g.house_places();
            let mut expected = Vec::new();
            for (base_kind, cover_kind) in [
                (HouseKind::Column, HouseKind::Row),
                (HouseKind::Row, HouseKind::Column),
            ] {
                for &tuple in tuples(2) {
                    for d in Digit::ALL {
                        // SE's Fisherman skips a digit placed more than 9 - 2 * degree times.
                        if g.values().iter().filter(|&&v| v == d.get()).count() > 5 {
                            continue;
                        }
                        let lines: Vec<usize> = (0..9).filter(|i| tuple >> i & 1 != 0).collect();
                        let place = |i: usize| {
                            all[House::new(base_kind, i).expect("0-8").index()][d.index()]
                        };
                        let (a, b) = (place(lines[0]), place(lines[1]));
                        if !crate::steps::grid::is_pair(a) || a != b {
                            continue;
                        }
                        let mut removed = crate::steps::step::Eliminations::default();
                        let mut houses = HouseSet::default();
                        for j in (0..9).filter(|j| a >> j & 1 != 0) {
                            let cover = House::new(cover_kind, j).expect("0-8");
                            houses = houses.with(cover);
                            for (i, &c) in cover.cells().iter().enumerate() {
                                if g.candidates(c) >> d.index() & 1 != 0 && tuple >> i & 1 == 0 {
                                    removed.add(c, d);
                                }
                            }
                        }
                        if removed.is_empty() {
                            continue;
                        }
                        for &i in &lines {
                            houses = houses.with(House::new(base_kind, i).expect("0-8"));
                        }
                        expected.push((houses, 1u16 << d.index(), removed));
                    }
                }
            }
            found += expected.len();
            assert_eq!(got, expected);
        }
        assert!(found > 0, "some X-Wings met");
    }

    /// Puts the digits `fill[r]` in row `r` at `columns` (0 for none), so that those columns keep
    /// empty only the rows whose fill is 0.
    fn with_columns(columns: &[usize], fill: [[u8; 3]; 9]) -> Grid {
        let mut text = [b'.'; 81];
        for (r, digits) in fill.iter().enumerate() {
            for (k, &c) in columns.iter().enumerate() {
                if digits[k] != 0 {
                    text[r * 9 + c] = b'0' + digits[k];
                }
            }
        }
        Grid::from_board(&Board::parse(&text).unwrap())
    }

    fn ones_left_in_rows(rows: &[usize], columns: &[usize]) -> Vec<(Cell, Digit)> {
        let mut v: Vec<_> = rows
            .iter()
            .flat_map(|&r| {
                (0..9)
                    .filter(|c| !columns.contains(c))
                    .map(move |c| (cell(r, c), Digit::new(1).unwrap()))
            })
            .collect();
        v.sort();
        v
    }

    #[test]
    fn x_wing_on_columns() {
        // Columns 1 and 5 filled except rows 1 and 5 (with 2-9, no 1): 1 is an X-Wing there.
        let g = with_columns(
            &[0, 4],
            [
                [0, 0, 0],
                [2, 3, 0],
                [3, 4, 0],
                [4, 5, 0],
                [0, 0, 0],
                [5, 6, 0],
                [6, 7, 0],
                [7, 8, 0],
                [8, 9, 0],
            ],
        );
        let s = fish(&g, 2).unwrap();
        assert_eq!(s.technique, Technique::XWing);
        assert_eq!(s.rating(), 32);
        assert_eq!(s.digits, 1);
        assert_eq!(s.cells.len(), 4);
        let mut got: Vec<_> = s.eliminations.iter().collect();
        got.sort();
        assert_eq!(got, ones_left_in_rows(&[0, 4], &[0, 4]));
    }

    #[test]
    fn swordfish_on_columns() {
        let g = with_columns(
            &[0, 4, 8],
            [
                [0, 0, 0],
                [2, 3, 4],
                [3, 4, 5],
                [4, 5, 6],
                [0, 0, 0],
                [5, 6, 7],
                [6, 7, 8],
                [7, 8, 9],
                [0, 0, 0],
            ],
        );
        assert!(fish(&g, 2).is_none());
        let s = fish(&g, 3).unwrap();
        assert_eq!(s.technique, Technique::Swordfish);
        assert_eq!(s.rating(), 38);
        assert_eq!(s.digits, 1);
        assert_eq!(s.cells.len(), 9);
        let mut got: Vec<_> = s.eliminations.iter().collect();
        got.sort();
        assert_eq!(got, ones_left_in_rows(&[0, 4, 8], &[0, 4, 8]));
    }

    #[test]
    fn jellyfish_on_columns() {
        // Columns 1-4 hold 1 only in rows 1-4; the other columns hold it everywhere.
        let mut g = Grid::from_board(&Board::EMPTY);
        for c in 0..4 {
            crate::steps::grid::remove(&mut g, (4..9).map(|r| cell(r, c)), 1);
        }
        assert!(fish(&g, 2).is_none() && fish(&g, 3).is_none());
        let s = fish(&g, 4).unwrap();
        assert_eq!(s.technique, Technique::Jellyfish);
        assert_eq!(s.rating(), 52);
        assert_eq!(s.cells.len(), 16);
        let mut got: Vec<_> = s.eliminations.iter().collect();
        got.sort();
        assert_eq!(got, ones_left_in_rows(&[0, 1, 2, 3], &[0, 1, 2, 3]));
    }
}
