//! Each form the reader accepts, each repair it reports, and the errors it gives.

mod common;

use board_core::{MoveErrorKind, Notation, Notes};
use chess_rules::Position;
use common::{SAN, convert};
use notation_descriptive::{Descriptive, DescriptivePosition};

fn position(fen: &str) -> DescriptivePosition {
    DescriptivePosition::from_position(fen.parse::<Position>().unwrap())
}

/// Reads `token` in `fen` (`start` for the initial position): the move in coordinates and
/// the repairs reported.
fn read_with(notation: &Descriptive, fen: &str, token: &str) -> (String, Vec<String>) {
    let pos = if fen == "start" {
        DescriptivePosition::new()
    } else {
        position(fen)
    };
    let mut notes = Notes::default();
    let mv = notation
        .parse(&pos, token, &mut notes)
        .unwrap_or_else(|e| panic!("{token:?} in {fen}: {e}"));
    let repairs = notes
        .repairs
        .iter()
        .map(|r| r.message.to_string())
        .collect();
    (mv.to_string(), repairs)
}

fn read(fen: &str, token: &str) -> (String, Vec<String>) {
    read_with(&Descriptive::OLD, fen, token)
}

/// `token` reads as `uci` with no repair.
#[track_caller]
fn reads(fen: &str, token: &str, uci: &str) {
    assert_eq!(read(fen, token), (uci.to_owned(), Vec::new()), "{token}");
}

/// `token` reads as `uci` with exactly this repair.
#[track_caller]
fn repairs(fen: &str, token: &str, uci: &str, repair: &str) {
    assert_eq!(
        read(fen, token),
        (uci.to_owned(), vec![repair.to_owned()]),
        "{token}"
    );
}

#[test]
fn spellings_and_spacing() {
    for token in [
        "N-KB3",
        "Kt-KB3",
        "Kt - K B 3",
        "KKt-KB3",
        "N–KB3",
        "Kt-K.B.3",
    ] {
        reads("start", token, "g1f3");
    }
    reads("start", "P-K4", "e2e4");
    reads("start", "QKt-B3", "b1c3");
}

#[test]
fn the_check_sign_chooses_between_two_moves() {
    // Both rooks reach B5; only the f1 rook's move checks the king on h5.
    let fen = "8/8/8/4p2k/8/8/8/2R2RK1 w - - 0 1";
    reads(fen, "R-B5ch", "f1f5");
    reads(fen, "R - B 5 ch", "f1f5");
    reads(fen, "R-B5+", "f1f5");
    reads(fen, "R-B5", "c1c5");
    reads(fen, "R-QB5", "c1c5");
}

#[test]
fn captured_pawns_named_by_file_and_en_passant() {
    let fen = "4k3/8/8/3p1p2/4P3/8/8/4K3 w - - 0 1";
    reads(fen, "PxQP", "e4d5");
    reads(fen, "P×KBP", "e4f5");
    reads(fen, "PxP(Q5)", "e4d5");
    reads(fen, "PxP/KB5", "e4f5");
    reads(fen, "KPxBP", "e4f5");
    let ep = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2";
    reads(ep, "PxP", "e5d6");
    reads(ep, "PxPe.p.", "e5d6");
    reads(ep, "P × P e.p.", "e5d6");
    repairs(
        "4k3/8/3p4/4P3/8/8/8/4K3 w - - 0 1",
        "PxP e.p.",
        "e5d6",
        "marked e.p., but the capture is not en passant",
    );
}

#[test]
fn piece_names_and_the_squares_taken_on() {
    let fen = "4k3/8/2n1n3/3B4/8/8/8/4K3 w - - 0 1";
    reads(fen, "BxN/QB6ch", "d5c6");
    reads(fen, "BxN(K6)", "d5e6");
    reads(fen, "BxNch", "d5c6");
    reads(fen, "BxN", "d5e6");
    reads(fen, "B×QKtch", "d5c6");
    reads(fen, "BxKKt", "d5e6");
    reads(fen, "B × Kt ch", "d5c6");
}

