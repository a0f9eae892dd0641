//! The bivalue universal grave (BUG), types 1-4 (ER 5.6-6.2).
//!
//! A position where every empty cell is bivalue and every digit has 0 or 2 places in each
//! house has either no solution or two; so in a puzzle with one solution, a position that is
//! such a grave but for a few "BUG cells" with extra "BUG digits" must keep one BUG digit in
//! some BUG cell. Type 1 (one BUG cell, ER 5.6): the cell keeps only its BUG digits. Type 2 (one
//! BUG digit, ER 5.7): it leaves the cells seeing every BUG cell. Type 4 (two BUG cells in a
//! house, with one common digit besides the BUG digits, ER 5.7): that digit is then locked in
//! them, so each keeps only its BUG digits and it. Type 3 (ER 5.7 plus 0.1 per set member
//! beyond one, 5.8-6.2): the BUG digits act as one cell of a naked set with other cells of a
//! house holding every BUG cell; the set's digits leave the house's other cells seeing the
//! BUG cells.
//!
//! Rules and order as in Sudoku Explainer 1.2.1
//! (`diuf/sudoku/solver/rules/unique/BivalueUniversalGrave.java`, `Bug1Hint.java` to
//! `Bug4Hint.java`; see `docs/se-rules.md`): houses box, row, column, each kind in index order,
//! digits 1-9; a digit with neither 0 nor 2 places in a house names a BUG cell when exactly one
//! of its places has three or more candidates (none: no BUG; two or more: undecided there).
//! With the BUG digits removed, every empty cell must be bivalue and every digit have 0 or 2
//! places in every house. The first hint found is the step: type 1; or type 2, else type 4; or
//! type 4, else type 3 (house kinds box, row, column, then set size 2-6, then subsets of the
//! common cells in increasing mask order over SE's list of them: the first BUG cell's peers in
//! box, row, column order).

use super::grid::{ones9, Grid};
use super::step::{HouseSet, Step, Technique};
use super::subsets::digits;
use super::uniqueness::{masks, tenths};
use crate::geometry::{Cell, CellSet, Digit, HouseKind};

/// SE's order of house kinds: box, row, column.
const KINDS: [HouseKind; 3] = [HouseKind::Box, HouseKind::Row, HouseKind::Column];

