//! The machinery every chain search shares: potentials as small dense keys, an arena of
//! potentials with parent links, sets of potentials, and the four link rules.
//!
//! A *potential* is a candidate (cell, digit) assumed true ("on") or false ("off"). A search
//! derives potentials from a start; each derived potential records the potential that forced
//! it (its *parent*), so that a conclusion can be traced back to the start and its chain
//! measured. Potentials live in an [`Arena`] and are named by their index there: one arena is
//! reused for every start of a producer, so a search allocates nothing once it has grown.
//!
//! Only the main parent is kept for now: the static searches (cycles, forcing chains) have one
//! parent per potential. The dynamic searches to come add "hidden" parents (candidates removed
//! earlier in the same propagation); they will extend [`Node`] with a second parent list and
//! [`Arena::ancestor_count`] already walks through a generic parent iterator for that reason.

use std::hash::Hasher;

use super::super::grid::Grid;
use super::super::step::Potential;
use crate::geometry::{Cell, CellSet, Digit, House, HouseKind};

/// A potential as a dense key: twice the candidate's index `9 * cell + digit - 1` (0-728), plus
/// 1 for "on" (so the state is one bit and the negation one XOR).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Pot(pub u16);

/// Number of distinct keys.
pub(crate) const KEYS: usize = 2 * 729;

/// The cell and digit of each key: a table, as the chain searches decode potentials in their
/// innermost loops (a division by 9 and two bounds checks each time cost about 2% of a hard
/// rating).
static PARTS: [(Cell, Digit); KEYS] = {
    let mut parts = [(Cell::ALL[0], Digit::ALL[0]); KEYS];
    let mut key = 0;
    while key < KEYS {
        parts[key] = (Cell::ALL[key / 2 / 9], Digit::ALL[key / 2 % 9]);
        key += 1;
    }
    parts
};

impl Pot {
    /// The potential "`digit` is (`on`) or is not (`!on`) the value of `cell`".
    #[inline]
    pub fn new(cell: Cell, digit: Digit, on: bool) -> Pot {
        Pot(((9 * cell.index() + digit.index()) as u16) << 1 | on as u16)
    }

    /// The candidate's index `9 * cell + digit - 1`, whatever the state.
    #[inline]
    pub fn candidate(self) -> usize {
        (self.0 >> 1) as usize
    }

    /// The cell.
    #[inline]
    pub fn cell(self) -> Cell {
        PARTS[self.0 as usize].0
    }

    /// The digit.
    #[inline]
    pub fn digit(self) -> Digit {
        PARTS[self.0 as usize].1
    }

    /// True for "on".
    #[inline]
    pub fn is_on(self) -> bool {
        self.0 & 1 != 0
    }

    /// The same candidate in the other state.
    #[inline]
    pub fn negated(self) -> Pot {
        Pot(self.0 ^ 1)
    }

    /// The step's form of the potential.
    #[inline]
    pub fn to_step(self) -> Potential {
        Potential::new(self.cell(), self.digit(), self.is_on())
    }
}

/// A set of potentials (one bit per key).
#[derive(Clone, Copy)]
pub struct PotSet([u64; KEYS.div_ceil(64)]);

impl Default for PotSet {
    fn default() -> PotSet {
        PotSet::EMPTY
    }
}

impl PotSet {
    /// The empty set.
    pub const EMPTY: PotSet = PotSet([0; KEYS.div_ceil(64)]);

    /// True when `p` is in the set.
    #[inline]
    pub fn contains(&self, p: Pot) -> bool {
        self.0[p.0 as usize / 64] >> (p.0 % 64) & 1 != 0
    }

    /// Adds `p`; true when it was not in the set.
    #[inline]
    pub fn insert(&mut self, p: Pot) -> bool {
        let (w, b) = (p.0 as usize / 64, p.0 % 64);
        let fresh = self.0[w] >> b & 1 == 0;
        self.0[w] |= 1 << b;
        fresh
    }

    /// Empties the set.
    #[inline]
    pub fn clear(&mut self) {
        self.0 = [0; KEYS.div_ceil(64)];
    }
}

