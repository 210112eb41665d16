//! Manoury tokens: reading each move of random games in its position, writing it back, and the
//! syntax alone, counted in tokens.

use divan::counter::ItemsCount;
use divan::{Bencher, black_box};

fn main() {
    divan::main();
}

/// How many games, of up to 120 plies each, the benches go through per iteration.
const GAMES: usize = 20;

/// Every (position, move, canonical token) of `GAMES` random games from the start, the same on
/// every machine. Captures are frequent in random play, and with them the paths some need.
fn random_moves() -> Vec<(draughts_rules::Position, draughts_rules::Move, String)> {
    use board_core::Notation;

    let mut state: u64 = 0x5c0e_5bee_d2a7_0002;
    let mut next = move |n: usize| {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        (state.wrapping_mul(0x2545_f491_4f6c_dd1d) % n as u64) as usize
    };
    let mut moves = Vec::new();
    for _ in 0..GAMES {
        let mut pos = draughts_rules::Position::new();
        for _ in 0..120 {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            let mv = legal[next(legal.len())];
            moves.push((pos, mv, notation_manoury::Manoury.to_text(&pos, &mv)));
            pos.play_unchecked(&mv);
        }
    }
    moves
}

mod ours {
    use board_core::{Notation, Notes};
    use notation_manoury::{Manoury, ManouryPlus};

    use super::{Bencher, ItemsCount, black_box, random_moves};

    /// Token to legal move, as a replay reads: syntax, then the move in its position.
    #[divan::bench]
    fn parse(bencher: Bencher<'_, '_>) {
        let moves = random_moves();
        let mut notes = Notes::default();
        bencher
            .counter(ItemsCount::new(moves.len()))
            .bench_local(|| {
                for (pos, _, token) in black_box(&moves) {
                    notes.clear();
                    black_box(Manoury.parse(pos, token, &mut notes).ok());
                }
            });
    }

    /// Legal move to canonical token (a capture checks the other captures for its path).
    #[divan::bench]
    fn format(bencher: Bencher<'_, '_>) {
        let moves = random_moves();
        let mut out = String::with_capacity(64);
        bencher
            .counter(ItemsCount::new(moves.len()))
            .bench_local(|| {
                for (pos, mv, _) in black_box(&moves) {
                    out.clear();
                    Manoury.format(pos, mv, &mut out);
                    black_box(&out);
                }
            });
    }

    /// The syntax alone: squares, separators and signs.
    #[divan::bench]
    fn syntax(bencher: Bencher<'_, '_>) {
        let moves = random_moves();
        bencher.counter(ItemsCount::new(moves.len())).bench(|| {
            black_box(&moves)
                .iter()
                .filter(|(_, _, token)| ManouryPlus::from_ascii(token.as_bytes()).is_ok())
                .count()
        });
    }
}
