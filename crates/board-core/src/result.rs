//! Game results as scoresheets and record files write them.

use std::fmt;
use std::str::FromStr;

use crate::Color;

/// The result of a chess game: `1-0`, `0-1`, `1/2-1/2` (also read as `½-½`) or `*`.
///
/// # Examples
///
/// ```
/// use board_core::{Color, GameResult};
///
/// let r: GameResult = "1/2-1/2".parse().unwrap();
/// assert_eq!(r, GameResult::Draw);
/// assert_eq!(r.to_string(), "1/2-1/2");
/// assert_eq!(r.to_unicode(), "½-½");
/// assert_eq!(GameResult::win(Color::Black).to_string(), "0-1");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum GameResult {
    /// `1-0`.
    WhiteWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2`, written `½-½` on French scoresheets.
    Draw,
    /// `*`: unfinished, unknown or abandoned.
    Unknown,
}

impl GameResult {
    /// The win of one side.
    #[must_use]
    pub const fn win(winner: Color) -> GameResult {
        match winner {
            Color::White => GameResult::WhiteWins,
            Color::Black => GameResult::BlackWins,
        }
    }

    /// The side that won, if one did.
    #[must_use]
    pub const fn winner(self) -> Option<Color> {
        match self {
            GameResult::WhiteWins => Some(Color::White),
            GameResult::BlackWins => Some(Color::Black),
            GameResult::Draw | GameResult::Unknown => None,
        }
    }

    /// The PGN form: `1-0`, `0-1`, `1/2-1/2`, `*`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unknown => "*",
        }
    }

    /// The form of a handwritten scoresheet, with `½-½` for a draw.
    #[must_use]
    pub const fn to_unicode(self) -> &'static str {
        match self {
            GameResult::Draw => "½-½",
            other => other.as_str(),
        }
    }

    /// Reads a result from bytes: `1-0`, `0-1`, `1/2-1/2`, `½-½` (UTF-8), `*`.
    ///
    /// # Errors
    ///
    /// [`ParseResultError`] if the bytes are none of these.
    pub fn from_ascii(s: &[u8]) -> Result<GameResult, ParseResultError> {
        match s {
            b"1-0" => Ok(GameResult::WhiteWins),
            b"0-1" => Ok(GameResult::BlackWins),
            b"1/2-1/2" | [0xC2, 0xBD, b'-', 0xC2, 0xBD] => Ok(GameResult::Draw),
            b"*" => Ok(GameResult::Unknown),
            _ => Err(ParseResultError {
                game: "chess",
                expected: "1-0, 0-1, 1/2-1/2, ½-½ or *",
            }),
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for GameResult {
    type Err = ParseResultError;

    fn from_str(s: &str) -> Result<GameResult, ParseResultError> {
        GameResult::from_ascii(s.as_bytes())
    }
}

/// The result of a draughts game, in points: `2-0`, `0-2`, `1-1`, `0-0` or `*`.
///
/// # Examples
///
/// ```
/// use board_core::DraughtsResult;
///
/// assert_eq!("1-1".parse::<DraughtsResult>().unwrap(), DraughtsResult::Draw);
/// assert_eq!(DraughtsResult::BothLose.to_string(), "0-0");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum DraughtsResult {
    /// `2-0`.
    WhiteWins,
    /// `0-2`.
    BlackWins,
    /// `1-1`.
    Draw,
    /// `0-0`: both sides forfeit.
    BothLose,
    /// `*`: unfinished or unknown.
    Unknown,
}

impl DraughtsResult {
    /// The win of one side.
    #[must_use]
    pub const fn win(winner: Color) -> DraughtsResult {
        match winner {
            Color::White => DraughtsResult::WhiteWins,
            Color::Black => DraughtsResult::BlackWins,
        }
    }

    /// The PDN form.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            DraughtsResult::WhiteWins => "2-0",
            DraughtsResult::BlackWins => "0-2",
            DraughtsResult::Draw => "1-1",
            DraughtsResult::BothLose => "0-0",
            DraughtsResult::Unknown => "*",
        }
    }

    /// Reads `2-0`, `0-2`, `1-1`, `0-0` or `*`.
    ///
    /// # Errors
    ///
    /// [`ParseResultError`] if the bytes are none of these.
    pub fn from_ascii(s: &[u8]) -> Result<DraughtsResult, ParseResultError> {
        match s {
            b"2-0" => Ok(DraughtsResult::WhiteWins),
            b"0-2" => Ok(DraughtsResult::BlackWins),
            b"1-1" => Ok(DraughtsResult::Draw),
            b"0-0" => Ok(DraughtsResult::BothLose),
            b"*" => Ok(DraughtsResult::Unknown),
            _ => Err(ParseResultError {
                game: "draughts",
                expected: "2-0, 0-2, 1-1, 0-0 or *",
            }),
        }
    }
}

impl fmt::Display for DraughtsResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for DraughtsResult {
    type Err = ParseResultError;

    fn from_str(s: &str) -> Result<DraughtsResult, ParseResultError> {
        DraughtsResult::from_ascii(s.as_bytes())
    }
}

/// A text that is not a result of the game at hand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseResultError {
    game: &'static str,
    expected: &'static str,
}

impl fmt::Display for ParseResultError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "not a {} result: expected {}", self.game, self.expected)
    }
}

impl std::error::Error for ParseResultError {}

#[cfg(feature = "serde")]
mod serde_impls {
    use super::{DraughtsResult, GameResult};

    macro_rules! as_string {
        ($ty:ty) => {
            impl serde::Serialize for $ty {
                fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                    s.serialize_str(self.as_str())
                }
            }

            impl<'de> serde::Deserialize<'de> for $ty {
                fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                    let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
                    text.parse().map_err(serde::de::Error::custom)
                }
            }
        };
    }

    as_string!(GameResult);
    as_string!(DraughtsResult);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chess_results_round_trip() {
        for r in [
            GameResult::WhiteWins,
            GameResult::BlackWins,
            GameResult::Draw,
            GameResult::Unknown,
        ] {
            assert_eq!(r.as_str().parse::<GameResult>(), Ok(r));
            assert_eq!(r.to_unicode().parse::<GameResult>(), Ok(r));
        }
        assert_eq!(GameResult::WhiteWins.winner(), Some(Color::White));
        assert_eq!(GameResult::Draw.winner(), None);
    }

    #[test]
    fn draughts_results_are_not_chess_results() {
        assert!("2-0".parse::<GameResult>().is_err());
        assert!("1-0".parse::<DraughtsResult>().is_err());
        let err = "1-0".parse::<DraughtsResult>().unwrap_err();
        assert_eq!(
            err.to_string(),
            "not a draughts result: expected 2-0, 0-2, 1-1, 0-0 or *"
        );
        for r in [
            DraughtsResult::WhiteWins,
            DraughtsResult::BlackWins,
            DraughtsResult::Draw,
            DraughtsResult::BothLose,
            DraughtsResult::Unknown,
        ] {
            assert_eq!(r.to_string().parse::<DraughtsResult>(), Ok(r));
        }
    }
}
