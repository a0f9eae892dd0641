//! The search state: one candidate bitboard per digit and band, and propagation to a fixed point.
//!
//! Propagation applies, until nothing changes: locked candidates and hidden singles in band rows
//! (through the triad table, see `tables::KEEP`), naked singles, and hidden singles in columns.
//! Hidden singles in boxes need no step of their own: when a box has one cell left for a digit, the
//! triad table leaves that row a single candidate in the box, which the row step places.

use super::tables::{columns_of, triads, BAND, BAND_PEERS, COLUMN_SPREAD, KEEP, ROWS_AND_BOXES};
use crate::board::{Board, CELLS};

/// Index of digit `d` (0-8) in band `b` (0-2).
#[inline(always)]
fn slot(d: usize, b: usize) -> usize {
    d * 3 + b
}

/// A contradiction was found: this branch of the search has no solution.
#[derive(Debug)]
pub(super) struct Contradiction;

/// The whole search state, 124 bytes, copied (never undone) at each guess.
#[derive(Clone, Copy)]
pub(super) struct State {
    /// `cand[slot(d, b)]`: cells of band `b` that may hold digit `d + 1`, placed cells included.
    cand: [u32; 27],
    /// Cells of each band not yet placed.
    unsolved: [u32; 3],
    /// Slots whose candidates changed since the band-row step last looked at them.
    dirty: u32,
}

/// Where and what to guess: a cell and its candidate digits (bit `d` for digit `d + 1`).
pub(super) struct Guess {
    band: usize,
    bit: u32,
    pub(super) digits: u32,
}

impl State {
    /// The state after placing every given of a valid board (its givens never conflict).
    pub(super) fn from_board(board: &Board) -> State {
        let cells = board.digits();
        let mut given = [0u32; 27];
        let mut occupied = [0u32; 3];
        for b in 0..3 {
            for bit in 0..27 {
                let d = cells[b * 27 + bit] as usize;
                if d != 0 {
                    given[slot(d - 1, b)] |= 1 << bit;
                    occupied[b] |= 1 << bit;
                }
            }
        }
        let mut cand = [0u32; 27];
        for d in 0..9 {
            let g = &given[slot(d, 0)..slot(d, 0) + 3];
            let columns = columns_of(g[0] | g[1] | g[2]) * COLUMN_SPREAD;
            for b in 0..3 {
                let peers = columns | ROWS_AND_BOXES[triads(g[b])];
                cand[slot(d, b)] = (BAND & !occupied[b] & !peers) | g[b];
            }
        }
        State {
            cand,
            unsolved: [
                BAND & !occupied[0],
                BAND & !occupied[1],
                BAND & !occupied[2],
            ],
            dirty: (1 << 27) - 1,
        }
    }

    /// True when every cell is placed.
    #[inline(always)]
    pub(super) fn is_solved(&self) -> bool {
        self.unsolved[0] | self.unsolved[1] | self.unsolved[2] == 0
    }

    /// The digits of a solved state, row-major, 1-9.
    pub(super) fn solution(&self) -> [u8; CELLS] {
        let mut cells = [0u8; CELLS];
        for d in 0..9 {
            for b in 0..3 {
                let mut m = self.cand[slot(d, b)];
                while m != 0 {
                    cells[b * 27 + m.trailing_zeros() as usize] = d as u8 + 1;
                    m &= m - 1;
                }
            }
        }
        cells
    }

    /// Places digit `d` (0-8) in band `b` at `bit`, an unsolved cell where `d` is a candidate:
    /// removes `d` from the cell's peers and every other digit from the cell.
    #[inline(always)]
    pub(super) fn place(&mut self, d: usize, b: usize, bit: u32) {
        let cell = 1u32 << bit;
        let column = COLUMN_SPREAD << (bit % 9);
        let mut dirty = 0u32;
        for e in 0..9 {
            let s = slot(e, b);
            let old = self.cand[s];
            let new = if e == d {
                old & !BAND_PEERS[bit as usize]
            } else {
                old & !cell
            };
            self.cand[s] = new;
            dirty |= ((old != new) as u32) << s;
        }
        for other in [(b + 1) % 3, (b + 2) % 3] {
            let s = slot(d, other);
            let old = self.cand[s];
            let new = old & !column;
            self.cand[s] = new;
            dirty |= ((old != new) as u32) << s;
        }
        self.unsolved[b] &= !cell;
        self.dirty |= dirty;
    }

    /// Removes candidate `d` (0-8) from the cell at `bit` of band `b` (after a failed guess).
    pub(super) fn eliminate(&mut self, d: usize, b: usize, bit: u32) {
        self.cand[slot(d, b)] &= !(1 << bit);
        self.dirty |= 1 << slot(d, b);
    }

    /// Applies the propagation steps until none makes progress. Returns `Err` on a contradiction:
    /// a cell with no candidate, or a digit with no place left in some row, column or box.
    pub(super) fn propagate(&mut self) -> Result<(), Contradiction> {
        loop {
            self.band_rows()?;
            if self.naked_singles()? {
                continue;
            }
            if self.column_hidden_singles()? {
                continue;
            }
            return Ok(());
        }
    }

