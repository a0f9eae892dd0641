//! Whether any potential of a grid reaches its negation under every link, decided on the
//! linked candidates alone: the question the nested levels ask of every stall grid before
//! producer 14 (which finds nothing without such a potential, see [`super::implication`]), at
//! four stall grids in five answered "no" for a fraction of the cost of the whole
//! reachability. A stall grid is a reduction of its propagation's source, where (at level 2)
//! no potential reaches its negation; then only the searches through the strong links the
//! source lacks are made ([`any_contradiction_from`]): about half of them.
//!
//! Layers: uses the chain potentials, their link rules and the bilocal cells of
//! [`super::implication`].

use super::implication::{bilocal, bilocal_marking, digits_placed, Reach};
use super::potential::{off_to_on, Links, Pot};
use crate::geometry::{Cell, CellSet, Digit};
use crate::steps::grid::Grid;

/// True when some potential of `grid` reaches its negation under every link, as
/// [`Reach::any_contradiction`] tells, decided on the linked candidates alone (the common
/// case at a nested propagation's stalls is that none does, and then producer 14 finds
/// nothing).
///
/// A free on-potential has no incoming edge and a free off-potential no outgoing one, so a
/// path between linked potentials stays among them. A path from `p` to `¬p` is then one of:
/// - `off(x) ⇝ on(x)` for a linked `x`;
/// - `on(x) → off(y) ⇝ on(z) → off(x)` for any candidate `x` (linked or free), with `y` and
///   `z` linked and each weakly linked to `x` (a weak link is symmetric).
///
/// So with `M(y)`, the linked candidates whose on-potential `off(y)` reaches, there is a
/// contradiction exactly when some `y` is in its own `M(y)`, or some `z` in `M(y)` shares a
/// weakly linked candidate with `y` (a plain test on their cells and digits). `M` is the
/// transitive closure of "off(y), then on(z) by a strong link, then off(w) by a weak one"
/// (Warshall's algorithm on bit rows, S. Warshall, "A theorem on Boolean matrices", J. ACM
/// 9(1), 1962), each row then mapped through the strong links. A few dozen linked candidates
/// make it a fraction of the cost of the whole reachability.
pub fn any_contradiction_in(grid: &Grid) -> bool {
    any_contradiction_from(None, grid)
}

/// The strong links of a grid where no potential reaches its negation (a nested search's
/// source grid: its level runs only where producer 14 found nothing), for
/// [`any_contradiction_from`] on the grids reduced from it.
pub struct SourceLinks {
    /// The bivalue cells.
    bivalue: CellSet,
    /// By house, the digits (a bit per digit index) with three or more places there.
    many: [u16; 27],
}

impl SourceLinks {
    /// The strong links of `source`, or `None` when some potential of `source` reaches its
    /// negation (then they tell nothing).
    pub fn of(source: &Grid) -> Option<SourceLinks> {
        (!any_contradiction_in(source)).then(|| SourceLinks::known_free(source))
    }

    /// The strong links of `source`, a grid the caller knows to have no potential reaching
    /// its negation (its reachability said so).
    pub fn known_free(source: &Grid) -> SourceLinks {
        SourceLinks {
            bivalue: source.cells_with_candidate_count(2, 2),
            many: source.house_places().map(|here| digits_placed(&here, 3)),
        }
    }

    /// The grid's bilocal cells ([`bilocal`]), and the candidates of `grid` (a reduction of the
    /// source) with a strong link the source lacks, by digit index: both candidates of a cell
    /// that became bivalue (of `bivalue`, the grid's), both places of a digit left with two in
    /// a house where the source had more.
    fn new_links(&self, grid: &Grid, bivalue: CellSet) -> ([CellSet; 9], [CellSet; 9]) {
        let new_bivalue = bivalue.difference(self.bivalue);
        let (bilocal, mut ends) = bilocal_marking(grid, |h| self.many[h]);
        for (d, ends) in ends.iter_mut().enumerate() {
            *ends = ends.union(new_bivalue.intersection(grid.digit_cells(Digit::ALL[d])));
        }
        (bilocal, ends)
    }
}

