//! What a Manoury token says, before any position gives it a meaning: the squares, the separator
//! and the signs after the arrival square.
//!
//! The parser is hand-written over bytes rather than built with winnow: a token is a handful of
//! digits and separators on the hottest path of every conversion, and its lenient forms are
//! easiest to recognise by their shape.

use std::fmt;
use std::ops::Range;
use std::str::FromStr;

use arrayvec::ArrayVec;
use board_core::{Code, Repair, Span};
use draughts_rules::{MAX_CAPTURES, Square};

use crate::Sign;
use crate::sign::{merges, read_sign};

/// The most squares a token may name: the origin and one square per captured piece (the full
/// path of the longest capture), with room for the engine form's destination.
pub const MAX_SQUARES: usize = MAX_CAPTURES + 2;

/// The most signs after one move.
pub const MAX_SIGNS: usize = 4;

/// A move as written in Manoury notation, without its signs: the squares named, origin first,
/// and whether they are separated by a capture sign.
///
/// What the squares mean is for a position to say ([`ManouryMove::resolve`]): `32-28` and
/// `19x30` name origin and destination; `47x38x24x13x36` adds the squares where a capture
/// turns (PDN 3.0) or its full path; `47x36x38x24x13x20` may also be the engine form, the
/// destination followed by the captured pieces.
///
/// `Display` writes the canonical form: numbers without leading zeros, `-` or `x`.
///
/// # Examples
///
/// ```
/// use draughts_rules::Square;
/// use notation_manoury::ManouryMove;
///
/// let mv: ManouryMove = "01-06".parse().unwrap();
/// assert_eq!(mv.squares(), [Square::new(1), Square::new(6)]);
/// assert_eq!(mv.to_string(), "1-6");
/// let capture: ManouryMove = "47:38:24:13:36".parse().unwrap();
/// assert!(capture.is_capture());
/// assert_eq!(capture.to_string(), "47x38x24x13x36");
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct ManouryMove {
    squares: ArrayVec<Square, MAX_SQUARES>,
    capture: bool,
}

impl ManouryMove {
    /// A move naming these squares, origin first; `capture` for `x` between them.
    ///
    /// Returns `None` unless there are 2 to [`MAX_SQUARES`] squares.
    #[must_use]
    pub fn new(squares: &[Square], capture: bool) -> Option<ManouryMove> {
        if squares.len() < 2 {
            return None;
        }
        let squares = ArrayVec::try_from(squares).ok()?;
        Some(ManouryMove { squares, capture })
    }

    /// The squares as written, origin first.
    #[must_use]
    pub fn squares(&self) -> &[Square] {
        &self.squares
    }

    /// The origin square.
    #[must_use]
    pub fn from(&self) -> Square {
        self.squares[0]
    }

    /// The last square written: the destination, unless this is the engine form.
    #[must_use]
    pub fn last(&self) -> Square {
        self.squares[self.squares.len() - 1]
    }

    /// `true` when written with a capture sign (`x`, or leniently `X`, `×`, `:`).
    #[must_use]
    pub const fn is_capture(&self) -> bool {
        self.capture
    }

    /// Reads a move without signs (lenient forms included, see [`ManouryPlus::from_ascii`]).
    ///
    /// # Errors
    ///
    /// [`ParseManouryError`] if the bytes are not a Manoury move, or carry signs.
    pub fn from_ascii(text: &[u8]) -> Result<ManouryMove, ParseManouryError> {
        let plus = ManouryPlus::from_ascii(text)?;
        if plus.signs.is_empty() && !plus.lenience.contains(Lenience::STRENGTH_WITHOUT_NAG) {
            Ok(plus.mv)
        } else {
            let at = text
                .iter()
                .position(|b| !b.is_ascii_digit() && !is_separator_byte(*b))
                .unwrap_or(text.len());
            Err(ParseManouryError::new(
                "a move without signs",
                at..text.len(),
            ))
        }
    }
}

impl fmt::Display for ManouryMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sep = if self.capture { 'x' } else { '-' };
        for (i, sq) in self.squares.iter().enumerate() {
            if i > 0 {
                write!(f, "{sep}")?;
            }
            write!(f, "{sq}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for ManouryMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ManouryMove({self})")
    }
}

impl FromStr for ManouryMove {
    type Err = ParseManouryError;

