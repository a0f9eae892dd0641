//! Which chain searches of producer 14 can find anything on a grid, decided once for the whole
//! grid before the searches from each start (a shortcut only: it never changes a step).
//!
//! The potentials of a grid and the links of the XY pass (every link of [`super::potential`])
//! form an implication graph: an edge `p → q` when `q` follows from `p` by one link. Weak links
//! (`on → off`) and strong links (`off → on`) are symmetric, so the graph is *skew-symmetric*:
//! `p → q` is an edge exactly when `¬q → ¬p` is (as in the implication graph of 2-SAT). The X
//! and Y passes use a subset of the XY pass's links. Two facts follow:
//!
//! - **A forcing chain from `p` exists in some pass only if `p` reaches `¬p`** in this graph:
//!   the chain is such a path. A start that does not is not searched (the search finds the
//!   shortest path exactly when one exists, so nothing is lost).
//! - **A cycle with a removal needs some potential `on(c, d)` that reaches `off(c, d)`.** A
//!   cycle through `on(s)` is a closed walk, so `on(s)` lies in a strongly connected component
//!   of two or more potentials; and when the cycle removes `d` from a cell `c` that sees an
//!   on-potential `on(a, d)` and an off-potential `off(b, d)` of the cycle, the cycle walked
//!   backwards with every potential negated (skew symmetry) leads from `off(a, d)` to `on(b,
//!   d)`, so `on(c, d) → off(a, d) ⇝ on(b, d) → off(c, d)`.
//!
//! So when no potential reaches its negation, producer 14 finds nothing at all; this is the
//! common case at the stalls of a nested propagation (levels 2 and 3), where producer 14 runs
//! whole on each reduced grid. Otherwise the forcing-chain searches run only from the
//! potentials that reach their negation, and the cycle searches only from the starts in a
//! strongly connected component of two or more potentials that holds, for some candidate
//! `(c, d)` whose on-potential reaches its off-potential, an on- and an off-potential of `d`
//! at peers of `c`.
//!
//! Most candidates of a grid have no strong link (no bivalue cell, no house where the digit
//! has two places): such a *free* candidate's on-potential has no incoming edge and its
//! off-potential no outgoing one. Only the potentials of the *linked* candidates (a few dozen
//! on the reduced grids of a propagation, against a few hundred free ones) can lie on a cycle
//! of the graph, so only they are numbered as nodes. Their strongly connected components
//! come from Tarjan's algorithm (R. Tarjan, "Depth-first search and linear graph
//! algorithms", SIAM J. Computing 1(2), 1972), which numbers them so that every edge between
//! two components goes to a lower number; what each component reaches is then built in that
//! order as one bit set: a bit per component, and a bit per free candidate for its
//! off-potential. A free on-potential reaches what its successors reach, taken when asked:
//! its weak links go to its cell's other candidates and to its digit's other places in the
//! three houses of its cell, so what those reach is gathered once per cell and per digit and
//! house, and each free on-potential takes the union of four sets, not a walk over its
//! twenty peers.
//!
//! Layers: uses the chain potentials and their link rules only.

use super::potential::{is_pair, off_to_on, Links, Pot, Reached, KEYS};
use crate::geometry::CellSet;
use crate::geometry::{Cell, Digit};
use crate::steps::grid::Grid;

/// In [`Reach::slot`]: the slot of a free candidate has this bit.
const FREE: u32 = 1 << 31;

/// The reachability between the potentials of one grid under every link.
pub struct Reach {
    /// The candidate masks of the grid.
    masks: [u16; 81],
    /// The cells of each digit's candidates.
    places: [CellSet; 9],
    /// By candidate (`9 * cell + digit index`): a linked candidate's index `i` (its nodes are
    /// `2 * i` off and `2 * i + 1` on), or a free candidate's index with [`FREE`].
    slot: Box<[u32; 729]>,
    /// The candidates whose on-potential reaches their off-potential, by digit index.
    on_fails: [CellSet; 9],
    /// The candidates whose off-potential reaches their on-potential, by digit index.
    off_fails: [CellSet; 9],
    /// The component of each node.
    component: Vec<u32>,
    /// The number of components: bit `count + j` of a set stands for the off-potential of
    /// free candidate `j`.
    count: usize,
    /// Components of two or more nodes, one bit each.
    nontrivial: Vec<u64>,
    /// Those where a cycle may remove something ([`Reach::keep_cycling`]), made when
    /// [`Reach::may_cycle`] first asks (producer 14 asks, the multiple forcing chains do not).
    cycling: std::cell::OnceCell<Vec<u64>>,
    /// For each component, what it reaches (itself included): `words` words each.
    reaches: Vec<u64>,
    /// Words per set.
    words: usize,
    /// The cell and digit index of each free candidate.
    free: Vec<(u8, u8)>,
    /// The cells of the free candidates, by digit index.
    free_places: [CellSet; 9],
    /// Where each component's nodes begin in the depth-first search's `order` (which lists
    /// them component by component in increasing number), and its end last.
    member_first: Vec<u32>,
    /// What each free candidate's on-potential reaches (`words` words each), made when
    /// [`Reach::share`] first asks: the multiple forcing chains ask for most of them, several
    /// times each.
    free_on: std::cell::OnceCell<Vec<u64>>,
    /// Working memory of [`Reach::rebuild`], kept for the next grid.
    buffers: Buffers,
}

