//! The replay's output seam through the public API: sinks other than the writer see the same
//! game the writer writes, on the French club game of `corpus/fr`.

use std::borrow::Cow;

use board_core::{
    Color, Dialect, FirstMove, MoveEvent, MovetextSink, MovetextWriter, Output, RawGame,
    RecordReader, Step, TokenCursor, replay, replay_into,
};
use chess_rules::Position;
use notation_en::Algebraic;
use notation_fr::French;

fn club_game() -> RawGame {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../corpus/fr/club-game.pgn");
    let text = std::fs::read_to_string(path).expect("corpus/fr/club-game.pgn is checked in");
    RecordReader::new(text.as_bytes(), Dialect::pgn())
        .next()
        .unwrap()
        .unwrap()
}

/// Every event, as a line of text, and the writer's output beside it.
struct Collect<'a> {
    events: Vec<String>,
    writer: MovetextWriter<'a>,
}

impl MovetextSink for Collect<'_> {
    fn tags(&mut self, tags: &[(&str, Cow<'_, str>)], result: &str) {
        self.events.push(format!("tags {} {result}", tags.len()));
        self.writer.tags(tags, result);
    }

    fn move_token(&mut self, event: MoveEvent, write: impl FnOnce(&mut String)) {
        let mut token = String::new();
        write(&mut token);
        self.events.push(format!(
            "move {} {token} depth {} offer {:?}",
            event.ply(),
            event.depth,
            event.draw_offer_sign
        ));
        MovetextSink::move_token(&mut self.writer, event, |buf| buf.push_str(&token));
    }

    fn nag(&mut self, value: u16) {
        self.events.push(format!("nag {value}"));
        self.writer.nag_value(value);
    }

    fn comment(&mut self, text: &str) {
        self.events.push(format!("comment {text}"));
        self.writer.comment(text);
    }

    fn start_variation(&mut self) {
        self.events.push("(".to_owned());
        self.writer.start_variation();
    }

    fn end_variation(&mut self) {
        self.events.push(")".to_owned());
        self.writer.end_variation();
    }

    fn finish(&mut self, result: &str) {
        self.events.push(format!("finish {result}"));
        MovetextSink::finish(&mut self.writer, result);
    }

    fn abandon(&mut self) {
        self.events.push("abandon".to_owned());
        self.writer.abandon();
    }
}

/// Replays `game` from French into `target` through a collecting sink, and through the plain
/// writer of [`replay`]: the events and both outputs.
fn collect<T>(game: &RawGame, target: &T) -> (Vec<String>, String, String)
where
    T: board_core::Notation<Position = Position, Move = chess_rules::Move>,
{
    let dialect = Dialect::pgn();
    let mut through_sink = String::new();
    let mut sink = Collect {
        events: Vec::new(),
        // The sink numbers the moves as the replay counts them, whatever the writer was told.
        writer: MovetextWriter::new(&mut through_sink, &dialect, FirstMove::default()),
    };
    let replayed =
        replay_into::<Position, _, _, _>(game, &French::STANDARD, target, &dialect, &mut sink);
    let events = sink.events;
    let mut written = String::new();
    let again = replay::<Position, _, _>(
        game,
        &French::STANDARD,
        Some(Output {
            notation: target,
            dialect: &dialect,
            out: &mut written,
        }),
    );
    assert_eq!(replayed.diagnostics, again.diagnostics);
    assert_eq!(replayed.plies, 68);
    (events, through_sink, written)
}

#[test]
fn a_collecting_sink_sees_what_the_writer_writes() {
    let game = club_game();
    let (events, through_sink, written) = collect(&game, &Algebraic::ENGLISH);
    assert_eq!(through_sink, written);
    assert_eq!(events[0], "tags 11 1/2-1/2");
    assert_eq!(events[1], "move 1. e4 depth 0 offer None");
    // The en passant capture written apart is one move; the draw offer of `Cc1=` is a
    // comment in English, which has no sign for it.
    assert!(events.contains(&"move 7... cxb3 depth 0 offer None".to_owned()));
    let offer = events
        .iter()
        .position(|e| e == "move 21. Nc1 depth 0 offer None")
        .unwrap();
    assert_eq!(events[offer + 1], "comment (=)");
    // The French clock times are the clock commands of PGN in a record of another notation.
    assert!(events.contains(&"comment [%clk 1:31:00]".to_owned()));
    assert_eq!(events.last().unwrap(), "finish 1/2-1/2");
    let moves = events.iter().filter(|e| e.starts_with("move ")).count();
    assert_eq!(moves, 68);
}

#[test]
fn a_target_with_a_draw_offer_sign_glues_it_to_the_token() {
    let game = club_game();
    let (events, through_sink, written) = collect(&game, &French::STANDARD);
    assert_eq!(through_sink, written);
    assert!(events.contains(&"move 21. Cc1 depth 0 offer Some(\"=\")".to_owned()));
    assert!(events.contains(&"move 34... Tc8 depth 0 offer Some(\"=\")".to_owned()));
    assert!(written.contains("21. Cc1= "), "{written}");
    // Written back in its own notation, the record keeps its own conventions.
    assert!(events.contains(&"comment 1h31".to_owned()));
}

#[test]
fn an_illegal_move_abandons_the_game_and_the_sink_cuts_it_off() {
    let text = "[White \"A\"]\n\n1. e4 e5 2. Dh6 *\n";
    let game = RecordReader::new(text.as_bytes(), Dialect::pgn())
        .next()
        .unwrap()
        .unwrap();
    let dialect = Dialect::pgn();
    let mut out = "kept\n".to_owned();
    let mut sink = Collect {
        events: Vec::new(),
        writer: MovetextWriter::new(&mut out, &dialect, FirstMove::default()),
    };
    let replayed = replay_into::<Position, _, _, _>(
        &game,
        &French::STANDARD,
        &Algebraic::ENGLISH,
        &dialect,
        &mut sink,
    );
    assert!(replayed.has_errors());
    assert_eq!(sink.events.last().unwrap(), "abandon");
    assert!(!sink.events.iter().any(|e| e.starts_with("finish")));
    assert_eq!(out, "kept\n");
}

#[test]
fn variations_are_numbered_and_deep() {
    let text = "1. e4 e5 (1... c5 2. Cf3 (2. Cc3)) 2. Cf3 *";
    let game = RecordReader::new(text.as_bytes(), Dialect::pgn())
        .next()
        .unwrap()
        .unwrap();
    let mut sink = Plies::default();
    let replayed = replay_into::<Position, _, _, _>(
        &game,
        &French::STANDARD,
        &Algebraic::ENGLISH,
        &Dialect::pgn(),
        &mut sink,
    );
    assert!(!replayed.has_errors());
    let black = |n| FirstMove::new(n, Color::Black);
    let white = |n| FirstMove::new(n, Color::White);
    assert_eq!(
        sink.0,
        [
            (white(1), 0),
            (black(1), 0),
            (black(1), 1),
            (white(2), 1),
            (white(2), 2),
            (white(2), 0)
        ]
    );
}

/// The number, side and depth of each move, nothing formatted.
#[derive(Default)]
struct Plies(Vec<(FirstMove, usize)>);

impl MovetextSink for Plies {
    fn move_token(&mut self, event: MoveEvent, _: impl FnOnce(&mut String)) {
        self.0.push((event.ply(), event.depth));
    }
}

#[test]
fn the_cursor_reads_the_main_line_as_the_replay_does() {
    let game = club_game();
    let mut cursor = TokenCursor::main_line(&game, &French::STANDARD);
    let mut moves = Vec::new();
    while let Some(step) = cursor.next() {
        if let Step::Move(token) = step {
            let text = cursor.text(&token).to_owned();
            moves.push((text, cursor.take_draw_offer()));
        }
    }
    assert_eq!(moves.len(), 68);
    assert_eq!(moves[13], ("cxb3e.p.".to_owned(), false));
    assert_eq!(moves[40], ("Cc1=".to_owned(), false));
}
