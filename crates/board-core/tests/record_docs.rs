//! Runs the examples of `docs/record-syntax.md`.

mod common;

use std::path::Path;

use board_core::{Dialect, Element, RawGame, ReadError, RecordReader};
use common::write_all;
use testkit::markdown::blocks;

fn elements(game: &RawGame) -> Vec<String> {
    let mut out = vec![format!("game {}", game.number())];
    out.extend(
        game.tags()
            .map(|t| format!("tag {} = {}", t.name, t.value())),
    );
    out.extend(game.elements().map(|e| match e {
        Element::MoveNumber(n) => format!(
            "number {}{}",
            n.number.map(|n| n.to_string()).unwrap_or_default(),
            if n.black { "..." } else { "." }
        ),
        Element::Move(t) => format!("move {}", t.text),
        Element::Nag(n) => format!("nag {}", n.value),
        Element::Comment(c) => format!("comment {}", c.text.trim().replace('\n', "\\n")),
        Element::StartVariation(_) => "start".to_owned(),
        Element::EndVariation(_) => "end".to_owned(),
    }));
    if let Some(result) = game.result() {
        out.push(format!("result {}", result.text));
    }
    out
}

#[test]
fn examples_in_the_syntax_document_hold() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/record-syntax.md");
    let markdown = std::fs::read_to_string(&path).expect("docs/record-syntax.md");
    let mut input: Option<(Dialect, String)> = None;
    let mut checked = 0;
    for (info, content) in blocks(&markdown) {
        match info.as_str() {
            "pgn input" => input = Some((Dialect::pgn(), content)),
            "pdn input" => input = Some((Dialect::pdn(), content)),
            "pgn output" | "pdn output" | "text elements" | "text warnings" | "text error" => {
                let (dialect, text) = input.as_ref().expect("an input block comes first");
                let items: Vec<_> = RecordReader::new(text.as_bytes(), dialect.clone()).collect();
                let games: Vec<&RawGame> = items.iter().filter_map(|i| i.as_ref().ok()).collect();
                let got = match info.as_str() {
                    "text elements" => {
                        let mut lines: Vec<String> =
                            games.iter().flat_map(|g| elements(g)).collect();
                        lines.push(String::new());
                        lines.join("\n")
                    }
                    "text warnings" => games
                        .iter()
                        .flat_map(|g| g.warnings().iter().map(|w| format!("{w}\n")))
                        .collect(),
                    "text error" => items
                        .iter()
                        .find_map(|i| match i {
                            Err(ReadError::Game(e)) => Some(e.render("example.pgn")),
                            _ => None,
                        })
                        .expect("an unreadable game"),
                    _ => write_all(games.iter().copied(), dialect),
                };
                assert_eq!(got, content, "the `{info}` block after\n{text}");
                checked += 1;
            }
            _ => {}
        }
    }
    println!("{checked} examples checked");
    assert!(checked >= 8, "only {checked} examples checked");
}
