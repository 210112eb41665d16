//! Descriptive tokens: reading and writing every legal move of a set of random positions, beside
//! the same moves in our SAN and in shakmaty's, in the same run.
//!
//! Reading a descriptive token matches it against every legal move (the name of each, its check
//! status when two fit), and writing one tries names from the shortest until one fits only the
//! move, so both cost more than SAN; these benches say how much.

use benches::random_positions;
use divan::counter::ItemsCount;
use divan::{Bencher, black_box};

fn main() {
    divan::main();
}

/// How many random positions the benches go through per iteration (every legal move of each).
const POSITIONS: usize = 20;
/// The seed of those positions: fixed, so every run and every machine benches the same ones.
const SEED: u64 = 0x5c0e_5bee_7000_0002;

/// Every legal move of the benched positions, with the position it is played in.
fn cases() -> Vec<(chess_rules::Position, chess_rules::Move)> {
    random_positions(POSITIONS, SEED)
        .iter()
        .flat_map(|fen| {
            let pos: chess_rules::Position = fen.parse().unwrap();
            pos.legal_moves().into_iter().map(move |mv| (pos, mv))
        })
        .collect()
}

mod descriptive {
    use board_core::{Notation, Notes};
    use notation_descriptive::{Descriptive, DescriptivePosition};

    use super::{Bencher, ItemsCount, black_box, cases};

    /// The cases as descriptive positions and tokens in `notation`'s style.
    fn tokens(notation: &Descriptive) -> Vec<(DescriptivePosition, chess_rules::Move, String)> {
        cases()
            .into_iter()
            .map(|(pos, mv)| {
                // A set-up position: pieces started where they stand.
                let pos = DescriptivePosition::from_position(pos);
                let text = notation.to_text(&pos, &mv);
                (pos, mv, text)
            })
            .collect()
    }

    fn bench_parse(bencher: Bencher<'_, '_>, notation: Descriptive) {
        let tokens = tokens(&notation);
        bencher.counter(ItemsCount::new(tokens.len())).bench(|| {
            let mut notes = Notes::default();
            for (pos, _, text) in black_box(&tokens) {
                notes.clear();
                black_box(notation.parse(pos, text, &mut notes).unwrap());
            }
        });
    }

    fn bench_format(bencher: Bencher<'_, '_>, notation: Descriptive) {
        let tokens = tokens(&notation);
        let mut out = String::new();
        bencher
            .counter(ItemsCount::new(tokens.len()))
            .bench_local(|| {
                for (pos, mv, _) in black_box(&tokens) {
                    out.clear();
                    notation.format(pos, mv, &mut out);
                    black_box(&out);
                }
            });
    }

    #[divan::bench]
    fn parse_modern(bencher: Bencher<'_, '_>) {
        bench_parse(bencher, Descriptive::MODERN);
    }

    #[divan::bench]
    fn parse_french(bencher: Bencher<'_, '_>) {
        bench_parse(bencher, Descriptive::FRENCH);
    }

    #[divan::bench]
    fn format_modern(bencher: Bencher<'_, '_>) {
        bench_format(bencher, Descriptive::MODERN);
    }

    #[divan::bench]
    fn format_french(bencher: Bencher<'_, '_>) {
        bench_format(bencher, Descriptive::FRENCH);
    }
}

mod san {
    use board_core::{Notation, Notes};
    use notation_en::Algebraic;

    use super::{Bencher, ItemsCount, black_box, cases};

    #[divan::bench]
    fn parse(bencher: Bencher<'_, '_>) {
        let tokens: Vec<_> = cases()
            .into_iter()
            .map(|(pos, mv)| (pos, Algebraic::ENGLISH.to_text(&pos, &mv)))
            .collect();
        bencher.counter(ItemsCount::new(tokens.len())).bench(|| {
            let mut notes = Notes::default();
            for (pos, text) in black_box(&tokens) {
                notes.clear();
                black_box(Algebraic::ENGLISH.parse(pos, text, &mut notes).unwrap());
            }
        });
    }

    #[divan::bench]
    fn format(bencher: Bencher<'_, '_>) {
        let cases = cases();
        let mut out = String::new();
        bencher
            .counter(ItemsCount::new(cases.len()))
            .bench_local(|| {
                for (pos, mv) in black_box(&cases) {
                    out.clear();
                    Algebraic::ENGLISH.format(pos, mv, &mut out);
                    black_box(&out);
                }
            });
    }
}

mod shakmaty {
    use shakmaty::fen::Fen;
    use shakmaty::san::SanPlus;
    use shakmaty::uci::UciMove;
    use shakmaty::{CastlingMode, Chess};

    use super::{Bencher, ItemsCount, black_box, cases};

    /// The same moves in shakmaty's positions, with their SAN.
    fn theirs() -> Vec<(Chess, shakmaty::Move, String)> {
        cases()
            .into_iter()
            .map(|(pos, mv)| {
                let chess: Chess = pos
                    .to_fen()
                    .parse::<Fen>()
                    .unwrap()
                    .into_position(CastlingMode::Chess960)
                    .unwrap();
                // King-to-rook castling, as chess-rules stores it, reads the same in Chess960.
                let uci = if mv.is_castle() {
                    format!("{}{}", mv.from(), mv.to())
                } else {
                    mv.to_string()
                };
                let m = UciMove::from_ascii(uci.as_bytes())
                    .unwrap()
                    .to_move(&chess)
                    .unwrap();
                let san = SanPlus::from_move(chess.clone(), m).to_string();
                (chess, m, san)
            })
            .collect()
    }

    #[divan::bench]
    fn parse_san(bencher: Bencher<'_, '_>) {
        let cases = theirs();
        bencher.counter(ItemsCount::new(cases.len())).bench(|| {
            for (pos, _, text) in black_box(&cases) {
                let san: SanPlus = text.parse().unwrap();
                black_box(san.san.to_move(pos).unwrap());
            }
        });
    }

    #[divan::bench]
    fn format_san(bencher: Bencher<'_, '_>) {
        let cases = theirs();
        bencher.counter(ItemsCount::new(cases.len())).bench(|| {
            for (pos, m, _) in black_box(&cases) {
                black_box(SanPlus::from_move(pos.clone(), *m).to_string());
            }
        });
    }
}
