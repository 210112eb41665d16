//! A draughts position: the pieces and the side to move.

use std::fmt;

use board_core::ByColor;

use crate::bitboard::bit_of;
use crate::{Bitboard, Color, Move, Piece, Role, Square};

/// An international draughts position: men and kings of both sides and the side to move.
///
/// Positions are small `Copy` values; [`Position::play`] returns the position after a move. The
/// draw rules, which need the history, live in [`crate::Game`].
///
/// `Display` and `FromStr` use draughts FEN (see [`Position::from_fen`]).
///
/// # Examples
///
/// ```
/// use draughts_rules::{Color, Move, Position, Square};
///
/// let pos = Position::new();
/// assert_eq!(pos.turn(), Color::White);
/// assert_eq!(pos.legal_moves().len(), 9);
/// let after = pos.play(&Move::quiet(Square::new(32), Square::new(28))).unwrap();
/// assert_eq!(after.turn(), Color::Black);
/// assert_eq!(
///     after.to_string(),
///     "B:W28,31,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50\
///      :B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20"
/// );
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) by_color: [Bitboard; 2],
    pub(crate) kings: Bitboard,
    pub(crate) turn: Color,
}

impl Default for Position {
    fn default() -> Position {
        Position::new()
    }
}

/// Why a move could not be played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IllegalMoveError {
    /// The move that was refused.
    pub mv: Move,
}

impl fmt::Display for IllegalMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal move {}", self.mv)
    }
}

impl std::error::Error for IllegalMoveError {}

/// The squares 1..=20 and 31..=50, where the men start.
const fn range(first: u8, last: u8) -> Bitboard {
    let mut bits = 0;
    let mut n = first;
    while n <= last {
        bits |= 1 << bit_of(n);
        n += 1;
    }
    Bitboard(bits)
}

impl Position {
    /// The starting position: Black's men on 1-20, White's on 31-50, White to move.
    #[must_use]
    pub const fn new() -> Position {
        Position {
            by_color: [range(31, 50), range(1, 20)],
            kings: Bitboard::EMPTY,
            turn: Color::White,
        }
    }

    /// An empty board with White to move.
    #[must_use]
    pub const fn empty() -> Position {
        Position {
            by_color: [Bitboard::EMPTY, Bitboard::EMPTY],
            kings: Bitboard::EMPTY,
            turn: Color::White,
        }
    }

    /// The side to move.
    #[must_use]
    pub const fn turn(&self) -> Color {
        self.turn
    }

