//! Unavoidable sets of a solved grid, found directly in it, for the generator's removal loop
//! (`removal`): a removal that would leave one without a given is refused without a search.

use super::grid::{Grid, HOUSES_OF};
use super::mask::{cells, CELL_BIT};
use crate::geometry::CELLS;

/// The most unavoidable sets kept for a grid.
const MAX_UNAVOIDABLE: usize = 64;

/// The largest unavoidable set kept (larger ones are seldom left without a given).
const MAX_SET: u32 = 12;

/// `COLUMN_0_CELLS[positions]`: the cells of column 0 at the rows of `positions` (bit `k` for
/// row `k`), a table rather than a loop over the positions.
static COLUMN_0_CELLS: [u128; 512] = {
    let mut cells = [0u128; 512];
    let mut positions = 0;
    while positions < 512 {
        let mut k = 0;
        while k < 9 {
            if positions >> k & 1 == 1 {
                cells[positions] |= 1u128 << (9 * k);
            }
            k += 1;
        }
        positions += 1;
    }
    cells
};

/// The cells at positions `positions` (bit `k`) of row `l` (`t` = 0) or column `l` (`t` = 1).
#[inline]
fn line_cells(t: usize, l: usize, positions: u32) -> u128 {
    if t == 0 {
        (positions as u128) << (9 * l)
    } else {
        COLUMN_0_CELLS[positions as usize & 0x1FF] << l
    }
}

/// Unavoidable sets of a grid: sets of cells that every puzzle with the grid as its only
/// solution must hold a given in (a puzzle with none of them given has another solution: the
/// grid with the set's digits moved). Found directly in the grid, four families ([`Families`]
/// says which are looked for); the first three are ways to rearrange the digits of a band (rows)
/// or a stack (columns) inside its columns (rows) so that each line, column and box keeps its
/// digits:
/// - two lines: the digits of one line map to the other's positions, and each cycle of that
///   permutation is a set of positions where the two lines can swap their digits (cycles of up
///   to [`MAX_SET`] cells are kept);
/// - three lines, two positions: two positions in different boxes holding the same three
///   digits can trade them (6 cells: no line holds one digit at both positions);
/// - three lines, two digits: two digits at the same three positions can swap there (6 cells);
/// - two digits across bands and stacks ([`Unavoidable::add_two_digit_sets`]).
///
/// The two 6-cell families are the smallest of the band's other rearrangements. Of the 24.4
/// givens a minimal puzzle keeps without symmetry, the first family refuses 9.6 without a
/// search, the first three 10.9 (11.7 with every band rearrangement of up to 12 cells), all four
/// 12.6 (docs/generator.md).
pub(super) struct Unavoidable {
    sets: [u128; MAX_UNAVOIDABLE],
    /// Bit `k` of `member[cell]`: `cell` is in `sets[k]`.
    member: [u64; CELLS],
    /// Sets in `sets`.
    len: usize,
}

/// The families of unavoidable sets looked for in a grid ([`Unavoidable::of`]).
///
/// A set refuses the removal of an orbit only when every given the set has left is in the orbit,
/// so the larger the orbits taken out at once, the fewer removals a set refuses, while finding
/// the sets costs the same. Chosen by instruction counts of 1,000 puzzles of each symmetry
/// (callgrind, docs/generator.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Families {
    /// None yet (`is_minimal` first tries the singles check alone on every given).
    None,
    /// The sets of two lines alone: for orbits of four cells or more.
    TwoLines,
    /// The sets of two and of three lines: for orbits of two cells.
    Lines,
    /// Every family, the two-digit sets too: for single cells.
    All,
}

impl Families {
    /// The families worth finding for orbits of up to `cells` cells.
    pub(super) fn for_orbits_of(cells: u32) -> Families {
        match cells {
            0 | 1 => Families::All,
            2 | 3 => Families::Lines,
            _ => Families::TwoLines,
        }
    }
}

