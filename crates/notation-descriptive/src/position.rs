//! A chess position that remembers where each piece started, which descriptive notation needs:
//! `KR-Q1` is the rook that began the game on the king's side, wherever it stands now.

use std::fmt;

use board_core::{CheckSign, Color, Diagnostic, MoveError, Notation, Notes, RawGame, Rules};
use chess_rules::{IllegalMoveError, Move, Position, Role, Square};

/// No piece on the square.
const NONE: u8 = 64;

/// The side of the board a file belongs to: the king's (files e to h) or the queen's (a to d).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Wing {
    /// Files e to h, where the king starts.
    King,
    /// Files a to d, where the queen starts.
    Queen,
}

impl Wing {
    /// The wing of a file index (0 for `a`).
    pub(crate) const fn of_file(file: usize) -> Wing {
        if file >= 4 { Wing::King } else { Wing::Queen }
    }
}

/// A chess [`Position`] and, for every piece on the board, the square it started from.
///
/// Descriptive notation names a rook, knight or bishop by the side it started on (`KR`, `QN`,
/// `KB`), so the reader and writer need the game's history, which a position alone does not
/// keep. This type keeps just that: a piece's origin travels with it as it moves.
///
/// Origins are the squares of the standard start, or for a set-up position (a `FEN` tag) the
/// squares the pieces stand on at the set-up. A promoted piece starts on its promotion square.
/// Bishops are named by the colour of their squares instead (White's king's bishop is the one
/// on light squares), which never changes.
///
/// It implements [`Rules`], so a whole record converts with `board_core::replay`.
///
/// # Examples
///
/// ```
/// use chess_rules::{Move, Role, Square};
/// use notation_descriptive::DescriptivePosition;
///
/// let mut pos = DescriptivePosition::new();
/// let e2e4 = Move::normal(Role::Pawn, Square::E2, Square::E4);
/// pos.play_unchecked(e2e4);
/// assert_eq!(pos.origin(Square::E4), Some(Square::E2));
/// assert_eq!(pos.origin(Square::E2), None);
/// assert_eq!(pos.chess().legal_moves().len(), 20);
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct DescriptivePosition {
    chess: Position,
    /// The origin square of the piece on each square, `NONE` for an empty square.
    origins: [u8; 64],
}

impl DescriptivePosition {
    /// The standard starting position.
    #[must_use]
    pub fn new() -> DescriptivePosition {
        DescriptivePosition::from_position(Position::new())
    }

    /// A set-up position: each piece's origin is the square it stands on now.
    #[must_use]
    pub fn from_position(chess: Position) -> DescriptivePosition {
        let mut origins = [NONE; 64];
        for sq in chess.occupied() {
            origins[sq.to_usize()] = sq.to_usize() as u8;
        }
        DescriptivePosition { chess, origins }
    }

    /// The chess position.
    #[must_use]
    pub const fn chess(&self) -> &Position {
        &self.chess
    }

    /// The side to move.
    #[must_use]
    pub const fn turn(&self) -> Color {
        self.chess.turn()
    }

    /// The square the piece on `sq` started from, `None` for an empty square.
    #[must_use]
    pub fn origin(&self, sq: Square) -> Option<Square> {
        let origin = self.origins[sq.to_usize()];
        (origin != NONE).then(|| Square::new(u32::from(origin)))
    }

    /// The wing the piece on `sq` is named after (`KR`, `QN`, `KB`): for a rook or knight the
    /// side of the board it started on, for a bishop the one whose starting square has the
    /// colour of its squares. `None` for other pieces and empty squares.
    #[must_use]
    pub fn wing(&self, sq: Square) -> Option<Wing> {
        match self.chess.role_at(sq)? {
            Role::Rook | Role::Knight => {
                let origin = self.origin(sq)?;
                Some(Wing::of_file(origin.file().to_usize()))
            }
            Role::Bishop => {
                // f1 is light and f8 dark: a king's bishop stays on the colour of its start.
                let white = self.chess.color_at(sq)? == Color::White;
                Some(if sq.is_light() == white {
                    Wing::King
                } else {
                    Wing::Queen
                })
            }
            _ => None,
        }
    }

