//! The search state (candidates of each digit over the three bands) and propagation to a fixed
//! point: naked singles, hidden singles and locked candidates (pointing and claiming). See
//! `docs/solver.md`.

use super::lanes::{take_cells, Lanes};
use super::matching::{perfect_matching, prune_unmatched};
use super::tables::{
    columns_of, row_info, set_bits, BAND, CELL, COLUMN_SPREAD, DIGIT_SLOTS, KEEP,
    KEEP_AFTER_PLACING, PEERS,
};
use super::text::write_cells;
use crate::board::{byte_classes, Board};
use crate::candidates::{Candidates, ALL_DIGITS};
use crate::error::Error;
use crate::geometry::CELLS;

/// Every slot (bit `4 * digit + band`; bit `4 * digit + 3` is never set). Four bits a digit, like
/// the four lanes of `Lanes`, so a slot decodes with a shift and a mask.
const ALL_SLOTS: u64 = 0x7_7777_7777;

/// The stack step (`State::stack_locked_candidates`) runs only while more open cells than this
/// are left: near the end of a search it seldom finds anything that singles would not find
/// next, and skipping it there took 3.4% of the instructions off the serg benchmark's puzzles
/// and 0.3-0.6% off the others (of the thresholds tried, 20-50, higher ones cost the unique
/// puzzles more guesses than they saved; docs/performance.md).
pub(super) const STACK_STEP_MIN_OPEN: u32 = 20;

/// The solver's index 0-8 (candidates of digit `d + 1` are `cand[d]`, bit `d` of a digit set)
/// of the digit 1-9 stored as `digit`, where `zero` is what stands for 0: 0 for a [`Board`] cell,
/// `b'0'` for a text byte. The one place where digits become indices (the way back is
/// `value_planes`).
#[inline(always)]
pub(super) const fn digit_index(digit: u8, zero: u8) -> usize {
    (digit as usize).wrapping_sub(zero as usize + 1)
}

/// A contradiction was found: this branch of the search has no solution.
#[derive(Debug)]
pub(super) struct Contradiction;

/// The whole search state, 192 bytes, copied (never undone) at each guess.
#[derive(Clone, Copy)]
pub(super) struct State {
    /// `cand[d].0[b]`: cells of band `b` that may hold digit `d + 1`, placed cells included.
    cand: [Lanes; 9],
    /// Cells of each band not yet placed.
    unsolved: Lanes,
    /// Slots (digit x band: bit `4 * d + b`, see `ALL_SLOTS`) to re-examine soon: the placed
    /// digit's own slots that lost a candidate (they yield most new singles).
    urgent: u64,
    /// Slots to re-examine once the cheaper steps stall: the band's other digits, which lost a
    /// placed cell. Deferring them makes a burst of placements in a band cost one look at each
    /// digit instead of one per placement.
    deferred: u64,
    /// Digits (bit `d`) whose candidates changed since the stack step last looked at them.
    stack_dirty: u32,
}

/// Where and what to guess: a cell (0-80, row-major; band `cell / 27`, bit `cell % 27`) and its
/// candidate digits (bit `d` for digit `d + 1`).
pub(super) struct Guess {
    pub(super) cell: usize,
    pub(super) digits: u32,
    /// Try the highest digit of `digits` first instead of the lowest.
    pub(super) high_first: bool,
}

/// The cells that at least one, at least two and (when `THREES`, else none) at least three of
/// the nine candidate sets `c` hold: bit-sliced saturating counters, added up as a tree (pairs
/// of digits, then pairs of pairs) rather than digit by digit. The tree's chain of dependent
/// steps is 8 long instead of 18 (27 with `THREES`), so the CPU overlaps its steps: the serg
/// benchmark's puzzles ran 3-5% faster (docs/performance.md), with 0.2% fewer instructions.
#[inline(always)]
fn at_least<const THREES: bool>(c: &[Lanes; 9]) -> (Lanes, Lanes, Lanes) {
    type Counts = (Lanes, Lanes, Lanes);
    let pair = |a: Lanes, b: Lanes| -> Counts { (a.or(b), a.and(b), Lanes::ZERO) };
    let add = |(o1, t1, h1): Counts, (o2, t2, h2): Counts| -> Counts {
        let threes = if THREES {
            h1.or(h2).or(t1.and(o2)).or(o1.and(t2))
        } else {
            Lanes::ZERO
        };
        (o1.or(o2), t1.or(t2).or(o1.and(o2)), threes)
    };
    let eight = add(
        add(pair(c[0], c[1]), pair(c[2], c[3])),
        add(pair(c[4], c[5]), pair(c[6], c[7])),
    );
    add(eight, (c[8], Lanes::ZERO, Lanes::ZERO))
}

/// A state being built from givens.
struct Setup {
    cand: [Lanes; 9],
    given: [Lanes; 9],
}

impl Setup {
    #[inline(always)]
    fn new() -> Setup {
        Setup {
            cand: [Lanes([BAND, BAND, BAND, 0]); 9],
            given: [Lanes::ZERO; 9],
        }
    }

    /// Places given digit `d` (0-8) at `cell`: the digit leaves the cell's peers.
    #[inline(always)]
    fn give(&mut self, d: usize, cell: usize) {
        self.cand[d] = self.cand[d].and(KEEP_AFTER_PLACING[cell]);
        self.given[d] = self.given[d].or(CELL[cell]);
    }

