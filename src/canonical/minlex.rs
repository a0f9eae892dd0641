//! The minlex search: the lexicographically smallest image of a board under the 2 × 6^8 cell
//! permutations, digits relabelled in order of first appearance.
//!
//! The search builds the image row by row, keeping every partial transformation whose rows so
//! far tie for the smallest (a breadth-first branch-and-bound). A partial transformation
//! ([`Candidate`]) has its rows chosen explicitly, but its columns only as far as the rows so far
//! tell them apart: the column arrangement is kept as an ordered partition, stack slots in tied
//! groups and, inside each slot, columns in tied groups, so that the 6^4 column arrangements of,
//! say, an empty first row stay one candidate. Choosing the next row refines the partition: the
//! smallest row under a partition sorts the columns of each group by their value (blanks first,
//! then digits already labelled by their label, then digits not yet labelled), then the stacks of
//! each group by their three values. Ties among blanks stay tied; ties among unlabelled digits
//! are branched on, because their order decides their labels, except in the first row with
//! givens (all columns tied, no digit labelled, every order giving the same image): there the
//! order waits for the next row with a given, which `first_row.rs` searches without branching
//! over the orders of the first row's digits.
//!
//! Comparing rows needs no relabelling: a row's values are its cells' keys (0 for a blank, the
//! label of a labelled digit, [`NEW`] for a digit not yet labelled), packed four bits a cell with
//! the first cell highest. Candidates that tie on the earlier rows have labelled the same number
//! of digits, and the digits of a row are distinct (the board is valid), so two rows compare as
//! their relabelled strings do: a new label is larger than every old one, and two new labels at
//! the same place in tied rows are equal.

use super::first_row::{ties, FirstRow, SecondRow, NEW};
use super::transform::Transform;
use crate::geometry::CELLS;

/// No pending row.
const NONE: u8 = 0xFF;

/// The fewest digits of a first row with givens that waits for the next row rather than
/// branching over the orders of its digits (`first_row.rs`). With one digit nothing branches;
/// with few, the branching costs less than the search of the next row.
const WAIT_FROM: u32 = 4;

/// The most candidates a level removes duplicates from (see `minlex`).
const DEDUP_LIMIT: usize = 2048;

/// A partial transformation: `level` rows of the image chosen.
#[derive(Clone, Copy)]
struct Candidate {
    /// 0: the board as given; 1: transposed.
    grid: u8,
    /// The source rows of the image rows chosen so far.
    rows: [u8; 9],
    /// The source rows used so far (bit per row).
    used_rows: u16,
    /// The source bands used so far (bit per band).
    used_bands: u8,
    /// The source band of the image's current band.
    band: u8,
    /// The current column arrangement: `cols[p]` is the source column at image column `p`.
    cols: [u8; 9],
    /// Bit `p`: a tied group of columns starts at image column `p` (bits 0, 3 and 6 always).
    col_breaks: u16,
    /// Bit `s`: a tied group of stacks starts at stack slot `s` (bit 0 always).
    stack_breaks: u8,
    /// The key of each digit: `map[0] == 0`, its label, or [`NEW`].
    map: [u8; 10],
    /// The next label to give.
    next: u8,
    /// The source row of the first row with givens, when its digits wait for the column order
    /// to be labelled (`first_row.rs`), or [`NONE`]. While it waits, `cols` is one order giving
    /// the first row's image, every column is its own group, and no digit is labelled.
    pending: u8,
}

