//! Text diagrams for a terminal: one character per square, three columns wide, so that the
//! last move's squares can stand in brackets.

use std::fmt::Write;

use crate::{Board, Diagram, Mark, Piece};

/// The diagram as text, pieces drawn by `glyph`, empty playable squares as `empty` and the
/// squares of captured draughts pieces as `captured`.
pub(crate) fn write(
    diagram: &Diagram,
    glyph: fn(Piece) -> char,
    empty: char,
    captured: char,
) -> String {
    let board = diagram.board();
    let size = board.size();
    let mut out = String::with_capacity(usize::from(size) * 40);
    for row in 0..size {
        let mut line = String::with_capacity(40);
        let mut first = None;
        let mut last = None;
        for column in 0..size {
            let cell = diagram.cell_at(row, column);
            if !board.is_playable(cell) {
                line.push_str("   ");
                continue;
            }
            let name = board.square_name(cell);
            first = first.or_else(|| name.clone());
            last = name;
            let symbol = match (diagram.piece(cell), diagram.mark_of(cell)) {
                (Some(piece), _) => glyph(piece),
                (None, Some(Mark::Captured)) => captured,
                (None, _) => empty,
            };
            let (open, close) = match diagram.mark_of(cell) {
                Some(Mark::From | Mark::To | Mark::Path) => ('[', ']'),
                _ => (' ', ' '),
            };
            line.extend([open, symbol, close]);
        }
        let line = line.trim_end();
        let _ = match board {
            // The rank on the left, as printed diagrams have it.
            Board::Chess => writeln!(out, "{} {line}", first.unwrap_or_default().split_off(1)),
            // The numbers the row runs between, on either side.
            Board::Draughts => writeln!(
                out,
                "{:>2} {line:<30} {:>2}",
                first.unwrap_or_default(),
                last.unwrap_or_default()
            ),
        };
    }
    if board == Board::Chess {
        out.push_str("  ");
        for column in 0..size {
            let cell = diagram.cell_at(0, column);
            let name = board.square_name(cell).unwrap_or_default();
            let _ = write!(out, " {} ", &name[..1]);
        }
        out.truncate(out.trim_end().len());
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use crate::{Board, Cell, Color, Diagram, Figure, Mark, Piece};

    #[test]
    fn chess_from_either_side() {
        let mut diagram = Diagram::new(Board::Chess);
        let e1 = Board::Chess.cell("e1").unwrap();
        diagram.set_piece(e1, Some(Piece::new(Color::White, Figure::King)));
        let white = diagram.to_ascii();
        let lines: Vec<&str> = white.lines().collect();
        assert_eq!(lines.len(), 9);
        assert_eq!(lines[0], "8  .  .  .  .  .  .  .  .");
        assert_eq!(lines[7], "1  .  .  .  .  K  .  .  .");
        assert_eq!(lines[8], "   a  b  c  d  e  f  g  h");
        let black = diagram.with_orientation(Color::Black).to_ascii();
        let lines: Vec<&str> = black.lines().collect();
        assert_eq!(lines[0], "1  .  .  .  K  .  .  .  .");
        assert_eq!(lines[8], "   h  g  f  e  d  c  b  a");
    }

    #[test]
    fn draughts_rows_name_their_squares() {
        let mut diagram = Diagram::new(Board::Draughts);
        diagram.set_piece(Cell::new(0, 1), Some(Piece::new(Color::Black, Figure::Man)));
        diagram.mark(Cell::new(1, 0), Mark::Captured);
        diagram.mark(Cell::new(2, 1), Mark::From);
        let white = diagram.to_unicode();
        let lines: Vec<&str> = white.lines().collect();
        assert_eq!(lines.len(), 10);
        assert_eq!(lines[0], " 1     ⛂     ·     ·     ·     ·   5");
        assert_eq!(lines[1], " 6  ×     ·     ·     ·     ·     10");
        assert_eq!(lines[2], "11    [·]    ·     ·     ·     ·  15");
        assert_eq!(lines[9], "46  ·     ·     ·     ·     ·     50");
        let black = diagram.with_orientation(Color::Black).to_ascii();
        assert_eq!(
            black.lines().next(),
            Some("50     .     .     .     .     .  46")
        );
        assert_eq!(
            black.lines().last(),
            Some(" 5  .     .     .     .     b      1")
        );
    }
}
