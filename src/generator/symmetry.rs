//! The symmetries a pattern of givens can have (the ten Sudoku Explainer offers), and the
//! orbits of cells they group: a symmetric pattern holds each orbit whole or not at all.

use crate::geometry::CELLS;

/// A symmetry of the pattern of givens (which cells are given, not their digits). Its value is
/// the C API's `sudoku_symmetry`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Symmetry {
    /// No symmetry: every cell is its own orbit.
    #[default]
    None = 0,
    /// Half-turn rotation about the centre: `(r, c)` with `(8 - r, 8 - c)`.
    Rotate180 = 1,
    /// Quarter-turn rotation: `(r, c)`, `(c, 8 - r)`, `(8 - r, 8 - c)`, `(8 - c, r)`.
    Rotate90 = 2,
    /// Mirror across the middle row: `(r, c)` with `(8 - r, c)`.
    MirrorRows = 3,
    /// Mirror across the middle column: `(r, c)` with `(r, 8 - c)`.
    MirrorColumns = 4,
    /// Mirror across the main diagonal: `(r, c)` with `(c, r)`.
    Diagonal = 5,
    /// Mirror across the anti-diagonal: `(r, c)` with `(8 - c, 8 - r)`.
    Antidiagonal = 6,
    /// Both diagonal mirrors (and so the half turn).
    BothDiagonals = 7,
    /// Both middle mirrors (and so the half turn).
    BothMirrors = 8,
    /// All eight symmetries of the square (rotations and mirrors).
    Dihedral = 9,
}

/// A map of the square, on (row, column).
type Map = fn(usize, usize) -> (usize, usize);

const ROTATE_180: Map = |r, c| (8 - r, 8 - c);
const ROTATE_90: Map = |r, c| (c, 8 - r);
const ROTATE_270: Map = |r, c| (8 - c, r);
const MIRROR_ROWS: Map = |r, c| (8 - r, c);
const MIRROR_COLUMNS: Map = |r, c| (r, 8 - c);
const DIAGONAL: Map = |r, c| (c, r);
const ANTIDIAGONAL: Map = |r, c| (8 - c, 8 - r);

impl Symmetry {
    /// Every symmetry, in the order of their values.
    pub const ALL: [Symmetry; 10] = [
        Symmetry::None,
        Symmetry::Rotate180,
        Symmetry::Rotate90,
        Symmetry::MirrorRows,
        Symmetry::MirrorColumns,
        Symmetry::Diagonal,
        Symmetry::Antidiagonal,
        Symmetry::BothDiagonals,
        Symmetry::BothMirrors,
        Symmetry::Dihedral,
    ];

    /// The symmetry of C value `code`, or `None` for an unknown value.
    pub fn from_code(code: u32) -> Option<Symmetry> {
        Symmetry::ALL.get(code as usize).copied()
    }

    /// The name the programs and the Python module use: `none`, `rotate180`, `rotate90`,
    /// `mirror-rows`, `mirror-columns`, `diagonal`, `antidiagonal`, `both-diagonals`,
    /// `both-mirrors`, `dihedral`.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rotate180 => "rotate180",
            Symmetry::Rotate90 => "rotate90",
            Symmetry::MirrorRows => "mirror-rows",
            Symmetry::MirrorColumns => "mirror-columns",
            Symmetry::Diagonal => "diagonal",
            Symmetry::Antidiagonal => "antidiagonal",
            Symmetry::BothDiagonals => "both-diagonals",
            Symmetry::BothMirrors => "both-mirrors",
            Symmetry::Dihedral => "dihedral",
        }
    }

    /// The symmetry called `name` (as [`Symmetry::name`] writes it), or `None`.
    pub fn from_name(name: &str) -> Option<Symmetry> {
        Symmetry::ALL.into_iter().find(|s| s.name() == name)
    }

    /// The maps other than the identity that the symmetry's group holds.
    fn maps(self) -> &'static [Map] {
        match self {
            Symmetry::None => &[],
            Symmetry::Rotate180 => &[ROTATE_180],
            Symmetry::Rotate90 => &[ROTATE_90, ROTATE_180, ROTATE_270],
            Symmetry::MirrorRows => &[MIRROR_ROWS],
            Symmetry::MirrorColumns => &[MIRROR_COLUMNS],
            Symmetry::Diagonal => &[DIAGONAL],
            Symmetry::Antidiagonal => &[ANTIDIAGONAL],
            Symmetry::BothDiagonals => &[DIAGONAL, ANTIDIAGONAL, ROTATE_180],
            Symmetry::BothMirrors => &[MIRROR_ROWS, MIRROR_COLUMNS, ROTATE_180],
            Symmetry::Dihedral => &[
                ROTATE_90,
                ROTATE_180,
                ROTATE_270,
                MIRROR_ROWS,
                MIRROR_COLUMNS,
                DIAGONAL,
                ANTIDIAGONAL,
            ],
        }
    }

    /// The orbit of `cell` (0-80): the cells the symmetry's group maps it to, itself included,
    /// as bit `cell` of the result.
    pub fn orbit_of(self, cell: usize) -> u128 {
        let (r, c) = (cell / 9, cell % 9);
        self.maps().iter().fold(1u128 << cell, |orbit, map| {
            let (r2, c2) = map(r, c);
            orbit | 1u128 << (9 * r2 + c2)
        })
    }

    /// The most cells of one orbit: the order of the symmetry's group.
    pub(crate) fn largest_orbit(self) -> u32 {
        match self {
            Symmetry::None => 1,
            Symmetry::Rotate180
            | Symmetry::MirrorRows
            | Symmetry::MirrorColumns
            | Symmetry::Diagonal
            | Symmetry::Antidiagonal => 2,
            Symmetry::Rotate90 | Symmetry::BothDiagonals | Symmetry::BothMirrors => 4,
            Symmetry::Dihedral => 8,
        }
    }

    /// The orbits, each as a cell mask, in order of their lowest cell.
    pub fn orbits(self) -> Orbits {
        ORBITS[self as usize]
    }

    /// Whether the pattern `cells` (bit `cell`) has this symmetry: it holds every orbit whole or
    /// not at all.
    pub fn holds_for(self, cells: u128) -> bool {
        (0..CELLS).all(|cell| {
            let orbit = self.orbit_of(cell);
            cells & orbit == 0 || cells & orbit == orbit
        })
    }
}

