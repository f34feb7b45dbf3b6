//! A pack for tests of games that stop on an error: its only adventurer carries a tile
//! whose script fails on entering the dungeon, so a game stops unless a bidder gave that
//! tile up first.

use std::path::{Path, PathBuf};

/// Writes the pack into `dir` (its manifest and `scripts/boom.lua`); returns the manifest.
pub fn write_pack(dir: &Path) -> PathBuf {
    std::fs::create_dir_all(dir.join("scripts")).unwrap();
    let manifest = dir.join("boom.toml");
    std::fs::write(&manifest, MANIFEST).unwrap();
    std::fs::write(
        dir.join("scripts/boom.lua"),
        "return {\n  before_entering = function(ctx)\n    error(\"boom\")\n  end,\n}\n",
    )
    .unwrap();
    manifest
}

const MANIFEST: &str = r#"[pack]
id = "boom"
version = "0.1.0"
engine_api = 1
languages = ["en"]
scripts = "scripts"
name = { en = "Boom" }

[[monster]]
id = "imp"
strength = 1
copies = 6
name = { en = "Imp" }

[[monster]]
id = "ogre"
strength = 4
copies = 4
name = { en = "Ogre" }

[[adventurer]]
id = "victim"
hp = 3
equipment = ["boom", "shield"]
name = { en = "Victim" }

[[equipment]]
id = "shield"
hp = 2
name = { en = "Shield" }

[[equipment]]
id = "boom"
script = "boom.lua"
name = { en = "Boom" }
"#;
