//! Singles: full house (last empty cell of a house), hidden single (a digit with one place left
//! in a house) and naked single (a cell with one candidate left).
//!
//! Order, as Sudoku Explainer's `HiddenSingle` and `NakedSingle` producers search (SE 1.2.1,
//! `diuf/sudoku/solver/rules/HiddenSingle.java`, `NakedSingle.java`): full houses in boxes, then
//! columns, then rows; then hidden singles in boxes, columns, rows; in each kind the houses in
//! order and digits 1-9. Naked singles (found later, after the direct techniques) go row-major.

use super::grid::{houses, Grid};
use super::step::{HouseSet, Step, Technique};
use crate::geometry::{Cell, CellSet, Digit, HouseKind};

/// SE's order of house kinds for singles and subsets: boxes, columns, rows.
pub(crate) const BOX_COLUMN_ROW: [HouseKind; 3] =
    [HouseKind::Box, HouseKind::Column, HouseKind::Row];

/// The first full house or hidden single in SE's order.
pub fn hidden_single(grid: &Grid) -> Option<Step> {
    for alone in [true, false] {
        for kind in BOX_COLUMN_ROW {
            for house in houses(kind) {
                let empty = grid.empty_count(house);
                if empty == 0 || (empty == 1) != alone {
                    continue;
                }
                // The digit's places in the house as nine bits: one place is a power of two
                // (no population count of a 128-bit set, which baseline x86-64 does in
                // software, at every position of a rating).
                let places = &grid.house_places()[house.index()];
                for digit in Digit::ALL {
                    let m = places[digit.index()];
                    if m != 0 && m & (m - 1) == 0 {
                        let cell = house.cells()[m.trailing_zeros() as usize];
                        let technique = if alone {
                            Technique::FullHouse
                        } else if kind == HouseKind::Box {
                            Technique::HiddenSingleBox
                        } else {
                            Technique::HiddenSingleLine
                        };
                        return Some(single(
                            technique,
                            cell,
                            digit,
                            HouseSet::default().with(house),
                        ));
                    }
                }
            }
        }
    }
    None
}

/// The first naked single, row-major.
pub fn naked_single(grid: &Grid) -> Option<Step> {
    Cell::ALL.into_iter().find_map(|cell| {
        let m = grid.candidates(cell);
        (m.count_ones() == 1).then(|| {
            let digit = Digit::from_index(m.trailing_zeros() as usize).expect("9 bits");
            single(Technique::NakedSingle, cell, digit, HouseSet::default())
        })
    })
}

fn single(technique: Technique, cell: Cell, digit: Digit, houses: HouseSet) -> Step {
    let mut step = Step::new(technique);
    step.placement = Some((cell, digit));
    step.cells = CellSet::EMPTY.with(cell);
    step.houses = houses;
    step.digits = 1 << digit.index();
    step
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Board;

    fn grid(text: &str) -> Grid {
        Grid::from_board(&text.parse::<Board>().unwrap())
    }

    #[test]
    fn full_house_before_hidden_single() {
        // Row 1 misses only its last cell; box 1 has a hidden single too.
        let g = grid(
            "12345678.........................................................................",
        );
        let s = hidden_single(&g).unwrap();
        // Row 0 has one empty cell: full house, digit 9 at r1c9. Boxes come first, but no box
        // has a single empty cell, then columns, then rows.
        assert_eq!(s.technique, Technique::FullHouse);
        assert_eq!(
            s.placement,
            Some((Cell::at(0, 8).unwrap(), Digit::new(9).unwrap()))
        );
    }

    #[test]
    fn hidden_single_in_box_and_line() {
        // Digit 1 in rows 2 and 3 (via r2c4, r3c7) and columns 2 and 3 (r4c2, r7c3) leaves box 1
        // only r1c1.
        let g = grid(".........\n...1.....\n......1..\n.1.......\n.........\n.........\n..1......\n.........\n.........".replace('\n', "").as_str());
        let s = hidden_single(&g).unwrap();
        assert_eq!(s.technique, Technique::HiddenSingleBox);
        assert_eq!(
            s.placement,
            Some((Cell::at(0, 0).unwrap(), Digit::new(1).unwrap()))
        );
        assert_eq!(s.rating(), 12);
    }

    #[test]
    fn naked_single_found_row_major() {
        // r1c1 sees 2-9 (row: 2345; column: 6789).
        let g = grid(
            ".2345....6........7........8........9............................................",
        );
        let s = naked_single(&g).unwrap();
        assert_eq!(
            s.placement,
            Some((Cell::at(0, 0).unwrap(), Digit::new(1).unwrap()))
        );
        assert_eq!(s.rating(), 23);
    }
}
