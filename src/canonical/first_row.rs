//! The column order under the first row with givens, found without branching over the orders
//! of its digits.
//!
//! Below blank rows, the columns are all tied and no digit has a label, so the first row with
//! givens (the *first row*: a solution grid's first row, a full row, any row of a board whose
//! earlier rows are blank) has one smallest image whatever the order of its digits: in each
//! stack its blanks first, the stacks with more blanks first, and its digits labelled 1, 2, ...
//! by position. Every order of its digits' columns (and of stacks with as many blanks) gives that
//! image, and blank rows below tie in every order too, so the order is chosen by the next row
//! with a given (the *second row*, which may have blanks and digits the first row lacks).
//!
//! Its image at column `p` is 0 for a blank, the label of the digit if the first row holds it,
//! and otherwise a new digit ([`NEW`]). The label of a first-row digit is the number of
//! first-row digits up to its column's image column, so it is smaller the earlier its column
//! `t` goes. The search fills the image columns in order; when the first-row column `t` of the
//! second row's digit at `p` is not placed yet, the smallest value at `p` puts `t` at the
//! earliest place it can take (the first free digit place of its stack's slot, or the first
//! digit place of the first free slot with as many blanks as its stack), so that choice is
//! forced. Only the column at `p` itself is branched on, when no earlier step placed it, and a
//! branch stops as soon as its row exceeds the best row so far. Columns blank in both rows, in
//! one stack, stay tied (only the first free one is tried), and so do stacks blank in both rows.
//! Every order reaching the smallest second row is kept.

/// No column (or stack) placed.
const NONE: u8 = 0xFF;

/// The columns of each set of stacks (bit per stack, bit per column: three bits a stack).
const SPREAD: [u16; 8] = [0, 0o7, 0o70, 0o77, 0o700, 0o707, 0o770, 0o777];

/// The key of a digit that has no label yet (larger than every label 1-9).
pub(super) const NEW: u8 = 15;

/// The first row's arrangement: the smallest image of the first row, with its digits' order
/// still open.
#[derive(Clone, Copy)]
pub(super) struct FirstRow {
    /// The blanks of each slot of the image (the stacks sorted by their blanks, most first).
    slot_blanks: [u8; 3],
    /// The label of a first-row digit at each image column (0 at a blank's).
    label_at: [u8; 9],
}

impl FirstRow {
    /// The arrangement of `row` (source row values, 0 a blank, some digit given) and one
    /// column order giving it: in each stack its blanks first, stacks by their blanks, most
    /// first, ties in source order.
    pub fn new(row: &[u8]) -> (FirstRow, [u8; 9]) {
        let blanks: [u8; 3] = std::array::from_fn(|k| {
            (row[3 * k] == 0) as u8 + (row[3 * k + 1] == 0) as u8 + (row[3 * k + 2] == 0) as u8
        });
        // Stacks with more blanks first; stacks with as many keep their order.
        let mut stacks = [0usize, 1, 2];
        for (i, j) in [(0, 1), (1, 2), (0, 1)] {
            if blanks[stacks[i]] < blanks[stacks[j]] {
                stacks.swap(i, j);
            }
        }
        let mut cols = [0u8; 9];
        let mut slot_blanks = [0u8; 3];
        for (slot, &stack) in stacks.iter().enumerate() {
            // The stack's blanks, then its digits, each in source order.
            let mut p = 3 * slot;
            for digit in [false, true] {
                for (c, &d) in row.iter().enumerate().skip(3 * stack).take(3) {
                    if (d != 0) == digit {
                        cols[p] = c as u8;
                        p += 1;
                    }
                }
            }
            slot_blanks[slot] = blanks[stack];
        }
        let mut label_at = [0u8; 9];
        let mut label = 0;
        for (p, &c) in cols.iter().enumerate() {
            if row[c as usize] != 0 {
                label += 1;
                label_at[p] = label;
            }
        }
        (
            FirstRow {
                slot_blanks,
                label_at,
            },
            cols,
        )
    }

    /// Whether image column `p` holds a blank of the first row.
    fn blank_at(&self, p: usize) -> bool {
        p % 3 < self.slot_blanks[p / 3] as usize
    }
}

/// The column orders giving the smallest second row over the (first row, second row) pairs
/// searched: the smallest second row so far, as keys, and the column orders reaching it.
pub(super) struct SecondRow {
    /// The smallest second row found: per image column 0 (blank), a label or [`NEW`].
    pub best: [u8; 9],
    /// Whether any order was found.
    pub found: bool,
    /// The orders reaching `best`, each with the tag its caller gave (which candidate and row).
    pub orders: Vec<([u8; 9], u32)>,
}

