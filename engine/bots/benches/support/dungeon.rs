//! The bench's one fixed dungeon (`dungeon/…` in `benches/games.rs`), shared with the
//! example that profiles it (`examples/lua_dungeon.rs`).

use dungeon_engine::action::{Answer, DecisionKind};
use dungeon_engine::hooks::HookRunner;
use dungeon_engine::state::GameState;
use dungeon_engine::{Action, Catalog, DungeonSetup, Engine, Event};

/// A Warrior with six scripted base-box tiles (hook order as listed) facing eight
/// monsters, so that every one of those scripts acts: the Vorpal Sword asks for a species
/// (golem) and defeats on each reveal, the Ring of Power gains HP, Polymorph asks and
/// swaps the Orc for the deck's Skeleton, the Demonic Pact takes the Dragon after the
/// Demon, the Healing Potion revives after the Lich, and Omnipotence turns the final death
/// into a success (no species twice).
pub const TILES: [&str; 6] = [
    "vorpal_sword",
    "ring_of_power",
    "demonic_pact",
    "polymorph",
    "healing_potion",
    "omnipotence",
];
const DUNGEON: [&str; 8] = [
    "goblin", "orc", "demon", "dragon", "golem", "vampire", "lich", "orc",
];
const DECK: [&str; 1] = ["skeleton"];
const NAMED_SPECIES: &str = "golem";

pub fn dungeon_setup(catalog: &Catalog) -> DungeonSetup {
    let monster = |id: &str| catalog.find_monster(id).expect("base monster");
    DungeonSetup {
        players: 2,
        runner: 0,
        successes: 0,
        failures: 0,
        adventurer: catalog.find_adventurer("warrior").expect("warrior"),
        tiles: TILES
            .map(|t| catalog.find_tile(t).expect("base tile"))
            .to_vec(),
        dungeon: DUNGEON.map(monster).to_vec(),
        deck: DECK.map(monster).to_vec(),
        damage_model: None,
        seed: 1,
        card_by_card: false,
        // The native Healing Potion below is used at once: the ruling's other choice asks.
        rulings: [("healing_potion".to_string(), "automatic".to_string())].into(),
    }
}

/// Resolves the dungeon, naming the golem and saying yes to every yes/no question.
pub fn run_dungeon<H: HookRunner>(
    engine: &mut Engine<H>,
    setup: &DungeonSetup,
    events: &mut Vec<Event>,
) -> GameState {
    events.clear();
    let named = engine.catalog().find_species(NAMED_SPECIES).expect("golem");
    let mut state = engine.dungeon(setup, events).expect("dungeon");
    while let Some(decision) = &state.pending {
        let DecisionKind::Question(q) = &decision.kind else {
            panic!("a single dungeon asks only questions, not {decision:?}");
        };
        let answer = if q.options.contains(&Answer::Species(named)) {
            Answer::Species(named)
        } else {
            q.options[0]
        };
        engine
            .apply(&mut state, Action::Answer(answer), events)
            .expect("answer");
    }
    state
}
