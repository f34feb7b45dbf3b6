use dungeon_engine::catalog::{DiskFiles, PackLibrary};
use dungeon_engine::scenario::{ScenarioRunner, Status};

fn library() -> PackLibrary {
    let mut lib = PackLibrary::new();
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    lib.load(&DiskFiles, &format!("{root}/cards/base.toml"))
        .unwrap_or_else(|d| panic!("{d}"));
    lib
}

#[test]
fn smoke() {
    let lib = library();
    let mut runner = ScenarioRunner::new(&lib);
    let cases = [
        r#"adventurer = "warrior"
equipment = ["vorpal_sword", "plate_armor"]
dungeon = ["skeleton", "goblin", "skeleton"]
answers = ["skeleton"]
[expect]
outcome = "success"
hp = 7
defeated = ["skeleton", "skeleton"]"#,
        r#"adventurer = "mage"
equipment = ["demonic_pact", "polymorph", "omnipotence"]
dungeon = ["orc", "demon", "dragon", "goblin"]
deck = ["skeleton"]
answers = ["yes"]
[expect]
outcome = "success"
hp = -1
defeated = ["demon", "dragon"]"#,
        r#"adventurer = "rogue"
equipment = ["ring_of_power", "healing_potion"]
dungeon = ["vampire", "goblin", "skeleton"]
[expect]
outcome = "success"
hp = 6"#,
    ];
    for (i, text) in cases.iter().enumerate() {
        let r = runner.run_text(&format!("case{i}"), text);
        if r.status != Status::Passed {
            panic!("case {i}: {:?}\n{}", r.status, r.trace.join("\n"));
        }
    }
}
