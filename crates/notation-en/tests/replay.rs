//! The replay through English notation: draw offers, detached `e.p.`, variations and errors.

use board_core::{Dialect, Output, RecordReader, replay};
use chess_rules::Position;
use notation_en::{Algebraic, Uci};

fn convert<T>(source: &str, target: &T) -> (String, Vec<String>)
where
    T: board_core::Notation<Position = Position, Move = chess_rules::Move>,
{
    let dialect = Dialect::pgn();
    let mut out = String::new();
    let mut messages = Vec::new();
    for game in RecordReader::new(source.as_bytes(), Dialect::pgn()) {
        let game = game.unwrap();
        let replayed = replay::<Position, _, _>(
            &game,
            &Algebraic::ENGLISH,
            Some(Output {
                notation: target,
                dialect: &dialect,
                out: &mut out,
            }),
        );
        messages.extend(replayed.diagnostics.iter().map(|d| d.to_string()));
    }
    (out, messages)
}

fn movetext(out: &str) -> &str {
    out.split("\n\n").nth(1).unwrap().trim_end()
}

#[test]
fn draw_offer_comment_stays_with_its_move() {
    let (out, messages) = convert("1. e4 e5 2. Nf3 {(=)} Nc6 *", &Algebraic::ENGLISH);
    assert!(messages.is_empty(), "{messages:?}");
    assert_eq!(movetext(&out), "1. e4 e5 2. Nf3 {(=)} 2... Nc6 *");
}

#[test]
fn detached_en_passant_mark_is_read_with_its_move() {
    let (out, messages) = convert("1. e4 d5 2. e5 f5 3. exf6 e.p. Nxf6 *", &Algebraic::ENGLISH);
    assert_eq!(movetext(&out), "1. e4 d5 2. e5 f5 3. exf6 Nxf6 *");
    assert_eq!(
        messages,
        [
            "warning: exf6: \"e.p.\" written apart from its move (game 1)",
            "warning: exf6e.p.: en passant marked 'e.p.' (game 1)",
        ]
    );
}

#[test]
fn variations_replay_from_the_position_before_their_move() {
    let source = "1. e4 e5 (1... c5 2. Nf3 (2. c3 d5) 2... d6) (1... e6) 2. Nf3 *";
    let (out, messages) = convert(source, &Uci::STANDARD);
    assert!(messages.is_empty(), "{messages:?}");
    assert_eq!(
        movetext(&out),
        "1. e2e4 e7e5 (1... c7c5 2. g1f3 (2. c2c3 d7d5) 2... d7d6) (1... e7e6) 2. g1f3 *"
    );
}

#[test]
fn an_illegal_move_fails_the_game_and_the_next_one_converts() {
    let source = "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Ke3 *\n\n[White \"C\"]\n\n1. d4 *\n";
    let (out, messages) = convert(source, &Algebraic::ENGLISH);
    assert_eq!(messages, ["error: illegal move Ke3 (game 1)"]);
    assert!(!out.contains("[White \"A\"]"), "{out}");
    assert!(
        out.contains("[White \"C\"]") && out.contains("1. d4 *"),
        "{out}"
    );
}

#[test]
fn null_moves_are_kept() {
    let (out, messages) = convert("1. e4 -- 2. d4 *", &Algebraic::ENGLISH);
    assert!(messages.is_empty(), "{messages:?}");
    assert_eq!(movetext(&out), "1. e4 -- 2. d4 *");
}