/// [`any_contradiction_in`], knowing, when `source` is given, that `grid` is a reduction of
/// a grid where no potential reaches its negation and what that grid's strong links were.
///
/// Then every path from a potential to its negation on `grid` takes a strong link the source
/// lacks: a reduction only loses weak links (both candidates must remain), and keeps each of
/// the source's strong links whose two candidates remain (a bivalue cell stays bivalue, a
/// house's two places stay its two), so a path of old links alone would have been a path on
/// the source. In the form of [`any_contradiction_in`], the new link lies on the part
/// `off(y) ⇝ on(z)`, which alternates strong and weak links: `off(y)` reaches `off(u)` for
/// an end `u` of a new strong link (`y = u` included). Only those `y` are searched from; by
/// skew symmetry they are the `y` whose `on(y)` the ends' on-potentials reach, weak link
/// then strong link.
pub fn any_contradiction_from(source: Option<&SourceLinks>, grid: &Grid) -> bool {
    let bivalue = grid.cells_with_candidate_count(2, 2);
    let (bilocal, new_links) = match source {
        Some(s) => {
            let (bilocal, ends) = s.new_links(grid, bivalue);
            (bilocal, Some(ends))
        }
        None => (bilocal(grid), None),
    };
    let linked_places: [CellSet; 9] = std::array::from_fn(|d| {
        bivalue
            .intersection(grid.digit_cells(Digit::ALL[d]))
            .union(bilocal[d])
    });
    let n: usize = linked_places.iter().map(|s| s.len()).sum();
    if new_links.is_some_and(|ends| ends.iter().all(|s| s.is_empty())) {
        return false;
    }
    match n {
        0..=64 => contradiction_among::<1, 64>(grid, &linked_places, new_links.as_ref()),
        65..=128 => contradiction_among::<2, 128>(grid, &linked_places, new_links.as_ref()),
        _ => Reach::new(grid).any_contradiction(),
    }
}

/// [`any_contradiction_in`] with at most `N = 64 * W` linked candidates, whose cells by digit
/// index are `linked_places`; searching only from what reaches the ends of the new strong
/// links `new_links` when given ([`any_contradiction_from`]).
fn contradiction_among<const W: usize, const N: usize>(
    grid: &Grid,
    linked_places: &[CellSet; 9],
    new_links: Option<&[CellSet; 9]>,
) -> bool {
    type Row<const W: usize> = [u64; W];
    let masks = grid.candidate_masks();
    // The linked candidates (cell, digit index), numbered by digit, then cell.
    let mut number = [u8::MAX; 729];
    let mut linked = [(0u8, 0u8); N];
    let mut n = 0;
    // The ends of the new strong links (all candidates without a source).
    let mut ends = [0u64; W];
    for (d, places) in linked_places.iter().enumerate() {
        for cell in places.iter() {
            number[9 * cell.index() + d] = n as u8;
            linked[n] = (cell.index() as u8, d as u8);
            if new_links.is_none_or(|ends| ends[d].contains(cell)) {
                ends[n / 64] |= 1 << (n % 64);
            }
            n += 1;
        }
    }
    let set = |row: &mut Row<W>, i: usize| row[i / 64] |= 1 << (i % 64);
    let has = |row: &Row<W>, i: usize| row[i / 64] >> (i % 64) & 1 != 0;
    // Each bit of a row, ascending.
    fn each<const W: usize>(row: &Row<W>, mut f: impl FnMut(usize)) {
        for (w, &bits) in row.iter().enumerate() {
            let mut bits = bits;
            while bits != 0 {
                f(64 * w + bits.trailing_zeros() as usize);
                bits &= bits - 1;
            }
        }
    }
    let or = |into: &mut Row<W>, from: &Row<W>| {
        for w in 0..W {
            into[w] |= from[w];
        }
    };
    // Strong links (off(y) → on(z)) and weak links among linked candidates (on(z) → off(w));
    // a few of each per candidate.
    let mut strong = [[0u64; W]; N];
    let mut weak = [[0u64; W]; N];
    for (y, &(cell, d)) in linked[..n].iter().enumerate() {
        let c = Cell::ALL[cell as usize];
        let off = Pot::new(c, Digit::ALL[d as usize], false);
        off_to_on(grid, off, Links { x: true, y: true }, |q| {
            set(&mut strong[y], number[q.candidate()] as usize);
        });
        let mut others = masks[cell as usize] & !(1 << d);
        while others != 0 {
            let e = others.trailing_zeros() as usize;
            others &= others - 1;
            let k = number[9 * cell as usize + e];
            if k != u8::MAX {
                set(&mut weak[y], k as usize);
            }
        }
        for peer in c.peer_set().intersection(linked_places[d as usize]).iter() {
            set(&mut weak[y], number[9 * peer.index() + d as usize] as usize);
        }
    }
    // `step[y]`: the linked off-potentials that off(y) reaches in two links (a strong one, a
    // weak one).
    let mut step = [[0u64; W]; N];
    for y in 0..n {
        let mut row = [0u64; W];
        each(&strong[y], |z| or(&mut row, &weak[z]));
        step[y] = row;
    }
    // The starts searched from: every `y` whose `on(y)` the ends' on-potentials reach (weak
    // link, strong link; the ends themselves included), which is all of them without a
    // source.
    let mut from = ends;
    if new_links.is_some() {
        let mut todo = ends;
        while let Some(x) = (0..W)
            .find(|&w| todo[w] != 0)
            .map(|w| 64 * w + todo[w].trailing_zeros() as usize)
        {
            todo[x / 64] &= !(1 << (x % 64));
            let mut row = [0u64; W];
            each(&weak[x], |w| or(&mut row, &strong[w]));
            for w in 0..W {
                let new = row[w] & !from[w];
                from[w] |= new;
                todo[w] |= new;
            }
        }
    }
    for y in 0..n {
        if !has(&from, y) {
            continue;
        }
        // The off-potentials off(y) reaches (a search over the rows: the sets are small),
        // then M(y), the on-potentials reached from off(y) or from one of them.
        let mut reached = step[y];
        let mut todo = reached;
        while let Some(x) = (0..W)
            .find(|&w| todo[w] != 0)
            .map(|w| 64 * w + todo[w].trailing_zeros() as usize)
        {
            todo[x / 64] &= !(1 << (x % 64));
            for w in 0..W {
                let new = step[x][w] & !reached[w];
                reached[w] |= new;
                todo[w] |= new;
            }
        }
        let mut m = strong[y];
        each(&reached, |x| or(&mut m, &strong[x]));
        if has(&m, y) {
            return true;
        }
        let (cy, dy) = linked[y];
        for (w, &bits) in m.iter().enumerate() {
            let mut bits = bits;
            while bits != 0 {
                let z = 64 * w + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let (cz, dz) = linked[z];
                if share_a_weak_link(grid, (cy as usize, dy as usize), (cz as usize, dz as usize)) {
                    return true;
                }
            }
        }
    }
    false
}

