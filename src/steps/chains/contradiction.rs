//! Whether any potential of a grid reaches its negation under every link, decided on the
//! linked candidates alone: the question the nested levels ask of every stall grid before
//! producer 14 (which finds nothing without such a potential, see [`super::implication`]), at
//! four stall grids in five answered "no" for a fraction of the cost of the whole
//! reachability.
//!
//! Layers: uses the chain potentials, their link rules and the bilocal cells of
//! [`super::implication`].

use super::implication::{bilocal, Reach};
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
    let bilocal = bilocal(grid);
    let bivalue = grid.cells_with_candidate_count(2, 2);
    let linked_places: [CellSet; 9] = std::array::from_fn(|d| {
        bivalue
            .intersection(grid.digit_cells(Digit::ALL[d]))
            .union(bilocal[d])
    });
    let n: usize = linked_places.iter().map(|s| s.len()).sum();
    match n {
        0..=64 => contradiction_among::<1>(grid, &linked_places),
        65..=128 => contradiction_among::<2>(grid, &linked_places),
        _ => Reach::new(grid).any_contradiction(),
    }
}

/// [`any_contradiction_in`] with at most `64 * W` linked candidates, whose cells by digit
/// index are `linked_places`.
fn contradiction_among<const W: usize>(grid: &Grid, linked_places: &[CellSet; 9]) -> bool {
    type Row<const W: usize> = [u64; W];
    let masks = grid.candidate_masks();
    // The linked candidates (cell, digit index), numbered by digit, then cell.
    let mut number = [u8::MAX; 729];
    let mut linked = [(0u8, 0u8); 128];
    let mut n = 0;
    for (d, places) in linked_places.iter().enumerate() {
        for cell in places.iter() {
            number[9 * cell.index() + d] = n as u8;
            linked[n] = (cell.index() as u8, d as u8);
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
    let mut strong = [[0u64; W]; 128];
    let mut weak = [[0u64; W]; 128];
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
    let mut step = [[0u64; W]; 128];
    for y in 0..n {
        let mut row = [0u64; W];
        each(&strong[y], |z| or(&mut row, &weak[z]));
        step[y] = row;
    }
    for y in 0..n {
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
}
