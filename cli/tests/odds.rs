//! `dungeon odds` against an independent count. For small hand-made situations, every way
//! the unseen cards can fill the dungeon, in every order (and the monster deck's top card,
//! and the kind of each unknown special monster), is dealt as a concrete dungeon and run
//! through the real engine, the way a scenario file is: no card-by-card pauses, no
//! placeholders, no memo. Each way is equally likely, so survival is a count, and the odds
//! an exact fraction.
//!
//! The runner's choices are counted the way the rules allow them: a question is answered
//! knowing only the cards revealed so far, so the dealt dungeons are grouped by what the
//! runner has seen when asked, and each group takes its best answer (expectimax over the
//! reveals). A question before the first reveal (the Vorpal Sword) thus takes the best
//! answer on average over all dungeons, not the best for each dungeon.

use dungeon_engine::action::{Action, Answer, DecisionKind};
use dungeon_engine::catalog::{DamageModel, DiskFiles, PackLibrary};
use dungeon_engine::ids::MonsterId;
use dungeon_engine::{DungeonSetup, Engine, GameState};
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("cli/ is in the repository")
        .to_path_buf()
}

fn engine(packs: &[&str]) -> Engine {
    let mut lib = PackLibrary::new();
    for file in ["cards/base.toml", "cards/sequel.toml"] {
        let path = root().join(file);
        lib.load_in(
            &DiskFiles,
            &root().to_string_lossy(),
            &path.to_string_lossy(),
        )
        .unwrap_or_else(|d| panic!("{d}"));
    }
    let (catalog, _) = lib.catalog(packs).unwrap_or_else(|d| panic!("{d}"));
    Engine::new(Arc::new(catalog)).unwrap_or_else(|d| panic!("{d}"))
}

/// A situation, as `dungeon odds` takes it.
#[derive(Clone, Default)]
struct Case {
    name: &'static str,
    packs: &'static str,
    adventurer: &'static str,
    tiles: &'static [&'static str],
    size: usize,
    known: &'static [&'static str],
    /// `None`: the default pool (the whole regular deck less `known`).
    unseen: Option<&'static [&'static str]>,
    unknown_specials: usize,
    candidates: &'static [&'static str],
    deck: usize,
    successes: u8,
    damage_model: Option<&'static str>,
}

impl Case {
    fn args(&self) -> Vec<String> {
        let mut args: Vec<String> = ["--lang", "en", "odds", "--json"].map(String::from).into();
        let mut push = |flag: &str, value: String| {
            args.push(flag.to_string());
            args.push(value);
        };
        push("--packs", self.packs.to_string());
        push("--adventurer", self.adventurer.to_string());
        push("--tiles", self.tiles.join(","));
        push("--dungeon", self.size.to_string());
        push("--known", self.known.join(","));
        if let Some(unseen) = self.unseen {
            push("--unseen", unseen.join(","));
        }
        push("--unknown-specials", self.unknown_specials.to_string());
        if !self.candidates.is_empty() {
            push("--candidates", self.candidates.join(","));
        }
        push("--deck", self.deck.to_string());
        push("--successes", self.successes.to_string());
        if let Some(model) = self.damage_model {
            push("--damage-model", model.to_string());
        }
        args
    }
}

/// One concrete deal: the dungeon in reveal order and the deck, top first.
type World = (Vec<MonsterId>, Vec<MonsterId>);

/// What the runner has seen when asked: each monster revealed, with its place.
type Seen = Vec<(MonsterId, u8)>;

/// The deals stopped on one question: its options, and the deals with their ways.
type Asked = (Vec<Answer>, Vec<(World, u64)>);

/// Every deal with its number of ways (labelled cards: copies are told apart).
fn worlds(engine: &Engine, case: &Case) -> BTreeMap<World, u64> {
    let catalog = engine.catalog();
    let id = |s: &str| {
        catalog
            .find_monster(s)
            .unwrap_or_else(|| panic!("no monster {s}"))
    };
    let known: Vec<MonsterId> = case.known.iter().map(|s| id(s)).collect();
    let regular: Vec<MonsterId> = match case.unseen {
        Some(list) => list.iter().map(|s| id(s)).collect(),
        None => {
            let mut deck: Vec<MonsterId> = catalog.regular_deck().collect();
            for k in &known {
                let i = deck.iter().position(|m| m == k).expect("a copy to take");
                deck.remove(i);
            }
            deck
        }
    };
    let candidates: Vec<MonsterId> = case.candidates.iter().map(|s| id(s)).collect();
    let mut out = BTreeMap::new();
    // The unknown specials' kinds: every ordered choice of distinct candidates.
    for kinds in arrangements(&candidates, case.unknown_specials) {
        let pool: Vec<MonsterId> = regular.iter().copied().chain(kinds).collect();
        let unknown = case.size - known.len();
        for chosen in subsets(pool.len(), unknown) {
            let mut dungeon: Vec<MonsterId> = known.clone();
            dungeon.extend(chosen.iter().map(|&i| pool[i]));
            let rest: Vec<MonsterId> = (0..pool.len())
                .filter(|i| !chosen.contains(i))
                .map(|i| pool[i])
                .collect();
            for order in arrangements(&dungeon, dungeon.len()) {
                for deck in arrangements(&rest, case.deck) {
                    *out.entry((order.clone(), deck)).or_insert(0) += 1;
                }
            }
        }
    }
    out
}