impl Unavoidable {
    /// The sets of `families` in `grid`, up to [`MAX_UNAVOIDABLE`]: the sets of lines first
    /// (rows, then columns), then the two-digit sets.
    pub(super) fn of(grid: &Grid, families: Families) -> Unavoidable {
        let mut found = Unavoidable {
            sets: [0; MAX_UNAVOIDABLE],
            member: [0; CELLS],
            len: 0,
        };
        if families == Families::None {
            return found;
        }
        // `line[t][l][k]`: the digit at position `k` of line `l`, rows (t = 0) or columns (1);
        // `position[t][l][d]`: the position of digit `d` in line `l`.
        let mut line = [[[0u8; 9]; 9]; 2];
        let mut position = [[[0u8; 10]; 9]; 2];
        for (cell, &d) in grid.iter().enumerate() {
            let (r, c) = (cell / 9, cell % 9);
            line[0][r][c] = d;
            line[1][c][r] = d;
            position[0][r][d as usize] = c as u8;
            position[1][c][d as usize] = r as u8;
        }
        for (t, (lines, positions)) in line.iter().zip(&position).enumerate() {
            for (first, in_first) in positions.iter().enumerate() {
                for second in first + 1..(first / 3 + 1) * 3 {
                    // Each cycle of the permutation taking position k of `second` to the
                    // position in `first` of the same digit, as a 9-bit set of positions.
                    let mut seen = 0u32;
                    while seen != 0x1FF {
                        let mut k = (!seen).trailing_zeros() as usize;
                        let mut cycle = 0u32;
                        while cycle >> k & 1 == 0 {
                            cycle |= 1 << k;
                            k = in_first[lines[second][k] as usize] as usize;
                        }
                        seen |= cycle;
                        if 2 * cycle.count_ones() <= MAX_SET {
                            found.add(line_cells(t, first, cycle) | line_cells(t, second, cycle));
                        }
                    }
                }
            }
            if families != Families::TwoLines {
                for band in 0..3 {
                    found.add_three_line_sets(t, 3 * band, lines, positions);
                }
            }
        }
        if families == Families::All {
            found.add_two_digit_sets(grid);
        }
        found
    }

    /// The sets of two digits spanning two bands or more and two stacks or more, of up to
    /// [`MAX_SET`] cells (those inside one band or stack are the three-line sets above). For
    /// digits `x` and `y`, a set holds both digits' cells in some rows; it must hold, with the
    /// cell of `x` in a row, the `y` of that cell's column and the `y` of its box, so its rows
    /// are the rows of a component of the graph of those two links ([`row_components`]).
    /// Swapping `x` and `y` in those rows keeps every house's digits.
    fn add_two_digit_sets(&mut self, grid: &Grid) {
        let places = Places::of(grid);
        for x in 1..9 {
            for y in x + 1..10 {
                let mut components = [0u16; 9];
                let n = row_components(&places, x, y, &mut components);
                for &rows in &components[..n] {
                    let in_one_band = [0o7, 0o70, 0o700].iter().any(|&band| rows & !band == 0);
                    if rows.count_ones() * 2 > MAX_SET || in_one_band {
                        continue;
                    }
                    // Column 0 at those rows, times nine bits: the whole rows.
                    let row_cells = COLUMN_0_CELLS[rows as usize] * 0x1FF;
                    let cells = (places.cells[x] | places.cells[y]) & row_cells;
                    if STACK_CELLS.iter().all(|&stack| cells & !stack != 0) {
                        self.add(cells);
                    }
                }
            }
        }
    }

