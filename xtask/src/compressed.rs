//! `cargo xtask compressed`: reading a zstd-compressed PGN against the same PGN uncompressed.
//!
//! Writes a PGN of random games, packs it as the lichess database does (zstd, one frame every
//! few MiB, frames one after the other) and as gzip, then runs `scoresheet check` on each in
//! alternating rounds (a busy shared host disturbs alternating rounds less than runs in a row)
//! and prints, per form, the best time, the throughput in uncompressed MB/s, and the ratio of
//! the plain file's time to it: 1.0 means reading it packed costs nothing.

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
        packed.extend(zstd::encode_all(frame, 3).map_err(|e| e.to_string())?);
    }
    std::fs::write(&zst, &packed).map_err(|e| e.to_string())?;
    let gz = temp.0.join("games.pgn.gz");
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    encoder.write_all(&text).map_err(|e| e.to_string())?;
    std::fs::write(&gz, encoder.finish().map_err(|e| e.to_string())?).map_err(|e| e.to_string())?;
    drop(text);

    let forms: [(&str, &Path); 3] = [("plain", &plain.path), ("zstd", &zst), ("gzip", &gz)];
    println!("binary:  {}", binary.display());
    println!(
        "input:   {} MiB, {} games; zstd in {} MiB frames: {} MiB; run: scoresheet check FILE",
        plain.bytes >> 20,
        plain.games,
        args.frame_megabytes,
        packed.len() >> 20
    );
    let mut best = [Duration::MAX; 3];
    for _ in 0..args.rounds {
        for (k, (_, path)) in forms.iter().enumerate() {
            best[k] = best[k].min(time_check(&binary, path, plain.games)?);
        }
    }
    println!(
        "{:<6} {:>9} {:>12} {:>15}",
        "form", "best", "MB/s", "plain / this"
    );
    for ((name, _), time) in forms.iter().zip(best) {
        println!(
            "{name:<6} {:>7.3} s {:>12.1} {:>15.2}",
            time.as_secs_f64(),
            plain.bytes as f64 / 1e6 / time.as_secs_f64(),
            best[0].as_secs_f64() / time.as_secs_f64()
        );
    }
    Ok(())
}

/// The wall time of `scoresheet check FILE`, which must read all `games`.
fn time_check(binary: &Path, path: &Path, games: u64) -> Result<Duration> {
    let start = Instant::now();
    let out = Command::new(binary)
        .arg("check")
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
