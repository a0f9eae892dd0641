//! The candidate grid the step engine works on: a digit or nothing in each cell, and the
//! candidates (pencilmarks) of each empty cell.
//!
//! Masks are 9 bits, digit `d` (1-9) at bit `d - 1`, as in [`crate::candidates`]. A placed cell
//! has no candidate left; placing a digit removes it from the candidates of the cell's 20 peers
//! (what Sudoku Explainer calls "set value and cancel"). The grid is a plain `Copy` value of
//! about 900 bytes with no heap part, so a rater can keep one on the stack and copy it freely.
//! Besides the masks it keeps the same facts by digit (a cell set each) and by house (each
//! digit's places in each house), updated at each change: the techniques ask these questions
//! far more often than the grid changes.

use crate::board::Board;
use crate::geometry::{Cell, CellSet, Digit, House, HouseKind, CELLS};

/// A position being solved: placed digits and the candidates of the empty cells.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Grid {
    /// Placed digit of each cell (1-9), 0 when empty.
    values: [u8; CELLS],
    /// Candidates of each cell; 0 for a placed cell.
    candidates: [u16; CELLS],
    /// For each digit (index `d - 1`), the empty cells where it is a candidate: the same facts
    /// as `candidates`, kept by digit so that house questions are one AND.
    by_digit: [CellSet; 9],
    /// The empty cells.
    empty_cells: CellSet,
    /// Number of empty cells.
    empty: u8,
    /// Number of empty cells in each house, by house index (a count kept up to date is cheaper
    /// than a population count of a 128-bit set, which baseline x86-64 does in software).
    house_empty: [u8; 27],
    /// Set when an empty cell lost its last candidate: the position has no solution.
    broken: bool,
    /// The places of each digit in each house, by house index and digit index (see
    /// [`Grid::house_places`]).
    places: [[u16; 9]; 27],
}

/// For each cell, its three houses ([`House::index`]) and its bit in each one's places: the
/// geometry's [`Cell::houses`] and [`Cell::positions`], as one table for the grid's updates.
const HOUSE_BITS: [[(u8, u16); 3]; CELLS] = {
    let mut out = [[(0u8, 0u16); 3]; CELLS];
    let mut i = 0;
    while i < CELLS {
        let cell = Cell::ALL[i];
        let (houses, positions) = (cell.houses(), cell.positions());
        let mut k = 0;
        while k < 3 {
            out[i][k] = (houses[k].index() as u8, 1 << positions[k]);
            k += 1;
        }
        i += 1;
    }
    out
};

impl Grid {
    /// The position a board of givens starts from: each given placed, and in every empty cell
    /// the digits no peer holds (the candidates [`crate::Candidates::implied_by`] gives).
    ///
    /// Built in one pass over the givens rather than by placing them one by one, to the same
    /// grid: the same candidates, sets and places, and broken exactly when an empty cell's
    /// peers hold all nine digits (a board has no conflicting givens, so no given loses its
    /// own digit to a peer as they are placed).
    pub fn from_board(board: &Board) -> Grid {
        let mut grid = Grid {
            values: [0; CELLS],
            candidates: [0; CELLS],
            by_digit: [CellSet::EMPTY; 9],
            empty_cells: CellSet::EMPTY,
            empty: 0,
            house_empty: [0; 27],
            broken: false,
            places: [[0; 9]; 27],
        };
        // The digits given in each house.
        let mut used = [0u16; 27];
        for (i, &d) in board.digits().iter().enumerate() {
            let Some(digit) = Digit::new(d) else {
                continue;
            };
            let [(h0, _), (h1, _), (h2, _)] = HOUSE_BITS[i];
            grid.values[i] = digit.get();
            for h in [h0, h1, h2] {
                used[h as usize] |= 1 << digit.index();
            }
        }
        for (i, cell) in Cell::ALL.into_iter().enumerate() {
            if grid.values[i] != 0 {
                continue;
            }
            let [(h0, b0), (h1, b1), (h2, b2)] = HOUSE_BITS[i];
            let held = 0x1FF & !(used[h0 as usize] | used[h1 as usize] | used[h2 as usize]);
            if held == 0 {
                grid.broken = true;
            }
            grid.candidates[i] = held;
            grid.empty_cells = grid.empty_cells.with(cell);
            grid.empty += 1;
            for h in [h0, h1, h2] {
                grid.house_empty[h as usize] += 1;
            }
            let mut rest = held;
            while rest != 0 {
                let d = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                grid.by_digit[d] = grid.by_digit[d].with(cell);
                grid.places[h0 as usize][d] |= b0;
                grid.places[h1 as usize][d] |= b1;
                grid.places[h2 as usize][d] |= b2;
            }
        }
        grid
    }