    /// Removes candidate digit `d` (0-8) from `cell`, an unplaced cell.
    #[inline(always)]
    fn exclude(&mut self, d: usize, cell: usize) {
        self.cand[d] = self.cand[d].and_not(CELL[cell]);
    }

    /// Whether some given repeats a digit that an earlier given of its house placed: its digit
    /// left the cell when that peer was given.
    #[inline(always)]
    fn has_conflict(&self) -> bool {
        let conflict = (0..9).fold(Lanes::ZERO, |acc, d| {
            acc.or(self.given[d].and_not(self.cand[d]))
        });
        !conflict.is_zero()
    }

    /// The state: every given cell keeps only its own digit.
    #[inline(always)]
    fn finish(self) -> State {
        let occupied = self.given.iter().fold(Lanes::ZERO, |acc, g| acc.or(*g));
        let mut cand = self.cand;
        for (x, given) in cand.iter_mut().zip(self.given) {
            *x = x.and_not(occupied).or(given);
        }
        State {
            cand,
            unsolved: Lanes([BAND, BAND, BAND, 0]).and_not(occupied),
            urgent: ALL_SLOTS,
            deferred: 0,
            stack_dirty: 0x1FF,
        }
    }
}

impl State {
    /// The state of some cells of a solved grid (the generator's removal test, see `removal`):
    /// `grid[cell]` is the value 1-9 of every cell, `givens` (bit `cell`) the cells kept as givens.
    #[inline(always)]
    pub(super) fn from_grid(grid: &[u8; CELLS], givens: u128) -> State {
        let mut setup = Setup::new();
        for (base, mut rest) in [(0, givens as u64), (64, (givens >> 64) as u64)] {
            while rest != 0 {
                let cell = base + rest.trailing_zeros() as usize;
                rest &= rest - 1;
                setup.give(digit_index(grid[cell], 0), cell);
            }
        }
        setup.finish()
    }

    /// Places the grid's digit at each cell of `cells` still open (the generator's removal test):
    /// `grid` must be a solution of the state, so each digit is a candidate of its cell.
    #[inline(always)]
    pub(super) fn give_grid_cells(&mut self, grid: &[u8; CELLS], cells: u128) {
        for (base, mut rest) in [(0, cells as u64), (64, (cells >> 64) as u64)] {
            while rest != 0 {
                let cell = base + rest.trailing_zeros() as usize;
                rest &= rest - 1;
                if self.is_open(cell) {
                    self.place(digit_index(grid[cell], 0), cell);
                }
            }
        }
    }

    /// Whether `cell` (0-80) is not placed yet.
    #[inline(always)]
    pub(super) fn is_open(&self, cell: usize) -> bool {
        self.unsolved.0[cell / 27] >> (cell % 27) & 1 != 0
    }

    /// The placed cells, as bit `cell` (0-80).
    #[inline(always)]
    pub(super) fn placed_cells(&self) -> u128 {
        let open = self.unsolved.0;
        let open = open[0] as u128 | (open[1] as u128) << 27 | (open[2] as u128) << 54;
        !open & ((1u128 << CELLS) - 1)
    }

    /// The state after placing every given of a valid board (its givens never conflict).
    #[inline(always)]
    pub(super) fn from_board(board: &Board) -> State {
        let mut setup = Setup::new();
        let mut rest = board.filled_cells();
        while rest != 0 {
            let cell = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            setup.give(digit_index(board.get(cell), 0), cell);
        }
        setup.finish()
    }

    /// Parses a text board (81 bytes, row-major, `'1'`-`'9'` givens, `'.'`/`'0'` blanks) straight
    /// into a state, validating as `Board::parse` does and with the same errors.
    ///
    /// Boards with an invalid byte or a repeated given are handed to `Board::parse`, which
    /// names the first fault; the fast path only has to notice that there is one.
    #[inline(always)]
    pub(super) fn from_text(text: &[u8; CELLS]) -> Result<State, Error> {
        let (digits, blanks) = byte_classes(text);
        if digits | blanks != (1 << CELLS) - 1 {
            // Some byte is invalid: the plain parser finds and names the first fault.
            return Board::parse(text).map(|board| State::from_board(&board));
        }
        let mut setup = Setup::new();
        // Two words indexed by cell (0-63, 64-80): two loop exits to mispredict, not three.
        for (base, mut rest) in [(0, digits as u64), (64, (digits >> 64) as u64)] {
            while rest != 0 {
                let cell = base + rest.trailing_zeros() as usize;
                rest &= rest - 1;
                setup.give(digit_index(text[cell], b'0'), cell);
            }
        }
        // A given that an earlier peer's digit removed repeats that digit in a house; rare, so
        // the plain parser then finds and names the first such cell.
        if setup.has_conflict() {
            return Board::parse(text).map(|board| State::from_board(&board));
        }
        Ok(setup.finish())
    }