/// The maps of [`Symmetry::maps`] again, for the table of orbits built at compile time: bit 2
/// swaps row and column, then bit 1 turns the row `r` into `8 - r` and bit 0 the column.
const MAP_CODES: [&[u8]; 10] = [
    &[],
    &[0b011],
    &[0b101, 0b011, 0b110],
    &[0b010],
    &[0b001],
    &[0b100],
    &[0b111],
    &[0b100, 0b111, 0b011],
    &[0b010, 0b001, 0b011],
    &[0b101, 0b011, 0b110, 0b010, 0b001, 0b100, 0b111],
];

/// The orbits of every symmetry, by its value (the test below checks them against
/// [`Symmetry::orbit_of`]).
static ORBITS: [Orbits; 10] = {
    let mut all = [Orbits {
        masks: [0; CELLS],
        len: 0,
    }; 10];
    let mut s = 0;
    while s < 10 {
        let mut seen = 0u128;
        let mut cell = 0;
        while cell < CELLS {
            if seen >> cell & 1 == 0 {
                let (r, c) = (cell / 9, cell % 9);
                let mut orbit = 1u128 << cell;
                let mut m = 0;
                while m < MAP_CODES[s].len() {
                    let code = MAP_CODES[s][m];
                    let (mut r2, mut c2) = if code & 4 != 0 { (c, r) } else { (r, c) };
                    if code & 2 != 0 {
                        r2 = 8 - r2;
                    }
                    if code & 1 != 0 {
                        c2 = 8 - c2;
                    }
                    orbit |= 1u128 << (9 * r2 + c2);
                    m += 1;
                }
                seen |= orbit;
                all[s].masks[all[s].len] = orbit;
                all[s].len += 1;
            }
            cell += 1;
        }
        s += 1;
    }
    all
};

/// The orbits of a symmetry, as cell masks (see [`Symmetry::orbits`]).
#[derive(Clone, Copy)]
pub struct Orbits {
    masks: [u128; CELLS],
    len: usize,
}

impl Orbits {
    /// The orbits' masks.
    pub fn as_slice(&self) -> &[u128] {
        &self.masks[..self.len]
    }

    /// The orbits' masks, to be reordered.
    pub(crate) fn as_mut_slice(&mut self) -> &mut [u128] {
        &mut self.masks[..self.len]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orbits_partition_the_grid_with_the_expected_sizes() {
        for s in Symmetry::ALL {
            let orbits = s.orbits();
            let largest = orbits.as_slice().iter().map(|o| o.count_ones()).max();
            assert_eq!(largest, Some(s.largest_orbit()));
            let all = orbits.as_slice().iter().fold(0u128, |acc, &o| {
                assert_eq!(acc & o, 0);
                acc | o
            });
            assert_eq!(all, (1u128 << 81) - 1);
            assert!(s.holds_for(all) && s.holds_for(0));
            let count = orbits.as_slice().len();
            let expected = match s {
                Symmetry::None => 81,
                Symmetry::Rotate180 => 41,
                Symmetry::Rotate90 => 21,
                Symmetry::MirrorRows | Symmetry::MirrorColumns => 45,
                Symmetry::Diagonal | Symmetry::Antidiagonal => 45,
                Symmetry::BothDiagonals | Symmetry::BothMirrors => 25,
                Symmetry::Dihedral => 15,
            };
            assert_eq!(count, expected, "{s:?}");
            // The compile-time table holds the orbits of `orbit_of`, in order of lowest cell.
            let mut seen = 0u128;
            let mut k = 0;
            for cell in 0..CELLS {
                if seen >> cell & 1 == 0 {
                    let orbit = s.orbit_of(cell);
                    assert_eq!(orbits.as_slice()[k], orbit, "{s:?} orbit of {cell}");
                    seen |= orbit;
                    k += 1;
                }
            }
            assert_eq!(Symmetry::from_name(s.name()), Some(s));
            assert_eq!(Symmetry::from_code(s as u32), Some(s));
        }
        assert_eq!(Symmetry::from_code(10), None);
    }
}
