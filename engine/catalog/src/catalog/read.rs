//! Reading one pack: its TOML manifest and the scripts it names. Problems are collected,
//! not stopped at, so `dungeon check` can report them all at once.
//!
//! **The pack's folder.** Every file of a pack lies in one folder, its *root*, which the
//! caller chooses (the manifest's own folder unless told otherwise; never the pack): the
//! manifest, the `scripts` and `scenarios` folders and each `script`. Paths in a manifest
//! are relative, and a path that leaves the root, lexically or through a symbolic link,
//! is refused without being opened.

use super::defs::ScriptSource;
use super::diag::{Diagnostic, Diagnostics, LineIndex};
use super::files::{FileSource, ReadError, check_relative, join, normalize, parent, within_or_at};
use super::limits::{MAX_MANIFEST_BYTES, MAX_PACK_SCRIPT_BYTES, MAX_SCRIPT_BYTES};
use super::parse::{BrokenIds, parse_manifest};
use super::schema::PackFile;
use std::collections::BTreeMap;
use std::sync::Arc;
use toml::Spanned;

/// The engine API version packs are written against. Bump on incompatible hook changes.
pub const ENGINE_API: u32 = 1;
// `parse.rs` writes it as text where a pack leaves it out (`ENGINE_API_TEXT`).
const _: () = assert!(ENGINE_API == 1, "update parse.rs's ENGINE_API_TEXT");

/// A pack as read from its files, before it is merged into a catalog.
#[derive(Debug)]
pub struct LoadedPack {
    pub manifest_path: String,
    pub manifest_text: String,
    /// Where each line of the manifest starts, to locate its diagnostics.
    pub lines: LineIndex,
    /// The folder every file of the pack lies in.
    pub root: String,
    pub file: PackFile,
    /// Scripts by the name given in the manifest's `script` fields.
    pub scripts: BTreeMap<String, ScriptSource>,
    /// The pack's scenario folder, inside `root`, as a path for the same file source.
    pub scenarios: Option<String>,
    /// Ids of the entries left out because of a mistake (already reported): references
    /// to them are not reported as unknown.
    pub broken: BrokenIds,
    /// Warnings found while reading (control characters...), shown with the catalog's.
    pub warnings: Diagnostics,
}

impl LoadedPack {
    pub fn id(&self) -> &str {
        self.file.pack.id.get_ref()
    }

    /// A diagnostic pointing at a spanned value of this pack's manifest.
    pub fn error_at<T>(&self, spanned: &Spanned<T>, message: impl Into<String>) -> Diagnostic {
        Diagnostic::error(&self.manifest_path, message).at_index(
            &self.lines,
            &self.manifest_text,
            spanned.span().start,
        )
    }

    pub fn warning_at<T>(&self, spanned: &Spanned<T>, message: impl Into<String>) -> Diagnostic {
        Diagnostic::warning(&self.manifest_path, message).at_index(
            &self.lines,
            &self.manifest_text,
            spanned.span().start,
        )
    }

    /// The 1-based line of a byte offset of the manifest.
    pub fn line_of(&self, offset: usize) -> u32 {
        self.lines.locate(&self.manifest_text, offset).line
    }
}

/// Reads the manifest at `manifest_path` and every script it names; every file must lie
/// in folder `root`. Returns the pack unless the manifest could not be read at all
/// (missing, outside `root`, too large, a TOML syntax error), with every problem found.
pub fn read_pack(
    files: &dyn FileSource,
    root: &str,
    manifest_path: &str,
) -> (Option<LoadedPack>, Diagnostics) {
    let fail = |message: String| {
        (
            None,
            Diagnostics(vec![Diagnostic::error(manifest_path, message)]),
        )
    };
    let text = match files.read(root, manifest_path, MAX_MANIFEST_BYTES) {
        Ok(text) => text,
        Err(ReadError::Outside) => {
            return fail(format!(
                "cannot read pack file: it is not inside the folder `{}` given for the pack",
                shown_folder(root)
            ));
        }
        Err(ReadError::LeadsOutside) => {
            return fail(format!(
                "cannot read pack file: a symbolic link on its path loops, or leads outside \
                 the folder `{}` given for the pack",
                shown_folder(root)
            ));
        }
        Err(e) => return fail(format!("cannot read pack file: {e}")),
    };
    let lines = LineIndex::new(&text);
    let parsed = match parse_manifest(manifest_path, &text, &lines) {
        Ok(parsed) => parsed,
        Err(d) => return (None, Diagnostics(vec![d])),
    };
    let mut diags = parsed.diags;
    let mut pack = LoadedPack {
        manifest_path: manifest_path.to_string(),
        manifest_text: text,
        lines,
        root: root.to_string(),
        file: parsed.file,
        scripts: BTreeMap::new(),
        scenarios: None,
        broken: parsed.broken,
        warnings: Diagnostics::default(),
    };
    let api = &pack.file.pack.engine_api;
    if *api.get_ref() != ENGINE_API {
        diags.push(pack.error_at(
            api,
            format!(
                "pack is written for engine API {}, this engine speaks API {ENGINE_API}",
                api.get_ref()
            ),
        ));
    }
    let folders = Folders { files, pack: &pack };
    let scripts = folders.read_scripts(&mut diags);
    let scenarios = pack
        .file
        .pack
        .scenarios
        .as_ref()
        .and_then(|dir| folders.folder(dir, "scenario", &mut diags));
    pack.scripts = scripts;
    pack.scenarios = scenarios;
    // The manifest's problems in the order of its lines; the scripts' after them.
    diags.0.sort_by_key(|d| {
        (
            d.file != pack.manifest_path,
            d.line.is_none(),
            d.line,
            d.column,
        )
    });
    (Some(pack), diags)
}

