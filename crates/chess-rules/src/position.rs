//! A chess position: pieces, side to move, castling rights, en-passant square and clocks.

use board_core::ByColor;

use crate::{Bitboard, CastlingSide, Color, File, Move, Piece, Rank, Role, Square, attacks};

/// A chess position: everything the rules need to know what may be played next.
///
/// Positions are small `Copy` values; [`Position::play`] returns the position after a move. Draw
/// rules that need the game's history (repetition) live in [`crate::Game`].
///
/// # Examples
///
/// ```
/// use chess_rules::Position;
///
/// let pos = Position::new();
/// assert_eq!(pos.legal_moves().len(), 20);
/// let fools_mate: Position = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
///     .parse()
///     .unwrap();
/// assert!(fools_mate.is_checkmate());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) by_role: [Bitboard; 6],
    pub(crate) by_color: [Bitboard; 2],
    pub(crate) turn: Color,
    /// The squares of the rooks that may still castle.
    pub(crate) castling: Bitboard,
    /// Set after a double pawn push when a pawn of the side to move can take en passant.
    pub(crate) ep_square: Option<Square>,
    pub(crate) halfmoves: u32,
    pub(crate) fullmoves: u32,
    /// The pieces giving check to the side to move, kept because every reader of the next
    /// move and every check-sign test asks for them.
    pub(crate) checkers: Bitboard,
    /// The game is Chess960: see [`Position::is_chess960`].
    pub(crate) chess960: bool,
}

impl Default for Position {
    fn default() -> Position {
        Position::new()
    }
}

/// Why a move could not be played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IllegalMoveError {
    /// The move that was refused.
    pub mv: Move,
}

impl std::fmt::Display for IllegalMoveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "illegal move {}", self.mv)
    }
}

impl std::error::Error for IllegalMoveError {}

impl Position {
    /// The standard starting position.
    #[must_use]
    pub const fn new() -> Position {
        Position::START
    }

    /// The standard starting position, spelled out: every game without a `FEN` tag starts
    /// here, so it is copied rather than built piece by piece.
    const START: Position = Position {
        by_role: [
            Bitboard(0x00FF_0000_0000_FF00),
            Bitboard(0x4200_0000_0000_0042),
            Bitboard(0x2400_0000_0000_0024),
            Bitboard(0x8100_0000_0000_0081),
            Bitboard(0x0800_0000_0000_0008),
            Bitboard(0x1000_0000_0000_0010),
        ],
        by_color: [
            Bitboard(0x0000_0000_0000_FFFF),
            Bitboard(0xFFFF_0000_0000_0000),
        ],
        turn: Color::White,
        castling: Bitboard(0x8100_0000_0000_0081),
        ep_square: None,
        halfmoves: 0,
        fullmoves: 1,
        checkers: Bitboard::EMPTY,
        chess960: false,
    };

    /// A board with no pieces, White to move, move 1 (not a legal position on its own).
    #[must_use]
    pub(crate) fn empty() -> Position {
        Position {
            by_role: [Bitboard::EMPTY; 6],
            by_color: [Bitboard::EMPTY; 2],
            turn: Color::White,
            castling: Bitboard::EMPTY,
            ep_square: None,
            halfmoves: 0,
            fullmoves: 1,
            checkers: Bitboard::EMPTY,
            chess960: false,
        }
    }

    pub(crate) fn put(&mut self, sq: Square, piece: Piece) {
        self.by_role[piece.role.to_usize()] |= sq.bitboard();
        self.by_color[piece.color.to_usize()] |= sq.bitboard();
    }

    /// The side to move.
    #[must_use]
    pub const fn turn(&self) -> Color {
        self.turn
    }

    /// Half-moves since the last capture or pawn move (the fifty-move counter).
    #[must_use]
    pub const fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// The move number, starting at 1 and increased after each Black move.
    #[must_use]
    pub const fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// `true` if the position is a Chess960 game's (its record says `Variant "Chess960"`).
    ///
    /// The rules are the same either way, as castling is played here by the king taking its own
    /// rook, which covers both games; what changes is how notations that write castling as two
    /// squares write it: UCI engines in Chess960 mode expect the king taking the rook (`e1h1`),
    /// standard ones the king's two-square step (`e1g1`). A FEN says nothing of it, so the
    /// FEN reader leaves it off and the record's set-up turns it on.
    ///
    /// # Examples
    ///
    /// ```
    /// use chess_rules::Position;
    ///
    /// let pos = Position::new().with_chess960(true);
    /// assert!(pos.is_chess960());
    /// assert_eq!(pos.legal_moves(), Position::new().legal_moves());
    /// ```
    #[must_use]
    pub const fn is_chess960(&self) -> bool {
        self.chess960
    }