/// For tests: the potentials of every candidate of `grid`, cell by cell, digits ascending, "on"
/// then "off".
#[cfg(test)]
pub(crate) fn every_potential(grid: &Grid) -> Vec<Pot> {
    let mut all = Vec::new();
    for cell in grid.empty_cells().iter() {
        for digit in Digit::ALL {
            if grid.candidates(cell) >> digit.index() & 1 != 0 {
                all.extend([true, false].map(|on| Pot::new(cell, digit, on)));
            }
        }
    }
    all
}

/// A set of potentials as one cell set per digit and state: the walks of the cycle and
/// forcing-chain searches ask "which of these places of a digit are new" for a whole house at
/// once (see [`on_to_off_unreached`]).
#[derive(Clone, Copy, Default)]
pub struct Reached {
    /// Off-potentials, by digit index.
    pub off: [CellSet; 9],
    /// On-potentials, by digit index.
    pub on: [CellSet; 9],
}

impl Reached {
    /// Adds `p`; true when it was not in the set.
    #[inline]
    pub fn insert(&mut self, p: Pot) -> bool {
        let side = if p.is_on() {
            &mut self.on
        } else {
            &mut self.off
        };
        let d = p.digit().index();
        let cell = p.cell();
        let fresh = !side[d].contains(cell);
        side[d] = side[d].with(cell);
        fresh
    }

    /// Empties the set.
    #[inline]
    pub fn clear(&mut self) {
        *self = Reached::default();
    }
}

/// As [`on_to_off`], in the same order, but leaving out the off-potentials in `reached.off`
/// unless `keep` holds them; each is given to `each` with `reached`, which it may add to (all
/// are found before the first is given, so what `each` adds leaves none out). A walk that
/// ignores a reached potential (but for a few it still wants, `keep`) so skips it without
/// looking at it: most weak consequences of a deep walk were reached before.
#[inline]
pub fn on_to_off_unreached(
    grid: &Grid,
    p: Pot,
    links: Links,
    reached: &mut Reached,
    keep: &[CellSet; 9],
    mut each: impl FnMut(Pot, &mut Reached),
) {
    let (cell, digit) = (p.cell(), p.digit());
    // At most the cell's eight other digits and the digit's twenty other places.
    let mut found = [Pot(0); 28];
    let mut n = 0;
    let seen = &reached.off;
    if links.y {
        let mut rest = grid.candidates(cell) & !(1 << digit.index());
        while rest != 0 {
            let d = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if !seen[d].contains(cell) || keep[d].contains(cell) {
                found[n] = Pot::new(cell, Digit::ALL[d], false);
                n += 1;
            }
        }
    }
    let d = digit.index();
    let wanted = grid
        .digit_cells(digit)
        .difference(seen[d].difference(keep[d]));
    let mut done = CellSet::EMPTY.with(cell);
    for kind in KINDS {
        let house = house_of(cell, kind).cell_set();
        for other in wanted.intersection(house).difference(done).iter() {
            found[n] = Pot::new(other, digit, false);
            n += 1;
        }
        done = done.union(house);
    }
    for &q in &found[..n] {
        each(q, reached);
    }
}

pub use crate::steps::grid::is_pair;

/// The hasher of the chains' maps and sets keyed by grids and removals: the key's bytes eight at
/// a time, each word mixed in with a rotation, an XOR and a multiplication by an odd constant
/// (the scheme of rustc's FxHasher). The keys come from the engine, not from an adversary, and
/// SipHash took a few percent of a hard rating.
#[derive(Default)]
pub struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut words = bytes.chunks_exact(8);
        for w in &mut words {
            self.mix(u64::from_le_bytes(w.try_into().expect("eight bytes")));
        }
        let rest = words.remainder();
        if !rest.is_empty() {
            let mut last = [0u8; 8];
            last[..rest.len()].copy_from_slice(rest);
            self.mix(u64::from_le_bytes(last));
        }
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

