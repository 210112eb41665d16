//! The properties behind the fuzz targets, as plain functions: the `fuzz_target!`s call them on
//! nightly, and the stable tests of `tests/replay.rs` call them on every committed seed and past
//! crash under `corpus/`.
//!
//! Each property takes the fuzzer's raw bytes and panics when it does not hold.
//!
//! # Examples
//!
//! ```
//! scoresheet_fuzz::fen_read(b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
//! scoresheet_fuzz::fen_read(b"not a FEN at all");
//! scoresheet_fuzz::movegen_vs_shakmaty(&[7, 1, 2, 3, 4, 5, 6]);
//! ```

mod detect;
mod draughts_reference;
mod export;
mod fen_movegen;
mod fmt_splice;
mod game_replay;
pub mod notation_descriptive;
mod notation_en;
mod notation_fr;
mod notation_manoury;
mod records;
mod writers;

pub use detect::detect;
pub use draughts_reference::draughts_vs_reference;
pub use export::export;
pub use fen_movegen::movegen_fen_vs_shakmaty;
pub use fmt_splice::{fmt_splice, record_places};
pub use game_replay::{game_replay, random_record};
pub use notation_en::{notation_en, san_text};
pub use notation_fr::notation_fr;
pub use notation_manoury::{draughts_fen_read, manoury_moves, manoury_text, notation_manoury};
pub use records::records;
pub use writers::{diagram, sheet};

use std::collections::BTreeSet;

use arbitrary::{Arbitrary, Unstructured};
use chess_rules::{Move, Position};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position as _};

/// Any bytes as a FEN: reading never panics, and what reads writes back to a fixed point.
///
/// When `data` parses, its [`Position::to_fen`] parses again to the same position (same pieces,
/// side, castling rights, legal en-passant square, clocks and legal moves) and writes the same
/// text again.
///
/// # Panics
///
/// When the property does not hold.
pub fn fen_read(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(pos) = text.parse::<Position>() else {
        return;
    };
    let fen = pos.to_fen();
    let again: Position = fen
        .parse()
        .unwrap_or_else(|err| panic!("{text:?} read, but its FEN {fen:?} does not: {err}"));
    // `==` would also compare an en-passant square that no capture can use, which the FEN
    // rightly drops; the hash covers what makes the position.
    assert_eq!(again.zobrist(), pos.zobrist(), "{text:?} -> {fen:?}");
    assert_eq!(
        (again.halfmoves(), again.fullmoves()),
        (pos.halfmoves(), pos.fullmoves()),
        "{text:?} -> {fen:?}"
    );
    assert_eq!(moves(&again), moves(&pos), "{text:?} -> {fen:?}");
    assert_eq!(again.to_fen(), fen, "{text:?}: to_fen is not a fixed point");
}

/// A random reachable position ([`Position`]'s `Arbitrary` plays random legal moves from the
/// start): the same legal moves as shakmaty finds, the same check, mate and stalemate, the same
/// FEN.
///
/// # Panics
///
/// When the property does not hold.
pub fn movegen_vs_shakmaty(data: &[u8]) {
    let Ok(pos) = Position::arbitrary(&mut Unstructured::new(data)) else {
        return;
    };
    let fen = pos.to_fen();
    let theirs: Chess = fen
        .parse::<Fen>()
        .unwrap_or_else(|err| panic!("shakmaty rejects the FEN {fen:?}: {err}"))
        .into_position(CastlingMode::Chess960)
        .unwrap_or_else(|err| panic!("shakmaty rejects the position {fen:?}: {err}"));

    let their_moves: BTreeSet<String> = theirs
        .legal_moves()
        .iter()
        // King-to-rook castling in both, so castling cannot be confused with a king step.
        .map(|mv| mv.to_uci(CastlingMode::Chess960).to_string())
        .collect();
    assert_eq!(moves(&pos), their_moves, "{fen}");
    assert_eq!(pos.is_check(), theirs.is_check(), "check in {fen}");
    assert_eq!(pos.is_checkmate(), theirs.is_checkmate(), "mate in {fen}");
    assert_eq!(
        pos.is_stalemate(),
        theirs.is_stalemate(),
        "stalemate in {fen}"
    );
    let their_fen = Fen::from_position(&theirs, EnPassantMode::Legal).to_string();
    assert_eq!(fen, their_fen, "FEN of the same position");
}

/// The legal moves in coordinates, castling written king-to-rook (`e1h1`) as in Chess960 UCI.
fn moves(pos: &Position) -> BTreeSet<String> {
    pos.legal_moves().iter().map(|mv| uci_960(*mv)).collect()
}

fn uci_960(mv: Move) -> String {
    let mut text = format!("{}{}", mv.from(), mv.to());
    if let Some(role) = mv.promotion_role() {
        text.push(role.char());
    }
    text
}
