//! The audit (`dungeon_audit`) is not vacuous: a finished game passes it, and each
//! kind of tampering with the events or the state is caught, by the check meant to catch
//! it (each case names the start of the message it expects).

use dungeon_audit::{Audit, AuditFacts};
use dungeon_bots::{BotKind, play_game};
use dungeon_engine::action::CardRef;
use dungeon_engine::event::{DamageChange, DefeatCause};
use dungeon_engine::ids::TileId;
use dungeon_engine::{Engine, Event, GameState};
use dungeon_tests::{audit_facts, bots, varied_options};
use std::sync::Arc;

/// A random-bot game at `players` seats.
fn game(engine: &mut Engine, players: u8, seed: u64) -> (Vec<Event>, GameState) {
    let mut bots = bots(&[BotKind::Random], seed, players);
    let mut events = Vec::new();
    let end = play_game(
        engine,
        varied_options(players, seed),
        seed,
        &mut bots,
        &mut events,
        |_, _| Ok(()),
    )
    .expect("game");
    (events, end)
}

/// Something a game's events must show.
type Wanted<'a> = &'a dyn Fn(&[Event]) -> bool;

/// The first game (by seed) whose events satisfy every predicate.
fn find_game(engine: &mut Engine, players: u8, wanted: &[Wanted]) -> (Vec<Event>, GameState) {
    (0..5_000)
        .map(|seed| game(engine, players, seed))
        .find(|(events, _)| wanted.iter().all(|w| w(events)))
        .expect("such a game within 5000 seeds")
}

fn has(f: fn(&Event) -> bool) -> impl Fn(&[Event]) -> bool {
    move |events: &[Event]| events.iter().any(f)
}

/// Every problem the audit reports about `events` ending in `state`.
fn problems(facts: &Arc<AuditFacts>, events: &[Event], state: &GameState) -> Vec<String> {
    let mut audit = Audit::new(facts.clone(), state.players.len() as u8);
    let mut problems = Vec::new();
    let fatal = audit.check_collect(state, events, &mut problems);
    fatal.err().into_iter().chain(problems).collect()
}

/// A tampered copy of a game, and the start of the message that must report it.
struct Case {
    expected: &'static str,
    events: Vec<Event>,
    state: GameState,
}

/// `events` with the first event `f` changes changed.
fn edit(events: &[Event], f: impl Fn(&mut Event) -> bool) -> Vec<Event> {
    let mut events = events.to_vec();
    assert!(events.iter_mut().any(f), "nothing to tamper with");
    events
}

/// `events` with `new` inserted after the first event `at` accepts.
fn insert_after(events: &[Event], at: impl Fn(&Event) -> bool, new: Event) -> Vec<Event> {
    let mut events = events.to_vec();
    let i = events.iter().position(at).expect("a place to insert");
    events.insert(i + 1, new);
    events
}

fn check_cases(facts: &Arc<AuditFacts>, cases: Vec<Case>) {
    for (i, case) in cases.into_iter().enumerate() {
        let all = problems(facts, &case.events, &case.state);
        assert!(
            all.iter().any(|p| p.starts_with(case.expected)),
            "tampering #{i} not caught as `{}`: {all:?}",
            case.expected
        );
    }
}

