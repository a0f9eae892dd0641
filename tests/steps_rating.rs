//! The step engine's ratings against Sudoku Explainer's (serate 1.2.1.3) on the rated files in
//! `ratings/` of the data directory (`PUZZLE ER/EP/ED` a line, `#` comments).
//!
//! A puzzle is "within" when the engine finishes it, or its published ER is below [`BOUND`], the
//! lower bound the engine gives where it stops (only techniques the engine has can have been
//! taken: everything SE tries after the engine's last producer rates `BOUND` or more). Asserted: the share of within puzzles
//! whose ER, EP and ED all equal SE's stays at or above the measured threshold (all of them:
//! 100% measured on each file); no within puzzle is off by more than 0.1 anywhere; every puzzle
//! the engine does not finish gets a lower bound at most SE's ER (and the engine never finishes
//! Run with `--nocapture` for the table.

use std::fs;

use sudoku::steps::rate;
use sudoku::Board;
use sudoku_testkit::data::{data_dir, puzzle_lines};

/// The engine's lower bound where it stops (`Next::Beyond`), in tenths: 9.5, the nested
/// forcing chains that follow the dynamic forcing chains (+) in SE's order.
const BOUND: u8 = 95;

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

/// Counts over one file.
#[derive(Default, Debug)]
struct Table {
    puzzles: usize,
    within: usize,
    exact: usize,
    er_equal: usize,
    ep_equal: usize,
    ed_equal: usize,
    beyond: usize,
    /// Beyond puzzles whose ER is the bound itself (no step before the stop rated more).
    beyond_at_bound: usize,
    within_but_beyond: usize,
    /// Beyond puzzles whose EP (ED) the engine found before stopping, and how many equal SE's.
    beyond_ep_known: usize,
    beyond_ep_equal: usize,
    beyond_ed_known: usize,
    beyond_ed_equal: usize,
    /// Published ER 4.5-6.1 puzzles (uniqueness, quads, BUG) and how many the engine finished.
    upper: usize,
    upper_finished: usize,
    off_by_more: Vec<String>,
    bound_above: Vec<String>,
}

fn agree(file: &str) -> Table {
    let mut t = Table::default();
    for r in read(file) {
        t.puzzles += 1;
        let board = Board::parse(&r.puzzle).unwrap();
        let rating = rate(&board);
        let mine = [rating.er, rating.ep, rating.ed];
        let [er, _, _] = r.se;
        let text = String::from_utf8_lossy(&r.puzzle).into_owned();
        if (45..=61).contains(&er) {
            t.upper += 1;
            t.upper_finished += usize::from(rating.complete);
        }
        if !rating.complete {
            assert!(!rating.contradiction, "{text}: contradiction");
            t.beyond += 1;
            t.beyond_at_bound += usize::from(rating.er == BOUND);
            if rating.ep != 0 {
                t.beyond_ep_known += 1;
                t.beyond_ep_equal += usize::from(rating.ep == r.se[1]);
            }
            if rating.ed != 0 {
                t.beyond_ed_known += 1;
                t.beyond_ed_equal += usize::from(rating.ed == r.se[2]);
            }
            if er < BOUND {
                t.within += 1;
                t.within_but_beyond += 1;
            }
            if rating.er > er {
                t.bound_above.push(format!("{text} {mine:?} SE {:?}", r.se));
            }
            continue;
        }
        // Finished: every step was the engine's own, so the rating is compared whatever it is
        // (chains rated 8.5 and more by their length count too).
        t.within += 1;
        t.er_equal += usize::from(mine[0] == r.se[0]);
        t.ep_equal += usize::from(mine[1] == r.se[1]);
        t.ed_equal += usize::from(mine[2] == r.se[2]);
        t.exact += usize::from(mine == r.se);
        if mine.iter().zip(r.se).any(|(&a, b)| a.abs_diff(b) > 1) {
            t.off_by_more.push(format!("{text} {mine:?} SE {:?}", r.se));
        }
    }
    println!(
        "{file}: {} puzzles, {} within ({} of them beyond here), exact {} ({:.2}%), ER {} EP {} ED {}, beyond {}",
        t.puzzles,
        t.within,
        t.within_but_beyond,
        t.exact,
        100.0 * t.exact as f64 / t.within as f64,
        t.er_equal,
        t.ep_equal,
        t.ed_equal,
        t.beyond
    );
    println!(
        "  beyond (at the bound {BOUND}: {}): EP known {} (equal {}), ED known {} (equal {}); published 4.5-6.1: {} (finished {})",
        t.beyond_at_bound,
        t.beyond_ep_known, t.beyond_ep_equal, t.beyond_ed_known, t.beyond_ed_equal, t.upper, t.upper_finished
    );
    for line in t.off_by_more.iter().chain(&t.bound_above).take(20) {
        println!("  {line}");
    }
    t
}

fn check(file: &str, min_exact_permille: usize) {
    let t = agree(file);
    assert!(
        t.off_by_more.is_empty(),
        "{file}: off by more than 0.1: {:?}",
        t.off_by_more
    );
    assert_eq!(
        t.beyond_ep_equal, t.beyond_ep_known,
        "{file}: EP found before stopping differs"
    );
    assert_eq!(
        t.beyond_ed_equal, t.beyond_ed_known,
        "{file}: ED found before stopping differs"
    );
    assert!(
        t.bound_above.is_empty(),
        "{file}: lower bound above SE's ER: {:?}",
        t.bound_above
    );
    assert!(
        t.exact * 1000 >= t.within * min_exact_permille,
        "{file}: exact agreement {} of {} below {min_exact_permille}‰",
        t.exact,
        t.within
    );
}

#[test]
fn qqwing_ratings_agree_with_sudoku_explainer() {
    check("se_qqwing_2000.txt", 1000);
}

#[test]
fn top1465_ratings_agree_with_sudoku_explainer() {
    check("se_top1465.txt", 1000);
}

#[test]
fn random_minimal_ratings_agree_with_sudoku_explainer() {
    check("se_random_minimal_4000.txt", 1000);
}
