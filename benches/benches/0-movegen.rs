//! Move generation: perft on two classic positions and legal moves over a set of random
//! positions, ours beside shakmaty's and cozy-chess's in the same run.

use benches::{KIWIPETE, START, perft_nodes, random_positions};
use divan::counter::ItemsCount;
use divan::{Bencher, black_box};

#[path = "common/cozy.rs"]
mod cozy;

fn main() {
    divan::main();
}

/// How many random positions the legal-move benches go through per iteration.
const POSITIONS: usize = 50;
/// The seed of those positions: fixed, so every run and every machine benches the same ones.
const SEED: u64 = 0x5c0e_5bee_7000_0001;

mod ours {
    use chess_rules::{Position, perft};

    use super::{Bencher, ItemsCount, KIWIPETE, POSITIONS, SEED, START, black_box, perft_nodes};

    fn bench_perft(bencher: Bencher<'_, '_>, fen: &str, depth: u32) {
        let pos: Position = fen.parse().unwrap();
        bencher
            .counter(ItemsCount::new(perft_nodes(fen, depth)))
            .bench(|| perft(black_box(&pos), black_box(depth)));
    }

    #[divan::bench(args = [4, 5])]
    fn perft_start(bencher: Bencher<'_, '_>, depth: u32) {
        bench_perft(bencher, START, depth);
    }

    #[divan::bench(args = [3, 4])]
    fn perft_kiwipete(bencher: Bencher<'_, '_>, depth: u32) {
        bench_perft(bencher, KIWIPETE, depth);
    }

    #[divan::bench]
    fn legal_moves(bencher: Bencher<'_, '_>) {
        let positions: Vec<Position> = super::random_positions(POSITIONS, SEED)
            .iter()
            .map(|fen| fen.parse().unwrap())
            .collect();
        bencher.counter(ItemsCount::new(POSITIONS)).bench(|| {
            black_box(&positions)
                .iter()
                .map(|pos| pos.legal_moves().len())
                .sum::<usize>()
        });
    }
}

mod shakmaty {
    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, Chess, Position, perft};

    use super::{Bencher, ItemsCount, KIWIPETE, POSITIONS, SEED, START, black_box, perft_nodes};

    fn parse(fen: &str) -> Chess {
        fen.parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap()
    }

    fn bench_perft(bencher: Bencher<'_, '_>, fen: &str, depth: u32) {
        let pos = parse(fen);
        bencher
            .counter(ItemsCount::new(perft_nodes(fen, depth)))
            .bench(|| perft(black_box(&pos), black_box(depth)));
    }

    #[divan::bench(args = [4, 5])]
    fn perft_start(bencher: Bencher<'_, '_>, depth: u32) {
        bench_perft(bencher, START, depth);
    }

    #[divan::bench(args = [3, 4])]
    fn perft_kiwipete(bencher: Bencher<'_, '_>, depth: u32) {
        bench_perft(bencher, KIWIPETE, depth);
    }

    #[divan::bench]
    fn legal_moves(bencher: Bencher<'_, '_>) {
        let positions: Vec<Chess> = super::random_positions(POSITIONS, SEED)
            .iter()
            .map(|fen| parse(fen))
            .collect();
        bencher.counter(ItemsCount::new(POSITIONS)).bench(|| {
            black_box(&positions)
                .iter()
                .map(|pos| pos.legal_moves().len())
                .sum::<usize>()
        });
    }
}

/// cozy-chess, the fastest Rust move generator we know of: the bar for our perft.
mod cozy_chess {
    use cozy_chess::Board;

    use super::cozy::{legal_moves as count_moves, perft};
    use super::{Bencher, ItemsCount, KIWIPETE, POSITIONS, SEED, START, black_box, perft_nodes};

    fn parse(fen: &str) -> Board {
        Board::from_fen(fen, false).unwrap()
    }

    fn bench_perft(bencher: Bencher<'_, '_>, fen: &str, depth: u32) {
        let board = parse(fen);
        bencher
            .counter(ItemsCount::new(perft_nodes(fen, depth)))
            .bench(|| perft(black_box(&board), black_box(depth)));
    }

    #[divan::bench(args = [4, 5])]
    fn perft_start(bencher: Bencher<'_, '_>, depth: u32) {
        bench_perft(bencher, START, depth);
    }

    #[divan::bench(args = [3, 4])]
    fn perft_kiwipete(bencher: Bencher<'_, '_>, depth: u32) {
        bench_perft(bencher, KIWIPETE, depth);
    }

    #[divan::bench]
    fn legal_moves(bencher: Bencher<'_, '_>) {
        let boards: Vec<Board> = super::random_positions(POSITIONS, SEED)
            .iter()
            .map(|fen| parse(fen))
            .collect();
        bencher
            .counter(ItemsCount::new(POSITIONS))
            .bench(|| black_box(&boards).iter().map(count_moves).sum::<usize>());
    }
}
