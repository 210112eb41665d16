//! The two sides of a board game and values kept per side.

use std::fmt;
use std::ops::{Index, IndexMut, Not};
use std::str::FromStr;

/// One of the two sides. White moves first in chess and in international draughts.
///
/// # Examples
///
/// ```
/// use board_core::Color;
///
/// assert_eq!(!Color::White, Color::Black);
/// assert_eq!(Color::from_char('b'), Some(Color::Black));
/// assert_eq!(Color::Black.to_string(), "black");
/// assert_eq!(Color::Black.french_name(), "Noirs");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[repr(u8)]
pub enum Color {
    /// The side that moves first.
    White = 0,
    /// The side that moves second.
    Black = 1,
}

impl Color {
    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// `'w'` or `'b'` (either case) as a colour, as in FEN.
    #[must_use]
    pub const fn from_char(ch: char) -> Option<Color> {
        match ch {
            'w' | 'W' => Some(Color::White),
            'b' | 'B' => Some(Color::Black),
            _ => None,
        }
    }

    /// The FEN letter: `'w'` or `'b'`.
    #[must_use]
    pub const fn char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// `White` is 0, `Black` is 1.
    #[must_use]
    pub const fn to_usize(self) -> usize {
        self as usize
    }

    /// The colour from its index, 0 for White, 1 for Black.
    ///
    /// # Panics
    ///
    /// Panics if `index` is greater than 1.
    #[must_use]
    #[track_caller]
    pub const fn new(index: usize) -> Color {
        match index {
            0 => Color::White,
            1 => Color::Black,
            _ => panic!("colour index out of range"),
        }
    }

    /// The other side.
    #[must_use]
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// `true` for White.
    #[must_use]
    pub const fn is_white(self) -> bool {
        matches!(self, Color::White)
    }

    /// Picks `white` or `black` by colour.
    #[must_use]
    pub fn fold<T>(self, white: T, black: T) -> T {
        match self {
            Color::White => white,
            Color::Black => black,
        }
    }

    /// The English name in lower case: `white`, `black`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }

    /// The English name as a scoresheet heads a column: `White`, `Black`.
    #[must_use]
    pub const fn english_name(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }

    /// The French name as a scoresheet heads a column: `Blancs`, `Noirs`.
    #[must_use]
    pub const fn french_name(self) -> &'static str {
        match self {
            Color::White => "Blancs",
            Color::Black => "Noirs",
        }
    }
}

impl Not for Color {
    type Output = Color;

    fn not(self) -> Color {
        self.other()
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A text that names no colour.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseColorError;

impl fmt::Display for ParseColorError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("expected a colour: w, b, white, black, blancs or noirs")
    }
}

impl std::error::Error for ParseColorError {}

impl FromStr for Color {
    type Err = ParseColorError;

    /// Reads `w`, `b`, `white`, `black` and the French `blancs`, `noirs` (any case).
    fn from_str(s: &str) -> Result<Color, ParseColorError> {
        match s.to_ascii_lowercase().as_str() {
            "w" | "white" | "blancs" | "blanc" => Ok(Color::White),
            "b" | "black" | "noirs" | "noir" => Ok(Color::Black),
            _ => Err(ParseColorError),
        }
    }
}

/// A value for each side, indexed by [`Color`].
///
/// # Examples
///
/// ```
/// use board_core::{ByColor, Color};
///
/// let mut kings = ByColor::new("e1", "e8");
/// kings[Color::White] = "g1";
/// assert_eq!(kings.white, "g1");
/// assert_eq!(kings.map(str::len), ByColor::new(2, 2));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct ByColor<T> {
    /// White's value.
    pub white: T,
    /// Black's value.
    pub black: T,
}

impl<T> ByColor<T> {
    /// A pair from White's value and Black's value.
    pub const fn new(white: T, black: T) -> ByColor<T> {
        ByColor { white, black }
    }

    /// The value of one side.
    pub const fn get(&self, color: Color) -> &T {
        match color {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }

    /// The value of one side, mutable.
    pub const fn get_mut(&mut self, color: Color) -> &mut T {
        match color {
            Color::White => &mut self.white,
            Color::Black => &mut self.black,
        }
    }

    /// Applies `f` to both values.
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> ByColor<U> {
        ByColor {
            white: f(self.white),
            black: f(self.black),
        }
    }

    /// Builds both values from their colour.
    pub fn new_with(mut f: impl FnMut(Color) -> T) -> ByColor<T> {
        ByColor {
            white: f(Color::White),
            black: f(Color::Black),
        }
    }

    /// Swaps White's and Black's values.
    #[must_use]
    pub fn flip(self) -> ByColor<T> {
        ByColor {
            white: self.black,
            black: self.white,
        }
    }

    /// The pairs (colour, value), White first.
    pub fn iter(&self) -> impl Iterator<Item = (Color, &T)> {
        [(Color::White, &self.white), (Color::Black, &self.black)].into_iter()
    }
}

impl<T> Index<Color> for ByColor<T> {
    type Output = T;

    fn index(&self, color: Color) -> &T {
        self.get(color)
    }
}

impl<T> IndexMut<Color> for ByColor<T> {
    fn index_mut(&mut self, color: Color) -> &mut T {
        self.get_mut(color)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colour_text_round_trips() {
        for color in Color::ALL {
            assert_eq!(color.to_string().parse::<Color>(), Ok(color));
            assert_eq!(Color::from_char(color.char()), Some(color));
            assert_eq!(Color::new(color.to_usize()), color);
        }
        assert_eq!("Noirs".parse::<Color>(), Ok(Color::Black));
        assert_eq!("x".parse::<Color>(), Err(ParseColorError));
    }

    #[test]
    fn by_color_flip_swaps() {
        assert_eq!(ByColor::new(1, 2).flip(), ByColor::new(2, 1));
        let collected: Vec<_> = ByColor::new_with(Color::french_name)
            .iter()
            .map(|(_, n)| *n)
            .collect();
        assert_eq!(collected, ["Blancs", "Noirs"]);
    }
}