#[test]
fn promotions() {
    let fen = "8/P6k/8/8/8/8/8/K7 w - - 0 1";
    for token in ["P-R8(Q)", "P-R8=Q", "P-R8/Q", "P-R8Q", "P - R 8 (Q)"] {
        reads(fen, token, "a7a8q");
    }
    reads(fen, "P-R8=N", "a7a8n");
    reads(fen, "P-R8(Kt)", "a7a8n");
    repairs(
        fen,
        "P-R8",
        "a7a8q",
        "no promotion piece written: a queen is assumed",
    );
    reads("8/1P5k/8/8/8/8/8/K7 w - - 0 1", "P-Kt8=Q", "b7b8q");
}

#[test]
fn castling() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    for token in [
        "O-O",
        "0-0",
        "O - O",
        "Castles",
        "Castles KR",
        "Castles (K)",
        "castles",
    ] {
        reads(fen, token, "e1g1");
    }
    for token in ["O-O-O", "0-0-0", "O - O - O", "Castles QR", "Castles Q R"] {
        reads(fen, token, "e1c1");
    }
    repairs(
        "r3k2r/8/8/8/8/8/8/R3K3 w Qkq - 0 1",
        "Castles",
        "e1c1",
        "'Castles' alone is king-side castling; read as queen-side, the only castling legal",
    );
}

#[test]
fn first_rank_written_sq() {
    let fen = "r3k2r/8/8/8/8/8/8/4K3 b - - 0 1";
    for token in ["QR-Q sq", "QR-Qsq", "QR–Q.Sq.", "R-Q1"] {
        reads(fen, token, "a8d8");
    }
    reads(fen, "R-KB.Sq.", "h8f8");
}

#[test]
fn from_square_qualifiers() {
    let rooks = "4k3/8/8/8/8/R6R/8/4K3 w - - 0 1";
    reads(rooks, "R(QR3)-Q3", "a3d3");
    reads(rooks, "R(KR3)-Q3", "h3d3");
    reads(rooks, "R/KR3-Q3", "h3d3");
    reads(rooks, "QR-Q3", "a3d3");
    reads("4k3/8/8/8/8/2N1N3/8/4K3 w - - 0 1", "N(B3)-Q1", "c3d1");
    reads(
        "4k3/8/8/8/8/2N1N3/8/4K3 w - - 0 1",
        "Kt (K 3) - Q 1",
        "e3d1",
    );
    let file = "4k3/8/R7/8/n7/8/R7/4K3 w - - 0 1";
    reads(file, "R(6)xN", "a6a4");
    reads(file, "R/2xKt", "a2a4");
    reads("4k3/8/8/8/8/8/3N4/4K1N1 w - - 0 1", "N/Q2-B3", "d2f3");
}

/// After castling, `KR` is the rook that started on h1, wherever it went.
#[test]
fn rooks_and_knights_keep_the_name_of_their_wing() {
    let mut pos = DescriptivePosition::new();
    let mut notes = Notes::default();
    for token in [
        "P-K4", "P-K4", "N-KB3", "N-QB3", "B-B4", "B-B4", "O-O", "P-Q3", "P-Q4", "PxP", "QN-Q2",
        "KN-K2", "P-QN4", "B-N3", "B-N2", "O-O",
    ] {
        let mv = Descriptive::MODERN.parse(&pos, token, &mut notes).unwrap();
        pos.play_unchecked(mv);
    }
    assert!(notes.repairs.is_empty());
    // White rooks on a1 and f1; KR is the f1 rook.
    let mv = Descriptive::MODERN
        .parse(&pos, "KR-K1", &mut notes)
        .unwrap();
    assert_eq!(mv.to_string(), "f1e1");
    // The a1 rook cannot reach K1: the queen stands on Q1.
    assert!(
        Descriptive::MODERN
            .parse(&pos, "QR-K1", &mut notes)
            .is_err()
    );

    // A king's rook on the queen's side keeps its name; naming it by where it stands is
    // read, and reported.
    let mut pos = position("4k3/8/8/8/8/8/8/R3K2R w - - 0 1");
    for token in ["R-KR3", "K-K2", "R-QN3", "K-K1"] {
        let mv = Descriptive::MODERN.parse(&pos, token, &mut notes).unwrap();
        pos.play_unchecked(mv);
    }
    let mut notes = Notes::default();
    let mv = Descriptive::MODERN
        .parse(&pos, "KR-QB3", &mut notes)
        .unwrap();
    assert_eq!(
        (mv.to_string(), notes.repairs.len()),
        ("b3c3".to_owned(), 0)
    );
    let mv = Descriptive::MODERN
        .parse(&pos, "QR-QB3", &mut notes)
        .unwrap();
    assert_eq!(mv.to_string(), "b3c3");
    assert_eq!(
        notes.repairs[0].message,
        "the piece is named after the wing it stands on, not the one it started on"
    );
}

