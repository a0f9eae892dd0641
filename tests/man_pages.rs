//! The man pages of `man/man3/` (installed by `make install`): each one lints clean with
//! `groff -ww` at three widths (every warning category on: a bad request, an unbreakable line, a
//! line groff cannot adjust), `.so` link pages point to a page whose NAME lists the link's
//! name, and every prototype in a SYNOPSIS is the header's declaration of that function, word
//! for word. `exported_symbols.rs` checks that every documented function has a page.

mod man;

use std::collections::{BTreeMap, BTreeSet};
use std::process::Command;

use sudoku_testkit::cbuild::read_header;

/// The header's function declarations by name, normalized as the synopses are (cbindgen writes
/// each on one line, at column 0).
fn header_declarations() -> BTreeMap<String, String> {
    read_header()
        .lines()
        .filter(|line| !line.starts_with([' ', '#']) && line.contains('(') && line.ends_with(';'))
        .map(|line| {
            let name = line
                .split('(')
                .next()
                .unwrap()
                .rsplit([' ', '*'])
                .next()
                .unwrap();
            (name.to_string(), man::normalize(line))
        })
        .collect()
}

#[test]
fn every_page_lints_clean_with_groff_at_three_widths() {
    let files = man::files();
    assert!(files.len() > 1, "no man pages in man/man3");
    for name in files.keys() {
        for width in ["60n", "80n", "132n"] {
            let output = Command::new("groff")
                .current_dir(man::man_dir())
                .args(["-ww", "-man", "-Tutf8", "-z"])
                .arg(format!("-rLL={width}"))
                .arg(format!("man3/{name}.3"))
                .output()
                .expect("run groff (Debian: groff-base)");
            assert!(
                output.status.success() && output.stderr.is_empty(),
                "groff -ww on man3/{name}.3 at {width}: {}\n{}",
                output.status,
                String::from_utf8_lossy(&output.stderr)
            );
        }
    }
}

#[test]
fn link_pages_point_to_pages_that_name_them() {
    let files = man::files();
    let mut links = 0;
    for (name, text) in &files {
        let rendered = man::render(name);
        let names = man::names(&rendered);
        match man::link_target(text) {
            Some(target) => {
                links += 1;
                let target_text = files
                    .get(&target)
                    .unwrap_or_else(|| panic!("{name}.3 points to a missing {target}.3"));
                assert!(
                    man::link_target(target_text).is_none(),
                    "{name}.3 points to another link, {target}.3"
                );
                assert!(
                    names.contains(name),
                    "{target}.3 does not name {name}: {names:?}"
                );
                assert_eq!(
                    rendered,
                    man::render(&target),
                    "{name}.3 renders as {target}.3"
                );
            }
            None => {
                // A page names itself (sudoku(3) names the library).
                assert!(names.contains(name), "{name}.3's NAME: {names:?}");
            }
        }
    }
    assert!(links > 0, "no link page");
}

#[test]
fn every_synopsis_prototype_is_the_headers_declaration() {
    let header = header_declarations();
    let mut seen = BTreeSet::new();
    for (name, text) in man::files() {
        if man::link_target(&text).is_some() {
            continue;
        }
        let rendered = man::render(&name);
        let prototypes = man::synopsis_prototypes(&rendered);
        for (function, prototype) in &prototypes {
            let declared = header.get(function).unwrap_or_else(|| {
                panic!("{name}.3 declares {function}, which the header does not")
            });
            assert_eq!(prototype, declared, "{name}.3's synopsis of {function}");
            assert!(seen.insert(function.clone()), "{function} has two synopses");
        }
        // The functions a page declares are the ones its NAME lists.
        let named: BTreeSet<String> = man::names(&rendered).into_iter().collect();
        if name != "sudoku" {
            assert_eq!(
                prototypes.keys().cloned().collect::<BTreeSet<_>>(),
                named,
                "{name}.3: SYNOPSIS against NAME"
            );
        }
    }
    assert_eq!(
        seen,
        header.keys().cloned().collect(),
        "functions of the header without a synopsis in a man page"
    );
}
