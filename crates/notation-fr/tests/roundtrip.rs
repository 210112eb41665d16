//! Random legal games from the start and from set-up positions: every legal move written in
//! French, in each writing style, reads back as the same move with no repair; the same for
//! every letter table of `notation-en`, and for a French move followed by a draw offer.

use board_core::{Notation, Notes, read_move};
use chess_rules::{Move, Position};
use notation_en::{Algebraic, LANGUAGES};
use notation_fr::French;
use testkit::Rng;
use testkit::chess::STARTS;

/// The French styles: canonical, and every option the documents mention.
fn styles() -> [French; 4] {
    [
        French::STANDARD,
        French::STANDARD.with_castling_zeros(true),
        French::STANDARD.with_promotion_equals(false),
        French::STANDARD
            .with_castling_zeros(true)
            .with_promotion_equals(false)
            .with_en_passant_mark(true),
    ]
}

fn assert_round_trip<N: Notation<Position = Position, Move = Move>>(
    notation: &N,
    pos: &Position,
    mv: Move,
    suffix: &str,
) {
    let mut text = notation.to_text(pos, &mv);
    text.push_str(suffix);
    let mut notes = Notes::default();
    let back = read_move(notation, pos, &text, &mut notes)
        .unwrap_or_else(|e| panic!("{} {text:?} in {}: {e}", notation.name(), pos.to_fen()));
    assert_eq!(back, mv, "{} {text:?} in {}", notation.name(), pos.to_fen());
    assert!(
        notes.repairs.is_empty(),
        "{} {text:?} in {}: {:?}",
        notation.name(),
        pos.to_fen(),
        notes.repairs
    );
    assert_eq!(notes.draw_offer, !suffix.is_empty(), "{text:?}");
}

#[test]
fn every_legal_move_round_trips_in_french_and_every_language() {
    let mut rng = Rng::new(0x5eed_f00d_cafe_0001);
    let tables: Vec<Algebraic> = LANGUAGES
        .iter()
        .map(|l| Algebraic::with_letters(*l))
        .collect();
    let mut moves_checked = 0;
    let (mut castles, mut promotions, mut en_passant) = (0, 0, 0);
    for fen in STARTS {
        let start: Position = fen.parse().unwrap();
        for _game in 0..8 {
            let mut pos = start;
            for _ply in 0..120 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                for &mv in &moves {
                    for style in styles() {
                        assert_round_trip(&style, &pos, mv, "");
                    }
                    for table in &tables {
                        assert_round_trip(table, &pos, mv, "");
                    }
                    castles += usize::from(mv.is_castle());
                    promotions += usize::from(mv.promotion_role().is_some());
                    en_passant += usize::from(mv.is_en_passant());
                    moves_checked += 1;
                }
                let pick = *rng.pick(&moves);
                // A draw offer after the move read back: the move, and the offer.
                assert_round_trip(&French::STANDARD, &pos, pick, "=");
                pos.play_unchecked(pick);
            }
        }
    }
    assert!(moves_checked > 50_000, "{moves_checked}");
    assert!(
        castles > 100 && promotions > 100 && en_passant > 10,
        "{castles} {promotions} {en_passant}"
    );
}

/// The French writer and a French letter table on the engine agree on every move: the
/// conventions change castling, promotion and `e.p.` only where asked.
#[test]
fn the_standard_style_is_the_french_table() {
    let mut rng = Rng::new(0x0123_4567_89ab_cdef);
    let table = Algebraic::with_letters(notation_fr::LETTERS);
    for fen in STARTS {
        let mut pos: Position = fen.parse().unwrap();
        for _ply in 0..200 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            for &mv in &moves {
                assert_eq!(
                    French::STANDARD.to_text(&pos, &mv),
                    table.to_text(&pos, &mv)
                );
            }
            pos.play_unchecked(*rng.pick(&moves));
        }
    }
}
