//! The step engine (`steps`) through C: Sudoku Explainer ratings (`sudoku_rate`,
//! `sudoku_rate_with` and its options, `sudoku_rate_batch`), hints and solving paths (`sudoku_hint`, `sudoku_solve_path`), a step in
//! English (`sudoku_step_explain`) and the names of techniques and levels.
//!
//! A step crosses the boundary as `sudoku_step`, a plain struct the caller owns; ratings are in
//! tenths (`uint16_t`, 23 is SE's 2.3) as in `steps`.

use std::ffi::{c_char, c_int, CStr};
use std::mem::MaybeUninit;
use std::panic::catch_unwind;
use std::ptr::{self, NonNull};
use std::slice;

use super::region::Region;
use super::sudoku_status::{self, *};
use super::{board_ref, guard, guard_or, required, versioned};
use crate::batch;
use crate::board::Board;
use crate::candidates::ALL_DIGITS;
use crate::error::Error;
use crate::fault;
use crate::geometry::{Cell, CellSet, Digit, CELLS};
use crate::solver::{self, Mode, Start};
use crate::steps::{self, Budget, Chain, Eliminations, Grid, HouseSet, Next, Step, Technique};

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

/// The English names of the techniques, by `sudoku_technique` value (those of
/// `Technique::name`, NUL-terminated; a unit test ties the two).
const TECHNIQUE_NAMES: [&CStr; 67] = [
    c"Full House",
    c"Hidden Single (box)",
    c"Hidden Single (row or column)",
    c"Direct Pointing",
    c"Direct Claiming",
    c"Direct Hidden Pair",
    c"Naked Single",
    c"Direct Hidden Triplet",
    c"Pointing",
    c"Claiming",
    c"Naked Pair",
    c"X-Wing",
    c"Hidden Pair",
    c"Naked Triplet",
    c"Swordfish",
    c"Hidden Triplet",
    c"XY-Wing",
    c"XYZ-Wing",
    c"Naked Quad",
    c"Jellyfish",
    c"Hidden Quad",
    c"Unique Rectangle type 1",
    c"Unique Rectangle type 2",
    c"Unique Rectangle type 3",
    c"Unique Rectangle type 4",
    c"Unique Loop type 1",
    c"Unique Loop type 2",
    c"Unique Loop type 3",
    c"Unique Loop type 4",
    c"BUG type 1",
    c"BUG type 2",
    c"BUG type 3",
    c"BUG type 4",
    c"Aligned Pair Exclusion",
    c"Aligned Triplet Exclusion",
    c"Bidirectional X-Cycle",
    c"Bidirectional Y-Cycle",
    c"Bidirectional Cycle",
    c"Forcing X-Chain",
    c"Forcing Chain",
    c"Nishio Forcing Chain",
    c"Cell Forcing Chains",
    c"Region Forcing Chains",
    c"Dynamic Contradiction Forcing Chain",
    c"Dynamic Double Forcing Chain",
    c"Dynamic Cell Forcing Chains",
    c"Dynamic Region Forcing Chains",
    c"Dynamic Contradiction Forcing Chain (+)",
    c"Dynamic Double Forcing Chain (+)",
    c"Dynamic Cell Forcing Chains (+)",
    c"Dynamic Region Forcing Chains (+)",
    c"Dynamic Contradiction Forcing Chain (+ Forcing Chains)",
    c"Dynamic Double Forcing Chain (+ Forcing Chains)",
    c"Dynamic Cell Forcing Chains (+ Forcing Chains)",
    c"Dynamic Region Forcing Chains (+ Forcing Chains)",
    c"Dynamic Contradiction Forcing Chain (+ Multiple Forcing Chains)",
    c"Dynamic Double Forcing Chain (+ Multiple Forcing Chains)",
    c"Dynamic Cell Forcing Chains (+ Multiple Forcing Chains)",
    c"Dynamic Region Forcing Chains (+ Multiple Forcing Chains)",
    c"Dynamic Contradiction Forcing Chain (+ Dynamic Forcing Chains)",
    c"Dynamic Double Forcing Chain (+ Dynamic Forcing Chains)",
    c"Dynamic Cell Forcing Chains (+ Dynamic Forcing Chains)",
    c"Dynamic Region Forcing Chains (+ Dynamic Forcing Chains)",
    c"Dynamic Contradiction Forcing Chain (+ Dynamic Forcing Chains (+ Forcing Chains))",
    c"Dynamic Double Forcing Chain (+ Dynamic Forcing Chains (+ Forcing Chains))",
    c"Dynamic Cell Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))",
    c"Dynamic Region Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))",
];

/// The levels of `sudoku_level_name`: (highest ER in tenths, name).
const LEVELS: [(u16, &CStr); 6] = [
    (12, c"Easy"),
    (25, c"Medium"),
    (60, c"Hard"),
    (70, c"Fiendish"),
    (90, c"Diabolical"),
    (u16::MAX, c"Extreme"),
];

/// The level of an ER: the name of the first band of [`LEVELS`] that holds it.
pub fn level_name(er_tenths: u16) -> &'static CStr {
    LEVELS
        .iter()
        .find(|(top, _)| er_tenths <= *top)
        .map_or(c"Extreme", |(_, name)| name)
}

/// The English name of a technique ("Hidden Single (box)", "X-Wing", ...).
///
/// `technique`: a `sudoku_technique` value (0-66). Returns a static NUL-terminated string, or
/// NULL for any other value. Thread-safe; no allocation.
#[no_mangle]
pub extern "C" fn sudoku_technique_name(technique: c_int) -> *const c_char {
    guard_or(ptr::null(), || {
        usize::try_from(technique)
            .ok()
            .and_then(|t| TECHNIQUE_NAMES.get(t))
            .map_or(ptr::null(), |name| name.as_ptr())
    })
}

/// The difficulty level of an ER (in tenths), in English: "Easy" up to 1.2 (singles in boxes),
/// "Medium" 1.3-2.5 (hidden singles in lines, naked singles, the direct techniques), "Hard"
/// 2.6-6.0 (locked candidates, subsets, fish, wings, uniqueness, BUG), "Fiendish" 6.1-7.0
/// (aligned pair exclusion, cycles, forcing X-chains), "Diabolical" 7.1-9.0 (forcing chains,
/// Nishio, cell and region forcing chains, dynamic forcing chains), "Extreme" above 9.0
/// (long dynamic forcing chains, the (+) ones). 0 (nothing to rate) is
/// "Easy". These bands are the library's own. Returns a static NUL-terminated string, never
/// NULL. Thread-safe; no allocation.
#[no_mangle]
pub extern "C" fn sudoku_level_name(er_tenths: u16) -> *const c_char {
    guard_or(c"Extreme".as_ptr(), || level_name(er_tenths).as_ptr())
}

