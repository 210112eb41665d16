//! Squares, files, ranks, piece roles and pieces.

use std::fmt;
use std::str::FromStr;

use board_core::Color;

/// A file, `a` to `h`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[repr(u8)]
#[allow(missing_docs, reason = "the variants are the file letters")]
pub enum File {
    A = 0,
    B,
    C,
    D,
    E,
    F,
    G,
    H,
}

/// A rank, `1` to `8`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[repr(u8)]
#[allow(missing_docs, reason = "the variants are the rank numbers")]
pub enum Rank {
    First = 0,
    Second,
    Third,
    Fourth,
    Fifth,
    Sixth,
    Seventh,
    Eighth,
}

impl File {
    /// All files, `a` first.
    pub const ALL: [File; 8] = [
        File::A,
        File::B,
        File::C,
        File::D,
        File::E,
        File::F,
        File::G,
        File::H,
    ];

    /// The file from its index, 0 for `a`.
    ///
    /// # Panics
    ///
    /// Panics if `index` is 8 or more.
    #[must_use]
    #[track_caller]
    pub const fn new(index: u32) -> File {
        assert!(index < 8, "file index out of range");
        File::ALL[index as usize]
    }

    /// The file of a letter `a`..`h` (lower case only, as algebraic notation writes it).
    #[must_use]
    pub const fn from_char(ch: char) -> Option<File> {
        match ch {
            'a'..='h' => Some(File::ALL[(ch as u8 - b'a') as usize]),
            _ => None,
        }
    }

    /// The letter, `'a'`..`'h'`.
    #[must_use]
    pub const fn char(self) -> char {
        (b'a' + self as u8) as char
    }

    /// The upper-case letter, as Shredder-FEN writes White's castling rights.
    #[must_use]
    pub const fn upper_char(self) -> char {
        (b'A' + self as u8) as char
    }

    /// The index, 0 for `a`.
    #[must_use]
    pub const fn to_usize(self) -> usize {
        self as usize
    }

    /// The file `delta` files to the right, if on the board.
    #[must_use]
    pub const fn offset(self, delta: i32) -> Option<File> {
        let index = self as i32 + delta;
        if index >= 0 && index < 8 {
            Some(File::ALL[index as usize])
        } else {
            None
        }
    }
}

impl Rank {
    /// All ranks, first rank first.
    pub const ALL: [Rank; 8] = [
        Rank::First,
        Rank::Second,
        Rank::Third,
        Rank::Fourth,
        Rank::Fifth,
        Rank::Sixth,
        Rank::Seventh,
        Rank::Eighth,
    ];

    /// The rank from its index, 0 for the first rank.
    ///
    /// # Panics
    ///
    /// Panics if `index` is 8 or more.
    #[must_use]
    #[track_caller]
    pub const fn new(index: u32) -> Rank {
        assert!(index < 8, "rank index out of range");
        Rank::ALL[index as usize]
    }

    /// The rank of a digit `1`..`8`.
    #[must_use]
    pub const fn from_char(ch: char) -> Option<Rank> {
        match ch {
            '1'..='8' => Some(Rank::ALL[(ch as u8 - b'1') as usize]),
            _ => None,
        }
    }

    /// The digit, `'1'`..`'8'`.
    #[must_use]
    pub const fn char(self) -> char {
        (b'1' + self as u8) as char
    }

    /// The index, 0 for the first rank.
    #[must_use]
    pub const fn to_usize(self) -> usize {
        self as usize
    }

    /// The same rank seen from the other side: the first rank becomes the eighth.
    #[must_use]
    pub const fn flip(self) -> Rank {
        Rank::ALL[7 - self as usize]
    }

    /// The rank as `color` counts it (White's first rank is Black's eighth).
    #[must_use]
    pub const fn relative_to(self, color: Color) -> Rank {
        match color {
            Color::White => self,
            Color::Black => self.flip(),
        }
    }

    /// The rank `delta` ranks up, if on the board.
    #[must_use]
    pub const fn offset(self, delta: i32) -> Option<Rank> {
        let index = self as i32 + delta;
        if index >= 0 && index < 8 {
            Some(Rank::ALL[index as usize])
        } else {
            None
        }
    }
}

impl fmt::Display for File {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

/// One of the 64 squares, `a1` = 0, `b1` = 1, ..., `h8` = 63.
///
/// # Examples
///
/// ```
/// use chess_rules::{File, Rank, Square};
///
/// let sq: Square = "e4".parse().unwrap();
/// assert_eq!(sq, Square::from_coords(File::E, Rank::Fourth));
/// assert_eq!(sq.to_string(), "e4");
/// assert_eq!(sq.offset(8), Some(Square::E5));
/// assert_eq!(Square::H8.offset(1), None);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(transparent)]
pub struct Square(u8);

impl Square {
    /// The square from its index, 0 (`a1`) to 63 (`h8`).
    ///
    /// # Panics
    ///
    /// Panics if `index` is 64 or more.
    #[must_use]
    #[track_caller]
    pub const fn new(index: u32) -> Square {
        assert!(index < 64, "square index out of range");
        Square(index as u8)
    }

