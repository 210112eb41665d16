//! Forsyth-Edwards Notation: reading with validation, writing in the canonical form.
//!
//! Castling rights are read as `KQkq`, as Shredder-FEN file letters (`HAha`) or as X-FEN (a file
//! letter only where `K`/`Q` would be ambiguous), so Chess960 positions from real PGN files read.
//! Writing uses X-FEN, which is plain `KQkq` for standard chess.

use std::fmt;
use std::str::FromStr;

use crate::{Bitboard, CastlingSide, Color, File, Piece, Position, Rank, Role, Square};

/// The field of a FEN that is wrong.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FenField {
    /// The piece placement, first field.
    Board,
    /// The side to move, second field.
    Turn,
    /// The castling rights, third field.
    Castling,
    /// The en-passant square, fourth field.
    EnPassant,
    /// The half-move clock, fifth field.
    Halfmoves,
    /// The move number, sixth field.
    Fullmoves,
    /// Text after the sixth field.
    Trailing,
}

impl FenField {
    /// The field's name as the error message uses it.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            FenField::Board => "piece placement",
            FenField::Turn => "side to move",
            FenField::Castling => "castling",
            FenField::EnPassant => "en-passant",
            FenField::Halfmoves => "half-move clock",
            FenField::Fullmoves => "move number",
            FenField::Trailing => "trailing",
        }
    }
}

/// A FEN that is malformed or describes an impossible position, with the field at fault.
///
/// # Examples
///
/// ```
/// use chess_rules::{FenField, Position};
///
/// let err = "8/8/8/8/8/8/8/KK5k w - - 0 1".parse::<Position>().unwrap_err();
/// assert_eq!(err.field(), FenField::Board);
/// assert_eq!(err.to_string(), "invalid FEN piece placement field: white has 2 kings");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FenError {
    field: FenField,
    reason: String,
}

impl FenError {
    pub(crate) fn new(field: FenField, reason: impl Into<String>) -> FenError {
        FenError {
            field,
            reason: reason.into(),
        }
    }

    /// The field at fault.
    #[must_use]
    pub const fn field(&self) -> FenField {
        self.field
    }

    /// What is wrong with it.
    #[must_use]
    pub fn reason(&self) -> &str {
        &self.reason
    }
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid FEN {} field: {}",
            self.field.name(),
            self.reason
        )
    }
}

impl std::error::Error for FenError {}

