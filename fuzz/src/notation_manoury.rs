//! The properties of Manoury notation and draughts FEN, as plain functions over the fuzzer's
//! bytes: moves written and read back in random positions (reachable ones and set-ups full of
//! kings), the majority rule against a slow independent capture search, the token syntax, and
//! the FEN reader on raw bytes.
//!
//! # Examples
//!
//! ```
//! scoresheet_fuzz::notation_manoury(&[0, 7, 1, 2, 3, 4, 5, 6]);
//! scoresheet_fuzz::manoury_moves(&[1; 60]);
//! scoresheet_fuzz::manoury_text(b"47:38:24:13:36!*");
//! scoresheet_fuzz::draughts_fen_read(b"W:W31-50:B1-20");
//! ```

use std::collections::BTreeSet;

use arbitrary::{Arbitrary, Unstructured};
use board_core::{Notation, Notes};
use draughts_rules::{Color, Move, Piece, Position, Role, Square};
use notation_manoury::{Manoury, ManouryMove, ManouryPlus};

/// Every property below on the same bytes: the fuzz target `notation_manoury`.
///
/// # Panics
///
/// When a property does not hold.
pub fn notation_manoury(data: &[u8]) {
    manoury_moves(data);
    manoury_text(data);
    draughts_fen_read(data);
}

/// A random position from the bytes, a reachable one ([`Position`]'s `Arbitrary`: random legal
/// play from the start) or a set-up with kings: its legal moves are the longest captures an
/// independent search finds (the majority rule), and every legal move, written canonically,
/// with its full path, or in the engine form, reads back as itself (the canonical form without
/// a repair).
///
/// # Panics
///
/// When the property does not hold.
pub fn manoury_moves(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let Ok(setup) = bool::arbitrary(&mut u) else {
        return;
    };
    let pos = if setup {
        match setup_position(&mut u) {
            Ok(pos) => pos,
            Err(_) => return,
        }
    } else {
        match Position::arbitrary(&mut u) {
            Ok(pos) => pos,
            Err(_) => return,
        }
    };
    let legal = pos.legal_moves();
    let keys: BTreeSet<Key> = legal.iter().map(key).collect();
    assert_eq!(keys.len(), legal.len(), "a move listed twice in {pos}");
    assert_eq!(keys, slow_moves(&pos), "legal moves of {pos}");

    for mv in legal.iter() {
        let token = Manoury.to_text(&pos, mv);
        let mut notes = Notes::default();
        let back = Manoury
            .parse(&pos, &token, &mut notes)
            .unwrap_or_else(|e| panic!("{token} in {pos}: {e}"));
        assert_eq!(back, *mv, "{token} in {pos}");
        assert!(
            notes.repairs.is_empty(),
            "{token} in {pos}: {:?}",
            notes.repairs
        );
        if mv.is_capture() {
            let mut full = vec![mv.from()];
            full.extend_from_slice(mv.path());
            let mut hub = vec![mv.from(), mv.to()];
            hub.extend(mv.captured());
            for squares in [full, hub] {
                let text = ManouryMove::new(&squares, true)
                    .expect("at most 34 squares")
                    .to_string();
                let back = Manoury
                    .parse(&pos, &text, &mut notes)
                    .unwrap_or_else(|e| panic!("{text} in {pos}: {e}"));
                assert_eq!(back, *mv, "{text} in {pos}");
            }
        }
    }
}

/// Any bytes as a token: reading never panics, and what reads writes a canonical text that
/// reads back to the same move and signs, with no lenience, and writes the same text again.
///
/// # Panics
///
/// When the property does not hold.
pub fn manoury_text(data: &[u8]) {
    let Ok(plus) = ManouryPlus::from_ascii(data) else {
        return;
    };
    let text = plus.to_string();
    let again = ManouryPlus::from_ascii(text.as_bytes())
        .unwrap_or_else(|e| panic!("{data:?} read, but {text:?} does not: {e}"));
    assert_eq!(again.mv, plus.mv, "{text}");
    assert_eq!(again.signs, plus.signs, "{text}");
    assert!(again.lenience.is_empty(), "{text}: {:?}", again.lenience);
    assert_eq!(again.to_string(), text);
}

