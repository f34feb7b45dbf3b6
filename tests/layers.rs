//! Every crate imports one way (ARCHITECTURE.md): no top-level module of a crate imports
//! a module that imports it back, directly or around a circle, and no file does either
//! (a module's files may use what the module above them holds). Tests are left out (a
//! rule's test may drive the whole engine). A circle found names its modules in order,
//! so the change that made it can be undone or the shared part moved below both.

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

/// Each top-level module of the crate in `src` and the top-level modules it names: its
/// files' imports ([`file_imports`]), each file counted for the top-level module it is in.
fn imports(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let top = |module: &str| module.split('/').next().unwrap_or_default().to_string();
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (file, names) in file_imports(src) {
        if file.is_empty() {
            // The crate's root, which declares every module.
            continue;
        }
        let me = top(&file);
        let tops = names.iter().map(|n| top(n)).filter(|n| *n != me);
        graph.entry(me.clone()).or_default().extend(tops);
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

/// Every file of the crate in `src` (tests left out) as its module's path (`a/b`; the
/// root is empty), with the modules it names through `crate::`, `super::` and `self::`,
/// each resolved to the longest module of the crate on its path. Its own ancestors are
/// left out: a module and the modules inside it are one piece (a child uses what its
/// parent holds), but two siblings, or two cousins, import one way.
fn file_imports(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut files = Vec::new();
    collect(src, &mut files);
    let module = |file: &PathBuf| -> Vec<String> {
        let rel = file.strip_prefix(src).unwrap().with_extension("");
        let mut parts: Vec<String> = (rel.components())
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        if matches!(
            parts.last().map(String::as_str),
            Some("mod" | "lib" | "main")
        ) {
            parts.pop();
        }
        parts
    };
    let modules: BTreeSet<Vec<String>> = files.iter().map(module).collect();
    let mut graph = BTreeMap::new();
    for file in &files {
        let me = module(file);
        let code = std::fs::read_to_string(file).unwrap();
        graph.insert(me.join("/"), names(&me, &code, &modules));
    }
    graph
}

/// The modules (of `modules`) the code of module `me` names: each path that starts at
/// `crate`, `super` or `self`, resolved to the longest module on it; `me` and its
/// ancestors left out.
fn names(me: &[String], code: &str, modules: &BTreeSet<Vec<String>>) -> BTreeSet<String> {
    let reach = |path: &[String]| -> Option<Vec<String>> {
        let mut segments = path.iter().peekable();
        let mut at: Vec<String> = match segments.next().map(String::as_str) {
            Some("crate") => Vec::new(),
            Some("self") => me.to_vec(),
            _ => me.split_last()?.1.to_vec(),
        };
        while segments.next_if(|s| *s == "super").is_some() {
            // More `super::` than lead to the root name nothing.
            at.pop()?;
        }
        let mut found = modules.contains(&at).then(|| at.clone());
        for segment in segments {
            at.push(segment.clone());
            if !modules.contains(&at) {
                break;
            }
            found = Some(at.clone());
        }
        found
    };
    (rooted_paths(&code_of(code)).iter())
        .filter_map(|path| reach(path))
        .filter(|found| !me.starts_with(found))
        .map(|found| found.join("/"))
        .collect()
}

/// A file's code without its comments and its tests (a `#[cfg(test)]` module, which the
/// files keep at their end).
fn code_of(code: &str) -> String {
    let mut out = String::new();
    let mut lines = code.lines().peekable();
    while let Some(line) = lines.next() {
        if line.trim_start().starts_with("#[cfg(test)]")
            && lines
                .peek()
                .is_some_and(|l| l.trim_start().starts_with("mod ") && l.trim_end().ends_with('{'))
        {
            break;
        }
        out.push_str(line.split("//").next().unwrap_or_default());
        out.push('\n');
    }
    out
}

/// Every path in `code` that starts at `crate`, `super` or `self`, as its segments, with
/// each path of a `{...}` group spelled out (`self` in a group is the path before it).
fn rooted_paths(code: &str) -> Vec<Vec<String>> {
    let ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let mut found = Vec::new();
    for root in ["crate::", "super::", "self::"] {
        for (i, _) in code.match_indices(root) {
            let before = code[..i].chars().next_back();
            if before.is_some_and(|c| ident(c) || c == ':') {
                continue;
            }
            let root = vec![root.trim_end_matches(':').to_string()];
            spell_out(&code[i + root[0].len() + 2..], root, &mut found);
        }
    }
    found
}

/// Reads the rest of a path after `prefix::` from `text` into `found`, spelling out groups.
fn spell_out(text: &str, prefix: Vec<String>, found: &mut Vec<Vec<String>>) {
    let text = text.trim_start();
    if text.is_empty() {
        // After a group's last comma.
        return;
    }
    if let Some(group) = text.strip_prefix('{') {
        // Each path of the group, split at the commas outside any inner group.
        let (mut depth, mut start) = (0, 0);
        for (i, c) in group.char_indices() {
            match c {
                '{' => depth += 1,
                '}' if depth == 0 => {
                    spell_out(&group[start..i], prefix.clone(), found);
                    return;
                }
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    spell_out(&group[start..i], prefix.clone(), found);
                    start = i + 1;
                }
                _ => {}
            }
        }
        return;
    }
    let name: String = (text.chars())
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect();
    let mut path = prefix;
    if !name.is_empty() && name != "self" {
        path.push(name.clone());
    }
    match text[name.len()..].trim_start().strip_prefix("::") {
        Some(rest) => spell_out(rest, path, found),
        None => found.push(path),
    }
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
fn every_crate_is_checked() {
    // Every folder `src` of the workspace with a crate's root in it.
    fn find(dir: &Path, root: &Path, out: &mut BTreeSet<String>) {
        for entry in std::fs::read_dir(dir).unwrap().flatten() {
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().into_owned();
            if !path.is_dir() || ["target", "node_modules", "tests"].contains(&name.as_str()) {
                continue;
            }
            if name == "src" && (path.join("lib.rs").exists() || path.join("main.rs").exists()) {
                let rel = path
                    .strip_prefix(root)
                    .unwrap()
                    .to_string_lossy()
                    .replace('\\', "/");
                out.insert(rel);
            } else if name != "src" {
                find(&path, root, out);
            }
        }
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut found = BTreeSet::new();
    for top in ["engine", "cli"] {
        find(&root.join(top), &root, &mut found);
    }
    let listed: BTreeSet<String> = CRATES.iter().map(|s| s.to_string()).collect();
    assert_eq!(found, listed, "list every crate's source folder in CRATES");
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
fn no_file_of_a_crate_imports_itself_around_a_circle() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    for src in CRATES {
        let graph = file_imports(&root.join(src));
        if let Some(found) = circle(&graph) {
            panic!(
                "{src}: an import circle between files: {}",
                found.join(" -> ")
            );
        }
    }
}

#[test]
fn a_file_names_the_modules_its_paths_reach() {
    let code = "use super::{a::B, c::{self, D}};\nuse crate::e::{\n    f::G,\n    H,\n};\n\
                fn x() { self::i::j(); super::super::k::l(); my_crate::m::n(); }\n";
    let paths: Vec<String> = (rooted_paths(&code_of(code)).iter())
        .map(|p| p.join("::"))
        .collect();
    assert_eq!(
        paths,
        [
            "crate::e::f::G",
            "crate::e::H",
            "super::a::B",
            "super::c",
            "super::c::D",
            "super::super::k::l",
            "self::i::j"
        ]
    );
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
    let modules: BTreeSet<Vec<String>> = ["u", "v", "w", "x", "z", "a", "b", "c", "d", "p"]
        .iter()
        .map(|m| vec![m.to_string()])
        .chain([vec!["p".to_string(), "q".to_string()]])
        .collect();
    let named = |me: &[&str], code: &str| -> Vec<String> {
        let me: Vec<String> = me.iter().map(|s| s.to_string()).collect();
        names(&me, code, &modules).into_iter().collect()
    };
    let code = "use crate::x::Y; // crate::z\n/// crate::w\nfn f() { crate::v::g() }\n\
                #[cfg(test)]\nmod tests {\n    use crate::u;\n}\n";
    assert_eq!(named(&["p"], code), ["v", "x"]);
    // As many `super::` as lead to the root name its modules too; groups are read.
    let code = "use super::a::B;\nuse crate::{b::C, c};\nuse super::super::d;\n";
    assert_eq!(named(&["p"], code), ["a", "b", "c"]);
    assert_eq!(named(&["p", "q"], code), ["b", "c", "d"]);
}
