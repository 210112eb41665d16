//! Text diagrams read as positions, so that a diagram inside a game can be checked against the
//! replayed position, and a diagram before an example can be the position its moves start from.
//!
//! A board is eight rank lines, top to bottom (White at the foot unless the caption above the
//! board is `WHITE`), with borders (`+---+`, `|----|`), rank numbers and file letters around
//! them passed over. A rank is cut into its eight squares at its bars (`| #R |    | #B |`), by
//! the width between its outer bars when inner lines cross it (`| ^P-|----|`), or at blanks
//! (`r . b q k b . r`). A square holds nothing (blanks, `.`, `-`, `:`) or one piece: its letter
//! (`Kt` for the knight), Black's marked `#R`, `*K` or `R*`, White's `^B`, `wK`/`bK`, or, with
//! no mark, White's in capitals and Black's in small letters. Anything else in a square (a
//! number drawn on a board that shows how a piece moves) makes it a picture, not a position.

use chess_rules::{CastlingSide, Color, Piece, Position, Role, Setup, Square};

use crate::DescriptivePosition;

/// The pieces of a diagram, by square (a1 first).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Board(pub(crate) [Option<Piece>; 64]);

impl Board {
    /// The pieces of a position.
    pub(crate) fn of(pos: &Position) -> Board {
        let mut squares = [None; 64];
        for (k, slot) in squares.iter_mut().enumerate() {
            *slot = pos.piece_at(Square::new(k as u32));
        }
        Board(squares)
    }

    /// The position with these pieces, `turn` to move at move `fullmove`; castling rights
    /// where a king and rook stand on their first squares. `None` when no legal position has
    /// these pieces with that side to move (the other side in check).
    pub(crate) fn position(&self, turn: Color, fullmove: u32) -> Option<DescriptivePosition> {
        let mut setup = Setup::new();
        for (k, piece) in self.0.iter().enumerate() {
            if let Some(piece) = piece {
                setup.put(Square::new(k as u32), *piece);
            }
        }
        let at = |sq: Square, color: Color, role: Role| {
            self.0[sq.to_usize()] == Some(Piece { color, role })
        };
        for (king, rooks, color) in [
            (Square::E1, [Square::H1, Square::A1], Color::White),
            (Square::E8, [Square::H8, Square::A8], Color::Black),
        ] {
            if at(king, color, Role::King) {
                for (rook, side) in rooks.into_iter().zip(CastlingSide::ALL) {
                    if at(rook, color, Role::Rook) {
                        setup.castling(color, side);
                    }
                }
            }
        }
        setup.turn(turn).fullmoves(fullmove);
        let chess = setup.position().ok()?;
        Some(DescriptivePosition::from_position(chess))
    }

