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
//! The components come from Tarjan's algorithm (R. Tarjan, "Depth-first search and linear
//! graph algorithms", SIAM J. Computing 1(2), 1972), which numbers them so that every edge
//! between two components goes to a lower number; the set of components each one reaches is
//! then built in that order, one bit set per component.
//!
//! Layers: uses the chain potentials and their link rules only.

use super::potential::{house_of, is_pair, Pot, KEYS, KINDS};
use crate::geometry::CellSet;
use crate::geometry::{Cell, Digit};
use crate::steps::grid::Grid;

/// The reachability between the potentials of one grid under every link.
pub struct Reach {
    /// The number of candidates before each cell's (row-major): a potential's node is
    /// `2 * (offset[cell] + its digit's rank among the cell's candidates) + on`.
    offset: [u16; 81],
    /// The candidate masks of the grid.
    masks: [u16; 81],
    /// The component of each node.
    component: Vec<u32>,
    /// Components of two or more nodes where a cycle may remove something, one bit each
    /// ([`Reach::keep_cycling`]).
    cycling: Vec<u64>,
    /// For each component, the components it reaches (itself included): `words` words each.
    reaches: Vec<u64>,
    /// Words per component set.
    words: usize,
    /// True when some potential reaches its negation.
    any_contradiction: bool,
}

impl Reach {
    /// The reachability on `grid`: the potentials of every candidate of every empty cell, on
    /// and off, under every link.
    pub fn new(grid: &Grid) -> Reach {
        let masks = *grid.candidate_masks();
        let mut offset = [0u16; 81];
        let mut n = 0usize;
        for (o, &m) in offset.iter_mut().zip(&masks) {
            *o = n as u16;
            n += m.count_ones() as usize;
        }
        // The off node of each candidate (its on node is the next one); 0 for none.
        let mut off_node = [0u16; 729];
        for cell in grid.empty_cells().iter() {
            let i = cell.index();
            let mut rest = masks[i];
            let mut rank = offset[i];
            while rest != 0 {
                let d = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                off_node[9 * i + d] = 2 * rank;
                rank += 1;
            }
        }
        // The nodes in order, and their edges as adjacency lists in one array: the links of
        // `on_to_off` and `off_to_on` with every rule (the order of a node's edges does not
        // matter here).
        let n = 2 * n;
        let mut first = Vec::with_capacity(n + 1);
        let mut edges: Vec<u16> = Vec::with_capacity(n * 8);
        // The candidate (9 * cell + digit index) of each pair of nodes.
        let mut candidate: Vec<u16> = Vec::with_capacity(n / 2);
        for cell in grid.empty_cells().iter() {
            let i = cell.index();
            let cands = masks[i];
            let mut rest = cands;
            while rest != 0 {
                let d = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                candidate.push((9 * i + d) as u16);
                let digit = Digit::ALL[d];
                let places = grid.digit_cells(digit);
                // Off: the other candidate of a bivalue cell, and the other place of the
                // digit in each house where it has two.
                first.push(edges.len() as u32);
                if is_pair(cands) {
                    let other = (cands & !(1 << d)).trailing_zeros() as usize;
                    edges.push(off_node[9 * i + other] + 1);
                }
                let mut given = CellSet::EMPTY;
                for kind in KINDS {
                    let here = places.intersection(house_of(cell, kind).cell_set());
                    if here.is_pair() {
                        let other = here.difference(CellSet::EMPTY.with(cell));
                        if given.intersection(other).is_empty() {
                            given = given.union(other);
                            let o = other.iter().next().expect("two places").index();
                            edges.push(off_node[9 * o + d] + 1);
                        }
                    }
                }
                // On: the cell's other candidates, and the digit in every peer.
                first.push(edges.len() as u32);
                let mut others = cands & !(1 << d);
                while others != 0 {
                    let e = others.trailing_zeros() as usize;
                    others &= others - 1;
                    edges.push(off_node[9 * i + e]);
                }
                for peer in cell.peer_set().intersection(places).iter() {
                    edges.push(off_node[9 * peer.index() + d]);
                }
            }
        }
        first.push(edges.len() as u32);
        debug_assert_eq!(first.len(), n + 1);
        let (component, order, count) = tarjan(n, &first, &edges);
        // Sets of a few fixed sizes, so that the unions are unrolled.
        let words = match count.div_ceil(64) {
            0..=4 => 4,
            5..=8 => 8,
            9..=16 => 16,
            _ => KEYS.div_ceil(64),
        };
        let mut reaches = vec![0u64; count * words];
        let mut nontrivial = vec![0u64; words];
        let parts = Parts {
            component: &component,
            order: &order,
            first: &first,
            edges: &edges,
        };
        match words {
            4 => close::<4>(parts, &mut reaches, &mut nontrivial),
            8 => close::<8>(parts, &mut reaches, &mut nontrivial),
            16 => close::<16>(parts, &mut reaches, &mut nontrivial),
            _ => close::<{ KEYS.div_ceil(64) }>(parts, &mut reaches, &mut nontrivial),
        }
        let mut reach = Reach {
            offset,
            masks,
            component,
            cycling: nontrivial,
            reaches,
            words,
            any_contradiction: false,
        };
        reach.any_contradiction = (0..n / 2).any(|r| reach.nodes_contradict(2 * r, 2 * r + 1));
        reach.keep_cycling(&candidate);
        reach
    }

