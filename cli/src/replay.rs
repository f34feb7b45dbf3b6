//! `dungeon replay FILE`: a recorded game (or a save) shown step by step. The record is
//! checked first, as a save is on loading (the same packs and rules, every decision legal
//! when its turn comes, the stored state where the decisions lead); then each numbered
//! decision is shown with who made it, followed by its events as `dungeon play` prints
//! them. `--seat S` shows the game as seat S saw it: others' draws hidden, the table from
//! S's view. `--to N` stops after decision N and shows the table then.

use crate::saves::{self as save, FileKind};
use crate::text::render::{self, Seats};
use crate::text::{Text, tr};
use clap::Args;
use dungeon_engine::action::Action;
use dungeon_engine::catalog::PackLibrary;
use dungeon_engine::event::Event;
use dungeon_engine::ids::{CardId, Seat};
use dungeon_engine::lang::Lang;
use dungeon_engine::printable::escape_line;
use dungeon_engine::state::GameState;
use dungeon_records::Replay;
use std::process::ExitCode;

#[derive(Args)]
pub struct ReplayArgs {
    /// The game record (`dungeon play --record`, `dungeon sim --record`) or save to show.
    file: String,
    /// Stop after decision N and show the table at that point (0: before the first).
    #[arg(long, value_name = "N")]
    to: Option<usize>,
    /// Show only what seat S (1 for the first seat) could know.
    #[arg(long, value_name = "S")]
    seat: Option<usize>,
}

/// `dungeon replay FILE` for a kept game of a worded game.
struct WordedReplay<'a> {
    lang: Lang,
    args: &'a ReplayArgs,
    seat: Option<u8>,
}

impl crate::games::WithWorded for WordedReplay<'_> {
    type Out = Result<ExitCode, String>;

    fn with<G: dungeon_core::Worded + Default + Send + Sync + 'static>(
        self,
        game: &G,
    ) -> Self::Out {
        let path = std::path::Path::new(&self.args.file);
        let mut out = std::io::stdout().lock();
        crate::games::table::replay(self.lang, game, path, self.seat, self.args.to, &mut out)
    }
}

