//! Draughts FEN, as PDN 3.0 defines it: reading the forms found in real files, writing one
//! canonical form. The grammar is on [`Position::from_fen`].

use std::fmt;
use std::str::FromStr;

use crate::{Bitboard, Color, Position, Square};

/// The field of a FEN that is wrong.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FenField {
    /// The side to move, first field.
    Turn,
    /// White's pieces (the field starting with `W`).
    WhitePieces,
    /// Black's pieces (the field starting with `B`).
    BlackPieces,
    /// A field that is neither the turn nor a side's pieces.
    Extra,
}

impl FenField {
    /// The field's name as the error message uses it.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            FenField::Turn => "side to move",
            FenField::WhitePieces => "white pieces",
            FenField::BlackPieces => "black pieces",
            FenField::Extra => "extra",
        }
    }

    const fn pieces(color: Color) -> FenField {
        match color {
            Color::White => FenField::WhitePieces,
            Color::Black => FenField::BlackPieces,
        }
    }
}

/// A FEN that is malformed or describes an impossible position, with the field at fault.
///
/// # Examples
///
/// ```
/// use draughts_rules::{FenField, Position};
///
/// let err = "W:W31-51:B1-20".parse::<Position>().unwrap_err();
/// assert_eq!(err.field(), FenField::WhitePieces);
/// assert_eq!(
///     err.to_string(),
///     "invalid FEN white pieces field: square 51 is not between 1 and 50"
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FenError {
    field: FenField,
    reason: String,
}

impl FenError {
    fn new(field: FenField, reason: impl Into<String>) -> FenError {
        FenError {
            field,
            reason: reason.into(),
        }
    }

    /// The field at fault.
    #[must_use]
    pub const fn field(&self) -> FenField {
        self.field
    }

    /// What is wrong with it.
    #[must_use]
    pub fn reason(&self) -> &str {
        &self.reason
    }
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid FEN {} field: {}",
            self.field.name(),
            self.reason
        )
    }
}

impl std::error::Error for FenError {}

