//! `scoresheet show` run as a user runs it, on the bundled records: the SVG parsed as XML and
//! compared with the position the rules crates reach by themselves, the text diagrams, the
//! errors and their exit codes.
//!
//! What the SVG is held to: 64 elements of class `square` for chess, one per dark square (50,
//! Manoury-numbered) for draughts; one element of class `piece` per piece of the position, on
//! its `data-square`, its classes naming colour and piece; the last move's squares of class
//! `last-move` with `from`, `to`, `path` or `captured`.

mod common;

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::Output;

use board_core::{Notation, Notes};
use common::{text, workspace};

const SAMPLE: &str = "corpus/samples/club-games.pgn";
const CAPTURES: &str = "corpus/pdn/capture-rules.pdn";

fn scoresheet(args: &[&str]) -> Output {
    common::run(&workspace(), args, None)
}

fn scoresheet_stdin(args: &[&str], input: &str) -> Output {
    common::run(&workspace(), args, Some(input.as_bytes()))
}

fn stdout(out: &Output) -> String {
    text(&out.stdout)
}

fn stderr(out: &Output) -> String {
    text(&out.stderr)
}

/// A path in the temporary folder for this test run.
fn temporary(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("scoresheet-show-{}-{name}", std::process::id()))
}

/// What a diagram's SVG says, read back from the XML.
#[derive(Debug)]
struct Svg {
    /// The `data-orientation` of the root.
    orientation: String,
    /// Every `square` in document order (the top left first): its name and classes.
    squares: Vec<(String, String)>,
    /// Every `piece` by square: its classes, `piece` left out (`white knight`).
    pieces: BTreeMap<String, String>,
    /// Every `last-move` square and its mark (`from`, `to`, `path`, `captured`).
    marks: BTreeMap<String, String>,
    /// The text of the chess coordinates along the bottom, left to right.
    files: String,
}

fn read_svg(text: &str) -> Svg {
    let doc = roxmltree::Document::parse(text).expect("the SVG is well-formed XML");
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    assert!(root.attribute("viewBox").is_some());
    let classes = |node: &roxmltree::Node<'_, '_>| -> Vec<String> {
        node.attribute("class")
            .unwrap_or_default()
            .split(' ')
            .map(str::to_owned)
            .collect()
    };
    let mut svg = Svg {
        orientation: root.attribute("data-orientation").unwrap().to_owned(),
        squares: Vec::new(),
        pieces: BTreeMap::new(),
        marks: BTreeMap::new(),
        files: String::new(),
    };
    for node in doc.descendants() {
        let class = classes(&node);
        let square = node.attribute("data-square").map(str::to_owned);
        if class.iter().any(|c| c == "square") {
            let square = square.clone().expect("a square has a name");
            svg.squares.push((square.clone(), class.join(" ")));
            if class.iter().any(|c| c == "last-move") {
                svg.marks.insert(square, class.last().unwrap().clone());
            }
        } else if class.first().is_some_and(|c| c == "piece") {
            let square = square.expect("a piece has a square");
            let previous = svg.pieces.insert(square.clone(), class[1..].join(" "));
            assert!(previous.is_none(), "two pieces on {square}");
        } else if class.iter().any(|c| c == "file") {
            svg.files.push_str(node.text().unwrap());
        }
    }
    svg
}

/// The pieces of a chess position as the SVG names them.
fn chess_pieces(position: &chess_rules::Position) -> BTreeMap<String, String> {
    chess_rules::Square::all()
        .filter_map(|sq| {
            let piece = position.piece_at(sq)?;
            let color = if piece.color == board_core::Color::White {
                "white"
            } else {
                "black"
            };
            Some((sq.to_string(), format!("{color} {}", piece.role.name())))
        })
        .collect()
}

/// The first `plies` SAN moves of the sample's first game, replayed by the rules crate.
fn sample_after(plies: usize) -> (chess_rules::Position, chess_rules::Move) {
    let sans = "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5";
    let mut position = chess_rules::Position::new();
    let mut last = None;
    for san in sans.split(' ').take(plies) {
        let mv = notation_en::Algebraic::ENGLISH
            .parse(&position, san, &mut Notes::default())
            .unwrap();
        position = position.play(mv).unwrap();
        last = Some(mv);
    }
    (position, last.unwrap())
}

fn marks(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
    pairs
        .iter()
        .map(|(sq, m)| ((*sq).to_owned(), (*m).to_owned()))
        .collect()
}

