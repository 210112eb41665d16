//! Descriptive detection: English and French descriptive told apart over the whole game, a
//! language of one's own (Spanish) detected as a table, and the reasons it gives.

use board_core::{Dialect, RecordReader};
use chess_rules::Position;
use notation_descriptive::{Descriptive, Language, Style};
use notation_detect::{detect_descriptive_from, detect_descriptive_game};

const BOTH: [Descriptive; 2] = [Descriptive::MODERN, Descriptive::FRENCH];

#[test]
fn one_token_never_decides_the_game_does() {
    // `P-R4` is English a4 or h4 (ambiguous) and French e4.
    let french = detect_descriptive_from(&BOTH, &Position::new(), &["P-R4", "P-R4", "C-FR3"]);
    assert_eq!(french.language().unwrap(), "descriptive-fr");
    assert_eq!(
        french.reason(),
        "only descriptive-fr replays all 3 half-moves; `P-R4` at 1. rules out descriptive, the \
         last other descriptive language to fit"
    );
    let english = detect_descriptive_from(&BOTH, &Position::new(), &["P-K4", "P-K4", "Kt-KB3"]);
    assert_eq!(english.language().unwrap(), "descriptive");
}

#[test]
fn algebraic_moves_are_no_descriptive_language() {
    let detection = detect_descriptive_from(&BOTH, &Position::new(), &["e4", "e5"]);
    assert!(detection.fits.is_empty());
    let err = detection.language().unwrap_err();
    assert!(
        err.to_string().starts_with(
            "no descriptive language replays the game: descriptive, descriptive-fr at 1. e4"
        ),
        "{err}"
    );
}

#[test]
fn a_table_of_ones_own_is_detected() {
    static SPANISH: Language = Language {
        adjective: "Spanish",
        notation: "descriptive-es",
        letters: *b"PCATDR",
        ..Language::FRENCH
    };
    let spanish = Descriptive::new(Style {
        language: &SPANISH,
        ..Style::FRENCH_FIDE
    });
    let text = "[Event \"x\"]\n\n1. P4R P4R 2. C3AR C3AD 3. A5C *\n";
    let game = RecordReader::new(text.as_bytes(), Dialect::pgn())
        .next()
        .unwrap()
        .unwrap();
    let detection = detect_descriptive_game(&[BOTH[0], BOTH[1], spanish], &game).unwrap();
    assert_eq!(detection.language().unwrap(), "descriptive-es");
    // French reads 1. P4R P4R but has no `A`, English no move at all.
    assert_eq!(
        detection.reason(),
        "only descriptive-es replays all 5 half-moves; `C3AR` at 2. rules out descriptive-fr, \
         the last other descriptive language to fit (before it: descriptive at 1. P4R)"
    );
}
