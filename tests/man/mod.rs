//! The hand-written man pages in `man/man3/` as the suites read them: which files there are,
//! which are `.so` link pages and what they point to, and a page rendered to plain text by
//! groff (its NAME line and the prototypes of its SYNOPSIS). Used by `exported_symbols.rs` (a
//! page for every documented function, lint, the synopses against the header).

use std::collections::BTreeMap;
use std::fs;
use std::path::PathBuf;
use std::process::Command;

use sudoku_testkit::cbuild::{checked, repo_root};

/// `man/` in the repository: groff resolves `.so man3/PAGE.3` from there, as man(1) does from
/// the root of a man tree.
pub fn man_dir() -> PathBuf {
    repo_root().join("man")
}

/// Every `man/man3/*.3` file as (name without `.3`, its text), sorted by name.
pub fn files() -> BTreeMap<String, String> {
    let dir = man_dir().join("man3");
    let mut pages = BTreeMap::new();
    for entry in fs::read_dir(&dir).expect("read man/man3") {
        let path = entry.expect("a man/man3 entry").path();
        let file = path.file_name().unwrap().to_string_lossy().into_owned();
        let name = file
            .strip_suffix(".3")
            .unwrap_or_else(|| panic!("man/man3/{file} is not a section 3 page"));
        let text = fs::read_to_string(&path).expect("read a man page");
        pages.insert(name.to_string(), text);
    }
    pages
}

/// The page a `.so` link file points to (`.so man3/PAGE.3`, alone on its one line), or None
/// for a page with content.
pub fn link_target(text: &str) -> Option<String> {
    let rest = text.strip_prefix(".so ")?;
    let target = rest
        .strip_suffix('\n')
        .expect("a .so page ends with its line end");
    assert!(
        !target.contains('\n'),
        "a .so page has one line, not: {text:?}"
    );
    let page = target
        .strip_prefix("man3/")
        .and_then(|t| t.strip_suffix(".3"))
        .unwrap_or_else(|| panic!("a .so page points to man3/PAGE.3, not {target}"));
    Some(page.to_string())
}

/// `man/man3/NAME.3` (a page or a link) rendered by groff as plain text 80 columns wide.
pub fn render(name: &str) -> String {
    let output = checked(
        Command::new("groff")
            .current_dir(man_dir())
            .args([
                "-man", "-Tascii", "-rLL=80n", "-P-c", "-P-b", "-P-o", "-P-u",
            ])
            .arg(format!("man3/{name}.3")),
    );
    String::from_utf8(output.stdout).expect("groff -Tascii prints ASCII")
}

/// The lines of a rendered page's section `heading` (the lines after the heading, up to the
/// next heading: a line starting at column 0).
pub fn section(rendered: &str, heading: &str) -> Vec<String> {
    let mut lines = rendered.lines().skip_while(|line| *line != heading);
    assert!(
        lines.next().is_some(),
        "no {heading} section in:\n{rendered}"
    );
    lines
        .take_while(|line| line.is_empty() || line.starts_with(' '))
        .map(|line| line.trim().to_string())
        .filter(|line| !line.is_empty())
        .collect()
}

/// The names the NAME section lists before its ` - `.
pub fn names(rendered: &str) -> Vec<String> {
    let text = section(rendered, "NAME").join(" ");
    let (names, _) = text
        .split_once(" - ")
        .unwrap_or_else(|| panic!("NAME has no ' - ': {text}"));
    names
        .split(", ")
        .map(|name| name.trim().to_string())
        .collect()
}

/// A declaration with its spacing made canonical: runs of whitespace as one space, none after
/// `(` or before `)`, `,` or `;`.
pub fn normalize(declaration: &str) -> String {
    let joined = declaration.split_whitespace().collect::<Vec<_>>().join(" ");
    joined
        .replace("( ", "(")
        .replace(" )", ")")
        .replace(" ,", ",")
        .replace(" ;", ";")
}

/// The function prototypes of a rendered page's SYNOPSIS, by function name, each normalized
/// and ending in `;` (the `#include` and `#define` lines and struct fields are not
/// prototypes).
pub fn synopsis_prototypes(rendered: &str) -> BTreeMap<String, String> {
    let text: Vec<String> = section(rendered, "SYNOPSIS")
        .into_iter()
        .filter(|line| !line.starts_with('#'))
        .collect();
    let text = text.join(" ");
    let mut prototypes = BTreeMap::new();
    for statement in text.split_inclusive(';') {
        let Some((head, _)) = statement.split_once('(') else {
            continue;
        };
        let name = head
            .rsplit([' ', '*'])
            .next()
            .expect("a name before '('")
            .to_string();
        let previous = prototypes.insert(name.clone(), normalize(statement));
        assert!(previous.is_none(), "{name} is declared twice");
    }
    prototypes
}
