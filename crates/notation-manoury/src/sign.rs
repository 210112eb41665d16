//! The analysis signs written after the arrival square (`32-28!`, `19x30*`, `27-21+-`) and the
//! NAGs they stand for.

use std::fmt;
use std::str::FromStr;

/// An analysis sign of the draughts scoresheet, written right after the arrival square.
///
/// Each sign maps to one NAG, so a record keeps it through a conversion, and a record writer
/// that knows the signs ([`crate::dialect`]) writes it back as written. The six move glyphs are
/// the PGN ones; the others take the PGN NAG of the same meaning where there is one (`*`, `=`,
/// `+-`, `-+`), and the numbers from `$1000` up where there is none (`+`, `+n`):
///
/// | sign | meaning (the source document) | NAG |
/// | --- | --- | --- |
/// | `!` | a strong or well played move | `$1` |
/// | `?` | a weak or badly played move | `$2` |
/// | `!!` | a very strong move | `$3` |
/// | `??` | a very weak move, a blunder | `$4` |
/// | `!?` | a move that looks strong but turns out weak | `$5` |
/// | `?!` | a move that looks weak but turns out strong | `$6` |
/// | `*` | a forced move: any other loses at once | `$7` |
/// | `=` | an equal game | `$10` |
/// | `+-` | an advantage for White | `$18` |
/// | `-+` | an advantage for Black | `$19` |
/// | `+` | the game is won | `$1000` |
/// | `+1` .. `+20` | one piece won, `n` pieces won | `$1001` .. `$1020` |
///
/// # Examples
///
/// ```
/// use notation_manoury::Sign;
///
/// let forced: Sign = "*".parse().unwrap();
/// assert_eq!(forced, Sign::Forced);
/// assert_eq!(forced.nag(), 7);
/// assert_eq!(Sign::from_nag(1003), Some(Sign::PiecesWon(3)));
/// assert_eq!(Sign::PiecesWon(3).to_string(), "+3");
/// assert_eq!(Sign::from_nag(14), None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Sign {
    /// `!`, `$1`.
    Good,
    /// `?`, `$2`.
    Weak,
    /// `!!`, `$3`.
    VeryStrong,
    /// `??`, `$4`.
    Blunder,
    /// `!?`, `$5`.
    LooksStrong,
    /// `?!`, `$6`.
    LooksWeak,
    /// `*`, `$7`: forced, any other move loses at once.
    Forced,
    /// `=`, `$10`: an equal game.
    Equal,
    /// `+-`, `$18`: an advantage for White.
    WhiteAdvantage,
    /// `-+`, `$19`: an advantage for Black.
    BlackAdvantage,
    /// `+`, `$1000`: the game is won.
    Win,
    /// `+n`, `$1000 + n`: `n` pieces won, 1 to 20 (a value built out of that range counts as
    /// the nearest: 0 as 1, more than 20 as 20).
    PiecesWon(u8),
}

/// `n` brought into `1..=20`.
const fn clamp_pieces(n: u8) -> u8 {
    if n == 0 {
        1
    } else if n > MAX_PIECES_WON {
        MAX_PIECES_WON
    } else {
        n
    }
}

/// The NAG of `+`; `+n` is this plus `n`.
pub const WIN_NAG: u16 = 1000;

/// The most pieces `+n` can count: a side has 20.
pub const MAX_PIECES_WON: u8 = 20;

/// `+1` to `+20`, so that every sign is a `&'static str`.
const PIECES_WON: [&str; MAX_PIECES_WON as usize] = [
    "+1", "+2", "+3", "+4", "+5", "+6", "+7", "+8", "+9", "+10", "+11", "+12", "+13", "+14", "+15",
    "+16", "+17", "+18", "+19", "+20",
];