/// Any bytes as a draughts FEN: reading never panics, and what reads writes a FEN that reads
/// to the same position and writes the same text again.
///
/// # Panics
///
/// When the property does not hold.
pub fn draughts_fen_read(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(pos) = Position::from_fen(text) else {
        return;
    };
    let fen = pos.to_fen();
    let again = Position::from_fen(&fen)
        .unwrap_or_else(|e| panic!("{text:?} read, but its FEN {fen:?} does not: {e}"));
    assert_eq!(again, pos, "{text:?} -> {fen:?}");
    assert_eq!(again.to_fen(), fen);
}

/// A set-up from the bytes: each square empty or holding a man or a king of either side (no
/// man on its own promotion row), and the side to move.
fn setup_position(u: &mut Unstructured<'_>) -> arbitrary::Result<Position> {
    let mut pos = Position::empty();
    for sq in Square::all() {
        let piece = match u.int_in_range(0..=7u8)? {
            0 => Piece::new(Color::White, Role::Man),
            1 => Piece::new(Color::Black, Role::Man),
            2 => Piece::new(Color::White, Role::King),
            3 => Piece::new(Color::Black, Role::King),
            _ => continue,
        };
        if piece.role == Role::Man && sq.is_promotion_square(piece.color) {
            continue;
        }
        pos.set_piece_at(sq, Some(piece));
    }
    if bool::arbitrary(u)? {
        pos.set_turn(Color::Black);
    }
    Ok(pos)
}

/// What identifies a move: origin, destination, captured squares.
type Key = (u8, u8, Vec<u8>);

fn key(mv: &Move) -> Key {
    (
        mv.from().number(),
        mv.to().number(),
        mv.captured().into_iter().map(Square::number).collect(),
    )
}

const DIRECTIONS: [(i32, i32); 4] = [(-1, -1), (-1, 1), (1, -1), (1, 1)];

/// The legal moves by the rules read literally, square by square: every capture sequence
/// searched to its end (captured pieces stay on the board until the move ends, so they block and
/// cannot be taken twice; the piece's own square counts as empty), the longest kept; plain moves
/// when nothing can be taken. Slow and simple, to check the bitboard generator against.
fn slow_moves(pos: &Position) -> BTreeSet<Key> {
    let us = pos.turn();
    let mut best = 0;
    let mut found = BTreeSet::new();
    for from in pos.by_color(us) {
        let king = pos.by_role(Role::King).contains(from);
        let mut captured = Vec::new();
        search(pos, from, from, king, &mut captured, &mut best, &mut found);
    }
    if best > 0 {
        return found;
    }
    let forward = if us == Color::White { -1 } else { 1 };
    for from in pos.by_color(us) {
        let king = pos.by_role(Role::King).contains(from);
        for (dr, dc) in DIRECTIONS {
            if !king && dr != forward {
                continue;
            }
            let mut at = from;
            while let Some(next) = at.offset(dr, dc) {
                if pos.piece_at(next).is_some() {
                    break;
                }
                found.insert((from.number(), next.number(), Vec::new()));
                if !king {
                    break;
                }
                at = next;
            }
        }
    }
    found
}

fn search(
    pos: &Position,
    from: Square,
    at: Square,
    king: bool,
    captured: &mut Vec<Square>,
    best: &mut usize,
    found: &mut BTreeSet<Key>,
) {
    let empty = |sq: Square| sq == from || pos.piece_at(sq).is_none();
    let ours = pos.turn();
    let mut extended = false;
    for (dr, dc) in DIRECTIONS {
        // The first non-empty square along the line (the next one only, for a man).
        let mut victim = at.offset(dr, dc);
        if king {
            while let Some(sq) = victim.filter(|sq| empty(*sq)) {
                victim = sq.offset(dr, dc);
            }
        }
        let Some(victim) = victim else { continue };
        let theirs = pos.piece_at(victim).is_some_and(|p| p.color != ours) && victim != from;
        if !theirs || captured.contains(&victim) {
            continue;
        }
        let mut landing = victim.offset(dr, dc);
        while let Some(land) = landing.filter(|sq| empty(*sq)) {
            extended = true;
            captured.push(victim);
            search(pos, from, land, king, captured, best, found);
            captured.pop();
            if !king {
                break;
            }
            landing = land.offset(dr, dc);
        }
    }
    if !extended && !captured.is_empty() {
        if captured.len() > *best {
            *best = captured.len();
            found.clear();
        }
        if captured.len() == *best {
            let mut squares: Vec<u8> = captured.iter().map(|s| s.number()).collect();
            squares.sort_unstable();
            found.insert((from.number(), at.number(), squares));
        }
    }
}