/// Every ordered choice of `k` items of `items` (by position: equal items count apart).
fn arrangements(items: &[MonsterId], k: usize) -> Vec<Vec<MonsterId>> {
    if k == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for i in 0..items.len() {
        let mut rest = items.to_vec();
        let first = rest.remove(i);
        for mut tail in arrangements(&rest, k - 1) {
            tail.insert(0, first);
            out.push(tail);
        }
    }
    out
}

/// Every `k`-subset of `0..n`, as sorted indices.
fn subsets(n: usize, k: usize) -> Vec<Vec<usize>> {
    fn walk(start: usize, n: usize, k: usize, cur: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if cur.len() == k {
            out.push(cur.clone());
            return;
        }
        for i in start..n {
            cur.push(i);
            walk(i + 1, n, k, cur, out);
            cur.pop();
        }
    }
    let mut out = Vec::new();
    walk(0, n, k, &mut Vec::new(), &mut out);
    out
}

struct Counter<'e> {
    engine: &'e mut Engine,
    setup: DungeonSetup,
}

impl Counter<'_> {
    /// The dungeon `world` after the answers given so far.
    fn play(&mut self, world: &World, answers: &[Answer]) -> GameState {
        let setup = DungeonSetup {
            dungeon: world.0.clone(),
            deck: world.1.clone(),
            ..self.setup.clone()
        };
        let mut state = self.engine.dungeon(&setup, &mut Vec::new()).unwrap();
        for &a in answers {
            self.engine
                .apply(&mut state, Action::Answer(a), &mut Vec::new())
                .unwrap_or_else(|e| panic!("{world:?} {answers:?}: {e}"));
        }
        state
    }

    /// Ways survived, out of these deals, answering `answers` and then each later
    /// question as well as the runner can, knowing only the cards revealed.
    fn survived(&mut self, deals: &[(World, u64)], answers: &[Answer]) -> u64 {
        let mut total = 0;
        // Deals stopped on a question, by what the runner knows when asked.
        let mut asked: HashMap<Seen, Asked> = HashMap::new();
        for (world, ways) in deals {
            let state = self.play(world, answers);
            match &state.pending {
                None => {
                    if state.run.success == Some(true) {
                        total += ways;
                    }
                }
                Some(d) => {
                    let DecisionKind::Question(q) = &d.kind else {
                        panic!("a dungeon waits on {:?}", d.kind)
                    };
                    let seen = state
                        .run
                        .faced
                        .iter()
                        .map(|f| (f.monster, f.position))
                        .collect();
                    let entry = asked
                        .entry(seen)
                        .or_insert_with(|| (q.options.to_vec(), Vec::new()));
                    assert_eq!(
                        entry.0[..],
                        q.options[..],
                        "one question for what the runner saw"
                    );
                    entry.1.push((world.clone(), *ways));
                }
            }
        }
        for (options, group) in asked.into_values() {
            total += options
                .iter()
                .map(|&o| {
                    let mut next = answers.to_vec();
                    next.push(o);
                    self.survived(&group, &next)
                })
                .max()
                .unwrap_or(0);
        }
        total
    }
}

/// The count: the survival fraction (ways survived, ways in all) and, when the runner is
/// asked something before the first reveal, each answer's fraction.
struct Count {
    survived: u64,
    ways: u64,
    first: Vec<(String, u64)>,
}

