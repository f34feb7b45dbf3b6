//! Property-based fuzzing on the stable toolchain (proptest): the runner every fuzz test
//! uses, a watchdog that turns a hang into a failure naming its input, and generators of
//! hostile values around the real formats, for reuse by the fuzz tests: scenario files
//! here, packs in `packs.rs` (their scripts in `scripts.rs`); saves are edited in
//! `fuzz_records.rs`; prompt input and odds situations in the CLI.
//!
//! Cases per test: each test's bounded default (a few thousand), or `PROPTEST_CASES`.
//! The generator's seed is fixed, so the suite runs the same cases every time; set
//! `PROPTEST_RNG_SEED=N` to explore others (README, Fuzzing).

pub mod packs;
pub mod scripts;

use dungeon_engine::catalog::Catalog;
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed, TestRunner};
use std::collections::HashMap;
use std::fmt::Debug;
use std::sync::{Mutex, OnceLock};
use std::thread::ThreadId;
use std::time::{Duration, Instant};

/// The longest one case may take (in a debug build, on a loaded machine) before the
/// watchdog calls it a hang.
pub const CASE_DEADLINE: Duration = Duration::from_secs(30);

/// The seed of the suite's runs, unless `PROPTEST_RNG_SEED` gives another.
const SUITE_SEED: u64 = 0x00d1_ce5e_ed00_0001;

/// A runner for `default_cases` cases (`PROPTEST_CASES` overrides), from a fixed seed
/// (`PROPTEST_RNG_SEED` overrides), without writing regression files: a failure prints
/// the shrunk input instead, to be turned into a named test.
pub fn runner(default_cases: u32) -> TestRunner {
    let mut config = Config::default();
    if std::env::var_os("PROPTEST_CASES").is_none() {
        config.cases = default_cases;
    }
    if std::env::var_os("PROPTEST_RNG_SEED").is_none() {
        config.rng_seed = RngSeed::Fixed(SUITE_SEED);
    }
    config.failure_persistence = None;
    TestRunner::new(config)
}

/// Runs `property` on `default_cases` values of `strategy`, each under the watchdog;
/// panics with the smallest failing value found (a panic inside `property` is a failure
/// too, and is shrunk the same way).
pub fn check<S>(default_cases: u32, strategy: S, property: impl Fn(S::Value) -> Result<(), String>)
where
    S: Strategy,
    S::Value: Debug,
{
    let result = runner(default_cases).run(&strategy, |value| {
        let _guard = watch(format!("{value:?}"));
        property(value).map_err(TestCaseError::fail)
    });
    if let Err(e) = result {
        panic!("{e}");
    }
}

/// The cases being run, by thread, with when they started.
type Running = HashMap<ThreadId, (Instant, String)>;

fn running() -> &'static Mutex<Running> {
    static RUNNING: OnceLock<Mutex<Running>> = OnceLock::new();
    RUNNING.get_or_init(|| {
        std::thread::spawn(|| {
            loop {
                std::thread::sleep(Duration::from_millis(200));
                let cases = running().lock().unwrap_or_else(|e| e.into_inner());
                if let Some((_, (_, what))) =
                    cases.iter().find(|(_, (t, _))| t.elapsed() > CASE_DEADLINE)
                {
                    // Straight to stderr: the test harness captures `eprintln!`, and
                    // would lose the message with the process.
                    use std::io::Write;
                    let message =
                        format!("fuzz: a case ran past {CASE_DEADLINE:?} (a hang?): {what}\n");
                    let _ = std::io::stderr().write_all(message.as_bytes());
                    std::process::abort();
                }
            }
        });
        Mutex::new(HashMap::new())
    })
}

/// Ends the watch of a case when dropped.
pub struct Watched;

impl Drop for Watched {
    fn drop(&mut self) {
        let mut cases = running().lock().unwrap_or_else(|e| e.into_inner());
        cases.remove(&std::thread::current().id());
    }
}

/// Watches the case described by `what` on this thread until the guard is dropped: past
/// [`CASE_DEADLINE`] the process stops, printing it.
pub fn watch(what: String) -> Watched {
    let mut cases = running().lock().unwrap_or_else(|e| e.into_inner());
    cases.insert(std::thread::current().id(), (Instant::now(), what));
    Watched
}

// --- Generators ----------------------------------------------------------------------------

