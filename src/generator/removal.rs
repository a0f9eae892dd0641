//! Taking givens out of a full grid while the puzzle keeps its one solution: the core of both
//! the generator and [`super::minimize`].
//!
//! The puzzle is always a set of cells of a known solved grid. Taking out an orbit of givens
//! keeps it unique exactly when no solution of the smaller puzzle differs from the grid at one of
//! the orbit's cells. Each removal is decided, cheapest first, by (inside a window, step 3's
//! placements come first and stand in for step 2):
//! 1. unavoidable sets of the grid ([`Unavoidable`]): a removal that leaves one without a given
//!    breaks uniqueness;
//! 2. a singles check: when every cell of the orbit would be a naked or hidden single among the
//!    givens left, each is forced back at once, and the removal is safe (most removals from a
//!    dense grid are decided here);
//! 3. propagation of the givens without a window of the next orbits ([`Removal::thin`]): an
//!    orbit of the window whose cells it places can go;
//! 4. otherwise, for each cell of the orbit, a first-solution search of the smaller puzzle with
//!    the grid's value ruled out of that cell (`solver::removal`, from the window's propagated
//!    state): any solution found means the removal would break uniqueness.
//!
//! A given found necessary stays necessary as others go (removing givens only adds solutions),
//! so testing each orbit once, against givens that only shrink, leaves a minimal puzzle.

use super::grid::{Grid, HOUSES_OF};
use crate::geometry::CELLS;
use crate::solver::removal::{Base, Tester};

/// The most and fewest orbits in a window of [`Removal::thin`], which starts at twice the
/// fewest. Chosen by instruction counts of 2,000 puzzles, plain and half-turn (callgrind):
/// short windows share little, long ones leave too much to place; 6 and 3 did best of the
/// pairs tried (from 1 to 16), a few percent better than 8 and 2.
const MAX_WINDOW: usize = 6;
const MIN_WINDOW: usize = 3;

/// A window of [`Removal::thin`]: the propagated state of the givens without the window's
/// orbits, the window's cells, and the index of the orbit after its last.
struct Window {
    base: Base,
    cells: u128,
    end: usize,
}

/// Where [`Removal::thin`] stops: it never takes the count of givens below `floor` (skipping an
/// orbit that would), stops once the count is at most `target`, and gives up once it is below
/// `give_up_below` (when the puzzle is out of range anyway).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Limits {
    pub(crate) floor: u32,
    pub(crate) target: u32,
    pub(crate) give_up_below: u32,
}

impl Limits {
    /// No limit: every orbit that can go goes (a minimal puzzle).
    pub(crate) const NONE: Limits = Limits {
        floor: 0,
        target: 0,
        give_up_below: 0,
    };
}

/// A puzzle being thinned: some cells of a solved grid.
pub(crate) struct Removal<'a> {
    grid: &'a Grid,
    tester: Tester,
    /// The cells still given (bit `cell`).
    givens: u128,
    /// Unavoidable sets of the grid (see [`Unavoidable`]): a puzzle with no given in one
    /// of them has another solution.
    unavoidable: Unavoidable,
    /// Digits (bit d - 1) given in each row, column and box.
    rows: [u16; 9],
    cols: [u16; 9],
    boxes: [u16; 9],
    /// The given cells of each digit 1-9 (index 0 unused).
    digit_cells: [u128; 10],
}

/// Row, column and box of `cell` (0-80), 0-8 each.
#[inline]
fn houses(cell: usize) -> (usize, usize, usize) {
    let [r, c, b] = HOUSES_OF[cell];
    (r as usize, c as usize, b as usize)
}

/// The cells of `mask`, lowest first. The mask is taken as two 64-bit words: 128-bit
/// arithmetic costs several instructions a step.
#[inline]
fn cells(mask: u128) -> impl Iterator<Item = usize> {
    let (mut low, mut high) = (mask as u64, (mask >> 64) as u64);
    std::iter::from_fn(move || {
        if low != 0 {
            let cell = low.trailing_zeros() as usize;
            low &= low - 1;
            Some(cell)
        } else if high != 0 {
            let cell = 64 + high.trailing_zeros() as usize;
            high &= high - 1;
            Some(cell)
        } else {
            None
        }
    })
}

