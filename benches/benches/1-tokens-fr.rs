//! French tokens: reading each move of random games in its position and writing it back, beside
//! English SAN on the same engine and shakmaty's SAN on the same moves, counted in tokens.

use divan::counter::ItemsCount;
use divan::{Bencher, black_box};

fn main() {
    divan::main();
}

/// How many games, of up to 120 plies each, the benches go through per iteration.
const GAMES: usize = 20;

/// One move of the benched games, in every form the benches need.
struct Sample {
    pos: chess_rules::Position,
    mv: chess_rules::Move,
    french: String,
    english: String,
    theirs: ::shakmaty::Chess,
    their_move: ::shakmaty::Move,
}

/// Every move of `GAMES` random games from the start, the same on every machine, with its
/// French and English tokens (a draw offer `=` after one French move in 16, as sheets have).
fn random_moves() -> Vec<Sample> {
    use ::shakmaty::Position as _;
    use board_core::Notation;

    let mut state: u64 = 0x5c0e_5bee_f7e0_0003;
    let mut next = move |n: usize| {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        (state.wrapping_mul(0x2545_f491_4f6c_dd1d) % n as u64) as usize
    };
    let mut samples = Vec::new();
    for _ in 0..GAMES {
        let mut pos = chess_rules::Position::new();
        let mut theirs = ::shakmaty::Chess::default();
        for _ in 0..120 {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            let mv = legal[next(legal.len())];
            let mut french = notation_fr::French::STANDARD.to_text(&pos, &mv);
            if next(16) == 0 {
                french.push('=');
            }
            let their_move = ::shakmaty::uci::UciMove::from_ascii(mv.to_string().as_bytes())
                .expect("our moves write as UCI")
                .to_move(&theirs)
                .expect("the same move is legal for shakmaty");
            samples.push(Sample {
                pos,
                mv,
                french,
                english: notation_en::Algebraic::ENGLISH.to_text(&pos, &mv),
                theirs: theirs.clone(),
                their_move,
            });
            pos.play_unchecked(mv);
            theirs.play_unchecked(their_move);
        }
    }
    samples
}

mod french {
    use board_core::{Notation, Notes};
    use notation_fr::French;

    use super::{Bencher, ItemsCount, black_box, random_moves};

    /// Token to legal move, draw offers and all, as a replay reads.
    #[divan::bench]
    fn parse(bencher: Bencher<'_, '_>) {
        let samples = random_moves();
        let mut notes = Notes::default();
        bencher
            .counter(ItemsCount::new(samples.len()))
            .bench_local(|| {
                for s in black_box(&samples) {
                    notes.clear();
                    black_box(French::STANDARD.parse(&s.pos, &s.french, &mut notes).ok());
                }
            });
    }

    /// Legal move to canonical French token, check sign included.
    #[divan::bench]
    fn format(bencher: Bencher<'_, '_>) {
        let samples = random_moves();
        let mut out = String::with_capacity(16);
        bencher
            .counter(ItemsCount::new(samples.len()))
            .bench_local(|| {
                for s in black_box(&samples) {
                    out.clear();
                    French::STANDARD.format(&s.pos, &s.mv, &mut out);
                    black_box(&out);
                }
            });
    }
}

mod english {
    use board_core::{Notation, Notes};
    use notation_en::Algebraic;

    use super::{Bencher, ItemsCount, black_box, random_moves};

    /// The same moves as English SAN on the same engine.
    #[divan::bench]
    fn parse(bencher: Bencher<'_, '_>) {
        let samples = random_moves();
        let mut notes = Notes::default();
        bencher
            .counter(ItemsCount::new(samples.len()))
            .bench_local(|| {
                for s in black_box(&samples) {
                    notes.clear();
                    black_box(
                        Algebraic::ENGLISH
                            .parse(&s.pos, &s.english, &mut notes)
                            .ok(),
                    );
                }
            });
    }

    #[divan::bench]
    fn format(bencher: Bencher<'_, '_>) {
        let samples = random_moves();
        let mut out = String::with_capacity(16);
        bencher
            .counter(ItemsCount::new(samples.len()))
            .bench_local(|| {
                for s in black_box(&samples) {
                    out.clear();
                    Algebraic::ENGLISH.format(&s.pos, &s.mv, &mut out);
                    black_box(&out);
                }
            });
    }
}

mod shakmaty {
    use std::fmt::Write as _;

    use shakmaty::san::{San, SanPlus};

    use super::{Bencher, ItemsCount, black_box, random_moves};

    /// The anchor: shakmaty reading the English tokens of the same moves.
    #[divan::bench]
    fn parse(bencher: Bencher<'_, '_>) {
        let samples = random_moves();
        bencher
            .counter(ItemsCount::new(samples.len()))
            .bench_local(|| {
                for s in black_box(&samples) {
                    let san = SanPlus::from_ascii(s.english.as_bytes()).ok();
                    black_box(san.and_then(|san| San::to_move(san.san, &s.theirs).ok()));
                }
            });
    }

    /// shakmaty writing SAN with its check sign (it plays the move to find the sign, as we do).
    #[divan::bench]
    fn format(bencher: Bencher<'_, '_>) {
        let samples = random_moves();
        let mut out = String::with_capacity(16);
        bencher
            .counter(ItemsCount::new(samples.len()))
            .bench_local(|| {
                for s in black_box(&samples) {
                    out.clear();
                    let _ = write!(
                        out,
                        "{}",
                        SanPlus::from_move(s.theirs.clone(), s.their_move)
                    );
                    black_box(&out);
                }
            });
    }
}