/// Rates a parsed board: the C rating, or the status (see `sudoku_rate`).
fn rate_board(board: &Board) -> Result<sudoku_rating, sudoku_status> {
    rate_board_within(board, &Budget::UNLIMITED).map(|(r, _)| r)
}

/// The rating of `board` within `budget`, and whether the budget ran out.
fn rate_board_within(
    board: &Board,
    budget: &Budget,
) -> Result<(sudoku_rating, bool), sudoku_status> {
    let solutions = solver::search(Start::Board(board), Mode::Count { limit: 2 })
        .map_err(sudoku_status::from)?
        .count();
    if solutions == 0 {
        return Err(SUDOKU_NO_SOLUTION);
    }
    // With several solutions the nested chains are skipped (`Budget::without_nested`).
    let budget = if solutions > 1 {
        budget.without_nested()
    } else {
        *budget
    };
    let r = steps::rate_within(board, &budget);
    if r.contradiction {
        // Sound techniques never empty a cell of a position with a solution: only the
        // uniqueness techniques can, on a puzzle with several.
        return Err(SUDOKU_MULTIPLE_SOLUTIONS);
    }
    let rating = sudoku_rating {
        er: r.er.into(),
        ep: r.ep.into(),
        ed: r.ed.into(),
        hardest: r.hardest.map_or(SUDOKU_NO_TECHNIQUE, |t| t as i16),
        steps: r.steps,
        complete: r.complete.into(),
    };
    Ok((rating, r.out_of_budget))
}

/// Options of `sudoku_rate_with`. Call `sudoku_rate_options_init_size(&options, sizeof
/// options)` first (it sets `struct_size` and the defaults; `sudoku_rate_options_init(&options)`
/// does the same for the struct of this version), then change the fields you need: fields may
/// be appended in later versions, and `struct_size` tells the library which ones the caller
/// knows.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct sudoku_rate_options {
    /// `sizeof(sudoku_rate_options)` as the caller was compiled with; set by
    /// `sudoku_rate_options_init_size`. Smaller than the first version's: `SUDOKU_INVALID_ARGUMENT`.
    pub struct_size: u32,
    /// The time budget in milliseconds, 0 (the default) for none. The engine looks at the
    /// clock between steps and, in the nested forcing chains (the only techniques that take
    /// more than a few milliseconds), before each cell's propagations, so it overruns the
    /// budget by the time of the techniques below the nested chains plus one cell's propagations
    /// (about 10-20 ms on a 2026 server core at levels 2 and 3, more at levels 4 and 5 and on
    /// a loaded machine).
    pub budget_ms: u32,
}

/// `sizeof(sudoku_rate_options)` of this version (also the first version's).
const RATE_OPTIONS_SIZE: usize = size_of::<sudoku_rate_options>();

/// Fills `*options` with the defaults: `struct_size` = 8 (`sizeof(sudoku_rate_options)` in
/// this version), `budget_ms` = 0 (no budget). Does nothing when `options` is NULL.
///
/// The same as `sudoku_rate_options_init_size(options, 8)`: it writes those 8 bytes in every
/// later version too, even once the struct has grown. Code that may be built against a later
/// header should call `sudoku_rate_options_init_size(&options, sizeof options)` instead.
///
/// # Safety
/// `options` must be NULL or point to 8 writable bytes (a `sudoku_rate_options` of this
/// version).
#[no_mangle]
pub unsafe extern "C" fn sudoku_rate_options_init(options: *mut sudoku_rate_options) {
    guard_or((), || {
        // SAFETY: the caller guarantees NULL or RATE_INIT_SIZE writable bytes.
        let _ = unsafe { init_rate_options(options, RATE_INIT_SIZE) };
    })
}

/// The bytes `sudoku_rate_options_init` writes, in this version and every later one: the
/// struct as it is in 0.1.
const RATE_INIT_SIZE: usize = RATE_OPTIONS_SIZE;

/// Fills the caller's `sudoku_rate_options` of `size` bytes (pass `sizeof options`) with the
/// defaults of `sudoku_rate_options_init`, for the fields of the largest version of the struct
/// that fits in `size` bytes and that this library knows (this version has one: 8 bytes), and
/// sets `struct_size` to that version's size. Nothing past those bytes is written: a caller
/// built against a later, larger struct keeps its extra fields, and reads in `struct_size`
/// which ones this library takes.
///
/// Returns `SUDOKU_OK`, `SUDOKU_NULL_POINTER` (`options` NULL), `SUDOKU_INVALID_ARGUMENT`
/// (`size` below 8, the first version's size) or `SUDOKU_INTERNAL_ERROR`; nothing is written
/// unless `SUDOKU_OK`. Thread-safe; no allocation.
///
/// # Safety
/// `options` must be NULL or point to `size` writable bytes.
#[no_mangle]
pub unsafe extern "C" fn sudoku_rate_options_init_size(
    options: *mut sudoku_rate_options,
    size: usize,
) -> sudoku_status {
    // SAFETY: the caller guarantees NULL or `size` writable bytes.
    guard(|| unsafe { init_rate_options(options, size) })
}

/// Writes the defaults of the largest version of the struct that fits in `size` bytes.
///
/// # Safety
/// `options` must be NULL or point to `size` writable bytes.
unsafe fn init_rate_options(
    options: *mut sudoku_rate_options,
    size: usize,
) -> Result<(), sudoku_status> {
    // SAFETY: the caller's guarantee; the version is the struct's size; the fields are written
    // in place, through the pointer `versioned::init` gives (a local struct).
    unsafe {
        versioned::init(options, size, &[RATE_OPTIONS_SIZE], |p, struct_size| {
            ptr::addr_of_mut!((*p).struct_size).write(struct_size);
            ptr::addr_of_mut!((*p).budget_ms).write(0);
        })
    }
}

/// The caller's budget: NULL options give none.
///
/// # Safety
/// `options` must be NULL or point to a readable struct of `options->struct_size` bytes.
unsafe fn read_rate_options(options: *const sudoku_rate_options) -> Result<u32, sudoku_status> {
    let Some(options) = NonNull::new(options.cast_mut()) else {
        return Ok(0);
    };
    // SAFETY: non-NULL; the caller guarantees a struct whose first field is struct_size.
    let struct_size = unsafe { ptr::addr_of!((*options.as_ptr()).struct_size).read_unaligned() };
    if (struct_size as usize) < RATE_OPTIONS_SIZE {
        return Err(SUDOKU_INVALID_ARGUMENT);
    }
    // SAFETY: the caller guarantees `struct_size` readable bytes, at least the whole struct of
    // this version; the field is a plain integer, valid for any bytes.
    Ok(unsafe { ptr::addr_of!((*options.as_ptr()).budget_ms).read_unaligned() })
}