#[test]
fn chess_game_after_a_ply_as_svg_file() {
    let file = temporary("ply10.svg");
    let out = scoresheet(&["show", SAMPLE, "--ply", "10", "-o", file.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "", "the picture goes to the file");
    assert!(
        stderr(&out).starts_with("note: corpus/samples/club-games.pgn: detected en"),
        "the detection is said, as convert says it: {}",
        stderr(&out)
    );
    let text = std::fs::read_to_string(&file).unwrap();
    std::fs::remove_file(&file).unwrap();
    let svg = read_svg(&text);
    assert_eq!(svg.squares.len(), 64);
    let dark = svg
        .squares
        .iter()
        .filter(|(_, c)| c.contains("dark"))
        .count();
    assert_eq!(dark, 32);
    let (position, last) = sample_after(10);
    assert_eq!(last.to_string(), "f8e7");
    assert_eq!(svg.pieces, chess_pieces(&position));
    assert_eq!(svg.marks, marks(&[("e7", "to"), ("f8", "from")]));
    assert_eq!(svg.orientation, "white");
    assert_eq!(svg.squares[0].0, "a8");
    assert_eq!(svg.files, "abcdefgh");
}

#[test]
fn castling_marks_the_kings_squares_and_black_is_at_the_bottom() {
    let out = scoresheet(&[
        "show",
        SAMPLE,
        "--ply",
        "9",
        "--format",
        "svg",
        "--from-black",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let svg = read_svg(&stdout(&out));
    let (position, _) = sample_after(9);
    assert_eq!(svg.pieces, chess_pieces(&position));
    assert_eq!(svg.marks, marks(&[("e1", "from"), ("g1", "to")]));
    // Turned round: h1 at the top left, a8 at the bottom right, files from h to a.
    assert_eq!(svg.orientation, "black");
    assert_eq!(svg.squares[0].0, "h1");
    assert_eq!(svg.squares[63].0, "a8");
    assert_eq!(svg.files, "hgfedcba");
}

#[test]
fn the_end_of_the_main_line_by_default_and_the_start_at_ply_0() {
    // The first game ends on 23... axb5 (the variation before it is not played).
    let out = scoresheet(&["show", SAMPLE, "--format", "svg"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let svg = read_svg(&stdout(&out));
    assert_eq!(svg.marks, marks(&[("a6", "from"), ("b5", "to")]));
    assert_eq!(svg.pieces.get("b5").map(String::as_str), Some("black pawn"));

    let start = scoresheet(&["show", SAMPLE, "--ply", "0", "--ascii"]);
    assert!(start.status.success(), "{}", stderr(&start));
    assert_eq!(stdout(&start), stdout(&scoresheet(&["show", "--ascii"])));
    assert!(!stdout(&start).contains('['), "nothing marked at the start");
}

#[test]
fn a_game_chosen_by_index_from_stdin() {
    let sample = std::fs::read_to_string(workspace().join(SAMPLE)).unwrap();
    let second = scoresheet_stdin(
        &["show", "-", "--index", "2", "--ply", "1", "--ascii"],
        &sample,
    );
    assert!(second.status.success(), "{}", stderr(&second));
    let from_file = scoresheet(&["show", SAMPLE, "--index", "2", "--ply", "1", "--ascii"]);
    assert_eq!(stdout(&second), stdout(&from_file));
    let lines: Vec<String> = stdout(&second).lines().map(str::to_owned).collect();
    assert_eq!(lines.len(), 10);
    assert!(lines[8].starts_with("   a  b"), "{lines:?}");
    assert_eq!(lines[9], "after 1. e4");
}

#[test]
fn unicode_by_default_ascii_on_request() {
    let unicode = stdout(&scoresheet(&["show", SAMPLE, "--ply", "1"]));
    assert_eq!(unicode.lines().next(), Some("8  ♜  ♞  ♝  ♛  ♚  ♝  ♞  ♜"));
    assert_eq!(unicode.lines().nth(4), Some("4  ·  ·  ·  · [♙] ·  ·  ·"));
    assert_eq!(unicode.lines().nth(6), Some("2  ♙  ♙  ♙  ♙ [·] ♙  ♙  ♙"));
    let ascii = stdout(&scoresheet(&["show", SAMPLE, "--ply", "1", "--ascii"]));
    assert_eq!(ascii.lines().nth(4), Some("4  .  .  .  . [P] .  .  ."));
    assert!(ascii.is_ascii());
    assert!(
        ascii.ends_with("\n   a  b  c  d  e  f  g  h\nafter 1. e4\n"),
        "{ascii}"
    );
    // A text file when -o names no .svg.
    let file = temporary("board.txt");
    let out = scoresheet(&[
        "show",
        SAMPLE,
        "--ply",
        "1",
        "--ascii",
        "-o",
        file.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), ascii);
    std::fs::remove_file(&file).unwrap();
}

#[test]
fn draughts_capture_from_a_pdn_file() {
    // Game 1: the king on 47 takes four, 47x38x24x13x36. A .pdn file means draughts.
    let out = scoresheet(&["show", CAPTURES, "--format", "svg"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let svg = read_svg(&stdout(&out));
    assert_eq!(svg.squares.len(), 50, "one square per dark square");
    let numbers: Vec<String> = svg.squares.iter().map(|(n, _)| n.clone()).collect();
    let expected: Vec<String> = (1..=50).map(|n: u8| n.to_string()).collect();
    assert_eq!(numbers, expected);
    assert!(
        svg.squares
            .iter()
            .all(|(_, c)| c.starts_with("square dark"))
    );

    let before: draughts_rules::Position = "W:WK47:B14,19,27,33,42".parse().unwrap();
    let mv = notation_manoury::Manoury
        .parse(&before, "47x38x24x13x36", &mut Notes::default())
        .unwrap();
    let after = before.play(&mv).unwrap();
    let pieces: BTreeMap<String, String> = draughts_rules::Square::all()
        .filter_map(|sq| {
            let piece = after.piece_at(sq)?;
            let color = if piece.color == board_core::Color::White {
                "white"
            } else {
                "black"
            };
            let role = match piece.role {
                draughts_rules::Role::Man => "man",
                draughts_rules::Role::King => "king",
            };
            Some((sq.to_string(), format!("{color} {role}")))
        })
        .collect();
    assert_eq!(svg.pieces, pieces);
    assert_eq!(svg.pieces.get("36").map(String::as_str), Some("white king"));

    let mut expected = BTreeMap::new();
    for sq in mv.captured() {
        expected.insert(sq.to_string(), "captured".to_owned());
    }
    for sq in &mv.path()[..mv.path().len() - 1] {
        expected.insert(sq.to_string(), "path".to_owned());
    }
    expected.insert("47".to_owned(), "from".to_owned());
    expected.insert("36".to_owned(), "to".to_owned());
    assert_eq!(svg.marks, expected);
    assert_eq!(svg.marks.len(), 9, "from, three landings, four taken, to");

    // From Black: square 50 first, 1 last.
    let out = scoresheet(&["show", CAPTURES, "--format", "svg", "--from-black"]);
    let turned = read_svg(&stdout(&out));
    assert_eq!(turned.squares.first().map(|s| s.0.as_str()), Some("50"));
    assert_eq!(turned.squares.last().map(|s| s.0.as_str()), Some("1"));
    assert_eq!(turned.pieces, pieces);
}

#[test]
fn draughts_text_names_the_rows() {
    let out = scoresheet(&[
        "show", "--game", "draughts", CAPTURES, "--index", "4", "--ascii",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 11);
    assert_eq!(lines[10], "after 1. 28x8");
    assert!(
        lines[0].starts_with(" 1 ") && lines[0].ends_with(" 5"),
        "{text}"
    );
    assert!(
        lines[9].starts_with("46 ") && lines[9].ends_with("50"),
        "{text}"
    );
    // 28x19 would take one; the majority rule makes it 28x17x8, the man ending on 8.
    assert_eq!(lines[1], " 6  .     .    [w]    .     .     10");
    assert_eq!(lines[..10].concat().matches('x').count(), 2, "{text}");
}

#[test]
fn errors_say_what_and_exit_with_the_usual_codes() {
    let beyond = scoresheet(&["show", SAMPLE, "--from", "en", "--ply", "500"]);
    assert_eq!(beyond.status.code(), Some(2));
    assert_eq!(
        stderr(&beyond),
        "error: --ply 500: game 1 of corpus/samples/club-games.pgn has 46 plies in its main line\n"
    );
    let no_game = scoresheet(&["show", SAMPLE, "--index", "9"]);
    assert_eq!(no_game.status.code(), Some(2));
    assert!(
        stderr(&no_game).contains("has 3 games"),
        "{}",
        stderr(&no_game)
    );
    let bad_fen = scoresheet(&["show", "--fen", "8/8/8 w"]);
    assert_eq!(bad_fen.status.code(), Some(2));
    assert!(
        stderr(&bad_fen).starts_with("error: --fen: "),
        "{}",
        stderr(&bad_fen)
    );
    let no_file = scoresheet(&["show", "--ply", "3"]);
    assert_eq!(no_file.status.code(), Some(2));
    let missing = scoresheet(&["show", "no/such/file.pgn"]);
    assert_eq!(missing.status.code(), Some(1));
    assert!(
        stderr(&missing).contains("cannot open no/such/file.pgn"),
        "{}",
        stderr(&missing)
    );

    let illegal = scoresheet_stdin(&["show", "-"], "1. e4 e5 2. Ke3 *\n");
    assert_eq!(illegal.status.code(), Some(1));
    let message = stderr(&illegal);
    assert!(message.contains("illegal move Ke3"), "{message}");
    assert!(message.contains("<stdin>:1:13"), "{message}");
    assert!(
        message.ends_with("error: game 1 of <stdin> cannot be replayed to its end\n"),
        "{message}"
    );
    // The moves before the illegal one still show.
    let before = scoresheet_stdin(&["show", "-", "--ply", "2"], "1. e4 e5 2. Ke3 *\n");
    assert!(before.status.success(), "{}", stderr(&before));
}
