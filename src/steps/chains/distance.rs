//! The length of the shortest forcing chain from a potential to its negation, found without
//! building the chain: a breadth-first search over *sets* of potentials that meets itself in
//! the middle. Producer 14 asks it first at each start and walks the chain itself
//! ([`super::forcing::search`]) only when it would sort before the best step so far, which is
//! at a few starts of each position out of dozens.
//!
//! Why the lengths are equal: the forcing-chain search is a plain breadth-first search in
//! the implication graph of the pass's links (each potential pending once, layer by layer,
//! on and off alternating), so the chain it finds from `p` to `¬p` is a shortest path and
//! SE's complexity (its potentials) is that path's length in links plus one.
//!
//! Why half the depth is enough: the graph is skew-symmetric (`a → b` exactly when `¬b → ¬a`,
//! see [`super::implication`]). If `p = q0 → q1 → … → qL = ¬p` is a shortest path, then `¬qL
//! → … → ¬q0`, that is `p → ¬q(L-1) → … → ¬p`, is one too, so `¬qi` is within `L - i` links
//! of `p` while `qi` is within `i`. Taking `i = ⌈L/2⌉`: once every potential within `⌈L/2⌉`
//! links of `p` is known, some potential and its negation are both known, at depths adding up
//! to at most `L`; and any such pair at depths `a` and `b` gives a path `p ⇝ q` then `q ⇝ ¬p`
//! (the mirror of `p ⇝ ¬q`) of `a + b` links, no shorter than `L`. So after the layers up to
//! `k`, every chain of `2k` links or fewer has been seen, and the shortest pair found is the
//! answer as soon as it is `2k + 1` or less.
//!
//! The layers are sets (a [`CellSet`] per digit and state), so a layer's consequences are
//! unions of peer sets and of the digits' places, with no parent links, no arena and no
//! order: the whole search is a few hundred word operations.
//!
//! The same sets answer more questions of producer 14's X pass before its walks
//! ([`Sets::x_pass`]): whether any X-cycle can remove something (where none can, the pass
//! walks no cycle), and which starts have a forcing X-chain at all (the others ask no length).
//!
//! Layers: uses the chain potentials and the grid only.

use super::implication::digits_placed;
use super::potential::{Links, Pot};
use crate::geometry::{CellSet, Digit, House};
use crate::steps::grid::Grid;

/// Potentials of one state (all on or all off): a cell set per digit index, and the digits
/// whose sets may be non-empty (the loops skip the others: a pass with house links only stays
/// on the start's digit).
#[derive(Clone, Copy)]
pub struct Layer {
    sets: [CellSet; 9],
    digits: u16,
}

impl Layer {
    const EMPTY: Layer = Layer {
        sets: [CellSet::EMPTY; 9],
        digits: 0,
    };

    #[inline]
    fn add(&mut self, d: usize, cells: CellSet) {
        self.sets[d] = self.sets[d].union(cells);
        self.digits |= 1 << d;
    }
}

/// The digit indices of a 9-bit mask.
#[inline]
fn each_digit(mut mask: u16) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let d = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            d
        })
    })
}

/// A grid's links as sets, loaded once per grid for every search on it ([`Sets::load`]); kept
/// in a producer's working memory, as its table of strong links is large.
pub struct Sets {
    /// The candidate masks of the grid.
    masks: [u16; 81],
    /// The cells of each digit's candidates, by digit index.
    places: [CellSet; 9],
    /// The empty cells with exactly two candidates.
    bivalue: CellSet,
    /// By digit index, the cells where the digit has a house strong link (its other place in
    /// a house where it has two).
    linked: [CellSet; 9],
    /// By digit index and cell index, the other places of those strong links: read only for
    /// the cells of `linked`, so what other grids left in the rest stays there. Empty until
    /// the first load.
    partners: Vec<[CellSet; 81]>,
}

/// What producer 14's X pass can find on a grid ([`Sets::x_pass`]).
#[derive(Debug, Clone, Copy)]
pub struct XPass {
    /// False when no X-cycle can remove anything: the pass's cycle walks are skipped.
    pub cycles: bool,
    /// By digit index, the cells whose on-potential reaches its off-potential: the starts
    /// "on" with a forcing X-chain.
    pub on_fails: [CellSet; 9],
    /// By digit index, the cells whose off-potential reaches its on-potential: the starts
    /// "off" with a forcing X-chain.
    pub off_fails: [CellSet; 9],
}

impl Default for Sets {
    fn default() -> Sets {
        Sets {
            masks: [0; 81],
            places: [CellSet::EMPTY; 9],
            bivalue: CellSet::EMPTY,
            linked: [CellSet::EMPTY; 9],
            partners: Vec::new(),
        }
    }
}

