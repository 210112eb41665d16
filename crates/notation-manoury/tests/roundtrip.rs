//! Round trips on random play: every legal move written reads back as itself, in every form the
//! reader takes; random games written as PDN read back move for move and sign for sign; and
//! conversion is a fixed point.

use board_core::{
    Element, FirstMove, MovetextWriter, Notation, Notes, Output, RecordReader, replay,
};
use draughts_rules::{Color, Move, Piece, Position, Role, Square};
use notation_manoury::{GLUED_SIGNS, Manoury, ManouryMove, Sign};
use testkit::{Rng, assert_round_trip};

/// A random game from the start: up to `plies` random legal moves, with every position before
/// a move.
fn random_game(rng: &mut Rng, plies: usize) -> Vec<(Position, Move)> {
    rng.random_line(
        &Position::new(),
        plies,
        Position::legal_moves,
        Position::play_unchecked,
    )
}

/// A random set-up with kings: where long king captures and captures that share their ends
/// are common, unlike in random games.
fn random_setup(rng: &mut Rng) -> Position {
    let mut pos = Position::empty();
    for sq in Square::all() {
        let roll = rng.below(100);
        let color = if roll.is_multiple_of(2) {
            Color::White
        } else {
            Color::Black
        };
        let role = if roll < 12 { Role::King } else { Role::Man };
        if roll < 45 && !(role == Role::Man && sq.is_promotion_square(color)) {
            pos.set_piece_at(sq, Some(Piece::new(color, role)));
        }
    }
    if rng.below(2) == 1 {
        pos.set_turn(Color::Black);
    }
    pos
}

fn parse(pos: &Position, token: &str) -> (Move, Notes) {
    let mut notes = Notes::default();
    let mv = Manoury
        .parse(pos, token, &mut notes)
        .unwrap_or_else(|e| panic!("{token} in {pos}: {e}"));
    (mv, notes)
}

/// Every legal move: its canonical token reads back as the move with no repair; every route
/// written in full, and the engine form, read back as the move too.
fn check_every_move(pos: &Position, ambiguous: &mut usize) {
    for mv in pos.legal_moves().iter() {
        let token = Manoury.to_text(pos, mv);
        let (back, notes) = parse(pos, &token);
        assert_eq!(back, *mv, "{token} in {pos}");
        assert!(
            notes.repairs.is_empty(),
            "{token} in {pos}: {:?}",
            notes.repairs
        );
        if token.matches('x').count() > 1 {
            *ambiguous += 1;
        }
    }
    for route in pos
        .legal_moves_all_paths()
        .iter()
        .filter(|m| m.is_capture())
    {
        let mut full = vec![route.from()];
        full.extend_from_slice(route.path());
        let full = ManouryMove::new(&full, true).unwrap();
        // The text law of the token itself, beside its meaning in the position.
        assert_round_trip(std::slice::from_ref(&full));
        let full = full.to_string();
        assert_eq!(parse(pos, &full).0, *route, "{full} in {pos}");
        let mut hub = vec![route.from(), route.to()];
        hub.extend(route.captured());
        if hub.len() > 2 {
            let hub = ManouryMove::new(&hub, true).unwrap();
            assert_round_trip(std::slice::from_ref(&hub));
            let hub = hub.to_string();
            assert_eq!(parse(pos, &hub).0, *route, "{hub} in {pos}");
        }
    }
}

#[test]
fn every_legal_move_reads_back_along_random_games() {
    let mut rng = Rng::new(0x5eed_d2a7_0001);
    let mut positions = 0;
    let mut ambiguous = 0;
    for _ in 0..200 {
        for (pos, _) in random_game(&mut rng, 150) {
            check_every_move(&pos, &mut ambiguous);
            positions += 1;
        }
    }
    assert!(positions > 10_000, "{positions}");
    println!("{positions} positions, {ambiguous} moves written with their path");
}

#[test]
fn every_legal_move_reads_back_in_king_setups() {
    let mut rng = Rng::new(0x5eed_d2a7_0002);
    let mut ambiguous = 0;
    let mut captures = 0;
    for _ in 0..20_000 {
        let pos = random_setup(&mut rng);
        captures += usize::from(pos.has_captures());
        check_every_move(&pos, &mut ambiguous);
    }
    // The path is needed often enough for this test to mean something.
    assert!(ambiguous > 500, "{ambiguous} ambiguous moves");
    assert!(captures > 10_000, "{captures}");
}

