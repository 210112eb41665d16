//! The record reader on what real files hold besides the PGN standard (issue 12): the API a
//! caller relies on to place a game in its file, to tell a cut file from a whole one, and to
//! write back what it read.

use board_core::{
    Code, Dialect, Element, GameErrorKind, RawGame, ReadError, RecordReader, Severity, write_game,
};

fn read(bytes: &[u8]) -> Vec<Result<RawGame, ReadError>> {
    RecordReader::new(bytes, Dialect::pgn()).collect()
}

fn game(bytes: &[u8]) -> RawGame {
    let mut items = read(bytes);
    assert_eq!(items.len(), 1);
    items.remove(0).expect("the game reads")
}

fn written(game: &RawGame) -> String {
    let mut out = String::new();
    let first = game.first_move_hint().unwrap_or_default();
    write_game(&mut out, game, &Dialect::pgn(), first);
    out
}

/// Writing what was read reads back as the same writing.
fn fixed_point(bytes: &[u8]) -> String {
    let once = written(&game(bytes));
    assert_eq!(written(&game(once.as_bytes())), once);
    once
}

#[test]
fn a_game_is_placed_in_its_file_whatever_was_decoded() {
    // A UTF-8 tag beside a Latin-1 one: the text is longer than the game's bytes, and not one
    // character a byte.
    let bytes = b"[White \"M\xc3\xbcller\"]\n[Black \"Caf\xe9\"]\n\n1. e4 *";
    let g = game(bytes);
    assert_eq!(g.tag("White").as_deref(), Some("Müller"));
    assert_eq!(g.tag("Black").as_deref(), Some("Café"));
    assert_eq!(g.source_len(), bytes.len());
    assert!(!g.is_latin1(), "a character offset is no byte offset here");

    // Latin-1 and Windows-1252 fields only: one character a byte.
    let bytes = b"[Black \"Caf\xe9\"]\n\n1. e4 {\x93quoted\x94} *";
    let g = game(bytes);
    assert!(g.is_latin1());
    assert_eq!(g.text().chars().count(), bytes.len());
    assert_eq!(g.source_len(), bytes.len());
}

#[test]
fn a_cut_file_is_an_error_and_a_whole_one_is_not() {
    for cut in [
        &b"[Event \"A\"]\n[Res"[..],
        b"[Event \"A\"]\n[Result \"1-",
        b"[Event \"A\"]\n[Result \"1-0\"",
        b"[Event \"A\"]\n[Result \"1- ",
    ] {
        let items = read(cut);
        let Some(Err(ReadError::Game(e))) = items.last() else {
            panic!("{items:?}")
        };
        assert_eq!(e.kind(), GameErrorKind::TruncatedTag);
        assert_eq!(e.line_col().line, 2);
        assert_eq!(e.to_string(), "game 1: file ends inside a tag");
    }
    // A broken tag followed by a line break is read with its repair, as before.
    let g = game(b"[Event \"A\"]\n[Result \"1-0\n1. e4 *\n");
    assert_eq!(g.moves().count(), 1);
}

#[test]
fn draws_and_lenient_results_are_written_in_pgn_spelling() {
    let once = fixed_point("[Result \"½-½\"]\n\n1. e4 e5 ½-½".as_bytes());
    assert!(once.contains("[Result \"1/2-1/2\"]") && once.ends_with("1. e4 e5 1/2-1/2\n\n"));
    let once = fixed_point("1. e4 e5 0\u{2013}1".as_bytes());
    assert!(once.ends_with("1. e4 e5 0-1\n\n"), "{once}");
    let g = game("1. e4 --+".as_bytes());
    assert_eq!(g.result().map(|r| r.text), Some("0-1"));
    assert_eq!(g.slice(g.result().unwrap().span), "--+");
    assert!(g.warnings()[0].message.contains("--+ read as 0-1"));
}

#[test]
fn evaluation_signs_and_dashes_write_back_as_standard_pgn() {
    let once = fixed_point("1. e4 \u{b1} e5 2. O\u{2011}O $1 =\u{221e} *".as_bytes());
    assert!(once.contains("1. e4 $16 e5 2. O-O $1 $44 *"), "{once}");
    let g = game("1. e4 \u{b1} e5 \u{b1} 2. O\u{2011}O *".as_bytes());
    let messages: Vec<&str> = g.warnings().iter().map(|w| w.message.as_str()).collect();
    assert_eq!(
        messages,
        [
            "dash look-alike in `O\u{2011}O`: U+2011 read as `-`",
            "evaluation sign `\u{b1}` read as $16"
        ]
    );
    assert!(g.warnings().iter().all(|w| w.severity == Severity::Warning));
}

