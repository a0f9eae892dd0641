//! The shared puzzle files: where they are and how a collection is read.
//!
//! A collection is one puzzle a line (81 bytes), `#` lines are comments, blank lines are
//! skipped, lines end in LF or CRLF. The data directory also holds subfolders (such as
//! `ratings/`), which are not collections and are skipped.

use std::fs;
use std::path::{Path, PathBuf};

use crate::board::CELLS;

/// The directory of the shared puzzle files: `$SUDOKU_DATA_DIR` when set and not empty, or
/// `../shared/data` beside the repository root.
pub fn data_dir() -> PathBuf {
    match std::env::var_os("SUDOKU_DATA_DIR") {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        // This crate lives in `<repository root>/testkit`.
        _ => PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/data")),
    }
}

/// The puzzle lines of a collection, with their 1-based line numbers: comment and blank lines
/// (empty, or only spaces and tabs) skipped, a CR before the LF removed. The lines are not
/// checked: [`parse_puzzles`] fails on a line that is not 81 bytes, the benchmark reports it.
pub fn puzzle_lines(bytes: &[u8]) -> impl Iterator<Item = (usize, &[u8])> {
    bytes
        .split(|&b| b == b'\n')
        .enumerate()
        .map(|(index, line)| (index + 1, line.strip_suffix(b"\r").unwrap_or(line)))
        .filter(|(_, line)| {
            !line.iter().all(|&b| b == b' ' || b == b'\t') && !line.starts_with(b"#")
        })
}

/// Splits a collection into puzzles (see [`puzzle_lines`]). A puzzle line that is not exactly 81
/// bytes fails the test, naming `name` and the line number.
pub fn parse_puzzles(bytes: &[u8], name: &str) -> Vec<[u8; CELLS]> {
    puzzle_lines(bytes)
        .map(|(number, line)| {
            line.try_into().unwrap_or_else(|_| {
                panic!("{name}:{number}: expected 81 bytes, got {}", line.len())
            })
        })
        .collect()
}

/// The six collections of [`data_dir`], in name order.
pub const COLLECTIONS: [&str; 6] = [
    "puzzles0_easy",
    "puzzles1_random_minimal",
    "puzzles2_17_clue",
    "puzzles3_magictour_top1465",
    "puzzles5_forum_hardest_1905_11+",
    "puzzles7_serg_benchmark",
];

/// Reads every puzzle of the collection `file` in [`data_dir`] (see [`parse_puzzles`]).
pub fn read_puzzles(file: &str) -> Vec<[u8; CELLS]> {
    let path = data_dir().join(file);
    let bytes = fs::read(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e} (set SUDOKU_DATA_DIR?)", path.display()));
    parse_puzzles(&bytes, &path.display().to_string())
}

/// Every collection in `dir`, in name order: its regular files, skipping subfolders (such as
/// `ratings/`) and hidden files. Errors when `dir` cannot be listed.
pub fn collections_in(dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    for entry in fs::read_dir(dir)? {
        let entry = entry?;
        let hidden = entry.file_name().to_string_lossy().starts_with('.');
        if !hidden && entry.file_type()?.is_file() {
            files.push(entry.path());
        }
    }
    files.sort();
    Ok(files)
}

/// [`collections_in`] for a test: panics when `dir` cannot be listed or holds no collection, so
/// a collection added there is tested too and a wrong directory is not a silent pass.
pub fn data_files(dir: &Path) -> Vec<PathBuf> {
    let files = collections_in(dir)
        .unwrap_or_else(|e| panic!("cannot list {}: {e} (set SUDOKU_DATA_DIR?)", dir.display()));
    assert!(!files.is_empty(), "no data file in {}", dir.display());
    files
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_blank_lines_and_crlf_are_skipped() {
        let a = ".".repeat(CELLS);
        let b = "1".to_string() + &".".repeat(CELLS - 1);
        let text = format!("# a comment\n\n{a}\r\n  \n{b}");
        let puzzles = parse_puzzles(text.as_bytes(), "inline");
        assert_eq!(puzzles.len(), 2);
        assert_eq!(&puzzles[0][..], a.as_bytes());
        assert_eq!(&puzzles[1][..], b.as_bytes());
        let numbers: Vec<usize> = puzzle_lines(text.as_bytes()).map(|(n, _)| n).collect();
        assert_eq!(numbers, [3, 5]);
    }

    #[test]
    #[should_panic(expected = "inline:2: expected 81 bytes, got 80")]
    fn a_short_line_names_its_number() {
        parse_puzzles(
            format!("#\n{}\n", ".".repeat(CELLS - 1)).as_bytes(),
            "inline",
        );
    }

    #[test]
    fn the_data_dir_lists_collections_and_skips_subfolders() {
        let dir = data_dir();
        let files = data_files(&dir);
        assert!(files.iter().all(|f| f.is_file()));
        if dir.join("ratings").is_dir() {
            assert!(!files.iter().any(|f| f.ends_with("ratings")));
        }
        for file in &files {
            let name = file.file_name().unwrap().to_str().unwrap();
            assert!(!read_puzzles(name).is_empty(), "{name} holds no puzzle");
        }
    }
}
