//! Unique rectangles and unique loops, types 1-4 (ER 4.5 and up).
//!
//! A loop on digits `{a, b}` is a cycle of 4 or more distinct cells, each holding both digits,
//! in which every house holding a loop cell holds exactly two, one at an even and one at an odd
//! position. If every loop cell held only `a` and `b`, the two digits could be swapped along
//! the loop and the puzzle would have two solutions; so, in a puzzle with one solution, the
//! cells with more candidates ("extra cells") cannot all lose them. Types: one extra cell
//! (type 1: `a` and `b` leave it); one extra digit shared by the extra cells (type 2: it leaves
//! their common peers); two extra cells sharing a house whose extra digits act as one cell of a
//! naked or hidden set there (type 3); two extra cells sharing a house in which `a` (or `b`)
//! has no other place (type 4: the other digit leaves both).
//!
//! Rules, search order and ratings as in Sudoku Explainer 1.2.1
//! (`diuf/sudoku/solver/rules/unique/UniqueLoops.java`, `UniqueLoopHint.java` and the type
//! hints; see `docs/se-rules.md`): loops start from every bivalue cell, row-major; a
//! depth-first walk goes to the cells holding both digits along the box, row and column of the
//! current cell (in that order, never twice the kind of house it came by), cells of a house in
//! index order, and admits a cell with extra candidates while fewer than two were admitted or
//! while the extra digits met number one (SE counts, in that test, the extra digits of every
//! neighbour examined so far from the same cell, siblings included: reproduced here, as it
//! decides which loops are found). Every closed walk that passes SE's loop test gives its hints
//! (type 1; type 2; type 3 by set size, house kind box-row-column, naked before hidden; type
//! 4). SE collects all, sorts them by rating (as a `double`) and type, and takes the first: so
//! does [`unique_loop`], keeping the first of the smallest. Rating: 4.5, plus 0.3 for 10 or more
//! cells, plus 0.2 for 8 or more or else 0.1 for 6 or more; a type 3 adds 0.1 per member of its
//! set beyond two (naked) or per hidden position beyond one (hidden). Computed in `f64` in SE's
//! order of operations, since a 6-cell type 3 at `4.6 + 0.1` sorts before an 8-cell loop at 4.7.
//!
//! The walk skips cells that cannot be on a valid loop (each loop cell needs another cell with
//! both digits, itself possible, in each of its three houses), which finds the same loops in
//! the same order.

use super::grid::{ones9, Grid};
use super::step::{HouseSet, Step, Technique};
use crate::geometry::{Cell, CellSet, Digit, House, HouseKind};

/// SE's order of house kinds (`Grid.getRegionTypes`): box, row, column.
const KINDS: [HouseKind; 3] = [HouseKind::Box, HouseKind::Row, HouseKind::Column];

/// The first unique rectangle or loop step in Sudoku Explainer's order (see the module notes),
/// or `None` when no loop removes anything.
pub fn unique_loop(grid: &Grid) -> Option<Step> {
    unique_loop_after(grid, &mut LoopMemory::default())
}

/// What the unique loop searches keep along a path of positions: for each pair of digits, the
/// closed walks that passed SE's loop test, from each start cell in order, with the candidates
/// of the cells holding both digits when they were found.
///
/// A walk looks at nothing but those cells' candidates (which cells hold both digits, and
/// which extra digits they have). So where they are the same on the next grid, the walks find
/// the same loops in the same order, and only the loops' hints, which depend on other cells
/// too (type 2's targets, type 3's sets, type 4's houses), are worked out again.
#[derive(Debug, Clone, Default)]
pub struct LoopMemory {
    pairs: Vec<PairWalks>,
}

/// The closed walks of one pair of digits (see [`LoopMemory`]).
#[derive(Debug, Clone, Default)]
struct PairWalks {
    pair: u16,
    /// The cells holding both digits, and their candidates in the order of the set.
    both: CellSet,
    masks: Vec<u16>,
    /// For each start cell in order: the cell and the end (in `lens`) of its walks.
    starts: Vec<(Cell, usize)>,
    /// Each closed walk's length, and its cells one walk after another.
    lens: Vec<u8>,
    cells: Vec<Cell>,
}

