//! The grid's geometry: cells, digits and houses (rows, columns, boxes), and the fixed relations
//! between them (the cells of a house, the houses and peers of a cell, bands, stacks and
//! box-line intersections) as constant tables.
//!
//! Everything is numbered from the top left, starting at 0: a cell is 0-80 in row-major order
//! (`row * 9 + column`); rows, columns and boxes are 0-8 (box `3 * band + stack`); bands (three
//! rows) and stacks (three columns) are 0-2. A digit is 1-9. This is the lowest layer of the
//! crate: the board, the solver and whatever is built on them take their vocabulary from here.

/// Number of cells on a board (9 rows of 9).
pub const CELLS: usize = 81;

/// Number of houses: 9 rows, 9 columns and 9 boxes.
pub const HOUSES: usize = 27;

/// Number of peers of every cell: 8 in its row, 8 in its column and 4 more in its box.
pub const PEERS_PER_CELL: usize = 20;

/// One cell of the grid, 0-80 in row-major order (`row * 9 + column`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(transparent)]
pub struct Cell(u8);

impl Cell {
    /// Every cell, in row-major order (`Cell::ALL[i].index() == i`).
    pub const ALL: [Cell; CELLS] = {
        let mut t = [Cell(0); CELLS];
        let mut i = 0;
        while i < CELLS {
            t[i] = Cell(i as u8);
            i += 1;
        }
        t
    };

    /// The cell with row-major index `index` (0-80); `None` for 81 or more.
    pub const fn new(index: usize) -> Option<Cell> {
        if index < CELLS {
            Some(Cell(index as u8))
        } else {
            None
        }
    }

    /// The cell at `row` and `column` (each 0-8); `None` when either is 9 or more.
    pub const fn at(row: usize, column: usize) -> Option<Cell> {
        if row < 9 && column < 9 {
            Some(Cell((row * 9 + column) as u8))
        } else {
            None
        }
    }

    /// Row-major index, 0-80.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Row, 0-8 from the top.
    pub const fn row(self) -> usize {
        self.index() / 9
    }

    /// Column, 0-8 from the left.
    pub const fn column(self) -> usize {
        self.index() % 9
    }

    /// Band (the three rows `3 * band ..= 3 * band + 2`), 0-2 from the top.
    pub const fn band(self) -> usize {
        self.row() / 3
    }

    /// Stack (the three columns `3 * stack ..= 3 * stack + 2`), 0-2 from the left.
    pub const fn stack(self) -> usize {
        self.column() / 3
    }

    /// Box, 0-8 in row-major order of boxes (`3 * band + stack`).
    pub const fn box_index(self) -> usize {
        3 * self.band() + self.stack()
    }

    /// The cell's three houses: its row, its column and its box, in that order.
    pub const fn houses(self) -> [House; 3] {
        /// For each cell (by index), its row, column and box, in that order.
        const CELL_HOUSES: [[House; 3]; CELLS] = {
            let mut t = [[House(0); 3]; CELLS];
            let mut i = 0;
            while i < CELLS {
                let cell = Cell(i as u8);
                t[i] = [
                    House(cell.row() as u8),
                    House(9 + cell.column() as u8),
                    House(18 + cell.box_index() as u8),
                ];
                i += 1;
            }
            t
        };
        CELL_HOUSES[self.index()]
    }

    /// The cell's position (0-8) in each of its three houses as [`House::cells`] lists them, in
    /// the order of [`Cell::houses`]: its column (in its row), its row (in its column), and
    /// `3 * (row % 3) + column % 3` (in its box).
    pub const fn positions(self) -> [u8; 3] {
        /// For each cell (by index), its positions in its row, column and box.
        const CELL_POSITIONS: [[u8; 3]; CELLS] = {
            let mut t = [[0u8; 3]; CELLS];
            let mut i = 0;
            while i < CELLS {
                let cell = Cell(i as u8);
                let (r, c) = (cell.row(), cell.column());
                t[i] = [c as u8, r as u8, (3 * (r % 3) + c % 3) as u8];
                i += 1;
            }
            t
        };
        CELL_POSITIONS[self.index()]
    }

    /// The cell's 20 peers (the other cells of its row, column and box), in increasing order.
    pub const fn peers(self) -> [Cell; PEERS_PER_CELL] {
        /// For each cell (by index), its 20 peers in increasing order.
        const PEERS: [[Cell; PEERS_PER_CELL]; CELLS] = {
            let mut t = [[Cell(0); PEERS_PER_CELL]; CELLS];
            let mut i = 0;
            while i < CELLS {
                let mut n = 0;
                let mut j = 0;
                while j < CELLS {
                    if Cell(i as u8).sees(Cell(j as u8)) {
                        t[i][n] = Cell(j as u8);
                        n += 1;
                    }
                    j += 1;
                }
                assert!(n == PEERS_PER_CELL);
                i += 1;
            }
            t
        };
        PEERS[self.index()]
    }