/// The BUG step of Sudoku Explainer, if the position is a BUG (see the module notes).
pub fn bug(grid: &Grid) -> Option<Step> {
    let mut bug_cells = [Cell::ALL[0]; 81];
    let mut n = 0;
    let mut bug_digits = [0u16; 81];
    let mut all = 0u16;
    // The cells seeing every BUG cell (not BUG cells); `None` before the first one.
    let mut common: Option<CellSet> = None;
    let mut bug_set = CellSet::EMPTY;
    for kind in KINDS {
        for house in super::grid::houses(kind) {
            let cells = house.cells();
            for d in Digit::ALL {
                let places = grid.positions(house, d);
                let count = ones9(places);
                if count == 0 || count == 2 {
                    continue;
                }
                let mut wide = (0..9)
                    .filter(|&i| places >> i & 1 != 0)
                    .map(|i| cells[i])
                    .filter(|&c| ones9(grid.candidates(c)) >= 3);
                let (first, second) = (wide.next(), wide.next());
                match (first, second) {
                    (None, _) => return None,
                    (Some(_), Some(_)) => {}
                    (Some(cell), None) => {
                        if !bug_set.contains(cell) {
                            bug_set = bug_set.with(cell);
                            bug_cells[n] = cell;
                            n += 1;
                        }
                        bug_digits[cell.index()] |= 1 << d.index();
                        all |= 1 << d.index();
                        let seen = common.unwrap_or(CellSet::ALL).intersection(cell.peer_set());
                        let seen = seen.difference(bug_set);
                        common = Some(seen);
                        if n > 1 && all.count_ones() > 1 && seen.is_empty() {
                            return None;
                        }
                    }
                }
            }
        }
    }
    // With the BUG digits gone, a grave: bivalue cells, 0 or 2 places per house and digit.
    let without = |c: Cell| grid.candidates(c) & !bug_digits[c.index()];
    if grid.empty_cells().iter().any(|c| ones9(without(c)) != 2) {
        return None;
    }
    for d in Digit::ALL {
        let mut places = grid.digit_cells(d);
        for &c in &bug_cells[..n] {
            if bug_digits[c.index()] >> d.index() & 1 != 0 {
                places = places.difference(CellSet::EMPTY.with(c));
            }
        }
        for house in crate::geometry::House::ALL {
            let k = places.intersection(house.cell_set()).len();
            if k != 0 && k != 2 {
                return None;
            }
        }
    }
    let cells = &bug_cells[..n];
    let common = common.unwrap_or(CellSet::EMPTY);
    let pattern = |t: Technique| {
        let mut s = Step::new(t);
        s.cells = bug_set;
        s.digits = all;
        s
    };
    if n == 1 {
        let mut s = pattern(Technique::Bug1);
        for d in digits(grid.candidates(cells[0]) & !all) {
            s.eliminations.add(cells[0], d);
        }
        return Some(s);
    }
    if all.count_ones() == 1 {
        let d = Digit::from_index(all.trailing_zeros() as usize).expect("a digit");
        let mut s = pattern(Technique::Bug2);
        for c in common.intersection(grid.digit_cells(d)).iter() {
            s.eliminations.add(c, d);
        }
        if !s.eliminations.is_empty() {
            return Some(s);
        }
        if n == 2 {
            return type4(grid, cells, &bug_digits, all, pattern(Technique::Bug4));
        }
        return None;
    }
    if common.is_empty() {
        return None;
    }
    if n == 2 {
        if let Some(s) = type4(grid, cells, &bug_digits, all, pattern(Technique::Bug4)) {
            return Some(s);
        }
    }
    type3(grid, cells, all, common, pattern(Technique::Bug3))
}

/// The house of `kind` holding every cell of `cells`, if any.
fn shared(cells: &[Cell], kind: HouseKind) -> Option<crate::geometry::House> {
    let of = |c: Cell| {
        let [row, column, square] = c.houses();
        match kind {
            HouseKind::Row => row,
            HouseKind::Column => column,
            HouseKind::Box => square,
        }
    };
    let h = of(cells[0]);
    cells.iter().all(|&c| of(c) == h).then_some(h)
}

/// Type 4 on the two BUG cells: one common digit besides the BUG digits, in a shared house.
fn type4(
    grid: &Grid,
    cells: &[Cell],
    bug_digits: &[u16; 81],
    all: u16,
    mut s: Step,
) -> Option<Step> {
    let (c1, c2) = (cells[0], cells[1]);
    let z = grid.candidates(c1) & grid.candidates(c2) & !all;
    if z.count_ones() != 1 {
        return None;
    }
    let house = KINDS.into_iter().find_map(|k| shared(cells, k))?;
    for c in [c1, c2] {
        for d in digits(grid.candidates(c) & !bug_digits[c.index()] & !z) {
            s.eliminations.add(c, d);
        }
    }
    s.houses = HouseSet::default().with(house);
    s.digits |= z;
    Some(s)
}