/// The working memory of [`Reach::rebuild`]: the graph's adjacency lists and the depth-first
/// search's lists, kept from one grid to the next (a nested search builds a reachability at
/// each of thousands of stalls).
#[derive(Default)]
struct Buffers {
    first: Vec<u32>,
    edges: Vec<u16>,
    sink_first: Vec<u32>,
    sinks: Vec<u32>,
    candidate: Vec<(u8, u8)>,
    taken: Vec<u32>,
    dfs: Dfs,
}

/// The lists of [`tarjan`]'s depth-first search (`order` is its result).
#[derive(Default)]
struct Dfs {
    root: Vec<bool>,
    stack: Vec<u32>,
    order: Vec<u32>,
    path: Vec<(u32, u32)>,
}

/// Sets of potentials gathered by cell (what the off-potentials of the cell's candidates
/// reach) and by digit and house (what the off-potentials of the digit's places there reach),
/// `W` words each: a free on-potential reaches the union of the sets of its cell and of its
/// digit in its three houses ([`Reach::free_on_sets`]).
struct Near<const W: usize> {
    sets: Vec<[u64; W]>,
}

impl<const W: usize> Near<W> {
    /// Empty sets: one per cell, then one per digit and house.
    fn new() -> Near<W> {
        Near {
            sets: vec![[0; W]; 81 + 9 * 27],
        }
    }

    /// The indices of the sets of `cell` and of digit index `d` in the cell's houses.
    fn of(cell: usize, d: usize) -> [usize; 4] {
        let [a, b, c] = Cell::ALL[cell].houses().map(|h| 81 + 27 * d + h.index());
        [cell, a, b, c]
    }

    /// Adds `set` to the sets of `cell` and of digit index `d` in its houses.
    fn add(&mut self, cell: usize, d: usize, set: &[u64; W]) {
        for k in Near::<W>::of(cell, d) {
            let into = &mut self.sets[k];
            for w in 0..W {
                into[w] |= set[w];
            }
        }
    }

    /// Adds bit `bit` to the sets of `cell` and of digit index `d` in its houses.
    fn add_bit(&mut self, cell: usize, d: usize, bit: usize) {
        for k in Near::<W>::of(cell, d) {
            self.sets[k][bit / 64] |= 1 << (bit % 64);
        }
    }

    /// The union of the sets of `cell` and of digit index `d` in its houses.
    fn union(&self, cell: usize, d: usize) -> [u64; W] {
        let [a, b, c, e] = Near::<W>::of(cell, d).map(|k| &self.sets[k]);
        std::array::from_fn(|w| a[w] | b[w] | c[w] | e[w])
    }
}

/// The cells where each digit (by index) has a strong link in some house: its two places
/// there.
pub(super) fn bilocal(grid: &Grid) -> [CellSet; 9] {
    bilocal_marking(grid, |_| 0).0
}

/// [`bilocal`], and apart, by digit index, the cells of the strong links in the houses where
/// `mark(house index)` has the digit's bit: both from one pass over the houses.
#[inline]
pub(super) fn bilocal_marking(
    grid: &Grid,
    mark: impl Fn(usize) -> u16,
) -> ([CellSet; 9], [CellSet; 9]) {
    let (mut bilocal, mut marked) = ([CellSet::EMPTY; 9], [CellSet::EMPTY; 9]);
    let houses = crate::geometry::House::ALL.iter().zip(grid.house_places());
    for (h, (house, here)) in houses.enumerate() {
        let mut pairs = digits_placed(here, 2);
        let marks = pairs & mark(h);
        let cells = house.cells();
        while pairs != 0 {
            let d = pairs.trailing_zeros() as usize;
            pairs &= pairs - 1;
            let m = here[d];
            let two = CellSet::EMPTY
                .with(cells[m.trailing_zeros() as usize])
                .with(cells[15 - m.leading_zeros() as usize]);
            bilocal[d] = bilocal[d].union(two);
            if marks >> d & 1 != 0 {
                marked[d] = marked[d].union(two);
            }
        }
    }
    (bilocal, marked)
}

/// The digits (a bit per digit index) with exactly two places in a house whose places by
/// digit are `here` (`at_least == 2`), or with three or more (`at_least == 3`); for all nine at
/// once, without a branch per digit (popcounts are not single instructions on every target).
#[inline]
pub(super) fn digits_placed(here: &[u16; 9], at_least: u32) -> u16 {
    let mut digits = 0u16;
    for (d, &m) in here.iter().enumerate() {
        let rest = m & m.wrapping_sub(1);
        let more = rest & rest.wrapping_sub(1) != 0;
        let hit = if at_least == 2 {
            rest != 0 && !more
        } else {
            more
        };
        digits |= (hit as u16) << d;
    }
    digits
}

/// What a set of [`Reach`] stands for: a component, or the off-potential of a free candidate.
fn has(set: &[u64], bit: usize) -> bool {
    set[bit / 64] >> (bit % 64) & 1 != 0
}

