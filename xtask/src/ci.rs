//! `cargo xtask ci`: the checks `.ci/run` makes, in the same order, for running them locally.
//!
//! `.ci/run` stays a plain bash script (CI starts on a fresh machine and installs tools first);
//! a test keeps the two lists in step.

use crate::util::{self, Result};

/// Arguments of `cargo xtask ci`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// Seconds of fuzzing per target (0 skips fuzzing), as `.ci/run` gives.
    #[arg(long, default_value_t = 10)]
    fuzz_seconds: u32,
}

/// The steps of CI, in order; fuzzing comes last. A step is a cargo invocation without the
/// leading `cargo`, or one of ours when it starts with `xtask`: `.ci/run` runs those with the
/// `xtask` binary `cargo test --workspace` built (`"$xtask" memory ...`), since `cargo xtask`
/// would build it again with the features of xtask's own dependencies (cargo unifies features
/// over the packages it builds), a few minutes of CI.
pub(crate) const STEPS: [&[&str]; 8] = [
    &["fmt", "--all", "--check"],
    &["fmt", "--manifest-path", "fuzz/Cargo.toml", "--check"],
    &[
        "clippy",
        "--workspace",
        "--all-targets",
        "--",
        "-D",
        "warnings",
    ],
    &[
        "clippy",
        "--manifest-path",
        "fuzz/Cargo.toml",
        "--all-targets",
        "--features",
        "cli-export",
        "--",
        "-D",
        "warnings",
    ],
    // Every bench runs once here too, untimed: their targets say `test = true`.
    &["test", "--workspace"],
    &[
        "test",
        "--manifest-path",
        "fuzz/Cargo.toml",
        "--features",
        "cli-export",
    ],
    &[
        "xtask",
        "memory",
        "--megabytes",
        "64",
        "--ratio",
        "8",
        "--binary",
        "target/debug/scoresheet",
    ],
    &["xtask", "fuzz", "--seconds"],
];

/// A step as `.ci/run` writes it.
fn script_line(step: &[&str]) -> String {
    match step.split_first() {
        Some((&"xtask", rest)) => format!("\"$xtask\" {}", rest.join(" ")),
        _ => format!("cargo {}", step.join(" ")),
    }
}

/// Runs one step: cargo, or this very binary for our own tasks.
fn run_step(step: &[&str]) -> Result {
    eprintln!("== {}", script_line(step));
    match step.split_first() {
        Some((&"xtask", rest)) => util::run(
            std::process::Command::new(current_exe()?)
                .args(rest)
                .current_dir(util::root()),
        ),
        _ => util::run(util::cargo().args(step)),
    }
}

fn current_exe() -> Result<std::path::PathBuf> {
    std::env::current_exe().map_err(|err| format!("cannot find the xtask binary: {err}"))
}

/// The Python package's step (venv, wheel, pytest with a Dask cluster), after the cargo
/// checks and before fuzzing: a script, as it runs pip and maturin, not cargo.
pub(crate) const PYTHON: [&str; 2] = ["bash", "python/ci.sh"];

pub(crate) fn run(args: &Args) -> Result {
    let (fuzz, checks) = STEPS.split_last().expect("CI has steps");
    for step in checks {
        run_step(step)?;
    }
    eprintln!("== {}", PYTHON.join(" "));
    util::run(
        std::process::Command::new(PYTHON[0])
            .args(&PYTHON[1..])
            .env("XTASK", current_exe()?)
            .current_dir(util::root()),
    )?;
    if args.fuzz_seconds > 0 {
        let seconds = args.fuzz_seconds.to_string();
        let mut step = fuzz.to_vec();
        step.push(&seconds);
        run_step(&step)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `.ci/run` runs every step of `cargo xtask ci`, in the same order, the Python step
    /// just before fuzzing.
    #[test]
    fn ci_script_runs_the_same_steps() {
        let script = std::fs::read_to_string(util::root().join(".ci/run")).unwrap();
        let (fuzz, checks) = STEPS.split_last().unwrap();
        let python = PYTHON.join(" ");
        let lines = checks
            .iter()
            .map(|step| script_line(step))
            .chain([python, script_line(fuzz)]);
        let mut from = 0;
        for line in lines {
            let at = script[from..]
                .find(&line)
                .unwrap_or_else(|| panic!(".ci/run lacks `{line}` (or has it out of order)"));
            from += at + line.len();
        }
    }

    /// The script `cargo xtask ci` and `.ci/run` call is there.
    #[test]
    fn python_step_exists() {
        assert!(util::root().join(PYTHON[1]).is_file());
    }

    /// The README's test command, the second line of its first code block, is what CI runs.
    #[test]
    fn readme_test_command_is_the_ci_one() {
        let readme = std::fs::read_to_string(util::root().join("README.md")).unwrap();
        let block = readme
            .split("```")
            .nth(1)
            .expect("README opens with a code block");
        let commands: Vec<&str> = block.lines().skip(1).filter(|l| !l.is_empty()).collect();
        assert_eq!(
            commands.len(),
            2,
            "two commands for a newcomer: {commands:?}"
        );
        assert_eq!(commands[1], "cargo test --workspace");
        let script = std::fs::read_to_string(util::root().join(".ci/run")).unwrap();
        assert!(script.lines().any(|l| l.trim() == commands[1]));
    }
}
