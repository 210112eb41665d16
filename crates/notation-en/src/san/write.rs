//! Writing SAN: the canonical token of a move in a position ([`write_san`]), and the canonical
//! spelling of what a token says ([`SanPlus`]'s `Display`).

use std::fmt;

use chess_rules::{Bitboard, CastlingSide, Move, Piece, Position, Role, Square, attacks};

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
    // What the moved piece attacks from its destination once it stands there: the rivals'
    // pretest and the check test share it (see `Reach`).
    let reach = Reach(attacks::of(
        mv.role(),
        pos.turn(),
        mv.to(),
        pos.occupied().without(mv.from()).with(mv.to()),
    ));
    write_move(pos, mv, style, out, reach);
    if let Some(suffix) = suffix_of(pos, mv, reach) {
        out.push(suffix.char());
    }
}

/// The squares the moved piece (as it was, before any promotion) attacks from its destination,
/// with the board as the move leaves it. The rival test needs the board before the move, but
/// the square the piece leaves can only open lines: this set holds every rival that one would
/// hold, and `disambiguation` decides exactly among them. Computed once for both tests.
#[derive(Clone, Copy)]
struct Reach(Bitboard);

/// The sign `mv` deserves, played in `pos`. Most moves give no check, which the board before
/// the move tells without playing it; only a check is played out, to test for mate.
fn suffix_of(pos: &Position, mv: Move, reach: Reach) -> Option<Suffix> {
    if gives_check(pos, mv, reach) == Some(false) {
        return None;
    }
    let mut after = *pos;
    after.play_unchecked(mv);
    Suffix::after(&after)
}

/// Whether the legal move `mv` checks the other king, from the board before it: the moved
/// piece from its destination, or a slider of the mover's through the square it leaves.
/// `None` where only playing the move tells (castling, en passant, no king to check).
fn gives_check(pos: &Position, mv: Move, reach: Reach) -> Option<bool> {
    if mv.is_castle() || mv.is_en_passant() {
        return None;
    }
    let us = pos.turn();
    let king = pos.king_of(!us)?;
    let (from, to) = (mv.from(), mv.to());
    let occupied = pos.occupied().without(from).with(to);
    let reach = match mv.promotion_role() {
        Some(role) => attacks::of(role, us, to, occupied),
        None => reach.0,
    };
    if reach.contains(king) {
        return Some(true);
    }
    // With the mover to play, the other king is not attacked: only a slider behind the square
    // the move leaves, on a line through the king, can check it now.
    if !attacks::on_a_line(from, king) {
        return Some(false);
    }
    let ours = pos.by_color(us);
    let queens = pos.by_role(Role::Queen);
    let rooks = (pos.by_role(Role::Rook) | queens) & ours;
    let bishops = (pos.by_role(Role::Bishop) | queens) & ours;
    Some(
        (attacks::rook(king, occupied) & rooks.without(from)).any()
            || (attacks::bishop(king, occupied) & bishops.without(from)).any(),
    )
}

/// The SAN body without the check sign.
fn write_move(pos: &Position, mv: Move, style: &Style, out: &mut String, reach: Reach) {
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
        push_letter(out, style.letters.letter(role));
    }
    // Most moves have no rival: no other piece of the role attacks the destination, which
    // the attack tables tell without generating the legal moves `disambiguation` weighs.
    let rivals = pos
        .by_piece(Piece::new(pos.turn(), role))
        .without(mv.from());
    let (file, rank) = match role {
        Role::Pawn => (capture, false),
        _ if (rivals & reach.0).any() => disambiguation(pos, mv),
        _ => (false, false),
    };
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
        push_letter(out, style.letters.letter(promo));
    }
    if mv.is_en_passant() && style.en_passant_mark {
        out.push_str("e.p.");
    }
}

/// Appends a piece letter: one byte pushed as such for the one-letter sets, not copied through
/// `push_str` (it runs for most moves).
#[inline]
fn push_letter(out: &mut String, letter: &str) {
    match letter.as_bytes() {
        // One byte is ASCII, the rest of a UTF-8 sequence being absent.
        &[byte] => out.push(char::from(byte)),
        _ => out.push_str(letter),
    }
}

/// Appends a square's name, `e4`, without the formatting machinery (it runs for every move):
/// one two-byte copy from a table, where two single-byte pushes test the capacity twice.
#[inline]
pub(crate) fn push_square(out: &mut String, square: Square) {
    // Every name is two bytes long, which the compiler reads from the table: the slice costs
    // no test.
    out.push_str(&SQUARE_NAMES[square.to_usize()][..2]);
}