/// The signs a record writer glues to their move in place of their NAG, beyond the six move
/// glyphs that every PDN writer knows: `*`, `=`, `+-`, `-+`, `+` and `+1` to `+20`.
///
/// # Examples
///
/// ```
/// use notation_manoury::GLUED_SIGNS;
///
/// assert_eq!(GLUED_SIGNS[0], (7, "*"));
/// assert_eq!(GLUED_SIGNS.len(), 25);
/// ```
pub const GLUED_SIGNS: [(u16, &str); 25] = {
    let mut table = [(0u16, ""); 25];
    table[0] = (7, "*");
    table[1] = (10, "=");
    table[2] = (18, "+-");
    table[3] = (19, "-+");
    table[4] = (WIN_NAG, "+");
    let mut n = 0;
    while n < MAX_PIECES_WON as usize {
        table[5 + n] = (WIN_NAG + 1 + n as u16, PIECES_WON[n]);
        n += 1;
    }
    table
};

impl Sign {
    /// The sign's NAG number.
    #[must_use]
    pub const fn nag(self) -> u16 {
        match self {
            Sign::Good => 1,
            Sign::Weak => 2,
            Sign::VeryStrong => 3,
            Sign::Blunder => 4,
            Sign::LooksStrong => 5,
            Sign::LooksWeak => 6,
            Sign::Forced => 7,
            Sign::Equal => 10,
            Sign::WhiteAdvantage => 18,
            Sign::BlackAdvantage => 19,
            Sign::Win => WIN_NAG,
            Sign::PiecesWon(n) => WIN_NAG + clamp_pieces(n) as u16,
        }
    }

    /// The sign of a NAG, if it has one.
    #[must_use]
    pub const fn from_nag(nag: u16) -> Option<Sign> {
        Some(match nag {
            1 => Sign::Good,
            2 => Sign::Weak,
            3 => Sign::VeryStrong,
            4 => Sign::Blunder,
            5 => Sign::LooksStrong,
            6 => Sign::LooksWeak,
            7 => Sign::Forced,
            10 => Sign::Equal,
            18 => Sign::WhiteAdvantage,
            19 => Sign::BlackAdvantage,
            WIN_NAG => Sign::Win,
            n if n > WIN_NAG && n <= WIN_NAG + MAX_PIECES_WON as u16 => {
                Sign::PiecesWon((n - WIN_NAG) as u8)
            }
            _ => return None,
        })
    }

    /// The sign as written.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Sign::Good => "!",
            Sign::Weak => "?",
            Sign::VeryStrong => "!!",
            Sign::Blunder => "??",
            Sign::LooksStrong => "!?",
            Sign::LooksWeak => "?!",
            Sign::Forced => "*",
            Sign::Equal => "=",
            Sign::WhiteAdvantage => "+-",
            Sign::BlackAdvantage => "-+",
            Sign::Win => "+",
            Sign::PiecesWon(n) => PIECES_WON[clamp_pieces(n) as usize - 1],
        }
    }

    /// The move glyph of a run of `!` and `?`: one of `!`, `?`, `!!`, `??`, `!?`, `?!`.
    pub(crate) fn of_marks(marks: &[u8]) -> Option<Sign> {
        Some(match marks {
            b"!" => Sign::Good,
            b"?" => Sign::Weak,
            b"!!" => Sign::VeryStrong,
            b"??" => Sign::Blunder,
            b"!?" => Sign::LooksStrong,
            b"?!" => Sign::LooksWeak,
            _ => return None,
        })
    }
}

impl fmt::Display for Sign {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A text that is not one analysis sign.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseSignError;

impl fmt::Display for ParseSignError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("expected one of ! ? !! ?? !? ?! * = +- -+ + +1 .. +20")
    }
}

impl std::error::Error for ParseSignError {}

impl Sign {
    /// Reads one sign.
    ///
    /// # Errors
    ///
    /// [`ParseSignError`] unless the bytes are exactly one sign.
    pub fn from_ascii(s: &[u8]) -> Result<Sign, ParseSignError> {
        match read_sign(s) {
            Some((sign, len)) if len == s.len() => sign.ok_or(ParseSignError),
            _ => Err(ParseSignError),
        }
    }
}

impl FromStr for Sign {
    type Err = ParseSignError;

    fn from_str(s: &str) -> Result<Sign, ParseSignError> {
        Sign::from_ascii(s.as_bytes())
    }
}

