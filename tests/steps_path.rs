//! Every step of the step engine checked against the solution, by a checker that shares nothing
//! with the engine: the solution comes from the test kit's exact-cover reference (DLX), and a
//! step is wrong when it places a digit other than the solution's or removes the solution's digit
//! from a cell. Run on every path the rater takes over the rated files (QQWing, random minimal,
//! top1465, and the first puzzles of forum_hardest, whose paths need the nested forcing chains),
//! up to the position where the engine stops. Also checked: each step changes the
//! position (a candidate it removes is there, or it places), a finished path ends on the
//! solution, and the engine never meets a contradiction on a puzzle that has a solution.

use std::fs;

use sudoku::steps::{next_step, Grid, Next, Technique};
use sudoku::Board;
use sudoku_testkit::data::{data_dir, puzzle_lines};
use sudoku_testkit::reference::reference_solve;

fn puzzles(file: &str) -> Vec<[u8; 81]> {
    let path = data_dir().join("ratings").join(file);
    let bytes = fs::read(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    puzzle_lines(&bytes)
        .map(|(_, line)| line[..81].try_into().unwrap())
        .collect()
}

/// Walks the engine's path on `text`, checking each step; returns the techniques used.
/// Checks every step of `text`'s path; returns the steps taken and whether the path stopped
/// beyond the engine's techniques.
fn check_path(text: &[u8; 81], used: &mut [usize]) -> (Vec<sudoku::steps::Step>, bool) {
    let mut taken = Vec::new();
    let (count, solution) = reference_solve(text, 2);
    assert_eq!(count, 1, "{}: not unique", String::from_utf8_lossy(text));
    let solution = solution.unwrap();
    let digit_at = |i: usize| solution[i] - b'0';
    let name = String::from_utf8_lossy(text).into_owned();
    let mut grid = Grid::from_board(&Board::parse(text).unwrap());
    loop {
        match next_step(&grid) {
            Next::Step(step) => {
                used[step.technique as usize] += 1;
                let mut changes = false;
                if let Some((cell, digit)) = step.placement {
                    assert_eq!(
                        digit.get(),
                        digit_at(cell.index()),
                        "{name}: {:?} places a wrong digit at cell {}",
                        step.technique,
                        cell.index()
                    );
                    assert!(
                        grid.candidates(cell) >> digit.index() & 1 != 0,
                        "{name}: not a candidate"
                    );
                    changes = true;
                }
                for (cell, digit) in step.eliminations.iter() {
                    assert_ne!(
                        digit.get(),
                        digit_at(cell.index()),
                        "{name}: {:?} removes the solution's digit from cell {}",
                        step.technique,
                        cell.index()
                    );
                    assert!(
                        grid.candidates(cell) >> digit.index() & 1 != 0,
                        "{name}: {:?} removes a digit that is not a candidate",
                        step.technique
                    );
                    changes = true;
                }
                assert!(changes, "{name}: {:?} changes nothing", step.technique);
                if step.technique.is_direct() {
                    assert!(step.placement.is_some() && !step.eliminations.is_empty());
                }
                step.apply(&mut grid);
                taken.push(step);
            }
            Next::Solved => {
                let values: Vec<u8> = grid.values().iter().map(|&v| b'0' + v).collect();
                assert_eq!(values, solution.to_vec(), "{name}: solved to another grid");
                return (taken, false);
            }
            Next::Contradiction => panic!("{name}: contradiction on a puzzle with a solution"),
            Next::Beyond { .. } => return (taken, true),
            Next::OutOfBudget { .. } => panic!("{name}: out of a budget never given"),
        }
    }
}

fn check_file(file: &str) {
    let mut used = vec![0usize; Technique::all().len()];
    for p in puzzles(file) {
        check_path(&p, &mut used);
    }
    println!("{file}: steps checked per technique:");
    for t in Technique::all() {
        println!("  {:<24} {}", t.name(), used[t as usize]);
    }
}

#[test]
fn qqwing_paths_are_sound() {
    check_file("se_qqwing_2000.txt");
}

#[test]
fn random_minimal_paths_are_sound() {
    check_file("se_random_minimal_4000.txt");
}

#[test]
fn top1465_paths_are_sound() {
    check_file("se_top1465.txt");
}

#[test]
fn forum_hardest_paths_are_sound() {
    // The first four of forum_hardest (ER 11 or more): their paths need the nested forcing
    // chains of levels 2 and 3, with steps of both levels checked here.
    let path = data_dir().join("puzzles5_forum_hardest_1905_11+");
    let bytes = fs::read(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let mut used = vec![0usize; Technique::all().len()];
    for (_, line) in puzzle_lines(&bytes).take(4) {
        check_path(line[..81].try_into().unwrap(), &mut used);
    }
    let level2 = Technique::NestedForcingContradictionChain as usize;
    let level3 = Technique::NestedMultipleContradictionChain as usize;
    assert!(
        used[level2..level3].iter().sum::<usize>() > 0,
        "no level-2 step"
    );
    assert!(
        used[level3..level3 + 4].iter().sum::<usize>() > 0,
        "no level-3 step"
    );
}

#[test]
fn a_path_through_level_4_is_sound_and_serate_s() {
    // Line 48721 of forum_hardest: serate 1.2.1.3 (traced to the end, 463 s) takes 121 steps
    // rated 11.7/11.7/2.6: the 15th a nested forcing chain of level 3 rated 11.2 that removes
    // 2 from r7c9, then four of producer 21 (level 4: 11.6 removing 7 from r1c8, 11.7 removing
    // 4 from r9c5, 9 from r1c8, 7 from r9c8), then easier ones. The engine's path is sound and
    // the same at those steps.
    let text = b"........1.....2.3....45.6....1....27..6...8...9..8.4....7..3...5..89....96.5.....";
    let mut used = vec![0usize; Technique::all().len()];
    let (taken, beyond) = check_path(text, &mut used);
    assert!(!beyond);
    assert_eq!(taken.len(), 121);
    let removed = |k: usize| -> Vec<(usize, usize, u8)> {
        taken[k - 1]
            .eliminations
            .iter()
            .map(|(c, d)| (c.row() + 1, c.column() + 1, d.get()))
            .collect()
    };
    assert_eq!(taken[14].er, 112);
    assert_eq!(
        taken[14].technique,
        Technique::NestedMultipleContradictionChain
    );
    assert_eq!(removed(15), [(7, 9, 2)]);
    for (k, er, cell) in [
        (16, 116, (1, 8, 7)),
        (17, 117, (9, 5, 4)),
        (18, 117, (1, 8, 9)),
        (19, 117, (9, 8, 7)),
    ] {
        assert_eq!(taken[k - 1].er, er, "step {k}");
        assert_eq!(
            taken[k - 1].technique,
            Technique::NestedDynamicContradictionChain
        );
        assert_eq!(removed(k), [cell], "step {k}");
    }
    assert_eq!(used[Technique::NestedDynamicContradictionChain as usize], 4);
    assert_eq!(taken.iter().map(|s| s.er).max(), Some(117));
}
