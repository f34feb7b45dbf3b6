//! The message files (`cli/i18n/{en,es,fr}.ftl`, Project Fluent) loaded into one bundle
//! per language, and the values a message's variables take: text, or numbers formatted
//! the language's way (a decimal comma in Spanish and French) and chosen among plural
//! forms by the language's rules.

use dungeon_engine::lang::Lang;
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::types::{FluentNumber, FluentNumberOptions};
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use fluent_syntax::ast;
use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::OnceLock;

/// The message files, English first (the fallback for a message missing elsewhere).
pub const FILES: [(Lang, &str); 3] = [
    (Lang::En, include_str!("../../i18n/en.ftl")),
    (Lang::Es, include_str!("../../i18n/es.ftl")),
    (Lang::Fr, include_str!("../../i18n/fr.ftl")),
];

/// The attribute holding a message's second-person form, shown to the player it is about
/// (see [`super::Text::about`]).
pub const YOU: &str = "you";

/// A value for one of a message's variables. Numbers stay numbers, so that a message can
/// choose its plural form (`{ $count -> [one] ... *[other] ... }`) and shows them the
/// language's way; build them from integers, or with [`Arg::decimal`].
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    Text(String),
    Number(FluentNumber),
    /// An integer past 2^53, which an f64 would round: shown digit for digit, in the
    /// plural form of many.
    LargeInteger(String),
}

impl Arg {
    /// `value` shown with exactly `digits` digits after the decimal separator.
    pub fn decimal(value: f64, digits: usize) -> Arg {
        Arg::Number(fixed(value, digits))
    }

    /// The value a message receives. Text is escaped here, whatever its caller did: every
    /// message the program prints goes through this, so text from outside (an id in a
    /// file, a server's words) cannot reach a terminal raw through a path that forgot to.
    /// Escaping is idempotent: text already escaped is unchanged.
    fn fluent(&self) -> FluentValue<'_> {
        match self {
            Arg::Text(s) => FluentValue::String(dungeon_engine::printable::escape_controls(s)),
            Arg::Number(n) => FluentValue::Number(n.clone()),
            Arg::LargeInteger(digits) => FluentValue::String(Cow::Borrowed(digits)),
        }
    }
}

/// `value` as a number with exactly `digits` digits after the decimal separator.
fn fixed(value: f64, digits: usize) -> FluentNumber {
    let options = FluentNumberOptions {
        minimum_fraction_digits: Some(digits),
        maximum_fraction_digits: Some(digits),
        ..FluentNumberOptions::default()
    };
    FluentNumber::new(value, options)
}

/// `value` with exactly `digits` decimals as `lang` writes it (`0.50`, `0,50`), for a
/// number shown alone, outside a message.
pub fn decimal_text(lang: Lang, value: f64, digits: usize) -> String {
    number_text(&fixed(value, digits), decimal_separator(lang))
}

impl From<String> for Arg {
    fn from(s: String) -> Arg {
        Arg::Text(s)
    }
}
impl From<&String> for Arg {
    fn from(s: &String) -> Arg {
        Arg::Text(s.clone())
    }
}
impl From<&str> for Arg {
    fn from(s: &str) -> Arg {
        Arg::Text(s.to_string())
    }
}
impl From<Cow<'_, str>> for Arg {
    fn from(s: Cow<'_, str>) -> Arg {
        Arg::Text(s.into_owned())
    }
}

macro_rules! number_args {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg {
            fn from(n: $t) -> Arg {
                const EXACT: i128 = 1 << f64::MANTISSA_DIGITS;
                if (-EXACT..=EXACT).contains(&(n as i128)) {
                    Arg::Number(FluentNumber::from(n))
                } else {
                    Arg::LargeInteger(n.to_string())
                }
            }
        }
        impl From<&$t> for Arg {
            fn from(n: &$t) -> Arg {
                Arg::from(*n)
            }
        }
    )*};
}
// Counts, HP, strengths. Seeds are shown as text: they are identifiers, never in a plural.
number_args!(i8, i16, i32, i64, isize, u8, u16, u32, u64, usize);

/// One language's messages.
struct Messages {
    lang: Lang,
    bundle: FluentBundle<FluentResource>,
    /// The variables each message (and attribute, as `id.attribute`) chooses a variant
    /// by: they must be given as numbers.
    selectors: BTreeMap<String, BTreeSet<String>>,
}

fn all() -> &'static [Messages] {
    static ALL: OnceLock<Vec<Messages>> = OnceLock::new();
    ALL.get_or_init(|| FILES.iter().map(|&(lang, ftl)| load(lang, ftl)).collect())
}

/// A message file as a bundle; a syntax error loses only the messages it touches (the
/// tests fail on any, see `text::tests`).
fn load(lang: Lang, ftl: &str) -> Messages {
    let resource = FluentResource::try_new(ftl.to_string()).unwrap_or_else(|(partial, _)| partial);
    let selectors = selector_variables(&resource);
    let id: unic_langid::LanguageIdentifier = lang.code().parse().expect("a valid language tag");
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    // Unicode isolation marks around each variable help right-to-left scripts, and show
    // as garbage in many terminals.
    bundle.set_use_isolating(false);
    bundle.set_formatter(Some(match decimal_separator(lang) {
        ',' => format_number::<',', _>,
        _ => format_number::<'.', _>,
    }));
    let _ = bundle.add_resource(resource);
    Messages {
        lang,
        bundle,
        selectors,
    }
}

