//! `cargo xtask dist-bench`: reading one file on a Dask cluster of 1, 2, ... workers against
//! the command line on one core.
//!
//! Writes random games packed as pzstd does (a skippable frame giving each frame's size, then
//! the frame), installs the wheel in a venv (the one `python/ci.sh` makes, packages from
//! `python/requirements-ci.txt`), times `scoresheet export --jobs 1` on the file, then runs
//! `python/bench/dist_bench.py`: per worker count, a warm `LocalCluster` of single-threaded
//! workers reads the file (`scoresheet.dask.read_pgn`, a few partitions per worker) in a few
//! rounds. Prints per-worker games/s and MB/s of text, p50/p95 task times, and per-worker
//! throughput over the command line's. On a machine with a core per worker, per-worker
//! throughput should stay flat from 1 to N workers and at least 0.8 of the command line's.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use crate::memory::{self, TempDir};
use crate::util::{self, Result};

/// Arguments of `cargo xtask dist-bench`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// Worker counts to measure, comma-separated.
    #[arg(long, default_value = "1,2", value_delimiter = ',')]
    workers: Vec<usize>,
    /// Random games in the file.
    #[arg(long, default_value_t = 20_000)]
    games: usize,
    /// Text per zstd frame, in KiB (the lichess files have about 8 MiB; smaller gives a small
    /// file enough frames to cut).
    #[arg(long, default_value_t = 1024)]
    frame_kib: usize,
    /// Partitions per worker.
    #[arg(long, default_value_t = 4)]
    partitions_per_worker: usize,
    /// Timed rounds per worker count (the best counts), and runs of the command line.
    #[arg(long, default_value_t = 3)]
    rounds: usize,
    /// Build the wheel and the binary with the dev profile (quick to build; a smoke test, the
    /// numbers mean little).
    #[arg(long)]
    debug: bool,
    /// Where the file is written (a temporary folder inside, removed at the end).
    #[arg(long, default_value_os_t = std::env::temp_dir())]
    dir: PathBuf,
}

/// What one worker count measured, as the Python half prints it.
struct Measured {
    workers: usize,
    partitions: usize,
    wall: f64,
    task_p50: f64,
    task_p95: f64,
    games_per_s_per_worker: f64,
    mb_per_s_per_worker: f64,
    workers_that_ran: usize,
}

/// The number after `"key": ` in a line of JSON the Python half printed.
fn field(line: &str, key: &str) -> Result<f64> {
    let (_, rest) = line
        .split_once(&format!("\"{key}\": "))
        .ok_or_else(|| format!("no {key} in {line}"))?;
    let end = rest.find([',', '}']).unwrap_or(rest.len());
    rest[..end]
        .trim()
        .parse()
        .map_err(|e| format!("{key} in {line}: {e}"))
}

impl Measured {
    fn parse(line: &str) -> Result<Measured> {
        Ok(Measured {
            workers: field(line, "workers")? as usize,
            partitions: field(line, "partitions")? as usize,
            wall: field(line, "wall")?,
            task_p50: field(line, "task_p50")?,
            task_p95: field(line, "task_p95")?,
            games_per_s_per_worker: field(line, "games_per_s_per_worker")?,
            mb_per_s_per_worker: field(line, "mb_per_s_per_worker")?,
            workers_that_ran: field(line, "workers_that_ran")? as usize,
        })
    }
}

/// `text` as pzstd packs it: frames of `frame` bytes of text, each after a skippable frame
/// that gives its packed size.
fn pzstd(text: &[u8], frame: usize) -> Result<Vec<u8>> {
    let mut packed = Vec::new();
    for piece in text.chunks(frame.max(1)) {
        let compressed = zstd::encode_all(piece, 3).map_err(|e| e.to_string())?;
        packed.extend_from_slice(&0x184D_2A50_u32.to_le_bytes());
        packed.extend_from_slice(&4_u32.to_le_bytes());
        let size = u32::try_from(compressed.len()).map_err(|e| e.to_string())?;
        packed.extend_from_slice(&size.to_le_bytes());
        packed.extend(compressed);
    }
    Ok(packed)
}

