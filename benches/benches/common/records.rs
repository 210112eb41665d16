//! The work both record benches time: ours and the anchor's, shared so that `2-records` (divan)
//! and `3-records-interleaved` (alternating rounds) measure exactly the same code.

pub(crate) mod ours {
    use board_core::{Dialect, Output, RecordReader, ReplayMemory, replay_in};
    use chess_rules::Position;
    use notation_en::{Algebraic, Uci};

    use std::hint::black_box;

    /// Reads every game, resolves every SAN token and plays it, each game's memory and the
    /// replay's handed back for the next as in `2-records` (as pgn-reader reuses its buffer).
    pub(crate) fn read_resolve_play(pgn: impl AsRef<[u8]>) -> usize {
        let mut plies = 0;
        let mut reader = RecordReader::new(black_box(pgn.as_ref()), Dialect::pgn());
        let mut memory = ReplayMemory::new();
        while let Some(game) = reader.next() {
            let game = game.unwrap();
            plies += replay_in::<Position, _, _>(
                &mut memory,
                &game,
                &Algebraic::ENGLISH,
                None::<Output<'_, Algebraic>>,
            )
            .plies;
            reader.recycle(game);
        }
        plies
    }

    /// Reads, resolves, plays and writes every game again in UCI.
    pub(crate) fn convert_to_uci(pgn: impl AsRef<[u8]>) -> usize {
        let pgn = pgn.as_ref();
        let dialect = Dialect::pgn();
        let mut out = String::with_capacity(pgn.len());
        let mut reader = RecordReader::new(black_box(pgn), Dialect::pgn());
        let mut memory = ReplayMemory::new();
        while let Some(game) = reader.next() {
            let game = game.unwrap();
            replay_in::<Position, _, _>(
                &mut memory,
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
    }
}

pub(crate) mod shakmaty {
    use pgn_reader::{RawTag, Reader, SanPlus, Visitor};
    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, Chess, Position};

    use std::hint::black_box;
    use std::ops::ControlFlow;

    /// Resolves and plays every move, with set-up positions from `FEN` tags, as in `2-records`.
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
                // A real file's bad FEN leaves the game at the start position, as a bad move
                // ends it (`san`): the anchor reads what it can, as our reader does.
                *tags = Fen::from_ascii(value.as_bytes())
                    .ok()
                    .and_then(|fen| fen.into_position(CastlingMode::Chess960).ok());
            }
            ControlFlow::Continue(())
        }

        fn begin_movetext(&mut self, tags: Option<Chess>) -> ControlFlow<(), Chess> {
            ControlFlow::Continue(tags.unwrap_or_default())
        }

        fn san(&mut self, pos: &mut Chess, san: SanPlus) -> ControlFlow<()> {
            let Ok(mv) = san.san.to_move(pos) else {
                return ControlFlow::Break(());
            };
            pos.play_unchecked(mv);
            self.plies += 1;
            ControlFlow::Continue(())
        }

        fn end_game(&mut self, _: Chess) {}
    }

    pub(crate) fn read_resolve_play(pgn: impl AsRef<[u8]>) -> usize {
        let mut replayer = Replayer { plies: 0 };
        let mut reader = Reader::new(black_box(pgn.as_ref()));
        while reader.read_game(&mut replayer).unwrap().is_some() {}
        replayer.plies
    }
}