#[test]
fn the_audit_catches_tampering() {
    let mut engine = dungeon_tests::engine(&["base"]);
    let facts = audit_facts(&mut engine);
    // A 3-player game with damage, an HP change and a failure in it.
    let (events, end) = find_game(
        &mut engine,
        3,
        &[
            &has(|e| matches!(e, Event::Damaged { .. })),
            &has(|e| matches!(e, Event::HpChanged { .. })),
            &has(|e| matches!(e, Event::Failure { .. })),
            &|events: &[Event]| {
                events.windows(2).any(|w| {
                    matches!(w[0], Event::Damaged { .. }) && matches!(w[1], Event::Revealed { .. })
                })
            },
        ],
    );
    assert_eq!(problems(&facts, &events, &end), Vec::<String>::new());
    let same = |expected, events| Case {
        expected,
        events,
        state: end.clone(),
    };
    let state = |expected, f: &dyn Fn(&mut GameState)| {
        let mut s = end.clone();
        f(&mut s);
        Case {
            expected,
            events: events.clone(),
            state: s,
        }
    };
    let cases = vec![
        same(
            "hp:",
            edit(&events, |e| match e {
                Event::Damaged { hp, .. } => {
                    *hp += 1;
                    true
                }
                _ => false,
            }),
        ),
        same(
            "hp:",
            edit(&events, |e| match e {
                Event::HpChanged { delta, .. } => {
                    *delta += 1;
                    true
                }
                _ => false,
            }),
        ),
        same(
            "hp:",
            edit(&events, |e| match e {
                Event::Entered { hp, .. } => {
                    *hp += 1;
                    true
                }
                _ => false,
            }),
        ),
        same(
            "hp:",
            edit(&events, |e| match e {
                Event::Failure { hp, .. } => {
                    *hp -= 1;
                    true
                }
                _ => false,
            }),
        ),
        // A success with HP left told as a failure.
        same(
            "outcome:",
            edit(&events, |e| match *e {
                Event::Success {
                    seat,
                    hp,
                    successes,
                } if hp > 0 => {
                    *e = Event::Failure {
                        seat,
                        hp,
                        failures: successes,
                    };
                    true
                }
                _ => false,
            }),
        ),
        state("counters:", &|s| s.players[0].failures += 1),
        state("counters:", &|s| s.round += 1),
        same(
            "counters:",
            edit(&events, |e| match e {
                Event::RoundStarted { round, .. } if *round > 1 => {
                    *round += 1;
                    true
                }
                _ => false,
            }),
        ),
        same(
            "win:",
            events
                .iter()
                .filter(|e| !matches!(e, Event::Won { .. }))
                .cloned()
                .collect(),
        ),
        state("win:", &|s| s.winner = s.winner.map(|w| (w + 1) % 3)),
        same(
            "win:",
            edit(&events, |e| match e {
                Event::Won { seat } => {
                    *seat = (*seat + 1) % 3;
                    true
                }
                _ => false,
            }),
        ),
        state("invariants:", &|s| {
            let card = s.deck.pop().or_else(|| s.discard.pop()).expect("a card");
            s.dungeon.push(card);
            s.dungeon.push(card);
        }),
        // Consistent for `invariants` (every card in one place), but one card short.
        state("cards:", &|s| {
            let last = s.cards.len() - 1;
            s.cards.pop();
            for pile in [&mut s.deck, &mut s.dungeon, &mut s.discard] {
                pile.retain(|c| c.ix() < last);
            }
            for p in s.players.iter_mut() {
                p.set_aside.retain(|(c, _)| c.ix() < last);
            }
        }),
        // Cards against the packs: a card dealt as another monster than the packs' copies.
        state("cards: the game has", &|s| {
            let other = s.cards.iter().copied().find(|&m| m != s.cards[0]).unwrap();
            s.cards[0] = other;
        }),
        // Damage against strength: a monster no tile changes deals exactly its strength.
        same(
            "damage:",
            edit(&events, |e| match e {
                Event::Damaged { amount, hp, .. } => {
                    *amount += 1;
                    *hp -= 1;
                    true
                }
                _ => false,
            }),
        ),
        // ...and deals it unless defeated: a damage left out.
        same("damage:", {
            let mut events = events.clone();
            let i = (0..events.len() - 1)
                .find(|&i| {
                    matches!(events[i], Event::Damaged { .. })
                        && matches!(events[i + 1], Event::Revealed { .. })
                })
                .expect("a damage followed by a reveal");
            events.remove(i);
            events
        }),
        // A change to the damage credited to a tile that changes no damage (no base tile
        // has a damage hook), the damage and HP following it.
        same(
            "damage: a change",
            edit(&events, |e| match e {
                Event::Damaged {
                    changes,
                    amount: amount @ 1..,
                    hp,
                    ..
                } => {
                    changes.push(DamageChange {
                        tile: TileId(0),
                        delta: -1,
                    });
                    *amount -= 1;
                    *hp += 1;
                    true
                }
                _ => false,
            }),
        ),
        // A forced success told for a run that survived anyway.
        same("outcome: a success forced", {
            let mut events = events.clone();
            let i = events
                .iter()
                .position(|e| matches!(e, Event::Success { hp: 1.., .. }))
                .expect("a success with HP left");
            let by = CardRef::Monster(dungeon_engine::MonsterId(0));
            events.insert(i, Event::SuccessForced { by });
            events
        }),
        // The standings after the win are the counters the events told.
        same(
            "win: the standings",
            edit(&events, |e| match e {
                Event::Standings { players } => {
                    players[0].failures += 1;
                    true
                }
                _ => false,
            }),
        ),
        same(
            "win: no standings",
            events
                .iter()
                .filter(|e| !matches!(e, Event::Standings { .. }))
                .cloned()
                .collect(),
        ),
        same("win: an event after Won", {
            let mut events = events.clone();
            events.push(events.last().expect("an event").clone());
            events
        }),
        // The strength revealed is the pack's, for a monster that sets no identity.
        same(
            "reveal:",
            edit(&events, |e| match e {
                Event::Revealed {
                    strength: Some(s), ..
                } => {
                    *s += 1;
                    true
                }
                _ => false,
            }),
        ),
        // A monster defeated by a tile the runner did not take in.
        same("defeat:", {
            let taken: Vec<Vec<TileId>> = events
                .iter()
                .filter_map(|e| match e {
                    Event::Entered { tiles, .. } => Some(tiles.to_vec()),
                    _ => None,
                })
                .collect();
            let mut run = 0;
            let mut events = events.clone();
            let changed = events.iter_mut().any(|e| match e {
                Event::Entered { .. } => {
                    run += 1;
                    false
                }
                Event::Defeated {
                    by: DefeatCause::Tile(t),
                    ..
                } => match (0..facts.catalog.tiles.len() as u16)
                    .map(TileId)
                    .find(|x| !taken[run - 1].contains(x))
                {
                    Some(other) => {
                        *t = other;
                        true
                    }
                    None => false,
                },
                _ => false,
            });
            assert!(changed, "no defeat by a tile to tamper with");
            events
        }),
    ];
    check_cases(&facts, cases);

    // The cards never change during the game.
    let mut audit = Audit::new(facts.clone(), 3);
    audit
        .check(&end, &events)
        .expect("the untouched game passes");
    let mut changed = end.clone();
    let last = changed.cards.len() - 1;
    changed.cards.swap(0, last);
    let found = audit.check(&changed, &events).unwrap_err();
    assert!(
        found.starts_with("cards: the monster cards changed"),
        "{found}"
    );
}

