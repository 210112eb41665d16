//! Language detection over whole games: it names a language only when one letter set alone
//! replays every move, and says which move ruled each other set out; it refuses to guess when
//! several fit or none does.

use board_core::{Dialect, Notation, Notes, RecordReader};
use chess_rules::Position;
use notation_detect::{detect, detect_game};
use notation_en::{Algebraic, LANGUAGES, PieceLetters};

const RUY_LOPEZ: [&str; 6] = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"];

/// The Ruy Lopez, written with `letters`.
fn ruy_lopez(
    notation: &impl Notation<Position = Position, Move = chess_rules::Move>,
) -> Vec<String> {
    let mut pos = Position::new();
    RUY_LOPEZ
        .iter()
        .map(|san| {
            let mv = Algebraic::ENGLISH
                .parse(&pos, san, &mut Notes::default())
                .unwrap();
            let text = notation.to_text(&pos, &mv);
            pos.play_unchecked(mv);
            text
        })
        .collect()
}

#[test]
fn french_is_named_with_the_move_that_decides() {
    let tokens = ["e4", "e5", "Cf3", "Cc6", "Fb5", "a6"];
    let detection = detect(&tokens);
    assert_eq!(detection.language().unwrap(), "fr");
    assert_eq!(
        detection.reason(),
        "only fr replays all 6 half-moves; `Fb5` at 3. rules out es, it, pt and ro, the last \
         other letter sets to fit (before it: en, figurine, de, nl, pl, sv, cs, hu, ru at 2. Cf3)"
    );
}

#[test]
fn english_is_named() {
    let detection = detect(&RUY_LOPEZ);
    assert_eq!(detection.language().unwrap(), "en");
    assert!(
        detection
            .reason()
            .starts_with("only en replays all 6 half-moves; `Nf3` at 2. rules out fr, figurine,"),
        "{}",
        detection.reason()
    );
}

/// Every table that differs from all others in this game is named; tables with the same
/// letters (de and sv, es and it) are not told apart, and detection says they are spelled
/// alike (which lets a caller read the file in the first without detecting each game).
#[test]
fn every_language_is_detected_or_tied_with_its_twin() {
    for letters in LANGUAGES.into_iter().chain([PieceLetters::FIGURINE]) {
        let written = ruy_lopez(&Algebraic::with_letters(letters));
        let tokens: Vec<&str> = written.iter().map(String::as_str).collect();
        let detection = detect(&tokens);
        let fits: Vec<&str> = detection.fits.iter().map(|f| f.language).collect();
        let expected: &[&str] = match letters.name() {
            "de" | "sv" => &["de", "sv"],
            "es" | "it" => &["es", "it"],
            name => &[name][..],
        };
        assert_eq!(fits, expected, "{tokens:?}");
        assert!(detection.same_moves);
        assert_eq!(detection.spelled_alike(), expected.len() > 1);
        if expected.len() == 1 {
            assert_eq!(detection.language().unwrap(), letters.name());
        } else {
            let err = detection.language().unwrap_err();
            assert_eq!(err.fits, expected);
            let reason = err.to_string();
            assert!(
                reason.starts_with(&format!(
                    "only {} and {}, whose letters are spelled alike, replay all 6 half-moves; ",
                    expected[0], expected[1]
                )),
                "{reason}"
            );
        }
    }
}

/// Pawn moves mean the same in every language: no language is named, and the moves agree.
#[test]
fn pawn_moves_fit_every_language() {
    let detection = detect(&["e4", "e5", "d4", "exd4"]);
    assert_eq!(detection.fits.len(), LANGUAGES.len() + 2);
    assert!(detection.same_moves);
    assert!(detection.language().is_err());
}