    /// The 6-cell sets of the three lines from `l` of rows (`t` = 0) or columns (`t` = 1), given
    /// each line's digits (`lines[l][k]`, position `k`) and positions (`positions[l][d]`).
    fn add_three_line_sets(
        &mut self,
        t: usize,
        l: usize,
        lines: &[[u8; 9]; 9],
        positions: &[[u8; 10]; 9],
    ) {
        let three =
            |at: u32| line_cells(t, l, at) | line_cells(t, l + 1, at) | line_cells(t, l + 2, at);
        // Two positions of different boxes holding the same three digits: the positions can
        // trade their digits. All six cells change (a line never holds one digit twice), so the
        // three lines rotate the digits there.
        let digits_at = |k: usize| (0..3).fold(0u16, |acc, r| acc | 1 << lines[l + r][k]);
        let sets: [u16; 9] = core::array::from_fn(digits_at);
        for k1 in 0..6 {
            for k2 in (k1 / 3 + 1) * 3..9 {
                if sets[k1] == sets[k2] {
                    self.add(three(1 << k1 | 1 << k2));
                }
            }
        }
        // Two digits at the same three positions (one in each box): swapped on their six cells,
        // every line, position and box still holds both.
        let places_of = |d: usize| (0..3).fold(0u16, |acc, r| acc | 1 << positions[l + r][d]);
        let places: [u16; 10] = core::array::from_fn(places_of);
        for d1 in 1..9 {
            for d2 in d1 + 1..10 {
                if places[d1] == places[d2] {
                    let cells = (0..3).fold(0, |acc, r| {
                        let pair = 1 << positions[l + r][d1] | 1 << positions[l + r][d2];
                        acc | line_cells(t, l + r, pair)
                    });
                    self.add(cells);
                }
            }
        }
    }

    /// Adds `set`, unless the table is full.
    #[inline]
    fn add(&mut self, set: u128) {
        if self.len < MAX_UNAVOIDABLE {
            self.sets[self.len] = set;
            for cell in cells(set) {
                self.member[cell] |= 1u64 << self.len;
            }
            self.len += 1;
        }
    }

    /// Whether a set that meets `cells_out` has no cell in `givens` (the givens left).
    #[inline]
    pub(super) fn any_empty(&self, givens: u128, cells_out: u128) -> bool {
        let mut candidates = cells(cells_out).fold(0u64, |acc, cell| acc | self.member[cell]);
        while candidates != 0 {
            let k = candidates.trailing_zeros() as usize;
            candidates &= candidates - 1;
            if self.sets[k] & givens == 0 {
                return true;
            }
        }
        false
    }
}

/// Each digit's places in a grid, for [`row_components`]: 16-byte tables whose bytes 0-8 are
/// used, for byte shuffles (the other bytes hold their own index, so that a shuffle by such a
/// table keeps them where they are).
struct Places {
    /// `column[d][r]`: the column of digit `d` in row `r`.
    column: [[u8; 16]; 10],
    /// `row[d][c]`: the row of digit `d` in column `c`.
    row: [[u8; 16]; 10],
    /// `box_of[d][r]`: the box of digit `d` in row `r`.
    box_of: [[u8; 16]; 10],
    /// `row_in_box[d][b]`: the row of digit `d` in box `b`.
    row_in_box: [[u8; 16]; 10],
    /// `cells[d]`: the cells of digit `d`.
    cells: [u128; 10],
}

impl Places {
    fn of(grid: &Grid) -> Places {
        const INDEX: [u8; 16] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];
        let mut places = Places {
            column: [INDEX; 10],
            row: [INDEX; 10],
            box_of: [INDEX; 10],
            row_in_box: [INDEX; 10],
            cells: [0; 10],
        };
        for (cell, &digit) in grid.iter().enumerate() {
            let [r, c, b] = HOUSES_OF[cell];
            let d = digit as usize;
            places.column[d][r as usize] = c;
            places.row[d][c as usize] = r;
            places.box_of[d][r as usize] = b;
            places.row_in_box[d][b as usize] = r;
            places.cells[d] |= CELL_BIT[cell];
        }
        places
    }
}

