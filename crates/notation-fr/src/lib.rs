//! French algebraic chess notation (R D T F C) and the conventions of French scoresheets: `0-0`
//! with zeros, `e8D` beside `e8=D`, `dxe6 e.p.`, a trailing `=` for a draw offer, `½-½`, the
//! header of the sheet as PGN tags, clock times as `[%clk]`. Which language a game is written in
//! is the `notation-detect` crate's question.
//!
//! The grammar, with the examples the tests quote, is in the project's `docs/notation/fr.md`.
//!
//! # Examples
//!
//! ```
//! use board_core::Notation;
//! use chess_rules::Position;
//! use notation_en::Algebraic;
//! use notation_fr::French;
//!
//! let pos = Position::new();
//! let mut notes = Default::default();
//! let mv = French::STANDARD.parse(&pos, "Cf3=", &mut notes).unwrap();
//! assert!(notes.draw_offer);
//! assert_eq!(Algebraic::ENGLISH.to_text(&pos, &mv), "Nf3");
//! assert_eq!(French::STANDARD.to_text(&pos, &mv), "Cf3");
//!
//! let err = French::STANDARD.parse(&pos, "Nf3", &mut notes).unwrap_err();
//! assert_eq!(
//!     err.to_string(),
//!     "\"Nf3\" does not start with a French piece letter (R roi, D dame, T tour, F fou, \
//!      C cavalier; none for a pawn) (N is the English knight: C in French)"
//! );
//! ```

mod clock;
mod convert;
mod header;
mod result;
mod token;

use board_core::{Convention, MoveError, Notation, Notes};
use chess_rules::{Move, Position};
use notation_en::{PieceLetters, Style, write_san};

pub use clock::{ParseClockError, clock_command, clock_time, noted_clock};
pub use convert::{Conversion, convert};
pub use header::{
    HEADER_FIELDS, HeaderError, HeaderField, french_date_to_pgn, pgn_date, read_header,
    tag_for_label,
};
pub use result::ResultSpelling;

/// The README's example, run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

/// The French piece letters: R (*roi*), D (*dame*), T (*tour*), F (*fou*), C (*cavalier*), no
/// letter for pawns.
pub const LETTERS: PieceLetters = PieceLetters::FRENCH;

/// French algebraic notation, in a writing style.
///
/// The reader takes every form the French documents show or allow, whatever the style; the
/// style decides what the writer produces; every form the documents write reads without a
/// repair whatever the style (`0-0` and `O-O`, `e8D` and `e8=D`, `e.p.` or none, `+` left out),
/// and other forms (`e8(D)`, a `+` on a move that does not check) are reported.
///
/// # Examples
///
/// ```
/// use board_core::Notation;
/// use chess_rules::Position;
/// use notation_fr::French;
///
/// let pos: Position = "4k3/P7/8/8/8/8/8/R3K3 w Q - 0 1".parse().unwrap();
/// let mut notes = Default::default();
/// let castle = French::STANDARD.parse(&pos, "0-0-0", &mut notes).unwrap();
/// assert!(notes.repairs.is_empty(), "the second document's own form");
/// assert_eq!(French::STANDARD.to_text(&pos, &castle), "O-O-O");
///
/// let club = French::STANDARD.with_castling_zeros(true).with_promotion_equals(false);
/// assert_eq!(club.to_text(&pos, &castle), "0-0-0");
/// let promotion = club.parse(&pos, "a8D+", &mut Default::default()).unwrap();
/// assert_eq!(club.to_text(&pos, &promotion), "a8D+");
/// assert_eq!(French::STANDARD.to_text(&pos, &promotion), "a8=D+");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct French {
    /// The writer's choices; its letters are [`LETTERS`].
    pub style: Style,
}

impl French {
    /// The canonical French form: `O-O`, `e8=D`, no `e.p.`, `x` on captures, `+` and `#`.
    pub const STANDARD: French = French {
        style: Style::with_letters(LETTERS),
    };

    /// Castling with zeros (`0-0`, `0-0-0`), as the second document writes it.
    #[must_use]
    pub const fn with_castling_zeros(mut self, zeros: bool) -> French {
        self.style.castling_zeros = zeros;
        self
    }

    /// `=` before the promotion piece (`e8=D`) or not (`e8D`, as in the first document's
    /// `a8D+` and `cxd8D#`).
    #[must_use]
    pub const fn with_promotion_equals(mut self, equals: bool) -> French {
        self.style.promotion_equals = equals;
        self
    }

    /// `e.p.` after an en passant capture, glued to it (`dxe6e.p.`): a record token holds no
    /// space, and the reader takes both `dxe6e.p.` and the documents' `dxe6 e.p.`.
    #[must_use]
    pub const fn with_en_passant_mark(mut self, mark: bool) -> French {
        self.style.en_passant_mark = mark;
        self
    }
}

impl Default for French {
    /// [`French::STANDARD`].
    fn default() -> French {
        French::STANDARD
    }
}

impl Notation for French {
    type Position = Position;
    type Move = Move;

    fn name(&self) -> &'static str {
        "fr"
    }

    /// Reads a French token. Besides the move: a trailing `=` (or `(=)`) sets
    /// `notes.draw_offer`, annotation glyphs glued inside the token go to `notes.nags`, the
    /// check sign written (`+`, `#` or none) goes to `notes.check_sign` for the caller to test
    /// after playing the move ([`board_core::read_move`] and the replay do), and every form
    /// this style would not write, every missing or wrong `x` or `e.p.`, is a repair.
    ///
    /// # Errors
    ///
    /// [`MoveError`]: not French notation (an English piece letter, `e8=` with no piece), or no
    /// legal move, or several.
    fn parse(&self, pos: &Position, token: &str, notes: &mut Notes) -> Result<Move, MoveError> {
        token::parse(self, pos, token, notes)
    }

    fn format(&self, pos: &Position, mv: &Move, out: &mut String) {
        write_san(pos, *mv, &self.style, out);
    }

    fn is_null(&self, token: &str) -> bool {
        token == "--"
    }

    fn glues(&self, next: &str) -> bool {
        token::glues(next)
    }

    /// What [`token::glues`] takes starts with `e` or a sign.
    fn may_glue(&self, next: &[u8]) -> bool {
        matches!(next.first(), Some(b'e' | b'+' | b'#' | b'=' | b'('))
    }

    fn draw_offer_suffix(&self) -> Option<&'static str> {
        Some("=")
    }

    /// Both documents make `+` and `#` optional ("l'utilisation du signe + est facultative")
    /// and write the en passant mark apart (`dxe6 e.p.`).
    fn follows(&self, convention: Convention) -> bool {
        matches!(
            convention,
            Convention::CheckSignOmitted | Convention::MarkApart
        )
    }

    /// The boxes of a French scoresheet as PGN tags (see [`HEADER_FIELDS`]), and the values of
    /// date, Elo and result tags in PGN form.
    fn record_tag(
        &self,
        name: &str,
        value: &str,
    ) -> Option<Result<(&'static str, String), String>> {
        let pgn = tag_for_label(name)?;
        match header::tag_value(pgn, value) {
            Ok(converted) if pgn == name && converted == value => None,
            Ok(converted) => Some(Ok((pgn, converted))),
            Err(err) => Some(Err(err.to_string())),
        }
    }

    /// A comment holding only a clock time as written on French sheets (`1h25`, `1h05'30`,
    /// `0h04'`) is the clock command `[%clk 1:25:00]`.
    fn record_comment(&self, text: &str) -> Option<String> {
        clock_command(text).ok()
    }
}
