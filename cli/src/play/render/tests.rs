//! The log's lines: each kind of event in the three languages, and whole games as a
//! spectator and as a player read them (insta snapshots).

use super::Seats;
use super::event;
use crate::text::Text;
use dungeon_bots::{BotKind, play_game, seat_seed};
use dungeon_engine::action::CardRef;
use dungeon_engine::catalog::Catalog;
use dungeon_engine::event::{DamageChange, Event, LogArg, Standing};
use dungeon_engine::ids::Seat;
use dungeon_engine::lang::Lang;
use dungeon_engine::{Engine, GameOptions};
use dungeon_records::SeatRecord;
use std::sync::Arc;

fn catalog(packs: &str) -> Arc<Catalog> {
    let library = crate::packs::library(Lang::En, &[], None).expect("the built-in packs");
    crate::packs::catalog(Lang::En, &library, packs).expect("packs that play together")
}

fn seats(lang: Lang, players: usize) -> Seats {
    let records: Vec<SeatRecord> = (0..players)
        .map(|i| SeatRecord {
            name: if i == 0 { "Ada".into() } else { String::new() },
            bot: (i > 0).then(|| "novice".to_string()),
        })
        .collect();
    Seats::new(lang, &records, true)
}

/// The line(s) of one event for `viewer`, in `lang`.
fn line(lang: Lang, catalog: &Catalog, viewer: Option<Seat>, e: &Event) -> String {
    let text = Text::new(lang, catalog);
    event(
        &text,
        &seats(lang, 3),
        viewer,
        &e.seen_by(viewer.unwrap_or(Seat::MAX)),
    )
    .unwrap_or_default()
}

fn in_all(catalog: &Catalog, e: &Event) -> [String; 3] {
    Lang::ALL.map(|lang| line(lang, catalog, None, e))
}

#[test]
fn a_damage_names_each_tile_that_changed_it() {
    let cat = catalog("base,sequel");
    let golem = cat.find_monster("golem").unwrap();
    let crown = cat.find_tile("family_crown").unwrap();
    let harp = cat.find_tile("elven_harp").unwrap();
    let e = |changes: Vec<DamageChange>, amount| Event::Damaged {
        card: dungeon_engine::ids::CardId(0),
        monster: golem,
        strength: Some(5),
        changes,
        amount,
        hp: 2,
    };
    let less = |tile, delta| DamageChange { tile, delta };
    assert_eq!(
        in_all(&cat, &e(vec![less(crown, -2)], 3)),
        [
            "  Golem deals 3 damage (5, 2 less with Family Crown). HP 2.",
            "  Gólem: 3 de daño (5, 2 menos por Corona de la familia). PV: 2.",
            "  Golem : 3 dégâts (5, 2 de moins avec Couronne familiale). PV : 2.",
        ]
    );
    // No damage is an outcome too; a raise is told as one.
    assert_eq!(
        in_all(&cat, &e(vec![less(harp, -4), less(crown, 3)], 0))[0],
        "  Golem deals no damage (5, 4 less with Elven Harp, 3 more with Family Crown). HP 2."
    );
    assert_eq!(
        in_all(&cat, &e(vec![], 0)),
        [
            "  Golem deals no damage. HP 2.",
            "  Gólem: ningún daño. PV: 2.",
            "  Golem : aucun dégât. PV : 2.",
        ]
    );
    assert_eq!(in_all(&cat, &e(vec![], 1))[2], "  Golem : 1 dégât. PV : 2.");
}

#[test]
fn monsters_show_their_strength_and_species() {
    let cat = catalog("base,sequel");
    let revealed = |id: &str, strength, species: Option<&str>| Event::Revealed {
        card: dungeon_engine::ids::CardId(0),
        monster: cat.find_monster(id).unwrap(),
        position: 2,
        strength,
        species: species.map(|s| cat.find_species(s).unwrap()),
    };
    assert_eq!(
        in_all(&cat, &revealed("goblin", Some(1), Some("goblin"))),
        [
            "Card 2: Goblin (1, goblin).",
            "Carta 2: Trasgo (1, trasgo).",
            "Carte 2 : Gobelin (1, gobelin).",
        ]
    );
    // As revealed: the Count without species, the Ally without strength.
    assert_eq!(
        in_all(&cat, &revealed("the_count", Some(8), None))[0],
        "Card 2: The Count (8)."
    );
    assert_eq!(
        in_all(&cat, &revealed("ally", None, Some("ally")))[1],
        "Carta 2: Aliado (sin fuerza, aliado)."
    );
    // A drawn card, to the one who drew it.
    let drew = Event::Drew {
        seat: 0,
        card: Some(dungeon_engine::ids::CardId(0)),
        monster: cat.find_monster("dragon"),
    };
    assert_eq!(
        line(Lang::En, &cat, Some(0), &drew),
        "You draw a card: Dragon (9, dragon)."
    );
    assert_eq!(line(Lang::En, &cat, Some(1), &drew), "Ada draws a card.");
}

#[test]
fn the_question_comes_with_its_prompt_and_whom_it_is_for() {
    let cat = catalog("base");
    let axe = CardRef::Tile(cat.find_tile("vorpal_axe").unwrap());
    let asked = Event::Asked {
        seat: 1,
        asker: axe,
        prompt: "use_tile".into(),
        monster: cat.find_monster("orc"),
    };
    assert_eq!(
        line(Lang::En, &cat, None, &asked),
        "Question for Bot 2 (easy): Use Vorpal Axe against Orc?"
    );
    assert_eq!(
        line(Lang::En, &cat, Some(1), &asked),
        "Question for you: Use Vorpal Axe against Orc?"
    );
}

