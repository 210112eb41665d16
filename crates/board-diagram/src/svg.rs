//! The SVG diagram: a frame, the squares, the labels, the pieces; sizes in user units of the
//! `viewBox`, so it scales to any size.

use std::fmt::Write;

use crate::{Board, Color, Diagram, Mark, pieces};

/// The side of a square.
const SQUARE: u32 = 50;
/// The light squares, the dark squares, the frame and the labels on it.
const LIGHT: &str = "#eadbbf";
const DARK: &str = "#a47d5a";
const FRAME: &str = "#4a3b2c";
const LABEL: &str = "#f2e9d8";
/// The squares of the last move, light and dark; the squares of pieces taken.
const MOVED_LIGHT: &str = "#ecd872";
const MOVED_DARK: &str = "#c4a43c";
const TAKEN: &str = "#b8644c";

/// The frame around the board: room for the coordinates of a chess board, a thin border
/// round a draughts board (its numbers are on the squares).
const fn margin(board: Board) -> u32 {
    match board {
        Board::Chess => 24,
        Board::Draughts => 10,
    }
}

pub(crate) fn write(diagram: &Diagram) -> String {
    let board = diagram.board();
    let size = u32::from(board.size());
    let margin = margin(board);
    let side = 2 * margin + size * SQUARE;
    let mut out = String::with_capacity(24 * 1024);
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {side} {side}" width="{side}" height="{side}" class="diagram {}" data-orientation="{}">"#,
        board.name(),
        color_name(diagram.orientation()),
    );
    let _ = write!(
        out,
        r#"<rect class="frame" x="0" y="0" width="{side}" height="{side}" fill="{FRAME}"/>"#
    );
    if board == Board::Draughts {
        // The light squares are not played on: one light board under the 50 dark squares.
        let inner = size * SQUARE;
        let _ = write!(
            out,
            r#"<rect class="board" x="{margin}" y="{margin}" width="{inner}" height="{inner}" fill="{LIGHT}"/>"#
        );
    }

    out.push_str(r#"<g class="squares">"#);
    for_each_square(diagram, |x, y, cell| {
        let Some(name) = board.square_name(cell) else {
            return;
        };
        let dark = board.is_dark(cell);
        let mark = diagram.mark_of(cell);
        let fill = match (mark, dark) {
            (Some(Mark::Captured), _) => TAKEN,
            (Some(_), true) => MOVED_DARK,
            (Some(_), false) => MOVED_LIGHT,
            (None, true) => DARK,
            (None, false) => LIGHT,
        };
        let shade = if dark { "dark" } else { "light" };
        let marked = mark.map_or(String::new(), |m| format!(" last-move {}", m.name()));
        let _ = write!(
            out,
            r#"<rect class="square {shade}{marked}" data-square="{name}" x="{x}" y="{y}" width="{SQUARE}" height="{SQUARE}" fill="{fill}"/>"#
        );
    });
    out.push_str("</g>");

    labels(diagram, &mut out);

    out.push_str(r#"<g class="pieces">"#);
    for_each_square(diagram, |x, y, cell| {
        let Some(piece) = diagram.piece(cell) else {
            return;
        };
        let name = board.square_name(cell).unwrap_or_default();
        let _ = write!(
            out,
            r#"<g class="piece {} {}" data-square="{name}" transform="translate({x} {y}) scale({})">"#,
            color_name(piece.color),
            piece.figure.name(),
            f64::from(SQUARE) / 100.0,
        );
        pieces::draw(piece.figure, piece.color, &mut out);
        out.push_str("</g>");
    });
    out.push_str("</g></svg>\n");
    out
}

/// Calls `f` with the top left corner of each square of the picture and its cell.
fn for_each_square(diagram: &Diagram, mut f: impl FnMut(u32, u32, crate::Cell)) {
    let margin = margin(diagram.board());
    let size = diagram.board().size();
    for row in 0..size {
        for column in 0..size {
            let x = margin + u32::from(column) * SQUARE;
            let y = margin + u32::from(row) * SQUARE;
            f(x, y, diagram.cell_at(row, column));
        }
    }
}

/// Chess: the ranks on the left, the files below. Draughts: each dark square's number in its
/// top left corner.
fn labels(diagram: &Diagram, out: &mut String) {
    let board = diagram.board();
    let margin = margin(board);
    match board {
        Board::Chess => {
            let _ = write!(
                out,
                r#"<g class="coordinates" font-family="sans-serif" font-size="15" fill="{LABEL}" text-anchor="middle">"#
            );
            let size = u32::from(board.size());
            for i in 0..board.size() {
                let middle = margin + u32::from(i) * SQUARE + SQUARE / 2;
                let rank = board.square_name(diagram.cell_at(i, 0)).unwrap_or_default();
                let file = board.square_name(diagram.cell_at(0, i)).unwrap_or_default();
                let _ = write!(
                    out,
                    r#"<text class="coordinate rank" x="{}" y="{}">{}</text>"#,
                    margin / 2,
                    middle + 5,
                    &rank[1..],
                );
                let _ = write!(
                    out,
                    r#"<text class="coordinate file" x="{middle}" y="{}">{}</text>"#,
                    margin + size * SQUARE + margin / 2 + 5,
                    &file[..1],
                );
            }
        }
        Board::Draughts => {
            let _ = write!(
                out,
                r#"<g class="numbers" font-family="sans-serif" font-size="9" fill="{LABEL}">"#
            );
            for_each_square(diagram, |x, y, cell| {
                if let Some(name) = board.square_name(cell) {
                    let _ = write!(
                        out,
                        r#"<text class="number" data-square="{name}" x="{}" y="{}">{name}</text>"#,
                        x + 3,
                        y + 10,
                    );
                }
            });
        }
    }
    out.push_str("</g>");
}

const fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

#[cfg(test)]
mod tests {
    use crate::{Board, Color, Diagram, Figure, Mark, Piece};

    /// The elements with `class` among their classes.
    fn with_class<'a>(
        doc: &'a roxmltree::Document<'a>,
        class: &str,
    ) -> Vec<roxmltree::Node<'a, 'a>> {
        doc.descendants()
            .filter(|n| {
                n.attribute("class")
                    .is_some_and(|c| c.split(' ').any(|w| w == class))
            })
            .collect()
    }

    #[test]
    fn chess_squares_pieces_and_marks() {
        let mut diagram = Diagram::new(Board::Chess);
        let g1 = Board::Chess.cell("g1").unwrap();
        let f3 = Board::Chess.cell("f3").unwrap();
        diagram.set_piece(f3, Some(Piece::new(Color::White, Figure::Knight)));
        diagram.mark(g1, Mark::From);
        diagram.mark(f3, Mark::To);
        let svg = diagram.to_svg();
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let root = doc.root_element();
        assert_eq!(root.attribute("viewBox"), Some("0 0 448 448"));
        let squares = with_class(&doc, "square");
        assert_eq!(squares.len(), 64);
        assert_eq!(with_class(&doc, "dark").len(), 32);
        let pieces = with_class(&doc, "piece");
        assert_eq!(pieces.len(), 1);
        assert_eq!(pieces[0].attribute("class"), Some("piece white knight"));
        assert_eq!(pieces[0].attribute("data-square"), Some("f3"));
        let marked: Vec<_> = with_class(&doc, "last-move")
            .iter()
            .map(|n| {
                (
                    n.attribute("data-square").unwrap(),
                    n.attribute("class").unwrap(),
                )
            })
            .collect();
        assert_eq!(
            marked,
            [
                ("f3", "square light last-move to"),
                ("g1", "square dark last-move from")
            ]
        );
        // a8 is drawn at the top left; from Black, h1 is.
        let first = squares[0].attribute("data-square");
        assert_eq!(first, Some("a8"));
        let turned = diagram.with_orientation(Color::Black).to_svg();
        let doc = roxmltree::Document::parse(&turned).unwrap();
        assert_eq!(
            with_class(&doc, "square")[0].attribute("data-square"),
            Some("h1")
        );
        let files: String = with_class(&doc, "file")
            .iter()
            .filter_map(|n| n.text())
            .collect();
        assert_eq!(files, "hgfedcba");
    }

    #[test]
    fn draughts_has_fifty_numbered_squares() {
        let diagram = Diagram::new(Board::Draughts);
        let svg = diagram.to_svg();
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let squares = with_class(&doc, "square");
        assert_eq!(squares.len(), 50);
        assert!(
            squares
                .iter()
                .all(|n| n.attribute("class") == Some("square dark"))
        );
        let numbers: Vec<&str> = with_class(&doc, "number")
            .iter()
            .filter_map(|n| n.text())
            .collect();
        let expected: Vec<String> = (1..=50).map(|n| n.to_string()).collect();
        assert_eq!(numbers, expected);
    }
}
