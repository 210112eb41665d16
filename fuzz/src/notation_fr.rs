//! French notation and every letter table, on random reachable positions and on raw text.

use arbitrary::{Arbitrary, Unstructured};
use board_core::{Notation, Notes, read_move};
use chess_rules::{Move, Position};
use notation_en::{Algebraic, LANGUAGES, PieceLetters};
use notation_fr::French;

/// The bytes before the first `0xFF` play a random game from the start ([`Position`]'s
/// `Arbitrary`); the bytes after it, which UTF-8 never holds, are a token to read there.
///
/// In that position:
/// - every legal move, written in French in each style (standard, `0-0`, `e8D`, `e.p.`) and in
///   every letter table and figurines, reads back as the same move with no repair, and with
///   `=` after it as the same move with a draw offer;
/// - the token, if it reads in French, names a move whose canonical French reads back to it,
///   and writing that again gives the same text (`format(parse(format(parse(s))))`
///   is `format(parse(s))`);
/// - reading the token, detecting the language of the token's words as a game, and reading
///   them as a clock time or a date never panic, and a clock time that reads writes a command
///   that reads back to the same time.
///
/// # Panics
///
/// When the property does not hold.
pub fn notation_fr(data: &[u8]) {
    let split = data.iter().position(|&b| b == 0xFF).unwrap_or(data.len());
    let Ok(pos) = Position::arbitrary(&mut Unstructured::new(&data[..split])) else {
        return;
    };
    moves_round_trip(&pos);
    let Ok(text) = std::str::from_utf8(data.get(split + 1..).unwrap_or_default()) else {
        return;
    };
    text_round_trip(&pos, text);
}

fn styles() -> [French; 4] {
    [
        French::STANDARD,
        French::STANDARD.with_castling_zeros(true),
        French::STANDARD.with_promotion_equals(false),
        French::STANDARD.with_en_passant_mark(true),
    ]
}

fn assert_reads_back<N: Notation<Position = Position, Move = Move>>(
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

fn moves_round_trip(pos: &Position) {
    let tables: Vec<Algebraic> = LANGUAGES
        .iter()
        .chain(&[PieceLetters::FIGURINE])
        .map(|l| Algebraic::with_letters(*l))
        .collect();
    for mv in pos.legal_moves() {
        for style in styles() {
            assert_reads_back(&style, pos, mv, "");
            assert_reads_back(&style, pos, mv, "=");
        }
        for table in &tables {
            assert_reads_back(table, pos, mv, "");
        }
    }
}

fn text_round_trip(pos: &Position, text: &str) {
    let mut notes = Notes::default();
    if let Ok(mv) = French::STANDARD.parse(pos, text, &mut notes) {
        assert!(
            pos.is_legal(mv),
            "{text:?} read as an illegal move in {}",
            pos.to_fen()
        );
        let canonical = French::STANDARD.to_text(pos, &mv);
        let mut again = Notes::default();
        let back = read_move(&French::STANDARD, pos, &canonical, &mut again)
            .unwrap_or_else(|e| panic!("{text:?} -> {canonical:?} in {}: {e}", pos.to_fen()));
        assert_eq!(back, mv, "{text:?} -> {canonical:?} in {}", pos.to_fen());
        assert!(
            again.repairs.is_empty(),
            "{canonical:?}: {:?}",
            again.repairs
        );
        assert_eq!(French::STANDARD.to_text(pos, &back), canonical);
    }
    let words: Vec<&str> = text.split_whitespace().take(64).collect();
    let detection = notation_detect::detect_from(pos, &words);
    let _ = detection.reason();
    if let Ok(command) = notation_fr::clock_command(text) {
        let inner = command
            .strip_prefix("[%clk ")
            .and_then(|c| c.strip_suffix(']'))
            .unwrap_or_else(|| panic!("{text:?} -> {command:?}"));
        assert_eq!(
            notation_fr::clock_command(inner).as_deref(),
            Ok(command.as_str()),
            "{text:?}"
        );
    }
    let _ = notation_fr::french_date_to_pgn(text);
}
