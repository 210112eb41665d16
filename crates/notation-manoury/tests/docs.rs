//! Runs the examples of `docs/notation/manoury.md`.
//!
//! Blocks, in order: `text position` (a FEN) sets the position for the `text legal moves` (the
//! canonical token of every legal move) and `text reads` (`token => canonical $nag...; repair`
//! or `token => error: message`) after it; `pdn input` is converted with Manoury both ways by
//! [`notation_manoury::dialect`], and the `pdn output` and `text diagnostics` after it must be
//! what the conversion gives; `text board from White` and `from Black` are the numbered boards.

use std::path::Path;

use board_core::{Color, Notation, Notes, Output, RecordReader, replay};
use draughts_rules::Position;
use notation_manoury::{Manoury, numbered_board};
use testkit::markdown::blocks;

/// What the reader makes of `token` in `pos`, in the form of a `text reads` line.
fn read(pos: &Position, token: &str) -> String {
    let mut notes = Notes::default();
    match Manoury.parse(pos, token, &mut notes) {
        Ok(mv) => {
            let mut line = format!("{token} => {}", Manoury.to_text(pos, &mv));
            for nag in &notes.nags {
                line.push_str(&format!(" ${nag}"));
            }
            for repair in &notes.repairs {
                line.push_str(&format!("; {repair}"));
            }
            line
        }
        Err(err) => format!("{token} => error: {err}"),
    }
}

/// The conversion of a PDN text, and its diagnostics.
fn convert(text: &str) -> (String, String) {
    let dialect = notation_manoury::dialect();
    let mut out = String::new();
    let mut diagnostics = String::new();
    for game in RecordReader::new(text.as_bytes(), dialect.clone()) {
        let game = game.expect("a readable game");
        let replayed = replay::<Position, _, _>(
            &game,
            &Manoury,
            Some(Output {
                notation: &Manoury,
                dialect: &dialect,
                out: &mut out,
            }),
        );
        for d in game.warnings().iter().chain(&replayed.diagnostics) {
            diagnostics.push_str(&format!("{d}\n"));
        }
    }
    (out, diagnostics)
}

#[test]
fn examples_in_the_notation_document_hold() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/notation/manoury.md");
    let markdown = std::fs::read_to_string(&path).expect("docs/notation/manoury.md");
    let mut position: Option<Position> = None;
    let mut converted: Option<(String, String)> = None;
    let mut checked = 0;
    for (info, content) in blocks(&markdown) {
        let got = match info.as_str() {
            "text position" => {
                position = Some(content.trim().parse().expect("a FEN"));
                continue;
            }
            "pdn input" => {
                converted = Some(convert(&content));
                continue;
            }
            "text legal moves" => {
                let pos = position.as_ref().expect("a position first");
                let moves: Vec<String> = pos
                    .legal_moves()
                    .iter()
                    .map(|mv| Manoury.to_text(pos, mv))
                    .collect();
                let expected: Vec<&str> = content.split_whitespace().collect();
                assert_eq!(moves, expected, "legal moves of {pos}");
                checked += 1;
                continue;
            }
            "text reads" => {
                let pos = position.as_ref().expect("a position first");
                content
                    .lines()
                    .map(|line| {
                        let token = line.split(" => ").next().unwrap_or_default();
                        read(pos, token) + "\n"
                    })
                    .collect::<String>()
            }
            "pdn output" => converted.as_ref().expect("an input first").0.clone(),
            "text diagnostics" => converted.as_ref().expect("an input first").1.clone(),
            "text board from White" => numbered_board(Color::White),
            "text board from Black" => numbered_board(Color::Black),
            _ => continue,
        };
        assert_eq!(got, content, "the `{info}` block");
        checked += 1;
    }
    assert!(checked >= 13, "only {checked} examples checked");
}
