//! The step engine (`steps`) through C: Sudoku Explainer ratings, hints, solving paths, a step
//! in English and a step applied to a position. This file holds the C form of a step and a
//! rating; each family of calls has its own file:
//!
//! - `names.rs`: the names of techniques and levels (`sudoku_technique_name`,
//!   `sudoku_level_name`);
//! - `rate.rs`: ratings (`sudoku_rate`, `sudoku_rate_with` and its options, `sudoku_rate_batch`);
//! - `position.rs`: a player's position (a board and optional pencilmarks), shared by
//!   `hint.rs` and `apply.rs`;
//! - `hint.rs`: the next step from a player's position (`sudoku_hint`);
//! - `path.rs`: the whole path (`sudoku_solve_path`);
//! - `explain.rs`: a step in English (`sudoku_step_explain`);
//! - `apply.rs`: a step applied to a player's position (`sudoku_step_apply`).
//!
//! A step crosses the boundary as `sudoku_step`, a plain struct the caller owns; ratings are in
//! tenths (`uint16_t`, 23 is SE's 2.3) as in `steps`.

// cbindgen writes the header's declarations in the order it meets these modules, so they are
// declared in the order the header presents the calls (one a group: rustfmt sorts a group).
mod names;

mod rate;

mod position;

mod hint;

mod path;

mod explain;

mod apply;

pub use apply::sudoku_step_apply;
pub use explain::sudoku_step_explain;
pub use hint::sudoku_hint;
pub use names::{sudoku_level_name, sudoku_technique_name};
pub use path::sudoku_solve_path;
pub use rate::{
    sudoku_rate, sudoku_rate_batch, sudoku_rate_options, sudoku_rate_options_init,
    sudoku_rate_options_init_size, sudoku_rate_with,
};

use crate::candidates::ALL_DIGITS;
use crate::geometry::{Cell, CellSet, Digit, CELLS};
use crate::steps::{Chain, Eliminations, HouseSet, Step, Technique};