    /// The state of a candidate puzzle: each cell with one candidate is placed as a given
    /// (exactly as `from_board` places givens, so candidates from a board's givens give the
    /// same state), then every other cell loses the digits its mask lacks.
    ///
    /// Errors: as [`Candidates::validate`] ([`Error::NoCandidate`] or
    /// [`Error::ConflictingGivens`], the first fault in row-major order). Faults are rare, so
    /// the fast path only notices one and the plain check names it.
    #[inline(always)]
    pub(super) fn from_candidates(candidates: &Candidates) -> Result<State, Error> {
        let masks = candidates.masks();
        let classes = candidates.classes();
        let mut setup = Setup::new();
        for (base, mut rest) in [
            (0, classes.single as u64),
            (64, (classes.single >> 64) as u64),
        ] {
            while rest != 0 {
                let cell = base + rest.trailing_zeros() as usize;
                rest &= rest - 1;
                setup.give(masks[cell].trailing_zeros() as usize, cell);
            }
        }
        if classes.empty != 0 || setup.has_conflict() {
            return Err(match candidates.validate() {
                Err(e) => e,
                Ok(()) => unreachable!("the fast check saw an empty cell or a conflict"),
            });
        }
        // Cells with several candidates but not all: rare in puzzles from givens, where this
        // loop never runs.
        let mut partial = !(classes.single | classes.full) & ((1 << CELLS) - 1);
        while partial != 0 {
            let cell = partial.trailing_zeros() as usize;
            partial &= partial - 1;
            let mut missing = !masks[cell] & ALL_DIGITS;
            while missing != 0 {
                setup.exclude(missing.trailing_zeros() as usize, cell);
                missing &= missing - 1;
            }
        }
        Ok(setup.finish())
    }

    /// True when every cell is placed.
    #[inline(always)]
    pub(super) fn is_solved(&self) -> bool {
        self.unsolved.is_zero()
    }

    /// Whether every digit of the solved state `solution` is still a candidate here: then
    /// `solution` solves this state too (a state stands for the solutions its candidates allow).
    #[inline(always)]
    pub(super) fn admits(&self, solution: &State) -> bool {
        (0..9).all(|d| solution.cand[d].and_not(self.cand[d]).is_zero())
    }

    /// A solved state as a board.
    pub(super) fn board(&self) -> Board {
        let mut cells = [0u8; CELLS];
        write_cells(&self.value_planes(), 0, &mut cells);
        Board::from_solved(cells)
    }

    /// Writes a solved state to `out` as text, row-major, `'1'`-`'9'`.
    pub(super) fn write_text(&self, out: &mut [u8; CELLS]) {
        write_cells(&self.value_planes(), b'0', out);
    }

    /// The cell values (1-9) of a solved state as bit planes: plane `k` holds the cells whose
    /// value has bit `k` set (see `text::write_cells`).
    #[inline(always)]
    fn value_planes(&self) -> [Lanes; 4] {
        let c = &self.cand;
        // Value d + 1 for digit index d: 1, 3, 5, 7, 9 have bit 0; 2, 3, 6, 7 bit 1; 4-7 bit 2;
        // 8 and 9 bit 3.
        [
            c[0].or(c[2]).or(c[4]).or(c[6]).or(c[8]),
            c[1].or(c[2]).or(c[5]).or(c[6]),
            c[3].or(c[4]).or(c[5]).or(c[6]),
            c[7].or(c[8]),
        ]
    }

    /// Places digit `d` (0-8) at `cell` (band `cell / 27`, bit `cell % 27`), an unsolved cell
    /// where `d` is a candidate: removes `d` from the cell's peers and every other digit from it.
    #[inline(always)]
    fn place(&mut self, d: usize, cell: usize) {
        self.place_cells(d, cell / 27, 1 << (cell % 27));
    }

    /// Places digit `d` (0-8) at every cell of `cells` (bits of band `b`, unsolved candidates of
    /// `d`, at least one and at most one per row and per box) at once: removes `d` from their
    /// peers and every other digit from them. The cells share no row, column or box, so no
    /// placement affects another; placing a slot's row singles together needs no loop over the
    /// cells, whose exit would often be mispredicted.
    #[inline(always)]
    fn place_cells(&mut self, d: usize, b: usize, cells: u32) {
        let cols = columns_of(cells);
        let col_cells = cols * COLUMN_SPREAD;
        let row_cells = (((cells & 0x1FF != 0) as u32) * 0x1FF)
            | (((cells & (0x1FF << 9) != 0) as u32) * (0x1FF << 9))
            | (((cells >> 18 != 0) as u32) * (0x1FF << 18));
        // Bit 3k set when box k of the band holds a cell, then all of box k's cells.
        let boxes = (cols | cols >> 1 | cols >> 2) & 0b001_001_001;
        let box_cells = (boxes * 7) * COLUMN_SPREAD;
        // Whole-`Lanes` updates only (see `take_cells`).
        let at = Lanes::in_lane(b, cells);
        // Read before `take_cells` stores it, so that nothing below waits for that store.
        let own = self.cand[d];
        let lost = take_cells(&mut self.cand, at);
        let peers = Lanes::splat(col_cells).or(Lanes::in_lane(b, row_cells | box_cells));
        // The cells left every digit above; they come back as the placed digit's below.
        let before = own.and_not(at);
        let after = before.and_not(peers);
        // Only the digit's slots that lost a candidate can show anything new.
        self.urgent |= before.lanes_differing(after) << (4 * d);
        self.cand[d] = after.or(at);
        self.unsolved = self.unsolved.and_not(at);
        self.stack_dirty |= lost | 1 << d;
        self.deferred |= DIGIT_SLOTS[(lost & !(1 << d)) as usize & 0x1FF] << b;
    }

    /// Removes candidate `d` (0-8) from `cell` (after a failed guess).
    #[inline(always)]
    pub(super) fn eliminate(&mut self, d: usize, cell: usize) {
        self.cand[d] = self.cand[d].and_not(CELL[cell]);
        self.urgent |= 1 << (4 * d + cell / 27);
        self.stack_dirty |= 1 << d;
    }