/// Type 3: the BUG digits with `d - 1` common cells of a house holding every BUG cell form a
/// naked set of `d` digits.
fn type3(grid: &Grid, cells: &[Cell], all: u16, common: CellSet, mut s: Step) -> Option<Step> {
    let peers = super::wings::peers_in_se_order(cells[0]);
    for kind in KINDS {
        let Some(house) = shared(cells, kind) else {
            continue;
        };
        let in_house = house.cell_set().intersection(common);
        let list: Vec<Cell> = peers
            .into_iter()
            .filter(|&c| in_house.contains(c))
            .collect();
        for degree in 2..=6usize {
            if list.len() < degree {
                continue;
            }
            for mask in masks(degree as u32 - 1, list.len() as u32) {
                let mut union = 0u16;
                let mut ok = true;
                let mut members = CellSet::EMPTY;
                for (i, &c) in list.iter().enumerate() {
                    if mask >> i & 1 != 0 {
                        let m = grid.candidates(c);
                        union |= m;
                        ok &= m.count_ones() > 1;
                        members = members.with(c);
                    }
                }
                if union.count_ones() as usize != degree
                    || !ok
                    || all.count_ones() <= 1
                    || (union | all).count_ones() as usize != degree
                {
                    continue;
                }
                let erasable: Vec<Cell> = list
                    .iter()
                    .copied()
                    .filter(|c| !members.contains(*c))
                    .collect();
                if erasable.is_empty() {
                    continue;
                }
                for &c in &erasable {
                    for d in digits(grid.candidates(c) & union) {
                        s.eliminations.add(c, d);
                    }
                }
                if s.eliminations.is_empty() {
                    continue;
                }
                s.er = tenths(5.7 + (degree - 1) as f64 * 0.1);
                s.cells = s.cells.union(members);
                s.houses = HouseSet::default().with(house);
                s.digits |= union;
                return Some(s);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::steps::step::removals;
    use crate::Board;

    /// A bivalue universal grave on all 81 cells: a solution grid `s` and each cell holding
    /// `{s, s + 1}` (9 wraps to 1), so every digit has two places in every house; `extra` adds
    /// digits to some cells (their BUG digits).
    fn grave(extra: &[(usize, u8)]) -> Grid {
        let mut g = Grid::from_board(&Board::EMPTY);
        for cell in Cell::ALL {
            let (r, c) = (cell.row(), cell.column());
            let s = ((r * 3 + r / 3 + c) % 9) as u8 + 1;
            let mut keep = 1u16 << (s - 1) | 1 << (s % 9);
            for &(i, d) in extra {
                if i == cell.index() {
                    keep |= 1 << (d - 1);
                }
            }
            for d in Digit::ALL {
                if keep >> d.index() & 1 == 0 {
                    g.eliminate(cell, d);
                }
            }
        }
        g
    }

    #[test]
    fn no_bug_without_an_extra_digit_or_on_the_empty_board() {
        // The pure grave has two solutions; SE finds no BUG cell and gives no hint.
        assert!(bug(&grave(&[])).is_none());
        assert!(bug(&Grid::from_board(&Board::EMPTY)).is_none());
    }

    #[test]
    fn type_1() {
        // r1c1 {1,2} gets 5: it must be 5, so 1 and 2 leave it.
        let s = bug(&grave(&[(0, 5)])).expect("a BUG");
        assert_eq!((s.technique, s.rating()), (Technique::Bug1, 56));
        assert_eq!(removals(&s), [(0, 1), (0, 2)]);
    }

    #[test]
    fn type_2() {
        // r1c1 {1,2} and r1c7 {7,8} both get 5: 5 leaves the rest of row 1.
        let s = bug(&grave(&[(0, 5), (6, 5)])).expect("a BUG");
        assert_eq!((s.technique, s.rating()), (Technique::Bug2, 57));
        assert_eq!(removals(&s), [(3, 5), (4, 5)]);
    }

    #[test]
    fn type_4() {
        // r1c1 {1,2,5} and r1c9 {1,9,6} share 1 besides their BUG digits 5 and 6: one of them
        // is 5 or 6, so 1 is locked in them in row 1; each keeps its BUG digit and 1.
        let s = bug(&grave(&[(0, 5), (8, 6)])).expect("a BUG");
        assert_eq!((s.technique, s.rating()), (Technique::Bug4, 57));
        assert_eq!(removals(&s), [(0, 2), (8, 9)]);
    }

    #[test]
    fn type_3() {
        // BUG digits 5 (r1c1) and 6 (r1c8) with r1c5 {5,6}: a naked pair in row 1, 5.8.
        let s = bug(&grave(&[(0, 5), (7, 6)])).expect("a BUG");
        assert_eq!((s.technique, s.rating()), (Technique::Bug3, 58));
        assert_eq!(removals(&s), [(3, 5), (5, 6)]);
    }
}