/// Any text: mostly short, with control characters, characters a terminal shows as
/// nothing (format, fillers, tags, combining marks with nothing to combine with), other
/// scripts, digits, quotes and TOML punctuation; sometimes long.
pub fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => "[a-z_0-9 ]{0,12}",
        2 => any::<String>(),
        1 => "[\\x00-\\x1f\\u{7f}\\u{202e}\\u{200b}\"'\\\\\\[\\]{}=#,.]{0,8}",
        1 => "[ a\\u{ad}\\u{301}\\u{20dd}\\u{600}\\u{180e}\\u{3164}\\u{fe0f}\\u{e0041}\\u{e000}]{0,8}",
        1 => "[0-9+-]{1,25}",
        1 => (1usize..5000).prop_map(|n| "x".repeat(n)),
    ]
}

/// One of `ids` (most of the time), else a near miss or any text.
pub fn id_or_junk(ids: Vec<String>) -> BoxedStrategy<String> {
    if ids.is_empty() {
        return text().boxed();
    }
    let near = ids.clone();
    prop_oneof![
        8 => proptest::sample::select(ids),
        1 => (proptest::sample::select(near), text()).prop_map(|(id, s)| format!("{id}{s}")),
        1 => text(),
    ]
    .boxed()
}

/// A number: mostly small, sometimes at the edges of the types a format uses.
pub fn number() -> impl Strategy<Value = i64> {
    prop_oneof![
        6 => -2i64..8,
        1 => Just(255i64),
        1 => Just(256i64),
        1 => Just(i64::from(u16::MAX) + 1),
        1 => Just(i64::from(i32::MAX)),
        1 => Just(i64::from(i32::MIN)),
        1 => Just(i64::MAX),
        1 => Just(i64::MIN),
        1 => any::<i64>(),
    ]
}

/// Any TOML value, nested a little.
pub fn toml_value() -> impl Strategy<Value = toml::Value> {
    let leaf = prop_oneof![
        number().prop_map(toml::Value::Integer),
        any::<f64>().prop_map(toml::Value::Float),
        any::<bool>().prop_map(toml::Value::Boolean),
        text().prop_map(toml::Value::String),
    ];
    leaf.prop_recursive(3, 16, 4, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..4).prop_map(toml::Value::Array),
            proptest::collection::btree_map("[a-z_]{1,8}", inner, 0..4)
                .prop_map(|m| toml::Value::Table(m.into_iter().collect())),
        ]
    })
}

/// A field's value: usually `good`, else a value of any type, else the field left out
/// (`None`).
pub fn field(good: BoxedStrategy<toml::Value>) -> BoxedStrategy<Option<toml::Value>> {
    prop_oneof![
        8 => good.prop_map(Some),
        1 => toml_value().prop_map(Some),
        1 => Just(None),
    ]
    .boxed()
}

/// A list of `item`s, usually short, sometimes long.
pub fn list(item: BoxedStrategy<toml::Value>, long: usize) -> BoxedStrategy<toml::Value> {
    prop_oneof![
        8 => proptest::collection::vec(item.clone(), 0..8),
        1 => proptest::collection::vec(item, 0..=long),
    ]
    .prop_map(toml::Value::Array)
    .boxed()
}

/// `text` as written, or broken: cut short, a character put in or taken out, or a line of
/// junk added (parse errors at any place).
pub fn mutated(text: String) -> BoxedStrategy<String> {
    let len = text.len();
    prop_oneof![
        6 => Just(text.clone()),
        1 => (0..=len).prop_map({
            let t = text.clone();
            move |cut| cut_at(&t, cut).to_string()
        }),
        1 => (0..=len, any::<char>()).prop_map({
            let t = text.clone();
            move |(at, c)| {
                let head = cut_at(&t, at);
                format!("{head}{c}{}", &t[head.len()..])
            }
        }),
        1 => (0..=len).prop_map({
            let t = text.clone();
            move |at| {
                let head = cut_at(&t, at);
                let rest = &t[head.len()..];
                let skip = rest.chars().next().map_or(0, char::len_utf8);
                format!("{head}{}", &rest[skip..])
            }
        }),
        1 => self::text().prop_map(move |junk| format!("{text}\n{junk}\n")),
    ]
    .boxed()
}