#[test]
fn broadcast_tag_sections_split_and_markup_goes() {
    let items = read(b"[Event \"B\"]\n[Round \"1\"]\n\n[Event \"B\"]\n[Round \"2\"]\n");
    let rounds: Vec<String> = items
        .iter()
        .map(|g| g.as_ref().unwrap().tag("Round").unwrap().into_owned())
        .collect();
    assert_eq!(rounds, ["1", "2"]);
    // A tag given twice further down stays in its game.
    let g = game(b"[Event \"B\"]\n[Annotator \"x\"]\n[Annotator \"y\"]\n\n1. e4 *");
    assert_eq!(g.tags().count(), 3);

    let g = game(b"[pgn][Event \"x\"] 1. e4 e5 *[/pgn]");
    assert_eq!(g.tags().count(), 1);
    assert_eq!(g.moves().count(), 2);
    assert_eq!(
        g.warnings()[0].message,
        "forum markup `[pgn]` at line 1 skipped"
    );
    // Markup after the last game is said once the input is over; inside a game, in the game.
    let mut reader = RecordReader::new(&b"[pgn]1. e4 *[/pgn]"[..], Dialect::pgn());
    assert_eq!(reader.by_ref().count(), 1);
    assert_eq!(
        reader.trailing_warnings()[0].message,
        "forum markup `[/pgn]` at line 1 skipped"
    );
    let g = game(b"1. e4 [/pgn] e5 *");
    assert_eq!(g.warnings()[0].message, "forum markup `[/pgn]` skipped");
    assert_eq!(g.slice(g.warnings()[0].span), "[/pgn]");
}

#[test]
fn games_later_on_a_line_know_their_column() {
    let items = read(b"1. e4 e5 * 1. Ke3 *\n2. d4 *");
    let second = items[1].as_ref().unwrap();
    assert_eq!(second.first_column(), 11);
    let ke3 = second.moves().next().unwrap();
    let at = second.line_col(ke3.span);
    assert_eq!((at.line, at.column), (1, 15));
    let third = items[2].as_ref().unwrap();
    assert_eq!(third.first_column(), 0);
}

#[test]
fn binary_input_is_one_error() {
    let mut bytes = vec![0u8; 4096];
    bytes.extend_from_slice(b"1. e4 *");
    let items = read(&bytes);
    assert_eq!(items.len(), 1);
    let Err(ReadError::Game(e)) = &items[0] else {
        panic!("{items:?}")
    };
    assert_eq!(e.kind(), GameErrorKind::NotText { utf16: false });
    let rendered = e.render("x.bin");
    assert!(
        rendered.starts_with("error: not a text file\n --> x.bin:1:1\n"),
        "{rendered}"
    );
    assert!(!rendered.contains('\0'));

    // A text file with a stray control byte is still text.
    let g = game(b"[Event \"a\x01b\"]\n\n1. e4 *");
    assert_eq!(g.moves().count(), 1);

    // A record that starts with a tag pair is text whatever its comments hold: the writer keeps
    // a comment's control characters, and what it writes must read back (the game_replay fuzz
    // target found a written game of many U+001C rejected as binary).
    let mut record = b"[Event \"?\"]\n\n1. c4 c5 {".to_vec();
    record.extend_from_slice(&[0x1C; 60]);
    record.extend_from_slice(b"} *\n");
    assert_eq!(fixed_point(&record).matches('\u{1C}').count(), 60);
    // The same bytes without the tag pair in front are still no text.
    assert!(matches!(
        read(&record[13..]).first(),
        Some(Err(ReadError::Game(e))) if e.kind() == GameErrorKind::NotText { utf16: false }
    ));
}

