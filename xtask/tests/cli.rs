//! The `xtask` binary as CI runs it: `.ci/run` calls the binary `cargo test --workspace` builds
//! (this test is what makes cargo build it there), so its argument checks are tested here, on
//! the binary, before any task starts work.

use std::process::Command;

fn xtask(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(args)
        .output()
        .expect("the xtask binary runs")
}

/// An unknown fuzz target is refused with the list of targets, before nightly or cargo-fuzz
/// are looked for.
#[test]
fn an_unknown_fuzz_target_lists_the_targets() {
    let out = xtask(&["fuzz", "--seconds", "1", "no_such_target"]);
    assert!(!out.status.success());
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("no fuzz target \"no_such_target\""), "{said}");
    assert!(said.contains("records"), "{said}");
}

/// `memory --binary` measures the binary given and refuses a path that is not one, before
/// writing any PGN.
#[test]
fn memory_refuses_a_missing_binary() {
    let out = xtask(&[
        "memory",
        "--megabytes",
        "8",
        "--ratio",
        "2",
        "--binary",
        "/no/such/scoresheet",
    ]);
    assert!(!out.status.success());
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("no scoresheet binary at /no/such/scoresheet"),
        "{said}"
    );
}

/// `--binary` and `--debug` say two different things about which binary to measure.
#[test]
fn memory_binary_and_debug_conflict() {
    let out = xtask(&["memory", "--debug", "--binary", "target/debug/scoresheet"]);
    assert_eq!(out.status.code(), Some(2));
}