    /// The position of a board (its givens and the digits a player placed) with a player's
    /// pencilmarks: [`Grid::from_board`], then each empty cell keeps only the digits of its mask
    /// in `masks` (row-major, digit `d` at bit `d - 1`; bits above 8 and the masks of filled
    /// cells are ignored). A digit the board's peers exclude stays out even when the mask holds
    /// it, so the candidates are the board's implied ones intersected with the masks. An empty
    /// cell left with no candidate marks the grid broken ([`Grid::is_broken`]).
    pub fn from_board_and_masks(board: &Board, masks: &[u16; CELLS]) -> Grid {
        let mut grid = Grid::from_board(board);
        for cell in Cell::ALL {
            if grid.values[cell.index()] != 0 {
                continue;
            }
            for digit in Digit::ALL {
                if masks[cell.index()] >> digit.index() & 1 == 0 {
                    grid.eliminate(cell, digit);
                }
            }
        }
        grid
    }

    /// The placed digit of `cell`, `None` when it is empty.
    #[inline]
    pub fn value(&self, cell: Cell) -> Option<Digit> {
        Digit::new(self.values[cell.index()])
    }

    /// The 81 placed digits, row-major, 0 for an empty cell.
    #[inline]
    pub fn values(&self) -> &[u8; CELLS] {
        &self.values
    }

    /// The candidates of `cell` (bit `d - 1` for digit `d`); 0 for a placed cell.
    #[inline]
    pub fn candidates(&self, cell: Cell) -> u16 {
        self.candidates[cell.index()]
    }

    /// The 81 candidate masks, row-major (0 for placed cells).
    #[inline]
    pub fn candidate_masks(&self) -> &[u16; CELLS] {
        &self.candidates
    }

    /// True when every cell holds a digit.
    #[inline]
    pub fn is_solved(&self) -> bool {
        self.empty == 0
    }

    /// True when some empty cell has no candidate left (the position has no solution). Only
    /// [`place`](Grid::place) and [`eliminate`](Grid::eliminate) set it.
    #[inline]
    pub fn is_broken(&self) -> bool {
        self.broken
    }

    /// Number of empty cells in `house`.
    #[inline]
    pub fn empty_count(&self, house: House) -> u32 {
        self.house_empty[house.index()] as u32
    }

    /// The empty cells.
    #[inline]
    pub fn empty_cells(&self) -> CellSet {
        self.empty_cells
    }

    /// The cells where `digit` is a candidate.
    #[inline]
    pub fn digit_cells(&self, digit: Digit) -> CellSet {
        self.by_digit[digit.index()]
    }

    /// The positions of `digit`'s candidates in `house`: bit `i` for the house's `i`-th cell
    /// (in the order of [`House::cells`]).
    #[inline]
    pub fn positions(&self, house: House, digit: Digit) -> u16 {
        self.places[house.index()][digit.index()]
    }

    /// The empty cells with `min` to `max` candidates (`1 <= min <= max <= 8`), counted for all
    /// cells at once on the digits' cell sets (bit-sliced counters: `at_least[k]` holds the
    /// cells with more than `k` candidates).
    #[inline]
    pub fn cells_with_candidate_count(&self, min: u32, max: u32) -> CellSet {
        debug_assert!(1 <= min && min <= max && max <= 8);
        let mut at_least = [0u128; 9];
        for set in &self.by_digit {
            let x = set.bits();
            for k in (1..=max as usize).rev() {
                at_least[k] |= at_least[k - 1] & x;
            }
            at_least[0] |= x;
        }
        CellSet::from_bits(at_least[min as usize - 1] & !at_least[max as usize])
            .intersection(self.empty_cells)
    }