    /// Applies the propagation steps until none makes progress: naked singles, then hidden
    /// singles and locked candidates in band rows (`band_rows`, through `tables::KEEP`), then
    /// locked candidates between columns and boxes (`stack_locked_candidates`), when
    /// `STACK_STEP` and while more than [`STACK_STEP_MIN_OPEN`] cells are open. Hidden singles in
    /// boxes and columns need no step of their own: a box with one cell left for a digit leaves
    /// its row one after the band step, and a column with one cell left leaves its box one after
    /// the stack step.
    ///
    /// Every step only removes candidates no solution uses, and a cell is placed only as a
    /// single, so any subset of the steps after naked singles gives a correct search; the
    /// stronger steps only make it guess less. Without `STACK_STEP` (the generator's removal
    /// searches, which go nearly straight to a solution, docs/generator.md, and a dense puzzle's
    /// search until its first failure) a hidden single in a
    /// column is placed only once its cell is a naked single, or by a guess.
    ///
    /// Returns `Err` on a contradiction: a cell with no candidate, or a digit with no place left
    /// in some row, column or box.
    #[inline(always)]
    pub(super) fn propagate<const STACK_STEP: bool>(&mut self) -> Result<(), Contradiction> {
        // Whether candidates changed since naked singles were last looked for.
        let mut fresh = true;
        loop {
            if fresh {
                fresh = false;
                if self.naked_singles()? {
                    if self.is_solved() {
                        return Ok(());
                    }
                    fresh = true;
                    continue;
                }
            }
            if self.urgent != 0 {
                fresh = self.band_rows()?;
                if fresh && self.is_solved() {
                    return Ok(());
                }
                continue;
            }
            if self.is_solved() {
                // Every cell is placed: the remaining steps could find nothing.
                return Ok(());
            }
            if self.deferred != 0 {
                self.urgent = self.deferred;
                self.deferred = 0;
                continue;
            }
            if STACK_STEP
                && self.unsolved.count_ones() > STACK_STEP_MIN_OPEN
                && self.stack_locked_candidates()?
            {
                fresh = true;
                continue;
            }
            return Ok(());
        }
    }

    /// For every urgent slot: keep only triads on a permutation (locked candidates), then place
    /// each band row's last remaining candidate (hidden single in a row).
    #[inline(always)]
    fn band_rows(&mut self) -> Result<bool, Contradiction> {
        let mut changed = false;
        // Kept in a register; placements add to `self.urgent`, which is moved in after each.
        let mut urgent = std::mem::take(&mut self.urgent);
        while urgent != 0 {
            let s = urgent.trailing_zeros() as usize;
            urgent &= urgent - 1;
            let (d, b) = (s >> 2, s & 3);
            let x = self.slot(s);
            // A slot unchanged since its last look yields nothing new, but looking again costs
            // less than the mispredicted branch that would skip it.
            let info = row_info(x);
            let y = x & KEEP[(info >> 32) as usize & 0x1FF];
            if y == 0 {
                return Err(Contradiction);
            }
            let singles = if y == x {
                info as u32
            } else {
                // A whole-`Lanes` store, so that later loads of it are forwarded.
                self.cand[d] = self.cand[d].and_not(Lanes::in_lane(b, x & !y));
                self.stack_dirty |= 1 << d;
                changed = true;
                row_info(y) as u32
            };
            let new = singles & self.unsolved.0[b];
            if new != 0 {
                // Singles of one slot sit in distinct rows and boxes: KEEP saw to it.
                self.place_cells(d, b, new);
                urgent |= std::mem::take(&mut self.urgent);
                changed = true;
            }
        }
        Ok(changed)
    }

    /// Places every cell that has one candidate left. Returns whether anything was placed.
    #[inline(always)]
    fn naked_singles(&mut self) -> Result<bool, Contradiction> {
        let (ones, twos, _) = at_least::<false>(&self.cand);
        if !self.unsolved.and_not(ones).is_zero() {
            return Err(Contradiction);
        }
        let singles = self.unsolved.and_not(twos);
        if singles.is_zero() {
            return Ok(false);
        }
        // Each single's digit, in binary: bit `k` of the digit index is set on the cells of the
        // digits that have it. Finding digits this way needs no branch per digit, which matters:
        // a mispredicted branch costs as much as the whole bit arithmetic here.
        let mut index = [Lanes::ZERO; 4];
        for (d, x) in self.cand.iter().enumerate() {
            for (k, bits) in index.iter_mut().enumerate() {
                if d & (1 << k) != 0 {
                    *bits = bits.or(*x);
                }
            }
        }
        // One loop over all three bands (bit `32 * band + cell bit`): its exit is the one
        // branch here that mispredicts.
        let mut m =
            singles.0[0] as u128 | (singles.0[1] as u128) << 32 | (singles.0[2] as u128) << 64;
        // Each single is placed as its digit leaving the cell's peers; a single has no other
        // digit to remove from its cell, so no other digit's slots need another look. The slots
        // and digits to look at again are gathered in registers and stored once after the loop
        // (as are the cells leaving `unsolved`): a read-modify-write of the state per single made
        // each placement wait for the previous one's store.
        let (mut urgent, mut dirty) = (0u64, 0u32);
        while m != 0 {
            let at = m.trailing_zeros() as usize;
            m &= m - 1;
            let (b, bit) = (at >> 5, at & 31);
            let d = (0..4).fold(0, |d, k| d | ((index[k].0[b] >> bit) & 1) << k) as usize;
            // (A single's digit index is 0-8; the test spares a bounds check.)
            if d > 8 {
                return Err(Contradiction);
            }
            let before = self.cand[d];
            let cell = b * 27 + bit;
            // An earlier placement in this batch may have taken this cell's only candidate
            // (the digit read above is then stale, and missing from the cell). Tested on the
            // whole value just loaded, not by a 4-byte load of its lane `b`, which ran 1-2%
            // slower on serg and random minimal puzzles for 1.5% fewer instructions (likely a
            // wait for an earlier single of the digit to store the whole value).
            if before.and(CELL[cell]).is_zero() {
                return Err(Contradiction);
            }
            let after = before.and(KEEP_AFTER_PLACING[cell]);
            self.cand[d] = after;
            // Only the digit's slots that lost a candidate can show anything new.
            urgent |= before.lanes_differing(after) << (4 * d);
            dirty |= 1 << d;
        }
        self.unsolved = self.unsolved.and_not(singles);
        self.urgent |= urgent;
        self.stack_dirty |= dirty;
        Ok(true)
    }

