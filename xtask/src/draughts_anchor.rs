//! `cargo xtask draughts-anchor`: our draughts perft beside dame-rs (the PyPI package
//! `dame-rs`, a Rust engine behind a Python module) on the same positions, timed in one run.

use std::process::Command;
use std::time::Instant;

use crate::util::Result;

/// Arguments of `cargo xtask draughts-anchor`.
#[derive(Debug, clap::Args)]
pub(crate) struct Args {}

/// The positions and depths timed: the start and Woldouby.
const CASES: [(&str, &str, u32); 2] = [
    ("start", "W:W31-50:B1-20", 9),
    (
        "woldouby",
        "W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38",
        12,
    ),
];

/// dame-rs's perft of one position, timed inside Python so start-up is left out.
const PYTHON: &str = "import sys, time, dame\n\
b = dame.Board(sys.argv[1])\n\
t = time.perf_counter()\n\
n = dame.perft(b, int(sys.argv[2]))\n\
print(n, time.perf_counter() - t)\n";

pub(crate) fn run(_: &Args) -> Result {
    let available = Command::new("python3")
        .args(["-c", "import dame"])
        .output()
        .is_ok_and(|o| o.status.success());
    println!("| position | depth | nodes | ours (M nodes/s) | dame-rs (M nodes/s) | ratio |");
    println!("| --- | --- | --- | --- | --- | --- |");
    for (name, fen, depth) in CASES {
        let pos = draughts_rules::Position::from_fen(fen).map_err(|e| e.to_string())?;
        let start = Instant::now();
        let nodes = draughts_rules::perft(&pos, depth);
        let ours = start.elapsed().as_secs_f64();
        let anchor = if available {
            let out = Command::new("python3")
                .args(["-c", PYTHON, fen, &depth.to_string()])
                .output()
                .map_err(|e| e.to_string())?;
            let text = String::from_utf8_lossy(&out.stdout);
            let mut parts = text.split_whitespace();
            match (
                parts.next().and_then(|n| n.parse::<u64>().ok()),
                parts.next().and_then(|s| s.parse::<f64>().ok()),
            ) {
                (Some(n), Some(secs)) if n == nodes => Some(secs),
                (Some(n), _) => return Err(format!("dame-rs counts {n} nodes, we count {nodes}")),
                _ => None,
            }
        } else {
            None
        };
        let rate = |secs: f64| nodes as f64 / secs / 1e6;
        match anchor {
            Some(secs) => println!(
                "| {name} | {depth} | {nodes} | {:.1} | {:.1} | {:.2} |",
                rate(ours),
                rate(secs),
                secs / ours
            ),
            None => println!("| {name} | {depth} | {nodes} | {:.1} | - | - |", rate(ours)),
        }
    }
    if !available {
        println!("dame-rs is not installed (pip install dame-rs): only our side was timed");
    }
    Ok(())
}