impl KeyHasher {
    #[inline]
    fn mix(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

/// No parent (a start).
pub(crate) const NO_PARENT: u32 = u32::MAX;

/// A potential in the arena: its key, its main parent (an arena index, or `NO_PARENT`) and
/// its depth (1 for a start, the parent's plus one otherwise).
#[derive(Debug, Clone, Copy)]
pub struct Node {
    /// The potential.
    pub pot: Pot,
    /// The arena index of the potential that forced it.
    pub parent: u32,
    /// Potentials on the way from the start, both ends included.
    pub depth: u32,
}

/// The potentials derived by a search, named by index.
#[derive(Default)]
pub struct Arena {
    nodes: Vec<Node>,
}

impl Arena {
    /// An empty arena with room for `n` potentials.
    pub fn with_capacity(n: usize) -> Arena {
        Arena {
            nodes: Vec::with_capacity(n),
        }
    }

    /// Forgets every potential (keeps the memory).
    #[inline]
    pub fn clear(&mut self) {
        self.nodes.clear();
    }

    /// Adds a start (no parent); returns its index.
    #[inline]
    pub fn start(&mut self, pot: Pot) -> u32 {
        self.nodes.push(Node {
            pot,
            parent: NO_PARENT,
            depth: 1,
        });
        self.nodes.len() as u32 - 1
    }

    /// Adds `pot`, forced by the potential at `parent`; returns its index.
    #[inline]
    pub fn derive(&mut self, pot: Pot, parent: u32) -> u32 {
        let depth = self.nodes[parent as usize].depth + 1;
        self.nodes.push(Node { pot, parent, depth });
        self.nodes.len() as u32 - 1
    }

    /// The potential at `index`.
    #[inline]
    pub fn get(&self, index: u32) -> Node {
        self.nodes[index as usize]
    }

    /// True when `pot` is among the main-parent ancestors of the node at `index` (the node
    /// itself excluded): SE's test that keeps a search from walking back along its own chain.
    pub fn has_ancestor(&self, index: u32, pot: Pot) -> bool {
        let mut at = self.nodes[index as usize].parent;
        while at != NO_PARENT {
            let n = self.nodes[at as usize];
            if n.pot == pot {
                return true;
            }
            at = n.parent;
        }
        false
    }

    /// SE's complexity of a conclusion: the number of distinct potentials (equal when cell,
    /// digit and state are) the node at `index` descends from, itself included.
    pub fn ancestor_count(&self, index: u32) -> u32 {
        let mut seen = PotSet::EMPTY;
        let mut count = 0;
        let mut at = index;
        while at != NO_PARENT {
            let n = self.nodes[at as usize];
            count += u32::from(seen.insert(n.pot));
            at = n.parent;
        }
        count
    }

    /// The potentials from the start to the node at `index`, into `out` (cleared first).
    pub fn path(&self, index: u32, out: &mut Vec<Pot>) {
        out.clear();
        let mut at = index;
        while at != NO_PARENT {
            let n = self.nodes[at as usize];
            out.push(n.pot);
            at = n.parent;
        }
        out.reverse();
    }
}

/// Which link rules a search uses (SE's `isYChainEnabled`, `isXChainEnabled`): the cell rules
/// ("Y": a digit on turns its cell's other candidates off; a bivalue cell's candidate off
/// turns the other on) and the house strong rule ("X": a digit off in a house where it has two
/// places turns the other place on). The house weak rule (a digit on turns it off in every
/// peer) is always used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Links {
    /// Cell rules.
    pub y: bool,
    /// House strong rule.
    pub x: bool,
}

/// The rule that made an on-potential (SE's `Potential.Cause`), which the nested rules' rule
/// parents follow ([`super::nested::rule_parents`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cause {
    /// The cell rule (`NakedSingle`): the other candidate of a bivalue cell.
    Cell,
    /// The house rule in a house of this kind (`HiddenBlock`, `HiddenRow`, `HiddenColumn`):
    /// the digit's other place in a house where it has two.
    House(HouseKind),
}

/// SE's order of house kinds (`Grid.getRegionTypes`): box, row, column.
pub(crate) const KINDS: [HouseKind; 3] = [HouseKind::Box, HouseKind::Row, HouseKind::Column];

