//! Every dependency of every member is pinned once, in the root's `[workspace.dependencies]`:
//! a member writes `foo.workspace = true`, so two crates cannot drift to two versions.

use std::path::{Path, PathBuf};

/// The manifests of the workspace members: `crates/*`, `benches` and `xtask` (fuzz/ is a
/// workspace of its own).
fn member_manifests(root: &Path) -> Vec<PathBuf> {
    let mut manifests: Vec<PathBuf> = std::fs::read_dir(root.join("crates"))
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path().join("Cargo.toml")))
        .filter(|p| p.is_file())
        .collect();
    manifests.push(root.join("benches/Cargo.toml"));
    manifests.push(root.join("xtask/Cargo.toml"));
    manifests.sort();
    manifests
}

/// The dependency lines of a manifest that do not inherit from the workspace, as
/// `file:line: text`.
fn pinned_here(manifest: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(manifest).unwrap();
    let mut in_dependencies = false;
    let mut found = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.starts_with('[') {
            in_dependencies = line
                .trim_matches(|c| c == '[' || c == ']')
                .ends_with("dependencies");
            continue;
        }
        if !in_dependencies || line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (name, value) = line.split_once('=').unwrap_or((line, ""));
        let inherits = name.trim().ends_with(".workspace")
            || value.replace(' ', "").contains("workspace=true");
        if !inherits {
            found.push(format!("{}:{}: {line}", manifest.display(), number + 1));
        }
    }
    found
}

#[test]
fn every_member_dependency_comes_from_the_workspace() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let manifests = member_manifests(&root);
    assert!(manifests.len() >= 12, "{manifests:?}");
    let pinned: Vec<String> = manifests.iter().flat_map(|m| pinned_here(m)).collect();
    assert_eq!(pinned, Vec::<String>::new());
}
