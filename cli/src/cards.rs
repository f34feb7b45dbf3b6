//! `dungeon cards`: the packs and their cards, with their text, then the rulings each
//! pack declares and the engine's own (their choices and defaults). The catalog holds pack
//! text with control characters escaped already; it is escaped again here, so this
//! listing stays safe for a terminal whatever the catalog holds.

use crate::packs;
use crate::text::Text;
use clap::Args;
use dungeon_engine::catalog::{DefeatRule, PackLibrary};
use dungeon_engine::lang::Lang;
use dungeon_engine::printable::escape_controls;
use std::process::ExitCode;

#[derive(Args)]
pub struct CardsArgs {
    /// Packs to show, comma-separated (default: every pack known).
    #[arg(long)]
    packs: Option<String>,
    /// The game: dungeon, mazmorra (its decks: what each rank is, the creatures' combat
    /// values, the way out) or goofspiel (its rules and options).
    #[arg(long, value_enum, default_value = "dungeon")]
    game: crate::games::GameChoice,
}

/// A worded game's rules, shortly, and its options.
struct Rules {
    lang: Lang,
}

impl crate::games::WithWorded for Rules {
    type Out = String;

    fn with<G: dungeon_core::Worded + Default + Send + Sync + 'static>(self, game: &G) -> String {
        crate::games::table::rules(self.lang, game)
    }
}

pub fn run(library: &PackLibrary, lang: Lang, args: CardsArgs) -> Result<ExitCode, String> {
    if args.game == crate::games::GameChoice::Mazmorra {
        print!("{}", crate::games::mazmorra::cards(lang));
        return Ok(ExitCode::SUCCESS);
    }
    if let Some(text) = args.game.worded(Rules { lang }) {
        print!("{text}");
        return Ok(ExitCode::SUCCESS);
    }
    let all: Vec<&str> = library.ids().collect();
    let packs = args.packs.unwrap_or_else(|| all.join(","));
    let catalog = packs::catalog(lang, library, &packs)?;
    let text = Text::new(lang, &catalog);
    let reconstructed = |r: bool| {
        if r {
            format!(" {}", text.t("play-reconstructed", &[]))
        } else {
            String::new()
        }
    };
    for (pi, pack) in catalog.packs.iter().enumerate() {
        println!(
            "== {} ({} {}) ==",
            shown(pack.name.get(lang)),
            shown(&pack.id),
            shown(&pack.version)
        );
        if !pack.description.is_empty() {
            println!("{}", shown(pack.description.get(lang)));
        }
        println!();
        for a in catalog
            .adventurers
            .iter()
            .filter(|a| a.info.pack.ix() == pi)
        {
            println!(
                "{} [{}] — {}{}",
                shown(a.info.name.get(lang)),
                shown(&a.info.id),
                text.t("cards-hp", &[("hp", a.hp.into())]),
                reconstructed(a.info.reconstructed)
            );
            for &t in &a.tiles {
                let tile = catalog.tile(t);
                let mut tags = Vec::new();
                if tile.hp != 0 {
                    tags.push(text.t("cards-hp", &[("hp", format!("{:+}", tile.hp).into())]));
                }
                if tile.once {
                    tags.push(text.t("cards-once", &[]));
                }
                let tags = if tags.is_empty() {
                    String::new()
                } else {
                    format!(" ({})", tags.join(", "))
                };
                let name = format!(
                    "{} [{}]{tags}",
                    shown(tile.info.name.get(lang)),
                    shown(&tile.info.id)
                );
                let line = text.t(
                    "cards-tile",
                    &[
                        ("tile", name.into()),
                        (
                            "text",
                            shown(&text.card_text(&tile.info)).into_owned().into(),
                        ),
                    ],
                );
                println!("  - {line}{}", reconstructed(tile.info.reconstructed));
            }
            println!();
        }
        let monsters: Vec<_> = catalog
            .monsters
            .iter()
            .filter(|m| m.info.pack.ix() == pi)
            .collect();
        if !monsters.is_empty() {
            println!("{}", text.t("cards-monsters", &[]));
            for m in monsters {
                let strength = m.strength.map_or("-".to_string(), |s| s.to_string());
                let special = if m.special {
                    format!(" {}", text.t("cards-special", &[]))
                } else {
                    String::new()
                };
                let defeated_by: Vec<String> = catalog
                    .tiles
                    .iter()
                    .filter(|t| {
                        t.defeats
                            .iter()
                            .any(|r| rule_defeats(r, m.species, m.strength))
                    })
                    .map(|t| shown(t.info.name.get(lang)).into_owned())
                    .collect();
                let by = if defeated_by.is_empty() {
                    String::new()
                } else {
                    let tiles = defeated_by.join(", ");
                    format!(
                        " — {}",
                        text.t("cards-defeated-by", &[("tiles", tiles.into())])
                    )
                };
                println!(
                    "  {strength:>2}  {} [{}] x{}{special}{by}",
                    shown(m.info.name.get(lang)),
                    shown(&m.info.id),
                    m.copies
                );
                if !m.info.text.is_empty() {
                    println!("      {}", shown(&text.card_text(&m.info)));
                }
            }
            println!();
        }
        crate::rulings::print_pack_rulings(&text, &catalog, pi);
    }
    crate::rulings::print_engine_rulings(&text);
    Ok(ExitCode::SUCCESS)
}

/// Pack text as printed: control characters escaped.
fn shown(s: &str) -> std::borrow::Cow<'_, str> {
    escape_controls(s)
}

/// Does a data rule defeat a monster with this printed identity, whatever the HP?
fn rule_defeats(
    rule: &DefeatRule,
    species: Option<dungeon_engine::SpeciesId>,
    strength: Option<i32>,
) -> bool {
    rule.matches(species, strength, i32::MIN)
}
