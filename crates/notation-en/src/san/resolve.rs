//! The meaning of a SAN token in a position: [`SanPlus::resolve`] finds the one legal move it
//! names and every form it was written in that the canonical writer would not produce.

use std::fmt;

use board_core::{MoveError, Notes};
use chess_rules::{Bitboard, Move, MoveList, Position, Role, Square};

use super::syntax::{self, Lenience, San, SanPlus};
use super::write::to_string;
use crate::PieceLetters;

/// Why a token names no move in a position.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ResolveError {
    /// A null move, `--`: no move of the game (the replay plays it itself).
    Null,
    /// No legal move fits; the legal moves of `role` come closest.
    Illegal {
        /// The piece the token moves.
        role: Role,
    },
    /// More than one legal move fits.
    Ambiguous {
        /// The moves that fit.
        candidates: Vec<Move>,
    },
}

impl ResolveError {
    /// The error as a notation reports it for `token` in `pos`, the candidates written with
    /// `letters`.
    // Cold: kept out of the reader of every move, which only calls it on a bad token.
    #[cold]
    #[inline(never)]
    #[must_use]
    pub fn into_move_error(self, pos: &Position, token: &str, letters: &PieceLetters) -> MoveError {
        match self {
            ResolveError::Null => MoveError::syntax("a null move is not a move of the game"),
            ResolveError::Illegal { role } => {
                MoveError::illegal(token, candidates_of(pos, role, letters))
            }
            ResolveError::Ambiguous { candidates } => MoveError::ambiguous(
                token,
                candidates
                    .into_iter()
                    .map(|m| to_string(pos, m, letters))
                    .collect(),
            ),
        }
    }
}

impl fmt::Display for ResolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ResolveError::Null => f.write_str("a null move is not a move of the game"),
            ResolveError::Illegal { .. } => f.write_str("no legal move fits"),
            ResolveError::Ambiguous { candidates } => {
                write!(f, "{} legal moves fit", candidates.len())
            }
        }
    }
}

impl std::error::Error for ResolveError {}

impl SanPlus {
    /// The one legal move the token names in `pos`, and its lenience: the forms it was read in
    /// ([`SanPlus::lenience`]) with those only the position shows (a capture sign missing,
    /// more of the origin than needed, a queen assumed). An empty lenience is the canonical
    /// token; nothing else defines it.
    ///
    /// # Errors
    ///
    /// [`ResolveError`]: a null move, no legal move, or more than one.
    ///
    /// # Examples
    ///
    /// ```
    /// use chess_rules::Position;
    /// use notation_en::{Lenience, SanPlus};
    ///
    /// let pos = Position::new();
    /// let (_, lenience) = "Nxf3".parse::<SanPlus>().unwrap().resolve(&pos).unwrap();
    /// assert_eq!(lenience, Lenience::CAPTURE_NOTHING);
    /// ```
    // Always inlined, as `from_ascii_with` is: the reader of every move is then one function
    // with the token's parts in registers.
    #[inline(always)]
    pub fn resolve(self, pos: &Position) -> Result<(Move, Lenience), ResolveError> {
        let mut lenience = self.lenience;
        let San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        } = self.san
        else {
            return match self.san {
                San::Castle(side) => pos
                    .castling_move(side)
                    .map(|mv| (mv, lenience))
                    .ok_or(ResolveError::Illegal { role: Role::King }),
                _ => Err(ResolveError::Null),
            };
        };
        if let (Role::Pawn, Some(f), Some(r)) = (role, file, rank)
            && !lenience.contains(Lenience::PAWN_LETTER)
            && let Some(mv) = coordinate_move(pos, Square::from_coords(f, r), to, promotion)
        {
            // `g1f3`: origin and destination without a letter, as engines write them.
            let lenience = lenience
                .without(Lenience::LONG_FORM)
                .union(Lenience::COORDINATE);
            return Ok((mv, lenience));
        }
        let from_file = match file {
            Some(f) => Bitboard::file(f),
            // A pawn without an origin file moves straight ahead.
            None if role == Role::Pawn => Bitboard::file(to.file()),
            None => Bitboard::FULL,
        };
        let from_rank = rank.map_or(Bitboard::FULL, Bitboard::rank);
        let origins = pos.legal_origins(role, from_file & from_rank, to);
        // One origin, the token's promotion fitting the move: the move itself, without a list.
        let (mv, queen_assumed) = match origins
            .single()
            .and_then(|from| single_move(pos, role, from, to, promotion))
        {
            Some(found) => found,
            None => listed_move(pos, role, from_file & from_rank, to, promotion)?,
        };
        if queen_assumed {
            lenience = lenience.union(Lenience::QUEEN_ASSUMED);
        }
        let captures = pos.is_capture(mv);
        if capture != captures {
            lenience = lenience.union(if capture {
                Lenience::CAPTURE_NOTHING
            } else {
                Lenience::CAPTURE_UNMARKED
            });
        }
        let written = (file.is_some(), rank.is_some());
        if written != (false, false) {
            // A pawn's origin file is part of its capture: known without a look around.
            let needed = if role == Role::Pawn {
                (captures, false)
            } else {
                disambiguation(pos, mv)
            };
            if written == (true, true) {
                // Both coordinates is the long form, reported (or not, in LAN) by its own
                // flag, unless the position needs both.
                if needed == (true, true) {
                    lenience = lenience.without(Lenience::LONG_FORM);
                }
            } else if written != needed {
                let count = |(f, r): (bool, bool)| u8::from(f) + u8::from(r);
                lenience = lenience.union(if count(written) > count(needed) {
                    Lenience::OVER_DISAMBIGUATED
                } else {
                    Lenience::RANK_DISAMBIGUATED
                });
            }
        }
        Ok((mv, lenience))
    }

    /// Resolves the token in `pos` as a notation reads it: forms in `allowed` are canonical
    /// there (both squares, in LAN), every other one is pushed onto `notes.repairs` with its
    /// code, and the written check sign is left in `notes` for the caller to test once the
    /// move is played.
    ///
    /// # Errors
    ///
    /// [`MoveError`] for `token`, the candidates written with `letters`.
    #[inline(always)]
    pub fn read_in(
        self,
        pos: &Position,
        token: &str,
        letters: &PieceLetters,
        allowed: Lenience,
        notes: &mut Notes,
    ) -> Result<Move, MoveError> {
        let (mv, lenience) = self
            .resolve(pos)
            .map_err(|err| err.into_move_error(pos, token, letters))?;
        Ok(self.noted(mv, lenience, allowed, notes))
    }

    /// `mv`, resolved from this token with `lenience`: the forms not in `allowed` pushed onto
    /// `notes.repairs`, the written check sign left in `notes`.
    #[inline(always)]
    fn noted(self, mv: Move, lenience: Lenience, allowed: Lenience, notes: &mut Notes) -> Move {
        let lenience = lenience.without(allowed);
        if !lenience.is_empty() {
            notes.repairs.extend(lenience.repairs());
        }
        notes.check_sign = Some(self.check_sign());
        mv
    }
}