fn count(case: &Case) -> Count {
    let packs: Vec<&str> = case.packs.split(',').collect();
    let mut engine = engine(&packs);
    let catalog = engine.catalog().clone();
    let deals: Vec<(World, u64)> = worlds(&engine, case).into_iter().collect();
    let ways = deals.iter().map(|(_, n)| n).sum();
    let adventurer = catalog.find_adventurer(case.adventurer).unwrap();
    let setup = DungeonSetup {
        players: 2,
        runner: 0,
        successes: case.successes,
        failures: 0,
        adventurer,
        tiles: case
            .tiles
            .iter()
            .map(|t| catalog.find_tile(t).unwrap())
            .collect(),
        dungeon: Vec::new(),
        deck: Vec::new(),
        damage_model: case.damage_model.map(|m| match m {
            "running" => DamageModel::Running,
            _ => DamageModel::EndTotal,
        }),
        seed: 0,
        card_by_card: false,
        rulings: Default::default(),
    };
    let mut counter = Counter {
        engine: &mut engine,
        setup,
    };
    let survived = counter.survived(&deals, &[]);
    // A question before any card: the same for every deal.
    let mut first = Vec::new();
    let start = counter.play(&deals[0].0, &[]);
    if let Some(DecisionKind::Question(q)) = start.pending.as_ref().map(|d| &d.kind)
        && start.run.faced.is_empty()
    {
        for &o in &q.options {
            first.push((o.label(&catalog), counter.survived(&deals, &[o])));
        }
    }
    Count {
        survived,
        ways,
        first,
    }
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

fn reduced(a: u64, b: u64) -> String {
    let g = gcd(a, b).max(1);
    format!("{}/{}", a / g, b / g)
}

/// `dungeon odds --json` for the case.
fn odds_json(case: &Case) -> serde_json::Value {
    let out = Command::new(env!("CARGO_BIN_EXE_dungeon"))
        .args(case.args())
        .current_dir(root())
        .output()
        .expect("the dungeon binary runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}: exit {:?}\n{stdout}{}",
        case.name,
        out.status.code(),
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{}: {e}\n{stdout}", case.name))
}

/// Checks the command against the count; returns the count's fraction.
fn check(case: &Case) -> String {
    let count = count(case);
    let json = odds_json(case);
    let expected = count.survived as f64 / count.ways as f64;
    let got = json["probability"].as_f64().expect("a probability");
    let fraction = reduced(count.survived, count.ways);
    assert!(
        (got - expected).abs() < 1e-9,
        "{}: dungeon odds says {got}, the count {expected} ({fraction} over {} ways)",
        case.name,
        count.ways
    );
    if let Some(f) = json["fraction"].as_str() {
        assert_eq!(f, fraction, "{}: fraction", case.name);
    }
    let options = json["question"]["options"].as_array();
    if !count.first.is_empty() {
        let options = options.unwrap_or_else(|| panic!("{}: no options in {json}", case.name));
        assert_eq!(options.len(), count.first.len(), "{}", case.name);
        for (label, survived) in &count.first {
            let option = options
                .iter()
                .find(|o| o["answer"] == label.as_str())
                .unwrap_or_else(|| panic!("{}: no option {label}", case.name));
            let got = option["probability"].as_f64().unwrap();
            let expected = *survived as f64 / count.ways as f64;
            assert!(
                (got - expected).abs() < 1e-9,
                "{}: answer {label}: dungeon odds says {got}, the count {expected}",
                case.name
            );
        }
    }
    fraction
}

const BASE: &str = "base";

#[test]
fn odds_plain_average_with_permanent_tiles() {
    // Torch and Grail defeat all but the Golem and the Dragon: survive iff neither is
    // drawn, C(5,3)/C(7,3).
    let case = Case {
        name: "warrior, torch and grail",
        packs: BASE,
        adventurer: "warrior",
        tiles: &["torch", "holy_grail"],
        size: 3,
        unseen: Some(&[
            "goblin", "skeleton", "orc", "vampire", "golem", "lich", "dragon",
        ]),
        ..Case::default()
    };
    assert_eq!(check(&case), "2/7");
}

#[test]
fn odds_with_known_cards_inside() {
    // The hammer takes the known Golem; the known Vampire deals 4 of the 8 HP, so any
    // Vampire, Lich or Demon drawn kills: C(4,2)/C(6,2).
    let case = Case {
        name: "barbarian, known golem and vampire",
        packs: BASE,
        adventurer: "barbarian",
        tiles: &["chainmail", "torch", "war_hammer"],
        size: 4,
        known: &["golem", "vampire"],
        unseen: Some(&["goblin", "skeleton", "orc", "vampire", "golem", "lich"]),
        ..Case::default()
    };
    assert_eq!(check(&case), "2/5");
}

#[test]
fn odds_of_a_one_card_dungeon_from_the_whole_deck() {
    // 6 HP: the 10 cards of strength 5 or less are survived.
    let case = Case {
        name: "rogue, one card",
        packs: BASE,
        adventurer: "rogue",
        tiles: &["buckler"],
        size: 1,
        ..Case::default()
    };
    assert_eq!(check(&case), "10/13");
}

#[test]
fn odds_certain_and_impossible() {
    let certain = Case {
        name: "warrior, certain",
        packs: BASE,
        adventurer: "warrior",
        tiles: &["plate_armor", "knight_shield", "torch"],
        size: 4,
        unseen: Some(&["goblin", "goblin", "skeleton", "orc", "vampire", "golem"]),
        ..Case::default()
    };
    assert_eq!(check(&certain), "1/1");
    let impossible = Case {
        name: "mage, no tiles",
        packs: BASE,
        adventurer: "mage",
        tiles: &[],
        size: 2,
        unseen: Some(&["goblin", "goblin", "skeleton", "orc"]),
        ..Case::default()
    };
    assert_eq!(check(&impossible), "0/1");
}

#[test]
fn odds_with_a_question_before_entering() {
    // The Vorpal Sword names a species before any card: the best species on average.
    let case = Case {
        name: "warrior, vorpal sword",
        packs: BASE,
        adventurer: "warrior",
        tiles: &["vorpal_sword", "knight_shield"],
        size: 3,
        unseen: Some(&["goblin", "orc", "vampire", "golem", "golem", "dragon"]),
        ..Case::default()
    };
    check(&case);
    // With a known Dragon, naming anything else loses.
    let known = Case {
        name: "warrior, vorpal sword, known dragon",
        known: &["dragon"],
        unseen: Some(&["goblin", "skeleton", "orc", "vampire", "golem", "golem"]),
        ..case
    };
    assert_eq!(check(&known), "4/15");
}

#[test]
fn odds_with_choices_on_reveal() {
    // The Vorpal Axe is offered at each reveal until used: the runner decides knowing
    // only the cards revealed so far.
    let axe = Case {
        name: "barbarian, vorpal axe",
        packs: BASE,
        adventurer: "barbarian",
        tiles: &["vorpal_axe", "leather_shield"],
        size: 4,
        unseen: Some(&[
            "goblin", "skeleton", "orc", "orc", "vampire", "golem", "dragon",
        ]),
        ..Case::default()
    };
    check(&axe);
    // The same, HP counted card by card, with a Healing Potion.
    let running = Case {
        name: "barbarian, axe and potion, running damage",
        tiles: &["vorpal_axe", "healing_potion"],
        damage_model: Some("running"),
        ..axe
    };
    check(&running);
}

#[test]
fn odds_with_polymorph_drawing_from_the_deck() {
    // Polymorph swaps a revealed monster for the deck's top card, itself unseen.
    let case = Case {
        name: "mage, polymorph",
        packs: BASE,
        adventurer: "mage",
        tiles: &["polymorph", "wall_of_fire"],
        size: 3,
        unseen: Some(&["goblin", "skeleton", "orc", "vampire", "golem", "dragon"]),
        deck: 1,
        ..Case::default()
    };
    check(&case);
}

#[test]
fn odds_with_end_of_dungeon_and_next_card_effects() {
    // Omnipotence wins when no two monsters share a species; the Pact takes the Demon and
    // the card after it.
    let case = Case {
        name: "mage, omnipotence and pact",
        packs: BASE,
        adventurer: "mage",
        tiles: &["omnipotence", "demonic_pact", "bracelet_of_protection"],
        size: 3,
        known: &["demon"],
        unseen: Some(&["goblin", "goblin", "orc", "vampire", "vampire", "dragon"]),
        ..Case::default()
    };
    check(&case);
}

#[test]
fn odds_with_an_unknown_special_monster() {
    // The sequel: one unseen special of unknown kind. The Count is strength 8 for a runner
    // with a success, the Mimic as strong as the tiles left, the Shapeshifter its place.
    let case = Case {
        name: "princess, unknown special",
        packs: "sequel",
        adventurer: "princess",
        tiles: &["mr_charm"],
        size: 3,
        unseen: Some(&["goblin", "orc", "golem"]),
        unknown_specials: 1,
        candidates: &["fairy", "mimic", "the_count", "shapeshifter"],
        successes: 1,
        ..Case::default()
    };
    check(&case);
}

#[test]
fn odds_that_hang_on_the_species_faced_before() {
    // A Shapeshifter becomes the species of its place, so two runs with the same cards
    // left may have faced different species: where a tile asks what came before, the
    // search must keep such runs apart. The Royal Sceptre asks it at each reveal.
    let sceptre = Case {
        name: "princess, sceptre, unknown shapeshifter",
        packs: "sequel",
        adventurer: "princess",
        tiles: &["royal_sceptre", "mr_charm"],
        size: 4,
        unseen: Some(&[
            "goblin", "skeleton", "skeleton", "orc", "vampire", "vampire",
        ]),
        unknown_specials: 1,
        candidates: &["shapeshifter", "fairy"],
        ..Case::default()
    };
    check(&sceptre);
    // Omnipotence counts the species faced at the end. A Shapeshifter at the second place
    // is a Skeleton, at the fourth a Vampire: the Grail defeats both, so a run may reach
    // the fifth card with the same HP and the same cards left either way, and only one of
    // the two has faced two Skeletons (and fails when the fifth is a Lich or the Dragon,
    // where the other succeeds).
    let omnipotence = Case {
        name: "mage, omnipotence and grail, unknown shapeshifter",
        packs: "base,sequel",
        adventurer: "mage",
        tiles: &["omnipotence", "holy_grail"],
        size: 5,
        unseen: Some(&["goblin", "skeleton", "orc", "lich", "dragon"]),
        unknown_specials: 1,
        candidates: &["shapeshifter", "fairy"],
        // Counted at the end, so that a run goes on to its end with no HP left.
        damage_model: Some("end_total"),
        ..Case::default()
    };
    assert_eq!(check(&omnipotence), "4/5");
    // No tile of the Bard's asks what came before: those runs have the same odds, which
    // the search may share. (The Coin is a choice at each even monster until used.)
    let bard = Case {
        name: "bard, coin and blade, unknown shapeshifter",
        adventurer: "bard",
        tiles: &["lucky_coin", "dancing_blade", "fancy_hat"],
        size: 5,
        candidates: &["shapeshifter", "ally", "mimic"],
        ..sceptre
    };
    check(&bard);
}

// --- What the command says about wrong situations -----------------------------------------

fn odds_run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_dungeon"))
        .args(["--lang", "en", "odds"])
        .args(args)
        .current_dir(root())
        .output()
        .expect("the dungeon binary runs");
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    );
    assert!(
        !stderr.contains("panicked") && out.status.code() != Some(101),
        "{args:?} panicked:\n{stderr}"
    );
    (out.status.code().unwrap_or(-1), stdout, stderr)
}

