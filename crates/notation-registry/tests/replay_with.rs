//! `Kind::replay_with` and `Kind::replay_into_with`: the registry's algebraic and French
//! notations replayed through their own types give what the same notations give through
//! `dyn Notation`, byte for byte and diagnostic for diagnostic, for every pair of the
//! registry's chess notations, into a writer and into any sink.

use board_core::{
    Dialect, FirstMove, MovetextWriter, Output, RecordReader, ReplayMemory, replay, replay_into,
};
use chess_rules::Position;
use notation_registry::{Chess, ChessNotation, Kind, Registry};

/// Games with what a replay reports or keeps: comments, NAGs, glyphs, variations, a draw
/// offer, a promotion, en passant, check and mate signs, a wrong sign, a capture unmarked, a
/// set-up position, an illegal move, a result that the position contradicts.
const GAMES: &str = r#"[Event "a"]
[Result "1-0"]

1. e4 {open} e5 2. Nf3 $1 Nc6 3. Bb5!? a6 (3... Nf6 4. O-O {Berlin}) 4. Ba4 Nf6
5. O-O Be7 {(=)} 6. Re1 b5 7. Bb3 d6 8. c3 O-O 1-0

[Event "b"]
[Result "1-0"]

1. e4 d5 2. e5 f5 3. exf6 gxf6 4. Qh5+ Kd7 5. Qf7 Nc6 6. Qxf8 Qe8 7. Qxe8+ Kxe8 1-0

[Event "c"]
[SetUp "1"]
[FEN "8/P6k/8/8/8/8/8/K7 w - - 0 1"]
[Result "1-0"]

1. a8=Q Kg6 2. Qg8+ Kf5 3. Qg3 Ke4 4. Kb2 1-0

[Event "d"]
[Result "0-1"]

1. f3 e5 2. g4 Qh4 0-1

[Event "e"]
[Result "*"]

1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. Qe2 Nd4 5. Nxe5 Qg5 6. Nxf7 Qxg2 7. Rf1 Qxe4 8. Qxe4 Nf3# *

[Event "f"]
[Result "*"]

1. d4 d5 2. Nf3 Ke7 3. Kd2 Qd7 4. Qxh7 *
"#;

#[test]
fn registry_notations_replay_the_same_through_their_types() {
    let registry = Registry::standard();
    let names = ["en", "figurine", "fr", "de", "es", "lan", "uci"];
    let notations: Vec<&ChessNotation> = names
        .iter()
        .map(
            |name| match registry.chess(name).expect("a registry notation") {
                Chess::Algebraic(entry) => entry.notation,
                Chess::Descriptive(_) => unreachable!("{name} is algebraic"),
            },
        )
        .collect();
    let dialect = Dialect::pgn();
    let games: Vec<_> = RecordReader::new(GAMES.as_bytes(), Dialect::pgn())
        .map(|game| game.expect("the games read"))
        .collect();
    assert_eq!(games.len(), 6);
    let mut written = 0;
    // One memory for every typed replay, as a front end keeps it from game to game: each
    // replay must come out as a fresh one does.
    let mut memory = ReplayMemory::new();
    for &source in &notations {
        for &target in &notations {
            for game in &games {
                let (mut through_types, mut through_dyn) = (String::new(), String::new());
                let typed = Position::replay_with(
                    &mut memory,
                    game,
                    source,
                    Some(Output {
                        notation: target,
                        dialect: &dialect,
                        out: &mut through_types,
                    }),
                );
                let dynamic = replay(
                    game,
                    source,
                    Some(Output {
                        notation: target,
                        dialect: &dialect,
                        out: &mut through_dyn,
                    }),
                );
                let what = format!(
                    "{} -> {}, game {:?}",
                    source.name(),
                    target.name(),
                    game.tag("Event")
                );
                assert_eq!(through_types, through_dyn, "{what}");
                assert_eq!(
                    format!("{:?}", typed.diagnostics),
                    format!("{:?}", dynamic.diagnostics),
                    "{what}"
                );
                assert_eq!(
                    (typed.plies, typed.final_position),
                    (dynamic.plies, dynamic.final_position),
                    "{what}"
                );
                written += through_types.len();
                let checked = Position::replay_with::<ChessNotation, ChessNotation>(
                    &mut memory,
                    game,
                    source,
                    None,
                );
                assert_eq!(
                    format!("{:?}", checked.diagnostics),
                    format!("{:?}", dynamic.diagnostics),
                    "{what}"
                );
                // Into a sink: a writer made by the caller, on one line.
                let one_line = Dialect::pgn().with_line_width(usize::MAX);
                let (mut into_types, mut into_dyn) = (String::new(), String::new());
                let mut sink =
                    MovetextWriter::new(&mut into_types, &one_line, FirstMove::default());
                let typed = Position::replay_into_with(
                    &mut memory,
                    game,
                    source,
                    target,
                    &one_line,
                    &mut sink,
                );
                let mut sink = MovetextWriter::new(&mut into_dyn, &one_line, FirstMove::default());
                let dynamic = replay_into(game, source, target, &one_line, &mut sink);
                assert_eq!(into_types, into_dyn, "{what}, into a sink");
                assert_eq!(
                    format!("{:?}", typed.diagnostics),
                    format!("{:?}", dynamic.diagnostics),
                    "{what}, into a sink"
                );
                assert_eq!(typed.plies, dynamic.plies, "{what}, into a sink");
                written += into_types.len();
            }
        }
    }
    // The games in English, read as English, are written: the test compares text, not nothing.
    assert!(written > 10_000, "{written} bytes written");
}
