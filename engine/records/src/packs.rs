//! What a record says of the packs it was played with, and how that is compared with the
//! packs at hand. File paths are kept relative to the pack's manifest, so the same pack
//! matches wherever it sits (built in, or given with `--pack` from any folder), and a
//! shared record does not show the folders of the one who played it.

use super::GameRecord;
use super::error::{FileChange, PackChange, RecordError, clip};
use crate::catalog::{Catalog, Diagnostics, FileHash, PackInfo, PackLibrary, parent};
use serde::{Deserialize, Serialize};

/// One pack of a record: its id, version and every file that defines it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PackStamp {
    pub id: String,
    pub version: String,
    /// The manifest, then the scripts, each relative to the manifest's folder.
    pub files: Vec<FileHash>,
}

/// The stamps of a catalog's packs, in load order.
pub fn stamps(catalog: &Catalog) -> Vec<PackStamp> {
    catalog.packs.iter().map(stamp).collect()
}

fn stamp(pack: &PackInfo) -> PackStamp {
    let folder = parent(&pack.manifest_path);
    PackStamp {
        id: pack.id.clone(),
        version: pack.version.clone(),
        files: pack
            .files
            .iter()
            .map(|f| FileHash {
                path: relative(folder, &f.path),
                sha256: f.sha256.clone(),
            })
            .collect(),
    }
}

/// `path` as seen from `folder` (both `/`-separated and normalised).
fn relative(folder: &str, path: &str) -> String {
    let from: Vec<&str> = folder.split('/').filter(|p| !p.is_empty()).collect();
    let to: Vec<&str> = path.split('/').filter(|p| !p.is_empty()).collect();
    let same = from.iter().zip(&to).take_while(|(a, b)| a == b).count();
    let mut parts: Vec<&str> = vec![".."; from.len() - same];
    parts.extend(&to[same..]);
    parts.join("/")
}

impl GameRecord {
    /// The ids of the record's packs, in load order.
    pub fn pack_ids(&self) -> Vec<&str> {
        self.packs.iter().map(|p| p.id.as_str()).collect()
    }

    /// Is this engine's rules version and prelude the record's?
    pub fn check_rules(&self) -> Result<(), RecordError> {
        if self.rules_version != crate::version::RULES_VERSION {
            return Err(RecordError::RulesVersion {
                record: self.rules_version,
                engine: crate::version::RULES_VERSION,
            });
        }
        if self.prelude_sha256 != crate::version::prelude_hash() {
            return Err(RecordError::Prelude);
        }
        Ok(())
    }

    /// Refuses a catalog whose packs are not exactly the record's, naming every change.
    pub fn check_packs(&self, catalog: &Catalog) -> Result<(), RecordError> {
        self.check_rules()?;
        let changes = compare(&self.packs, &stamps(catalog));
        if changes.is_empty() {
            Ok(())
        } else {
            Err(RecordError::Packs(changes))
        }
    }

    /// The catalog of the record's packs from `library`, refused unless the rules, the
    /// prelude and every pack file are the ones the record was made with. Returns the
    /// catalog's warnings too.
    pub fn catalog(&self, library: &PackLibrary) -> Result<(Catalog, Diagnostics), RecordError> {
        self.check_rules()?;
        let missing: Vec<PackChange> = self
            .packs
            .iter()
            .filter(|p| library.get(&p.id).is_none())
            .map(|p| PackChange::Missing { pack: clip(&p.id) })
            .collect();
        if !missing.is_empty() {
            return Err(RecordError::Packs(missing));
        }
        let (catalog, warnings) = library
            .catalog(&self.pack_ids())
            .map_err(|d| RecordError::PacksUnusable(d.to_string()))?;
        self.check_packs(&catalog)?;
        Ok((catalog, warnings))
    }
}

/// How the packs at hand (`here`) differ from the record's.
fn compare(record: &[PackStamp], here: &[PackStamp]) -> Vec<PackChange> {
    let mut changes = Vec::new();
    for pack in record {
        let Some(now) = here.iter().find(|p| p.id == pack.id) else {
            changes.push(PackChange::Missing {
                pack: clip(&pack.id),
            });
            continue;
        };
        if now.version != pack.version {
            changes.push(PackChange::Version {
                pack: clip(&pack.id),
                record: clip(&pack.version),
                here: clip(&now.version),
            });
        }
        let mut files = Vec::new();
        for f in &pack.files {
            match now.files.iter().find(|g| g.path == f.path) {
                None => files.push((clip(&f.path), FileChange::Missing)),
                Some(g) if g.sha256 != f.sha256 => files.push((clip(&f.path), FileChange::Changed)),
                Some(_) => {}
            }
        }
        for g in &now.files {
            if !pack.files.iter().any(|f| f.path == g.path) {
                files.push((clip(&g.path), FileChange::New));
            }
        }
        if !files.is_empty() {
            changes.push(PackChange::Files {
                pack: clip(&pack.id),
                files,
            });
        }
    }
    for now in here {
        if !record.iter().any(|p| p.id == now.id) {
            changes.push(PackChange::Extra {
                pack: clip(&now.id),
            });
        }
    }
    if changes.is_empty() && record.iter().map(|p| &p.id).ne(here.iter().map(|p| &p.id)) {
        changes.push(PackChange::Order {
            record: record.iter().map(|p| clip(&p.id)).collect(),
            here: here.iter().map(|p| clip(&p.id)).collect(),
        });
    }
    changes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_relative_to_the_manifest() {
        assert_eq!(relative("cards", "cards/base.toml"), "base.toml");
        assert_eq!(
            relative("cards", "scripts/base/vorpal_sword.lua"),
            "../scripts/base/vorpal_sword.lua"
        );
        assert_eq!(
            relative("/tmp/x/cards/examples", "/tmp/x/scripts/a.lua"),
            "../../scripts/a.lua"
        );
        assert_eq!(relative("", "base.toml"), "base.toml");
    }

    fn file(path: &str, sha: &str) -> FileHash {
        FileHash {
            path: path.into(),
            sha256: sha.into(),
        }
    }

    #[test]
    fn every_change_is_named() {
        let record = vec![PackStamp {
            id: "base".into(),
            version: "1.0".into(),
            files: vec![
                file("base.toml", "aa"),
                file("a.lua", "bb"),
                file("b.lua", "cc"),
            ],
        }];
        assert!(compare(&record, &record).is_empty());
        let here = vec![
            PackStamp {
                id: "base".into(),
                version: "1.1".into(),
                files: vec![
                    file("base.toml", "aa"),
                    file("a.lua", "xx"),
                    file("c.lua", "dd"),
                ],
            },
            PackStamp {
                id: "extra".into(),
                version: "1".into(),
                files: vec![],
            },
        ];
        let changes = compare(&record, &here);
        assert_eq!(
            changes,
            vec![
                PackChange::Version {
                    pack: "base".into(),
                    record: "1.0".into(),
                    here: "1.1".into()
                },
                PackChange::Files {
                    pack: "base".into(),
                    files: vec![
                        ("a.lua".into(), FileChange::Changed),
                        ("b.lua".into(), FileChange::Missing),
                        ("c.lua".into(), FileChange::New),
                    ]
                },
                PackChange::Extra {
                    pack: "extra".into()
                },
            ]
        );
        assert_eq!(
            compare(&record, &[]),
            vec![PackChange::Missing {
                pack: "base".into()
            }]
        );
    }
}