/// The cells of each stack.
const STACK_CELLS: [u128; 3] = {
    let mut cells = [0u128; 3];
    let mut cell = 0;
    while cell < CELLS {
        cells[cell % 9 / 3] |= 1 << cell;
        cell += 1;
    }
    cells
};

/// For digits `x` and `y`, the rows linked by two permutations: row `r` to the row of the `y`
/// in the column of `r`'s `x`, and to the row of the `y` in the box of `r`'s `x`. Writes the
/// components (each a mask of rows, bit `r`) to `out` and returns how many, or 0 when all nine
/// rows are one.
///
/// Each row is labelled with the lowest row it reaches: eight rounds of taking the lower of
/// its label and its two successors' (a component has at most nine rows, so every row of it is
/// reached within eight links; forward links suffice, since the links are permutations).
fn row_components(places: &Places, x: usize, y: usize, out: &mut [u16; 9]) -> usize {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("ssse3") {
        // SAFETY: the CPU has SSSE3, checked just above.
        return unsafe { row_components_ssse3(places, x, y, out) };
    }
    row_components_portable(places, x, y, out)
}

/// [`row_components`] one row at a time.
fn row_components_portable(places: &Places, x: usize, y: usize, out: &mut [u16; 9]) -> usize {
    let mut lowest: [u8; 9] = [0, 1, 2, 3, 4, 5, 6, 7, 8];
    for _ in 0..8 {
        let before = lowest;
        for r in 0..9 {
            let by_column = places.row[y][places.column[x][r] as usize] as usize;
            let by_box = places.row_in_box[y][places.box_of[x][r] as usize] as usize;
            lowest[r] = before[r].min(before[by_column]).min(before[by_box]);
        }
    }
    let roots = (0..9).filter(|&r| lowest[r] as usize == r);
    if roots.clone().count() == 1 {
        return 0;
    }
    let mut n = 0;
    for root in roots {
        out[n] = (0..9)
            .filter(|&r| lowest[r] as usize == root)
            .fold(0, |acc, r| acc | 1 << r);
        n += 1;
    }
    n
}