impl PairWalks {
    /// Whether the walks were found where the cells holding both digits are `both`, with the
    /// candidates they have in `grid`.
    fn still_holds(&self, grid: &Grid, both: CellSet) -> bool {
        self.both == both
            && both
                .iter()
                .zip(&self.masks)
                .all(|(c, &m)| grid.candidates(c) == m)
    }
}

/// As [`unique_loop`], reusing from `memory` the walks of the pairs whose cells holding both
/// digits kept their candidates since they were walked, and leaving there this grid's walks.
pub fn unique_loop_after(grid: &Grid, memory: &mut LoopMemory) -> Option<Step> {
    let mut best: Option<Candidate> = None;
    let mut walked: Vec<PairWalks> = Vec::new();
    let mut finished = true;
    // Each pair's cells holding both digits and those of them a loop can use, worked out at
    // its first start (by pair, bit `i` and `j` for digits `i < j`: the pair's index).
    let mut sets: [Option<(CellSet, CellSet)>; 72] = [None; 72];
    for start in grid.cells_with_candidate_count(2, 2).iter() {
        let pair = grid.candidates(start);
        let (lo, hi) = (pair.trailing_zeros(), 15 - pair.leading_zeros());
        let (both, kept) = *sets[(8 * lo + hi) as usize].get_or_insert_with(|| {
            let both = grid
                .digit_cells(Digit::ALL[lo as usize])
                .intersection(grid.digit_cells(Digit::ALL[hi as usize]));
            (both, loop_cells(both))
        });
        if !kept.contains(start) {
            continue;
        }
        let mut walk = Walk {
            grid,
            pair,
            both,
            kept,
            path: [start; 81],
            on_path: CellSet::EMPTY.with(start),
            parity: [start.house_mask(), 0],
            best: &mut best,
            found: None,
        };
        let old = memory
            .pairs
            .iter()
            .find(|w| w.pair == pair && w.still_holds(grid, both));
        if let Some(old) = old {
            // The same walks as before: only their hints are worked out.
            let mut from = 0;
            for &(cell, end) in &old.starts {
                if cell == start {
                    let mut at = old.lens[..from].iter().map(|&n| n as usize).sum::<usize>();
                    for &len in &old.lens[from..end] {
                        let len = len as usize;
                        walk.path[..len].copy_from_slice(&old.cells[at..at + len]);
                        walk.parity = [0, 0];
                        walk.closed(len);
                        at += len;
                    }
                    break;
                }
                from = end;
            }
        } else {
            let index = match walked.iter().position(|w| w.pair == pair) {
                Some(i) => i,
                None => {
                    walked.push(PairWalks {
                        pair,
                        both,
                        masks: both.iter().map(|c| grid.candidates(c)).collect(),
                        ..PairWalks::default()
                    });
                    walked.len() - 1
                }
            };
            let record = &mut walked[index];
            walk.found = Some((&mut record.lens, &mut record.cells));
            walk.search(1, None, 2, 0);
            let end = record.lens.len();
            record.starts.push((start, end));
        }
        if let Some(b) = &best {
            // Nothing rates below 4.5 or has a type below 1: the first such hint is SE's.
            if b.difficulty == 4.5 && b.kind == 1 {
                finished = false;
                break;
            }
        }
    }
    if finished {
        // Every pair with a start was either reused (its walks still hold) or walked anew.
        let mut pairs = std::mem::take(&mut walked);
        for old in memory.pairs.drain(..) {
            if !pairs.iter().any(|w| w.pair == old.pair) {
                let both = digits(old.pair)
                    .map(|d| grid.digit_cells(d))
                    .fold(CellSet::ALL, CellSet::intersection);
                if old.still_holds(grid, both) {
                    pairs.push(old);
                }
            }
        }
        memory.pairs = pairs;
    } else {
        memory.pairs.clear();
    }
    best.map(|b| b.step)
}

/// A hint found, with SE's sort key.
struct Candidate {
    difficulty: f64,
    kind: u8,
    step: Step,
}

/// The cells of `both` (those holding both digits of a pair) that can be on a valid loop (see
/// the module notes).
fn loop_cells(both: CellSet) -> CellSet {
    let mut kept = both;
    loop {
        let mut next = kept;
        for cell in kept.iter() {
            let alone = cell
                .houses()
                .iter()
                .any(|h| h.cell_set().intersection(kept).len() < 2);
            if alone {
                next = next.difference(CellSet::EMPTY.with(cell));
            }
        }
        if next == kept {
            return kept;
        }
        kept = next;
    }
}