/// Bit `cell` of a cell mask, from a table (a 128-bit shift by a variable amount takes
/// several instructions).
static CELL_BIT: [u128; CELLS] = {
    let mut bits = [0u128; CELLS];
    let mut cell = 0;
    while cell < CELLS {
        bits[cell] = 1u128 << cell;
        cell += 1;
    }
    bits
};

impl<'a> Removal<'a> {
    /// The puzzle of the cells `givens` of the solved `grid`, which must have `grid` as its only
    /// solution.
    pub(crate) fn new(grid: &'a Grid, givens: u128, tester: Tester) -> Removal<'a> {
        let mut removal = Removal {
            grid,
            tester,
            givens,
            unavoidable: Unavoidable::of(grid),
            rows: [0; 9],
            cols: [0; 9],
            boxes: [0; 9],
            digit_cells: [0; 10],
        };
        for cell in cells(givens) {
            removal.toggle(cell);
        }
        removal
    }

    /// Whether the puzzle without `cells_out` would leave a known unavoidable set with no
    /// given: then it has another solution (a swap of two rows or columns on that set).
    #[inline]
    fn empties_unavoidable_set(&self, cells_out: u128) -> bool {
        self.unavoidable
            .any_empty(self.givens & !cells_out, cells_out)
    }

    /// Adds or takes out `cell`'s digit in its houses' masks.
    #[inline]
    fn toggle(&mut self, cell: usize) {
        let (r, c, b) = houses(cell);
        let bit = 1u16 << (self.grid[cell] - 1);
        self.rows[r] ^= bit;
        self.cols[c] ^= bit;
        self.boxes[b] ^= bit;
        self.digit_cells[self.grid[cell] as usize] ^= CELL_BIT[cell];
    }

    /// The cells still given.
    pub(crate) fn givens(&self) -> u128 {
        self.givens
    }

    /// The number of givens.
    pub(crate) fn count(&self) -> u32 {
        self.givens.count_ones()
    }

    /// Whether every cell of `orbit` (all given) would be forced by the givens left if the orbit
    /// went: a naked single (it sees the eight other digits) or a hidden single (every other open
    /// cell of one of its houses sees its digit). Then the removal is safe.
    fn forced_without(&mut self, orbit: u128) -> bool {
        for cell in cells(orbit) {
            self.toggle(cell);
        }
        let rest = self.givens & !orbit;
        let forced = cells(orbit).all(|cell| {
            let (r, c, b) = houses(cell);
            if (self.rows[r] | self.cols[c] | self.boxes[b]).count_ones() == 8 {
                return true;
            }
            let digit = self.grid[cell] as usize;
            let blocked =
                cells(self.digit_cells[digit]).fold(rest, |acc, given| acc | PEERS_AND_SELF[given]);
            let open = !blocked & !CELL_BIT[cell];
            open & HOUSE_CELLS[r] == 0
                || open & HOUSE_CELLS[9 + c] == 0
                || open & HOUSE_CELLS[18 + b] == 0
        });
        for cell in cells(orbit) {
            self.toggle(cell);
        }
        forced
    }

    /// Whether the puzzle without `orbit` has a solution other than the grid.
    fn has_other_solution_without(&self, orbit: u128) -> bool {
        let rest = self.givens & !orbit;
        self.tester.has_other_value(self.grid, rest, orbit)
    }

    /// Takes out the givens of `cells`.
    fn commit(&mut self, cells_out: u128) {
        for cell in cells(cells_out) {
            self.toggle(cell);
        }
        self.givens &= !cells_out;
    }

    /// Tries the orbits of `orbits` (each all given) once each, in order, taking out each one
    /// whose removal keeps the puzzle unique, within `limits`. The result is exactly that of
    /// [`Removal::thin_by_search_alone`] (each removal decided by its definition), whatever
    /// shortcut decides each step, so it depends only on the grid, the order and the limits;
    /// without limits it is minimal (each orbit kept was necessary when tested, against givens
    /// that only shrank since).
    ///
    /// The shortcuts: unavoidable sets and the singles check (see the module docs), and
    /// windows. An orbit that neither decides opens a window of it and the next orbits, which
    /// share a [`Base`]: the propagated state of the givens without the window's orbits. While
    /// the window is tested the givens are those of the base plus some of the window's, so
    /// - an orbit whose cells the base placed can go at once: every solution of the puzzle
    ///   without it is a solution of the base, which holds the grid's digits there;
    /// - the search of any other orbit starts from a copy of the base with the window's other
    ///   givens placed, not from the givens alone.
    ///
    /// A window doubles (up to [`MAX_WINDOW`]) after one whose orbits the base all decided, and
    /// halves (down to [`MIN_WINDOW`]) otherwise.
    pub(crate) fn thin(&mut self, orbits: &[u128], limits: Limits) {
        let mut size = MIN_WINDOW * 2;
        let mut window: Option<Window> = None;
        let mut all_placed = true;
        for (i, &orbit) in orbits.iter().enumerate() {
            let count = self.count();
            if count < limits.give_up_below || count <= limits.target {
                return;
            }
            if window.as_ref().is_some_and(|w| i >= w.end) {
                size = if all_placed {
                    (size * 2).min(MAX_WINDOW)
                } else {
                    (size / 2).max(MIN_WINDOW)
                };
                window = None;
            }
            if count - orbit.count_ones() < limits.floor {
                continue;
            }
            if let Some(w) = &window {
                debug_assert_eq!(orbit & w.cells, orbit);
                if orbit & !w.base.placed() == 0 {
                    self.commit(orbit);
                    continue;
                }
            }
            if self.empties_unavoidable_set(orbit) {
                all_placed = false;
                continue;
            }
            // Inside a window the base's placements stand in for the singles check.
            if window.is_none() && self.forced_without(orbit) {
                self.commit(orbit);
                continue;
            }
            let w = match &window {
                Some(w) => w,
                None => {
                    let end = (i + size).min(orbits.len());
                    let cells = orbits[i..end].iter().fold(0, |acc, &o| acc | o);
                    all_placed = true;
                    window.insert(Window {
                        base: self.tester.base(self.grid, self.givens & !cells),
                        cells,
                        end,
                    })
                }
            };
            if orbit & !w.base.placed() == 0 {
                self.commit(orbit);
                continue;
            }
            all_placed = false;
            let added = self.givens & w.cells & !orbit;
            if !self
                .tester
                .has_other_value_from(self.grid, &w.base, added, orbit)
            {
                self.commit(orbit);
            }
        }
    }

    /// As [`Removal::thin`] by the definition alone: each orbit in turn, taken out exactly when
    /// no search finds another solution without it (no unavoidable set, single or run). The
    /// test hooks compare it with `thin`.
    pub(crate) fn thin_by_search_alone(&mut self, orbits: &[u128], limits: Limits) {
        for &orbit in orbits {
            let count = self.count();
            if count < limits.give_up_below || count <= limits.target {
                return;
            }
            if count - orbit.count_ones() >= limits.floor && !self.has_other_solution_without(orbit)
            {
                self.commit(orbit);
            }
        }
    }

    /// Whether the given `cell` is necessary: taking it out alone would break uniqueness.
    pub(crate) fn is_necessary(&self, cell: usize) -> bool {
        self.tester
            .has_other_value(self.grid, self.givens & !(1u128 << cell), 1u128 << cell)
    }

    /// The puzzle as text: `'1'`-`'9'` givens, `'.'` blanks.
    pub(crate) fn text(&self) -> [u8; CELLS] {
        let mut text = [b'.'; CELLS];
        for cell in cells(self.givens) {
            text[cell] = b'0' + self.grid[cell];
        }
        text
    }
}

/// The cells of `mask`, lowest first (for the generator's other modules).
pub(crate) fn cells_of(mask: u128) -> impl Iterator<Item = usize> {
    cells(mask)
}

/// The most unavoidable sets kept for a grid.
const MAX_UNAVOIDABLE: usize = 64;

/// The largest unavoidable set kept (larger ones are seldom left without a given).
const MAX_SET: u32 = 12;

/// `COLUMN_0_CELLS[positions]`: the cells of column 0 at the rows of `positions` (bit `k` for
/// row `k`), a table rather than a loop over the positions.
static COLUMN_0_CELLS: [u128; 512] = {
    let mut cells = [0u128; 512];
    let mut positions = 0;
    while positions < 512 {
        let mut k = 0;
        while k < 9 {
            if positions >> k & 1 == 1 {
                cells[positions] |= 1u128 << (9 * k);
            }
            k += 1;
        }
        positions += 1;
    }
    cells
};

/// The cells at positions `positions` (bit `k`) of row `l` (`t` = 0) or column `l` (`t` = 1).
#[inline]
fn line_cells(t: usize, l: usize, positions: u32) -> u128 {
    if t == 0 {
        (positions as u128) << (9 * l)
    } else {
        COLUMN_0_CELLS[positions as usize & 0x1FF] << l
    }
}

/// Unavoidable sets of a grid: sets of cells that every puzzle with the grid as its only
/// solution must hold a given in (a puzzle with none of them given has another solution: the
/// grid with the set's digits moved). Found directly in the grid, three families, each a way
/// to rearrange the digits of a band (rows) or a stack (columns) inside its columns (rows) so
/// that each line, column and box keeps its digits:
/// - two lines: the digits of one line map to the other's positions, and each cycle of that
///   permutation is a set of positions where the two lines can swap their digits (cycles of up
///   to [`MAX_SET`] cells are kept);
/// - three lines, two positions: two positions in different boxes holding the same three
///   digits, in no line the same one, can rotate them (6 cells);
/// - three lines, two digits: two digits at the same three positions can swap there (6 cells).
///
/// The two 6-cell families are the smallest of the band's other rearrangements; with them
/// 10.9 of the 24.4 givens a minimal puzzle keeps are refused without a search (9.6 with the
/// first family alone; 11.7 with every band rearrangement of up to 12 cells). Sets of two digits
/// across the grid (the groups of their cells closed under sharing a house) would refuse 12.6
/// with the first two families, but cost several times what they save to find
/// (docs/generator.md).
struct Unavoidable {
    sets: [u128; MAX_UNAVOIDABLE],
    /// Bit `k` of `member[cell]`: `cell` is in `sets[k]`.
    member: [u64; CELLS],
    /// Sets in `sets`.
    len: usize,
}

/// The cells of each house: rows 0-8, columns 9-17, boxes 18-26.
const HOUSE_CELLS: [u128; 27] = {
    let mut masks = [0u128; 27];
    let mut cell = 0;
    while cell < CELLS {
        let (r, c) = (cell / 9, cell % 9);
        masks[r] |= 1u128 << cell;
        masks[9 + c] |= 1u128 << cell;
        masks[18 + 3 * (r / 3) + c / 3] |= 1u128 << cell;
        cell += 1;
    }
    masks
};

/// Row, column and box of every cell, as one cell mask each (the cell and its 20 peers).
const PEERS_AND_SELF: [u128; CELLS] = {
    let mut masks = [0u128; CELLS];
    let mut cell = 0;
    while cell < CELLS {
        let (r, c) = (cell / 9, cell % 9);
        let mut other = 0;
        while other < CELLS {
            let (r2, c2) = (other / 9, other % 9);
            if r == r2 || c == c2 || (r / 3 == r2 / 3 && c / 3 == c2 / 3) {
                masks[cell] |= 1u128 << other;
            }
            other += 1;
        }
        cell += 1;
    }
    masks
};

impl Unavoidable {
    fn of(grid: &Grid) -> Unavoidable {
        let mut found = Unavoidable {
            sets: [0; MAX_UNAVOIDABLE],
            member: [0; CELLS],
            len: 0,
        };
        // `line[t][l][k]`: the digit at position `k` of line `l`, rows (t = 0) or columns (1);
        // `position[t][l][d]`: the position of digit `d` in line `l`.
        let mut line = [[[0u8; 9]; 9]; 2];
        let mut position = [[[0u8; 10]; 9]; 2];
        for (cell, &d) in grid.iter().enumerate() {
            let (r, c) = (cell / 9, cell % 9);
            line[0][r][c] = d;
            line[1][c][r] = d;
            position[0][r][d as usize] = c as u8;
            position[1][c][d as usize] = r as u8;
        }
        for (t, (lines, positions)) in line.iter().zip(&position).enumerate() {
            for (first, in_first) in positions.iter().enumerate() {
                for second in first + 1..(first / 3 + 1) * 3 {
                    // Each cycle of the permutation taking position k of `second` to the
                    // position in `first` of the same digit, as a 9-bit set of positions.
                    let mut seen = 0u32;
                    while seen != 0x1FF {
                        let mut k = (!seen).trailing_zeros() as usize;
                        let mut cycle = 0u32;
                        while cycle >> k & 1 == 0 {
                            cycle |= 1 << k;
                            k = in_first[lines[second][k] as usize] as usize;
                        }
                        seen |= cycle;
                        if 2 * cycle.count_ones() <= MAX_SET {
                            found.add(line_cells(t, first, cycle) | line_cells(t, second, cycle));
                        }
                    }
                }
            }
            for band in 0..3 {
                found.add_three_line_sets(t, 3 * band, lines, positions);
            }
        }
        found
    }