    fn from_str(s: &str) -> Result<ManouryMove, ParseManouryError> {
        ManouryMove::from_ascii(s.as_bytes())
    }
}

/// Manoury moves serialize as their canonical text.
#[cfg(feature = "serde")]
impl serde::Serialize for ManouryMove {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for ManouryMove {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<ManouryMove, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// Forms the lenient reader accepted that the canonical writer would not produce.
///
/// # Examples
///
/// ```
/// use notation_manoury::{Lenience, ManouryPlus};
///
/// let plus = ManouryPlus::from_ascii(b"06:01(!)").unwrap();
/// assert!(plus.lenience.contains(Lenience::LEADING_ZERO.union(Lenience::COLON)));
/// assert_eq!(
///     plus.lenience.messages().collect::<Vec<_>>(),
///     [
///         "square written with a leading zero",
///         "capture written with ':'",
///         "move strength in parentheses",
///     ]
/// );
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Lenience(u8);

impl Lenience {
    /// `01-06`: a square number with a leading zero, as scoresheets write them.
    pub const LEADING_ZERO: Lenience = Lenience(1);
    /// `19:30`: the colon of Russian and engine notation for a capture.
    pub const COLON: Lenience = Lenience(1 << 1);
    /// `19X30` or `19×30`.
    pub const CROSS_FORM: Lenience = Lenience(1 << 2);
    /// `-` and `x` in one token.
    pub const MIXED_SEPARATORS: Lenience = Lenience(1 << 3);
    /// `29-23(?)`: a move strength in parentheses, as draughts publications print it.
    pub const PARENTHESES: Lenience = Lenience(1 << 4);
    /// `19-23!!!` or `19-23(!?!!!)`: a run of `!` and `?` that is none of the six move glyphs;
    /// it stands for no NAG and is dropped.
    pub const STRENGTH_WITHOUT_NAG: Lenience = Lenience(1 << 5);

    const MESSAGES: [(Lenience, Code, &'static str); 6] = [
        (
            Lenience::LEADING_ZERO,
            Code::ManouryLeadingZero,
            "square written with a leading zero",
        ),
        (
            Lenience::COLON,
            Code::ManouryColon,
            "capture written with ':'",
        ),
        (
            Lenience::CROSS_FORM,
            Code::ManouryCross,
            "capture written with 'X' or '×'",
        ),
        (
            Lenience::MIXED_SEPARATORS,
            Code::ManouryMixedSeparators,
            "'-' and 'x' mixed in one move",
        ),
        (
            Lenience::PARENTHESES,
            Code::ManouryParentheses,
            "move strength in parentheses",
        ),
        (
            Lenience::STRENGTH_WITHOUT_NAG,
            Code::ManouryStrengthDropped,
            "move strength that is none of ! ? !! ?? !? ?! dropped",
        ),
    ];

    /// `true` if every form of `other` is in `self`.
    #[must_use]
    pub const fn contains(self, other: Lenience) -> bool {
        self.0 & other.0 == other.0
    }

    /// `true` for a token in canonical form.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The forms in both sets.
    #[must_use]
    pub const fn union(self, other: Lenience) -> Lenience {
        Lenience(self.0 | other.0)
    }

    /// What each form is, for a repair message, in a fixed order.
    pub fn messages(self) -> impl Iterator<Item = &'static str> {
        Lenience::MESSAGES
            .into_iter()
            .filter(move |(form, _, _)| self.contains(*form))
            .map(|(_, _, message)| message)
    }

