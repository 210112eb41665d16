//! Whole games through the replay: English to French and back is the identity on moves, tags,
//! comments, NAGs, variations, draw offers and results, over random legal games; the same
//! through every letter table; and a French game typed as a club player types it converts to
//! clean English PGN and back.
//!
//! The expected files under `corpus/fr/` are checked in; `SCORESHEET_BLESS=1 cargo test`
//! rewrites them after a deliberate change.

use std::path::PathBuf;

use board_core::{Dialect, FirstMove, MovetextWriter, Notation, RecordReader, Rules, write_tags};
use chess_rules::{Move, Position};
use notation_en::{Algebraic, LANGUAGES};
use notation_fr::{Conversion, French, ResultSpelling, convert};
use testkit::Rng;

const SET_UPS: [&str; 3] = [
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    // Black to move, from move 30: the first number is `30...`.
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 b - - 0 30",
];

const COMMENTS: [&str; 4] = [
    "the main line",
    "[%clk 0:12:34]",
    "a comment with } inside",
    "Martin thought for 20 minutes [%eval 0.35]",
];

/// Plays random moves from `pos` through `w`, with NAGs, comments, draw offers and, when
/// `depth` allows, variations; returns the final position.
fn play(
    rng: &mut Rng,
    w: &mut MovetextWriter<'_>,
    mut pos: Position,
    plies: usize,
    depth: u32,
) -> Position {
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.below(moves.len())];
        w.move_token(&Algebraic::ENGLISH.to_text(&pos, &mv));
        if rng.chance(8) {
            w.comment(board_core::DRAW_OFFER_COMMENT);
        }
        if rng.chance(10) {
            w.nag_value([1, 2, 3, 4, 5, 6, 14, 18, 146][rng.below(9)]);
        }
        if rng.chance(8) {
            let text = COMMENTS[rng.below(COMMENTS.len())];
            w.comment(text);
        }
        if depth > 0 && moves.len() > 1 && rng.chance(6) {
            let others: Vec<Move> = moves.iter().copied().filter(|m| *m != mv).collect();
            let alternative = others[rng.below(others.len())];
            w.start_variation();
            w.move_token(&Algebraic::ENGLISH.to_text(&pos, &alternative));
            let mut side = pos;
            side.play_unchecked(alternative);
            let length = rng.below(4);
            play(rng, w, side, length, depth - 1);
            w.end_variation();
        }
        pos.play_unchecked(mv);
    }
    pos
}

/// A random game as English PGN text, written in the export layout.
fn random_game(rng: &mut Rng, index: usize) -> String {
    let dialect = Dialect::pgn();
    let set_up = rng.chance(25).then(|| SET_UPS[rng.below(SET_UPS.len())]);
    let start: Position = set_up.map_or_else(Position::new, |fen| fen.parse().unwrap());
    let mut movetext = String::new();
    let mut w = MovetextWriter::new(
        &mut movetext,
        &dialect,
        FirstMove::new(start.fullmoves(), start.turn()),
    );
    let plies = rng.below(120);
    let end = play(rng, &mut w, start, plies, 2);
    let wanted = ["1-0", "0-1", "1/2-1/2", "*"][rng.below(4)];
    let result = if end.is_checkmate() {
        if end.turn() == chess_rules::Color::White {
            "0-1"
        } else {
            "1-0"
        }
    } else if end.is_stalemate() {
        "1/2-1/2"
    } else if end.result_conflict(wanted).is_some() {
        "*"
    } else {
        wanted
    };
    w.finish(result);
    let mut tags: Vec<(String, String)> = vec![
        ("Event".into(), format!("Random game {index}")),
        ("Date".into(), format!("2024.03.{:02}", 1 + index % 28)),
        ("White".into(), "Martin, Julien".into()),
        ("Black".into(), "Bernard, Léa".into()),
        ("WhiteElo".into(), (1200 + rng.below(1000)).to_string()),
    ];
    if let Some(fen) = set_up {
        tags.push(("SetUp".into(), "1".into()));
        tags.push(("FEN".into(), fen.into()));
    }
    let mut out = String::new();
    write_tags(&mut out, &dialect, &tags, result);
    out.push_str(&movetext);
    out
}