#[test]
fn odds_rejects_wrong_situations_with_a_clear_message() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["--adventurer", "warior", "--dungeon", "3"],
            "unknown adventurer `warior` (known: warrior, barbarian, mage, rogue). Did you mean warrior?",
        ),
        (
            &[
                "--adventurer",
                "warrior",
                "--dungeon",
                "3",
                "--known",
                "gobln",
            ],
            "unknown monster `gobln`",
        ),
        (
            &[
                "--adventurer",
                "warrior",
                "--dungeon",
                "3",
                "--tiles",
                "torch,vorpal",
            ],
            "Did you mean vorpal_sword, vorpal_dagger, vorpal_axe?",
        ),
        (
            &["--adventurer", "warrior", "--dungeon", "16"],
            "a dungeon of 16 cards is too big: it holds at most 15",
        ),
        (
            &[
                "--adventurer",
                "warrior",
                "--dungeon",
                "3",
                "--unseen",
                "goblin,orc",
            ],
            "the dungeon needs 3 unknown cards, but only 2 cards are unseen",
        ),
        (
            // 13 cards, 3 of them seen: a dungeon of 11 cannot be filled.
            &[
                "--adventurer",
                "warrior",
                "--dungeon",
                "11",
                "--seen",
                "orc,orc,lich",
            ],
            "the dungeon needs 11 unknown cards, but only 10 cards are unseen",
        ),
        (
            &[
                "--adventurer",
                "warrior",
                "--dungeon",
                "4",
                "--known",
                "dragon,dragon",
            ],
            "`dragon` is named 2 times as known or seen, but the game has 1",
        ),
        (
            &[
                "--adventurer",
                "warrior",
                "--dungeon",
                "1",
                "--known",
                "orc,orc",
            ],
            "2 known monsters do not fit in a dungeon of 1 card",
        ),
        (
            &[
                "--adventurer",
                "warrior",
                "--dungeon",
                "3",
                "--damage-model",
                "x",
            ],
            "unknown damage model `x`",
        ),
        (&["--dungeon", "3"], "no adventurer"),
        (
            &[
                "--adventurer",
                "warrior",
                "--dungeon",
                "3",
                "--players",
                "7",
            ],
            "--players must be 2 to 4, not 7",
        ),
    ];
    for (args, says) in cases {
        let (code, stdout, stderr) = odds_run(args);
        assert_eq!(code, 2, "{args:?}: {stdout}{stderr}");
        assert!(stderr.contains(says), "{args:?}: no `{says}` in {stderr}");
        assert!(stdout.is_empty(), "{args:?}: {stdout}");
    }
}