impl Reach {
    /// The reachability on `grid`: the potentials of every candidate of every empty cell, on
    /// and off, under every link.
    pub fn new(grid: &Grid) -> Reach {
        let mut reach = Reach {
            masks: [0; 81],
            places: [CellSet::EMPTY; 9],
            // Entries are read only for the grid's candidates, each written by `rebuild`.
            slot: Box::new([0u32; 729]),
            on_fails: [CellSet::EMPTY; 9],
            off_fails: [CellSet::EMPTY; 9],
            component: Vec::new(),
            count: 0,
            nontrivial: Vec::new(),
            cycling: std::cell::OnceCell::new(),
            reaches: Vec::new(),
            words: 0,
            free: Vec::new(),
            free_places: [CellSet::EMPTY; 9],
            member_first: Vec::new(),
            free_on: std::cell::OnceCell::new(),
            buffers: Buffers::default(),
        };
        reach.rebuild(grid);
        reach
    }

    /// Makes this the reachability on `grid` (as [`Reach::new`]), reusing the memory.
    pub fn rebuild(&mut self, grid: &Grid) {
        let masks = *grid.candidate_masks();
        self.masks = masks;
        self.places = std::array::from_fn(|d| grid.digit_cells(Digit::ALL[d]));
        self.on_fails = [CellSet::EMPTY; 9];
        self.off_fails = [CellSet::EMPTY; 9];
        self.free_on = std::cell::OnceCell::new();
        self.free.clear();
        let bilocal = bilocal(grid);
        let mut free_places = [CellSet::EMPTY; 9];
        let (mut linked, mut free) = (0u32, 0u32);
        let mut b = std::mem::take(&mut self.buffers);
        // The candidate (cell, digit index) of each linked index.
        b.candidate.clear();
        for cell in grid.empty_cells().iter() {
            let m = masks[cell.index()];
            let bivalue = is_pair(m);
            let mut rest = m;
            while rest != 0 {
                let d = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let k = 9 * cell.index() + d;
                if bivalue || bilocal[d].contains(cell) {
                    self.slot[k] = linked;
                    linked += 1;
                    b.candidate.push((cell.index() as u8, d as u8));
                } else {
                    self.slot[k] = free | FREE;
                    free += 1;
                    self.free.push((cell.index() as u8, d as u8));
                    free_places[d] = free_places[d].with(cell);
                }
            }
        }
        self.free_places = free_places;
        // The linked candidates' nodes and their edges as adjacency lists in one array: the
        // links of `on_to_off` and `off_to_on` with every rule (a node's edges in any order);
        // an on-node's edges to free off-potentials go to `sinks` (free indices).
        let n = 2 * linked as usize;
        let Buffers {
            first,
            edges,
            sink_first,
            sinks,
            candidate,
            taken,
            dfs,
        } = &mut b;
        first.clear();
        edges.clear();
        sink_first.clear();
        sinks.clear();
        // The linked candidates in index order (no second look at the free ones).
        for &(i, d) in candidate.iter() {
            let (i, d) = (i as usize, d as usize);
            // Off: the other candidate of a bivalue cell, and the other place of the digit in
            // each house where it has two (all linked): the strong links.
            first.push(edges.len() as u32);
            sink_first.push(sinks.len() as u32);
            let off = Pot::new(Cell::ALL[i], Digit::ALL[d], false);
            off_to_on(grid, off, Links { x: true, y: true }, |q| {
                edges.push(self.node(q.cell().index(), q.digit().index(), true) as u16);
            });
            // On: the cell's other candidates, and the digit in every peer.
            first.push(edges.len() as u32);
            sink_first.push(sinks.len() as u32);
            self.each_weak(i, d, |target| match target {
                Ok(node) => edges.push(node as u16),
                Err(j) => sinks.push(j),
            });
        }
        first.push(edges.len() as u32);
        sink_first.push(sinks.len() as u32);
        debug_assert_eq!(first.len(), n + 1);
        let mut component = std::mem::take(&mut self.component);
        let count = tarjan(n, first, edges, dfs, &mut component);
        // Sets of a few fixed sizes, so that the unions are unrolled.
        let bits = count + free as usize;
        let words = match bits.div_ceil(64) {
            0..=4 => 4,
            5..=8 => 8,
            9..=16 => 16,
            _ => KEYS.div_ceil(64),
        };
        let mut reaches = std::mem::take(&mut self.reaches);
        reaches.clear();
        reaches.resize(count * words, 0);
        let mut nontrivial = std::mem::take(&mut self.nontrivial);
        nontrivial.clear();
        nontrivial.resize(words, 0);
        taken.clear();
        taken.resize(count, u32::MAX);
        let parts = Parts {
            component: &component,
            order: &dfs.order,
            first,
            edges,
            sink_first,
            sinks,
            count,
        };
        match words {
            4 => close::<4>(parts, &mut reaches, &mut nontrivial, taken),
            8 => close::<8>(parts, &mut reaches, &mut nontrivial, taken),
            16 => close::<16>(parts, &mut reaches, &mut nontrivial, taken),
            _ => close::<{ KEYS.div_ceil(64) }>(parts, &mut reaches, &mut nontrivial, taken),
        }
        self.member_first.clear();
        for (k, &v) in dfs.order.iter().enumerate() {
            if k == 0 || component[v as usize] != component[dfs.order[k - 1] as usize] {
                self.member_first.push(k as u32);
            }
        }
        self.member_first.push(dfs.order.len() as u32);
        debug_assert_eq!(self.member_first.len(), count + 1);
        self.component = component;
        self.count = count;
        self.nontrivial = nontrivial;
        self.cycling = std::cell::OnceCell::new();
        self.reaches = reaches;
        self.words = words;
        self.find_contradictions(candidate, sink_first, sinks);
        self.buffers = b;
    }

