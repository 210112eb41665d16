//! The SVG as a renderer draws it: rendered to PNG with resvg, a few pixels checked.

use board_diagram::{Board, Color, Diagram};

/// The diagram rendered at its own size (one pixel per user unit).
fn render(svg: &str) -> resvg::tiny_skia::Pixmap {
    let tree = resvg::usvg::Tree::from_str(svg, &resvg::usvg::Options::default())
        .expect("the diagram is SVG that resvg reads");
    let size = tree.size().to_int_size();
    let mut pixmap = resvg::tiny_skia::Pixmap::new(size.width(), size.height()).unwrap();
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::default(),
        &mut pixmap.as_mut(),
    );
    let png = pixmap.encode_png().expect("the picture encodes as PNG");
    assert!(png.starts_with(b"\x89PNG\r\n"));
    if let Ok(dir) = std::env::var("BOARD_DIAGRAM_PNG_DIR") {
        // For a look by eye: BOARD_DIAGRAM_PNG_DIR=/tmp cargo test -p board-diagram --test render
        let name = format!("{dir}/{}x{}.png", size.width(), size.height());
        std::fs::write(name, png).unwrap();
    }
    pixmap
}

/// The colour of the pixel at `x`, `y` as `#rrggbb`.
fn pixel(pixmap: &resvg::tiny_skia::Pixmap, x: u32, y: u32) -> String {
    let p = pixmap.pixel(x, y).expect("inside the picture");
    format!("#{:02x}{:02x}{:02x}", p.red(), p.green(), p.blue())
}

/// The top left corner of a square's picture, for a diagram drawn with White at the bottom.
fn corner(board: Board, name: &str) -> (u32, u32) {
    let cell = board.cell(name).unwrap();
    let margin = if board == Board::Chess { 24 } else { 10 };
    (
        margin + 50 * u32::from(cell.column()),
        margin + 50 * u32::from(cell.row()),
    )
}

#[test]
fn chess_start_position_in_pixels() {
    let mut diagram = Diagram::from_chess(&chess_rules::Position::new());
    let pixmap = render(&diagram.to_svg());
    assert_eq!((pixmap.width(), pixmap.height()), (448, 448));
    // Empty squares: e4 is light, d4 dark (their top left corners, where no piece reaches).
    let (x, y) = corner(Board::Chess, "e4");
    assert_eq!(pixel(&pixmap, x + 25, y + 25), "#eadbbf");
    let (x, y) = corner(Board::Chess, "d4");
    assert_eq!(pixel(&pixmap, x + 25, y + 25), "#a47d5a");
    // Every piece stands on a plinth of its colour: the middle of its foot.
    let (x, y) = corner(Board::Chess, "e1");
    assert_eq!(pixel(&pixmap, x + 25, y + 40), "#fbfaf5");
    let (x, y) = corner(Board::Chess, "d8");
    assert_eq!(pixel(&pixmap, x + 25, y + 40), "#262626");
    // The corner of a piece's square keeps the square's colour.
    let (x, y) = corner(Board::Chess, "a1");
    assert_eq!(pixel(&pixmap, x + 2, y + 2), "#a47d5a");

    // From Black, the white king's foot is in the top half.
    diagram.set_orientation(Color::Black);
    let pixmap = render(&diagram.to_svg());
    let (x, y) = corner(Board::Chess, "d8");
    assert_eq!(pixel(&pixmap, x + 25, y + 40), "#fbfaf5");
}

#[test]
fn draughts_start_position_in_pixels() {
    let position = draughts_rules::Position::new();
    let mv = position.legal_moves()[0];
    let after = position.play(&mv).unwrap();
    let mut diagram = Diagram::from_draughts(&after);
    diagram.mark_draughts_move(&mv);
    let pixmap = render(&diagram.to_svg());
    assert_eq!((pixmap.width(), pixmap.height()), (520, 520));
    // A light square, an empty dark one, a black man and a white man (their centres).
    let light = corner(Board::Draughts, "23");
    assert_eq!(pixel(&pixmap, light.0 + 75, light.1 + 25), "#eadbbf");
    let (x, y) = corner(Board::Draughts, "23");
    assert_eq!(pixel(&pixmap, x + 25, y + 25), "#a47d5a");
    let (x, y) = corner(Board::Draughts, "1");
    assert_eq!(pixel(&pixmap, x + 25, y + 25), "#262626");
    let (x, y) = corner(Board::Draughts, "50");
    assert_eq!(pixel(&pixmap, x + 25, y + 25), "#fbfaf5");
    // The last move's squares are lit: where the man came from is empty and lit.
    let from = Board::Draughts.square_name(diagram.marks().last().unwrap().0);
    let (x, y) = corner(Board::Draughts, &from.unwrap());
    assert_eq!(pixel(&pixmap, x + 25, y + 25), "#c4a43c");
}
