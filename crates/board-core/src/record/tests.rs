use std::io::Read;

use testkit::Rng;
use testkit::records::FRAGMENTS;

use super::*;
use crate::{Color, Diagnostic, Nag, Severity, Span};

fn read_all(text: &[u8], dialect: &Dialect) -> Vec<Result<RawGame, ReadError>> {
    RecordReader::new(text, dialect.clone()).collect()
}

fn one(text: &str) -> RawGame {
    let mut items = read_all(text.as_bytes(), &Dialect::pgn());
    assert_eq!(items.len(), 1, "{text:?}");
    items.remove(0).expect("game reads")
}

fn game_error(text: &str, dialect: &Dialect) -> GameError {
    match read_all(text.as_bytes(), dialect).remove(0) {
        Err(ReadError::Game(e)) => *e,
        other => panic!("expected a game error, got {other:?}"),
    }
}

/// The elements as short strings: `12.`, `12...`, `e4`, `$1`, `{text}`, `(`, `)`.
fn sketch(game: &RawGame) -> Vec<String> {
    game.elements()
        .map(|e| match e {
            Element::MoveNumber(n) => format!(
                "{}{}",
                n.number.map(|n| n.to_string()).unwrap_or_default(),
                if n.black { "..." } else { "." }
            ),
            Element::Move(t) => t.text.to_owned(),
            Element::Nag(n) => format!("${}", n.value),
            Element::Comment(c) => format!("{{{}}}", c.text),
            Element::StartVariation(_) => "(".to_owned(),
            Element::EndVariation(_) => ")".to_owned(),
        })
        .collect()
}

fn write(game: &RawGame, dialect: &Dialect) -> String {
    let mut out = String::new();
    write_game(
        &mut out,
        game,
        dialect,
        game.first_move_hint().unwrap_or_default(),
    );
    out
}

/// A recovered tag section that holds the roster's first name twice (`Event`, after a tag cut
/// short) is written in the order read, not roster first: written roster first, its second
/// `Event` would start a new game when read back.
#[test]
fn a_repeated_roster_name_is_written_in_the_order_read() {
    let pgn = Dialect::pgn();
    let input = "[Ev 1.e4\n[Event \"y\"]\n[Event \"x\"]\n\n1. e4 *\n";
    let games: Vec<RawGame> = RecordReader::new(input.as_bytes(), pgn.clone())
        .map(Result::unwrap)
        .collect();
    assert_eq!(games.len(), 1);
    let names: Vec<&str> = games[0].tags().map(|t| t.name).collect();
    assert_eq!(
        names.iter().filter(|n| **n == "Event").count(),
        2,
        "{names:?}"
    );
    let mut once = String::new();
    write_game(&mut once, &games[0], &pgn, FirstMove::default());
    assert!(once.starts_with("[Ev "), "{once}");
    let again: Vec<RawGame> = RecordReader::new(once.as_bytes(), pgn.clone())
        .map(Result::unwrap)
        .collect();
    assert_eq!(again.len(), 1, "{once}");
    let mut twice = String::new();
    write_game(&mut twice, &again[0], &pgn, FirstMove::default());
    assert_eq!(once, twice);
    // The roster tags it lacks still follow.
    assert!(once.contains("[Site \"?\"]"), "{once}");
}

