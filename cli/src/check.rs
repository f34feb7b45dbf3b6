//! `dungeon check PATH...`: every problem of a pack at once, then its own scenarios.
//! What a pack wrote (its id, scenario paths, failures quoting its files) is shown with
//! control characters escaped.

use crate::text::tr;
use clap::Args;
use dungeon_check::check_pack_in;
use dungeon_engine::catalog::{Detail, Diagnostic, PackLibrary};
use dungeon_engine::lang::Lang;
use dungeon_engine::printable::{Hidden, escape_controls, escape_line};
use dungeon_engine::scenario::Status;
use std::process::ExitCode;

#[derive(Args)]
pub struct CheckArgs {
    /// Pack manifests (TOML files) to check.
    #[arg(required = true)]
    paths: Vec<String>,
}

/// Checks each pack; `root` is `--pack-root` (default: each manifest's own folder).
pub fn run(
    library: &mut PackLibrary,
    lang: Lang,
    root: Option<&str>,
    args: CheckArgs,
) -> Result<ExitCode, String> {
    let line = |s: &str| escape_line(s).into_owned();
    let mut failed = false;
    for path in &args.paths {
        let report = check_pack_in(library, root, path);
        let name = report.pack.clone().unwrap_or_else(|| path.clone());
        let header = [("pack", line(&name).into()), ("path", line(path).into())];
        println!("{}", tr(lang, "check-header", &header));
        if !report.combinations.is_empty() {
            let sets = line(&report.combinations.join(", "));
            println!("{}", tr(lang, "check-loaded-as", &[("sets", sets.into())]));
        }
        for d in &report.diagnostics.0 {
            println!("{}", in_words(lang, d));
        }
        let (mut passed, mut scenario_failures) = (0, 0);
        for s in &report.scenarios {
            let path = ("path", line(&s.path).into());
            match &s.status {
                Status::Passed => passed += 1,
                Status::Failed(problems) => {
                    scenario_failures += 1;
                    println!("{}", tr(lang, "check-scenario-failed", &[path]));
                    for p in problems {
                        println!("  - {}", line(p));
                    }
                }
                Status::Error(message) => {
                    scenario_failures += 1;
                    let message = ("message", escape_controls(message).into_owned().into());
                    println!("{}", tr(lang, "check-scenario-error", &[path, message]));
                }
            }
        }
        if report.skipped_scenarios {
            println!("{}", tr(lang, "check-skipped", &[]));
        }
        let mut warnings = report.warnings();
        if let (Some(pack), false) = (&report.pack, report.diagnostics.has_errors()) {
            warnings += print_hook_costs(library, lang, pack);
        }
        let errors = report.errors();
        let counts = [
            ("errors", errors.into()),
            ("warnings", warnings.into()),
            ("passed", passed.into()),
            ("failed", scenario_failures.into()),
        ];
        println!("{}", tr(lang, "check-summary", &counts));
        failed |= errors > 0;
    }
    Ok(if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

/// Measures the pack's hooks in a few random games and prints what each cost, with a
/// warning for the expensive ones; returns how many warnings.
fn print_hook_costs(library: &PackLibrary, lang: Lang, pack: &str) -> usize {
    let (lines, warnings) = dungeon_check::measure_hook_costs(library, pack);
    for d in &warnings.0 {
        println!("{}", in_words(lang, d));
    }
    if lines.is_empty() {
        return warnings.0.len();
    }
    let games = ("games", dungeon_check::MEASURE_GAMES.into());
    println!("{}", tr(lang, "check-costs", &[games]));
    for line in &lines {
        let args = [
            ("card", escape_line(&line.card).into_owned().into()),
            ("hook", line.hook.into()),
            ("calls", line.calls.into()),
            ("mean", line.mean.into()),
            ("most", line.most.into()),
        ];
        println!("  {}", tr(lang, "check-cost-line", &args));
    }
    warnings.0.len()
}

/// That `card`'s `hook` took up to `most` steps in a call: too heavy for the odds and the
/// bots to think about (`check`'s warning, and `sim`'s).
pub fn expensive_hook(lang: Lang, card: &str, hook: &str, most: u64) -> String {
    let args = [
        ("card", escape_line(card).into_owned().into()),
        ("hook", hook.to_string().into()),
        ("most", most.into()),
    ];
    tr(lang, "check-expensive-hook", &args)
}

/// A diagnostic in `lang` when it is one we word ourselves, else as the engine wrote it.
fn in_words(lang: Lang, d: &Diagnostic) -> String {
    let (quoted, first, why) = match d.detail.as_deref() {
        Some(Detail::HiddenText { quoted, first, why }) => (quoted, first, why),
        Some(Detail::ExpensiveHook { card, hook, most }) => {
            let mut shown = d.clone();
            shown.message = expensive_hook(lang, card, hook, *most);
            return shown.to_string();
        }
        None => return d.to_string(),
    };
    let what = match why {
        Hidden::Control => "check-hidden-control",
        Hidden::Format => "check-hidden-format",
        Hidden::Separator => "check-hidden-separator",
        Hidden::PrivateUse => "check-hidden-private",
        Hidden::Unassigned => "check-hidden-unassigned",
        Hidden::Invisible => "check-hidden-invisible",
        Hidden::LoneMark => "check-hidden-lone-mark",
    };
    let args = [
        ("text", quoted.as_str().into()),
        ("code", format!("U+{:04X}", *first as u32).into()),
        ("what", tr(lang, what, &[]).into()),
    ];
    let mut shown = d.clone();
    shown.message = tr(lang, "check-hidden-text", &args);
    shown.to_string()
}