/// The squares' names, `a1` to `h8`, in the order of their indices.
static SQUARE_NAMES: [&str; 64] = {
    const FILES: &str = "abcdefgh";
    const NAMES: &str = "a1b1c1d1e1f1g1h1a2b2c2d2e2f2g2h2a3b3c3d3e3f3g3h3a4b4c4d4e4f4g4h4\
                         a5b5c5d5e5f5g5h5a6b6c6d6e6f6g6h6a7b7c7d7e7f7g7h7a8b8c8d8e8f8g8h8";
    let mut names = [""; 64];
    let mut k = 0;
    while k < 64 {
        let (_, rest) = NAMES.split_at(2 * k);
        let (name, _) = rest.split_at(2);
        // The table above is written out: check it against the files and ranks it spells.
        assert!(name.as_bytes()[0] == FILES.as_bytes()[k % 8]);
        assert!(name.as_bytes()[1] == b'1' + (k / 8) as u8);
        names[k] = name;
        k += 1;
    }
    names
};

pub(super) fn to_string(pos: &Position, mv: Move, letters: &PieceLetters) -> String {
    let mut out = String::new();
    write_san(pos, mv, &Style::with_letters(*letters), &mut out);
    out
}

/// The shortcuts the writer takes (no check played out unless the board before the move shows
/// one, no legal moves weighed unless a rival attacks the destination), on the moves where
/// they could go wrong. The round-trip tests compare every legal move of many positions with
/// shakmaty's writer.
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_square_is_pushed_by_its_name() {
        for square in (0..64).map(Square::new) {
            let mut out = String::from("x");
            push_square(&mut out, square);
            assert_eq!(out, format!("x{square}"));
        }
    }

    fn sans(fen: &str) -> Vec<String> {
        let pos: Position = fen.parse().unwrap();
        let mut sans: Vec<String> = pos
            .legal_moves()
            .iter()
            .map(|mv| {
                let mut out = String::new();
                write_san(&pos, *mv, &Style::ENGLISH, &mut out);
                out
            })
            .collect();
        sans.sort();
        sans
    }

    #[test]
    fn checks_found_without_playing_the_move() {
        // Discovered by the knight, direct by the rook.
        let discovered = sans("4k3/8/8/8/8/8/4N3/4R1K1 w - - 0 1");
        for san in ["Nc3+", "Nd4+", "Ng3+", "Nf4+", "Nc1+", "Ra1", "Rf1"] {
            assert!(
                discovered.contains(&san.to_owned()),
                "{san} in {discovered:?}"
            );
        }
        // Promotions check from the new piece's square, through the square the pawn left.
        let promotions = sans("k7/4P3/8/8/8/8/8/4K3 w - - 0 1");
        for san in ["e8=Q+", "e8=R+", "e8=B", "e8=N"] {
            assert!(
                promotions.contains(&san.to_owned()),
                "{san} in {promotions:?}"
            );
        }
        // Castling is played out.
        assert!(sans("5k2/8/8/8/8/8/8/4K2R w K - 0 1").contains(&"O-O+".to_owned()));
        assert!(sans("7k/8/6K1/8/8/8/8/R7 w - - 0 1").contains(&"Ra8#".to_owned()));
    }

    #[test]
    fn rivals_found_without_generating_moves() {
        assert!(sans("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1").contains(&"Nbd2".to_owned()));
        // The a1 rook sees d1 only once the c1 rook has left: no rival, though the pretest,
        // made with the board after the move, sends it to `disambiguation`.
        let doubled = sans("4k3/8/8/8/8/8/8/R1R1K3 w - - 0 1");
        assert!(doubled.contains(&"Rd1".to_owned()), "{doubled:?}");
        assert!(doubled.contains(&"Rab1".to_owned()), "{doubled:?}");
        // The h1 rook attacks d1 only through its own king: no rival.
        assert!(sans("4k3/8/8/8/8/8/8/R3K2R w - - 0 1").contains(&"Rd1".to_owned()));
        // A pinned rival is none either: the d2 knight attacks e4 but may not leave the d-file.
        let pinned = sans("3rk3/8/8/8/8/2N5/3N4/3K4 w - - 0 1");
        assert!(pinned.contains(&"Ne4".to_owned()), "{pinned:?}");
        assert!(
            pinned
                .iter()
                .all(|san| !(san.starts_with('N') && san.len() > 3)),
            "{pinned:?}"
        );
    }
}