    /// Locked candidates between columns and boxes, the step the band triads do not cover: in
    /// each stack a digit's three placements use (band, column) triads forming a permutation, so
    /// every triad on no permutation goes. Returns whether anything changed.
    ///
    /// The test is done for all three stacks and bands of a digit at once, in lanes: a triad
    /// (band `b`, column `c`) is on a permutation when the two other bands hold the two other
    /// columns of its stack, one each way round. Column rotations inside each stack's 3-bit group
    /// and band rotations across lanes line those triads up, with no table and no branch.
    #[inline(always)]
    fn stack_locked_candidates(&mut self) -> Result<bool, Contradiction> {
        let mut progress = false;
        let mut digits = self.stack_dirty;
        self.stack_dirty = 0;
        while digits != 0 {
            let d = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            let x = self.cand[d];
            let cols = x
                .or(x.shr::<9>())
                .or(x.shr::<18>())
                .and(Lanes::splat(0x1FF));
            // Bit `c` of each stack group takes the bit of column `c + 1` (`c + 2`), mod 3.
            let next_col = (cols.shr::<1>().and(Lanes::splat(0o333)))
                .or(cols.shl::<2>().and(Lanes::splat(0o444)));
            let after_next_col = (cols.shr::<2>().and(Lanes::splat(0o111)))
                .or(cols.shl::<1>().and(Lanes::splat(0o666)));
            let keep = cols.and(
                (next_col.next_band().and(after_next_col.band_after_next()))
                    .or(after_next_col.next_band().and(next_col.band_after_next())),
            );
            // A permutation keeps a triad in every band, so band 0 shows whether each stack has one.
            let k0 = keep.0[0];
            if (k0 | k0 >> 1 | k0 >> 2) & 0o111 != 0o111 {
                return Err(Contradiction);
            }
            let removed = cols.and_not(keep);
            self.cand[d] = x.and_not(removed.or(removed.shl::<9>()).or(removed.shl::<18>()));
            let changed = removed.lanes_differing(Lanes::ZERO);
            self.urgent |= changed << (4 * d);
            self.stack_dirty |= ((changed != 0) as u32) << d;
            progress |= changed != 0;
        }
        Ok(progress)
    }

    /// The unsolved cells with exactly two candidates (found with a third counter, `threes`,
    /// beside the `ones` and `twos` of naked singles).
    #[inline(always)]
    fn bivalue_cells(&self) -> Lanes {
        let (_, twos, threes) = at_least::<true>(&self.cand);
        twos.and_not(threes).and(self.unsolved)
    }

    /// The guess on bivalue `cell`: of its two digits, the one with more candidates left goes
    /// first. Measured, it needs fewer guesses to a first solution on every data set.
    #[inline(always)]
    fn bivalue_guess(&self, cell: usize) -> Guess {
        let digits = self.digits_at(cell);
        let count = |d: u32| self.cand[d as usize].count_ones();
        Guess {
            cell,
            digits,
            high_first: count(31 - digits.leading_zeros()) > count(digits.trailing_zeros()),
        }
    }

    /// Picks the cell to guess on: the bivalue cell (two candidates) with the highest score (the
    /// first such cell in row-major order on a tie), or failing that an unsolved cell with the
    /// fewest candidates. The score is the cell's number of unsolved peers, plus, when `WEIGHTED`,
    /// its `activity` (per cell, row-major, 0-8: how often the search failed there so far, see
    /// `kernel::Search`). Call only on an unsolved state after propagation.
    #[inline(always)]
    pub(super) fn choose_guess<const WEIGHTED: bool>(&self, activity: &[u8; CELLS]) -> Guess {
        let pairs = self.bivalue_cells();
        // Among the bivalue cells, the one with the most unsolved peers: its guess reaches the
        // most cells, so a wrong branch fails sooner (see docs/performance.md).
        // The best so far is kept as `score << 8 | (255 - cell)`, so that a plain maximum (no
        // branch to mispredict) picks the highest score and, among equals, the first cell.
        let mut best = 0u32;
        let mut consider = |cell: usize| {
            let mut score = self.unsolved.and(PEERS[cell]).count_ones();
            if WEIGHTED {
                score += activity[cell] as u32;
            }
            best = best.max(score << 8 | (255 - cell as u32));
        };
        // Cells 0-63 and 64-80 as two words indexed by cell: two loop exits to mispredict
        // instead of three.
        let p = pairs.0;
        let mut low = p[0] as u64 | (p[1] as u64) << 27 | (p[2] as u64) << 54;
        while low != 0 {
            consider(low.trailing_zeros() as usize);
            low &= low - 1;
        }
        let mut high = p[2] >> 10;
        while high != 0 {
            consider(64 + high.trailing_zeros() as usize);
            high &= high - 1;
        }
        if best != 0 {
            return self.bivalue_guess(255 - (best & 0xFF) as usize);
        }
        self.fewest_candidates_guess()
    }