    /// Keeps in `cycling` (the components of two or more nodes) those where a cycle may
    /// remove a candidate: a cycle's potentials all lie in one component, and a removal of
    /// `d` from a cell `c` needs an on- and an off-potential of `d` in it at peers of `c`,
    /// and `on(c, d)` reaching `off(c, d)` (see the module's documentation).
    fn keep_cycling(&mut self, candidate: &[u16]) {
        // The candidates whose on node reaches their off node.
        let failed: Vec<(usize, usize)> = (0..candidate.len())
            .filter(|&r| {
                let (on, off) = (
                    self.component[2 * r + 1] as usize,
                    self.component[2 * r] as usize,
                );
                self.reaches[on * self.words + off / 64] >> (off % 64) & 1 != 0
            })
            .map(|r| (candidate[r] as usize / 9, candidate[r] as usize % 9))
            .collect();
        // The cells of each digit's on and off nodes in each component of two or more.
        let mut places: Vec<(u32, [[CellSet; 9]; 2])> = Vec::new();
        for (r, &cand) in candidate.iter().enumerate() {
            for on in [0, 1] {
                let c = self.component[2 * r + on];
                if self.cycling[c as usize / 64] >> (c % 64) & 1 == 0 {
                    continue;
                }
                let at = match places.iter().position(|&(k, _)| k == c) {
                    Some(at) => at,
                    None => {
                        places.push((c, [[CellSet::EMPTY; 9]; 2]));
                        places.len() - 1
                    }
                };
                let (cell, d) = (cand as usize / 9, cand as usize % 9);
                let set = &mut places[at].1[on][d];
                *set = set.with(Cell::ALL[cell]);
            }
        }
        for (c, cells) in places {
            let removes = failed.iter().any(|&(cell, d)| {
                let peers = Cell::ALL[cell].peer_set();
                !peers.intersection(cells[1][d]).is_empty()
                    && !peers.intersection(cells[0][d]).is_empty()
            });
            if !removes {
                self.cycling[c as usize / 64] &= !(1 << (c % 64));
            }
        }
    }

    /// The node of `p`, `None` for a candidate the grid lacks.
    fn node(&self, p: Pot) -> Option<usize> {
        let (cell, d) = (p.candidate() / 9, p.candidate() % 9);
        let m = self.masks[cell];
        (m >> d & 1 != 0).then(|| {
            let rank = self.offset[cell] as usize + (m & ((1 << d) - 1)).count_ones() as usize;
            2 * rank + p.is_on() as usize
        })
    }

    /// True when node `a` reaches node `b`, or `b` reaches `a` (a candidate's off and on
    /// nodes: the one that reaches the other is false).
    fn nodes_contradict(&self, a: usize, b: usize) -> bool {
        let (ca, cb) = (self.component[a] as usize, self.component[b] as usize);
        self.reaches[ca * self.words + cb / 64] >> (cb % 64) & 1 != 0
            || self.reaches[cb * self.words + ca / 64] >> (ca % 64) & 1 != 0
    }

    /// True when some potential reaches its negation: without one, producer 14 finds nothing.
    pub fn any_contradiction(&self) -> bool {
        self.any_contradiction
    }

    /// True when `p` reaches `¬p`: a forcing chain from `p` may exist (false for a candidate
    /// the grid lacks).
    pub fn contradicts(&self, p: Pot) -> bool {
        let (Some(a), Some(b)) = (self.node(p), self.node(p.negated())) else {
            return false;
        };
        let (ca, cb) = (self.component[a] as usize, self.component[b] as usize);
        self.reaches[ca * self.words + cb / 64] >> (cb % 64) & 1 != 0
    }

    /// True when a cycle through the on-potential of `digit` in `cell` may remove something:
    /// this potential lies in a strongly connected component of two or more potentials that
    /// holds, for some candidate whose on-potential reaches its off-potential, an on- and an
    /// off-potential of its digit at peers of its cell.
    pub fn may_cycle(&self, cell: Cell, digit: Digit) -> bool {
        let Some(a) = self.node(Pot::new(cell, digit, true)) else {
            return false;
        };
        let c = self.component[a] as usize;
        self.cycling[c / 64] >> (c % 64) & 1 != 0
    }

