//! Random legal games: every move written in each house style reads back as that move and no
//! other, with no repair; SAN -> descriptive -> SAN is the identity, move by move and for
//! whole records through the replay.

mod common;

use board_core::{Notation, Notes};
use chess_rules::{Move, Position};
use common::{Rng, SAN, convert};
use notation_descriptive::{Descriptive, DescriptivePosition};
use testkit::chess::STARTS;

const STYLES: [Descriptive; 4] = [
    Descriptive::MODERN,
    Descriptive::OLD,
    Descriptive::FRENCH,
    Descriptive::FRENCH_FIDE,
];

/// Writes `mv` in `notation`, reads it back, and checks it is `mv` with nothing repaired, in
/// one token with no space or parenthesis.
fn round_trip(notation: &Descriptive, pos: &DescriptivePosition, mv: Move) -> String {
    let text = notation.to_text(pos, &mv);
    let mut notes = Notes::default();
    let back = notation.parse(pos, &text, &mut notes).unwrap_or_else(|e| {
        panic!(
            "{} {text:?} for {mv} in {}: {e}",
            notation.name(),
            pos.chess().to_fen()
        )
    });
    assert_eq!(back, mv, "{text:?} in {}", pos.chess().to_fen());
    assert!(
        notes.repairs.is_empty(),
        "{text:?} in {}: {:?}",
        pos.chess().to_fen(),
        notes.repairs
    );
    assert!(
        !text.contains(' ') && !text.contains('('),
        "{text:?}: no spaces, no parentheses"
    );
    text
}

#[test]
fn random_games_round_trip_in_every_style() {
    let mut rng = Rng::new(0x5eed_0de5_c819_7105);
    let mut plies = 0;
    for game in 0..2000 {
        let fen = STARTS[game % STARTS.len()];
        let mut pos = DescriptivePosition::from_position(fen.parse::<Position>().unwrap());
        if game % STARTS.len() == 0 {
            pos = DescriptivePosition::new();
        }
        for _ in 0..rng.below(160) {
            let legal = pos.chess().legal_moves();
            if legal.is_empty() {
                break;
            }
            let mv = legal[rng.below(legal.len())];
            // SAN -> move -> each style -> move -> SAN.
            let san = SAN.to_text(&pos, &mv);
            let read = SAN.parse(&pos, &san, &mut Notes::default()).unwrap();
            assert_eq!(read, mv, "{san}");
            for notation in &STYLES {
                // Reads back as `read`, so writes back as `san`.
                round_trip(notation, &pos, read);
            }
            pos.play_unchecked(mv);
            plies += 1;
        }
    }
    assert!(plies > 100_000, "{plies} plies");
}

/// Not only the moves played: in sampled positions every legal move is written and read back,
/// so each token names exactly one legal move.
#[test]
fn every_legal_move_of_sampled_positions_reads_back() {
    let mut rng = Rng::new(0x0dd_ba11);
    let mut checked = 0;
    for game in 0..300 {
        let fen = STARTS[game % STARTS.len()];
        let mut pos = DescriptivePosition::from_position(fen.parse::<Position>().unwrap());
        for ply in 0..rng.below(120) {
            let legal = pos.chess().legal_moves();
            if legal.is_empty() {
                break;
            }
            if ply % 7 == 0 {
                for &mv in &legal {
                    for notation in &STYLES {
                        round_trip(notation, &pos, mv);
                    }
                    checked += 1;
                }
            }
            pos.play_unchecked(legal[rng.below(legal.len())]);
        }
    }
    assert!(checked > 20_000, "{checked} moves");
}

/// Whole records: a random game in SAN converted to descriptive by the replay, and back, is the
/// same movetext.
#[test]
fn records_convert_to_descriptive_and_back() {
    let mut rng = Rng::new(0xfeed_beef);
    for _ in 0..200 {
        let plies = rng.below(140);
        let line = rng.random_line(
            &DescriptivePosition::new(),
            plies,
            |pos| pos.chess().legal_moves(),
            |pos, mv| pos.play_unchecked(*mv),
        );
        let mut sans = Vec::new();
        for (ply, (pos, mv)) in line.iter().enumerate() {
            let san = SAN.to_text(pos, mv);
            sans.push(if ply % 2 == 0 {
                format!("{}. {san}", ply / 2 + 1)
            } else {
                san
            });
        }
        sans.push("*".to_owned());
        let record = sans.join(" ");
        for notation in &STYLES {
            let descriptive = convert(&record, &SAN, notation).unwrap();
            let back = convert(&descriptive, notation, &SAN).unwrap();
            assert_eq!(back, record, "through {}: {descriptive}", notation.name());
        }
    }
}
