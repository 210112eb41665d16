//! The lenient reader: every form real files contain reads as the right move, and each is
//! reported; ambiguous and illegal moves name the legal candidates.

use board_core::{MoveErrorKind, Notation, Notes};
use chess_rules::Position;
use notation_en::Algebraic;

fn pos(fen: &str) -> Position {
    fen.parse().unwrap()
}

/// Reads `token`, checks that it means the same move as the canonical `san`, and returns the
/// repair messages.
fn read(position: &Position, token: &str, san: &str) -> Vec<String> {
    let mut notes = Notes::default();
    let mv = board_core::read_move(&Algebraic::ENGLISH, position, token, &mut notes)
        .unwrap_or_else(|e| panic!("{token}: {e}"));
    assert_eq!(Algebraic::ENGLISH.to_text(position, &mv), san, "{token}");
    notes
        .repairs
        .into_iter()
        .map(|r| r.message.into_owned())
        .collect()
}

const CASTLES: &str = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
const PROMOTE: &str = "3q3k/4P3/8/8/8/8/8/4K3 w - - 0 1";

#[test]
fn canonical_tokens_have_no_repairs() {
    let start = Position::new();
    assert!(read(&start, "e4", "e4").is_empty());
    assert!(read(&start, "Nf3", "Nf3").is_empty());
    assert!(read(&pos(CASTLES), "O-O-O", "O-O-O").is_empty());
    assert!(read(&pos(PROMOTE), "exd8=Q+", "exd8=Q+").is_empty());
}

#[test]
fn castling_with_zeros() {
    assert_eq!(
        read(&pos(CASTLES), "0-0", "O-O"),
        ["castling written with zeros"]
    );
    assert_eq!(
        read(&pos(CASTLES), "0-0-0", "O-O-O"),
        ["castling written with zeros"]
    );
}

#[test]
fn promotion_forms() {
    let p = pos(PROMOTE);
    for token in ["e8Q", "e8(Q)", "e8/Q"] {
        assert_eq!(
            read(&p, token, "e8=Q+"),
            ["promotion written without '='", "check sign missing"],
            "{token}"
        );
    }
    assert_eq!(read(&p, "e8=N", "e8=N"), Vec::<String>::new());
    assert_eq!(
        read(&p, "e8", "e8=Q+"),
        [
            "promotion piece missing: queen assumed",
            "check sign missing"
        ]
    );
}

#[test]
fn long_algebraic_and_redundant_origins() {
    let start = Position::new();
    let long = "long algebraic form (origin square written)";
    assert_eq!(read(&start, "Ng1f3", "Nf3"), [long]);
    assert_eq!(read(&start, "Ng1-f3", "Nf3"), [long]);
    assert_eq!(read(&start, "e2-e4", "e4"), [long]);
    assert_eq!(read(&start, "e2e4", "e4"), [long]);
    assert_eq!(
        read(&start, "Ngf3", "Nf3"),
        ["more disambiguation than needed"]
    );
    let after_e4_d5 = pos("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2");
    assert_eq!(read(&after_e4_d5, "e4xd5", "exd5"), [long]);
    assert_eq!(
        read(&after_e4_d5, "Pe4xd5", "exd5"),
        ["pawn written with a letter", long]
    );
}

#[test]
fn capture_and_check_signs() {
    let after_e4_d5 = pos("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2");
    assert_eq!(read(&after_e4_d5, "ed5", "exd5"), ["capture sign missing"]);
    assert_eq!(
        read(&after_e4_d5, "e:d5", "exd5"),
        ["capture written with ':' or '×'"]
    );
    assert_eq!(
        read(&after_e4_d5, "e×d5", "exd5"),
        ["capture written with ':' or '×'"]
    );
    let start = Position::new();
    assert_eq!(
        read(&start, "Nxf3", "Nf3"),
        ["capture sign on a move that takes nothing"]
    );
    assert_eq!(
        read(&start, "Nf3+", "Nf3"),
        ["check sign on a move that does not check"]
    );
    let fools = pos("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq g3 0 2");
    assert_eq!(read(&fools, "Qh4", "Qh4#"), ["mate sign missing"]);
    assert_eq!(read(&fools, "Qh4+", "Qh4#"), ["'+' on a move that mates"]);
    assert_eq!(read(&fools, "Qh4++", "Qh4#"), ["mate written '++'"]);
    assert_eq!(
        read(&fools, "Qh4#!!", "Qh4#"),
        ["annotation glyph inside the move token"]
    );
}

