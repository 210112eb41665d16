//! Moves and fixed-capacity move lists.

use std::fmt;

use crate::{CastlingSide, Color, Role, Square};

/// What kind of move, beyond piece, origin and destination.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
enum Kind {
    Normal,
    EnPassant,
    Castle,
    Promotion(Role),
}

/// A chess move: the piece that moves, where from, where to, and what is special about it.
///
/// Castling is stored as the king "capturing" its own rook (`from` is the king's square, `to`
/// the rook's), which describes standard chess and Chess960 alike; [`Move::king_to`] gives the
/// king's destination. The captured piece is not stored: ask the position
/// ([`crate::Position::captured`]).
///
/// `Display` writes the coordinate form `e2e4`, `e7e8q`, `e1g1` (king to its destination).
///
/// # Examples
///
/// ```
/// use chess_rules::{Move, Position, Role, Square};
///
/// let pos = Position::new();
/// let mv = Move::normal(Role::Pawn, Square::E2, Square::E4);
/// assert!(pos.is_legal(mv));
/// assert_eq!(mv.to_string(), "e2e4");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Move {
    from: Square,
    to: Square,
    role: Role,
    kind: Kind,
}

impl Move {
    /// A move that is not a promotion, castling or en-passant capture (captures included).
    #[must_use]
    pub const fn normal(role: Role, from: Square, to: Square) -> Move {
        Move {
            from,
            to,
            role,
            kind: Kind::Normal,
        }
    }

    /// A pawn move to the last rank that becomes `promotion`.
    #[must_use]
    pub const fn promotion(from: Square, to: Square, promotion: Role) -> Move {
        Move {
            from,
            to,
            role: Role::Pawn,
            kind: Kind::Promotion(promotion),
        }
    }

    /// An en-passant capture: the pawn goes from `from` to the empty square `to`.
    #[must_use]
    pub const fn en_passant(from: Square, to: Square) -> Move {
        Move {
            from,
            to,
            role: Role::Pawn,
            kind: Kind::EnPassant,
        }
    }

    /// Castling of the king on `king` with the rook on `rook`.
    #[must_use]
    pub const fn castle(king: Square, rook: Square) -> Move {
        Move {
            from: king,
            to: rook,
            role: Role::King,
            kind: Kind::Castle,
        }
    }

    /// The square the piece leaves (the king's square for castling).
    #[must_use]
    pub const fn from(self) -> Square {
        self.from
    }

    /// The destination; for castling, the square of the castling rook.
    #[must_use]
    pub const fn to(self) -> Square {
        self.to
    }

    /// The role of the moving piece (the king for castling, the pawn for promotions).
    #[must_use]
    pub const fn role(self) -> Role {
        self.role
    }

    /// The role a pawn becomes, for a promotion.
    #[must_use]
    pub const fn promotion_role(self) -> Option<Role> {
        match self.kind {
            Kind::Promotion(role) => Some(role),
            _ => None,
        }
    }

    /// `true` for an en-passant capture.
    #[must_use]
    pub const fn is_en_passant(self) -> bool {
        matches!(self.kind, Kind::EnPassant)
    }

    /// `true` for castling.
    #[must_use]
    pub const fn is_castle(self) -> bool {
        matches!(self.kind, Kind::Castle)
    }

    /// The castling side, for castling.
    #[must_use]
    pub const fn castling_side(self) -> Option<CastlingSide> {
        if !self.is_castle() {
            None
        } else if self.to.to_u32() > self.from.to_u32() {
            Some(CastlingSide::KingSide)
        } else {
            Some(CastlingSide::QueenSide)
        }
    }

    /// Where the king ends for castling, else [`Move::to`].
    #[must_use]
    pub const fn king_to(self) -> Square {
        match self.castling_side() {
            Some(side) => side.king_to(if self.from.to_u32() < 8 {
                Color::White
            } else {
                Color::Black
            }),
            None => self.to,
        }
    }

    /// The piece's final square: the king's destination for castling, else [`Move::to`].
    #[must_use]
    pub const fn destination(self) -> Square {
        self.king_to()
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.destination())?;
        if let Some(role) = self.promotion_role() {
            write!(f, "{}", role.char())?;
        }
        Ok(())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            Kind::Castle => write!(f, "Castle({}{})", self.from, self.to),
            Kind::EnPassant => write!(f, "EnPassant({}{})", self.from, self.to),
            _ => write!(f, "{}({self})", self.role.upper_char()),
        }
    }
}

/// The legal moves of a position, kept on the stack.
///
/// Reachable positions have at most 218 moves, but a FEN may set up any board (one published
/// test position has 270). The capacity bounds every board: with `n` pieces of the side to move,
/// there are at most `27 n` moves (a queen's best) and at most `16 (64 - n)` plus 74 (8 rays and
/// 8 knight jumps into each free square, extra promotion pieces, two castlings); the smaller of
/// the two never exceeds 689.
pub type MoveList = arrayvec::ArrayVec<Move, 704>;