    /// The linked index of the candidate (`None` for a free one).
    fn linked(&self, cell: usize, d: usize) -> Option<usize> {
        let s = self.slot[9 * cell + d];
        (s & FREE == 0).then_some(s as usize)
    }

    /// The node of a linked candidate's potential.
    fn node(&self, cell: usize, d: usize, on: bool) -> usize {
        let s = self.slot[9 * cell + d];
        debug_assert!(s & FREE == 0, "a linked candidate");
        2 * s as usize + on as usize
    }

    /// The weak consequences of `on(cell, d)`: a node for a linked candidate's off-potential
    /// (`Ok`), a free index for a free one's (`Err`).
    fn each_weak(&self, cell: usize, d: usize, mut each: impl FnMut(Result<usize, u32>)) {
        let mut target = |c: usize, e: usize| {
            let s = self.slot[9 * c + e];
            each(if s & FREE == 0 {
                Ok(2 * s as usize)
            } else {
                Err(s & !FREE)
            });
        };
        let mut others = self.masks[cell] & !(1 << d);
        while others != 0 {
            let e = others.trailing_zeros() as usize;
            others &= others - 1;
            target(cell, e);
        }
        for peer in Cell::ALL[cell]
            .peer_set()
            .intersection(self.places[d])
            .iter()
        {
            target(peer.index(), d);
        }
    }

    /// The set of node `v`'s component.
    fn set_of(&self, v: usize) -> &[u64] {
        let c = self.component[v] as usize;
        &self.reaches[c * self.words..(c + 1) * self.words]
    }

    /// Finds the candidates whose on-potential reaches their off-potential, or the reverse.
    /// `candidate` gives the cell and digit index of each linked index; `sink_first` and
    /// `sinks` each node's edges to free off-potentials (free indices).
    ///
    /// A linked candidate's two nodes are compared directly. A free candidate's off-potential
    /// reaches nothing, and its on-potential goes first to the off-potentials of the candidates
    /// weakly linked to it: it reaches its own off-potential exactly when one of the linked
    /// ones among those does. Weak links are symmetric, so those linked candidates are the ones
    /// whose on-potential has the free candidate among its sinks: walking each linked
    /// candidate's sinks once visits every pair, without a walk over each free candidate's
    /// peers.
    fn find_contradictions(&mut self, candidate: &[(u8, u8)], sink_first: &[u32], sinks: &[u32]) {
        for (i, &(cell, d)) in candidate.iter().enumerate() {
            let (off, on) = (2 * i, 2 * i + 1);
            let (c_off, c_on) = (self.component[off], self.component[on]);
            let c = Cell::ALL[cell as usize];
            let d = d as usize;
            let on_fails = has(self.set_of(on), c_off as usize);
            let from_off = self.set_of(off);
            let off_fails = has(from_off, c_on as usize);
            // At most 8 other candidates and 20 peers.
            let weak = &sinks[sink_first[on] as usize..sink_first[on + 1] as usize];
            let mut failed = [0u16; 32];
            let mut n = 0;
            for &j in weak {
                if has(from_off, self.count + j as usize) {
                    failed[n] = j as u16;
                    n += 1;
                }
            }
            if on_fails {
                self.on_fails[d] = self.on_fails[d].with(c);
            }
            if off_fails {
                self.off_fails[d] = self.off_fails[d].with(c);
            }
            for &j in &failed[..n] {
                let (fc, fd) = self.free[j as usize];
                let fd = fd as usize;
                self.on_fails[fd] = self.on_fails[fd].with(Cell::ALL[fc as usize]);
            }
        }
    }

    /// True when some potential reaches its negation: without one, producer 14 finds nothing.
    pub fn any_contradiction(&self) -> bool {
        self.on_fails
            .iter()
            .chain(&self.off_fails)
            .any(|s| !s.is_empty())
    }

    /// True when `p` reaches `¬p`: a forcing chain from `p` may exist (false for a candidate
    /// the grid lacks).
    pub fn contradicts(&self, p: Pot) -> bool {
        let fails = if p.is_on() {
            &self.on_fails
        } else {
            &self.off_fails
        };
        fails[p.digit().index()].contains(p.cell())
    }