/// Rates a puzzle as `sudoku_rate` does, with options: a time budget (`budget_ms`), after
/// which the engine stops and reports what it has.
///
/// `board`: 81 bytes as for `sudoku_solve`, only read. `options`: NULL for the defaults (see
/// `sudoku_rate_options_init`: no budget, then the same as `sudoku_rate`). On `SUDOKU_OK`,
/// `*rating` receives the rating, as from `sudoku_rate`. On `SUDOKU_OUT_OF_BUDGET` it receives
/// the partial rating: `complete` 0, `er` a lower bound of SE's ER (the hardest step taken, or
/// the base rating of the technique being searched when the budget ran out, 9.5, 10.0, 10.5
/// or 11.0 for the nested forcing chains), `ep` and `ed` exact unless 0 (not reached), `steps` the steps
/// taken. `SUDOKU_OUT_OF_BUDGET` means the budget cut the search short: a rating that ended on
/// its own is `SUDOKU_OK` even when it took longer (for example a puzzle with several
/// solutions, whose nested chains are skipped). On any other status it is left untouched.
///
/// Returns `SUDOKU_OK`, `SUDOKU_OUT_OF_BUDGET`, `SUDOKU_NO_SOLUTION`,
/// `SUDOKU_MULTIPLE_SOLUTIONS`, `SUDOKU_INVALID_CHARACTER`, `SUDOKU_CONFLICTING_GIVENS`,
/// `SUDOKU_NULL_POINTER` (`board` or `rating` NULL), `SUDOKU_INVALID_ARGUMENT` (`struct_size`
/// smaller than the first version's) or `SUDOKU_INTERNAL_ERROR`. Thread-safe.
///
/// # Safety
/// `board` must be NULL or point to 81 readable bytes; `options` NULL or a readable struct of
/// `options->struct_size` bytes; `rating` NULL or a writable `sudoku_rating`.
#[no_mangle]
pub unsafe extern "C" fn sudoku_rate_with(
    board: *const c_char,
    options: *const sudoku_rate_options,
    rating: *mut sudoku_rating,
) -> sudoku_status {
    guard(|| {
        required(board.cast_mut())?;
        let rating = required(rating)?;
        // SAFETY: the caller guarantees NULL or `struct_size` readable bytes.
        let budget_ms = unsafe { read_rate_options(options) }?;
        // SAFETY: the caller guarantees 81 readable bytes, which no one writes during the call.
        let text = unsafe { board_ref(board) }?;
        let budget = match budget_ms {
            0 => Budget::UNLIMITED,
            ms => Budget::millis(ms.into()),
        };
        let (result, out_of_budget) = rate_board_within(&Board::parse(text)?, &budget)?;
        // SAFETY: non-NULL, and the caller guarantees a writable sudoku_rating.
        unsafe { rating.write_unaligned(result) };
        if out_of_budget {
            Err(SUDOKU_OUT_OF_BUDGET)
        } else {
            Ok(())
        }
    })
}

/// Rates a puzzle as Sudoku Explainer (serate 1.2.1.3) does: ER, EP and ED.
///
/// `board`: 81 bytes as for `sudoku_solve`, only read. On `SUDOKU_OK`, `*rating` receives the
/// rating; on any other status it is left untouched. The engine takes SE's steps one at a time
/// (`docs/steps.md`), up to the last of SE's ladder, the nested forcing chains of level 5; a
/// position where none of them finds anything (SE has no step there either) is still
/// `SUDOKU_OK`, with `complete` 0 and `er` a lower bound of SE's ER (`SUDOKU_BEYOND_ER`, 11.0,
/// or the hardest step taken if higher). A puzzle with several
/// solutions is rated by the same rule, as SE rates it, except that the nested forcing chains
/// are skipped (no step can settle the cells where its solutions differ, and their search is
/// slowest there): it stops with the bound 9.5 where SE would search them. The nested forcing
/// chains (9.5 and up) take tens of milliseconds a step on the hardest puzzles, and those of
/// levels 4 and 5 up to tenths of a second (a whole puzzle of forum_hardest about 0.3 s, one
/// that needs level 4 up to a second): `sudoku_rate_with` bounds the time. A full valid board rates
/// 0/0/0 with `complete` 1 and no step.
///
/// Returns `SUDOKU_OK`, `SUDOKU_NO_SOLUTION` (checked with the solver first),
/// `SUDOKU_MULTIPLE_SOLUTIONS` (only when a uniqueness technique, assuming one solution, led to
/// a contradiction on a puzzle with several), `SUDOKU_INVALID_CHARACTER`,
/// `SUDOKU_CONFLICTING_GIVENS`, `SUDOKU_NULL_POINTER` (`board` or `rating` NULL) or
/// `SUDOKU_INTERNAL_ERROR`. Thread-safe. It allocates working memory only for the chain techniques
/// (6.5 and up; a few KiB for most puzzles, up to a few tens of MB for the nested forcing
/// chains: about 20 MB measured on the hardest, which keep the nested steps of thousands of
/// grids from one step to the next), freed before it returns.
///
/// # Safety
/// `board` must be NULL or point to 81 readable bytes; `rating` NULL or a writable
/// `sudoku_rating`.
#[no_mangle]
pub unsafe extern "C" fn sudoku_rate(
    board: *const c_char,
    rating: *mut sudoku_rating,
) -> sudoku_status {
    guard(|| {
        required(board.cast_mut())?;
        let rating = required(rating)?;
        // SAFETY: the caller guarantees 81 readable bytes, which no one writes during the call.
        let text = unsafe { board_ref(board) }?;
        let result = rate_board(&Board::parse(text)?)?;
        // SAFETY: non-NULL, and the caller guarantees a writable sudoku_rating.
        unsafe { rating.write_unaligned(result) };
        Ok(())
    })
}

