//! Board diagrams of chess and international draughts positions, as SVG for a page and as
//! Unicode or ASCII text for a terminal, with either side at the bottom and the last move marked.
//!
//! A [`Diagram`] knows no rules: it is a board ([`Board::Chess`], 8x8, or [`Board::Draughts`],
//! 10x10), a [`Piece`] or nothing on each [`Cell`], the side at the bottom, and the squares of
//! the last move. The `chess` and `draughts` features (both on by default) fill one from a
//! `chess_rules::Position` or a `draughts_rules::Position` and mark their moves.
//!
//! # Examples
//!
//! ```
//! use board_diagram::{Color, Diagram};
//! use chess_rules::{Move, Position, Role, Square};
//!
//! let e4 = Move::normal(Role::Pawn, Square::E2, Square::E4);
//! let after = Position::new().play(e4).unwrap();
//! let mut diagram = Diagram::from_chess(&after);
//! diagram.mark_chess_move(e4);
//!
//! let text = diagram.to_ascii();
//! assert_eq!(text.lines().nth(4), Some("4  .  .  .  . [P] .  .  ."));
//! assert!(diagram.to_unicode().starts_with("8  ♜  ♞  ♝  ♛  ♚  ♝  ♞  ♜\n"));
//!
//! let svg = diagram.with_orientation(Color::Black).to_svg();
//! assert!(svg.contains(r#"class="piece white pawn" data-square="e4""#));
//! assert!(svg.contains(r#"class="square light last-move from" data-square="e2""#));
//! ```

#[cfg(feature = "chess")]
mod chess;
#[cfg(feature = "draughts")]
mod draughts;
mod pieces;
mod svg;
mod text;

use std::fmt;

pub use board_core::Color;

/// The board a diagram is drawn on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Board {
    /// 8x8; every square is named (`a1`..`h8`) and takes a piece; `a1` is dark.
    Chess,
    /// 10x10 international draughts; only the 50 dark squares are played on, numbered 1 to 50
    /// (Manoury) from the top left as White sees the board.
    Draughts,
}

impl Board {
    /// The number of rows and of columns: 8 or 10.
    #[must_use]
    pub const fn size(self) -> u8 {
        match self {
            Board::Chess => 8,
            Board::Draughts => 10,
        }
    }

    /// `true` for a dark square. Both boards have a light square at the top left as White
    /// sees them (`a8`, and the corner beside square 1).
    #[must_use]
    pub const fn is_dark(self, cell: Cell) -> bool {
        (cell.row + cell.column) % 2 == 1
    }

    /// `true` for a square the game is played on: every chess square, the dark draughts ones.
    #[must_use]
    pub const fn is_playable(self, cell: Cell) -> bool {
        match self {
            Board::Chess => true,
            Board::Draughts => self.is_dark(cell),
        }
    }

    /// The name of a playable square: `e4` on a chess board, the Manoury number `32` on a
    /// draughts board; `None` for a light draughts square or a cell off the board.
    ///
    /// # Examples
    ///
    /// ```
    /// use board_diagram::{Board, Cell};
    ///
    /// assert_eq!(Board::Chess.square_name(Cell::new(7, 4)).as_deref(), Some("e1"));
    /// assert_eq!(Board::Draughts.square_name(Cell::new(6, 3)).as_deref(), Some("32"));
    /// assert_eq!(Board::Draughts.square_name(Cell::new(0, 0)), None);
    /// ```
    #[must_use]
    pub fn square_name(self, cell: Cell) -> Option<String> {
        if cell.row >= self.size() || cell.column >= self.size() || !self.is_playable(cell) {
            return None;
        }
        Some(match self {
            Board::Chess => format!("{}{}", char::from(b'a' + cell.column), 8 - cell.row),
            Board::Draughts => (cell.row * 5 + cell.column / 2 + 1).to_string(),
        })
    }