    /// The components of two or more nodes where a cycle may remove a candidate: a cycle's
    /// potentials all lie in one component, and a removal of `d` from a cell `c` needs an on-
    /// and an off-potential of `d` in it at peers of `c`, and `on(c, d)` reaching `off(c, d)`
    /// (see the module's documentation).
    fn keep_cycling(&self) -> Vec<u64> {
        let mut kept = self.nontrivial.clone();
        if !kept.iter().any(|&w| w != 0) {
            return kept;
        }
        if self.on_fails.iter().all(|s| s.is_empty()) {
            kept.fill(0);
            return kept;
        }
        // The cells of each digit's on and off nodes in each component of two or more, by a
        // dense index of those components.
        let mut dense = vec![u32::MAX; self.count];
        let mut places: Vec<(u32, [[CellSet; 9]; 2])> = Vec::new();
        for (i, &(cell, d)) in self.buffers.candidate.iter().enumerate() {
            for on in [0, 1] {
                let c = self.component[2 * i + on] as usize;
                if !has(&kept, c) {
                    continue;
                }
                if dense[c] == u32::MAX {
                    dense[c] = places.len() as u32;
                    places.push((c as u32, [[CellSet::EMPTY; 9]; 2]));
                }
                let set = &mut places[dense[c] as usize].1[on][d as usize];
                *set = set.with(Cell::ALL[cell as usize]);
            }
        }
        for (c, cells) in places {
            let removes = (0..9).any(|d| {
                let (off, on) = (cells[0][d], cells[1][d]);
                !off.is_empty()
                    && !on.is_empty()
                    && self.on_fails[d].iter().any(|cell| {
                        let peers = cell.peer_set();
                        !peers.intersection(on).is_empty() && !peers.intersection(off).is_empty()
                    })
            });
            if !removes {
                kept[c as usize / 64] &= !(1 << (c % 64));
            }
        }
        kept
    }

    /// True when a cycle through the on-potential of `digit` in `cell` may remove something:
    /// this potential lies in a strongly connected component of two or more potentials that
    /// holds, for some candidate whose on-potential reaches its off-potential, an on- and an
    /// off-potential of its digit at peers of its cell.
    pub fn may_cycle(&self, cell: Cell, digit: Digit) -> bool {
        let (i, d) = (cell.index(), digit.index());
        if self.masks[i] >> d & 1 == 0 {
            return false;
        }
        // A free on-potential has no incoming edge: it lies on no cycle.
        let cycling = self.cycling.get_or_init(|| self.keep_cycling());
        self.linked(i, d)
            .is_some_and(|s| has(cycling, self.component[2 * s + 1] as usize))
    }

    /// The cells, by digit index, of the candidates from which one of producer 14's searches
    /// can find something: those whose on-potential reaches their off-potential or the
    /// reverse ([`Reach::contradicts`]), and those whose on-potential may start a cycle that
    /// removes something ([`Reach::may_cycle`]). The others need no look.
    pub fn start_places(&self) -> [CellSet; 9] {
        let mut places: [CellSet; 9] =
            std::array::from_fn(|d| self.on_fails[d].union(self.off_fails[d]));
        if self.nontrivial.iter().all(|&w| w == 0) {
            return places;
        }
        let cycling = self.cycling.get_or_init(|| self.keep_cycling());
        if cycling.iter().all(|&w| w == 0) {
            return places;
        }
        for (i, &(cell, d)) in self.buffers.candidate.iter().enumerate() {
            if has(cycling, self.component[2 * i + 1] as usize) {
                let d = d as usize;
                places[d] = places[d].with(Cell::ALL[cell as usize]);
            }
        }
        places
    }

    /// What each free candidate's on-potential reaches: what its successors reach, the
    /// off-potentials of its cell's other candidates and of its digit's other places in its
    /// houses, gathered by cell and by digit and house ([`Near`]). Those sets hold the
    /// candidate's own off-potential too, which it reaches exactly when it is known to fail.
    fn free_on_sets(&self) -> &[u64] {
        self.free_on.get_or_init(|| match self.words {
            4 => self.free_on_sets_of::<4>(),
            8 => self.free_on_sets_of::<8>(),
            16 => self.free_on_sets_of::<16>(),
            _ => self.free_on_sets_of::<{ KEYS.div_ceil(64) }>(),
        })
    }

    /// [`Reach::free_on_sets`] with sets of `W` words.
    fn free_on_sets_of<const W: usize>(&self) -> Vec<u64> {
        debug_assert_eq!(W, self.words);
        let mut near = Near::<W>::new();
        for (i, &(cell, d)) in self.buffers.candidate.iter().enumerate() {
            let set = self.set_of(2 * i).try_into().expect("W words");
            near.add(cell as usize, d as usize, set);
        }
        for (j, &(cell, d)) in self.free.iter().enumerate() {
            near.add_bit(cell as usize, d as usize, self.count + j);
        }
        let mut sets = Vec::with_capacity(self.free.len() * W);
        for (j, &(cell, d)) in self.free.iter().enumerate() {
            let mut one = near.union(cell as usize, d as usize);
            if !self.on_fails[d as usize].contains(Cell::ALL[cell as usize]) {
                let bit = self.count + j;
                one[bit / 64] &= !(1 << (bit % 64));
            }
            sets.extend_from_slice(&one);
        }
        sets
    }