/// Parse, resolve, report: the whole reading of a token, the same for SAN in every letter
/// table and for LAN (which allows the long form).
///
/// # Errors
///
/// [`MoveError`]: the token does not read (with the bytes at fault), or names no legal move
/// or several.
#[inline]
pub(crate) fn read(
    pos: &Position,
    token: &str,
    letters: &PieceLetters,
    allowed: Lenience,
    notes: &mut Notes,
) -> Result<Move, MoveError> {
    // The same steps on two paths: the common shapes, whose `SanPlus` stays in registers,
    // and the rest, out of line.
    match SanPlus::common(token.as_bytes(), letters) {
        Some(plus) => plus.read_in(pos, token, letters, allowed, notes),
        None => read_lenient(pos, token, letters, allowed, notes),
    }
}

/// [`read`] on a token's bytes, for [`board_core::Notation::parse_bytes`]: the move of a token
/// in one of the common shapes that names one legal move, noted as `read` notes it; `None`,
/// `notes` untouched, for any other token, which `read` then reads from its text (and names
/// the error of). No null move (`--`, `Z0`) has a common shape.
#[inline(always)]
pub(crate) fn read_bytes(
    pos: &Position,
    token: &[u8],
    letters: &PieceLetters,
    allowed: Lenience,
    notes: &mut Notes,
) -> Option<Move> {
    let plus = SanPlus::common(token, letters)?;
    let (mv, lenience) = plus.resolve(pos).ok()?;
    Some(plus.noted(mv, lenience, allowed, notes))
}

/// [`read`] for a token the common shapes miss.
#[inline(never)]
fn read_lenient(
    pos: &Position,
    token: &str,
    letters: &PieceLetters,
    allowed: Lenience,
    notes: &mut Notes,
) -> Result<Move, MoveError> {
    let plus = SanPlus::lenient(token.as_bytes(), letters)?;
    let mv = plus.read_in(pos, token, letters, allowed, notes)?;
    if plus.lenience.contains(Lenience::GLYPHS) {
        // The glyph the reader stepped over inside the token (`Bb5!,`, `Qxf7!+`: the record's
        // reader splits a glyph off only at a token's end) is kept as its NAG.
        if let Some(glyph) = syntax::glyph_inside(token)
            && let Some(nag) = board_core::Nag::from_glyph(glyph)
        {
            notes.nags.push(u16::from(nag.0));
        }
    }
    Ok(mv)
}

