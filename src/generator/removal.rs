//! Taking givens out of a full grid while the puzzle keeps its one solution: the core of both
//! the generator and [`super::minimize`].
//!
//! The puzzle is always a set of cells of a known solved grid. Taking out an orbit of givens
//! keeps it unique exactly when no solution of the smaller puzzle differs from the grid at one of
//! the orbit's cells. Each removal is decided, cheapest first, by:
//! 1. unavoidable sets of the grid ([`Unavoidable`]): a removal that leaves one without a given
//!    breaks uniqueness;
//! 2. a singles check: when every cell of the orbit would be a naked or hidden single among the
//!    givens left, each is forced back at once, and the removal is safe (most removals from a
//!    dense grid are decided here);
//! 3. propagation alone solving the puzzle without a run of the next orbits
//!    ([`Removal::thin`]): then every removal of the run is safe;
//! 4. otherwise, for each cell of the orbit, a first-solution search of the smaller puzzle with
//!    the grid's value ruled out of that cell (`solver::removal`): any solution found means the
//!    removal would break uniqueness.
//!
//! A given found necessary stays necessary as others go (removing givens only adds solutions),
//! so testing each orbit once, against givens that only shrink, leaves a minimal puzzle.

use super::grid::Grid;
use crate::geometry::CELLS;
use crate::solver::removal::Tester;

/// The longest run of orbits [`Removal::thin`] tries to take out at once.
const MAX_RUN: usize = 16;

/// Where [`Removal::thin`] stops: it never takes the count of givens below `floor` (skipping an
/// orbit that would), stops once the count is at most `target`, and gives up once it is below
/// `give_up_below` (when the puzzle is out of range anyway).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Limits {
    pub(crate) floor: u32,
    pub(crate) target: u32,
    pub(crate) give_up_below: u32,
}

/// A puzzle being thinned: some cells of a solved grid.
pub(crate) struct Removal<'a> {
    grid: &'a Grid,
    tester: Tester,
    /// The cells still given (bit `cell`).
    givens: u128,
    /// Unavoidable sets of the grid (see [`unavoidable_sets`]): a puzzle with no given in one
    /// of them has another solution.
    unavoidable: Unavoidable,
    /// Digits (bit d - 1) given in each row, column and box.
    rows: [u16; 9],
    cols: [u16; 9],
    boxes: [u16; 9],
    /// The given cells of each digit 1-9 (index 0 unused).
    digit_cells: [u128; 10],
}

/// Row, column and box of `cell`.
#[inline]
fn houses(cell: usize) -> (usize, usize, usize) {
    let (r, c) = (cell / 9, cell % 9);
    (r, c, 3 * (r / 3) + c / 3)
}