    /// The guess of the generator's removal searches, and of a dense puzzle's search until its
    /// first failure (`kernel::Search::straight`): the first bivalue cell in row-major order,
    /// or failing that an unsolved cell with the fewest candidates. Such a search nearly always
    /// goes straight down to a solution (docs/generator.md), so scoring the bivalue cells
    /// (`choose_guess`) costs more than it saves there: the first one took 2.8% of the
    /// generator's instructions and 7% of its mispredicted branches (valgrind), with the same
    /// puzzles. The digit order is `bivalue_guess`'s, or with `ROOMIER` (a dense puzzle's
    /// search) `roomier_first_guess`'s. Call only on an unsolved state after propagation.
    #[inline(always)]
    pub(super) fn first_bivalue_guess<const ROOMIER: bool>(&self) -> Guess {
        let p = self.bivalue_cells().0;
        let low = p[0] as u64 | (p[1] as u64) << 27 | (p[2] as u64) << 54;
        let high = p[2] >> 10;
        let cell = if low != 0 {
            low.trailing_zeros() as usize
        } else if high != 0 {
            64 + high.trailing_zeros() as usize
        } else {
            return self.fewest_candidates_guess();
        };
        if ROOMIER {
            self.roomier_first_guess(cell)
        } else {
            self.bivalue_guess(cell)
        }
    }

    /// The guess on bivalue `cell` that tries first the digit with more room around the cell:
    /// the larger product of its places (candidate cells) in the cell's row, column and box, the
    /// lower digit on a tie. The digit with fewer places elsewhere in the cell's houses is more
    /// constrained there; a straight-down search (a dense puzzle with many solutions) does
    /// better leaving it open: on the serg benchmark's puzzles 5.06 guesses a puzzle against
    /// 5.45 with `bivalue_guess`'s board-wide count, and 1.4% fewer instructions. It does worse
    /// where the search must refute (the hardest puzzles: 38.9 guesses against 37.3) and in the
    /// generator's removal searches (1.4% more instructions); docs/performance.md.
    #[inline(always)]
    fn roomier_first_guess(&self, cell: usize) -> Guess {
        let digits = self.digits_at(cell);
        let (b, bit) = (cell / 27, cell % 27);
        let column = bit % 9;
        // The cell's band row, and its box (three cells in each band row, bits 0-2, 9-11 and
        // 18-20 for the first stack), in the band word (docs/solver.md, section 1).
        let row = 0x1FF << (bit - column);
        let boxed = 0x1C0E07 << (column - column % 3);
        let room = |d: u32| {
            // The digit's places in the cell's column: bits 0, 9 and 18 of each band word
            // after the shift, one bit a band row, gathered as nine bits.
            let w = self.cand[d as usize].0;
            let in_column = (w[0] >> column & 0x40201)
                | (w[1] >> column & 0x40201) << 1
                | (w[2] >> column & 0x40201) << 2;
            (w[b] & row).count_ones() * (w[b] & boxed).count_ones() * in_column.count_ones()
        };
        Guess {
            cell,
            digits,
            high_first: room(31 - digits.leading_zeros()) > room(digits.trailing_zeros()),
        }
    }

    /// The first unsolved cell (row-major) with the fewest candidates, lowest digit first: the
    /// guess when no cell is bivalue.
    #[inline(always)]
    fn fewest_candidates_guess(&self) -> Guess {
        let mut best = Guess {
            cell: 0,
            digits: 0x1FF,
            high_first: false,
        };
        // More than any cell has, so that the first open cell is taken, and then only a cell
        // with strictly fewer candidates replaces it (the first of the fewest).
        let mut fewest = 10;
        for b in 0..3 {
            let mut open = self.unsolved.0[b];
            while open != 0 {
                let cell = b * 27 + open.trailing_zeros() as usize;
                open &= open - 1;
                let digits = self.digits_at(cell);
                if digits.count_ones() < fewest {
                    fewest = digits.count_ones();
                    best = Guess {
                        cell,
                        digits,
                        high_first: false,
                    };
                }
            }
        }
        best
    }

    /// The guess that keeps solutions in lexicographic order of their text: the lowest-index
    /// unsolved cell, its digits tried in ascending order. Every cell before it is placed, so the
    /// solutions below one digit all come before those below a higher one (propagation only
    /// removes candidates no solution uses, so it reorders nothing). Call only on an unsolved
    /// state after propagation.
    #[inline(always)]
    pub(super) fn first_open_guess(&self) -> Guess {
        let open = self.unsolved.0;
        let b = if open[0] != 0 {
            0
        } else if open[1] != 0 {
            1
        } else {
            2
        };
        let cell = b * 27 + open[b].trailing_zeros() as usize;
        Guess {
            cell,
            digits: self.digits_at(cell),
            high_first: false,
        }
    }

