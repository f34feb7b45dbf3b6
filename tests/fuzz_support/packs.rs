//! Generated packs (`docs/authoring.md`, `engine/catalog/src/catalog/schema.rs` and `limits.rs`): a
//! manifest and its scripts, written to a folder on disk. Most are valid, with random but
//! plausible values (cards of every kind, `defeats` rules, messages, scripts from
//! `scripts.rs`); the rest carry edits: fields set to values of another type, numbers at
//! the edges of their ranges and past them, misspelt and unknown keys, control characters
//! and huge text, entries repeated by the hundred, odd paths (absolute, `..`, links out of
//! the folder or in a loop, devices, a pipe, a folder, missing, invalid UTF-8, too large),
//! and now and then a manifest whose text is broken.

use super::scripts::{ScriptIds, script};
use super::{Ids, mutated, number, scenario_file, text, toml_value};
use proptest::prelude::*;
use proptest::sample::select;
use std::path::{Path, PathBuf};
use toml::{Table, Value};

/// Text written in the file outside the pack's folder that links and `..` reach for: a
/// diagnostic quoting it would show that a pack read outside its folder.
pub const OUTSIDE_MARKER: &str = "OUTSIDE-THE-PACK-7f3a";

/// One generated pack and the games to play with it.
#[derive(Clone, Debug)]
pub struct PackCase {
    /// The text of `pack/pack.toml`.
    pub manifest: String,
    /// The pack folder's other files (scripts, scenarios), by path relative to it.
    pub files: Vec<(String, String)>,
    /// Another pack to play it with, besides what it requires.
    pub with: Option<&'static str>,
    pub games: Vec<GameSeed>,
}

/// A game to play with the pack: table size, seed, options.
#[derive(Clone, Debug)]
pub struct GameSeed {
    pub players: u8,
    pub seed: u64,
    pub variant: bool,
    pub random_first: bool,
}

/// Counts of each kind of card a generated pack may define: their ids are `a0`.., `t0`..
/// and `m0`.., and prompts `p0`...
const MAX_ADVENTURERS: usize = 3;
const MAX_TILES: usize = 8;
const MAX_MONSTERS: usize = 6;
const PROMPTS: usize = 3;

fn ids(prefix: &str, n: usize) -> Vec<String> {
    (0..n).map(|i| format!("{prefix}{i}")).collect()
}

/// Every id a generated pack may define, with the base box's (`base`): what scripts,
/// equipment lists and scenarios refer to.
pub fn reachable_ids(base: &Ids) -> Ids {
    let join = |mine: Vec<String>, theirs: &[String]| {
        mine.into_iter().chain(theirs.iter().cloned()).collect()
    };
    Ids {
        packs: vec!["fz".into()],
        adventurers: join(ids("a", MAX_ADVENTURERS), &base.adventurers),
        tiles: join(ids("t", MAX_TILES), &base.tiles),
        monsters: join(ids("m", MAX_MONSTERS), &base.monsters),
        special_monsters: ids("m", MAX_MONSTERS),
        species: join(ids("m", MAX_MONSTERS), &base.species),
    }
}

/// A pack: half of them sound (every field right; tame scripts in half of those), the
/// rest with one to four edits and wild scripts; the text sometimes broken.
pub fn pack_case(base: &Ids) -> BoxedStrategy<PackCase> {
    let reach = reachable_ids(base);
    let base = Base {
        tiles: base.tiles.clone(),
        species: base.species.clone(),
    };
    let scenarios = proptest::collection::vec(scenario_file(&reach), 0..3);
    let kind = prop_oneof![
        2 => Just((true, 0usize)),
        2 => Just((false, 0)),
        3 => (Just(false), 1usize..5),
    ];
    kind.prop_flat_map(move |(tame, edits)| {
        (
            manifest(&base, tame),
            proptest::collection::vec(edit(), edits),
            prop_oneof![12 => Just(false), 1 => Just(true)],
        )
    })
    .prop_flat_map(|((doc, scripts), edits, broken)| {
        let mut doc = doc;
        for e in &edits {
            e.apply(&mut doc);
        }
        let text = toml::to_string(&Value::Table(doc)).unwrap_or_default();
        let text = if broken {
            mutated(text).boxed()
        } else {
            Just(text).boxed()
        };
        (text, Just(scripts))
    })
    .prop_flat_map(move |(manifest, scripts)| {
        let with = prop_oneof![
            4 => Just(None),
            1 => Just(Some("sequel")),
            1 => Just(Some("alchemy")),
        ];
        (
            Just(manifest),
            Just(scripts),
            scenarios.clone(),
            with,
            games(),
        )
    })
    .prop_map(|(manifest, scripts, scenarios, with, games)| {
        let mut files = scripts;
        files.extend(
            scenarios
                .into_iter()
                .enumerate()
                .map(|(i, s)| (format!("scenarios/s{i}.toml"), s)),
        );
        PackCase {
            manifest,
            files,
            with,
            games,
        }
    })
    .boxed()
}