    /// The potentials a search from `start` need not walk through, written into `out` as
    /// already reached (by digit index): with `forcing`, those from which the start's negation
    /// (the forcing chain's end) cannot be reached, and with `cycle` (a start "on"), those
    /// outside the start's component, from which the start itself cannot be reached. Every
    /// potential on a path from the start to its negation, or on a cycle through it, is kept,
    /// and so is every potential on a path from the start to a kept one; so a breadth-first
    /// search that skips the others meets the rest in the same order, with the same parents,
    /// and finds the same chains. Under a subset of the links (the X and Y passes) fewer
    /// potentials reach either, so the skipped ones stay skippable.
    ///
    /// By skew symmetry `v` reaches `¬p` exactly when `p` reaches `¬v`: the potentials kept
    /// for the forcing chain are the negations of those the start reaches, read off its set
    /// component by component. A free candidate's potentials are all dead ends but for the
    /// target (its on-potential is never reached, its off-potential reaches nothing); from a
    /// free start, whose set is made only on demand, and with `free_only`, only those are
    /// skipped: the linked ones cost a look at each potential the start reaches, which pays
    /// for the searches that walk on to every potential (where every step is kept) but not for
    /// those that a bound soon stops.
    pub fn dead_ends(
        &self,
        start: Pot,
        forcing: bool,
        cycle: bool,
        free_only: bool,
        out: &mut Reached,
    ) {
        let target = start.negated();
        let s = self.slot[start.candidate()];
        let mut live = Reached::default();
        if s & FREE != 0 || free_only {
            out.off = self.free_places;
            out.on = [CellSet::EMPTY; 9];
            let d = target.digit().index();
            if !target.is_on() {
                out.off[d] = out.off[d].difference(CellSet::EMPTY.with(target.cell()));
            }
            return;
        }
        let node = 2 * s as usize + start.is_on() as usize;
        let mut add = |w: usize, negated: bool| {
            let (cell, d) = self.buffers.candidate[w / 2];
            let side = if (w & 1 == 1) != negated {
                &mut live.on
            } else {
                &mut live.off
            };
            side[d as usize] = side[d as usize].with(Cell::ALL[cell as usize]);
        };
        if forcing {
            for (k, &word) in self.set_of(node).iter().enumerate() {
                let mut word = word;
                while word != 0 {
                    let c = 64 * k + word.trailing_zeros() as usize;
                    word &= word - 1;
                    if c >= self.count {
                        break;
                    }
                    for &w in self.members(c) {
                        add(w as usize, true);
                    }
                }
            }
        }
        if cycle {
            for &w in self.members(self.component[node] as usize) {
                add(w as usize, false);
            }
        }
        let d = target.digit().index();
        let side = if target.is_on() {
            &mut live.on
        } else {
            &mut live.off
        };
        side[d] = side[d].with(target.cell());
        for d in 0..9 {
            out.off[d] = self.places[d].difference(live.off[d]);
            out.on[d] = self.places[d].difference(live.on[d]);
        }
    }

    /// The nodes of component `c`.
    fn members(&self, c: usize) -> &[u32] {
        let range = self.member_first[c] as usize..self.member_first[c + 1] as usize;
        &self.buffers.dfs.order[range]
    }

    /// True when the potentials `starts` all reach some common potential: a multiple forcing
    /// chain from them (every one assumed in turn) may exist. Their static propagations reach
    /// at most what they reach in this graph (a propagation stops at a contradiction), so a
    /// conclusion common to all is common here too.
    pub fn share(&self, starts: impl IntoIterator<Item = Pot>) -> bool {
        match self.words {
            4 => self.share_of::<4>(starts).is_some(),
            8 => self.share_of::<8>(starts).is_some(),
            16 => self.share_of::<16>(starts).is_some(),
            _ => self.share_of::<{ KEYS.div_ceil(64) }>(starts).is_some(),
        }
    }

    /// As [`Reach::share`], and when the potentials `starts` share one, what they all reach
    /// into `out` ([`Reach::words`] words, to ask [`Reach::leads_to`] about; every bit when
    /// one of them is not a candidate).
    pub fn common(&self, starts: impl IntoIterator<Item = Pot>, out: &mut [u64]) -> bool {
        fn write<const W: usize>(found: Option<[u64; W]>, out: &mut [u64]) -> bool {
            found.is_some_and(|set| {
                out[..W].copy_from_slice(&set);
                true
            })
        }
        match self.words {
            4 => write(self.share_of::<4>(starts), out),
            8 => write(self.share_of::<8>(starts), out),
            16 => write(self.share_of::<16>(starts), out),
            _ => write(self.share_of::<{ KEYS.div_ceil(64) }>(starts), out),
        }
    }

    /// The number of words of the sets of [`Reach::common`].
    pub fn words(&self) -> usize {
        self.words
    }

    /// True when the potential `q`, of a candidate of the grid, can reach one of the set
    /// `wanted` (from [`Reach::common`]); a free on-potential (reached by nothing, so met only
    /// as a start) is taken as able to.
    pub fn leads_to(&self, q: Pot, wanted: &[u64]) -> bool {
        let s = self.slot[q.candidate()];
        if s & FREE == 0 {
            let set = self.set_of(2 * s as usize + q.is_on() as usize);
            set.iter().zip(wanted).any(|(a, b)| a & b != 0)
        } else if !q.is_on() {
            has(wanted, self.count + (s & !FREE) as usize)
        } else {
            true
        }
    }