/// The longest start of `s` at most `at` bytes long that ends on a character boundary.
fn cut_at(s: &str, at: usize) -> &str {
    let mut at = at.min(s.len());
    while !s.is_char_boundary(at) {
        at -= 1;
    }
    &s[..at]
}

/// The ids of a catalog, for generators.
#[derive(Clone, Debug, Default)]
pub struct Ids {
    pub packs: Vec<String>,
    pub adventurers: Vec<String>,
    pub tiles: Vec<String>,
    pub monsters: Vec<String>,
    pub special_monsters: Vec<String>,
    pub species: Vec<String>,
}

impl Ids {
    pub fn of(catalog: &Catalog, packs: &[&str]) -> Ids {
        Ids {
            packs: packs.iter().map(|p| p.to_string()).collect(),
            adventurers: catalog
                .adventurers
                .iter()
                .map(|a| a.info.id.clone())
                .collect(),
            tiles: catalog.tiles.iter().map(|t| t.info.id.clone()).collect(),
            monsters: catalog.monsters.iter().map(|m| m.info.id.clone()).collect(),
            special_monsters: catalog
                .monsters
                .iter()
                .filter(|m| m.special)
                .map(|m| m.info.id.clone())
                .collect(),
            species: catalog.species.iter().map(|s| s.id.clone()).collect(),
        }
    }
}

/// A string value from `ids` (or junk).
fn id_value(ids: &[String]) -> BoxedStrategy<toml::Value> {
    id_or_junk(ids.to_vec())
        .prop_map(toml::Value::String)
        .boxed()
}

/// A number value.
fn number_value() -> BoxedStrategy<toml::Value> {
    number().prop_map(toml::Value::Integer).boxed()
}

/// A scenario file (`tests/scenarios/`, `docs/authoring.md`): half of them valid (every
/// field of the right type, ids of the packs given, so most run), half around the real
/// schema (each field usually valid, sometimes of another type or left out, unknown
/// keys, long lists, answers of every kind); the text sometimes broken. `ids` gives the
/// ids the valid values use, of all of `ids.packs` together.
pub fn scenario_file(ids: &Ids) -> BoxedStrategy<String> {
    prop_oneof![valid_scenario(ids), hostile_scenario(ids)]
        .prop_flat_map(mutated)
        .boxed()
}

/// A string value from `ids` (none given: any text).
fn valid_id(ids: &[String]) -> BoxedStrategy<toml::Value> {
    if ids.is_empty() {
        return text().prop_map(toml::Value::String).boxed();
    }
    proptest::sample::select(ids.to_vec())
        .prop_map(toml::Value::String)
        .boxed()
}

/// An answer as a scenario could give it, of the right type.
fn valid_answer(ids: &Ids) -> BoxedStrategy<toml::Value> {
    prop_oneof![
        3 => Just(toml::Value::String("yes".into())),
        2 => Just(toml::Value::String("no".into())),
        2 => valid_id(&ids.species),
        1 => valid_id(&ids.tiles),
        1 => (0i64..4).prop_map(toml::Value::Integer),
        1 => any::<bool>().prop_map(toml::Value::Boolean),
    ]
    .boxed()
}

fn strings(values: Vec<&'static str>) -> BoxedStrategy<toml::Value> {
    proptest::sample::select(values)
        .prop_map(|s| toml::Value::String(s.to_string()))
        .boxed()
}

