//! Writing SAN: the canonical token of a move in a position ([`write_san`]), and the canonical
//! spelling of what a token says ([`SanPlus`]'s `Display`).

use std::fmt;

use chess_rules::{CastlingSide, Move, Position, Role, Square};

use super::resolve::disambiguation;
use super::syntax::{San, SanPlus, Suffix};
use crate::PieceLetters;

impl Suffix {
    /// The sign a move deserves in the position after it.
    #[must_use]
    pub fn after(position: &Position) -> Option<Suffix> {
        if !position.is_check() {
            None
        } else if !position.has_legal_moves() {
            Some(Suffix::Checkmate)
        } else {
            Some(Suffix::Check)
        }
    }
}

impl SanPlus {
    /// Appends the canonical spelling of what the token says with `letters`: piece letter,
    /// origin as written, `x`, destination, `=` and the promotion letter, sign.
    pub fn write_with(&self, letters: &PieceLetters, out: &mut String) {
        match self.san {
            San::Castle(CastlingSide::KingSide) => out.push_str("O-O"),
            San::Castle(CastlingSide::QueenSide) => out.push_str("O-O-O"),
            San::Null => out.push_str("--"),
            San::Normal {
                role,
                file,
                rank,
                capture,
                to,
                promotion,
            } => {
                if role != Role::Pawn {
                    out.push_str(letters.letter(role));
                }
                if let Some(file) = file {
                    out.push(file.char());
                }
                if let Some(rank) = rank {
                    out.push(rank.char());
                }
                if capture {
                    out.push('x');
                }
                push_square(out, to);
                if let Some(promo) = promotion {
                    out.push('=');
                    out.push_str(letters.letter(promo));
                }
            }
        }
        if let Some(suffix) = self.suffix {
            out.push(suffix.char());
        }
    }
}

/// The canonical spelling with the English letters.
impl fmt::Display for SanPlus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        self.write_with(&PieceLetters::ENGLISH, &mut out);
        f.write_str(&out)
    }
}

/// How the canonical writer spells the parts that differ between house styles.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Style {
    /// The piece letters.
    pub letters: PieceLetters,
    /// `0-0` instead of `O-O`.
    pub castling_zeros: bool,
    /// `=` before the promotion piece (`e8=Q`); without it, `e8Q`.
    pub promotion_equals: bool,
    /// ` e.p.` glued after an en-passant capture (`exd6e.p.`).
    pub en_passant_mark: bool,
}

impl Style {
    /// Standard SAN as the PGN standard writes it.
    pub const ENGLISH: Style = Style::with_letters(PieceLetters::ENGLISH);

    /// The standard style with other letters.
    #[must_use]
    pub const fn with_letters(letters: PieceLetters) -> Style {
        Style {
            letters,
            castling_zeros: false,
            promotion_equals: true,
            en_passant_mark: false,
        }
    }
}

/// Appends the canonical SAN of a legal move, with its check or mate sign.
///
/// # Examples
///
/// ```
/// use chess_rules::{Move, Position, Role, Square};
/// use notation_en::{Style, write_san};
///
/// let pos = Position::new();
/// let mut out = String::new();
/// write_san(&pos, Move::normal(Role::Knight, "g1".parse().unwrap(), "f3".parse().unwrap()), &Style::ENGLISH, &mut out);
/// assert_eq!(out, "Nf3");
/// ```
pub fn write_san(pos: &Position, mv: Move, style: &Style, out: &mut String) {
    write_move(pos, mv, style, out);
    let mut after = *pos;
    after.play_unchecked(mv);
    if let Some(suffix) = Suffix::after(&after) {
        out.push(suffix.char());
    }
}

/// The SAN body without the check sign.
fn write_move(pos: &Position, mv: Move, style: &Style, out: &mut String) {
    if let Some(side) = mv.castling_side() {
        out.push_str(match (side, style.castling_zeros) {
            (CastlingSide::KingSide, false) => "O-O",
            (CastlingSide::QueenSide, false) => "O-O-O",
            (CastlingSide::KingSide, true) => "0-0",
            (CastlingSide::QueenSide, true) => "0-0-0",
        });
        return;
    }
    let role = mv.role();
    let capture = pos.is_capture(mv);
    if role != Role::Pawn {
        out.push_str(style.letters.letter(role));
    }
    let (file, rank) = disambiguation(pos, mv);
    if file {
        out.push(mv.from().file().char());
    }
    if rank {
        out.push(mv.from().rank().char());
    }
    if capture {
        out.push('x');
    }
    push_square(out, mv.to());
    if let Some(promo) = mv.promotion_role() {
        if style.promotion_equals {
            out.push('=');
        }
        out.push_str(style.letters.letter(promo));
    }
    if mv.is_en_passant() && style.en_passant_mark {
        out.push_str("e.p.");
    }
}

/// Appends a square's name, `e4`, without the formatting machinery (it runs for every move).
pub(crate) fn push_square(out: &mut String, square: Square) {
    // Two ASCII pushes: cheaper than a two-byte copy through `push_str`.
    let index = square.to_u32();
    out.push(char::from(b'a' + (index & 7) as u8));
    out.push(char::from(b'1' + (index >> 3) as u8));
}

pub(super) fn to_string(pos: &Position, mv: Move, letters: &PieceLetters) -> String {
    let mut out = String::new();
    write_san(pos, mv, &Style::with_letters(*letters), &mut out);
    out
}
