//! UCI coordinates (`e2e4`, `e7e8q`) and long algebraic notation (`Ng1-f3`, `e7xd8=Q+`).

use board_core::{Code, MoveError, Notation, Notes, Repair, Span};
use chess_rules::{Move, Position, Role, Square};

use crate::san::push_square;
use crate::{PieceLetters, Style, san};

/// Universal Chess Interface coordinates: origin, destination, promotion letter.
///
/// Castling is written as the king's two-square move (`e1g1`) in standard chess and as the king
/// taking its own rook (`e1h1`) in Chess960, as engines in `UCI_Chess960` mode expect: in a
/// Chess960 game's position ([`Position::is_chess960`], which a `Variant "Chess960"` tag sets)
/// whatever the notation's mode, and everywhere in [`Uci::CHESS960`]. A king that castles from
/// another file than e in a game not marked Chess960 is written taking its rook too, the only
/// form that cannot be a king's step. The reader accepts both where unambiguous and reports the
/// other convention.
///
/// # Examples
///
/// ```
/// use board_core::Notation;
/// use chess_rules::{Move, Position, Square};
/// use notation_en::Uci;
///
/// let pos = Position::new();
/// let mv = Uci::STANDARD.parse(&pos, "g1f3", &mut Default::default()).unwrap();
/// assert_eq!(Uci::STANDARD.to_text(&pos, &mv), "g1f3");
///
/// let castles: Position = "4k3/8/8/8/8/8/8/4K2R w K - 0 1".parse().unwrap();
/// let short = Move::castle(Square::E1, Square::H1);
/// assert_eq!(Uci::STANDARD.to_text(&castles, &short), "e1g1");
/// assert_eq!(Uci::STANDARD.to_text(&castles.with_chess960(true), &short), "e1h1");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Uci {
    /// Write castling as king-takes-rook in every game, Chess960 or not.
    pub chess960: bool,
}

impl Uci {
    /// Castling as the game asks: `e1g1` in standard chess, `e1h1` in a Chess960 game.
    pub const STANDARD: Uci = Uci { chess960: false };
    /// Chess960 castling (`e1h1`) in every game.
    pub const CHESS960: Uci = Uci { chess960: true };

    /// `true` if castling is written king-takes-rook in `pos`.
    const fn king_takes_rook(self, pos: &Position) -> bool {
        self.chess960 || pos.is_chess960()
    }

    /// The square written second: the king's destination when castling in standard mode from
    /// the e-file, else the move's own destination (the rook's square for castling).
    fn destination(self, pos: &Position, mv: &Move) -> Square {
        if mv.is_castle() && !self.king_takes_rook(pos) && mv.from().file() == chess_rules::File::E
        {
            mv.king_to()
        } else {
            mv.to()
        }
    }
}

fn square_at(text: &[u8], at: usize) -> Option<Square> {
    Square::from_ascii(text.get(at..at + 2)?).ok()
}

impl Notation for Uci {
    type Position = Position;
    type Move = Move;

