//! What a search of the dynamic forcing chains keeps ([`super::dynamic`]): the first step in
//! SE's order (a producer asked for its step), or every step, whole, as SE's `getHints` gives
//! them to a host propagation's nested rules (levels 4 and 5: the dynamic forcing chains run
//! inside the nested ones).
//!
//! SE's `getHints` sorts every hint by (difficulty, complexity, sort key), stably, then drops a
//! hint whose removals equal an earlier one's (`ChainingHint.equals`; see `docs/se-rules.md`,
//! "Nested rules in detail"). So, of the hints with the same removals, only the first of the
//! smallest (difficulty, complexity, sort key) survives, and the survivors come in that order,
//! ties in generation order. Keeping, for each set of removals, the best hint offered so far
//! gives the same list, and lets a search skip a conclusion that cannot beat the one kept for
//! its removals (as the first-step search skips one that cannot beat the best), which spares
//! counting most ancestors. A conclusion's removals lie in one cell: its key is the cell and the
//! digits removed there.
//!
//! Layers: uses the propagations (their chains, written as SE's `getChain`) and the chain
//! steps' forms ([`Best`], [`Found`], [`Whole`]).

use std::collections::HashMap;
use std::hash::BuildHasherDefault;

use super::conclusion::Kind;
use super::potential::{difficulty, Cause, KeyHasher, Pot};
use super::propagate::Propagation;
use super::{Best, Found, Origin, Whole, BRANCH_END};
use crate::steps::grid::Grid;

/// The best hint kept for one set of removals, with its rank in the order offered.
struct Kept {
    order: u32,
    whole: Whole,
}

/// The collector of a search (see the module documentation). One lives per search, so the
/// variants' difference in size costs nothing worth a box.
#[allow(clippy::large_enum_variant)]
pub enum Collect {
    /// The first step in SE's order.
    First(Best),
    /// Every step whole, the best of each set of removals.
    All(ByRemovals),
}

/// The best step offered for each set of removals, by the cell and digits removed, and the
/// number of steps offered.
pub struct ByRemovals {
    kept: HashMap<(u8, u16), Kept, BuildHasherDefault<KeyHasher>>,
    offered: u32,
}

impl Collect {
    /// A collector of the first step.
    pub fn first() -> Collect {
        Collect::First(Best::default())
    }

    /// A collector of every step, whole.
    pub fn all() -> Collect {
        Collect::All(ByRemovals {
            kept: HashMap::default(),
            offered: 0,
        })
    }

    /// True when a step of `kind` concluding `target` on `grid`, with `complexity` (or a lower
    /// bound of it: ratings never fall as complexity grows), could be kept. False when the
    /// conclusion would remove nothing ("on" in a cell without other candidates).
    #[inline]
    pub fn could_take(&self, grid: &Grid, target: Pot, complexity: u32, kind: Kind) -> bool {
        let rating = difficulty(kind.base, complexity);
        match self {
            Collect::First(best) => best.beaten_by(rating, complexity, kind.key),
            Collect::All(ByRemovals { kept, .. }) => match removal_key(grid, target) {
                None => false,
                Some(key) => kept
                    .get(&key)
                    .is_none_or(|k| sorts_before(rating, complexity, kind.key, &k.whole)),
            },
        }
    }

    /// Offers `found`, the step concluding `target` from `branches` (each a propagation and the
    /// arena index of the branch's end), whose starts are of `origin`.
    pub fn offer(
        &mut self,
        grid: &Grid,
        target: Pot,
        found: Found,
        origin: Origin,
        branches: &[(&Propagation, u32)],
    ) {
        match self {
            Collect::First(best) => best.offer(found),
            Collect::All(ByRemovals { kept, offered }) => {
                let Some(key) = removal_key(grid, target) else {
                    return;
                };
                *offered += 1;
                if kept.get(&key).is_some_and(|k| {
                    !sorts_before(found.difficulty, found.complexity, found.key, &k.whole)
                }) {
                    return;
                }
                let start = match origin {
                    Origin::Cell => Some(Cause::Cell),
                    Origin::House(kind) => Some(Cause::House(kind)),
                    Origin::Start | Origin::Cycle => None,
                };
                let mut chains = Vec::new();
                let mut causes = Vec::new();
                for &(prop, end) in branches {
                    prop.chain_list(end, start, &mut chains, &mut causes);
                    chains.push(BRANCH_END);
                    causes.push(None);
                }
                let whole = Whole {
                    difficulty: found.difficulty,
                    complexity: found.complexity,
                    key: found.key,
                    removals: found.step.eliminations,
                    origin,
                    chains,
                    causes,
                };
                kept.insert(
                    key,
                    Kept {
                        order: *offered,
                        whole,
                    },
                );
            }
        }
    }

    /// The first step (none when collecting every step).
    pub fn into_first(self) -> Option<Found> {
        match self {
            Collect::First(best) => best.0,
            Collect::All(_) => None,
        }
    }

    /// Every step kept, in SE's order (none when collecting the first).
    pub fn into_sorted(self) -> Vec<Whole> {
        match self {
            Collect::First(_) => Vec::new(),
            Collect::All(ByRemovals { kept, .. }) => {
                let mut all: Vec<Kept> = kept.into_values().collect();
                all.sort_by(|a, b| {
                    a.whole
                        .difficulty
                        .partial_cmp(&b.whole.difficulty)
                        .unwrap_or(std::cmp::Ordering::Equal)
                        .then(a.whole.complexity.cmp(&b.whole.complexity))
                        .then(a.whole.key.cmp(&b.whole.key))
                        .then(a.order.cmp(&b.order))
                });
                all.into_iter().map(|k| k.whole).collect()
            }
        }
    }
}

/// True when (difficulty, complexity, key) sorts strictly before `whole`.
#[inline]
fn sorts_before(difficulty: f64, complexity: u32, key: u8, whole: &Whole) -> bool {
    super::sorts_before(
        (difficulty, complexity, key),
        (whole.difficulty, whole.complexity, whole.key),
    )
}

/// What concluding `target` on `grid` removes, as its cell and the digits removed there: "on"
/// removes the cell's other candidates (`None` when it has none), "off" the candidate.
#[inline]
fn removal_key(grid: &Grid, target: Pot) -> Option<(u8, u16)> {
    let cell = target.cell();
    let bit = 1u16 << target.digit().index();
    let removed = if target.is_on() {
        grid.candidates(cell) & !bit
    } else {
        bit
    };
    (removed != 0).then_some((cell.index() as u8, removed))
}