    /// The position after a legal move.
    ///
    /// # Errors
    ///
    /// [`IllegalMoveError`] if the move is not legal here.
    pub fn play(&self, mv: Move) -> Result<DescriptivePosition, IllegalMoveError> {
        if self.chess.is_legal(mv) {
            let mut next = self.clone();
            next.play_unchecked(mv);
            Ok(next)
        } else {
            Err(IllegalMoveError { mv })
        }
    }

    /// Plays a move known to be legal, carrying the origins of the pieces along.
    pub fn play_unchecked(&mut self, mv: Move) {
        let from = mv.from().to_usize();
        let to = mv.to().to_usize();
        if let Some(side) = mv.castling_side() {
            let us = self.chess.turn();
            let (king, rook) = (self.origins[from], self.origins[to]);
            self.origins[from] = NONE;
            self.origins[to] = NONE;
            self.origins[side.king_to(us).to_usize()] = king;
            self.origins[side.rook_to(us).to_usize()] = rook;
        } else {
            if mv.is_en_passant() {
                // The taken pawn stands beside the landing square, on the mover's rank.
                let victim = mv.to().file().to_usize() + 8 * mv.from().rank().to_usize();
                self.origins[victim] = NONE;
            }
            self.origins[to] = if mv.promotion_role().is_some() {
                to as u8
            } else {
                self.origins[from]
            };
            self.origins[from] = NONE;
        }
        self.chess.play_unchecked(mv);
    }
}

impl Default for DescriptivePosition {
    fn default() -> DescriptivePosition {
        DescriptivePosition::new()
    }
}

impl From<Position> for DescriptivePosition {
    fn from(chess: Position) -> DescriptivePosition {
        DescriptivePosition::from_position(chess)
    }
}

impl fmt::Debug for DescriptivePosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "DescriptivePosition({})", self.chess.to_fen())
    }
}

impl Rules for DescriptivePosition {
    type Move = Move;

    /// The chess set-up (`FEN` tag or the standard start); origins as [`from_position`] gives
    /// them.
    ///
    /// [`from_position`]: DescriptivePosition::from_position
    fn setup_reporting(
        game: &RawGame,
        warnings: &mut Vec<Diagnostic>,
    ) -> Result<DescriptivePosition, Diagnostic> {
        <Position as Rules>::setup_reporting(game, warnings).map(DescriptivePosition::from_position)
    }

    fn play(&mut self, mv: &Move) {
        self.play_unchecked(*mv);
    }

    fn play_null(&mut self) -> bool {
        <Position as Rules>::play_null(&mut self.chess)
    }

    fn turn(&self) -> Color {
        self.chess.turn()
    }

    fn move_number(&self) -> u32 {
        self.chess.fullmoves()
    }

    /// The chess position's: without it every `+` of a source read into descriptive positions
    /// would be reported as a check sign on a move that does not check.
    fn check_sign(&self) -> CheckSign {
        <Position as Rules>::check_sign(&self.chess)
    }

    fn result_conflict(&self, result: &str) -> Option<String> {
        self.chess.result_conflict(result)
    }

    /// The chess position: the origins of the pieces play no part in the draw rules.
    type Trace = Position;

    fn trace(&self) -> Position {
        self.chess
    }

    fn automatic_draw(line: &[Position]) -> Option<&'static str> {
        <Position as Rules>::automatic_draw(line)
    }

    fn automatic_draws_bind(game: &RawGame) -> Result<(), String> {
        <Position as Rules>::automatic_draws_bind(game)
    }

    fn draw_instead_of(result: &str) -> Option<&'static str> {
        <Position as Rules>::draw_instead_of(result)
    }
}