/// Rates `count` puzzles on several threads, each as `sudoku_rate` does.
///
/// `boards`: `81 * count` bytes, board `i` at bytes `81 * i` to `81 * i + 80`; only read.
/// `ratings`: `count` writable `sudoku_rating`; `ratings[i]` is written only when `statuses[i]`
/// is `SUDOKU_OK`. `statuses`: `count` writable `sudoku_status`, each what `sudoku_rate` returns
/// for that board (`SUDOKU_NULL_POINTER` aside). `threads`: as for `sudoku_solve_batch` (0:
/// every core available; the calling thread included; threads end before the call returns).
/// The results do not depend on the thread count.
///
/// Returns `SUDOKU_OK` when the arguments are valid, whatever each board's status;
/// `SUDOKU_NULL_POINTER` (`boards`, `ratings` or `statuses` NULL, also when `count` is 0);
/// `SUDOKU_INVALID_ARGUMENT` (a `count` whose buffers could not exist, misaligned `ratings` or
/// `statuses`, or any two buffers overlapping), and then nothing is written;
/// `SUDOKU_INTERNAL_ERROR`.
///
/// # Safety
/// `boards` NULL or `81 * count` readable bytes; `ratings` NULL or `count` writable
/// `sudoku_rating`; `statuses` NULL or `count` writable `sudoku_status`.
#[no_mangle]
pub unsafe extern "C" fn sudoku_rate_batch(
    boards: *const c_char,
    count: usize,
    ratings: *mut sudoku_rating,
    statuses: *mut sudoku_status,
    threads: usize,
) -> sudoku_status {
    guard(|| {
        let boards = required(boards.cast_mut())?.cast::<[u8; CELLS]>();
        let ratings = required(ratings)?;
        let statuses = required(statuses)?;
        let (Some(input), Some(output), Some(codes)) = (
            Region::of(boards.as_ptr(), count),
            Region::of(ratings.as_ptr(), count),
            Region::of(statuses.as_ptr(), count),
        ) else {
            return Err(SUDOKU_INVALID_ARGUMENT);
        };
        if input.overlaps(&output) || input.overlaps(&codes) || output.overlaps(&codes) {
            return Err(SUDOKU_INVALID_ARGUMENT);
        }
        if count == 0 {
            return Ok(());
        }
        // SAFETY: non-NULL, alignment 1, `81 * count` readable bytes (at most isize::MAX,
        // checked) that nothing writes during the call (no output overlaps them).
        let boards = unsafe { slice::from_raw_parts(boards.as_ptr(), count) };
        // SAFETY: non-NULL and aligned (checked by `Region::of`), `count` writable values the
        // caller guarantees, overlapping no other buffer. MaybeUninit: they may be
        // uninitialised.
        let ratings = unsafe {
            slice::from_raw_parts_mut(ratings.as_ptr().cast::<MaybeUninit<sudoku_rating>>(), count)
        };
        // SAFETY: as for `ratings`.
        let statuses = unsafe {
            slice::from_raw_parts_mut(
                statuses.as_ptr().cast::<MaybeUninit<sudoku_status>>(),
                count,
            )
        };
        batch::for_each_chunk(
            count,
            threads,
            (ratings, statuses),
            |range, (ratings, statuses)| {
                let chunk = &boards[range];
                for ((text, rating), status) in chunk.iter().zip(ratings).zip(statuses) {
                    let result = catch_unwind(|| {
                        fault::point(text);
                        rate_board(&Board::parse(text)?)
                    });
                    status.write(match result {
                        Ok(Ok(r)) => {
                            rating.write(r);
                            SUDOKU_OK
                        }
                        Ok(Err(s)) => s,
                        Err(_) => SUDOKU_INTERNAL_ERROR,
                    });
                }
            },
        );
        Ok(())
    })
}

/// The caller's optional candidate masks, copied and checked.
///
/// # Safety
/// `candidates` must be NULL or point to 81 readable `uint16_t` (any alignment).
unsafe fn optional_masks(candidates: *const u16) -> Result<Option<[u16; CELLS]>, sudoku_status> {
    let Some(candidates) = ptr::NonNull::new(candidates.cast_mut()) else {
        return Ok(None);
    };
    // SAFETY: non-NULL, and the caller guarantees 81 readable `uint16_t`; an unaligned read
    // copies them whatever the alignment.
    let masks = unsafe { candidates.cast::<[u16; CELLS]>().read_unaligned() };
    if masks.iter().any(|&m| m & !ALL_DIGITS != 0) {
        return Err(SUDOKU_INVALID_ARGUMENT);
    }
    Ok(Some(masks))
}

/// Whether every given of `givens` is on a board of `digits` (0 an empty cell, else 1-9).
fn givens_kept(givens: &Board, digits: &[u8; CELLS]) -> bool {
    givens
        .digits()
        .iter()
        .zip(digits)
        .all(|(&g, &b)| g == 0 || g == b)
}

/// A player's position: `board` with the pencilmarks `masks` (the board's candidates
/// intersected with them), or the board's own candidates when `None`.
fn position(board: &Board, masks: Option<&[u16; CELLS]>) -> Grid {
    match masks {
        Some(m) => Grid::from_board_and_masks(board, m),
        None => Grid::from_board(board),
    }
}

/// Why `sudoku_hint` gives no step: a status and, for `SUDOKU_WRONG_DIGIT`, the cell.
type HintError = (sudoku_status, Option<usize>);

/// The checks and the step of `sudoku_hint` (see there).
pub fn hint(
    board: &Board,
    givens: Option<&Board>,
    masks: Option<&[u16; CELLS]>,
) -> Result<Step, HintError> {
    if let Some(givens) = givens {
        if !givens_kept(givens, board.digits()) {
            return Err((SUDOKU_INVALID_ARGUMENT, None));
        }
    }
    let puzzle = givens.unwrap_or(board);
    let outcome = solver::search(Start::Board(puzzle), Mode::Count { limit: 2 })
        .map_err(|e| (sudoku_status::from(e), None))?;
    let several = outcome.count() > 1;
    match (outcome.count(), outcome.first_solution()) {
        (0, _) | (_, None) => return Err((SUDOKU_NO_SOLUTION, None)),
        (1, Some(solution)) => {
            if let Some(cell) = first_wrong(board.digits(), &solution, masks) {
                return Err((SUDOKU_WRONG_DIGIT, Some(cell)));
            }
        }
        _ if givens.is_some() && solver::count_solutions(board, 1) == 0 => {
            return Err((SUDOKU_NO_SOLUTION, None));
        }
        _ => {}
    }
    if board.is_complete() {
        return Err((SUDOKU_ALREADY_SOLVED, None));
    }
    let grid = position(board, masks);
    // With several solutions the nested chains are skipped (`Budget::without_nested`).
    let budget = if several {
        Budget::UNLIMITED.without_nested()
    } else {
        Budget::UNLIMITED
    };
    match steps::next_step_within(&grid, &budget) {
        Next::Step(step) => Ok(step),
        Next::Solved => Err((SUDOKU_ALREADY_SOLVED, None)),
        Next::Contradiction => Err((SUDOKU_NO_SOLUTION, None)),
        Next::Beyond { .. } | Next::OutOfBudget { .. } => Err((SUDOKU_NO_STEP, None)),
    }
}

