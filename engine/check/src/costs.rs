//! What a pack's hooks cost, measured: `dungeon check` plays a few games of random bots
//! with the pack and reports each of its hooks' Luau steps against the budget of one call,
//! warning about the expensive ones. A hook may be legal and still too heavy to think
//! about: the odds search and the bots run hooks thousands of times a decision.

use crate::action::CardRef;
use crate::bot::{BotKind, play_game, seat_seed};
use crate::catalog::{Diagnostic, Diagnostics, PackLibrary};
use crate::engine::Engine;
use crate::options::GameOptions;
use crate::script::DEFAULT_STEP_BUDGET;
use std::sync::Arc;

/// Games of random bots played to measure.
pub const MEASURE_GAMES: u64 = 40;
/// A hook that takes more than this in one call is reported as expensive: in analysis
/// (the odds, the bots' thinking) such a call is cut short.
pub const EXPENSIVE_STEPS: u64 = crate::script::ANALYSIS_STEP_BUDGET;

/// One hook of one of the pack's cards, as the games called it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HookCostLine {
    pub card: String,
    pub hook: &'static str,
    pub calls: u64,
    /// Steps, on average and at most, per call.
    pub mean: u64,
    pub most: u64,
}

/// Plays [`MEASURE_GAMES`] games of random bots with `pack` (and the packs it requires)
/// and measures its hooks: every hook called, most expensive first, and a warning for
/// each above [`EXPENSIVE_STEPS`]. Nothing when the pack does not build (`check` says why).
pub fn measure_hook_costs(library: &PackLibrary, pack: &str) -> (Vec<HookCostLine>, Diagnostics) {
    let Ok((catalog, _)) = library.catalog(&[pack]) else {
        return Default::default();
    };
    let catalog = Arc::new(catalog);
    let Ok(mut engine) = Engine::new(catalog.clone()) else {
        return Default::default();
    };
    for seed in 0..MEASURE_GAMES {
        let players = 2 + (seed % 3) as u8;
        let options = GameOptions {
            players,
            ..GameOptions::default()
        };
        let mut bots: Vec<_> = (0..usize::from(players))
            .map(|seat| BotKind::Random.create(seat_seed(seed, seat)))
            .collect();
        // A game a script stops still measured what it ran; `check`'s scenarios and
        // the engine report the error itself.
        let _ = play_game(
            &mut engine,
            options,
            seed,
            &mut bots,
            &mut Vec::new(),
            |_, _| Ok(()),
        );
    }
    let mut lines = Vec::new();
    let mut warnings = Diagnostics::default();
    for (card, hook, cost) in engine.hooks_mut().hook_costs() {
        let info = card.info(&catalog);
        if catalog.pack_of(info.pack).id != pack {
            continue;
        }
        let line = HookCostLine {
            card: info.id.clone(),
            hook: hook.lua_name(),
            calls: cost.calls,
            mean: cost.steps / cost.calls.max(1),
            most: cost.most,
        };
        if line.most > EXPENSIVE_STEPS {
            warnings.push(expensive(&line, card, &catalog));
        }
        lines.push(line);
    }
    lines.sort_by(|a, b| b.most.cmp(&a.most).then_with(|| a.card.cmp(&b.card)));
    (lines, warnings)
}

fn expensive(line: &HookCostLine, card: CardRef, catalog: &crate::catalog::Catalog) -> Diagnostic {
    let info = card.info(catalog);
    let message = format!(
        "card `{}`: hook `{}` took up to {} steps in one call (a call may take {} in play, \
         {} in analysis): the odds search and the bots run hooks thousands of times and cut \
         such a call short, so they play this card blind",
        line.card, line.hook, line.most, DEFAULT_STEP_BUDGET, EXPENSIVE_STEPS
    );
    let mut d = Diagnostic::warning(&info.defined_at.0, message).with_detail(
        crate::catalog::Detail::ExpensiveHook {
            card: line.card.clone(),
            hook: line.hook,
            most: line.most,
        },
    );
    d.line = Some(info.defined_at.1);
    d
}
