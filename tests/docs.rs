//! `docs/authoring.md` stays true: every excerpt it shows is, word for word, in the file
//! it names (files the other tests load), and it documents, as the type definitions
//! declare, every `ctx` function, helper and hook the engine has.

use dungeon_engine::hooks::HookName;
use dungeon_engine::script::ScriptHost;

fn read(path: &str) -> String {
    std::fs::read_to_string(dungeon_tests::root().join(path))
        .unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// (file, excerpt) for every fenced block preceded by `<!-- file: PATH -->`.
fn excerpts(doc: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut lines = doc.lines();
    while let Some(line) = lines.next() {
        let Some(path) = line
            .trim()
            .strip_prefix("<!-- file:")
            .and_then(|l| l.strip_suffix("-->"))
        else {
            continue;
        };
        let fence = lines.next().unwrap_or_default();
        assert!(
            fence.starts_with("```"),
            "a code block must follow `{line}`"
        );
        let block: Vec<&str> = lines
            .by_ref()
            .take_while(|l| !l.starts_with("```"))
            .collect();
        out.push((path.trim().to_string(), block.join("\n")));
    }
    out
}

#[test]
fn every_excerpt_is_in_its_file() {
    let doc = read("docs/authoring.md");
    let found = excerpts(&doc);
    assert!(found.len() >= 10, "only {} excerpts found", found.len());
    for (path, excerpt) in found {
        let file = read(&path);
        assert!(
            file.contains(&excerpt),
            "docs/authoring.md shows this as part of {path}, but it is not there:\n{excerpt}"
        );
    }
}

#[test]
fn every_fenced_block_names_its_file() {
    let doc = read("docs/authoring.md");
    let mut previous = "";
    let mut inside = false;
    for line in doc.lines() {
        if line.starts_with("```") {
            if !inside && line.len() > 3 {
                assert!(
                    previous.starts_with("<!-- file:"),
                    "a code block without a file: {line} after `{previous}`"
                );
            }
            inside = !inside;
        }
        if !line.trim().is_empty() {
            previous = line;
        }
    }
}

#[test]
fn the_whole_api_is_documented_and_typed() {
    let doc = read("docs/authoring.md");
    let types = read("scripts/types/dungeon.d.luau");
    let host = ScriptHost::new(dungeon_tests::catalog(&["base"])).unwrap_or_else(|d| panic!("{d}"));
    for name in host.ctx_names().iter().filter(|n| *n != "self") {
        assert!(
            doc.contains(&format!("ctx.{name}(")),
            "docs/authoring.md does not document ctx.{name}"
        );
        assert!(
            types.contains(&format!("\t{name}: ")),
            "dungeon.d.luau does not declare ctx.{name}"
        );
    }
    for name in host.helper_names() {
        assert!(
            doc.contains(&format!("dungeon.{name}(")),
            "docs/authoring.md does not document dungeon.{name}"
        );
        assert!(
            types.contains(&format!("\t{name}: ")),
            "dungeon.d.luau does not declare dungeon.{name}"
        );
    }
    for hook in HookName::ALL {
        let name = hook.lua_name();
        assert!(
            doc.contains(&format!("`{name}(")),
            "docs/authoring.md does not document the `{name}` hook"
        );
        assert!(
            types.contains(&format!("\t{name}: ")),
            "dungeon.d.luau does not declare the `{name}` hook"
        );
    }
}