    /// The same position, marked as a Chess960 game's or not (see [`Position::is_chess960`]).
    #[must_use]
    pub const fn with_chess960(mut self, chess960: bool) -> Position {
        self.chess960 = chess960;
        self
    }

    /// `true` if `other` is the same position for the repetition rules (FIDE 9.2.2): the same
    /// pieces on the same squares, side to move, castling rights and en-passant capture; the
    /// clocks aside.
    #[must_use]
    pub fn repeats(&self, other: &Position) -> bool {
        self.by_color == other.by_color
            && self.by_role == other.by_role
            && self.turn == other.turn
            && self.castling == other.castling
            && self.ep_square == other.ep_square
    }

    /// The squares of the rooks that keep a castling right.
    #[must_use]
    pub const fn castling_rights(&self) -> Bitboard {
        self.castling
    }

    /// The rook that `color` may still castle with on `side`, if any.
    #[must_use]
    pub fn castling_rook(&self, color: Color, side: CastlingSide) -> Option<Square> {
        let rooks = self.castling & Bitboard::rank(Rank::First.relative_to(color));
        let king = self.king_of(color)?;
        let below = Bitboard(king.bitboard().0 - 1);
        match side {
            CastlingSide::KingSide => (rooks & !below).first(),
            CastlingSide::QueenSide => (rooks & below).first(),
        }
    }

    /// The en-passant target square, when an en-passant capture is legal now.
    #[must_use]
    pub fn legal_ep_square(&self) -> Option<Square> {
        self.ep_square
    }

    /// All pieces of one role, both colours.
    #[must_use]
    pub const fn by_role(&self, role: Role) -> Bitboard {
        self.by_role[role as usize]
    }

