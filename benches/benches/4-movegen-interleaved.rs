//! The move generation of `0-movegen` (perft with bulk counting on the start position and
//! Kiwipete, and the legal moves of 50 random positions), ours beside shakmaty and cozy-chess,
//! timed in alternation: one round runs each side once on each case, and the ratios compare
//! the medians and the minima over the rounds.
//!
//! divan times all samples of one bench before the next, so on a shared machine a burst of load
//! lands on one side only; alternating spreads it over all three. Run it with
//! `cargo bench -p benches --bench 4-movegen-interleaved` (or `cargo xtask bench`); under
//! `cargo test --benches` it runs one shallow round as a check that the three counts agree.
//!
//! Instruction counts, which load does not change: `--only ours` (or `shakmaty`, `cozy_chess`)
//! runs one side once on each case, and callgrind counts the side's own function
//! (`run_ours`, `run_shakmaty`, `run_cozy_chess`) with `--toggle-collect`, as
//! docs/performance.md shows; `--case kiwipete` (any part of a case's name) keeps the cases
//! so named. `--rounds N` changes the number of rounds.

use std::hint::black_box;
use std::time::{Duration, Instant};

use benches::{KIWIPETE, START, random_positions};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};

#[path = "common/cozy.rs"]
mod cozy;

/// Rounds of a measurement.
const ROUNDS: usize = 15;
/// The legal-move case: the positions and seed of `0-movegen`'s `legal_moves`, listed this many
/// times per round so that one round lasts milliseconds, not microseconds.
const POSITIONS: usize = 50;
const SEED: u64 = 0x5c0e_5bee_7000_0001;
const LISTINGS: usize = 2000;

/// The sides, in the order each round runs them.
const SIDES: [&str; 3] = ["ours", "shakmaty", "cozy_chess"];

/// One case, set up for the three sides.
#[expect(
    clippy::large_enum_variant,
    reason = "three cases, made once outside the timed code"
)]
enum Case {
    Perft {
        depth: u32,
        ours: chess_rules::Position,
        theirs: Chess,
        board: cozy_chess::Board,
    },
    Legal {
        ours: Vec<chess_rules::Position>,
        theirs: Vec<Chess>,
        boards: Vec<cozy_chess::Board>,
    },
}

fn shakmaty_position(fen: &str) -> Chess {
    fen.parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap()
}

fn cozy_board(fen: &str) -> cozy_chess::Board {
    cozy_chess::Board::from_fen(fen, false).unwrap()
}

fn perft_case(fen: &str, depth: u32) -> Case {
    Case::Perft {
        depth,
        ours: fen.parse().unwrap(),
        theirs: shakmaty_position(fen),
        board: cozy_board(fen),
    }
}

fn legal_case(listings: usize) -> (String, Case) {
    let fens = random_positions(POSITIONS, SEED);
    let case = Case::Legal {
        ours: fens.iter().map(|fen| fen.parse().unwrap()).collect(),
        theirs: fens.iter().map(|fen| shakmaty_position(fen)).collect(),
        boards: fens.iter().map(|fen| cozy_board(fen)).collect(),
    };
    (format!("legal_moves {POSITIONS}x{listings}"), case)
}

/// Our side of a case: perft nodes, or the moves listed.
#[inline(never)]
fn run_ours(case: &Case, listings: usize) -> u64 {
    match case {
        Case::Perft { depth, ours, .. } => chess_rules::perft(black_box(ours), *depth),
        Case::Legal { ours, .. } => (0..listings)
            .map(|_| {
                black_box(ours)
                    .iter()
                    .map(|pos| pos.legal_moves().len() as u64)
                    .sum::<u64>()
            })
            .sum(),
    }
}

/// shakmaty's side of a case.
#[inline(never)]
fn run_shakmaty(case: &Case, listings: usize) -> u64 {
    use shakmaty::Position as _;
    match case {
        Case::Perft { depth, theirs, .. } => shakmaty::perft(black_box(theirs), *depth),
        Case::Legal { theirs, .. } => (0..listings)
            .map(|_| {
                black_box(theirs)
                    .iter()
                    .map(|pos| pos.legal_moves().len() as u64)
                    .sum::<u64>()
            })
            .sum(),
    }
}

