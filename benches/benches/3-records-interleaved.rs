//! The work of `2-records` (read, resolve and play every move of a large PGN, ours beside
//! pgn-reader with shakmaty; our conversion to UCI), timed in alternation: one round runs each
//! side once, and the ratios compare the medians and the minima over the rounds.
//!
//! divan times all samples of one bench before the next, so a burst of load from another
//! process on a shared machine lands on one side only; alternating spreads it over both. Run it
//! with `cargo bench -p benches --bench 3-records-interleaved` (or `cargo xtask bench`). The
//! two sides of a pair take turns going first (the one that runs second finds the file's bytes
//! warm in the cache), and besides the ratio of the medians the bench prints the median of the
//! rounds' own ratios: a burst of load that slows a whole round cancels out of its ratio. Under
//! `cargo test --benches` it runs one small round as a check that both sides agree. The read path
//! is timed on the same games shaped like a lichess export too (tags, clocks, evaluations), where
//! reading costs most per move.

use std::hint::black_box;
use std::time::{Duration, Instant};

use benches::{sample_pgn, sample_pgn_annotated};

#[path = "common/records.rs"]
mod records;

use records::{ours, shakmaty};

/// Games in the sample, as in `2-records`.
const GAMES: usize = 20_000;
/// The sample's seed, as in `2-records`: the same bytes.
const SEED: u64 = 0x0005_ca1e_5eed;
/// Rounds of a measurement.
const ROUNDS: usize = 15;

fn main() {
    // `cargo bench` passes `--bench`; `cargo test --benches` does not.
    let measuring = std::env::args().any(|arg| arg == "--bench");
    let (games, rounds) = if measuring { (GAMES, ROUNDS) } else { (200, 1) };
    let (pgn, moves) = sample_pgn(games, SEED);
    let (lichess, lichess_moves) = sample_pgn_annotated(games, SEED);

    let mut read = Vec::new();
    let mut anchor = Vec::new();
    let mut convert = Vec::new();
    let mut read_lichess = Vec::new();
    let mut anchor_lichess = Vec::new();
    for round in 0..rounds {
        let ours_first = round % 2 == 0;
        let (a, b) = pair(
            ours_first,
            || assert_eq!(ours::read_resolve_play(&pgn), moves),
            || assert_eq!(shakmaty::read_resolve_play(&pgn), moves),
        );
        read.push(a);
        anchor.push(b);
        convert.push(timed(|| {
            black_box(ours::convert_to_uci(&pgn));
        }));
        let (a, b) = pair(
            ours_first,
            || assert_eq!(ours::read_resolve_play(&lichess), lichess_moves),
            || assert_eq!(shakmaty::read_resolve_play(&lichess), lichess_moves),
        );
        read_lichess.push(a);
        anchor_lichess.push(b);
    }
    let paired = paired_ratio(&anchor, &read);
    let paired_convert = paired_ratio(&read, &convert);
    let paired_lichess = paired_ratio(&anchor_lichess, &read_lichess);
    let (read, anchor, convert) = (stats(read), stats(anchor), stats(convert));
    let (read_lichess, anchor_lichess) = (stats(read_lichess), stats(anchor_lichess));
    let rate = |t: Duration| {
        let s = t.as_secs_f64();
        format!(
            "{:6.1} MB/s {:8.0} games/s {:5.2} M moves/s",
            pgn.len() as f64 / s / 1e6,
            games as f64 / s,
            moves as f64 / s / 1e6
        )
    };
    println!(
        "3-records-interleaved: {games} games, {} MB, {moves} moves, {rounds} rounds",
        pgn.len() / 1_000_000
    );
    for (name, s) in [
        ("ours read_resolve_play", &read),
        ("shakmaty read_resolve_play", &anchor),
        ("ours convert_to_uci", &convert),
    ] {
        println!(
            "  {name:<28} median {:>9.1?} min {:>9.1?}  {}",
            s.median,
            s.min,
            rate(s.median)
        );
    }
    let ratio = |a: Duration, b: Duration| a.as_secs_f64() / b.as_secs_f64();
    println!(
        "  ratio read_resolve_play, shakmaty / ours: median {:.2}, min {:.2}, paired {:.2}",
        ratio(anchor.median, read.median),
        ratio(anchor.min, read.min),
        paired
    );
    println!(
        "  ratio convert_to_uci / read_resolve_play (ours, speed): median {:.2}, min {:.2}, \
         paired {:.2}",
        ratio(read.median, convert.median),
        ratio(read.min, convert.min),
        paired_convert
    );
    println!(
        "  lichess-shaped: {} MB, {lichess_moves} moves (17 tags a game, a clock after every move)",
        lichess.len() / 1_000_000
    );
    for (name, s) in [
        ("ours read_resolve_play", &read_lichess),
        ("shakmaty read_resolve_play", &anchor_lichess),
    ] {
        println!("  {name:<28} median {:>9.1?} min {:>9.1?}", s.median, s.min);
    }
    println!(
        "  ratio read_resolve_play lichess-shaped, shakmaty / ours: median {:.2}, min {:.2}, \
         paired {:.2}",
        ratio(anchor_lichess.median, read_lichess.median),
        ratio(anchor_lichess.min, read_lichess.min),
        paired_lichess
    );
}

/// Times `ours` and `anchor` back to back, `ours` first or second as told; returns their times
/// in that order.
fn pair(ours_first: bool, ours: impl FnOnce(), anchor: impl FnOnce()) -> (Duration, Duration) {
    if ours_first {
        let a = timed(ours);
        (a, timed(anchor))
    } else {
        let b = timed(anchor);
        (timed(ours), b)
    }
}

/// The median over the rounds of `slow[i] / fast[i]`: each round's ratio of its own two times.
fn paired_ratio(slow: &[Duration], fast: &[Duration]) -> f64 {
    let mut ratios: Vec<f64> = slow
        .iter()
        .zip(fast)
        .map(|(s, f)| s.as_secs_f64() / f.as_secs_f64())
        .collect();
    ratios.sort_by(f64::total_cmp);
    ratios[ratios.len() / 2]
}

fn timed(work: impl FnOnce()) -> Duration {
    let start = Instant::now();
    work();
    start.elapsed()
}

struct Stats {
    median: Duration,
    min: Duration,
}

fn stats(mut times: Vec<Duration>) -> Stats {
    times.sort();
    Stats {
        median: times[times.len() / 2],
        min: times[0],
    }
}
