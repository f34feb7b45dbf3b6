//! `[[ruling]]`: what a pack declares, every mistake reported at once with its place,
//! and rulings shared by two packs.

use super::*;

const PACK: &str = r#"
[pack]
id = "mini"
version = "1.0.0"
engine_api = 1
languages = ["en", "es"]
name = { en = "Mini", es = "Mini" }

[[monster]]
id = "rat"
strength = 1
name = { en = "Rat", es = "Rata" }

[[adventurer]]
id = "hero"
hp = 3
equipment = ["stick"]
name = { en = "Hero", es = "Héroe" }

[[equipment]]
id = "stick"
hp = 1
name = { en = "Stick", es = "Palo" }
text = { en = "+1 HP.", es = "+1 PV." }

[[ruling]]
id = "stick_use"
name = { en = "Stick", es = "Palo" }
text = { en = "What the stick does.", es = "Lo que hace el palo." }
source = { en = "Nowhere.", es = "En ninguna parte." }
default = "often"
choices = [
  { id = "often", text = { en = "Often.", es = "A menudo." } },
  { id = "rarely", text = { en = "Rarely.", es = "Rara vez." } },
]
"#;

/// Every problem reading and building `text` as pack `mini` (with `others` beside it).
fn problems(text: &str, others: &[(&str, &str)]) -> (Option<Catalog>, Diagnostics) {
    let mut mem = MemoryFiles::new();
    mem.insert("mini.toml", text);
    let mut lib = PackLibrary::new();
    let mut ids = Vec::new();
    for (path, other) in others {
        mem.insert(path, *other);
        ids.push(lib.load(&mem, path).unwrap().id().to_string());
    }
    let (pack, mut diags) = read_pack(&mem, "", "mini.toml");
    lib.add(pack.expect("the manifest parses"));
    ids.push("mini".into());
    let ids: Vec<&str> = ids.iter().map(String::as_str).collect();
    match lib.catalog_with_errors(&ids) {
        Ok((catalog, more)) => {
            diags.0.extend(more.0);
            (Some(catalog), diags)
        }
        Err(more) => {
            diags.0.extend(more.0);
            (None, diags)
        }
    }
}

/// The 1-based line of the first occurrence of `needle`.
fn line_of(text: &str, needle: &str) -> usize {
    let at = text.find(needle).expect("in the text");
    text[..at].matches('\n').count() + 1
}

#[test]
fn a_ruling_is_read_with_its_choices_and_default() {
    let (catalog, diags) = problems(PACK, &[]);
    assert!(diags.0.is_empty(), "{diags}");
    let catalog = catalog.unwrap();
    let ruling = catalog.find_ruling("stick_use").unwrap();
    assert_eq!(catalog.ruling_index("stick_use"), Some(0));
    assert_eq!(ruling.default_choice().id, "often");
    assert_eq!(ruling.choice_index("rarely"), Some(1));
    assert_eq!(
        ruling.choices[1].text.get(crate::lang::Lang::Es),
        "Rara vez."
    );
    assert_eq!(ruling.source.get(crate::lang::Lang::En), "Nowhere.");
    assert_eq!(
        ruling.defined_at,
        (
            "mini.toml".to_string(),
            line_of(PACK, "id = \"stick_use\"") as u32
        )
    );
}

#[test]
fn every_mistake_in_rulings_is_reported_at_once_with_its_place() {
    let text = format!(
        "{PACK}{}",
        r#"
[[ruling]]
id = "typos"
name = { en = "Typos" }
defualt = "a"
choices = [
  { id = "a", txt = { en = "A." } },
  { id = "b", text = { en = "B." } },
]

[[ruling]]
id = "lonely"
name = { en = "Lonely" }
default = "only"
choices = [{ id = "only", text = { en = "The only one." } }]

[[ruling]]
id = "wrong_default"
name = { en = "Wrong default" }
default = "sometime"
choices = [
  { id = "sometimes", text = { en = "Sometimes." } },
  { id = "never", text = { en = "Never." } },
  { id = "mute" },
  { id = "never", text = { en = "Never again." } },
]

[[ruling]]
id = "designer_variant"
name = { en = "Mine" }
default = "x"
choices = [{ id = "x", text = { en = "X." } }, { id = "y", text = { en = "Y." } }]

[[ruling]]
id = "Bad-Id"
name = { es = "Sin inglés" }
default = "x"
choices = [{ id = "x", text = { en = "X." } }, { id = "Y!", text = { en = "Y." } }]
"#
    );
    let (_, diags) = problems(&text, &[]);
    let errors: Vec<String> = diags.errors().map(|d| d.to_string()).collect();
    let expect = [
        (
            "ruling `typos`: unknown field `defualt`; did you mean `default`?",
            "defualt",
        ),
        (
            "ruling `typos`, choice: unknown field `txt`; did you mean `text`?",
            "{ id = \"a\", txt",
        ),
        (
            "choice `mute` of ruling `wrong_default` needs an English text",
            "{ id = \"mute\"",
        ),
        (
            "ruling `lonely` offers 1 choice(s): a ruling offers at least two",
            "id = \"lonely\"",
        ),
        (
            "the default `sometime` is not one of its choices (sometimes, never, mute)",
            "default = \"sometime\"",
        ),
        ("did you mean `sometimes`?", "default = \"sometime\""),
        (
            "ruling `wrong_default` lists choice `never` twice",
            "{ id = \"never\", text = { en = \"Never again",
        ),
        (
            "ruling id `designer_variant` is the engine's own",
            "id = \"designer_variant\"",
        ),
        (
            "ruling id `Bad-Id` must be lowercase snake_case",
            "id = \"Bad-Id\"",
        ),
        ("ruling `Bad-Id` needs an English name", "id = \"Bad-Id\""),
        (
            "choice id `Y!` must be lowercase snake_case",
            "{ id = \"Y!\"",
        ),
    ];
    for (message, place) in expect {
        let line = line_of(&text, place);
        let at = format!("mini.toml:{line}:");
        assert!(
            errors
                .iter()
                .any(|e| e.contains(message) && e.contains(&at)),
            "no error `{message}` at line {line} in:\n{}",
            errors.join("\n")
        );
    }
}