    /// The late filter's first half, each house (`matching`): `Err` when its missing digits
    /// have no one-to-one assignment to its empty cells; otherwise the candidates that no such
    /// assignment uses go (the eliminations of every naked and hidden subset). The kernel's
    /// filter function (`kernel.rs`) then runs the second half, each digit (`template`, through
    /// [`State::filter_templates`]): `Err` when its candidates hold no template (one cell in
    /// every row, column and box); otherwise the candidates that no template uses go (every
    /// fish's eliminations among them).
    ///
    /// Returns whether it removed anything (propagation then has work). Catches what singles
    /// and locked candidates miss, such as four digits confined to three cells, a naked quad
    /// whose digits then crowd a box, or a digit's cycle of rows and columns that no box
    /// allows. It costs far more than a node's propagation (about 5 µs a pass on dense
    /// candidate puzzles, docs/performance.md), hence `kernel::MATCHING_CHECK_AFTER_GUESSES`.
    /// Inlined into each kernel's own filter function (`kernel.rs`), so that its bit
    /// arithmetic is built with the kernel's CPU features. Only unplaced cells lose candidates:
    /// a house's places are its empty cells.
    #[inline(always)]
    pub(super) fn filter_houses(&mut self) -> Result<bool, Contradiction> {
        let open = self.unsolved.0;
        // Each digit's empty candidate cells (band words), kept up to date as the houses prune,
        // so that each house sees what the ones before it removed; and the rows, columns and
        // boxes (9 bits each) where the digit is placed, which pruning never changes.
        let mut empty = [[0u32; 3]; 9];
        let mut placed = [[0u16; 3]; 9];
        for (d, x) in self.cand.iter().enumerate() {
            let mut rows = 0u32;
            let mut columns = 0u32;
            let mut boxes = 0u32;
            for b in 0..3 {
                empty[d][b] = x.0[b] & open[b];
                let p = x.0[b] & !open[b];
                for r in 0..3 {
                    rows |= ((p >> (9 * r) & 0x1FF != 0) as u32) << (3 * b + r);
                }
                let lines = (p | p >> 9 | p >> 18) & 0x1FF;
                columns |= lines;
                for k in 0..3 {
                    boxes |= ((lines >> (3 * k) & 7 != 0) as u32) << (3 * b + k);
                }
            }
            placed[d] = [rows as u16, columns as u16, boxes as u16];
        }
        let mut removed = false;
        for b in 0..3 {
            for r in 0..3 {
                removed |= self.filter_house(
                    &mut empty,
                    &placed,
                    (0, 3 * b + r),
                    |e| ((e[b] >> (9 * r)) & 0x1FF) as u16,
                    |i| 27 * b + 9 * r + i,
                )?;
            }
            for k in 0..3 {
                let box_bits = |e: &[u32; 3]| {
                    let (w, s) = (e[b], 3 * k);
                    ((w >> s) & 7 | ((w >> (9 + s)) & 7) << 3 | ((w >> (18 + s)) & 7) << 6) as u16
                };
                removed |=
                    self.filter_house(&mut empty, &placed, (2, 3 * b + k), box_bits, |i| {
                        27 * b + 9 * (i / 3) + 3 * k + i % 3
                    })?;
            }
        }
        for c in 0..9 {
            // Bits c, 9 + c and 18 + c of each band word, as three bits a band.
            let column_bits = |e: &[u32; 3]| {
                let mut bits = 0u32;
                for (b, w) in e.iter().enumerate() {
                    let t = (w >> c) & COLUMN_SPREAD;
                    bits |= ((t | t >> 8 | t >> 16) & 7) << (3 * b);
                }
                bits as u16
            };
            removed |= self.filter_house(&mut empty, &placed, (1, c), column_bits, |i| {
                27 * (i / 3) + 9 * (i % 3) + c
            })?;
        }
        Ok(removed)
    }

    /// [`State::filter_houses`] on one house, `house` = (0 row, 1 column, 2 box; its index):
    /// `pick` takes its nine cells out of a digit's band words of `empty` (as bits 0-8) and `cell`
    /// maps those bit positions back to cells. `empty` is read again from the candidates for
    /// each digit that lost any.
    #[inline(always)]
    fn filter_house(
        &mut self,
        empty: &mut [[u32; 3]; 9],
        placed: &[[u16; 3]; 9],
        house: (usize, usize),
        pick: impl Fn(&[u32; 3]) -> u16,
        cell: impl Fn(usize) -> usize,
    ) -> Result<bool, Contradiction> {
        // Digit d's empty candidate cells in the house, and the digits not placed there.
        let mut places = [0u16; 9];
        let mut missing = 0u16;
        for d in 0..9 {
            places[d] = pick(&empty[d]);
            missing |= ((placed[d][house.0] >> house.1 & 1 == 0) as u16) << d;
        }
        let cell_of = perfect_matching(&places, missing).ok_or(Contradiction)?;
        let before = places;
        if !prune_unmatched(&mut places, missing, &cell_of) {
            return Ok(false);
        }
        let open = self.unsolved.0;
        for d in 0..9 {
            let lost = before[d] & !places[d];
            for i in set_bits(u32::from(lost)) {
                self.eliminate(d, cell(i));
            }
            if lost != 0 {
                for b in 0..3 {
                    empty[d][b] = self.cand[d].0[b] & open[b];
                }
            }
        }
        Ok(true)
    }

    /// The candidates: `candidates()[d].0[b]`, the cells of band `b` that may hold digit
    /// `d + 1`, placed cells included (see `docs/solver.md`).
    #[inline(always)]
    pub(super) fn candidates(&self) -> &[Lanes; 9] {
        &self.cand
    }

