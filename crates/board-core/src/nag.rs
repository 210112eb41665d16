//! Numeric annotation glyphs (`$1`) and the suffix glyphs they stand for (`!`).

use std::fmt;
use std::str::FromStr;

/// A numeric annotation glyph, `$0` to `$255`.
///
/// The six move glyphs map to the first six NAGs: `!` = `$1`, `?` = `$2`, `!!` = `$3`,
/// `??` = `$4`, `!?` = `$5`, `?!` = `$6`.
///
/// # Examples
///
/// ```
/// use board_core::Nag;
///
/// assert_eq!("$14".parse::<Nag>().unwrap(), Nag(14));
/// assert_eq!(Nag::from_glyph("??"), Some(Nag::BLUNDER));
/// assert_eq!(Nag::BLUNDER.glyph(), Some("??"));
/// assert_eq!(Nag(14).to_string(), "$14");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct Nag(pub u8);

const GLYPHS: [&str; 6] = ["!", "?", "!!", "??", "!?", "?!"];

/// The evaluation signs of Informant and ChessBase, with the NAG each stands for: Unicode
/// signs first (the first one of each NAG is the one [`Nag::symbol`] gives), then the ASCII
/// forms of the same signs and the minus sign's look-alikes.
const SYMBOLS: &[(&str, u8)] = &[
    ("□", 7),
    ("∞", 13),
    ("⩲", 14),
    ("⩱", 15),
    ("±", 16),
    ("∓", 17),
    ("+−", 18),
    ("−+", 19),
    ("⨀", 22),
    ("○", 26),
    ("⟳", 32),
    ("↑", 36),
    ("→", 40),
    ("=∞", 44),
    ("⇆", 132),
    ("⨁", 138),
    ("∆", 140),
    ("+=", 14),
    ("+/=", 14),
    ("=+", 15),
    ("=/+", 15),
    ("+/-", 16),
    ("-/+", 17),
    ("+-", 18),
    ("+–", 18),
    ("-+", 19),
    ("–+", 19),
    ("=/∞", 44),
    ("∞=", 44),
    ("Δ", 140),
    // The move glyphs as one Unicode character each, as word processors set them.
    ("‼", 3),
    ("⁇", 4),
    ("⁉", 5),
    ("⁈", 6),
];
impl Nag {
    /// `!`, `$1`.
    pub const GOOD_MOVE: Nag = Nag(1);
    /// `?`, `$2`.
    pub const MISTAKE: Nag = Nag(2);
    /// `!!`, `$3`.
    pub const BRILLIANT_MOVE: Nag = Nag(3);
    /// `??`, `$4`.
    pub const BLUNDER: Nag = Nag(4);
    /// `!?`, `$5`.
    pub const SPECULATIVE_MOVE: Nag = Nag(5);
    /// `?!`, `$6`.
    pub const DUBIOUS_MOVE: Nag = Nag(6);

    /// The NAG a suffix glyph stands for: `!`, `?`, `!!`, `??`, `!?` or `?!`.
    #[must_use]
    pub fn from_glyph(glyph: &str) -> Option<Nag> {
        GLYPHS
            .iter()
            .position(|g| *g == glyph)
            .map(|i| Nag(i as u8 + 1))
    }

    /// The NAG an evaluation sign of Informant and ChessBase stands for: `⩲` `$14`, `⩱` `$15`,
    /// `±` (or `+/-`) `$16`, `∓` `$17`, `+−` (or `+-`) `$18`, `−+` `$19`, `∞` `$13`, `=∞`
    /// `$44`, `○` `$26`, `⨀` `$22`, `⟳` `$32`, `↑` `$36`, `→` `$40`, `⇆` `$132`, `∆` `$140`,
    /// `□` `$7`, `⨁` `$138`, and the move glyphs set as one character: `‼` `$3`, `⁇` `$4`,
    /// `⁉` `$5`, `⁈` `$6`. A lone `=` is left out: French records write it for a draw offer.
    ///
    /// # Examples
    ///
    /// ```
    /// use board_core::Nag;
    ///
    /// assert_eq!(Nag::from_symbol("±"), Some(Nag(16)));
    /// assert_eq!(Nag::from_symbol("+-"), Some(Nag(18)));
    /// assert_eq!(Nag::from_symbol("‼"), Some(Nag::BRILLIANT_MOVE));
    /// assert_eq!(Nag::from_symbol("="), None);
    /// assert_eq!(Nag(16).symbol(), Some("±"));
    /// ```
    #[must_use]
    pub fn from_symbol(symbol: &str) -> Option<Nag> {
        SYMBOLS
            .iter()
            .find(|(s, _)| *s == symbol)
            .map(|&(_, n)| Nag(n))
    }