fn games() -> impl Strategy<Value = Vec<GameSeed>> {
    let game = (2u8..=4, any::<u64>(), any::<bool>(), any::<bool>()).prop_map(
        |(players, seed, variant, random_first)| GameSeed {
            players,
            seed,
            variant,
            random_first,
        },
    );
    proptest::collection::vec(game, 1..3)
}

fn s(text: &str) -> Value {
    Value::String(text.to_string())
}

fn int(n: i64) -> Value {
    Value::Integer(n)
}

fn strs(items: &[&str]) -> Value {
    Value::Array(items.iter().map(|i| s(i)).collect())
}

fn name(what: &str) -> Value {
    let mut t = Table::new();
    t.insert("en".into(), s(what));
    Value::Table(t)
}

/// What the base box's catalog offers a pack that plays with it.
#[derive(Clone, Debug)]
struct Base {
    tiles: Vec<String>,
    species: Vec<String>,
}

/// A sound manifest (as a TOML table) and the scripts its cards name. The ids it uses
/// are those of the packs in play: its own, and the base box's when it plays with the
/// base box or the sequel (which share their monsters).
fn manifest(base: &Base, tame: bool) -> BoxedStrategy<(Table, Vec<(String, String)>)> {
    let requires = prop_oneof![
        Just((vec![], vec![])),
        Just((vec!["base"], vec![])),
        Just((vec!["sequel"], vec![])),
        Just((vec![], vec!["base", "sequel"])),
    ];
    let base = base.clone();
    requires
        .prop_flat_map(move |requires| {
            let boxed = !(requires.0.is_empty() && requires.1.is_empty());
            let mut species = vec!["m0".to_string()];
            let mut tiles = ids("t", MAX_TILES);
            if boxed {
                species.extend(base.species.iter().cloned());
            }
            if requires.0.contains(&"base") {
                tiles.extend(base.tiles.iter().cloned());
            }
            let script_ids = ScriptIds {
                tiles,
                species,
                prompts: ids("p", PROMPTS),
            };
            let monsters = proptest::collection::vec(monster(&script_ids, tame), 1..=MAX_MONSTERS);
            (Just(requires), Just(script_ids), monsters)
        })
        .prop_flat_map(move |(requires, script_ids, mut monsters)| {
            // The first monster is its own species, which the pack's rules may name.
            monsters[0].0.remove("species");
            let mut script_ids = script_ids;
            for (i, (m, _)) in monsters.iter().enumerate().skip(1) {
                if !m.contains_key("species") {
                    script_ids.species.push(format!("m{i}"));
                }
            }
            let tiles = proptest::collection::vec(tile(&script_ids, tame), 0..=MAX_TILES);
            let rules = (
                proptest::option::of(select(vec!["end_total", "running"])),
                proptest::option::weighted(0.2, 0i64..2),
            );
            (
                Just((requires, script_ids, monsters)),
                tiles,
                rules,
                any::<bool>(),
            )
        })
        .prop_flat_map(
            |((requires, script_ids, monsters), tiles, rules, scenarios)| {
                let mut carried: Vec<String> = ids("t", tiles.len());
                // The base box's tiles, when the pack plays with it, follow the pack's own.
                carried.extend(script_ids.tiles.iter().skip(MAX_TILES).cloned());
                let adventurers =
                    proptest::collection::vec(adventurer(carried), 1..=MAX_ADVENTURERS);
                (
                    Just((requires, monsters, tiles, rules, scenarios)),
                    adventurers,
                )
            },
        )
        .prop_map(
            |((requires, monsters, tiles, rules, scenarios), adventurers)| {
                let mut doc = Table::new();
                let mut header = Table::new();
                header.insert("id".into(), s("fz"));
                header.insert("name".into(), name("Fuzz"));
                header.insert("version".into(), s("0.1.0"));
                header.insert("engine_api".into(), int(1));
                header.insert("languages".into(), strs(&["en"]));
                header.insert("scripts".into(), s("scripts"));
                if !requires.0.is_empty() {
                    header.insert("requires".into(), strs(&requires.0));
                }
                if !requires.1.is_empty() {
                    header.insert("requires_any".into(), strs(&requires.1));
                }
                if scenarios {
                    header.insert("scenarios".into(), s("scenarios"));
                }
                doc.insert("pack".into(), Value::Table(header));
                let mut r = Table::new();
                if let Some(model) = rules.0 {
                    r.insert("damage_model".into(), s(model));
                }
                let specials = monsters
                    .iter()
                    .filter(|(m, _)| m.contains_key("special"))
                    .count();
                if let Some(n) = rules.1.filter(|&n| n as usize <= specials) {
                    r.insert("specials_in_play".into(), int(n));
                }
                if !r.is_empty() {
                    doc.insert("rules".into(), Value::Table(r));
                }
                let mut files = Vec::new();
                let mut section =
                    |kind: &str, prefix: &str, cards: Vec<(Table, Option<String>)>| {
                        let entries = cards
                            .into_iter()
                            .enumerate()
                            .map(|(i, (mut card, code))| {
                                let id = format!("{prefix}{i}");
                                card.insert("id".into(), s(&id));
                                card.insert("name".into(), name(&id.to_uppercase()));
                                if let Some(code) = code {
                                    card.insert("script".into(), s(&format!("{id}.lua")));
                                    files.push((format!("scripts/{id}.lua"), code));
                                }
                                Value::Table(card)
                            })
                            .collect();
                        doc.insert(kind.into(), Value::Array(entries));
                    };
                section("equipment", "t", tiles);
                section("monster", "m", monsters);
                let adventurers = adventurers.into_iter().map(|a| (a, None)).collect();
                section("adventurer", "a", adventurers);
                let mut messages = Table::new();
                for (i, key) in ids("p", PROMPTS).into_iter().enumerate() {
                    messages.insert(key, name(&format!("Question {i} about the {{monster}}?")));
                }
                doc.insert("messages".into(), Value::Table(messages));
                (doc, files)
            },
        )
        .boxed()
}

