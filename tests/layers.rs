//! Every crate imports one way (ARCHITECTURE.md): no module of a crate imports,
//! through `crate::`, a module that imports it back, directly or around a circle. Tests
//! are left out (a rule's test may drive the whole engine). A circle found names its
//! modules in order, so the change that made it can be undone or the shared part moved
//! below both.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The crates' source folders, from the repository's root: the engine's and the
/// program's.
const CRATES: [&str; 17] = [
    "engine/catalog/src",
    "engine/state/src",
    "engine/script/src",
    "engine/core/src",
    "engine/src",
    "engine/bots/src",
    "engine/records/src",
    "engine/audit/src",
    "engine/check/src",
    "engine/mazmorra/src",
    "engine/goofspiel/src",
    "cli/src",
    "cli/server/src",
    "cli/text/src",
    "cli/table/src",
    "cli/protocol/src",
    "cli/remote/src",
];

/// Each top-level module of the crate in `src` and the top-level modules it names.
fn imports(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for entry in std::fs::read_dir(src).expect("a source folder").flatten() {
        let path = entry.path();
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        if name == "lib" || name == "main" {
            continue;
        }
        let mut files = Vec::new();
        collect(&path, &mut files);
        let names = graph.entry(name.clone()).or_default();
        for file in files {
            for used in crate_paths(&std::fs::read_to_string(&file).unwrap()) {
                if used != name {
                    names.insert(used);
                }
            }
        }
    }
    // Only the crate's own modules: a re-exported one of another crate is below it.
    let own: BTreeSet<String> = graph.keys().cloned().collect();
    for names in graph.values_mut() {
        names.retain(|n| own.contains(n));
    }
    graph
}

/// `path` (a file, or a folder of them), test files left out.
fn collect(path: &Path, files: &mut Vec<PathBuf>) {
    let stem = path.file_stem().unwrap().to_string_lossy();
    if stem == "tests" || stem.starts_with("tests_") {
        return;
    }
    if path.is_dir() {
        for entry in std::fs::read_dir(path).unwrap().flatten() {
            collect(&entry.path(), files);
        }
    } else if path.extension().is_some_and(|e| e == "rs") {
        files.push(path.to_path_buf());
    }
}

/// The top-level modules a file names as `crate::name`, outside comments and its tests
/// (a `#[cfg(test)]` module, which the files keep at their end).
fn crate_paths(code: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    let mut lines = code.lines().peekable();
    while let Some(line) = lines.next() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("#[cfg(test)]")
            && lines
                .peek()
                .is_some_and(|l| l.trim_start().starts_with("mod "))
            && lines.peek().is_some_and(|l| l.trim_end().ends_with('{'))
        {
            break;
        }
        if trimmed.starts_with("//") {
            continue;
        }
        let code = line.split("//").next().unwrap_or_default();
        for (i, _) in code.match_indices("crate::") {
            let name: String = code[i + 7..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            if !name.is_empty() {
                found.insert(name);
            }
        }
    }
    found
}

/// A circle of `graph`, if it has one, as the modules in order.
fn circle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    // Depth first, with the path kept: a module met again on the path closes a circle.
    fn visit(
        graph: &BTreeMap<String, BTreeSet<String>>,
        node: &str,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|n| n == node) {
            let mut found = path[at..].to_vec();
            found.push(node.to_string());
            return Some(found);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(found) = visit(graph, next, path, done) {
                return Some(found);
            }
        }
        path.pop();
        done.insert(node.to_string());
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|start| visit(graph, start, &mut Vec::new(), &mut done))
}

#[test]
fn no_module_of_a_crate_imports_itself_around_a_circle() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    for src in CRATES {
        let graph = imports(&root.join(src));
        assert!(!graph.is_empty(), "{src}: modules found: {graph:?}");
        if let Some(found) = circle(&graph) {
            panic!("{src}: an import circle: {}", found.join(" -> "));
        }
    }
}

#[test]
fn a_circle_is_found_and_named() {
    let graph: BTreeMap<String, BTreeSet<String>> = [
        ("a", &["b"][..]),
        ("b", &["c"]),
        ("c", &["a"]),
        ("d", &["a"]),
    ]
    .into_iter()
    .map(|(k, v)| (k.into(), v.iter().map(|s| s.to_string()).collect()))
    .collect();
    assert_eq!(circle(&graph).unwrap(), ["a", "b", "c", "a"]);
    let code = "use crate::x::Y; // crate::z\n/// crate::w\nfn f() { crate::v::g() }\n\
                #[cfg(test)]\nmod tests {\n    use crate::u;\n}\n";
    let names: Vec<String> = crate_paths(code).into_iter().collect();
    assert_eq!(names, ["v", "x"]);
}
