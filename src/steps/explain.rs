//! A step in English, for hints: `Step::explain`. One text for every caller (the C API's
//! `sudoku_step_explain`, the programs, Python), so that they say the same thing.
//!
//! Cells are written `rNcM` (row N, column M, both 1-9), houses `row N`, `column N`, `box N`
//! (boxes 1-9 row-major). The form is
//!
//! ```text
//! NAME[ on DIGITS][ in HOUSES][ at CELLS]: EFFECT[; chain: CHAIN]
//! ```
//!
//! with EFFECT one of `rNcM = D` (a placement), `rNcM = D (after removing D from CELLS)` (the
//! direct techniques, whose removals only reveal the placement) or `removes D from CELLS[; D
//! from CELLS]...` (removals, by digit). Singles are shorter: `Hidden Single in box 5: r4c6 =
//! 7`, `Full House in row 3: r3c5 = 8`, `Naked Single: r4c6 = 7`. Fish name their base lines
//! only (`X-Wing on 7 in rows 2 and 8: removes 7 from r3c4, r5c4`). A chain is written node by
//! node, `rNcM=D` for a candidate assumed true and `rNcM<>D` for one assumed false, joined by
//! ` -> `; branches are separated by ` | `, and a chain cut short ends with ` ...`.

use std::fmt::Write;

use super::step::{Chain, Potential, Step, Technique};
use crate::geometry::{Cell, CellSet, Digit, House, HouseKind};

/// `rNcM` for a cell.
fn cell_name(cell: Cell) -> String {
    format!("r{}c{}", cell.row() + 1, cell.column() + 1)
}

/// `a`, `a and b`, `a, b and c`.
fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// The digits of a 9-bit mask, `3 and 8`.
fn digits_text(mask: u16) -> String {
    let digits: Vec<String> = Digit::ALL
        .iter()
        .filter(|d| mask >> d.index() & 1 != 0)
        .map(|d| d.get().to_string())
        .collect();
    and_list(&digits)
}

/// The cells of a set, `r4c1, r4c5`.
fn cells_text(cells: CellSet) -> String {
    cells.iter().map(cell_name).collect::<Vec<_>>().join(", ")
}

/// The houses of `houses` of one kind, `rows 2 and 8`; empty when there is none.
fn kind_text(houses: &[House], kind: HouseKind) -> String {
    let numbers: Vec<String> = houses
        .iter()
        .filter(|h| h.kind() == kind)
        .map(|h| (h.number() + 1).to_string())
        .collect();
    let noun = match kind {
        HouseKind::Row => "row",
        HouseKind::Column => "column",
        HouseKind::Box => "box",
    };
    match numbers.len() {
        0 => String::new(),
        1 => format!("{noun} {}", numbers[0]),
        _ if kind == HouseKind::Box => format!("boxes {}", and_list(&numbers)),
        _ => format!("{noun}s {}", and_list(&numbers)),
    }
}

/// Houses grouped by kind (rows, columns, boxes), `rows 2 and 8, column 4`.
fn houses_text(houses: &[House]) -> String {
    [HouseKind::Row, HouseKind::Column, HouseKind::Box]
        .into_iter()
        .map(|k| kind_text(houses, k))
        .filter(|t| !t.is_empty())
        .collect::<Vec<_>>()
        .join(", ")
}

/// `removes 7 from r3c4, r5c4; 3 from r1c1` (digits in increasing order).
fn removals_text(step: &Step) -> String {
    let groups: Vec<String> = Digit::ALL
        .into_iter()
        .filter(|&d| !step.eliminations.cells(d).is_empty())
        .map(|d| {
            format!(
                "{} from {}",
                d.get(),
                cells_text(step.eliminations.cells(d))
            )
        })
        .collect();
    groups.join("; ")
}

/// One chain node: `r1c2=5` (on) or `r1c2<>5` (off).
fn potential_text(p: Potential) -> String {
    let sign = if p.is_on() { "=" } else { "<>" };
    format!("{}{sign}{}", cell_name(p.cell()), p.digit().get())
}

