//! Taking givens out of a full grid while the puzzle keeps its one solution: the core of both
//! the generator and [`super::minimize`].
//!
//! The puzzle is always a set of cells of a known solved grid. Taking out an orbit of givens
//! keeps it unique exactly when no solution of the smaller puzzle differs from the grid at one of
//! the orbit's cells. Each removal is decided by the first of these that settles it (inside a
//! window, step 3's placements come first and stand in for step 1):
//! 1. a singles check: when every cell of the orbit would be a naked or hidden single among the
//!    givens left, each is forced back at once, and the removal is safe (most removals from a
//!    dense grid are decided here, where no unavoidable set is near empty);
//! 2. unavoidable sets of the grid ([`Unavoidable`]): a removal that leaves one without a given
//!    breaks uniqueness (a removal the singles check allows never does);
//! 3. propagation of the givens without a window of the next orbits ([`Removal::thin`]): an
//!    orbit of the window whose cells it places can go;
//! 4. otherwise, for each cell of the orbit, a first-solution search of the smaller puzzle with
//!    the grid's value ruled out of that cell (`solver::removal`, from the window's propagated
//!    state): any solution found means the removal would break uniqueness.
//!
//! A given found necessary stays necessary as others go (removing givens only adds solutions),
//! so testing each orbit once, against givens that only shrink, leaves a minimal puzzle.

use super::grid::{Grid, HOUSES_OF};
use super::mask::{cells, CELL_BIT};
use super::unavoidable::{Families, Unavoidable};
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
    /// How many, kept beside the mask: counting the mask is a software loop on baseline x86-64
    /// (no `popcnt`), and [`Removal::thin`] needs the count at every orbit.
    count: u32,
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

impl<'a> Removal<'a> {
    /// The puzzle of the cells `givens` of the solved `grid`, which must have `grid` as its only
    /// solution, with the unavoidable sets of `families`.
    pub(crate) fn new(
        grid: &'a Grid,
        givens: u128,
        tester: Tester,
        families: Families,
    ) -> Removal<'a> {
        let mut removal = Removal {
            grid,
            tester,
            givens,
            count: givens.count_ones(),
            unavoidable: Unavoidable::of(grid, families),
            rows: [0; 9],
            cols: [0; 9],
            boxes: [0; 9],
            digit_cells: [0; 10],
        };
        if givens == ALL_CELLS {
            // The generator's start: every house holds every digit.
            removal.rows = [0x1FF; 9];
            removal.cols = [0x1FF; 9];
            removal.boxes = [0x1FF; 9];
            for (cell, &digit) in grid.iter().enumerate() {
                removal.digit_cells[digit as usize] |= CELL_BIT[cell];
            }
        } else {
            for cell in cells(givens) {
                removal.toggle(cell);
            }
        }
        removal
    }

    /// Whether the puzzle without `cells_out` would leave a known unavoidable set with no
    /// given: then it has another solution (the grid with that set's digits moved).
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

    /// Looks for the unavoidable sets of `families`, in place of those found before.
    pub(crate) fn find_unavoidable_sets(&mut self, families: Families) {
        self.unavoidable = Unavoidable::of(self.grid, families);
    }

    /// The cells still given.
    pub(crate) fn givens(&self) -> u128 {
        self.givens
    }

    /// The number of givens.
    pub(crate) fn count(&self) -> u32 {
        self.count
    }

    /// Whether every cell of `orbit` (all given) would be forced by the givens left if the orbit
    /// went: a naked single (it sees the eight other digits) or a hidden single (every other open
    /// cell of one of its houses sees its digit). Then the removal is safe.
    pub(crate) fn forced_without(&mut self, orbit: u128) -> bool {
        // An orbit whose cells are not each other's peers (one cell, or most pairs of the half
        // turn, the mirrors and the diagonals) leaves the masks as they are: two toggles a cell
        // were 2% of the instructions with the half turn. One cell needs no peers test (+0.8%
        // without symmetry with it).
        if orbit & orbit.wrapping_sub(1) == 0 {
            let cell = orbit.trailing_zeros() as usize;
            return self.cell_forced_without(cell, orbit, self.givens);
        }
        let apart = cells(orbit).all(|cell| PEERS_AND_SELF[cell] & orbit == CELL_BIT[cell]);
        if !apart {
            for cell in cells(orbit) {
                self.toggle(cell);
            }
        }
        let rest = self.givens & !orbit;
        let forced =
            cells(orbit).all(|cell| self.cell_forced_without(cell, orbit, rest | CELL_BIT[cell]));
        if !apart {
            for cell in cells(orbit) {
                self.toggle(cell);
            }
        }
        forced
    }

    /// Whether the given `cell` of `orbit` would be forced by the givens left if the orbit went
    /// ([`Removal::forced_without`]). The house masks either hold no other cell of the orbit in
    /// the cell's houses (no other cell of the orbit is its peer), or have the orbit taken out;
    /// either way no peer holds the cell's own digit, so the eight others are seen exactly when
    /// the houses' digits and its own make all nine. `blocked`: the givens left without the
    /// orbit, and `cell`.
    fn cell_forced_without(&self, cell: usize, orbit: u128, blocked: u128) -> bool {
        let (r, c, b) = houses(cell);
        let digit = self.grid[cell] as usize;
        if self.rows[r] | self.cols[c] | self.boxes[b] | 1 << (digit - 1) == 0x1FF {
            return true;
        }
        let others = self.digit_cells[digit] & !orbit;
        let blocked = cells(others).fold(blocked, |acc, given| acc | PEERS_AND_SELF[given]);
        let open = !blocked;
        open & HOUSE_CELLS[r] == 0
            || open & HOUSE_CELLS[9 + c] == 0
            || open & HOUSE_CELLS[18 + b] == 0
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
            self.count -= 1;
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
    /// The shortcuts: the singles check and unavoidable sets (see the module docs), and
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
            // (A minimal puzzle has no floor: the orbit's count is skipped.)
            if limits.floor > 0 && count - orbit.count_ones() < limits.floor {
                continue;
            }
            if let Some(w) = &window {
                debug_assert_eq!(orbit & w.cells, orbit);
                if orbit & !w.base.placed() == 0 {
                    self.commit(orbit);
                    continue;
                }
            }
            // Inside a window the base's placements stand in for the singles check.
            if window.is_none() && self.forced_without(orbit) {
                self.commit(orbit);
                continue;
            }
            if self.empties_unavoidable_set(orbit) {
                all_placed = false;
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

    /// Whether the given `cell` is necessary: taking it out alone would break uniqueness. It is
    /// at once when it is the only given left in an unavoidable set; else a removal search says.
    pub(crate) fn is_necessary(&self, cell: usize) -> bool {
        if self.empties_unavoidable_set(CELL_BIT[cell]) {
            return true;
        }
        self.tester
            .has_other_value(self.grid, self.givens & !CELL_BIT[cell], CELL_BIT[cell])
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

/// Every cell of the grid.
const ALL_CELLS: u128 = (1u128 << CELLS) - 1;

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
