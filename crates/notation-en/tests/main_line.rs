//! `board_core::play_main_line` with chess rules and SAN: the position after a ply of the main
//! line, variations left out, tokens read as the replay reads them.

use board_core::{Dialect, MainLine, RawGame, RecordReader, play_main_line};
use chess_rules::Position;
use notation_en::Algebraic;

fn game(text: &str) -> RawGame {
    RecordReader::new(text.as_bytes(), Dialect::pgn())
        .next()
        .expect("one game")
        .expect("it reads")
}

fn play(text: &str, plies: Option<usize>) -> MainLine<Position> {
    play_main_line(&game(text), &Algebraic::ENGLISH, plies).expect("it plays")
}

fn fen(position: &Position) -> String {
    position.to_string()
}

#[test]
fn the_main_line_to_its_end_or_to_a_ply() {
    let text = "1. e4 e5 (1... c5 2. Nf3) 2. Nf3 Nc6 *";
    let end = play(text, None);
    assert_eq!(end.plies, 4);
    assert_eq!(
        fen(&end.position),
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
    );
    let (before, mv) = end.last.expect("a last move");
    assert_eq!(mv.expect("not a null move").to_string(), "b8c6");
    assert_eq!(
        fen(&before),
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    );

    // The variation after 1... e5 is not the main line: ply 2 is 1... e5.
    let two = play(text, Some(2));
    assert_eq!(two.plies, 2);
    assert_eq!(
        fen(&two.position),
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    );

    let start = play(text, Some(0));
    assert_eq!((start.plies, start.last.is_none()), (0, true));
    assert_eq!(fen(&start.position), fen(&Position::new()));

    // A line shorter than asked stops at its end and says how long it is.
    assert_eq!(play(text, Some(9)).plies, 4);
}

#[test]
fn pieces_written_apart_and_null_moves_are_read_as_the_replay_reads_them() {
    let line = play("1. e4 Nf6 2. e5 d5 3. exd6 e.p. -- *", None);
    assert_eq!(line.plies, 6);
    let (before, mv) = line.last.expect("a last move");
    assert!(mv.is_none(), "the last half-move is a null move");
    assert_eq!(
        fen(&before),
        "rnbqkb1r/ppp1pppp/3P1n2/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3"
    );
}

#[test]
fn an_illegal_move_is_located_with_the_closest_legal_moves() {
    let err = play_main_line::<Position, _>(&game("1. e4 e5 2. Ke3 *"), &Algebraic::ENGLISH, None)
        .expect_err("Ke3 is illegal");
    assert!(err.is_error());
    assert_eq!(err.message, "illegal move Ke3");
    assert_eq!(err.help, ["legal moves that come closest: Ke2"]);
    assert_eq!((err.span.start, err.span.end), (12, 15));
}