/// [`row_components`] with byte shuffles: a round is two shuffles and two minimums of one
/// 16-byte vector, and a component's rows come from one comparison.
///
/// # Safety
///
/// The CPU must support SSSE3.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "ssse3")]
unsafe fn row_components_ssse3(places: &Places, x: usize, y: usize, out: &mut [u16; 9]) -> usize {
    use core::arch::x86_64::*;
    // SAFETY: the CPU has SSSE3 (the caller's promise), which the shuffles need; each load reads
    // one 16-byte table, unaligned.
    unsafe {
        let load = |table: &[u8; 16]| _mm_loadu_si128(table.as_ptr().cast());
        let by_column = _mm_shuffle_epi8(load(&places.row[y]), load(&places.column[x]));
        let by_box = _mm_shuffle_epi8(load(&places.row_in_box[y]), load(&places.box_of[x]));
        let rows = _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
        let mut lowest = rows;
        for _ in 0..8 {
            let next = _mm_min_epu8(
                _mm_shuffle_epi8(lowest, by_column),
                _mm_shuffle_epi8(lowest, by_box),
            );
            lowest = _mm_min_epu8(lowest, next);
        }
        let mut roots = _mm_movemask_epi8(_mm_cmpeq_epi8(lowest, rows)) & 0x1FF;
        if roots == 1 {
            return 0;
        }
        let mut n = 0;
        while roots != 0 {
            let root = roots.trailing_zeros();
            roots &= roots - 1;
            let component = _mm_cmpeq_epi8(lowest, _mm_set1_epi8(root as i8));
            out[n] = (_mm_movemask_epi8(component) & 0x1FF) as u16;
            n += 1;
        }
        n
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::generator::grid::random_grid;
    use crate::generator::rng::Rng;

    /// The cell of position `k` of line `l`: row `l` (not `transposed`) or column `l`.
    fn cell(l: usize, k: usize, transposed: bool) -> usize {
        if transposed {
            9 * k + l
        } else {
            9 * l + k
        }
    }

    /// By brute force, independently of [`Unavoidable::of`]: the cells changed by each way of
    /// reordering the digits of the three lines from `l` inside each position (six orders a
    /// position) so that every line keeps its nine digits, the grid itself left out.
    fn rearrangements(grid: &Grid, l: usize, transposed: bool) -> Vec<u128> {
        let orders: Vec<[usize; 3]> = (0..27)
            .map(|n| [n % 3, n / 3 % 3, n / 9])
            .filter(|[a, b, c]| a != b && b != c && a != c)
            .collect();
        assert_eq!(orders.len(), 6);
        // `at[r][k]`: the cell of position `k` of line `l + r`.
        let at: [[usize; 9]; 3] =
            core::array::from_fn(|r| core::array::from_fn(|k| cell(l + r, k, transposed)));
        fn walk(
            orders: &[[usize; 3]],
            grid: &Grid,
            at: &[[usize; 9]; 3],
            k: usize,
            lines: [u16; 3],
            changed: u128,
            out: &mut Vec<u128>,
        ) {
            if k == 9 {
                if changed != 0 {
                    out.push(changed);
                }
                return;
            }
            for order in orders {
                let mut next = lines;
                let mut more = changed;
                let mut fits = true;
                for (r, &from) in order.iter().enumerate() {
                    let digit = grid[at[from][k]];
                    fits &= next[r] >> digit & 1 == 0;
                    next[r] |= 1 << digit;
                    if from != r {
                        more |= 1u128 << at[r][k];
                    }
                }
                if fits {
                    walk(orders, grid, at, k + 1, next, more, out);
                }
            }
        }
        let mut out = Vec::new();
        walk(&orders, grid, &at, 0, [0; 3], 0, &mut out);
        out
    }

    /// By brute force: the rows of each minimal set of rows in which swapping `x` and `y` gives
    /// another valid grid.
    fn two_digit_swaps(grid: &Grid, x: u8, y: u8) -> Vec<u16> {
        let valid = |rows: u16| {
            let mut swapped = *grid;
            for (cell, digit) in swapped.iter_mut().enumerate() {
                if rows >> (cell / 9) & 1 == 1 && (*digit == x || *digit == y) {
                    *digit = x + y - *digit;
                }
            }
            (0..9).all(|i| {
                let (mut col, mut bx) = (0u16, 0u16);
                for j in 0..9 {
                    col |= 1 << swapped[9 * j + i];
                    bx |= 1 << swapped[9 * (3 * (i / 3) + j / 3) + 3 * (i % 3) + j % 3];
                }
                col == 0x3FE && bx == 0x3FE
            })
        };
        let all: Vec<u16> = (1..0x1FF).filter(|&rows| valid(rows)).collect();
        all.iter()
            .copied()
            .filter(|&rows| all.iter().all(|&other| other == rows || other & !rows != 0))
            .collect()
    }

    #[test]
    fn unavoidable_sets_are_unavoidable_and_every_family_is_found_whole() {
        let (mut three_line, mut two_digit, mut full) = (0, 0, 0);
        for i in 0..300 {
            let grid = random_grid(&mut Rng::new(11, i));
            let found = Unavoidable::of(&grid, Families::All);
            let table = &found.sets[..found.len];
            for (k, &set) in table.iter().enumerate() {
                // The solver, not the families' reasoning, says the set is unavoidable.
                let mut digits = grid;
                for cell in cells(set) {
                    digits[cell] = 0;
                }
                let board = Board::from_digits(&digits).unwrap();
                assert_eq!(
                    crate::solver::count_solutions(&board, 2),
                    2,
                    "grid {i}, set {set:x}"
                );
                for cell in 0..CELLS {
                    assert_eq!(found.member[cell] >> k & 1 == 1, set >> cell & 1 == 1);
                }
            }
            // A full table leaves sets out (the rest of the test needs them all): rare.
            if found.len == MAX_UNAVOIDABLE {
                full += 1;
                continue;
            }
            // The table holds every set the smaller families find.
            for families in [Families::TwoLines, Families::Lines] {
                let fewer = Unavoidable::of(&grid, families);
                assert!(fewer.sets[..fewer.len]
                    .iter()
                    .all(|set| table.contains(set)));
            }
            // Every minimal rearrangement of a band or stack of up to 6 cells is a set of lines
            // (and those of two lines up to MAX_SET cells).
            for transposed in [false, true] {
                for l in [0, 3, 6] {
                    let all = rearrangements(&grid, l, transposed);
                    for &set in &all {
                        let minimal = all.iter().all(|&other| other == set || other & !set != 0);
                        let lines = (0..3).filter(|&r| {
                            (0..9).any(|k| set >> cell(l + r, k, transposed) & 1 == 1)
                        });
                        let in_two = lines.count() == 2;
                        let size = set.count_ones();
                        if minimal && (size <= 6 || in_two && size <= MAX_SET) {
                            assert!(table.contains(&set), "grid {i}: {set:x} missing");
                            three_line += usize::from(!in_two);
                        }
                    }
                }
            }
            // Every minimal two-digit set of up to MAX_SET cells across bands and stacks.
            for x in 1..9 {
                for y in x + 1..10 {
                    for rows in two_digit_swaps(&grid, x, y) {
                        let set: u128 = (0..CELLS)
                            .filter(|&c| rows >> (c / 9) & 1 == 1)
                            .filter(|&c| grid[c] == x || grid[c] == y)
                            .fold(0, |acc, c| acc | 1 << c);
                        let bands = (0..3).filter(|b| rows >> (3 * b) & 7 != 0).count();
                        let stacks = (0..3).filter(|&s| set & STACK_CELLS[s] != 0).count();
                        if set.count_ones() <= MAX_SET && bands >= 2 && stacks >= 2 {
                            assert!(table.contains(&set), "grid {i}: {set:x} missing");
                            two_digit += 1;
                        }
                    }
                }
            }
        }
        // About 5.5 six-cell sets of three lines a grid, and 14 two-digit sets (a Python count
        // of 200 grids); a full table is rare.
        assert!(three_line > 300 * 4, "{three_line}");
        assert!(two_digit > 300 * 10, "{two_digit}");
        assert!(full < 300 / 20, "{full}");
    }

    #[test]
    fn both_ways_of_finding_row_components_agree() {
        // Without SSSE3 (or off x86-64) only the portable way runs: its partitions are checked.
        #[cfg(target_arch = "x86_64")]
        let ssse3 = std::is_x86_feature_detected!("ssse3");
        for i in 0..300 {
            let places = Places::of(&random_grid(&mut Rng::new(12, i)));
            for x in 1..9 {
                for y in x + 1..10 {
                    let mut a = [0u16; 9];
                    let n = row_components_portable(&places, x, y, &mut a);
                    #[cfg(target_arch = "x86_64")]
                    if ssse3 {
                        let mut b = [0u16; 9];
                        // SAFETY: the CPU has SSSE3, checked above.
                        let m = unsafe { row_components_ssse3(&places, x, y, &mut b) };
                        assert_eq!((m, b[..m].to_vec()), (n, a[..n].to_vec()));
                    }
                    // The components partition the rows (when there are two or more).
                    assert!(n != 1);
                    let all = a[..n].iter().fold(0, |acc, &rows| acc | rows);
                    assert_eq!(all, if n == 0 { 0 } else { 0x1FF });
                    let rows: u32 = a[..n].iter().map(|rows| rows.count_ones()).sum();
                    assert_eq!(rows, if n == 0 { 0 } else { 9 });
                }
            }
        }
    }
}