pub fn run(library: &PackLibrary, lang: Lang, args: ReplayArgs) -> Result<ExitCode, String> {
    // A kept game of another game says which (`"game": "mazmorra"`).
    let other = crate::games::table::kept_game_id(std::path::Path::new(&args.file))
        .and_then(|id| crate::games::GameChoice::by_id(&id));
    if let Some(choice) = other.filter(|&g| g != crate::games::GameChoice::Dungeon) {
        let seat = args.seat.map(|s| s.saturating_sub(1) as u8);
        if choice == crate::games::GameChoice::Mazmorra {
            return crate::games::mazmorra::replay(lang, &args.file, seat, args.to);
        }
        let job = WordedReplay {
            lang,
            args: &args,
            seat,
        };
        return choice
            .worded(job)
            .expect("every game but the first is worded or has its own replay");
    }
    let mut game = save::open(library, lang, &args.file, FileKind::Record)?;
    let count = game.record.decisions.len();
    let players = game.record.seats.len();
    let seat: Option<Seat> = match args.seat {
        None => None,
        Some(s) if (1..=players).contains(&s) => Some((s - 1) as Seat),
        Some(s) => {
            let a = [("seat", s.into()), ("players", players.into())];
            return Err(tr(lang, "replay-bad-seat", &a));
        }
    };
    if let Some(n) = args.to.filter(|&n| n > count) {
        let a = [("to", n.into()), ("count", count.into())];
        return Err(tr(lang, "replay-bad-to", &a));
    }
    let text = Text::new(lang, &game.catalog);
    let names = Seats::new(lang, &game.record.seats, false);
    let path = escape_line(&args.file).into_owned();
    println!("{}", text.t("replay-title", &[("path", path.into())]));
    let packs = escape_line(&game.catalog.pack_list()).into_owned();
    println!("{}", text.t("play-packs", &[("packs", packs.into())]));
    println!(
        "{}",
        text.t(
            "replay-seed",
            &[("seed", game.record.seed.to_string().into())]
        )
    );
    println!(
        "{}",
        text.t("replay-seats", &[("seats", names.names.join(", ").into())])
    );
    if let Some(s) = seat {
        println!(
            "{}",
            text.t("replay-as-seat", &[("name", names.name(s).into())])
        );
    }
    let show = |events: &[Event]| {
        for e in events {
            let shown = match seat {
                Some(s) => e.seen_by(s),
                None => e.clone(),
            };
            if let Some(line) = render::event(&text, &names, seat, &shown) {
                println!("{line}");
            }
        }
    };
    let refused = |e| save::describe(lang, &args.file, FileKind::Record, &e);
    let mut events = Vec::new();
    let mut replay = Replay::start(&mut game.engine, &game.record, &mut events).map_err(refused)?;
    show(&events);
    let last = args.to.unwrap_or(count);
    for _ in 0..last {
        events.clear();
        let Some(step) = replay
            .step(&mut game.engine, &mut events)
            .map_err(refused)?
        else {
            break;
        };
        println!(
            "\n{}",
            decision(&text, &names, step.number, step.seat, step.action)
        );
        show(&events);
    }
    let state = replay.state();
    if args.to.is_some() {
        println!("\n{}", text.t("replay-table", &[("number", last.into())]));
        let lines = match seat {
            Some(s) => render::status(
                &text,
                &names,
                &dungeon_engine::View::new(state, s).snapshot(),
            ),
            None => table(&text, &names, state),
        };
        for line in lines {
            println!("{line}");
        }
    } else if state.is_over() {
        println!("\n{}", text.t("replay-end", &[("count", count.into())]));
    } else {
        println!(
            "\n{}",
            text.t("replay-unfinished", &[("count", count.into())])
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// The whole table, hidden cards included, for a replay watched by nobody in particular:
/// what everyone sees, then each player's secrets and the dungeon's cards.
fn table(text: &Text, seats: &Seats, state: &GameState) -> Vec<String> {
    let view = dungeon_engine::View::new(state, 0).snapshot();
    let mut out = render::public_status(text, seats, &view);
    let monster = |c: CardId| state.cards.get(c.ix()).map(|&m| text.monster(m));
    let list = |cards: &mut dyn Iterator<Item = CardId>| {
        cards.filter_map(monster).collect::<Vec<_>>().join(", ")
    };
    for (i, p) in state.players.iter().enumerate() {
        let name = || ("name", seats.name(i as Seat).into());
        if !p.added.is_empty() {
            let cards = list(&mut p.added.iter().copied());
            out.push(text.t("replay-added", &[name(), ("cards", cards.into())]));
        }
        if !p.set_aside.is_empty() {
            let cards = list(&mut p.set_aside.iter().map(|&(c, _)| c));
            out.push(text.t("replay-set-aside", &[name(), ("cards", cards.into())]));
        }
    }
    if let Some((seat, card)) = state.drawn() {
        let cards = list(&mut std::iter::once(card));
        out.push(text.t(
            "replay-holds",
            &[("name", seats.name(seat).into()), ("cards", cards.into())],
        ));
    }
    if !state.dungeon.is_empty() {
        let cards = list(&mut state.dungeon.iter().rev().copied());
        out.push(text.t("replay-dungeon", &[("cards", cards.into())]));
    }
    out
}

/// A decision of a replay, numbered: who chose what, in words any seat may read (the
/// card a bidder holds is not named).
fn decision(text: &Text, seats: &Seats, number: usize, seat: Seat, action: Action) -> String {
    let what = match action {
        Action::Draw => text.t("replay-draw", &[]),
        Action::Pass => text.t("replay-pass", &[]),
        Action::AddToDungeon => text.t("replay-add", &[]),
        Action::SetAside(t) => text.t("replay-aside", &[("tile", text.tile(t).into())]),
        Action::ChooseAdventurer(a) => text.t(
            "replay-adventurer",
            &[("adventurer", text.adventurer(a).into())],
        ),
        Action::Answer(a) => text.t(
            "replay-answer",
            &[("answer", (text.answer(a, |s| seats.name(s))).into())],
        ),
    };
    text.t(
        "replay-decision",
        &[
            ("number", number.into()),
            ("name", seats.name(seat).into()),
            ("action", what.into()),
        ],
    )
}
