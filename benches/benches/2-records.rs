//! Whole records: read, resolve and play every move of a large PGN, ours beside pgn-reader with
//! shakmaty doing the same work on the same bytes; and our full conversion to another notation.

use benches::{sample_pgn, sample_pgn_annotated};
use divan::counter::{BytesCount, ItemsCount};
use divan::{Bencher, black_box};

fn main() {
    divan::main();
}

/// Games in the sample: enough that per-file costs vanish.
const GAMES: usize = 20_000;
/// The sample's seed: every run benches the same bytes.
const SEED: u64 = 0x0005_ca1e_5eed;

/// The sample and its number of moves, made once per bench outside the timed region.
fn sample() -> (String, usize) {
    sample_pgn(GAMES, SEED)
}

/// The same games shaped like a lichess export (17 tags, a clock after every move, evaluations
/// in every fourth game): where reading costs most per move.
fn annotated() -> (String, usize) {
    sample_pgn_annotated(GAMES, SEED)
}

#[path = "common/records.rs"]
mod records;

mod ours {
    use super::{Bencher, BytesCount, ItemsCount, annotated, black_box, records, sample};

    /// Reads every game, resolves every SAN token and plays it: what `scoresheet check` does.
    /// Each game's memory is handed back for the next, as pgn-reader reuses its buffer.
    #[divan::bench(sample_count = 10)]
    fn read_resolve_play(bencher: Bencher<'_, '_>) {
        let (pgn, moves) = sample();
        bencher
            .counter(ItemsCount::new(moves))
            .counter(BytesCount::new(pgn.len()))
            .bench(|| assert_eq!(records::ours::read_resolve_play(black_box(&pgn)), moves));
    }

    /// [`read_resolve_play`] on the lichess-shaped sample.
    #[divan::bench(sample_count = 10)]
    fn read_resolve_play_annotated(bencher: Bencher<'_, '_>) {
        let (pgn, moves) = annotated();
        bencher
            .counter(ItemsCount::new(moves))
            .counter(BytesCount::new(pgn.len()))
            .bench(|| assert_eq!(records::ours::read_resolve_play(black_box(&pgn)), moves));
    }

    /// Reads, resolves, plays and writes every game again in UCI: `scoresheet convert --to uci`.
    #[divan::bench(sample_count = 10)]
    fn convert_to_uci(bencher: Bencher<'_, '_>) {
        let (pgn, moves) = sample();
        bencher
            .counter(ItemsCount::new(moves))
            .counter(BytesCount::new(pgn.len()))
            .bench(|| records::ours::convert_to_uci(black_box(&pgn)));
    }
}

mod shakmaty {
    use super::{Bencher, BytesCount, ItemsCount, annotated, black_box, records, sample};

    /// The same work with pgn-reader and shakmaty.
    #[divan::bench(sample_count = 10)]
    fn read_resolve_play(bencher: Bencher<'_, '_>) {
        let (pgn, moves) = sample();
        bencher
            .counter(ItemsCount::new(moves))
            .counter(BytesCount::new(pgn.len()))
            .bench(|| assert_eq!(records::shakmaty::read_resolve_play(black_box(&pgn)), moves));
    }

    /// The same work on the lichess-shaped sample.
    #[divan::bench(sample_count = 10)]
    fn read_resolve_play_annotated(bencher: Bencher<'_, '_>) {
        let (pgn, moves) = annotated();
        bencher
            .counter(ItemsCount::new(moves))
            .counter(BytesCount::new(pgn.len()))
            .bench(|| assert_eq!(records::shakmaty::read_resolve_play(black_box(&pgn)), moves));
    }
}
