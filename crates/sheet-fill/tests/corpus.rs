//! Sheets filled from the records of the project's `corpus/`: the French club game, in French
//! and in English, and a draughts game with variations.

use std::path::Path;

use board_core::{Dialect, RawGame, RecordReader};
use notation_en::Algebraic;
use notation_fr::French;
use sheet_layout::{GameKind, HalfMove, Language, Outcome, Sheet};

fn game(path: &str, dialect: &Dialect) -> RawGame {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(path);
    let text = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    RecordReader::new(&text[..], dialect.clone())
        .next()
        .unwrap()
        .unwrap()
}

fn half(sheet: &Sheet, number: u32, white: bool) -> &HalfMove {
    let row = &sheet.rows[number as usize - 1];
    assert_eq!(row.number, number);
    let half = if white { &row.white } else { &row.black };
    half.as_ref()
        .unwrap_or_else(|| panic!("move {number} is on the sheet"))
}

#[test]
fn the_french_club_game_fills_a_french_sheet() {
    let dialect = Dialect::pgn();
    let game = game("corpus/fr/club-game.pgn", &dialect);
    let filled = sheet_fill::fill::<chess_rules::Position, _, _>(
        &game,
        &French::STANDARD,
        &French::STANDARD,
        &dialect,
        Language::French,
        GameKind::Chess,
    );
    assert!(
        !filled.replayed.has_errors(),
        "{:?}",
        filled.replayed.diagnostics
    );
    let sheet = filled.sheet;
    let header = &sheet.header;
    assert_eq!(header.event, "Interclubs Nationale 4 - Poule B");
    assert_eq!(header.date, "17/03/2024");
    assert_eq!((header.round.as_str(), header.board.as_str()), ("5", "3"));
    assert_eq!(header.white.name, "Martin, Julien");
    assert_eq!(header.white.rating, "1742");
    assert_eq!(header.black.club, "Tour Rennaise");
    // As written: the sheet copies the box, rating letter and all.
    assert_eq!(header.black.rating, "1688 F");

    assert_eq!(sheet.rows.len(), 34, "a line a move");
    assert_eq!(sheet.pages(), 1);
    assert_eq!(half(&sheet, 1, true).text, "e4");
    assert_eq!(half(&sheet, 7, false).text, "cxb3");
    assert_eq!(half(&sheet, 12, true).text, "O-O");
    let clock = half(&sheet, 17, true);
    assert_eq!(
        (clock.text.as_str(), clock.clock.as_deref()),
        ("Fd3", Some("1:31:00"))
    );
    assert_eq!(half(&sheet, 32, false).clock.as_deref(), Some("0:04:00"));
    let offer = half(&sheet, 21, true);
    assert_eq!((offer.text.as_str(), offer.draw_offer), ("Cc1", true));
    assert!(half(&sheet, 34, false).draw_offer);
    assert!(!half(&sheet, 34, true).draw_offer);
    assert_eq!(sheet.result, Some(Outcome::Draw));
}

#[test]
fn the_same_game_fills_an_english_sheet_in_san() {
    let dialect = Dialect::pgn();
    let game = game("corpus/fr/club-game.pgn", &dialect);
    let filled = sheet_fill::fill::<chess_rules::Position, _, _>(
        &game,
        &French::STANDARD,
        &Algebraic::ENGLISH,
        &dialect,
        Language::English,
        GameKind::Chess,
    );
    assert!(!filled.replayed.has_errors());
    let sheet = filled.sheet;
    assert_eq!(sheet.header.date, "2024-03-17");
    assert_eq!(half(&sheet, 4, false).text, "Nc6");
    // English has no sign for a draw offer: the record's `{(=)}` is the offer.
    let offer = half(&sheet, 21, true);
    assert_eq!((offer.text.as_str(), offer.draw_offer), ("Nc1", true));
    assert_eq!(half(&sheet, 17, false).clock.as_deref(), Some("1:12:00"));
}

#[test]
fn a_draughts_game_keeps_its_variations_off_the_sheet() {
    let dialect = notation_manoury::dialect();
    let game = game("corpus/pdn/variations.pdn", &dialect);
    let filled = sheet_fill::fill::<draughts_rules::Position, _, _>(
        &game,
        &notation_manoury::Manoury,
        &notation_manoury::Manoury,
        &dialect,
        Language::French,
        GameKind::Draughts,
    );
    assert!(!filled.replayed.has_errors());
    let main_line: Vec<&str> = game.moves().map(|m| m.text).collect();
    let on_sheet: Vec<&str> = filled
        .sheet
        .rows
        .iter()
        .flat_map(|row| [&row.white, &row.black])
        .flatten()
        .map(|half| half.text.as_str())
        .collect();
    assert_eq!(on_sheet, main_line);
    assert_eq!(
        half(&filled.sheet, 3, true).clock.as_deref(),
        Some("1:30:00")
    );
    assert_eq!(filled.sheet.result, Some(Outcome::Draw));
}

#[test]
fn an_illegal_move_is_reported_and_leaves_no_result() {
    let text = "[Blancs \"Martin\"]\n\n1. e4 e5 2. Dh6 1-0\n";
    let dialect = Dialect::pgn();
    let game = RecordReader::new(text.as_bytes(), dialect.clone())
        .next()
        .unwrap()
        .unwrap();
    let filled = sheet_fill::fill::<chess_rules::Position, _, _>(
        &game,
        &French::STANDARD,
        &French::STANDARD,
        &dialect,
        Language::French,
        GameKind::Chess,
    );
    assert!(filled.replayed.has_errors());
    assert_eq!(filled.sheet.result, None);
    assert_eq!(filled.sheet.header.white.name, "Martin");
}