/// The first cell (row-major) of a player's position that the puzzle's one `solution`
/// refutes: `digits` (0 an empty cell, else 1-9) holds another digit there, or the cell is
/// empty and its mask in `masks` lacks the solution's digit.
fn first_wrong(
    digits: &[u8; CELLS],
    solution: &Board,
    masks: Option<&[u16; CELLS]>,
) -> Option<usize> {
    (0..CELLS).find(|&i| {
        let s = solution.get(i);
        match digits[i] {
            0 => masks.is_some_and(|m| m[i] >> (s - 1) & 1 == 0),
            d => d != s,
        }
    })
}

/// `sudoku_hint`'s answer for a board `text` (valid characters) whose own digits clash, with
/// the puzzle's `givens`: the clash is then a player's digit, so when the puzzle has exactly one
/// solution the first wrong cell is named as for any wrong digit (`SUDOKU_WRONG_DIGIT`), a
/// player's digit and never a given; otherwise the board's own `SUDOKU_CONFLICTING_GIVENS`.
/// Givens missing from the board are `SUDOKU_INVALID_ARGUMENT`, as in [`hint`].
fn clash_as_wrong_digit(
    text: &[u8; CELLS],
    givens: &Board,
    masks: Option<&[u16; CELLS]>,
) -> HintError {
    let digits = text.map(|b| match b {
        b'1'..=b'9' => b - b'0',
        _ => 0,
    });
    if !givens_kept(givens, &digits) {
        return (SUDOKU_INVALID_ARGUMENT, None);
    }
    if let Ok(outcome) = solver::search(Start::Board(givens), Mode::Count { limit: 2 }) {
        if let (1, Some(solution)) = (outcome.count(), outcome.first_solution()) {
            // Two equal digits in a house: at least one of them is not the solution's.
            if let Some(cell) = first_wrong(&digits, &solution, masks) {
                return (SUDOKU_WRONG_DIGIT, Some(cell));
            }
        }
    }
    (SUDOKU_CONFLICTING_GIVENS, None)
}

/// The next step Sudoku Explainer would take in a player's position: a hint.
///
/// `board`: 81 bytes as for `sudoku_solve`: the position, givens and the digits the player
/// placed alike; only read. `givens`: NULL, or the puzzle's 81 bytes (its givens only), to check
/// the player's digits against the puzzle's solution; every given must be on `board`
/// (`SUDOKU_INVALID_ARGUMENT` otherwise). `candidates`: NULL (the candidates the board implies),
/// or the player's 81 pencilmark masks (`uint16_t`, any alignment, digit `d` at bit `d - 1`;
/// the masks of filled cells are not used, though every mask is checked for bits above bit 8):
/// the engine works on the board's candidates intersected with
/// them, so a player's eliminations count. `step`: receives the step on `SUDOKU_OK`. `cell`:
/// NULL, or receives the cell (0-80) on `SUDOKU_WRONG_DIGIT`; it is written on no other status.
/// At most one of `step` and `cell` is written, after every input was read, so unlike the
/// calls with several outputs this one does not refuse buffers that overlap.
///
/// Checks, in order: NULL pointers; the board's bytes (`SUDOKU_INVALID_CHARACTER`) and, when
/// `givens` is NULL, its digits (two equal digits in a house: `SUDOKU_CONFLICTING_GIVENS`);
/// then `givens`' (same statuses); the masks (a bit above bit 8: `SUDOKU_INVALID_ARGUMENT`);
/// the givens kept on the board. Then the puzzle (`givens`, or `board` when NULL) is solved: no
/// solution, `SUDOKU_NO_SOLUTION`. With exactly one solution, the first cell in row-major order
/// whose digit differs from it, or, for an empty cell, whose mask lacks the solution's digit (a
/// candidate of the solution was eliminated), gives `SUDOKU_WRONG_DIGIT` and that cell. So a
/// player's digit that repeats another in a house is named too (one of the two is always such
/// a cell, and a given never is); a board whose digits clash gets `SUDOKU_CONFLICTING_GIVENS`
/// when the puzzle has no solution or several. With several solutions nothing can be wrong and
/// the hint is given anyway, as SE does (the uniqueness techniques may then mislead), but from the
/// techniques below the nested forcing chains only (they are skipped there); when `givens` is
/// given and `board` itself has no solution, `SUDOKU_NO_SOLUTION`. Then a full board is
/// `SUDOKU_ALREADY_SOLVED`; a position the engine cannot pass is `SUDOKU_NO_STEP`; candidate
/// masks leaving an empty cell with none (several solutions only) give `SUDOKU_NO_SOLUTION`.
///
/// Returns `SUDOKU_OK`, `SUDOKU_WRONG_DIGIT`, `SUDOKU_ALREADY_SOLVED`, `SUDOKU_NO_STEP`,
/// `SUDOKU_NO_SOLUTION`, `SUDOKU_INVALID_CHARACTER`, `SUDOKU_CONFLICTING_GIVENS`,
/// `SUDOKU_INVALID_ARGUMENT`, `SUDOKU_NULL_POINTER` (`board` or `step` NULL) or
/// `SUDOKU_INTERNAL_ERROR`. Thread-safe; working memory is allocated only by the chain
/// techniques (6.5 and up) and freed before it returns.
///
/// # Safety
/// `board` must be NULL or point to 81 readable bytes; `givens` NULL or 81 readable bytes;
/// `candidates` NULL or 81 readable `uint16_t`; `step` NULL or a writable `sudoku_step`; `cell`
/// NULL or a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn sudoku_hint(
    board: *const c_char,
    givens: *const c_char,
    candidates: *const u16,
    step: *mut sudoku_step,
    cell: *mut usize,
) -> sudoku_status {
    guard(|| {
        required(board.cast_mut())?;
        let step = required(step)?;
        // SAFETY: the caller guarantees 81 readable bytes, which no one writes during the call.
        let text = unsafe { board_ref(board) }?;
        // A clash on the board is checked against the givens below, when they are given.
        let parsed = match Board::parse(text) {
            Ok(board) => Some(board),
            // (Its first fault was a clash; a bad byte may still come after it.)
            Err(Error::ConflictingGivens { .. }) if !givens.is_null() => {
                if !text.iter().all(|b| matches!(b, b'1'..=b'9' | b'.' | b'0')) {
                    return Err(SUDOKU_INVALID_CHARACTER);
                }
                None
            }
            Err(e) => return Err(e.into()),
        };
        let givens = if givens.is_null() {
            None
        } else {
            // SAFETY: non-NULL: the caller guarantees 81 readable bytes.
            Some(Board::parse(unsafe { board_ref(givens) }?)?)
        };
        // SAFETY: the caller guarantees NULL or 81 readable `uint16_t`.
        let masks = unsafe { optional_masks(candidates) }?;
        let answer = match (&parsed, &givens) {
            (Some(board), _) => hint(board, givens.as_ref(), masks.as_ref()),
            (None, Some(givens)) => Err(clash_as_wrong_digit(text, givens, masks.as_ref())),
            (None, None) => Err((SUDOKU_CONFLICTING_GIVENS, None)),
        };
        match answer {
            Ok(found) => {
                // SAFETY: non-NULL, and the caller guarantees a writable sudoku_step.
                unsafe { step.write_unaligned(sudoku_step::from_step(&found)) };
                Ok(())
            }
            Err((status, at)) => {
                if let (Some(at), Some(cell)) = (at, ptr::NonNull::new(cell)) {
                    // SAFETY: non-NULL, and the caller guarantees a writable size_t.
                    unsafe { cell.write_unaligned(at) };
                }
                Err(status)
            }
        }
    })
}