#[test]
fn odds_reads_a_situation_file_and_reports_its_mistakes() {
    let dir = std::env::temp_dir().join(format!("dungeon-odds-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = |name: &str, text: &str| {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        path.to_string_lossy().into_owned()
    };
    // The first case of this file's count, written as a file: the same 2/7.
    let good = file(
        "good.toml",
        "adventurer = \"warrior\"\nequipment = [\"torch\", \"holy_grail\"]\ndungeon = 3\n\
         unseen = [\"goblin\", \"skeleton\", \"orc\", \"vampire\", \"golem\", \"lich\", \"dragon\"]\n",
    );
    let (code, stdout, stderr) = odds_run(&["--file", &good]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stdout.contains("Chance of surviving: 28.57% (2/7)"),
        "{stdout}"
    );
    // An option overrides the file's field: two cards, C(5,2)/C(7,2).
    let (_, stdout, _) = odds_run(&["--file", &good, "--dungeon", "2"]);
    assert!(stdout.contains("(10/21)"), "{stdout}");

    let typo = file(
        "typo.toml",
        "adventurer = \"warrior\"\ndungeon = 3\nknwon = [\"orc\"]\n",
    );
    let (code, _, stderr) = odds_run(&["--file", &typo]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains(&format!("{typo}:3:1: error: unknown field `knwon`")),
        "{stderr}"
    );
    let broken = file("broken.toml", "adventurer = \"warrior\"\ndungeon = [3\n");
    let (code, _, stderr) = odds_run(&["--file", &broken]);
    assert_eq!(code, 2);
    assert!(stderr.contains(&format!("{broken}:2:")), "{stderr}");
    assert!(stderr.contains("2 | dungeon = [3"), "{stderr}");
    let missing = dir.join("missing.toml").to_string_lossy().into_owned();
    let (code, _, stderr) = odds_run(&["--file", &missing]);
    assert_eq!(code, 2);
    assert!(stderr.contains(&missing), "{stderr}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn odds_in_spanish_and_french() {
    let args = [
        "odds",
        "--adventurer",
        "warrior",
        "--tiles",
        "torch,holy_grail",
        "--dungeon",
        "3",
        "--unseen",
        "goblin,skeleton,orc,vampire,golem,lich,dragon",
    ];
    for (lang, says) in [
        ("es", "Probabilidad de sobrevivir: 28,57\u{a0}% (2/7)"),
        ("fr", "Chances de survie : 28,57\u{a0}% (2/7)"),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_dungeon"))
            .args(["--lang", lang])
            .args(args)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(stdout.contains(says), "{lang}: {stdout}");
    }
}

#[test]
fn odds_count_the_worst_answer_of_another_player() {
    // Daddy's Sword's species is named by another player, who wants the run to fail: the
    // chance is that of the worst answer for the runner, not the best.
    let (code, out, err) = odds_run(&[
        "--packs",
        "sequel",
        "--adventurer",
        "princess",
        "--tiles",
        "daddys_sword,mr_charm,chaperon",
        "--dungeon",
        "2",
        "--unseen",
        "goblin,golem,lich,demon,orc",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    let answers: Vec<f64> = v["question"]["options"]
        .as_array()
        .expect("the sword's question")
        .iter()
        .map(|o| o["probability"].as_f64().unwrap())
        .collect();
    let worst = answers.iter().copied().fold(f64::MAX, f64::min);
    let best = answers.iter().copied().fold(f64::MIN, f64::max);
    assert!(best - worst > 0.05, "{answers:?}");
    assert!(
        (v["probability"].as_f64().unwrap() - worst).abs() < 1e-12,
        "{out}"
    );
}

/// Every count `dungeon odds` takes is checked before it reaches the search's `u8` counts:
/// named too often, too many in all, past a number's type, listed twice. Each is a
/// message and exit status 2, never a panic (the first case panicked on overflow).
#[test]
fn odds_refuses_counts_that_do_not_fit() {
    let goblins_256 = vec!["goblin"; 256].join(",");
    let many_tiles = vec!["torch"; 300].join(",");
    let warrior = ["--adventurer", "warrior"];
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["--dungeon", "1", "--unseen", &goblins_256],
            "`goblin` is named 256 times among the known and unseen cards, but the game has 2",
        ),
        (
            vec![
                "--dungeon",
                "2",
                "--known",
                "dragon",
                "--unseen",
                "dragon,orc",
            ],
            "`dragon` is named 2 times among the known and unseen cards, but the game has 1",
        ),
        (
            vec!["--dungeon", "1", "--tiles", "torch,torch"],
            "`torch` is listed twice in the tiles",
        ),
        (
            vec!["--dungeon", "1", "--tiles", &many_tiles],
            "`torch` is listed twice in the tiles",
        ),
        (
            vec!["--dungeon", "99999999999999999999999"],
            "invalid value '99999999999999999999999' for '--dungeon <N>'",
        ),
        (
            vec!["--dungeon", "2", "--successes", "256"],
            "--successes <N>",
        ),
        (
            vec!["--dungeon", "2", "--successes", "255"],
            "the runner has 255 successes",
        ),
        (
            vec!["--dungeon", "2", "--failures", "2"],
            "the runner has 2 failures",
        ),
        (
            vec!["--dungeon", "2", "--players", "255"],
            "--players must be 2 to 4, not 255",
        ),
        (
            vec!["--dungeon", "2", "--deck", "18446744073709551615"],
            "a deck of 18446744073709551615 cards does not fit",
        ),
    ];
    for (args, says) in cases {
        let args: Vec<&str> = warrior.iter().copied().chain(args).collect();
        let (code, stdout, stderr) = odds_run(&args);
        assert_eq!(code, 2, "{args:?}: {stdout}{stderr}");
        assert!(stderr.contains(says), "{args:?}: no `{says}` in {stderr}");
    }
    // The sequel's unknown special monsters, past the kinds there are.
    let (code, _, stderr) = odds_run(&[
        "--packs",
        "sequel",
        "--adventurer",
        "princess",
        "--dungeon",
        "2",
        "--unknown-specials",
        "256",
    ]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("256 special monsters of unknown kind, but only 6 kinds"),
        "{stderr}"
    );
    // A candidate named twice counts once: the same odds as naming it once.
    let odds = |candidates: &str| {
        let (code, out, err) = odds_run(&[
            "--packs",
            "sequel",
            "--adventurer",
            "princess",
            "--dungeon",
            "1",
            "--unseen",
            "goblin,orc",
            "--unknown-specials",
            "1",
            "--candidates",
            candidates,
            "--json",
        ]);
        assert_eq!(code, 0, "{err}");
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        (v["probability"].as_f64().unwrap(), v["candidates"].clone())
    };
    assert_eq!(odds("the_count,mimic,the_count"), odds("the_count,mimic"));
}

/// A pack (loaded with --pack) whose deck holds more cards than a game can: refused, never
/// counted in a `u8`. Pack loading now refuses such a deck before the odds see it (the
/// odds' own check of the pool is covered by the `--unseen` tests).
#[test]
fn odds_refuses_a_pool_larger_than_a_game() {
    let dir = std::env::temp_dir().join(format!("dungeon-odds-big-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let monsters: String = (0..3)
        .map(|i| {
            format!(
                "[[monster]]\nid = \"rat{i}\"\nstrength = 1\ncopies = 99\nname = {{ en = \"Rat\" }}\n\n"
            )
        })
        .collect();
    let pack = dir.join("rats.toml");
    std::fs::write(
        &pack,
        format!(
            "[pack]\nid = \"rats\"\nversion = \"0.1.0\"\nengine_api = 1\nlanguages = [\"en\"]\n\
             name = {{ en = \"Rats\" }}\ndescription = {{ en = \"Many rats.\" }}\n\n{monsters}\
             [[adventurer]]\nid = \"ratcatcher\"\nhp = 3\nequipment = []\nname = {{ en = \"Ratcatcher\" }}\n"
        ),
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_dungeon"))
        .args(["--lang", "en", "--pack"])
        .arg(&pack)
        .args([
            "odds",
            "--packs",
            "rats",
            "--adventurer",
            "ratcatcher",
            "--dungeon",
            "2",
        ])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("rats.toml")
            && stderr.contains("the monster deck at setup would pass 255 cards"),
        "{stderr}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// Found by fuzzing: a certain run's chances, summed in floating point, came to
/// 1.0000000000000002, and `--json` printed that (and a percent of 100.00000000000003).
#[test]
fn odds_of_a_certain_run_are_exactly_one() {
    let (code, out, err) = odds_run(&[
        "--packs",
        "mandom",
        "--adventurer",
        "mandom_hero",
        "--dungeon",
        "2",
        "--known",
        "lich",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(v["probability"].as_f64(), Some(1.0), "{out}");
    assert_eq!(v["percent"].as_f64(), Some(100.0), "{out}");
    for option in v["question"]["options"]
        .as_array()
        .expect("the sword's question")
    {
        assert_eq!(option["probability"].as_f64(), Some(1.0), "{out}");
    }
}

/// A pack whose one tile flips a coin when a monster is revealed (`math.random`): heads,
/// the monster is defeated. Its runner (3 HP) facing the Dragon survives one time in two.
fn coin_pack(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dungeon-odds-{name}-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("scripts")).unwrap();
    std::fs::write(
        dir.join("scripts/coin.lua"),
        "return { on_reveal = function(ctx, m)\n  if math.random(1, 2) == 1 then ctx.defeat() end\nend }\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("coin.toml"),
        "[pack]\nid = \"coin\"\nversion = \"0.1.0\"\nengine_api = 1\nlanguages = [\"en\"]\n\
         name = { en = \"Coin\" }\nscripts = \"scripts\"\nrequires = [\"base\"]\n\n\
         [[adventurer]]\nid = \"gambler\"\nhp = 3\nequipment = [\"coin\"]\nname = { en = \"Gambler\" }\n\n\
         [[equipment]]\nid = \"coin\"\nname = { en = \"Coin\" }\ntext = { en = \"Heads, the monster is defeated.\" }\nscript = \"coin.lua\"\n",
    )
    .unwrap();
    dir
}

/// Makes the coin pack's tile count to `count` at every reveal (a heavy hook, legal in
/// play under 2,000,000), then do `then`.
fn count_on_reveal(dir: &Path, count: u32, then: &str) {
    let script = format!(
        "return {{ on_reveal = function(ctx, m)\n  local n = 0\n  for i = 1, {count} do n = n + i end\n  {then}\nend }}\n"
    );
    std::fs::write(dir.join("scripts/coin.lua"), script).unwrap();
}

/// `dungeon --lang LANG --pack` the coin pack in `dir`, its command still to give.
fn with_coin(dir: &Path, lang: &str) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_dungeon"));
    command
        .args(["--lang", lang, "--pack"])
        .arg(dir.join("coin.toml"));
    command
}

/// What `command` printed, having exited with 0.
fn succeeded(mut command: Command) -> String {
    let out = command.output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A card's random numbers cannot be weighed by the exact search, which gave each
/// analysis the same numbers (from a fixed seed): a coin that came up heads there showed
/// 100% (or tails, 0%) whatever play would deal. The odds are estimated from sampled
/// dungeons, each with a generator of its own, and the output says so.
#[test]
fn odds_of_a_card_that_draws_random_numbers_are_sampled_and_said_so() {
    let dir = coin_pack("coin");
    let run = |json: bool| {
        let mut command = with_coin(&dir, "en");
        command
            .args(["odds", "--packs", "base,coin", "--adventurer", "gambler"])
            .args(["--dungeon", "1", "--known", "dragon"]);
        if json {
            command.arg("--json");
        }
        succeeded(command)
    };
    let out = run(true);
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    let p = v["probability"].as_f64().unwrap();
    assert!((0.45..=0.55).contains(&p), "a coin flip, not {p}: {out}");
    assert_eq!(v["exact"], false, "{out}");
    assert_eq!(v["samples"].as_u64(), Some(2000), "{out}");
    assert!(v["fraction"].is_null(), "{out}");
    let text = run(false);
    assert!(
        text.contains("Estimated from 2000 sampled dungeons") && text.contains("random numbers"),
        "{text}"
    );
    assert_eq!(run(true), out, "the same figures when asked again");
    let _ = std::fs::remove_dir_all(dir);
}

/// A tile whose hook stays under its per-call step budget but is heavy (a long loop at
/// every reveal) made `dungeon odds` search for most of a minute. The exact search now
/// stops once the scripts have taken the work it may spend (`--work`), and the odds are
/// estimated from as many sampled dungeons as the same work again allows, said so.
#[test]
fn odds_with_heavy_hooks_stop_at_their_work_and_say_so() {
    let dir = coin_pack("heavy");
    count_on_reveal(&dir, 20000, "if m.strength <= 2 then ctx.defeat() end");
    let out = with_coin(&dir, "en")
        .args(["odds", "--packs", "base,coin", "--adventurer", "gambler"])
        .args(["--dungeon", "5", "--work", "2000000", "--json"])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_str(&stdout).expect("json");
    assert_eq!(v["exact"], false, "{stdout}");
    assert_eq!(v["sampled_because"], "work", "{stdout}");
    // About 20,000 steps a reveal, 2,000,000 steps: some tens of dungeons, not 2,000.
    let samples = v["samples"].as_u64().unwrap();
    assert!((5..200).contains(&samples), "{stdout}");
    let _ = std::fs::remove_dir_all(dir);
}

/// `dungeon check` measures the pack's hooks in games of random bots and reports each
/// one's cost in steps; one that takes most of a call's budget gets a warning naming the
/// card and the hook (in the player's language), a cheap one none.
#[test]
fn check_reports_what_each_hook_costs_and_warns_about_heavy_ones() {
    let dir = coin_pack("check-costs");
    let check = |lang: &str| {
        let mut command = Command::new(env!("CARGO_BIN_EXE_dungeon"));
        command
            .args(["--lang", lang, "check"])
            .arg(dir.join("coin.toml"));
        succeeded(command)
    };
    let light = check("en");
    assert!(
        light.contains("coin on_reveal: ") && light.contains("0 warnings"),
        "{light}"
    );
    count_on_reveal(&dir, 1_500_000, "");
    let heavy = check("en");
    assert!(
        heavy.contains("coin.toml:")
            && heavy.contains("card `coin`: hook `on_reveal` took up to 15")
            && heavy.contains("1 warning"),
        "{heavy}"
    );
    let spanish = check("es");
    assert!(
        spanish.contains("carta `coin`: el hook `on_reveal` llegó a 15"),
        "{spanish}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// `dungeon sim` says (on stderr, in the player's language) which cards the bots play
/// blind because their hooks are too heavy to think about; a light pack gets no such line.
#[test]
fn sim_says_which_cards_are_too_heavy_for_the_bots() {
    let dir = coin_pack("sim-heavy");
    let sim = || {
        with_coin(&dir, "es")
            .args([
                "sim",
                "-n",
                "2",
                "--packs",
                "base,coin",
                "--bots",
                "random",
                "--quiet",
            ])
            .output()
            .unwrap()
    };
    let light = sim();
    assert_eq!(light.status.code(), Some(0));
    assert!(!String::from_utf8_lossy(&light.stderr).contains("a ciegas"));
    count_on_reveal(&dir, 1_500_000, "");
    let heavy = sim();
    let stderr = String::from_utf8_lossy(&heavy.stderr);
    assert_eq!(heavy.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("carta `coin`: el hook `on_reveal` llegó a 15")
            && stderr.contains("a ciegas"),
        "{stderr}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// A hook past the analysis step budget at every reveal: no dungeon can be played for the
/// odds, and `dungeon odds` says so (and where to see the costs) instead of a figure.
#[test]
fn odds_too_heavy_to_estimate_say_so() {
    let dir = coin_pack("too-heavy");
    count_on_reveal(&dir, 1_900_000, "");
    let out = with_coin(&dir, "en")
        .args([
            "odds",
            "--packs",
            "base,coin",
            "--adventurer",
            "gambler",
            "--dungeon",
            "2",
        ])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("take too much work for these odds") && stderr.contains("dungeon check"),
        "{stderr}"
    );
    let _ = std::fs::remove_dir_all(dir);
}