/// An equipment tile's fields (no id or name yet) and its script, if it has one.
fn tile(ids: &ScriptIds, tame: bool) -> BoxedStrategy<(Table, Option<String>)> {
    let rule = (
        proptest::option::weighted(
            0.4,
            proptest::sample::subsequence(ids.species.clone(), 1..=ids.species.len().min(2)),
        ),
        proptest::option::weighted(0.3, 0i64..10),
        proptest::option::weighted(0.3, 0i64..10),
        proptest::option::weighted(0.2, proptest::collection::vec(0i64..10, 1..4)),
        proptest::option::weighted(0.2, select(vec!["even", "odd"])),
        proptest::option::weighted(0.1, -2i64..8),
    )
        .prop_map(|(species, min, max, within, parity, below)| {
            let mut t = Table::new();
            if let Some(list) = species {
                t.insert(
                    "species".into(),
                    Value::Array(list.iter().map(|x| s(x)).collect()),
                );
            }
            for (key, v) in [
                ("strength_min", min),
                ("strength_max", max),
                ("hp_below", below),
            ] {
                if let Some(v) = v {
                    t.insert(key.into(), int(v));
                }
            }
            if let Some(list) = within {
                t.insert(
                    "strength_in".into(),
                    Value::Array(list.into_iter().map(int).collect()),
                );
            }
            if let Some(p) = parity {
                t.insert("parity".into(), s(p));
            }
            Value::Table(t)
        });
    let defeats = prop_oneof![
        3 => Just(None),
        1 => rule.clone().prop_map(Some),
        1 => proptest::collection::vec(rule, 0..3).prop_map(|v| Some(Value::Array(v))),
    ];
    let code = proptest::option::weighted(0.5, script(ids, false, tame));
    (
        prop_oneof![3 => Just(0i64), 2 => -2i64..5],
        any::<bool>(),
        defeats,
        code,
        any::<bool>(),
    )
        .prop_map(|(hp, once, defeats, code, text)| {
            let mut t = Table::new();
            if hp != 0 {
                t.insert("hp".into(), int(hp));
            }
            if once {
                t.insert("once".into(), Value::Boolean(true));
            }
            if let Some(d) = defeats {
                t.insert("defeats".into(), d);
            }
            if text {
                t.insert("text".into(), name("Does something."));
            }
            (t, code)
        })
        .boxed()
}