    /// All pieces of one colour.
    #[must_use]
    pub const fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color as usize]
    }

    /// The pieces of one colour and role.
    #[must_use]
    pub const fn by_piece(&self, piece: Piece) -> Bitboard {
        Bitboard(self.by_role[piece.role as usize].0 & self.by_color[piece.color as usize].0)
    }

    /// Every occupied square.
    #[must_use]
    pub const fn occupied(&self) -> Bitboard {
        Bitboard(self.by_color[0].0 | self.by_color[1].0)
    }

    /// Both sides' pieces, indexed by colour.
    #[must_use]
    pub const fn colors(&self) -> ByColor<Bitboard> {
        ByColor::new(self.by_color[0], self.by_color[1])
    }

    /// The square of `color`'s king (every valid position has exactly one).
    #[must_use]
    pub fn king_of(&self, color: Color) -> Option<Square> {
        (self.by_role(Role::King) & self.by_color(color)).first()
    }

    /// The role of the piece on `sq`, if any.
    #[inline]
    #[must_use]
    pub fn role_at(&self, sq: Square) -> Option<Role> {
        if !self.occupied().contains(sq) {
            return None;
        }
        Role::ALL
            .into_iter()
            .find(|role| self.by_role(*role).contains(sq))
    }

    /// The colour of the piece on `sq`, if any.
    #[inline]
    #[must_use]
    pub fn color_at(&self, sq: Square) -> Option<Color> {
        if self.by_color[0].contains(sq) {
            Some(Color::White)
        } else if self.by_color[1].contains(sq) {
            Some(Color::Black)
        } else {
            None
        }
    }

    /// The piece on `sq`, if any.
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        Some(Piece::new(self.color_at(sq)?, self.role_at(sq)?))
    }

    /// The pieces of `attacker` that attack `sq` when the board holds `occupied`.
    #[inline]
    #[must_use]
    pub fn attackers_to(&self, sq: Square, attacker: Color, occupied: Bitboard) -> Bitboard {
        let queens = self.by_role(Role::Queen);
        let attackers = (attacks::rook(sq, occupied) & (self.by_role(Role::Rook) | queens))
            | (attacks::bishop(sq, occupied) & (self.by_role(Role::Bishop) | queens))
            | (attacks::knight(sq) & self.by_role(Role::Knight))
            | (attacks::king(sq) & self.by_role(Role::King))
            | (attacks::pawn(!attacker, sq) & self.by_role(Role::Pawn));
        attackers & self.by_color(attacker)
    }

    /// The pieces that give check to the side to move.
    #[inline]
    #[must_use]
    pub const fn checkers(&self) -> Bitboard {
        self.checkers
    }

    /// Computes the checkers from the board, for the cache.
    pub(crate) fn compute_checkers(&self) -> Bitboard {
        match self.king_of(self.turn) {
            Some(king) => self.attackers_to(king, !self.turn, self.occupied()),
            None => Bitboard::EMPTY,
        }
    }

    /// `true` if the side to move is in check.
    #[must_use]
    pub fn is_check(&self) -> bool {
        self.checkers().any()
    }

    /// `true` if the side to move is checkmated.
    #[must_use]
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_moves()
    }

    /// `true` if the side to move has no legal move and is not in check.
    #[must_use]
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_moves()
    }

    /// `true` if `color` cannot checkmate by any sequence of legal moves, whatever the other side
    /// does: a bare king, a king with one knight when the other side has nothing but queens, or a
    /// king with bishops all on one colour when the other side has no pawn, knight or bishop of
    /// the other colour. (The usual rule for a lost time-forfeit becoming a draw.)
    #[must_use]
    pub fn has_insufficient_material(&self, color: Color) -> bool {
        let ours = self.by_color(color);
        let theirs = self.by_color(!color);
        let heavy = self.by_role(Role::Pawn) | self.by_role(Role::Rook) | self.by_role(Role::Queen);
        if (ours & heavy).any() {
            return false;
        }
        let kings = self.by_role(Role::King);
        if (ours & self.by_role(Role::Knight)).any() {
            // A lone knight mates only with help from the other side's pieces.
            return ours.count() <= 2 && (theirs & !kings & !self.by_role(Role::Queen)).is_empty();
        }
        let bishops = self.by_role(Role::Bishop);
        if (ours & bishops).any() {
            let same_colour =
                (bishops & Bitboard::DARK).is_empty() || (bishops & Bitboard::LIGHT).is_empty();
            return same_colour
                && (self.by_role(Role::Pawn) | self.by_role(Role::Knight)).is_empty();
        }
        true
    }

    /// `true` if neither side can ever checkmate (a draw by insufficient material).
    #[must_use]
    pub fn is_insufficient_material(&self) -> bool {
        Color::ALL
            .into_iter()
            .all(|c| self.has_insufficient_material(c))
    }

    /// `true` if `mv` is legal here.
    #[must_use]
    pub fn is_legal(&self, mv: Move) -> bool {
        let mut moves = crate::MoveList::new();
        self.append_legal_moves_to(mv.role(), mv.to().bitboard(), &mut moves);
        moves.contains(&mv) || (mv.is_castle() && self.castling_moves().contains(&mv))
    }

    /// The piece a move takes, if any (the pawn for en passant; nothing for castling).
    #[must_use]
    pub fn captured(&self, mv: Move) -> Option<Role> {
        if mv.is_en_passant() {
            Some(Role::Pawn)
        } else if mv.is_castle() {
            None
        } else {
            self.role_at(mv.to())
        }
    }

    /// `true` if the move takes a piece.
    #[must_use]
    pub fn is_capture(&self, mv: Move) -> bool {
        mv.is_en_passant() || (!mv.is_castle() && self.by_color(!self.turn).contains(mv.to()))
    }

    /// The position after a legal move.
    ///
    /// # Errors
    ///
    /// [`IllegalMoveError`] if the move is not legal here.
    pub fn play(&self, mv: Move) -> Result<Position, IllegalMoveError> {
        if self.is_legal(mv) {
            let mut next = *self;
            next.play_unchecked(mv);
            Ok(next)
        } else {
            Err(IllegalMoveError { mv })
        }
    }

    /// Plays a move known to be legal (one from [`Position::legal_moves`]). An illegal move
    /// leaves a position that breaks the rules' invariants but is memory-safe.
    pub fn play_unchecked(&mut self, mv: Move) {
        let us = self.turn;
        let them = !us;
        let from = mv.from();
        let to = mv.to();
        let from_bb = from.bitboard();
        let to_bb = to.bitboard();
        self.ep_square = None;
        // Saturating: `set_clocks` takes any number, and a position must never panic on a move.
        self.halfmoves = self.halfmoves.saturating_add(1);

        if mv.is_castle() {
            let side = mv.castling_side().unwrap_or(CastlingSide::KingSide);
            let king_to = side.king_to(us).bitboard();
            let rook_to = side.rook_to(us).bitboard();
            // XOR twice, not with the union: the king or rook may already stand on its target.
            self.by_role[Role::King as usize] ^= from_bb ^ king_to;
            self.by_role[Role::Rook as usize] ^= to_bb ^ rook_to;
            let ours = &mut self.by_color[us as usize];
            *ours = (*ours & !from_bb & !to_bb) | king_to | rook_to;
            self.castling &= !Bitboard::rank(Rank::First.relative_to(us));
        } else {
            let role = mv.role();
            if mv.is_en_passant() {
                let victim = to.offset(if us.is_white() { -8 } else { 8 });
                if let Some(victim) = victim {
                    self.by_role[Role::Pawn as usize] ^= victim.bitboard();
                    self.by_color[them as usize] ^= victim.bitboard();
                }
                self.halfmoves = 0;
            } else if (self.by_color[them as usize] & to_bb).any() {
                for bb in &mut self.by_role {
                    *bb &= !to_bb;
                }
                self.by_color[them as usize] ^= to_bb;
                self.halfmoves = 0;
            }
            self.by_role[role as usize] ^= from_bb;
            let landing = mv.promotion_role().unwrap_or(role);
            self.by_role[landing as usize] |= to_bb;
            self.by_color[us as usize] ^= from_bb | to_bb;
            self.castling &= !(from_bb | to_bb);
            match role {
                Role::King => self.castling &= !Bitboard::rank(Rank::First.relative_to(us)),
                Role::Pawn => {
                    self.halfmoves = 0;
                    if from.to_u32() ^ to.to_u32() == 16 {
                        let skipped = Square::new((from.to_u32() + to.to_u32()) / 2);
                        let their_pawns = self.by_role(Role::Pawn) & self.by_color(them);
                        if (attacks::pawn(us, skipped) & their_pawns).any() {
                            self.ep_square = Some(skipped);
                        }
                    }
                }
                _ => {}
            }
        }
        if us == Color::Black {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.turn = them;
        self.checkers = if mv.is_castle() || mv.is_en_passant() {
            self.compute_checkers()
        } else {
            self.checkers_after(from, to, mv.promotion_role().unwrap_or(mv.role()))
        };
        self.drop_useless_ep();
    }

    /// The checkers after a plain move of a `role` from `from` to `to` (no castling, no en
    /// passant): only the piece that moved, or a slider whose line to the king ran through
    /// `from`, can give check, so the full attack set is computed only when `from` lies on a
    /// line with the king.
    #[inline]
    fn checkers_after(&self, from: Square, to: Square, role: Role) -> Bitboard {
        let Some(king) = self.king_of(self.turn) else {
            return Bitboard::EMPTY;
        };
        let mover = !self.turn;
        let occupied = self.occupied();
        let direct = if role != Role::King && attacks::of(role, mover, to, occupied).contains(king)
        {
            to.bitboard()
        } else {
            Bitboard::EMPTY
        };
        if !attacks::on_a_line(king, from) {
            return direct;
        }
        // A check uncovered on `from`'s line to the king comes from a slider that moves along
        // it: one lookup of that kind, not every kind of attacker. Every slider of that kind
        // found gives check now: none could before the move, when the side not to move was
        // the one whose king this is.
        let queens = self.by_role(Role::Queen);
        let uncovered = if from.file() == king.file() || from.rank() == king.rank() {
            attacks::rook(king, occupied) & (self.by_role(Role::Rook) | queens)
        } else {
            attacks::bishop(king, occupied) & (self.by_role(Role::Bishop) | queens)
        };
        (uncovered & self.by_color(mover)) | direct
    }

    /// Forgets an en-passant square no capture can use (the capturing pawn is pinned), so that
    /// positions that allow the same moves compare equal and FEN round-trips.
    pub(crate) fn drop_useless_ep(&mut self) {
        if let Some(ep) = self.ep_square {
            let mut captures = crate::movegen::MoveCount(0);
            self.gen_en_passant(&mut captures, ep);
            if captures.0 == 0 {
                self.ep_square = None;
            }
        }
    }

    /// Passes the turn without moving (a null move, as some PGN files record `--`). Not legal
    /// chess; refused when the side to move is in check.
    ///
    /// # Errors
    ///
    /// `Err(())` when the side to move is in check.
    #[allow(clippy::result_unit_err, reason = "the only failure is being in check")]
    pub fn play_null(&self) -> Result<Position, ()> {
        if self.is_check() {
            return Err(());
        }
        let mut next = *self;
        next.ep_square = None;
        next.halfmoves = next.halfmoves.saturating_add(1);
        if next.turn == Color::Black {
            next.fullmoves = next.fullmoves.saturating_add(1);
        }
        next.turn = !next.turn;
        next.checkers = next.compute_checkers();
        Ok(next)
    }

    /// Changes the clocks, for positions set up from elsewhere. Any numbers are taken (the FEN
    /// reader bounds its own, see [`crate::MAX_HALFMOVES`]); moves then count on without
    /// overflowing, stopping at `u32::MAX`.
    pub fn set_clocks(&mut self, halfmoves: u32, fullmoves: u32) {
        self.halfmoves = halfmoves;
        self.fullmoves = fullmoves.max(1);
    }

    /// The board as eight lines of FEN letters and dots, rank 8 first: a quick look in a terminal.
    #[must_use]
    pub fn ascii_board(&self) -> String {
        let mut out = String::with_capacity(72);
        for rank in Rank::ALL.into_iter().rev() {
            for file in File::ALL {
                let sq = Square::from_coords(file, rank);
                out.push(self.piece_at(sq).map_or('.', Piece::char));
            }
            out.push('\n');
        }
        out
    }
}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Position({})", self.to_fen())
    }
}