impl Position {
    /// Reads a draughts FEN.
    ///
    /// ```text
    /// fen    = turn ":" side ":" side        W:W31-50:B1-20
    /// turn   = "W" | "B" | "?"
    /// side   = colour [item {"," item}]      W31,32,K45   B (no pieces)
    /// colour = "W" | "B"
    /// item   = ["K"] square ["-" ["K"] square]      K12   31-50   K1-5
    /// ```
    ///
    /// The reader is lenient where real files differ: surrounding white space and double quotes
    /// (a PDN tag value copied whole), a final `.` (`W:W28,K10:B5,K2.`), the two sides in either
    /// order or missing (no pieces), an empty field (`W::.`), lower-case letters, leading zeros
    /// (`01`), a trailing comma, and the `H<n>` and `F<n>` clock fields some programs add, which
    /// are read and ignored (a position has no clocks; [`crate::Game`] counts moves itself).
    ///
    /// `?` (side to move unknown, as in problem collections) reads as White to move, the side
    /// that moves first in international draughts; [`Position::from_fen_with_turn`] tells the
    /// caller that the turn was unknown.
    ///
    /// # Errors
    ///
    /// [`FenError`] naming the field: a turn other than `W`, `B` or `?`, an unknown field, a side
    /// given twice, a square that is not a number from 1 to 50, a backwards range, a square
    /// listed twice (in one side or in both), or a man on its own promotion row.
    ///
    /// # Examples
    ///
    /// ```
    /// use draughts_rules::{Color, Position};
    ///
    /// let start: Position = "W:W31-50:B1-20".parse().unwrap();
    /// assert_eq!(start, Position::new());
    /// // A PDN tag value, quotes and final dot included, with the sides the other way round.
    /// let pos = Position::from_fen("\"B:BK17,K24:W6,9,10.\"").unwrap();
    /// assert_eq!(pos.to_fen(), "B:W6,9,10:BK17,K24");
    /// // A side with no pieces.
    /// let pos = Position::from_fen("B:W50:B").unwrap();
    /// assert!(pos.by_color(Color::Black).is_empty());
    /// ```
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        Position::from_fen_with_turn(fen).map(|(pos, _)| pos)
    }

    /// Reads a draughts FEN and also returns the side to move as written: `None` for `?`, in
    /// which case the position has White to move.
    ///
    /// # Errors
    ///
    /// As [`Position::from_fen`].
    ///
    /// # Examples
    ///
    /// ```
    /// use draughts_rules::{Color, Position};
    ///
    /// let (pos, turn) = Position::from_fen_with_turn("?:W29,13,11:B22,4,2").unwrap();
    /// assert_eq!(turn, None);
    /// assert_eq!(pos.turn(), Color::White);
    /// ```
    pub fn from_fen_with_turn(fen: &str) -> Result<(Position, Option<Color>), FenError> {
        let mut text = fen.trim();
        text = text.strip_prefix('"').unwrap_or(text);
        text = text.strip_suffix('"').unwrap_or(text).trim();
        text = text.strip_suffix('.').unwrap_or(text).trim_end();

        let mut fields = text.split(':');
        let turn = match fields.next().unwrap_or_default().trim() {
            "W" | "w" => Some(Color::White),
            "B" | "b" => Some(Color::Black),
            "?" => None,
            "" => return Err(FenError::new(FenField::Turn, "missing")),
            other => {
                return Err(FenError::new(
                    FenField::Turn,
                    format!("expected W, B or ?, found {other:?}"),
                ));
            }
        };

        let mut pos = Position::empty();
        pos.turn = turn.unwrap_or(Color::White);
        let mut seen = [false; 2];
        for field in fields.map(str::trim).filter(|f| !f.is_empty()) {
            // Not `split_at(1)`: the first character may be wider than a byte.
            let head = field.as_bytes()[0];
            let rest = field.get(1..).unwrap_or_default();
            let color = match head {
                b'W' | b'w' => Color::White,
                b'B' | b'b' => Color::Black,
                b'H' | b'h' | b'F' | b'f' => {
                    if rest.is_empty() || !rest.bytes().all(|b| b.is_ascii_digit()) {
                        return Err(FenError::new(
                            FenField::Extra,
                            format!(
                                "expected a number after {}, found {field:?}",
                                char::from(head)
                            ),
                        ));
                    }
                    continue;
                }
                _ => {
                    return Err(FenError::new(
                        FenField::Extra,
                        format!("expected a field starting with W or B, found {field:?}"),
                    ));
                }
            };
            let err = |reason: String| FenError::new(FenField::pieces(color), reason);
            if std::mem::replace(&mut seen[color.to_usize()], true) {
                return Err(err(format!("{color} pieces listed twice")));
            }
            let (men, kings) = parse_side(rest).map_err(err)?;
            let ours = men | kings;
            let theirs = pos.by_color(color.other());
            if let Some(sq) = (ours & theirs).first() {
                return Err(err(format!(
                    "square {sq} is also listed for {}",
                    color.other()
                )));
            }
            if let Some(sq) = (men & Bitboard::promotion_row(color)).first() {
                return Err(err(format!(
                    "{color} man on square {sq}, its promotion row (it would be a king)"
                )));
            }
            pos.by_color[color.to_usize()] = ours;
            pos.kings |= kings;
        }
        Ok((pos, turn))
    }

    /// The canonical FEN: `W` or `B`, then White's squares and Black's, lowest first, kings
    /// marked `K`, every square listed, no final dot: `W:W31,32,...,50:B1,2,...,20`. PDN 3.0
    /// writers list squares and every reader takes that form, while ranges are not understood
    /// everywhere.
    ///
    /// # Examples
    ///
    /// ```
    /// use draughts_rules::Position;
    ///
    /// let pos: Position = "B:BK17,K24:W6,9,K31".parse().unwrap();
    /// assert_eq!(pos.to_fen(), "B:W6,9,K31:BK17,K24");
    /// ```
    #[must_use]
    pub fn to_fen(&self) -> String {
        let mut out = String::with_capacity(160);
        out.push(match self.turn {
            Color::White => 'W',
            Color::Black => 'B',
        });
        for color in Color::ALL {
            out.push(':');
            out.push(match color {
                Color::White => 'W',
                Color::Black => 'B',
            });
            for (i, sq) in self.by_color(color).into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                if self.kings.contains(sq) {
                    out.push('K');
                }
                out.push_str(&sq.to_string());
            }
        }
        out
    }
}

/// Reads the squares of one side (after the colour letter): men and kings.
fn parse_side(list: &str) -> Result<(Bitboard, Bitboard), String> {
    let mut men = Bitboard::EMPTY;
    let mut kings = Bitboard::EMPTY;
    for item in list.split(',').map(str::trim).filter(|i| !i.is_empty()) {
        let (first, last) = match item.split_once('-') {
            Some((a, b)) => (a.trim(), b.trim()),
            None => (item, item),
        };
        let (king_a, a) = strip_king(first);
        let (king_b, b) = strip_king(last);
        let a = parse_square(a, item)?;
        let b = parse_square(b, item)?;
        if a > b {
            return Err(format!("range {item:?} runs backwards"));
        }
        for n in a.number()..=b.number() {
            let sq = Square::new(n);
            if (men | kings).contains(sq) {
                return Err(format!("square {sq} listed twice"));
            }
            if king_a || king_b {
                kings = kings.with(sq);
            } else {
                men = men.with(sq);
            }
        }
    }
    Ok((men, kings))
}