/// The techniques of the step engine, in Sudoku Explainer's ladder order; the values are fixed
/// (new techniques are appended) and equal `sudoku_step.technique` and `sudoku_rating.hardest`.
/// `sudoku_technique_name` gives each one's English name.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum sudoku_technique {
    /// The last empty cell of a house (ER 1.0).
    SUDOKU_TECHNIQUE_FULL_HOUSE = 0,
    /// A digit with one place left in a box (ER 1.2).
    SUDOKU_TECHNIQUE_HIDDEN_SINGLE_BOX = 1,
    /// A digit with one place left in a row or column (ER 1.5).
    SUDOKU_TECHNIQUE_HIDDEN_SINGLE_LINE = 2,
    /// Pointing that reveals a hidden single (ER 1.7).
    SUDOKU_TECHNIQUE_DIRECT_POINTING = 3,
    /// Claiming that reveals a hidden single (ER 1.9).
    SUDOKU_TECHNIQUE_DIRECT_CLAIMING = 4,
    /// Hidden pair that reveals a hidden single (ER 2.0).
    SUDOKU_TECHNIQUE_DIRECT_HIDDEN_PAIR = 5,
    /// A cell with one candidate left (ER 2.3).
    SUDOKU_TECHNIQUE_NAKED_SINGLE = 6,
    /// Hidden triplet that reveals a hidden single (ER 2.5).
    SUDOKU_TECHNIQUE_DIRECT_HIDDEN_TRIPLET = 7,
    /// A box's candidates of a digit in one line (ER 2.6).
    SUDOKU_TECHNIQUE_POINTING = 8,
    /// A line's candidates of a digit in one box (ER 2.8).
    SUDOKU_TECHNIQUE_CLAIMING = 9,
    /// ER 3.0.
    SUDOKU_TECHNIQUE_NAKED_PAIR = 10,
    /// ER 3.2.
    SUDOKU_TECHNIQUE_X_WING = 11,
    /// ER 3.4.
    SUDOKU_TECHNIQUE_HIDDEN_PAIR = 12,
    /// ER 3.6.
    SUDOKU_TECHNIQUE_NAKED_TRIPLET = 13,
    /// ER 3.8.
    SUDOKU_TECHNIQUE_SWORDFISH = 14,
    /// ER 4.0.
    SUDOKU_TECHNIQUE_HIDDEN_TRIPLET = 15,
    /// ER 4.2.
    SUDOKU_TECHNIQUE_XY_WING = 16,
    /// ER 4.4.
    SUDOKU_TECHNIQUE_XYZ_WING = 17,
    /// ER 5.0.
    SUDOKU_TECHNIQUE_NAKED_QUAD = 18,
    /// ER 5.2.
    SUDOKU_TECHNIQUE_JELLYFISH = 19,
    /// ER 5.4.
    SUDOKU_TECHNIQUE_HIDDEN_QUAD = 20,
    /// ER 4.5.
    SUDOKU_TECHNIQUE_UNIQUE_RECTANGLE_1 = 21,
    /// ER 4.5.
    SUDOKU_TECHNIQUE_UNIQUE_RECTANGLE_2 = 22,
    /// ER 4.5 and up by the set's size.
    SUDOKU_TECHNIQUE_UNIQUE_RECTANGLE_3 = 23,
    /// ER 4.5.
    SUDOKU_TECHNIQUE_UNIQUE_RECTANGLE_4 = 24,
    /// ER 4.6-5.0 by the loop's size.
    SUDOKU_TECHNIQUE_UNIQUE_LOOP_1 = 25,
    /// ER 4.6-5.0 by the loop's size.
    SUDOKU_TECHNIQUE_UNIQUE_LOOP_2 = 26,
    /// ER 4.6-5.0 by the loop's size, plus the set's bonus.
    SUDOKU_TECHNIQUE_UNIQUE_LOOP_3 = 27,
    /// ER 4.6-5.0 by the loop's size.
    SUDOKU_TECHNIQUE_UNIQUE_LOOP_4 = 28,
    /// Bivalue universal grave type 1 (ER 5.6).
    SUDOKU_TECHNIQUE_BUG_1 = 29,
    /// ER 5.7.
    SUDOKU_TECHNIQUE_BUG_2 = 30,
    /// ER 5.8-6.2.
    SUDOKU_TECHNIQUE_BUG_3 = 31,
    /// ER 5.7.
    SUDOKU_TECHNIQUE_BUG_4 = 32,
    /// ER 6.2.
    SUDOKU_TECHNIQUE_ALIGNED_PAIR_EXCLUSION = 33,
    /// ER 7.5.
    SUDOKU_TECHNIQUE_ALIGNED_TRIPLET_EXCLUSION = 34,
    /// ER 6.5 plus the chain's length bonus.
    SUDOKU_TECHNIQUE_X_CYCLE = 35,
    /// ER 6.5 plus bonus.
    SUDOKU_TECHNIQUE_Y_CYCLE = 36,
    /// ER 7.0 plus bonus.
    SUDOKU_TECHNIQUE_CYCLE = 37,
    /// ER 6.6 plus bonus.
    SUDOKU_TECHNIQUE_FORCING_X_CHAIN = 38,
    /// ER 7.0 plus bonus.
    SUDOKU_TECHNIQUE_FORCING_CHAIN = 39,
    /// ER 7.5 plus bonus.
    SUDOKU_TECHNIQUE_NISHIO_FORCING_CHAIN = 40,
    /// ER 8.0 plus bonus.
    SUDOKU_TECHNIQUE_CELL_FORCING_CHAIN = 41,
    /// ER 8.0 plus bonus.
    SUDOKU_TECHNIQUE_REGION_FORCING_CHAIN = 42,
    /// ER 8.5 plus bonus.
    SUDOKU_TECHNIQUE_DYNAMIC_CONTRADICTION_CHAIN = 43,
    /// ER 8.5 plus bonus.
    SUDOKU_TECHNIQUE_DYNAMIC_DOUBLE_CHAIN = 44,
    /// ER 8.5 plus bonus.
    SUDOKU_TECHNIQUE_DYNAMIC_CELL_FORCING_CHAIN = 45,
    /// ER 8.5 plus bonus.
    SUDOKU_TECHNIQUE_DYNAMIC_REGION_FORCING_CHAIN = 46,
    /// Dynamic forcing chains (+): the propagation also uses pointing, claiming, hidden and
    /// naked pairs and X-Wings. ER 9.0 plus bonus.
    SUDOKU_TECHNIQUE_DYNAMIC_PLUS_CONTRADICTION_CHAIN = 47,
    /// ER 9.0 plus bonus.
    SUDOKU_TECHNIQUE_DYNAMIC_PLUS_DOUBLE_CHAIN = 48,
    /// ER 9.0 plus bonus.
    SUDOKU_TECHNIQUE_DYNAMIC_PLUS_CELL_FORCING_CHAIN = 49,
    /// ER 9.0 plus bonus.
    SUDOKU_TECHNIQUE_DYNAMIC_PLUS_REGION_FORCING_CHAIN = 50,
    /// ER 9.5 plus bonus (the complexity adds the nested chains').
    SUDOKU_TECHNIQUE_NESTED_FORCING_CONTRADICTION_CHAIN = 51,
    /// ER 9.5 plus bonus.
    SUDOKU_TECHNIQUE_NESTED_FORCING_DOUBLE_CHAIN = 52,
    /// ER 9.5 plus bonus.
    SUDOKU_TECHNIQUE_NESTED_FORCING_CELL_CHAIN = 53,
    /// ER 9.5 plus bonus.
    SUDOKU_TECHNIQUE_NESTED_FORCING_REGION_CHAIN = 54,
    /// ER 10.0 plus bonus.
    SUDOKU_TECHNIQUE_NESTED_MULTIPLE_CONTRADICTION_CHAIN = 55,
    /// ER 10.0 plus bonus.
    SUDOKU_TECHNIQUE_NESTED_MULTIPLE_DOUBLE_CHAIN = 56,
    /// ER 10.0 plus bonus.
    SUDOKU_TECHNIQUE_NESTED_MULTIPLE_CELL_CHAIN = 57,
    /// ER 10.0 plus bonus.
    SUDOKU_TECHNIQUE_NESTED_MULTIPLE_REGION_CHAIN = 58,
    /// ER 10.5 plus bonus.
    SUDOKU_TECHNIQUE_NESTED_DYNAMIC_CONTRADICTION_CHAIN = 59,
    /// ER 10.5 plus bonus.
    SUDOKU_TECHNIQUE_NESTED_DYNAMIC_DOUBLE_CHAIN = 60,
    /// ER 10.5 plus bonus.
    SUDOKU_TECHNIQUE_NESTED_DYNAMIC_CELL_CHAIN = 61,
    /// ER 10.5 plus bonus.
    SUDOKU_TECHNIQUE_NESTED_DYNAMIC_REGION_CHAIN = 62,
    /// ER 11.0 plus bonus.
    SUDOKU_TECHNIQUE_NESTED_DYNAMIC_FORCING_CONTRADICTION_CHAIN = 63,
    /// ER 11.0 plus bonus.
    SUDOKU_TECHNIQUE_NESTED_DYNAMIC_FORCING_DOUBLE_CHAIN = 64,
    /// ER 11.0 plus bonus.
    SUDOKU_TECHNIQUE_NESTED_DYNAMIC_FORCING_CELL_CHAIN = 65,
    /// ER 11.0 plus bonus.
    SUDOKU_TECHNIQUE_NESTED_DYNAMIC_FORCING_REGION_CHAIN = 66,
}

