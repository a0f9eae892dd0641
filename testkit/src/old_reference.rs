//! The reference counter as it was before the dancing-links one (`crate::reference`), kept
//! only so the unit tests can check that the new one agrees with it. It is slow on some sparse
//! boards (see the module docs of `reference`), so the tests give it boards it handles quickly.
//!
//! Plain backtracking on per-house bitmasks, branching like Knuth's Algorithm X on the open
//! constraint with the fewest options (a blank cell's candidates, or a missing digit's places
//! in a house).
#![allow(dead_code)] // only `count` is compared with the new counter
#![allow(clippy::unnecessary_map_or)] // kept as it was

/// Cells on a board.
pub const CELLS: usize = 81;

/// A board as cell values, row-major: 0 for a blank, 1-9 for a digit.
pub type Grid = [u8; CELLS];

/// Why a text board is rejected, naming the first faulty cell in row-major order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fault {
    /// A byte that is neither `'1'`-`'9'` nor a blank (`'.'` or `'0'`).
    InvalidCharacter(usize),
    /// A given equal to a given of a lower-index peer.
    ConflictingGivens(usize),
}

/// True when cells `a` and `b` (distinct) share a row, a column or a box.
pub fn are_peers(a: usize, b: usize) -> bool {
    let (ra, ca) = (a / 9, a % 9);
    let (rb, cb) = (b / 9, b % 9);
    a != b && (ra == rb || ca == cb || (ra / 3 == rb / 3 && ca / 3 == cb / 3))
}

/// Reads 81 text bytes into a grid, reporting the first fault in row-major order. Every cell is
/// compared with every lower-index peer, so this shares no bookkeeping with the library's parser.
pub fn parse(text: &[u8; CELLS]) -> Result<Grid, Fault> {
    let mut grid = [0u8; CELLS];
    for cell in 0..CELLS {
        grid[cell] = match text[cell] {
            b'.' | b'0' => 0,
            b @ b'1'..=b'9' => b - b'0',
            _ => return Err(Fault::InvalidCharacter(cell)),
        };
        if grid[cell] != 0 && (0..cell).any(|p| are_peers(p, cell) && grid[p] == grid[cell]) {
            return Err(Fault::ConflictingGivens(cell));
        }
    }
    Ok(grid)
}

/// Parses an 81-character string (panics on a wrong length or a fault: for test literals).
pub fn grid(text: &str) -> Grid {
    let bytes: &[u8; CELLS] = text.as_bytes().try_into().expect("81 characters");
    parse(bytes).expect("a valid board literal")
}

/// Writes a grid as 81 bytes, `'.'` for blanks.
pub fn to_text(grid: &Grid) -> [u8; CELLS] {
    grid.map(|d| if d == 0 { b'.' } else { b'0' + d })
}

/// Writes a grid as an 81-character string, `'.'` for blanks.
pub fn to_string(grid: &Grid) -> String {
    String::from_utf8(to_text(grid).to_vec()).expect("ASCII")
}

/// True when `solution` is complete, obeys the rules, and keeps every given of `puzzle`.
/// Checked from the definition: each row, column and box holds each digit 1-9 exactly once.
pub fn is_solution_of(puzzle: &Grid, solution: &Grid) -> bool {
    let keeps_givens = (0..CELLS).all(|c| puzzle[c] == 0 || puzzle[c] == solution[c]);
    let house_ok = |cells: [usize; 9]| {
        let mut seen = [false; 10];
        cells.iter().all(|&c| {
            let d = solution[c] as usize;
            (1..=9).contains(&d) && !std::mem::replace(&mut seen[d], true)
        })
    };
    keeps_givens
        && (0..9).all(|i| {
            house_ok(std::array::from_fn(|k| i * 9 + k))
                && house_ok(std::array::from_fn(|k| k * 9 + i))
                && house_ok(std::array::from_fn(|k| {
                    (i / 3 * 3 + k / 3) * 9 + i % 3 * 3 + k % 3
                }))
        })
}

/// Backtracking state: the grid and, for each row, column and box, a mask of the digits used
/// (bit d for digit d).
#[derive(Clone)]
struct Backtracker {
    grid: Grid,
    rows: [u16; 9],
    cols: [u16; 9],
    boxes: [u16; 9],
}

const ALL_DIGITS: u16 = 0b11_1111_1110;

impl Backtracker {
    /// None when two givens clash (the board then has no solution).
    fn new(puzzle: &Grid) -> Option<Backtracker> {
        let mut b = Backtracker {
            grid: [0; CELLS],
            rows: [0; 9],
            cols: [0; 9],
            boxes: [0; 9],
        };
        for (cell, &d) in puzzle.iter().enumerate() {
            if d != 0 {
                if b.candidates(cell) & (1 << d) == 0 {
                    return None;
                }
                b.set(cell, d);
            }
        }
        Some(b)
    }

    fn box_of(cell: usize) -> usize {
        cell / 27 * 3 + cell % 9 / 3
    }

    fn candidates(&self, cell: usize) -> u16 {
        !(self.rows[cell / 9] | self.cols[cell % 9] | self.boxes[Self::box_of(cell)]) & ALL_DIGITS
    }

    fn set(&mut self, cell: usize, d: u8) {
        self.grid[cell] = d;
        self.rows[cell / 9] |= 1 << d;
        self.cols[cell % 9] |= 1 << d;
        self.boxes[Self::box_of(cell)] |= 1 << d;
    }

    fn clear(&mut self, cell: usize, d: u8) {
        self.grid[cell] = 0;
        self.rows[cell / 9] &= !(1 << d);
        self.cols[cell % 9] &= !(1 << d);
        self.boxes[Self::box_of(cell)] &= !(1 << d);
    }