    /// The NAG an annotation written as a word stands for, where a move could stand: `N`
    /// (ChessBase's novelty, `$146`), `inf` (unclear, `$13`, as ASCII exports write `∞`).
    /// Words, unlike signs, read as moves to the record reader: the replay asks this when a
    /// token does not read as a move.
    ///
    /// # Examples
    ///
    /// ```
    /// use board_core::Nag;
    ///
    /// assert_eq!(Nag::from_word("N"), Some(Nag(146)));
    /// assert_eq!(Nag::from_word("inf"), Some(Nag(13)));
    /// assert_eq!(Nag::from_word("Nf3"), None);
    /// ```
    #[must_use]
    pub fn from_word(word: &str) -> Option<Nag> {
        match word {
            "N" => Some(Nag(146)),
            "inf" => Some(Nag(13)),
            _ => None,
        }
    }

    /// The Unicode evaluation sign of this NAG, if it has one (see [`Nag::from_symbol`]).
    #[must_use]
    pub fn symbol(self) -> Option<&'static str> {
        SYMBOLS.iter().find(|(_, n)| *n == self.0).map(|&(s, _)| s)
    }

    /// The suffix glyph of `$1`..`$6`; `None` for other NAGs.
    #[must_use]
    pub fn glyph(self) -> Option<&'static str> {
        match self.0 {
            1..=6 => Some(GLYPHS[usize::from(self.0) - 1]),
            _ => None,
        }
    }

    /// Reads `$n` or a suffix glyph.
    ///
    /// # Errors
    ///
    /// [`ParseNagError`] if the bytes are neither.
    pub fn from_ascii(s: &[u8]) -> Result<Nag, ParseNagError> {
        if let Some(digits) = s.strip_prefix(b"$") {
            if digits.is_empty() || digits.len() > 3 || !digits.iter().all(u8::is_ascii_digit) {
                return Err(ParseNagError);
            }
            let n = digits
                .iter()
                .fold(0u32, |n, d| n * 10 + u32::from(d - b'0'));
            return u8::try_from(n).map(Nag).map_err(|_| ParseNagError);
        }
        std::str::from_utf8(s)
            .ok()
            .and_then(Nag::from_glyph)
            .ok_or(ParseNagError)
    }
}

impl fmt::Display for Nag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "${}", self.0)
    }
}

/// A text that is neither `$n` (0 to 255) nor a move glyph.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseNagError;

impl fmt::Display for ParseNagError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("expected a NAG ($0 to $255) or one of ! ? !! ?? !? ?!")
    }
}

impl std::error::Error for ParseNagError {}

impl FromStr for Nag {
    type Err = ParseNagError;

    fn from_str(s: &str) -> Result<Nag, ParseNagError> {
        Nag::from_ascii(s.as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glyphs_map_to_first_six_nags() {
        for (i, glyph) in GLYPHS.iter().enumerate() {
            let nag = Nag::from_glyph(glyph).unwrap();
            assert_eq!(usize::from(nag.0), i + 1);
            assert_eq!(nag.glyph(), Some(*glyph));
            assert_eq!(glyph.parse::<Nag>(), Ok(nag));
        }
        assert_eq!(Nag(7).glyph(), None);
    }

    #[test]
    fn every_symbol_reads_back_as_its_nag() {
        for &(symbol, n) in SYMBOLS {
            assert_eq!(Nag::from_symbol(symbol), Some(Nag(n)), "{symbol}");
            let first = Nag(n).symbol().unwrap();
            assert_eq!(Nag::from_symbol(first), Some(Nag(n)));
            assert!(Nag::from_glyph(symbol).is_none());
        }
    }

    #[test]
    fn numeric_nags_bounded() {
        assert_eq!("$255".parse::<Nag>(), Ok(Nag(255)));
        assert_eq!("$256".parse::<Nag>(), Err(ParseNagError));
        assert_eq!("$".parse::<Nag>(), Err(ParseNagError));
        assert_eq!("$1a".parse::<Nag>(), Err(ParseNagError));
        assert_eq!("!!!".parse::<Nag>(), Err(ParseNagError));
    }
}