fn shown_folder(root: &str) -> &str {
    if root.is_empty() { "." } else { root }
}

/// Resolving and reading the paths a manifest gives, inside the pack's folder.
struct Folders<'a> {
    files: &'a dyn FileSource,
    pack: &'a LoadedPack,
}

impl Folders<'_> {
    /// The folder `dir` names (relative to the manifest), if it is inside the pack's.
    fn folder(&self, dir: &Spanned<String>, what: &str, diags: &mut Diagnostics) -> Option<String> {
        let path = self.resolve(dir, &format!("the {what} folder"), diags)?;
        let root = self.files.absolute(&self.pack.root);
        if !within_or_at(&root, &self.files.absolute(&path)) {
            diags.push(self.outside(dir, &format!("the {what} folder")));
            return None;
        }
        Some(path)
    }

    /// `rel` joined to the manifest's folder, if it is a relative path.
    fn resolve(
        &self,
        rel: &Spanned<String>,
        what: &str,
        diags: &mut Diagnostics,
    ) -> Option<String> {
        if let Err(why) = check_relative(rel.get_ref()) {
            let message = format!(
                "{what} `{}` {why}: a pack's paths are relative to its manifest and stay \
                 inside its folder `{}`",
                rel.get_ref(),
                shown_folder(&self.pack.root)
            );
            diags.push(self.pack.error_at(rel, message));
            return None;
        }
        Some(join(parent(&self.pack.manifest_path), rel.get_ref()))
    }

    fn outside(&self, rel: &Spanned<String>, what: &str) -> Diagnostic {
        self.pack.error_at(
            rel,
            format!(
                "{what} `{}` is outside the pack's folder `{}`: a pack's paths stay inside \
                 the folder of its manifest (or the one given with --pack-root)",
                rel.get_ref(),
                shown_folder(&self.pack.root)
            ),
        )
    }

    /// Every script the cards name, each read once.
    fn read_scripts(&self, diags: &mut Diagnostics) -> BTreeMap<String, ScriptSource> {
        let file = &self.pack.file;
        let fields: Vec<&Spanned<String>> = (file.equipment.iter())
            .filter_map(|e| e.script.as_ref())
            .chain(file.monster.iter().filter_map(|m| m.script.as_ref()))
            .collect();
        let mut scripts = BTreeMap::new();
        let Some(first) = fields.first() else {
            return scripts;
        };
        let Some(dir) = &file.pack.scripts else {
            diags.push(self.pack.error_at(
                *first,
                "this card has a script but the pack sets no `scripts` folder in [pack]",
            ));
            return scripts;
        };
        let Some(dir_path) = self.folder(dir, "script", diags) else {
            return scripts;
        };
        let mut total = 0u64;
        for field in fields {
            let name = field.get_ref();
            if scripts.contains_key(name) {
                continue;
            }
            let Some(path) = self
                .resolve(field, "script", diags)
                .map(|_| join(&dir_path, name))
            else {
                continue;
            };
            let root = &self.pack.root;
            let error = |why: String| {
                self.pack.error_at(
                    field,
                    format!("cannot read script `{}`: {why}", normalize(&path)),
                )
            };
            if total >= MAX_PACK_SCRIPT_BYTES {
                diags.push(error(format!(
                    "the pack's scripts together pass the limit of {MAX_PACK_SCRIPT_BYTES} bytes"
                )));
                continue;
            }
            let limit = MAX_SCRIPT_BYTES.min(MAX_PACK_SCRIPT_BYTES - total);
            match self.files.read(root, &path, limit) {
                Ok(code) => {
                    total += code.len() as u64;
                    let code = Arc::from(code);
                    scripts.insert(name.clone(), ScriptSource { path, code });
                }
                Err(ReadError::Outside) => diags.push(self.outside(field, "script")),
                Err(e @ ReadError::LeadsOutside) => {
                    diags.push(error(format!("{e} `{}`", shown_folder(root))))
                }
                Err(e) => diags.push(error(e.to_string())),
            }
        }
        scripts
    }
}
