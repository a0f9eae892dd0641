//! The ten symmetries of a pattern of givens, written from their definitions (row `r`, column
//! `c`, 0-8), independently of the library's tables: the orbit of a cell, the orbits of a
//! board's givens, and which symmetries a pattern has. Shared by the generator's tests, the
//! pattern-symmetry tests and the fuzz targets.

use crate::board::CELLS;

/// The orbit of `cell` (0-80) under the C API's `sudoku_symmetry` value `symmetry` (0-9), written
/// from the symmetries' definitions (row r, column c), independently of the library's tables;
/// sorted cells.
pub fn symmetry_orbit(symmetry: u32, cell: usize) -> Vec<usize> {
    let (r, c) = (cell / 9, cell % 9);
    let images: Vec<(usize, usize)> = match symmetry {
        0 => vec![],
        1 => vec![(8 - r, 8 - c)],
        2 => vec![(c, 8 - r), (8 - r, 8 - c), (8 - c, r)],
        3 => vec![(8 - r, c)],
        4 => vec![(r, 8 - c)],
        5 => vec![(c, r)],
        6 => vec![(8 - c, 8 - r)],
        7 => vec![(c, r), (8 - c, 8 - r), (8 - r, 8 - c)],
        8 => vec![(8 - r, c), (r, 8 - c), (8 - r, 8 - c)],
        9 => vec![
            (c, 8 - r),
            (8 - r, 8 - c),
            (8 - c, r),
            (8 - r, c),
            (r, 8 - c),
            (c, r),
            (8 - c, 8 - r),
        ],
        _ => panic!("not a symmetry: {symmetry}"),
    };
    let mut cells: Vec<usize> = std::iter::once(cell)
        .chain(images.into_iter().map(|(r, c)| 9 * r + c))
        .collect();
    cells.sort_unstable();
    cells.dedup();
    cells
}

/// The orbits of the given cells (not `'.'`/`'0'`) of `board` under `symmetry`, or `None` when
/// the pattern of givens does not have the symmetry.
pub fn given_orbits(board: &[u8; CELLS], symmetry: u32) -> Option<Vec<Vec<usize>>> {
    let given = |cell: usize| board[cell] != b'.' && board[cell] != b'0';
    let mut orbits: Vec<Vec<usize>> = Vec::new();
    for cell in 0..CELLS {
        let orbit = symmetry_orbit(symmetry, cell);
        let n = orbit.iter().filter(|&&x| given(x)).count();
        if n != 0 && n != orbit.len() {
            return None;
        }
        if n != 0 && orbit[0] == cell {
            orbits.push(orbit);
        }
    }
    Some(orbits)
}

/// The symmetries of `board`'s pattern of givens as the C API's bit mask: bit `s` for each
/// `sudoku_symmetry` value `s` (0-9) whose every orbit the givens fill whole or leave empty.
pub fn pattern_symmetries(board: &[u8; CELLS]) -> u32 {
    (0..10u32)
        .filter(|&s| given_orbits(board, s).is_some())
        .fold(0, |bits, s| bits | 1 << s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orbits_have_the_sizes_of_their_groups() {
        // Each symmetry's orbits partition the 81 cells; the centre is alone in every one, and
        // r1c1's orbit has the group's order for a rotation or when no mirror fixes it.
        for s in 0..10 {
            let mut seen = [0; CELLS];
            for cell in 0..CELLS {
                for x in symmetry_orbit(s, cell) {
                    seen[x] += 1;
                }
            }
            assert!(seen.iter().all(|&n| n >= 1));
            assert_eq!(symmetry_orbit(s, 40), [40]);
        }
        let sizes: Vec<usize> = (0..10).map(|s| symmetry_orbit(s, 1).len()).collect();
        assert_eq!(sizes, [1, 2, 4, 2, 2, 2, 2, 4, 4, 8]);
    }

    #[test]
    fn patterns_have_the_symmetries_that_map_them_to_themselves() {
        let mut board = [b'.'; CELLS];
        assert_eq!(pattern_symmetries(&board), 0x3FF);
        board[0] = b'1';
        board[80] = b'2';
        // The half turn, both diagonal mirrors (each fixes r1c1 and r9c9, or swaps them).
        assert_eq!(
            pattern_symmetries(&board),
            1 | 1 << 1 | 1 << 5 | 1 << 6 | 1 << 7
        );
        board[8] = b'3';
        board[72] = b'4';
        // All four corners: every symmetry of the square.
        assert_eq!(pattern_symmetries(&board), 0x3FF);
        board[1] = b'5';
        assert_eq!(pattern_symmetries(&board), 1);
    }
}