/// Entries of `sudoku_step.chain`.
pub const SUDOKU_CHAIN_CAPACITY: usize = 128;

/// The lower bound of Sudoku Explainer's next step, in tenths, where the engine has no
/// technique left (`sudoku_rating.complete` 0, `SUDOKU_NO_STEP`): 110, the nested forcing
/// chains of level 5, the last of SE's ladder (95 on a puzzle with several solutions, where the
/// nested chains are skipped). Where even they find nothing, SE has no next step either.
pub const SUDOKU_BEYOND_ER: u16 = 110;

/// `sudoku_rating.hardest` when no step was taken.
pub const SUDOKU_NO_TECHNIQUE: i16 = -1;

/// A puzzle's Sudoku Explainer rating (`sudoku_rate`, `sudoku_rate_batch`). Ratings are in
/// tenths: 23 is SE's 2.3, as serate prints it; 0 means none.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct sudoku_rating {
    /// ER, the hardest step of SE's path; when `complete` is 0, a lower bound of SE's ER (the
    /// engine stopped at a position needing a technique it does not have, all rated
    /// `SUDOKU_BEYOND_ER` or more).
    pub er: u16,
    /// EP, the hardest step up to the first placement; exact even when `complete` is 0 unless
    /// it is 0 (the engine stopped before the first placement).
    pub ep: u16,
    /// ED, the first step's rating; 0 when the engine could take no step.
    pub ed: u16,
    /// The `sudoku_technique` of the hardest step taken (the first one of that rating), or
    /// `SUDOKU_NO_TECHNIQUE` (-1) when no step was taken.
    pub hardest: i16,
    /// Steps taken.
    pub steps: u32,
    /// 1 when the engine solved the puzzle (the three ratings are SE's), 0 when it stopped.
    pub complete: u8,
}

