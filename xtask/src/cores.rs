//! `cargo xtask cores`: what a second core adds to `check`, `convert --to fr` and `fmt --check`.
//!
//! Writes a PGN of random games (or takes `--file`, a real lichess or TWIC sample), then runs
//! each command pinned with `taskset` to one core (`--jobs 1`) and to two (`--jobs 2`), in
//! alternating rounds (a busy shared host disturbs alternating rounds less than runs in a row),
//! and prints the best time of each and the ratio one-core time / two-core time: the goal of
//! issue 15 is 1.85 or more for `check` and `convert --to fr`. Needs a quiet host with two
//! free cores to mean anything.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::memory::{self, TempDir};
use crate::util::Result;

/// Arguments of `cargo xtask cores`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// Size of the generated PGN, in MiB (about 150 MB is the figure).
    #[arg(long, default_value_t = 150)]
    megabytes: u64,
    /// Time this file instead of generated games.
    #[arg(long)]
    file: Option<PathBuf>,
    /// Alternating rounds; the best time of each counts.
    #[arg(long, default_value_t = 3)]
    rounds: usize,
    /// The two cores to pin to, as `taskset -c` takes them; the first alone is the one core.
    #[arg(long, default_value = "0,1")]
    cores: String,
    /// Where the generated file is written (a temporary folder inside, removed at the end).
    #[arg(long, default_value_os_t = std::env::temp_dir())]
    dir: PathBuf,
    /// Measure the debug binary (quicker to build; the ratio means little).
    #[arg(long)]
    debug: bool,
}

/// The commands timed, as arguments before the file.
const COMMANDS: [&[&str]; 3] = [&["check"], &["convert", "--to", "fr"], &["fmt", "--check"]];

pub(crate) fn run(args: &Args) -> Result {
    if args.rounds == 0 {
        return Err("--rounds must be at least 1".to_owned());
    }
    let one = args
        .cores
        .split(',')
        .next()
        .filter(|c| !c.is_empty())
        .ok_or("--cores names no core")?
        .to_owned();
    let binary = memory::build(args.debug)?;
    let temp = TempDir::new(&args.dir)?;
    let path = match &args.file {
        Some(file) => file.clone(),
        None => {
            let (pgn, _) = benches::sample_pgn(20_000, 0x0005_ca1e_5eed);
            let games = memory::split_games(&pgn);
            let path = temp.0.join("games.pgn");
            memory::write_pgn(&path, &games, args.megabytes << 20)?;
            path
        }
    };
    let bytes = std::fs::metadata(&path).map_err(|e| e.to_string())?.len();
    println!("binary:  {}", binary.display());
    println!("input:   {} ({} MiB)", path.display(), bytes >> 20);
    println!(
        "{:<22} {:>11} {:>11} {:>9}",
        "command", "1 core", "2 cores", "1 / 2"
    );
    for command in COMMANDS {
        let mut best = [Duration::MAX; 2];
        for _ in 0..args.rounds {
            for (k, (cores, jobs)) in [(one.as_str(), "1"), (args.cores.as_str(), "2")]
                .into_iter()
                .enumerate()
            {
                best[k] = best[k].min(time(&binary, cores, jobs, command, &path)?);
            }
        }
        println!(
            "{:<22} {:>9.3} s {:>9.3} s {:>9.2}",
            command.join(" "),
            best[0].as_secs_f64(),
            best[1].as_secs_f64(),
            best[0].as_secs_f64() / best[1].as_secs_f64()
        );
    }
    Ok(())
}

/// The wall time of `taskset -c CORES scoresheet COMMAND --jobs JOBS FILE`, output discarded.
fn time(binary: &Path, cores: &str, jobs: &str, command: &[&str], path: &Path) -> Result<Duration> {
    let mut argv = vec![binary.display().to_string()];
    argv.extend(command.iter().map(|&a| a.to_owned()));
    argv.extend(["--quiet", "--jobs", jobs].map(str::to_owned));
    argv.push(path.display().to_string());
    pinned_time(cores, &argv)
}

/// The wall time of `taskset -c CORES ARGV...`, its output discarded: the timing of
/// `cargo xtask cores` and `cargo xtask pinned`.
pub(crate) fn pinned_time(cores: &str, argv: &[String]) -> Result<Duration> {
    let start = Instant::now();
    let out = Command::new("taskset")
        .args(["-c", cores])
        .args(argv)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .map_err(|e| format!("cannot run taskset (util-linux): {e}"))?;
    let wall = start.elapsed();
    // Exit status 1 is a game with an error, which real samples have; 2 and up, or a signal,
    // is a failure.
    if out.status.code().is_none_or(|c| c > 1) {
        return Err(format!(
            "`taskset -c {cores} {}` failed: {}",
            argv.join(" "),
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(wall)
}