#[test]
fn a_pack_declares_a_bounded_number_of_rulings_and_choices() {
    let ruling = |i: usize| {
        format!(
            "[[ruling]]\nid = \"r{i}\"\nname = {{ en = \"R\" }}\ndefault = \"a\"\nchoices = \
             [{{ id = \"a\", text = {{ en = \"A\" }} }}, {{ id = \"b\", text = {{ en = \"B\" }} }}]\n"
        )
    };
    let many: String = (0..limits::MAX_RULINGS + 2).map(ruling).collect();
    let (_, diags) = problems(&format!("{PACK}{many}"), &[]);
    assert!(
        diags.to_string().contains(&format!(
            "the pack declares {} [[ruling]] entries; at most {}",
            limits::MAX_RULINGS + 3,
            limits::MAX_RULINGS
        )),
        "{diags}"
    );
    let choices: Vec<String> = (0..limits::MAX_RULING_CHOICES + 1)
        .map(|i| format!("{{ id = \"c{i}\", text = {{ en = \"C\" }} }}"))
        .collect();
    let wide = format!(
        "{PACK}[[ruling]]\nid = \"wide\"\nname = {{ en = \"W\" }}\ndefault = \"c0\"\nchoices = [{}]\n",
        choices.join(", ")
    );
    let (_, diags) = problems(&wide, &[]);
    assert!(
        diags.to_string().contains(&format!(
            "`choices` lists {} entries; at most {}",
            limits::MAX_RULING_CHOICES + 1,
            limits::MAX_RULING_CHOICES
        )),
        "{diags}"
    );
}

#[test]
fn ruling_text_is_bounded_and_kept_escaped() {
    let long = "x".repeat(limits::MAX_ID_CHARS + 1);
    let text = PACK
        .replace("default = \"often\"", &format!("default = \"{long}\""))
        .replace("What the stick does.", "What the \\u001b[2J stick does.");
    let (_, diags) = problems(&text, &[]);
    let all = diags.to_string();
    assert!(
        all.contains("an id is 65 characters long; at most 64"),
        "{all}"
    );
    assert!(all.contains("text with control characters"), "{all}");
    let (catalog, _) = problems(
        &PACK.replace("What the stick does.", "What the \\u001b[2J stick does."),
        &[],
    );
    let ruling = catalog.unwrap();
    let text = ruling
        .find_ruling("stick_use")
        .unwrap()
        .text
        .get(crate::lang::Lang::En);
    assert!(!text.contains('\u{1b}'), "{text:?}");
}

fn other_pack(default: &str) -> String {
    format!(
        r#"
[pack]
id = "other"
version = "1.0.0"
engine_api = 1
languages = ["en", "fr"]
name = {{ en = "Other" }}

[[ruling]]
id = "stick_use"
name = {{ en = "Stick (other)", fr = "Bâton" }}
default = "{default}"
choices = [
  {{ id = "often", text = {{ en = "Often (other).", fr = "Souvent." }} }},
  {{ id = "rarely", text = {{ en = "Rarely (other).", fr = "Rarement." }} }},
]
"#
    )
}

#[test]
fn the_same_ruling_in_two_packs_is_one_ruling() {
    let (catalog, diags) = problems(PACK, &[("other.toml", &other_pack("often"))]);
    assert!(!diags.has_errors(), "{diags}");
    let catalog = catalog.unwrap();
    assert_eq!(catalog.rulings.len(), 1);
    let ruling = &catalog.rulings[0];
    // The first pack's texts, and the translations only the second has.
    assert_eq!(ruling.name.get(crate::lang::Lang::En), "Stick (other)");
    assert_eq!(ruling.name.get(crate::lang::Lang::Fr), "Bâton");
    assert_eq!(ruling.name.get(crate::lang::Lang::Es), "Palo");
    assert_eq!(
        ruling.choices[1].text.get(crate::lang::Lang::Fr),
        "Rarement."
    );
}

#[test]
fn two_packs_may_not_settle_one_ruling_differently() {
    let (_, diags) = problems(PACK, &[("other.toml", &other_pack("rarely"))]);
    let all = diags.to_string();
    assert!(
        all.contains("ruling `stick_use` is also declared by pack `other` (other.toml:10)"),
        "{all}"
    );
}
