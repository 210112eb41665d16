//! What a pattern means in a position: every legal move is matched against what the token
//! says (the piece and its name, where from, where to or what it takes), and the check sign
//! decides between moves that both fit.

use board_core::{Code, Repair};
use chess_rules::{Bitboard, CastlingSide, Move, MoveList, Position, Role, Square};

use crate::DescriptivePosition;
use crate::names::ALL;
use crate::parser::{Body, Mark, Parsed, PieceMove, Target, Who, syntax};

/// Readings that only lenient matching allows (bit flags).
mod lenient {
    use board_core::Code;

    /// `KR` read as the rook standing on the king's side, not the one that started there.
    pub(super) const WING_BY_FILE: u8 = 1;
    /// `B-Q5` for a bishop that takes on Q5.
    pub(super) const CAPTURE_AS_MOVE: u8 = 1 << 1;
    /// `P-K8` with no promotion piece.
    pub(super) const QUEEN_ASSUMED: u8 = 1 << 2;
    /// `Castles` alone when only queen-side castling is legal.
    pub(super) const CASTLES_QUEEN_SIDE: u8 = 1 << 3;

    pub(super) const MESSAGES: [(u8, Code, &str); 4] = [
        (
            WING_BY_FILE,
            Code::DescriptiveWingByFile,
            "the piece is named after the wing it stands on, not the one it started on",
        ),
        (
            CAPTURE_AS_MOVE,
            Code::DescriptiveCaptureAsMove,
            "a capture written as a move ('-' for 'x')",
        ),
        (
            QUEEN_ASSUMED,
            Code::DescriptiveQueenAssumed,
            "no promotion piece written: a queen is assumed",
        ),
        (
            CASTLES_QUEEN_SIDE,
            Code::DescriptiveCastlesQueenSide,
            "'Castles' alone is king-side castling; read as queen-side, the only castling legal",
        ),
    ];
}

/// What a token means in a position.
#[derive(Debug)]
pub(crate) enum Outcome {
    /// One move fits; `repairs` says what was accepted only leniently.
    One { mv: Move, repairs: Vec<Repair> },
    /// Several moves fit, even with the check sign as evidence.
    Many(Vec<Move>),
    /// No legal move fits.
    None,
}

/// How a move fits a pattern: `None` not at all, `Some(0)` strictly, else the lenient flags.
pub(crate) fn fit(pos: &DescriptivePosition, body: &Body, mv: Move) -> Option<u8> {
    match body {
        Body::Castle(side) => {
            let actual = mv.castling_side()?;
            match side {
                Some(side) => (*side == actual).then_some(0),
                None if actual == CastlingSide::KingSide => Some(0),
                None => Some(lenient::CASTLES_QUEEN_SIDE),
            }
        }
        Body::Piece(pattern) => fit_piece(pos, pattern, mv),
    }
}

fn fit_piece(pos: &DescriptivePosition, pattern: &PieceMove, mv: Move) -> Option<u8> {
    if mv.is_castle() || mv.role() != pattern.piece.role {
        return None;
    }
    let chess = pos.chess();
    let us = chess.turn();
    let mut flags = 0;
    flags |= fit_who(pos, &pattern.piece, mv.from())?;
    if !pattern.from.contains(mv.from(), us) {
        return None;
    }
    match pattern.target {
        Target::To(to) => {
            if !to.contains(mv.to(), us) {
                return None;
            }
            if chess.is_capture(mv) {
                flags |= lenient::CAPTURE_AS_MOVE;
            }
        }
        Target::Takes { victim, at } => {
            let taken = chess.captured(mv)?;
            let victim_square = victim_square(mv);
            if let Some(victim) = victim {
                if victim.role != taken {
                    return None;
                }
                flags |= fit_who(pos, &victim, victim_square)?;
            }
            if !at.is_any() && !at.contains(mv.to(), us) && !at.contains(victim_square, us) {
                return None;
            }
        }
    }
    match (mv.promotion_role(), pattern.promotion) {
        (None, None) => {}
        (Some(role), Some(written)) if role == written => {}
        (Some(Role::Queen), None) => flags |= lenient::QUEEN_ASSUMED,
        _ => return None,
    }
    Some(flags)
}

/// The square of the piece a capture takes: beside the landing square for en passant.
pub(crate) fn victim_square(mv: Move) -> Square {
    if mv.is_en_passant() {
        Square::new((mv.from().to_u32() & !7) | (mv.to().to_u32() & 7))
    } else {
        mv.to()
    }
}

/// How the piece on `sq` fits a name (its role already checked).
fn fit_who(pos: &DescriptivePosition, who: &Who, sq: Square) -> Option<u8> {
    if who.files != ALL && who.files & (1 << sq.file().to_usize()) == 0 {
        return None;
    }
    let Some(wing) = who.wing else {
        return Some(0);
    };
    if pos.wing(sq) == Some(wing) {
        Some(0)
    } else if who.role != Role::Bishop && crate::Wing::of_file(sq.file().to_usize()) == wing {
        Some(lenient::WING_BY_FILE)
    } else {
        None
    }
}

/// What the position after a move shows of check.
#[derive(Debug, Clone, Copy)]
struct Status {
    check: bool,
    double: bool,
    discovered: bool,
    mate: bool,
}

