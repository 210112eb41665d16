//! Move generation from arbitrary FEN, Chess960 castling rights included (X-FEN and
//! Shredder-FEN), against shakmaty's in its Chess960 mode.
//!
//! # Examples
//!
//! ```
//! // Raw text: a Chess960 start with Shredder-FEN rights.
//! let mut data = vec![0];
//! data.extend_from_slice(b"bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1");
//! scoresheet_fuzz::movegen_fen_vs_shakmaty(&data);
//! // A set-up built from the bytes.
//! scoresheet_fuzz::movegen_fen_vs_shakmaty(&[1, 4, 60, 9, 200, 3, 17, 8, 8, 1, 2, 3]);
//! ```

use std::collections::BTreeSet;

use arbitrary::Unstructured;
use chess_rules::Position;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position as _, PositionErrorKinds};

/// The two kinds of set-up we accept that shakmaty refuses (see `chess-rules`'
/// `tests/differential.rs`): more material than promotions allow, and a check no legal move
/// can have given. The rules still apply to them.
const ACCEPTED_DIFFERENCES: PositionErrorKinds =
    PositionErrorKinds::TOO_MUCH_MATERIAL.union(PositionErrorKinds::IMPOSSIBLE_CHECK);

/// The first byte chooses the input: even, the rest is raw FEN text; odd, the rest builds a
/// FEN (one king a side, other pieces sparse, castling rights as `KQkq`, X-FEN or
/// Shredder-FEN letters, maybe an en-passant square).
///
/// When both libraries read the FEN (shakmaty in Chess960 mode), they agree on the board and
/// the side to move, on the legal moves (Chess960 UCI, castling as king takes rook), check,
/// mate and stalemate, and, one move further, on the legal moves after each move. When ours
/// reads a FEN whose syntax shakmaty reads but whose position it refuses, the refusal is one
/// of the two accepted differences: ours never accepts an illegal position.
///
/// # Panics
///
/// When the property does not hold.
pub fn movegen_fen_vs_shakmaty(data: &[u8]) {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let text = if mode % 2 == 0 {
        match std::str::from_utf8(rest) {
            Ok(text) => text.to_owned(),
            Err(_) => return,
        }
    } else {
        match build_fen(&mut Unstructured::new(rest)) {
            Ok(text) => text,
            Err(_) => return,
        }
    };
    compare(&text);
}

/// Reads `text` in both libraries and compares what both read.
fn compare(text: &str) {
    let Ok(ours) = Position::from_fen(text) else {
        return;
    };
    let Ok(fen) = text.parse::<Fen>() else {
        return;
    };
    let theirs: Chess = match fen.into_position(CastlingMode::Chess960) {
        Ok(pos) => pos,
        Err(err) => {
            let kinds = err.kinds();
            assert!(
                ACCEPTED_DIFFERENCES.contains(kinds),
                "ours accepts {text:?}, which shakmaty refuses: {err} ({kinds:?}); ours reads {}",
                ours.to_fen()
            );
            err.ignore_too_much_material()
                .or_else(shakmaty::PositionError::ignore_impossible_check)
                .unwrap_or_else(|e| panic!("{text:?}: {e}"))
        }
    };
    let our_fen = ours.to_fen();
    let their_fen = Fen::from_position(&theirs, shakmaty::EnPassantMode::Legal).to_string();
    let fields = |fen: &str| fen.split(' ').take(2).collect::<Vec<_>>().join(" ");
    assert_eq!(
        fields(&our_fen),
        fields(&their_fen),
        "board and turn of {text:?}"
    );
    same_position(text, &ours, &theirs);
    for mv in ours.legal_moves() {
        let uci = uci_960(mv);
        let mut after = ours;
        after.play_unchecked(mv);
        let their_mv = uci
            .parse::<shakmaty::uci::UciMove>()
            .ok()
            .and_then(|m| m.to_move(&theirs).ok())
            .unwrap_or_else(|| panic!("{uci} in {text:?}: shakmaty does not play it"));
        let mut their_after = theirs.clone();
        their_after.play_unchecked(their_mv);
        same_position(&format!("{text:?} after {uci}"), &after, &their_after);
    }
}

