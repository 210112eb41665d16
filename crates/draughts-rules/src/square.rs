//! Squares in Manoury numbering, piece roles and pieces.

use std::fmt;
use std::str::FromStr;

use board_core::Color;

/// One of the 50 dark squares, numbered 1 to 50 in Manoury numbering.
///
/// Seen from White's side, the numbers run left to right, row by row, from the first dark square
/// of the top row (1, Black's side) to the last dark square of the bottom row (50). Rows count
/// from 0 at the top, columns from 0 at the left, both as White sees the board; square 1 is on
/// row 0, column 1, and square 46 on row 9, column 0.
///
/// The text form is the number; reading also takes the leading zero of scoresheets (`01`..`09`).
///
/// # Examples
///
/// ```
/// use draughts_rules::Square;
///
/// let sq: Square = "32".parse().unwrap();
/// assert_eq!(sq, Square::new(32));
/// assert_eq!((sq.row(), sq.column()), (6, 3));
/// assert_eq!(Square::from_row_column(9, 0), Some(Square::new(46)));
/// assert_eq!(Square::from_row_column(9, 1), None); // a light square
/// assert_eq!("07".parse::<Square>().unwrap().to_string(), "7");
/// assert_eq!(Square::new(1).rotated(), Square::new(50)); // the board seen from Black's side
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(transparent)]
pub struct Square(u8);

impl Square {
    /// Square 1, top left as White sees the board.
    pub const MIN: Square = Square(1);
    /// Square 50, bottom right as White sees the board.
    pub const MAX: Square = Square(50);

    /// The square with Manoury number `number`.
    ///
    /// # Panics
    ///
    /// Panics unless `number` is between 1 and 50.
    #[must_use]
    #[track_caller]
    pub const fn new(number: u8) -> Square {
        assert!(
            number >= 1 && number <= 50,
            "square number out of range 1..=50"
        );
        Square(number)
    }

    /// The square with Manoury number `number`, if it is between 1 and 50.
    #[must_use]
    pub const fn from_number(number: u32) -> Option<Square> {
        if number >= 1 && number <= 50 {
            Some(Square(number as u8))
        } else {
            None
        }
    }

    /// The square from its index, 0 for square 1.
    ///
    /// # Panics
    ///
    /// Panics if `index` is 50 or more.
    #[must_use]
    #[track_caller]
    pub const fn from_index(index: usize) -> Square {
        assert!(index < 50, "square index out of range 0..50");
        Square(index as u8 + 1)
    }

    /// Reads a square number, `1`..`50`, with an optional leading zero (`01`).
    ///
    /// # Errors
    ///
    /// [`ParseSquareError`] unless the bytes are one or two digits naming a number from 1 to 50.
    pub const fn from_ascii(s: &[u8]) -> Result<Square, ParseSquareError> {
        let number = match *s {
            [d] if d.is_ascii_digit() => (d - b'0') as u32,
            [d1, d2] if d1.is_ascii_digit() && d2.is_ascii_digit() => {
                (d1 - b'0') as u32 * 10 + (d2 - b'0') as u32
            }
            _ => return Err(ParseSquareError),
        };
        match Square::from_number(number) {
            Some(sq) => Ok(sq),
            None => Err(ParseSquareError),
        }
    }

    /// The Manoury number, 1 to 50.
    #[must_use]
    pub const fn number(self) -> u8 {
        self.0
    }

    /// The index, 0 for square 1 to 49 for square 50.
    #[must_use]
    pub const fn to_usize(self) -> usize {
        self.0 as usize - 1
    }

    /// The row, 0 (Black's back row, squares 1-5) to 9 (White's back row, squares 46-50).
    #[must_use]
    pub const fn row(self) -> u8 {
        (self.0 - 1) / 5
    }

    /// The column as White sees the board, 0 (left) to 9 (right).
    #[must_use]
    pub const fn column(self) -> u8 {
        let row = self.row();
        2 * ((self.0 - 1) % 5) + if row.is_multiple_of(2) { 1 } else { 0 }
    }

    /// The dark square on `row` and `column` (both 0..=9, as White sees the board), or `None`
    /// for a light square or coordinates off the board.
    #[must_use]
    pub const fn from_row_column(row: u8, column: u8) -> Option<Square> {
        if row >= 10 || column >= 10 || (row + column).is_multiple_of(2) {
            None
        } else {
            Some(Square(row * 5 + column / 2 + 1))
        }
    }

    /// The square `rows` rows down and `columns` columns to the right (as White sees the board),
    /// if that is a dark square on the board.
    #[must_use]
    pub const fn offset(self, rows: i32, columns: i32) -> Option<Square> {
        let row = self.row() as i32 + rows;
        let column = self.column() as i32 + columns;
        if row < 0 || row >= 10 || column < 0 || column >= 10 {
            None
        } else {
            Square::from_row_column(row as u8, column as u8)
        }
    }

    /// The square in the same place when the board is turned to be seen from Black's side:
    /// `n` becomes `51 - n`. Drawing a diagram from Black's side puts `sq.rotated()` where White's
    /// diagram puts `sq`.
    #[must_use]
    pub const fn rotated(self) -> Square {
        Square(51 - self.0)
    }

    /// `true` if a man of `color` ending its move here becomes a king: squares 1-5 for White,
    /// 46-50 for Black.
    #[must_use]
    pub const fn is_promotion_square(self, color: Color) -> bool {
        match color {
            Color::White => self.0 <= 5,
            Color::Black => self.0 >= 46,
        }
    }

    /// The bitboard with just this square.
    #[must_use]
    pub const fn bitboard(self) -> crate::Bitboard {
        crate::Bitboard::from_square(self)
    }

