//! The repository is complete on its own: nothing in the code, tests, benches, build script or
//! README commands reads a path outside it (such as the team's `../shared/` folder), so a bare
//! clone on a fresh machine builds and passes its tests.

use std::path::{Component, Path, PathBuf};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// Files to check: every `.rs` file under `src/`, `tests/`, `benches/`, `examples/`, plus
/// `build.rs`, `README.md` and `.ci/run`.
fn checked_files() -> Vec<PathBuf> {
    let root = Path::new(ROOT);
    let mut files: Vec<PathBuf> = ["build.rs", "README.md", ".ci/run"]
        .iter()
        .map(|f| root.join(f))
        .filter(|p| p.exists())
        .collect();
    for dir in ["src", "tests", "benches", "examples"] {
        collect_rs(&root.join(dir), &mut files);
    }
    files
}

fn collect_rs(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect_rs(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// True when `rel`, resolved against `base` (a directory inside the repository), leaves it.
fn escapes(base: &Path, rel: &str) -> bool {
    let root = Path::new(ROOT);
    let mut depth = base
        .strip_prefix(root)
        .map_or(0, |b| b.components().count()) as i64;
    for component in Path::new(rel).components() {
        match component {
            Component::ParentDir => depth -= 1,
            Component::Normal(_) => depth += 1,
            _ => {}
        }
        if depth < 0 {
            return true;
        }
    }
    false
}

/// Every relative path in `text` that starts with `..`, or with `/..` (the tail glued to
/// `CARGO_MANIFEST_DIR`), and what it is relative to.
fn relative_paths(text: &str) -> Vec<(bool, String)> {
    let mut found = Vec::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    while let Some(off) = text[i..].find("..") {
        let start = i + off;
        let glued = start > 0 && bytes[start - 1] == b'/';
        let at_token_start = start == 0
            || matches!(
                bytes[start - 1],
                b'"' | b' ' | b'`' | b'\'' | b'(' | b'=' | b'\n'
            );
        if (glued || at_token_start) && bytes.get(start + 2) == Some(&b'/') {
            let from = if glued { start - 1 } else { start };
            let end = text[from..]
                .find(|c: char| c.is_whitespace() || matches!(c, '"' | '`' | '\'' | ')'))
                .map_or(text.len(), |e| from + e);
            found.push((glued, text[from..end].trim_start_matches('/').to_string()));
            i = end.max(start + 2);
            continue;
        }
        i = start + 2;
    }
    found
}

#[test]
fn no_path_leaves_the_repository() {
    let root = Path::new(ROOT);
    let mut offenders = Vec::new();
    // This file spells out bad paths on purpose, to test the guard.
    let this_file = root.join("tests/self_contained.rs");
    for file in checked_files().into_iter().filter(|f| *f != this_file) {
        let text = std::fs::read_to_string(&file).expect("checked files are UTF-8");
        let is_rust = file.extension().is_some_and(|e| e == "rs");
        for (glued, rel) in relative_paths(&text) {
            // `include_str!("../x")` is relative to the source file; a path glued to
            // CARGO_MANIFEST_DIR, and every path in README or scripts, to the repository root.
            let base = if is_rust && !glued {
                file.parent().unwrap()
            } else {
                root
            };
            if escapes(base, &rel) {
                offenders.push(format!(
                    "{}: {rel}",
                    file.strip_prefix(root).unwrap().display()
                ));
            }
        }
        if text.contains("../shared") {
            offenders.push(format!("{}: mentions ../shared", file.display()));
        }
    }
    assert!(
        offenders.is_empty(),
        "paths outside the repository:\n{}",
        offenders.join("\n")
    );
}

#[test]
fn the_guard_catches_paths_that_leave() {
    let root = Path::new(ROOT);
    let found = relative_paths(r#"concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data/x.txt")"#);
    assert_eq!(found, vec![(true, "../shared/data/x.txt".to_string())]);
    assert!(escapes(root, "../shared/data/x.txt"));
    // From tests/, one level up is the repository root: still inside.
    assert!(!escapes(&root.join("tests"), "../assets/reversi-eval.bin"));
    assert!(escapes(&root.join("tests"), "../../shared/x"));
    // A path climbing two levels from src/reversi/ is one path, not two.
    let found = relative_paths(r#"include_bytes!("../../assets/reversi-eval.bin")"#);
    assert_eq!(
        found,
        vec![(false, "../../assets/reversi-eval.bin".to_string())]
    );
    assert!(!escapes(
        &root.join("src/reversi"),
        "../../assets/reversi-eval.bin"
    ));
}

#[test]
fn every_data_file_is_listed_in_the_data_readme() {
    let data = Path::new(ROOT).join("tests/data");
    let readme = std::fs::read_to_string(data.join("README.md")).expect("tests/data/README.md");
    for entry in std::fs::read_dir(&data).unwrap().flatten() {
        let name = entry.file_name().into_string().unwrap();
        if name != "README.md" {
            let listed = if entry.path().is_dir() {
                format!("`{name}/")
            } else {
                format!("`{name}`")
            };
            assert!(
                readme.contains(&listed),
                "tests/data/{name} is not in tests/data/README.md"
            );
        }
    }
}

#[test]
fn readme_set_up_has_exactly_the_two_commands() {
    let readme = std::fs::read_to_string(Path::new(ROOT).join("README.md")).expect("README");
    let set_up = readme
        .split("## Set-up")
        .nth(1)
        .and_then(|rest| rest.split("\n## ").next())
        .expect("a Set-up section");
    let commands: Vec<&str> = set_up
        .split("```sh\n")
        .skip(1)
        .flat_map(|block| block.split("```").next().unwrap_or("").lines())
        .filter(|l| !l.trim().is_empty())
        .collect();
    assert_eq!(commands, ["cargo run --release", "cargo test --release"]);
}
