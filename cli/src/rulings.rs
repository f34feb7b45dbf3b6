//! Rulings on the command line: `--ruling ID=CHOICE` (repeatable) for `play` and `sim`,
//! checked against the packs in play, and the listing `dungeon cards` prints. The
//! designer's variant's scope is chosen the same way, under the engine's own id
//! `designer_variant`; the packs' rulings are declared by the packs (`[[ruling]]`).

use crate::text::{Arg, Text, tr};
use dungeon_engine::catalog::Catalog;
use dungeon_engine::lang::Lang;
use dungeon_engine::options::{GameOptions, RulingChoices, VARIANT_RULING, VariantScope};
use dungeon_engine::printable::{escape_controls, escape_line, truncate};

/// What `--ruling` flags chose.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Chosen {
    pub variant_scope: Option<VariantScope>,
    pub rulings: RulingChoices,
}

impl Chosen {
    /// Sets these choices in `options`.
    pub fn apply(&self, options: &mut GameOptions) {
        if let Some(scope) = self.variant_scope {
            options.variant_scope = scope;
        }
        options.rulings = self.rulings.clone();
    }
}

/// Text typed by the user, quoted in a message: one line, short.
fn quoted(s: &str) -> String {
    escape_line(&truncate(s, 64)).into_owned()
}

/// Reads `--ruling` flags (`ID=CHOICE`) against the rulings of `catalog`.
pub fn parse(lang: Lang, catalog: &Catalog, flags: &[String]) -> Result<Chosen, String> {
    let t = |key: &'static str, args: &[(&str, Arg)]| tr(lang, key, args);
    let mut chosen = Chosen::default();
    let mut seen: Vec<&str> = Vec::new();
    for flag in flags {
        let Some((id, choice)) = flag.split_once('=') else {
            return Err(t("ruling-bad-form", &[("given", quoted(flag).into())]));
        };
        let (id, choice) = (id.trim(), choice.trim());
        if seen.contains(&id) {
            return Err(t("ruling-twice", &[("id", quoted(id).into())]));
        }
        seen.push(id);
        if id == VARIANT_RULING {
            let scope = VariantScope::from_id(choice).ok_or_else(|| {
                let choices: Vec<&str> = VariantScope::ALL.iter().map(|s| s.id()).collect();
                let a = [
                    ("id", id.into()),
                    ("choice", quoted(choice).into()),
                    ("choices", choices.join(", ").into()),
                ];
                t("ruling-bad-choice", &a)
            })?;
            chosen.variant_scope = Some(scope);
            continue;
        }
        let Some(ruling) = catalog.find_ruling(id) else {
            let known: Vec<&str> = std::iter::once(VARIANT_RULING)
                .chain(catalog.rulings.iter().map(|r| r.id.as_str()))
                .collect();
            let a = [
                ("id", quoted(id).into()),
                ("known", known.join(", ").into()),
            ];
            return Err(t("ruling-unknown", &a));
        };
        if ruling.choice_index(choice).is_none() {
            let choices: Vec<&str> = ruling.choices.iter().map(|c| c.id.as_str()).collect();
            let a = [
                ("id", ruling.id.clone().into()),
                ("choice", quoted(choice).into()),
                ("choices", choices.join(", ").into()),
            ];
            return Err(t("ruling-bad-choice", &a));
        }
        chosen.rulings.insert(ruling.id.clone(), choice.to_string());
    }
    Ok(chosen)
}

/// The rulings a game plays away from their defaults, as `id=choice` (for a summary line).
pub fn summary(options: &GameOptions) -> Vec<String> {
    let mut out = Vec::new();
    if options.variant_scope != VariantScope::default() {
        out.push(format!("{VARIANT_RULING}={}", options.variant_scope.id()));
    }
    out.extend(options.rulings.iter().map(|(id, c)| format!("{id}={c}")));
    out.iter().map(|s| escape_line(s).into_owned()).collect()
}

/// One ruling as `dungeon cards` lists it.
struct Listed {
    name: String,
    id: String,
    text: String,
    source: String,
    /// (choice id, its text, whether it is the default)
    choices: Vec<(String, String, bool)>,
}

fn print(text: &Text, ruling: &Listed) {
    let shown = |s: &str| escape_controls(s).into_owned();
    println!("  {} [{}]", shown(&ruling.name), shown(&ruling.id));
    if !ruling.text.is_empty() {
        println!("      {}", shown(&ruling.text));
    }
    if !ruling.source.is_empty() {
        let source = shown(&ruling.source);
        println!(
            "      {}",
            text.t("cards-ruling-source", &[("source", source.into())])
        );
    }
    for (id, choice, default) in &ruling.choices {
        let mark = match default {
            true => format!(" ({})", text.t("cards-ruling-default", &[])),
            false => String::new(),
        };
        let choice = [
            ("choice", format!("{}{mark}", shown(id)).into()),
            ("text", shown(choice).into()),
        ];
        println!("    - {}", text.t("cards-ruling-choice", &choice));
    }
}

/// Prints the rulings pack `pack` declares (under its cards), if any.
pub fn print_pack_rulings(text: &Text, catalog: &Catalog, pack: usize) {
    let lang = text.lang;
    let mut any = false;
    for r in catalog.rulings.iter().filter(|r| r.pack.ix() == pack) {
        if !any {
            println!("{}", text.t("cards-rulings", &[]));
            any = true;
        }
        let listed = Listed {
            name: r.name.get(lang).to_string(),
            id: r.id.clone(),
            text: r.text.get(lang).to_string(),
            source: r.source.get(lang).to_string(),
            choices: (r.choices.iter().enumerate())
                .map(|(i, c)| (c.id.clone(), c.text.get(lang).to_string(), i == r.default))
                .collect(),
        };
        print(text, &listed);
    }
    if any {
        println!();
    }
}

/// Prints the engine's own ruling: the designer's variant's scope.
pub fn print_engine_rulings(text: &Text) {
    println!("{}", text.t("cards-engine-rulings", &[]));
    let listed = Listed {
        name: text.t("ruling-variant-name", &[]),
        id: VARIANT_RULING.to_string(),
        text: text.t("ruling-variant-text", &[]),
        source: text.t("ruling-variant-source", &[]),
        choices: VariantScope::ALL
            .iter()
            .map(|s| {
                let choice = match s {
                    VariantScope::FirstTurn => text.t("ruling-variant-first-turn", &[]),
                    VariantScope::EachPlayer => text.t("ruling-variant-each-player", &[]),
                };
                (s.id().to_string(), choice, *s == VariantScope::default())
            })
            .collect(),
    };
    print(text, &listed);
    println!();
}