#[test]
fn a_revival_is_one_line() {
    let cat = catalog("base");
    let potion = cat.find_tile("healing_potion").unwrap();
    let shield = cat.find_tile("leather_shield").unwrap();
    let revived = |discarded| Event::Revived {
        by: potion,
        gained: 9,
        discarded,
        hp: 4,
    };
    assert_eq!(
        in_all(&cat, &revived(vec![potion])),
        [
            "  Healing Potion brings the adventurer back and is spent: HP 4.",
            "  Equipo usado: Poción de curación (se gasta). El aventurero vuelve a la vida. PV: 4.",
            "  Équipement utilisé : Potion de soin (épuisé). L'aventurier revient à la vie. PV : 4.",
        ]
    );
    assert_eq!(
        in_all(&cat, &revived(vec![shield]))[0],
        "  Healing Potion brings the adventurer back, discarding Leather Shield: HP 4."
    );
}

#[test]
fn a_scripts_line_is_its_cards_in_the_readers_language() {
    let cat = catalog("base,alchemy");
    let die = CardRef::Tile(cat.find_tile("loaded_die").unwrap());
    let logged = |key: &str, args: Vec<(&str, LogArg)>| Event::Logged {
        card: die,
        key: key.into(),
        args: args.into_iter().map(|(n, a)| (n.into(), a)).collect(),
    };
    let orc = LogArg::Species(cat.find_species("orc").unwrap());
    let e = logged(
        "loaded_die_roll",
        vec![("roll", LogArg::Number(3)), ("species", orc)],
    );
    assert_eq!(
        in_all(&cat, &e),
        [
            "  Loaded Die: rolled a 3: every Orc is defeated.",
            "  Dado trucado: sale un 3: todo monstruo de la especie Orco queda derrotado.",
            "  Dé pipé : le dé montre 3 : tout monstre de l'espèce Orc est éliminé.",
        ]
    );
    // A placeholder without its argument stays as it is; an argument is never read again
    // as a placeholder.
    let e = logged(
        "loaded_die_roll",
        vec![("roll", LogArg::Number(-7)), ("other", orc)],
    );
    assert_eq!(
        line(Lang::En, &cat, None, &e),
        "  Loaded Die: rolled a -7: every {species} is defeated."
    );
}

#[test]
fn the_standings_put_the_winner_first_and_share_places() {
    let cat = catalog("base");
    let standing = |successes, failures, eliminated, winner| Standing {
        successes,
        failures,
        eliminated,
        winner,
    };
    let e = Event::Standings {
        players: vec![
            standing(1, 0, false, false),
            standing(0, 2, true, false),
            standing(2, 1, false, true),
            standing(1, 0, false, false),
        ],
    };
    let text = Text::new(Lang::En, &cat);
    let lines = event(&text, &seats(Lang::En, 4), Some(0), &e).unwrap();
    assert_eq!(
        lines,
        "\nFinal standings:\n  1. Bot 3 (easy): 2 successes, 1 failure\n  2. Ada: 1 success, 0 failures\n  2. Bot 4 (easy): 1 success, 0 failures\n  4. Bot 2 (easy): 0 successes, 2 failures (eliminated)"
    );
}

/// A whole game of three random bots, its events.
fn whole_game(packs: &str, seed: u64) -> (Arc<Catalog>, Vec<Event>) {
    let cat = catalog(packs);
    let mut engine = Engine::new(cat.clone()).expect("an engine");
    let mut bots: Vec<_> = (0..3)
        .map(|s| BotKind::Random.create(seat_seed(seed, s)))
        .collect();
    let options = GameOptions {
        players: 3,
        ..GameOptions::default()
    };
    let mut events = Vec::new();
    play_game(
        &mut engine,
        options,
        seed,
        &mut bots,
        &mut events,
        |_, _| Ok(()),
    )
    .expect("a finished game");
    (cat, events)
}

/// The game whose log the snapshots show: its seed was picked for the variety of its
/// events, which the test checks are still there.
const SNAPSHOT_PACKS: &str = "base,sequel,alchemy";
const SNAPSHOT_SEED: u64 = 871;

#[test]
fn whole_games_read_the_same_in_three_languages() {
    let (cat, events) = whole_game(SNAPSHOT_PACKS, SNAPSHOT_SEED);
    let has = |f: fn(&Event) -> bool| events.iter().any(f);
    assert!(has(|e| matches!(e, Event::Asked { .. })));
    assert!(has(|e| matches!(e, Event::Damaged { amount: 0, .. })));
    assert!(has(
        |e| matches!(e, Event::Damaged { changes, .. } if !changes.is_empty())
    ));
    assert!(has(|e| matches!(e, Event::Logged { .. })));
    assert!(has(|e| matches!(e, Event::Standings { .. })));
    for lang in Lang::ALL {
        let text = Text::new(lang, &cat);
        let seats = seats(lang, 3);
        // As the player at seat 1 reads it, and as a spectator.
        for (viewer, who) in [(Some(0), "player"), (None, "spectator")] {
            let log: Vec<String> = events
                .iter()
                .filter_map(|e| {
                    let seen = e.seen_by(viewer.unwrap_or(Seat::MAX));
                    event(&text, &seats, viewer, &seen)
                })
                .collect();
            insta::assert_snapshot!(format!("game_{}_{who}", lang.code()), log.join("\n"));
        }
    }
}