/// One step of the engine (`sudoku_hint`, `sudoku_solve_path`, `sudoku_step_explain`).
///
/// Cells are indices 0-80, row-major; a candidate (cell `c`, digit `d`) is bit `9 * c + d - 1`
/// of a 729-bit set stored in 64-bit words, bit `i` being bit `i % 64` of word `i / 64`.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct sudoku_step {
    /// The `sudoku_technique`.
    pub technique: i32,
    /// The step's ER in tenths (its technique's, or more for the techniques rated by size or
    /// by chain length).
    pub rating: u16,
    /// The cell of the placement (0-80); 0 when `digit` is 0.
    pub cell: u8,
    /// The digit placed (1-9), or 0 when the step places nothing.
    pub digit: u8,
    /// The candidates removed, bit `9 * cell + digit - 1` (bits 729-767 are 0). For the direct
    /// techniques (3, 4, 5, 7) they are the removals that reveal the placement, which is the
    /// step's only effect (as in Sudoku Explainer).
    pub eliminations: [u64; 12],
    /// The pattern's cells: bit `i` (of word `i / 64`) for cell `i`.
    pub cells: [u64; 2],
    /// The pattern's houses: bits 0-8 rows 1-9, bits 9-17 columns 1-9, bits 18-26 boxes 1-9
    /// (row-major).
    pub houses: u32,
    /// The pattern's digits: bit `d - 1` for digit `d`.
    pub digits: u16,
    /// Entries of `chain` in use (0 for the techniques that are not chains).
    pub chain_len: u16,
    /// The chains of a chaining step: each entry a candidate assumed true or false, bits 0-9
    /// `9 * cell + digit - 1` and bit 15 set for "true" (bits 10-14 are 0), or 0xFFFF to end a
    /// branch (steps with several chains list them one after the other).
    pub chain: [u16; 128],
    /// 1 when the engine dropped chain entries beyond the 128 kept (the step itself is whole).
    pub chain_truncated: u8,
}

impl sudoku_step {
    /// The C form of a step.
    fn from_step(step: &Step) -> sudoku_step {
        let mut eliminations = [0u64; 12];
        for (cell, digit) in step.eliminations.iter() {
            let bit = 9 * cell.index() + digit.index();
            eliminations[bit / 64] |= 1 << (bit % 64);
        }
        let bits = step.cells.bits();
        let (cell, digit) = step
            .placement
            .map_or((0, 0), |(c, d)| (c.index() as u8, d.get()));
        sudoku_step {
            technique: step.technique as i32,
            rating: u16::from(step.rating()),
            cell,
            digit,
            eliminations,
            cells: [bits as u64, (bits >> 64) as u64],
            houses: step.houses.0,
            digits: step.digits,
            chain_len: u16::from(step.chain.len),
            chain: step.chain.nodes,
            chain_truncated: u8::from(step.chain.truncated),
        }
    }

    /// The engine's step a C step stands for; `None` when a field is out of range or the
    /// fields disagree (see `sudoku_step_explain`).
    fn engine_step(&self) -> Option<Step> {
        let step = self.fields()?;
        step_is_consistent(&step).then_some(step)
    }