#[test]
fn en_passant_mark() {
    let ep = pos("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
    assert_eq!(read(&ep, "exf6e.p.", "exf6"), ["en passant marked 'e.p.'"]);
    assert_eq!(read(&ep, "exf6ep", "exf6"), ["en passant marked 'e.p.'"]);
    assert!(read(&ep, "exf6", "exf6").is_empty());
}

/// A score typed in German that slips into English letters (`Qg6`, seen on a web page's
/// Immortal Game): the error names the letter set and what the letter is in English.
#[test]
fn another_languages_piece_letter_is_named() {
    let german = Algebraic::with_letters(notation_en::PieceLetters::GERMAN);
    let err = german
        .parse(&Position::new(), "Nf3", &mut Notes::default())
        .unwrap_err();
    assert_eq!(err.kind, MoveErrorKind::Syntax);
    assert_eq!(
        err.to_string(),
        "\"Nf3\" does not start with a piece letter or a file; N is no piece letter in de \
         (K D T L S): it is the English knight, S in de"
    );
    // A small letter of the table's own: upper case is asked for.
    let err = german
        .parse(&Position::new(), "sf3", &mut Notes::default())
        .unwrap_err();
    assert!(
        err.to_string()
            .ends_with("piece letters are upper case (S)"),
        "{err}"
    );
}

#[test]
fn lowercase_piece_letters_are_refused() {
    let err = Algebraic::ENGLISH
        .parse(&Position::new(), "nf3", &mut Notes::default())
        .unwrap_err();
    assert_eq!(err.kind, MoveErrorKind::Syntax);
    assert_eq!(
        err.to_string(),
        "\"nf3\" does not start with a piece letter or a file; piece letters are upper case (N)"
    );
    // `b` is a file: a pawn capture, never a bishop.
    let p = pos("4k3/8/8/8/8/2p5/1P6/4K3 w - - 0 1");
    assert_eq!(read(&p, "bxc3", "bxc3"), Vec::<String>::new());
    assert!(
        Algebraic::ENGLISH
            .parse(&p, "Bxc3", &mut Notes::default())
            .is_err()
    );
}

#[test]
fn ambiguous_and_illegal_moves_name_candidates() {
    let err = Algebraic::ENGLISH
        .parse(&Position::new(), "Nd4", &mut Notes::default())
        .unwrap_err();
    assert_eq!(err.kind, MoveErrorKind::Illegal);
    assert_eq!(err.candidates, ["Na3", "Nc3", "Nf3", "Nh3"]);
    let err = Algebraic::ENGLISH
        .parse(
            &pos("4k3/8/8/8/8/8/8/1N3N1K w - - 0 1"),
            "Nd2",
            &mut Notes::default(),
        )
        .unwrap_err();
    assert_eq!(err.kind, MoveErrorKind::Ambiguous);
    assert_eq!(err.to_string(), "ambiguous move Nd2: could be Nbd2 or Nfd2");
    let err = Algebraic::ENGLISH
        .parse(&Position::new(), "Ke2", &mut Notes::default())
        .unwrap_err();
    assert_eq!(err.to_string(), "illegal move Ke2");
    // No king move at all: every legal move is offered.
    assert_eq!(err.candidates.len(), 20);
    assert_eq!(
        err.help().unwrap(),
        format!(
            "legal moves that come closest: {}",
            err.candidates.join(", ")
        )
    );
}

#[test]
fn null_moves_are_recognised() {
    assert!(Algebraic::ENGLISH.is_null("--"));
    assert!(Algebraic::ENGLISH.is_null("Z0"));
    assert!(!Algebraic::ENGLISH.is_null("e4"));
}

/// Found by the notation_fr fuzz target: a pawn token onto the mover's own first rank looked
/// for a square behind it off the board.
#[test]
fn a_pawn_move_onto_the_first_rank_is_illegal_not_a_panic() {
    let start = Position::new();
    for token in ["e1", "a1", "h1"] {
        let err = Algebraic::ENGLISH
            .parse(&start, token, &mut Notes::default())
            .unwrap_err();
        assert_eq!(err.kind, MoveErrorKind::Illegal, "{token}");
    }
    let black: Position = "4k3/8/8/8/8/8/8/4K3 b - - 0 1".parse().unwrap();
    let err = Algebraic::ENGLISH
        .parse(&black, "e8", &mut Notes::default())
        .unwrap_err();
    assert_eq!(err.kind, MoveErrorKind::Illegal);
}

/// Books print a pair of moves with a comma between (`17. Bh6+, Rg7`, in a variation of an
/// annotated collection): the comma is read as punctuation after the move, outside any check
/// sign or glyph, and reported; a lone comma is no move.
#[test]
fn a_comma_after_the_move_is_reported_and_read() {
    let start = Position::new();
    assert_eq!(read(&start, "Nf3,", "Nf3"), ["comma after the move"]);
    let fools = pos("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2");
    assert_eq!(read(&fools, "Qh4#,", "Qh4#"), ["comma after the move"]);
    let mut notes = Notes::default();
    let mv = board_core::read_move(&Algebraic::ENGLISH, &start, "e4!,", &mut notes).unwrap();
    assert_eq!(Algebraic::ENGLISH.to_text(&start, &mv), "e4");
    assert_eq!(notes.nags, [1], "the glyph before the comma is kept");
    for token in [",", "Nf3,,", "Nf,3"] {
        let mut notes = Notes::default();
        assert!(
            board_core::read_move(&Algebraic::ENGLISH, &start, token, &mut notes).is_err(),
            "{token}"
        );
    }
}

/// A glyph written before the check sign (`Bb5!+`, as hand-typed files and some books have
/// it) is read, reported as a glyph inside the token, and kept as its NAG with the check sign
/// still checked.
#[test]
fn a_glyph_before_the_check_sign_is_kept() {
    let open = pos("rnbqkbnr/ppp2ppp/3p4/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3");
    for (token, nag) in [("Bb5!+", 1), ("Bb5?!+", 6), ("Bb5!+,", 1)] {
        let mut notes = Notes::default();
        let mv = board_core::read_move(&Algebraic::ENGLISH, &open, token, &mut notes)
            .unwrap_or_else(|e| panic!("{token}: {e}"));
        assert_eq!(Algebraic::ENGLISH.to_text(&open, &mv), "Bb5+", "{token}");
        assert_eq!(notes.nags, [nag], "{token}");
        assert!(
            notes
                .repairs
                .iter()
                .any(|r| r.message == "annotation glyph inside the move token"),
            "{token}: {:?}",
            notes.repairs
        );
    }
    // On a move that gives no check: the glyph is kept, the sign left to the replay to report.
    let start = Position::new();
    let mut notes = Notes::default();
    board_core::read_move(&Algebraic::ENGLISH, &start, "e4!+", &mut notes).unwrap();
    assert_eq!(notes.nags, [1]);
}
