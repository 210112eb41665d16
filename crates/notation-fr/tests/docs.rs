//! Runs the examples of `docs/notation/fr.md`.

use std::path::Path;

use board_core::{Dialect, Notation, Notes, RecordReader, read_move};
use chess_rules::Position;
use notation_en::Algebraic;
use notation_fr::{Conversion, French, ResultSpelling, convert};
use testkit::markdown::blocks;

fn position(text: &str) -> Position {
    if text == "start" {
        Position::new()
    } else {
        text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
    }
}

fn fields(line: &str) -> Vec<&str> {
    line.split('|').map(str::trim).collect()
}

/// `position | token | English | notes`.
fn check_read(line: &str) {
    let [fen, token, english, notes] = fields(line)[..] else {
        panic!("not `position | token | English | notes`: {line}");
    };
    let pos = position(fen);
    let mut got = Notes::default();
    match read_move(&French::STANDARD, &pos, token, &mut got) {
        Ok(mv) => {
            assert_eq!(Algebraic::ENGLISH.to_text(&pos, &mv), english, "{line}");
            let mut said: Vec<String> = got.nags.iter().map(|n| format!("nag ${n}")).collect();
            said.extend(got.repairs.iter().map(ToString::to_string));
            if got.draw_offer {
                said.push("draw offer".to_owned());
            }
            let mut expected: Vec<&str> = notes
                .split(';')
                .map(str::trim)
                .filter(|n| !n.is_empty())
                .collect();
            expected.sort_unstable();
            let mut said: Vec<&str> = said.iter().map(String::as_str).collect();
            said.sort_unstable();
            assert_eq!(said, expected, "{line}");
        }
        Err(err) => assert_eq!(format!("error: {err}"), english, "{line}"),
    }
}

/// `position | English | style | French`.
fn check_write(line: &str) {
    let [fen, english, style, french] = fields(line)[..] else {
        panic!("not `position | English | style | French`: {line}");
    };
    let pos = position(fen);
    let mv = Algebraic::ENGLISH
        .parse(&pos, english, &mut Notes::default())
        .unwrap_or_else(|e| panic!("{line}: {e}"));
    let writer = match style {
        "standard" => French::STANDARD,
        "zeros" => French::STANDARD.with_castling_zeros(true),
        "bare" => French::STANDARD.with_promotion_equals(false),
        "ep" => French::STANDARD.with_en_passant_mark(true),
        other => panic!("unknown style {other}"),
    };
    assert_eq!(writer.to_text(&pos, &mv), french, "{line}");
    // And the token reads back in its style, without a repair.
    let mut notes = Notes::default();
    assert_eq!(read_move(&writer, &pos, french, &mut notes), Ok(mv));
    assert!(notes.repairs.is_empty(), "{line}: {:?}", notes.repairs);
}

fn convert_all<S, T>(text: &str, source: &S, target: &T, conversion: &Conversion<'_>) -> String
where
    S: Notation<Position = Position, Move = chess_rules::Move>,
    T: Notation<Position = Position, Move = chess_rules::Move>,
{
    let mut out = String::new();
    for game in RecordReader::new(text.as_bytes(), conversion.dialect.clone()) {
        let replayed = convert(&game.unwrap(), source, target, conversion, &mut out);
        assert!(
            replayed.diagnostics.iter().all(|d| !d.is_error()),
            "{:?}",
            replayed.diagnostics
        );
    }
    out
}

#[test]
fn examples_in_the_french_document_hold() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/notation/fr.md");
    let markdown = std::fs::read_to_string(&path).expect("docs/notation/fr.md");
    let dialect = Dialect::pgn();
    let mut input = None;
    let mut english = None;
    let mut checked = 0;
    for (info, content) in blocks(&markdown) {
        match info.as_str() {
            "text fr read" => content.lines().for_each(|l| {
                check_read(l);
                checked += 1;
            }),
            "text fr write" => content.lines().for_each(|l| {
                check_write(l);
                checked += 1;
            }),
            "pgn input" => input = Some(content),
            "pgn output" => {
                let source = input.as_deref().expect("an input block first");
                let out = convert_all(
                    source,
                    &French::STANDARD,
                    &Algebraic::ENGLISH,
                    &Conversion::from_scoresheet(&dialect),
                );
                assert_eq!(out.trim_end(), content.trim_end());
                english = Some(out);
                checked += 1;
            }
            "pgn french" => {
                let source = english.as_deref().expect("an output block first");
                let sheet = Conversion {
                    results: ResultSpelling::Scoresheet,
                    ..Conversion::plain(&dialect)
                };
                let out = convert_all(source, &Algebraic::ENGLISH, &French::STANDARD, &sheet);
                assert_eq!(out.trim_end(), content.trim_end());
                checked += 1;
            }
            _ => {}
        }
    }
    assert!(checked >= 30, "{checked} examples");
}