impl Position {
    /// Reads a FEN. The clocks may be left out (they default to `0 1`).
    ///
    /// # Errors
    ///
    /// [`FenError`] naming the field: bad syntax, a side without exactly one king, pawns on
    /// the first or last rank, the side not to move in check, castling rights without their king
    /// and rook, or an en-passant square that no double pawn push can have left.
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        read_fen(fen, None)
    }

    /// Reads a FEN as [`Position::from_fen`] does, but drops the castling rights that its
    /// position contradicts instead of refusing it: a right whose king is off its first rank,
    /// whose rook is not there, or a second right on the side of one further out. What is
    /// dropped comes back beside the position, one [`FenError`] (field
    /// [`FenField::Castling`]) per right, for the caller to report.
    ///
    /// The rights kept are those shakmaty keeps in its Chess960 castling mode when told to
    /// ignore invalid castling rights; a position that breaks any other rule is still refused.
    /// The replay of a record's `FEN` tag reads it so, as python-chess does, and warns; the
    /// command line's `--fen` stays strict.
    ///
    /// # Errors
    ///
    /// [`FenError`] as for [`Position::from_fen`], castling rights aside (an unknown letter in
    /// that field is still an error).
    ///
    /// # Examples
    ///
    /// ```
    /// use chess_rules::Position;
    ///
    /// // KQkq, but the h1 rook has gone.
    /// let fen = "r3k2r/8/8/8/8/8/8/R3K3 w KQkq - 0 1";
    /// assert!(fen.parse::<Position>().is_err());
    /// let (pos, dropped) = Position::from_fen_lenient(fen).unwrap();
    /// assert_eq!(pos.to_fen(), "r3k2r/8/8/8/8/8/8/R3K3 w Qkq - 0 1");
    /// assert_eq!(
    ///     dropped[0].reason(),
    ///     "right 'K' but no white rook stands there on its first rank"
    /// );
    /// ```
    pub fn from_fen_lenient(fen: &str) -> Result<(Position, Vec<FenError>), FenError> {
        let mut dropped = Vec::new();
        let pos = read_fen(fen, Some(&mut dropped))?;
        Ok((pos, dropped))
    }
    /// The FEN of the position: X-FEN castling rights (`KQkq` in standard chess) and the
    /// en-passant square only when an en-passant capture is legal.
    ///
    /// # Examples
    ///
    /// ```
    /// use chess_rules::Position;
    ///
    /// assert_eq!(
    ///     Position::new().to_fen(),
    ///     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    /// );
    /// ```
    #[must_use]
    pub fn to_fen(&self) -> String {
        let mut out = String::with_capacity(90);
        for rank in Rank::ALL.into_iter().rev() {
            let mut empty = 0;
            for file in File::ALL {
                match self.piece_at(Square::from_coords(file, rank)) {
                    Some(piece) => {
                        if empty > 0 {
                            out.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        out.push(piece.char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                out.push(char::from(b'0' + empty));
            }
            if rank != Rank::First {
                out.push('/');
            }
        }
        out.push(' ');
        out.push(self.turn.char());
        out.push(' ');
        let castling = self.castling_fen();
        out.push_str(if castling.is_empty() { "-" } else { &castling });
        out.push(' ');
        match self.legal_ep_square() {
            Some(sq) => out.push_str(&sq.to_string()),
            None => out.push('-'),
        }
        out.push_str(&format!(" {} {}", self.halfmoves, self.fullmoves));
        out
    }

    fn castling_fen(&self) -> String {
        let mut out = String::new();
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                let Some(rook) = self.castling_rook(color, side) else {
                    continue;
                };
                let outermost = self.outermost_rook(color, side) == Some(rook);
                let ch = match (outermost, side) {
                    (true, CastlingSide::KingSide) => 'k',
                    (true, CastlingSide::QueenSide) => 'q',
                    (false, _) => rook.file().char(),
                };
                out.push(if color.is_white() {
                    ch.to_ascii_uppercase()
                } else {
                    ch
                });
            }
        }
        out
    }

    /// The rook of `color` on its first rank furthest from the king on `side`.
    fn outermost_rook(&self, color: Color, side: CastlingSide) -> Option<Square> {
        let king = self.king_of(color)?;
        let rooks = self.by_piece(Piece::new(color, Role::Rook))
            & Bitboard::rank(Rank::First.relative_to(color));
        let below = Bitboard(king.bitboard().0 - 1);
        match side {
            CastlingSide::KingSide => {
                let above = rooks & !below & !king.bitboard();
                above
                    .any()
                    .then(|| Square::new(63 - above.0.leading_zeros()))
            }
            CastlingSide::QueenSide => (rooks & below).first(),
        }
    }
}

/// The largest half-move clock a FEN may give. The 75-move rule (FIDE 9.6.2) ends a game when
/// the clock reaches 150; clocks past that come only from games played when the fifty-move rule
/// had to be claimed, and 1000 (500 moves by each side without a capture or a pawn move) is
/// beyond any of them. shakmaty and python-chess read any number and saturate; a bound keeps
/// the clock far from overflow however long the game that follows.
pub const MAX_HALFMOVES: u32 = 1_000;

/// The largest move number a FEN may give. The longest game the automatic draws of FIDE 9.6
/// allow ends at move 8849 (8848½ moves); 10 000 is beyond it, and far from overflow.
pub const MAX_FULLMOVES: u32 = 10_000;

/// A clock field: digits, at most `max`.
fn parse_counter(text: &str, field: FenField, max: u32) -> Result<u32, FenError> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(FenError::new(
            field,
            format!("expected a number, found {text:?}"),
        ));
    }
    // Leading zeros aside, more than five digits is above either bound (and may not fit a u32).
    let digits = text.trim_start_matches('0');
    let value = match digits.len() {
        0 => 0,
        1..=5 => digits.parse().unwrap_or(u32::MAX),
        _ => u32::MAX,
    };
    match value {
        value if value <= max => Ok(value),
        _ => Err(FenError::new(
            field,
            match field {
                FenField::Halfmoves => format!(
                    "{text} is above {max}: the 75-move rule ends a game when the clock reaches 150"
                ),
                _ => format!(
                    "{text} is above {max}: the longest game the 75-move rule allows ends at move 8849"
                ),
            },
        )),
    }
}