/// The engine's whole path from a board: its steps and whether it reached the solution
/// (`Err` as `sudoku_solve_path`).
pub fn solve_path(board: &Board) -> Result<(Vec<Step>, bool), sudoku_status> {
    let solutions = solver::count_solutions(board, 2);
    if solutions == 0 {
        return Err(SUDOKU_NO_SOLUTION);
    }
    // With several solutions the nested chains are skipped (`Budget::without_nested`).
    let budget = if solutions > 1 {
        Budget::UNLIMITED.without_nested()
    } else {
        Budget::UNLIMITED
    };
    let mut grid = Grid::from_board(board);
    let mut path = Vec::new();
    let mut memory = steps::PathMemory::new();
    loop {
        match steps::next_step_sharing(&grid, &budget, &mut memory) {
            Next::Step(step) => {
                step.apply(&mut grid);
                path.push(step);
            }
            Next::Solved => return Ok((path, true)),
            Next::Beyond { .. } | Next::OutOfBudget { .. } => return Ok((path, false)),
            // As in `rate_board`: only a uniqueness technique on a puzzle with several
            // solutions gets here.
            Next::Contradiction => return Err(SUDOKU_MULTIPLE_SOLUTIONS),
        }
    }
}

/// The steps Sudoku Explainer takes to solve a puzzle (the path its rating is read from).
///
/// `board`: 81 bytes as for `sudoku_solve`, only read. `steps`: room for `capacity`
/// `sudoku_step` values (NULL allowed when `capacity` is 0, to ask for the size). On
/// `SUDOKU_OK`, `steps[0..*count]` receive the path and `*complete` is 1 when it ends on the
/// solution, 0 when the engine stopped at a position beyond its techniques (the path so far is
/// then given: the steps a player can take before needing a harder technique; a full board
/// gives an empty complete path). When the path has more than `capacity` steps:
/// `SUDOKU_BUFFER_TOO_SMALL`, `*count` receives the number of steps needed and nothing else is
/// written. On any other status nothing is written. A path has at most 810 steps (each places
/// a digit or removes a candidate: 81 + 729), so a `capacity` of 810 always suffices, and
/// spares asking for the size first, which searches the path twice.
///
/// Returns `SUDOKU_OK`, `SUDOKU_BUFFER_TOO_SMALL`, `SUDOKU_NO_SOLUTION`,
/// `SUDOKU_MULTIPLE_SOLUTIONS` (as for `sudoku_rate`), `SUDOKU_INVALID_CHARACTER`,
/// `SUDOKU_CONFLICTING_GIVENS`, `SUDOKU_NULL_POINTER` (`board`, `count` or `complete` NULL, or
/// `steps` NULL with a non-zero `capacity`), `SUDOKU_INVALID_ARGUMENT` (`steps` misaligned, a
/// `capacity` whose buffer could not exist, or two of `steps`, `count` and `complete`
/// overlapping) or `SUDOKU_INTERNAL_ERROR`. Thread-safe; it
/// allocates the path while it is built.
///
/// # Safety
/// `board` must be NULL or point to 81 readable bytes; `steps` NULL or `capacity` writable
/// `sudoku_step`; `count` NULL or a writable `size_t`; `complete` NULL or a writable `bool`.
#[no_mangle]
pub unsafe extern "C" fn sudoku_solve_path(
    board: *const c_char,
    steps: *mut sudoku_step,
    capacity: usize,
    count: *mut usize,
    complete: *mut bool,
) -> sudoku_status {
    guard(|| {
        required(board.cast_mut())?;
        let count = required(count)?;
        let complete = required(complete)?;
        if steps.is_null() && capacity > 0 {
            return Err(SUDOKU_NULL_POINTER);
        }
        // Three outputs: one overlapping another would be written over.
        let regions = [
            Region::of(steps.cast_const(), capacity),
            Region::value(count.as_ptr().cast_const()),
            Region::value(complete.as_ptr().cast_const()),
        ];
        let [Some(a), Some(b), Some(c)] = regions else {
            return Err(SUDOKU_INVALID_ARGUMENT);
        };
        if Region::any_overlap(&[a, b, c]) {
            return Err(SUDOKU_INVALID_ARGUMENT);
        }
        // SAFETY: the caller guarantees 81 readable bytes, which no one writes during the call.
        let board = Board::parse(unsafe { board_ref(board) }?)?;
        let (path, finished) = solve_path(&board)?;
        if path.len() > capacity {
            // SAFETY: non-NULL, and the caller guarantees a writable size_t.
            unsafe { count.write_unaligned(path.len()) };
            return Err(SUDOKU_BUFFER_TOO_SMALL);
        }
        for (i, s) in path.iter().enumerate() {
            // SAFETY: i < path.len() <= capacity: the caller guarantees `capacity` writable
            // steps at `steps` (non-NULL when capacity > 0, aligned: checked).
            unsafe { steps.add(i).write(sudoku_step::from_step(s)) };
        }
        // SAFETY: non-NULL, and the caller guarantees a writable size_t and bool.
        unsafe {
            count.write_unaligned(path.len());
            complete.write(finished);
        }
        Ok(())
    })
}