    /// One repair per form, with its code, in the order of [`Lenience::messages`].
    pub fn repairs(self) -> impl Iterator<Item = Repair> {
        Lenience::MESSAGES
            .into_iter()
            .filter(move |(form, _, _)| self.contains(*form))
            .map(|(_, code, message)| Repair::new(code, message))
    }
}

/// A token as read: the move, the signs after it, and the lenient forms seen.
///
/// `Display` writes the canonical move and the signs as read (the six move glyphs, `*`, `=`,
/// `+-`, `-+`, `+`, `+n`), so that `parse(x.to_string())` gives `x` back with no lenience.
///
/// # Examples
///
/// ```
/// use board_core::Span;
/// use notation_manoury::{ManouryPlus, Sign};
///
/// let plus = ManouryPlus::from_ascii(b"32-28!*").unwrap();
/// assert_eq!(plus.mv.to_string(), "32-28");
/// assert_eq!(plus.signs.as_slice(), [Sign::Good, Sign::Forced]);
/// assert_eq!(plus.to_string(), "32-28!*");
///
/// let err = ManouryPlus::from_ascii(b"32-51").unwrap_err();
/// assert_eq!(err.to_string(), "square 51 is not between 1 and 50");
/// assert_eq!(err.span(), Span::new(3, 5));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ManouryPlus {
    /// The move.
    pub mv: ManouryMove,
    /// The signs after the arrival square, in order.
    pub signs: ArrayVec<Sign, MAX_SIGNS>,
    /// Non-canonical forms the reader accepted.
    pub lenience: Lenience,
}

impl ManouryPlus {
    /// Reads a token: squares separated by `-` (a move) or `x` (a capture), then signs.
    ///
    /// ```text
    /// token  = square sep square { sep square } { sign }
    /// square = digit [ digit ]                       1 to 50; "01" leniently
    /// sep    = "-" | "x"                             leniently "X" "×" ":"
    /// sign   = "!" | "?" | "!!" | "??" | "!?" | "?!" | "*" | "=" | "+-" | "-+" | "+" | "+" n
    ///        | "(" marks ")"                         leniently: "(?)", "(!?)"
    /// ```
    ///
    /// A run of `!` and `?` that is not one of the six glyphs (`!!!`) is read and dropped, and
    /// [`Lenience::STRENGTH_WITHOUT_NAG`] says so.
    ///
    /// # Errors
    ///
    /// [`ParseManouryError`], with the span of the fault: a square out of range or of more
    /// than two digits, a single square, a separator with nothing after it, an unknown sign,
    /// more than [`MAX_SQUARES`] squares or [`MAX_SIGNS`] signs.
    pub fn from_ascii(text: &[u8]) -> Result<ManouryPlus, ParseManouryError> {
        let mut lenience = Lenience::default();
        let mut squares: ArrayVec<Square, MAX_SQUARES> = ArrayVec::new();
        let mut at = 0;
        let mut dash = false;
        let mut cross = false;
        loop {
            let digits = text[at..].iter().take_while(|b| b.is_ascii_digit()).count();
            if digits == 0 {
                let message = if squares.is_empty() {
                    "a square number"
                } else {
                    "a square number after the separator"
                };
                return Err(ParseManouryError::new(
                    message,
                    at..(at + 1).min(text.len()),
                ));
            }
            let span = at..at + digits;
            let square = read_square(&text[span.clone()], span.clone())?;
            if digits == 2 && text[at] == b'0' {
                lenience = lenience.union(Lenience::LEADING_ZERO);
            }
            if squares.try_push(square).is_err() {
                return Err(ParseManouryError::new(
                    format!("at most {MAX_SQUARES} squares"),
                    span,
                ));
            }
            at += digits;
            // A separator only when a square follows: `-+` after the last square is a sign.
            let Some((len, kind)) = separator(&text[at..]) else {
                break;
            };
            if !text.get(at + len).is_some_and(u8::is_ascii_digit) {
                if kind == Sep::Dash && text.get(at + 1) == Some(&b'+') {
                    break;
                }
                let message = if at + len == text.len() {
                    "a square number right after the separator (a move holds no space: `1-7`, \
                     not `1- 7`)"
                } else {
                    "a square number after the separator"
                };
                return Err(ParseManouryError::new(
                    message,
                    at + len..(at + len + 1).min(text.len()),
                ));
            }
            match kind {
                Sep::Dash => dash = true,
                Sep::Cross => cross = true,
                Sep::Colon => {
                    cross = true;
                    lenience = lenience.union(Lenience::COLON);
                }
                Sep::OtherCross => {
                    cross = true;
                    lenience = lenience.union(Lenience::CROSS_FORM);
                }
            }
            at += len;
        }
        if squares.len() < 2 {
            return Err(ParseManouryError::new(
                "a separator and an arrival square",
                at..(at + 1).min(text.len()),
            ));
        }
        if dash && cross {
            lenience = lenience.union(Lenience::MIXED_SEPARATORS);
        }
        let mut signs = ArrayVec::new();
        while at < text.len() {
            let start = at;
            let (sign, len) = if text[at] == b'(' {
                let inner = read_sign(&text[at + 1..])
                    .filter(|(_, len)| text.get(at + 1 + len) == Some(&b')'));
                let Some((sign, inner_len)) = inner else {
                    return Err(ParseManouryError::new(
                        "a move strength such as (?) in the parentheses",
                        at..text.len(),
                    ));
                };
                // Parentheses are the canonical way to keep a sign apart from the one before
                // it (`?(!)` is two signs, `?!` one); elsewhere they are a publisher's habit.
                let needed =
                    matches!((signs.last(), sign), (Some(prev), Some(next)) if merges(*prev, next));
                if !needed {
                    lenience = lenience.union(Lenience::PARENTHESES);
                }
                (sign, inner_len + 2)
            } else {
                read_sign(&text[at..]).ok_or_else(|| {
                    ParseManouryError::new(
                        "a sign (! ? !! ?? !? ?! * = +- -+ + +1 .. +20) after the arrival square",
                        at..text.len(),
                    )
                })?
            };
            at += len;
            match sign {
                Some(sign) => {
                    if signs.try_push(sign).is_err() {
                        return Err(ParseManouryError::new(
                            format!("at most {MAX_SIGNS} signs"),
                            start..at,
                        ));
                    }
                }
                None => lenience = lenience.union(Lenience::STRENGTH_WITHOUT_NAG),
            }
        }
        Ok(ManouryPlus {
            mv: ManouryMove {
                squares,
                capture: cross,
            },
            signs,
            lenience,
        })
    }
}

impl fmt::Display for ManouryPlus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.mv)?;
        let mut prev: Option<Sign> = None;
        for sign in &self.signs {
            if prev.is_some_and(|p| merges(p, *sign)) {
                write!(f, "({})", sign.as_str())?;
            } else {
                f.write_str(sign.as_str())?;
            }
            prev = Some(*sign);
        }
        Ok(())
    }
}