/// A monster's fields and its script, if it has one.
fn monster(ids: &ScriptIds, tame: bool) -> BoxedStrategy<(Table, Option<String>)> {
    let species = prop_oneof![
        4 => Just(None),
        1 => Just(Some(Value::Boolean(false))),
        1 => select(ids.species.clone()).prop_map(|x| Some(s(&x))),
    ];
    let code = proptest::option::weighted(0.25, script(ids, true, tame));
    (
        proptest::option::weighted(0.9, 0i64..12),
        1i64..4,
        species,
        proptest::bool::weighted(0.15),
        code,
    )
        .prop_map(|(strength, copies, species, special, code)| {
            let mut t = Table::new();
            if let Some(n) = strength {
                t.insert("strength".into(), int(n));
            }
            if copies != 1 {
                t.insert("copies".into(), int(copies));
            }
            if let Some(sp) = species {
                t.insert("species".into(), sp);
            }
            if special {
                t.insert("special".into(), Value::Boolean(true));
            }
            (t, code)
        })
        .boxed()
}

/// An adventurer's fields, carrying some of `tiles`.
fn adventurer(tiles: Vec<String>) -> BoxedStrategy<Table> {
    let n = tiles.len().min(6);
    (1i64..8, proptest::sample::subsequence(tiles, 0..=n))
        .prop_map(|(hp, equipment)| {
            let mut t = Table::new();
            t.insert("hp".into(), int(hp));
            t.insert(
                "equipment".into(),
                Value::Array(equipment.iter().map(|x| s(x)).collect()),
            );
            t
        })
        .boxed()
}

/// Every field name of the format, and a few near misses.
const KEYS: &[&str] = &[
    "id",
    "name",
    "text",
    "description",
    "version",
    "engine_api",
    "languages",
    "scripts",
    "requires",
    "requires_any",
    "conflicts",
    "scenarios",
    "replaces",
    "damage_model",
    "specials_in_play",
    "hp",
    "equipment",
    "reconstructed",
    "once",
    "defeats",
    "script",
    "strength",
    "copies",
    "species",
    "special",
    "strength_min",
    "strength_max",
    "strength_in",
    "parity",
    "hp_below",
    "strenght_max",
    "equipement",
    "scirpt",
];

/// Paths a manifest may name: odd ones, and the links and files [`write_case`] makes.
const PATHS: &[&str] = &[
    "/dev/zero",
    "/dev/stdin",
    "/etc/passwd",
    "../outside.lua",
    "../../outside.lua",
    "../../../../../../../../etc/passwd",
    "scripts/../../outside.lua",
    "C:\\Windows\\win.ini",
    "~/x.lua",
    "",
    "a\u{1b}[2Jb.lua",
    ".",
    "..",
    "/",
    "/tmp",
    "link_out.lua",
    "abs_link.lua",
    "zero.lua",
    "loop.lua",
    "dir.lua",
    "inner.lua",
    "bin.lua",
    "big.lua",
    "fifo.lua",
    "missing.lua",
    "honest.lua",
    "scripts",
    "link_dir",
    "loop_dir",
    "scenarios",
    "odd_scenarios",
];

/// A change to a sound manifest. `entry`, `key` and `which` pick, modulo their count,
/// one of the manifest's tables, one of its keys, one of its paths.
#[derive(Clone, Debug)]
pub enum Edit {
    /// A field (known, misspelt or unknown) set to a value.
    Set {
        entry: usize,
        key: String,
        value: Value,
    },
    /// A field the table has given another value (another type, out of range...).
    Replace {
        entry: usize,
        key: usize,
        value: Value,
    },
    /// One of the paths (`scripts`, `scenarios`, a card's `script`) set to an odd one.
    Path {
        which: usize,
        path: &'static str,
    },
    /// A field renamed: `how` picks a misspelling.
    Rename {
        entry: usize,
        key: usize,
        how: usize,
    },
    Remove {
        entry: usize,
        key: usize,
    },
    /// An entry of a list repeated `times` times (duplicate ids; the limits on counts).
    Repeat {
        entry: usize,
        times: usize,
    },
    /// A section the format does not know.
    Section {
        name: String,
        value: Value,
    },
}

