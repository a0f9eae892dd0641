//! The independent reference counter: Sudoku as an exact cover problem, solved with Knuth's
//! dancing links (D. E. Knuth, "Dancing Links", Millennial Perspectives in Computer Science,
//! 2000, arXiv:cs/0011047; Algorithm X with the "S heuristic": branch on the column with the
//! fewest rows).
//!
//! The matrix has 729 rows, one per placement (cell, digit), and 324 columns, one per constraint:
//! each cell holds one digit, and each digit appears once in each row, each column and each box.
//! Choosing the column with the fewest rows is branching on the most constrained of both a cell's
//! candidates and a digit's places in a house, and an empty column is a dead end found at once.
//! The reference before this one (plain backtracking recomputing candidates from house masks at
//! every node, since removed) made the same choice but paid ~2,000 mask computations per node,
//! so a board with a large barren subtree early in its branch order (the fuzz-found board in
//! this module's tests) took over a minute; here a node costs a few link updates.
//!
//! It shares nothing with the library's algorithms (bitboards, propagation, house matching):
//! only the rules, so the library's answers are checked against something other than themselves.

pub use crate::board::{
    are_peers, grid, parse, reference_conflicts, to_string, to_text, Fault, Grid, CELLS,
};
pub use crate::check::is_solution_of;

/// Constraint columns: 81 cells, then (row, digit), (column, digit) and (box, digit).
const COLUMNS: usize = 4 * CELLS;
/// Placements (cell, digit): row `cell * 9 + digit - 1` of the matrix.
const ROWS: usize = 9 * CELLS;
/// Node 0 is the root; nodes 1..=COLUMNS are the column headers; then 4 nodes per placement.
const ROOT: usize = 0;
const FIRST_NODE: usize = COLUMNS + 1;

/// The first column (0-based, before the +1 of the header index) of each kind of constraint.
/// The house constraints come before the cell ones so that, among columns with equally few rows,
/// a digit's places in a house are branched on before a cell's candidates: with cells first, the
/// fuzz-found board in the tests below walked a barren subtree for seconds.
const ROW_DIGIT: usize = 0;
const COL_DIGIT: usize = CELLS;
const BOX_DIGIT: usize = 2 * CELLS;
const CELL: usize = 3 * CELLS;

/// The four constraint columns (1-based header indices) a placement covers.
fn columns_of(cell: usize, digit: u8) -> [usize; 4] {
    let (r, c, d) = (cell / 9, cell % 9, usize::from(digit) - 1);
    let b = r / 3 * 3 + c / 3;
    [
        1 + CELL + cell,
        1 + ROW_DIGIT + r * 9 + d,
        1 + COL_DIGIT + c * 9 + d,
        1 + BOX_DIGIT + b * 9 + d,
    ]
}

/// Hall's condition, checked from its definition: `n` items that each need a distinct place
/// (`places[i]`, a bit mask) can all be placed only if every subset of them has at least as
/// many places between them as it has items. The unions of all 2^n subsets are built one bit at
/// a time (n is at most 9).
fn hall_holds(places: &[u16]) -> bool {
    let mut unions = [0u16; 512];
    for subset in 1usize..1 << places.len() {
        let lowest = subset.trailing_zeros() as usize;
        unions[subset] = unions[subset & (subset - 1)] | places[lowest];
        if unions[subset].count_ones() < subset.count_ones() {
            return false;
        }
    }
    true
}

/// The toroidal doubly linked matrix of Knuth's paper, in index arrays.
struct Links {
    left: Vec<usize>,
    right: Vec<usize>,
    up: Vec<usize>,
    down: Vec<usize>,
    /// Header of each node's column (the header itself for a header).
    column: Vec<usize>,
    /// Placement row of each node (unused for headers).
    placement: Vec<usize>,
    /// Rows left in each column, by header index.
    size: Vec<usize>,
    /// Columns already covered (by a given or a choice), by header index.
    covered: Vec<bool>,
}

