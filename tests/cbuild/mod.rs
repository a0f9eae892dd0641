//! Building and running C test programs against the libsudoku this `cargo test` built, for the
//! C examples (`c_examples.rs`), the memory and thread tests (`memory_and_threads.rs`), the fault
//! injection host (`fault_injection.rs`) and the Python thread suite (`python.rs`).
//!
//! The libraries are taken from beside the test executable, in `target/<profile>/deps/`, where
//! `cargo test` builds `libsudoku.a` and `libsudoku.so` (as in `c_examples.rs`). Programs are
//! compiled with gcc, with `include/` (the header) and `examples/` (`finish_output.h`) on the
//! include path, and must compile without a single diagnostic.
#![allow(dead_code)] // each test crate uses part of it

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// System libraries the Rust standard library inside `libsudoku.a` needs (the list of
/// `c_examples.rs` and the Makefile, from `--print native-static-libs`).
pub const STATIC_SYSTEM_LIBS: &[&str] = &["-lgcc_s", "-lutil", "-lrt", "-lpthread", "-lm", "-ldl"];

/// Warnings that fail a build.
pub const WARNINGS: &[&str] = &["-Wall", "-Wextra", "-Wpedantic", "-Werror"];

/// How a program is linked to the library.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Link {
    /// `libsudoku.a` and [`STATIC_SYSTEM_LIBS`].
    Static,
    /// `-lsudoku` with an rpath to the directory of `libsudoku.so`.
    Shared,
}

pub fn repo_root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The soname build.rs gives `libsudoku.so`: `libsudoku.so.0.MINOR` below 1.0.
pub fn soname() -> String {
    match env!("CARGO_PKG_VERSION_MAJOR") {
        "0" => format!("libsudoku.so.0.{}", env!("CARGO_PKG_VERSION_MINOR")),
        major => format!("libsudoku.so.{major}"),
    }
}

/// `target/<profile>/deps/`, holding the libraries built by this cargo run. Programs linked
/// against `libsudoku.so` load it by its soname, so a link of that name is made there.
pub fn lib_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let exe = std::env::current_exe().expect("path of the test executable");
        let dir = exe
            .parent()
            .expect("the test executable lives in target/<profile>/deps/")
            .to_path_buf();
        for lib in ["libsudoku.a", "libsudoku.so"] {
            assert!(
                dir.join(lib).is_file(),
                "{lib} missing in {}",
                dir.display()
            );
        }
        match std::os::unix::fs::symlink("libsudoku.so", dir.join(soname())) {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
            Err(e) => panic!("cannot link {} in {}: {e}", soname(), dir.display()),
        }
        dir
    })
}

/// A scratch directory `CARGO_TARGET_TMPDIR/<name>/<profile>/`, created if needed.
pub fn scratch_dir(name: &str) -> PathBuf {
    let profile = lib_dir()
        .parent()
        .and_then(Path::file_name)
        .expect("profile directory name");
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(name)
        .join(profile);
    fs::create_dir_all(&dir).expect("create the scratch directory");
    dir
}

/// Linker arguments for one kind of linkage.
pub fn link_args(link: Link) -> Vec<String> {
    let dir = lib_dir();
    match link {
        Link::Static => std::iter::once(dir.join("libsudoku.a").display().to_string())
            .chain(STATIC_SYSTEM_LIBS.iter().map(|s| s.to_string()))
            .collect(),
        Link::Shared => vec![
            format!("-L{}", dir.display()),
            "-lsudoku".to_string(),
            format!("-Wl,-rpath,{}", dir.display()),
        ],
    }
}

/// Compiles the C file `source` (relative to the repository root) with gcc and `flags` into
/// `out`, linked as `link`, and asserts that gcc succeeded without printing anything.
pub fn compile(source: &str, flags: &[&str], link: Link, out: &Path) {
    let root = repo_root();
    let result = Command::new("gcc")
        .args(flags)
        .args(WARNINGS)
        .arg("-I")
        .arg(root.join("include"))
        .arg("-I")
        .arg(root.join("examples"))
        .arg(root.join(source))
        .args(link_args(link))
        .arg("-o")
        .arg(out)
        .output()
        .expect("cannot run gcc");
    assert!(
        result.status.success() && result.stderr.is_empty() && result.stdout.is_empty(),
        "gcc {source} ({link:?}, {flags:?}) failed or warned:\n{}",
        String::from_utf8_lossy(&result.stderr)
    );
}

/// Every regular file in the data directory, in name order: a file added there is tested too.
pub fn data_files(data_dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = fs::read_dir(data_dir)
        .unwrap_or_else(|e| {
            panic!(
                "cannot list {}: {e} (set SUDOKU_DATA_DIR?)",
                data_dir.display()
            )
        })
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.is_file())
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no data file in {}", data_dir.display());
    files
}