/// A random game written as PDN with random signs: the moves, the signs (as written) and the
/// text survive reading and converting.
#[test]
fn random_games_survive_pdn() {
    let mut rng = Rng::new(0x5eed_d2a7_0003);
    let dialect = notation_manoury::dialect();
    for round in 0..300 {
        let plies = 20 + rng.below(180);
        let game = random_game(&mut rng, plies);
        let mut signs: Vec<Vec<Sign>> = Vec::new();
        let mut movetext = String::new();
        let mut writer = MovetextWriter::new(&mut movetext, &dialect, FirstMove::default());
        for (pos, mv) in &game {
            writer.move_token(&Manoury.to_text(pos, mv));
            let mut these = Vec::new();
            if rng.below(4) == 0 {
                // One sign, sometimes two: a move glyph then another sign, as `19x30!*`.
                let pick = |rng: &mut Rng| {
                    let (nag, _) = GLUED_SIGNS[rng.below(GLUED_SIGNS.len())];
                    Sign::from_nag(nag).unwrap()
                };
                if rng.below(3) == 0 {
                    these.push(Sign::from_nag(1 + rng.below(6) as u16).unwrap());
                }
                these.push(pick(&mut rng));
            }
            assert_round_trip(&these);
            for sign in &these {
                writer.nag_value(sign.nag());
            }
            signs.push(these);
        }
        writer.finish("*");
        let text = format!("[GameType \"20\"]\n[Round \"{round}\"]\n\n{movetext}");

        // Read: the same moves, and the same signs, in order.
        let raw = RecordReader::new(text.as_bytes(), dialect.clone())
            .next()
            .unwrap()
            .unwrap();
        let mut pos = Position::new();
        let mut read: Vec<(Move, Vec<u16>)> = Vec::new();
        for element in raw.elements() {
            match element {
                Element::Move(token) => {
                    let (mv, notes) = parse(&pos, token.text);
                    assert!(
                        notes.repairs.is_empty(),
                        "{}: {:?}",
                        token.text,
                        notes.repairs
                    );
                    pos.play_unchecked(&mv);
                    read.push((mv, notes.nags));
                }
                Element::Nag(nag) => read.last_mut().unwrap().1.push(nag.value),
                Element::Comment(_) | Element::StartVariation(_) | Element::EndVariation(_) => {
                    panic!("{text}")
                }
                Element::MoveNumber(_) => {}
            }
        }
        assert_eq!(read.len(), game.len(), "{text}");
        for ((mv, nags), ((_, played), these)) in read.iter().zip(game.iter().zip(&signs)) {
            assert_eq!(mv, played, "{text}");
            let expected: Vec<u16> = these.iter().map(|s| s.nag()).collect();
            assert_eq!(*nags, expected, "{mv:?} in {text}");
        }

        // Convert: the writer is canonical, so the text comes out as it went in.
        let mut out = String::new();
        let replayed = replay::<Position, _, _>(
            &raw,
            &Manoury,
            Some(Output {
                notation: &Manoury,
                dialect: &dialect,
                out: &mut out,
            }),
        );
        // Random play does not stop at the draws the rules make by themselves; the replay
        // keeps such a game as played and says so, and says nothing else.
        assert!(
            replayed
                .diagnostics
                .iter()
                .all(|d| !d.is_error() && d.message.contains("the game goes on after a draw")),
            "{:?}",
            replayed.diagnostics
        );
        assert_eq!(replayed.plies, game.len());
        assert_eq!(out, text);
    }
}

/// Whatever a lenient text says, converting it once gives a text that converts to itself.
#[test]
fn conversion_reaches_a_fixed_point_in_one_pass() {
    let dialect = notation_manoury::dialect();
    let convert = |text: &str| -> String {
        let raw = RecordReader::new(text.as_bytes(), dialect.clone())
            .next()
            .unwrap()
            .unwrap();
        let mut out = String::new();
        let replayed = replay::<Position, _, _>(
            &raw,
            &Manoury,
            Some(Output {
                notation: &Manoury,
                dialect: &dialect,
                out: &mut out,
            }),
        );
        assert!(!replayed.has_errors(), "{:?}", replayed.diagnostics);
        out
    };
    for text in [
        "1. 32-28! 19-23 2. 28x19 14x23 *",
        "01. 32-28* 19-23 $7 2. 28:19 { forced } $1000 14x23+3 (2... 13x24 $18) 3. 33-28?? *",
        "1.32-28!? 19-23(!?!!!) 2.28x19 *",
        "1. 32-28 {a} $7 19-23 $10 $14 2. 28X19+- 14×23-+ 1-1",
        "1. 34-30 20-25!! 2. 30-24 19x30 3. 35x24!*= 2-0",
    ] {
        let once = convert(text);
        assert_eq!(convert(&once), once, "{text}");
    }
    assert_eq!(
        convert(
            "01. 32-28* 19-23 $7 2. 28:19 { forced } $1000 14x23+3 (2... 13x24 $18) 3. 33-28?? *"
        ),
        "1. 32-28* 19-23* 2. 28x19 {forced} $1000 2... 14x23+3 (2... 13x24+-) 3. 33-28??\n*\n\n"
    );
}
