//! A position built from its parts (pieces on squares, the side to move, castling rights, the
//! move number) and checked as a FEN is: what a reader of diagrams needs, without writing a
//! FEN string to parse it back.
//!
//! # Examples
//!
//! ```
//! use chess_rules::{CastlingSide, Color, Piece, Role, Setup, Square};
//!
//! let mut setup = Setup::new();
//! setup
//!     .put(Square::E1, Piece::new(Color::White, Role::King))
//!     .put(Square::H1, Piece::new(Color::White, Role::Rook))
//!     .put(Square::E8, Piece::new(Color::Black, Role::King))
//!     .castling(Color::White, CastlingSide::KingSide)
//!     .turn(Color::Black)
//!     .fullmoves(30);
//! let pos = setup.position().unwrap();
//! assert_eq!(pos.to_fen(), "4k3/8/8/8/8/8/8/4K2R b K - 0 30");
//!
//! // Checked as a FEN is: a right with no rook to castle with is refused.
//! setup.castling(Color::White, CastlingSide::QueenSide);
//! assert_eq!(
//!     setup.position().unwrap_err().to_string(),
//!     "invalid FEN castling field: right 'Q' but no white rook stands there on its first rank"
//! );
//! ```

use crate::fen::{self, FenError};
use crate::{CastlingSide, Color, Piece, Position, Square};

/// The parts of a position, put together one by one; [`Setup::position`] checks them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setup {
    pieces: [Option<Piece>; 64],
    turn: Color,
    /// The castling rights asked for, White's then Black's, king side then queen side.
    rights: [[bool; 2]; 2],
    fullmoves: u32,
}

impl Default for Setup {
    fn default() -> Self {
        Setup::new()
    }
}

impl Setup {
    /// An empty board, White to move, no castling rights, move 1.
    #[must_use]
    pub const fn new() -> Setup {
        Setup {
            pieces: [None; 64],
            turn: Color::White,
            rights: [[false; 2]; 2],
            fullmoves: 1,
        }
    }

    /// Puts `piece` on `sq`, in place of what stood there.
    pub fn put(&mut self, sq: Square, piece: Piece) -> &mut Setup {
        self.pieces[sq.to_usize()] = Some(piece);
        self
    }

    /// Empties `sq`.
    pub fn remove(&mut self, sq: Square) -> &mut Setup {
        self.pieces[sq.to_usize()] = None;
        self
    }

    /// The side to move.
    pub fn turn(&mut self, turn: Color) -> &mut Setup {
        self.turn = turn;
        self
    }

    /// Gives `color` the right to castle on `side` (with its rook furthest out on that side,
    /// as `K`/`Q` in a FEN).
    pub fn castling(&mut self, color: Color, side: CastlingSide) -> &mut Setup {
        self.rights[color.to_usize()][usize::from(side == CastlingSide::QueenSide)] = true;
        self
    }

    /// The move number (1 for 0, as FEN readers take it).
    pub fn fullmoves(&mut self, fullmoves: u32) -> &mut Setup {
        self.fullmoves = fullmoves.max(1);
        self
    }

    /// The position, checked as [`Position::from_fen`] checks a FEN: one king each, no pawn on
    /// the first or last rank, each castling right with its king and rook on their first rank,
    /// the side not to move not in check.
    ///
    /// # Errors
    ///
    /// The [`FenError`] that the same position written as a FEN would get.
    pub fn position(&self) -> Result<Position, FenError> {
        let mut pos = Position::empty();
        for (k, piece) in self.pieces.iter().enumerate() {
            if let Some(piece) = piece {
                pos.put(Square::new(k as u32), *piece);
            }
        }
        pos.turn = self.turn;
        fen::validate_kings_and_pawns(&pos)?;
        let mut letters = String::with_capacity(4);
        for (color, sides) in [(Color::White, ['K', 'Q']), (Color::Black, ['k', 'q'])] {
            for (asked, letter) in self.rights[color.to_usize()].iter().zip(sides) {
                if *asked {
                    letters.push(letter);
                }
            }
        }
        if letters.is_empty() {
            letters.push('-');
        }
        pos.castling = fen::parse_castling(&pos, &letters, None)?;
        if self.fullmoves > fen::MAX_FULLMOVES {
            return Err(FenError::new(
                crate::FenField::Fullmoves,
                format!("{} is above {}", self.fullmoves, fen::MAX_FULLMOVES),
            ));
        }
        pos.fullmoves = self.fullmoves;
        fen::finish(&mut pos)?;
        Ok(pos)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Role;

    #[test]
    fn the_initial_position_from_its_pieces() {
        let mut setup = Setup::new();
        let initial = Position::new();
        for sq in initial.occupied() {
            setup.put(sq, initial.piece_at(sq).unwrap());
        }
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                setup.castling(color, side);
            }
        }
        assert_eq!(setup.position().unwrap(), initial);
    }

    #[test]
    fn what_a_fen_refuses_a_setup_refuses() {
        let king = |c| Piece::new(c, Role::King);
        let mut setup = Setup::new();
        setup.put(Square::E1, king(Color::White));
        assert_eq!(
            setup.position().unwrap_err().to_string(),
            "invalid FEN piece placement field: black has 0 kings"
        );
        setup
            .put(Square::E2, king(Color::Black))
            .put(Square::A8, Piece::new(Color::White, Role::Pawn));
        assert!(setup.position().is_err());
        setup.remove(Square::A8);
        // The kings side by side: the side not to move is in check.
        assert!(setup.position().is_err());
    }
}
