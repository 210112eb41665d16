//! Diagrams of `draughts_rules` positions and moves.

use draughts_rules::{Move, Position, Role, Square};

use crate::{Board, Cell, Diagram, Figure, Mark, Piece};

/// The cell of a draughts square.
const fn cell(square: Square) -> Cell {
    Cell::new(square.row(), square.column())
}

impl Diagram {
    /// The pieces of a draughts position, White at the bottom, nothing marked.
    ///
    /// # Examples
    ///
    /// ```
    /// use board_diagram::{Board, Diagram};
    ///
    /// let diagram = Diagram::from_draughts(&"W:W31:BK2".parse().unwrap());
    /// assert_eq!(diagram.board(), Board::Draughts);
    /// assert_eq!(diagram.to_ascii().lines().next(), Some(" 1     .     B     .     .     .   5"));
    /// ```
    #[must_use]
    pub fn from_draughts(position: &Position) -> Diagram {
        let mut diagram = Diagram::new(Board::Draughts);
        for square in Square::all() {
            if let Some(piece) = position.piece_at(square) {
                let figure = match piece.role {
                    Role::Man => Figure::Man,
                    Role::King => Figure::DraughtsKing,
                };
                diagram.set_piece(cell(square), Some(Piece::new(piece.color, figure)));
            }
        }
        diagram
    }

    /// Marks a draughts move as the last move: the square it left, the squares landed on
    /// between captures, the squares of the pieces taken, and the square where it ended.
    ///
    /// # Examples
    ///
    /// ```
    /// use board_diagram::{Board, Diagram, Mark};
    /// use draughts_rules::{Move, Position, Square};
    ///
    /// let before: Position = "W:W28:B12,22,23".parse().unwrap();
    /// let mv = before.legal_moves()[0];
    /// assert_eq!(mv.to_string(), "28x17x8");
    /// let mut diagram = Diagram::from_draughts(&before.play(&mv).unwrap());
    /// diagram.mark_draughts_move(&mv);
    /// let marked: Vec<_> = diagram.marks().map(|(cell, mark)| (Board::Draughts.square_name(cell).unwrap(), mark)).collect();
    /// assert_eq!(
    ///     marked,
    ///     [("8".into(), Mark::To), ("12".into(), Mark::Captured), ("17".into(), Mark::Path),
    ///      ("22".into(), Mark::Captured), ("28".into(), Mark::From)]
    /// );
    /// ```
    ///
    /// # Panics
    ///
    /// Panics if this is a chess diagram.
    #[track_caller]
    pub fn mark_draughts_move(&mut self, mv: &Move) {
        assert!(
            self.board == Board::Draughts,
            "a draughts move on a chess diagram"
        );
        for square in mv.captured() {
            self.mark(cell(square), Mark::Captured);
        }
        if let Some((_, between)) = mv.path().split_last() {
            for &square in between {
                self.mark(cell(square), Mark::Path);
            }
        }
        self.mark(cell(mv.from()), Mark::From);
        self.mark(cell(mv.to()), Mark::To);
    }
}

impl From<&Position> for Diagram {
    fn from(position: &Position) -> Diagram {
        Diagram::from_draughts(position)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_piece_on_its_square() {
        let position: Position = "W:WK3,31,32:B12,K40".parse().unwrap();
        let diagram = Diagram::from_draughts(&position);
        assert_eq!(diagram.pieces().count(), 5);
        for square in Square::all() {
            let name = square.to_string();
            let cell = Board::Draughts.cell(&name).unwrap();
            let expected = position.piece_at(square).map(draughts_rules::Piece::char);
            assert_eq!(diagram.piece(cell).map(Piece::ascii), expected, "{name}");
        }
    }

    #[test]
    fn a_round_trip_ends_where_it_began() {
        // A king that takes round and lands on its own square: that square is where it
        // ended.
        let mut diagram = Diagram::new(Board::Draughts);
        let from = Square::new(28);
        diagram.mark_draughts_move(&Move::quiet(from, from));
        assert_eq!(diagram.mark_of(cell(from)), Some(Mark::To));
    }
}
