//! The chains of SE's producer 14 (X-, Y- and XY-cycles, forcing X-chains, forcing chains,
//! 6.5 and up) against Sudoku Explainer (serate 1.2.1.3) on the rated files, and every chain
//! step against the solution.
//!
//! The engine lacks SE's producer 13 (aligned pair exclusion, 6.2), which SE tries before the
//! chains; so these tests rate with [`Producers::skip_missing()`] (the chains run although the
//! exclusion is missing). A puzzle whose SE path takes an aligned pair exclusion can then
//! differ. Measured on the puzzles SE rates 6.5-7.4 (a path of producers up to 14 only: the
//! aligned triplet exclusion and every later producer rate 7.5 or more): the share whose ER, EP
//! and ED all equal SE's. To tell the exclusion's effect apart, the test has its own detector of
//! an aligned pair exclusion (written from `docs/se-rules.md`, sharing nothing with the engine):
//! a puzzle is "clean" when no chain step of its path is taken on a position where an aligned
//! pair exclusion removes something (there SE would have taken the exclusion instead). Asserted:
//! every clean puzzle agrees exactly (measured: all of them), and the overall share stays at
//! or above the measured level. Run with `--nocapture` for the table and the mismatches.

use std::fs;

use sudoku::geometry::Cell;
use sudoku::steps::{next_step_with, rate_with, Grid, Next, Producers, Technique};
use sudoku::Board;
use sudoku_testkit::data::{data_dir, puzzle_lines};
use sudoku_testkit::reference::reference_solve;

/// One rated puzzle: the givens and SE's ER, EP, ED in tenths.
struct Rated {
    puzzle: [u8; 81],
    se: [u8; 3],
}

fn tenths(s: &str) -> u8 {
    let (a, b) = s.split_once('.').expect("a rating like 2.3");
    a.parse::<u8>().unwrap() * 10 + b.parse::<u8>().unwrap()
}