#[test]
fn tags_keep_order_duplicates_and_escapes() {
    let game = one(r#"[Event "A \"quoted\" name"]
[Site "C:\\games"]
[Annotator "x"] [Annotator "y"]

1. e4 *"#);
    let tags: Vec<(&str, String)> = game
        .tags()
        .map(|t| (t.name, t.value().into_owned()))
        .collect();
    assert_eq!(
        tags,
        [
            ("Event", r#"A "quoted" name"#.to_owned()),
            ("Site", r"C:\games".to_owned()),
            ("Annotator", "x".to_owned()),
            ("Annotator", "y".to_owned()),
        ]
    );
    assert_eq!(game.tag("Annotator").as_deref(), Some("x"));
    let site = game.tags().nth(1).unwrap();
    assert_eq!(game.slice(site.span), r#"[Site "C:\\games"]"#);
    assert!(game.warnings().is_empty());
}

#[test]
fn malformed_tags_are_read_with_warnings() {
    let game = one("[Event \"A \"B\" C\"]\n[Site \"Paris]\n\n1. e4 *");
    assert_eq!(game.tag("Event").as_deref(), Some("A \"B\" C"));
    assert_eq!(game.tag("Site").as_deref(), Some("Paris"));
    let messages: Vec<&str> = game.warnings().iter().map(|w| w.message.as_str()).collect();
    assert_eq!(
        messages,
        [
            "unescaped `\"` inside a tag value, read as part of it",
            "tag value has no closing `\"`"
        ]
    );
    assert!(game.warnings().iter().all(|w| w.game == Some(1)));
}

#[test]
fn move_numbers_in_all_forms() {
    let game = one("1. e4 1... e5 2.Nf3 2…Nc6 3. ... Bb5 a6 4 Ba4 *");
    assert_eq!(
        sketch(&game),
        [
            "1.", "e4", "1...", "e5", "2.", "Nf3", "2...", "Nc6", "3.", "...", "Bb5", "a6", "4.",
            "Ba4"
        ]
    );
    let Element::MoveNumber(n) = game.elements().nth(6).unwrap() else {
        panic!()
    };
    assert_eq!(
        (n.number, n.black, game.slice(n.span)),
        (Some(2), true, "2…")
    );
}

/// `0000`, UCI's null move, is a move wherever it stands (alone, after a comment, after a
/// number glued to it), and so are `00` and `000`, castling typed without its dashes (read as
/// a number 0, the castling vanished without a word); `0007` and `0.` are move numbers as
/// before.
#[test]
fn four_zeros_are_a_null_move_not_a_move_number() {
    let game = one("1. e2e4 0000 {pass} 0000 2.0000 e7e5 0007 d2d4 00 000 0. *");
    assert_eq!(
        sketch(&game),
        [
            "1.", "e2e4", "0000", "{pass}", "0000", "2.", "0000", "e7e5", "7.", "d2d4", "00",
            "000", "0."
        ]
    );
}

#[test]
fn glued_parentheses_belong_to_the_token() {
    let game = one("1. P-K4 P-K4 2. P-R8(Q) (2. e8(D) RxB(N1)) P-Q4 (P-Q3) *");
    assert_eq!(
        sketch(&game),
        [
            "1.", "P-K4", "P-K4", "2.", "P-R8(Q)", "(", "2.", "e8(D)", "RxB(N1)", ")", "P-Q4", "(",
            "P-Q3", ")"
        ]
    );
}

#[test]
fn suffix_glyphs_become_nags_with_spans() {
    let game = one("1. e4!? Nf6?! 2. Qh5?? Cf3= 3. e4!!! ! *");
    assert_eq!(
        sketch(&game),
        [
            "1.", "e4", "$5", "Nf6", "$6", "2.", "Qh5", "$4", "Cf3=", "3.", "e4!!!", "$1"
        ]
    );
    let nag = game
        .elements()
        .find_map(|e| match e {
            Element::Nag(n) => Some(n),
            _ => None,
        })
        .unwrap();
    assert_eq!((nag.nag(), game.slice(nag.span)), (Some(Nag(5)), "!?"));
    let e4 = game.moves().next().unwrap();
    assert_eq!((e4.text, e4.span), ("e4", Span::new(3, 5)));
}

#[test]
fn comments_of_both_kinds_and_escape_lines() {
    let text = "% produced by a tool\n{Before the game}\n1. e4 {a {nested brace\nover lines} e5 ; rest of line\r\n% hidden 2. d4\n2. Nf3 {after} *";
    let game = one(text);
    assert_eq!(
        sketch(&game),
        [
            "{Before the game}",
            "1.",
            "e4",
            "{a {nested brace\nover lines}",
            "e5",
            "{ rest of line}",
            "2.",
            "Nf3",
            "{after}"
        ]
    );
    let kinds: Vec<CommentKind> = game
        .elements()
        .filter_map(|e| match e {
            Element::Comment(c) => Some(c.kind),
            _ => None,
        })
        .collect();
    assert_eq!(kinds[2], CommentKind::Line);
    assert_eq!(game.first_line(), 2);
}

#[test]
fn commands_are_extracted_without_changing_the_text() {
    let game = one("1. e4 { [%clk 1:30:00] [%eval 0.17] good [%emt 0:00:05] } *");
    let Some(Element::Comment(c)) = game.elements().nth(2) else {
        panic!()
    };
    assert_eq!(c.text, " [%clk 1:30:00] [%eval 0.17] good [%emt 0:00:05] ");
    let commands: Vec<(&str, &str)> = c.commands().map(|c| (c.name, c.args)).collect();
    assert_eq!(
        commands,
        [("clk", "1:30:00"), ("eval", "0.17"), ("emt", "0:00:05")]
    );
}

#[test]
fn an_unclosed_comment_is_an_error_and_reading_goes_on() {
    let text = "[White \"A\"]\n\n1. e4 {never closed\n\n[White \"B\"]\n\n1. d4 *\n";
    let items = read_all(text.as_bytes(), &Dialect::pgn());
    assert_eq!(items.len(), 2);
    let Err(ReadError::Game(e)) = &items[0] else {
        panic!("{:?}", items[0])
    };
    assert_eq!(e.kind(), GameErrorKind::UnterminatedComment);
    assert_eq!(&e.text()[e.span().range()], "{never closed");
    assert_eq!(
        e.render("f.pgn"),
        "error: comment is not closed\n --> f.pgn:3:7 (game 1: A - ?)\n  |\n3 | 1. e4 {never closed\n  |       ^^^^^^^^^^^^^\n  = help: a `{` comment ends at the first `}`; this one has none before the game ends\n"
    );
    let b = items[1].as_ref().unwrap();
    assert_eq!((b.number(), b.first_line()), (2, 5));
}

#[test]
fn stray_brace_and_parenthesis_are_errors() {
    let e = game_error("1. e4 { a { b } c } *", &Dialect::pgn());
    assert_eq!(
        (e.kind(), e.span()),
        (GameErrorKind::UnmatchedBrace, Span::new(18, 19))
    );
    assert_eq!(e.to_string(), "game 1: `}` closes no comment");
    let e = game_error("1. e4 e5) *", &Dialect::pgn());
    assert_eq!(
        (e.kind(), e.span()),
        (GameErrorKind::UnmatchedParenthesis, Span::new(8, 9))
    );
    let e = game_error("1. e4 (1. d4 (1. c4) *", &Dialect::pgn());
    assert_eq!(
        (e.kind(), e.span()),
        (GameErrorKind::UnclosedVariation, Span::new(6, 7))
    );
    let e = game_error("1. e4 $256 *", &Dialect::pgn());
    assert_eq!(
        (e.kind(), e.span()),
        (GameErrorKind::NagOutOfRange { max: 255 }, Span::new(6, 10))
    );
    assert_eq!(e.to_string(), "game 1: NAG out of range: above $255");
    let game = read_all(b"1. 32-28 $902 $99999999999 *", &Dialect::pdn()).remove(0);
    let Err(ReadError::Game(e)) = game else {
        panic!()
    };
    assert_eq!(e.span(), Span::new(14, 26));
    let game = read_all(b"1. 32-28 $902 *", &Dialect::pdn())
        .remove(0)
        .unwrap();
    assert_eq!(sketch(&game), ["1.", "32-28", "$902"]);
    assert_eq!(write(&game, &Dialect::pdn()), "1. 32-28 $902 *\n\n");
}

#[test]
fn deep_variations_hit_the_limit_not_the_stack() {
    let deep = format!("1. e4 {} *", "(".repeat(200_000));
    let e = game_error(&deep, &Dialect::pgn());
    assert_eq!(
        (e.kind(), e.span()),
        (GameErrorKind::TooDeep { limit: 64 }, Span::new(70, 71))
    );
    let nested = format!("1. e4 {}1. d4{} *", "(".repeat(64), ")".repeat(64));
    assert!(read_all(nested.as_bytes(), &Dialect::pgn())[0].is_ok());
    let e = game_error(&nested, &Dialect::pgn().with_max_depth(10));
    assert_eq!(e.kind(), GameErrorKind::TooDeep { limit: 10 });
}

/// A tag value wrapped onto the next line (kokopu's test file does it) is one value, the line
/// break read as a space and reported: the game was cut in two at the next tag, exit 0.
#[test]
fn a_tag_value_that_runs_on_into_the_next_line_is_one_value() {
    for eol in ["\n", "\r\n"] {
        let text = format!(
            "[Event \"E\"]{eol}[Site \"Somewhere {eol}  on the Earth\"]{eol}[Result \"1-0\"]{eol}{eol}1. e4 1-0{eol}"
        );
        let game = one(&text);
        let tags: Vec<(String, String)> = game
            .tags()
            .map(|t| (t.name.to_owned(), t.value().into_owned()))
            .collect();
        assert_eq!(
            tags,
            [
                ("Event", "E"),
                ("Site", "Somewhere on the Earth"),
                ("Result", "1-0")
            ]
            .map(|(n, v)| (n.to_owned(), v.to_owned())),
            "{eol:?}"
        );
        assert_eq!(sketch(&game), ["1.", "e4"]);
        let codes: Vec<_> = game.warnings().iter().map(|w| w.code).collect();
        assert_eq!(codes, [crate::Code::TagLineBreak], "{eol:?}");
    }
    // A value that runs to the end of its line before a line that does not close it stays
    // cut there, as before: the next line is the next tag.
    let game = one("[Site \"Somewhere\n[Result \"1-0\"]\n\n1. e4 1-0\n");
    assert_eq!(game.tag("Site").as_deref(), Some("Somewhere"));
    assert_eq!(game.tag("Result").as_deref(), Some("1-0"));
}

/// Text after a tag pair on its line, when more tags of the game follow, is skipped with one
/// warning that quotes it and counts it: a PDN exporter wrote a literal `\r` after each tag, and
/// every tag line was read as a game of its own (90 games for 5, `fmt` wrote them so).
#[test]
fn text_after_a_tag_pair_before_more_tags_is_skipped_and_reported() {
    let text = "[Event \"E\"]\n[Site \"\"]\\r\n[White \"A\"]\\r\n[Black \"B\"] ; seen\n\n1. e4 e5 *\n\n\
                [Event \"F\"]\n[Site \"x\"]\n\n1. d4 *\n";
    let games = read_all(text.as_bytes(), &Dialect::pgn());
    assert_eq!(games.len(), 2);
    let game = games[0].as_ref().unwrap();
    let names: Vec<&str> = game.tags().map(|t| t.name).collect();
    assert_eq!(names, ["Event", "Site", "White", "Black"]);
    // The last tag line's text begins the movetext.
    assert_eq!(sketch(game), ["{ seen}", "1.", "e4", "e5"]);
    let warnings: Vec<(crate::Code, &str)> = game
        .warnings()
        .iter()
        .map(|w| (w.code, w.message.as_str()))
        .collect();
    assert_eq!(
        warnings,
        [(
            crate::Code::TagTrailingText,
            "text after 2 tag pairs on their lines skipped, more tags of the game following \
             each: `\\r` (2 times)"
        )]
    );
    // The caret on the first skipped text.
    assert_eq!(game.slice(game.warnings()[0].span), "\\r");
    let game = one("[Event \"E\"] {before the moves}\n\n1. e4 *");
    assert!(game.warnings().is_empty(), "{:?}", game.warnings());
    assert_eq!(sketch(&game)[0], "{before the moves}");
    // The game's first tag again starts the next game, as it did.
    let games = read_all(
        b"[Event \"A\"] e4\n[Event \"B\"]\n1. d4 *\n",
        &Dialect::pgn(),
    );
    assert_eq!(games.len(), 2);
    assert_eq!(sketch(games[0].as_ref().unwrap()), ["e4"]);
}

/// The move glyphs set as one character, alone or glued to their move, are NAGs (read
/// leniently); a figurine promotion (`e8♕`) stays one move.
#[test]
fn move_glyphs_set_as_one_character_are_nags() {
    let game = one("1. e4‼ e5 2. Nf3 ⁉ Nc6⁈ 3. Bb5⁇ e8♕ *");
    assert_eq!(
        sketch(&game),
        [
            "1.", "e4", "$3", "e5", "2.", "Nf3", "$5", "Nc6", "$6", "3.", "Bb5", "$4", "e8♕"
        ]
    );
    // Glyphs and signs glued after a move in any order are peeled off all at once, so that the
    // game written out (`e4 $1 $17`) reads back the same; alone, they are NAGs.
    let game = one("1. e4!∓ e5∓!? 2. Nf3 !?∓ *");
    assert_eq!(
        sketch(&game),
        [
            "1.", "e4", "$1", "$17", "e5", "$17", "$5", "2.", "Nf3", "$5", "$17"
        ]
    );
}

/// Results as German and Dutch sheets and sites write them end their games, each read as the
/// PGN result and reported (`record.result-form`); two games without tags stay two games.
#[test]
fn results_with_a_colon_or_a_decimal_half_end_games() {
    let items = read_all(
        b"1. e4 e5 1:0\n\n1. d4 d5 0:1\n\n1. c4 c5 0.5-0.5\n\n1. g3 g6 1/2:1/2\n\n1. b3 b6 0,5:0,5\n",
        &Dialect::pgn(),
    );
    let read: Vec<(&str, Vec<String>, usize)> = items
        .iter()
        .map(|g| {
            let g = g.as_ref().unwrap();
            let forms = g
                .warnings()
                .iter()
                .filter(|w| w.code == crate::Code::RecordResultForm)
                .count();
            (g.result().unwrap().text, sketch(g), forms)
        })
        .collect();
    let expected = [
        ("1-0", ["1.", "e4", "e5"]),
        ("0-1", ["1.", "d4", "d5"]),
        ("1/2-1/2", ["1.", "c4", "c5"]),
        ("1/2-1/2", ["1.", "g3", "g6"]),
        ("1/2-1/2", ["1.", "b3", "b6"]),
    ];
    assert_eq!(read.len(), expected.len(), "{read:?}");
    for ((result, elements, forms), (want, moves)) in read.iter().zip(expected) {
        assert_eq!(
            (*result, elements.as_slice(), *forms),
            (want, &moves.map(String::from)[..], 1)
        );
    }
}

#[test]
fn pgn_results_end_games() {
    let items = read_all(
        b"e4 e5 *\nNf3 Nc6 1-0 d4 1/2-1/2 c4 0-1 g3 \xC2\xBD-\xC2\xBD",
        &Dialect::pgn(),
    );
    let results: Vec<&str> = items
        .iter()
        .map(|g| g.as_ref().unwrap().result().unwrap().text)
        .collect();
    // `½-½` stands for `1/2-1/2`; its span still covers what was written.
    assert_eq!(results, ["*", "1-0", "1/2-1/2", "0-1", "1/2-1/2"]);
    let last = items[4].as_ref().unwrap();
    assert_eq!(last.slice(last.result().unwrap().span), "½-½");
    let game = one("1. e4 (1. d4 1-0) 1... e5 *");
    assert_eq!(game.result().unwrap().text, "*");
    assert!(sketch(&game).contains(&"1-0".to_owned()));
}

#[test]
fn castling_with_zeros_is_a_move_in_pgn() {
    let game = one("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 0-0 *");
    assert_eq!(game.moves().last().unwrap().text, "0-0");
    assert_eq!(game.moves().count(), 8);
}

#[test]
fn pdn_results_and_moves() {
    let pdn = Dialect::pdn();
    let items = read_all(
        b"1.32-28 19-23 2.28x19 14x23 2-0\n1.32-28 0-0\n[Event \"x\"]\n1.33-29 1-1\n1.34-29 18-23 0-0",
        &pdn,
    );
    let games: Vec<(Vec<&str>, Option<&str>)> = items
        .iter()
        .map(|g| {
            let g = g.as_ref().unwrap();
            (
                g.moves().map(|m| m.text).collect(),
                g.result().map(|r| r.text),
            )
        })
        .collect();
    assert_eq!(
        games,
        [
            (vec!["32-28", "19-23", "28x19", "14x23"], Some("2-0")),
            (vec!["32-28"], Some("0-0")),
            (vec!["33-29"], Some("1-1")),
            (vec!["34-29", "18-23"], Some("0-0")),
        ]
    );
    // `0-0` is only a result as the last token of a game.
    let game = read_all(b"1.32-28 0-0 19-23 *", &pdn).remove(0).unwrap();
    assert_eq!(
        game.moves().map(|m| m.text).collect::<Vec<_>>(),
        ["32-28", "0-0", "19-23"]
    );
}

#[test]
fn missing_result_and_missing_tags_are_warnings() {
    let items = read_all(
        b"[Event \"A\"]\n\n1. e4 e5\n\n[Event \"B\"]\n1. d4\n",
        &Dialect::pgn(),
    );
    assert_eq!(items.len(), 2);
    for item in &items {
        let game = item.as_ref().unwrap();
        assert!(game.result().is_none());
        let w = &game.warnings()[0];
        assert_eq!(w.severity, Severity::Warning);
        assert!(w.message.starts_with("game has no result"), "{w}");
        assert_eq!(w.span, Span::new(game.text().len(), game.text().len()));
    }
    let tagless = one("1. e4 e5 2. Nf3");
    assert_eq!(tagless.tags().len(), 0);
    assert_eq!(tagless.moves().count(), 3);
}

/// Games without results one after the other with a blank line between are two games: the
/// second starts at its `1.` (python-chess reads them so; read as one, the second game's moves
/// went on from the first's). Only a white `1.` in the main line after a move and a blank line
/// starts one: with no blank line, `1...` or in a variation, it is the same game. A game that
/// ends in a result is not looked into (the replay then finds the second `1.`'s moves out of
/// turn, or reads them on). In whole reads and in reads of a few bytes alike.
#[test]
fn a_game_without_result_ends_at_a_blank_line_before_1() {
    let file = b"1. e4 e5 2. Nf3 Nc6 { game A }\n\n\n    1. d4 d5 { game B }\n \r\n1. c4\n\n\
                 [Event \"C\"]\n\n1. e4 e5\n1. d4 *\n\n1. e4 {c}\n\n1... e5 *\n\
                 1. e4 (1. d4\n\n1. c4) *\n1. f4 *\n\n1. g4 *\n\
                 [Event \"D\"]\r\n\r\n1. c4 c5 2. Nc3\r\n\r\n1. g3 *\r\n";
    let expected = [
        "1. e4 e5 2. Nf3 Nc6 { game A }",
        "1. d4 d5 { game B }",
        "1. c4",
        "1. e4 e5 1. d4",
        "1. e4 {c} 1... e5",
        "1. e4 ( 1. d4 1. c4 )",
        "1. f4",
        "1. g4",
        "1. c4 c5 2. Nc3 1. g3",
    ];
    for step in [usize::MAX, 64, 7, 1] {
        let games: Vec<RawGame> = RecordReader::new(Trickle { data: file, step }, Dialect::pgn())
            .map(Result::unwrap)
            .collect();
        let sketches: Vec<String> = games.iter().map(|g| sketch(g).join(" ")).collect();
        assert_eq!(sketches, expected, "reads of {step} bytes");
        let no_result: Vec<bool> = games.iter().map(|g| g.result().is_none()).collect();
        assert_eq!(
            no_result,
            [true, true, true, false, false, false, false, false, false]
        );
        assert!(
            games[1].text().starts_with("1. d4 d5"),
            "{:?}",
            games[1].text()
        );
        assert_eq!(games[1].first_line(), 4);
        assert!(
            games[0].warnings()[0]
                .message
                .starts_with("game has no result")
        );
    }
}

#[test]
fn junk_between_games_is_skipped_with_a_warning() {
    let items = read_all(
        b"[Event \"A\"]\n1. e4 *\n{ a comment after the game }\n\n[Event \"B\"]\n1. d4 *\n{ trailing }\n",
        &Dialect::pgn(),
    );
    assert_eq!(items.len(), 2);
    let b = items[1].as_ref().unwrap();
    assert_eq!(b.number(), 2);
    assert_eq!(
        b.warnings()[0].message,
        "skipped text at line 3 that holds no moves: `{ a comment after the game }`"
    );
    let mut reader = RecordReader::new(&b"1. e4 *\n{ trailing }\n"[..], Dialect::pgn());
    assert_eq!(reader.by_ref().count(), 1);
    assert_eq!(reader.trailing_warnings().len(), 1);
    // A long text is quoted in part, and the rest counted (a file's leading comment, as
    // pgn-extract's eco.pgn has one).
    let text = format!("{{{}}}\n\n[Event \"A\"]\n1. e4 *\n", "x".repeat(100));
    let game = one(&text);
    assert_eq!(
        game.warnings()[0].message,
        format!(
            "skipped text at line 1 that holds no moves: `{{{}` and 62 more bytes",
            "x".repeat(39)
        )
    );
}

#[test]
fn bom_crlf_and_latin1_are_repaired() {
    let mut bytes = b"\xEF\xBB\xBF[Event \"Caf\xE9\"]\r\n\r\n1. e4 e5 \xBD-\xBD\r\n".to_vec();
    bytes.extend_from_slice("[Event \"Café\"]\r\n\r\n1. d4 ½-½\r\n".as_bytes());
    let items = read_all(&bytes, &Dialect::pgn());
    assert_eq!(items.len(), 2);
    let a = items[0].as_ref().unwrap();
    assert_eq!(a.tag("Event").as_deref(), Some("Café"));
    assert_eq!(a.result().unwrap().text, "1/2-1/2");
    assert!(a.is_latin1());
    assert_eq!(a.offset(), 3);
    let messages: Vec<&str> = a.warnings().iter().map(|w| w.message.as_str()).collect();
    assert_eq!(
        messages,
        [
            "the value of tag Event is not UTF-8; read as Latin-1",
            "the movetext is not UTF-8 here; read as Latin-1 where it is not"
        ]
    );
    assert_eq!(a.slice(a.warnings()[0].span), "Café");
    assert_eq!(a.slice(a.warnings()[1].span), "½");
    let b = items[1].as_ref().unwrap();
    assert_eq!(
        (b.tag("Event").as_deref(), b.is_latin1()),
        (Some("Café"), false)
    );
    assert_eq!(b.first_line(), 4);
    assert!(b.warnings().is_empty());
}

#[test]
fn rendering_uses_file_lines() {
    let file = "[Event \"A\"]\n\n1. e4 *\n\n[Event \"B\"]\n[White \"W\"]\n\n1. d4 d5\n2. Kxe8 *\n";
    let games: Vec<RawGame> = RecordReader::new(file.as_bytes(), Dialect::pgn())
        .map(Result::unwrap)
        .collect();
    let b = &games[1];
    let kxe8 = b.moves().nth(2).unwrap();
    let diag = b.locate(
        Diagnostic::error(crate::Code::MoveIllegal, "illegal move", kxe8.span)
            .with_help("no king there"),
    );
    let whole = Diagnostic {
        span: kxe8.span.shift(b.offset() as usize),
        ..diag.clone()
    };
    assert_eq!(b.render(&diag, "f.pgn"), whole.render("f.pgn", file));
    assert!(
        b.render(&diag, "f.pgn")
            .contains(" --> f.pgn:9:4 (game 2: W - ?)")
    );
    // Past line 9 the gutter widens.
    let long = format!("{}{file}", "\n".repeat(100));
    let b = RecordReader::new(long.as_bytes(), Dialect::pgn())
        .nth(1)
        .unwrap()
        .unwrap();
    let kxe8 = b.moves().nth(2).unwrap();
    let diag = Diagnostic::warning(crate::Code::MoveSyntax, "odd", kxe8.span);
    let whole = Diagnostic {
        span: kxe8.span.shift(b.offset() as usize),
        ..diag.clone()
    };
    assert_eq!(b.render(&diag, "f.pgn"), whole.render("f.pgn", &long));
}

/// A source that hands out at most `step` bytes per read.
struct Trickle<'a> {
    data: &'a [u8],
    step: usize,
}

impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.step.min(buf.len()).min(self.data.len());
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

#[test]
fn streaming_in_small_reads_gives_the_same_games() {
    let mut file = Vec::new();
    for i in 0..300 {
        file.extend_from_slice(
            format!(
                "[Event \"{i}\"]\r\n\r\n1. e4 {{a comment\nover two lines}} e5 (1... c5 $1 (1... e6)) 2. P-R8(Q) ; note\n%skip\n{}\n\n",
                ["1-0", "*", "½-½"][i % 3]
            )
            .as_bytes(),
        );
        if i % 5 == 0 {
            // Games inside a line, which count the characters before them.
            file.extend_from_slice("1. c4 ½-½ 1. Nf3 * 1. g3 *\n".as_bytes());
        }
        if i % 7 == 0 {
            file.extend_from_slice(b"1. d4 d5\n\n");
        }
        if i % 11 == 0 {
            // A tag value wrapped onto the next line, which the reader looks ahead for.
            file.extend_from_slice(b"[Site \"a long\r\nvalue\"]\n\n1. b3 *\n\n");
        }
    }
    let whole: Vec<RawGame> = RecordReader::new(&file[..], Dialect::pgn())
        .map(Result::unwrap)
        .collect();
    assert_eq!(whole.len(), 300 + 43 + 60 * 3 + 28);
    assert!(
        whole
            .iter()
            .any(|g| g.tag("Site").as_deref() == Some("a long value"))
    );
    let columns: Vec<usize> = whole[1..4].iter().map(RawGame::first_column).collect();
    assert_eq!(columns, [0, 10, 19]);
    for step in [1, 3, 17, 4096] {
        let trickled: Vec<RawGame> =
            RecordReader::new(Trickle { data: &file, step }, Dialect::pgn())
                .map(Result::unwrap)
                .collect();
        assert_eq!(trickled, whole, "reads of {step} bytes");
    }
}

#[test]
fn oversized_games_are_skipped() {
    let mut file = b"[Event \"A\"]\n\n1. e4 {".to_vec();
    file.extend(std::iter::repeat_n(b'x', 300_000));
    file.extend_from_slice(b"} *\n\n[Event \"B\"]\n\n1. d4 *\n");
    let dialect = Dialect::pgn().with_max_game_bytes(100_000);
    let items: Vec<_> = RecordReader::new(
        Trickle {
            data: &file,
            step: 5000,
        },
        dialect,
    )
    .collect();
    assert_eq!(items.len(), 2);
    let Err(ReadError::Game(e)) = &items[0] else {
        panic!("{:?}", items[0])
    };
    assert_eq!(e.kind(), GameErrorKind::TooLarge { limit: 100_000 });
    assert_eq!(e.text(), "[Event \"A\"]");
    let b = items[1].as_ref().unwrap();
    assert_eq!(
        (b.number(), b.first_line(), b.tag("Event").as_deref()),
        (2, 5, Some("B"))
    );
}

#[test]
fn writer_numbers_and_wraps() {
    let game = one(
        "[Event \"E\"] [Black \"B\"] [White \"W\"] [ECO \"C20\"]\n1.e4 e5 {A comment that is long enough to need wrapping, since it goes on and on and on} 2.Nf3 $1 Nc6 (2...d6 3.d4) (2...Nf6) 3.Bb5 a6 1-0",
    );
    let out = write(&game, &Dialect::pgn());
    assert_eq!(
        out,
        "[Event \"E\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"W\"]\n[Black \"B\"]\n[Result \"1-0\"]\n[ECO \"C20\"]\n\n\
1. e4 e5 {A comment that is long enough to need wrapping, since it goes on and\n\
on and on} 2. Nf3 $1 Nc6 (2... d6 3. d4) (2... Nf6) 3. Bb5 a6 1-0\n\n"
    );
    assert!(out.lines().all(|l| l.chars().count() <= 80));
}

#[test]
fn writer_layout_corner_cases() {
    let pgn = Dialect::pgn();
    let mut out = String::new();
    let mut w = MovetextWriter::new(&mut out, &pgn, FirstMove::new(1, Color::White));
    w.start_variation();
    w.end_variation();
    w.move_token("e4");
    w.comment("a } inside");
    w.start_variation();
    w.start_variation();
    w.comment("");
    w.end_variation();
    w.move_token("d4");
    w.finish("*");
    assert_eq!(out, "() 1. e4 ;a } inside\n(({}) 1. d4) *\n\n");

    let mut out = String::new();
    let pdn = Dialect::pdn();
    let mut w = MovetextWriter::new(&mut out, &pdn, FirstMove::default());
    w.move_token("32-28");
    w.nag(Nag(1));
    w.nag(Nag(2));
    w.move_token("19-23");
    w.nag(Nag(14));
    w.comment("%escape-looking [Event \"x\"] words");
    w.finish("2-0");
    assert_eq!(
        out,
        "1. 32-28! ? 19-23 $14 {%escape-looking [Event \"x\"] words} 2-0\n\n"
    );
}

#[test]
fn writer_keeps_escape_and_tag_lookalikes_off_the_first_column() {
    let pgn = Dialect::pgn().with_line_width(20);
    for (text, expected) in [
        (
            "aaaaaaaaaaaaaaaaaa %x [Event \"y\"]",
            "1. e4\n{aaaaaaaaaaaaaaaaaa\n %x [Event \"y\"]} *\n\n",
        ),
        (
            "aaaaaaaaaaaaaaaaaa [Event \"y\"]",
            "1. e4\n{aaaaaaaaaaaaaaaaaa\n [Event \"y\"]} *\n\n",
        ),
    ] {
        let mut out = String::new();
        let mut w = MovetextWriter::new(&mut out, &pgn, FirstMove::default());
        w.move_token("e4");
        w.comment(text);
        w.finish("*");
        assert_eq!(out, expected);
        let game = read_all(out.as_bytes(), &pgn).remove(0).unwrap();
        let Some(Element::Comment(c)) = game.elements().nth(2) else {
            panic!("{game:?}")
        };
        assert_eq!(
            c.text.split_whitespace().collect::<Vec<_>>().join(" "),
            text
        );
        assert!(write(&game, &pgn).ends_with(&out));
    }
}

#[test]
fn written_games_read_back_the_same() {
    let samples = [
        "1. e4 e5!? {best [%clk 1:00:00]} (1... c5 $14 (1... e6 2. d4) 2. Nf3) 2. Nf3 ; line } comment\nNc6 *",
        "[SetUp \"1\"] [FEN \"x\"] 31... Qxb5 32. Bxf6 ( 32. Qxb5 ) Re1+ 0-1",
        "[Event \"a \\\\ b \\\" c\"] 1.P-K4 P-K4 2.P-R8(Q) e8(D) 3. RxB(N1) 1/2-1/2",
        "e4 %x 1-0",
        "1. e4 {} () $255 (({x}) e5) *",
    ];
    for sample in samples {
        for dialect in [
            Dialect::pgn(),
            Dialect::pdn(),
            Dialect::pgn().with_line_width(20),
        ] {
            let game = read_all(sample.as_bytes(), &dialect).remove(0).unwrap();
            let once = write(&game, &dialect);
            let again = read_all(once.as_bytes(), &dialect).remove(0).unwrap();
            assert_eq!(write(&again, &dialect), once, "{sample}");
            assert_eq!(sketch_moves(&again), sketch_moves(&game), "{sample}");
        }
    }
}

fn sketch_moves(game: &RawGame) -> Vec<String> {
    sketch(game)
        .into_iter()
        .filter(|s| !s.ends_with('.') && !s.starts_with('{'))
        .collect()
}

/// Every item of `input` read as the reader reads it, and with every game parsed again by the
/// parser, in `step`-byte reads; `Debug` text, which shows every field.
fn both_ways(input: &[u8], dialect: &Dialect, step: usize) -> [Vec<String>; 2] {
    [false, true].map(|again| {
        let source = Trickle { data: input, step };
        let mut reader = RecordReader::new(source, dialect.clone());
        if again {
            reader = reader.parse_every_game();
        }
        let mut items: Vec<String> = reader.by_ref().map(|item| format!("{item:?}")).collect();
        items.push(format!("{:?}", reader.trailing_warnings()));
        items
    })
}

/// The splitter reads most games in one pass; the parser must find exactly the same in them, and
/// the games the splitter leaves to the parser must come out as before.
#[test]
fn games_read_in_one_pass_match_the_parser() {
    let dialects = [
        Dialect::pgn(),
        Dialect::pdn(),
        Dialect::pgn().with_max_depth(2),
    ];
    let mut inputs: Vec<Vec<u8>> = vec![
        include_bytes!("../../../../docs/record-syntax.md").to_vec(),
        b"[Event \"A\"]\n[Result \"1-0\"]\n\n1. e4 e5!? {c [%clk 1:00:00]} (1... c5 $14 (1... e6)) 2. Nf3 ; line\r\nNc6 1-0\n".to_vec(),
        b"[A \"1 e4 *\n[B \"2\"] e4 *".to_vec(),
        b"e4 ; trailing  \r\n\n[Event \"x\"]\ne4 ;end   ".to_vec(),
        b"[Event \"x   \n".to_vec(),
        b"[Event \"x\"]   \n\n".to_vec(),
        b"e4 (d4 (c4 (b4))) * e4 (d4 (c4)) $256 * e4 } * e4 ) * e4 (d4".to_vec(),
    ];
    // Long runs of plain movetext too, which the splitter reads 64 bytes at a time.
    const PLAIN: &[&[u8]] = &[
        b" ",
        b" ",
        b" ",
        b"\n",
        b"\r\n",
        b"\t",
        b"  ",
        b"e4",
        b"Nf3",
        b"exd8=Q+",
        b"12.",
        b"3...",
        b"1-0",
        b"*",
        b"\xC2\xBD-\xC2\xBD",
        b"e4!",
        b"Kf1??",
        b"!?",
        b"1.e4",
        b"0-0-0",
        b"a123456789b123456789c123456789d123456789e123456789f123456789g123456789",
        // Comments as lichess writes them, read from the same 64-byte blocks when they close
        // in them or the next; one running past both, and ones holding line ends, where a tag
        // line ends the game.
        b"{ [%clk 0:02:57] }",
        b"{ [%eval -1.12] [%clk 0:02:34] }",
        b"{}",
        b"{ [%eval 0.17] [%clk 0:10:00] a remark long enough to run past two blocks of the walk, and further on }",
        b"{ two\nlines }",
        b"{ open\n[Event \"x\"]\n}",
        b"{ [%clk 0:01:00] }\r\n",
        // Near misses of the clock comment whose end is found without a search: a `}` or a
        // line end where the time is, no space before the `}`, a longer time.
        b"{ [%clk 0:0}:57] }",
        b"{ [%clk 0:02:5\n] }",
        b"{ [%clk 0:02:57]}",
        b"{ [%clk 10:02:57] }",
        b"{ [%clk 0:02:57] }}",
    ];
    let mut rng = Rng::new(0x853C_49E6_748F_EA9B);
    for round in 0..2000 {
        let mut input = Vec::new();
        let plain = round % 2 == 0;
        for _ in 0..rng.below(if plain { 200 } else { 80 }) {
            if rng.below(if plain { 40 } else { 12 }) == 0 {
                input.push(rng.below(256) as u8);
            } else if plain && rng.below(20) != 0 {
                input.extend_from_slice(PLAIN[rng.below(PLAIN.len())]);
            } else {
                input.extend_from_slice(FRAGMENTS[rng.below(FRAGMENTS.len())]);
            }
        }
        inputs.push(input);
    }
    for (n, input) in inputs.iter().enumerate() {
        for dialect in &dialects {
            let step = [1, 2, 5, 64, 1 << 20][n % 5];
            let [one_pass, parsed] = both_ways(input, dialect, step);
            assert_eq!(
                one_pass,
                parsed,
                "input {:?}, reads of {step} bytes",
                String::from_utf8_lossy(input)
            );
        }
    }
}

/// `item` numbered as game `count + 1` of its file.
fn renumbered(item: Result<RawGame, ReadError>, count: &mut usize) -> String {
    *count += 1;
    match item {
        Ok(game) => format!("{:?}", Ok::<_, ()>(game.renumbered(*count))),
        Err(ReadError::Game(e)) => format!("{:?}", Err::<(), _>(e.renumbered(*count))),
        Err(e) => {
            *count -= 1;
            format!("{e:?}")
        }
    }
}

/// The items of `input` read in parts cut at `cuts` (line starts, increasing), each part read
/// on its own with `lookahead` bytes of the next, then stitched, as the CLI does on many cores.
fn in_parts(input: &[u8], dialect: &Dialect, cuts: &[usize], lookahead: usize) -> Vec<String> {
    let mut bounds = vec![0];
    bounds.extend(cuts.iter().copied().filter(|&c| c > 0 && c < input.len()));
    bounds.dedup();
    bounds.push(input.len());
    let mut origin = Origin::START;
    // What each part's reader gives on its own: its items, and its reader when its end was not
    // found to be a boundary.
    let mut parts = Vec::new();
    for w in bounds.windows(2) {
        let (start, end) = (w[0], w[1]);
        let last = end == input.len();
        let limit = (!last).then_some(end as u64);
        let mut reader = PartReader::new(dialect.clone(), origin, limit);
        let seen = (end + lookahead).min(input.len());
        reader.feed(start as u64, &input[start..seen]);
        if seen == input.len() {
            reader.finish(None);
        }
        let mut items = Vec::new();
        let carry = loop {
            match reader.step() {
                PartStep::Game(item) => items.push(item),
                PartStep::Boundary { at, clean } if clean && Some(at) == limit => break None,
                PartStep::Boundary { .. } | PartStep::NeedInput => break Some(reader),
                PartStep::End => {
                    assert!(last || seen == input.len(), "a part ended before the input");
                    break Some(reader);
                }
            }
        };
        parts.push((start, end, limit, items, carry));
        origin = origin.after(&input[start..end]);
    }
    let mut stitcher = Stitcher::new();
    let mut out = Vec::new();
    let mut count = 0;
    let mut trailing = None;
    for (start, end, limit, items, carry) in parts {
        let stands = stitcher.part(start as u64, &input[start..end], limit, None, |item| {
            out.push(renumbered(item, &mut count));
        });
        if stands {
            for item in items {
                out.push(renumbered(item, &mut count));
            }
            match carry {
                Some(reader) if limit.is_none() => {
                    trailing = Some(reader.trailing_warnings().to_vec());
                }
                carry => stitcher.then(carry),
            }
        }
    }
    let trailing = stitcher
        .trailing()
        .map(<[_]>::to_vec)
        .or(trailing)
        .unwrap_or_default();
    out.push(format!("{trailing:?}"));
    out
}

/// The items of `input` read whole, as [`in_parts`] gives them.
fn whole(input: &[u8], dialect: &Dialect) -> Vec<String> {
    let mut reader = RecordReader::new(input, dialect.clone());
    let mut count = 0;
    let mut out: Vec<String> = reader
        .by_ref()
        .map(|item| renumbered(item, &mut count))
        .collect();
    out.push(format!("{:?}", reader.trailing_warnings()));
    out
}

/// Read in parts cut anywhere at a line start, guessed well or badly, a file gives what it
/// gives read whole: the games, their numbers, lines, offsets and warnings, in order.
#[test]
fn parts_read_as_the_whole() {
    const PIECES: &[&[u8]] = &[
        b"[Event \"x\"]\n",
        b"[Site \"y\"]\n",
        b"\n",
        b"\n\n",
        b"1. e4 e5 ",
        b"2. Nf3 ",
        b"1-0\n",
        b"*\n",
        b"{ a comment\n",
        b"[Event \"in a comment\"] }\n",
        b"}\n",
        b"( 1... c5 ",
        b") ",
        b"; line [Event \"z\"]\n",
        b"% escape\n",
        b"[pgn]\n",
        b"[/pgn]\n",
        b"{ only a comment }\n",
        b"\xEF\xBB\xBF",
        b"\xE9",
        b"1. O\xE2\x80\x91O ",
        b"[Event \"x\"] 1. d4 *\n",
        b"$300 ",
        b"[White \"a\"]\n[Black \"b\"]\n",
    ];
    let mut rng = Rng::new(0x2545_F491_4F6C_DD1D);
    let dialects = [Dialect::pgn(), Dialect::pdn()];
    for round in 0..1500 {
        let mut input = Vec::new();
        for _ in 0..rng.below(60) {
            input.extend_from_slice(PIECES[rng.below(PIECES.len())]);
        }
        let line_starts: Vec<usize> = (1..input.len())
            .filter(|&i| input[i - 1] == b'\n')
            .collect();
        let mut cuts: Vec<usize> = match round % 3 {
            // Anywhere at a line start.
            0 if !line_starts.is_empty() => (0..rng.below(6))
                .map(|_| line_starts[rng.below(line_starts.len())])
                .collect(),
            // Where a game likely starts.
            _ => {
                let mut cuts = Vec::new();
                let mut at = 1;
                while let Some(cut) = game_start_at_or_after(&input, at) {
                    if rng.below(2) == 0 {
                        cuts.push(cut);
                    }
                    at = cut + 1;
                }
                cuts
            }
        };
        cuts.sort_unstable();
        let dialect = &dialects[round % 2];
        let lookahead = [0, 1, 16, 4096][rng.below(4)];
        assert_eq!(
            in_parts(&input, dialect, &cuts, lookahead),
            whole(&input, dialect),
            "input {:?}, cut at {cuts:?}, lookahead {lookahead}",
            String::from_utf8_lossy(&input)
        );
    }
}

/// A file of many games cut every few hundred bytes where a game likely starts reads as whole,
/// every cut a boundary.
#[test]
fn guessed_cuts_are_boundaries_in_an_ordinary_file() {
    let mut file = Vec::new();
    for i in 0..200 {
        file.extend_from_slice(
            format!("[Event \"{i}\"]\n[Site \"s\"]\n\n1. e4 {{c}} e5 (1... c5) 2. Nf3 1-0\n\n")
                .as_bytes(),
        );
    }
    let mut cuts = Vec::new();
    let mut at = 1;
    while let Some(cut) = last_game_start(&file[..(at + 150).min(file.len())], at) {
        cuts.push(cut);
        at = cut + 1;
    }
    assert!(cuts.len() > 80, "{} cuts", cuts.len());
    assert_eq!(
        in_parts(&file, &Dialect::pgn(), &cuts, 4096),
        whole(&file, &Dialect::pgn())
    );
}

/// Reads the file `SCORESHEET_READ_FILE` with the splitter (`SCORESHEET_READ_MODE=splitter`),
/// with the parser on every game (`parser`), or only loads it (`none`), for counting the
/// instructions of the read path under callgrind (see docs/performance.md):
/// `cargo test --release -p board-core --lib read_path_for_callgrind -- --ignored`.
#[test]
#[ignore = "a measurement, run by hand under callgrind"]
fn read_path_for_callgrind() {
    let Some(path) = std::env::var_os("SCORESHEET_READ_FILE") else {
        return;
    };
    let bytes = std::fs::read(path).unwrap();
    let mode = std::env::var("SCORESHEET_READ_MODE").unwrap_or_default();
    let reader = RecordReader::new(&bytes[..], Dialect::pgn());
    let reader = match mode.as_str() {
        "none" => return,
        "parser" => reader.parse_every_game(),
        _ => reader,
    };
    let mut moves = 0;
    for game in reader {
        moves += game.map_or(0, |g| g.moves().count());
    }
    assert!(moves > 0);
}

/// A file that glues its moves to their numbers (`12.e4`, as TWIC and ChessBase write) reads
/// them in the blocks' own loop once the first is found: every game of such a file comes out
/// as the parser reads it, with moves glued and spaced, and tokens the loop leaves to the
/// splitter (results, glyphs, comments) among them.
#[test]
fn glued_files_read_as_the_parser_reads_them() {
    let game = |n: usize| {
        format!(
            "[Event \"Glued {n}\"]\n[Result \"1-0\"]\n\n1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Ba4 Nf6 5.O-O \
             Be7 6.Re1 b5 7.Bb3 d6 8.c3 O-O 9.h3 Nb8 10.d4 Nbd7 11.c4 c6 12.cxb5 axb5 13.Nc3 \
             Bb7 14.Bg5 b4 15.Nb1 h6 16.Bh4 c5 17.dxe5 Nxe4 18.Bxe7 Qxe7 19.exd6 Qf6 20.\n\
             Nbd2 Nxd6 21.Nc4 Nxc4 22.Bxc4 Nb6 23.Ne5 Rae8 24.Bxf7+ Rxf7 25.Nxf7 Rxe1+ 26.\
             Qxe1 Kxf7 27.Qe3 Qg5 28.Qxg5 hxg5 29.b3 Ke6 30.a3 Kd6 31.axb4 cxb4 32.Ra5 Nd5 33.\
             f3 Bc8 34.Kf2 Bf5 35.Ra7 g6 36.Ra6+ Kc5 37.Ke1 Nf4 38.g3 Nxh3 39.Kd2 Kb5 40.Rd6 \
             Kc5 41.Ra6 Nf2 42.g4 Bd3 43.Re6 {{a comment}} 43...Kd5 44.Re8 Kd6 45.Re5!? $1 \
             Bf1 46.Rxg5 1-0\n\n"
        )
    };
    let input: String = (0..6).map(game).collect();
    for dialect in [Dialect::pgn(), Dialect::pgn().with_max_depth(2)] {
        for step in [7, 64, 1 << 20] {
            let [one_pass, parsed] = both_ways(input.as_bytes(), &dialect, step);
            assert_eq!(one_pass, parsed, "reads of {step} bytes");
            // Six games, and no warning after them.
            let (trailing, games) = one_pass.split_last().unwrap();
            assert_eq!(games.len(), 6);
            assert!(
                games.iter().all(|item| item.starts_with("Ok(")),
                "{games:?}"
            );
            assert_eq!(trailing, "[]");
        }
    }
}