impl FromStr for ManouryPlus {
    type Err = ParseManouryError;

    fn from_str(s: &str) -> Result<ManouryPlus, ParseManouryError> {
        ManouryPlus::from_ascii(s.as_bytes())
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Sep {
    Dash,
    Cross,
    Colon,
    OtherCross,
}

const TIMES: &[u8] = "×".as_bytes();

fn separator(text: &[u8]) -> Option<(usize, Sep)> {
    match *text.first()? {
        b'-' => Some((1, Sep::Dash)),
        b'x' => Some((1, Sep::Cross)),
        b':' => Some((1, Sep::Colon)),
        b'X' => Some((1, Sep::OtherCross)),
        _ if text.starts_with(TIMES) => Some((TIMES.len(), Sep::OtherCross)),
        _ => None,
    }
}

fn is_separator_byte(b: u8) -> bool {
    matches!(b, b'-' | b'x' | b'X' | b':')
}

fn read_square(digits: &[u8], span: Range<usize>) -> Result<Square, ParseManouryError> {
    if digits.len() > 2 {
        return Err(ParseManouryError::new(
            "a square number of one or two digits",
            span,
        ));
    }
    Square::from_ascii(digits).map_err(|_| {
        let n = digits
            .iter()
            .fold(0u32, |n, d| n * 10 + u32::from(d - b'0'));
        ParseManouryError {
            message: format!("square {n} is not between 1 and 50"),
            span: Span::new(span.start, span.end),
        }
    })
}

/// A token that is not Manoury notation, with the byte span of the fault.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseManouryError {
    message: String,
    span: Span,
}

impl ParseManouryError {
    fn new(expected: impl fmt::Display, span: Range<usize>) -> ParseManouryError {
        ParseManouryError {
            message: format!("expected {expected}"),
            span: Span::new(span.start, span.end),
        }
    }

    /// The bytes at fault, in the text read: where the caret of a diagnostic goes.
    #[must_use]
    pub const fn span(&self) -> Span {
        self.span
    }
}

impl fmt::Display for ParseManouryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ParseManouryError {}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> (String, Range<usize>) {
        let e = ManouryPlus::from_ascii(text.as_bytes()).unwrap_err();
        (e.to_string(), e.span().range())
    }