fn read(file: &str) -> Vec<Rated> {
    let path = data_dir().join("ratings").join(file);
    let bytes = fs::read(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    puzzle_lines(&bytes)
        .map(|(n, line)| {
            let line = std::str::from_utf8(line).unwrap();
            let (puzzle, ratings) = line.split_once(' ').unwrap_or_else(|| panic!("{file}:{n}"));
            let r: Vec<u8> = ratings.trim().split('/').map(tenths).collect();
            Rated {
                puzzle: puzzle.as_bytes().try_into().unwrap(),
                se: [r[0], r[1], r[2]],
            }
        })
        .collect()
}

/// True when an aligned pair exclusion (SE's producer 13) removes something in `grid`. SE's
/// rule (`docs/se-rules.md`): base cells have two or more candidates, no peer with a single
/// candidate, and at least one excluder (a peer with exactly two candidates); for a pair of
/// base cells with two or more common excluders (they need not see each other), a pair of
/// digits (x, y) is impossible when x = y and the cells share a house, or when a common
/// excluder's candidates all lie within {x, y}; a candidate of either cell in no possible
/// pair goes.
fn aligned_pair_exclusion_applies(grid: &Grid) -> bool {
    let cands = |c: Cell| grid.candidates(c);
    let mut base: Vec<(Cell, Vec<Cell>)> = Vec::new();
    for c in Cell::ALL {
        if cands(c).count_ones() < 2 {
            continue;
        }
        let peers = c.peers();
        if peers
            .iter()
            .any(|&p| grid.value(p).is_none() && cands(p).count_ones() == 1)
        {
            continue;
        }
        let excluders: Vec<Cell> = peers
            .iter()
            .copied()
            .filter(|&p| cands(p).count_ones() == 2)
            .collect();
        if !excluders.is_empty() {
            base.push((c, excluders));
        }
    }
    for j in 1..base.len() {
        for i in 0..j {
            let ((c0, e0), (c1, e1)) = (&base[i], &base[j]);
            let common: Vec<Cell> = e0.iter().copied().filter(|e| e1.contains(e)).collect();
            if common.len() < 2 {
                continue;
            }
            let (m0, m1) = (cands(*c0), cands(*c1));
            let (mut ok0, mut ok1) = (0u16, 0u16);
            for x in (0..9).filter(|x| m0 >> x & 1 != 0) {
                for y in (0..9).filter(|y| m1 >> y & 1 != 0) {
                    if x == y && c0.sees(*c1) {
                        continue;
                    }
                    let pair = 1u16 << x | 1 << y;
                    if common.iter().any(|&e| cands(e) & !pair == 0) {
                        continue;
                    }
                    ok0 |= 1 << x;
                    ok1 |= 1 << y;
                }
            }
            if ok0 != m0 || ok1 != m1 {
                return true;
            }
        }
    }
    false
}

const CHAINS: [Technique; 5] = [
    Technique::XCycle,
    Technique::YCycle,
    Technique::Cycle,
    Technique::ForcingXChain,
    Technique::ForcingChain,
];

/// True when some chain step of the path (chains on) is taken where an aligned pair exclusion
/// applies.
fn meets_pair_exclusion(puzzle: &[u8; 81]) -> bool {
    let mut grid = Grid::from_board(&Board::parse(puzzle).unwrap());
    while let Next::Step(step) = next_step_with(&grid, Producers::skip_missing()) {
        if CHAINS.contains(&step.technique) && aligned_pair_exclusion_applies(&grid) {
            return true;
        }
        step.apply(&mut grid);
    }
    false
}

/// Agreement counts over one file's 6.5-7.4 puzzles.
#[derive(Default)]
struct Agreement {
    measured: usize,
    exact: usize,
    clean: usize,
    clean_exact: usize,
}

/// Rates the file's 6.5-7.4 puzzles and prints the table and the mismatches.
fn agree(file: &str) -> Agreement {
    let mut a = Agreement::default();
    let mut er_eq = 0;
    let mut unfinished = 0;
    let mut mismatches = Vec::new();
    for r in read(file) {
        if !(65..=74).contains(&r.se[0]) {
            continue;
        }
        a.measured += 1;
        let rating = rate_with(&Board::parse(&r.puzzle).unwrap(), Producers::skip_missing());
        let mine = [rating.er, rating.ep, rating.ed];
        assert!(!rating.contradiction);
        let clean = !meets_pair_exclusion(&r.puzzle);
        a.clean += usize::from(clean);
        unfinished += usize::from(!rating.complete);
        er_eq += usize::from(rating.complete && mine[0] == r.se[0]);
        if rating.complete && mine == r.se {
            a.exact += 1;
            a.clean_exact += usize::from(clean);
        } else {
            mismatches.push(format!(
                "{} {mine:?}{} SE {:?}{}",
                String::from_utf8_lossy(&r.puzzle),
                if rating.complete { "" } else { " (unfinished)" },
                r.se,
                if clean {
                    ""
                } else {
                    " (a chain taken where SE takes an aligned pair exclusion)"
                }
            ));
        }
    }
    println!(
        "{file}: {} puzzles rated 6.5-7.4, ER/EP/ED exact {} ({:.2}%), ER equal {er_eq}, unfinished {unfinished}; \
         clean (no chain where a pair exclusion applies) {}, exact {}",
        a.measured,
        a.exact,
        100.0 * a.exact as f64 / a.measured.max(1) as f64,
        a.clean,
        a.clean_exact
    );
    for m in &mismatches {
        println!("  {m}");
    }
    a
}

fn check(file: &str, min_exact_permille: usize) {
    let a = agree(file);
    assert_eq!(a.clean_exact, a.clean, "{file}: a clean puzzle differs");
    assert!(
        a.exact * 1000 >= a.measured * min_exact_permille,
        "{file}: exact agreement {} of {} below {min_exact_permille}‰",
        a.exact,
        a.measured
    );
}

#[test]
fn qqwing_chain_ratings_agree_with_sudoku_explainer() {
    check("se_qqwing_2000.txt", 1000);
}

#[test]
fn random_minimal_chain_ratings_agree_with_sudoku_explainer() {
    check("se_random_minimal_4000.txt", 999);
}

#[test]
fn top1465_chain_ratings_agree_with_sudoku_explainer() {
    check("se_top1465.txt", 996);
}

/// Walks the path with the chains on, checking every step against the solution (DLX
/// reference); returns the chain steps seen per technique.
fn check_path(text: &[u8; 81], used: &mut [usize]) {
    let (count, solution) = reference_solve(text, 2);
    assert_eq!(count, 1);
    let solution = solution.unwrap();
    let name = String::from_utf8_lossy(text).into_owned();
    let mut grid = Grid::from_board(&Board::parse(text).unwrap());
    loop {
        match next_step_with(&grid, Producers::skip_missing()) {
            Next::Step(step) => {
                used[step.technique as usize] += 1;
                let mut changes = false;
                if let Some((cell, digit)) = step.placement {
                    assert_eq!(
                        digit.get(),
                        solution[cell.index()] - b'0',
                        "{name}: {:?} places a wrong digit",
                        step.technique
                    );
                    changes = true;
                }
                for (cell, digit) in step.eliminations.iter() {
                    assert_ne!(
                        digit.get(),
                        solution[cell.index()] - b'0',
                        "{name}: {:?} removes the solution's digit from cell {}",
                        step.technique,
                        cell.index()
                    );
                    assert!(grid.candidates(cell) >> digit.index() & 1 != 0);
                    changes = true;
                }
                assert!(changes, "{name}: {:?} changes nothing", step.technique);
                step.apply(&mut grid);
            }
            Next::Solved => {
                let values: Vec<u8> = grid.values().iter().map(|&v| b'0' + v).collect();
                assert_eq!(values, solution.to_vec(), "{name}: solved to another grid");
                return;
            }
            Next::Contradiction => panic!("{name}: contradiction"),
            Next::Beyond { .. } => return,
        }
    }
}

#[test]
fn chain_steps_are_sound() {
    let mut used = vec![0usize; Technique::all().len()];
    for file in [
        "se_qqwing_2000.txt",
        "se_random_minimal_4000.txt",
        "se_top1465.txt",
    ] {
        for r in read(file) {
            check_path(&r.puzzle, &mut used);
        }
    }
    for t in CHAINS {
        println!("{:<24} {}", t.name(), used[t as usize]);
    }
    for t in CHAINS {
        assert!(used[t as usize] > 0, "no {:?} step met", t);
    }
}