    /// The cells of `house` (a set) where `digit` is a candidate.
    #[inline]
    pub fn cells_with(&self, house: House, digit: Digit) -> CellSet {
        self.by_digit[digit.index()].intersection(house.cell_set())
    }

    /// The places of each digit in each house, by house index ([`House::index`]) and digit
    /// index: what [`positions`](Grid::positions) gives, for every house at once.
    #[inline]
    pub fn house_places(&self) -> &[[u16; 9]; 27] {
        &self.places
    }

    /// Number of cells holding `digit`.
    pub fn occurrences(&self, digit: Digit) -> u32 {
        self.values.iter().filter(|&&v| v == digit.get()).count() as u32
    }

    /// Places `digit` in the empty `cell` and removes it from the candidates of the cell's peers.
    /// Placing into a cell that already holds a digit does nothing.
    pub fn place(&mut self, cell: Cell, digit: Digit) {
        let i = cell.index();
        if self.values[i] != 0 {
            return;
        }
        self.values[i] = digit.get();
        // The cell leaves the sets and places of the digits it held (`by_digit` holds a cell
        // exactly for its candidates).
        let gone = CellSet::EMPTY.with(cell);
        let mut held = self.candidates[i];
        while held != 0 {
            let d = held.trailing_zeros() as usize;
            self.clear_places(i, d);
            self.by_digit[d] = self.by_digit[d].difference(gone);
            held &= held - 1;
        }
        self.candidates[i] = 0;
        self.empty_cells = self.empty_cells.difference(gone);
        self.empty -= 1;
        for (house, _) in HOUSE_BITS[i] {
            self.house_empty[house as usize] -= 1;
        }
        // The digit leaves the peers that hold it (empty cells all), found in one AND rather
        // than by looking at all twenty.
        let d = digit.index();
        let hit = cell.peer_set().intersection(self.by_digit[d]);
        self.by_digit[d] = self.by_digit[d].difference(hit);
        for peer in hit.iter() {
            let j = peer.index();
            let after = self.candidates[j] & !(1 << d);
            self.candidates[j] = after;
            self.clear_places(j, d);
            if after == 0 {
                self.broken = true;
            }
        }
    }

    /// Removes `digit` from the candidates of `cell` (nothing when it is not one).
    #[inline]
    pub fn eliminate(&mut self, cell: Cell, digit: Digit) {
        let i = cell.index();
        let before = self.candidates[i];
        if before >> digit.index() & 1 == 0 {
            return;
        }
        let after = before & !(1 << digit.index());
        self.candidates[i] = after;
        let set = &mut self.by_digit[digit.index()];
        *set = set.difference(CellSet::EMPTY.with(cell));
        self.clear_places(i, digit.index());
        if after == 0 && self.values[i] == 0 {
            self.broken = true;
        }
    }

    /// Takes cell `i` out of the places of digit index `d` in its three houses.
    #[inline]
    fn clear_places(&mut self, i: usize, d: usize) {
        for (house, bit) in HOUSE_BITS[i] {
            self.places[house as usize][d] &= !bit;
        }
    }
}

/// A grid of the empty board whose listed cells keep only the listed digits (every other
/// cell keeps all nine): positions for the techniques' unit tests, which read candidates only.
#[cfg(test)]
pub(crate) fn with_candidates(cells: &[(Cell, &[u8])]) -> Grid {
    let mut g = Grid::from_board(&Board::EMPTY);
    for &(c, ds) in cells {
        for d in Digit::ALL {
            if !ds.contains(&d.get()) {
                g.eliminate(c, d);
            }
        }
    }
    g
}