/// The FEN reader; with `dropped`, castling rights the position contradicts are dropped and
/// pushed there instead of refusing the FEN.
fn read_fen(fen: &str, dropped: Option<&mut Vec<FenError>>) -> Result<Position, FenError> {
    let mut fields = fen.split_ascii_whitespace();
    let board = fields
        .next()
        .ok_or_else(|| FenError::new(FenField::Board, "empty FEN"))?;
    let mut pos = parse_board(board)?;

    pos.turn = match fields.next() {
        Some("w") => Color::White,
        Some("b") => Color::Black,
        Some(other) => {
            return Err(FenError::new(
                FenField::Turn,
                format!("expected w or b, found {other:?}"),
            ));
        }
        None => return Err(FenError::new(FenField::Turn, "missing")),
    };
    validate_kings_and_pawns(&pos)?;

    let castling = fields
        .next()
        .ok_or_else(|| FenError::new(FenField::Castling, "missing"))?;
    pos.castling = parse_castling(&pos, castling, dropped)?;

    let ep = fields
        .next()
        .ok_or_else(|| FenError::new(FenField::EnPassant, "missing"))?;
    pos.ep_square = parse_ep(&pos, ep)?;

    if let Some(half) = fields.next() {
        pos.halfmoves = parse_counter(half, FenField::Halfmoves, MAX_HALFMOVES)?;
        if let Some(full) = fields.next() {
            // Some writers put 0 here; the first move is move 1.
            pos.fullmoves = parse_counter(full, FenField::Fullmoves, MAX_FULLMOVES)?.max(1);
        }
    }
    if let Some(extra) = fields.next() {
        return Err(FenError::new(
            FenField::Trailing,
            format!("unexpected {extra:?} after the move number"),
        ));
    }

    finish(&mut pos)?;
    Ok(pos)
}

/// The last of the checks of a position read from its parts (a FEN or a
/// [`Setup`](crate::Setup)): its checkers, no en-passant square that no capture uses, and the
/// side not to move not in check.
pub(crate) fn finish(pos: &mut Position) -> Result<(), FenError> {
    pos.checkers = pos.compute_checkers();
    pos.drop_useless_ep();
    let them = !pos.turn;
    if let Some(king) = pos.king_of(them)
        && pos.attackers_to(king, pos.turn, pos.occupied()).any()
    {
        return Err(FenError::new(
            FenField::Turn,
            format!("{them} is in check but it is {}'s move", pos.turn),
        ));
    }
    Ok(())
}

fn parse_board(board: &str) -> Result<Position, FenError> {
    let mut pos = Position::empty();
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != 8 {
        return Err(FenError::new(
            FenField::Board,
            format!("expected 8 ranks separated by '/', found {}", ranks.len()),
        ));
    }
    for (i, text) in ranks.iter().enumerate() {
        let rank = Rank::new(7 - i as u32);
        let mut file = 0u32;
        for ch in text.chars() {
            if let Some(skip) = ch.to_digit(10).filter(|d| (1..=8).contains(d)) {
                file += skip;
            } else if let Some(piece) = Piece::from_char(ch) {
                if file < 8 {
                    pos.put(Square::from_coords(File::new(file), rank), piece);
                }
                file += 1;
            } else {
                return Err(FenError::new(
                    FenField::Board,
                    format!("unexpected {ch:?} on rank {}", rank.char()),
                ));
            }
            if file > 8 {
                break;
            }
        }
        if file != 8 {
            return Err(FenError::new(
                FenField::Board,
                format!("rank {} has {file} squares, not 8", rank.char()),
            ));
        }
    }
    Ok(pos)
}

pub(crate) fn validate_kings_and_pawns(pos: &Position) -> Result<(), FenError> {
    for color in Color::ALL {
        let kings = pos.by_piece(Piece::new(color, Role::King)).count();
        if kings != 1 {
            return Err(FenError::new(
                FenField::Board,
                format!("{color} has {kings} kings"),
            ));
        }
    }
    if let Some(sq) = (pos.by_role(Role::Pawn) & Bitboard::BACKRANKS).first() {
        return Err(FenError::new(
            FenField::Board,
            format!("pawn on {sq}, on the first or last rank"),
        ));
    }
    Ok(())
}

