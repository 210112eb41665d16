//! How a result is spelled: `1/2-1/2` as PGN writes it, or `½-½` as a French scoresheet does.

use board_core::GameResult;

/// The spelling of a drawn game's result; wins (`1-0`, `0-1`) and `*` read the same in both.
///
/// A record's `Result` tag always takes the PGN spelling, which every program reads; only the
/// result written after the moves follows the sheet.
///
/// # Examples
///
/// ```
/// use notation_fr::ResultSpelling;
///
/// assert_eq!(ResultSpelling::Scoresheet.spell("1/2-1/2"), "½-½");
/// assert_eq!(ResultSpelling::Pgn.spell("½-½"), "1/2-1/2");
/// assert_eq!(ResultSpelling::Scoresheet.spell("1-0"), "1-0");
/// assert_eq!(ResultSpelling::Pgn.spell("2-0"), "2-0"); // not a chess result: kept
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum ResultSpelling {
    /// `1-0`, `0-1`, `1/2-1/2`, `*`.
    #[default]
    Pgn,
    /// `1-0`, `0-1`, `½-½`, `*`: « Une partie nulle se note ½-½. »
    Scoresheet,
}

impl ResultSpelling {
    /// `result` in this spelling; text that is no chess result is returned as it is.
    #[must_use]
    pub fn spell(self, result: &str) -> &str {
        result.parse::<GameResult>().map_or(result, |r| self.of(r))
    }

    /// The spelling of a result.
    #[must_use]
    pub const fn of(self, result: GameResult) -> &'static str {
        match self {
            ResultSpelling::Pgn => result.as_str(),
            ResultSpelling::Scoresheet => result.to_unicode(),
        }
    }
}
