//! Building and running C and C++ test programs against the libsudoku this `cargo test` built,
//! and finding what the suites inspect: the repository root, the header, the shared library.
//!
//! The libraries are taken from beside the test executable, in `<target dir>/<profile>/deps/`:
//! `cargo test` builds `libsudoku.a` and `libsudoku.so` there (it copies them up to
//! `<target dir>/<profile>/` only for `cargo build`), so they are always the ones built from the
//! sources under test, wherever `CARGO_TARGET_DIR` puts the target directory. Programs must
//! compile without a single diagnostic.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

/// System libraries the Rust standard library inside `libsudoku.a` needs (the Makefile's list,
/// from `rustc --print native-static-libs`).
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

/// The repository root (this crate lives in `<root>/testkit`).
pub fn repo_root() -> &'static Path {
    static ROOT: OnceLock<PathBuf> = OnceLock::new();
    ROOT.get_or_init(|| {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .parent()
            .expect("testkit/ lives in the repository root")
            .to_path_buf()
    })
}

/// The committed C header, `include/sudoku.h`.
pub fn header_path() -> PathBuf {
    repo_root().join("include").join("sudoku.h")
}

/// The text of the committed C header ([`header_path`]).
pub fn read_header() -> String {
    fs::read_to_string(header_path()).expect("read include/sudoku.h")
}

/// The library's version, from the `[package]` table of the root `Cargo.toml` (read at run time:
/// this crate has its own version, and must not depend on the library to learn it).
pub fn library_version() -> &'static str {
    static VERSION: OnceLock<String> = OnceLock::new();
    VERSION.get_or_init(|| {
        let path = repo_root().join("Cargo.toml");
        let manifest = fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
        let package = manifest
            .split("\n[package]\n")
            .nth(1)
            .expect("a [package] table in the root Cargo.toml");
        package
            .lines()
            .take_while(|line| !line.starts_with('['))
            .find_map(|line| line.strip_prefix("version = \""))
            .and_then(|rest| rest.strip_suffix('"'))
            .expect("a version in the [package] table")
            .to_string()
    })
}

/// The soname build.rs gives `libsudoku.so` for the library version `version`:
/// `libsudoku.so.0.MINOR` below 1.0, `libsudoku.so.MAJOR` from then on.
pub fn soname_for(version: &str) -> String {
    let mut parts = version.split('.');
    let (major, minor) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""));
    match major {
        "0" => format!("libsudoku.so.0.{minor}"),
        major => format!("libsudoku.so.{major}"),
    }
}

/// The soname of the library under test ([`soname_for`] its [`library_version`]).
pub fn soname() -> String {
    soname_for(library_version())
}

/// `<target dir>/<profile>/deps/`, the directory of the running test executable, which holds
/// the libraries built by this cargo run (asserted). Programs linked against `libsudoku.so` load
/// it by its soname, so a link of that name is made there.
pub fn lib_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let exe = std::env::current_exe().expect("path of the test executable");
        let dir = exe
            .parent()
            .expect("the test executable lives in <target dir>/<profile>/deps/")
            .to_path_buf();
        for lib in ["libsudoku.a", "libsudoku.so"] {
            assert!(
                dir.join(lib).is_file(),
                "{lib} missing in {}",
                dir.display()
            );
        }
        let soname = soname();
        match std::os::unix::fs::symlink("libsudoku.so", dir.join(&soname)) {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
            Err(e) => panic!("cannot link {soname} in {}: {e}", dir.display()),
        }
        dir
    })
}

/// The `libsudoku.so` this cargo run built, in [`lib_dir`] (asserted there).
pub fn shared_library() -> PathBuf {
    lib_dir().join("libsudoku.so")
}

/// Runs `command` to completion, its stdout and stderr captured; panics, with both, when it
/// cannot be started or does not exit successfully.
#[track_caller]
pub fn checked(command: &mut Command) -> Output {
    let output = command
        .output()
        .unwrap_or_else(|e| panic!("cannot run {command:?}: {e}"));
    assert!(
        output.status.success(),
        "{command:?} failed ({}):\n{}{}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

/// A scratch directory `<target dir>/tmp/<name>/<profile>/` (cargo's `CARGO_TARGET_TMPDIR`),
/// created if needed; one per profile, so debug and release runs do not share programs.
pub fn scratch_dir(name: &str) -> PathBuf {
    let profile_dir = lib_dir().parent().expect("<target dir>/<profile>");
    let profile = profile_dir.file_name().expect("profile directory name");
    let target = profile_dir.parent().expect("<target dir>");
    let dir = target.join("tmp").join(name).join(profile);
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

/// Compiles `source` with `compiler` (gcc, g++, ...) and exactly `flags`, with `include/` (the
/// header) on the include path, into `out`, linked as `link`; asserts that the compiler succeeded
/// without printing anything (no warning, no note).
pub fn compile_with(compiler: &str, flags: &[&str], source: &Path, link: Link, out: &Path) {
    compile_linked(compiler, flags, source, &link_args(link), out);
}

/// [`compile_with`] with the linker arguments given: for a library other than this run's (the
/// fault-injection build, say). Panics, with the compiler's output, on failure or any output.
pub fn compile_linked<S: AsRef<std::ffi::OsStr>>(
    compiler: &str,
    flags: &[&str],
    source: &Path,
    link_args: &[S],
    out: &Path,
) {
    let result = Command::new(compiler)
        .args(flags)
        .arg("-I")
        .arg(repo_root().join("include"))
        .arg(source)
        .args(link_args)
        .arg("-o")
        .arg(out)
        .output()
        .unwrap_or_else(|e| panic!("cannot run {compiler}: {e}"));
    assert!(
        result.status.success() && result.stderr.is_empty() && result.stdout.is_empty(),
        "{compiler} {} ({flags:?}) failed or warned:\n{}",
        source.display(),
        String::from_utf8_lossy(&result.stderr)
    );
}

/// Compiles the C file `source` (relative to the repository root) with gcc, `flags` and
/// [`WARNINGS`] into `out`, linked as `link` (see [`compile_with`]); `examples/` is on the
/// include path too, for test programs that share the examples' helpers.
pub fn compile(source: &str, flags: &[&str], link: Link, out: &Path) {
    let examples = format!("-I{}", repo_root().join("examples").display());
    let flags: Vec<&str> = flags
        .iter()
        .chain(WARNINGS)
        .copied()
        .chain([examples.as_str()])
        .collect();
    compile_with("gcc", &flags, &repo_root().join(source), link, out);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn soname_follows_the_version() {
        assert_eq!(soname_for("0.1.0"), "libsudoku.so.0.1");
        assert_eq!(soname_for("0.12.3"), "libsudoku.so.0.12");
        assert_eq!(soname_for("2.3.4"), "libsudoku.so.2");
        // The root package's version is found (the library's tests compare it with the header).
        assert_eq!(library_version().split('.').count(), 3);
    }

    #[test]
    fn the_repository_root_holds_the_header() {
        assert!(header_path().is_file());
        assert!(read_header().contains("typedef enum sudoku_status {"));
    }
}
