//! Random legal games: every legal move written in each notation reads back as the same move,
//! and SAN agrees letter for letter with shakmaty's writer.

use board_core::Notation;
use chess_rules::{Move, Position};
use notation_en::{Algebraic, Lan, Uci};
use shakmaty::{CastlingMode, Chess, fen::Fen, san::SanPlus};
use testkit::Rng;
use testkit::chess::{STARTS, perft_fens};

/// The set-ups of [`testkit::chess::STARTS`] and the tricky perft positions of the shared
/// corpus (absent: the built-in starts only, or a failure under `CI`).
fn starts() -> Vec<Position> {
    let mut fens: Vec<String> = STARTS.iter().map(|f| (*f).to_owned()).collect();
    fens.extend(perft_fens("tricky.perft").unwrap_or_default());
    fens.iter().map(|f| f.parse().unwrap()).collect()
}

fn shakmaty_of(pos: &Position) -> Chess {
    let setup = pos.to_fen().parse::<Fen>().unwrap();
    // Positions reached from set-up test positions may break shakmaty's plausibility checks
    // (more than 16 pieces, odd checks); the moves are still well defined.
    match setup.into_position(CastlingMode::Chess960) {
        Ok(chess) => chess,
        Err(err) => match err.ignore_too_much_material() {
            Ok(chess) => chess,
            Err(err) => err.ignore_impossible_check().unwrap(),
        },
    }
}

fn shakmaty_san(pos: &Chess, mv: Move) -> String {
    let uci = if mv.is_castle() {
        format!("{}{}", mv.from(), mv.to())
    } else {
        mv.to_string()
    };
    let m = shakmaty::uci::UciMove::from_ascii(uci.as_bytes())
        .unwrap()
        .to_move(pos)
        .unwrap();
    SanPlus::from_move(pos.clone(), m).to_string()
}

fn assert_round_trip<N: Notation<Position = Position, Move = Move>>(
    notation: &N,
    pos: &Position,
    mv: Move,
) -> String {
    let text = notation.to_text(pos, &mv);
    let mut notes = board_core::Notes::default();
    let back = board_core::read_move(notation, pos, &text, &mut notes)
        .unwrap_or_else(|e| panic!("{} {text:?} in {}: {e}", notation.name(), pos.to_fen()));
    assert_eq!(back, mv, "{} {text:?} in {}", notation.name(), pos.to_fen());
    assert!(
        notes.repairs.is_empty(),
        "{} {text:?} in {}: {:?}",
        notation.name(),
        pos.to_fen(),
        notes.repairs
    );
    text
}

#[test]
fn every_legal_move_round_trips_in_every_notation() {
    let mut rng = Rng::new(0x2545_f491_4f6c_dd1d);
    let mut moves_checked = 0;
    let chess960_uci = Uci::CHESS960;
    for start in starts() {
        for _game in 0..6 {
            let mut pos = start;
            for _ply in 0..160 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let theirs = shakmaty_of(&pos);
                for &mv in &moves {
                    let san = assert_round_trip(&Algebraic::ENGLISH, &pos, mv);
                    assert_eq!(san, shakmaty_san(&theirs, mv), "in {}", pos.to_fen());
                    assert_round_trip(&Algebraic::FIGURINE, &pos, mv);
                    assert_round_trip(&Lan::ENGLISH, &pos, mv);
                    assert_round_trip(&chess960_uci, &pos, mv);
                    assert_round_trip(&Uci::STANDARD, &pos, mv);
                    moves_checked += 1;
                }
                let pick = *rng.pick(&moves);
                pos.play_unchecked(pick);
            }
        }
    }
    assert!(moves_checked > 100_000, "{moves_checked}");
}