    /// The cell's 20 peers as a set (from a table: the chain searches ask in their inner
    /// loops).
    pub const fn peer_set(self) -> CellSet {
        /// For each cell (by index), its peers: its row, column and box less itself.
        const PEER_SETS: [CellSet; CELLS] = {
            let mut t = [CellSet::EMPTY; CELLS];
            let mut i = 0;
            while i < CELLS {
                let cell = Cell(i as u8);
                let [row, column, square] = cell.houses();
                t[i] = row
                    .cell_set()
                    .union(column.cell_set())
                    .union(square.cell_set())
                    .difference(CellSet::EMPTY.with(cell));
                i += 1;
            }
            t
        };
        PEER_SETS[self.index()]
    }

    /// The cell's three houses as bits by house index ([`House::index`]).
    pub const fn house_mask(self) -> u32 {
        /// For each cell (by index), its houses' bits.
        const HOUSE_MASKS: [u32; CELLS] = {
            let mut t = [0u32; CELLS];
            let mut i = 0;
            while i < CELLS {
                let [a, b, c] = Cell(i as u8).houses();
                t[i] = 1 << a.index() | 1 << b.index() | 1 << c.index();
                i += 1;
            }
            t
        };
        HOUSE_MASKS[self.index()]
    }

    /// True when `other` is a peer of this cell (shares a house with it and is not the cell).
    pub const fn sees(self, other: Cell) -> bool {
        self.0 != other.0
            && (self.row() == other.row()
                || self.column() == other.column()
                || self.box_index() == other.box_index())
    }
}

/// A digit, 1-9.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(transparent)]
pub struct Digit(u8);

impl Digit {
    /// The digits 1 to 9 in order (`Digit::ALL[i].index() == i`).
    pub const ALL: [Digit; 9] = [
        Digit(1),
        Digit(2),
        Digit(3),
        Digit(4),
        Digit(5),
        Digit(6),
        Digit(7),
        Digit(8),
        Digit(9),
    ];

    /// The digit `value` (1-9); `None` for 0 or above 9.
    pub const fn new(value: u8) -> Option<Digit> {
        if value >= 1 && value <= 9 {
            Some(Digit(value))
        } else {
            None
        }
    }

    /// The digit with 0-based index `index` (0-8 for the digits 1-9); `None` for 9 or more.
    pub const fn from_index(index: usize) -> Option<Digit> {
        if index < 9 {
            Some(Digit(index as u8 + 1))
        } else {
            None
        }
    }

    /// The value, 1-9.
    pub const fn get(self) -> u8 {
        self.0
    }

    /// The 0-based index, 0-8 (the value minus 1), for arrays and bit sets indexed by digit.
    pub const fn index(self) -> usize {
        self.0 as usize - 1
    }
}

/// The three kinds of house.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum HouseKind {
    /// A row: nine cells left to right.
    Row,
    /// A column: nine cells top to bottom.
    Column,
    /// A box: a 3x3 square of cells.
    Box,
}

/// A house (row, column or box): nine cells that must hold each digit once.
///
/// Houses have one index 0-26, so that one array of 27 serves all three kinds: rows are 0-8,
/// columns 9-17 and boxes 18-26, each kind in its own order (rows from the top, columns from the
/// left, boxes row-major).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(transparent)]
pub struct House(u8);

impl House {
    /// Every house by index: the 9 rows, then the 9 columns, then the 9 boxes.
    pub const ALL: [House; HOUSES] = {
        let mut t = [House(0); HOUSES];
        let mut i = 0;
        while i < HOUSES {
            t[i] = House(i as u8);
            i += 1;
        }
        t
    };

    /// The house of `kind` numbered `number` (0-8) within its kind; `None` for 9 or more.
    pub const fn new(kind: HouseKind, number: usize) -> Option<House> {
        if number >= 9 {
            return None;
        }
        let first = match kind {
            HouseKind::Row => 0,
            HouseKind::Column => 9,
            HouseKind::Box => 18,
        };
        Some(House((first + number) as u8))
    }

    /// The house with index `index` (0-26, see [`House`]); `None` for 27 or more.
    pub const fn from_index(index: usize) -> Option<House> {
        if index < HOUSES {
            Some(House(index as u8))
        } else {
            None
        }
    }