    #[test]
    fn canonical_text_round_trips() {
        for text in [
            "32-28",
            "19x30",
            "47x38x24x13x36",
            "1-6",
            "32-28!",
            "32-28!*",
            "19x30+-",
            "19x30-+",
            "27-21+",
            "27-21+3",
            "27-21=",
            "6-1??",
            "46x5+20",
        ] {
            let plus: ManouryPlus = text.parse().unwrap();
            assert!(plus.lenience.is_empty(), "{text}");
            assert_eq!(plus.to_string(), text);
        }
    }

    #[test]
    fn lenient_forms() {
        let cases: [(&str, &str, Lenience); 8] = [
            ("01-06", "1-6", Lenience::LEADING_ZERO),
            ("19:30", "19x30", Lenience::COLON),
            ("19X30", "19x30", Lenience::CROSS_FORM),
            ("19×30", "19x30", Lenience::CROSS_FORM),
            ("23-32x21", "23x32x21", Lenience::MIXED_SEPARATORS),
            ("29-23(?)", "29-23?", Lenience::PARENTHESES),
            ("19-23!!!", "19-23", Lenience::STRENGTH_WITHOUT_NAG),
            (
                "19-23(!?!!!)",
                "19-23",
                Lenience::PARENTHESES.union(Lenience::STRENGTH_WITHOUT_NAG),
            ),
        ];
        for (text, canonical, lenience) in cases {
            let plus: ManouryPlus = text.parse().unwrap();
            assert_eq!(plus.to_string(), canonical, "{text}");
            assert_eq!(plus.lenience, lenience, "{text}");
        }
    }

    #[test]
    fn a_move_alone() {
        let mv: ManouryMove = "47x38x24x13x36".parse().unwrap();
        assert_eq!((mv.from(), mv.last()), (Square::new(47), Square::new(36)));
        let err = "32-28*".parse::<ManouryMove>().unwrap_err();
        assert_eq!(
            (err.to_string(), err.span().range()),
            ("expected a move without signs".to_owned(), 5..6)
        );
        assert!("32-28!!!".parse::<ManouryMove>().is_err());
        let squares = [Square::new(1); MAX_SQUARES + 1];
        assert!(ManouryMove::new(&squares[..MAX_SQUARES], true).is_some());
        assert!(ManouryMove::new(&squares, true).is_none());
        assert!(ManouryMove::new(&squares[..1], false).is_none());
    }

    #[cfg(feature = "serde")]
    #[test]
    fn serializes_as_its_text() {
        let mv: ManouryMove = "01:06".parse().unwrap();
        let json = serde_json::to_string(&mv).unwrap();
        assert_eq!(json, "\"1x6\"");
        assert_eq!(serde_json::from_str::<ManouryMove>(&json).unwrap(), mv);
    }

    #[test]
    fn errors_name_the_fault() {
        const NO_SPACE: &str = "expected a square number right after the separator (a move \
                                holds no space: `1-7`, not `1- 7`)";
        let cases: [(&str, &str, Range<usize>); 12] = [
            ("", "expected a square number", 0..0),
            ("x", "expected a square number", 0..1),
            ("32", "expected a separator and an arrival square", 2..2),
            ("32-", NO_SPACE, 3..3),
            ("32-28-", NO_SPACE, 6..6),
            (
                "32-x28",
                "expected a square number after the separator",
                3..4,
            ),
            ("0-5", "square 0 is not between 1 and 50", 0..1),
            ("32-51", "square 51 is not between 1 and 50", 3..5),
            (
                "132-28",
                "expected a square number of one or two digits",
                0..3,
            ),
            (
                "32-28k",
                "expected a sign (! ? !! ?? !? ?! * = +- -+ + +1 .. +20) after the arrival square",
                5..6,
            ),
            (
                "32-28+21",
                "expected a sign (! ? !! ?? !? ?! * = +- -+ + +1 .. +20) after the arrival square",
                5..8,
            ),
            (
                "32-28(x)",
                "expected a move strength such as (?) in the parentheses",
                5..8,
            ),
        ];
        for (text, message, span) in cases {
            assert_eq!(err(text), (message.to_owned(), span), "{text:?}");
        }
        assert_eq!(
            err("32-28!*=+-+"),
            ("expected at most 4 signs".to_owned(), 10..11)
        );
    }
}