/// A variation in square brackets inside movetext, as blogs and some text exports write them
/// (`a6 [3... Nf6 4. O-O Nxe4] 4. Ba4`): read as one in parentheses, with a warning. The `[`
/// was taken for the next game's tags, which cut the game in two (its second half failed at
/// `4. Ba4` from the start position).
#[test]
fn variations_in_square_brackets_are_read_as_variations() {
    let sketch = |g: &RawGame| -> String {
        g.elements()
            .filter_map(|e| match e {
                Element::Move(t) => Some(t.text.to_owned()),
                Element::StartVariation(_) => Some("(".to_owned()),
                Element::EndVariation(_) => Some(")".to_owned()),
                _ => None,
            })
            .collect::<Vec<_>>()
            .join(" ")
    };
    for (text, moves) in [
        (
            &b"[Event \"Blog\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 [3... Nf6 4. O-O Nxe4] 4. Ba4 1-0\n"[..],
            "e4 e5 Nf3 Nc6 Bb5 a6 ( Nf6 O-O Nxe4 ) Ba4",
        ),
        // On a line of its own, the `]` apart, and a variation in it in parentheses.
        (
            b"[Event \"Blog\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6\n[3... Nf6 (3... d6 4. d4) 4. O-O ]\n4. Ba4 1-0\n",
            "e4 e5 Nf3 Nc6 Bb5 a6 ( Nf6 ( d6 d4 ) O-O ) Ba4",
        ),
        // A move first, away from a line's start: no tag pair.
        (
            b"1. e4 e5 2. Nf3 [2. Nc3 Nf6] 2... Nc6 *",
            "e4 e5 Nf3 ( Nc3 Nf6 ) Nc6",
        ),
    ] {
        let g = game(text);
        assert_eq!(sketch(&g), moves, "{}", String::from_utf8_lossy(text));
        let warning = &g.warnings()[0];
        assert_eq!(warning.code, Code::RecordBracketVariation);
        assert_eq!(g.slice(warning.span), "[");
        // Written back in parentheses, which read the same.
        let once = fixed_point(text);
        let movetext = once.lines().filter(|line| !line.ends_with("\"]"));
        assert!(movetext.clone().any(|line| line.contains(" (")), "{once}");
        assert!(!movetext.clone().any(|line| line.contains(['[', ']'])), "{once}");
    }
    // A tag pair still starts the next game, on its line or after a result on the line before;
    // a variation left open is an error of its game, and the next game reads.
    assert_eq!(read(b"1. e4 e5 1-0 [Event \"y\"]\n\n1. d4 *").len(), 2);
    let items = read(b"1. e4 e5 [1... c5 2. Nf3\n\n[Event \"y\"]\n\n1. d4 *");
    assert_eq!(items.len(), 2);
    assert!(items[0].is_err(), "{:?}", items[0]);
    assert_eq!(game_moves(items[1].as_ref().unwrap()), ["d4"]);
}

fn game_moves(g: &RawGame) -> Vec<String> {
    g.moves().map(|m| m.text.to_owned()).collect()
}

/// A broadcast's games not played yet, as lichess exports a round: sections of tags alone,
/// blank lines between, only the first with an `Event` tag. The first tag never came again, so
/// the five sections were one game with every other tag given five times (exit status 0). Any
/// tag of the game given again after a blank line now starts the next game.
#[test]
fn sections_of_tags_alone_split_where_a_tag_comes_again_after_a_blank_line() {
    let round = b"[Event \"Round 1: A - B\"]\n[Round \"1.1\"]\n[White \"A\"]\n[Black \"B\"]\n\
[Result \"1/2-1/2\"]\n[WhiteElo \"2749\"]\n[UTCTime \"07:57:05\"]\n\n\
[Round \"1.2\"]\n[White \"C\"]\n[Black \"D\"]\n[Result \"0-1\"]\n[WhiteElo \"2659\"]\n\n\
[Round \"1.3\"]\n[White \"E\"]\n[Black \"F\"]\n[Result \"*\"]\n\n1. e4 e5 *\n";
    let games: Vec<RawGame> = read(round).into_iter().map(Result::unwrap).collect();
    let whites: Vec<_> = games.iter().map(|g| g.tag("White").unwrap()).collect();
    assert_eq!(whites, ["A", "C", "E"]);
    assert!(
        games
            .iter()
            .all(|g| g.tags().filter(|t| t.name == "White").count() == 1)
    );
    assert_eq!(games[2].moves().count(), 2);
    // A tag given twice with no blank line between stays in its game, as before.
    let g = game(b"[Event \"B\"]\n[Annotator \"x\"]\n[Annotator \"y\"]\n\n1. e4 *");
    assert_eq!(g.tags().count(), 3);
}