fn edit() -> impl Strategy<Value = Edit> {
    let value = || {
        prop_oneof![
            3 => toml_value(),
            3 => number().prop_map(Value::Integer),
            2 => text().prop_map(Value::String),
            1 => select(PATHS).prop_map(s),
            1 => (1usize..300).prop_map(|n| Value::Array((0..n as i64).map(int).collect())),
        ]
    };
    let key = prop_oneof![4 => select(KEYS).prop_map(str::to_string), 1 => "[a-z_]{1,12}"];
    let any = any::<usize>;
    prop_oneof![
        3 => (any(), key, value()).prop_map(|(entry, key, value)| Edit::Set { entry, key, value }),
        5 => (any(), any(), value()).prop_map(|(entry, key, value)| Edit::Replace { entry, key, value }),
        3 => (any(), select(PATHS)).prop_map(|(which, path)| Edit::Path { which, path }),
        2 => (any(), any(), 0usize..5).prop_map(|(entry, key, how)| Edit::Rename { entry, key, how }),
        1 => (any(), any()).prop_map(|(entry, key)| Edit::Remove { entry, key }),
        1 => (any(), prop_oneof![1usize..3, 250usize..400]).prop_map(|(entry, times)| Edit::Repeat { entry, times }),
        1 => ("[a-z_]{1,10}", toml_value()).prop_map(|(name, value)| Edit::Section { name, value }),
    ]
}

/// A step from a table to a table inside it: a key, then an index if it is a list.
type TablePath = Vec<(String, Option<usize>)>;

/// The paths of every table of `doc` (sections, entries, `defeats` rules, texts), depth first.
fn table_paths(doc: &Table) -> Vec<TablePath> {
    fn walk(t: &Table, at: &TablePath, out: &mut Vec<TablePath>) {
        for (key, value) in t {
            let mut visit = |inner: &Table, index| {
                let mut path = at.clone();
                path.push((key.clone(), index));
                out.push(path.clone());
                walk(inner, &path, out);
            };
            match value {
                Value::Table(inner) => visit(inner, None),
                Value::Array(items) => {
                    for (i, item) in items.iter().enumerate() {
                        if let Value::Table(inner) = item {
                            visit(inner, Some(i));
                        }
                    }
                }
                _ => {}
            }
        }
    }
    let mut out = vec![Vec::new()];
    walk(doc, &Vec::new(), &mut out);
    out
}

fn table_at<'t>(doc: &'t mut Table, path: &[(String, Option<usize>)]) -> Option<&'t mut Table> {
    let mut t = doc;
    for (key, index) in path {
        let mut value = t.get_mut(key)?;
        if let Some(i) = index {
            value = value.as_array_mut()?.get_mut(*i)?;
        }
        t = value.as_table_mut()?;
    }
    Some(t)
}

/// The table `entry` picks (modulo the number of tables).
fn pick(doc: &mut Table, entry: usize) -> Option<&mut Table> {
    let paths = table_paths(doc);
    let path = paths.get(entry % paths.len())?.clone();
    table_at(doc, &path)
}

impl Edit {
    fn apply(&self, doc: &mut Table) {
        match self {
            Edit::Section { name, value } => {
                doc.entry(name.clone()).or_insert(value.clone());
            }
            Edit::Repeat { entry, times } => {
                let lists: Vec<&mut Vec<Value>> = doc
                    .iter_mut()
                    .filter_map(|(_, v)| v.as_array_mut().filter(|items| !items.is_empty()))
                    .collect();
                let n = lists.len().max(1);
                if let Some(list) = lists.into_iter().nth(entry % n) {
                    let copy = list[0].clone();
                    list.extend(std::iter::repeat_n(copy, *times));
                }
            }
            Edit::Set { entry, key, value } => {
                if let Some(t) = pick(doc, *entry) {
                    t.insert(key.clone(), value.clone());
                }
            }
            Edit::Replace { entry, key, value } => {
                if let Some(t) = pick(doc, *entry)
                    && let Some(old) = t.keys().nth(key % t.len().max(1)).cloned()
                {
                    t.insert(old, value.clone());
                }
            }
            Edit::Path { which, path } => {
                let mut fields: Vec<(TablePath, &str)> = vec![
                    (vec![("pack".into(), None)], "scripts"),
                    (vec![("pack".into(), None)], "scenarios"),
                ];
                for kind in ["equipment", "monster"] {
                    let n = doc.get(kind).and_then(Value::as_array).map_or(0, Vec::len);
                    fields.extend((0..n).map(|i| (vec![(kind.to_string(), Some(i))], "script")));
                }
                let (at, key) = &fields[which % fields.len()];
                if let Some(t) = table_at(doc, at) {
                    t.insert(key.to_string(), s(path));
                }
            }
            Edit::Rename { entry, key, how } => edit_key(doc, *entry, *key, Some(*how)),
            Edit::Remove { entry, key } => edit_key(doc, *entry, *key, None),
        }
    }
}