impl Sets {
    /// Loads the links of `grid`.
    pub fn load(&mut self, grid: &Grid) {
        self.masks = *grid.candidate_masks();
        self.places = std::array::from_fn(|d| grid.digit_cells(Digit::ALL[d]));
        self.bivalue = grid.cells_with_candidate_count(2, 2);
        self.linked = [CellSet::EMPTY; 9];
        self.partners.resize(9, [CellSet::EMPTY; 81]);
        for (house, here) in House::ALL.iter().zip(grid.house_places()) {
            let cells = house.cells();
            // The digits with exactly two places in the house, as the reachability finds them.
            let mut pairs = digits_placed(here, 2);
            while pairs != 0 {
                let d = pairs.trailing_zeros() as usize;
                pairs &= pairs - 1;
                let mask = here[d];
                let a = cells[mask.trailing_zeros() as usize];
                let b = cells[(mask & (mask - 1)).trailing_zeros() as usize];
                for (x, y) in [(a, b), (b, a)] {
                    let partners = &mut self.partners[d][x.index()];
                    let old = if self.linked[d].contains(x) {
                        *partners
                    } else {
                        CellSet::EMPTY
                    };
                    *partners = old.with(y);
                }
                self.linked[d] = self.linked[d].with(a).with(b);
            }
        }
    }

    /// By digit index, the cells whose off-potential of the digit turns nothing on under
    /// `links`: no bivalue cell (cell links), no other place in a house where the digit has
    /// two (house links).
    pub fn unlinked(&self, links: Links) -> [CellSet; 9] {
        std::array::from_fn(|d| {
            let mut linked = CellSet::EMPTY;
            if links.y {
                linked = linked.union(self.bivalue);
            }
            if links.x {
                linked = linked.union(self.linked[d]);
            }
            self.places[d].difference(linked)
        })
    }

    /// Producer 14's X pass read off each digit's graph at once ([`XPass`]): whether an X-cycle
    /// can remove anything, and which starts have a forcing X-chain. Only the digit's
    /// conjugate places (linked for it) carry strong links, so only their on-potentials are
    /// nodes: `on(x)` turns off the digit in its peers, and each linked one `z` turns on its
    /// partners. What each node reaches among the nodes is closed over cell sets.
    ///
    /// Cycles, by the argument of [`super::implication`]: a cycle removing `d` from a cell `c`
    /// has an on-potential `on(a, d)` and an off-potential `off(b, d)` at peers of `c`, and
    /// walked backwards with every potential negated (the X pass's links are skew-symmetric
    /// too) it leads from `off(a, d)` to `on(b, d)`. So some `off(a, d)` must reach an
    /// `on(b, d)` with `a` and `b` seeing a common place of `d` (an X-chain that removes
    /// something). Forcing X-chains: `on(c)` reaches `off(c)` exactly when it reaches the
    /// on-potential of a peer of `c`; `off(c)` reaches `on(c)` exactly when `c` is linked and
    /// its partners reach it.
    ///
    /// (The same cycle test for the Y pass, closed over the bivalue cells' on-potentials, cost
    /// more than the Y-cycle walks it skipped: measured and dropped, see `docs/steps.md`.)
    pub fn x_pass(&self) -> XPass {
        let mut out = XPass {
            cycles: false,
            on_fails: [CellSet::EMPTY; 9],
            off_fails: [CellSet::EMPTY; 9],
        };
        // One table for every digit: a digit writes the entries of its linked cells, the only
        // ones it reads, before reading them.
        let mut reach = [CellSet::EMPTY; 81];
        for d in 0..9 {
            let linked = self.linked[d];
            if linked.is_empty() {
                continue;
            }
            let partners = &self.partners[d];
            // What `on(x)` turns on in one step: the partners of its linked peers.
            let first = |x: crate::geometry::Cell| {
                let mut next = CellSet::EMPTY;
                for z in x.peer_set().intersection(linked).iter() {
                    next = next.union(partners[z.index()]);
                }
                next
            };
            for x in linked.iter() {
                reach[x.index()] = first(x);
            }
            close(&mut reach, linked);
            let reached = |from: CellSet| {
                let mut on = from;
                for y in from.iter() {
                    on = on.union(reach[y.index()]);
                }
                on
            };
            for c in self.places[d].iter() {
                let on = if linked.contains(c) {
                    reach[c.index()]
                } else {
                    reached(first(c))
                };
                if !on.intersection(c.peer_set()).is_empty() {
                    out.on_fails[d] = out.on_fails[d].with(c);
                }
            }
            for a in linked.iter() {
                // `off(a)` turns on `a`'s partners, and so reaches what they reach.
                let on = reached(partners[a.index()]);
                if on.contains(a) {
                    out.off_fails[d] = out.off_fails[d].with(a);
                }
                // With two linked cells (one conjugate pair), no cycle of four potentials or
                // more exists.
                if !out.cycles && linked.len() >= 3 && self.meet(d, a, on) {
                    out.cycles = true;
                }
            }
        }
        out
    }

