//! Manoury notation for international draughts: squares numbered 1 to 50, moves `32-28`,
//! captures `19x30`, the path of a capture where two take different pieces to the same square
//! (`47x38x24x13x36`, as PDN 3.0 asks), and the analysis signs of the draughts scoresheet
//! (`! !! ? ?? !? ?! * + = +1 +n +- -+`), each mapped to a NAG.
//!
//! [`Manoury`] is the [`Notation`] the record replay uses; [`ManouryMove`] and [`ManouryPlus`]
//! are what a token says before a position gives it a meaning; [`dialect`] writes PDN with the
//! signs as they were written; [`numbered_board`] draws the numbering from either side. The
//! grammar is in the project's `docs/notation/manoury.md`.
//!
//! # Examples
//!
//! ```
//! use board_core::{Notation, Notes};
//! use draughts_rules::Position;
//! use notation_manoury::Manoury;
//!
//! let pos = Position::new();
//! let mut notes = Notes::default();
//! let mv = Manoury.parse(&pos, "32-28*", &mut notes).unwrap();
//! assert_eq!(Manoury.to_text(&pos, &mv), "32-28");
//! assert_eq!(notes.nags, [7]); // `*`, forced
//!
//! let err = Manoury.parse(&pos, "32-29", &mut notes).unwrap_err();
//! assert_eq!(err.to_string(), "illegal move 32-29");
//! assert_eq!(err.candidates, ["32-27", "32-28"]);
//! ```

mod board;
mod pdn;
mod resolve;
mod sign;
mod text;

use board_core::{MoveError, Notation, Notes};
use draughts_rules::{Move, Position};

pub use board::numbered_board;
pub use pdn::dialect;
pub use sign::{GLUED_SIGNS, MAX_PIECES_WON, ParseSignError, Sign, WIN_NAG};
pub use text::{Lenience, MAX_SIGNS, MAX_SQUARES, ManouryMove, ManouryPlus, ParseManouryError};

/// Manoury notation as a [`Notation`]: a strict PDN 3.0 writer and a lenient reader.
///
/// Reading accepts the canonical forms and, reporting each in `notes.repairs`: full capture
/// paths and other waypoints, the captured-pieces form of engine protocols, `-` for a capture,
/// `:`, `X` or `×` as capture sign, leading zeros (`01-06`), move strengths in parentheses
/// (`29-23(?)`). The signs after the arrival square go to `notes.nags` as NAG numbers (see
/// [`Sign`]). Writing gives `32-28`, `19x30`, or the PDN path of an ambiguous capture.
///
/// # Examples
///
/// ```
/// use board_core::{Notation, Notes};
/// use draughts_rules::Position;
/// use notation_manoury::Manoury;
///
/// let pos: Position = "W:W28:B12,22,23".parse().unwrap();
/// let mut notes = Notes::default();
/// let mv = Manoury.parse(&pos, "28-17-08!", &mut notes).unwrap();
/// assert_eq!(Manoury.to_text(&pos, &mv), "28x8");
/// let repairs: Vec<String> = notes.repairs.iter().map(|r| r.to_string()).collect();
/// assert_eq!(
///     repairs,
///     [
///         "square written with a leading zero",
///         "capture written with '-'",
///         "capture path written where 28x8 is enough",
///     ]
/// );
/// assert_eq!(notes.nags, [1]);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Manoury;

impl Notation for Manoury {
    type Position = Position;
    type Move = Move;

    fn name(&self) -> &'static str {
        "manoury"
    }

    fn parse(&self, pos: &Position, token: &str, notes: &mut Notes) -> Result<Move, MoveError> {
        if pdn::is_setup_command(token) {
            return Err(MoveError::syntax(
                "a /FEN \"...\"/ set-up inside the movetext is not supported: start a new game \
                 with the tags [SetUp \"1\"] [FEN \"...\"] instead",
            ));
        }
        // `1. 32-28, 17-22`: the comma Dutch columns print after White's move.
        let comma = board_core::without_comma(token);
        let token = comma.unwrap_or(token);
        let plus = ManouryPlus::from_ascii(token.as_bytes())
            // The span of the fault is kept: the caret goes under the square out of range.
            .map_err(|err| {
                MoveError::syntax(format!("{token:?} is not a Manoury move: {err}")).at(err.span())
            })?;
        notes.repairs.extend(plus.lenience.repairs());
        let mv = plus.mv.resolve_token(pos, token, &mut notes.repairs)?;
        if comma.is_some() {
            notes.repairs.push(board_core::Repair::new(
                board_core::Code::MoveComma,
                board_core::COMMA_AFTER_MOVE,
            ));
        }
        notes.nags.extend(plus.signs.iter().map(|s| s.nag()));
        Ok(mv)
    }

    fn format(&self, pos: &Position, mv: &Move, out: &mut String) {
        use std::fmt::Write as _;
        let _ = write!(out, "{}", ManouryMove::from_move(pos, mv));
    }

    /// `1-` or `19x`: a square and a separator with nothing after, as some files cut a move
    /// at a space (`1- 7`); the replay joins the rest and reports the space.
    fn continues(&self, token: &str) -> bool {
        let bytes = token.as_bytes();
        let separator = |b: &u8| matches!(b, b'-' | b'x' | b':');
        bytes.len() >= 2
            && bytes[0].is_ascii_digit()
            && bytes.last().is_some_and(separator)
            && bytes.iter().all(|b| b.is_ascii_digit() || separator(b))
    }
}
