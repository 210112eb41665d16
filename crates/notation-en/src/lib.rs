//! English algebraic chess notation: SAN (strict writer, lenient reader), long algebraic, UCI
//! and figurine, on a language-neutral engine where another language is a table of letters.
//!
//! # Examples
//!
//! ```
//! use board_core::Notation;
//! use chess_rules::Position;
//! use notation_en::Algebraic;
//!
//! let pos = Position::new();
//! let mut notes = Default::default();
//! let mv = Algebraic::ENGLISH.parse(&pos, "Ng1f3", &mut notes).unwrap();
//! assert_eq!(Algebraic::ENGLISH.to_text(&pos, &mv), "Nf3");
//! assert_eq!(notes.repairs[0].message, "long algebraic form (origin square written)");
//!
//! let err = Algebraic::ENGLISH.parse(&pos, "Nd4", &mut notes).unwrap_err();
//! assert_eq!(err.to_string(), "illegal move Nd4");
//! assert_eq!(err.candidates, ["Na3", "Nc3", "Nf3", "Nh3"]);
//! ```

mod languages;
mod letters;
pub mod san;
mod uci;

use board_core::{MoveError, Notation, Notes, Spelling};
use chess_rules::{Move, Position};
use san::Lenience as Forms;

pub use languages::LANGUAGES;
pub use letters::PieceLetters;
pub use san::{Lenience, ParseSanError, ResolveError, San, SanPlus, Style, Suffix, write_san};
pub use uci::{Lan, Uci};

/// Algebraic notation in a house style: English SAN, figurine, or any language's letters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Algebraic {
    /// Letters and spelling choices of the writer.
    pub style: Style,
}

impl Algebraic {
    /// Standard algebraic notation as the PGN standard writes it.
    pub const ENGLISH: Algebraic = Algebraic {
        style: Style::ENGLISH,
    };

    /// Figurine algebraic notation (`♘f3`).
    pub const FIGURINE: Algebraic = Algebraic {
        style: Style::with_letters(PieceLetters::FIGURINE),
    };

    /// Algebraic notation with another language's letters.
    #[must_use]
    pub const fn with_letters(letters: PieceLetters) -> Algebraic {
        Algebraic {
            style: Style::with_letters(letters),
        }
    }
}

impl Notation for Algebraic {
    type Position = Position;
    type Move = Move;

    fn name(&self) -> &'static str {
        self.style.letters.name()
    }

    // Always inlined into the replay's loop: as a call of its own it saved and restored its
    // registers on every move (16 instructions a move, 2 M on 1,500 games; `#[inline]` alone
    // left it a call).
    #[inline(always)]
    fn parse(&self, pos: &Position, token: &str, notes: &mut Notes) -> Result<Move, MoveError> {
        // Parse, resolve, no lenience: the path of nearly every token.
        san::read(pos, token, &self.style.letters, Forms::default(), notes)
    }

    // Inlined into the replay's loop, as `parse` is.
    #[inline(always)]
    fn parse_bytes(&self, pos: &Position, token: &[u8], notes: &mut Notes) -> Option<Move> {
        san::read_bytes(pos, token, &self.style.letters, Forms::default(), notes)
    }

    fn format(&self, pos: &Position, mv: &Move, out: &mut String) {
        write_san(pos, *mv, &self.style, out);
    }

    /// The roles of the capital letters, for the standard style with letters whose capitals
    /// are the spellings written: `parse_bytes` reads only the common shapes (pawn moves,
    /// castling, a capital for a piece or a promotion), which read with no repair are then
    /// exactly what [`write_san`] writes, the check sign aside (the replay tests it). Two
    /// tables with the same capitals write those shapes alike, whatever their names.
    fn spelling(&self) -> Option<Spelling> {
        let Style {
            letters,
            castling_zeros,
            promotion_equals,
            en_passant_mark,
        } = self.style;
        (letters.capitals_written() && !castling_zeros && promotion_equals && !en_passant_mark)
            .then(|| Spelling::new(letters.capitals()))
    }

    fn is_null(&self, token: &str) -> bool {
        matches!(token, "--" | "Z0" | "0000")
    }

    fn glues(&self, next: &str) -> bool {
        self.may_glue(next.as_bytes())
    }

    fn may_glue(&self, next: &[u8]) -> bool {
        // `e.p.`, and a dash or a capture sign alone: long algebraic typed with spaces
        // (`e2 - e4`, `d4 x e5`), whose rest follows ([`Notation::continues_glued`]).
        matches!(
            *next,
            [b'e', b'.', b'p', b'.'] | [b'e', b'p'] | [b'-'] | [b'x']
        )
    }

    fn continues_glued(&self, glued: &str) -> bool {
        glued.len() > 1 && glued.ends_with(['-', 'x'])
    }
}

/// The README's example, run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