impl SecondRow {
    /// Nothing found yet.
    pub fn new() -> SecondRow {
        SecondRow {
            best: [0; 9],
            found: false,
            orders: Vec::new(),
        }
    }

    /// Searches the column orders of the first row `row0` (arranged as `first`) above `row1`
    /// (values 0-9 of a valid board's rows: no digit in the column of the same digit in
    /// `row0`), keeping those that tie with or beat the best so far (tagged `tag`). Of columns
    /// blank in both rows in one stack, and of stacks blank in both rows, one order is kept
    /// (they stay tied: [`ties`]).
    pub fn search(&mut self, first: &FirstRow, row0: &[u8], row1: &[u8], tag: u32) {
        let mut pos0 = [NONE; 10];
        for (c, &d) in row0.iter().enumerate() {
            if d != 0 {
                pos0[d as usize] = c as u8;
            }
        }
        let mut stack_blanks = [0u8; 3];
        let (mut blank0, mut open, mut new) = (0u16, 0u16, 0u16);
        for c in 0..9 {
            stack_blanks[c / 3] += (row0[c] == 0) as u8;
            blank0 |= ((row0[c] == 0) as u16) << c;
            open |= ((row0[c] == 0 && row1[c] == 0) as u16) << c;
            new |= ((row1[c] != 0 && pos0[row1[c] as usize] == NONE) as u16) << c;
        }
        let mut stacks_with = [0u8; 4];
        let mut open_stacks = 0u8;
        for k in 0..3 {
            stacks_with[stack_blanks[k] as usize] |= 1 << k;
            open_stacks |= ((open >> (3 * k) & 7 == 7) as u8) << k;
        }
        let rows = Rows {
            first,
            q: std::array::from_fn(|c| match row1[c] {
                0 => NONE,
                d => pos0[d as usize],
            }),
            new,
            blank0,
            open,
            open_stacks,
            stacks_with,
        };
        let mut state = State {
            col_at: [NONE; 9],
            pos_of: [NONE; 9],
            slot_stack: [NONE; 3],
            stack_slot: [NONE; 3],
            free: 0x1FF,
            unassigned: 0b111,
            keys: [0; 9],
        };
        if blank0 == 0 {
            self.visit::<true>(&rows, &mut state, 0, tag);
        } else {
            self.visit::<false>(&rows, &mut state, 0, tag);
        }
    }

    /// Fills image column `p` and on (the keys before `p` do not exceed the best's). `FULL`:
    /// the first row has no blank (a grid's first row, most often), which the compiler then
    /// leaves out: no blank places, no ties, no new digits, the label at `p` is `p + 1`.
    fn visit<const FULL: bool>(&mut self, f: &Rows, s: &mut State, p: usize, tag: u32) {
        let first = f.first;
        let blanks = |k: usize| {
            if FULL {
                0
            } else {
                first.slot_blanks[k] as usize
            }
        };
        if p == 9 {
            if !self.found || s.keys < self.best {
                self.best = s.keys;
                self.found = true;
                self.orders.clear();
            }
            self.orders.push((s.col_at, tag));
            return;
        }
        let slot = p / 3;
        // The options for the column at p: already placed, or a free column of the slot's
        // stack (or, for a slot with no stack yet, of a free stack with as many blanks) whose
        // first-row cell is a blank exactly when p's is; of tied columns or stacks, the first.
        let mut options = if s.col_at[p] != NONE {
            1 << s.col_at[p]
        } else {
            let stacks = if s.slot_stack[slot] == NONE {
                let fit = s.unassigned & f.stacks_with[blanks(slot)];
                let tied = fit & f.open_stacks;
                fit & !(tied & tied.wrapping_sub(1))
            } else {
                1 << s.slot_stack[slot]
            };
            let class = if FULL {
                0x1FF
            } else if first.blank_at(p) {
                f.blank0
            } else {
                !f.blank0
            };
            let mut later_ties = 0;
            let open = s.free & f.open;
            if !FULL && open != 0 {
                for k in 0..3 {
                    let tied = open & (7 << (3 * k));
                    later_ties |= tied & tied.wrapping_sub(1);
                }
            }
            SPREAD[stacks as usize] & s.free & class & !later_ties
        };
        while options != 0 {
            let c = options.trailing_zeros() as u8;
            options &= options - 1;
            let saved = s.clone();
            s.place(c, p);
            let t = f.q[c as usize];
            if t != NONE && s.pos_of[t as usize] == NONE {
                // The earliest place t can take: a first-row digit's place.
                let stack = t / 3;
                let target = if s.stack_slot[stack as usize] != NONE {
                    let k = s.stack_slot[stack as usize] as usize;
                    (3 * k + blanks(k)..3 * k + 3).find(|&q| s.col_at[q] == NONE)
                } else {
                    (0..3)
                        .find(|&k| {
                            s.slot_stack[k] == NONE && f.stacks_with[blanks(k)] >> stack & 1 != 0
                        })
                        .map(|k| 3 * k + blanks(k))
                };
                let Some(target) = target else {
                    // Not for a valid board; a dead branch otherwise.
                    *s = saved;
                    continue;
                };
                s.place(t, target);
            }
            s.keys[p] = if t != NONE {
                if FULL {
                    s.pos_of[t as usize] + 1
                } else {
                    first.label_at[s.pos_of[t as usize] as usize]
                }
            } else if !FULL && f.new >> c & 1 != 0 {
                NEW
            } else {
                0
            };
            // The best may have changed in an earlier branch: compare the whole prefix.
            if !self.found || s.keys[..=p] <= self.best[..=p] {
                self.visit::<FULL>(f, s, p + 1, tag);
            }
            *s = saved;
        }
    }
}