    /// All 50 squares, 1 first.
    pub fn all() -> impl DoubleEndedIterator<Item = Square> + ExactSizeIterator {
        (1..=50).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A text that is not a square number from 1 to 50.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseSquareError;

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("expected a square number from 1 to 50")
    }
}

impl std::error::Error for ParseSquareError {}

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        Square::from_ascii(s.as_bytes())
    }
}

impl From<Square> for u8 {
    fn from(sq: Square) -> u8 {
        sq.0
    }
}

impl TryFrom<u8> for Square {
    type Error = ParseSquareError;

    fn try_from(number: u8) -> Result<Square, ParseSquareError> {
        Square::from_number(u32::from(number)).ok_or(ParseSquareError)
    }
}

#[cfg(feature = "arbitrary")]
impl<'a> arbitrary::Arbitrary<'a> for Square {
    fn arbitrary(u: &mut arbitrary::Unstructured<'a>) -> arbitrary::Result<Square> {
        Ok(Square(u.int_in_range(1..=50)?))
    }
}

/// Squares serialize as their number.
#[cfg(feature = "serde")]
impl serde::Serialize for Square {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(self.0)
    }
}

/// Squares deserialize from their number, or from its text (`"32"`).
#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Square {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Square, D::Error> {
        struct Visitor;

        impl serde::de::Visitor<'_> for Visitor {
            type Value = Square;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a square number from 1 to 50")
            }

            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Square, E> {
                u32::try_from(v)
                    .ok()
                    .and_then(Square::from_number)
                    .ok_or_else(|| E::custom(ParseSquareError))
            }

            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Square, E> {
                u32::try_from(v)
                    .ok()
                    .and_then(Square::from_number)
                    .ok_or_else(|| E::custom(ParseSquareError))
            }

            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Square, E> {
                v.parse().map_err(E::custom)
            }
        }

        d.deserialize_any(Visitor)
    }
}

/// What a piece is, regardless of colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[repr(u8)]
pub enum Role {
    /// A man: moves one square forward, captures forward and backward.
    Man = 0,
    /// A king: flies any distance along a diagonal.
    King = 1,
}

/// A piece: a colour and a role.
///
/// # Examples
///
/// ```
/// use draughts_rules::{Color, Piece, Role};
///
/// let king = Piece::new(Color::Black, Role::King);
/// assert_eq!(king.char(), 'B');
/// assert_eq!(Piece::from_char('w'), Some(Piece::new(Color::White, Role::Man)));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct Piece {
    /// Whose piece.
    pub color: Color,
    /// Man or king.
    pub role: Role,
}

impl Piece {
    /// A piece of `color` and `role`.
    #[must_use]
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// The board letter: `w` and `b` for men, `W` and `B` for kings.
    #[must_use]
    pub const fn char(self) -> char {
        match (self.color, self.role) {
            (Color::White, Role::Man) => 'w',
            (Color::White, Role::King) => 'W',
            (Color::Black, Role::Man) => 'b',
            (Color::Black, Role::King) => 'B',
        }
    }

    /// The piece of a board letter, see [`Piece::char`].
    #[must_use]
    pub const fn from_char(ch: char) -> Option<Piece> {
        match ch {
            'w' => Some(Piece::new(Color::White, Role::Man)),
            'W' => Some(Piece::new(Color::White, Role::King)),
            'b' => Some(Piece::new(Color::Black, Role::Man)),
            'B' => Some(Piece::new(Color::Black, Role::King)),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_text_round_trips() {
        for sq in Square::all() {
            assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
            assert_eq!(Square::from_index(sq.to_usize()), sq);
            assert_eq!(Square::from_row_column(sq.row(), sq.column()), Some(sq));
            assert_eq!(sq.rotated().rotated(), sq);
            assert_eq!(sq.rotated().row(), 9 - sq.row());
            assert_eq!(sq.rotated().column(), 9 - sq.column());
        }
        for bad in ["0", "51", "", "1a", "100", "-1", "00"] {
            assert_eq!(bad.parse::<Square>(), Err(ParseSquareError), "{bad:?}");
        }
        assert_eq!("05".parse::<Square>(), Ok(Square::new(5)));
    }

    /// The facts of the Manoury numbering listed in the seed document.
    #[test]
    fn manoury_landmarks() {
        let numbers = |f: &dyn Fn(Square) -> bool| -> Vec<u8> {
            Square::all()
                .filter(|s| f(*s))
                .map(Square::number)
                .collect()
        };
        assert_eq!(numbers(&|s| s.row() == 0), [1, 2, 3, 4, 5]);
        assert_eq!(numbers(&|s| s.row() == 9), [46, 47, 48, 49, 50]);
        assert_eq!(numbers(&|s| s.column() == 0), [6, 16, 26, 36, 46]);
        assert_eq!(numbers(&|s| s.column() == 9), [5, 15, 25, 35, 45]);
        // The long diagonal runs from 5 to 46.
        assert_eq!(
            numbers(&|s| s.row() + s.column() == 9),
            [5, 10, 14, 19, 23, 28, 32, 37, 41, 46]
        );
        // The tric-trac: the two diagonals beside the double corner.
        assert_eq!(
            numbers(&|s| s.column() == s.row() + 1),
            [1, 7, 12, 18, 23, 29, 34, 40, 45]
        );
        assert_eq!(
            numbers(&|s| s.row() == s.column() + 1),
            [6, 11, 17, 22, 28, 33, 39, 44, 50]
        );
        assert_eq!(Square::new(1).offset(1, -1), Some(Square::new(6)));
        assert_eq!(Square::new(6).offset(1, -1), None);
    }
}