/// The character between the units and the tenths.
pub fn decimal_separator(lang: Lang) -> char {
    match lang {
        Lang::En => '.',
        Lang::Es | Lang::Fr => ',',
    }
}

/// A number as `lang` writes it: `SEP` as decimal separator, the fraction digits the
/// value asks for (none for a whole number), no grouping (seeds and counts are copied).
fn format_number<const SEP: char, M>(value: &FluentValue, _: &M) -> Option<String> {
    let FluentValue::Number(n) = value else {
        return None;
    };
    Some(number_text(n, SEP))
}

pub fn number_text(n: &FluentNumber, separator: char) -> String {
    let options = &n.options;
    let digits = options
        .maximum_fraction_digits
        .or(options.minimum_fraction_digits);
    let mut text = match digits {
        Some(d) => format!("{:.*}", d, n.value),
        None => n.value.to_string(),
    };
    // Fewer digits than the maximum where they are trailing zeros and the minimum allows.
    if let (Some(max), Some(point)) = (digits, text.find('.')) {
        let min = options.minimum_fraction_digits.unwrap_or(0).min(max);
        while text.len() - point - 1 > min && text.ends_with('0') {
            text.pop();
        }
        if text.ends_with('.') {
            text.pop();
        }
    }
    // A small negative value rounded to zero is zero, not "-0.0".
    if text.starts_with('-') && text[1..].chars().all(|c| c == '0' || c == '.') {
        text.remove(0);
    }
    text.replace('.', &separator.to_string())
}

/// Message `id` (its attribute `attribute`, if given) in `lang`, else in English; `None`
/// when neither has it. Variables are filled from `args`.
pub fn format(
    lang: Lang,
    id: &str,
    attribute: Option<&str>,
    args: &[(&str, Arg)],
) -> Option<String> {
    let all = all();
    let found = [lang, Lang::En].into_iter().find_map(|l| {
        let messages = all.iter().find(|m| m.lang == l)?;
        let message = messages.bundle.get_message(id)?;
        let pattern = match attribute {
            Some(a) => message.get_attribute(a)?.value(),
            None => message.value()?,
        };
        Some((messages, pattern))
    })?;
    let (messages, pattern) = found;
    let mut fluent_args = FluentArgs::with_capacity(args.len());
    for (name, value) in args {
        fluent_args.set(*name, value.fluent());
    }
    let mut errors = Vec::new();
    let text = messages
        .bundle
        .format_pattern(pattern, Some(&fluent_args), &mut errors)
        .into_owned();
    // A variable the message uses and the code does not give, or a count given as text
    // (the plural would silently be wrong): bugs of ours, loud in debug builds.
    debug_assert!(
        errors.is_empty(),
        "message `{id}` in {}: {errors:?}",
        messages.lang.code()
    );
    if cfg!(debug_assertions) {
        let key = attribute.map_or_else(|| id.to_string(), |a| format!("{id}.{a}"));
        for variable in messages.selectors.get(&key).into_iter().flatten() {
            let given = args.iter().find(|(n, _)| n == variable).map(|(_, v)| v);
            assert!(
                !matches!(given, Some(Arg::Text(_))),
                "message `{key}` chooses by `${variable}`: give it as a number"
            );
        }
    }
    Some(text)
}

/// Whether `id` (with `attribute`) exists in English, the reference language.
pub fn exists(id: &str, attribute: Option<&str>) -> bool {
    let Some(message) = all()[0].bundle.get_message(id) else {
        return false;
    };
    match attribute {
        Some(a) => message.get_attribute(a).is_some(),
        None => message.value().is_some(),
    }
}

/// For each message and attribute (`id.attribute`), the variables a select expression
/// chooses by.
fn selector_variables(resource: &FluentResource) -> BTreeMap<String, BTreeSet<String>> {
    let mut out = BTreeMap::new();
    for entry in resource.entries() {
        let ast::Entry::Message(message) = entry else {
            continue;
        };
        let id = message.id.name;
        let mut patterns: Vec<(String, &ast::Pattern<&str>)> = Vec::new();
        if let Some(value) = &message.value {
            patterns.push((id.to_string(), value));
        }
        for attribute in &message.attributes {
            patterns.push((format!("{id}.{}", attribute.id.name), &attribute.value));
        }
        for (key, pattern) in patterns {
            let mut found = BTreeSet::new();
            walk_pattern(pattern, &mut |expression| {
                if let ast::Expression::Select {
                    selector: ast::InlineExpression::VariableReference { id },
                    ..
                } = expression
                {
                    found.insert(id.name.to_string());
                }
            });
            out.insert(key, found);
        }
    }
    out
}

/// Calls `visit` on every expression of `pattern`, nested ones included.
pub fn walk_pattern<'p>(
    pattern: &'p ast::Pattern<&'p str>,
    visit: &mut impl FnMut(&'p ast::Expression<&'p str>),
) {
    for element in &pattern.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            walk_expression(expression, visit);
        }
    }
}

fn walk_expression<'p>(
    expression: &'p ast::Expression<&'p str>,
    visit: &mut impl FnMut(&'p ast::Expression<&'p str>),
) {
    visit(expression);
    match expression {
        ast::Expression::Select { variants, .. } => {
            for variant in variants {
                walk_pattern(&variant.value, visit);
            }
        }
        ast::Expression::Inline(ast::InlineExpression::Placeable { expression }) => {
            walk_expression(expression, visit)
        }
        ast::Expression::Inline(_) => {}
    }
}