    /// The square on `file` and `rank`.
    #[must_use]
    pub const fn from_coords(file: File, rank: Rank) -> Square {
        Square(rank as u8 * 8 + file as u8)
    }

    /// The square's name, `e4`, as a string that needs no formatting: writers of notation
    /// append it for every move.
    ///
    /// # Examples
    ///
    /// ```
    /// use chess_rules::Square;
    ///
    /// assert_eq!(Square::new(28).name(), "e4");
    /// assert_eq!("h8".parse::<Square>().unwrap().name(), "h8");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        const NAMES: [&str; 64] = [
            "a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "a2", "b2", "c2", "d2", "e2", "f2",
            "g2", "h2", "a3", "b3", "c3", "d3", "e3", "f3", "g3", "h3", "a4", "b4", "c4", "d4",
            "e4", "f4", "g4", "h4", "a5", "b5", "c5", "d5", "e5", "f5", "g5", "h5", "a6", "b6",
            "c6", "d6", "e6", "f6", "g6", "h6", "a7", "b7", "c7", "d7", "e7", "f7", "g7", "h7",
            "a8", "b8", "c8", "d8", "e8", "f8", "g8", "h8",
        ];
        NAMES[self.0 as usize]
    }

    /// Reads `a1`..`h8`.
    ///
    /// # Errors
    ///
    /// [`ParseSquareError`] unless the bytes are a file letter and a rank digit.
    pub const fn from_ascii(s: &[u8]) -> Result<Square, ParseSquareError> {
        if let [f, r] = *s
            && let (Some(file), Some(rank)) =
                (File::from_char(f as char), Rank::from_char(r as char))
        {
            return Ok(Square::from_coords(file, rank));
        }
        Err(ParseSquareError)
    }

    /// The file.
    #[must_use]
    pub const fn file(self) -> File {
        File::ALL[(self.0 & 7) as usize]
    }

    /// The rank.
    #[must_use]
    pub const fn rank(self) -> Rank {
        Rank::ALL[(self.0 >> 3) as usize]
    }

    /// The index, 0 for `a1`.
    #[must_use]
    pub const fn to_usize(self) -> usize {
        self.0 as usize
    }

    /// The index as `u32`.
    #[must_use]
    pub const fn to_u32(self) -> u32 {
        self.0 as u32
    }

    /// The square `delta` indices further (8 is one rank up), if on the board.
    ///
    /// This is index arithmetic: a horizontal offset can wrap to the next rank.
    #[must_use]
    pub const fn offset(self, delta: i32) -> Option<Square> {
        let index = self.0 as i32 + delta;
        if index >= 0 && index < 64 {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// The same square seen from Black's side (`e2` becomes `e7`).
    #[must_use]
    pub const fn flip_vertical(self) -> Square {
        Square(self.0 ^ 56)
    }

    /// `true` for a light square (`h1` is light).
    #[must_use]
    pub const fn is_light(self) -> bool {
        (self.0 as u32 / 8 + self.0 as u32 % 8) % 2 == 1
    }

    /// The bitboard with just this square.
    #[must_use]
    pub const fn bitboard(self) -> crate::Bitboard {
        crate::Bitboard(1 << self.0)
    }

    /// All squares, `a1` first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64).map(Square)
    }
}

#[allow(missing_docs, reason = "the constants are the square names")]
impl Square {
    pub const A1: Square = Square(0);
    pub const B1: Square = Square(1);
    pub const C1: Square = Square(2);
    pub const D1: Square = Square(3);
    pub const E1: Square = Square(4);
    pub const F1: Square = Square(5);
    pub const G1: Square = Square(6);
    pub const H1: Square = Square(7);
    pub const E2: Square = Square(12);
    pub const E4: Square = Square(28);
    pub const E5: Square = Square(36);
    pub const E7: Square = Square(52);
    pub const A8: Square = Square(56);
    pub const E8: Square = Square(60);
    pub const H8: Square = Square(63);
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A text that is not a square name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseSquareError;

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("expected a square from a1 to h8")
    }
}

impl std::error::Error for ParseSquareError {}

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        Square::from_ascii(s.as_bytes())
    }
}