/// A step in one line of English, for example `Hidden Single in box 5: r4c6 = 7` or `X-Wing on
/// 7 in rows 2 and 8: removes 7 from r3c4, r5c4` (the form: `docs/steps.md`, "Through C, the programs and Python", **Explanations**).
/// Cells are `rNcM` (row and column 1-9); chains are written node by node, `r1c2=5 -> r1c7<>5`.
///
/// `step`: a step as `sudoku_hint` or `sudoku_solve_path` wrote it; only read. `text`: `size`
/// writable bytes (NULL allowed when `size` is 0); on `SUDOKU_OK` it receives the ASCII text
/// and a NUL. `needed`: NULL, or receives the bytes the text needs, NUL included, on
/// `SUDOKU_OK` and `SUDOKU_BUFFER_TOO_SMALL`. When `size` is smaller: `SUDOKU_BUFFER_TOO_SMALL`
/// and `text` is left untouched. 256 bytes hold the text of any step without a chain.
///
/// Returns `SUDOKU_OK`, `SUDOKU_BUFFER_TOO_SMALL`, `SUDOKU_NULL_POINTER` (`step` NULL, or
/// `text` NULL with a non-zero `size`), `SUDOKU_INVALID_ARGUMENT` (a field out of range: an
/// unknown technique, a rating above 255, `cell` above 80, `digit` above 9, bits set beyond the
/// 729 candidates, 81 cells, 27 houses or 9 digits, `chain_len` above 128, a chain entry with
/// bits 10-14 set or a candidate above 728, `chain_truncated` above 1; a `size` whose buffer
/// could not exist, or `needed` overlapping `text`'s `size` bytes; or fields that no step of
/// the engine has together: a rating below the technique's, a `cell` other than 0 with `digit`
/// 0, a step that neither places nor removes, a single or direct technique that places
/// nothing, a single that removes candidates, a direct technique that removes none, a
/// technique from pointing to the cycles (8-37) that places a digit, a placed digit also
/// removed from its cell, chain entries on a technique that is not a chain (below 35), a chain
/// technique whose entries do not start with a candidate or hold two branch ends in a row) or
/// `SUDOKU_INTERNAL_ERROR`. Those are all the checks: a step is not compared with any board
/// or with its own pattern, so a placement outside its houses, digits other than the one
/// placed or an elimination in its own cells are explained as given (a step from `sudoku_hint`
/// or `sudoku_solve_path` is always consistent). Thread-safe; it allocates the text while it
/// is built.
///
/// # Safety
/// `step` must be NULL or point to a readable `sudoku_step`; `text` NULL or `size` writable
/// bytes; `needed` NULL or a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn sudoku_step_explain(
    step: *const sudoku_step,
    text: *mut c_char,
    size: usize,
    needed: *mut usize,
) -> sudoku_status {
    guard(|| {
        let step = required(step.cast_mut())?;
        if text.is_null() && size > 0 {
            return Err(SUDOKU_NULL_POINTER);
        }
        // Both are outputs: one overlapping the other would be written over.
        let Some(text_region) = Region::of(text.cast_const().cast::<u8>(), size) else {
            return Err(SUDOKU_INVALID_ARGUMENT);
        };
        if !needed.is_null() {
            let needed_region = Region::value(needed.cast_const());
            if needed_region.is_none_or(|n| n.overlaps(&text_region)) {
                return Err(SUDOKU_INVALID_ARGUMENT);
            }
        }
        // SAFETY: non-NULL, and the caller guarantees a readable sudoku_step; an unaligned read
        // copies it whatever the alignment. Every bit pattern is a valid sudoku_step (integers
        // only), so reading untrusted memory is sound; its fields are checked next.
        let raw = unsafe { step.as_ptr().read_unaligned() };
        let step = raw.engine_step().ok_or(SUDOKU_INVALID_ARGUMENT)?;
        let explained = step.explain();
        let need = explained.len() + 1;
        if let Some(needed) = ptr::NonNull::new(needed) {
            // SAFETY: non-NULL, and the caller guarantees a writable size_t.
            unsafe { needed.write_unaligned(need) };
        }
        if size < need {
            return Err(SUDOKU_BUFFER_TOO_SMALL);
        }
        // SAFETY: need <= size bytes: the caller guarantees `size` writable bytes at `text`
        // (non-NULL when size > 0, and size >= need >= 1); the source is our own string,
        // which cannot overlap the caller's buffer.
        unsafe {
            ptr::copy_nonoverlapping(explained.as_ptr(), text.cast::<u8>(), explained.len());
            text.add(explained.len()).write(0);
        }
        Ok(())
    })
}

/// A step applied to a player's position (see `sudoku_step_apply`): the board after it (81
/// bytes, `'1'`-`'9'` and `'.'`) and its candidates (81 masks, digit `d` at bit `d - 1`, a filled
/// cell's digit alone).
///
/// The position is `board` with the pencilmarks `masks` (`Grid::from_board_and_masks`; the
/// board's own candidates when `None`). Errors: `SUDOKU_INVALID_ARGUMENT` when the step does not
/// fit the position: it places a digit in a filled cell or one that is not a candidate there.
pub fn apply_step(
    step: &Step,
    board: &Board,
    masks: Option<&[u16; CELLS]>,
) -> Result<([u8; CELLS], [u16; CELLS]), sudoku_status> {
    let mut grid = position(board, masks);
    if let Some((cell, digit)) = step.placement {
        if grid.value(cell).is_some() || grid.candidates(cell) >> digit.index() & 1 == 0 {
            return Err(SUDOKU_INVALID_ARGUMENT);
        }
    }
    step.apply(&mut grid);
    let mut text = [b'.'; CELLS];
    let mut after = *grid.candidate_masks();
    for (i, &v) in grid.values().iter().enumerate() {
        if v != 0 {
            text[i] = b'0' + v;
            after[i] = 1 << (v - 1);
        }
    }
    Ok((text, after))
}