/// Removes `digit` from every listed cell (for the unit tests' positions).
#[cfg(test)]
pub(crate) fn remove(g: &mut Grid, cells: impl IntoIterator<Item = Cell>, digit: u8) {
    for c in cells {
        g.eliminate(c, Digit::new(digit).expect("1-9"));
    }
}

/// The grid of a board written as nine rows of nine characters (for the unit tests' positions).
#[cfg(test)]
pub(crate) fn from_rows(rows: [&str; 9]) -> Grid {
    Grid::from_board(&rows.concat().parse::<Board>().expect("a valid board"))
}

/// Shared with the generator's fill, so it lives with the geometry.
pub use crate::geometry::ones9;

/// True when the mask `mask` (candidates, or places in a house) has exactly two bits (see
/// [`CellSet::is_pair`]).
#[inline]
pub fn is_pair(mask: u16) -> bool {
    let rest = mask & mask.wrapping_sub(1);
    rest != 0 && rest & rest.wrapping_sub(1) == 0
}

/// For tests: four hard puzzles (ER 10.0 and up, forum_hardest and top1465).
#[cfg(test)]
pub(crate) const HARD: [&str; 4] = [
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    ".8...57......1.....2...71.3.3.84..5.....3..49..2..........6.....41.7...58......7.",
    "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6",
    "........1.....2.3...4.5.6.....3...7...8.674...7...1..2..5......69..84...84....9..",
];