    /// True when the potentials `starts` all reach some common potential: a multiple forcing
    /// chain from them (every one assumed in turn) may exist. Their static propagations reach
    /// at most what they reach in this graph (a propagation stops at a contradiction), so a
    /// conclusion common to all is common here too.
    pub fn share(&self, starts: impl IntoIterator<Item = Pot>) -> bool {
        let mut common = [u64::MAX; KEYS.div_ceil(64)];
        let common = &mut common[..self.words];
        for p in starts {
            let Some(a) = self.node(p) else {
                return true;
            };
            let c = self.component[a] as usize;
            let from = &self.reaches[c * self.words..(c + 1) * self.words];
            let mut any = 0;
            for (x, y) in common.iter_mut().zip(from) {
                *x &= *y;
                any |= *x;
            }
            if any == 0 {
                return false;
            }
        }
        true
    }
}

/// The graph and its components, for [`close`].
#[derive(Clone, Copy)]
struct Parts<'a> {
    component: &'a [u32],
    order: &'a [u32],
    first: &'a [u32],
    edges: &'a [u16],
}

/// Fills `reaches` with the set of components each component reaches (itself included), `W`
/// words each, and marks in `nontrivial` the components of two or more nodes. `order` lists
/// the nodes component by component in increasing number, so each component's set is
/// finished before a higher-numbered one (every edge leaving a component goes lower) reads it.
fn close<const W: usize>(g: Parts, reaches: &mut [u64], nontrivial: &mut [u64]) {
    let count = reaches.len() / W;
    let mut last = u32::MAX;
    // The last component whose set took each component's (an edge met twice adds once).
    let mut taken = vec![u32::MAX; count];
    for &v in g.order {
        let c = g.component[v as usize] as usize;
        if c as u32 == last {
            nontrivial[c / 64] |= 1 << (c % 64);
        }
        last = c as u32;
        let (low, high) = reaches.split_at_mut(c * W);
        let into: &mut [u64; W] = (&mut high[..W]).try_into().expect("W words");
        into[c / 64] |= 1 << (c % 64);
        for &w in &g.edges[g.first[v as usize] as usize..g.first[v as usize + 1] as usize] {
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
/// `edges[first[v]..first[v + 1]]`: the component of each node, the nodes in the order their
/// components were completed (so grouped by component, in increasing number), and the number
/// of components. Components are numbered as they are completed, so an edge between two
/// components goes to the lower number.
///
/// Tarjan's algorithm in D. J. Pearce's form ("A space-efficient algorithm for finding
/// strongly connected components", Information Processing Letters 116(1), 2016), without
/// recursion: one number per node serves as visit index, low link and component (components
/// count down from `n - 1`, above every visit index in use, so an edge to a finished node
/// never lowers a link).
fn tarjan(n: usize, first: &[u32], edges: &[u16]) -> (Vec<u32>, Vec<u32>, usize) {
    let mut rindex = vec![0u32; n];
    let mut root = vec![false; n];
    let mut stack: Vec<u32> = Vec::with_capacity(n);
    let mut order: Vec<u32> = Vec::with_capacity(n);
    // The depth-first path: a node and the position of its next edge.
    let mut path: Vec<(u32, u32)> = Vec::with_capacity(n);
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
    (rindex, order, count)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::steps::chains::potential::{off_to_on, on_to_off, Links, PotSet};

    /// Every link: the XY pass's.
    const ALL: Links = Links { y: true, x: true };

    /// Reachability by a plain search from `p`, for comparison.
    fn reaches_by_search(grid: &Grid, p: Pot, q: Pot) -> bool {
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
                if y == q {
                    return true;
                }
                if seen.insert(y) {
                    todo.push(y);
                }
            }
        }
        false
    }

    #[test]
    fn contradictions_match_a_plain_search() {
        for grid in crate::steps::grid::varied_grids() {
            let reach = Reach::new(&grid);
            let mut any = false;
            for cell in grid.empty_cells().iter() {
                for digit in Digit::ALL {
                    if grid.candidates(cell) >> digit.index() & 1 == 0 {
                        continue;
                    }
                    for on in [false, true] {
                        let p = Pot::new(cell, digit, on);
                        let want = reaches_by_search(&grid, p, p.negated());
                        assert_eq!(reach.contradicts(p), want, "{p:?}");
                        any |= want;
                    }
                }
            }
            assert_eq!(reach.any_contradiction(), any);
        }
    }
}
