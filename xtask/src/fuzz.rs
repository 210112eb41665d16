//! `cargo xtask fuzz`: each fuzz target for a bounded time, with the committed seeds.
//!
//! Installs what it needs when missing: the nightly toolchain (cargo-fuzz needs its sanitizer
//! flags) and cargo-fuzz itself. Every chosen target is built first in one cargo call (so the
//! build uses every core), then the targets are fuzzed `--jobs` at a time, each with its output
//! kept and printed whole when it ends, so that two runs never interleave their lines. A crash
//! fails the task and leaves the input under `fuzz/artifacts/TARGET/`; once fixed, it goes to
//! `corpus/regressions/TARGET/` under a name that says what it was, where the stable replay
//! tests keep checking it.
//!
//! `.ci/run` starts the same build (`cargo +nightly fuzz build` with [`BUILD_FLAGS`]) in the
//! background at the lowest priority while its other checks run, so that the sanitizer build
//! takes the cores they leave idle; this task's build then finds nothing to do.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;

use crate::util::{self, Result};

/// Arguments of `cargo xtask fuzz`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// How long to run each target, in seconds.
    #[arg(long, default_value_t = 30)]
    seconds: u32,
    /// How many targets to fuzz at once (default: the available parallelism). Each libFuzzer
    /// process uses one core.
    #[arg(long)]
    jobs: Option<usize>,
    /// The one target to run (all of `fuzz/fuzz_targets/` when absent).
    target: Option<String>,
}

/// cargo-fuzz's build options, for `build` and `run` alike (a `run` with other options would
/// build again). cargo-fuzz gives release builds one codegen unit; sixteen let the largest
/// crates (arrow's, ours) compile on both cores, at a small cost in fuzzing speed.
pub(crate) const BUILD_FLAGS: [&str; 2] = ["--codegen-units", "16"];

pub(crate) fn run(args: &Args) -> Result {
    let root = util::root();
    let all = targets(&root)?;
    let chosen: Vec<String> = match &args.target {
        Some(name) if all.contains(name) => vec![name.clone()],
        Some(name) => {
            return Err(format!(
                "no fuzz target {name:?}; the targets are: {}",
                all.join(", ")
            ));
        }
        None => all,
    };

    ensure_nightly()?;
    ensure_cargo_fuzz()?;

    // One build of every chosen target: cargo spreads it over the cores, where a build per
    // `cargo fuzz run` would compile one target at a time.
    let mut build = util::rustup_cargo();
    build.args(["+nightly", "fuzz", "build"]).args(BUILD_FLAGS);
    build.args(args.target.as_deref());
    util::run(&mut build)?;

    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from))
        .clamp(1, chosen.len().max(1));
    let queue = Mutex::new(chosen.iter());
    let failed = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            scope.spawn(|| {
                loop {
                    let next = queue.lock().expect("no fuzz thread panics").next();
                    let Some(target) = next else { break };
                    if let Err(err) = fuzz_one(&root, target, args.seconds) {
                        eprintln!("xtask: {err}");
                        eprintln!("xtask: the crashing input is under fuzz/artifacts/{target}/");
                        failed
                            .lock()
                            .expect("no fuzz thread panics")
                            .push(target.clone());
                    }
                }
            });
        }
    });
    let mut failed = failed.into_inner().expect("no fuzz thread panics");
    if failed.is_empty() {
        Ok(())
    } else {
        failed.sort();
        Err(format!("fuzz target(s) failed: {}", failed.join(", ")))
    }
}

/// Fuzzes `target` for `seconds` from its committed seeds; its output (libFuzzer's progress and
/// final stats, or a crash report) is printed whole when the run ends.
fn fuzz_one(root: &Path, target: &str, seconds: u32) -> Result {
    // libFuzzer adds what it finds to the first directory (ignored by git); the committed
    // seeds and regressions are read only.
    let work = root.join("fuzz/corpus").join(target);
    std::fs::create_dir_all(&work)
        .map_err(|err| format!("cannot create {}: {err}", work.display()))?;
    let mut cmd = util::rustup_cargo();
    cmd.args(["+nightly", "fuzz", "run"])
        .args(BUILD_FLAGS)
        .arg(target)
        .arg(&work);
    for seeds in seed_dirs(root, target) {
        cmd.arg(seeds);
    }
    cmd.arg("--")
        .arg(format!("-max_total_time={seconds}"))
        .arg("-print_final_stats=1")
        .args(libfuzzer_flags(target));
    let started = std::time::Instant::now();
    let out = cmd
        .output()
        .map_err(|err| format!("cannot start cargo fuzz run {target}: {err}"))?;
    // One write for the whole report, so that targets running at once do not mix their lines.
    let mut report = format!(
        "== fuzz {target}: {} s, {} ({:.0} s with start-up)\n",
        seconds,
        if out.status.success() { "ok" } else { "FAILED" },
        started.elapsed().as_secs_f64()
    );
    report.push_str(&String::from_utf8_lossy(&out.stdout));
    report.push_str(&String::from_utf8_lossy(&out.stderr));
    eprint!("{report}");
    if out.status.success() {
        Ok(())
    } else {
        Err(format!("cargo fuzz run {target} failed ({})", out.status))
    }
}

/// The fuzz targets: the file stems of `fuzz/fuzz_targets/*.rs`, sorted.
pub(crate) fn targets(root: &Path) -> Result<Vec<String>> {
    let dir = root.join("fuzz/fuzz_targets");
    let entries =
        std::fs::read_dir(&dir).map_err(|err| format!("cannot read {}: {err}", dir.display()))?;
    let mut names: Vec<String> = entries
        .filter_map(|entry| {
            let path = entry.ok()?.path();
            (path.extension()? == "rs").then(|| path.file_stem()?.to_str().map(str::to_owned))?
        })
        .collect();
    names.sort();
    Ok(names)
}