/// The cells of `mask`, lowest first.
#[inline]
fn cells(mut mask: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let cell = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            cell
        })
    })
}

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
        self.digit_cells[self.grid[cell] as usize] ^= 1u128 << cell;
    }

    /// The cells still given.
    pub(crate) fn givens(&self) -> u128 {
        self.givens
    }

    /// The number of givens.
    pub(crate) fn count(&self) -> u32 {
        self.givens.count_ones()
    }

    /// Takes out the givens of `orbit` (all given) if the puzzle stays unique; returns whether it
    /// did.
    pub(crate) fn try_remove(&mut self, orbit: u128) -> bool {
        debug_assert_eq!(self.givens & orbit, orbit);
        if self.empties_unavoidable_set(orbit) {
            return false;
        }
        if self.forced_without(orbit) || !self.has_other_solution_without(orbit) {
            self.commit(orbit);
            return true;
        }
        false
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
            let open = !blocked & !(1u128 << cell);
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
        cells(orbit).any(|cell| self.tester.has_other_value(self.grid, rest, cell))
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
    /// calling [`Removal::try_remove`] on each in turn (under the limits), whatever shortcut
    /// decides each step, so it depends only on the grid, the order and the limits; without
    /// limits it is minimal (each orbit kept was necessary when tested, against givens that
    /// only shrank since). The one shortcut beyond `try_remove`'s: when propagation alone still
    /// solves the puzzle without a whole run of the next orbits, the run goes at once (each
    /// removal of the run keeps the puzzle unique, its givens being a superset of the run's
    /// end). The run length doubles after such a success and halves after a failure.
    pub(crate) fn thin(&mut self, orbits: &[u128], limits: Limits) {
        let mut run = 4usize;
        let mut i = 0;
        while i < orbits.len() {
            let count = self.count();
            if count < limits.give_up_below || count <= limits.target {
                return;
            }
            let orbit = orbits[i];
            if count - orbit.count_ones() < limits.floor || self.empties_unavoidable_set(orbit) {
                i += 1;
                continue;
            }
            if self.forced_without(orbit) {
                self.commit(orbit);
                i += 1;
                continue;
            }
            if run >= 2 {
                let end = (i + run).min(orbits.len());
                let batch = orbits[i..end].iter().fold(0, |acc, &o| acc | o);
                let after = count - batch.count_ones();
                if end - i >= 2
                    && after > limits.target
                    && after >= limits.floor
                    && !self.empties_unavoidable_set(batch)
                    && self
                        .tester
                        .solved_by_propagation(self.grid, self.givens & !batch)
                {
                    self.commit(batch);
                    i = end;
                    run = (run * 2).min(MAX_RUN);
                    continue;
                }
                run /= 2;
            }
            if !self.has_other_solution_without(orbit) {
                self.commit(orbit);
                run = run.max(2);
            }
            i += 1;
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
            .has_other_value(self.grid, self.givens & !(1u128 << cell), cell)
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

/// The largest unavoidable set of two digits kept (larger ones are seldom left without a given).
const MAX_DIGIT_SET: u32 = 12;
const DIGIT_FAMILY: usize = 9;

/// Unavoidable sets of a grid: sets of cells that every puzzle with the grid as its only
/// solution must hold a given in (a puzzle with none of them given has another solution: the
/// grid with the set's digits swapped). Two families, found directly in the grid:
/// - two lines of a band (rows) or a stack (columns): the digits of one line map to the other's
///   position by position, and each cycle of that permutation is a set of positions where the
///   two lines can swap their digits (each line, column and box keeps its digits);
/// - two digits: the cells of either digit fall into groups closed under sharing a house (each
///   house has one cell of each digit, both in the group or both out), and each group can swap
///   the two digits. Groups of 4 cells are rectangles, already found as 2-cycles above; groups
///   above [`MAX_DIGIT_SET`] cells are left out.
struct Unavoidable {
    sets: [u128; MAX_UNAVOIDABLE],
    /// Bit `k` of `member[cell]`: `cell` is in `sets[k]`.
    member: [u64; CELLS],
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
        };
        let mut len = 0;
        let mut add = |found: &mut Unavoidable, set: u128| {
            if len < MAX_UNAVOIDABLE {
                found.sets[len] = set;
                for cell in cells(set) {
                    found.member[cell] |= 1u64 << len;
                }
                len += 1;
            }
        };
        for transposed in [false, true] {
            let at = |line: usize, k: usize| {
                if transposed {
                    9 * k + line
                } else {
                    9 * line + k
                }
            };
            for first in 0..9 {
                for second in first + 1..(first / 3 + 1) * 3 {
                    // Position in `first` of each digit.
                    let mut position = [0usize; 10];
                    for k in 0..9 {
                        position[grid[at(first, k)] as usize] = k;
                    }
                    let mut seen = 0u16;
                    for start in 0..9 {
                        if seen >> start & 1 != 0 {
                            continue;
                        }
                        let mut set = 0u128;
                        let mut k = start;
                        while seen >> k & 1 == 0 {
                            seen |= 1 << k;
                            set |= 1u128 << at(first, k) | 1u128 << at(second, k);
                            k = position[grid[at(second, k)] as usize];
                        }
                        if set.count_ones() <= MAX_DIGIT_SET {
                            add(&mut found, set);
                        }
                    }
                }
            }
        }
        let mut of_digit = [0u128; 10];
        for (cell, &d) in grid.iter().enumerate() {
            of_digit[d as usize] |= 1u128 << cell;
        }
        for a in 1..=DIGIT_FAMILY {
            for b in a + 1..=9 {
                let both = of_digit[a] | of_digit[b];
                let mut rest = both;
                while rest != 0 {
                    // Grow the group from one cell, adding the cells of the two digits that
                    // share a house with the cells added last.
                    let mut group = rest & rest.wrapping_neg();
                    let mut frontier = group;
                    while frontier != 0 {
                        let reach = cells(frontier).fold(0, |acc, cell| acc | PEERS_AND_SELF[cell]);
                        frontier = reach & both & !group;
                        group |= frontier;
                    }
                    rest &= !group;
                    let size = group.count_ones();
                    if size > 4 && size <= MAX_DIGIT_SET {
                        add(&mut found, group);
                    }
                }
            }
        }
        found
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
