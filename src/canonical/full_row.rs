//! The column order under a full row whose digits are not labelled yet, found without
//! branching over the 6^4 column orders that tie on it.
//!
//! Such a row (a solution grid's first row, or a full row below blank rows) always becomes
//! `123456789`, whatever the column order, and its digits are labelled by position: the digit at
//! image column `p` gets label `p + 1`. Blank rows below it tie in every order too, so the order
//! is chosen by the next row with a given (the *second row* here, which may have blanks): its
//! image at column `p` is 0 for a blank and otherwise `1 + pos(q(col(p)))`, where `col(p)` is
//! the source column at `p`, `q(c)` the column where the full row holds the digit that the second
//! row holds at `c`, and `pos` the image column of a source column. The search fills the image
//! columns in order; when the column `t = q(col(p))` is not placed yet, the smallest value at `p`
//! puts `t` at the earliest place it can take (the first free column of its stack's slot, or the
//! first column of the first slot with no stack yet), so that choice is forced. Only `col(p)`
//! itself is branched on, when no earlier step placed it, and a branch stops as soon as its row
//! exceeds the best row so far. Every column order reaching the smallest second row is kept.

/// No column (or stack) placed.
const NONE: u8 = 0xFF;

/// The column orders giving the smallest second row over the (full row, second row) pairs
/// searched: the smallest second row so far, as keys, and the column orders reaching it.
pub(super) struct SecondRow {
    /// The smallest second row found, one key (1-9) per image column.
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

    /// Searches the column orders of the full row `row0` above `row1` (digits 1-9 or 0 for a
    /// blank, none in the column of the same digit in `row0`: a valid board's rows), keeping
    /// those that tie with or beat the best so far (tagged `tag`).
    pub fn search(&mut self, row0: &[u8], row1: &[u8], tag: u32) {
        let mut pos0 = [0u8; 10];
        for (c, &d) in row0.iter().enumerate() {
            pos0[d as usize] = c as u8;
        }
        let mut state = State {
            q: std::array::from_fn(|c| match row1[c] {
                0 => NONE,
                d => pos0[d as usize],
            }),
            col_at: [NONE; 9],
            pos_of: [NONE; 9],
            slot_stack: [NONE; 3],
            stack_slot: [NONE; 3],
            keys: [0; 9],
        };
        self.visit(&mut state, 0, tag);
    }

    /// Fills image column `p` and on (the keys before `p` do not exceed the best's).
    fn visit(&mut self, s: &mut State, p: usize, tag: u32) {
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
        // The options for the column at p: already placed, or any unplaced column of the slot's
        // stack, or, for a slot with no stack yet, any column of a stack with no slot.
        let mut options = [0u8; 9];
        let mut n = 0;
        if s.col_at[p] != NONE {
            options[0] = s.col_at[p];
            n = 1;
        } else {
            for stack in 0..3u8 {
                let fits = if s.slot_stack[slot] == NONE {
                    s.stack_slot[stack as usize] == NONE
                } else {
                    s.slot_stack[slot] == stack
                };
                if fits {
                    for c in 3 * stack..3 * stack + 3 {
                        if s.pos_of[c as usize] == NONE {
                            options[n] = c;
                            n += 1;
                        }
                    }
                }
            }
        }
        for &c in &options[..n] {
            let saved = s.clone();
            s.place(c, p);
            let t = s.q[c as usize];
            if t != NONE && s.pos_of[t as usize] == NONE {
                // The earliest place t can take.
                let stack = t / 3;
                let target = if s.stack_slot[stack as usize] != NONE {
                    let first = 3 * s.stack_slot[stack as usize] as usize;
                    (first..first + 3).find(|&q| s.col_at[q] == NONE)
                } else {
                    (0..3).find(|&k| s.slot_stack[k] == NONE).map(|k| 3 * k)
                };
                let Some(target) = target else {
                    // Not for a valid board; a dead branch otherwise.
                    *s = saved;
                    continue;
                };
                s.place(t, target);
            }
            // A blank is 0 in every order.
            s.keys[p] = if t == NONE {
                0
            } else {
                s.pos_of[t as usize] + 1
            };
            // The best may have changed in an earlier branch: compare the whole prefix.
            if !self.found || s.keys[..=p] <= self.best[..=p] {
                self.visit(s, p + 1, tag);
            }
            *s = saved;
        }
    }
}

/// A partial column order.
#[derive(Clone)]
struct State {
    /// `q[c]`: the full row's column holding the digit of the second row at column `c`, or
    /// NONE for a blank.
    q: [u8; 9],
    /// The source column at each image column, or NONE.
    col_at: [u8; 9],
    /// The image column of each source column, or NONE.
    pos_of: [u8; 9],
    /// The source stack of each image slot, or NONE.
    slot_stack: [u8; 3],
    /// The image slot of each source stack, or NONE.
    stack_slot: [u8; 3],
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
    }
}