#[test]
fn the_audit_catches_a_wrong_end_of_the_game() {
    let mut engine = dungeon_tests::engine(&["base"]);
    let facts = audit_facts(&mut engine);
    let second_failure = |e: &Event| matches!(e, Event::Failure { failures: 2, .. });
    let (events, end) = find_game(&mut engine, 3, &[&has(second_failure)]);
    assert_eq!(problems(&facts, &events, &end), Vec::<String>::new());
    let first_failure = |e: &Event| matches!(e, Event::Failure { failures: 1, .. });
    let seat_of = |e: &Event| match e {
        Event::Failure { seat, .. } => *seat,
        _ => unreachable!(),
    };
    let first = events.iter().find(|e| first_failure(e)).map(seat_of);
    let mut cases = vec![
        // Not eliminated at the second failure.
        Case {
            expected: "elimination:",
            events: events
                .iter()
                .filter(|e| !matches!(e, Event::Eliminated { .. }))
                .cloned()
                .collect(),
            state: end.clone(),
        },
        // Eliminated at the first.
        Case {
            expected: "elimination:",
            events: insert_after(
                &events,
                first_failure,
                Event::Eliminated {
                    seat: first.unwrap(),
                },
            ),
            state: end.clone(),
        },
    ];

    // Won by two successes: the game ends there, nothing comes after.
    let second_success = |e: &Event| matches!(e, Event::Success { successes: 2, .. });
    let (events, end) = find_game(&mut engine, 2, &[&has(second_success)]);
    assert_eq!(problems(&facts, &events, &end), Vec::<String>::new());
    let adventurer = events
        .iter()
        .find_map(|e| match e {
            Event::RoundStarted { adventurer, .. } => Some(*adventurer),
            _ => None,
        })
        .unwrap();
    cases.push(Case {
        expected: "win: seat",
        events: insert_after(
            &events,
            second_success,
            Event::AdventurerChosen {
                seat: None,
                adventurer,
            },
        ),
        state: end.clone(),
    });
    // Not won at the second success.
    cases.push(Case {
        expected: "win: seat",
        events: events
            .iter()
            .filter(|e| !matches!(e, Event::Won { .. }))
            .cloned()
            .collect(),
        state: end.clone(),
    });
    check_cases(&facts, cases);
}

#[test]
fn the_audit_checks_the_revived_hp() {
    let mut engine = dungeon_tests::engine(&["base"]);
    let facts = audit_facts(&mut engine);
    let revived = |e: &Event| matches!(e, Event::Revived { .. });
    let (events, end) = find_game(&mut engine, 2, &[&has(revived)]);
    assert_eq!(problems(&facts, &events, &end), Vec::<String>::new());
    let at = events.iter().position(revived).unwrap();
    let cases = vec![
        // Revived to another HP than the reviving effect set.
        Case {
            expected: "revive:",
            events: edit(&events, |e| match e {
                Event::Revived { hp, .. } => {
                    *hp += 1;
                    true
                }
                _ => false,
            }),
            state: end.clone(),
        },
        // Its HP change told otherwise than the HP it reached.
        Case {
            expected: "revive:",
            events: edit(&events, |e| match e {
                Event::Revived { gained, .. } => {
                    *gained += 1;
                    true
                }
                _ => false,
            }),
            state: end.clone(),
        },
        // Brought back by another card than the one credited: the revival is one event,
        // so another card's change that brought HP above 0 comes before it.
        Case {
            expected: "revive: a revival at",
            events: {
                let mut events = events.clone();
                let Event::Revived { hp, gained, .. } = events[at] else {
                    unreachable!()
                };
                let lift = Event::HpChanged {
                    by: CardRef::Monster(dungeon_engine::MonsterId(0)),
                    delta: gained,
                    hp,
                };
                events.insert(at, lift);
                events
            },
            state: end.clone(),
        },
    ];
    check_cases(&facts, cases);
}