#[test]
fn check_signs() {
    let discovered = "4k3/8/8/8/8/4N3/8/4RK2 w - - 0 1";
    reads(discovered, "N-B5 dis. ch", "e3f5");
    reads(discovered, "N-B5disch", "e3f5");
    reads(discovered, "N-B5ch", "e3f5");
    repairs(
        discovered,
        "N-B5 dbl ch",
        "e3f5",
        "marked double check, but one piece gives check",
    );
    repairs(
        discovered,
        "N-B5++",
        "e3f5",
        "'++' marks mate or double check, but the move gives a single check",
    );
    repairs(
        discovered,
        "N-B5mate",
        "e3f5",
        "marked mate, but the move only gives check",
    );
    repairs(discovered, "N-B5", "e3f5", "check not marked");
    repairs(
        "4k3/8/8/8/8/4N3/8/3R1K2 w - - 0 1",
        "N-B5ch",
        "e3f5",
        "marked check, but the move gives no check",
    );
    let double = "4k3/8/8/8/4N3/8/8/4RK2 w - - 0 1";
    for token in [
        "N-Q6 dbl ch",
        "N-Q6 double ch",
        "N-Q6dblch",
        "N-Q6++",
        "N-Q6 dis. ch",
    ] {
        reads(double, token, "e4d6");
    }
    let fools = "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2";
    for token in ["Q-R5++", "Q-R5 mate", "Q-R5mate", "Q-R5#", "Q-R5ch"] {
        reads(fools, token, "d8h4");
    }
    repairs(fools, "Q-R5", "d8h4", "check not marked");
}

#[test]
fn annotation_glyphs_go_to_the_notes() {
    let pos = DescriptivePosition::new();
    let mut notes = Notes::default();
    Descriptive::OLD.parse(&pos, "P-K4!?", &mut notes).unwrap();
    assert_eq!(notes.nags, [5]);
}

#[test]
fn misprints_are_repaired_and_reported() {
    repairs(
        "start",
        "P K 4",
        "e2e4",
        "no '-' between the piece and its square",
    );
    repairs(
        "4k3/8/8/8/8/8/4K3/8 w - - 0 1",
        "K-KI",
        "e2e1",
        "a letter read as the digit 1",
    );
    let capture = "4k3/8/8/3p4/8/8/6B1/4K3 w - - 0 1";
    repairs(
        capture,
        "B-Q5",
        "g2d5",
        "a capture written as a move ('-' for 'x')",
    );
    repairs(
        capture,
        "BxQ5",
        "g2d5",
        "a capture written with the square instead of the piece taken",
    );
}