/// Converts every game of `text`, returning the output and the rendered diagnostics.
fn run<S, T>(
    text: &str,
    source: &S,
    target: &T,
    conversion: &Conversion<'_>,
) -> (String, Vec<String>)
where
    S: Notation<Position = Position, Move = Move>,
    T: Notation<Position = Position, Move = Move>,
{
    let mut out = String::new();
    let mut messages = Vec::new();
    for game in RecordReader::new(text.as_bytes(), conversion.dialect.clone()) {
        let game = game.unwrap_or_else(|e| panic!("{e}\n{text}"));
        let replayed = convert(&game, source, target, conversion, &mut out);
        messages.extend(replayed.diagnostics.iter().map(ToString::to_string));
    }
    (out, messages)
}

#[test]
fn english_to_french_and_back_is_the_identity() {
    let dialect = Dialect::pgn();
    let plain = Conversion::plain(&dialect);
    let sheet = Conversion {
        results: ResultSpelling::Scoresheet,
        ..Conversion::plain(&dialect)
    };
    let club = French::STANDARD
        .with_castling_zeros(true)
        .with_promotion_equals(false)
        .with_en_passant_mark(true);
    let mut rng = Rng::new(0xfeed_5eed_0bad_cafe);
    let (mut offers, mut draws, mut variations) = (0, 0, 0);
    for index in 0..400 {
        let english = random_game(&mut rng, index);
        // The generator writes what the writer writes: English to English changes nothing.
        let (again, messages) = run(&english, &Algebraic::ENGLISH, &Algebraic::ENGLISH, &plain);
        assert!(messages.is_empty(), "{messages:?}\n{english}");
        assert_eq!(again, english);

        for french in [French::STANDARD, club] {
            let (fr, messages) = run(&english, &Algebraic::ENGLISH, &french, &sheet);
            assert!(messages.is_empty(), "{messages:?}\n{english}");
            let (back, messages) = run(&fr, &french, &Algebraic::ENGLISH, &plain);
            assert!(messages.is_empty(), "{messages:?}\n{fr}");
            assert_eq!(back, english, "through\n{fr}");
            // The draw offers travel as `=`, not as comments.
            assert!(!fr.contains("{(=)}"), "{fr}");
            if english.contains("{(=)}") {
                offers += 1;
                assert!(fr.contains("= ") || fr.contains("=\n"), "{fr}");
            }
            if english.ends_with("1/2-1/2\n\n") {
                draws += 1;
                assert!(fr.ends_with("½-½\n\n") && fr.contains("[Result \"1/2-1/2\"]"));
            }
            variations += usize::from(english.contains('('));
        }
    }
    assert!(
        offers > 100 && draws > 50 && variations > 100,
        "{offers} {draws} {variations}"
    );
}

#[test]
fn english_to_every_language_and_back_is_the_identity() {
    let dialect = Dialect::pgn();
    let plain = Conversion::plain(&dialect);
    let mut rng = Rng::new(0x1357_9bdf_2468_ace0);
    for index in 0..60 {
        let english = random_game(&mut rng, index);
        for letters in LANGUAGES
            .into_iter()
            .chain([notation_en::PieceLetters::FIGURINE])
        {
            let target = Algebraic::with_letters(letters);
            let (text, messages) = run(&english, &Algebraic::ENGLISH, &target, &plain);
            assert!(messages.is_empty(), "{}: {messages:?}", letters.name());
            let (back, messages) = run(&text, &target, &Algebraic::ENGLISH, &plain);
            assert!(
                messages.is_empty(),
                "{}: {messages:?}\n{text}",
                letters.name()
            );
            assert_eq!(back, english, "{} through\n{text}", letters.name());
        }
    }
}

fn corpus(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../corpus/fr")
        .join(name)
}