    /// The cells of house `h`: rows 0-8, columns 9-17, boxes 18-26.
    fn house_cells(h: usize) -> [usize; 9] {
        std::array::from_fn(|k| match h {
            0..=8 => h * 9 + k,
            9..=17 => k * 9 + (h - 9),
            _ => (((h - 18) / 3) * 3 + k / 3) * 9 + ((h - 18) % 3) * 3 + k % 3,
        })
    }

    /// The digits already placed in house `h` (numbered as in `house_cells`).
    fn house_mask(&self, h: usize) -> u16 {
        match h {
            0..=8 => self.rows[h],
            9..=17 => self.cols[h - 9],
            _ => self.boxes[h - 18],
        }
    }

    /// The open constraint with the fewest ways to be met, as in Knuth's Algorithm X: each blank
    /// cell needs a digit, and each digit missing from a house needs a cell there. Returns its
    /// options (cell, digit), possibly none (a dead end), or None when the grid is full. Every
    /// solution meets the chosen constraint through exactly one of its options, so branching on
    /// them counts each solution once.
    fn most_constrained(&self) -> Option<Options> {
        let mut best: Option<Options> = None;
        let better = |best: &Option<Options>, n: usize| best.as_ref().map_or(true, |b| n < b.len);
        for cell in (0..CELLS).filter(|&c| self.grid[c] == 0) {
            let cands = self.candidates(cell);
            if better(&best, cands.count_ones() as usize) {
                let mut options = Options::default();
                for d in (1..=9).filter(|&d| cands & (1 << d) != 0) {
                    options.push(cell, d);
                }
                best = Some(options);
            }
        }
        // A blank cell with one candidate or none cannot be beaten; otherwise look at the
        // places left for each digit missing from each house (hidden singles and dead ends).
        if best.as_ref().map_or(true, |b| b.len <= 1) {
            return best;
        }
        for h in 0..27 {
            let cells = Self::house_cells(h);
            let missing = !self.house_mask(h) & ALL_DIGITS;
            for d in (1..=9u8).filter(|&d| missing & (1 << d) != 0) {
                let places = cells
                    .iter()
                    .filter(|&&c| self.grid[c] == 0 && self.candidates(c) & (1 << d) != 0);
                if better(&best, places.clone().count()) {
                    let mut options = Options::default();
                    for &c in places {
                        options.push(c, d);
                    }
                    let done = options.len == 0;
                    best = Some(options);
                    if done {
                        return best;
                    }
                }
            }
        }
        best
    }

    /// Depth-first search; `order` permutes the options at each branch (given in increasing
    /// order); `visit` sees each solution and returns false to stop. Returns false once stopped.
    fn search(&mut self, order: &mut Order, visit: &mut dyn FnMut(&Grid) -> bool) -> bool {
        let Some(mut options) = self.most_constrained() else {
            return visit(&self.grid);
        };
        let n = options.len;
        order(&mut options.list[..n]);
        for &(cell, d) in &options.list[..n] {
            self.set(cell, d);
            let go_on = self.search(order, visit);
            self.clear(cell, d);
            if !go_on {
                return false;
            }
        }
        true
    }
}

/// Reorders the options of a branch before they are tried.
type Order<'a> = dyn FnMut(&mut [(usize, u8)]) + 'a;

/// The ways to meet one constraint: at most 9 placements (cell, digit).
#[derive(Default)]
struct Options {
    list: [(usize, u8); 9],
    len: usize,
}

impl Options {
    fn push(&mut self, cell: usize, digit: u8) {
        self.list[self.len] = (cell, digit);
        self.len += 1;
    }
}

/// Counts the solutions of `puzzle`, stopping at `limit` (so at most `limit`), and returns the
/// first one found. A board whose givens clash has 0 solutions.
pub fn count(puzzle: &Grid, limit: u64) -> (u64, Option<Grid>) {
    let mut found = 0u64;
    let mut first = None;
    if limit == 0 {
        return (0, None);
    }
    if let Some(mut b) = Backtracker::new(puzzle) {
        b.search(&mut |_| {}, &mut |g| {
            found += 1;
            first.get_or_insert(*g);
            found < limit
        });
    }
    (found, first)
}

/// Every solution of `puzzle`, stopping after `limit` of them.
pub fn solutions(puzzle: &Grid, limit: usize) -> Vec<Grid> {
    let mut all = Vec::new();
    if let Some(mut b) = Backtracker::new(puzzle) {
        b.search(&mut |_| {}, &mut |g| {
            all.push(*g);
            all.len() < limit
        });
    }
    all
}

/// A solution of `puzzle` found trying the options in the order `shuffle` gives at each branch,
/// so a random shuffle gives a random solution. None when there is no solution.
pub fn solution_in_order(puzzle: &Grid, shuffle: &mut Order) -> Option<Grid> {
    let mut first = None;
    Backtracker::new(puzzle)?.search(shuffle, &mut |g| {
        first = Some(*g);
        false
    });
    first
}

/// A random solved grid: the empty board solved with options tried in a random order.
/// `below(n)` must return a random number in `0..n`.
pub fn random_solved_grid(below: &mut dyn FnMut(usize) -> usize) -> Grid {
    let mut shuffle = |options: &mut [(usize, u8)]| {
        for i in (1..options.len()).rev() {
            options.swap(i, below(i + 1));
        }
    };
    solution_in_order(&[0; CELLS], &mut shuffle).expect("the empty board has solutions")
}
