//! Reading one pack: its TOML manifest and the scripts it names. Problems are collected,
//! not stopped at, so `dungeon check` can report them all at once.

use super::defs::ScriptSource;
use super::diag::{Diagnostic, Diagnostics};
use super::files::{FileSource, join, parent};
use super::schema::PackFile;
use std::collections::BTreeMap;
use std::sync::Arc;
use toml::Spanned;

/// The engine API version packs are written against. Bump on incompatible hook changes.
pub const ENGINE_API: u32 = 1;

/// A pack as read from its files, before it is merged into a catalog.
#[derive(Debug)]
pub struct LoadedPack {
    pub manifest_path: String,
    pub manifest_text: String,
    pub file: PackFile,
    /// Scripts by the name given in the manifest's `script` fields.
    pub scripts: BTreeMap<String, ScriptSource>,
}

impl LoadedPack {
    pub fn id(&self) -> &str {
        self.file.pack.id.get_ref()
    }

    /// A diagnostic pointing at a spanned value of this pack's manifest.
    pub fn error_at<T>(&self, spanned: &Spanned<T>, message: impl Into<String>) -> Diagnostic {
        Diagnostic::error(&self.manifest_path, message)
            .at(&self.manifest_text, spanned.span().start)
    }

    pub fn warning_at<T>(&self, spanned: &Spanned<T>, message: impl Into<String>) -> Diagnostic {
        Diagnostic::warning(&self.manifest_path, message)
            .at(&self.manifest_text, spanned.span().start)
    }
}

/// Reads the manifest at `manifest_path` and every script it names.
pub fn read_pack(files: &dyn FileSource, manifest_path: &str) -> Result<LoadedPack, Diagnostics> {
    let mut diags = Diagnostics::default();
    let text = files.read(manifest_path).map_err(|e| {
        Diagnostics(vec![Diagnostic::error(
            manifest_path,
            format!("cannot read pack file: {e}"),
        )])
    })?;
    let file: PackFile = match toml::from_str(&text) {
        Ok(file) => file,
        Err(e) => {
            let mut d = Diagnostic::error(manifest_path, e.message().trim_end().to_string());
            if let Some(span) = e.span() {
                d = d.at(&text, span.start);
            }
            return Err(Diagnostics(vec![d]));
        }
    };
    let pack = LoadedPack {
        manifest_path: manifest_path.to_string(),
        manifest_text: text,
        file,
        scripts: BTreeMap::new(),
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

    let script_fields: Vec<&Spanned<String>> =
        (pack.file.equipment.iter().filter_map(|e| e.script.as_ref()))
            .chain(pack.file.monster.iter().filter_map(|m| m.script.as_ref()))
            .collect();
    let mut scripts = BTreeMap::new();
    if !script_fields.is_empty() {
        match &pack.file.pack.scripts {
            None => diags.push(pack.error_at(
                script_fields[0],
                "this card has a script but the pack sets no `scripts` folder in [pack]",
            )),
            Some(dir) => {
                let dir_path = join(parent(manifest_path), dir.get_ref());
                for field in script_fields {
                    let name = field.get_ref();
                    if scripts.contains_key(name) {
                        continue;
                    }
                    let path = join(&dir_path, name);
                    match files.read(&path) {
                        Ok(code) => {
                            scripts.insert(
                                name.clone(),
                                ScriptSource {
                                    path,
                                    code: Arc::from(code),
                                },
                            );
                        }
                        Err(e) => diags.push(
                            pack.error_at(field, format!("cannot read script `{path}`: {e}")),
                        ),
                    }
                }
            }
        }
    }
    if diags.has_errors() {
        return Err(diags);
    }
    Ok(LoadedPack { scripts, ..pack })
}
