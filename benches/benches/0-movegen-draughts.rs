//! Draughts move generation: perft on the start position and on Woldouby's position, counted in
//! nodes, and the legal moves of random positions.
//!
//! The anchor is dame-rs, an international draughts engine in Rust shipped only as the Python
//! package `dame-rs`, so it cannot sit in a `mod dame` here: `cargo xtask` times
//! `dame.perft(dame.Board(fen), depth)` on the same positions and depths when the package is
//! installed, and prints the ratio.

use divan::counter::ItemsCount;
use divan::{Bencher, black_box};

fn main() {
    divan::main();
}

/// The starting position.
const START: &str = "W:W31-50:B1-20";
/// Woldouby's position, the classic perft test with its many captures.
const WOLDOUBY: &str = "W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38";

/// The published counts (draughts-rules' `tests/perft.rs` checks them), so that counters need
/// no perft run in setup.
fn perft_nodes(fen: &str, depth: u32) -> u64 {
    match (fen, depth) {
        (START, 6) => 167_140,
        (START, 7) => 1_049_442,
        (WOLDOUBY, 9) => 22_369,
        (WOLDOUBY, 10) => 88_050,
        (WOLDOUBY, 11) => 377_436,
        _ => panic!("no published count for {fen} at depth {depth}"),
    }
}

/// How many random positions the legal-move bench goes through per iteration.
const POSITIONS: usize = 100;

/// Positions from random legal play from the start (10 to 110 plies), the same on every machine.
fn random_positions(count: usize) -> Vec<draughts_rules::Position> {
    let mut state: u64 = 0x5c0e_5bee_d2a7_0001;
    let mut next = move |n: usize| {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        (state.wrapping_mul(0x2545_f491_4f6c_dd1d) % n as u64) as usize
    };
    let mut positions = Vec::with_capacity(count);
    while positions.len() < count {
        let mut pos = draughts_rules::Position::new();
        for _ in 0..10 + next(100) {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(&moves[next(moves.len())]);
        }
        if !pos.legal_moves().is_empty() {
            positions.push(pos);
        }
    }
    positions
}

mod ours {
    use draughts_rules::{Position, perft};

    use super::{
        Bencher, ItemsCount, POSITIONS, START, WOLDOUBY, black_box, perft_nodes, random_positions,
    };

    fn bench_perft(bencher: Bencher<'_, '_>, fen: &str, depth: u32) {
        let pos: Position = fen.parse().unwrap();
        bencher
            .counter(ItemsCount::new(perft_nodes(fen, depth)))
            .bench(|| perft(black_box(&pos), black_box(depth)));
    }

    #[divan::bench(args = [6, 7])]
    fn perft_start(bencher: Bencher<'_, '_>, depth: u32) {
        bench_perft(bencher, START, depth);
    }

    #[divan::bench(args = [9, 10, 11])]
    fn perft_woldouby(bencher: Bencher<'_, '_>, depth: u32) {
        bench_perft(bencher, WOLDOUBY, depth);
    }

    #[divan::bench]
    fn legal_moves(bencher: Bencher<'_, '_>) {
        let positions = random_positions(POSITIONS);
        bencher.counter(ItemsCount::new(POSITIONS)).bench(|| {
            black_box(&positions)
                .iter()
                .map(|pos| pos.legal_moves().len())
                .sum::<usize>()
        });
    }
}