    /// True when a place of digit index `d` sees `a` and a cell of `on`.
    fn meet(&self, d: usize, a: crate::geometry::Cell, on: CellSet) -> bool {
        let near = self.places[d].intersection(a.peer_set());
        !near.is_empty()
            && on
                .iter()
                .any(|b| !near.intersection(b.peer_set()).is_empty())
    }

    /// The off-potentials that the on-potentials `on` give by the weak links: each digit
    /// leaves its peers, and (cell links) the cell's other digits.
    fn weak(&self, on: &Layer, links: Links) -> Layer {
        let mut off = Layer::EMPTY;
        for d in each_digit(on.digits) {
            let mut peers = CellSet::EMPTY;
            for cell in on.sets[d].iter() {
                peers = peers.union(cell.peer_set());
                if links.y {
                    let one = CellSet::EMPTY.with(cell);
                    for e in each_digit(self.masks[cell.index()] & !(1 << d)) {
                        off.add(e, one);
                    }
                }
            }
            off.add(d, peers.intersection(self.places[d]));
        }
        off
    }

    /// The on-potentials that the off-potentials `off` give by the strong links: (cell links)
    /// the other digit of a bivalue cell, and (house links) the digit's other place in a house
    /// where it has two.
    fn strong(&self, off: &Layer, links: Links) -> Layer {
        let mut on = Layer::EMPTY;
        for d in each_digit(off.digits) {
            let set = off.sets[d];
            if links.y {
                for cell in set.intersection(self.bivalue).iter() {
                    let e = (self.masks[cell.index()] & !(1 << d)).trailing_zeros() as usize;
                    on.add(e, CellSet::EMPTY.with(cell));
                }
            }
            if links.x {
                let mut partners = CellSet::EMPTY;
                for cell in set.intersection(self.linked[d]).iter() {
                    partners = partners.union(self.partners[d][cell.index()]);
                }
                on.add(d, partners);
            }
        }
        on
    }
}

/// Closes `reach` (by cell index, what each cell of `cells` leads to, among `cells`) under
/// composition: each cell's set becomes everything reachable from it.
fn close(reach: &mut [CellSet; 81], cells: CellSet) {
    loop {
        let mut changed = false;
        for x in cells.iter() {
            let mut all = reach[x.index()];
            for y in reach[x.index()].iter() {
                all = all.union(reach[y.index()]);
            }
            if all != reach[x.index()] {
                reach[x.index()] = all;
                changed = true;
            }
        }
        if !changed {
            return;
        }
    }
}

