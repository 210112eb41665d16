//! `cargo xtask pinned --file F`: `scoresheet check` pinned to one core against pgn-reader +
//! shakmaty reading, resolving and playing the same bytes on the same core (issue 15: at
//! least 1.2x on real lichess and TWIC files).
//!
//! The anchor is `benches/examples/read_path shakmaty`, the code the record benches time; our
//! library's read path (`read_path ours`) runs beside it, so the table separates what the CLI
//! adds (its reading thread, diagnostics, the summary) from the library. The three commands
//! take turns within a round, each round in another order, and the table gives each one's
//! median and best time and the anchor's time over each. A command that fails (exit status 2 or
//! more, or a signal) stops the task; `check`'s 1, a game with an error, does not.

use std::path::PathBuf;
use std::time::Duration;

use crate::util::{self, Result};
use crate::{cores, memory};

/// Arguments of `cargo xtask pinned`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {
    /// The PGN file to read (a real lichess or TWIC sample).
    #[arg(long)]
    file: PathBuf,
    /// Rounds; each runs every command once.
    #[arg(long, default_value_t = 7)]
    rounds: usize,
    /// The core to pin to, as `taskset -c` takes it.
    #[arg(long, default_value = "0")]
    core: String,
}

/// One command timed: its label and its arguments after `taskset -c CORE`.
struct Timed {
    label: &'static str,
    argv: Vec<String>,
    times: Vec<Duration>,
}

pub(crate) fn run(args: &Args) -> Result {
    if args.rounds == 0 {
        return Err("--rounds must be at least 1".to_owned());
    }
    // Looked at before anything is built: a wrong path fails at once.
    let bytes = std::fs::metadata(&args.file)
        .map_err(|e| format!("{}: {e}", args.file.display()))?
        .len();
    let file = args.file.display().to_string();
    let scoresheet = memory::build(false)?;
    let read_path = build_read_path()?;
    let mut commands = [
        Timed {
            label: "scoresheet check --jobs 1",
            argv: vec![
                scoresheet.display().to_string(),
                "check".to_owned(),
                "--quiet".to_owned(),
                "--jobs".to_owned(),
                "1".to_owned(),
                file.clone(),
            ],
            times: Vec::new(),
        },
        Timed {
            label: "read_path ours (library)",
            argv: vec![
                read_path.display().to_string(),
                "ours".to_owned(),
                file.clone(),
            ],
            times: Vec::new(),
        },
        Timed {
            label: "pgn-reader + shakmaty",
            argv: vec![read_path.display().to_string(), "shakmaty".to_owned(), file],
            times: Vec::new(),
        },
    ];
    println!(
        "input: {} ({:.1} MB)",
        args.file.display(),
        bytes as f64 / 1e6
    );
    println!(
        "pinned to core {} (taskset), {} rounds",
        args.core, args.rounds
    );
    for round in 0..args.rounds {
        let count = commands.len();
        for k in 0..count {
            let timed = &mut commands[(round + k) % count];
            let time = cores::pinned_time(&args.core, &timed.argv)?;
            timed.times.push(time);
        }
    }
    println!(
        "{:<28} {:>10} {:>10} {:>16}",
        "command", "median", "best", "anchor / this"
    );
    let anchor = summary(&commands[2].times);
    for timed in &commands {
        let own = summary(&timed.times);
        println!(
            "{:<28} {:>8.3} s {:>8.3} s {:>7.2} ({:.2} best)",
            timed.label,
            own.0.as_secs_f64(),
            own.1.as_secs_f64(),
            anchor.0.as_secs_f64() / own.0.as_secs_f64(),
            anchor.1.as_secs_f64() / own.1.as_secs_f64()
        );
    }
    Ok(())
}

/// The median and the best of `times`.
fn summary(times: &[Duration]) -> (Duration, Duration) {
    let mut sorted = times.to_vec();
    sorted.sort();
    (sorted[sorted.len() / 2], sorted[0])
}

/// Builds `benches/examples/read_path` in release and returns its path.
fn build_read_path() -> Result<PathBuf> {
    let mut cmd = util::cargo();
    cmd.args([
        "build",
        "--release",
        "-p",
        "benches",
        "--example",
        "read_path",
    ])
    .arg("--message-format=json-render-diagnostics");
    let messages = util::output(&mut cmd)?;
    messages
        .lines()
        .filter(|line| line.contains(r#""reason":"compiler-artifact""#))
        .find_map(memory::executable)
        .ok_or_else(|| "cargo built no read_path example".to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summary_takes_the_middle_and_the_least() {
        let ms = Duration::from_millis;
        assert_eq!(summary(&[ms(5), ms(1), ms(3)]), (ms(3), ms(1)));
        assert_eq!(summary(&[ms(2)]), (ms(2), ms(2)));
    }
}
