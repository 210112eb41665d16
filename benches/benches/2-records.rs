//! Whole records: read, resolve and play every move of a large PGN, ours beside pgn-reader with
//! shakmaty doing the same work on the same bytes; and our full conversion to another notation.

use benches::sample_pgn;
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

mod ours {
    use board_core::{Dialect, Output, RecordReader, replay};
    use chess_rules::Position;
    use notation_en::{Algebraic, Uci};

    use super::{Bencher, BytesCount, ItemsCount, black_box, sample};

    /// Reads every game, resolves every SAN token and plays it: what `scoresheet check` does.
    #[divan::bench(sample_count = 10)]
    fn read_resolve_play(bencher: Bencher<'_, '_>) {
        let (pgn, moves) = sample();
        bencher
            .counter(ItemsCount::new(moves))
            .counter(BytesCount::new(pgn.len()))
            .bench(|| {
                let mut plies = 0;
                // Each game's memory is handed back for the next, as pgn-reader reuses its
                // buffer: a loop over millions of games makes no allocation per game.
                let mut reader = RecordReader::new(black_box(pgn.as_bytes()), Dialect::pgn());
                while let Some(game) = reader.next() {
                    let game = game.unwrap();
                    plies += replay::<Position, _, _>(
                        &game,
                        &Algebraic::ENGLISH,
                        None::<Output<'_, Algebraic>>,
                    )
                    .plies;
                    reader.recycle(game);
                }
                assert_eq!(plies, moves);
            });
    }

    /// Reads, resolves, plays and writes every game again in UCI: `scoresheet convert --to uci`.
    #[divan::bench(sample_count = 10)]
    fn convert_to_uci(bencher: Bencher<'_, '_>) {
        let (pgn, moves) = sample();
        let dialect = Dialect::pgn();
        bencher
            .counter(ItemsCount::new(moves))
            .counter(BytesCount::new(pgn.len()))
            .bench(|| {
                let mut out = String::with_capacity(pgn.len());
                let mut reader = RecordReader::new(black_box(pgn.as_bytes()), Dialect::pgn());
                while let Some(game) = reader.next() {
                    let game = game.unwrap();
                    replay::<Position, _, _>(
                        &game,
                        &Algebraic::ENGLISH,
                        Some(Output {
                            notation: &Uci::STANDARD,
                            dialect: &dialect,
                            out: &mut out,
                        }),
                    );
                    reader.recycle(game);
                }
                out.len()
            });
    }
}

mod shakmaty {
    use std::ops::ControlFlow;

    use pgn_reader::{RawTag, Reader, SanPlus, Visitor};
    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, Chess, Position};

    use super::{Bencher, BytesCount, ItemsCount, black_box, sample};

    /// Resolves and plays every move, with set-up positions from `FEN` tags as ours does.
    struct Replayer {
        plies: usize,
    }

    impl Visitor for Replayer {
        type Tags = Option<Chess>;
        type Movetext = Chess;
        type Output = ();

        fn begin_tags(&mut self) -> ControlFlow<(), Option<Chess>> {
            ControlFlow::Continue(None)
        }

        fn tag(
            &mut self,
            tags: &mut Option<Chess>,
            name: &[u8],
            value: RawTag<'_>,
        ) -> ControlFlow<()> {
            if name == b"FEN" {
                let fen = Fen::from_ascii(value.as_bytes()).unwrap();
                *tags = Some(fen.into_position(CastlingMode::Chess960).unwrap());
            }
            ControlFlow::Continue(())
        }

        fn begin_movetext(&mut self, tags: Option<Chess>) -> ControlFlow<(), Chess> {
            ControlFlow::Continue(tags.unwrap_or_default())
        }

        fn san(&mut self, pos: &mut Chess, san: SanPlus) -> ControlFlow<()> {
            let mv = san.san.to_move(pos).unwrap();
            pos.play_unchecked(mv);
            self.plies += 1;
            ControlFlow::Continue(())
        }

        fn end_game(&mut self, _: Chess) {}
    }

    /// The same work with pgn-reader and shakmaty.
    #[divan::bench(sample_count = 10)]
    fn read_resolve_play(bencher: Bencher<'_, '_>) {
        let (pgn, moves) = sample();
        bencher
            .counter(ItemsCount::new(moves))
            .counter(BytesCount::new(pgn.len()))
            .bench(|| {
                let mut replayer = Replayer { plies: 0 };
                let mut reader = Reader::new(black_box(pgn.as_bytes()));
                while reader.read_game(&mut replayer).unwrap().is_some() {}
                assert_eq!(replayer.plies, moves);
            });
    }
}