    /// Index 0-26: rows 0-8, columns 9-17, boxes 18-26.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Row, column or box.
    pub const fn kind(self) -> HouseKind {
        match self.0 / 9 {
            0 => HouseKind::Row,
            1 => HouseKind::Column,
            _ => HouseKind::Box,
        }
    }

    /// The number 0-8 of the house within its kind (the row, column or box index).
    pub const fn number(self) -> usize {
        self.index() % 9
    }

    /// The house's nine cells, in increasing order (left to right, top to bottom, or row-major
    /// inside a box).
    pub const fn cells(self) -> [Cell; 9] {
        /// For each house (by index, see [`House`]), its nine cells in increasing order.
        const HOUSE_CELLS: [[Cell; 9]; HOUSES] = {
            let mut t = [[Cell(0); 9]; HOUSES];
            let mut filled = [0usize; HOUSES];
            // Cells in increasing order, so each house's list comes out sorted.
            let mut i = 0;
            while i < CELLS {
                let houses = Cell(i as u8).houses();
                let mut k = 0;
                while k < 3 {
                    let h = houses[k].0 as usize;
                    t[h][filled[h]] = Cell(i as u8);
                    filled[h] += 1;
                    k += 1;
                }
                i += 1;
            }
            t
        };
        HOUSE_CELLS[self.index()]
    }

    /// The house's nine cells as a set.
    pub const fn cell_set(self) -> CellSet {
        /// For each house (by index), its nine cells as a set.
        const HOUSE_CELL_SETS: [CellSet; HOUSES] = {
            let mut t = [CellSet::EMPTY; HOUSES];
            let mut h = 0;
            while h < HOUSES {
                let mut k = 0;
                while k < 9 {
                    t[h] = t[h].with(House(h as u8).cells()[k]);
                    k += 1;
                }
                h += 1;
            }
            t
        };
        HOUSE_CELL_SETS[self.index()]
    }

    /// The cells this house shares with `other`: for a box and a row or column crossing it, the
    /// three cells of their intersection (the box-line intersection that locked candidates,
    /// pointing and claiming, work on); one cell for a row and a column; the house itself for
    /// itself; otherwise none.
    pub const fn intersection(self, other: House) -> CellSet {
        self.cell_set().intersection(other.cell_set())
    }
}

/// A set of cells: bit `i` for the cell with index `i` (bits 81-127 are always clear).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CellSet(u128);

/// Each cell's bit (by cell index), from a table rather than a 128-bit shift.
static CELL_BITS: [u128; CELLS] = {
    let mut t = [0u128; CELLS];
    let mut i = 0;
    while i < CELLS {
        t[i] = 1 << i;
        i += 1;
    }
    t
};

impl CellSet {
    // The constants are built with `from_bits` rather than `CellSet(..)`: cbindgen would
    // otherwise take them for C constants (and leave blank lines in the header).

    /// No cell.
    pub const EMPTY: CellSet = CellSet::from_bits(0);

    /// Every cell.
    pub const ALL: CellSet = CellSet::from_bits(u128::MAX);

    /// The set whose bit `i` is set for each cell `i` (0-80) in `bits`; bits 81-127 are ignored.
    pub const fn from_bits(bits: u128) -> CellSet {
        CellSet(bits & ((1 << CELLS) - 1))
    }

    /// The set as bits: bit `i` for cell `i`.
    pub const fn bits(self) -> u128 {
        self.0
    }

    /// This set with `cell` added.
    pub const fn with(self, cell: Cell) -> CellSet {
        CellSet(self.0 | CELL_BITS[cell.index()])
    }

    /// True when `cell` is in the set.
    pub const fn contains(self, cell: Cell) -> bool {
        // One 64-bit half and a shift: a 128-bit shift by a variable amount takes several
        // instructions and a branch or two, and the step engine tests cells everywhere.
        let i = cell.index();
        let half = if i < 64 {
            self.0 as u64
        } else {
            (self.0 >> 64) as u64
        };
        half >> (i & 63) & 1 != 0
    }

    /// Number of cells in the set, 0-81.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// True when the set has no cell.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// True when the set has exactly two cells (`len() == 2` without counting: the engine asks
    /// this of every house at every link, and a population count is a long sequence on
    /// targets without a `popcnt` instruction, such as baseline x86-64).
    #[inline]
    pub const fn is_pair(self) -> bool {
        let rest = self.0 & self.0.wrapping_sub(1);
        rest != 0 && rest & rest.wrapping_sub(1) == 0
    }