/// cozy-chess's side of a case (its moves enumerated one by one, see `common/cozy.rs`).
#[inline(never)]
fn run_cozy_chess(case: &Case, listings: usize) -> u64 {
    match case {
        Case::Perft { depth, board, .. } => cozy::perft(black_box(board), *depth),
        Case::Legal { boards, .. } => (0..listings)
            .map(|_| {
                black_box(boards)
                    .iter()
                    .map(|board| cozy::legal_moves(board) as u64)
                    .sum::<u64>()
            })
            .sum(),
    }
}

fn run(side: &str, case: &Case, listings: usize) -> u64 {
    match side {
        "ours" => run_ours(case, listings),
        "shakmaty" => run_shakmaty(case, listings),
        _ => run_cozy_chess(case, listings),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let flag = |name: &str| {
        args.iter()
            .position(|arg| arg == name)
            .and_then(|i| args.get(i + 1))
            .map(String::as_str)
    };
    // `cargo bench` passes `--bench`; `cargo test --benches` does not. Other arguments (divan's
    // name filters, passed to every bench by `cargo xtask bench -- FILTER`) are not ours.
    let measuring = args.iter().any(|arg| arg == "--bench");
    let only = flag("--only");
    if let Some(side) = only
        && !SIDES.contains(&side)
    {
        panic!("--only takes one of {SIDES:?}, not {side:?}");
    }
    let (mut cases, rounds, listings) = if measuring {
        (
            vec![
                ("perft_start 5".to_owned(), perft_case(START, 5)),
                ("perft_kiwipete 4".to_owned(), perft_case(KIWIPETE, 4)),
            ],
            ROUNDS,
            LISTINGS,
        )
    } else {
        (
            vec![
                ("perft_start 3".to_owned(), perft_case(START, 3)),
                ("perft_kiwipete 2".to_owned(), perft_case(KIWIPETE, 2)),
            ],
            1,
            1,
        )
    };
    cases.push(legal_case(listings));
    if let Some(wanted) = flag("--case") {
        cases.retain(|(name, _)| name.contains(wanted));
    }
    let rounds = match (only, flag("--rounds")) {
        (Some(_), None) => 1,
        (_, Some(n)) => n.parse::<usize>().expect("--rounds takes a number").max(1),
        (None, None) => rounds,
    };
    let sides: Vec<&str> = only.map_or(SIDES.to_vec(), |side| vec![side]);
    println!("4-movegen-interleaved: perft with bulk counting and legal moves, {rounds} rounds");
    for (name, case) in &cases {
        // Every run must give the first one's count: the sides do the same work.
        let mut expected = None;
        let mut times = vec![Vec::new(); sides.len()];
        for _ in 0..rounds {
            for (side, times) in sides.iter().zip(&mut times) {
                let start = Instant::now();
                let count = run(side, case, listings);
                times.push(start.elapsed());
                assert_eq!(*expected.get_or_insert(count), count, "{side} {name}");
            }
        }
        let expected = expected.unwrap_or_default();
        let stats: Vec<Stats> = times.into_iter().map(stats).collect();
        let unit = if matches!(case, Case::Perft { .. }) {
            "M nodes/s"
        } else {
            "M moves/s"
        };
        for (side, s) in sides.iter().zip(&stats) {
            println!(
                "  {side:<10} {name}  median {:>9.1?} min {:>9.1?}  {:6.1} {unit}",
                s.median,
                s.min,
                expected as f64 / s.median.as_secs_f64() / 1e6
            );
        }
        if only.is_some() {
            continue;
        }
        let ratio = |x: Duration, y: Duration| x.as_secs_f64() / y.as_secs_f64();
        for (anchor, s) in sides.iter().zip(&stats).skip(1) {
            println!(
                "  ratio {name}, {anchor} / ours: median {:.2}, min {:.2}",
                ratio(s.median, stats[0].median),
                ratio(s.min, stats[0].min)
            );
        }
    }
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
