//! Golden cases of the notation inside whole records: signs kept as written through a
//! conversion, the strict PDN 3.0 dialect, nested variations, the capture that needs its path,
//! promotion, and the errors of the replay.

use board_core::{Dialect, Notation, Notes, Output, RecordReader, replay};
use draughts_rules::{Color, Piece, Position, Role, Square};
use notation_manoury::{GLUED_SIGNS, Manoury};

/// Converts `text` with Manoury both ways in `dialect`: the output and the diagnostics.
fn convert_in(text: &str, dialect: &Dialect) -> (String, Vec<String>) {
    let mut out = String::new();
    let mut messages = Vec::new();
    for game in RecordReader::new(text.as_bytes(), dialect.clone()) {
        let game = game.unwrap();
        let replayed = replay::<Position, _, _>(
            &game,
            &Manoury,
            Some(Output {
                notation: &Manoury,
                dialect,
                out: &mut out,
            }),
        );
        messages.extend(replayed.diagnostics.iter().map(ToString::to_string));
    }
    (out, messages)
}

fn convert(text: &str) -> (String, Vec<String>) {
    convert_in(text, &notation_manoury::dialect())
}

fn movetext(out: &str) -> &str {
    out.trim_end()
}

#[test]
fn every_sign_survives_a_conversion_as_written() {
    let glyphs = ["!", "?", "!!", "??", "!?", "?!"];
    let signs = glyphs
        .into_iter()
        .chain(GLUED_SIGNS.iter().map(|(_, s)| *s));
    for sign in signs {
        let text = format!("1. 32-28{sign} 19-23{sign} 2. 28x19{sign} *");
        let (out, messages) = convert(&text);
        assert!(messages.is_empty(), "{sign}: {messages:?}");
        assert_eq!(movetext(&out), text, "{sign}");
    }
}

#[test]
fn the_strict_dialect_writes_nags() {
    let (out, messages) = convert_in("1. 32-28* 19-23! 2. 28x19+- 14x23+2 *", &Dialect::pdn());
    assert!(messages.is_empty(), "{messages:?}");
    assert_eq!(
        movetext(&out),
        "1. 32-28 $7 19-23! 2. 28x19 $18 14x23 $1002 *"
    );
    // Both forms read back the same.
    let (again, _) = convert(&out);
    assert_eq!(movetext(&again), "1. 32-28* 19-23! 2. 28x19+- 14x23+2 *");
}

#[test]
fn nested_variations_convert() {
    // The `variation.pdn` case of the PDN 3.0 test files, with leading zeros and `:`.
    let text = "32-28 19-23 (18-23 38-32 (37-32? 23-29! { Black wins }) 12-18) 28:19 14x23";
    let (out, messages) = convert(text);
    assert_eq!(
        movetext(&out),
        "1. 32-28 19-23 (1... 18-23 2. 38-32 (2. 37-32? 23-29! {Black wins}) 2... 12-18)\n\
         2. 28x19 14x23 *"
    );
    assert_eq!(
        messages,
        ["warning: 28:19: capture written with ':' (game 1)"]
    );
}

#[test]
fn a_capture_that_shares_its_ends_is_written_with_its_path() {
    // The example of the PDN 3.0 standard.
    let text = "[FEN \"W:WK47:B14,19,27,33,42\"]\n1. 47x38x24x13x36 *";
    let (out, messages) = convert(text);
    assert!(messages.is_empty(), "{messages:?}");
    assert!(out.ends_with("1. 47x38x24x13x36 *\n\n"), "{out}");
    let (_, messages) = convert("[FEN \"W:WK47:B14,19,27,33,42\"]\n1. 47x36 *");
    assert_eq!(
        messages,
        ["error: ambiguous move 47x36: could be 47x38x20x9x36 or 47x38x24x13x36 (game 1)"]
    );
}

#[test]
fn a_man_that_passes_the_far_row_stays_a_man() {
    let pos: Position = "W:W12:B8,9".parse().unwrap();
    let mut notes = Notes::default();
    let mv = Manoury.parse(&pos, "12x3x14", &mut notes).unwrap();
    assert_eq!(Manoury.to_text(&pos, &mv), "12x14");
    assert_eq!(mv.path(), [Square::new(3), Square::new(14)]);
    let mut after = pos;
    after.play_unchecked(&mv);
    assert_eq!(
        after.piece_at(Square::new(14)),
        Some(Piece::new(Color::White, Role::Man))
    );
    // Ending on the far row crowns.
    let pos: Position = "W:W12:B8".parse().unwrap();
    let mv = Manoury.parse(&pos, "12x3", &mut notes).unwrap();
    let mut after = pos;
    after.play_unchecked(&mv);
    assert_eq!(
        after.piece_at(Square::new(3)),
        Some(Piece::new(Color::White, Role::King))
    );
}

#[test]
fn replay_errors_point_at_the_token() {
    let text = "[GameType \"20\"]\n\n1. 32-28 19-23 2. 33-29 *\n";
    let game = RecordReader::new(text.as_bytes(), Dialect::pdn())
        .next()
        .unwrap()
        .unwrap();
    let replayed = replay::<Position, _, Manoury>(&game, &Manoury, None);
    let [error] = replayed.diagnostics.as_slice() else {
        panic!("{:?}", replayed.diagnostics)
    };
    assert_eq!(
        game.render(error, "game.pdn"),
        "error: illegal move 33-29: a capture is mandatory\n --> game.pdn:3:19 (game 1)\n  |\n\
         3 | 1. 32-28 19-23 2. 33-29 *\n  |                   ^^^^^\n  = help: legal moves that \
         come closest: 28x19\n"
    );
}

#[test]
fn a_setup_inside_the_movetext_is_refused_at_its_place() {
    let text = "1. 32-28 /FEN \"B:W28,31-50:B1-20\"/ 19-23 *";
    let game = RecordReader::new(text.as_bytes(), Dialect::pdn())
        .next()
        .unwrap()
        .unwrap();
    let replayed = replay::<Position, _, Manoury>(&game, &Manoury, None);
    let error = &replayed.diagnostics[0];
    assert_eq!(&text[error.span.range()], "/FEN");
}

/// Found by the `notation_manoury` fuzz target in CI: `?` then `!` glued would read back as the
/// one sign `?!`, so the writer keeps the second in parentheses, which reads back as written.
#[test]
fn signs_that_would_merge_stay_apart() {
    use notation_manoury::ManouryPlus;

    let plus: ManouryPlus = "32-28?(!)*".parse().unwrap();
    assert_eq!(plus.signs.len(), 3);
    assert!(plus.lenience.is_empty());
    assert_eq!(plus.to_string(), "32-28?(!)*");
    let merged: ManouryPlus = "32-28?!*".parse().unwrap();
    assert_eq!(merged.signs.len(), 2);
    let needless: ManouryPlus = "32-28(!)".parse().unwrap();
    assert!(!needless.lenience.is_empty());
    assert_eq!(needless.to_string(), "32-28!");
}