/// True when `digit` has two or more places in `house`, the first of them (in the house's
/// order, which is the cells' order) being `cell`: a region chain is examined from its house's
/// first place only, so once. Read on the house's places (a 9-bit mask).
#[inline]
pub fn first_of_places(grid: &Grid, house: House, digit: Digit, cell: Cell) -> bool {
    let m = grid.positions(house, digit);
    m & m.wrapping_sub(1) != 0 && house.cells()[m.trailing_zeros() as usize] == cell
}

/// The house of `kind` holding `cell`.
#[inline]
pub fn house_of(cell: Cell, kind: HouseKind) -> House {
    let [row, column, square] = cell.houses();
    match kind {
        HouseKind::Row => row,
        HouseKind::Column => column,
        HouseKind::Box => square,
    }
}

/// The "off" consequences of the on-potential `p`, in SE's order (`getOnToOff`): with the cell
/// rule, the cell's other candidates by digit; then the digit's other places in the cell's
/// box, row and column (each house's cells in index order, a cell met twice given once).
#[inline]
pub fn on_to_off(grid: &Grid, p: Pot, links: Links, mut each: impl FnMut(Pot)) {
    let (cell, digit) = (p.cell(), p.digit());
    if links.y {
        let mut rest = grid.candidates(cell) & !(1 << digit.index());
        while rest != 0 {
            let d = Digit::ALL[rest.trailing_zeros() as usize];
            rest &= rest - 1;
            each(Pot::new(cell, d, false));
        }
    }
    let places = grid.digit_cells(digit);
    let mut done = CellSet::EMPTY.with(cell);
    for kind in KINDS {
        let house = house_of(cell, kind).cell_set();
        // A house's cells in index order are its cells in increasing cell order.
        for other in places.intersection(house).difference(done).iter() {
            each(Pot::new(other, digit, false));
        }
        done = done.union(house);
    }
}

/// What the link rule `cause` that made an on-potential from the off-potential `p` relied on
/// and the reduced grid `work` lost against `source` (SE's hidden parents): by the cell rule,
/// the candidates `p`'s cell lost; by the house rule, the places of `p`'s digit lost in `p`'s
/// house of that kind (the link's house, holding both cells). Given to `each` as
/// off-potentials, in cell order. (`p` may be the on-potential itself: the same cell, digit and
/// house.)
#[inline]
pub fn each_lost(source: &Grid, work: &Grid, p: Pot, cause: Cause, mut each: impl FnMut(Pot)) {
    match cause {
        Cause::Cell => {
            let mut rest = source.candidates(p.cell()) & !work.candidates(p.cell());
            while rest != 0 {
                let d = Digit::ALL[rest.trailing_zeros() as usize];
                rest &= rest - 1;
                each(Pot::new(p.cell(), d, false));
            }
        }
        Cause::House(kind) => {
            // On the house's places (9-bit masks, in the house's cell order, which is the
            // cells' order).
            let (house, digit) = (house_of(p.cell(), kind), p.digit());
            let mut lost = source.positions(house, digit) & !work.positions(house, digit);
            while lost != 0 {
                let at = lost.trailing_zeros() as usize;
                lost &= lost - 1;
                each(Pot::new(house.cells()[at], digit, false));
            }
        }
    }
}

/// The "on" consequences of the off-potential `p`, in SE's order (`getOffToOn`): with the cell
/// rule, the other candidate of a bivalue cell; with the house rule, the digit's other place
/// in each of the cell's box, row and column where it has exactly two (a cell met twice given
/// once).
#[inline]
pub fn off_to_on(grid: &Grid, p: Pot, links: Links, mut each: impl FnMut(Pot)) {
    off_to_on_by(grid, p, links, |q, _| each(q));
}