    /// True when the set has two cells or more (`len() >= 2` without counting, as
    /// [`is_pair`](CellSet::is_pair)).
    #[inline]
    pub const fn has_two_or_more(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// Cells in either set.
    pub const fn union(self, other: CellSet) -> CellSet {
        CellSet(self.0 | other.0)
    }

    /// Cells in both sets.
    pub const fn intersection(self, other: CellSet) -> CellSet {
        CellSet(self.0 & other.0)
    }

    /// Cells of this set that are not in `other`.
    pub const fn difference(self, other: CellSet) -> CellSet {
        CellSet(self.0 & !other.0)
    }

    /// The cells in increasing order.
    pub fn iter(self) -> impl Iterator<Item = Cell> {
        // The two 64-bit halves one after the other: cheaper steps than on one 128-bit word.
        let (mut low, mut high) = (self.0 as u64, (self.0 >> 64) as u64);
        std::iter::from_fn(move || {
            if low != 0 {
                let i = low.trailing_zeros();
                low &= low - 1;
                return Some(Cell(i as u8));
            }
            if high != 0 {
                let i = high.trailing_zeros();
                high &= high - 1;
                return Some(Cell(64 + i as u8));
            }
            None
        })
    }
}

/// The number of bits of a 9-bit mask (a set of digits, or of places in a house), from a
/// table: baseline x86-64 has no population count instruction and counts bits in software, a
/// loop that lengthened every step of the generator's fill (its steps wait on each other).
#[inline]
pub fn ones9(mask: u16) -> u32 {
    BITS9[mask as usize & 0x1FF] as u32
}

/// The number of bits of each 9-bit mask.
static BITS9: [u8; 512] = {
    let mut counts = [0u8; 512];
    let mut mask = 0;
    while mask < 512 {
        counts[mask] = (mask as u32).count_ones() as u8;
        mask += 1;
    }
    counts
};

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    /// Row, column and box of a cell, worked out from first principles.
    fn coordinates(i: usize) -> (usize, usize, usize) {
        let (r, c) = (i / 9, i % 9);
        (r, c, (r / 3) * 3 + c / 3)
    }

    #[test]
    fn cells_have_their_coordinates() {
        for (i, cell) in Cell::ALL.into_iter().enumerate() {
            let (r, c, b) = coordinates(i);
            assert_eq!(cell.index(), i);
            assert_eq!((cell.row(), cell.column(), cell.box_index()), (r, c, b));
            assert_eq!((cell.band(), cell.stack()), (r / 3, c / 3));
            assert_eq!(Cell::new(i), Some(cell));
            assert_eq!(Cell::at(r, c), Some(cell));
        }
        assert_eq!(Cell::new(CELLS), None);
        assert_eq!(Cell::at(9, 0), None);
        assert_eq!(Cell::at(0, 9), None);
    }

    #[test]
    fn every_house_holds_nine_distinct_cells_and_every_cell_three_houses() {
        let mut count = [0; HOUSES];
        for cell in Cell::ALL {
            let (r, c, b) = coordinates(cell.index());
            let houses = cell.houses();
            assert_eq!(
                houses.map(|h| (h.kind(), h.number())),
                [
                    (HouseKind::Row, r),
                    (HouseKind::Column, c),
                    (HouseKind::Box, b)
                ]
            );
            for h in houses {
                count[h.index()] += 1;
                assert!(h.cells().contains(&cell));
                assert!(h.cell_set().contains(cell));
            }
        }
        assert_eq!(count, [9; HOUSES]);
        for house in House::ALL {
            let cells = house.cells();
            assert!(cells.windows(2).all(|w| w[0] < w[1]), "{house:?}");
            assert_eq!(house.cell_set().len(), 9);
            assert!(cells.iter().all(|c| c.houses().contains(&house)));
            let (kind, n) = (house.kind(), house.number());
            assert_eq!(House::new(kind, n), Some(house));
            assert_eq!(House::from_index(house.index()), Some(house));
            for cell in cells {
                let (r, c, b) = coordinates(cell.index());
                let expected = match kind {
                    HouseKind::Row => r,
                    HouseKind::Column => c,
                    HouseKind::Box => b,
                };
                assert_eq!(expected, n);
            }
        }
        assert_eq!(House::from_index(HOUSES), None);
        assert_eq!(House::new(HouseKind::Box, 9), None);
    }

    #[test]
    fn positions_are_where_the_houses_list_the_cell() {
        for cell in Cell::ALL {
            for (house, position) in cell.houses().into_iter().zip(cell.positions()) {
                assert_eq!(
                    house.cells()[position as usize],
                    cell,
                    "{cell:?} in {house:?}"
                );
            }
        }
    }