/// The castling field. A right the position contradicts is refused, or with `dropped` pushed
/// there and left out; where two rights fall on one side, the rook further out keeps its right,
/// as shakmaty keeps it.
pub(crate) fn parse_castling(
    pos: &Position,
    text: &str,
    mut dropped: Option<&mut Vec<FenError>>,
) -> Result<Bitboard, FenError> {
    let mut rights = Bitboard::EMPTY;
    if text == "-" {
        return Ok(rights);
    }
    for ch in text.chars() {
        let color = if ch.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let back = Rank::First.relative_to(color);
        let named = match ch.to_ascii_lowercase() {
            'k' => Some(pos.outermost_rook(color, CastlingSide::KingSide)),
            'q' => Some(pos.outermost_rook(color, CastlingSide::QueenSide)),
            'a'..='h' => None,
            _ => {
                return Err(FenError::new(
                    FenField::Castling,
                    format!("unexpected {ch:?}: expected KQkq, file letters or -"),
                ));
            }
        };
        let mut contradiction = |reason: String| {
            let err = FenError::new(FenField::Castling, reason);
            match dropped.as_deref_mut() {
                Some(dropped) => {
                    dropped.push(err);
                    Ok(())
                }
                None => Err(err),
            }
        };
        let king = pos.king_of(color).filter(|k| k.rank() == back);
        let Some(king) = king else {
            contradiction(format!(
                "right {ch:?} but the {color} king is not on its first rank"
            ))?;
            continue;
        };
        let rook = named.unwrap_or_else(|| {
            let file = File::from_char(ch.to_ascii_lowercase()).unwrap_or(File::A);
            let sq = Square::from_coords(file, back);
            (pos.piece_at(sq) == Some(Piece::new(color, Role::Rook))).then_some(sq)
        });
        if named.is_none() && File::from_char(ch.to_ascii_lowercase()) == Some(king.file()) {
            contradiction(format!("right {ch:?} names the king's own file"))?;
            continue;
        }
        let Some(rook) = rook else {
            contradiction(format!(
                "right {ch:?} but no {color} rook stands there on its first rank"
            ))?;
            continue;
        };
        let king_side = rook.file() > king.file();
        let other = (rights & Bitboard::rank(back))
            .into_iter()
            .find(|r| (r.file() > king.file()) == king_side && *r != rook);
        if let Some(other) = other {
            contradiction(format!(
                "two {color} castling rights on the same side, for the rooks on {other} and \
                 {rook} (the one further out keeps it)"
            ))?;
            // The rook further from the king keeps the right.
            if (rook.file() > other.file()) == king_side {
                rights = rights.without(other).with(rook);
            }
            continue;
        }
        rights = rights.with(rook);
    }
    Ok(rights)
}

fn parse_ep(pos: &Position, text: &str) -> Result<Option<Square>, FenError> {
    if text == "-" {
        return Ok(None);
    }
    let sq: Square = text.parse().map_err(|_| {
        FenError::new(
            FenField::EnPassant,
            format!("expected a square or -, found {text:?}"),
        )
    })?;
    let us = pos.turn;
    if sq.rank() != Rank::Sixth.relative_to(us) {
        return Err(FenError::new(
            FenField::EnPassant,
            format!(
                "{sq} is not on rank {}, where {}'s last double pawn push would leave it",
                Rank::Sixth.relative_to(us).char(),
                !us
            ),
        ));
    }
    let forward = if us.is_white() { 8 } else { -8 };
    let pawn_sq = sq.offset(-forward);
    let origin = sq.offset(forward);
    let pawn_there = pawn_sq.is_some_and(|s| pos.piece_at(s) == Some(Piece::new(!us, Role::Pawn)));
    let clear = !pos.occupied().contains(sq) && origin.is_some_and(|s| !pos.occupied().contains(s));
    if !pawn_there || !clear {
        return Err(FenError::new(
            FenField::EnPassant,
            format!("no {} pawn can just have passed {sq}", !us),
        ));
    }
    // Keep it only when a pawn could take, as the position after the push would.
    let takers = crate::attacks::pawn(!us, sq) & pos.by_piece(Piece::new(us, Role::Pawn));
    Ok(takers.any().then_some(sq))
}

impl FromStr for Position {
    type Err = FenError;

    fn from_str(s: &str) -> Result<Position, FenError> {
        Position::from_fen(s)
    }
}