/// The chains of a step (see the module's documentation).
fn chain_text(chain: &Chain) -> String {
    let mut branches: Vec<Vec<String>> = vec![Vec::new()];
    for &entry in chain.entries() {
        if entry == Chain::BRANCH_END {
            branches.push(Vec::new());
        } else if let Some(last) = branches.last_mut() {
            last.push(potential_text(Potential(entry)));
        }
    }
    if branches.last().is_some_and(|b| b.is_empty()) {
        branches.pop();
    }
    let mut text = branches
        .iter()
        .map(|b| b.join(" -> "))
        .collect::<Vec<_>>()
        .join(" | ");
    if chain.truncated {
        text += " ...";
    }
    text
}

/// For a fish, the lines the pattern was found on (base lines): those of its houses, of the
/// kind whose lines hold none of the removals (the cover lines hold them all).
fn fish_base(step: &Step, houses: &[House]) -> Vec<House> {
    let removed = step
        .eliminations
        .0
        .iter()
        .fold(CellSet::EMPTY, |a, &s| a.union(s));
    let base_kind = [HouseKind::Row, HouseKind::Column]
        .into_iter()
        .find(|&k| {
            houses
                .iter()
                .filter(|h| h.kind() == k)
                .all(|h| h.cell_set().intersection(removed).is_empty())
        })
        .unwrap_or(HouseKind::Row);
    houses
        .iter()
        .copied()
        .filter(|h| h.kind() == base_kind)
        .collect()
}