    /// For every changed slot: keep only triads on a permutation (locked candidates), then place
    /// each band row's last remaining candidate (hidden single in a row).
    #[inline(always)]
    fn band_rows(&mut self) -> Result<(), Contradiction> {
        while self.dirty != 0 {
            let s = self.dirty.trailing_zeros() as usize;
            self.dirty &= self.dirty - 1;
            let x = self.cand[s] & KEEP[triads(self.cand[s])];
            if x == 0 {
                return Err(Contradiction);
            }
            self.cand[s] = x;
            let (d, b) = (s / 3, s % 3);
            for r in 0..3 {
                // Re-read: a placement in an earlier row changed this slot.
                let row = (self.cand[s] >> (9 * r)) & 0x1FF;
                // KEEP left every row a candidate; a row emptied since is caught when the slot,
                // now dirty again, comes round.
                if row != 0 && row & (row - 1) == 0 && row << (9 * r) & self.unsolved[b] != 0 {
                    self.place(d, b, 9 * r + row.trailing_zeros());
                }
            }
        }
        Ok(())
    }

    /// Places every cell that has one candidate left. Returns whether anything was placed.
    #[inline(always)]
    fn naked_singles(&mut self) -> Result<bool, Contradiction> {
        let mut progress = false;
        for b in 0..3 {
            let (mut ones, mut twos) = (0u32, 0u32);
            for d in 0..9 {
                let x = self.cand[slot(d, b)];
                twos |= ones & x;
                ones |= x;
            }
            let open = self.unsolved[b];
            if open & !ones != 0 {
                return Err(Contradiction);
            }
            let singles = open & !twos;
            if singles == 0 {
                continue;
            }
            progress = true;
            for d in 0..9 {
                let mut m = self.cand[slot(d, b)] & singles;
                while m != 0 {
                    let bit = m.trailing_zeros();
                    m &= m - 1;
                    // An earlier placement of the same digit in this batch may have taken this
                    // cell's only candidate.
                    if self.cand[slot(d, b)] & (1 << bit) == 0 {
                        return Err(Contradiction);
                    }
                    self.place(d, b, bit);
                }
            }
        }
        Ok(progress)
    }

    /// Places every digit that has one cell left in a column. Returns whether anything was placed.
    #[inline(always)]
    fn column_hidden_singles(&mut self) -> Result<bool, Contradiction> {
        let mut progress = false;
        for d in 0..9 {
            let (mut ones, mut twos) = (0u32, 0u32);
            for b in 0..3 {
                let x = self.cand[slot(d, b)];
                for r in 0..3 {
                    let row = (x >> (9 * r)) & 0x1FF;
                    twos |= ones & row;
                    ones |= row;
                }
            }
            if ones != 0x1FF {
                return Err(Contradiction);
            }
            let alone = (ones & !twos) * COLUMN_SPREAD;
            for b in 0..3 {
                let mut m = self.cand[slot(d, b)] & alone & self.unsolved[b];
                while m != 0 {
                    let bit = m.trailing_zeros();
                    m &= m - 1;
                    if self.cand[slot(d, b)] & (1 << bit) == 0 {
                        return Err(Contradiction);
                    }
                    if self.unsolved[b] & (1 << bit) != 0 {
                        self.place(d, b, bit);
                        progress = true;
                    }
                }
            }
        }
        Ok(progress)
    }

    /// Picks the cell to guess on: the first cell with two candidates, or failing that an
    /// unsolved cell with the fewest. Call only on an unsolved state after propagation.
    pub(super) fn choose_guess(&self) -> Guess {
        for b in 0..3 {
            let (mut ones, mut twos, mut threes) = (0u32, 0u32, 0u32);
            for d in 0..9 {
                let x = self.cand[slot(d, b)];
                threes |= twos & x;
                twos |= ones & x;
                ones |= x;
            }
            let pairs = twos & !threes & self.unsolved[b];
            if pairs != 0 {
                let bit = pairs.trailing_zeros();
                return Guess {
                    band: b,
                    bit,
                    digits: self.digits_at(b, bit),
                };
            }
        }
        let mut best = Guess {
            band: 0,
            bit: 0,
            digits: 0x1FF,
        };
        for b in 0..3 {
            let mut open = self.unsolved[b];
            while open != 0 {
                let bit = open.trailing_zeros();
                open &= open - 1;
                let digits = self.digits_at(b, bit);
                if digits.count_ones() < best.digits.count_ones() || best.digits == 0x1FF {
                    best = Guess {
                        band: b,
                        bit,
                        digits,
                    };
                }
            }
        }
        best
    }

    /// Candidate digits of one cell, bit `d` for digit `d + 1`.
    fn digits_at(&self, b: usize, bit: u32) -> u32 {
        let mut digits = 0;
        for d in 0..9 {
            digits |= ((self.cand[slot(d, b)] >> bit) & 1) << d;
        }
        digits
    }

    /// Applies one branch of a guess: digit `d` at the guessed cell.
    pub(super) fn place_guess(&mut self, g: &Guess, d: usize) {
        self.place(d, g.band, g.bit);
    }

    /// Rules out digit `d` at the guessed cell (its branch was exhausted).
    pub(super) fn exclude_guess(&mut self, g: &Guess, d: usize) {
        self.eliminate(d, g.band, g.bit);
    }
}