    /// The cell of a square named as [`Board::square_name`] names it.
    ///
    /// # Examples
    ///
    /// ```
    /// use board_diagram::{Board, Cell};
    ///
    /// assert_eq!(Board::Chess.cell("a8"), Some(Cell::new(0, 0)));
    /// assert_eq!(Board::Draughts.cell("46"), Some(Cell::new(9, 0)));
    /// assert_eq!(Board::Draughts.cell("51"), None);
    /// ```
    #[must_use]
    pub fn cell(self, name: &str) -> Option<Cell> {
        match (self, name.as_bytes()) {
            (Board::Chess, &[file @ b'a'..=b'h', rank @ b'1'..=b'8']) => {
                Some(Cell::new(b'8' - rank, file - b'a'))
            }
            (Board::Chess, _) => None,
            (Board::Draughts, _) => {
                let number: u8 = name.parse().ok().filter(|n| (1..=50).contains(n))?;
                let row = (number - 1) / 5;
                let column = 2 * ((number - 1) % 5) + u8::from(row.is_multiple_of(2));
                Some(Cell::new(row, column))
            }
        }
    }

    /// The board's name in the SVG classes: `chess` or `draughts`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Board::Chess => "chess",
            Board::Draughts => "draughts",
        }
    }
}

/// A place on the board as White sees it: row 0 at the top (rank 8, or draughts squares 1-5),
/// column 0 at the left (the a-file).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    row: u8,
    column: u8,
}

impl Cell {
    /// The cell on `row` and `column`.
    ///
    /// # Panics
    ///
    /// Panics unless both are below 10.
    #[must_use]
    #[track_caller]
    pub const fn new(row: u8, column: u8) -> Cell {
        assert!(row < 10 && column < 10, "cell out of range 0..10");
        Cell { row, column }
    }

    /// The row, 0 at the top as White sees the board.
    #[must_use]
    pub const fn row(self) -> u8 {
        self.row
    }

    /// The column, 0 at the left as White sees the board.
    #[must_use]
    pub const fn column(self) -> u8 {
        self.column
    }

    const fn index(self) -> usize {
        self.row as usize * 10 + self.column as usize
    }
}

/// What a piece is: the six chess pieces, the draughts man and king.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[allow(missing_docs, reason = "the variants are the piece names")]
pub enum Figure {
    Pawn,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
    Man,
    /// The draughts king (a crowned man).
    DraughtsKing,
}

impl Figure {
    /// The English name, as the SVG class names it: `pawn`, ..., `king`, `man`, and `king`
    /// again for the draughts king.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Figure::Pawn => "pawn",
            Figure::Knight => "knight",
            Figure::Bishop => "bishop",
            Figure::Rook => "rook",
            Figure::Queen => "queen",
            Figure::King | Figure::DraughtsKing => "king",
            Figure::Man => "man",
        }
    }
}

/// A piece: a colour and a figure.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece.
    pub color: Color,
    /// What piece.
    pub figure: Figure,
}

impl Piece {
    /// A piece of `color` and `figure`.
    #[must_use]
    pub const fn new(color: Color, figure: Figure) -> Piece {
        Piece { color, figure }
    }

    /// The letter of ASCII diagrams: FEN letters for chess (`K Q R B N P`, lower case for
    /// Black), `w W b B` for draughts men and kings.
    #[must_use]
    pub const fn ascii(self) -> char {
        let white = matches!(self.color, Color::White);
        let letter = match self.figure {
            Figure::Pawn => 'p',
            Figure::Knight => 'n',
            Figure::Bishop => 'b',
            Figure::Rook => 'r',
            Figure::Queen => 'q',
            Figure::King => 'k',
            Figure::Man => return if white { 'w' } else { 'b' },
            Figure::DraughtsKing => return if white { 'W' } else { 'B' },
        };
        if white {
            letter.to_ascii_uppercase()
        } else {
            letter
        }
    }

    /// The Unicode symbol: chess figurines `♔♕♖♗♘♙` and `♚♛♜♝♞♟`, draughts `⛀⛁` (white man,
    /// king) and `⛂⛃` (black).
    #[must_use]
    pub const fn unicode(self) -> char {
        let symbols = match self.color {
            Color::White => ['♙', '♘', '♗', '♖', '♕', '♔', '⛀', '⛁'],
            Color::Black => ['♟', '♞', '♝', '♜', '♛', '♚', '⛂', '⛃'],
        };
        symbols[self.figure as usize]
    }
}

/// How a square took part in the last move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Mark {
    /// The square the piece left.
    From,
    /// The square where it ended.
    To,
    /// A square a draughts piece landed on between two captures.
    Path,
    /// The square of a piece a draughts capture took.
    Captured,
}