/// One depth-first loop search from a start cell (`path[0]`).
struct Walk<'a> {
    grid: &'a Grid,
    /// The loop's two digits.
    pair: u16,
    /// The cells a valid loop may use.
    kept: CellSet,
    /// The cells holding both digits: the only ones a walk looks at (SE's walk skips the
    /// others without counting their extra digits).
    both: CellSet,
    path: [Cell; 81],
    on_path: CellSet,
    /// The houses (bit by index) of the path's cells at even and at odd positions: SE's loop
    /// test fails as soon as a house is met twice at the same parity, so no walk goes on from
    /// there (its extra digits were still counted, as SE counts them).
    parity: [u32; 2],
    best: &'a mut Option<Candidate>,
    /// Where to record each closed walk that passes SE's loop test: its length, and its cells.
    found: Option<(&'a mut Vec<u8>, &'a mut Vec<Cell>)>,
}

impl Walk<'_> {
    /// SE's `checkForLoops` from `path[len - 1]`, entered by a house of kind `last`, with
    /// `allowed` more cells with extra candidates admitted freely and `extra` the extra digits
    /// counted so far.
    fn search(&mut self, len: usize, last: Option<HouseKind>, allowed: i32, mut extra: u16) {
        let cell = self.path[len - 1];
        for kind in KINDS {
            if Some(kind) == last {
                continue;
            }
            for next in house_of(cell, kind)
                .cell_set()
                .intersection(self.both)
                .iter()
            {
                if next == self.path[0] {
                    if len >= 4 {
                        self.closed(len);
                    }
                    continue;
                }
                if self.on_path.contains(next) {
                    continue;
                }
                // `next` holds both digits, so it is wide (three or more candidates) when it
                // has an extra digit. Bit tests, not population counts: baseline x86-64 counts
                // bits in software, and this is the walk's inner loop.
                let m = self.grid.candidates(next);
                let own = m & !self.pair;
                extra |= own;
                let wide = own != 0;
                let one_extra = extra != 0 && extra & (extra - 1) == 0;
                if !(!wide || one_extra || allowed > 0) || !self.kept.contains(next) {
                    continue;
                }
                let houses = next.house_mask();
                if self.parity[len % 2] & houses != 0 {
                    continue;
                }
                self.path[len] = next;
                self.on_path = self.on_path.with(next);
                self.parity[len % 2] |= houses;
                let left = if wide { allowed - 1 } else { allowed };
                self.search(len + 1, Some(kind), left, extra);
                self.parity[len % 2] &= !houses;
                self.on_path = self.on_path.difference(CellSet::EMPTY.with(next));
            }
        }
    }

    /// A closed walk `path[..len]`: when it is a valid loop, its hints, each kept if it sorts
    /// before the best so far.
    fn closed(&mut self, len: usize) {
        let cells = &self.path[..len];
        if self.parity[0] != self.parity[1] {
            return;
        }
        if let Some((lens, found)) = &mut self.found {
            lens.push(len as u8);
            found.extend_from_slice(cells);
        }
        debug_assert!(is_valid_loop(cells));
        let grid = self.grid;
        let pair = self.pair;
        let mut extra_cells = [cells[0]; 81];
        let mut k = 0;
        for &c in cells {
            // A loop cell holds both digits: it has more when it has another.
            if grid.candidates(c) & !pair != 0 {
                extra_cells[k] = c;
                k += 1;
            }
        }
        let base = loop_difficulty(len);
        if self.best.as_ref().is_some_and(|b| b.difficulty < base) {
            // Every hint of this loop rates at least `base`: none can come first.
            return;
        }
        let loop_set = cells.iter().fold(CellSet::EMPTY, |s, &c| s.with(c));
        let rectangle = len == 4;
        let technique = |t: u8| match (rectangle, t) {
            (true, 1) => Technique::UniqueRectangle1,
            (true, 2) => Technique::UniqueRectangle2,
            (true, 3) => Technique::UniqueRectangle3,
            (true, _) => Technique::UniqueRectangle4,
            (false, 1) => Technique::UniqueLoop1,
            (false, 2) => Technique::UniqueLoop2,
            (false, 3) => Technique::UniqueLoop3,
            (false, _) => Technique::UniqueLoop4,
        };
        let new_step = |t: u8, difficulty: f64| {
            let mut s = Step::new(technique(t));
            s.cells = loop_set;
            s.digits = pair;
            s.er = tenths(difficulty);
            s
        };
        let extras = &extra_cells[..k];
        match k {
            0 => {}
            1 => {
                let mut s = new_step(1, base);
                for d in digits(pair) {
                    s.eliminations.add(extras[0], d);
                }
                self.offer(base, 1, s);
            }
            2 => {
                let (c1, c2) = (extras[0], extras[1]);
                let union = (grid.candidates(c1) | grid.candidates(c2)) & !pair;
                if union.count_ones() == 1 {
                    self.type2(extras, base, new_step(2, base));
                } else if union.count_ones() >= 2 {
                    self.type3(c1, c2, base, &new_step);
                }
                self.type4(c1, c2, base, new_step(4, base));
            }
            _ => self.type2(extras, base, new_step(2, base)),
        }
    }

    /// Keeps `step` if it sorts before the best so far (SE's stable sort by rating, then type).
    fn offer(&mut self, difficulty: f64, kind: u8, step: Step) {
        if step.eliminations.is_empty() {
            return;
        }
        let better = match self.best {
            None => true,
            Some(b) => difficulty < b.difficulty || (difficulty == b.difficulty && kind < b.kind),
        };
        if better {
            *self.best = Some(Candidate {
                difficulty,
                kind,
                step,
            });
        }
    }

    /// Type 2: the lowest extra digit of the first extra cell leaves the cells seeing every
    /// extra cell.
    fn type2(&mut self, extras: &[Cell], base: f64, mut step: Step) {
        let grid = self.grid;
        let x = lowest(grid.candidates(extras[0]) & !self.pair);
        let mut common = CellSet::ALL;
        for &c in extras {
            common = common.intersection(c.peer_set());
        }
        for &c in extras {
            common = common.difference(CellSet::EMPTY.with(c));
        }
        for c in common.intersection(grid.digit_cells(x)).iter() {
            step.eliminations.add(c, x);
        }
        step.digits |= 1 << x.index();
        self.offer(base, 2, step);
    }

    /// Type 3: the extra digits of `c1` and `c2` form, as one pseudo-cell, a naked set with
    /// other cells of a house they share, or the loop's digits with others a hidden set.
    fn type3(&mut self, c1: Cell, c2: Cell, base: f64, new_step: &dyn Fn(u8, f64) -> Step) {
        let grid = self.grid;
        let pair = self.pair;
        let (m1, m2) = (grid.candidates(c1), grid.candidates(c2));
        let extra = (m1 | m2) & !pair;
        let n_extra = ones9(extra) as usize;
        // The houses the two cells share, in SE's order of kinds, with the cells' places in
        // each (`Cell::positions` is in `Cell::houses`'s order: row, column, box).
        let mut shared = [(c1.houses()[0], 0usize, 0usize, 0usize); 3];
        let mut n_shared = 0;
        for (kind, k) in KINDS.into_iter().zip([2, 0, 1]) {
            let house = house_of(c1, kind);
            if house == house_of(c2, kind) {
                let empty = grid.empty_count(house) as usize;
                let (p1, p2) = (c1.positions()[k] as usize, c2.positions()[k] as usize);
                shared[n_shared] = (house, p1, p2, empty);
                n_shared += 1;
            }
        }
        let shared = &shared[..n_shared];
        // A set of `degree` needs `2 * degree` empty cells in its house or more (naked), or
        // more than that (hidden): no larger degree has a look.
        let most = shared.iter().map(|s| s.3 / 2).max().unwrap_or(0).min(7);
        for degree in n_extra..=most {
            // The lowest rating of a set of this size (a hidden one); larger sets rate more.
            let least = base + (degree as f64 - 2.0) * 0.1;
            if let Some(b) = self.best.as_ref() {
                if b.difficulty < least || (b.difficulty == least && b.kind <= 3) {
                    return;
                }
            }
            for &(house, i1, i2, empty) in shared {
                let cells = house.cells();
                if degree * 2 <= empty {
                    // Naked: c1 stands for the pseudo-cell holding the extra digits. SE
                    // takes the sets of `degree` of the house's nine places in increasing
                    // order and keeps those with c1 and without c2; the other members, as a
                    // set of the seven remaining places, come in the same order.
                    let mut others = [0usize; 7];
                    // The others that can be members: two to `degree` candidates (one with
                    // more takes the union past `degree`).
                    let mut fit = 0u32;
                    for (k, i) in (0..9).filter(|&i| i != i1 && i != i2).enumerate() {
                        others[k] = i;
                        let n = ones9(grid.candidates(cells[i])) as usize;
                        fit |= ((2..=degree).contains(&n) as u32) << k;
                    }
                    // Too few (the hidden sets below are still looked at).
                    let subsets = if (fit.count_ones() as usize) < degree - 1 {
                        0
                    } else {
                        usize::MAX
                    };
                    for sub in masks(degree as u32 - 1, 7).take(subsets) {
                        if sub & !fit != 0 {
                            continue;
                        }
                        let mut set = extra & m1 & m2;
                        let mut union = extra;
                        let mut members_ok = true;
                        let mut members = CellSet::EMPTY;
                        let mut rest = sub;
                        while rest != 0 {
                            let c = cells[others[rest.trailing_zeros() as usize]];
                            rest &= rest - 1;
                            let m = grid.candidates(c);
                            set |= m;
                            union |= m;
                            members_ok &= ones9(m) > 1;
                            members = members.with(c);
                        }
                        if ones9(set) as usize != degree
                            || !members_ok
                            || ones9(union) as usize != degree
                        {
                            continue;
                        }
                        let difficulty = base + (degree - 1) as f64 * 0.1;
                        let mut s = new_step(3, difficulty);
                        for &c in &cells {
                            if members.contains(c) || c == c1 || c == c2 {
                                continue;
                            }
                            for d in digits(grid.candidates(c) & union) {
                                s.eliminations.add(c, d);
                            }
                        }
                        s.cells = s.cells.union(members);
                        s.houses = HouseSet::default().with(house);
                        s.digits |= union;
                        self.offer(difficulty, 3, s);
                    }
                }
                if degree * 2 < empty {
                    // Hidden: the loop's digits and degree - 2 others, in c1 and other cells.
                    let mut others = [0u16; 9];
                    let mut n_others = 0;
                    for i in 0..9 {
                        if (pair | extra) >> i & 1 == 0 {
                            others[n_others] = 1 << i;
                            n_others += 1;
                        }
                    }
                    if degree - 2 > n_others {
                        continue;
                    }
                    // The other digits that can join: one to `degree` places besides c2 (a
                    // digit with more takes the positions past `degree`).
                    let mut fit = 0u32;
                    for (i, &b) in others[..n_others].iter().enumerate() {
                        let d = Digit::from_index(b.trailing_zeros() as usize).expect("a digit");
                        let n = ones9(grid.positions(house, d) & !(1 << i2)) as usize;
                        fit |= ((1..=degree).contains(&n) as u32) << i;
                    }
                    if (fit.count_ones() as usize) < degree - 2 {
                        continue;
                    }
                    for mask in masks(degree as u32 - 2, n_others as u32) {
                        if mask & !fit != 0 {
                            continue;
                        }
                        let mut values = pair;
                        for (i, &b) in others[..n_others].iter().enumerate() {
                            if mask >> i & 1 != 0 {
                                values |= b;
                            }
                        }
                        let mut positions = 0u16;
                        let mut all_placed = true;
                        for d in digits(values) {
                            let p = grid.positions(house, d) & !(1 << i2);
                            all_placed &= p != 0;
                            positions |= p;
                        }
                        if !all_placed || ones9(positions) as usize != degree {
                            continue;
                        }
                        let hidden = positions & !(1 << i1) & !(1 << i2);
                        let difficulty = base + (ones9(hidden) - 1) as f64 * 0.1;
                        let mut s = new_step(3, difficulty);
                        for (i, &c) in cells.iter().enumerate() {
                            if hidden >> i & 1 == 0 {
                                continue;
                            }
                            s.cells = s.cells.with(c);
                            for d in digits(grid.candidates(c) & !values) {
                                s.eliminations.add(c, d);
                            }
                        }
                        s.houses = HouseSet::default().with(house);
                        s.digits |= values;
                        self.offer(difficulty, 3, s);
                    }
                }
            }
        }
    }

    /// Type 4: in the last house kind (box, row, column) shared by `c1` and `c2` where a loop
    /// digit has no other place, the other loop digit leaves both (the first loop digit wins).
    fn type4(&mut self, c1: Cell, c2: Cell, base: f64, mut step: Step) {
        let grid = self.grid;
        let (mut lock1, mut lock2) = (None, None);
        let two = CellSet::EMPTY.with(c1).with(c2);
        let mut ds = digits(self.pair);
        let (a, b) = (ds.next().expect("two"), ds.next().expect("two"));
        for kind in KINDS {
            let house = house_of(c1, kind);
            if house != house_of(c2, kind) {
                continue;
            }
            if grid.cells_with(house, a).difference(two).is_empty() {
                lock1 = Some(house);
            }
            if grid.cells_with(house, b).difference(two).is_empty() {
                lock2 = Some(house);
            }
        }
        let (house, gone) = match (lock1, lock2) {
            (Some(h), _) => (h, b),
            (None, Some(h)) => (h, a),
            (None, None) => return,
        };
        step.eliminations.add(c1, gone);
        step.eliminations.add(c2, gone);
        step.houses = HouseSet::default().with(house);
        self.offer(base, 4, step);
    }
}