/// Same legal moves, check, mate and stalemate.
fn same_position(what: &str, ours: &Position, theirs: &Chess) {
    let our_moves: BTreeSet<String> = ours.legal_moves().iter().map(|m| uci_960(*m)).collect();
    let their_moves: BTreeSet<String> = theirs
        .legal_moves()
        .iter()
        .map(|mv| mv.to_uci(CastlingMode::Chess960).to_string())
        .collect();
    assert_eq!(
        our_moves,
        their_moves,
        "legal moves of {what} ({})",
        ours.to_fen()
    );
    assert_eq!(ours.is_check(), theirs.is_check(), "check in {what}");
    assert_eq!(ours.is_checkmate(), theirs.is_checkmate(), "mate in {what}");
    assert_eq!(
        ours.is_stalemate(),
        theirs.is_stalemate(),
        "stalemate in {what}"
    );
}

/// A move in Chess960 UCI: castling is the king taking its rook.
fn uci_960(mv: chess_rules::Move) -> String {
    let mut text = format!("{}{}", mv.from(), mv.to());
    if let Some(role) = mv.promotion_role() {
        text.push(role.char());
    }
    text
}

/// A FEN from the bytes: the kings on chosen squares, each other square empty three times in
/// four, castling rights and en passant written in one of the forms readers meet.
fn build_fen(u: &mut Unstructured<'_>) -> arbitrary::Result<String> {
    const PIECES: &[u8; 12] = b"PNBRQKpnbrqk";
    let mut board = [None::<u8>; 64];
    // Kings mostly on their back ranks, where castling rights can belong to them.
    for (king, rank) in [(b'K', 0usize), (b'k', 7)] {
        let square = if u.ratio(3, 4)? {
            rank * 8 + u.int_in_range(0..=7usize)?
        } else {
            u.int_in_range(0..=63usize)?
        };
        board[square] = Some(king);
    }
    for square in &mut board {
        if square.is_none() && u.ratio(1, 4)? {
            *square = Some(*u.choose(PIECES)?);
        }
    }
    // Rooks on the back ranks, for castling rights to find.
    for (rook, rank) in [(b'R', 0usize), (b'r', 7)] {
        for _ in 0..u.int_in_range(0..=2u8)? {
            let square = rank * 8 + u.int_in_range(0..=7usize)?;
            if board[square].is_none() {
                board[square] = Some(rook);
            }
        }
    }
    let mut fen = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match board[rank * 8 + file] {
                Some(piece) => {
                    if empty > 0 {
                        fen.push_str(&empty.to_string());
                        empty = 0;
                    }
                    fen.push(char::from(piece));
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            fen.push_str(&empty.to_string());
        }
        if rank > 0 {
            fen.push('/');
        }
    }
    fen.push(' ');
    fen.push(if u.arbitrary()? { 'w' } else { 'b' });
    fen.push(' ');
    let castling: String = match u.int_in_range(0..=3u8)? {
        0 => "-".to_owned(),
        // Standard or X-FEN letters: the outermost rook.
        1 => ["K", "Q", "k", "q"]
            .into_iter()
            .filter(|_| u.arbitrary().unwrap_or(false))
            .collect(),
        // Shredder-FEN: the rooks' files.
        2 => {
            let mut rights = String::new();
            for (rook, rank, base) in [(b'R', 0usize, b'A'), (b'r', 7, b'a')] {
                for file in 0..8u8 {
                    if board[rank * 8 + usize::from(file)] == Some(rook) && u.arbitrary()? {
                        rights.push(char::from(base + file));
                    }
                }
            }
            rights
        }
        // Any letters, valid or not.
        _ => {
            const LETTERS: &[u8] = b"KQkqABCDEFGHabcdefgh";
            (0..u.int_in_range(1..=4u8)?)
                .map(|_| u.choose(LETTERS).map(|&b| char::from(b)))
                .collect::<arbitrary::Result<String>>()?
        }
    };
    fen.push_str(if castling.is_empty() { "-" } else { &castling });
    fen.push(' ');
    if u.ratio(1, 3)? {
        let file = char::from(b'a' + u.int_in_range(0..=7u8)?);
        let rank = if u.arbitrary()? { '3' } else { '6' };
        fen.push(file);
        fen.push(rank);
    } else {
        fen.push('-');
    }
    let halfmoves = u.int_in_range(0..=150u32)?;
    let fullmoves = u.int_in_range(1..=300u32)?;
    fen.push_str(&format!(" {halfmoves} {fullmoves}"));
    Ok(fen)
}
