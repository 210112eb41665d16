//! Descriptive chess notation, English (`P-K4`, `N-KB3`, `QR-Q1`, `PxP`) and French (`P-R4`,
//! `C-FR3`, `T×F`, and the older `P4R`): reading the one legal move a token can mean, writing
//! the shortest token that names a move, and importing the game scores of old books.
//!
//! Descriptive notation names squares from the mover's side (White's K4 is e4, Black's K4 is
//! e5) and pieces by the side of the board they started on (`KR` is the rook from h1 wherever
//! it stands), so it is read and written over a [`DescriptivePosition`], a chess position that
//! remembers where each piece began. [`Tracked`] puts any other chess notation (SAN, UCI) on the
//! same position type, so `board_core::replay` converts between them.
//!
//! # Examples
//!
//! The Spanish game of the French seed document, both ways:
//!
//! ```
//! use board_core::{Notation, Notes};
//! use notation_descriptive::{Descriptive, DescriptivePosition};
//!
//! let mut pos = DescriptivePosition::new();
//! let mut notes = Notes::default();
//! let mut written = Vec::new();
//! for token in ["P-R4", "P-R4", "C-FR3", "C-FD3", "F-CD5"] {
//!     let mv = Descriptive::FRENCH.parse(&pos, token, &mut notes).unwrap();
//!     written.push(Descriptive::MODERN.to_text(&pos, &mv));
//!     pos.play_unchecked(mv);
//! }
//! assert_eq!(written, ["P-K4", "P-K4", "N-KB3", "N-QB3", "B-N5"]);
//! assert!(notes.repairs.is_empty());
//! ```
//!
//! A token that fits no legal move names the ones that come closest:
//!
//! ```
//! use board_core::{Notation, Notes};
//! use notation_descriptive::{Descriptive, DescriptivePosition};
//!
//! let pos = DescriptivePosition::new();
//! let err = Descriptive::MODERN.parse(&pos, "N-Q4", &mut Notes::default()).unwrap_err();
//! assert_eq!(err.to_string(), "illegal move N-Q4");
//! assert_eq!(err.candidates, ["N-KB3", "N-KR3", "N-QB3", "N-QR3"]);
//! ```

pub mod book;
mod line;
mod names;
mod parser;
mod position;
mod resolve;
mod writer;

use board_core::{COMMA_AFTER_MOVE, Code, MoveError, Notation, Notes, Repair, without_comma};
use chess_rules::Move;

pub use line::{LOOKAHEAD_BUDGET, LineError, LineMove, read_line};
pub use names::Language;
pub use position::{DescriptivePosition, Tracked, Wing};
pub use writer::Style;

use crate::parser::{Body, Parsed};
use crate::resolve::Outcome;

/// Descriptive notation in a house style; reading accepts every form of its language.
///
/// Its name is `descriptive` for English and `descriptive-fr` for French.
///
/// # Examples
///
/// ```
/// use board_core::{Notation, Notes};
/// use notation_descriptive::{Descriptive, DescriptivePosition};
///
/// // 1. e4 e5 2. Nf3 Nc6 3. Bc4 Nd4 4. Nxe5: which knight takes?
/// let fen = "r1bqkbnr/pppp1ppp/8/4p3/2BnP3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
/// let pos = DescriptivePosition::from_position(fen.parse().unwrap());
/// let mut notes = Notes::default();
/// let mv = Descriptive::MODERN.parse(&pos, "Kt × K P", &mut notes).unwrap();
/// assert_eq!(mv.to_string(), "f3e5");
/// assert_eq!(Descriptive::MODERN.to_text(&pos, &mv), "NxP");
/// assert_eq!(Descriptive::OLD.to_text(&pos, &mv), "KtxP");
/// assert_eq!(Descriptive::FRENCH.to_text(&pos, &mv), "C×P");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Descriptive {
    /// How tokens are written.
    pub style: Style,
}

impl Descriptive {
    /// Modern English: `N-KB3`, `BxN`, `R-B5ch`.
    pub const MODERN: Descriptive = Descriptive::new(Style::MODERN);
    /// Old English: `Kt-KB3`, `R-Ksq`.
    pub const OLD: Descriptive = Descriptive::new(Style::OLD);
    /// French, the seed document's form: `C-FR3`, `T×F`.
    pub const FRENCH: Descriptive = Descriptive::new(Style::FRENCH);
    /// French, the older FIDE form: `C3FR`, `T:F`.
    pub const FRENCH_FIDE: Descriptive = Descriptive::new(Style::FRENCH_FIDE);