    #[test]
    fn peers_are_the_union_of_the_houses_minus_the_cell() {
        for cell in Cell::ALL {
            let brute: BTreeSet<Cell> = Cell::ALL
                .into_iter()
                .filter(|&o| {
                    let (a, b) = (coordinates(cell.index()), coordinates(o.index()));
                    o != cell && (a.0 == b.0 || a.1 == b.1 || a.2 == b.2)
                })
                .collect();
            let union: BTreeSet<Cell> = cell
                .houses()
                .iter()
                .flat_map(|h| h.cells())
                .filter(|&o| o != cell)
                .collect();
            let peers = cell.peers();
            assert_eq!(brute.len(), PEERS_PER_CELL);
            assert_eq!(union, brute, "{cell:?}");
            assert_eq!(peers.iter().copied().collect::<BTreeSet<_>>(), brute);
            assert!(peers.windows(2).all(|w| w[0] < w[1]), "{cell:?}");
            assert_eq!(cell.peer_set().iter().collect::<BTreeSet<_>>(), brute);
            for other in Cell::ALL {
                assert_eq!(cell.sees(other), brute.contains(&other));
            }
            // The house mask: bit h exactly for the houses holding the cell.
            for house in House::ALL {
                let holds = house.cells().contains(&cell);
                assert_eq!(cell.house_mask() >> house.index() & 1 == 1, holds);
            }
        }
    }

    #[test]
    fn intersections_of_houses() {
        for a in House::ALL {
            for b in House::ALL {
                let common = a.intersection(b).len();
                let expected = match (a.kind(), b.kind()) {
                    _ if a == b => 9,
                    (HouseKind::Row, HouseKind::Column) | (HouseKind::Column, HouseKind::Row) => 1,
                    (HouseKind::Box, HouseKind::Row) | (HouseKind::Row, HouseKind::Box) => {
                        let (r, x) = if a.kind() == HouseKind::Row {
                            (a, b)
                        } else {
                            (b, a)
                        };
                        if r.number() / 3 == x.number() / 3 {
                            3
                        } else {
                            0
                        }
                    }
                    (HouseKind::Box, HouseKind::Column) | (HouseKind::Column, HouseKind::Box) => {
                        let (c, x) = if a.kind() == HouseKind::Column {
                            (a, b)
                        } else {
                            (b, a)
                        };
                        if c.number() / 3 == x.number() % 3 {
                            3
                        } else {
                            0
                        }
                    }
                    _ => 0,
                };
                assert_eq!(common, expected, "{a:?} {b:?}");
            }
        }
    }

    #[test]
    fn digits_run_from_one_to_nine() {
        for (i, d) in Digit::ALL.into_iter().enumerate() {
            assert_eq!(d.get() as usize, i + 1);
            assert_eq!(d.index(), i);
            assert_eq!(Digit::new(d.get()), Some(d));
            assert_eq!(Digit::from_index(i), Some(d));
        }
        assert_eq!(Digit::new(0), None);
        assert_eq!(Digit::new(10), None);
        assert_eq!(Digit::from_index(9), None);
    }

    #[test]
    fn cell_sets() {
        assert_eq!(CellSet::ALL.len(), CELLS);
        assert!(CellSet::EMPTY.is_empty());
        assert_eq!(CellSet::from_bits(u128::MAX), CellSet::ALL);
        let set = CellSet::EMPTY.with(Cell::ALL[3]).with(Cell::ALL[80]);
        assert_eq!(set.iter().map(Cell::index).collect::<Vec<_>>(), [3, 80]);
        assert_eq!(set.bits(), 1 << 3 | 1 << 80);
        assert_eq!(set.difference(CellSet::ALL), CellSet::EMPTY);
        assert_eq!(set.union(CellSet::ALL), CellSet::ALL);
    }

    #[test]
    fn a_pair_is_exactly_two_cells() {
        // Every set of up to three cells among the first, middle and last bits, and the full
        // set.
        let picks = [0usize, 1, 2, 40, 63, 64, 65, 79, 80];
        for &a in &picks {
            for &b in &picks {
                for &c in &picks {
                    let set = CellSet::EMPTY
                        .with(Cell::ALL[a])
                        .with(Cell::ALL[b])
                        .with(Cell::ALL[c]);
                    assert_eq!(set.is_pair(), set.len() == 2, "{a} {b} {c}");
                    assert_eq!(set.has_two_or_more(), set.len() >= 2, "{a} {b} {c}");
                }
            }
        }
        assert!(!CellSet::EMPTY.is_pair() && !CellSet::ALL.is_pair());
    }
}