/// SE's loop test: no house met twice by cells of the same parity, and the houses met at even
/// positions the same as those met at odd positions.
fn is_valid_loop(cells: &[Cell]) -> bool {
    let (mut even, mut odd) = (0u32, 0u32);
    for (i, cell) in cells.iter().enumerate() {
        let set = if i % 2 == 0 { &mut even } else { &mut odd };
        for house in cell.houses() {
            let bit = 1u32 << house.index();
            if *set & bit != 0 {
                return false;
            }
            *set |= bit;
        }
    }
    even == odd
}

/// The rating of a loop of `len` cells before any type 3 bonus, as SE computes it.
fn loop_difficulty(len: usize) -> f64 {
    let mut d = 4.5;
    if len >= 10 {
        d += 0.3;
    }
    if len >= 8 {
        d += 0.2;
    } else if len >= 6 {
        d += 0.1;
    }
    d
}

/// A rating in tenths as serate prints it: `(int)((x + 0.05) * 10)`.
pub(crate) fn tenths(x: f64) -> u8 {
    ((x + 0.05) * 10.0) as u8
}

/// The house of `kind` holding `cell`.
fn house_of(cell: Cell, kind: HouseKind) -> House {
    let [row, column, square] = cell.houses();
    match kind {
        HouseKind::Row => row,
        HouseKind::Column => column,
        HouseKind::Box => square,
    }
}