/// The ties an order of [`SecondRow`] leaves, as `Candidate`'s breaks: bit `p` of the first
/// (a group of columns starts at image column `p`) is clear when the columns at `p - 1` and
/// `p`, in one slot, are blank in both rows; bit `s` of the second (a group of stacks starts at
/// slot `s`) is clear when the slots `s - 1` and `s` hold stacks blank in both rows.
pub(super) fn ties(cols: &[u8; 9], row0: &[u8], row1: &[u8]) -> (u16, u8) {
    let open = |p: usize| row0[cols[p] as usize] == 0 && row1[cols[p] as usize] == 0;
    let mut col_breaks = 0u16;
    for p in 0..9 {
        if p % 3 == 0 || !(open(p - 1) && open(p)) {
            col_breaks |= 1 << p;
        }
    }
    let slot_open = |k: usize| (3 * k..3 * k + 3).all(open);
    let mut stack_breaks = 0u8;
    for k in 0..3 {
        if k == 0 || !(slot_open(k - 1) && slot_open(k)) {
            stack_breaks |= 1 << k;
        }
    }
    (col_breaks, stack_breaks)
}

/// What the search reads of the two rows.
struct Rows<'a> {
    /// The first row's arrangement.
    first: &'a FirstRow,
    /// `q[c]`: the first row's column holding the digit of the second row at column `c`, or
    /// NONE for a blank or a digit the first row lacks.
    q: [u8; 9],
    /// The columns where the second row has a digit the first row lacks (bit per column).
    new: u16,
    /// The columns where the first row has a blank.
    blank0: u16,
    /// The columns where both rows have a blank (such columns of a stack stay tied).
    open: u16,
    /// The stacks where both rows are blank (such stacks stay tied).
    open_stacks: u8,
    /// The stacks with 0, 1, 2 or 3 blanks in the first row (bit per stack).
    stacks_with: [u8; 4],
}

/// A partial column order.
#[derive(Clone)]
struct State {
    /// The source column at each image column, or NONE.
    col_at: [u8; 9],
    /// The image column of each source column, or NONE.
    pos_of: [u8; 9],
    /// The source stack of each image slot, or NONE.
    slot_stack: [u8; 3],
    /// The image slot of each source stack, or NONE.
    stack_slot: [u8; 3],
    /// The source columns not placed (bit per column).
    free: u16,
    /// The source stacks without a slot (bit per stack).
    unassigned: u8,
    /// The second row's keys so far.
    keys: [u8; 9],
}

impl State {
    /// Puts source column `c` at image column `p` (and its stack at `p`'s slot).
    fn place(&mut self, c: u8, p: usize) {
        self.col_at[p] = c;
        self.pos_of[c as usize] = p as u8;
        let (slot, stack) = (p / 3, c / 3);
        self.slot_stack[slot] = stack;
        self.stack_slot[stack as usize] = slot as u8;
        self.free &= !(1 << c);
        self.unassigned &= !(1 << stack);
    }
}