/// The move of the one legal origin `from`, if the token's `promotion` fits it: a pawn
/// reaching the last rank promotes to the piece written, or to a queen if none is (`true`).
/// `None` sends the token to [`listed_move`], which says why nothing fits.
#[inline(always)]
fn single_move(
    pos: &Position,
    role: Role,
    from: Square,
    to: Square,
    promotion: Option<Role>,
) -> Option<(Move, bool)> {
    if role == Role::Pawn && Bitboard::BACKRANKS.contains(to) {
        return match promotion {
            None => Some((Move::promotion(from, to, Role::Queen), true)),
            Some(piece) if Role::PROMOTIONS.contains(&piece) => {
                Some((Move::promotion(from, to, piece), false))
            }
            Some(_) => None,
        };
    }
    if promotion.is_some() {
        return None;
    }
    if role == Role::Pawn && pos.legal_ep_square() == Some(to) {
        return Some((Move::en_passant(from, to), false));
    }
    Some((Move::normal(role, from, to), false))
}

/// The one legal move of `role` from `from` to `to` that the token's `promotion` fits, found
/// in the list of every such move, and whether a queen was assumed: the path of a token with
/// no origin or several, which names the error.
#[cold]
#[inline(never)]
fn listed_move(
    pos: &Position,
    role: Role,
    from: Bitboard,
    to: Square,
    promotion: Option<Role>,
) -> Result<(Move, bool), ResolveError> {
    let mut candidates = MoveList::new();
    pos.append_moves_between(role, from, to, &mut candidates);
    let mut found: Option<Move> = None;
    let mut count = 0;
    let mut queen_assumed = false;
    for &mv in &candidates {
        match (promotion, mv.promotion_role()) {
            (Some(a), Some(b)) if a != b => continue,
            (Some(_), None) => continue,
            // A pawn reaching the last rank with no piece written promotes to a queen.
            (None, Some(Role::Queen)) => queen_assumed = true,
            (None, Some(_)) => continue,
            _ => {}
        }
        count += 1;
        found = Some(mv);
    }
    let Some(mv) = found else {
        return Err(ResolveError::Illegal { role });
    };
    if count > 1 {
        let candidates = candidates
            .iter()
            .copied()
            .filter(|m| m.promotion_role() == promotion)
            .collect();
        return Err(ResolveError::Ambiguous { candidates });
    }
    Ok((mv, queen_assumed))
}

/// The legal non-pawn move (or castling) from `from` to `to`, for a coordinate token whose
/// origin holds a piece rather than a pawn.
fn coordinate_move(
    pos: &Position,
    from: Square,
    to: Square,
    promotion: Option<Role>,
) -> Option<Move> {
    let role = pos.role_at(from).filter(|r| *r != Role::Pawn)?;
    if promotion.is_some() || pos.color_at(from) != Some(pos.turn()) {
        return None;
    }
    if role == Role::King
        && let Some(castle) = pos
            .castling_moves()
            .into_iter()
            .find(|m| m.from() == from && (m.to() == to || m.king_to() == to))
        && (to.file().to_usize().abs_diff(from.file().to_usize()) > 1
            || pos.color_at(to) == Some(pos.turn()))
    {
        return Some(castle);
    }
    pos.legal_moves_to(role, to.bitboard())
        .into_iter()
        .find(|m| m.from() == from)
}

fn candidates_of(pos: &Position, role: Role, letters: &PieceLetters) -> Vec<String> {
    let mut moves: Vec<Move> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| m.role() == role)
        .collect();
    if moves.is_empty() {
        moves = pos.legal_moves().into_iter().collect();
    }
    let mut names: Vec<String> = moves
        .into_iter()
        .map(|m| to_string(pos, m, letters))
        .collect();
    names.sort();
    names
}

/// Which origin coordinates a move needs: (file, rank); a pawn's capture needs its file.
pub(super) fn disambiguation(pos: &Position, mv: Move) -> (bool, bool) {
    let role = mv.role();
    if role == Role::Pawn {
        return (pos.is_capture(mv), false);
    }
    let from = mv.from();
    let others = pos
        .legal_origins(role, Bitboard::FULL, mv.to())
        .without(from);
    if others.is_empty() {
        return (false, false);
    }
    let same_file = (others & Bitboard::file(from.file())).any();
    let same_rank = (others & Bitboard::rank(from.rank())).any();
    if !same_file {
        (true, false)
    } else if !same_rank {
        (false, true)
    } else {
        (true, true)
    }
}
