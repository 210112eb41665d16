//! Diagrams of `chess_rules` positions and moves.

use chess_rules::{Move, Position, Role, Square};

use crate::{Board, Cell, Diagram, Figure, Mark, Piece};

/// The cell of a chess square.
const fn cell(square: Square) -> Cell {
    Cell::new(
        7 - square.rank().to_usize() as u8,
        square.file().to_usize() as u8,
    )
}

const fn figure(role: Role) -> Figure {
    match role {
        Role::Pawn => Figure::Pawn,
        Role::Knight => Figure::Knight,
        Role::Bishop => Figure::Bishop,
        Role::Rook => Figure::Rook,
        Role::Queen => Figure::Queen,
        Role::King => Figure::King,
    }
}

impl Diagram {
    /// The pieces of a chess position, White at the bottom, nothing marked.
    ///
    /// # Examples
    ///
    /// ```
    /// use board_diagram::{Board, Diagram};
    ///
    /// let diagram = Diagram::from_chess(&chess_rules::Position::new());
    /// assert_eq!(diagram.board(), Board::Chess);
    /// assert_eq!(diagram.pieces().count(), 32);
    /// ```
    #[must_use]
    pub fn from_chess(position: &Position) -> Diagram {
        let mut diagram = Diagram::new(Board::Chess);
        for square in Square::all() {
            if let Some(piece) = position.piece_at(square) {
                let piece = Piece::new(piece.color, figure(piece.role));
                diagram.set_piece(cell(square), Some(piece));
            }
        }
        diagram
    }

    /// Marks a chess move (played or about to be) as the last move: the square it left and
    /// the square where the piece ended; for castling, the king's two squares.
    ///
    /// # Examples
    ///
    /// ```
    /// use board_diagram::{Board, Diagram, Mark};
    /// use chess_rules::{Move, Square};
    ///
    /// let mut diagram = Diagram::new(Board::Chess);
    /// diagram.mark_chess_move(Move::castle(Square::E1, Square::H1));
    /// let marked: Vec<_> = diagram.marks().map(|(cell, mark)| (Board::Chess.square_name(cell).unwrap(), mark)).collect();
    /// assert_eq!(marked, [("e1".to_owned(), Mark::From), ("g1".to_owned(), Mark::To)]);
    /// ```
    ///
    /// # Panics
    ///
    /// Panics if this is a draughts diagram.
    #[track_caller]
    pub fn mark_chess_move(&mut self, mv: Move) {
        assert!(
            self.board == Board::Chess,
            "a chess move on a draughts diagram"
        );
        self.mark(cell(mv.from()), Mark::From);
        self.mark(cell(mv.destination()), Mark::To);
    }
}

impl From<&Position> for Diagram {
    fn from(position: &Position) -> Diagram {
        Diagram::from_chess(position)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_piece_on_its_square() {
        let position: Position =
            "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4"
                .parse()
                .unwrap();
        let diagram = Diagram::from_chess(&position);
        for square in Square::all() {
            let name = square.to_string();
            let cell = Board::Chess.cell(&name).unwrap();
            let expected = position
                .piece_at(square)
                .map(|p| Piece::new(p.color, figure(p.role)).ascii());
            assert_eq!(diagram.piece(cell).map(Piece::ascii), expected, "{name}");
        }
    }

    #[test]
    fn en_passant_and_promotion_mark_two_squares() {
        let mut diagram = Diagram::new(Board::Chess);
        diagram.mark_chess_move(Move::promotion(
            "b7".parse::<Square>().unwrap(),
            Square::A8,
            Role::Queen,
        ));
        let marked: Vec<(Cell, Mark)> = diagram.marks().collect();
        assert_eq!(
            marked,
            [
                (cell(Square::A8), Mark::To),
                (cell("b7".parse::<Square>().unwrap()), Mark::From)
            ]
        );
    }
}
