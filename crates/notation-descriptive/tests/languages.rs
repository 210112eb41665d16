//! A language is a table: Spanish descriptive (`P4R`, `C3AR`) defined here, outside the
//! crate, reads and writes every legal move of crowded positions, and replays a game.

use board_core::{Dialect, Notation, Notes, Output, RecordReader, replay};
use chess_rules::Position;
use notation_descriptive::{Descriptive, DescriptivePosition, Language, Style, Tracked};
use notation_en::Algebraic;

/// Spanish: R (rey) D (dama) T (torre) A (alfil) C (caballo) P (peón), the noun before its
/// wing (`AR`, *alfil de rey*), the rank first (`P4R`).
static SPANISH: Language = Language {
    adjective: "Spanish",
    notation: "descriptive-es",
    letters: *b"PCATDR",
    digraphs: &[],
    noun_first: true,
    rank_first: true,
};

const SPANISH_BOOK: Descriptive = Descriptive::new(Style {
    language: &SPANISH,
    knight: "C",
    capture: "x",
    ..Style::FRENCH_FIDE
});

const STARTS: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
];

#[test]
fn every_legal_move_reads_back_in_spanish() {
    for fen in STARTS {
        let pos = DescriptivePosition::from_position(fen.parse::<Position>().unwrap());
        for mv in pos.chess().legal_moves() {
            let text = SPANISH_BOOK.to_text(&pos, &mv);
            let mut notes = Notes::default();
            let back = SPANISH_BOOK
                .parse(&pos, &text, &mut notes)
                .unwrap_or_else(|e| panic!("{text:?} for {mv} in {fen}: {e}"));
            assert_eq!(back, mv, "{text:?} in {fen}");
            assert!(notes.repairs.is_empty(), "{text:?}: {:?}", notes.repairs);
            assert!(
                text.bytes().all(|b| !b"NBQK".contains(&b)),
                "{text:?} holds an English letter"
            );
        }
    }
}

#[test]
fn a_spanish_game_replays_into_san() {
    let text = "1. P4R P4R 2. C3AR C3AD 3. A5C P3TD 4. AxC PDxA 5. O-O A3R *";
    let game = RecordReader::new(text.as_bytes(), Dialect::pgn())
        .next()
        .unwrap()
        .unwrap();
    let mut out = String::new();
    let replayed = replay::<DescriptivePosition, _, _>(
        &game,
        &SPANISH_BOOK,
        Some(Output {
            notation: &Tracked(Algebraic::ENGLISH),
            dialect: &Dialect::pgn(),
            out: &mut out,
        }),
    );
    assert!(
        replayed.diagnostics.is_empty(),
        "{:?}",
        replayed.diagnostics
    );
    assert!(
        out.ends_with("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O Be6 *\n\n"),
        "{out}"
    );
    assert_eq!(SPANISH_BOOK.name(), "descriptive-es");
    // English letters are no Spanish letters: the error says which language was read.
    let err = SPANISH_BOOK
        .parse(&DescriptivePosition::new(), "N-KB3", &mut Notes::default())
        .unwrap_err();
    assert!(err.to_string().contains("Spanish"), "{err}");
}