    /// The 6-cell sets of the three lines from `l` of rows (`t` = 0) or columns (`t` = 1), given
    /// each line's digits (`lines[l][k]`, position `k`) and positions (`positions[l][d]`).
    fn add_three_line_sets(
        &mut self,
        t: usize,
        l: usize,
        lines: &[[u8; 9]; 9],
        positions: &[[u8; 10]; 9],
    ) {
        let three =
            |at: u32| line_cells(t, l, at) | line_cells(t, l + 1, at) | line_cells(t, l + 2, at);
        // Two positions of different boxes holding the same three digits, in no line the same
        // digit at both (else the other two lines swap two digits: a 4-cell set of the first
        // family): the positions can trade their digits.
        let digits_at = |k: usize| (0..3).fold(0u16, |acc, r| acc | 1 << lines[l + r][k]);
        let sets: [u16; 9] = core::array::from_fn(digits_at);
        for k1 in 0..6 {
            for k2 in (k1 / 3 + 1) * 3..9 {
                if sets[k1] == sets[k2] && (0..3).all(|r| lines[l + r][k1] != lines[l + r][k2]) {
                    self.add(three(1 << k1 | 1 << k2));
                }
            }
        }
        // Two digits at the same three positions (one in each box): swapped on their six cells,
        // every line, position and box still holds both.
        let places_of = |d: usize| (0..3).fold(0u16, |acc, r| acc | 1 << positions[l + r][d]);
        let places: [u16; 10] = core::array::from_fn(places_of);
        for d1 in 1..9 {
            for d2 in d1 + 1..10 {
                if places[d1] == places[d2] {
                    let cells = (0..3).fold(0, |acc, r| {
                        let pair = 1 << positions[l + r][d1] | 1 << positions[l + r][d2];
                        acc | line_cells(t, l + r, pair)
                    });
                    self.add(cells);
                }
            }
        }
    }