    /// Descriptive notation written in `style`.
    #[must_use]
    pub const fn new(style: Style) -> Descriptive {
        Descriptive { style }
    }

    /// The notation a command line names: `descriptive` (English) or `descriptive-fr`, in a
    /// style: `modern` (the default) or `old` for English, `document` (the default) or `fide`
    /// for French. `None` for other names.
    ///
    /// # Examples
    ///
    /// ```
    /// use notation_descriptive::Descriptive;
    ///
    /// assert_eq!(Descriptive::named("descriptive", Some("old")), Some(Descriptive::OLD));
    /// assert_eq!(Descriptive::named("descriptive-fr", None), Some(Descriptive::FRENCH));
    /// assert_eq!(Descriptive::named("descriptive-fr", Some("fide")), Some(Descriptive::FRENCH_FIDE));
    /// assert_eq!(Descriptive::named("descriptive", Some("fide")), None);
    /// ```
    #[must_use]
    pub fn named(name: &str, style: Option<&str>) -> Option<Descriptive> {
        match (name, style) {
            ("descriptive", None | Some("modern")) => Some(Descriptive::MODERN),
            ("descriptive", Some("old")) => Some(Descriptive::OLD),
            ("descriptive-fr", None | Some("document" | "modern")) => Some(Descriptive::FRENCH),
            ("descriptive-fr", Some("fide" | "old")) => Some(Descriptive::FRENCH_FIDE),
            _ => None,
        }
    }

    /// The language read and written.
    #[must_use]
    pub const fn language(&self) -> &'static Language {
        self.style.language
    }

    /// The tokens of `moves` in this notation, sorted: what an error offers instead.
    fn names(
        &self,
        pos: &DescriptivePosition,
        moves: impl IntoIterator<Item = Move>,
    ) -> Vec<String> {
        let mut names: Vec<String> = moves.into_iter().map(|mv| self.to_text(pos, &mv)).collect();
        names.sort();
        names.dedup();
        names
    }

    /// The legal moves closest to a token that fits none: the moves of the piece it names, or
    /// castling, or failing those every legal move.
    fn nearest(&self, pos: &DescriptivePosition, parsed: &Parsed) -> Vec<String> {
        let legal = pos.chess().legal_moves();
        let same: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|mv| match parsed.body {
                Body::Castle(_) => mv.is_castle(),
                Body::Piece(p) => !mv.is_castle() && mv.role() == p.piece.role,
            })
            .collect();
        if same.is_empty() {
            self.names(pos, legal)
        } else {
            self.names(pos, same)
        }
    }
}

impl Notation for Descriptive {
    type Position = DescriptivePosition;
    type Move = Move;

    fn name(&self) -> &'static str {
        self.style.language.notation
    }

    fn parse(
        &self,
        pos: &DescriptivePosition,
        token: &str,
        notes: &mut Notes,
    ) -> Result<Move, MoveError> {
        let comma = without_comma(token);
        let token = comma.unwrap_or(token);
        let parsed = parser::parse_token(token, self.style.language).map_err(|err| {
            MoveError::syntax(format!(
                "{token:?} is not {} descriptive notation: {} at byte {}",
                self.style.language.adjective, err.message, err.at
            ))
        })?;
        match resolve::resolve(pos, &parsed) {
            Outcome::One { mv, repairs } => {
                notes.repairs.extend(repairs);
                if comma.is_some() {
                    notes
                        .repairs
                        .push(Repair::new(Code::MoveComma, COMMA_AFTER_MOVE));
                }
                notes.nags.extend(parsed.nags.iter().filter(|&&n| n != 0));
                Ok(mv)
            }
            Outcome::Many(moves) => Err(MoveError::ambiguous(token, self.names(pos, moves))),
            Outcome::None => Err(MoveError::illegal(token, self.nearest(pos, &parsed))),
        }
    }

    fn format(&self, pos: &DescriptivePosition, mv: &Move, out: &mut String) {
        writer::write(pos, *mv, &self.style, out);
    }

    fn is_null(&self, token: &str) -> bool {
        token == "--"
    }

    /// `ch`, `mate`, `e.p.`, `dis.ch` written apart belong to the move before them.
    fn glues(&self, next: &str) -> bool {
        parser::is_suffix(next, self.style.language)
    }
}

/// The README's example, run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