/// The permutations of two and of three elements.
const PERMS2: [[u8; 3]; 2] = [[0, 1, 2], [1, 0, 2]];
const PERMS3: [[u8; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// The permutations of `n` (2 or 3) elements.
fn perms(n: u8) -> &'static [[u8; 3]] {
    if n == 2 {
        &PERMS2
    } else {
        &PERMS3
    }
}

/// Sorts `k[i]`, `k[j]` into order (a compare-exchange).
#[inline(always)]
fn order(k: &mut [u32], i: usize, j: usize) {
    if k[i] > k[j] {
        k.swap(i, j);
    }
}

/// Sorts the members of each group of three: `breaks` has bit 1 (2) when a group starts at the
/// second (third) member; bit 0 is ignored.
#[inline(always)]
fn sort_groups(k: &mut [u32], breaks: u32) {
    match breaks & 6 {
        0 => {
            order(k, 0, 1);
            order(k, 1, 2);
            order(k, 0, 1);
        }
        2 => order(k, 1, 2),
        4 => order(k, 0, 1),
        _ => {}
    }
}

impl Candidate {
    /// The smallest image row this candidate can give from source row `row` (its keys, four
    /// bits a cell, the first cell highest).
    #[inline]
    fn min_row(&self, row: &[u8]) -> u64 {
        let mut seq = [0u32; 3];
        for (s, q) in seq.iter_mut().enumerate() {
            let mut k = [0u32; 3];
            for (i, v) in k.iter_mut().enumerate() {
                *v = self.map[row[self.cols[3 * s + i] as usize] as usize] as u32;
            }
            sort_groups(&mut k, (self.col_breaks >> (3 * s)) as u32);
            *q = k[0] << 8 | k[1] << 4 | k[2];
        }
        sort_groups(&mut seq, self.stack_breaks as u32);
        (seq[0] as u64) << 24 | (seq[1] as u64) << 12 | seq[2] as u64
    }

    /// Rewrites the column arrangement in a standard order without changing the set of
    /// arrangements it stands for: the columns of each tied group in increasing order, then the
    /// slots of each tied stack group by their content. Candidates that differ only in such
    /// orders (or in the order their rows were chosen) have the same future.
    fn normalize(&mut self) {
        let mut start = 0;
        while start < 9 {
            let mut end = start + 1;
            while end < 9 && self.col_breaks & (1 << end) == 0 {
                end += 1;
            }
            self.cols[start..end].sort_unstable();
            start = end;
        }
        let slot = |c: &Candidate, s: usize| -> u32 {
            (c.cols[3 * s] as u32) << 16
                | (c.cols[3 * s + 1] as u32) << 8
                | c.cols[3 * s + 2] as u32
                | ((c.col_breaks as u32 >> (3 * s)) & 7) << 24
        };
        let mut start = 0;
        while start < 3 {
            let mut end = start + 1;
            while end < 3 && self.stack_breaks & (1 << end) == 0 {
                end += 1;
            }
            if end - start > 1 {
                let mut slots: Vec<u32> = (start..end).map(|s| slot(self, s)).collect();
                slots.sort_unstable();
                for (k, v) in slots.into_iter().enumerate() {
                    let s = start + k;
                    self.cols[3 * s] = (v >> 16) as u8;
                    self.cols[3 * s + 1] = (v >> 8) as u8;
                    self.cols[3 * s + 2] = v as u8;
                    self.col_breaks =
                        (self.col_breaks & !(7 << (3 * s))) | (((v >> 24) as u16 & 7) << (3 * s));
                }
            }
            start = end;
        }
    }

    /// What decides the candidate's future (not the order its rows were chosen in), for
    /// removing duplicates after `normalize`: the grid, the rows used, the current band when
    /// it is not complete, the column arrangement and the labels.
    fn future(&self, level_done: usize) -> [u8; 32] {
        let mut key = [0u8; 32];
        key[0] = self.grid;
        key[1..3].copy_from_slice(&self.used_rows.to_le_bytes());
        key[3] = if level_done.is_multiple_of(3) {
            0
        } else {
            self.band
        };
        key[4..13].copy_from_slice(&self.cols);
        key[13..15].copy_from_slice(&self.col_breaks.to_le_bytes());
        key[15] = self.stack_breaks;
        key[16..26].copy_from_slice(&self.map);
        key[26] = self.pending;
        key
    }

    /// This candidate with source row `r` as image row `level`, its columns and labels as
    /// they are.
    fn with_row(&self, r: u8, level: usize) -> Candidate {
        let mut child = *self;
        child.rows[level] = r;
        child.used_rows |= 1 << r;
        child.band = r / 3;
        child.used_bands |= 1 << (r / 3);
        child
    }

    /// Fixes the columns of a candidate whose first row `row0` waited (`first_row.rs`):
    /// `cols` is the order found with the second row `row1` (the columns it leaves tied, tied),
    /// or, when only blank rows follow, any order giving the first row's image. The digits are
    /// labelled in order of appearance, the first row's then the second row's.
    fn resolve(&mut self, cols: [u8; 9], row0: &[u8], row1: Option<&[u8]>) {
        self.cols = cols;
        self.pending = NONE;
        for row in [Some(row0), row1].into_iter().flatten() {
            for &c in &cols {
                let d = row[c as usize] as usize;
                if d != 0 && self.map[d] == NEW {
                    self.map[d] = self.next;
                    self.next += 1;
                }
            }
        }
        if let Some(row1) = row1 {
            (self.col_breaks, self.stack_breaks) = ties(&cols, row0, row1);
        }
    }

    /// The source rows that may become image row `level`.
    fn allowed_rows(&self, level: usize) -> u16 {
        if level.is_multiple_of(3) {
            let mut rows = 0;
            for b in 0..3 {
                if self.used_bands & (1 << b) == 0 {
                    rows |= 7 << (3 * b);
                }
            }
            rows
        } else {
            (7 << (3 * self.band)) & !self.used_rows
        }
    }

    /// Appends to `out` every refinement of this candidate that gives its smallest row from
    /// source row `r` as image row `level`: one per order of the tied unlabelled digits.
    fn refine(&self, row: &[u8], r: u8, level: usize, out: &mut Vec<Candidate>) {
        // Step 1: sort the columns of each group by key (stable), splitting groups where the
        // keys differ; a run of two or more unlabelled digits is a tie to branch on.
        let mut cols = self.cols;
        let mut keys = [0u8; 9];
        for p in 0..9 {
            keys[p] = self.map[row[cols[p] as usize] as usize];
        }
        let mut breaks = 0u16;
        // (first image column, length) of each run of tied unlabelled digits.
        let mut col_ties = [(0u8, 0u8); 3];
        let mut n_col_ties = 0;
        let mut start = 0;
        while start < 9 {
            let mut end = start + 1;
            while end < 9 && self.col_breaks & (1 << end) == 0 {
                end += 1;
            }
            // Insertion sort of the group (at most three columns), stable.
            for i in start + 1..end {
                let mut j = i;
                while j > start && keys[j - 1] > keys[j] {
                    keys.swap(j - 1, j);
                    cols.swap(j - 1, j);
                    j -= 1;
                }
            }
            for p in start..end {
                if p == start || keys[p] != keys[p - 1] {
                    breaks |= 1 << p;
                }
            }
            // Unlabelled digits sort last, so their run is the group's tail.
            let mut first_new = end;
            while first_new > start && keys[first_new - 1] == NEW {
                first_new -= 1;
            }
            if end - first_new >= 2 {
                col_ties[n_col_ties] = (first_new as u8, (end - first_new) as u8);
                n_col_ties += 1;
            }
            start = end;
        }

        // Step 2: sort the stack slots of each group by their three keys (stable); a run of
        // tied slots holding unlabelled digits is a tie to branch on.
        let seq: [u32; 3] = std::array::from_fn(|s| {
            (keys[3 * s] as u32) << 8 | (keys[3 * s + 1] as u32) << 4 | keys[3 * s + 2] as u32
        });
        let mut slots = [0u8, 1, 2];
        let mut stack_breaks = 0u8;
        let mut stack_tie = (0u8, 0u8);
        let mut start = 0;
        while start < 3 {
            let mut end = start + 1;
            while end < 3 && self.stack_breaks & (1 << end) == 0 {
                end += 1;
            }
            for i in start + 1..end {
                let mut j = i;
                while j > start && seq[slots[j - 1] as usize] > seq[slots[j] as usize] {
                    slots.swap(j - 1, j);
                    j -= 1;
                }
            }
            let mut run = start;
            for s in start..=end {
                if s == end || seq[slots[s] as usize] != seq[slots[run] as usize] {
                    let has_new = (0..3).any(|i| keys[3 * slots[run] as usize + i] == NEW);
                    if s - run >= 2 && has_new {
                        // At most one such run: it needs two tied slots of one group, and the
                        // three slots hold at most one run of two or three.
                        stack_tie = (run as u8, (s - run) as u8);
                    }
                    if s < end {
                        stack_breaks |= 1 << s;
                        run = s;
                    }
                }
            }
            stack_breaks |= 1 << start;
            start = end;
        }

        // Step 3: one child per order of each tie.
        let n_stack = if stack_tie.1 >= 2 {
            perms(stack_tie.1).len()
        } else {
            1
        };
        let mut counters = [0usize; 3];
        loop {
            // The columns with the chosen orders of the tied unlabelled digits.
            let mut c2 = cols;
            let mut b2 = breaks;
            for (t, &(first, len)) in col_ties[..n_col_ties].iter().enumerate() {
                let perm = perms(len)[counters[t]];
                for i in 0..len as usize {
                    c2[first as usize + i] = cols[first as usize + perm[i] as usize];
                    b2 |= 1 << (first as usize + i);
                }
            }
            for ks in 0..n_stack {
                let mut order = slots;
                let mut sb = stack_breaks;
                if stack_tie.1 >= 2 {
                    let perm = perms(stack_tie.1)[ks];
                    for i in 0..stack_tie.1 as usize {
                        order[stack_tie.0 as usize + i] =
                            slots[stack_tie.0 as usize + perm[i] as usize];
                        sb |= 1 << (stack_tie.0 as usize + i);
                    }
                }
                let mut child = self.with_row(r, level);
                child.col_breaks = 0;
                for (s, &from) in order.iter().enumerate() {
                    let from = from as usize;
                    child.cols[3 * s..3 * s + 3].copy_from_slice(&c2[3 * from..3 * from + 3]);
                    child.col_breaks |= ((b2 >> (3 * from)) & 7) << (3 * s);
                }
                child.stack_breaks = sb;
                for p in 0..9 {
                    let d = row[child.cols[p] as usize] as usize;
                    if child.map[d] == NEW {
                        child.map[d] = child.next;
                        child.next += 1;
                    }
                }
                out.push(child);
            }
            // The next combination of column-tie orders (an odometer).
            let mut t = 0;
            while t < n_col_ties {
                counters[t] += 1;
                if counters[t] < perms(col_ties[t].1).len() {
                    break;
                }
                counters[t] = 0;
                t += 1;
            }
            if t == n_col_ties {
                return;
            }
        }
    }
}

/// A level of candidates that all wait on their first row's column order (a level's candidates
/// tie on their rows so far, so all wait or none does): pushes their children for image row
/// `level` to `next`. Returns whether children may reach the same state by different paths
/// (to be merged).
fn waiting_level(
    candidates: &[Candidate],
    grids: &[&[u8; CELLS]; 2],
    level: usize,
    next: &mut Vec<Candidate>,
) -> bool {
    // A blank row keeps them waiting, and is the smallest row; without one, the next row
    // decides the order (`first_row.rs`).
    let blank_rows = grids.map(|g| {
        (0..9).fold(0u16, |m, r| {
            m | ((g[9 * r..9 * r + 9].iter().all(|&d| d == 0) as u16) << r)
        })
    });
    let blank = |c: &Candidate| c.allowed_rows(level) & blank_rows[c.grid as usize];
    if candidates.iter().any(|c| blank(c) != 0) {
        for c in candidates {
            let mut rows = blank(c);
            while rows != 0 {
                next.push(c.with_row(rows.trailing_zeros() as u8, level));
                rows &= rows - 1;
            }
        }
        true
    } else {
        let mut second = SecondRow::new();
        for (i, c) in candidates.iter().enumerate() {
            let grid = grids[c.grid as usize];
            let row0 = &grid[9 * c.pending as usize..9 * c.pending as usize + 9];
            let first = FirstRow::new(row0).0;
            let mut rows = c.allowed_rows(level);
            while rows != 0 {
                let r = rows.trailing_zeros() as usize;
                rows &= rows - 1;
                let row1 = &grid[9 * r..9 * r + 9];
                second.search(&first, row0, row1, (i << 4 | r) as u32);
            }
        }
        for &(cols, tag) in &second.orders {
            let c = &candidates[tag as usize >> 4];
            let (grid, r0, r1) = (grids[c.grid as usize], c.pending as usize, tag & 15);
            let mut child = c.with_row(r1 as u8, level);
            let row1 = &grid[9 * r1 as usize..9 * r1 as usize + 9];
            child.resolve(cols, &grid[9 * r0..9 * r0 + 9], Some(row1));
            next.push(child);
        }
        // Distinct candidates with distinct rows give distinct orders.
        false
    }
}

/// The minlex form of a board of cell values (row-major, 0 blank, 1-9 digits) whose rows and
/// columns each hold distinct digits, and a transformation that maps the board to it.
///
/// The form is the smallest, as an 81-character string with blanks as `'0'`, of the boards
/// `t.apply(board)` over every transformation `t`; for a fixed cell permutation the smallest
/// relabelling numbers the digits in order of first appearance, so only the 2 × 6^8 cell
/// permutations are searched. Digits absent from the board get the remaining labels in
/// increasing order.
pub(crate) fn minlex(board: &[u8; CELLS]) -> ([u8; CELLS], Transform) {
    let transposed: [u8; CELLS] = std::array::from_fn(|i| board[(i % 9) * 9 + i / 9]);
    let grids = [board, &transposed];
    let mut map = [NEW; 10];
    map[0] = 0;
    let start = |grid| Candidate {
        grid,
        rows: [0; 9],
        used_rows: 0,
        used_bands: 0,
        band: 0,
        cols: [0, 1, 2, 3, 4, 5, 6, 7, 8],
        col_breaks: 0b001_001_001,
        stack_breaks: 1,
        map,
        next: 1,
        pending: NONE,
    };
    let mut candidates = vec![start(0), start(1)];
    let mut winners: Vec<(usize, u8)> = Vec::new();
    let mut next = Vec::new();
    for level in 0..9 {
        next.clear();
        // Whether candidates reaching the same state by different paths may be among `next`.
        let mut merge = true;
        if candidates[0].pending != NONE {
            merge = waiting_level(&candidates, &grids, level, &mut next);
        } else {
            let mut best = u64::MAX;
            winners.clear();
            for (i, c) in candidates.iter().enumerate() {
                let grid = grids[c.grid as usize];
                let mut rows = c.allowed_rows(level);
                while rows != 0 {
                    let r = rows.trailing_zeros() as usize;
                    rows &= rows - 1;
                    let key = c.min_row(&grid[9 * r..9 * r + 9]);
                    if key < best {
                        best = key;
                        winners.clear();
                    }
                    if key == best {
                        winners.push((i, r as u8));
                    }
                }
            }
            // The digits of the best row, all new when no digit has a label yet.
            let digits = (0..9).filter(|k| best >> (4 * k) & 15 != 0).count() as u32;
            if candidates[0].next == 1 && digits >= WAIT_FROM {
                // The first row with givens (a grid's first row, a row below blank rows): every
                // order of its digits gives the same image, so the order waits for the next row
                // with a given instead of branching (up to 6^4 orders for a full row).
                for &(i, r) in &winners {
                    let c = &candidates[i];
                    let row = &grids[c.grid as usize][9 * r as usize..9 * r as usize + 9];
                    let mut child = c.with_row(r, level);
                    child.pending = r;
                    child.cols = FirstRow::new(row).1;
                    // Each column its own group: `normalize` keeps this order.
                    child.col_breaks = 0x1FF;
                    child.stack_breaks = 0b111;
                    next.push(child);
                }
                merge = false;
            } else {
                for &(i, r) in &winners {
                    let c = &candidates[i];
                    let row = &grids[c.grid as usize][9 * r as usize..9 * r as usize + 9];
                    c.refine(row, r, level, &mut next);
                }
            }
        }
        // Candidates reaching the same state by different paths (rows chosen in another order,
        // tied columns listed in another order) would multiply at every level on boards with
        // many blank rows; one of each is kept. Levels with more candidates, from rows with
        // several new digits in tied columns, are nearly all distinct: not worth sorting.
        if merge && next.len() > 1 && next.len() <= DEDUP_LIMIT {
            for c in next.iter_mut() {
                c.normalize();
            }
            next.sort_by_cached_key(|c| c.future(level + 1));
            next.dedup_by_key(|c| c.future(level + 1));
        }
        std::mem::swap(&mut candidates, &mut next);
    }
    let mut c = candidates[0];
    if c.pending != NONE {
        // The rows below the first row are blank: every order giving its image gives the form.
        let p = c.pending as usize;
        c.resolve(c.cols, &grids[c.grid as usize][9 * p..9 * p + 9], None);
    }
    let mut digits = [0u8; 10];
    let mut label = c.next;
    for (to, &key) in digits.iter_mut().zip(&c.map).skip(1) {
        *to = if key == NEW {
            label += 1;
            label - 1
        } else {
            key
        };
    }
    let transform = Transform {
        transpose: c.grid == 1,
        rows: c.rows,
        columns: c.cols,
        digits,
    };
    (transform.apply(board), transform)
}
