//! `cargo xtask memory`: shows that `scoresheet convert` and `check` run in bounded memory. Writes
//! a large PGN and one a fraction of its size, runs the release binary on each, measures its peak
//! resident memory, and fails when the large file needs much more than the small one.
//!
//! The peak is read from `/proc/PID/status` (`VmHWM`, the kernel's high-water mark of resident
//! memory) every few milliseconds while the child runs: it only grows, so the last value read
//! before the child exits is its peak, short of what it may add in its last poll interval. The
//! other ways need more than std gives: `wait4` returns one child's `rusage` but std does not
//! expose it (libc would need `unsafe`, denied here, and a safe wrapper such as rustix or nix would
//! be a dependency for one number); `getrusage(RUSAGE_CHILDREN)` is safe to wrap but reports the
//! largest of all children waited for, `cargo build` included, and never goes down, so two runs
//! in one process could not be told apart. Linux only, like `/proc`.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::util::{self, Result};

/// Arguments of `cargo xtask memory`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// Size of the large PGN, in MiB.
    #[arg(long, default_value_t = 1024)]
    megabytes: u64,
    /// The small PGN is this many times smaller.
    #[arg(long, default_value_t = 16)]
    ratio: u64,
    /// Distinct random games written, repeated until the size is reached.
    #[arg(long, default_value_t = 4000)]
    games: usize,
    /// The large file may take twice the small one's peak plus this many MiB.
    #[arg(long, default_value_t = 16)]
    margin: u64,
    /// Where the files are written (a temporary folder inside, removed at the end).
    #[arg(long, default_value_os_t = std::env::temp_dir())]
    dir: PathBuf,
    /// Build and measure the debug binary instead of the release one (quicker to build in CI).
    #[arg(long)]
    debug: bool,
    /// Measure this `scoresheet` binary instead of building one: CI passes the debug binary
    /// `cargo test --workspace` built, which a `cargo build -p scoresheet` would build again
    /// (cargo unifies the features of one package's dependencies, not the workspace's).
    #[arg(long, conflicts_with = "debug")]
    binary: Option<PathBuf>,
}

/// One run of the binary on one file.
#[derive(Debug, Clone, Copy)]
struct Run {
    wall: Duration,
    /// Peak resident memory, in KiB.
    peak_kib: u64,
}

/// One PGN written for the runs.
pub(crate) struct Pgn {
    pub(crate) path: PathBuf,
    pub(crate) bytes: u64,
    pub(crate) games: u64,
}

pub(crate) fn run(args: &Args) -> Result {
    if args.ratio < 2 || args.megabytes < args.ratio {
        return Err("--megabytes must be at least --ratio, and --ratio at least 2".to_owned());
    }
    let binary = match &args.binary {
        Some(path) if path.is_file() => path.clone(),
        Some(path) => return Err(format!("no scoresheet binary at {}", path.display())),
        None => build(args.debug)?,
    };
    let temp = TempDir::new(&args.dir)?;
    let (pgn, _) = benches::sample_pgn(args.games, 0x0005_ca1e_5eed);
    let games = split_games(&pgn);
    let small = write_pgn(
        &temp.0.join("small.pgn"),
        &games,
        (args.megabytes << 20) / args.ratio,
    )?;
    let large = write_pgn(&temp.0.join("large.pgn"), &games, args.megabytes << 20)?;

    let commands: [(&str, &[&str]); 2] = [
        ("convert", &["convert", "--to", "uci", "-o", "/dev/null"]),
        ("check", &["check"]),
    ];
    println!("binary:  {}", binary.display());
    for pgn in [&small, &large] {
        println!(
            "input:   {} ({} bytes, {} games)",
            pgn.path.display(),
            pgn.bytes,
            pgn.games
        );
    }
    for (_, command) in commands {
        println!("run:     scoresheet {} FILE", command.join(" "));
    }
    println!(
        "{:<8} {:>10} {:>9} {:>9} {:>8} {:>9} {:>10}",
        "command", "size", "games", "wall", "MB/s", "games/s", "peak RSS"
    );
    let mut failures = Vec::new();
    for (name, command) in commands {
        let mut peaks = Vec::new();
        for pgn in [&small, &large] {
            let run = measure(&binary, command, pgn, &temp.0)?;
            let seconds = run.wall.as_secs_f64();
            println!(
                "{name:<8} {:>6} MiB {:>9} {:>7.2} s {:>8.1} {:>9.0} {:>6.1} MiB",
                pgn.bytes >> 20,
                pgn.games,
                seconds,
                pgn.bytes as f64 / 1e6 / seconds,
                pgn.games as f64 / seconds,
                run.peak_kib as f64 / 1024.0,
            );
            peaks.push(run.peak_kib);
        }
        let (small_peak, large_peak) = (peaks[0], peaks[1]);
        let limit = 2 * small_peak + (args.margin << 10);
        if large_peak > limit {
            failures.push(format!(
                "{name}: {:.1} MiB on the large file, over 2 x {:.1} MiB + {} MiB",
                large_peak as f64 / 1024.0,
                small_peak as f64 / 1024.0,
                args.margin
            ));
        }
    }
    if failures.is_empty() {
        println!(
            "bounded: peak RSS on the {}x larger file stays within 2x the small one's + {} MiB",
            args.ratio, args.margin
        );
        Ok(())
    } else {
        Err(format!(
            "memory grows with the input: {}",
            failures.join("; ")
        ))
    }
}