/// The masks of `n` bits (at most 31) with `k` set, in increasing order (SE's `Permutations`;
/// Gosper's successor).
pub(crate) fn masks(k: u32, n: u32) -> impl Iterator<Item = u32> {
    let first = if k <= n { Some((1u32 << k) - 1) } else { None };
    std::iter::successors(first, move |&m| {
        if m == 0 {
            return None;
        }
        let low = m & m.wrapping_neg();
        let ripple = m + low;
        // `low` is a power of two: a shift, not a division.
        let next = (((ripple ^ m) >> 2) >> low.trailing_zeros()) | ripple;
        (next < 1 << n).then_some(next)
    })
}

/// The digits of a 9-bit mask, in increasing order.
fn digits(mask: u16) -> impl Iterator<Item = Digit> {
    super::subsets::digits(mask)
}

/// The lowest digit of a non-empty mask.
fn lowest(mask: u16) -> Digit {
    Digit::from_index(mask.trailing_zeros() as usize).expect("a digit")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::steps::step::removals;
    use crate::Board;

    fn c(r: usize, col: usize) -> Cell {
        Cell::at(r, col).unwrap()
    }

    /// The empty board whose listed cells keep only the listed digits; `gone` leaves every other
    /// cell for which `strip(cell)` is true.
    fn position(cells: &[(Cell, &[u8])], gone: &[u8], strip: impl Fn(Cell) -> bool) -> Grid {
        let mut g = super::super::grid::with_candidates(cells);
        for cell in Cell::ALL {
            if strip(cell) && !cells.iter().any(|&(p, _)| p == cell) {
                for &d in gone {
                    g.eliminate(cell, Digit::new(d).unwrap());
                }
            }
        }
        g
    }

    #[test]
    fn walks_kept_along_a_path_find_the_same_loops() {
        // Along the plain paths of hard grids, and with one memory across them all: the same
        // first loop step (or none) with the walks kept as without them.
        let (mut memory, mut across) = (LoopMemory::default(), LoopMemory::default());
        let (mut reused, mut found, mut positions) = (0, 0, 0);
        crate::steps::next::each_plain_position(80, |g, first| {
            if first {
                memory = LoopMemory::default();
            }
            let fresh = unique_loop(g);
            reused += usize::from(memory.pairs.iter().any(|w| {
                let both = digits(w.pair)
                    .map(|d| g.digit_cells(d))
                    .fold(CellSet::ALL, CellSet::intersection);
                w.still_holds(g, both)
            }));
            let along = unique_loop_after(g, &mut memory);
            let other = unique_loop_after(g, &mut across);
            assert_eq!(along, fresh);
            assert_eq!(other, fresh);
            found += usize::from(fresh.is_some());
            positions += 1;
        });
        assert!(
            found >= 100 && reused >= 400,
            "{found} found, {reused} reused, {positions} positions"
        );
    }

    #[test]
    fn rectangle_type_1() {
        let g = position(
            &[
                (c(0, 0), &[1, 2]),
                (c(0, 3), &[1, 2]),
                (c(1, 0), &[1, 2]),
                (c(1, 3), &[1, 2, 3]),
            ],
            &[1, 2],
            |_| true,
        );
        let s = unique_loop(&g).expect("a step");
        assert_eq!(s.technique, Technique::UniqueRectangle1);
        assert_eq!((s.rating(), s.digits), (45, 0b11));
        assert_eq!(removals(&s), [(12, 1), (12, 2)]);
    }

    #[test]
    fn rectangle_type_2_comes_before_type_4() {
        // r2c1 and r2c4 hold the extra 3; 1 (and 2) has no other place in row 2, which is also
        // a type 4 at the same rating: SE takes the lower type.
        let g = position(
            &[
                (c(0, 0), &[1, 2]),
                (c(0, 3), &[1, 2]),
                (c(1, 0), &[1, 2, 3]),
                (c(1, 3), &[1, 2, 3]),
            ],
            &[1, 2],
            |_| true,
        );
        let s = unique_loop(&g).expect("a step");
        assert_eq!(s.technique, Technique::UniqueRectangle2);
        assert_eq!(s.rating(), 45);
        let row2: Vec<(usize, u8)> = [10, 11, 13, 14, 15, 16, 17].map(|i| (i, 3)).to_vec();
        assert_eq!(removals(&s), row2);
    }

    #[test]
    fn rectangle_type_3_naked_pair() {
        // Extra digits 3 (r2c1) and 4 (r2c4) with r2c7 {3,4}: a naked pair in row 2, 4.5 + 0.1.
        // 1 and 2 stay elsewhere in row 2, so no type 4.
        let g = position(
            &[
                (c(0, 0), &[1, 2]),
                (c(0, 3), &[1, 2]),
                (c(1, 0), &[1, 2, 3]),
                (c(1, 3), &[1, 2, 4]),
                (c(1, 6), &[3, 4]),
            ],
            &[1, 2],
            |cell| cell.row() != 1,
        );
        let s = unique_loop(&g).expect("a step");
        assert_eq!(s.technique, Technique::UniqueRectangle3);
        assert_eq!(s.rating(), 46);
        let mut expected = Vec::new();
        for d in [3, 4] {
            for i in [10, 11, 13, 14, 16, 17] {
                expected.push((i, d));
            }
        }
        assert_eq!(removals(&s), expected);
    }

    #[test]
    fn rectangle_type_3_hidden_pair() {
        // 1 and 2 in row 2 only at r2c1, r2c4 and r2c7: with r2c4 set aside, r2c1 and r2c7
        // hold them, a hidden "pair" (SE's rating adds nothing for it: 4.5); r2c7 keeps 1, 2.
        let g = position(
            &[
                (c(0, 0), &[1, 2]),
                (c(0, 3), &[1, 2]),
                (c(1, 0), &[1, 2, 3]),
                (c(1, 3), &[1, 2, 4]),
                (c(1, 6), &[1, 2, 5, 6]),
            ],
            &[1, 2],
            |_| true,
        );
        let s = unique_loop(&g).expect("a step");
        assert_eq!(s.technique, Technique::UniqueRectangle3);
        assert_eq!(s.rating(), 45);
        assert_eq!(removals(&s), [(15, 5), (15, 6)]);
    }

    #[test]
    fn rectangle_type_4() {
        // 1 is locked in r2c1 and r2c4 (row 2), 2 is not: 2 leaves both. No type 3: the extra
        // digits 3, 4, 5 form no set in row 2.
        let g = position(
            &[
                (c(0, 0), &[1, 2]),
                (c(0, 3), &[1, 2]),
                (c(1, 0), &[1, 2, 3, 4]),
                (c(1, 3), &[1, 2, 5]),
            ],
            &[1, 2],
            |_| true,
        );
        // 2 has no other place in row 2 either; the first loop digit, 1, wins.
        let s = unique_loop(&g).expect("a step");
        assert_eq!(s.technique, Technique::UniqueRectangle4);
        assert_eq!(s.rating(), 45);
        assert_eq!(removals(&s), [(9, 2), (12, 2)]);
        // With 1 elsewhere in row 2, 2 is the locked digit: 1 leaves both.
        let g2 = position(
            &[
                (c(0, 0), &[1, 2]),
                (c(0, 3), &[1, 2]),
                (c(1, 0), &[1, 2, 3, 4]),
                (c(1, 3), &[1, 2, 5]),
                (c(1, 8), &[1, 7]),
            ],
            &[1, 2],
            |_| true,
        );
        let s = unique_loop(&g2).expect("a step");
        assert_eq!(s.technique, Technique::UniqueRectangle4);
        assert_eq!(removals(&s), [(9, 1), (12, 1)]);
    }

    #[test]
    fn loop_of_six_type_1() {
        // r1c1 r1c4 r2c4 r2c7 r3c7 r3c1: each row, column and box holds two of them.
        let g = position(
            &[
                (c(0, 0), &[1, 2]),
                (c(0, 3), &[1, 2]),
                (c(1, 3), &[1, 2]),
                (c(1, 6), &[1, 2]),
                (c(2, 6), &[1, 2]),
                (c(2, 0), &[1, 2, 5]),
            ],
            &[1, 2],
            |_| true,
        );
        let s = unique_loop(&g).expect("a step");
        assert_eq!(s.technique, Technique::UniqueLoop1);
        assert_eq!(s.rating(), 46);
        assert_eq!(s.cells.len(), 6);
        assert_eq!(removals(&s), [(18, 1), (18, 2)]);
    }

    #[test]
    fn nothing_without_an_extra_cell_or_a_loop() {
        assert!(unique_loop(&Grid::from_board(&Board::EMPTY)).is_none());
        // Four bivalue cells {1,2}: a deadly pattern (two solutions), no hint.
        let g = position(
            &[
                (c(0, 0), &[1, 2]),
                (c(0, 3), &[1, 2]),
                (c(1, 0), &[1, 2]),
                (c(1, 3), &[1, 2]),
            ],
            &[1, 2],
            |_| true,
        );
        assert!(unique_loop(&g).is_none());
    }

    #[test]
    fn masks_in_increasing_order() {
        for n in 0..=9 {
            for k in 0..=n {
                let all: Vec<u32> = (0u32..1 << n).filter(|m| m.count_ones() == k).collect();
                assert_eq!(masks(k, n).collect::<Vec<_>>(), all, "{k} of {n}");
            }
        }
    }

    #[test]
    fn ratings_by_size_as_se_computes_them() {
        assert_eq!(tenths(loop_difficulty(4)), 45);
        assert_eq!(tenths(loop_difficulty(6)), 46);
        assert_eq!(tenths(loop_difficulty(8)), 47);
        assert_eq!(tenths(loop_difficulty(10)), 50);
        assert_eq!(tenths(loop_difficulty(12)), 50);
        // A 6-cell type 3 pair sorts before an 8-cell loop although both print 4.7.
        assert!(loop_difficulty(6) + 0.1 < loop_difficulty(8));
    }
}