/// English `B` is a bishop, Hungarian `B` a rook: both games are legal, with different moves.
/// One token never decides, and here the whole game does not either.
#[test]
fn colliding_letters_with_different_moves_are_refused() {
    let detection = detect(&["a4", "a5", "b3", "b6", "Ba3", "Ba6"]);
    assert!(!detection.same_moves);
    let err = detection.language().unwrap_err();
    assert_eq!(err.fits, ["en", "pt", "hu"]);
    assert_eq!(
        err.to_string(),
        "the game replays in en, pt and hu, with different moves from 3. Ba3 (en reads Ba3, pt \
         reads Ba3, hu reads Ra3, in English); name the language"
    );
}

/// French `R` is the king, English `R` the rook: `Rf1` alone is both, the game decides.
#[test]
fn the_french_king_and_the_english_rook() {
    // After 1. e4 e5, `Re2` is a king move: no rook can reach e2.
    let detection = detect(&["e4", "e5", "Re2", "Re7"]);
    let fits: Vec<&str> = detection.fits.iter().map(|f| f.language).collect();
    assert!(fits.contains(&"fr") && !fits.contains(&"en"), "{fits:?}");
    let en = detection
        .rejections
        .iter()
        .find(|r| r.language == "en")
        .unwrap();
    assert_eq!((en.ply, en.at.as_str()), (2, "2. Re2"));
    assert_eq!(en.error.to_string(), "illegal move Re2");
}

#[test]
fn mixed_letters_fit_no_language() {
    let detection = detect(&["e4", "e5", "Cf3", "Nc6"]);
    let err = detection.language().unwrap_err();
    assert!(err.fits.is_empty());
    assert_eq!(
        err.to_string(),
        "no letter set replays the game: en, figurine, de, nl, pl, sv, cs, hu, ru at 2. Cf3; fr, \
         es, it, pt, ro at 2... Nc6; the furthest, fr, stops at 2... Nc6: \"Nc6\" does not start \
         with a French piece letter (R roi, D dame, T tour, F fou, C cavalier; none for a pawn) \
         (N is the English knight: C in French)"
    );
}

/// A whole file: the club player's game, with `e.p.` written apart, draw offers and `0-0`.
#[test]
fn a_typed_french_game_is_french() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../corpus/fr/club-game.pgn");
    let text = std::fs::read_to_string(path).unwrap();
    let game = RecordReader::new(text.as_bytes(), Dialect::pgn())
        .next()
        .unwrap()
        .unwrap();
    let detection = detect_game(&game).unwrap();
    assert_eq!(detection.language().unwrap(), "fr");
    assert_eq!(detection.plies, 68);
    // Its `0-0`, `bxc1D`, `e.p.` and left-out `+` are the documents' own forms.
    assert_eq!(detection.fits[0].repairs, 0);
    assert!(
        detection
            .reason()
            .starts_with("only fr replays all 68 half-moves; `Fd7` at 10..."),
        "{}",
        detection.reason()
    );
    // Detection read the same moves as the clean English conversion of the game has.
    let english =
        std::fs::read_to_string(path.replace("club-game.pgn", "club-game.en.pgn")).unwrap();
    let game = RecordReader::new(english.as_bytes(), Dialect::pgn())
        .next()
        .unwrap()
        .unwrap();
    let mut pos = Position::new();
    let moves: Vec<Option<chess_rules::Move>> = game
        .moves()
        .map(|token| {
            let mv = Algebraic::ENGLISH
                .parse(&pos, token.text, &mut Notes::default())
                .unwrap();
            pos.play_unchecked(mv);
            Some(mv)
        })
        .collect();
    assert_eq!(detection.fits[0].moves, moves);
}

#[test]
fn a_bad_set_up_is_reported() {
    let text = "[FEN \"not a fen\"]\n\n1. e4 *\n";
    let game = RecordReader::new(text.as_bytes(), Dialect::pgn())
        .next()
        .unwrap()
        .unwrap();
    let err = detect_game(&game).unwrap_err();
    assert!(err.is_error());
    assert!(
        err.to_string()
            .starts_with("error: cannot set up the FEN tag"),
        "{err}"
    );
}