/// True when some candidate of `grid` is weakly linked to both of the distinct candidates
/// `y` and `z` (cell index, digit index): a third candidate of their common cell; the digit of
/// one in the other's cell, the two cells seeing each other; or their common digit in a cell
/// seeing both.
fn share_a_weak_link(grid: &Grid, (cy, dy): (usize, usize), (cz, dz): (usize, usize)) -> bool {
    let masks = grid.candidate_masks();
    if cy == cz {
        return masks[cy].count_ones() >= 3;
    }
    let (a, b) = (Cell::ALL[cy], Cell::ALL[cz]);
    if dy == dz {
        return !a
            .peer_set()
            .intersection(b.peer_set())
            .intersection(grid.digit_cells(Digit::ALL[dy]))
            .is_empty();
    }
    a.peer_set().contains(b) && (masks[cy] >> dz & 1 != 0 || masks[cz] >> dy & 1 != 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_linked_test_finds_the_contradictions_the_reach_finds() {
        // The grids where the propagations of the dynamic forcing chains (+) stall on hard
        // puzzles (the grids the nested levels run producer 14 on).
        let (mut yes, mut no) = (0, 0);
        for g in crate::steps::chains::propagate::hard_stall_grids(1) {
            let want = Reach::new(&g).any_contradiction();
            assert_eq!(any_contradiction_in(&g), want, "{:?}", g.candidate_masks());
            if want {
                yes += 1;
            } else {
                no += 1;
            }
        }
        assert!(yes > 50 && no > 50, "{yes} {no}");
    }

    #[test]
    fn the_search_from_new_links_finds_what_the_reach_finds() {
        // Sources where no potential reaches its negation: the hard puzzles' grids, and grids
        // along their paths (plain steps); the grids reduced from them: the stall grids of the
        // dynamic forcing chains (+) from every third potential.
        use crate::steps::budget::Budget;
        use crate::steps::chains::propagate::{stall_grid, Mode, Propagation};
        use crate::steps::grid::HARD;
        use crate::steps::next::{next_step_within, Next};
        let mut sources = Vec::new();
        for text in HARD {
            let mut g = Grid::from_board(&text.parse().expect("a puzzle"));
            let plain = Budget::UNLIMITED.without_nested();
            for _ in 0..200 {
                if !any_contradiction_in(&g) && !g.is_solved() {
                    sources.push(g);
                }
                match next_step_within(&g, &plain) {
                    Next::Step(s) => s.apply(&mut g),
                    _ => break,
                }
            }
        }
        assert!(sources.len() >= 8, "{} sources", sources.len());
        let mut prop = Propagation::default();
        let (mut yes, mut no) = (0, 0);
        for source in &sources {
            let links = SourceLinks::of(source).expect("no contradiction on the source");
            let starts = super::super::potential::every_potential(source);
            for &start in starts.iter().step_by(3) {
                let Some(g) = stall_grid(&mut prop, source, start, Mode::DYNAMIC_PLUS) else {
                    continue;
                };
                let want = Reach::new(&g).any_contradiction();
                assert_eq!(any_contradiction_from(Some(&links), &g), want);
                if want {
                    yes += 1;
                } else {
                    no += 1;
                }
            }
        }
        assert!(yes > 50 && no > 50, "{yes} {no}");
    }
}