#[cfg(test)]
/// Grids for comparing a shortcut with the plain search: hard puzzles (top1465 and
/// forum_hardest) as given, and each with candidates removed at random (every cell keeps one),
/// as in the reduced grids of a propagation.
pub(crate) fn varied_grids() -> Vec<Grid> {
    const PUZZLES: [&str; 6] = [
        HARD[0],
        "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
        HARD[1],
        HARD[2],
        HARD[3],
        "98.7..6..7.....5....4.8..9.4...3..7..7...2.....31....53....61...4..9..3.........2",
    ];
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut random = move || {
        // xorshift64: a fixed sequence, enough to vary the grids.
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut out = Vec::new();
    for text in PUZZLES {
        let base = Grid::from_board(&text.parse::<Board>().expect("a valid puzzle"));
        out.push(base);
        for removed in [4, 10, 20, 40, 70] {
            let mut g = base;
            let mut left = removed;
            while left > 0 {
                let cell = Cell::ALL[(random() % 81) as usize];
                let cands = g.candidates(cell);
                if cands.count_ones() < 2 {
                    continue;
                }
                let pick = (random() % cands.count_ones() as u64) as usize;
                let mut rest = cands;
                for _ in 0..pick {
                    rest &= rest - 1;
                }
                g.eliminate(cell, Digit::ALL[rest.trailing_zeros() as usize]);
                left -= 1;
            }
            out.push(g);
        }
    }
    out
}

/// The cell at row `r`, column `c` (0-8 each; for the unit tests).
#[cfg(test)]
pub(crate) fn cell(r: usize, c: usize) -> Cell {
    Cell::at(r, c).expect("0-8")
}

/// The nine houses of `kind` in order (rows from the top, columns from the left, boxes
/// row-major): the order Sudoku Explainer walks them in.
pub(crate) fn houses(kind: HouseKind) -> impl Iterator<Item = House> {
    (0..9).map(move |n| House::new(kind, n).expect("0-8"))
}

impl std::fmt::Debug for Grid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for r in 0..9 {
            for c in 0..9 {
                let i = r * 9 + c;
                if self.values[i] != 0 {
                    write!(f, "{:>9} ", self.values[i])?;
                } else {
                    let s: String = (0..9)
                        .filter(|d| self.candidates[i] >> d & 1 != 0)
                        .map(|d| char::from(b'1' + d as u8))
                        .collect();
                    write!(f, "{s:>9} ")?;
                }
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn house_places_follow_the_candidates() {
        // The places kept by house, after every placement and removal of the varied grids,
        // against the candidate masks read cell by cell.
        let mut grids = varied_grids();
        let mut placed = grids[0];
        placed.place(cell(0, 1), Digit::new(1).expect("1-9"));
        grids.push(placed);
        for grid in grids {
            let all = grid.house_places();
            for house in House::ALL {
                for d in Digit::ALL {
                    let mut expected = 0u16;
                    for (i, &c) in house.cells().iter().enumerate() {
                        expected |= (grid.candidates(c) >> d.index() & 1) << i;
                    }
                    assert_eq!(all[house.index()][d.index()], expected);
                    assert_eq!(grid.positions(house, d), expected);
                    assert_eq!(
                        grid.cells_with(house, d).len(),
                        expected.count_ones() as usize
                    );
                }
            }
        }
    }

    #[test]
    fn candidate_counts_are_the_masks_popcounts() {
        for grid in varied_grids() {
            for min in 1..=8 {
                for max in min..=8 {
                    let expected = Cell::ALL.iter().fold(CellSet::EMPTY, |acc, &c| {
                        let n = grid.candidates(c).count_ones();
                        if grid.value(c).is_none() && (min..=max).contains(&n) {
                            acc.with(c)
                        } else {
                            acc
                        }
                    });
                    assert_eq!(grid.cells_with_candidate_count(min, max), expected);
                }
            }
        }
    }

    #[test]
    fn a_board_s_grid_is_its_givens_placed_one_by_one() {
        // Random boards without conflicting givens (0 to 60 givens; many leave an empty cell
        // without a candidate, a broken grid): the grid built in one pass equals the empty
        // board's grid with the givens placed in row-major order.
        use rand::{rngs::ChaCha8Rng, RngExt, SeedableRng};
        let mut rng = ChaCha8Rng::seed_from_u64(22);
        let mut broken = 0;
        for _ in 0..3000 {
            let mut digits = [0u8; CELLS];
            let mut used = [0u16; 27];
            for _ in 0..rng.random_range(0..61) {
                let (i, d) = (rng.random_range(0..81), rng.random_range(0..9));
                let houses = Cell::ALL[i].houses();
                if digits[i] == 0 && houses.iter().all(|h| used[h.index()] >> d & 1 == 0) {
                    digits[i] = d as u8 + 1;
                    for h in houses {
                        used[h.index()] |= 1 << d;
                    }
                }
            }
            let board = Board::from_digits(&digits).expect("no conflicts");
            let mut placed = Grid::from_board(&Board::EMPTY);
            for (i, &d) in digits.iter().enumerate() {
                if let Some(digit) = Digit::new(d) {
                    placed.place(Cell::ALL[i], digit);
                }
            }
            assert_eq!(Grid::from_board(&board), placed, "{board:?}");
            broken += usize::from(placed.is_broken());
        }
        assert!((100..2900).contains(&broken), "{broken} broken");
    }

    #[test]
    fn masks_intersect_the_board_s_candidates() {
        // r1c1 is empty with the board's candidates 1-8 (r1c9 holds 9); the mask offers 1, 2
        // and 9, so 1 and 2 stay. r1c2's mask is 0: a broken grid. A filled cell's mask is
        // ignored.
        let mut text = [b'.'; CELLS];
        text[8] = b'9';
        let board = Board::parse(&text).unwrap();
        let mut masks = [0x1FF; CELLS];
        masks[0] = 0b1_0000_0011;
        masks[8] = 0;
        let g = Grid::from_board_and_masks(&board, &masks);
        assert_eq!(g.candidates(cell(0, 0)), 0b11);
        assert_eq!(g.value(cell(0, 8)), Digit::new(9));
        assert_eq!(g.candidates(cell(0, 1)), 0xFF);
        assert!(!g.is_broken());
        assert!(!g.digit_cells(Digit::new(3).unwrap()).contains(cell(0, 0)));
        masks[1] = 0;
        assert!(Grid::from_board_and_masks(&board, &masks).is_broken());
        // All-ones masks give the board's own grid.
        assert_eq!(
            Grid::from_board_and_masks(&board, &[0x1FF; CELLS]),
            Grid::from_board(&board)
        );
    }
}
