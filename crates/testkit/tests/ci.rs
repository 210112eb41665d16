//! The corpus locator's promise, checked in a child process with its own environment: a
//! missing corpus skips a test, unless `CI` is set, where it fails it.

use std::process::Command;

/// Not a check by itself: what a corpus test does, run by the test below in a child.
#[test]
#[ignore = "run by a_missing_corpus_skips_but_fails_under_ci in a child process"]
fn probe_a_missing_corpus() {
    // Panics, failing the child, only where a corpus test must fail.
    let _ = testkit::corpus::shared("pdn");
}

/// Runs the probe with the corpus pointed at a folder that does not exist, and `CI` as given.
fn probe(ci: Option<&str>) -> bool {
    let mut child = Command::new(std::env::current_exe().unwrap());
    child
        .args(["--ignored", "--exact", "probe_a_missing_corpus"])
        .env(
            testkit::corpus::LOCATION_VARIABLE,
            std::env::temp_dir().join("testkit-no-such-corpus"),
        )
        .env_remove("CI");
    if let Some(value) = ci {
        child.env("CI", value);
    }
    child.output().unwrap().status.success()
}

#[test]
fn a_missing_corpus_skips_but_fails_under_ci() {
    assert!(probe(None), "no CI: skipped");
    assert!(probe(Some("false")), "CI=false: skipped");
    assert!(!probe(Some("true")), "CI=true: failed");
    assert!(!probe(Some("1")), "CI=1: failed");
}