fn valid_scenario(ids: &Ids) -> BoxedStrategy<String> {
    let packs = toml::Value::Array(
        ids.packs
            .iter()
            .map(|p| toml::Value::String(p.clone()))
            .collect(),
    );
    let monsters = |n| proptest::collection::vec(valid_id(&ids.monsters), 0..n);
    let tiles = proptest::sample::subsequence(ids.tiles.clone(), 0..=6.min(ids.tiles.len()))
        .prop_map(|t| toml::Value::Array(t.into_iter().map(toml::Value::String).collect()));
    (
        valid_id(&ids.adventurers),
        proptest::option::of(tiles),
        monsters(9),
        monsters(4),
        (0i64..2, 0i64..2, 2i64..=4),
        proptest::collection::vec(valid_answer(ids), 0..4),
        (
            strings(vec!["success", "failure"]),
            proptest::option::of(-5i64..20),
            proptest::option::of(strings(vec!["end_total", "running"])),
        ),
        any::<u32>(),
    )
        .prop_map(
            move |(
                adventurer,
                equipment,
                dungeon,
                deck,
                (successes, failures, players),
                answers,
                (outcome, hp, model),
                seed,
            )| {
                let int = |n: i64| Some(toml::Value::Integer(n));
                let t = table([
                    ("packs", Some(packs.clone())),
                    ("adventurer", Some(adventurer)),
                    ("equipment", equipment),
                    ("dungeon", Some(toml::Value::Array(dungeon))),
                    ("deck", Some(toml::Value::Array(deck))),
                    ("successes", int(successes)),
                    ("failures", int(failures)),
                    ("players", int(players)),
                    ("options", Some(table([("damage_model", model)]))),
                    ("answers", Some(toml::Value::Array(answers))),
                    (
                        "expect",
                        Some(table([
                            ("outcome", Some(outcome)),
                            ("hp", hp.map(toml::Value::Integer)),
                        ])),
                    ),
                    ("seed", int(i64::from(seed))),
                ]);
                toml::to_string(&t).unwrap_or_default()
            },
        )
        .boxed()
}

fn hostile_scenario(ids: &Ids) -> BoxedStrategy<String> {
    let answer = prop_oneof![
        3 => Just(toml::Value::String("yes".into())),
        2 => Just(toml::Value::String("no".into())),
        2 => id_value(&ids.species),
        2 => id_value(&ids.tiles),
        2 => (-1i64..5).prop_map(toml::Value::Integer),
        1 => any::<bool>().prop_map(toml::Value::Boolean),
        1 => toml_value(),
    ]
    .boxed();
    let packs = proptest::sample::subsequence(ids.packs.clone(), 0..=ids.packs.len())
        .prop_map(|p| toml::Value::Array(p.into_iter().map(toml::Value::String).collect()));
    let packs = prop_oneof![4 => packs, 1 => list(id_value(&ids.packs), 3)].boxed();
    let outcome = prop_oneof![
        Just("success".to_string()),
        Just("failure".to_string()),
        text()
    ]
    .prop_map(toml::Value::String)
    .boxed();
    let expect = (
        field(outcome),
        field(number_value()),
        field(list(id_value(&ids.monsters), 20)),
    )
        .prop_map(|(outcome, hp, defeated)| {
            table([("outcome", outcome), ("hp", hp), ("defeated", defeated)])
        })
        .boxed();
    let model = prop_oneof![
        Just("end_total".to_string()),
        Just("running".to_string()),
        text()
    ]
    .prop_map(toml::Value::String)
    .boxed();
    let options = field(model)
        .prop_map(|m| table([("damage_model", m)]))
        .boxed();
    let extra = proptest::collection::btree_map("[a-z_]{1,10}", toml_value(), 0..2);
    (
        (
            field(packs),
            field(id_value(&ids.adventurers)),
            field(list(id_value(&ids.tiles), 300)),
            field(list(id_value(&ids.monsters), 300)),
            field(list(id_value(&ids.monsters), 300)),
        ),
        (
            field(number_value()),
            field(number_value()),
            field(number_value()),
            field(options),
            field(list(answer, 1100)),
            field(expect),
            field(number_value()),
        ),
        extra,
    )
        .prop_map(
            |(
                (packs, adventurer, equipment, dungeon, deck),
                (successes, failures, players, options, answers, expect, seed),
                extra,
            )| {
                let mut t = table([
                    ("packs", packs),
                    ("adventurer", adventurer),
                    ("equipment", equipment),
                    ("dungeon", dungeon),
                    ("deck", deck),
                    ("successes", successes),
                    ("failures", failures),
                    ("players", players),
                    ("options", options),
                    ("answers", answers),
                    ("expect", expect),
                    ("seed", seed),
                ]);
                if let toml::Value::Table(t) = &mut t {
                    for (k, v) in extra {
                        t.entry(k).or_insert(v);
                    }
                }
                toml::to_string(&t).unwrap_or_default()
            },
        )
        .boxed()
}

/// A table of the fields given (`None`: left out).
fn table<const N: usize>(fields: [(&str, Option<toml::Value>); N]) -> toml::Value {
    toml::Value::Table(
        fields
            .into_iter()
            .filter_map(|(k, v)| v.map(|v| (k.to_string(), v)))
            .collect(),
    )
}
