//! The shared corpus: real records this project did not write, kept beside the checkout in
//! `../shared/corpus` and never copied into it.
//!
//! A developer without the folder still gets a green `cargo test`: each test that needs it
//! skips with a note on stderr. CI must not pass that way, so when the `CI` variable is set
//! (as CI services set it) a missing folder or file fails the test instead.
//!
//! # Examples
//!
//! ```
//! // `None` (a note, or a failure under CI) when the corpus is absent.
//! if let Some(dir) = testkit::corpus::shared("pdn/succeed") {
//!     let files = testkit::corpus::files(&dir, "pdn");
//!     assert!(!files.is_empty());
//! }
//! ```

use std::path::{Path, PathBuf};

/// The variable that moves the shared corpus elsewhere.
pub const LOCATION_VARIABLE: &str = "SCORESHEET_SHARED_CORPUS";

/// Where the shared corpus is looked for: `$SCORESHEET_SHARED_CORPUS`, or `../shared/corpus`
/// beside the workspace root, whether it is there or not.
pub fn location() -> PathBuf {
    match std::env::var_os(LOCATION_VARIABLE) {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        // This crate is `crates/testkit` of the workspace: two levels below the root.
        _ => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus"),
    }
}

/// Whether a CI run is asking: `CI` set to anything but empty, `0` or `false`.
pub fn under_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "0" && !v.eq_ignore_ascii_case("false"))
}

/// The file or folder `relative` of the shared corpus, or `None` when it is absent: a note on
/// stderr outside CI.
///
/// # Panics
///
/// When it is absent and [`under_ci`]: a CI run must not pass by skipping.
#[track_caller]
pub fn shared(relative: &str) -> Option<PathBuf> {
    let path = location().join(relative);
    if path.exists() {
        return Some(path);
    }
    absent(&path);
    None
}

/// The bytes of the file `relative` of the shared corpus; `None` as [`shared`] says.
///
/// # Panics
///
/// As [`shared`], and when the file is there but cannot be read.
#[track_caller]
pub fn read(relative: &str) -> Option<Vec<u8>> {
    let path = shared(relative)?;
    Some(std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
}

/// The text of the file `relative` of the shared corpus; `None` as [`shared`] says.
///
/// # Panics
///
/// As [`read`], and when the file is not UTF-8.
#[track_caller]
pub fn read_to_string(relative: &str) -> Option<String> {
    let path = shared(relative)?;
    Some(std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
}

/// Says that `path` is absent: a note, or a failure under CI.
///
/// # Panics
///
/// When [`under_ci`].
#[track_caller]
pub fn absent(path: &Path) {
    assert!(
        !under_ci(),
        "{} is missing and CI is set: the corpus tests must run (set {LOCATION_VARIABLE} to \
         the folder)",
        path.display()
    );
    eprintln!(
        "note: {} is absent; test skipped (set {LOCATION_VARIABLE} to the folder)",
        path.display()
    );
}

/// The files of `dir` whose name ends in `.ext`, sorted, so tests see them in one order.
///
/// # Panics
///
/// When `dir` cannot be read: a corpus folder found by [`shared`] must be readable.
#[track_caller]
pub fn files(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == ext))
        .collect();
    files.sort();
    files
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The default location is the one the corpus README gives: beside the checkout.
    #[test]
    fn the_default_location_is_beside_the_checkout() {
        if std::env::var_os(LOCATION_VARIABLE).is_some() {
            return;
        }
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        assert!(root.join("Cargo.toml").is_file());
        assert_eq!(location(), root.join("../shared/corpus"));
    }
}
