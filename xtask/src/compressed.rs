//! `cargo xtask compressed`: reading a zstd-compressed PGN against the same PGN uncompressed.
//!
//! Writes a PGN of random games, packs it as the lichess database does (pzstd's layout: zstd,
//! one frame every few MiB of text, each after a skippable frame giving its size) and as gzip,
//! then runs `scoresheet check` on each in alternating rounds (a busy shared host disturbs
//! alternating rounds less than runs in a row) and prints, per form, the best and the median
//! time, the throughput in uncompressed MB/s, and the ratio of the plain file's time to it: 1.0
//! means reading it packed costs nothing.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::memory::{self, TempDir};
use crate::util::Result;

/// Arguments of `cargo xtask compressed`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// Size of the uncompressed PGN, in MiB.
    #[arg(long, default_value_t = 128)]
    megabytes: u64,
    /// Alternating rounds; the best time of each form counts.
    #[arg(long, default_value_t = 5)]
    rounds: usize,
    /// Uncompressed bytes per zstd frame, in MiB (pzstd writes 4 MiB frames).
    #[arg(long, default_value_t = 4)]
    frame_megabytes: usize,
    /// Where the files are written (a temporary folder inside, removed at the end).
    #[arg(long, default_value_os_t = std::env::temp_dir())]
    dir: PathBuf,
    /// Measure the debug binary (quicker to build; the ratio means little).
    #[arg(long)]
    debug: bool,
    /// `scoresheet check --jobs N` (default: the binary's own, every core).
    #[arg(long)]
    jobs: Option<usize>,
}

pub(crate) fn run(args: &Args) -> Result {
    if args.rounds == 0 || args.frame_megabytes == 0 {
        return Err("--rounds and --frame-megabytes must be at least 1".to_owned());
    }
    let binary = memory::build(args.debug)?;
    let temp = TempDir::new(&args.dir)?;
    let (pgn, _) = benches::sample_pgn(4000, 0x0005_ca1e_5eed);
    let games = memory::split_games(&pgn);
    let plain = memory::write_pgn(&temp.0.join("games.pgn"), &games, args.megabytes << 20)?;
    let text = std::fs::read(&plain.path).map_err(|e| e.to_string())?;
    let zst = temp.0.join("games.pgn.zst");
    let mut packed = Vec::new();
    for frame in text.chunks(args.frame_megabytes << 20) {
        let frame = zstd::encode_all(frame, 3).map_err(|e| e.to_string())?;
        // pzstd's skippable frame: magic, content length 4, the size of the frame after it.
        packed.extend(0x184D_2A50u32.to_le_bytes());
        packed.extend(4u32.to_le_bytes());
        packed.extend(
            u32::try_from(frame.len())
                .map_err(|e| e.to_string())?
                .to_le_bytes(),
        );
        packed.extend(frame);
    }
    std::fs::write(&zst, &packed).map_err(|e| e.to_string())?;
    let gz = temp.0.join("games.pgn.gz");
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    encoder.write_all(&text).map_err(|e| e.to_string())?;
    std::fs::write(&gz, encoder.finish().map_err(|e| e.to_string())?).map_err(|e| e.to_string())?;
    drop(text);

    let forms: [(&str, &Path); 3] = [("plain", &plain.path), ("zstd", &zst), ("gzip", &gz)];
    println!("binary:  {}", binary.display());
    let jobs = args.jobs.map(|n| n.to_string());
    println!(
        "input:   {} MiB, {} games; zstd in {} MiB frames (pzstd layout): {} MiB; run: scoresheet \
         check {}FILE, {} rounds",
        plain.bytes >> 20,
        plain.games,
        args.frame_megabytes,
        packed.len() >> 20,
        jobs.as_ref()
            .map_or(String::new(), |n| format!("--jobs {n} ")),
        args.rounds,
    );
    let mut times: [Vec<Duration>; 3] = Default::default();
    let mut cpu: [Vec<f64>; 3] = Default::default();
    for _ in 0..args.rounds {
        for (k, (_, path)) in forms.iter().enumerate() {
            let before = children_cpu();
            times[k].push(time_check(&binary, path, jobs.as_deref(), plain.games)?);
            if let (Some(before), Some(after)) = (before, children_cpu()) {
                cpu[k].push(after - before);
            }
        }
    }
    for t in &mut times {
        t.sort();
    }
    for c in &mut cpu {
        c.sort_by(f64::total_cmp);
    }
    let best = |k: usize| times[k][0].as_secs_f64();
    let median = |k: usize| times[k][times[k].len() / 2].as_secs_f64();
    println!("wall time (the host's other load counts in it):");
    println!(
        "{:<6} {:>9} {:>9} {:>12} {:>15} {:>17}",
        "form", "best", "median", "MB/s (best)", "plain / this", "(medians)"
    );
    for (k, (name, _)) in forms.iter().enumerate() {
        println!(
            "{name:<6} {:>7.3} s {:>7.3} s {:>12.1} {:>15.2} {:>17.2}",
            best(k),
            median(k),
            plain.bytes as f64 / 1e6 / best(k),
            best(0) / best(k),
            median(0) / median(k),
        );
    }
    if cpu.iter().all(|c| c.len() == args.rounds) {
        // CPU time, user and system, of the run: what the work costs, whatever else runs.
        let best = |k: usize| cpu[k][0];
        let median = |k: usize| cpu[k][cpu[k].len() / 2];
        println!("CPU time (user + system, all threads):");
        println!(
            "{:<6} {:>9} {:>9} {:>15} {:>17}",
            "form", "best", "median", "plain / this", "(medians)"
        );
        for (k, (name, _)) in forms.iter().enumerate() {
            println!(
                "{name:<6} {:>7.2} s {:>7.2} s {:>15.2} {:>17.2}",
                best(k),
                median(k),
                best(0) / best(k),
                median(0) / median(k),
            );
        }
    }
    Ok(())
}

/// The CPU seconds (user and system) of this process's children that have ended, from
/// `/proc/self/stat` (Linux; `None` elsewhere). Clock ticks are taken as 100 a second, the
/// value Linux gives `sysconf(_SC_CLK_TCK)` on every architecture it runs on.
fn children_cpu() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The command name, in parentheses, may hold spaces: fields are counted after it.
    let (_, rest) = stat.rsplit_once(')')?;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // Fields 16 and 17 of the line (cutime, cstime) are the 14th and 15th after the name.
    let ticks = |k: usize| fields.get(k)?.parse::<f64>().ok();
    Some((ticks(13)? + ticks(14)?) / 100.0)
}

/// The wall time of `scoresheet check [--jobs N] FILE`, which must read all `games`.
fn time_check(binary: &Path, path: &Path, jobs: Option<&str>, games: u64) -> Result<Duration> {
    let start = Instant::now();
    let mut cmd = Command::new(binary);
    cmd.arg("check");
    if let Some(jobs) = jobs {
        cmd.args(["--jobs", jobs]);
    }
    let out = cmd
        .arg(path)
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("cannot run {}: {e}", binary.display()))?;
    let wall = start.elapsed();
    let said = String::from_utf8_lossy(&out.stdout);
    if !out.status.success() || !said.contains(&format!("checked {games} games")) {
        return Err(format!(
            "`scoresheet check {}` did not read all {games} games: {said}{}",
            path.display(),
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(wall)
}