/// Every answer follows the question it answers, and a script's log line comes from a card
/// in play and names a message of its pack.
#[test]
fn the_audit_checks_questions_and_log_lines() {
    let mut engine = dungeon_tests::engine(&["base"]);
    let facts = audit_facts(&mut engine);
    let answered = |e: &Event| matches!(e, Event::Answered { .. });
    let (events, end) = find_game(&mut engine, 2, &[&has(answered)]);
    assert_eq!(problems(&facts, &events, &end), Vec::<String>::new());
    let asked = events
        .iter()
        .position(|e| matches!(e, Event::Asked { .. }))
        .expect("the question before the answer");
    let taken = events
        .iter()
        .find_map(|e| match e {
            Event::Entered { tiles, .. } if !tiles.is_empty() => Some(tiles.clone()),
            _ => None,
        })
        .expect("a run with tiles");
    let entered = events
        .iter()
        .position(|e| matches!(e, Event::Entered { tiles, .. } if *tiles == taken))
        .unwrap();
    let not_taken = (0..facts.catalog.tiles.len() as u16)
        .map(TileId)
        .find(|t| !taken.contains(t))
        .unwrap();
    let line = |tile: TileId, key: &str| Event::Logged {
        card: CardRef::Tile(tile),
        key: key.into(),
        args: Vec::new(),
    };
    // The base pack's one message.
    let message = "healing_potion_use";
    let cases = vec![
        // An answer to a question never told.
        Case {
            expected: "question:",
            events: {
                let mut events = events.clone();
                events.remove(asked);
                events
            },
            state: end.clone(),
        },
        // A question told and never answered.
        Case {
            expected: "question:",
            events: events.iter().filter(|e| !answered(e)).cloned().collect(),
            state: end.clone(),
        },
        // The answer to another card's question.
        Case {
            expected: "question:",
            events: edit(&events, |e| match e {
                Event::Asked { asker, .. } => {
                    *asker = CardRef::Monster(dungeon_engine::MonsterId(0));
                    true
                }
                _ => false,
            }),
            state: end.clone(),
        },
        // A line from a tile the runner did not take in.
        Case {
            expected: "log:",
            events: insert_after(&events, |e| *e == events[entered], line(not_taken, message)),
            state: end.clone(),
        },
        // A line naming no message of its pack.
        Case {
            expected: "log:",
            events: insert_after(&events, |e| *e == events[entered], line(taken[0], "nope")),
            state: end.clone(),
        },
    ];
    // A line from a tile taken in, naming a message of the base pack: accepted.
    let base_tile = taken
        .iter()
        .copied()
        .find(|&t| {
            facts
                .catalog
                .message(facts.catalog.tile(t).info.pack, message)
                .is_some()
        })
        .expect("a base tile");
    let fine = insert_after(&events, |e| *e == events[entered], line(base_tile, message));
    assert_eq!(problems(&facts, &fine, &end), Vec::<String>::new());
    check_cases(&facts, cases);
}

#[test]
fn the_audit_checks_the_special_monsters_against_the_packs() {
    let mut engine = dungeon_tests::engine(&["base", "sequel"]);
    let facts = audit_facts(&mut engine);
    let (events, end) = game(&mut engine, 2, 7);
    assert_eq!(problems(&facts, &events, &end), Vec::<String>::new());
    let announced = events
        .iter()
        .find_map(|e| match e {
            Event::GameStarted { specials, .. } => Some(specials.clone()),
            _ => None,
        })
        .unwrap();
    assert!(
        !announced.is_empty(),
        "the sequel puts special monsters in play"
    );
    let other = facts
        .catalog
        .special_monsters()
        .find(|m| !announced.contains(m))
        .expect("a special monster not in play");
    let cases = vec![
        // More special monsters than the rules put in play.
        Case {
            expected: "cards: 2 special monsters in the game, the rules put 1",
            events: events.clone(),
            state: {
                let mut s = end.clone();
                std::sync::Arc::make_mut(&mut s.options).specials_in_play = Some(1);
                s
            },
        },
        // Not the ones the game announced.
        Case {
            expected: "cards: the game announced",
            events: edit(&events, |e| match e {
                Event::GameStarted { specials, .. } => {
                    specials[0] = other;
                    true
                }
                _ => false,
            }),
            state: end.clone(),
        },
    ];
    check_cases(&facts, cases);
}