/// The libFuzzer flags a target needs beyond the common ones.
///
/// `fmt_splice` runs `scoresheet fmt` in process (`export`, `scoresheet export`), which writes a diagnostic on stderr for
/// every bad game: its stderr is closed so that a run does not print one line per input
/// (libFuzzer's own report still prints; the panic message of a crash is then read by
/// replaying the artifact, `cargo +nightly fuzz run fmt_splice ARTIFACT`, or the stable tests).
///
/// `notation_descriptive` imports raw bytes as a book, which must take time linear in the text:
/// an input that takes over five seconds (libFuzzer's default allows twenty minutes) is a
/// crash, kept as one.
pub(crate) fn libfuzzer_flags(target: &str) -> &'static [&'static str] {
    match target {
        "fmt_splice" | "export" => &["-close_fd_mask=2"],
        "notation_descriptive" => &["-timeout=5"],
        _ => &[],
    }
}

/// The committed seed directories of `target` that exist: `corpus/TARGET` and
/// `corpus/regressions/TARGET`.
pub(crate) fn seed_dirs(root: &Path, target: &str) -> Vec<PathBuf> {
    [
        root.join("corpus").join(target),
        root.join("corpus/regressions").join(target),
    ]
    .into_iter()
    .filter(|dir| dir.is_dir())
    .collect()
}

fn ensure_nightly() -> Result {
    if util::succeeds(Command::new("rustup").args(["run", "nightly", "rustc", "--version"])) {
        return Ok(());
    }
    util::run(Command::new("rustup").args([
        "toolchain",
        "install",
        "nightly",
        "--profile",
        "minimal",
    ]))
}

fn ensure_cargo_fuzz() -> Result {
    if util::succeeds(util::rustup_cargo().args(["fuzz", "--version"])) {
        return Ok(());
    }
    util::run(util::cargo().args(["install", "cargo-fuzz", "--locked"]))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every target has committed seeds, so fuzzing never starts from nothing and the stable
    /// replay tests have something to replay.
    #[test]
    fn every_target_has_seeds() {
        let root = util::root();
        let targets = targets(&root).unwrap();
        assert!(!targets.is_empty());
        for target in targets {
            let dir = root.join("corpus").join(&target);
            let seeds = std::fs::read_dir(&dir)
                .unwrap_or_else(|err| panic!("{}: {err}", dir.display()))
                .count();
            assert!(seeds > 0, "no seeds in {}", dir.display());
        }
    }

    /// The flags name only targets that exist, so a renamed target does not lose them.
    #[test]
    fn flags_name_existing_targets() {
        let targets = targets(&util::root()).unwrap();
        assert!(targets.contains(&"fmt_splice".to_owned()));
        assert_eq!(libfuzzer_flags("fmt_splice"), ["-close_fd_mask=2"]);
        assert!(targets.contains(&"export".to_owned()));
        assert_eq!(libfuzzer_flags("export"), ["-close_fd_mask=2"]);
        assert!(targets.contains(&"notation_descriptive".to_owned()));
        assert_eq!(libfuzzer_flags("notation_descriptive"), ["-timeout=5"]);
        assert!(libfuzzer_flags("records").is_empty());
    }

    /// CI's fuzzing stays bounded: its seconds per target times the targets leave room, under
    /// six minutes, for each target's build check and seed replay (a few seconds each).
    #[test]
    fn ci_fuzzing_fits_its_budget() {
        let root = util::root();
        let script = std::fs::read_to_string(root.join(".ci/run")).unwrap();
        let seconds: u32 = script
            .lines()
            .find_map(|l| l.trim().strip_prefix("\"$xtask\" fuzz --seconds "))
            .expect(".ci/run fuzzes")
            .trim()
            .parse()
            .unwrap();
        let targets = u32::try_from(targets(&root).unwrap().len()).unwrap();
        assert!(
            seconds * targets <= 300,
            "{targets} targets x {seconds} s: lower the seconds in .ci/run"
        );
    }

    /// `.ci/run` builds the targets in the background with the options this task builds and
    /// runs them with, so that fuzzing does not build them again.
    #[test]
    fn ci_background_build_matches() {
        let script = std::fs::read_to_string(util::root().join(".ci/run")).unwrap();
        let build = format!("cargo +nightly fuzz build {}", BUILD_FLAGS.join(" "));
        assert!(
            script.lines().any(|l| l.contains(&build)),
            ".ci/run lacks `{build}`"
        );
    }

    /// The README's Fuzzing section says what each target checks.
    #[test]
    fn readme_names_every_target() {
        let root = util::root();
        let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
        let section = readme
            .split("\n## ")
            .find(|s| s.starts_with("Fuzzing"))
            .expect("the README has a Fuzzing section");
        for target in targets(&root).unwrap() {
            assert!(
                section.contains(&format!("`{target}`")),
                "the README's Fuzzing section does not name {target}"
            );
        }
    }

    /// Every target is declared in `fuzz/Cargo.toml` and replayed by `fuzz/tests/replay.rs`.
    #[test]
    fn every_target_is_declared_and_replayed() {
        let root = util::root();
        let manifest = std::fs::read_to_string(root.join("fuzz/Cargo.toml")).unwrap();
        let replay = std::fs::read_to_string(root.join("fuzz/tests/replay.rs")).unwrap();
        for target in targets(&root).unwrap() {
            assert!(
                manifest.contains(&format!("name = \"{target}\"")),
                "{target} missing in fuzz/Cargo.toml"
            );
            assert!(
                replay.contains(&format!("\"{target}\"")),
                "{target} not replayed by fuzz/tests/replay.rs"
            );
        }
    }
}