/// As [`off_to_on`], giving with each consequence the rule that made it: [`Cause::Cell`], or
/// [`Cause::House`] with the kind of the house (the first in SE's order, box, row, column,
/// holding both cells where the digit has two places).
#[inline]
pub fn off_to_on_by(grid: &Grid, p: Pot, links: Links, mut each: impl FnMut(Pot, Cause)) {
    let (cell, digit) = (p.cell(), p.digit());
    // The cells given so far (at most two before the last house): a cell met twice is given
    // once.
    let mut given = [usize::MAX; 2];
    if links.y {
        let cands = grid.candidates(cell);
        if is_pair(cands) {
            let other = cands & !(1 << digit.index());
            if other != 0 && other & (other - 1) == 0 {
                each(
                    Pot::new(cell, Digit::ALL[other.trailing_zeros() as usize], true),
                    Cause::Cell,
                );
            }
        }
    }
    if links.x {
        // On the houses' places (9-bit masks), in SE's order of house kinds.
        let all = grid.house_places();
        let (houses, positions) = (cell.houses(), cell.positions());
        // Box, row, column: `KINDS` in `Cell::houses`'s order (row, column, box).
        for (n, k) in [2, 0, 1].into_iter().enumerate() {
            let (house, position) = (houses[k], positions[k]);
            let mask = all[house.index()][digit.index()];
            if is_pair(mask) && mask >> position & 1 != 0 {
                let o = house.cells()[(mask & !(1 << position)).trailing_zeros() as usize];
                if given.contains(&o.index()) {
                    continue;
                }
                if n < 2 {
                    given[n] = o.index();
                }
                each(Pot::new(o, digit, true), Cause::House(KINDS[n]));
            }
        }
    }
}

/// SE's length bonus (`ChainingHint.getLengthDifficulty`) for a chain of `complexity`: 0.1 for
/// each threshold 4, 6, 8, 12, 16, 24, 32, … (alternately times 3/2 and 4/3, integer
/// division) that `complexity - 2` exceeds, added up from 0.0 one 0.1 at a time as SE does.
pub fn length_bonus(complexity: u32) -> f64 {
    let length = complexity as i64 - 2;
    let mut added = 0.0f64;
    let mut ceiling = 4i64;
    let mut odd = false;
    while length > ceiling {
        added += 0.1;
        ceiling = if odd {
            ceiling * 4 / 3
        } else {
            ceiling * 3 / 2
        };
        odd = !odd;
    }
    added
}

/// A chain's difficulty as SE computes it: `base + bonus`, in `f64`.
#[inline]
pub fn difficulty(base: f64, complexity: u32) -> f64 {
    base + length_bonus(complexity)
}

/// A difficulty in tenths, rounded as serate prints it: `(int)((x + 0.05) * 10)`.
#[inline]
pub fn tenths(difficulty: f64) -> u8 {
    ((difficulty + 0.05) * 10.0) as u8
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::steps::grid::varied_grids;

    #[test]
    fn strong_links_are_the_houses_with_two_places() {
        // `off_to_on` against the cell sets read house by house: the other candidate of a
        // bivalue cell, then in box, row, column order the digit's other place in a house
        // where it has two, a cell met twice given once.
        for grid in varied_grids() {
            for cell in grid.empty_cells().iter() {
                for d in Digit::ALL {
                    if grid.candidates(cell) >> d.index() & 1 == 0 {
                        continue;
                    }
                    let p = Pot::new(cell, d, false);
                    let mut got = Vec::new();
                    off_to_on(&grid, p, Links { x: true, y: true }, |q| got.push(q));
                    let mut expected = Vec::new();
                    let cands = grid.candidates(cell);
                    if cands.count_ones() == 2 {
                        let other = (cands & !(1 << d.index())).trailing_zeros() as usize;
                        expected.push(Pot::new(cell, Digit::ALL[other], true));
                    }
                    let mut given = CellSet::EMPTY;
                    for kind in KINDS {
                        let here = grid.cells_with(house_of(cell, kind), d);
                        if here.len() == 2 {
                            let o = here.iter().find(|&c| c != cell).expect("two");
                            if !given.contains(o) {
                                given = given.with(o);
                                expected.push(Pot::new(o, d, true));
                            }
                        }
                    }
                    assert_eq!(got, expected);
                }
            }
        }
    }
}