fn status(chess: &Position, mv: Move, need_mate: bool) -> Status {
    let mut after = *chess;
    after.play_unchecked(mv);
    let checkers = after.checkers();
    let moved = match mv.castling_side() {
        Some(side) => side.rook_to(chess.turn()),
        None => mv.to(),
    };
    let check = checkers.any();
    Status {
        check,
        double: checkers.more_than_one(),
        discovered: checkers.without(moved).any(),
        mate: need_mate && check && after.legal_moves().is_empty(),
    }
}

/// `true` if the check sign agrees with what the move does: the evidence that picks between
/// two moves that both fit (`R-B5ch` is the rook move that checks).
fn agrees(mark: Mark, st: Status) -> bool {
    match mark {
        Mark::None => !st.check,
        Mark::Check | Mark::Discovered | Mark::Double => st.check,
        Mark::Mate => st.mate,
        Mark::CheckPlus => st.mate || st.double,
    }
}

/// What is wrong with the check sign of the one move that fits, if anything.
fn mark_repair(mark: Mark, st: Status) -> Option<&'static str> {
    let message = match mark {
        Mark::None if st.check => "check not marked",
        Mark::None => return None,
        _ if !st.check => match mark {
            Mark::Mate => "marked mate, but the move gives no check",
            _ => "marked check, but the move gives no check",
        },
        Mark::Discovered if !st.discovered => {
            "marked discovered check, but the piece moved gives the check"
        }
        Mark::Double if !st.double => "marked double check, but one piece gives check",
        Mark::Mate if !st.mate => "marked mate, but the move only gives check",
        Mark::CheckPlus if !st.mate && !st.double => {
            "'++' marks mate or double check, but the move gives a single check"
        }
        _ => return None,
    };
    Some(message)
}

/// The moves a pattern names, before the check sign is weighed, into `set`: the strict fits,
/// or when there are none the lenient ones (then `true`). Only the moves of the piece named
/// are generated, in lists the caller keeps: a move list is a few kilobytes.
fn fits(pos: &DescriptivePosition, body: &Body, set: &mut MoveList) -> bool {
    let chess = pos.chess();
    let mut candidates = MoveList::new();
    match body {
        Body::Castle(_) => candidates.extend(chess.castling_moves()),
        Body::Piece(p) => {
            chess.append_legal_moves_to(p.piece.role, Bitboard::FULL, &mut candidates)
        }
    }
    let mut loose = MoveList::new();
    for &mv in &candidates {
        match fit(pos, body, mv) {
            Some(0) => set.push(mv),
            Some(_) => loose.push(mv),
            None => {}
        }
    }
    if set.is_empty() {
        set.extend(loose);
        return true;
    }
    false
}

/// The writer's test: `true` if `body` written with `mark` reads as `mv` and nothing else.
///
/// The name must fit `mv` alone, except that a check or mate sign may tell `mv` from moves of
/// the same name that do not check (`R-B5ch`); the absence of a sign is never relied on, so a
/// reader that misses it is not misled.
pub(crate) fn names_only(
    pos: &DescriptivePosition,
    legal: &MoveList,
    body: &Body,
    mv: Move,
    mark: Mark,
) -> bool {
    if fit(pos, body, mv) != Some(0) {
        return false;
    }
    legal.iter().all(|&other| {
        other == mv
            || fit(pos, body, other) != Some(0)
            || (mark != Mark::None && !agrees(mark, status(pos.chess(), other, mark == Mark::Mate)))
    })
}

/// Resolves a token read into a pattern.
pub(crate) fn resolve(pos: &DescriptivePosition, parsed: &Parsed) -> Outcome {
    let mut set = MoveList::new();
    let loose = fits(pos, &parsed.body, &mut set);
    let need_mate = matches!(parsed.mark, Mark::Mate | Mark::CheckPlus);
    let chess = pos.chess();
    let chosen = match set.len() {
        0 => return Outcome::None,
        1 => {
            let st = status(chess, set[0], need_mate);
            (set[0], mark_repair(parsed.mark, st))
        }
        _ => {
            let mut agreeing = MoveList::new();
            for &mv in &set {
                let st = status(chess, mv, need_mate);
                if agrees(parsed.mark, st) && (!parsed.en_passant || mv.is_en_passant()) {
                    agreeing.push(mv);
                }
            }
            match agreeing.len() {
                1 => (agreeing[0], None),
                0 => return Outcome::Many(set.to_vec()),
                _ => return Outcome::Many(agreeing.to_vec()),
            }
        }
    };
    let (mv, mark) = chosen;
    let mut repairs = Vec::new();
    for (flag, code, message) in syntax::MESSAGES {
        if parsed.repairs & flag != 0 {
            repairs.push(Repair::new(code, message));
        }
    }
    if loose {
        let flags = fit(pos, &parsed.body, mv).unwrap_or(0);
        for (flag, code, message) in lenient::MESSAGES {
            if flags & flag != 0 {
                repairs.push(Repair::new(code, message));
            }
        }
    }
    if let Some(message) = mark {
        repairs.push(Repair::new(Code::DescriptiveCheckMark, message));
    }
    if parsed.en_passant && !mv.is_en_passant() {
        repairs.push(Repair::new(
            Code::DescriptiveEnPassantMark,
            "marked e.p., but the capture is not en passant",
        ));
    }
    Outcome::One { mv, repairs }
}