    fn name(&self) -> &'static str {
        "uci"
    }

    fn parse(&self, pos: &Position, token: &str, notes: &mut Notes) -> Result<Move, MoveError> {
        let bytes = token.as_bytes();
        let (Some(from), Some(to)) = (square_at(bytes, 0), square_at(bytes, 2)) else {
            // The caret under the square that does not read.
            let at = if square_at(bytes, 0).is_some() { 2 } else { 0 };
            return Err(MoveError::syntax(format!(
                "{token:?} is not a UCI move (origin and destination squares, as e2e4)"
            ))
            .at(Span::new(at, (at + 2).min(bytes.len()))));
        };
        let promotion = match bytes.get(4..) {
            Some([]) | None => None,
            Some([letter]) => match Role::from_char(char::from(*letter)) {
                Some(role @ (Role::Knight | Role::Bishop | Role::Rook | Role::Queen))
                    if letter.is_ascii_lowercase() =>
                {
                    Some(role)
                }
                _ => {
                    return Err(MoveError::syntax(format!(
                        "{token:?}: the promotion letter must be one of q r b n"
                    ))
                    .at(Span::new(4, 5)));
                }
            },
            Some(_) => {
                return Err(MoveError::syntax(format!(
                    "{token:?}: unexpected text after the squares"
                ))
                .at(Span::new(4, bytes.len())));
            }
        };
        let moves = pos.legal_moves();
        let exact = moves.iter().find(|m| {
            m.from() == from && m.promotion_role() == promotion && self.destination(pos, m) == to
        });
        if let Some(mv) = exact {
            return Ok(*mv);
        }
        // The other castling convention.
        if let Some(mv) = moves
            .iter()
            .find(|m| m.is_castle() && m.from() == from && (m.to() == to || m.king_to() == to))
        {
            notes.repairs.push(Repair::new(
                Code::UciCastlingForm,
                if self.king_takes_rook(pos) {
                    "castling written as the king's destination in Chess960 mode"
                } else {
                    "castling written as the king taking its rook"
                },
            ));
            return Ok(*mv);
        }
        let mut near: Vec<String> = moves
            .iter()
            .filter(|m| m.from() == from)
            .map(|m| self.to_text(pos, m))
            .collect();
        near.sort();
        Err(MoveError::illegal(token, near))
    }

    #[inline]
    fn format(&self, pos: &Position, mv: &Move, out: &mut String) {
        push_square(out, mv.from());
        push_square(out, self.destination(pos, mv));
        if let Some(role) = mv.promotion_role() {
            out.push(role.char());
        }
    }

    fn is_null(&self, token: &str) -> bool {
        token == "0000"
    }

    fn null_token(&self) -> &'static str {
        "0000"
    }
}

/// Long algebraic notation: the piece letter, both squares joined by `-` or `x`, promotion
/// and check sign (`Ng1-f3`, `e2-e4`, `e7xd8=Q+`, `O-O`).
///
/// # Examples
///
/// ```
/// use board_core::Notation;
/// use chess_rules::Position;
/// use notation_en::Lan;
///
/// let pos = Position::new();
/// let mv = Lan::ENGLISH.parse(&pos, "Ng1-f3", &mut Default::default()).unwrap();
/// assert_eq!(Lan::ENGLISH.to_text(&pos, &mv), "Ng1-f3");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lan {
    /// The piece letters.
    pub letters: PieceLetters,
}

impl Lan {
    /// English letters.
    pub const ENGLISH: Lan = Lan {
        letters: PieceLetters::ENGLISH,
    };
}

impl Notation for Lan {
    type Position = Position;
    type Move = Move;

    fn name(&self) -> &'static str {
        "lan"
    }

    fn parse(&self, pos: &Position, token: &str, notes: &mut Notes) -> Result<Move, MoveError> {
        // Both squares are this notation's canonical form, not a leniency.
        san::read(pos, token, &self.letters, san::Lenience::LONG_FORM, notes)
    }

    fn parse_bytes(&self, pos: &Position, token: &[u8], notes: &mut Notes) -> Option<Move> {
        san::read_bytes(pos, token, &self.letters, san::Lenience::LONG_FORM, notes)
    }

    fn format(&self, pos: &Position, mv: &Move, out: &mut String) {
        if mv.is_castle() {
            san::write_san(pos, *mv, &Style::with_letters(self.letters), out);
            return;
        }
        if mv.role() != Role::Pawn {
            out.push_str(self.letters.letter(mv.role()));
        }
        let sign = if pos.is_capture(*mv) { 'x' } else { '-' };
        push_square(out, mv.from());
        out.push(sign);
        push_square(out, mv.to());
        if let Some(promo) = mv.promotion_role() {
            out.push('=');
            out.push_str(self.letters.letter(promo));
        }
        let mut after = *pos;
        after.play_unchecked(*mv);
        if let Some(suffix) = san::Suffix::after(&after) {
            out.push(suffix.char());
        }
    }

    fn is_null(&self, token: &str) -> bool {
        matches!(token, "--" | "Z0" | "0000")
    }

    fn glues(&self, next: &str) -> bool {
        self.may_glue(next.as_bytes())
    }

    fn may_glue(&self, next: &[u8]) -> bool {
        matches!(*next, [b'e', b'.', b'p', b'.'] | [b'e', b'p'])
    }
}