    /// Adds `set`, unless the table is full.
    #[inline]
    fn add(&mut self, set: u128) {
        if self.len < MAX_UNAVOIDABLE {
            self.sets[self.len] = set;
            for cell in cells(set) {
                self.member[cell] |= 1u64 << self.len;
            }
            self.len += 1;
        }
    }

    /// Whether a set that meets `cells_out` has no cell in `givens` (the givens left).
    #[inline]
    fn any_empty(&self, givens: u128, cells_out: u128) -> bool {
        let mut candidates = cells(cells_out).fold(0u64, |acc, cell| acc | self.member[cell]);
        while candidates != 0 {
            let k = candidates.trailing_zeros() as usize;
            candidates &= candidates - 1;
            if self.sets[k] & givens == 0 {
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::generator::grid::random_grid;
    use crate::generator::rng::Rng;

    /// The cell of position `k` of line `l`: row `l` (not `transposed`) or column `l`.
    fn cell(l: usize, k: usize, transposed: bool) -> usize {
        if transposed {
            9 * k + l
        } else {
            9 * l + k
        }
    }

    /// By brute force, independently of [`Unavoidable::of`]: the cells changed by each way of
    /// reordering the digits of the three lines from `l` inside each position (six orders a
    /// position) so that every line keeps its nine digits, the grid itself left out.
    fn rearrangements(grid: &Grid, l: usize, transposed: bool) -> Vec<u128> {
        const ORDERS: [[usize; 3]; 6] = [
            [0, 1, 2],
            [0, 2, 1],
            [1, 0, 2],
            [1, 2, 0],
            [2, 0, 1],
            [2, 1, 0],
        ];
        fn walk(
            grid: &Grid,
            l: usize,
            t: bool,
            k: usize,
            lines: [u16; 3],
            changed: u128,
            out: &mut Vec<u128>,
        ) {
            if k == 9 {
                if changed != 0 {
                    out.push(changed);
                }
                return;
            }
            for order in ORDERS {
                let mut next = lines;
                let mut more = changed;
                let mut fits = true;
                for (r, &from) in order.iter().enumerate() {
                    let digit = grid[cell(l + from, k, t)];
                    fits &= next[r] >> digit & 1 == 0;
                    next[r] |= 1 << digit;
                    if from != r {
                        more |= 1u128 << cell(l + r, k, t);
                    }
                }
                if fits {
                    walk(grid, l, t, k + 1, next, more, out);
                }
            }
        }
        let mut out = Vec::new();
        walk(grid, l, transposed, 0, [0; 3], 0, &mut out);
        out
    }

    #[test]
    fn unavoidable_sets_hold_every_small_band_rearrangement_and_are_unavoidable() {
        let (mut six_cell_three_line, mut checked) = (0, 0);
        for i in 0..300 {
            let grid = random_grid(&mut Rng::new(11, i));
            let found = Unavoidable::of(&grid);
            let table = &found.sets[..found.len];
            assert!(found.len < MAX_UNAVOIDABLE, "grid {i}: table full");
            for (k, &set) in table.iter().enumerate() {
                // The solver, not the families' reasoning, says the set is unavoidable.
                let mut digits = grid;
                for cell in cells(set) {
                    digits[cell] = 0;
                }
                let board = Board::from_digits(&digits).unwrap();
                assert_eq!(
                    crate::solver::count_solutions(&board, 2),
                    2,
                    "grid {i}, set {set:x}"
                );
                for cell in 0..CELLS {
                    assert_eq!(found.member[cell] >> k & 1 == 1, set >> cell & 1 == 1);
                }
            }
            // Every minimal rearrangement of up to 6 cells is in the table (larger ones of two
            // lines up to MAX_SET as well).
            for transposed in [false, true] {
                for l in [0, 3, 6] {
                    let all = rearrangements(&grid, l, transposed);
                    for &set in &all {
                        let minimal = all.iter().all(|&other| other == set || other & !set != 0);
                        let lines = (0..3).filter(|&r| {
                            (0..9).any(|k| set >> cell(l + r, k, transposed) & 1 == 1)
                        });
                        let two_lines = lines.count() == 2;
                        let size = set.count_ones();
                        if minimal && (size <= 6 || two_lines && size <= MAX_SET) {
                            assert!(table.contains(&set), "grid {i}: {set:x} missing");
                            checked += 1;
                            six_cell_three_line += usize::from(!two_lines);
                        }
                    }
                }
            }
        }
        // About 5.5 six-cell sets of three lines a grid (a Python count of 200 grids).
        assert!(
            six_cell_three_line > 300 * 4,
            "{six_cell_three_line} of {checked}"
        );
    }
}