    /// The FEN's first field, which the tests compare.
    #[cfg(test)]
    pub(crate) fn placement(&self) -> String {
        use chess_rules::{File, Rank};
        let mut out = String::with_capacity(72);
        for rank in Rank::ALL.into_iter().rev() {
            let mut empty = 0;
            for file in File::ALL {
                match self.0[Square::from_coords(file, rank).to_usize()] {
                    Some(piece) => {
                        if empty > 0 {
                            out.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        out.push(piece.char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                out.push(char::from(b'0' + empty));
            }
            if rank != Rank::ALL[0] {
                out.push('/');
            }
        }
        out
    }

    /// The squares where `self` (the diagram) and `game` differ: `d5 (diagram n, game -)`.
    pub(crate) fn differences(&self, game: &Board) -> Vec<String> {
        let name = |p: Option<Piece>| p.map_or('-', Piece::char);
        (0..64)
            .filter(|&k| self.0[k] != game.0[k])
            .map(|k| {
                format!(
                    "{} (diagram {}, game {})",
                    Square::new(k as u32),
                    name(self.0[k]),
                    name(game.0[k])
                )
            })
            .collect()
    }
}

/// A border line of a board: `+---+---+`, `|------------|`, `=====`. A rank of empty squares
/// (`|    |    |`, or with lines drawn over it, `|    |  +-|----|`) has blanks in its squares.
fn is_border(t: &str) -> bool {
    t.chars().all(|c| matches!(c, '+' | '-' | '=' | '_' | '|')) && t.contains(['+', '-', '=', '_'])
}

/// The file letters under or over a board: `a b c d e f g h`, `A    B    C ...`.
fn is_files(t: &str) -> bool {
    let words: Vec<&str> = t.split_whitespace().collect();
    words.len() == 8
        && words
            .iter()
            .zip("abcdefgh".chars())
            .all(|(w, c)| w.len() == 1 && w.to_ascii_lowercase().starts_with(c))
}

/// What a square of a diagram holds: `Some(None)` for nothing, `None` when it is not a square
/// of a position.
fn square(cell: &str) -> Option<Option<Piece>> {
    let c = cell.trim_matches(|c: char| {
        c.is_whitespace() || matches!(c, '+' | '-' | '=' | '_' | '|' | '(' | ')' | '[' | ']')
    });
    if c.is_empty() || matches!(c, "." | ":" | ".." | "::" | "#" | "*" | "**") {
        return Some(None);
    }
    let (mark, body) = if let Some(rest) = c.strip_prefix(['#', '*']) {
        (Some(Color::Black), rest)
    } else if let Some(rest) = c.strip_prefix('^') {
        (Some(Color::White), rest)
    } else if let Some(rest) = c.strip_suffix('*') {
        (Some(Color::Black), rest)
    } else {
        (None, c)
    };
    let (mark, body) = match (mark, body.as_bytes()) {
        (None, [b'b' | b'B', second]) if second.is_ascii_uppercase() => {
            (Some(Color::Black), &body[1..])
        }
        (None, [b'w' | b'W', second]) if second.is_ascii_uppercase() => {
            (Some(Color::White), &body[1..])
        }
        _ => (mark, body),
    };
    let role = match body {
        "Kt" | "kt" | "KT" => Role::Knight,
        _ if body.len() == 1 => Role::from_char(body.chars().next()?.to_ascii_lowercase())?,
        _ => return None,
    };
    let color = mark.unwrap_or(if body.starts_with(|c: char| c.is_ascii_uppercase()) {
        Color::White
    } else {
        Color::Black
    });
    Some(Some(Piece { color, role }))
}

/// The eight squares of a rank line, left to right; `None` if it is not one.
fn rank(line: &str) -> Option<[Option<Piece>; 8]> {
    // Rank numbers on either side.
    let t = line.trim_matches(|c: char| c.is_ascii_digit() || c.is_whitespace());
    let mut out = [None; 8];
    let bars = t.matches('|').count();
    if bars >= 2 {
        let first = t.find('|')?;
        let last = t.rfind('|')?;
        let inner = &t[first + 1..last];
        let cells: Vec<&str> = inner.split('|').collect();
        if cells.len() == 8 {
            for (slot, cell) in out.iter_mut().zip(cells) {
                *slot = square(cell)?;
            }
            return Some(out);
        }
        // Lines drawn across the board (`| ^P-|----|-+  |`): the squares by their width.
        let width = last - first;
        if !t.is_ascii() || width % 8 != 0 || width < 16 {
            return None;
        }
        let w = width / 8;
        for (k, slot) in out.iter_mut().enumerate() {
            let from = first + k * w + 1;
            *slot = square(&t[from..from + w - 1])?;
        }
        return Some(out);
    }
    let cells: Vec<&str> = t.split_whitespace().collect();
    if cells.len() != 8 {
        return None;
    }
    for (slot, cell) in out.iter_mut().zip(cells) {
        *slot = square(cell)?;
    }
    Some(out)
}

/// Reads the lines of a text diagram (ranks, borders, file letters) as a board: eight ranks,
/// one king of each side. `flipped` when White stands at the head (the caption over the board
/// is `WHITE`). `None` for anything else: half a board, a picture of a piece's moves.
pub(crate) fn read_board<'a>(
    lines: impl IntoIterator<Item = &'a str>,
    flipped: bool,
) -> Option<Board> {
    let mut ranks = Vec::with_capacity(8);
    for line in lines {
        let t = line.trim();
        if t.is_empty() || is_border(t) || is_files(t) {
            continue;
        }
        ranks.push(rank(t)?);
        if ranks.len() > 8 {
            return None;
        }
    }
    if ranks.len() != 8 {
        return None;
    }
    let mut squares = [None; 64];
    for (row, cells) in ranks.iter().enumerate() {
        for (col, piece) in cells.iter().enumerate() {
            let (file, rank) = if flipped {
                (7 - col, row)
            } else {
                (col, 7 - row)
            };
            squares[rank * 8 + file] = *piece;
        }
    }
    let kings = |color| {
        squares
            .iter()
            .filter(|p| {
                **p == Some(Piece {
                    color,
                    role: Role::King,
                })
            })
            .count()
    };
    (kings(Color::White) == 1 && kings(Color::Black) == 1).then_some(Board(squares))
}

/// The side a caption gives the move to: `WHITE TO PLAY.`, `[BLACK TO MOVE AND DRAW.]`,
/// `White to play and win.`
pub(crate) fn caption_side(line: &str) -> Option<Color> {
    let t = line
        .trim()
        .trim_start_matches(['[', '('])
        .to_ascii_lowercase();
    for (word, color) in [("white", Color::White), ("black", Color::Black)] {
        if let Some(rest) = t.strip_prefix(word)
            && (rest.starts_with(" to play") || rest.starts_with(" to move"))
        {
            return Some(color);
        }
    }
    None
}

/// The side a caption alone over or under a board names: `WHITE.`, `Black.`
pub(crate) fn caption_alone(line: &str) -> Option<Color> {
    match line
        .trim()
        .trim_end_matches(['.', ':'])
        .to_ascii_lowercase()
        .as_str()
    {
        "white" => Some(Color::White),
        "black" => Some(Color::Black),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_of_each_style() {
        // Hoyle's Games Modernized (1909), Fig. 1: `#` Black's, `^` White's, lines between ranks.
        let hoyle = "\
  +---------------------------------------+
  | #R | #Kt| #B | #Q | #K | #B | #Kt| #R |
  |---------------------------------------|
  | #P | #P | #P | #P | #P | #P | #P | #P |
  |---------------------------------------|
  |    |    |    |    |    |    |    |    |
  |---------------------------------------|
  |    |    |    |    |    |    |    |    |
  |---------------------------------------|
  |    |    |    |    |    |    |    |    |
  |---------------------------------------|
  |    |    |    |    |    |    |    |    |
  |---------------------------------------|
  | ^P | ^P | ^P | ^P | ^P | ^P | ^P | ^P |
  |---------------------------------------|
  | ^R | ^Kt| ^B | ^Q | ^K | ^B | ^Kt| ^R |
  +---------------------------------------+";
        let board = read_board(hoyle.lines(), false).unwrap();
        assert_eq!(board, Board::of(&Position::new()));
        // The Blue Book's `R*` for Black's, and small letters with dots.
        let staunton = "\
 +---+---+---+---+---+---+---+---+
 |   |   | K*|   |   |   |   |   |
 |   |   |   |   |   |   |   |   |
 |   | Q |   |   | K |   |   |   |
 |   |   |   |   |   |   |   |   |
 |   |   |   |   |   |   |   |   |
 |   |   |   |   |   |   |   |   |
 |   |   |   |   |   |   |   |   |
 |   |   |   |   |   |   |   |   |";
        assert_eq!(
            read_board(staunton.lines(), false).unwrap().placement(),
            "2k5/8/1Q2K3/8/8/8/8/8"
        );
        let letters = "8 r . b q k b . r\n7 p p p p . p p p\n6 . . n . . n . .\n5 . . . . p . . .\n4 . . . . P . . .\n3 . . N . . N . .\n2 P P P P . P P P\n1 R . B Q K B . R\n  a b c d e f g h";
        assert_eq!(
            read_board(letters.lines(), false).unwrap().placement(),
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R"
        );
    }

    #[test]
    fn lines_drawn_across_a_board_and_pictures() {
        // Hoyle's Fig. 14: the "square" of the pawn drawn over the board.
        let fig14 = "\
  |    |  +-|----|----|----|----|-+  |    |
  |-------|-----------------------|-------|
  |    |  | |    |    |    |    | |  |    |
  |    |  | |    |    |    |    | |  |    |
  |    |  | |    |    |    |    | |  |    |
  |    |  | |    |    |    |    | |  |    |
  |    | ^P-|----|----|----|----|-+  | #K |
  |---------------------------------------|
  |    |    |    |    |    |    |    |    |
  |    |    |    |    |    |    | ^K |    |";
        assert_eq!(
            read_board(fig14.lines(), false).unwrap().placement(),
            "8/8/8/8/8/1P5k/8/6K1"
        );
        // The Blue Book's picture of a rook's moves: numbers in squares, one piece.
        let picture =
            "|   |   |   |   | 1 |   |   |   |\n".repeat(7) + "| 4 |   |   |   | R*|   |   | 2 |";
        assert_eq!(read_board(picture.lines(), false), None);
        assert_eq!(
            caption_side("[BLACK TO MOVE AND DRAW.]"),
            Some(Color::Black)
        );
        assert_eq!(caption_side("WHITE TO PLAY."), Some(Color::White));
        assert_eq!(caption_alone("White."), Some(Color::White));
    }
}
