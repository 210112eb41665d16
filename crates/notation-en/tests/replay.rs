//! The replay through English notation: draw offers, detached `e.p.`, variations and errors.

use board_core::{Dialect, Notation, Output, RecordReader, replay};
use chess_rules::Position;
use notation_en::{Algebraic, Uci};

fn convert<T>(source: &str, target: &T) -> (String, Vec<String>)
where
    T: board_core::Notation<Position = Position, Move = chess_rules::Move>,
{
    convert_from(&Algebraic::ENGLISH, source, target)
}

/// [`convert`] from the notation `from` instead of English SAN.
fn convert_from<F, T>(from: &F, source: &str, target: &T) -> (String, Vec<String>)
where
    F: board_core::Notation<Position = Position, Move = chess_rules::Move>,
    T: board_core::Notation<Position = Position, Move = chess_rules::Move>,
{
    let dialect = Dialect::pgn();
    let mut out = String::new();
    let mut messages = Vec::new();
    for game in RecordReader::new(source.as_bytes(), Dialect::pgn()) {
        let game = game.unwrap();
        let replayed = replay::<Position, _, _>(
            &game,
            from,
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

/// Long algebraic typed with spaces around its dash or capture sign (an Italian web page's
/// `1.e2 - e4, e7 - e5`): the three tokens read as one move, each said written apart.
#[test]
fn long_algebraic_with_spaces_around_the_dash_is_read() {
    let (out, messages) = convert(
        "1. e2 - e4 e7 - e5 2. Ng1 - f3 Nb8 - c6 3. d2 - d4 e5 x d4 *",
        &Algebraic::ENGLISH,
    );
    assert_eq!(movetext(&out), "1. e4 e5 2. Nf3 Nc6 3. d4 exd4 *");
    assert!(
        messages.contains(
            &"warning: e2 - e4: a move written with spaces around its dash or capture sign \
              (and 5 more in this game: e7 - e5, Ng1 - f3, Nb8 - c6, d2 - d4, e5 x d4) (game 1)"
                .to_owned()
        ),
        "{messages:?}"
    );
    // A dash alone with nothing after it that reads is no move.
    let (_, messages) = convert("1. e4 - *", &Algebraic::ENGLISH);
    assert!(
        messages.iter().any(|m| m.starts_with("error")),
        "{messages:?}"
    );
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

/// A null move goes to UCI as UCI writes one, `0000` (engines and python-chess write a pass
/// so), not `--`; the record's reader takes `0000` for a move, not a move number, so it reads
/// back as a null move in UCI and in SAN.
#[test]
fn null_moves_go_to_uci_as_0000_and_back() {
    let (out, messages) = convert("1. e4 Z0 2. d4 -- *", &Uci::STANDARD);
    assert!(messages.is_empty(), "{messages:?}");
    assert_eq!(movetext(&out), "1. e2e4 0000 2. d2d4 0000 *");
    let (back, messages) = convert_from(&Uci::STANDARD, &out, &Algebraic::ENGLISH);
    assert!(messages.is_empty(), "{messages:?}");
    assert_eq!(movetext(&back), "1. e4 -- 2. d4 -- *");
    let (san, messages) = convert("1. e4 0000 2. d4 *", &Algebraic::ENGLISH);
    assert!(messages.is_empty(), "{messages:?}");
    assert_eq!(movetext(&san), "1. e4 -- 2. d4 *");
}

/// English SAN through its own reader and writer, with the spelling it is given: `None` has
/// every move formatted, none copied; English's spelling, with a mark after every move it
/// formats, shows which were copied.
struct Formatted {
    inner: Algebraic,
    spelling_as: Option<board_core::Spelling>,
}

impl Notation for Formatted {
    type Position = Position;
    type Move = chess_rules::Move;

    fn name(&self) -> &'static str {
        self.inner.name()
    }

    fn parse(
        &self,
        pos: &Position,
        token: &str,
        notes: &mut board_core::Notes,
    ) -> Result<chess_rules::Move, board_core::MoveError> {
        self.inner.parse(pos, token, notes)
    }

    fn parse_bytes(
        &self,
        pos: &Position,
        token: &[u8],
        notes: &mut board_core::Notes,
    ) -> Option<chess_rules::Move> {
        self.inner.parse_bytes(pos, token, notes)
    }

    fn format(&self, pos: &Position, mv: &chess_rules::Move, out: &mut String) {
        self.inner.format(pos, mv, out);
        if self.spelling_as.is_some() {
            out.push('\'');
        }
    }

    fn spelling(&self) -> Option<board_core::Spelling> {
        self.spelling_as
    }
}

/// A token as a writer of SAN might put it, from the canonical one: `None` where the change
/// does not apply. Each of them reads as the same move, leniently or with a wrong sign.
fn respelled(canonical: &str, pos: &Position, mv: chess_rules::Move, way: usize) -> Option<String> {
    let body = canonical.trim_end_matches(['+', '#']);
    let sign = &canonical[body.len()..];
    let from = mv.from().to_string();
    let piece = body.starts_with(|c: char| c.is_ascii_uppercase()) && !body.starts_with('O');
    Some(match way {
        // The check sign left out, or put on a move that does not check, or mate for check.
        0 if !sign.is_empty() => body.to_string(),
        1 if sign.is_empty() => format!("{body}+"),
        2 if sign == "+" => format!("{body}#"),
        // The origin's file or rank written where the position does not need it.
        3 if piece && body.len() == 3 => format!("{}{}{}", &body[..1], &from[..1], &body[1..]),
        4 if piece && body.len() == 3 => format!("{}{}{}", &body[..1], &from[1..], &body[1..]),
        // The capture sign dropped, or written on a move that takes nothing.
        5 if body.contains('x') && piece => format!("{}{sign}", body.replacen('x', "", 1)),
        6 if piece && !pos.is_capture(mv) && body.len() == 3 => {
            format!("{}x{}{sign}", &body[..1], &body[1..])
        }
        // The promotion without `=`.
        7 if body.contains('=') => format!("{}{sign}", body.replacen('=', "", 1)),
        _ => return None,
    })
}

#[test]
fn a_token_spelled_as_the_target_spells_it_is_copied_and_every_other_one_written_anew() {
    let mut rng = testkit::Rng::new(0x5a11);
    let mut source = String::new();
    let mut canonical_games = Vec::new();
    let mut respellings = 0;
    for _ in 0..300 {
        let line = rng.random_line(
            &Position::new(),
            120,
            Position::legal_moves,
            |pos: &mut Position, mv: &chess_rules::Move| pos.play_unchecked(*mv),
        );
        let mut written = Vec::new();
        let mut canonical = Vec::new();
        for (pos, mv) in &line {
            let token = Algebraic::ENGLISH.to_text(pos, mv);
            let way = rng.below(16);
            let token_written = match respelled(&token, pos, *mv, way) {
                Some(other) => {
                    respellings += 1;
                    other
                }
                None => token.clone(),
            };
            written.push(token_written);
            canonical.push(token);
        }
        source.push_str(&format!("[Event \"?\"]\n\n{} *\n\n", numbered(&written)));
        canonical_games.push(numbered(&canonical));
    }
    assert!(respellings > 1000, "{respellings} tokens respelled");
    let (copied, copied_messages) = convert(&source, &Algebraic::ENGLISH);
    let formatted = Formatted {
        inner: Algebraic::ENGLISH,
        spelling_as: None,
    };
    let (written, written_messages) = convert(&source, &formatted);
    assert_eq!(copied, written);
    assert_eq!(copied_messages, written_messages);
    // Reported, the same kind once a game with its count: a few each game.
    assert!(
        copied_messages.len() >= 3 * 300,
        "{} warnings",
        copied_messages.len()
    );
    // Every game written canonically, whichever way its tokens were.
    let games: Vec<String> = copied
        .split("\n\n")
        .skip(1)
        .step_by(2)
        .map(|text| text.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect();
    let canonical: Vec<String> = canonical_games
        .iter()
        .map(|game| format!("{game} *"))
        .collect();
    assert_eq!(games, canonical);
}

#[test]
fn the_copy_is_the_token_as_written() {
    // A target that marks what it formats, of English's spelling: the tokens written as
    // English writes them are copied (unmarked); a capture sign missing and a check sign on a
    // quiet move are written anew.
    let marking = Formatted {
        inner: Algebraic::ENGLISH,
        spelling_as: Algebraic::ENGLISH.spelling(),
    };
    let (out, _) = convert(
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bc6 dxc6 5. O-O+ Bg4 *",
        &marking,
    );
    assert_eq!(
        movetext(&out),
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6' dxc6 5. O-O' Bg4 *"
    );
}

#[test]
fn a_table_of_its_own_under_a_taken_name_is_written_in_its_letters() {
    // Named as English, lettered otherwise: English tokens are not its spelling, and each move
    // is written anew in its letters.
    let knights_as_s =
        notation_en::PieceLetters::new("en", [&["P"], &["S"], &["L"], &["T"], &["D"], &["K"]]);
    let (out, messages) = convert(
        "1. e4 e5 2. Nf3 Nc6 *",
        &Algebraic::with_letters(knights_as_s),
    );
    assert!(messages.is_empty(), "{messages:?}");
    assert_eq!(movetext(&out), "1. e4 e5 2. Sf3 Sc6 *");
}

/// Moves numbered as in a PGN file, from the start position.
fn numbered(tokens: &[String]) -> String {
    let mut text = String::new();
    for (i, token) in tokens.iter().enumerate() {
        if i % 2 == 0 {
            text.push_str(&format!("{}. ", i / 2 + 1));
        }
        text.push_str(token);
        text.push(' ');
    }
    text.trim_end().to_string()
}

/// A line of notes as an annotated collection prints it (python-chess's `immortal-games.pgn`,
/// McDonnell - La Bourdonnais, London 1834, the variation 16...Kf8): the comma after `Bh6+` is
/// read as punctuation and reported once for the game, and the moves convert as written.
#[test]
fn commas_between_moves_are_read_and_reported() {
    let source = "[FEN \"rnb2kr1/pp1pb2p/2pN1nq1/6BQ/8/8/PPP3PP/R4RK1 w - - 9 17\"]\n\n\
                  17. Bh6+, Rg7 18. Bxg7+ Kxg7 19. Qe5 Bxd6 20. Qxd6 *";
    let (out, messages) = convert(source, &Algebraic::ENGLISH);
    assert_eq!(
        movetext(&out),
        "17. Bh6+ Rg7 18. Bxg7+ Kxg7 19. Qe5 Bxd6 20. Qxd6 *"
    );
    assert_eq!(messages.len(), 1, "{messages:?}");
    assert!(messages[0].contains("comma after the move"), "{messages:?}");
}
