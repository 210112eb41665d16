//! The perft of `0-movegen` (bulk counting, start position and Kiwipete), ours beside shakmaty and
//! cozy-chess, timed in alternation: one round runs each side once on each position, and the
//! ratios compare the medians and the minima over the rounds.
//!
//! divan times all samples of one bench before the next, so on a shared machine a burst of load
//! lands on one side only; alternating spreads it over all three. Run it with
//! `cargo bench -p benches --bench 4-movegen-interleaved` (or `cargo xtask bench`); under
//! `cargo test --benches` it runs one shallow round as a check that the three counts agree.

use std::hint::black_box;
use std::time::{Duration, Instant};

use benches::{KIWIPETE, START};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};

#[path = "common/cozy.rs"]
#[expect(
    dead_code,
    reason = "only perft is timed here; the move count serves 0-movegen"
)]
mod cozy;

/// Rounds of a measurement.
const ROUNDS: usize = 15;

fn main() {
    // `cargo bench` passes `--bench`; `cargo test --benches` does not.
    let measuring = std::env::args().any(|arg| arg == "--bench");
    let (cases, rounds) = if measuring {
        ([("start", START, 5), ("kiwipete", KIWIPETE, 4)], ROUNDS)
    } else {
        ([("start", START, 3), ("kiwipete", KIWIPETE, 2)], 1)
    };
    println!("4-movegen-interleaved: perft with bulk counting, {rounds} rounds");
    for (name, fen, depth) in cases {
        let ours: chess_rules::Position = fen.parse().unwrap();
        let theirs: Chess = fen
            .parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap();
        let board = cozy_chess::Board::from_fen(fen, false).unwrap();
        let nodes = chess_rules::perft(&ours, depth);
        let (mut a, mut b, mut c) = (Vec::new(), Vec::new(), Vec::new());
        for _ in 0..rounds {
            a.push(timed(|| {
                assert_eq!(chess_rules::perft(black_box(&ours), depth), nodes);
            }));
            b.push(timed(|| {
                assert_eq!(shakmaty::perft(black_box(&theirs), depth), nodes);
            }));
            c.push(timed(|| {
                assert_eq!(cozy::perft(black_box(&board), depth), nodes);
            }));
        }
        let (a, b, c) = (stats(a), stats(b), stats(c));
        for (side, s) in [("ours", &a), ("shakmaty", &b), ("cozy_chess", &c)] {
            println!(
                "  {side:<10} perft_{name} {depth}  median {:>9.1?} min {:>9.1?}  {:6.1} M nodes/s",
                s.median,
                s.min,
                nodes as f64 / s.median.as_secs_f64() / 1e6
            );
        }
        let ratio = |x: Duration, y: Duration| x.as_secs_f64() / y.as_secs_f64();
        for (anchor, s) in [("shakmaty", &b), ("cozy_chess", &c)] {
            println!(
                "  ratio perft_{name} {depth}, {anchor} / ours: median {:.2}, min {:.2}",
                ratio(s.median, a.median),
                ratio(s.min, a.min)
            );
        }
    }
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
