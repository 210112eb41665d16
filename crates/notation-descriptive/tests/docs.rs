//! Runs the examples of `docs/notation/descriptive.md`.

mod common;

use std::path::Path;

use board_core::{Notation, Notes};
use chess_rules::Position;
use common::{SAN, convert};
use notation_descriptive::{Descriptive, DescriptivePosition};
use testkit::markdown::blocks;

fn position(text: &str) -> DescriptivePosition {
    if text == "start" {
        DescriptivePosition::new()
    } else {
        let chess: Position = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        DescriptivePosition::from_position(chess)
    }
}

fn fields(line: &str) -> Vec<&str> {
    line.split('|').map(str::trim).collect()
}

/// `position | token | English SAN | repairs`.
fn check_read(notation: &Descriptive, line: &str) {
    let [fen, token, english, repairs] = fields(line)[..] else {
        panic!("not `position | token | SAN | repairs`: {line}");
    };
    let pos = position(fen);
    let mut notes = Notes::default();
    match notation.parse(&pos, token, &mut notes) {
        Ok(mv) => {
            assert_eq!(SAN.to_text(&pos, &mv), english, "{line}");
            let said: Vec<String> = notes.repairs.iter().map(ToString::to_string).collect();
            let expected: Vec<&str> = repairs
                .split(';')
                .map(str::trim)
                .filter(|r| !r.is_empty())
                .collect();
            assert_eq!(said, expected, "{line}");
        }
        Err(err) => assert_eq!(format!("error: {err}"), english, "{line}"),
    }
}

/// `position | English SAN | style | token`.
fn check_write(line: &str) {
    let [fen, english, style, token] = fields(line)[..] else {
        panic!("not `position | SAN | style | token`: {line}");
    };
    let notation = match style {
        "modern" => Descriptive::MODERN,
        "old" => Descriptive::OLD,
        "french" => Descriptive::FRENCH,
        "fide" => Descriptive::FRENCH_FIDE,
        other => panic!("unknown style {other}"),
    };
    let pos = position(fen);
    let mv = SAN
        .parse(&pos, english, &mut Notes::default())
        .unwrap_or_else(|e| panic!("{line}: {e}"));
    assert_eq!(notation.to_text(&pos, &mv), token, "{line}");
}

#[test]
fn examples_of_the_notation_page() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/notation/descriptive.md");
    let markdown = std::fs::read_to_string(&path).expect("docs/notation/descriptive.md");
    let mut counts = [0; 4];
    let mut pgn: Vec<(String, String)> = Vec::new();
    for (info, content) in blocks(&markdown) {
        let lines = content.lines().filter(|l| !l.trim().is_empty());
        match info.as_str() {
            "text descriptive read" => lines.for_each(|l| {
                check_read(&Descriptive::MODERN, l);
                counts[0] += 1;
            }),
            "text descriptive-fr read" => lines.for_each(|l| {
                check_read(&Descriptive::FRENCH, l);
                counts[1] += 1;
            }),
            "text descriptive write" => lines.for_each(|l| {
                check_write(l);
                counts[2] += 1;
            }),
            "pgn descriptive-fr" | "pgn san" => {
                pgn.push((info, content.trim().to_owned()));
                counts[3] += 1;
            }
            _ => {}
        }
    }
    assert!(
        counts[0] >= 30 && counts[1] >= 9 && counts[2] >= 20,
        "{counts:?}"
    );
    let [(_, french), (_, san)] = &pgn[..] else {
        panic!("expected the two pgn blocks: {pgn:?}");
    };
    assert_eq!(&convert(french, &Descriptive::FRENCH, &SAN).unwrap(), san);
    assert_eq!(&convert(san, &SAN, &Descriptive::FRENCH).unwrap(), french);
}