/// Renames (`how`) or removes a key of a table of `doc`.
fn edit_key(doc: &mut Table, entry: usize, key: usize, how: Option<usize>) {
    let Some(t) = pick(doc, entry) else { return };
    let Some(old) = t.keys().nth(key % t.len().max(1)).cloned() else {
        return;
    };
    let value = t.remove(&old).expect("listed");
    if let Some(how) = how {
        t.insert(misspell(&old, how), value);
    }
}

/// A misspelling of `key` of kind `how`: letters swapped, one dropped or doubled, a
/// capital, a plural.
fn misspell(key: &str, how: usize) -> String {
    let chars: Vec<char> = key.chars().collect();
    let at = chars.len() / 2;
    let mut out = chars.clone();
    match how {
        0 if chars.len() > 2 => out.swap(at - 1, at),
        1 if chars.len() > 1 => {
            out.remove(at);
        }
        2 => out.insert(at, chars.get(at).copied().unwrap_or('x')),
        3 => return key.to_uppercase(),
        _ => out.push('s'),
    }
    out.into_iter().collect()
}

/// Where a case is written: `case/` under a folder of the system's temporary folder
/// (removed when dropped), with the pack in `case/pack/` and what lies outside it beside.
pub struct Scratch(PathBuf);

impl Scratch {
    pub fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("dungeon-fuzz-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("scratch folder");
        Scratch(dir)
    }

    pub fn case_dir(&self) -> PathBuf {
        self.0.join("case")
    }

    /// The pack's folder.
    pub fn pack_dir(&self) -> PathBuf {
        self.case_dir().join("pack")
    }

    pub fn manifest(&self) -> String {
        self.pack_dir()
            .join("pack.toml")
            .to_string_lossy()
            .into_owned()
    }

    /// Writes `case` (replacing the last), with the odd files its paths may name.
    pub fn write(&self, case: &PackCase) {
        let dir = self.case_dir();
        let _ = std::fs::remove_dir_all(&dir);
        let pack = self.pack_dir();
        for d in [
            "scripts/dir.lua",
            "scenarios",
            "odd_scenarios",
            "../outside_dir",
        ] {
            std::fs::create_dir_all(pack.join(d)).expect("folder");
        }
        let outside =
            format!("-- {OUTSIDE_MARKER}\nreturn {{ at_end = function(ctx) ctx.succeed() end }}\n");
        write(&dir.join("outside.lua"), outside.as_bytes());
        write(&dir.join("outside_dir/x.lua"), outside.as_bytes());
        write(&pack.join("pack.toml"), case.manifest.as_bytes());
        let honest = "return { on_damage = function(ctx, m, damage) return damage end }\n";
        write(&pack.join("scripts/honest.lua"), honest.as_bytes());
        write(&pack.join("scripts/bin.lua"), b"return {}\n\xff\xfe\x00");
        for (link, target) in [
            ("scripts/link_out.lua", "../../outside.lua"),
            ("scripts/abs_link.lua", "/etc/passwd"),
            ("scripts/zero.lua", "/dev/zero"),
            ("scripts/loop.lua", "loop.lua"),
            ("scripts/inner.lua", "honest.lua"),
            ("link_dir", "../outside_dir"),
            ("loop_dir", "loop_dir"),
            ("odd_scenarios/up", ".."),
            ("odd_scenarios/out", "../../outside_dir"),
        ] {
            std::os::unix::fs::symlink(target, pack.join(link)).expect("link");
        }
        // The costly ones only when named.
        if case.manifest.contains("big.lua") {
            write(
                &pack.join("scripts/big.lua"),
                "-- x\n".repeat(70_000).as_bytes(),
            );
        }
        if case.manifest.contains("fifo.lua") {
            let made = std::process::Command::new("mkfifo")
                .arg(pack.join("scripts/fifo.lua"))
                .status()
                .expect("mkfifo");
            assert!(made.success());
        }
        for (path, text) in &case.files {
            write(&pack.join(path), text.as_bytes());
        }
    }
}

fn write(path: &Path, bytes: &[u8]) {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).expect("folder");
    }
    std::fs::write(path, bytes).expect("write");
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