impl Step {
    /// The step in one line of English (see the module's documentation for the form), for
    /// example `Hidden Single in box 5: r4c6 = 7`.
    pub fn explain(&self) -> String {
        let houses: Vec<House> = self.houses.iter().collect();
        let placement = self
            .placement
            .map(|(cell, digit)| format!("{} = {}", cell_name(cell), digit.get()));
        let mut text = String::new();
        match self.technique {
            Technique::FullHouse | Technique::HiddenSingleBox | Technique::HiddenSingleLine => {
                text += if self.technique == Technique::FullHouse {
                    "Full House"
                } else {
                    "Hidden Single"
                };
                if !houses.is_empty() {
                    let _ = write!(text, " in {}", houses_text(&houses));
                }
            }
            Technique::NakedSingle => text += "Naked Single",
            t => {
                text += t.name();
                if self.digits != 0 {
                    let _ = write!(text, " on {}", digits_text(self.digits));
                }
                let shown = if matches!(
                    t,
                    Technique::XWing | Technique::Swordfish | Technique::Jellyfish
                ) {
                    fish_base(self, &houses)
                } else {
                    houses.clone()
                };
                if !shown.is_empty() {
                    let _ = write!(text, " in {}", houses_text(&shown));
                }
                // The cells say more than the houses for sets, wings and the uniqueness
                // patterns; for locked candidates and fish the houses and digit say it all, and
                // a chain lists its own cells.
                let cells_say_more = !matches!(
                    t,
                    Technique::Pointing
                        | Technique::Claiming
                        | Technique::DirectPointing
                        | Technique::DirectClaiming
                        | Technique::XWing
                        | Technique::Swordfish
                        | Technique::Jellyfish
                ) && self.chain.len == 0;
                if cells_say_more && !self.cells.is_empty() {
                    let _ = write!(text, " at {}", cells_text(self.cells));
                }
            }
        }
        text += ": ";
        let removals = removals_text(self);
        match (placement, self.technique.is_direct()) {
            (Some(p), true) if !removals.is_empty() => {
                let _ = write!(text, "{p} (after removing {removals})");
            }
            (Some(p), _) if removals.is_empty() || self.technique.is_direct() => text += &p,
            (Some(p), _) => {
                let _ = write!(text, "{p}; removes {removals}");
            }
            (None, _) if removals.is_empty() => text += "no change",
            (None, _) => {
                let _ = write!(text, "removes {removals}");
            }
        }
        if self.chain.len > 0 || self.chain.truncated {
            let _ = write!(text, "; chain: {}", chain_text(&self.chain));
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::steps::grid::{cell, Grid};
    use crate::steps::{next_step, Next};
    use crate::Board;

    fn step(technique: Technique) -> Step {
        Step::new(technique)
    }

    #[test]
    fn singles_name_their_house_and_placement() {
        let mut s = step(Technique::HiddenSingleBox);
        s.placement = Some((cell(3, 5), Digit::new(7).unwrap()));
        s.houses = s.houses.with(House::new(HouseKind::Box, 4).unwrap());
        s.cells = CellSet::EMPTY.with(cell(3, 5));
        assert_eq!(s.explain(), "Hidden Single in box 5: r4c6 = 7");
        s.technique = Technique::FullHouse;
        s.houses = Default::default();
        s.houses = s.houses.with(House::new(HouseKind::Row, 2).unwrap());
        assert_eq!(s.explain(), "Full House in row 3: r4c6 = 7");
        s.technique = Technique::NakedSingle;
        assert_eq!(s.explain(), "Naked Single: r4c6 = 7");
    }

    #[test]
    fn a_fish_names_its_base_lines_and_removals() {
        // X-Wing on 7, base rows 2 and 8, cover columns 4 and 7.
        let mut s = step(Technique::XWing);
        s.digits = 1 << 6;
        for h in [(HouseKind::Row, 1), (HouseKind::Row, 7)] {
            s.houses = s.houses.with(House::new(h.0, h.1).unwrap());
        }
        for h in [(HouseKind::Column, 3), (HouseKind::Column, 6)] {
            s.houses = s.houses.with(House::new(h.0, h.1).unwrap());
        }
        let seven = Digit::new(7).unwrap();
        s.eliminations.add(cell(2, 3), seven);
        s.eliminations.add(cell(4, 3), seven);
        assert_eq!(
            s.explain(),
            "X-Wing on 7 in rows 2 and 8: removes 7 from r3c4, r5c4"
        );
    }

    #[test]
    fn sets_direct_techniques_and_chains() {
        let mut s = step(Technique::NakedPair);
        s.digits = 1 << 2 | 1 << 7;
        s.houses = s.houses.with(House::new(HouseKind::Row, 3).unwrap());
        s.cells = CellSet::EMPTY.with(cell(3, 0)).with(cell(3, 4));
        s.eliminations.add(cell(3, 1), Digit::new(3).unwrap());
        s.eliminations.add(cell(3, 1), Digit::new(8).unwrap());
        s.eliminations.add(cell(3, 8), Digit::new(8).unwrap());
        assert_eq!(
            s.explain(),
            "Naked Pair on 3 and 8 in row 4 at r4c1, r4c5: removes 3 from r4c2; 8 from r4c2, r4c9"
        );
        let mut d = step(Technique::DirectPointing);
        d.digits = 1 << 6;
        d.houses = d
            .houses
            .with(House::new(HouseKind::Row, 1).unwrap())
            .with(House::new(HouseKind::Box, 0).unwrap());
        d.placement = Some((cell(1, 7), Digit::new(7).unwrap()));
        d.eliminations.add(cell(1, 4), Digit::new(7).unwrap());
        assert_eq!(
            d.explain(),
            "Direct Pointing on 7 in row 2, box 1: r2c8 = 7 (after removing 7 from r2c5)"
        );
        let mut c = step(Technique::ForcingXChain);
        c.digits = 1 << 4;
        c.eliminations.add(cell(0, 1), Digit::new(5).unwrap());
        let five = Digit::new(5).unwrap();
        c.chain.push(Potential::new(cell(0, 1), five, true));
        c.chain.push(Potential::new(cell(0, 6), five, false));
        c.chain.end_branch();
        c.chain.push(Potential::new(cell(4, 4), five, true));
        assert_eq!(
            c.explain(),
            "Forcing X-Chain on 5: removes 5 from r1c2; chain: r1c2=5 -> r1c7<>5 | r5c5=5"
        );
    }

    #[test]
    fn the_first_step_of_a_rated_puzzle() {
        // From ratings/se_qqwing_2000.txt (1.5/1.2/1.2): the first step is a hidden single in
        // a box (1.2).
        let b: Board =
            ".9.....4157.1..6.....8..........54.8.......1...64..579...58.3.....7.3.6.3..6.49.."
                .parse()
                .unwrap();
        let Next::Step(s) = next_step(&Grid::from_board(&b)) else {
            panic!("a step")
        };
        let (c, d) = s.placement.unwrap();
        assert_eq!(
            s.explain(),
            format!(
                "Hidden Single in box {}: r{}c{} = {}",
                c.box_index() + 1,
                c.row() + 1,
                c.column() + 1,
                d.get()
            )
        );
    }
}
