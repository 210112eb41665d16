//! The properties of descriptive notation, as plain functions: the `notation_descriptive` fuzz
//! target calls [`notation_descriptive`] on nightly, and the stable tests replay it on every
//! seed of `corpus/notation_descriptive/` and past crash of `corpus/regressions/notation_descriptive/`.
//!
//! # Examples
//!
//! ```
//! use scoresheet_fuzz::notation_descriptive::{book_import, move_round_trip, notation_descriptive, token_round_trip};
//!
//! move_round_trip(&[40, 7, 1, 99, 3, 250, 18, 4, 77]);
//! token_round_trip(b"\0\0\0\0Kt - K B 3");
//! book_import("        1. P - K 4                P - K 4\n".as_bytes());
//! notation_descriptive(b"\0\0\0\0P K 4 !");
//! ```

use arbitrary::Unstructured;
use board_core::{Dialect, Notation, Notes};
use chess_rules::Move;
use notation_descriptive::{Descriptive, DescriptivePosition, book};

/// Every house style: each writes its own tokens, and reads every form of its language.
const STYLES: [Descriptive; 4] = [
    Descriptive::MODERN,
    Descriptive::OLD,
    Descriptive::FRENCH,
    Descriptive::FRENCH_FIDE,
];

/// How many bytes of the input choose the position a raw token is read in.
const HEAD: usize = 4;

/// All three properties on the same bytes.
///
/// # Panics
///
/// When a property does not hold.
pub fn notation_descriptive(data: &[u8]) {
    move_round_trip(data);
    token_round_trip(data);
    book_import(data);
}

/// Random legal play from the start, chosen by the bytes, with the origins of the pieces
/// tracked as a game would track them (as `Position`'s `Arbitrary` plays, up to 200 plies).
fn random_game(u: &mut Unstructured<'_>) -> DescriptivePosition {
    let mut pos = DescriptivePosition::new();
    let plies = u.int_in_range(0..=200u32).unwrap_or(0);
    for _ in 0..plies {
        let moves = pos.chess().legal_moves();
        if moves.is_empty() || u.is_empty() {
            break;
        }
        let Ok(mv) = u.choose(&moves) else {
            break;
        };
        pos.play_unchecked(*mv);
    }
    pos
}

/// Reads `token` with `notation` in `pos`, noting repairs.
fn read(notation: &Descriptive, pos: &DescriptivePosition, token: &str) -> Option<(Move, Notes)> {
    let mut notes = Notes::default();
    let mv = notation.parse(pos, token, &mut notes).ok()?;
    Some((mv, notes))
}

/// A random reachable position and a legal move in it: in every style the move's token has no
/// space or parenthesis and reads back as that move with no repair (`parse(format(m)) == m`).
///
/// # Panics
///
/// When the property does not hold.
pub fn move_round_trip(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let pos = random_game(&mut u);
    let moves = pos.chess().legal_moves();
    let Ok(&mv) = u.choose(&moves) else {
        return;
    };
    let fen = pos.chess().to_fen();
    for notation in &STYLES {
        let text = notation.to_text(&pos, &mv);
        assert!(
            !text.contains([' ', '(', ')']),
            "{} wrote {text:?} for {mv} in {fen}",
            notation.name()
        );
        let Some((back, notes)) = read(notation, &pos, &text) else {
            panic!(
                "{} wrote {text:?} for {mv} in {fen}, which does not read",
                notation.name()
            );
        };
        assert_eq!(back, mv, "{} {text:?} in {fen}", notation.name());
        assert!(
            notes.repairs.is_empty(),
            "{text:?} in {fen}: {:?}",
            notes.repairs
        );
    }
}

/// Raw text as a token, in a position chosen by the first bytes: reading never panics, and a
/// token that reads is a move whose canonical token reads as the same move.
///
/// # Panics
///
/// When the property does not hold.
pub fn token_round_trip(data: &[u8]) {
    let (head, tail) = data.split_at(data.len().min(HEAD));
    let pos = random_game(&mut Unstructured::new(head));
    let Ok(token) = std::str::from_utf8(tail) else {
        return;
    };
    for notation in &STYLES {
        let Some((mv, _)) = read(notation, &pos, token) else {
            continue;
        };
        assert!(
            pos.chess().is_legal(mv),
            "{token:?} read as an illegal {mv}"
        );
        let text = notation.to_text(&pos, &mv);
        let again = read(notation, &pos, &text).map(|(m, _)| m);
        assert_eq!(
            again,
            Some(mv),
            "{token:?} -> {text:?} in {}",
            pos.chess().to_fen()
        );
    }
}

/// Raw bytes as a book: the import never panics, every line of the decoded text is counted
/// once in the tally (a move, a comment, a heading, a diagram, a page artefact, prose, not
/// read or blank), every game it returns replays legally from its start, and writes as a
/// record.
///
/// # Panics
///
/// When the property does not hold.
pub fn book_import(data: &[u8]) {
    for notation in [Descriptive::OLD, Descriptive::FRENCH] {
        let (decoded, import) = book::read(data, &notation);
        assert_eq!(
            import.tally.total(),
            decoded.text.lines().count(),
            "the tally does not add up to the lines"
        );
        for game in &import.games {
            let mut pos = game.start.clone();
            for mv in game.moves() {
                pos = pos
                    .play(mv)
                    .unwrap_or_else(|e| panic!("an imported game plays {e}"));
            }
            let mut out = String::new();
            game.write_pgn(&Descriptive::MODERN, &Dialect::pgn(), &mut out);
            assert!(out.contains(game.result.as_str()), "{out}");
        }
    }
}