#[cfg(feature = "arbitrary")]
impl<'a> arbitrary::Arbitrary<'a> for Square {
    fn arbitrary(u: &mut arbitrary::Unstructured<'a>) -> arbitrary::Result<Square> {
        Ok(Square(u.int_in_range(0..=63)?))
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Square {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Square {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Square, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// What a piece is, regardless of colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[repr(u8)]
#[allow(missing_docs, reason = "the variants are the piece names")]
pub enum Role {
    Pawn = 0,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
}

impl Role {
    /// All roles, pawn first.
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];

    /// The roles a pawn may promote to, queen first.
    pub const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

    /// The English letter in FEN and SAN case-insensitively: `p n b r q k`.
    #[must_use]
    pub const fn from_char(ch: char) -> Option<Role> {
        match ch.to_ascii_lowercase() {
            'p' => Some(Role::Pawn),
            'n' => Some(Role::Knight),
            'b' => Some(Role::Bishop),
            'r' => Some(Role::Rook),
            'q' => Some(Role::Queen),
            'k' => Some(Role::King),
            _ => None,
        }
    }

    /// The lower-case English letter: `p n b r q k`.
    #[must_use]
    pub const fn char(self) -> char {
        [b'p', b'n', b'b', b'r', b'q', b'k'][self as usize] as char
    }

    /// The upper-case English letter: `P N B R Q K`.
    #[must_use]
    pub const fn upper_char(self) -> char {
        self.char().to_ascii_uppercase()
    }

    /// The index, 0 for the pawn.
    #[must_use]
    pub const fn to_usize(self) -> usize {
        self as usize
    }

    /// The English name: `pawn`, `knight`, ...
    #[must_use]
    pub const fn name(self) -> &'static str {
        ["pawn", "knight", "bishop", "rook", "queen", "king"][self as usize]
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A piece: a role and a colour.
///
/// # Examples
///
/// ```
/// use chess_rules::{Color, Piece, Role};
///
/// let piece = Piece::from_char('N').unwrap();
/// assert_eq!(piece, Piece::new(Color::White, Role::Knight));
/// assert_eq!(Piece::new(Color::Black, Role::Queen).char(), 'q');
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct Piece {
    /// Whose piece.
    pub color: Color,
    /// What piece.
    pub role: Role,
}

impl Piece {
    /// A piece of `color` and `role`.
    #[must_use]
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// The FEN letter: upper case for White, lower case for Black.
    #[must_use]
    pub const fn from_char(ch: char) -> Option<Piece> {
        match Role::from_char(ch) {
            Some(role) => Some(Piece {
                color: if ch.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                },
                role,
            }),
            None => None,
        }
    }

    /// The FEN letter.
    #[must_use]
    pub const fn char(self) -> char {
        match self.color {
            Color::White => self.role.upper_char(),
            Color::Black => self.role.char(),
        }
    }
}

/// The wing on which a king castles.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum CastlingSide {
    /// Towards the h-file: the king ends on g, the rook on f (`O-O`).
    KingSide,
    /// Towards the a-file: the king ends on c, the rook on d (`O-O-O`).
    QueenSide,
}

impl CastlingSide {
    /// Both sides, king side first.
    pub const ALL: [CastlingSide; 2] = [CastlingSide::KingSide, CastlingSide::QueenSide];

    /// The file the king ends on: g or c.
    #[must_use]
    pub const fn king_to_file(self) -> File {
        match self {
            CastlingSide::KingSide => File::G,
            CastlingSide::QueenSide => File::C,
        }
    }

    /// The file the rook ends on: f or d.
    #[must_use]
    pub const fn rook_to_file(self) -> File {
        match self {
            CastlingSide::KingSide => File::F,
            CastlingSide::QueenSide => File::D,
        }
    }

    /// The square the king ends on for `color`.
    #[must_use]
    pub const fn king_to(self, color: Color) -> Square {
        Square::from_coords(self.king_to_file(), Rank::First.relative_to(color))
    }

    /// The square the rook ends on for `color`.
    #[must_use]
    pub const fn rook_to(self, color: Color) -> Square {
        Square::from_coords(self.rook_to_file(), Rank::First.relative_to(color))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_round_trip_as_text() {
        for sq in Square::all() {
            assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
            assert_eq!(Square::from_coords(sq.file(), sq.rank()), sq);
        }
        assert!("i1".parse::<Square>().is_err());
        assert!("a9".parse::<Square>().is_err());
        assert!("a".parse::<Square>().is_err());
        assert!(Square::H1.is_light());
        assert!(!Square::A1.is_light());
    }

    #[test]
    fn pieces_round_trip_as_fen_letters() {
        for ch in "PNBRQKpnbrqk".chars() {
            assert_eq!(Piece::from_char(ch).unwrap().char(), ch);
        }
        assert_eq!(Piece::from_char('x'), None);
    }
}