/// Reads the sign at the start of `s`: the sign (`None` for a run of `!` and `?` that is no move
/// glyph, such as `!!!`) and its length; `None` when `s` does not start with a sign.
/// `true` if `next` written right after `prev` would read as something else (`?` then `!` reads
/// as `?!`): the writer then puts `next` in parentheses, `32-28?(!)`.
pub(crate) fn merges(prev: Sign, next: Sign) -> bool {
    let mut joined = [0u8; 16];
    let (a, b) = (prev.as_str().as_bytes(), next.as_str().as_bytes());
    if a.len() + b.len() > joined.len() {
        return false;
    }
    joined[..a.len()].copy_from_slice(a);
    joined[a.len()..a.len() + b.len()].copy_from_slice(b);
    read_sign(&joined[..a.len() + b.len()]) != Some((Some(prev), a.len()))
}

pub(crate) fn read_sign(s: &[u8]) -> Option<(Option<Sign>, usize)> {
    match *s.first()? {
        b'!' | b'?' => {
            let len = s.iter().take_while(|b| matches!(b, b'!' | b'?')).count();
            Some((Sign::of_marks(&s[..len]), len))
        }
        b'*' => Some((Some(Sign::Forced), 1)),
        b'=' => Some((Some(Sign::Equal), 1)),
        b'-' if s.get(1) == Some(&b'+') => Some((Some(Sign::BlackAdvantage), 2)),
        b'+' => match s.get(1) {
            Some(b'-') => Some((Some(Sign::WhiteAdvantage), 2)),
            Some(d) if d.is_ascii_digit() => {
                let digits = s[1..].iter().take_while(|b| b.is_ascii_digit()).count();
                let n = s[1..=digits]
                    .iter()
                    .try_fold(0u8, |n, d| n.checked_mul(10)?.checked_add(d - b'0'))
                    .filter(|n| (1..=MAX_PIECES_WON).contains(n))?;
                Some((Some(Sign::PiecesWon(n)), 1 + digits))
            }
            _ => Some((Some(Sign::Win), 1)),
        },
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALL: [Sign; 11] = [
        Sign::Good,
        Sign::Weak,
        Sign::VeryStrong,
        Sign::Blunder,
        Sign::LooksStrong,
        Sign::LooksWeak,
        Sign::Forced,
        Sign::Equal,
        Sign::WhiteAdvantage,
        Sign::BlackAdvantage,
        Sign::Win,
    ];

    #[test]
    fn every_sign_round_trips_through_text_and_nag() {
        let signs = ALL
            .into_iter()
            .chain((1..=MAX_PIECES_WON).map(Sign::PiecesWon));
        let mut nags = std::collections::BTreeSet::new();
        for sign in signs {
            assert_eq!(sign.as_str().parse::<Sign>(), Ok(sign));
            assert_eq!(Sign::from_nag(sign.nag()), Some(sign));
            assert!(nags.insert(sign.nag()), "{sign} shares its NAG");
        }
        assert_eq!(nags.len(), 31);
    }

    #[test]
    fn the_glued_table_lists_every_sign_but_the_move_glyphs() {
        for (nag, text) in GLUED_SIGNS {
            let sign = Sign::from_nag(nag).unwrap();
            assert_eq!(sign.as_str(), text);
            assert!(nag > 6);
        }
        for nag in (0..2000).filter(|n| *n > 6) {
            let glued = GLUED_SIGNS.iter().any(|(n, _)| *n == nag);
            assert_eq!(glued, Sign::from_nag(nag).is_some(), "${nag}");
        }
    }

    #[test]
    fn reading() {
        assert_eq!(read_sign(b"+-x"), Some((Some(Sign::WhiteAdvantage), 2)));
        assert_eq!(read_sign(b"+12"), Some((Some(Sign::PiecesWon(12)), 3)));
        assert_eq!(read_sign(b"+21"), None);
        assert_eq!(read_sign(b"+0"), None);
        assert_eq!(read_sign(b"+"), Some((Some(Sign::Win), 1)));
        assert_eq!(read_sign(b"!!!"), Some((None, 3)));
        assert_eq!(read_sign(b"-"), None);
        for bad in ["", "!!!", "+-+", "x", "+0", "+21", "- +"] {
            assert_eq!(bad.parse::<Sign>(), Err(ParseSignError), "{bad:?}");
        }
    }
}
