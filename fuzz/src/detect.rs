//! Language detection (`notation_detect::detect_game`, what the command line runs when `--from`
//! is not given) on games written in a random language and on raw text: it names the language
//! the game is written in or refuses, never another one.
//!
//! # Examples
//!
//! ```
//! scoresheet_fuzz::detect(&[0, 5, 40, 7, 1, 9, 200, 3, 4, 5, 6, 7, 8, 9, 10]);
//! scoresheet_fuzz::detect(b"\x011. e4 e5 2. Cf3 Cc6 3. Fb5 *");
//! ```

use arbitrary::Unstructured;
use board_core::{Dialect, Notation, Output, RawGame, RecordReader, play_main_line, replay};
use chess_rules::{Move, Position};
use notation_en::{Algebraic, PieceLetters};
use notation_fr::French;

use crate::game_replay::random_record;

/// A chess notation on the standard position.
type ChessNotation = dyn Notation<Position = Position, Move = Move>;

/// The notation detection calls `name`: French with its scoresheet conventions, or a letter
/// table.
fn notation_named(name: &str) -> Box<ChessNotation> {
    if name == "fr" {
        return Box::new(French::STANDARD);
    }
    let letters = PieceLetters::by_name(name).unwrap_or_else(|| panic!("detection names {name:?}"));
    Box::new(Algebraic::with_letters(letters))
}

/// Every language a game can be written in for detection to find: French (its scoresheet
/// style and its bare letter table), English, figurine and the other tables.
fn languages() -> Vec<(&'static str, Box<ChessNotation>)> {
    let mut all: Vec<(&'static str, Box<ChessNotation>)> = vec![
        ("fr", Box::new(French::STANDARD)),
        (
            "fr",
            Box::new(
                French::STANDARD
                    .with_castling_zeros(true)
                    .with_promotion_equals(false),
            ),
        ),
    ];
    for letters in [PieceLetters::ENGLISH, PieceLetters::FIGURINE]
        .into_iter()
        .chain(notation_en::LANGUAGES)
    {
        all.push((letters.name(), Box::new(Algebraic::with_letters(letters))));
    }
    all
}

/// The first byte chooses: even, a random legal game (the game of
/// [`crate::game_replay::random_record`]) is written in the language the next byte picks;
/// detection then lists that language among those that replay the game, reads the game's moves
/// in it, and names it or no language. Odd, the rest is the text of a record: detection never
/// panics, and a language it names replays the whole main line.
///
/// # Panics
///
/// When the property does not hold.
pub fn detect(data: &[u8]) {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    if mode % 2 == 0 {
        let Some((&pick, rest)) = rest.split_first() else {
            return;
        };
        let Ok((record, moves)) = random_record(&mut Unstructured::new(rest)) else {
            return;
        };
        written_in(&record, &moves, pick);
    } else {
        for game in RecordReader::new(rest, Dialect::pgn()).flatten() {
            named_replays(&game);
        }
        if let Ok(text) = std::str::from_utf8(rest) {
            let words: Vec<&str> = text.split_whitespace().take(64).collect();
            let _ = notation_detect::detect(&words).reason();
        }
    }
}

fn written_in(record: &str, moves: &[Move], pick: u8) {
    let english = Algebraic::ENGLISH;
    let game = read_one(record);
    let languages = languages();
    let (language, notation) = &languages[usize::from(pick) % languages.len()];
    let dialect = Dialect::pgn();
    let mut written = String::new();
    let replayed = replay::<Position, _, _>(
        &game,
        &english,
        Some(Output {
            notation: &**notation,
            dialect: &dialect,
            out: &mut written,
        }),
    );
    assert!(!replayed.has_errors(), "{record}");
    let again = read_one(&written);
    let moves: Vec<Option<Move>> = moves.iter().copied().map(Some).collect();
    let detection = notation_detect::detect_game(&again)
        .unwrap_or_else(|d| panic!("{}: {}", d.message, written));
    let fit = detection
        .fits
        .iter()
        .find(|f| f.language == *language)
        .unwrap_or_else(|| {
            panic!(
                "written in {language}, which detection does not fit: {}\n{written}",
                detection.reason()
            )
        });
    assert_eq!(
        fit.moves, moves,
        "{language} reads other moves in\n{written}"
    );
    if let Ok(named) = detection.language() {
        assert_eq!(
            named,
            *language,
            "written in {language}, detected {named}: {}\n{written}",
            detection.reason()
        );
    }
    let _ = detection.reason();
}

/// A language detection names replays the game's main line.
fn named_replays(game: &RawGame) {
    let Ok(detection) = notation_detect::detect_game(game) else {
        return;
    };
    let reason = detection.reason();
    if let Ok(name) = detection.language() {
        let notation = notation_named(name);
        if let Err(d) = play_main_line::<Position, _>(game, &*notation, None) {
            panic!(
                "detected {name} ({reason}), which does not replay the game: {}\n{}",
                d.message,
                game.text()
            );
        }
    }
}

fn read_one(record: &str) -> RawGame {
    RecordReader::new(record.as_bytes(), Dialect::pgn())
        .next()
        .unwrap_or_else(|| panic!("no game in\n{record}"))
        .unwrap_or_else(|e| panic!("{e}\n{record}"))
}
