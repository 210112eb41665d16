//! Names to notations: every game's table, the descriptive styles, the "did you mean", and
//! descriptive detection through the registry's own languages.

use board_core::{Dialect, Notation, RecordReader};
use notation_registry::{Chess, Game, Registry, game, game_of_path};

#[test]
fn every_name_listed_is_found_and_no_other() {
    let registry = Registry::standard();
    for (name, _) in registry.names(Game::Chess) {
        let found = registry.chess(name).unwrap();
        assert_eq!(found.name(), name);
        // Every chess notation has a form on the descriptive position, of the same name.
        assert_eq!(found.on_descriptive(None).unwrap().name(), name);
    }
    for (name, _) in registry.names(Game::Draughts) {
        assert_eq!(registry.draughts(name).unwrap().name, name);
    }
    let err = registry.chess("spanish").err().unwrap().to_string();
    assert!(
        err.starts_with("unknown notation \"spanish\" for this game\n\n  did you mean `es`?"),
        "{err}"
    );
    assert!(registry.draughts("en").is_err());
}

#[test]
fn styles_are_the_entries_and_a_wrong_one_names_them() {
    let registry = Registry::standard();
    let Ok(Chess::Descriptive(english)) = registry.chess("descriptive") else {
        panic!("descriptive is a descriptive entry");
    };
    assert!(english.style(Some("old")).is_ok());
    assert_eq!(
        english.style(Some("fide")).unwrap_err().to_string(),
        "unknown style \"fide\" for descriptive: it takes modern, old"
    );
    assert_eq!(
        registry.style_help(),
        "descriptive: modern, old; descriptive-fr: document, fide, modern, old"
    );
}

#[test]
fn games_are_told_by_their_descriptors() {
    assert_eq!(
        game_of_path(std::path::Path::new("x/games.PDN")).map(|g| g.game),
        Some(Game::Draughts)
    );
    assert!(game_of_path(std::path::Path::new("games.pgn")).is_none());
    assert_eq!(game(Game::Chess).name, "chess");
}

#[test]
fn descriptive_games_are_detected_by_the_registry() {
    let registry = Registry::standard();
    let read = |text: &str| {
        RecordReader::new(text.as_bytes(), Dialect::pgn())
            .next()
            .unwrap()
            .unwrap()
    };
    let french = read("1. P-R4 P-R4 2. C-FR3 C-FD3 *");
    let (notation, why) = registry.detect_descriptive(&french).unwrap();
    assert_eq!(notation.name(), "descriptive-fr");
    assert!(
        why.starts_with("detected descriptive-fr: only descriptive-fr replays all 4"),
        "{why}"
    );
    assert!(registry.is_descriptive(&french));
    assert!(!registry.is_descriptive(&read("1. e4 e5 2. Nf3 *")));
}