impl fmt::Display for Position {
    /// Writes the FEN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_fen())
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Position {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_fen())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Position {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Position, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn field_of(fen: &str) -> FenField {
        fen.parse::<Position>().unwrap_err().field()
    }

    #[test]
    fn impossible_positions_name_their_field() {
        assert_eq!(field_of("8/8/8/8/8/8/8/K6k x - - 0 1"), FenField::Turn);
        assert_eq!(field_of("8/8/8/8/8/8/8/K6K w - - 0 1"), FenField::Board);
        assert_eq!(field_of("8/8/8/8/8/8/8/K7k w - - 0 1"), FenField::Board);
        assert_eq!(field_of("8/8/8/8/8/8/8/K5k1/8 w - - 0 1"), FenField::Board);
        assert_eq!(field_of("P7/8/8/8/8/8/8/K6k w - - 0 1"), FenField::Board);
        assert_eq!(field_of("8/8/8/8/8/8/8/Kp5k w - - 0 1"), FenField::Board);
        // Black to move would capture the white king.
        assert_eq!(field_of("k7/8/8/8/8/8/8/K6r b - - 0 1"), FenField::Turn);
        assert_eq!(
            field_of("4k3/8/8/8/8/8/8/4K3 w K - 0 1"),
            FenField::Castling
        );
        assert_eq!(
            field_of("4k3/8/8/8/8/8/8/R3K3 w Kx - 0 1"),
            FenField::Castling
        );
        assert_eq!(
            field_of("4k3/8/8/8/8/8/8/4K3 w - e3 0 1"),
            FenField::EnPassant
        );
        assert_eq!(
            field_of("4k3/8/8/8/8/8/8/4K3 w - e6 0 1"),
            FenField::EnPassant
        );
        assert_eq!(
            field_of("4k3/8/8/8/8/8/8/4K3 w - - x 1"),
            FenField::Halfmoves
        );
        assert_eq!(
            field_of("4k3/8/8/8/8/8/8/4K3 w - - 0 y"),
            FenField::Fullmoves
        );
        assert_eq!(
            field_of("4k3/8/8/8/8/8/8/4K3 w - - 0 1 z"),
            FenField::Trailing
        );
    }

    #[test]
    fn counters_are_bounded_and_moves_never_overflow() {
        let err = |fen: &str| fen.parse::<Position>().unwrap_err().to_string();
        assert_eq!(
            err("4k3/8/8/8/8/8/8/4K3 w - - 1001 1"),
            "invalid FEN half-move clock field: 1001 is above 1000: the 75-move rule ends a game \
             when the clock reaches 150"
        );
        assert_eq!(
            err("4k3/8/8/8/8/8/8/4K3 b - - 0 4294967295"),
            "invalid FEN move number field: 4294967295 is above 10000: the longest game the \
             75-move rule allows ends at move 8849"
        );
        // Past u32, and with leading zeros.
        assert_eq!(
            field_of("4k3/8/8/8/8/8/8/4K3 b - - 0 99999999999999999999"),
            FenField::Fullmoves
        );
        assert_eq!(
            field_of("4k3/8/8/8/8/8/8/4K3 b - - -1 1"),
            FenField::Halfmoves
        );
        let edge: Position = "4k3/8/8/8/8/8/8/4K3 b - - 01000 010000".parse().unwrap();
        assert_eq!((edge.halfmoves(), edge.fullmoves()), (1000, 10_000));
        // At the bounds, shakmaty writes the same FEN back.
        let theirs: shakmaty::fen::Fen = "4k3/8/8/8/8/8/8/4K3 b - - 1000 10000".parse().unwrap();
        assert_eq!(theirs.to_string(), edge.to_fen());

        // Clocks set by hand saturate instead of wrapping (or panicking in debug builds).
        let mut pos = edge;
        pos.set_clocks(u32::MAX, u32::MAX);
        let mv = pos.legal_moves()[0];
        pos.play_unchecked(mv);
        assert_eq!((pos.halfmoves(), pos.fullmoves()), (u32::MAX, u32::MAX));
        let passed = pos.play_null().unwrap();
        assert_eq!(passed.halfmoves(), u32::MAX);
    }

    #[test]
    fn shredder_and_x_fen_castling() {
        let pos: Position = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"
            .parse()
            .unwrap();
        assert_eq!(
            pos.castling_rook(Color::White, CastlingSide::KingSide),
            Some("h1".parse().unwrap())
        );
        assert_eq!(
            pos.castling_rook(Color::White, CastlingSide::QueenSide),
            Some("f1".parse().unwrap())
        );
        assert_eq!(
            pos.to_fen(),
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9"
        );
        // An inner rook needs its file letter to be told from the outer one.
        let inner: Position = "4k3/8/8/8/8/8/8/1R2K1RR w G - 0 1".parse().unwrap();
        assert_eq!(inner.to_fen(), "4k3/8/8/8/8/8/8/1R2K1RR w G - 0 1");
    }

    #[test]
    fn en_passant_written_only_when_capture_is_legal() {
        let pos: Position = "4k3/8/8/8/4Pp2/8/8/4K3 b - e3 0 1".parse().unwrap();
        assert_eq!(pos.legal_ep_square(), Some("e3".parse().unwrap()));
        // The f4 pawn is pinned against its king along the rank.
        let pinned: Position = "8/8/8/8/R3Pp1k/8/8/4K3 b - e3 0 1".parse().unwrap();
        assert_eq!(pinned.legal_ep_square(), None);
        assert!(pinned.to_fen().contains(" b - - "));
    }
}
