//! A reference Sudoku engine written only for tests, sharing nothing with `src/`: it works on plain
//! `[u8; 81]` digit arrays (0 for a blank), validates by comparing each cell with its peers one by
//! one, and counts solutions by plain backtracking on per-house bitmasks, always branching on a
//! blank cell with the fewest candidates. It is meant to be obviously right, not fast, so that the
//! library's answers can be checked against it.
//!
//! Used by several test crates (and by the fuzz targets through `#[path]`), each of which uses
//! only part of it.
#![allow(dead_code)]

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

    /// The blank cell with the fewest candidates and its candidate mask, or None when full.
    fn most_constrained(&self) -> Option<(usize, u16)> {
        let mut best: Option<(usize, u16)> = None;
        for cell in (0..CELLS).filter(|&c| self.grid[c] == 0) {
            let cands = self.candidates(cell);
            if best.map_or(true, |(_, b)| cands.count_ones() < b.count_ones()) {
                best = Some((cell, cands));
                if cands.count_ones() <= 1 {
                    break;
                }
            }
        }
        best
    }

    /// Depth-first search; `order` permutes the candidate digits at each branch (given the
    /// candidates in increasing order); `visit` sees each solution and returns false to stop.
    fn search(
        &mut self,
        order: &mut dyn FnMut(&mut Vec<u8>),
        visit: &mut dyn FnMut(&Grid) -> bool,
    ) -> bool {
        let Some((cell, cands)) = self.most_constrained() else {
            return visit(&self.grid);
        };
        let mut digits: Vec<u8> = (1..=9).filter(|&d| cands & (1 << d) != 0).collect();
        order(&mut digits);
        for d in digits {
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

/// A solution of `puzzle` found trying digits in the order `shuffle` gives at each branch, so a
/// random shuffle gives a random solution. None when there is no solution.
pub fn solution_in_order(puzzle: &Grid, shuffle: &mut dyn FnMut(&mut Vec<u8>)) -> Option<Grid> {
    let mut first = None;
    Backtracker::new(puzzle)?.search(shuffle, &mut |g| {
        first = Some(*g);
        false
    });
    first
}

/// A random solved grid: the empty board solved with digits tried in a random order.
/// `below(n)` must return a random number in `0..n`.
pub fn random_solved_grid(below: &mut dyn FnMut(usize) -> usize) -> Grid {
    let mut shuffle = |digits: &mut Vec<u8>| {
        for i in (1..digits.len()).rev() {
            digits.swap(i, below(i + 1));
        }
    };
    solution_in_order(&[0; CELLS], &mut shuffle).expect("the empty board has solutions")
}
