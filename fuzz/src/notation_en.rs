//! English SAN, every other letter table, figurine, LAN and UCI on raw text: the token syntax
//! reads to a fixed point, and a token that resolves in a position names a legal move whose
//! canonical text reads back to it.
//!
//! # Examples
//!
//! ```
//! scoresheet_fuzz::notation_en(b"\xFFNg1-f3+");
//! scoresheet_fuzz::san_text(b"exd8=Q#");
//! ```

use arbitrary::{Arbitrary, Unstructured};
use board_core::{Notation, Notes, read_move};
use chess_rules::{Move, Position};
use notation_en::{Algebraic, LANGUAGES, Lan, PieceLetters, San, SanPlus, Uci, san};

/// The bytes before the first `0xFF` play a random game from the start ([`Position`]'s
/// `Arbitrary`); the bytes after it (all of them when there is no `0xFF`) are a token.
///
/// - The token's syntax, in every letter table ([`san_text`]), reads to a fixed point.
/// - Read in the position with SAN in every letter table, figurine, LAN and UCI (both castling
///   conventions), a token that reads names a legal move, and the canonical text of that move
///   reads back to it with no repair and writes the same text again.
/// - Every legal move of the position written in LAN and UCI reads back as itself with no
///   repair (the SAN tables are covered by `notation_fr`).
///
/// # Panics
///
/// When the property does not hold.
pub fn notation_en(data: &[u8]) {
    let (head, tail) = match data.iter().position(|&b| b == 0xFF) {
        Some(split) => (&data[..split], &data[split + 1..]),
        None => (&[][..], data),
    };
    let Ok(pos) = Position::arbitrary(&mut Unstructured::new(head)) else {
        return;
    };
    for mv in pos.legal_moves() {
        for uci in [Uci::STANDARD, Uci::CHESS960] {
            assert_reads_back(&uci, &pos, mv, "");
        }
        assert_reads_back(&Lan::ENGLISH, &pos, mv, "");
    }
    san_text(tail);
    let Ok(text) = std::str::from_utf8(tail) else {
        return;
    };
    for letters in tables() {
        resolves_back(&Algebraic::with_letters(letters), &pos, text);
        resolves_back(&Lan { letters }, &pos, text);
    }
    resolves_back(&Uci::STANDARD, &pos, text);
    resolves_back(&Uci::CHESS960, &pos, text);
}

/// English, figurine, then the other languages' tables.
fn tables() -> Vec<PieceLetters> {
    let mut tables = vec![PieceLetters::ENGLISH, PieceLetters::FIGURINE];
    tables.extend(LANGUAGES);
    tables
}

/// Any bytes as a SAN token in every letter table: reading never panics, and what reads
/// writes a text (in the table's canonical spelling) that reads back to the same move syntax
/// and sign with no lenience (both origin coordinates aside, which the long form flags), and
/// writes the same text again.
///
/// # Panics
///
/// When the property does not hold.
pub fn san_text(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for letters in tables() {
        let Ok(plus) = SanPlus::from_ascii_with(text.as_bytes(), &letters) else {
            continue;
        };
        let name = letters.name();
        let written = write_plus(&plus, &letters);
        let again = SanPlus::from_ascii_with(written.as_bytes(), &letters)
            .unwrap_or_else(|e| panic!("{name}: {text:?} reads, but {written:?} does not: {e}"));
        assert_eq!(again.san, plus.san, "{name}: {text:?} -> {written:?}");
        assert_eq!(again.suffix, plus.suffix, "{name}: {text:?} -> {written:?}");
        let long = matches!(
            plus.san,
            San::Normal {
                file: Some(_),
                rank: Some(_),
                ..
            }
        );
        let allowed = if long {
            san::Lenience::LONG_FORM
        } else {
            san::Lenience::default()
        };
        assert!(
            again.lenience.without(allowed).is_empty(),
            "{name}: {text:?} -> {written:?}: {:?}",
            again.lenience.messages().collect::<Vec<_>>()
        );
        assert_eq!(
            write_plus(&again, &letters),
            written,
            "{name}: {text:?}: not a fixed point"
        );
    }
}

/// The canonical spelling of what a token says: piece letter, origin as written, `x`,
/// destination, `=` and the promotion letter, sign.
fn write_plus(plus: &SanPlus, letters: &PieceLetters) -> String {
    let mut out = String::new();
    plus.write_with(letters, &mut out);
    out
}

/// A raw token read with `notation` in `pos`: when it names a move, the move is legal and its
/// canonical text reads back to it with no repair and writes the same text again.
fn resolves_back<N: Notation<Position = Position, Move = Move>>(
    notation: &N,
    pos: &Position,
    text: &str,
) {
    let mut notes = Notes::default();
    let Ok(mv) = notation.parse(pos, text, &mut notes) else {
        return;
    };
    let name = notation.name();
    assert!(
        pos.is_legal(mv),
        "{name}: {text:?} read as an illegal move in {}",
        pos.to_fen()
    );
    let canonical = notation.to_text(pos, &mv);
    let back = assert_reads_back(notation, pos, mv, "");
    assert_eq!(
        notation.to_text(pos, &back),
        canonical,
        "{name}: {text:?} in {}",
        pos.to_fen()
    );
}

/// `mv` written by `notation` in `pos` (with `suffix` after it) reads back as `mv`, with no
/// repair and the check sign it deserves.
fn assert_reads_back<N: Notation<Position = Position, Move = Move>>(
    notation: &N,
    pos: &Position,
    mv: Move,
    suffix: &str,
) -> Move {
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
    back
}