    /// [`Reach::share`] with sets of `W` words: what the `starts` all reach, when not empty.
    fn share_of<const W: usize>(&self, starts: impl IntoIterator<Item = Pot>) -> Option<[u64; W]> {
        debug_assert_eq!(W, self.words);
        let mut common = [u64::MAX; W];
        for p in starts {
            let k = p.candidate();
            if self.masks[k / 9] >> (k % 9) & 1 == 0 {
                return Some([u64::MAX; W]);
            }
            // What `p` reaches, itself included, taken into the common part.
            let s = self.slot[k];
            let reached: &[u64; W] = if s & FREE == 0 {
                self.set_of(2 * s as usize + p.is_on() as usize)
            } else if !p.is_on() {
                // A free off-potential reaches itself alone.
                let bit = self.count + (s & !FREE) as usize;
                if !has(&common, bit) {
                    return None;
                }
                common = [0; W];
                common[bit / 64] = 1 << (bit % 64);
                continue;
            } else {
                let j = (s & !FREE) as usize;
                &self.free_on_sets()[j * W..(j + 1) * W]
            }
            .try_into()
            .expect("W words");
            let mut any = 0;
            for w in 0..W {
                common[w] &= reached[w];
                any |= common[w];
            }
            if any == 0 {
                return None;
            }
        }
        Some(common)
    }
}

/// The graph of the linked candidates and its components, for [`close`].
#[derive(Clone, Copy)]
struct Parts<'a> {
    component: &'a [u32],
    order: &'a [u32],
    first: &'a [u32],
    edges: &'a [u16],
    /// Each node's edges to free off-potentials: `sinks[sink_first[v]..sink_first[v + 1]]`.
    sink_first: &'a [u32],
    sinks: &'a [u32],
    count: usize,
}

/// Fills `reaches` with what each component reaches (itself included; a free off-potential
/// `j` as bit `count + j`), `W` words each, and marks in `nontrivial` the components of two
/// or more nodes. `order` lists the nodes component by component in increasing number, so
/// each component's set is finished before a higher-numbered one (every edge leaving a
/// component goes lower) reads it.
fn close<const W: usize>(g: Parts, reaches: &mut [u64], nontrivial: &mut [u64], taken: &mut [u32]) {
    let mut last = u32::MAX;
    // `taken`: the last component whose set took each component's (an edge met twice adds
    // once); all `u32::MAX` on entry.
    for &v in g.order {
        let v = v as usize;
        let c = g.component[v] as usize;
        if c as u32 == last {
            nontrivial[c / 64] |= 1 << (c % 64);
        }
        last = c as u32;
        let (low, high) = reaches.split_at_mut(c * W);
        let into: &mut [u64; W] = (&mut high[..W]).try_into().expect("W words");
        into[c / 64] |= 1 << (c % 64);
        for &j in &g.sinks[g.sink_first[v] as usize..g.sink_first[v + 1] as usize] {
            let bit = g.count + j as usize;
            into[bit / 64] |= 1 << (bit % 64);
        }
        for &w in &g.edges[g.first[v] as usize..g.first[v + 1] as usize] {
            let d = g.component[w as usize] as usize;
            if d != c && taken[d] != c as u32 {
                taken[d] = c as u32;
                let from: &[u64; W] = low[d * W..(d + 1) * W].try_into().expect("W words");
                for k in 0..W {
                    into[k] |= from[k];
                }
            }
        }
    }
}

