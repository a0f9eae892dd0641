//! Boards as the tests write them: 81 text bytes (row-major, `'1'`-`'9'` for a given, `'.'` or
//! `'0'` for a blank) and as digit grids (0 for a blank), with a validator written the slow,
//! obvious way so that it shares no bookkeeping with the library's parser.

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

/// True when cells `a` and `b` are distinct and share a row, a column or a box.
pub fn are_peers(a: usize, b: usize) -> bool {
    let (ra, ca, rb, cb) = (a / 9, a % 9, b / 9, b % 9);
    a != b && (ra == rb || ca == cb || (ra / 3 == rb / 3 && ca / 3 == cb / 3))
}

/// Digit of a board byte: `Some(0)` for a blank, `Some(1..=9)` for a given, `None` if invalid.
pub fn digit_of(byte: u8) -> Option<u8> {
    match byte {
        b'.' | b'0' => Some(0),
        b'1'..=b'9' => Some(byte - b'0'),
        _ => None,
    }
}

/// Reads 81 text bytes into a grid, reporting the first fault in row-major order: the first
/// cell that is an invalid byte or repeats the given of a lower-index peer. Every cell is
/// compared with every lower-index peer one by one.
pub fn parse(text: &[u8; CELLS]) -> Result<Grid, Fault> {
    let mut grid = [0u8; CELLS];
    for cell in 0..CELLS {
        grid[cell] = digit_of(text[cell]).ok_or(Fault::InvalidCharacter(cell))?;
        if grid[cell] != 0 && (0..cell).any(|p| are_peers(p, cell) && grid[p] == grid[cell]) {
            return Err(Fault::ConflictingGivens(cell));
        }
    }
    Ok(grid)
}

/// Every clash of a text board's digits, from the definition: for each cell holding a digit, the
/// houses it shares with another cell holding the same digit (1 row, 2 column, 4 box, ORed),
/// found by comparing it with each of the other 80 cells; 0 for blanks and digits without a
/// repeat. `Err(cell)` for the first invalid byte in row-major order.
pub fn reference_conflicts(text: &[u8; CELLS]) -> Result<[u8; CELLS], usize> {
    let mut grid = [0u8; CELLS];
    for cell in 0..CELLS {
        grid[cell] = digit_of(text[cell]).ok_or(cell)?;
    }
    let mut marks = [0u8; CELLS];
    for a in 0..CELLS {
        for b in 0..CELLS {
            if a == b || grid[a] == 0 || grid[a] != grid[b] {
                continue;
            }
            let (ra, ca, rb, cb) = (a / 9, a % 9, b / 9, b % 9);
            if ra == rb {
                marks[a] |= 1;
            }
            if ca == cb {
                marks[a] |= 2;
            }
            if ra / 3 == rb / 3 && ca / 3 == cb / 3 {
                marks[a] |= 4;
            }
        }
    }
    Ok(marks)
}

/// The first fault of a text board (see [`parse`]), or None for a valid board.
pub fn reference_fault(text: &[u8; CELLS]) -> Option<Fault> {
    parse(text).err()
}

/// Parses an 81-character string (panics on a wrong length or a fault: for test literals).
pub fn grid(text: &str) -> Grid {
    parse(&bytes81(text)).expect("a valid board literal")
}

/// A string of exactly 81 bytes as a byte array (panics otherwise: a bug in the test itself).
pub fn bytes81(s: &str) -> [u8; CELLS] {
    s.as_bytes().try_into().expect("test board has 81 bytes")
}

/// Writes a grid as 81 text bytes, `'.'` for blanks.
pub fn to_text(grid: &Grid) -> [u8; CELLS] {
    grid.map(|d| if d == 0 { b'.' } else { b'0' + d })
}

/// Writes a grid as an 81-character string, `'.'` for blanks.
pub fn to_string(grid: &Grid) -> String {
    String::from_utf8(to_text(grid).to_vec()).expect("ASCII")
}

/// The 27 houses as cell lists: rows 0-8, columns 9-17, boxes 18-26.
pub fn house_cells(house: usize) -> [usize; 9] {
    std::array::from_fn(|k| match house {
        0..=8 => house * 9 + k,
        9..=17 => k * 9 + (house - 9),
        18..=26 => ((house - 18) / 3 * 3 + k / 3) * 9 + (house - 18) % 3 * 3 + k % 3,
        _ => panic!("there are 27 houses, not {}", house + 1),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cell_has_20_peers_and_every_house_9_distinct_cells() {
        for cell in 0..CELLS {
            assert_eq!((0..CELLS).filter(|&q| are_peers(cell, q)).count(), 20);
        }
        let mut covered = [0; CELLS];
        for house in 0..27 {
            for cell in house_cells(house) {
                covered[cell] += 1;
            }
        }
        assert_eq!(covered, [3; CELLS]);
    }

    #[test]
    fn conflicts_mark_both_cells_of_each_clash_in_the_houses_they_share() {
        let mut text = [b'.'; CELLS];
        assert_eq!(reference_conflicts(&text), Ok([0; CELLS]));
        text[0] = b'5'; // r1c1
        text[8] = b'5'; // r1c9: its row
        text[10] = b'5'; // r2c2: its box
        text[72] = b'5'; // r9c1: its column
        text[80] = b'3'; // r9c9: no clash
        let mut expected = [0u8; CELLS];
        expected[0] = 1 | 2 | 4;
        expected[8] = 1;
        expected[10] = 4;
        expected[72] = 2;
        assert_eq!(reference_conflicts(&text), Ok(expected));
        // Two cells of a row and a box at once.
        let mut pair = [b'0'; CELLS];
        pair[30] = b'9';
        pair[31] = b'9';
        let mut expected = [0u8; CELLS];
        expected[30] = 1 | 4;
        expected[31] = 1 | 4;
        assert_eq!(reference_conflicts(&pair), Ok(expected));
        text[40] = b'x';
        text[50] = b'a';
        assert_eq!(reference_conflicts(&text), Err(40));
    }

    #[test]
    fn parse_names_the_first_fault() {
        let mut text = [b'.'; CELLS];
        assert_eq!(parse(&text), Ok([0; CELLS]));
        text[10] = b'5';
        text[0] = b'5';
        assert_eq!(parse(&text), Err(Fault::ConflictingGivens(10)));
        text[40] = b'x';
        assert_eq!(reference_fault(&text), Some(Fault::ConflictingGivens(10)));
        text[10] = b'0';
        assert_eq!(reference_fault(&text), Some(Fault::InvalidCharacter(40)));
        // '0' blanks read as blanks and are written back as '.'.
        let zeros = format!("5{}", "0".repeat(CELLS - 1));
        assert_eq!(
            to_string(&grid(&zeros)),
            format!("5{}", ".".repeat(CELLS - 1))
        );
    }
}