impl Links {
    /// The full matrix: every placement is still possible.
    fn new() -> Links {
        let nodes = FIRST_NODE + 4 * ROWS;
        let mut l = Links {
            left: vec![0; nodes],
            right: vec![0; nodes],
            up: (0..nodes).collect(),
            down: (0..nodes).collect(),
            column: (0..nodes).collect(),
            placement: vec![usize::MAX; nodes],
            size: vec![0; FIRST_NODE],
            covered: vec![false; FIRST_NODE],
        };
        for h in 0..FIRST_NODE {
            l.left[h] = if h == 0 { COLUMNS } else { h - 1 };
            l.right[h] = if h == COLUMNS { ROOT } else { h + 1 };
        }
        for row in 0..ROWS {
            let (cell, digit) = (row / 9, (row % 9 + 1) as u8);
            let first = FIRST_NODE + 4 * row;
            for (k, header) in columns_of(cell, digit).into_iter().enumerate() {
                let node = first + k;
                l.left[node] = first + (k + 3) % 4;
                l.right[node] = first + (k + 1) % 4;
                // Append at the bottom of the column, so each column lists rows in order.
                let last = l.up[header];
                l.up[node] = last;
                l.down[node] = header;
                l.down[last] = node;
                l.up[header] = node;
                l.column[node] = header;
                l.placement[node] = row;
                l.size[header] += 1;
            }
        }
        l
    }

    /// Takes placement row `row` out of the matrix for good (a candidate the puzzle lacks): its
    /// nodes leave their columns. Done before the search, so no cover ever meets it again.
    fn remove_row(&mut self, row: usize) {
        let first = FIRST_NODE + 4 * row;
        for node in first..first + 4 {
            let (u, d) = (self.up[node], self.down[node]);
            self.down[u] = d;
            self.up[d] = u;
            self.size[self.column[node]] -= 1;
        }
    }

    /// Removes column `c` from the header list and every row meeting it from the other columns.
    fn cover(&mut self, c: usize) {
        self.covered[c] = true;
        let (l, r) = (self.left[c], self.right[c]);
        self.right[l] = r;
        self.left[r] = l;
        let mut i = self.down[c];
        while i != c {
            let mut j = self.right[i];
            while j != i {
                let (u, d) = (self.up[j], self.down[j]);
                self.down[u] = d;
                self.up[d] = u;
                self.size[self.column[j]] -= 1;
                j = self.right[j];
            }
            i = self.down[i];
        }
    }

    /// Undoes [`Links::cover`] of `c`, in exactly the reverse order.
    fn uncover(&mut self, c: usize) {
        let mut i = self.up[c];
        while i != c {
            let mut j = self.left[i];
            while j != i {
                self.size[self.column[j]] += 1;
                let (u, d) = (self.up[j], self.down[j]);
                self.down[u] = j;
                self.up[d] = j;
                j = self.left[j];
            }
            i = self.up[i];
        }
        let (l, r) = (self.left[c], self.right[c]);
        self.right[l] = c;
        self.left[r] = c;
        self.covered[c] = false;
    }

    /// The places left in the open column `header`, as a mask of `position(cell)` bits.
    fn places(&self, header: usize, position: impl Fn(usize) -> usize) -> u16 {
        let mut mask = 0u16;
        let mut i = self.down[header];
        while i != header {
            mask |= 1 << position(self.placement[i] / 9);
            i = self.down[i];
        }
        mask
    }

    /// True when some set of constraints cannot be met together although each still has rows:
    /// in a house, k missing digits with fewer than k places between them; or for a digit, k
    /// rows missing it with fewer than k columns left for it between them (Hall's condition, see
    /// [`hall_holds`]). Column sizes alone show such a dead end only deep below it, after a
    /// search of the whole subtree (the fuzz-found board without solution in the tests).
    fn hall_violated(&self) -> bool {
        let in_box = |cell: usize| cell / 9 % 3 * 3 + cell % 3;
        let kinds: [(usize, &dyn Fn(usize) -> usize); 3] = [
            (ROW_DIGIT, &|cell| cell % 9),
            (COL_DIGIT, &|cell| cell / 9),
            (BOX_DIGIT, &in_box),
        ];
        let mut places = [0u16; 9];
        for (first, position) in kinds {
            for house in 0..9 {
                let mut n = 0;
                for d in 0..9 {
                    let header = 1 + first + house * 9 + d;
                    if !self.covered[header] {
                        places[n] = self.places(header, position);
                        n += 1;
                    }
                }
                if !hall_holds(&places[..n]) {
                    return true;
                }
            }
        }
        // One digit across the rows: each row missing it needs its own column.
        for d in 0..9 {
            let mut n = 0;
            for row in 0..9 {
                let header = 1 + ROW_DIGIT + row * 9 + d;
                if !self.covered[header] {
                    places[n] = self.places(header, |cell| cell % 9);
                    n += 1;
                }
            }
            if !hall_holds(&places[..n]) {
                return true;
            }
        }
        false
    }