/// The strongly connected components of the graph of `n` nodes whose node `v` has the edges
/// `edges[first[v]..first[v + 1]]`: the component of each node into `rindex`, the nodes in
/// the order their components were completed (so grouped by component, in increasing number)
/// into `dfs.order`, and the number of components returned. Components are numbered as they
/// are completed, so an edge between two components goes to the lower number.
///
/// Tarjan's algorithm in D. J. Pearce's form ("A space-efficient algorithm for finding
/// strongly connected components", Information Processing Letters 116(1), 2016), without
/// recursion: one number per node serves as visit index, low link and component (components
/// count down from `n - 1`, above every visit index in use, so an edge to a finished node
/// never lowers a link).
fn tarjan(n: usize, first: &[u32], edges: &[u16], dfs: &mut Dfs, rindex: &mut Vec<u32>) -> usize {
    let Dfs {
        root,
        stack,
        order,
        path,
    } = dfs;
    rindex.clear();
    rindex.resize(n, 0);
    root.clear();
    root.resize(n, false);
    stack.clear();
    order.clear();
    // The depth-first path: a node and the position of its next edge.
    path.clear();
    let mut index = 1u32;
    let mut next_component = n as u32;
    for start in 0..n {
        if rindex[start] != 0 {
            continue;
        }
        rindex[start] = index;
        index += 1;
        root[start] = true;
        path.push((start as u32, first[start]));
        while let Some(&(v, at)) = path.last() {
            let v = v as usize;
            if at < first[v + 1] {
                let w = edges[at as usize] as usize;
                if let Some(top) = path.last_mut() {
                    top.1 += 1;
                }
                if rindex[w] == 0 {
                    rindex[w] = index;
                    index += 1;
                    root[w] = true;
                    path.push((w as u32, first[w]));
                } else if rindex[w] < rindex[v] {
                    rindex[v] = rindex[w];
                    root[v] = false;
                }
                continue;
            }
            path.pop();
            if root[v] {
                // `v` and the nodes above it on the stack form a component.
                next_component -= 1;
                index -= 1;
                while let Some(&w) = stack.last() {
                    if rindex[w as usize] < rindex[v] {
                        break;
                    }
                    stack.pop();
                    rindex[w as usize] = next_component;
                    order.push(w);
                    index -= 1;
                }
                rindex[v] = next_component;
                order.push(v as u32);
            } else {
                stack.push(v as u32);
            }
            if let Some(&(u, _)) = path.last() {
                let u = u as usize;
                if rindex[v] < rindex[u] {
                    rindex[u] = rindex[v];
                    root[u] = false;
                }
            }
        }
    }
    // Components in completion order from 0.
    let count = n - next_component as usize;
    for r in rindex.iter_mut() {
        *r = n as u32 - 1 - *r;
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::steps::chains::potential::{
        every_potential, off_to_on, on_to_off, Links, PotSet, KEYS,
    };

    /// Every link: the XY pass's.
    const ALL: Links = Links { y: true, x: true };

    /// Reachability by a plain search from `p`, for comparison.
    fn reaches_by_search(grid: &Grid, p: Pot, q: Pot) -> bool {
        q != p && reached_by_search(grid, p).contains(q)
    }

    #[test]
    fn contradictions_match_a_plain_search() {
        for grid in crate::steps::grid::varied_grids() {
            let reach = Reach::new(&grid);
            let mut any = false;
            for p in every_potential(&grid) {
                let want = reaches_by_search(&grid, p, p.negated());
                assert_eq!(reach.contradicts(p), want, "{p:?}");
                any |= want;
            }
            assert_eq!(reach.any_contradiction(), any);
        }
    }

    #[test]
    fn a_rebuilt_reach_is_a_new_one() {
        // One reachability rebuilt grid after grid (its memory reused) answers as a new one.
        let grids = crate::steps::grid::varied_grids();
        let mut reused = Reach::new(&grids[grids.len() - 1]);
        for grid in &grids {
            reused.rebuild(grid);
            let fresh = Reach::new(grid);
            assert_eq!(reused.any_contradiction(), fresh.any_contradiction());
            for cell in grid.empty_cells().iter() {
                let cands = grid.candidates(cell);
                for digit in Digit::ALL {
                    if cands >> digit.index() & 1 == 0 {
                        continue;
                    }
                    assert_eq!(reused.may_cycle(cell, digit), fresh.may_cycle(cell, digit));
                    for on in [false, true] {
                        let p = Pot::new(cell, digit, on);
                        assert_eq!(reused.contradicts(p), fresh.contradicts(p));
                    }
                }
                let starts = || {
                    Digit::ALL
                        .into_iter()
                        .filter(|d| cands >> d.index() & 1 != 0)
                        .map(|d| Pot::new(cell, d, true))
                };
                assert_eq!(reused.share(starts()), fresh.share(starts()));
            }
        }
    }

    /// Everything `p` reaches by a plain search, itself included.
    fn reached_by_search(grid: &Grid, p: Pot) -> PotSet {
        let mut seen = PotSet::EMPTY;
        let mut todo = vec![p];
        seen.insert(p);
        while let Some(x) = todo.pop() {
            let mut next = Vec::new();
            if x.is_on() {
                on_to_off(grid, x, ALL, |y| next.push(y));
            } else {
                off_to_on(grid, x, ALL, |y| next.push(y));
            }
            for y in next {
                if seen.insert(y) {
                    todo.push(y);
                }
            }
        }
        seen
    }

    #[test]
    fn shares_match_a_plain_search() {
        let (mut shared, mut apart) = (0, 0);
        for grid in crate::steps::grid::varied_grids() {
            let reach = Reach::new(&grid);
            for cell in grid.empty_cells().iter() {
                let cands = grid.candidates(cell);
                if cands.count_ones() < 2 {
                    continue;
                }
                let starts: Vec<Pot> = Digit::ALL
                    .into_iter()
                    .filter(|d| cands >> d.index() & 1 != 0)
                    .map(|d| Pot::new(cell, d, true))
                    .collect();
                let sets: Vec<PotSet> = starts
                    .iter()
                    .map(|&p| reached_by_search(&grid, p))
                    .collect();
                let common = (0..KEYS as u16)
                    .map(Pot)
                    .any(|q| sets.iter().all(|s| s.contains(q)));
                assert_eq!(reach.share(starts.iter().copied()), common, "{cell:?}");
                if common {
                    shared += 1;
                } else {
                    apart += 1;
                }
            }
        }
        assert!(shared > 0 && apart > 0, "{shared} {apart}");
    }
}