impl Mark {
    /// The name in the SVG classes: `from`, `to`, `path`, `captured`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Mark::From => "from",
            Mark::To => "to",
            Mark::Path => "path",
            Mark::Captured => "captured",
        }
    }
}

/// A board, its pieces, the side at the bottom and the marks of the last move.
///
/// # Examples
///
/// ```
/// use board_diagram::{Board, Cell, Color, Diagram, Figure, Piece};
///
/// let mut diagram = Diagram::new(Board::Draughts);
/// diagram.set_piece(Cell::new(6, 3), Some(Piece::new(Color::White, Figure::Man)));
/// assert_eq!(diagram.pieces().count(), 1);
/// let text = diagram.to_ascii();
/// assert_eq!(text.lines().nth(6), Some("31     .     w     .     .     .  35"));
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Diagram {
    board: Board,
    cells: [Option<Piece>; 100],
    marks: [Option<Mark>; 100],
    bottom: Color,
}

impl Diagram {
    /// An empty board, White at the bottom.
    #[must_use]
    pub const fn new(board: Board) -> Diagram {
        Diagram {
            board,
            cells: [None; 100],
            marks: [None; 100],
            bottom: Color::White,
        }
    }

    /// The board.
    #[must_use]
    pub const fn board(&self) -> Board {
        self.board
    }

    /// The piece on `cell`.
    #[must_use]
    pub const fn piece(&self, cell: Cell) -> Option<Piece> {
        self.cells[cell.index()]
    }

    /// Puts `piece` on `cell`, or empties it.
    ///
    /// # Panics
    ///
    /// Panics if `cell` is off this board (row or column 8 or 9 of a chess board).
    #[track_caller]
    pub fn set_piece(&mut self, cell: Cell, piece: Option<Piece>) {
        self.check(cell);
        self.cells[cell.index()] = piece;
    }

    /// Every piece with its cell, row by row from the top as White sees the board.
    pub fn pieces(&self) -> impl Iterator<Item = (Cell, Piece)> + '_ {
        self.cells_in_order()
            .filter_map(|cell| self.piece(cell).map(|p| (cell, p)))
    }

    /// The side at the bottom of the diagram.
    #[must_use]
    pub const fn orientation(&self) -> Color {
        self.bottom
    }

    /// Puts `bottom`'s side at the bottom: from Black, the board is turned round (`h8` at the
    /// bottom left, square 50 at the top left).
    pub const fn set_orientation(&mut self, bottom: Color) {
        self.bottom = bottom;
    }

    /// The diagram with `bottom`'s side at the bottom.
    #[must_use]
    pub const fn with_orientation(mut self, bottom: Color) -> Diagram {
        self.bottom = bottom;
        self
    }

    /// Marks `cell` as part of the last move; a later mark on the same cell replaces it.
    ///
    /// # Panics
    ///
    /// Panics if `cell` is off this board.
    #[track_caller]
    pub fn mark(&mut self, cell: Cell, mark: Mark) {
        self.check(cell);
        self.marks[cell.index()] = Some(mark);
    }

    /// The mark of `cell`, if it took part in the last move.
    #[must_use]
    pub const fn mark_of(&self, cell: Cell) -> Option<Mark> {
        self.marks[cell.index()]
    }

    /// Takes every mark away.
    pub fn clear_marks(&mut self) {
        self.marks = [None; 100];
    }

    /// The marked cells, row by row from the top as White sees the board.
    pub fn marks(&self) -> impl Iterator<Item = (Cell, Mark)> + '_ {
        self.cells_in_order()
            .filter_map(|cell| self.mark_of(cell).map(|m| (cell, m)))
    }

    /// The diagram as a standalone SVG document, scaled by its `viewBox`.
    ///
    /// Every playable square is a `rect` with the classes `square`, `light` or `dark`, and
    /// `last-move` and its [`Mark`] name when marked, and `data-square` its name: 64 squares
    /// for chess; for draughts the 50 dark squares on a light board. Every piece is a `g`
    /// with the classes `piece`, its colour and its [`Figure`] name, and `data-square`. The
    /// pieces are drawn with shapes, no font; the coordinates (chess) and square numbers
    /// (draughts) are `text` in a generic sans-serif font.
    ///
    /// # Examples
    ///
    /// ```
    /// use board_diagram::Diagram;
    ///
    /// let svg = Diagram::from_draughts(&draughts_rules::Position::new()).to_svg();
    /// assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    /// assert_eq!(svg.matches("class=\"square dark").count(), 50);
    /// assert_eq!(svg.matches("class=\"piece black man\"").count(), 20);
    /// ```
    #[must_use]
    pub fn to_svg(&self) -> String {
        svg::write(self)
    }

    /// The diagram as Unicode text: figurines, `·` on empty squares, the last move's squares
    /// in brackets `[♙]`, draughts captures as `×`; rank and file coordinates around a chess
    /// board, the first and last square numbers of each row beside a draughts board.
    #[must_use]
    pub fn to_unicode(&self) -> String {
        text::write(self, Piece::unicode, '·', '×')
    }

    /// The diagram as ASCII text: as [`Diagram::to_unicode`] with the letters of
    /// [`Piece::ascii`], `.` on empty squares and `x` on captures.
    #[must_use]
    pub fn to_ascii(&self) -> String {
        text::write(self, Piece::ascii, '.', 'x')
    }

    /// The cells of the board, row by row from the top as White sees it.
    fn cells_in_order(&self) -> impl Iterator<Item = Cell> + use<> {
        let size = self.board.size();
        (0..size).flat_map(move |row| (0..size).map(move |column| Cell::new(row, column)))
    }

    /// The cell drawn at `row` and `column` of the picture, counted from its top left.
    const fn cell_at(&self, row: u8, column: u8) -> Cell {
        let last = self.board.size() - 1;
        match self.bottom {
            Color::White => Cell::new(row, column),
            Color::Black => Cell::new(last - row, last - column),
        }
    }

    #[track_caller]
    fn check(&self, cell: Cell) {
        let size = self.board.size();
        assert!(
            cell.row < size && cell.column < size,
            "cell {cell:?} is off the {} board",
            self.board.name()
        );
    }
}