/// Compares `actual` with the checked-in file, or writes it when blessing.
fn expect_file(name: &str, actual: &str) {
    let path = corpus(name);
    if std::env::var_os("SCORESHEET_BLESS").is_some() {
        std::fs::write(&path, actual).unwrap();
        return;
    }
    let expected =
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert_eq!(actual, expected, "{name}");
}

#[test]
fn a_club_players_file_converts_to_clean_english_and_back() {
    let typed = std::fs::read_to_string(corpus("club-game.pgn")).unwrap();
    let dialect = Dialect::pgn();
    let (english, messages) = run(
        &typed,
        &French::STANDARD,
        &Algebraic::ENGLISH,
        &Conversion::from_scoresheet(&dialect),
    );
    // Every form the player used is one the documents give as correct (`cxb3 e.p.`, `bxc1D`,
    // `0-0`, `+` left out): nothing to warn about.
    assert!(messages.is_empty(), "{messages:?}");
    expect_file("club-game.en.pgn", &english);

    // Clean English is a fixed point of English, and reads back into clean French.
    let plain = Conversion::plain(&dialect);
    let (again, messages) = run(&english, &Algebraic::ENGLISH, &Algebraic::ENGLISH, &plain);
    assert!(messages.is_empty(), "{messages:?}");
    assert_eq!(again, english);
    let sheet = Conversion {
        results: ResultSpelling::Scoresheet,
        ..Conversion::plain(&dialect)
    };
    let (french, messages) = run(&english, &Algebraic::ENGLISH, &French::STANDARD, &sheet);
    assert!(messages.is_empty(), "{messages:?}");
    expect_file("club-game.fr.pgn", &french);
    let (back, messages) = run(&french, &French::STANDARD, &Algebraic::ENGLISH, &plain);
    assert!(messages.is_empty(), "{messages:?}");
    assert_eq!(back, english);
}

#[test]
fn errors_name_the_move_and_append_nothing() {
    let dialect = Dialect::pgn();
    let text = "[Blancs \"A\"]\n\n1. e4 e5 2. Nf3 *\n";
    let (out, messages) = run(
        text,
        &French::STANDARD,
        &Algebraic::ENGLISH,
        &Conversion::from_scoresheet(&dialect),
    );
    assert!(out.is_empty(), "{out}");
    assert_eq!(
        messages,
        [
            "error: \"Nf3\" does not start with a French piece letter (R roi, D dame, T tour, F fou, \
          C cavalier; none for a pawn) (N is the English knight: C in French) (game 1)"
        ]
    );
}

#[test]
fn header_values_that_do_not_read_are_kept_and_reported() {
    let dialect = Dialect::pgn();
    let text = "[Date \"17/13/2024\"]\n[Ronde \"2\"]\n[Round \"3\"]\n\n1. e4 *\n";
    let (out, messages) = run(
        text,
        &French::STANDARD,
        &Algebraic::ENGLISH,
        &Conversion::from_scoresheet(&dialect),
    );
    assert!(out.contains("[Date \"17/13/2024\"]\n"), "{out}");
    assert!(
        out.contains("[Round \"2\"]\n") && !out.contains("[Round \"3\"]"),
        "{out}"
    );
    assert_eq!(
        messages,
        [
            "warning: tag Date: \"17/13/2024\" is not a date (17/03/2024, 17.03.2024 or 17 mars \
             2024); kept as written (game 1)",
            "warning: a second Round tag (Round): dropped (game 1)",
        ]
    );
}

/// The rules' set-up is what the writer numbers from: a game from a FEN with Black to move.
#[test]
fn set_up_games_keep_their_numbering() {
    let fen = SET_UPS[2];
    let text = format!("[FEN \"{fen}\"]\n\n30... Tg5 31. Tb1 *\n");
    let dialect = Dialect::pgn();
    let (out, messages) = run(
        &text,
        &French::STANDARD,
        &Algebraic::ENGLISH,
        &Conversion::plain(&dialect),
    );
    assert!(messages.is_empty(), "{messages:?}");
    assert!(out.ends_with("\n30... Rg5 31. Rb1 *\n\n"), "{out}");
    let position: Position = fen.parse().unwrap();
    assert_eq!(position.move_number(), 30);
}