    /// The digit template filter's step (see `template`): keeps of each digit's candidates only
    /// `kept[d]`, the cells that some template of the digit uses, as computed from
    /// [`State::candidates`]. `Err` when a digit keeps no cell (it has no template); otherwise
    /// whether anything went. The slots that lost a candidate become urgent, as after an
    /// elimination, so the propagation that follows looks at them first.
    #[inline(always)]
    pub(super) fn filter_templates(&mut self, kept: &[Lanes; 9]) -> Result<bool, Contradiction> {
        let mut changed = 0u64;
        let mut templateless = false;
        for (d, (x, k)) in self.cand.iter_mut().zip(kept).enumerate() {
            // Every template holds three cells of each band.
            templateless |= k.0[0] == 0;
            let after = x.and(*k);
            let lost = x.lanes_differing(after);
            *x = after;
            changed |= lost << (4 * d);
            self.stack_dirty |= u32::from(lost != 0) << d;
        }
        if templateless {
            return Err(Contradiction);
        }
        self.urgent |= changed;
        Ok(changed != 0)
    }

    /// The first cell (0-80, row-major) that is unsolved and has no candidate left, if any: where
    /// a failed propagation ran out of digits (an empty cell stays empty, as candidates are only
    /// ever removed). `None` when the contradiction was a digit with no place in a house.
    #[inline(always)]
    pub(super) fn first_empty_cell(&self) -> Option<usize> {
        let ones = self.cand.iter().fold(Lanes::ZERO, |acc, x| acc.or(*x));
        let empty = self.unsolved.and_not(ones).0;
        (0..3)
            .find(|&b| empty[b] != 0)
            .map(|b| b * 27 + empty[b].trailing_zeros() as usize)
    }

    /// The candidate word of slot `s` (bit `4 * d + b` of a slot mask, 0-35): `cand[d].0[b]`, read
    /// with one load indexed by the slot itself, with no decoding of `d` and `b` first (the
    /// urgent slots' loop reads one per look).
    #[inline(always)]
    fn slot(&self, s: usize) -> u32 {
        // SAFETY: `Lanes` is `repr(C)` over `[u32; 4]` with no padding (16 bytes, aligned to
        // 16), so `[Lanes; 9]` has the layout of `[u32; 36]`, word `4 * d + b` being
        // `cand[d].0[b]`; the reference borrows `self.cand` for no longer than `self`.
        let words = unsafe { &*self.cand.as_ptr().cast::<[u32; 36]>() };
        words[s]
    }

    /// Candidate digits of one cell, bit `d` for digit `d + 1`.
    #[inline(always)]
    fn digits_at(&self, cell: usize) -> u32 {
        let (b, bit) = (cell / 27, cell % 27);
        let mut digits = 0;
        for d in 0..9 {
            digits |= ((self.cand[d].0[b] >> bit) & 1) << d;
        }
        digits
    }

    /// Applies one branch of a guess: digit `d` at the guessed cell.
    #[inline(always)]
    pub(super) fn place_guess(&mut self, g: &Guess, d: usize) {
        self.place(d, g.cell);
    }

    /// Rules out digit `d` at the guessed cell (its branch was exhausted).
    #[inline(always)]
    pub(super) fn exclude_guess(&mut self, g: &Guess, d: usize) {
        self.eliminate(d, g.cell);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fields of two states, for comparison (`State` has no `PartialEq`: the solver never
    /// compares states).
    fn fields(s: &State) -> ([Lanes; 9], Lanes, u64, u64, u32) {
        (s.cand, s.unsolved, s.urgent, s.deferred, s.stack_dirty)
    }

    #[test]
    fn candidates_from_givens_start_as_the_board() {
        let texts: [&[u8; CELLS]; 3] = [
            b"4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            b".................................................................................",
            b"534678912672195348198342567859761423426853791713924856961537284287419635345286179",
        ];
        for text in texts {
            let board = Board::parse(text).unwrap();
            let plain = State::from_text(text).unwrap();
            assert_eq!(fields(&plain), fields(&State::from_board(&board)));
            let from_candidates = State::from_candidates(&Candidates::from_board(&board)).unwrap();
            assert_eq!(fields(&from_candidates), fields(&plain));
        }
    }

    #[test]
    fn candidate_faults_are_reported_as_validate_does() {
        let mut masks = [ALL_DIGITS; CELLS];
        masks[40] = 0;
        let c = Candidates::from_masks(masks).unwrap();
        assert_eq!(
            State::from_candidates(&c).err(),
            Some(Error::NoCandidate { cell: 40 })
        );
        masks[3] = 1 << 4;
        masks[75] = 1 << 4; // column 3, after cell 3
        masks[40] = 0x3;
        let c = Candidates::from_masks(masks).unwrap();
        assert_eq!(
            State::from_candidates(&c).err(),
            Some(Error::ConflictingGivens { cell: 75, digit: 5 })
        );
        masks[80] = 0;
        masks[75] = ALL_DIGITS;
        let c = Candidates::from_masks(masks).unwrap();
        assert_eq!(c.validate(), Err(Error::NoCandidate { cell: 80 }));
        assert_eq!(State::from_candidates(&c).err(), c.validate().err());
    }

    #[test]
    fn state_size_is_as_documented() {
        // The solver's module docs quote this size for the stack use of a solve.
        assert_eq!(std::mem::size_of::<State>(), 192);
    }
}