/// A chess notation over plain [`Position`]s (SAN, UCI, another language's algebraic) made to
/// work on [`DescriptivePosition`]s, so that a replay can read one and write the other.
///
/// # Examples
///
/// Converting a descriptive game to SAN with `notation-en`:
///
/// ```
/// use board_core::{Dialect, Output, RecordReader, replay};
/// use notation_descriptive::{Descriptive, DescriptivePosition, Tracked};
/// use notation_en::Algebraic;
///
/// let text = "1. P-K4 P-K4 2. N-KB3 N-QB3 3. B-N5 *";
/// let game = RecordReader::new(text.as_bytes(), Dialect::pgn()).next().unwrap().unwrap();
/// let mut out = String::new();
/// let replayed = replay::<DescriptivePosition, _, _>(
///     &game,
///     &Descriptive::MODERN,
///     Some(Output { notation: &Tracked(Algebraic::ENGLISH), dialect: &Dialect::pgn(), out: &mut out }),
/// );
/// assert!(replayed.diagnostics.is_empty());
/// assert!(out.ends_with("1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n\n"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Tracked<N>(pub N);

impl<N> Notation for Tracked<N>
where
    N: Notation<Position = Position, Move = Move>,
{
    type Position = DescriptivePosition;
    type Move = Move;

    fn name(&self) -> &'static str {
        self.0.name()
    }

    fn parse(
        &self,
        position: &DescriptivePosition,
        token: &str,
        notes: &mut Notes,
    ) -> Result<Move, MoveError> {
        self.0.parse(&position.chess, token, notes)
    }

    fn parse_bytes(
        &self,
        position: &DescriptivePosition,
        token: &[u8],
        notes: &mut Notes,
    ) -> Option<Move> {
        self.0.parse_bytes(&position.chess, token, notes)
    }

    fn format(&self, position: &DescriptivePosition, mv: &Move, out: &mut String) {
        self.0.format(&position.chess, mv, out);
    }

    fn is_null(&self, token: &str) -> bool {
        self.0.is_null(token)
    }

    fn glues(&self, next: &str) -> bool {
        self.0.glues(next)
    }

    fn may_glue(&self, next: &[u8]) -> bool {
        self.0.may_glue(next)
    }

    fn continues(&self, token: &str) -> bool {
        self.0.continues(token)
    }

    fn draw_offer_suffix(&self) -> Option<&'static str> {
        self.0.draw_offer_suffix()
    }

    fn follows(&self, convention: board_core::Convention) -> bool {
        self.0.follows(convention)
    }

    fn record_tag(
        &self,
        name: &str,
        value: &str,
    ) -> Option<Result<(&'static str, String), String>> {
        self.0.record_tag(name, value)
    }

    fn record_comment(&self, text: &str) -> Option<String> {
        self.0.record_comment(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    #[test]
    fn castling_carries_the_rook_origin() {
        let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        let mut pos = DescriptivePosition::from_position(fen.parse().unwrap());
        let castle = Move::castle(Square::E1, Square::H1);
        pos.play_unchecked(castle);
        assert_eq!(pos.origin(sq("f1")), Some(Square::H1));
        assert_eq!(pos.origin(sq("g1")), Some(Square::E1));
        assert_eq!(pos.wing(sq("f1")), Some(Wing::King));
        assert_eq!(pos.origin(Square::H1), None);
    }

    #[test]
    fn bishops_are_named_by_their_colour() {
        let pos = DescriptivePosition::new();
        assert_eq!(pos.wing(sq("f1")), Some(Wing::King));
        assert_eq!(pos.wing(sq("c1")), Some(Wing::Queen));
        assert_eq!(pos.wing(sq("f8")), Some(Wing::King));
        assert_eq!(pos.wing(sq("c8")), Some(Wing::Queen));
        assert_eq!(pos.wing(sq("e1")), None);
    }

    #[test]
    fn en_passant_and_promotion_update_origins() {
        let fen = "4k3/1P6/8/3pP3/8/8/8/4K3 w - d6 0 1";
        let mut pos = DescriptivePosition::from_position(fen.parse().unwrap());
        pos.play_unchecked(Move::en_passant(sq("e5"), sq("d6")));
        assert_eq!(pos.origin(sq("d5")), None);
        assert_eq!(pos.origin(sq("d6")), Some(sq("e5")));
        pos.play_unchecked(Move::normal(Role::King, Square::E8, sq("f8")));
        pos.play_unchecked(Move::promotion(sq("b7"), sq("b8"), Role::Knight));
        assert_eq!(pos.origin(sq("b8")), Some(sq("b8")));
        assert_eq!(pos.wing(sq("b8")), Some(Wing::Queen));
    }
}