impl fmt::Debug for Diagram {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Diagram({:?}, ", self.board)?;
        for (cell, piece) in self.pieces() {
            let name = self.board.square_name(cell).unwrap_or_default();
            write!(f, "{}{name} ", piece.ascii())?;
        }
        write!(f, "{:?} at the bottom)", self.bottom)
    }
}

/// The text diagram, Unicode.
impl fmt::Display for Diagram {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_unicode())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_cells_agree() {
        for board in [Board::Chess, Board::Draughts] {
            let mut named = 0;
            for row in 0..board.size() {
                for column in 0..board.size() {
                    let cell = Cell::new(row, column);
                    if let Some(name) = board.square_name(cell) {
                        named += 1;
                        assert_eq!(board.cell(&name), Some(cell), "{name}");
                    }
                }
            }
            assert_eq!(named, if board == Board::Chess { 64 } else { 50 });
        }
        assert!(Board::Chess.is_dark(Board::Chess.cell("a1").unwrap()));
        assert!(!Board::Chess.is_dark(Board::Chess.cell("h1").unwrap()));
        assert_eq!(Board::Draughts.cell("1"), Some(Cell::new(0, 1)));
        assert_eq!(Board::Draughts.cell("50"), Some(Cell::new(9, 8)));
    }

    #[test]
    fn black_at_the_bottom_turns_the_board_round() {
        let diagram = Diagram::new(Board::Chess).with_orientation(Color::Black);
        assert_eq!(diagram.cell_at(0, 0), Board::Chess.cell("h1").unwrap());
        assert_eq!(diagram.cell_at(7, 0), Board::Chess.cell("h8").unwrap());
        let diagram = Diagram::new(Board::Draughts).with_orientation(Color::Black);
        assert_eq!(diagram.cell_at(0, 1), Board::Draughts.cell("50").unwrap());
    }

    #[test]
    fn letters_and_symbols() {
        let white_knight = Piece::new(Color::White, Figure::Knight);
        assert_eq!((white_knight.ascii(), white_knight.unicode()), ('N', '♘'));
        let black_king = Piece::new(Color::Black, Figure::DraughtsKing);
        assert_eq!((black_king.ascii(), black_king.unicode()), ('B', '⛃'));
        assert_eq!(black_king.figure.name(), "king");
    }

    #[test]
    #[should_panic(expected = "off the chess board")]
    fn a_chess_board_has_eight_rows() {
        Diagram::new(Board::Chess).set_piece(Cell::new(8, 0), None);
    }
}

/// The README's example, run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