    /// The uncovered column with the fewest rows (the first of them in column order), or None
    /// when every column is covered (a solution).
    fn smallest_column(&self) -> Option<usize> {
        let mut best: Option<usize> = None;
        let mut c = self.right[ROOT];
        while c != ROOT {
            if best.is_none_or(|b| self.size[c] < self.size[b]) {
                best = Some(c);
                if self.size[c] == 0 {
                    break;
                }
            }
            c = self.right[c];
        }
        best
    }
}

/// Reorders the options of a branch, as (cell, digit), before they are tried.
pub type Order<'a> = dyn FnMut(&mut [(usize, u8)]) + 'a;

/// Search state: the matrix and the grid being filled.
struct Search {
    links: Links,
    grid: Grid,
    /// Branch on the lowest-index empty cell instead of the smallest column, so that (with its
    /// digits tried in increasing order) solutions come in lexicographic order.
    in_order: bool,
}

impl Search {
    /// The matrix with the givens of `puzzle` placed; None when two givens clash (they share a
    /// constraint column), in which case there is no solution.
    fn new(puzzle: &Grid) -> Option<Search> {
        let mut links = Links::new();
        for (cell, &digit) in puzzle.iter().enumerate() {
            if digit != 0 {
                let columns = columns_of(cell, digit);
                if columns.iter().any(|&c| links.covered[c]) {
                    return None;
                }
                for c in columns {
                    links.cover(c);
                }
            }
        }
        Some(Search {
            links,
            grid: *puzzle,
            in_order: false,
        })
    }

    /// The matrix of a candidate puzzle: only the placements (cell `i`, digit `d`) whose bit
    /// `d - 1` is set in `masks[i]` are rows (higher bits are ignored). Nothing is placed: a
    /// cell with one candidate is a column with one row, which the search takes first.
    fn with_candidates(masks: &[u16; CELLS]) -> Search {
        let mut links = Links::new();
        for row in 0..ROWS {
            if masks[row / 9] >> (row % 9) & 1 == 0 {
                links.remove_row(row);
            }
        }
        Search {
            links,
            grid: [0; CELLS],
            in_order: false,
        }
    }

    /// Algorithm X: `visit` sees each solution and returns false to stop; `order` permutes each
    /// branch's options (listed in increasing (cell, digit) order). Returns false once stopped.
    /// Every solution meets the chosen column through exactly one of its rows, so each solution
    /// is visited once.
    fn run(&mut self, order: &mut Order, visit: &mut dyn FnMut(&Grid) -> bool) -> bool {
        let Some(mut c) = self.links.smallest_column() else {
            return visit(&self.grid);
        };
        if self.in_order && self.links.size[c] > 0 {
            // Every cell before the lowest empty one is filled, so the solutions below a smaller
            // digit there all come first. (An empty column is a dead end either way.)
            let cell = self
                .grid
                .iter()
                .position(|&d| d == 0)
                .expect("a cell column is open");
            c = 1 + CELL + cell;
        }
        if self.links.size[c] > 1 && self.links.hall_violated() {
            return true;
        }
        let mut options = [(0usize, 0u8, 0usize); 9];
        let mut n = 0;
        let mut r = self.links.down[c];
        while r != c {
            let row = self.links.placement[r];
            options[n] = (row / 9, (row % 9 + 1) as u8, r);
            n += 1;
            r = self.links.down[r];
        }
        if n == 0 {
            return true;
        }
        // Order the (cell, digit) pairs, then find each one's node again.
        let mut pairs: [(usize, u8); 9] = [(0, 0); 9];
        for k in 0..n {
            pairs[k] = (options[k].0, options[k].1);
        }
        order(&mut pairs[..n]);
        self.links.cover(c);
        for &(cell, digit) in &pairs[..n] {
            let r = options[..n]
                .iter()
                .find(|o| (o.0, o.1) == (cell, digit))
                .expect("the order only permutes the options")
                .2;
            let mut j = self.links.right[r];
            while j != r {
                self.links.cover(self.links.column[j]);
                j = self.links.right[j];
            }
            self.grid[cell] = digit;
            let go_on = self.run(order, visit);
            self.grid[cell] = 0;
            let mut j = self.links.left[r];
            while j != r {
                self.links.uncover(self.links.column[j]);
                j = self.links.left[j];
            }
            if !go_on {
                self.links.uncover(c);
                return false;
            }
        }
        self.links.uncover(c);
        true
    }
}