/// Builds the `scoresheet` binary and returns its path, as cargo reports it.
pub(crate) fn build(debug: bool) -> Result<PathBuf> {
    let mut cmd = util::cargo();
    cmd.args(["build", "-p", "scoresheet", "--bin", "scoresheet"]);
    if !debug {
        cmd.arg("--release");
    }
    cmd.arg("--message-format=json-render-diagnostics");
    let messages = util::output(&mut cmd)?;
    messages
        .lines()
        .filter(|line| line.contains(r#""reason":"compiler-artifact""#))
        .find_map(executable)
        .ok_or_else(|| "cargo built no scoresheet binary".to_owned())
}

/// The `executable` of a cargo `compiler-artifact` message, when it names one.
pub(crate) fn executable(message: &str) -> Option<PathBuf> {
    let (_, rest) = message.split_once(r#""executable":""#)?;
    let (path, _) = rest.split_once('"')?;
    Some(PathBuf::from(path))
}

/// The games of a PGN as slices, each from its `[Event` tag to the next one.
pub(crate) fn split_games(pgn: &str) -> Vec<&str> {
    let starts: Vec<usize> = pgn.match_indices("[Event ").map(|(at, _)| at).collect();
    starts
        .iter()
        .zip(starts.iter().skip(1).chain([&pgn.len()]))
        .map(|(&from, &to)| &pgn[from..to])
        .collect()
}

/// Writes `games` over and over, whole games only, until `size` bytes are reached; streamed,
/// so the file never sits in memory.
pub(crate) fn write_pgn(path: &Path, games: &[&str], size: u64) -> Result<Pgn> {
    let failed = |e: std::io::Error| format!("cannot write {}: {e}", path.display());
    let mut out = BufWriter::with_capacity(1 << 20, File::create(path).map_err(failed)?);
    let (mut bytes, mut count) = (0, 0);
    'fill: loop {
        for game in games {
            if bytes >= size {
                break 'fill;
            }
            out.write_all(game.as_bytes()).map_err(failed)?;
            bytes += game.len() as u64;
            count += 1;
        }
    }
    out.flush().map_err(failed)?;
    Ok(Pgn {
        path: path.to_owned(),
        bytes,
        games: count,
    })
}

/// Runs `binary command FILE`, watching its peak memory; checks that it read every game.
fn measure(binary: &Path, command: &[&str], pgn: &Pgn, temp: &Path) -> Result<Run> {
    let stdout = temp.join("stdout");
    let stderr = temp.join("stderr");
    let create = |path: &Path| {
        File::create(path).map_err(|e| format!("cannot create {}: {e}", path.display()))
    };
    let mut cmd = Command::new(binary);
    cmd.args(command)
        .arg(&pgn.path)
        .stdin(Stdio::null())
        .stdout(create(&stdout)?)
        .stderr(create(&stderr)?);
    let shown = format!(
        "{} {} {}",
        binary.display(),
        command.join(" "),
        pgn.path.display()
    );
    let start = Instant::now();
    let mut child = cmd
        .spawn()
        .map_err(|e| format!("cannot start `{shown}`: {e}"))?;
    let status_file = PathBuf::from(format!("/proc/{}/status", child.id()));
    let mut peak_kib = 0;
    let status = loop {
        if let Some(status) = child.try_wait().map_err(|e| e.to_string())? {
            break status;
        }
        // Gone between the two calls: it has exited, the next try_wait says how.
        if let Ok(text) = std::fs::read_to_string(&status_file) {
            peak_kib = peak_kib.max(vm_hwm(&text).unwrap_or(0));
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let wall = start.elapsed();
    let said = std::fs::read_to_string(&stdout).unwrap_or_default()
        + &std::fs::read_to_string(&stderr).unwrap_or_default();
    if !status.success() {
        return Err(format!("`{shown}` failed ({status}):\n{said}"));
    }
    let expected = [
        format!("converted {0} of {0} games", pgn.games),
        format!("checked {} games", pgn.games),
    ];
    if !expected.iter().any(|line| said.contains(line.as_str())) {
        return Err(format!(
            "`{shown}` did not read all {} games:\n{said}",
            pgn.games
        ));
    }
    if peak_kib == 0 {
        return Err(format!("could not read the memory of `{shown}` in /proc"));
    }
    Ok(Run { wall, peak_kib })
}

/// `VmHWM:    12345 kB` of `/proc/PID/status`, in KiB.
fn vm_hwm(status: &str) -> Option<u64> {
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line["VmHWM:".len()..]
        .trim()
        .strip_suffix("kB")?
        .trim()
        .parse()
        .ok()
}

/// A folder removed, with everything in it, when dropped (also when a run fails).
pub(crate) struct TempDir(pub(crate) PathBuf);

impl TempDir {
    pub(crate) fn new(parent: &Path) -> Result<TempDir> {
        let path = parent.join(format!("scoresheet-memory-{}", std::process::id()));
        std::fs::create_dir_all(&path)
            .map_err(|e| format!("cannot create {}: {e}", path.display()))?;
        Ok(TempDir(path))
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_high_water_mark() {
        let status =
            "Name:\tscoresheet\nVmPeak:\t  120000 kB\nVmHWM:\t    8692 kB\nVmRSS:\t 8000 kB\n";
        assert_eq!(vm_hwm(status), Some(8692));
        assert_eq!(vm_hwm("Name:\tzombie\n"), None);
        // Our own process has one.
        let own = std::fs::read_to_string("/proc/self/status").unwrap();
        assert!(vm_hwm(&own).is_some_and(|kib| kib > 0));
    }

    #[test]
    fn finds_the_binary_in_cargo_messages() {
        let lib = r#"{"reason":"compiler-artifact","target":{"kind":["lib"],"name":"scoresheet"},"executable":null,"fresh":true}"#;
        let bin = r#"{"reason":"compiler-artifact","target":{"kind":["bin"],"name":"scoresheet"},"filenames":["/t/release/scoresheet"],"executable":"/t/release/scoresheet","fresh":true}"#;
        assert_eq!(executable(lib), None);
        assert_eq!(
            executable(bin),
            Some(PathBuf::from("/t/release/scoresheet"))
        );
    }

    #[test]
    fn repeats_whole_games_up_to_the_size() {
        let (pgn, _) = benches::sample_pgn(3, 1);
        let games = split_games(&pgn);
        assert_eq!(games.len(), 3);
        assert_eq!(games.concat(), pgn);
        let temp = TempDir::new(&std::env::temp_dir()).unwrap();
        let size = pgn.len() as u64 * 2 + 10;
        let written = write_pgn(&temp.0.join("x.pgn"), &games, size).unwrap();
        assert_eq!(written.games, 7);
        let text = std::fs::read_to_string(&written.path).unwrap();
        assert_eq!(text.len() as u64, written.bytes);
        assert!(text.starts_with(&(pgn.clone() + &pgn)));
        drop(temp);
    }
}