fn strip_king(item: &str) -> (bool, &str) {
    match item.strip_prefix(['K', 'k']) {
        Some(rest) => (true, rest.trim_start()),
        None => (false, item),
    }
}

fn parse_square(text: &str, item: &str) -> Result<Square, String> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("expected a square number, found {item:?}"));
    }
    let number = text.parse::<u32>().unwrap_or(u32::MAX);
    Square::from_number(number).ok_or_else(|| {
        let shown = text.trim_start_matches('0');
        format!(
            "square {} is not between 1 and 50",
            if shown.is_empty() { "0" } else { shown }
        )
    })
}

impl FromStr for Position {
    type Err = FenError;

    fn from_str(s: &str) -> Result<Position, FenError> {
        Position::from_fen(s)
    }
}

impl fmt::Display for Position {
    /// Writes the canonical FEN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_fen())
    }
}

/// Positions serialize as their canonical FEN.
#[cfg(feature = "serde")]
impl serde::Serialize for Position {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_fen())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Position {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Position, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(fen: &str) -> (FenField, String) {
        let err = Position::from_fen(fen).unwrap_err();
        (err.field(), err.to_string())
    }

    #[test]
    fn errors_name_the_field() {
        let cases: [(&str, FenField, &str); 14] = [
            ("", FenField::Turn, "side to move field: missing"),
            (
                "X:W31:B1",
                FenField::Turn,
                "expected W, B or ?, found \"X\"",
            ),
            (
                "W:W31:B1:Z3",
                FenField::Extra,
                "starting with W or B, found \"Z3\"",
            ),
            ("W:W31:B1:Hx", FenField::Extra, "expected a number after H"),
            (
                "W:W0:B1",
                FenField::WhitePieces,
                "square 0 is not between 1 and 50",
            ),
            (
                "W:W31:B51",
                FenField::BlackPieces,
                "square 51 is not between 1 and 50",
            ),
            (
                "W:W31:B1,x",
                FenField::BlackPieces,
                "expected a square number, found \"x\"",
            ),
            (
                "W:W31,32,31:B1",
                FenField::WhitePieces,
                "square 31 listed twice",
            ),
            (
                "W:W31-35,K33:B1",
                FenField::WhitePieces,
                "square 33 listed twice",
            ),
            (
                "W:W31:B31",
                FenField::BlackPieces,
                "square 31 is also listed for white",
            ),
            (
                "W:W31:W32:B1",
                FenField::WhitePieces,
                "white pieces listed twice",
            ),
            (
                "W:W3:B1",
                FenField::WhitePieces,
                "white man on square 3, its promotion",
            ),
            (
                "W:W31:B47",
                FenField::BlackPieces,
                "black man on square 47, its promotion",
            ),
            (
                "W:W35-31:B1",
                FenField::WhitePieces,
                "range \"35-31\" runs backwards",
            ),
        ];
        for (fen, field, message) in cases {
            let (got_field, got_message) = error(fen);
            assert_eq!(got_field, field, "{fen}");
            assert!(got_message.contains(message), "{fen}: {got_message}");
        }
    }

    #[test]
    fn lenient_forms() {
        let start = Position::new();
        for fen in [
            "W:W31-50:B1-20",
            "W:B1-20:W31-50",
            " \"W:W31-50:B1-20.\" ",
            "w:w31-50:b1-20",
            "W:W31-50:B01-020",
            "W:W31-50,:B1-20:H0:F1",
            "W:W31,32,33,34,35,36,37,38,39,40,41-50:B1-5,6-20.",
        ] {
            assert_eq!(Position::from_fen(fen), Ok(start), "{fen}");
        }
        let kings = Position::from_fen("W:WK1-5:BK46-K50").unwrap();
        assert_eq!(kings.to_fen(), "W:WK1,K2,K3,K4,K5:BK46,K47,K48,K49,K50");
        let empty = Position::from_fen("W::.").unwrap();
        assert_eq!(empty, Position::empty());
        assert_eq!(empty.to_fen(), "W:W:B");
    }

    #[test]
    fn canonical_form_round_trips() {
        for fen in [
            "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20",
            "B:W50:B",
            "W:W:B1",
            "B:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46:BK17,K24",
        ] {
            let pos: Position = fen.parse().unwrap();
            assert_eq!(pos.to_string(), fen);
        }
    }
}