/// Applies a step (a hint) to a player's position: the step's digit is placed and its
/// eliminations removed, as Sudoku Explainer applies its steps (for the direct techniques, 3,
/// 4, 5 and 7, the placement alone: their eliminations only reveal it).
///
/// `step`: a step as `sudoku_hint` wrote it; only read. `board`: the position's 81 bytes as for
/// `sudoku_solve` (givens and placed digits), read and, on `SUDOKU_OK`, rewritten: the placed
/// digit in its cell, `'1'`-`'9'` for every filled cell and `'.'` for every empty one.
/// `candidates`: NULL, or the player's 81 pencilmark masks (`uint16_t`, any alignment, digit `d`
/// at bit `d - 1`), read as `sudoku_hint` reads them (the board's candidates intersected with
/// them) and, on `SUDOKU_OK`, rewritten with the position's candidates after the step: the
/// step's eliminations gone, the placed digit gone from the cell's peers, and each filled cell's
/// mask its digit alone, as `sudoku_board_candidates` writes them, so they can be passed to
/// `sudoku_hint` again. With NULL candidates only the board changes (eliminations then leave
/// no trace). On any other status nothing is written.
///
/// Returns `SUDOKU_OK`, `SUDOKU_NULL_POINTER` (`step` or `board` NULL),
/// `SUDOKU_INVALID_ARGUMENT` (a step `sudoku_step_explain` refuses; a mask with a bit above bit
/// 8; `candidates` overlapping `board`; or a step that does not fit the position: its digit
/// placed in a filled cell, or one that is not a candidate there), `SUDOKU_INVALID_CHARACTER`,
/// `SUDOKU_CONFLICTING_GIVENS` (the board, as for `sudoku_solve`) or `SUDOKU_INTERNAL_ERROR`.
/// Only those are checked: eliminations of candidates the position no longer has change
/// nothing, and a step is not checked against the puzzle's solution (`sudoku_hint` checks the
/// position). Thread-safe; no allocation.
///
/// # Safety
/// `step` must be NULL or point to a readable `sudoku_step`; `board` NULL or 81 readable and
/// writable bytes; `candidates` NULL or 81 readable and writable `uint16_t`.
#[no_mangle]
pub unsafe extern "C" fn sudoku_step_apply(
    step: *const sudoku_step,
    board: *mut c_char,
    candidates: *mut u16,
) -> sudoku_status {
    guard(|| {
        let step = required(step.cast_mut())?;
        required(board)?;
        // Both are outputs: one overlapping the other would be written over.
        if !candidates.is_null() {
            let board_region = Region::value(board.cast_const().cast::<[u8; CELLS]>());
            let masks_region = Region::value(candidates.cast_const().cast::<[u16; CELLS]>());
            match (board_region, masks_region) {
                (Some(b), Some(m)) if !b.overlaps(&m) => {}
                _ => return Err(SUDOKU_INVALID_ARGUMENT),
            }
        }
        // SAFETY: non-NULL, and the caller guarantees a readable sudoku_step; an unaligned read
        // copies it whatever the alignment. Every bit pattern is a valid sudoku_step (integers
        // only); its fields are checked next.
        let raw = unsafe { step.as_ptr().read_unaligned() };
        let step = raw.engine_step().ok_or(SUDOKU_INVALID_ARGUMENT)?;
        // SAFETY: non-NULL, and the caller guarantees 81 readable bytes.
        let parsed = Board::parse(unsafe { board_ref(board) }?)?;
        // SAFETY: the caller guarantees NULL or 81 readable `uint16_t`.
        let masks = unsafe { optional_masks(candidates) }?;
        let (text, after) = apply_step(&step, &parsed, masks.as_ref())?;
        // SAFETY: non-NULL, and the caller guarantees 81 writable bytes.
        unsafe { board.cast::<[u8; CELLS]>().write_unaligned(text) };
        if let Some(out) = ptr::NonNull::new(candidates) {
            // SAFETY: non-NULL, and the caller guarantees 81 writable `uint16_t`, written
            // unaligned whatever their alignment.
            unsafe { out.cast::<[u16; CELLS]>().write_unaligned(after) };
        }
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `HiddenSingleBox` as `HIDDEN_SINGLE_BOX`: an underscore before each word and number.
    fn upper_snake(camel: &str) -> String {
        let chars: Vec<char> = camel.chars().collect();
        let mut out = String::new();
        for (i, &c) in chars.iter().enumerate() {
            let prev = i.checked_sub(1).map(|j| chars[j]);
            let next = chars.get(i + 1);
            let boundary = match prev {
                None => false,
                Some(p) if c.is_ascii_digit() => p.is_ascii_alphabetic(),
                Some(p) if c.is_ascii_uppercase() => {
                    p.is_ascii_lowercase()
                        || p.is_ascii_digit()
                        || (p.is_ascii_uppercase() && next.is_some_and(|n| n.is_ascii_lowercase()))
                }
                _ => false,
            };
            if boundary {
                out.push('_');
            }
            out.push(c.to_ascii_uppercase());
        }
        out
    }

    #[test]
    fn the_c_bound_is_the_engine_s() {
        assert_eq!(SUDOKU_BEYOND_ER, u16::from(crate::steps::BEYOND_AT_LEAST));
    }

    #[test]
    fn the_c_techniques_are_the_engine_s() {
        assert_eq!(upper_snake("XYZWing"), "XYZ_WING");
        assert_eq!(upper_snake("ForcingXChain"), "FORCING_X_CHAIN");
        for (i, t) in Technique::all().into_iter().enumerate() {
            assert_eq!(t as usize, i);
            // SAFETY: i is a discriminant of the repr(C) enum (0-66, all declared), checked
            // by the names below.
            let c: sudoku_technique = unsafe { std::mem::transmute(i as i32) };
            assert_eq!(
                format!("{c:?}"),
                format!("SUDOKU_TECHNIQUE_{}", upper_snake(&format!("{t:?}")))
            );
            assert_eq!(TECHNIQUE_NAMES[i].to_str(), Ok(t.name()));
            assert_eq!(
                // SAFETY: a non-NULL result is a static NUL-terminated string.
                unsafe { CStr::from_ptr(sudoku_technique_name(i as c_int)) }.to_str(),
                Ok(t.name())
            );
        }
        assert!(sudoku_technique_name(67).is_null());
        assert!(sudoku_technique_name(-1).is_null());
        assert_eq!(SUDOKU_CHAIN_CAPACITY, Chain::CAPACITY);
    }

    #[test]
    fn levels_by_band() {
        let name = |er| level_name(er).to_str().unwrap();
        for (er, want) in [
            (0, "Easy"),
            (10, "Easy"),
            (12, "Easy"),
            (15, "Medium"),
            (25, "Medium"),
            (26, "Hard"),
            (60, "Hard"),
            (61, "Fiendish"),
            (70, "Fiendish"),
            (71, "Diabolical"),
            (90, "Diabolical"),
            (91, "Extreme"),
            (u16::MAX, "Extreme"),
        ] {
            assert_eq!(name(er), want, "{er}");
        }
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