/// The complexity (potentials, SE's count) of the shortest forcing chain from `start` to its
/// negation under `links` on the grid of `sets`, or `None` when there is none or when
/// `open(c)` says a chain of complexity `c` or more could not be used (the search then stops
/// early). `layers` is working memory.
pub fn shortest(
    sets: &Sets,
    links: Links,
    start: Pot,
    open: impl Fn(u32) -> bool,
    layers: &mut Vec<Layer>,
) -> Option<u32> {
    layers.clear();
    let mut first = Layer::EMPTY;
    first.add(start.digit().index(), CellSet::EMPTY.with(start.cell()));
    layers.push(first);
    // Everything reached, by state (index 1: on).
    let mut reached = [[CellSet::EMPTY; 9]; 2];
    reached[start.is_on() as usize] = first.sets;
    // The shortest chain seen so far, in links.
    let mut found: Option<u32> = None;
    // The layers up to `k` are complete.
    let mut k = 0u32;
    loop {
        if found.is_some_and(|l| l <= 2 * k + 1) {
            return found.map(|l| l + 1).filter(|&c| open(c));
        }
        // Every chain not seen yet has at least 2k + 1 links.
        if !open(2 * k + 2) {
            return None;
        }
        let on = k.is_multiple_of(2) == start.is_on();
        let last = &layers[k as usize];
        let next = if on {
            sets.weak(last, links)
        } else {
            sets.strong(last, links)
        };
        let state = !on as usize;
        let mut fresh = Layer::EMPTY;
        for d in each_digit(next.digits) {
            let new = next.sets[d].difference(reached[state][d]);
            if !new.is_empty() {
                fresh.add(d, new);
                reached[state][d] = reached[state][d].union(new);
            }
        }
        if fresh.digits == 0 {
            return found.map(|l| l + 1).filter(|&c| open(c));
        }
        k += 1;
        // The negations of the new potentials are of the other state: the layers of the
        // other parity, the shallowest first (once one is known to hold some).
        let meets = |sets: &[CellSet; 9]| {
            each_digit(fresh.digits).any(|d| !fresh.sets[d].intersection(sets[d]).is_empty())
        };
        if meets(&reached[1 - state]) {
            let mut b = (k + 1) % 2;
            while b < k {
                if meets(&layers[b as usize].sets) {
                    found = Some(found.map_or(k + b, |l| l.min(k + b)));
                    break;
                }
                b += 2;
            }
        }
        layers.push(fresh);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::steps::chains::{cycles, forcing, Best, Pass, Workspace};

    /// The complexity of the chain the forcing-chain search walks from `start`, with nothing
    /// to beat: the reference.
    fn walked(grid: &Grid, ws: &mut Workspace, start: Pot, pass: Pass) -> Option<u32> {
        let mut best = Best::default();
        forcing::search(grid, ws, start, pass, |_| {}, &mut best)?;
        best.0.map(|f| f.complexity)
    }

    #[test]
    fn x_cycles_remove_nothing_where_the_test_says_so() {
        // Every X-cycle with a removal at every start of the X pass (walked plainly, every
        // cycle kept), on the positions of hard paths: none where the test says none can be.
        let mut ws = Workspace::default();
        let (mut skipped, mut with, mut kept) = (0, 0, 0);
        crate::steps::next::each_plain_position(40, |grid, _| {
            let mut sets = Sets::default();
            sets.load(grid);
            let may = sets.x_pass().cycles;
            let mut best = Best::every();
            for cell in grid.empty_cells().iter() {
                let mut cands = grid.candidates(cell);
                while cands != 0 {
                    let digit = Digit::ALL[cands.trailing_zeros() as usize];
                    cands &= cands - 1;
                    let start = Pot::new(cell, digit, true);
                    cycles::search(grid, &mut ws, start, Pass::X, false, |_| {}, &mut best);
                }
            }
            let found = best.1.map_or(0, |all| all.len());
            if !may {
                assert_eq!(found, 0, "X-cycles where none can remove:\n{grid:?}");
                skipped += 1;
            } else {
                kept += 1;
                with += usize::from(found > 0);
            }
        });
        assert!(
            skipped > 100 && with > 20,
            "{skipped} skipped, {with} of {kept} kept with a cycle"
        );
    }

    #[test]
    fn lengths_are_those_of_the_walked_chains() {
        // Every start, on and off, of every position along the plain paths of the varied
        // hard grids, in both passes that look for forcing chains: the length the set search
        // gives against the chain the walk finds, and the bound obeyed; in the X pass, the
        // starts `x_pass` gives a forcing X-chain are those the walk finds one from.
        let mut ws = Workspace::default();
        let mut layers = Vec::new();
        let (mut chains, mut starts, mut cut) = (0, 0, 0);
        crate::steps::next::each_plain_position(40, |grid, _| {
            let mut sets = Sets::default();
            sets.load(grid);
            let x = sets.x_pass();
            for pass in [Pass::X, Pass::XY] {
                let links = Links {
                    y: pass.links.y,
                    x: true,
                };
                for cell in grid.empty_cells().iter() {
                    let mut cands = grid.candidates(cell);
                    while cands != 0 {
                        let digit = Digit::ALL[cands.trailing_zeros() as usize];
                        cands &= cands - 1;
                        for on in [true, false] {
                            let start = Pot::new(cell, digit, on);
                            let want = walked(grid, &mut ws, start, pass);
                            let got = shortest(&sets, links, start, |_| true, &mut layers);
                            assert_eq!(got, want, "{start:?} in pass {}", pass.key);
                            if pass == Pass::X {
                                let fails = if on { x.on_fails } else { x.off_fails };
                                let has = fails[digit.index()].contains(cell);
                                assert_eq!(has, want.is_some(), "{start:?} in the X pass");
                            }
                            starts += 1;
                            let Some(c) = want else { continue };
                            chains += 1;
                            // Bounded at the chain's own length it is found, one shorter not.
                            let at = |most: u32| move |n: u32| n <= most;
                            assert_eq!(shortest(&sets, links, start, at(c), &mut layers), want);
                            assert_eq!(shortest(&sets, links, start, at(c - 1), &mut layers), None);
                            cut += 1;
                        }
                    }
                }
            }
        });
        assert!(
            starts > 10_000 && chains > 1_000,
            "{starts} starts, {chains} chains, {cut}"
        );
    }
}