#[test]
fn french_forms() {
    let french = |fen: &str, token: &str| read_with(&Descriptive::FRENCH, fen, token).0;
    assert_eq!(french("start", "P-R4"), "e2e4");
    assert_eq!(french("start", "P4R"), "e2e4");
    assert_eq!(french("start", "C-FR3"), "g1f3");
    assert_eq!(french("start", "C3FR"), "g1f3");
    assert_eq!(french("start", "CD-FD3"), "b1c3");
    let rooks = "4k3/8/8/8/8/R7/8/4K2R w - - 0 1";
    assert_eq!(french(rooks, "TD3FR"), "a3f3");
    assert_eq!(french(rooks, "TD-FR3"), "a3f3");
    assert_eq!(french(rooks, "T3FR"), "a3f3");
    assert_eq!(french(rooks, "TR-TR3"), "h1h3");
    assert_eq!(french(rooks, "TR-FR1"), "h1f1");
    let capture = "4k3/8/2n1n3/3B4/8/8/8/4K3 w - - 0 1";
    assert_eq!(french(capture, "F×C+"), "d5c6");
    assert_eq!(french(capture, "F:C"), "d5e6");
    assert_eq!(french(capture, "FxC éch"), "d5c6");
    let queen = "4k3/8/8/8/8/8/3Q4/4K3 w - - 0 1";
    assert_eq!(french(queen, "D4FR"), "d2f4");
    assert_eq!(french(queen, "D-FR4"), "d2f4");
}

/// The language is never guessed: `R` is the rook in English and the king in French.
#[test]
fn the_language_decides_what_letters_mean() {
    let fen = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";
    assert_eq!(read_with(&Descriptive::MODERN, fen, "R-R2").0, "a1a2");
    assert_eq!(read_with(&Descriptive::FRENCH, fen, "R-R2").0, "e1e2");
}

#[test]
fn errors_name_the_legal_candidates() {
    let pos = DescriptivePosition::new();
    let mut notes = Notes::default();
    let err = Descriptive::MODERN
        .parse(&pos, "N-Q4", &mut notes)
        .unwrap_err();
    assert_eq!(err.kind, MoveErrorKind::Illegal);
    assert_eq!(err.to_string(), "illegal move N-Q4");
    assert_eq!(err.candidates, ["N-KB3", "N-KR3", "N-QB3", "N-QR3"]);
    assert_eq!(
        err.help().unwrap(),
        "legal moves that come closest: N-KB3, N-KR3, N-QB3, N-QR3"
    );

    let rooks = position("4k3/8/8/8/8/8/4K3/R6R w - - 0 1");
    let err = Descriptive::MODERN
        .parse(&rooks, "R-Q1", &mut notes)
        .unwrap_err();
    assert_eq!(err.kind, MoveErrorKind::Ambiguous);
    assert_eq!(
        err.to_string(),
        "ambiguous move R-Q1: could be KR-Q1 or QR-Q1"
    );
    let err = Descriptive::new(notation_descriptive::Style::OLD)
        .parse(&rooks, "R-Q1", &mut notes)
        .unwrap_err();
    assert_eq!(err.candidates, ["KR-Qsq", "QR-Qsq"]);

    let err = Descriptive::MODERN
        .parse(&pos, "Nf3", &mut notes)
        .unwrap_err();
    assert_eq!(err.kind, MoveErrorKind::Syntax);
    assert_eq!(
        err.to_string(),
        "\"Nf3\" is not English descriptive notation: unknown word \"f\" at byte 1"
    );
    assert!(notes.repairs.is_empty());
}

/// In a record, signs written apart (`R-B5 ch`, `PxP e.p.`) are read with their move.
#[test]
fn signs_written_apart_in_a_record() {
    let record = "1. P-K4 P-KB4 2. PxP P-KN4 3. Q-R5 mate *";
    assert_eq!(
        convert(record, &Descriptive::MODERN, &SAN).unwrap(),
        "1. e4 f5 2. exf5 g5 3. Qh5# *"
    );
    assert!(Descriptive::MODERN.glues("ch"));
    assert!(Descriptive::MODERN.glues("e.p."));
    assert!(Descriptive::MODERN.glues("dis.ch"));
    assert!(!Descriptive::MODERN.glues("P-K4"));
}

/// Old books print a pair of moves with a comma between (`1. P-K4, P-K4`): read as punctuation
/// after the move, outside its checks and glyphs, and reported.
#[test]
fn a_comma_after_the_move() {
    repairs("start", "P-K4,", "e2e4", "comma after the move");
    repairs("start", "Kt-KB3,", "g1f3", "comma after the move");
    let pos = DescriptivePosition::new();
    assert!(
        Descriptive::OLD
            .parse(&pos, ",", &mut Notes::default())
            .is_err()
    );
}