    /// The pieces of one side.
    #[must_use]
    pub const fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color as usize]
    }

    /// The pieces of both sides.
    #[must_use]
    pub const fn colors(&self) -> ByColor<Bitboard> {
        ByColor::new(self.by_color[0], self.by_color[1])
    }

    /// The men (or kings) of both sides.
    #[must_use]
    pub const fn by_role(&self, role: Role) -> Bitboard {
        let all = self.occupied().0;
        match role {
            Role::Man => Bitboard(all & !self.kings.0),
            Role::King => self.kings,
        }
    }

    /// The pieces of one colour and role.
    #[must_use]
    pub const fn by_piece(&self, piece: Piece) -> Bitboard {
        Bitboard(self.by_color(piece.color).0 & self.by_role(piece.role).0)
    }

    /// Every occupied square.
    #[must_use]
    pub const fn occupied(&self) -> Bitboard {
        Bitboard(self.by_color[0].0 | self.by_color[1].0)
    }

    /// The piece on `sq`, if any.
    #[must_use]
    pub const fn piece_at(&self, sq: Square) -> Option<Piece> {
        let color = if self.by_color[0].contains(sq) {
            Color::White
        } else if self.by_color[1].contains(sq) {
            Color::Black
        } else {
            return None;
        };
        let role = if self.kings.contains(sq) {
            Role::King
        } else {
            Role::Man
        };
        Some(Piece::new(color, role))
    }

    /// Puts `piece` on `sq` (replacing what stood there), or empties it with `None`.
    ///
    /// This is for setting up positions; nothing stops a man on its promotion row here, which
    /// the FEN reader refuses.
    pub fn set_piece_at(&mut self, sq: Square, piece: Option<Piece>) {
        let bb = Bitboard::from_square(sq);
        self.by_color[0] &= !bb;
        self.by_color[1] &= !bb;
        self.kings &= !bb;
        if let Some(piece) = piece {
            self.by_color[piece.color.to_usize()] |= bb;
            if piece.role == Role::King {
                self.kings |= bb;
            }
        }
    }

    /// Sets the side to move.
    pub const fn set_turn(&mut self, turn: Color) {
        self.turn = turn;
    }

    /// Plays a legal move and returns the position after it.
    ///
    /// # Errors
    ///
    /// [`IllegalMoveError`] if the move is not among the legal moves (paths are not compared:
    /// any route with the right origin, destination and captured pieces is the move).
    pub fn play(&self, mv: &Move) -> Result<Position, IllegalMoveError> {
        if !self.is_legal(mv) {
            return Err(IllegalMoveError { mv: *mv });
        }
        let mut next = *self;
        next.play_unchecked(mv);
        Ok(next)
    }

    /// Plays a move known to be legal: removes the captured pieces, moves the piece, crowns a
    /// man that ends on its promotion row, and passes the turn.
    ///
    /// An illegal move leaves a position that no game reaches, but never panics.
    #[inline]
    pub fn play_unchecked(&mut self, mv: &Move) {
        let us = self.turn.to_usize();
        let them = 1 - us;
        let from = Bitboard::from_square(mv.from()).0;
        let to = Bitboard::from_square(mv.to()).0;
        let captured = mv.captured().0;
        self.by_color[them].0 &= !captured;
        // The destination may be the origin (a capture that comes back): clear, then set.
        self.by_color[us].0 = (self.by_color[us].0 & !from) | to;
        let was_king = self.kings.0 & from != 0;
        let mut kings = self.kings.0 & !captured & !from & !to;
        if was_king || Bitboard::promotion_row(self.turn).0 & to != 0 {
            kings |= to;
        }
        self.kings.0 = kings;
        self.turn = self.turn.other();
    }

    /// The board as ten lines as White sees it: `w` `b` men, `W` `B` kings, `.` empty dark
    /// squares, a space for light squares.
    #[must_use]
    pub fn ascii_board(&self) -> String {
        let mut out = String::with_capacity(110);
        for row in 0..10 {
            for column in 0..10 {
                out.push(match Square::from_row_column(row, column) {
                    None => ' ',
                    Some(sq) => self.piece_at(sq).map_or('.', Piece::char),
                });
            }
            out.push('\n');
        }
        out
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.to_fen())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position() {
        let pos = Position::new();
        assert_eq!(pos.by_color(Color::White).count(), 20);
        assert_eq!(pos.by_color(Color::Black).count(), 20);
        assert_eq!(
            pos.by_color(Color::Black).first(),
            Some(Square::new(1)),
            "black starts on 1-20"
        );
        assert_eq!(
            pos.piece_at(Square::new(31)),
            Some(Piece::new(Color::White, Role::Man))
        );
        assert_eq!(pos.piece_at(Square::new(25)), None);
        assert_eq!(
            pos.ascii_board().lines().next(),
            Some(" b b b b b"),
            "{}",
            pos.ascii_board()
        );
    }

    #[test]
    fn set_piece_at_replaces() {
        let mut pos = Position::empty();
        let sq = Square::new(23);
        pos.set_piece_at(sq, Some(Piece::new(Color::White, Role::King)));
        pos.set_piece_at(sq, Some(Piece::new(Color::Black, Role::Man)));
        assert_eq!(pos.piece_at(sq), Some(Piece::new(Color::Black, Role::Man)));
        assert!(pos.kings.is_empty() && pos.by_color(Color::White).is_empty());
        pos.set_piece_at(sq, None);
        assert_eq!(pos, Position::empty());
    }
}