/// Runs the search on `puzzle` with options tried in increasing order.
fn each_solution(puzzle: &Grid, visit: &mut dyn FnMut(&Grid) -> bool) {
    if let Some(mut search) = Search::new(puzzle) {
        search.run(&mut |_| {}, visit);
    }
}

/// Counts the solutions of `puzzle`, stopping at `limit` (so at most `limit`), and returns the
/// first one found. A board whose givens clash has 0 solutions.
pub fn count(puzzle: &Grid, limit: u64) -> (u64, Option<Grid>) {
    let (mut found, mut first) = (0u64, None);
    if limit > 0 {
        each_solution(puzzle, &mut |g| {
            found += 1;
            first.get_or_insert(*g);
            found < limit
        });
    }
    (found, first)
}

/// [`count`] for a candidate puzzle: the solutions (valid grids whose every cell holds one of its
/// candidates, digit `d` of cell `i` being bit `d - 1` of `masks[i]`), stopping at `limit`,
/// and the first one found. A cell with no candidate, or two cells of a house with the same
/// single candidate, give 0 solutions.
pub fn count_candidates(masks: &[u16; CELLS], limit: u64) -> (u64, Option<Grid>) {
    let (mut found, mut first) = (0u64, None);
    if limit > 0 {
        Search::with_candidates(masks).run(&mut |_| {}, &mut |g| {
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
    if limit > 0 {
        each_solution(puzzle, &mut |g| {
            all.push(*g);
            all.len() < limit
        });
    }
    all
}

/// The first `limit` solutions of `puzzle` in ascending lexicographic order (of their cells in
/// row-major order): Algorithm X branching on the lowest-index empty cell, its digits in
/// increasing order, so the solutions come sorted. Slower than [`solutions`] on boards with few
/// solutions (it cannot pick the most constrained column), so meant for modest limits.
pub fn solutions_in_order(puzzle: &Grid, limit: usize) -> Vec<Grid> {
    let mut all = Vec::new();
    if limit > 0 {
        if let Some(mut search) = Search::new(puzzle) {
            search.in_order = true;
            search.run(&mut |_| {}, &mut |g| {
                all.push(*g);
                all.len() < limit
            });
        }
    }
    all
}

/// A solution of `puzzle` found trying the options in the order `shuffle` gives at each branch,
/// so a random shuffle gives a random solution. None when there is no solution.
pub fn solution_in_order(puzzle: &Grid, shuffle: &mut Order) -> Option<Grid> {
    let mut first = None;
    Search::new(puzzle)?.run(shuffle, &mut |g| {
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

/// [`count`] on a text board: the number of solutions (at most `limit`) and the first one
/// found, as text digits. The board must be valid (see [`parse`]); panics otherwise.
pub fn reference_solve(text: &[u8; CELLS], limit: u64) -> (u64, Option<[u8; CELLS]>) {
    let grid = parse(text).expect("reference_solve needs a valid board");
    let (n, first) = count(&grid, limit);
    (n, first.map(|g| to_text(&g)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::house_cells;
    use std::time::{Duration, Instant};

    /// Found by a 7-minute run of the `structured` fuzz target, where the earlier reference
    /// counter took over 60 s counting it to 6 at limit 6 (14 givens, many solutions; a barren
    /// subtree early in its branch order).
    pub const FUZZ_SLOW_FOR_THE_OLD_ORACLE: &str =
        "008000000000000000060004000000002000050000000010000000000000000003920800900348000";

    /// A small deterministic generator (xorshift64*), so these tests need no dependency.
    struct Rng(u64);
    impl Rng {
        fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n
        }
    }

    #[test]
    fn the_fuzz_found_board_counts_to_6_quickly() {
        let puzzle = grid(FUZZ_SLOW_FOR_THE_OLD_ORACLE);
        let start = Instant::now();
        let all = solutions(&puzzle, 6);
        let took = start.elapsed();
        assert_eq!(all.len(), 6);
        for (i, s) in all.iter().enumerate() {
            assert!(is_solution_of(&puzzle, s));
            assert!(!all[..i].contains(s), "solution {i} repeats an earlier one");
        }
        assert_eq!(count(&puzzle, 6).0, 6);
        assert_eq!(count(&puzzle, 100).0, 100);
        // Generous for a debug build on a shared machine; the release build takes milliseconds.
        assert!(took < Duration::from_secs(10), "took {took:?}");
    }

    #[test]
    fn a_board_without_solution_behind_a_hall_contradiction_counts_to_0_quickly() {
        // tests/regressions.rs FUZZ_NO_SOLUTION_DEEP: digits 5-8 have only three cells left in
        // box 9. Without the Hall test the search took 13 s (release) to exhaust the board.
        let puzzle = grid(
            ".......8........7........6....2...5...........8........4....2..5678..............",
        );
        let start = Instant::now();
        assert_eq!(count(&puzzle, 2), (0, None));
        let took = start.elapsed();
        assert!(took < Duration::from_secs(10), "took {took:?}");
    }

    #[test]
    fn candidate_puzzles_count_as_their_restrictions() {
        let puzzle = grid(FUZZ_SLOW_FOR_THE_OLD_ORACLE);
        let from_givens = puzzle.map(|d| if d == 0 { 0x1FF } else { 1 << (d - 1) });
        assert_eq!(count_candidates(&from_givens, 6), count(&puzzle, 6));
        // A solved grid's digits plus random extra candidates: that grid stays a solution, and
        // every solution found keeps to the masks.
        let mut rng = Rng(0x5EED);
        let solved = random_solved_grid(&mut |n| rng.below(n));
        for _ in 0..20 {
            let masks: [u16; CELLS] = std::array::from_fn(|i| {
                (1 << (solved[i] - 1)) | (rng.below(512) as u16 & rng.below(512) as u16)
            });
            let all = {
                let mut all = Vec::new();
                Search::with_candidates(&masks).run(&mut |_| {}, &mut |g| {
                    all.push(*g);
                    all.len() < 50
                });
                all
            };
            assert!(all.contains(&solved) || all.len() == 50);
            for s in &all {
                assert!(is_solution_of(&[0; CELLS], s));
                assert!((0..CELLS).all(|i| masks[i] >> (s[i] - 1) & 1 == 1));
            }
            assert_eq!(count_candidates(&masks, 50).0, all.len() as u64);
        }
        let mut masks = [0x1FF; CELLS];
        masks[17] = 0;
        assert_eq!(count_candidates(&masks, 2), (0, None));
        masks[17] = 0x1FF;
        masks[0] = 1;
        masks[8] = 1;
        assert_eq!(count_candidates(&masks, 2), (0, None));
        assert_eq!(count_candidates(&[0x1FF; CELLS], 0), (0, None));
    }

    #[test]
    fn solutions_in_order_are_the_sorted_solutions() {
        // Boards with 2^k solutions (deadly rectangles blanked) and sparse ones: the ordered
        // listing is the sorted full listing, or its start.
        let mut rng = Rng(0x5DEE_CE66_D1CE_4E5B);
        for round in 0..30 {
            let solved = random_solved_grid(&mut |n| rng.below(n));
            let keep = if round % 2 == 0 {
                30 + rng.below(20)
            } else {
                60
            };
            let mut puzzle = solved;
            for _ in 0..CELLS - keep {
                puzzle[rng.below(CELLS)] = 0;
            }
            let mut all = solutions(&puzzle, 100_000);
            assert!(all.len() < 100_000);
            all.sort();
            for limit in [1, 2, 5, all.len(), all.len() + 1] {
                let ordered = solutions_in_order(&puzzle, limit);
                assert_eq!(
                    ordered,
                    all[..limit.min(all.len())],
                    "{}",
                    to_string(&puzzle)
                );
            }
        }
        // The empty board's first solutions: the lexicographically least grid first.
        let first = solutions_in_order(&[0; CELLS], 3);
        assert_eq!(
            to_string(&first[0]),
            "123456789456789123789123456214365897365897214897214365531642978642978531978531642"
        );
        assert!(first[0] < first[1] && first[1] < first[2]);
        assert_eq!(solutions_in_order(&[0; CELLS], 0), Vec::<Grid>::new());
    }

    #[test]
    fn hall_condition_from_its_definition() {
        assert!(hall_holds(&[]));
        assert!(hall_holds(&[0b1, 0b11, 0b111]));
        // Three items sharing two places.
        assert!(!hall_holds(&[0b11, 0b11, 0b111, 0b11]));
        assert!(!hall_holds(&[0b0]));
        // Four digits on the same three cells, the others free: as in the board above.
        let mut places = [0b1_1111_1111u16; 9];
        places[..4].copy_from_slice(&[0b111; 4]);
        assert!(!hall_holds(&places));
        places[3] = 0b1000;
        assert!(hall_holds(&places));
    }

    #[test]
    fn the_empty_board_counts_to_the_limit() {
        let (n, first) = count(&[0; CELLS], 1000);
        assert_eq!(n, 1000);
        assert!(is_solution_of(&[0; CELLS], &first.unwrap()));
        let all = solutions(&[0; CELLS], 50);
        assert_eq!(all.len(), 50);
        assert!(all.iter().all(|s| is_solution_of(&[0; CELLS], s)));
        assert_eq!(count(&[0; CELLS], 0), (0, None));
    }

    #[test]
    fn boards_without_solution_count_to_0() {
        // A hidden contradiction: every cell has candidates and no givens clash, but digit 1
        // has no place in box 0 (rows 0 and 1 hold a 1 elsewhere, row 2's cells there are full).
        let hidden = grid(
            "...1...........1..234............................................................",
        );
        assert_eq!(count(&hidden, 10), (0, None));
        // Cell 8 sees every digit.
        let cell = grid(
            "12345678.........9...............................................................",
        );
        assert_eq!(count(&cell, 10), (0, None));
        // Givens that clash (as a grid, bypassing parse) have no solution either.
        let mut clash = [0; CELLS];
        clash[0] = 5;
        clash[1] = 5;
        assert_eq!(count(&clash, 10), (0, None));
        assert_eq!(solution_in_order(&clash, &mut |_| {}), None);
    }

    /// `solved` with the cells of `blank` emptied.
    fn blanked(solved: &Grid, blank: impl IntoIterator<Item = usize>) -> Grid {
        let mut puzzle = *solved;
        for cell in blank {
            puzzle[cell] = 0;
        }
        puzzle
    }

    #[test]
    fn a_solved_grid_with_a_cell_a_house_or_a_digit_blanked_has_one_solution() {
        // Each blank is forced without search: a lone blank, a blank row or column, or a blank
        // digit has the other 8 digits of its row (or column) given; in a blank box, the row and
        // the column of a cell are missing three digits each and share only the cell's own.
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        for _ in 0..20 {
            let solved = random_solved_grid(&mut |n| rng.below(n));
            assert!(is_solution_of(&[0; CELLS], &solved));
            let house = rng.below(27);
            let digit = 1 + rng.below(9) as u8;
            let blanks = [
                blanked(&solved, [rng.below(CELLS)]),
                blanked(&solved, house_cells(house)),
                blanked(&solved, (0..CELLS).filter(|&c| solved[c] == digit)),
            ];
            for puzzle in blanks {
                assert_eq!(
                    count(&puzzle, 10),
                    (1, Some(solved)),
                    "{}",
                    to_string(&puzzle)
                );
                assert_eq!(solutions(&puzzle, 10), [solved]);
            }
        }
    }

    /// The unavoidable rectangles ("deadly patterns") of a solved grid whose columns are not
    /// used by an earlier one, each as its four cells: rows r1, r2 and columns c1, c2 with
    /// `a b / b a` in those cells, lying in exactly two boxes (the rows in one band and the
    /// columns in two stacks, or the other way round).
    fn disjoint_deadly_rectangles(solved: &Grid) -> Vec<[usize; 4]> {
        let at = |r: usize, c: usize| solved[r * 9 + c];
        let mut found: Vec<[usize; 4]> = Vec::new();
        let mut used_columns = [false; 9];
        for r1 in 0..9 {
            for r2 in r1 + 1..9 {
                for c1 in 0..9 {
                    for c2 in c1 + 1..9 {
                        let two_boxes = (r1 / 3 == r2 / 3) != (c1 / 3 == c2 / 3);
                        let pattern = at(r1, c1) == at(r2, c2) && at(r1, c2) == at(r2, c1);
                        if two_boxes && pattern && !used_columns[c1] && !used_columns[c2] {
                            used_columns[c1] = true;
                            used_columns[c2] = true;
                            found.push([r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2]);
                        }
                    }
                }
            }
        }
        found
    }

    #[test]
    fn a_solved_grid_with_k_deadly_rectangles_blanked_has_2_to_the_k_solutions() {
        // A blank rectangle's two columns miss only its digits a and b (the rectangles share no
        // column), so each of its cells is a or b and one cell decides the other three; both
        // ways keep every row, column and box (each box holds a pair of its cells in one row or
        // column, a and b either way). So the rectangles are filled independently: 2^k.
        let mut rng = Rng(0x2545_F491_4F6C_DD1D);
        let mut most = 0;
        for _ in 0..40 {
            let solved = random_solved_grid(&mut |n| rng.below(n));
            let rectangles = disjoint_deadly_rectangles(&solved);
            most = most.max(rectangles.len());
            for k in 1..=rectangles.len() {
                let puzzle = blanked(&solved, rectangles[..k].iter().flatten().copied());
                let expected = 1 << k;
                assert_eq!(count(&puzzle, 100).0, expected, "{}", to_string(&puzzle));
                let all = solutions(&puzzle, 100);
                assert_eq!(all.len() as u64, expected);
                assert!(all.contains(&solved));
                for (i, s) in all.iter().enumerate() {
                    assert!(is_solution_of(&puzzle, s));
                    assert!(!all[..i].contains(s), "solution {i} repeats an earlier one");
                }
            }
        }
        // The grids gave rectangles to blank, several at once in some.
        assert!(most >= 3, "at most {most} disjoint rectangles in a grid");
    }

    #[test]
    fn random_boards_count_alike_at_every_limit() {
        // No second solver: the counts at each limit, the solutions listed and the first one
        // found must agree with each other; a board taken from a solved grid has a solution.
        // (The library is compared with this counter on random boards in tests/oracle.rs.)
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        for round in 0..300 {
            let solved = random_solved_grid(&mut |n| rng.below(n));
            // Keep 22-40 givens; every fifth board gets a wrong given (often no solution).
            let keep = 22 + rng.below(19);
            let mut puzzle = [0; CELLS];
            for _ in 0..keep {
                let cell = rng.below(CELLS);
                puzzle[cell] = solved[cell];
            }
            let changed = round % 5 == 0;
            if changed {
                let cell = rng.below(CELLS);
                puzzle[cell] = 1 + rng.below(9) as u8;
            }
            let all = solutions(&puzzle, 7);
            for (i, s) in all.iter().enumerate() {
                assert!(is_solution_of(&puzzle, s));
                assert!(!all[..i].contains(s), "solution {i} repeats an earlier one");
            }
            if !changed {
                assert!(!all.is_empty(), "{} has a solution", to_string(&puzzle));
            }
            for limit in [1, 2, 7] {
                let (n, first) = count(&puzzle, limit);
                assert_eq!(
                    n,
                    limit.min(all.len() as u64),
                    "{} at limit {limit}",
                    to_string(&puzzle)
                );
                assert_eq!(first, all.first().copied());
            }
        }
    }

    #[test]
    fn known_counts() {
        // Wikipedia's example: unique.
        let classic = grid(
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        );
        let (n, first) = count(&classic, 10);
        assert_eq!(n, 1);
        assert_eq!(
            to_string(&first.unwrap()),
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
        );
        // Its solution with a deadly rectangle emptied: exactly two.
        let deadly = grid(
            "534..8912672195348198342567859..1423426853791713924856961537284287419635345286179",
        );
        assert_eq!(count(&deadly, 10).0, 2);
        // A solved grid counts itself once.
        assert_eq!(count(&first.unwrap(), 10), (1, first));
    }

    #[test]
    fn text_boards_count_like_grids() {
        let text = to_text(&grid(FUZZ_SLOW_FOR_THE_OLD_ORACLE));
        let (n, first) = reference_solve(&text, 2);
        assert_eq!(n, 2);
        assert!(crate::check::is_solution(&text, &first.unwrap()));
    }
}