    /// The step of the fields, each checked against its own range only.
    fn fields(&self) -> Option<Step> {
        let technique = usize::try_from(self.technique)
            .ok()
            .and_then(|t| Technique::all().get(t).copied())?;
        let er = u8::try_from(self.rating).ok()?;
        if self.cell as usize >= CELLS || self.digit > 9 || (self.digit == 0 && self.cell != 0) {
            return None;
        }
        let placement = Digit::new(self.digit).map(|d| (Cell::ALL[self.cell as usize], d));
        if self.eliminations[11] >> (729 - 704) != 0
            || self.cells[1] >> (CELLS - 64) != 0
            || self.houses >> 27 != 0
            || self.digits & !ALL_DIGITS != 0
            || self.chain_len as usize > SUDOKU_CHAIN_CAPACITY
            || self.chain_truncated > 1
        {
            return None;
        }
        let mut eliminations = Eliminations::default();
        for bit in 0..CELLS * 9 {
            if self.eliminations[bit / 64] >> (bit % 64) & 1 != 0 {
                eliminations.add(Cell::ALL[bit / 9], Digit::ALL[bit % 9]);
            }
        }
        let entries = &self.chain[..self.chain_len as usize];
        let valid = |&e: &u16| e == Chain::BRANCH_END || (e & 0x7C00 == 0 && e & 0x3FF < 729);
        if !entries.iter().all(valid) {
            return None;
        }
        let mut chain = Chain::default();
        chain.nodes[..entries.len()].copy_from_slice(entries);
        chain.len = entries.len() as u8;
        chain.truncated = self.chain_truncated == 1;
        Some(Step {
            technique,
            placement,
            eliminations,
            cells: CellSet::from_bits(u128::from(self.cells[0]) | u128::from(self.cells[1]) << 64),
            houses: HouseSet(self.houses),
            digits: self.digits,
            er,
            chain,
        })
    }
}

/// Whether a step's fields agree with each other as in every step the engine makes (a C
/// caller may hand `sudoku_step_explain` any bytes): its rating is at least its technique's;
/// `cell` is 0 when nothing is placed; it places a digit or removes a candidate; the singles
/// and the direct techniques place one (the singles removing nothing, the direct ones the
/// candidates that reveal it), the techniques from pointing to the cycles never do; a digit
/// placed is not also removed from its cell; only chaining techniques have chain entries, and
/// theirs start with a candidate and have no empty branch (no two branch ends in a row).
fn step_is_consistent(step: &Step) -> bool {
    let t = step.technique;
    let single = matches!(
        t,
        Technique::FullHouse
            | Technique::HiddenSingleBox
            | Technique::HiddenSingleLine
            | Technique::NakedSingle
    );
    let places = single || t.is_direct();
    let chaining = t >= Technique::XCycle;
    let never_places = (Technique::Pointing..=Technique::Cycle).contains(&t);
    let removes = !step.eliminations.is_empty();
    let placed = step.placement;
    if step.er < t.rating()
        || (placed.is_none() && !removes)
        || (places && placed.is_none())
        || (never_places && placed.is_some())
        || (!chaining && (step.chain.len != 0 || step.chain.truncated))
    {
        return false;
    }
    let entries = step.chain.entries();
    let end = Chain::BRANCH_END;
    if chaining
        && (entries.first().is_none_or(|&e| e == end)
            || entries.windows(2).any(|w| w == [end, end]))
    {
        return false;
    }
    if single {
        !removes
    } else if t.is_direct() {
        removes
    } else {
        placed.is_none_or(|(cell, digit)| !step.eliminations.cells(digit).contains(cell))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use path::solve_path;

    #[test]
    fn the_c_bound_is_the_engine_s() {
        assert_eq!(SUDOKU_BEYOND_ER, u16::from(crate::steps::BEYOND_AT_LEAST));
    }

    #[test]
    fn a_step_survives_the_c_form_and_bad_fields_are_refused() {
        let b: Board =
            ".9.....4157.1..6.....8..........54.8.......1...64..579...58.3.....7.3.6.3..6.49.."
                .parse()
                .unwrap();
        let (path, done) = solve_path(&b).unwrap();
        assert!(done);
        for s in &path {
            assert_eq!(sudoku_step::from_step(s).engine_step(), Some(*s));
        }
        let good = sudoku_step::from_step(&path[0]);
        let mut bad = good;
        bad.technique = Technique::all().len() as i32;
        assert_eq!(bad.engine_step(), None);
        let mut bad = good;
        bad.eliminations[11] = 1 << 25;
        assert_eq!(bad.engine_step(), None);
        // The first step placed as a forcing chain would: a chain entry in range passes.
        let mut bad = good;
        bad.technique = Technique::ForcingChain as i32;
        bad.rating = 70;
        bad.chain_len = 1;
        bad.chain[0] = 729;
        assert_eq!(bad.engine_step(), None);
        bad.chain[0] = 728 | 0x8000;
        assert!(bad.engine_step().is_some());
        // Fields in range that disagree: the same entry on a single, the single rated lower.
        assert_eq!(
            sudoku_step {
                technique: good.technique,
                ..bad
            }
            .engine_step(),
            None
        );
        assert_eq!(
            sudoku_step {
                rating: good.rating - 1,
                ..good
            }
            .engine_step(),
            None
        );
    }
}