/// The venv's python with the wheel of this checkout installed, built with the release
/// profile (or dev with `debug`).
fn python_with_wheel(debug: bool) -> Result<PathBuf> {
    let root = util::root();
    let venv = root.join("target/python-venv");
    let python = venv.join("bin/python");
    if !python.is_file() {
        util::run(Command::new("python3").args(["-m", "venv"]).arg(&venv))?;
    }
    let pip = |args: &[&str]| {
        util::run(
            Command::new(&python)
                .args([
                    "-m",
                    "pip",
                    "install",
                    "--quiet",
                    "--disable-pip-version-check",
                ])
                .args(args)
                .current_dir(&root),
        )
    };
    pip(&["-r", "python/requirements-ci.txt"])?;
    let out = root.join(if debug {
        "target/wheels-bench-dev"
    } else {
        "target/wheels-bench"
    });
    let _ = std::fs::remove_dir_all(&out);
    util::run(
        Command::new(venv.join("bin/maturin"))
            .args(["build", "--profile", if debug { "dev" } else { "release" }])
            .arg("--interpreter")
            .arg(&python)
            .arg("--out")
            .arg(&out)
            .current_dir(&root),
    )?;
    let wheel = std::fs::read_dir(&out)
        .map_err(|e| format!("cannot list {}: {e}", out.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .find(|p| p.extension().is_some_and(|x| x == "whl"))
        .ok_or_else(|| format!("maturin wrote no wheel in {}", out.display()))?;
    let wheel = wheel.display().to_string();
    pip(&["--force-reinstall", "--no-deps", &wheel])?;
    Ok(python)
}

/// The best time of `scoresheet export --jobs 1` on `path`, in `rounds` runs.
fn time_cli(binary: &Path, path: &Path, out: &Path, rounds: usize) -> Result<Duration> {
    let mut best = Duration::MAX;
    for _ in 0..rounds.max(1) {
        let start = Instant::now();
        let status = Command::new(binary)
            .args(["export", "--quiet", "--jobs", "1", "--format", "ipc", "-o"])
            .arg(out)
            .arg(path)
            .status()
            .map_err(|e| format!("cannot start {}: {e}", binary.display()))?;
        // 1: some games have errors; they are rows all the same.
        if !matches!(status.code(), Some(0 | 1)) {
            return Err(format!("scoresheet export failed ({status})"));
        }
        best = best.min(start.elapsed());
    }
    Ok(best)
}

pub(crate) fn run(args: &Args) -> Result {
    if args.workers.is_empty() || args.workers.contains(&0) || args.games == 0 {
        return Err("--workers takes counts of at least 1, --games at least 1".to_owned());
    }
    let binary = memory::build(args.debug)?;
    let python = python_with_wheel(args.debug)?;
    let temp = TempDir::new(&args.dir)?;
    let (pgn, _) = benches::sample_pgn(args.games, 0x0005_ca1e_5eed);
    let path = temp.0.join("games.pgn.zst");
    let packed = pzstd(pgn.as_bytes(), args.frame_kib << 10)?;
    std::fs::write(&path, &packed).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    let text_mb = pgn.len() as f64 / 1e6;

    let cli = time_cli(&binary, &path, &temp.0.join("out.arrow"), args.rounds)?.as_secs_f64();
    let cli_games = args.games as f64 / cli;
    println!("binary:  {}", binary.display());
    println!(
        "input:   {} games, {text_mb:.1} MB of text in {} KiB pzstd frames ({:.1} MB packed)",
        args.games,
        args.frame_kib,
        packed.len() as f64 / 1e6
    );
    println!(
        "cli:     scoresheet export --jobs 1: {cli:.3} s, {cli_games:.0} games/s, {:.1} MB/s",
        text_mb / cli
    );

    let workers: Vec<String> = args.workers.iter().map(ToString::to_string).collect();
    let printed = util::output(
        Command::new(&python)
            .arg(util::root().join("python/bench/dist_bench.py"))
            .arg(&path)
            .arg(args.games.to_string())
            .arg(pgn.len().to_string())
            .arg("--workers")
            .arg(workers.join(","))
            .arg("--partitions-per-worker")
            .arg(args.partitions_per_worker.to_string())
            .arg("--rounds")
            .arg(args.rounds.to_string()),
    )?;
    println!(
        "{:>7} {:>10} {:>8} {:>14} {:>12} {:>9} {:>9} {:>10}",
        "workers",
        "partitions",
        "wall",
        "games/s/worker",
        "MB/s/worker",
        "task p50",
        "task p95",
        "/ cli"
    );
    for line in printed.lines().filter(|l| l.starts_with('{')) {
        let m = Measured::parse(line)?;
        println!(
            "{:>7} {:>10} {:>6.3} s {:>14.0} {:>12.1} {:>7.3} s {:>7.3} s {:>10.2}",
            m.workers,
            m.partitions,
            m.wall,
            m.games_per_s_per_worker,
            m.mb_per_s_per_worker,
            m.task_p50,
            m.task_p95,
            m.games_per_s_per_worker / cli_games
        );
        if m.workers_that_ran != m.workers {
            return Err(format!(
                "{} workers: only {} ran tasks",
                m.workers, m.workers_that_ran
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_python_halfs_line() {
        let line = r#"{"workers": 2, "partitions": 8, "games": 100, "wall": 1.5, "walls": [1.5, 1.6], "task_p50": 0.25, "task_p95": 0.5, "task_mean": 0.3, "workers_that_ran": 2, "games_per_s_per_worker": 33.3, "mb_per_s_per_worker": 4.5}"#;
        let m = Measured::parse(line).unwrap();
        assert_eq!((m.workers, m.partitions, m.workers_that_ran), (2, 8, 2));
        assert_eq!((m.wall, m.task_p95, m.mb_per_s_per_worker), (1.5, 0.5, 4.5));
        assert!(Measured::parse(r#"{"workers": 2}"#).is_err());
    }

    #[test]
    fn packs_as_pzstd() {
        let text = b"[Event \"a\"]\n\n1. e4 *\n".repeat(100);
        let packed = pzstd(&text, 500).unwrap();
        assert_eq!(&packed[..4], &0x184D_2A50_u32.to_le_bytes());
        let size = u32::from_le_bytes(packed[8..12].try_into().unwrap()) as usize;
        let first = zstd::decode_all(&packed[12..12 + size]).unwrap();
        assert_eq!(first, &text[..500]);
    }
}
